//! The costs founders forget (DOMAIN.md section 2): multi-node communication, failed work,
//! memory fit, storage and egress. Pure formulas; the page and the runway use them.
//! Units: hours for time unless a name says otherwise, bytes and GB (1e9 bytes) for data.

/// Llama 3 405B: 419 unexpected interruptions in 54 days on 16,384 H100s, i.e.
/// 16,384 × 54 × 24 / 419 = 50,677.0 GPU-hours between interruptions, per GPU.
pub const LLAMA3_MTBF_GPU_HOURS: f64 = 16_384.0 * 54.0 * 24.0 / 419.0;

/// Mean time between failures of a job on `gpus` accelerators: M = MTBF_per_gpu / gpus.
pub fn cluster_mtbf_hours(mtbf_per_gpu_hours: f64, gpus: f64) -> f64 {
    mtbf_per_gpu_hours / gpus
}

/// Young's optimal checkpoint interval τ* = √(2δM).
pub fn young_interval_hours(write_hours: f64, mtbf_hours: f64) -> f64 {
    (2.0 * write_hours * mtbf_hours).sqrt()
}

/// Daly's optimal checkpoint interval: √(2δM)·[1 + ⅓·√(δ/(2M)) + ⅑·(δ/(2M))] − δ for δ < 2M,
/// else M.
pub fn daly_interval_hours(write_hours: f64, mtbf_hours: f64) -> f64 {
    let (d, m) = (write_hours, mtbf_hours);
    if d < 2.0 * m {
        let x = d / (2.0 * m);
        (2.0 * d * m).sqrt() * (1.0 + x.sqrt() / 3.0 + x / 9.0) - d
    } else {
        m
    }
}

/// First-order wasted fraction of billed time: δ/τ (writing checkpoints) + (τ/2 + R)/M (work lost
/// since the last checkpoint, plus the restart, once per failure).
pub fn waste_fraction(
    write_hours: f64,
    interval_hours: f64,
    restart_hours: f64,
    mtbf_hours: f64,
) -> f64 {
    write_hours / interval_hours + (interval_hours / 2.0 + restart_hours) / mtbf_hours
}

/// Billed hours for `productive_hours` of useful work: productive / (1 − waste). `None` when the
/// waste reaches 100 %: the job never finishes (failures outpace checkpoints).
pub fn billed_hours(productive_hours: f64, waste: f64) -> Option<f64> {
    (0.0..1.0)
        .contains(&waste)
        .then(|| productive_hours / (1.0 - waste))
}

/// Bytes each GPU sends and receives per step in a ring all-reduce of bf16 gradients:
/// 2 · (n − 1)/n · 2N.
pub fn allreduce_bytes_per_gpu(params: f64, gpus: f64) -> f64 {
    if gpus <= 1.0 {
        return 0.0;
    }
    2.0 * (gpus - 1.0) / gpus * 2.0 * params
}

/// Compute time of one step: 6 · N · tokens_per_step / (n · P_peak · MFU), seconds.
pub fn step_compute_seconds(
    params: f64,
    tokens_per_step: f64,
    gpus: f64,
    peak_flops_per_s: f64,
    mfu: f64,
) -> f64 {
    6.0 * params * tokens_per_step / (gpus * peak_flops_per_s * mfu)
}

/// Data-parallel scaling efficiency η = t_comp / (t_comp + max(0, t_comm − overlap · t_comp)).
pub fn scaling_efficiency(compute_seconds: f64, comm_seconds: f64, overlap: f64) -> f64 {
    let exposed = (comm_seconds - overlap * compute_seconds).max(0.0);
    compute_seconds / (compute_seconds + exposed)
}

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

/// The fewest accelerators whose memory holds the training state (before activations):
/// ceil(bytes_per_param · N / memory).
pub fn min_gpus(params: f64, memory: TrainingMemory, memory_gb_per_gpu: f64) -> u64 {
    let need = memory.bytes_per_param() * params / (memory_gb_per_gpu * 1e9);
    if need.is_finite() && need > 0.0 {
        need.ceil() as u64
    } else {
        1
    }
}

/// Size of one checkpoint in GB: 16 bytes/param with the optimizer state, 2 for weights only.
pub fn checkpoint_gb(params: f64, with_optimizer_state: bool) -> f64 {
    params * if with_optimizer_state { 16.0 } else { 2.0 } / 1e9
}

/// Tokenised dataset size in GB: 2 bytes a token for vocabularies under 65,536, else 4.
pub fn dataset_gb(tokens: f64, vocab_size: u32) -> f64 {
    tokens * if vocab_size < 65_536 { 2.0 } else { 4.0 } / 1e9
}

