use leptos::prelude::*;
use runway_model::{data_value, tr, usd, usd_exact, BillPart, Catalog, Day0, Kind};

use crate::state::RunwayView;
use crate::widgets::live::{follow_value, ValueText};

/// Totals of the runway (spend, cash, the day cash starts), warnings about the whole plan, and the
/// runway chart.
#[component]
pub fn RunwayResults(
    /// The current runway.
    runway: Memo<Option<RunwayView>>,
    /// Day 0, for the dates.
    day0: Memo<Day0>,
    /// The catalog, for the providers' names.
    catalog: &'static Catalog,
) -> impl IntoView {
    let dollars = move |label: String, id: &'static str, pick: fn(&RunwayView) -> f64| {
        let node = NodeRef::<leptos::html::Div>::new();
        let first = follow_value(node, move || {
            let v = runway.with(|r| r.as_ref().map_or(0.0, pick));
            ValueText {
                raw: data_value(v),
                human: usd(v),
                exact: usd_exact(v),
            }
        });
        view! {
            <div class="result">
                <div class="result-label">{label}</div>
                <div class="result-value" node_ref=node data-testid=id data-value=first.raw title=first.exact>
                    {first.human}
                </div>
            </div>
        }
    };
    let end_day =
        Memo::new(move |_| runway.with(|r| r.as_ref().and_then(|r| r.result.runway_end_day)));
    let horizon =
        Memo::new(move |_| runway.with(|r| r.as_ref().map_or(0, |r| r.result.horizon_days)));
    let end_date = move || end_day.get().and_then(|d| day0.with(|p| p.date_of(d)));
    let end_text = move || match (end_day.get(), end_date()) {
        (Some(_), Some(date)) => {
            let from_today = crate::platform::browser::today().map(|t| t.days_until(date));
            match from_today {
                Some(n) if n > 1 => tr!("runway_results.end_in_days", date = date, n = n),
                Some(1) => tr!("runway_results.end_tomorrow", date = date),
                Some(0) => tr!("runway_results.end_today", date = date),
                Some(-1) => tr!("runway_results.end_days_ago_one", date = date, n = 1),
                Some(n) => tr!("runway_results.end_days_ago_other", date = date, n = -n),
                None => date.to_string(),
            }
        }
        (Some(d), None) => tr!("runway_results.day_n", d = d),
        (None, _) => {
            let days = horizon.get();
            match day0.with(|p| p.date_of(days)) {
                Some(until) => tr!("runway_results.never_before", until = until, days = days),
                None => tr!("runway_results.never_within", days = days),
            }
        }
    };
    view! {
        <h3>{tr!("runway_results.heading")}</h3>
        <div class="results-grid">
            {dollars(tr!("runway_results.total_spend"), "total-spend", |r| r.result.total_spend_usd)}
            {dollars(tr!("runway_results.paid_in_cash"), "cash-total", |r| r.result.cash_usd)}
            <div class="result">
                <div class="result-label">{tr!("runway_results.cash_starts")}</div>
                <div class="result-value" data-testid="runway-end-date" data-value=move || end_date().map_or_else(|| "none".to_string(), |d| d.iso())>
                    {end_text}
                </div>
                <div class="result-label" data-testid="runway-end-day" data-value=move || end_day.get().map_or_else(|| "none".to_string(), |d| d.to_string())>
                    {move || end_day.get().map(|d| tr!("runway_results.day_of_plan", d = d))}
                </div>
            </div>
        </div>
        <BillLines runway=runway catalog=catalog />
        {crate::details::use_details().view(crate::details::Detail::RunwayChart)}
    }
}

/// Every line of the bill in the horizon: the training run, extra workloads, storage and egress,
/// with who bills it and whether GPU-only grants may pay it. Rows are rebuilt only when the lines
/// change; an edit only updates the amounts.
#[component]
fn BillLines(
    /// The current runway.
    runway: Memo<Option<RunwayView>>,
    /// The catalog, for the providers' names.
    catalog: &'static Catalog,
) -> impl IntoView {
    let lines = Memo::new(move |_| {
        runway.with(|r| {
            r.as_ref().map_or_else(Vec::new, |r| {
                r.inputs
                    .1
                    .iter()
                    .enumerate()
                    .map(|(i, w)| (r.lines.get(i).copied(), i, w.provider_id.clone()))
                    .collect::<Vec<_>>()
            })
        })
    });
    let rows = move || {
        lines.with(|lines| {
            lines
                .iter()
                .map(|(line, i, provider_id)| {
                    let i = *i;
                    let provider = catalog
                        .provider(provider_id)
                        .map_or(provider_id.as_str(), |p| p.name.as_ref())
                        .to_string();
                    let (kind, what) = match line.map(|l| (l.kind, l.part, l.index + 1)) {
                        Some((Kind::Train, BillPart::Compute, n)) => ("gpu", tr!("runway_results.line_job", n = n)),
                        Some((Kind::Train, BillPart::Storage, n)) => ("storage", tr!("runway_results.line_storage", n = n)),
                        Some((Kind::Train, BillPart::Egress, n)) => ("egress", tr!("runway_results.line_egress", n = n)),
                        Some((Kind::Serve, _, n)) => ("gpu", tr!("runway_results.line_serve", n = n)),
                        Some((Kind::Experiments, _, n)) => ("gpu", tr!("runway_results.line_experiment", n = n)),
                        Some((Kind::Api, _, n)) => ("api", tr!("runway_results.line_api", n = n)),
                        None => ("gpu", tr!("runway_results.line_n", n = i + 1)),
                    };
                    // Only the lines whose amount changed re-render.
                    let spend = Memo::new(move |_| {
                        runway.with(|r| {
                            r.as_ref()
                                .and_then(|r| r.result.workload_spend_usd.get(i).copied())
                                .unwrap_or(0.0)
                        })
                    });
                    view! {
                        <tr data-testid=format!("bill-line-{i}") data-line=kind data-provider=provider_id.clone() data-value=move || data_value(spend.get())>
                            // Each cell carries its column's name: a phone shows the rows as
                            // cards, a label beside each value (style/main.css).
                            <td data-label=tr!("runway_results.th_line")>{what}</td>
                            <td data-label=tr!("runway_results.th_billed_by")>{provider}</td>
                            <td class="num" data-label=tr!("runway_results.th_in_horizon") title=move || usd_exact(spend.get())>{move || usd(spend.get())}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <table class="bill-lines">
            <thead><tr><th>{tr!("runway_results.th_line")}</th><th>{tr!("runway_results.th_billed_by")}</th><th class="num">{tr!("runway_results.th_in_horizon")}</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
}
