//! Billing modes and break-evens (DOMAIN.md section 3): serverless or on-demand against reserved by
//! duty cycle, self-hosted inference against an API by volume, and what a budget buys.
//!
//! Groundwork for the decision views; not yet on the page.

use crate::data::catalog::Catalog;
use crate::estimators::formulas::HOURS_PER_MONTH;
use crate::input::knobs::{HostMode, Precision, API_INPUT_SHARE};

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

/// Bytes of KV cache per token of context (DOMAIN.md section 2): keys and values (2) for every
/// layer and KV head, head_dim values each, in bf16 (2 bytes): 2 · layers · kv_heads · head_dim · 2.
pub fn kv_bytes_per_token(layers: f64, kv_heads: f64, head_dim: f64) -> f64 {
    2.0 * layers * kv_heads * head_dim * 2.0
}

/// Prefill throughput (input tokens) of one accelerator, tokens per second: compute-bound,
/// MFU · peak / 2N.
pub fn prefill_tokens_per_second(params: f64, peak_flops_per_s: f64, mfu: f64) -> f64 {
    mfu * peak_flops_per_s / (2.0 * params)
}

/// Decode throughput (output tokens) of one accelerator, tokens per second: memory-bound, each
/// step reads every weight once for the whole batch (`weight_bytes`: bytes per weight × total
/// parameters, for a mixture of experts all of them) plus every sequence's KV cache
/// (`kv_bytes_per_sequence`), so batch · bandwidth / (weights + batch · KV); capped by compute,
/// MFU · peak / 2N with N the active parameters.
pub fn decode_tokens_per_second(
    active_params: f64,
    weight_bytes: f64,
    bandwidth_bytes_per_s: f64,
    peak_flops_per_s: f64,
    batch: f64,
    kv_bytes_per_sequence: f64,
    mfu: f64,
) -> f64 {
    let memory_bound =
        batch * bandwidth_bytes_per_s / (weight_bytes + batch * kv_bytes_per_sequence);
    memory_bound.min(prefill_tokens_per_second(
        active_params,
        peak_flops_per_s,
        mfu,
    ))
}

/// Throughput over a mix of input and output tokens: the time per blended token is
/// f_in / prefill + f_out / decode (f_out = 1 − f_in), so tokens/s = 1 / that.
pub fn blended_tokens_per_second(prefill: f64, decode: f64, input_share: f64) -> f64 {
    1.0 / (input_share / prefill + (1.0 - input_share) / decode)
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

/// The billing views' numbers for a priced scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct BillingEstimate {
    /// Busy-only (on-demand or serverless) price, USD per GPU-hour: the scenario's price.
    pub busy_only_usd_per_hour: f64,
    /// Price of a self-hosting GPU in the chosen mode, USD per GPU-hour.
    pub host_usd_per_hour: f64,
    /// Reserved price, USD per GPU-hour (`None`: the provider has no reserved pricing).
    pub reserved_usd_per_hour: Option<f64>,
    /// d* = reserved / busy-only.
    pub breakeven_duty: Option<f64>,
    /// Prefill (input) throughput of one accelerator, tokens per second.
    pub prefill_tokens_per_s: f64,
    /// Decode (output) throughput of one accelerator with the KV reads, tokens per second.
    pub decode_tokens_per_s: f64,
    /// Both phases in the API's input:output mix, tokens per second.
    pub blended_tokens_per_s: f64,
    /// KV cache bytes per token of context of the model served.
    pub kv_bytes_per_token: f64,
    /// The catalog model whose attention shape sizes the KV cache (nearest in parameters).
    pub kv_model: String,
    /// Bytes one accelerator holds while decoding: weights + batch × context × KV.
    pub memory_needed_bytes: f64,
    /// The precision served: FP8 only where asked and the accelerator has an FP8 peak.
    pub precision: Precision,
    /// The accelerator's memory, bytes.
    pub memory_bytes: f64,
    /// Sequences decoded together.
    pub batch: f64,
    /// Tokens of context per sequence.
    pub context_tokens: f64,
    /// Blended throughput of one accelerator, tokens per hour.
    pub tokens_per_hour_per_gpu: f64,
    /// Self-hosted USD per million tokens at the utilisation (one GPU, busy-only price).
    pub selfhost_usd_per_mtok: f64,
    /// Tokens one accelerator serves a month at the utilisation.
    pub capacity_tokens_per_month: f64,
    /// Accelerators needed for the monthly volume (at least one).
    pub gpus_needed: f64,
    /// Self-hosting the volume, always-on GPUs at the busy-only price, USD a month.
    pub selfhost_monthly_usd: f64,
    /// What self-hosting the volume really costs per million tokens: the always-on GPUs' monthly
    /// bill over the monthly volume (far above [`Self::selfhost_usd_per_mtok`] when the volume
    /// leaves the GPUs idle most of the time).
    pub selfhost_usd_per_mtok_at_volume: f64,
    /// The monthly volume served, tokens.
    pub tokens_per_month: f64,
    /// The API's blended price, USD per million tokens.
    pub api_usd_per_mtok: f64,
    /// The API bill for the volume, USD a month.
    pub api_monthly_usd: f64,
    /// Monthly volume above which self-hosting is cheaper (`None`: never, per token the GPU is
    /// dearer than the API).
    pub breakeven_tokens_per_month: Option<f64>,
}

