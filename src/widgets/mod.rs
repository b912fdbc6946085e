//! Widgets the sections share: a number box bound to a field of the input table, its error, the
//! select of an id-valued field, the accelerator and provider selects, a switch, a result card,
//! collapsible sections and their navigation, the live region, the glossary's notes, the canvas the
//! charts draw on and a cited source's titles.

pub mod announce;
pub mod canvas;
pub mod cited;
pub mod field_error;
pub mod glossary;
pub mod hardware;
pub mod id_select;
pub mod live;
pub mod number_box;
pub mod number_input;
pub mod result_card;
pub mod section;
pub mod switch;
