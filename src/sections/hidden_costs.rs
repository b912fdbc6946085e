use leptos::html::Canvas;
use leptos::prelude::*;
use runway_charts::{draw_sweep, SweepChart, SweepSeries, ACCENT, MUTED};
use runway_model::{
    chart_text, chart_text::Line, compact, data_value, hours, percent, tr, usd, Catalog,
    DataFormat, Field, HiddenOutput, Job, OverheadEstimate, Sweeps, TrainingMemory,
};

use crate::sections::charts::{draw_on, redraw_after_change};
use crate::state::{use_app_state, use_derived, AppState};
use crate::widgets::announce::{marked, piece, MARK};
use crate::widgets::cited::cited;
use crate::widgets::id_select::{IdOption, IdSelect};
use crate::widgets::number_input::NumberInput;
use crate::widgets::result_card::{provide_math_switch, MathSwitch, ResultCard};
use crate::widgets::switch::Switch;

/// Interconnect, failures, memory, storage and egress: their inputs, results, a cost breakdown and
/// two sweeps (cost against GPU count for two networks, cost against checkpoint interval).
#[component]
pub fn HiddenCostsPanel() -> impl IntoView {
    let state = use_app_state();
    let all = provide_math_switch();
    // Whose hidden costs these are: the job the calculator edits (a founder's review lost track
    // after "Add to plan as a job" moved the editor to the new job).
    let heading = move || match state.editing.get() {
        Some(i) => tr!("hidden_costs.heading_job", n = i + 1),
        None => tr!("hidden_costs.heading"),
    };
    // What `auto` stands for, from the estimate: the batch the layout uses, the mixture's shape.
    let batch_auto = Signal::derive(move || {
        state.overheads.with(|o| {
            o.as_ref().map_or_else(String::new, |o| {
                tr!(
                    "hidden_costs.batch_auto",
                    // In the box's own form, which the reader could type: "524K".
                    b = runway_model::compact_typed(o.sync_time.layout.batch_tokens)
                )
            })
        })
    });
    let moe_auto = move |f: fn(&runway_model::Moe) -> f64| {
        Signal::derive(move || {
            state.overheads.with(|o| {
                o.as_ref()
                    .and_then(|o| o.moe)
                    .map_or_else(String::new, |m| tr!("hidden_costs.batch_auto", b = f(&m)))
            })
        })
    };
    let experts_auto = moe_auto(|m| m.experts);
    let top_k_auto = moe_auto(|m| m.top_k);
    let is_moe = move || {
        state
            .job
            .with(|j| j.params_total.is_some_and(|t| t > j.params))
    };
    let cards = HiddenOutput::ALL
        .into_iter()
        .map(|output| hidden_card(state, output))
        .collect_view();
    view! {
        <div class="results-head">
            <h2 data-testid="hidden-costs-heading">{heading}</h2>
            <MathSwitch all=all test_id="math-all-hidden" />
        </div>
        <p class="chart-note">
            {tr!("hidden_costs.note_billed")}
            {tr!("hidden_costs.note_runway")}
        </p>
        <div class="hidden-layout">
            <div class="hidden-inputs">
                <NetworkSelect />
                <NumberInput field=Field::Overlap />
                <NumberInput field=Field::Mtbf />
                <NumberInput field=Field::CkptWrite />
                <NumberInput field=Field::Restart />
                <NumberInput field=Field::CkptEvery />
                <NumberInput field=Field::CkptsKept />
                <NumberInput field=Field::SeqLen />
                <NumberInput field=Field::BatchTokens placeholder=batch_auto />
                <Show when=is_moe>
                    <NumberInput field=Field::Experts placeholder=experts_auto />
                    <NumberInput field=Field::ExpertsPerToken placeholder=top_k_auto />
                    <NumberInput field=Field::A2aOverlap />
                </Show>
                <DataOnSelect />
                <DataFormatSelect />
                <Switch field=Field::Spot text=tr!("hidden_costs.switch_spot") />
                <Switch field=Field::Export text=tr!("hidden_costs.switch_export") />
                <Switch field=Field::CorpusOut text=tr!("hidden_costs.switch_corpus_out") />
            </div>
            <div class="hidden-results">
                <Warnings />
                <div class="results-grid">{cards}</div>
                <Breakdown />
            </div>
        </div>
        <SweepCharts />
    }
}

