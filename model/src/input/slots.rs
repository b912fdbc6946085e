//! One codec for the link's positional tokens (`job=`, `serve=`, `work=`, `cmp=`, `grant=`). A token is a
//! list of [`Slot`]s over the input table's fields; [`decode`] and [`encode`] read and write any
//! of them the same way:
//! - a token with fewer fields than its required slots, or more than it has slots, is refused
//!   with its shape ([`TokenProblem::Shape`](crate::input::token::TokenProblem::Shape));
//! - a slot that is not required reads as its default when absent or empty;
//! - a number is read by its [`Field`] (one range, one message, the calculator's own) and written
//!   as links write it ([`Field::link_text`]);
//! - trailing slots left at their default are not written, so a link written before a slot
//!   existed reads back the same.
//!
//! The `job=` token's slots are the input table's job rows in position order ([`job_slots`]), so
//! a new per-job input is its row, its [`Job`] field and its formula: its place in links, its
//! parsing, its range and its message follow from the row.

use crate::data::catalog::Catalog;
use crate::input::field_spec::{Field, Need, Origin};
use crate::input::grant_field::GrantError;
use crate::input::ids::{validate_accelerator, validate_provider};
use crate::input::job::Job;
use crate::input::kind::WorkloadKind;
use crate::input::params::ParamCount;
use crate::input::parse::{InputError, Problem};
use crate::input::settings::Settings;
use crate::input::token::{Token, TokenError};

/// What reading a slot needs besides its text.
#[derive(Clone, Copy)]
pub struct Cx<'a> {
    /// Where the text came from: a link, or a box the reader typed in (their decimal mark,
    /// percentages).
    pub origin: Origin,
    /// The catalog ids are checked against.
    pub catalog: &'a Catalog,
    /// The token as messages name it ("Job 2").
    pub label: &'a str,
}

/// Why a slot's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SlotError {
    /// By the input table's rules for a field.
    Input(InputError),
    /// By a grant's field table.
    Grant(GrantError),
    /// In words, naming the token; with the field's key when one field is at fault.
    Said(Option<&'static str>, String),
}

impl From<InputError> for SlotError {
    fn from(e: InputError) -> Self {
        SlotError::Input(e)
    }
}

impl SlotError {
    /// The token's error.
    pub fn at(self, at: Token) -> TokenError {
        match self {
            SlotError::Input(e) => TokenError::input(at, e),
            SlotError::Grant(e) => TokenError::grant(at, "", e),
            SlotError::Said(Some(field), message) => TokenError::in_field(at, field, message),
            SlotError::Said(None, message) => TokenError::new(at, message),
        }
    }
}

/// A record a token describes: its numeric fields, read and written through the input table.
pub trait Record {
    /// The field's value (`None`: absent, like no price override).
    fn number(&self, field: Field) -> Option<f64>;
    /// Sets the field to a value its row accepted (so whole-number casts are exact).
    fn set_number(&mut self, field: Field, value: f64);
    /// The value a [`Need::WhenSet`] slot leaves unwritten: the table's default.
    fn unset(&self, field: Field) -> Option<f64> {
        field.default_number()
    }
}

/// Reads a slot's text into the record.
pub type Read<T> = fn(&mut T, &str, &Cx) -> Result<(), SlotError>;
/// A slot's text in a link; `None` when it is at its default (written empty, or left out at the
/// end).
pub type Write<T> = fn(&T) -> Option<String>;

/// Where a slot's value lives.
pub enum Place<T> {
    /// A numeric field of the input table, read by [`Field::parse`] into [`Record::set_number`].
    Number(Field),
    /// Anything else (ids, a mixture of experts' parameters, a serving line's months): its own
    /// reader and writer.
    Own(Read<T>, Write<T>),
}

/// One `:`-separated field of a token.
pub struct Slot<T> {
    /// Where its value lives.
    pub place: Place<T>,
    /// Whether it is required, and when it is written.
    pub need: Need,
}

impl<T> Slot<T> {
    /// A numeric field of the input table.
    pub const fn number(field: Field, need: Need) -> Self {
        Slot {
            place: Place::Number(field),
            need,
        }
    }

    /// A slot with its own reader and writer.
    pub const fn own(read: Read<T>, write: Write<T>, need: Need) -> Self {
        Slot {
            place: Place::Own(read, write),
            need,
        }
    }
}

