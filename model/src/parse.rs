//! Parsing of numbers typed by a user or carried by a share link: "7B", "7e9", "7000000000", "1.5T",
//! "2,000", "40%". Every rejection is an [`InputError`] whose `Display` names the field and what it
//! accepts; nothing here panics, whatever the input.

use std::fmt;

use crate::cost::Scenario;
pub use crate::field_spec::{Field, Origin, Range};

impl Field {
    /// The text a typed box shows for a value: "7B", "1024", and the percentage for MFU and duty ("40").
    pub fn display(self, value: f64) -> String {
        // Whole values print plainly ("50677", not "50.677K"); suffixes are for the quantities
        // spanning decades (parameters, tokens, dollars).
        let suffixed = self.style() == Some(crate::field_spec::Style::Suffixed);
        if (!suffixed && !self.is_percent() || self.range().is_some_and(|r| r.whole))
            && value.fract() == 0.0
            && value.abs() < 1e15
        {
            format!("{value:.0}")
        } else if self.is_percent() {
            // 0.07 * 100 is 7.000000000000001 in binary; show what a person would type.
            let pct = value * 100.0;
            format_number_exact(format!("{pct:.10e}").parse().unwrap_or(pct))
        } else {
            format_number_exact(value)
        }
    }

    /// Parses and validates a numeric value for this field.
    pub fn parse(self, raw: &str, origin: Origin) -> Result<f64, InputError> {
        let err = |problem| InputError::new(self, raw, problem, self.accepted(origin));
        let Some(range) = self.range() else {
            return Err(err(Problem::NotANumber));
        };
        let trimmed = raw.trim();
        // Percentages shift the decimal exponent instead of dividing, so "41.7" is exactly 0.417.
        let value = if self.is_percent() {
            match (trimmed.strip_suffix('%'), origin) {
                (Some(pct), _) => parse_scaled(pct, -2),
                (None, Origin::Typed) => parse_scaled(trimmed, -2),
                (None, Origin::Link) => parse_number(trimmed),
            }
        } else {
            parse_number(trimmed)
        }
        .map_err(err)?;
        if value < 0.0 {
            return Err(err(Problem::Negative));
        }
        if value == 0.0 && range.min >= 0.0 && !(range.min == 0.0 && range.min_inclusive) {
            return Err(err(Problem::Zero));
        }
        if range.whole && value.fract() != 0.0 {
            return Err(err(Problem::NotWhole));
        }
        let below = if range.min_inclusive {
            value < range.min
        } else {
            value <= range.min
        };
        if below {
            return Err(err(Problem::BelowRange));
        }
        if value > range.max {
            return Err(err(Problem::AboveRange));
        }
        // "-0" is accepted where 0 is, and read as 0 (never shown as "-0").
        Ok(if value == 0.0 { 0.0 } else { value })
    }
}

impl Scenario {
    /// A field's value as a share link writes it (`None` when absent): ids as they are, whole
    /// numbers plainly, other numbers in the shortest form that reads back bit for bit.
    pub fn link_value(&self, field: Field) -> Option<String> {
        if let Some(id) = self.id_value(field) {
            return Some(id.to_string());
        }
        let v = self.number(field)?;
        Some(if field.range().is_some_and(|r| r.whole) {
            format!("{v:.0}")
        } else {
            format_number_exact(v)
        })
    }
}

/// Why a value was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Nothing was given (`params=`).
    Empty,
    /// Not a number in any accepted form (including "NaN" and "inf").
    NotANumber,
    /// A number too large to represent (`1e400`).
    TooLarge,
    /// A negative number.
    Negative,
    /// Zero (or a number that rounds to zero) where only positive values make sense.
    Zero,
    /// A fraction where a whole number is needed.
    NotWhole,
    /// Below the accepted range.
    BelowRange,
    /// Above the accepted range.
    AboveRange,
    /// An id the catalog does not know.
    UnknownId,
    /// A provider that does not rent the chosen accelerator (its display name).
    NotRented(String),
    /// A network the chosen provider does not offer (the provider's display name).
    NotOffered(String),
}

/// A rejected input: which field, the text given (shortened for display), why, and what is accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The field the value was meant for.
    pub field: Field,
    /// The value as given, shortened to at most [`InputError::MAX_ECHO`] characters, control
    /// characters replaced. Render it as text, never as markup.
    pub got: String,
    /// Why it was rejected.
    pub problem: Problem,
    /// What the field accepts, in words.
    pub expected: String,
}

