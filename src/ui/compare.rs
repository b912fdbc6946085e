use leptos::html::Canvas;
use leptos::prelude::*;
use runway_charts::{draw_cost_by_provider, ProviderBar};
use runway_model::compare::{
    encode_column, evaluate, parse_column, train_vs_finetune, ColumnResult, MAX_COLUMNS,
};
use runway_model::format::{compact, data_value, hours, usd, usd_exact};
use runway_model::parse::format_number_exact;
use runway_model::workload_kind::WorkloadKind;

use crate::state::use_app_state;
use crate::ui::charts::{draw_on, redraw_after_change};

/// Train vs fine-tune, side by side: up to four pieces of work on the scenario's hardware and
/// price, with who pays and the runway each leaves.
#[component]
pub fn ComparePanel() -> impl IntoView {
    let state = use_app_state();
    let results = Memo::new(move |_| {
        let e = state.estimate.read();
        let o = state.overheads.read();
        let (Ok(e), Some(o)) = (e.as_ref(), o.as_ref()) else {
            return Vec::new();
        };
        state.scenario.with(|s| {
            state.plan.with(|p| {
                p.compare
                    .iter()
                    .map(|c| evaluate(c, s, e, o, p, state.catalog))
                    .collect::<Vec<ColumnResult>>()
            })
        })
    });
    let count = Memo::new(move |_| state.plan.with(|p| p.compare.len()));
    let cheapest = Memo::new(move |_| {
        results.with(|r| r.iter().map(|c| c.cost_usd).fold(f64::INFINITY, f64::min))
    });
    let preset = move |_| {
        state.plan.update(|p| p.compare = train_vs_finetune());
        state
            .plan_errors
            .update(|e| e.retain(|e| !e.key.starts_with("cmp-")));
    };
    let add = move |_| {
        state.plan.update(|p| {
            if p.compare.len() < MAX_COLUMNS {
                let next = p
                    .compare
                    .last()
                    .cloned()
                    .unwrap_or_else(|| train_vs_finetune()[2].clone());
                p.compare.push(next);
            }
        })
    };
    let columns = move || {
        (0..count.get())
            .map(|i| view! { <CompareColumn index=i results=results cheapest=cheapest /> })
            .collect_view()
    };
    let link_errors = move || {
        state.plan_errors.with(|errors| {
            errors
                .iter()
                .filter(|e| e.key.starts_with("cmp-"))
                .map(|e| view! { <p class="field-error" role="alert" data-testid=format!("error-{}", e.key)>{e.message.clone()}</p> })
                .collect_view()
        })
    };
    let canvas = NodeRef::<Canvas>::new();
    redraw_after_change(
        move || results.track(),
        move || {
            let bars: Vec<ProviderBar> = state.plan.with_untracked(|p| {
                results.with_untracked(|r| {
                    let low = r.iter().map(|c| c.cost_usd).fold(f64::INFINITY, f64::min);
                    p.compare
                        .iter()
                        .zip(r)
                        .enumerate()
                        .map(|(i, (c, r))| ProviderBar {
                            label: format!("{}. {}", i + 1, c.kind.id()),
                            cost_usd: r.cost_usd,
                            current: r.cost_usd == low,
                        })
                        .collect()
                })
            });
            if let (Some(c), false) = (canvas.get_untracked(), bars.is_empty()) {
                draw_on(&c, |root, scale| draw_cost_by_provider(root, &bars, scale));
            }
        },
    );
    view! {
        <h2>"Train or fine-tune? Side by side"</h2>
        <p class="chart-note">
            "Most products that think they need to train need to fine-tune. Each column is priced on the accelerator, provider, MFU and duty above; "
            "fine-tuning is cheap per run but iterative, so the runs are what cost money."
        </p>
        <div class="compare-actions">
            <button type="button" data-testid="preset-train-vs-finetune" on:click=preset>"Train vs fine-tune preset"</button>
            <button type="button" data-testid="add-column" on:click=add disabled=move || { count.get() >= MAX_COLUMNS }>"Add a column"</button>
        </div>
        {link_errors}
        <div class="compare-grid">{columns}</div>
        <canvas node_ref=canvas class="chart" class:hidden-chart=move || count.get() == 0 data-testid="chart-compare" role="img"
            aria-label="Bar chart of the cost of each compared column, the cheapest highlighted"></canvas>
    }
}

