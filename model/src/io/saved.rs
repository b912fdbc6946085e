//! Saved scenarios: the JSON kept in the browser's storage and in exported files.
//!
//! A scenario is the whole plan as its share-link query string (every input, grant, workload and
//! override; [`crate::io::link`] is the one codec, exact to the bit and tolerant of bad values), plus a
//! name, a note and when it was last modified. Everything carries a schema `version`; older
//! versions are migrated on read ([`migrate_v1`]), newer ones are refused with a clear message so
//! they are never overwritten by a page that does not understand them. Records derive serde's
//! traits; reading goes through `serde_path_to_error` so that a bad field is named in the message.
//!
//! Decoding never panics: every problem is a [`FileError`] naming the field it is about.

use crate::data::catalog::Catalog;
use crate::io::link::{decode_link, DecodedLink};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::fmt;

/// The schema version this page writes.
pub const SCHEMA_VERSION: u64 = 2;
/// `format` of an exported scenario file.
pub const SCENARIO_FORMAT: &str = "gpu-credit-runway/scenario";
/// `format` of the saved-scenario library in storage.
pub const LIBRARY_FORMAT: &str = "gpu-credit-runway/library";
use crate::input::text::{clean_text, MAX_NAME, MAX_NOTE};
/// Longest plan (query string) accepted, in bytes.
pub const MAX_PLAN: usize = 64 * 1024;
/// Most scenarios a library holds.
pub const MAX_SCENARIOS: usize = 200;

/// One saved plan, as it is written in storage and in files (field `modified` in JSON).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SavedPlan {
    /// Stable id, unique within the library (two tabs merge by it).
    pub id: String,
    /// What the founder called it. Rendered as text, never markup.
    pub name: String,
    /// Free text. Rendered as text, never markup.
    pub note: String,
    /// Last modified, milliseconds since 1970 (UTC).
    #[serde(rename = "modified")]
    pub modified_ms: f64,
    /// The whole plan as a share-link query string (without `?`).
    pub plan: String,
}

impl SavedPlan {
    /// The plan, decoded (bad keys become messages and defaults, as for a link). The saved name
    /// and note win over any the plan's query carries (a rename changes only the record).
    pub fn decode(&self, catalog: &Catalog) -> DecodedLink {
        let mut d = decode_link(&self.plan, catalog);
        d.plan.name = self.name.clone();
        d.plan.note = self.note.clone();
        d
    }
}

impl SavedPlan {
    /// The runway of the record's plan, as the saved list summarizes it; `None` when the job the
    /// page would open (the first, else a new default one) cannot be priced.
    pub fn runway(
        &self,
        catalog: &Catalog,
    ) -> Option<(
        crate::credits::runway::RunwayResult,
        Option<crate::input::calendar::Date>,
    )> {
        let d = self.decode(catalog);
        let editor = d
            .plan
            .jobs()
            .first()
            .map(|&j| j.clone())
            .unwrap_or_default();
        crate::estimators::cost::estimate(&editor, catalog).ok()?;
        Some((
            crate::credits::evaluate::run_plan(&d.plan, catalog),
            d.plan.t0,
        ))
    }
}

/// The plan of a saved record: the share-link query without the name and note, which the record
/// holds itself (so a rename never leaves a stale name inside the plan).
pub fn plan_query(plan: &crate::document::plan::Plan) -> String {
    let bare = crate::document::plan::Plan {
        name: String::new(),
        note: String::new(),
        ..plan.clone()
    };
    crate::io::link::encode_link(&bare)
}

/// Why stored or imported JSON could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// Not JSON at all (or empty).
    NotJson,
    /// JSON, but not ours (no or another `format`).
    Foreign(String),
    /// Written by a newer page.
    FutureVersion(u64),
    /// One field is missing or wrong: its path (`scenarios[2].name`) and what was expected.
    Field { path: String, expected: String },
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::NotJson => f.write_str(&crate::tr!("saved.not_json")),
            FileError::Foreign(format) if format.is_empty() => {
                f.write_str(&crate::tr!("saved.foreign_none", format = SCENARIO_FORMAT))
            }
            FileError::Foreign(format) => f.write_str(&crate::tr!(
                "saved.foreign",
                format = crate::input::parse::echo(format)
            )),
            FileError::FutureVersion(v) => {
                f.write_str(&crate::tr!("saved.future", v = v, max = SCHEMA_VERSION))
            }
            FileError::Field { path, expected } => {
                f.write_str(&crate::tr!("saved.field", path = path, expected = expected))
            }
        }
    }
}

