//! How one optimizer step of a training job is laid out on its cluster and what it communicates
//! (issue 43): the global batch, the data-, tensor-, pipeline- and expert-parallel degrees it
//! implies, and the time of each collective as NCCL runs it. Pure arithmetic; `overheads` prices it.
//!
//! All-reduce: NCCL streams chunks around rings that cross the node's NVLink and its network cards
//! at once, so the slower of the two sets the pace: t = max(in-node, across-node) + latency, and
//! the bus bandwidth nccl-tests reports comes out at min(B_link, B_node), each at what NCCL moves
//! of its line rate. Checked in the tests against nccl-tests ring figures ([`NCCL_CHECKS`]).

use crate::data::catalog::{BaseModel, Catalog};
use crate::input::job::Job;
use crate::input::kind::WorkloadKind;

/// What NCCL moves over NVLink of its line rate: "450GB/s is the line rate. With the protocol
/// overhead (~20%) NCCL can get an effective NVLink bandwidth of 370GB/s" (NVIDIA/nccl-tests issue
/// 212); A100's 12 links, 25 GB/s each way, reach about 20 effective (issue 149). Applied to every
/// accelerator's own link (NVLink, Infinity Fabric, ICI; estimate beyond NVIDIA).
pub const LINK_EFFICIENCY: f64 = 0.82;
/// What NCCL moves over a network card of its line rate: "For NDR @ 400Gbps you should see
/// 46-48GB/s per NIC" (NVIDIA/nccl-tests issue 290), 0.92–0.96 of 50 GB/s. Applied to every node
/// network (estimate beyond InfiniBand).
pub const NETWORK_EFFICIENCY: f64 = 0.93;

/// Latency of one hop of a collective, seconds: a few microseconds over NVLink or InfiniBand
/// (NCCL's own tuning model counts base latencies of 4–7 µs per algorithm step; estimate).
pub const HOP_LATENCY_S: f64 = 5e-6;

/// Routed experts a mixture of experts is assumed to have when neither the catalog nor the job
/// says (Qwen3-235B-A22B and gpt-oss-120b: 128; estimate).
pub const DEFAULT_EXPERTS: f64 = 128.0;
/// Experts each token is routed to, by the same default (Qwen3 MoE: 8).
pub const DEFAULT_TOP_K: f64 = 8.0;

/// Sequences in a fine-tune's default batch: Tülu 3's SFT and DPO recipes use an effective batch
/// of 128 (Lambert et al. 2024, arXiv 2411.15124, tables of hyperparameters).
pub const FINETUNE_BATCH_SEQUENCES: f64 = 128.0;

/// Published pretraining batches, tokens per step against parameters, on which the default batch
/// is interpolated (log-log): GPT-3 Small 125M 0.5M and XL 1.3B 1M (Brown et al. 2020, table 2.1);
/// Llama 2 7B and 70B 4M (Touvron et al. 2023, §2.2); Llama 3 405B 16M (Llama 3 paper, §3.4.1).
pub const RECIPES: [(f64, f64); 5] = [
    (125e6, 0.5e6),
    (1.3e9, 1e6),
    (7e9, 4e6),
    (70e9, 4e6),
    (405e9, 16e6),
];

/// The batch a published recipe would use for a model of `active` parameters, tokens per step:
/// pretraining and continued pretraining from [`RECIPES`], fine-tunes 128 sequences.
pub fn recipe_batch_tokens(kind: WorkloadKind, active: f64, seq_len: f64) -> f64 {
    match kind {
        WorkloadKind::Pretrain | WorkloadKind::ContinuedPretrain => {
            let first = RECIPES[0];
            let last = RECIPES[RECIPES.len() - 1];
            if active <= first.0 {
                return first.1;
            }
            if active >= last.0 {
                return last.1;
            }
            RECIPES
                .windows(2)
                .find(|w| active <= w[1].0)
                .map_or(last.1, |w| {
                    let t = (active / w[0].0).ln() / (w[1].0 / w[0].0).ln();
                    (w[0].1.ln() + t * (w[1].1 / w[0].1).ln()).exp()
                })
        }
        _ => FINETUNE_BATCH_SEQUENCES * seq_len,
    }
}

