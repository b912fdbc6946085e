//! What the page asks of the browser: its window, storage, downloads and clipboard.

pub mod browser;
pub mod storage;
