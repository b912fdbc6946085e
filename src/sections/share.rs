use leptos::prelude::*;

use runway_model::tr;

use crate::platform::browser;
use crate::state::use_app_state;

/// The share box: the current plan's link, and a button that copies it.
#[component]
pub fn ShareBar() -> impl IntoView {
    let state = use_app_state();
    let status = RwSignal::new(String::new());
    // The page's address without query or fragment does not change while the page is open.
    let href = browser::current_href();
    let base = href
        .split(['?', '#'])
        .next()
        .unwrap_or_default()
        .to_string();
    let base = StoredValue::new(base);
    // The untouched example carries no plan: its link is the page itself (with the view keys).
    let link_now = move || {
        base.with_value(|base| match state.link_query() {
            q if q.is_empty() => base.clone(),
            q => format!("{base}?{q}"),
        })
    };
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
    let copy = move |_| {
        let ok = browser::copy_to_clipboard(&link_now());
        status.set(if ok {
            tr!("share.copied")
        } else {
            tr!("share.copy_by_hand")
        });
    };
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
