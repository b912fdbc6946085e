//! Every workload kind on the runway, from share links, checked against hand calculation.
//!
//! Catalog figures used (data/*.json): H100 SXM dense bf16 peak 989 TFLOP/s, 80 GB; Modal H100
//! $3.95/GPU-hour; AWS H100 $6.88/GPU-hour. Modal's grant has platform scope (pays everything
//! Modal bills), AWS Activate scope all. To keep the arithmetic by hand, failures are made
//! negligible (MTBF 10^8 GPU-hours, 0.01-minute checkpoint writes, no restart time) and no
//! checkpoints are kept; a single GPU has no inter-node communication.

use runway_model::{
    decode_link, decode_plan_file, encode_link, evaluate, Catalog, Date, Library, WorkloadKind,
};

fn catalog() -> Catalog {
    Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
}

/// Knobs that make failures negligible, no checkpoints kept.
const QUIET: &str = "mtbf=1e8&ckpt_write=0.01&restart=0&ckpts_kept=0";

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs().max(1e-9)
}

#[test]
fn a_lora_job_paid_by_a_platform_grant() {
    let c = catalog();
    // LoRA, 8B on 20M tokens x 3 epochs: 4 * 8e9 * 2e7 * 3 = 1.92e18 FLOPs. One H100 at MFU 0.4:
    // 1.92e18 / (989e12 * 0.4) / 3600 = 1.348 GPU-hours, x $3.95 = $5.325. Starts day 5; Modal's
    // $25K is approved on day 3 (applied day 0, 3-day review) and pays everything Modal bills.
    let d = decode_link(
        &format!(
            "{QUIET}&t0=2027-01-01&job=lora:8B:20M:modal:h100-sxm:1:5:3&grant=modal:25K:0:3:365"
        ),
        &c,
    );
    assert!(
        d.errors.is_empty() && d.plan_errors.is_empty(),
        "{:?} {:?}",
        d.errors,
        d.plan_errors
    );
    let o = evaluate(&d.plan, &c);
    assert_eq!(o.jobs.len(), 1);
    let j = &o.jobs[0];
    assert_eq!(j.job.kind, WorkloadKind::Lora);
    // Modal preempts list-priced GPU work (the catalog's estimate, one preemption per 29,200
    // GPU-hours a GPU), which the quiet knobs cannot turn off: with M ≈ 29,200 h on one GPU and
    // δ = 0.01 min, Daly's interval wastes about 2·√(δ / 2M) = 2·√(1.6667e-4 / 58,400) =
    // 1.0685e-4 of the time.
    let waste = 2.0 * (0.01 / 60.0 / (2.0 * 29_200.0_f64)).sqrt();
    let hours = 1.92e18 / (989e12 * 0.4) / 3600.0 / (1.0 - waste);
    assert!(
        close(j.gpu_hours, hours, 1e-6),
        "{} vs {hours}",
        j.gpu_hours
    );
    assert!(close(j.cost_usd, hours * 3.95, 1e-4), "{}", j.cost_usd);
    // 1.348 h on one GPU busy all day: it runs on day 5 only, ends at the start of day 6.
    assert_eq!((j.start_day, j.end_day), (5, 6));
    assert_eq!(o.result.cash_usd, 0.0);
    assert_eq!(o.result.runway_end_day, None);
    assert!(close(
        o.result.grants[0].used_usd,
        o.result.total_spend_usd,
        1e-12
    ));
    assert!(o.result.total_spend_usd >= j.cost_usd);
    // Apply by: the job starts day 5, review 3 days -> day 2 (2027-01-03).
    assert_eq!(o.apply_by, vec![Some(2)]);
}

