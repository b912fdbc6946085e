//! The pure domain model of GPU Credit Runway: the sourced catalog, the cost formulas of
//! docs/model.md, input parsing with precise error messages, share-link encoding and number
//! formatting. It depends on no web crate, so it compiles and tests natively in seconds.

// Every text in model/locales/*.yml, in English and Portuguese; English is the fallback.
rust_i18n::i18n!("locales", fallback = "en");
tr_lookup!();

/// A text in the thread's language ([`locale::lang`]), as a `String`: `tr!` with a literal key, then
/// optional `name = value` pairs (any [`locale::Arg`]: text, whole numbers, `f64` written in the
/// thread's language) that fill its `%{name}` placeholders.
///
/// It reads the calling crate's own locale files (the page's in `locales/`, the model's in
/// `model/locales/`) through the crate's `tr_lookup!()` function. Each call is one call of that
/// non-generic function: rust-i18n's own `t!` expands its lookup and fallback at every call site,
/// which across the page's 1,500 texts cost about 100 KB of gzip in the bundle.
#[macro_export]
#[allow(clippy::crate_in_macro_def)] // the caller's crate, on purpose: its own locale files
macro_rules! tr {
    ($key:literal) => {
        crate::__tr($key, &[])
    };
    ($key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        crate::__tr($key, &[$((stringify!($name), &$value as &dyn $crate::locale::Arg)),+])
    };
}

/// Defines the calling crate's `__tr`, which [`tr!`] calls: the text of `key` in the thread's
/// language (English when it has none, the key itself when neither has), placeholders filled.
/// Invoke once at the crate root, after rust-i18n's `i18n!`.
#[macro_export]
#[allow(clippy::crate_in_macro_def)] // the caller's crate, on purpose: its own locale files
macro_rules! tr_lookup {
    () => {
        #[doc(hidden)]
        pub(crate) fn __tr(key: &str, args: &[(&str, &dyn $crate::locale::Arg)]) -> String {
            let text = crate::_rust_i18n_try_translate($crate::locale::lang().code(), key);
            $crate::locale::fill(text.as_deref().unwrap_or(key), args)
        }
    };
}

// The modules are private, in one folder per domain; the crate's surface is the `pub use` list
// below (model/tests/layering.rs fails on any import cycle between modules).
mod credits;
mod data;
mod document;
mod estimators;
mod input;
mod io;

// Four namespaces the page reads as such: chart descriptions, the glossary, the language,
// the uncertainty bands.
pub mod chart_text;
pub mod glossary;
pub mod locale;
pub mod montecarlo;

