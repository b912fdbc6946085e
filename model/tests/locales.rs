//! The translations are complete: every text in the page's locale files (`locales/*.yml`) and the
//! model's (`model/locales/*.yml`) has an English and a Portuguese version with the same
//! placeholders, every key the code asks for (`tr!("key")`) exists, and no file keeps a text that
//! nothing asks for. rust-i18n falls back to English (or to the key itself) at run time, so without
//! this test a missing translation would ship silently.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const LANGS: [&str; 2] = ["en", "pt"];

/// Every leaf of a `_version: 2` file: key → (language → text).
fn read_locale_dir(dir: &Path) -> BTreeMap<String, BTreeMap<String, String>> {
    let mut out = BTreeMap::new();
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yml"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no locale files in {}", dir.display());
    for file in files {
        let text = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let value: serde_json::Value = serde_saphyr::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: not YAML: {e}", file.display()));
        let serde_json::Value::Object(map) = value else {
            panic!("{}: not a map", file.display());
        };
        assert_eq!(
            map.get("_version").and_then(serde_json::Value::as_i64),
            Some(2),
            "{}: every file is `_version: 2` (all languages of a text side by side)",
            file.display()
        );
        for (k, v) in map.into_iter().filter(|(k, _)| k != "_version") {
            collect(&file, k, v, &mut out);
        }
    }
    out
}

fn collect(
    file: &Path,
    key: String,
    value: serde_json::Value,
    out: &mut BTreeMap<String, BTreeMap<String, String>>,
) {
    let serde_json::Value::Object(map) = value else {
        panic!("{}: `{key}` is neither a group nor a text", file.display());
    };
    let is_leaf = map.keys().any(|k| LANGS.contains(&k.as_str()));
    if !is_leaf {
        for (k, v) in map {
            collect(file, format!("{key}.{k}"), v, out);
        }
        return;
    }
    let mut texts = BTreeMap::new();
    for (lang, text) in map {
        assert!(
            LANGS.contains(&lang.as_str()),
            "{}: `{key}` has a text in `{lang}`, which the page does not speak",
            file.display()
        );
        let serde_json::Value::String(text) = text else {
            panic!("{}: `{key}.{lang}` is not a string", file.display());
        };
        texts.insert(lang, text);
    }
    assert!(
        out.insert(key.clone(), texts).is_none(),
        "{}: `{key}` is defined twice",
        file.display()
    );
}

/// The `%{name}` placeholders of a text.
fn placeholders(text: &str) -> BTreeSet<&str> {
    text.split("%{")
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .collect()
}

/// Every literal key passed to `tr!(` or `t!(` in the `.rs` files under `dir`.
fn keys_used(dir: &Path, out: &mut BTreeMap<String, PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("readable directory entry").path();
        if path.is_dir() {
            keys_used(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            let text = fs::read_to_string(&path).expect("readable source file");
            for macro_call in ["tr!(", "t!("] {
                let mut from = 0;
                while let Some(at) = text[from..].find(macro_call).map(|i| i + from) {
                    from = at + macro_call.len();
                    // `include_str!("…")` is not a translation.
                    let whole_word = text[..at]
                        .chars()
                        .next_back()
                        .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
                    // Nor is an example in a comment.
                    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
                    let in_comment = text[line_start..at].trim_start().starts_with("//");
                    let literal = text[from..].trim_start().strip_prefix('"');
                    if let (true, false, Some((key, _))) = (
                        whole_word,
                        in_comment,
                        literal.and_then(|l| l.split_once('"')),
                    ) {
                        out.insert(key.to_string(), path.clone());
                    }
                }
            }
        }
    }
}

fn check(locales: &Path, sources: &Path) {
    let texts = read_locale_dir(locales);
    let mut problems = Vec::new();
    for (key, by_lang) in &texts {
        for lang in LANGS {
            match by_lang.get(lang) {
                None => problems.push(format!("`{key}` has no `{lang}` text")),
                Some(t) if t.trim().is_empty() => problems.push(format!("`{key}.{lang}` is empty")),
                Some(_) => {}
            }
        }
        if let (Some(en), Some(pt)) = (by_lang.get("en"), by_lang.get("pt")) {
            if placeholders(en) != placeholders(pt) {
                problems.push(format!(
                    "`{key}`: English has placeholders {:?}, Portuguese {:?}",
                    placeholders(en),
                    placeholders(pt)
                ));
            }
        }
    }
    let mut used = BTreeMap::new();
    keys_used(sources, &mut used);
    for (key, file) in &used {
        if !texts.contains_key(key) {
            problems.push(format!(
                "{} asks for `{key}`, which {} does not define",
                file.display(),
                locales.display()
            ));
        }
    }
    for key in texts.keys() {
        if !used.contains_key(key) {
            problems.push(format!(
                "`{key}` in {} is asked for by no code",
                locales.display()
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "{} translation problem(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_models_texts_exist_in_both_languages() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    check(&root.join("locales"), &root.join("src"));
}

#[test]
fn the_pages_texts_exist_in_both_languages() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    check(&root.join("locales"), &root.join("src"));
}

#[test]
fn the_check_catches_a_missing_translation_and_a_changed_placeholder() {
    // The test above can fail: a file with a text missing its Portuguese, and one whose Portuguese
    // lost a placeholder, are both reported.
    let dir = std::env::temp_dir().join(format!("locales-check-{}", std::process::id()));
    let src = dir.join("src");
    fs::create_dir_all(&src).expect("temp dir");
    fs::write(
        dir.join("x.yml"),
        "_version: 2\na:\n  b:\n    en: \"%{n} GPUs\"\n    pt: \"GPUs\"\n  c:\n    en: Only English\n",
    )
    .expect("write");
    fs::write(
        src.join("x.rs"),
        "tr!(\"a.b\", n = 1); tr!(\"a.c\"); tr!(\"a.d\");",
    )
    .expect("write");
    let caught = std::panic::catch_unwind(|| check(&dir, &src));
    let message = caught
        .err()
        .and_then(|e| e.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    let _ = fs::remove_dir_all(&dir);
    assert!(message.contains("`a.c` has no `pt` text"), "{message}");
    assert!(
        message.contains("`a.b`: English has placeholders"),
        "{message}"
    );
    assert!(message.contains("asks for `a.d`"), "{message}");
}
