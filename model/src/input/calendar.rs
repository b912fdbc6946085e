//! Civil calendar dates for the credit runway: day 0 of a plan is a date (link key `t0`), and every
//! day number the page shows is read as a date ("14 Mar 2027"). Proleptic Gregorian calendar, no
//! time zones and no clock: "today" always comes from the caller.

use std::fmt;

/// A calendar date (year, month 1–12, day 1–31 checked against the month).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: i32,
    month: u32,
    day: u32,
}

/// Why a text is not a date ([`Date::parse`]); in words, in the reader's language, when shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DateProblem {
    /// Not ten characters `YYYY-MM-DD`.
    NotShaped,
    /// A year before 1000 or after 9999.
    YearOutside,
    /// A month outside 1 to 12.
    NoSuchMonth,
    /// A day the month does not have (`days`: how many it has that year).
    NoSuchDay {
        /// The month, 1-12.
        month: u32,
        /// Its days that year.
        days: u32,
    },
}

impl std::fmt::Display for DateProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&match *self {
            DateProblem::NotShaped => crate::tr!("plan.date.not_shaped"),
            DateProblem::YearOutside => crate::tr!("plan.date.year_outside"),
            DateProblem::NoSuchMonth => crate::tr!("plan.date.no_such_month"),
            DateProblem::NoSuchDay { month, days } => {
                let name = month_names()
                    .get((month as usize).wrapping_sub(1))
                    .copied()
                    .unwrap_or("?");
                crate::tr!("plan.date.no_such_day", month = name, days = days)
            }
        })
    }
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// pt-BR's short month names, with their abbreviation dot.
const MONTHS_PT: [&str; 12] = [
    "jan.", "fev.", "mar.", "abr.", "mai.", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez.",
];

/// The short month names in the thread's language.
fn month_names() -> &'static [&'static str; 12] {
    match crate::locale::lang() {
        crate::locale::Lang::En => &MONTHS,
        crate::locale::Lang::Pt => &MONTHS_PT,
    }
}

