use leptos::html::Canvas;
use leptos::prelude::*;
use runway_charts::{draw_sweep, SweepChart, SweepSeries, ACCENT, MUTED};
use runway_model::billing::{
    billing_modes, duty_sweep, estimate_billing, volume_sweep, what_budget_buys, BillingEstimate,
    BuyRow, HostMode, ModeRow,
};
use runway_model::format::{compact, data_value, exact, percent, usd, usd_exact};
use runway_model::overheads::log_space;
use runway_model::{Explanation, Field};

use crate::state::{use_app_state, AppState};
use crate::ui::charts::{draw_on, redraw_after_change};
use crate::ui::field_error::FieldError;
use crate::ui::number_input::NumberInput;
use crate::ui::results::ResultCard;

type Pick = fn(&BillingEstimate) -> Option<f64>;

/// Serverless or on-demand against reserved by duty cycle, self-hosted inference against an API by
/// volume, and what a budget buys at every provider.
#[component]
pub fn BillingPanel() -> impl IntoView {
    let state = use_app_state();
    let billing = Memo::new(move |_| {
        let e = state.estimate.read();
        let e = e.as_ref().ok()?;
        Some(
            state
                .scenario
                .with(|s| estimate_billing(s, e, state.catalog)),
        )
    });
    let card = move |id: &'static str,
                     label: &'static str,
                     pick: Pick,
                     show: fn(f64) -> String,
                     formula: &'static str,
                     explain: fn(&BillingEstimate) -> String| {
        let value = move || billing.with(|b| b.as_ref().and_then(pick));
        view! {
            <ResultCard
                test_id=id
                label=label
                raw=Signal::derive(move || value().map_or_else(|| "none".into(), data_value))
                human=Signal::derive(move || value().map_or_else(|| "none".into(), show))
                exact=Signal::derive(move || value().map_or_else(String::new, |v| exact(v, 6)))
                math=Callback::new(move |()| billing.with(|b| b.as_ref().map(|b| Explanation { formula, substituted: explain(b), citations: vec![] })))
            />
        }
    };
    let cards = view! {
        {card("breakeven-duty", "Reserved pays above duty", |b| b.breakeven_duty, percent, "d* = p_reserved / p_busy-only",
            |b| match b.reserved_usd_per_hour { Some(r) => format!("${} / ${} = {}", exact(r, 4), b.busy_only_usd_per_hour, exact(r / b.busy_only_usd_per_hour, 4)), None => "this provider has no reserved pricing: enter one".into() })}
        {card("reserved-price", "Reserved price", |b| b.reserved_usd_per_hour, |v| format!("${}/GPU-h", exact(v, 3)), "p_reserved = list × (1 − reserved discount), or yours",
            |b| format!("busy-only ${}/GPU-h; reserved {}", b.busy_only_usd_per_hour, b.reserved_usd_per_hour.map_or("none".into(), |r| format!("${}", exact(r, 4)))))}
        {card("prefill-tokens-per-s", "Prefill (input), one GPU", |b| Some(b.prefill_tokens_per_s), |v| format!("{} tok/s", compact(v)), "prefill tok/s = MFU × dense peak / 2N (compute-bound)",
            |b| format!("MFU × peak / (2 × N) = {} tok/s (MFU from the scenario above)", exact(b.prefill_tokens_per_s, 1)))}
        {card("decode-tokens-per-s", "Decode (output), one GPU", |b| Some(b.decode_tokens_per_s), |v| format!("{} tok/s", compact(v)), "decode tok/s = min(batch × bandwidth / (2N bytes + batch × context × KV bytes/token), MFU × peak / 2N); KV bytes/token = 2 × layers × kv_heads × head_dim × 2",
            |b| format!("KV cache {} bytes a token (attention shape of {}, the nearest catalog model); each step reads {} GB of weights and KV for the batch: {} tok/s, capped at the prefill rate {} tok/s{}",
                exact(b.kv_bytes_per_token, 0), if b.kv_model.is_empty() { "no catalog model" } else { b.kv_model.as_str() },
                exact(b.memory_needed_bytes / 1e9, 2), exact(b.decode_tokens_per_s, 1), exact(b.prefill_tokens_per_s, 1),
                if b.memory_needed_bytes > b.memory_bytes { format!("; warning: {} GB does not fit in the GPU's {} GB, lower the batch or the context", exact(b.memory_needed_bytes / 1e9, 1), exact(b.memory_bytes / 1e9, 0)) } else { String::new() }))}
        {card("blended-tokens-per-s", "Blended 3 : 1, one GPU", |b| Some(b.blended_tokens_per_s), |v| format!("{} tok/s", compact(v)), "blended tok/s = 1 / (0.75 / prefill + 0.25 / decode): 3 input tokens for every output token, the API's blend",
            |b| format!("1 / (0.75 / {} + 0.25 / {}) = {} tok/s = {} tokens an hour", exact(b.prefill_tokens_per_s, 1), exact(b.decode_tokens_per_s, 1), exact(b.blended_tokens_per_s, 1), compact(b.tokens_per_hour_per_gpu)))}
        {card("selfhost-cost-per-mtok", "Self-hosted per 1M tokens", |b| Some(b.selfhost_usd_per_mtok), |v| format!("${}", exact(v, 4)), "$/Mtok = p / (blended tokens per hour × utilisation) × 10⁶",
            |b| format!("${} / ({} tokens/h × utilisation) × 10⁶ = ${}", exact(b.host_usd_per_hour, 4), compact(b.tokens_per_hour_per_gpu), exact(b.selfhost_usd_per_mtok, 4)))}
        {card("api-cost-per-mtok", "API per 1M tokens", |b| Some(b.api_usd_per_mtok), |v| format!("${}", exact(v, 4)), "blended = 0.75 × input + 0.25 × output, or yours",
            |b| format!("${} per million tokens", exact(b.api_usd_per_mtok, 4)))}
        {card("breakeven-tokens-per-month", "Self-hosting pays above", |b| b.breakeven_tokens_per_month, |v| format!("{} tokens/month", compact(v)), "V* = one always-on GPU a month / API price × 10⁶",
            |b| match b.breakeven_tokens_per_month { Some(v) => format!("${} × 730 h / ${} × 10⁶ = {} tokens a month", exact(b.host_usd_per_hour, 4), exact(b.api_usd_per_mtok, 4), compact(v)), None => format!("per token this GPU (${}) costs more than the API (${}): never", exact(b.selfhost_usd_per_mtok, 4), exact(b.api_usd_per_mtok, 4)) })}
        {card("selfhost-monthly", "Self-hosting the volume", |b| Some(b.selfhost_monthly_usd), usd, "monthly = GPUs needed × p × 730 h (always on)",
            |b| format!("{} GPUs × ${} × 730 h = {}", b.gpus_needed, exact(b.host_usd_per_hour, 4), usd_exact(b.selfhost_monthly_usd)))}
        {card("selfhost-cost-per-mtok-at-volume", "Self-hosted per 1M tokens at your volume", |b| Some(b.selfhost_usd_per_mtok_at_volume), |v| format!("${}", exact(v, 4)), "$/Mtok = monthly bill of the always-on GPUs / monthly volume in millions",
            |b| format!("{} / {} Mtok = ${}", usd_exact(b.selfhost_monthly_usd), compact(b.tokens_per_month / 1e6), exact(b.selfhost_usd_per_mtok_at_volume, 4)))}
        {card("api-monthly", "The API for the volume", |b| Some(b.api_monthly_usd), usd, "monthly = tokens / 10⁶ × API price",
            |b| usd_exact(b.api_monthly_usd))}
    };
    view! {
        <h2>"Billing modes and break-evens"</h2>
        <p class="chart-note">
            "Serverless beats reserved only below a duty cycle; self-hosting beats an API only above a volume. "
            "Prices are the provider's list price above; reserved discounts and API prices are dated estimates you can override."
        </p>
        <p class="chart-note" data-testid="inference-mix">
            "Self-hosted throughput is priced at 3 input : 1 output tokens, the API's blend: input tokens are prefilled (compute-bound, at the MFU above), "
            "output tokens are decoded (memory-bound: each step reads the weights once for the batch plus every sequence's KV cache at the context length)."
        </p>
        <div class="hidden-layout">
            <div class="hidden-inputs">
                <NumberInput field=Field::Reserved unit="USD/GPU-h" hint="optional: your reserved rate" />
                <ApiSelect />
                <NumberInput field=Field::ApiPrice unit="USD/Mtok" hint="optional: blended price" />
                <HostSelect />
                <NumberInput field=Field::TokensMonth unit="tokens" hint="inference volume a month" />
                <NumberInput field=Field::InferParams unit="params" hint="model served, e.g. 8B" />
                <NumberInput field=Field::Batch unit="seqs" hint="decoded together" />
                <NumberInput field=Field::Context unit="tokens" hint="per sequence in the KV cache, default 2,048" />
                <NumberInput field=Field::Util unit="%" hint="of provisioned throughput used" />
            </div>
            <div class="hidden-results">
                <div class="results-grid">{cards}</div>
                {move || billing.with(|b| b.as_ref().filter(|b| b.memory_needed_bytes > b.memory_bytes).map(|b| view! {
                    <p class="warning" role="alert" data-testid="inference-memory-warning">
                        {format!("The weights and KV cache need {} GB a GPU ({} sequences × {} tokens of context), more than its {} GB: lower the batch or the context, or serve on more GPUs per replica.",
                            exact(b.memory_needed_bytes / 1e9, 1), b.batch, exact(b.context_tokens, 0), exact(b.memory_bytes / 1e9, 0))}
                    </p>
                }))}
            </div>
        </div>
        <BreakevenCharts billing=billing />
        <ModesTable />
        <BudgetTable />
    }
}