/// Hidden size and layer count of a dense transformer with `params` parameters, from N ≈ 12·L·h²
/// and the usual aspect ratio h ≈ 128·L (Llama 2 7B: 4,096 / 32; GPT-3: 12,288 / 96).
pub fn transformer_shape(params: f64) -> (f64, f64) {
    let hidden = (128.0 * params / 12.0).cbrt();
    (hidden, hidden / 128.0)
}

/// A mixture of experts as the communication sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moe {
    /// Routed experts per MoE layer, E.
    pub experts: f64,
    /// Experts each token goes to, k.
    pub top_k: f64,
    /// Parameters of all routed experts: (total − active) · E / (E − k).
    pub expert_params: f64,
    /// Every other parameter (attention, embeddings, shared experts, dense layers).
    pub dense_params: f64,
    /// Hidden size h: the width of each token sent to an expert.
    pub hidden: f64,
    /// Layers with experts.
    pub moe_layers: f64,
    /// Nodes a token may be sent to at most (DeepSeek-V3's node-limited routing), if the model
    /// limits it.
    pub max_nodes_per_token: Option<f64>,
    /// Whether E, k and the shape come from a catalog base model (else typed or defaults).
    pub from_catalog: bool,
}

impl Moe {
    /// The routed experts' and the dense parameters of `total` with `active` per token, E
    /// experts, k per token: active = dense + k·e, total = dense + E·e.
    pub fn split(total: f64, active: f64, experts: f64, top_k: f64) -> (f64, f64) {
        let e = ((total - active) / (experts - top_k).max(1.0)).max(0.0);
        let expert_params = (e * experts).min(total);
        (expert_params, total - expert_params)
    }
}

/// The mixture of a job, if it is one (total above active): its catalog base model's shape, the
/// job's typed expert count and top-k, or the defaults; `None` for a dense model.
pub fn moe_of(job: &Job, catalog: &Catalog) -> Option<Moe> {
    let total = job.params_total.filter(|t| *t > job.params)?;
    let base = catalog.base_models.iter().find(|m| {
        near(m.params, total) && near(m.active_params, job.params) && m.routed_experts > 1.0
    });
    let experts = job
        .moe_experts
        .or(base.map(|m| m.routed_experts))
        .unwrap_or(DEFAULT_EXPERTS);
    let top_k = job
        .moe_top_k
        .or(base.map(|m| m.experts_per_token))
        .unwrap_or(DEFAULT_TOP_K)
        .min(experts);
    let (expert_params, dense_params) = Moe::split(total, job.params, experts, top_k);
    let (hidden, layers) = base.map_or_else(
        || transformer_shape(job.params),
        |m: &BaseModel| (m.hidden, m.moe_layers),
    );
    Some(Moe {
        experts,
        top_k,
        expert_params,
        dense_params,
        hidden,
        moe_layers: layers,
        max_nodes_per_token: base
            .and_then(|m| (m.max_nodes_per_token > 0.0).then_some(m.max_nodes_per_token)),
        from_catalog: base.is_some() && job.moe_experts.is_none() && job.moe_top_k.is_none(),
    })
}

fn near(a: f64, b: f64) -> bool {
    (a / b - 1.0).abs() <= 0.02
}

/// Why the layout uses model parallelism.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitReason {
    /// Pure data parallelism (each GPU takes whole sequences; ZeRO shards the state).
    None,
    /// Fewer sequences in a step than GPUs: tensor (and pipeline) parallelism share a sequence.
    Batch,
    /// One sequence's activations do not fit beside the sharded state: tensor parallelism splits them.
    Memory,
}

