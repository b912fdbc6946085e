//! "Show the math": for every result, its formula, the same formula with the scenario's numbers
//! substituted, and the source and date of every catalog figure it used.

use crate::estimators::cost::{Estimate, PriceSource};
use crate::estimators::formulas::{HOURS_PER_MONTH, REFERENCE_BUDGET_USD};
use crate::input::job::Job;
use crate::io::format::{
    compact, days, exact, exponent, scientific, usd, usd_as_published, usd_exact, usd_unit,
};

/// A result the calculator shows; its [`test_id`](Output::test_id) is a stable `data-testid`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// C = 6·N·D.
    TrainFlops,
    /// Accelerator-hours.
    GpuHours,
    /// Calendar days.
    WallClockDays,
    /// Total compute cost.
    ComputeCost,
    /// Price used per accelerator-hour.
    PricePerGpuHour,
    /// One accelerator per month at the duty cycle.
    MonthlyCost,
    /// One accelerator per month, always on.
    MonthlyCostAlwaysOn,
    /// The whole cluster per month at the duty cycle.
    MonthlyCostCluster,
    /// GPU-hours $50,000 buys.
    GpuHoursForBudget,
}

/// A catalog figure used in a result, with where it comes from.
#[derive(Clone, Debug, PartialEq)]
pub struct Citation {
    /// The figure, e.g. "NVIDIA H100 SXM: 989 TFLOP/s dense bf16".
    pub figure: String,
    /// Its source.
    pub source: String,
    /// When it was read.
    pub as_of: String,
}

/// The working behind one result.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    /// The symbolic formula.
    pub formula: String,
    /// The formula with this scenario's numbers, ending in the result.
    pub substituted: String,
    /// Catalog figures used.
    pub citations: Vec<Citation>,
}

impl Output {
    /// Every output, in display order.
    pub const ALL: [Output; 9] = [
        Output::ComputeCost,
        Output::GpuHours,
        Output::WallClockDays,
        Output::TrainFlops,
        Output::PricePerGpuHour,
        Output::MonthlyCost,
        Output::MonthlyCostAlwaysOn,
        Output::MonthlyCostCluster,
        Output::GpuHoursForBudget,
    ];