/// The API to compare with.
#[component]
fn ApiSelect() -> impl IntoView {
    let state = use_app_state();
    let current = Memo::new(move |_| state.scenario.with(|s| s.billing.api_id.clone()));
    let options = state
        .catalog
        .apis
        .iter()
        .map(|a| {
            let id = a.id.to_string();
            let selected = move || current.with(|c| *c == id);
            // A price older than 12 months says so next to the number (catalog_age.rs).
            let stale = crate::ui::hardware::stale_label(&a.as_of);
            let test_id = stale.as_ref().map(|_| format!("stale-api-{}", a.id));
            let text = match &stale {
                Some(label) => format!("{} · ${} in / ${} out per Mtok · as of {} · {label}", a.name, a.input_usd_per_mtok, a.output_usd_per_mtok, a.as_of),
                None => format!("{} · ${} in / ${} out per Mtok · as of {}", a.name, a.input_usd_per_mtok, a.output_usd_per_mtok, a.as_of),
            };
            view! { <option value=a.id.clone() selected=selected class:stale=stale.is_some() data-testid=test_id>{text}</option> }
        })
        .collect_view();
    let choose = move |ev| {
        let id = event_target_value(&ev);
        if state.catalog.api(&id).is_some() {
            state.field(Field::Api).clear_error();
            state.scenario.update(|s| s.billing.api_id = id);
        }
    };
    view! {
        <div class="field">
            <div class="field-head">
                <label for="input-api">{Field::Api.label()}</label>
                <span class="hint">"public list prices"</span>
            </div>
            <select id="input-api" data-testid="input-api" on:change=choose>{options}</select>
            <FieldError field=Field::Api />
        </div>
    }
}