/// Splits a token into its fields, refusing one with fewer than its required slots or more
/// than it has slots.
pub fn split<'t, T>(
    token: &'t str,
    at: Token,
    slots: &[Slot<T>],
) -> Result<Vec<&'t str>, TokenError> {
    let parts: Vec<&str> = token.split(':').collect();
    let required = slots.iter().filter(|s| s.need == Need::Required).count();
    if (required..=slots.len()).contains(&parts.len()) {
        Ok(parts)
    } else {
        Err(TokenError::shape(at, token))
    }
}

/// Reads `parts` into `value`, slot by slot in order: the first refusal is the error.
pub fn decode<T: Record>(
    slots: &[Slot<T>],
    parts: &[&str],
    at: Token,
    cx: &Cx,
    mut value: T,
) -> Result<T, TokenError> {
    for (i, slot) in slots.iter().enumerate() {
        let raw = parts.get(i).copied().unwrap_or("");
        if slot.need != Need::Required && raw.trim().is_empty() {
            continue;
        }
        match slot.place {
            Place::Number(field) => {
                let v = field
                    .parse(raw, cx.origin)
                    .map_err(|e| TokenError::input(at, e))?;
                value.set_number(field, v);
            }
            Place::Own(read, _) => read(&mut value, raw, cx).map_err(|e| e.at(at))?,
        }
    }
    Ok(value)
}

/// Writes `value`'s token: every slot up to the last one not at its default.
pub fn encode<T: Record>(slots: &[Slot<T>], value: &T) -> String {
    let texts: Vec<Option<String>> = slots
        .iter()
        .map(|slot| {
            let text = match slot.place {
                Place::Number(field) => {
                    let v = value.number(field)?;
                    if slot.need == Need::WhenSet && Some(v) == value.unset(field) {
                        return None;
                    }
                    Some(field.link_text(v))
                }
                Place::Own(_, write) => write(value),
            };
            // A required or always-written slot is written even if its writer has nothing.
            match slot.need {
                Need::WhenSet => text,
                Need::Required | Need::Written => Some(text.unwrap_or_default()),
            }
        })
        .collect();
    let end = texts.iter().rposition(Option::is_some).map_or(0, |i| i + 1);
    texts[..end]
        .iter()
        .map(|t| t.as_deref().unwrap_or(""))
        .collect::<Vec<_>>()
        .join(":")
}

/// A provider's id as given; checked by the accelerator's slot that follows it (a provider is
/// valid only for an accelerator it rents).
pub fn provider_as_given(id: &mut String, raw: &str) {
    *id = raw.trim().to_string();
}

/// Checks an accelerator id against the catalog, then the provider given before it against the
/// accelerator: the accelerator's message first, as a reader fixes them.
pub fn accelerator_then_provider(
    accelerator_id: &mut String,
    provider_id: &mut String,
    raw: &str,
    catalog: &Catalog,
) -> Result<(), SlotError> {
    *accelerator_id = validate_accelerator(raw, catalog)?;
    *provider_id = validate_provider(provider_id, accelerator_id, catalog)?;
    Ok(())
}

/// Reads a parameters slot (`7B`, or `37B/671B` for a mixture of experts) by `field`'s range.
pub fn read_params(field: Field, raw: &str, cx: &Cx) -> Result<ParamCount, SlotError> {
    Ok(ParamCount::parse(field, raw, cx.origin)?)
}

/// A parameters slot's text.
pub fn params_text(field: Field, active: f64, total: Option<f64>) -> String {
    ParamCount { active, total }.text(field, false)
}

/// The default settings, built once: a job field's accessor reads the job only, but takes the
/// plan's settings too (the input table's accessors read either).
fn no_settings() -> &'static Settings {
    static SETTINGS: std::sync::OnceLock<Settings> = std::sync::OnceLock::new();
    SETTINGS.get_or_init(Settings::default)
}

impl Record for Job {
    fn number(&self, field: Field) -> Option<f64> {
        field.number(self, no_settings())
    }
    fn set_number(&mut self, field: Field, value: f64) {
        field.set(self, &mut Settings::default(), Some(value));
    }
}

/// The `job=` token's slots: the input table's job rows, in their positions, built once. Numbers
/// are read through their rows; the four id-like fields (kind, parameters, provider,
/// accelerator) by their own readers.
pub fn job_slots() -> &'static [Slot<Job>] {
    static SLOTS: std::sync::OnceLock<Vec<Slot<Job>>> = std::sync::OnceLock::new();
    SLOTS.get_or_init(build_job_slots)
}

