//! The reader's view of the plan: which language the page speaks and which currency it shows
//! amounts in. Neither changes the plan, and both are rebuilt into every word and number, so a
//! change rebuilds the page from its link.
//!
//! - Language, in order: the link's `lang` key (`en`, `pt`), then the reader's saved choice, then
//!   the browser's language. Switching saves the choice and rewrites a `lang` key the link already
//!   carries; a link without one gets none (the reader's language is the reader's choice).
//! - Display currency, in order: the link's `cur=brl|eur&fx=<rate>` (the rate the reader typed:
//!   nothing is fetched), then the reader's saved choice, then US dollars. Choosing one saves it
//!   (and the rate typed for each currency, which choosing that currency again brings back) and
//!   writes it into the link; amounts are still billed in US dollars. A saved plan keeps the
//!   currency it was saved in, and opening it shows it so.

use std::cell::{Cell, RefCell};

use leptos::prelude::*;
use runway_model::{
    locale, locale::CurrencyCode, locale::DisplayCurrency, locale::Lang, tr, Field, Origin,
    ViewPrefs,
};
use wasm_bindgen::JsCast;

/// Where the reader's choice of language is kept.
const LANG_KEY: &str = "gpu-credit-runway.lang";
/// Where the reader's choice of display currency is kept, as view keys (`cur=brl&fx=5.4`).
const CURRENCY_KEY: &str = "gpu-credit-runway.currency";
/// Before the currency's code: where the last rate the reader applied for it is kept
/// (`gpu-credit-runway.rate.brl` = `cur=brl&fx=5.4`).
const RATE_KEY: &str = "gpu-credit-runway.rate.";
/// The reader's choice of exact amounts ("1"), kept beside the language; not in links (each reader
/// reads a shared plan their own way).
const EXACT_KEY: &str = "gpu-credit-runway.exact";

thread_local! {
    /// The mounted page; dropping it unmounts it (its reactive owner is disposed too).
    static MOUNTED: RefCell<Option<leptos::mount::UnmountHandle<AnyViewState>>> = const { RefCell::new(None) };
    /// What builds the page (`in_steps`): given by the entry point, called again on a rebuild.
    static PAGE: Cell<Option<PageBuilder>> = const { Cell::new(None) };
    /// The rate as the reader typed it, for the rebuilt page's rate box ("5," stays "5,", the
    /// caret at its end) while the reader is still typing.
    static TYPED_RATE: RefCell<Option<String>> = const { RefCell::new(None) };
    /// What the mounted page hands over to the page that replaces it ([`on_rebuild`]), and what
    /// the rebuilt page takes over ([`carried`]).
    static KEEP: RefCell<Option<Box<dyn Fn() -> Carried>>> = const { RefCell::new(None) };
    static CARRIED: RefCell<Option<Carried>> = const { RefCell::new(None) };
}

/// What a rebuilt page (language, currency) takes over from the page it replaces: the same saved
/// plan open, the same sections open.
#[derive(Clone, Debug, Default)]
pub struct Carried {
    /// The saved plan open (its id).
    pub saved_id: Option<String>,
    /// The ids of the open sections.
    pub open_sections: Vec<&'static str>,
}

/// Tells a rebuild what the mounted page hands over.
pub fn on_rebuild(keep: impl Fn() -> Carried + 'static) {
    KEEP.with(|k| *k.borrow_mut() = Some(Box::new(keep)));
}

/// What the page before a rebuild handed over (once; nothing on a page load).
pub fn carried() -> Carried {
    CARRIED.with(|c| c.borrow_mut().take()).unwrap_or_default()
}

/// How long the rate box waits after the last keystroke before the page changes, ms.
const RATE_DEBOUNCE_MS: u64 = 350;

type AnyViewState = <AnyView as leptos::tachys::view::Render>::State;

/// What builds the page: `in_steps` (see [`mount`]) → the page.
pub type PageBuilder = fn(bool) -> AnyView;

/// Applies the view the link asks for (with the saved language, then the browser's): called by the
/// page while it reads its link, before the plan's words ([`runway_model::decode_link_opening`]).
pub fn open(prefs: &ViewPrefs) {
    let lang = prefs.lang.or_else(saved).unwrap_or_else(|| {
        web_sys::window()
            .and_then(|w| w.navigator().language())
            .map_or(Lang::En, |tag| Lang::from_browser_tag(&tag))
    });
    apply(lang);
    locale::set_currency(
        prefs
            .currency
            .or_else(|| {
                stored(CURRENCY_KEY)
                    .as_deref()
                    .and_then(runway_model::view_currency)
            })
            .unwrap_or(DisplayCurrency::USD),
    );
    locale::set_exact_amounts(stored(EXACT_KEY).as_deref() == Some("1"));
}

