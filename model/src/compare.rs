//! Side-by-side comparison: two to four pieces of work ("pretrain 7B on 1T tokens" vs "continued
//! pretraining of an 8B base on 50B tokens" vs "LoRA on 200M tokens × 10 runs") priced on the
//! scenario's accelerator, provider, MFU and duty, with the grants in the plan that would pay each
//! and the runway each leaves.
//!
//! Link: repeated `cmp=kind:params:tokens[:epochs[:runs[:gpus]]]`, e.g. `cmp=lora:8B:200M:1:10`.

use crate::catalog::Catalog;
use crate::cost::{Estimate, Scenario};
use crate::overheads::OverheadEstimate;
use crate::parse::{echo, format_number_exact, parse_number, parse_whole, Field, Origin};
use crate::plan::{runway_inputs, Plan, PlanError};
use crate::runway::{simulate, LineItem, RunwayResult};
use crate::workload_kind::{TrainingWork, WorkloadKind};

/// Most columns compared at once.
pub const MAX_COLUMNS: usize = 4;

/// One column: the work, and optionally its own accelerator count.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// Kind of training.
    pub kind: WorkloadKind,
    /// Parameters N.
    pub params: f64,
    /// Tokens per epoch.
    pub tokens: f64,
    /// Epochs.
    pub epochs: f64,
    /// Runs.
    pub runs: u32,
    /// Accelerators; `None`: the scenario's.
    pub gpus: Option<u32>,
}

impl Column {
    /// The work this column prices.
    pub fn work(&self) -> TrainingWork {
        TrainingWork {
            kind: self.kind,
            params: self.params,
            tokens: self.tokens,
            epochs: self.epochs,
            runs: f64::from(self.runs),
            reference_precomputed: false,
        }
    }

    /// A short title: "LoRA · 8B · 200M tokens × 10 runs".
    pub fn title(&self) -> String {
        let kind = self.kind.label();
        let mut t = format!(
            "{kind} · {} · {} tokens",
            format_number_exact(self.params),
            format_number_exact(self.tokens)
        );
        if self.epochs != 1.0 {
            t.push_str(&format!(" × {} epochs", format_number_exact(self.epochs)));
        }
        if self.runs != 1 {
            t.push_str(&format!(" × {} runs", self.runs));
        }
        t
    }
}

/// The "train vs fine-tune" preset: pretrain 7B on 1T tokens, continued pretraining of an 8B base
/// on 50B domain tokens, LoRA of that base on 200M tokens × 10 runs.
pub fn train_vs_finetune() -> Vec<Column> {
    vec![
        Column {
            kind: WorkloadKind::Pretrain,
            params: 7e9,
            tokens: 1e12,
            epochs: 1.0,
            runs: 1,
            gpus: None,
        },
        Column {
            kind: WorkloadKind::ContinuedPretrain,
            params: 8e9,
            tokens: 5e10,
            epochs: 1.0,
            runs: 1,
            gpus: None,
        },
        Column {
            kind: WorkloadKind::Lora,
            params: 8e9,
            tokens: 2e8,
            epochs: 1.0,
            runs: 10,
            gpus: None,
        },
    ]
}

