// Hand calculations of the formulas in docs/model.md, written independently of the Rust model so
// the browser tests compare the page against the published formulas, not against the code under
// test.

/** GPU-hours H = 6·N·D / (P_peak · MFU) / 3600. */
export const idealHours = (params, tokens, peakTflops, mfu) => (6 * params * tokens) / (peakTflops * 1e12 * mfu) / 3600;

/** Daly's optimal checkpoint interval for write time d and cluster MTBF m (hours). */
export function daly(d, m) {
  if (d >= 2 * m) return m;
  const x = d / (2 * m);
  return Math.sqrt(2 * d * m) * (1 + Math.sqrt(x) / 3 + x / 9) - d;
}

/** First-order wasted fraction: δ/τ + (τ/2 + R)/M. */
export const waste = (d, tau, r, m) => d / tau + (tau / 2 + r) / m;

/**
 * What NCCL moves of a link's line rate: NVLink 82 % ("450GB/s is the line rate … effective
 * NVLink bandwidth of 370GB/s", nccl-tests issue 212), a network card 93 % (46–48 of 50 GB/s per
 * NDR card, issue 290).
 */
export const LINK_EFFICIENCY = 0.82;
export const NETWORK_EFFICIENCY = 0.93;

/** Latency of one hop of a collective, seconds (5 µs: a few µs over NVLink or InfiniBand). */
export const HOP_LATENCY = 5e-6;

/** Layers of a dense transformer with `params` parameters: h = ∛(128·N/12), L = h / 128. */
export const layersOf = (params) => Math.cbrt((128 * params) / 12) / 128;

/**
 * The default global batch of a 7B–70B pretraining job (Llama 2's 4M tokens), raised to one
 * 4,096-token sequence per GPU: max(4M, gpus · 4,096).
 */
export const defaultBatch = (gpus, seqLen = 4096) => Math.max(4e6, gpus * seqLen);

/**
 * A data-parallel all-reduce as NCCL runs it, seconds a step, for V bytes (V = 2·S): a ring whose
 * NVLink and network hops stream at once, each GPU sending (n−1)/n · V, so the slower sets the
 * pace: max((n−1)/n · V / B_link, (n−1)/n · V / B_node) across nodes ((n−1)/n · V / B_link on one
 * node), plus one collective per 25 MB gradient bucket (at most one a layer) of 2⌈log₂ n⌉ hops.
 */
export function allReduceSeconds(volumeBytes, gpus, gpusPerNode, linkGBs, nodeGBs, layers = 1) {
  if (gpus <= 1) return 0;
  const share = ((gpus - 1) / gpus) * volumeBytes;
  const inNode = share / (linkGBs * 1e9);
  const across = gpus > gpusPerNode ? share / (nodeGBs * 1e9) : 0;
  const buckets = Math.min(Math.max(1, Math.ceil(volumeBytes / 2 / 25e6)), Math.max(1, layers));
  return Math.max(inNode, across) + buckets * 2 * Math.ceil(Math.log2(gpus)) * HOP_LATENCY;
}

/**
 * η = t_comp / (t_comp + max(0, t_comm − overlap · t_comp)) for a fully trained dense model under
 * ZeRO-2 (V = 2 · 2N bytes), pure data parallelism (at least one sequence per GPU), on 8-GPU nodes
 * with the node's whole network `nodeGBs` and the accelerator's link `linkGBs` each way (H100
 * NVLink 900 / 2 = 450), both at line rate (NCCL's share of each applied here).
 */
export function eta(params, tokensPerStep, gpus, peakTflops, mfu, nodeGBs, overlap, linkGBs = 450, gpusPerNode = 8) {
  const comp = (6 * params * tokensPerStep) / (gpus * peakTflops * 1e12 * mfu);
  const comm = allReduceSeconds(2 * 2 * params, gpus, gpusPerNode, linkGBs * LINK_EFFICIENCY, nodeGBs * NETWORK_EFFICIENCY, layersOf(params));
  return comp / (comp + Math.max(0, comm - overlap * comp));
}

/** Llama 3 405B: 16,384 × 54 × 24 / 419, rounded to the hour. */
export const LLAMA3_MTBF = 50677;

// The serving model (docs/model.md "Serving"), written again from docs/model.md's
// formulas: a group of tp GPUs, requests of input + output tokens, batching as far as 0.9 of memory
// (each request reserving input + output of KV cache), 384 and the users' speed allow (a speed one
// request alone misses leaves the batch to memory). Efficiencies 0.85 of the bandwidth, 0.35 of the
// peak decoding, 0.7 prefilling, each divided by 1 + 0.15 log2 tp; 3 ms a step; each all-reduce
// 10 us beyond its bytes.
// shape: { n, layers, heads, kvHeads, headDim, hidden }; chip: { peak, bw, mem, link } in FLOP/s,
// B/s, B, B/s each way; bytes 2 (bf16) or 1 (FP8).
export function serveGroup(shape, chip, bytes, tp, input, output, userSpeed) {
  const kvTok = 2 * shape.layers * shape.kvHeads * shape.headDim * bytes * Math.max(1, tp / shape.kvHeads);
  const memBatch = Math.floor((tp * chip.mem * 0.9 - shape.n * bytes) / (kvTok * (input + output)));
  if (!(memBatch >= 1)) return null;
  const eff = 1 / (1 + 0.15 * Math.log2(tp));
  const qDim = shape.heads * shape.headDim;
  const prefill = (2 * shape.n * input + 2 * shape.layers * qDim * input * input) / (tp * chip.peak * 0.7 * eff);
  const ctx = input + output / 2;
  const ar = (b) => (tp <= 1 ? 0 : 2 * shape.layers * ((2 * (tp - 1)) / tp * (b * shape.hidden * 2) / (chip.link * LINK_EFFICIENCY) + 10e-6));
  const step = (b) => Math.max((shape.n * bytes + b * kvTok * ctx) / (tp * chip.bw * 0.85 * eff), (b * (2 * shape.n + 4 * shape.layers * qDim * ctx)) / (tp * chip.peak * 0.35 * eff)) + ar(b) + 3e-3;
  const out = (b) => (b * output) / (b * prefill + output * step(b));
  let batch = Math.min(memBatch, 384);
  const met = !userSpeed || out(1) >= userSpeed;
  if (userSpeed && met) {
    while (batch > 1 && out(batch) / batch < userSpeed) batch -= 1;
  }
  return { batch, memBatch, met, out: out(batch), total: (out(batch) * (input + output)) / output, user: out(batch) / batch, one: out(1) };
}
// Llama 3.1 8B's and 70B's shapes (config.json) with the served parameter count, and the H100 SXM
// (data/accelerators.json: 989 / 1,979 TFLOP/s, 3.35 TB/s, 80 GB, NVLink 900 GB/s both ways).
export const LLAMA8 = (n = 8e9) => ({ n, layers: 32, heads: 32, kvHeads: 8, headDim: 128, hidden: 4096 });
export const LLAMA70 = (n = 70e9) => ({ n, layers: 80, heads: 64, kvHeads: 8, headDim: 128, hidden: 8192 });
export const H100 = (fp8 = false) => ({ peak: fp8 ? 1979e12 : 989e12, bw: 3.35e12, mem: 80e9, link: 450e9 });
