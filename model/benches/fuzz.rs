//! Fuzzing the two decoders that read outside data: share links and scenario JSON (storage and
//! imported files). Property-based (proptest) with many cases, run like a benchmark:
//!
//!     FUZZ_CASES=1000000 cargo bench -p runway-model --bench fuzz
//!
//! `make test` runs it briefly (FUZZ_CASES=5000). Every case must decode without a panic, every
//! rejection must be an error value with a message, and whatever decodes must price and simulate
//! to finite numbers.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use runway_model::overheads::estimate_overheads;
use runway_model::plan::run_plan;
use runway_model::saved::{decode_scenario_file, encode_scenario_file, Library, SavedScenario};
use runway_model::{decode_link, estimate, Catalog};
use std::time::Instant;

const KEYS: &[&str] = &[
    "params",
    "tokens",
    "gpu",
    "gpus",
    "mfu",
    "duty",
    "provider",
    "price",
    "start",
    "grant",
    "work",
    "mtbf",
    "ckpt_write",
    "restart",
    "ckpt_every",
    "network",
    "overlap",
    "ckpts_kept",
    "spot",
    "data_on",
    "export",
    "cmp",
    "api",
    "api_price",
    "reserved",
    "tokens_month",
    "util",
    "host",
    "shape",
    "cuda",
    "name",
    "note",
    "x",
    "",
];

fn check_link(q: &str, cat: &Catalog, simulate: bool) -> Result<(), TestCaseError> {
    let d = decode_link(q, cat);
    for e in &d.errors {
        prop_assert!(!e.to_string().is_empty());
    }
    for e in &d.plan_errors {
        prop_assert!(!e.message.is_empty());
    }
    let e = estimate(&d.scenario, cat);
    prop_assert!(e.is_ok(), "{q:?} does not price");
    if let Ok(e) = e {
        prop_assert!(e.compute_cost_usd.is_finite() && e.compute_cost_usd > 0.0);
        let o = estimate_overheads(&d.scenario, &e, cat);
        prop_assert!(o.scaling_efficiency.is_finite() && o.scaling_efficiency > 0.0);
        prop_assert!(o.total_usd().is_none_or(f64::is_finite));
        if simulate {
            let r = run_plan(&d.plan, &d.scenario, &e, cat);
            prop_assert!(r.total_spend_usd.is_finite() && r.cash_usd.is_finite());
        }
    }
    Ok(())
}

fn check_json(text: &str, cat: &Catalog) -> Result<(), TestCaseError> {
    match decode_scenario_file(text) {
        Ok(s) => check_link(&s.plan, cat, false)?,
        Err(e) => prop_assert!(!e.to_string().is_empty()),
    }
    match Library::decode(text) {
        Ok(l) => {
            for p in &l.problems {
                prop_assert!(!p.to_string().is_empty());
            }
        }
        Err(e) => prop_assert!(!e.to_string().is_empty()),
    }
    Ok(())
}

/// A valid scenario file with random edits: characters replaced, inserted, or cut.
fn mutated_file() -> impl Strategy<Value = String> {
    let base = encode_scenario_file(&SavedScenario {
        id: "s1".into(),
        name: "Seed plan".into(),
        note: "note".into(),
        modified_ms: 1.7e12,
        plan: "params=70B&gpus=512&grant=aws-activate%3A100K&spot=1&name=x".into(),
    });
    let len = base.len();
    (
        prop::collection::vec(
            (0..len, "[\\[\\]{}\":,0-9a-z\\\\ eE.+-]{0,3}", 0usize..3),
            1..6,
        ),
        any::<bool>(),
    )
        .prop_map(move |(edits, library)| {
            let mut s = if library {
                base.replace("gpu-credit-runway/scenario", "gpu-credit-runway/library")
            } else {
                base.clone()
            };
            for (at, insert, cut) in edits {
                let at = at.min(s.len());
                if !s.is_char_boundary(at) {
                    continue;
                }
                let end = (at + cut).min(s.len());
                if s.is_char_boundary(end) {
                    s.replace_range(at..end, &insert);
                }
            }
            s
        })
}

fn run<S: Strategy>(
    name: &str,
    cases: u32,
    strategy: S,
    test: impl Fn(S::Value) -> Result<(), TestCaseError>,
) {
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let started = Instant::now();
    if let Err(e) = runner.run(&strategy, test) {
        eprintln!("{name}: FAILED: {e}");
        std::process::exit(1);
    }
    println!(
        "{name:<44} {cases:>9} cases, no panic, {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

fn main() {
    let cases: u32 = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let cat = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
    run("link decoder, any string", cases, ".*", |q| {
        check_link(&q, &cat, false)
    });
    let shaped = prop::collection::vec(
        (
            prop::sample::select(KEYS),
            "[-+0-9.eEkKmMbBtT%,_a-z:<>\"&=;# ]{0,24}",
        ),
        0..8,
    )
    .prop_map(|pairs| {
        pairs
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("&")
    });
    run(
        "link decoder, link-shaped (then simulated)",
        cases / 10,
        shaped,
        |q| check_link(&q, &cat, true),
    );
    run("scenario JSON decoders, any string", cases, ".*", |t| {
        check_json(&t, &cat)
    });
    run(
        "scenario JSON decoders, mutated valid files",
        cases,
        mutated_file(),
        |t| check_json(&t, &cat),
    );
}
