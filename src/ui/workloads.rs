use leptos::prelude::*;
use runway_model::format::{compact, percent, usd};
use runway_model::plan::{parse_work, ExtraWorkload, MAX_WORKLOADS};

use crate::state::use_app_state;

/// Workloads besides the training run (e.g. experiments on Modal before pretraining on AWS): listed
/// with their cost, removable, and added with a small form validated like a link token.
#[component]
pub fn WorkloadList() -> impl IntoView {
    let state = use_app_state();
    let rows = move || {
        state.plan.with(|p| {
            p.workloads
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    let text = describe(w, state.catalog);
                    let remove = move |_| state.plan.update(|p| {
                        if i < p.workloads.len() {
                            p.workloads.remove(i);
                        }
                    });
                    view! {
                        <li data-testid=format!("work-{i}")>
                            {format!("{}. {text}", i + 2)}
                            <button type="button" class="link-button" data-testid=format!("remove-work-{i}") on:click=remove>"Remove"</button>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let primary = move || {
        let start = state.plan.with(|p| p.start_day);
        state.scenario.with(|s| {
            let acc = state
                .catalog
                .accelerator(&s.accelerator_id)
                .map_or(s.accelerator_id.clone(), |a| a.name.to_string());
            format!(
                "1. The training run above: {} × {acc} at {}, from day {start}.",
                s.gpus, s.provider_id
            )
        })
    };
    view! {
        <h3 class="no-print">"Workloads"</h3>
        <ul class="workloads no-print">
            <li>{primary}</li>
            {rows}
        </ul>
        <AddWorkload />
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
        "{} × {acc} at {}, {} GPU-hours from day {} at {} duty{cost}",
        w.gpus,
        w.provider_id,
        compact(w.gpu_hours),
        w.start_day,
        percent(w.duty)
    )
}

/// The form that adds a workload: provider, an accelerator it rents, GPUs, GPU-hours, start, duty.
#[component]
fn AddWorkload() -> impl IntoView {
    let state = use_app_state();
    let provider = RwSignal::new("modal".to_string());
    let accelerator = RwSignal::new("h100-sxm".to_string());
    let gpus = RwSignal::new("8".to_string());
    let hours = RwSignal::new("2K".to_string());
    let start = RwSignal::new("0".to_string());
    let duty = RwSignal::new("25".to_string());
    let error = RwSignal::new(None::<String>);
    let providers = state.catalog.providers.iter().map(|p| view! { <option value=p.id.to_string() selected=p.id == "modal">{p.name.to_string()}</option> }).collect_view();
    let accelerators = move || {
        let p = provider.get();
        state
            .catalog
            .offers_by(&p)
            .map(|price| {
                let id = price.accelerator.to_string();
                let selected = accelerator.with_untracked(|a| *a == id);
                let label = id.clone();
                view! { <option value=id selected=selected>{label}</option> }
            })
            .collect_view()
    };
    let add = move |_| {
        // Duty is typed in percent; the token carries a fraction (an exponent shift keeps it exact).
        let token = format!(
            "{}:{}:{}:{}:{}:{}e-2",
            provider.get(),
            accelerator.get(),
            gpus.get().trim(),
            hours.get().trim(),
            start.get().trim(),
            duty.get().trim().trim_end_matches('%')
        );
        let index = state.plan.with(|p| p.workloads.len());
        if index >= MAX_WORKLOADS {
            error.set(Some(format!(
                "A plan holds at most {MAX_WORKLOADS} extra workloads."
            )));
            return;
        }
        match parse_work(&token, index, state.catalog) {
            Ok(w) => {
                error.set(None);
                state.plan.update(|p| p.workloads.push(w));
            }
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
        <div class="grant-fields add-workload">
            <label class="grant-field"><span>"Provider"</span>
                <select data-testid="new-work-provider" on:change=move |ev| {
                    let p = event_target_value(&ev);
                    if let Some(first) = state.catalog.offers_by(&p).next() {
                        accelerator.set(first.accelerator.to_string());
                    }
                    provider.set(p);
                }>{providers}</select>
            </label>
            <label class="grant-field"><span>"Accelerator"</span>
                <select data-testid="new-work-gpu" on:change=move |ev| accelerator.set(event_target_value(&ev))>{accelerators}</select>
            </label>
            {input("GPUs", "gpus", gpus)}
            {input("GPU-hours", "hours", hours)}
            {input("From day", "start", start)}
            {input("Duty %", "duty", duty)}
            <button type="button" data-testid="add-workload" on:click=add>"Add workload"</button>
        </div>
        {move || error.get().map(|m| view! { <p class="field-error" role="alert" data-testid="error-work-new">{m}</p> })}
    }
}