/// Accelerators per node for multi-node all-reduce (8-GPU HGX/DGX nodes; 4 or 16 elsewhere is a
/// refinement left for the catalog).
pub const GPUS_PER_NODE: f64 = 8.0;
/// Days in a billing month (730 h / 24).
pub const DAYS_PER_MONTH: f64 = 730.0 / 24.0;

/// The knobs of the hidden costs, with defaults from DOMAIN.md section 2.
#[derive(Clone, Debug, PartialEq)]
pub struct OverheadInputs {
    /// Inter-node network option id; `None`: the provider's first option.
    pub network_id: Option<String>,
    /// Fraction of communication hidden behind compute, 0–1.
    pub overlap: f64,
    /// Global batch in tokens per optimizer step.
    pub tokens_per_step: f64,
    /// Hours between interruptions, per GPU.
    pub mtbf_gpu_hours: f64,
    /// Minutes to write one checkpoint (δ).
    pub checkpoint_write_minutes: f64,
    /// Minutes to restart after a failure (R).
    pub restart_minutes: f64,
    /// Minutes between checkpoints; `None`: Daly's optimum.
    pub checkpoint_every_minutes: Option<f64>,
    /// Full-state checkpoints kept in storage.
    pub checkpoints_kept: u32,
    /// Provider where the training data lives; egress is billed when it is not the training provider.
    pub data_on_provider: Option<String>,
    /// Tokenizer vocabulary size (2 bytes a token below 65,536, else 4).
    pub vocab_size: u32,
}

impl Default for OverheadInputs {
    fn default() -> Self {
        OverheadInputs {
            network_id: None,
            overlap: 0.5,
            tokens_per_step: 4e6,
            mtbf_gpu_hours: LLAMA3_MTBF_GPU_HOURS,
            checkpoint_write_minutes: 5.0,
            restart_minutes: 10.0,
            checkpoint_every_minutes: None,
            checkpoints_kept: 3,
            data_on_provider: None,
            vocab_size: 32_000,
        }
    }
}

/// The hidden costs of one training run, and the total they add up to.
#[derive(Clone, Debug, PartialEq)]
pub struct OverheadEstimate {
    /// Data-parallel scaling efficiency η.
    pub scaling_efficiency: f64,
    /// Cluster MTBF M = MTBF per GPU / GPUs, hours.
    pub cluster_mtbf_hours: f64,
    /// Daly's optimal checkpoint interval for M, hours.
    pub optimal_checkpoint_hours: f64,
    /// The interval used (the input, or Daly's optimum), hours.
    pub checkpoint_interval_hours: f64,
    /// Wasted fraction of billed time (checkpoint writes, lost work, restarts).
    pub failure_waste_fraction: f64,
    /// GPU-hours billed: H / η / (1 − waste); `None` when failures outpace checkpoints.
    pub billed_gpu_hours: Option<f64>,
    /// Fewest GPUs holding the full training state (16 bytes/param), before activations.
    pub min_gpus: u64,
    /// USD: the ideal compute (H · p).
    pub compute_usd: f64,
    /// USD: exposed communication, (H/η − H) · p.
    pub communication_usd: f64,
    /// USD: failure waste, (billed − H/η) · p.
    pub failure_usd: f64,
    /// USD: checkpoints kept plus the dataset, stored for the run's duration.
    pub storage_usd: f64,
    /// USD: moving the dataset from where it lives to the training provider.
    pub egress_usd: f64,
}

impl OverheadEstimate {
    /// Everything: compute, communication, failures, storage and egress (`None` if unbounded).
    pub fn total_usd(&self) -> Option<f64> {
        self.billed_gpu_hours.map(|_| {
            self.compute_usd
                + self.communication_usd
                + self.failure_usd
                + self.storage_usd
                + self.egress_usd
        })
    }
}

