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

use crate::parse::{echo, format_number_exact, parse_number, parse_whole, Field, Origin};
use crate::token::TokenError as PlanError;
use crate::workload_kind::{TrainingWork, WorkloadKind};

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
    /// Parameters N.
    pub params: f64,
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
    pub fn to_job(&self, editor: &crate::job::Job) -> Option<crate::job::Job> {
        self.kind.trains().then(|| {
            let mut job = editor.clone();
            job.kind = self.kind;
            job.params = self.params;
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
            params = format_number_exact(self.params),
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
            tokens: 2e8,
            epochs: 1.0,
            runs: 10,
            gpus: None,
            checkpointing: false,
            retrieval: Retrieval::default(),
        },
    ]
}

/// Reads one `cmp=` token (`index` from 0, for the `cmp-<i>` error key).
pub fn parse_column(token: &str, index: usize) -> Result<Column, PlanError> {
    let label = crate::tr!("compare.label", n = index + 1);
    let fail = |message: String| PlanError {
        at: crate::token::Token::Cmp(index),
        field: None,
        message,
    };
    let parts: Vec<&str> = token.split(':').collect();
    if !(3..=7).contains(&parts.len()) {
        return Err(fail(crate::tr!(
            "compare.expected",
            label = label,
            got = echo(token)
        )));
    }
    let kinds: Vec<&str> = WorkloadKind::ALL
        .iter()
        .filter(|k| k.compares())
        .map(|k| k.id())
        .collect();
    let kind = WorkloadKind::from_id(parts[0].trim())
        .filter(|k| k.compares())
        .ok_or_else(|| {
            fail(crate::tr!(
                "compare.unknown_kind",
                label = label,
                got = echo(parts[0]),
                kinds = kinds.join(", ")
            ))
        })?;
    let what = if kind == WorkloadKind::Retrieval {
        crate::tr!("compare.embed_params")
    } else {
        crate::tr!("compare.params")
    };
    // A number the calculator also reads is read by its field (the same range and message),
    // named as the column names it: "Comparison 1: Training tokens: …", or for a retrieval
    // column's words, "Comparison 1: corpus tokens "…" is below …".
    let field = |f: Field, raw: &str, what: Option<&str>| {
        f.parse(raw, Origin::Link).map_err(|e| {
            let message = e.to_string();
            fail(match what {
                Some(what) => format!(
                    "{label}: {}",
                    message.replace(&format!("{}: ", f.label()), what)
                ),
                None => format!("{label}: {message}"),
            })
        })
    };
    let params = field(Field::Params, parts[1], Some(&what))?;
    let number = |raw: &str, what: &str, min: f64, max: f64, expected: &str| match parse_number(raw)
    {
        Ok(v) if v >= min && v <= max => Ok(v),
        _ => Err(fail(crate::tr!(
            "compare.not_in_range",
            label = label,
            what = what,
            got = echo(raw),
            expected = expected
        ))),
    };
    let whole = |raw: &str, what: &str, min: u32, max: u32, expected: &str| {
        parse_whole(raw, min, max).map_err(|_| {
            fail(crate::tr!(
                "compare.not_whole",
                label = label,
                what = what,
                got = echo(raw),
                expected = expected
            ))
        })
    };
    if kind == WorkloadKind::Retrieval {
        let tokens = field(
            Field::Tokens,
            parts[2],
            Some(&format!("{} ", crate::tr!("compare.what.corpus_tokens"))),
        )?;
        let d = Retrieval::default();
        let retrieval = Retrieval {
            queries_per_month: match parts.get(3) {
                Some(raw) => number(
                    raw,
                    &crate::tr!("compare.what.queries"),
                    0.0,
                    1e12,
                    &crate::tr!("compare.range.queries"),
                )?,
                None => d.queries_per_month,
            },
            chunks_per_query: match parts.get(4) {
                Some(raw) => whole(
                    raw,
                    &crate::tr!("compare.what.chunks"),
                    1,
                    100,
                    &crate::tr!("compare.range.chunks"),
                )?,
                None => d.chunks_per_query,
            },
            chunk_tokens: match parts.get(5) {
                Some(raw) => whole(
                    raw,
                    &crate::tr!("compare.what.chunk_size"),
                    16,
                    8192,
                    &crate::tr!("compare.range.chunk_size"),
                )?,
                None => d.chunk_tokens,
            },
            dimension: match parts.get(6) {
                Some(raw) => whole(
                    raw,
                    &crate::tr!("compare.what.dimension"),
                    16,
                    16_384,
                    &crate::tr!("compare.range.dimension"),
                )?,
                None => d.dimension,
            },
        };
        return Ok(Column {
            params,
            tokens,
            retrieval,
            ..Column::retrieval_default()
        });
    }
    let tokens = field(Field::Tokens, parts[2], None)?;
    let epochs = match parts.get(3) {
        Some(raw) => field(Field::Epochs, raw, None)?,
        None => 1.0,
    };
    let runs = match parts.get(4) {
        Some(raw) => field(Field::Runs, raw, None)? as u32,
        None => 1,
    };
    let gpus = match parts.get(5) {
        // Empty: the scenario's accelerators (lets a checkpointing flag follow).
        Some(raw) if raw.trim().is_empty() && parts.len() == 7 => None,
        Some(raw) => Some(field(Field::Gpus, raw, None)? as u32),
        None => None,
    };
    let checkpointing = match parts.get(6).map(|raw| raw.trim()) {
        None => kind.checkpointing_by_default(),
        Some(raw) if !kind.offers_checkpointing() => {
            return Err(fail(crate::tr!(
                "compare.ckpt_not_offered",
                label = label,
                got = echo(raw)
            )))
        }
        Some("1") => true,
        Some("0") => false,
        Some(raw) => {
            return Err(fail(crate::tr!(
                "compare.ckpt_bad",
                label = label,
                got = echo(raw)
            )))
        }
    };
    Ok(Column {
        kind,
        params,
        tokens,
        epochs,
        runs,
        gpus,
        checkpointing,
        retrieval: Retrieval::default(),
    })
}

/// Writes a `cmp=` token: epochs and runs always; gpus when set; the checkpointing flag only when
/// it differs from the kind's default (so older links read back unchanged). Retrieval columns
/// write all six of their fields.
pub fn encode_column(c: &Column) -> String {
    if c.kind == WorkloadKind::Retrieval {
        let r = &c.retrieval;
        return format!(
            "{}:{}:{}:{}:{}:{}:{}",
            c.kind.id(),
            format_number_exact(c.params),
            format_number_exact(c.tokens),
            format_number_exact(r.queries_per_month),
            r.chunks_per_query,
            r.chunk_tokens,
            r.dimension
        );
    }
    let mut s = format!(
        "{}:{}:{}:{}:{}",
        c.kind.id(),
        format_number_exact(c.params),
        format_number_exact(c.tokens),
        format_number_exact(c.epochs),
        c.runs
    );
    let flag =
        c.kind.offers_checkpointing() && c.checkpointing != c.kind.checkpointing_by_default();
    match (c.gpus, flag) {
        (Some(g), false) => s.push_str(&format!(":{g}")),
        (Some(g), true) => s.push_str(&format!(":{g}:{}", u8::from(c.checkpointing))),
        (None, true) => s.push_str(&format!("::{}", u8::from(c.checkpointing))),
        (None, false) => {}
    }
    s
}
