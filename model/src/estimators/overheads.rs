//! The costs founders forget (docs/model.md, "Hidden costs"): multi-node communication, failed
//! work, memory fit, storage and egress. Pure formulas; the page and the runway use them.
//! Units: hours for time unless a name says otherwise, bytes and GB (1e9 bytes) for data.

use crate::data::catalog::{Catalog, Instance, Network};
use crate::estimators::cost::Estimate;
pub use crate::estimators::parallel::transformer_shape;
use crate::estimators::parallel::{
    all_to_all, layout, moe_of, multislice_all_reduce, recipe_batch_tokens, ring_all_reduce,
    tensor_parallel, Layout, Moe, Phases, LINK_EFFICIENCY, NETWORK_EFFICIENCY,
};
use crate::input::job::Job;
use crate::input::kind::TrainingMemory;
use crate::input::knobs::{DataFormat, OverheadInputs, LLAMA3_MTBF_GPU_HOURS};

/// Mean time between failures of a job on `gpus` accelerators: M = MTBF_per_gpu / gpus.
pub fn cluster_mtbf_hours(mtbf_per_gpu_hours: f64, gpus: f64) -> f64 {
    mtbf_per_gpu_hours / gpus
}

// Young's first-order interval, against which the tests check Daly's.
#[cfg(test)]
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

/// How data-parallel GPUs keep their copies in step (docs/model.md, "Hidden costs").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sharding {
    /// The bf16 weights and gradients (4 bytes a trained parameter, 2 a frozen one) fit in one
    /// GPU: DDP or ZeRO-1/2 (optimizer state sharded), one all-reduce of the gradients a step:
    /// 2·S bytes.
    Zero2,
    /// They do not: ZeRO-3 / FSDP full sharding, the weights all-gathered for the forward and the
    /// backward pass and the gradients reduce-scattered: 2·S_w + S (3·S when every weight trains,
    /// the ZeRO paper's 1.5×).
    Zero3,
}

/// What one optimizer step synchronises between data-parallel GPUs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SyncPlan {
    /// ZeRO-1/2 or ZeRO-3.
    pub sharding: Sharding,
    /// S: bytes of bf16 gradients, 2 a trained parameter (the adapter's only, for LoRA).
    pub grad_bytes: f64,
    /// S_w: bytes of weights that ZeRO-3 gathers twice a step (2 a parameter; 0.5 for QLoRA's
    /// 4-bit base).
    pub weight_bytes: f64,
}

impl SyncPlan {
    /// V, the bytes a step moves, counted as an all-reduce counts them: 2·S, or 2·S_w + S under
    /// ZeRO-3. Each phase of [`sync_seconds`] sends (k−1)/k of it over its link.
    pub fn volume_bytes(&self) -> f64 {
        match self.sharding {
            Sharding::Zero2 => 2.0 * self.grad_bytes,
            Sharding::Zero3 => 2.0 * self.weight_bytes + self.grad_bytes,
        }
    }
}

/// The sync plan of a job: `trained` parameters with bf16 gradients, `held_bytes` of weights on
/// each GPU (bf16 2 a parameter; a LoRA base frozen at 2 or 0.5), on an accelerator with
/// `memory_gb`. ZeRO-1/2 while the weights and the gradients fit in one GPU, else ZeRO-3.
pub fn sync_plan(trained_params: f64, held_weight_bytes: f64, memory_gb: f64) -> SyncPlan {
    let grad_bytes = 2.0 * trained_params;
    let fits = held_weight_bytes + grad_bytes <= memory_gb * 1e9;
    SyncPlan {
        sharding: if fits {
            Sharding::Zero2
        } else {
            Sharding::Zero3
        },
        grad_bytes,
        weight_bytes: held_weight_bytes,
    }
}

/// PyTorch DDP's gradient bucket, bytes (`bucket_cap_mb` = 25): one all-reduce a bucket.
pub const DDP_BUCKET_BYTES: f64 = 25e6;

/// What one optimizer step communicates, collective by collective (each pipelined inside itself:
/// see [`crate::estimators::parallel`]), on the step's parallel layout.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SyncTime {
    /// Nodes m = ⌈n / g⌉.
    pub nodes: f64,
    /// The batch and the data-, tensor-, pipeline- and expert-parallel degrees.
    pub layout: Layout,
    /// ZeRO-1/2 or ZeRO-3, by what each GPU holds of the weights and gradients.
    pub sharding: Sharding,
    /// What each GPU holds under ZeRO-2: its bf16 weights (and a DPO reference) and its share of
    /// the gradients and optimizer state, GB (activations aside).
    pub held_gb_per_gpu: f64,
    /// V of the dense parameters (every parameter of a dense model), the whole model's, bytes.
    pub dense_bytes: f64,
    /// V of a mixture's routed experts, the whole model's, bytes (0 when dense).
    pub expert_bytes: f64,
    /// The data-parallel all-reduce of the dense parameters.
    pub dense: Phases,
    /// Each expert's all-reduce with its own replicas.
    pub experts: Phases,
    /// The token all-to-all of the MoE layers.
    pub all_to_all: Phases,
    /// Tensor parallelism's activation all-reduces.
    pub tensor: Phases,
}

impl SyncTime {
    /// Every collective of the step, one after the other.
    pub fn total_s(&self) -> f64 {
        self.all_reduce_s() + self.all_to_all.total_s()
    }

    /// The all-reduces (dense, experts) and tensor parallelism's, seconds.
    pub fn all_reduce_s(&self) -> f64 {
        self.dense.total_s() + self.experts.total_s() + self.tensor.total_s()
    }

    /// Communication not hidden behind `comp` seconds of compute: the data-parallel all-reduces
    /// less `overlap` of the compute, tensor parallelism's (blocking) in full, then the
    /// all-to-all less `a2a_overlap` of the compute the all-reduces left free.
    pub fn exposed_s(&self, comp: f64, overlap: f64, a2a_overlap: f64) -> f64 {
        let ar = self.dense.total_s() + self.experts.total_s();
        let hidden = ar.min(overlap * comp);
        let blocking = self.tensor.total_s();
        exposed_seconds(comp, ar, overlap)
            + blocking
            + (self.all_to_all.total_s() - a2a_overlap * (comp - hidden)).max(0.0)
    }
}

/// A data-parallel all-reduce of V bytes over `gpus` accelerators in nodes of `gpus_per_node`, as
/// NCCL runs it (the whole model on every GPU, one collective): a ring whose NVLink and network
/// hops stream at once, so t = (n−1)/n · V / min(B_link, B_node) + latency; docs/model.md,
/// "Hidden costs".
pub fn sync_seconds(
    volume_bytes: f64,
    gpus: f64,
    gpus_per_node: f64,
    link_gb_s: f64,
    node_gb_s: f64,
) -> Phases {
    let g = gpus_per_node.max(1.0);
    ring_all_reduce(
        volume_bytes,
        gpus,
        g.min(gpus),
        g,
        link_gb_s,
        node_gb_s,
        1.0,
    )
}

/// The all-reduce bus bandwidth that nccl-tests would report for this model: algorithm bandwidth
/// S / t times 2·(n−1)/n, for an all-reduce of S bytes (V = 2·S) on `gpus` in nodes of
/// `gpus_per_node`, GB/s. Show the math sets it beside the measured figure it was checked against.
pub fn implied_bus_gb_s(
    bytes: f64,
    gpus: f64,
    gpus_per_node: f64,
    link_gb_s: f64,
    node_gb_s: f64,
) -> f64 {
    let t = sync_seconds(2.0 * bytes, gpus, gpus_per_node, link_gb_s, node_gb_s).total_s();
    bytes / t * 2.0 * (gpus - 1.0) / gpus / 1e9
}

/// Compute time of one step: k · N · tokens_per_step / (n · P_peak · MFU), seconds, with k the
/// kind's FLOPs per parameter-token (6 for training, 4 for LoRA, …) and N the active parameters.
pub fn step_compute_seconds(
    flops_per_token: f64,
    tokens_per_step: f64,
    gpus: f64,
    peak_flops_per_s: f64,
    mfu: f64,
) -> f64 {
    flops_per_token * tokens_per_step / (gpus * peak_flops_per_s * mfu)
}

// η without a pipeline bubble, checked by the tests (the step adds its bubble).
#[cfg(test)]
/// Data-parallel scaling efficiency η = t_comp / (t_comp + max(0, t_comm − overlap · t_comp)).
pub fn scaling_efficiency(compute_seconds: f64, comm_seconds: f64, overlap: f64) -> f64 {
    compute_seconds / (compute_seconds + exposed_seconds(compute_seconds, comm_seconds, overlap))
}

/// Communication not hidden behind compute: max(0, t_comm − overlap · t_comp), seconds.
pub fn exposed_seconds(compute_seconds: f64, comm_seconds: f64, overlap: f64) -> f64 {
    (comm_seconds - overlap * compute_seconds).max(0.0)
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

// The tokenised dataset size alone, checked by the tests (estimates use DataFormat).
#[cfg(test)]
/// Tokenised dataset size in GB: 2 bytes a token for vocabularies under 65,536, else 4.
pub fn dataset_gb(tokens: f64, vocab_size: u32) -> f64 {
    tokens * DataFormat::Tokens.bytes_per_token(vocab_size) / 1e9
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
pub const MAX_SWEEP_GPUS: u32 = crate::input::knobs::MAX_GPUS;

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
) -> &'c [crate::data::catalog::Text] {
    match catalog.instance(provider_id, accelerator_id) {
        Some(i) => &i.networks,
        None => catalog
            .provider(provider_id)
            .map_or(&[][..], |p| &p.networks[..]),
    }
}

/// One network offered for an accelerator at a provider, as the network picker lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct NetworkOption {
    /// Catalog id.
    pub id: String,
    /// Its name in the reader's language.
    pub name: String,
    /// The instance it comes with (`None`: the catalog has no instance for the pair).
    pub instance: Option<String>,
    /// The node's whole network, GB/s ([`Network::node_gb_s`] at the pair's GPUs per node).
    pub node_gb_s: f64,
}

/// The networks offered for an accelerator at a provider ([`offered_networks`]), each with its
/// bandwidth per node; ids the catalog does not know are left out.
pub fn network_options(
    catalog: &Catalog,
    provider_id: &str,
    accelerator_id: &str,
) -> Vec<NetworkOption> {
    let instance = catalog
        .instance(provider_id, accelerator_id)
        .map(|i| i.instance.to_string());
    let per_node = gpus_per_node(catalog, provider_id, accelerator_id);
    offered_networks(catalog, provider_id, accelerator_id)
        .iter()
        .filter_map(|id| catalog.network(id))
        .map(|n| NetworkOption {
            id: n.id.to_string(),
            name: n.name_text().to_string(),
            instance: instance.clone(),
            node_gb_s: n.node_gb_s(per_node),
        })
        .collect()
}

