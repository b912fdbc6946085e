use leptos::prelude::*;
use runway_model::{
    clean_text, decode_link, decode_plan_file, encode_plan_file, plan_calendar, plan_query,
    results_csv, tr, typed_text, usd, Catalog, Library, SavedPlan, MAX_NAME, MAX_NOTE,
};
use wasm_bindgen::JsCast;

use crate::platform::storage::{self, StoredLibrary};
use crate::state::{use_app_state, AppState};
use crate::widgets::announce::{focus_test_id, Announcer};

/// The saved-scenario library as the page sees it.
#[derive(Clone, Copy)]
struct Saved {
    library: RwSignal<Library>,
    /// Set when the stored library could not be read as a whole: saving is off until the founder
    /// starts a new library (the old text stays in its backup).
    locked: RwSignal<Option<String>>,
    /// Storage problems and what was done about them.
    notice: RwSignal<Option<String>>,
    /// The last deleted scenario, for undo.
    deleted: RwSignal<Option<SavedPlan>>,
    /// The scenario being renamed.
    renaming: RwSignal<Option<String>>,
    /// What went wrong with the last import.
    import_error: RwSignal<Option<String>>,
    /// Short confirmation of the last action.
    status: RwSignal<String>,
}

impl Saved {
    /// Re-reads storage (on start and when another tab writes).
    fn refresh(self) {
        match storage::read_library() {
            Ok(StoredLibrary::Ok {
                library,
                problems,
                raw,
            }) => {
                if let (Some(first), Some(raw)) = (problems.first(), raw) {
                    let n = problems.len();
                    self.notice.set(Some(match storage::back_up(&raw) {
                        Ok(key) => tr!("scenarios.left_out_kept", n = n, first = first, key = key),
                        Err(e) => tr!(
                            "scenarios.left_out_not_kept",
                            n = n,
                            first = first,
                            problem = e.message()
                        ),
                    }));
                }
                self.locked.set(None);
                self.library.set(library);
            }
            Ok(StoredLibrary::Unreadable { raw, error }) => {
                self.locked.set(Some(match storage::back_up(&raw) {
                    Ok(key) => tr!("scenarios.unreadable_kept", error = error, key = key),
                    Err(e) => tr!(
                        "scenarios.unreadable_not_kept",
                        error = error,
                        problem = e.message()
                    ),
                }));
                self.library.set(Library::default());
            }
            Err(e) => self.notice.set(Some(e.message())),
        }
    }

    /// Changes the stored library: re-read (so another tab's scenarios are kept), change, write.
    /// False when nothing was written.
    fn mutate(self, change: impl FnOnce(&mut Library)) -> bool {
        if self.locked.with_untracked(Option::is_some) {
            return false;
        }
        let mut library = match storage::read_library() {
            Ok(StoredLibrary::Ok { library, .. }) => library,
            Ok(StoredLibrary::Unreadable { .. }) => {
                self.refresh();
                return false;
            }
            Err(e) => {
                self.notice.set(Some(e.message()));
                return false;
            }
        };
        change(&mut library);
        match storage::write(storage::LIBRARY_KEY, &library) {
            Ok(()) => {
                self.library.set(library);
                true
            }
            Err(e) => {
                self.notice.set(Some(e.message()));
                false
            }
        }
    }
}

/// One row of the list: what it is, and what it costs.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    id: String,
    name: String,
    note: String,
    modified: String,
    total: String,
    runway: String,
}

fn summarize(s: &SavedPlan, catalog: &Catalog) -> Row {
    let (total, runway) = match s.runway(catalog) {
        Some((r, t0)) => (
            usd(r.total_spend_usd),
            r.runway_end_day.map_or_else(
                || tr!("scenarios.no_cash_needed"),
                |day| match t0.or_else(crate::platform::browser::today) {
                    Some(t0) => tr!("scenarios.cash_from_date", date = t0.plus(day)),
                    None => tr!("scenarios.cash_from_day", day = day),
                },
            ),
        ),
        None => ("—".into(), "—".into()),
    };
    Row {
        id: s.id.clone(),
        name: s.name.clone(),
        note: s.note.chars().take(120).collect(),
        modified: storage::format_time(s.modified_ms),
        total,
        runway,
    }
}

