//! Fuzzing the decoders that read outside data (share links, and scenario JSON from storage and
//! imported files) and every calculation the page runs on what they decode. Property-based
//! (proptest) with many cases, run like a benchmark, with overflow checks and debug assertions on
//! (the `fuzz` profile of the workspace's Cargo.toml):
//!
//!     FUZZ_CASES=1000000 cargo bench --profile fuzz -p runway-model --bench fuzz
//!
//! Every target runs FUZZ_CASES cases (`make test`: 5,000; `make fuzz`: 1,000,000) and prints how
//! many it ran. Any failure (a panic, an integer overflow, a debug assertion, a rejection without a
//! message, a NaN or infinity in a number the page would show) prints the shrunk input and exits
//! with status 1. The targets:
//!
//! 1. link decoder, any string: decodes, prices, and estimates the hidden costs;
//! 2. link decoder, link-shaped: `key=value` pairs with boundary and random numbers for every
//!    numeric key, catalog ids, `grant`/`work`/`cmp` tokens and noise; then every calculation the
//!    page runs on the plan ([`check_page`]);
//! 3. scenario JSON decoders, any string;
//! 4. scenario JSON decoders, mutated valid files: what decodes as a scenario file is opened like
//!    the page opens it, with every calculation of [`check_page`]; a library's entries are
//!    summarized like the saved-scenario list does.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use runway_model::{
    advise, apply_window, billing_modes, cost_by_provider, cost_vs_gpus, cost_vs_interval,
    cost_vs_mfu, decode_link, decode_plan_file, encode_plan_file, estimate, estimate_billing,
    estimate_overheads, log_space, price_column, results_csv, run_plan, runway_inputs, simulate,
    simulate_totals, warnings, what_budget_buys, Catalog, DecodedLink, Field, GrantInput,
    HiddenOutput, HostMode, Library, Output, OverheadEstimate, Range, RunwayResult, SavedPlan,
    WorkloadInput, WorkloadKind, MAX_SWEEP_GPUS, NOT_A_NUMBER,
};
use std::cell::Cell;
use std::time::Instant;

type Checked = Result<(), TestCaseError>;

/// Keys that are not fields: plan tokens, free text, and unknown keys.
const OTHER_KEYS: &[&str] = &[
    "grant", "work", "job", "serve", "api_use", "cmp", "name", "note", "t0", "x", "",
];

/// Numbers at the edges of parsing: signs, zero, subnormals, overflow, words, separators.
const EDGE_NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "0.5",
    "1e-300",
    "5e-324",
    "1e-400",
    "1e308",
    "1.8e308",
    "1e400",
    "NaN",
    "inf",
    "-inf",
    "1826",
    "1827",
    "3650",
    "3651",
    "4096",
    "100000",
    "100001",
    "4294967295",
    "4294967296",
    "1e15",
    "2T",
    "100T",
    "1,000",
    "1_000",
    "40%",
    "100%",
    "0.0000001%",
    "auto",
    "",
];

/// Fails the case unless `v` is finite.
fn finite(what: &str, v: f64) -> Checked {
    if v.is_finite() {
        Ok(())
    } else {
        Err(TestCaseError::fail(format!("{what} is {v}")))
    }
}

/// Fails the case unless `v` is `None` or finite (`None` is how a value says "there is none").
fn finite_or_none(what: &str, v: Option<f64>) -> Checked {
    v.map_or(Ok(()), |v| finite(what, v))
}

/// Fails the case if a text the page shows holds a non-finite number: Rust's `NaN` / `inf`, or the
/// formatters' stand-in for one.
fn shown(what: &str, text: &str) -> Checked {
    let leaked = text.contains(NOT_A_NUMBER)
        || text
            .split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| w == "NaN" || w == "inf");
    if leaked {
        Err(TestCaseError::fail(format!(
            "{what} shows a non-finite number: {text:?}"
        )))
    } else {
        Ok(())
    }
}

