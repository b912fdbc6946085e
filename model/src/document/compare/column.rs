//! The columns of a side-by-side comparison (what is compared, and its link token): two to four pieces of work ("pretrain 7B on 1T tokens" vs "continued
//! pretraining of an 8B base on 50B tokens" vs "LoRA on 200M tokens × 10 runs") priced on the
//! scenario's accelerator, provider, MFU and duty, with the grants in the plan that would pay each
//! and the runway each leaves.
//!
//! A column may also be retrieval instead of training (`rag`): embed the corpus once, store its
//! vectors, and pay every month for the retrieved chunks added to each prompt.
//!
//! Link: repeated `cmp=kind:params:tokens[:epochs[:runs[:gpus[:checkpointing]]]]`, e.g.
//! `cmp=lora:8B:200M:1:10`; `gpus` may be left empty before a checkpointing flag
//! (`cmp=lora:8B:200M:1:10::1`); or
//! `cmp=rag:embed-params:corpus-tokens[:queries-a-month[:chunks-per-query[:chunk-tokens[:dimension]]]]`.

use crate::estimators::workload_kind::TrainingWork;
use crate::input::field_spec::Need;
use crate::input::field_spec::{Field, Origin};
use crate::input::kind::WorkloadKind;
use crate::input::parse::{echo, format_number_exact};
use crate::input::slots::{Cx, Record, Slot, SlotError};
use crate::input::token::TokenError;

/// Most columns compared at once.
pub const MAX_COLUMNS: usize = 4;

/// Default embedding model size: BAAI bge-large-en-v1.5, 335M parameters, 1,024 dimensions
/// (https://huggingface.co/BAAI/bge-large-en-v1.5, as of 2026-11-01).
pub const RAG_EMBED_PARAMS: f64 = 335e6;
/// Default corpus, tokens (the same 200M tokens the LoRA preset fine-tunes on).
pub const RAG_CORPUS_TOKENS: f64 = 2e8;

/// How a retrieval column serves: its query volume and the shape of its index.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Retrieval {
    /// Queries a month, each with the retrieved chunks added to its prompt.
    pub queries_per_month: f64,
    /// Chunks retrieved per query (k).
    pub chunks_per_query: u32,
    /// Tokens per chunk.
    pub chunk_tokens: u32,
    /// Embedding dimension (float32 values per vector).
    pub dimension: u32,
}

impl Default for Retrieval {
    /// 1M queries a month, k = 5 chunks of 512 tokens (a common chunking default, estimate), and
    /// bge-large-en-v1.5's 1,024 dimensions (its model card).
    fn default() -> Self {
        Retrieval {
            queries_per_month: 1e6,
            chunks_per_query: 5,
            chunk_tokens: 512,
            dimension: 1024,
        }
    }
}

/// Bytes per stored vector value (float32).
pub const VECTOR_VALUE_BYTES: f64 = 4.0;

/// One column: the work, and optionally its own accelerator count.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// Kind of training.
    pub kind: WorkloadKind,
    /// Parameters N (active for a mixture of experts).
    pub params: f64,
    /// A mixture of experts' total parameters (`None`: dense), written `16B/100B` like a job's.
    pub params_total: Option<f64>,
    /// Tokens per epoch.
    pub tokens: f64,
    /// Epochs.
    pub epochs: f64,
    /// Runs.
    pub runs: u32,
    /// Accelerators; `None`: the scenario's.
    pub gpus: Option<u32>,
    /// Gradient checkpointing (the fine-tunes; default: on for QLoRA, off otherwise).
    pub checkpointing: bool,
    /// The retrieval settings (used by `rag` columns only).
    pub retrieval: Retrieval,
}

impl Column {
    /// The work this column prices.
    pub fn work(&self) -> TrainingWork {
        TrainingWork::of(
            self.kind,
            self.params,
            self.tokens,
            self.epochs,
            self.runs,
            self.checkpointing,
        )
    }