/// Saved scenarios (browser storage), exports (JSON, CSV, print) and imports (file or link).
#[component]
pub fn SavedPlansPanel() -> impl IntoView {
    let state = use_app_state();
    let saved = Saved {
        library: RwSignal::new(Library::default()),
        locked: RwSignal::new(None),
        notice: RwSignal::new(None),
        deleted: RwSignal::new(None),
        renaming: RwSignal::new(None),
        import_error: RwSignal::new(None),
        status: RwSignal::new(String::new()),
    };
    saved.refresh();
    // Another tab saved, renamed or deleted: show its list (writes always re-read first).
    let listener = window_event_listener(leptos::ev::storage, move |ev| {
        if ev.key().as_deref() == Some(storage::LIBRARY_KEY) {
            saved.refresh();
        }
    });
    on_cleanup(move || listener.remove());
    let announcer = Announcer::get();
    // The list is rebuilt whenever the library changes, so the button that had the focus is gone:
    // the focus goes to `control` of the plan with this id, wherever it now is in the list.
    let focus_row = move |control: &'static str, id: &str| {
        if let Some(i) = saved
            .library
            .with_untracked(|l| l.scenarios.iter().position(|s| s.id == id))
        {
            focus_test_id(format!("{control}-{i}"));
        }
    };

    let save = move |as_new: bool| {
        let (name, note) = state
            .plan
            .with_untracked(|p| (clean_text(&p.name, MAX_NAME), clean_text(&p.note, MAX_NOTE)));
        let name = if name.is_empty() {
            tr!("scenarios.untitled")
        } else {
            name
        };
        let id = state
            .saved_id
            .get_untracked()
            .filter(|_| !as_new)
            .unwrap_or_else(storage::new_id);
        let scenario = SavedPlan {
            id: id.clone(),
            name: name.clone(),
            note,
            modified_ms: storage::now_ms(),
            plan: record_plan(state),
        };
        if saved.mutate(|lib| lib.upsert(scenario)) {
            state.saved_id.set(Some(id));
            saved.status.set(tr!("scenarios.saved_as", name = name));
        }
    };
    let open = move |id: String| {
        let Some(s) = saved.library.with_untracked(|l| l.get(&id).cloned()) else {
            return;
        };
        state.load(s.decode(state.catalog));
        state.saved_id.set(Some(id));
        saved.status.set(tr!("scenarios.opened", name = s.name));
        show_as_saved(state, &s.plan);
    };
    let new_plan = move |_| {
        state.load(decode_link("", state.catalog));
        state.saved_id.set(None);
        saved.status.set(tr!("scenarios.new_from_defaults_done"));
    };
    let duplicate = move |id: String| {
        let copy = saved.library.with_untracked(|l| l.get(&id).cloned());
        if let Some(mut s) = copy {
            s.id = storage::new_id();
            s.name = tr!("scenarios.copy_name", name = s.name)
                .chars()
                .take(MAX_NAME)
                .collect();
            s.modified_ms = storage::now_ms();
            let name = s.name.clone();
            if saved.mutate(|lib| lib.upsert(s)) {
                saved
                    .status
                    .set(tr!("scenarios.duplicated_as", name = name));
                announcer.say(tr!("focus.plan_duplicated", name = name));
                focus_row("duplicate-saved", &id);
            }
        }
    };
    let delete = move |id: String| {
        let at = saved
            .library
            .with_untracked(|l| l.scenarios.iter().position(|s| s.id == id));
        let mut removed = None;
        if saved.mutate(|lib| removed = lib.remove(&id)) {
            if state.saved_id.get_untracked().as_deref() == Some(id.as_str()) {
                state.saved_id.set(None);
            }
            if let Some(s) = &removed {
                announcer.say(tr!("focus.plan_deleted", name = s.name));
            }
            saved.deleted.set(removed);
            // The plan now in its place (else the one before) takes the focus on its own Delete
            // button; an empty list leaves Undo as the one thing to do.
            let left = saved.library.with_untracked(|l| l.scenarios.len());
            focus_test_id(match (at, left) {
                (_, 0) => "undo-delete".to_string(),
                (Some(i), n) => format!("delete-saved-{}", i.min(n - 1)),
                (None, _) => "undo-delete".to_string(),
            });
        }
    };
    let undo = move |_| {
        if let Some(s) = saved.deleted.get_untracked() {
            let (id, name) = (s.id.clone(), s.name.clone());
            if saved.mutate(|lib| lib.upsert(s)) {
                saved.deleted.set(None);
                // Undo is gone with the note it was in: back to the restored plan's Delete button,
                // where the keyboard was before the delete.
                announcer.say(tr!("focus.plan_restored", name = name));
                focus_row("delete-saved", &id);
            }
        }
    };
    let rename = move |id: String, name: String| {
        let name = clean_text(&name, MAX_NAME);
        if name.is_empty() {
            announcer.say(tr!("focus.rename_empty"));
            return;
        }
        let renamed = saved.mutate(|lib| {
            if let Some(mut s) = lib.get(&id).cloned() {
                s.name = name.clone();
                s.modified_ms = storage::now_ms();
                lib.upsert(s);
            }
        });
        if renamed {
            saved.renaming.set(None);
            announcer.say(tr!("focus.renamed", name = name));
            if state.saved_id.get_untracked().as_deref() == Some(id.as_str()) {
                state.plan.update(|p| p.name = name);
            }
            // The field and its Save button are gone: back to the plan's Rename button.
            focus_row("rename-saved", &id);
        }
    };
    // Escape or Cancel: the name stays as it was, and the focus goes back to Rename.
    let cancel_rename = move |id: String| {
        saved.renaming.set(None);
        let name = saved
            .library
            .with_untracked(|l| l.get(&id).map(|s| s.name.clone()))
            .unwrap_or_default();
        announcer.say(tr!("focus.rename_cancelled", name = name));
        focus_row("rename-saved", &id);
    };
    let reset_library = move |_| {
        // The unreadable text is already in its backup key.
        match storage::write(storage::LIBRARY_KEY, &Library::default()) {
            Ok(()) => {
                saved.locked.set(None);
                saved.library.set(Library::default());
                saved.status.set(tr!("scenarios.library_reset"));
            }
            Err(e) => saved.notice.set(Some(e.message())),
        }
    };

    let rows = Memo::new(move |_| {
        saved.library.with(|l| {
            l.scenarios
                .iter()
                .map(|s| summarize(s, state.catalog))
                .collect::<Vec<_>>()
        })
    });
    let list = move || {
        rows.with(|rows| {
            if rows.is_empty() {
                return view! { <p class="saved-empty" data-testid="saved-empty">{tr!("scenarios.empty")}</p> }.into_any();
            }
            let items = rows
                .iter()
                .enumerate()
                .map(|(i, row)| {
                    let id = row.id.clone();
                    let is_open = {
                        let id = id.clone();
                        move || state.saved_id.with(|s| s.as_deref() == Some(id.as_str()))
                    };
                    let renaming = {
                        let id = id.clone();
                        move || saved.renaming.with(|r| r.as_deref() == Some(id.as_str()))
                    };
                    let name_view = {
                        let (id, name) = (id.clone(), row.name.clone());
                        move || {
                            if renaming() {
                                let draft = RwSignal::new(name.clone());
                                let id2 = id.clone();
                                let id3 = id.clone();
                                let id4 = id.clone();
                                view! {
                                    <input type="text" class="rename" maxlength="80" aria-label=tr!("scenarios.rename_label") data-testid=format!("rename-input-{i}") prop:value=draft
                                        on:input=move |ev| draft.set(event_target_value(&ev))
                                        on:keydown=move |ev| match ev.key().as_str() {
                                            "Enter" => rename(id2.clone(), draft.get_untracked()),
                                            "Escape" => cancel_rename(id2.clone()),
                                            _ => {}
                                        } />
                                    <button type="button" data-testid=format!("rename-save-{i}") on:click=move |_| rename(id3.clone(), draft.get_untracked())>{tr!("scenarios.save_name")}</button>
                                    <button type="button" class="link-button" data-testid=format!("rename-cancel-{i}") aria-label=tr!("focus.cancel_rename_label", name = name.clone())
                                        on:click=move |_| cancel_rename(id4.clone())>{tr!("focus.cancel_rename")}</button>
                                }.into_any()
                            } else {
                                view! { <strong class="saved-name" data-testid=format!("saved-name-{i}")>{name.clone()}</strong> }.into_any()
                            }
                        }
                    };
                    let (o, r, d, x) = (id.clone(), id.clone(), id.clone(), id.clone());
                    view! {
                        <li data-testid=format!("saved-{i}") class:open=is_open>
                            <div class="saved-head">
                                {name_view}
                                <span class="saved-meta">{format!("{} · {} · {}", row.total, row.runway, row.modified)}</span>
                            </div>
                            {(!row.note.is_empty()).then(|| view! { <p class="saved-note" data-testid=format!("saved-note-{i}")>{row.note.clone()}</p> })}
                            <div class="saved-actions">
                                <button type="button" data-testid=format!("open-saved-{i}") on:click=move |_| open(o.clone())>{tr!("scenarios.open")}</button>
                                <button type="button" class="link-button" data-testid=format!("rename-saved-{i}") on:click=move |_| {
                                    saved.renaming.set(Some(r.clone()));
                                    // The name became a text field: the keyboard goes into it.
                                    focus_test_id(format!("rename-input-{i}"));
                                }>{tr!("scenarios.rename")}</button>
                                <button type="button" class="link-button" data-testid=format!("duplicate-saved-{i}") on:click=move |_| duplicate(d.clone())>{tr!("scenarios.duplicate")}</button>
                                <button type="button" class="link-button" data-testid=format!("delete-saved-{i}") on:click=move |_| delete(x.clone())>{tr!("scenarios.delete")}</button>
                            </div>
                        </li>
                    }
                })
                .collect_view();
            view! { <ul class="saved-list">{items}</ul> }.into_any()
        })
    };

    view! {
        <h2>{tr!("scenarios.heading")}</h2>
        <div class="scenario-bar">
            <label class="visually-hidden" for="scenario-name">{tr!("scenarios.name_label")}</label>
            <input id="scenario-name" class="typed" type="text" maxlength="80" placeholder=tr!("scenarios.name_placeholder") data-testid="scenario-name"
                prop:value=move || state.plan.with(|p| p.name.clone())
                on:input=move |ev| {
                    // Kept as typed (spaces included); trimmed when saved or put in the link.
                    let name = typed_text(&event_target_value(&ev), MAX_NAME);
                    state.plan.update(|p| p.name = name);
                } />
            <button type="button" data-testid="save-scenario" on:click=move |_| save(false)>{tr!("scenarios.save")}</button>
            <button type="button" data-testid="save-scenario-new" on:click=move |_| save(true)>{tr!("scenarios.save_as_new")}</button>
            <button type="button" data-testid="new-scenario" on:click=new_plan>{tr!("scenarios.new_from_defaults")}</button>
            <span class="share-status" role="status" data-testid="scenario-status">{move || saved.status.get()}</span>
        </div>
        <label class="visually-hidden" for="scenario-note">{tr!("scenarios.note_label")}</label>
        <textarea id="scenario-note" rows="2" maxlength="2000" placeholder=tr!("scenarios.note_placeholder") data-testid="scenario-note"
            prop:value=move || state.plan.with(|p| p.note.clone())
            on:input=move |ev| {
                let note = typed_text(&event_target_value(&ev), MAX_NOTE);
                state.plan.update(|p| p.note = note);
            }></textarea>
        {move || saved.notice.get().map(|n| view! { <p class="warning" role="alert" data-testid="storage-notice">{n}</p> })}
        {move || saved.locked.get().map(|n| view! {
            <p class="warning" role="alert" data-testid="storage-locked">{n}" "
                <button type="button" data-testid="reset-library" on:click=reset_library>{tr!("scenarios.start_new_library")}</button>
            </p>
        })}
        {move || saved.deleted.get().map(|s| view! {
            <p class="undo">{tr!("scenarios.deleted", name = s.name)}" "
                <button type="button" data-testid="undo-delete" on:click=undo>{tr!("scenarios.undo")}</button>
            </p>
        })}
        {list}
        <ExportImport saved=saved />
    }
}

