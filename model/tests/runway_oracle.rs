//! An independent oracle for the stacked-grant runway (docs/model.md, "The runway"), and a
//! property test comparing `runway::simulate` to it.
//!
//! The oracle is written from the spec alone. It uses only the public input and output *types* of
//! `runway_model::runway` and none of their helper methods (`usable_from`, `expires_on`,
//! `usable_on`, `pays_for`, `busy_hours_per_day`, `end_day`, `bill`, `balance_on`) nor anything of
//! the test-only reference loop, which shares those helpers with the fast loop: a wrong helper
//! would make both loops agree on a wrong answer. Every rule below is re-derived from the grant and
//! workload fields.
//!
//! Spec rules, as implemented here:
//! - days are whole days from day 0;
//! - grant k is usable on [a + r, a + r + v); at the start of day a + r + v its balance expires;
//! - a grant pays only its own provider's bill; scope `all` and `platform` pay any line item, `gpu`
//!   accelerator hours only, `silicon` accelerator hours only and only on that provider's own
//!   silicon (`own_silicon_of == provider`);
//! - a workload runs from its start day, gpus · 24 · duty busy hours a day until its hours are
//!   used up (the last day partial); spend = busy hours × price;
//! - each day, each line item is paid by the eligible usable grants, soonest expiry first (ties:
//!   plan order); the rest is cash;
//! - the runway ends on the first day with cash > 0;
//! - the horizon runs until every workload has finished and every grant has expired, capped at
//!   `HORIZON_CAP_DAYS`; a grant expiring exactly when the horizon ends counts as expired (it
//!   expires at the start of that day), one expiring later is still usable at the end ("unused").
//!
//! Two points the spec leaves open follow the model's documentation and code:
//! - the order of line items within one day (it matters when two of them draw on the same grant):
//!   plan order of the workloads, each paid in full before the next (the order of `simulate`'s
//!   loop; `runway.rs` documents no other);
//! - a workload with nothing to run (0 hours) "finishes" on its start day
//!   (`WorkloadInput::end_day`'s documentation: "its start when there is nothing to run").

use proptest::prelude::*;
use runway_model::{
    simulate, GrantInput, LineItem, RunwayResult, Scope, WorkloadInput, HORIZON_CAP_DAYS,
};

/// What the spec says the runway of a plan is.
#[derive(Debug)]
struct Expected {
    horizon_days: u32,
    total_spend_usd: f64,
    cash_usd: f64,
    runway_end_day: Option<u32>,
    used: Vec<f64>,
    expired: Vec<f64>,
    unused: Vec<f64>,
    workload_spend: Vec<f64>,
    daily_spend: Vec<f64>,
    daily_cash: Vec<f64>,
}

/// Usable window [first, end) of a grant, in u64 so that no sum can overflow.
fn window(g: &GrantInput) -> (u64, u64) {
    let first = u64::from(g.apply_day) + u64::from(g.review_days);
    (first, first + u64::from(g.validity_days))
}

/// Whether grant `g` may pay workload `w`'s line item (provider and scope; not the day).
fn eligible(g: &GrantInput, w: &WorkloadInput) -> bool {
    if g.provider_id != w.provider_id {
        return false;
    }
    let accelerators = matches!(w.line, LineItem::Accelerators);
    match g.scope {
        Scope::All | Scope::Platform => true,
        Scope::Gpu => accelerators,
        Scope::Silicon => accelerators && w.own_silicon_of.as_deref() == Some(&g.provider_id[..]),
    }
}

/// A workload's run: (first day, busy hours a day, total hours, number of busy days).
fn schedule(w: &WorkloadInput) -> (u64, f64, f64, u64) {
    let daily = f64::from(w.gpus) * 24.0 * w.duty;
    if !(w.gpu_hours > 0.0 && daily > 0.0) {
        return (u64::from(w.start_day), daily, 0.0, 0);
    }
    // n full days, then one partial day with what is left, if anything. A remainder below 1e-9 of
    // the total is the rounding of an exact multiple (e.g. 3 days of 0.37 duty computed as
    // 3 · gpus · 24 · 0.37), not a day of its own: real arithmetic would give 0 there.
    let full = (w.gpu_hours / daily).floor();
    let rest = w.gpu_hours - full * daily;
    let days = full as u64 + u64::from(rest > 1e-9 * w.gpu_hours);
    (u64::from(w.start_day), daily, w.gpu_hours, days)
}

/// Busy hours on `day` (0 outside the run).
fn busy_on(w: &WorkloadInput, day: u64) -> f64 {
    let (start, daily, total, days) = schedule(w);
    if day < start || day >= start + days {
        return 0.0;
    }
    let i = (day - start) as f64;
    daily.min(total - i * daily)
}

