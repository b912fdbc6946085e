//! Hand-computed boundary cases of the runway (docs/model.md, "The runway"): spend on a grant's
//! first usable day, on its last usable day, on its expiry day, and at the horizon cap. Each
//! expected number is worked out in the comment above it from the spec, not read off the model.
//!
//! The grant used throughout: AWS, scope `all`, $1,000, applied on day 3, 4 days of review,
//! valid 10 days. Usable on [3 + 4, 3 + 4 + 10) = [7, 17): first usable day 7, last usable day 16,
//! and its balance expires at the start of day 17.
//! The workload: 1 GPU at $1 per GPU-hour, duty 1, at AWS: 1 · 24 · 1 = 24 busy hours a day,
//! $24 a day.

use runway_model::{simulate, GrantInput, LineItem, Scope, WorkloadInput, HORIZON_CAP_DAYS};

fn grant() -> GrantInput {
    GrantInput {
        provider_id: "aws".into(),
        scope: Scope::All,
        amount_usd: 1000.0,
        apply_day: 3,
        review_days: 4,
        validity_days: 10,
    }
}

/// $24 a day from `start_day` for `gpu_hours` hours.
fn work(start_day: u32, gpu_hours: f64) -> WorkloadInput {
    WorkloadInput {
        provider_id: "aws".into(),
        own_silicon_of: None,
        line: LineItem::Accelerators,
        gpus: 1,
        usd_per_gpu_hour: 1.0,
        duty: 1.0,
        start_day,
        gpu_hours,
    }
}

#[test]
fn spend_on_the_first_usable_day_is_paid_by_the_grant() {
    // One day of work on day 7 = 3 + 4, the approval day: the grant pays the $24.
    // Horizon: max(workload done after day 7 -> 8, grant expiry 17) = 17; the grant expires at the
    // start of day 17 = the horizon, so its rest, 1000 - 24 = 976, is expired, nothing is unused.
    let r = simulate(&[grant()], &[work(7, 24.0)]);
    assert_eq!(r.horizon_days, 17);
    assert_eq!(r.total_spend_usd, 24.0);
    assert_eq!(r.cash_usd, 0.0);
    assert_eq!(r.runway_end_day, None);
    assert_eq!(r.grants[0].used_usd, 24.0);
    assert_eq!(r.grants[0].expired_usd, 976.0);
    assert_eq!(r.grants[0].unused_usd, 0.0);
}

#[test]
fn spend_the_day_before_approval_is_cash() {
    // Two days of work from day 6: day 6 = 3 + 4 - 1 is before approval, so its $24 is cash and the
    // runway ends on day 6; day 7 (approval) is paid by the grant. Cash 24, used 24, and
    // 1000 - 24 = 976 expires at the start of day 17 (= the horizon: max(8, 17)).
    let r = simulate(&[grant()], &[work(6, 48.0)]);
    assert_eq!(r.horizon_days, 17);
    assert_eq!(r.total_spend_usd, 48.0);
    assert_eq!(r.daily_cash_usd[6], 24.0);
    assert_eq!(r.daily_cash_usd[7], 0.0);
    assert_eq!(r.cash_usd, 24.0);
    assert_eq!(r.runway_end_day, Some(6));
    assert_eq!(r.grants[0].used_usd, 24.0);
    assert_eq!(r.grants[0].expired_usd, 976.0);
}

#[test]
fn spend_on_the_last_usable_day_is_paid_by_the_grant() {
    // One day of work on day 16 = 3 + 4 + 10 - 1, the last usable day: paid by the grant.
    // Horizon max(17, 17) = 17; 1000 - 24 = 976 expires.
    let r = simulate(&[grant()], &[work(16, 24.0)]);
    assert_eq!(r.horizon_days, 17);
    assert_eq!(r.cash_usd, 0.0);
    assert_eq!(r.runway_end_day, None);
    assert_eq!(r.grants[0].used_usd, 24.0);
    assert_eq!(r.grants[0].expired_usd, 976.0);
    assert_eq!(r.grants[0].unused_usd, 0.0);
}

