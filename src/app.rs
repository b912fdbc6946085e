use leptos::prelude::*;
use runway_model::{tr, Catalog};
use std::time::Duration;

use crate::details::Detail;
use crate::lang::{CurrencySwitch, ExactSwitch, LangSwitch};
use crate::platform::browser;
use crate::sections::answers::AnswersPanel;
use crate::sections::credits::CreditsPanel;
use crate::sections::share::ShareBar;
use crate::sections::workload::inputs::InputsPanel;
use crate::sections::workload::results::Results;
use crate::state::derived::provide_derived;
use crate::state::last_plan::{remember_last, restore_last};
use crate::state::{provide_app_state, AppState};
use crate::widgets::announce::LiveRegion;
use crate::widgets::section::{
    follow_hash, provide_sections, Collapsible, OpenSections, SectionNav,
};

/// The parts of the page, built in this order (see [`build_in_steps`]). First the plan's state and
/// its results (decoded, priced, the runway simulated), nothing shown yet.
const STATE: u8 = 0;
/// The first screen: header, navigation and the answers.
const FIRST_SCREEN: u8 = 1;
/// The calculator: the workload editor, its results, the side sections and the charts.
const CALCULATOR: u8 = 2;
/// The credits, the detail sections and the footer: the whole page.
const WHOLE_PAGE: u8 = 3;

/// The page as [`crate::lang::mount`] builds it (and rebuilds it after a switch of language or
/// currency).
pub fn page(in_steps: bool) -> AnyView {
    App(AppProps { in_steps }).into_any()
}

