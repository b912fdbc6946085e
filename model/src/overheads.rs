//! The costs founders forget (DOMAIN.md section 2): multi-node communication, failed work,
//! memory fit, storage and egress. Pure formulas; the page and the runway use them.
//! Units: hours for time unless a name says otherwise, bytes and GB (1e9 bytes) for data.

use crate::catalog::{Catalog, Instance, Network};
use crate::cost::{Estimate, Scenario};
pub use crate::kind::TrainingMemory;
pub use crate::knobs::{DataFormat, OverheadInputs, LLAMA3_MTBF_GPU_HOURS, RAW_BYTES_PER_TOKEN};

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

/// The extra waste of waiting for replacement capacity after spot reclaims: W / M_spot, with
/// M_spot = spot MTBF per GPU / gpus (the rest of the cluster is billed while it waits).
pub fn capacity_wait_fraction(wait_hours: f64, spot_mtbf_gpu_hours: f64, gpus: f64) -> f64 {
    wait_hours / cluster_mtbf_hours(spot_mtbf_gpu_hours, gpus)
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

/// Bytes per parameter of a full training-state checkpoint: bf16 weights 2 + fp32 master weights
/// 4 + Adam m and v 8 = 14. Gradients (2 more in memory) are recomputed, not saved.
pub const CHECKPOINT_BYTES_PER_PARAM: f64 = 14.0;

/// Size of one checkpoint in GB: 14 bytes/param with the optimizer state, 2 for weights only.
pub fn checkpoint_gb(params: f64, with_optimizer_state: bool) -> f64 {
    params
        * if with_optimizer_state {
            CHECKPOINT_BYTES_PER_PARAM
        } else {
            2.0
        }
        / 1e9
}

/// Tokenised dataset size in GB: 2 bytes a token for vocabularies under 65,536, else 4.
pub fn dataset_gb(tokens: f64, vocab_size: u32) -> f64 {
    tokens * DataFormat::Tokens.bytes_per_token(vocab_size) / 1e9
}

/// Sequence length assumed for the activation estimate (tokens per micro-batch sequence).
pub const ACTIVATION_SEQ_LEN: f64 = 4096.0;

/// Hidden size and layer count of a dense transformer with `params` parameters, from N ≈ 12·L·h²
/// and the usual aspect ratio h ≈ 128·L (Llama 2 7B: 4,096 / 32; GPT-3: 12,288 / 96).
pub fn transformer_shape(params: f64) -> (f64, f64) {
    let hidden = (128.0 * params / 12.0).cbrt();
    (hidden, hidden / 128.0)
}

/// Activation memory per GPU, GB, for one sequence of `seq_len` tokens with full activation
/// recomputation (Korthikanti et al. 2022): each layer keeps its bf16 input, 2·s·h bytes, and the
/// layer being recomputed needs its working set, about 34·s·h bytes (flash attention: no s² term).
/// No tensor or sequence parallelism: those split this further.
pub fn activation_gb_per_gpu(params: f64, seq_len: f64) -> f64 {
    let (h, layers) = transformer_shape(params);
    seq_len * h * (2.0 * layers + 34.0) / 1e9
}

/// The fewest accelerators that hold the sharded training state plus one sequence's activations
/// each: ceil(bytes_per_param · N / (memory − activations)). `None` when the activations alone do
/// not fit on one accelerator (that needs tensor or sequence parallelism).
pub fn min_gpus_with_activations(
    params: f64,
    memory: TrainingMemory,
    memory_gb_per_gpu: f64,
    activation_gb: f64,
) -> Option<u64> {
    let usable = memory_gb_per_gpu - activation_gb;
    (usable > 0.0).then(|| min_gpus(params, memory, usable))
}

/// The largest cluster a sweep or break-even search considers (the GPU input's maximum).
pub const MAX_SWEEP_GPUS: u32 = 100_000;

/// Accelerators per node for multi-node all-reduce when the catalog has no instance for the pair
/// (8-GPU HGX/DGX nodes); otherwise the instance's `gpus_per_instance`.
pub const GPUS_PER_NODE: f64 = 8.0;
/// Days in a billing month (730 h / 24).
pub const DAYS_PER_MONTH: f64 = 730.0 / 24.0;

/// The network ids offered for an accelerator at a provider: its instance's, or (a pair the
/// catalog has no instance for) the provider's list.
pub fn offered_networks<'c>(
    catalog: &'c Catalog,
    provider_id: &str,
    accelerator_id: &str,
) -> &'c [crate::catalog::Text] {
    match catalog.instance(provider_id, accelerator_id) {
        Some(i) => &i.networks,
        None => catalog
            .provider(provider_id)
            .map_or(&[][..], |p| &p.networks[..]),
    }
}

/// The network a job uses: the requested one if it is offered for this instance, else the
/// instance's default (its first).
pub fn network_for<'c>(
    catalog: &'c Catalog,
    provider_id: &str,
    accelerator_id: &str,
    requested: Option<&str>,
) -> Option<&'c Network> {
    let offered = offered_networks(catalog, provider_id, accelerator_id);
    let id = requested
        .filter(|r| offered.iter().any(|n| n == r))
        .or_else(|| offered.first().map(|n| n.as_ref()))?;
    catalog.network(id)
}

/// What failures cost at one cluster size: the effective MTBF, the interval used and the waste.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FailureModel {
    /// Cluster MTBF M, hours.
    pub cluster_mtbf_hours: f64,
    /// Daly's optimum for M, hours.
    pub optimal_interval_hours: f64,
    /// The interval used, hours.
    pub interval_hours: f64,
    /// Wasted fraction of billed time.
    pub waste: f64,
}