/// The parallel layout of one step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Tokens per optimizer step, B.
    pub batch_tokens: f64,
    /// Whether B was typed for this job (else the default: the recipe's, at least one sequence
    /// per GPU).
    pub batch_typed: bool,
    /// The recipe's batch for this model and kind (what the default starts from).
    pub recipe_tokens: f64,
    /// Sequences per step, B / s.
    pub sequences: f64,
    /// Tensor-parallel degree (inside a node).
    pub tp: f64,
    /// Pipeline stages (across nodes).
    pub pp: f64,
    /// Data-parallel ranks: n / (tp · pp).
    pub dp: f64,
    /// Expert-parallel degree (1 for a dense model): the degree whose step communicates least
    /// among those whose weights and sharded state fit (ZeRO-2), else the node.
    pub ep: f64,
    /// What `auto` would use: the recipe's batch, at least one sequence per GPU (the model
    /// parallelism memory needs aside).
    pub default_tokens: f64,
    /// Micro-batches per step per pipeline (one sequence each): sequences / dp.
    pub micro_batches: f64,
    /// The pipeline bubble as a fraction of the step's compute: (pp − 1) / micro-batches.
    pub bubble: f64,
    /// Why tp·pp > 1.
    pub reason: SplitReason,
}

/// The smallest power of two at least `x` (1 for x ≤ 1).
fn pow2_at_least(x: f64) -> f64 {
    if x <= 1.0 {
        1.0
    } else {
        2f64.powf(x.log2().ceil())
    }
}

/// Lays a step of `batch_tokens` (or the default) out on `gpus` in nodes of `gpus_per_node`:
/// each data-parallel rank takes at least one sequence of `seq_len`; when the step has fewer
/// sequences than GPUs, or one sequence's activations (`activation_gb`) do not fit beside the
/// sharded state (`state_gb_per_gpu`) in `memory_gb`, tensor parallelism inside the node (powers of
/// two up to the node) and then pipeline stages across nodes share each sequence. (A mixture's
/// expert-parallel degree is chosen by the estimate, which knows each degree's communication.)
#[allow(clippy::too_many_arguments)]
pub fn layout(
    batch_tokens: Option<f64>,
    recipe_tokens: f64,
    seq_len: f64,
    gpus: f64,
    gpus_per_node: f64,
    memory_gb: f64,
    state_gb_per_gpu: f64,
    activation_gb: f64,
) -> Layout {
    let n = gpus.max(1.0);
    let g = gpus_per_node.max(1.0).min(n);
    let tp_mem = if activation_gb + state_gb_per_gpu <= memory_gb {
        1.0
    } else {
        let room = (memory_gb - state_gb_per_gpu).max(memory_gb * 0.05);
        pow2_at_least(activation_gb / room).min(g)
    };
    let default_tokens = recipe_tokens.max(seq_len * (n / tp_mem).floor());
    let batch = batch_tokens.unwrap_or(default_tokens);
    let sequences = (batch / seq_len).max(1.0);
    let mp_batch = (n / sequences.floor().max(1.0)).ceil();
    let mp = mp_batch.max(tp_mem);
    let tp = pow2_at_least(mp).min(g);
    let pp = (mp / tp).ceil().max(1.0);
    let dp = (n / (tp * pp)).floor().max(1.0);
    let micro_batches = (sequences / dp).max(1.0);
    let reason = if tp * pp <= 1.0 {
        SplitReason::None
    } else if mp_batch >= tp_mem {
        SplitReason::Batch
    } else {
        SplitReason::Memory
    };
    Layout {
        batch_tokens: batch,
        batch_typed: batch_tokens.is_some(),
        recipe_tokens,
        default_tokens,
        sequences,
        tp,
        pp,
        dp,
        ep: 1.0,
        micro_batches,
        bubble: (pp - 1.0) / micro_batches,
        reason,
    }
}

/// One collective's time, seconds: its in-node and across-node parts run at once (pipelined), plus
/// latency.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Phases {
    /// Over the accelerator's link (NVLink, ICI).
    pub in_node_s: f64,
    /// Over the node's network.
    pub across_s: f64,
    /// Hops times [`HOP_LATENCY_S`].
    pub latency_s: f64,
    /// The two parts run one after the other (a TPU multislice all-reduce: reduce-scatter on the
    /// chips' interconnect, then the data-centre network), not streamed at once.
    pub staged: bool,
}

