//! The serving model (`model/src/estimators/serving.rs`) against published serving runs (issue 44).
//!
//! Sources:
//! - [A] NVIDIA TensorRT-LLM, `docs/source/performance/perf-overview.md` at commit 00f37686aa85
//!   (the v1.0-era page, read 2026-12-06): max-throughput runs, "The reported metric is `Total
//!   Output Throughput (tokens/sec)`": output tokens a second of the whole tensor-parallel group.
//! - [B] the same page as generated with TensorRT-LLM 0.17 (read 2026-12-06): the same metric;
//!   FP16 rows on A100-SXM4-80GB, FP8 on H100 / H200.
//! - [G] NVIDIA NIM for LLMs benchmarking guide, docs.nvidia.com/nim/benchmarking/llm (read
//!   2026-12-06): Llama 3.3 70B FP8 on 2 x H100, 5,000 input / 500 output tokens, a concurrency
//!   sweep with the inter-token latency each user sees.
//!
//! Each run is reproduced within ±20 %. The model takes the accelerator from the catalog, the
//! attention shape from the catalog model (Llama 3.1 8B, Llama 3.1 70B for Llama 3.3 70B, which
//! shares its architecture; Mixtral 8x7B), and batches as far as memory and its fitted ceiling
//! allow (max-throughput runs) or as far as the users' speed allows (NIM).
//!
//! The previous model (a fixed batch of 32, decode at the datasheet's full bandwidth, no prefill in
//! the time) fails them: `a_fixed_batch_or_full_bandwidth_would_fail_these_runs` works its
//! figures for the first run.

use runway_model::{model_shape, run_group, Catalog, Chip, ModelShape, Request};

fn catalog() -> Catalog {
    Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
}

fn chip(c: &Catalog, acc: &str, fp8: bool) -> Chip {
    let a = c.accelerator(acc).unwrap_or_else(|| panic!("{acc}"));
    Chip {
        peak_flops_per_s: if fp8 {
            a.fp8_peak_flops_per_s()
                .unwrap_or_else(|| panic!("{acc} has no FP8 peak"))
        } else {
            a.peak_flops_per_s()
        },
        bandwidth_bytes_per_s: a.bandwidth_tb_s * 1e12,
        memory_bytes: a.memory_gb * 1e9,
        link_bytes_per_s: a.intra_node_gb_s * 1e9 / 2.0,
    }
}

/// The catalog model's shape with its own parameter counts.
fn shape(c: &Catalog, id: &str) -> ModelShape {
    let m = c.base_model(id).unwrap_or_else(|| panic!("{id}"));
    let total = (m.params > m.active_params).then_some(m.params);
    model_shape(c, m.active_params, total)
}

/// (model, accelerator, FP8, tensor-parallel degree, input, output, measured output tokens/s of
/// the group, source row).
type Run = (
    &'static str,
    &'static str,
    bool,
    u32,
    f64,
    f64,
    f64,
    &'static str,
);

