//! What the runway chart shows and says, computed from a simulated runway without drawing anything:
//! the window of days it spans, the numbered markers of its key, the expiries of unused money, and
//! the sentence that states the answer (the chart's text alternative).

use super::{GrantInput, LineItem, RunwayResult, WorkloadInput};
use crate::io::format::usd;

/// Money below a cent is nothing (rounding left over from paying day by day).
const CENT: f64 = 0.005;

/// The days the chart spans: x runs from `start_day` to `end_day` (plan days, `start_day < end_day`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChartWindow {
    /// First day on the axis.
    pub start_day: u32,
    /// Last day on the axis.
    pub end_day: u32,
}

/// The plan's window: from today or the first workload's start, whichever is earlier (never before
/// day 0), to the last workload's end or the last expiry of money still unspent, whichever is
/// later (never past the simulated horizon), plus a margin of 5 % of that span, at least 3 days.
/// A grant that is used up before it expires adds nothing: its expiry loses no money, and a window
/// stretched to it (two years for AWS Activate) would squeeze a ten-day run into a sliver.
/// `today` is today as a plan day (negative when day 0 is in the future), `None` when unknown.
pub fn chart_window(
    grants: &[GrantInput],
    workloads: &[WorkloadInput],
    result: &RunwayResult,
    today: Option<i64>,
) -> ChartWindow {
    let first_start = workloads.iter().map(|w| w.start_day).min();
    let from = match (today, first_start) {
        (Some(t), Some(s)) => t.min(i64::from(s)),
        (Some(t), None) => t,
        (None, Some(s)) => i64::from(s),
        (None, None) => 0,
    };
    let from = u32::try_from(from.max(0)).unwrap_or(u32::MAX);
    let expiring = grants
        .iter()
        .zip(&result.grants)
        .filter(|(_, o)| o.expired_usd > CENT || o.unused_usd > CENT)
        .map(|(g, _)| g.expires_on());
    let last = workloads
        .iter()
        .map(WorkloadInput::end_day)
        .chain(expiring)
        .max()
        .unwrap_or(0)
        .min(result.horizon_days);
    // Whatever the plan, at least one day from the start.
    let last = last.max(from.saturating_add(1));
    let span = last - from;
    let margin = (f64::from(span) * 0.05).ceil().max(3.0) as u32;
    ChartWindow {
        start_day: from,
        end_day: last.saturating_add(margin),
    }
}

/// Money that expired unused: `(day, amount)` per grant that lost some, at the start of its expiry
/// day, in plan order.
pub fn expiries(grants: &[GrantInput], result: &RunwayResult) -> Vec<(u32, f64)> {
    grants
        .iter()
        .zip(&result.grants)
        .filter(|(_, o)| o.expired_usd > CENT)
        .map(|(g, o)| (g.expires_on(), o.expired_usd))
        .collect()
}

/// One numbered marker of the chart: a day and what happens on it (several events on one day share
/// a marker).
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    /// Plan day.
    pub day: u32,
    /// What happens, e.g. "work starts; 1. AWS Activate approved".
    pub text: String,
}

