//! One evaluation of a whole plan: every training job priced with its hidden costs, every serving
//! line sized from the billing views' throughput model, the experiments, the grants, the day-by-day
//! runway, its warnings and the apply-by days. The page keeps the [`Outcome`] in one memo and
//! every panel reads from it.

use crate::credits::runway::{
    simulate, GrantInput, LineItem, RunwayResult, WorkloadInput, HORIZON_CAP_DAYS,
};
use crate::data::catalog::Catalog;
use crate::document::api_use::ApiUse;
use crate::document::experiments::ExtraWorkload;
use crate::document::plan::{apply_by, warnings, GrantState, Plan, PlannedGrant, Warning};
use crate::document::workloads::Serve;
use crate::estimators::billing::{estimate_billing, BillingEstimate};
use crate::estimators::cost::{estimate, Estimate, EstimateError};
use crate::estimators::formulas::HOURS_PER_MONTH;
use crate::estimators::overheads::{estimate_overheads, OverheadEstimate};
use crate::input::job::Job;
use crate::input::settings::Settings;
use crate::io::format::{compact, exact, hours};

/// One training job of the plan, priced.
#[derive(Clone, Debug, PartialEq)]
pub struct JobOutcome<'c> {
    /// The job.
    pub job: Job,
    /// Its compute estimate.
    pub estimate: Result<Estimate<'c>, EstimateError>,
    /// Its hidden costs (`None` when it cannot be priced).
    pub overheads: Option<OverheadEstimate<'c>>,
    /// Billed accelerator-hours: compute with communication and failures (a run that never
    /// finishes is billed its failure-free hours).
    pub gpu_hours: f64,
    /// Price per accelerator-hour billed (spot when spot applies), USD.
    pub usd_per_gpu_hour: f64,
    /// Billed accelerator-hours × price, USD (storage and egress are separate lines).
    pub cost_usd: f64,
    /// First day.
    pub start_day: u32,
    /// The day after its last busy day.
    pub end_day: u32,
    /// Storage while it runs, USD.
    pub storage_usd: f64,
    /// Egress it causes, USD.
    pub egress_usd: f64,
    /// Its accelerator line of the bill, as the runway simulates it.
    pub line: WorkloadInput,
}

/// One serving line of the plan, sized and priced.
#[derive(Clone, Debug, PartialEq)]
pub struct ServeOutcome {
    /// The line.
    pub serve: Serve,
    /// Always-on accelerators: enough throughput for the volume at the utilisation, and enough
    /// memory for the weights and KV cache.
    pub gpus: u32,
    /// Price per accelerator-hour in its billing mode, USD.
    pub usd_per_gpu_hour: f64,
    /// One 730-hour month of the line, USD.
    pub monthly_usd: f64,
    /// Every month of the line, USD.
    pub total_usd: f64,
    /// Tokens one accelerator serves a month at the utilisation.
    pub capacity_tokens_per_month_per_gpu: f64,
    /// First day.
    pub start_day: u32,
    /// The day after its last day.
    pub end_day: u32,
    /// The same tokens through the plan's API (the billing views' choice), USD a month.
    pub api_monthly_usd: f64,
    /// That API's catalog id.
    pub api_id: String,
    /// Monthly volume above which one always-on accelerator of the line beats the API (`None`:
    /// never: per token, even fully busy, it costs more than the API).
    pub breakeven_tokens_per_month: Option<f64>,
    /// The price per accelerator-hour below which a fully busy accelerator serves a token for
    /// less than the API does.
    pub breakeven_usd_per_gpu_hour: f64,
    /// Its billing estimate: the deployment (tensor-parallel group, replicas, machines), its
    /// throughput and memory, for "Show the math" (`None` when it cannot be priced).
    pub billing: Option<BillingEstimate>,
    /// Why it cannot be priced (no list price and no override) or served (the model fits no
    /// group of the provider's machines).
    pub error: Option<String>,
}

use crate::document::plan::{BillLine, BillPart};
use crate::document::workload::Kind;

/// The bill line of the `index`-th workload of `kind` in the plan, with its id.
fn bill_line(plan: &Plan, kind: Kind, index: usize, part: BillPart) -> Option<BillLine> {
    Some(BillLine {
        workload: plan.id_in_kind(kind, index)?,
        kind,
        index,
        part,
    })
}

/// One hosted API line of the plan, priced.
#[derive(Clone, Debug, PartialEq)]
pub struct ApiOutcome {
    /// The line.
    pub api: ApiUse,
    /// Its price in the 3:1 mix, USD per million tokens.
    pub usd_per_mtok: f64,
    /// One month, USD.
    pub monthly_usd: f64,
    /// Every month, USD.
    pub total_usd: f64,
    /// Its line of the bill (`None`: the API left the catalog).
    pub line: Option<WorkloadInput>,
}

impl ApiOutcome {
    /// Prices one API line.
    pub fn of(a: &ApiUse, catalog: &Catalog) -> ApiOutcome {
        let usd_per_mtok = a.usd_per_mtok(catalog).unwrap_or(0.0);
        let monthly_usd = a.tokens_per_month / 1e6 * usd_per_mtok;
        ApiOutcome {
            api: a.clone(),
            usd_per_mtok,
            monthly_usd,
            total_usd: monthly_usd * f64::from(a.months),
            line: a.runway_line(catalog),
        }
    }
}

/// Everything the page shows about a plan.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome<'c> {
    /// Training jobs, in plan order.
    pub jobs: Vec<JobOutcome<'c>>,
    /// Serving lines, in plan order.
    pub serves: Vec<ServeOutcome>,
    /// Hosted APIs, in plan order.
    pub apis: Vec<ApiOutcome>,
    /// Simulation inputs: grants in plan order, and the bill's lines.
    pub inputs: (Vec<GrantInput>, Vec<WorkloadInput>),
    /// What each of `inputs.1` is.
    pub lines: Vec<BillLine>,
    /// The day-by-day runway.
    pub result: RunwayResult,
    /// Plain-words warnings.
    pub warnings: Vec<Warning>,
    /// Per grant: the latest day to apply ([`apply_by`]); `None` for a grant in review or held,
    /// which has no application left to send.
    pub apply_by: Vec<Option<i64>>,
    /// What is certain and what is hoped: unapproved credits, the runway if they are refused,
    /// when the credits run out.
    pub certainty: Certainty,
}

impl Outcome<'_> {
    /// Index in [`Outcome::lines`] of job `i`'s accelerator line.
    pub fn job_line(&self, i: usize) -> Option<usize> {
        self.lines
            .iter()
            .position(|l| l.is(Kind::Train, i, BillPart::Compute))
    }

    /// The first day any workload runs.
    pub fn first_start_day(&self) -> Option<u32> {
        self.inputs.1.iter().map(|w| w.start_day).min()
    }

    /// When cash is first needed before any of the plan's grants that pay its bills can pay
    /// (each still in review, or not yet applied for), the first day one of them can: the answers
    /// say so beside the date cash starts, which otherwise reads as a runway already over when a
    /// grant applied for today waits out its review (founder review, 5 Dec 2026). `None` when no
    /// cash is needed, no grant pays any of the plan's bills, or one of them was usable on that
    /// day (and ran out, or did not cover that line).
    pub fn credits_arrive_after_cash(&self) -> Option<u32> {
        let cash_day = self.result.runway_end_day?;
        let first = self
            .inputs
            .0
            .iter()
            .filter(|g| g.first_payable_start(&self.inputs.1).is_some())
            .map(GrantInput::usable_from)
            .min()?;
        (first > cash_day).then_some(first)
    }

    /// What the credit advisor knows of the plan: its workloads' credit shapes, the providers that
    /// bill them, its programs, and what each program's grants pay and let expire in this runway.
    pub fn plan_fit(&self, plan: &Plan) -> crate::estimators::advisor::PlanFit {
        crate::estimators::advisor::PlanFit::new(
            plan.each::<Job>().map(|j| j.kind),
            plan.count::<Serve>(),
            plan.count::<ExtraWorkload>(),
            plan.grants.iter().map(|g| g.program_id.clone()),
        )
        .billed_by(
            plan.workloads
                .iter()
                .map(|w| w.work.provider_id().to_string()),
        )
        .in_runway(
            plan.grants
                .iter()
                .zip(&self.result.grants)
                .map(|(g, o)| (g.program_id.as_str(), o.used_usd, o.expired_usd)),
        )
        .typed(
            plan.grants
                .iter()
                .map(|g| (g.program_id.as_str(), g.amount_usd)),
        )
    }
}

