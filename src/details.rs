//! Everything below the first screen, in a second wasm module (issue 46; docs/performance.md,
//! "Two modules"). The detail sections (advisor, saved plans, charts, hidden costs, comparison,
//! billing, glossary, the planner, the uncertainty bands) and the runway chart are built only
//! through [`build`], and [`build`] is reachable only through the split point [`builder`]: the
//! build splits the module there (scripts/wasm-bindgen-split, the `wasm-bindgen` Trunk calls), so
//! their code, plotters and the model code only they use arrive in a chunk fetched after the
//! first screen works: when the page is idle, at once when such a section opens (its summary, a
//! `#section` link, a print).
//!
//! A chunk that fails to load leaves the page working: the section says it could not load and
//! offers to try again (a failed load is not remembered, so the retry fetches it anew).

use leptos::prelude::*;
use runway_model::tr;

/// A part of the page whose code is in the second module.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Detail {
    Advisor,
    Saved,
    Charts,
    HiddenCosts,
    Compare,
    Billing,
    Glossary,
    Planner,
    Uncertainty,
    Programs,
    RunwayChart,
}

/// Builds a detail's contents (in the second module).
fn build(detail: Detail) -> AnyView {
    use crate::sections::credits::planner::ApplicationPlanner;
    use crate::sections::credits::runway_chart::RunwayChartView;
    use crate::sections::credits::uncertainty::Uncertainty;
    use crate::sections::{
        advisor::AdvisorPanel, billing::BillingPanel, charts::Charts, compare::ComparePanel,
        hidden_costs::HiddenCostsPanel, saved::SavedPlansPanel,
    };
    use crate::widgets::glossary::Glossary;
    match detail {
        Detail::Advisor => view! { <AdvisorPanel /> }.into_any(),
        Detail::Saved => view! { <SavedPlansPanel /> }.into_any(),
        Detail::Charts => {
            let s = crate::state::use_app_state();
            view! { <div class="charts-grid"><Charts estimate=s.estimate job=s.job /></div> }
                .into_any()
        }
        Detail::HiddenCosts => view! { <HiddenCostsPanel /> }.into_any(),
        Detail::Compare => view! { <ComparePanel /> }.into_any(),
        Detail::Billing => view! { <BillingPanel /> }.into_any(),
        Detail::Glossary => view! { <Glossary /> }.into_any(),
        Detail::Planner => view! { <ApplicationPlanner /> }.into_any(),
        Detail::Uncertainty => view! { <Uncertainty /> }.into_any(),
        Detail::Programs => view! { <crate::sections::programs::ProgramBrowser /> }.into_any(),
        Detail::RunwayChart => {
            let s = crate::state::use_app_state();
            view! { <RunwayChartView runway=s.runway plan=s.plan day0=s.day0 /> }.into_any()
        }
    }
}

/// The second module did not load (the network, or a build without it).
#[derive(Debug)]
pub struct LoadFailed;

impl From<leptos::wasm_split::SplitLoaderError> for LoadFailed {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        LoadFailed
    }
}

/// The split point: awaiting it fetches and instantiates the second module (once; a failure is
/// not remembered), then hands back its builder.
#[leptos::wasm_split::wasm_split(details, fallible, wasm_split_path = ::leptos::wasm_split)]
fn builder() -> Result<Build, LoadFailed> {
    Ok(build)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Loading {
    NotAsked,
    Pending,
    Failed,
}

/// The second module's entry: builds a detail's contents.
type Build = fn(Detail) -> AnyView;

/// The second module's builder once loaded, shared by every detail on the page.
#[derive(Clone, Copy)]
pub struct Details {
    build: RwSignal<Option<Build>>,
    loading: RwSignal<Loading>,
}

impl Details {
    /// Fetches the second module unless it is there or on its way.
    pub fn load(self) {
        if self.build.with_untracked(Option::is_some)
            || self.loading.get_untracked() == Loading::Pending
        {
            return;
        }
        self.loading.set(Loading::Pending);
        leptos::task::spawn_local(async move {
            match builder().await {
                Ok(build) => {
                    self.build.try_set(Some(build));
                    self.loading.try_set(Loading::NotAsked);
                }
                Err(LoadFailed) => {
                    self.loading.try_set(Loading::Failed);
                }
            }
        });
    }

    /// Whether the second module is in (tracked).
    pub fn ready(self) -> bool {
        self.build.with(Option::is_some)
    }

    /// The detail's contents: built once the module is there; meanwhile a line saying it is
    /// loading, or that it could not load with a button to try again. Asks for the module.
    pub fn view(self, detail: Detail) -> impl IntoView {
        self.load();
        // The runway chart's place keeps about the chart's height (its canvas, legend and reading)
        // while it loads or has failed: little below it moves when it comes.
        let class = move |base: &'static str| {
            if detail == Detail::RunwayChart {
                format!("{base} chart-placeholder")
            } else {
                base.to_string()
            }
        };
        move || {
            match self.build.get() {
            Some(build) => untrack(|| build(detail)),
            None if self.loading.get() == Loading::Failed => view! {
                <div class=class("field-error detail-failed") role="alert" data-testid="detail-failed">
                    <p>{tr!("details.failed")}</p>
                    <button type="button" class="link-button" data-testid="detail-retry"
                        on:click=move |ev| {
                            keep_focus_near(&ev);
                            self.load();
                        }>{tr!("details.retry")}</button>
                </div>
            }
            .into_any(),
            None => view! {
                <p class=class("chart-note detail-loading") data-testid="detail-loading" aria-busy="true">
                    {tr!("details.loading")}
                </p>
            }
            .into_any(),
        }
        }
    }
}

/// The "Try again" button goes when pressed: the keyboard stays in its place, on the summary of
/// the section it is in (Tab then enters the contents once they come), else on the panel around
/// it, never on the page's body (the founder review of issue 46).
fn keep_focus_near(ev: &leptos::ev::MouseEvent) {
    use wasm_bindgen::JsCast;
    let Some(button) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return;
    };
    let summary = button
        .closest("details")
        .ok()
        .flatten()
        .and_then(|d| d.query_selector(":scope > summary").ok().flatten());
    let target = summary.or_else(|| {
        let panel = button.closest("section").ok().flatten()?;
        let _ = panel.set_attribute("tabindex", "-1");
        Some(panel)
    });
    if let Some(el) = target.and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = el.focus();
    }
}

/// Provides the shared loader (once, by the app).
pub fn provide_details() -> Details {
    let details = Details {
        build: RwSignal::new(None),
        loading: RwSignal::new(Loading::NotAsked),
    };
    provide_context(details);
    details
}

/// The page's loader (a fresh one outside the app).
pub fn use_details() -> Details {
    use_context::<Details>().unwrap_or_else(provide_details)
}
