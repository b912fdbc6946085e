use leptos::prelude::*;
use runway_model::Field;

use crate::widgets::field_error::FieldError;

/// One choice of an id-valued field: the id its `value` carries, the text a person reads, and the
/// marks of a stale or delisted catalog figure.
#[derive(Clone, Debug, PartialEq)]
pub struct IdOption {
    /// The id the field takes when this option is picked.
    pub id: String,
    /// What the option reads.
    pub text: String,
    /// A stale or delisted figure: the option gets the `stale` class.
    pub stale: bool,
    /// The option's own test id (a marked option's, e.g. `stale-api-<id>`).
    pub test_id: Option<String>,
    /// The mark in full, for a tooltip.
    pub title: Option<String>,
    /// The spoken name, when it says more than the text.
    pub spoken: Option<String>,
}

impl IdOption {
    /// A plain option.
    pub fn new(id: impl Into<String>, text: impl Into<String>) -> Self {
        IdOption {
            id: id.into(),
            text: text.into(),
            stale: false,
            test_id: None,
            title: None,
            spoken: None,
        }
    }

    /// Marked stale (or delisted): the `stale` class when `stale`, and the option's own test id.
    pub fn marked(mut self, stale: bool, test_id: Option<String>) -> Self {
        self.stale = stale;
        self.test_id = test_id;
        self
    }

    /// The mark in full for a tooltip, and the spoken name.
    pub fn described(mut self, title: Option<String>, spoken: Option<String>) -> Self {
        self.title = title;
        self.spoken = spoken;
        self
    }
}

/// The select of one id-valued field of the input table: its label, a hint, the options (rebuilt
/// when the list changes), the current value, what a pick does, anything said under the select
/// (the children) and the field's validation message. The label's `for`, the select's `id` and
/// `data-testid` are `input-<key>`, the field's link key.
#[component]
pub fn IdSelect(
    /// Which field of the input table this picks.
    field: Field,
    /// The hint beside the label.
    #[prop(into)]
    hint: Signal<String>,
    /// The choices, in order.
    #[prop(into)]
    options: Signal<Vec<IdOption>>,
    /// The current id; the option carrying it is selected (none when no option does).
    #[prop(into)]
    value: Signal<String>,
    /// What picking an id does (the id as the select's value reads).
    #[prop(into)]
    on_pick: Callback<String>,
    /// Said under the select, before the validation message.
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    let key = field.key();
    // Each option's `selected` follows the id alone, not every edit behind it.
    let value = Memo::new(move |_| value.get());
    let options = move || {
        options.with(|options| {
            options
                .iter()
                .map(|o| {
                    let id = o.id.clone();
                    let selected = move || value.with(|v| *v == id);
                    view! {
                        <option value=o.id.clone() selected=selected class:stale=o.stale data-testid=o.test_id.clone()
                            title=o.title.clone() aria-label=o.spoken.clone()>
                            {o.text.clone()}
                        </option>
                    }
                })
                .collect_view()
        })
    };
    let head = view! {
        <div class="field-head">
            <label for=format!("input-{key}")>{field.label()}</label>
            <span class="hint">{move || hint.get()}</span>
        </div>
    };
    let select = view! {
        <select id=format!("input-{key}") data-testid=format!("input-{key}") aria-describedby=format!("error-{key}") on:change=move |ev| on_pick.run(event_target_value(&ev))>
            {options}
        </select>
    };
    // No node at all for absent children: the rendered field stays what it was.
    match children {
        Some(children) => view! {
            <div class="field">{head}{select}{children()}<FieldError field=field /></div>
        }
        .into_any(),
        None => view! {
            <div class="field">{head}{select}<FieldError field=field /></div>
        }
        .into_any(),
    }
}
