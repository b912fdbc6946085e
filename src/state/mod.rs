//! The app's single source of truth: the plan (one document: its jobs, serving lines,
//! experiments, grants and shared settings), which job the calculator edits, and per-field text
//! and validation message. Everything shown is derived from these; the URL is synchronised in
//! one effect.

pub mod derived;
pub mod last_plan;

use leptos::prelude::*;
use runway_model::{
    encode_link, encode_view_prefs, estimate_billed, estimate_overheads, move_to_provider,
    switch_accelerator, with_hidden_costs, Catalog, Day0, DecodedLink, Estimate, EstimateError,
    Field, InputError, Job, Origin, OverheadEstimate, Plan, PlannedGrant, RangeError, Reselection,
    Settings, TokenError, ViewPrefs,
};
use std::collections::BTreeMap;

/// The whole plan evaluated: every workload priced, the runway, warnings and apply-by days.
pub type RunwayView = runway_model::Outcome<'static>;

/// What a control shows besides the plan's value: the text in its box and its message.
#[derive(Clone, Copy)]
pub struct FieldState {
    /// The text in the typed box (may be invalid).
    pub text: RwSignal<String>,
    /// The validation message, if the text (or the link value) was rejected.
    pub error: RwSignal<Option<String>>,
}

impl FieldState {
    /// Removes the message, notifying only if there was one (slider moves call this every event).
    pub fn clear_error(&self) {
        if self.error.with_untracked(Option::is_some) {
            self.error.set(None);
        }
    }
}

/// Shared state, provided once by `App` through context.
#[derive(Clone, Copy)]
pub struct AppState {
    /// The catalog, loaded once and never freed.
    pub catalog: &'static Catalog,
    /// Which job of the plan the calculator edits (`None`: the plan has no training job, and
    /// the calculator shows `draft`, a job it can add).
    pub editing: RwSignal<Option<usize>>,
    /// The job the calculator shows while the plan has none (not part of the plan).
    draft: RwSignal<Job>,
    /// The job the calculator shows: the edited one, else the draft. Changes only when that
    /// job does.
    pub job: Memo<Job>,
    /// The plan's shared settings; changes only when they do.
    pub settings: Memo<Settings>,
    /// The chosen accelerator id; changes only when the accelerator does, so the pickers do not
    /// re-render on every slider move.
    pub accelerator_id: Memo<String>,
    /// The chosen provider id (see `accelerator_id`).
    pub provider_id: Memo<String>,
    /// The plan: every workload, grant and shared setting.
    pub plan: RwSignal<Plan>,
    /// The plan's day 0; changes only when it does (views of dates follow it, not every edit).
    pub day0: Memo<Day0>,
    /// The plan's grants; changes only when they do.
    pub grants: Memo<Vec<PlannedGrant>>,
    /// Grant and workload tokens the link carried that could not be used.
    pub plan_errors: RwSignal<Vec<TokenError>>,
    /// The calculator's job priced against the catalog, computed once per change for every
    /// reader.
    pub estimate: Memo<Result<Estimate<'static>, EstimateError>>,
    /// The hidden costs (network, failures, storage, egress, memory) of the calculator's job.
    pub overheads: Memo<Option<OverheadEstimate<'static>>>,
    /// The estimate as the results show it: its wall-clock time with communication and failures,
    /// as the job's dates in the plan have it.
    pub shown: Memo<Result<Estimate<'static>, EstimateError>>,
    /// The runway of the whole plan (grants, every workload), computed once per change.
    pub runway: Memo<Option<RunwayView>>,
    /// The saved scenario the plan was opened from or last saved as, if any.
    pub saved_id: RwSignal<Option<String>>,
    /// The example a visit without a plan opens (`None`: the page opened a plan of its own).
    example: StoredValue<Option<Plan>>,
    /// Whether the page shows that example, untouched: the page says it is one, the address bar
    /// carries no plan, and the first workload added replaces it.
    pub is_example: Memo<bool>,
    /// The example put aside by a starting point or the first workload added, for an undo.
    pub example_note: RwSignal<Option<ExampleNote>>,
    fields: StoredValue<BTreeMap<Field, FieldState>>,
    /// The view keys of the page's link (language, display currency), written back into it; the
    /// language and currency switches change them.
    pub view: StoredValue<ViewPrefs>,
    /// The uncertainty ranges the page's link carried that could not be used (the plan kept
    /// their defaults): the uncertainty panel shows their messages.
    pub range_errors: StoredValue<Vec<RangeError>>,
}

