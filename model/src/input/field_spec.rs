//! The input table: one row per input a founder types, carrying everything the model knows
//! about it: link key, label, accepted range, what the message says it accepts, how the typed box
//! writes it, its slider, its default and how it reads and writes a [`Job`] or the plan's
//! [`Settings`]. The numbers other records hold (a grant's amount, days and odds, a serving line's
//! months, an experiments row's GPU-hours, a retrieval column's numbers, the uncertainty ranges'
//! bounds, the display currency's rate) are rows too ([`Access::Held`]): the same parser reads
//! them, in the reader's language when typed, with the same kinds of messages. Parsing
//! ([`Field::parse`]), share links, sliders ([`Scale::of`]) and messages all read this table, so
//! adding an input is one row in the `inputs!` invocation below plus its `Job` or `Settings`
//! field.
//!
//! Imports only the types the rows describe (`cost`, `slider`, and constants of `overheads`,
//! `billing`, `runway`); `parse` builds on it, never the other way round.

use crate::credits::runway::HORIZON_CAP_DAYS;
use crate::estimators::formulas::REFERENCE_BUDGET_USD;
use crate::estimators::serving::DEFAULT_USER_TOKENS_PER_S;
use crate::input::job::Job;
use crate::input::knobs::DEFAULT_CONTEXT_TOKENS;
use crate::input::knobs::LLAMA3_MTBF_GPU_HOURS;
use crate::input::knobs::MAX_GPUS;
use crate::input::knobs::{
    MAX_AMOUNT_USD, MAX_REVIEW_DAYS, MAX_SERVE_MONTHS, MAX_VALIDITY_DAYS, MAX_WORK_GPU_HOURS,
    MIN_APPLY_DAY,
};
use crate::input::settings::Settings;
use crate::input::slider::Scale;
use crate::locale::DisplayCurrency;

/// Where a value came from: links carry fractions (`mfu=0.4`), the typed fields show percent (`40`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A share-link query value.
    Link,
    /// Text typed in the page's own field.
    Typed,
}

/// Accepted range of a numeric field, in its canonical unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Range {
    /// Smallest accepted value.
    pub min: f64,
    /// Largest accepted value.
    pub max: f64,
    /// Whether `min` itself is accepted (false for "greater than zero" fractions).
    pub min_inclusive: bool,
    /// Whether only whole numbers are accepted.
    pub whole: bool,
}

impl Range {
    /// Whether `value` is accepted by this range (bounds, inclusivity and wholeness).
    pub fn contains(self, value: f64) -> bool {
        let above_min = if self.min_inclusive {
            value >= self.min
        } else {
            value > self.min
        };
        above_min && value <= self.max && (!self.whole || value.fract() == 0.0)
    }
}

/// What a field accepts, in words, per origin (they differ only for percentages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accepted {
    /// For a share-link value.
    pub link: &'static str,
    /// For text typed in the page's field.
    pub typed: &'static str,
}

/// How a numeric field's value is written in its typed box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Plain numbers; whole values print without a suffix ("50677", not "50.677K").
    Plain,
    /// Quantities spanning decades, written with K/M/B/T suffixes ("7B", "50K").
    Suffixed,
    /// A fraction shown as a percentage in its typed box ("40" for 0.4); links carry the fraction.
    Percent,
    /// An on/off switch: `0` or `1` in links, a checkbox on the page.
    Switch,
    /// A fraction in links and typed boxes alike (`0.5`), or a percentage with its sign (`50%`):
    /// a grant's approval chance.
    Fraction,
}

/// How a numeric field reads and writes its place in the plan (a job's field, or the plan's shared
/// [`Settings`]), with its default.
#[derive(Clone, Copy, Debug)]
pub enum Access {
    /// A value the scenario always has.
    Required {
        /// Value in [`Job::default`] or [`Settings::default`].
        default: f64,
        /// Reads the value (switches read 0 or 1).
        get: fn(&Job, &Settings) -> f64,
        /// Writes a value validated by [`Field::parse`] (so whole-number casts are exact).
        set: fn(&mut Job, &mut Settings, f64),
    },
    /// A value that may be absent (no price override; the checkpoint interval left to the model).
    Optional {
        /// Value in [`Job::default`] or [`Settings::default`].
        default: Option<f64>,
        /// Whether `auto` (or nothing typed) means "absent": the model's computed optimum.
        auto: bool,
        /// Reads the value.
        get: fn(&Job, &Settings) -> Option<f64>,
        /// Writes a validated value, or clears it with `None`.
        set: fn(&mut Job, &mut Settings, Option<f64>),
    },
    /// A value held by another record than a job and the plan's settings (a grant, a serving
    /// line, an experiments row, a comparison column, an uncertainty range) or by the reader's
    /// view (the display currency's rate). That record reads and writes it in its own token
    /// (`crate::input::slots::Record`); its row here gives the range, the words, how it is typed
    /// and read, so it is read by the same parser, in the reader's language, as the calculator's.
    /// It has no link key of its own (`Field::from_key` never returns it).
    Held {
        /// The value when nothing sets it (`None`: the record's own, like the catalog's review
        /// days for a review bound).
        default: Option<f64>,
        /// Whether blank text means that default (an uncertainty review bound left to the
        /// catalog) rather than "missing".
        blank: bool,
    },
}

/// The numeric part of a row.
#[derive(Clone, Copy, Debug)]
pub struct NumberSpec {
    /// Accepted values, in the canonical unit.
    pub range: Range,
    /// How the typed box writes it.
    pub style: Style,
    /// The range input's mapping, if the field has a slider.
    pub slider: Option<Scale>,
    /// Default and accessors.
    pub access: Access,
}

/// The part of a row for a field holding an id (catalog id or named choice).
#[derive(Clone, Copy, Debug)]
pub struct IdSpec {
    /// The id in [`Job::default`] or [`Settings::default`]; `None` for "the default applies" (provider's network,
    /// data on the training provider).
    pub default: Option<&'static str>,
    /// Reads the id chosen; `None` for "the default applies".
    pub get: for<'a> fn(&'a Job, &'a Settings) -> Option<&'a str>,
}

/// Whether a field holds a number or an id.
#[derive(Clone, Copy, Debug)]
pub enum ValueSpec {
    /// A number, validated against its range.
    Number(NumberSpec),
    /// An id, validated against the catalog at link-decoding time.
    Id(IdSpec),
}

/// How a token reads and writes a slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// A token without it is refused; always written.
    Required,
    /// Absent or empty reads as the default; always written, so a link keeps its meaning when
    /// a default changes.
    Written,
    /// Absent or empty reads as the default; written only when set to something else, so links
    /// written before the slot existed read back the same.
    WhenSet,
}

/// A job field's place in the `job=` token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JobSlot {
    /// Its 0-based position among the token's `:`-separated fields.
    pub at: usize,
    /// How it is read and written.
    pub need: Need,
}

impl JobSlot {
    const fn required(at: usize) -> Self {
        JobSlot {
            at,
            need: Need::Required,
        }
    }
    const fn written(at: usize) -> Self {
        JobSlot {
            at,
            need: Need::Written,
        }
    }
    const fn when_set(at: usize) -> Self {
        JobSlot {
            at,
            need: Need::WhenSet,
        }
    }
}

/// One row of the input table.
#[derive(Clone, Copy, Debug)]
pub struct FieldSpec {
    /// The field this row describes.
    pub field: Field,
    /// The share-link key, and the suffix of the `error-<key>` test id.
    pub key: &'static str,
    /// The label a person reads next to the control.
    pub label: &'static str,
    /// What it accepts, in words (id fields list their ids at validation time too).
    pub accepted: Accepted,
    /// Where it sits in a training job's `job=` token, if it belongs to one job (read as a single
    /// key only from old one-run links). The token's slots are these, in position order.
    pub job: Option<JobSlot>,
    /// Number or id, with range, style, slider, default and accessors.
    pub value: ValueSpec,
}

/// Same accepted text for links and typed boxes.
const fn same(text: &'static str) -> Accepted {
    Accepted {
        link: text,
        typed: text,
    }
}

/// Link text and typed text, for percentages.
const fn by_origin(link: &'static str, typed: &'static str) -> Accepted {
    Accepted { link, typed }
}

/// Any number from `min` to `max`, both included.
const fn span(min: f64, max: f64) -> Range {
    Range {
        min,
        max,
        min_inclusive: true,
        whole: false,
    }
}

/// A whole number from `min` to `max`, both included.
const fn whole(min: f64, max: f64) -> Range {
    Range {
        min,
        max,
        min_inclusive: true,
        whole: true,
    }
}

/// A number above `min` (not `min` itself) and at most `max`.
const fn above(min: f64, max: f64) -> Range {
    Range {
        min,
        max,
        min_inclusive: false,
        whole: false,
    }
}

/// A value held by another record (see [`Access::Held`]).
const fn held(default: Option<f64>, blank: bool) -> Access {
    Access::Held { default, blank }
}

/// A switch's reading: 1 on, 0 off.
fn switch(on: bool) -> f64 {
    if on {
        1.0
    } else {
        0.0
    }
}

