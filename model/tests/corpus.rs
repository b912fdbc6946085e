//! The link corpus (issue 26's safety net): every share link of `tests/corpus/links.txt` (the
//! README's, every test's, and generated ones over every key and token field, old single-run links
//! included), decoded and evaluated natively, must give exactly what the built page showed for it
//! when the corpus was recorded (`tests/corpus/page-values.json`, read from the page's `data-value`
//! attributes and error messages by `tests/corpus/record.mjs`).
//!
//! What the model computes here (the answers, every workload's line, the runway, the grants, the
//! calculator's and hidden costs' results, every input error) is compared value for value, as text;
//! a value the page showed that this test does not yet derive natively is counted, and the browser
//! pass (`tests/e2e/corpus.test.mjs`) compares all of them on a sample of links.
//!
//! An intended change of a value (a refactor that fixes a number or a message on purpose) is listed
//! in `tests/corpus/intended.json` with its reason (the browser pass reads the same list); nothing
//! else may differ.

use runway_model::{
    credit_totals, data_value, decode_link, evaluate, locale::with_lang, locale::Lang, next_steps,
    Catalog, Date, HiddenOutput, Output,
};
use std::collections::BTreeMap;

/// Values allowed to differ from the recording: `[{ "link": exact link, "id": test id, "now":
/// the value the page shows now (or null: shown no more), "why": … }]`.
#[derive(serde::Deserialize)]
struct Intended {
    link: String,
    id: String,
    now: Option<String>,
    #[allow(dead_code)]
    why: String,
}

fn corpus_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus")
}

/// What the page shows for `link`, derived from the model alone: test id → `data-value` (or
/// `error-…#text` → message).
fn model_values(link: &str, catalog: &Catalog) -> BTreeMap<String, String> {
    let lang = form_lang(link);
    with_lang(lang, || {
        let d = decode_link(link, catalog);
        let mut out = BTreeMap::new();
        let mut put = |k: String, v: String| {
            out.insert(k, v);
        };
        for e in &d.errors {
            put(format!("error-{}#text", e.field.key()), e.to_string());
        }
        // The uncertainty section shows the range keys' errors of the same decode.
        for e in &d.range_errors {
            put(format!("error-{}#text", e.key.key()), e.to_string());
        }
        for e in &d.plan_errors {
            put(format!("error-{}#text", e.key()), e.message());
        }
        let plan = &d.plan;
        let iso = |day: Option<i64>| {
            day.and_then(|day| plan.t0.and_then(|t0: Date| t0.add_days(day)))
                .map_or_else(|| "none".to_string(), |d| d.iso())
        };
        // The calculator: the job the page opens (the first), else a new default one.
        let editor = plan.opening_draft();
        // As the page prices it: at the price billed (spot where asked for and sold), its
        // wall-clock time with the hidden costs (issue 43).
        let spot = plan.settings.overheads.spot;
        if let Ok(e) = runway_model::estimate_billed(&editor, spot, catalog) {
            let oh =
                runway_model::estimate_overheads(&editor, &plan.settings.overheads, &e, catalog);
            let shown = runway_model::with_hidden_costs(&e, &oh);
            for o in Output::ALL {
                put(o.test_id().to_string(), data_value(o.value(&shown)));
            }
            for o in HiddenOutput::ALL {
                put(
                    o.test_id().to_string(),
                    o.value(&oh).map_or_else(|| "none".into(), data_value),
                );
            }
        }
        let r = evaluate(plan, catalog);
        let res = &r.result;
        put("answer-total".into(), data_value(res.total_spend_usd));
        put("answer-cash".into(), data_value(res.cash_usd));
        put("total-spend".into(), data_value(res.total_spend_usd));
        put("cash-total".into(), data_value(res.cash_usd));
        put(
            "answer-cash-date".into(),
            iso(res.runway_end_day.map(i64::from)),
        );
        put(
            "runway-end-date".into(),
            iso(res.runway_end_day.map(i64::from)),
        );
        put(
            "runway-end-day".into(),
            res.runway_end_day
                .map_or_else(|| "none".into(), |d| d.to_string()),
        );
        let totals = credit_totals(&res.grants);
        put("answer-credits-used".into(), data_value(totals.used_usd));
        put("answer-expired".into(), data_value(totals.expired_usd));
        for (i, g) in res.grants.iter().enumerate() {
            put(format!("answer-grant-{i}"), data_value(g.used_usd));
            put(format!("grant-used-{i}"), data_value(g.used_usd));
            put(format!("grant-expired-{i}"), data_value(g.expired_usd));
            put(format!("grant-unused-{i}"), data_value(g.unused_usd));
        }
        let apply_days: Vec<Option<i32>> =
            plan.grants.iter().map(|g| g.planned_apply_day()).collect();
        for (k, step) in next_steps(&r.apply_by, &apply_days).iter().enumerate() {
            put(format!("answer-next-{k}"), iso(step.apply_by));
        }
        for (i, g) in r.inputs.0.iter().enumerate() {
            put(
                format!("apply-by-{i}"),
                iso(r.apply_by.get(i).copied().flatten()),
            );
            put(
                format!("grant-approved-{i}"),
                iso(Some(i64::from(g.usable_from()))),
            );
            put(
                format!("grant-expires-{i}"),
                iso(Some(i64::from(g.expires_on()))),
            );
        }
        for (i, spend) in res.workload_spend_usd.iter().enumerate() {
            put(format!("bill-line-{i}"), data_value(*spend));
        }
        for (i, j) in r.jobs.iter().enumerate() {
            if j.estimate.is_ok() {
                put(format!("job-cost-{i}"), data_value(j.cost_usd));
                put(format!("job-gpu-hours-{i}"), data_value(j.gpu_hours));
            }
            let date = |day: u32| {
                plan.date_of(day)
                    .map_or_else(|| "none".to_string(), |d| d.iso())
            };
            put(format!("job-start-date-{i}"), date(j.start_day));
            put(format!("job-end-date-{i}"), date(j.end_day));
        }
        for (j, v) in r.serves.iter().enumerate() {
            if v.error.is_none() {
                put(format!("serve-gpus-{j}"), data_value(f64::from(v.gpus)));
                put(format!("serve-monthly-{j}"), data_value(v.monthly_usd));
            }
        }
        out
    })
}

