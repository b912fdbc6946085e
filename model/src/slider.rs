//! Slider geometry: where a value sits on a range input, and what value a slider position means.
//! Log scales for quantities spanning decades (parameters, tokens, accelerators), linear for
//! percentages. Slider values are rounded to something a person would type; typed and linked values
//! never pass through here, so they are used exactly as given.

use crate::parse::Field;

/// Number of steps of every range input (`<input type=range min=0 max=1000>`).
pub const POSITIONS: f64 = 1000.0;

/// How a slider maps its positions to values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scale {
    /// Logarithmic between `min` and `max`; values rounded to 3 significant digits (whole numbers
    /// when `whole`).
    Log { min: f64, max: f64, whole: bool },
    /// Linear between `min` and `max`, rounded to multiples of `step`.
    Linear { min: f64, max: f64, step: f64 },
}

impl Scale {
    /// The slider of a numeric field, in the field's canonical unit (fractions for MFU and duty).
    pub fn of(field: Field) -> Option<Scale> {
        match field {
            Field::Params => Some(Scale::Log {
                min: 1e8,
                max: 2e12,
                whole: false,
            }),
            Field::Tokens => Some(Scale::Log {
                min: 1e6,
                max: 1e14,
                whole: false,
            }),
            Field::Gpus => Some(Scale::Log {
                min: 1.0,
                max: 100_000.0,
                whole: true,
            }),
            Field::Mfu => Some(Scale::Linear {
                min: 0.05,
                max: 0.80,
                step: 0.01,
            }),
            Field::Duty => Some(Scale::Linear {
                min: 0.01,
                max: 1.0,
                step: 0.01,
            }),
            Field::Start => Some(Scale::Linear {
                min: 0.0,
                max: 365.0,
                step: 1.0,
            }),
            Field::Mtbf => Some(Scale::Log {
                min: 1_000.0,
                max: 1e6,
                whole: true,
            }),
            Field::CkptWrite => Some(Scale::Log {
                min: 0.1,
                max: 120.0,
                whole: false,
            }),
            Field::Restart => Some(Scale::Linear {
                min: 0.0,
                max: 120.0,
                step: 1.0,
            }),
            Field::CkptEvery => Some(Scale::Log {
                min: 1.0,
                max: 10_000.0,
                whole: true,
            }),
            Field::Overlap => Some(Scale::Linear {
                min: 0.0,
                max: 1.0,
                step: 0.05,
            }),
            Field::CkptsKept => Some(Scale::Linear {
                min: 0.0,
                max: 20.0,
                step: 1.0,
            }),
            Field::TokensMonth => Some(Scale::Log {
                min: 1e6,
                max: 1e13,
                whole: false,
            }),
            Field::Util => Some(Scale::Linear {
                min: 0.05,
                max: 1.0,
                step: 0.05,
            }),
            Field::Gpu
            | Field::Provider
            | Field::Price
            | Field::Network
            | Field::Spot
            | Field::DataOn
            | Field::Export
            | Field::DataFormat
            | Field::CorpusOut
            | Field::Reserved
            | Field::Api
            | Field::ApiPrice
            | Field::InferParams
            | Field::Batch
            | Field::Context
            | Field::Budget
            | Field::Shape
            | Field::Cuda
            | Field::EngWeek
            | Field::Host
            | Field::Kind => None,
            Field::Epochs => Some(Scale::Log {
                min: 0.1,
                max: 100.0,
                whole: false,
            }),
            Field::Runs => Some(Scale::Log {
                min: 1.0,
                max: 1_000.0,
                whole: true,
            }),
        }
    }

    /// The slider position (0..=1000) showing `value`, clamped to the ends for values outside.
    pub fn position(self, value: f64) -> f64 {
        let t = match self {
            Scale::Log { min, max, .. } => (value.ln() - min.ln()) / (max.ln() - min.ln()),
            Scale::Linear { min, max, .. } => (value - min) / (max - min),
        };
        if t.is_nan() {
            return 0.0;
        }
        (t.clamp(0.0, 1.0) * POSITIONS).round()
    }