/// GPUs in one node of this accelerator at this provider: its instance's, else [`GPUS_PER_NODE`].
pub fn gpus_per_node(catalog: &Catalog, provider_id: &str, accelerator_id: &str) -> f64 {
    catalog
        .instance(provider_id, accelerator_id)
        .map_or(GPUS_PER_NODE, |i| f64::from(i.gpus_per_instance))
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
    /// The accelerator's link, one direction (half its bidirectional figure), GB/s.
    pub link_gb_s: f64,
    /// The network's bandwidth per node for this instance, GB/s (infinite without a network).
    pub node_gb_s: f64,
    /// What the job trains, synchronises and saves.
    pub state: TrainedState,
    /// The step's layout and each of its collectives.
    pub sync_time: SyncTime,
    /// A mixture's experts as the communication sees them (`None` for a dense model or an
    /// adapter fine-tune).
    pub moe: Option<Moe>,
    /// Seconds a step waits in the pipeline bubble: (p − 1) / micro-batches × t_comp.
    pub step_bubble_seconds: f64,
    /// Compute time of one optimizer step, seconds.
    pub step_compute_seconds: f64,
    /// Every collective of one step, seconds.
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
    /// MTBF per GPU used: hardware, combined with spot reclaims when on spot and with the
    /// provider's preemptions of list-priced work where it has them, hours.
    pub effective_mtbf_gpu_hours: f64,
    /// The provider's preemptions of list-priced work, GPU-hours between them per GPU (Modal).
    pub preemption_mtbf_gpu_hours: Option<f64>,
    /// Beyond one slice of a sliced accelerator (TPU): (chips in a slice, the slice's data-centre
    /// network, GB/s) when the job spans slices.
    pub across_slices: Option<(f64, f64)>,
    /// The most GPUs one job can rent of this instance here, where a source says.
    pub max_gpus: Option<u32>,
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
    /// Tokens in the sequence the activation estimate holds.
    pub activation_seq_len: f64,
    /// Activation memory per GPU (one sequence, full recomputation), GB.
    pub activation_gb: f64,
    /// What the job holds in memory a parameter: its kind's (full state, LoRA, QLoRA).
    pub memory: TrainingMemory,
    /// Fewest GPUs holding the job's own training state (16 bytes a parameter in full training, 2
    /// for LoRA, 0.5 for QLoRA) and activations.
    pub min_gpus: Option<u64>,
    /// The same for training every weight (16 bytes a parameter), whatever the job's kind.
    pub min_gpus_full: Option<u64>,
    /// The same for LoRA (2 bytes/param) and QLoRA (0.5 bytes/param).
    pub min_gpus_lora: Option<u64>,
    /// See `min_gpus_lora`.
    pub min_gpus_qlora: Option<u64>,
    /// One checkpoint of the trained state (the adapter's, for LoRA), GB.
    pub checkpoint_gb: f64,
    /// The tokenised dataset, GB.
    pub dataset_gb: f64,
    /// Storage price of the training provider, USD per GB-month.
    pub storage_usd_per_gb_month: f64,
    /// GB stored: checkpoints kept, the frozen base and the dataset.
    pub stored_gb: f64,
    /// GB of that inside the training provider's free storage allowance (0 without one): only
    /// `stored_gb − storage_free_gb` is billed.
    pub storage_free_gb: f64,
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
    /// A one-off transfer, billed as one month's egress there (its free allowance, then tiers).
    pub dataset_egress: Option<(&'c str, f64, f64)>,
    /// Egress of the final weights out of the training provider: (GB, USD), when exported; the
    /// first GB of the last month's egress there (its free allowance and first tiers).
    pub weights_egress: Option<(f64, f64)>,
    /// Egress of the corpus out of the training provider at the end: (GB, USD), when asked for;
    /// billed in the same month as the weights, on top of them (the tiers past the weights' GB).
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
    /// FLOPs per token of a step: the kind's factor × N.
    flops_per_token: f64,
    /// What the job trains, synchronises and saves.
    state: TrainedState,
    peak_flops_per_s: f64,
    mfu: f64,
    ideal_gpu_hours: f64,
    intra_gb_s: f64,
    gpus_per_node: f64,
    /// The chosen network's per-node bandwidth for this instance, GB/s.
    network_gb_s: f64,
    overlap: f64,
    a2a_overlap: f64,
    /// A DPO job's frozen reference, bf16 bytes (0 otherwise).
    reference_bytes: f64,
    /// The job's typed batch (`None`: the default).
    batch_tokens: Option<f64>,
    /// The published recipe's batch for this model and kind.
    recipe_tokens: f64,
    seq_len: f64,
    memory_gb: f64,
    /// The whole training state, bytes a parameter × every parameter, GB (ZeRO-3 shards it).
    state_gb: f64,
    /// One sequence's activations, GB.
    activation_gb: f64,
    /// Hidden size and layers of the transformer (its catalog model's, else estimated).
    hidden: f64,
    layers: f64,
    /// A mixture's experts, when the job trains every weight of one.
    moe: Option<Moe>,
    /// Chips in one slice of a sliced accelerator (TPU), the chip's own interconnect one way
    /// (GB/s), and the data-centre network of a whole slice (GB/s): a job on more chips than a
    /// slice all-reduces across slices over that network.
    slices: Option<(f64, f64, f64)>,
    mtbf_gpu_hours: f64,
    write_hours: f64,
    restart_hours: f64,
    /// On spot: (spot MTBF per GPU, hours waiting for capacity per reclaim).
    spot_wait: Option<(f64, f64)>,
}

impl Resolved {
    /// The accelerator's link, one direction, as NCCL uses it: half its bidirectional figure ×
    /// [`LINK_EFFICIENCY`], GB/s.
    fn link_gb_s(&self) -> f64 {
        self.intra_gb_s / 2.0 * LINK_EFFICIENCY
    }

    /// The step's layout and every collective on `gpus` over a network of `node_gb_s` per node
    /// (its effective figure). A mixture's expert-parallel degree is the one, among the powers of
    /// two up to its experts and its data-parallel ranks, whose weights and ZeRO-2-sharded state
    /// fit and whose step communicates least; when none fits, ZeRO-3 over the node.
    fn sync(&self, gpus: f64, node_gb_s: f64) -> SyncTime {
        let l = layout(
            self.batch_tokens,
            self.recipe_tokens,
            self.seq_len,
            gpus,
            self.gpus_per_node.max(1.0),
            self.memory_gb,
            self.state_gb / gpus.max(1.0),
            self.activation_gb,
        );
        let Some(m) = &self.moe else {
            return self.sync_on(gpus, node_gb_s, l);
        };
        let cap = m.experts.min(l.dp).max(1.0);
        // Ranked on what the step waits for: the exposed communication at the job's overlaps.
        let comp = step_compute_seconds(
            self.flops_per_token,
            l.batch_tokens,
            gpus,
            self.peak_flops_per_s,
            self.mfu,
        );
        let cost = |t: &SyncTime| {
            (
                t.exposed_s(comp, self.overlap, self.a2a_overlap),
                t.total_s(),
            )
        };
        let mut best: Option<SyncTime> = None;
        let mut ep = 1.0;
        while ep <= cap {
            let t = self.sync_on(gpus, node_gb_s, Layout { ep, ..l });
            let better = best.as_ref().is_none_or(|b| {
                let (a, b) = (cost(&t), cost(b));
                a.0 < b.0 || (a.0 == b.0 && a.1 < b.1)
            });
            if t.sharding == Sharding::Zero2 && better {
                best = Some(t);
            }
            ep *= 2.0;
        }
        best.unwrap_or_else(|| {
            let g = self.gpus_per_node.max(1.0);
            self.sync_on(
                gpus,
                node_gb_s,
                Layout {
                    ep: g.min(cap),
                    ..l
                },
            )
        })
    }

    /// The collectives of one step on layout `l`.
    fn sync_on(&self, gpus: f64, node_gb_s: f64, l: Layout) -> SyncTime {
        // Beyond one slice, the slice is the unit that talks over the data-centre network, and
        // the chips' interconnect carries the part inside it, one stage after the other.
        let slices = self
            .slices
            .filter(|(chips, ..)| gpus > *chips)
            .map(|(chips, ici, dcn)| (chips, (gpus / chips).ceil(), ici, dcn));
        let (g, link) = match slices {
            Some((chips, _, ici, _)) => (chips, ici),
            None => (self.gpus_per_node.max(1.0), self.link_gb_s()),
        };
        let mp = l.tp * l.pp;
        let sync = self.state.sync;
        // What each GPU holds decides ZeRO-1/2 against ZeRO-3 (the ZeRO paper's ZeRO-2: bf16
        // weights whole, 2 + 12 bytes of gradients and optimizer state a trained parameter
        // sharded over the n GPUs), with one sequence's activations beside them.
        let (dense_s, expert_s, weights) = match &self.moe {
            Some(m) => (
                2.0 * m.dense_params,
                2.0 * m.expert_params,
                2.0 * (m.dense_params / mp + m.expert_params / (mp * l.ep)),
            ),
            None => (sync.grad_bytes, 0.0, sync.weight_bytes / mp),
        };
        let trained = (dense_s + expert_s) / 2.0;
        let held = weights + self.reference_bytes / mp + 14.0 * trained / gpus.max(1.0);
        let sharding = if held + self.activation_gb * 1e9 <= self.memory_gb * 1e9 {
            Sharding::Zero2
        } else {
            Sharding::Zero3
        };
        // V = 2·S, or 2·S_w + S under ZeRO-3 (3·S when every weight trains).
        let volume = |s: f64, w: f64| match sharding {
            Sharding::Zero2 => 2.0 * s,
            Sharding::Zero3 => 2.0 * w + s,
        };
        let (dense_v, expert_v) = match &self.moe {
            Some(_) => (volume(dense_s, dense_s), volume(expert_s, expert_s)),
            None => (volume(sync.grad_bytes, sync.weight_bytes), 0.0),
        };
        // Collectives a step: DDP's gradient buckets (25 MB each, PyTorch's default
        // `bucket_cap_mb`), at most one a layer; ZeRO-3 gathers each layer's weights twice and
        // reduce-scatters its gradients: three a layer.
        let calls = |layers: f64, grad_bytes: f64| match sharding {
            Sharding::Zero2 => (grad_bytes / DDP_BUCKET_BYTES)
                .ceil()
                .clamp(1.0, (layers / l.pp).max(1.0)),
            Sharding::Zero3 => 3.0 * layers / l.pp,
        };
        // Data-parallel ranks in a node: the node's GPUs over the model-parallel ones.
        let per_node = (g / mp).max(1.0).min(l.dp);
        let dense_calls = calls(self.layers, dense_v / 2.0 / mp);
        // A slice holds whole replicas when the model-parallel group fits in it, else its share.
        let in_slice = |groups: f64| (g / groups).min(1.0);
        let dense = match slices {
            Some((chips, m, ici, dcn)) => multislice_all_reduce(
                dense_v / mp,
                dense_v * in_slice(mp),
                chips,
                m,
                ici,
                dcn,
                dense_calls,
            ),
            None => ring_all_reduce(
                dense_v / mp,
                l.dp,
                per_node,
                g,
                link,
                node_gb_s,
                dense_calls,
            ),
        };
        let (experts, a2a) = match &self.moe {
            Some(m) => {
                let replicas = (l.dp / l.ep).floor().max(1.0);
                let shard = expert_v / (mp * l.ep);
                let expert_calls = calls(m.moe_layers, shard / 2.0);
                let e = match slices {
                    Some((chips, m, ici, dcn)) => multislice_all_reduce(
                        shard,
                        expert_v * in_slice(mp * l.ep),
                        chips,
                        m,
                        ici,
                        dcn,
                        expert_calls,
                    ),
                    None => ring_all_reduce(
                        shard,
                        replicas,
                        (g / (mp * l.ep)).max(1.0).min(replicas),
                        g,
                        link,
                        node_gb_s,
                        expert_calls,
                    ),
                };
                (e, all_to_all(m, &l, g, link, node_gb_s))
            }
            None => (Phases::default(), Phases::default()),
        };
        SyncTime {
            nodes: (gpus / g).ceil().max(1.0),
            layout: l,
            sharding,
            held_gb_per_gpu: held / 1e9,
            dense_bytes: dense_v,
            expert_bytes: expert_v,
            dense,
            experts,
            all_to_all: a2a,
            tensor: tensor_parallel(&l, self.hidden, self.layers, link),
        }
    }

    /// (compute s, the step's communication, η) of one step over a network of `node_gb_s` per
    /// node: η = t_comp / (t_comp + bubble + exposed communication).
    fn step(&self, gpus: f64, node_gb_s: f64) -> (f64, SyncTime, f64) {
        let comm = self.sync(gpus, node_gb_s);
        let comp = step_compute_seconds(
            self.flops_per_token,
            comm.layout.batch_tokens,
            gpus,
            self.peak_flops_per_s,
            self.mfu,
        );
        let bubble = comp * comm.layout.bubble;
        (
            comp,
            comm,
            comp / (comp + bubble + comm.exposed_s(comp, self.overlap, self.a2a_overlap)),
        )
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

/// The linear layers of a transformer, as LoRA sees them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinearShape {
    /// Transformer layers L.
    pub layers: f64,
    /// Hidden size h.
    pub hidden: f64,
    /// Width of the query projection (heads × head dimension).
    pub q_dim: f64,
    /// Width of the key and of the value projection (KV heads × head dimension).
    pub kv_dim: f64,
    /// Width of the MLP's gate and up projections.
    pub intermediate: f64,
    /// MLPs per layer that LoRA adapts: 1 for a dense model, every expert for a mixture.
    pub experts: f64,
}

impl LinearShape {
    /// A dense Llama-style shape for N parameters when the catalog has no base model of that size:
    /// h and L from N ≈ 12·L·h² with h = 128·L ([`transformer_shape`]), full multi-head attention
    /// (q and kv widths h) and a gated MLP of width 8h/3, whose 4h² + 8h² per layer make the 12h².
    pub fn dense(params: f64) -> LinearShape {
        let (hidden, layers) = transformer_shape(params);
        LinearShape {
            layers,
            hidden,
            q_dim: hidden,
            kv_dim: hidden,
            intermediate: 8.0 * hidden / 3.0,
            experts: 1.0,
        }
    }

    /// The shape of a catalog base model (its config.json).
    pub fn of(m: &crate::data::catalog::BaseModel) -> LinearShape {
        LinearShape {
            layers: m.layers,
            hidden: m.hidden,
            q_dim: m.q_dim,
            kv_dim: m.kv_heads * m.head_dim,
            intermediate: m.intermediate,
            experts: m.experts,
        }
    }

    /// Parameters of a rank-r LoRA adapter on every linear layer: r · (d_in + d_out) for each of
    /// q (h→q), k and v (h→kv), o (q→h), and per MLP gate and up (h→f) and down (f→h).
    pub fn lora_params(&self, rank: f64) -> f64 {
        let attention = (self.hidden + self.q_dim) * 2.0 + (self.hidden + self.kv_dim) * 2.0;
        let mlp = 3.0 * (self.hidden + self.intermediate) * self.experts;
        rank * self.layers * (attention + mlp)
    }
}

/// The base model a LoRA job adapts: the catalog's model with these parameters (total or active,
/// within 2 %), if any.
pub fn base_model_for(catalog: &Catalog, params: f64) -> Option<&crate::data::catalog::BaseModel> {
    let near = |x: f64| (x / params - 1.0).abs() <= 0.02;
    catalog
        .base_models
        .iter()
        .find(|m| near(m.params) || near(m.active_params))
}

/// What a training job trains, holds and saves (LoRA: the adapter; else every parameter).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainedState {
    /// The adapter's parameters, for LoRA and QLoRA (at the job's rank).
    pub adapter_params: Option<f64>,
    /// The shape the adapter was sized on: a catalog base model's, or the dense estimate.
    pub shape: Option<LinearShape>,
    /// Parameters whose gradients are synchronised and whose optimizer state is checkpointed.
    pub trained_params: f64,
    /// The step's synchronisation.
    pub sync: SyncPlan,
    /// One checkpoint of the trained state, GB: 14 bytes a trained parameter.
    pub checkpoint_gb: f64,
    /// Frozen weights stored once beside the checkpoints (a LoRA base, bf16), GB.
    pub frozen_gb: f64,
    /// The weights a finished run exports (the adapter for LoRA), GB.
    pub export_gb: f64,
}

/// The trained state of a scenario's job on an accelerator with `memory_gb`.
pub fn trained_state(s: &Job, catalog: &Catalog, memory_gb: f64) -> TrainedState {
    let lora = s.kind.uses_adapter();
    // Every parameter is held, saved and synchronised: a mixture of experts' total, not the
    // active count its FLOPs use.
    let all = s.param_count().all();
    if !lora {
        return TrainedState {
            adapter_params: None,
            shape: None,
            trained_params: all,
            sync: sync_plan(all, 2.0 * all, memory_gb),
            checkpoint_gb: checkpoint_gb(all, true),
            frozen_gb: 0.0,
            export_gb: checkpoint_gb(all, false),
        };
    }
    let shape =
        base_model_for(catalog, all).map_or_else(|| LinearShape::dense(all), LinearShape::of);
    let adapter = shape.lora_params(s.lora_rank);
    TrainedState {
        adapter_params: Some(adapter),
        shape: Some(shape),
        trained_params: adapter,
        sync: sync_plan(adapter, s.kind.bytes_per_param() * all, memory_gb),
        checkpoint_gb: checkpoint_gb(adapter, true),
        frozen_gb: checkpoint_gb(all, false),
        export_gb: checkpoint_gb(adapter, false),
    }
}

/// Spot terms of a provider when the scenario asks for spot and the provider sells it:
/// (discount, reclaim MTBF per GPU, capacity GPUs, wait hours per reclaim).
fn spot_terms(s: &Job, catalog: &Catalog) -> Option<(f64, f64, f64, f64)> {
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
    s: &Job,
    knobs: &OverheadInputs,
    e: &Estimate<'c>,
    catalog: &'c Catalog,
) -> OverheadEstimate<'c> {
    let inputs = knobs;
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
    let hardware_and_spot = spot.map_or(inputs.mtbf_gpu_hours, |(_, m, _, _)| {
        combined_mtbf(inputs.mtbf_gpu_hours, m)
    });
    // A provider that preempts list-priced work (Modal) adds its preemptions, spot or not.
    let preemption = provider.and_then(|p| p.preemption_mtbf_gpu_hours);
    let effective_mtbf =
        preemption.map_or(hardware_and_spot, |p| combined_mtbf(hardware_and_spot, p));
    let discount = spot.map_or(0.0, |(d, ..)| d);
    let price = e.price.on_demand_usd_per_gpu_hour() * (1.0 - discount);
    let r = resolve(s, knobs, e, network, effective_mtbf, catalog);
    let state = r.state;
    let (comp, comm, eta) = r.step(gpus, r.network_gb_s);
    let interval = inputs.checkpoint_every_minutes.map(|m| m / 60.0);
    let (failures, wait_waste) = r.failures(gpus, interval);
    let effective = e.gpu_hours / eta;
    let billed = billed_hours(effective, failures.waste);
    let billed_days = billed.map_or(0.0, |b| b / (gpus * 24.0 * s.duty));
    let data_gb = s.tokens * inputs.data_format.bytes_per_token(inputs.vocab_size) / 1e9;
    let ckpt_gb = state.checkpoint_gb;
    let stored_gb = ckpt_gb * f64::from(inputs.checkpoints_kept) + state.frozen_gb + data_gb;
    let storage_price = provider.map_or(0.0, |p| p.storage_usd_per_gb_month);
    // Only what is stored above the provider's free allowance is billed (Modal's 1 TiB).
    let storage_free_gb = provider.map_or(0.0, |p| stored_gb - p.storage_billed_gb(stored_gb));
    let storage_usd_per_day =
        provider.map_or(0.0, |p| p.storage_usd(stored_gb, 1.0)) / DAYS_PER_MONTH;
    let storage_usd = storage_usd_per_day * billed_days;
    // Egress as billed: each provider's free allowance, then its tiers by the month's volume. A
    // one-off transfer is one month's egress, not spread over the run: the dataset moves in
    // before the run (its own month at the provider it leaves); the weights and the corpus leave
    // the training provider at the end, in the same month, so they share that month's allowance
    // and tiers: the weights first, the corpus billed on top of them.
    let dataset_egress = inputs
        .data_on_provider
        .as_deref()
        .filter(|from| *from != s.provider_id)
        .and_then(|from| catalog.provider(from))
        .map(|p| (p.id.as_ref(), data_gb, p.egress_usd(data_gb)));
    let weights_gb = if inputs.export_weights {
        state.export_gb
    } else {
        0.0
    };
    let out_usd = |from: f64, to: f64| {
        provider.map_or(0.0, |p| {
            p.egress_bands_between(from, to)
                .iter()
                .map(crate::data::catalog::BilledBand::usd)
                .sum()
        })
    };
    let weights_egress = inputs
        .export_weights
        .then(|| (weights_gb, out_usd(0.0, weights_gb)));
    let corpus_egress = inputs
        .corpus_out
        .then(|| (data_gb, out_usd(weights_gb, weights_gb + data_gb)));
    let seq_len = s.seq_len;
    let act = activation_gb_per_gpu(s.params, seq_len);
    let fit = |m| min_gpus_with_activations(s.param_count().all(), m, e.accelerator.memory_gb, act);
    OverheadEstimate {
        network,
        instance,
        gpus_per_node: r.gpus_per_node,
        link_gb_s: r.link_gb_s(),
        node_gb_s: r.network_gb_s,
        state,
        sync_time: comm,
        moe: r.moe,
        step_bubble_seconds: comp * comm.layout.bubble,
        step_compute_seconds: comp,
        step_comm_seconds: comm.total_s(),
        scaling_efficiency: eta,
        spot_applied: spot.is_some(),
        spot_offered: terms.is_some(),
        spot_breakeven_gpus: spot_breakeven_gpus(s, knobs, catalog, MAX_SWEEP_GPUS),
        spot_discount: discount,
        spot_capacity_gpus: terms.map(|(_, _, c, _)| c),
        spot_wait_hours: spot.map_or(0.0, |(.., w)| w),
        spot_wait_waste: wait_waste,
        effective_mtbf_gpu_hours: effective_mtbf,
        preemption_mtbf_gpu_hours: preemption,
        across_slices: r
            .slices
            .filter(|(chips, ..)| gpus > *chips)
            .map(|(chips, _, dcn)| (chips, dcn)),
        max_gpus: max_gpus(catalog, s),
        failures,
        usd_per_gpu_hour: price,
        effective_gpu_hours: effective,
        billed_gpu_hours: billed,
        billed_days,
        activation_seq_len: seq_len,
        activation_gb: act,
        memory: s.kind.training_memory(),
        min_gpus: fit(s.kind.training_memory()),
        min_gpus_full: fit(TrainingMemory::Full),
        min_gpus_lora: fit(TrainingMemory::Lora),
        min_gpus_qlora: fit(TrainingMemory::Qlora),
        checkpoint_gb: ckpt_gb,
        dataset_gb: data_gb,
        storage_usd_per_gb_month: storage_price,
        stored_gb,
        storage_free_gb,
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
    s: &Job,
    knobs: &OverheadInputs,
    e: &Estimate,
    network: Option<&Network>,
    mtbf_gpu_hours: f64,
    catalog: &Catalog,
) -> Resolved {
    let spot_wait = spot_terms(s, catalog)
        .filter(|_| knobs.spot)
        .map(|(_, m, _, w)| (m, w));
    let gpus_per_node = gpus_per_node(catalog, &s.provider_id, &s.accelerator_id);
    let work = s.work();
    let all = s.param_count().all();
    let (hidden, layers) = base_model_for(catalog, all)
        .map_or_else(|| transformer_shape(s.params), |m| (m.hidden, m.layers));
    // An adapter fine-tune of a mixture trains no expert: its base is held like a dense one's.
    let moe = (!s.kind.uses_adapter())
        .then(|| moe_of(s, catalog))
        .flatten();
    Resolved {
        flops_per_token: work
            .kind
            .flops_per_param_token_with(work.reference_precomputed, work.checkpointing)
            * s.params,
        state: trained_state(s, catalog, e.accelerator.memory_gb),
        peak_flops_per_s: e.accelerator.peak_flops_per_s(),
        mfu: s.mfu,
        ideal_gpu_hours: e.gpu_hours,
        intra_gb_s: e.accelerator.intra_node_gb_s,
        gpus_per_node,
        // A provider listing no network: nothing to wait for (validated catalogs always list one).
        network_gb_s: network.map_or(f64::INFINITY, |n| {
            n.node_gb_s(gpus_per_node) * NETWORK_EFFICIENCY
        }),
        overlap: knobs.overlap,
        a2a_overlap: knobs.a2a_overlap,
        reference_bytes: if s.kind == crate::input::kind::WorkloadKind::Dpo {
            2.0 * all
        } else {
            0.0
        },
        batch_tokens: s.batch_tokens,
        recipe_tokens: recipe_batch_tokens(s.kind, s.params, s.seq_len),
        seq_len: s.seq_len,
        memory_gb: e.accelerator.memory_gb,
        state_gb: s.kind.bytes_per_param() * all / 1e9,
        activation_gb: activation_gb_per_gpu(s.params, s.seq_len),
        hidden,
        layers,
        moe,
        slices: slices(catalog, s, network),
        mtbf_gpu_hours,
        write_hours: knobs.checkpoint_write_minutes / 60.0,
        restart_hours: knobs.restart_minutes / 60.0,
        spot_wait,
    }
}

/// A sliced accelerator's (TPU's) slice: (chips in a slice, the chip-to-chip network one way per
/// chip, GB/s, the data-centre network of a whole slice, GB/s), when its instance has slices and
/// the catalog gives the network between them.
fn slices(catalog: &Catalog, s: &Job, network: Option<&Network>) -> Option<(f64, f64, f64)> {
    let i = catalog.instance(&s.provider_id, &s.accelerator_id)?;
    let chips = f64::from(i.slice_gpus?);
    let dcn = catalog.between_slices_network(&s.provider_id, &s.accelerator_id)?;
    // The DCN per host (per node) or per chip, over every host or chip of the slice.
    let per_slice = if dcn.per_node {
        dcn.gb_per_s * chips / f64::from(i.gpus_per_instance.max(1))
    } else {
        dcn.gb_per_s * chips
    };
    let ici = network.map_or(f64::INFINITY, |n| {
        if n.per_node {
            n.gb_per_s / f64::from(i.gpus_per_instance.max(1))
        } else {
            n.gb_per_s
        }
    });
    Some((chips, ici * LINK_EFFICIENCY, per_slice * NETWORK_EFFICIENCY))
}

/// The most accelerators one job can rent of this instance at this provider, where a source says.
pub fn max_gpus(catalog: &Catalog, s: &Job) -> Option<u32> {
    catalog
        .instance(&s.provider_id, &s.accelerator_id)
        .and_then(|i| i.max_gpus)
}

/// A node network at least this fast (GB/s, 1.6 Tb/s) counts as a training fabric when the GPU
/// sweep picks a network to contrast with the chosen one.
pub const FAST_NODE_GB_S: f64 = 200.0;

/// The network the GPU sweep draws beside the chosen one, and whether this instance offers it: the
/// offered network whose per-node bandwidth differs most from the chosen one's; where the instance
/// offers only one, plain 25 Gb/s Ethernet when the chosen network is a fast fabric, InfiniBand NDR
/// when it is not (drawn as "not offered here").
pub fn contrasting_network<'c>(
    catalog: &'c Catalog,
    s: &Job,
    o: &OverheadEstimate,
) -> Option<(&'c Network, bool)> {
    let g = o.gpus_per_node;
    let chosen = o.network.map(|n| n.node_gb_s(g));
    let spread = |n: &Network| chosen.map_or(0.0, |c| (n.node_gb_s(g) / c).ln().abs());
    let best = offered_networks(catalog, &s.provider_id, &s.accelerator_id)
        .iter()
        .filter_map(|id| catalog.network(id))
        .filter(|n| o.network.is_none_or(|c| c.id != n.id))
        .fold(None::<&Network>, |best, n| match best {
            Some(b) if spread(b) >= spread(n) => Some(b),
            _ => Some(n),
        });
    if let Some(n) = best {
        return Some((n, true));
    }
    let fast = chosen.is_some_and(|c| c >= FAST_NODE_GB_S);
    catalog
        .network(if fast { "eth-25" } else { "ib-ndr-400" })
        .map(|n| (n, false))
}