/// The page's language for a link: its `lang` key, else English (the recording's browser).
fn form_lang(link: &str) -> Lang {
    form_urlencoded::parse(link.as_bytes())
        .find(|(k, _)| k == "lang")
        .and_then(|(_, v)| Lang::from_code(&v))
        .unwrap_or(Lang::En)
}

#[test]
fn every_corpus_link_evaluates_to_what_the_page_showed() {
    let catalog = Catalog::builtin().expect("the built-in catalog loads");
    let links = std::fs::read_to_string(corpus_dir().join("links.txt")).expect("links.txt");
    let links: Vec<&str> = links.lines().filter(|l| !l.is_empty()).collect();
    let recorded: BTreeMap<String, BTreeMap<String, String>> = serde_json::from_str(
        &std::fs::read_to_string(corpus_dir().join("page-values.json")).expect("page-values.json"),
    )
    .expect("page-values.json is { link: { testid: value } }");
    let intended: Vec<Intended> = serde_json::from_str(
        &std::fs::read_to_string(corpus_dir().join("intended.json")).expect("intended.json"),
    )
    .expect("intended.json is [{ link, id, now, why }]");
    // The last entry for a value wins, as in the browser pass (tests/corpus/diff.mjs,
    // tests/e2e/corpus.test.mjs): a value changed twice on purpose has two entries, in order.
    let expected = |link: &str, id: &str| {
        intended
            .iter()
            .rev()
            .find(|c| c.link == link && c.id == id)
            .map(|c| c.now.clone())
    };
    // Issue 26: at least 300 links.
    assert!(links.len() >= 300, "{} links", links.len());
    let mut compared = 0usize;
    let mut page_only = 0usize;
    let mut differences = Vec::new();
    // Values that differ (not ones shown or derived no more), for CORPUS_WHY below.
    let mut changed = Vec::new();
    for link in &links {
        let page = recorded
            .get(*link)
            .unwrap_or_else(|| panic!("no recording for {link}: run tests/corpus/record.mjs"));
        let model = model_values(link, &catalog);
        let mut ids: Vec<&String> = page.keys().chain(model.keys()).collect();
        ids.sort();
        ids.dedup();
        for id in ids {
            // What the page must show now: the recording, or the intended change.
            let want = match expected(link, id) {
                Some(now) => now,
                None => page.get(id).cloned(),
            };
            match (model.get(id), want) {
                (Some(v), Some(want)) => {
                    compared += 1;
                    if *v != want {
                        differences.push(format!("{link}\n  {id}: page {want:?}, model {v:?}"));
                        changed.push(serde_json::json!({
                            "link": link, "id": id, "was": want, "now": v,
                        }));
                    }
                }
                // Something the model derives is not on the page (an error the page dropped, a
                // job line it no longer shows), or the other way round.
                (Some(v), None) => differences.push(format!(
                    "{link}\n  {id}: model {v:?}, the page shows nothing"
                )),
                (None, Some(_)) if !page.contains_key(id) => {
                    differences.push(format!("{link}\n  {id}: intended but not derived here"))
                }
                // Every input error is derived here: one the model no longer gives is a change.
                (None, Some(want)) if id.ends_with("#text") => differences.push(format!(
                    "{link}\n  {id}: page {want:?}, the model gives none"
                )),
                (None, _) => page_only += 1,
            }
        }
    }
    // `CORPUS_WHY="…" cargo test -p runway-model --test corpus` lists every changed value in
    // intended.json with that reason (as `tests/corpus/diff.mjs --why` does from the browser): for a
    // change made on purpose, after reading the differences this test printed without it.
    if let Ok(why) = std::env::var("CORPUS_WHY") {
        if differences.len() == changed.len() && !changed.is_empty() {
            // Appended as text, each entry's keys in the file's order (link, id, was, now, why).
            let path = corpus_dir().join("intended.json");
            let text = std::fs::read_to_string(&path).expect("intended.json");
            let mut text = text.trim_end().trim_end_matches(']').trim_end().to_string();
            let q = |v: &serde_json::Value| serde_json::to_string(v).expect("json");
            for c in &changed {
                text.push_str(&format!(
                    ",\n  {{\n    \"link\": {},\n    \"id\": {},\n    \"was\": {},\n    \"now\": {},\n    \"why\": {}\n  }}",
                    q(&c["link"]),
                    q(&c["id"]),
                    q(&c["was"]),
                    q(&c["now"]),
                    q(&serde_json::Value::String(why.clone()))
                ));
            }
            text.push_str("\n]\n");
            std::fs::write(&path, text).expect("intended.json written");
            eprintln!("corpus: {} changes listed in intended.json", changed.len());
            return;
        }
    }
    eprintln!(
        "corpus: {} links, {compared} values compared natively, {page_only} only in the browser pass",
        links.len()
    );
    assert!(
        differences.is_empty(),
        "{} differences:\n{}",
        differences.len(),
        differences[..differences.len().min(40)].join("\n")
    );
    // The comparison is not vacuous: most of what the page shows is derived here.
    assert!(
        compared > 20 * links.len(),
        "only {compared} values compared"
    );
}