/// Failure waste for `gpus` accelerators with a per-GPU MTBF, δ and R in hours, and a fixed
/// interval (hours) or Daly's optimum.
pub fn failure_model(
    mtbf_gpu_hours: f64,
    gpus: f64,
    write_hours: f64,
    restart_hours: f64,
    interval_hours: Option<f64>,
) -> FailureModel {
    let m = cluster_mtbf_hours(mtbf_gpu_hours, gpus);
    let optimal = daly_interval_hours(write_hours, m);
    let interval = interval_hours.unwrap_or(optimal);
    FailureModel {
        cluster_mtbf_hours: m,
        optimal_interval_hours: optimal,
        interval_hours: interval,
        waste: waste_fraction(write_hours, interval, restart_hours, m),
    }
}

/// Two failure processes at once (hardware faults and spot reclaims): rates add, so
/// 1/MTBF = 1/a + 1/b.
pub fn combined_mtbf(a: f64, b: f64) -> f64 {
    1.0 / (1.0 / a + 1.0 / b)
}

/// The hidden costs of one training run, and the total they add up to.
#[derive(Clone, Debug, PartialEq)]
pub struct OverheadEstimate<'c> {
    /// The inter-node network used (`None` when the provider lists none).
    pub network: Option<&'c Network>,
    /// The instance the accelerator is rented in (`None` when the catalog has none for the pair).
    pub instance: Option<&'c Instance>,
    /// Accelerators per instance: up to this many the accelerator's own link carries the
    /// all-reduce.
    pub gpus_per_node: f64,
    /// All-reduce bandwidth per GPU, GB/s: half the accelerator's bidirectional link within one
    /// node, the network across nodes.
    pub allreduce_gb_s: f64,
    /// Compute time of one optimizer step, seconds.
    pub step_compute_seconds: f64,
    /// Gradient all-reduce time of one step, seconds.
    pub step_comm_seconds: f64,
    /// Data-parallel scaling efficiency η.
    pub scaling_efficiency: f64,
    /// Whether spot capacity is priced (asked for, and the provider sells it).
    pub spot_applied: bool,
    /// Whether the provider sells spot capacity at all.
    pub spot_offered: bool,
    /// The cluster size from which spot stops paying at this provider (`None`: it pays up to
    /// 100,000 GPUs, or the provider sells no spot).
    pub spot_breakeven_gpus: Option<u32>,
    /// The discount applied to the GPU price (0 on demand).
    pub spot_discount: f64,
    /// The most spot GPUs one can expect to hold at once at this provider (`None` without spot).
    pub spot_capacity_gpus: Option<f64>,
    /// Hours waiting for replacement capacity per spot reclaim (0 on demand).
    pub spot_wait_hours: f64,
    /// Waste from that waiting: W / M_spot (0 on demand), included in `failures.waste`.
    pub spot_wait_waste: f64,
    /// MTBF per GPU used: hardware, combined with spot reclaims when on spot, hours.
    pub effective_mtbf_gpu_hours: f64,
    /// Cluster MTBF, checkpoint interval and waste.
    pub failures: FailureModel,
    /// Price per GPU-hour after the spot discount, USD.
    pub usd_per_gpu_hour: f64,
    /// GPU-hours with communication: H / η.
    pub effective_gpu_hours: f64,
    /// GPU-hours billed: H / η / (1 − waste); `None` when failures outpace checkpoints.
    pub billed_gpu_hours: Option<f64>,
    /// Wall-clock days of the billed run at the duty cycle.
    pub billed_days: f64,
    /// Activation memory per GPU (one sequence, full recomputation), GB.
    pub activation_gb: f64,
    /// Fewest GPUs holding full training state (16 bytes/param) and activations.
    pub min_gpus: Option<u64>,
    /// The same for LoRA (2 bytes/param) and QLoRA (0.5 bytes/param).
    pub min_gpus_lora: Option<u64>,
    /// See `min_gpus_lora`.
    pub min_gpus_qlora: Option<u64>,
    /// One full-state checkpoint, GB.
    pub checkpoint_gb: f64,
    /// The tokenised dataset, GB.
    pub dataset_gb: f64,
    /// Storage price of the training provider, USD per GB-month.
    pub storage_usd_per_gb_month: f64,
    /// USD: the ideal compute, H · p (p after any spot discount).
    pub compute_usd: f64,
    /// USD: exposed communication, (H/η − H) · p.
    pub communication_usd: f64,
    /// USD: failure waste, (billed − H/η) · p.
    pub failure_usd: f64,
    /// USD: checkpoints kept plus the dataset, stored for the run's duration.
    pub storage_usd: f64,
    /// USD a day for that storage.
    pub storage_usd_per_day: f64,
    /// Egress of the dataset: (provider billing it, GB, USD); `None` when it lives where it trains.
    pub dataset_egress: Option<(&'c str, f64, f64)>,
    /// Egress of the final weights out of the training provider: (GB, USD), when exported.
    pub weights_egress: Option<(f64, f64)>,
    /// Egress of the corpus out of the training provider at the end: (GB, USD), when asked for.
    pub corpus_egress: Option<(f64, f64)>,
}

