//! Serving sized as it is deployed: how many output tokens a tensor-parallel group of accelerators
//! decodes when it batches as far as its memory and a per-user speed target allow, and how many
//! such groups, on which of the provider's machines, a monthly volume needs.
//!
//! One group of `t` accelerators holds the weights (split `t` ways) and a KV cache for every
//! sequence in flight. A server batches continuously: each decode step reads the weights once and
//! every sequence's cache, and computes one token for each sequence; between steps it runs the
//! prefill of the requests that join. Over one request's life (`output` steps) the group decodes
//! `B · output` tokens and runs `B` prefills, so
//!
//! ```text
//! step(B)      = max(reads / (t · bandwidth · η_mem), flops / (t · peak · η_decode))
//!                + 2 · layers · all-reduce(B · hidden · 2 bytes over t) + step overhead
//! prefill      = (2 · N · input + 2 · layers · q_dim · input²) / (t · peak · η_prefill)
//! throughput   = B · output / (B · prefill + output · step(B))      output tokens/s a group
//! user speed   = throughput / B                                      tokens/s each user sees
//! ```
//!
//! `B` is the largest batch whose KV cache fits the memory the weights leave (each sequence
//! reserves its whole input + output, as TensorRT-LLM's default no-eviction scheduler does) and,
//! with a speed target, whose users still see the target. The efficiencies are calibrated on
//! published runs (`model/tests/serving_benchmarks.rs`, docs/model.md "Serving").
//!
//! Imports nothing from the page; pure functions of their arguments.

// The constants below are fitted together on the published runs of
// `model/tests/serving_benchmarks.rs` (TensorRT-LLM's max-throughput tables and NVIDIA NIM's
// concurrency sweep), with one more condition from an inference engineer's review: Llama 70B in
// bf16 on 8 H100s decodes one request well above 50 tokens/s. Each is a plausible physical
// figure; none is measured on its own.

/// Share of the datasheet's memory bandwidth a decode step reaches reading weights and KV cache.
pub const BANDWIDTH_EFFICIENCY: f64 = 0.85;
/// Share of the dense peak a decode step's matrix products reach once the batch makes them
/// compute-bound (short, skinny products: well below a prefill's).
pub const DECODE_EFFICIENCY: f64 = 0.35;
/// Share of the dense peak a prefill reaches (long, compute-bound matrix products).
pub const PREFILL_EFFICIENCY: f64 = 0.7;
/// Share of each accelerator's memory the server hands to weights and KV cache (vLLM's
/// `gpu_memory_utilization` and TensorRT-LLM's `kv_cache_free_gpu_mem_fraction` default to 0.9).
pub const MEMORY_FRACTION: f64 = 0.9;
/// Fixed time a decode step spends outside the matrix products and memory reads (kernel launches,
/// sampling, the scheduler), seconds.
pub const STEP_OVERHEAD_S: f64 = 3.0e-3;
/// Latency of one tensor-parallel all-reduce, seconds, beyond its bytes (two a layer): the
/// one-shot NVLink kernels of vLLM and TensorRT-LLM take 5-20 µs for a decode step's activations.
pub const ALL_REDUCE_LATENCY_S: f64 = 10e-6;
/// What splitting a layer t ways costs each accelerator beyond the all-reduces (smaller, less
/// efficient matrix products and reads, a synchronisation a layer): its efficiencies are divided
/// by 1 + this × log₂ t. Fitted on the TP 2, 4 and 8 runs.
pub const TP_EFFICIENCY_LOSS: f64 = 0.15;
/// Most sequences one group decodes together. Fitted: the published tables state no batch, and
/// their servers stop gaining well before memory is full (H200 runs gain 15 %, not the 43 % more
/// bandwidth and twice the cache would give); 384 reproduces them.
pub const MAX_BATCH: f64 = 384.0;
/// Fewest requests a group's memory must hold to be deployed while a larger degree holds more: no
/// published run batches fewer, and a server that can keep only a handful of requests in flight is
/// outside what the model is calibrated on (Llama 70B in FP8 on one H100 leaves 1.4 GB of cache:
/// the model says 107 tokens/s where TensorRT-LLM served 912).
pub const MIN_MEMORY_BATCH: f64 = 16.0;
/// Default per-user output speed a chat server is sized for, tokens/s: MLPerf Inference's
/// interactive Llama 2 70B scenario holds each user's time per output token to 40 ms (25 tok/s).
pub const DEFAULT_USER_TOKENS_PER_S: f64 = 25.0;

