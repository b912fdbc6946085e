//! The plan's shared knobs, as input types with their defaults: the hidden costs' (network,
//! failures, checkpoints, storage, egress) and the billing views' (reserved price, API, inference
//! volume and shape). The estimators that read them are in [`crate::estimators::overheads`] and
//! [`crate::estimators::billing`].

/// Llama 3 405B: 419 unexpected interruptions in 54 days on 16,384 H100s, i.e.
/// 16,384 × 54 × 24 / 419 = 50,677.002 GPU-hours between interruptions, per GPU (rounded to the
/// hour, so the page and links show a number a person would type).
pub const LLAMA3_MTBF_GPU_HOURS: f64 = 50_677.0;

/// Raw text is about 4 bytes a token (≈ 4 characters a token; docs/model.md, "Hidden costs").
pub const RAW_BYTES_PER_TOKEN: f64 = 4.0;

/// The most accelerators one job, experiment or comparison column may use (the `gpus` field's
/// maximum; a sweep or break-even search goes no further).
pub const MAX_GPUS: u32 = 100_000;

/// Longest review accepted for a grant, days.
pub const MAX_REVIEW_DAYS: u32 = 730;
/// Longest validity accepted for a grant, days (ten years; the simulation stops at five).
pub const MAX_VALIDITY_DAYS: u32 = 3650;
/// Largest grant amount accepted, USD.
pub const MAX_AMOUNT_USD: f64 = 1e9;
/// Earliest apply day accepted, days before day 0 (ten years: a grant held since then).
pub const MIN_APPLY_DAY: i32 = -3650;
/// Longest serving (or API) line accepted, months (five years).
pub const MAX_SERVE_MONTHS: u32 = 60;
/// The most GPU-hours one experiments row may hold (a trillion: far beyond any budget).
pub const MAX_WORK_GPU_HOURS: f64 = 1e12;

/// How the training corpus is stored and moved (`data_format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataFormat {
    /// Raw text (JSONL, Parquet of documents): about 4 bytes a token.
    Raw,
    /// Tokenised shards: 2 bytes a token for vocabularies under 65,536, else 4.
    Tokens,
}

impl DataFormat {
    /// Every format with its link id.
    pub const ALL: [(DataFormat, &'static str); 2] =
        [(DataFormat::Raw, "raw"), (DataFormat::Tokens, "tokens")];

    /// The link id (`raw`, `tokens`).
    pub fn id(self) -> &'static str {
        match self {
            DataFormat::Raw => "raw",
            DataFormat::Tokens => "tokens",
        }
    }

    /// The format with this link id.
    pub fn from_id(id: &str) -> Option<DataFormat> {
        DataFormat::ALL
            .iter()
            .find(|(_, x)| *x == id)
            .map(|(f, _)| *f)
    }

    /// Bytes a token in this format.
    pub fn bytes_per_token(self, vocab_size: u32) -> f64 {
        match self {
            DataFormat::Raw => RAW_BYTES_PER_TOKEN,
            DataFormat::Tokens if vocab_size < 65_536 => 2.0,
            DataFormat::Tokens => 4.0,
        }
    }
}

/// The knobs of the hidden costs, with their defaults and sources in docs/model.md, "Hidden
/// costs". Part of the scenario and of its share link (keys in brackets).
#[derive(Clone, Debug, PartialEq)]
pub struct OverheadInputs {
    /// Inter-node network option id (`network`); `None` or one not offered for the instance: the
    /// instance's first (default) network.
    pub network_id: Option<String>,
    /// Fraction of communication hidden behind compute, 0–1 (`overlap`).
    pub overlap: f64,
    /// Fraction of a mixture's token all-to-all hidden behind the compute the all-reduces leave
    /// free, 0–1 (`all_to_all_overlap`): 0 in a standard stack, where dispatch and combine sit on the
    /// critical path; near 1 with DeepSeek-V3's DualPipe.
    pub a2a_overlap: f64,
    /// Hours between interruptions, per GPU (`mtbf`).
    pub mtbf_gpu_hours: f64,
    /// Minutes to write one checkpoint, δ (`ckpt_write`).
    pub checkpoint_write_minutes: f64,
    /// Minutes to restart after a failure, R (`restart`).
    pub restart_minutes: f64,
    /// Minutes between checkpoints; `None`: Daly's optimum (`ckpt_every=auto`).
    pub checkpoint_every_minutes: Option<f64>,
    /// Full-state checkpoints kept in storage (`ckpts_kept`).
    pub checkpoints_kept: u32,
    /// Provider where the training data lives (`data_on`); egress is billed when it is not the
    /// training provider. `None`: the training provider.
    pub data_on_provider: Option<String>,
    /// Tokenizer vocabulary size (2 bytes a token below 65,536, else 4).
    pub vocab_size: u32,
    /// Spot/preemptible capacity (`spot`): the provider's discount, and its reclaims as extra failures.
    pub spot: bool,
    /// The final weights (2 bytes/param) leave the training provider at the end (`export`).
    pub export_weights: bool,
    /// How the corpus is stored and moved (`data_format`).
    pub data_format: DataFormat,
    /// The corpus leaves the training provider once, at the end (`corpus_out`): the lock-in cost
    /// of moving it elsewhere later.
    pub corpus_out: bool,
}

impl Default for OverheadInputs {
    fn default() -> Self {
        OverheadInputs {
            network_id: None,
            overlap: 0.5,
            a2a_overlap: 0.0,
            mtbf_gpu_hours: LLAMA3_MTBF_GPU_HOURS,
            checkpoint_write_minutes: 5.0,
            restart_minutes: 10.0,
            checkpoint_every_minutes: None,
            checkpoints_kept: 3,
            data_on_provider: None,
            vocab_size: 32_000,
            spot: false,
            export_weights: false,
            // Raw text: a founder's corpus is usually crawled or collected documents (JSONL,
            // Parquet) kept where it was gathered, often another cloud; it is tokenised on the
            // training cluster after the move. Tokenised shards are the choice for a team that
            // already pre-tokenised.
            data_format: DataFormat::Raw,
            corpus_out: false,
        }
    }
}

/// The decision inputs of the billing views (link keys in brackets).
#[derive(Clone, Debug, PartialEq)]
pub struct BillingInputs {
    /// Reserved price override, USD per GPU-hour (`reserved`); default: list × (1 − the
    /// provider's reserved discount).
    pub reserved_usd_per_hour: Option<f64>,
    /// API to compare self-hosting with (`api`, a catalog id).
    pub api_id: String,
    /// Blended API price override, USD per million tokens (`api_price`).
    pub api_usd_per_mtok: Option<f64>,
    /// Inference volume, tokens per month (`tokens_month`).
    pub tokens_per_month: f64,
    /// Model served, parameters (`infer_params`; active ones for a mixture of experts).
    pub infer_params: f64,
    /// A served mixture of experts' total parameters (`None`: dense): its decode steps read
    /// every weight.
    pub infer_params_total: Option<f64>,
    /// Weights and KV cache precision of the model served.
    pub precision: Precision,
    /// Output tokens a second each user of a self-hosted server must see (`user_speed`): the
    /// server batches as far as memory and this allow.
    pub user_tokens_per_s: f64,
    /// Tokens of a request, prompt and answer (`context`), split 3 : 1 like the API's blend.
    pub context_tokens: f64,
    /// Share of the provisioned throughput actually used (`util`).
    pub utilisation: f64,
    /// Budget for "what does $X buy" (`budget`).
    pub budget_usd: f64,
    /// How self-hosted inference GPUs are billed (`host`).
    pub host_mode: HostMode,
}

/// The number format a model is served in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precision {
    /// bf16 weights and KV cache, 2 bytes each; the dense bf16 peak.
    Bf16,
    /// FP8 weights and KV cache, 1 byte each; the dense FP8 peak (accelerators that have one).
    Fp8,
}