fn oracle(grants: &[GrantInput], workloads: &[WorkloadInput]) -> Expected {
    let windows: Vec<(u64, u64)> = grants.iter().map(window).collect();
    let finish: Vec<u64> = workloads
        .iter()
        .map(|w| {
            let (start, _, _, days) = schedule(w);
            start + days
        })
        .collect();
    let uncapped = finish
        .iter()
        .copied()
        .chain(windows.iter().map(|&(_, end)| end))
        .max()
        .unwrap_or(0);
    let horizon = uncapped.min(u64::from(HORIZON_CAP_DAYS));
    // Pay order: by expiry day, then by position in the plan.
    let mut order: Vec<usize> = (0..grants.len()).collect();
    order.sort_by_key(|&k| (windows[k].1, k));

    let mut balance: Vec<f64> = grants.iter().map(|g| g.amount_usd.max(0.0)).collect();
    let mut used = vec![0.0; grants.len()];
    let mut expired = vec![0.0; grants.len()];
    let mut unused = vec![0.0; grants.len()];
    let mut workload_spend = vec![0.0; workloads.len()];
    let mut daily_spend = vec![0.0; horizon as usize];
    let mut daily_cash = vec![0.0; horizon as usize];
    let mut runway_end_day = None;
    for day in 0..horizon {
        // At the start of its expiry day a grant's balance expires.
        for k in 0..grants.len() {
            if windows[k].1 == day {
                expired[k] += balance[k];
                balance[k] = 0.0;
            }
        }
        for (w, work) in workloads.iter().enumerate() {
            let mut due = busy_on(work, day) * work.usd_per_gpu_hour;
            workload_spend[w] += due;
            daily_spend[day as usize] += due;
            for &k in &order {
                if due <= 0.0 {
                    break;
                }
                let (first, end) = windows[k];
                if first <= day && day < end && eligible(&grants[k], work) && balance[k] > 0.0 {
                    let paid = due.min(balance[k]);
                    balance[k] -= paid;
                    used[k] += paid;
                    due -= paid;
                }
            }
            if due > 0.0 {
                daily_cash[day as usize] += due;
                runway_end_day.get_or_insert(day as u32);
            }
        }
    }
    for k in 0..grants.len() {
        if windows[k].1 <= horizon {
            // Expired on a day inside the horizon (already counted, the balance is 0), or exactly
            // when it ends.
            expired[k] += balance[k];
        } else {
            unused[k] = balance[k];
        }
    }
    Expected {
        horizon_days: horizon as u32,
        total_spend_usd: daily_spend.iter().sum(),
        cash_usd: daily_cash.iter().sum(),
        runway_end_day,
        used,
        expired,
        unused,
        workload_spend,
        daily_spend,
        daily_cash,
    }
}

/// Money agrees when the difference is below 1e-6 USD plus 1e-9 of the amount.
///
/// The model and the oracle do the same arithmetic in a different order (the model derives
/// `used` as amount − expired − unused, sums days differently, and computes each day's hours by
/// repeated subtraction rather than from the day's index), so only floating-point rounding may
/// separate them. Over at most 1,826 days × 5 line items × 10 grants (about 10^5 additions of
/// positive terms) that is bounded by about 10^5 · 1.1e-16 ≈ 1e-11 of the total; 1e-9 relative
/// leaves a wide margin and is still far below a cent on any plan generated here (totals stay under
/// about 3.4e7 USD: 3.4e7 · 1e-9 = 0.034 cent). The 1e-6 USD absolute floor is for amounts near 0.
/// A semantic difference (a day paid by the wrong grant, a day shifted) moves at least one day's
/// line item, which is never below 0.024 USD here, so it cannot hide inside the tolerance.
fn close(model: f64, oracle: f64) -> bool {
    (model - oracle).abs() <= 1e-6 + 1e-9 * oracle.abs().max(model.abs())
}

