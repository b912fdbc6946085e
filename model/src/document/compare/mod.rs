//! Side-by-side comparison priced: each column on the scenario's accelerator, provider, MFU and
//! duty, with the grants in the plan that would pay it and the runway it leaves (the column
//! stands in for the edited job). The columns and their link tokens are in [`column`].

pub mod column;
pub use column::*;
mod first_year;
pub use first_year::{first_years, FirstYear};

use crate::credits::evaluate::Outcome;
use crate::credits::runway::{simulate, LineItem, RunwayResult, WorkloadInput};
use crate::data::catalog::Catalog;
use crate::estimators::cost::Estimate;
use crate::input::job::Job;
use crate::input::kind::WorkloadKind;
use crate::input::knobs::{BillingInputs, OverheadInputs};

/// What a retrieval column costs: the one-off embedding and the monthly storage and prompts.
#[derive(Clone, Debug, PartialEq)]
pub struct RetrievalCost {
    /// Chunks (vectors) in the index: ceil(corpus tokens / chunk size).
    pub chunks: f64,
    /// Index size, GB: chunks × dimension × 4 bytes / 10⁹.
    pub index_gb: f64,
    /// The provider's storage price, USD per GB-month.
    pub storage_usd_per_gb_month: f64,
    /// Storing the index, USD a month: the GB above the provider's free storage allowance ×
    /// the price (`index_gb × storage_usd_per_gb_month` without an allowance).
    pub storage_monthly_usd: f64,
    /// Extra input tokens a month: queries × k × chunk size.
    pub extra_tokens_per_month: f64,
    /// Parameters of the model served (the billing panel's `infer_params`).
    pub served_params: f64,
    /// Accelerator-hours a month to prefill the extra tokens: tokens × 2·N_served / (peak · MFU).
    pub prefill_gpu_hours_per_month: f64,
    /// Prefilling the extra tokens, USD a month.
    pub prefill_monthly_usd: f64,
}

/// Prices a retrieval column's monthly costs on the edited job's accelerator, price and MFU,
/// serving the billing views' model.
pub fn retrieval_cost(
    column: &Column,
    scenario: &Job,
    billing: &BillingInputs,
    primary: &Estimate,
    catalog: &Catalog,
) -> RetrievalCost {
    let r = &column.retrieval;
    let chunks = (column.tokens / f64::from(r.chunk_tokens)).ceil();
    let index_gb = chunks * f64::from(r.dimension) * VECTOR_VALUE_BYTES / 1e9;
    let provider = catalog.provider(&scenario.provider_id);
    let storage = provider.map_or(0.0, |p| p.storage_usd_per_gb_month);
    let extra = r.queries_per_month * f64::from(r.chunks_per_query) * f64::from(r.chunk_tokens);
    let served = billing.infer_params;
    let hours = crate::estimators::formulas::gpu_hours(
        2.0 * served * extra,
        primary.accelerator.peak_flops_per_s(),
        scenario.mfu,
    );
    RetrievalCost {
        chunks,
        index_gb,
        storage_usd_per_gb_month: storage,
        // Billed as the provider bills it: above any free allowance (Modal's 1 TiB).
        storage_monthly_usd: provider.map_or(0.0, |p| p.storage_usd(index_gb, 1.0)),
        extra_tokens_per_month: extra,
        served_params: served,
        prefill_gpu_hours_per_month: hours,
        prefill_monthly_usd: hours * primary.price.usd_per_gpu_hour(),
    }
}

/// What one column costs and how the plan's grants carry it.
#[derive(Clone, Debug, PartialEq)]
pub struct ColumnResult {
    /// Training FLOPs.
    pub flops: f64,
    /// Accelerator-hours billed: the work's, with the communication and failed work of the
    /// column's run on its cluster (the plan's hidden-cost settings), as the job it would be.
    pub gpu_hours: f64,
    /// The work's own accelerator-hours, before communication and failures.
    pub ideal_gpu_hours: f64,
    /// What the accelerators cost, USD, with communication and failures, at the price billed (the
    /// spot discount when spot applies): one-off (training, or embedding the corpus).
    pub cost_usd: f64,
    /// What the column adds every month, USD (0 for training; storage and longer prompts for
    /// retrieval).
    pub monthly_usd: f64,
    /// A retrieval column's breakdown.
    pub retrieval: Option<RetrievalCost>,
    /// Wall-clock days on the column's accelerators at the scenario's duty.
    pub wall_clock_days: f64,
    /// Plan indices of the grants that would pay this work.
    pub payers: Vec<usize>,
    /// The plan's runway with this work as the training run (compute only).
    pub runway: RunwayResult,
}