    /// The stable `data-testid`.
    pub fn test_id(self) -> &'static str {
        match self {
            Output::TrainFlops => "train-flops",
            Output::GpuHours => "gpu-hours",
            Output::WallClockDays => "wall-clock-days",
            Output::ComputeCost => "compute-cost",
            Output::PricePerGpuHour => "price-per-gpu-hour",
            Output::MonthlyCost => "monthly-cost",
            Output::MonthlyCostAlwaysOn => "monthly-cost-always-on",
            Output::MonthlyCostCluster => "monthly-cost-cluster",
            Output::GpuHoursForBudget => "gpu-hours-for-50k",
        }
    }

    /// The label a person reads.
    pub fn label(self) -> &'static str {
        crate::input::text::interned(match self {
            Output::TrainFlops => crate::tr!("explain.label.train_flops"),
            Output::GpuHours => crate::tr!("explain.label.gpu_hours"),
            Output::WallClockDays => crate::tr!("explain.label.wall_clock_days"),
            Output::ComputeCost => crate::tr!("explain.label.compute_cost"),
            Output::PricePerGpuHour => crate::tr!("explain.label.price_per_gpu_hour"),
            Output::MonthlyCost => crate::tr!("explain.label.monthly_cost"),
            Output::MonthlyCostAlwaysOn => crate::tr!("explain.label.monthly_cost_always_on"),
            Output::MonthlyCostCluster => crate::tr!("explain.label.monthly_cost_cluster"),
            Output::GpuHoursForBudget => crate::tr!(
                "explain.label.gpu_hours_for_budget",
                budget = usd(REFERENCE_BUDGET_USD)
            ),
        })
    }

    /// The label a person reads for this estimate: the cluster's month says when it is the job's
    /// own total instead (the job ends within a month).
    pub fn label_for(self, e: Option<&Estimate>) -> String {
        match (self, e) {
            (Output::MonthlyCostCluster, Some(e)) if e.ends_within_a_month() => {
                crate::tr!("explain.label.cluster_job")
            }
            _ => self.label().to_string(),
        }
    }

    /// The raw value, in the output's unit (FLOP, hours, days, USD).
    pub fn value(self, e: &Estimate) -> f64 {
        match self {
            Output::TrainFlops => e.train_flops,
            Output::GpuHours => e.gpu_hours,
            Output::WallClockDays => e.wall_clock_days,
            Output::ComputeCost => e.compute_cost_usd,
            Output::PricePerGpuHour => e.price.usd_per_gpu_hour(),
            Output::MonthlyCost => e.monthly_cost_per_gpu_usd,
            Output::MonthlyCostAlwaysOn => e.monthly_cost_always_on_per_gpu_usd,
            Output::MonthlyCostCluster => e.cluster_month_usd(),
            Output::GpuHoursForBudget => e.gpu_hours_for_reference_budget,
        }
    }

    /// The value for a headline, with its unit.
    pub fn human(self, e: &Estimate) -> String {
        let v = self.value(e);
        match self {
            Output::TrainFlops => format!("{} FLOP", scientific(v)),
            Output::GpuHours | Output::GpuHoursForBudget => format!("{} GPU-h", compact(v)),
            Output::WallClockDays => days(v),
            _ => usd(v),
        }
    }

    /// The value to more digits, for hover text.
    pub fn exact(self, e: &Estimate) -> String {
        let v = self.value(e);
        match self {
            Output::TrainFlops => format!("{} FLOP", exponent(v)),
            Output::GpuHours | Output::GpuHoursForBudget => {
                crate::tr!("explain.exact.gpu_hours", n = exact(v, 3))
            }
            Output::WallClockDays => crate::tr!("common.days", n = exact(v, 3)),
            Output::PricePerGpuHour => crate::tr!("explain.exact.price", p = usd_unit(v, 4)),
            _ => usd_exact(v),
        }
    }

    /// The formula, substituted, and the sources behind it.
    pub fn explain(self, s: &Job, e: &Estimate) -> Explanation {
        let acc = e.accelerator;
        let peak = Citation {
            figure: crate::tr!(
                "explain.peak",
                name = acc.name_text(),
                tflops = exact(acc.dense_bf16_tflops, 1)
            ),
            source: acc.source_text().to_string(),
            as_of: acc.as_of.to_string(),
        };
        let price = price_citation(&e.price);
        let p_text = usd_unit(e.price.usd_per_gpu_hour(), 4);
        let n = s.params;
        let d = s.tokens;
        let h = e.gpu_hours;
        let days_text = exact(e.wall_clock_days, 3);
        let (formula, substituted, citations) = match self {
            Output::TrainFlops => {
                // The same factors that compute C: the kind's FLOPs per parameter-token, the
                // active parameters, tokens, epochs and runs.
                let w = s.work();
                let k = w
                    .kind
                    .flops_per_param_token_with(w.reference_precomputed, w.checkpointing);
                let mut formula = format!("C = {} · N · D", exact(k, 3));
                let mut extra = String::new();
                if w.epochs != 1.0 {
                    formula.push_str(" · epochs");
                    extra.push_str(&crate::tr!("explain.sub.epochs", e = exact(w.epochs, 3)));
                }
                if w.runs != 1.0 {
                    formula.push_str(" · runs");
                    extra.push_str(&crate::tr!("explain.sub.runs", r = exact(w.runs, 0)));
                }
                let active = s.params_total.map_or_else(String::new, |t| {
                    crate::tr!("explain.sub.active_of", total = sci_short(t))
                });
                (
                    formula,
                    crate::tr!(
                        "explain.sub.train_flops",
                        k = exact(k, 3),
                        mult = w
                            .kind
                            .multiplier_text(w.reference_precomputed, w.checkpointing),
                        n = sci_short(n),
                        active = active,
                        d = sci_short(d),
                        extra = extra,
                        c = sci_short(e.train_flops)
                    ),
                    vec![],
                )
            }
            Output::GpuHours => (
                "H = C / (P_peak · MFU) / 3600".to_string(),
                crate::tr!(
                    "explain.sub.gpu_hours",
                    c = sci_short(e.train_flops),
                    tflops = acc.dense_bf16_tflops,
                    mfu = s.mfu,
                    h = exact(h, 3)
                ),
                vec![peak],
            ),
            Output::WallClockDays => (
                crate::tr!("explain.formula.wall_clock_days"),
                match e.billed_gpu_hours {
                    Some(b) => crate::tr!(
                        "explain.sub.wall_clock_days_billed",
                        h = exact(b, 3),
                        gpus = s.gpus,
                        duty = s.duty,
                        d = days_text
                    ),
                    None => crate::tr!(
                        "explain.sub.wall_clock_days",
                        h = exact(h, 3),
                        gpus = s.gpus,
                        duty = s.duty,
                        d = days_text
                    ),
                },
                vec![peak],
            ),
            Output::ComputeCost => (
                crate::tr!("explain.formula.compute_cost"),
                crate::tr!(
                    "explain.sub.compute_cost",
                    h = exact(h, 3),
                    p = p_text,
                    c = usd_exact(e.compute_cost_usd)
                ),
                [Some(peak), price].into_iter().flatten().collect(),
            ),
            Output::PricePerGpuHour => (
                crate::tr!("explain.formula.price"),
                match &e.price {
                    PriceSource::List(_) => crate::tr!(
                        "explain.sub.price_list",
                        p = p_text,
                        provider = crate::data::catalog::provider_name(&s.provider_id)
                    ),
                    PriceSource::Override { list: Some(l), .. } => crate::tr!(
                        "explain.sub.price_override_list",
                        p = p_text,
                        list = usd_as_published(l.usd_per_gpu_hour, 4)
                    ),
                    PriceSource::Override { list: None, .. } => {
                        crate::tr!("explain.sub.price_override", p = p_text)
                    }
                    PriceSource::Spot { list, discount } => crate::tr!(
                        "explain.sub.price_spot",
                        p = p_text,
                        list = usd_as_published(list.usd_per_gpu_hour, 4),
                        d = crate::io::format::percent(*discount)
                    ),
                },
                price.into_iter().collect(),
            ),
            Output::MonthlyCost => (
                crate::tr!("explain.formula.monthly_cost"),
                crate::tr!(
                    "explain.sub.monthly_cost",
                    p = p_text,
                    hours = HOURS_PER_MONTH,
                    duty = s.duty,
                    m = usd_exact(e.monthly_cost_per_gpu_usd)
                ),
                price.into_iter().collect(),
            ),
            Output::MonthlyCostAlwaysOn => (
                crate::tr!("explain.formula.monthly_cost_always_on"),
                crate::tr!(
                    "explain.sub.monthly_cost_always_on",
                    p = p_text,
                    hours = HOURS_PER_MONTH,
                    m = usd_exact(e.monthly_cost_always_on_per_gpu_usd)
                ),
                price.into_iter().collect(),
            ),
            Output::MonthlyCostCluster if e.ends_within_a_month() => (
                crate::tr!("explain.formula.cluster_job"),
                crate::tr!(
                    "explain.sub.cluster_job",
                    days = days(e.wall_clock_days),
                    h = exact(e.billed_gpu_hours.unwrap_or(h), 3),
                    p = p_text,
                    c = usd_exact(e.cluster_month_usd())
                ),
                price.into_iter().collect(),
            ),
            Output::MonthlyCostCluster => (
                crate::tr!("explain.formula.monthly_cost_cluster"),
                crate::tr!(
                    "explain.sub.monthly_cost_cluster",
                    gpus = s.gpus,
                    p = p_text,
                    hours = HOURS_PER_MONTH,
                    duty = s.duty,
                    m = usd_exact(e.monthly_cost_cluster_usd)
                ),
                price.into_iter().collect(),
            ),
            Output::GpuHoursForBudget => (
                crate::tr!("explain.formula.gpu_hours_for_budget"),
                crate::tr!(
                    "explain.sub.gpu_hours_for_budget",
                    budget = usd_exact(REFERENCE_BUDGET_USD),
                    p = p_text,
                    h = exact(e.gpu_hours_for_reference_budget, 3)
                ),
                price.into_iter().collect(),
            ),
        };
        Explanation {
            formula,
            substituted,
            citations,
        }
    }
}

