//! The pure formulas of docs/model.md ("GPU-hours, days and dollars"): FLOPs, GPU-hours,
//! wall-clock days, monthly cost, what a budget buys. Numbers in, numbers out; every estimator
//! builds on these.

/// Billing month in hours: 8,760 / 12.
pub const HOURS_PER_MONTH: f64 = 730.0;
/// Budget used for "how many GPU-hours does $X buy".
pub const REFERENCE_BUDGET_USD: f64 = 50_000.0;

// The pretraining rule alone (6·N·D); the page prices by kind (workload_kind). Kept for its tests.
#[cfg(test)]
/// Training FLOPs C = 6 · N · D.
pub fn training_flops(params: f64, tokens: f64) -> f64 {
    6.0 * params * tokens
}

/// GPU-hours H = C / (P_peak · MFU) / 3600.
pub fn gpu_hours(flops: f64, peak_flops_per_s: f64, mfu: f64) -> f64 {
    flops / (peak_flops_per_s * mfu) / 3600.0
}

/// Wall-clock days = H / (gpus · 24 · duty).
pub fn wall_clock_days(gpu_hours: f64, gpus: f64, duty: f64) -> f64 {
    gpu_hours / (gpus * 24.0 * duty)
}

/// Monthly cost of one accelerator billed for busy time only: p · 730 · d.
pub fn monthly_cost_per_gpu(price_usd_per_gpu_hour: f64, duty: f64) -> f64 {
    price_usd_per_gpu_hour * HOURS_PER_MONTH * duty
}

/// GPU-hours a budget buys at a price: X / p.
pub fn gpu_hours_for_budget(budget_usd: f64, price_usd_per_gpu_hour: f64) -> f64 {
    budget_usd / price_usd_per_gpu_hour
}
