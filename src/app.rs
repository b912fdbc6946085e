use leptos::prelude::*;
use runway_model::Catalog;
use std::time::Duration;

use crate::browser;
use crate::state::{provide_app_state, AppState};
use crate::ui::advisor::AdvisorPanel;
use crate::ui::announce::LiveRegion;
use crate::ui::answers::AnswersPanel;
use crate::ui::billing::BillingPanel;
use crate::ui::charts::Charts;
use crate::ui::compare::ComparePanel;
use crate::ui::credits::CreditsPanel;
use crate::ui::hidden_costs::HiddenCostsPanel;
use crate::ui::inputs::InputsPanel;
use crate::ui::results::Results;
use crate::ui::scenarios::{remember_last, restore_last, ScenariosPanel};
use crate::ui::section::{provide_sections, Collapsible, SectionNav};
use crate::ui::share::ShareBar;

/// The tab title of a plan without a name (`index.html` says the same before the app runs).
const PAGE_TITLE: &str = "GPU Credit Runway — training cost calculator";

/// The page: reads the share link once, then keeps the link in step with the plan.
#[component]
pub fn App() -> impl IntoView {
    let catalog: &'static Catalog = match Catalog::builtin() {
        Ok(c) => Box::leak(Box::new(c)),
        Err(e) => {
            return view! { <main class="fatal-banner" role="alert" data-testid="fatal-error">{e.to_string()}</main> }.into_any();
        }
    };
    // A link opens exactly its plan; no link reopens the last plan from this browser.
    let query = browser::query_string();
    let state = if query.trim_start_matches('?').is_empty() {
        let state = AppState::from_query(catalog, "");
        if let Some(last) = restore_last() {
            state.load(last.decode(catalog));
            state.saved_id.set((!last.id.is_empty()).then_some(last.id));
            browser::replace_query(&state.link_query());
        }
        state
    } else {
        // A link from before jobs (`params=…&tokens=…`) opens as one pretraining job; like every
        // rewrite of the address bar, the new form is written on the first edit.
        AppState::from_query(catalog, &query)
    };
    provide_app_state(state);
    sync_url(state);
    // The tab says which plan it holds: "Seed round plan — GPU Credit Runway" (text, never markup).
    let name = Memo::new(move |_| state.plan.with(|p| p.name.clone()));
    Effect::new(move |_| {
        name.with(|n| {
            if n.is_empty() {
                browser::set_title(PAGE_TITLE);
            } else {
                browser::set_title(&format!("{n} — {PAGE_TITLE}"));
            }
        })
    });
    provide_sections();
    view! {
        <header class="top">
            <div>
                <h1>"GPU Credit Runway"</h1>
                <p class="tagline">"What your plan costs, which credits pay for it and when cash starts, with every figure sourced. Nothing leaves your browser."</p>
            </div>
            <ShareBar />
        </header>
        <SectionNav />
        <LiveRegion />
        <main class="layout">
            <section id="answers" class="panel answers" aria-label="Answers"><AnswersPanel /></section>
            <section id="workload" class="panel inputs" aria-label="Inputs"><InputsPanel /></section>
            <div class="side-details">
                <Collapsible id="advisor" class="panel advisor" title="Which credits fit" blurb="Programs ranked for this plan, with reasons">
                    <AdvisorPanel />
                </Collapsible>
                <Collapsible id="saved" class="panel saved" title="Your plans" blurb="Save, open, duplicate; export and import files">
                    <ScenariosPanel />
                </Collapsible>
            </div>
            <section class="panel results" aria-label="Results"><Results /></section>
            <Collapsible id="charts" class="panel charts" title="Cost charts" blurb="Cost against MFU; the same run at every provider">
                <div class="charts-grid"><Charts /></div>
            </Collapsible>
            <section id="credits" class="panel credits" aria-label="Credits and runway"><CreditsPanel /></section>
            <div class="details-grid">
                <Collapsible id="hidden-costs" class="panel hidden" title="Hidden costs" blurb="Network, failures and checkpoints, storage, egress, memory">
                    <HiddenCostsPanel />
                </Collapsible>
                <Collapsible id="compare" class="panel compare" title="Train or fine-tune?" blurb="Side by side: pretraining, continued pretraining, fine-tunes">
                    <ComparePanel />
                </Collapsible>
                <Collapsible id="billing" class="panel billing" title="Billing modes and break-evens" blurb="On-demand, reserved, spot, serverless; self-hosting against an API; what $X buys">
                    <BillingPanel />
                </Collapsible>
            </div>
        </main>
        <footer class="foot">
            <p>
                "Compute model: C = 6·N·D FLOPs; GPU-hours = C / (dense bf16 peak · MFU); 730 billed hours a month. "
                "Prices are list prices with their source and date; they age fast, so override with your own rate. "
                "The link holds the whole plan (every key is listed in the README under \"Share links\"); which sections are open is not part of it."
            </p>
        </footer>
    }
    .into_any()
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
fn sync_url(state: AppState) {
    // What the address bar and storage last got (at first, what the page opened with): a change
    // that leaves the link and the open scenario as they were writes nothing.
    let written = StoredValue::new((state.link_query(), state.saved_id.get_untracked()));
    let last_write: StoredValue<Option<f64>> = StoredValue::new(None);
    let scheduled = StoredValue::new(false);
    let flush = move || {
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
                scheduled.set_value(false);
                flush();
            },
            Duration::from_micros((wait * 1000.0) as u64),
        );
    });
    // A reload, a closed tab or a switch to another app must not lose the last edit.
    for event in ["pagehide", "visibilitychange"] {
        let listener = window_event_listener_untyped(event, move |_| flush());
        on_cleanup(move || listener.remove());
    }
}
