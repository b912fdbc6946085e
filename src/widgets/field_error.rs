use leptos::prelude::*;
use runway_model::Field;

use crate::state::use_app_state;

/// The validation message of one field, present in the DOM only while there is one. The message
/// (which may echo text from a link) is rendered as text, never as markup.
#[component]
pub fn FieldError(
    /// The field whose message to show; its link key names the `error-<key>` test id.
    field: Field,
) -> impl IntoView {
    let error = use_app_state().field(field).error;
    move || {
        error.get().map(|message| {
            view! {
                <p class="field-error" role="alert" id=format!("error-{}", field.key()) data-testid=format!("error-{}", field.key())>
                    {message}
                </p>
            }
        })
    }
}