impl crate::locale::Arg for FileError {
    fn write_arg(&self, out: &mut String) {
        out.push_str(&self.to_string());
    }
}

impl std::error::Error for FileError {}

fn field(path: impl Into<String>, expected: &str) -> FileError {
    FileError::Field {
        path: path.into(),
        expected: expected.into(),
    }
}

/// Parses JSON text into an object. serde_json refuses nesting deeper than 128 levels with an
/// error, so hostile input cannot exhaust the stack.
fn parse_json(text: &str) -> Result<Map<String, Value>, FileError> {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(o)) => Ok(o),
        Ok(_) => Err(FileError::Foreign(String::new())),
        Err(_) => Err(FileError::NotJson),
    }
}

/// What a field of a record must hold, in the words of a message.
fn expected_of(key: &str) -> String {
    match key {
        "modified" | "saved_ms" => crate::tr!("saved.expected.number"),
        "scenario" => crate::tr!("saved.expected.object"),
        _ => crate::tr!("saved.expected.text"),
    }
}

/// Deserializes `value` into `T` with serde; a failure names the field it is about
/// (`scenarios[2].name: expected text.`). `required` lists the fields `T` cannot do without, in
/// the order a missing one is reported (serde reports a missing field at the record's own path).
fn typed<'de, T: Deserialize<'de>>(
    value: &'de Value,
    path: &str,
    required: &[&str],
) -> Result<T, FileError> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let key = e.path().iter().next().map(ToString::to_string);
        let missing = || {
            let o = value.as_object()?;
            required.iter().find(|k| !o.contains_key(**k)).copied()
        };
        match key.as_deref().filter(|k| *k != ".").or_else(missing) {
            Some(key) => field(format!("{path}{key}"), &expected_of(key)),
            None => field(
                path.trim_end_matches('.'),
                &crate::tr!("saved.expected.object"),
            ),
        }
    })
}

/// A record as it is read: every field checked by serde, then cleaned.
#[derive(Deserialize)]
struct RecordIn {
    id: String,
    name: String,
    #[serde(default)]
    note: Option<String>,
    modified: f64,
    plan: String,
}

/// Reads `format` and `version`: ours, and not from the future.
fn check_header(o: &Value, format: &str) -> Result<u64, FileError> {
    match o.get("format") {
        Some(Value::String(f)) if f == format => {}
        Some(Value::String(f)) => return Err(FileError::Foreign(f.clone())),
        _ => return Err(FileError::Foreign(String::new())),
    }
    match o.get("version").and_then(Value::as_u64) {
        Some(v) if (1..=SCHEMA_VERSION).contains(&v) => Ok(v),
        Some(v) if v > SCHEMA_VERSION => Err(FileError::FutureVersion(v)),
        _ => Err(field("version", &crate::tr!("saved.expected.version"))),
    }
}

fn decode_saved(o: &Value, path: &str) -> Result<SavedPlan, FileError> {
    let r: RecordIn = typed(o, path, &["id", "name", "modified", "plan"])?;
    if r.plan.len() > MAX_PLAN {
        return Err(field(
            format!("{path}plan"),
            &crate::tr!("saved.expected.plan"),
        ));
    }
    Ok(SavedPlan {
        id: clean_text(&r.id, 64),
        name: clean_text(&r.name, MAX_NAME),
        note: r.note.map(|n| clean_text(&n, MAX_NOTE)).unwrap_or_default(),
        modified_ms: r.modified,
        plan: r.plan.strip_prefix('?').unwrap_or(&r.plan).to_string(),
    })
}

/// An exported scenario file (and the last-open plan in storage): the header, then the record's
/// fields. Serialize it with serde, or write it with [`encode_plan_file`].
#[derive(Serialize)]
pub struct PlanFile {
    format: &'static str,
    version: u64,
    #[serde(flatten)]
    scenario: SavedPlan,
}