/// The hidden-cost numbers: every field the page shows or charts, and the result cards.
fn check_overheads(
    o: &OverheadEstimate,
    s: &runway_model::Job,
    k: &runway_model::OverheadInputs,
    e: &runway_model::Estimate,
    cat: &Catalog,
) -> Checked {
    for (what, v) in [
        ("overheads.link_gb_s", o.link_gb_s),
        ("overheads.step_compute_seconds", o.step_compute_seconds),
        ("overheads.step_comm_seconds", o.step_comm_seconds),
        ("overheads.scaling_efficiency", o.scaling_efficiency),
        ("overheads.spot_discount", o.spot_discount),
        (
            "overheads.effective_mtbf_gpu_hours",
            o.effective_mtbf_gpu_hours,
        ),
        (
            "overheads.failures.cluster_mtbf_hours",
            o.failures.cluster_mtbf_hours,
        ),
        (
            "overheads.failures.optimal_interval_hours",
            o.failures.optimal_interval_hours,
        ),
        (
            "overheads.failures.interval_hours",
            o.failures.interval_hours,
        ),
        ("overheads.failures.waste", o.failures.waste),
        ("overheads.usd_per_gpu_hour", o.usd_per_gpu_hour),
        ("overheads.effective_gpu_hours", o.effective_gpu_hours),
        ("overheads.billed_days", o.billed_days),
        ("overheads.activation_gb", o.activation_gb),
        ("overheads.checkpoint_gb", o.checkpoint_gb),
        ("overheads.dataset_gb", o.dataset_gb),
        (
            "overheads.storage_usd_per_gb_month",
            o.storage_usd_per_gb_month,
        ),
        ("overheads.compute_usd", o.compute_usd),
        ("overheads.communication_usd", o.communication_usd),
        ("overheads.failure_usd", o.failure_usd),
        ("overheads.storage_usd", o.storage_usd),
        ("overheads.storage_usd_per_day", o.storage_usd_per_day),
        ("overheads.egress_usd()", o.egress_usd()),
        ("overheads.gpu_bill_usd()", o.gpu_bill_usd()),
    ] {
        finite(what, v)?;
    }
    prop_assert!(o.scaling_efficiency > 0.0);
    finite_or_none("overheads.billed_gpu_hours", o.billed_gpu_hours)?;
    finite_or_none("overheads.total_usd()", o.total_usd())?;
    if let Some((_, gb, usd)) = o.dataset_egress {
        finite("overheads.dataset_egress.gb", gb)?;
        finite("overheads.dataset_egress.usd", usd)?;
    }
    if let Some((gb, usd)) = o.weights_egress {
        finite("overheads.weights_egress.gb", gb)?;
        finite("overheads.weights_egress.usd", usd)?;
    }
    for h in HiddenOutput::ALL {
        let id = h.test_id();
        finite_or_none(id, h.value(o))?;
        shown(id, &h.human(o))?;
        shown(id, &h.exact(o))?;
        shown(id, &h.explain(s, k, e, o, cat).substituted)?;
    }
    Ok(())
}

/// A runway: totals, per-grant outcomes, per-workload spend, and the daily series it charts.
fn check_runway(what: &str, r: &RunwayResult) -> Checked {
    finite(&format!("{what}.total_spend_usd"), r.total_spend_usd)?;
    finite(&format!("{what}.cash_usd"), r.cash_usd)?;
    for g in &r.grants {
        finite(&format!("{what}.grants[].used_usd"), g.used_usd)?;
        finite(&format!("{what}.grants[].expired_usd"), g.expired_usd)?;
        finite(&format!("{what}.grants[].unused_usd"), g.unused_usd)?;
    }
    for v in &r.workload_spend_usd {
        finite(&format!("{what}.workload_spend_usd[]"), *v)?;
    }
    for v in &r.workload_unfinished_gpu_hours {
        finite(&format!("{what}.workload_unfinished_gpu_hours[]"), *v)?;
    }
    prop_assert_eq!(r.daily_spend_usd.len(), r.horizon_days as usize);
    prop_assert_eq!(r.daily_cash_usd.len(), r.horizon_days as usize);
    for (s, c) in r.daily_spend_usd.iter().zip(&r.daily_cash_usd) {
        finite(&format!("{what}.daily_spend_usd[]"), *s)?;
        finite(&format!("{what}.daily_cash_usd[]"), *c)?;
    }
    for steps in &r.balance_steps {
        for (_, b) in steps {
            finite(&format!("{what}.balance_steps[]"), *b)?;
        }
    }
    Ok(())
}

/// The event-jumping totals (what the planner and the Monte Carlo run read) against the day-by-day
/// runway `r` of the same inputs: the same days, and amounts within a cent or, for amounts past
/// $10M, 1e-9 of them (both add the same dues in a different grouping; f64 rounding is ~1e-16 of
/// the amount per operation, a few thousand operations).
fn check_totals(r: &RunwayResult, grants: &[GrantInput], workloads: &[WorkloadInput]) -> Checked {
    let t = simulate_totals(grants, workloads);
    prop_assert_eq!(t.horizon_days, r.horizon_days);
    prop_assert_eq!(t.runway_end_day, r.runway_end_day);
    let close = |what: &str, a: f64, b: f64| -> Checked {
        let tolerance = 0.01f64.max(1e-9 * b.abs());
        prop_assert!(
            (a - b).abs() <= tolerance,
            "simulate_totals {}: {} vs {}",
            what,
            a,
            b
        );
        Ok(())
    };
    close("cash_usd", t.cash_usd, r.cash_usd)?;
    close("total_spend_usd", t.total_spend_usd, r.total_spend_usd)?;
    prop_assert_eq!(t.grants.len(), r.grants.len());
    for (a, b) in t.grants.iter().zip(&r.grants) {
        close("used_usd", a.used_usd, b.used_usd)?;
        close("expired_usd", a.expired_usd, b.expired_usd)?;
        close("unused_usd", a.unused_usd, b.unused_usd)?;
    }
    Ok(())
}

