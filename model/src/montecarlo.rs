//! Uncertainty bands: a Monte Carlo run over the plan (issue 13, item 2).
//!
//! Each uncertain input has a range, sampled independently in every sample:
//! - review days per grant: triangular on (min, typical, max), rounded to a whole day; min and max
//!   default to the catalog's `review_days_min`/`review_days_max` for the program, the typical is
//!   the grant's own review days (the range always includes it). A later approval moves the whole
//!   usable window later (the expiry clock starts at approval; docs/model.md, "The runway");
//! - approval per grant: Bernoulli with the grant's chance (default 1); a grant not approved pays
//!   nothing (its amount is 0 in that sample, so it cannot expire with money left either);
//! - MFU, one plan-wide factor: triangular on (low, 1, high) times each training job's chosen MFU
//!   (capped at 1); a job's GPU-hours scale by chosen / sampled MFU (hidden-cost lines unchanged);
//! - price, one plan-wide factor: uniform on (low, high) times every accelerator line's $/GPU-hour
//!   (training, serving, experiments; storage and egress unchanged).
//!
//! Quantiles are nearest-rank (P10 of 1,000 samples is the 100th smallest), so each is a value some
//! sample produced: the cash start date's "never" (grants paid everything) sorts after every date.
//! The seed is fixed ([`SEED`]): the same link gives the same numbers. The generator is the
//! `fastrand` crate (wyrand) seeded explicitly, built without its `js` feature, so nothing reads OS
//! entropy on wasm32.

use crate::credits::evaluate::Outcome;
use crate::credits::runway::{simulate_totals, GrantInput, LineItem, WorkloadInput};
use crate::data::catalog::Catalog;
use crate::document::plan::{BillPart, Plan};
use crate::document::workload::Kind;

/// Samples per run (the issue asks for at least 1,000).
pub const SAMPLES: usize = 1000;
/// The fixed seed: the same plan always gives the same bands.
pub const SEED: u64 = 0x5EED_0013_C0FF_EE42;
/// A grant "expires with money left" when more than half a cent expires unused.
pub const EXPIRE_EPSILON_USD: f64 = 0.005;

use crate::document::plan::{PlanRanges, RangeError, RangeKey, Span};

/// Reads `mfu_range` and `price_range` from a query string (first wins; a bad value keeps the
/// default and gives a message naming the key).
pub fn decode_ranges(query: &str) -> (PlanRanges, Vec<RangeError>) {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut ranges = PlanRanges::default();
    let mut errors = Vec::new();
    let mut seen = [false; 2];
    for (k, v) in form_urlencoded::parse(query.as_bytes()) {
        for (i, key) in RangeKey::ALL.into_iter().enumerate() {
            if k == key.key() && !std::mem::replace(&mut seen[i], true) {
                match key.parse(&v) {
                    Ok(span) => key.put(&mut ranges, span),
                    Err(e) => errors.push(e),
                }
            }
        }
    }
    (ranges, errors)
}

/// How one grant varies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GrantSpread {
    /// Chance it is approved at its amount, 0..=1.
    pub approval: f64,
    /// Shortest review, days.
    pub review_min: u32,
    /// Typical review (the grant's own review days).
    pub review_mode: u32,
    /// Longest review, days.
    pub review_max: u32,
}

/// Everything that varies, aligned with the simulation inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct Spread {
    /// Per simulated grant (`outcome.inputs.0` order).
    pub grants: Vec<GrantSpread>,
    /// Per simulated workload line: the chosen MFU of the training job whose accelerator line it
    /// is (`None` for every other line).
    pub job_mfu: Vec<Option<f64>>,
    /// MFU multiplier range.
    pub mfu: Span,
    /// Price multiplier range.
    pub price: Span,
}

impl Spread {
    /// The plan's ranges against its evaluated inputs.
    pub fn of(plan: &Plan, outcome: &Outcome, catalog: &Catalog) -> Spread {
        // `evaluate` keeps the grants whose program is in the catalog, in plan order.
        let grants = plan
            .grants
            .iter()
            .filter_map(|g| {
                let p = catalog.program(&g.program_id)?;
                // The runway counts from day 0: a grant applied before it has its review days
                // shifted by its apply day (`runway_input`), so its range is shifted the same.
                let mode = g.runway_input(p).review_days;
                let (lo, hi) = if g.review_is_pinned(p) {
                    // Held, or a review typed outside the program's range on purpose (0 days
                    // for credits already in hand): the bands keep the typed day.
                    (mode, mode)
                } else {
                    let before = i64::from(g.apply_day.min(0));
                    let shift = |d: u32| (before + i64::from(d)).max(0) as u32;
                    (
                        shift(g.odds.review_min_days.unwrap_or(p.review_days_min)),
                        shift(g.odds.review_max_days.unwrap_or(p.review_days_max)),
                    )
                };
                Some(GrantSpread {
                    approval: g.chance(p),
                    review_min: lo.min(mode),
                    review_mode: mode,
                    review_max: hi.max(mode),
                })
            })
            .collect();
        let job_mfu = outcome
            .lines
            .iter()
            .map(|l| match (l.kind, l.part) {
                (Kind::Train, BillPart::Compute) => outcome.jobs.get(l.index).map(|j| j.job.mfu),
                _ => None,
            })
            .collect();
        Spread {
            grants,
            job_mfu,
            mfu: plan.ranges.mfu,
            price: plan.ranges.price,
        }
    }