/// Prices the billing views for a job's accelerator, provider and MFU under the plan's billing
/// knobs.
pub fn estimate_billing(
    s: &crate::input::job::Job,
    b: &crate::input::knobs::BillingInputs,
    e: &crate::estimators::cost::Estimate,
    catalog: &Catalog,
) -> BillingEstimate {
    // Serving modes are priced on demand: the spot setting is a training run's (its reclaims are
    // priced as failures there), not a serving fleet's.
    let p = e.price.on_demand_usd_per_gpu_hour();
    let reserved = b.reserved_usd_per_hour.or_else(|| {
        catalog
            .provider(&s.provider_id)
            .and_then(|x| x.reserved_discount)
            .map(|d| p * (1.0 - d))
    });
    // FP8 where the accelerator has a dense FP8 peak (else bf16): 1 byte a weight and a KV value.
    let (precision, peak) = match (b.precision, e.accelerator.fp8_peak_flops_per_s()) {
        (Precision::Fp8, Some(fp8)) => (Precision::Fp8, fp8),
        _ => (Precision::Bf16, e.accelerator.peak_flops_per_s()),
    };
    let total = b.infer_params_total.unwrap_or(b.infer_params);
    let weight_bytes = precision.bytes() * total;
    let kv_model = kv_model_for(catalog, total);
    let kv_token = kv_model.map_or(0.0, |m| {
        kv_bytes_per_token(m.layers, m.kv_heads, m.head_dim) * precision.bytes() / 2.0
    });
    let prefill = prefill_tokens_per_second(b.infer_params, peak, s.mfu);
    let decode = decode_tokens_per_second(
        b.infer_params,
        weight_bytes,
        e.accelerator.bandwidth_tb_s * 1e12,
        peak,
        b.batch,
        kv_token * b.context_tokens,
        s.mfu,
    );
    let blended = blended_tokens_per_second(prefill, decode, API_INPUT_SHARE);
    let tph = blended * 3600.0;
    let spot = catalog
        .provider(&s.provider_id)
        .and_then(|x| x.spot_discount)
        .map(|d| p * (1.0 - d));
    let host = match b.host_mode {
        HostMode::OnDemand => p,
        HostMode::Reserved => reserved.unwrap_or(p),
        HostMode::Spot => spot.unwrap_or(p),
    };
    let per_mtok = selfhost_usd_per_mtok(1.0, host, tph, b.utilisation);
    let capacity = tph * HOURS_PER_MONTH * b.utilisation;
    let gpus_needed = (b.tokens_per_month / capacity).ceil().max(1.0);
    let api = b.api_usd_per_mtok.unwrap_or_else(|| {
        catalog.api(&b.api_id).map_or(f64::NAN, |a| {
            blended_usd_per_mtok(a.input_usd_per_mtok, a.output_usd_per_mtok, API_INPUT_SHARE)
        })
    });
    BillingEstimate {
        busy_only_usd_per_hour: p,
        host_usd_per_hour: host,
        reserved_usd_per_hour: reserved,
        breakeven_duty: reserved.map(|r| breakeven_duty(r, p)),
        prefill_tokens_per_s: prefill,
        decode_tokens_per_s: decode,
        blended_tokens_per_s: blended,
        kv_bytes_per_token: kv_token,
        kv_model: kv_model.map_or_else(String::new, |m| m.name.to_string()),
        memory_needed_bytes: weight_bytes + b.batch * b.context_tokens * kv_token,
        precision,
        memory_bytes: e.accelerator.memory_gb * 1e9,
        batch: b.batch,
        context_tokens: b.context_tokens,
        tokens_per_hour_per_gpu: tph,
        selfhost_usd_per_mtok: per_mtok,
        capacity_tokens_per_month: capacity,
        gpus_needed,
        selfhost_monthly_usd: gpus_needed * monthly_busy_only(host, 1.0),
        selfhost_usd_per_mtok_at_volume: gpus_needed * monthly_busy_only(host, 1.0)
            / (b.tokens_per_month / 1e6),
        tokens_per_month: b.tokens_per_month,
        api_usd_per_mtok: api,
        api_monthly_usd: b.tokens_per_month / 1e6 * api,
        breakeven_tokens_per_month: (per_mtok < api)
            .then(|| breakeven_tokens_per_month(monthly_busy_only(host, 1.0), api)),
    }
}

