//! How old the catalog's figures are. Prices and programs age fast, so every figure whose `as_of`
//! lies more than 12 months before "today" is stale: the page marks it next to the number and
//! [`Catalog::stale_entries`] lists them.
//!
//! The rule, exactly: an entry dated D is stale on day T when D + 12 months (same day of the month,
//! a year later) falls strictly before T. Exactly 12 months old does NOT count: an entry dated
//! 2025-12-01 is still fresh on 2026-12-01 and stale from 2026-12-02; one dated 2025-11-30 is stale on
//! 2026-12-01. A 29 February date is stale from 1 March of the next year.
//!
//! Today comes from the caller (the page reads the browser clock and passes an ISO string), so the
//! rule is a pure function tested with fixed dates.

use crate::data::catalog::{Catalog, Price};
use crate::input::calendar::Date;
use std::fmt;

impl Date {
    /// Whole months from `earlier` to `self` (0 when `self` is not later): 2025-11-30 → 2026-12-01
    /// is 12 months, 2025-12-01 → 2026-11-30 is 11.
    pub fn months_since(self, earlier: Date) -> u32 {
        let months = |d: Date| i64::from(d.year()) * 12 + i64::from(d.month());
        let mut n = months(self) - months(earlier);
        if self.day() < earlier.day() {
            n -= 1;
        }
        u32::try_from(n.max(0)).unwrap_or(0)
    }

    /// Whether a figure dated `self` is stale on `today` (see the module docs for the exact rule).
    pub fn is_stale_on(self, today: Date) -> bool {
        let due = (self.year() + 1, self.month(), self.day());
        due < (today.year(), today.month(), today.day())
    }
}

/// How old one figure is, when it is stale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Staleness {
    /// Whole months since its `as_of` date.
    pub months_old: u32,
}

impl Staleness {
    /// The marker shown next to the number: `stale: 14 months old`.
    pub fn label(&self) -> String {
        if self.months_old == 1 {
            crate::tr!("catalog_age.stale_one", n = self.months_old)
        } else {
            crate::tr!("catalog_age.stale_other", n = self.months_old)
        }
    }
}

/// Whether a figure dated `as_of` is stale on `today` (both ISO dates). `None` when it is fresh, or
/// when either date does not parse (the catalog validation rejects bad `as_of` dates; a bad clock
/// marks nothing).
pub fn staleness(as_of: &str, today: &str) -> Option<Staleness> {
    let (as_of, today) = (Date::parse(as_of).ok()?, Date::parse(today).ok()?);
    as_of.is_stale_on(today).then(|| Staleness {
        months_old: today.months_since(as_of),
    })
}

/// The stale marker of a figure dated `as_of` on `today` (`stale: 14 months old`, in the reader's
/// language), or `None` when it is at most 12 months old, or without a clock (`today` unknown) or
/// a parsable date: the decision and the words the price pickers show.
pub fn stale_label(as_of: &str, today: Option<Date>) -> Option<String> {
    staleness(as_of, &today?.iso()).map(|s| s.label())
}

/// How a catalog price reads on a day: listed and fresh, stale (with its marker), or no longer
/// listed by its provider (which says so instead of its age).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PriceAge {
    /// Listed, and at most 12 months old (or no clock to tell).
    Fresh,
    /// Listed, and older than 12 months: its marker ([`stale_label`]).
    Stale(String),
    /// The provider no longer lists the accelerator.
    Delisted,
}

impl PriceAge {
    /// Whether the price is marked (stale or delisted).
    pub fn is_marked(&self) -> bool {
        *self != PriceAge::Fresh
    }
}

/// How `price` reads on `today` ([`PriceAge`]): delisted before stale.
pub fn price_age(price: &Price, today: Option<Date>) -> PriceAge {
    if price.is_delisted() {
        return PriceAge::Delisted;
    }
    stale_label(&price.as_of, today).map_or(PriceAge::Fresh, PriceAge::Stale)
}

/// Every provider's price for `accelerator` in the picker's order ([`Catalog::offers`]), each
/// with how it reads on `today`.
pub fn offer_ages<'c>(
    catalog: &'c Catalog,
    accelerator: &str,
    today: Option<Date>,
) -> Vec<(&'c Price, PriceAge)> {
    // The offers' order, as positions in the catalog (whose prices outlive `accelerator`).
    let order: Vec<usize> = catalog
        .offers(accelerator)
        .filter_map(|p| catalog.prices.iter().position(|q| std::ptr::eq(q, p)))
        .collect();
    order
        .into_iter()
        .map(|i| {
            let p = &catalog.prices[i];
            (p, price_age(p, today))
        })
        .collect()
}

