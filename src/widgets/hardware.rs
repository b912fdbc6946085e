use leptos::prelude::*;
use runway_model::{staleness, tr, Field};

use crate::state::use_app_state;
use crate::widgets::field_error::FieldError;

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
                    {tr!("hardware.accelerator_option", name = a.name_text(), tflops = a.dense_bf16_tflops, memory = a.memory_gb)}
                </option>
            }
        })
        .collect_view();
    view! {
        <div class="field">
            <div class="field-head">
                <label for="input-gpu">{Field::Gpu.label()}</label>
                <span class="hint">{tr!("hardware.accelerator_hint")}</span>
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
                // A price older than 12 months says so next to the number (catalog_age.rs).
                let stale = stale_label(&price.as_of);
                let test_id = stale
                    .as_ref()
                    .map(|_| format!("stale-{}-{}", price.provider, price.accelerator));
                // Short enough for the select's width (the hint above says "per GPU-hour"); a
                // stale price gets "⚠" in the text and its age in full for a tooltip and a screen
                // reader (and in the note under the select once chosen).
                let price_text = runway_model::usd_as_published(price.usd_per_gpu_hour, 2);
                // A GPU the provider no longer lists says so instead of its age.
                let delisted = price.is_delisted();
                let test_id = if delisted {
                    Some(format!("delisted-{}-{}", price.provider, price.accelerator))
                } else {
                    test_id
                };
                let text = match (&stale, delisted) {
                    (_, true) => tr!("hardware.provider_option_delisted", name = provider.name, price = price_text),
                    (Some(_), false) => tr!("hardware.provider_option_stale", name = provider.name, price = price_text, as_of = price.as_of),
                    (None, false) => tr!("hardware.provider_option", name = provider.name, price = price_text, as_of = price.as_of),
                };
                let full = if delisted {
                    Some(tr!("hardware.provider_option_delisted_full", name = provider.name, price = price_text, as_of = price.as_of, since = price.delisted))
                } else {
                    stale.as_ref().map(|label| {
                        tr!("polish_d.provider_option_full", name = provider.name, price = price_text, as_of = price.as_of, stale = label)
                    })
                };
                let stale = stale.filter(|_| !delisted).or_else(|| delisted.then(String::new));
                // The spoken name starts with the visible text (WCAG 2.5.3, label in name: speech
                // input users say what they see), then the age in full.
                let spoken = full.as_ref().map(|full| format!("{text}. {full}"));
                Some(view! {
                    <option value=provider.id.clone() selected=selected class:stale=stale.is_some() data-testid=test_id
                        title=full.clone() aria-label=spoken>
                        {text}
                    </option>
                })
            })
            .collect_view()
    };
    // The chosen price's age, spelled out under the picker when it is stale.
    let selected_stale = move || {
        let accelerator = state.accelerator_id.get();
        let provider = state.provider_id.get();
        let price = state.catalog.price(&provider, &accelerator)?;
        let name = state
            .catalog
            .provider(&provider)
            .map_or(provider.clone(), |p| p.name.to_string());
        if price.is_delisted() {
            let price_text = runway_model::usd_as_published(price.usd_per_gpu_hour, 2);
            return Some(view! {
                <p class="hint stale" data-testid="provider-price-delisted">
                    {tr!("hardware.delisted_price", name = name, since = price.delisted, price = price_text, as_of = price.as_of)}
                </p>
            }.into_any());
        }
        let label = stale_label(&price.as_of)?;
        Some(
            view! {
                <p class="hint stale" data-testid="provider-price-stale">
                    {tr!("hardware.stale_price", name = name, as_of = price.as_of, stale = label)}
                </p>
            }
            .into_any(),
        )
    };
    view! {
        <div class="field">
            <div class="field-head">
                <label for="input-provider">{Field::Provider.label()}</label>
                <span class="hint">{tr!("hardware.provider_hint")}</span>
            </div>
            <select id="input-provider" data-testid="input-provider" on:change=move |ev| state.choose_provider(event_target_value(&ev))>
                {options}
            </select>
            {selected_stale}
            <FieldError field=Field::Provider />
        </div>
    }
}

/// The stale marker for a catalog figure dated `as_of` (`stale: 14 months old`), or `None` when it is
/// at most 12 months old today (or a date does not parse).
pub fn stale_label(as_of: &str) -> Option<String> {
    let today = crate::platform::browser::today()?;
    staleness(as_of, &today.iso()).map(|s| s.label())
}