/// The duty-cycle chart's lines: one GPU a month billed busy-only at each duty (p · 730 · d), and
/// reserved (always paid, r · 730) when the provider sells it; the break-even point when it lies
/// within 100 % duty.
#[derive(Clone, Debug, PartialEq)]
pub struct DutySweep {
    /// (duty, USD a month) busy-only.
    pub busy_only: Vec<(f64, f64)>,
    /// (duty, USD a month) reserved.
    pub reserved: Option<Vec<(f64, f64)>>,
    /// (d*, USD a month) where the lines cross.
    pub breakeven: Option<(f64, f64)>,
}

/// The duty-cycle chart for a billing estimate, at `duties`.
pub fn duty_sweep(b: &BillingEstimate, duties: &[f64]) -> DutySweep {
    let p = b.busy_only_usd_per_hour;
    DutySweep {
        busy_only: duties
            .iter()
            .map(|&d| (d, monthly_busy_only(p, d)))
            .collect(),
        reserved: b
            .reserved_usd_per_hour
            .map(|r| duties.iter().map(|&d| (d, monthly_reserved(r))).collect()),
        breakeven: b
            .breakeven_duty
            .filter(|d| *d <= 1.0)
            .map(|d| (d, monthly_busy_only(p, d))),
    }
}

/// The volume chart's lines: the API's monthly bill (volume × blended price) and self-hosting's
/// (whole always-on GPUs for the volume at the utilisation, in the chosen mode), from 1/10,000 of
/// the top volume to the top: ten times the plan's volume, four times the break-even, at least 1B.
#[derive(Clone, Debug, PartialEq)]
pub struct VolumeSweep {
    /// (tokens a month, USD a month) through the API.
    pub api: Vec<(f64, f64)>,
    /// (tokens a month, USD a month) self-hosted.
    pub self_hosted: Vec<(f64, f64)>,
    /// (break-even volume, one GPU a month) where one self-hosted GPU costs what the API does.
    pub breakeven: Option<(f64, f64)>,
}

/// The volume chart for a billing estimate, with `points` volumes on a log scale.
pub fn volume_sweep(b: &BillingEstimate, points: usize) -> VolumeSweep {
    let hi = (b.tokens_per_month * 10.0)
        .max(b.breakeven_tokens_per_month.unwrap_or(0.0) * 4.0)
        .max(1e9);
    let volumes = crate::estimators::overheads::log_space(hi / 1e4, hi, points);
    let monthly_gpu = monthly_busy_only(b.host_usd_per_hour, 1.0);
    let capacity = b.capacity_tokens_per_month;
    VolumeSweep {
        api: volumes
            .iter()
            .map(|&v| (v, v / 1e6 * b.api_usd_per_mtok))
            .collect(),
        self_hosted: volumes
            .iter()
            .map(|&v| (v, (v / capacity).ceil().max(1.0) * monthly_gpu))
            .collect(),
        breakeven: b.breakeven_tokens_per_month.map(|v| (v, monthly_gpu)),
    }
}

