//! The plan a visit without a link opens: the last one open, kept in the browser's storage.

use leptos::prelude::*;
use runway_model::{
    clean_text, decode_plan_file, plan_query, PlanFile, SavedPlan, MAX_NAME, MAX_NOTE,
};

use crate::platform::storage::{self, StorageProblem};
use crate::state::AppState;

/// Keeps the open plan for the next visit without a link (coalesced with the URL write).
pub fn remember_last(state: AppState) {
    // Back on the untouched example (an undo): the next visit opens the example too.
    if state.is_example.get_untracked() {
        storage::remove(storage::LAST_KEY);
        return;
    }
    let s = SavedPlan {
        id: state.saved_id.get_untracked().unwrap_or_default(),
        name: state.plan.with_untracked(|p| clean_text(&p.name, MAX_NAME)),
        note: state.plan.with_untracked(|p| clean_text(&p.note, MAX_NOTE)),
        modified_ms: storage::now_ms(),
        plan: state.plan.with_untracked(plan_query),
    };
    // Storage being off or full is reported by the panel; the link still holds the plan.
    let _: Result<(), StorageProblem> = storage::write(storage::LAST_KEY, &PlanFile::new(&s));
}

/// The plan to open when the page has no query string: the last one, if storage has it.
pub fn restore_last() -> Option<SavedPlan> {
    let raw = storage::read(storage::LAST_KEY).ok().flatten()?;
    match decode_plan_file(&raw) {
        Ok(s) => Some(s),
        Err(_) => {
            // Not readable: keep it aside rather than lose it, and start from defaults.
            let _ = storage::back_up(&raw);
            None
        }
    }
}
