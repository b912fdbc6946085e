//! Numbers for people (`$2.9M`, `59K GPU-hours`, `8.4 × 10²² FLOP`) and for machines (`data-value`).
//! Non-finite values never reach the screen: they format as "—".

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

/// A compact count: 950 → "950", 58,982 → "59K", 1.23e6 → "1.2M", 3.1e15 → "3.1 × 10¹⁵".
pub fn compact(v: f64) -> String {
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
            return format!("{m}{suffix}");
        }
    }
    scientific(v)
}

/// A value in scientific notation with superscript exponent: 8.4e22 → "8.4 × 10²²".
pub fn scientific(v: f64) -> String {
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

/// Dollars for a headline: "$3.40", "$2,482", "$406K", "$2.9M".
pub fn usd(v: f64) -> String {
    if !v.is_finite() {
        return NOT_A_NUMBER.into();
    }
    let sign = if v < 0.0 { "-" } else { "" };
    let a = v.abs();
    if a == 0.0 {
        "$0".into()
    } else if a < 100.0 {
        format!("{sign}${a:.2}")
    } else if a < 10_000.0 {
        format!("{sign}${}", group_thousands(&format!("{a:.0}")))
    } else {
        format!("{sign}${}", compact(a))
    }
}

/// Exact-ish dollars for hover text: "$405,797.10".
pub fn usd_exact(v: f64) -> String {
    if !v.is_finite() {
        return NOT_A_NUMBER.into();
    }
    let s = format!("{:.2}", v.abs());
    let (int, frac) = s.split_once('.').unwrap_or((&s, "00"));
    format!(
        "{}${}.{frac}",
        if v < 0.0 { "-" } else { "" },
        group_thousands(int)
    )
}

/// A plain number with separators and up to `decimals` decimals, for hover text: "58,982.137".
pub fn exact(v: f64, decimals: usize) -> String {
    if !v.is_finite() {
        return NOT_A_NUMBER.into();
    }
    if v.abs() >= 1e15 {
        return format!("{v:e}");
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

/// Days for a headline: "0.4 days", "38.4 days", "1,229 days (3.4 years)".
pub fn days(v: f64) -> String {
    if !v.is_finite() {
        return NOT_A_NUMBER.into();
    }
    if v < 100.0 {
        format!("{} days", significant(v, 3))
    } else if v < 730.0 {
        format!("{} days", group_thousands(&format!("{v:.0}")))
    } else {
        format!(
            "{} days ({} years)",
            group_thousands(&format!("{v:.0}")),
            significant(v / 365.25, 2)
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
    format!("{}%", significant(fraction * 100.0, 4))
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn compact_counts() {
        assert_eq!(compact(950.0), "950");
        assert_eq!(compact(58_982.137), "59K");
        assert_eq!(compact(1_230_000.0), "1.2M");
        assert_eq!(compact(999_950.0), "1M");
        assert_eq!(compact(2.788e6), "2.8M");
        assert_eq!(compact(3.5e15), "3500T");
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
}
