use leptos::prelude::*;
use runway_model::{tr, Field};

use crate::state::use_app_state;
use crate::widgets::hardware::{AcceleratorSelect, ProviderSelect};
use crate::widgets::id_select::{IdOption, IdSelect};
use crate::widgets::number_input::NumberInput;

/// Every input of the training run.
#[component]
pub fn InputsPanel() -> impl IntoView {
    let state = use_app_state();
    let list_price = Signal::derive(move || {
        state.job.with(|s| {
            state
                .catalog
                .price(&s.provider_id, &s.accelerator_id)
                .map(|p| {
                    tr!(
                        "inputs.list_price",
                        price = runway_model::usd_as_published(p.usd_per_gpu_hour, 4)
                    )
                })
                .unwrap_or_default()
        })
    });
    let heading = move || {
        let count = state.plan.with(|p| p.count::<runway_model::Job>());
        match state.editing.get() {
            Some(i) => tr!("inputs.heading_job", n = i + 1, count = count),
            None => tr!("inputs.heading_sketch"),
        }
    };
    let scratch = move || state.editing.with(Option::is_none);
    let add_scratch = move |_| {
        state.add_job(state.job.get_untracked());
    };
    let kinds: Vec<IdOption> = runway_model::job_kinds()
        .map(|k| IdOption::new(k.id(), k.label()))
        .collect();
    let kind = Signal::derive(move || state.job.with(|s| s.kind.id().to_string()));
    let choose_kind = move |id: String| {
        if let Some(k) = runway_model::WorkloadKind::from_id(&id).filter(|k| k.trains()) {
            state.edit(|j, _| j.kind = k);
        }
    };
    let start_date = move || {
        let day = state.job.with(|s| s.start_day);
        state.day0.with(|p| p.date_of(day))
    };
    view! {
        <h2 data-testid="editor-heading">{heading}</h2>
        <Show when=scratch>
            <p class="hint" data-testid="editor-scratch">{tr!("inputs.sketch")}
                <button type="button" data-testid="add-editor-job" on:click=add_scratch>{tr!("inputs.add_sketch")}</button>
            </p>
        </Show>
        <IdSelect field=Field::Kind hint=tr!("inputs.kind_hint") options=kinds value=kind on_pick=choose_kind />
        <NumberInput field=Field::Params />
        <NumberInput field=Field::Tokens />
        <NumberInput field=Field::Epochs />
        <NumberInput field=Field::Runs />
        <Show when=move || state.job.with(|s| s.kind.uses_adapter())>
            <NumberInput field=Field::LoraRank />
        </Show>
        <NumberInput field=Field::Mfu />
        <NumberInput field=Field::Start />
        <p class="hint" data-testid="start-date" data-value=move || start_date().map_or_else(|| "none".to_string(), |d| d.iso())>
            {move || state.day0.with(|p| p.0).zip(start_date()).map(|(t0, d)| tr!("inputs.starts", date = d, day0 = t0))}
        </p>
        <h2>{tr!("inputs.hardware_heading")}</h2>
        <AcceleratorSelect />
        <ProviderSelect />
        <NumberInput field=Field::Gpus />
        <NumberInput field=Field::Duty />
        <NumberInput field=Field::Price placeholder=list_price />
    }
}