/// Reads one `cmp=` token (`index` from 0, for the `cmp-<i>` error key).
pub fn parse_column(token: &str, index: usize) -> Result<Column, PlanError> {
    let label = format!("Comparison {}", index + 1);
    let fail = |message: String| PlanError {
        key: format!("cmp-{index}"),
        message,
    };
    let parts: Vec<&str> = token.split(':').collect();
    if !(3..=6).contains(&parts.len()) {
        return Err(fail(format!(
            "{label}: expected kind:params:tokens[:epochs[:runs[:gpus]]], got \"{}\".",
            echo(token)
        )));
    }
    let kinds: Vec<&str> = WorkloadKind::ALL
        .iter()
        .filter(|k| k.trains())
        .map(|k| k.id())
        .collect();
    let kind = WorkloadKind::from_id(parts[0].trim())
        .filter(|k| k.trains())
        .ok_or_else(|| {
            fail(format!(
                "{label}: kind \"{}\" is not one of {}.",
                echo(parts[0]),
                kinds.join(", ")
            ))
        })?;
    let params = Field::Params.parse(parts[1], Origin::Link).map_err(|e| {
        fail(format!(
            "{label}: {}",
            e.to_string().replace("Model parameters: ", "parameters ")
        ))
    })?;
    let number = |raw: &str, what: &str, min: f64, max: f64, expected: &str| match parse_number(raw)
    {
        Ok(v) if v >= min && v <= max => Ok(v),
        _ => Err(fail(format!(
            "{label}: {what} \"{}\" is not {expected}.",
            echo(raw)
        ))),
    };
    let tokens = number(parts[2], "tokens", 1e6, 1e14, "1M to 100T, like 200M")?;
    let epochs = match parts.get(3) {
        Some(raw) => number(raw, "epochs", 0.01, 100.0, "between 0.01 and 100")?,
        None => 1.0,
    };
    let runs = match parts.get(4) {
        Some(raw) => parse_whole(raw, 1, 1000).map_err(|_| {
            fail(format!(
                "{label}: runs \"{}\" is not a whole number from 1 to 1,000.",
                echo(raw)
            ))
        })?,
        None => 1,
    };
    let gpus = match parts.get(5) {
        Some(raw) => Some(parse_whole(raw, 1, 100_000).map_err(|_| {
            fail(format!(
                "{label}: accelerators \"{}\" is not a whole number from 1 to 100,000.",
                echo(raw)
            ))
        })?),
        None => None,
    };
    Ok(Column {
        kind,
        params,
        tokens,
        epochs,
        runs,
        gpus,
    })
}

/// Writes a `cmp=` token (epochs and runs always; gpus when set).
pub fn encode_column(c: &Column) -> String {
    let mut s = format!(
        "{}:{}:{}:{}:{}",
        c.kind.id(),
        format_number_exact(c.params),
        format_number_exact(c.tokens),
        format_number_exact(c.epochs),
        c.runs
    );
    if let Some(g) = c.gpus {
        s.push_str(&format!(":{g}"));
    }
    s
}

/// What one column costs and how the plan's grants carry it.
#[derive(Clone, Debug, PartialEq)]
pub struct ColumnResult {
    /// Training FLOPs.
    pub flops: f64,
    /// Accelerator-hours.
    pub gpu_hours: f64,
    /// Compute cost at the scenario's price, USD.
    pub cost_usd: f64,
    /// Wall-clock days on the column's accelerators at the scenario's duty.
    pub wall_clock_days: f64,
    /// Plan indices of the grants that would pay this work.
    pub payers: Vec<usize>,
    /// The plan's runway with this work as the training run (compute only).
    pub runway: RunwayResult,
}