/// Declares [`Field`] (one variant per row, in link order), [`Field::ALL`] and [`Field::spec`]
/// from the rows, so a field cannot exist without its row.
macro_rules! inputs {
    ($( $(#[$doc:meta])* $variant:ident { $($row:tt)* } )*) => {
        /// An input of the calculator. Its [`key`](Field::key) is the share-link key and the suffix
        /// of the `error-<key>` test id. Everything else about it is its row of the input table,
        /// [`Field::spec`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Field {
            $( $(#[$doc])* $variant, )*
        }

        impl Field {
            /// Every field, in link order.
            pub const ALL: [Field; [$(Field::$variant),*].len()] = [$(Field::$variant),*];

            /// This field's row of the input table.
            pub fn spec(self) -> &'static FieldSpec {
                match self {
                    $(
                        Field::$variant => const {
                            &FieldSpec { field: Field::$variant, $($row)* }
                        },
                    )*
                }
            }
        }
    };
}

inputs! {
    /// Model parameters N (active parameters for a mixture of experts).
    Params {
        key: "params",
        label: "Model parameters",
        accepted: same("100M to 2T parameters, like 7B, 7e9, 7000000000 or 1.5T; for a mixture of experts active/total, like 37B/671B"),
        job: Some(JobSlot::required(1)),
        value: ValueSpec::Number(NumberSpec {
            range: span(1e8, 2e12),
            style: Style::Suffixed,
            slider: Some(Scale::Log { min: 1e8, max: 2e12, whole: false }),
            // A slider moves the active count; a total it passes is dropped (dense again).
            access: Access::Required { default: 7e9, get: |s, _| s.params, set: |s, _, v| {
                s.params = v;
                if s.params_total.is_some_and(|t| t <= v) {
                    s.params_total = None;
                }
            } },
        }),
    }
    /// Training tokens D.
    Tokens {
        key: "tokens",
        label: "Training tokens",
        accepted: same("100K to 100T tokens, like 2T, 300B, 20M or 2e12"),
        job: Some(JobSlot::required(2)),
        value: ValueSpec::Number(NumberSpec {
            // Down to 100K: a small fine-tune is a few million tokens.
            range: span(1e5, 1e14),
            style: Style::Suffixed,
            slider: Some(Scale::Log { min: 1e6, max: 1e14, whole: false }),
            access: Access::Required { default: 2e12, get: |s, _| s.tokens, set: |s, _, v| s.tokens = v },
        }),
    }
    /// Accelerator id from the catalog.
    Gpu {
        key: "gpu",
        label: "Accelerator",
        accepted: same("an accelerator id from the catalog"),
        job: Some(JobSlot::required(4)),
        value: ValueSpec::Id(IdSpec {
            default: Some("h100-sxm"),
            get: |s, _| Some(s.accelerator_id.as_str()),
        }),
    }
    /// Number of accelerators running the job.
    Gpus {
        key: "gpus",
        label: "Accelerators",
        accepted: same("a whole number of accelerators from 1 to 100,000"),
        job: Some(JobSlot::required(5)),
        value: ValueSpec::Number(NumberSpec {
            range: whole(1.0, MAX_GPUS as f64),
            style: Style::Plain,
            slider: Some(Scale::Doubling { min: 1.0, max: MAX_GPUS as f64 }),
            access: Access::Required {
                default: 64.0,
                get: |s, _| f64::from(s.gpus),
                set: |s, _, v| s.gpus = v as u32,
            },
        }),
    }
    /// Model FLOPs utilisation, a fraction in (0, 1].
    Mfu {
        key: "mfu",
        label: "MFU",
        accepted: by_origin(
            "a fraction from 0.0001 to 1, like 0.4 (or 40%)",
            "a percentage from 0.01 to 100, like 40",
        ),
        job: Some(JobSlot::written(9)),
        value: ValueSpec::Number(NumberSpec {
            // Minimums well below any real run, but above the subnormal numbers that made
            // costs infinite (the fuzz run found mfu=5e-324).
            range: span(1e-4, 1.0),
            style: Style::Percent,
            slider: Some(Scale::Linear { min: 0.05, max: 0.80, step: 0.01 }),
            access: Access::Required { default: 0.4, get: |s, _| s.mfu, set: |s, _, v| s.mfu = v },
        }),
    }
    /// Duty cycle: the fraction of wall-clock time the accelerators are busy and billed, (0, 1].
    Duty {
        key: "duty",
        label: "Duty cycle",
        accepted: by_origin(
            "a fraction from 0.0001 to 1, like 0.5 (or 50%)",
            "a percentage from 0.01 to 100, like 50",
        ),
        job: Some(JobSlot::written(10)),
        value: ValueSpec::Number(NumberSpec {
            range: span(1e-4, 1.0),
            style: Style::Percent,
            slider: Some(Scale::Linear { min: 0.01, max: 1.0, step: 0.01 }),
            access: Access::Required { default: 1.0, get: |s, _| s.duty, set: |s, _, v| s.duty = v },
        }),
    }
    /// Provider id from the catalog.
    Provider {
        key: "provider",
        label: "Provider",
        accepted: same("a provider id from the catalog"),
        job: Some(JobSlot::required(3)),
        value: ValueSpec::Id(IdSpec {
            default: Some("aws"),
            get: |s, _| Some(s.provider_id.as_str()),
        }),
    }
    /// Price override in USD per accelerator-hour.
    Price {
        key: "price",
        label: "Price override",
        accepted: same("a price in USD per GPU-hour from 0.0001 to 1,000, like 2.39"),
        job: Some(JobSlot::when_set(11)),
        value: ValueSpec::Number(NumberSpec {
            range: span(1e-4, 1_000.0),
            style: Style::Plain,
            slider: None,
            access: Access::Optional {
                default: None,
                auto: false,
                get: |s, _| s.price_override_usd_per_gpu_hour,
                set: |s, _, v| s.price_override_usd_per_gpu_hour = v,
            },
        }),
    }
    /// The day the primary workload's dataset is ready (its start day), counted from day 0.
    Start {
        key: "start",
        label: "Starts on day",
        accepted: same("a whole day from 0 (today) to 1826 (five years)"),
        job: Some(JobSlot::written(6)),
        value: ValueSpec::Number(NumberSpec {
            range: whole(0.0, HORIZON_CAP_DAYS as f64),
            style: Style::Plain,
            slider: Some(Scale::Linear { min: 0.0, max: 365.0, step: 1.0 }),
            access: Access::Required {
                default: 0.0,
                get: |s, _| f64::from(s.start_day),
                set: |s, _, v| s.start_day = v as u32,
            },
        }),
    }
    /// Hours between interruptions, per accelerator (cluster MTBF = this / GPUs).
    Mtbf {
        key: "mtbf",
        label: "MTBF per GPU",
        accepted: same("hours per GPU from 10 to 100M, like 50677 (Llama 3 405B)"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(10.0, 1e8),
            style: Style::Plain,
            slider: Some(Scale::Log { min: 1_000.0, max: 1e6, whole: true }),
            access: Access::Required {
                default: LLAMA3_MTBF_GPU_HOURS,
                get: |_, s| s.overheads.mtbf_gpu_hours,
                set: |_, s, v| s.overheads.mtbf_gpu_hours = v,
            },
        }),
    }
    /// Minutes to write one checkpoint (δ).
    CkptWrite {
        key: "ckpt_write",
        label: "Checkpoint write",
        accepted: same("minutes from 0.01 to 1,440, like 5"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(0.01, 1_440.0),
            style: Style::Plain,
            slider: Some(Scale::Log { min: 0.1, max: 120.0, whole: false }),
            access: Access::Required {
                default: 5.0,
                get: |_, s| s.overheads.checkpoint_write_minutes,
                set: |_, s, v| s.overheads.checkpoint_write_minutes = v,
            },
        }),
    }
    /// Minutes lost to each restart after a failure (R).
    Restart {
        key: "restart",
        label: "Restart after a failure",
        accepted: same("minutes from 0 to 1,440, like 10"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(0.0, 1_440.0),
            style: Style::Plain,
            slider: Some(Scale::Linear { min: 0.0, max: 120.0, step: 1.0 }),
            access: Access::Required {
                default: 10.0,
                get: |_, s| s.overheads.restart_minutes,
                set: |_, s, v| s.overheads.restart_minutes = v,
            },
        }),
    }
    /// Minutes between checkpoints, or `auto` for Daly's optimum.
    CkptEvery {
        key: "ckpt_every",
        label: "Checkpoint every",
        accepted: same("minutes from 1 to 100,000, like 60, or auto for Daly's optimum"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(1.0, 100_000.0),
            style: Style::Plain,
            slider: Some(Scale::Log { min: 1.0, max: 10_000.0, whole: true }),
            access: Access::Optional {
                default: None,
                auto: true,
                get: |_, s| s.overheads.checkpoint_every_minutes,
                set: |_, s, v| s.overheads.checkpoint_every_minutes = v,
            },
        }),
    }
    /// Inter-node network option id, among the provider's.
    Network {
        key: "network",
        label: "Inter-node network",
        accepted: same("a network id the provider offers"),
        job: None,
        value: ValueSpec::Id(IdSpec {
            default: None,
            get: |_, s| s.overheads.network_id.as_deref(),
        }),
    }
    /// Fraction of gradient communication hidden behind compute, [0, 1].
    Overlap {
        key: "overlap",
        label: "Communication overlap",
        accepted: by_origin(
            "a fraction from 0 to 1, like 0.5 (or 50%)",
            "a percentage from 0 to 100, like 50",
        ),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(0.0, 1.0),
            style: Style::Percent,
            slider: Some(Scale::Linear { min: 0.0, max: 1.0, step: 0.05 }),
            access: Access::Required {
                default: 0.5,
                get: |_, s| s.overheads.overlap,
                set: |_, s, v| s.overheads.overlap = v,
            },
        }),
    }
    /// Fraction of a mixture's token all-to-all hidden behind compute, [0, 1].
    A2aOverlap {
        key: "all_to_all_overlap",
        label: "All-to-all overlap",
        accepted: by_origin(
            "a fraction from 0 to 1, like 0 (or 90%)",
            "a percentage from 0 to 100, like 0 or 90",
        ),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(0.0, 1.0),
            style: Style::Percent,
            slider: Some(Scale::Linear { min: 0.0, max: 1.0, step: 0.05 }),
            access: Access::Required {
                default: 0.0,
                get: |_, s| s.overheads.a2a_overlap,
                set: |_, s, v| s.overheads.a2a_overlap = v,
            },
        }),
    }
    /// Full training-state checkpoints kept in storage.
    CkptsKept {
        key: "ckpts_kept",
        label: "Checkpoints kept",
        accepted: same("a whole number of checkpoints from 0 to 1,000"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: whole(0.0, 1_000.0),
            style: Style::Plain,
            slider: Some(Scale::Linear { min: 0.0, max: 20.0, step: 1.0 }),
            access: Access::Required {
                default: 3.0,
                get: |_, s| f64::from(s.overheads.checkpoints_kept),
                set: |_, s, v| s.overheads.checkpoints_kept = v as u32,
            },
        }),
    }
    /// Spot/preemptible capacity: 1 on, 0 off.
    Spot {
        key: "spot",
        label: "Spot capacity",
        accepted: same("1 for spot/preemptible capacity or 0 for on-demand"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: whole(0.0, 1.0),
            style: Style::Switch,
            slider: None,
            access: Access::Required {
                default: 0.0,
                get: |_, s| switch(s.overheads.spot),
                set: |_, s, v| s.overheads.spot = v == 1.0,
            },
        }),
    }
    /// Provider where the training data lives (egress is billed when it is not the training one).
    DataOn {
        key: "data_on",
        label: "Training data lives on",
        accepted: same("a provider id from the catalog"),
        job: None,
        value: ValueSpec::Id(IdSpec {
            default: None,
            get: |_, s| s.overheads.data_on_provider.as_deref(),
        }),
    }
    /// Whether the final weights leave the training provider at the end (1) or not (0).
    Export {
        key: "export",
        label: "Export final weights",
        accepted: same("1 to move the final weights out at the end, or 0"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: whole(0.0, 1.0),
            style: Style::Switch,
            slider: None,
            access: Access::Required {
                default: 0.0,
                get: |_, s| switch(s.overheads.export_weights),
                set: |_, s, v| s.overheads.export_weights = v == 1.0,
            },
        }),
    }
    /// How the corpus is stored and moved: `raw` text (≈ 4 bytes a token) or `tokens`.
    DataFormat {
        key: "data_format",
        label: "Dataset format",
        accepted: same(
            "raw (text, about 4 bytes a token) or tokens (2 bytes a token below a 65,536 vocabulary)",
        ),
        job: None,
        value: ValueSpec::Id(IdSpec {
            default: Some("raw"),
            get: |_, s| Some(s.overheads.data_format.id()),
        }),
    }
    /// Whether the corpus leaves the training provider once, at the end (1) or not (0).
    CorpusOut {
        key: "corpus_out",
        label: "Move the corpus out later",
        accepted: same("1 to move the corpus out of the training cloud at the end, or 0"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: whole(0.0, 1.0),
            style: Style::Switch,
            slider: None,
            access: Access::Required {
                default: 0.0,
                get: |_, s| switch(s.overheads.corpus_out),
                set: |_, s, v| s.overheads.corpus_out = v == 1.0,
            },
        }),
    }
    /// Reserved price override, USD per GPU-hour.
    Reserved {
        key: "reserved",
        label: "Reserved price",
        accepted: same("a price in USD per GPU-hour from 0.0001 to 1,000, like 3.78"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(1e-4, 1_000.0),
            style: Style::Plain,
            slider: None,
            access: Access::Optional {
                default: None,
                auto: false,
                get: |_, s| s.billing.reserved_usd_per_hour,
                set: |_, s, v| s.billing.reserved_usd_per_hour = v,
            },
        }),
    }
    /// API to compare self-hosted inference with (a catalog id).
    Api {
        key: "api",
        label: "API",
        accepted: same("an API id from the catalog"),
        job: None,
        value: ValueSpec::Id(IdSpec {
            default: Some("gpt-4o-mini"),
            get: |_, s| Some(s.billing.api_id.as_str()),
        }),
    }
    /// Blended API price override, USD per million tokens.
    ApiPrice {
        key: "api_price",
        label: "API price override",
        accepted: same("USD per million tokens from 0.0001 to 1,000, like 0.26"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(1e-4, 1_000.0),
            style: Style::Plain,
            slider: None,
            access: Access::Optional {
                default: None,
                auto: false,
                get: |_, s| s.billing.api_usd_per_mtok,
                set: |_, s, v| s.billing.api_usd_per_mtok = v,
            },
        }),
    }
    /// Inference volume, tokens per month.
    TokensMonth {
        key: "tokens_month",
        label: "Tokens a month",
        accepted: same("1K to 1,000T tokens a month, like 2B"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(1e3, 1e15),
            style: Style::Suffixed,
            slider: Some(Scale::Log { min: 1e6, max: 1e13, whole: false }),
            access: Access::Required {
                default: 2e9,
                get: |_, s| s.billing.tokens_per_month,
                set: |_, s, v| s.billing.tokens_per_month = v,
            },
        }),
    }
    /// Parameters of the model served.
    InferParams {
        key: "infer_params",
        label: "Model served",
        accepted: same("100M to 2T parameters, like 8B"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(1e8, 2e12),
            style: Style::Suffixed,
            slider: None,
            access: Access::Required {
                default: 8e9,
                get: |_, s| s.billing.infer_params,
                set: |_, s, v| s.billing.infer_params = v,
            },
        }),
    }
    /// Output tokens a second each user of a self-hosted server sees.
    UserSpeed {
        key: "user_speed",
        label: "Speed each user sees",
        accepted: same("output tokens a second from 1 to 1,000, like 25"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(1.0, 1_000.0),
            style: Style::Plain,
            slider: None,
            access: Access::Required {
                default: DEFAULT_USER_TOKENS_PER_S,
                get: |_, s| s.billing.user_tokens_per_s,
                set: |_, s, v| s.billing.user_tokens_per_s = v,
            },
        }),
    }
    /// Share of provisioned inference throughput used, (0, 1].
    Util {
        key: "util",
        label: "Utilisation",
        accepted: by_origin(
            "a fraction from 0.0001 to 1, like 0.6 (or 60%)",
            "a percentage from 0.01 to 100, like 60",
        ),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(1e-4, 1.0),
            style: Style::Percent,
            slider: Some(Scale::Linear { min: 0.05, max: 1.0, step: 0.05 }),
            access: Access::Required {
                default: 0.6,
                get: |_, s| s.billing.utilisation,
                set: |_, s, v| s.billing.utilisation = v,
            },
        }),
    }
    /// Budget for "what does $X buy", USD.
    Budget {
        key: "budget",
        label: "Budget",
        accepted: same("USD from 1 to 1B, like 50K"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(1.0, 1e9),
            style: Style::Suffixed,
            slider: None,
            access: Access::Required {
                default: REFERENCE_BUDGET_USD,
                get: |_, s| s.billing.budget_usd,
                set: |_, s, v| s.billing.budget_usd = v,
            },
        }),
    }
    /// Workload shape for the credit advisor (a catalog id).
    Shape {
        key: "shape",
        label: "Workload",
        accepted: same("a workload shape id from the catalog"),
        job: None,
        // Empty (no `shape` in the link): the plan's own workloads.
        value: ValueSpec::Id(IdSpec {
            default: None,
            get: |_, s| Some(s.advisor.shape.as_str()).filter(|x| !x.is_empty()),
        }),
    }
    /// Whether the stack is CUDA-locked: 1 yes, 0 no.
    Cuda {
        key: "cuda",
        label: "CUDA-locked stack",
        accepted: same("1 if the stack is CUDA-locked, else 0"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: whole(0.0, 1.0),
            style: Style::Switch,
            slider: None,
            access: Access::Required {
                default: 1.0,
                get: |_, s| switch(s.advisor.cuda_locked),
                set: |_, s, v| s.advisor.cuda_locked = v == 1.0,
            },
        }),
    }
    /// Loaded cost of an engineer-week, USD (prices porting off CUDA).
    EngWeek {
        key: "eng_week",
        label: "Engineer-week cost",
        accepted: same("USD from 0 to 1M, like 5K"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(0.0, 1e6),
            style: Style::Suffixed,
            slider: None,
            access: Access::Required {
                default: 5_000.0,
                get: |_, s| s.advisor.weekly_engineer_usd,
                set: |_, s, v| s.advisor.weekly_engineer_usd = v,
            },
        }),
    }
    /// How self-hosted inference GPUs are billed: on-demand, reserved or spot.
    Host {
        key: "host",
        label: "Inference GPUs billed",
        accepted: same("on-demand, reserved or spot"),
        job: None,
        value: ValueSpec::Id(IdSpec {
            default: Some("on-demand"),
            get: |_, s| Some(s.billing.host_mode.id()),
        }),
    }
    /// Tokens of a request, prompt and answer (split 3 : 1, the API's blend).
    Context {
        key: "context",
        label: "Tokens per request",
        accepted: same("a whole number of tokens from 1 to 1,000,000, like 2048"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: whole(1.0, 1_000_000.0),
            style: Style::Plain,
            slider: None,
            access: Access::Required {
                default: DEFAULT_CONTEXT_TOKENS,
                get: |_, s| s.billing.context_tokens,
                set: |_, s, v| s.billing.context_tokens = v,
            },
        }),
    }
    /// What kind of training job the editor holds (pretrain, continued, full-ft, lora, qlora,
    /// dpo); written in `job=` tokens, read as a single key from old one-run links.
    Kind {
        key: "kind",
        label: "Kind of job",
        accepted: same("pretrain, continued, full-ft, lora, qlora or dpo"),
        job: Some(JobSlot::required(0)),
        value: ValueSpec::Id(IdSpec {
            default: Some("pretrain"),
            get: |s, _| Some(s.kind.id()),
        }),
    }
    /// Passes over the tokens of a training job.
    Epochs {
        key: "epochs",
        label: "Epochs",
        accepted: same("a number of passes from 0.01 to 1,000, like 3"),
        job: Some(JobSlot::written(7)),
        value: ValueSpec::Number(NumberSpec {
            range: span(0.01, 1_000.0),
            style: Style::Plain,
            slider: Some(Scale::Log { min: 0.1, max: 100.0, whole: false }),
            access: Access::Required { default: 1.0, get: |s, _| s.epochs, set: |s, _, v| s.epochs = v },
        }),
    }
    /// Independent runs of a training job (sweeps, retries, iterations).
    Runs {
        key: "runs",
        label: "Runs",
        accepted: same("a whole number of runs from 1 to 10,000"),
        job: Some(JobSlot::written(8)),
        value: ValueSpec::Number(NumberSpec {
            range: whole(1.0, 10_000.0),
            style: Style::Plain,
            slider: Some(Scale::Log { min: 1.0, max: 1_000.0, whole: true }),
            access: Access::Required {
                default: 1.0,
                get: |s, _| f64::from(s.runs),
                set: |s, _, v| s.runs = v as u32,
            },
        }),
    }
    /// LoRA's rank on every linear layer of the base model (LoRA and QLoRA jobs): it sizes the
    /// adapter that is synchronised and checkpointed.
    LoraRank {
        key: "lora_rank",
        label: "LoRA rank",
        accepted: same("a whole rank from 1 to 1,024, like 16"),
        job: Some(JobSlot::when_set(12)),
        value: ValueSpec::Number(NumberSpec {
            range: whole(1.0, 1_024.0),
            style: Style::Plain,
            slider: Some(Scale::Doubling { min: 1.0, max: 1_024.0 }),
            access: Access::Required { default: 16.0, get: |s, _| s.lora_rank, set: |s, _, v| s.lora_rank = v },
        }),
    }
    /// Tokens in each training sequence (the context length trained on): sizes the activations
    /// every accelerator holds, so a long-context job needs more memory per GPU.
    SeqLen {
        key: "seq_len",
        label: "Sequence length",
        accepted: same("a whole number of tokens from 16 to 1,048,576, like 4096 or 32768"),
        job: Some(JobSlot::when_set(13)),
        value: ValueSpec::Number(NumberSpec {
            range: whole(16.0, 1_048_576.0),
            style: Style::Plain,
            slider: Some(Scale::Doubling { min: 512.0, max: 131_072.0 }),
            access: Access::Required { default: 4_096.0, get: |s, _| s.seq_len, set: |s, _, v| s.seq_len = v },
        }),
    }
    /// The global batch, tokens per optimizer step: with the sequence length it sets how many
    /// data-parallel ranks a step can feed, so the parallelism and communication of the run.
    BatchTokens {
        key: "batch_tokens",
        label: "Batch, tokens per step",
        accepted: same("1K to 1B tokens a step, like 4M, or auto for the published recipe's"),
        job: Some(JobSlot::when_set(14)),
        value: ValueSpec::Number(NumberSpec {
            range: span(1e3, 1e9),
            style: Style::Suffixed,
            // Typed only: a slider has no place for `auto`, and one arrow key would move a
            // 4M-token step to 66K.
            slider: None,
            access: Access::Optional {
                default: None,
                auto: true,
                get: |s, _| s.batch_tokens,
                set: |s, _, v| s.batch_tokens = v,
            },
        }),
    }
    /// A mixture of experts' routed experts per MoE layer.
    Experts {
        key: "experts",
        label: "Experts",
        accepted: same("a whole number of routed experts from 2 to 4,096, like 128, or auto"),
        job: Some(JobSlot::when_set(15)),
        value: ValueSpec::Number(NumberSpec {
            range: whole(2.0, 4_096.0),
            style: Style::Plain,
            slider: None,
            access: Access::Optional {
                default: None,
                auto: true,
                get: |s, _| s.moe_experts,
                set: |s, _, v| s.moe_experts = v,
            },
        }),
    }
    /// Experts each token of a mixture is routed to.
    ExpertsPerToken {
        key: "experts_per_token",
        label: "Experts per token",
        accepted: same("a whole number from 1 to 64, like 8, or auto"),
        job: Some(JobSlot::when_set(16)),
        value: ValueSpec::Number(NumberSpec {
            range: whole(1.0, 64.0),
            style: Style::Plain,
            slider: None,
            access: Access::Optional {
                default: None,
                auto: true,
                get: |s, _| s.moe_top_k,
                set: |s, _, v| s.moe_top_k = v,
            },
        }),
    }

    // --- Rows held by other records than a job and the settings (`Access::Held`) ------------
    /// A grant's amount: expected at application, or the balance left at day 0 when held.
    GrantAmount {
        key: "grant_amount",
        label: "amount",
        accepted: same("USD above 0 and at most 1B, like 100K"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: above(0.0, MAX_AMOUNT_USD),
            style: Style::Suffixed,
            slider: None,
            access: held(None, false),
        }),
    }
    /// The day a grant's application goes out, counted from day 0 (negative: sent before it).
    GrantApplyDay {
        key: "grant_apply_day",
        label: "apply day",
        accepted: same("a whole day from -3650 (applied before day 0) to 1826"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: whole(MIN_APPLY_DAY as f64, HORIZON_CAP_DAYS as f64),
            style: Style::Plain,
            slider: None,
            access: held(None, false),
        }),
    }
    /// Days from a grant's application to its approval.
    GrantReviewDays {
        key: "grant_review_days",
        label: "review days",
        accepted: same("a whole number of days from 0 to 730"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: whole(0.0, MAX_REVIEW_DAYS as f64),
            style: Style::Plain,
            slider: None,
            access: held(None, false),
        }),
    }
    /// Days a grant's credits can be spent after approval.
    GrantValidityDays {
        key: "grant_validity_days",
        label: "validity days",
        accepted: same("a whole number of days from 1 to 3650"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: whole(1.0, MAX_VALIDITY_DAYS as f64),
            style: Style::Plain,
            slider: None,
            access: held(None, false),
        }),
    }
    /// The chance a grant is approved at its amount (the uncertainty bands).
    GrantApproval {
        key: "grant_approval",
        label: "approval chance",
        accepted: same("a chance from 0 to 1, like 0.5 (or 50%)"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(0.0, 1.0),
            style: Style::Fraction,
            slider: None,
            access: held(Some(1.0), true),
        }),
    }
    /// A grant's shortest review, days; blank: the catalog's.
    GrantReviewMin {
        key: "grant_review_min",
        label: "shortest review",
        accepted: same("a whole number of days from 0 to 730, or empty for the catalog's"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: whole(0.0, MAX_REVIEW_DAYS as f64),
            style: Style::Plain,
            slider: None,
            access: held(None, true),
        }),
    }
    /// A grant's longest review, days; blank: the catalog's.
    GrantReviewMax {
        key: "grant_review_max",
        label: "longest review",
        accepted: same("a whole number of days from 0 to 730, or empty for the catalog's"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: whole(0.0, MAX_REVIEW_DAYS as f64),
            style: Style::Plain,
            slider: None,
            access: held(None, true),
        }),
    }
    /// How many months a serving line (or an API line) runs.
    ServeMonths {
        key: "serve_months",
        label: "months",
        accepted: same("a whole number of months from 1 to 60"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: whole(1.0, MAX_SERVE_MONTHS as f64),
            style: Style::Plain,
            slider: None,
            access: held(None, false),
        }),
    }
    /// An experiments row's GPU-hours.
    WorkGpuHours {
        key: "work_gpu_hours",
        label: "GPU-hours",
        accepted: same("GPU-hours above 0, like 20K"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: above(0.0, MAX_WORK_GPU_HOURS),
            style: Style::Suffixed,
            slider: None,
            access: held(None, false),
        }),
    }
    /// A retrieval column's queries a month.
    Queries {
        key: "queries",
        label: "queries a month",
        accepted: same("0 to 1T, like 1M"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(0.0, 1e12),
            style: Style::Suffixed,
            slider: None,
            access: held(None, false),
        }),
    }
    /// A retrieval column's chunks added to each query.
    Chunks {
        key: "chunks",
        label: "chunks per query",
        accepted: same("1 to 100"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: whole(1.0, 100.0),
            style: Style::Plain,
            slider: None,
            access: held(None, false),
        }),
    }
    /// A retrieval column's tokens per chunk.
    ChunkTokens {
        key: "chunk_tokens",
        label: "chunk size",
        accepted: same("16 to 8,192 tokens"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: whole(16.0, 8192.0),
            style: Style::Plain,
            slider: None,
            access: held(None, false),
        }),
    }
    /// A retrieval column's embedding dimension.
    Dimension {
        key: "dimension",
        label: "dimension",
        accepted: same("16 to 16,384"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: whole(16.0, 16_384.0),
            style: Style::Plain,
            slider: None,
            access: held(None, false),
        }),
    }
    /// The MFU range's low multiplier (the uncertainty bands).
    MfuRangeLow {
        key: "mfu_range_low",
        label: "MFU range, low",
        accepted: same("a multiplier from 0.05 to 1, like 0.8"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(0.05, 1.0),
            style: Style::Plain,
            slider: None,
            access: held(Some(1.0), false),
        }),
    }
    /// The MFU range's high multiplier.
    MfuRangeHigh {
        key: "mfu_range_high",
        label: "MFU range, high",
        accepted: same("a multiplier from 1 to 5, like 1.2"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(1.0, 5.0),
            style: Style::Plain,
            slider: None,
            access: held(Some(1.0), false),
        }),
    }
    /// The price range's low multiplier.
    PriceRangeLow {
        key: "price_range_low",
        label: "Price range, low",
        accepted: same("a multiplier from 0.05 to 10, like 0.9"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(0.05, 10.0),
            style: Style::Plain,
            slider: None,
            access: held(Some(1.0), false),
        }),
    }
    /// The price range's high multiplier.
    PriceRangeHigh {
        key: "price_range_high",
        label: "Price range, high",
        accepted: same("a multiplier from 0.05 to 10, like 1.3"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: span(0.05, 10.0),
            style: Style::Plain,
            slider: None,
            access: held(Some(1.0), false),
        }),
    }
    /// The display currency's rate, units per US dollar (the reader's view; `cur=BRL:5.4`).
    Rate {
        key: "rate",
        label: "Exchange rate",
        accepted: same("units per US dollar above 0 and at most 1M, like 5.4"),
        job: None,
        value: ValueSpec::Number(NumberSpec {
            range: above(0.0, DisplayCurrency::MAX_RATE),
            style: Style::Plain,
            slider: None,
            access: held(None, false),
        }),
    }
}

