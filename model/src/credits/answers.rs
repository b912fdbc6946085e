//! The page's first answers for a whole plan, in numbers a sentence can use: what credits pay, what
//! expires unused, and what to do next (apply-by days, the nearest first). The UI only words them.

use crate::credits::runway::GrantOutcome;
use crate::io::order::insert_by_key;

/// Totals over every grant of a plan.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CreditTotals {
    /// Bills paid by grants, USD.
    pub used_usd: f64,
    /// Money that expired unused, USD.
    pub expired_usd: f64,
    /// Money still usable at the end of the horizon, USD.
    pub unused_usd: f64,
}

/// Sums the grants' outcomes.
pub fn credit_totals(grants: &[GrantOutcome]) -> CreditTotals {
    grants
        .iter()
        .fold(CreditTotals::default(), |t, g| CreditTotals {
            used_usd: t.used_usd + g.used_usd,
            expired_usd: t.expired_usd + g.expired_usd,
            unused_usd: t.unused_usd + g.unused_usd,
        })
}

/// Whether a grant's planned application is in time for the work it can pay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApplyStatus {
    /// The planned apply day is on or before the apply-by day.
    InTime,
    /// The plan applies `days` days after the apply-by day (which is day 0 or later): move it earlier.
    PlannedLate {
        /// Days between the apply-by day and the planned apply day.
        days: i64,
    },
    /// Even applying on day 0 is too late: approval lands `days` days after that work starts.
    TooLate {
        /// Days the approval lands after the work starts, when applying on day 0.
        days: i64,
    },
    /// The grant can pay no workload of the plan (another provider's bill, or outside its scope).
    PaysNothing,
}

/// One thing to do: apply for grant `grant` (plan order) by plan day `apply_by`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NextStep {
    /// The grant's position in the plan.
    pub grant: usize,
    /// The latest plan day to apply (negative: before day 0); `None` when it pays no workload.
    pub apply_by: Option<i64>,
    /// The apply day the plan holds.
    pub planned_apply_day: u32,
    /// Whether the planned day is in time.
    pub status: ApplyStatus,
}

/// The grants' next steps, nearest apply-by day first (ties in plan order), grants that can pay no
/// workload last. `apply_by` is [`crate::document::plan::apply_by`]'s answer and `apply_days` each grant's
/// planned apply day, both in plan order; a grant missing from either is left out.
pub fn next_steps(apply_by: &[Option<i64>], apply_days: &[u32]) -> Vec<NextStep> {
    let mut steps = Vec::with_capacity(apply_by.len());
    for (grant, (&by, &planned)) in apply_by.iter().zip(apply_days).enumerate() {
        let status = match by {
            None => ApplyStatus::PaysNothing,
            Some(by) if by < 0 => ApplyStatus::TooLate { days: -by },
            Some(by) if i64::from(planned) > by => ApplyStatus::PlannedLate {
                days: i64::from(planned) - by,
            },
            Some(_) => ApplyStatus::InTime,
        };
        let step = NextStep {
            grant,
            apply_by: by,
            planned_apply_day: planned,
            status,
        };
        // Plan days are far below 2^53, so the f64 key is exact; `None` sorts after every day.
        insert_by_key(&mut steps, step, |s| {
            s.apply_by.map_or(f64::MAX, |d| d as f64)
        });
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(used: f64, expired: f64, unused: f64) -> GrantOutcome {
        GrantOutcome {
            used_usd: used,
            expired_usd: expired,
            unused_usd: unused,
        }
    }

    #[test]
    fn credit_totals_add_every_grant() {
        // $100,000 used + $20,000 used and $30,000 expired + $5,000 expired: $120,000 used,
        // $35,000 expired, $0 still usable; a grant still usable at the cap adds $1,500 unused.
        let t = credit_totals(&[
            outcome(100_000.0, 0.0, 0.0),
            outcome(20_000.0, 30_000.0, 0.0),
            outcome(0.0, 5_000.0, 0.0),
            outcome(0.0, 0.0, 1_500.0),
        ]);
        assert_eq!(
            t,
            CreditTotals {
                used_usd: 120_000.0,
                expired_usd: 35_000.0,
                unused_usd: 1_500.0
            }
        );
        assert_eq!(credit_totals(&[]), CreditTotals::default());
    }

    #[test]
    fn next_steps_nearest_first_with_status() {
        // Grant 0: apply by day 8, planned day 0: in time. Grant 1: pays nothing: last.
        // Grant 2: apply by day -20 (review 40 for work on day 20): 20 days too late even on day 0.
        // Grant 3: apply by day 8 (tie with grant 0, stays after it), planned day 10: 2 days late.
        // Grant 4: apply by day 30, planned on day 30 itself: in time.
        let steps = next_steps(
            &[Some(8), None, Some(-20), Some(8), Some(30)],
            &[0, 0, 0, 10, 30],
        );
        let order: Vec<usize> = steps.iter().map(|s| s.grant).collect();
        assert_eq!(order, [2, 0, 3, 4, 1]);
        let status: Vec<ApplyStatus> = steps.iter().map(|s| s.status).collect();
        assert_eq!(
            status,
            [
                ApplyStatus::TooLate { days: 20 },
                ApplyStatus::InTime,
                ApplyStatus::PlannedLate { days: 2 },
                ApplyStatus::InTime,
                ApplyStatus::PaysNothing,
            ]
        );
        assert_eq!(steps[2].apply_by, Some(8));
        assert_eq!(steps[2].planned_apply_day, 10);
        assert_eq!(steps[4].apply_by, None);
    }

    #[test]
    fn next_steps_of_no_grants_and_mismatched_lists() {
        assert!(next_steps(&[], &[]).is_empty());
        // A grant without a planned day (lists of different length) is left out, never guessed.
        let steps = next_steps(&[Some(3), Some(1)], &[0]);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].grant, 0);
    }
}