/// One point of a cost sweep: the swept value and the GPU bill there (`None`: never finishes).
pub type SweepPoint = (f64, Option<f64>);

/// GPU bill (compute, communication and failures at the scenario's price and spot choice) against
/// the number of accelerators, for a given network: one point per entry of `gpu_counts`, `None`
/// where the count never finishes, cannot hold the training state (fewer than `min_gpus`), is more
/// than the provider rents in one job (`max_gpus`) or would take more than [`MAX_SWEEP_DAYS`].
pub fn cost_vs_gpus(
    s: &Job,
    knobs: &OverheadInputs,
    e: &Estimate,
    o: &OverheadEstimate,
    catalog: &Catalog,
    network: &Network,
    gpu_counts: &[f64],
) -> Vec<SweepPoint> {
    let r = resolve(
        s,
        knobs,
        e,
        Some(network),
        o.effective_mtbf_gpu_hours,
        catalog,
    );
    let interval = knobs.checkpoint_every_minutes.map(|m| m / 60.0);
    // A count that cannot hold the training state, or that would run longer than a year, is no
    // choice: left out, so that "cheapest" is a count one could run.
    let fits = o.min_gpus.map_or(u64::MAX, |m| m.max(1));
    let most = o.max_gpus.map_or(f64::INFINITY, f64::from);
    gpu_counts
        .iter()
        .map(|&g| {
            let billed = r
                .billed(
                    g,
                    network.node_gb_s(r.gpus_per_node) * NETWORK_EFFICIENCY,
                    interval,
                )
                .filter(|b| {
                    g >= fits as f64 && g <= most && b / (g * 24.0 * s.duty) <= MAX_SWEEP_DAYS
                });
            (g, billed.map(|b| b * o.usd_per_gpu_hour))
        })
        .collect()
}

