//! The plan document: jobs, serving lines, experiments, grants and compared columns.

pub mod api_use;
pub mod compare;
pub mod editing;
pub mod experiments;
pub mod plan;
pub mod starters;
pub mod workload;
pub mod workloads;
