//! What kind of work a run is (DOMAIN.md section 2): pretraining, continued pretraining, full
//! fine-tuning, LoRA, QLoRA, preference tuning, or self-hosted inference. Each kind has its FLOPs
//! per token, its memory per parameter, and is repeated over epochs and runs: fine-tuning is cheap
//! per run but iterative, and the number of runs is what costs money.
//!
//! Gradient checkpointing (recomputing activations in the backward pass, standard in QLoRA
//! recipes) adds one forward pass, 2·N a token: LoRA 4 → 6, full fine-tuning 6 → 8.

use crate::overheads::TrainingMemory;

/// The kinds of work the cost model prices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkloadKind {
    /// Pretraining from scratch: 6·N·D.
    Pretrain,
    /// Continued pretraining of an open-weight base on domain tokens: 6·N·D.
    ContinuedPretrain,
    /// Full fine-tuning: 6·N·D per epoch.
    FullFinetune,
    /// LoRA: ≈ 4·N·D per epoch (the weight-gradient half of the backward pass is skipped).
    Lora,
    /// QLoRA: LoRA plus dequantisation overhead, ≈ 4·N·D × 1.2 (1.1–1.3, estimate); with
    /// gradient checkpointing (its default) 6·N·D × 1.2.
    Qlora,
    /// Preference tuning (DPO): ≈ 8·N per pair token (policy 6N + frozen reference forward 2N);
    /// 6N when the reference log-probs are precomputed.
    Dpo,
    /// Self-hosted inference: ≈ 2·N per generated token.
    Inference,
    /// Retrieval instead of training: embed the corpus once, 2·N_embed per corpus token (one
    /// forward pass of the embedding model), then pay for vector storage and longer prompts.
    Retrieval,
}

/// QLoRA's dequantisation overhead on top of LoRA (DOMAIN.md: 1.1–1.3×, estimate): the midpoint.
pub const QLORA_OVERHEAD: f64 = 1.2;

/// FLOPs per parameter per token that gradient checkpointing adds: one more forward pass.
pub const CHECKPOINTING_EXTRA: f64 = 2.0;

impl WorkloadKind {
    /// Every kind, in the order a founder meets them.
    pub const ALL: [WorkloadKind; 8] = [
        WorkloadKind::Pretrain,
        WorkloadKind::ContinuedPretrain,
        WorkloadKind::FullFinetune,
        WorkloadKind::Lora,
        WorkloadKind::Qlora,
        WorkloadKind::Dpo,
        WorkloadKind::Inference,
        WorkloadKind::Retrieval,
    ];

