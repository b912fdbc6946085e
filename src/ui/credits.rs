use leptos::prelude::*;
use runway_model::token::Token;

use crate::state::use_app_state;
use crate::ui::plan_list::PlanList;
use crate::ui::programs::ProgramBrowser;
use crate::ui::runway_results::RunwayResults;
use crate::ui::workloads::WorkloadList;

/// Credit programs, the plan's grants, and how far they carry the plan.
#[component]
pub fn CreditsPanel() -> impl IntoView {
    let state = use_app_state();
    let runway = state.runway;
    let link_errors = move || {
        state.plan_errors.with(|errors| {
            errors
                .iter()
                .filter(|e| !matches!(e.at, Token::Cmp(_)))
                .map(|e| view! { <p class="field-error" role="alert" data-testid=format!("error-{}", e.key())>{e.message.clone()}</p> })
                .collect_view()
        })
    };
    view! {
        <h2>"Credits and runway"</h2>
        <p class="chart-note">
            "Stack grants on a timeline. Each pays only its own provider's bill, from approval until it expires; "
            "the soonest-expiring grant pays first and the rest is cash. A grant added from the catalog or by a link "
            "without an amount starts at what a seed-stage team is typically offered (\"typical $X, up to $Y\"), never at "
            "the ceiling, which is a tier maximum: edit the amount to what you are offered. "
            "Credits you already hold: set review days to 0 (approved on the apply day) and validity to the days they have left."
        </p>
        {link_errors}
        <WorkloadList />
        <PlanList runway=runway />
        <RunwayResults runway=runway />
        <ProgramBrowser />
    }
}
