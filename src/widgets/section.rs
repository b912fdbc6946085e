//! The page's sections: a navigation bar linking each, and detail sections that start collapsed.
//! A collapsed section opens from its summary, from its link in the navigation bar, or from a URL
//! hash (`#advisor`). Which sections are open lives only in memory, never in the share link.

use leptos::prelude::*;
use runway_model::tr;
use wasm_bindgen::JsCast;

/// Every section of the page in order, by element id (the hash that reaches it).
pub const SECTIONS: [&str; 10] = [
    "answers",
    "workload",
    "credits",
    "programs",
    "advisor",
    "hidden-costs",
    "compare",
    "billing",
    "charts",
    "saved",
];

/// A section's label in the navigation bar.
fn nav_label(id: &str) -> String {
    match id {
        "answers" => tr!("nav.answers"),
        "workload" => tr!("nav.workload"),
        "credits" => tr!("nav.credits"),
        "programs" => tr!("nav.programs"),
        "advisor" => tr!("nav.advisor"),
        "hidden-costs" => tr!("nav.hidden_costs"),
        "compare" => tr!("nav.compare"),
        "billing" => tr!("nav.billing"),
        "charts" => tr!("nav.charts"),
        _ => tr!("nav.saved"),
    }
}

/// Sections without a link in the navigation bar (inside the credits section, and the glossary at
/// the foot of the page, reached from its terms), which a hash opens (`#planner`) like any other.
pub const NESTED: [&str; 3] = ["planner", "uncertainty", "glossary"];

/// The ids of the open collapsible sections, shared by the navigation bar and the sections, and
/// whether the page is being printed (a printed report shows sections never opened).
#[derive(Clone, Copy)]
pub struct OpenSections(RwSignal<Vec<&'static str>>, RwSignal<bool>);

impl OpenSections {
    /// Whether the page is (or was) printed: every section's contents are then built (tracked).
    pub fn printing(self) -> bool {
        self.1.get()
    }

    /// Whether section `id` is open (tracked).
    pub fn is_open(self, id: &str) -> bool {
        self.0.with(|open| open.contains(&id))
    }

    /// The ids of the open sections (none once the page is gone).
    pub fn open_ids(self) -> Vec<&'static str> {
        self.0.try_get_untracked().unwrap_or_default()
    }

    /// Opens the sections `ids` (a rebuilt page reopens what the page before had open).
    pub fn open_all(self, ids: &[&'static str]) {
        for &id in ids {
            self.set(id, true);
        }
    }

    /// Opens or closes section `id`; no change notifies nobody.
    pub fn set(self, id: &'static str, open: bool) {
        if self.0.with_untracked(|o| o.contains(&id)) != open {
            self.0.update(|o| {
                if open {
                    o.push(id);
                } else {
                    o.retain(|x| *x != id);
                }
            });
        }
    }
}

/// Provides the open-section state and follows the URL hash on every `hashchange` ([`follow_hash`];
/// the app follows the hash it opened with once the page is built).
pub fn provide_sections() -> OpenSections {
    let sections = OpenSections(RwSignal::new(Vec::new()), RwSignal::new(false));
    provide_context(sections);
    // A section's contents are built when it first opens; a print (the browser's, or the print
    // stylesheet applied) builds the rest, since the report shows them collapsed or not. The
    // listeners run before the print is laid out, and so do the effects they cause.
    let print = move || {
        if !sections.1.get_untracked() {
            sections.1.set(true);
        }
    };
    let before_print = window_event_listener_untyped("beforeprint", move |_| print());
    on_cleanup(move || before_print.remove());
    if let Some(media) = web_sys::window().and_then(|w| w.match_media("print").ok().flatten()) {
        let on_change = wasm_bindgen::closure::Closure::<dyn Fn(web_sys::MediaQueryListEvent)>::new(
            move |ev: web_sys::MediaQueryListEvent| {
                if ev.matches() {
                    print();
                }
            },
        );
        let _ =
            media.add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref());
        // The page lives as long as the app: the listener too.
        on_change.forget();
    }
    let listener = window_event_listener_untyped("hashchange", move |_| follow_hash(sections));
    on_cleanup(move || listener.remove());
    // Once the detail sections' module is in, the page has grown above a link's `#section`.
    let details = crate::details::use_details();
    Effect::new(move |_| {
        if details.ready() {
            request_animation_frame(settle_hash_scroll);
        }
    });
    sections
}