/// Prices one job.
pub fn price_job<'c>(job: &Job, settings: &Settings, catalog: &'c Catalog) -> JobOutcome<'c> {
    let estimate = crate::estimators::cost::estimate_billed(job, settings.overheads.spot, catalog);
    let overheads = estimate
        .as_ref()
        .ok()
        .map(|e| estimate_overheads(job, &settings.overheads, e, catalog));
    let (gpu_hours, usd_per_gpu_hour, days, storage_usd, egress_usd) =
        overheads.as_ref().map_or((0.0, 0.0, 0.0, 0.0, 0.0), |o| {
            (
                o.billed_gpu_hours.unwrap_or(o.effective_gpu_hours),
                o.usd_per_gpu_hour,
                o.billed_days,
                o.storage_usd,
                o.egress_usd(),
            )
        });
    let line = accelerator_line(job, catalog, gpu_hours, usd_per_gpu_hour);
    let end_day = if days.is_finite() {
        line.end_day()
    } else {
        HORIZON_CAP_DAYS
    };
    JobOutcome {
        job: job.clone(),
        gpu_hours,
        usd_per_gpu_hour,
        cost_usd: gpu_hours * usd_per_gpu_hour,
        start_day: job.start_day,
        end_day,
        storage_usd,
        egress_usd,
        line,
        estimate,
        overheads,
    }
}

fn accelerator_line(
    job: &Job,
    catalog: &Catalog,
    gpu_hours: f64,
    usd_per_gpu_hour: f64,
) -> WorkloadInput {
    WorkloadInput {
        provider_id: job.provider_id.clone(),
        own_silicon_of: catalog
            .accelerator(&job.accelerator_id)
            .and_then(|a| a.silicon_of.as_deref())
            .map(str::to_string),
        line: LineItem::Accelerators,
        gpus: job.gpus,
        usd_per_gpu_hour,
        duty: job.duty,
        start_day: job.start_day,
        gpu_hours,
    }
}

/// Sizes and prices one serving line with the billing views' serving model
/// ([`crate::estimators::serving`]): replicas of a tensor-parallel group on whole machines of the
/// provider, batching as far as memory and the plan's per-user speed allow, always on. The
/// billing views compute the same [`BillingEstimate`] for the plan's first line
/// ([`billing_view`]), so both show the same figures.
pub fn price_serve(serve: &Serve, settings: &Settings, catalog: &Catalog) -> ServeOutcome {
    let months = f64::from(serve.months);
    let days = (months * HOURS_PER_MONTH / 24.0).ceil() as u32;
    let mut out = ServeOutcome {
        serve: serve.clone(),
        gpus: 0,
        usd_per_gpu_hour: 0.0,
        monthly_usd: 0.0,
        total_usd: 0.0,
        capacity_tokens_per_month_per_gpu: 0.0,
        start_day: serve.start_day,
        end_day: serve.start_day.saturating_add(days),
        api_monthly_usd: 0.0,
        api_id: settings.billing.api_id.clone(),
        breakeven_tokens_per_month: None,
        breakeven_usd_per_gpu_hour: 0.0,
        billing: None,
        error: None,
    };
    let b = match serve_billing(serve, settings, catalog) {
        Ok(b) => b,
        Err(e) => {
            out.error = Some(e);
            return out;
        }
    };
    if let Err(no) = &b.deployment {
        out.error = Some(crate::tr!(
            "evaluate.serve_no_fit",
            weights = exact(no.weight_bytes / 1e9, 1),
            group = exact(no.largest_group_bytes / 1e9, 0),
            tp = no.largest_tp,
            acc = serve.accelerator_id,
            provider = serve.provider_id
        ));
        out.billing = Some(b);
        return out;
    }
    let price = b.host_usd_per_hour;
    out.gpus = b.gpus_needed.min(f64::from(u32::MAX)) as u32;
    out.usd_per_gpu_hour = price;
    out.monthly_usd = b.selfhost_monthly_usd;
    out.total_usd = out.monthly_usd * months;
    out.capacity_tokens_per_month_per_gpu = b.capacity_tokens_per_month;
    out.api_monthly_usd = b.api_monthly_usd;
    // The smallest deployment (one replica on the fewest billed accelerators) against the API:
    // the volume at which its month costs what the API charges, if it can serve that much.
    out.breakeven_tokens_per_month = b.breakeven_tokens_per_month;
    out.breakeven_usd_per_gpu_hour =
        b.api_usd_per_mtok * b.capacity_tokens_per_month / 1e6 / HOURS_PER_MONTH;
    out.billing = Some(b);
    out
}

/// The billing estimate of one serving line: its provider, accelerator, model, precision, volume
/// and billing mode, under the plan's speed target, request length, utilisation and API; a price
/// override replaces the list price. `Err`: why it cannot be priced.
pub fn serve_billing(
    serve: &Serve,
    settings: &Settings,
    catalog: &Catalog,
) -> Result<BillingEstimate, String> {
    let s = serve.host_job();
    let mut priced = s.clone();
    // Without a list price the line can still be priced from an override.
    if catalog
        .price(&serve.provider_id, &serve.accelerator_id)
        .is_none()
    {
        priced.price_override_usd_per_gpu_hour = serve.price_override_usd_per_gpu_hour;
    }
    let e = estimate(&priced, catalog).map_err(|_| {
        crate::tr!(
            "evaluate.no_list_price",
            provider = serve.provider_id,
            acc = serve.accelerator_id
        )
    })?;
    let mut b = estimate_billing(&s, &serve.billing_inputs(&settings.billing), &e, catalog);
    if let Some(p) = serve.price_override_usd_per_gpu_hour {
        b.reprice(p);
    }
    Ok(b)
}

/// What the billing views show: the plan's first serving line when it has one (so they and the
/// line agree, on the page as built, after a reload and from a link), else the calculator's job
/// (`job`, `estimate`) with the billing boxes' model and volume. The second value is the serving
/// line's index.
pub fn billing_view(
    plan: &Plan,
    job: &Job,
    estimate: Option<&Estimate<'_>>,
    catalog: &Catalog,
) -> Option<(BillingEstimate, Option<usize>)> {
    if let Some(first) = plan.nth::<Serve>(0) {
        return serve_billing(first, &plan.settings, catalog)
            .ok()
            .map(|b| (b, Some(0)));
    }
    estimate.map(|e| {
        (
            estimate_billing(job, &plan.settings.billing, e, catalog),
            None,
        )
    })
}