    /// A stable id for links.
    pub fn id(self) -> &'static str {
        match self {
            WorkloadKind::Pretrain => "pretrain",
            WorkloadKind::ContinuedPretrain => "continued",
            WorkloadKind::FullFinetune => "full-ft",
            WorkloadKind::Lora => "lora",
            WorkloadKind::Qlora => "qlora",
            WorkloadKind::Dpo => "dpo",
            WorkloadKind::Inference => "inference",
            WorkloadKind::Retrieval => "rag",
        }
    }

    /// The name a person reads.
    pub fn label(self) -> &'static str {
        match self {
            WorkloadKind::Pretrain => "Pretrain",
            WorkloadKind::ContinuedPretrain => "Continued pretraining",
            WorkloadKind::FullFinetune => "Full fine-tune",
            WorkloadKind::Lora => "LoRA",
            WorkloadKind::Qlora => "QLoRA",
            WorkloadKind::Dpo => "DPO",
            WorkloadKind::Inference => "Inference",
            WorkloadKind::Retrieval => "Retrieval (RAG)",
        }
    }

    /// The kind with this id.
    pub fn from_id(id: &str) -> Option<WorkloadKind> {
        WorkloadKind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// FLOPs per parameter per token without gradient checkpointing: 6 for a forward and backward
    /// pass, 4 for LoRA (× 1.2 for QLoRA), 8 for DPO with a live reference model (6 with
    /// precomputed reference log-probs), 2 for inference and for embedding a corpus.
    pub fn flops_per_param_token(self, reference_precomputed: bool) -> f64 {
        match self {
            WorkloadKind::Pretrain
            | WorkloadKind::ContinuedPretrain
            | WorkloadKind::FullFinetune => 6.0,
            WorkloadKind::Lora => 4.0,
            WorkloadKind::Qlora => 4.0 * QLORA_OVERHEAD,
            WorkloadKind::Dpo if reference_precomputed => 6.0,
            WorkloadKind::Dpo => 8.0,
            WorkloadKind::Inference | WorkloadKind::Retrieval => 2.0,
        }
    }

    /// FLOPs per parameter per token with the checkpointing switch applied: one more forward pass
    /// (2, × 1.2 for QLoRA's dequantisation) for the kinds that offer it.
    pub fn flops_per_param_token_with(
        self,
        reference_precomputed: bool,
        checkpointing: bool,
    ) -> f64 {
        let base = self.flops_per_param_token(reference_precomputed);
        if !(checkpointing && self.offers_checkpointing()) {
            return base;
        }
        match self {
            WorkloadKind::Qlora => base + CHECKPOINTING_EXTRA * QLORA_OVERHEAD,
            _ => base + CHECKPOINTING_EXTRA,
        }
    }

    /// Whether the kind has a gradient-checkpointing switch (the fine-tunes).
    pub fn offers_checkpointing(self) -> bool {
        matches!(
            self,
            WorkloadKind::FullFinetune | WorkloadKind::Lora | WorkloadKind::Qlora
        )
    }

    /// Whether gradient checkpointing is on unless a link says otherwise: on for QLoRA (standard
    /// in its recipes), off for LoRA and full fine-tuning.
    pub fn checkpointing_by_default(self) -> bool {
        self == WorkloadKind::Qlora
    }

    /// The per-token multiplier in words, for "show the math": "6 (4 + 2 for gradient
    /// checkpointing) × 1.2 QLoRA dequantisation (estimate, 1.1–1.3×)".
    pub fn multiplier_text(self, reference_precomputed: bool, checkpointing: bool) -> String {
        let ckpt = checkpointing && self.offers_checkpointing();
        match (self, ckpt) {
            (WorkloadKind::Qlora, true) => format!(
                "(4 + 2 for gradient checkpointing) × {QLORA_OVERHEAD} QLoRA dequantisation (estimate, 1.1–1.3×)"
            ),
            (WorkloadKind::Qlora, false) => format!(
                "4 × {QLORA_OVERHEAD} QLoRA dequantisation (estimate, 1.1–1.3×), no gradient checkpointing"
            ),
            (WorkloadKind::Lora, true) => "6 (LoRA 4 + 2 for gradient checkpointing)".into(),
            (WorkloadKind::Lora, false) => "4 (LoRA, no gradient checkpointing)".into(),
            (WorkloadKind::FullFinetune, true) => {
                "8 (6 + 2 for gradient checkpointing)".into()
            }
            (WorkloadKind::FullFinetune, false) => "6 (no gradient checkpointing)".into(),
            (WorkloadKind::Dpo, _) if reference_precomputed => {
                "6 (precomputed reference log-probs)".into()
            }
            (WorkloadKind::Dpo, _) => "8 (policy 6 + frozen reference forward 2)".into(),
            (WorkloadKind::Inference, _) => "2 (one forward pass)".into(),
            (WorkloadKind::Retrieval, _) => "2 (one forward pass of the embedding model)".into(),
            _ => "6 (forward and backward)".into(),
        }
    }

    /// Bytes per parameter the accelerators hold, before activations: full training state for the
    /// full-parameter kinds (DPO adds the frozen bf16 reference, 2 more), bf16 base weights for
    /// LoRA, 4-bit for QLoRA, bf16 weights for inference.
    pub fn bytes_per_param(self) -> f64 {
        match self {
            WorkloadKind::Pretrain
            | WorkloadKind::ContinuedPretrain
            | WorkloadKind::FullFinetune => TrainingMemory::Full.bytes_per_param(),
            WorkloadKind::Dpo => TrainingMemory::Full.bytes_per_param() + 2.0,
            WorkloadKind::Lora | WorkloadKind::Inference | WorkloadKind::Retrieval => {
                TrainingMemory::Lora.bytes_per_param()
            }
            WorkloadKind::Qlora => TrainingMemory::Qlora.bytes_per_param(),
        }
    }

    /// Whether the kind trains (it has epochs and runs) rather than serves or retrieves.
    pub fn trains(self) -> bool {
        !matches!(self, WorkloadKind::Inference | WorkloadKind::Retrieval)
    }

    /// Whether the kind can be a comparison column: the training kinds and retrieval.
    pub fn compares(self) -> bool {
        self.trains() || self == WorkloadKind::Retrieval
    }
}