/// The view keys of the page as it opens, completed: a link without a currency shows the reader's
/// saved one ([`open`]), which the address bar and the share link then carry as if chosen.
pub fn complete(view: &mut ViewPrefs) {
    if view.currency.is_none() && locale::currency() != DisplayCurrency::USD {
        view.currency = Some(locale::currency());
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn stored(key: &str) -> Option<String> {
    storage()?.get_item(key).ok()?
}

fn saved() -> Option<Lang> {
    Lang::from_code(&stored(LANG_KEY)?)
}

/// Keeps `currency` as the reader's choice, and its rate as the one to bring back when that
/// currency is chosen again (storage off: the link still carries it).
fn keep(currency: DisplayCurrency) {
    let Some(storage) = storage() else {
        return;
    };
    let keys = runway_model::currency_keys(currency);
    let _ = storage.set_item(CURRENCY_KEY, &keys);
    if currency.code != CurrencyCode::Usd {
        let _ = storage.set_item(&format!("{RATE_KEY}{}", currency.code.code()), &keys);
    }
}

/// The rate the reader last applied for `code`, else its dated default.
fn rate_for(code: CurrencyCode) -> Option<DisplayCurrency> {
    stored(&format!("{RATE_KEY}{}", code.code()))
        .as_deref()
        .and_then(runway_model::view_currency)
        .filter(|c| c.code == code)
        .or_else(|| runway_model::default_currency(code))
}

/// After a saved plan or a plan file opened (`query`: its plan as saved, with the view keys it
/// was saved with): shows it in the display currency it was saved in, rebuilding the page when
/// that is not the shown one (the keyboard back on the element `focus`, a CSS selector). A record
/// saved without view keys keeps the shown currency.
pub fn show_as_saved(
    query: &str,
    view: StoredValue<ViewPrefs>,
    write_link: impl Fn(),
    focus: String,
) {
    let Some(currency) = runway_model::view_currency(query) else {
        return;
    };
    if currency == locale::currency() {
        return;
    }
    view.update_value(|v| v.currency = Some(currency));
    write_link();
    rebuild(focus);
}

/// Makes `lang` the language of every text and of `<html lang>`.
fn apply(lang: Lang) {
    locale::set_lang(lang);
    if let Some(html) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = html.set_attribute("lang", lang.html_lang());
    }
}

/// Mounts the page `page` builds (kept for the rebuilds a switch asks for), which reads its link.
/// `in_steps`: the first screen in this task and the rest in later ones (a page load); else all of
/// it now (a rebuild, which puts the scroll position and the focus back at once).
pub fn mount(in_steps: bool, page: PageBuilder) {
    PAGE.with(|p| p.set(Some(page)));
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(body) = document.body() else {
        return;
    };
    let handle = leptos::mount::mount_to(body, move || page(in_steps));
    MOUNTED.with(|m| *m.borrow_mut() = Some(handle));
}

/// Removes the build's copy of the first screen (index.html, scripts/prerender.mjs) and the note
/// that says the calculator is loading: called in the task that builds the app's own first screen,
/// so no frame shows both, or neither.
pub fn remove_first_screen_copy() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    for id in ["prerender", "loading"] {
        if let Some(element) = document.get_element_by_id(id) {
            element.remove();
        }
    }
}

/// Rebuilds the page from its link after the current event (the handler that asked belongs to
/// the page being replaced), keeping the scroll position and putting the focus back on `focus_id`.
fn rebuild(focus: String) {
    set_timeout(
        move || {
            let scroll = web_sys::window()
                .and_then(|w| w.scroll_y().ok())
                .unwrap_or(0.0);
            let handed = KEEP.with(|k| k.borrow_mut().take().map(|keep| keep()));
            CARRIED.with(|c| *c.borrow_mut() = handed);
            MOUNTED.with(|m| drop(m.borrow_mut().take()));
            let Some(page) = PAGE.with(Cell::get) else {
                return;
            };
            mount(false, page);
            if let Some(w) = web_sys::window() {
                w.scroll_to_with_x_and_y(0.0, scroll);
            }
            if let Some(el) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector(&focus).ok().flatten())
                .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = el.focus();
                // A text box being typed in keeps its caret at the end of what was typed.
                if let Some(input) = el.dyn_ref::<web_sys::HtmlInputElement>() {
                    let end = u32::try_from(input.value().encode_utf16().count()).unwrap_or(0);
                    let _ = input.set_selection_range(end, end);
                }
            }
        },
        std::time::Duration::ZERO,
    );
}