/// The attention and width shape of a served model, with its parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModelShape {
    /// Parameters each token runs through (active ones for a mixture of experts).
    pub active_params: f64,
    /// Every parameter held in memory.
    pub total_params: f64,
    /// Transformer layers.
    pub layers: f64,
    /// Attention (query) heads: a tensor-parallel degree must divide them.
    pub heads: u32,
    /// Key/value heads (grouped-query attention).
    pub kv_heads: u32,
    /// Dimension of one head.
    pub head_dim: f64,
    /// Width of the residual stream (what each tensor-parallel all-reduce carries a token).
    pub hidden: f64,
    /// Routed experts a MoE layer holds (1: dense).
    pub experts: f64,
    /// Experts each token is routed to (1: dense).
    pub experts_per_token: f64,
}

impl ModelShape {
    /// Query width: heads × head dimension.
    pub fn q_dim(&self) -> f64 {
        f64::from(self.heads) * self.head_dim
    }

    /// KV-cache bytes a token of context holds over the whole model: keys and values for every
    /// layer and KV head, `bytes` each.
    pub fn kv_bytes_per_token(&self, bytes: f64) -> f64 {
        2.0 * self.layers * f64::from(self.kv_heads) * self.head_dim * bytes
    }

    /// Weight bytes one decode step of `batch` sequences reads: the dense part always, and of the
    /// experts' weights the share some sequence in the batch is routed to (1 − (1 − k/E)^B in
    /// expectation, all of them once the batch is large).
    pub fn weight_bytes_read(&self, bytes: f64, batch: f64) -> f64 {
        if self.experts <= 1.0 || self.total_params <= self.active_params {
            return self.total_params * bytes;
        }
        let k = self.experts_per_token.min(self.experts);
        // active = dense + (k/E) · experts_total, total = dense + experts_total.
        let experts_total = (self.total_params - self.active_params) / (1.0 - k / self.experts);
        let dense = self.total_params - experts_total;
        let touched = 1.0 - (1.0 - k / self.experts).powf(batch.max(1.0));
        (dense + experts_total * touched) * bytes
    }
}

/// One accelerator as a server sees it, at the precision served.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Chip {
    /// Dense peak at the precision served, FLOP/s.
    pub peak_flops_per_s: f64,
    /// Memory bandwidth, bytes/s.
    pub bandwidth_bytes_per_s: f64,
    /// Memory, bytes.
    pub memory_bytes: f64,
    /// Bandwidth of the link joining the accelerators of one machine, bytes/s each way.
    pub link_bytes_per_s: f64,
}

/// What each request looks like.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Request {
    /// Prompt tokens.
    pub input: f64,
    /// Answer tokens.
    pub output: f64,
}

/// One tensor-parallel group serving at its batch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GroupRun {
    /// Tensor-parallel degree: accelerators in the group.
    pub tp: u32,
    /// Sequences decoded together.
    pub batch: f64,
    /// Largest batch the memory holds.
    pub memory_batch: f64,
    /// Whether the speed target (not memory or the engine's ceiling) set the batch.
    pub target_bound: bool,
    /// Whether the users see the target (false: even one request alone is slower, so the group
    /// batches as far as memory allows).
    pub target_met: bool,
    /// Output tokens a second one request alone sees: the fastest this group serves anyone.
    pub one_user_tokens_per_s: f64,
    /// KV cache one sequence reserves over the group (input + output tokens), bytes.
    pub kv_bytes_per_sequence: f64,
    /// One decode step, seconds.
    pub step_s: f64,
    /// Whether the step's memory reads (not its arithmetic) set it.
    pub memory_bound: bool,
    /// The tensor-parallel all-reduces of one step, seconds.
    pub all_reduce_s: f64,
    /// One request's prefill, seconds.
    pub prefill_s: f64,
    /// Output tokens a second, the whole group.
    pub output_tokens_per_s: f64,
    /// Input and output tokens a second, the whole group.
    pub tokens_per_s: f64,
    /// Output tokens a second each user sees.
    pub user_tokens_per_s: f64,
}

