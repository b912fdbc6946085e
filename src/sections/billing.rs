use leptos::html::Canvas;
use leptos::prelude::*;
use runway_charts::{draw_sweep, SweepChart, SweepSeries, ACCENT, MUTED};
use runway_model::{
    chart_text, compact, data_value, exact, percent, price, tr, usd, usd_as_published,
    BillingEstimate, BillingFigure, BuyRow, DutySweep, Field, HostMode, ModeRow, VolumeSweep,
};

use crate::sections::charts::{draw_on, redraw_after_change};
use crate::state::{use_app_state, use_derived, AppState};
use crate::widgets::id_select::{IdOption, IdSelect};
use crate::widgets::number_input::NumberInput;
use crate::widgets::result_card::ResultCard;

type Pick = fn(&BillingEstimate) -> Option<f64>;

/// Serverless or on-demand against reserved by duty cycle, self-hosted inference against an API by
/// volume, and what a budget buys at every provider.
#[component]
pub fn BillingPanel() -> impl IntoView {
    let state = use_app_state();
    let billing = use_derived().billing;
    let lead = use_derived().billing_lead;
    let math = use_derived().billing_math;
    let card = move |id: &'static str,
                     label: String,
                     pick: Pick,
                     show: fn(f64) -> String,
                     figure: BillingFigure| {
        let value = move || billing.with(|b| b.as_ref().and_then(pick));
        let none = tr!("billing.none");
        view! {
            <ResultCard
                test_id=id
                label=label
                raw=Signal::derive(move || value().map_or_else(|| "none".into(), data_value))
                human=Signal::derive(move || value().map_or_else(|| none.clone(), show))
                exact=Signal::derive(move || value().map_or_else(String::new, |v| exact(v, 6)))
                math=Callback::new(move |()| math.with(|m| m.as_ref().and_then(|m| m.of(figure).cloned())))
            />
        }
    };
    let cards = view! {
        {card("breakeven-duty", tr!("billing.breakeven_duty"), |b| b.breakeven_duty, percent, BillingFigure::BreakevenDuty)}
        {card("reserved-price", tr!("billing.reserved_price"), |b| b.reserved_usd_per_hour, |v| format!("{}\u{200b}/GPU-h", price(v)), BillingFigure::ReservedPrice)}
        {card("prefill-tokens-per-s", tr!("billing.prefill"), |b| served(b, b.prefill_tokens_per_s), |v| format!("{} tok/s", compact(v)), BillingFigure::Prefill)}
        {card("decode-tokens-per-s", tr!("billing.decode"), |b| served(b, b.decode_tokens_per_s), |v| format!("{} tok/s", compact(v)), BillingFigure::Decode)}
        {card("blended-tokens-per-s", tr!("billing.blended"), |b| served(b, b.blended_tokens_per_s), |v| format!("{} tok/s", compact(v)), BillingFigure::Blended)}
        <ResultCard
            test_id="serving-gpus"
            label=tr!("billing.serving_gpus")
            raw=Signal::derive(move || billing.with(|b| b.as_ref().and_then(|b| served(b, b.gpus_needed))).map_or_else(|| "none".into(), data_value))
            human=Signal::derive(move || billing.with(|b| b.as_ref().and_then(|b| b.deployment.as_ref().ok().map(|d| if d.group.tp == 1 { tr!("billing.serving_gpus_value_single", n = d.billed_gpus, replicas = d.replicas) } else { tr!("billing.serving_gpus_value", n = d.billed_gpus, tp = d.group.tp, replicas = d.replicas) }))).unwrap_or_else(|| tr!("billing.none")))
            exact=Signal::derive(move || billing.with(|b| b.as_ref().map_or_else(String::new, |b| exact(b.gpus_needed, 0))))
            math=Callback::new(move |()| math.with(|m| m.as_ref().and_then(|m| m.of(BillingFigure::ServingGpus).cloned())))
        />
        {card("selfhost-cost-per-mtok", tr!("billing.selfhost_mtok"), |b| served(b, b.selfhost_usd_per_mtok), price, BillingFigure::SelfhostMtok)}
        {card("api-cost-per-mtok", tr!("billing.api_mtok"), |b| Some(b.api_usd_per_mtok), price, BillingFigure::ApiMtok)}
        {card("breakeven-tokens-per-month", tr!("billing.breakeven_volume"), |b| b.breakeven_tokens_per_month, |v| tr!("billing.tokens_per_month", n = compact(v)), BillingFigure::BreakevenVolume)}
        {card("selfhost-monthly", tr!("billing.selfhost_monthly"), |b| served(b, b.selfhost_monthly_usd), usd, BillingFigure::SelfhostMonthly)}
        {card("selfhost-cost-per-mtok-at-volume", tr!("billing.selfhost_mtok_volume"), |b| served(b, b.selfhost_usd_per_mtok_at_volume), price, BillingFigure::SelfhostMtokAtVolume)}
        {card("api-monthly", tr!("billing.api_monthly"), |b| Some(b.api_monthly_usd), usd, BillingFigure::ApiMonthly)}
    };
    view! {
        <h2>{tr!("billing.heading")}</h2>
        <p class="chart-note">
            {tr!("billing.note_beats")}
            {tr!("billing.note_prices")}
        </p>
        <p class="chart-note" data-testid="inference-mix">
            {tr!("billing.inference_mix")}
        </p>
        {move || lead.get().and_then(|j| {
            let v = state.plan.with(|p| p.nth::<runway_model::Serve>(j).cloned())?;
            Some(view! {
                <p class="chart-note" data-testid="billing-lead">
                    {tr!("billing.lead", title = v.title(),
                        gpu = state.catalog.accelerator_name(&v.accelerator_id),
                        provider = state.catalog.provider_name(&v.provider_id))}
                </p>
            })
        })}
        <div class="hidden-layout">
            <div class="hidden-inputs">
                <NumberInput field=Field::Reserved />
                <ApiSelect />
                <NumberInput field=Field::ApiPrice />
                // A serving line's own model, volume and billing mode lead the views: these boxes
                // would change nothing then, so they step aside.
                <Show when=move || lead.get().is_none()>
                    <HostSelect />
                    <NumberInput field=Field::TokensMonth />
                    <NumberInput field=Field::InferParams />
                </Show>
                <NumberInput field=Field::UserSpeed />
                <NumberInput field=Field::Context />
                <NumberInput field=Field::Util />
            </div>
            <div class="hidden-results">
                <div class="results-grid">{cards}</div>
                {move || billing.with(|b| b.as_ref().and_then(|b| b.deployment.as_ref().ok().filter(|d| !d.group.target_met).map(|d| view! {
                    <p class="warning" role="status" data-testid="serving-speed-warning">
                        {tr!("billing.speed_warning", target = exact(b.setup.user_tokens_per_s.unwrap_or(0.0), 1),
                            one = exact(d.group.one_user_tokens_per_s, 1), user = exact(d.group.user_tokens_per_s, 1))}
                    </p>
                })))}
                {move || math.with(|m| m.as_ref().and_then(|m| m.no_fit.clone()).map(|why| view! {
                    <p class="warning" role="alert" data-testid="inference-memory-warning">
                        {tr!("billing.memory_warning", why = why)}
                    </p>
                }))}
            </div>
        </div>
        <BreakevenCharts billing=billing />
        <ModesTable />
        <BudgetTable />
    }
}

