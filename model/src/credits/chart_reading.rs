//! What the runway chart shows of a plan's outcome besides its pixels: the window it spans, the
//! numbered markers of its key, each grant's name and daily balance, the expiries of unused money
//! and the sentence that states the answer. The page only draws and words it.

use crate::credits::evaluate::Outcome;
use crate::credits::runway::summary::{
    chart_window, expiries, markers, summary, ChartWindow, Marker,
};
use crate::data::catalog::Catalog;
use crate::document::plan::Plan;
use crate::input::calendar::Date;

/// The runway chart's reading of a plan.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartReading {
    /// The days the chart spans.
    pub window: ChartWindow,
    /// The numbered markers inside the window, in day order.
    pub markers: Vec<Marker>,
    /// Each grant's name in plan order; a name that repeats gets its position ("Modal (grant 3)").
    pub grants: Vec<String>,
    /// Each grant's balance on every day of the horizon, USD (grant order, then day).
    pub balances: Vec<Vec<f64>>,
    /// The days money expires unused, and how much, USD.
    pub expired: Vec<(u32, f64)>,
    /// Whether any money expires unused.
    pub expires_any: bool,
    /// The answer in one or two sentences (the chart's text alternative).
    pub summary: String,
}

/// Each grant's name in plan order; a name that repeats gets its position ("Modal (grant 3)").
pub fn grant_labels(plan: &Plan, catalog: &Catalog) -> Vec<String> {
    let names: Vec<&str> = plan
        .grants
        .iter()
        .map(|g| {
            catalog
                .program(&g.program_id)
                .map_or(g.program_id.as_str(), |p| p.name_text())
        })
        .collect();
    names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            if names.iter().filter(|m| *m == n).count() > 1 {
                crate::tr!("runway.repeated_grant", name = n, n = i + 1)
            } else {
                n.to_string()
            }
        })
        .collect()
}