fn compare(
    grants: &[GrantInput],
    workloads: &[WorkloadInput],
    r: &RunwayResult,
    e: &Expected,
) -> Result<(), TestCaseError> {
    let ctx = || format!("\ngrants: {grants:#?}\nworkloads: {workloads:#?}\noracle: {e:#?}");
    prop_assert_eq!(r.horizon_days, e.horizon_days, "horizon{}", ctx());
    prop_assert_eq!(r.runway_end_day, e.runway_end_day, "runway end{}", ctx());
    prop_assert!(
        close(r.total_spend_usd, e.total_spend_usd),
        "total spend {} vs {}{}",
        r.total_spend_usd,
        e.total_spend_usd,
        ctx()
    );
    prop_assert!(
        close(r.cash_usd, e.cash_usd),
        "cash {} vs {}{}",
        r.cash_usd,
        e.cash_usd,
        ctx()
    );
    prop_assert_eq!(r.grants.len(), grants.len());
    for (k, o) in r.grants.iter().enumerate() {
        prop_assert!(
            close(o.used_usd, e.used[k])
                && close(o.expired_usd, e.expired[k])
                && close(o.unused_usd, e.unused[k]),
            "grant {}: model {:?}, oracle used {} expired {} unused {}{}",
            k,
            o,
            e.used[k],
            e.expired[k],
            e.unused[k],
            ctx()
        );
    }
    prop_assert_eq!(r.workload_spend_usd.len(), workloads.len());
    for (w, (m, x)) in r
        .workload_spend_usd
        .iter()
        .zip(&e.workload_spend)
        .enumerate()
    {
        prop_assert!(
            close(*m, *x),
            "workload {} spend {} vs {}{}",
            w,
            m,
            x,
            ctx()
        );
    }
    prop_assert_eq!(r.daily_spend_usd.len(), e.daily_spend.len());
    prop_assert_eq!(r.daily_cash_usd.len(), e.daily_cash.len());
    for d in 0..e.daily_spend.len() {
        prop_assert!(
            close(r.daily_spend_usd[d], e.daily_spend[d])
                && close(r.daily_cash_usd[d], e.daily_cash[d]),
            "day {}: model spend {} cash {}, oracle spend {} cash {}{}",
            d,
            r.daily_spend_usd[d],
            r.daily_cash_usd[d],
            e.daily_spend[d],
            e.daily_cash[d],
            ctx()
        );
    }
    Ok(())
}

const PROVIDERS: [&str; 3] = ["aws", "gcp", "modal"];

/// Days drawn mostly from a small range, so that applications, approvals, expiries and workload
/// starts coincide often and every window boundary is hit; now and then far out, near the cap.
fn day() -> impl Strategy<Value = u32> {
    prop_oneof![
        12 => 0u32..12,
        4 => 0u32..60,
        1 => 1_790u32..1_830,
    ]
}

fn grant(providers: usize) -> impl Strategy<Value = GrantInput> {
    (
        0..providers,
        prop::sample::select(vec![
            Scope::All,
            Scope::Gpu,
            Scope::Silicon,
            Scope::Platform,
        ]),
        prop_oneof![
            // Multiples of $0.75 (exact in binary, and of the daily spends below): balances hit
            // exactly 0 on a day boundary, or run out mid-day.
            4 => (0u32..400).prop_map(|k| f64::from(k) * 0.75),
            2 => 0.0f64..5e4,
            1 => Just(0.0),
        ],
        day(),
        prop_oneof![2 => Just(0u32), 4 => 0u32..8, 1 => 0u32..60],
        prop_oneof![
            1 => Just(0u32),
            12 => 1u32..12,
            4 => 1u32..400,
            // Outlives the five-year cap: still usable at the end.
            1 => 1_800u32..5_000,
        ],
    )
        .prop_map(
            |(p, scope, amount_usd, apply_day, review_days, validity_days)| GrantInput {
                provider_id: PROVIDERS[p].into(),
                scope,
                amount_usd,
                apply_day,
                review_days,
                validity_days,
            },
        )
}

fn workload(providers: usize) -> impl Strategy<Value = WorkloadInput> {
    (
        0..providers,
        // Own silicon: none, the billing provider's (Trainium at AWS, TPU at GCP), or another's.
        prop_oneof![2 => Just(None), 2 => Just(Some(0usize)), 1 => Just(Some(1usize))],
        prop::sample::select(vec![
            LineItem::Accelerators,
            LineItem::Accelerators,
            LineItem::Accelerators,
            LineItem::Storage,
            LineItem::Egress,
        ]),
        prop_oneof![3 => 1u32..9, 1 => 1u32..65],
        prop_oneof![
            // Multiples of $0.125 an hour: exact arithmetic, so ties are real ties.
            3 => (1u32..97).prop_map(|k| f64::from(k) * 0.125),
            1 => 0.1f64..12.0,
        ],
        // (duty, length in days of the workload's own daily hours).
        prop_oneof![
            3 => (
                (1u32..=4).prop_map(|k| f64::from(k) * 0.25),
                prop_oneof![
                    // A quarter-day to 30 days: whole days and partial last days, all exact.
                    8 => (1u32..120).prop_map(|q| f64::from(q) * 0.25),
                    2 => 0.01f64..60.0,
                    // Longer than the cap.
                    1 => Just(3_000.0),
                ],
            ),
            // Any duty, with any length.
            1 => (0.01f64..=1.0, 0.01f64..60.0),
            // Any duty with a whole number of days: days × 24 · duty is rarely exact in binary,
            // and the horizon once ended a day late there (see
            // `runway_boundaries::whole_days_at_a_duty_not_exact_in_binary_end_the_horizon`).
            1 => (0.01f64..=1.0, (1u32..40).prop_map(f64::from)),
        ],
        day(),
    )
        .prop_map(
            move |(p, own, line, gpus, usd_per_gpu_hour, (duty, days), start_day)| {
                let provider_id = PROVIDERS[p].to_string();
                let own_silicon_of = own.map(|o| PROVIDERS[(p + o) % providers].to_string());
                WorkloadInput {
                    provider_id,
                    own_silicon_of,
                    line,
                    gpus,
                    usd_per_gpu_hour,
                    duty,
                    start_day,
                    // Computed here from the fields (no helper): days × gpus · 24 · duty.
                    gpu_hours: days * f64::from(gpus) * 24.0 * duty,
                }
            },
        )
}

