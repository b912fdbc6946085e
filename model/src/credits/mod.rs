//! Credits: the whole plan's evaluation, the runway, the application planner, the first screen's answers.

pub mod answers;
pub mod chart_reading;
pub mod evaluate;
pub mod planner;
pub mod runway;
pub mod self_host;
