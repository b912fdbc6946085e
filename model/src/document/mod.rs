//! The plan document: jobs, serving lines, experiments, grants and compared columns.

pub mod compare;
pub mod plan;
pub mod starters;
pub mod workloads;