/// A serving figure, or none when the model fits no group of the provider's machines.
fn served(b: &BillingEstimate, v: f64) -> Option<f64> {
    b.deployment.is_ok().then_some(v)
}

/// The API to compare with.
///
/// An option reads the API's name and the blended price the comparison uses (short enough for a
/// phone's select: issue 47's layout audit); its input and output prices, their date and the Batch
/// API's price are in its tooltip and spoken name, and the chosen API's are said in full under the
/// select, so no figure needs a hover.
#[component]
fn ApiSelect() -> impl IntoView {
    let state = use_app_state();
    let options: Vec<IdOption> = state
        .catalog
        .apis
        .iter()
        .map(|a| {
            // A price older than 12 months says so next to the number (catalog_age.rs).
            let stale = crate::widgets::hardware::stale_label(&a.as_of);
            let test_id = stale.as_ref().map(|_| format!("stale-api-{}", a.id));
            // The price the comparison uses: the 3 input : 1 output blend.
            let price = usd_as_published(runway_model::mix_usd_per_mtok(a), 2);
            let text = if stale.is_some() {
                tr!("billing.api_option_stale", name = a.name, price = price)
            } else {
                tr!("billing.api_option", name = a.name, price = price)
            };
            let full = api_in_full(a);
            let spoken = format!("{text}. {full}");
            IdOption::new(a.id.clone(), text)
                .marked(stale.is_some(), test_id)
                .described(Some(full), Some(spoken))
        })
        .collect();
    let current = Signal::derive(move || state.settings.with(|s| s.billing.api_id.clone()));
    let choose = move |id: String| {
        if state.catalog.api(&id).is_some() {
            state.field(Field::Api).clear_error();
            state.edit(|_, s| s.billing.api_id = id);
        }
    };
    let chosen = move || {
        state
            .settings
            .with(|s| state.catalog.api(&s.billing.api_id).map(api_in_full))
    };
    view! {
        <IdSelect field=Field::Api hint=tr!("billing.api_hint") options=options value=current on_pick=choose>
            <p class="hint field-note" data-testid="api-chosen">{chosen}</p>
        </IdSelect>
    }
}

