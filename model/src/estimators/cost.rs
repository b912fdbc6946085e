//! The training-cost model and its billing rules (docs/model.md, "GPU-hours, days and dollars").

use crate::data::catalog::{Accelerator, Catalog, Price};

use crate::estimators::formulas::*;
use crate::input::job::Job;

/// Where the price per GPU-hour came from.
#[derive(Clone, Debug, PartialEq)]
pub enum PriceSource<'a> {
    /// The catalog's list price.
    List(&'a Price),
    /// The user's override (the list price it replaced, if the provider rents the accelerator).
    Override {
        usd_per_gpu_hour: f64,
        list: Option<&'a Price>,
    },
    /// The list price less the provider's spot discount (spot asked for, and sold there).
    Spot {
        /// The on-demand list price.
        list: &'a Price,
        /// The discount, a fraction.
        discount: f64,
    },
}

impl PriceSource<'_> {
    /// The price used, USD per GPU-hour.
    pub fn usd_per_gpu_hour(&self) -> f64 {
        match self {
            PriceSource::List(p) => p.usd_per_gpu_hour,
            PriceSource::Override {
                usd_per_gpu_hour, ..
            } => *usd_per_gpu_hour,
            PriceSource::Spot { list, discount } => list.usd_per_gpu_hour * (1.0 - discount),
        }
    }

    /// The price before any spot discount, USD per GPU-hour (what the hidden costs discount).
    pub fn on_demand_usd_per_gpu_hour(&self) -> f64 {
        match self {
            PriceSource::Spot { list, .. } => list.usd_per_gpu_hour,
            other => other.usd_per_gpu_hour(),
        }
    }
}

/// A training job's compute, priced.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate<'a> {
    /// The accelerator used.
    pub accelerator: &'a Accelerator,
    /// The price used and where it came from.
    pub price: PriceSource<'a>,
    /// The job's GPU-hours with communication and failures, once the hidden costs are known
    /// (`overheads::with_hidden_costs`): the wall-clock time and the cluster's bill for a short
    /// job count them, so they agree with the job's dates in the plan. `None` before.
    pub billed_gpu_hours: Option<f64>,
    /// C = multiplier · N · D · epochs · runs (6·N·D for one pretraining run).
    pub train_flops: f64,
    /// Accelerator-hours to finish the run.
    pub gpu_hours: f64,
    /// Days from start to finish.
    pub wall_clock_days: f64,
    /// H · p.
    pub compute_cost_usd: f64,
    /// One accelerator, busy `duty` of the month: p · 730 · d.
    pub monthly_cost_per_gpu_usd: f64,
    /// One accelerator, always on: p · 730.
    pub monthly_cost_always_on_per_gpu_usd: f64,
    /// The whole cluster at the duty cycle: gpus · p · 730 · d.
    pub monthly_cost_cluster_usd: f64,
    /// GPU-hours that [`REFERENCE_BUDGET_USD`] buys at this price.
    pub gpu_hours_for_reference_budget: f64,
}

impl Estimate<'_> {
    /// The job ends within one billing month (under 730 h of wall clock), so its cluster never
    /// bills a whole month (issue 27, item 5: "R$ 1,7M a month" for an 8-hour job).
    pub fn ends_within_a_month(&self) -> bool {
        self.wall_clock_days * 24.0 < HOURS_PER_MONTH
    }

    /// What the whole cluster bills in a month: a month at the duty cycle, or the job's own total
    /// when the job ends sooner (the same as [`Self::compute_cost_usd`] then).
    pub fn cluster_month_usd(&self) -> f64 {
        if self.ends_within_a_month() {
            self.billed_gpu_hours
                .map_or(self.compute_cost_usd, |b| b * self.price.usd_per_gpu_hour())
        } else {
            self.monthly_cost_cluster_usd
        }
    }
}

/// Why a job cannot be priced (ids not in the catalog; link decoding prevents this).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EstimateError {
    /// The accelerator id is unknown.
    UnknownAccelerator(String),
    /// The provider does not rent the accelerator and no override price is given.
    NoPrice {
        provider: String,
        accelerator: String,
    },
}

