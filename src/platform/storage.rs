//! The browser's localStorage, files and downloads, wrapped so that storage that is disabled,
//! full or holding someone else's data degrades to a message instead of a panic. Nothing here
//! decides what the data means: that is `runway_model::saved`.

use gloo_storage::errors::StorageError;
use gloo_storage::{LocalStorage, Storage};
use runway_model::{tr, FileError, Library};
use wasm_bindgen::{JsCast, JsValue};

/// Where the saved scenarios live.
pub const LIBRARY_KEY: &str = "gpu-credit-runway.library";
/// The last-open plan (restored when the page opens without a query string).
pub const LAST_KEY: &str = "gpu-credit-runway.last";
/// Prefix of backups of data that could not be read.
pub const BACKUP_PREFIX: &str = "gpu-credit-runway.backup.";

/// Why storage could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StorageProblem {
    /// Blocked or absent (private mode, cookies blocked, sandboxed frame).
    Unavailable,
    /// The browser's quota is used up.
    Full,
    /// Any other failure, with the browser's message.
    Failed(String),
}

impl StorageProblem {
    /// What the founder reads.
    pub fn message(&self) -> String {
        match self {
            StorageProblem::Unavailable => tr!("storage.unavailable"),
            StorageProblem::Full => tr!("storage.full"),
            StorageProblem::Failed(m) => tr!("storage.failed", message = m),
        }
    }
}

/// The browser's localStorage through gloo-storage, once the page may use it. gloo's `raw()`
/// throws where storage is blocked (private mode, a sandboxed frame, a getter that throws), so
/// availability is checked first, without gloo.
fn storage() -> Result<web_sys::Storage, StorageProblem> {
    let window = web_sys::window().ok_or(StorageProblem::Unavailable)?;
    match window.local_storage() {
        Ok(Some(_)) => Ok(LocalStorage::raw()),
        _ => Err(StorageProblem::Unavailable),
    }
}

fn problem(e: StorageError) -> StorageProblem {
    match e {
        StorageError::JsError(e) => match e.name.as_str() {
            "QuotaExceededError" | "NS_ERROR_DOM_QUOTA_REACHED" => StorageProblem::Full,
            "SecurityError" => StorageProblem::Unavailable,
            _ => StorageProblem::Failed(e.message),
        },
        other => StorageProblem::Failed(other.to_string()),
    }
}

fn js_problem(e: JsValue) -> StorageProblem {
    match e.dyn_into::<js_sys::Error>() {
        Ok(e) => problem(StorageError::JsError(e.into())),
        Err(_) => StorageProblem::Failed(tr!("storage.unknown_error")),
    }
}

/// Reads a key as text (`None` when absent). Kept raw, so text that cannot be read as a plan can
/// be backed up exactly as it was.
pub fn read(key: &str) -> Result<Option<String>, StorageProblem> {
    storage()?.get_item(key).map_err(js_problem)
}

/// Removes a key (nothing when storage is off).
pub fn remove(key: &str) {
    if let Ok(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// Writes a value as JSON (serde, through gloo-storage).
pub fn write<T: serde::Serialize>(key: &str, value: &T) -> Result<(), StorageProblem> {
    storage()?;
    LocalStorage::set(key, value).map_err(problem)
}

/// Keeps text that could not be read under a backup key (once per distinct text), returning the
/// key it is under.
pub fn back_up(raw: &str) -> Result<String, StorageProblem> {
    let s = storage()?;
    let len = s.length().unwrap_or(0);
    // Raw text, not JSON: the backup is exactly what could not be read.
    for i in 0..len {
        if let Ok(Some(key)) = s.key(i) {
            if key.starts_with(BACKUP_PREFIX)
                && s.get_item(&key).ok().flatten().as_deref() == Some(raw)
            {
                return Ok(key);
            }
        }
    }
    let key = format!("{BACKUP_PREFIX}{}", js_sys::Date::now() as u64);
    s.set_item(&key, raw).map_err(js_problem)?;
    Ok(key)
}

/// The stored library, read for display or for a read-modify-write.
#[derive(Clone, Debug, PartialEq)]
pub enum StoredLibrary {
    /// Readable (possibly empty); `problems` lists entries left out.
    Ok {
        library: Library,
        problems: Vec<FileError>,
        raw: Option<String>,
    },
    /// Unreadable as a whole: the raw text and why. Never written over without the founder's say.
    Unreadable { raw: String, error: FileError },
}

/// Reads the library from storage.
pub fn read_library() -> Result<StoredLibrary, StorageProblem> {
    let Some(raw) = read(LIBRARY_KEY)? else {
        return Ok(StoredLibrary::Ok {
            library: Library::default(),
            problems: vec![],
            raw: None,
        });
    };
    Ok(match Library::decode(&raw) {
        Ok(loaded) => StoredLibrary::Ok {
            library: loaded.library,
            problems: loaded.problems,
            raw: Some(raw),
        },
        Err(error) => StoredLibrary::Unreadable { raw, error },
    })
}

/// Now, in milliseconds since 1970.
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// A new scenario id, unique enough across tabs: time and a random part.
pub fn new_id() -> String {
    format!(
        "s{}-{:06}",
        js_sys::Date::now() as u64,
        (js_sys::Math::random() * 1e6) as u32
    )
}

/// "30 Nov 2026, 11:05" (Portuguese "30 de nov. de 2026, 11:05") for a time in milliseconds, in
/// the reader's time zone (the browser's), the date the way the rest of the page writes it.
pub fn format_time(ms: f64) -> String {
    let t = js_sys::Date::new(&JsValue::from_f64(ms));
    let day = runway_model::Date::new(
        i32::try_from(t.get_full_year()).unwrap_or(0),
        t.get_month() + 1,
        t.get_date(),
    );
    match day {
        Some(d) if ms.is_finite() => {
            format!("{}, {:02}:{:02}", d.human(), t.get_hours(), t.get_minutes())
        }
        _ => tr!("storage.unknown_date"),
    }
}

/// Offers text as a file download (a blob URL on this page: nothing leaves the browser).
pub fn download(filename: &str, mime: &str, text: &str) -> Result<(), String> {
    let fail = |_| tr!("storage.download_refused");
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| tr!("storage.no_document"))?;
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(fail)?
        .dyn_into()
        .map_err(|_| tr!("storage.no_anchor"))?;
    a.set_href(&url);
    a.set_download(filename);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// A file name from a plan name: letters, digits and dashes (see `runway_model::file_stem`).
pub fn file_stem(name: &str) -> String {
    runway_model::file_stem(name).unwrap_or_else(|| "gpu-credit-runway-plan".into())
}

/// Opens the browser's print dialog (the print stylesheet lays out a one-page report).
pub fn print() {
    if let Some(w) = web_sys::window() {
        let _ = w.print();
    }
}