fn hidden_card(state: AppState, output: HiddenOutput) -> impl IntoView {
    let read = move |f: fn(HiddenOutput, &OverheadEstimate) -> String| {
        state
            .overheads
            .with(|o| o.as_ref().map_or_else(|| "—".into(), |o| f(output, o)))
    };
    let raw = Signal::derive(move || {
        state.overheads.with(|o| {
            o.as_ref().map_or_else(String::new, |o| {
                output.value(o).map_or_else(|| "none".into(), data_value)
            })
        })
    });
    let math = Callback::new(move |()| {
        let s = state.job.read();
        let k = state.settings.read();
        let e = state.estimate.read();
        let o = state.overheads.read();
        match (e.as_ref(), o.as_ref()) {
            (Ok(e), Some(o)) => Some(output.explain(&s, &k.overheads, e, o, state.catalog)),
            _ => None,
        }
    });
    view! {
        <ResultCard
            test_id=output.test_id()
            label=output.label()
            headline=output == HiddenOutput::TotalCost
            raw=raw
            human=Signal::derive(move || read(HiddenOutput::human))
            exact=Signal::derive(move || read(HiddenOutput::exact))
            math=math
        />
    }
}

/// Plain-words warnings: the model does not fit, the run never finishes, spot is not sold here.
#[component]
fn Warnings() -> impl IntoView {
    let state = use_app_state();
    // Rebuilt only when the text changes, not on every input.
    let warnings = Memo::new(move |_| warning_texts(state).unwrap_or_default());
    move || {
        warnings.with(|w| {
            w.iter()
                .map(|(id, text)| view! { <p class="warning" role="status" data-testid=*id>{text.clone()}</p> })
                .collect_view()
        })
    }
}

fn warning_texts(state: AppState) -> Option<Vec<(&'static str, String)>> {
    let s = state.job.read();
    let o = state.overheads.read();
    let o = o.as_ref()?;
    let accelerator = state.catalog.accelerator(&s.accelerator_id).map_or_else(
        || tr!("hidden_costs.accelerator_fallback"),
        |a| a.name_text().to_string(),
    );
    let mut out = Vec::new();
    match o.min_gpus {
        Some(need) if need > u64::from(s.gpus) => {
            // Memory holds every parameter: a mixture of experts is named by its total.
            let params = runway_model::params_size(s.params, s.params_total);
            let (lora, qlora) = (fit(o.min_gpus_lora), fit(o.min_gpus_qlora));
            // The job's own kind: an adapter fine-tune holds its frozen base, not the full state.
            let text = match o.memory {
                TrainingMemory::Full => tr!(
                    "hidden_costs.memory_warning",
                    params = params,
                    need = need,
                    accelerator = accelerator,
                    gpus = s.gpus,
                    lora = lora,
                    qlora = qlora
                ),
                TrainingMemory::Lora => tr!(
                    "hidden_costs.memory_warning_lora",
                    params = params,
                    need = need,
                    accelerator = accelerator,
                    gpus = s.gpus,
                    qlora = qlora
                ),
                TrainingMemory::Qlora => tr!(
                    "hidden_costs.memory_warning_qlora",
                    params = params,
                    need = need,
                    accelerator = accelerator,
                    gpus = s.gpus
                ),
            };
            out.push(("memory-warning", text));
        }
        None => out.push((
            "memory-warning",
            tr!(
                "hidden_costs.activation_warning",
                seq = o.activation_seq_len,
                gb = format!("{:.1}", o.activation_gb),
                accelerator = accelerator
            ),
        )),
        _ => {}
    }
    if o.billed_gpu_hours.is_none() {
        out.push((
            "failure-warning",
            tr!(
                "hidden_costs.failure_warning",
                waste = percent(o.failures.waste.min(1.0)),
                mtbf = hours(o.failures.cluster_mtbf_hours)
            ),
        ));
    }
    if let (true, Some(cap)) = (o.spot_applied, o.spot_capacity_gpus) {
        if f64::from(s.gpus) > cap {
            out.push((
                "spot-capacity-warning",
                tr!(
                    "hidden_costs.spot_capacity_warning",
                    gpus = s.gpus,
                    provider = provider_name(state.catalog, &s.provider_id),
                    cap = cap,
                    wait = hours(o.spot_wait_hours)
                ),
            ));
        }
    }
    if state.settings.with(|k| k.overheads.spot) && !o.spot_applied {
        out.push((
            "spot-warning",
            tr!(
                "hidden_costs.spot_warning",
                provider = provider_name(state.catalog, &s.provider_id)
            ),
        ));
    }
    Some(out)
}