/// Evaluates the whole plan.
pub fn evaluate<'c>(plan: &Plan, catalog: &'c Catalog) -> Outcome<'c> {
    let jobs: Vec<JobOutcome<'c>> = plan
        .each::<Job>()
        .map(|j| price_job(j, &plan.settings, catalog))
        .collect();
    let serves: Vec<ServeOutcome> = plan
        .each::<Serve>()
        .map(|v| price_serve(v, &plan.settings, catalog))
        .collect();
    let apis: Vec<ApiOutcome> = plan
        .each::<ApiUse>()
        .map(|a| ApiOutcome::of(a, catalog))
        .collect();
    let grants: Vec<GrantInput> = plan
        .grants
        .iter()
        .filter_map(|g| Some(g.runway_input(catalog.program(&g.program_id)?)))
        .collect();
    let mut workloads = Vec::new();
    let mut lines = Vec::new();
    for (i, j) in jobs.iter().enumerate() {
        if j.estimate.is_err() {
            continue;
        }
        let Some(line) = bill_line(plan, Kind::Train, i, BillPart::Compute) else {
            continue;
        };
        workloads.push(j.line.clone());
        lines.push(line);
    }
    for (i, v) in serves.iter().enumerate() {
        let Some(line) = bill_line(plan, Kind::Serve, i, BillPart::Compute) else {
            continue;
        };
        if v.error.is_some() {
            continue;
        }
        workloads.push(WorkloadInput {
            provider_id: v.serve.provider_id.clone(),
            own_silicon_of: catalog
                .accelerator(&v.serve.accelerator_id)
                .and_then(|a| a.silicon_of.as_deref())
                .map(str::to_string),
            line: LineItem::Accelerators,
            gpus: v.gpus,
            usd_per_gpu_hour: v.usd_per_gpu_hour,
            duty: 1.0,
            start_day: v.start_day,
            gpu_hours: f64::from(v.gpus) * HOURS_PER_MONTH * f64::from(v.serve.months),
        });
        lines.push(line);
    }
    for (k, w) in plan.each::<ExtraWorkload>().enumerate() {
        let Some(line) = bill_line(plan, Kind::Experiments, k, BillPart::Compute) else {
            continue;
        };
        let Some(acc) = catalog.accelerator(&w.accelerator_id) else {
            continue;
        };
        let Some(price) = w.usd_per_gpu_hour(catalog) else {
            continue;
        };
        workloads.push(WorkloadInput {
            provider_id: w.provider_id.clone(),
            own_silicon_of: acc.silicon_of.as_deref().map(str::to_string),
            line: LineItem::Accelerators,
            gpus: w.gpus,
            usd_per_gpu_hour: price,
            duty: w.duty,
            start_day: w.start_day,
            gpu_hours: w.gpu_hours,
        });
        lines.push(line);
    }
    for (a, o) in apis.iter().enumerate() {
        if let (Some(input), Some(line)) =
            (&o.line, bill_line(plan, Kind::Api, a, BillPart::Compute))
        {
            workloads.push(input.clone());
            lines.push(line);
        }
    }
    for (i, j) in jobs.iter().enumerate() {
        let Some(o) = &j.overheads else { continue };
        for (item, bill) in overhead_bills(&j.job, o) {
            let part = match item {
                LineItem::Storage => BillPart::Storage,
                _ => BillPart::Egress,
            };
            let Some(line) = bill_line(plan, Kind::Train, i, part) else {
                continue;
            };
            workloads.push(bill);
            lines.push(line);
        }
    }
    let inputs = (grants, workloads);
    let result = simulate(&inputs.0, &inputs.1);
    let mut warnings = warnings(plan, &inputs, &result, catalog);
    for (i, j) in jobs.iter().enumerate() {
        warnings.extend(too_short(i, j));
        warnings.extend(does_not_fit(i, j));
        warnings.extend(too_many_for_a_step(i, j));
        warnings.extend(beyond_spot_capacity(i, j));
        warnings.extend(communication_bound(i, j));
        warnings.extend(beyond_max_gpus(i, j, catalog));
    }
    // Only a planned grant has an application to send: one in review or held has none.
    let states = grant_states(plan, catalog);
    let apply_by = apply_by(&inputs.0, &inputs.1)
        .into_iter()
        .zip(&states)
        .map(|(by, &s)| by.filter(|_| s == GrantState::Planned))
        .collect();
    let certainty = Certainty::of(&states, &inputs, &result);
    Outcome {
        jobs,
        serves,
        apis,
        inputs,
        lines,
        result,
        warnings,
        apply_by,
        certainty,
    }
}

/// Each runway grant's state at day 0 (grants of programs the catalog lacks are skipped, as the
/// runway skips them).
pub(crate) fn grant_states(plan: &Plan, catalog: &Catalog) -> Vec<GrantState> {
    plan.grants
        .iter()
        .filter(|g| catalog.program(&g.program_id).is_some())
        .map(PlannedGrant::state)
        .collect()
}

/// What is certain and what is hoped (issue 42): the credits the plan counts on that are not
/// approved yet, what happens if every one of them is refused, and when the credits stop paying.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Certainty {
    /// Bills the runway pays from grants still in review or planned, USD.
    pub unapproved_usd: f64,
    /// The runway with held grants only, when some grant not yet approved pays a bill (`None`:
    /// nothing the plan counts on is at risk).
    pub if_denied: Option<IfDenied>,
    /// The day the credits stop covering the bills: the last day a grant pays when cash pays
    /// part of it, else the first day cash pays after it (`None`: the credits pay to the end).
    /// With no grant paying anything, the day cash starts.
    pub credits_run_out_day: Option<u32>,
    /// The cash burn after that day, USD a 730-hour month: the cash of the 30 days from the first
    /// day cash pays in full (the run-out day itself when no credit paid any of it; what is left
    /// of the plan when it ends sooner), scaled to 730 hours. 0 without a run-out day.
    pub burn_after_usd_per_month: f64,
}

/// The runway if every grant not yet approved is refused.
#[derive(Clone, Debug, PartialEq)]
pub struct IfDenied {
    /// The first day cash is needed (`None`: never).
    pub cash_day: Option<u32>,
    /// Cash in all, USD.
    pub cash_usd: f64,
    /// The runway grants (plan order among known programs) not yet approved that pay some bill.
    pub at_risk: Vec<usize>,
}

impl Certainty {
    /// From the grants' states, the runway's inputs and its result.
    pub fn of(
        states: &[GrantState],
        inputs: &(Vec<GrantInput>, Vec<WorkloadInput>),
        result: &RunwayResult,
    ) -> Certainty {
        let at_risk: Vec<usize> = result
            .grants
            .iter()
            .enumerate()
            .filter(|&(k, o)| {
                states.get(k).is_some_and(|&s| s != GrantState::Held) && o.used_usd > 0.0
            })
            .map(|(k, _)| k)
            .collect();
        // `+ 0.0`: an empty sum is -0.0, shown as "-$0".
        let unapproved_usd = at_risk
            .iter()
            .map(|&k| result.grants[k].used_usd)
            .sum::<f64>()
            + 0.0;
        let if_denied = (!at_risk.is_empty()).then(|| {
            let held: Vec<GrantInput> = inputs
                .0
                .iter()
                .zip(states)
                .filter(|(_, &s)| s == GrantState::Held)
                .map(|(g, _)| g.clone())
                .collect();
            let t = crate::credits::runway::simulate_totals(&held, &inputs.1);
            IfDenied {
                cash_day: t.runway_end_day,
                cash_usd: t.cash_usd,
                at_risk,
            }
        });
        let (run_out, burn) = credits_run_out(result);
        Certainty {
            unapproved_usd,
            if_denied,
            credits_run_out_day: run_out,
            burn_after_usd_per_month: burn,
        }
    }
}

/// Bills below half a cent a day are no spending (float dust of a partial last hour).
const DUST_USD: f64 = 0.005;