/// Splits CSV text into rows of cells (RFC 4180 quoting, CRLF line ends).
fn csv_rows(text: &str) -> Vec<Vec<String>> {
    let (mut rows, mut row, mut cell) = (Vec::new(), Vec::new(), String::new());
    let (mut quoted, mut chars) = (false, text.chars().peekable());
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => cell.push(c),
            (false, '"') => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut cell)),
            (false, '\r') if chars.peek() == Some(&'\n') => {
                chars.next();
                row.push(std::mem::take(&mut cell));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => cell.push(c),
        }
    }
    rows
}

/// The CSV export: every amount and hour count is a finite number (the writer leaves a cell empty
/// for a non-finite amount, so an empty money cell is a leak too).
fn check_csv(csv: &str) -> Checked {
    let mut numeric: &[usize] = &[];
    for row in csv_rows(csv) {
        match row.first().map(String::as_str) {
            Some("line") => numeric = &[4, 9],
            Some("grant") => numeric = &[3, 10, 11, 12],
            Some("month") => numeric = &[5, 6, 7],
            Some("plan" | "") | None => numeric = &[],
            Some(_) => {
                for &i in numeric {
                    let cell = row.get(i).map_or("", String::as_str);
                    let v: f64 = cell.parse().map_err(|_| {
                        TestCaseError::fail(format!("CSV cell {i} of {row:?} is not a number"))
                    })?;
                    finite("CSV cell", v)?;
                }
            }
        }
    }
    Ok(())
}