impl OverheadEstimate<'_> {
    /// USD: all egress.
    pub fn egress_usd(&self) -> f64 {
        self.dataset_egress.map_or(0.0, |e| e.2)
            + self.weights_egress.map_or(0.0, |e| e.1)
            + self.corpus_egress.map_or(0.0, |e| e.1)
    }

    /// USD billed for accelerators: compute, communication and failures.
    pub fn gpu_bill_usd(&self) -> f64 {
        self.compute_usd + self.communication_usd + self.failure_usd
    }

    /// Everything: compute, communication, failures, storage and egress (`None` if unbounded).
    pub fn total_usd(&self) -> Option<f64> {
        self.billed_gpu_hours
            .map(|_| self.gpu_bill_usd() + self.storage_usd + self.egress_usd())
    }
}

/// The inputs of [`estimate_overheads`] that do not depend on the cluster size, resolved once so
/// that sweeps (cost against GPU count or checkpoint interval) only redo the arithmetic.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Resolved {
    params: f64,
    peak_flops_per_s: f64,
    mfu: f64,
    ideal_gpu_hours: f64,
    intra_gb_s: f64,
    gpus_per_node: f64,
    network_gb_s: f64,
    overlap: f64,
    tokens_per_step: f64,
    mtbf_gpu_hours: f64,
    write_hours: f64,
    restart_hours: f64,
    /// On spot: (spot MTBF per GPU, hours waiting for capacity per reclaim).
    spot_wait: Option<(f64, f64)>,
}

impl Resolved {
    /// All-reduce bandwidth per GPU, GB/s: within one instance the accelerator's link (half its
    /// bidirectional figure), across instances the network.
    fn allreduce_gb_s(&self, gpus: f64, network_gb_s: f64) -> f64 {
        if gpus <= self.gpus_per_node {
            self.intra_gb_s / 2.0
        } else {
            network_gb_s
        }
    }

    /// (compute s, comm s, η) of one step.
    fn step(&self, gpus: f64, network_gb_s: f64) -> (f64, f64, f64) {
        let bw = self.allreduce_gb_s(gpus, network_gb_s);
        let comp = step_compute_seconds(
            self.params,
            self.tokens_per_step,
            gpus,
            self.peak_flops_per_s,
            self.mfu,
        );
        let comm = allreduce_bytes_per_gpu(self.params, gpus) / (bw * 1e9);
        (comp, comm, scaling_efficiency(comp, comm, self.overlap))
    }

    /// Failures at a cluster size, with the spot capacity wait added to the waste, and that
    /// wait's share.
    fn failures(&self, gpus: f64, interval: Option<f64>) -> (FailureModel, f64) {
        let mut f = failure_model(
            self.mtbf_gpu_hours,
            gpus,
            self.write_hours,
            self.restart_hours,
            interval,
        );
        let wait = self
            .spot_wait
            .map_or(0.0, |(m, w)| capacity_wait_fraction(w, m, gpus));
        f.waste += wait;
        (f, wait)
    }

    /// Billed GPU-hours at a cluster size, network and checkpoint interval (hours or optimum).
    fn billed(&self, gpus: f64, network_gb_s: f64, interval: Option<f64>) -> Option<f64> {
        let (_, _, eta) = self.step(gpus, network_gb_s);
        billed_hours(
            self.ideal_gpu_hours / eta,
            self.failures(gpus, interval).0.waste,
        )
    }
}

/// Spot terms of a provider when the scenario asks for spot and the provider sells it:
/// (discount, reclaim MTBF per GPU, capacity GPUs, wait hours per reclaim).
fn spot_terms(s: &Scenario, catalog: &Catalog) -> Option<(f64, f64, f64, f64)> {
    let p = catalog.provider(&s.provider_id)?;
    Some((
        p.spot_discount?,
        p.spot_mtbf_gpu_hours?,
        p.spot_capacity_gpus?,
        p.spot_wait_minutes? / 60.0,
    ))
}

