//! The glossary, and the links that reach it: a term of art is spelled out next to the label of
//! the field that first names it ("MFU (model FLOPs utilization)") and links to its one-line
//! explanation here; the link's `title` gives the same line on hover.

use leptos::prelude::*;
use runway_model::glossary;

/// The element id of a term's entry: `glossary-mfu`.
pub fn entry_id(id: &str) -> String {
    format!("glossary-{id}")
}

/// A typed field's term spelled out after its label, linked to its glossary entry:
/// "MFU (model FLOPs utilization)" (nothing for a field that names no term).
#[component]
pub fn TermNote(
    /// The field's key (`mfu`).
    field_key: &'static str,
) -> impl IntoView {
    let term = glossary::term_of_field(field_key).and_then(glossary::term);
    term.map(|t| {
        let spelled = (t.spelled != t.short).then_some(t.spelled);
        spelled.map(|s| {
            view! {
                " "
                <a class="term" href=format!("#{}", entry_id(t.id)) title=t.explain
                    data-testid=format!("term-{field_key}")>{format!("({s})")}</a>
            }
        })
    })
}

/// Every term, spelled out and explained; each entry is the target of its [`Term`] links.
#[component]
pub fn Glossary() -> impl IntoView {
    let entries = glossary::all()
        .into_iter()
        .map(|t| {
            let spelled = (t.spelled != t.short).then(|| format!(" ({})", t.spelled));
            view! {
                <div class="glossary-entry">
                    <dt id=entry_id(t.id) tabindex="-1">{t.short}{spelled}</dt>
                    <dd>{t.explain}</dd>
                </div>
            }
        })
        .collect_view();
    view! { <dl class="glossary" data-testid="glossary">{entries}</dl> }
}
