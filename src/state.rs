//! The app's single source of truth: the validated scenario, plus per-field text and validation
//! message. Everything shown is derived from these; the URL is synchronised in one effect.

use leptos::prelude::*;
use runway_model::overheads::{estimate_overheads, OverheadEstimate};
use runway_model::plan::{Plan, PlanError};
use runway_model::{
    decode_link, encode_link, estimate, Catalog, DecodedLink, Estimate, EstimateError, Field,
    InputError, Origin, Scenario,
};
use std::collections::BTreeMap;

/// The whole plan evaluated: every workload priced, the runway, warnings and apply-by days.
pub type RunwayView = runway_model::evaluate::Outcome<'static>;

/// What a control shows besides the scenario value: the text in its box and its message.
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
    /// The last valid scenario.
    pub scenario: RwSignal<Scenario>,
    /// The chosen accelerator id; changes only when the accelerator does, so the pickers do not
    /// re-render on every slider move.
    pub accelerator_id: Memo<String>,
    /// The chosen provider id (see `accelerator_id`).
    pub provider_id: Memo<String>,
    /// The credit plan: grants, extra workloads, dataset-ready day.
    pub plan: RwSignal<Plan>,
    /// Grant and workload tokens the link carried that could not be used.
    pub plan_errors: RwSignal<Vec<PlanError>>,
    /// The scenario priced against the catalog, computed once per change for every reader.
    pub estimate: Memo<Result<Estimate<'static>, EstimateError>>,
    /// The hidden costs (network, failures, storage, egress, memory) of the priced scenario.
    pub overheads: Memo<Option<OverheadEstimate<'static>>>,
    /// The runway of the whole plan (grants, every workload), computed once per change.
    pub runway: Memo<Option<RunwayView>>,
    /// The saved scenario the plan was opened from or last saved as, if any.
    pub saved_id: RwSignal<Option<String>>,
    fields: StoredValue<BTreeMap<Field, FieldState>>,
}

impl AppState {
    /// Builds the state from a share link's query string.
    pub fn from_query(catalog: &'static Catalog, query: &str) -> Self {
        let fields = Field::ALL
            .into_iter()
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
        let scenario = RwSignal::new(Scenario::default());
        let plan = RwSignal::new(Plan::default());
        let estimate = Memo::new(move |_| scenario.with(|s| estimate(s, catalog)));
        let overheads = Memo::new(move |_| {
            scenario.with(|s| {
                estimate.with(|e| e.as_ref().ok().map(|e| estimate_overheads(s, e, catalog)))
            })
        });
        let state = AppState {
            catalog,
            scenario,
            accelerator_id: Memo::new(move |_| scenario.with(|s| s.accelerator_id.clone())),
            provider_id: Memo::new(move |_| scenario.with(|s| s.provider_id.clone())),
            plan,
            plan_errors: RwSignal::new(Vec::new()),
            estimate,
            overheads,
            runway: Memo::new(move |_| {
                scenario.with(|s| {
                    plan.with(|plan| Some(runway_model::evaluate::evaluate(s, plan, catalog)))
                })
            }),
            saved_id: RwSignal::new(None),
            fields: StoredValue::new(fields),
        };
        state.load(decode_link(query, catalog));
        state
    }

    /// Replaces the whole plan with a decoded link (opening a saved scenario, an import, "new from
    /// defaults"): every field's box and message, the scenario, grants and workloads.
    pub fn load(&self, mut decoded: DecodedLink) {
        // A link (or saved plan) without a valid `t0` counts its days from today; the date is then
        // part of the plan and written into the link like any other key.
        if decoded.plan.t0.is_none() {
            decoded.plan.t0 = crate::browser::today();
        }
        let s = &decoded.scenario;
        let errors: BTreeMap<Field, &InputError> =
            decoded.errors.iter().map(|e| (e.field, e)).collect();
        for field in Field::ALL {
            let f = self.field(field);
            // A rejected value stays visible in its box, next to its message.
            let text = match (errors.get(&field), decoded.raw.get(&field)) {
                (Some(_), Some(raw)) => raw.clone(),
                _ => display_value(field, s),
            };
            f.text.set(text);
            f.error.set(errors.get(&field).map(|e| e.to_string()));
        }
        self.plan_errors.set(decoded.plan_errors);
        self.scenario.set(decoded.scenario);
        self.plan.set(decoded.plan);
    }

    /// The plan as a share-link query string (without `?`), encoded now (untracked): for the
    /// address bar, the share box and the calendar. Encoding is not part of an edit's update; the
    /// share box re-reads it a task later (see `ShareBar`).
    pub fn link_query(&self) -> String {
        let plan = self
            .scenario
            .with_untracked(|s| self.plan.with_untracked(|p| encode_link(s, p)));
        // The reader's view keys (language, display currency) when the link carries them.
        match crate::lang::link_keys() {
            keys if keys.is_empty() => plan,
            keys if plan.is_empty() => keys,
            keys => format!("{plan}&{keys}"),
        }
    }

    /// Whether the page this state belongs to is still mounted: a task scheduled before a rebuild
    /// (a language or currency switch) finds its state disposed and must do nothing.
    pub fn is_alive(&self) -> bool {
        self.scenario.try_with_untracked(|_| ()).is_some()
    }