/// Follows the URL hash: a hash naming a section opens it and scrolls it into view; a glossary
/// term's hash opens the glossary at its entry. Called on every `hashchange`, and by the app once
/// the whole page is built (the page was not there when the browser first looked for the fragment).
pub fn follow_hash(sections: OpenSections) {
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    let hash = hash.trim_start_matches('#').to_string();
    if let Some(id) = section_id(&hash) {
        sections.set(id, true);
        // After the section is laid out open.
        request_animation_frame(move || scroll_to(id));
    } else if hash.starts_with("glossary-") {
        // A term's link: its entry, inside the glossary, which opens first; the entry takes
        // the focus, so the keyboard goes on from the explanation it came for.
        sections.set("glossary", true);
        request_animation_frame(move || {
            scroll_to(&hash);
            focus_element(&hash);
        });
    }
}

/// The section with this id, as the static id the state keeps.
fn section_id(id: &str) -> Option<&'static str> {
    SECTIONS.into_iter().chain(NESTED).find(|s| *s == id)
}

fn scroll_to(id: &str) {
    let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
    else {
        return;
    };
    el.scroll_into_view();
    HASH_SCROLL.set(Some(id.to_string()));
    // From here on, any wheel, touch or key of the reader's cancels the scroll back to it.
    if !LISTENING.replace(true) {
        for event in ["wheel", "touchstart", "keydown", "mousedown"] {
            let listener = window_event_listener_untyped(event, |_| HASH_SCROLL.set(None));
            // The page lives as long as the app: the listeners too.
            std::mem::forget(listener);
        }
    }
}

thread_local! {
    /// The element a link's hash scrolled to, until the reader scrolls or acts.
    static HASH_SCROLL: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
    static LISTENING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Once the detail sections' module is in ([`provide_sections`] watches it), the sections above the hash's target
/// have grown (the runway chart, a section's contents) and the page below it too: scrolls to it
/// again, unless the reader has scrolled or acted since (a link to `#compare` or `#glossary`
/// landed mid-screen: the founder review of issue 46).
fn settle_hash_scroll() {
    if let Some(id) = HASH_SCROLL.take() {
        scroll_to(&id);
    }
}

/// The open-section state of the page (a fresh, unshared one outside the app).
fn use_sections() -> OpenSections {
    use_context::<OpenSections>()
        .unwrap_or_else(|| OpenSections(RwSignal::new(Vec::new()), RwSignal::new(false)))
}

/// The navigation bar: a link to every section. Following a link opens its section (and the
/// browser scrolls to it); a link to an already open section only scrolls.
#[component]
pub fn SectionNav() -> impl IntoView {
    let sections = use_sections();
    let links = SECTIONS
        .iter()
        .map(|&id| {
            let label = nav_label(id);
            view! {
                <li><a href=format!("#{id}") data-testid=format!("nav-{id}") on:click=move |_| {
                    sections.set(id, true);
                    // Keyboard users land in the section they chose, not back at the top: its
                    // summary (a collapsible section) or the section itself takes the focus.
                    request_animation_frame(move || focus_section(id));
                }>{label}</a></li>
            }
        })
        .collect_view();
    view! {
        <nav class="toc" aria-label=tr!("nav.label") data-testid="nav">
            <ul>{links}</ul>
            <crate::sections::share::StripCopy />
        </nav>
    }
}

/// A skip link inside the page, off screen until it has the focus: it opens section `id` and
/// moves the focus there, as the navigation strip's link does. After the workload rows it skips
/// the add form (about a dozen stops) on the way to the credits, a keyboard user's next step.
#[component]
pub fn SkipTo(
    /// The section's id, one of [`SECTIONS`].
    id: &'static str,
    /// What the link says.
    label: String,
    /// Its test id.
    test_id: &'static str,
    /// The CSS selector of the control inside the section to land on (its search box), else
    /// the section's summary, as the strip's link does.
    #[prop(optional)]
    land_on: Option<&'static str>,
) -> impl IntoView {
    let sections = use_sections();
    view! {
        <a class="skip-link skip-inline no-print" href=format!("#{id}") data-testid=test_id on:click=move |_| {
            sections.set(id, true);
            request_animation_frame(move || {
                if !land_on.is_some_and(crate::widgets::announce::center_focus) {
                    focus_section(id);
                }
            });
        }>{label}</a>
    }
}

/// Moves the focus to the element `id` (made focusable by the page), if it is there.
fn focus_element(id: &str) {
    if let Some(h) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = h.focus();
    }
}

