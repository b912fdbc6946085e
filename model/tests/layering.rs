//! The model's modules form layers: no import cycle between them. Inputs at the bottom, formulas
//! above them, estimators above those, then the plan, its evaluation and the codecs. A module's
//! `crate::x` (or `crate::x::y` for a file `x/y.rs`) paths outside comments and test code are its
//! imports; a submodule may use its parent (`super::`), which is how Rust nests a part of a domain.
//! Above the model, the app's sections and widgets (`src/sections`, `src/widgets`) only render:
//! they call no estimator.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dirs`, recursively.
fn rust_files(mut dirs: Vec<PathBuf>) -> Vec<PathBuf> {
    let mut files = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir:?}: {e}")) {
            let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().and_then(|e| e.to_str()) == Some("rs") {
                files.push(path);
            }
        }
    }
    files
}

fn modules() -> BTreeMap<String, String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = BTreeMap::new();
    for path in rust_files(vec![src.clone()]) {
        let rel = path
            .strip_prefix(&src)
            .unwrap_or_else(|e| panic!("{e}"))
            .with_extension("");
        let name = rel.to_string_lossy().replace('\\', "/");
        let name = name.strip_suffix("/mod").unwrap_or(&name).to_string();
        if name == "lib" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
        out.insert(name, text);
    }
    out
}

/// The code of a file without its comments and its `#[cfg(test)]` module.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

fn imports(name: &str, text: &str, names: &BTreeSet<String>) -> BTreeSet<String> {
    let code = code(text);
    let mut deps = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        let ident = |s: &str| -> String {
            s.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        };
        // The longest module path the text names: `crate::credits::runway::summary::X` is
        // `credits/runway/summary`, `crate::credits::evaluate::evaluate` is `credits/evaluate`.
        let mut dep = String::new();
        let mut path = String::new();
        let mut at = rest;
        for _ in 0..3 {
            let segment = ident(at);
            if segment.is_empty() {
                break;
            }
            path = if path.is_empty() {
                segment.clone()
            } else {
                format!("{path}/{segment}")
            };
            if names.contains(&path) {
                dep = path.clone();
            }
            match at
                .strip_prefix(segment.as_str())
                .and_then(|r| r.strip_prefix("::"))
            {
                Some(r) => at = r,
                None => break,
            }
        }
        if dep != name && names.contains(&dep) {
            deps.insert(dep);
        }
    }
    deps
}

fn cycle_through(graph: &BTreeMap<String, BTreeSet<String>>, start: &str) -> Option<Vec<String>> {
    // Depth-first search for a path from `start` back to itself.
    let mut stack = vec![(start.to_string(), vec![start.to_string()])];
    let mut seen = BTreeSet::new();
    while let Some((at, path)) = stack.pop() {
        for next in graph.get(&at).into_iter().flatten() {
            if next == start {
                let mut p = path.clone();
                p.push(start.to_string());
                return Some(p);
            }
            if seen.insert(next.clone()) {
                let mut p = path.clone();
                p.push(next.clone());
                stack.push((next.clone(), p));
            }
        }
    }
    None
}