impl Phases {
    /// max(in-node, across) + latency; in-node + across + latency when staged.
    pub fn total_s(&self) -> f64 {
        if self.staged {
            self.in_node_s + self.across_s + self.latency_s
        } else {
            self.in_node_s.max(self.across_s) + self.latency_s
        }
    }
}

/// A TPU multislice all-reduce: inside each slice of `chips` a reduce-scatter and an all-gather of
/// each chip's `bytes_per_chip` (V over the model-parallel degree), (c−1)/c · V_chip / B_ICI, then
/// each chip's shard all-reduced across the `slices` over its share of the data-centre network,
/// the slice carrying every shard it holds, `bytes_per_slice`: (m−1)/m · V_slice / B_DCN of the
/// slice; one after the other ("How to Scale Your Model", TPUs chapter: multislice data
/// parallelism).
pub fn multislice_all_reduce(
    bytes_per_chip: f64,
    bytes_per_slice: f64,
    chips: f64,
    slices: f64,
    ici_gb_s: f64,
    dcn_gb_s: f64,
    calls: f64,
) -> Phases {
    if bytes_per_chip <= 0.0 {
        return Phases::default();
    }
    Phases {
        in_node_s: (chips - 1.0) / chips * bytes_per_chip / (ici_gb_s * 1e9),
        across_s: (slices - 1.0) / slices * bytes_per_slice / (dcn_gb_s * 1e9),
        latency_s: calls * 2.0 * (chips * slices).log2().ceil() * HOP_LATENCY_S,
        staged: true,
    }
}

/// A ring all-reduce among `ranks` GPUs, each holding `bytes_per_rank` (V counted as an all-reduce
/// counts it: 2·S, or 2·S_w + S under ZeRO-3), `per_node` of the ranks in each node, in nodes of
/// `g` GPUs whose other GPUs run their own rings at the same time: every rank sends
/// (d−1)/d · V over its link; each node's network carries one ring edge per group it hosts,
/// g / per_node of them. `calls` collectives a step, each 2·⌈log₂ d⌉ hops of latency (NCCL's
/// tree at scale).
pub fn ring_all_reduce(
    bytes_per_rank: f64,
    ranks: f64,
    per_node: f64,
    g: f64,
    link_gb_s: f64,
    node_gb_s: f64,
    calls: f64,
) -> Phases {
    if ranks <= 1.0 || bytes_per_rank <= 0.0 {
        return Phases::default();
    }
    let k = per_node.clamp(1.0, ranks);
    let share = (ranks - 1.0) / ranks * bytes_per_rank;
    Phases {
        in_node_s: if k > 1.0 {
            share / (link_gb_s * 1e9)
        } else {
            0.0
        },
        across_s: if ranks > k {
            share * (g / k).max(1.0) / (node_gb_s * 1e9)
        } else {
            0.0
        },
        latency_s: calls * 2.0 * ranks.log2().ceil() * HOP_LATENCY_S,
        staged: false,
    }
}

/// The token all-to-all of a mixture's layers in one step, per GPU: dispatch and combine, forward
/// and backward, 4 · (B / dp) · k · h · 2 bytes per MoE layer of the GPU's stage; the copies that
/// stay in the node go over NVLink, the others over the GPU's share of the node's network (at
/// most `max_nodes_per_token` remote nodes a token when routing is node-limited: one copy per
/// node, forwarded over NVLink there).
pub fn all_to_all(m: &Moe, l: &Layout, g: f64, link_gb_s: f64, node_gb_s: f64) -> Phases {
    if l.ep <= 1.0 {
        return Phases::default();
    }
    let tokens = l.batch_tokens / l.dp;
    let layers = m.moe_layers / l.pp;
    let per_copy = 4.0 * tokens * m.hidden * 2.0 * layers;
    let in_group = l.ep.min(g);
    let local = (in_group - 1.0) / l.ep * m.top_k;
    let mut remote = (l.ep - in_group) / l.ep * m.top_k;
    if let Some(cap) = m.max_nodes_per_token {
        remote = remote.min(cap * (1.0 - in_group / l.ep));
    }
    Phases {
        in_node_s: per_copy * local / (link_gb_s * 1e9),
        across_s: per_copy * remote / (node_gb_s / g * 1e9),
        latency_s: 4.0 * layers * 2.0 * l.ep.log2().ceil() * HOP_LATENCY_S,
        staged: false,
    }
}