/// One piece of training work: a kind, a model size, tokens, epochs and runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainingWork {
    /// What kind of training.
    pub kind: WorkloadKind,
    /// Parameters N (active parameters for a mixture of experts).
    pub params: f64,
    /// Tokens per epoch (preference pairs' tokens for DPO).
    pub tokens: f64,
    /// Passes over the tokens.
    pub epochs: f64,
    /// Independent runs (hyperparameter sweeps, retries, iterations).
    pub runs: f64,
    /// DPO only: reference log-probs computed once beforehand.
    pub reference_precomputed: bool,
    /// Gradient checkpointing (fine-tunes only): one more forward pass per token.
    pub checkpointing: bool,
}

impl TrainingWork {
    /// `runs` runs of `epochs` passes of `kind` over `tokens` with `params` parameters (reference
    /// log-probs computed on the fly for DPO).
    pub fn of(
        kind: WorkloadKind,
        params: f64,
        tokens: f64,
        epochs: f64,
        runs: u32,
        checkpointing: bool,
    ) -> TrainingWork {
        TrainingWork {
            kind,
            params,
            tokens,
            epochs,
            runs: f64::from(runs),
            reference_precomputed: false,
            checkpointing,
        }
    }

    /// Total FLOPs: multiplier · N · D · epochs · runs.
    pub fn flops(&self) -> f64 {
        self.kind
            .flops_per_param_token_with(self.reference_precomputed, self.checkpointing)
            * self.params
            * self.tokens
            * self.epochs
            * self.runs
    }

