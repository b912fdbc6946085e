//! "Show the math": for every result, its formula, the same formula with the scenario's numbers
//! substituted, and the source and date of every catalog figure it used.

use crate::cost::{Estimate, PriceSource, Scenario, HOURS_PER_MONTH, REFERENCE_BUDGET_USD};
use crate::format::{compact, days, exact, scientific, usd, usd_exact};

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
    pub formula: &'static str,
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
        match self {
            Output::TrainFlops => "Training compute",
            Output::GpuHours => "GPU-hours",
            Output::WallClockDays => "Wall-clock time",
            Output::ComputeCost => "Compute cost",
            Output::PricePerGpuHour => "Price per GPU-hour",
            Output::MonthlyCost => "Monthly, 1 GPU at duty cycle",
            Output::MonthlyCostAlwaysOn => "Monthly, 1 GPU always on",
            Output::MonthlyCostCluster => "Monthly, whole cluster at duty cycle",
            Output::GpuHoursForBudget => "GPU-hours $50K buys",
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
            Output::MonthlyCostCluster => e.monthly_cost_cluster_usd,
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
            Output::TrainFlops => format!("{v:e} FLOP"),
            Output::GpuHours | Output::GpuHoursForBudget => format!("{} GPU-hours", exact(v, 3)),
            Output::WallClockDays => format!("{} days", exact(v, 3)),
            Output::PricePerGpuHour => format!("${} per GPU-hour", exact(v, 4)),
            _ => usd_exact(v),
        }
    }

    /// The formula, substituted, and the sources behind it.
    pub fn explain(self, s: &Scenario, e: &Estimate) -> Explanation {
        let acc = e.accelerator;
        let peak = Citation {
            figure: format!(
                "{}: {} TFLOP/s dense bf16 peak",
                acc.name,
                exact(acc.dense_bf16_tflops, 1)
            ),
            source: acc.source.to_string(),
            as_of: acc.as_of.to_string(),
        };
        let price = price_citation(&e.price);
        let p = e.price.usd_per_gpu_hour();
        let n = s.params;
        let d = s.tokens;
        let h = e.gpu_hours;
        let (formula, substituted, citations) = match self {
            Output::TrainFlops => (
                "C = 6 · N · D",
                format!(
                    "6 × {} params × {} tokens = {:e} FLOP",
                    sci_short(n),
                    sci_short(d),
                    e.train_flops
                ),
                vec![],
            ),
            Output::GpuHours => (
                "H = C / (P_peak · MFU) / 3600",
                format!(
                    "{:e} FLOP / ({}e12 FLOP/s × {}) / 3600 s/h = {} GPU-hours",
                    e.train_flops,
                    acc.dense_bf16_tflops,
                    s.mfu,
                    exact(h, 3)
                ),
                vec![peak],
            ),
            Output::WallClockDays => (
                "days = H / (gpus · 24 · duty)",
                format!(
                    "{} GPU-h / ({} GPUs × 24 h × {}) = {} days",
                    exact(h, 3),
                    s.gpus,
                    s.duty,
                    exact(e.wall_clock_days, 3)
                ),
                vec![peak],
            ),
            Output::ComputeCost => (
                "cost = H · p",
                format!(
                    "{} GPU-h × ${}/GPU-h = {}",
                    exact(h, 3),
                    p,
                    usd_exact(e.compute_cost_usd)
                ),
                [Some(peak), price].into_iter().flatten().collect(),
            ),
            Output::PricePerGpuHour => (
                "p = list price, or your override",
                match &e.price {
                    PriceSource::List(_) => format!(
                        "${p} per GPU-hour, on-demand list price at {}",
                        s.provider_id
                    ),
                    PriceSource::Override { list: Some(l), .. } => {
                        format!(
                            "${p} per GPU-hour, your override (list price ${})",
                            l.usd_per_gpu_hour
                        )
                    }
                    PriceSource::Override { list: None, .. } => {
                        format!("${p} per GPU-hour, your override")
                    }
                },
                price.into_iter().collect(),
            ),
            Output::MonthlyCost => (
                "monthly = p · 730 h · duty",
                format!(
                    "${p} × {HOURS_PER_MONTH} h × {} = {}",
                    s.duty,
                    usd_exact(e.monthly_cost_per_gpu_usd)
                ),
                price.into_iter().collect(),
            ),
            Output::MonthlyCostAlwaysOn => (
                "monthly = p · 730 h",
                format!(
                    "${p} × {HOURS_PER_MONTH} h = {}",
                    usd_exact(e.monthly_cost_always_on_per_gpu_usd)
                ),
                price.into_iter().collect(),
            ),
            Output::MonthlyCostCluster => (
                "monthly = gpus · p · 730 h · duty",
                format!(
                    "{} × ${p} × {HOURS_PER_MONTH} h × {} = {}",
                    s.gpus,
                    s.duty,
                    usd_exact(e.monthly_cost_cluster_usd)
                ),
                price.into_iter().collect(),
            ),
            Output::GpuHoursForBudget => (
                "GPU-hours = $50,000 / p",
                format!(
                    "{} / ${p} = {} GPU-hours",
                    usd_exact(REFERENCE_BUDGET_USD),
                    exact(e.gpu_hours_for_reference_budget, 3)
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
    format!("{v:e}")
}

fn price_citation(price: &PriceSource) -> Option<Citation> {
    let list = match price {
        PriceSource::List(p) => Some(*p),
        PriceSource::Override { .. } => None,
    }?;
    let note = if list.note.is_empty() {
        String::new()
    } else {
        format!(" ({})", list.note)
    };
    Some(Citation {
        figure: format!(
            "{} at {}: ${}/GPU-hour on demand{note}",
            list.accelerator, list.provider, list.usd_per_gpu_hour
        ),
        source: list.source.to_string(),
        as_of: list.as_of.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::cost::estimate;

    #[test]
    fn every_output_substitutes_the_actual_inputs_and_cites_sources() {
        let cat = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s = Scenario::default();
        let e = estimate(&s, &cat).unwrap_or_else(|e| panic!("{e:?}"));
        let flops = Output::TrainFlops.explain(&s, &e);
        assert_eq!(
            flops.substituted,
            "6 × 7e9 params × 2e12 tokens = 8.4e22 FLOP"
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
    fn override_prices_are_labelled_as_yours() {
        let cat = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s = Scenario {
            price_override_usd_per_gpu_hour: Some(2.0),
            ..Scenario::default()
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