/// The longest run the GPU sweep offers, days (a quarter: a founder's review found a "cheapest"
/// 7 GPUs that would run 350 days no answer): a count that takes longer is left out of it.
pub const MAX_SWEEP_DAYS: f64 = 90.0;

/// GPU bill against the checkpoint interval (hours), at the scenario's cluster size and network.
pub fn cost_vs_interval(
    s: &Job,
    knobs: &OverheadInputs,
    e: &Estimate,
    o: &OverheadEstimate,
    catalog: &Catalog,
    intervals_hours: &[f64],
) -> Vec<SweepPoint> {
    let r = resolve(s, knobs, e, o.network, o.effective_mtbf_gpu_hours, catalog);
    let gpus = f64::from(s.gpus);
    intervals_hours
        .iter()
        .map(|&t| {
            let billed = r.billed(gpus, r.network_gb_s, Some(t));
            (t, billed.map(|b| b * o.usd_per_gpu_hour))
        })
        .collect()
}

/// The two cost sweeps the hidden-costs section draws for a priced job.
#[derive(Clone, Debug, PartialEq)]
pub struct Sweeps<'c> {
    /// The GPU bill against the number of accelerators (48 counts on a log scale from 1 to 16×
    /// the job's, at least 1,024), per network drawn: the chosen one first, then the
    /// contrasting one ([`contrasting_network`]), with whether this instance offers it.
    pub by_gpus: Vec<(&'c Network, bool, Vec<SweepPoint>)>,
    /// The GPU bill against hours between checkpoints, 48 points from 1/8 to 8× Daly's optimum.
    pub by_interval: Vec<SweepPoint>,
    /// The bill at Daly's optimum (`None`: never finishes there).
    pub at_optimum: Option<f64>,
}