impl AppState {
    /// Builds the state from the page's link, read once (`runway_model::decode_link_opening`).
    pub fn new(catalog: &'static Catalog, mut decoded: DecodedLink) -> Self {
        let fields = Field::calculator()
            .map(|field| {
                (
                    field,
                    FieldState {
                        text: RwSignal::new(String::new()),
                        error: RwSignal::new(None),
                    },
                )
            })
            .collect();
        let plan = RwSignal::new(Plan::default());
        let example = StoredValue::new(None);
        let editing = RwSignal::new(Some(0));
        let draft = RwSignal::new(Job::default());
        let job = Memo::new(move |_| {
            let edited = editing
                .with(|e| e.and_then(|i| plan.with(|p| p.nth::<runway_model::Job>(i).cloned())));
            edited.unwrap_or_else(|| draft.get())
        });
        let settings = Memo::new(move |_| plan.with(|p| p.settings.clone()));
        // At the price billed: on spot (asked for and sold) the discounted one, as the plan bills.
        let spot = Memo::new(move |_| settings.with(|k| k.overheads.spot));
        let estimate = Memo::new(move |_| job.with(|j| estimate_billed(j, spot.get(), catalog)));
        let overheads = Memo::new(move |_| {
            job.with(|j| {
                settings.with(|k| {
                    estimate.with(|e| {
                        e.as_ref()
                            .ok()
                            .map(|e| estimate_overheads(j, &k.overheads, e, catalog))
                    })
                })
            })
        });
        let shown = Memo::new(move |_| {
            estimate.with(|e| {
                overheads.with(|o| match (e, o) {
                    (Ok(e), Some(o)) => Ok(with_hidden_costs(e, o)),
                    _ => e.clone(),
                })
            })
        });
        let state = AppState {
            catalog,
            editing,
            draft,
            job,
            settings,
            accelerator_id: Memo::new(move |_| job.with(|j| j.accelerator_id.clone())),
            provider_id: Memo::new(move |_| job.with(|j| j.provider_id.clone())),
            plan,
            day0: Memo::new(move |_| plan.with(Plan::day0)),
            grants: Memo::new(move |_| plan.with(|p| p.grants.clone())),
            plan_errors: RwSignal::new(Vec::new()),
            estimate,
            shown,
            overheads,
            runway: Memo::new(move |_| {
                plan.with(|plan| Some(runway_model::evaluate(plan, catalog)))
            }),
            saved_id: RwSignal::new(None),
            example,
            is_example: Memo::new(move |_| {
                example.with_value(|e| e.as_ref().is_some_and(|e| plan.with(|p| p == e)))
            }),
            example_note: RwSignal::new(None),
            fields: StoredValue::new(fields),
            view: StoredValue::new(decoded.view),
            range_errors: StoredValue::new(std::mem::take(&mut decoded.range_errors)),
        };
        state.load(decoded);
        state
    }

    /// Replaces the whole plan with a decoded link (opening a saved plan, an import, "new from
    /// defaults"): every field's box and message, the plan, and the calculator on its first job.
    pub fn load(&self, mut decoded: DecodedLink) {
        // A link (or saved plan) without a valid `t0` counts its days from today; the date is then
        // part of the plan and written into the link like any other key.
        decoded
            .plan
            .date_from_today(crate::platform::browser::today);
        let job = decoded.plan.opening_draft();
        let k = &decoded.plan.settings;
        let errors: BTreeMap<Field, &InputError> =
            decoded.errors.iter().map(|e| (e.field, e)).collect();
        for field in Field::calculator() {
            let f = self.field(field);
            // A rejected value stays visible in its box, next to its message.
            let text = match (errors.get(&field), decoded.raw.get(&field)) {
                (Some(_), Some(raw)) => raw.clone(),
                _ => display_value(field, &job, k),
            };
            f.text.set(text);
            f.error.set(errors.get(&field).map(|e| e.to_string()));
        }
        self.plan_errors.set(decoded.plan_errors);
        self.editing.set(decoded.plan.first_edited());
        self.draft.set(job);
        self.plan.set(decoded.plan);
    }