/// Switches the page to `lang`: saved as the reader's choice, written into a link that names its
/// language (`view`: the link's view keys), and the page rebuilt.
fn switch_to(lang: Lang, view: StoredValue<ViewPrefs>, write_link: impl Fn()) {
    if lang == locale::lang() {
        return;
    }
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.set_item(LANG_KEY, lang.code());
    }
    view.update_value(|v| {
        if v.lang.is_some() {
            v.lang = Some(lang);
        }
    });
    // The address bar gets the plan as it is now, with the new view keys: the rebuilt page reads it.
    write_link();
    rebuild("#lang-switch".into());
}

/// Shows amounts in `currency` (`None`: US dollars): written into the link, and the page rebuilt
/// with the focus back on `focus_id`.
fn show_in(
    currency: Option<DisplayCurrency>,
    view: StoredValue<ViewPrefs>,
    write_link: impl Fn(),
    focus_id: &'static str,
) {
    view.update_value(|v| v.currency = currency);
    keep(currency.unwrap_or(DisplayCurrency::USD));
    write_link();
    rebuild(format!("#{focus_id}"));
}

/// The language switch in the header: one button per language, the current one pressed. `view`:
/// the link's view keys, which `write_link` writes with the plan.
#[component]
pub fn LangSwitch(
    view: StoredValue<ViewPrefs>,
    write_link: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let current = locale::lang();
    view! {
        <div class="lang-switch" role="group" aria-label=tr!("app.language")>
            {Lang::ALL
                .into_iter()
                .map(|l| {
                    let id = (l == current).then_some("lang-switch");
                    view! {
                        <button
                            type="button"
                            id=id
                            lang=l.html_lang()
                            aria-pressed=if l == current { "true" } else { "false" }
                            data-testid=format!("lang-{}", l.code())
                            on:click=move |_| switch_to(l, view, write_link)
                        >
                            {l.native_name()}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// "Exact amounts" under the answers: every amount of the page to the cent ("$405,797.10") instead
/// of rounded for reading ("$406K"), so a figure can be checked without hovering (a phone has no
/// hover). Kept as the reader's preference; the page is rebuilt with the plan as it is.
#[component]
pub fn ExactSwitch(write_link: impl Fn() + Copy + Send + Sync + 'static) -> impl IntoView {
    let on = locale::exact_amounts();
    let toggle = move |_| {
        if let Some(storage) = storage() {
            let _ = storage.set_item(EXACT_KEY, if on { "0" } else { "1" });
        }
        locale::set_exact_amounts(!on);
        write_link();
        rebuild("#exact-switch".into());
    };
    view! {
        <div class="exact-switch no-print">
            <button
                type="button"
                id="exact-switch"
                aria-pressed=if on { "true" } else { "false" }
                data-testid="exact-amounts"
                on:click=toggle
            >
                {tr!("app.exact_amounts")}
            </button>
        </div>
    }
}

/// The display currency: US dollars, or reais or euros. Choosing one converts at once at its dated
/// default rate (data/currencies.json, the ECB's reference rates of one day); the rate box changes
/// the page as the reader types (a short pause after the last key), Enter or leaving it at once.
#[component]
pub fn CurrencySwitch(
    view: StoredValue<ViewPrefs>,
    write_link: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let current = locale::currency();
    let chosen = RwSignal::new(current.code);
    // The rebuilt page shows the rate as it was typed (while it still reads as the rate shown).
    let typed = TYPED_RATE
        .with(|t| t.borrow_mut().take())
        .filter(|t| Field::Rate.parse(t, Origin::Typed).ok() == Some(current.per_usd));
    let rate_text = RwSignal::new(if current.code == CurrencyCode::Usd {
        String::new()
    } else {
        typed.unwrap_or_else(|| runway_model::exact(current.per_usd, 6))
    });
    let error = RwSignal::new(None::<String>);
    // The box's `change` can fire while the page is being rebuilt (the Enter that applied the
    // rate removes the box, and Chromium may report its change on the way out): the signals are
    // then gone, and there is nothing left to do.
    let apply_rate = move || {
        let (Some(code), Some(text)) = (chosen.try_get_untracked(), rate_text.try_get_untracked())
        else {
            return;
        };
        if code == CurrencyCode::Usd {
            return;
        }
        match Field::Rate.parse(&text, Origin::Typed) {
            Ok(rate) => match DisplayCurrency::new(code, rate) {
                Some(c) if c != locale::currency() => {
                    TYPED_RATE.with(|t| *t.borrow_mut() = Some(text.clone()));
                    show_in(Some(c), view, write_link, "currency-rate");
                }
                Some(_) => {
                    error.try_set(None);
                }
                None => {
                    error.try_set(Some(tr!("currency.bad_rate", iso = code.iso())));
                }
            },
            Err(e) => {
                error.try_set(Some(format!(
                    "{}: {}",
                    tr!("currency.rate_label", iso = code.iso()),
                    e.problem.describe(&e.got)
                )));
            }
        }
    };
    let on_code = move |ev: leptos::ev::Event| {
        let code = event_target_value(&ev);
        let Some(code) = CurrencyCode::from_code(&code) else {
            return;
        };
        chosen.try_set(code);
        error.try_set(None);
        if code == CurrencyCode::Usd {
            if locale::currency().code != CurrencyCode::Usd {
                show_in(None, view, write_link, "currency-code");
            }
        } else if code != locale::currency().code {
            // A new currency converts at once at the rate the reader last applied for it, else
            // its dated default (nothing is fetched); the box after the select shows it, to edit.
            // The focus stays on the select (arrow keys on a closed select fire `change` for
            // every option they pass).
            match rate_for(code) {
                Some(c) => show_in(Some(c), view, write_link, "currency-code"),
                None => {
                    rate_text.try_set(String::new());
                }
            }
        }
    };
    // Typing changes the page after a short pause (each key restarts the wait).
    let typing = StoredValue::new(0u64);
    let on_rate_input = move |ev: leptos::ev::Event| {
        rate_text.try_set(event_target_value(&ev));
        let Some(n) = typing.try_get_value().map(|n| n.wrapping_add(1)) else {
            return;
        };
        typing.set_value(n);
        set_timeout(
            move || {
                if typing.try_get_value() == Some(n) {
                    apply_rate();
                }
            },
            std::time::Duration::from_millis(RATE_DEBOUNCE_MS),
        );
    };
    // Said once a currency other than the shown one is chosen and waits for its rate.
    let prompt = move || {
        let code = chosen.get();
        (code != CurrencyCode::Usd && code != locale::currency().code)
            .then(|| tr!("polish_d.type_rate", iso = code.iso()))
    };
    // The shown rate is the dated default: say whose and of when (the full source on hover), and
    // how old once it is stale.
    let note = runway_model::currency_note(crate::platform::browser::today());
    let stale = note.as_ref().is_some_and(|n| n.stale);
    let source = note.as_ref().and_then(|n| n.source.clone());
    let label = note.map(|n| n.text);
    view! {
        <div class="currency-switch">
            <label for="currency-code">{tr!("currency.label")}</label>
            <select id="currency-code" data-testid="currency-code" on:change=on_code>
                {CurrencyCode::ALL
                    .into_iter()
                    .map(|c| view! { <option value=c.code() selected=c == current.code>{c.iso()}</option> })
                    .collect_view()}
            </select>
            <Show when=move || chosen.get() != CurrencyCode::Usd>
                <label for="currency-rate" class="visually-hidden">{move || tr!("currency.rate_label", iso = chosen.get().iso())}</label>
                <input id="currency-rate" data-testid="currency-rate" inputmode="decimal" size="7"
                    placeholder=move || tr!("currency.rate_placeholder", iso = chosen.get().iso())
                    aria-invalid=move || error.with(Option::is_some).then_some("true")
                    aria-describedby="currency-note"
                    prop:value=move || rate_text.get()
                    on:input=on_rate_input
                    on:change=move |_| apply_rate()
                    on:keydown=move |ev: leptos::ev::KeyboardEvent| if ev.key() == "Enter" { apply_rate() } />
            </Show>
            <span id="currency-note" class="currency-note" class:stale=stale data-testid="currency-note" role="status" title=source>
                {move || error.get().or_else(|| label.clone())}
            </span>
            <span class="visually-hidden" role="status" data-testid="currency-prompt">{prompt}</span>
        </div>
    }
}