    /// Whether nothing varies (every sample is the plan as typed).
    pub fn is_fixed(&self) -> bool {
        self.mfu.is_fixed()
            && self.price.is_fixed()
            && self
                .grants
                .iter()
                .all(|g| g.approval >= 1.0 && g.review_min == g.review_max)
    }
}

/// P10, P50 and P90 of one result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quantiles<T> {
    /// 10th percentile.
    pub p10: T,
    /// Median.
    pub p50: T,
    /// 90th percentile.
    pub p90: T,
}

/// The bands of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct Bands {
    /// Samples drawn.
    pub samples: usize,
    /// Cash total, USD.
    pub cash_usd: Quantiles<f64>,
    /// The first day cash is needed; `None` is "never" (grants paid everything), after every day.
    pub runway_end_day: Quantiles<Option<u32>>,
    /// Credit expiring unused, USD, over all grants.
    pub expired_usd: Quantiles<f64>,
    /// Per simulated grant: the share of samples in which it expires with money left.
    pub expire_prob: Vec<f64>,
    /// Mean cash total, USD.
    pub mean_cash_usd: f64,
    /// Per simulated grant: mean amount used, USD.
    pub mean_used_usd: Vec<f64>,
}

/// Nearest-rank quantile of sorted values: the ⌈q·n⌉-th smallest.
fn nearest_rank<T: Copy>(sorted: &[T], q: f64) -> Option<T> {
    let n = sorted.len();
    if n == 0 {
        return None;
    }
    let rank = (q * n as f64).ceil() as usize;
    sorted.get(rank.clamp(1, n) - 1).copied()
}

fn quantiles<T: Copy>(sorted: &[T], empty: T) -> Quantiles<T> {
    Quantiles {
        p10: nearest_rank(sorted, 0.1).unwrap_or(empty),
        p50: nearest_rank(sorted, 0.5).unwrap_or(empty),
        p90: nearest_rank(sorted, 0.9).unwrap_or(empty),
    }
}

/// A draw from the triangular distribution on (lo, mode, hi) for a uniform `u` in [0, 1);
/// exactly `lo` when the range is a point (`mode` if it is inverted); a mode outside the range is
/// moved to its nearest end.
pub fn triangular(u: f64, lo: f64, mode: f64, hi: f64) -> f64 {
    if hi.partial_cmp(&lo) != Some(std::cmp::Ordering::Greater) {
        return if hi == lo { lo } else { mode };
    }
    let mode = mode.clamp(lo, hi);
    let f = (mode - lo) / (hi - lo);
    if u < f {
        lo + (u * (hi - lo) * (mode - lo)).sqrt()
    } else {
        hi - ((1.0 - u) * (hi - lo) * (hi - mode)).sqrt()
    }
}

/// Runs `samples` simulations of the plan's inputs, each with every uncertain input drawn from its
/// range, and summarises them. Every sample draws the same number of variates whatever the ranges
/// are, so widening one range leaves the draws of the others unchanged.
pub fn run(
    grants: &[GrantInput],
    workloads: &[WorkloadInput],
    spread: &Spread,
    samples: usize,
    seed: u64,
) -> Bands {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut g_in = grants.to_vec();
    let mut w_in = workloads.to_vec();
    let mut cash = Vec::with_capacity(samples);
    let mut ends = Vec::with_capacity(samples);
    let mut expired = Vec::with_capacity(samples);
    let mut expire_count = vec![0usize; grants.len()];
    let mut used_sum = vec![0.0; grants.len()];
    for _ in 0..samples {
        let mfu_u = rng.f64();
        let price_u = rng.f64();
        let mfu_f = triangular(mfu_u, spread.mfu.low, 1.0, spread.mfu.high);
        let price_f = if spread.price.high > spread.price.low {
            spread.price.low + price_u * (spread.price.high - spread.price.low)
        } else {
            spread.price.low
        };
        for (k, (g, base)) in g_in.iter_mut().zip(grants).enumerate() {
            let review_u = rng.f64();
            let approve_u = rng.f64();
            let Some(s) = spread.grants.get(k) else {
                continue;
            };
            let r = triangular(
                review_u,
                f64::from(s.review_min),
                f64::from(s.review_mode),
                f64::from(s.review_max),
            );
            g.review_days = r.round().clamp(0.0, f64::from(u32::MAX)) as u32;
            g.amount_usd = if approve_u < s.approval {
                base.amount_usd
            } else {
                0.0
            };
        }
        for (k, (w, base)) in w_in.iter_mut().zip(workloads).enumerate() {
            if let Some(Some(mfu)) = spread.job_mfu.get(k) {
                // Sampled MFU = chosen × factor, at most 1; hours scale by chosen / sampled.
                let sampled = (mfu * mfu_f).min(1.0);
                w.gpu_hours = if sampled == *mfu {
                    base.gpu_hours
                } else {
                    base.gpu_hours * mfu / sampled
                };
            }
            if base.line == LineItem::Accelerators {
                w.usd_per_gpu_hour = if price_f == 1.0 {
                    base.usd_per_gpu_hour
                } else {
                    base.usd_per_gpu_hour * price_f
                };
            }
        }
        let t = simulate_totals(&g_in, &w_in);
        // The runway's cash is never -0.0 (its sums start from +0.0; a test holds it); `+ 0.0`
        // turns the -0.0 sum of no grants' expiries into 0.0 (shown as "$0", never "-$0").
        cash.push(t.cash_usd);
        ends.push(t.runway_end_day.unwrap_or(u32::MAX));
        expired.push(t.expired_usd() + 0.0);
        for (k, o) in t.grants.iter().enumerate().take(grants.len()) {
            if o.expired_usd > EXPIRE_EPSILON_USD {
                expire_count[k] += 1;
            }
            used_sum[k] += o.used_usd;
        }
    }
    let n = samples.max(1) as f64;
    let mean_cash_usd = cash.iter().sum::<f64>() / n;
    cash.sort_by(f64::total_cmp);
    expired.sort_by(f64::total_cmp);
    ends.sort_unstable();
    let end = quantiles(&ends, u32::MAX);
    let never = |d: u32| (d != u32::MAX).then_some(d);
    Bands {
        samples,
        cash_usd: quantiles(&cash, 0.0),
        runway_end_day: Quantiles {
            p10: never(end.p10),
            p50: never(end.p50),
            p90: never(end.p90),
        },
        expired_usd: quantiles(&expired, 0.0),
        expire_prob: expire_count.iter().map(|&c| c as f64 / n).collect(),
        mean_cash_usd,
        mean_used_usd: used_sum.iter().map(|&u| u / n).collect(),
    }
}