/// The day the credits stop covering the bills, and the cash burn from then, USD a month (see
/// [`Certainty::credits_run_out_day`]).
pub fn credits_run_out(r: &RunwayResult) -> (Option<u32>, f64) {
    let days = r.daily_spend_usd.len().min(r.daily_cash_usd.len());
    let paid = |d: usize| r.daily_spend_usd[d] - r.daily_cash_usd[d] > DUST_USD;
    // The last day a grant pays: the credits ran short that day if it also needed cash, else
    // they stop covering the bills on the first cash day after it (all of them when none pays).
    let first_cash = match (0..days).rev().find(|&d| paid(d)) {
        Some(last) if r.daily_cash_usd[last] > DUST_USD => Some(last),
        Some(last) => (last + 1..days).find(|&d| r.daily_cash_usd[d] > DUST_USD),
        None => (0..days).find(|&d| r.daily_cash_usd[d] > DUST_USD),
    };
    let Some(first_cash) = first_cash else {
        return (None, 0.0);
    };
    // A month's burn: the cash of the 30 days from the first day cash pays in full (the run-out
    // day itself is partly paid by credits when they ran short that day, which would read a
    // serving line's $40,179 a month as $39,252), less when the plan ends sooner (what the
    // month after the credits really costs), scaled to a 730-hour month. When no cash is due
    // after the run-out day (the work ends on it), that day's own cash is the month's.
    let cash_after = r.daily_cash_usd[first_cash + 1..days]
        .iter()
        .any(|&c| c > DUST_USD);
    let from = if paid(first_cash) && cash_after {
        first_cash + 1
    } else {
        first_cash
    };
    let end = (from + 30).min(days);
    let cash: f64 = r.daily_cash_usd[from..end].iter().sum();
    let per_month = cash / 30.0 * HOURS_PER_MONTH / 24.0;
    (Some(first_cash as u32), per_month)
}

/// A job its GPUs would finish in under an hour (issue 27, item 5): so many accelerators for so
/// little work is likely a slip (64 GPUs left from the example on a LoRA job), and no cluster
/// starts, loads a model and checkpoints that fast. Says how long it takes, and how many would
/// take about an hour for the same GPU-hours.
fn too_short(i: usize, j: &JobOutcome) -> Option<Warning> {
    let per_gpu = f64::from(j.job.gpus) * j.job.duty;
    let wall_hours = j.gpu_hours / per_gpu;
    if j.job.gpus <= 1 || !wall_hours.is_finite() || wall_hours >= 1.0 {
        return None;
    }
    // The most whole GPUs that still keep it busy for an hour (at the job's duty), at least one.
    let fewer = (j.gpu_hours / j.job.duty)
        .floor()
        .clamp(1.0, f64::from(j.job.gpus - 1));
    let (n, gpus, time) = (i + 1, exact(f64::from(j.job.gpus), 0), hours(wall_hours));
    let (gpu_hours, fewer_time) = (
        exact(j.gpu_hours, 1),
        hours(j.gpu_hours / (fewer * j.job.duty)),
    );
    let text = if fewer == 1.0 {
        crate::tr!(
            "plan.warn.too_short_to_one_gpu",
            n = n,
            gpus = gpus,
            time = time,
            gpu_hours = gpu_hours,
            fewer_time = fewer_time
        )
    } else {
        crate::tr!(
            "plan.warn.too_short",
            n = n,
            gpus = gpus,
            time = time,
            gpu_hours = gpu_hours,
            fewer = exact(fewer, 0),
            fewer_time = fewer_time
        )
    };
    Some(Warning { grant: None, text })
}

/// A job whose GPUs cannot hold what it trains (its kind's state: every weight's 16 bytes, a
/// LoRA's frozen base, a QLoRA's 4-bit one, and the activations): its cost is that of a run that
/// cannot start, so the answers say so beside the applications (the founder review of issue 47
/// found it only in the closed hidden-costs section).
fn does_not_fit(i: usize, j: &JobOutcome) -> Option<Warning> {
    let need = j.overheads.as_ref()?.min_gpus?;
    if need <= u64::from(j.job.gpus) {
        return None;
    }
    let text = crate::tr!(
        "plan.warn.does_not_fit",
        n = i + 1,
        gpus = j.job.gpus,
        accelerator = crate::data::catalog::accelerator_name(&j.job.accelerator_id),
        need = need
    );
    Some(Warning { grant: None, text })
}

/// A job on more GPUs than its optimizer step has sequences (issues 27 and 43): each
/// data-parallel rank needs at least one whole sequence a step, so the figures assume tensor
/// parallelism inside the node and pipeline stages across nodes, whose bubble they bill; says so,
/// and the batch that would keep every GPU on its own sequences.
fn too_many_for_a_step(i: usize, j: &JobOutcome) -> Option<Warning> {
    use crate::estimators::parallel::SplitReason;
    let o = j.overheads.as_ref()?;
    let l = &o.sync_time.layout;
    if l.batch_tokens < j.job.seq_len {
        let text = crate::tr!(
            "plan.warn.step_below_sequence",
            n = i + 1,
            tps = compact(l.batch_tokens),
            seq = exact(j.job.seq_len, 0)
        );
        return Some(Warning { grant: None, text });
    }
    if l.reason != SplitReason::Batch {
        return None;
    }
    // The pipeline's part, when there are stages: "and 5 pipeline stages …, whose bubble adds …".
    let stages = if l.pp > 1.0 {
        crate::tr!(
            "plan.warn.step_stages",
            pp = exact(l.pp, 0),
            bubble = crate::io::format::percent(l.bubble)
        )
    } else {
        String::new()
    };
    let text = crate::tr!(
        "plan.warn.step_too_small",
        n = i + 1,
        tps = compact(l.batch_tokens),
        seqs = exact(l.sequences.floor(), 0),
        seq = exact(j.job.seq_len, 0),
        gpus = exact(f64::from(j.job.gpus), 0),
        tp = exact(l.tp, 0),
        stages = stages,
        need = exact(j.job.seq_len * f64::from(j.job.gpus), 0)
    );
    Some(Warning { grant: None, text })
}

/// A multi-node job whose communication takes most of its GPU bill (issue 43: a 256-GPU run over
/// 25 Gb/s Ethernet billed 13 times its compute without a word): says so, with the network.
fn communication_bound(i: usize, j: &JobOutcome) -> Option<Warning> {
    let o = j.overheads.as_ref()?;
    if o.sync_time.nodes <= 1.0 || o.scaling_efficiency >= COMMUNICATION_BOUND_ETA {
        return None;
    }
    let text = crate::tr!(
        "plan.warn.communication_bound",
        n = i + 1,
        share = crate::io::format::percent(1.0 - o.scaling_efficiency),
        network = o.network.map_or("", |n| n.name_text())
    );
    Some(Warning { grant: None, text })
}

/// Below this scaling efficiency a multi-node job is said to be bound by its network.
pub const COMMUNICATION_BOUND_ETA: f64 = 0.5;

/// A job on more GPUs than its provider rents in one job of that accelerator (issue 43: Modal's
/// clusters stop at 256 GPUs, its other GPUs and RunPod's L40S at one node).
fn beyond_max_gpus(i: usize, j: &JobOutcome, catalog: &Catalog) -> Option<Warning> {
    let most = j.overheads.as_ref()?.max_gpus?;
    if j.job.gpus <= most {
        return None;
    }
    let text = crate::tr!(
        "plan.warn.beyond_max_gpus",
        n = i + 1,
        gpus = exact(f64::from(j.job.gpus), 0),
        provider = crate::data::catalog::provider_name(&j.job.provider_id),
        acc = catalog
            .accelerator(&j.job.accelerator_id)
            .map_or(j.job.accelerator_id.as_str(), |a| a.name_text()),
        most = exact(f64::from(most), 0)
    );
    Some(Warning { grant: None, text })
}

/// A job on spot with more GPUs than the provider's spot capacity (issue 43): the answers say so,
/// as the hidden-costs panel does, since the run's price assumes capacity it is unlikely to get.
fn beyond_spot_capacity(i: usize, j: &JobOutcome) -> Option<Warning> {
    let o = j.overheads.as_ref()?;
    let cap = o.spot_capacity_gpus.filter(|_| o.spot_applied)?;
    if f64::from(j.job.gpus) <= cap {
        return None;
    }
    let text = crate::tr!(
        "plan.warn.beyond_spot_capacity",
        n = i + 1,
        gpus = exact(f64::from(j.job.gpus), 0),
        provider = crate::data::catalog::provider_name(&j.job.provider_id),
        cap = exact(cap, 0)
    );
    Some(Warning { grant: None, text })
}

