//! The premise of the pre-rendered first screen (scripts/prerender.mjs): the build snapshots the
//! default plan's answers once, and the page shows that snapshot on any later day with only
//! today's date filled in. That is right only if the default plan (no link, no saved plan: day 0 is
//! today) gives the same runway, the same warnings and the same apply-by days whatever today is.
//! The browser suite (tests/e2e/first-paint.test.mjs) then checks the snapshot's words against the
//! page's own on dates in every month; this checks every day of four years, leap days included.

use runway_model::{decode_link, evaluate, Catalog, Date};

#[test]
fn the_default_plan_gives_the_same_answers_whatever_day_it_opens_on() {
    let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
    let outcome_on = |today: Date| {
        let mut d = decode_link("", &c);
        assert!(
            d.errors.is_empty() && d.plan_errors.is_empty(),
            "the empty link is clean"
        );
        assert_eq!(d.plan.t0, None, "no link: the page makes today day 0");
        d.plan.t0 = Some(today);
        let o = evaluate(&d.plan, &c);
        (o.result, format!("{:?}", o.warnings), o.apply_by)
    };
    let first = Date::new(2026, 1, 1).unwrap_or_else(|| panic!("a valid date"));
    let reference = outcome_on(first);
    // What the snapshot shows must be an answer, not an empty one: the default plan bills
    // something and, having no grants, pays it all in cash from day 0.
    assert!(reference.0.total_spend_usd > 0.0);
    assert_eq!(reference.0.cash_usd, reference.0.total_spend_usd);
    assert_eq!(reference.0.runway_end_day, Some(0));
    // 2026-01-01 .. 2029-12-31: 1,461 days, through 29 Feb 2028.
    let mut day = first;
    let mut days = 0;
    while day.iso().as_str() <= "2029-12-31" {
        let o = outcome_on(day);
        assert!(
            o == reference,
            "the default plan's answers differ when it opens on {}",
            day.iso()
        );
        days += 1;
        day = day
            .add_days(1)
            .unwrap_or_else(|| panic!("a day after {}", day.iso()));
    }
    assert_eq!(days, 1461);
}