fn build_job_slots() -> Vec<Slot<Job>> {
    crate::input::field_spec::job_rows()
        .into_iter()
        .map(|(field, need)| match field {
            Field::Kind => Slot::own(read_kind, |j| Some(j.kind.id().to_string()), need),
            Field::Params => Slot::own(
                |j: &mut Job, raw: &str, cx: &Cx| {
                    let p = read_params(Field::Params, raw, cx)?;
                    j.params = p.active;
                    j.params_total = p.total;
                    Ok(())
                },
                |j| Some(params_text(Field::Params, j.params, j.params_total)),
                need,
            ),
            Field::Provider => Slot::own(
                |j: &mut Job, raw: &str, _: &Cx| {
                    provider_as_given(&mut j.provider_id, raw);
                    Ok(())
                },
                |j| Some(j.provider_id.clone()),
                need,
            ),
            Field::Gpu => Slot::own(
                |j: &mut Job, raw: &str, cx: &Cx| {
                    accelerator_then_provider(
                        &mut j.accelerator_id,
                        &mut j.provider_id,
                        raw,
                        cx.catalog,
                    )
                },
                |j| Some(j.accelerator_id.clone()),
                need,
            ),
            // Every other job field is a number of the table (a test checks).
            _ => Slot::number(field, need),
        })
        .collect()
}

