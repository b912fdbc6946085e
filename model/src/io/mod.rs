//! Input and output: share links, saved files, CSV, calendars, number formatting, ordering.

pub mod export;
pub mod format;
pub mod ics;
pub mod link;
pub mod order;
pub mod saved;