/// Every calculation the page runs on a decoded plan, as the page calls it (src/sections, src/widgets), with every
/// number it shows or charts checked finite (`None` where a value can be absent).
fn check_page(d: &DecodedLink, cat: &Catalog) -> Checked {
    // The job the page opens (the first), else the new default one it offers.
    let plan = &d.plan;
    let editor = plan.opening_draft();
    let (s, k) = (&editor, &plan.settings);
    let e = match estimate(s, cat) {
        Ok(e) => e,
        Err(err) => return Err(TestCaseError::fail(format!("does not price: {err:?}"))),
    };
    // Results cards and their charts (src/sections/workload/results.rs, charts.rs).
    for out in Output::ALL {
        let id = out.test_id();
        finite(id, out.value(&e))?;
        shown(id, &out.human(&e))?;
        shown(id, &out.exact(&e))?;
        shown(id, &out.explain(s, &e).substituted)?;
    }
    prop_assert!(e.compute_cost_usd > 0.0);
    for (mfu, usd) in cost_vs_mfu(s, &e) {
        finite("cost_vs_mfu x", mfu)?;
        finite("cost_vs_mfu y", usd)?;
    }
    for (_, _, usd) in cost_by_provider(&e, cat) {
        finite("cost_by_provider", usd)?;
    }
    // Hidden costs and their two sweeps (src/sections/hidden_costs.rs).
    let o = estimate_overheads(s, &k.overheads, &e, cat);
    check_overheads(&o, s, &k.overheads, &e, cat)?;
    let gpus = f64::from(s.gpus);
    let hi = (gpus * 16.0).clamp(1024.0, f64::from(MAX_SWEEP_GPUS));
    let mut counts: Vec<f64> = log_space(1.0, hi, 48).into_iter().map(f64::round).collect();
    counts.dedup();
    let other = runway_model::contrasting_network(cat, s, &o).map(|(n, _)| n);
    for n in [o.network, other].into_iter().flatten() {
        for (g, usd) in cost_vs_gpus(s, &k.overheads, &e, &o, cat, n, &counts) {
            finite("cost_vs_gpus x", g)?;
            finite_or_none("cost_vs_gpus y", usd)?;
        }
    }
    let opt = o.failures.optimal_interval_hours;
    let mut intervals = log_space(opt / 8.0, opt * 8.0, 48);
    intervals.push(opt);
    for (t, usd) in cost_vs_interval(s, &k.overheads, &e, &o, cat, &intervals) {
        finite("cost_vs_interval x", t)?;
        finite_or_none("cost_vs_interval y", usd)?;
    }
    // Billing modes and break-evens (src/sections/billing.rs).
    let b = estimate_billing(s, &k.billing, &e, cat);
    for (what, v) in [
        ("billing.busy_only_usd_per_hour", b.busy_only_usd_per_hour),
        ("billing.host_usd_per_hour", b.host_usd_per_hour),
        ("billing.tokens_per_hour_per_gpu", b.tokens_per_hour_per_gpu),
        ("billing.prefill_tokens_per_s", b.prefill_tokens_per_s),
        ("billing.decode_tokens_per_s", b.decode_tokens_per_s),
        ("billing.blended_tokens_per_s", b.blended_tokens_per_s),
        ("billing.kv_bytes_per_token", b.kv_bytes_per_token),
        ("billing.least_monthly_usd", b.least_monthly_usd),
        ("billing.selfhost_usd_per_mtok", b.selfhost_usd_per_mtok),
        (
            "billing.capacity_tokens_per_month",
            b.capacity_tokens_per_month,
        ),
        ("billing.gpus_needed", b.gpus_needed),
        ("billing.selfhost_monthly_usd", b.selfhost_monthly_usd),
        (
            "billing.selfhost_usd_per_mtok_at_volume",
            b.selfhost_usd_per_mtok_at_volume,
        ),
        ("billing.api_usd_per_mtok", b.api_usd_per_mtok),
        ("billing.api_monthly_usd", b.api_monthly_usd),
    ] {
        finite(what, v)?;
    }
    finite_or_none("billing.reserved_usd_per_hour", b.reserved_usd_per_hour)?;
    finite_or_none("billing.breakeven_duty", b.breakeven_duty)?;
    finite_or_none(
        "billing.breakeven_tokens_per_month",
        b.breakeven_tokens_per_month,
    )?;
    // A serving figure is 0 only where the model fits no group of the provider's machines (the
    // page shows none then); the volume chart sizes a deployment at every volume.
    prop_assert!(b.capacity_tokens_per_month > 0.0 || b.deployment.is_err());
    let v = runway_model::volume_sweep(&b, 12);
    for (x, y) in v.api.iter().chain(&v.self_hosted) {
        finite("billing.volume_sweep volume", *x)?;
        finite("billing.volume_sweep usd", *y)?;
    }
    for r in billing_modes(cat, &s.accelerator_id, s.duty) {
        finite("billing_modes.on_demand", r.on_demand)?;
        finite_or_none("billing_modes.reserved", r.reserved)?;
        finite_or_none("billing_modes.spot price", r.spot.map(|x| x.0))?;
        finite_or_none("billing_modes.spot reclaims", r.spot.map(|x| x.1))?;
        finite("billing_modes.monthly busy-only", r.monthly.0)?;
        finite_or_none("billing_modes.monthly reserved", r.monthly.1)?;
        finite_or_none("billing_modes.monthly spot", r.monthly.2)?;
    }
    for r in what_budget_buys(cat, k.billing.budget_usd) {
        finite("what_budget_buys.usd_per_gpu_hour", r.usd_per_gpu_hour)?;
        finite("what_budget_buys.gpu_hours", r.gpu_hours)?;
        finite("what_budget_buys.pflop_hours", r.pflop_hours)?;
    }
    // Credits and runway, warnings, application windows, CSV (src/sections/credits/,
    // scenarios.rs).
    let outcome = runway_model::evaluate(plan, cat);
    for j in &outcome.jobs {
        finite("job cost", j.cost_usd)?;
        finite("job gpu-hours", j.gpu_hours)?;
    }
    for v in &outcome.serves {
        finite("serve monthly", v.monthly_usd)?;
        finite("serve total", v.total_usd)?;
    }
    for a in &outcome.apis {
        finite("api monthly", a.monthly_usd)?;
        finite("api total", a.total_usd)?;
    }
    // Self-host or API on the plan (src/sections/self_host.rs): every figure of both routes.
    for w in runway_model::self_host_or_api(plan, &outcome, cat) {
        for (what, r) in [("self-host", w.self_host), ("api route", w.via_api)] {
            finite(what, r.cash_usd)?;
            finite(what, r.credits_used_usd)?;
            finite(what, r.credits_expired_usd)?;
            finite(what, r.total_usd)?;
        }
        finite("api route month", w.api_monthly_usd)?;
    }
    let inputs = runway_inputs(plan, cat);
    let r = simulate(&inputs.0, &inputs.1);
    check_runway("runway", &r)?;
    check_totals(&r, &inputs.0, &inputs.1)?;
    for w in warnings(plan, &inputs, &r, cat) {
        shown("warning", &w.text)?;
    }
    for g in &plan.grants {
        if let Some(p) = cat.program(&g.program_id) {
            apply_window(p, s.start_day);
        }
    }
    let listed = run_plan(plan, cat);
    prop_assert_eq!(listed.total_spend_usd, r.total_spend_usd);
    prop_assert_eq!(listed.cash_usd, r.cash_usd);
    check_csv(&results_csv(plan, &inputs, &outcome.lines, &r, cat))?;
    // Train vs fine-tune columns (src/sections/compare.rs): the page shows each cost as a multiple of
    // the cheapest, so costs must be positive.
    for c in &plan.compare {
        let col = price_column(c, s, &k.billing, &k.overheads, &e, &outcome, Some(0), cat);
        finite("compare.flops", col.flops)?;
        finite("compare.gpu_hours", col.gpu_hours)?;
        finite("compare.cost_usd", col.cost_usd)?;
        finite("compare.wall_clock_days", col.wall_clock_days)?;
        finite("compare.monthly_usd", col.monthly_usd)?;
        prop_assert!(col.cost_usd > 0.0);
        check_runway("compare.runway", &col.runway)?;
    }
    // The credit-shape advisor, with the inputs src/sections/advisor.rs builds.
    let advice = advise(&outcome.advisor_inputs(k), cat);
    for a in &advice.ranked {
        finite("advisor.amount_usd", a.amount_usd)?;
        finite("advisor.spendable_usd", a.spendable_usd)?;
        finite("advisor.porting_usd", a.porting_usd)?;
        finite("advisor.egress_usd", a.egress_usd)?;
        finite("advisor.usable_usd", a.usable_usd)?;
        shown("advisor.why", &a.why)?;
    }
    Ok(())
}

