//! Components: one panel a file. They read the shared state, call the pure model, and render.

pub mod advisor;
pub mod announce;
pub mod answers;
pub mod billing;
pub mod canvas;
pub mod charts;
pub mod compare;
pub mod credits;
pub mod field_error;
pub mod glossary;
pub mod hardware;
pub mod hidden_costs;
pub mod inputs;
pub mod live;
pub mod number_input;
pub mod plan_list;
pub mod planner;
pub mod programs;
pub mod results;
pub mod runway_chart;
pub mod runway_results;
pub mod scenarios;
pub mod section;
pub mod share;
pub mod uncertainty;
pub mod workloads;
