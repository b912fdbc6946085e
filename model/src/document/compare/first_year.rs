//! How the compared columns rank: each on its first year (its one-off cost plus twelve months of
//! its monthly cost), so retrieval's monthly prompts count against its tiny one-off cost; the
//! cheapest is marked and every other column says how many times the cheapest it costs.

use super::ColumnResult;

/// Months counted after the one-off cost when columns are ranked.
const FIRST_YEAR_MONTHS: f64 = 12.0;

impl ColumnResult {
    /// The one-off cost plus twelve months of the monthly cost, USD.
    pub fn first_year_usd(&self) -> f64 {
        self.cost_usd + FIRST_YEAR_MONTHS * self.monthly_usd
    }
}

/// One column's rank on its first year.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FirstYear {
    /// Its first year, USD ([`ColumnResult::first_year_usd`]).
    pub usd: f64,
    /// Whether it is the cheapest first year of the columns (ties: each of them).
    pub cheapest: bool,
    /// How many times the cheapest first year it costs; `None` for the cheapest, and when the
    /// ratio means nothing (a figure not finite, a cheapest of 0 or less): the page says
    /// "cheapest" then.
    pub times_cheapest: Option<f64>,
}

/// Each column's first year and its rank, in column order.
pub fn first_years(results: &[ColumnResult]) -> Vec<FirstYear> {
    let low = results
        .iter()
        .map(ColumnResult::first_year_usd)
        .fold(f64::INFINITY, f64::min);
    results
        .iter()
        .map(|r| {
            let usd = r.first_year_usd();
            let cheapest = usd == low;
            let times_cheapest = (!cheapest && usd.is_finite() && low > 0.0).then(|| usd / low);
            FirstYear {
                usd,
                cheapest,
                times_cheapest,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::credits::runway::simulate;

    fn column(cost_usd: f64, monthly_usd: f64) -> ColumnResult {
        ColumnResult {
            flops: 0.0,
            gpu_hours: 0.0,
            ideal_gpu_hours: 0.0,
            cost_usd,
            monthly_usd,
            retrieval: None,
            wall_clock_days: 0.0,
            payers: Vec::new(),
            runway: simulate(&[], &[]),
        }
    }

    #[test]
    fn columns_rank_on_their_first_year_by_hand() {
        // A training column: $1,000 one-off, nothing a month → 1,000 + 12 × 0 = $1,000.
        // A retrieval column: $1 one-off, $100 a month → 1 + 12 × 100 = $1,201.
        // Another training column: $500 one-off → $500, the cheapest;
        // the others are 1,000 / 500 = 2 and 1,201 / 500 = 2.402 times it.
        let years = first_years(&[column(1000.0, 0.0), column(1.0, 100.0), column(500.0, 0.0)]);
        assert_eq!(
            years,
            [
                FirstYear {
                    usd: 1000.0,
                    cheapest: false,
                    times_cheapest: Some(2.0)
                },
                FirstYear {
                    usd: 1201.0,
                    cheapest: false,
                    times_cheapest: Some(2.402)
                },
                FirstYear {
                    usd: 500.0,
                    cheapest: true,
                    times_cheapest: None
                },
            ]
        );
        // Ranked on the first year, not the one-off: the retrieval column's $1 is not the cheapest.
        assert!(!years[1].cheapest);
    }

    #[test]
    fn ties_are_all_cheapest_and_a_free_cheapest_gives_no_ratio() {
        // Two equal columns ($300 + 12 × $25 = $600 both): both cheapest, no ratio.
        let years = first_years(&[column(300.0, 25.0), column(600.0, 0.0)]);
        assert!(years
            .iter()
            .all(|y| y.cheapest && y.times_cheapest.is_none()));
        // A column costing nothing is the cheapest; the other's ratio to 0 means nothing.
        let years = first_years(&[column(0.0, 0.0), column(10.0, 0.0)]);
        assert_eq!(
            years
                .iter()
                .map(|y| (y.cheapest, y.times_cheapest))
                .collect::<Vec<_>>(),
            [(true, None), (false, None)]
        );
        // A figure that is not a number is never the cheapest and has no ratio.
        let years = first_years(&[column(f64::NAN, 0.0), column(10.0, 0.0)]);
        assert_eq!(
            years
                .iter()
                .map(|y| (y.cheapest, y.times_cheapest))
                .collect::<Vec<_>>(),
            [(false, None), (true, None)]
        );
        assert!(first_years(&[]).is_empty());
    }
}