    /// The column as a training job of the plan, on the edited job's provider, accelerator, MFU,
    /// duty and start (`None` for a retrieval column, which trains nothing).
    pub fn to_job(&self, editor: &crate::input::job::Job) -> Option<crate::input::job::Job> {
        self.kind.trains().then(|| {
            let mut job = editor.clone();
            job.kind = self.kind;
            job.params = self.params;
            // The column's own size: dense unless it says `active/total`. The open job's total, its
            // expert shape and its typed batch belong to another model (issue 43's bug: a 7B
            // column became "7B/100B").
            job.params_total = self.params_total;
            job.moe_experts = None;
            job.moe_top_k = None;
            job.batch_tokens = None;
            job.tokens = self.tokens;
            job.epochs = self.epochs;
            job.runs = self.runs;
            job.gpus = self.gpus.unwrap_or(editor.gpus);
            job
        })
    }

    /// A retrieval column with the defaults: a 335M embedder over 200M corpus tokens.
    pub fn retrieval_default() -> Column {
        Column {
            kind: WorkloadKind::Retrieval,
            params: RAG_EMBED_PARAMS,
            params_total: None,
            tokens: RAG_CORPUS_TOKENS,
            epochs: 1.0,
            runs: 1,
            gpus: None,
            checkpointing: false,
            retrieval: Retrieval::default(),
        }
    }

    /// A short title: "LoRA · 8B · 200M tokens × 10 runs".
    pub fn title(&self) -> String {
        let kind = self.kind.label();
        if self.kind == WorkloadKind::Retrieval {
            return crate::tr!(
                "compare.rag_title",
                kind = kind,
                params = format_number_exact(self.params),
                tokens = format_number_exact(self.tokens),
                queries = format_number_exact(self.retrieval.queries_per_month)
            );
        }
        let mut t = crate::tr!(
            "compare.title",
            kind = kind,
            params =
                crate::input::slots::params_text(Field::Params, self.params, self.params_total),
            tokens = format_number_exact(self.tokens)
        );
        if self.epochs != 1.0 {
            t.push_str(&crate::tr!(
                "workloads.epochs",
                n = format_number_exact(self.epochs)
            ));
        }
        if self.runs != 1 {
            t.push_str(&crate::tr!("workloads.runs", n = self.runs));
        }
        t
    }
}

/// The "train vs fine-tune" preset: pretrain 7B on 1T tokens, continued pretraining of an 8B base
/// on 50B domain tokens, LoRA of that base on 200M tokens × 10 runs.
pub fn train_vs_finetune() -> Vec<Column> {
    vec![
        Column {
            kind: WorkloadKind::Pretrain,
            params: 7e9,
            params_total: None,
            tokens: 1e12,
            epochs: 1.0,
            runs: 1,
            gpus: None,
            checkpointing: false,
            retrieval: Retrieval::default(),
        },
        Column {
            kind: WorkloadKind::ContinuedPretrain,
            params: 8e9,
            params_total: None,
            tokens: 5e10,
            epochs: 1.0,
            runs: 1,
            gpus: None,
            checkpointing: false,
            retrieval: Retrieval::default(),
        },
        Column {
            kind: WorkloadKind::Lora,
            params: 8e9,
            params_total: None,
            tokens: 2e8,
            epochs: 1.0,
            runs: 10,
            gpus: None,
            checkpointing: false,
            retrieval: Retrieval::default(),
        },
    ]
}

impl Record for Column {
    fn number(&self, field: Field) -> Option<f64> {
        match field {
            Field::Tokens => Some(self.tokens),
            Field::Epochs => Some(self.epochs),
            Field::Runs => Some(f64::from(self.runs)),
            Field::Gpus => self.gpus.map(f64::from),
            _ => None,
        }
    }
    fn set_number(&mut self, field: Field, value: f64) {
        match field {
            Field::Tokens => self.tokens = value,
            Field::Epochs => self.epochs = value,
            Field::Runs => self.runs = value as u32,
            Field::Gpus => self.gpus = Some(value as u32),
            _ => {}
        }
    }
    // A column without its own accelerator count uses the scenario's: any count it has is
    // written, the table's default included.
    fn unset(&self, _: Field) -> Option<f64> {
        None
    }
}

