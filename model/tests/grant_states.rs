//! A grant's three states (issue 42): planned, in review, held. Each case is a plan read from a
//! link, run through the runway, the answers, the calendar export and the planner, with every
//! expected figure worked out by hand in the comment above it from the runway's rules (a grant is
//! usable on [apply + review, apply + review + validity), paid soonest-expiring first; what no
//! grant pays is cash), not read off the model.
//!
//! The work throughout is experiments (`work=`) on AWS H100s at a typed price, so the bills are
//! round: 1 GPU at $5 an hour, duty 1, is 24 × 5 = $120 a day.

use runway_model::{
    decode_link, evaluate, next_steps, plan_applications, plan_events, Catalog, GrantState, Plan,
};

fn catalog() -> Catalog {
    Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
}

fn plan(q: &str, c: &Catalog) -> Plan {
    let d = decode_link(q, c);
    assert!(d.plan_errors.is_empty(), "{:?}", d.plan_errors);
    d.plan
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6 * b.abs().max(1.0)
}

/// Day 0 is 6 Dec 2026. AWS Activate held: applied 70 days before day 0, approved 60 days before
/// (a 10-day review), valid 364 days from approval: it expires at the start of day -60 + 364 = 304,
/// 6 Oct 2027 (Dec 6 → Oct 6: 31+31+28+31+30+31+30+31+31+30 = 304 days). Its $63K is the balance
/// left at day 0.
const HELD: &str = "grant=aws-activate:63K:-70:10:364";
/// A year of one H100 at $5 an hour from day 0: 8,760 GPU-hours, $120 a day for 365 days.
const YEAR: &str = "work=aws:h100-sxm:1:8760:0:1:5";

#[test]
fn a_held_grant_that_expires_before_it_is_spent() {
    let c = catalog();
    let p = plan(&format!("t0=2026-12-06&{HELD}&{YEAR}"), &c);
    assert_eq!(p.grants[0].state(), GrantState::Held);
    let o = evaluate(&p, &c);
    // Held: usable from day 0 (approved before it) to day 303. It pays 304 days × $120 = $36,480;
    // the rest, 63,000 − 36,480 = $26,520, expires unused at the start of day 304.
    let g = &o.result.grants[0];
    assert!(close(g.used_usd, 36_480.0), "{g:?}");
    assert!(close(g.expired_usd, 26_520.0), "{g:?}");
    // Cash from day 304 (6 Oct 2027) to day 364: 61 days × $120 = $7,320.
    assert_eq!(o.result.runway_end_day, Some(304));
    assert!(close(o.result.cash_usd, 7_320.0), "{}", o.result.cash_usd);
    // The credits stop covering the bills on day 304 too, and the burn from then is $120 a day:
    // 30 days × $120 = $3,600 over 30 days, as a 730-hour month: 3,600 / 30 × 730 / 24 = $3,650.
    assert_eq!(o.certainty.credits_run_out_day, Some(304));
    assert!(close(o.certainty.burn_after_usd_per_month, 3_650.0));
    // Nothing is hoped for: no credits awaiting approval, no "if refused" runway.
    assert_eq!(o.certainty.unapproved_usd, 0.0);
    assert_eq!(o.certainty.if_denied, None);
    // No application to send: no apply-by day, no next step.
    assert_eq!(o.apply_by, [None]);
    let days: Vec<Option<i32>> = p.grants.iter().map(|g| g.planned_apply_day()).collect();
    assert!(next_steps(&o.apply_by, &days).is_empty());
    // The calendar: no apply-by, no approval, only the expiry on 6 Oct 2027.
    let events = plan_events(&p, &o, &c).unwrap_or_else(|e| panic!("{e}"));
    let grant_events: Vec<(String, String)> = events
        .iter()
        .filter(|e| e.key.starts_with("grant-"))
        .map(|e| (e.key.clone(), e.date.iso()))
        .collect();
    assert_eq!(
        grant_events,
        [(
            "grant-1-aws-activate-expires".to_string(),
            "2027-10-06".to_string()
        )]
    );
    // The planner does not move it (an application already approved has no day to choose).
    let a = plan_applications(&p, &o, &c, 0);
    assert!(a.grants.is_empty(), "{:?}", a.grants);
    // And it is certain: the uncertainty bands keep it, every sample agrees with the runway.
    let b = runway_model::montecarlo::bands(&p, &o, &c);
    assert_eq!(b.cash_usd.p10, b.cash_usd.p90);
    assert!(close(b.cash_usd.p50, 7_320.0));
}

