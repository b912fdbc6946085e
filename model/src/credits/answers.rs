//! The page's first answers for a whole plan, in numbers a sentence can use: what credits pay, what
//! expires unused, and what to do next (apply-by days, the nearest first). The UI only words them.

use crate::credits::evaluate::{Certainty, Outcome};
use crate::credits::runway::GrantOutcome;
use crate::data::catalog::Catalog;
use crate::document::plan::{apply_window, GrantState, PlannedGrant};
use crate::io::order::insert_by_key;

/// What the answers at the top of the page say of a whole plan, in numbers and texts they only
/// word: the total, the cash and when it starts, the credits, the next steps, the warnings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Answers {
    /// Whether the runway could be computed (every input valid).
    pub known: bool,
    /// Everything the plan spends, USD.
    pub total_usd: f64,
    /// What the credits leave to pay in cash, USD.
    pub cash_usd: f64,
    /// The plan day cash starts (`None`: never within the horizon).
    pub cash_day: Option<u32>,
    /// The first day a grant that pays the plan's bills can pay, when cash is needed before it.
    pub credits_arrive: Option<u32>,
    /// Every grant's outcome, in plan order.
    pub grants: Vec<GrantOutcome>,
    /// The grants' totals.
    pub credits: CreditTotals,
    /// The next steps, nearest apply-by day first.
    pub next: Vec<NextStep>,
    /// How many warnings are about a grant (the credits section lists them).
    pub warnings: usize,
    /// Warnings about the plan's workloads (not a grant's), in words.
    pub plan_warnings: Vec<String>,
    /// What is certain and what is hoped (held grants against the rest), and when credits run out.
    pub certainty: Certainty,
}

/// The answers for a plan's outcome (`None`: the runway could not be computed), `planned` being
/// its grants (for their planned apply days).
pub fn answers(outcome: Option<&Outcome>, planned: &[PlannedGrant]) -> Answers {
    let Some(r) = outcome else {
        return Answers::default();
    };
    let apply_days: Vec<Option<i32>> = planned
        .iter()
        .map(PlannedGrant::planned_apply_day)
        .collect();
    Answers {
        known: true,
        total_usd: r.result.total_spend_usd,
        cash_usd: r.result.cash_usd,
        cash_day: r.result.runway_end_day,
        credits_arrive: r.credits_arrive_after_cash(),
        grants: r.result.grants.clone(),
        credits: credit_totals(&r.result.grants),
        next: next_steps(&r.apply_by, &apply_days),
        warnings: r.warnings.iter().filter(|w| w.grant.is_some()).count(),
        plan_warnings: r
            .warnings
            .iter()
            .filter(|w| w.grant.is_none())
            .map(|w| w.text.clone())
            .collect(),
        certainty: r.certainty.clone(),
    }
}

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

impl CreditTotals {
    /// Credits never spent: expired unused, or still usable when the plan ends, USD. Above zero
    /// when cash starts, the credits did not run out: they stopped paying (another provider's,
    /// or too late).
    pub fn unspent_usd(&self) -> f64 {
        self.expired_usd + self.unused_usd
    }
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
    pub planned_apply_day: i32,
    /// Whether the planned day is in time.
    pub status: ApplyStatus,
}

