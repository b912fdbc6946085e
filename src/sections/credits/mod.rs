pub mod plan_list;
pub mod planner;
pub mod runway_chart;
pub mod runway_results;
pub mod uncertainty;
use leptos::prelude::*;
use runway_model::{tr, Catalog, Day0, Token, TokenError};

use crate::details::Detail;
use crate::sections::credits::plan_list::PlanList;
use crate::sections::credits::runway_results::RunwayResults;
use crate::sections::workload::workloads::WorkloadList;
use crate::state::RunwayView;
use crate::widgets::section::Collapsible;

/// Credit programs, the plan's grants, and how far they carry the plan.
#[component]
pub fn CreditsPanel(
    /// The plan's outcome.
    runway: Memo<Option<RunwayView>>,
    /// The link's rejected tokens (the comparison's own are shown there).
    plan_errors: RwSignal<Vec<TokenError>>,
    /// Day 0, for the dates.
    day0: Memo<Day0>,
    /// The catalog.
    catalog: &'static Catalog,
) -> impl IntoView {
    crate::sections::credits::uncertainty::provide_bands();
    let link_errors = move || {
        plan_errors.with(|errors| {
            errors
                .iter()
                .filter(|e| !matches!(e.at, Token::Cmp(_)))
                .map(|e| view! { <p class="field-error" role="alert" data-testid=format!("error-{}", e.key())>{e.message()}</p> })
                .collect_view()
        })
    };
    view! {
        <h2>{tr!("credits.heading")}</h2>
        <p class="chart-note">{tr!("credits.note")}</p>
        {link_errors}
        <WorkloadList />
        <PlanList runway=runway />
        <RunwayResults runway=runway day0=day0 catalog=catalog />
        // Two tools on the runway above, side by side while closed: when to apply, and how sure it is.
        <div class="credit-tools">
            <Collapsible id="planner" class="planner-section" nested=true title=tr!("credits.planner_title")
                blurb=tr!("credits.planner_blurb") detail=Detail::Planner />
            <Collapsible id="uncertainty" class="uncertainty-section" nested=true title=tr!("credits.uncertainty_title")
                blurb=tr!("credits.uncertainty_blurb") detail=Detail::Uncertainty />
        </div>
        <Collapsible id="programs" class="programs no-print" title=tr!("programs.title") blurb=tr!("programs.blurb")
            nested=true detail=Detail::Programs />
    }
}
