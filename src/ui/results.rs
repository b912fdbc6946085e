use leptos::prelude::*;
use runway_model::format::data_value;
use runway_model::{tr, Estimate, EstimateError, Explanation, Output};

use crate::state::use_app_state;
use crate::ui::live::{follow_value, ValueText};

/// Every result of the scenario, each with its raw value for scripts (`data-value`), a human
/// headline, the exact value on hover, and "show the math".
#[component]
pub fn Results() -> impl IntoView {
    let state = use_app_state();
    let current = state.estimate;
    let cards = Output::ALL
        .into_iter()
        .map(|output| view! { <EstimateCard output=output current=current /> })
        .collect_view();
    view! {
        <h2>{tr!("results.heading")}</h2>
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
) -> impl IntoView {
    let state = use_app_state();
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
        state
            .scenario
            .with(|s| current.with(|e| e.as_ref().ok().map(|e| output.explain(s, e))))
    });
    view! {
        <ResultCard
            test_id=output.test_id()
            label=output.label()
            headline=output == Output::ComputeCost
            raw=raw
            human=Signal::derive(move || read(Output::human))
            exact=Signal::derive(move || read(Output::exact))
            math=math
        />
    }
}

/// One result: label, human headline (exact value on hover), the raw value for scripts
/// (`data-value`), and "show the math", rendered only while open so closed cards cost nothing
/// per input.
#[component]
pub fn ResultCard(
    /// The stable `data-testid` of the value.
    test_id: &'static str,
    /// What a person reads above the value.
    #[prop(into)]
    label: String,
    /// Whether this is the panel's headline figure.
    #[prop(optional)]
    headline: bool,
    /// The raw number for `data-value`.
    raw: Signal<String>,
    /// The headline text.
    human: Signal<String>,
    /// The value to more digits, for hover text.
    exact: Signal<String>,
    /// The working behind the value (`None` when there is nothing to explain).
    math: Callback<(), Option<Explanation>>,
) -> impl IntoView {
    let open = RwSignal::new(false);
    let math = move || {
        open.get().then(|| {
            math.run(()).map(|x| {
                let citations = x
                    .citations
                    .into_iter()
                    .map(|c| {
                        // Dollar figures (prices) age; data-sheet figures do not
                        // (Catalog::stale_entries lists the same set).
                        let stale = c
                            .figure
                            .contains('$')
                            .then(|| crate::ui::hardware::stale_label(&c.as_of))
                            .flatten()
                            .map(|label| view! { <span class="stale">{format!(" · {label}")}</span> });
                        let cite = view! { <cite>{c.source}</cite> }.into_any();
                        let line = tr!(
                            "results.citation",
                            figure = "{figure}",
                            source = "{source}",
                            as_of = "{as_of}"
                        );
                        let text = sentence(
                            &line,
                            vec![
                                ("figure", c.figure.into_any()),
                                ("source", cite),
                                ("as_of", c.as_of.into_any()),
                            ],
                        );
                        view! { <li>{text}{stale}</li> }
                    })
                    .collect_view();
                view! {
                    <p class="formula"><code>{x.formula}</code></p>
                    <p class="substituted"><code>{x.substituted}</code></p>
                    <ul class="citations">{citations}</ul>
                }
            })
        })
    };
    let node = NodeRef::<leptos::html::Div>::new();
    let first = follow_value(node, move || ValueText {
        raw: raw.get(),
        human: human.get(),
        exact: exact.get(),
    });
    view! {
        <div class="result" class:headline=headline>
            <div class="result-label">{label.clone()}</div>
            <div class="result-value" node_ref=node data-testid=test_id data-value=first.raw title=first.exact>
                {first.human}
            </div>
            <details class="math" on:toggle=move |_| open.update(|o| *o = !*o)>
                // One name per summary for a screen reader's list of controls ("Show the math for
                // Compute cost"), the same words on screen.
                <summary>{tr!("results.show_math")}<span class="visually-hidden">{tr!("results.show_math_for", label = label)}</span></summary>
                {math}
            </details>
        </div>
    }
}

/// A translated sentence with views in it, in the sentence's own word order: `template` is the
/// text `tr!` returned with each placeholder filled by its own mark (`name = "{name}"`), and each
/// mark is replaced by the view `parts` gives for that name. Text between the marks is text.
pub fn sentence(template: &str, parts: Vec<(&'static str, AnyView)>) -> AnyView {
    let mut parts: Vec<(String, Option<AnyView>)> = parts
        .into_iter()
        .map(|(name, view)| (format!("{{{name}}}"), Some(view)))
        .collect();
    let mut out: Vec<AnyView> = Vec::new();
    let mut rest = template;
    while let Some((at, i)) = parts
        .iter()
        .enumerate()
        .filter_map(|(i, (mark, _))| rest.find(mark.as_str()).map(|at| (at, i)))
        .min()
    {
        if at > 0 {
            out.push(rest[..at].to_string().into_any());
        }
        if let Some(view) = parts[i].1.take() {
            out.push(view);
        }
        rest = &rest[at + parts[i].0.len()..];
    }
    if !rest.is_empty() {
        out.push(rest.to_string().into_any());
    }
    out.into_any()
}
