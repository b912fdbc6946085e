//! Issue 26: a range appears once in the source. Every number a link, a token or a box accepts is
//! bounded by the field table (`field_spec.rs`) or by one named constant; a token's own parser may
//! not carry its bounds as literals, which is how the comparison columns came to accept runs up to
//! 1,000 while the calculator accepted 10,000.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{dir:?}: {e}")) {
        let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without comments and without its `#[cfg(test)]` module.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The arguments of each call of `name(` in `code` (to the matching parenthesis).
fn calls<'a>(code: &'a str, name: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    for (i, _) in code.match_indices(name) {
        // Not the function's own definition, nor a longer name ending in this one.
        let before = code[..i].trim_end();
        if before.ends_with("fn") || code[..i].ends_with(|c: char| c.is_alphanumeric()) {
            continue;
        }
        let start = i + name.len();
        let mut depth = 1;
        for (j, c) in code[start..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                out.push(&code[start..start + j]);
                break;
            }
        }
    }
    out
}

fn all_sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    sources(&root.join("../src"), &mut files);
    assert!(files.len() > 50, "found only {} files", files.len());
    files
}

#[test]
fn token_parsers_take_their_bounds_from_fields_or_named_constants() {
    let mut found = Vec::new();
    for path in all_sources() {
        let code = code(&path);
        for name in ["parse_whole(", "parse_positive("] {
            for args in calls(&code, name) {
                // The first argument is the text; a bound written as a number is a second copy
                // of a range (a whole number's natural minimum, 0 or 1, is not a range).
                let literal = |b: &str| {
                    let b = b.trim();
                    b.starts_with(|c: char| c.is_ascii_digit())
                        && !matches!(b, "0" | "1" | "0.0" | "1.0")
                };
                if args.split(',').skip(1).any(literal) {
                    found.push(format!("{}: {name}{args})", path.display()));
                }
            }
        }
    }
    assert!(found.is_empty(), "literal bounds:\n{}", found.join("\n"));
}

#[test]
fn the_accelerator_limit_is_written_once() {
    // 100,000 accelerators: `knobs::MAX_GPUS`, which the field table, the work and cmp tokens
    // (through the field) and the sweeps read. Elsewhere, in any spelling, it is a copy.
    let mut found = Vec::new();
    for path in all_sources() {
        if path.ends_with("knobs.rs") {
            continue;
        }
        let code = code(&path);
        for spelling in ["100_000", "100000", "1e5 as u32"] {
            for (i, _) in code.match_indices(spelling) {
                let word = |c: char| c.is_alphanumeric() || c == '_';
                if code[..i].ends_with(word) || code[i + spelling.len()..].starts_with(word) {
                    continue;
                }
                let line = code[..i].lines().count();
                // The checkpoint interval's 100,000 minutes is another range, in the table.
                let text = code.lines().nth(line.saturating_sub(1)).unwrap_or("");
                if path.ends_with("field_spec.rs") && text.contains("span(1.0, 100_000.0)") {
                    continue;
                }
                found.push(format!("{}:{line}: {}", path.display(), text.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "copies of the accelerator limit:\n{}",
        found.join("\n")
    );
}