/// Prices a column against the scenario and runs the plan with it in place of the training run.
pub fn evaluate(
    column: &Column,
    scenario: &Scenario,
    primary: &Estimate,
    overheads: &OverheadEstimate,
    plan: &Plan,
    catalog: &Catalog,
) -> ColumnResult {
    let work = column.work();
    let gpus = column.gpus.unwrap_or(scenario.gpus);
    let gpu_hours = work.gpu_hours(primary.accelerator.peak_flops_per_s(), scenario.mfu);
    let price = primary.price.usd_per_gpu_hour();
    let (grants, mut workloads) = runway_inputs(plan, scenario, primary, overheads, catalog);
    // The column replaces the training run and its storage and egress: compute only.
    workloads.retain(|w| w.line == LineItem::Accelerators);
    if let Some(first) = workloads.first_mut() {
        first.gpus = gpus;
        first.gpu_hours = gpu_hours;
        first.usd_per_gpu_hour = price;
    }
    let payers = match workloads.first() {
        Some(w) => (0..grants.len())
            .filter(|&g| grants[g].pays_for(w))
            .collect(),
        None => vec![],
    };
    ColumnResult {
        flops: work.flops(),
        gpu_hours,
        cost_usd: gpu_hours * price,
        wall_clock_days: crate::cost::wall_clock_days(gpu_hours, f64::from(gpus), scenario.duty),
        payers,
        runway: simulate(&grants, &workloads),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::estimate;

    #[test]
    fn tokens_parse_and_encode_round_trip() {
        let c = parse_column("lora:8B:200M:1:10", 0).unwrap_or_else(|e| panic!("{}", e.message));
        assert_eq!(c, train_vs_finetune()[2]);
        assert_eq!(encode_column(&c), "lora:8B:200M:1:10");
        let g =
            parse_column("continued:8B:50B:2:1:256", 1).unwrap_or_else(|e| panic!("{}", e.message));
        assert_eq!((g.epochs, g.gpus), (2.0, Some(256)));
        assert_eq!(parse_column(&encode_column(&g), 1), Ok(g));
        assert_eq!(
            parse_column("pretrain:7B:1T", 0).map(|c| (c.epochs, c.runs)),
            Ok((1.0, 1))
        );
    }

    #[test]
    fn bad_tokens_say_what_is_expected() {
        let msg = |t: &str| {
            parse_column(t, 1)
                .map(|_| String::new())
                .unwrap_or_else(|e| e.message)
        };
        assert_eq!(
            msg("lora:8B"),
            "Comparison 2: expected kind:params:tokens[:epochs[:runs[:gpus]]], got \"lora:8B\"."
        );
        assert_eq!(msg("inference:8B:1B"), "Comparison 2: kind \"inference\" is not one of pretrain, continued, full-ft, lora, qlora, dpo.");
        assert_eq!(
            msg("lora:8B:10:1:1"),
            "Comparison 2: tokens \"10\" is not 1M to 100T, like 200M."
        );
        assert_eq!(
            msg("lora:8B:200M:1:0"),
            "Comparison 2: runs \"0\" is not a whole number from 1 to 1,000."
        );
        assert!(
            msg("lora:<b>:200M").starts_with("Comparison 2: parameters \"<b>\" is not a number."),
            "{}",
            msg("lora:<b>:200M")
        );
    }

    #[test]
    fn train_vs_finetune_priced_by_hand() {
        // On the default scenario (64 H100 at AWS $6.88, MFU 0.4):
        // pretrain 7B x 1T: 4.2e22 / (989e12 * 0.4) / 3600 = 29,491.07 GPU-h = $202,898.55;
        // LoRA 8B x 200M x 10 runs: 6.4e19 -> 44.939 GPU-h = $309.17, 0.70 hours on 64 GPUs.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s = Scenario::default();
        let e = estimate(&s, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let plan =
            crate::link::decode_link("grant=aws-activate:100K:0:0:730&grant=modal:5K", &c).plan;
        let cols = train_vs_finetune();
        let o = crate::overheads::estimate_overheads(&s, &e, &c);
        let pre = evaluate(&cols[0], &s, &e, &o, &plan, &c);
        assert!((pre.gpu_hours - 29_491.068).abs() < 1e-3);
        assert!((pre.cost_usd - 202_898.55).abs() < 0.01);
        let lora = evaluate(&cols[2], &s, &e, &o, &plan, &c);
        assert!((lora.cost_usd - 309.1789).abs() < 1e-3);
        assert!((lora.wall_clock_days * 24.0 - 0.70217).abs() < 1e-4);
        // Activate (AWS, all scope) pays either; the Modal grant pays neither.
        assert_eq!(pre.payers, [0]);
        assert_eq!(lora.payers, [0]);
        // Pretraining outruns the $100K grant: at $10,567.68 a day from day 0 it lasts 9.46 days,
        // so cash from day 9; the LoRA sweep never needs cash.
        assert_eq!(pre.runway.runway_end_day, Some(9));
        assert_eq!(lora.runway.runway_end_day, None);
        assert!((lora.runway.grants[0].used_usd - 309.1789).abs() < 1e-3);
    }
}