const MAX_THROUGHPUT: [Run; 21] = [
    (
        "llama-3.1-8b",
        "h100-sxm",
        true,
        1,
        128.0,
        2048.0,
        22_714.0,
        "A: 8B FP8 H100",
    ),
    (
        "llama-3.1-8b",
        "h100-sxm",
        true,
        1,
        2048.0,
        2048.0,
        9_305.0,
        "A: 8B FP8 H100",
    ),
    (
        "llama-3.1-8b",
        "h100-sxm",
        true,
        1,
        2048.0,
        128.0,
        3_450.0,
        "A: 8B FP8 H100",
    ),
    (
        "llama-3.1-8b",
        "h200",
        true,
        1,
        128.0,
        2048.0,
        26_221.0,
        "A: 8B FP8 H200",
    ),
    (
        "llama-3.1-8b",
        "h200",
        true,
        1,
        2048.0,
        2048.0,
        12_194.0,
        "A: 8B FP8 H200",
    ),
    (
        "llama-3.1-70b",
        "h100-sxm",
        true,
        2,
        128.0,
        2048.0,
        6_651.0,
        "A: 3.3 70B FP8 2xH100",
    ),
    (
        "llama-3.1-70b",
        "h100-sxm",
        true,
        2,
        2048.0,
        2048.0,
        3_082.0,
        "A: 3.3 70B FP8 2xH100",
    ),
    (
        "llama-3.1-70b",
        "h100-sxm",
        true,
        2,
        2048.0,
        128.0,
        762.0,
        "A: 3.3 70B FP8 2xH100",
    ),
    (
        "llama-3.1-70b",
        "h200",
        true,
        1,
        128.0,
        2048.0,
        4_336.0,
        "A: 3.3 70B FP8 H200",
    ),
    (
        "llama-3.1-70b",
        "h200",
        true,
        1,
        2048.0,
        2048.0,
        2_003.0,
        "A: 3.3 70B FP8 H200",
    ),
    (
        "llama-3.1-8b",
        "a100-80gb",
        false,
        1,
        128.0,
        2048.0,
        5_255.99,
        "B: 8B FP16 A100",
    ),
    (
        "llama-3.1-8b",
        "a100-80gb",
        false,
        1,
        2048.0,
        2048.0,
        2_424.16,
        "B: 8B FP16 A100",
    ),
    (
        "llama-3.1-8b",
        "a100-80gb",
        false,
        1,
        2048.0,
        128.0,
        799.61,
        "B: 8B FP16 A100",
    ),
    (
        "llama-3.1-70b",
        "a100-80gb",
        false,
        4,
        2048.0,
        2048.0,
        1_393.64,
        "B: 70B FP16 4xA100",
    ),
    (
        "llama-3.1-70b",
        "a100-80gb",
        false,
        8,
        2048.0,
        2048.0,
        2_553.71,
        "B: 70B FP16 8xA100",
    ),
    (
        "llama-3.1-70b",
        "h100-sxm",
        true,
        4,
        128.0,
        2048.0,
        11_511.93,
        "B: 70B FP8 4xH100",
    ),
    (
        "llama-3.1-70b",
        "h200",
        true,
        4,
        2048.0,
        2048.0,
        7_130.44,
        "B: 70B FP8 4xH200",
    ),
    (
        "mixtral-8x7b",
        "h100-sxm",
        true,
        2,
        128.0,
        2048.0,
        22_830.08,
        "B: Mixtral FP8 2xH100",
    ),
    (
        "mixtral-8x7b",
        "h100-sxm",
        true,
        2,
        2048.0,
        2048.0,
        10_685.85,
        "B: Mixtral FP8 2xH100",
    ),
    (
        "mixtral-8x7b",
        "a100-80gb",
        false,
        2,
        128.0,
        2048.0,
        4_169.78,
        "B: Mixtral FP16 2xA100",
    ),
    (
        "mixtral-8x7b",
        "a100-80gb",
        false,
        2,
        2048.0,
        2048.0,
        2_056.58,
        "B: Mixtral FP16 2xA100",
    ),
];

#[test]
fn max_throughput_runs_within_20_percent() {
    let c = catalog();
    let mut worst = (1.0_f64, "");
    for (model, acc, fp8, tp, input, output, measured, row) in MAX_THROUGHPUT {
        let bytes = if fp8 { 1.0 } else { 2.0 };
        let g = run_group(
            &shape(&c, model),
            &chip(&c, acc, fp8),
            bytes,
            tp,
            Request { input, output },
            None,
        )
        .unwrap_or_else(|| panic!("{row}: does not fit"));
        let ratio = g.output_tokens_per_s / measured;
        assert!(
            (0.8..=1.2).contains(&ratio),
            "{row} {input}/{output}: model {:.0} against {measured} ({ratio:.3})",
            g.output_tokens_per_s
        );
        if (ratio.ln()).abs() > worst.0.ln().abs() {
            worst = (ratio, row);
        }
    }
    // The table in docs/model.md ("Serving") lists every ratio; the worst stays inside the band.
    assert!(worst.0 > 0.8 && worst.0 < 1.2, "{worst:?}");
}

