use leptos::prelude::*;
use runway_model::Field;

/// The typed box of one number row of the model's input table, wherever the row is edited: the
/// calculator's fields, a grant's amount and days, the uncertainty ranges and approval odds, a
/// comparison column, the add-workload form. The row decides how the box behaves, so every box
/// behaves alike:
/// - the phone's keyboard: digits only for a whole, non-negative number without suffixes
///   (`inputmode="numeric"`), digits and a decimal mark for other numbers, the full keyboard for
///   a day that may be negative or a number written with K/M/B;
/// - text both languages read, differently ("1,000", "2.500"), gets a note under the box saying
///   how it was read, in the reader's language (`Field::read_as`), once the reader typed it (a
///   link's or the page's own text gets none: it would be noise).
///
/// What the text means is the caller's: `on_text` hands it to the record that holds the value
/// (the plan's job, a grant, a range), which reads it with the row's own parser and shows its
/// message.
#[component]
pub fn NumberBox(
    /// The row the text is read by.
    field: Field,
    /// The element id and test id (`input-params`, `grant-0-amount`); the note's are
    /// `<id>-note`.
    id: String,
    /// The text shown.
    #[prop(into)]
    text: Signal<String>,
    /// Called with the text on every keystroke (type-erased: one copy of this component in the
    /// wasm, whichever closure each place passes).
    #[prop(into)]
    on_text: Callback<String>,
    /// Whether the text was refused (`aria-invalid`).
    #[prop(optional, into)]
    invalid: Signal<bool>,
    /// Extra class of the box (`typed`, `mc-input`).
    #[prop(optional)]
    class: &'static str,
    /// Placeholder (a list price, the catalog's review days).
    #[prop(optional, into)]
    placeholder: Signal<String>,
    /// Spoken name, when the box has no label element of its own.
    #[prop(optional, into)]
    aria_label: Option<String>,
    /// Ids of the message elements describing the box, besides its note.
    #[prop(optional)]
    described_by: Option<String>,
) -> impl IntoView {
    let note_id = format!("{id}-note");
    let described_by = match described_by {
        Some(d) => format!("{d} {note_id}"),
        None => note_id.clone(),
    };
    // The text last typed here: only it gets a note.
    let typed = RwSignal::new(None::<String>);
    let note = move || {
        text.with(|t| {
            typed
                .with(|last| last.as_deref() == Some(t.as_str()))
                .then(|| field.read_as(t))
                .flatten()
        })
    };
    let note = move || {
        note().map(|n| {
            view! {
                <span class="field-note hint" id=note_id.clone() data-testid=note_id.clone()>
                    {n.message()}
                </span>
            }
        })
    };
    view! {
        <input
            type="text"
            class=class
            id=id.clone()
            data-testid=id
            inputmode=keyboard(field)
            autocomplete="off"
            spellcheck="false"
            placeholder=move || placeholder.get()
            aria-label=aria_label
            aria-invalid=move || invalid.get().to_string()
            aria-describedby=described_by
            prop:value=move || text.get()
            on:input=move |ev| {
                let now = event_target_value(&ev);
                typed.set(Some(now.clone()));
                on_text.run(now);
            }
        />
        {note}
    }
}

/// The phone keyboard a row needs (see [`NumberBox`]).
fn keyboard(field: Field) -> &'static str {
    let suffixed = field.style() == Some(runway_model::Style::Suffixed);
    match field.range() {
        Some(r) if r.min < 0.0 || suffixed => "text",
        Some(r) if r.whole => "numeric",
        _ => "decimal",
    }
}
