//! A number on the page as one reactive node: its raw value for scripts (`data-value`), its
//! headline text and its exact value on hover (`title`) follow the plan through one effect that
//! writes only what changed, instead of three (an edit re-runs a few dozen of these).

use leptos::html::ElementType;
use leptos::prelude::*;

/// What a number shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ValueText {
    /// The raw value (`data-value`).
    pub raw: String,
    /// The headline text.
    pub human: String,
    /// The value to more digits (`title`).
    pub exact: String,
}

/// Keeps `node`'s `data-value`, `title` and text in step with `text`; returns the first texts, for
/// the view to render the element with.
pub fn follow_value<E>(node: NodeRef<E>, text: impl Fn() -> ValueText + 'static) -> ValueText
where
    E: ElementType,
    E::Output: wasm_bindgen::JsCast + AsRef<web_sys::Element> + Clone + 'static,
{
    let first = StoredValue::new_local(None::<ValueText>);
    let effect = RenderEffect::new(move |previous: Option<ValueText>| {
        let now = text();
        match (previous, node.get_untracked()) {
            (Some(previous), Some(el)) => {
                let el: &web_sys::Element = el.as_ref();
                if previous.raw != now.raw {
                    let _ = el.set_attribute("data-value", &now.raw);
                }
                if previous.exact != now.exact {
                    let _ = el.set_attribute("title", &now.exact);
                }
                if previous.human != now.human {
                    el.set_text_content(Some(&now.human));
                }
            }
            // The first run: the view renders these.
            (None, _) => first.set_value(Some(now.clone())),
            // Not on the page (yet): nothing to write.
            (Some(_), None) => {}
        }
        now
    });
    // The effect lives as long as the component that called this.
    on_cleanup(move || drop(effect));
    first.get_value().unwrap_or_default()
}