/// Prices the hidden costs of a priced scenario (its `overheads` knobs). Inside one instance the
/// accelerator's own link carries the all-reduce (half its bidirectional figure per direction);
/// across instances the instance's network does. On spot, the price drops by the provider's
/// discount, reclaims add to hardware failures, and each reclaim also waits for replacement
/// capacity; a provider without spot capacity is priced on demand.
pub fn estimate_overheads<'c>(
    s: &Scenario,
    e: &Estimate<'c>,
    catalog: &'c Catalog,
) -> OverheadEstimate<'c> {
    let inputs = &s.overheads;
    let gpus = f64::from(s.gpus);
    let provider = catalog.provider(&s.provider_id);
    let instance = catalog.instance(&s.provider_id, &s.accelerator_id);
    let network = network_for(
        catalog,
        &s.provider_id,
        &s.accelerator_id,
        inputs.network_id.as_deref(),
    );
    let terms = spot_terms(s, catalog);
    let spot = terms.filter(|_| inputs.spot);
    let effective_mtbf = spot.map_or(inputs.mtbf_gpu_hours, |(_, m, _, _)| {
        combined_mtbf(inputs.mtbf_gpu_hours, m)
    });
    let discount = spot.map_or(0.0, |(d, ..)| d);
    let price = e.price.usd_per_gpu_hour() * (1.0 - discount);
    let r = resolve(s, e, network, effective_mtbf, catalog);
    let (comp, comm, eta) = r.step(gpus, r.network_gb_s);
    let interval = inputs.checkpoint_every_minutes.map(|m| m / 60.0);
    let (failures, wait_waste) = r.failures(gpus, interval);
    let effective = e.gpu_hours / eta;
    let billed = billed_hours(effective, failures.waste);
    let billed_days = billed.map_or(0.0, |b| b / (gpus * 24.0 * s.duty));
    let data_gb = s.tokens * inputs.data_format.bytes_per_token(inputs.vocab_size) / 1e9;
    let ckpt_gb = checkpoint_gb(s.params, true);
    let stored_gb = ckpt_gb * f64::from(inputs.checkpoints_kept) + data_gb;
    let storage_price = provider.map_or(0.0, |p| p.storage_usd_per_gb_month);
    let storage_usd_per_day = stored_gb * storage_price / DAYS_PER_MONTH;
    let storage_usd = storage_usd_per_day * billed_days;
    let dataset_egress = inputs
        .data_on_provider
        .as_deref()
        .filter(|from| *from != s.provider_id)
        .and_then(|from| catalog.provider(from))
        .map(|p| (p.id.as_ref(), data_gb, data_gb * p.egress_usd_per_gb));
    let egress_price = provider.map_or(0.0, |p| p.egress_usd_per_gb);
    let weights_egress = inputs.export_weights.then(|| {
        let gb = checkpoint_gb(s.params, false);
        (gb, gb * egress_price)
    });
    let corpus_egress = inputs
        .corpus_out
        .then_some((data_gb, data_gb * egress_price));
    let act = activation_gb_per_gpu(s.params, ACTIVATION_SEQ_LEN);
    let fit = |m| min_gpus_with_activations(s.params, m, e.accelerator.memory_gb, act);
    OverheadEstimate {
        network,
        instance,
        gpus_per_node: r.gpus_per_node,
        allreduce_gb_s: r.allreduce_gb_s(gpus, r.network_gb_s),
        step_compute_seconds: comp,
        step_comm_seconds: comm,
        scaling_efficiency: eta,
        spot_applied: spot.is_some(),
        spot_offered: terms.is_some(),
        spot_breakeven_gpus: spot_breakeven_gpus(s, catalog, MAX_SWEEP_GPUS),
        spot_discount: discount,
        spot_capacity_gpus: terms.map(|(_, _, c, _)| c),
        spot_wait_hours: spot.map_or(0.0, |(.., w)| w),
        spot_wait_waste: wait_waste,
        effective_mtbf_gpu_hours: effective_mtbf,
        failures,
        usd_per_gpu_hour: price,
        effective_gpu_hours: effective,
        billed_gpu_hours: billed,
        billed_days,
        activation_gb: act,
        min_gpus: fit(TrainingMemory::Full),
        min_gpus_lora: fit(TrainingMemory::Lora),
        min_gpus_qlora: fit(TrainingMemory::Qlora),
        checkpoint_gb: ckpt_gb,
        dataset_gb: data_gb,
        storage_usd_per_gb_month: storage_price,
        compute_usd: e.gpu_hours * price,
        communication_usd: (effective - e.gpu_hours) * price,
        failure_usd: billed.map_or(0.0, |b| (b - effective) * price),
        storage_usd,
        storage_usd_per_day,
        dataset_egress,
        weights_egress,
        corpus_egress,
    }
}

fn resolve(
    s: &Scenario,
    e: &Estimate,
    network: Option<&Network>,
    mtbf_gpu_hours: f64,
    catalog: &Catalog,
) -> Resolved {
    let spot_wait = spot_terms(s, catalog)
        .filter(|_| s.overheads.spot)
        .map(|(_, m, _, w)| (m, w));
    Resolved {
        params: s.params,
        peak_flops_per_s: e.accelerator.peak_flops_per_s(),
        mfu: s.mfu,
        ideal_gpu_hours: e.gpu_hours,
        intra_gb_s: e.accelerator.intra_node_gb_s,
        gpus_per_node: catalog
            .instance(&s.provider_id, &s.accelerator_id)
            .map_or(GPUS_PER_NODE, |i| f64::from(i.gpus_per_instance)),
        // A provider listing no network: nothing to wait for (validated catalogs always list one).
        network_gb_s: network.map_or(f64::INFINITY, |n| n.gb_per_s_per_gpu),
        overlap: s.overheads.overlap,
        tokens_per_step: s.overheads.tokens_per_step,
        mtbf_gpu_hours,
        write_hours: s.overheads.checkpoint_write_minutes / 60.0,
        restart_hours: s.overheads.restart_minutes / 60.0,
        spot_wait,
    }
}

/// One point of a cost sweep: the swept value and the GPU bill there (`None`: never finishes).
pub type SweepPoint = (f64, Option<f64>);

/// GPU bill (compute, communication and failures at the scenario's price and spot choice) against
/// the number of accelerators, for a given network: one point per entry of `gpu_counts`.
pub fn cost_vs_gpus(
    s: &Scenario,
    e: &Estimate,
    o: &OverheadEstimate,
    catalog: &Catalog,
    network: &Network,
    gpu_counts: &[f64],
) -> Vec<SweepPoint> {
    let r = resolve(s, e, Some(network), o.effective_mtbf_gpu_hours, catalog);
    let interval = s.overheads.checkpoint_every_minutes.map(|m| m / 60.0);
    gpu_counts
        .iter()
        .map(|&g| {
            let billed = r.billed(g, network.gb_per_s_per_gpu, interval);
            (g, billed.map(|b| b * o.usd_per_gpu_hour))
        })
        .collect()
}

/// GPU bill against the checkpoint interval (hours), at the scenario's cluster size and network.
pub fn cost_vs_interval(
    s: &Scenario,
    e: &Estimate,
    o: &OverheadEstimate,
    catalog: &Catalog,
    intervals_hours: &[f64],
) -> Vec<SweepPoint> {
    let r = resolve(s, e, o.network, o.effective_mtbf_gpu_hours, catalog);
    let gpus = f64::from(s.gpus);
    intervals_hours
        .iter()
        .map(|&t| {
            let billed = r.billed(gpus, r.network_gb_s, Some(t));
            (t, billed.map(|b| b * o.usd_per_gpu_hour))
        })
        .collect()
}

