//! Parsing of numbers typed by a user or carried by a share link: "7B", "7e9", "7000000000", "1.5T",
//! "2,000", "40%". Every rejection is an [`InputError`] whose `Display` names the field and what it
//! accepts; nothing here panics, whatever the input.
//!
//! Typed input ([`Origin::Typed`]) is read in the reader's language ([`crate::locale::lang`]):
//! English marks decimals with a dot and may group thousands with commas ("1,000.5", "1.5B");
//! Portuguese the other way round ("1.000,5", "1,5B"; "1.000B" is a thousand billion). Share links
//! ([`Origin::Link`]) are canonical and locale-free: they are always read the English way.

use std::fmt;

use crate::locale::{lang, CurrencyCode, Lang};

use crate::input::field_spec::{Field, Origin};

impl Field {
    /// The text a typed box shows for a value, in the reader's language: "7B", "1024", "1.5K"
    /// (Portuguese "1,5K"), and the percentage for MFU and duty ("40"). It reads back, typed in the
    /// same language, to exactly `value`.
    pub fn display(self, value: f64) -> String {
        // A money box shows the amount in the display currency (US dollars: exactly the value).
        let converted = self.is_money() && crate::locale::currency().code != CurrencyCode::Usd;
        let value = if self.is_money() {
            in_display_currency(value)
        } else {
            value
        };
        // A converted amount of a thousand or more in whole units, as a person types a balance:
        // 216K for whole thousands, else 543251 (never 543.25098K or 56.390980000000006K; only
        // an edit writes it back).
        let value = if converted && value.is_finite() && value.abs() >= 1000.0 {
            let whole = value.round();
            if whole % 1000.0 != 0.0 {
                return format!("{whole:.0}");
            }
            whole
        } else {
            value
        };
        let en = self.display_en(value);
        match lang() {
            Lang::En => en,
            // The English form never groups thousands, so swapping the marks gives the
            // Portuguese form that reads back to the same number.
            Lang::Pt => swap_marks(&en),
        }
    }

    fn display_en(self, value: f64) -> String {
        // Whole values print plainly ("50677", not "50.677K"); suffixes are for the quantities
        // spanning decades (parameters, tokens, dollars).
        let suffixed = self.style() == Some(crate::input::field_spec::Style::Suffixed);
        if (!suffixed && !self.is_percent() || self.range().is_some_and(|r| r.whole))
            && value.fract() == 0.0
            && value.abs() < 1e15
        {
            format!("{value:.0}")
        } else if self.is_percent() {
            // 0.07 * 100 is 7.000000000000001 in binary; show what a person would type.
            let pct = value * 100.0;
            let rounded = format_number_exact(format!("{pct:.10e}").parse().unwrap_or(pct));
            if parse_scaled(&rounded, -2).ok().map(f64::to_bits) == Some(value.to_bits()) {
                rounded
            } else {
                // Eleven digits were not enough (0.6038498543000001): the value's own shortest
                // digits, with the decimal point moved two places, read back exactly.
                percent_digits(value)
            }
        } else {
            format_number_exact(value)
        }
    }