/// The chart's markers inside `window`, in day order (numbered 1, 2, … on the chart): today, each
/// day a workload's GPUs start, each grant's approval (or, for one already `held` at day 0, the
/// day it counts from: "in hand") and expiry (with the money it loses), and the first cash day.
/// `labels` are the grants' names and `held` whether each is held, in plan order.
pub fn markers(
    grants: &[GrantInput],
    labels: &[String],
    held: &[bool],
    workloads: &[WorkloadInput],
    result: &RunwayResult,
    today: Option<i64>,
    window: ChartWindow,
) -> Vec<Marker> {
    let mut events: Vec<(u32, String)> = Vec::new();
    if let Some(t) = today.and_then(|t| u32::try_from(t).ok()) {
        events.push((t, crate::tr!("runway.marker.today")));
    }
    for w in workloads
        .iter()
        .filter(|w| w.line == LineItem::Accelerators)
    {
        events.push((w.start_day, crate::tr!("runway.marker.work_starts")));
    }
    for (i, g) in grants.iter().enumerate() {
        let label = labels
            .get(i)
            .cloned()
            .unwrap_or_else(|| crate::tr!("runway.marker.grant"));
        let usable = if held.get(i).copied().unwrap_or(false) {
            crate::tr!("runway.marker.held", label = label)
        } else {
            crate::tr!("runway.marker.approved", label = label)
        };
        events.push((g.usable_from(), usable));
        let lost = result.grants.get(i).map_or(0.0, |o| o.expired_usd);
        let text = if lost > CENT {
            crate::tr!(
                "runway.marker.expires_unused",
                label = label,
                usd = usd(lost)
            )
        } else {
            crate::tr!("runway.marker.expires", label = label)
        };
        events.push((g.expires_on(), text));
    }
    if let Some(d) = result.runway_end_day {
        events.push((d, crate::tr!("runway.marker.cash_starts")));
    }
    let mut out: Vec<Marker> = Vec::new();
    for (day, text) in events {
        if day < window.start_day || day > window.end_day {
            continue;
        }
        match out.iter_mut().find(|m| m.day == day) {
            // The same event twice on a day (two workloads starting) is said once.
            Some(m) if m.text.split("; ").any(|t| t == text) => {}
            Some(m) => {
                m.text.push_str("; ");
                m.text.push_str(&text);
            }
            None => {
                let at = out.partition_point(|m| m.day < day);
                out.insert(at, Marker { day, text });
            }
        }
    }
    out
}

