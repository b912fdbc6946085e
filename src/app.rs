use leptos::prelude::*;
use runway_model::{encode_link, Catalog};

use crate::browser;
use crate::state::{provide_app_state, AppState};
use crate::ui::charts::Charts;
use crate::ui::inputs::InputsPanel;
use crate::ui::results::Results;
use crate::ui::share::ShareBar;

/// The page: reads the share link once, then keeps the link in step with the plan.
#[component]
pub fn App() -> impl IntoView {
    let catalog: &'static Catalog = match Catalog::builtin() {
        Ok(c) => Box::leak(Box::new(c)),
        Err(e) => {
            return view! { <main class="fatal-banner" role="alert" data-testid="fatal-error">{e.to_string()}</main> }.into_any();
        }
    };
    let state = AppState::from_query(catalog, &browser::query_string());
    provide_app_state(state);
    // The link is rewritten in place only after the first change, so a link with rejected values
    // keeps showing them until the user edits something.
    Effect::new(move |previous: Option<()>| {
        let query = state.scenario.with(encode_link);
        if previous.is_some() {
            browser::replace_query(&query);
        }
    });
    view! {
        <header class="top">
            <div>
                <h1>"GPU Credit Runway"</h1>
                <p class="tagline">"What your training run costs, from 6·N·D to dollars, with every figure sourced. Nothing leaves your browser."</p>
            </div>
            <ShareBar />
        </header>
        <main class="layout">
            <section class="panel inputs" aria-label="Inputs"><InputsPanel /></section>
            <section class="panel results" aria-label="Results"><Results /></section>
            <section class="panel charts" aria-label="Charts"><Charts /></section>
        </main>
        <footer class="foot">
            <p>
                "Compute model: C = 6·N·D FLOPs; GPU-hours = C / (dense bf16 peak · MFU); 730 billed hours a month. "
                "Prices are on-demand list prices with their source and date; they age fast, so override with your own rate. "
                "The link holds the whole plan: keys params, tokens, gpu, gpus, mfu, duty, provider, price."
            </p>
        </footer>
    }
    .into_any()
}