    /// The value a slider position means, rounded for people: 7.12B, 64, 0.4.
    pub fn value(self, position: f64) -> f64 {
        let t = if position.is_finite() {
            (position / POSITIONS).clamp(0.0, 1.0)
        } else {
            0.0
        };
        match self {
            Scale::Log { min, max, whole } => {
                let raw = (min.ln() + t * (max.ln() - min.ln())).exp();
                let rounded = round_significant(raw, 3);
                let v = if whole { rounded.round() } else { rounded };
                v.clamp(min, max)
            }
            Scale::Linear { min, max, step } => {
                let raw = min + t * (max - min);
                let steps = (raw / step).round();
                // Multiply by the step's inverse-free decimal form so 0.4 is exactly 0.4.
                let v: f64 = format!("{}", steps * step).parse().unwrap_or(raw);
                round_significant(v, 6).clamp(min, max)
            }
        }
    }
}

/// Rounds to `digits` significant digits through a decimal string, so results are the doubles a
/// person would type (7.12e9, not 7.1200000001e9).
fn round_significant(v: f64, digits: usize) -> f64 {
    if !v.is_finite() || v == 0.0 {
        return v;
    }
    format!("{:.*e}", digits.saturating_sub(1), v)
        .parse()
        .unwrap_or(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_slider_ends_and_middle() {
        let s = Scale::of(Field::Params).unwrap_or(Scale::Linear {
            min: 0.0,
            max: 1.0,
            step: 1.0,
        });
        assert_eq!(s.value(0.0), 1e8);
        assert_eq!(s.value(1000.0), 2e12);
        // Geometric middle of 1e8..2e12 is sqrt(2e20) = 1.414e10 -> 14.1B.
        assert_eq!(s.value(500.0), 1.41e10);
        assert_eq!(s.position(1e8), 0.0);
        assert_eq!(s.position(2e12), 1000.0);
        // Values outside the slider clamp on the slider only.
        assert_eq!(s.position(5e12), 1000.0);
        assert_eq!(s.position(1.0), 0.0);
    }

    #[test]
    fn gpu_slider_gives_whole_numbers() {
        let s = Scale::of(Field::Gpus).unwrap_or(Scale::Linear {
            min: 0.0,
            max: 1.0,
            step: 1.0,
        });
        for p in 0..=1000 {
            let v = s.value(f64::from(p));
            assert_eq!(v.fract(), 0.0);
            assert!((1.0..=100_000.0).contains(&v));
        }
        // 64 GPUs sits at ln(64)/ln(1e5) = 0.3612 -> position 361.
        assert_eq!(s.position(64.0), 361.0);
    }

    #[test]
    fn percent_sliders_snap_to_whole_percent() {
        let mfu = Scale::of(Field::Mfu).unwrap_or(Scale::Linear {
            min: 0.0,
            max: 1.0,
            step: 1.0,
        });
        // Position 467 of 5..80 % = 5 + 0.467 * 75 = 40.03 % -> 40 %.
        assert_eq!(mfu.value(467.0), 0.4);
        assert_eq!(mfu.value(0.0), 0.05);
        assert_eq!(mfu.value(1000.0), 0.8);
        assert_eq!(mfu.position(0.4), 467.0);
        let duty = Scale::of(Field::Duty).unwrap_or(Scale::Linear {
            min: 0.0,
            max: 1.0,
            step: 1.0,
        });
        assert_eq!(duty.value(1000.0), 1.0);
        assert_eq!(duty.value(0.0), 0.01);
    }

    #[test]
    fn slider_values_are_always_accepted_by_their_field() {
        for field in [
            Field::Params,
            Field::Tokens,
            Field::Gpus,
            Field::Mfu,
            Field::Duty,
            Field::Start,
        ] {
            let Some(s) = Scale::of(field) else { continue };
            for p in 0..=1000 {
                let v = s.value(f64::from(p));
                let text = crate::parse::format_number_exact(v);
                assert_eq!(
                    field.parse(&text, crate::parse::Origin::Link),
                    Ok(v),
                    "{field:?} at {p}"
                );
            }
        }
    }
}