impl Precision {
    /// Every precision, with its link value.
    pub const ALL: [(Precision, &'static str); 2] =
        [(Precision::Bf16, "bf16"), (Precision::Fp8, "fp8")];

    /// The link value.
    pub fn id(self) -> &'static str {
        match self {
            Precision::Bf16 => "bf16",
            Precision::Fp8 => "fp8",
        }
    }

    /// The precision with this link value.
    pub fn from_id(id: &str) -> Option<Precision> {
        Precision::ALL
            .into_iter()
            .find(|(_, x)| *x == id)
            .map(|(p, _)| p)
    }

    /// Bytes per weight and per KV-cache value.
    pub fn bytes(self) -> f64 {
        match self {
            Precision::Bf16 => 2.0,
            Precision::Fp8 => 1.0,
        }
    }
}

/// How always-on inference GPUs are bought.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostMode {
    /// On-demand (or serverless) list price.
    OnDemand,
    /// Reserved: the reserved price (falls back to on-demand where none is sold).
    Reserved,
    /// Spot: the spot price (falls back to on-demand where none is sold; reclaims are the
    /// hidden-cost panel's business).
    Spot,
}

impl HostMode {
    /// How the mode reads in a sentence ("on demand", "reserved for a year", …).
    pub fn text(self) -> String {
        match self {
            HostMode::OnDemand => crate::tr!("evaluate.host.on_demand"),
            HostMode::Reserved => crate::tr!("evaluate.host.reserved"),
            HostMode::Spot => crate::tr!("evaluate.host.spot"),
        }
    }

    /// Every mode, with its link value.
    pub const ALL: [(HostMode, &'static str); 3] = [
        (HostMode::OnDemand, "on-demand"),
        (HostMode::Reserved, "reserved"),
        (HostMode::Spot, "spot"),
    ];

    /// The link value.
    pub fn id(self) -> &'static str {
        HostMode::ALL
            .iter()
            .find(|(m, _)| *m == self)
            .map_or("on-demand", |(_, id)| id)
    }

    /// The mode with this link value.
    pub fn from_id(id: &str) -> Option<HostMode> {
        HostMode::ALL
            .iter()
            .find(|(_, i)| *i == id)
            .map(|(m, _)| *m)
    }
}

impl Default for BillingInputs {
    fn default() -> Self {
        BillingInputs {
            reserved_usd_per_hour: None,
            api_id: "gpt-4o-mini".into(),
            api_usd_per_mtok: None,
            tokens_per_month: 2e9,
            infer_params: 8e9,
            infer_params_total: None,
            precision: Precision::Bf16,
            user_tokens_per_s: crate::estimators::serving::DEFAULT_USER_TOKENS_PER_S,
            context_tokens: DEFAULT_CONTEXT_TOKENS,
            utilisation: 0.6,
            budget_usd: crate::estimators::formulas::REFERENCE_BUDGET_USD,
            host_mode: HostMode::OnDemand,
        }
    }
}

/// Share of input tokens in a blended API price (3:1 input:output, a common chat mix). Self-hosted
/// throughput is priced in the same mix: 3 prefill tokens for every decoded one.
pub const API_INPUT_SHARE: f64 = 0.75;
/// Default tokens of a request (a stated assumption: a 1,536-token prompt and a 512-token
/// answer, the API's 3 : 1 blend).
pub const DEFAULT_CONTEXT_TOKENS: f64 = 2048.0;