/// The runway chart's reading of `plan`'s outcome `view`, `today` being the reader's date (`None`:
/// unknown; the chart then marks no today).
pub fn chart_reading(
    view: &Outcome,
    plan: &Plan,
    catalog: &Catalog,
    today: Option<Date>,
) -> ChartReading {
    let (grants, workloads) = (&view.inputs.0, &view.inputs.1);
    let today = plan.t0.zip(today).map(|(t0, t)| t0.days_until(t));
    let window = chart_window(grants, workloads, &view.result, today);
    let labels = grant_labels(plan, catalog);
    let held: Vec<bool> = crate::credits::evaluate::grant_states(plan, catalog)
        .into_iter()
        .map(|s| s == crate::document::plan::GrantState::Held)
        .collect();
    let expired = expiries(grants, &view.result);
    let days = view.result.horizon_days;
    ChartReading {
        window,
        markers: markers(
            grants,
            &labels,
            &held,
            workloads,
            &view.result,
            today,
            window,
        ),
        balances: (0..grants.len())
            .map(|g| (0..days).map(|d| view.result.balance_on(g, d)).collect())
            .collect(),
        expires_any: !expired.is_empty(),
        expired,
        summary: summary(grants, &labels, &view.result, &|d| plan.day_text(d)),
        grants: labels,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_names_repeated_grants_and_reads_the_runway_by_hand() {
        // Two $5,000 Modal grants, 1,000 GPU-hours at $2.50 ($2,500) from
        // day 0 (t0 2027-01-04, opened on 2027-01-04: today is day 0).
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let d = crate::io::link::decode_link(
            "t0=2027-01-04&work=modal%3Ah100-sxm%3A8%3A1000%3A0%3A1%3A2.5\
             &grant=modal%3A5K%3A0%3A3%3A365&grant=modal%3A5K%3A0%3A3%3A365",
            &c,
        );
        assert!(d.plan_errors.is_empty(), "{:?}", d.plan_errors);
        let o = crate::credits::evaluate::evaluate(&d.plan, &c);
        let r = crate::locale::with_lang(crate::locale::Lang::En, || {
            chart_reading(&o, &d.plan, &c, Date::parse("2027-01-04").ok())
        });
        assert_eq!(
            r.grants,
            [
                "Modal startup credits (grant 1)",
                "Modal startup credits (grant 2)"
            ]
        );
        // Each grant's balance on every simulated day; the first grant pays first.
        assert_eq!(r.balances.len(), 2);
        let horizon = o.result.horizon_days as usize;
        assert!(r.balances.iter().all(|b| b.len() == horizon));
        // Approved on day 3 (3 days' review): days 0-2 in cash, 8 GPUs x 24 h x $2.50 = $480 a
        // day, $1,440; the other $1,060 from the first grant, which keeps $3,940 to expire on
        // day 368 (day 3 + 365), and the second grant's $5,000 expires unused the same day.
        assert_eq!(r.balances[0][2], 0.0);
        assert_eq!(r.balances[0][3], 5_000.0 - 480.0);
        assert_eq!(r.balances[0][5], 3_940.0);
        assert_eq!(r.balances[1][5], 5_000.0);
        assert_eq!(r.expired, [(368, 3_940.0), (368, 5_000.0)]);
        assert!(r.summary.contains("$1,440 in cash"), "{}", r.summary);
        assert_eq!(r.expires_any, !r.expired.is_empty());
        // Today (day 0) is the first marker, and the window starts there; the approvals (day 3)
        // and the expiries (day 368) are the others.
        assert_eq!(r.window.start_day, 0);
        let days: Vec<u32> = r.markers.iter().map(|m| m.day).collect();
        assert_eq!(days, [0, 3, 368]);
    }

    #[test]
    fn only_a_name_that_repeats_gets_its_position() {
        // Modal, AWS Activate, Modal: the two Modal grants are told apart by their place in the
        // plan (1 and 3); the AWS grant, named once, keeps its plain name.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let d = crate::io::link::decode_link(
            "grant=modal%3A5K%3A0%3A3%3A365&grant=aws-activate%3A10K%3A0%3A12%3A730\
             &grant=modal%3A5K%3A0%3A3%3A365",
            &c,
        );
        assert!(d.plan_errors.is_empty(), "{:?}", d.plan_errors);
        let labels =
            crate::locale::with_lang(crate::locale::Lang::En, || grant_labels(&d.plan, &c));
        assert_eq!(
            labels,
            [
                "Modal startup credits (grant 1)",
                "AWS Activate (general cloud)",
                "Modal startup credits (grant 3)"
            ]
        );
    }

    #[test]
    fn a_grant_held_at_day_0_is_marked_in_hand_not_approved() {
        // AWS Activate applied 30 days before day 0 with a 12-day review: approved on day -18,
        // so held, and the runway counts it from day 0. A Modal grant applied on day 0 with a
        // 3-day review is approved on day 3. Opened on day 0 (t0 2027-01-04).
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let d = crate::io::link::decode_link(
            "t0=2027-01-04&work=modal%3Ah100-sxm%3A8%3A1000%3A0%3A1%3A2.5\
             &grant=aws-activate%3A10K%3A-30%3A12%3A730&grant=modal%3A5K%3A0%3A3%3A365",
            &c,
        );
        assert!(d.plan_errors.is_empty(), "{:?}", d.plan_errors);
        let o = crate::credits::evaluate::evaluate(&d.plan, &c);
        let r = crate::locale::with_lang(crate::locale::Lang::En, || {
            chart_reading(&o, &d.plan, &c, Date::parse("2027-01-04").ok())
        });
        let text = |day: u32| {
            r.markers
                .iter()
                .find(|m| m.day == day)
                .map_or(String::new(), |m| m.text.clone())
        };
        assert!(
            text(0).contains("AWS Activate (general cloud) in hand"),
            "{}",
            text(0)
        );
        assert!(!text(0).contains("approved"), "{}", text(0));
        assert_eq!(text(3), "Modal startup credits approved");
    }
}