/// The catalog model closest in total parameters (by ratio) to a served model of `params`: its
/// layers, KV heads and head dimension size the KV cache.
pub fn kv_model_for(catalog: &Catalog, params: f64) -> Option<&crate::data::catalog::BaseModel> {
    let mut best: Option<(&crate::data::catalog::BaseModel, f64)> = None;
    for m in &catalog.base_models {
        let d = (m.params / params).ln().abs();
        if best.is_none_or(|(_, bd)| d < bd) {
            best = Some((m, d));
        }
    }
    best.map(|(m, _)| m)
}

/// One provider's billing modes for an accelerator.
#[derive(Clone, Debug, PartialEq)]
pub struct ModeRow {
    /// Provider id.
    pub provider: String,
    /// How it bills, in words (from the catalog).
    pub billing: String,
    /// On-demand (or per-second serverless) list price, USD per GPU-hour.
    pub on_demand: f64,
    /// Reserved price, USD per GPU-hour, if the provider sells it.
    pub reserved: Option<f64>,
    /// Spot price, USD per GPU-hour, and reclaims per GPU (GPU-hours between them), if sold.
    pub spot: Option<(f64, f64)>,
    /// One GPU a month at the duty cycle: busy-only, reserved (always paid), spot (busy-only).
    pub monthly: (f64, Option<f64>, Option<f64>),
}