/// The page: reads the share link once, then keeps the link in step with the plan. `in_steps`:
/// build the first screen (header, navigation, answers) now and the rest in later tasks.
#[component]
pub fn App(in_steps: bool) -> impl IntoView {
    let catalog: &'static Catalog = match Catalog::builtin() {
        Ok(c) => Box::leak(Box::new(c)),
        Err(e) => {
            return view! { <main class="fatal-banner" role="alert" data-testid="fatal-error">{e.to_string()}</main> }.into_any();
        }
    };
    // The link, read once: its view keys first (the language and currency they ask for applied),
    // then the plan in that language. A link opens exactly its plan; no link reopens the last plan
    // from this browser.
    let query = browser::query_string();
    let mut decoded = runway_model::decode_link_opening(&query, catalog, crate::lang::open);
    crate::lang::complete(&mut decoded.view);
    let view_errors = decoded.view_errors.clone();
    let state = AppState::new(catalog, decoded);
    // A rebuild (language, currency) keeps the saved plan that was open, and the open sections.
    let carried = crate::lang::carried();
    state.saved_id.set(carried.saved_id);
    if query.trim_start_matches('?').is_empty() {
        if let Some(last) = restore_last() {
            state.load(last.decode(catalog));
            state.saved_id.set((!last.id.is_empty()).then_some(last.id));
            browser::replace_query(&state.link_query());
        } else {
            state.mark_example();
        }
    } else if !runway_model::query_has_plan(&query) {
        // A link with only view keys (`?lang=pt`, a language switch on the example) has no plan:
        // it opens the example. (A link from before jobs, `params=…&tokens=…`, opens as one
        // pretraining job; like every rewrite of the address bar, the new form is written on the
        // first edit.)
        state.mark_example();
    }
    provide_app_state(state);
    let derived = provide_derived(state);
    let write_link = sync_url(state);
    // The tab says which plan it holds: "Seed round plan — GPU Credit Runway" (text, never markup).
    let name = Memo::new(move |_| state.plan.with(|p| p.name.clone()));
    // The tab title of a plan without a name (`index.html` says the same in English before the
    // app runs).
    let page_title = tr!("app.page_title");
    Effect::new(move |_| {
        name.with(|n| {
            if n.is_empty() {
                browser::set_title(&page_title);
            } else {
                browser::set_title(&format!("{n} — {page_title}"));
            }
        })
    });
    let details = crate::details::provide_details();
    let sections = provide_sections();
    sections.open_all(&carried.open_sections);
    crate::lang::on_rebuild(move || crate::lang::Carried {
        saved_id: state.saved_id.try_get_untracked().flatten(),
        open_sections: sections.open_ids(),
    });
    let built = RwSignal::new(if in_steps { STATE } else { WHOLE_PAGE });
    if in_steps {
        // The results the first screen reads, computed in this task (memos compute when read).
        state.runway.with_untracked(|_| ());
        build_in_steps(built, sections, details);
    } else {
        // All of it in this task (a rebuild: the build's copy of the first screen, if still there,
        // goes in the same task).
        crate::lang::remove_first_screen_copy();
        request_animation_frame(move || follow_hash(sections));
        details.load();
    }
    let shows = move |part: u8| move || built.get() >= part;
    view! {
      <Show when=shows(FIRST_SCREEN)>
        // The first two Tab stops, hidden until they have the focus: past the header and the
        // navigation to the calculator's first field (issue 27, item 9: 22 presses before), and
        // past the calculator too (about 55 stops) to the form that adds a workload to the plan.
        <a class="skip-link" href="#workload" data-testid="skip-to-calculator" on:click=move |ev| {
            ev.prevent_default();
            crate::widgets::announce::focus_first_in("#workload");
        }>{tr!("focus.skip_to_calculator")}</a>
        <a class="skip-link" href="#add-workload" data-testid="skip-to-add-workload" on:click=move |ev| {
            ev.prevent_default();
            crate::widgets::announce::focus_test_id("new-work-type".to_string());
        }>{tr!("focus.skip_to_add")}</a>
        <header class="top">
            <div>
                <h1>"GPU Credit Runway"</h1>
                <p class="tagline">{tr!("app.tagline")}</p>
            </div>
            <div class="top-tools">
                <div class="view-prefs">
                    <LangSwitch view=state.view write_link=write_link />
                    <CurrencySwitch view=state.view write_link=write_link />
                </div>
                <ShareBar />
            </div>
            {view_errors.iter().map(|m| view! { <p class="link-note" role="alert" data-testid="view-error">{m.clone()}</p> }).collect_view()}
        </header>
        // A first visit's example and a stale link's day 0 come before the navigation: the
        // starting points are the first stops after the header (17 Tabs away before).
        <div class="page-notes"><crate::sections::example::ExamplePlan /><crate::sections::example::PastDay0 /></div>
        <SectionNav />
        <LiveRegion />
        // `data-built`: every part of the page is in the document (tests and benchmarks wait for it).
        <main class="layout" data-built=move || (built.get() >= WHOLE_PAGE).then_some("")>
            <section id="answers" class="panel answers" aria-label=tr!("app.answers")><AnswersPanel answers=derived.answers day0=state.day0 planned=state.grants catalog=state.catalog>
                // Beside the amounts it changes (not in the header: one stop more before the
                // starting points for every keyboard visit).
                <ExactSwitch write_link=write_link />
            </AnswersPanel></section>
            <Show when=shows(CALCULATOR)>
                <section id="workload" class="panel inputs" aria-label=tr!("app.inputs")><InputsPanel /></section>
                <div class="side-details">
                    <Collapsible id="advisor" class="panel advisor" title=tr!("sections.advisor.title") blurb=tr!("sections.advisor.blurb") detail=Detail::Advisor />
                    <Collapsible id="saved" class="panel saved" title=tr!("sections.saved.title") blurb=tr!("sections.saved.blurb") detail=Detail::Saved />
                </div>
                <section class="panel results" aria-label=tr!("app.results")><Results current=state.shown job=state.job /></section>
                <Collapsible id="charts" class="panel charts" title=tr!("sections.charts.title") blurb=tr!("sections.charts.blurb") detail=Detail::Charts />
            </Show>
            <Show when=shows(WHOLE_PAGE)>
                <section id="credits" class="panel credits" aria-label=tr!("app.credits")><CreditsPanel runway=state.runway plan_errors=state.plan_errors day0=state.day0 catalog=state.catalog /></section>
                <div class="details-grid">
                    <Collapsible id="hidden-costs" class="panel hidden" title=tr!("sections.hidden_costs.title") blurb=tr!("sections.hidden_costs.blurb") detail=Detail::HiddenCosts />
                    <Collapsible id="compare" class="panel compare" title=tr!("sections.compare.title") blurb=tr!("sections.compare.blurb") detail=Detail::Compare />
                    <Collapsible id="billing" class="panel billing" title=tr!("sections.billing.title") blurb=tr!("sections.billing.blurb") detail=Detail::Billing />
                </div>
            </Show>
        </main>
        <Show when=shows(WHOLE_PAGE)>
            <footer class="foot">
                <Collapsible id="glossary" class="glossary-panel" title=tr!("sections.glossary.title") blurb=tr!("sections.glossary.blurb") detail=Detail::Glossary />
                <p>{tr!("app.footer")}</p>
            </footer>
        </Show>
      </Show>
    }
    .into_any()
}