/// One editable column and its results.
#[component]
fn CompareColumn(
    index: usize,
    results: Memo<Vec<ColumnResult>>,
    cheapest: Memo<f64>,
) -> impl IntoView {
    let state = use_app_state();
    let initial = state.plan.with_untracked(|p| p.compare.get(index).cloned());
    let Some(initial) = initial else {
        return ().into_any();
    };
    // The boxes hold text (possibly invalid); a valid set of fields updates the plan.
    let kind = RwSignal::new(initial.kind.id().to_string());
    let params = RwSignal::new(format_number_exact(initial.params));
    let tokens = RwSignal::new(format_number_exact(initial.tokens));
    let epochs = RwSignal::new(format_number_exact(initial.epochs));
    let runs = RwSignal::new(initial.runs.to_string());
    let gpus = initial.gpus;
    let error = RwSignal::new(None::<String>);
    // Keep the boxes in step when the plan changes from elsewhere (preset, opening a scenario).
    Effect::new(move |_| {
        if let Some(c) = state.plan.with(|p| p.compare.get(index).cloned()) {
            let current = [kind, params, tokens, epochs, runs].map(|s| s.get_untracked());
            let token = format!(
                "{}:{}:{}:{}:{}",
                current[0], current[1], current[2], current[3], current[4]
            );
            if parse_column(&token, index).ok().as_ref().map(encode_column)
                != Some(encode_column(&c))
            {
                kind.set(c.kind.id().to_string());
                params.set(format_number_exact(c.params));
                tokens.set(format_number_exact(c.tokens));
                epochs.set(format_number_exact(c.epochs));
                runs.set(c.runs.to_string());
                error.set(None);
            }
        }
    });
    let commit = move || {
        let mut token = format!(
            "{}:{}:{}:{}:{}",
            kind.get_untracked(),
            params.get_untracked(),
            tokens.get_untracked(),
            epochs.get_untracked(),
            runs.get_untracked()
        );
        if let Some(g) = gpus {
            token.push_str(&format!(":{g}"));
        }
        match parse_column(&token, index) {
            Ok(c) => {
                error.set(None);
                state.plan.update(|p| {
                    if let Some(slot) = p.compare.get_mut(index) {
                        *slot = c;
                    }
                });
            }
            Err(e) => error.set(Some(e.message)),
        }
    };
    let text_field = move |label: &'static str, key: &'static str, signal: RwSignal<String>| {
        view! {
            <label class="grant-field"><span>{label}</span>
                <input type="text" class="typed" data-testid=format!("cmp-{index}-{key}") prop:value=signal
                    on:input=move |ev| { signal.set(event_target_value(&ev)); commit(); } />
            </label>
        }
    };
    let kinds = WorkloadKind::ALL
        .into_iter()
        .filter(|k| k.trains())
        .map(|k| {
            let id = k.id();
            view! { <option value=id selected=move || kind.with(|c| c == id)>{k.label()}</option> }
        })
        .collect_view();
    let bases = state
        .catalog
        .base_models
        .iter()
        .map(|m| {
            view! { <option value=m.id.clone()>{format!("{} · {} active", m.name, compact(m.active_params))}</option> }
        })
        .collect_view();
    let pick_base = move |ev| {
        if let Some(m) = state.catalog.base_model(&event_target_value(&ev)) {
            params.set(format_number_exact(m.active_params));
            commit();
        }
    };
    let result =
        move |f: fn(&ColumnResult) -> f64| results.with(|r| r.get(index).map_or(f64::NAN, f));
    let is_cheapest =
        move || results.with(|r| r.get(index).is_some_and(|c| c.cost_usd == cheapest.get()));
    let ratio = move || {
        let (c, low) = (result(|r| r.cost_usd), cheapest.get());
        if c == low || !(c.is_finite() && low > 0.0) {
            "the cheapest".to_string()
        } else {
            format!("{}× the cheapest", compact(c / low))
        }
    };
    let payers = move || {
        results.with(|r| {
            let Some(c) = r.get(index) else {
                return String::new();
            };
            state.plan.with(|p| {
                let names: Vec<String> = c
                    .payers
                    .iter()
                    .filter_map(|&g| p.grants.get(g))
                    .map(|g| {
                        state
                            .catalog
                            .program(&g.program_id)
                            .map_or(g.program_id.clone(), |x| x.name.to_string())
                    })
                    .collect();
                if names.is_empty() {
                    "no grant in the plan".into()
                } else {
                    names.join(", ")
                }
            })
        })
    };
    let runway = move || {
        results.with(|r| {
            r.get(index).map_or(String::new(), |c| {
                c.runway
                    .runway_end_day
                    .map_or_else(|| "none".into(), |d| d.to_string())
            })
        })
    };
    let remove = move |_| {
        state.plan.update(|p| {
            if index < p.compare.len() {
                p.compare.remove(index);
            }
        })
    };
    view! {
        <div class="compare-col" class:cheapest=is_cheapest data-testid=format!("cmp-{index}")>
            <div class="grant-head">
                <strong>{format!("{}.", index + 1)}</strong>
                <select data-testid=format!("cmp-{index}-kind") on:change=move |ev| { kind.set(event_target_value(&ev)); commit(); }>{kinds}</select>
                <button type="button" class="link-button" data-testid=format!("remove-cmp-{index}") on:click=remove>"Remove"</button>
            </div>
            <label class="grant-field base-model"><span>"Base model"</span>
                <select data-testid=format!("cmp-{index}-base") on:change=pick_base>
                    <option value="">"Pick an open-weight base…"</option>
                    {bases}
                </select>
            </label>
            <div class="grant-fields">
                {text_field("Parameters", "params", params)}
                {text_field("Tokens", "tokens", tokens)}
                {text_field("Epochs", "epochs", epochs)}
                {text_field("Runs", "runs", runs)}
            </div>
            {move || error.get().map(|m| view! { <p class="field-error" role="alert" data-testid=format!("error-cmp-edit-{index}")>{m}</p> })}
            <dl class="compare-results">
                <dt>"Cost"</dt>
                <dd data-testid=format!("compare-cost-{index}") data-value=move || data_value(result(|r| r.cost_usd)) title=move || usd_exact(result(|r| r.cost_usd))>
                    {move || usd(result(|r| r.cost_usd))}" "<span class="ratio">{ratio}</span>
                </dd>
                <dt>"GPU-hours"</dt>
                <dd data-testid=format!("compare-gpu-hours-{index}") data-value=move || data_value(result(|r| r.gpu_hours))>{move || compact(result(|r| r.gpu_hours))}</dd>
                <dt>"Wall-clock"</dt>
                <dd data-testid=format!("compare-days-{index}") data-value=move || data_value(result(|r| r.wall_clock_days))>{move || hours(result(|r| r.wall_clock_days) * 24.0)}</dd>
                <dt>"Paid by"</dt>
                <dd data-testid=format!("compare-payers-{index}")>{payers}</dd>
                <dt>"Cash starts"</dt>
                <dd data-testid=format!("compare-runway-{index}") data-value=runway>
                    {move || match runway().as_str() { "none" => "never: the grants pay it all".to_string(), d => format!("day {d}") }}
                </dd>
            </dl>
        </div>
    }
    .into_any()
}