impl Field {
    /// The share-link key.
    pub fn key(self) -> &'static str {
        self.spec().key
    }

    /// The calculator field whose link key is `key`, if any (a held row has no key of its own
    /// in a link: its record's token carries it).
    pub fn from_key(key: &str) -> Option<Field> {
        Field::calculator().find(|f| f.key() == key)
    }

    /// The calculator's fields, in link order: a job's and the plan's settings, without the rows
    /// other records hold ([`Access::Held`]).
    pub fn calculator() -> impl Iterator<Item = Field> {
        Field::ALL.into_iter().filter(|f| !f.is_held())
    }

    /// Whether another record than a job and the settings holds this field ([`Access::Held`]).
    pub fn is_held(self) -> bool {
        matches!(
            self.number_spec().map(|n| n.access),
            Some(Access::Held { .. })
        )
    }

    /// Whether blank text means the field's default (a review bound left to the catalog).
    pub fn blank_is_default(self) -> bool {
        matches!(
            self.number_spec().map(|n| n.access),
            Some(Access::Held { blank: true, .. })
        )
    }

    /// The label a person reads next to the control, in the reader's language (the table's
    /// `label` is the English).
    pub fn label(self) -> &'static str {
        crate::input::text::interned(label_text(self))
    }

    /// The unit after the row's typed box ("USD/GPU-h", "tokens"), in the reader's language.
    pub fn unit(self) -> &'static str {
        // A unit in dollars belongs to a money box, typed in the display currency: the unit says
        // which ("BRL/GPU-h"; only the money rows' units name USD).
        let iso = crate::locale::currency().code.iso();
        crate::input::text::interned(unit_text(self).replace("USD", iso))
    }

    /// Whether the field is an amount of US dollars (a price, a budget, a grant's amount): its
    /// typed box shows it, and reads what the reader types, in the display currency
    /// ([`Field::display`], [`Field::parse`]); links and the plan keep US dollars.
    pub fn is_money(self) -> bool {
        matches!(
            self,
            Field::Price
                | Field::Reserved
                | Field::ApiPrice
                | Field::Budget
                | Field::EngWeek
                | Field::GrantAmount
        )
    }

    /// The hint beside the row's label, in the reader's language.
    pub fn hint(self) -> &'static str {
        crate::input::text::interned(hint_text(self))
    }

    /// The numeric part of this field's row; `None` for the id fields.
    pub fn number_spec(self) -> Option<&'static NumberSpec> {
        match &self.spec().value {
            ValueSpec::Number(n) => Some(n),
            ValueSpec::Id(_) => None,
        }
    }

    /// The accepted range of a numeric field; `None` for the catalog-id fields.
    pub fn range(self) -> Option<Range> {
        self.number_spec().map(|n| n.range)
    }

    /// What a numeric field accepts, in words, for the given origin. Id fields list their ids at
    /// validation time instead.
    pub fn accepted(self, origin: Origin) -> &'static str {
        let words = accepted_text(self, origin);
        // Typed in the display currency, checked in US dollars: say so, with the rate.
        match crate::locale::currency() {
            c if origin == Origin::Typed
                && self.is_money()
                && c.code != crate::locale::CurrencyCode::Usd =>
            {
                crate::input::text::interned(crate::tr!(
                    "fields.money_typed",
                    words = words,
                    iso = c.code.iso(),
                    rate = crate::io::format::exact(c.per_usd, 4)
                ))
            }
            _ => crate::input::text::interned(words),
        }
    }

    /// Whether the field belongs to one training job (written in its `job=` token; read as a
    /// single key only from old one-run links).
    pub fn is_job_field(self) -> bool {
        self.spec().job.is_some()
    }

    /// The field's value when nothing sets it (`None` for id fields and absent optional ones).
    pub fn default_number(self) -> Option<f64> {
        match self.number_spec()?.access {
            Access::Required { default, .. } => Some(default),
            Access::Optional { default, .. } | Access::Held { default, .. } => default,
        }
    }

    /// How the typed box writes this field (`None` for the id fields).
    pub fn style(self) -> Option<Style> {
        self.number_spec().map(|n| n.style)
    }

    /// Whether the field is a fraction shown as a percentage in its typed box.
    pub fn is_percent(self) -> bool {
        self.style() == Some(Style::Percent)
    }

    /// Whether the field is an on/off switch (`0` or `1` in links, a checkbox on the page).
    pub fn is_switch(self) -> bool {
        self.style() == Some(Style::Switch)
    }

    /// Whether the field may be left to the model: `auto` (or nothing typed) means "use the
    /// computed optimum" for the checkpoint interval.
    pub fn accepts_auto(self) -> bool {
        matches!(
            self.number_spec().map(|n| n.access),
            Some(Access::Optional { auto: true, .. })
        )
    }
}