/// How the self-hosting GPUs are bought.
#[component]
fn HostSelect() -> impl IntoView {
    let state = use_app_state();
    let current = Memo::new(move |_| state.scenario.with(|s| s.billing.host_mode));
    let options = HostMode::ALL
        .into_iter()
        .map(|(mode, id)| {
            view! { <option value=id selected=move || current.get() == mode>{id}</option> }
        })
        .collect_view();
    let choose = move |ev| {
        if let Some(mode) = HostMode::from_id(&event_target_value(&ev)) {
            state.field(Field::Host).clear_error();
            state.scenario.update(|s| s.billing.host_mode = mode);
        }
    };
    view! {
        <div class="field">
            <div class="field-head">
                <label for="input-host">{Field::Host.label()}</label>
                <span class="hint">"always-on GPUs for inference"</span>
            </div>
            <select id="input-host" data-testid="input-host" on:change=choose>{options}</select>
            <FieldError field=Field::Host />
        </div>
    }
}

/// Monthly cost against duty (busy-only vs reserved) and against volume (self-host vs API).
#[component]
fn BreakevenCharts(billing: Memo<Option<BillingEstimate>>) -> impl IntoView {
    let duty_canvas = NodeRef::<Canvas>::new();
    let volume_canvas = NodeRef::<Canvas>::new();
    redraw_after_change(
        move || billing.track(),
        move || {
            let Some(b) = billing.get_untracked() else {
                return;
            };
            if let Some(c) = duty_canvas.get_untracked() {
                draw_on(&c, |root, scale| draw_sweep(root, &duty_chart(&b), scale));
            }
            if let Some(c) = volume_canvas.get_untracked() {
                draw_on(&c, |root, scale| draw_sweep(root, &volume_chart(&b), scale));
            }
        },
    );
    view! {
        <div class="sweeps">
            <div class="chart-card">
                <h3>"One GPU a month against duty cycle"</h3>
                <canvas node_ref=duty_canvas class="chart" data-testid="chart-breakeven-duty" role="img"
                    aria-label="Monthly cost of one accelerator against duty cycle, busy-only and reserved, with the break-even duty marked"></canvas>
            </div>
            <div class="chart-card">
                <h3>"Self-hosting against the API, by monthly volume"</h3>
                <canvas node_ref=volume_canvas class="chart" data-testid="chart-breakeven-volume" role="img"
                    aria-label="Monthly cost of self-hosted inference and of the API against tokens a month, with the break-even volume marked"></canvas>
            </div>
        </div>
    }
}

