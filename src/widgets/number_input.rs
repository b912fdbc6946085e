use leptos::prelude::*;
use runway_model::{tr, Field, Nudge, Scale};

use crate::state::use_app_state;
use crate::widgets::field_error::FieldError;
use crate::widgets::glossary::TermNote;
use crate::widgets::number_box::NumberBox;

/// A numeric input: a slider (when the field has one) and a typed box kept in sync, with its unit,
/// hint and glossary note (all the row's, from the input table) and validation message. Typed values are used exactly; slider values are rounded for people.
/// The typed box is the one every number row uses ([`NumberBox`]).
#[component]
pub fn NumberInput(
    /// Which scenario field this edits.
    field: Field,
    /// Placeholder of the typed box (e.g. the list price an empty override falls back to).
    #[prop(optional, into)]
    placeholder: Signal<String>,
) -> impl IntoView {
    let state = use_app_state();
    let f = state.field(field);
    let key = field.key();
    // The row's own unit and hint (the input table's, in the reader's language).
    let (unit, hint) = (field.unit(), field.hint());
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
                aria-label=tr!("app.slider_label", label = field.label())
                data-testid=format!("slider-{key}")
                prop:value=move || (scale.position(value.get()) as u32).to_string()
                aria-valuetext=move || format!("{} {unit}", field.display(value.get()))
                on:input=move |ev| {
                    if let Ok(p) = event_target_value(&ev).parse::<f64>() {
                        state.slide_number(field, scale.value(p));
                    }
                }
                // Arrows and Page Up/Down step to round values (8B → 9B, 64 → 128 GPUs, 40 → 41 %),
                // not a thousandth of the track; Home and End stay native.
                on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                    if let Some(by) = Nudge::of_key(&ev.key()) {
                        ev.prevent_default();
                        state.slide_number(field, scale.nudge(value.get_untracked(), by));
                    }
                }
            />
        }
    });
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
                <NumberBox
                    field=field
                    id=format!("input-{key}")
                    class="typed"
                    text=f.text
                    on_text=move |text| state.type_number(field, text)
                    invalid=Signal::derive(move || f.error.with(Option::is_some))
                    placeholder=placeholder
                    described_by=format!("error-{key}")
                />
                <span class="unit">{unit}</span>
            </div>
            <FieldError field=field />
        </div>
    }
}