impl GroupRun {
    /// Input tokens a second the group prefills when it does nothing else.
    pub fn input_per_s(&self, req: Request) -> f64 {
        req.input / self.prefill_s
    }
}

/// KV-cache bytes one sequence of `tokens` holds over a group of `tp`: sharded by KV head, and
/// replicated once the degree exceeds the KV heads (each accelerator keeps at least one head).
fn kv_over_group(shape: &ModelShape, bytes: f64, tp: u32, tokens: f64) -> f64 {
    let replication = (f64::from(tp) / f64::from(shape.kv_heads.max(1))).max(1.0);
    shape.kv_bytes_per_token(bytes) * replication * tokens
}

/// The time of one all-reduce of `volume` bytes over `tp` accelerators on their link:
/// 2 (t − 1)/t · V / (link × efficiency) + [`ALL_REDUCE_LATENCY_S`].
fn all_reduce_s(volume: f64, tp: u32, link: f64) -> f64 {
    if tp <= 1 {
        return 0.0;
    }
    let t = f64::from(tp);
    2.0 * (t - 1.0) / t * volume / (link * crate::estimators::parallel::LINK_EFFICIENCY)
        + ALL_REDUCE_LATENCY_S
}

/// Each accelerator's share of its efficiencies in a group of `tp`: 1 / (1 + loss × log₂ t).
pub fn tp_efficiency(tp: u32) -> f64 {
    1.0 / (1.0 + TP_EFFICIENCY_LOSS * f64::from(tp.max(1)).log2())
}

/// One decode step of `batch` sequences, seconds, and whether memory reads set it, and the
/// all-reduce share.
fn step(
    shape: &ModelShape,
    chip: &Chip,
    bytes: f64,
    tp: u32,
    req: Request,
    batch: f64,
) -> (f64, bool, f64) {
    let t = f64::from(tp);
    // A sequence holds on average its input and half its output while decoding.
    let context = req.input + req.output / 2.0;
    let reads =
        shape.weight_bytes_read(bytes, batch) + batch * kv_over_group(shape, bytes, tp, context);
    let eff = tp_efficiency(tp);
    let mem = reads / (t * chip.bandwidth_bytes_per_s * BANDWIDTH_EFFICIENCY * eff);
    let flops = batch * (2.0 * shape.active_params + 4.0 * shape.layers * shape.q_dim() * context);
    let compute = flops / (t * chip.peak_flops_per_s * DECODE_EFFICIENCY * eff);
    // Two all-reduces a layer (after attention, after the MLP) of the batch's activations in bf16.
    let ar =
        2.0 * shape.layers * all_reduce_s(batch * shape.hidden * 2.0, tp, chip.link_bytes_per_s);
    (mem.max(compute) + ar + STEP_OVERHEAD_S, mem >= compute, ar)
}

/// One request's prefill on a group of `tp`, seconds: the weights' 2N a token and causal
/// attention's 2 · layers · q_dim · input², compute-bound.
fn prefill(shape: &ModelShape, chip: &Chip, tp: u32, req: Request) -> f64 {
    let flops = 2.0 * shape.active_params * req.input
        + 2.0 * shape.layers * shape.q_dim() * req.input * req.input;
    flops / (f64::from(tp) * chip.peak_flops_per_s * PREFILL_EFFICIENCY * tp_efficiency(tp))
}

fn throughput(output: f64, batch: f64, prefill_s: f64, step_s: f64) -> f64 {
    batch * output / (batch * prefill_s + output * step_s)
}

