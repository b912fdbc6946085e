//! The sourced catalog (data/*.json, compiled in) and its age.

pub mod catalog;
pub mod catalog_age;
pub mod search;
