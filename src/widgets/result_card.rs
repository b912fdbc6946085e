use leptos::prelude::*;
use runway_model::{tr, Explanation};

use crate::widgets::announce::{marked, piece, MARK};
use crate::widgets::cited::cited;
use crate::widgets::live::{follow_value, ValueText};

/// One result: label, human headline (exact value on hover), the raw value for scripts
/// (`data-value`), and "show the math", rendered only while open so closed cards cost nothing
/// per input.
#[component]
pub fn ResultCard(
    /// The stable `data-testid` of the value.
    test_id: &'static str,
    /// What a person reads above the value.
    #[prop(into)]
    label: Signal<String>,
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
    // A section with one "Show the math" switch opens and closes every card's working with it; its
    // cards' own summaries leave the Tab order (still there for a pointer and a screen reader).
    let all = use_context::<MathAll>();
    let open = RwSignal::new(false);
    if let Some(MathAll(all)) = all {
        Effect::new(move |_| open.set(all.get()));
    }
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
                            .then(|| crate::widgets::hardware::stale_label(&c.as_of))
                            .flatten()
                            .map(|label| view! { <span class="stale">{format!(" · {label}")}</span> });
                        let line = marked(&tr!(
                            "results.citation",
                            figure = MARK,
                            source = MARK,
                            as_of = MARK
                        ));
                        view! {
                            <li>
                                {piece(&line, 0)}{cited(&c.figure)}{piece(&line, 1)}<cite>{cited(&c.source)}</cite>
                                {piece(&line, 2)}{runway_model::date_in_words(&c.as_of)}{piece(&line, 3)}{stale}
                            </li>
                        }
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
            <div class="result-label">{label}</div>
            <div class="result-value" node_ref=node data-testid=test_id data-value=first.raw title=first.exact>
                {first.human}
            </div>
            <details class="math" prop:open=move || open.get() on:toggle=move |ev| {
                let now = event_target::<web_sys::HtmlDetailsElement>(&ev).open();
                if now != open.get_untracked() {
                    open.set(now);
                }
            }>
                // One name per summary for a screen reader's list of controls ("Show the math for
                // Compute cost"), the same words on screen.
                <summary tabindex=all.map(|_| "-1")><span class="when-closed">{tr!("results.show_math")}</span><span class="when-open">{tr!("results.hide_math")}</span><span class="visually-hidden">{move || tr!("results.show_math_for", label = label.get())}</span></summary>
                {math}
            </details>
        </div>
    }
}

/// The open state of every card's working in one section (provided by [`provide_math_switch`]).
#[derive(Clone, Copy)]
pub struct MathAll(pub RwSignal<bool>);

/// Gives the cards built after it in this component one switch for their working; returns it.
pub fn provide_math_switch() -> RwSignal<bool> {
    let all = RwSignal::new(false);
    provide_context(MathAll(all));
    all
}

/// The section's one "Show the math" stop (issue 27, item 9: nine stops before the charts).
#[component]
pub fn MathSwitch(
    /// The switch [`provide_math_switch`] returned.
    all: RwSignal<bool>,
    /// Its `data-testid`.
    test_id: &'static str,
) -> impl IntoView {
    view! {
        <button type="button" class="math-switch" data-testid=test_id
            aria-pressed=move || if all.get() { "true" } else { "false" }
            on:click=move |_| all.update(|a| *a = !*a)>
            {move || if all.get() { tr!("results.hide_all_math") } else { tr!("results.show_all_math") }}
        </button>
    }
}