/// `n` points spaced evenly on a log scale from `lo` to `hi` (both included).
pub fn log_space(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    let (a, b) = (lo.ln(), hi.ln());
    let last = n.saturating_sub(1).max(1) as f64;
    (0..n)
        .map(|i| (a + (b - a) * i as f64 / last).exp())
        .collect()
}

/// Spot terms for [`spot_pays`]: the discount, reclaims as GPU-hours between them per GPU, and
/// the hours each reclaim waits for replacement capacity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpotTerms {
    /// Discount off on-demand, a fraction.
    pub discount: f64,
    /// GPU-hours between reclaims, per GPU.
    pub mtbf_gpu_hours: f64,
    /// Hours waiting for replacement capacity after each reclaim.
    pub wait_hours: f64,
}

/// Whether spot capacity costs less than on-demand for the GPU bill at `gpus` accelerators:
/// (1 − discount) / (1 − waste_spot) < 1 / (1 − waste_on_demand), where the spot waste adds the
/// capacity wait W / M_spot. Communication is the same on both and cancels. A spot run that never
/// finishes never pays.
pub fn spot_pays(
    gpus: f64,
    spot: SpotTerms,
    mtbf_gpu_hours: f64,
    write_hours: f64,
    restart_hours: f64,
    interval_hours: Option<f64>,
) -> bool {
    let on_demand = failure_model(
        mtbf_gpu_hours,
        gpus,
        write_hours,
        restart_hours,
        interval_hours,
    );
    let spot_failures = failure_model(
        combined_mtbf(mtbf_gpu_hours, spot.mtbf_gpu_hours),
        gpus,
        write_hours,
        restart_hours,
        interval_hours,
    );
    let spot_waste =
        spot_failures.waste + capacity_wait_fraction(spot.wait_hours, spot.mtbf_gpu_hours, gpus);
    match (
        billed_hours(1.0, on_demand.waste),
        billed_hours(1.0, spot_waste),
    ) {
        (_, None) => false,
        (None, Some(_)) => true,
        (Some(od), Some(sp)) => sp * (1.0 - spot.discount) < od,
    }
}