/// The plan's bands: [`run`] over its evaluated inputs with [`SAMPLES`] samples and [`SEED`].
pub fn bands(plan: &Plan, outcome: &Outcome, catalog: &Catalog) -> Bands {
    let spread = Spread::of(plan, outcome, catalog);
    run(&outcome.inputs.0, &outcome.inputs.1, &spread, SAMPLES, SEED)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::credits::runway::simulate;
    use crate::data::catalog::Scope;
    use proptest::prelude::*;

    fn grant(amount: f64, apply: u32, review: u32, validity: u32) -> GrantInput {
        GrantInput {
            provider_id: "aws".into(),
            scope: Scope::All,
            amount_usd: amount,
            apply_day: apply,
            review_days: review,
            validity_days: validity,
        }
    }

    fn line(start: u32, gpus: u32, price: f64, hours: f64) -> WorkloadInput {
        WorkloadInput {
            provider_id: "aws".into(),
            own_silicon_of: None,
            line: LineItem::Accelerators,
            gpus,
            usd_per_gpu_hour: price,
            duty: 1.0,
            start_day: start,
            gpu_hours: hours,
        }
    }

    fn fixed(grants: &[GrantInput], job_mfu: Vec<Option<f64>>) -> Spread {
        Spread {
            grants: grants
                .iter()
                .map(|g| GrantSpread {
                    approval: 1.0,
                    review_min: g.review_days,
                    review_mode: g.review_days,
                    review_max: g.review_days,
                })
                .collect(),
            job_mfu,
            mfu: Span::default(),
            price: Span::default(),
        }
    }

    #[test]
    fn a_spread_is_fixed_only_when_nothing_varies() {
        // The page skips the bands (and says nothing varies) only for a spread where every part
        // is the plan as typed; any one part that varies makes it a range.
        let g = vec![grant(20_000.0, 0, 12, 365), grant(5_000.0, 30, 3, 20)];
        assert!(fixed(&g, vec![Some(0.4)]).is_fixed());
        let wide = Span {
            low: 0.8,
            high: 1.2,
        };
        let mut mfu = fixed(&g, vec![Some(0.4)]);
        mfu.mfu = wide;
        assert!(!mfu.is_fixed(), "an MFU range");
        let mut price = fixed(&g, vec![Some(0.4)]);
        price.price = wide;
        assert!(!price.is_fixed(), "a price range");
        let mut odds = fixed(&g, vec![Some(0.4)]);
        odds.grants[1].approval = 0.5;
        assert!(
            !odds.is_fixed(),
            "the second grant approved one time in two"
        );
        let mut review = fixed(&g, vec![Some(0.4)]);
        review.grants[0].review_max = 20;
        assert!(
            !review.is_fixed(),
            "the first grant's review between 12 and 20 days"
        );
    }

    #[test]
    fn half_approval_halves_the_expected_contribution() {
        // One $10,000 grant usable days 0..365 against 1 GPU × 24 h × $100 = $2,400 a day for
        // 10 days = $24,000 of spend: when approved it is fully used ($10,000), else it pays $0.
        // With p = 0.5, E[used] = $5,000 and E[cash] = $24,000 − $5,000 = $19,000. The sample mean
        // of N = 1,000 Bernoulli(0.5) draws has standard deviation $10,000 × √(0.25 / 1000) ≈ $158;
        // the bound is 4 standard deviations, $632.
        let g = vec![grant(10_000.0, 0, 0, 365)];
        let w = vec![line(0, 1, 100.0, 240.0)];
        let mut s = fixed(&g, vec![None]);
        s.grants[0].approval = 0.5;
        let b = run(&g, &w, &s, 1000, SEED);
        assert!((b.mean_used_usd[0] - 5_000.0).abs() < 632.0, "{b:?}");
        assert!((b.mean_cash_usd - 19_000.0).abs() < 632.0, "{b:?}");
        // Each sample is either $14,000 (approved) or $24,000 (not) of cash.
        for v in [b.cash_usd.p10, b.cash_usd.p50, b.cash_usd.p90] {
            assert!(v == 14_000.0 || v == 24_000.0, "{v}");
        }
        assert_eq!(b.cash_usd.p10, 14_000.0);
        assert_eq!(b.cash_usd.p90, 24_000.0);
        // Never approved: the grant pays nothing and cannot expire with money left.
        s.grants[0].approval = 0.0;
        let b = run(&g, &w, &s, 1000, SEED);
        assert_eq!(b.mean_cash_usd, 24_000.0);
        assert_eq!(b.expire_prob, vec![0.0]);
        assert_eq!(b.runway_end_day.p50, Some(0));
    }

    #[test]
    fn a_degenerate_range_reproduces_the_deterministic_runway() {
        // Two grants and two lines with every range empty and approval 100 %: every sample is the
        // plan as typed, so all three quantiles equal `simulate`'s figures exactly.
        let g = vec![grant(20_000.0, 0, 12, 365), grant(5_000.0, 30, 3, 20)];
        let w = vec![line(14, 8, 3.95, 2_000.0), line(40, 2, 2.5, 10_000.0)];
        let s = fixed(&g, vec![Some(0.4), None]);
        assert!(s.is_fixed());
        // Exactly `simulate_totals` (what each sample runs), and `simulate` to the cent and the day
        // (the event-jumping totals are not always equal to the last bit).
        let t = simulate_totals(&g, &w);
        let b = run(&g, &w, &s, 1000, SEED);
        assert_eq!(b.cash_usd.p10, t.cash_usd + 0.0);
        assert_eq!(b.cash_usd.p90, t.cash_usd + 0.0);
        assert_eq!(b.expired_usd.p50, t.expired_usd() + 0.0);
        assert_eq!(b.runway_end_day.p90, t.runway_end_day);
        let r = simulate(&g, &w);
        let expired: f64 = r.grants.iter().map(|o| o.expired_usd).sum();
        for q in [b.cash_usd.p10, b.cash_usd.p50, b.cash_usd.p90] {
            assert!((q - r.cash_usd).abs() < 0.005, "{q} vs {}", r.cash_usd);
        }
        for q in [b.expired_usd.p10, b.expired_usd.p50, b.expired_usd.p90] {
            assert!((q - expired).abs() < 0.005, "{q} vs {expired}");
        }
        for q in [
            b.runway_end_day.p10,
            b.runway_end_day.p50,
            b.runway_end_day.p90,
        ] {
            assert_eq!(q, r.runway_end_day);
        }
        let probs: Vec<f64> = r
            .grants
            .iter()
            .map(|o| {
                if o.expired_usd > EXPIRE_EPSILON_USD {
                    1.0
                } else {
                    0.0
                }
            })
            .collect();
        assert_eq!(b.expire_prob, probs);
        assert!(r.cash_usd > 0.0, "the case must need cash to test anything");
    }

    #[test]
    fn grants_that_pay_everything_give_never() {
        // $1M against $2,400 of spend: no sample needs cash, so every quantile is "never".
        let g = vec![grant(1e6, 0, 5, 365)];
        let w = vec![line(10, 1, 100.0, 24.0)];
        let mut s = fixed(&g, vec![None]);
        s.grants[0].review_min = 0;
        s.grants[0].review_max = 9;
        let b = run(&g, &w, &s, 1000, SEED);
        assert_eq!(b.runway_end_day.p90, None);
        assert_eq!(b.runway_end_day.p10, None);
        assert_eq!(b.cash_usd.p90, 0.0);
        // No cash is $0, never "-$0": every band and the mean are a positive zero.
        for v in [
            b.cash_usd.p10,
            b.cash_usd.p50,
            b.cash_usd.p90,
            b.mean_cash_usd,
        ] {
            assert!(v == 0.0 && v.is_sign_positive(), "{v:?}");
        }
        // Reviews up to 30 days: a sample whose review rounds to 11 or more needs cash on day 10,
        // P(r ≥ 10.5) on the triangle (0, 5, 30) = (30 − 10.5)² / (30 × 25) ≈ 0.51; the rest
        // never do. "Never" orders after every date, so P10 is day 10 and P90 is never.
        s.grants[0].review_max = 30;
        let b = run(&g, &w, &s, 1000, SEED);
        assert_eq!(b.runway_end_day.p10, Some(10));
        assert_eq!(b.runway_end_day.p90, None);
    }

    #[test]
    fn triangular_by_hand() {
        // (0, 5, 10): u = 0.5 is the mode; u = 0.125 is √(0.125 × 10 × 5) = 2.5.
        assert_eq!(triangular(0.5, 0.0, 5.0, 10.0), 5.0);
        assert!((triangular(0.125, 0.0, 5.0, 10.0) - 2.5).abs() < 1e-12);
        assert!((triangular(0.875, 0.0, 5.0, 10.0) - 7.5).abs() < 1e-12);
        assert_eq!(triangular(0.3, 4.0, 4.0, 4.0), 4.0);
        // A point range away from the mode (an MFU factor fixed at 0.5) is that point.
        assert_eq!(triangular(0.3, 0.5, 1.0, 0.5), 0.5);
        // A range not starting at 0, the MFU factor's (0.8, 1, 1.1): the mode is at the CDF's
        // (1 − 0.8) / (1.1 − 0.8) = 2/3, so u = 0.5 lies below it, on the rising side, where
        // F(x) = (x − lo)² / ((hi − lo)(mode − lo)): x = 0.8 + √(0.5 × 0.3 × 0.2) = 0.97321. And
        // u = 0.9 lies above it: x = 1.1 − √(0.1 × 0.3 × 0.1) = 1.04523.
        assert!((triangular(0.5, 0.8, 1.0, 1.1) - (0.8 + 0.03_f64.sqrt())).abs() < 1e-12);
        assert!((triangular(0.9, 0.8, 1.0, 1.1) - (1.1 - 0.003_f64.sqrt())).abs() < 1e-12);
    }

    #[test]
    fn mfu_and_price_factors_scale_the_bill() {
        // No grants: cash = spend. MFU factor exactly 0.5 (low = high = 0.5): a job at MFU 0.4
        // runs at 0.2, twice the GPU-hours: 100 h × 2 × $10 = $2,000. Price factor 1.5 (fixed):
        // $3,000. The non-job line (100 h × $10) only takes the price factor: $1,500.
        let w = vec![line(0, 1, 10.0, 100.0), line(0, 1, 10.0, 100.0)];
        let mut s = fixed(&[], vec![Some(0.4), None]);
        s.mfu = Span {
            low: 0.5,
            high: 0.5,
        };
        s.price = Span {
            low: 1.5,
            high: 1.5,
        };
        let b = run(&[], &w, &s, 10, SEED);
        assert!((b.cash_usd.p50 - 4_500.0).abs() < 1e-6, "{b:?}");
        // MFU capped at 1: factor 5 on MFU 0.4 gives 1.0, 40 h: $400 + $1,000 at price 1.
        s.mfu = Span {
            low: 5.0,
            high: 5.0,
        };
        s.price = Span::default();
        let b = run(&[], &w, &s, 10, SEED);
        assert!((b.cash_usd.p50 - 1_400.0).abs() < 1e-6, "{b:?}");
    }

    #[test]
    fn same_seed_same_numbers() {
        let g = vec![grant(20_000.0, 0, 10, 90), grant(8_000.0, 5, 3, 30)];
        let w = vec![line(7, 4, 3.0, 3_000.0)];
        let mut s = fixed(&g, vec![Some(0.4)]);
        s.grants[0].review_min = 2;
        s.grants[0].review_max = 40;
        s.grants[1].approval = 0.6;
        s.mfu = Span {
            low: 0.7,
            high: 1.3,
        };
        s.price = Span {
            low: 0.9,
            high: 1.2,
        };
        let a = run(&g, &w, &s, 1000, SEED);
        assert_eq!(a, run(&g, &w, &s, 1000, SEED));
        // Another seed draws other samples (so the check above can fail).
        assert_ne!(
            a.mean_cash_usd,
            run(&g, &w, &s, 1000, SEED + 1).mean_cash_usd
        );
    }

    #[test]
    fn ranges_parse_with_messages() {
        assert_eq!(
            RangeKey::Mfu.parse("0.8:1.2"),
            Ok(Span {
                low: 0.8,
                high: 1.2
            })
        );
        let m = RangeKey::Mfu
            .parse("1.1:1.2")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(m.starts_with("MFU range (mfu_range): \"1.1:1.2\" has its low value out of range. Expected low:high"), "{m}");
        let m = RangeKey::Price
            .parse("2:1")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(m.contains("has low above high"), "{m}");
        assert!(RangeKey::Price.parse("1.2").is_err());
        assert!(RangeKey::Price.parse("nan:1").is_err());
        let (r, e) = decode_ranges("?mfu_range=0.7:1.1&price_range=x&price_range=1:2");
        assert_eq!(
            r.mfu,
            Span {
                low: 0.7,
                high: 1.1
            }
        );
        assert!(r.price.is_fixed());
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].key, RangeKey::Price);
        assert_eq!(
            Span {
                low: 0.7,
                high: 1.1
            }
            .encode(),
            "0.7:1.1"
        );
    }

    #[test]
    fn links_carry_the_ranges_and_odds_and_read_back() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let q = "t0=2026-12-01&work=modal%3Ah100-sxm%3A8%3A2K%3A0%3A1&grant=modal%3A5K%3A0%3A3%3A365%3A0.5%3A%3A20&grant=aws-activate%3A100K%3A0%3A12%3A365&mfu_range=0.8%3A1.2&price_range=0.9%3A1.3";
        let d = crate::io::link::decode_link(q, &c);
        assert!(d.plan_errors.is_empty(), "{:?}", d.plan_errors);
        assert_eq!(d.plan.grants[0].odds.approval, Some(0.5));
        assert_eq!(d.plan.grants[0].odds.review_max_days, Some(20));
        assert_eq!(
            d.plan.grants[1].odds,
            crate::document::plan::GrantOdds::default()
        );
        assert_eq!(
            d.plan.ranges.mfu,
            Span {
                low: 0.8,
                high: 1.2
            }
        );
        assert_eq!(crate::io::link::encode_link(&d.plan), q);
        // The spread: Modal's review 3 days, the catalog's shortest as the low end, 20 as the high.
        let o = crate::credits::evaluate::evaluate(&d.plan, &c);
        let s = Spread::of(&d.plan, &o, &c);
        let modal = c.program("modal").unwrap_or_else(|| panic!());
        assert_eq!(
            s.grants[0],
            GrantSpread {
                approval: 0.5,
                review_min: modal.review_days_min.min(3),
                review_mode: 3,
                review_max: 20
            }
        );
        // Removing a grant removes its odds with it: the next grant keeps its own.
        let mut p = d.plan.clone();
        p.remove_grant(0);
        assert_eq!(
            p.grants[0].odds,
            crate::document::plan::GrantOdds::default()
        );
        // Old links (five fields, no range keys) read back unchanged, written with the
        // workloads first (the one list of workloads, then the grants).
        let old =
            "t0=2026-12-01&grant=modal%3A5K%3A0%3A3%3A365&work=modal%3Ah100-sxm%3A8%3A2K%3A0%3A1";
        let d = crate::io::link::decode_link(old, &c);
        assert_eq!(
            crate::io::link::encode_link(&d.plan),
            "t0=2026-12-01&work=modal%3Ah100-sxm%3A8%3A2K%3A0%3A1&grant=modal%3A5K%3A0%3A3%3A365"
        );
        assert!(
            d.plan
                .grants
                .iter()
                .all(|g| g.odds == crate::document::plan::GrantOdds::default())
                && d.plan.ranges == PlanRanges::default()
        );
    }

    #[test]
    fn quantiles_take_the_nearest_rank_of_distinct_values() {
        // Nearest rank is the ⌈q·n⌉-th smallest. On 1..=10: P10 ⌈1⌉ = 1st = 1, P50 ⌈5⌉ = 5th = 5,
        // P90 ⌈9⌉ = 9th = 9.
        let ten: Vec<u32> = (1..=10).collect();
        assert_eq!(nearest_rank(&ten, 0.1), Some(1));
        assert_eq!(nearest_rank(&ten, 0.5), Some(5));
        assert_eq!(nearest_rank(&ten, 0.9), Some(9));
        assert_eq!(nearest_rank::<u32>(&[], 0.5), None);
        // The three bands on 1..=100: the 10th, 50th and 90th smallest (rank 0.15 would give 15,
        // 0.4 gives 40, 0.85 gives 85).
        let hundred: Vec<u32> = (1..=100).collect();
        assert_eq!(
            quantiles(&hundred, 0),
            Quantiles {
                p10: 10,
                p50: 50,
                p90: 90
            }
        );
        assert_eq!(
            quantiles(&ten, 0),
            Quantiles {
                p10: 1,
                p50: 5,
                p90: 9
            }
        );
    }

    #[test]
    fn a_uniform_price_range_gives_its_deciles() {
        // No grants; one non-job line of 1,000 GPU-hours at $10: $10,000 × the price factor, drawn
        // uniform on [0.8, 1.2] (every sample a different value). The uniform's quantile q is
        // 0.8 + 0.4 q: P10 0.84, P50 1.00, P90 1.16, so cash $8,400, $10,000, $11,600. With 10,000
        // samples the sample decile's standard deviation is √(0.1 × 0.9 / 10,000) / 2.5 ≈ 0.0012
        // of the factor (0.14 %); the bound is 2 %. (A price factor stuck at its low end gives
        // $8,000 everywhere.)
        let w = vec![line(0, 1, 10.0, 1_000.0)];
        let mut s = fixed(&[], vec![None]);
        s.price = Span {
            low: 0.8,
            high: 1.2,
        };
        let b = run(&[], &w, &s, 10_000, SEED);
        for (got, want) in [
            (b.cash_usd.p10, 8_400.0),
            (b.cash_usd.p50, 10_000.0),
            (b.cash_usd.p90, 11_600.0),
        ] {
            assert!((got / want - 1.0).abs() < 0.02, "{got} vs {want}: {b:?}");
        }
        // The mean of the uniform is its midpoint, 1.0: $10,000 (standard deviation of the mean
        // 0.4 / √12 / √10,000 ≈ 0.0012, so 1 % is over 8 of them).
        assert!((b.mean_cash_usd / 10_000.0 - 1.0).abs() < 0.01, "{b:?}");
    }

    #[test]
    fn a_triangular_mfu_range_gives_its_deciles() {
        // No grants; one training job's line: 1,000 GPU-hours at $10 and MFU 0.4 ($10,000 as
        // typed). The factor f is triangular on (0.5, 1, 1.5); the sampled MFU 0.4 f stays below 1,
        // so the bill is $10,000 / f. The triangle's CDF below the mode is (f − 0.5)² / 0.5, so
        // P10 of f = 0.5 + √0.05 = 0.7236, P50 = 1 (symmetric), P90 = 1.5 − √0.05 = 1.2764. The
        // bill falls as f rises: cash P10 = $10,000 / 1.2764 = $7,835, P50 = $10,000, P90 =
        // $10,000 / 0.7236 = $13,820. With 10,000 samples a decile's standard deviation is
        // √(0.09 / 10,000) / (4 × √0.05) ≈ 0.0034 of f (0.5 % at 0.72); the bound is 2 %. (The
        // factor stuck at its top gives $6,667 everywhere; the job's MFU left out gives $10,000.)
        let w = vec![line(0, 1, 10.0, 1_000.0)];
        let mut s = fixed(&[], vec![Some(0.4)]);
        s.mfu = Span {
            low: 0.5,
            high: 1.5,
        };
        let b = run(&[], &w, &s, 10_000, SEED);
        for (got, want) in [
            (b.cash_usd.p10, 7_835.0),
            (b.cash_usd.p50, 10_000.0),
            (b.cash_usd.p90, 13_820.0),
        ] {
            assert!((got / want - 1.0).abs() < 0.02, "{got} vs {want}: {b:?}");
        }
        // Both ranges on two lines at once, each line only under its own factor: a non-job line
        // of $10,000 takes the price factor (uniform 0.8–1.2), the job line the MFU factor. The
        // sum's median is near $10,000 + $10,000 = $20,000 and P10 < P50 < P90 strictly.
        let w2 = vec![line(0, 1, 10.0, 1_000.0), line(0, 1, 10.0, 1_000.0)];
        let mut s2 = fixed(&[], vec![Some(0.4), None]);
        s2.mfu = s.mfu;
        s2.price = Span {
            low: 0.8,
            high: 1.2,
        };
        let b2 = run(&[], &w2, &s2, 10_000, SEED);
        assert!(b2.cash_usd.p10 < b2.cash_usd.p50 && b2.cash_usd.p50 < b2.cash_usd.p90);
    }

    #[test]
    fn a_plan_gives_its_spread_field_by_field() {
        // From a link: AWS Activate typed with a 12-day review and no odds (default: the
        // program's approval chance and review range, 9 to 14 days in data/programs.json); Modal
        // typed with review 3, approval 0.5, shortest 2, longest 20; the editor's job at the
        // default scenario's MFU, 0.4 (cost.rs); ranges MFU 0.5–1.5, price 0.8–1.2.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let q = "t0=2026-12-01&grant=aws-activate%3A100K%3A0%3A12%3A365&grant=modal%3A5K%3A0%3A3%3A365%3A0.5%3A2%3A20&mfu_range=0.5%3A1.5&price_range=0.8%3A1.2";
        let d = crate::io::link::decode_link(q, &c);
        assert!(d.plan_errors.is_empty(), "{:?}", d.plan_errors);
        let o = crate::credits::evaluate::evaluate(&d.plan, &c);
        let s = Spread::of(&d.plan, &o, &c);
        assert_eq!(
            s.grants,
            vec![
                GrantSpread {
                    approval: c.program("aws-activate").map_or(0.0, |p| p.approval_chance),
                    review_min: 9,
                    review_mode: 12,
                    review_max: 14
                },
                GrantSpread {
                    approval: 0.5,
                    review_min: 2,
                    review_mode: 3,
                    review_max: 20
                },
            ]
        );
        assert_eq!(
            s.mfu,
            Span {
                low: 0.5,
                high: 1.5
            }
        );
        assert_eq!(
            s.price,
            Span {
                low: 0.8,
                high: 1.2
            }
        );
        // One entry per bill line; the job's accelerator line carries its MFU 0.4, no other line
        // has one.
        assert_eq!(s.job_mfu.len(), o.lines.len());
        for (l, m) in o.lines.iter().zip(&s.job_mfu) {
            if l.is(Kind::Train, 0, BillPart::Compute) {
                assert_eq!(*m, Some(0.4), "{l:?}");
            } else {
                assert_eq!(*m, None, "{l:?}");
            }
        }
        assert!(
            o.lines
                .iter()
                .any(|l| l.is(Kind::Train, 0, BillPart::Compute)),
            "{:?}",
            o.lines
        );
        // A typed review outside the catalog's range (9 to 14 days) pins it: the reader typed a
        // day the catalog does not expect (0 for credits in hand), and the bands keep it, so they
        // never contradict the runway (issue 42). Inside the range, the range is sampled.
        for (typed, lo, hi) in [(30, 30, 30), (5, 5, 5), (0, 0, 0), (10, 9, 14)] {
            let mut p = d.plan.clone();
            p.grants[0].review_days = typed;
            let o = crate::credits::evaluate::evaluate(&p, &c);
            let g = Spread::of(&p, &o, &c).grants[0];
            assert_eq!((g.review_min, g.review_mode, g.review_max), (lo, typed, hi));
        }
        // Held (applied day -70, 10-day review: approved day -60): certain, its days pinned at
        // day 0 (the runway's view of it). In review (applied day -5, typical 12 days, so expected
        // on day 7): the catalog's 9 to 14 days shifted by -5, 4 to 9, chance the program's.
        let mut p = d.plan.clone();
        (p.grants[0].apply_day, p.grants[0].review_days) = (-70, 10);
        let o = crate::credits::evaluate::evaluate(&p, &c);
        let g = Spread::of(&p, &o, &c).grants[0];
        assert_eq!(
            (g.approval, g.review_min, g.review_mode, g.review_max),
            (1.0, 0, 0, 0)
        );
        (p.grants[0].apply_day, p.grants[0].review_days) = (-5, 12);
        let o = crate::credits::evaluate::evaluate(&p, &c);
        let g = Spread::of(&p, &o, &c).grants[0];
        let chance = c.program("aws-activate").map_or(0.0, |p| p.approval_chance);
        assert_eq!(
            (g.approval, g.review_min, g.review_mode, g.review_max),
            (chance, 4, 7, 9)
        );
    }

    /// Timing, not a check: `cargo test -p runway-model --release -- --ignored --nocapture mc_timing`.
    #[test]
    #[ignore]
    fn mc_timing() {
        // The benchmark shape: 10 grants, 3 workloads, a 5-year horizon.
        let g: Vec<GrantInput> = (0..10)
            .map(|k| grant(20_000.0 + 1_000.0 * k as f64, 30 * k, 10, 365))
            .collect();
        let w = vec![
            line(0, 8, 3.95, 50_000.0),
            line(100, 4, 2.5, 80_000.0),
            line(300, 2, 6.88, 80_000.0),
        ];
        let mut s = fixed(&g, vec![Some(0.4), None, None]);
        for x in &mut s.grants {
            x.review_min = 3;
            x.review_max = 40;
            x.approval = 0.8;
        }
        s.mfu = Span {
            low: 0.8,
            high: 1.2,
        };
        s.price = Span {
            low: 0.9,
            high: 1.3,
        };
        let t = std::time::Instant::now();
        let b = run(&g, &w, &s, SAMPLES, SEED);
        eprintln!("{} samples: {:?} ({b:?})", SAMPLES, t.elapsed());
    }

    fn arb_case() -> impl Strategy<Value = (Vec<GrantInput>, Vec<WorkloadInput>, Spread)> {
        let g = (
            1.0f64..100_000.0,
            0u32..200,
            0u32..60,
            1u32..400,
            0.0f64..=1.0,
            0u32..30,
            0u32..90,
        );
        let w = (
            0u32..300,
            1u32..16,
            0.5f64..8.0,
            1.0f64..20_000.0,
            proptest::option::of(0.1f64..0.9),
        );
        (
            proptest::collection::vec(g, 0..5),
            proptest::collection::vec(w, 1..4),
            (0.2f64..=1.0, 1.0f64..3.0, 0.2f64..2.0, 0.0f64..2.0),
        )
            .prop_map(|(gs, ws, (ml, mh, pl, pw))| {
                let grants: Vec<GrantInput> = gs
                    .iter()
                    .map(|&(a, ap, r, v, ..)| grant(a, ap, r, v))
                    .collect();
                let spreads = gs
                    .iter()
                    .map(|&(_, _, r, _, p, lo, hi)| GrantSpread {
                        approval: p,
                        review_min: r.saturating_sub(lo),
                        review_mode: r,
                        review_max: r + hi,
                    })
                    .collect();
                let lines = ws.iter().map(|&(s, n, p, h, _)| line(s, n, p, h)).collect();
                let job_mfu = ws.iter().map(|w| w.4).collect();
                let spread = Spread {
                    grants: spreads,
                    job_mfu,
                    mfu: Span { low: ml, high: mh },
                    price: Span {
                        low: pl,
                        high: pl + pw,
                    },
                };
                (grants, lines, spread)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn quantiles_are_ordered((g, w, s) in arb_case()) {
            let b = run(&g, &w, &s, 200, SEED);
            prop_assert!(b.cash_usd.p10 <= b.cash_usd.p50 && b.cash_usd.p50 <= b.cash_usd.p90);
            prop_assert!(b.expired_usd.p10 <= b.expired_usd.p50 && b.expired_usd.p50 <= b.expired_usd.p90);
            let key = |d: Option<u32>| d.unwrap_or(u32::MAX);
            prop_assert!(key(b.runway_end_day.p10) <= key(b.runway_end_day.p50));
            prop_assert!(key(b.runway_end_day.p50) <= key(b.runway_end_day.p90));
            for p in &b.expire_prob {
                prop_assert!((0.0..=1.0).contains(p));
            }
            prop_assert!(b.cash_usd.p10.is_finite() && b.cash_usd.p90.is_finite());
        }
    }
}
