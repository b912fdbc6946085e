//! Wording rules the missing-key checks do not see, over every text of the page
//! (`locales/*.yml`) and of the model (`model/locales/*.yml`):
//! - a text for one (`…_one`) says its unit in the singular: "(1 day ago)", never "(1 days ago)";
//! - Portuguese writes decimals with a comma ("0,75", "1,5T"): a dot decimal in a Portuguese text
//!   is English left in place (link syntax, which is always dot-decimal, is named by key below);
//! - the page's convention for thousands is the K/M/B suffix in both languages ("US$ 50K", like
//!   the numbers around it), never "50 mil" next to "R$ 540K".

mod support;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// key (file:dotted.path) → (en, pt) for every text of both locale folders.
fn texts() -> BTreeMap<String, (String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = BTreeMap::new();
    for dir in [root.join("../locales"), root.join("locales")] {
        let entries = fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().and_then(|e| e.to_str()) != Some("yml") {
                continue;
            }
            let value = support::read(&path);
            let file = path
                .file_name()
                .and_then(|f| f.to_str())
                .unwrap_or_default()
                .to_string();
            support::walk(format!("{file}:"), &value, &mut out);
        }
    }
    out
}

/// The words that directly follow a `%{placeholder}` and a space: "%{n} days" → "days".
fn words_after_placeholders(text: &str) -> Vec<&str> {
    text.split("%{")
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(_, after)| after))
        .filter_map(|after| after.strip_prefix(' '))
        .map(|after| {
            after
                .split(|c: char| !c.is_alphabetic())
                .next()
                .unwrap_or_default()
        })
        .collect()
}

/// Plural units that must not follow the count in a text for one.
const PLURALS: [&str; 16] = [
    "days",
    "hours",
    "weeks",
    "months",
    "years",
    "grants",
    "runs",
    "workloads",
    "dias",
    "horas",
    "semanas",
    "meses",
    "anos",
    "concessões",
    "execuções",
    "cargas",
];

fn singular_violations(texts: &BTreeMap<String, (String, String)>) -> Vec<String> {
    texts
        .iter()
        .filter(|(key, _)| key.ends_with("_one"))
        .flat_map(|(key, (en, pt))| {
            [("en", en), ("pt", pt)]
                .into_iter()
                .filter_map(move |(lang, text)| {
                    words_after_placeholders(text)
                        .into_iter()
                        .find(|w| PLURALS.contains(w))
                        .map(|w| format!("`{key}` ({lang}): \"{w}\" after the count in \"{text}\""))
                })
        })
        .collect()
}

/// A decimal written with a dot: a digit, a dot, then one or two digits or four or more (three
/// digits after a dot are a Portuguese thousands group, "100.000").
fn dot_decimal(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c != '.' || i == 0 || !chars[i - 1].is_ascii_digit() {
            continue;
        }
        let digits = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        // Part of a longer run of groups ("1.000.000") or a date/version: skip.
        if digits == 3 || digits == 0 {
            continue;
        }
        let start = i.saturating_sub(6);
        let end = (i + 1 + digits + 2).min(chars.len());
        return Some(chars[start..end].iter().collect());
    }
    None
}

/// Portuguese texts that quote link syntax, which is dot-decimal in every language
/// (docs/links.md): the example there is a value to put in a link, not a number to read.
const LINK_SYNTAX: [&str; 2] = [
    "numbers.yml:numbers.view.no_rate",
    "numbers.yml:numbers.view.bad_rate",
];

/// Portuguese texts that cite a publication's numbered section ("seção 3.3.4"), which is dotted in
/// every language: a section number, not a decimal.
const SECTION_NUMBERS: [&str; 1] = ["hidden.yml:hidden.cite.llama_source"];

fn dot_decimal_violations(texts: &BTreeMap<String, (String, String)>) -> Vec<String> {
    texts
        .iter()
        // `…_link` texts say what a link accepts (fields.yml `accepted_link`).
        .filter(|(key, _)| {
            !LINK_SYNTAX.contains(&key.as_str())
                && !SECTION_NUMBERS.contains(&key.as_str())
                && !key.ends_with("_link")
        })
        .filter_map(|(key, (_, pt))| {
            dot_decimal(pt).map(|at| format!("`{key}` (pt): dot decimal near \"{at}\""))
        })
        .collect()
}

/// "50 mil": a number then the word "mil".
fn mil_violations(texts: &BTreeMap<String, (String, String)>) -> Vec<String> {
    texts
        .iter()
        .filter(|(_, (_, pt))| {
            pt.match_indices(" mil").any(|(i, _)| {
                let before = pt[..i].chars().last().is_some_and(|c| c.is_ascii_digit());
                let after = pt[i + 4..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphabetic());
                before && after
            })
        })
        .map(|(key, (_, pt))| format!("`{key}` (pt): \"mil\" in \"{pt}\""))
        .collect()
}

#[test]
fn a_text_for_one_says_its_unit_in_the_singular() {
    let texts = texts();
    // The texts exist: an empty read would pass anything.
    assert!(texts.len() > 500, "read only {} texts", texts.len());
    assert!(texts.contains_key("answers.yml:runway_results.end_days_ago_one"));
    let bad = singular_violations(&texts);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn portuguese_texts_write_decimals_with_a_comma() {
    let bad = dot_decimal_violations(&texts());
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn portuguese_texts_use_the_k_suffix_not_mil() {
    let bad = mil_violations(&texts());
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_checks_catch_what_they_are_for() {
    // Hand-made texts, one breaking each rule and one keeping it.
    let mut t = BTreeMap::new();
    let mut put = |k: &str, en: &str, pt: &str| {
        t.insert(k.to_string(), (en.to_string(), pt.to_string()));
    };
    put(
        "a.yml:x.ago_one",
        "%{date} (%{n} days ago)",
        "%{date} (há %{n} dia)",
    );
    put(
        "a.yml:x.ok_one",
        "%{date} (%{n} day ago)",
        "%{date} (há %{n} dia)",
    );
    put("a.yml:x.blend", "0.75 × input", "0.75 × entrada");
    put("a.yml:x.groups", "1,000,000", "1.000.000 e 100.000");
    put("a.yml:x.budget", "$50K buys", "US$ 50 mil compram");
    put("a.yml:x.milhao", "a million", "um milhão, mil vezes");
    assert_eq!(singular_violations(&t).len(), 1);
    assert!(singular_violations(&t)[0].contains("x.ago_one"));
    let dots = dot_decimal_violations(&t);
    assert_eq!(dots.len(), 1, "{dots:?}");
    assert!(dots[0].contains("x.blend"));
    let mil = mil_violations(&t);
    assert_eq!(mil.len(), 1, "{mil:?}");
    assert!(mil[0].contains("x.budget"));
}

#[test]
fn portuguese_texts_call_a_grant_a_credit() {
    // "Concessão" reads as a legal or public concession to a Brazilian founder; the page says
    // "crédito" (masculine: "um crédito menor", "este e os seguintes"). The CSV column name
    // `concessao` (export.yml) is a stable machine name, written without the accent, not matched.
    let bad: Vec<String> = texts()
        .iter()
        .filter(|(_, (_, pt))| {
            let pt = pt.to_lowercase();
            pt.contains("concessão") || pt.contains("concessões")
        })
        .map(|(key, (_, pt))| format!("`{key}` (pt): {pt}"))
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