/// Tensor parallelism's activation all-reduces in one step, per GPU: 6 a layer (2 forward, 2
/// backward, and the forward's 2 again under the full recomputation the memory model assumes;
/// Megatron-LM), each of the rank's tokens × h × 2 bytes, ring over `tp` GPUs on NVLink. They
/// block the layer that waits for them: never overlapped.
pub fn tensor_parallel(l: &Layout, hidden: f64, layers: f64, link_gb_s: f64) -> Phases {
    if l.tp <= 1.0 {
        return Phases::default();
    }
    let tokens = l.batch_tokens / l.dp;
    let bytes = 6.0 * (layers / l.pp) * tokens * hidden * 2.0;
    Phases {
        in_node_s: 2.0 * (l.tp - 1.0) / l.tp * bytes / (link_gb_s * 1e9),
        across_s: 0.0,
        latency_s: 6.0 * (layers / l.pp) * 2.0 * l.tp.log2().ceil() * HOP_LATENCY_S,
        staged: false,
    }
}

/// A published nccl-tests all-reduce measurement that the model's bus bandwidth is checked
/// against (within ±15 %), and that Show the math sets beside it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NcclCheck {
    /// Accelerator ids it applies to.
    pub accelerators: &'static [&'static str],
    /// Network ids it applies to (the fabric measured; EFA or RoCE are not InfiniBand).
    pub networks: &'static [&'static str],
    /// GPUs per node and the node's network, GB/s, as measured.
    pub gpus_per_node: f64,
    /// The node's network, GB/s.
    pub node_gb_s: f64,
    /// Nodes in the measurement (lowest, highest).
    pub nodes: (f64, f64),
    /// The message size the measurement is read at, bytes.
    pub message_bytes: f64,
    /// Measured bus bandwidth, GB/s (lowest, highest).
    pub measured_gb_s: (f64, f64),
    /// Where it was measured.
    pub source: &'static str,
}

/// The ring measurements the all-reduce model is held to (within 15 %), at large messages. Not
/// held to: 2-node figures from NCCL's default algorithm (trees, NVLink SHARP: about 470 GB/s on
/// H100, beyond what a ring carries), nor the default algorithm on many nodes (NVIDIA/nccl-tests
/// issue 283: 248 nodes of 8 H200, about 350 GB/s, at times below 300, likely NVLS tree).
pub const NCCL_CHECKS: [NcclCheck; 3] = [
    NcclCheck {
        accelerators: &["a100-40gb", "a100-80gb"],
        networks: &["ib-hdr-200"],
        gpus_per_node: 8.0,
        node_gb_s: 100.0,
        nodes: (3.0, 3.0),
        message_bytes: 128e6,
        measured_gb_s: (84.8, 96.0),
        source: "NVIDIA/nccl-tests issue 119: 3 servers of 8 A100 SXM4 40GB with 4 × HDR 200 Gb/s each (100 GB/s a node), messages up to 128 MB: 96 GB/s peak bus bandwidth (84.8 GB/s is the average over all message sizes)",
    },
    NcclCheck {
        accelerators: &["h100-sxm", "h200"],
        networks: &[],
        gpus_per_node: 8.0,
        node_gb_s: 400.0,
        nodes: (1.0, 1.0),
        message_bytes: 8e9,
        measured_gb_s: (370.0, 370.0),
        source: "NVIDIA/nccl-tests issue 212 (sjeaugey: NCCL's effective NVLink bandwidth on H100 is 370 GB/s, the bus bandwidth with NCCL_ALGO=RING) and NVIDIA/nccl issue 2140 (8 × H100, NVLink SHARP off: 370 GB/s); the link efficiency, 0.82, is this figure over 450",
    },
    NcclCheck {
        accelerators: &["h100-sxm", "h200"],
        networks: &["ib-ndr-400"],
        gpus_per_node: 8.0,
        node_gb_s: 400.0,
        nodes: (2.0, 2.0),
        message_bytes: 8e9,
        measured_gb_s: (368.0, 384.0),
        source: "NVIDIA/nccl-tests issue 290 (AddyLaddy, NVIDIA: with NCCL_ALGO=RING across nodes \"for NDR @ 400Gbps you should see 46-48GB/s per NIC\": 8 cards a node, 368–384 GB/s bus bandwidth)",
    },
];