impl InputError {
    /// Longest echo of a rejected value, in characters.
    pub const MAX_ECHO: usize = 40;

    /// Builds an error, shortening the echoed value.
    pub fn new(field: Field, raw: &str, problem: Problem, expected: impl Into<String>) -> Self {
        let got = echo(raw);
        let problem = if raw.trim().is_empty() {
            Problem::Empty
        } else {
            problem
        };
        InputError {
            field,
            got,
            problem,
            expected: expected.into(),
        }
    }
}

impl Problem {
    /// The problem in words, quoting the (already shortened) value: `"abc" is not a number`.
    pub fn describe(&self, got: &str) -> String {
        match self {
            Problem::Empty => "no value given".into(),
            Problem::NotANumber => format!("\"{got}\" is not a number"),
            Problem::TooLarge => format!("\"{got}\" is too large"),
            Problem::Negative => format!("\"{got}\" is negative"),
            Problem::Zero => format!("\"{got}\" must be greater than zero"),
            Problem::NotWhole => format!("\"{got}\" is not a whole number"),
            Problem::BelowRange => format!("\"{got}\" is below the accepted range"),
            Problem::AboveRange => format!("\"{got}\" is above the accepted range"),
            Problem::UnknownId => format!("\"{got}\" is not in the catalog"),
            Problem::NotRented(name) => format!("\"{got}\" does not rent the {name}"),
            Problem::NotOffered(name) => format!("{name} does not offer \"{got}\""),
        }
    }
}

/// Shortens a value for quoting in a message: at most [`InputError::MAX_ECHO`] characters,
/// control characters replaced.
pub fn echo(raw: &str) -> String {
    let clean: String = raw
        .trim()
        .chars()
        .map(|c| if c.is_control() { '\u{FFFD}' } else { c })
        .collect();
    if clean.chars().count() > InputError::MAX_ECHO {
        let mut s: String = clean.chars().take(InputError::MAX_ECHO).collect();
        s.push('…');
        s
    } else {
        clean
    }
}

/// Parses a number above 0 and at most `max` (amounts, GPU-hours, prices in plan tokens).
pub fn parse_positive(raw: &str, max: f64) -> Result<f64, Problem> {
    match parse_number(raw)? {
        v if v < 0.0 => Err(Problem::Negative),
        // Also matches -0.0.
        0.0 => Err(Problem::Zero),
        v if v > max => Err(Problem::AboveRange),
        v => Ok(v),
    }
}

/// Parses a whole number within `min..=max` (used for days in plan tokens).
pub fn parse_whole(raw: &str, min: u32, max: u32) -> Result<u32, Problem> {
    let v = parse_number(raw)?;
    if v < 0.0 {
        return Err(Problem::Negative);
    }
    if v.fract() != 0.0 {
        return Err(Problem::NotWhole);
    }
    if v < f64::from(min) {
        return Err(if v == 0.0 {
            Problem::Zero
        } else {
            Problem::BelowRange
        });
    }
    if v > f64::from(max) {
        return Err(Problem::AboveRange);
    }
    Ok(v as u32)
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}. Expected {}.",
            self.field.label(),
            self.problem.describe(&self.got),
            self.expected
        )
    }
}

impl std::error::Error for InputError {}

/// Parses a plain, scientific or suffixed number: `7000000000`, `7e9`, `7B`, `1.5t`, `2,000`, `7_000`.
/// Suffixes K, M, B, T (case-insensitive) multiply by 10^3, 10^6, 10^9, 10^12; the result is
/// correctly rounded (`0.1T` is exactly 1e11). Rejects "inf", "NaN", and non-finite results.
pub fn parse_number(raw: &str) -> Result<f64, Problem> {
    parse_scaled(raw, 0)
}

/// [`parse_number`] times 10^`extra_exp`, applied to the decimal exponent before rounding.
fn parse_scaled(raw: &str, extra_exp: i64) -> Result<f64, Problem> {
    let s = raw.trim();
    if s.is_empty() {
        return Err(Problem::Empty);
    }
    let (body, suffix_exp) = match s.chars().last().map(|c| c.to_ascii_lowercase()) {
        Some('k') => (&s[..s.len() - 1], 3),
        Some('m') => (&s[..s.len() - 1], 6),
        Some('b') => (&s[..s.len() - 1], 9),
        Some('t') => (&s[..s.len() - 1], 12),
        _ => (s, 0),
    };
    let body = strip_digit_separators(body.trim_end()).ok_or(Problem::NotANumber)?;
    let (mantissa, exp) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], parse_exponent(&body[i + 1..])?),
        None => (body.as_str(), 0),
    };
    if !is_decimal(mantissa) {
        return Err(Problem::NotANumber);
    }
    let text = format!(
        "{mantissa}e{}",
        exp.saturating_add(suffix_exp).saturating_add(extra_exp)
    );
    let value: f64 = text.parse().map_err(|_| Problem::NotANumber)?;
    if !value.is_finite() {
        return Err(Problem::TooLarge);
    }
    Ok(value)
}

