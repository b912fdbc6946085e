use leptos::html::Canvas;
use leptos::prelude::*;
use runway_charts::{draw_cost_by_provider, ProviderBar};
use runway_model::{
    column_from_slots, compact, data_value, encode_column, exact, format_number_exact, hours,
    params_text, scientific, tr, train_vs_finetune, usd, usd_exact, Column, ColumnResult, Field,
    FirstYear, Token, WorkloadKind, MAX_COLUMNS,
};

use crate::sections::charts::{draw_on, redraw_after_change};
use crate::state::use_app_state;
use crate::widgets::announce::{focus_test_id, Announcer};
use crate::widgets::number_box::NumberBox;

/// Train vs fine-tune, side by side: up to four pieces of work on the scenario's hardware and
/// price, with who pays and the runway each leaves.
#[component]
pub fn ComparePanel() -> impl IntoView {
    let state = use_app_state();
    let derived = crate::state::use_derived();
    let (results, years) = (derived.columns, derived.first_years);
    let count = Memo::new(move |_| state.plan.with(|p| p.compare.len()));
    let preset = move |_| {
        state.plan.update(|p| p.compare = train_vs_finetune());
        state
            .plan_errors
            .update(|e| e.retain(|e| !matches!(e.at, Token::Cmp(_))));
    };
    let announcer = Announcer::get();
    // A column was added: say so; the fourth disables the add buttons (and so drops the focus),
    // so the keyboard then goes to the new column's first control.
    let added = move || {
        let n = state.plan.with_untracked(|p| p.compare.len());
        announcer.say(tr!("focus.column_added", n = n));
        if n >= MAX_COLUMNS {
            focus_test_id(format!("cmp-{}-kind", n - 1));
        }
    };
    let add_rag = move |_| {
        state.plan.update(|p| {
            if p.compare.len() < MAX_COLUMNS {
                p.compare.push(Column::retrieval_default());
            }
        });
        added();
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
        });
        added();
    };
    let columns = move || {
        (0..count.get())
            .map(|i| view! { <CompareColumn index=i results=results years=years /> })
            .collect_view()
    };
    let link_errors = move || {
        state.plan_errors.with(|errors| {
            errors
                .iter()
                .filter(|e| matches!(e.at, Token::Cmp(_)))
                .map(|e| view! { <p class="field-error" role="alert" data-testid=format!("error-{}", e.key())>{e.message()}</p> })
                .collect_view()
        })
    };
    let canvas = NodeRef::<Canvas>::new();
    // The chart's bars: each column's first year, the cheapest marked (drawn and described).
    let bars = move |columns: &[Column], y: &[FirstYear]| -> Vec<ProviderBar> {
        columns
            .iter()
            .zip(y)
            .enumerate()
            .map(|(i, (c, y))| ProviderBar {
                label: format!("{}. {}", i + 1, c.kind.label()),
                cost_usd: y.usd,
                current: y.cheapest,
            })
            .collect()
    };
    let chart_text = Memo::new(move |_| {
        let bars = state.plan.with(|p| years.with(|y| bars(&p.compare, y)));
        (!bars.is_empty())
            .then(|| crate::sections::charts::bars_text(&bars, runway_model::chart_text::compare))
    });
    redraw_after_change(
        move || results.track(),
        move || {
            let bars: Vec<ProviderBar> = state
                .plan
                .with_untracked(|p| years.with_untracked(|y| bars(&p.compare, y)));
            if let (Some(c), false) = (canvas.get_untracked(), bars.is_empty()) {
                let x_desc = tr!(
                    "charts.provider_x",
                    iso = runway_model::locale::currency().code.iso()
                );
                draw_on(&c, |root, scale| {
                    draw_cost_by_provider(root, &bars, &x_desc, scale)
                });
            }
        },
    );
    view! {
        <h2>{tr!("compare.heading")}</h2>
        <p class="chart-note" data-testid="compare-ladder">
            {tr!("compare.ladder")}
        </p>
        <p class="chart-note">
            {tr!("compare.note_priced")}
            {tr!("compare.note_retrieval")}
            {tr!("compare.note_cheapest")}
        </p>
        <div class="compare-actions">
            <button type="button" data-testid="preset-train-vs-finetune" on:click=preset>{tr!("compare.preset")}</button>
            <button type="button" data-testid="add-column" on:click=add disabled=move || { count.get() >= MAX_COLUMNS }>{tr!("compare.add_column")}</button>
            <button type="button" data-testid="add-retrieval" on:click=add_rag disabled=move || { count.get() >= MAX_COLUMNS }>{tr!("compare.add_retrieval")}</button>
        </div>
        {link_errors}
        <div class="compare-grid">{columns}</div>
        <canvas node_ref=canvas class="chart" class:hidden-chart=move || count.get() == 0 data-testid="chart-compare" role="img"
            aria-label=tr!("compare.chart_label") aria-describedby="chart-text-compare"></canvas>
        <p id="chart-text-compare" class="visually-hidden" data-testid="chart-text-compare">{move || chart_text.get()}</p>
    }
}