#[test]
fn spend_on_the_expiry_day_is_cash_and_the_balance_expires() {
    // One day of work on day 17 = 3 + 4 + 10: the balance expired at the start of that day, so the
    // $24 is cash (runway end 17) and the whole $1,000 is expired unused.
    // Horizon: max(workload done after day 17 -> 18, expiry 17) = 18.
    let r = simulate(&[grant()], &[work(17, 24.0)]);
    assert_eq!(r.horizon_days, 18);
    assert_eq!(r.total_spend_usd, 24.0);
    assert_eq!(r.cash_usd, 24.0);
    assert_eq!(r.runway_end_day, Some(17));
    assert_eq!(r.grants[0].used_usd, 0.0);
    assert_eq!(r.grants[0].expired_usd, 1000.0);
    assert_eq!(r.grants[0].unused_usd, 0.0);
}

#[test]
fn a_run_across_the_expiry_day_turns_to_cash_on_that_day() {
    // 3.25 days of work from day 15: days 15, 16, 17 full ($24 each), day 18 partial (6 h, $6).
    // Days 15 and 16 are usable: the grant pays 48. Day 17 (expiry) and day 18: 24 + 6 = 30 cash;
    // the runway ends on day 17. Expired: 1000 - 48 = 952. Horizon max(19, 17) = 19.
    let r = simulate(&[grant()], &[work(15, 78.0)]);
    assert_eq!(r.horizon_days, 19);
    assert_eq!(r.total_spend_usd, 78.0);
    assert_eq!(r.daily_spend_usd[18], 6.0);
    assert_eq!(r.daily_cash_usd[16], 0.0);
    assert_eq!(r.daily_cash_usd[17], 24.0);
    assert_eq!(r.cash_usd, 30.0);
    assert_eq!(r.runway_end_day, Some(17));
    assert_eq!(r.grants[0].used_usd, 48.0);
    assert_eq!(r.grants[0].expired_usd, 952.0);
}

#[test]
fn a_grant_with_no_validity_is_never_usable() {
    // Validity 0: usable on [7, 7), no day at all; it expires at the start of day 7. Work on day 7
    // is cash and the $1,000 expires whole. Horizon max(8, 7) = 8.
    let g = GrantInput {
        validity_days: 0,
        ..grant()
    };
    let r = simulate(&[g], &[work(7, 24.0)]);
    assert_eq!(r.horizon_days, 8);
    assert_eq!(r.cash_usd, 24.0);
    assert_eq!(r.runway_end_day, Some(7));
    assert_eq!(r.grants[0].used_usd, 0.0);
    assert_eq!(r.grants[0].expired_usd, 1000.0);
}

#[test]
fn the_sooner_expiring_grant_pays_first_even_by_one_day_and_ties_go_to_plan_order() {
    // Three AWS grants, all approved on day 7 (apply 3, review 4), $30 each:
    //   A listed first, valid 11 days: expires 18;
    //   B valid 10: expires 17;
    //   C valid 10: expires 17, listed after B.
    // Pay order: B, C (tie on 17: plan order), then A.
    // Work: 2 days from day 7 = $48. Day 7: B pays 24 (B 6 left). Day 8: B 6, C 18 (C 12 left).
    // Nothing for A. At the start of day 17, B (0) and C (12) expire; A (30) at 18 = the horizon.
    let g = |validity_days| GrantInput {
        amount_usd: 30.0,
        validity_days,
        ..grant()
    };
    let r = simulate(&[g(11), g(10), g(10)], &[work(7, 48.0)]);
    assert_eq!(r.horizon_days, 18);
    assert_eq!(r.cash_usd, 0.0);
    let used: Vec<f64> = r.grants.iter().map(|o| o.used_usd).collect();
    let expired: Vec<f64> = r.grants.iter().map(|o| o.expired_usd).collect();
    assert_eq!(used, [0.0, 30.0, 18.0]);
    assert_eq!(expired, [30.0, 0.0, 12.0]);
}