    /// Accelerator-hours at a dense peak (FLOP/s) and MFU: FLOPs / (P_peak · MFU) / 3600.
    pub fn gpu_hours(&self, peak_flops_per_s: f64, mfu: f64) -> f64 {
        crate::cost::gpu_hours(self.flops(), peak_flops_per_s, mfu)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn train_vs_fine_tune_by_hand() {
        // "Pretrain 7B on 1T tokens": 6 * 7e9 * 1e12 = 4.2e22 FLOPs.
        let pretrain = TrainingWork {
            kind: WorkloadKind::Pretrain,
            params: 7e9,
            tokens: 1e12,
            epochs: 1.0,
            runs: 1.0,
            reference_precomputed: false,
            checkpointing: false,
        };
        assert_eq!(pretrain.flops(), 4.2e22);
        // "Continued pretraining of an 8B base on 50B tokens": 6 * 8e9 * 5e10 = 2.4e21.
        let continued = TrainingWork {
            kind: WorkloadKind::ContinuedPretrain,
            params: 8e9,
            tokens: 5e10,
            ..pretrain
        };
        assert_eq!(continued.flops(), 2.4e21);
        // "LoRA on 200M tokens x 10 runs" of the 8B: 4 * 8e9 * 2e8 * 10 = 6.4e19, 1/656 of pretraining.
        let lora = TrainingWork {
            kind: WorkloadKind::Lora,
            tokens: 2e8,
            runs: 10.0,
            ..continued
        };
        assert_eq!(lora.flops(), 6.4e19);
        assert!((pretrain.flops() / lora.flops() - 656.25).abs() < 1e-9);
        // On H100s at MFU 0.4: 6.4e19 / (989e12 * 0.4) / 3600 = 44.94 GPU-hours.
        assert!((lora.gpu_hours(989e12, 0.4) - 44.9388).abs() < 1e-3);
        // QLoRA costs 1.2x LoRA; 3 epochs triple it.
        let qlora = TrainingWork {
            kind: WorkloadKind::Qlora,
            epochs: 3.0,
            ..lora
        };
        assert!((qlora.flops() / lora.flops() - 3.6).abs() < 1e-12);
    }

    #[test]
    fn gradient_checkpointing_adds_a_forward_pass() {
        // DOMAIN.md section 2: LoRA 4·N·D, with checkpointing 6·N·D; full fine-tuning 6 → 8.
        // LoRA of 8B on 200M tokens: 4 * 8e9 * 2e8 = 6.4e18, with checkpointing 6 * 1.6e18 = 9.6e18.
        let lora = TrainingWork {
            kind: WorkloadKind::Lora,
            params: 8e9,
            tokens: 2e8,
            epochs: 1.0,
            runs: 1.0,
            reference_precomputed: false,
            checkpointing: false,
        };
        assert_eq!(lora.flops(), 6.4e18);
        let lora_gc = TrainingWork {
            checkpointing: true,
            ..lora
        };
        assert_eq!(lora_gc.flops(), 9.6e18);
        // QLoRA with checkpointing: (4 + 2) * 1.2 = 7.2 per parameter-token: 7.2 * 1.6e18 = 1.152e19;
        // without: 4.8 * 1.6e18 = 7.68e18.
        let q = TrainingWork {
            kind: WorkloadKind::Qlora,
            ..lora_gc
        };
        assert!((q.flops() - 1.152e19).abs() < 1e6);
        assert!(
            (TrainingWork {
                checkpointing: false,
                ..q
            }
            .flops()
                - 7.68e18)
                .abs()
                < 1e6
        );
        // Full fine-tuning with checkpointing: 8 * 1.6e18 = 1.28e19.
        let full = TrainingWork {
            kind: WorkloadKind::FullFinetune,
            ..lora_gc
        };
        assert_eq!(full.flops(), 1.28e19);
        // Pretraining and DPO have no switch: checkpointing leaves them at 6 and 8.
        assert_eq!(
            TrainingWork {
                kind: WorkloadKind::Pretrain,
                ..lora_gc
            }
            .flops(),
            9.6e18
        );
        assert_eq!(
            TrainingWork {
                kind: WorkloadKind::Dpo,
                ..lora_gc
            }
            .flops(),
            1.28e19
        );
        assert!(WorkloadKind::Qlora.checkpointing_by_default());
        assert!(!WorkloadKind::Lora.checkpointing_by_default());
        assert!(WorkloadKind::Qlora
            .multiplier_text(false, true)
            .contains("estimate, 1.1–1.3×"));
        assert!(WorkloadKind::Lora
            .multiplier_text(false, true)
            .starts_with("6 "));
    }

    #[test]
    fn dpo_and_inference_multipliers() {
        // DPO on 1e9 pair tokens of an 8B policy: 8 * 8e9 * 1e9 = 6.4e19; precomputed reference 4.8e19.
        let dpo = TrainingWork {
            kind: WorkloadKind::Dpo,
            params: 8e9,
            tokens: 1e9,
            epochs: 1.0,
            runs: 1.0,
            reference_precomputed: false,
            checkpointing: false,
        };
        assert_eq!(dpo.flops(), 6.4e19);
        assert_eq!(
            TrainingWork {
                reference_precomputed: true,
                ..dpo
            }
            .flops(),
            4.8e19
        );
        assert_eq!(WorkloadKind::Inference.flops_per_param_token(false), 2.0);
        assert!(!WorkloadKind::Inference.trains());
    }

    #[test]
    fn memory_per_kind_and_ids() {
        assert_eq!(WorkloadKind::FullFinetune.bytes_per_param(), 16.0);
        assert_eq!(WorkloadKind::Dpo.bytes_per_param(), 18.0);
        assert_eq!(WorkloadKind::Lora.bytes_per_param(), 2.0);
        assert_eq!(WorkloadKind::Qlora.bytes_per_param(), 0.5);
        for k in WorkloadKind::ALL {
            assert_eq!(WorkloadKind::from_id(k.id()), Some(k));
        }
        assert_eq!(WorkloadKind::from_id("finetune"), None);
    }
}
