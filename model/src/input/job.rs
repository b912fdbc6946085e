//! One training job of a plan: what it trains, how big, on what, from when. A leaf type: the
//! estimators, the input table and the link tokens all build on it.

use crate::input::kind::WorkloadKind;

/// LoRA's default rank on every linear layer (LoRA and QLoRA).
pub const LORA_RANK: f64 = 16.0;

/// One training job of the plan.
#[derive(Clone, Debug, PartialEq)]
pub struct Job {
    /// What kind of training ([`WorkloadKind::trains`]).
    pub kind: WorkloadKind,
    /// Parameters N (active for a mixture of experts).
    pub params: f64,
    /// A mixture of experts' total parameters (`None`: dense).
    pub params_total: Option<f64>,
    /// Tokens per epoch (preference pairs' tokens for DPO).
    pub tokens: f64,
    /// Provider id.
    pub provider_id: String,
    /// Accelerator id.
    pub accelerator_id: String,
    /// Accelerators.
    pub gpus: u32,
    /// First day it runs.
    pub start_day: u32,
    /// Passes over the tokens.
    pub epochs: f64,
    /// Independent runs.
    pub runs: u32,
    /// LoRA's rank (LoRA and QLoRA).
    pub lora_rank: f64,
    /// Tokens in each training sequence: the activations every accelerator holds.
    pub seq_len: f64,
    /// Model FLOPs utilisation.
    pub mfu: f64,
    /// Busy fraction of each day.
    pub duty: f64,
    /// Price override, USD per accelerator-hour.
    pub price_override_usd_per_gpu_hour: Option<f64>,
    /// Global batch, tokens per optimizer step (`None`: the published recipe's for the model's
    /// size, at least one sequence per GPU; see `estimators::parallel`).
    pub batch_tokens: Option<f64>,
    /// A mixture's routed experts per MoE layer (`None`: its catalog base model's, else 128).
    pub moe_experts: Option<f64>,
    /// Experts each token is routed to (`None`: its catalog base model's, else 8).
    pub moe_top_k: Option<f64>,
}

impl Default for Job {
    /// A 7B model pretrained on 2T tokens on 64 H100s at AWS, MFU 40 %, always busy: a typical
    /// seed-stage pretraining question (the values of the input table's defaults).
    fn default() -> Self {
        Job {
            kind: WorkloadKind::Pretrain,
            params: 7e9,
            params_total: None,
            tokens: 2e12,
            provider_id: "aws".into(),
            accelerator_id: "h100-sxm".into(),
            gpus: 64,
            start_day: 0,
            epochs: 1.0,
            runs: 1,
            lora_rank: LORA_RANK,
            seq_len: 4_096.0,
            mfu: 0.4,
            duty: 1.0,
            price_override_usd_per_gpu_hour: None,
            batch_tokens: None,
            moe_experts: None,
            moe_top_k: None,
        }
    }
}

impl Job {
    /// The training work this job prices: its kind, size, tokens, epochs and runs, with
    /// gradient checkpointing where the kind uses it by default (QLoRA).
    pub fn work(&self) -> crate::estimators::workload_kind::TrainingWork {
        crate::estimators::workload_kind::TrainingWork::of(
            self.kind,
            self.params,
            self.tokens,
            self.epochs,
            self.runs,
            self.kind.checkpointing_by_default(),
        )
    }
}
