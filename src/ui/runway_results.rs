use leptos::prelude::*;
use runway_model::evaluate::BillLine;
use runway_model::format::{data_value, usd, usd_exact};

use crate::state::use_app_state;
use crate::state::RunwayView;
use crate::ui::live::{follow_value, ValueText};
use crate::ui::runway_chart::RunwayChartView;

/// Totals of the runway (spend, cash, the day cash starts), warnings about the whole plan, and the
/// runway chart.
#[component]
pub fn RunwayResults(
    /// The current runway.
    runway: Memo<Option<RunwayView>>,
) -> impl IntoView {
    let state = use_app_state();
    let dollars = move |label: &'static str, id: &'static str, pick: fn(&RunwayView) -> f64| {
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
    let end_date = move || {
        end_day
            .get()
            .and_then(|d| state.plan.with(|p| p.date_of(d)))
    };
    let end_text = move || match (end_day.get(), end_date()) {
        (Some(_), Some(date)) => {
            let from_today = crate::browser::today().map(|t| t.days_until(date));
            match from_today {
                Some(n) if n > 1 => format!("{date} (in {n} days)"),
                Some(1) => format!("{date} (tomorrow)"),
                Some(0) => format!("{date} (today)"),
                Some(n) => format!("{date} ({} days ago)", -n),
                None => date.to_string(),
            }
        }
        (Some(d), None) => format!("day {d}"),
        (None, _) => {
            let days = horizon.get();
            match state.plan.with(|p| p.date_of(days)) {
                Some(until) => format!("never before {until} ({days} days)"),
                None => format!("never within {days} days"),
            }
        }
    };
    view! {
        <h3>"Runway"</h3>
        <div class="results-grid">
            {dollars("Total spend in the horizon", "total-spend", |r| r.result.total_spend_usd)}
            {dollars("Paid in cash", "cash-total", |r| r.result.cash_usd)}
            <div class="result">
                <div class="result-label">"Cash starts"</div>
                <div class="result-value" data-testid="runway-end-date" data-value=move || end_date().map_or_else(|| "none".to_string(), |d| d.iso())>
                    {end_text}
                </div>
                <div class="result-label" data-testid="runway-end-day" data-value=move || end_day.get().map_or_else(|| "none".to_string(), |d| d.to_string())>
                    {move || end_day.get().map(|d| format!("day {d} of the plan"))}
                </div>
            </div>
        </div>
        <BillLines runway=runway />
        <RunwayChartView runway=runway />
    }
}

/// Every line of the bill in the horizon: the training run, extra workloads, storage and egress,
/// with who bills it and whether GPU-only grants may pay it. Rows are rebuilt only when the lines
/// change; an edit only updates the amounts.
#[component]
fn BillLines(
    /// The current runway.
    runway: Memo<Option<RunwayView>>,
) -> impl IntoView {
    let state = use_app_state();
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
                    let provider = state
                        .catalog
                        .provider(provider_id)
                        .map_or(provider_id.as_str(), |p| p.name.as_ref())
                        .to_string();
                    let (kind, what) = match line {
                        Some(BillLine::Job(j)) => ("gpu", format!("Job {}, GPU-hours with communication and failures", j + 1)),
                        Some(BillLine::Serve(j)) => ("gpu", format!("Serving line {}, always-on GPUs", j + 1)),
                        Some(BillLine::Experiment(k)) => ("gpu", format!("Experiments {}, GPU-hours", k + 1)),
                        Some(BillLine::JobStorage(j)) => ("storage", format!("Job {}: checkpoints and dataset storage (not paid by GPU-only grants)", j + 1)),
                        Some(BillLine::JobEgress(j)) => ("egress", format!("Job {}: egress (not paid by GPU-only grants)", j + 1)),
                        None => ("gpu", format!("Line {}", i + 1)),
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
                            <td>{what}</td>
                            <td>{provider}</td>
                            <td class="num" title=move || usd_exact(spend.get())>{move || usd(spend.get())}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <table class="bill-lines">
            <thead><tr><th>"Line of the bill"</th><th>"Billed by"</th><th class="num">"In the horizon"</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
}
