//! Reading the locale files in the wording tests: every text as key → (English, Portuguese).

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// key → (en, pt) for one parsed locale file.
pub type Texts = BTreeMap<String, (String, String)>;

/// The parsed YAML of one locale file (the reader rust-i18n itself uses).
pub fn read(path: &Path) -> serde_json::Value {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_saphyr::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Collects every text under `v` (a map with `en` and `pt`) into `out`, keyed by its dotted path
/// after `prefix` ("" or "file.yml:" start a key without a dot).
pub fn walk(prefix: String, v: &serde_json::Value, out: &mut Texts) {
    let serde_json::Value::Object(map) = v else {
        return;
    };
    if let (Some(en), Some(pt)) = (map.get("en"), map.get("pt")) {
        let s = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_string();
        out.insert(prefix, (s(en), s(pt)));
        return;
    }
    for (k, v) in map {
        let key = if prefix.is_empty() || prefix.ends_with(':') {
            format!("{prefix}{k}")
        } else {
            format!("{prefix}.{k}")
        };
        walk(key, v, out);
    }
}