fn plan() -> impl Strategy<Value = (Vec<GrantInput>, Vec<WorkloadInput>)> {
    (2usize..=3).prop_flat_map(|providers| {
        (
            prop::collection::vec(grant(providers), 0..10),
            prop::collection::vec(workload(providers), 0..5),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn simulate_agrees_with_the_spec_oracle((grants, workloads) in plan()) {
        let r = simulate(&grants, &workloads);
        let e = oracle(&grants, &workloads);
        compare(&grants, &workloads, &r, &e)?;
    }
}

/// The oracle itself, on plans small enough to work out by hand (so that a wrong oracle cannot
/// silently agree with a wrong model).
#[test]
fn oracle_by_hand() {
    let g = |provider: &str, scope, amount_usd, apply_day, review_days, validity_days| GrantInput {
        provider_id: provider.into(),
        scope,
        amount_usd,
        apply_day,
        review_days,
        validity_days,
    };
    // 1 GPU at $1/h, duty 1: $24 a day.
    let w = |provider: &str, start_day, gpu_hours| WorkloadInput {
        provider_id: provider.into(),
        own_silicon_of: None,
        line: LineItem::Accelerators,
        gpus: 1,
        usd_per_gpu_hour: 1.0,
        duty: 1.0,
        start_day,
        gpu_hours,
    };
    // Grants: A aws all $30 usable [2, 5); B aws gpu $100 usable [1, 4) (expires first);
    // C gcp all $50 usable [0, 10). Workload aws from day 0 for 100 h: days 0-3 full ($24),
    // day 4 partial (4 h, $4).
    // Day 0: nothing usable for aws -> $24 cash (runway end 0). Day 1: B pays 24 (B 76).
    // Day 2: B first (expires day 4 < 5): 24 (B 52). Day 3: B 24 (B 28). Day 4: B expired (28),
    // A pays $4 (A 26). Day 5: A expires (26). C (gcp) pays nothing and expires whole on day 10.
    // Horizon: max(finish 5, expiries 5, 4, 10) = 10.
    let e = oracle(
        &[
            g("aws", Scope::All, 30.0, 0, 2, 3),
            g("aws", Scope::Gpu, 100.0, 1, 0, 3),
            g("gcp", Scope::All, 50.0, 0, 0, 10),
        ],
        &[w("aws", 0, 100.0)],
    );
    assert_eq!(e.horizon_days, 10);
    assert_eq!(e.total_spend_usd, 100.0);
    assert_eq!(e.cash_usd, 24.0);
    assert_eq!(e.runway_end_day, Some(0));
    assert_eq!(e.used, [4.0, 72.0, 0.0]);
    assert_eq!(e.expired, [26.0, 28.0, 50.0]);
    assert_eq!(e.unused, [0.0, 0.0, 0.0]);
    // Silicon: an aws silicon grant pays Trainium (own silicon aws), not a CUDA GPU or storage.
    let trn = WorkloadInput {
        own_silicon_of: Some("aws".into()),
        ..w("aws", 0, 24.0)
    };
    let store = WorkloadInput {
        line: LineItem::Storage,
        own_silicon_of: Some("aws".into()),
        ..w("aws", 0, 24.0)
    };
    let e = oracle(
        &[g("aws", Scope::Silicon, 1000.0, 0, 0, 3000)],
        &[w("aws", 0, 24.0), trn, store],
    );
    // $24 each on day 0: Trainium paid, CUDA and storage cash. The grant outlives the cap.
    assert_eq!(e.used, [24.0]);
    assert_eq!(e.cash_usd, 48.0);
    assert_eq!(e.horizon_days, HORIZON_CAP_DAYS);
    assert_eq!(e.unused, [976.0]);
    assert_eq!(e.expired, [0.0]);
}