fn duty_chart(b: &BillingEstimate) -> SweepChart {
    let sweep = duty_sweep(b, &log_space(0.01, 1.0, 40));
    let mut series = vec![SweepSeries {
        label: "busy-only (serverless, on-demand)".into(),
        color: ACCENT,
        points: sweep.busy_only,
    }];
    if let Some(points) = sweep.reserved {
        series.push(SweepSeries {
            label: "reserved (always paid)".into(),
            color: MUTED,
            points,
        });
    }
    SweepChart {
        series,
        marker: sweep
            .breakeven
            .map(|(d, usd)| ((d, usd), format!("break-even: {} duty", percent(d)))),
        x_desc: "Duty cycle (log scale)",
        y_desc: "USD a month, one GPU",
        x_label: percent,
    }
}

fn volume_chart(b: &BillingEstimate) -> SweepChart {
    let sweep = volume_sweep(b, 60);
    let series = vec![
        SweepSeries {
            label: "API".into(),
            color: MUTED,
            points: sweep.api,
        },
        SweepSeries {
            label: "self-hosted (always-on GPUs in the chosen mode)".into(),
            color: ACCENT,
            points: sweep.self_hosted,
        },
    ];
    SweepChart {
        series,
        marker: sweep
            .breakeven
            .map(|(v, usd)| ((v, usd), format!("break-even: {} tokens", compact(v)))),
        x_desc: "Tokens a month (log scale)",
        y_desc: "USD a month",
        x_label: compact,
    }
}

/// Every provider's billing modes for the chosen accelerator, and one GPU a month at the duty cycle.
#[component]
fn ModesTable() -> impl IntoView {
    let state = use_app_state();
    let rows = Memo::new(move |_| {
        state
            .scenario
            .with(|s| billing_modes(state.catalog, &s.accelerator_id, s.duty))
    });
    let money = |v: Option<f64>| v.map_or_else(|| "—".to_string(), usd);
    let row = move |r: &ModeRow| {
        let name = state
            .catalog
            .provider(&r.provider)
            .map_or(r.provider.clone(), |p| p.name.to_string());
        view! {
            <tr data-testid=format!("mode-row-{}", r.provider) data-on-demand=data_value(r.monthly.0)
                data-reserved=r.monthly.1.map_or_else(|| "none".into(), data_value)
                data-spot=r.monthly.2.map_or_else(|| "none".into(), data_value)>
                <td>{name}<span class="mode-billing">{r.billing.clone()}</span></td>
                <td class="num">{format!("${:.2}", r.on_demand)}</td>
                <td class="num">{r.reserved.map_or_else(|| "—".to_string(), |v| format!("${v:.2}"))}</td>
                <td class="num">{r.spot.map_or_else(|| "—".to_string(), |(v, m)| format!("${v:.2} (reclaimed every {} GPU-h)", compact(m)))}</td>
                <td class="num">{usd(r.monthly.0)}</td>
                <td class="num">{money(r.monthly.1)}</td>
                <td class="num">{money(r.monthly.2)}</td>
            </tr>
        }
    };
    view! {
        <h3>"Billing modes for this accelerator"</h3>
        <p class="chart-note">"List prices per GPU-hour; reserved and spot are the catalog's dated discount estimates. Monthly: one GPU at the duty cycle above (reserved is paid whether busy or not; spot also loses work to reclaims, see the hidden costs)."</p>
        <div class="table-scroll">
            <table class="bill-lines modes-table">
                <thead><tr>
                    <th>"Provider"</th><th class="num">"On demand"</th><th class="num">"Reserved"</th><th class="num">"Spot"</th>
                    <th class="num">"Month, busy-only"</th><th class="num">"Month, reserved"</th><th class="num">"Month, spot"</th>
                </tr></thead>
                <tbody>{move || rows.with(|rows| rows.iter().map(row).collect_view())}</tbody>
            </table>
        </div>
    }
}

