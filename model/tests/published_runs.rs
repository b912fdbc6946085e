//! Published training runs reproduced from their papers and model cards (issue 25): GPU-hours
//! from parameters N, tokens D and the run's GPU, through the page's own estimate
//! (H = 6 · N · D / (P_peak · MFU) / 3600, P_peak the catalog's dense bf16 figure), at the MFU the
//! published GPU-hours imply, rounded to three digits, must land within 1.5 % of the published
//! GPU-hours.
//!
//! | run | N | D | GPU (catalog) | published GPU-hours | implied MFU | source |
//! |---|---|---|---|---|---|---|
//! | Llama 2 7B | 6.74e9 | 2e12 | A100 80GB (312) | 184,320 | 0.391 | Llama 2 paper (arXiv 2307.09288), Table 2 |
//! | Llama 2 70B | 68.98e9 | 2e12 | A100 80GB (312) | 1,720,320 | 0.428 | same table |
//! | BLOOM-176B | 176.247e9 | 366e9 | A100 80GB (312) | 1,082,990 | 0.318 | BLOOM paper (arXiv 2211.05100) §3.4.1; Luccioni et al. 2022, Table 1 |
//! | Llama 3.1 8B | 8.03e9 | 15e12 | H100 SXM (989) | 1.46M | 0.139 | Llama 3.1 model card, "Training Time (GPU hours)" |
//! | Llama 3.1 405B | 405.85e9 | 15e12 | H100 SXM (989) | 30.84M | 0.333 | same card; the Llama 3 paper reports 38-43 % MFU in steady state (arXiv 2407.21783, Table 4) |
//! | DeepSeek-V3 (MoE) | 37e9 active / 671e9 total | 14.8e12 | H800 = H100 SXM's 989 dense bf16 | 2.664M (pre-training) | 0.346 | DeepSeek-V3 technical report (arXiv 2412.19437), Table 1 |
//!
//! Worked by hand: Llama 2 7B C = 6 × 6.74e9 × 2e12 = 8.088e22; MFU = 8.088e22 / (184,320 × 3600
//! × 312e12) = 0.39067 → 0.391; H = 8.088e22 / (312e12 × 0.391) / 3600 = 184,165 (−0.08 %).
//! DeepSeek-V3: C = 6 × 37e9 × 14.8e12 = 3.2856e24; MFU 0.3464 → 0.346; H = 2,667,103 (+0.12 %).
//! With one N for the mixture (671B) the same MFU would give 48.4M GPU-hours, 18× the report.
//! The Llama 3.1 cards' hours include everything the cluster did (restarts, evaluation), so their
//! implied MFU is below the paper's steady-state figure: 0.333 against 0.38-0.43 for 405B.

use runway_model::{estimate, Catalog, Job};

struct Run {
    name: &'static str,
    params: f64,
    params_total: Option<f64>,
    tokens: f64,
    accelerator: &'static str,
    published_gpu_hours: f64,
    implied_mfu: f64,
}

// BLOOM's implied MFU, 0.318, is not an approximation of 1/π.
#[allow(clippy::approx_constant)]
const RUNS: [Run; 6] = [
    Run {
        name: "Llama 2 7B",
        params: 6.74e9,
        params_total: None,
        tokens: 2e12,
        accelerator: "a100-80gb",
        published_gpu_hours: 184_320.0,
        implied_mfu: 0.391,
    },
    Run {
        name: "Llama 2 70B",
        params: 68.98e9,
        params_total: None,
        tokens: 2e12,
        accelerator: "a100-80gb",
        published_gpu_hours: 1_720_320.0,
        implied_mfu: 0.428,
    },
    Run {
        name: "BLOOM-176B",
        params: 176.247e9,
        params_total: None,
        tokens: 366e9,
        accelerator: "a100-80gb",
        published_gpu_hours: 1_082_990.0,
        implied_mfu: 0.318,
    },
    Run {
        name: "Llama 3.1 8B",
        params: 8.03e9,
        params_total: None,
        tokens: 15e12,
        accelerator: "h100-sxm",
        published_gpu_hours: 1.46e6,
        implied_mfu: 0.139,
    },
    Run {
        name: "Llama 3.1 405B",
        params: 405.85e9,
        params_total: None,
        tokens: 15e12,
        accelerator: "h100-sxm",
        published_gpu_hours: 30.84e6,
        implied_mfu: 0.333,
    },
    Run {
        name: "DeepSeek-V3",
        params: 37e9,
        params_total: Some(671e9),
        tokens: 14.8e12,
        accelerator: "h100-sxm",
        published_gpu_hours: 2.664e6,
        implied_mfu: 0.346,
    },
];

fn scenario(r: &Run) -> Job {
    Job {
        params: r.params,
        params_total: r.params_total,
        tokens: r.tokens,
        accelerator_id: r.accelerator.into(),
        mfu: r.implied_mfu,
        gpus: 1024,
        provider_id: "coreweave".into(),
        ..Job::default()
    }
}

#[test]
fn published_runs_reproduce_within_one_and_a_half_percent() {
    let cat = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
    for r in &RUNS {
        let e = estimate(&scenario(r), &cat).unwrap_or_else(|e| panic!("{}: {e:?}", r.name));
        let gap = e.gpu_hours / r.published_gpu_hours - 1.0;
        assert!(
            gap.abs() <= 0.015,
            "{}: {:.0} GPU-hours against {:.0} published ({:+.2} %)",
            r.name,
            e.gpu_hours,
            r.published_gpu_hours,
            gap * 100.0
        );
    }
}

#[test]
fn the_mixture_of_experts_run_needs_its_active_count() {
    // DeepSeek-V3 priced with one N, its 671B total, misses the report 18-fold: the test above
    // holds only because FLOPs use the 37B active parameters.
    let cat = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
    let r = &RUNS[5];
    let single_n = Job {
        params: 671e9,
        params_total: None,
        ..scenario(r)
    };
    let e = estimate(&single_n, &cat).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(
        (e.gpu_hours / r.published_gpu_hours - 671.0 / 37.0).abs() < 0.05,
        "{}",
        e.gpu_hours
    );
}

#[test]
fn a100_runs_use_the_dense_bf16_peak() {
    // BLOOM on A100 80GB at 312 dense TFLOP/s; the 624 "with sparsity" figure would halve the
    // hours and miss the report by 50 %.
    let cat = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        cat.accelerator("a100-80gb").map(|a| a.dense_bf16_tflops),
        Some(312.0)
    );
    assert_eq!(
        cat.accelerator("h100-sxm").map(|a| a.dense_bf16_tflops),
        Some(989.0)
    );
}