    /// Parses and validates a numeric value for this field.
    /// Typed values are read in the reader's language; a form only the other language reads
    /// ("1,5" in English) is refused with [`Problem::WrongDecimalMark`], which shows the fix.
    pub fn parse(self, raw: &str, origin: Origin) -> Result<f64, InputError> {
        let err = |problem| InputError::new(self, raw, problem, self.accepted(origin));
        let Some(range) = self.range() else {
            return Err(err(Problem::NotANumber));
        };
        let value = match origin {
            Origin::Link => self.read_number(raw, origin, Lang::En),
            Origin::Typed => {
                let reader = lang();
                match self.read_number(raw, origin, reader) {
                    Err(Problem::NotANumber)
                        if self.read_number(raw, origin, other(reader)).is_ok() =>
                    {
                        Err(Problem::WrongDecimalMark {
                            lang: reader,
                            fix: echo(&swap_marks(raw.trim())),
                        })
                    }
                    read => read,
                }
            }
        }
        .map_err(err)?;
        // A money box is typed in the display currency; the plan, its range and links are in
        // US dollars (with dollars shown, the value as typed).
        let value = if origin == Origin::Typed && self.is_money() {
            crate::locale::currency().to_usd(value)
        } else {
            value
        };
        // A range reaching below zero (an apply day before day 0) says "below the range" instead.
        if value < 0.0 && range.min >= 0.0 {
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

/// An amount of US dollars as a money box shows it in the display currency: the value itself in
/// dollars (it reads back exactly), else converted and rounded as a person would type it, to the
/// cent from one unit up, to three significant figures below (R\$ 37,38 for \$6.88 at 5.4325).
/// Typed back, it is that many units of the currency, a hair off the dollars it came from: only
/// an edit writes it.
fn in_display_currency(usd: f64) -> f64 {
    let c = crate::locale::currency();
    // Zero converts to zero (`money_decimals` gives it the cent).
    if c.code == CurrencyCode::Usd || !usd.is_finite() {
        return usd;
    }
    let shown = c.convert(usd);
    let decimals = crate::io::format::money_decimals(shown);
    let scale = 10f64.powi(i32::try_from(decimals).unwrap_or(2));
    let rounded = (crate::io::format::half_up(shown) * scale).round() / scale;
    // The shortest decimal of the rounded value, so "37.38" and not 37.380000000000003.
    format!("{rounded:.decimals$}").parse().unwrap_or(rounded)
}

use crate::input::params::ParamCount;

impl ParamCount {
    /// Reads a parameters value in `field`'s range: `7B`, or `active/total` for a mixture of
    /// experts (`37B/671B`). A total equal to the active count is a dense model; a total below it
    /// is refused.
    pub fn parse(field: Field, raw: &str, origin: Origin) -> Result<ParamCount, InputError> {
        let Some((a, t)) = raw.split_once('/') else {
            return field.parse(raw, origin).map(ParamCount::dense);
        };
        // A rejected half is reported with the whole text the reader gave.
        let whole = |e: InputError| InputError::new(field, raw, e.problem, field.accepted(origin));
        let active = field.parse(a, origin).map_err(whole)?;
        let total = field.parse(t, origin).map_err(whole)?;
        if total < active {
            return Err(InputError::new(
                field,
                raw,
                Problem::TotalBelowActive,
                field.accepted(origin),
            ));
        }
        Ok(ParamCount {
            active,
            total: (total > active).then_some(total),
        })
    }

    /// The text a box or a link shows: `7B`, or `37B/671B` (in the reader's language when typed).
    pub fn text(self, field: Field, typed: bool) -> String {
        let one = |v: f64| {
            if typed {
                field.display(v)
            } else {
                format_number_exact(v)
            }
        };
        match self.total {
            Some(t) => format!("{}/{}", one(self.active), one(t)),
            None => one(self.active),
        }
    }
}

impl Field {
    /// The number `raw` is, read in `lang` (Portuguese marks swapped), before any range check.
    fn read_number(self, raw: &str, origin: Origin, lang: Lang) -> Result<f64, Problem> {
        let trimmed = raw.trim();
        let owned;
        let text = match lang {
            Lang::En => trimmed,
            Lang::Pt => {
                owned = swap_marks(trimmed);
                owned.as_str()
            }
        };
        // Percentages shift the decimal exponent instead of dividing, so "41.7" is exactly 0.417.
        if self.style() == Some(crate::input::field_spec::Style::Fraction) {
            match text.strip_suffix('%') {
                Some(pct) => parse_scaled(pct, -2),
                None => parse_number(text),
            }
        } else if self.is_percent() {
            match (text.strip_suffix('%'), origin) {
                (Some(pct), _) => parse_scaled(pct, -2),
                (None, Origin::Typed) => parse_scaled(text, -2),
                (None, Origin::Link) => parse_number(text),
            }
        } else {
            parse_number(text)
        }
    }

    /// How typed text that both languages read, differently, was read: English "1,000" is a
    /// thousand (Portuguese would read 1), Portuguese "2.500" is 2500 (English would read 2.5).
    /// `None` when the text is not accepted, or when it means the same in both languages.
    pub fn read_as(self, raw: &str) -> Option<ReadAs> {
        let reader = lang();
        let value = self.parse(raw, Origin::Typed).ok()?;
        let own = self.read_number(raw, Origin::Typed, reader).ok()?;
        let alt = self.read_number(raw, Origin::Typed, other(reader)).ok()?;
        if own.to_bits() == alt.to_bits() {
            return None;
        }
        let trimmed = raw.trim();
        let (group, decimal) = marks(reader);
        // The other language's reading, written in the reader's: its grouping dropped, its
        // decimal mark turned into the reader's.
        let alt_text = swap_marks(&trimmed.replace(decimal, ""));
        Some(ReadAs {
            lang: reader,
            value,
            read: echo(&trim_decimal_zeros(&trimmed.replace(group, ""), decimal)),
            not: echo(&trim_decimal_zeros(&alt_text, decimal)),
            thousands: trimmed.contains(group),
        })
    }
}

/// A note on typed text both languages read, differently (see [`Field::read_as`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ReadAs {
    /// The language it was read in (the reader's).
    pub lang: Lang,
    /// The value used.
    pub value: f64,
    /// How it was read, without thousands separators: "1000", "2,5".
    pub read: String,
    /// What the other language would have read, in the reader's notation: "1", "2500".
    pub not: String,
    /// The separator was read as grouping thousands (else as the decimal mark).
    pub thousands: bool,
}

impl ReadAs {
    /// The note under the field: "Read as 1000 (the comma separates thousands), not 1."
    pub fn message(&self) -> String {
        let (read, not) = (&self.read, &self.not);
        // The note is in the reader's language, which is the language the text was read in.
        crate::locale::with_lang(self.lang, || match (self.lang, self.thousands) {
            (Lang::En, true) => {
                crate::tr!("numbers.read_as.comma_thousands", read = read, not = not)
            }
            (Lang::En, false) => crate::tr!("numbers.read_as.dot_decimals", read = read, not = not),
            (Lang::Pt, true) => crate::tr!("numbers.read_as.dot_thousands", read = read, not = not),
            (Lang::Pt, false) => {
                crate::tr!("numbers.read_as.comma_decimals", read = read, not = not)
            }
        })
    }
}

impl fmt::Display for ReadAs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

/// A fraction's shortest round-trip digits as a percentage, by moving the decimal point two
/// places (no binary multiplication): 0.6038498543000001 → "60.38498543000001".
fn percent_digits(value: f64) -> String {
    let sci = format!("{value:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let Ok(exp) = exp.parse::<i32>() else {
        return format!("{mantissa}e{exp}");
    };
    let (sign, mantissa) = mantissa
        .strip_prefix('-')
        .map_or(("", mantissa), |m| ("-", m));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    // The point sits after the first digit, moved by the exponent and by 2 for percent.
    let point = 1 + exp + 2;
    if !(-20..=40).contains(&point) {
        return format!("{sign}{mantissa}e{}", exp + 2);
    }
    let text = if point <= 0 {
        format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
    } else if point as usize >= digits.len() {
        format!("{digits}{}", "0".repeat(point as usize - digits.len()))
    } else {
        let (int, frac) = digits.split_at(point as usize);
        format!("{int}.{frac}")
    };
    format!("{sign}{text}")
}

/// The other language of the two.
fn other(lang: Lang) -> Lang {
    match lang {
        Lang::En => Lang::Pt,
        Lang::Pt => Lang::En,
    }
}

/// A language's (thousands separator, decimal mark).
fn marks(lang: Lang) -> (char, char) {
    match lang {
        Lang::En => (',', '.'),
        Lang::Pt => ('.', ','),
    }
}

/// A number as a box the reader types into shows it: [`format_number_exact`] ("2.5K", "1500") in
/// English, its marks swapped in Portuguese ("2,5K"), so it reads back bit for bit through the
/// box's own parsing (a Portuguese box reads "2.5K" as 25K: the dot groups thousands).
pub fn typed_number_text(v: f64) -> String {
    let en = format_number_exact(v);
    match lang() {
        Lang::En => en,
        Lang::Pt => swap_marks(&en),
    }
}

/// Swaps dots and commas: English "1,000.5" is Portuguese "1.000,5" and back.
fn swap_marks(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '.' => ',',
            ',' => '.',
            c => c,
        })
        .collect()
}