#[test]
fn users_speed_sets_the_batch_as_nim_measured() {
    // [G] Llama 3.3 70B FP8, TP 2 on H100s, 5,000 / 500 tokens: at concurrency 25 each user saw an
    // inter-token latency of 38.75 ms (25.81 tokens/s) and the pair served 623.4 output tokens/s;
    // at 50, 59.73 ms (16.74 tokens/s) and 814.37; at 100, 92.9 ms (10.76 tokens/s) and 917.26.
    // Asked for those speeds, the model batches to about the measured concurrency and serves
    // within 20 % of the throughput.
    let c = catalog();
    let s = shape(&c, "llama-3.1-70b");
    let h = chip(&c, "h100-sxm", true);
    let req = Request {
        input: 5000.0,
        output: 500.0,
    };
    for (itl_ms, concurrency, measured) in [
        (38.75, 25.0, 623.4),
        (59.73, 50.0, 814.37),
        (92.9, 100.0, 917.26),
    ] {
        let g =
            run_group(&s, &h, 1.0, 2, req, Some(1000.0 / itl_ms)).unwrap_or_else(|| panic!("fits"));
        let ratio = g.output_tokens_per_s / measured;
        assert!((0.8..=1.2).contains(&ratio), "{itl_ms} ms: {ratio}");
        assert!(
            (g.batch / concurrency - 1.0).abs() < 0.25,
            "{itl_ms} ms: batch {} for {concurrency} users",
            g.batch
        );
        assert!(g.target_met && g.user_tokens_per_s >= 1000.0 / itl_ms);
    }
}

#[test]
fn one_request_on_eight_h100s_decodes_llama_70b_above_50_tokens_a_second() {
    // An inference engineer's figure (issue 44 review): Llama 70B in bf16, TP 8 on H100s, one
    // request alone decodes well above 50 tokens/s with NVLink all-reduces of 5-20 us. With the
    // all-reduce at 30 us a hop the model said 26; it says 73 now.
    let c = catalog();
    let g = run_group(
        &shape(&c, "llama-3.1-70b"),
        &chip(&c, "h100-sxm", false),
        2.0,
        8,
        Request {
            input: 1536.0,
            output: 512.0,
        },
        Some(50.0),
    )
    .unwrap_or_else(|| panic!("fits"));
    assert!(
        g.one_user_tokens_per_s > 50.0,
        "{}",
        g.one_user_tokens_per_s
    );
    assert!(g.target_met && g.user_tokens_per_s >= 50.0);
}

#[test]
fn a_fixed_batch_or_full_bandwidth_would_fail_these_runs() {
    // The first run by the old model's formula, batch 32 at 3.35 TB/s in full:
    // 32 x 3.35e12 / (8.03e9 + 32 x 1,152 x 65,536) = 10,262 tokens/s, 0.45 of 22,714.
    let kv: f64 = 2.0 * 32.0 * 8.0 * 128.0;
    let old = 32.0 * 3.35e12 / (8.03e9 + 32.0 * 1152.0 * kv);
    assert!((old - 10_262.38).abs() < 1.0, "{old}");
    assert!(old / 22_714.0 < 0.8);
    // And at the memory's whole batch (448) with full bandwidth and no prefill:
    // 448 x 3.35e12 / (8.03e9 + 448 x 1,152 x 65,536) = 35,859, 1.58 times the measurement.
    let full = 448.0 * 3.35e12 / (8.03e9 + 448.0 * 1152.0 * kv);
    assert!(full / 22_714.0 > 1.2, "{}", full / 22_714.0);
}