/// A training column's `cmp=` token: kind, params, tokens, then epochs and runs (always written),
/// the accelerators (when the column has its own) and the checkpointing flag (when it differs
/// from the kind's default, so older links read back unchanged).
const TRAINING_SLOTS: [Slot<Column>; 7] = [
    Slot::own(read_kind, |c| Some(c.kind.id().to_string()), Need::Required),
    Slot::own(
        read_params,
        |c| {
            Some(crate::input::slots::params_text(
                Field::Params,
                c.params,
                c.params_total,
            ))
        },
        Need::Required,
    ),
    Slot::number(Field::Tokens, Need::Required),
    Slot::number(Field::Epochs, Need::Written),
    Slot::number(Field::Runs, Need::Written),
    Slot::number(Field::Gpus, Need::WhenSet),
    Slot::own(
        read_checkpointing,
        |c| {
            (c.kind.offers_checkpointing() && c.checkpointing != c.kind.checkpointing_by_default())
                .then(|| u8::from(c.checkpointing).to_string())
        },
        Need::WhenSet,
    ),
];

/// A retrieval column's `cmp=` token: all seven fields, always written.
const RETRIEVAL_SLOTS: [Slot<Column>; 7] = [
    Slot::own(read_kind, |c| Some(c.kind.id().to_string()), Need::Required),
    Slot::own(
        read_params,
        |c| Some(format_number_exact(c.params)),
        Need::Required,
    ),
    Slot::own(
        |c, raw, cx| {
            let what = format!("{} ", crate::tr!("compare.what.corpus_tokens"));
            c.tokens = named_field(Field::Tokens, raw, &what, cx)?;
            Ok(())
        },
        |c| Some(format_number_exact(c.tokens)),
        Need::Required,
    ),
    Slot::own(
        |c, raw, cx| {
            c.retrieval.queries_per_month = retrieval(cx, raw, Field::Queries)?;
            Ok(())
        },
        |c| Some(format_number_exact(c.retrieval.queries_per_month)),
        Need::Written,
    ),
    Slot::own(
        |c, raw, cx| {
            c.retrieval.chunks_per_query = retrieval(cx, raw, Field::Chunks)? as u32;
            Ok(())
        },
        |c| Some(c.retrieval.chunks_per_query.to_string()),
        Need::Written,
    ),
    Slot::own(
        |c, raw, cx| {
            c.retrieval.chunk_tokens = retrieval(cx, raw, Field::ChunkTokens)? as u32;
            Ok(())
        },
        |c| Some(c.retrieval.chunk_tokens.to_string()),
        Need::Written,
    ),
    Slot::own(
        |c, raw, cx| {
            c.retrieval.dimension = retrieval(cx, raw, Field::Dimension)? as u32;
            Ok(())
        },
        |c| Some(c.retrieval.dimension.to_string()),
        Need::Written,
    ),
];

fn said(message: String) -> SlotError {
    SlotError::Said(None, message)
}

/// A retrieval number outside its range ("Comparison 1: chunks "0" is not …"), worded for a whole
/// number or any number.
fn out_of_range(cx: &Cx, raw: &str, whole: bool, what: &str, expected: &str) -> SlotError {
    let (label, got) = (cx.label, echo(raw));
    said(if whole {
        crate::tr!(
            "compare.not_whole",
            label = label,
            what = what,
            got = got,
            expected = expected
        )
    } else {
        crate::tr!(
            "compare.not_in_range",
            label = label,
            what = what,
            got = got,
            expected = expected
        )
    })
}

/// A retrieval number read by its row of the input table (in the reader's language when typed),
/// refused as the column words it: "Comparison 2: chunks per query "0" is not a whole number from
/// 1 to 100." The row's range has been checked, so a whole number's cast is exact.
fn retrieval(cx: &Cx, raw: &str, field: Field) -> Result<f64, SlotError> {
    let whole = field.range().is_some_and(|r| r.whole);
    field
        .parse(raw, cx.origin)
        .map_err(|_| out_of_range(cx, raw, whole, field.label(), field.accepted(cx.origin)))
}

/// A number the calculator also reads, read by its field (the same range and message) but named
/// as the column names it: "Comparison 1: parameters …", "Comparison 1: corpus tokens "…" is
/// below …".
fn named_field(f: Field, raw: &str, what: &str, cx: &Cx) -> Result<f64, SlotError> {
    f.parse(raw, Origin::Link).map_err(|e| {
        let message = e.to_string();
        said(format!(
            "{}: {}",
            cx.label,
            message.replace(&format!("{}: ", f.label()), what)
        ))
    })
}