/// One stale catalog entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaleEntry {
    /// Which table: `price`, `API price`, `provider`, `program` or `network`.
    pub table: &'static str,
    /// The entry (`aws/a100-40gb` for a price, the id otherwise).
    pub id: String,
    /// Its `as_of` date.
    pub as_of: String,
    /// Whole months since then.
    pub months_old: u32,
}

impl fmt::Display for StaleEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::tr!(
            "catalog_age.entry",
            table = self.table,
            id = self.id,
            as_of = crate::input::calendar::date_in_words(&self.as_of),
            n = self.months_old
        ))
    }
}

impl Catalog {
    /// Every figure that ages (prices, API prices, providers' storage/egress/discounts, credit
    /// programs, networks) whose `as_of` is stale on `today`, in table then file order.
    /// Accelerator data-sheet figures do not age and are not listed.
    pub fn stale_entries(&self, today: Date) -> Vec<StaleEntry> {
        let rows = self
            .prices
            .iter()
            .map(|p| {
                (
                    "price",
                    format!("{}/{}", p.provider, p.accelerator),
                    &p.as_of,
                )
            })
            .chain(
                self.apis
                    .iter()
                    .map(|a| ("API price", a.id.to_string(), &a.as_of)),
            )
            .chain(
                self.providers
                    .iter()
                    .map(|p| ("provider", p.id.to_string(), &p.as_of)),
            )
            .chain(
                self.programs
                    .iter()
                    .map(|p| ("program", p.id.to_string(), &p.as_of)),
            )
            .chain(
                self.networks
                    .iter()
                    .map(|n| ("network", n.id.to_string(), &n.as_of)),
            );
        rows.filter_map(|(table, id, as_of)| {
            let date = Date::parse(as_of).ok()?;
            date.is_stale_on(today).then(|| StaleEntry {
                table,
                id,
                as_of: as_of.to_string(),
                months_old: today.months_since(date),
            })
        })
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn exactly_twelve_months_is_not_stale_one_day_more_is() {
        // The brief's hand-picked pair, on 2026-12-01.
        assert!(d("2025-11-30").is_stale_on(d("2026-12-01")));
        assert!(!d("2025-12-01").is_stale_on(d("2026-12-01")));
        // The 2025-12-01 entry turns stale the next day.
        assert!(d("2025-12-01").is_stale_on(d("2026-12-02")));
        // Same day, later year; far in the past; in the future (a clock set back) is never stale.
        assert!(!d("2026-12-01").is_stale_on(d("2026-12-01")));
        assert!(d("2024-05-01").is_stale_on(d("2026-12-01")));
        assert!(!d("2027-01-01").is_stale_on(d("2026-12-01")));
        // 29 February 2024 + 12 months is "2025-02-29": stale from 2025-03-01, not on 2025-02-28.
        assert!(!d("2024-02-29").is_stale_on(d("2025-02-28")));
        assert!(d("2024-02-29").is_stale_on(d("2025-03-01")));
    }

    #[test]
    fn months_old_counts_whole_months() {
        // 2024-05-01 → 2026-12-01: 2 years 7 months = 31 months.
        assert_eq!(d("2026-12-01").months_since(d("2024-05-01")), 31);
        // 2025-11-30 → 2026-12-01: 12 months and one day = 12 whole months.
        assert_eq!(d("2026-12-01").months_since(d("2025-11-30")), 12);
        // 2025-12-02 → 2026-12-01: one day short of 12 months = 11.
        assert_eq!(d("2026-12-01").months_since(d("2025-12-02")), 11);
        // Later date first: 0, never negative.
        assert_eq!(d("2025-01-01").months_since(d("2026-01-01")), 0);
        assert_eq!(
            staleness("2025-10-01", "2026-12-01").map(|s| s.label()),
            Some("stale: 14 months old".to_string())
        );
        assert_eq!(staleness("2025-12-01", "2026-12-01"), None);
    }

    #[test]
    fn a_price_reads_fresh_stale_or_delisted_in_both_languages() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let today = Some(d("2026-12-01"));
        let price = |provider: &str| {
            c.price(provider, "a100-40gb")
                .unwrap_or_else(|| panic!("{provider}"))
                .clone()
        };
        // CoreWeave's A100 40GB price is dated 2024-05-01 (seed 003): on 2026-12-01 that is
        // 2 years 7 months = 31 whole months, more than 12, so stale, worded by
        // model/locales/plan.yml's `catalog_age.stale_other` ("stale: %{n} months old",
        // "desatualizado: %{n} meses").
        // The catalog lists it as delisted since; the same price still listed is the stale case.
        let listed = price("coreweave");
        assert_eq!(listed.as_of, "2024-05-01");
        let cw = Price {
            delisted: "".into(),
            ..listed.clone()
        };
        let age = crate::locale::with_lang(crate::locale::Lang::En, || price_age(&cw, today));
        assert_eq!(age, PriceAge::Stale("stale: 31 months old".to_string()));
        assert!(age.is_marked());
        let pt =
            crate::locale::with_lang(crate::locale::Lang::Pt, || stale_label(&cw.as_of, today));
        assert_eq!(pt.as_deref(), Some("desatualizado: 31 meses"));
        // The rule's own pair: 2025-11-30 on 2026-12-01 is 12 whole months (and a day) old: stale.
        assert_eq!(
            crate::locale::with_lang(crate::locale::Lang::En, || {
                stale_label("2025-11-30", today)
            })
            .as_deref(),
            Some("stale: 12 months old")
        );
        // Exactly 12 months old (2025-12-01 on 2026-12-01) is fresh; so is every price without a
        // clock.
        assert_eq!(stale_label("2025-12-01", today), None);
        assert_eq!(price_age(&cw, None), PriceAge::Fresh);
        // AWS's A100 40GB price, re-read 2026-11-09, is fresh and unmarked.
        let aws = price("aws");
        assert_eq!(price_age(&aws, today), PriceAge::Fresh);
        assert!(!PriceAge::Fresh.is_marked());
        // A GPU its provider no longer lists says so instead of its age, stale or not: the
        // catalog's own CoreWeave A100 40GB.
        let gone = listed;
        assert!(gone.is_delisted());
        assert_eq!(price_age(&gone, today), PriceAge::Delisted);
        assert_eq!(price_age(&gone, None), PriceAge::Delisted);
        // The picker's rows: Catalog::offers' order, each with its age.
        let rows = offer_ages(&c, "a100-40gb", today);
        let order: Vec<&str> = c.offers("a100-40gb").map(|p| &*p.provider).collect();
        assert_eq!(
            rows.iter().map(|(p, _)| &*p.provider).collect::<Vec<_>>(),
            order
        );
        let cw_row = rows.iter().find(|(p, _)| p.provider == "coreweave");
        assert_eq!(cw_row.map(|(_, a)| a.is_marked()), Some(true), "{rows:?}");
    }