/// The simulation inputs of a plan: its grants, and every workload's bill lines (see
/// [`evaluate`], which this reads).
pub fn runway_inputs(plan: &Plan, catalog: &Catalog) -> (Vec<GrantInput>, Vec<WorkloadInput>) {
    evaluate(plan, catalog).inputs
}

/// Runs the plan.
pub fn run_plan(plan: &Plan, catalog: &Catalog) -> RunwayResult {
    evaluate(plan, catalog).result
}

/// A job's non-GPU line items: storage while it runs, the dataset's egress (billed by the cloud
/// it leaves) on its first day, and the final weights' and corpus's egress the day after it ends.
fn overhead_bills(job: &Job, o: &OverheadEstimate) -> Vec<(LineItem, WorkloadInput)> {
    let provider = job.provider_id.as_str();
    let start_day = job.start_day;
    let end_day =
        start_day.saturating_add(o.billed_days.ceil().min(f64::from(HORIZON_CAP_DAYS)) as u32);
    let mut out = Vec::new();
    if o.storage_usd > 0.0 {
        out.push((
            LineItem::Storage,
            WorkloadInput::bill(
                provider,
                LineItem::Storage,
                o.storage_usd_per_day,
                start_day,
                o.billed_days,
            ),
        ));
    }
    if let Some((from, _, usd)) = o.dataset_egress.filter(|e| e.2 > 0.0) {
        out.push((
            LineItem::Egress,
            WorkloadInput::bill(from, LineItem::Egress, usd, start_day, 1.0),
        ));
    }
    let at_end = o.weights_egress.map_or(0.0, |e| e.1) + o.corpus_egress.map_or(0.0, |e| e.1);
    if at_end > 0.0 {
        out.push((
            LineItem::Egress,
            WorkloadInput::bill(provider, LineItem::Egress, at_end, end_day, 1.0),
        ));
    }
    out
}

impl Outcome<'_> {
    /// The credit advisor's inputs for the whole plan: what every workload costs in the horizon,
    /// what it spends on an average busy day, when spending starts, and the jobs' datasets.
    pub fn advisor_inputs(&self, settings: &Settings) -> crate::estimators::advisor::AdvisorInputs {
        let daily_burn_usd = burn_rate(&self.inputs.1);
        crate::estimators::advisor::AdvisorInputs {
            shape: settings.advisor.shape.clone(),
            cuda_locked: settings.advisor.cuda_locked,
            data_on: settings.overheads.data_on_provider.clone(),
            dataset_gb: self
                .jobs
                .iter()
                .filter_map(|j| j.overheads.as_ref())
                .map(|o| o.dataset_gb)
                .sum(),
            weekly_engineer_usd: settings.advisor.weekly_engineer_usd,
            // A plan with no workload has no dataset to wait for: day 0.
            dataset_ready_day: self.first_start_day().unwrap_or(0),
            need_usd: self.result.total_spend_usd,
            daily_burn_usd,
        }
    }
}