// The public surface: every item the app, the charts and the tests use, each from the module
// that defines it.
pub use credits::answers::{
    answers, apply_advice, credit_totals, next_steps, Answers, ApplyAdvice, ApplyStatus,
    CreditTotals, NextStep,
};
pub use credits::chart_reading::{chart_reading, ChartReading};
pub use credits::evaluate::{
    billing_view, evaluate, price_job, price_serve, run_plan, runway_inputs, serve_billing,
    ApiOutcome, Certainty, IfDenied, Outcome,
};
pub use credits::planner::{plan_applications, Applications};
pub use credits::runway::summary::{chart_window, expiries, markers, summary, ChartWindow, Marker};
pub use credits::runway::{
    simulate, simulate_totals, GrantInput, GrantOutcome, LineItem, RunwayResult, WorkloadInput,
    HORIZON_CAP_DAYS,
};
pub use credits::self_host::{api_for, as_api_line, self_host_or_api, RouteCost, SelfHostOrApi};
pub use data::catalog::{
    default_currency, default_rate, title_pieces, Accelerator, ApiPrice, BaseModel, Catalog,
    CatalogError, CurrencyRate, Price, Program, Provider, Scope,
};
pub use data::catalog_age::{offer_ages, price_age, stale_label, staleness, PriceAge};
pub use data::search::{program_match, search_programs, Match};
pub use document::api_use::{
    api_use_from_slots, encode_api_use, mix_usd_per_mtok, parse_api_use, ApiUse,
};
pub use document::compare::{
    column_from_slots, encode_column, first_years, parse_column, price_column, train_vs_finetune,
    Column, ColumnResult, FirstYear, MAX_COLUMNS,
};
pub use document::editing::{move_to_provider, switch_accelerator, Reselection};
pub use document::experiments::{work_from_slots, ExtraWorkload};
pub use document::plan::{
    apply_window, warnings, BillLine, BillPart, Day0, GrantDateError, GrantOdds, GrantState, Plan,
    PlannedGrant, RangeError, RangeKey, MAX_GRANTS, MAX_WORKLOADS,
};
pub use document::starters::Starter;
pub use document::workload::{Kind, KindOf, Removed, Work, Workload, WorkloadId};
pub use document::workloads::{
    encode_serve, job_from_slots, job_kinds, params_compact, params_size, parse_serve,
    serve_from_slots, Serve,
};
pub use estimators::advisor::{advise, advise_plan, Advice, InRunway, PlanFit};
pub use estimators::billing::{
    billing_modes, duty_sweep, estimate_billing, model_shape, rent_sizes, volume_sweep,
    what_budget_buys, BillingEstimate, BuyRow, DutySweep, ModeRow, VolumeSweep,
};
pub use estimators::billing_math::{billing_math, BillingFigure, BillingMath};
pub use estimators::cost::{
    cost_by_provider, cost_vs_mfu, estimate, estimate_billed, Estimate, EstimateError, PriceSource,
};
pub use estimators::explain::{Citation, Explanation, Output};
pub use estimators::overheads::explain::HiddenOutput;
pub use estimators::overheads::{
    contrasting_network, cost_vs_gpus, cost_vs_interval, estimate_overheads, gpus_per_node,
    implied_bus_gb_s, log_space, network_options, offered_networks, sweeps, sync_seconds,
    whole_cost_by_provider, with_hidden_costs, NetworkOption, OverheadEstimate, Sweeps,
    MAX_SWEEP_DAYS, MAX_SWEEP_GPUS,
};
pub use estimators::parallel::{
    layout, moe_of, nccl_check, recipe_batch_tokens, Layout, Moe, NcclCheck, Phases, SplitReason,
    LINK_EFFICIENCY, NCCL_CHECKS, NETWORK_EFFICIENCY,
};
pub use estimators::serving::{
    deploy, run_group, tp_degrees, tp_efficiency, Chip, Deployment, GroupRun, ModelShape, NoFit,
    Request, ServingSetup, ALL_REDUCE_LATENCY_S, BANDWIDTH_EFFICIENCY, DECODE_EFFICIENCY,
    DEFAULT_USER_TOKENS_PER_S, MAX_BATCH, MEMORY_FRACTION, MIN_MEMORY_BATCH, PREFILL_EFFICIENCY,
    STEP_OVERHEAD_S, TP_EFFICIENCY_LOSS,
};
pub use estimators::serving_text::{serving_explanation, serving_math};
pub use input::calendar::{date_in_words, Date, DateProblem};
pub use input::field_spec::{job_rows, Field, Need, Origin, Range, Style};
pub use input::grant_field::{GrantError, GrantField};
pub use input::job::{Job, LORA_RANK};
pub use input::kind::{TrainingMemory, WorkloadKind};
pub use input::knobs::{DataFormat, HostMode, OverheadInputs, Precision};
pub use input::params::ParamCount;
pub use input::parse::{
    echo, format_number_exact, parse_number, typed_number_text, InputError, Problem,
};
pub use input::settings::Settings;
pub use input::slider::{Nudge, Scale};
pub use input::slots::params_text;
pub use input::text::{clean_text, file_stem, interned, typed_text, MAX_NAME, MAX_NOTE};
pub use input::token::{Token, TokenError};
pub use io::export::results_csv;
pub use io::format::{
    compact, compact_typed, currency_label, currency_note, data_value, exact, hours, percent,
    price, scientific, usd, usd_as_published, usd_compact, usd_exact, usd_unit, NOT_A_NUMBER,
};
pub use io::ics::{file_name, plan_calendar, plan_events};
pub use io::link::{
    currency_keys, decode_link, decode_link_opening, encode_link, encode_view_prefs,
    query_has_plan, view_currency, DecodedLink, ViewPrefs,
};
pub use io::order::insert_by_key;
pub use io::saved::{
    decode_plan_file, encode_plan_file, plan_query, FileError, Library, PlanFile, SavedPlan,
};