    /// The plan as a share-link query string (without `?`), encoded now (untracked): for the
    /// address bar, the share box and the calendar. Encoding is not part of an edit's update; the
    /// share box re-reads it a task later (see `ShareBar`).
    pub fn link_query(&self) -> String {
        // The untouched example is no plan of the reader's: the address bar stays bare.
        let plan = if self.is_example.get_untracked() {
            String::new()
        } else {
            self.plan.with_untracked(encode_link)
        };
        // The reader's view keys (language, display currency) when the link carries them.
        match self.view.with_value(encode_view_prefs) {
            keys if keys.is_empty() => plan,
            keys if plan.is_empty() => keys,
            keys => format!("{plan}&{keys}"),
        }
    }

    /// Marks the plan open now as the example a visit without a plan shows.
    pub fn mark_example(&self) {
        self.example.set_value(Some(self.plan.get_untracked()));
    }

    /// Before the first workload is added to the untouched example: empties the plan's
    /// workloads (its settings, day 0 and grants stay) and returns the example, for an undo.
    pub fn take_example(&self) -> Option<Snapshot> {
        if !self.is_example.get_untracked() {
            return None;
        }
        let before = self.snapshot();
        self.editing.set(None);
        self.plan.update(Plan::clear_workloads);
        Some(before)
    }

    /// Whether the page this state belongs to is still mounted: a task scheduled before a rebuild
    /// (a language or currency switch) finds its state disposed and must do nothing.
    pub fn is_alive(&self) -> bool {
        self.plan.try_with_untracked(|_| ()).is_some()
    }

    /// Tracks every change to the plan.
    pub fn track_plan(&self) {
        self.plan.track();
    }

    /// Applies an edit to the calculator's job and the plan's settings: the edited job of the
    /// plan, else the draft. Only what changed notifies its readers.
    pub fn edit(&self, f: impl FnOnce(&mut Job, &mut Settings)) {
        let selected = self.editing.get_untracked();
        let mut draft = self.draft.get_untracked();
        self.plan
            .maybe_update(|p| p.apply_edit(selected, &mut draft, f));
        if self.draft.with_untracked(|d| *d != draft) {
            self.draft.set(draft);
        }
    }

    /// The state of one field.
    pub fn field(&self, field: Field) -> FieldState {
        self.fields
            .with_value(|f| f.get(&field).copied())
            .unwrap_or_else(|| FieldState {
                text: RwSignal::new(String::new()),
                error: RwSignal::new(None),
            })
    }

    /// Applies text typed into a numeric field: a valid value updates the scenario, an invalid one
    /// keeps the last valid value and shows the message.
    pub fn type_number(&self, field: Field, text: String) {
        let f = self.field(field);
        // Parameters may be a mixture of experts' active/total (`37B/671B`).
        if field == Field::Params {
            let parsed = runway_model::ParamCount::parse(field, &text, Origin::Typed);
            f.text.set(text);
            match parsed {
                Ok(p) => {
                    f.clear_error();
                    self.edit(|j, _| j.set_param_count(p));
                }
                Err(e) => f.error.set(Some(e.to_string())),
            }
            return;
        }
        let optional = matches!(field, Field::Price | Field::Reserved | Field::ApiPrice);
        let parsed = if optional && text.trim().is_empty()
            || field.accepts_auto()
                && (text.trim().is_empty() || text.trim().eq_ignore_ascii_case("auto"))
        {
            Ok(None)
        } else {
            field.parse(&text, Origin::Typed).map(Some)
        };
        f.text.set(text);
        match parsed {
            Ok(value) => {
                f.clear_error();
                self.set_number(field, value);
            }
            Err(e) => f.error.set(Some(e.to_string())),
        }
    }

    /// Applies a value chosen on a slider (always valid): updates the scenario and the typed box.
    pub fn slide_number(&self, field: Field, value: f64) {
        let f = self.field(field);
        f.clear_error();
        f.text.set(field.display(value));
        self.set_number(field, Some(value));
        // A mixture of experts keeps its total beside the active count the slider moved.
        if field == Field::Params {
            let text = self
                .job
                .with_untracked(|j| self.settings.with_untracked(|k| display_value(field, j, k)));
            f.text.set(text);
        }
    }