/// The smallest cluster (whole GPUs, up to `max_gpus`) at which spot stops paying for this
/// provider and these failure settings; `None` if it pays all the way (or the provider sells no
/// spot). Bisection over the first doubling that fails: waste grows with the cluster.
pub fn spot_breakeven_gpus(s: &Scenario, catalog: &Catalog, max_gpus: u32) -> Option<u32> {
    let (discount, spot_mtbf, _, wait_hours) = spot_terms(s, catalog)?;
    let terms = SpotTerms {
        discount,
        mtbf_gpu_hours: spot_mtbf,
        wait_hours,
    };
    let i = &s.overheads;
    let pays = |g: u32| {
        spot_pays(
            f64::from(g),
            terms,
            i.mtbf_gpu_hours,
            i.checkpoint_write_minutes / 60.0,
            i.restart_minutes / 60.0,
            i.checkpoint_every_minutes.map(|m| m / 60.0),
        )
    };
    if !pays(1) {
        return Some(1);
    }
    let (mut lo, mut hi) = (1u32, 2u32);
    while pays(hi) {
        if hi >= max_gpus {
            return None;
        }
        lo = hi;
        hi = hi.saturating_mul(2).min(max_gpus);
    }
    // pays(lo) and !pays(hi).
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if pays(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(hi)
}

pub mod explain;

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
        assert!(close(
            LLAMA3_MTBF_GPU_HOURS,
            16_384.0 * 54.0 * 24.0 / 419.0,
            1e-6
        ));
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
        // 7B checkpoint with optimizer state: (2 + 4 + 8) B x 7e9 = 98 GB (gradients are not saved);
        // weights only 14 GB. 2T tokens at 2 bytes: 4,000 GB.
        assert!(close(checkpoint_gb(7e9, true), 98.0, 1e-12));
        assert!(close(checkpoint_gb(7e9, false), 14.0, 1e-12));
        assert!(close(dataset_gb(2e12, 32_000), 4000.0, 1e-12));
        assert!(close(dataset_gb(2e12, 128_256), 8000.0, 1e-12));
        // Raw text: about 4 bytes a token whatever the vocabulary; tokenised: 2 below 65,536.
        assert_eq!(DataFormat::Raw.bytes_per_token(32_000), 4.0);
        assert_eq!(DataFormat::Tokens.bytes_per_token(32_000), 2.0);
        assert_eq!(DataFormat::Tokens.bytes_per_token(65_536), 4.0);
        assert_eq!(DataFormat::from_id("tokens"), Some(DataFormat::Tokens));
        assert_eq!(DataFormat::from_id("csv"), None);
    }

    fn default_estimate(s: &Scenario, c: &'static Catalog) -> Estimate<'static> {
        crate::cost::estimate(s, c).unwrap_or_else(|e| panic!("{e:?}"))
    }

    fn catalog() -> &'static Catalog {
        Box::leak(Box::new(
            Catalog::builtin().unwrap_or_else(|e| panic!("{e}")),
        ))
    }

    #[test]
    fn default_run_overheads_by_hand() {
        let c = catalog();
        let mut s = Scenario::default();
        s.overheads.data_on_provider = Some("gcp".into());
        let e = default_estimate(&s, c);
        // 64 H100 at AWS (EFA, 50 GB/s per GPU): step compute 6.6355 s (4M tokens), all-reduce
        // 2.75625e10 B / 5e10 B/s = 0.551 s, under half the compute: eta = 1.
        let o = estimate_overheads(&s, &e, c);
        assert_eq!(o.network.map(|n| n.id.as_ref()), Some("aws-efa-3200"));
        assert_eq!(o.scaling_efficiency, 1.0);
        // M = 50,677.0 / 64 = 791.83 h; Daly with 5-minute writes: 11.432 h; waste
        // 0.08333/11.432 + (5.716 + 0.16667)/791.83 = 0.014719; billed 58,982.14 / 0.985281 = 59,863.25 h.
        assert!(close(o.failures.cluster_mtbf_hours, 791.828, 1e-5));
        assert!(close(o.failures.optimal_interval_hours, 11.4324, 1e-5));
        assert_eq!(o.failures.interval_hours, o.failures.optimal_interval_hours);
        assert!(close(o.failures.waste, 0.0147187, 1e-5));
        assert!(close(
            o.billed_gpu_hours.unwrap_or(f64::NAN),
            59_863.246,
            1e-7
        ));
        // Storage: 3 checkpoints x 98 GB + 8,000 GB of raw text (2T tokens x 4 bytes, the default
        // format) = 8,294 GB for 38.97346 days (1.281319 months) at $0.023 = $244.427. Egress from
        // GCP at $0.12/GB: 8,000 GB -> $960, billed by GCP.
        assert!(close(o.billed_days, 38.9734, 1e-5));
        assert!(close(o.storage_usd, 244.427, 1e-5));
        assert_eq!(o.dataset_egress, Some(("gcp", 8000.0, 960.0)));
        assert_eq!(o.corpus_egress, None);
        assert_eq!(o.instance.map(|i| i.instance.as_ref()), Some("p5.48xlarge"));
        assert_eq!(o.weights_egress, None);
        // Activations, one 4,096-token sequence, full recomputation: h = (128 * 7e9 / 12)^(1/3) =
        // 4,210.6, L = 32.9: 4096 * 4210.6 * (2 * 32.9 + 34) = 1.7213 GB. Training state 112 GB
        // over 80 - 1.72 GB: ceil(1.431) = 2 H100s (16 bytes a parameter in memory: the gradients
        // count there, though not in a checkpoint). LoRA 14 GB and QLoRA 3.5 GB fit on one.
        assert!(close(o.activation_gb, 1.72126, 1e-5));
        assert_eq!(
            (o.min_gpus, o.min_gpus_lora, o.min_gpus_qlora),
            (Some(2), Some(1), Some(1))
        );
        // Total = billed * $6.88 + storage + egress.
        assert!(close(
            o.total_usd().unwrap_or(f64::NAN),
            59_863.246 * 6.88 + 244.427 + 960.0,
            1e-6
        ));
        // On 25 Gb/s Ethernet the all-reduce takes 8.82 s: eta = 6.6355 / (6.6355 + 8.82 - 3.3177)
        // = 0.5467. AWS's p5 does not offer eth-25, so the id falls back to p5's EFA.
        let eth = c.network("eth-25").unwrap_or_else(|| panic!("eth-25"));
        let slow = cost_vs_gpus(&s, &e, &o, c, eth, &[64.0]);
        let expected = 58_982.137 / 0.546682 / (1.0 - 0.0147187) * 6.88;
        assert!(close(slow[0].1.unwrap_or(f64::NAN), expected, 1e-5));
        s.overheads.network_id = Some("eth-25".into());
        assert_eq!(
            estimate_overheads(&s, &e, c).network.map(|n| n.id.as_ref()),
            Some("aws-efa-3200")
        );
        s.provider_id = "lambda".into();
        let e = default_estimate(&s, c);
        let lambda = estimate_overheads(&s, &e, c);
        assert!(close(lambda.scaling_efficiency, 0.546682, 1e-5));
        assert!(lambda.communication_usd > 0.8 * lambda.compute_usd);
    }

    #[test]
    fn exporting_weights_is_billed_by_the_training_provider() {
        // 7B weights in bf16: 14 GB x AWS $0.09/GB = $1.26.
        let c = catalog();
        let mut s = Scenario::default();
        s.overheads.export_weights = true;
        let o = estimate_overheads(&s, &default_estimate(&s, c), c);
        assert_eq!(o.weights_egress, Some((14.0, 14.0 * 0.09)));
        assert_eq!(o.dataset_egress, None);
    }

    #[test]
    fn spot_by_hand() {
        // AWS spot: 60 % off, reclaims as 29,200 GPU-hours per GPU. Combined with the Llama 3 MTBF:
        // 1 / (1/50,677.0 + 1/29,200) = 18,525.59 h; on 64 GPUs M = 289.46 h, Daly 6.8903 h,
        // waste 0.08333/6.8903 + (3.4452 + 0.16667)/289.46 = 0.024572. Each reclaim also waits
        // 60 min for capacity: W / M_spot = 1 h / (29,200 / 64 = 456.25 h) = 0.0021918; waste
        // 0.0267638. Billed 58,982.14 / 0.9732362 = 60,604.13 h at $6.88 * 0.4 = $2.752:
        // $166,782.57 (without the wait it was $166,407.81).
        let c = catalog();
        let mut s = Scenario::default();
        s.overheads.spot = true;
        let o = estimate_overheads(&s, &default_estimate(&s, c), c);
        assert!(o.spot_applied);
        assert!(close(o.effective_mtbf_gpu_hours, 18_525.588, 1e-6));
        assert!(close(o.failures.optimal_interval_hours, 6.890325, 1e-6));
        assert!(close(o.spot_wait_waste, 0.00219178, 1e-5));
        assert!(close(o.failures.waste, 0.0267638, 1e-5));
        assert!(close(o.gpu_bill_usd(), 166_782.57, 1e-6));
        // 64 GPUs is more than the 16 spot GPUs AWS can be expected to hold at once (estimate).
        assert_eq!(o.spot_capacity_gpus, Some(16.0));
        // Lambda sells no spot capacity: priced on demand, hardware MTBF only.
        s.provider_id = "lambda".into();
        let o = estimate_overheads(&s, &default_estimate(&s, c), c);
        assert!(!o.spot_applied);
        assert_eq!(o.spot_discount, 0.0);
        assert_eq!(o.effective_mtbf_gpu_hours, LLAMA3_MTBF_GPU_HOURS);
    }

    #[test]
    fn spot_stops_paying_at_a_cluster_size() {
        // With the defaults and AWS's 60-minute capacity wait per reclaim (W / M_spot added to the
        // spot waste), spot's (1 - 0.6) / (1 - waste_spot) first reaches on-demand's
        // 1 / (1 - waste) at 9,106 GPUs (Python re-implementation of the same formulas:
        // 9,105: 1.255111 < 1.255156; 9,106: 1.255344 > 1.255176). Without the wait it was 27,825.
        let c = catalog();
        let s = Scenario::default();
        assert_eq!(spot_breakeven_gpus(&s, c, 100_000), Some(9_106));
        assert_eq!(spot_breakeven_gpus(&s, c, 8_000), None);
        // Hour-long restarts and half-hour writes make spot stop paying far sooner.
        let mut slow = s.clone();
        slow.overheads.restart_minutes = 60.0;
        slow.overheads.checkpoint_write_minutes = 30.0;
        let g = spot_breakeven_gpus(&slow, c, 100_000).unwrap_or(0);
        assert!((1..9_106).contains(&g), "{g}");
        let mut none = s.clone();
        none.provider_id = "lambda".into();
        assert_eq!(spot_breakeven_gpus(&none, c, 100_000), None);
    }

    #[test]
    fn activations_and_memory_fit() {
        // 70B: h = 9,072, L = 70.9: 4096 * 9072 * (141.8 + 34) = 6.531 GB; 1,120 GB of state over
        // 80 - 6.53 GB: ceil(15.24) = 16 H100s (14 before activations).
        let act = activation_gb_per_gpu(70e9, ACTIVATION_SEQ_LEN);
        assert!(close(act, 6.53084, 1e-5));
        assert_eq!(
            min_gpus_with_activations(70e9, TrainingMemory::Full, 80.0, act),
            Some(16)
        );
        // Llama 2 7B's real shape is 4,096 x 32; the rule gives 4,210.6 x 32.9.
        let (h, l) = transformer_shape(7e9);
        assert!(close(h, 4210.6, 1e-4) && close(l, 32.895, 1e-4));
        // Activations larger than the card: no count fits without tensor parallelism.
        assert_eq!(
            min_gpus_with_activations(1e12, TrainingMemory::Full, 16.0, 40.0),
            None
        );
    }

    #[test]
    fn interval_sweep_is_lowest_at_the_optimum() {
        // The GPU bill against the checkpoint interval is U-shaped with its minimum at Daly's
        // optimum (first-order waste is minimised by Young's, within a fraction of a percent).
        let c = catalog();
        let s = Scenario {
            gpus: 4096,
            ..Scenario::default()
        };
        let e = default_estimate(&s, c);
        let o = estimate_overheads(&s, &e, c);
        let opt = o.failures.optimal_interval_hours;
        let pts = cost_vs_interval(&s, &e, &o, c, &[opt / 4.0, opt, opt * 4.0]);
        let cost = |i: usize| pts[i].1.unwrap_or(f64::NAN);
        assert!(cost(1) < cost(0) && cost(1) < cost(2), "{pts:?}");
        assert!(close(cost(1), o.gpu_bill_usd(), 1e-12));
        // log_space includes both ends.
        let xs = log_space(1.0, 1000.0, 4);
        assert!(close(xs[1], 10.0, 1e-12) && close(xs[3], 1000.0, 1e-12));
    }

    #[test]
    fn a100s_on_aws_use_p4d_efa_not_p5s() {
        // 512 A100 40GB on AWS (p4d.24xlarge, $4.10), the default 7B / 2T run, 4M tokens a step,
        // MFU 0.4, overlap 0.5. p4d's EFA is 400 Gb/s per 8 GPUs = 50 Gb/s = 6.25 GB/s per GPU.
        // t_comp = 6 * 7e9 * 4e6 / (512 * 312e12 * 0.4) = 1.68e17 / 6.38976e16 = 2.629207 s;
        // bytes = 2 * 511/512 * 2 * 7e9 = 2.79453e10; t_comm = 2.79453e10 / 6.25e9 = 4.47125 s;
        // exposed = 4.47125 - 0.5 * 2.629207 = 3.156647 s; eta = 2.629207 / 5.785853 = 0.454420.
        // (With p5's 50 GB/s the all-reduce would be 0.559 s and eta 1.0.)
        let c = catalog();
        let s = Scenario {
            accelerator_id: "a100-40gb".into(),
            gpus: 512,
            ..Scenario::default()
        };
        let e = default_estimate(&s, c);
        let o = estimate_overheads(&s, &e, c);
        assert_eq!(o.network.map(|n| n.id.as_ref()), Some("aws-efa-400"));
        assert_eq!(
            o.instance.map(|i| i.instance.as_ref()),
            Some("p4d.24xlarge")
        );
        assert!(close(o.step_compute_seconds, 2.629207, 1e-6));
        assert!(close(o.step_comm_seconds, 4.47125, 1e-9));
        assert!(close(o.scaling_efficiency, 0.454420, 1e-5));
        // H = 8.4e22 / (312e12 * 0.4) / 3600 = 186,965.81 GPU-h; M = 50,677 / 512 = 98.98 h,
        // waste 0.0427227; billed 186,965.81 / 0.454420 / 0.9572773 = 429,800.70 GPU-h, 2.2x the
        // 195,309.98 GPU-h an eta of 1.0 gave (billed at whatever p4d's list price is).
        assert!(close(
            o.billed_gpu_hours.unwrap_or(f64::NAN),
            429_800.70,
            1e-6
        ));
        assert!(close(
            o.gpu_bill_usd(),
            429_800.70 * e.price.usd_per_gpu_hour(),
            1e-6
        ));
        // p5's network is not offered for p4d: the link's id falls back to p4d's EFA.
        let mut asked = s.clone();
        asked.overheads.network_id = Some("aws-efa-3200".into());
        let o = estimate_overheads(&asked, &e, c);
        assert_eq!(o.network.map(|n| n.id.as_ref()), Some("aws-efa-400"));
        // Azure's ND A100 v4 and OCI's BM.GPU4.8 have 200 Gb/s per GPU = 25 GB/s; GCP's H100 VM is
        // a3-high (800 Gb/s of GPU NICs per 8 GPUs = 12.5 GB/s), not a3-mega.
        let bw = |p: &str, a: &str| network_for(c, p, a, None).map(|n| n.gb_per_s_per_gpu);
        assert_eq!(bw("azure", "a100-40gb"), Some(25.0));
        assert_eq!(bw("oracle", "a100-40gb"), Some(25.0));
        assert_eq!(bw("gcp", "h100-sxm"), Some(12.5));
        assert_eq!(bw("aws", "h100-sxm"), Some(50.0));
    }

    #[test]
    fn trainium_nodes_hold_sixteen_chips() {
        // trn1.32xlarge holds 16 chips: 16 stay on NeuronLink (384 GB/s, half each way = 192 GB/s);
        // 32 use EFA, 800 Gb/s per 16 chips = 6.25 GB/s.
        let c = catalog();
        let s = Scenario {
            accelerator_id: "trn1".into(),
            gpus: 16,
            ..Scenario::default()
        };
        let o = estimate_overheads(&s, &default_estimate(&s, c), c);
        assert_eq!(o.gpus_per_node, 16.0);
        assert_eq!(o.allreduce_gb_s, 192.0);
        let s = Scenario { gpus: 32, ..s };
        let o = estimate_overheads(&s, &default_estimate(&s, c), c);
        assert_eq!(o.allreduce_gb_s, 6.25);
    }

    #[test]
    fn capacity_wait_by_hand() {
        // 1 h of waiting per reclaim, reclaims every 29,200 GPU-hours per GPU, 512 GPUs:
        // M_spot = 29,200 / 512 = 57.03 h, W / M_spot = 0.017534.
        assert!(close(
            capacity_wait_fraction(1.0, 29_200.0, 512.0),
            0.0175342,
            1e-5
        ));
        // A longer wait makes spot stop paying sooner: 6-hour waits on AWS's terms. At 1,000
        // GPUs: on demand M = 50.677 h, Daly(5 min) = 2.8509 h, waste 0.060647 -> 1 / 0.939353 =
        // 1.064563; spot M = 18.526 h, Daly 1.7020 h, waste 0.103888 + 6 / 29.2 = 0.309374 ->
        // 0.4 / 0.690626 = 0.579185 < 1.064563: still pays. At 3,000 GPUs: on demand M = 16.89 h,
        // waste 0.109252 -> 1.122651; spot M = 6.175 h, waste 0.191514 + 6 / 9.733 = 0.807967 ->
        // 0.4 / 0.192033 = 2.082973 > 1.122651: does not pay.
        let terms = SpotTerms {
            discount: 0.6,
            mtbf_gpu_hours: 29_200.0,
            wait_hours: 6.0,
        };
        let pays = |g: f64| {
            spot_pays(
                g,
                terms,
                LLAMA3_MTBF_GPU_HOURS,
                5.0 / 60.0,
                10.0 / 60.0,
                None,
            )
        };
        assert!(pays(1000.0));
        assert!(!pays(3000.0));
    }

    #[test]
    fn corpus_and_format_options_by_hand() {
        let c = catalog();
        let mut s = Scenario::default();
        s.overheads.data_on_provider = Some("gcp".into());
        s.overheads.data_format = DataFormat::Tokens;
        s.overheads.corpus_out = true;
        let o = estimate_overheads(&s, &default_estimate(&s, c), c);
        // Tokenised, 32K vocabulary: 2T x 2 B = 4,000 GB in from GCP at $0.12 = $480, and out of
        // AWS at the end at $0.09 = $360.
        assert_eq!(o.dataset_egress, Some(("gcp", 4000.0, 480.0)));
        assert_eq!(o.corpus_egress, Some((4000.0, 360.0)));
        assert!(close(o.egress_usd(), 840.0, 1e-12));
        // Storage: (3 x 98 + 4,000) GB x $0.023 x 38.97346 days / 30.41667 = $126.546.
        assert!(close(o.storage_usd, 126.546, 1e-5));
    }
}