/// The column's math in words: the FLOPs multiplier that applies, and retrieval's monthly parts.
fn column_math(c: &Column, r: &ColumnResult) -> String {
    match &r.retrieval {
        Some(x) => tr!(
            "compare.math_retrieval",
            params = compact(c.params),
            tokens = compact(c.tokens),
            flops = scientific(r.flops),
            gpu_hours = exact(r.gpu_hours, 3),
            cost = usd_exact(r.cost_usd),
            chunk = c.retrieval.chunk_tokens,
            chunks = x.chunks.round(),
            dim = c.retrieval.dimension,
            index_gb = exact(x.index_gb, 3),
            storage_price = runway_model::usd_unit(x.storage_usd_per_gb_month, 4),
            storage_monthly = usd_exact(x.storage_monthly_usd),
            queries = compact(c.retrieval.queries_per_month),
            k = c.retrieval.chunks_per_query,
            extra = compact(x.extra_tokens_per_month),
            served = compact(x.served_params),
            prefill_hours = exact(x.prefill_gpu_hours_per_month, 3),
            prefill_monthly = usd_exact(x.prefill_monthly_usd)
        ),
        None => tr!(
            "compare.math_flops",
            mult = c.kind.multiplier_text(false, c.checkpointing),
            params = compact(c.params),
            tokens = compact(c.tokens),
            epochs = exact(c.epochs, 2),
            runs = c.runs,
            flops = scientific(r.flops)
        ),
    }
}