    /// The current value of a numeric field; tracks only the job's fields or only the
    /// settings, whichever the field belongs to.
    pub fn number_of(&self, field: Field) -> Option<f64> {
        if field.is_job_field() {
            self.job
                .with(|j| self.settings.with_untracked(|k| field.number(j, k)))
        } else {
            self.settings
                .with(|k| self.job.with_untracked(|j| field.number(j, k)))
        }
    }

    /// The current value of a numeric field (0 when absent).
    pub fn number(&self, field: Field) -> f64 {
        match field {
            // `auto`: the slider sits at Daly's optimum.
            Field::CkptEvery => self
                .number_of(field)
                .or_else(|| {
                    self.overheads
                        .with(|o| o.as_ref().map(|o| o.failures.optimal_interval_hours * 60.0))
                })
                .unwrap_or(0.0),
            _ => self.number_of(field).unwrap_or(0.0),
        }
    }

    fn set_number(&self, field: Field, value: Option<f64>) {
        self.edit(|j, k| field.set(j, k, value));
    }

    /// Chooses an accelerator; keeps the provider when it rents it, else picks the default one.
    pub fn choose_accelerator(&self, id: String) {
        let Some(acc) = self.catalog.accelerator(&id) else {
            return;
        };
        self.field(Field::Gpu).clear_error();
        let catalog = self.catalog;
        let mut moved = false;
        self.edit(|j, k| moved = switch_accelerator(j, k, &acc.id, catalog));
        if moved {
            self.field(Field::Provider).clear_error();
        }
    }

    /// Chooses a provider (the select only offers ones that rent the accelerator).
    pub fn choose_provider(&self, id: String) {
        let rents = self
            .job
            .with_untracked(|j| self.catalog.price(&id, &j.accelerator_id).is_some());
        if rents {
            self.field(Field::Provider).clear_error();
            let catalog = self.catalog;
            self.edit(|j, k| move_to_provider(j, k, id, catalog));
        }
    }
}

impl AppState {
    /// Opens job `index` (plan order) in the calculator's editor. A network its provider does
    /// not offer is dropped from the plan's settings (the provider's default applies).
    pub fn edit_job(&self, index: usize) {
        let selected = self.editing.get_untracked();
        let Some(provider) = self.plan.with_untracked(|p| {
            p.job_to_open(index, selected)
                .map(|j| j.provider_id.clone())
        }) else {
            return;
        };
        self.editing.set(Some(index));
        // Only a choice the provider does not offer changes the plan (and notifies).
        self.plan
            .maybe_update(|p| p.keep_offered_network(&provider, self.catalog));
        self.refresh_job_fields();
    }

    /// Removes job `index` (plan order); the editor opens the next one if it was edited. The
    /// last job removed stays in the calculator as the draft it can add again.
    pub fn remove_job(&self, index: usize) {
        let selected = self.editing.get_untracked();
        let after = self.plan.try_maybe_update(|p| {
            let after = p.remove_job_and_reselect(index, selected);
            (after.is_some(), after)
        });
        let Some(Reselection { editing, draft }) = after.flatten() else {
            return;
        };
        if let Some(draft) = draft {
            self.draft.set(draft);
        }
        self.editing.set(editing);
        self.refresh_job_fields();
    }

    /// Adds a job at the end of the plan and opens it in the editor.
    pub fn add_job(&self, job: Job) -> Option<usize> {
        let index = self.plan.try_update(|p| p.add_job(job, self.catalog))?;
        self.editing.set(Some(index));
        self.refresh_job_fields();
        Some(index)
    }