/// `[+-]?digits[.digits]` with at least one digit.
fn is_decimal(s: &str) -> bool {
    let unsigned = s.strip_prefix(['+', '-']).unwrap_or(s);
    let mut parts = unsigned.splitn(2, '.');
    let int = parts.next().unwrap_or("");
    let frac = parts.next().unwrap_or("");
    (!int.is_empty() || !frac.is_empty())
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.bytes().all(|b| b.is_ascii_digit())
}

/// An exponent `[+-]?digits`, saturated far beyond f64's range so "1e99999999999" is "too large".
fn parse_exponent(s: &str) -> Result<i64, Problem> {
    let (neg, digits) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Problem::NotANumber);
    }
    let magnitude = digits.parse::<i64>().unwrap_or(i64::MAX).min(1_000_000);
    Ok(if neg { -magnitude } else { magnitude })
}

/// Removes `_` anywhere between digits, and `,` only as a thousands separator (groups of exactly three
/// digits), so "1,5" is rejected rather than read as 15.
fn strip_digit_separators(s: &str) -> Option<String> {
    let s = s.replace('_', "");
    if !s.contains(',') {
        return Some(s);
    }
    let int_end = s.find(['.', 'e', 'E']).unwrap_or(s.len());
    let (int, rest) = s.split_at(int_end);
    let mut groups = int.split(',');
    let first = groups.next()?;
    let first_digits = first.trim_start_matches(['+', '-']);
    if first_digits.is_empty() || first_digits.len() > 3 {
        return None;
    }
    let mut out = first.to_string();
    for g in groups {
        if g.len() != 3 || !g.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        out.push_str(g);
    }
    if rest.contains(',') {
        return None;
    }
    out.push_str(rest);
    Some(out)
}