/// Decodes a link: every rejection has a message, and the result prices. `page`: then every
/// calculation of the page; otherwise only the hidden costs.
fn check_link(q: &str, cat: &Catalog, page: bool) -> Checked {
    let d = decode_link(q, cat);
    check_decoded(&d, cat, page)
}

fn check_decoded(d: &DecodedLink, cat: &Catalog, page: bool) -> Checked {
    for e in &d.errors {
        prop_assert!(!e.to_string().is_empty());
    }
    for e in &d.plan_errors {
        prop_assert!(!e.message().is_empty());
    }
    if page {
        return check_page(d, cat);
    }
    let editor = d
        .plan
        .jobs()
        .first()
        .map(|&j| j.clone())
        .unwrap_or_default();
    let e = estimate(&editor, cat);
    prop_assert!(e.is_ok(), "does not price");
    if let Ok(e) = e {
        prop_assert!(e.compute_cost_usd.is_finite() && e.compute_cost_usd > 0.0);
        let o = estimate_overheads(&editor, &d.plan.settings.overheads, &e, cat);
        prop_assert!(o.scaling_efficiency.is_finite() && o.scaling_efficiency > 0.0);
        finite_or_none("overheads.total_usd()", o.total_usd())?;
    }
    Ok(())
}

fn check_json(text: &str, cat: &Catalog, page: bool) -> Checked {
    match decode_plan_file(text) {
        // As the page opens an imported file: the record's plan, name and note.
        Ok(s) => check_decoded(&s.decode(cat), cat, page)?,
        Err(e) => prop_assert!(!e.to_string().is_empty()),
    }
    match Library::decode(text) {
        Ok(l) => {
            for p in &l.problems {
                prop_assert!(!p.to_string().is_empty());
            }
            // As the saved-scenario list summarizes each entry: total cost and runway.
            if page {
                for s in &l.library.scenarios {
                    let d = s.decode(cat);
                    let editor = d
                        .plan
                        .jobs()
                        .first()
                        .map(|&j| j.clone())
                        .unwrap_or_default();
                    let e = estimate(&editor, cat);
                    prop_assert!(e.is_ok(), "saved entry does not price");
                    if let Ok(e) = e {
                        let o = estimate_overheads(&editor, &d.plan.settings.overheads, &e, cat);
                        finite_or_none("list total", o.total_usd())?;
                        check_runway("list runway", &run_plan(&d.plan, cat))?;
                    }
                }
            }
        }
        Err(e) => prop_assert!(!e.to_string().is_empty()),
    }
    Ok(())
}