    /// The plan as it is now (with the edited job and the draft), for an undo.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            plan: self.plan.get_untracked(),
            editing: self.editing.get_untracked(),
            draft: self.draft.get_untracked(),
        }
    }

    /// Puts back a plan taken by [`AppState::snapshot`] (undoing a removal): the editor's job
    /// boxes follow.
    pub fn restore(&self, s: Snapshot) {
        self.draft.set(s.draft);
        self.editing.set(s.editing);
        self.plan.set(s.plan);
        self.refresh_job_fields();
    }

    /// Whether the page holds exactly `s` (nothing edited since it was taken).
    pub fn holds(&self, s: &Snapshot) -> bool {
        self.editing.with(|e| *e == s.editing)
            && self.plan.with(|p| *p == s.plan)
            && self.draft.with(|d| *d == s.draft)
    }

    /// Rewrites the boxes of the job fields from the edited job (after it changed).
    fn refresh_job_fields(&self) {
        let (j, k) = (self.job.get_untracked(), self.settings.get_untracked());
        for field in Field::ALL.into_iter().filter(|f| f.is_job_field()) {
            let f = self.field(field);
            f.text.set(display_value(field, &j, &k));
            f.clear_error();
        }
    }

    /// Chooses the inter-node network (`""`: the provider's default).
    pub fn choose_network(&self, id: String) {
        self.field(Field::Network).clear_error();
        self.edit(|_, k| k.overheads.network_id = (!id.is_empty()).then_some(id));
    }

    /// Chooses where the training data lives (`""`: with the training provider).
    pub fn choose_data_on(&self, id: String) {
        self.field(Field::DataOn).clear_error();
        let known = id.is_empty() || self.catalog.provider(&id).is_some();
        if known {
            self.edit(|_, k| k.overheads.data_on_provider = (!id.is_empty()).then_some(id));
        }
    }

    /// Turns an on/off field (spot, export) on or off.
    pub fn set_switch(&self, field: Field, on: bool) {
        self.field(field).clear_error();
        self.set_number(field, Some(if on { 1.0 } else { 0.0 }));
    }
}

/// Provides the state to every component below (the data derived from it:
/// [`derived::provide_derived`]).
pub fn provide_app_state(state: AppState) {
    provide_context(state);
}

// The views that read `crate::state::use_derived` (the derived data is a part of the state).
pub use derived::use_derived;

impl AppState {
    /// The uncertainty bands of the plan as it is now (a Monte Carlo run, ~5 ms: the uncertainty
    /// panel calls it after a quiet spell, never on every edit).
    pub fn bands_now(&self) -> Option<runway_model::montecarlo::Bands> {
        self.runway.with_untracked(|r| {
            let o = r.as_ref()?;
            Some(
                self.plan
                    .with_untracked(|p| runway_model::montecarlo::bands(p, o, self.catalog)),
            )
        })
    }

    /// The application planner's suggestions for the plan as it is now, from `today` (a plan day).
    pub fn plan_applications_now(&self, today: u32) -> Option<runway_model::Applications> {
        self.runway.with_untracked(|r| {
            let o = r.as_ref()?;
            Some(
                self.plan
                    .with_untracked(|p| runway_model::plan_applications(p, o, self.catalog, today)),
            )
        })
    }
}

/// The state provided by `App`.
pub fn use_app_state() -> AppState {
    expect_context::<AppState>()
}

/// The example replaced (by a starting point or the first workload added): what the note says,
/// where it shows, the example, and the plan that replaced it (the undo lasts while the page
/// holds that plan).
#[derive(Clone, Debug, PartialEq)]
pub struct ExampleNote {
    /// What happened, in words.
    pub text: String,
    /// Under the add-workload form (else at the top, by the starting points).
    pub at_form: bool,
    /// The example.
    pub before: Snapshot,
    /// What replaced it.
    pub after: Snapshot,
}

/// A plan as it was, with the calculator's selection and draft: what an undo puts back.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    plan: Plan,
    editing: Option<usize>,
    draft: Job,
}

fn display_value(field: Field, j: &Job, k: &Settings) -> String {
    if let Some(id) = field.id(j, k) {
        return id.to_string();
    }
    if field == Field::Params {
        return j.param_count().text(field, true);
    }
    match field.number(j, k) {
        Some(v) => field.display(v),
        // A job's `auto` (its batch, a mixture's shape) is left empty so the box's placeholder says
        // what auto stands for ("auto (8.4M)").
        None if field.accepts_auto() && !field.is_job_field() => "auto".into(),
        None => String::new(),
    }
}
