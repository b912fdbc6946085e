use leptos::prelude::*;
use runway_model::{data_value, tr, Estimate, EstimateError, Job, Output};

use crate::widgets::result_card::{provide_math_switch, MathSwitch, ResultCard};

/// Every result of the scenario, each with its raw value for scripts (`data-value`), a human
/// headline, the exact value on hover, and "show the math".
#[component]
pub fn Results(
    /// The edited job's estimate.
    current: Memo<Result<Estimate<'static>, EstimateError>>,
    /// The edited job, for show-the-math.
    job: Memo<Job>,
) -> impl IntoView {
    let all = provide_math_switch();
    // Whose costs these are: the job the calculator edits, not the plan (whose total is the
    // answers' first figure).
    let state = crate::state::use_app_state();
    let heading = move || match state.editing.get() {
        Some(i) => tr!("results.heading_job", n = i + 1),
        None => tr!("results.heading"),
    };
    let cards = Output::ALL
        .into_iter()
        .map(|output| view! { <EstimateCard output=output current=current job=job /> })
        .collect_view();
    view! {
        <div class="results-head">
            <h2 data-testid="results-heading">{heading}</h2>
            <MathSwitch all=all test_id="math-all-results" />
        </div>
        <div class="results-grid">{cards}</div>
        {move || current.with(|e| e.as_ref().err().map(|e| view! { <p class="field-error" role="alert">{describe(e)}</p> }))}
    }
}

fn describe(e: &EstimateError) -> String {
    match e {
        EstimateError::UnknownAccelerator(id) => {
            tr!("results.unknown_accelerator", id = id)
        }
        EstimateError::NoPrice {
            provider,
            accelerator,
        } => {
            tr!(
                "results.no_price",
                provider = provider,
                accelerator = accelerator
            )
        }
    }
}

/// One estimate result, as a [`ResultCard`].
#[component]
fn EstimateCard(
    /// Which result.
    output: Output,
    /// The current estimate.
    current: Memo<Result<Estimate<'static>, EstimateError>>,
    /// The edited job.
    job: Memo<Job>,
) -> impl IntoView {
    let read = move |f: fn(Output, &Estimate) -> String| {
        current.with(|e| {
            e.as_ref()
                .map(|e| f(output, e))
                .unwrap_or_else(|_| "—".into())
        })
    };
    let raw = Signal::derive(move || {
        current.with(|e| {
            e.as_ref()
                .map(|e| data_value(output.value(e)))
                .unwrap_or_default()
        })
    });
    let math = Callback::new(move |()| {
        job.with(|s| current.with(|e| e.as_ref().ok().map(|e| output.explain(s, e))))
    });
    view! {
        <ResultCard
            test_id=output.test_id()
            label=Signal::derive(move || current.with(|e| output.label_for(e.as_ref().ok())))
            headline=output == Output::ComputeCost
            raw=raw
            human=Signal::derive(move || read(Output::human))
            exact=Signal::derive(move || read(Output::exact))
            math=math
        />
    }
}