/// Drops trailing zeros of the digits after the decimal mark, and the mark if none remain:
/// ("1.000", '.') → "1", ("1.500B", '.') → "1.5B", ("2,50%", ',') → "2,5%".
fn trim_decimal_zeros(s: &str, decimal: char) -> String {
    let Some(at) = s.find(decimal) else {
        return s.to_string();
    };
    let (int, rest) = s.split_at(at);
    let rest = &rest[decimal.len_utf8()..];
    let end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let (digits, tail) = rest.split_at(end);
    let digits = digits.trim_end_matches('0');
    if digits.is_empty() {
        format!("{int}{tail}")
    } else {
        format!("{int}{decimal}{digits}{tail}")
    }
}

impl Field {
    /// This field's value as a share link writes it (`None` when absent): ids as they are,
    /// whole numbers plainly, other numbers in the shortest form that reads back bit for bit.
    pub fn link_value(
        self,
        job: &crate::input::job::Job,
        settings: &crate::input::settings::Settings,
    ) -> Option<String> {
        if let Some(id) = self.id(job, settings) {
            return Some(id.to_string());
        }
        self.number(job, settings).map(|v| self.link_text(v))
    }

    /// A value as links write it: whole-number fields plainly ("1024"), others exactly and
    /// suffixed when that reads back the same ("7B", "0.4").
    pub fn link_text(self, v: f64) -> String {
        if self.range().is_some_and(|r| r.whole) {
            format!("{v:.0}")
        } else {
            format_number_exact(v)
        }
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
    /// Typed text only the other language reads ("1,5" in English): `fix` is it written in
    /// `lang`, the reader's language ("1.5").
    WrongDecimalMark { lang: Lang, fix: String },
    /// A provider that does not rent the chosen accelerator (its display name).
    NotRented(String),
    /// A network the chosen provider does not offer (the provider's display name).
    NotOffered(String),
    /// A mixture of experts' total parameters below its active ones (`671B/37B`).
    TotalBelowActive,
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
        InputError {
            field,
            got: echo(raw),
            problem: problem.of_text(raw),
            expected: expected.into(),
        }
    }
}

impl Problem {
    /// The problem with `raw`: blank text is [`Problem::Empty`], whatever a reader said of it.
    pub fn of_text(self, raw: &str) -> Problem {
        if raw.trim().is_empty() {
            Problem::Empty
        } else {
            self
        }
    }