/// Builds the page one part a task ([`STATE`] .. [`WHOLE_PAGE`]), each after the browser has shown
/// the last, then follows the link's `#section`. Built in one task, a page held the main thread
/// 60-110 ms on a 2-core machine (half of it the engine compiling the wasm functions on their first
/// call) and its first frame waited for all of it. A hidden tab paints nothing: there the parts
/// follow each other in plain tasks.
fn build_in_steps(built: RwSignal<u8>, sections: OpenSections, details: crate::details::Details) {
    let next = move || {
        // The page was rebuilt meanwhile (language, currency): the new one builds itself.
        let Some(part) = built.try_get_untracked() else {
            return;
        };
        built.set(part + 1);
        if part + 1 == FIRST_SCREEN {
            crate::lang::remove_first_screen_copy();
        }
        if part + 1 < WHOLE_PAGE {
            build_in_steps(built, sections, details);
        } else {
            request_animation_frame(move || follow_hash(sections));
            // The detail sections' module, once the page is idle (a section opened meanwhile,
            // by its summary or the link's `#section`, has asked for it already).
            request_idle_callback(move || details.load());
        }
    };
    // Nothing to show before the first screen: no frame to wait for.
    if browser::page_hidden() || built.get_untracked() == STATE {
        set_timeout(next, Duration::ZERO);
    } else {
        request_animation_frame(move || set_timeout(next, Duration::ZERO));
    }
}

/// How long URL writes are coalesced. Chromium throttles a page that calls `history.replaceState`
/// more than about 100 times in 10 s, which a slider drag would otherwise reach.
const URL_WRITE_INTERVAL: Duration = Duration::from_millis(150);

/// Keeps the query string (and the last-open plan in storage) in step with the plan: rewritten in
/// place (no history entry). A change after a quiet spell is written at once, so an edit followed
/// by a reload is kept; changes in quick succession (a slider drag) are written at most once per
/// [`URL_WRITE_INTERVAL`], always ending on the latest plan; and whatever is pending is written
/// when the page is hidden or closed (`pagehide`, `visibilitychange`). Nothing is written until
/// the first change, so a link with rejected values keeps showing them until the user edits
/// something.
///
/// Returns the write itself, for a change that must reach the address bar now (a language switch
/// rebuilds the page from it).
fn sync_url(state: AppState) -> impl Fn() + Copy + Send + Sync + 'static {
    // What the address bar and storage last got (at first, what the page opened with): a change
    // that leaves the link and the open scenario as they were writes nothing.
    let written = StoredValue::new((state.link_query(), state.saved_id.get_untracked()));
    let last_write: StoredValue<Option<f64>> = StoredValue::new(None);
    let scheduled = StoredValue::new(false);
    let flush = move || {
        // A write scheduled before the page was rebuilt (language, currency) has nothing to do:
        // the rebuilt page writes its own.
        if !state.is_alive() {
            return;
        }
        // Encoded here, at most once per interval, never inside an edit's update.
        let now = (state.link_query(), state.saved_id.get_untracked());
        if written.with_value(|w| *w != now) {
            browser::replace_query(&now.0);
            remember_last(state);
            written.set_value(now);
            last_write.set_value(Some(browser::now_ms()));
        }
    };
    Effect::new(move |previous: Option<()>| {
        state.track_plan();
        // Saving or opening a scenario changes which one is open: remember that too.
        state.saved_id.track();
        if previous.is_none() || scheduled.get_value() {
            // The first run only subscribes; a scheduled write takes the newest plan.
            return;
        }
        let interval = URL_WRITE_INTERVAL.as_secs_f64() * 1000.0;
        let since = last_write
            .get_value()
            .map_or(f64::INFINITY, |t| browser::now_ms() - t);
        // After a quiet spell, at once: a reload straight after the edit (a navigation that reads
        // the address bar as it is then) must find it there. In quick succession (a slider drag,
        // typing), at most once per interval, off the edit's update.
        if since >= interval {
            flush();
            return;
        }
        let wait = (interval - since).clamp(0.0, interval);
        scheduled.set_value(true);
        set_timeout(
            move || {
                // Rebuilt meanwhile (language, currency): the new page keeps its own link.
                if scheduled.try_set_value(false).is_none() {
                    flush();
                }
            },
            Duration::from_micros((wait * 1000.0) as u64),
        );
    });
    // A reload, a closed tab or a switch to another app must not lose the last edit.
    for event in ["pagehide", "visibilitychange"] {
        let listener = window_event_listener_untyped(event, move |_| flush());
        on_cleanup(move || listener.remove());
    }
    flush
}