/// How the budget table is sorted.
#[derive(Clone, Copy, PartialEq)]
enum SortBy {
    Hours,
    Price,
    Pflops,
}

/// "What does $X buy": GPU-hours per accelerator and provider, sortable.
#[component]
fn BudgetTable() -> impl IntoView {
    let state = use_app_state();
    let sort = RwSignal::new(SortBy::Hours);
    let rows = Memo::new(move |_| {
        let budget = state.scenario.with(|s| s.billing.budget_usd);
        let mut rows = what_budget_buys(state.catalog, budget);
        let key: fn(&BuyRow) -> f64 = match sort.get() {
            SortBy::Hours => |r| -r.gpu_hours,
            SortBy::Price => |r| r.usd_per_gpu_hour,
            SortBy::Pflops => |r| -r.pflop_hours,
        };
        let mut sorted = Vec::with_capacity(rows.len());
        for r in rows.drain(..) {
            runway_model::order::insert_by_key(&mut sorted, r, key);
        }
        sorted
    });
    let header = move |label: &'static str, by: SortBy, id: &'static str| {
        view! {
            <th class="num">
                <button type="button" class="link-button" data-testid=id aria-pressed=move || (sort.get() == by).to_string() on:click=move |_| sort.set(by)>{label}</button>
            </th>
        }
    };
    let body = move || {
        rows.with(|rows| {
            rows.iter()
                .enumerate()
                .map(|(i, r)| body_row(state, i, r))
                .collect_view()
        })
    };
    view! {
        <h3>"What does the budget buy?"</h3>
        <NumberInput field=Field::Budget unit="USD" hint="e.g. a grant you expect" />
        <div class="table-scroll">
        <table class="bill-lines buy-table">
            <thead><tr>
                <th>"Accelerator"</th><th>"Provider"</th>
                {header("USD/GPU-h", SortBy::Price, "sort-price")}
                {header("GPU-hours", SortBy::Hours, "sort-hours")}
                {header("Dense PFLOP-hours", SortBy::Pflops, "sort-pflops")}
            </tr></thead>
            <tbody>{body}</tbody>
        </table>
        </div>
    }
}

fn body_row(state: AppState, i: usize, r: &BuyRow) -> impl IntoView {
    let acc = state
        .catalog
        .accelerator(&r.accelerator)
        .map_or(r.accelerator.clone(), |a| a.name.to_string());
    let provider = state
        .catalog
        .provider(&r.provider)
        .map_or(r.provider.clone(), |p| p.name.to_string());
    view! {
        <tr data-testid=format!("buy-row-{i}") data-provider=r.provider.clone() data-accelerator=r.accelerator.clone()>
            <td>{acc}</td><td>{provider}</td>
            <td class="num">{format!("${:.2}", r.usd_per_gpu_hour)}</td>
            <td class="num" data-testid=format!("buy-hours-{i}") data-value=data_value(r.gpu_hours)>{compact(r.gpu_hours)}</td>
            <td class="num">{compact(r.pflop_hours)}</td>
        </tr>
    }
}