/// Prices a training job's compute against the catalog.
pub fn estimate<'a>(s: &Job, catalog: &'a Catalog) -> Result<Estimate<'a>, EstimateError> {
    let accelerator = catalog
        .accelerator(&s.accelerator_id)
        .ok_or_else(|| EstimateError::UnknownAccelerator(s.accelerator_id.clone()))?;
    let list = catalog.price(&s.provider_id, &s.accelerator_id);
    let price = match (s.price_override_usd_per_gpu_hour, list) {
        (Some(usd), list) => PriceSource::Override {
            usd_per_gpu_hour: usd,
            list,
        },
        (None, Some(p)) => PriceSource::List(p),
        (None, None) => {
            return Err(EstimateError::NoPrice {
                provider: s.provider_id.clone(),
                accelerator: s.accelerator_id.clone(),
            })
        }
    };
    let p = price.usd_per_gpu_hour();
    let gpus = f64::from(s.gpus);
    let train_flops = s.work().flops();
    let hours = gpu_hours(train_flops, accelerator.peak_flops_per_s(), s.mfu);
    Ok(Estimate {
        accelerator,
        train_flops,
        gpu_hours: hours,
        wall_clock_days: wall_clock_days(hours, gpus, s.duty),
        compute_cost_usd: hours * p,
        monthly_cost_per_gpu_usd: monthly_cost_per_gpu(p, s.duty),
        monthly_cost_always_on_per_gpu_usd: monthly_cost_per_gpu(p, 1.0),
        monthly_cost_cluster_usd: gpus * monthly_cost_per_gpu(p, s.duty),
        gpu_hours_for_reference_budget: gpu_hours_for_budget(REFERENCE_BUDGET_USD, p),
        price,
        billed_gpu_hours: None,
    })
}

/// [`estimate`] at the price the job is billed: on spot (`spot`, where the provider sells it and
/// no price is typed) the list price less the spot discount, so that no figure before the hidden
/// costs exceeds the total with them (issue 43).
pub fn estimate_billed<'a>(
    s: &Job,
    spot: bool,
    catalog: &'a Catalog,
) -> Result<Estimate<'a>, EstimateError> {
    let mut e = estimate(s, catalog)?;
    let discount = catalog
        .provider(&s.provider_id)
        .and_then(|p| p.spot_discount);
    if let (true, PriceSource::List(list), Some(d)) = (spot, &e.price, discount) {
        let list = *list;
        let p = list.usd_per_gpu_hour * (1.0 - d);
        let gpus = f64::from(s.gpus);
        e.price = PriceSource::Spot { list, discount: d };
        e.compute_cost_usd = e.gpu_hours * p;
        e.monthly_cost_per_gpu_usd = monthly_cost_per_gpu(p, s.duty);
        e.monthly_cost_always_on_per_gpu_usd = monthly_cost_per_gpu(p, 1.0);
        e.monthly_cost_cluster_usd = gpus * monthly_cost_per_gpu(p, s.duty);
        e.gpu_hours_for_reference_budget = gpu_hours_for_budget(REFERENCE_BUDGET_USD, p);
    }
    Ok(e)
}

/// Total cost at each MFU from 5 % to 80 % in 1-point steps, for the cost-vs-MFU chart.
pub fn cost_vs_mfu(s: &Job, e: &Estimate) -> Vec<(f64, f64)> {
    let peak = e.accelerator.peak_flops_per_s();
    let p = e.price.usd_per_gpu_hour();
    let mut points: Vec<(f64, f64)> = (5..=80)
        .map(|pct| f64::from(pct) / 100.0)
        .map(|mfu| (mfu, gpu_hours(e.train_flops, peak, mfu) * p))
        .collect();
    // The scenario's own MFU is always on the curve, exactly once, so the marker sits on the line.
    if !points.iter().any(|(m, _)| *m == s.mfu) {
        crate::io::order::insert_by_key(&mut points, (s.mfu, e.compute_cost_usd), |p| p.0);
    }
    points
}

