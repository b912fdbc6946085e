//! The page's sections, in page order: each renders what the state gives it (no estimator is
//! called here; `model/tests/layering.rs` checks).

pub mod advisor;
pub mod answers;
pub mod billing;
pub mod charts;
pub mod compare;
pub mod credits;
pub mod example;
pub mod hidden_costs;
pub mod programs;
pub mod saved;
pub mod self_host;
pub mod share;
pub mod workload;
