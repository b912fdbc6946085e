//! Every input of the calculator's editor: the edited training job's own fields and the plan's
//! shared knobs (hidden costs, billing views, advisor). Input types only: the estimators that read
//! a scenario live above it.

use crate::catalog::Catalog;

/// One training run as the calculator sees it: every input validated.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// Parameters N (active parameters for a mixture of experts).
    pub params: f64,
    /// A mixture of experts' total parameters (`None`: dense). Memory, checkpoints, the
    /// all-reduce and weight egress use it; FLOPs use `params`.
    pub params_total: Option<f64>,
    /// Training tokens D (per epoch; preference pairs' tokens for DPO).
    pub tokens: f64,
    /// What kind of training (FLOPs per parameter-token, memory per parameter).
    pub kind: crate::kind::WorkloadKind,
    /// Passes over the tokens.
    pub epochs: f64,
    /// Independent runs (sweeps, retries, iterations).
    pub runs: u32,
    /// LoRA's rank on every linear layer (LoRA and QLoRA; ignored by other kinds).
    pub lora_rank: f64,
    /// First day it runs, counted from the plan's day 0.
    pub start_day: u32,
    /// Accelerator id.
    pub accelerator_id: String,
    /// Number of accelerators.
    pub gpus: u32,
    /// Model FLOPs utilisation, (0, 1].
    pub mfu: f64,
    /// Fraction of wall-clock time busy and billed, (0, 1].
    pub duty: f64,
    /// Provider id.
    pub provider_id: String,
    /// User's price in USD per GPU-hour, replacing the list price.
    pub price_override_usd_per_gpu_hour: Option<f64>,
    /// Network, failures, checkpoints, spot, storage and egress knobs.
    pub overheads: crate::knobs::OverheadInputs,
    /// Billing-mode and inference break-even knobs.
    pub billing: crate::knobs::BillingInputs,
    /// The credit advisor's questions.
    pub advisor: crate::advisor::AdvisorKnobs,
}

impl Default for Scenario {
    /// A 7B model on 2T tokens on 64 H100s at AWS, MFU 40 %, always busy: a typical seed-stage
    /// pretraining question.
    fn default() -> Self {
        Scenario {
            params: 7e9,
            params_total: None,
            tokens: 2e12,
            kind: crate::kind::WorkloadKind::Pretrain,
            epochs: 1.0,
            runs: 1,
            lora_rank: 16.0,
            start_day: 0,
            accelerator_id: "h100-sxm".into(),
            gpus: 64,
            mfu: 0.4,
            duty: 1.0,
            provider_id: "aws".into(),
            price_override_usd_per_gpu_hour: None,
            overheads: Default::default(),
            billing: Default::default(),
            advisor: Default::default(),
        }
    }
}

impl Scenario {
    /// Active and total parameters.
    pub fn param_count(&self) -> crate::params::ParamCount {
        crate::params::ParamCount {
            active: self.params,
            total: self.params_total,
        }
    }

    /// Sets active and total parameters.
    pub fn set_param_count(&mut self, p: crate::params::ParamCount) {
        self.params = p.active;
        self.params_total = p.total;
    }

    /// Drops a network choice the provider does not offer (the provider's default applies), so
    /// the link stays valid after a provider change.
    pub fn keep_offered_network(&mut self, catalog: &Catalog) {
        let offered = match (
            &self.overheads.network_id,
            catalog.provider(&self.provider_id),
        ) {
            (Some(n), Some(p)) => p.networks.iter().any(|x| x == n),
            _ => true,
        };
        if !offered {
            self.overheads.network_id = None;
        }
    }
}