/// What the accelerators spend a day while they run: each accelerator line's rate
/// (busy hours a day × price) weighted by how long it runs, over the time any of them runs. One
/// line: exactly its rate; two overlapping lines: their sum while both run.
pub fn burn_rate(lines: &[WorkloadInput]) -> f64 {
    let mut spans: Vec<(f64, f64)> = Vec::new();
    let mut spend = 0.0;
    for w in lines.iter().filter(|w| w.line == LineItem::Accelerators) {
        let rate = w.busy_hours_per_day();
        if !(rate > 0.0 && w.gpu_hours > 0.0) {
            continue;
        }
        let start = f64::from(w.start_day);
        spans.push((start, start + w.gpu_hours / rate));
        spend += w.gpu_hours * w.usd_per_gpu_hour;
    }
    spans.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut covered = 0.0;
    let mut current: Option<(f64, f64)> = None;
    for (a, b) in spans {
        current = match current {
            Some((s, e)) if a <= e => Some((s, e.max(b))),
            Some((s, e)) => {
                covered += e - s;
                Some((a, b))
            }
            None => Some((a, b)),
        };
    }
    if let Some((s, e)) = current {
        covered += e - s;
    }
    if covered > 0.0 {
        spend / covered
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The texts of the warnings of `link`'s plan that contain `needle` (the link must decode
    /// without errors).
    fn warnings_with(link: &str, needle: &str, c: &Catalog) -> Vec<String> {
        let d = crate::io::link::decode_link(link, c);
        assert!(d.plan_errors.is_empty(), "{link}: {:?}", d.plan_errors);
        evaluate(&d.plan, c)
            .warnings
            .into_iter()
            .filter(|w| w.text.contains(needle))
            .map(|w| w.text)
            .collect()
    }

    fn line(start_day: u32, gpus: u32, duty: f64, price: f64, gpu_hours: f64) -> WorkloadInput {
        WorkloadInput {
            provider_id: "aws".into(),
            own_silicon_of: None,
            line: LineItem::Accelerators,
            gpus,
            usd_per_gpu_hour: price,
            duty,
            start_day,
            gpu_hours,
        }
    }

    #[test]
    fn a_job_its_gpus_cannot_hold_is_said_beside_the_applications() {
        // DPO of Llama 3.1 70B (70.6B) on 8 H100s of 80 GB: the full training state alone is
        // 16 bytes × 70.6e9 = 1,130 GB, more than 8 × 80 = 640 GB; 16 GPUs (1,280 GB) or more
        // hold it (the hidden-costs estimate's min_gpus).
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let d = crate::io::link::decode_link("job=dpo:70.6B:200M:gcp:h100-sxm:8", &c);
        let o = evaluate(&d.plan, &c);
        let need = o.jobs[0].overheads.as_ref().and_then(|e| e.min_gpus);
        assert!(need.is_some_and(|n| n >= 16), "{need:?}");
        let w: Vec<&str> = o
            .warnings
            .iter()
            .filter(|w| w.grant.is_none())
            .map(|w| w.text.as_str())
            .collect();
        let expected = format!(
            "Job 1 does not fit on 8 × NVIDIA H100 SXM: its training state and activations need at least {} of them.",
            need.unwrap_or_default()
        );
        assert!(w.iter().any(|t| t.starts_with(&expected)), "{w:?}");
        // On the GPUs it needs, nothing is said; a LoRA on 8B fits one GPU.
        for fits in [
            format!(
                "job=dpo:70.6B:200M:gcp:h100-sxm:{}",
                need.unwrap_or_default()
            ),
            "job=lora:8B:200M:aws:h100-sxm:1".to_string(),
        ] {
            let o = evaluate(&crate::io::link::decode_link(&fits, &c).plan, &c);
            assert!(
                !o.warnings.iter().any(|w| w.text.contains("does not fit")),
                "{fits}: {:?}",
                o.warnings
            );
        }
    }

    #[test]
    fn a_job_finished_in_minutes_on_many_gpus_is_flagged_with_a_count_that_takes_an_hour() {
        // LoRA on 8B, 200M tokens, on 64 H100s: 4 x 8e9 x 2e8 = 6.4e18 FLOP; at 40 % of 989
        // TFLOPS, 6.4e18 / 3.956e14 = 16,178 s = 4.49 GPU-hours (billed a little more for
        // communication): about 4 minutes of wall clock on 64 GPUs.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let d = crate::io::link::decode_link("job=lora:8B:200M:aws:h100-sxm:64", &c);
        let o = evaluate(&d.plan, &c);
        let h = o.jobs[0].gpu_hours;
        assert!((4.49..6.0).contains(&h), "{h}");
        let w: Vec<&str> = o
            .warnings
            .iter()
            .filter(|w| w.grant.is_none())
            .map(|w| w.text.as_str())
            .collect();
        assert_eq!(w.len(), 1, "{w:?}");
        // floor(h) GPUs keep it busy at least an hour.
        let fewer = h.floor();
        assert!(
            w[0].starts_with(&format!(
                "Job 1: 64 GPUs would finish it in {} min",
                (h / 64.0 * 60.0).round()
            )),
            "{}",
            w[0]
        );
        assert!(
            w[0].contains(&format!("{fewer} GPUs would take")),
            "{}",
            w[0]
        );
        // The add-workload form's LoRA (8B, 20M tokens, 3 epochs: 1.92e18 FLOP, about 1.35
        // GPU-hours) on 8 GPUs: one GPU takes over an hour, in the singular.
        let d = crate::io::link::decode_link("job=lora:8B:20M:aws:h100-sxm:8:0:3", &c);
        let o = evaluate(&d.plan, &c);
        assert!(
            o.warnings[0]
                .text
                .contains("One GPU would take 1.4 h for the same GPU-hours"),
            "{}",
            o.warnings[0].text
        );
        // At a duty of 0.5 (busy half of each day) the GPUs work half the hours: the same LoRA
        // on 64 GPUs takes h / (64 x 0.5) hours, and floor(h / 0.5) GPUs keep it busy an hour.
        let d = crate::io::link::decode_link("job=lora:8B:200M:aws:h100-sxm:64:0:1:1:0.4:0.5", &c);
        let o = evaluate(&d.plan, &c);
        let h = o.jobs[0].gpu_hours;
        let w = &o.warnings[0].text;
        assert!(
            w.starts_with(&format!(
                "Job 1: 64 GPUs would finish it in {} min",
                (h / 32.0 * 60.0).round()
            )),
            "{w}"
        );
        let fewer = (h / 0.5).floor();
        assert!(
            w.contains(&format!(
                "{fewer} GPUs would take {} h",
                crate::io::format::exact(h / (fewer * 0.5), 1)
            )),
            "{w}"
        );
        // On 8 GPUs the job takes h / 8 (about 0.6 h) at full duty, flagged; at half duty
        // h / 4, over an hour: not flagged.
        let flagged = |duty: &str| {
            let link = format!("job=lora:8B:200M:aws:h100-sxm:8:0:1:1:0.4:{duty}");
            let d = crate::io::link::decode_link(&link, &c);
            !evaluate(&d.plan, &c).warnings.is_empty()
        };
        assert!(flagged("1"));
        assert!(!flagged("0.5"));
        // The same job on 4 GPUs (over an hour) and one GPU: no warning.
        for gpus in ["4", "1"] {
            let d =
                crate::io::link::decode_link(&format!("job=lora:8B:200M:aws:h100-sxm:{gpus}"), &c);
            assert!(evaluate(&d.plan, &c).warnings.is_empty(), "{gpus}");
        }
    }

    #[test]
    fn a_job_on_more_gpus_than_its_step_has_sequences_is_flagged() {
        // A typed 4M-token step (the job token's 15th field) at 4,096-token sequences is
        // 4,000,000 / 4,096 = 976.6 sequences, 976 whole: on 1,024 GPUs each data-parallel rank
        // cannot have one, so ⌈1,024 / 976⌉ = 2 GPUs share each (tensor parallelism, 2-way) and
        // the warning says so, with the batch that would avoid it: 1,024 × 4,096 = 4.2M.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let step = |link: &str| warnings_with(link, "optimizer step", &c);
        let w = step("job=pretrain:7B:2T:aws:h100-sxm:1024:0:1:1:0.4:1::16:4096:4M");
        assert_eq!(
            w,
            ["Job 1: an optimizer step of 4M tokens holds 976 sequences of 4,096 tokens, fewer than its 1,024 GPUs, so the figures assume each sequence shared by 2-way tensor parallelism inside each node, and bill its communication. A batch of 4,194,304 tokens would give every GPU its own sequence."]
        );
        // A step of 2,048 tokens ("2K") at 4,096-token sequences is half a sequence: priced as one,
        // and said so; a step of exactly one sequence (4,096 tokens) on one GPU is fine.
        let below = |batch: &str| {
            let link = format!("job=pretrain:1B:20B:aws:h100-sxm:1:0:1:1:0.4:1::16:4096:{batch}");
            warnings_with(&link, "less than one sequence", &c)
        };
        assert_eq!(
            below("2048"),
            ["Job 1: an optimizer step of 2K tokens is less than one sequence of 4,096 tokens; the figures price it as one sequence a step. Type a batch of at least 4,096 tokens, or shorter sequences."]
        );
        assert!(below("4096").is_empty());
        // The default batch is at least one sequence a GPU: no warning.
        assert!(step("job=pretrain:7B:2T:aws:h100-sxm:1024").is_empty());
        // 976 GPUs exactly: every one has a sequence.
        assert!(step("job=pretrain:7B:2T:aws:h100-sxm:976:0:1:1:0.4:1::16:4096:4M").is_empty());
        // 32K-token sequences, 1M tokens: 30.5 sequences, 30 whole, on 1,024 GPUs: ⌈1,024 / 30⌉
        // = 35 → 8-way tensor parallelism (the node) and ⌈35 / 8⌉ = 5 pipeline stages, 25 ranks,
        // 30.52 / 25 = 1.22 micro-batches: bubble 4 / 1.22 = 328 %.
        let w = step("job=pretrain:7B:2T:aws:h100-sxm:1024:0:1:1:0.4:1::16:32768:1M");
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(
            w[0].contains("30 sequences of 32,768 tokens")
                && w[0].contains(
                    "8-way tensor parallelism inside each node and 5 pipeline stages across nodes \
                     (their bubble adds 327.7% to compute)"
                ),
            "{}",
            w[0]
        );
    }

    #[test]
    fn an_api_line_is_priced_at_its_three_to_one_mix_for_its_months() {
        // GPT-4o mini: $0.15 in, $0.60 out per million tokens; three input tokens to one output
        // token is 0.75 x 0.15 + 0.25 x 0.60 = $0.2625 per million. 400M tokens a month is
        // 400 x 0.2625 = $105 a month, and 6 months $630.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let d = crate::io::link::decode_link("api_use=gpt-4o-mini:400M:0:6", &c);
        assert!(d.plan_errors.is_empty(), "{:?}", d.plan_errors);
        let o = evaluate(&d.plan, &c);
        assert_eq!(o.apis.len(), 1);
        let a = &o.apis[0];
        assert!(
            (a.usd_per_mtok - 0.2625).abs() < 1e-12,
            "{}",
            a.usd_per_mtok
        );
        assert!((a.monthly_usd - 105.0).abs() < 1e-9, "{}", a.monthly_usd);
        assert!((a.total_usd - 630.0).abs() < 1e-9, "{}", a.total_usd);
    }

    #[test]
    fn the_first_start_day_is_the_earliest_workload() {
        // Two LoRA jobs starting on days 30 and 10: the plan's work (and the advisor's dataset
        // date) starts on day 10, whatever their order; a plan emptied of workloads has none.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let d = crate::io::link::decode_link(
            "job=lora:8B:200M:aws:h100-sxm:1:30&job=lora:8B:200M:aws:h100-sxm:1:10",
            &c,
        );
        assert!(d.plan_errors.is_empty(), "{:?}", d.plan_errors);
        let o = evaluate(&d.plan, &c);
        assert_eq!(o.first_start_day(), Some(10));
        assert_eq!(o.advisor_inputs(&d.plan.settings).dataset_ready_day, 10);
        let mut empty = Plan::default();
        empty.workloads.clear();
        assert_eq!(evaluate(&empty, &c).first_start_day(), None);
    }

    #[test]
    fn the_billing_views_read_the_first_serving_line_else_the_job() {
        // With a serving line, the billing views (duty chart, reserved vs on demand) are that
        // line's: its accelerator, and its index 0. Without one, the edited job's, with no index.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let served = crate::io::link::decode_link(
            "job=lora:8B:600M:aws:h100-sxm:1&serve=8B:1B:lambda:a100-80gb:7:12",
            &c,
        );
        assert!(served.plan_errors.is_empty(), "{:?}", served.plan_errors);
        let o = evaluate(&served.plan, &c);
        let j = &o.jobs[0];
        let (b, line) = billing_view(&served.plan, &j.job, j.estimate.as_ref().ok(), &c)
            .unwrap_or_else(|| panic!("a serving line has a billing view"));
        assert_eq!((b.accelerator_id.as_str(), line), ("a100-80gb", Some(0)));
        let trained = crate::io::link::decode_link("job=lora:8B:600M:aws:h100-sxm:1", &c);
        let o = evaluate(&trained.plan, &c);
        let j = &o.jobs[0];
        let (b, line) = billing_view(&trained.plan, &j.job, j.estimate.as_ref().ok(), &c)
            .unwrap_or_else(|| panic!("a priced job has a billing view"));
        assert_eq!((b.accelerator_id.as_str(), line), ("h100-sxm", None));
        // No serving line and no estimate of the job: nothing to show.
        assert!(billing_view(&trained.plan, &j.job, None, &c).is_none());
    }

    #[test]
    fn a_jobs_storage_and_egress_bills_are_named_by_what_they_bill() {
        // The default job keeps its dataset and checkpoints on the provider while it runs (a
        // storage bill) and moves its weights out at the end (an egress bill): each bill line of
        // the runway is named by its own item, so the page and the exports say "storage" for the
        // storage bill and "egress" for the egress.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let plan = Plan::default();
        let o = evaluate(&plan, &c);
        assert_eq!(o.lines.len(), o.inputs.1.len());
        let mut parts = Vec::new();
        for (line, input) in o.lines.iter().zip(&o.inputs.1) {
            let want = match input.line {
                LineItem::Storage => BillPart::Storage,
                LineItem::Egress => BillPart::Egress,
                _ => BillPart::Compute,
            };
            assert_eq!(line.part, want, "{line:?} bills {:?}", input.line);
            parts.push(line.part);
        }
        assert!(parts.contains(&BillPart::Storage), "{parts:?}");
    }

    #[test]
    fn nothing_unapproved_is_zero_not_minus_zero() {
        // No grant waits for approval (none at all, or one already held): the credits not yet
        // approved are $0, a positive zero, which the page shows as "$0" and never as "-$0" (an
        // empty sum of floats is -0.0).
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        for link in [
            "job=lora:8B:200M:aws:h100-sxm:1",
            "job=lora:8B:200M:aws:h100-sxm:1&grant=aws-activate:100K:-30:12:730",
        ] {
            let d = crate::io::link::decode_link(link, &c);
            assert!(d.plan_errors.is_empty(), "{:?}", d.plan_errors);
            let u = evaluate(&d.plan, &c).certainty.unapproved_usd;
            assert!(u == 0.0 && u.is_sign_positive(), "{link}: {u:?}");
            assert_eq!(crate::io::format::usd(u), "$0");
        }
    }

    #[test]
    fn half_a_cent_a_day_is_dust_not_a_bill() {
        // Half a cent a day or less is float dust (a partial last hour), neither a bill nor a
        // payment (DUST_USD). Credits pay $100 on days 0-1; day 2 needs $0.005 of cash (dust),
        // day 3 and 4 $50 each: the credits stop paying on day 3, and the month's burn from then
        // is the cash of the 30 days from day 3 (days 3-4 here, $100) x 730 / (30 x 24).
        let r = RunwayResult {
            horizon_days: 5,
            total_spend_usd: 300.005,
            cash_usd: 100.005,
            runway_end_day: Some(2),
            grants: Vec::new(),
            workload_spend_usd: Vec::new(),
            workload_unfinished_gpu_hours: Vec::new(),
            daily_spend_usd: vec![100.0, 100.0, 0.005, 50.0, 50.0],
            daily_cash_usd: vec![0.0, 0.0, 0.005, 50.0, 50.0],
            balance_steps: Vec::new(),
        };
        let (day, burn) = credits_run_out(&r);
        assert_eq!(day, Some(3));
        assert!((burn - 100.0 * 730.0 / 720.0).abs() < 1e-9, "{burn}");
        // The credits' last paying day needs half a cent of cash too: still theirs, so cash
        // starts on the next day with more than dust (day 3).
        let mut r2 = r.clone();
        r2.daily_cash_usd[1] = 0.005;
        r2.daily_cash_usd[2] = 0.0;
        assert_eq!(credits_run_out(&r2).0, Some(3));
        // Credits pay $100 on day 0, cash pays day 1 and day 3, and credits pay half a cent on
        // day 2: dust, so the credits stopped paying on day 1, not on day 3.
        let mut r3 = r.clone();
        r3.daily_spend_usd = vec![100.0, 50.0, 0.005, 50.0];
        r3.daily_cash_usd = vec![0.0, 50.0, 0.0, 50.0];
        assert_eq!(credits_run_out(&r3).0, Some(1));
        // No credit pays any day: the first day with more than dust of cash (day 1, not the
        // half cent of day 0).
        let mut r4 = r.clone();
        r4.daily_spend_usd = vec![0.005, 50.0];
        r4.daily_cash_usd = vec![0.005, 50.0];
        assert_eq!(credits_run_out(&r4).0, Some(1));
    }

    #[test]
    fn the_month_after_the_credits_starts_on_the_first_day_cash_pays_in_full() {
        // A serving line of $96 a day: credits pay all of days 0-1 and $40 of day 2, cash the
        // other $56 of day 2 and all of days 3-40. The credits run out on day 2 (they ran short
        // that day), but the month after them is days 3-32: 30 x $96, as a 730-hour month
        // $96 x 730 / 24 = $2,920 (the line's own monthly figure). Counting from day 2 would
        // read $2,880 - $40 = $2,840 of cash in 30 days, $2,881.94 a month.
        let days = 41;
        let mut cash = vec![0.0, 0.0, 56.0];
        cash.resize(days, 96.0);
        let r = RunwayResult {
            horizon_days: days as u32,
            total_spend_usd: 96.0 * days as f64,
            cash_usd: cash.iter().sum(),
            runway_end_day: Some(2),
            grants: Vec::new(),
            workload_spend_usd: Vec::new(),
            workload_unfinished_gpu_hours: Vec::new(),
            daily_spend_usd: vec![96.0; days],
            daily_cash_usd: cash,
            balance_steps: Vec::new(),
        };
        let (day, burn) = credits_run_out(&r);
        assert_eq!(day, Some(2));
        assert!((burn - 96.0 * 730.0 / 24.0).abs() < 1e-9, "{burn}");
        // When that partly paid day is the plan's last, the month is that day alone: $56 of
        // cash over 30 days, x 730 / 24. The same when the days after it bill nothing (the work
        // ends on it), or only dust: never "then $0 a month".
        let mut short = r.clone();
        short.daily_spend_usd.truncate(3);
        short.daily_cash_usd.truncate(3);
        let mut idle = short.clone();
        idle.daily_spend_usd.extend([0.0, 0.005, 0.0]);
        idle.daily_cash_usd.extend([0.0, 0.005, 0.0]);
        // (The idle days' half cent is summed into that month like any cash.)
        for (r, cash) in [(&short, 56.0), (&idle, 56.005)] {
            let (day, burn) = credits_run_out(r);
            assert_eq!(day, Some(2));
            assert!((burn - cash / 30.0 * 730.0 / 24.0).abs() < 1e-9, "{burn}");
        }
        // Cash paying a whole day after credits stopped (no partly paid day): the month starts
        // on that day itself, days 3-32 of a plan whose day 2 has no bill at all and whose day
        // 3 costs $48: ($48 + 29 x $96) / 30 x 730 / 24.
        let mut gap = r.clone();
        gap.daily_spend_usd[2] = 0.0;
        gap.daily_cash_usd[2] = 0.0;
        gap.daily_spend_usd[3] = 48.0;
        gap.daily_cash_usd[3] = 48.0;
        let (day, burn) = credits_run_out(&gap);
        assert_eq!(day, Some(3));
        assert!(
            (burn - (48.0 + 29.0 * 96.0) / 30.0 * 730.0 / 24.0).abs() < 1e-9,
            "{burn}"
        );
    }

    #[test]
    fn a_spot_job_beyond_the_providers_spot_capacity_is_flagged() {
        // AWS can be expected to hold about 16 spot GPUs at once (data/providers.json, an
        // estimate): 64 on spot is flagged, 16 is not, and 64 on demand is not.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let spot = |link: &str| warnings_with(link, "spot GPUs at once", &c);
        assert_eq!(
            spot("job=pretrain:7B:200B:aws:h100-sxm:64&spot=1"),
            ["Job 1: 64 spot GPUs at once is unlikely at Amazon Web Services, where about 16 can be held (estimate): its spot price assumes capacity the run may not get. Run it on demand, or on at most 16 GPUs."]
        );
        assert!(spot("job=pretrain:7B:200B:aws:h100-sxm:16&spot=1").is_empty());
        assert!(spot("job=pretrain:7B:200B:aws:h100-sxm:64").is_empty());
    }

    #[test]
    fn cash_before_any_credit_is_usable_names_the_day_credits_arrive() {
        // A LoRA job on AWS from day 0 (4 x 8e9 x 2e8 = 6.4e18 FLOP, a few GPU-hours: a few
        // dollars on day 0) and AWS Activate applied for on day 0 with a 12-day review: usable
        // from day 0 + 12 = 12 (docs/model.md, "The runway"), so day 0 is paid in cash and
        // the credits arrive on day 12.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let at = |link: &str| {
            let d = crate::io::link::decode_link(link, &c);
            let o = evaluate(&d.plan, &c);
            (o.result.runway_end_day, o.credits_arrive_after_cash())
        };
        let job = "job=lora:8B:200M:aws:h100-sxm:1";
        assert_eq!(
            at(&format!("{job}&grant=aws-activate:100K:0:12:730")),
            (Some(0), Some(12))
        );
        // Applied for 12 days before the work starts (the job starts on day 12): usable on its
        // first day, nothing is cash, nothing to say.
        assert_eq!(
            at("job=lora:8B:200M:aws:h100-sxm:1:12&grant=aws-activate:100K:0:12:730"),
            (None, None)
        );
        // A grant for another provider pays none of this plan's bills: it is not "on its way".
        assert_eq!(
            at(&format!("{job}&grant=modal:5K:0:3:365")),
            (Some(0), None)
        );
        // Usable on day 0 but too small ($1 against the job's day-0 bill): cash starts on day 0
        // because the credits ran out, not because they had not arrived.
        let small = at(&format!("{job}&grant=aws-activate:1:0:0:730"));
        assert_eq!(small, (Some(0), None));
        // Two grants: the one that pays arrives on day 3, the other on day 12: the first day.
        assert_eq!(
            at(&format!(
                "{job}&grant=aws-activate:100K:0:12:730&grant=aws-activate:1K:0:3:730"
            )),
            (Some(0), Some(3))
        );
    }

    #[test]
    fn the_advisor_repeats_the_runways_figures_for_programs_in_the_plan() {
        // A founder's review: an 8B LoRA and a year of serving on AWS, AWS Activate $100K and
        // Modal $25K. "Which credits fit" said of AWS Activate "$92.93 would expire unused" (its
        // quick estimate: the need less what the catalog's window can spend) while the answers
        // said $41K of it expires unused. Its row now says what the runway says.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let d = crate::io::link::decode_link(
            "job=lora:8B:600M:aws:h100-sxm:1&serve=8B:1B:aws:h100-sxm:7:12\
             &grant=aws-activate:100K:0:12:730&grant=modal:25K:0:3:365",
            &c,
        );
        let o = evaluate(&d.plan, &c);
        let settings = crate::input::settings::Settings::default();
        let a = crate::estimators::advisor::advise_plan(
            &o.advisor_inputs(&settings),
            &o.plan_fit(&d.plan),
            &c,
        );
        let row = |id: &str| {
            a.ranked
                .iter()
                .find(|r| r.program.id == id)
                .unwrap_or_else(|| panic!("{id}"))
        };
        let aws = row("aws-activate");
        let expired = o.result.grants[0].expired_usd;
        // A year of one H100 at $6.88 is about $60K: well under $100K, so tens of thousands expire.
        assert!((20_000.0..60_000.0).contains(&expired), "{expired}");
        assert!(aws.in_plan);
        assert!(
            aws.why.starts_with(&format!(
                "In the runway, {} of it expires unused",
                crate::io::format::usd(expired)
            )),
            "{}",
            aws.why
        );
        assert!(!aws.why.contains("would expire"), "{}", aws.why);
        // Modal: the plan runs nothing on Modal, so all $25K expires unused (by hand: it pays no
        // bill), and the row says why.
        let modal = row("modal");
        assert_eq!(o.result.grants[1].expired_usd, 25_000.0);
        assert!(
            modal
                .why
                .starts_with("In the runway, $25K of it expires unused"),
            "{}",
            modal.why
        );
        assert!(
            modal
                .why
                .contains("; it pays only Modal bills, and the plan runs nothing on Modal"),
            "{}",
            modal.why
        );
        assert!(
            !modal.why.contains("once work moves there"),
            "{}",
            modal.why
        );
        // A program not in the plan keeps the quick estimate that ranks it.
        assert!(
            row("gcp-startups").why.contains(" usable: approved ~day "),
            "{}",
            row("gcp-startups").why
        );
        // Two grants of one program are summed.
        let fit = crate::estimators::advisor::PlanFit::default().in_runway([
            ("modal", 10.0, 1.0),
            ("aws-activate", 5.0, 0.0),
            ("modal", 2.5, 3.0),
        ]);
        assert_eq!(fit.runway.len(), 2);
        assert_eq!(
            (fit.runway[0].paid_usd, fit.runway[0].expired_usd),
            (12.5, 4.0)
        );
    }

    #[test]
    fn burn_rate_by_hand() {
        // One L4 5 % of the day at $0.43: 1 x 24 x 0.05 x 0.43 = $0.516 a day, whatever its length.
        assert!((burn_rate(&[line(0, 1, 0.05, 0.43, 100.0)]) - 0.516).abs() < 1e-12);
        // Two back-to-back lines of 10 days each, $240 and $480 a day: $7,200 over 20 days = $360.
        let a = line(0, 1, 1.0, 10.0, 240.0);
        let b = line(10, 2, 1.0, 10.0, 480.0);
        assert!((burn_rate(&[a.clone(), b.clone()]) - 360.0).abs() < 1e-9);
        // Overlapping completely (both from day 0 for 10 days): $7,200 over 10 days = $720.
        let b0 = line(0, 2, 1.0, 10.0, 480.0);
        assert!((burn_rate(&[a, b0]) - 720.0).abs() < 1e-9);
        // Two lines with 10 idle days between them (days 5-15 and 25-35, $2,400 each): the burn
        // is over the 20 days something runs, $4,800 / 20 = $240, not over the 30 days spanned.
        let late = line(25, 1, 1.0, 10.0, 240.0);
        let early = line(5, 1, 1.0, 10.0, 240.0);
        assert!((burn_rate(&[late.clone(), early.clone()]) - 240.0).abs() < 1e-9);
        // A line that runs no hours a day (no GPUs, or a duty of 0) spends nothing and takes no
        // time, whatever GPU-hours it claims: the burn stays $240 a day.
        let idle = [line(12, 0, 1.0, 10.0, 100.0), line(12, 1, 0.0, 10.0, 100.0)];
        let mut with_idle = vec![early, late];
        with_idle.extend(idle);
        assert!((burn_rate(&with_idle) - 240.0).abs() < 1e-9);
        // Storage lines do not count; nothing running is 0.
        let storage = WorkloadInput::bill("aws", LineItem::Storage, 5.0, 0, 10.0);
        assert_eq!(burn_rate(&[storage]), 0.0);
        assert_eq!(burn_rate(&[]), 0.0);
    }
}
