//! One polite live region for the page: what an action changed out of view ("Modal startup
//! credits added to the plan as grant 3") is read out by a screen reader; and moving the focus
//! somewhere sensible after the control that had it is gone.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The live region's text, looked up when a component is built (an event handler has no
/// context to look it up in).
#[derive(Clone, Copy)]
pub struct Announcer(Option<RwSignal<String>>);

impl Announcer {
    /// The page's live region (none outside the app: then nothing is said).
    pub fn get() -> Self {
        Self(use_context::<Announcement>().map(|a| a.0))
    }

    /// Says `text` in the live region (the same words twice in a row are still read out again).
    pub fn say(self, text: String) {
        let Some(region) = self.0 else {
            return;
        };
        let again = region.with_untracked(|t| t.trim_end_matches('\u{a0}') == text);
        region.set(if again { format!("{text}\u{a0}") } else { text });
    }
}

#[derive(Clone, Copy)]
struct Announcement(RwSignal<String>);

/// The live region, once on the page; provides what [`announce`] writes to.
#[component]
pub fn LiveRegion() -> impl IntoView {
    let text = RwSignal::new(String::new());
    provide_context(Announcement(text));
    view! { <p class="visually-hidden" role="status" data-testid="announcement">{move || text.get()}</p> }
}

/// Focuses the first field, select or button inside the element `selector` names, on the next
/// frame (a skip link's target: the calculator's first field).
pub fn focus_first_in(selector: &'static str) {
    request_animation_frame(move || {
        let el = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| {
                d.query_selector(&format!(
                    "{selector} :is(select, input, button, textarea):not([disabled]):not([tabindex='-1'])"
                ))
                .ok()
                .flatten()
            })
            .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(el) = el {
            let _ = el.focus();
            // The focus scrolls the field into view, maybe under the sticky navigation strip; the
            // container's own scroll margin puts its top (and the field) below it. (A scroll
            // padding on the root did this too, but made WebKit's WebDriver call the fields not
            // interactable.)
            if let Some(container) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector(selector).ok().flatten())
            {
                container.scroll_into_view();
            }
        }
    });
}

/// Moves the focus to the element with test id `id` after the next render (the element may be
/// rebuilt by the change that calls this); an element that cannot take focus gets `tabindex=-1`.
pub fn focus_test_id(id: String) {
    request_animation_frame(move || {
        let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| {
            d.query_selector(&format!("[data-testid=\"{id}\"]"))
                .ok()
                .flatten()
        }) else {
            return;
        };
        if !el.has_attribute("tabindex")
            && !el
                .matches("button, input, select, textarea, a[href], summary")
                .unwrap_or(false)
        {
            let _ = el.set_attribute("tabindex", "-1");
        }
        if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
            let _ = el.focus();
        }
    });
}

/// Puts the keyboard in the text box with test id `id` and selects its text, so typing replaces
/// it, with the box in the middle of the screen (clear of the sticky strip and of a phone's
/// on-screen keyboard).
pub fn edit_test_id(id: String) {
    request_animation_frame(move || {
        let Some(input) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| {
                d.query_selector(&format!("[data-testid=\"{id}\"]"))
                    .ok()
                    .flatten()
            })
            .and_then(|el| el.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        focus_centered(&input);
        input.select();
    });
}

/// Scrolls `el` to the middle of the screen, then gives it the keyboard without a second scroll.
fn focus_centered(el: &web_sys::HtmlElement) {
    let options = web_sys::ScrollIntoViewOptions::new();
    options.set_block(web_sys::ScrollLogicalPosition::Center);
    el.scroll_into_view_with_scroll_into_view_options(&options);
    let focus = web_sys::FocusOptions::new();
    focus.set_prevent_scroll(true);
    let _ = el.focus_with_options(&focus);
}

/// Puts the keyboard on the first element matching the CSS `selector`, scrolled to the middle of
/// the screen (a program card's button can sit a screen below its card's top); returns whether
/// there was one. Called once the element is laid out (after a frame).
pub fn center_focus(selector: &str) -> bool {
    let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(selector).ok().flatten())
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return false;
    };
    focus_centered(&el);
    true
}

/// Stands in a translated sentence where an element goes (a link, a bold value): pass it as the
/// placeholder's value, then [`marked`] cuts the sentence around it. Both languages keep such
/// placeholders in the same order, so the pieces and the elements interleave the same way.
pub const MARK: &str = "\u{1}";

/// The pieces of `text` between its [`MARK`]s: one more piece than marks, each possibly empty.
pub fn marked(text: &str) -> Vec<String> {
    text.split(MARK).map(str::to_string).collect()
}

/// Piece `k` of [`marked`] pieces (empty when the translation has fewer marks).
pub fn piece(pieces: &[String], k: usize) -> String {
    pieces.get(k).cloned().unwrap_or_default()
}