/// Formats a number the ways a person or a link writes one.
fn number_text(v: f64, style: u8, percent: bool) -> String {
    match style % 4 {
        0 => format!("{v:e}"),
        1 => format!("{v}"),
        2 if percent => format!("{:e}%", v * 100.0),
        2 => format!("{:e}K", v / 1e3),
        _ => format!("{:e}B", v / 1e9),
    }
}

/// A value for a numeric field: at or just past the edges of its range, or random within it
/// (log-uniform and uniform), formatted several ways.
fn field_number(r: Range, pick: u8, t: f64, style: u8, percent: bool) -> String {
    let lo = if r.min_inclusive {
        r.min
    } else {
        r.min.next_up()
    };
    let log_lo = lo.max(1e-300);
    let v = match pick % 8 {
        0 => lo,
        1 => r.max,
        // Just inside the low edge: down to the smallest positive numbers for "above 0" fields.
        2 if r.min == 0.0 => 10f64.powf(-320.0 * t),
        2 => lo * (1.0 + t * 1e-6),
        3 | 4 => (log_lo.ln() + (r.max.ln() - log_lo.ln()) * t).exp(),
        5 => lo + (r.max - lo) * t,
        // Just outside.
        6 => r.min.next_down(),
        _ => r.max.next_up(),
    };
    let v = if r.whole { v.round() } else { v };
    number_text(v, style, percent)
}

/// Whole numbers for plan-token fields, edges included.
fn whole_text(lo: u32, hi: u32) -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (lo..=hi).prop_map(|n| n.to_string()),
        1 => Just(lo.to_string()),
        1 => Just(hi.to_string()),
        1 => prop::sample::select(EDGE_NUMBERS).prop_map(String::from),
    ]
}

/// Positive amounts for plan-token fields: log-uniform within [lo, hi], the edges, edge numbers.
fn amount_text(lo: f64, hi: f64) -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (0.0..=1.0f64, any::<u8>()).prop_map(move |(t, style)| {
            number_text((lo.ln() + (hi.ln() - lo.ln()) * t).exp(), style, false)
        }),
        1 => Just(format!("{lo:e}")),
        1 => Just(format!("{hi:e}")),
        1 => prop::sample::select(EDGE_NUMBERS).prop_map(String::from),
    ]
}

/// Joins token parts with `:`, keeping a random number of the optional ones.
fn token(parts: Vec<String>, required: usize, keep: usize) -> String {
    parts[..(required + keep).min(parts.len())].join(":")
}

