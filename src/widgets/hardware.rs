use leptos::prelude::*;
use runway_model::{tr, Field, PriceAge};

use crate::state::use_app_state;
use crate::widgets::id_select::{IdOption, IdSelect};

/// The accelerator picker, with each chip's dense peak and memory in its label.
#[component]
pub fn AcceleratorSelect() -> impl IntoView {
    let state = use_app_state();
    let options: Vec<IdOption> = state
        .catalog
        .accelerators
        .iter()
        .map(|a| {
            let text = tr!(
                "hardware.accelerator_option",
                name = a.name_text(),
                tflops = runway_model::exact(a.dense_bf16_tflops, 1),
                memory = a.memory_gb
            );
            IdOption::new(a.id.clone(), text)
        })
        .collect();
    view! {
        <IdSelect field=Field::Gpu hint=tr!("hardware.accelerator_hint") options=options value=state.accelerator_id
            on_pick=move |id| state.choose_accelerator(id) />
    }
}

/// The provider picker: only providers that rent the chosen accelerator, with list price and date.
#[component]
pub fn ProviderSelect() -> impl IntoView {
    let state = use_app_state();
    let derived = crate::state::use_derived();
    let options = Signal::derive(move || {
        derived.offers.with(|offers| {
            offers
                .iter()
                .filter_map(|(price, age)| {
                    let provider = state.catalog.provider(&price.provider)?;
                    // A price older than 12 months says so next to the number, and a GPU the
                    // provider no longer lists says so instead of its age: the model decides
                    // (catalog_age.rs).
                    let test_id = match age {
                        PriceAge::Fresh => None,
                        PriceAge::Stale(_) => {
                            Some(format!("stale-{}-{}", price.provider, price.accelerator))
                        }
                        PriceAge::Delisted => {
                            Some(format!("delisted-{}-{}", price.provider, price.accelerator))
                        }
                    };
                    // Short enough for a phone's select (the hint above says "per GPU-hour"; the
                    // price's date is in its "Show the math"); a stale price gets "⚠" in the text
                    // and its date and age in full for a tooltip and a screen reader (and in the
                    // note under the select once chosen).
                    let price_text = runway_model::usd_as_published(price.usd_per_gpu_hour, 2);
                    let text = match age {
                        PriceAge::Delisted => tr!(
                            "hardware.provider_option_delisted",
                            name = provider.name,
                            price = price_text
                        ),
                        PriceAge::Stale(_) => tr!(
                            "hardware.provider_option_stale",
                            name = provider.name,
                            price = price_text
                        ),
                        PriceAge::Fresh => tr!(
                            "hardware.provider_option",
                            name = provider.name,
                            price = price_text
                        ),
                    };
                    let full = match age {
                        PriceAge::Delisted => Some(tr!(
                            "hardware.provider_option_delisted_full",
                            name = provider.name,
                            price = price_text,
                            as_of = runway_model::date_in_words(&price.as_of),
                            since = runway_model::date_in_words(&price.delisted)
                        )),
                        PriceAge::Stale(label) => Some(tr!(
                            "polish_d.provider_option_full",
                            name = provider.name,
                            price = price_text,
                            as_of = runway_model::date_in_words(&price.as_of),
                            stale = label
                        )),
                        PriceAge::Fresh => None,
                    };
                    // The spoken name starts with the visible text (WCAG 2.5.3, label in name:
                    // speech input users say what they see), then the age in full.
                    let spoken = full.as_ref().map(|full| format!("{text}. {full}"));
                    Some(
                        IdOption::new(provider.id.clone(), text)
                            .marked(age.is_marked(), test_id)
                            .described(full, spoken),
                    )
                })
                .collect()
        })
    });
    // The chosen price's age, spelled out under the picker when it is stale.
    let selected_stale = move || {
        let (price, age) = derived.chosen_price.get()?;
        let name = state
            .catalog
            .provider(&price.provider)
            .map_or_else(|| price.provider.to_string(), |p| p.name.to_string());
        let label = match age {
            PriceAge::Fresh => return None,
            PriceAge::Stale(label) => label,
            PriceAge::Delisted => {
                let price_text = runway_model::usd_as_published(price.usd_per_gpu_hour, 2);
                return Some(view! {
                    <p class="hint stale" data-testid="provider-price-delisted">
                        {tr!("hardware.delisted_price", name = name, since = runway_model::date_in_words(&price.delisted), price = price_text, as_of = runway_model::date_in_words(&price.as_of))}
                    </p>
                }.into_any());
            }
        };
        Some(
            view! {
                <p class="hint stale" data-testid="provider-price-stale">
                    {tr!("hardware.stale_price", name = name, as_of = runway_model::date_in_words(&price.as_of), stale = label)}
                </p>
            }
            .into_any(),
        )
    };
    view! {
        <IdSelect field=Field::Provider hint=tr!("hardware.provider_hint") options=options value=state.provider_id
            on_pick=move |id| state.choose_provider(id)>
            {selected_stale}
        </IdSelect>
    }
}

/// The stale marker for a catalog figure dated `as_of` (`stale: 14 months old`), or `None` when it is
/// at most 12 months old today (or a date does not parse): the model's decision and words
/// (`runway_model::stale_label`) on the browser's clock.
pub fn stale_label(as_of: &str) -> Option<String> {
    runway_model::stale_label(as_of, crate::platform::browser::today())
}
