//! The pure domain model of GPU Credit Runway: the sourced catalog, the cost formulas of
//! DOMAIN.md, input parsing with precise error messages, share-link encoding and number
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

pub mod advisor;
pub mod answers;
pub mod billing;
pub mod calendar;
pub mod catalog;
pub mod catalog_age;
pub mod chart_text;
pub mod compare;
pub mod cost;
pub mod evaluate;
pub mod explain;
pub mod export;
pub mod field_spec;
pub mod format;
pub mod formulas;
pub mod glossary;
pub mod ics;
pub mod ids;
pub mod job;
pub mod kind;
pub mod knobs;
pub mod link;
pub mod locale;
pub mod montecarlo;
pub mod order;
pub mod overheads;
pub mod params;
pub mod parse;
pub mod plan;
pub mod planner;
pub mod runway;
pub mod saved;
pub mod settings;
pub mod slider;
pub mod slots;
pub mod text;
pub mod token;
pub mod workload_kind;
pub mod workloads;

pub use catalog::{Accelerator, Catalog, CatalogError, Price, Provider};
pub use cost::{estimate, Estimate, EstimateError, PriceSource};
pub use explain::{Citation, Explanation, Output};
pub use field_spec::{Field, Origin};
pub use job::Job;
pub use link::{decode_link, encode_link, DecodedLink};
pub use parse::{InputError, Problem};
pub use settings::Settings;
