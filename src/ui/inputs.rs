use leptos::prelude::*;
use runway_model::Field;

use crate::state::use_app_state;
use crate::ui::hardware::{AcceleratorSelect, ProviderSelect};
use crate::ui::number_input::NumberInput;

/// Every input of the training run.
#[component]
pub fn InputsPanel() -> impl IntoView {
    let state = use_app_state();
    let list_price = Signal::derive(move || {
        state.scenario.with(|s| {
            state
                .catalog
                .price(&s.provider_id, &s.accelerator_id)
                .map(|p| format!("list: {}", p.usd_per_gpu_hour))
                .unwrap_or_default()
        })
    });
    let heading = move || {
        state.plan.with(|p| match p.editing {
            Some(i) => format!("Training job {} of {}", i + 1, p.job_count()),
            None => "Training job (not in the plan)".to_string(),
        })
    };
    let scratch = move || state.plan.with(|p| p.editing.is_none());
    let add_scratch = move |_| {
        let job = state
            .scenario
            .with_untracked(runway_model::workloads::Job::from_scenario);
        state.add_job(job);
    };
    let kinds = runway_model::workloads::job_kinds()
        .map(|k| {
            let selected = move || state.scenario.with(|s| s.kind == k);
            view! { <option value=k.id() selected=selected>{k.label()}</option> }
        })
        .collect_view();
    let choose_kind = move |ev| {
        let id = event_target_value(&ev);
        if let Some(k) =
            runway_model::workload_kind::WorkloadKind::from_id(&id).filter(|k| k.trains())
        {
            state.scenario.update(|s| s.kind = k);
        }
    };
    let start_date = move || {
        let day = state.scenario.with(|s| s.start_day);
        state.plan.with(|p| p.date_of(day))
    };
    view! {
        <h2 data-testid="editor-heading">{heading}</h2>
        <Show when=scratch>
            <p class="hint" data-testid="editor-scratch">"The plan has no training job. This one is a sketch: "
                <button type="button" data-testid="add-editor-job" on:click=add_scratch>"Add this job to the plan"</button>
            </p>
        </Show>
        <div class="field">
            <div class="field-head"><label for="input-kind">{Field::Kind.label()}</label>
                <span class="hint">"FLOPs per parameter-token and memory differ by kind"</span></div>
            <select id="input-kind" data-testid="input-kind" on:change=choose_kind>{kinds}</select>
        </div>
        <NumberInput field=Field::Params unit="params" hint="e.g. 7B, 70b, 1.5T, 7e9" />
        <NumberInput field=Field::Tokens unit="tokens" hint="per epoch; e.g. 20M, 300B, 2T" />
        <NumberInput field=Field::Epochs unit="epochs" hint="passes over the tokens" />
        <NumberInput field=Field::Runs unit="runs" hint="sweeps, retries, iterations" />
        <NumberInput field=Field::Mfu unit="%" hint="well-run jobs: 35–45 %" />
        <NumberInput field=Field::Start unit="day" hint="days after day 0 that it starts" />
        <p class="hint" data-testid="start-date" data-value=move || start_date().map_or_else(|| "none".to_string(), |d| d.iso())>
            {move || state.plan.with(|p| p.t0).zip(start_date()).map(|(t0, d)| format!("Starts {d} (day 0 is {t0})."))}
        </p>
        <h2>"Hardware and price"</h2>
        <AcceleratorSelect />
        <ProviderSelect />
        <NumberInput field=Field::Gpus unit="GPUs" hint="1 to 100,000" />
        <NumberInput field=Field::Duty unit="%" hint="share of the month busy and billed" />
        <NumberInput field=Field::Price unit="USD/GPU-h" hint="optional: your negotiated rate" placeholder=list_price />
    }
}