/// The same run priced at list price by every provider that rents the accelerator, cheapest first:
/// (provider id, provider name, total cost).
pub fn cost_by_provider<'a>(
    e: &Estimate<'a>,
    catalog: &'a Catalog,
) -> Vec<(&'a str, &'a str, f64)> {
    catalog
        .offers(&e.accelerator.id)
        .filter_map(|p| {
            catalog.provider(&p.provider).map(|prov| {
                (
                    prov.id.as_ref(),
                    prov.name.as_ref(),
                    e.gpu_hours * p.usd_per_gpu_hour,
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, rel: f64) -> bool {
        (a - b).abs() <= rel * b.abs().max(f64::MIN_POSITIVE)
    }

    fn catalog() -> Catalog {
        Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn gpt3_training_flops() {
        // GPT-3 175B on 300B tokens: 6 * 175e9 * 300e9 = 3.15e23 (paper reports 3.14e23).
        let c = training_flops(175e9, 300e9);
        assert_eq!(c, 3.15e23);
        assert!(close(c, 3.14e23, 0.01));
    }

    #[test]
    fn h100_gpu_hours_by_hand() {
        // 7B on 2T tokens: 8.4e22 FLOPs. H100 dense 989 TFLOP/s at MFU 0.4 = 3.956e14 FLOP/s.
        // 8.4e22 / 3.956e14 = 2.12335692e8 s = 58,982.137 h.
        let h = gpu_hours(training_flops(7e9, 2e12), 989e12, 0.4);
        assert!(close(h, 58_982.137, 1e-6), "{h}");
        // 64 GPUs always busy: 58,982.137 / (64 * 24) = 38.39983 days.
        assert!(close(wall_clock_days(h, 64.0, 1.0), 38.399_829, 1e-6));
        // Half duty doubles the calendar time.
        assert!(close(wall_clock_days(h, 64.0, 0.5), 76.799_659, 1e-6));
    }

    #[test]
    fn azure_a100_always_on_is_2482_a_month() {
        // Seed 003: Azure A100 40GB $3.40/h = $2,482/month (730 h).
        let s = Job {
            accelerator_id: "a100-40gb".into(),
            provider_id: "azure".into(),
            gpus: 1,
            duty: 1.0,
            ..Job::default()
        };
        let cat = catalog();
        let e = estimate(&s, &cat).unwrap_or_else(|e| panic!("{e:?}"));
        assert!(close(e.monthly_cost_always_on_per_gpu_usd, 2482.0, 1e-12));
        assert!(close(e.monthly_cost_per_gpu_usd, 2482.0, 1e-12));
        // Google Cloud $3.67/h = $2,679.10 (the article rounds its own figure to $2,682).
        let s = Job {
            provider_id: "gcp".into(),
            ..s
        };
        let e = estimate(&s, &cat).unwrap_or_else(|e| panic!("{e:?}"));
        assert!(close(e.monthly_cost_always_on_per_gpu_usd, 2679.1, 1e-12));
        // $50,000 buys 50,000 / 3.67 = 13,623.98 GPU-hours.
        assert!(close(e.gpu_hours_for_reference_budget, 13_623.978_2, 1e-8));
    }

    #[test]
    fn doubling_params_and_tokens_is_four_times_the_cost() {
        let cat = catalog();
        let base = Job::default();
        let double = Job {
            params: base.params * 2.0,
            tokens: base.tokens * 2.0,
            ..base.clone()
        };
        let (a, b) = (
            estimate(&base, &cat).map(|e| e.compute_cost_usd),
            estimate(&double, &cat).map(|e| e.compute_cost_usd),
        );
        let (a, b) = (a.unwrap_or(f64::NAN), b.unwrap_or(f64::NAN));
        assert!(close(b, 4.0 * a, 1e-12), "{a} {b}");
    }

    #[test]
    fn mfu_02_costs_twice_mfu_04() {
        let cat = catalog();
        let good = Job {
            mfu: 0.4,
            ..Job::default()
        };
        let bad = Job {
            mfu: 0.2,
            ..Job::default()
        };
        let a = estimate(&good, &cat)
            .map(|e| e.compute_cost_usd)
            .unwrap_or(f64::NAN);
        let b = estimate(&bad, &cat)
            .map(|e| e.compute_cost_usd)
            .unwrap_or(f64::NAN);
        assert!(close(b, 2.0 * a, 1e-12));
    }

    #[test]
    fn default_scenario_cost_by_hand() {
        // 58,982.137 GPU-hours * $6.88 (AWS H100) = $405,797.10.
        let cat = catalog();
        let e = estimate(&Job::default(), &cat).unwrap_or_else(|e| panic!("{e:?}"));
        assert!(
            close(e.compute_cost_usd, 405_797.10, 1e-6),
            "{}",
            e.compute_cost_usd
        );
        // Cluster month: 64 * 6.88 * 730 = $321,433.60.
        assert!(close(e.monthly_cost_cluster_usd, 321_433.6, 1e-12));
    }

    #[test]
    fn the_cost_vs_mfu_curve_by_hand() {
        // Cost is inversely proportional to MFU: the default job's $405,797.10 at 40 % is
        // 405,797.10 x 0.4 / 0.05 = $3,246,376.81 at 5 % and x 0.4 / 0.8 = $202,898.55 at 80 %;
        // 76 points (5 % to 80 % by 1), the job's own 40 % among them.
        let cat = catalog();
        let s = Job::default();
        let e = estimate(&s, &cat).unwrap_or_else(|e| panic!("{e:?}"));
        let pts = cost_vs_mfu(&s, &e);
        assert_eq!(pts.len(), 76);
        let (first, last) = (pts[0], pts[75]);
        assert_eq!(first.0, 0.05);
        assert!(close(first.1, 3_246_376.81, 1e-9), "{first:?}");
        assert_eq!(last.0, 0.8);
        assert!(close(last.1, 202_898.55, 1e-8), "{last:?}");
        assert!(pts
            .iter()
            .any(|&(m, c)| m == 0.4 && close(c, 405_797.10, 1e-8)));
    }

    #[test]
    fn a_job_shorter_than_a_month_bills_its_own_total_not_a_cluster_month() {
        // The default run is 58,982.137 GPU-hours on 64 H100s: 38.4 days, longer than a month,
        // so the cluster's month is the month ($321,433.60, above).
        let cat = catalog();
        let e = estimate(&Job::default(), &cat).unwrap_or_else(|e| panic!("{e:?}"));
        assert!(!e.ends_within_a_month());
        assert_eq!(e.cluster_month_usd(), e.monthly_cost_cluster_usd);
        // The same run on 1,024 GPUs: 58,982.137 / 1,024 = 57.6 h of wall clock, under 730 h. A
        // month of the cluster would be 1,024 × $6.88 × 730 = $5,142,937.60; the job bills its
        // own 58,982.137 × $6.88 = $405,797.10.
        let short = Job {
            gpus: 1024,
            ..Job::default()
        };
        let e = estimate(&short, &cat).unwrap_or_else(|e| panic!("{e:?}"));
        assert!(e.ends_within_a_month());
        assert!(close(e.monthly_cost_cluster_usd, 5_142_937.6, 1e-12));
        assert!(close(e.cluster_month_usd(), 405_797.10, 1e-6));
        // 730 h exactly is a month: 58,982.137 / 730 = 80.8 GPUs; on 80 GPUs the job takes
        // 737.3 h, past a month.
        let month = Job {
            gpus: 80,
            ..Job::default()
        };
        let e = estimate(&month, &cat).unwrap_or_else(|e| panic!("{e:?}"));
        assert!(!e.ends_within_a_month(), "{} days", e.wall_clock_days);
        assert!(close(e.cluster_month_usd(), 80.0 * 6.88 * 730.0, 1e-12));
        // The boundary itself: a wall clock of 730 h (30.4167 days, exactly in floating point
        // here) has run a whole month; an hour less has not.
        let mut edge = e.clone();
        edge.wall_clock_days = 730.0 / 24.0;
        assert_eq!(edge.wall_clock_days * 24.0, 730.0);
        assert!(!edge.ends_within_a_month());
        edge.wall_clock_days = 729.0 / 24.0;
        assert!(edge.ends_within_a_month());
    }

    #[test]
    fn override_price_replaces_list_price() {
        let cat = catalog();
        let s = Job {
            price_override_usd_per_gpu_hour: Some(2.0),
            ..Job::default()
        };
        let e = estimate(&s, &cat).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(e.price.usd_per_gpu_hour(), 2.0);
        assert!(matches!(
            e.price,
            PriceSource::Override { list: Some(_), .. }
        ));
        assert!(close(e.compute_cost_usd, 58_982.137 * 2.0, 1e-6));
    }

    #[test]
    fn unpriceable_scenarios_are_errors_not_panics() {
        let cat = catalog();
        let s = Job {
            accelerator_id: "tpu-v5e".into(),
            provider_id: "aws".into(),
            ..Job::default()
        };
        assert_eq!(
            estimate(&s, &cat).err(),
            Some(EstimateError::NoPrice {
                provider: "aws".into(),
                accelerator: "tpu-v5e".into()
            })
        );
        let s = Job {
            accelerator_id: "nope".into(),
            ..Job::default()
        };
        assert_eq!(
            estimate(&s, &cat).err(),
            Some(EstimateError::UnknownAccelerator("nope".into()))
        );
    }

    #[test]
    fn chart_series_include_the_current_point_and_every_provider() {
        let cat = catalog();
        let s = Job {
            mfu: 0.375,
            ..Job::default()
        };
        let e = estimate(&s, &cat).unwrap_or_else(|e| panic!("{e:?}"));
        let series = cost_vs_mfu(&s, &e);
        assert_eq!(series.len(), 77); // 5..=80 plus 0.375
        assert!(series.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(series
            .iter()
            .any(|&(m, c)| m == 0.375 && c == e.compute_cost_usd));
        // Cost falls as MFU rises.
        assert!(series.windows(2).all(|w| w[0].1 > w[1].1));
        let by_provider = cost_by_provider(&e, &cat);
        assert_eq!(by_provider.len(), cat.offers("h100-sxm").count());
        assert!(by_provider.windows(2).all(|w| w[0].2 <= w[1].2));
        let aws = by_provider
            .iter()
            .find(|p| p.0 == "aws")
            .map(|p| p.2)
            .unwrap_or(f64::NAN);
        assert!(close(aws, e.compute_cost_usd, 1e-12));
    }
}
