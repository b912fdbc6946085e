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

/** η = t_comp / (t_comp + max(0, t_comm − overlap · t_comp)) for data-parallel all-reduce. */
export function eta(params, tokensPerStep, gpus, peakTflops, mfu, gbPerS, overlap) {
  const comp = (6 * params * tokensPerStep) / (gpus * peakTflops * 1e12 * mfu);
  const comm = (2 * ((gpus - 1) / gpus) * 2 * params) / (gbPerS * 1e9);
  return comp / (comp + Math.max(0, comm - overlap * comp));
}

/** Llama 3 405B: 16,384 × 54 × 24 / 419, rounded to the hour. */
export const LLAMA3_MTBF = 50677;
