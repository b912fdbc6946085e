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
    view! {
        <h2>"Training run"</h2>
        <NumberInput field=Field::Params unit="params" hint="e.g. 7B, 70b, 1.5T, 7e9" />
        <NumberInput field=Field::Tokens unit="tokens" hint="e.g. 300B, 2T, 2e12" />
        <NumberInput field=Field::Mfu unit="%" hint="well-run jobs: 35–45 %" />
        <h2>"Hardware and price"</h2>
        <AcceleratorSelect />
        <ProviderSelect />
        <NumberInput field=Field::Gpus unit="GPUs" hint="1 to 100,000" />
        <NumberInput field=Field::Duty unit="%" hint="share of the month busy and billed" />
        <NumberInput field=Field::Price unit="USD/GPU-h" hint="optional: your negotiated rate" placeholder=list_price />
    }
}
