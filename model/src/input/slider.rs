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
    /// Logarithmic between `min` and `max` in whole numbers, like `Log` with `whole`, for counts
    /// people choose in powers of two (accelerators, a LoRA rank, a sequence length): its keys
    /// double and halve.
    Doubling { min: f64, max: f64 },
}

/// A key on a focused slider: an arrow (one step) or Page Up/Down (a larger one). Home and End
/// keep their native meaning (the ends of the range).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nudge {
    /// Arrow Up or Right.
    Up,
    /// Arrow Down or Left.
    Down,
    /// Page Up.
    PageUp,
    /// Page Down.
    PageDown,
}

impl Nudge {
    /// The nudge of a key's `KeyboardEvent.key` name, `None` for any other key.
    pub fn of_key(key: &str) -> Option<Nudge> {
        match key {
            "ArrowUp" | "ArrowRight" => Some(Nudge::Up),
            "ArrowDown" | "ArrowLeft" => Some(Nudge::Down),
            "PageUp" => Some(Nudge::PageUp),
            "PageDown" => Some(Nudge::PageDown),
            _ => None,
        }
    }

    fn up(self) -> bool {
        matches!(self, Nudge::Up | Nudge::PageUp)
    }

    fn page(self) -> bool {
        matches!(self, Nudge::PageUp | Nudge::PageDown)
    }
}

/// The leading digits an arrow key steps through on a log slider, in each power of ten: 7B, 8B,
/// 9B, 10B, 12B, 15B… (about a fifth more each step, the sizes models and budgets are quoted in).
const ARROW_LADDER: [f64; 12] = [1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0];
/// Page Up/Down on a log slider: 1, 2, 5 in each power of ten.
const PAGE_LADDER: [f64; 3] = [1.0, 2.0, 5.0];
/// Page Up/Down on a linear slider: to the next multiple of ten of its steps.
const PAGE_STEPS: f64 = 10.0;
/// Page Up/Down on a doubling slider: three doublings (8 GPUs to 64).
const PAGE_DOUBLINGS: i32 = 3;

impl Scale {
    /// The slider position (0..=1000) showing `value`, clamped to the ends for values outside.
    pub fn position(self, value: f64) -> f64 {
        let t = match self {
            Scale::Log { min, max, .. } | Scale::Doubling { min, max } => {
                (value.ln() - min.ln()) / (max.ln() - min.ln())
            }
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
            Scale::Log { min, max, whole } => log_value(min, max, whole, t),
            Scale::Doubling { min, max } => log_value(min, max, true, t),
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

impl Scale {
    /// The value a key moves a slider showing `value` to, on steps a person would choose (a
    /// thousandth of the track is not one): the next value of a ladder of round numbers on a log
    /// slider (7B → 8B → 9B → 10B → 12B; Page: 10B → 20B → 50B), a doubling on a doubling one (8 →
    /// 16 GPUs; Page: 8 → 64), one step on a linear one (40 % → 41 % MFU; Page: ten steps).
    /// A value between two steps goes to the next one in the key's direction; the ends stop it.
    pub fn nudge(self, value: f64, by: Nudge) -> f64 {
        let (min, max) = match self {
            Scale::Log { min, max, .. }
            | Scale::Linear { min, max, .. }
            | Scale::Doubling { min, max } => (min, max),
        };
        let v = if value.is_finite() {
            value.clamp(min, max)
        } else {
            min
        };
        let next = match self {
            Scale::Linear { step, .. } => {
                // Page moves along a grid ten steps apart (41 % → 50 %, day 1 → day 10).
                let grid = if by.page() { step * PAGE_STEPS } else { step };
                // The grid's index of `v`, rounded so float noise (0.41 / 0.01 = 40.99…) sits on
                // its own index; then the next index in the key's direction.
                let i = round_significant(v / grid, 9);
                let n = if by.up() {
                    i.floor() + 1.0
                } else {
                    i.ceil() - 1.0
                };
                let stepped: f64 = format!("{}", n * grid).parse().unwrap_or(v);
                round_significant(stepped, 6)
            }
            Scale::Doubling { .. } => {
                let k = if by.page() { PAGE_DOUBLINGS } else { 1 };
                let e = round_significant(v.log2(), 9);
                let n = if by.up() {
                    e.floor() + f64::from(k)
                } else {
                    e.ceil() - f64::from(k)
                };
                n.exp2()
            }
            Scale::Log { whole, .. } => {
                let ladder: &[f64] = if by.page() {
                    &PAGE_LADDER
                } else {
                    &ARROW_LADDER
                };
                ladder_next(ladder, v, by.up(), whole).unwrap_or(if by.up() { max } else { min })
            }
        };
        next.clamp(min, max)
    }
}

/// The value at `t` (0..=1) of a log track, rounded to 3 significant digits (whole when `whole`).
fn log_value(min: f64, max: f64, whole: bool, t: f64) -> f64 {
    let raw = (min.ln() + t * (max.ln() - min.ln())).exp();
    let rounded = round_significant(raw, 3);
    let v = if whole { rounded.round() } else { rounded };
    v.clamp(min, max)
}

/// The first rung of `ladder` (leading digits in each power of ten) above `v` (`up`) or below it,
/// whole rungs only when `whole`; `None` past the powers of ten a double holds.
fn ladder_next(ladder: &[f64], v: f64, up: bool, whole: bool) -> Option<f64> {
    let decade = v.log10().floor() as i32;
    let rungs = (decade - 1..=decade + 1).flat_map(|e| {
        ladder
            .iter()
            // Through a decimal string: 1.2e9 is the double a person types, not 1.2 × 10⁹'s noise.
            .filter_map(move |m| format!("{m}e{e}").parse::<f64>().ok())
    });
    let rungs = rungs.filter(|r| !whole || r.fract() == 0.0);
    // Float noise off (7.9999999999e9 is the rung 8e9), then strictly past it.
    let v = round_significant(v, 9);
    if up {
        rungs.filter(|r| *r > v).reduce(f64::min)
    } else {
        rungs.filter(|r| *r < v).reduce(f64::max)
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
    fn keys_name_their_nudge() {
        // KeyboardEvent.key names: both arrows of a direction, the page keys; Home, End, Tab
        // and letters keep the browser's meaning.
        assert_eq!(Nudge::of_key("ArrowUp"), Some(Nudge::Up));
        assert_eq!(Nudge::of_key("ArrowRight"), Some(Nudge::Up));
        assert_eq!(Nudge::of_key("ArrowDown"), Some(Nudge::Down));
        assert_eq!(Nudge::of_key("ArrowLeft"), Some(Nudge::Down));
        assert_eq!(Nudge::of_key("PageUp"), Some(Nudge::PageUp));
        assert_eq!(Nudge::of_key("PageDown"), Some(Nudge::PageDown));
        for other in ["Home", "End", "Tab", "a", ""] {
            assert_eq!(Nudge::of_key(other), None, "{other}");
        }
    }

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
