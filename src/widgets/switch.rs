use leptos::prelude::*;
use runway_model::Field;

use crate::state::use_app_state;
use crate::widgets::field_error::FieldError;

/// A checkbox for an on/off field.
#[component]
pub fn Switch(
    /// Which switch.
    field: Field,
    /// The sentence next to the box.
    #[prop(into)]
    text: String,
) -> impl IntoView {
    let state = use_app_state();
    let key = field.key();
    let checked = Memo::new(move |_| state.number_of(field) == Some(1.0));
    view! {
        <div class="field switch">
            <label>
                <input
                    type="checkbox"
                    data-testid=format!("input-{key}")
                    prop:checked=checked
                    on:change=move |ev| state.set_switch(field, event_target_checked(&ev))
                />
                " "{text}
            </label>
            <FieldError field=field />
        </div>
    }
}