/// 7e9 → "7e9", 1.5e12 → "1.5e12": short and unambiguous in a formula.
fn sci_short(v: f64) -> String {
    exponent(v)
}

fn price_citation(price: &PriceSource) -> Option<Citation> {
    let list = match price {
        PriceSource::List(p) | PriceSource::Spot { list: p, .. } => Some(*p),
        PriceSource::Override { .. } => None,
    }?;
    let note = if list.note.is_empty() {
        String::new()
    } else {
        format!(" ({})", list.note_text())
    };
    Some(Citation {
        figure: crate::tr!(
            "explain.price_citation",
            acc = crate::data::catalog::accelerator_name(&list.accelerator),
            provider = crate::data::catalog::provider_name(&list.provider),
            p = usd_as_published(list.usd_per_gpu_hour, 4),
            note = note
        ),
        source: list.source_text().to_string(),
        as_of: list.as_of.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::catalog::Catalog;
    use crate::estimators::cost::estimate;

    #[test]
    fn headlines_by_hand_with_their_units() {
        // The default job, 7B on 2T tokens: 6 x N x D = 8.4 x 10^22 FLOP, 58,982 GPU-hours on 64
        // H100s at $6.88: 38.4 days, $405,797.10; the cluster's month 64 x $6.88 x 730 =
        // $321,433.60; the reference $50K buys 50,000 / 6.88 = 7,267 GPU-hours.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let e = estimate(&Job::default(), &c).unwrap_or_else(|e| panic!("{e:?}"));
        let h = |o: Output| o.human(&e);
        assert_eq!(h(Output::TrainFlops), "8.4 × 10²² FLOP");
        assert_eq!(h(Output::GpuHours), "59K GPU-h");
        assert_eq!(h(Output::GpuHoursForBudget), "7.3K GPU-h");
        assert_eq!(h(Output::WallClockDays), "38.4 days");
        assert_eq!(h(Output::ComputeCost), "$406K");
        assert_eq!(h(Output::MonthlyCostCluster), "$321K");
        let x = |o: Output| o.exact(&e);
        // The hover texts, to more digits.
        assert_eq!(x(Output::TrainFlops), "8.4e22 FLOP");
        assert_eq!(x(Output::GpuHours), "58,982.137 GPU-hours");
        assert_eq!(x(Output::GpuHoursForBudget), "7,267.442 GPU-hours");
        assert_eq!(x(Output::WallClockDays), "38.4 days");
        assert_eq!(x(Output::ComputeCost), "$405,797.10");
        assert_eq!(x(Output::PricePerGpuHour), "$6.88 per GPU-hour");
        assert_eq!(x(Output::MonthlyCostCluster), "$321,433.60");
        // The cluster's month is labelled as such for a job longer than a month, and as the job's
        // own total for one that ends sooner (the same job on 1,024 GPUs: 57.6 hours).
        let month = "Monthly, whole cluster at duty cycle";
        assert_eq!(Output::MonthlyCostCluster.label_for(Some(&e)), month);
        assert_eq!(Output::MonthlyCostCluster.label_for(None), month);
        let short = Job {
            gpus: 1024,
            ..Job::default()
        };
        let e = estimate(&short, &c).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            Output::MonthlyCostCluster.label_for(Some(&e)),
            "Whole cluster, for the job (it ends within a month)"
        );
        assert_eq!(
            Output::ComputeCost.label_for(Some(&e)),
            Output::ComputeCost.label()
        );
        // And its formula: the job's own GPU-hours at the price, not a month of the cluster.
        let formula = |j: &Job, e: &Estimate| Output::MonthlyCostCluster.explain(j, e).formula;
        assert_eq!(
            formula(&short, &e),
            "under a month of wall clock, the cluster bills the job = H · p"
        );
        let long = estimate(&Job::default(), &c).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            formula(&Job::default(), &long),
            "monthly = gpus · p · 730 h · duty"
        );
    }

    /// The final number of a worked formula ("… = US$ 5.022,40", "= 1,152e19 FLOP", "$6.88 per
    /// GPU-hour"), read in `lang`, with half a unit of its last printed digit: what display
    /// rounding may hide.
    fn final_number(text: &str, lang: crate::locale::Lang) -> (f64, f64) {
        let tail = text.rsplit_once("= ").map_or(text, |(_, t)| t);
        let start = tail
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or_else(|| panic!("no number in {text:?}"));
        let token: String = tail[start..]
            .chars()
            .take_while(|c| c.is_ascii_digit() || matches!(c, '.' | ',' | 'e' | '-'))
            .collect();
        let token = token.trim_end_matches(['.', ',']);
        let (group, decimal) = match lang {
            crate::locale::Lang::En => (',', '.'),
            crate::locale::Lang::Pt => ('.', ','),
        };
        let plain: String = token
            .chars()
            .filter(|&c| c != group)
            .map(|c| if c == decimal { '.' } else { c })
            .collect();
        let (mantissa, exp) = plain.split_once('e').unwrap_or((&plain, "0"));
        let decimals = mantissa.split_once('.').map_or(0, |(_, f)| f.len());
        let exp: i32 = exp
            .parse()
            .unwrap_or_else(|_| panic!("{token:?} in {text:?}"));
        let value: f64 = plain
            .parse()
            .unwrap_or_else(|_| panic!("{token:?} in {text:?}"));
        (value, 0.5 * 10f64.powi(exp - decimals as i32))
    }

    #[test]
    fn every_worked_formula_ends_on_the_value_shown_in_both_languages_for_every_kind() {
        // Issue 27, item 1: the math is the computation. For every output, job kind and
        // language, the last number of the worked formula, read in that language, is the value
        // the page shows (its data-value) within the rounding of its last printed digit.
        use crate::input::kind::WorkloadKind;
        use crate::locale::{with_lang, Lang};
        let cat = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let mut checked = 0;
        for lang in [Lang::En, Lang::Pt] {
            for kind in WorkloadKind::ALL {
                for (params, tokens, gpus, epochs) in
                    [(8e9, 2e8, 8, 3.0), (7e10, 1.5e12, 1024, 1.0)]
                {
                    let s = Job {
                        kind,
                        params,
                        tokens,
                        gpus,
                        epochs,
                        ..Job::default()
                    };
                    let e = estimate(&s, &cat).unwrap_or_else(|e| panic!("{e:?}"));
                    for o in Output::ALL {
                        let text = with_lang(lang, || o.explain(&s, &e).substituted);
                        let (shown, half_unit) = final_number(&text, lang);
                        let v = o.value(&e);
                        assert!(
                            (shown - v).abs() <= half_unit * (1.0 + 1e-9) + v.abs() * 1e-12,
                            "{lang:?} {kind:?} {o:?}: {text:?} ends on {shown}, the value is {v}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 2 * WorkloadKind::ALL.len() * 2 * Output::ALL.len());
    }

    #[test]
    fn the_flops_math_is_the_computation_for_every_kind() {
        use crate::input::kind::WorkloadKind;
        let cat = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        // (kind, epochs, runs, formula, substituted): worked by hand with N = 8e9, D = 2e8.
        // LoRA: 4 x 8e9 x 2e8 = 6.4e18 (the page used to print "C = 6 · N · D" beside it).
        // QLoRA (checkpointing on by default): (4 + 2) x 1.2 = 7.2; x 3 epochs:
        // 7.2 x 8e9 x 2e8 x 3 = 3.456e19. DPO: 8 x 8e9 x 2e8 x 2 runs = 2.56e19.
        let cases = [
            (WorkloadKind::Lora, 1.0, 1, "C = 4 · N · D", "4 × 8e9 params × 2e8 tokens = 6.4e18 FLOP; factor 4 (LoRA, no gradient checkpointing)"),
            (WorkloadKind::Qlora, 3.0, 1, "C = 7.2 · N · D · epochs", "7.2 × 8e9 params × 2e8 tokens × 3 epochs = 3.456e19 FLOP; factor (4 + 2 for gradient checkpointing) × 1.2 QLoRA dequantisation (estimate, 1.1–1.3×)"),
            (WorkloadKind::Dpo, 1.0, 2, "C = 8 · N · D · runs", "8 × 8e9 params × 2e8 tokens × 2 runs = 2.56e19 FLOP; factor 8 (policy 6 + frozen reference forward 2)"),
        ];
        for (kind, epochs, runs, formula, substituted) in cases {
            let s = Job {
                kind,
                params: 8e9,
                tokens: 2e8,
                epochs,
                runs,
                ..Job::default()
            };
            let e = estimate(&s, &cat).unwrap_or_else(|e| panic!("{e:?}"));
            let x = Output::TrainFlops.explain(&s, &e);
            assert_eq!(
                (x.formula.as_str(), x.substituted.as_str()),
                (formula, substituted)
            );
        }
        // A mixture of experts: FLOPs use the 37B active parameters and say so.
        let s = Job {
            params: 37e9,
            params_total: Some(671e9),
            tokens: 1e12,
            ..Job::default()
        };
        let e = estimate(&s, &cat).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(e.train_flops, 6.0 * 37e9 * 1e12);
        let x = Output::TrainFlops.explain(&s, &e);
        assert_eq!(x.substituted, "6 × 3.7e10 params (active, of 6.71e11 in all: a mixture of experts computes with its active parameters) × 1e12 tokens = 2.22e23 FLOP; factor 6 (forward and backward)");
    }

    #[test]
    fn every_output_substitutes_the_actual_inputs_and_cites_sources() {
        let cat = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s = Job::default();
        let e = estimate(&s, &cat).unwrap_or_else(|e| panic!("{e:?}"));
        let flops = Output::TrainFlops.explain(&s, &e);
        assert_eq!(
            flops.substituted,
            "6 × 7e9 params × 2e12 tokens = 8.4e22 FLOP; factor 6 (forward and backward)"
        );
        let hours = Output::GpuHours.explain(&s, &e);
        assert!(
            hours.substituted.starts_with(
                "8.4e22 FLOP / (989e12 FLOP/s × 0.4) / 3600 s/h = 58,982.137 GPU-hours"
            ),
            "{}",
            hours.substituted
        );
        assert!(hours.citations[0].figure.contains("989 TFLOP/s dense bf16"));
        let cost = Output::ComputeCost.explain(&s, &e);
        assert_eq!(cost.citations.len(), 2);
        assert!(cost.citations[1].figure.contains("$6.88/GPU-hour"));
        assert_eq!(cost.citations[1].as_of, "2026-11-09");
        let monthly = Output::MonthlyCostAlwaysOn.explain(&s, &e);
        assert_eq!(monthly.substituted, "$6.88 × 730 h = $5,022.40");
        for o in Output::ALL {
            let x = o.explain(&s, &e);
            assert!(
                !x.substituted.contains("NaN") && !x.substituted.contains("inf"),
                "{o:?}"
            );
            assert!(!o.human(&e).contains("NaN"));
        }
    }

    #[test]
    fn price_sentences_name_the_provider_and_accelerator() {
        // data/prices.json: Modal H100 SXM $3.95 per GPU-hour; data/providers.json names `modal`
        // "Modal", data/accelerators.json names `h100-sxm` "NVIDIA H100 SXM".
        let cat = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s = Job {
            provider_id: "modal".into(),
            accelerator_id: "h100-sxm".into(),
            ..Job::default()
        };
        let e = estimate(&s, &cat).unwrap_or_else(|e| panic!("{e:?}"));
        let x = Output::PricePerGpuHour.explain(&s, &e);
        assert_eq!(
            x.substituted,
            "$3.95 per GPU-hour, on-demand list price at Modal"
        );
        let figure = x
            .citations
            .first()
            .map(|c| c.figure.clone())
            .unwrap_or_default();
        assert!(
            figure.starts_with("NVIDIA H100 SXM at Modal: $3.95/GPU-hour on demand"),
            "{figure}"
        );
        assert!(!figure.contains("h100-sxm") && !figure.contains("at modal"));
    }

    #[test]
    fn the_math_reads_in_portuguese() {
        use crate::locale::{with_lang, Lang};
        let cat = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s = Job::default();
        let e = estimate(&s, &cat).unwrap_or_else(|e| panic!("{e:?}"));
        // Same numbers as the English test above (7e9 params, 2e12 tokens, 6·N·D = 8.4e22).
        let flops = with_lang(Lang::Pt, || Output::TrainFlops.explain(&s, &e));
        assert_eq!(flops.formula, "C = 6 · N · D");
        assert_eq!(
            flops.substituted,
            // The decimal comma of Portuguese, in the exponent form too.
            "6 × 7e9 parâmetros × 2e12 tokens = 8,4e22 FLOP; fator 6 (passada direta e retropropagação)"
        );
        let days = with_lang(Lang::Pt, || Output::WallClockDays.explain(&s, &e));
        assert_eq!(days.formula, "dias = H / (GPUs · 24 · ciclo de uso)");
        assert!(days.substituted.ends_with(" dias"), "{}", days.substituted);
        assert_eq!(
            with_lang(Lang::Pt, || Output::ComputeCost.label()),
            "Custo de computação, sem os custos ocultos"
        );
        // The English is untouched once the Portuguese was asked for.
        assert_eq!(
            Output::ComputeCost.label(),
            "Compute cost, before hidden costs"
        );
    }

    #[test]
    fn override_prices_are_labelled_as_yours() {
        let cat = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s = Job {
            price_override_usd_per_gpu_hour: Some(2.0),
            ..Job::default()
        };
        let e = estimate(&s, &cat).unwrap_or_else(|e| panic!("{e:?}"));
        let x = Output::PricePerGpuHour.explain(&s, &e);
        assert_eq!(
            x.substituted,
            "$2 per GPU-hour, your override (list price $6.88)"
        );
        assert!(x.citations.is_empty());
    }
}