#[test]
fn in_review_beside_held_and_what_happens_if_it_is_refused() {
    // AWS generative-AI credits applied for yesterday (day -1), a 30-day review: expected on day
    // 29, valid 730 days. Two years of the $120 day from day 0 (17,520 GPU-hours, days 0–729).
    // Soonest-expiring first: Activate (expires day 304) pays days 0–303, $36,480, and lets
    // $26,520 expire; the generative-AI grant (expires day 29 + 730 = 759) pays days 304–729:
    // 426 days × $120 = $51,120, well inside its $200K. No cash at all.
    let c = catalog();
    let q = format!(
        "t0=2026-12-06&{HELD}&grant=aws-genai:200K:-1:30:730&work=aws:h100-sxm:1:17520:0:1:5"
    );
    let p = plan(&q, &c);
    assert_eq!(
        p.grants.iter().map(|g| g.state()).collect::<Vec<_>>(),
        [GrantState::Held, GrantState::InReview]
    );
    let o = evaluate(&p, &c);
    assert_eq!(o.result.runway_end_day, None);
    assert!(close(o.result.grants[1].used_usd, 51_120.0));
    assert_eq!(o.certainty.credits_run_out_day, None);
    assert_eq!(o.certainty.burn_after_usd_per_month, 0.0);
    // What the plan counts on that is not approved: the $51,120 the generative-AI grant pays.
    assert!(close(o.certainty.unapproved_usd, 51_120.0));
    // If it is refused: Activate alone, cash from day 304 (6 Oct 2027) to day 729: $51,120.
    let denied = o
        .certainty
        .if_denied
        .clone()
        .unwrap_or_else(|| panic!("no if-denied runway"));
    assert_eq!(denied.cash_day, Some(304));
    assert!(close(denied.cash_usd, 51_120.0));
    assert_eq!(denied.at_risk, [1]);
    // In review: no application left to send (no apply-by, no step), but its approval is still
    // an event: expected on day 29 = 4 Jan 2027; it expires on day 759: 6 Dec 2026 + 730 days is
    // 5 Dec 2028 (2028 is a leap year), + 29 days = 3 Jan 2029.
    assert_eq!(o.apply_by, [None, None]);
    let events = plan_events(&p, &o, &c).unwrap_or_else(|e| panic!("{e}"));
    let dated = |key: &str| {
        events
            .iter()
            .find(|e| e.key == key)
            .map(|e| e.date.iso())
            .unwrap_or_default()
    };
    assert_eq!(dated("grant-2-aws-genai-approved"), "2027-01-04");
    assert_eq!(dated("grant-2-aws-genai-expires"), "2029-01-03");
    assert!(!events.iter().any(|e| e.key.ends_with("apply-by")));
    assert!(!events
        .iter()
        .any(|e| e.key == "grant-1-aws-activate-approved"));
}

#[test]
fn a_planned_grant_bridged_with_cash_then_run_out() {
    // AWS Activate planned: applied on day 0, 12-day review, $10K. 120 days of the $120 day from
    // day 0 (14,400 GPU-hours). Days 0–11 are cash before approval: 12 × 120 = $1,440. From day
    // 12 the grant pays 10,000 / 120 = 83.33 days: days 12–94 in full (83 days, $9,960), and $40
    // of day 95, whose other $80 is cash. Then cash to day 119: 24 days × $120 = $2,880.
    let c = catalog();
    let p = plan(
        "t0=2026-12-06&grant=aws-activate:10K:0:12:365&work=aws:h100-sxm:1:2880:0:1:5",
        &c,
    );
    assert_eq!(p.grants[0].state(), GrantState::Planned);
    let o = evaluate(&p, &c);
    assert_eq!(o.result.runway_end_day, Some(0));
    assert!(close(o.result.cash_usd, 1_440.0 + 80.0 + 2_880.0));
    // The credits run short on day 95 (11 Mar 2027): cash pays part of it.
    assert_eq!(o.certainty.credits_run_out_day, Some(95));
    // The burn after it: from day 96, the first day cash pays in full, days 96–119 are all that
    // is left, 24 × $120 = $2,880 in 30 days, as a month: 2,880 / 30 × 730 / 24 = $2,920.
    assert!(close(
        o.certainty.burn_after_usd_per_month,
        2_880.0 / 30.0 * 730.0 / 24.0
    ));
    // Refused: cash from day 0, all 120 days, $14,400.
    let denied = o
        .certainty
        .if_denied
        .clone()
        .unwrap_or_else(|| panic!("no if-denied runway"));
    assert_eq!(denied.cash_day, Some(0));
    assert!(close(denied.cash_usd, 14_400.0));
    assert!(close(o.certainty.unapproved_usd, 10_000.0));
    // Still to send: apply by day 0 − 12 = −12 (too late by 12 days even today).
    assert_eq!(o.apply_by, [Some(-12)]);
}

#[test]
fn a_grant_of_another_provider_puts_nothing_at_risk() {
    // Modal credits planned for day 0 (3-day review) but the plan runs on AWS: Modal pays no AWS
    // bill, so nothing is at risk; refusal changes nothing.
    let c = catalog();
    let p = plan(
        "t0=2026-12-06&grant=modal:25K:0:3:365&work=aws:h100-sxm:1:240:0:1:5",
        &c,
    );
    let o = evaluate(&p, &c);
    assert_eq!(o.certainty.if_denied, None);
    assert_eq!(o.certainty.unapproved_usd, 0.0);
    // With no grant paying anything, the credits "run out" on the first cash day, day 0.
    assert_eq!(o.certainty.credits_run_out_day, Some(0));
    // 10 days × $120 = $1,200 in the 30 days from day 0: 1,200 / 30 × 730 / 24 = $1,216.67.
    assert!(close(
        o.certainty.burn_after_usd_per_month,
        1_200.0 / 30.0 * 730.0 / 24.0
    ));
}