#[test]
fn serving_is_paid_until_the_grant_runs_out_then_cash() {
    let c = catalog();
    // Serve 8B at 1M tokens a month on Modal H100s from day 3 for 12 months. One GPU is enough:
    // the volume is far below one GPU's capacity, and bf16 weights (16 GB) plus 32 sequences x 2,048
    // tokens of Llama 3 8B KV cache (32 layers x 8 heads x 128 x 2 x 2 B = 131,072 B a token:
    // 8.6 GB) fit in 80 GB. Always on: 24 x $3.95 = $94.80 a day; $2,883.50 a 730-hour month.
    // Modal's $25K, approved day 3, pays 263 whole days (263 x 94.80 = $24,932.40) and $67.60 of
    // day 266: cash starts day 266 = 2027-09-24 (day 243 is 1 Sep 2027). The line runs
    // 12 x 730 = 8,760 GPU-hours = $34,602 over 365 days (ending day 368); cash $9,602.
    let q =
        format!("{QUIET}&t0=2027-01-01&serve=8B:1M:modal:h100-sxm:3:12&grant=modal:25K:0:3:365");
    let d = decode_link(&q, &c);
    assert!(
        d.errors.is_empty() && d.plan_errors.is_empty(),
        "{:?}",
        d.plan_errors
    );
    // Only a serving line: the plan has no training job.
    assert!(d.plan.jobs().is_empty());
    let o = evaluate(&d.plan, &c);
    assert!(o.jobs.is_empty());
    let v = &o.serves[0];
    assert_eq!(v.gpus, 1);
    assert!(close(v.monthly_usd, 2_883.5, 1e-12));
    assert!(close(v.total_usd, 34_602.0, 1e-12));
    assert_eq!(v.end_day, 368);
    assert_eq!(o.result.runway_end_day, Some(266));
    assert_eq!(d.plan.t0.map(|t| t.plus(266)), Date::new(2027, 9, 24));
    assert!(
        close(o.result.cash_usd, 9_602.0, 1e-9),
        "{}",
        o.result.cash_usd
    );
    assert!(close(o.result.daily_cash_usd[266], 94.8 - 67.6, 1e-9));
    assert!(close(o.result.grants[0].used_usd, 25_000.0, 1e-12));
}

#[test]
fn a_job_that_starts_before_its_grant_is_approved_pays_cash_until_approval() {
    let c = catalog();
    // Full fine-tune 1B on 100B tokens on one AWS H100 from day 0: 6e20 FLOPs / (989e12 * 0.4) /
    // 3600 = 421.3 GPU-hours, 17.6 days. AWS Activate ($100K) applied day 0 with its 12-day
    // review is usable from day 12: days 0-11 are cash, 12 x 24 x $6.88 = $1,981.44 for the GPU,
    // plus the dataset's storage (100B tokens x 4 B = 400 GB at S3's $0.023/GB-month: about
    // $0.30 a day). Applying by day -12 was needed: the plan is 12 days late.
    let d = decode_link(
        &format!("{QUIET}&t0=2027-01-01&job=full-ft:1B:100B:aws:h100-sxm:1&grant=aws-activate:100K:0:12:365"),
        &c,
    );
    assert!(d.plan_errors.is_empty(), "{:?}", d.plan_errors);
    let o = evaluate(&d.plan, &c);
    let hours = 6.0 * 1e9 * 1e11 / (989e12 * 0.4) / 3600.0;
    assert!(close(o.jobs[0].gpu_hours, hours, 1e-4));
    assert_eq!(o.result.runway_end_day, Some(0));
    let gpu_cash = 12.0 * 24.0 * 6.88;
    assert!(
        o.result.cash_usd >= gpu_cash && o.result.cash_usd < gpu_cash + 12.0 * 0.5,
        "{}",
        o.result.cash_usd
    );
    assert_eq!(o.apply_by, vec![Some(-12)]);
    assert!(
        o.warnings.iter().any(|w| w.text.contains("12 days late")),
        "{:?}",
        o.warnings
    );
}

