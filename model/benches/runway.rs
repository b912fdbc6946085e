//! Benchmark: one runway simulation over the full 5-year horizon with 10 grants and 3 workloads.
//! Run with `cargo bench -p runway-model`. Times the day-by-day `simulate` (goal: under 50 µs
//! natively) and the event-jumping `simulate_totals` the planner and the Monte Carlo run call
//! thousands of times per edit (goal: at most 10 µs), on the same plan.

use runway_model::{
    simulate, simulate_totals, GrantInput, LineItem, Scope, WorkloadInput, HORIZON_CAP_DAYS,
};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let providers = ["aws", "gcp", "modal"];
    let grants: Vec<GrantInput> = (0..10)
        .map(|i| GrantInput {
            provider_id: providers[i % 3].into(),
            scope: [Scope::All, Scope::Gpu, Scope::Platform][i % 3],
            amount_usd: 50_000.0 * (i as f64 + 1.0),
            apply_day: 30 * i as u32,
            review_days: 14,
            validity_days: 365 + 100 * i as u32,
        })
        .collect();
    // Three workloads long enough to run for the whole horizon.
    let workloads: Vec<WorkloadInput> = (0..3)
        .map(|i| WorkloadInput {
            provider_id: providers[i].into(),
            own_silicon_of: None,
            line: LineItem::Accelerators,
            gpus: 8,
            usd_per_gpu_hour: 3.0,
            duty: 0.5,
            start_day: 10 * i as u32,
            gpu_hours: 1e9,
        })
        .collect();
    let probe = simulate(&grants, &workloads);
    assert_eq!(probe.horizon_days, HORIZON_CAP_DAYS);
    // Both must describe the same runway before their times mean anything.
    let totals = simulate_totals(&grants, &workloads);
    assert_eq!(totals.horizon_days, probe.horizon_days);
    assert_eq!(totals.runway_end_day, probe.runway_end_day);
    assert!((totals.cash_usd - probe.cash_usd).abs() <= 0.01);
    let what = format!(
        "{} days x {} grants x {} workloads",
        probe.horizon_days,
        grants.len(),
        workloads.len()
    );
    report(&format!("runway simulate, {what}"), 200, || {
        black_box(simulate(black_box(&grants), black_box(&workloads)));
    });
    report(&format!("runway simulate_totals, {what}"), 2_000, || {
        black_box(simulate_totals(black_box(&grants), black_box(&workloads)));
    });
    // The same plan at prices and duties that are not whole binary fractions ($2.99/h, duty 0.37):
    // the closed form then carries rounding bounds instead of counting in exact grains.
    let decimal: Vec<WorkloadInput> = workloads
        .iter()
        .map(|w| WorkloadInput {
            usd_per_gpu_hour: 2.99,
            duty: 0.37,
            ..w.clone()
        })
        .collect();
    let a = simulate(&grants, &decimal);
    let b = simulate_totals(&grants, &decimal);
    assert_eq!(a.runway_end_day, b.runway_end_day);
    assert!((a.cash_usd - b.cash_usd).abs() <= 0.01);
    report(
        &format!("runway simulate, {what}, $2.99/h at duty 0.37"),
        200,
        || {
            black_box(simulate(black_box(&grants), black_box(&decimal)));
        },
    );
    report(
        &format!("runway simulate_totals, {what}, $2.99/h at duty 0.37"),
        2_000,
        || {
            black_box(simulate_totals(black_box(&grants), black_box(&decimal)));
        },
    );
}

/// Prints the median, min and max time of one call over 30 samples of `runs` calls each.
fn report(name: &str, runs: u32, mut f: impl FnMut()) {
    let mut samples = Vec::new();
    for _ in 0..30 {
        let t = Instant::now();
        for _ in 0..runs {
            f();
        }
        samples.push(t.elapsed().as_secs_f64() * 1e6 / f64::from(runs));
    }
    samples.sort_by(f64::total_cmp);
    println!(
        "{name}: median {:.2} µs, min {:.2} µs, max {:.2} µs",
        samples[samples.len() / 2],
        samples[0],
        samples[samples.len() - 1]
    );
}