/// The grants' next steps, nearest apply-by day first (ties in plan order), grants that can pay no
/// workload last. `apply_by` is [`crate::document::plan::apply_by`]'s answer and `apply_days` each grant's
/// planned apply day, both in plan order; a grant missing from either is left out, and so is one
/// already applied for (`None`: in review or held), which has no step left.
pub fn next_steps(apply_by: &[Option<i64>], apply_days: &[Option<i32>]) -> Vec<NextStep> {
    let mut steps = Vec::with_capacity(apply_by.len());
    for (grant, (&by, &planned)) in apply_by.iter().zip(apply_days).enumerate() {
        let Some(planned) = planned else {
            continue;
        };
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

/// When to apply for a planned grant, beside its apply-by day: early enough that even its
/// program's slowest review approves it by the first day of work it can pay, and late enough that
/// the fastest does not approve it before (its validity starts at approval).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ApplyAdvice {
    /// The program's slowest review, days.
    pub review_days_max: u32,
    /// The first day of work the grant can pay (the dataset-ready day).
    pub start_day: u32,
    /// The latest day to apply so the slowest review lands by `start_day`; `None`: too late
    /// already (apply now).
    pub latest_safe_day: Option<u32>,
    /// The earliest day to apply so the fastest review does not land before `start_day`.
    pub earliest_no_waste_day: u32,
}

/// Each grant's [`ApplyAdvice`], in plan order (`planned`: the plan's grants): `None` for a grant
/// already applied for (in review or held), one of a program the catalog lacks, and one that pays
/// no workload of the plan. The grant's first payable day is the outcome's (its runway inputs).
pub fn apply_advice(
    outcome: &Outcome,
    planned: &[PlannedGrant],
    catalog: &Catalog,
) -> Vec<Option<ApplyAdvice>> {
    planned
        .iter()
        .enumerate()
        .map(|(i, g)| {
            if g.state() != GrantState::Planned {
                return None;
            }
            let start = outcome
                .inputs
                .0
                .get(i)?
                .first_payable_start(&outcome.inputs.1)?;
            let program = catalog.program(&g.program_id)?;
            let w = apply_window(program, start);
            Some(ApplyAdvice {
                review_days_max: program.review_days_max,
                start_day: start,
                latest_safe_day: w.latest_safe_day,
                earliest_no_waste_day: w.earliest_no_waste_day,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn when_to_apply_for_each_grant_by_hand() {
        // One training job on AWS from day 30 (the calculator's default job: AWS H100 SXM).
        // data/programs.json: AWS Activate reviews in 9 to 14 days, the AWS generative AI
        // programs in 14 to 60, Modal in 1 to 7 (Modal's credits pay only Modal's bills).
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let program = |id: &str| c.program(id).unwrap_or_else(|| panic!("{id}"));
        let mut plan = crate::document::plan::Plan::empty();
        plan.t0 = crate::input::calendar::Date::parse("2026-12-01").ok();
        plan.push(crate::input::job::Job {
            start_day: 30,
            ..crate::input::job::Job::default()
        });
        let activate = PlannedGrant::from_program(program("aws-activate"));
        plan.grants = vec![
            activate.clone(),
            PlannedGrant::from_program(program("aws-genai")),
            PlannedGrant::from_program(program("modal")),
            activate.with_state(GrantState::Held, program("aws-activate")),
        ];
        let o = crate::credits::evaluate::evaluate(&plan, &c);
        assert_eq!(
            apply_advice(&o, &plan.grants, &c),
            [
                // Activate: apply by day 30 - 14 = 16, not before day 30 - 9 = 21.
                Some(ApplyAdvice {
                    review_days_max: 14,
                    start_day: 30,
                    latest_safe_day: Some(16),
                    earliest_no_waste_day: 21,
                }),
                // Generative AI: 30 - 60 is before day 0 (apply now); not before 30 - 14 = 16.
                Some(ApplyAdvice {
                    review_days_max: 60,
                    start_day: 30,
                    latest_safe_day: None,
                    earliest_no_waste_day: 16,
                }),
                // Modal pays no AWS bill; the held grant has no application left to send.
                None,
                None,
            ]
        );
        // Its apply-by day counts the grant's own (typical, 12-day) review, not the slowest:
        // 30 - 12 = 18, two days after the advice's safe day.
        assert_eq!(o.apply_by[0], Some(18));
    }

    #[test]
    fn the_answers_of_a_plan_without_grants_by_hand() {
        // One experiments line: 8 GPUs, 1,000 GPU-hours at $2.50 of its own from day 0, no grant:
        // it all costs $2,500, all cash, from day 0; no credits and no next step.
        let c = crate::data::catalog::Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let mut plan = crate::document::plan::Plan::empty();
        plan.t0 = crate::input::calendar::Date::parse("2027-01-04").ok();
        plan.push(crate::document::experiments::ExtraWorkload {
            provider_id: "modal".into(),
            accelerator_id: "h100-sxm".into(),
            gpus: 8,
            gpu_hours: 1_000.0,
            start_day: 0,
            duty: 1.0,
            price_override_usd_per_gpu_hour: Some(2.5),
        });
        let o = crate::credits::evaluate::evaluate(&plan, &c);
        let a = answers(Some(&o), &plan.grants);
        assert!(a.known);
        assert!((a.total_usd - 2_500.0).abs() < 1e-6, "{}", a.total_usd);
        assert!((a.cash_usd - 2_500.0).abs() < 1e-6, "{}", a.cash_usd);
        assert_eq!(a.cash_day, Some(0));
        assert_eq!(a.credits, CreditTotals::default());
        assert!(a.grants.is_empty() && a.next.is_empty());
        assert_eq!(a.warnings, 0);
        // No outcome (an invalid input): nothing is known.
        assert_eq!(answers(None, &plan.grants), Answers::default());
    }

    #[test]
    fn an_api_undercuts_a_dedicated_gpu_for_a_small_volume_by_hand() {
        // An 8B model served 1B tokens a month on AWS H100s (data/prices.json: $6.88 per GPU-hour
        // on demand) against GPT-4o mini (data/api_prices.json: $0.15 in, $0.60 out per million
        // tokens; blended at 75 % input: 0.75 x 0.15 + 0.25 x 0.60 = $0.2625 per million).
        let c = crate::data::catalog::Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let d = crate::io::link::decode_link("serve=8B:1B:aws:h100-sxm:0:12", &c);
        let o = crate::credits::evaluate::evaluate(&d.plan, &c);
        let line = &o.serves[0];
        assert_eq!(
            line.gpus, 1,
            "1B tokens a month is about 380 tokens a second"
        );
        // The API: 1,000 million tokens x $0.2625 = $262.50 a month.
        assert!(
            (line.api_monthly_usd - 262.5).abs() < 1e-9,
            "{}",
            line.api_monthly_usd
        );
        // One H100 a month: 730 h x $6.88 = $5,022.40, above the API's month: the API is the
        // cheaper way to serve this line's tokens (the answers weigh it on the whole plan:
        // credits::self_host).
        assert!(
            (line.monthly_usd - 5022.4).abs() < 1e-6,
            "{}",
            line.monthly_usd
        );
        assert_eq!(line.api_id, "gpt-4o-mini");
        // Break-even: $5,022.40 / $0.2625 per million = 19.13B tokens a month, within what one
        // H100 serves an 8B model in a month at 60 % (20,427.39 tokens/s x 3,600 x 730 x 0.6 =
        // 32.21B, the serving model's worked example): above 19.13B the GPU wins, at 1B the API.
        assert!(
            (line.capacity_tokens_per_month_per_gpu - 20_427.389_16 * 3600.0 * 730.0 * 0.6).abs()
                < 1e3
        );
        let be = line.breakeven_tokens_per_month.unwrap_or(f64::NAN);
        assert!((be - 5022.4 / 0.2625 * 1e6).abs() < 1.0, "{be}");
        // It would take a GPU-hour below capacity x $0.2625 per million / 730 h.
        let want = line.capacity_tokens_per_month_per_gpu / 1e6 * 0.2625 / 730.0;
        assert!((line.breakeven_usd_per_gpu_hour - want).abs() < 1e-9);
        // ($11.58 an hour: the H100's $6.88 is below it, so the GPU wins at enough volume.)
        assert!(line.breakeven_usd_per_gpu_hour > 6.88);
        // How little of the GPU the volume uses.
        let busy = 1e9 / line.capacity_tokens_per_month_per_gpu;
        assert!(busy < 0.2, "{busy}");
    }

    #[test]
    fn a_dear_api_leaves_self_hosting_the_cheaper_line() {
        // The same line against a price override of $20 per million tokens: 1,000 x 20 = $20,000
        // a month through the API, above the H100's $5,022.40: no verdict; the break-even is
        // 5,022.40 / 20 x 1e6 = 251M tokens a month, which one H100 serves.
        let c = crate::data::catalog::Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let d = crate::io::link::decode_link("serve=8B:1B:aws:h100-sxm:0:12&api_price=20", &c);
        let o = crate::credits::evaluate::evaluate(&d.plan, &c);
        assert!(o.serves[0].api_monthly_usd > o.serves[0].monthly_usd);
        assert!((o.serves[0].api_monthly_usd - 20_000.0).abs() < 1e-6);
        let be = o.serves[0].breakeven_tokens_per_month.unwrap_or(f64::NAN);
        assert!((be - 5022.4 / 20.0 * 1e6).abs() < 1.0, "{be}");
    }

    #[test]
    fn unspent_credits_are_the_expired_and_the_still_usable() {
        // $63K held: $26,520 expired on day 304, $1,000 of another grant still usable at the end,
        // $36,480 spent: 26,520 + 1,000 = $27,520 never spent.
        let t = CreditTotals {
            used_usd: 36_480.0,
            expired_usd: 26_520.0,
            unused_usd: 1_000.0,
        };
        assert_eq!(t.unspent_usd(), 27_520.0);
        assert_eq!(CreditTotals::default().unspent_usd(), 0.0);
    }

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
        // Grant 5: held (no planned day): no step at all, not "pays nothing".
        let steps = next_steps(
            &[Some(8), None, Some(-20), Some(8), Some(30), None],
            &[Some(0), Some(0), Some(0), Some(10), Some(30), None],
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
    fn apply_by_day_zero_is_today_not_too_late() {
        // Apply by day 0 with the application planned on day 0: the last day is today, so it is
        // in time; one day earlier (day -1) is 1 day too late however early it is planned.
        let steps = next_steps(&[Some(0), Some(-1)], &[Some(0), Some(0)]);
        let status: Vec<ApplyStatus> = steps.iter().map(|s| s.status).collect();
        assert_eq!(
            status,
            [ApplyStatus::TooLate { days: 1 }, ApplyStatus::InTime]
        );
    }

    #[test]
    fn next_steps_of_no_grants_and_mismatched_lists() {
        assert!(next_steps(&[], &[]).is_empty());
        // A grant without a planned day (lists of different length) is left out, never guessed.
        let steps = next_steps(&[Some(3), Some(1)], &[Some(0)]);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].grant, 0);
    }
}