#[test]
fn two_jobs_on_two_providers_each_paid_by_its_own_grant() {
    let c = catalog();
    // Job 1: the LoRA above on Modal ($5.33 of GPU); job 2: the AWS full fine-tune above from
    // day 20 (421.3 h x $6.88 = $2,898.6 of GPU). Modal $1K pays only Modal; AWS Activate $1K
    // only AWS, so $1,000 of AWS is paid and the rest of AWS's bill is cash from day 20 plus
    // 1,000 / 165.12 = 6.06 days, i.e. day 26.
    let q = format!(
        "{QUIET}&t0=2027-01-01&job=lora:8B:20M:modal:h100-sxm:1:5:3&job=full-ft:1B:100B:aws:h100-sxm:1:20\
         &grant=modal:1K:0:3:365&grant=aws-activate:1K:0:12:365"
    );
    let d = decode_link(&q, &c);
    assert!(d.plan_errors.is_empty(), "{:?}", d.plan_errors);
    assert_eq!(d.plan.jobs().len(), 2);
    let o = evaluate(&d.plan, &c);
    let modal_spend: f64 = o
        .inputs
        .1
        .iter()
        .zip(&o.result.workload_spend_usd)
        .filter(|(w, _)| w.provider_id == "modal")
        .map(|(_, s)| s)
        .sum();
    let aws_spend = o.result.total_spend_usd - modal_spend;
    assert!(close(o.result.grants[0].used_usd, modal_spend, 1e-12));
    assert!(close(o.result.grants[1].used_usd, 1_000.0, 1e-12));
    assert!(close(o.result.cash_usd, aws_spend - 1_000.0, 1e-9));
    assert!(
        close(o.jobs[1].cost_usd, 421.3 * 6.88, 1e-3),
        "{}",
        o.jobs[1].cost_usd
    );
    assert_eq!(o.result.runway_end_day, Some(26));
    assert_eq!((o.jobs[1].start_day, o.jobs[1].end_day), (20, 38));
}

#[test]
fn an_old_single_run_link_opens_as_one_pretraining_job_and_is_rewritten() {
    let c = catalog();
    // Links written before jobs existed: the single-run keys are one pretraining job.
    let d = decode_link("params=13B&tokens=300B&gpu=a100-80gb&gpus=16&provider=aws&mfu=0.38&start=30&grant=aws-activate", &c);
    assert!(d.legacy && d.errors.is_empty());
    let jobs = d.plan.jobs().clone();
    assert_eq!(jobs.len(), 1);
    let j = &jobs[0];
    assert_eq!(
        (j.kind, j.params, j.tokens, j.gpus, j.mfu, j.start_day),
        (WorkloadKind::Pretrain, 13e9, 3e11, 16, 0.38, 30)
    );
    let q = encode_link(&d.plan);
    assert!(!q.contains("params=") && !q.contains("start="), "{q}");
    assert!(
        q.contains("job=pretrain%3A13B%3A300B%3Aaws%3Aa100-80gb%3A16%3A30%3A1%3A1%3A0.38%3A1"),
        "{q}"
    );
    let again = decode_link(&q, &c);
    assert!(!again.legacy);
    assert_eq!(again.plan.jobs(), jobs);
}

#[test]
fn saved_files_of_every_version_migrate_to_jobs() {
    let c = catalog();
    // Version 2 (this page before jobs): the plan is a query string with the single-run keys.
    let v2 = r#"{"format":"gpu-credit-runway/scenario","version":2,"id":"a1","name":"Seed","note":"","modified":1764547200000,"plan":"params=8B&tokens=1T&gpu=h100-sxm&gpus=32&provider=aws&start=14&grant=aws-activate:100K:0:12:365&work=modal:h100-sxm:8:2K:0:0.25"}"#;
    let s = decode_plan_file(v2).unwrap_or_else(|e| panic!("{e}"));
    let d = s.decode(&c);
    assert!(d.errors.is_empty() && d.plan_errors.is_empty());
    let jobs = d.plan.jobs().clone();
    assert_eq!(jobs.len(), 1);
    assert_eq!(
        (
            jobs[0].params,
            jobs[0].tokens,
            jobs[0].gpus,
            jobs[0].start_day
        ),
        (8e9, 1e12, 32, 14)
    );
    assert_eq!(d.plan.experiments().len(), 1);
    // Version 1 (the calculator-only page): a library of bare scenarios.
    let v1 = r#"{"format":"gpu-credit-runway/library","version":1,"scenarios":[{"name":"Old","saved_ms":1732096800000,"scenario":{"params":7e9,"tokens":2e12,"gpu":"a100-80gb","gpus":8,"mfu":0.38,"duty":0.5,"provider":"coreweave","price":2.1}}]}"#;
    let lib = Library::decode(v1)
        .unwrap_or_else(|e| panic!("{e}"))
        .library;
    let d = lib.scenarios[0].decode(&c);
    let jobs = d.plan.jobs().clone();
    assert_eq!(jobs.len(), 1);
    assert_eq!(
        (
            jobs[0].provider_id.as_str(),
            jobs[0].gpus,
            jobs[0].duty,
            jobs[0].price_override_usd_per_gpu_hour
        ),
        ("coreweave", 8, 0.5, Some(2.1))
    );
}