/// Formats a value so that [`parse_number`] reads back exactly the same `f64`, preferring a readable
/// suffixed form: 7e9 → "7B", 1.5e12 → "1.5T", 64 → "64", 0.4 → "0.4".
pub fn format_number_exact(v: f64) -> String {
    if v.is_finite() && v.abs() >= 1e3 {
        for (suffix, scale) in [("T", 1e12), ("B", 1e9), ("M", 1e6), ("K", 1e3)] {
            if v.abs() >= scale {
                let candidate = format!("{}{suffix}", v / scale);
                if parse_number(&candidate).ok().map(f64::to_bits) == Some(v.to_bits()) {
                    return candidate;
                }
            }
        }
    }
    format!("{v:?}").trim_end_matches(".0").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_every_form_the_issue_lists() {
        // Forms named in the foundation issue for parameters and tokens.
        assert_eq!(parse_number("7B"), Ok(7e9));
        assert_eq!(parse_number("7e9"), Ok(7e9));
        assert_eq!(parse_number("7000000000"), Ok(7e9));
        assert_eq!(parse_number("70b"), Ok(70e9));
        assert_eq!(parse_number("1.5T"), Ok(1.5e12));
        assert_eq!(parse_number("2T"), Ok(2e12));
        assert_eq!(parse_number("300B"), Ok(300e9));
        assert_eq!(parse_number("2e12"), Ok(2e12));
        assert_eq!(parse_number(" 1.5k "), Ok(1500.0));
        assert_eq!(parse_number("2m"), Ok(2e6));
        assert_eq!(parse_number("7_000_000_000"), Ok(7e9));
        assert_eq!(parse_number("7,000,000,000"), Ok(7e9));
        assert_eq!(parse_number("1.5e3K"), Ok(1.5e6));
        assert_eq!(parse_number(".5"), Ok(0.5));
    }

    #[test]
    fn suffix_scaling_is_correctly_rounded() {
        // 0.1 * 1e12 in floating point is 100000000000.00002; the parser must give exactly 1e11.
        assert_eq!(parse_number("0.1T"), Ok(1e11));
        assert_eq!(parse_number("0.3B"), Ok(3e8));
    }

    #[test]
    fn rejects_non_numbers_and_non_finite() {
        for bad in [
            "abc", "NaN", "nan", "inf", "-inf", "infinity", "7BB", "1e", "e5", "--5", "1,5",
            "12,34", "0x10", "7 B B", ".",
        ] {
            assert_eq!(parse_number(bad), Err(Problem::NotANumber), "{bad}");
        }
        assert_eq!(parse_number("1e400"), Err(Problem::TooLarge));
        assert_eq!(
            parse_number("1e99999999999999999999"),
            Err(Problem::TooLarge)
        );
        assert_eq!(parse_number(""), Err(Problem::Empty));
        assert_eq!(parse_number("   "), Err(Problem::Empty));
    }

    #[test]
    fn exact_error_messages() {
        let e = Field::Params.parse("abc", Origin::Link).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Model parameters: \"abc\" is not a number. Expected 100M to 2T parameters, like 7B, 7e9, 7000000000 or 1.5T."
        );
        let e = Field::Tokens.parse("-5", Origin::Link).unwrap_err();
        assert_eq!(e.to_string(), "Training tokens: \"-5\" is negative. Expected 100K to 100T tokens, like 2T, 300B, 20M or 2e12.");
        let e = Field::Gpus.parse("0", Origin::Link).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Accelerators: \"0\" must be greater than zero. Expected a whole number of accelerators from 1 to 100,000."
        );
        let e = Field::Gpus.parse("7.5", Origin::Typed).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Accelerators: \"7.5\" is not a whole number. Expected a whole number of accelerators from 1 to 100,000."
        );
        let e = Field::Mfu.parse("1.5", Origin::Link).unwrap_err();
        assert_eq!(e.to_string(), "MFU: \"1.5\" is above the accepted range. Expected a fraction from 0.0001 to 1, like 0.4 (or 40%).");
        let e = Field::Duty.parse("", Origin::Link).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Duty cycle: no value given. Expected a fraction from 0.0001 to 1, like 0.5 (or 50%)."
        );
        let e = Field::Price.parse("1e400", Origin::Link).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Price override: \"1e400\" is too large. Expected a price in USD per GPU-hour from 0.0001 to 1,000, like 2.39."
        );
        let e = Field::Params.parse("5T", Origin::Typed).unwrap_err();
        assert_eq!(e.problem, Problem::AboveRange);
        let e = Field::Params.parse("50M", Origin::Typed).unwrap_err();
        assert_eq!(e.problem, Problem::BelowRange);
        let e = Field::Mfu.parse("-0", Origin::Link).unwrap_err();
        assert_eq!(e.problem, Problem::Zero);
    }

    #[test]
    fn tiny_positive_values_are_below_the_range_not_infinite_costs() {
        // The fuzz run found mfu=5e-324 making the compute cost infinite (6·N·D / (peak · 5e-324)).
        for (field, raw) in [
            (Field::Mfu, "5e-324"),
            (Field::Duty, "0.00009"),
            (Field::Price, "1e-300"),
            (Field::CkptWrite, "0.001"),
            (Field::Util, "5e-324"),
        ] {
            let e = field.parse(raw, Origin::Link).unwrap_err();
            assert_eq!(e.problem, Problem::BelowRange, "{field:?} {raw}");
        }
        // The smallest accepted values are accepted.
        assert_eq!(Field::Mfu.parse("0.0001", Origin::Link), Ok(1e-4));
        assert_eq!(Field::Mfu.parse("0.01", Origin::Typed), Ok(1e-4));
        assert_eq!(Field::CkptWrite.parse("0.01", Origin::Link), Ok(0.01));
        assert_eq!(
            Field::Mfu.parse("0", Origin::Link).unwrap_err().to_string(),
            "MFU: \"0\" must be greater than zero. Expected a fraction from 0.0001 to 1, like 0.4 (or 40%)."
        );
    }

    #[test]
    fn hostile_text_is_shortened_and_cleaned_for_display() {
        let long = "<script>alert(1)</script>".repeat(10);
        let e = Field::Params.parse(&long, Origin::Link).unwrap_err();
        assert_eq!(e.got.chars().count(), InputError::MAX_ECHO + 1);
        assert!(e.got.ends_with('…'));
        let e = Field::Params.parse("a\u{0}b\nc", Origin::Link).unwrap_err();
        assert_eq!(e.got, "a\u{FFFD}b\u{FFFD}c");
    }

    #[test]
    fn fractions_from_links_and_percent_from_typed_fields() {
        assert_eq!(Field::Mfu.parse("0.4", Origin::Link), Ok(0.4));
        assert_eq!(Field::Mfu.parse("40%", Origin::Link), Ok(0.4));
        assert_eq!(Field::Mfu.parse("40", Origin::Typed), Ok(0.4));
        assert_eq!(Field::Mfu.parse("40 %", Origin::Typed), Ok(0.4));
        assert_eq!(Field::Duty.parse("1", Origin::Link), Ok(1.0));
        assert_eq!(Field::Duty.parse("100", Origin::Typed), Ok(1.0));
        // A link value of 40 is not 40 %: links carry fractions.
        assert_eq!(
            Field::Mfu.parse("40", Origin::Link).unwrap_err().problem,
            Problem::AboveRange
        );
        // Values outside the slider but inside the accepted range are used exactly as given.
        assert_eq!(Field::Mfu.parse("0.031", Origin::Link), Ok(0.031));
        assert_eq!(Field::Gpus.parse("100000", Origin::Link), Ok(100_000.0));
        assert_eq!(
            Field::Gpus
                .parse("100001", Origin::Link)
                .unwrap_err()
                .problem,
            Problem::AboveRange
        );
    }

    #[test]
    fn typed_box_text() {
        assert_eq!(Field::Params.display(7e9), "7B");
        assert_eq!(Field::Mfu.display(0.07), "7");
        assert_eq!(Field::Mfu.display(0.375), "37.5");
        assert_eq!(Field::Duty.display(1.0), "100");
        assert_eq!(Field::Gpus.display(64.0), "64");
        assert_eq!(
            Field::Mfu.parse(&Field::Mfu.display(0.29), Origin::Typed),
            Ok(0.29)
        );
        assert_eq!(Field::Gpus.display(1024.0), "1024");
        assert_eq!(Field::Gpus.display(100_000.0), "100000");
        // 41.7 / 100 is 0.41700000000000004 in binary; the exponent shift gives exactly 0.417.
        assert_eq!(Field::Mfu.parse("41.7", Origin::Typed), Ok(0.417));
        assert_eq!(Field::Duty.parse("33.3%", Origin::Link), Ok(0.333));
    }

    #[test]
    fn exact_formatting_reads_back_bit_for_bit() {
        assert_eq!(format_number_exact(7e9), "7B");
        assert_eq!(format_number_exact(1.5e12), "1.5T");
        assert_eq!(format_number_exact(64.0), "64");
        assert_eq!(format_number_exact(0.4), "0.4");
        assert_eq!(format_number_exact(2500.0), "2.5K");
        assert_eq!(format_number_exact(1e14), "100T");
        for v in [7e9, 0.1 + 0.2, 123456789.123, 1.0 / 3.0, 6.88, 1e-7, 3.3e13] {
            assert_eq!(parse_number(&format_number_exact(v)), Ok(v), "{v}");
        }
    }

    #[test]
    fn slider_values_are_always_accepted_by_their_field() {
        // Every field with a slider (moved from slider.rs, which listed six of them).
        for field in Field::ALL {
            let Some(s) = crate::slider::Scale::of(field) else {
                continue;
            };
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

    #[test]
    fn every_default_reads_back_from_its_link_text_and_its_typed_box() {
        // The default scenario's link value and typed-box text parse back to the same number, so
        // a link written from the defaults loads the defaults.
        let s = Scenario::default();
        for field in Field::ALL {
            let Some(v) = s.number(field) else { continue };
            let link = s.link_value(field).unwrap_or_default();
            assert_eq!(field.parse(&link, Origin::Link), Ok(v), "{field:?} {link}");
            let typed = field.display(v);
            assert_eq!(
                field.parse(&typed, Origin::Typed),
                Ok(v),
                "{field:?} {typed}"
            );
        }
        // Hand-written: 7e9 params is "7B" in a link; 40 % MFU is "0.4" in a link, "40" typed;
        // the default 64 GPUs is whole, "64".
        assert_eq!(s.link_value(Field::Params).as_deref(), Some("7B"));
        assert_eq!(s.link_value(Field::Mfu).as_deref(), Some("0.4"));
        assert_eq!(Field::Mfu.display(0.4), "40");
        assert_eq!(s.link_value(Field::Gpus).as_deref(), Some("64"));
        assert_eq!(s.link_value(Field::Price), None);
        assert_eq!(s.link_value(Field::Gpu).as_deref(), Some("h100-sxm"));
    }
}
