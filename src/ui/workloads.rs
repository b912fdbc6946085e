use leptos::prelude::*;
use runway_model::format::{compact, data_value, percent, usd, usd_exact};
use runway_model::parse::format_number_exact;
use runway_model::plan::{parse_work, ExtraWorkload, MAX_WORKLOADS};
use runway_model::workloads::{job_kinds, parse_job, parse_serve};

use crate::state::use_app_state;

/// The plan's workloads: training jobs (one is open in the calculator above), serving lines and
/// experiments, each with what it costs and when it runs, removable; and one form that adds any
/// kind, validated like a link token.
#[component]
pub fn WorkloadList() -> impl IntoView {
    let state = use_app_state();
    // Rows are rebuilt only when the set of workloads changes; amounts update in place.
    let job_count = Memo::new(move |_| state.plan.with(|p| p.job_count()));
    let serve_count = Memo::new(move |_| state.plan.with(|p| p.serves.len()));
    // The serving line open in the form below, if one is being edited.
    let edit_serve = RwSignal::new(None::<usize>);
    let iso = move |day: u32| {
        state.plan.with(|p| {
            p.date_of(day)
                .map_or_else(|| "none".to_string(), |d| d.iso())
        })
    };
    let human = move |day: u32| state.plan.with(|p| p.day_text(i64::from(day)));
    let jobs = move || {
        (0..job_count.get())
            .map(|i| {
                let job = move || state.runway.with(|r| r.as_ref().and_then(|r| r.jobs.get(i).cloned()));
                let pick = move |f: fn(&runway_model::evaluate::JobOutcome) -> f64| {
                    state.runway.with(|r| r.as_ref().and_then(|r| r.jobs.get(i)).map_or(0.0, f))
                };
                let day = move |f: fn(&runway_model::evaluate::JobOutcome) -> u32| {
                    state.runway.with(|r| r.as_ref().and_then(|r| r.jobs.get(i)).map_or(0, f))
                };
                let editing = move || state.plan.with(|p| p.editing == Some(i));
                let title = move || {
                    job().map(|j| {
                        let acc = state
                            .catalog
                            .accelerator(&j.job.accelerator_id)
                            .map_or(j.job.accelerator_id.clone(), |a| a.name.to_string());
                        let provider = state
                            .catalog
                            .provider(&j.job.provider_id)
                            .map_or(j.job.provider_id.clone(), |p| p.name.to_string());
                        format!("{}: {} × {acc} at {provider}", j.job.title(), j.job.gpus)
                    })
                };
                view! {
                    <li data-testid=format!("job-{i}") class:editing=editing>
                        <span class="workload-title">{move || format!("{}. ", i + 1)}{title}</span>
                        <span class="workload-stats">
                            <span class="stat" data-testid=format!("job-cost-{i}") data-value=move || data_value(pick(|j| j.cost_usd)) title=move || usd_exact(pick(|j| j.cost_usd))>{move || usd(pick(|j| j.cost_usd))}</span>
                            " · "
                            <span class="stat" data-testid=format!("job-gpu-hours-{i}") data-value=move || data_value(pick(|j| j.gpu_hours))>{move || format!("{} GPU-hours", compact(pick(|j| j.gpu_hours)))}</span>
                            " · "
                            <span class="stat" data-testid=format!("job-start-date-{i}") data-value=move || iso(day(|j| j.start_day))>{move || human(day(|j| j.start_day))}</span>
                            ", done by "
                            <span class="stat" data-testid=format!("job-end-date-{i}") data-value=move || iso(day(|j| j.end_day))>{move || human(day(|j| j.end_day))}</span>
                        </span>
                        <button type="button" class="link-button" data-testid=format!("edit-job-{i}") aria-pressed=move || editing().to_string()
                            aria-label=move || format!("Edit job {} in the calculator", i + 1)
                            on:click=move |_| state.edit_job(i)>{move || if editing() { "Editing above" } else { "Edit" }}</button>
                        <button type="button" class="link-button" data-testid=format!("remove-job-{i}")
                            aria-label=move || format!("Remove job {}", i + 1)
                            on:click=move |_| state.remove_job(i)>"Remove"</button>
                    </li>
                }
            })
            .collect_view()
    };
    let serves = move || {
        (0..serve_count.get())
            .map(|j| {
                let line = move || state.runway.with(|r| r.as_ref().and_then(|r| r.serves.get(j).cloned()));
                let pick = move |f: fn(&runway_model::evaluate::ServeOutcome) -> f64| line().map_or(0.0, |v| f(&v));
                let text = move || {
                    line().map(|v| {
                        let acc = state
                            .catalog
                            .accelerator(&v.serve.accelerator_id)
                            .map_or(v.serve.accelerator_id.clone(), |a| a.name.to_string());
                        let mode = runway_model::evaluate::host_text(v.serve.host);
                        match &v.error {
                            Some(e) => format!("{}: {e}", v.serve.title()),
                            None => format!(
                                "{} on {acc} at {} ({mode}), from {} until {}",
                                v.serve.title(),
                                state.catalog.provider(&v.serve.provider_id).map_or(v.serve.provider_id.as_str(), |p| p.name.as_ref()),
                                human(v.start_day),
                                human(v.end_day)
                            ),
                        }
                    })
                };
                let remove = move |_| {
                    state.plan.update(|p| {
                        if j < p.serves.len() {
                            p.serves.remove(j);
                        }
                    })
                };
                view! {
                    <li data-testid=format!("serve-{j}")>
                        <span class="workload-title">{move || format!("{}. ", job_count.get() + j + 1)}{text}</span>
                        <span class="workload-stats">
                            <span class="stat" data-testid=format!("serve-gpus-{j}") data-value=move || data_value(pick(|v| f64::from(v.gpus)))>{move || { let n = pick(|v| f64::from(v.gpus)); format!("{n} {} always on", if n == 1.0 { "GPU" } else { "GPUs" }) }}</span>
                            " · "
                            <span class="stat" data-testid=format!("serve-monthly-{j}") data-value=move || data_value(pick(|v| v.monthly_usd)) title=move || usd_exact(pick(|v| v.monthly_usd))>{move || format!("{} a month", usd(pick(|v| v.monthly_usd)))}</span>
                        </span>
                        <button type="button" class="link-button" data-testid=format!("edit-serve-{j}")
                            aria-label=move || format!("Edit serving line {} in the form below", j + 1)
                            on:click=move |_| edit_serve.set(Some(j))>"Edit"</button>
                        <button type="button" class="link-button" data-testid=format!("remove-serve-{j}")
                            aria-label=move || format!("Remove serving line {}", j + 1)
                            on:click=remove>"Remove"</button>
                    </li>
                }
            })
            .collect_view()
    };
    let experiments = move || {
        state.plan.with(|p| {
            p.workloads
                .iter()
                .enumerate()
                .map(|(k, w)| {
                    let text = describe(w, state.catalog);
                    let remove = move |_| {
                        state.plan.update(|p| {
                            if k < p.workloads.len() {
                                p.workloads.remove(k);
                            }
                        })
                    };
                    view! {
                        <li data-testid=format!("work-{k}")>
                            {text}
                            <button type="button" class="link-button" data-testid=format!("remove-work-{k}")
                                aria-label=format!("Remove experiments {}", k + 1) on:click=remove>"Remove"</button>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <h3 class="no-print" id="workloads">"Workloads"</h3>
        <ul class="workloads no-print">
            {jobs}
            {serves}
            {experiments}
        </ul>
        <Show when=move || state.plan.with(|p| p.workload_count() == 0)>
            <p class="hint" data-testid="no-workloads">"The plan has no workloads: add one below."</p>
        </Show>
        <AddWorkload edit_serve=edit_serve />
    }
}

fn describe(w: &ExtraWorkload, catalog: &runway_model::Catalog) -> String {
    let acc = catalog
        .accelerator(&w.accelerator_id)
        .map_or(w.accelerator_id.clone(), |a| a.name.to_string());
    let cost = w
        .usd_per_gpu_hour(catalog)
        .map(|p| format!(" ({})", usd(p * w.gpu_hours)))
        .unwrap_or_default();
    format!(
        "Experiments: {} × {acc} at {}, {} GPU-hours from day {} at {} duty{cost}",
        w.gpus,
        w.provider_id,
        compact(w.gpu_hours),
        w.start_day,
        percent(w.duty)
    )
}

/// The form that adds a workload of any kind: a training job, a serving line or experiments, on a
/// provider and an accelerator it rents. The text is checked by the same rules as a link token, so
/// a bad value gets the token's message naming the field.
#[component]
fn AddWorkload(
    /// The serving line being edited (the form then saves it in place), if any.
    edit_serve: RwSignal<Option<usize>>,
) -> impl IntoView {
    let state = use_app_state();
    let kind = RwSignal::new("lora".to_string());
    let provider = RwSignal::new("modal".to_string());
    let accelerator = RwSignal::new("h100-sxm".to_string());
    let params = RwSignal::new("8B".to_string());
    let tokens = RwSignal::new("20M".to_string());
    let epochs = RwSignal::new("3".to_string());
    let runs = RwSignal::new("1".to_string());
    let tokens_month = RwSignal::new("2B".to_string());
    let months = RwSignal::new("12".to_string());
    let host = RwSignal::new("on-demand".to_string());
    let gpus = RwSignal::new("8".to_string());
    let hours = RwSignal::new("2K".to_string());
    let start = RwSignal::new("0".to_string());
    let duty = RwSignal::new("25".to_string());
    let error = RwSignal::new(None::<String>);
    // Editing a serving line: its values fill the form; saving replaces it in place.
    Effect::new(move |_| {
        let Some(j) = edit_serve.get() else { return };
        let Some(v) = state.plan.with_untracked(|p| p.serves.get(j).cloned()) else {
            edit_serve.set(None);
            return;
        };
        kind.set("serve".into());
        provider.set(v.provider_id.clone());
        accelerator.set(v.accelerator_id.clone());
        params.set(format_number_exact(v.params));
        tokens_month.set(format_number_exact(v.tokens_per_month));
        start.set(v.start_day.to_string());
        months.set(v.months.to_string());
        host.set(v.host.id().to_string());
        error.set(None);
    });
    let is = move |k: &'static str| move || kind.with(|x| x == k);
    let is_job = move || kind.with(|x| x != "serve" && x != "experiments");
    let kinds = job_kinds()
        .map(|k| (k.id(), k.label()))
        .chain([
            ("serve", "Inference serving"),
            ("experiments", "Experiments (GPU-hour budget)"),
        ])
        .map(|(id, label)| view! { <option value=id selected=id == "lora">{label}</option> })
        .collect_view();
    let providers = state.catalog.providers.iter().map(|p| view! { <option value=p.id.to_string() selected=p.id == "modal">{p.name.to_string()}</option> }).collect_view();
    let accelerators = move || {
        let p = provider.get();
        state
            .catalog
            .offers_by(&p)
            .map(|price| {
                let id = price.accelerator.to_string();
                let selected = accelerator.with_untracked(|a| *a == id);
                let label = state
                    .catalog
                    .accelerator(&id)
                    .map_or(id.clone(), |a| a.name.to_string());
                view! { <option value=id selected=selected>{label}</option> }
            })
            .collect_view()
    };
    let add = move |_| {
        let editing = edit_serve
            .get_untracked()
            .filter(|_| kind.with_untracked(|k| k == "serve"));
        let count = state.plan.with(|p| p.workload_count());
        if editing.is_none() && count >= MAX_WORKLOADS {
            error.set(Some(format!(
                "A plan holds at most {MAX_WORKLOADS} workloads; remove one first."
            )));
            return;
        }
        let (p, a) = (provider.get(), accelerator.get());
        let k = kind.get();
        let t = |s: RwSignal<String>| s.get().trim().to_string();
        let result = match k.as_str() {
            "serve" => {
                let token = format!(
                    "{}:{}:{p}:{a}:{}:{}:{}",
                    t(params),
                    t(tokens_month),
                    t(start),
                    t(months),
                    host.get()
                );
                let index = editing.unwrap_or_else(|| state.plan.with(|p| p.serves.len()));
                parse_serve(&token, index, state.catalog).map(|v| {
                    state.plan.update(|p| match editing {
                        Some(j) if j < p.serves.len() => p.serves[j] = v,
                        _ => p.serves.push(v),
                    });
                    edit_serve.set(None);
                })
            }
            "experiments" => {
                // Duty is typed in percent; the token carries a fraction (an exponent shift keeps it exact).
                let token = format!(
                    "{p}:{a}:{}:{}:{}:{}e-2",
                    t(gpus),
                    t(hours),
                    t(start),
                    t(duty).trim_end_matches('%')
                );
                let index = state.plan.with(|p| p.workloads.len());
                parse_work(&token, index, state.catalog)
                    .map(|w| state.plan.update(|p| p.workloads.push(w)))
            }
            _ => {
                let token = format!(
                    "{k}:{}:{}:{p}:{a}:{}:{}:{}:{}",
                    t(params),
                    t(tokens),
                    t(gpus),
                    t(start),
                    t(epochs),
                    t(runs)
                );
                let index = state.plan.with(|p| p.job_count());
                parse_job(&token, index, state.catalog).map(|j| state.add_job(j))
            }
        };
        match result {
            Ok(()) => error.set(None),
            Err(e) => error.set(Some(e.message)),
        }
    };
    let input = |label: &'static str, key: &'static str, value: RwSignal<String>| {
        view! {
            <label class="grant-field"><span>{label}</span>
                <input type="text" data-testid=format!("new-work-{key}") prop:value=move || value.get() on:input=move |ev| value.set(event_target_value(&ev)) />
            </label>
        }
    };
    view! {
        <h4 class="no-print">"Add a workload"</h4>
        <div class="grant-fields add-workload no-print">
            <label class="grant-field"><span>"What"</span>
                <select data-testid="new-work-type" prop:value=move || kind.get() on:change=move |ev| kind.set(event_target_value(&ev))>{kinds}</select>
            </label>
            <label class="grant-field"><span>"Provider"</span>
                <select data-testid="new-work-provider" prop:value=move || provider.get() on:change=move |ev| {
                    let p = event_target_value(&ev);
                    // Keep the accelerator when the new provider rents it.
                    let keeps = accelerator.with_untracked(|a| state.catalog.price(&p, a).is_some());
                    if !keeps {
                        if let Some(first) = state.catalog.offers_by(&p).next() {
                            accelerator.set(first.accelerator.to_string());
                        }
                    }
                    provider.set(p);
                }>{providers}</select>
            </label>
            <label class="grant-field"><span>"Accelerator"</span>
                <select data-testid="new-work-gpu" prop:value=move || accelerator.get() on:change=move |ev| accelerator.set(event_target_value(&ev))>{accelerators}</select>
            </label>
            <Show when=move || !is("experiments")()>{input("Parameters", "params", params)}</Show>
            <Show when=is_job>
                {input("Tokens per epoch", "tokens", tokens)}
                {input("Epochs", "epochs", epochs)}
                {input("Runs", "runs", runs)}
            </Show>
            <Show when=move || !is("serve")()>{input("GPUs", "gpus", gpus)}</Show>
            <Show when=is("serve")>
                {input("Tokens a month", "tokens_month", tokens_month)}
                {input("Months", "months", months)}
                <label class="grant-field"><span>"Billed"</span>
                    <select data-testid="new-work-host" prop:value=move || host.get() on:change=move |ev| host.set(event_target_value(&ev))>
                        <option value="on-demand" selected=true>"on-demand"</option>
                        <option value="reserved">"reserved"</option>
                        <option value="spot">"spot"</option>
                    </select>
                </label>
            </Show>
            <Show when=is("experiments")>
                {input("GPU-hours", "hours", hours)}
                {input("Duty %", "duty", duty)}
            </Show>
            {input("From day", "start", start)}
            <button type="button" data-testid="add-workload" on:click=add>
                {move || match edit_serve.get() { Some(j) if kind.with(|k| k == "serve") => format!("Save serving line {}", j + 1), _ => "Add workload".to_string() }}
            </button>
            <Show when=move || edit_serve.with(Option::is_some)>
                <button type="button" class="link-button" data-testid="cancel-edit-serve" on:click=move |_| edit_serve.set(None)>"Cancel editing"</button>
            </Show>
        </div>
        {move || error.get().map(|m| view! { <p class="field-error" role="alert" data-testid="error-work-new">{m}</p> })}
    }
}