#[test]
fn no_import_cycle_between_model_modules() {
    let files = modules();
    let names: BTreeSet<String> = files.keys().cloned().collect();
    assert!(
        names.contains("credits/evaluate")
            && names.contains("document/compare/column")
            && names.len() > 25,
        "the module list was read: {names:?}"
    );
    let graph: BTreeMap<String, BTreeSet<String>> = files
        .iter()
        .map(|(n, t)| (n.clone(), imports(n, t, &names)))
        .collect();
    // The reader sees what it should: evaluate uses the plan and the runway, the plan does not
    // use evaluate.
    assert!(
        graph["credits/evaluate"].contains("document/plan")
            && graph["credits/evaluate"].contains("credits/runway")
    );
    assert!(!graph["document/plan"].contains("credits/evaluate"));
    let cycles: Vec<Vec<String>> = names
        .iter()
        .filter_map(|n| cycle_through(&graph, n))
        .collect();
    assert!(cycles.is_empty(), "import cycles: {cycles:?}");
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    // A hand-made graph a -> b -> c -> a, and d -> a: the finder must report a's cycle.
    let g: BTreeMap<String, BTreeSet<String>> = [("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")]
        .into_iter()
        .map(|(x, y)| (x.to_string(), BTreeSet::from([y.to_string()])))
        .collect();
    assert_eq!(
        cycle_through(&g, "a"),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    assert_eq!(cycle_through(&g, "d"), None);
    // Comments and test code are not imports.
    let names: BTreeSet<String> = ["x".to_string(), "y".to_string()].into();
    let text = "// crate::y::f\nfn f() {}\n#[cfg(test)]\nmod tests { use crate::y; }";
    assert!(imports("x", text, &names).is_empty());
    assert_eq!(
        imports("x", "use crate::y::Thing;", &names),
        BTreeSet::from(["y".to_string()])
    );
}

/// The model's estimators and simulations: what prices, sizes, sweeps, simulates or ranks. The
/// page's sections only render: these are called from the app's state layer (`src/state/`),
/// never from a file under `src/sections` or `src/widgets`.
const ESTIMATORS: [&str; 25] = [
    "estimate",
    "estimate_overheads",
    "estimate_billing",
    "cost_vs_mfu",
    "cost_by_provider",
    "cost_vs_gpus",
    "cost_vs_interval",
    "contrasting_network",
    "sweeps",
    "billing_modes",
    "what_budget_buys",
    "duty_sweep",
    "volume_sweep",
    "evaluate",
    "price_column",
    "price_job",
    "price_serve",
    "run_plan",
    "runway_inputs",
    "simulate",
    "simulate_totals",
    "advise",
    "advise_plan",
    "bands",
    "plan_applications",
];

/// The estimators `text` names: called (`name(`, bare or by path, not a method or field of
/// something else) or imported (a whole word of a `use runway_model` statement).
fn estimators_in(text: &str) -> BTreeSet<&'static str> {
    let code = code(text);
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = BTreeSet::new();
    for name in ESTIMATORS {
        for (at, _) in code.match_indices(&format!("{name}(")) {
            let head = &code[..at];
            if head
                .chars()
                .next_back()
                .is_some_and(|c| ident(c) || c == '.')
            {
                continue;
            }
            // `chart_text::cost_vs_mfu(…)` words a chart's points; it computes nothing.
            if head.ends_with("chart_text::") {
                continue;
            }
            found.insert(name);
        }
    }
    let mut rest = code.as_str();
    while let Some(at) = rest.find("use runway_model") {
        let stmt = &rest[at..];
        let end = stmt.find(';').unwrap_or(stmt.len());
        let stmt = &stmt[..end];
        // Items imported, not the modules of their paths (`runway_model::plan::BillLine`).
        let mut i = 0;
        while i < stmt.len() {
            let len = stmt[i..]
                .find(|c: char| !ident(c))
                .unwrap_or(stmt.len() - i);
            if len == 0 {
                i += stmt[i..].chars().next().map_or(1, char::len_utf8);
                continue;
            }
            let word = &stmt[i..i + len];
            let is_module = stmt[i + len..].starts_with("::");
            if let Some(name) = ESTIMATORS
                .iter()
                .find(|n| **n == word)
                .filter(|_| !is_module)
            {
                found.insert(name);
            }
            i += len;
        }
        rest = &rest[at + end..];
    }
    found
}

#[test]
fn no_section_or_widget_calls_an_estimator() {
    // The page's sections and the widgets they share (src/sections, src/widgets): they render
    // what the state layer (src/state) computed.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../src");
    let mut files = 0;
    let mut offenders = Vec::new();
    for path in rust_files(vec![root.join("sections"), root.join("widgets")]) {
        files += 1;
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
        let found = estimators_in(&text);
        if !found.is_empty() {
            offenders.push(format!("{}: {found:?}", path.display()));
        }
    }
    assert!(
        files > 25,
        "the sections and widgets were read: {files} files"
    );
    assert!(offenders.is_empty(), "views that compute: {offenders:?}");
}

#[test]
fn the_estimator_finder_finds_calls_and_imports_not_fields() {
    // A call by path, a bare call and an aliased import are found; a memo field of the same
    // name (`state.estimate.read()`), a method, a longer name, a module in a `use` path and the
    // chart-text formatter of the same name are not.
    let text = "use runway_model::compare::{evaluate as price, Column};\n\
                use runway_model::plan::BillLine;\n\
                fn a() { let e = runway_model::cost::estimate(&j, c); run_plan(&p, c); }\n\
                fn b() { state.estimate.read(); x.bands(); my_estimate(1); }\n\
                fn c() { chart_text::cost_vs_mfu(&points, marker); }\n";
    assert_eq!(
        estimators_in(text),
        BTreeSet::from(["estimate", "evaluate", "run_plan"])
    );
    assert!(estimators_in("fn b() { state.estimate.read(); x.bands(); }").is_empty());
}
