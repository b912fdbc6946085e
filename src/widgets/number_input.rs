use leptos::prelude::*;
use runway_model::{Field, Scale};

use crate::state::use_app_state;
use crate::widgets::field_error::FieldError;
use crate::widgets::glossary::TermNote;

/// A numeric input: a slider (when the field has one) and a typed box kept in sync, with its unit
/// and validation message. Typed values are used exactly; slider values are rounded for people.
/// Typed text is read in the reader's language (the model's `Field::parse`); text both languages
/// read, differently ("1,000"), gets a note saying how it was read, under the field.
#[component]
pub fn NumberInput(
    /// Which scenario field this edits.
    field: Field,
    /// Unit shown after the typed box.
    unit: &'static str,
    /// Example forms shown under the label.
    hint: &'static str,
    /// Placeholder of the typed box (e.g. the list price an empty override falls back to).
    #[prop(optional, into)]
    placeholder: Signal<String>,
) -> impl IntoView {
    let state = use_app_state();
    let f = state.field(field);
    let key = field.key();
    let scale = Scale::of(field);
    let slider = scale.map(|scale| {
        // A memo: the range input is touched only when its value moves, not on every edit of
        // another field. A screen reader hears the value with its unit ("64 GPUs"), not the
        // slider's position.
        // The memo holds the number alone (a cheap comparison on every edit); the position and
        // the text are derived only when it moves.
        let value = Memo::new(move |_| state.number(field));
        view! {
            <input
                type="range"
                min="0"
                max="1000"
                step="1"
                class="slider"
                aria-label=format!("{} slider", field.label())
                data-testid=format!("slider-{key}")
                prop:value=move || (scale.position(value.get()) as u32).to_string()
                aria-valuetext=move || format!("{} {unit}", field.display(value.get()))
                on:input=move |ev| {
                    if let Ok(p) = event_target_value(&ev).parse::<f64>() {
                        state.slide_number(field, scale.value(p));
                    }
                }
            />
        }
    });
    // The text last typed here: only it gets a "read as" note (a slider's or a link's text is
    // the page's own, and the note would be noise).
    let typed = RwSignal::new(None::<String>);
    let note = move || {
        f.text.with(|text| {
            typed
                .with(|t| t.as_deref() == Some(text.as_str()))
                .then(|| field.read_as(text))
                .flatten()
        })
    };
    let note = move || {
        note().map(|n| {
            view! {
                <p class="field-note hint" id=format!("note-{key}") data-testid=format!("input-{key}-note")>
                    {n.message()}
                </p>
            }
        })
    };
    view! {
        <div class="field" class:invalid=move || f.error.with(Option::is_some)>
            <div class="field-head">
                <span class="label-term">
                    <label for=format!("input-{key}")>{field.label()}</label>
                    <TermNote field_key=key />
                </span>
                <span class="hint">{hint}</span>
            </div>
            <div class="field-row">
                {slider}
                <input
                    type="text"
                    class="typed"
                    id=format!("input-{key}")
                    data-testid=format!("input-{key}")
                    inputmode="decimal"
                    autocomplete="off"
                    spellcheck="false"
                    placeholder=move || placeholder.get()
                    aria-invalid=move || f.error.with(Option::is_some).to_string()
                    aria-describedby=format!("error-{key} note-{key}")
                    prop:value=move || f.text.get()
                    on:input=move |ev| {
                        let text = event_target_value(&ev);
                        typed.set(Some(text.clone()));
                        state.type_number(field, text);
                    }
                />
                <span class="unit">{unit}</span>
            </div>
            <FieldError field=field />
            {note}
        </div>
    }
}