/// Prices the hidden costs of a priced scenario. Inside one node the accelerator's own link carries
/// the all-reduce (half its bidirectional figure per direction); across nodes the network does.
pub fn estimate_overheads(
    s: &crate::cost::Scenario,
    e: &crate::cost::Estimate,
    inputs: &OverheadInputs,
    catalog: &crate::catalog::Catalog,
) -> OverheadEstimate {
    let gpus = f64::from(s.gpus);
    let price = e.price.usd_per_gpu_hour();
    let provider = catalog.provider(&s.provider_id);
    let per_gpu_gb_s = if gpus <= GPUS_PER_NODE {
        e.accelerator.intra_node_gb_s / 2.0
    } else {
        let chosen = inputs.network_id.as_deref().or_else(|| {
            provider
                .and_then(|p| p.networks.first())
                .map(|n| n.as_ref())
        });
        chosen
            .and_then(|id| catalog.network(id))
            .map_or(f64::INFINITY, |n| n.gb_per_s_per_gpu)
    };
    let compute_s = step_compute_seconds(
        s.params,
        inputs.tokens_per_step,
        gpus,
        e.accelerator.peak_flops_per_s(),
        s.mfu,
    );
    let comm_s = allreduce_bytes_per_gpu(s.params, gpus) / (per_gpu_gb_s * 1e9);
    let eta = scaling_efficiency(compute_s, comm_s, inputs.overlap);
    let m = cluster_mtbf_hours(inputs.mtbf_gpu_hours, gpus);
    let write_h = inputs.checkpoint_write_minutes / 60.0;
    let optimal = daly_interval_hours(write_h, m);
    let interval = inputs
        .checkpoint_every_minutes
        .map_or(optimal, |min| min / 60.0);
    let waste = waste_fraction(write_h, interval, inputs.restart_minutes / 60.0, m);
    let effective = e.gpu_hours / eta;
    let billed = billed_hours(effective, waste);
    let months = billed.map_or(0.0, |b| b / (gpus * 24.0 * s.duty) / DAYS_PER_MONTH);
    let data_gb = dataset_gb(s.tokens, inputs.vocab_size);
    let stored_gb = checkpoint_gb(s.params, true) * f64::from(inputs.checkpoints_kept) + data_gb;
    let storage_usd = stored_gb * months * provider.map_or(0.0, |p| p.storage_usd_per_gb_month);
    let egress_usd = match inputs.data_on_provider.as_deref() {
        Some(from) if from != s.provider_id => {
            data_gb * catalog.provider(from).map_or(0.0, |p| p.egress_usd_per_gb)
        }
        _ => 0.0,
    };
    OverheadEstimate {
        scaling_efficiency: eta,
        cluster_mtbf_hours: m,
        optimal_checkpoint_hours: optimal,
        checkpoint_interval_hours: interval,
        failure_waste_fraction: waste,
        billed_gpu_hours: billed,
        min_gpus: min_gpus(s.params, TrainingMemory::Full, e.accelerator.memory_gb),
        compute_usd: e.gpu_hours * price,
        communication_usd: (effective - e.gpu_hours) * price,
        failure_usd: billed.map_or(0.0, |b| (b - effective) * price),
        storage_usd,
        egress_usd,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, rel: f64) -> bool {
        (a - b).abs() <= rel * b.abs()
    }

    #[test]
    fn daly_published_examples() {
        // Daly (2006): M = 24 h, δ = 5 min -> about 117 min; M = 6 h -> about 57 min.
        let d = 5.0 / 60.0;
        assert!(
            close(daly_interval_hours(d, 24.0) * 60.0, 116.69, 1e-3),
            "{}",
            daly_interval_hours(d, 24.0) * 60.0
        );
        assert!(
            close(daly_interval_hours(d, 6.0) * 60.0, 56.71, 1e-3),
            "{}",
            daly_interval_hours(d, 6.0) * 60.0
        );
        // Young for the same: sqrt(2 * 5/60 * 24) = 2 h exactly; sqrt(2 * 5/60 * 6) = 1 h.
        assert!(close(young_interval_hours(d, 24.0), 2.0, 1e-12));
        assert!(close(young_interval_hours(d, 6.0), 1.0, 1e-12));
        // Writes slower than twice the MTBF: checkpoint every M.
        assert_eq!(daly_interval_hours(13.0, 6.0), 6.0);
    }

    #[test]
    fn llama3_mtbf_and_cluster_mtbf() {
        // 16,384 * 54 * 24 / 419 = 50,677.0 GPU-hours (DOMAIN.md: about 50,700); the cluster: 3.093 h.
        assert!(close(LLAMA3_MTBF_GPU_HOURS, 50_677.0, 1e-6));
        assert!(close(
            cluster_mtbf_hours(LLAMA3_MTBF_GPU_HOURS, 16_384.0),
            3.093,
            1e-3
        ));
    }

    #[test]
    fn waste_and_billed_hours_by_hand() {
        // δ = 0.1 h, τ = 2 h, R = 0.25 h, M = 10 h: 0.1/2 + (1 + 0.25)/10 = 0.05 + 0.125 = 0.175.
        let w = waste_fraction(0.1, 2.0, 0.25, 10.0);
        assert!(close(w, 0.175, 1e-12));
        // 1,000 productive hours bill 1,000 / 0.825 = 1,212.12 h.
        assert!(close(
            billed_hours(1000.0, w).unwrap_or(f64::NAN),
            1212.1212,
            1e-6
        ));
        assert_eq!(billed_hours(1000.0, 1.2), None);
    }

    #[test]
    fn interconnect_by_hand() {
        // 7B params on 64 GPUs: 2 * 63/64 * 2 * 7e9 = 2.75625e10 bytes per GPU per step.
        assert!(close(allreduce_bytes_per_gpu(7e9, 64.0), 2.75625e10, 1e-12));
        assert_eq!(allreduce_bytes_per_gpu(7e9, 1.0), 0.0);
        // 4M tokens a step on 64 H100s at MFU 0.4: 6 * 7e9 * 4e6 / (64 * 989e12 * 0.4) = 6.6356 s.
        let comp = step_compute_seconds(7e9, 4e6, 64.0, 989e12, 0.4);
        assert!(close(comp, 6.63549, 1e-5));
        // InfiniBand 400 Gb/s = 50 GB/s per GPU: 2.75625e10 / 5e10 = 0.55 s; overlapped fully: eta 1.
        assert_eq!(scaling_efficiency(comp, 0.55, 0.5), 1.0);
        // 25 Gb/s Ethernet = 3.125 GB/s: 8.82 s; no overlap: eta = 6.635 / (6.635 + 8.82) = 0.4293.
        let slow = 2.75625e10 / 3.125e9;
        assert!(close(scaling_efficiency(comp, slow, 0.0), 0.42932, 1e-4));
    }

    #[test]
    fn memory_fit_by_hand() {
        // 70B full training: 16 * 70e9 = 1.12e12 bytes / 80 GB = 14 H100s before activations.
        assert_eq!(min_gpus(70e9, TrainingMemory::Full, 80.0), 14);
        // 70B LoRA: 2 * 70e9 / 80e9 = 1.75 -> 2; QLoRA: 0.5 * 70e9 / 80e9 = 0.44 -> 1.
        assert_eq!(min_gpus(70e9, TrainingMemory::Lora, 80.0), 2);
        assert_eq!(min_gpus(70e9, TrainingMemory::Qlora, 80.0), 1);
        // 7B checkpoint with optimizer state: 112 GB; weights only 14 GB. 2T tokens at 2 bytes: 4,000 GB.
        assert!(close(checkpoint_gb(7e9, true), 112.0, 1e-12));
        assert!(close(checkpoint_gb(7e9, false), 14.0, 1e-12));
        assert!(close(dataset_gb(2e12, 32_000), 4000.0, 1e-12));
        assert!(close(dataset_gb(2e12, 128_256), 8000.0, 1e-12));
    }

    #[test]
    fn default_run_overheads_by_hand() {
        use crate::catalog::Catalog;
        use crate::cost::{estimate, Scenario};
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s = Scenario::default();
        let e = estimate(&s, &c).unwrap_or_else(|e| panic!("{e:?}"));
        // 64 H100 at AWS (EFA, 50 GB/s per GPU): step compute 6.6355 s (4M tokens), all-reduce
        // 2.75625e10 B / 5e10 B/s = 0.551 s, under half the compute: eta = 1.
        let mut inputs = OverheadInputs {
            data_on_provider: Some("gcp".into()),
            ..OverheadInputs::default()
        };
        let o = estimate_overheads(&s, &e, &inputs, &c);
        assert_eq!(o.scaling_efficiency, 1.0);
        // M = 50,677.0 / 64 = 791.83 h; Daly with 5-minute writes: 11.432 h; waste
        // 0.08333/11.432 + (5.716 + 0.16667)/791.83 = 0.014719; billed 58,982.14 / 0.985281 = 59,863.25 h.
        assert!(close(o.cluster_mtbf_hours, 791.828, 1e-5));
        assert!(close(o.optimal_checkpoint_hours, 11.4324, 1e-5));
        assert!(close(o.failure_waste_fraction, 0.0147187, 1e-5));
        assert!(close(
            o.billed_gpu_hours.unwrap_or(f64::NAN),
            59_863.246,
            1e-7
        ));
        // Storage: 3 checkpoints x 112 GB + 4,000 GB of tokens for 38.97 days (1.2813 months) at
        // $0.023 = $127.78. Egress from GCP at $0.12/GB: 4,000 GB -> $480.
        assert!(close(o.storage_usd, 127.783, 1e-5));
        assert!(close(o.egress_usd, 480.0, 1e-12));
        // 7B needs ceil(16 * 7e9 / 80e9) = 2 H100s for its training state.
        assert_eq!(o.min_gpus, 2);
        // Total = billed * $6.88 + storage + egress.
        assert!(close(
            o.total_usd().unwrap_or(f64::NAN),
            59_863.246 * 6.88 + 127.783 + 480.0,
            1e-7
        ));
        // On 25 Gb/s Ethernet the all-reduce takes 8.82 s: eta = 6.6355 / (6.6355 + 8.82 - 3.3177) = 0.5467.
        inputs.network_id = Some("eth-25".into());
        let slow = estimate_overheads(&s, &e, &inputs, &c);
        assert!(close(slow.scaling_efficiency, 0.546682, 1e-5));
        assert!(slow.communication_usd > 0.8 * slow.compute_usd);
    }
}
