//! The example a first visit opens, said to be one (issue 27, item 2): what it holds, starting
//! points that replace it in one step, and the undo that puts it back.

use leptos::prelude::*;
use runway_model::{decode_link, tr, Starter};

use crate::state::{use_app_state, AppState, ExampleNote, Snapshot};
use crate::widgets::announce::{focus_test_id, Announcer};

/// Above the answers: on the untouched example, what it is and the starting points; after a
/// starting point replaced it, the undo.
#[component]
pub fn ExamplePlan() -> impl IntoView {
    let state = use_app_state();
    let announcer = Announcer::get();
    let start = move |s: Starter| {
        let before = state.snapshot();
        state.load(decode_link(&s.query(), state.catalog));
        let text = tr!("example.started", name = s.label());
        announcer.say(format!("{text} {}", tr!("example.undo_hint")));
        state.example_note.set(Some(ExampleNote {
            text,
            at_form: false,
            before,
            after: state.snapshot(),
        }));
        // The buttons are gone with the example: the keyboard goes to the note that says what
        // replaced it, its undo one Tab further (on the undo itself, one more Enter threw the new
        // plan away: the founder review).
        focus_test_id("example-replaced".to_string());
    };
    let what = move || {
        state.plan.with(|p| {
            p.nth::<runway_model::Job>(0).map(|j| {
                tr!(
                    "workloads.job_title",
                    title = j.title(),
                    gpus = j.gpus,
                    gpu = state.catalog.accelerator_name(&j.accelerator_id),
                    provider = state.catalog.provider_name(&j.provider_id)
                )
            })
        })
    };
    let banner = move || {
        state.is_example.get().then(|| {
            let buttons = Starter::ALL
                .into_iter()
                .map(|s| {
                    view! {
                        <button type="button" class="starter" data-testid=format!("starter-{}", s.key()) on:click=move |_| start(s)>{s.label()}</button>
                    }
                })
                .collect_view();
            view! {
                <div class="example-plan" data-testid="example-plan" role="note">
                    <p><strong>{tr!("example.title")}</strong>" "{move || what().map(|w| tr!("example.what", what = w))}</p>
                    <p class="example-start">{tr!("example.start_from")}</p>
                    <div class="starters">{buttons}</div>
                    <p class="hint">{tr!("example.or_add")}</p>
                </div>
            }
        })
    };
    view! {
        {banner}
        <ExampleUndo state=state at_form=false />
    }
}

/// The note that the example was replaced, with its undo, while the page holds what replaced it.
#[component]
pub fn ExampleUndo(state: AppState, at_form: bool) -> impl IntoView {
    let announcer = Announcer::get();
    let shown = Memo::new(move |_| {
        state.example_note.with(|n| {
            n.as_ref()
                .filter(|n| n.at_form == at_form && state.holds(&n.after))
                .map(|n| n.text.clone())
        })
    });
    // Any other edit ends the undo (it would drop that edit).
    Effect::new(move |_| {
        if shown.with(Option::is_none)
            && state
                .example_note
                .with_untracked(|n| n.as_ref().is_some_and(|n| n.at_form == at_form))
        {
            state.example_note.set(None);
        }
    });
    let undo = move |_| {
        let Some(note) = state.example_note.try_update(Option::take).flatten() else {
            return;
        };
        state.restore(note.before);
        announcer.say(tr!("example.restored"));
        focus_test_id("starter-finetune-serve".to_string());
    };
    let id = if at_form {
        "example-replaced-form"
    } else {
        "example-replaced"
    };
    move || {
        shown.get().map(|text| {
            view! {
                <p class="undo no-print" data-testid=id>{text}" "
                    <button type="button" data-testid=format!("{id}-undo") on:click=undo>{tr!("example.undo")}</button>
                </p>
            }
        })
    }
}

/// A plan whose day 0 has passed (a link opened days after it was shared): says so, and moves
/// day 0 to today in one action, with an undo (issue 27, item 5).
#[component]
pub fn PastDay0() -> impl IntoView {
    let state = use_app_state();
    let announcer = Announcer::get();
    let today = crate::platform::browser::today();
    // Days since day 0, when it is before today.
    let behind = Memo::new(move |_| {
        let t0 = state.day0.with(|d| d.0)?;
        let n = t0.days_until(today?);
        (n > 0).then_some((t0, n))
    });
    let moved = RwSignal::new(None::<(Snapshot, Snapshot)>);
    let move_day0 = move |_| {
        let Some(today) = today else {
            return;
        };
        let before = state.snapshot();
        state.plan.update(|p| p.t0 = Some(today));
        moved.set(Some((before, state.snapshot())));
        announcer.say(tr!("day0.moved", date = today.human()));
        // The note that says so takes the keyboard, its Undo one Tab further: on the Undo itself,
        // one more Enter put day 0 back (issue 47).
        focus_test_id("day0-moved".to_string());
    };
    let undo = move |_| {
        if let Some((before, _)) = moved.try_update(Option::take).flatten() {
            state.restore(before);
            announcer.say(tr!("day0.restored"));
            focus_test_id("move-day0-today".to_string());
        }
    };
    let undoable = move || moved.with(|m| m.as_ref().is_some_and(|(_, after)| state.holds(after)));
    move || {
        if let Some((t0, n)) = behind.get() {
            let days = if n == 1 {
                tr!("day0.one_day")
            } else {
                tr!("day0.days", n = n)
            };
            Some(view! {
                <div class="day0-past" data-testid="day0-past" role="note" data-value=n>
                    <p>{tr!("day0.past", date = t0.human(), ago = days)}" "
                        <button type="button" data-testid="move-day0-today" on:click=move_day0>{tr!("day0.move")}</button>
                    </p>
                </div>
            }
            .into_any())
        } else if undoable() {
            Some(view! {
                <p class="undo no-print" data-testid="day0-moved">{tr!("day0.moved_note")}" "
                    <button type="button" data-testid="day0-moved-undo" on:click=undo>{tr!("day0.undo")}</button>
                </p>
            }
            .into_any())
        } else {
            None
        }
    }
}