/// An API's prices in full: per million tokens in and out, their date (and age when stale), and
/// the Batch API's price where the provider sells one (results within a day).
fn api_in_full(a: &runway_model::ApiPrice) -> String {
    let input = usd_as_published(a.input_usd_per_mtok, 4);
    let output = usd_as_published(a.output_usd_per_mtok, 4);
    let mut text = match crate::widgets::hardware::stale_label(&a.as_of) {
        Some(label) => tr!(
            "billing.api_full_stale",
            name = a.name,
            input = input,
            output = output,
            as_of = runway_model::date_in_words(&a.as_of),
            stale = label
        ),
        None => tr!(
            "billing.api_full",
            name = a.name,
            input = input,
            output = output,
            as_of = runway_model::date_in_words(&a.as_of)
        ),
    };
    if let (Some(i), Some(o)) = (a.batch_input_usd_per_mtok, a.batch_output_usd_per_mtok) {
        text.push_str(&tr!(
            "billing.api_batch",
            input = usd_as_published(i, 4),
            output = usd_as_published(o, 4)
        ));
    }
    text
}

/// How the self-hosting GPUs are bought.
#[component]
fn HostSelect() -> impl IntoView {
    let state = use_app_state();
    let options: Vec<IdOption> = HostMode::ALL
        .into_iter()
        .map(|(mode, id)| {
            let text = match mode {
                HostMode::OnDemand => tr!("billing.host_on_demand"),
                HostMode::Reserved => tr!("billing.host_reserved"),
                HostMode::Spot => id.to_string(),
            };
            IdOption::new(id, text)
        })
        .collect();
    let current = Signal::derive(move || {
        state
            .settings
            .with(|s| s.billing.host_mode.id().to_string())
    });
    let choose = move |id: String| {
        if let Some(mode) = HostMode::from_id(&id) {
            state.field(Field::Host).clear_error();
            state.edit(|_, s| s.billing.host_mode = mode);
        }
    };
    view! {
        <IdSelect field=Field::Host hint=tr!("billing.host_hint") options=options value=current on_pick=choose />
    }
}

