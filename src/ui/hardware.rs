use leptos::prelude::*;
use runway_model::Field;

use crate::state::use_app_state;
use crate::ui::field_error::FieldError;

/// The accelerator picker, with each chip's dense peak and memory in its label.
#[component]
pub fn AcceleratorSelect() -> impl IntoView {
    let state = use_app_state();
    let options = state
        .catalog
        .accelerators
        .iter()
        .map(|a| {
            let id = a.id.to_string();
            let selected = move || state.accelerator_id.with(|current| *current == id);
            view! {
                <option value=a.id.clone() selected=selected>
                    {format!("{} · {} TFLOP/s bf16 · {} GB", a.name, a.dense_bf16_tflops, a.memory_gb)}
                </option>
            }
        })
        .collect_view();
    view! {
        <div class="field">
            <div class="field-head">
                <label for="input-gpu">{Field::Gpu.label()}</label>
                <span class="hint">"dense bf16 peak, memory"</span>
            </div>
            <select id="input-gpu" data-testid="input-gpu" on:change=move |ev| state.choose_accelerator(event_target_value(&ev))>
                {options}
            </select>
            <FieldError field=Field::Gpu />
        </div>
    }
}

/// The provider picker: only providers that rent the chosen accelerator, with list price and date.
#[component]
pub fn ProviderSelect() -> impl IntoView {
    let state = use_app_state();
    let options = move || {
        let accelerator = state.accelerator_id.get();
        state
            .catalog
            .offers(&accelerator)
            .filter_map(|price| {
                let provider = state.catalog.provider(&price.provider)?;
                let id = provider.id.to_string();
                let selected = move || state.provider_id.with(|current| *current == id);
                Some(view! {
                    <option value=provider.id.clone() selected=selected>
                        {format!("{} · ${:.2}/GPU-h · as of {}", provider.name, price.usd_per_gpu_hour, price.as_of)}
                    </option>
                })
            })
            .collect_view()
    };
    view! {
        <div class="field">
            <div class="field-head">
                <label for="input-provider">{Field::Provider.label()}</label>
                <span class="hint">"on-demand list price, cheapest first"</span>
            </div>
            <select id="input-provider" data-testid="input-provider" on:change=move |ev| state.choose_provider(event_target_value(&ev))>
                {options}
            </select>
            <FieldError field=Field::Provider />
        </div>
    }
}
