//! Components: one panel a file. They read the shared state, call the pure model, and render.

pub mod charts;
pub mod field_error;
pub mod hardware;
pub mod inputs;
pub mod number_input;
pub mod results;
pub mod share;