#[test]
fn twenty_workloads_at_most_and_every_one_removable() {
    let c = catalog();
    let q: Vec<String> = (0..25)
        .map(|i| format!("job=lora:8B:20M:modal:h100-sxm:1:{i}"))
        .collect();
    let d = decode_link(&q.join("&"), &c);
    assert_eq!(d.plan.jobs().len(), 20);
    assert_eq!(d.plan_errors.len(), 1);
    assert_eq!(d.plan_errors[0].key(), "job-20");
    assert_eq!(d.plan_errors[0].at, runway_model::Token::Job(20));
    let mut plan = d.plan;
    // Removing the edited job opens the next; removing them all leaves no job.
    let start = |plan: &runway_model::Plan, sel: Option<usize>| {
        sel.and_then(|i| plan.nth::<runway_model::Job>(i))
            .map(|j| j.start_day)
    };
    let mut sel = Some(3);
    assert_eq!(start(&plan, sel), Some(3));
    sel = plan.remove_job(3, sel);
    assert_eq!((sel, start(&plan, sel)), (Some(3), Some(4)));
    sel = plan.remove_job(0, sel);
    assert_eq!((sel, start(&plan, sel)), (Some(2), Some(4)));
    // Removing a later job keeps the edited one where it is; out of range changes nothing.
    assert_eq!(plan.remove_job(5, sel), Some(2));
    assert_eq!(plan.remove_job(99, sel), Some(2));
    // The last job of the plan edited and removed: the one before it opens.
    let last = plan.jobs().len() - 1;
    assert_eq!(plan.remove_job(last, Some(last)), Some(last - 1));
    while !plan.jobs().is_empty() {
        sel = plan.remove_job(0, sel);
    }
    assert_eq!(sel, None);
    assert!(evaluate(&plan, &c).inputs.1.is_empty());
}

#[test]
fn a_job_keeps_its_lora_rank_through_its_link_whatever_its_kind() {
    // The editor keeps a LoRA rank typed before the kind changed to full fine-tuning (so
    // switching back restores it); the link carries it, so it reopens exactly the same plan.
    let c = catalog();
    let mut plan = decode_link("job=lora:8B:20M:modal:h100-sxm:1:0:1:1:0.4:1::64", &c).plan;
    assert_eq!(plan.jobs()[0].lora_rank, 64.0);
    if let Some(j) = plan.nth_mut::<runway_model::Job>(0) {
        j.kind = WorkloadKind::FullFinetune;
    }
    let link = encode_link(&plan);
    assert!(link.ends_with("%3A%3A64"), "{link}");
    assert_eq!(decode_link(&link, &c).plan, plan);
    // The default rank is left out, as in links written before ranks existed.
    if let Some(j) = plan.nth_mut::<runway_model::Job>(0) {
        j.lora_rank = runway_model::LORA_RANK;
    }
    assert!(!encode_link(&plan).contains("%3A%3A"));
}

#[test]
fn a_job_field_added_to_the_table_is_read_from_old_one_run_links_too() {
    // Old links carried one training run as single keys (`params=70B&gpus=16`); every job row
    // of the input table is one of them, the sequence length (added as the 14th slot) included.
    let c = catalog();
    let d = decode_link("params=70B&gpus=16&seq_len=32768", &c);
    assert!(d.errors.is_empty() && d.plan_errors.is_empty());
    assert_eq!(
        (
            d.plan.jobs()[0].params,
            d.plan.jobs()[0].gpus,
            d.plan.jobs()[0].seq_len
        ),
        (70e9, 16, 32_768.0)
    );
    // The page then writes it in the job token, read back the same.
    let link = encode_link(&d.plan);
    assert!(link.contains("%3A%3A%3A32768"), "{link}");
    assert_eq!(decode_link(&link, &c).plan, d.plan);
}