/// A group of `tp` accelerators serving requests like `req` at precision `bytes` (2 bf16, 1 FP8),
/// batching as far as memory, [`MAX_BATCH`] and the per-user speed target allow (`None`: as far as
/// memory allows, the published max-throughput runs). `None` when the weights leave no room for
/// one sequence's cache.
pub fn run_group(
    shape: &ModelShape,
    chip: &Chip,
    bytes: f64,
    tp: u32,
    req: Request,
    user_tokens_per_s: Option<f64>,
) -> Option<GroupRun> {
    let t = f64::from(tp.max(1));
    let weights = shape.total_params * bytes;
    let kv_seq = kv_over_group(shape, bytes, tp, req.input + req.output);
    let free = t * chip.memory_bytes * MEMORY_FRACTION - weights;
    let memory_batch = (free / kv_seq).floor();
    if memory_batch.is_nan() || memory_batch < 1.0 {
        return None;
    }
    let cap = memory_batch.min(MAX_BATCH);
    let pf = prefill(shape, chip, tp, req);
    let speed = |b: f64| {
        let (s, _, _) = step(shape, chip, bytes, tp, req, b);
        throughput(req.output, b, pf, s) / b
    };
    // The largest batch whose users still see the target (speed falls as the batch grows). A
    // target the group misses even with one request in flight does not set the batch: the group
    // batches as far as memory allows and says it misses the target (`target_met`).
    let mut batch = cap;
    let mut target_bound = false;
    let mut target_met = true;
    if let Some(target) = user_tokens_per_s.filter(|v| *v > 0.0) {
        if speed(1.0) < target {
            target_met = false;
        } else if speed(cap) < target {
            target_bound = true;
            let (mut lo, mut hi) = (1.0_f64, cap);
            while hi - lo > 1.0 {
                let mid = ((lo + hi) / 2.0).floor();
                if speed(mid) >= target {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            batch = lo;
        }
    }
    let (step_s, memory_bound, ar) = step(shape, chip, bytes, tp, req, batch);
    let out = throughput(req.output, batch, pf, step_s);
    Some(GroupRun {
        tp,
        batch,
        memory_batch,
        target_bound,
        target_met,
        one_user_tokens_per_s: speed(1.0),
        kv_bytes_per_sequence: kv_seq,
        step_s,
        memory_bound,
        all_reduce_s: ar,
        prefill_s: pf,
        output_tokens_per_s: out,
        tokens_per_s: out * (req.input + req.output) / req.output,
        user_tokens_per_s: out / batch,
    })
}

/// The tensor-parallel degrees a model can be split into on a machine of at most `max_gpus`:
/// degrees dividing the attention heads whose KV heads split evenly or are replicated evenly
/// (vLLM's and TensorRT-LLM's rule), smallest first.
pub fn tp_degrees(shape: &ModelShape, max_gpus: u32) -> Vec<u32> {
    (1..=max_gpus.max(1))
        .filter(|&t| {
            let kv = shape.kv_heads.max(1);
            shape.heads.is_multiple_of(t) && (kv.is_multiple_of(t) || t.is_multiple_of(kv))
        })
        .collect()
}

/// How a serving line is deployed.
#[derive(Clone, Debug, PartialEq)]
pub struct Deployment {
    /// One group at its batch.
    pub group: GroupRun,
    /// Groups (replicas) the volume needs: at least one, more when one cannot serve it.
    pub replicas_needed: u32,
    /// Groups running: as many as the rented machines hold (they are paid for either way).
    pub replicas: u32,
    /// Accelerators the needed replicas use: replicas needed × degree.
    pub gpus: u32,
    /// Accelerators one machine holds (the size rented).
    pub machine_gpus: u32,
    /// Machines rented.
    pub machines: u32,
    /// Accelerators billed: machines × machine size (at least `gpus`).
    pub billed_gpus: u32,
    /// Input and output tokens a second the volume needs at the utilisation.
    pub needed_tokens_per_s: f64,
}

impl Deployment {
    /// Tokens a second the deployment serves when fully busy (every running replica).
    pub fn capacity_tokens_per_s(&self) -> f64 {
        self.group.tokens_per_s * f64::from(self.replicas)
    }
}

/// Why a model cannot be served on an accelerator.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NoFit {
    /// Bytes of weights.
    pub weight_bytes: f64,
    /// Memory of the largest group the provider's machines and the model's heads allow, bytes.
    pub largest_group_bytes: f64,
    /// That group's degree.
    pub largest_tp: u32,
}

/// What a serving deployment is sized from: the model's shape, one accelerator at the precision
/// served, the request shape, the speed target, the utilisation and the machine sizes the
/// provider rents (kept so the volume chart can size every volume the same way).
#[derive(Clone, Debug, PartialEq)]
pub struct ServingSetup {
    /// The served model's parameters and attention shape.
    pub shape: ModelShape,
    /// One accelerator at the precision served.
    pub chip: Chip,
    /// Bytes a weight and a KV value (2 bf16, 1 FP8).
    pub bytes: f64,
    /// Prompt and answer tokens of a request (the API's 3:1 mix of the plan's tokens a request).
    pub request: Request,
    /// Output tokens a second each user must see (`None`: as fast as memory lets it batch).
    pub user_tokens_per_s: Option<f64>,
    /// Share of the provisioned throughput used.
    pub utilisation: f64,
    /// GPU counts one machine of the provider can be rented in, ascending.
    pub rent_sizes: Vec<u32>,
}

impl ServingSetup {
    /// The deployment serving `tokens_per_month` (input and output, 730-hour months).
    pub fn deploy(&self, tokens_per_month: f64) -> Result<Deployment, NoFit> {
        deploy(
            self,
            tokens_per_month / (crate::estimators::formulas::HOURS_PER_MONTH * 3600.0),
        )
    }
}

/// The cheapest deployment of a model serving `tokens_per_s` (input and output, at the
/// setup's utilisation of its capacity): for every tensor-parallel degree a machine of the provider holds,
/// as many replicas as the volume needs (at least one), packed on the machine size that bills the
/// fewest accelerators (`rent_sizes`: the GPU counts one machine can be rented in, ascending);
/// among degrees, first those whose users see the speed target, then those whose memory holds at
/// least [`MIN_MEMORY_BATCH`] requests, then the fewest billed accelerators, then the most
/// capacity, then the smaller degree.
pub fn deploy(setup: &ServingSetup, tokens_per_s: f64) -> Result<Deployment, NoFit> {
    let ServingSetup {
        shape,
        chip,
        bytes,
        request: req,
        user_tokens_per_s,
        utilisation,
        rent_sizes,
    } = setup;
    let (bytes, req, user_tokens_per_s) = (*bytes, *req, *user_tokens_per_s);
    let largest = rent_sizes.iter().copied().max().unwrap_or(1).max(1);
    let degrees = tp_degrees(shape, largest);
    let needed = tokens_per_s / utilisation.max(1e-9);
    let mut best: Option<Deployment> = None;
    for &tp in &degrees {
        let Some(group) = run_group(shape, chip, bytes, tp, req, user_tokens_per_s) else {
            continue;
        };
        let for_volume = (needed / group.tokens_per_s).ceil();
        let replicas = for_volume.clamp(1.0, f64::from(u32::MAX / 8)) as u32;
        // (machine size, machines, billed) with the fewest billed accelerators.
        let mut placed: Option<(u32, u32, u32)> = None;
        for &size in rent_sizes.iter().filter(|&&s| s >= tp) {
            let machines = replicas.div_ceil(size / tp);
            let billed = machines.saturating_mul(size);
            if placed.is_none_or(|(_, _, b)| billed < b) {
                placed = Some((size, machines, billed));
            }
        }
        let Some((size, machines, billed)) = placed else {
            continue;
        };
        let d = Deployment {
            group,
            replicas_needed: replicas,
            replicas: machines.saturating_mul(size / tp),
            gpus: replicas.saturating_mul(tp),
            machine_gpus: size,
            machines,
            billed_gpus: billed,
            needed_tokens_per_s: needed,
        };
        // Groups whose users see the target first, then groups with room to batch, then the
        // fewest billed accelerators, then the most capacity.
        let class = |x: &Deployment| (!x.group.target_met, x.group.memory_batch < MIN_MEMORY_BATCH);
        let better = match &best {
            None => true,
            Some(b) => {
                class(&d) < class(b)
                    || (class(&d) == class(b)
                        && (d.billed_gpus < b.billed_gpus
                            || (d.billed_gpus == b.billed_gpus
                                && d.capacity_tokens_per_s()
                                    > b.capacity_tokens_per_s() * 1.000_001)))
            }
        };
        if better {
            best = Some(d);
        }
    }
    best.ok_or_else(|| {
        let tp = degrees.last().copied().unwrap_or(1);
        NoFit {
            weight_bytes: shape.total_params * bytes,
            largest_group_bytes: f64::from(tp) * chip.memory_bytes,
            largest_tp: tp,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Llama 3.1 8B's shape (config.json) with N = 8e9.
    fn llama8() -> ModelShape {
        ModelShape {
            active_params: 8e9,
            total_params: 8e9,
            layers: 32.0,
            heads: 32,
            kv_heads: 8,
            head_dim: 128.0,
            hidden: 4096.0,
            experts: 1.0,
            experts_per_token: 1.0,
        }
    }

    /// H100 SXM in bf16: 989 TFLOP/s dense, 3.35 TB/s, 80 GB, NVLink 450 GB/s each way.
    fn h100() -> Chip {
        Chip {
            peak_flops_per_s: 989e12,
            bandwidth_bytes_per_s: 3.35e12,
            memory_bytes: 80e9,
            link_bytes_per_s: 450e9,
        }
    }

    #[test]
    fn a_users_speed_exactly_at_a_batchs_speed_is_met_by_that_batch() {
        let req = CHAT;
        let run = |target| {
            run_group(&llama8(), &h100(), 2.0, 1, req, target)
                .unwrap_or_else(|| panic!("8B fits an H100"))
        };
        // With no speed asked, the group batches as far as memory holds: 208 sequences.
        let free = run(None);
        assert_eq!(free.batch, 208.0);
        // Asking exactly what one request alone gets (about 114 tokens/s) is met: by one request.
        let alone = run(Some(free.one_user_tokens_per_s));
        assert_eq!(
            (alone.batch, alone.target_met, alone.target_bound),
            (1.0, true, true)
        );
        // Asking exactly what each of the 208 gets is met by all 208: the target does not bind.
        let full = run(Some(free.user_tokens_per_s));
        assert_eq!(
            (full.batch, full.target_met, full.target_bound),
            (208.0, true, false)
        );
    }

    #[test]
    fn memory_for_exactly_one_sequence_serves_one() {
        // 8B in bf16 (16e9 bytes) on a chip whose 90 % leaves 16e9 + 1.5 sequences of 2,048
        // tokens (268,435,456 bytes each): one sequence fits, so it serves, one at a time.
        let chip = h100_holding_8b_and(1.5);
        let req = CHAT;
        let g = run_group(&llama8(), &chip, 2.0, 1, req, None)
            .unwrap_or_else(|| panic!("one sequence fits"));
        assert_eq!((g.memory_batch, g.batch), (1.0, 1.0));
    }

    #[test]
    fn a_short_request_decodes_at_what_the_flops_allow() {
        // 128 tokens in, 128 out, no speed asked of the users: memory holds 1,668 sequences of
        // 256 tokens, so the batch is the 384 cap (MAX_BATCH). A step's reads are 16e9 + 384 x 131,072 x 192 (input + half the output) =
        // 2.566e10 bytes, 9.01 ms at 3.35e12 x 0.85; its arithmetic 384 x (2 x 8e9 + 4 x 32
        // x 4,096 x 192) = 6.1827e12 FLOPs, 17.861 ms at 989e12 x 0.35: compute sets the step,
        // 20.861 ms with the 3 ms overhead.
        let req = Request {
            input: 128.0,
            output: 128.0,
        };
        let g = run_group(&llama8(), &h100(), 2.0, 1, req, None)
            .unwrap_or_else(|| panic!("8B fits an H100"));
        assert_eq!(g.batch, 384.0);
        assert!(!g.memory_bound);
        assert!((g.step_s - 0.020_861_2).abs() < 1e-7, "{}", g.step_s);
    }

    /// The requests most tests serve: 1,536 tokens in, 512 out.
    const CHAT: Request = Request {
        input: 1536.0,
        output: 512.0,
    };

    /// An H100 whose usable 90 % holds 8B's bf16 weights (16e9 bytes) and `sequences` sequences
    /// of 2,048 tokens (268,435,456 bytes each).
    fn h100_holding_8b_and(sequences: f64) -> Chip {
        Chip {
            memory_bytes: (16e9 + sequences * 268_435_456.0) / 0.9,
            ..h100()
        }
    }

    #[test]
    fn one_h100_serving_8b_at_25_tokens_a_second_by_hand() {
        let req = CHAT;
        let g = run_group(&llama8(), &h100(), 2.0, 1, req, Some(25.0))
            .unwrap_or_else(|| panic!("8B fits an H100"));
        // Memory: 0.9 x 80e9 - 16e9 of weights = 56e9; each sequence reserves 2,048 tokens x
        // 2 x 32 x 8 x 128 x 2 = 131,072 bytes = 268,435,456: 208 sequences.
        assert_eq!(g.memory_batch, 208.0);
        assert_eq!(g.kv_bytes_per_sequence, 268_435_456.0);
        // Prefill: (2 x 8e9 x 1,536 + 2 x 32 x 4,096 x 1,536²) / (989e12 x 0.7)
        // = (2.4576e13 + 6.1848e11) / 6.923e14 = 0.0363924 s a request.
        assert!(
            (g.prefill_s - 0.036_392_424).abs() < 1e-9,
            "{}",
            g.prefill_s
        );
        // Doing nothing but prefill, the GPU reads 1,536 / 0.0363924 = 42,206.6 input tokens/s.
        assert!(
            (g.input_per_s(req) - 42_206.6).abs() < 0.1,
            "{}",
            g.input_per_s(req)
        );
        // At batch 204 a step reads 16e9 + 204 x 131,072 x 1,792 (input + half the output)
        // = 6.3916e10 bytes: / (3.35e12 x 0.85) = 22.446 ms, above its arithmetic
        // (204 x (1.6e10 + 4 x 32 x 4,096 x 1,792) / (989e12 x 0.35) = 9.983 ms); + 3 ms = 25.446 ms.
        assert_eq!(g.batch, 204.0);
        assert!(g.memory_bound && g.target_bound && g.target_met);
        assert!((g.step_s - 0.025_446_261).abs() < 1e-9, "{}", g.step_s);
        // 204 x 512 / (204 x 0.0363924 + 512 x 0.0254463) = 104,448 / 20.4527 = 5,106.85 output
        // tokens/s, 25.03 each; a 205th user would bring everyone to 24.94. One user alone: 114.
        assert!((g.output_tokens_per_s - 5_106.847_29).abs() < 1e-3);
        assert!((g.user_tokens_per_s - 25.033_565).abs() < 1e-5);
        assert!((g.one_user_tokens_per_s - 113.992_204).abs() < 1e-5);
        assert!((g.tokens_per_s - 4.0 * g.output_tokens_per_s).abs() < 1e-9);
        // Without a target it batches as far as memory allows: 208 sequences, faster in all.
        let free =
            run_group(&llama8(), &h100(), 2.0, 1, req, None).unwrap_or_else(|| panic!("fits"));
        assert_eq!(free.batch, 208.0);
        assert!(free.output_tokens_per_s > g.output_tokens_per_s && free.user_tokens_per_s < 25.0);
        // A target even one request alone misses (500 tokens/s) does not set the batch: the group
        // batches as far as memory allows and says it misses the target.
        let miss = run_group(&llama8(), &h100(), 2.0, 1, req, Some(500.0))
            .unwrap_or_else(|| panic!("fits"));
        assert_eq!(miss.batch, 208.0);
        assert!(!miss.target_met && !miss.target_bound);
    }

    #[test]
    fn degrees_divide_the_heads_and_split_or_replicate_the_kv_heads() {
        // Llama 3.1 8B: 32 heads, 8 KV heads: 1, 2, 4, 8 on an 8-GPU machine.
        assert_eq!(tp_degrees(&llama8(), 8), vec![1, 2, 4, 8]);
        // Qwen2.5 7B: 28 heads, 4 KV heads: 7 divides 28 but neither splits nor replicates 4
        // KV heads evenly; 14 and 28 exceed a machine of 8.
        let qwen = ModelShape {
            heads: 28,
            kv_heads: 4,
            ..llama8()
        };
        assert_eq!(tp_degrees(&qwen, 8), vec![1, 2, 4]);
        // Past the KV heads, each GPU keeps a copy of one: TP 8 over 4 KV heads doubles the
        // cache a sequence holds across the group.
        let kv4 = kv_over_group(&qwen, 2.0, 8, 1.0);
        assert_eq!(kv4, 2.0 * qwen.kv_bytes_per_token(2.0));
    }

    #[test]
    fn a_deployment_fills_the_machines_it_rents() {
        let req = CHAT;
        // 20,164 tokens/s a GPU (the worked example). 30,000 tokens/s at 60 % need 50,000 a
        // second: 3 GPUs. Rented one at a time: 3 billed; rented only by eight: one machine,
        // eight replicas running.
        let per_gpu = [1, 2, 4, 8];
        let setup = |shape: ModelShape, sizes: &[u32]| ServingSetup {
            shape,
            chip: h100(),
            bytes: 2.0,
            request: req,
            user_tokens_per_s: Some(25.0),
            utilisation: 0.6,
            rent_sizes: sizes.to_vec(),
        };
        let d = deploy(&setup(llama8(), &per_gpu), 30_000.0).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            (d.billed_gpus, d.machines, d.machine_gpus, d.group.tp),
            (3, 3, 1, 1)
        );
        assert_eq!(d.replicas_needed * d.group.tp, d.gpus);
        // 90,000 tokens/s at 60 % need 150,000: 7.44 GPUs' worth, 8 replicas. Machines of 1, 2, 4
        // or 8 all bill 8 GPUs: the tie goes to the smallest machines, 8 of one GPU each (a
        // replica that stops takes no other down).
        let tie = deploy(&setup(llama8(), &per_gpu), 90_000.0).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            (
                d.billed_gpus,
                tie.billed_gpus,
                tie.machines,
                tie.machine_gpus
            ),
            (3, 8, 8, 1)
        );
        let eights = deploy(&setup(llama8(), &[8]), 30_000.0).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!((eights.billed_gpus, eights.machines), (8, 1));
        assert_eq!(eights.replicas * eights.group.tp, 8);
        // 405B in bf16 (810 GB) fits no machine of eight 80 GB GPUs.
        let big = ModelShape {
            active_params: 405e9,
            total_params: 405e9,
            layers: 126.0,
            heads: 128,
            hidden: 16384.0,
            ..llama8()
        };
        let no = deploy(&setup(big, &[8]), 1.0)
            .err()
            .unwrap_or_else(|| panic!("405B in bf16 cannot fit 640 GB"));
        assert_eq!(
            (no.weight_bytes, no.largest_group_bytes, no.largest_tp),
            (810e9, 640e9, 8)
        );
    }

    #[test]
    fn a_group_holding_exactly_the_fewest_requests_is_deployed() {
        // A chip whose 90 % holds 8B's 16e9 bytes and 16.5 sequences of 2,048 tokens: one GPU
        // holds exactly 16 requests, the fewest a group may hold (MIN_MEMORY_BATCH), so the
        // single GPU serves; two would hold far more but bill twice as many.
        let chip = h100_holding_8b_and(16.5);
        let setup = ServingSetup {
            shape: llama8(),
            chip,
            bytes: 2.0,
            request: CHAT,
            user_tokens_per_s: None,
            utilisation: 0.6,
            rent_sizes: vec![1, 2],
        };
        let d = deploy(&setup, 100.0).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            (d.group.tp, d.group.memory_batch, d.billed_gpus),
            (1, MIN_MEMORY_BATCH, 1)
        );
    }

    #[test]
    fn a_mixture_reads_the_experts_its_batch_touches() {
        // Mixtral 8x7B: 12.9B active of 46.7B, 8 experts, 2 a token: experts hold
        // (46.7 - 12.9) / (1 - 2/8) = 45.07B, the rest 1.63B. One sequence touches 2 of 8
        // experts: 1.63 + 45.07 x 0.25 = 12.9B (the active count); 16 touch
        // 1 - 0.75^16 = 99.0 % of them.
        let mix = ModelShape {
            active_params: 12.9e9,
            total_params: 46.7e9,
            experts: 8.0,
            experts_per_token: 2.0,
            ..llama8()
        };
        assert!((mix.weight_bytes_read(1.0, 1.0) - 12.9e9).abs() < 1e3);
        let sixteen = 1.633_333e9 + 45.066_667e9 * (1.0 - 0.75_f64.powi(16));
        assert!((mix.weight_bytes_read(1.0, 16.0) - sixteen).abs() < 1e4);
        assert_eq!(llama8().weight_bytes_read(2.0, 64.0), 16e9);
    }
}
