//! The Portuguese of the plans, answers and planner texts (`locales/plans.yml`,
//! `locales/answers.yml`, `locales/planner.yml`): it is Portuguese, not English left in place, and
//! the sentences the page cuts around elements (src/widgets/announce.rs, `marked`) keep their
//! element placeholders in the same order in both languages, so the pieces land around the right
//! link or bold value.

mod support;

use std::collections::BTreeMap;
use std::path::Path;

const FILES: [&str; 3] = ["plans.yml", "answers.yml", "planner.yml"];

/// key → (en, pt) for every leaf of the three files.
fn texts() -> BTreeMap<String, (String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../locales");
    let mut out = BTreeMap::new();
    for file in FILES {
        let path = dir.join(file);
        support::walk(String::new(), &support::read(&path), &mut out);
    }
    out
}

/// The placeholders of `text` in the order they appear.
fn order(text: &str) -> Vec<&str> {
    text.split("%{")
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .collect()
}

#[test]
fn marked_sentences_keep_their_elements_in_order() {
    // The keys the page cuts around elements, and the placeholders that stand for them (in the
    // order the elements sit in the page: see each `marked(&tr!(…))` call).
    let marked: [(&str, &[&str]); 16] = [
        ("plan_list.held_since", &["date"]),
        ("plan_list.expected", &["date"]),
        ("answers.run_out", &["date", "burn"]),
        ("answers.if_denied_one", &["names", "date", "cash"]),
        ("answers.if_denied_other", &["n", "date", "cash"]),
        ("plan_list.expires", &["date"]),
        ("answers.pays", &["name"]),
        ("answers.no_grants", &["link"]),
        ("answers.warnings_where", &["link"]),
        ("answers.expires_unused", &["amount"]),
        ("answers.in_cash_in_all", &["amount"]),
        ("planner.apply_on", &["name", "date"]),
        ("planner.against", &["saving"]),
        ("planner.summary", &["cash", "expired", "start"]),
        ("uncertainty.from_to", &["low", "high"]),
        ("uncertainty.cash_starts", &["p10", "p50", "p90"]),
    ];
    let texts = texts();
    let mut checked = 0;
    for (key, elements) in marked {
        let (en, pt) = texts
            .get(key)
            .unwrap_or_else(|| panic!("`{key}` is not in {FILES:?}"));
        for (lang, text) in [("en", en), ("pt", pt)] {
            let seen: Vec<&str> = order(text)
                .into_iter()
                .filter(|p| elements.contains(p))
                .collect();
            assert_eq!(
                seen, elements,
                "`{key}.{lang}`: the elements' placeholders are out of order: {text}"
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 16);
}

#[test]
fn an_out_of_order_translation_is_caught() {
    // The check above can fail: "%{high} … %{low}" is not the order "low, high".
    let seen = order("até %{high}, de %{low}");
    assert_ne!(seen, ["low", "high"]);
    assert_eq!(order("de %{low} a %{high}"), ["low", "high"]);
}

/// English words that have no business in a Portuguese text of these files (whole words,
/// lower-cased). Product names in them (GPU Credit Runway) are removed first.
/// ("link" is not here: Portuguese says "copiar link".)
const ENGLISH: [&str; 23] = [
    "the", "and", "grant", "grants", "cash", "apply", "credit", "credits", "plan", "save", "saved",
    "delete", "open", "days", "day", "never", "expires", "unused", "review", "storage", "egress",
    "bill", "with",
];

fn english_words(pt: &str) -> Vec<String> {
    let mut pt = pt.replace("GPU Credit Runway", "");
    // Placeholders are names, not words the reader sees.
    while let Some(at) = pt.find("%{") {
        let end = pt[at..].find('}').map_or(pt.len(), |i| at + i + 1);
        pt.replace_range(at..end, "");
    }
    pt.split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
        .filter(|w| ENGLISH.contains(&w.as_str()))
        .collect()
}

#[test]
fn the_portuguese_is_portuguese() {
    // Texts that are the same in both languages on purpose: "Runway" (the word Brazilian
    // founders use) and the unit "× MFU".
    let same_on_purpose = ["runway_results.heading", "uncertainty.mfu_unit"];
    let texts = texts();
    assert!(texts.len() > 150, "only {} texts read", texts.len());
    let mut problems = Vec::new();
    for (key, (en, pt)) in &texts {
        if en == pt && !same_on_purpose.contains(&key.as_str()) {
            problems.push(format!("`{key}`: the Portuguese is the English: {pt}"));
        }
        let words = english_words(pt);
        if !words.is_empty() {
            problems.push(format!("`{key}`: English words {words:?} in: {pt}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_english_word_check_can_fail() {
    assert_eq!(english_words("Salvar o plan"), ["plan"]);
    assert!(english_words("paga %{cash} a mais").is_empty());
    assert_eq!(english_words("Apply até 9 dez."), ["apply"]);
    assert!(english_words("Isso não é um link do GPU Credit Runway").is_empty());
    assert!(english_words("Salvar o plano").is_empty());
}