/// One editable column and its results.
#[component]
fn CompareColumn(
    index: usize,
    results: Memo<Vec<ColumnResult>>,
    years: Memo<Vec<FirstYear>>,
) -> impl IntoView {
    let state = use_app_state();
    let initial = state.plan.with_untracked(|p| p.compare.get(index).cloned());
    let Some(initial) = initial else {
        return ().into_any();
    };
    // The boxes hold text (possibly invalid); a valid set of fields updates the plan.
    let kind = RwSignal::new(initial.kind.id().to_string());
    let params = RwSignal::new(params_text(
        Field::Params,
        initial.params,
        initial.params_total,
    ));
    let tokens = RwSignal::new(format_number_exact(initial.tokens));
    let epochs = RwSignal::new(format_number_exact(initial.epochs));
    let runs = RwSignal::new(initial.runs.to_string());
    let ckpt = RwSignal::new(initial.checkpointing);
    let queries = RwSignal::new(format_number_exact(initial.retrieval.queries_per_month));
    let k = RwSignal::new(initial.retrieval.chunks_per_query.to_string());
    let chunk = RwSignal::new(initial.retrieval.chunk_tokens.to_string());
    let dim = RwSignal::new(initial.retrieval.dimension.to_string());
    let gpus = initial.gpus;
    let error = RwSignal::new(None::<String>);
    let is_rag = move || kind.with(|k| k == WorkloadKind::Retrieval.id());
    let offers_ckpt =
        move || kind.with(|k| WorkloadKind::from_id(k).is_some_and(|k| k.offers_checkpointing()));
    // The column the boxes hold, read slot by slot as a link's `cmp=` token is (the
    // checkpointing flag always given, so it reads back as shown).
    let read = move || {
        let slots: Vec<String> = if is_rag() {
            [kind, params, tokens, queries, k, chunk, dim]
                .map(|s| s.get_untracked())
                .into()
        } else {
            let ckpt = if offers_ckpt() {
                u8::from(ckpt.get_untracked()).to_string()
            } else {
                String::new()
            };
            vec![
                kind.get_untracked(),
                params.get_untracked(),
                tokens.get_untracked(),
                epochs.get_untracked(),
                runs.get_untracked(),
                gpus.map_or_else(String::new, |g| g.to_string()),
                ckpt,
            ]
        };
        let slots: Vec<&str> = slots.iter().map(String::as_str).collect();
        column_from_slots(&slots, index)
    };
    let fill = move |c: &Column| {
        kind.set(c.kind.id().to_string());
        params.set(params_text(Field::Params, c.params, c.params_total));
        tokens.set(format_number_exact(c.tokens));
        epochs.set(format_number_exact(c.epochs));
        runs.set(c.runs.to_string());
        ckpt.set(c.checkpointing);
        queries.set(format_number_exact(c.retrieval.queries_per_month));
        k.set(c.retrieval.chunks_per_query.to_string());
        chunk.set(c.retrieval.chunk_tokens.to_string());
        dim.set(c.retrieval.dimension.to_string());
    };
    // Keep the boxes in step when the plan changes from elsewhere (preset, opening a scenario).
    Effect::new(move |_| {
        if let Some(c) = state.plan.with(|p| p.compare.get(index).cloned()) {
            if read().ok().as_ref().map(encode_column) != Some(encode_column(&c)) {
                fill(&c);
                error.set(None);
            }
        }
    });
    let commit = move || match read() {
        Ok(c) => {
            error.set(None);
            state.plan.update(|p| {
                if let Some(slot) = p.compare.get_mut(index) {
                    *slot = c;
                }
            });
        }
        Err(e) => error.set(Some(e.message())),
    };
    // A new kind starts from that kind's defaults where the old values mean something else
    // (a fine-tuned model's size is not an embedder's).
    let change_kind = move |ev| {
        let was_rag = is_rag();
        let next = event_target_value(&ev);
        if let Some(nk) = WorkloadKind::from_id(&next) {
            ckpt.set(nk.checkpointing_by_default());
            let now_rag = nk == WorkloadKind::Retrieval;
            if now_rag && !was_rag {
                let d = Column::retrieval_default();
                params.set(format_number_exact(d.params));
                tokens.set(format_number_exact(d.tokens));
            } else if was_rag && !now_rag {
                let d = &train_vs_finetune()[2];
                params.set(format_number_exact(d.params));
                tokens.set(format_number_exact(d.tokens));
                epochs.set(format_number_exact(d.epochs));
                runs.set(d.runs.to_string());
            }
        }
        kind.set(next);
        commit();
    };
    let text_field =
        move |label: String, key: &'static str, field: Field, signal: RwSignal<String>| {
            view! {
                <label class="grant-field"><span>{label}</span>
                    <NumberBox field=field id=format!("cmp-{index}-{key}") class="typed" text=signal
                        on_text=move |t| { signal.set(t); commit(); } />
                </label>
            }
        };
    let kinds = WorkloadKind::ALL
        .into_iter()
        .filter(|k| k.compares())
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
            view! { <option value=m.id.clone()>{tr!("compare.base_option", name = m.name, params = compact(m.active_params))}</option> }
        })
        .collect_view();
    let pick_base = move |ev| {
        if let Some(m) = state.catalog.base_model(&event_target_value(&ev)) {
            // A mixture's active and total counts (Mixtral 8x7B: 12.9B/46.7B).
            let total = (m.params > m.active_params).then_some(m.params);
            params.set(params_text(Field::Params, m.active_params, total));
            commit();
        }
    };
    let result =
        move |f: fn(&ColumnResult) -> f64| results.with(|r| r.get(index).map_or(f64::NAN, f));
    // Columns are ranked on the first year (one-off plus 12 months), so retrieval's monthly
    // prompts count against its tiny one-off cost (the model's `first_years`).
    let year = move || years.with(|y| y.get(index).copied());
    let is_cheapest = move || year().is_some_and(|y| y.cheapest);
    let ratio = move || match year().and_then(|y| y.times_cheapest) {
        Some(times) => tr!("compare.times_cheapest", ratio = compact(times)),
        None => tr!("compare.cheapest"),
    };
    let math = move || {
        let c = state.plan.with(|p| p.compare.get(index).cloned());
        results.with(|r| match (c, r.get(index)) {
            (Some(c), Some(r)) => column_math(&c, r),
            _ => String::new(),
        })
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
                            .map_or(g.program_id.clone(), |x| x.name_text().to_string())
                    })
                    .collect();
                if names.is_empty() {
                    tr!("compare.no_grant")
                } else {
                    names.join(", ")
                }
            })
        })
    };
    // The first cash day (`None`: the grants pay it all; no result yet reads the same).
    let cash_day = move || results.with(|r| r.get(index).and_then(|c| c.runway.runway_end_day));
    let runway = move || cash_day().map_or_else(|| "none".to_string(), |d| d.to_string());
    let announcer = Announcer::get();
    let remove = move |_| {
        state.plan.update(|p| {
            if index < p.compare.len() {
                p.compare.remove(index);
            }
        });
        // The column (and its Remove button, which had the focus) is gone: the focus goes to the
        // column now in its place, else the one before, else the button that adds a column.
        let left = state.plan.with_untracked(|p| p.compare.len());
        let said = tr!("focus.column_removed", n = index + 1);
        if left == 0 {
            announcer.say(format!("{said} {}", tr!("focus.no_columns_left")));
            focus_test_id("add-column".to_string());
        } else {
            announcer.say(said);
            focus_test_id(format!("remove-cmp-{}", index.min(left - 1)));
        }
    };
    let to_job = move || {
        let column = state.plan.with(|p| p.compare.get(index).cloned())?;
        state.job.with(|s| column.to_job(s))
    };
    let can_add = move || to_job().is_some();
    let add_to_plan = move |_| {
        let full = state
            .plan
            .with(|p| p.workload_count() >= runway_model::MAX_WORKLOADS);
        if let (Some(job), false) = (to_job(), full) {
            // The new row is in the workload list, far from this button.
            let n = state
                .plan
                .with_untracked(|p| p.count::<runway_model::Job>())
                + 1;
            announcer.say(tr!("focus.job_added", n = n, title = job.title()));
            state.add_job(job);
        }
    };
    let cash_text = move || match cash_day() {
        Some(d) => state.day0.with(|p| p.day_text(i64::from(d))),
        None => tr!("compare.cash_never"),
    };
    view! {
        <div class="compare-col" class:cheapest=is_cheapest data-testid=format!("cmp-{index}")>
            <div class="grant-head">
                <strong>{format!("{}.", index + 1)}</strong>
                <select data-testid=format!("cmp-{index}-kind") aria-label=tr!("chart_alt.column_kind", n = index + 1) on:change=change_kind>{kinds}</select>
                <button type="button" class="link-button" data-testid=format!("remove-cmp-{index}") on:click=remove
                    aria-label=tr!("compare.remove_column", n = index + 1)>{tr!("compare.remove")}</button>
                <Show when=can_add>
                    <button type="button" class="link-button" data-testid=format!("cmp-{index}-to-plan") on:click=add_to_plan
                        aria-label=tr!("compare.to_plan_label", n = index + 1)>{tr!("compare.to_plan")}</button>
                </Show>
            </div>
            <label class="grant-field base-model" style:display=move || if is_rag() { "none" } else { "" }><span>{tr!("compare.base_model")}</span>
                <select data-testid=format!("cmp-{index}-base") on:change=pick_base>
                    <option value="">{tr!("compare.pick_base")}</option>
                    {bases}
                </select>
            </label>
            <div class="grant-fields" style:display=move || if is_rag() { "none" } else { "" }>
                {text_field(tr!("compare.params"), "params", Field::Params, params)}
                {text_field(tr!("compare.tokens"), "tokens", Field::Tokens, tokens)}
                {text_field(tr!("compare.epochs"), "epochs", Field::Epochs, epochs)}
                {text_field(tr!("compare.runs"), "runs", Field::Runs, runs)}
                <label class="grant-field" style:display=move || if offers_ckpt() { "" } else { "none" }><span>{tr!("compare.ckpt")}</span>
                    <input type="checkbox" data-testid=format!("cmp-{index}-ckpt") prop:checked=ckpt
                        on:change=move |ev| { ckpt.set(event_target_checked(&ev)); commit(); } />
                </label>
            </div>
            <div class="grant-fields" style:display=move || if is_rag() { "" } else { "none" }>
                {text_field(tr!("compare.embed"), "embed", Field::Params, params)}
                {text_field(tr!("compare.corpus"), "corpus", Field::Tokens, tokens)}
                {text_field(tr!("compare.queries"), "queries", Field::Queries, queries)}
                {text_field(tr!("compare.k"), "k", Field::Chunks, k)}
                {text_field(tr!("compare.chunk"), "chunk", Field::ChunkTokens, chunk)}
                {text_field(tr!("compare.dim"), "dim", Field::Dimension, dim)}
            </div>
            {move || error.get().map(|m| view! { <p class="field-error" role="alert" data-testid=format!("error-cmp-edit-{index}")>{m}</p> })}
            <dl class="compare-results">
                <dt>{tr!("compare.one_off")}</dt>
                <dd data-testid=format!("compare-cost-{index}") data-value=move || data_value(result(|r| r.cost_usd)) title=move || usd_exact(result(|r| r.cost_usd))>
                    {move || usd(result(|r| r.cost_usd))}" "<span class="ratio">{ratio}</span>
                </dd>
                <dt>{tr!("compare.monthly")}</dt>
                <dd data-testid=format!("compare-monthly-{index}") data-value=move || data_value(result(|r| r.monthly_usd)) title=move || usd_exact(result(|r| r.monthly_usd))>
                    {move || if result(|r| r.monthly_usd) == 0.0 { tr!("compare.nothing_extra") } else { tr!("compare.a_month", amount = usd(result(|r| r.monthly_usd))) }}
                </dd>
                <dt>{tr!("compare.gpu_hours")}</dt>
                <dd data-testid=format!("compare-gpu-hours-{index}") data-value=move || data_value(result(|r| r.gpu_hours))>{move || compact(result(|r| r.gpu_hours))}</dd>
                <dt>{tr!("compare.wall_clock")}</dt>
                <dd data-testid=format!("compare-days-{index}") data-value=move || data_value(result(|r| r.wall_clock_days))>{move || hours(result(|r| r.wall_clock_days) * 24.0)}</dd>
                <dt>{tr!("compare.paid_by")}</dt>
                <dd data-testid=format!("compare-payers-{index}")>{payers}</dd>
                <dt>{tr!("compare.cash_starts")}</dt>
                <dd data-testid=format!("compare-runway-{index}") data-value=runway>
                    {cash_text}
                </dd>
            </dl>
            <details class="math"><summary><span class="when-closed">{tr!("results.show_math")}</span><span class="when-open">{tr!("results.hide_math")}</span><span class="visually-hidden">{tr!("compare.show_math_for", n = index + 1)}</span></summary>
                <p data-testid=format!("compare-math-{index}")>{math}</p>
            </details>
        </div>
    }
    .into_any()
}
