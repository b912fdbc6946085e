use leptos::html::Canvas;
use leptos::prelude::*;
use runway_charts::{draw_runway, RunwayChart};
use runway_model::format::{data_value, usd, usd_exact};
use runway_model::runway::LineItem;

use crate::state::use_app_state;
use crate::state::RunwayView;
use crate::ui::charts::{draw_on, redraw_after_change};

/// Totals of the runway (spend, cash, the day cash starts), warnings about the whole plan, and the
/// runway chart.
#[component]
pub fn RunwayResults(
    /// The current runway.
    runway: Memo<Option<RunwayView>>,
) -> impl IntoView {
    let state = use_app_state();
    let total = move |pick: fn(&RunwayView) -> f64| runway.with(|r| r.as_ref().map_or(0.0, pick));
    let dollars = move |label: &'static str, id: &'static str, pick: fn(&RunwayView) -> f64| {
        view! {
            <div class="result">
                <div class="result-label">{label}</div>
                <div class="result-value" data-testid=id data-value=move || data_value(total(pick)) title=move || usd_exact(total(pick))>
                    {move || usd(total(pick))}
                </div>
            </div>
        }
    };
    let end_day = move || runway.with(|r| r.as_ref().and_then(|r| r.result.runway_end_day));
    let horizon = move || runway.with(|r| r.as_ref().map_or(0, |r| r.result.horizon_days));
    let end_date = move || end_day().and_then(|d| state.plan.with(|p| p.date_of(d)));
    let end_text = move || match (end_day(), end_date()) {
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
            let days = horizon();
            match state.plan.with(|p| p.date_of(days)) {
                Some(until) => format!("never before {until} ({days} days)"),
                None => format!("never within {days} days"),
            }
        }
    };
    let canvas = NodeRef::<Canvas>::new();
    redraw_after_change(
        move || runway.track(),
        move || {
            let Some(view) = runway.get_untracked() else {
                return;
            };
            let (plan, catalog) = (state.plan.get_untracked(), state.catalog);
            let mut markers = vec![
                (
                    0,
                    plan.t0
                        .map_or_else(|| "day 0".to_string(), |d| d.to_string()),
                ),
                (plan.start_day, "data ready".to_string()),
            ];
            for (i, g) in view.inputs.0.iter().enumerate() {
                markers.push((g.usable_from(), format!("{} approved", i + 1)));
                markers.push((g.expires_on(), format!("{} expires", i + 1)));
            }
            let days = view.result.horizon_days;
            let balances = plan
                .grants
                .iter()
                .enumerate()
                .map(|(i, g)| {
                    let label = format!(
                        "{}. {}",
                        i + 1,
                        catalog
                            .program(&g.program_id)
                            .map_or(g.program_id.as_str(), |p| p.name.as_ref())
                    );
                    (
                        label,
                        (0..days).map(|d| view.result.balance_on(i, d)).collect(),
                    )
                })
                .collect();
            let data = RunwayChart {
                day0: plan.t0,
                balances,
                daily_spend: view.result.daily_spend_usd,
                daily_cash: view.result.daily_cash_usd,
                markers,
            };
            if let Some(c) = canvas.get_untracked() {
                draw_on(&c, |root, scale| draw_runway(root, &data, scale));
            }
        },
    );
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
                <div class="result-label" data-testid="runway-end-day" data-value=move || end_day().map_or_else(|| "none".to_string(), |d| d.to_string())>
                    {move || end_day().map(|d| format!("day {d} of the plan"))}
                </div>
            </div>
        </div>
        <BillLines runway=runway />
        <canvas node_ref=canvas class="chart chart-tall" data-testid="chart-runway" role="img"
            aria-label="Runway chart: grant balances stacked over time, cumulative spend and cash, approval and expiry markers"></canvas>
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
                    .map(|(i, w)| (w.line, i, w.provider_id.clone()))
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
                    let (kind, what) = match (line, i) {
                        (LineItem::Accelerators, 0) => ("gpu", "Training run, GPU-hours with communication and failures".to_string()),
                        (LineItem::Accelerators, _) => ("gpu", format!("Workload {}, GPU-hours", i + 1)),
                        (LineItem::Storage, _) => ("storage", "Checkpoints and dataset storage (not paid by GPU-only grants)".to_string()),
                        (LineItem::Egress, _) => ("egress", "Egress (not paid by GPU-only grants)".to_string()),
                    };
                    let spend = move || {
                        runway.with(|r| {
                            r.as_ref()
                                .and_then(|r| r.result.workload_spend_usd.get(i).copied())
                                .unwrap_or(0.0)
                        })
                    };
                    view! {
                        <tr data-testid=format!("bill-line-{i}") data-line=kind data-provider=provider_id.clone() data-value=move || data_value(spend())>
                            <td>{what}</td>
                            <td>{provider}</td>
                            <td class="num" title=move || usd_exact(spend())>{move || usd(spend())}</td>
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
