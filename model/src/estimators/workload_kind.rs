//! What kind of work a run is (docs/model.md, "Training compute"): pretraining, continued
//! pretraining, full fine-tuning, LoRA, QLoRA, preference tuning, or self-hosted inference. Each
//! kind has its FLOPs per token, its memory per parameter, and is repeated over epochs and runs:
//! fine-tuning is cheap per run but iterative, and the number of runs is what costs money.
//!
//! Gradient checkpointing (recomputing activations in the backward pass, standard in QLoRA
//! recipes) adds one forward pass, 2·N a token: LoRA 4 → 6, full fine-tuning 6 → 8.

use crate::input::kind::WorkloadKind;

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
        crate::estimators::formulas::gpu_hours(self.flops(), peak_flops_per_s, mfu)
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
        // docs/model.md, "Training compute": LoRA 4·N·D, with checkpointing 6·N·D; full
        // fine-tuning 6 → 8.
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
