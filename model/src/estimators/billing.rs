//! Billing modes and break-evens: serverless or on-demand against reserved by duty cycle,
//! self-hosted inference (sized by [`crate::estimators::serving`]) against an API by volume, and
//! what a budget buys.

use crate::data::catalog::Catalog;
use crate::estimators::formulas::HOURS_PER_MONTH;
use crate::estimators::serving::{
    Chip, Deployment, GroupRun, ModelShape, NoFit, Request, ServingSetup,
};
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

/// Self-hosted cost per million tokens: gpus · p / (tokens per hour at the achieved utilisation)
/// · 10⁶ (docs/model.md, "Billing and decisions").
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
    /// Provider id of the accelerators served on.
    pub provider_id: String,
    /// Accelerator id.
    pub accelerator_id: String,
    /// The machine the provider rents them in (`p5.48xlarge`; empty when the catalog has none).
    pub instance: String,
    /// Busy-only (on-demand or serverless) price, USD per GPU-hour: the scenario's price.
    pub busy_only_usd_per_hour: f64,
    /// Price of a self-hosting GPU in the chosen mode, USD per GPU-hour.
    pub host_usd_per_hour: f64,
    /// Reserved price, USD per GPU-hour (`None`: the provider has no reserved pricing).
    pub reserved_usd_per_hour: Option<f64>,
    /// d* = reserved / busy-only.
    pub breakeven_duty: Option<f64>,
    /// Prefill (input) throughput per accelerator of the group, tokens per second.
    pub prefill_tokens_per_s: f64,
    /// Decode (output) throughput per accelerator at the served batch, prefills included, tokens
    /// per second.
    pub decode_tokens_per_s: f64,
    /// Input and output tokens per accelerator, tokens per second.
    pub blended_tokens_per_s: f64,
    /// KV cache bytes per token of context of the model served (whole model).
    pub kv_bytes_per_token: f64,
    /// The catalog model whose attention shape sizes the KV cache (nearest in parameters).
    pub kv_model: String,
    /// The precision served: FP8 only where asked and the accelerator has an FP8 peak.
    pub precision: Precision,
    /// The accelerator's memory, bytes.
    pub memory_bytes: f64,
    /// Tokens of a request (prompt + answer).
    pub context_tokens: f64,
    /// What the deployment is sized from.
    pub setup: ServingSetup,
    /// The deployment for the volume, or why the model fits no group of the provider's machines.
    pub deployment: Result<Deployment, NoFit>,
    /// Blended throughput of one accelerator, tokens per hour.
    pub tokens_per_hour_per_gpu: f64,
    /// Self-hosted USD per million tokens at the utilisation (per accelerator, the chosen mode).
    pub selfhost_usd_per_mtok: f64,
    /// Tokens one accelerator serves a month at the utilisation.
    pub capacity_tokens_per_month: f64,
    /// Accelerators billed for the monthly volume (whole machines where the provider rents them).
    pub gpus_needed: f64,
    /// Self-hosting the volume, always-on billed accelerators in the chosen mode, USD a month.
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
    /// The smallest deployment (one replica on the fewest billed accelerators), USD a month (0
    /// when the model fits no group).
    pub least_monthly_usd: f64,
    /// Monthly volume above which self-hosting is cheaper: the smallest deployment's month over
    /// the API's price, when that deployment can serve it (`None`: never, per token the GPUs are
    /// dearer than the API, or the model fits no machine).
    pub breakeven_tokens_per_month: Option<f64>,
}