/// The job fields in their `job=` token order, with how each slot is read and written: the
/// token's slots, its shape in messages and the property test's generator all read this.
pub fn job_rows() -> Vec<(Field, Need)> {
    let mut rows: Vec<(usize, Field, Need)> = Field::ALL
        .into_iter()
        .filter_map(|f| f.spec().job.map(|s| (s.at, f, s.need)))
        .collect();
    rows.sort_by_key(|r| r.0);
    rows.into_iter().map(|(_, f, need)| (f, need)).collect()
}

/// The `job=` token's shape as its message and the README write it:
/// `kind:params:tokens:provider:accelerator:gpus[:start[:…]]`, from the rows.
pub fn job_shape() -> String {
    let rows = job_rows();
    // The accelerator's link key is `gpu` (old one-run links); its token slot is named in words.
    let name = |f: Field| match f {
        Field::Gpu => "accelerator",
        f => f.key(),
    };
    let required: Vec<&str> = rows
        .iter()
        .filter(|r| r.1 == Need::Required)
        .map(|r| name(r.0))
        .collect();
    let optional: Vec<&str> = rows
        .iter()
        .filter(|r| r.1 != Need::Required)
        .map(|r| name(r.0))
        .collect();
    let mut shape = required.join(":");
    for o in &optional {
        shape.push_str("[:");
        shape.push_str(o);
    }
    shape.push_str(&"]".repeat(optional.len()));
    shape
}