/// Both sweeps of a priced job (what the hidden-costs charts and their text alternatives read).
pub fn sweeps<'c>(
    s: &Job,
    knobs: &OverheadInputs,
    e: &Estimate,
    o: &OverheadEstimate<'c>,
    catalog: &'c Catalog,
) -> Sweeps<'c> {
    let gpus = f64::from(s.gpus);
    let hi = (gpus * 16.0).clamp(1024.0, f64::from(MAX_SWEEP_GPUS));
    let mut counts: Vec<f64> = log_space(1.0, hi, 48).into_iter().map(f64::round).collect();
    counts.dedup();
    let chosen = o.network.map(|n| (n, true));
    let other = contrasting_network(catalog, s, o);
    let by_gpus = [chosen, other]
        .into_iter()
        .flatten()
        .map(|(n, offered)| {
            (
                n,
                offered,
                cost_vs_gpus(s, knobs, e, o, catalog, n, &counts),
            )
        })
        .collect();
    let opt = o.failures.optimal_interval_hours;
    Sweeps {
        by_gpus,
        by_interval: cost_vs_interval(
            s,
            knobs,
            e,
            o,
            catalog,
            &log_space(opt / 8.0, opt * 8.0, 48),
        ),
        at_optimum: cost_vs_interval(s, knobs, e, o, catalog, &[opt])
            .first()
            .and_then(|p| p.1),
    }
}

/// The estimate as the page shows it once the hidden costs are known: its wall-clock time from
/// the GPU-hours billed (communication and failures included), so it agrees with the job's dates
/// in the plan (issue 43); the compute figures stay "before hidden costs".
pub fn with_hidden_costs<'c>(e: &Estimate<'c>, o: &OverheadEstimate) -> Estimate<'c> {
    let mut shown = e.clone();
    if let Some(b) = o.billed_gpu_hours {
        shown.billed_gpu_hours = Some(b);
        shown.wall_clock_days = o.billed_days;
    }
    shown
}