/// Prices a column on the edited job's accelerator, provider, MFU and duty, and runs the plan
/// with it in place of that job (job `edited` of the plan; joining the plan when `None`). A
/// training column is billed as the job "Add to plan" makes of it: its communication and failed
/// work on its cluster (the plan's hidden-cost settings `overheads`) included, at the price
/// billed; storage and egress are left out (the heading says so).
#[allow(clippy::too_many_arguments)]
pub fn price_column(
    column: &Column,
    scenario: &Job,
    billing: &BillingInputs,
    overheads: &OverheadInputs,
    primary: &Estimate,
    outcome: &Outcome,
    edited: Option<usize>,
    catalog: &Catalog,
) -> ColumnResult {
    let work = column.work();
    let gpus = column.gpus.unwrap_or(scenario.gpus);
    let ideal_gpu_hours = work.gpu_hours(primary.accelerator.peak_flops_per_s(), scenario.mfu);
    // Communication and failures as the column's job has them: billed / ideal of its own run,
    // applied to the column's work (whose checkpointing flag the job's kind default may not share).
    let hidden = column.to_job(scenario).and_then(|j| {
        let e = crate::estimators::cost::estimate(&j, catalog).ok()?;
        let o = crate::estimators::overheads::estimate_overheads(&j, overheads, &e, catalog);
        let billed = o.billed_gpu_hours?;
        Some((billed / e.gpu_hours, o.usd_per_gpu_hour))
    });
    let (factor, price) = hidden.unwrap_or((1.0, primary.price.usd_per_gpu_hour()));
    let gpu_hours = ideal_gpu_hours * factor;
    let (grants, mut workloads) = (&outcome.inputs.0, outcome.inputs.1.clone());
    // The column stands in for the edited job (or joins a plan without one), compute only: the
    // other workloads keep their accelerator lines, storage and egress are left out.
    let column_line = WorkloadInput {
        provider_id: scenario.provider_id.clone(),
        own_silicon_of: primary
            .accelerator
            .silicon_of
            .as_deref()
            .map(str::to_string),
        line: LineItem::Accelerators,
        gpus,
        usd_per_gpu_hour: price,
        duty: scenario.duty,
        start_day: scenario.start_day,
        gpu_hours,
    };
    let edited = edited.and_then(|i| outcome.job_line(i));
    let payers = (0..grants.len())
        .filter(|&g| grants[g].pays_for(&column_line))
        .collect();
    match edited {
        Some(k) => workloads[k] = column_line,
        None => workloads.push(column_line),
    }
    workloads.retain(|w| w.line == LineItem::Accelerators);
    let retrieval = (column.kind == WorkloadKind::Retrieval)
        .then(|| retrieval_cost(column, scenario, billing, primary, catalog));
    ColumnResult {
        flops: work.flops(),
        gpu_hours,
        ideal_gpu_hours,
        cost_usd: gpu_hours * price,
        monthly_usd: retrieval
            .as_ref()
            .map_or(0.0, |r| r.storage_monthly_usd + r.prefill_monthly_usd),
        retrieval,
        wall_clock_days: crate::estimators::formulas::wall_clock_days(
            gpu_hours,
            f64::from(gpus),
            scenario.duty,
        ),
        payers,
        runway: simulate(grants, &workloads),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::estimators::cost::estimate;

    #[test]
    fn tokens_parse_and_encode_round_trip() {
        let c = parse_column("lora:8B:200M:1:10", 0).unwrap_or_else(|e| panic!("{}", e.message()));
        assert_eq!(c, train_vs_finetune()[2]);
        assert_eq!(encode_column(&c), "lora:8B:200M:1:10");
        let g = parse_column("continued:8B:50B:2:1:256", 1)
            .unwrap_or_else(|e| panic!("{}", e.message()));
        assert_eq!((g.epochs, g.gpus), (2.0, Some(256)));
        assert_eq!(parse_column(&encode_column(&g), 1), Ok(g));
        assert_eq!(
            parse_column("pretrain:7B:1T", 0).map(|c| (c.epochs, c.runs)),
            Ok((1.0, 1))
        );
    }

    #[test]
    fn checkpointing_flags_and_retrieval_tokens_round_trip() {
        // Old links keep their meaning, except that QLoRA now defaults to checkpointing on.
        let lora =
            parse_column("lora:8B:200M:1:10", 0).unwrap_or_else(|e| panic!("{}", e.message()));
        assert!(!lora.checkpointing);
        let q = parse_column("qlora:8B:200M", 0).unwrap_or_else(|e| panic!("{}", e.message()));
        assert!(q.checkpointing);
        assert_eq!(encode_column(&q), "qlora:8B:200M:1:1");
        // A flag that differs from the default is written, with an empty gpus field if needed.
        let on =
            parse_column("lora:8B:200M:1:10::1", 0).unwrap_or_else(|e| panic!("{}", e.message()));
        assert_eq!((on.checkpointing, on.gpus), (true, None));
        assert_eq!(encode_column(&on), "lora:8B:200M:1:10::1");
        let off =
            parse_column("qlora:8B:200M:1:1:8:0", 0).unwrap_or_else(|e| panic!("{}", e.message()));
        assert_eq!((off.checkpointing, off.gpus), (false, Some(8)));
        assert_eq!(encode_column(&off), "qlora:8B:200M:1:1:8:0");
        // A flag equal to the default reads back the same and is not written.
        let same =
            parse_column("full-ft:8B:200M:1:1::0", 0).unwrap_or_else(|e| panic!("{}", e.message()));
        assert_eq!(encode_column(&same), "full-ft:8B:200M:1:1");
        // Retrieval: defaults fill what is left out; the page writes all six fields.
        let rag = parse_column("rag:335M:200M", 0).unwrap_or_else(|e| panic!("{}", e.message()));
        assert_eq!(rag, Column::retrieval_default());
        assert_eq!(encode_column(&rag), "rag:335M:200M:1M:5:512:1024");
        let r2 = parse_column("rag:110M:1B:20K:8:256:768", 1)
            .unwrap_or_else(|e| panic!("{}", e.message()));
        assert_eq!(
            (
                r2.retrieval.queries_per_month,
                r2.retrieval.chunks_per_query,
                r2.retrieval.chunk_tokens,
                r2.retrieval.dimension
            ),
            (2e4, 8, 256, 768)
        );
        assert_eq!(parse_column(&encode_column(&r2), 1), Ok(r2));
    }

    #[test]
    fn a_retrieval_column_priced_by_hand() {
        // Default scenario: H100 SXM at AWS $6.88/h, 989 TFLOP/s dense, MFU 0.4; S3 $0.023/GB-month;
        // the model served (billing panel) is 8B.
        // Embed 200M corpus tokens with a 335M embedder: 2 * 335e6 * 2e8 = 1.34e17 FLOPs;
        // 1.34e17 / (989e12 * 0.4) = 338.73 s = 0.0940906 GPU-h = $0.647343 one-off.
        // Index: 2e8 / 512 = 390,625 chunks * 1,024 dims * 4 bytes = 1.6e9 bytes = 1.6 GB
        // * $0.023 = $0.0368 a month.
        // Prompts: 1M queries * 5 chunks * 512 tokens = 2.56e9 extra input tokens a month;
        // 2 * 8e9 * 2.56e9 = 4.096e19 FLOPs / 3.956e14 / 3600 = 28.76081 GPU-h = $197.874396 a month.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s = Job::default();
        let e = estimate(&s, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let plan = crate::io::link::decode_link("grant=aws-activate:100K:0:0:730", &c).plan;
        let o = crate::credits::evaluate::evaluate(&plan, &c);
        let r = price_column(
            &Column::retrieval_default(),
            &s,
            &plan.settings.billing,
            &plan.settings.overheads,
            &e,
            &o,
            Some(0),
            &c,
        );
        assert_eq!(r.flops, 1.34e17);
        assert!((r.gpu_hours - 0.094_090_55).abs() < 1e-8);
        assert!((r.cost_usd - 0.647_343).abs() < 1e-6);
        let x = r
            .retrieval
            .clone()
            .unwrap_or_else(|| panic!("retrieval breakdown"));
        assert_eq!(x.chunks, 390_625.0);
        assert!((x.index_gb - 1.6).abs() < 1e-12);
        assert!((x.storage_monthly_usd - 0.0368).abs() < 1e-12);
        assert_eq!(x.extra_tokens_per_month, 2.56e9);
        assert!((x.prefill_gpu_hours_per_month - 28.760_813).abs() < 1e-5);
        assert!((x.prefill_monthly_usd - 197.874_396).abs() < 1e-5);
        assert!((r.monthly_usd - 197.911_196).abs() < 1e-5);
        // A corpus not a whole number of chunks rounds up: 1,000,001 tokens = 1,954 chunks.
        let odd = Column {
            tokens: 1_000_001.0,
            ..Column::retrieval_default()
        };
        let xo = price_column(
            &odd,
            &s,
            &plan.settings.billing,
            &plan.settings.overheads,
            &e,
            &o,
            Some(0),
            &c,
        )
        .retrieval
        .unwrap_or_else(|| panic!("rag"));
        assert_eq!(xo.chunks, 1954.0);
        // Training columns add nothing a month.
        assert_eq!(
            price_column(
                &train_vs_finetune()[2],
                &s,
                &plan.settings.billing,
                &plan.settings.overheads,
                &e,
                &o,
                Some(0),
                &c
            )
            .monthly_usd,
            0.0
        );
        // QLoRA 8B x 200M x 10 runs with checkpointing (its default): 7.2 * 8e9 * 2e9 = 1.152e20
        // FLOPs = 1.152e20 / 3.956e14 / 3600 = 80.8898 GPU-h; LoRA without it 44.9388 GPU-h.
        let q = parse_column("qlora:8B:200M:1:10", 0).unwrap_or_else(|e| panic!("{}", e.message()));
        let rq = price_column(
            &q,
            &s,
            &plan.settings.billing,
            &plan.settings.overheads,
            &e,
            &o,
            Some(0),
            &c,
        );
        assert!(
            (rq.ideal_gpu_hours - 80.889_78).abs() < 1e-4,
            "{}",
            rq.ideal_gpu_hours
        );
    }

    #[test]
    fn bad_tokens_say_what_is_expected() {
        let msg = |t: &str| {
            parse_column(t, 1)
                .map(|_| String::new())
                .unwrap_or_else(|e| e.message())
        };
        assert_eq!(
            msg("lora:8B"),
            "Comparison 2: expected kind:params:tokens[:epochs[:runs[:gpus[:checkpointing]]]] or rag:embed-params:corpus-tokens[:queries[:k[:chunk[:dimension]]]], got \"lora:8B\"."
        );
        assert_eq!(msg("inference:8B:1B"), "Comparison 2: kind \"inference\" is not one of pretrain, continued, full-ft, lora, qlora, dpo, rag.");
        assert_eq!(
            msg("lora:8B:200M:1:1::yes"),
            "Comparison 2: gradient checkpointing \"yes\" is not 1 (on) or 0 (off)."
        );
        assert_eq!(
            msg("dpo:8B:200M:1:1::1"),
            "Comparison 2: gradient checkpointing \"1\" applies only to full-ft, lora and qlora."
        );
        assert_eq!(
            msg("rag:335M:200M:1M:0"),
            "Comparison 2: chunks per query \"0\" is not a whole number from 1 to 100."
        );
        assert_eq!(
            msg("rag:335M:200M:1M:5:512:1024:9"),
            "Comparison 2: expected kind:params:tokens[:epochs[:runs[:gpus[:checkpointing]]]] or rag:embed-params:corpus-tokens[:queries[:k[:chunk[:dimension]]]], got \"rag:335M:200M:1M:5:512:1024:9\"."
        );
        assert!(msg("rag:lots:200M")
            .starts_with("Comparison 2: embedding model parameters \"lots\" is not a number."));
        // Tokens, epochs, runs and gpus are read by the calculator's own fields: one range, one
        // message (issue 26; the columns used to accept runs up to 1,000 and tokens from 1M).
        assert_eq!(
            msg("lora:8B:10:1:1"),
            "Comparison 2: Training tokens: \"10\" is below the accepted range. Expected 100K to 100T tokens, like 2T, 300B, 20M or 2e12."
        );
        assert_eq!(
            msg("lora:8B:200M:1:0"),
            "Comparison 2: Runs: \"0\" must be greater than zero. Expected a whole number of runs from 1 to 10,000."
        );
        assert_eq!(
            msg("lora:8B:200M:1001"),
            "Comparison 2: Epochs: \"1001\" is above the accepted range. Expected a number of passes from 0.01 to 1,000, like 3."
        );
        // The calculator's ranges, not the columns' old ones: 500K tokens, 1,000 epochs, 5,000 runs.
        assert_eq!(
            parse_column("lora:8B:500K:1000:5000", 0)
                .ok()
                .map(|c| (c.tokens, c.epochs, c.runs)),
            Some((5e5, 1000.0, 5000))
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
        // pretrain 7B x 1T: 4.2e22 / (989e12 * 0.4) / 3600 = 29,491.07 GPU-h of work; billed as
        // its job: the all-reduce hides behind compute (eta 1) and failures waste 0.0147187 of
        // the time on 64 GPUs (M = 50,677 / 64 h, Daly's interval; `default_run_overheads_by_hand`):
        // 29,491.068 / 0.9852813 = 29,931.62 GPU-h = $205,929.5;
        // LoRA 8B x 200M x 10 runs: 6.4e19 -> 44.939 GPU-h of work, its adapter's all-reduce
        // hidden too, the same waste: 45.610 GPU-h = $313.797, 0.71266 hours on 64 GPUs.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s = Job::default();
        let e = estimate(&s, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let plan =
            crate::io::link::decode_link("grant=aws-activate:100K:0:0:730&grant=modal:5K", &c).plan;
        let cols = train_vs_finetune();
        let o = crate::credits::evaluate::evaluate(&plan, &c);
        let k = &plan.settings;
        let pre = price_column(&cols[0], &s, &k.billing, &k.overheads, &e, &o, Some(0), &c);
        let waste = 1.0 - 0.014_718_7;
        assert!((pre.ideal_gpu_hours - 29_491.068).abs() < 1e-3);
        assert!(
            (pre.gpu_hours / (29_491.068 / waste) - 1.0).abs() < 1e-6,
            "{}",
            pre.gpu_hours
        );
        assert!(
            (pre.cost_usd / (202_898.55 / waste) - 1.0).abs() < 1e-6,
            "{}",
            pre.cost_usd
        );
        let lora = price_column(&cols[2], &s, &k.billing, &k.overheads, &e, &o, Some(0), &c);
        assert!(
            (lora.cost_usd / (309.1789 / waste) - 1.0).abs() < 1e-6,
            "{}",
            lora.cost_usd
        );
        assert!((lora.wall_clock_days * 24.0 - 0.70217 / waste).abs() < 1e-4);
        // Activate (AWS, all scope) pays either; the Modal grant pays neither.
        assert_eq!(pre.payers, [0]);
        assert_eq!(lora.payers, [0]);
        // Pretraining outruns the $100K grant: at $10,567.68 / 0.9852813 = $10,725.55 a day from
        // day 0 it lasts 9.32 days, so cash from day 9; the LoRA sweep never needs cash.
        assert_eq!(pre.runway.runway_end_day, Some(9));
        assert_eq!(lora.runway.runway_end_day, None);
        assert!((lora.runway.grants[0].used_usd - lora.cost_usd).abs() < 1e-9);
    }
}
