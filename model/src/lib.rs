//! The pure domain model of GPU Credit Runway: the sourced catalog, the cost formulas of
//! DOMAIN.md, input parsing with precise error messages, share-link encoding and number
//! formatting. It depends on no web crate, so it compiles and tests natively in seconds.

pub mod advisor;
pub mod answers;
pub mod billing;
pub mod calendar;
pub mod catalog;
pub mod catalog_age;
pub mod compare;
pub mod cost;
pub mod evaluate;
pub mod explain;
pub mod export;
pub mod field_spec;
pub mod format;
pub mod formulas;
pub mod ics;
pub mod ids;
pub mod kind;
pub mod knobs;
pub mod link;
pub mod montecarlo;
pub mod order;
pub mod overheads;
pub mod parse;
pub mod plan;
pub mod planner;
pub mod runway;
pub mod saved;
pub mod scenario;
pub mod slider;
pub mod text;
pub mod token;
pub mod workload_kind;
pub mod workloads;

pub use catalog::{Accelerator, Catalog, CatalogError, Price, Provider};
pub use cost::{estimate, Estimate, EstimateError, PriceSource, Scenario};
pub use explain::{Citation, Explanation, Output};
pub use link::{decode_link, encode_link, DecodedLink};
pub use parse::{Field, InputError, Origin, Problem};
