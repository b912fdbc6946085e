//! Estimators: FLOPs, GPU-hours, hidden costs, billing modes, the advisor, show-the-math.

pub mod advisor;
pub mod billing;
pub mod billing_math;
pub mod cost;
pub mod explain;
pub mod formulas;
pub mod overheads;
pub mod parallel;
pub mod serving;
pub mod serving_text;
pub mod workload_kind;