#[test]
fn a_held_grant_in_the_link_reads_back_the_same() {
    // The link is the plan: a negative apply day round-trips.
    let c = catalog();
    let p = plan(&format!("t0=2026-12-06&{HELD}"), &c);
    let q = runway_model::encode_link(&p);
    assert!(
        q.contains("grant=aws-activate%3A63K%3A-70%3A10%3A364"),
        "{q}"
    );
    assert_eq!(plan(&q, &c), p);
}

#[test]
fn the_page_sets_a_grant_s_state_and_dates_as_a_founder_says_them() {
    use runway_model::{Date, GrantDateError};
    let c = catalog();
    let t0 = Date::parse("2026-12-06").unwrap_or_else(|e| panic!("{e}"));
    let activate = c
        .program("aws-activate")
        .unwrap_or_else(|| panic!("aws-activate"));
    // Added from the catalog: planned, applied on day 0, the typical 12-day review, 365 days.
    let planned = runway_model::PlannedGrant::from_program(activate);
    assert_eq!(planned.state(), GrantState::Planned);
    // "I already have these credits": approved on day 0 (applied 12 days before), its expiry
    // kept at day 12 + 365 = 377.
    let mut held = planned.with_state(GrantState::Held, activate);
    assert_eq!(held.state(), GrantState::Held);
    assert_eq!(
        (held.apply_day, held.approved_day(), held.expires_day()),
        (-12, 0, 377)
    );
    // "expires on 6 Oct 2027" = day 304: valid 304 days from its approval on day 0.
    assert_eq!(held.set_expiry_date(t0, "2027-10-06"), Ok(()));
    assert_eq!(held.expires_day(), 304);
    // An expiry on day 0 or before has nothing left: refused, the grant untouched.
    let before = held.clone();
    assert_eq!(
        held.set_expiry_date(t0, "2026-12-06"),
        Err(GrantDateError::ExpiredBeforeDay0 { day0: t0 })
    );
    assert_eq!(held, before);
    // "Applied yesterday, in review": day -1, the 12-day review ends on day 11.
    let mut review = planned.with_state(GrantState::InReview, activate);
    assert_eq!((review.apply_day, review.approved_day()), (-1, 11));
    // Applied on 1 Nov 2026 (day -35): a 12-day review would have ended on day -23, but it is
    // still waiting, so the review runs to tomorrow at the earliest: 36 days, approval day 1.
    assert_eq!(review.set_applied_date(t0, "2026-11-01"), Ok(()));
    assert_eq!(
        (review.apply_day, review.review_days, review.state()),
        (-35, 36, GrantState::InReview)
    );
    // Dated day 0 or later, it is not sent yet.
    assert_eq!(
        review.set_applied_date(t0, "2026-12-06"),
        Err(GrantDateError::NotYetSent { day0: t0 })
    );
    // Back to planned: applied on day 0 again; from held, the typical review again.
    assert_eq!(
        review.with_state(GrantState::Planned, activate).apply_day,
        0
    );
    let back = held.with_state(GrantState::Planned, activate);
    assert_eq!(
        (back.apply_day, back.review_days, back.state()),
        (0, 12, GrantState::Planned)
    );
}

#[test]
fn a_plan_whose_only_grant_is_refused() {
    // AWS Activate applied for yesterday (day -1, 12-day review: expected on day 11), $10K, its
    // approval chance typed as 0: refused for certain. 30 days of the $120 day from day 0 ($3,600).
    let c = catalog();
    let p = plan(
        "t0=2026-12-06&grant=aws-activate:10K:-1:12:365:0&work=aws:h100-sxm:1:720:0:1:5",
        &c,
    );
    assert_eq!(p.grants[0].state(), GrantState::InReview);
    let o = evaluate(&p, &c);
    // The runway as typed counts on it: days 0–10 cash (11 × $120 = $1,320), then it pays the
    // other 19 days ($2,280).
    assert!(close(o.result.cash_usd, 1_320.0));
    assert!(close(o.certainty.unapproved_usd, 2_280.0));
    // Refused: every bill is cash, from day 0: $3,600.
    let denied = o
        .certainty
        .if_denied
        .clone()
        .unwrap_or_else(|| panic!("no if-denied runway"));
    assert_eq!(
        (denied.cash_day, denied.at_risk.clone()),
        (Some(0), vec![0])
    );
    assert!(close(denied.cash_usd, 3_600.0));
    // The bands sample its chance: at 0, every sample is the refusal, $3,600 from day 0.
    let b = runway_model::montecarlo::bands(&p, &o, &c);
    assert_eq!(
        (b.cash_usd.p10, b.cash_usd.p50, b.cash_usd.p90),
        (3_600.0, 3_600.0, 3_600.0)
    );
    assert_eq!(b.runway_end_day.p50, Some(0));
}