/// The answer in one or two sentences, the chart's text alternative: when cash starts and how much
/// cash in total, and which grants lose money unused, on which date. `labels` are the grants' names
/// in plan order; `day_text` writes a plan day for people (`Plan::day_text`: "14 Mar 2027").
pub fn summary(
    grants: &[GrantInput],
    labels: &[String],
    result: &RunwayResult,
    day_text: &dyn Fn(i64) -> String,
) -> String {
    let mut s = if result.total_spend_usd <= CENT {
        crate::tr!("runway.summary.nothing_billed")
    } else {
        match result.runway_end_day {
            Some(d) => crate::tr!(
                "runway.summary.cash_starts",
                day = day_text(i64::from(d)),
                usd = usd(result.cash_usd)
            ),
            None => crate::tr!("runway.summary.no_cash"),
        }
    };
    let mut lost_any = false;
    for (i, (g, o)) in grants.iter().zip(&result.grants).enumerate() {
        let label = labels
            .get(i)
            .cloned()
            .unwrap_or_else(|| crate::tr!("runway.summary.a_grant"));
        if o.expired_usd > CENT {
            lost_any = true;
            s.push_str(&crate::tr!(
                "runway.summary.expires_unused",
                usd = usd(o.expired_usd),
                label = label,
                day = day_text(i64::from(g.expires_on()))
            ));
        }
        if o.unused_usd > CENT {
            lost_any = true;
            s.push_str(&crate::tr!(
                "runway.summary.still_unused",
                usd = usd(o.unused_usd),
                label = label,
                day = day_text(i64::from(result.horizon_days))
            ));
        }
    }
    if !lost_any && !grants.is_empty() {
        s.push_str(&crate::tr!("runway.summary.nothing_expires"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::credits::runway::simulate;
    use crate::data::catalog::Scope;
    use crate::input::calendar::Date;

    fn grant(provider: &str, amount: f64, apply: u32, review: u32, validity: u32) -> GrantInput {
        GrantInput {
            provider_id: provider.into(),
            scope: Scope::All,
            amount_usd: amount,
            apply_day: apply,
            review_days: review,
            validity_days: validity,
        }
    }

    /// `gpus` GPUs at $1/GPU-hour, all day, for `days` days from `start`: $24 × gpus a day.
    fn work(provider: &str, gpus: u32, start: u32, days: u32) -> WorkloadInput {
        WorkloadInput {
            provider_id: provider.into(),
            own_silicon_of: None,
            line: LineItem::Accelerators,
            gpus,
            usd_per_gpu_hour: 1.0,
            duty: 1.0,
            start_day: start,
            gpu_hours: f64::from(gpus * 24 * days),
        }
    }

    fn labels(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn a_ten_day_run_paid_by_a_two_year_grant_spans_its_ten_days_not_the_grant() {
        // 1 GPU, $24 a day on days 20-29 ($240); a $1,000 AWS grant approved on day 7, valid 730
        // days: $760 of it expires on day 737. The window still runs to the expiry, where money is
        // lost: from today (day 0) to 737 + ceil(0.05 × 737 = 36.85) = 737 + 37 = 774.
        let grants = [grant("aws", 1000.0, 0, 7, 730)];
        let workloads = [work("aws", 1, 20, 10)];
        let r = simulate(&grants, &workloads);
        assert_eq!(
            chart_window(&grants, &workloads, &r, Some(0)),
            ChartWindow {
                start_day: 0,
                end_day: 774
            }
        );
        // A $200 grant is used up on day 28 ($24 × 8 = $192 on days 20-27, $8 on day 28): nothing
        // expires, so the window ends at the run's end, day 30 (days 20-29 busy), plus the
        // minimum margin of 3 days (5 % of 30 is 1.5): day 33.
        let grants = [grant("aws", 200.0, 0, 7, 730)];
        let r = simulate(&grants, &workloads);
        assert_eq!(r.grants[0].expired_usd, 0.0);
        assert_eq!(
            chart_window(&grants, &workloads, &r, Some(0)),
            ChartWindow {
                start_day: 0,
                end_day: 33
            }
        );
    }

    #[test]
    fn the_window_starts_at_today_or_the_first_start_whichever_is_earlier_never_before_day_0() {
        let grants = [grant("aws", 200.0, 0, 7, 730)];
        let workloads = [work("aws", 1, 20, 10), work("aws", 1, 40, 60)];
        let r = simulate(&grants, &workloads);
        // Last end: day 40 + 60 = 100. Today is day 50 (the link was opened 50 days after day 0):
        // the first start, day 20, comes earlier. Span 80, margin ceil(4) = 4: day 104.
        let w = chart_window(&grants, &workloads, &r, Some(50));
        assert_eq!((w.start_day, w.end_day), (20, 104));
        // Today day 5: from day 5; span 95, margin ceil(4.75) = 5: day 105.
        let w = chart_window(&grants, &workloads, &r, Some(5));
        assert_eq!((w.start_day, w.end_day), (5, 105));
        // Day 0 is ten days ahead (today = day -10): clamped to day 0; span 100, margin 5.
        let w = chart_window(&grants, &workloads, &r, Some(-10));
        assert_eq!((w.start_day, w.end_day), (0, 105));
        // Today unknown: from the first start.
        let w = chart_window(&grants, &workloads, &r, None);
        assert_eq!((w.start_day, w.end_day), (20, 104));
    }

    #[test]
    fn an_empty_plan_still_has_a_window_of_a_few_days() {
        let r = simulate(&[], &[]);
        // Nothing at all: day 0 to day 1, plus the 3-day minimum margin.
        assert_eq!(
            chart_window(&[], &[], &r, Some(0)),
            ChartWindow {
                start_day: 0,
                end_day: 4
            }
        );
    }

    #[test]
    fn markers_are_numbered_by_day_and_share_a_day() {
        // Grant approved day 7 (apply 0 + review 7), valid 30 days: expires at the start of day 37.
        // Both workloads start on day 20 (one marker); they spend $24 × 10 + $48 = $288 of it.
        let grants = [grant("aws", 1000.0, 0, 7, 30)];
        let workloads = [work("aws", 1, 20, 10), work("aws", 2, 20, 1)];
        let r = simulate(&grants, &workloads);
        let w = ChartWindow {
            start_day: 0,
            end_day: 40,
        };
        let m = markers(
            &grants,
            &labels(&["1. AWS"]),
            &[false],
            &workloads,
            &r,
            Some(0),
            w,
        );
        let got: Vec<(u32, &str)> = m.iter().map(|m| (m.day, m.text.as_str())).collect();
        // $1,000 − $288 = $712 expires.
        assert_eq!(
            got,
            vec![
                (0, "today"),
                (7, "1. AWS approved"),
                (20, "work starts"),
                (37, "1. AWS expires, $712 unused"),
            ]
        );
        // Outside the window, a marker is left out; cash never starts here.
        let narrow = ChartWindow {
            start_day: 10,
            end_day: 30,
        };
        let m = markers(
            &grants,
            &labels(&["1. AWS"]),
            &[false],
            &workloads,
            &r,
            Some(0),
            narrow,
        );
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].text, "work starts");
    }

    #[test]
    fn cash_start_and_an_approval_on_one_day_share_one_marker() {
        // No usable grant until day 5: the run from day 0 pays cash on day 0 (cash starts day 0),
        // and a grant approved day 0 as well shares the marker with "today" and "work starts".
        let grants = [grant("gcp", 100.0, 0, 0, 10)];
        let workloads = [work("aws", 1, 0, 2)];
        let r = simulate(&grants, &workloads);
        let w = ChartWindow {
            start_day: 0,
            end_day: 20,
        };
        let m = markers(
            &grants,
            &labels(&["1. GCP"]),
            &[false],
            &workloads,
            &r,
            Some(0),
            w,
        );
        assert_eq!(m[0].day, 0);
        assert_eq!(
            m[0].text,
            "today; work starts; 1. GCP approved; cash starts"
        );
        assert_eq!(m[1].text, "1. GCP expires, $100 unused");
        // The same grant already held at day 0 is not "approved" then: it is in hand.
        let m = markers(
            &grants,
            &labels(&["1. GCP"]),
            &[true],
            &workloads,
            &r,
            Some(0),
            w,
        );
        assert_eq!(m[0].text, "today; work starts; 1. GCP in hand; cash starts");
    }

    fn dates(t0: &str) -> impl Fn(i64) -> String {
        let t0 = Date::parse(t0).ok();
        move |d| match t0.and_then(|t| t.add_days(d)) {
            Some(date) => date.to_string(),
            None => format!("day {d}"),
        }
    }

    #[test]
    fn summary_says_when_cash_starts_and_what_expires_on_which_date() {
        // 1 GPU at $1/h from day 20 for 30 days: $720. AWS $500 approved day 12 pays days 20-40
        // ($24 × 20 = $480, then $20 of day 40): cash from day 40, $720 − $500 = $220 in cash.
        // Modal $5,000 (approved day 3, valid 365 days) pays no AWS bill: all of it expires at the
        // start of day 368. Day 0 is 1 Dec 2026: day 40 = 10 Jan 2027 (31 days to 1 Jan = day 31);
        // day 368 = 1 Dec 2027 (day 365) + 3 = 4 Dec 2027.
        let grants = [
            grant("aws", 500.0, 0, 12, 365),
            grant("modal", 5000.0, 0, 3, 365),
        ];
        let workloads = [work("aws", 1, 20, 30)];
        let r = simulate(&grants, &workloads);
        let text = summary(
            &grants,
            &labels(&["AWS Activate", "Modal"]),
            &r,
            &dates("2026-12-01"),
        );
        assert_eq!(
            text,
            "Cash starts 10 Jan 2027 ($220 in cash in total). \
             $5,000 of Modal expires unused on 4 Dec 2027."
        );
        // Without a day 0, days.
        let text = summary(&grants, &labels(&["AWS", "Modal"]), &r, &dates(""));
        assert!(text.starts_with("Cash starts day 40 ($220"), "{text}");
    }

    #[test]
    fn summary_when_the_grants_pay_everything() {
        // $720 of work, a $720 grant usable from day 0: paid in full, nothing left to expire.
        let grants = [grant("aws", 720.0, 0, 0, 365)];
        let workloads = [work("aws", 1, 0, 30)];
        let r = simulate(&grants, &workloads);
        assert_eq!(
            summary(&grants, &labels(&["AWS"]), &r, &dates("2026-12-01")),
            "The grants pay everything; no cash is needed. Nothing expires unused."
        );
        // No grants at all: cash from the first day, day 0 = 1 Dec 2026, $720.
        let r = simulate(&[], &workloads);
        assert_eq!(
            summary(&[], &[], &r, &dates("2026-12-01")),
            "Cash starts 1 Dec 2026 ($720 in cash in total)."
        );
        // Nothing at all.
        let r = simulate(&[], &[]);
        assert_eq!(
            summary(&[], &[], &r, &dates("2026-12-01")),
            "Nothing is billed in this plan."
        );
    }

    #[test]
    fn expiries_list_only_money_lost() {
        let grants = [
            grant("aws", 720.0, 0, 0, 365),
            grant("modal", 5000.0, 0, 3, 365),
        ];
        let r = simulate(&grants, &[work("aws", 1, 0, 30)]);
        // AWS is used up; Modal loses all $5,000 at the start of day 3 + 365 = 368.
        assert_eq!(expiries(&grants, &r), vec![(368, 5000.0)]);
    }
}
