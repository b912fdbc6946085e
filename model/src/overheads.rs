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
pub fn waste_fraction(write_hours: f64, interval_hours: f64, restart_hours: f64, mtbf_hours: f64) -> f64 {
    write_hours / interval_hours + (interval_hours / 2.0 + restart_hours) / mtbf_hours
}

/// Billed hours for `productive_hours` of useful work: productive / (1 − waste). `None` when the
/// waste reaches 100 %: the job never finishes (failures outpace checkpoints).
pub fn billed_hours(productive_hours: f64, waste: f64) -> Option<f64> {
    (0.0..1.0).contains(&waste).then(|| productive_hours / (1.0 - waste))
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
pub fn step_compute_seconds(params: f64, tokens_per_step: f64, gpus: f64, peak_flops_per_s: f64, mfu: f64) -> f64 {
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
    if need.is_finite() && need > 0.0 { need.ceil() as u64 } else { 1 }
}

/// Size of one checkpoint in GB: 16 bytes/param with the optimizer state, 2 for weights only.
pub fn checkpoint_gb(params: f64, with_optimizer_state: bool) -> f64 {
    params * if with_optimizer_state { 16.0 } else { 2.0 } / 1e9
}

/// Tokenised dataset size in GB: 2 bytes a token for vocabularies under 65,536, else 4.
pub fn dataset_gb(tokens: f64, vocab_size: u32) -> f64 {
    tokens * if vocab_size < 65_536 { 2.0 } else { 4.0 } / 1e9
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
        assert!(close(daly_interval_hours(d, 24.0) * 60.0, 116.69, 1e-3), "{}", daly_interval_hours(d, 24.0) * 60.0);
        assert!(close(daly_interval_hours(d, 6.0) * 60.0, 56.71, 1e-3), "{}", daly_interval_hours(d, 6.0) * 60.0);
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
        assert!(close(cluster_mtbf_hours(LLAMA3_MTBF_GPU_HOURS, 16_384.0), 3.093, 1e-3));
    }

    #[test]
    fn waste_and_billed_hours_by_hand() {
        // δ = 0.1 h, τ = 2 h, R = 0.25 h, M = 10 h: 0.1/2 + (1 + 0.25)/10 = 0.05 + 0.125 = 0.175.
        let w = waste_fraction(0.1, 2.0, 0.25, 10.0);
        assert!(close(w, 0.175, 1e-12));
        // 1,000 productive hours bill 1,000 / 0.825 = 1,212.12 h.
        assert!(close(billed_hours(1000.0, w).unwrap_or(f64::NAN), 1212.1212, 1e-6));
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
}
