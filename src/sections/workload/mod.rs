//! "Your workload": the job being edited (its inputs and results) and the plan's list of jobs,
//! serving lines and experiments.

pub mod inputs;
pub mod results;
pub mod workloads;