/// Download the plan (JSON) and results (CSV), print, and import a file or a link.
#[component]
fn ExportImport(saved: Saved) -> impl IntoView {
    let state = use_app_state();
    let current = move || SavedPlan {
        id: state
            .saved_id
            .get_untracked()
            .unwrap_or_else(storage::new_id),
        name: state.plan.with_untracked(|p| clean_text(&p.name, MAX_NAME)),
        note: state.plan.with_untracked(|p| clean_text(&p.note, MAX_NOTE)),
        modified_ms: storage::now_ms(),
        plan: record_plan(state),
    };
    let export_json = move |_| {
        let s = current();
        let name = format!("{}.json", storage::file_stem(&s.name));
        if let Err(e) = storage::download(&name, "application/json", &encode_plan_file(&s)) {
            saved.status.set(tr!("scenarios.export_failed", error = e));
        }
    };
    let export_csv = move |_| {
        let csv = csv_report(state);
        let name = state
            .plan
            .with_untracked(|p| format!("{}.csv", storage::file_stem(&p.name)));
        match csv {
            Some(csv) => {
                if let Err(e) = storage::download(&name, "text/csv", &csv) {
                    saved.status.set(tr!("scenarios.export_failed", error = e));
                }
            }
            None => saved.status.set(tr!("scenarios.nothing_to_export")),
        }
    };
    let export_ics = move |_| {
        let plan = state.plan.get_untracked();
        // The share link of the plan, as the share box shows it.
        let href = crate::platform::browser::current_href();
        let base = href.split(['?', '#']).next().unwrap_or_default();
        let url = format!("{base}?{}", state.link_query());
        let now_s = (storage::now_ms() / 1000.0).floor() as i64;
        let ics = state.runway.with_untracked(|r| {
            r.as_ref()
                .map(|r| plan_calendar(&plan, r, state.catalog, &url, now_s))
        });
        match ics {
            Some(Ok(text)) => {
                let name = runway_model::file_name(&plan.name);
                if let Err(e) = storage::download(&name, "text/calendar", &text) {
                    saved.status.set(tr!("scenarios.export_failed", error = e));
                }
            }
            Some(Err(e)) => saved.status.set(e.to_string()),
            None => saved.status.set(tr!("scenarios.nothing_to_export")),
        }
    };
    let import_file = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        input.set_value("");
        let file_name = file.name();
        if file.size() > 1_048_576.0 {
            saved
                .import_error
                .set(Some(tr!("scenarios.file_too_large", file = file_name)));
            return;
        }
        leptos::task::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text())
                .await
                .ok()
                .and_then(|t| t.as_string());
            let Some(text) = text else {
                saved
                    .import_error
                    .set(Some(tr!("scenarios.file_unreadable", file = file_name)));
                return;
            };
            match decode_plan_file(&text) {
                Ok(mut s) => {
                    saved.import_error.set(None);
                    if saved.library.with_untracked(|l| l.get(&s.id).is_some()) {
                        s.id = storage::new_id();
                    }
                    let id = s.id.clone();
                    state.load(s.decode(state.catalog));
                    // Imported plans are kept when storage works; the page shows them either way.
                    let kept = saved.mutate(|lib| lib.upsert(s.clone()));
                    state.saved_id.set(kept.then_some(id));
                    saved.status.set(tr!("scenarios.imported", name = s.name));
                    show_as_saved(state, &s.plan);
                }
                Err(e) => saved.import_error.set(Some(format!("{file_name}: {e}"))),
            }
        });
    };
    let link_text = RwSignal::new(String::new());
    let open_link = move |_| {
        let text = link_text.get_untracked();
        let text = text.trim();
        let query = match text.split_once('?') {
            Some((_, q)) => Some(q.split('#').next().unwrap_or_default()),
            None if text.contains('=') => Some(text),
            None => None,
        };
        match query {
            Some(q) => {
                saved.import_error.set(None);
                state.load(decode_link(q, state.catalog));
                state.saved_id.set(None);
                saved.status.set(tr!("scenarios.opened_link"));
            }
            None => saved.import_error.set(Some(tr!("scenarios.not_a_link"))),
        }
    };
    view! {
        <div class="export-import">
            <button type="button" data-testid="export-json" on:click=export_json>{tr!("scenarios.download_json")}</button>
            <button type="button" data-testid="export-csv" on:click=export_csv>{tr!("scenarios.download_csv")}</button>
            <button type="button" data-testid="export-ics" on:click=export_ics title=tr!("scenarios.calendar_title")>{tr!("scenarios.add_to_calendar")}</button>
            <button type="button" data-testid="print-report" on:click=|_| storage::print()>{tr!("scenarios.print_report")}</button>
            <label class="file-button">{tr!("scenarios.import_file")}" "
                <input type="file" accept=".json,application/json" data-testid="import-file" on:change=import_file />
            </label>
            <span class="paste-link">
                <label class="visually-hidden" for="import-link">{tr!("scenarios.paste_label")}</label>
                <input id="import-link" class="typed" type="text" placeholder=tr!("scenarios.paste_placeholder") data-testid="import-link"
                    prop:value=link_text on:input=move |ev| link_text.set(event_target_value(&ev)) />
                <button type="button" data-testid="open-link" on:click=open_link>{tr!("scenarios.open_link")}</button>
            </span>
        </div>
        {move || saved.import_error.get().map(|e| view! { <p class="field-error" role="alert" data-testid="import-error">{e}</p> })}
    }
}

/// The current plan for a saved record (name and note live in the record), with the display
/// currency it is shown in (`&cur=brl&fx=5.4`): opening the record shows it so again.
fn record_plan(state: AppState) -> String {
    let plan = state.plan.with_untracked(plan_query);
    let currency = runway_model::currency_keys(runway_model::locale::currency());
    if plan.is_empty() {
        currency
    } else {
        format!("{plan}&{currency}")
    }
}

/// After a record opened: the page in the currency the record was saved in (rebuilt when that is
/// another, the keyboard on this section's summary: the rebuilt section's content comes with the
/// second module, a moment later).
fn show_as_saved(state: AppState, query: &str) {
    crate::lang::show_as_saved(
        query,
        state.view,
        move || crate::platform::browser::replace_query(&state.link_query()),
        "[data-testid=summary-saved]".into(),
    );
}

/// The CSV report of the current plan (`None` when it cannot be priced).
fn csv_report(state: AppState) -> Option<String> {
    let plan = state.plan.get_untracked();
    state.runway.with_untracked(|r| {
        r.as_ref()
            .map(|r| results_csv(&plan, &r.inputs, &r.lines, &r.result, state.catalog))
    })
}