impl BillingEstimate {
    /// The same deployment at another price per accelerator-hour (a serving line's override):
    /// every figure priced from the host price follows.
    pub fn reprice(&mut self, usd_per_gpu_hour: f64) {
        self.host_usd_per_hour = usd_per_gpu_hour;
        let monthly = monthly_busy_only(usd_per_gpu_hour, 1.0);
        self.selfhost_monthly_usd = self.gpus_needed * monthly;
        self.selfhost_usd_per_mtok_at_volume =
            self.selfhost_monthly_usd / (self.tokens_per_month / 1e6);
        if self.tokens_per_hour_per_gpu > 0.0 {
            self.selfhost_usd_per_mtok = selfhost_usd_per_mtok(
                1.0,
                usd_per_gpu_hour,
                self.tokens_per_hour_per_gpu,
                self.setup.utilisation,
            );
        }
        // The smallest deployment's month at the new price, priced as estimate_billing prices it
        // (a ratio of prices could not scale a month priced at a typed free host's $0).
        let smallest = self.setup.deploy(0.0);
        self.least_monthly_usd = least_monthly_usd(smallest.as_ref().ok(), usd_per_gpu_hour);
        let least_capacity = smallest.as_ref().map_or(0.0, |d| {
            d.capacity_tokens_per_s() * 3600.0 * HOURS_PER_MONTH * self.setup.utilisation
        });
        self.breakeven_tokens_per_month = (self.api_usd_per_mtok > 0.0
            && self.least_monthly_usd > 0.0)
            .then(|| breakeven_tokens_per_month(self.least_monthly_usd, self.api_usd_per_mtok))
            .filter(|&v| v <= least_capacity);
    }

    /// Whether the bill counts more accelerators than the needed replicas use because the
    /// provider rents whole machines.
    pub fn whole_machines(&self) -> bool {
        self.deployment
            .as_ref()
            .is_ok_and(|d| d.billed_gpus > d.gpus)
    }
}

/// The smallest deployment's month, its billed GPUs busy the whole month at `host` an hour ($0
/// when the model fits no deployment).
fn least_monthly_usd(smallest: Option<&Deployment>, host: f64) -> f64 {
    smallest.map_or(0.0, |d| {
        f64::from(d.billed_gpus) * monthly_busy_only(host, 1.0)
    })
}

/// The machine sizes a provider rents an accelerator in (ascending GPU counts; one GPU at a time
/// where the catalog has no instance).
pub fn rent_sizes(catalog: &Catalog, provider: &str, accelerator: &str) -> Vec<u32> {
    let sizes = catalog.rent_sizes(provider, accelerator);
    if sizes.is_empty() {
        vec![1]
    } else {
        sizes.to_vec()
    }
}

/// The served model's shape: the line's parameters with the attention shape of the catalog model
/// nearest in total parameters (its layers, heads, KV heads, widths and experts).
pub fn model_shape(catalog: &Catalog, active: f64, total: Option<f64>) -> ModelShape {
    let total = total.unwrap_or(active).max(active);
    let m = kv_model_for(catalog, total);
    // A mixture's experts come from its nearest catalog model only when that model is a mixture;
    // one nearest a dense model (12B active of 70.6B) takes the defaults, as training does
    // (`parallel::moe_of`), not the dense model's one expert.
    let mixture = m.filter(|m| m.routed_experts > 1.0);
    ModelShape {
        active_params: active,
        total_params: total,
        layers: m.map_or(32.0, |m| m.layers),
        heads: m.map_or(32, |m| m.attention_heads as u32),
        kv_heads: m.map_or(8, |m| m.kv_heads as u32),
        head_dim: m.map_or(128.0, |m| m.head_dim),
        hidden: m.map_or(4096.0, |m| m.hidden),
        experts: if total > active {
            mixture.map_or(crate::estimators::parallel::DEFAULT_EXPERTS, |m| {
                m.routed_experts
            })
        } else {
            1.0
        },
        experts_per_token: if total > active {
            mixture.map_or(crate::estimators::parallel::DEFAULT_TOP_K, |m| {
                m.experts_per_token
            })
        } else {
            1.0
        },
    }
}