/// The label of a field in the reader's language (model/locales/fields.yml; the English is the
/// table's `label`, checked by a test).
fn label_text(field: Field) -> String {
    match field {
        Field::Params => crate::tr!("fields.params.label"),
        Field::Tokens => crate::tr!("fields.tokens.label"),
        Field::Gpu => crate::tr!("fields.gpu.label"),
        Field::Gpus => crate::tr!("fields.gpus.label"),
        Field::Mfu => crate::tr!("fields.mfu.label"),
        Field::Duty => crate::tr!("fields.duty.label"),
        Field::Provider => crate::tr!("fields.provider.label"),
        Field::Price => crate::tr!("fields.price.label"),
        Field::Start => crate::tr!("fields.start.label"),
        Field::Mtbf => crate::tr!("fields.mtbf.label"),
        Field::CkptWrite => crate::tr!("fields.ckpt_write.label"),
        Field::Restart => crate::tr!("fields.restart.label"),
        Field::CkptEvery => crate::tr!("fields.ckpt_every.label"),
        Field::Network => crate::tr!("fields.network.label"),
        Field::Overlap => crate::tr!("fields.overlap.label"),
        Field::A2aOverlap => crate::tr!("fields.all_to_all_overlap.label"),
        Field::CkptsKept => crate::tr!("fields.ckpts_kept.label"),
        Field::Spot => crate::tr!("fields.spot.label"),
        Field::DataOn => crate::tr!("fields.data_on.label"),
        Field::Export => crate::tr!("fields.export.label"),
        Field::DataFormat => crate::tr!("fields.data_format.label"),
        Field::CorpusOut => crate::tr!("fields.corpus_out.label"),
        Field::Reserved => crate::tr!("fields.reserved.label"),
        Field::Api => crate::tr!("fields.api.label"),
        Field::ApiPrice => crate::tr!("fields.api_price.label"),
        Field::TokensMonth => crate::tr!("fields.tokens_month.label"),
        Field::InferParams => crate::tr!("fields.infer_params.label"),
        Field::UserSpeed => crate::tr!("fields.user_speed.label"),
        Field::Util => crate::tr!("fields.util.label"),
        Field::Budget => crate::tr!("fields.budget.label"),
        Field::Shape => crate::tr!("fields.shape.label"),
        Field::Cuda => crate::tr!("fields.cuda.label"),
        Field::EngWeek => crate::tr!("fields.eng_week.label"),
        Field::Host => crate::tr!("fields.host.label"),
        Field::Context => crate::tr!("fields.context.label"),
        Field::Kind => crate::tr!("fields.kind.label"),
        Field::Epochs => crate::tr!("fields.epochs.label"),
        Field::Runs => crate::tr!("fields.runs.label"),
        Field::LoraRank => crate::tr!("fields.lora_rank.label"),
        Field::SeqLen => crate::tr!("fields.seq_len.label"),
        Field::BatchTokens => crate::tr!("fields.batch_tokens.label"),
        Field::Experts => crate::tr!("fields.experts.label"),
        Field::ExpertsPerToken => crate::tr!("fields.experts_per_token.label"),
        Field::GrantAmount => crate::tr!("plan.grant_field.amount"),
        Field::GrantApplyDay => crate::tr!("plan.grant_field.apply_day"),
        Field::GrantReviewDays => crate::tr!("plan.grant_field.review_days"),
        Field::GrantValidityDays => crate::tr!("plan.grant_field.validity_days"),
        Field::GrantApproval => crate::tr!("plan.odds_field.approval"),
        Field::GrantReviewMin => crate::tr!("plan.odds_field.review_min"),
        Field::GrantReviewMax => crate::tr!("plan.odds_field.review_max"),
        Field::ServeMonths => crate::tr!("fields.serve_months.label"),
        Field::WorkGpuHours => crate::tr!("plan.work.gpu_hours"),
        Field::Queries => crate::tr!("compare.what.queries"),
        Field::Chunks => crate::tr!("compare.what.chunks"),
        Field::ChunkTokens => crate::tr!("compare.what.chunk_size"),
        Field::Dimension => crate::tr!("compare.what.dimension"),
        Field::MfuRangeLow => crate::tr!("fields.mfu_range_low.label"),
        Field::MfuRangeHigh => crate::tr!("fields.mfu_range_high.label"),
        Field::PriceRangeLow => crate::tr!("fields.price_range_low.label"),
        Field::PriceRangeHigh => crate::tr!("fields.price_range_high.label"),
        Field::Rate => crate::tr!("fields.rate.label"),
    }
}

