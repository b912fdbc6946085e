use leptos::prelude::*;

use runway_model::tr;

use crate::platform::browser;
use crate::state::use_app_state;

/// The current plan's link: the page's address without query or fragment, and the plan's query
/// (none for the untouched example: its link is the page itself, with the view keys).
fn plan_link(state: crate::state::AppState) -> String {
    let href = browser::current_href();
    let base = href.split(['?', '#']).next().unwrap_or_default();
    match state.link_query() {
        q if q.is_empty() => base.to_string(),
        q => format!("{base}?{q}"),
    }
}

/// Copies the plan's link as it is now; what to say of it ("Link copied", or to copy it by hand).
fn copy_plan_link(state: crate::state::AppState) -> String {
    if browser::copy_to_clipboard(&plan_link(state)) {
        tr!("share.copied")
    } else {
        tr!("share.copy_by_hand")
    }
}

/// The share box: the current plan's link, and a button that copies it.
#[component]
pub fn ShareBar() -> impl IntoView {
    let state = use_app_state();
    let status = RwSignal::new(String::new());
    let link_now = move || plan_link(state);
    // The box follows the plan a task after each burst of edits: encoding the link is not part of
    // an edit's update. The copy button always copies the plan as it is now.
    let link = RwSignal::new(link_now());
    let scheduled = StoredValue::new(false);
    Effect::new(move |previous: Option<()>| {
        state.track_plan();
        if previous.is_none() || scheduled.get_value() {
            return;
        }
        scheduled.set_value(true);
        set_timeout(
            move || {
                if !state.is_alive() {
                    return;
                }
                scheduled.set_value(false);
                link.set(link_now());
            },
            std::time::Duration::ZERO,
        );
    });
    let copy = move |_| status.set(copy_plan_link(state));
    view! {
        <div class="share">
            <label for="share-url" class="visually-hidden">{tr!("share.label")}</label>
            <input id="share-url" readonly data-testid="share-url" prop:value=link on:focus=|ev| {
                use wasm_bindgen::JsCast;
                if let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                    input.select();
                }
            } />
            <button type="button" data-testid="copy-link" on:click=copy>{tr!("share.copy")}</button>
            <span class="share-status" role="status" data-testid="copy-status">{move || status.get()}</span>
        </div>
    }
}

/// "Copy link" in the navigation strip, on narrow screens only (the stylesheet hides it where the
/// header's share box sits beside the strip): a phone reader who edited the plan far down the
/// page sends it back without scrolling up (issue 27, item 9: the co-founder's journey). What it
/// did shows in its own words for a few seconds, and is announced.
#[component]
pub fn StripCopy() -> impl IntoView {
    let state = use_app_state();
    let status = RwSignal::new(String::new());
    let copy = move |_| {
        status.set(copy_plan_link(state));
        set_timeout(
            move || {
                if state.is_alive() {
                    status.set(String::new());
                }
            },
            std::time::Duration::from_millis(2500),
        );
    };
    view! {
        <button type="button" class="strip-copy no-print" data-testid="copy-link-strip" on:click=copy>
            {move || status.with(|s| if s.is_empty() { tr!("share.copy") } else { s.clone() })}
        </button>
        <span class="visually-hidden" role="status">{move || status.get()}</span>
    }
}