/// Monthly cost against duty (busy-only vs reserved) and against volume (self-host vs API).
#[component]
fn BreakevenCharts(billing: Memo<Option<BillingEstimate>>) -> impl IntoView {
    let derived = use_derived();
    let (duty, volume) = (derived.duty, derived.volume);
    let duty_canvas = NodeRef::<Canvas>::new();
    let volume_canvas = NodeRef::<Canvas>::new();
    redraw_after_change(
        move || billing.track(),
        move || {
            if let (Some(c), Some(s)) = (duty_canvas.get_untracked(), duty.get_untracked()) {
                draw_on(&c, |root, scale| draw_sweep(root, &duty_chart(s), scale));
            }
            if let (Some(c), Some(s)) = (volume_canvas.get_untracked(), volume.get_untracked()) {
                draw_on(&c, |root, scale| draw_sweep(root, &volume_chart(s), scale));
            }
        },
    );
    // The text alternatives, from the same sweeps the canvases draw.
    let duty_text = Memo::new(move |_| {
        duty.with(|s| {
            s.as_ref()
                .map(|s| chart_text::duty(&s.busy_only, s.reserved.as_deref(), s.breakeven))
        })
    });
    let volume_text = Memo::new(move |_| {
        volume.with(|s| {
            s.as_ref()
                .map(|s| chart_text::volume(&s.api, &s.self_hosted, s.breakeven))
        })
    });
    view! {
        <div class="sweeps">
            <div class="chart-card">
                <h3>{tr!("billing.duty_chart_heading")}</h3>
                <canvas node_ref=duty_canvas class="chart" data-testid="chart-breakeven-duty" role="img"
                    aria-label=tr!("billing.duty_chart_label") aria-describedby="chart-text-duty"></canvas>
                <p id="chart-text-duty" class="chart-note chart-reading" data-testid="chart-text-duty">{move || duty_text.get()}</p>
            </div>
            <div class="chart-card">
                <h3>{tr!("billing.volume_chart_heading")}</h3>
                <canvas node_ref=volume_canvas class="chart" data-testid="chart-breakeven-volume" role="img"
                    aria-label=tr!("billing.volume_chart_label") aria-describedby="chart-text-volume"></canvas>
                <p id="chart-text-volume" class="chart-note chart-reading" data-testid="chart-text-volume">{move || volume_text.get()}</p>
            </div>
        </div>
    }
}

fn duty_chart(sweep: DutySweep) -> SweepChart {
    let mut series = vec![SweepSeries {
        label: tr!("billing.series_busy_only"),
        color: ACCENT,
        points: sweep.busy_only,
    }];
    if let Some(points) = sweep.reserved {
        series.push(SweepSeries {
            label: tr!("billing.series_reserved"),
            color: MUTED,
            points,
        });
    }
    SweepChart {
        limit: None,
        series,
        marker: sweep
            .breakeven
            .map(|(d, usd)| ((d, usd), tr!("billing.duty_marker", duty = percent(d)))),
        x_desc: tr!("billing.duty_x"),
        y_desc: tr!(
            "billing.duty_y",
            iso = runway_model::locale::currency().code.iso()
        ),
        x_label: percent,
    }
}

fn volume_chart(sweep: VolumeSweep) -> SweepChart {
    let series = vec![
        SweepSeries {
            label: "API".into(),
            color: MUTED,
            points: sweep.api,
        },
        SweepSeries {
            label: tr!("billing.series_self_hosted"),
            color: ACCENT,
            points: sweep.self_hosted,
        },
    ];
    SweepChart {
        limit: None,
        series,
        marker: sweep
            .breakeven
            .map(|(v, usd)| ((v, usd), tr!("billing.volume_marker", tokens = compact(v)))),
        x_desc: tr!("billing.volume_x"),
        y_desc: tr!(
            "billing.volume_y",
            iso = runway_model::locale::currency().code.iso()
        ),
        x_label: compact,
    }
}