/// The unit shown after a calculator row's typed box, in the reader's language
/// (model/locales/fields.yml); empty for the rows without one.
fn unit_text(field: Field) -> String {
    match field {
        Field::Reserved => crate::tr!("fields.reserved.unit"),
        Field::ApiPrice => crate::tr!("fields.api_price.unit"),
        Field::TokensMonth => crate::tr!("fields.tokens_month.unit"),
        Field::InferParams => crate::tr!("fields.infer_params.unit"),
        Field::UserSpeed => crate::tr!("fields.user_speed.unit"),
        Field::Context => crate::tr!("fields.context.unit"),
        Field::Util => crate::tr!("fields.util.unit"),
        Field::A2aOverlap => crate::tr!("fields.all_to_all_overlap.unit"),
        Field::Budget => crate::tr!("fields.budget.unit"),
        Field::EngWeek => crate::tr!("fields.eng_week.unit"),
        Field::Overlap => crate::tr!("fields.overlap.unit"),
        Field::Mtbf => crate::tr!("fields.mtbf.unit"),
        Field::CkptWrite => crate::tr!("fields.ckpt_write.unit"),
        Field::Restart => crate::tr!("fields.restart.unit"),
        Field::CkptEvery => crate::tr!("fields.ckpt_every.unit"),
        Field::CkptsKept => crate::tr!("fields.ckpts_kept.unit"),
        Field::SeqLen => crate::tr!("fields.seq_len.unit"),
        Field::BatchTokens => crate::tr!("fields.batch_tokens.unit"),
        Field::Params => crate::tr!("fields.params.unit"),
        Field::Tokens => crate::tr!("fields.tokens.unit"),
        Field::Epochs => crate::tr!("fields.epochs.unit"),
        Field::Runs => crate::tr!("fields.runs.unit"),
        Field::LoraRank => crate::tr!("fields.lora_rank.unit"),
        Field::Mfu => crate::tr!("fields.mfu.unit"),
        Field::Start => crate::tr!("fields.start.unit"),
        Field::Gpus => crate::tr!("fields.gpus.unit"),
        Field::Duty => crate::tr!("fields.duty.unit"),
        Field::Price => crate::tr!("fields.price.unit"),
        _ => String::new(),
    }
}

/// The hint beside a calculator row's label (the forms it accepts, where its default comes from),
/// in the reader's language; empty for the rows without one.
fn hint_text(field: Field) -> String {
    match field {
        Field::Reserved => crate::tr!("fields.reserved.hint"),
        Field::ApiPrice => crate::tr!("fields.api_price.hint"),
        Field::TokensMonth => crate::tr!("fields.tokens_month.hint"),
        Field::InferParams => crate::tr!("fields.infer_params.hint"),
        Field::UserSpeed => crate::tr!("fields.user_speed.hint"),
        Field::Context => crate::tr!("fields.context.hint"),
        Field::Util => crate::tr!("fields.util.hint"),
        Field::A2aOverlap => crate::tr!("fields.all_to_all_overlap.hint"),
        Field::Budget => crate::tr!("fields.budget.hint"),
        Field::EngWeek => crate::tr!("fields.eng_week.hint"),
        Field::Overlap => crate::tr!("fields.overlap.hint"),
        Field::Mtbf => crate::tr!("fields.mtbf.hint"),
        Field::CkptWrite => crate::tr!("fields.ckpt_write.hint"),
        Field::Restart => crate::tr!("fields.restart.hint"),
        Field::CkptEvery => crate::tr!("fields.ckpt_every.hint"),
        Field::CkptsKept => crate::tr!("fields.ckpts_kept.hint"),
        Field::SeqLen => crate::tr!("fields.seq_len.hint"),
        Field::BatchTokens => crate::tr!("fields.batch_tokens.hint"),
        Field::Experts => crate::tr!("fields.experts.hint"),
        Field::ExpertsPerToken => crate::tr!("fields.experts_per_token.hint"),
        Field::Params => crate::tr!("fields.params.hint"),
        Field::Tokens => crate::tr!("fields.tokens.hint"),
        Field::Epochs => crate::tr!("fields.epochs.hint"),
        Field::Runs => crate::tr!("fields.runs.hint"),
        Field::LoraRank => crate::tr!("fields.lora_rank.hint"),
        Field::Mfu => crate::tr!("fields.mfu.hint"),
        Field::Start => crate::tr!("fields.start.hint"),
        Field::Gpus => crate::tr!("fields.gpus.hint"),
        Field::Duty => crate::tr!("fields.duty.hint"),
        Field::Price => crate::tr!("fields.price.hint"),
        _ => String::new(),
    }
}

/// What a field accepts, in the reader's language (the English is the table's `accepted`).
fn accepted_text(field: Field, origin: Origin) -> String {
    match (field, origin) {
        (Field::Params, _) => crate::tr!("fields.params.accepted"),
        (Field::Tokens, _) => crate::tr!("fields.tokens.accepted"),
        (Field::Gpu, _) => crate::tr!("fields.gpu.accepted"),
        (Field::Gpus, _) => crate::tr!("fields.gpus.accepted"),
        (Field::Mfu, Origin::Link) => crate::tr!("fields.mfu.accepted_link"),
        (Field::Mfu, Origin::Typed) => crate::tr!("fields.mfu.accepted_typed"),
        (Field::Duty, Origin::Link) => crate::tr!("fields.duty.accepted_link"),
        (Field::Duty, Origin::Typed) => crate::tr!("fields.duty.accepted_typed"),
        (Field::Provider, _) => crate::tr!("fields.provider.accepted"),
        (Field::Price, _) => crate::tr!("fields.price.accepted"),
        (Field::Start, _) => crate::tr!("fields.start.accepted"),
        (Field::Mtbf, _) => crate::tr!("fields.mtbf.accepted"),
        (Field::CkptWrite, _) => crate::tr!("fields.ckpt_write.accepted"),
        (Field::Restart, _) => crate::tr!("fields.restart.accepted"),
        (Field::CkptEvery, _) => crate::tr!("fields.ckpt_every.accepted"),
        (Field::Network, _) => crate::tr!("fields.network.accepted"),
        (Field::Overlap, Origin::Link) => crate::tr!("fields.overlap.accepted_link"),
        (Field::Overlap, Origin::Typed) => crate::tr!("fields.overlap.accepted_typed"),
        (Field::A2aOverlap, Origin::Link) => crate::tr!("fields.all_to_all_overlap.accepted_link"),
        (Field::A2aOverlap, Origin::Typed) => {
            crate::tr!("fields.all_to_all_overlap.accepted_typed")
        }
        (Field::CkptsKept, _) => crate::tr!("fields.ckpts_kept.accepted"),
        (Field::Spot, _) => crate::tr!("fields.spot.accepted"),
        (Field::DataOn, _) => crate::tr!("fields.data_on.accepted"),
        (Field::Export, _) => crate::tr!("fields.export.accepted"),
        (Field::DataFormat, _) => crate::tr!("fields.data_format.accepted"),
        (Field::CorpusOut, _) => crate::tr!("fields.corpus_out.accepted"),
        (Field::Reserved, _) => crate::tr!("fields.reserved.accepted"),
        (Field::Api, _) => crate::tr!("fields.api.accepted"),
        (Field::ApiPrice, _) => crate::tr!("fields.api_price.accepted"),
        (Field::TokensMonth, _) => crate::tr!("fields.tokens_month.accepted"),
        (Field::InferParams, _) => crate::tr!("fields.infer_params.accepted"),
        (Field::UserSpeed, _) => crate::tr!("fields.user_speed.accepted"),
        (Field::Util, Origin::Link) => crate::tr!("fields.util.accepted_link"),
        (Field::Util, Origin::Typed) => crate::tr!("fields.util.accepted_typed"),
        (Field::Budget, _) => crate::tr!("fields.budget.accepted"),
        (Field::Shape, _) => crate::tr!("fields.shape.accepted"),
        (Field::Cuda, _) => crate::tr!("fields.cuda.accepted"),
        (Field::EngWeek, _) => crate::tr!("fields.eng_week.accepted"),
        (Field::Host, _) => crate::tr!("fields.host.accepted"),
        (Field::Context, _) => crate::tr!("fields.context.accepted"),
        (Field::Kind, _) => crate::tr!("fields.kind.accepted"),
        (Field::Epochs, _) => crate::tr!("fields.epochs.accepted"),
        (Field::Runs, _) => crate::tr!("fields.runs.accepted"),
        (Field::LoraRank, _) => crate::tr!("fields.lora_rank.accepted"),
        (Field::SeqLen, _) => crate::tr!("fields.seq_len.accepted"),
        (Field::BatchTokens, _) => crate::tr!("fields.batch_tokens.accepted"),
        (Field::Experts, _) => crate::tr!("fields.experts.accepted"),
        (Field::ExpertsPerToken, _) => crate::tr!("fields.experts_per_token.accepted"),
        (Field::GrantAmount, _) => crate::tr!("plan.grant_expected.amount"),
        (Field::GrantApplyDay, _) => crate::tr!("plan.grant_expected.whole_day"),
        (Field::GrantReviewDays, _) => crate::tr!("plan.grant_expected.review_days"),
        (Field::GrantValidityDays, _) => crate::tr!("plan.grant_expected.validity_days"),
        (Field::GrantApproval, _) => crate::tr!("plan.odds_expected.approval"),
        (Field::GrantReviewMin | Field::GrantReviewMax, _) => {
            crate::tr!("plan.odds_expected.review")
        }
        (Field::ServeMonths, _) => crate::tr!("fields.serve_months.accepted"),
        (Field::WorkGpuHours, _) => crate::tr!("plan.work.gpu_hours_expected"),
        (Field::Queries, _) => crate::tr!("compare.range.queries"),
        (Field::Chunks, _) => crate::tr!("compare.range.chunks"),
        (Field::ChunkTokens, _) => crate::tr!("compare.range.chunk_size"),
        (Field::Dimension, _) => crate::tr!("compare.range.dimension"),
        (Field::MfuRangeLow, _) => crate::tr!("fields.mfu_range_low.accepted"),
        (Field::MfuRangeHigh, _) => crate::tr!("fields.mfu_range_high.accepted"),
        (Field::PriceRangeLow, _) => crate::tr!("fields.price_range_low.accepted"),
        (Field::PriceRangeHigh, _) => crate::tr!("fields.price_range_high.accepted"),
        (Field::Rate, _) => crate::tr!("fields.rate.accepted"),
    }
}
impl Scale {
    /// The slider of a numeric field, in the field's canonical unit (fractions for MFU and duty).
    pub fn of(field: Field) -> Option<Scale> {
        field.number_spec().and_then(|n| n.slider)
    }
}