fn read_kind(j: &mut Job, raw: &str, cx: &Cx) -> Result<(), SlotError> {
    j.kind = WorkloadKind::from_id(raw.trim())
        .filter(|k| k.trains())
        .ok_or_else(|| {
            InputError::new(
                Field::Kind,
                raw,
                Problem::UnknownId,
                Field::Kind.accepted(cx.origin),
            )
        })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::field_spec::ValueSpec;

    #[test]
    fn job_slots_are_the_job_rows_in_consecutive_positions() {
        let mut at: Vec<usize> = Field::ALL
            .into_iter()
            .filter_map(|f| f.spec().job.map(|s| s.at))
            .collect();
        at.sort_unstable();
        assert_eq!(
            at,
            (0..at.len()).collect::<Vec<_>>(),
            "a gap or a position twice"
        );
        // Required slots come first: an optional one before a required one could not be left out.
        let needs: Vec<Need> = job_slots().iter().map(|s| s.need).collect();
        let first_optional = needs.iter().position(|n| *n != Need::Required);
        assert!(needs[first_optional.unwrap_or(needs.len())..]
            .iter()
            .all(|n| *n != Need::Required));
        // A job field read as a number must be a numeric row.
        for slot in job_slots() {
            if let Place::Number(f) = slot.place {
                assert!(matches!(f.spec().value, ValueSpec::Number(_)), "{f:?}");
            }
        }
    }

    fn catalog() -> Catalog {
        Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn an_empty_optional_slot_is_its_default_in_every_token() {
        // Jobs and serving lines always read an empty optional field as its default; experiments
        // and comparison columns refused it ("duty: nothing was given"). One codec, one rule.
        let c = catalog();
        let work = crate::document::experiments::parse_work("aws:h100-sxm:8:100:0:", 0, &c)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (work.duty, work.price_override_usd_per_gpu_hour),
            (1.0, None)
        );
        let column = crate::document::compare::parse_column("lora:8B:200M:1:10:", 0)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(column.gpus, None);
        let rag = crate::document::compare::parse_column("rag:335M:200M::7", 0)
            .unwrap_or_else(|e| panic!("{e}"));
        // Queries a month left empty: the default 1M; k given: 7.
        assert_eq!(
            (
                rag.retrieval.queries_per_month,
                rag.retrieval.chunks_per_query
            ),
            (1e6, 7)
        );
        // A required slot left empty is still refused, by its field.
        let e = crate::document::experiments::parse_work("aws:h100-sxm::100:0", 0, &c).err();
        assert_eq!(e.and_then(|e| e.field), Some("gpus"));
    }

    #[test]
    fn token_messages_are_in_the_language_they_are_shown_in() {
        use crate::locale::{with_lang, Lang};
        let c = catalog();
        // Read with English, shown in Portuguese: the message follows the reader, not the parse.
        let shape = crate::document::workloads::parse_job("pretrain:7B", 1, &c).err();
        let field =
            crate::document::workloads::parse_job("pretrain:7B:1T:aws:h100-sxm:0", 0, &c).err();
        let (Some(shape), Some(field)) = (shape, field) else {
            panic!("both tokens are refused");
        };
        assert_eq!(
            with_lang(Lang::Pt, || shape.to_string()),
            "Tarefa 2: esperado kind:params:tokens:provider:accelerator:gpus[:start[:epochs[:runs[:mfu[:duty[:price[:lora_rank[:seq_len[:batch_tokens[:experts[:experts_per_token]]]]]]]]]]], recebido \"pretrain:7B\"."
        );
        assert!(
            shape.to_string().starts_with("Job 2: expected kind:params"),
            "{shape}"
        );
        assert_eq!(field.field, Some("gpus"));
        assert!(
            field.to_string().starts_with("Job 1: Accelerators: "),
            "{field}"
        );
        let pt = with_lang(Lang::Pt, || field.to_string());
        assert!(pt.starts_with("Tarefa 1: "), "{pt}");
        assert_ne!(pt, field.to_string());
        // The limit on tokens of a kind, too.
        let many = TokenError::too_many(Token::Grant(40), 40);
        assert_eq!(
            many.to_string(),
            "Grant 41: a plan holds at most 40 grants; this one and later ones are left out."
        );
        assert_eq!(
            with_lang(Lang::Pt, || many.to_string()),
            "Crédito 41: um plano tem no máximo 40 créditos; este e os seguintes ficam de fora."
        );
    }

    #[test]
    fn a_token_writes_up_to_its_last_slot_not_at_its_default() {
        let j = Job::default();
        let slots = job_slots();
        assert_eq!(
            encode(slots, &j),
            "pretrain:7B:2T:aws:h100-sxm:64:0:1:1:0.4:1"
        );
        // A rank set without a price: the price slot is written empty before it.
        let ranked = Job {
            lora_rank: 64.0,
            ..j.clone()
        };
        assert_eq!(
            encode(slots, &ranked),
            "pretrain:7B:2T:aws:h100-sxm:64:0:1:1:0.4:1::64"
        );
        // The sequence length (the 14th slot) read as typed in a link, written plainly.
        let c = catalog();
        let long = crate::document::workloads::parse_job(
            "lora:8B:20M:modal:h100-sxm:1:0:1:1:0.4:1:::32768",
            0,
            &c,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((long.seq_len, long.lora_rank), (32_768.0, 16.0));
        assert_eq!(
            encode(slots, &long),
            "lora:8B:20M:modal:h100-sxm:1:0:1:1:0.4:1:::32768"
        );
        let short = crate::document::workloads::parse_job(
            "lora:8B:20M:modal:h100-sxm:1:0:1:1:0.4:1:::8",
            0,
            &c,
        )
        .err();
        assert_eq!(short.map(|e| (e.field, e.to_string())), Some((Some("seq_len"), "Job 1: Sequence length: \"8\" is below the accepted range. Expected a whole number of tokens from 16 to 1,048,576, like 4096 or 32768.".to_string())));
        // A whole-number field is written plainly, never suffixed (1024, not 1.024K).
        let big = Job {
            gpus: 1024,
            start_day: 1000,
            ..j
        };
        assert_eq!(
            encode(slots, &big),
            "pretrain:7B:2T:aws:h100-sxm:1024:1000:1:1:0.4:1"
        );
        // A column's own accelerator count is written even at the table's default (64).
        let column = crate::document::compare::Column {
            gpus: Some(64),
            ..crate::document::compare::train_vs_finetune()[2].clone()
        };
        assert_eq!(
            crate::document::compare::encode_column(&column),
            "lora:8B:200M:1:10:64"
        );
    }

    #[test]
    fn a_token_with_too_few_or_too_many_fields_is_refused_by_its_shape() {
        let c = catalog();
        for token in ["aws:h100-sxm:8:100", "aws:h100-sxm:8:100:0:1:2:3"] {
            let e = crate::document::experiments::parse_work(token, 2, &c).err();
            assert!(
                matches!(
                    e,
                    Some(TokenError {
                        at: Token::Work(2),
                        problem: crate::input::token::TokenProblem::Shape { .. },
                        ..
                    })
                ),
                "{token}: {e:?}"
            );
        }
    }

    #[test]
    fn the_job_shape_is_written_from_the_rows_and_documented() {
        assert_eq!(
            crate::input::field_spec::job_shape(),
            "kind:params:tokens:provider:accelerator:gpus[:start[:epochs[:runs[:mfu[:duty[:price[:lora_rank[:seq_len[:batch_tokens[:experts[:experts_per_token]]]]]]]]]]]"
        );
        // The README's link table documents the same shape.
        let readme = include_str!("../../../README.md");
        assert!(readme.contains(&format!("`{}`", crate::input::field_spec::job_shape())));
    }
}