/// The same job at every provider that rents its accelerator, each at its list price on its own
/// default network (the chosen one where offered), with spot where asked for and sold: (provider
/// id, name, compute alone, everything: compute, communication, failures, storage and egress;
/// `None` when the run never finishes there), cheapest in all first (those that never finish
/// last). What the provider chart ranks.
pub fn whole_cost_by_provider<'c>(
    s: &Job,
    knobs: &OverheadInputs,
    catalog: &'c Catalog,
) -> Vec<(&'c str, &'c str, f64, Option<f64>)> {
    let mut out: Vec<(&str, &str, f64, Option<f64>)> = catalog
        .offers(&s.accelerator_id)
        .filter_map(|offer| {
            let p = catalog.provider(&offer.provider)?;
            let job = Job {
                provider_id: p.id.to_string(),
                price_override_usd_per_gpu_hour: None,
                ..s.clone()
            };
            let e = crate::estimators::cost::estimate(&job, catalog).ok()?;
            let o = estimate_overheads(&job, knobs, &e, catalog);
            Some((p.id.as_ref(), p.name.as_ref(), o.compute_usd, o.total_usd()))
        })
        .collect();
    out.sort_by(|a, b| {
        let key = |x: &(&str, &str, f64, Option<f64>)| x.3.unwrap_or(f64::INFINITY);
        key(a).total_cmp(&key(b))
    });
    out
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
pub fn spot_breakeven_gpus(
    s: &Job,
    knobs: &OverheadInputs,
    catalog: &Catalog,
    max_gpus: u32,
) -> Option<u32> {
    let (discount, spot_mtbf, _, wait_hours) = spot_terms(s, catalog)?;
    let terms = SpotTerms {
        discount,
        mtbf_gpu_hours: spot_mtbf,
        wait_hours,
    };
    let i = knobs;
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

    #[test]
    fn the_network_picker_lists_the_instances_networks_by_hand() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let options = crate::locale::with_lang(crate::locale::Lang::En, || {
            network_options(&c, "aws", "h100-sxm")
        });
        let ids: Vec<&str> = options.iter().map(|o| o.id.as_str()).collect();
        assert_eq!(
            ids,
            offered_networks(&c, "aws", "h100-sxm")
                .iter()
                .map(|t| t.as_ref())
                .collect::<Vec<&str>>()
        );
        // data/networks.json: AWS EFA at 3,200 Gb/s per p5 node is 400 GB/s for the node.
        let efa = options
            .iter()
            .find(|o| o.id == "aws-efa-3200")
            .unwrap_or_else(|| panic!("{options:?}"));
        assert_eq!(efa.node_gb_s, 400.0);
        assert_eq!(efa.name, "AWS EFA, 3,200 Gb/s per p5 node");
        assert!(efa.instance.is_some());
        // A provider the catalog does not know offers nothing.
        assert!(network_options(&c, "nobody", "h100-sxm").is_empty());
    }

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
        // 16,384 * 54 * 24 / 419 = 50,677.0 GPU-hours (Llama 3 paper); the cluster: 3.093 h.
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
        // docs/model.md "Hidden costs", the all-reduce. 7B params fully trained: S = 2 B x 7e9 =
        // 1.4e10 B of bf16 gradients; weights and gradients 4 B x 7e9 = 28 GB fit in an 80 GB
        // H100, so ZeRO-1/2: V = 2 S = 2.8e10 B. H100 NVLink 900 GB/s -> 450 GB/s each way.
        let plan = sync_plan(7e9, 2.0 * 7e9, 80.0);
        assert_eq!(plan.sharding, Sharding::Zero2);
        assert_eq!(plan.volume_bytes(), 2.8e10);
        // One node, 8 GPUs: a ring over NVLink, 7/8 x 2.8e10 / 450e9 = 0.0544444 s, plus one
        // collective's latency, 2 x log2(8) = 6 hops x 5 us = 3e-5 s.
        let one = sync_seconds(2.8e10, 8.0, 8.0, 450.0, 400.0);
        assert!(close(one.in_node_s, 0.0544444, 1e-5) && one.across_s == 0.0);
        assert!(close(one.total_s(), 0.0544744, 1e-5));
        // Two nodes of 8 (16 GPUs) on 8 x 400 Gb/s InfiniBand = 400 GB/s per node: each GPU
        // sends 15/16 x 2.8e10 = 2.625e10 B, over NVLink 2.625e10 / 450e9 = 0.0583333 s and over
        // the node's network 2.625e10 / 400e9 = 0.065625 s, at once: the slower sets the pace.
        let two = sync_seconds(2.8e10, 16.0, 8.0, 450.0, 400.0);
        assert!(close(two.in_node_s, 0.0583333, 1e-5));
        assert!(close(two.across_s, 0.065625, 1e-12));
        assert!(close(two.total_s(), 0.065625 + 8.0 * 5e-6, 1e-12));
        // 64 nodes (512 GPUs): across 511/512 x 2.8e10 / 400e9 = 0.06986328 s; latency 18 hops
        // x 5 us; total 0.06995328 s. In series (the earlier model) 0.1233507 s.
        let many = sync_seconds(2.8e10, 512.0, 8.0, 450.0, 400.0);
        assert!(close(many.across_s, 0.069_863_28, 1e-6));
        assert!(close(many.total_s(), 0.069_953_28, 1e-6));
        assert!(!close(many.total_s(), 0.1233507, 0.2));
        // The flat model this replaced sent every GPU the whole ring volume over 1/8 of the
        // node's network: 2 x 511/512 x 1.4e10 / 50e9 = 0.5589 s, 8x too slow. It must not come back.
        assert!(!close(many.total_s(), 0.5589, 0.1));
        // One GPU synchronises nothing.
        assert_eq!(sync_seconds(2.8e10, 1.0, 8.0, 450.0, 400.0).total_s(), 0.0);
        // 4M tokens a step on 64 H100s at MFU 0.4: 6 * 7e9 * 4e6 / (64 * 989e12 * 0.4) = 6.6356 s.
        let comp = step_compute_seconds(6.0 * 7e9, 4e6, 64.0, 989e12, 0.4);
        assert!(close(comp, 6.63549, 1e-5));
        // Overlapped by half, 0.12 s of communication hides entirely: eta 1.
        assert_eq!(scaling_efficiency(comp, 0.12, 0.5), 1.0);
        // 8.82 s exposed with no overlap: eta = 6.635 / (6.635 + 8.82) = 0.4293.
        assert!(close(scaling_efficiency(comp, 8.82, 0.0), 0.42932, 1e-4));
    }

    #[test]
    fn zero2_and_zero3_volumes_by_hand() {
        let s_k = OverheadInputs::default();
        // ZeRO-1/2: 7B on an 80 GB GPU (28 GB of bf16 weights and gradients fit): V = 2 S.
        let z2 = sync_plan(7e9, 1.4e10, 80.0);
        assert_eq!((z2.sharding, z2.volume_bytes()), (Sharding::Zero2, 2.8e10));
        // ZeRO-3: 70B, 4 B x 70e9 = 280 GB > 80 GB. S = 1.4e11 B; weights gathered for the forward
        // and the backward pass (2 x 1.4e11) plus the gradients reduce-scattered (1.4e11):
        // V = 4.2e11 B = 3 S, the ZeRO paper's 1.5x of an all-reduce.
        let z3 = sync_plan(70e9, 1.4e11, 80.0);
        assert_eq!(z3.sharding, Sharding::Zero3);
        assert!(close(z3.volume_bytes(), 4.2e11, 1e-12));
        assert!(close(z3.volume_bytes() / (2.0 * z3.grad_bytes), 1.5, 1e-12));
        // The boundary: 20B needs 80 GB exactly and still fits; a little more does not.
        assert_eq!(sync_plan(20e9, 4e10, 80.0).sharding, Sharding::Zero2);
        assert_eq!(sync_plan(20.1e9, 4.02e10, 80.0).sharding, Sharding::Zero3);
        // On the page: the default 70B run on 16 H100s at AWS uses ZeRO-3 and says so.
        let c = catalog();
        let s = Job {
            params: 70e9,
            gpus: 16,
            ..Job::default()
        };
        let o = estimate_overheads(&s, &s_k, &default_estimate(&s, c), c);
        assert_eq!(o.state.sync.sharding, Sharding::Zero3);
        assert_eq!(o.sync_time.sharding, Sharding::Zero3);
        // ZeRO-2 would hold 2 B x 70e9 = 140 GB of bf16 weights a GPU (plus 14 B x 70e9 / 16 =
        // 61.25 GB of sharded state): over 80 GB, so ZeRO-3. 2 nodes, 16 data-parallel ranks (4M
        // tokens, 976 sequences): each GPU sends 15/16 x 4.2e11 = 3.9375e11 B, over NVLink / 369e9
        // (450 x 0.82) = 1.0670732 s, over p5's EFA (3,200 Gb/s per node, 372 GB/s effective) /
        // 372e9 = 1.0584677 s.
        assert!(close(o.sync_time.held_gb_per_gpu, 201.25, 1e-9));
        assert!(close(o.sync_time.dense.in_node_s, 1.067_073_2, 1e-6));
        assert!(close(o.sync_time.dense.across_s, 1.058_467_7, 1e-6));
    }

    #[test]
    fn lora_synchronises_and_saves_only_its_adapter() {
        let full_k = OverheadInputs::default();
        let mut out_k = OverheadInputs::default();
        let s_k = OverheadInputs::default();
        let s3_k = OverheadInputs::default();
        // Llama 3.1 8B (config.json: 32 layers, hidden 4,096, q 4,096, 8 KV heads x 128 = 1,024,
        // MLP 14,336), rank 16 on every linear layer: per layer q 4,096+4,096, k and v
        // 4,096+1,024 each, o 4,096+4,096, gate and up 4,096+14,336 each, down 14,336+4,096:
        // 8,192 + 10,240 + 8,192 + 55,296 = 81,920; x 16 x 32 = 41,943,040 adapter parameters
        // (0.52 % of 8.03e9).
        let c = catalog();
        let s = Job {
            kind: crate::input::kind::WorkloadKind::Lora,
            params: 8.03e9,
            tokens: 2e8,
            gpus: 16,
            ..Job::default()
        };
        let e = default_estimate(&s, c);
        let o = estimate_overheads(&s, &s_k, &e, c);
        assert_eq!(o.state.adapter_params, Some(41_943_040.0));
        // Checkpoints: 14 B x 41,943,040 = 0.587203 GB each, not 14 B x 8.03e9 = 112.42 GB; the
        // frozen bf16 base, 2 B x 8.03e9 = 16.06 GB, is stored once.
        assert!(close(o.checkpoint_gb, 0.58720256, 1e-9));
        assert!(close(o.state.frozen_gb, 16.06, 1e-12));
        // The all-reduce carries the adapter's gradients: S = 2 B x 41,943,040 = 83,886,080 B;
        // base 16.06 GB + those fit in 80 GB: ZeRO-1/2, V = 2 S = 167,772,160 B.
        assert_eq!(o.state.sync.sharding, Sharding::Zero2);
        assert_eq!(o.state.sync.volume_bytes(), 167_772_160.0);
        // 16 GPUs, 2 nodes of p5 (128 sequences a step, a fine-tune's default: 16 data-parallel
        // ranks): each GPU sends 15/16 x 1.6777216e8 B, over NVLink / 369e9 = 4.262504e-4 s and
        // over EFA / 372e9 = 4.228129e-4 s at once; 4 buckets of 25 MB (83.9 MB of gradients) x
        // 2 x log2(16) = 8 hops x 5 us = 1.6e-4 s of latency: 5.862504e-4 s.
        assert!(close(o.step_comm_seconds, 5.862_504e-4, 1e-6));
        // Exporting the result moves the adapter: 2 B x 41,943,040 = 0.0838861 GB.
        let out = s.clone();
        out_k.export_weights = true;
        let o = estimate_overheads(&out, &out_k, &e, c);
        assert!(close(
            o.weights_egress.map_or(f64::NAN, |w| w.0),
            0.08388608,
            1e-9
        ));
        // A size the catalog has no model for: the dense estimate, h = (128 x 3e9 / 12)^(1/3) =
        // 3,174.80, L = 24.8031; per layer q, k, v, o (h + h) x 4 = 8h and the gated MLP
        // 3 x (h + 8h/3) = 11h: 19h x 16 x L = 19 x 3,174.80 x 16 x 24.8031 = 23,938,500 (0.80 %).
        let s3 = Job {
            params: 3e9,
            ..s.clone()
        };
        let o = estimate_overheads(&s3, &s3_k, &default_estimate(&s3, c), c);
        assert!(close(
            o.state.adapter_params.unwrap_or(f64::NAN),
            23_938_500.0,
            1e-6
        ));
        // Full training of the same 8B keeps 14 B a parameter per checkpoint.
        let full = Job {
            kind: crate::input::kind::WorkloadKind::FullFinetune,
            ..s
        };
        let o = estimate_overheads(&full, &full_k, &default_estimate(&full, c), c);
        assert!(close(o.checkpoint_gb, 112.42, 1e-12));
        assert_eq!(o.state.frozen_gb, 0.0);
    }

    #[test]
    fn a_mixture_of_experts_holds_and_syncs_every_parameter() {
        let dense_k = OverheadInputs::default();
        let s_k = OverheadInputs::default();
        // DeepSeek-V3, 37B active of 671B total, trained in full on 512 H100s at AWS.
        let c = catalog();
        let s = Job {
            params: 37e9,
            params_total: Some(671e9),
            tokens: 1e12,
            gpus: 512,
            ..Job::default()
        };
        let e = default_estimate(&s, c);
        let o = estimate_overheads(&s, &s_k, &e, c);
        // FLOPs use the active count: 6 x 37e9 x 1e12 = 2.22e23.
        assert_eq!(e.train_flops, 2.22e23);
        // Memory the total: activations for one 4,096-token sequence from the active shape,
        // h = (128 x 37e9 / 12)^(1/3) = 7,335.17, L = 57.306: 4096 x 7335.17 x (2 x 57.306 + 34)
        // = 4.4650 GB; 16 B x 671e9 / (80 - 4.4650) GB = 142.13 -> 143 H100s (a single N of 37B
        // gave ceil(7.84) = 8, 18x fewer).
        assert_eq!(o.min_gpus, Some(143));
        // A checkpoint holds every weight and its optimizer state: 14 B x 671e9 = 9,394 GB.
        assert!(close(o.checkpoint_gb, 9394.0, 1e-12));
        // 4 B x 671e9 = 2,684 GB cannot fit in 80 GB: ZeRO-3 over the total, V = 3 x 2 x 671e9.
        assert_eq!(o.state.sync.sharding, Sharding::Zero3);
        assert!(close(o.state.sync.volume_bytes(), 4.026e12, 1e-12));
        // The same model typed as a dense 37B would be far off: that is what this test guards.
        let dense = Job {
            params_total: None,
            ..s.clone()
        };
        let d = estimate_overheads(&dense, &dense_k, &default_estimate(&dense, c), c);
        assert_eq!(d.min_gpus, Some(8));
    }

    #[test]
    fn the_lora_rank_is_the_jobs_and_travels_in_its_token() {
        let s_k = OverheadInputs::default();
        use crate::document::workloads::{encode_job, parse_job};
        let c = catalog();
        // Rank 64 on Llama 3.1 8B: 4 x 41,943,040 = 167,772,160 adapter parameters; a checkpoint
        // 14 B x 167,772,160 = 2.348810 GB.
        let j = parse_job("lora:8.03B:20M:modal:h100-sxm:1:0:3:1:0.4:1::64", 0, c)
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(j.lora_rank, 64.0);
        assert_eq!(
            encode_job(&j),
            "lora:8.03B:20M:modal:h100-sxm:1:0:3:1:0.4:1::64"
        );
        let s = j.clone();
        let o = estimate_overheads(&s, &s_k, &default_estimate(&s, c), c);
        assert_eq!(o.state.adapter_params, Some(167_772_160.0));
        assert!(close(o.checkpoint_gb, 2.34881024, 1e-9));
        // A token without a rank is rank 16 and writes none back; a bad rank names the field.
        let j =
            parse_job("lora:8.03B:20M:modal:h100-sxm:1", 0, c).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(j.lora_rank, 16.0);
        assert_eq!(
            encode_job(&j),
            "lora:8.03B:20M:modal:h100-sxm:1:0:1:1:0.4:1"
        );
        let e = parse_job("lora:8B:20M:modal:h100-sxm:1:0:3:1:0.4:1::2000", 0, c).unwrap_err();
        assert!(e.to_string().contains("LoRA rank"), "{e}");
    }

    #[test]
    fn the_sweep_contrasts_an_offered_network_where_there_is_one() {
        let s_k = OverheadInputs::default();
        let c = catalog();
        let pick = |provider: &str| {
            let s = Job {
                provider_id: provider.into(),
                ..Job::default()
            };
            let o = estimate_overheads(&s, &s_k, &default_estimate(&s, c), c);
            contrasting_network(c, &s, &o).map(|(n, offered)| (n.id.to_string(), offered))
        };
        // p5 offers EFA (400 GB/s a node, chosen) and 100 Gb/s Ethernet: the Ethernet, offered.
        assert_eq!(pick("aws"), Some(("eth-100".into(), true)));
        // CoreWeave's HGX H100 offers only InfiniBand (400 GB/s a node, fast): 25 Gb/s Ethernet,
        // not offered there; Lambda's on-demand instance only Ethernet: InfiniBand, not offered.
        assert_eq!(pick("coreweave"), Some(("eth-25".into(), false)));
        assert_eq!(pick("lambda"), Some(("ib-ndr-400".into(), false)));
    }

    #[test]
    fn bus_bandwidth_matches_nccl_tests_across_nodes() {
        // NVIDIA/nccl-tests issue 119: all_reduce across 3 nodes of 8 A100 (NVLink 600 GB/s, 300
        // each way) with 4 x 200 Gb/s cards = 100 GB/s per node measured 85-96 GB/s bus bandwidth.
        // The model: t = 2S [7/8 / 300 + 2/3 / 100] e-9 = 0.0191667e-9 S; busbw = S / t x 2 x
        // 23/24 = 100.0 GB/s: the node's whole network, within 15 % of every measurement.
        // Pipelined: each GPU sends 23/24 x 2e9 = 1.9166667e9 B, over NVLink / 300e9 = 6.39e-3 s
        // and over the network / 100e9 = 0.0191667 s at once, plus 2 x ceil(log2 24) = 10 hops
        // x 5 us of latency: busbw = 1.9166667e9 / 0.0192167 s = 99.74 GB/s.
        let bus = implied_bus_gb_s(1e9, 24.0, 8.0, 300.0, 100.0);
        assert!(close(bus, 1.916_666_7 / 0.019_216_667, 1e-6), "{bus}");
        for measured in [85.0, 96.0] {
            assert!((bus - measured).abs() <= 0.15 * bus, "{bus} vs {measured}");
        }
        // The flat model (every GPU the whole gradient over 1/8 of the node's network) implied
        // 12.5 GB/s, 8x below the measurement.
        let flat_t = 2.0 * 23.0 / 24.0 * 1e9 / (100e9 / 8.0);
        let flat_bus = 1e9 / flat_t * 2.0 * 23.0 / 24.0 / 1e9;
        assert!(close(flat_bus, 12.5, 1e-9));
        assert!((flat_bus - 85.0).abs() > 0.15 * 85.0);
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

    #[test]
    fn the_sweeps_draw_the_chosen_network_first_and_the_optimum_at_its_lowest() {
        // The default job (64 H100 at AWS): the GPU sweep runs from 1 to 16 x 64 = 1,024 GPUs
        // (at least 1,024) on p5's EFA first, then a contrasting network; the interval sweep
        // spans 1/8 to 8x Daly's optimum, and the bill there is below both ends.
        let c: &'static Catalog = Box::leak(Box::new(
            Catalog::builtin().unwrap_or_else(|e| panic!("{e}")),
        ));
        let (s, k) = (Job::default(), OverheadInputs::default());
        let e = default_estimate(&s, c);
        let o = estimate_overheads(&s, &k, &e, c);
        let w = sweeps(&s, &k, &e, &o, c);
        assert_eq!(w.by_gpus.len(), 2);
        assert_eq!(w.by_gpus[0].0.id.as_ref(), "aws-efa-3200");
        assert!(w.by_gpus[0].1);
        let xs: Vec<f64> = w.by_gpus[0].2.iter().map(|p| p.0).collect();
        assert_eq!((xs[0], xs[xs.len() - 1]), (1.0, 1024.0));
        assert!(xs.windows(2).all(|p| p[0] < p[1]), "{xs:?}");
        // At 1,024 GPUs the sweep's bill is the GPU bill of the same job priced on 1,024 GPUs.
        let big = Job {
            gpus: 1024,
            ..s.clone()
        };
        let eb = default_estimate(&big, c);
        let bill = estimate_overheads(&big, &k, &eb, c).gpu_bill_usd();
        let at = w.by_gpus[0].2.last().and_then(|p| p.1).unwrap_or(f64::NAN);
        assert!((at - bill).abs() < 1e-9 * bill, "{at} {bill}");
        assert_eq!(w.by_interval.len(), 48);
        let opt = w.at_optimum.unwrap_or(f64::NAN);
        let ends = [w.by_interval[0].1, w.by_interval[47].1].map(|v| v.unwrap_or(f64::NAN));
        assert!(opt < ends[0] && opt < ends[1], "{opt} {ends:?}");
    }

    fn default_estimate(s: &Job, c: &'static Catalog) -> Estimate<'static> {
        crate::estimators::cost::estimate(s, c).unwrap_or_else(|e| panic!("{e:?}"))
    }

    fn catalog() -> &'static Catalog {
        Box::leak(Box::new(
            Catalog::builtin().unwrap_or_else(|e| panic!("{e}")),
        ))
    }

    #[test]
    fn a_long_context_job_holds_more_activations() {
        // The job's sequence length sizes the activations (Korthikanti et al. 2022, full
        // recomputation): s * h * (2L + 34) bytes, linear in s. A 70B model (h = (128 * 70e9 /
        // 12)^(1/3) = 9,072.2, L = 70.88): 4,096 tokens -> 4096 * 9072.2 * (2 * 70.88 + 34) =
        // 6.5308 GB; 32,768 tokens (a long-context fine-tune) -> 8x = 52.247 GB, so 16 bytes a
        // parameter (1,120 GB) need ceil(1120 / (80 - 6.53)) = 16 H100s at 4K but
        // ceil(1120 / (80 - 52.25)) = 41 at 32K.
        let (c, k) = (catalog(), OverheadInputs::default());
        let short = Job {
            params: 70e9,
            ..Job::default()
        };
        let long = Job {
            seq_len: 32_768.0,
            ..short.clone()
        };
        let o4 = estimate_overheads(&short, &k, &default_estimate(&short, c), c);
        let o32 = estimate_overheads(&long, &k, &default_estimate(&long, c), c);
        assert_eq!(
            (o4.activation_seq_len, o32.activation_seq_len),
            (4096.0, 32_768.0)
        );
        assert!(
            close(o4.activation_gb, 6.5308, 1e-4),
            "{}",
            o4.activation_gb
        );
        assert!(
            close(o32.activation_gb, 52.247, 1e-4),
            "{}",
            o32.activation_gb
        );
        assert_eq!((o4.min_gpus, o32.min_gpus), (Some(16), Some(41)));
        // Past one accelerator's memory: no fit without tensor or sequence parallelism.
        let huge = Job {
            seq_len: 131_072.0,
            ..short
        };
        assert_eq!(
            estimate_overheads(&huge, &k, &default_estimate(&huge, c), c).min_gpus,
            None
        );
    }

    #[test]
    fn default_run_overheads_by_hand() {
        let mut s_k = OverheadInputs::default();
        let c = catalog();
        let mut s = Job::default();
        s_k.data_on_provider = Some("gcp".into());
        let e = default_estimate(&s, c);
        // 64 H100 at AWS (EFA, 400 GB/s per node): step compute 6.6355 s (4M tokens), all-reduce
        // 7/8 x 2.8e10 / 450e9 + 7/8 x 2.8e10 / 400e9 = 0.116 s, under half the compute: eta = 1.
        let o = estimate_overheads(&s, &s_k, &e, c);
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
        // GCP, one month's, by its tiers: 100 GB free + 924 GB (to 1,024) x $0.12 + 6,976 GB (to
        // 8,000) x $0.11 = $110.88 + $767.36 = $878.24, billed by GCP (flat $0.12: $960).
        assert!(close(o.billed_days, 38.9734, 1e-5));
        assert!(close(o.storage_usd, 244.427, 1e-5));
        assert_eq!(o.dataset_egress, Some(("gcp", 8000.0, 878.24)));
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
            59_863.246 * 6.88 + 244.427 + 878.24,
            1e-6
        ));
        // On 25 Gb/s Ethernet per card (25 GB/s per 8-GPU node, 23.25 effective) 64 GPUs still
        // hide it: 63/64 x 2.8e10 / 23.25e9 = 1.1855 s < 3.3177 s. At 1,024 GPUs (128 nodes) the
        // default batch is one sequence a GPU, 1,024 x 4,096 = 4,194,304 tokens: t_comp =
        // 0.4348635 s; t_comm = max(1023/1024 x 2.8e10 / 369e9, 1023/1024 x 2.8e10 / 23.25e9 =
        // 1.2031250 s) + 32.8977 layers x 20 hops x 5 us = 1.2064148 s; exposed 1.2064148 −
        // 0.2174317 = 0.9889830 s; eta = 0.4348635 / 1.4238465 = 0.305415; M = 50,677 / 1,024 =
        // 49.489 h, Daly 2.81668 h, waste 0.0614109: billed 58,982.137 / 0.305415 / 0.9385891 x
        // $6.88 = $1,415,610, of which communication is 69 %.
        // AWS's p5 does not offer eth-25, so the id falls back to p5's EFA.
        let eth = c.network("eth-25").unwrap_or_else(|| panic!("eth-25"));
        let slow = cost_vs_gpus(&s, &s_k, &e, &o, c, eth, &[64.0, 1024.0]);
        let fast = 58_982.137 / (1.0 - 0.0147187) * 6.88;
        assert!(close(slow[0].1.unwrap_or(f64::NAN), fast, 1e-5));
        assert!(close(slow[1].1.unwrap_or(f64::NAN), 1_415_610.1, 1e-5));
        s_k.network_id = Some("eth-25".into());
        assert_eq!(
            estimate_overheads(&s, &s_k, &e, c)
                .network
                .map(|n| n.id.as_ref()),
            Some("aws-efa-3200")
        );
        s.provider_id = "lambda".into();
        let e = default_estimate(&s, c);
        let lambda = estimate_overheads(&s, &s_k, &e, c);
        assert_eq!(lambda.scaling_efficiency, 1.0);
        // (Lambda's on-demand instances are on Ethernet only: its 1-Click Clusters with
        // InfiniBand are not in the catalog.)
        assert_eq!(lambda.network.map(|n| n.id.as_ref()), Some("eth-25"));
        let s = Job { gpus: 1024, ..s };
        let on_eth = estimate_overheads(&s, &s_k, &default_estimate(&s, c), c);
        assert!(close(on_eth.scaling_efficiency, 0.305_415, 1e-5));
        // CoreWeave's HGX H100 on InfiniBand NDR (50 GB/s per card, 400 GB/s per node, 372
        // effective) at 1,024: max(1023/1024 x 2.8e10 / 369e9 = 0.0758067, 0.0751953) +
        // 0.0032898 = 0.0790964 s < 0.2174317 s: hidden.
        let mut cw = s.clone();
        cw.provider_id = "coreweave".into();
        let mut cw_k = s_k.clone();
        cw_k.network_id = None;
        let ib = estimate_overheads(&cw, &cw_k, &default_estimate(&cw, c), c);
        assert_eq!(ib.network.map(|n| n.id.as_ref()), Some("ib-ndr-400"));
        assert!(close(ib.step_comm_seconds, 0.079_096_4, 1e-5));
        assert_eq!(ib.scaling_efficiency, 1.0);
        let slow = on_eth;
        assert!(slow.communication_usd > 2.0 * slow.compute_usd);
    }

    #[test]
    fn exporting_weights_is_billed_by_the_training_provider() {
        let mut s_k = OverheadInputs::default();
        // 7B weights in bf16: 14 GB, inside AWS's 100 GB of free egress a month: $0 (the flat
        // model billed 14 GB x $0.09 = $1.26).
        let c = catalog();
        let s = Job::default();
        s_k.export_weights = true;
        let o = estimate_overheads(&s, &s_k, &default_estimate(&s, c), c);
        assert_eq!(o.weights_egress, Some((14.0, 0.0)));
        assert_eq!(o.dataset_egress, None);
    }

    #[test]
    fn spot_by_hand() {
        let mut s_k = OverheadInputs::default();
        // AWS spot: 60 % off, reclaims as 29,200 GPU-hours per GPU. Combined with the Llama 3 MTBF:
        // 1 / (1/50,677.0 + 1/29,200) = 18,525.59 h; on 64 GPUs M = 289.46 h, Daly 6.8903 h,
        // waste 0.08333/6.8903 + (3.4452 + 0.16667)/289.46 = 0.024572. Each reclaim also waits
        // 60 min for capacity: W / M_spot = 1 h / (29,200 / 64 = 456.25 h) = 0.0021918; waste
        // 0.0267638. Billed 58,982.14 / 0.9732362 = 60,604.13 h at $6.88 * 0.4 = $2.752:
        // $166,782.57 (without the wait it was $166,407.81).
        let c = catalog();
        let mut s = Job::default();
        s_k.spot = true;
        let o = estimate_overheads(&s, &s_k, &default_estimate(&s, c), c);
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
        let o = estimate_overheads(&s, &s_k, &default_estimate(&s, c), c);
        assert!(!o.spot_applied);
        assert_eq!(o.spot_discount, 0.0);
        assert_eq!(o.effective_mtbf_gpu_hours, LLAMA3_MTBF_GPU_HOURS);
    }

    #[test]
    fn spot_stops_paying_at_a_cluster_size() {
        let none_k = OverheadInputs::default();
        let s_k = OverheadInputs::default();
        let mut slow_k = OverheadInputs::default();
        // With the defaults and AWS's 60-minute capacity wait per reclaim (W / M_spot added to the
        // spot waste), spot's (1 - 0.6) / (1 - waste_spot) first reaches on-demand's
        // 1 / (1 - waste) at 9,106 GPUs (Python re-implementation of the same formulas:
        // 9,105: 1.255111 < 1.255156; 9,106: 1.255344 > 1.255176). Without the wait it was 27,825.
        let c = catalog();
        let s = Job::default();
        assert_eq!(spot_breakeven_gpus(&s, &s_k, c, 100_000), Some(9_106));
        assert_eq!(spot_breakeven_gpus(&s, &s_k, c, 8_000), None);
        // Hour-long restarts and half-hour writes make spot stop paying far sooner.
        let slow = s.clone();
        slow_k.restart_minutes = 60.0;
        slow_k.checkpoint_write_minutes = 30.0;
        let g = spot_breakeven_gpus(&slow, &slow_k, c, 100_000).unwrap_or(0);
        assert!((1..9_106).contains(&g), "{g}");
        let mut none = s.clone();
        none.provider_id = "lambda".into();
        assert_eq!(spot_breakeven_gpus(&none, &none_k, c, 100_000), None);
    }

    #[test]
    fn activations_and_memory_fit() {
        // 70B: h = 9,072, L = 70.9: 4096 * 9072 * (141.8 + 34) = 6.531 GB; 1,120 GB of state over
        // 80 - 6.53 GB: ceil(15.24) = 16 H100s (14 before activations).
        let act = activation_gb_per_gpu(70e9, Job::default().seq_len);
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
        let s_k = OverheadInputs::default();
        // The GPU bill against the checkpoint interval is U-shaped with its minimum at Daly's
        // optimum (first-order waste is minimised by Young's, within a fraction of a percent).
        let c = catalog();
        let s = Job {
            gpus: 4096,
            ..Job::default()
        };
        let e = default_estimate(&s, c);
        let o = estimate_overheads(&s, &s_k, &e, c);
        let opt = o.failures.optimal_interval_hours;
        let pts = cost_vs_interval(&s, &s_k, &e, &o, c, &[opt / 4.0, opt, opt * 4.0]);
        let cost = |i: usize| pts[i].1.unwrap_or(f64::NAN);
        assert!(cost(1) < cost(0) && cost(1) < cost(2), "{pts:?}");
        assert!(close(cost(1), o.gpu_bill_usd(), 1e-12));
        // log_space includes both ends.
        let xs = log_space(1.0, 1000.0, 4);
        assert!(close(xs[1], 10.0, 1e-12) && close(xs[3], 1000.0, 1e-12));
    }

    #[test]
    fn a100s_on_aws_use_p4d_efa_not_p5s() {
        let mut asked_k = OverheadInputs::default();
        let s_k = OverheadInputs::default();
        // 512 A100 40GB on AWS (p4d.24xlarge), the default 7B / 2T run, 4M tokens a step, MFU
        // 0.4, overlap 0.5. p4d's EFA is 400 Gb/s = 50 GB/s per 8-GPU node; NVLink 600 GB/s, 300
        // each way. 28 GB of weights and gradients fit in 40 GB: ZeRO-1/2, V = 2 x 1.4e10 B.
        // t_comp = 6 * 7e9 * 4e6 / (512 * 312e12 * 0.4) = 1.68e17 / 6.38976e16 = 2.629207 s;
        // 64 nodes, 512 data-parallel ranks (4M tokens = 976 sequences): each GPU sends 511/512
        // x 2.8e10 = 2.7945e10 B, over NVLink / 246e9 (300 x 0.82) = 0.1135988 s and over the
        // node's network / 46.5e9 (50 x 0.93) = 0.6009745 s at once; latency 32.896 layers x 18
        // hops x 5 us = 2.96079e-3 s; t_comm = 0.6039353 s < 0.5 x 2.629207: hidden, eta = 1.
        // (The flat model gave 4.47125 s and eta 0.454420: it must not come back.)
        let c = catalog();
        let s = Job {
            accelerator_id: "a100-40gb".into(),
            gpus: 512,
            ..Job::default()
        };
        let e = default_estimate(&s, c);
        let o = estimate_overheads(&s, &s_k, &e, c);
        assert_eq!(o.network.map(|n| n.id.as_ref()), Some("aws-efa-400"));
        assert_eq!(
            o.instance.map(|i| i.instance.as_ref()),
            Some("p4d.24xlarge")
        );
        assert!(close(o.step_compute_seconds, 2.629207, 1e-6));
        assert!(close(o.sync_time.dense.in_node_s, 0.113_598_8, 1e-6));
        assert!(close(o.sync_time.dense.across_s, 0.600_974_5, 1e-6));
        assert!(close(o.step_comm_seconds, 0.603_935_3, 1e-5));
        assert_eq!(o.scaling_efficiency, 1.0);
        // H = 8.4e22 / (312e12 * 0.4) / 3600 = 186,965.81 GPU-h; M = 50,677 / 512 = 98.98 h,
        // waste 0.0427227; billed 186,965.81 / 1.0 / 0.9572773 = 195,309.98 GPU-h (the flat model
        // billed 429,800.70, 2.2x as much).
        assert!(close(
            o.billed_gpu_hours.unwrap_or(f64::NAN),
            195_309.98,
            1e-6
        ));
        assert!(close(
            o.gpu_bill_usd(),
            195_309.98 * e.price.usd_per_gpu_hour(),
            1e-6
        ));
        // p5's network is not offered for p4d: the link's id falls back to p4d's EFA.
        let asked = s.clone();
        asked_k.network_id = Some("aws-efa-3200".into());
        let o = estimate_overheads(&asked, &asked_k, &e, c);
        assert_eq!(o.network.map(|n| n.id.as_ref()), Some("aws-efa-400"));
        // Per node: Azure's ND A100 v4 has 200 Gb/s per card x 8 = 200 GB/s; OCI's BM.GPU4.8 1,600
        // Gb/s per node = 200 GB/s; GCP's H100 VM is a3-high (800 Gb/s per 8-GPU VM = 100 GB/s), not
        // a3-mega; AWS p5 3,200 Gb/s = 400 GB/s.
        let bw = |p: &str, a: &str| {
            network_for(c, p, a, None).map(|n| n.node_gb_s(gpus_per_node(c, p, a)))
        };
        assert_eq!(bw("azure", "a100-40gb"), Some(200.0));
        assert_eq!(bw("oracle", "a100-40gb"), Some(200.0));
        assert_eq!(bw("gcp", "h100-sxm"), Some(100.0));
        assert_eq!(bw("aws", "h100-sxm"), Some(400.0));
    }

    #[test]
    fn trainium_nodes_hold_sixteen_chips() {
        let s_k = OverheadInputs::default();
        // trn1.32xlarge holds 16 chips: 16 stay on NeuronLink (384 GB/s, half each way = 192 GB/s,
        // 157.44 as NCCL-style collectives move it at 82 %); 32 are two nodes on EFA, 800 Gb/s =
        // 100 GB/s per 16-chip node, 93 GB/s effective.
        let c = catalog();
        let s = Job {
            accelerator_id: "trn1".into(),
            gpus: 16,
            ..Job::default()
        };
        let o = estimate_overheads(&s, &s_k, &default_estimate(&s, c), c);
        assert_eq!(o.gpus_per_node, 16.0);
        assert!(close(o.link_gb_s, 192.0 * 0.82, 1e-12), "{}", o.link_gb_s);
        assert_eq!(o.sync_time.nodes, 1.0);
        let s = Job { gpus: 32, ..s };
        let o = estimate_overheads(&s, &s_k, &default_estimate(&s, c), c);
        assert_eq!(o.sync_time.nodes, 2.0);
        assert!(close(o.node_gb_s, 93.0, 1e-12), "{}", o.node_gb_s);
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
        let mut s_k = OverheadInputs::default();
        let c = catalog();
        let s = Job::default();
        s_k.data_on_provider = Some("gcp".into());
        s_k.data_format = DataFormat::Tokens;
        s_k.corpus_out = true;
        let o = estimate_overheads(&s, &s_k, &default_estimate(&s, c), c);
        // Tokenised, 32K vocabulary: 2T x 2 B = 4,000 GB in from GCP: 100 GB free + 924 GB x
        // $0.12 + 2,976 GB x $0.11 = $438.24; and out of AWS at the end: 100 GB free + 3,900 GB x
        // $0.09 = $351 (flat: $480 and $360, $840 in all).
        assert_eq!(o.dataset_egress, Some(("gcp", 4000.0, 438.24)));
        assert_eq!(o.corpus_egress, Some((4000.0, 351.0)));
        assert!(close(o.egress_usd(), 789.24, 1e-12));
        // Storage: (3 x 98 + 4,000) GB x $0.023 x 38.97346 days / 30.41667 = $126.546.
        assert!(close(o.storage_usd, 126.546, 1e-5));
    }
}