/// Link-shaped queries: fields with numbers near their range edges, catalog ids, plan tokens, noise.
fn link_shaped(cat: &Catalog) -> impl Strategy<Value = String> {
    let ids = |v: Vec<String>| prop::sample::select(v);
    let mut keys: Vec<&'static str> = Field::ALL.iter().map(|f| f.key()).collect();
    keys.extend_from_slice(OTHER_KEYS);
    let numeric: Vec<Field> = Field::ALL
        .into_iter()
        .filter(|f| f.range().is_some())
        .collect();
    let programs: Vec<String> = cat.programs.iter().map(|p| p.id.to_string()).collect();
    let offers: Vec<(String, String)> = cat
        .prices
        .iter()
        .map(|p| (p.provider.to_string(), p.accelerator.to_string()))
        .collect();
    let job_kinds: Vec<String> = runway_model::job_kinds()
        .map(|k| k.id().to_string())
        .collect();
    let api_ids: Vec<String> = cat.apis.iter().map(|a| a.id.to_string()).collect();
    let kinds: Vec<String> = WorkloadKind::ALL
        .iter()
        .map(|k| k.id().to_string())
        .collect();
    let mut id_pairs: Vec<(&'static str, String)> = Vec::new();
    for a in &cat.accelerators {
        id_pairs.push(("gpu", a.id.to_string()));
    }
    for p in &cat.providers {
        id_pairs.push(("provider", p.id.to_string()));
        id_pairs.push(("data_on", p.id.to_string()));
    }
    for n in &cat.networks {
        id_pairs.push(("network", n.id.to_string()));
    }
    for a in &cat.apis {
        id_pairs.push(("api", a.id.to_string()));
    }
    for x in &cat.shapes {
        id_pairs.push(("shape", x.id.to_string()));
    }
    for (_, id) in HostMode::ALL {
        id_pairs.push(("host", id.to_string()));
    }
    id_pairs.push(("ckpt_every", "auto".into()));
    // Day 0 dates: valid (leap day, year ends, range edges) and invalid (no such day or month,
    // wrong shape, out of range).
    for t0 in [
        "2026-12-01",
        "2028-02-29",
        "2026-12-31",
        "1000-01-01",
        "9999-12-31",
        "2027-02-29",
        "2027-13-01",
        "2027-04-31",
        "2027-1-01",
        "0999-12-31",
        "27-03-14",
        "2027-03-14T00",
    ] {
        id_pairs.push(("t0", t0.into()));
    }
    let noise = "[-+0-9.eEkKmMbBtT%,_a-z:<>\"&=;# ]{0,24}";
    let pair = prop_oneof![
        3 => (prop::sample::select(keys), noise).prop_map(|(k, v)| (k.to_string(), v)),
        6 => (prop::sample::select(numeric), any::<u8>(), 0.0..=1.0f64, any::<u8>()).prop_map(
            |(f, pick, t, style)| {
                let percent = matches!(f, Field::Mfu | Field::Duty | Field::Util | Field::Overlap);
                let r = f.range().unwrap_or_else(|| unreachable!("numeric field"));
                (f.key().to_string(), field_number(r, pick, t, style, percent))
            }
        ),
        3 => prop::sample::select(id_pairs).prop_map(|(k, v)| (k.to_string(), v)),
        2 => (
            ids(programs),
            amount_text(1.0, 1e9),
            whole_text(0, 1826),
            whole_text(0, 730),
            whole_text(1, 3650),
            "[0-9:]{0,3}",
            0usize..=5,
        )
            .prop_map(|(p, amount, apply, review, validity, extra, keep)| {
                let parts = vec![p, amount, apply, review, validity, extra];
                ("grant".to_string(), token(parts, 1, keep))
            }),
        2 => (
            prop::sample::select(offers.clone()),
            whole_text(1, 100_000),
            amount_text(1e-6, 1e12),
            whole_text(0, 1826),
            amount_text(1e-300, 1.0),
            amount_text(1e-6, 1000.0),
            0usize..=2,
        )
            .prop_map(|((provider, acc), gpus, hours, start, duty, price, keep)| {
                let parts = vec![provider, acc, gpus, hours, start, duty, price];
                ("work".to_string(), token(parts, 5, keep))
            }),
        // Training jobs: kind:params:tokens:provider:accelerator:gpus[:start[:epochs[:runs[:mfu[:duty[:price]]]]]] (the first twelve slots; tests/properties.rs generates every slot from the input table).
        2 => (
            (ids(job_kinds.clone()), amount_text(1e8, 2e12), amount_text(1e5, 1e14)),
            prop::sample::select(offers.clone()),
            whole_text(1, 100_000),
            (whole_text(0, 1826), amount_text(0.01, 1000.0), whole_text(1, 10_000)),
            (amount_text(1e-4, 1.0), amount_text(1e-4, 1.0), amount_text(1e-4, 1000.0)),
            0usize..=6,
        )
            .prop_map(|((kind, params, tokens), (provider, acc), gpus, (start, epochs, runs), (mfu, duty, price), keep)| {
                let parts = vec![kind, params, tokens, provider, acc, gpus, start, epochs, runs, mfu, duty, price];
                ("job".to_string(), token(parts, 6, keep))
            }),
        // Serving lines: params:tokens-per-month:provider:accelerator[:start[:months[:host[:price]]]].
        2 => (
            amount_text(1e8, 2e12),
            amount_text(1e3, 1e15),
            prop::sample::select(offers.clone()),
            whole_text(0, 1826),
            whole_text(1, 60),
            prop::sample::select(vec!["on-demand".to_string(), "reserved".to_string(), "spot".to_string()]),
            amount_text(1e-4, 1000.0),
            0usize..=4,
        )
            .prop_map(|(params, tpm, (provider, acc), start, months, host, price, keep)| {
                let parts = vec![params, tpm, provider, acc, start, months, host, price];
                ("serve".to_string(), token(parts, 4, keep))
            }),
        // Hosted API lines: api-id:tokens-per-month[:start[:months]].
        2 => (
            ids(api_ids.clone()),
            amount_text(1e3, 1e15),
            whole_text(0, 1826),
            whole_text(1, 60),
            0usize..=2,
        )
            .prop_map(|(api, tpm, start, months, keep)| {
                ("api_use".to_string(), token(vec![api, tpm, start, months], 2, keep))
            }),
        2 => (
            ids(kinds),
            amount_text(1e8, 2e12),
            amount_text(1e6, 1e14),
            amount_text(0.01, 100.0),
            whole_text(1, 1000),
            whole_text(1, 100_000),
            whole_text(0, 1),
            0usize..=4,
        )
            .prop_map(|(kind, params, tokens, epochs, runs, gpus, ckpt, keep)| {
                let parts = vec![kind, params, tokens, epochs, runs, gpus, ckpt];
                ("cmp".to_string(), token(parts, 3, keep))
            }),
        // Retrieval columns: rag:embed-params:corpus[:queries[:k[:chunk[:dimension]]]].
        1 => (
            amount_text(1e6, 1e12),
            amount_text(1e3, 1e14),
            amount_text(1.0, 1e12),
            whole_text(0, 1_000),
            whole_text(1, 100_000),
            whole_text(1, 100_000),
            0usize..=4,
        )
            .prop_map(|(embed, corpus, queries, k, chunk, dim, keep)| {
                let parts = vec!["rag".to_string(), embed, corpus, queries, k, chunk, dim];
                ("cmp".to_string(), token(parts, 3, keep))
            }),
    ];
    prop::collection::vec((pair, any::<bool>()), 0..12).prop_map(|pairs| {
        pairs
            .iter()
            .map(|((k, v), encode)| {
                if *encode {
                    let v: String = form_urlencoded::byte_serialize(v.as_bytes()).collect();
                    format!("{k}={v}")
                } else {
                    format!("{k}={v}")
                }
            })
            .collect::<Vec<_>>()
            .join("&")
    })
}

/// A valid scenario file with random edits: characters replaced, inserted, or cut.
fn mutated_file() -> impl Strategy<Value = String> {
    let base = encode_plan_file(&SavedPlan {
        id: "s1".into(),
        name: "Seed plan".into(),
        note: "note".into(),
        modified_ms: 1.7e12,
        plan: "params=70B&gpus=512&grant=aws-activate%3A100K&spot=1&cmp=lora%3A8B%3A200M&name=x"
            .into(),
    });
    let len = base.len();
    (
        prop::collection::vec(
            (0..len, "[\\[\\]{}\":,0-9a-z\\\\ eE.+-]{0,3}", 0usize..3),
            1..6,
        ),
        any::<bool>(),
    )
        .prop_map(move |(edits, library)| {
            let mut s = if library {
                base.replace("gpu-credit-runway/scenario", "gpu-credit-runway/library")
            } else {
                base.clone()
            };
            for (at, insert, cut) in edits {
                let at = at.min(s.len());
                if !s.is_char_boundary(at) {
                    continue;
                }
                let end = (at + cut).min(s.len());
                if s.is_char_boundary(end) {
                    s.replace_range(at..end, &insert);
                }
            }
            s
        })
}

/// Runs one target for `cases` cases and prints how many ran; exits with status 1 on a failure
/// or if fewer cases ran than asked.
fn run<S: Strategy>(name: &str, cases: u32, strategy: S, test: impl Fn(S::Value) -> Checked) {
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let ran = Cell::new(0u64);
    let started = Instant::now();
    let result = runner.run(&strategy, |v| {
        ran.set(ran.get() + 1);
        test(v)
    });
    if let Err(e) = result {
        eprintln!(
            "{name}: FAILED ({} runs, shrinking included): {e}",
            ran.get()
        );
        std::process::exit(1);
    }
    println!(
        "{name:<52} {:>9} cases run, no failure, {:.1} s",
        ran.get(),
        started.elapsed().as_secs_f64()
    );
    if ran.get() < u64::from(cases) {
        eprintln!("{name}: FAILED: only {} of {cases} cases ran", ran.get());
        std::process::exit(1);
    }
}

/// Whether integer overflow panics in this build (the `fuzz` profile turns the checks on).
fn overflow_checks_on() -> bool {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let panicked =
        std::panic::catch_unwind(|| std::hint::black_box(u32::MAX) + std::hint::black_box(1u32))
            .is_err();
    std::panic::set_hook(hook);
    panicked
}

fn main() {
    let cases: u32 = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let on_off = |b: bool| if b { "on" } else { "OFF" };
    println!(
        "fuzz: {cases} cases per target; overflow checks {}, debug assertions {}",
        on_off(overflow_checks_on()),
        on_off(cfg!(debug_assertions))
    );
    if !(overflow_checks_on() && cfg!(debug_assertions)) {
        eprintln!("fuzz: run with `cargo bench --profile fuzz` to check for overflow");
    }
    let cat = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
    run(
        "link decoder, any string (priced)",
        cases,
        ".*",
        |q: String| check_link(&q, &cat, false),
    );
    run(
        "link decoder, link-shaped (every page calculation)",
        cases,
        link_shaped(&cat),
        |q| check_link(&q, &cat, true),
    );
    run(
        "scenario JSON decoders, any string",
        cases,
        ".*",
        |t: String| check_json(&t, &cat, true),
    );
    run(
        "scenario JSON decoders, mutated valid files (page)",
        cases,
        mutated_file(),
        |t| check_json(&t, &cat, true),
    );
}