impl PlanFile {
    /// The file for one scenario, in the current schema.
    pub fn new(s: &SavedPlan) -> PlanFile {
        PlanFile {
            format: SCENARIO_FORMAT,
            version: SCHEMA_VERSION,
            scenario: for_writing(s),
        }
    }
}

/// The library as stored.
#[derive(Serialize)]
struct LibraryOut<'a> {
    format: &'static str,
    version: u64,
    scenarios: &'a [SavedPlan],
}

/// JSON text of a value whose fields are all strings and finite numbers (it cannot fail; the
/// fallback keeps the signature total).
fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "{}".into())
}

/// A copy fit for writing: the time rounded to a whole millisecond, never NaN or infinite
/// (JSON has no such numbers).
fn for_writing(s: &SavedPlan) -> SavedPlan {
    SavedPlan {
        modified_ms: if s.modified_ms.is_finite() {
            s.modified_ms.round()
        } else {
            0.0
        },
        ..s.clone()
    }
}

/// Writes one scenario as an exported file (importable again).
pub fn encode_plan_file(s: &SavedPlan) -> String {
    to_json(&PlanFile::new(s))
}

/// Reads an exported scenario file.
pub fn decode_plan_file(text: &str) -> Result<SavedPlan, FileError> {
    let o = Value::Object(parse_json(text)?);
    match check_header(&o, SCENARIO_FORMAT)? {
        1 => {
            // A version-1 file holds one scenario in the old shape.
            let lib = migrate_v1(&o)?;
            lib.into_iter()
                .next()
                .ok_or_else(|| field("scenarios", &crate::tr!("saved.expected.one_scenario")))
        }
        _ => decode_saved(&o, ""),
    }
}

/// The saved scenarios, most recently modified first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Library {
    /// The scenarios.
    pub scenarios: Vec<SavedPlan>,
}

/// A library read from storage, and what was wrong with it (entries that could not be read are
/// left out and listed here; the caller keeps the raw text before writing anything back).
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedLibrary {
    /// The readable scenarios.
    pub library: Library,
    /// One message per entry left out.
    pub problems: Vec<FileError>,
}

impl Serialize for Library {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let scenarios: Vec<SavedPlan> = self.scenarios.iter().map(for_writing).collect();
        LibraryOut {
            format: LIBRARY_FORMAT,
            version: SCHEMA_VERSION,
            scenarios: &scenarios,
        }
        .serialize(serializer)
    }
}

impl Library {
    /// The scenario with this id.
    pub fn get(&self, id: &str) -> Option<&SavedPlan> {
        self.scenarios.iter().find(|s| s.id == id)
    }

    /// Inserts or replaces the scenario with the same id, keeping the most recent first.
    pub fn upsert(&mut self, s: SavedPlan) {
        self.scenarios.retain(|x| x.id != s.id);
        let at = self
            .scenarios
            .partition_point(|x| x.modified_ms >= s.modified_ms);
        self.scenarios.insert(at, s);
        self.scenarios.truncate(MAX_SCENARIOS);
    }

    /// Removes the scenario with this id, returning it.
    pub fn remove(&mut self, id: &str) -> Option<SavedPlan> {
        let i = self.scenarios.iter().position(|s| s.id == id)?;
        Some(self.scenarios.remove(i))
    }

    /// Writes the library for storage.
    pub fn encode(&self) -> String {
        to_json(self)
    }

    /// Reads a library from storage. A whole-file problem (not JSON, foreign, future version) is
    /// an error; bad entries are left out and reported.
    pub fn decode(text: &str) -> Result<LoadedLibrary, FileError> {
        let o = Value::Object(parse_json(text)?);
        if check_header(&o, LIBRARY_FORMAT)? == 1 {
            let mut library = Library::default();
            for s in migrate_v1(&o)? {
                library.upsert(s);
            }
            return Ok(LoadedLibrary {
                library,
                problems: vec![],
            });
        }
        let Some(Value::Array(items)) = o.get("scenarios") else {
            return Err(field("scenarios", &crate::tr!("saved.expected.list")));
        };
        let mut library = Library::default();
        let mut problems = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let path = format!("scenarios[{i}].");
            let decoded = match item {
                Value::Object(_) => decode_saved(item, &path),
                _ => Err(field(
                    format!("scenarios[{i}]"),
                    &crate::tr!("saved.expected.object"),
                )),
            };
            match decoded {
                Ok(s) if library.get(&s.id).is_some() || s.id.is_empty() => problems.push(field(
                    format!("{path}id"),
                    &crate::tr!("saved.expected.unique_id"),
                )),
                Ok(s) => library.upsert(s),
                Err(e) => problems.push(e),
            }
        }
        Ok(LoadedLibrary { library, problems })
    }
}

