//! Inputs: the input table, parsing, one job, the plan's shared knobs, link-token slots.

pub mod calendar;
pub mod field_spec;
pub mod grant_field;
pub mod ids;
pub mod job;
pub mod kind;
pub mod knobs;
pub mod params;
pub mod parse;
pub mod settings;
pub mod slider;
pub mod slots;
pub mod text;
pub mod token;
