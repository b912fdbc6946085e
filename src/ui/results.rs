use leptos::prelude::*;
use runway_model::format::data_value;
use runway_model::{Estimate, EstimateError, Output};

use crate::state::use_app_state;

/// Every result of the scenario, each with its raw value for scripts (`data-value`), a human
/// headline, the exact value on hover, and "show the math".
#[component]
pub fn Results() -> impl IntoView {
    let state = use_app_state();
    let current = state.estimate;
    let cards = Output::ALL
        .into_iter()
        .map(|output| view! { <ResultCard output=output current=current /> })
        .collect_view();
    view! {
        <h2>"What it costs"</h2>
        <div class="results-grid">{cards}</div>
        {move || current.with(|e| e.as_ref().err().map(|e| view! { <p class="field-error" role="alert">{describe(e)}</p> }))}
    }
}

fn describe(e: &EstimateError) -> String {
    match e {
        EstimateError::UnknownAccelerator(id) => {
            format!("Unknown accelerator {id}: choose one from the list.")
        }
        EstimateError::NoPrice {
            provider,
            accelerator,
        } => {
            format!("{provider} does not rent {accelerator}: choose a provider or enter a price.")
        }
    }
}

/// One result. The explanation is rendered only while open, so closed cards cost nothing per input.
#[component]
fn ResultCard(
    /// Which result.
    output: Output,
    /// The current estimate.
    current: Memo<Result<Estimate<'static>, EstimateError>>,
) -> impl IntoView {
    let state = use_app_state();
    let open = RwSignal::new(false);
    let read = move |f: fn(Output, &Estimate) -> String| {
        current.with(|e| {
            e.as_ref()
                .map(|e| f(output, e))
                .unwrap_or_else(|_| "—".into())
        })
    };
    let raw = move || {
        current.with(|e| {
            e.as_ref()
                .map(|e| data_value(output.value(e)))
                .unwrap_or_default()
        })
    };
    let math = move || {
        open.get().then(|| {
            state.scenario.with(|s| {
                current.with(|e| {
                    e.as_ref().ok().map(|e| {
                        let x = output.explain(s, e);
                        let citations = x
                            .citations
                            .into_iter()
                            .map(|c| view! { <li>{c.figure}" — "<cite>{c.source}</cite>", as of "{c.as_of}</li> })
                            .collect_view();
                        view! {
                            <p class="formula"><code>{x.formula}</code></p>
                            <p class="substituted"><code>{x.substituted}</code></p>
                            <ul class="citations">{citations}</ul>
                        }
                    })
                })
            })
        })
    };
    view! {
        <div class="result" class:headline=output == Output::ComputeCost>
            <div class="result-label">{output.label()}</div>
            <div class="result-value" data-testid=output.test_id() data-value=raw title=move || read(Output::exact)>
                {move || read(Output::human)}
            </div>
            <details class="math" on:toggle=move |_| open.update(|o| *o = !*o)>
                <summary>"Show the math"</summary>
                {math}
            </details>
        </div>
    }
}