    #[test]
    fn parse_rejects_what_is_not_a_calendar_date() {
        assert_eq!(Date::parse("2026-02-28").ok(), Date::new(2026, 2, 28));
        for bad in [
            "",
            "2026-2-28",
            "2026-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-04-31",
            "2026-01-00",
            "26-01-01xx",
            "2026/01/01",
            "２０２６-01-01",
            "0999-01-01",
            "2026-01-0a",
        ] {
            assert_eq!(Date::parse(bad).ok(), None, "{bad:?}");
        }
        assert!(Date::parse("2024-02-29").is_ok());
        assert!(Date::parse("1900-02-29").is_err());
        assert!(Date::parse("2000-02-29").is_ok());
        // A bad clock or a bad date marks nothing.
        assert_eq!(staleness("2020-01-01", "not a date"), None);
        assert_eq!(d("2026-07-04").iso(), "2026-07-04");
    }

    #[test]
    fn the_builtin_catalog_lists_its_stale_entries() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let today = d("2026-12-01");
        let stale = c.stale_entries(today);
        let ids: Vec<String> = stale
            .iter()
            .map(|s| format!("{} {}", s.table, s.id))
            .collect();
        // Seed 003's 2024 CoreWeave A100 40GB price (2024-05-01) is stale: 31 months on 2026-12-01.
        let cw = stale
            .iter()
            .find(|s| s.table == "price" && s.id == "coreweave/a100-40gb")
            .unwrap_or_else(|| panic!("{ids:?}"));
        assert_eq!((cw.as_of.as_str(), cw.months_old), ("2024-05-01", 31));
        // Said with its date in words, as every date a person reads.
        assert_eq!(
            cw.to_string(),
            "price coreweave/a100-40gb: as of 1 May 2024, 31 months old"
        );
        // AWS's A100 40GB price, re-read 2026-11-09, is fresh.
        assert!(!ids.contains(&"price aws/a100-40gb".to_string()), "{ids:?}");
        // Everything listed really is older than 12 months, everything else is not.
        for s in &stale {
            assert!(d(&s.as_of).is_stale_on(today), "{s}");
        }
        let fresh = c
            .prices
            .iter()
            .filter(|p| !d(&p.as_of).is_stale_on(today))
            .count();
        assert_eq!(
            fresh + stale.iter().filter(|s| s.table == "price").count(),
            c.prices.len()
        );
        // On the day of the oldest date nothing is stale.
        assert!(c.stale_entries(d("2000-01-01")).is_empty());
    }
}