/// A share of the total for the legend: "65.7%", "<0.1%" (Portuguese "65,7%", "<0,1%").
fn share(fraction: f64) -> String {
    if fraction > 0.0 && fraction < 0.001 {
        format!("<{}%", runway_model::exact(0.1, 1))
    } else {
        format!("{}%", runway_model::exact(fraction * 100.0, 1))
    }
}

fn fit(g: Option<u64>) -> String {
    g.map_or_else(
        || tr!("hidden_costs.does_not_fit"),
        |g| chart_text::gpu_count(g as f64),
    )
}

fn provider_name<'c>(catalog: &'c Catalog, id: &'c str) -> &'c str {
    catalog.provider(id).map_or(id, |p| p.name.as_ref())
}

/// The parts of the breakdown: test id suffix, label.
fn parts() -> [(&'static str, String); 5] {
    [
        ("compute", tr!("hidden_costs.part_compute")),
        ("communication", tr!("hidden_costs.part_communication")),
        ("failures", tr!("hidden_costs.part_failures")),
        ("storage", tr!("hidden_costs.part_storage")),
        ("egress", tr!("hidden_costs.part_egress")),
    ]
}

/// The total as a stacked bar: compute, communication, failures, storage, egress. The markup is
/// built once; each input only updates widths and numbers.
#[component]
fn Breakdown() -> impl IntoView {
    let state = use_app_state();
    let amounts = Memo::new(move |_| {
        state.overheads.with(|o| {
            o.as_ref().map_or([0.0; 5], |o| {
                [
                    o.compute_usd,
                    o.communication_usd,
                    o.failure_usd,
                    o.storage_usd,
                    o.egress_usd(),
                ]
            })
        })
    });
    let total = Memo::new(move |_| amounts.with(|a| a.iter().sum::<f64>()));
    let fraction = move |i: usize| {
        let t = total.get();
        if t > 0.0 && t.is_finite() {
            amounts.with(|a| a[i]) / t
        } else {
            0.0
        }
    };
    let bar = parts()
        .into_iter()
        .enumerate()
        .map(|(i, (id, label))| {
            view! {
                <span
                    class=format!("seg seg-{id}")
                    style:width=move || format!("{:.3}%", fraction(i) * 100.0)
                    title=move || format!("{label}: {}", usd(amounts.with(|a| a[i])))
                ></span>
            }
        })
        .collect_view();
    let legend = parts()
        .into_iter()
        .enumerate()
        .map(|(i, (id, label))| {
            let value = move || amounts.with(|a| a[i]);
            view! {
                <li>
                    <span class=format!("swatch seg-{id}")></span>
                    {label}": "
                    <span data-testid=format!("breakdown-{id}") data-value=move || data_value(value())>{move || usd(value())}</span>
                    {move || format!(" ({})", share(fraction(i)))}
                </li>
            }
        })
        .collect_view();
    view! {
        <div class="breakdown" data-testid="cost-breakdown">
            <h3>{tr!("hidden_costs.breakdown_heading")}</h3>
            <div class="breakdown-bar" role="img" aria-label=tr!("hidden_costs.breakdown_label")>{bar}</div>
            <ul class="breakdown-legend">{legend}</ul>
        </div>
    }
}

/// The inter-node networks offered for this instance (provider × accelerator), named with the
/// instance, with their per-GPU bandwidth.
#[component]
fn NetworkSelect() -> impl IntoView {
    let state = use_app_state();
    let catalog = state.catalog;
    // The network the job runs on (none matches no option).
    let current = Signal::derive(move || {
        state.overheads.with(|o| {
            o.as_ref()
                .and_then(|o| o.network)
                .map_or_else(String::new, |n| n.id.to_string())
        })
    });
    // The networks offered for the job's accelerator at its provider.
    let networks = use_derived().networks;
    // A network chosen for another accelerator at the same provider is not offered for this
    // instance: drop it so the link does not carry an id it would reject.
    Effect::new(move |_| {
        let stale = networks.with(|offered| {
            state.settings.with_untracked(|s| {
                s.overheads
                    .network_id
                    .as_deref()
                    .is_some_and(|id| !offered.iter().any(|n| n.id == id))
            })
        });
        if stale {
            state.edit(|_, s| s.overheads.network_id = None);
        }
    });
    // An option reads the network's kind (its name up to the first comma: "AWS EFA", "Google
    // Cloud A3 High") and what a node gets, short enough for a phone's select (issue 47's layout
    // audit); the chosen one is said in full under the select (instance type, the link's speed).
    let options = Signal::derive(move || {
        networks.with(|offered| {
            offered
                .iter()
                .map(|n| {
                    let short = n.name.split(", ").next().unwrap_or(&n.name);
                    let label = tr!(
                        "hidden_costs.network_option_short",
                        name = short,
                        gbps = n.node_gb_s
                    );
                    IdOption::new(n.id.clone(), label).described(Some(network_in_full(n)), None)
                })
                .collect()
        })
    });
    let chosen = move || {
        let id = current.get();
        networks.with(|offered| offered.iter().find(|n| n.id == id).map(network_in_full))
    };
    let hint = Signal::derive(move || {
        state.overheads.with(|o| {
            o.as_ref().map_or_else(
                || tr!("hidden_costs.network_hint"),
                |o| tr!("hidden_costs.network_hint_gpus", n = o.gpus_per_node),
            )
        })
    });
    // Credits pay the bill; capacity decides whether the instances exist (where a source says).
    // The note's quoted titles keep their published English (`cited`).
    let capacity = move || {
        let (provider, accelerator) = (state.provider_id.get(), state.accelerator_id.get());
        catalog
            .instance(&provider, &accelerator)
            .filter(|i| !i.capacity_note.is_empty())
            .map(|i| {
                let line = marked(&tr!("hidden_costs.capacity", note = MARK));
                view! { <p class="hint" data-testid="capacity-note">{piece(&line, 0)}{cited(i.capacity_note_text())}{piece(&line, 1)}</p> }
            })
    };
    view! {
        <IdSelect field=Field::Network hint=hint options=options value=current on_pick=move |id| state.choose_network(id)>
            <p class="hint field-note" data-testid="network-chosen">{chosen}</p>
            {capacity}
        </IdSelect>
    }
}

/// A network in full: the instance type it comes with, its name and what a node gets
/// ("p5.48xlarge: AWS EFA, 3,200 Gb/s per p5 node · 400 GB/s per node").
fn network_in_full(n: &runway_model::NetworkOption) -> String {
    match &n.instance {
        Some(i) => tr!(
            "hidden_costs.network_option_instance",
            instance = i,
            name = n.name,
            gbps = n.node_gb_s
        ),
        None => tr!(
            "hidden_costs.network_option",
            name = n.name,
            gbps = n.node_gb_s
        ),
    }
}

/// Where the training data lives; egress is billed by that cloud when it is not the training one.
#[component]
fn DataOnSelect() -> impl IntoView {
    let state = use_app_state();
    // The training cloud first, as the empty id.
    let options: Vec<IdOption> =
        std::iter::once(IdOption::new("", tr!("hidden_costs.data_on_training")))
            .chain(state.catalog.hosting_providers().map(|p| {
                let text = tr!(
                    "hidden_costs.data_on_option",
                    name = p.name,
                    price = runway_model::usd_as_published(p.egress_usd_per_gb, 4)
                );
                IdOption::new(p.id.clone(), text)
            }))
            .collect();
    let current = Signal::derive(move || {
        state
            .settings
            .with(|s| s.overheads.data_on_provider.clone().unwrap_or_default())
    });
    view! {
        <IdSelect field=Field::DataOn hint=tr!("hidden_costs.data_on_hint") options=options value=current
            on_pick=move |id| state.choose_data_on(id) />
    }
}

/// How the corpus is stored and moved: raw text (about 4 bytes a token) or tokenised shards.
#[component]
fn DataFormatSelect() -> impl IntoView {
    let state = use_app_state();
    let options = vec![
        IdOption::new(DataFormat::Raw.id(), tr!("hidden_costs.format_raw")),
        IdOption::new(DataFormat::Tokens.id(), tr!("hidden_costs.format_tokens")),
    ];
    let current = Signal::derive(move || {
        state
            .settings
            .with(|s| s.overheads.data_format.id().to_string())
    });
    let choose = move |id: String| {
        if let Some(f) = DataFormat::from_id(&id) {
            state.field(Field::DataFormat).clear_error();
            state.edit(|_, s| s.overheads.data_format = f);
        }
    };
    view! {
        <IdSelect field=Field::DataFormat hint=tr!("hidden_costs.format_hint") options=options value=current on_pick=choose />
    }
}

/// Cost against GPU count on two networks, and against the checkpoint interval.
#[component]
fn SweepCharts() -> impl IntoView {
    let state = use_app_state();
    let gpus_canvas = NodeRef::<Canvas>::new();
    let interval_canvas = NodeRef::<Canvas>::new();
    let (job, overheads) = (state.job, state.overheads);
    let sweeps = use_derived().sweeps;
    redraw_after_change(
        move || overheads.track(),
        move || {
            let s = job.read_untracked();
            let o = overheads.read_untracked();
            let w = sweeps.read_untracked();
            let (Some(o), Some(w)) = (o.as_ref(), w.as_ref()) else {
                return;
            };
            if let Some(canvas) = gpus_canvas.get_untracked() {
                draw_on(&canvas, |root, scale| {
                    draw_sweep(root, &gpu_sweep(&s, o, w), scale)
                });
            }
            if let Some(canvas) = interval_canvas.get_untracked() {
                draw_on(&canvas, |root, scale| {
                    draw_sweep(root, &interval_sweep(&s, o, w), scale)
                });
            }
        },
    );
    // The text alternatives, read from the very chart data the canvases draw.
    let sweep_text = move |build: fn(&Job, &OverheadEstimate, &Sweeps) -> SweepChart,
                           text: fn(&SweepChart, &Sweeps) -> String| {
        // Tracks what the drawing tracks (the overheads), so text and picture change together.
        Memo::new(move |_| {
            let o = overheads.read();
            let s = job.read_untracked();
            let w = sweeps.read_untracked();
            let (Some(o), Some(w)) = (o.as_ref(), w.as_ref()) else {
                return None;
            };
            Some(text(&build(&s, o, w), w))
        })
    };
    let gpus_text = sweep_text(gpu_sweep, |c, w| {
        // Series drawn in the order of `by_gpus`, with whether the provider offers each network.
        let lines: Vec<Line> = c
            .series
            .iter()
            .zip(&w.by_gpus)
            .map(|(l, (_, offered, _))| Line {
                label: &l.label,
                points: &l.points,
                offered: *offered,
            })
            .collect();
        let yours = c.marker.as_ref().map_or((f64::NAN, f64::NAN), |m| m.0);
        chart_text::cost_vs_gpus(&lines, yours)
    });
    let interval_text = sweep_text(interval_sweep, |c, _| {
        let points = c.series.first().map_or(&[][..], |l| &l.points[..]);
        let optimum = c.marker.as_ref().map_or((f64::NAN, f64::NAN), |m| m.0);
        chart_text::cost_vs_interval(points, optimum)
    });
    view! {
        <div class="sweeps">
            <div class="chart-card">
                <h3>{tr!("hidden_costs.gpus_chart_heading")}</h3>
                <p class="chart-note">{tr!("hidden_costs.gpus_chart_note")}</p>
                <canvas node_ref=gpus_canvas class="chart" data-testid="chart-cost-vs-gpus" role="img"
                    aria-label=tr!("hidden_costs.gpus_chart_label") aria-describedby="chart-text-gpus"></canvas>
                <p id="chart-text-gpus" class="chart-note chart-reading" data-testid="chart-text-gpus">{move || gpus_text.get()}</p>
            </div>
            <div class="chart-card">
                <h3>{tr!("hidden_costs.interval_chart_heading")}</h3>
                <p class="chart-note">{tr!("hidden_costs.interval_chart_note")}</p>
                <canvas node_ref=interval_canvas class="chart" data-testid="chart-cost-vs-interval" role="img"
                    aria-label=tr!("hidden_costs.interval_chart_label") aria-describedby="chart-text-interval"></canvas>
                <p id="chart-text-interval" class="chart-note chart-reading" data-testid="chart-text-interval">{move || interval_text.get()}</p>
            </div>
        </div>
    }
}

/// The chosen network against a contrasting one: plain 25 Gb/s Ethernet when the chosen one is
/// fast, InfiniBand NDR when it is slow.
fn gpu_sweep(s: &Job, o: &OverheadEstimate, w: &Sweeps) -> SweepChart {
    let gpus = f64::from(s.gpus);
    let mut series = Vec::new();
    for (&(n, offered, ref points), color) in w.by_gpus.iter().zip([ACCENT, MUTED]) {
        let points = points
            .iter()
            .map(|&(g, c)| (g, c.unwrap_or(f64::NAN)))
            .collect();
        // A network this instance does not offer is drawn for contrast, and says so.
        let label = if offered {
            n.name_text().to_string()
        } else {
            tr!("hidden_costs.network_elsewhere", name = n.name_text())
        };
        series.push(SweepSeries {
            label,
            color,
            points,
        });
    }
    SweepChart {
        // On spot beyond the provider's capacity the counts to its right are unlikely to be had.
        // The provider's largest job first (counts beyond it are not for rent); on spot beyond its
        // capacity the counts to the right are unlikely to be had.
        limit: o
            .max_gpus
            .map(|m| (f64::from(m), tr!("hidden_costs.max_gpus_limit", most = m)))
            .or_else(|| {
                o.spot_capacity_gpus
                    .filter(|_| o.spot_applied)
                    .map(|cap| (cap, tr!("hidden_costs.spot_limit", cap = compact(cap))))
            }),
        series,
        marker: Some((
            (gpus, o.gpu_bill_usd()),
            tr!(
                "hidden_costs.gpus_marker",
                gpus = s.gpus,
                cost = usd(o.gpu_bill_usd())
            ),
        )),
        x_desc: tr!("hidden_costs.gpus_x"),
        y_desc: tr!(
            "hidden_costs.bill_y",
            iso = runway_model::locale::currency().code.iso()
        ),
        x_label: compact,
    }
}

fn interval_sweep(s: &Job, o: &OverheadEstimate, w: &Sweeps) -> SweepChart {
    let opt = o.failures.optimal_interval_hours;
    let points = w
        .by_interval
        .iter()
        .map(|&(t, c)| (t, c.unwrap_or(f64::NAN)))
        .collect();
    let at_opt = w.at_optimum.unwrap_or(f64::NAN);
    SweepChart {
        limit: None,
        series: vec![SweepSeries {
            label: format!("{} GPUs", s.gpus),
            color: ACCENT,
            points,
        }],
        marker: Some((
            (opt, at_opt),
            tr!("hidden_costs.interval_marker", interval = hours(opt)),
        )),
        x_desc: tr!("hidden_costs.interval_x"),
        y_desc: tr!(
            "hidden_costs.bill_y",
            iso = runway_model::locale::currency().code.iso()
        ),
        x_label: hours,
    }
}