    /// The problem in words, quoting the (already shortened) value: `"abc" is not a number`.
    pub fn describe(&self, got: &str) -> String {
        match self {
            Problem::Empty => crate::tr!("numbers.problem.empty"),
            Problem::NotANumber => crate::tr!("numbers.problem.not_a_number", got = got),
            Problem::TooLarge => crate::tr!("numbers.problem.too_large", got = got),
            Problem::Negative => crate::tr!("numbers.problem.negative", got = got),
            Problem::Zero => crate::tr!("numbers.problem.zero", got = got),
            Problem::NotWhole => crate::tr!("numbers.problem.not_whole", got = got),
            Problem::BelowRange => crate::tr!("numbers.problem.below_range", got = got),
            Problem::AboveRange => crate::tr!("numbers.problem.above_range", got = got),
            Problem::UnknownId => crate::tr!("numbers.problem.unknown_id", got = got),
            Problem::WrongDecimalMark {
                lang: Lang::En,
                fix,
            } => crate::tr!("numbers.problem.not_english", got = got, fix = fix),
            Problem::WrongDecimalMark {
                lang: Lang::Pt,
                fix,
            } => crate::tr!("numbers.problem.not_portuguese", got = got, fix = fix),
            Problem::NotRented(name) => {
                crate::tr!("numbers.problem.not_rented", got = got, name = name)
            }
            Problem::NotOffered(name) => {
                crate::tr!("numbers.problem.not_offered", got = got, name = name)
            }
            Problem::TotalBelowActive => {
                crate::tr!("numbers.problem.total_below_active", got = got)
            }
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

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::tr!(
            "numbers.input_error",
            field = self.field.label(),
            problem = self.problem.describe(&self.got),
            expected = self.expected
        ))
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
    fn mixture_of_experts_parameters_read_as_active_over_total() {
        // DeepSeek-V3: 37B active of 671B total.
        let p = ParamCount::parse(Field::Params, "37B/671B", Origin::Link);
        assert_eq!(
            p,
            Ok(ParamCount {
                active: 37e9,
                total: Some(671e9)
            })
        );
        assert_eq!(
            p.clone().map(|p| p.text(Field::Params, false)),
            Ok("37B/671B".into())
        );
        assert_eq!(p.map(ParamCount::all), Ok(671e9));
        // A plain count is dense; a total equal to the active count too.
        assert_eq!(
            ParamCount::parse(Field::Params, "7B", Origin::Link),
            Ok(ParamCount::dense(7e9))
        );
        assert_eq!(
            ParamCount::parse(Field::Params, "7B/7B", Origin::Link),
            Ok(ParamCount::dense(7e9))
        );
        // A total below the active count, and a bad half, are refused with the whole text.
        let e = ParamCount::parse(Field::Params, "671B/37B", Origin::Link).unwrap_err();
        assert_eq!(e.problem, Problem::TotalBelowActive);
        assert_eq!(
            e.to_string(),
            "Model parameters: \"671B/37B\" has fewer parameters in all than active: write active/total, like 37B/671B. Expected 100M to 2T parameters, like 7B, 7e9, 7000000000 or 1.5T; for a mixture of experts active/total, like 37B/671B."
        );
        let e = ParamCount::parse(Field::Params, "37B/9T", Origin::Link).unwrap_err();
        assert_eq!((e.problem, e.got.as_str()), (Problem::AboveRange, "37B/9T"));
    }

    #[test]
    fn exact_error_messages() {
        let e = Field::Params.parse("abc", Origin::Link).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Model parameters: \"abc\" is not a number. Expected 100M to 2T parameters, like 7B, 7e9, 7000000000 or 1.5T; for a mixture of experts active/total, like 37B/671B."
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
            let Some(s) = crate::input::slider::Scale::of(field) else {
                continue;
            };
            for p in 0..=1000 {
                let v = s.value(f64::from(p));
                let text = crate::input::parse::format_number_exact(v);
                assert_eq!(
                    field.parse(&text, crate::input::field_spec::Origin::Link),
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
        let (j, k) = (
            crate::input::job::Job::default(),
            crate::input::settings::Settings::default(),
        );
        for field in Field::ALL {
            let Some(v) = field.number(&j, &k) else {
                continue;
            };
            let link = field.link_value(&j, &k).unwrap_or_default();
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
        assert_eq!(Field::Params.link_value(&j, &k).as_deref(), Some("7B"));
        assert_eq!(Field::Mfu.link_value(&j, &k).as_deref(), Some("0.4"));
        assert_eq!(Field::Mfu.display(0.4), "40");
        assert_eq!(Field::Gpus.link_value(&j, &k).as_deref(), Some("64"));
        assert_eq!(Field::Price.link_value(&j, &k), None);
        assert_eq!(Field::Gpu.link_value(&j, &k).as_deref(), Some("h100-sxm"));
    }

    mod locale_aware {
        use super::super::*;
        use crate::locale::with_lang;
        use proptest::prelude::*;

        fn pt<R>(f: impl FnOnce() -> R) -> R {
            with_lang(Lang::Pt, f)
        }

        #[test]
        fn a_typed_grant_amount_reads_in_the_readers_language() {
            // A grant of a hundred thousand dollars typed the Brazilian way: "100.000" is 10⁵,
            // never 100; "1,5M" is 1.5 × 10⁶. In English "100.000" is a hundred, as a link reads it.
            assert_eq!(pt(|| typed(Field::GrantAmount, "100.000")), Ok(1e5));
            assert_eq!(pt(|| typed(Field::GrantAmount, " 1,5M ")), Ok(1.5e6));
            assert_eq!(
                pt(|| typed(Field::GrantAmount, "1,5B")),
                Err(Problem::AboveRange)
            );
            assert_eq!(pt(|| typed(Field::GrantAmount, "100.000,5")), Ok(100_000.5));
            assert_eq!(typed(Field::GrantAmount, "100.000"), Ok(100.0));
            assert_eq!(
                pt(|| typed(Field::GrantAmount, "abc")),
                Err(Problem::NotANumber)
            );
            // A review bound is whole days; an apply day may be before day 0 (−30), not before
            // ten years (−3650), and says so as "below the range", not "negative".
            assert_eq!(typed(Field::GrantApplyDay, "-30"), Ok(-30.0));
            assert_eq!(
                typed(Field::GrantApplyDay, "-3651"),
                Err(Problem::BelowRange)
            );
            assert_eq!(typed(Field::GrantReviewDays, "-1"), Err(Problem::Negative));
            assert_eq!(
                pt(|| typed(Field::GrantReviewDays, "7,5")),
                Err(Problem::NotWhole)
            );
        }

        #[test]
        fn money_boxes_show_and_read_the_display_currency_and_links_keep_dollars() {
            use crate::locale::{with_currency, CurrencyCode, DisplayCurrency};
            let Some(brl) = DisplayCurrency::new(CurrencyCode::Brl, 5.4) else {
                panic!("valid rate");
            };
            let reais = |f: &dyn Fn() -> String| with_currency(brl, || pt(f));
            // AWS's H100 at $6.88 an hour shows as 6.88 × 5.4 = 37.152 reais, to the cent: 37,15.
            assert_eq!(reais(&|| Field::Price.display(6.88)), "37,15");
            // A $0.26 API price is 1.404 reais: to the cent from one unit up, 1,4.
            assert_eq!(reais(&|| Field::ApiPrice.display(0.26)), "1,4");
            // $0.05 is 0.27 reais: three significant figures below one, 0,27.
            assert_eq!(reais(&|| Field::ApiPrice.display(0.05)), "0,27");
            // A $50K grant is 270,000 reais, whole thousands in the box's own style: 270K.
            assert_eq!(reais(&|| Field::GrantAmount.display(50_000.0)), "270K");
            // $100K at the ECB's 5.43251 is 543,251 reais (never 543,25098K); $63K in euros at
            // 0.895095 is 56,390.985: 56391 (never 56.390980000000006K). Below a thousand the
            // cents stay: $150 is 810 reais.
            let Some(ecb) = DisplayCurrency::new(CurrencyCode::Brl, 5.43251) else {
                panic!("valid rate");
            };
            assert_eq!(
                with_currency(ecb, || pt(|| Field::GrantAmount.display(100_000.0))),
                "543251"
            );
            let Some(eur) = DisplayCurrency::new(CurrencyCode::Eur, 0.895095) else {
                panic!("valid rate");
            };
            assert_eq!(
                with_currency(eur, || Field::GrantAmount.display(63_000.0)),
                "56391"
            );
            assert_eq!(reais(&|| Field::EngWeek.display(150.0)), "810");
            assert_eq!(reais(&|| Field::GrantAmount.display(-1_000.0)), "-5400");
            assert_eq!(reais(&|| Field::GrantAmount.display(1_000_000.0)), "5,4M");
            // In dollars the box shows the value itself (it reads back exactly).
            assert_eq!(Field::Price.display(6.88), "6.88");
            // Typed in reais, read in dollars: 270K reais are $50,000; 37,152 reais $6.88.
            let read = |raw: &str| with_currency(brl, || pt(|| typed(Field::GrantAmount, raw)));
            assert!(read("270K").is_ok_and(|v| (v - 50_000.0).abs() < 1e-9));
            let price = with_currency(brl, || pt(|| typed(Field::Price, "37,152")));
            assert!(
                price.clone().is_ok_and(|v| (v - 6.88).abs() < 1e-12),
                "{price:?}"
            );
            // The range is in dollars: a budget of 5 reais is $0.93, below its $1 floor, and the
            // message says the box is in reais and at which rate.
            let below = with_currency(brl, || Field::Budget.parse("5", Origin::Typed));
            assert!(
                matches!(&below, Err(e) if e.problem == Problem::BelowRange
                    && e.to_string().contains("typed in BRL and converted at 5.4 BRL per US$")),
                "{below:?}"
            );
            // A link is in dollars whatever the display: 6.88 is $6.88.
            assert_eq!(
                with_currency(brl, || Field::Price.parse("6.88", Origin::Link)),
                Ok(6.88)
            );
            // Units say the currency of the box; fields that are not money keep theirs.
            assert_eq!(with_currency(brl, || Field::Price.unit()), "BRL/GPU-h");
            assert_eq!(Field::Price.unit(), "USD/GPU-h");
            assert_eq!(with_currency(brl, || Field::Gpus.display(64.0)), "64");
            // Only a money box in another currency than the dollar says it is converted.
            assert!(
                !with_currency(brl, || Field::Gpus.accepted(Origin::Typed)).contains("typed in")
            );
            assert!(!Field::Price.accepted(Origin::Typed).contains("typed in"));
            assert!(
                !with_currency(brl, || Field::Price.accepted(Origin::Link)).contains("typed in")
            );
            // In dollars a box shows the value as it is, not rounded to the cent.
            assert_eq!(Field::Price.display(2.3456), "2.3456");
            // Zero is zero in any currency; a cent is 0.054 reais, three significant figures.
            assert_eq!(reais(&|| Field::EngWeek.display(0.0)), "0");
            assert_eq!(reais(&|| Field::ApiPrice.display(0.01)), "0,054");
            // A half cent rounds up as by hand (2.345 is a hair below it in binary).
            let Some(par) = DisplayCurrency::new(CurrencyCode::Eur, 1.0) else {
                panic!("valid rate");
            };
            assert_eq!(with_currency(par, || Field::Price.display(2.345)), "2.35");
            assert!(Field::ALL.iter().filter(|f| f.is_money()).all(|f| {
                f.accepted(Origin::Typed).contains("USD")
                    || f.accepted(Origin::Typed).contains("US$")
            }));
        }

        #[test]
        fn an_approval_chance_is_a_fraction_or_a_percentage_in_both_forms() {
            // Unlike MFU's box (a percentage), the chance box takes the link's fraction, or a
            // percentage with its sign: "0.5", "50%" and Portuguese "0,5" are all one half.
            assert_eq!(typed(Field::GrantApproval, "0.5"), Ok(0.5));
            assert_eq!(typed(Field::GrantApproval, "50%"), Ok(0.5));
            assert_eq!(pt(|| typed(Field::GrantApproval, "0,5")), Ok(0.5));
            assert_eq!(Field::GrantApproval.parse("0.35", Origin::Link), Ok(0.35));
            assert_eq!(
                typed(Field::GrantApproval, "150%"),
                Err(Problem::AboveRange)
            );
        }

        #[test]
        fn a_typed_rate_reads_in_the_readers_language() {
            // An exchange rate of five reais forty per dollar: "5.4" in English, "5,4" in
            // Portuguese; each language's form typed in the other gets the fix, not a number.
            assert_eq!(typed(Field::Rate, "5.4"), Ok(5.4));
            assert_eq!(pt(|| typed(Field::Rate, "5,4")), Ok(5.4));
            assert!(matches!(
                typed(Field::Rate, "5,4"),
                Err(Problem::WrongDecimalMark { lang: Lang::En, ref fix }) if fix == "5.4"
            ));
            assert!(matches!(
                pt(|| typed(Field::Rate, "5.4")),
                Err(Problem::WrongDecimalMark { lang: Lang::Pt, ref fix }) if fix == "5,4"
            ));
            assert_eq!(typed(Field::Rate, "abc"), Err(Problem::NotANumber));
            assert_eq!(typed(Field::Rate, "0"), Err(Problem::Zero));
        }

        fn typed(field: Field, raw: &str) -> Result<f64, Problem> {
            field.parse(raw, Origin::Typed).map_err(|e| e.problem)
        }

        #[test]
        fn portuguese_reads_commas_as_decimals_and_dots_as_thousands() {
            // The issue's examples: "1,5B" = 1.5 × 10⁹; "1.000B" = 1000 × 10⁹ = 10¹²;
            // "1,5" = 1.5; "2.000" = 2000.
            assert_eq!(pt(|| typed(Field::Params, "1,5B")), Ok(1.5e9));
            assert_eq!(pt(|| typed(Field::Tokens, "1.000B")), Ok(1e12));
            assert_eq!(pt(|| typed(Field::Price, "1,5")), Ok(1.5));
            assert_eq!(pt(|| typed(Field::Gpus, "2.000")), Ok(2000.0));
            // 1.000.000 is a million; 1.000,5 is a thousand and a half unit.
            assert_eq!(pt(|| typed(Field::Gpus, "1.000")), Ok(1000.0));
            assert_eq!(pt(|| typed(Field::Price, "999,5")), Ok(999.5));
            assert_eq!(pt(|| typed(Field::Tokens, "1.000.000")), Ok(1e6));
            // 37,5 % of MFU is the fraction 0.375 (exponent shift: exactly 0.375).
            assert_eq!(pt(|| typed(Field::Mfu, "37,5")), Ok(0.375));
            assert_eq!(pt(|| typed(Field::Mfu, "37,5%")), Ok(0.375));
            // Exponents and suffixes are the same in both languages.
            assert_eq!(pt(|| typed(Field::Params, "7e9")), Ok(7e9));
            assert_eq!(pt(|| typed(Field::Params, "0,1T")), Ok(1e11));
        }

        #[test]
        fn english_typed_input_is_read_as_before() {
            assert_eq!(typed(Field::Params, "1.5B"), Ok(1.5e9));
            assert_eq!(typed(Field::Gpus, "1,000"), Ok(1000.0));
            assert_eq!(typed(Field::Tokens, "7,000,000,000"), Ok(7e9));
            assert_eq!(typed(Field::Mfu, "41.7"), Ok(0.417));
        }

        #[test]
        fn links_stay_canonical_in_portuguese() {
            // A link means the same in both languages: dot decimals, comma thousands.
            assert_eq!(pt(|| Field::Mfu.parse("0.4", Origin::Link)), Ok(0.4));
            assert_eq!(pt(|| Field::Params.parse("1.5B", Origin::Link)), Ok(1.5e9));
            assert_eq!(pt(|| Field::Gpus.parse("1,000", Origin::Link)), Ok(1000.0));
            assert_eq!(
                pt(|| Field::Mfu.parse("0,4", Origin::Link))
                    .unwrap_err()
                    .problem,
                Problem::NotANumber
            );
        }

        #[test]
        fn the_other_languages_form_is_refused_with_the_fix() {
            let e = Field::Price.parse("1,5", Origin::Typed).unwrap_err();
            assert_eq!(
                e.to_string(),
                "Price override: \"1,5\" is not a number in English: write 1.5, with a dot for decimals. Expected a price in USD per GPU-hour from 0.0001 to 1,000, like 2.39."
            );
            let e = pt(|| Field::Price.parse("1.5", Origin::Typed)).unwrap_err();
            assert_eq!(
                e.problem,
                Problem::WrongDecimalMark {
                    lang: Lang::Pt,
                    fix: "1,5".into()
                }
            );
            assert!(e.to_string().contains(
                "\"1.5\" is not a number in Portuguese: write 1,5, with a comma for decimals"
            ));
            // The whole text is converted: English "1.000,5" is 1,000.5; suffix and % are kept.
            assert_eq!(
                typed(Field::Price, "999,5"),
                Err(Problem::WrongDecimalMark {
                    lang: Lang::En,
                    fix: "999.5".into()
                })
            );
            assert_eq!(
                pt(|| typed(Field::Params, "1.5B")),
                Err(Problem::WrongDecimalMark {
                    lang: Lang::Pt,
                    fix: "1,5B".into()
                })
            );
            assert_eq!(
                pt(|| typed(Field::Mfu, "37.5%")),
                Err(Problem::WrongDecimalMark {
                    lang: Lang::Pt,
                    fix: "37,5%".into()
                })
            );
            // Text neither language reads stays "not a number".
            assert_eq!(typed(Field::Price, "abc"), Err(Problem::NotANumber));
            assert_eq!(
                pt(|| typed(Field::Price, "1,2,3")),
                Err(Problem::NotANumber)
            );
        }

        #[test]
        fn text_both_languages_read_differently_gets_a_note() {
            // English "1,000": a thousand (Portuguese would read 1.000 = 1).
            let note = Field::Gpus.read_as("1,000");
            assert_eq!(note.as_ref().map(|n| n.value), Some(1000.0));
            assert_eq!(
                note.map(|n| n.message()).as_deref(),
                Some("Read as 1000 (the comma separates thousands), not 1.")
            );
            // English "1.000B": 1 × 10⁹ (Portuguese would read 1000 × 10⁹).
            assert_eq!(
                Field::Params
                    .read_as("1.000B")
                    .map(|n| n.message())
                    .as_deref(),
                Some("Read as 1B (the dot marks decimals), not 1000B.")
            );
            // Portuguese "2.500": 2500 (English would read 2.5, "2,5" in Portuguese).
            let note = pt(|| Field::Gpus.read_as("2.500"));
            assert_eq!(note.as_ref().map(|n| n.value), Some(2500.0));
            assert_eq!(
                note.map(|n| n.message()).as_deref(),
                Some("Lido como 2500 (o ponto separa milhares), não 2,5.")
            );
            // Portuguese "1,250": 1.25 (English would read 1250).
            assert_eq!(
                pt(|| Field::Price.read_as("1,250"))
                    .map(|n| n.message())
                    .as_deref(),
                Some("Lido como 1,25 (a vírgula marca decimais), não 1250.")
            );
            // No note for text that means the same in both, or that is refused.
            assert_eq!(Field::Gpus.read_as("1000"), None);
            assert_eq!(Field::Params.read_as("7B"), None);
            assert_eq!(Field::Gpus.read_as("1,000,000"), None);
            assert_eq!(pt(|| Field::Tokens.read_as("1.000.000")), None);
            // English "1.000" GPUs: 1 (Portuguese would read 1000).
            assert_eq!(
                Field::Gpus.read_as("1.000").map(|n| n.message()).as_deref(),
                Some("Read as 1 (the dot marks decimals), not 1000.")
            );
            // Refused text gets the error, not a note: "1,000" is above the MFU range in English.
            assert_eq!(Field::Mfu.read_as("1,000"), None);
        }

        #[test]
        fn percentages_that_need_all_their_digits_keep_them() {
            // 0.123456789012345 (15 digits: its own shortest form) × 100 rounded to 11 digits is
            // 12.345678901, which reads back as another double; the box shows all 15 digits.
            let v = 0.123_456_789_012_345;
            assert_eq!(Field::Mfu.display(v), "12.3456789012345");
            assert_eq!(pt(|| Field::Mfu.display(v)), "12,3456789012345");
            assert_eq!(percent_digits(0.000_15), "0.015");
            assert_eq!(percent_digits(1.0), "100");
            // What a person would type is kept when it reads back: 7 % and 37.5 %.
            assert_eq!(Field::Mfu.display(0.07), "7");
        }

        #[test]
        fn typed_number_text_reads_back_from_a_portuguese_box() {
            // 2,500 GPU-hours: English "2.5K", Portuguese "2,5K" (a Portuguese box reads "2.000"
            // as two thousand: the dot groups thousands); 1,234.5 is "1.2345K", "1,2345K". Each
            // reads back, in its language, to the same value.
            assert_eq!(typed_number_text(2500.0), "2.5K");
            assert_eq!(pt(|| typed_number_text(2500.0)), "2,5K");
            assert_eq!(pt(|| typed_number_text(1234.5)), "1,2345K");
            for v in [2500.0, 1.5e9, 1234.5, 7.0, 0.25, 4.2e12] {
                let shown = pt(|| typed_number_text(v));
                assert_eq!(
                    Field::Queries.read_number(&shown, Origin::Typed, Lang::Pt),
                    Ok(v),
                    "{shown}"
                );
                assert_eq!(parse_number(&typed_number_text(v)), Ok(v));
            }
        }

        #[test]
        fn typed_box_text_in_portuguese() {
            // 1.5e9 → English "1.5B" → Portuguese "1,5B"; 37.5 % → "37,5"; whole values plain.
            assert_eq!(pt(|| Field::Params.display(1.5e9)), "1,5B");
            assert_eq!(pt(|| Field::Mfu.display(0.375)), "37,5");
            assert_eq!(pt(|| Field::Gpus.display(1024.0)), "1024");
            assert_eq!(pt(|| Field::Price.display(2.39)), "2,39");
            assert_eq!(Field::Price.display(2.39), "2.39");
        }

        #[test]
        fn every_default_reads_back_from_its_portuguese_typed_box() {
            let (j, k) = (
                crate::input::job::Job::default(),
                crate::input::settings::Settings::default(),
            );
            for field in Field::ALL {
                let Some(v) = field.number(&j, &k) else {
                    continue;
                };
                let typed = pt(|| field.display(v));
                assert_eq!(
                    pt(|| field.parse(&typed, Origin::Typed)),
                    Ok(v),
                    "{field:?} {typed}"
                );
            }
            // Hand-written: 40 % MFU is "40" in both; 7e9 parameters "7B".
            assert_eq!(pt(|| Field::Mfu.display(0.4)), "40");
            assert_eq!(pt(|| Field::Params.display(7e9)), "7B");
        }

        fn number_fields() -> Vec<Field> {
            Field::ALL
                .into_iter()
                .filter(|f| f.range().is_some())
                .collect()
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(2000))]

            /// The typed box's text reads back, typed in the same language, to exactly the value.
            #[test]
            fn display_reads_back_bit_for_bit_in_both_languages(
                i in 0usize..64,
                t in 0.0f64..=1.0,
                l in prop::sample::select(Lang::ALL.to_vec()),
            ) {
                let fields = number_fields();
                let field = fields[i % fields.len()];
                let Some(range) = field.range() else { return Ok(()) };
                // Log-uniform between the bounds (linear when the range starts at 0).
                let (lo, hi) = (range.min.max(1e-4), range.max);
                let mut v = if range.min <= 0.0 { t * hi } else { lo * (hi / lo).powf(t) };
                if range.whole { v = v.round().max(range.min.max(0.0)) }
                prop_assume!(range.contains(v) && (v != 0.0 || range.min_inclusive));
                let text = with_lang(l, || field.display(v));
                let back = with_lang(l, || field.parse(&text, Origin::Typed));
                prop_assert_eq!(back.map(f64::to_bits), Ok(v.to_bits()), "{:?} {} {:?}", field, text, l);
            }

            /// Portuguese reads any text exactly as English reads it with the marks swapped, and
            /// nothing typed makes either panic.
            #[test]
            fn portuguese_is_english_with_the_marks_swapped(raw in "[-+0-9.,eEkKmMbBtT%_ ]{0,12}") {
                for field in [Field::Params, Field::Mfu, Field::Gpus, Field::Price] {
                    let pt_read = with_lang(Lang::Pt, || field.read_number(&raw, Origin::Typed, Lang::Pt));
                    let en_read = field.read_number(&swap_marks(&raw), Origin::Typed, Lang::En);
                    prop_assert_eq!(pt_read, en_read);
                    let _ = with_lang(Lang::Pt, || (field.parse(&raw, Origin::Typed), field.read_as(&raw)));
                    let _ = (field.parse(&raw, Origin::Typed), field.read_as(&raw));
                }
            }
        }
    }
}