    /// Tracks every change to the plan (the scenario being edited or the rest of the plan).
    pub fn track_plan(&self) {
        self.scenario.track();
        self.plan.track();
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
            let parsed = runway_model::parse::ParamCount::parse(field, &text, Origin::Typed);
            f.text.set(text);
            match parsed {
                Ok(p) => {
                    f.clear_error();
                    self.scenario.update(|s| s.set_param_count(p));
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
            f.text
                .set(self.scenario.with_untracked(|s| display_value(field, s)));
        }
    }

    /// The current value of a numeric field (the dataset-ready day lives in the plan).
    pub fn number(&self, field: Field) -> f64 {
        match field {
            // `auto`: the slider sits at Daly's optimum.
            Field::CkptEvery => self
                .scenario
                .with(|s| s.number(field))
                .or_else(|| {
                    self.overheads
                        .with(|o| o.as_ref().map(|o| o.failures.optimal_interval_hours * 60.0))
                })
                .unwrap_or(0.0),
            _ => self.scenario.with(|s| s.number(field)).unwrap_or(0.0),
        }
    }

    fn set_number(&self, field: Field, value: Option<f64>) {
        self.scenario.update(|s| s.set_number(field, value));
    }

    /// Chooses an accelerator; keeps the provider when it rents it, else picks the default one.
    pub fn choose_accelerator(&self, id: String) {
        let Some(acc) = self.catalog.accelerator(&id) else {
            return;
        };
        let current_provider = self.scenario.with_untracked(|s| s.provider_id.clone());
        let new_provider = match self.catalog.price(&current_provider, &acc.id) {
            Some(_) => None,
            None => self
                .catalog
                .default_provider_for(&acc.id)
                .map(|p| p.id.to_string()),
        };
        self.field(Field::Gpu).clear_error();
        if new_provider.is_some() {
            self.field(Field::Provider).clear_error();
        }
        self.scenario.update(|s| {
            s.accelerator_id = acc.id.to_string();
            if let Some(p) = new_provider {
                s.provider_id = p;
                s.keep_offered_network(self.catalog);
            }
        });
    }

    /// Chooses a provider (the select only offers ones that rent the accelerator).
    pub fn choose_provider(&self, id: String) {
        let rents = self
            .scenario
            .with_untracked(|s| self.catalog.price(&id, &s.accelerator_id).is_some());
        if rents {
            self.field(Field::Provider).clear_error();
            self.scenario.update(|s| {
                s.provider_id = id;
                s.keep_offered_network(self.catalog);
            });
        }
    }
}

impl AppState {
    /// Opens job `index` (plan order) in the calculator's editor.
    pub fn edit_job(&self, index: usize) {
        let mut s = self.scenario.get_untracked();
        self.plan.update(|p| p.edit_job(index, &mut s));
        s.keep_offered_network(self.catalog);
        self.scenario.set(s);
        self.refresh_job_fields();
    }

    /// Removes job `index` (plan order); the editor opens the next one if it was edited.
    pub fn remove_job(&self, index: usize) {
        let mut s = self.scenario.get_untracked();
        self.plan.update(|p| p.remove_job(index, &mut s));
        self.scenario.set(s);
        self.refresh_job_fields();
    }

    /// Adds a job at the end of the plan and opens it in the editor.
    pub fn add_job(&self, job: runway_model::workloads::Job) {
        let mut s = self.scenario.get_untracked();
        self.plan.update(|p| p.add_job(job, &mut s));
        s.keep_offered_network(self.catalog);
        self.scenario.set(s);
        self.refresh_job_fields();
    }

    /// The plan as it is now (editor and plan), for an undo.
    pub fn snapshot(&self) -> (Scenario, Plan) {
        (self.scenario.get_untracked(), self.plan.get_untracked())
    }

    /// Puts back a plan taken by [`AppState::snapshot`] (undoing a removal): the editor's job
    /// boxes follow.
    pub fn restore(&self, (scenario, plan): (Scenario, Plan)) {
        self.scenario.set(scenario);
        self.plan.set(plan);
        self.refresh_job_fields();
    }

    /// Rewrites the boxes of the job fields from the scenario (after the edited job changed).
    fn refresh_job_fields(&self) {
        let s = self.scenario.get_untracked();
        for field in Field::ALL.into_iter().filter(|f| f.is_job_field()) {
            let f = self.field(field);
            f.text.set(display_value(field, &s));
            f.clear_error();
        }
    }

    /// Chooses the inter-node network (`""`: the provider's default).
    pub fn choose_network(&self, id: String) {
        self.field(Field::Network).clear_error();
        self.scenario
            .update(|s| s.overheads.network_id = (!id.is_empty()).then_some(id));
    }

    /// Chooses where the training data lives (`""`: with the training provider).
    pub fn choose_data_on(&self, id: String) {
        self.field(Field::DataOn).clear_error();
        let known = id.is_empty() || self.catalog.provider(&id).is_some();
        if known {
            self.scenario
                .update(|s| s.overheads.data_on_provider = (!id.is_empty()).then_some(id));
        }
    }

    /// Turns an on/off field (spot, export) on or off.
    pub fn set_switch(&self, field: Field, on: bool) {
        self.field(field).clear_error();
        self.scenario
            .update(|s| s.set_number(field, Some(if on { 1.0 } else { 0.0 })));
    }
}

/// Provides the state to every component below.
pub fn provide_app_state(state: AppState) {
    provide_context(state);
}

/// The state provided by `App`.
pub fn use_app_state() -> AppState {
    expect_context::<AppState>()
}

fn display_value(field: Field, s: &Scenario) -> String {
    if let Some(id) = s.id_value(field) {
        return id.to_string();
    }
    if field == Field::Params {
        return s.param_count().text(field, true);
    }
    match s.number(field) {
        Some(v) => field.display(v),
        None if field.accepts_auto() => "auto".into(),
        None => String::new(),
    }
}
