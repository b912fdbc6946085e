//! Billing modes and break-evens (DOMAIN.md section 3): serverless or on-demand against reserved by
//! duty cycle, self-hosted inference against an API by volume, and what a budget buys.
//!
//! Groundwork for the decision views; not yet on the page.

use crate::catalog::Catalog;
use crate::cost::HOURS_PER_MONTH;

/// Monthly cost of one accelerator billed for busy time only (per-second serverless, on-demand):
/// p · 730 · d.
pub fn monthly_busy_only(usd_per_hour: f64, duty: f64) -> f64 {
    usd_per_hour * HOURS_PER_MONTH * duty
}

/// Monthly cost of one reserved (always-on) accelerator: p_reserved · 730, busy or not.
pub fn monthly_reserved(reserved_usd_per_hour: f64) -> f64 {
    reserved_usd_per_hour * HOURS_PER_MONTH
}

/// Break-even duty d* = p_reserved / p_busy_only: below it serverless or on-demand wins, above it
/// reserved. Above 1 reserved never wins.
pub fn breakeven_duty(reserved_usd_per_hour: f64, busy_only_usd_per_hour: f64) -> f64 {
    reserved_usd_per_hour / busy_only_usd_per_hour
}

/// Decode throughput of one accelerator, tokens per second: memory-bound at small batch (each step
/// reads the bf16 weights once, 2·N bytes, for `batch` tokens) and capped by compute (2·N FLOPs a
/// token at `compute_efficiency` of the dense peak).
pub fn decode_tokens_per_second(
    params: f64,
    bandwidth_bytes_per_s: f64,
    peak_flops_per_s: f64,
    batch: f64,
    compute_efficiency: f64,
) -> f64 {
    let memory_bound = batch * bandwidth_bytes_per_s / (2.0 * params);
    let compute_bound = peak_flops_per_s * compute_efficiency / (2.0 * params);
    memory_bound.min(compute_bound)
}

/// Self-hosted cost per million tokens: gpus · p / (tokens per hour at the achieved utilisation)
/// · 10⁶ (DOMAIN.md section 3).
pub fn selfhost_usd_per_mtok(
    gpus: f64,
    usd_per_gpu_hour: f64,
    tokens_per_hour: f64,
    utilisation: f64,
) -> f64 {
    gpus * usd_per_gpu_hour / (tokens_per_hour * utilisation) * 1e6
}

/// Monthly tokens at which an API bill equals a fixed self-hosted bill: monthly / price · 10⁶.
pub fn breakeven_tokens_per_month(selfhost_monthly_usd: f64, api_usd_per_mtok: f64) -> f64 {
    selfhost_monthly_usd / api_usd_per_mtok * 1e6
}

/// An API's blended price per million tokens for a share of input tokens:
/// share · input + (1 − share) · output.
pub fn blended_usd_per_mtok(input_usd: f64, output_usd: f64, input_share: f64) -> f64 {
    input_share * input_usd + (1.0 - input_share) * output_usd
}

/// One row of "what does $X buy".
#[derive(Clone, Debug, PartialEq)]
pub struct BuyRow {
    /// Provider id.
    pub provider: String,
    /// Accelerator id.
    pub accelerator: String,
    /// List price, USD per accelerator-hour.
    pub usd_per_gpu_hour: f64,
    /// Accelerator-hours the budget buys: X / p.
    pub gpu_hours: f64,
    /// Dense bf16 PFLOP-hours the budget buys (hours × peak), to compare across chips.
    pub pflop_hours: f64,
}

