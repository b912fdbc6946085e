// Hand calculations of DOMAIN.md section 2, written independently of the Rust model so the browser
// tests compare the page against the published formulas, not against the code under test.

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
 * The hierarchical all-reduce of DOMAIN.md section 2 (NCCL's way), seconds a step, for V bytes:
 * one node (n ≤ g): (n−1)/n · V / B_link; m = ⌈n/g⌉ nodes: (g−1)/g · V / B_link inside each node
 * plus (m−1)/m · V / B_node across them, B_node the node's whole network.
 */
export function allReduceSeconds(volumeBytes, gpus, gpusPerNode, linkGBs, nodeGBs) {
  if (gpus <= 1) return 0;
  const m = Math.ceil(gpus / gpusPerNode);
  if (m <= 1) return ((gpus - 1) / gpus) * volumeBytes / (linkGBs * 1e9);
  return ((gpusPerNode - 1) / gpusPerNode) * volumeBytes / (linkGBs * 1e9)
    + ((m - 1) / m) * volumeBytes / (nodeGBs * 1e9);
}

/**
 * η = t_comp / (t_comp + max(0, t_comm − overlap · t_comp)) for a fully trained model whose bf16
 * weights and gradients fit in one GPU (V = 2 · 2N bytes), on 8-GPU nodes with the node's whole
 * network `nodeGBs` and the accelerator's link `linkGBs` each way (H100 NVLink 900 / 2 = 450).
 */
export function eta(params, tokensPerStep, gpus, peakTflops, mfu, nodeGBs, overlap, linkGBs = 450, gpusPerNode = 8) {
  const comp = (6 * params * tokensPerStep) / (gpus * peakTflops * 1e12 * mfu);
  const comm = allReduceSeconds(2 * 2 * params, gpus, gpusPerNode, linkGBs, nodeGBs);
  return comp / (comp + Math.max(0, comm - overlap * comp));
}

/** Llama 3 405B: 16,384 × 54 × 24 / 419, rounded to the hour. */
export const LLAMA3_MTBF = 50677;