impl Field {
    /// This field's value in a job and its plan's settings, in its canonical unit; `None` for
    /// an absent optional value (no price override, `auto` checkpoint interval) and for the id
    /// fields. Switches read 0 or 1.
    pub fn number(self, job: &Job, settings: &Settings) -> Option<f64> {
        match self.number_spec()?.access {
            Access::Required { get, .. } => Some(get(job, settings)),
            Access::Optional { get, .. } => get(job, settings),
            Access::Held { .. } => None,
        }
    }

    /// The id chosen for a catalog-id field (`None` for numeric fields and for "the default",
    /// such as no explicit network or data location).
    pub fn id<'a>(self, job: &'a Job, settings: &'a Settings) -> Option<&'a str> {
        match self.spec().value {
            ValueSpec::Id(id) => (id.get)(job, settings),
            ValueSpec::Number(_) => None,
        }
    }

    /// Sets this numeric field from a value validated by [`Field::parse`] (so whole-number
    /// casts are exact): a job field in `job`, a shared one in `settings`. `None` clears an
    /// optional value (price override, checkpoint interval) and leaves the others alone.
    pub fn set(self, job: &mut Job, settings: &mut Settings, value: Option<f64>) {
        let Some(number) = self.number_spec() else {
            return;
        };
        match (number.access, value) {
            (Access::Optional { set, .. }, v) => set(job, settings, v),
            (Access::Required { set, .. }, Some(v)) => set(job, settings, v),
            (Access::Required { .. }, None) | (Access::Held { .. }, _) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_field_has_its_own_row_in_declaration_order() {
        // ALL is strictly increasing (so no field twice) and each row names its own field.
        for pair in Field::ALL.windows(2) {
            assert!(pair[0] < pair[1], "{pair:?}");
        }
        for field in Field::ALL {
            assert_eq!(field.spec().field, field);
        }
    }

    #[test]
    fn keys_and_labels_are_unique_and_keys_are_link_safe() {
        let mut keys = HashSet::new();
        let mut labels = HashSet::new();
        for field in Field::ALL {
            let key = field.key();
            assert!(keys.insert(key), "key {key} twice");
            assert!(labels.insert(field.label()), "label of {field:?} twice");
            // Written into query strings and test ids unescaped: lowercase letters and '_'.
            assert!(
                !key.is_empty() && key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{key}"
            );
            // A held row is carried by its record's token, never read as a key of its own.
            let own = (!field.is_held()).then_some(field);
            assert_eq!(Field::from_key(key), own);
        }
        assert_eq!(Field::from_key("nope"), None);
        assert_eq!(Field::from_key("grant_amount"), None);
    }

    #[test]
    fn table_defaults_are_the_default_job_and_settings() {
        let s = <(Job, Settings)>::default();
        for field in Field::ALL {
            match field.spec().value {
                ValueSpec::Number(n) => {
                    // A held row's value lives in another record: neither the job nor the
                    // settings holds it.
                    let default = match n.access {
                        Access::Required { default, .. } => Some(default),
                        Access::Optional { default, .. } => default,
                        Access::Held { .. } => None,
                    };
                    assert_eq!(field.number(&s.0, &s.1), default, "{field:?}");
                    assert_eq!(field.id(&s.0, &s.1), None, "{field:?}");
                }
                ValueSpec::Id(id) => {
                    assert_eq!(field.id(&s.0, &s.1), id.default, "{field:?}");
                    assert_eq!(field.number(&s.0, &s.1), None, "{field:?}");
                }
            }
        }
    }

    #[test]
    fn every_numeric_default_lies_in_its_range() {
        for field in Field::ALL {
            let Some(n) = field.number_spec() else {
                continue;
            };
            if let Some(d) = field.default_number() {
                assert!(
                    n.range.contains(d),
                    "{field:?} default {d} outside {:?}",
                    n.range
                );
            }
        }
    }

    #[test]
    fn every_slider_lies_within_its_range() {
        for field in Field::ALL {
            let Some(n) = field.number_spec() else {
                continue;
            };
            let Some(scale) = n.slider else { continue };
            let (min, max, whole) = match scale {
                Scale::Log { min, max, whole } => {
                    assert!(min > 0.0, "{field:?}: a log slider needs min > 0");
                    (min, max, whole)
                }
                Scale::Doubling { min, max } => {
                    assert!(min >= 1.0, "{field:?}: a doubling slider counts from 1");
                    (min, max, true)
                }
                Scale::Linear { min, max, step } => {
                    assert!(step > 0.0 && step <= max - min, "{field:?} step {step}");
                    (min, max, step.fract() == 0.0 && min.fract() == 0.0)
                }
            };
            assert!(min < max, "{field:?}");
            assert!(n.range.contains(min), "{field:?} slider min {min}");
            assert!(n.range.contains(max), "{field:?} slider max {max}");
            // A whole-number field's slider only offers whole numbers.
            assert!(!n.range.whole || whole, "{field:?}");
        }
    }

    #[test]
    fn set_of_get_round_trips_on_the_default_job_and_settings() {
        for field in Field::ALL {
            let mut s = <(Job, Settings)>::default();
            let v = field.number(&s.0, &s.1);
            field.set(&mut s.0, &mut s.1, v);
            assert_eq!(s, <(Job, Settings)>::default(), "{field:?}");
        }
    }

    #[test]
    fn styles_agree_with_ranges_and_texts() {
        for field in Field::ALL {
            let spec = field.spec();
            assert!(!spec.accepted.link.is_empty() && !spec.accepted.typed.is_empty());
            match field.style() {
                // Switches are 0 or 1 exactly.
                Some(Style::Switch) => {
                    assert_eq!(field.range(), Some(whole(0.0, 1.0)), "{field:?}")
                }
                // Percentages are fractions; their typed text speaks of percent, the link's of
                // fractions.
                Some(Style::Percent) => {
                    let r = field.range().unwrap_or(span(-1.0, 2.0));
                    assert!(r.min >= 0.0 && r.max <= 1.0, "{field:?}");
                    assert!(spec.accepted.typed.starts_with("a percentage"), "{field:?}");
                    assert!(spec.accepted.link.starts_with("a fraction"), "{field:?}");
                }
                // Every other field tells links and typed boxes the same thing.
                _ => assert_eq!(spec.accepted.link, spec.accepted.typed, "{field:?}"),
            }
        }
    }

    #[test]
    fn range_contains_honours_bounds_and_wholeness() {
        let r = span(0.5, 2.0);
        assert!(r.contains(0.5) && r.contains(2.0) && r.contains(1.25));
        assert!(!r.contains(0.4999) && !r.contains(2.0001) && !r.contains(f64::NAN));
        let open = Range {
            min_inclusive: false,
            ..r
        };
        assert!(!open.contains(0.5) && open.contains(0.5001));
        let w = whole(1.0, 10.0);
        assert!(w.contains(3.0) && !w.contains(3.5));
    }

    #[test]
    fn table_reading_methods_match_the_rows() {
        // Spot checks against the link documentation (docs/links.md): MFU is a percentage,
        // spot a switch, ckpt_every and the job's batch and experts take `auto`, job fields the 17 of `job=`.
        assert!(Field::Mfu.is_percent() && !Field::Params.is_percent());
        assert!(Field::Spot.is_switch() && !Field::Gpus.is_switch());
        let auto: Vec<Field> = Field::ALL
            .into_iter()
            .filter(|f| f.accepts_auto())
            .collect();
        assert_eq!(
            auto,
            vec![
                Field::CkptEvery,
                Field::BatchTokens,
                Field::Experts,
                Field::ExpertsPerToken
            ]
        );
        let job: Vec<&str> = Field::ALL
            .into_iter()
            .filter(|f| f.is_job_field())
            .map(Field::key)
            .collect();
        assert_eq!(
            job,
            [
                "params",
                "tokens",
                "gpu",
                "gpus",
                "mfu",
                "duty",
                "provider",
                "price",
                "start",
                "kind",
                "epochs",
                "runs",
                "lora_rank",
                "seq_len",
                "batch_tokens",
                "experts",
                "experts_per_token"
            ]
        );
        assert_eq!(Field::Gpu.range(), None);
        assert_eq!(Scale::of(Field::Price), None);
        assert_eq!(
            Field::Mfu.accepted(Origin::Typed),
            "a percentage from 0.01 to 100, like 40"
        );
    }

    #[test]
    fn log_slider_ends_and_middle() {
        let s = Scale::of(Field::Params).unwrap_or(Scale::Linear {
            min: 0.0,
            max: 1.0,
            step: 1.0,
        });
        assert_eq!(s.value(0.0), 1e8);
        assert_eq!(s.value(1000.0), 2e12);
        // Geometric middle of 1e8..2e12 is sqrt(2e20) = 1.414e10 -> 14.1B.
        assert_eq!(s.value(500.0), 1.41e10);
        assert_eq!(s.position(1e8), 0.0);
        assert_eq!(s.position(2e12), 1000.0);
        // Values outside the slider clamp on the slider only.
        assert_eq!(s.position(5e12), 1000.0);
        assert_eq!(s.position(1.0), 0.0);
    }

    #[test]
    fn gpu_slider_gives_whole_numbers() {
        let s = Scale::of(Field::Gpus).unwrap_or(Scale::Linear {
            min: 0.0,
            max: 1.0,
            step: 1.0,
        });
        for p in 0..=1000 {
            let v = s.value(f64::from(p));
            assert_eq!(v.fract(), 0.0);
            assert!((1.0..=100_000.0).contains(&v));
        }
        // 64 GPUs sits at ln(64)/ln(1e5) = 0.3612 -> position 361.
        assert_eq!(s.position(64.0), 361.0);
    }

    #[test]
    fn slider_keys_step_as_a_person_would() {
        use crate::input::slider::Nudge::{Down, PageDown, PageUp, Up};
        let nudge = |field: Field, v: f64, by| Scale::of(field).map(|s| s.nudge(v, by));
        // Parameters: 7B → 8B → 9B → 10B → 12B by the arrows (the 1, 1.2, 1.5, 2, 2.5, 3…9
        // ladder), back down the same way; Page: the 1, 2, 5 ladder (10B → 20B, 7B → 5B).
        assert_eq!(nudge(Field::Params, 7e9, Up), Some(8e9));
        assert_eq!(nudge(Field::Params, 9e9, Up), Some(1e10));
        assert_eq!(nudge(Field::Params, 1e10, Up), Some(1.2e10));
        assert_eq!(nudge(Field::Params, 1e10, Down), Some(9e9));
        assert_eq!(nudge(Field::Params, 1e10, PageUp), Some(2e10));
        assert_eq!(nudge(Field::Params, 7e9, PageDown), Some(5e9));
        // A value between rungs goes to the next rung its way: 7.12B (a slider's rounding) up to
        // 8B, down to 7B.
        assert_eq!(nudge(Field::Params, 7.12e9, Up), Some(8e9));
        assert_eq!(nudge(Field::Params, 7.12e9, Down), Some(7e9));
        // The ends stop it: 2T is the slider's top, 100M its bottom.
        assert_eq!(nudge(Field::Params, 2e12, Up), Some(2e12));
        assert_eq!(nudge(Field::Params, 1.5e12, PageUp), Some(2e12));
        assert_eq!(nudge(Field::Params, 1e8, Down), Some(1e8));
        // Accelerators double and halve: 64 → 128, 48 → 64 or 32; Page: three doublings.
        assert_eq!(nudge(Field::Gpus, 64.0, Up), Some(128.0));
        assert_eq!(nudge(Field::Gpus, 64.0, Down), Some(32.0));
        assert_eq!(nudge(Field::Gpus, 48.0, Up), Some(64.0));
        assert_eq!(nudge(Field::Gpus, 48.0, Down), Some(32.0));
        assert_eq!(nudge(Field::Gpus, 8.0, PageUp), Some(64.0));
        assert_eq!(nudge(Field::Gpus, 1.0, Down), Some(1.0));
        assert_eq!(nudge(Field::Gpus, 65_536.0, Up), Some(100_000.0));
        // A LoRA rank: 16 → 32.
        assert_eq!(nudge(Field::LoraRank, 16.0, Up), Some(32.0));
        // MFU, linear in 1 % steps: 40 % → 41 %, 39 %; Page: 10 points; the ends hold.
        assert_eq!(nudge(Field::Mfu, 0.4, Up), Some(0.41));
        assert_eq!(nudge(Field::Mfu, 0.4, Down), Some(0.39));
        assert_eq!(nudge(Field::Mfu, 0.4, PageUp), Some(0.5));
        // Page lands on a multiple of ten steps: 41 % → 50 % or 40 %; day 1 → day 10.
        assert_eq!(nudge(Field::Mfu, 0.41, PageUp), Some(0.5));
        assert_eq!(nudge(Field::Mfu, 0.41, PageDown), Some(0.4));
        assert_eq!(nudge(Field::Start, 1.0, PageUp), Some(10.0));
        assert_eq!(nudge(Field::Duty, 0.99, PageDown), Some(0.9));
        // Float noise sits on its rung: 8B less a hair goes up to 9B, as 8B does.
        assert_eq!(nudge(Field::Params, 8e9 * (1.0 - 1e-12), Up), Some(9e9));
        assert_eq!(nudge(Field::Params, 8e9 * (1.0 + 1e-12), Down), Some(7e9));
        assert_eq!(nudge(Field::Gpus, 64.0 * (1.0 + 1e-12), Up), Some(128.0));
        assert_eq!(nudge(Field::Mfu, 0.405, Down), Some(0.4));
        assert_eq!(nudge(Field::Mfu, 0.8, Up), Some(0.8));
        assert_eq!(nudge(Field::Mfu, 0.05, PageDown), Some(0.05));
        // A whole-number log slider keeps to whole rungs: 1 run → 2 (never 1.2), 10 → 12 → 15.
        assert_eq!(nudge(Field::Runs, 1.0, Up), Some(2.0));
        assert_eq!(nudge(Field::Runs, 10.0, Up), Some(12.0));
        assert_eq!(nudge(Field::Runs, 12.0, Up), Some(15.0));
        // Every key from every slider position gives a value the field accepts (whole where the
        // field is whole), inside the slider, and moves unless at an end.
        use crate::input::slider::Nudge;
        for field in Field::ALL {
            let Some(s) = Scale::of(field) else { continue };
            for p in (0..=1000).step_by(7) {
                let v = s.value(f64::from(p));
                for by in [Up, Down, PageUp, PageDown] {
                    let next = s.nudge(v, by);
                    let text = crate::input::parse::format_number_exact(next);
                    assert_eq!(
                        field.parse(&text, Origin::Link),
                        Ok(next),
                        "{field:?} {v} {by:?}"
                    );
                    let (lo, hi) = match s {
                        Scale::Log { min, max, .. }
                        | Scale::Linear { min, max, .. }
                        | Scale::Doubling { min, max } => (min, max),
                    };
                    assert!((lo..=hi).contains(&next), "{field:?} {v} {by:?} -> {next}");
                    let up = matches!(by, Nudge::Up | Nudge::PageUp);
                    let at_end = if up { v >= hi } else { v <= lo };
                    assert!(
                        at_end || (next > v) == up && next != v,
                        "{field:?} {v} {by:?} -> {next}"
                    );
                }
            }
        }
    }

    #[test]
    fn percent_sliders_snap_to_whole_percent() {
        let mfu = Scale::of(Field::Mfu).unwrap_or(Scale::Linear {
            min: 0.0,
            max: 1.0,
            step: 1.0,
        });
        // Position 467 of 5..80 % = 5 + 0.467 * 75 = 40.03 % -> 40 %.
        assert_eq!(mfu.value(467.0), 0.4);
        assert_eq!(mfu.value(0.0), 0.05);
        assert_eq!(mfu.value(1000.0), 0.8);
        assert_eq!(mfu.position(0.4), 467.0);
        let duty = Scale::of(Field::Duty).unwrap_or(Scale::Linear {
            min: 0.0,
            max: 1.0,
            step: 1.0,
        });
        assert_eq!(duty.value(1000.0), 1.0);
        assert_eq!(duty.value(0.0), 0.01);
    }

    #[test]
    fn every_numeric_field_reads_back_what_was_set() {
        // Each field's value is set to something inside its range and distinct from the default.
        for field in Field::calculator() {
            let Some(range) = field.range() else {
                continue;
            };
            if field == Field::Start {
                continue; // lives in the plan
            }
            let mut s = <(Job, Settings)>::default();
            let v = if range.whole {
                // The other end when the default is the maximum (a switch that defaults on).
                if field.number(&s.0, &s.1) == Some(range.max) {
                    range.min
                } else {
                    range.max
                }
            } else {
                range.min + (range.max - range.min) * 0.3
            };
            field.set(&mut s.0, &mut s.1, Some(v));
            assert_eq!(field.number(&s.0, &s.1), Some(v), "{field:?}");
            assert_ne!(s, <(Job, Settings)>::default(), "{field:?}");
        }
        // Clearing the optional ones.
        let mut s = <(Job, Settings)>::default();
        Field::CkptEvery.set(&mut s.0, &mut s.1, Some(60.0));
        Field::CkptEvery.set(&mut s.0, &mut s.1, None);
        Field::Params.set(&mut s.0, &mut s.1, None);
        assert_eq!(s, <(Job, Settings)>::default());
    }

    #[test]
    fn labels_and_accepted_texts_are_the_tables_english_and_translated() {
        use crate::locale::{with_lang, Lang};
        // In English every label and accepted text is the table's own (locales/fields.yml must
        // not drift from it).
        for f in Field::ALL {
            assert_eq!(f.label(), f.spec().label, "{f:?}");
            assert_eq!(f.accepted(Origin::Link), f.spec().accepted.link, "{f:?}");
            assert_eq!(f.accepted(Origin::Typed), f.spec().accepted.typed, "{f:?}");
        }
        // In Portuguese (model/locales/fields.yml): labels are translated and stay distinct.
        with_lang(Lang::Pt, || {
            assert_eq!(Field::Params.label(), "Parâmetros do modelo");
            assert_eq!(Field::Duty.label(), "Ciclo de uso");
            // A link carries canonical numbers (dot decimals); a typed box reads Portuguese ones.
            assert_eq!(
                Field::Mfu.accepted(Origin::Link),
                "uma fração de 0.0001 a 1, como 0.4 (ou 40%)"
            );
            assert_eq!(
                Field::Mfu.accepted(Origin::Typed),
                "uma porcentagem de 0,01 a 100, como 40"
            );
            let mut labels = std::collections::HashSet::new();
            for f in Field::ALL {
                assert!(labels.insert(f.label()), "Portuguese label of {f:?} twice");
            }
        });
    }
}