/// Every provider's billing modes for the chosen accelerator, and one GPU a month at the duty cycle.
#[component]
fn ModesTable() -> impl IntoView {
    let state = use_app_state();
    let rows = use_derived().modes;
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
                // Each cell carries its column's name: a phone shows the rows as cards, a label
                // beside each value (style/main.css).
                <td data-label=tr!("billing.th_provider")>{name}<span class="mode-billing">{r.billing.clone()}</span></td>
                <td class="num" data-label=tr!("billing.th_on_demand")>{price(r.on_demand)}</td>
                <td class="num" data-label=tr!("billing.th_reserved")>{r.reserved.map_or_else(|| "—".to_string(), price)}</td>
                <td class="num phrase" data-label="Spot">{r.spot.map_or_else(|| "—".to_string(), |(v, m)| tr!("billing.spot_cell", price = unbroken(&price(v)), hours = unbroken(&compact(m))))}</td>
                <td class="num" data-label=tr!("billing.th_month_busy")>{usd(r.monthly.0)}</td>
                <td class="num" data-label=tr!("billing.th_month_reserved")>{money(r.monthly.1)}</td>
                <td class="num" data-label=tr!("billing.th_month_spot")>{money(r.monthly.2)}</td>
            </tr>
        }
    };
    view! {
        <h3 id="billing-modes-title">{tr!("billing.modes_heading")}</h3>
        <p class="chart-note">{tr!("billing.modes_note")}</p>
        <div class="table-scroll" tabindex="0" role="region" aria-labelledby="billing-modes-title">
            <table class="bill-lines modes-table">
                <thead><tr>
                    <th>{tr!("billing.th_provider")}</th><th class="num">{tr!("billing.th_on_demand")}</th><th class="num">{tr!("billing.th_reserved")}</th><th class="num">"Spot"</th>
                    <th class="num">{tr!("billing.th_month_busy")}</th><th class="num">{tr!("billing.th_month_reserved")}</th><th class="num">{tr!("billing.th_month_spot")}</th>
                </tr></thead>
                <tbody>{move || rows.with(|rows| rows.iter().map(row).collect_view())}</tbody>
            </table>
        </div>
    }
}

/// An amount with no-break spaces ("R$\u{a0}2,46"): the spot cell is a phrase that may wrap on a
/// phone, between its words but never inside an amount.
fn unbroken(amount: &str) -> String {
    amount.replace(' ', "\u{a0}")
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
    let budget = use_derived().budget;
    let rows = Memo::new(move |_| {
        let mut rows = budget.get();
        let key: fn(&BuyRow) -> f64 = match sort.get() {
            SortBy::Hours => |r| -r.gpu_hours,
            SortBy::Price => |r| r.usd_per_gpu_hour,
            SortBy::Pflops => |r| -r.pflop_hours,
        };
        let mut sorted = Vec::with_capacity(rows.len());
        for r in rows.drain(..) {
            runway_model::insert_by_key(&mut sorted, r, key);
        }
        sorted
    });
    let header = move |label: String, by: SortBy, id: &'static str| {
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
        <h3 id="budget-buys-title">{tr!("billing.budget_heading")}</h3>
        <NumberInput field=Field::Budget />
        <div class="table-scroll" tabindex="0" role="region" aria-labelledby="budget-buys-title">
        <table class="bill-lines buy-table">
            <thead><tr>
                <th>{tr!("billing.th_accelerator")}</th><th>{tr!("billing.th_provider")}</th>
                // The prices are shown in the display currency: its code heads them.
                {header(format!("{}/GPU-h", runway_model::locale::currency().code.iso()), SortBy::Price, "sort-price")}
                {header(tr!("billing.th_gpu_hours"), SortBy::Hours, "sort-hours")}
                {header(tr!("billing.th_pflop_hours"), SortBy::Pflops, "sort-pflops")}
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
        .map_or(r.accelerator.clone(), |a| a.name_text().to_string());
    let provider = state
        .catalog
        .provider(&r.provider)
        .map_or(r.provider.clone(), |p| p.name.to_string());
    view! {
        <tr data-testid=format!("buy-row-{i}") data-provider=r.provider.clone() data-accelerator=r.accelerator.clone()>
            // Each cell carries its column's name for a phone's cards (style/main.css).
            <td data-label=tr!("billing.th_accelerator")>{acc}</td><td data-label=tr!("billing.th_provider")>{provider}</td>
            <td class="num" data-label=format!("{}/GPU-h", runway_model::locale::currency().code.iso())>{price(r.usd_per_gpu_hour)}</td>
            <td class="num" data-label=tr!("billing.th_gpu_hours") data-testid=format!("buy-hours-{i}") data-value=data_value(r.gpu_hours)>{compact(r.gpu_hours)}</td>
            <td class="num" data-label=tr!("billing.th_pflop_hours")>{compact(r.pflop_hours)}</td>
        </tr>
    }
}
