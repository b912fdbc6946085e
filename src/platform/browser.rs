//! The few browser APIs the app touches, each wrapped so a missing API degrades instead of panicking.

use wasm_bindgen::JsValue;

/// The page's query string, including the leading `?` (empty when there is none).
pub fn query_string() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// Replaces the query string in place: no history entry, no scroll jump, hash kept.
pub fn replace_query(query: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let path = location.pathname().unwrap_or_default();
    let hash = location.hash().unwrap_or_default();
    let url = if query.is_empty() {
        format!("{path}{hash}")
    } else {
        format!("{path}?{query}{hash}")
    };
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// Sets the tab title (text: the browser never parses it as markup).
pub fn set_title(title: &str) {
    if let Some(d) = web_sys::window().and_then(|w| w.document()) {
        d.set_title(title);
    }
}

/// The page's full address, for the share box.
pub fn current_href() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default()
}

/// Copies text to the clipboard; false when the Clipboard API is unavailable.
pub fn copy_to_clipboard(text: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let clipboard = window.navigator().clipboard();
    if clipboard.is_undefined() {
        return false;
    }
    let _promise = clipboard.write_text(text);
    true
}

/// The device pixel ratio (1 when unknown, never below 1 or above 4).
pub fn device_pixel_ratio() -> f64 {
    let dpr = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    if dpr.is_finite() {
        dpr.clamp(1.0, 4.0)
    } else {
        1.0
    }
}

/// Whether the page is laid out for print (print preview, printing, or print emulation).
pub fn is_printing() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("print").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// Today's date in the browser's local time zone: day 0 of a link without `t0`, and the "today" that
/// catalog figures age against (`None` only if the clock gives a year outside 1000–9999).
pub fn today() -> Option<runway_model::Date> {
    let now = js_sys::Date::new_0();
    runway_model::Date::new(
        now.get_full_year() as i32,
        now.get_month() + 1,
        now.get_date(),
    )
}

/// Whether the tab is in the background (it paints no frames; animation frames wait).
pub fn page_hidden() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .is_some_and(|d| d.hidden())
}

/// Milliseconds since page load, for the chart's own timing attribute.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Shows a fixed error banner built with text nodes only (the message is never parsed as HTML).
pub fn show_fatal_banner(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(body) = document.body() else { return };
    if let Ok(banner) = document.create_element("div") {
        banner.set_class_name("fatal-banner");
        let _ = banner.set_attribute("role", "alert");
        let _ = banner.set_attribute("data-testid", "fatal-error");
        banner.set_text_content(Some(message));
        let _ = body.prepend_with_node_1(&banner);
    }
}