#[test]
fn at_the_cap_a_grant_expiring_on_the_cap_day_is_expired_and_a_later_one_unused() {
    // The horizon is capped at 1,826 days: days 0 to 1,825.
    // G1: apply 0, review 26, validity 1,800: usable [26, 1826), expires at the start of day
    //     1,826, the day after the last simulated one: expired, like any grant expiring exactly
    //     when the horizon ends.
    // G2: the same with validity 1,801: expires 1,827, after the horizon: still usable, "unused".
    // Horizon: min(max(1826, 1827, workload), 1826) = 1826.
    // One day of work on day 1,825 (the last simulated day, usable for both): G1 expires sooner and
    // pays the $24. G1: used 24, expired 1000 - 24 = 976; G2: unused 500.
    let g1 = GrantInput {
        apply_day: 0,
        review_days: 26,
        validity_days: 1_800,
        ..grant()
    };
    let g2 = GrantInput {
        amount_usd: 500.0,
        validity_days: 1_801,
        ..g1.clone()
    };
    let r = simulate(&[g1, g2], &[work(1_825, 24.0)]);
    assert_eq!(HORIZON_CAP_DAYS, 1_826);
    assert_eq!(r.horizon_days, 1_826);
    assert_eq!(r.cash_usd, 0.0);
    assert_eq!(r.grants[0].used_usd, 24.0);
    assert_eq!(r.grants[0].expired_usd, 976.0);
    assert_eq!(r.grants[0].unused_usd, 0.0);
    assert_eq!(r.grants[1].used_usd, 0.0);
    assert_eq!(r.grants[1].expired_usd, 0.0);
    assert_eq!(r.grants[1].unused_usd, 500.0);
    // Work on day 1,826 is beyond the cap: never billed. 1 day from day 1,826 = 0 spend.
    let r = simulate(&[], &[work(1_826, 24.0)]);
    assert_eq!(r.horizon_days, 1_826);
    assert_eq!(r.total_spend_usd, 0.0);
    assert_eq!(r.runway_end_day, None);
}

#[test]
fn usable_on_matches_the_window() {
    // `GrantInput::usable_on` is public (simulate does not call it): usable on [7, 17).
    let g = grant();
    let days: Vec<bool> = [6, 7, 16, 17].iter().map(|&d| g.usable_on(d)).collect();
    assert_eq!(days, [false, true, true, false]);
    assert_eq!((g.usable_from(), g.expires_on()), (7, 17));
}

/// Known disagreement (reported, model unchanged): a workload of a whole number of days at a duty
/// that binary floating point cannot hold exactly ends the model's horizon one day late.
///
/// 1 GPU at duty 0.15: 1 · 24 · 0.15 = 3.6 busy hours a day. 3.6 GPU-hours = exactly 1 day
/// (day 0), $1/h -> $3.60. Spec: the workload has finished after day 0 and there is no grant, so
/// the horizon is 1 day. The model's day loop bills day 0 only (it treats the 4e-16 h left by
/// rounding as 0), but its horizon (`WorkloadInput::end_day`) takes
/// ceil(3.6 / 3.5999999999999996) = ceil(1.0000000000000002) = 2 days: a trailing day with nothing
/// billed. Same for 18 GPU-hours (5 days): horizon 6 instead of 5.
#[test]
fn whole_days_at_a_duty_not_exact_in_binary_end_the_horizon() {
    let w = |gpu_hours| WorkloadInput {
        duty: 0.15,
        ..work(0, gpu_hours)
    };
    let r = simulate(&[], &[w(3.6)]);
    assert!((r.total_spend_usd - 3.6).abs() < 1e-9);
    assert_eq!(r.runway_end_day, Some(0));
    assert_eq!(r.horizon_days, 1, "3.6 h at 3.6 h a day is one day");
    let r = simulate(&[], &[w(18.0)]);
    assert_eq!(r.horizon_days, 5, "18 h at 3.6 h a day is five days");
}

/// Known disagreement (reported, model unchanged): a line item that costs nothing sets the runway
/// end although no cash is ever needed.
///
/// 1 GPU at $0 an hour for 72 h from day 0: days 0, 1, 2 cost 24 · 0 = $0, no grant. Spec: the
/// runway end is the first day on which cash is needed; cash is $0 every day, so there is none.
/// The model reports day 1: on day 0 it finds no payer and pays nothing; from day 1 its cached
/// "no payer" path records a runway end before looking at the amount. (Prices in links and the
/// catalog are above 0, so the page cannot produce this plan; `simulate` itself accepts it.)
#[test]
fn a_free_workload_never_ends_the_runway() {
    let free = WorkloadInput {
        usd_per_gpu_hour: 0.0,
        ..work(0, 72.0)
    };
    let r = simulate(&[], &[free]);
    assert_eq!(r.cash_usd, 0.0);
    assert_eq!(r.runway_end_day, None);
}