/// Moves the focus to section `id`: its summary when it has one, else the section element
/// (made focusable with `tabindex=-1`, so Tab continues from there).
fn focus_section(id: &str) {
    let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
    else {
        return;
    };
    let target = el
        .query_selector(":scope > summary")
        .ok()
        .flatten()
        .unwrap_or_else(|| {
            let _ = el.set_attribute("tabindex", "-1");
            el.clone()
        });
    if let Ok(h) = target.dyn_into::<web_sys::HtmlElement>() {
        let _ = h.focus();
    }
}

/// A detail section: a `<details>` whose summary is the section's title and one line of what it
/// holds, collapsed until opened. Opening it redraws any chart inside at its real size (a canvas
/// in a collapsed section has no size to draw at).
#[component]
pub fn Collapsible(
    /// Element id, the hash that opens it, one of [`SECTIONS`] or [`NESTED`].
    id: &'static str,
    /// Extra classes of the section (its panel style and grid area).
    class: &'static str,
    /// The title in the summary.
    #[prop(into)]
    title: String,
    /// One line under the title: what opening the section shows.
    #[prop(into)]
    blurb: String,
    /// A section inside another (its title is an `h3`).
    #[prop(optional)]
    nested: bool,
    /// The contents, built from the second module (src/details.rs).
    detail: crate::details::Detail,
) -> impl IntoView {
    let sections = use_sections();
    let on_toggle = move |ev: leptos::ev::Event| {
        // Only this section's own toggle (a "show the math" inside it toggles too).
        let Some(el) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .filter(|el| el.id() == id)
        else {
            return;
        };
        let open = el.has_attribute("open");
        sections.set(id, open);
        if open {
            // Charts redraw on resize; a section that just opened is a new size for them.
            if let Some(w) = web_sys::window() {
                if let Ok(resize) = web_sys::Event::new("resize") {
                    let _ = w.dispatch_event(&resize);
                }
            }
        }
    };
    // The contents are built the first time the section opens (or the page prints) and kept from
    // then on: a section never opened costs nothing per edit, and nothing to build the first screen.
    let mounted = Memo::new(move |was: Option<&bool>| {
        was.copied().unwrap_or(false) || sections.is_open(id) || sections.printing()
    });
    let details = crate::details::use_details();
    let contents = move || mounted.get().then(|| details.view(detail));
    view! {
        <details id=id class=format!("section {class}") data-testid=format!("section-{id}")
            data-built=move || mounted.get().to_string()
            prop:open=move || sections.is_open(id) on:toggle=on_toggle>
            <summary data-testid=format!("summary-{id}")>
                {if nested { view! { <h3>{title}</h3> }.into_any() } else { view! { <h2>{title}</h2> }.into_any() }}
                <span class="blurb">{blurb}</span>
            </summary>
            {contents}
        </details>
    }
}
