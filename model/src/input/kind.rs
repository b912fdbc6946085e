//! What kind of work a job is, as an input: its id, label, FLOPs per parameter-token and memory
//! per parameter (the formulas that use them are in [`crate::estimators::workload_kind`]).

/// How a model is trained, for memory: bytes per parameter held on the accelerators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrainingMemory {
    /// Mixed-precision Adam: bf16 weights 2 + grads 2 + fp32 master and Adam m, v 12 = 16 bytes.
    Full,
    /// LoRA: bf16 base weights, 2 bytes (plus a small adapter state, ignored).
    Lora,
    /// QLoRA: 4-bit base weights, about 0.5 bytes.
    Qlora,
}

impl TrainingMemory {
    /// Bytes per parameter before activations.
    pub fn bytes_per_param(self) -> f64 {
        match self {
            TrainingMemory::Full => 16.0,
            TrainingMemory::Lora => 2.0,
            TrainingMemory::Qlora => 0.5,
        }
    }
}

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

/// QLoRA's dequantisation overhead on top of LoRA (1.1–1.3×, an estimate): the midpoint
/// (docs/model.md, "Training compute").
pub const QLORA_OVERHEAD: f64 = 1.2;

/// FLOPs per parameter per token that gradient checkpointing adds: one more forward pass.
pub const CHECKPOINTING_EXTRA: f64 = 2.0;

impl WorkloadKind {
    /// What this kind holds in accelerator memory a parameter: an adapter fine-tune keeps the base
    /// frozen (LoRA in bf16, QLoRA in 4 bits); every other kind that trains keeps the full state.
    /// (DPO's frozen reference model adds 2 bytes a parameter more, not counted.)
    pub fn training_memory(self) -> TrainingMemory {
        match self {
            WorkloadKind::Lora => TrainingMemory::Lora,
            WorkloadKind::Qlora => TrainingMemory::Qlora,
            _ => TrainingMemory::Full,
        }
    }

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
            WorkloadKind::Pretrain => crate::input::text::interned(crate::tr!("kind.pretrain")),
            WorkloadKind::ContinuedPretrain => {
                crate::input::text::interned(crate::tr!("kind.continued"))
            }
            WorkloadKind::FullFinetune => crate::input::text::interned(crate::tr!("kind.full_ft")),
            // Method names, the same in every language.
            WorkloadKind::Lora => "LoRA",
            WorkloadKind::Qlora => "QLoRA",
            WorkloadKind::Dpo => "DPO",
            WorkloadKind::Inference => crate::input::text::interned(crate::tr!("kind.inference")),
            WorkloadKind::Retrieval => crate::input::text::interned(crate::tr!("kind.rag")),
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
            (WorkloadKind::Qlora, true) => crate::tr!("kind.mult.qlora_ckpt", q = QLORA_OVERHEAD),
            (WorkloadKind::Qlora, false) => crate::tr!("kind.mult.qlora", q = QLORA_OVERHEAD),
            (WorkloadKind::Lora, true) => crate::tr!("kind.mult.lora_ckpt"),
            (WorkloadKind::Lora, false) => crate::tr!("kind.mult.lora"),
            (WorkloadKind::FullFinetune, true) => crate::tr!("kind.mult.full_ft_ckpt"),
            (WorkloadKind::FullFinetune, false) => crate::tr!("kind.mult.full_ft"),
            (WorkloadKind::Dpo, _) if reference_precomputed => {
                crate::tr!("kind.mult.dpo_precomputed")
            }
            (WorkloadKind::Dpo, _) => crate::tr!("kind.mult.dpo"),
            (WorkloadKind::Inference, _) => crate::tr!("kind.mult.inference"),
            (WorkloadKind::Retrieval, _) => crate::tr!("kind.mult.rag"),
            _ => crate::tr!("kind.mult.train"),
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

    /// Whether the kind trains a LoRA adapter on a frozen base (LoRA, QLoRA).
    pub fn uses_adapter(self) -> bool {
        matches!(self, WorkloadKind::Lora | WorkloadKind::Qlora)
    }

    /// Whether the kind can be a comparison column: the training kinds and retrieval.
    pub fn compares(self) -> bool {
        self.trains() || self == WorkloadKind::Retrieval
    }
}