/// One entry of a version-1 library.
#[derive(Deserialize)]
struct V1Entry {
    name: String,
    saved_ms: f64,
    scenario: Map<String, Value>,
}

/// Version 1, the calculator-only schema from before credit plans and hidden costs:
/// `{"format": …, "version": 1, "scenarios": [{"name", "saved_ms", "scenario": {"params", "tokens",
/// "gpu", "gpus", "mfu", "duty", "provider", "price"}}]}`. Each entry becomes a version-2 scenario
/// whose plan is the same inputs as link keys (everything added since takes its default).
pub fn migrate_v1(o: &Value) -> Result<Vec<SavedPlan>, FileError> {
    let Some(Value::Array(items)) = o.get("scenarios") else {
        return Err(field("scenarios", &crate::tr!("saved.expected.list")));
    };
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let path = format!("scenarios[{i}].");
        if !item.is_object() {
            return Err(field(
                format!("scenarios[{i}]"),
                &crate::tr!("saved.expected.object"),
            ));
        }
        let entry: V1Entry = typed(item, &path, &["name", "saved_ms", "scenario"])?;
        let mut plan = form_urlencoded::Serializer::new(String::new());
        for key in [
            "params", "tokens", "gpu", "gpus", "mfu", "duty", "provider", "price",
        ] {
            let value = match entry.scenario.get(key) {
                None | Some(Value::Null) => continue,
                Some(Value::String(s)) => s.clone(),
                Some(Value::Number(n)) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
                    (Some(u), _, _) => u.to_string(),
                    (None, Some(i), _) => i.to_string(),
                    (None, None, Some(f)) => crate::input::parse::format_number_exact(f),
                    _ => {
                        return Err(field(
                            format!("{path}scenario.{key}"),
                            &crate::tr!("saved.expected.number_or_text"),
                        ))
                    }
                },
                Some(_) => {
                    return Err(field(
                        format!("{path}scenario.{key}"),
                        &crate::tr!("saved.expected.number_or_text"),
                    ))
                }
            };
            plan.append_pair(key, &value);
        }
        out.push(SavedPlan {
            id: format!("v1-{i}"),
            name: clean_text(&entry.name, MAX_NAME),
            note: String::new(),
            modified_ms: entry.saved_ms,
            plan: plan.finish(),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::text::typed_text;

    fn catalog() -> Catalog {
        Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
    }

    fn sample(id: &str, modified_ms: f64) -> SavedPlan {
        SavedPlan {
            id: id.into(),
            name: format!("Plan {id}"),
            note: "a \"quoted\" note\nwith <b>markup</b>".into(),
            modified_ms,
            plan: "params=70B&gpus=512&grant=aws-activate%3A100K%3A0%3A12%3A730&spot=1".into(),
        }
    }

    #[test]
    fn scenario_files_round_trip() {
        let s = sample("a", 1_764_460_800_000.0);
        let text = encode_plan_file(&s);
        assert!(text.contains("\"format\":\"gpu-credit-runway/scenario\""));
        assert!(text.contains("\"version\":2"));
        assert_eq!(decode_plan_file(&text), Ok(s.clone()));
        let d = s.decode(&catalog());
        assert_eq!(d.plan.jobs()[0].params, 70e9);
        assert!(d.plan.settings.overheads.spot);
        assert_eq!(d.plan.grants.len(), 1);
    }

    #[test]
    fn a_record_keeps_its_display_currency_beside_its_plan() {
        // The page saves a plan with the view keys of its currency: the plan reads as without
        // them, and the currency reads back for the page to show the plan in.
        let mut s = sample("b", 1_764_460_800_000.0);
        let bare = s.decode(&catalog());
        s.plan.push_str("&cur=brl&fx=5.4");
        let text = encode_plan_file(&s);
        assert_eq!(decode_plan_file(&text), Ok(s.clone()));
        let d = s.decode(&catalog());
        assert!(d.errors.is_empty() && d.plan_errors.is_empty() && d.view_errors.is_empty());
        assert_eq!(d.plan, bare.plan);
        assert_eq!(
            crate::io::link::view_currency(&s.plan).map(|c| (c.code.iso(), c.per_usd)),
            Some(("BRL", 5.4))
        );
    }

    #[test]
    fn version_1_fixture_migrates_to_the_current_version() {
        // A library written by the calculator-only page: one scenario with a price override, one
        // with a null price.
        let v1 = r#"{"format":"gpu-credit-runway/library","version":1,"scenarios":[
            {"name":"Seed plan","saved_ms":1732096800000,"scenario":{"params":7000000000,"tokens":2e12,"gpu":"a100-80gb","gpus":8,"mfu":0.38,"duty":0.5,"provider":"coreweave","price":2.1}},
            {"name":"Big run","saved_ms":1732183200000,"scenario":{"params":70e9,"tokens":1.5e12,"gpu":"h100-sxm","gpus":512,"mfu":0.4,"duty":1,"provider":"aws","price":null}}]}"#;
        let loaded = Library::decode(v1).unwrap_or_else(|e| panic!("{e}"));
        assert!(loaded.problems.is_empty());
        let lib = loaded.library;
        // Most recent first.
        assert_eq!(lib.scenarios[0].name, "Big run");
        assert_eq!(lib.scenarios[1].name, "Seed plan");
        let seed = lib.scenarios[1].decode(&catalog());
        assert!(seed.errors.is_empty(), "{:?}", seed.errors);
        let s = &seed.plan.jobs()[0];
        assert_eq!(
            (s.params, s.tokens, s.gpus, s.mfu, s.duty),
            (7e9, 2e12, 8, 0.38, 0.5)
        );
        assert_eq!(
            (s.accelerator_id.as_str(), s.provider_id.as_str()),
            ("a100-80gb", "coreweave")
        );
        assert_eq!(s.price_override_usd_per_gpu_hour, Some(2.1));
        // Everything added since version 1 takes its default.
        assert_eq!(
            seed.plan.settings,
            crate::input::settings::Settings::default()
        );
        assert_eq!(
            lib.scenarios[0].decode(&catalog()).plan.jobs()[0].price_override_usd_per_gpu_hour,
            None
        );
        // Re-encoded, it is a version-2 library that reads back the same.
        let again = Library::decode(&lib.encode()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(again.library, lib);
    }

    #[test]
    fn bad_files_say_what_is_wrong() {
        let msg = |t: &str| decode_plan_file(t).unwrap_err().to_string();
        assert_eq!(msg(""), "This is not a JSON file.");
        assert_eq!(msg("{\"a\":"), "This is not a JSON file.");
        assert_eq!(msg("[1,2]"), "This JSON is not a GPU Credit Runway scenario (it has no \"format\": \"gpu-credit-runway/scenario\").");
        assert_eq!(
            msg(r#"{"format":"other-app/v9"}"#),
            "This JSON is a \"other-app/v9\", not a GPU Credit Runway scenario."
        );
        assert_eq!(msg(r#"{"format":"gpu-credit-runway/scenario","version":3,"plan":""}"#), "This file has schema version 3, newer than this page understands (2). Open it with a newer version of the page; nothing was changed.");
        assert_eq!(
            msg(
                r#"{"format":"gpu-credit-runway/scenario","version":2,"id":"x","name":"n","modified":1}"#
            ),
            "plan: expected text."
        );
        assert_eq!(
            msg(
                r#"{"format":"gpu-credit-runway/scenario","version":2,"id":"x","name":7,"modified":1,"plan":""}"#
            ),
            "name: expected text."
        );
        assert_eq!(
            msg(r#"{"format":"gpu-credit-runway/scenario","version":"2"}"#),
            "version: expected a whole number from 1."
        );
    }

    #[test]
    fn a_partial_library_keeps_the_good_entries_and_reports_the_rest() {
        let mut lib = Library::default();
        lib.upsert(sample("a", 1.0));
        lib.upsert(sample("b", 2.0));
        let text = lib
            .encode()
            .replacen("\"name\":\"Plan a\"", "\"name\":null", 1);
        let loaded = Library::decode(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(loaded.library.scenarios.len(), 1);
        assert_eq!(loaded.library.scenarios[0].id, "b");
        assert_eq!(
            loaded.problems[0].to_string(),
            "scenarios[1].name: expected text."
        );
    }

    #[test]
    fn upsert_orders_by_modified_and_replaces_by_id() {
        let mut lib = Library::default();
        lib.upsert(sample("a", 10.0));
        lib.upsert(sample("b", 30.0));
        lib.upsert(sample("c", 20.0));
        let ids: Vec<&str> = lib.scenarios.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["b", "c", "a"]);
        lib.upsert(sample("a", 40.0));
        assert_eq!(lib.scenarios[0].id, "a");
        assert_eq!(lib.scenarios.len(), 3);
        assert_eq!(lib.remove("c").map(|s| s.id), Some("c".into()));
        assert_eq!(lib.remove("c"), None);
    }

    #[test]
    fn records_hold_the_name_and_note_not_the_plan() {
        let d = decode_link("params=13B&name=Old&note=n", &catalog());
        let q = plan_query(&d.plan);
        assert!(
            !q.contains("name=") && !q.contains("note=") && q.contains("job=pretrain%3A13B%3A")
        );
        let record = SavedPlan {
            id: "x".into(),
            name: "New name".into(),
            note: "New note".into(),
            modified_ms: 0.0,
            plan: "params=13B&name=Stale".into(),
        };
        let opened = record.decode(&catalog());
        assert_eq!(
            (opened.plan.name.as_str(), opened.plan.note.as_str()),
            ("New name", "New note")
        );
    }

    #[test]
    fn a_missing_or_wrong_field_is_named() {
        let msg = |t: &str| decode_plan_file(t).unwrap_err().to_string();
        let head = r#"{"format":"gpu-credit-runway/scenario","version":2,"#;
        assert_eq!(
            msg(&format!(r#"{head}"id":"x","name":"n","plan":""}}"#)),
            "modified: expected a number."
        );
        assert_eq!(
            msg(&format!(
                r#"{head}"id":"x","name":"n","modified":1,"plan":"","note":[1]}}"#
            )),
            "note: expected text."
        );
        // A null note is an empty one.
        let ok = decode_plan_file(&format!(
            r#"{head}"id":"x","name":"n","modified":1,"plan":"?a=1","note":null}}"#
        ));
        assert_eq!(
            ok.map(|s| (s.note, s.plan)),
            Ok((String::new(), "a=1".into()))
        );
        let v1 = |entry: &str| {
            Library::decode(&format!(
                r#"{{"format":"gpu-credit-runway/library","version":1,"scenarios":[{entry}]}}"#
            ))
            .unwrap_err()
            .to_string()
        };
        assert_eq!(
            v1(r#"{"saved_ms":1,"scenario":{}}"#),
            "scenarios[0].name: expected text."
        );
        assert_eq!(
            v1(r#"{"name":"a","saved_ms":1,"scenario":3}"#),
            "scenarios[0].scenario: expected an object."
        );
        // Nesting far past serde_json's limit is refused, not a stack overflow.
        assert_eq!(msg(&"[".repeat(100_000)), "This is not a JSON file.");
    }

    #[test]
    fn typed_text_keeps_spaces_and_new_lines_until_saved() {
        // Typed one key at a time: "My " then "My plan A" keep their spaces; only saving trims.
        assert_eq!(typed_text("My ", MAX_NAME), "My ");
        assert_eq!(typed_text("My plan A", MAX_NAME), "My plan A");
        assert_eq!(typed_text("line 1\n", MAX_NOTE), "line 1\n");
        assert_eq!(typed_text("a\u{7}b\u{0}", MAX_NAME), "ab");
        assert_eq!(clean_text("  My plan A \n", MAX_NAME), "My plan A");
    }

    #[test]
    fn names_are_cleaned_but_markup_is_kept_as_text() {
        assert_eq!(
            clean_text("  <img src=x onerror=alert(1)>\u{7}  ", 80),
            "<img src=x onerror=alert(1)>"
        );
        assert_eq!(clean_text(&"é".repeat(100), MAX_NAME).chars().count(), 80);
    }
}