/// Every offer in the catalog priced against a budget, most accelerator-hours first.
pub fn what_budget_buys(catalog: &Catalog, budget_usd: f64) -> Vec<BuyRow> {
    let mut rows = Vec::with_capacity(catalog.prices.len());
    for p in &catalog.prices {
        let peak = catalog
            .accelerator(&p.accelerator)
            .map_or(0.0, |a| a.dense_bf16_tflops);
        let hours = crate::cost::gpu_hours_for_budget(budget_usd, p.usd_per_gpu_hour);
        let row = BuyRow {
            provider: p.provider.to_string(),
            accelerator: p.accelerator.to_string(),
            usd_per_gpu_hour: p.usd_per_gpu_hour,
            gpu_hours: hours,
            pflop_hours: hours * peak / 1000.0,
        };
        crate::order::insert_by_key(&mut rows, row, |r| -r.gpu_hours);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serverless_vs_reserved_by_hand() {
        // H100 at $3.95/h per second (Modal) vs a reserved $2.37/h (40 % off, estimate):
        // d* = 2.37 / 3.95 = 0.6. At duty 0.3: $865.05 vs $1,730.10 a month; at 0.9: $2,595.15 vs $1,730.10.
        let d = breakeven_duty(2.37, 3.95);
        assert!((d - 0.6).abs() < 1e-12);
        assert!((monthly_busy_only(3.95, 0.3) - 865.05).abs() < 1e-9);
        assert!((monthly_reserved(2.37) - 1730.1).abs() < 1e-9);
        assert!(monthly_busy_only(3.95, 0.9) > monthly_reserved(2.37));
        // At the break-even the two bills are equal.
        assert!((monthly_busy_only(3.95, d) - monthly_reserved(2.37)).abs() < 1e-9);
    }

    #[test]
    fn selfhost_vs_api_by_hand() {
        // Llama 3.1 8B on one H100 SXM (3.35 TB/s, 989 TFLOP/s), batch 32: memory-bound
        // 32 * 3.35e12 / 1.6e10 = 6,700 tok/s; the compute cap at 50 % is 989e12 * 0.5 / 1.6e10 =
        // 30,906 tok/s, so 6,700 tok/s = 24.12M tokens an hour.
        let tps = decode_tokens_per_second(8e9, 3.35e12, 989e12, 32.0, 0.5);
        assert!((tps - 6700.0).abs() < 1e-9);
        // Batch 256 hits the compute cap instead.
        assert!(
            (decode_tokens_per_second(8e9, 3.35e12, 989e12, 256.0, 0.5) - 30_906.25).abs() < 1e-6
        );
        // At $6.88/h and 60 % utilisation: 6.88 / (24.12e6 * 0.6) * 1e6 = $0.4754 per million tokens.
        let per_mtok = selfhost_usd_per_mtok(1.0, 6.88, tps * 3600.0, 0.6);
        assert!((per_mtok - 0.475_400_1).abs() < 1e-6);
        // One always-on GPU costs 6.88 * 730 = $5,022.40 a month; against an API at $0.20 per
        // million tokens the break-even is 25.112 billion tokens a month.
        let be = breakeven_tokens_per_month(6.88 * 730.0, 0.20);
        assert!((be - 2.5112e10).abs() < 1.0);
        // A 3:1 input:output mix at $0.15 in / $0.60 out: 0.75 * 0.15 + 0.25 * 0.60 = $0.2625.
        assert!((blended_usd_per_mtok(0.15, 0.60, 0.75) - 0.2625).abs() < 1e-12);
    }

    #[test]
    fn budget_rows_are_sorted_and_priced() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let rows = what_budget_buys(&c, 50_000.0);
        assert_eq!(rows.len(), c.prices.len());
        assert!(rows.windows(2).all(|w| w[0].gpu_hours >= w[1].gpu_hours));
        // AWS H100 at $6.88: 50,000 / 6.88 = 7,267.44 hours = 7,187.5 dense PFLOP-hours.
        let aws = rows
            .iter()
            .find(|r| r.provider == "aws" && r.accelerator == "h100-sxm")
            .unwrap_or_else(|| panic!("no aws h100"));
        assert!((aws.gpu_hours - 7267.4419).abs() < 1e-3);
        assert!((aws.pflop_hours - 7187.5).abs() < 1e-6);
    }
}