/// Every provider that rents the accelerator, with each billing mode's price and what one GPU
/// costs a month at `duty`, cheapest on-demand first.
pub fn billing_modes(catalog: &Catalog, accelerator: &str, duty: f64) -> Vec<ModeRow> {
    catalog
        .offers(accelerator)
        .filter_map(|price| {
            let p = catalog.provider(&price.provider)?;
            let od = price.usd_per_gpu_hour;
            let reserved = p.reserved_discount.map(|d| od * (1.0 - d));
            let spot = p
                .spot_discount
                .zip(p.spot_mtbf_gpu_hours)
                .map(|(d, m)| (od * (1.0 - d), m));
            Some(ModeRow {
                provider: p.id.to_string(),
                billing: p.billing_text().to_string(),
                on_demand: od,
                reserved,
                spot,
                monthly: (
                    monthly_busy_only(od, duty),
                    reserved.map(monthly_reserved),
                    spot.map(|(s, _)| monthly_busy_only(s, duty)),
                ),
            })
        })
        .collect()
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
        let hours =
            crate::estimators::formulas::gpu_hours_for_budget(budget_usd, p.usd_per_gpu_hour);
        let row = BuyRow {
            provider: p.provider.to_string(),
            accelerator: p.accelerator.to_string(),
            usd_per_gpu_hour: p.usd_per_gpu_hour,
            gpu_hours: hours,
            pflop_hours: hours * peak / 1000.0,
        };
        crate::io::order::insert_by_key(&mut rows, row, |r| -r.gpu_hours);
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
    fn the_break_even_charts_by_hand() {
        // The default scenario: H100 at AWS, $6.88/h on demand; AWS's reserved discount gives the
        // reserved line. Duty 0.5: busy-only 6.88 x 730 x 0.5 = $2,511.20 a month.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s = crate::input::job::Job::default();
        let e = crate::estimators::cost::estimate(&s, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let b = estimate_billing(&s, &Default::default(), &e, &c);
        let d = duty_sweep(&b, &[0.5, 1.0]);
        assert!((d.busy_only[0].1 - 2_511.2).abs() < 1e-9);
        let r = b
            .reserved_usd_per_hour
            .unwrap_or_else(|| panic!("AWS sells reserved"));
        // Reserved is paid whatever the duty: r x 730 at both duties; they cross at d* = r / p.
        assert_eq!(d.reserved, Some(vec![(0.5, r * 730.0), (1.0, r * 730.0)]));
        let (bd, usd) = d
            .breakeven
            .unwrap_or_else(|| panic!("break-even within 100 %"));
        assert!((bd - r / 6.88).abs() < 1e-12 && (usd - r * 730.0).abs() < 1e-9);
        // Volume: 2B tokens a month (the default) -> top volume 20B, 60 points from 2M to 20B; the
        // API line is volume / 1e6 x its blended price; self-hosting is whole GPUs x p x 730.
        let v = volume_sweep(&b, 60);
        assert_eq!(v.api.len(), 60);
        assert!((v.api[0].0 - 2e6).abs() < 1e-3 && (v.api[59].0 - 2e10).abs() < 1.0);
        let (x, y) = v.api[59];
        assert!((y - x / 1e6 * b.api_usd_per_mtok).abs() < 1e-9);
        // The smallest volume still needs one whole GPU: 6.88 x 730 = $5,022.40.
        assert!((v.self_hosted[0].1 - 5_022.4).abs() < 1e-9);
    }

    #[test]
    fn selfhost_vs_api_by_hand() {
        // Llama 3.1 8B (config.json: 32 layers, 8 KV heads, head_dim 128) served as N = 8e9 in
        // bf16 on one H100 SXM (989 TFLOP/s dense, 3.35 TB/s), MFU 0.4, batch 32, 2,048 tokens of
        // context per sequence.
        // KV cache: 2 * 32 * 8 * 128 * 2 = 131,072 bytes a token; * 2,048 = 268,435,456 a sequence.
        let kv = kv_bytes_per_token(32.0, 8.0, 128.0);
        assert_eq!(kv, 131_072.0);
        // Prefill (compute-bound): 0.4 * 989e12 / (2 * 8e9) = 3.956e14 / 1.6e10 = 24,725 tok/s.
        let prefill = prefill_tokens_per_second(8e9, 989e12, 0.4);
        assert!((prefill - 24_725.0).abs() < 1e-9);
        // Decode: 32 * 3.35e12 / (1.6e10 + 32 * 268,435,456) = 1.072e14 / 24,589,934,592
        // = 4,359.507 tok/s (without the KV reads it was 1.072e14 / 1.6e10 = 6,700), under the
        // compute cap of 24,725.
        let decode = decode_tokens_per_second(8e9, 1.6e10, 3.35e12, 989e12, 32.0, kv * 2048.0, 0.4);
        assert!((decode - 4_359.507_326).abs() < 1e-5);
        // A huge batch of one-token contexts is capped by compute: 4,096 * 3.35e12 /
        // (1.6e10 + 4,096 * 131,072) = 829,758 tok/s > 24,725.
        assert!(
            (decode_tokens_per_second(8e9, 1.6e10, 3.35e12, 989e12, 4096.0, kv, 0.4) - 24_725.0)
                .abs()
                < 1e-9
        );
        // 3 input : 1 output: seconds per token 0.75 / 24,725 + 0.25 / 4,359.507
        // = 3.0334e-5 + 5.7346e-5 = 8.7680e-5, so 11,405.16 tok/s = 41.0586M tokens an hour.
        let blended = blended_tokens_per_second(prefill, decode, 0.75);
        assert!((blended - 11_405.161_53).abs() < 1e-4);
        // At $6.88/h and 60 % utilisation: 6.88 / (41.0586e6 * 0.6) * 1e6 = $0.279276 per million
        // tokens (decode-only at peak bandwidth it read $0.4754).
        let per_mtok = selfhost_usd_per_mtok(1.0, 6.88, blended * 3600.0, 0.6);
        assert!((per_mtok - 0.279_276).abs() < 1e-6);
        // One always-on GPU costs 6.88 * 730 = $5,022.40 a month; against an API at $0.50 per
        // million tokens (cheaper per token than the API: 0.279 < 0.50) the break-even is
        // 5,022.40 / 0.50 * 1e6 = 10.0448 billion tokens a month, within the GPU's capacity of
        // 41.0586e6 * 730 * 0.6 = 17.98 billion.
        let be = breakeven_tokens_per_month(6.88 * 730.0, 0.50);
        assert!((be - 1.00448e10).abs() < 1.0);
        assert!(be < blended * 3600.0 * 730.0 * 0.6);
        // A 3:1 input:output mix at $0.15 in / $0.60 out: 0.75 * 0.15 + 0.25 * 0.60 = $0.2625.
        assert!((blended_usd_per_mtok(0.15, 0.60, 0.75) - 0.2625).abs() < 1e-12);
    }

    #[test]
    fn the_kv_cache_comes_from_the_nearest_catalog_model() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        // 8B is nearest Llama 3.1 8B (8.03B); 70B nearest Llama 3.1 70B (70.6B): 80 layers,
        // 8 KV heads, head_dim 128 = 2 * 80 * 8 * 128 * 2 = 327,680 bytes a token.
        let m8 = kv_model_for(&c, 8e9).map(|m| m.id.to_string());
        assert_eq!(m8.as_deref(), Some("llama-3.1-8b"));
        let m70 = kv_model_for(&c, 70e9).unwrap_or_else(|| panic!("70B"));
        assert_eq!(m70.id.as_ref(), "llama-3.1-70b");
        assert_eq!(
            kv_bytes_per_token(m70.layers, m70.kv_heads, m70.head_dim),
            327_680.0
        );
        // Qwen2.5 7B has 4 KV heads over 28 layers (config.json): 2 * 28 * 4 * 128 * 2 = 57,344.
        let q = c.base_model("qwen2.5-7b").unwrap_or_else(|| panic!("qwen"));
        assert_eq!(
            kv_bytes_per_token(q.layers, q.kv_heads, q.head_dim),
            57_344.0
        );
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

    #[test]
    fn billing_views_for_the_default_scenario_by_hand() {
        // AWS H100 at $6.88, reserved 45 % off (estimate): $3.784, d* = 0.55.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s = crate::input::job::Job::default();
        let k = crate::input::knobs::BillingInputs::default();
        let e = crate::estimators::cost::estimate(&s, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let b = estimate_billing(&s, &k, &e, &c);
        assert!((b.reserved_usd_per_hour.unwrap_or(f64::NAN) - 3.784).abs() < 1e-9);
        assert!((b.breakeven_duty.unwrap_or(f64::NAN) - 0.55).abs() < 1e-12);
        // 8B model, batch 32, 2,048 tokens of context, MFU 0.4 on H100: 41.0586M blended tokens an
        // hour (see above); at 60 %: $0.279276/Mtok; memory 1.6e10 + 32 * 268,435,456 = 24.59 GB.
        assert!((b.tokens_per_hour_per_gpu - 41_058_581.5).abs() < 1.0);
        assert!((b.selfhost_usd_per_mtok - 0.279_276).abs() < 1e-6);
        assert_eq!(b.kv_model, "Llama 3.1 8B");
        assert_eq!(b.memory_needed_bytes, 24_589_934_592.0);
        assert_eq!(b.memory_bytes, 80e9);
        // 2B tokens a month need ceil(2e9 / (41.0586e6 * 730 * 0.6)) = 1 GPU: $5,022.40.
        assert_eq!(b.gpus_needed, 1.0);
        assert!((b.selfhost_monthly_usd - 5022.4).abs() < 1e-9);
        // At 2B tokens a month that GPU is mostly idle: $5,022.40 / 2,000 Mtok = $2.5112 per
        // million tokens, nine times the full-load figure.
        assert!((b.selfhost_usd_per_mtok_at_volume - 2.5112).abs() < 1e-9);
        // GPT-4o mini blended 3:1: 0.75 * 0.15 + 0.25 * 0.60 = $0.2625/Mtok: $525 a month for 2B,
        // and per token the API is cheaper than this GPU (0.2625 < 0.2793): no break-even.
        assert!((b.api_usd_per_mtok - 0.2625).abs() < 1e-12);
        assert!((b.api_monthly_usd - 525.0).abs() < 1e-9);
        assert_eq!(b.breakeven_tokens_per_month, None);
        // Against GPT-4o ($2.50 / $10: blended $4.375) self-hosting pays above
        // 5,022.40 / 4.375 * 1e6 = 1.148 billion tokens a month.
        let mut k2 = k.clone();
        k2.api_id = "gpt-4o".into();
        let b2 = estimate_billing(&s, &k2, &e, &c);
        assert!((b2.breakeven_tokens_per_month.unwrap_or(f64::NAN) - 1.147_977_1e9).abs() < 1e3);
        // Reserved inference GPUs ($3.784): self-hosting pays above 3.784 * 730 / 4.375 * 1e6 =
        // 631.4M tokens a month against GPT-4o.
        k2.host_mode = HostMode::Reserved;
        let b3 = estimate_billing(&s, &k2, &e, &c);
        assert!((b3.breakeven_tokens_per_month.unwrap_or(f64::NAN) - 6.313_874_3e8).abs() < 1e3);
        // 8,192 tokens of context: KV 32 * 131,072 * 8,192 = 34,359,738,368 bytes a step; decode
        // 1.072e14 / 50,359,738,368 = 2,128.685 tok/s; blended 1 / (0.75 / 24,725 +
        // 0.25 / 2,128.685) = 1 / (3.0334e-5 + 1.17444e-4) = 6,766.95 tok/s.
        let mut long = k.clone();
        long.context_tokens = 8192.0;
        let bl = estimate_billing(&s, &long, &e, &c);
        assert!(
            (bl.decode_tokens_per_s - 2_128.684_6).abs() < 1e-3,
            "{}",
            bl.decode_tokens_per_s
        );
        assert!(
            (bl.blended_tokens_per_s - 6_766.95).abs() < 1e-2,
            "{}",
            bl.blended_tokens_per_s
        );
        assert_eq!(HostMode::from_id("spot"), Some(HostMode::Spot));
        assert_eq!(HostMode::Reserved.id(), "reserved");
        // Modal has no reserved pricing: no break-even duty unless overridden.
        let mut m = s.clone();
        m.provider_id = "modal".into();
        let em = crate::estimators::cost::estimate(&m, &c).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(estimate_billing(&m, &k, &em, &c).breakeven_duty, None);
        let mut km = k.clone();
        km.reserved_usd_per_hour = Some(2.0);
        assert!(
            (estimate_billing(&m, &km, &em, &c)
                .breakeven_duty
                .unwrap_or(f64::NAN)
                - 2.0 / 3.95)
                .abs()
                < 1e-12
        );
    }

    #[test]
    fn billing_modes_of_the_h100_by_hand() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let rows = billing_modes(&c, "h100-sxm", 0.5);
        assert!(rows.windows(2).all(|w| w[0].on_demand <= w[1].on_demand));
        // AWS $6.88: reserved 45 % off = $3.784; spot 60 % off = $2.752 with reclaims every
        // 29,200 GPU-hours; at duty 0.5: $2,511.20 busy-only, $2,762.32 reserved, $1,004.48 spot.
        let aws = rows
            .iter()
            .find(|r| r.provider == "aws")
            .unwrap_or_else(|| panic!("aws"));
        assert!((aws.reserved.unwrap_or(f64::NAN) - 3.784).abs() < 1e-9);
        assert_eq!(aws.spot.map(|s| s.1), Some(29_200.0));
        assert!((aws.monthly.0 - 2511.2).abs() < 1e-9);
        assert!((aws.monthly.1.unwrap_or(f64::NAN) - 2762.32).abs() < 1e-9);
        assert!((aws.monthly.2.unwrap_or(f64::NAN) - 1004.48).abs() < 1e-9);
        // Modal bills per second and sells neither reserved nor spot capacity.
        let modal = rows
            .iter()
            .find(|r| r.provider == "modal")
            .unwrap_or_else(|| panic!("modal"));
        assert_eq!((modal.reserved, modal.spot), (None, None));
        assert!(modal.billing.contains("per-second"));
    }
}
