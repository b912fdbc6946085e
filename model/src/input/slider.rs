//! Slider geometry: where a value sits on a range input, and what value a slider position means.
//! Log scales for quantities spanning decades (parameters, tokens, accelerators), linear for
//! percentages. Slider values are rounded to something a person would type; typed and linked values
//! never pass through here, so they are used exactly as given. Each field's scale is in its row of
//! the input table ([`Scale::of`], in `field_spec`).

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
    fn positions_that_are_not_numbers_land_on_the_ends_never_nan() {
        // Geometry only; each field's scale is tested with its row in field_spec.rs.
        let s = Scale::Linear {
            min: 0.0,
            max: 20.0,
            step: 1.0,
        };
        // A non-finite position means the start; a value that is not a number sits at 0.
        assert_eq!(s.value(f64::NAN), 0.0);
        assert_eq!(s.value(f64::INFINITY), 0.0);
        assert_eq!(s.position(f64::NAN), 0.0);
        // Position 525 of 0..20 is 0.525 * 20 = 10.5 (exact in binary); rounded to the 1-step,
        // half away from zero: 11.
        assert_eq!(s.value(525.0), 11.0);
        let log = Scale::Log {
            min: 1.0,
            max: 1_000.0,
            whole: true,
        };
        // Position 500 of 1..1000 on a log scale: 10^1.5 = 31.62 -> 31.6 (3 digits) -> 32.
        assert_eq!(log.value(500.0), 32.0);
        // ln 0 is -inf: clamped to the start, not NaN.
        assert_eq!(log.position(0.0), 0.0);
    }
}