/// Whether `year` has a 29 February.
pub fn is_leap_year(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// Days in `month` (1–12) of `year`.
pub fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        2 if is_leap_year(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Date {
    /// A date from its parts; `None` when it is not a calendar date or the year is outside
    /// 1000–9999.
    pub fn new(year: i32, month: u32, day: u32) -> Option<Date> {
        ((1000..=9999).contains(&year)
            && (1..=12).contains(&month)
            && day >= 1
            && day <= days_in_month(year, month))
        .then_some(Date { year, month, day })
    }

    /// Year.
    pub fn year(self) -> i32 {
        self.year
    }

    /// Month, 1–12.
    pub fn month(self) -> u32 {
        self.month
    }

    /// Day of the month.
    pub fn day(self) -> u32 {
        self.day
    }

    /// Parses `YYYY-MM-DD` (exactly ten characters, surrounding spaces ignored). The error says
    /// what is wrong, for a message naming the field.
    pub fn parse(text: &str) -> Result<Date, DateProblem> {
        let t = text.trim();
        let b = t.as_bytes();
        let shaped = b.len() == 10
            && b[4] == b'-'
            && b[7] == b'-'
            && b.iter()
                .enumerate()
                .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
        if !shaped {
            return Err(DateProblem::NotShaped);
        }
        let num =
            |r: std::ops::Range<usize>| b[r].iter().fold(0u32, |n, c| n * 10 + u32::from(c - b'0'));
        let (year, month, day) = (num(0..4) as i32, num(5..7), num(8..10));
        if !(1000..=9999).contains(&year) {
            return Err(DateProblem::YearOutside);
        }
        if !(1..=12).contains(&month) {
            return Err(DateProblem::NoSuchMonth);
        }
        Date::new(year, month, day).ok_or(DateProblem::NoSuchDay {
            month,
            days: days_in_month(year, month),
        })
    }

    /// Days since 1970-01-01 (negative before it). Howard Hinnant's `days_from_civil`.
    fn to_days(self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` days after 1970-01-01 (`civil_from_days`), if its year is in 1000–9999.
    fn from_days(days: i64) -> Option<Date> {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + i64::from(month <= 2);
        Date::new(i32::try_from(year).ok()?, month, day)
    }

    /// The date `days` later (earlier when negative); `None` past the year 9999 or before 1000.
    pub fn add_days(self, days: i64) -> Option<Date> {
        Date::from_days(self.to_days().checked_add(days)?)
    }

    /// The date of plan day `day` when `self` is day 0, saturating at 9999-12-31 (day numbers are
    /// at most five years, so this only matters for nonsense input).
    pub fn plus(self, day: u32) -> Date {
        self.add_days(i64::from(day)).unwrap_or(Date {
            year: 9999,
            month: 12,
            day: 31,
        })
    }

    /// Days from `self` to `later` (negative when `later` is earlier).
    pub fn days_until(self, later: Date) -> i64 {
        later.to_days() - self.to_days()
    }

    /// `2027-03-14`.
    pub fn iso(self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }

    /// `14 Mar 2027`, for people; in Portuguese pt-BR's usual short form, `14 de mar. de 2027`
    /// (the form of `Intl.DateTimeFormat("pt-BR", { dateStyle: "medium" })`).
    pub fn human(self) -> String {
        if crate::locale::lang() == crate::locale::Lang::Pt {
            return format!("{} de {} de {}", self.day, self.month_name(), self.year);
        }
        format!("{} {} {}", self.day, self.month_name(), self.year)
    }

    /// Day and month, for a chart's axis: `14 Mar`; in Portuguese `14 de mar.`.
    pub fn day_month(self) -> String {
        if crate::locale::lang() == crate::locale::Lang::Pt {
            return format!("{} de {}", self.day, self.month_name());
        }
        format!("{} {}", self.day, self.month_name())
    }

    /// Month and year, for a chart's axis: `Mar 2027`; in Portuguese `mar. 2027`.
    pub fn month_year(self) -> String {
        format!("{} {}", self.month_name(), self.year)
    }

    /// The month's short name in the thread's language: `Mar`, `mar.`.
    fn month_name(self) -> &'static str {
        month_names()[(self.month - 1) as usize]
    }
}

/// An ISO date (`2026-11-09`, as the catalog dates its figures) as people read it, in the
/// thread's language: "9 Nov 2026", "9 de nov. de 2026". Text that is not a date is returned as it
/// is (a catalog's validation has refused it already).
pub fn date_in_words(iso: &str) -> String {
    Date::parse(iso).map_or_else(|_| iso.to_string(), Date::human)
}

impl fmt::Display for Date {
    /// The human form, `14 Mar 2027`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.human())
    }
}

impl crate::locale::Arg for Date {
    /// A date in a sentence is its human form in the thread's language.
    fn write_arg(&self, out: &mut String) {
        out.push_str(&self.human());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn month_and_year_boundaries() {
        assert_eq!(d("2026-12-31").plus(1), d("2027-01-01"));
        // January has 31 days: 2027-01-31 + 28 = 2027-02-28 (2027 is not a leap year), + 1 more
        // = 2027-03-01.
        assert_eq!(d("2027-01-31").plus(29), d("2027-03-01"));
        assert_eq!(d("2027-03-01").add_days(-1), Some(d("2027-02-28")));
        assert_eq!(d("2026-11-30").plus(1), d("2026-12-01"));
    }

    #[test]
    fn leap_days() {
        assert_eq!(d("2028-02-28").plus(1), d("2028-02-29"));
        assert_eq!(d("2028-02-29").plus(1), d("2028-03-01"));
        // 2028-02-29 + 365: the 365 days to 2029-02-28 (no 29 Feb in 2029).
        assert_eq!(d("2028-02-29").plus(365), d("2029-02-28"));
        // 2100 is not a leap year, 2000 is.
        assert!(Date::parse("2100-02-29").is_err());
        assert_eq!(d("2000-02-28").plus(1), d("2000-02-29"));
    }

    #[test]
    fn days_between_across_a_leap_year() {
        // 2028 has 366 days; 2027 has 365.
        assert_eq!(d("2028-01-01").days_until(d("2029-01-01")), 366);
        assert_eq!(d("2027-01-01").days_until(d("2028-01-01")), 365);
        // 2027-12-01 to 2028-03-01: 31 (Dec) + 31 (Jan) + 29 (Feb) = 91.
        assert_eq!(d("2027-12-01").days_until(d("2028-03-01")), 91);
        assert_eq!(d("2028-03-01").days_until(d("2027-12-01")), -91);
        // 1970-01-01 is day 0 of the Unix epoch; 2000-01-01 is 10,957 days later (30 years, 7
        // of them leap: 72, 76, 80, 84, 88, 92, 96).
        assert_eq!(d("1970-01-01").days_until(d("2000-01-01")), 30 * 365 + 7);
    }

    #[test]
    fn formats() {
        assert_eq!(d("2027-03-14").human(), "14 Mar 2027");
        assert_eq!(d("2027-03-14").to_string(), "14 Mar 2027");
        assert_eq!(d("2027-03-04").iso(), "2027-03-04");
        assert_eq!(d(" 2026-12-01 ").iso(), "2026-12-01");
        // Portuguese: day, "de", abbreviated month with its dot, "de", year; ISO never changes.
        let pt = |f: fn() -> String| crate::locale::with_lang(crate::locale::Lang::Pt, f);
        assert_eq!(pt(|| d("2027-03-14").human()), "14 de mar. de 2027");
        assert_eq!(pt(|| d("2026-12-01").to_string()), "1 de dez. de 2026");
        assert_eq!(pt(|| d("2026-05-09").human()), "9 de mai. de 2026");
        assert_eq!(pt(|| d("2027-03-04").iso()), "2027-03-04");
        // The axis forms: day and month, month and year.
        assert_eq!(d("2027-03-04").day_month(), "4 Mar");
        assert_eq!(d("2027-03-04").month_year(), "Mar 2027");
        assert_eq!(pt(|| d("2027-03-04").day_month()), "4 de mar.");
        assert_eq!(pt(|| d("2026-12-01").month_year()), "dez. 2026");
    }

    #[test]
    fn invalid_dates_say_why() {
        let why = |s: &str| Date::parse(s).map_err(|e| e.to_string());
        assert_eq!(
            why("2027-02-29"),
            Err("is not a calendar date (Feb has 28 days)".into())
        );
        assert_eq!(
            why("2027-04-31"),
            Err("is not a calendar date (Apr has 30 days)".into())
        );
        assert_eq!(why("2027-13-01"), Err("has no such month".into()));
        assert_eq!(why("2027-00-10"), Err("has no such month".into()));
        assert_eq!(
            why("2027-01-00").map(Date::iso),
            Err("is not a calendar date (Jan has 31 days)".into())
        );
        for bad in [
            "",
            "2027-3-14",
            "14/03/2027",
            "2027-03-14T00",
            "２０２７-03-14",
            "+027-03-14",
        ] {
            assert_eq!(
                why(bad),
                Err("is not a date in the form YYYY-MM-DD".into()),
                "{bad}"
            );
        }
        assert_eq!(
            why("0999-12-31"),
            Err("has a year outside 1000 to 9999".into())
        );
        // Read once, said in the language of the moment it is shown (it was English inside a
        // Portuguese sentence).
        let e = Date::parse("2027-02-29");
        assert_eq!(
            crate::locale::with_lang(crate::locale::Lang::Pt, || e.map_err(|e| e.to_string())),
            Err("não é uma data do calendário (fev. tem 28 dias)".into())
        );
        assert_eq!(d("9999-12-31").add_days(1), None);
        assert_eq!(d("9999-12-31").plus(1), d("9999-12-31"));
    }
}
