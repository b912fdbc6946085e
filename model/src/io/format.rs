//! Numbers for people (`$2.9M`, `59K GPU-hours`, `8.4 × 10²² FLOP`) and for machines (`data-value`).
//! Non-finite values never reach the screen: they format as "—".
//!
//! Every function here writes in the thread's language ([`crate::locale::lang`]): English groups
//! thousands with commas and marks decimals with a dot ("$1,234.56", "2.9M"); Portuguese (pt-BR)
//! the other way round ("US$ 1.234,56", "2,9M"). The K/M/B/T suffixes stay in both. Dollar amounts
//! are shown in the thread's display currency ([`crate::locale::currency`]). [`data_value`] is for
//! machines and never changes.

use crate::locale::{currency, lang, CurrencyCode, Lang};

/// Shown instead of a number that is not finite (never expected: inputs are validated).
pub const NOT_A_NUMBER: &str = "—";

/// Rounds to `sig` significant digits and trims trailing zeros: (2.904e6, 2) → "2.9".
fn significant(v: f64, sig: i32) -> String {
    if v == 0.0 {
        return "0".into();
    }
    let magnitude = v.abs().log10().floor() as i32;
    let decimals = (sig - 1 - magnitude).max(0) as usize;
    let s = format!("{v:.decimals$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// An English-formatted number in the thread's language: Portuguese swaps the marks, so
/// "1,234.5" becomes "1.234,5". Apply it to numbers only, never to words.
fn local(en: String) -> String {
    match lang() {
        Lang::En => en,
        Lang::Pt => en
            .chars()
            .map(|c| match c {
                '.' => ',',
                ',' => '.',
                c => c,
            })
            .collect(),
    }
}

/// Inserts thousands separators into an integer-valued string: "2482" → "2,482".
fn group_thousands(int_digits: &str) -> String {
    let (sign, digits) = int_digits
        .strip_prefix('-')
        .map_or(("", int_digits), |d| ("-", d));
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    format!("{sign}{out}")
}

/// A compact count: 950 → "950", 58,982 → "59K", 1.23e6 → "1.2M", 3.5e15 → "3,500T" (past a
/// thousand trillion the T count is grouped like any number, "2,250" beside "1,979").
pub fn compact(v: f64) -> String {
    in_words(local(compact_en(v)))
}

/// A compact count as a typed box writes it, with the suffix the parser reads in both languages:
/// "524K", Portuguese "1,5B" (a box's placeholder: "auto (524K)").
pub fn compact_typed(v: f64) -> String {
    local(compact_en(v))
}

/// Portuguese writes a compact number's scale in words, as `Intl.NumberFormat("pt-BR", {
/// notation: "compact" })` does: "2,2 mi", "59 mil", "1,1 bi", "3 tri" (a Brazilian reads "2,2M"
/// as thousands, where finance writes "MM" for millions). English keeps K, M, B, T. The space is
/// a no-break one: a number never leaves its scale at a line's end.
fn in_words(number: String) -> String {
    if lang() != Lang::Pt {
        return number;
    }
    let word = match number.chars().last() {
        Some('K') => "mil",
        Some('M') => "mi",
        Some('B') => "bi",
        Some('T') => "tri",
        _ => return number,
    };
    let digits = &number[..number.len() - 1];
    if digits.ends_with(|c: char| c.is_ascii_digit()) {
        format!("{digits}\u{a0}{word}")
    } else {
        number
    }
}

fn compact_en(v: f64) -> String {
    if !v.is_finite() {
        return NOT_A_NUMBER.into();
    }
    let a = v.abs();
    if a < 1e3 {
        return significant(v, 3);
    }
    for (scale, suffix) in [(1e3, "K"), (1e6, "M"), (1e9, "B"), (1e12, "T")] {
        if a < scale * 1e3 || suffix == "T" {
            // 999,950 rounds to "1000K": move up to "1M" instead.
            let m = significant(v / scale, 2);
            if m.trim_start_matches('-').len() >= 4 && suffix != "T" {
                continue;
            }
            if !m.contains('.') {
                return format!("{}{suffix}", group_thousands(&m));
            }
            return format!("{m}{suffix}");
        }
    }
    scientific_en(v)
}

/// A value in scientific notation with superscript exponent: 8.4e22 → "8.4 × 10²²".
pub fn scientific(v: f64) -> String {
    local(scientific_en(v))
}

fn scientific_en(v: f64) -> String {
    if !v.is_finite() {
        return NOT_A_NUMBER.into();
    }
    if v == 0.0 {
        return "0".into();
    }
    let mut exp = v.abs().log10().floor() as i32;
    let mut mantissa = v / 10f64.powi(exp);
    if significant(mantissa, 3).trim_start_matches('-') == "10" {
        exp += 1;
        mantissa /= 10.0;
    }
    let sup: String = exp
        .to_string()
        .chars()
        .map(|c| match c {
            '-' => '⁻',
            '0' => '⁰',
            '1' => '¹',
            '2' => '²',
            '3' => '³',
            '4' => '⁴',
            '5' => '⁵',
            '6' => '⁶',
            '7' => '⁷',
            '8' => '⁸',
            _ => '⁹',
        })
        .collect();
    format!("{} × 10{sup}", significant(mantissa, 3))
}

/// The sign and currency symbol before an amount in the display currency: "-$", "R$ ", "€".
fn money_prefix(v: f64) -> String {
    let sign = if v < 0.0 { "-" } else { "" };
    format!("{sign}{}", currency().code.prefix(lang()))
}

/// Dollars for a headline, in the display currency: "$3.40", "$2,482", "$406K", "$2.9M"
/// (Portuguese "US$ 2,9M"; at 5.4 BRL per dollar, $1,000 is "R$5,400", Portuguese "R$ 5.400");
/// every digit ([`usd_exact`]) when the reader asked for exact amounts
/// ([`crate::locale::exact_amounts`]).
pub fn usd(v: f64) -> String {
    if crate::locale::exact_amounts() {
        return usd_exact(v);
    }
    usd_compact(v)
}

/// Dollars rounded for reading whatever the reader's preference ([`usd`]'s usual form): a
/// chart's axis, where a label must stay short.
pub fn usd_compact(v: f64) -> String {
    let v = currency().convert(v);
    if !v.is_finite() {
        return NOT_A_NUMBER.into();
    }
    // To the cent first, so float noise never decides a rounding ($0.2625 x 1,000 is computed as
    // 262.49999999999994: it reads $263, as by hand), then half away from zero.
    let a = (v.abs() * 100.0).round() / 100.0;
    let number = if a == 0.0 {
        "0".to_string()
    } else if a < 100.0 {
        format!("{a:.2}")
    } else if a < 10_000.0 {
        group_thousands(&format!("{:.0}", a.round()))
    } else {
        compact_en(a)
    };
    let v = if a == 0.0 { 0.0 } else { v };
    format!("{}{}", money_prefix(v), in_words(local(number)))
}

/// Exact-ish dollars for hover text, in the display currency: "$405,797.10" (Portuguese
/// "US$ 405.797,10").
pub fn usd_exact(v: f64) -> String {
    let v = currency().convert(v);
    if !v.is_finite() {
        return NOT_A_NUMBER.into();
    }
    let s = format!("{:.2}", v.abs());
    let (int, frac) = s.split_once('.').unwrap_or((&s, "00"));
    format!(
        "{}{}",
        money_prefix(v),
        local(format!("{}.{frac}", group_thousands(int)))
    )
}

/// A unit price in the display currency with up to `decimals` decimals, for the figures of a
/// formula, which must multiply out to what the page shows ("58,982.137 GPU-h × R$37.152/GPU-h"):
/// "$6.88", Portuguese "US$ 6,88"; at 5.4 BRL per dollar, "R$37.15". A price standing alone is
/// [`price`].
pub fn usd_unit(v: f64, decimals: usize) -> String {
    let v = currency().convert(v);
    if !v.is_finite() {
        return NOT_A_NUMBER.into();
    }
    let number = cents(exact_en(v.abs(), decimals));
    // A price that rounds to zero is "$0", never "-$0".
    let v = if number == "0" { 0.0 } else { v };
    format!("{}{}", money_prefix(v), local(number))
}

/// A unit price standing alone ("per GPU-hour", "per million tokens") in the display currency: to
/// the cent from one unit up ("R$8.88", never "R$ 8,8791"), to three significant figures below
/// ("$0.0263", "$0.263", "$0.15").
pub fn price(v: f64) -> String {
    let shown = currency().convert(v);
    if !shown.is_finite() {
        return NOT_A_NUMBER.into();
    }
    let decimals = money_decimals(shown);
    let mut number = cents(exact_en(half_up(shown.abs()), decimals));
    if decimals == 2 && number != "0" && !number.contains('.') {
        number.push_str(".00");
    }
    let shown = if number == "0" { 0.0 } else { shown };
    format!("{}{}", money_prefix(shown), local(number))
}

/// A price with a fraction shows at least its cents: "3.4" → "3.40"; "2" and "0.2793" stay.
fn cents(mut number: String) -> String {
    if let Some((_, frac)) = number.split_once('.') {
        if frac.len() == 1 {
            number.push('0');
        }
    }
    number
}

/// A unit price in US dollars whatever the display currency, for a figure quoted from a source
/// ("Modal: $3.95/GPU-hour on demand"): the source bills in dollars, so its figure is cited as
/// published, in the locale's form ("US$ 3,95"). Everything computed from it is in the display
/// currency ([`usd_unit`]).
pub fn usd_as_published(v: f64, decimals: usize) -> String {
    if !v.is_finite() {
        return NOT_A_NUMBER.into();
    }
    // A list price always shows its cents ("$3.00"), like the price lists it is quoted from.
    let number = cents(exact_en(v.abs(), decimals.max(2)));
    let number = if number.contains('.') {
        number
    } else {
        format!("{number}.00")
    };
    let sign = if v < 0.0 && number != "0.00" { "-" } else { "" };
    format!(
        "{sign}{}{}",
        CurrencyCode::Usd.prefix(lang()),
        local(number)
    )
}

/// The note beside amounts shown in another currency: "Shown in BRL at 5.40 per US$; providers
/// bill in US$". `None` while amounts are shown in dollars.
pub fn currency_label() -> Option<String> {
    let c = currency();
    if c.code == CurrencyCode::Usd || !c.per_usd.is_finite() {
        return None;
    }
    // At least two decimals ("5.40"), more when the rate has them ("0.925").
    let mut rate = exact_en(c.per_usd, 6);
    match rate.split_once('.') {
        None => rate.push_str(".00"),
        Some((_, frac)) if frac.len() == 1 => rate.push('0'),
        Some(_) => {}
    }
    Some(crate::tr!(
        "format.currency_label",
        iso = c.code.iso(),
        rate = local(rate)
    ))
}

/// A default exchange rate more than this many days old is flagged stale: rates move daily, and
/// after a quarter the default says so and asks the reader for today's.
pub const RATE_STALE_DAYS: i64 = 90;

/// What the currency switch says beside the rate (see [`currency_note`]).
#[derive(Clone, Debug, PartialEq)]
pub struct CurrencyNote {
    /// "Shown in BRL at 5.43 per US$; providers bill in US$ (the ECB reference rate of 30 Oct
    /// 2026: type yours)", in the thread's language.
    pub text: String,
    /// Whether the shown rate is the dated default and older than [`RATE_STALE_DAYS`] on `today`.
    pub stale: bool,
    /// The default rate's full source, when the shown rate is it.
    pub source: Option<String>,
}

/// The note beside the display currency's rate, in the thread's language and currency; `None` for
/// US dollars. When the shown rate is the currency's dated default (data/currencies.json), it
/// says whose rate and of when, and, more than [`RATE_STALE_DAYS`] after that day (`today`; no
/// clock: never), how old it is. A rate the reader typed is the reader's: no date.
pub fn currency_note(today: Option<crate::input::calendar::Date>) -> Option<CurrencyNote> {
    use crate::input::calendar::Date;
    let label = currency_label()?;
    let c = currency();
    let default = crate::data::catalog::default_rate(c.code)
        .filter(|_| crate::data::catalog::default_currency(c.code) == Some(c));
    let Some(rate) = default else {
        return Some(CurrencyNote {
            text: label,
            stale: false,
            source: None,
        });
    };
    let Ok(day) = Date::parse(&rate.as_of) else {
        return Some(CurrencyNote {
            text: label,
            stale: false,
            source: Some(rate.source_text().to_string()),
        });
    };
    let age = today.map(|t| day.days_until(t));
    let stale = age.is_some_and(|d| d > RATE_STALE_DAYS);
    let text = match age {
        Some(days) if stale => crate::tr!(
            "format.currency_default_stale",
            label = label,
            date = day,
            days = local(group_thousands(&days.to_string()))
        ),
        _ => crate::tr!("format.currency_default", label = label, date = day),
    };
    Some(CurrencyNote {
        text,
        stale,
        source: Some(rate.source_text().to_string()),
    })
}

/// A number in a formula's short exponent form, in the thread's language: 7e9 → "7e9",
/// 1.5e12 → "1.5e12" (Portuguese "1,5e12"), at most six significant digits, so a product's
/// binary noise never shows (4.8 × 8e9 × 3e8 is 1.1519999999999998e19 in floating point: "1.152e19").
pub fn exponent(v: f64) -> String {
    if !v.is_finite() {
        return NOT_A_NUMBER.into();
    }
    let s = format!("{v:.5e}");
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let mantissa = if mantissa.contains('.') {
        mantissa.trim_end_matches('0').trim_end_matches('.')
    } else {
        mantissa
    };
    local(format!("{mantissa}e{exp}"))
}

/// A plain number with separators and up to `decimals` decimals, for hover text: "58,982.137".
pub fn exact(v: f64, decimals: usize) -> String {
    local(exact_en(v, decimals))
}

fn exact_en(v: f64, decimals: usize) -> String {
    if !v.is_finite() {
        return NOT_A_NUMBER.into();
    }
    if v.abs() >= 1e15 {
        return format!("{v:e}"); // localised by the caller
    }
    let s = format!("{:.decimals$}", v.abs());
    let (int, frac) = s.split_once('.').unwrap_or((&s, ""));
    let frac = frac.trim_end_matches('0');
    let sign = if v < 0.0 { "-" } else { "" };
    if frac.is_empty() {
        format!("{sign}{}", group_thousands(int))
    } else {
        format!("{sign}{}.{frac}", group_thousands(int))
    }
}

/// Days for a headline: "9.6 h" and "47 min" below a day (never "0.4 days"), "38.4 days",
/// "1,229 days (3.4 years)".
pub fn days(v: f64) -> String {
    if !v.is_finite() {
        return NOT_A_NUMBER.into();
    }
    if v < 1.0 {
        return hours(v * 24.0);
    }
    if v < 100.0 {
        let n = significant(v, 3);
        if n == "1" {
            crate::tr!("format.day_one")
        } else {
            crate::tr!("format.days", n = local(n))
        }
    } else if v < 730.0 {
        crate::tr!(
            "format.days",
            n = local(group_thousands(&format!("{v:.0}")))
        )
    } else {
        crate::tr!(
            "format.days_years",
            n = local(group_thousands(&format!("{v:.0}"))),
            years = local(significant(v / 365.25, 2))
        )
    }
}

/// A duration in hours for a headline or an axis: "47 min", "11.4 h", "3.2 days".
pub fn hours(v: f64) -> String {
    if !v.is_finite() {
        return NOT_A_NUMBER.into();
    }
    if v < 1.0 {
        format!("{} min", exact(v * 60.0, 0))
    } else if v < 48.0 {
        format!("{} h", exact(v, 1))
    } else {
        days(v / 24.0)
    }
}

/// A fraction as a percentage: 0.4 → "40%", 0.375 → "37.5%".
pub fn percent(fraction: f64) -> String {
    if !fraction.is_finite() {
        return NOT_A_NUMBER.into();
    }
    format!("{}%", local(significant(fraction * 100.0, 4)))
}

/// The raw number for a `data-value` attribute: shortest round-trip decimal that JavaScript's
/// `Number()` parses to the same value ("58982.13700...", "8.4e22"). Empty for non-finite values.
pub fn data_value(v: f64) -> String {
    if v.is_finite() {
        format!("{v:?}")
    } else {
        String::new()
    }
}

/// The decimals an amount of money is written with, as a person writes it: two (the cent) from
/// one unit up, and zero; three significant figures below one (0.0263: four). [`price`] and a
/// money box's text in another currency than the dollar (`Field::display`) both follow it.
pub(crate) fn money_decimals(v: f64) -> usize {
    if v.abs() >= 1.0 || v == 0.0 {
        return 2;
    }
    // Three significant figures: 0.0263's first is the second decimal, so four places.
    let first = -(v.abs().log10().floor() as i64);
    usize::try_from(first + 2).unwrap_or(2)
}

/// `v` a few ulps up: a half written in decimal (0.2625, 2.345) is a hair below it in binary, and
/// nudged it rounds up as by hand. No amount is near enough a half for the nudge to change
/// anything else.
pub(crate) fn half_up(v: f64) -> f64 {
    v * (1.0 + 8.0 * f64::EPSILON)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dollars_round_as_by_hand_whatever_the_float_noise() {
        // 0.75 x 0.15 + 0.25 x 0.60 per million tokens, times 1,000 million: $262.50 by hand,
        // 262.49999999999994 in floating point.
        let noisy = (0.75 * 0.15 + 0.25 * 0.60) * 1000.0;
        assert!(noisy < 262.5);
        assert_eq!(usd(noisy), "$263");
        assert_eq!(usd(2.5 * 1000.0 + 0.5), "$2,501");
        assert_eq!(usd(1234.49), "$1,234");
        assert_eq!(usd(99.994), "$99.99");
        assert_eq!(usd(99.996), "$100");
    }

    #[test]
    fn headline_dollars() {
        assert_eq!(usd(3.4), "$3.40");
        assert_eq!(usd(2482.0), "$2,482");
        assert_eq!(usd(405_797.1), "$406K");
        assert_eq!(usd(2_904_000.0), "$2.9M");
        assert_eq!(usd(999_999.0), "$1M");
        assert_eq!(usd(f64::NAN), "—");
        assert_eq!(usd_exact(405_797.1), "$405,797.10");
    }

    #[test]
    fn exact_amounts_write_every_digit_where_they_are_asked_for() {
        use crate::locale::{with_exact_amounts, with_lang, Lang};
        // The reader's preference: headlines to the cent, grouped, in the reader's marks; the
        // charts' form stays rounded (an axis label must stay short).
        with_exact_amounts(true, || {
            assert_eq!(usd(405_797.1), "$405,797.10");
            assert_eq!(usd(2_904_000.0), "$2,904,000.00");
            assert_eq!(usd(-1_250.5), "-$1,250.50");
            assert_eq!(usd(0.0), "$0.00");
            assert_eq!(usd_compact(405_797.1), "$406K");
            assert_eq!(
                with_lang(Lang::Pt, || usd(2_904_000.0)),
                "US$\u{a0}2.904.000,00"
            );
            assert_eq!(usd(f64::INFINITY), "—");
        });
        // Off again once the closure returns: rounded for reading.
        assert_eq!(usd(405_797.1), "$406K");
    }

    #[test]
    fn compact_counts() {
        assert_eq!(compact(950.0), "950");
        assert_eq!(compact(58_982.137), "59K");
        assert_eq!(compact(1_230_000.0), "1.2M");
        assert_eq!(compact(999_950.0), "1M");
        assert_eq!(compact(2.788e6), "2.8M");
        // A thousand trillion and more: the T count grouped like any number.
        assert_eq!(compact(3.5e15), "3,500T");
        assert_eq!(compact(6.738_93e17), "673,893T");
        assert_eq!(pt(|| compact(3.5e15)), "3.500\u{a0}tri");
        assert_eq!(compact(f64::INFINITY), "—");
    }

    #[test]
    fn scientific_notation() {
        assert_eq!(scientific(8.4e22), "8.4 × 10²²");
        assert_eq!(scientific(3.15e23), "3.15 × 10²³");
        assert_eq!(scientific(9.999e22), "1 × 10²³");
        assert_eq!(scientific(1.5e-7), "1.5 × 10⁻⁷");
    }

    #[test]
    fn days_and_percent_and_exact() {
        assert_eq!(days(38.400_089), "38.4 days");
        assert_eq!(days(250.4), "250 days");
        assert_eq!(days(2457.6), "2,458 days (6.7 years)");
        assert_eq!(percent(0.4), "40%");
        assert_eq!(percent(0.375), "37.5%");
        assert_eq!(exact(58_982.137_2, 3), "58,982.137");
        assert_eq!(exact(64.0, 3), "64");
    }

    #[test]
    fn data_values_parse_back() {
        for v in [8.4e22, 58_982.137_222, 0.4, 2482.0, 1e-300] {
            assert_eq!(data_value(v).parse::<f64>().ok(), Some(v));
        }
        assert_eq!(data_value(f64::NAN), "");
    }

    #[test]
    fn hours_pick_a_readable_unit() {
        assert_eq!(hours(0.5), "30 min");
        assert_eq!(hours(11.4324), "11.4 h");
        assert_eq!(hours(72.0), "3 days");
        assert_eq!(hours(f64::NAN), NOT_A_NUMBER);
    }

    use crate::locale::{with_currency, with_lang, DisplayCurrency};

    fn pt<R>(f: impl FnOnce() -> R) -> R {
        with_lang(Lang::Pt, f)
    }

    #[test]
    fn portuguese_swaps_the_marks_and_writes_the_scale_in_words() {
        // The examples: "$1,234.56" / "US$ 1.234,56", "38.4" / "38,4"; "2.9M" is
        // "2,9 mi" in Portuguese (Intl's pt-BR compact form: a Brazilian reads "2,9M" as
        // thousands), "59K" "59 mil", "1.1B" "1,1 bi".
        assert_eq!(usd_exact(1234.56), "$1,234.56");
        assert_eq!(pt(|| usd_exact(1234.56)), "US$\u{a0}1.234,56");
        assert_eq!(pt(|| compact(2.9e6)), "2,9\u{a0}mi");
        assert_eq!(pt(|| compact(58_982.137)), "59\u{a0}mil");
        assert_eq!(pt(|| compact(1.1e9)), "1,1\u{a0}bi");
        assert_eq!(pt(|| compact(950.0)), "950");
        // A typed box's form keeps the suffix its parser reads.
        assert_eq!(pt(|| compact_typed(524_288.0)), "524K");
        assert_eq!(pt(|| compact_typed(1.5e9)), "1,5B");
        assert_eq!(pt(|| days(38.4)), "38,4 dias");
        // 2457.6 days: "2.458" rounded and grouped; 2457.6 / 365.25 = 6.73 → "6,7".
        assert_eq!(pt(|| days(2457.6)), "2.458 dias (6,7 anos)");
        // 3.4 < 100: two decimals; 2482 < 10,000: grouped; 2.904e6: compact.
        assert_eq!(pt(|| usd(3.4)), "US$\u{a0}3,40");
        assert_eq!(pt(|| usd(2482.0)), "US$\u{a0}2.482");
        assert_eq!(pt(|| usd(2_904_000.0)), "US$\u{a0}2,9\u{a0}mi");
        assert_eq!(pt(|| usd(-2482.0)), "-US$\u{a0}2.482");
        // 1e12 moves up to the next scale, "1T", "1 tri"; 3.5e15 is 3,500 trillions, grouped in
        // each language's way, "3.500 tri" (an ungrouped "3500T" beside "1.979" was one of the
        // São Paulo founder's findings).
        assert_eq!(pt(|| compact(3.5e15)), "3.500\u{a0}tri");
        assert_eq!(pt(|| compact(1e12)), "1\u{a0}tri");
        assert_eq!(pt(|| scientific(8.4e22)), "8,4 × 10²²");
        assert_eq!(pt(|| percent(0.375)), "37,5%");
        assert_eq!(pt(|| exact(58_982.137_2, 3)), "58.982,137");
        assert_eq!(pt(|| hours(11.4324)), "11,4 h");
        assert_eq!(pt(|| usd(f64::NAN)), NOT_A_NUMBER);
        // Machines read the same value in every language.
        assert_eq!(pt(|| data_value(58_982.137)), "58982.137");
        // with_lang restored English.
        assert_eq!(compact(2.9e6), "2.9M");
    }

    #[test]
    fn the_currency_note_dates_the_default_rate_and_flags_it_past_90_days() {
        use crate::input::calendar::Date;
        let code = CurrencyCode::Brl;
        let Some(default) = crate::data::catalog::default_rate(code)
            .and_then(|r| DisplayCurrency::new(code, r.per_usd()))
        else {
            panic!("reais have a default rate");
        };
        let Ok(day) = Date::parse(
            &crate::data::catalog::default_rate(code)
                .map_or(String::new(), |r| r.as_of.to_string()),
        ) else {
            panic!("the default rate is dated");
        };
        let on = |days: i64| {
            let today = day.add_days(days);
            with_currency(default, || currency_note(today))
        };
        // Dollars: no note at all.
        assert_eq!(currency_note(day.add_days(1)), None);
        // 90 days after the rate's day it is still fresh: dated, not flagged.
        let fresh = on(RATE_STALE_DAYS);
        assert!(fresh.as_ref().is_some_and(|n| !n.stale), "{fresh:?}");
        let text = fresh.map(|n| n.text).unwrap_or_default();
        assert!(
            text.ends_with(&format!("(the ECB reference rate of {day}: type yours)")),
            "{text}"
        );
        // 91 days: stale, with its age, in both languages (the day in words, never ISO).
        let stale = on(RATE_STALE_DAYS + 1);
        assert!(stale.as_ref().is_some_and(|n| n.stale), "{stale:?}");
        let text = stale.map(|n| n.text).unwrap_or_default();
        assert!(
            text.contains(&format!(
                "Stale: the ECB reference rate of {day}, 91 days old"
            )),
            "{text}"
        );
        assert!(!text.contains(&day.iso()), "{text}");
        let pt_text = pt(|| on(1_200)).map(|n| n.text).unwrap_or_default();
        assert!(
            pt_text.contains("Desatualizada") && pt_text.contains("há 1.200 dias"),
            "{pt_text}"
        );
        // No clock: never stale. A rate the reader typed: no date, never stale, no source.
        assert!(with_currency(default, || currency_note(None)).is_some_and(|n| !n.stale));
        let typed = DisplayCurrency::new(code, 5.0);
        let typed_note = typed.and_then(|c| with_currency(c, || currency_note(day.add_days(400))));
        assert_eq!(
            typed_note,
            Some(CurrencyNote {
                text: "Shown in BRL at 5.00 per US$; providers bill in US$".into(),
                stale: false,
                source: None
            })
        );
    }

    #[test]
    fn a_price_alone_is_to_the_cent_or_three_significant_figures() {
        // From a unit up: to the cent. $8.8791 → "$8.88"; $3.4 → "$3.40"; $2 → "$2.00".
        assert_eq!(price(8.8791), "$8.88");
        assert_eq!(price(3.4), "$3.40");
        assert_eq!(price(2.0), "$2.00");
        assert_eq!(price(1234.567), "$1,234.57");
        // Below: three significant figures. GPT-4o mini's 3:1 blend is exactly $0.2625 (a hair
        // below in binary): "$0.263", rounded up as by hand; $0.0263/GB-month stays; $0.15 too.
        assert_eq!(price(0.75 * 0.15 + 0.25 * 0.60), "$0.263");
        assert_eq!(price(0.026_31), "$0.0263");
        assert_eq!(price(0.15), "$0.15");
        assert_eq!(price(0.000_123_4), "$0.000123");
        assert_eq!(price(0.0), "$0");
        // A negative price keeps its sign (a refund's).
        assert_eq!(price(-2.5), "-$2.50");
        assert_eq!(price(f64::NAN), "—");
        // In reais at 5.4: $1.6443 × 5.4 = R$8.87922 → "R$ 8,88", never "R$ 8,8791".
        let Some(brl) = DisplayCurrency::new(CurrencyCode::Brl, 5.4) else {
            panic!("valid rate");
        };
        assert_eq!(with_currency(brl, || pt(|| price(1.6443))), "R$\u{a0}8,88");
        // $0.15 × 5.4 = R$0.81.
        assert_eq!(with_currency(brl, || price(0.15)), "R$0.81");
    }

    #[test]
    fn durations_below_a_day_are_in_hours_or_minutes() {
        // 0.0512 days = 1.2288 h → "1.2 h" (never "0,0512 dias"); 0.02 days = 28.8 min → "29 min".
        assert_eq!(days(0.0512), "1.2 h");
        assert_eq!(pt(|| days(0.0512)), "1,2 h");
        assert_eq!(days(0.02), "29 min");
        // A day and more stay in days, one of them in the singular.
        assert_eq!(days(1.0), "1 day");
        assert_eq!(pt(|| days(1.0)), "1 dia");
        assert_eq!(days(1.5), "1.5 days");
    }

    #[test]
    fn amounts_in_a_display_currency() {
        let brl = DisplayCurrency::new(CurrencyCode::Brl, 5.4);
        let eur = DisplayCurrency::new(CurrencyCode::Eur, 0.925);
        let (Some(brl), Some(eur)) = (brl, eur) else {
            panic!("valid rates");
        };
        // $1,000 × 5.4 = 5,400 BRL (under 10,000: grouped, no decimals).
        assert_eq!(with_currency(brl, || usd(1000.0)), "R$5,400");
        assert_eq!(with_currency(brl, || pt(|| usd(1000.0))), "R$\u{a0}5.400");
        // $1,000 × 0.925 = 925 EUR.
        assert_eq!(with_currency(eur, || usd(1000.0)), "€925");
        assert_eq!(with_currency(eur, || pt(|| usd(1000.0))), "€\u{a0}925");
        // $405,797.10 × 5.4 = 2,191,304.34 BRL; compact: 2.2M.
        assert_eq!(with_currency(brl, || usd(405_797.1)), "R$2.2M");
        assert_eq!(
            with_currency(brl, || pt(|| usd_exact(405_797.1))),
            "R$\u{a0}2.191.304,34"
        );
        // Unit prices: $6.88 × 5.4 = 37.152 → 2 decimals "37.15"; trailing zeros dropped.
        assert_eq!(usd_unit(6.88, 4), "$6.88");
        assert_eq!(pt(|| usd_unit(6.88, 4)), "US$\u{a0}6,88");
        assert_eq!(with_currency(brl, || usd_unit(6.88, 2)), "R$37.15");
        assert_eq!(usd_unit(-2.0, 2), "-$2");
        assert_eq!(usd_unit(-0.001, 2), "$0");
        // A fraction shows its cents: $3.40, not $3.4 (Azure's A100 40GB, data/prices.json).
        assert_eq!(usd_unit(3.4, 4), "$3.40");
        assert_eq!(usd_unit(0.2793, 4), "$0.2793");
        // A source's figure stays in dollars whatever the display currency.
        assert_eq!(
            with_currency(brl, || pt(|| usd_as_published(3.4, 4))),
            "US$\u{a0}3,40"
        );
        assert_eq!(with_currency(brl, || usd_as_published(6.88, 4)), "$6.88");
        assert_eq!(usd_as_published(10.0, 4), "$10.00");
        // An overflowing conversion never shows Infinity.
        let huge = DisplayCurrency::new(CurrencyCode::Brl, 1e6);
        if let Some(huge) = huge {
            assert_eq!(with_currency(huge, || usd(f64::MAX)), NOT_A_NUMBER);
        }
        // Back in dollars once the closure ends.
        assert_eq!(usd(1000.0), "$1,000");
    }

    #[test]
    fn the_currency_label_names_the_rate() {
        assert_eq!(currency_label(), None);
        let brl = DisplayCurrency::new(CurrencyCode::Brl, 5.4);
        let eur = DisplayCurrency::new(CurrencyCode::Eur, 0.925);
        let label = |c: Option<DisplayCurrency>| c.and_then(|c| with_currency(c, currency_label));
        assert_eq!(
            label(brl).as_deref(),
            Some("Shown in BRL at 5.40 per US$; providers bill in US$")
        );
        assert_eq!(
            label(eur).as_deref(),
            Some("Shown in EUR at 0.925 per US$; providers bill in US$")
        );
        assert_eq!(
            pt(|| label(brl)).as_deref(),
            Some("Valores em BRL a 5,40 por US$; os provedores cobram em US$")
        );
        assert_eq!(
            label(DisplayCurrency::new(CurrencyCode::Brl, 5.0)).as_deref(),
            Some("Shown in BRL at 5.00 per US$; providers bill in US$")
        );
    }
}
