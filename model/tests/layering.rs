//! The model's modules form layers: no import cycle between them. Inputs at the bottom, formulas
//! above them, estimators above those, then the plan, its evaluation and the codecs. A module's
//! `crate::x` (or `crate::x::y` for a file `x/y.rs`) paths outside comments and test code are its
//! imports; a submodule may use its parent (`super::`), which is how Rust nests a part of a domain.
//! Above the model, the app's modules (`src/`) form layers too, and its sections and widgets
//! (`src/sections`, `src/widgets`) only render: they call none of the model's computing functions
//! (read from model/src/lib.rs).

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

/// The model's modules: name (file path under model/src without `.rs`, a `mod.rs` its folder) →
/// text.
fn modules() -> BTreeMap<String, String> {
    modules_under(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), "lib")
}

/// The modules of the crate whose sources are under `src` (`root`: its crate root file, left out).
fn modules_under(src: &Path, root: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for path in rust_files(vec![src.to_path_buf()]) {
        let rel = path
            .strip_prefix(src)
            .unwrap_or_else(|e| panic!("{e}"))
            .with_extension("");
        let name = rel.to_string_lossy().replace('\\', "/");
        let name = name.strip_suffix("/mod").unwrap_or(&name).to_string();
        if name == root {
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
fn no_import_cycle_between_app_modules() {
    // The page's modules (src/: `app`, `lang`, `state`, `state/derived`, `sections/answers`, …):
    // the same rule as the model's. The state and the views never reach back to the module that
    // builds the page, so a view can be read, and the state tested, without the whole page.
    let files = modules_under(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../src"),
        "main",
    );
    let names: BTreeSet<String> = files.keys().cloned().collect();
    assert!(
        names.contains("app")
            && names.contains("state")
            && names.contains("sections/answers")
            && names.len() > 25,
        "the module list was read: {names:?}"
    );
    let graph: BTreeMap<String, BTreeSet<String>> = files
        .iter()
        .map(|(n, t)| (n.clone(), imports(n, t, &names)))
        .collect();
    assert!(graph["app"].contains("state") && graph["sections/billing"].contains("state"));
    let cycles: Vec<Vec<String>> = names
        .iter()
        .filter_map(|n| cycle_through(&graph, n))
        .collect();
    assert!(cycles.is_empty(), "import cycles in src/: {cycles:?}");
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

/// The model's computing functions, read from its own surface (model/src/lib.rs), so a new one is
/// covered without a word here: every function (a lowercase name; types and constants are not
/// calls) that lib.rs re-exports from the estimators (`pub use estimators::…`) and from the credits
/// (`pub use credits::…`: evaluation, runway, planner, answers, self-host), and the top-level
/// functions of `montecarlo` (called by path, `montecarlo::bands(…)`). The page's sections only
/// render: these are called from the app's state layer (`src/state/`), never from a file under
/// `src/sections` or `src/widgets`. Link decoders (`decode_…`) read, they do not compute.
fn computing_functions() -> (BTreeSet<String>, BTreeSet<String>) {
    let model = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib =
        code(&std::fs::read_to_string(model.join("lib.rs")).unwrap_or_else(|e| panic!("{e}")));
    let mut names = BTreeSet::new();
    let mut rest = lib.as_str();
    while let Some(at) = rest.find("pub use ") {
        let stmt = &rest[at + "pub use ".len()..];
        let end = stmt.find(';').unwrap_or(stmt.len());
        let stmt_text = &stmt[..end];
        if stmt_text.starts_with("estimators::") || stmt_text.starts_with("credits::") {
            names.extend(functions_named(stmt_text));
        }
        rest = &stmt[end..];
    }
    let montecarlo = code(
        &std::fs::read_to_string(model.join("montecarlo.rs")).unwrap_or_else(|e| panic!("{e}")),
    );
    let by_path: BTreeSet<String> = montecarlo
        .lines()
        .filter_map(|l| l.strip_prefix("pub fn "))
        .map(|l| {
            l.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .filter(|n| !n.is_empty() && !n.starts_with("decode_"))
        .collect();
    (names, by_path)
}

/// The function names a `use` list names: lowercase words not followed by `::` (not a module of
/// the path) and not `self`.
fn functions_named(stmt: &str) -> BTreeSet<String> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = BTreeSet::new();
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
        let is_module = stmt[i + len..].trim_start().starts_with("::");
        let lowercase = word.starts_with(|c: char| c.is_ascii_lowercase());
        let is_alias = stmt[..i].trim_end().ends_with(" as");
        if lowercase && !is_module && word != "self" && word != "as" && !is_alias {
            out.insert(word.to_string());
        }
        i += len;
    }
    out
}

/// The computing functions `text` names (`names`: bare or by a `runway_model::` path;
/// `by_path`: after `montecarlo::`): called (`name(`, not a method or field of something else,
/// not a function of another module such as `chart_text::`, not a definition) or imported (a
/// whole word of a `use runway_model` statement).
fn estimators_in(
    text: &str,
    names: &BTreeSet<String>,
    by_path: &BTreeSet<String>,
) -> BTreeSet<String> {
    let code = code(text);
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = BTreeSet::new();
    for (name, module) in names
        .iter()
        .map(|n| (n, None))
        .chain(by_path.iter().map(|n| (n, Some("montecarlo::"))))
    {
        for (at, _) in code.match_indices(&format!("{name}(")) {
            let head = &code[..at];
            if head
                .chars()
                .next_back()
                .is_some_and(|c| ident(c) || c == '.')
                || head.trim_end().ends_with("fn")
            {
                continue;
            }
            // The path before the name (`runway_model::cost::` in `runway_model::cost::estimate(`).
            let path = &head[head.trim_end_matches(|c: char| ident(c) || c == ':').len()..];
            let path_ok = match module {
                Some(m) => path.ends_with(m),
                // Bare, or by the model's path: `chart_text::cost_vs_mfu(…)` words a chart's
                // points and `Self::summary(…)` is the view's own.
                None => path.is_empty() || path.starts_with("runway_model::"),
            };
            if path_ok {
                found.insert(name.clone());
            }
        }
    }
    let mut rest = code.as_str();
    while let Some(at) = rest.find("use runway_model") {
        let stmt = &rest[at..];
        let end = stmt.find(';').unwrap_or(stmt.len());
        // Items imported, not the modules of their paths (`runway_model::plan::BillLine`).
        for word in functions_named(&stmt[..end]) {
            if names.contains(&word) || by_path.contains(&word) {
                found.insert(word);
            }
        }
        rest = &rest[at + end..];
    }
    found
}

/// Views that still call the model's computing functions, with what they call (as the finder lists
/// it: `("sections/x.rs", r#"{"estimate"}"#)`), until they read the state's memos instead. Empty:
/// every view renders what the state computed.
const PENDING: [(&str, &str); 0] = [];

#[test]
fn no_section_or_widget_calls_an_estimator() {
    // The page's sections and the widgets they share (src/sections, src/widgets): they render
    // what the state layer (src/state) computed.
    let (names, by_path) = computing_functions();
    // lib.rs was read: the estimators, the evaluation, the runway, the answers and the bands.
    for n in [
        "estimate",
        "sweeps",
        "evaluate",
        "simulate",
        "credit_totals",
        "chart_window",
    ] {
        assert!(names.contains(n), "{n} is a computing function: {names:?}");
    }
    assert!(by_path.contains("bands"), "{by_path:?}");
    // Types and constants are not calls; neither is a module of a path.
    for n in [
        "Estimate",
        "MAX_SWEEP_DAYS",
        "summary_of",
        "runway",
        "evaluate_x",
    ] {
        assert!(!names.contains(n), "{n}");
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../src");
    let mut files = 0;
    let mut offenders = Vec::new();
    for path in rust_files(vec![root.join("sections"), root.join("widgets")]) {
        files += 1;
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
        let found = estimators_in(&text, &names, &by_path);
        if !found.is_empty() {
            offenders.push(format!("{}: {found:?}", path.display()));
        }
    }
    assert!(
        files > 25,
        "the sections and widgets were read: {files} files"
    );
    // Views being reworked by hand elsewhere, with what they still call: each entry must still be
    // needed (remove it once the file is clean), and nothing else may compute.
    let pending: Vec<String> = PENDING
        .iter()
        .map(|(file, names)| format!("{}: {names}", root.join(file).display()))
        .collect();
    let (known, offenders): (Vec<String>, Vec<String>) =
        offenders.into_iter().partition(|o| pending.contains(o));
    assert!(offenders.is_empty(), "views that compute: {offenders:?}");
    assert_eq!(
        known.len(),
        PENDING.len(),
        "a pending view no longer computes what PENDING says: drop or update its entry ({known:?})"
    );
}

#[test]
fn the_estimator_finder_finds_calls_and_imports_not_fields() {
    // A call by path, a bare call and an aliased import are found; a memo field of the same
    // name (`state.estimate.read()`), a method, a longer name, a module in a `use` path, a
    // definition and the chart-text formatter of the same name are not.
    let names: BTreeSet<String> = ["estimate", "evaluate", "run_plan", "cost_vs_mfu", "bands"]
        .map(String::from)
        .into();
    let by_path: BTreeSet<String> = ["bands".to_string()].into();
    let text = "use runway_model::compare::{evaluate as price, Column};\n\
                use runway_model::plan::BillLine;\n\
                fn a() { let e = runway_model::cost::estimate(&j, c); run_plan(&p, c); }\n\
                fn b() { state.estimate.read(); x.bands(); my_estimate(1); }\n\
                fn c() { chart_text::cost_vs_mfu(&points, marker); }\n\
                fn d() { montecarlo::bands(&p, &o, c); }\n";
    let found =
        |t: &str| -> Vec<String> { estimators_in(t, &names, &by_path).into_iter().collect() };
    assert_eq!(found(text), ["bands", "estimate", "evaluate", "run_plan"]);
    assert!(found("fn b() { state.estimate.read(); x.bands(); }").is_empty());
    assert!(found("fn estimate(x: u8) {} fn f() { Self::evaluate(1) }").is_empty());
    // The surface's functions: lowercase words of a `use` list, not its modules, types or aliases.
    assert_eq!(
        functions_named("credits::runway::summary::{chart_window, markers, ChartWindow, MAX_X}")
            .into_iter()
            .collect::<Vec<_>>(),
        ["chart_window", "markers"]
    );
}