/// Prices the billing views for a job's accelerator and provider under the plan's billing knobs:
/// the serving model ([`crate::estimators::serving`]) sizes the deployment for the volume.
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
    let shape = model_shape(catalog, b.infer_params, b.infer_params_total);
    let kv_model = kv_model_for(catalog, shape.total_params);
    let bytes = precision.bytes();
    let setup = ServingSetup {
        shape,
        chip: Chip {
            peak_flops_per_s: peak,
            bandwidth_bytes_per_s: e.accelerator.bandwidth_tb_s * 1e12,
            memory_bytes: e.accelerator.memory_gb * 1e9,
            link_bytes_per_s: e.accelerator.intra_node_gb_s * 1e9 / 2.0,
        },
        bytes,
        request: Request {
            input: (b.context_tokens * API_INPUT_SHARE).round().max(1.0),
            output: (b.context_tokens * (1.0 - API_INPUT_SHARE))
                .round()
                .max(1.0),
        },
        user_tokens_per_s: (b.user_tokens_per_s > 0.0).then_some(b.user_tokens_per_s),
        utilisation: b.utilisation,
        rent_sizes: rent_sizes(catalog, &s.provider_id, &s.accelerator_id),
    };
    let deployment = setup.deploy(b.tokens_per_month);
    let smallest = setup.deploy(0.0);
    let spot = catalog
        .provider(&s.provider_id)
        .and_then(|x| x.spot_discount)
        .map(|d| p * (1.0 - d));
    let host = match b.host_mode {
        HostMode::OnDemand => p,
        HostMode::Reserved => reserved.unwrap_or(p),
        HostMode::Spot => spot.unwrap_or(p),
    };
    let api = b.api_usd_per_mtok.unwrap_or_else(|| {
        catalog.api(&b.api_id).map_or(f64::NAN, |a| {
            blended_usd_per_mtok(a.input_usd_per_mtok, a.output_usd_per_mtok, API_INPUT_SHARE)
        })
    });
    // Per accelerator of a group at its batch (0 when the model fits no group).
    let group = deployment.as_ref().ok().map(|d| d.group);
    let per_gpu = |v: f64, g: &GroupRun| v / f64::from(g.tp);
    let blended = group.map_or(0.0, |g| per_gpu(g.tokens_per_s, &g));
    let decode = group.map_or(0.0, |g| per_gpu(g.output_tokens_per_s, &g));
    let prefill = group.map_or(0.0, |g| per_gpu(g.input_per_s(setup.request), &g));
    let tph = blended * 3600.0;
    let capacity = tph * HOURS_PER_MONTH * b.utilisation;
    let gpus_needed = deployment
        .as_ref()
        .map_or(0.0, |d| f64::from(d.billed_gpus));
    let monthly = gpus_needed * monthly_busy_only(host, 1.0);
    let least = least_monthly_usd(smallest.as_ref().ok(), host);
    let least_capacity = smallest.as_ref().map_or(0.0, |d| {
        d.capacity_tokens_per_s() * 3600.0 * HOURS_PER_MONTH * b.utilisation
    });
    BillingEstimate {
        provider_id: s.provider_id.clone(),
        accelerator_id: s.accelerator_id.clone(),
        instance: catalog
            .instance(&s.provider_id, &s.accelerator_id)
            .map_or_else(String::new, |i| i.instance.to_string()),
        busy_only_usd_per_hour: p,
        host_usd_per_hour: host,
        reserved_usd_per_hour: reserved,
        breakeven_duty: reserved.map(|r| breakeven_duty(r, p)),
        prefill_tokens_per_s: prefill,
        decode_tokens_per_s: decode,
        blended_tokens_per_s: blended,
        kv_bytes_per_token: shape.kv_bytes_per_token(bytes),
        kv_model: kv_model.map_or_else(String::new, |m| m.name.to_string()),
        precision,
        memory_bytes: e.accelerator.memory_gb * 1e9,
        context_tokens: b.context_tokens,
        setup,
        deployment,
        tokens_per_hour_per_gpu: tph,
        // 0 when the model fits no group (the page shows none for every serving figure then).
        selfhost_usd_per_mtok: if tph > 0.0 {
            selfhost_usd_per_mtok(1.0, host, tph, b.utilisation)
        } else {
            0.0
        },
        capacity_tokens_per_month: capacity,
        gpus_needed,
        selfhost_monthly_usd: monthly,
        selfhost_usd_per_mtok_at_volume: monthly / (b.tokens_per_month / 1e6),
        tokens_per_month: b.tokens_per_month,
        api_usd_per_mtok: api,
        api_monthly_usd: b.tokens_per_month / 1e6 * api,
        least_monthly_usd: least,
        breakeven_tokens_per_month: (api > 0.0 && least > 0.0)
            .then(|| breakeven_tokens_per_month(least, api))
            .filter(|&v| v <= least_capacity),
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
    VolumeSweep {
        api: volumes
            .iter()
            .map(|&v| (v, v / 1e6 * b.api_usd_per_mtok))
            .collect(),
        // The deployment each volume needs, on the provider's machines (none when the model fits
        // no machine).
        self_hosted: volumes
            .iter()
            .filter_map(|&v| {
                let d = b.setup.deploy(v).ok()?;
                Some((v, f64::from(d.billed_gpus) * monthly_gpu))
            })
            .collect(),
        breakeven: b
            .breakeven_tokens_per_month
            .map(|v| (v, b.least_monthly_usd)),
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

/// The billing views of Llama 3.1 70B's shape at 70B parameters, 2B tokens a month, on AWS H100s
/// (the default job's provider and accelerator): the worked example of the tests.
#[cfg(test)]
pub(crate) fn llama_70b_on_aws(catalog: &Catalog, precision: Precision) -> BillingEstimate {
    let s = crate::input::job::Job::default();
    let k = crate::input::knobs::BillingInputs {
        infer_params: 70e9,
        precision,
        ..Default::default()
    };
    let e = crate::estimators::cost::estimate(&s, catalog).unwrap_or_else(|e| panic!("{e:?}"));
    estimate_billing(&s, &k, &e, catalog)
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
        // Volume: 2B tokens a month (the default), break-even 19.13B (see below) -> top volume
        // 4 x 19.13B = 76.5B, 60 points from 7.65M; the API line is volume / 1e6 x its blended
        // price; self-hosting is the billed GPUs x p x 730.
        let v = volume_sweep(&b, 60);
        assert_eq!(v.api.len(), 60);
        let top = 4.0 * 5022.4 / 0.2625 * 1e6;
        assert!((v.api[0].0 - top / 1e4).abs() < 1.0 && (v.api[59].0 - top).abs() < 10.0);
        let (x, y) = v.api[59];
        assert!((y - x / 1e6 * b.api_usd_per_mtok).abs() < 1e-9);
        // The smallest volume still needs one whole GPU: 6.88 x 730 = $5,022.40; the top,
        // 76.5B a month = 48,534 tokens/s at 60 %, needs ceil(48,534 / 20,427) = 3 GPUs.
        assert!((v.self_hosted[0].1 - 5_022.4).abs() < 1e-9);
        assert!((v.self_hosted[59].1 - 3.0 * 5_022.4).abs() < 1e-9);
    }

    #[test]
    fn selfhost_and_api_prices_by_hand() {
        // At $6.88/h and 60 % utilisation, 20,427.39 tokens/s a GPU (73.54M an hour):
        // 6.88 / (73.54e6 * 0.6) * 1e6 = $0.155927 per million tokens.
        let per_mtok = selfhost_usd_per_mtok(1.0, 6.88, 20_427.389_16 * 3600.0, 0.6);
        assert!((per_mtok - 0.155_927).abs() < 1e-6, "{per_mtok}");
        // One always-on GPU costs 6.88 * 730 = $5,022.40 a month; against an API at $0.50 per
        // million tokens the break-even is 5,022.40 / 0.50 * 1e6 = 10.0448 billion tokens.
        let be = breakeven_tokens_per_month(6.88 * 730.0, 0.50);
        assert!((be - 1.00448e10).abs() < 1.0);
        // A 3:1 input:output mix at $0.15 in / $0.60 out: 0.75 * 0.15 + 0.25 * 0.60 = $0.2625.
        assert!((blended_usd_per_mtok(0.15, 0.60, 0.75) - 0.2625).abs() < 1e-12);
    }

    #[test]
    fn the_kv_cache_comes_from_the_nearest_catalog_model() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        // 8B is nearest Llama 3.1 8B (8.03B); 70B nearest Llama 3.1 70B (70.6B): 80 layers,
        // 8 KV heads, head_dim 128 = 2 * 80 * 8 * 128 * 2 = 327,680 bytes a token in bf16.
        let m8 = kv_model_for(&c, 8e9).map(|m| m.id.to_string());
        assert_eq!(m8.as_deref(), Some("llama-3.1-8b"));
        let m70 = model_shape(&c, 70e9, None);
        assert_eq!(m70.kv_bytes_per_token(2.0), 327_680.0);
        // Its 64 query heads (config.json) bound the tensor-parallel degree.
        assert_eq!(m70.heads, 64);
        // Qwen2.5 7B has 4 KV heads over 28 layers (config.json): 2 * 28 * 4 * 128 * 2 = 57,344.
        let q = model_shape(&c, 7.6e9, None);
        assert_eq!(q.kv_bytes_per_token(2.0), 57_344.0);
        // A mixture's shape is its nearest model by total parameters: 13B active of 47B is
        // Mixtral 8x7B, 8 experts, 2 a token.
        let mix = model_shape(&c, 13e9, Some(47e9));
        assert_eq!((mix.experts, mix.experts_per_token), (8.0, 2.0));
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
        // 8B in bf16 (Llama 3.1 8B's shape) on one H100, requests of 1,536 + 512 tokens, each
        // user at 25 tokens/s (the serving model's worked example, serving.rs): batch 204,
        // 5,106.85 output tokens/s, 20,427.39 tokens/s in all = 73.54M an hour.
        let d = b.deployment.clone().unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!((d.group.tp, d.group.batch), (1, 204.0));
        assert!((b.tokens_per_hour_per_gpu / 3600.0 - 20_427.389_16).abs() < 1e-3);
        assert!((b.decode_tokens_per_s - 5_106.847_29).abs() < 1e-3);
        // At 60 %: 6.88 / (73.54e6 * 0.6) * 1e6 = $0.155927/Mtok.
        assert!((b.selfhost_usd_per_mtok - 0.155_927).abs() < 1e-6);
        assert_eq!(b.kv_model, "Llama 3.1 8B");
        assert_eq!(b.memory_bytes, 80e9);
        // 2B tokens a month are 2e9 / (730 * 3,600) / 0.6 = 1,268.4 tokens/s: one replica, and
        // AWS rents one H100 alone (p5.4xlarge): 1 GPU, $5,022.40.
        assert_eq!(
            (d.replicas_needed, d.machine_gpus, d.billed_gpus),
            (1, 1, 1)
        );
        assert_eq!(b.gpus_needed, 1.0);
        assert!(!b.whole_machines());
        assert!((b.selfhost_monthly_usd - 5022.4).abs() < 1e-9);
        // At 2B tokens a month that GPU is mostly idle: $5,022.40 / 2,000 Mtok = $2.5112 per
        // million tokens.
        assert!((b.selfhost_usd_per_mtok_at_volume - 2.5112).abs() < 1e-9);
        // GPT-4o mini blended 3:1: 0.75 * 0.15 + 0.25 * 0.60 = $0.2625/Mtok: $525 a month for
        // 2B. Per token the GPU is cheaper now (0.156 < 0.2625): one GPU's month pays above
        // 5,022.40 / 0.2625 * 1e6 = 19.133B tokens, within its 32.21B a month at 60 %.
        assert!((b.api_usd_per_mtok - 0.2625).abs() < 1e-12);
        assert!((b.api_monthly_usd - 525.0).abs() < 1e-9);
        let be = b.breakeven_tokens_per_month.unwrap_or(f64::NAN);
        assert!((be - 5022.4 / 0.2625 * 1e6).abs() < 1.0, "{be}");
        // At $0.05 per million tokens one GPU's month would need 5,022.40 / 0.05 = 100.4B tokens,
        // more than the 32.21B it serves: self-hosting never wins.
        let cheap = estimate_billing(
            &s,
            &crate::input::knobs::BillingInputs {
                api_usd_per_mtok: Some(0.05),
                ..k.clone()
            },
            &e,
            &c,
        );
        assert_eq!(cheap.breakeven_tokens_per_month, None);
        // Reserved inference GPUs ($3.784) against GPT-4o ($2.50 / $10: blended $4.375) pay above
        // 3.784 * 730 / 4.375 * 1e6 = 631.4M tokens a month.
        let mut k2 = k.clone();
        k2.api_id = "gpt-4o".into();
        k2.host_mode = HostMode::Reserved;
        let b3 = estimate_billing(&s, &k2, &e, &c);
        assert!((b3.breakeven_tokens_per_month.unwrap_or(f64::NAN) - 6.313_874_3e8).abs() < 1e3);
        // 8,192-token requests (6,144 + 2,048): each reserves 8,192 * 131,072 = 1.07 GB, so
        // 56 GB hold 52 sequences, and 52 users still see 25 tokens/s: batch 52.
        let mut long = k.clone();
        long.context_tokens = 8192.0;
        let bl = estimate_billing(&s, &long, &e, &c);
        let dl = bl.deployment.unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!((dl.group.memory_batch, dl.group.batch), (52.0, 52.0));
        assert!(!dl.group.target_bound);
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
    fn a_70b_line_on_aws_h100s_runs_on_whole_p5_machines() {
        // Llama 3.1 70B's shape (64 query heads, 8 KV heads) in bf16 on AWS H100s: 140 GB of
        // weights need a group of at least 2 (0.9 x 160 GB leaves 4 GB: 5 requests of 2,048
        // tokens at 327,680 bytes a token). Degrees dividing 64 heads: 1, 2, 4, 8. AWS rents H100s
        // one at a time (p5.4xlarge) or eight (p5.48xlarge): any group of 2 or more rents the
        // eight. Each user at 25 tokens/s (serving.rs's formulas): TP 2 holds only 5 requests
        // (fewer than 16: kept only if nothing else fits); TP 4 serves 6,945 tokens/s a group
        // (batch 69), two on the machine 13,891; TP 8 serves 16,411 (batch 164): TP 8, the most
        // capacity for the same 8 GPUs. 2B tokens a month need 1,268.4/s: one group.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let b = llama_70b_on_aws(&c, Precision::Bf16);
        let d = b.deployment.clone().unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(d.group.tp, 8);
        assert_eq!((d.group.batch, d.group.memory_batch), (164.0, 649.0));
        assert!(
            (d.group.tokens_per_s - 16_411.194).abs() < 0.01,
            "{}",
            d.group.tokens_per_s
        );
        assert_eq!((d.replicas_needed, d.replicas, d.gpus), (1, 1, 8));
        assert_eq!((d.machine_gpus, d.machines, d.billed_gpus), (8, 1, 8));
        assert!(!b.whole_machines());
        assert_eq!(b.instance, "p5.48xlarge");
        // The bill: 8 GPUs x $6.88 x 730 h = $40,179.20 a month.
        assert!((b.selfhost_monthly_usd - 40_179.2).abs() < 1e-6);
        // Never 3 GPUs (what memory alone said, ceil(162.7 / 80)): 3 divides no head count here.
        assert!(crate::estimators::serving::tp_degrees(&d_shape(&c), 8)
            .iter()
            .all(|t| 64 % t == 0));
        // In FP8 (70 GB) one H100 holds the weights but only 4 requests: the group of 2 (218
        // requests) is deployed instead, and AWS bills the whole p5.48xlarge it sits in, which
        // runs 4 such groups or, with more capacity, 2 groups of 4.
        let fp8 = llama_70b_on_aws(&c, Precision::Fp8);
        // Here: one group of 4 (190 requests) is all the volume needs, and the bill is the whole
        // machine's 8: more billed than used.
        assert!(fp8.whole_machines());
        let d8 = fp8.deployment.unwrap_or_else(|e| panic!("{e:?}"));
        assert!(d8.group.tp >= 2 && d8.group.memory_batch >= 16.0);
        assert_eq!((d8.group.tp, d8.gpus, d8.billed_gpus), (4, 4, 8));
    }

    #[test]
    fn repricing_moves_every_figure_priced_from_the_host() {
        // The 70B line above (8 H100s at $6.88, 2B tokens a month) at a typed $13.76 an
        // accelerator-hour, twice the list price:
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let list = llama_70b_on_aws(&c, Precision::Bf16);
        let mut b = list.clone();
        b.reprice(13.76);
        assert_eq!(b.host_usd_per_hour, 13.76);
        // 8 GPUs x $13.76 x 730 h = $80,358.40 a month, and the smallest deployment (the same 8)
        // the same; over the 2,000 million tokens served, $40.1792 a million.
        assert!((b.selfhost_monthly_usd - 80_358.4).abs() < 1e-6);
        assert!((b.least_monthly_usd - 80_358.4).abs() < 1e-6);
        assert_eq!(b.tokens_per_month, 2e9);
        assert!((b.selfhost_usd_per_mtok_at_volume - 40.1792).abs() < 1e-9);
        // Per token at full use: $13.76 over (7,385,037 tokens an hour x 0.6 utilisation), twice
        // the list price's $1.5527 a million.
        assert!((b.selfhost_usd_per_mtok - 3.105_378).abs() < 1e-6);
        assert!((b.selfhost_usd_per_mtok - 2.0 * list.selfhost_usd_per_mtok).abs() < 1e-12);
        // A model no machine holds (5T parameters) has no per-token price: repricing leaves it 0,
        // never a division by its zero tokens an hour.
        let s = crate::input::job::Job::default();
        let k = crate::input::knobs::BillingInputs {
            infer_params: 5e12,
            ..Default::default()
        };
        let e = crate::estimators::cost::estimate(&s, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let mut none = estimate_billing(&s, &k, &e, &c);
        assert!(none.deployment.is_err() && none.tokens_per_hour_per_gpu == 0.0);
        none.reprice(13.76);
        assert_eq!(
            (
                none.selfhost_usd_per_mtok,
                none.selfhost_monthly_usd,
                none.least_monthly_usd
            ),
            (0.0, 0.0, 0.0)
        );
    }

    #[test]
    fn repricing_moves_the_break_even_volume_within_what_the_deployment_serves() {
        // The 70B line against an API at $30 a million tokens. Break-even: the smallest
        // deployment's month over the API's price. One replica (8 H100s, 16,411.194 tokens/s at
        // 60 % use) serves 16,411.194 x 3,600 x 730 x 0.6 = 25.877 billion tokens a month: a
        // break-even above that is none (the deployment could not serve it).
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s = crate::input::job::Job::default();
        let billing = |api: f64, params: f64| {
            let k = crate::input::knobs::BillingInputs {
                infer_params: params,
                api_usd_per_mtok: Some(api),
                ..Default::default()
            };
            let e = crate::estimators::cost::estimate(&s, &c).unwrap_or_else(|e| panic!("{e:?}"));
            estimate_billing(&s, &k, &e, &c)
        };
        let near = |v: Option<f64>, want: f64| v.is_some_and(|v| (v / want - 1.0).abs() < 1e-8);
        let list = billing(30.0, 70e9);
        // At the list $6.88: $40,179.20 / $30 = 1.339 billion tokens a month.
        assert!(near(list.breakeven_tokens_per_month, 1.339_306_67e9));
        // Against an API at $1.60: 25.112 billion, just under what one replica serves; at $1.20,
        // 33.483 billion, above it: none.
        assert!(near(
            billing(1.6, 70e9).breakeven_tokens_per_month,
            25.112e9
        ));
        assert_eq!(billing(1.2, 70e9).breakeven_tokens_per_month, None);
        // The volume chart spans 10x the 2 billion tokens a month served (above 4x the break-even
        // and the 1 billion floor) down to 1/10,000 of that.
        let v = volume_sweep(&list, 5);
        let ends = (v.api.first().map(|p| p.0), v.api.last().map(|p| p.0));
        assert!(ends.0.is_some_and(|x| (x - 2e6).abs() < 1.0), "{ends:?}");
        assert!(ends.1.is_some_and(|x| (x - 2e10).abs() < 1e3), "{ends:?}");
        // At $13.76: $80,358.40 / $30 = 2.679 billion.
        let mut b = list.clone();
        b.reprice(13.76);
        assert!(near(b.breakeven_tokens_per_month, 2.678_613_33e9));
        // At $200: 8 x $200 x 730 = $1,168,000 / $30 = 38.9 billion, above the 25.9 billion one
        // replica serves: none.
        b.reprice(200.0);
        assert!((b.least_monthly_usd - 1_168_000.0).abs() < 1e-6);
        assert_eq!(b.breakeven_tokens_per_month, None);
        // At $130: $759,200 / $30 = 25.307 billion, just under it: still a volume.
        b.reprice(130.0);
        assert!(near(b.breakeven_tokens_per_month, 25.306_666_67e9));
        // From a price of $0 (a typed free host), the smallest deployment is priced anew: 8 x
        // $6.88 x 730 = $40,179.20, not the $0 it was.
        let mut free_host = list.clone();
        free_host.reprice(0.0);
        assert_eq!(free_host.least_monthly_usd, 0.0);
        free_host.reprice(6.88);
        assert!((free_host.least_monthly_usd - 40_179.2).abs() < 1e-6);
        // No API price, or no deployment (a 5T model): no break-even, whatever the price.
        let mut free = billing(0.0, 70e9);
        free.reprice(13.76);
        assert_eq!(free.breakeven_tokens_per_month, None);
        let mut none = billing(30.0, 5e12);
        assert_eq!(none.breakeven_tokens_per_month, None);
        none.reprice(13.76);
        assert_eq!(none.breakeven_tokens_per_month, None);
    }

    #[test]
    fn a_dense_model_has_one_expert_and_a_mixture_its_nearest_mixtures_or_the_defaults() {
        // 671B dense: the nearest catalog model is DeepSeek-V3's size, a mixture of 256 routed
        // experts (8 a token); a dense model of that size still reads every weight as one expert.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let dense = model_shape(&c, 671e9, None);
        assert_eq!((dense.experts, dense.experts_per_token), (1.0, 1.0));
        let moe = model_shape(&c, 37e9, Some(671e9));
        assert_eq!((moe.experts, moe.experts_per_token), (256.0, 8.0));
        // A mixture of 12B active of 70.6B is nearest dense Llama 3.1 70B: its attention shape
        // (80 layers), but the default 128 experts, 8 a token, not the dense model's one. One
        // request's decode step reads the dense part and 8/128 of the experts: experts
        // (70.6 - 12) / (1 - 1/16) = 62.507e9, dense 8.093e9, 8.093e9 + 62.507e9 / 16 = 12e9
        // parameters, 24 GB in bf16 (the active count); a batch of 128 touches 1 - (15/16)^128
        // = 99.97 % of the experts.
        let mix = model_shape(&c, 12e9, Some(70.6e9));
        assert_eq!(
            (mix.layers, mix.experts, mix.experts_per_token),
            (80.0, 128.0, 8.0)
        );
        assert!((mix.weight_bytes_read(2.0, 1.0) - 24e9).abs() < 1.0);
        let touched = 1.0 - (15.0f64 / 16.0).powi(128);
        let at_128 = (70.6e9 - 58.6e9 / (15.0 / 16.0) * (1.0 - touched)) * 2.0;
        assert!((mix.weight_bytes_read(2.0, 128.0) - at_128).abs() < 1.0);
        // A shape of one expert reads every weight whatever its sizes say.
        let one = ModelShape {
            experts: 1.0,
            experts_per_token: 1.0,
            ..mix
        };
        assert_eq!(one.weight_bytes_read(2.0, 1.0), 70.6e9 * 2.0);
    }

    fn d_shape(c: &Catalog) -> ModelShape {
        model_shape(c, 70e9, None)
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