/// The measurement for a job's accelerator on its fabric, if one applies: the same accelerator,
/// network id and node bandwidth (within 5 %), pure data parallelism (`model_parallel` 1), on one
/// node the NVLink check, across nodes a ring check (a ring's bus bandwidth does not depend on the
/// node count beyond its latency; the source says how many nodes were measured).
pub fn nccl_check(
    accelerator: &str,
    network: &str,
    node_gb_s: f64,
    nodes: f64,
    model_parallel: f64,
) -> Option<&'static NcclCheck> {
    if model_parallel > 1.0 {
        return None;
    }
    NCCL_CHECKS.iter().find(|c| {
        c.accelerators.contains(&accelerator)
            && if nodes <= 1.0 {
                c.networks.is_empty()
            } else {
                c.networks.contains(&network) && (c.node_gb_s / node_gb_s - 1.0).abs() < 0.05
            }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_multislice_all_reduce_runs_its_stages_in_turn_with_each_hops_latency() {
        // 4 slices of 256 chips (1,024 chips), 3 collectives a step: 2 x ceil(log2 1,024) = 20
        // hops each, 60 x 5 us = 0.3 ms of latency. Inside a slice each chip sends 255/256 of
        // its 8e9 B over 100 GB/s of ICI: 0.0797 s; then each slice 3/4 of its 2.048e12 B (its
        // 256 chips' shards) over 200 GB/s of data-centre network: 7.68 s; one after the other.
        let p = multislice_all_reduce(8e9, 2.048e12, 256.0, 4.0, 100.0, 200.0, 3.0);
        assert!((p.latency_s - 3e-4).abs() < 1e-15, "{}", p.latency_s);
        assert!((p.in_node_s - 255.0 / 256.0 * 8e9 / 100e9).abs() < 1e-15);
        assert!((p.across_s - 7.68).abs() < 1e-12, "{}", p.across_s);
        assert!(p.staged);
        assert!((p.total_s() - (p.in_node_s + 7.68 + 3e-4)).abs() < 1e-12);
    }

    #[test]
    fn a_mixtures_all_to_all_counts_only_the_moe_layers_of_its_pipeline_stage() {
        // 60 MoE layers, h = 4,096, 2 experts a token, 8 experts a GPU group inside one node of 8;
        // 2 pipeline stages, 4 ranks, a 1,048,576-token step: each GPU routes 262,144 tokens
        // through its stage's 30 layers, 4 x 262,144 x 4,096 x 2 B x 30 = 2.577e11 B a copy;
        // 7/8 of each token's 2 copies stay in the node: 1.75 x 2.577e11 / 369 GB/s = 1.2221 s.
        // Latency: 4 x 30 layers x 2 x log2 8 hops x 5 us = 3.6 ms.
        let m = Moe {
            experts: 64.0,
            top_k: 2.0,
            expert_params: 0.0,
            dense_params: 0.0,
            hidden: 4096.0,
            moe_layers: 60.0,
            max_nodes_per_token: None,
            from_catalog: false,
        };
        let l = Layout {
            batch_tokens: 1_048_576.0,
            batch_typed: true,
            recipe_tokens: 4e6,
            sequences: 256.0,
            tp: 1.0,
            pp: 2.0,
            dp: 4.0,
            ep: 8.0,
            default_tokens: 4e6,
            micro_batches: 64.0,
            bubble: 1.0 / 64.0,
            reason: SplitReason::Batch,
        };
        let p = all_to_all(&m, &l, 8.0, 369.0, 372.0);
        assert!((p.in_node_s - 1.75 * 2.576_980_377_6e11 / 369e9).abs() < 1e-12);
        assert_eq!(p.across_s, 0.0);
        assert!((p.latency_s - 3.6e-3).abs() < 1e-15, "{}", p.latency_s);
        // Expert parallelism 16 over two nodes, routing not node-limited: of each token's 2
        // copies, 7/16 go to the 7 other GPUs of its node (0.875 copies: 0.6111 s over NVLink),
        // 8/16 to the other node (1 copy over the GPU's eighth of 372 GB/s: 5.5419 s).
        let p = all_to_all(&m, &Layout { ep: 16.0, ..l }, 8.0, 369.0, 372.0);
        let copy = 2.576_980_377_6e11;
        assert!((p.in_node_s - 0.875 * copy / 369e9).abs() < 1e-12);
        assert!(
            (p.across_s - copy / (372e9 / 8.0)).abs() < 1e-12,
            "{}",
            p.across_s
        );
    }

    #[test]
    fn tensor_parallel_all_reduces_count_only_the_layers_of_the_ranks_stage() {
        // 128 layers in 8 pipeline stages, 16 each; 8-way tensor parallelism; 16 ranks of a
        // 65,536-token step, 4,096 tokens each, h = 16,384: 6 all-reduces a layer of 4,096 x
        // 16,384 x 2 B, 6 x 16 x 1.342e8 = 1.288e10 B; a ring of 8 sends 2 x 7/8 of it over
        // 369 GB/s: 0.06111 s; 6 x 16 x 2 x log2 8 hops x 5 us = 2.88 ms.
        // The layout of 16 sequences on 1,024 GPUs with room to spare: 16 x 8 x 8.
        let l = layout(Some(65_536.0), 16e6, 4096.0, 1024.0, 8.0, 80.0, 10.0, 5.0);
        assert_eq!((l.dp, l.tp, l.pp), (16.0, 8.0, 8.0));
        let p = tensor_parallel(&l, 16_384.0, 128.0, 369.0);
        let bytes = 6.0 * 16.0 * 4096.0 * 16_384.0 * 2.0;
        assert!(
            (p.in_node_s - 1.75 * bytes / 369e9).abs() < 1e-15,
            "{}",
            p.in_node_s
        );
        assert!((p.latency_s - 2.88e-3).abs() < 1e-15, "{}", p.latency_s);
        assert_eq!(p.across_s, 0.0);
    }

    #[test]
    fn a_ring_with_nothing_to_send_or_one_rank_a_node_has_no_such_part() {
        // Nothing to send: no time at all, not even the hops' latency.
        assert_eq!(
            ring_all_reduce(0.0, 64.0, 8.0, 8.0, 369.0, 372.0, 1.0),
            Phases::default()
        );
        // One rank a node (8 nodes of 8 GPUs, each node's other 7 GPUs in rings of their own):
        // nothing over NVLink; each node's network carries 8 ring edges: 7/8 x 1e9 B x 8 /
        // 372 GB/s = 0.018817 s; 2 x log2 8 = 6 hops, 30 us.
        let p = ring_all_reduce(1e9, 8.0, 1.0, 8.0, 369.0, 372.0, 1.0);
        assert_eq!(p.in_node_s, 0.0);
        assert!((p.across_s - 7.0 / 8.0 * 1e9 * 8.0 / 372e9).abs() < 1e-15);
        assert!((p.latency_s - 3e-5).abs() < 1e-18, "{}", p.latency_s);
    }
}