fn read_kind(c: &mut Column, raw: &str, cx: &Cx) -> Result<(), SlotError> {
    let kinds: Vec<&str> = WorkloadKind::ALL
        .iter()
        .filter(|k| k.compares())
        .map(|k| k.id())
        .collect();
    c.kind = WorkloadKind::from_id(raw.trim())
        .filter(|k| k.compares())
        .ok_or_else(|| {
            said(crate::tr!(
                "compare.unknown_kind",
                label = cx.label,
                got = echo(raw),
                kinds = kinds.join(", ")
            ))
        })?;
    c.checkpointing = c.kind.checkpointing_by_default();
    Ok(())
}

fn read_params(c: &mut Column, raw: &str, cx: &Cx) -> Result<(), SlotError> {
    let what = if c.kind == WorkloadKind::Retrieval {
        crate::tr!("compare.embed_params")
    } else {
        crate::tr!("compare.params")
    };
    if c.kind == WorkloadKind::Retrieval {
        c.params = named_field(Field::Params, raw, &what, cx)?;
        c.params_total = None;
        return Ok(());
    }
    // A training column reads `active/total` for a mixture of experts, as a job does.
    let p =
        crate::input::params::ParamCount::parse(Field::Params, raw, cx.origin).map_err(|e| {
            let message = e.to_string();
            said(format!(
                "{}: {}",
                cx.label,
                message.replace(&format!("{}: ", Field::Params.label()), &what)
            ))
        })?;
    c.params = p.active;
    c.params_total = p.total;
    Ok(())
}

fn read_checkpointing(c: &mut Column, raw: &str, cx: &Cx) -> Result<(), SlotError> {
    let raw = raw.trim();
    if !c.kind.offers_checkpointing() {
        return Err(said(crate::tr!(
            "compare.ckpt_not_offered",
            label = cx.label,
            got = echo(raw)
        )));
    }
    c.checkpointing = match raw {
        "1" => true,
        "0" => false,
        _ => {
            return Err(said(crate::tr!(
                "compare.ckpt_bad",
                label = cx.label,
                got = echo(raw)
            )))
        }
    };
    Ok(())
}

/// Reads one `cmp=` token (`index` from 0, for the `cmp-<i>` error key).
pub fn parse_column(token: &str, index: usize) -> Result<Column, TokenError> {
    let parts = crate::input::slots::split(
        token,
        crate::input::token::Token::Cmp(index),
        &TRAINING_SLOTS,
    )?;
    column_from_slots(&parts, index)
}

/// Reads a column from its slots, in the `cmp=` token's order (the kind says which of the two
/// layouts the rest is): a link's fields, or the comparison editor's boxes, never a token
/// written and read back.
pub fn column_from_slots(parts: &[&str], index: usize) -> Result<Column, TokenError> {
    let at = crate::input::token::Token::Cmp(index);
    let label = at.label();
    // No slot of a column reads the catalog (a column runs on the edited job's hardware).
    let catalog = crate::data::catalog::Catalog {
        accelerators: Vec::new(),
        providers: Vec::new(),
        prices: Vec::new(),
        programs: Vec::new(),
        shapes: Vec::new(),
        networks: Vec::new(),
        instances: Vec::new(),
        apis: Vec::new(),
        base_models: Vec::new(),
    };
    let cx = Cx {
        origin: Origin::Link,
        catalog: &catalog,
        label: &label,
    };
    let mut start = Column {
        retrieval: Retrieval::default(),
        ..train_vs_finetune()[0].clone()
    };
    read_kind(&mut start, parts.first().copied().unwrap_or(""), &cx).map_err(|e| e.at(at))?;
    let slots = if start.kind == WorkloadKind::Retrieval {
        start = Column::retrieval_default();
        &RETRIEVAL_SLOTS
    } else {
        &TRAINING_SLOTS
    };
    crate::input::slots::decode(slots, parts, at, &cx, start)
}

/// Writes a `cmp=` token (see [`TRAINING_SLOTS`] and [`RETRIEVAL_SLOTS`]).
pub fn encode_column(c: &Column) -> String {
    if c.kind == WorkloadKind::Retrieval {
        crate::input::slots::encode(&RETRIEVAL_SLOTS, c)
    } else {
        crate::input::slots::encode(&TRAINING_SLOTS, c)
    }
}
