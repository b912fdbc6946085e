//! Benchmark: one runway simulation over the full 5-year horizon with 10 grants and 3 workloads.
//! Run with `cargo bench -p runway-model` (goal: under 50 µs natively).

use runway_model::catalog::Scope;
use runway_model::runway::{simulate, GrantInput, LineItem, WorkloadInput, HORIZON_CAP_DAYS};
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
    let mut samples = Vec::new();
    for _ in 0..30 {
        let runs = 200;
        let t = Instant::now();
        for _ in 0..runs {
            black_box(simulate(black_box(&grants), black_box(&workloads)));
        }
        samples.push(t.elapsed().as_secs_f64() * 1e6 / f64::from(runs));
    }
    samples.sort_by(f64::total_cmp);
    println!(
        "runway simulate, {} days x {} grants x {} workloads: median {:.1} µs, min {:.1} µs, max {:.1} µs",
        probe.horizon_days,
        grants.len(),
        workloads.len(),
        samples[samples.len() / 2],
        samples[0],
        samples[samples.len() - 1]
    );
}
