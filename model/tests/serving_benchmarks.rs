//! The decode model (DOMAIN.md section 2: tok/s ≈ batch · bandwidth / (weight bytes + batch · KV
//! bytes), capped by compute) against published serving benchmarks (issue 25).
//!
//! Source: NVIDIA TensorRT-LLM, docs/source/performance.md (data "updated for v0.6.1"), static
//! batching at a fixed batch, output tokens/s per GPU, tensor parallel 1:
//!
//! | model | GPU | precision | batch | input / output | measured | model | model / measured |
//! |---|---|---|---|---|---|---|---|
//! | Llama 2 7B | H100 SXM | FP8 | 112 | 128 / 2048 | 6,818 | 9,250 | 1.357 |
//! | Llama 2 7B | H100 SXM | FP8 | 48 | 2048 / 2048 | 2,740 | 3,542 | 1.293 |
//! | Llama 2 7B | A100 80GB | FP16 | 60 | 128 / 2048 | 1,928 | 2,414 | 1.252 |
//!
//! Llama 2 7B (its config.json): 6.74e9 parameters, 32 layers, 32 KV heads (no grouped-query
//! attention) of dimension 128, so 2 · 32 · 32 · 128 = 262,144 KV values a token: 524,288 bytes
//! in 16-bit, 262,144 in FP8. A sequence holds on average its input plus half its output while
//! decoding (128 + 1,024 = 1,152 tokens; 2,048 + 1,024 = 3,072).
//! Worked by hand, first row: weights 6.74e9 B (FP8); KV 1,152 × 262,144 = 3.0199e8 B a sequence,
//! × 112 = 3.3823e10; 3.35e12 B/s / (6.74e9 + 3.3823e10) = 82.59 steps/s × 112 = 9,250 tokens/s.
//! The compute cap, 0.4 × 1,979e12 / (2 × 6.74e9) = 58,724, does not bind.
//!
//! The gap: the model is 25-36 % above the measurements, because it reads the weights and the
//! cache at the datasheet's full memory bandwidth; real kernels reach about 75-80 % of it. The
//! page states its decode throughput as this upper bound (README, "Serving against published
//! benchmarks").

use runway_model::{decode_tokens_per_second, kv_bytes_per_token, Catalog};

const LLAMA2_7B: f64 = 6.74e9;

fn model_tokens_per_s(acc: &str, fp8: bool, batch: f64, input: f64, output: f64) -> f64 {
    let cat = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
    let a = cat.accelerator(acc).unwrap_or_else(|| panic!("{acc}"));
    let bytes = if fp8 { 1.0 } else { 2.0 };
    let peak = if fp8 {
        a.fp8_peak_flops_per_s()
            .unwrap_or_else(|| panic!("{acc} has no FP8 peak"))
    } else {
        a.peak_flops_per_s()
    };
    let kv_token = kv_bytes_per_token(32.0, 32.0, 128.0) * bytes / 2.0;
    let context = input + output / 2.0;
    decode_tokens_per_second(
        LLAMA2_7B,
        bytes * LLAMA2_7B,
        a.bandwidth_tb_s * 1e12,
        peak,
        batch,
        kv_token * context,
        0.4,
    )
}

#[test]
fn decode_model_against_tensorrt_llm_measurements() {
    // (accelerator, fp8, batch, input, output, measured tokens/s per GPU, model by hand)
    let rows = [
        ("h100-sxm", true, 112.0, 128.0, 2048.0, 6818.0, 9249.84),
        ("h100-sxm", true, 48.0, 2048.0, 2048.0, 2740.0, 3542.26),
        ("a100-80gb", false, 60.0, 128.0, 2048.0, 1928.0, 2413.57),
    ];
    for (acc, fp8, batch, input, output, measured, by_hand) in rows {
        let m = model_tokens_per_s(acc, fp8, batch, input, output);
        assert!((m / by_hand - 1.0).abs() < 1e-5, "{acc} {batch}: {m}");
        // An upper bound within 40 % of what was measured (full datasheet bandwidth).
        let ratio = m / measured;
        assert!((1.0..1.4).contains(&ratio), "{acc} {batch}: {ratio}");
    }
}

#[test]
fn fp8_halves_the_bytes_a_decode_step_reads() {
    // Same H100 row in 16-bit: weights 1.348e10 B, KV 6.0398e8 B a sequence x 112 = 6.7646e10:
    // 3.35e12 / 8.1126e10 = 41.29 steps/s x 112 = 4,625 tokens/s, half the FP8 figure.
    let bf16 = model_tokens_per_s("h100-sxm", false, 112.0, 128.0, 2048.0);
    let fp8 = model_tokens_per_s("h100-sxm", true, 112.0, 128.0, 2048.0);
    assert!((bf16 - 4624.92).abs() < 0.1, "{bf16}");
    assert!((fp8 / bf16 - 2.0).abs() < 1e-9);
}

#[test]
fn serving_lines_carry_fp8_and_a_mixtures_total() {
    use runway_model::price_serve;
    use runway_model::Precision;
    use runway_model::{encode_serve, parse_serve};
    let cat = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
    // FP8 rides in the token's ninth field; the price field may stay empty.
    let v = parse_serve("8B:1B:aws:h100-sxm:0:12:on-demand::fp8", 0, &cat)
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(v.precision, Precision::Fp8);
    assert_eq!(encode_serve(&v), "8B:1B:aws:h100-sxm:0:12:on-demand::fp8");
    // Priced on the page, FP8 serves more a GPU: 1-byte weights and cache, and the FP8 peak.
    let base = runway_model::Settings::default();
    let fp8 = price_serve(&v, &base, &cat).capacity_tokens_per_month_per_gpu;
    let bf16 = price_serve(
        &runway_model::Serve {
            precision: Precision::Bf16,
            ..v.clone()
        },
        &base,
        &cat,
    )
    .capacity_tokens_per_month_per_gpu;
    assert!(fp8 > 1.5 * bf16, "{fp8} vs {bf16}");
    // Older tokens read as bf16 and write back unchanged.
    let old = parse_serve("8B:1B:aws:h100-sxm:0:12:on-demand", 0, &cat)
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(old.precision, Precision::Bf16);
    assert_eq!(encode_serve(&old), "8B:1B:aws:h100-sxm:0:12:on-demand");
    // An accelerator without a dense FP8 peak in the catalog is refused, saying which.
    let e = parse_serve("8B:1B:aws:a100-80gb:0:12:on-demand::fp8", 0, &cat).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Serving line 1: the catalog has no dense FP8 peak for the NVIDIA A100 80GB SXM; serve it in bf16, or pick an H100, H200, B200 or MI300X."
    );
    // A mixture of experts decodes reading every weight: DeepSeek-V3 (37B of 671B) in bf16 holds
    // 2 B x 671e9 = 1.342e12 B, at least ceil(1.342e12 / 80e9) = 17 H100s, where a dense 37B
    // fits on one (74 GB plus the cache).
    let moe = parse_serve("37B/671B:1B:aws:h100-sxm", 0, &cat).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!((moe.params, moe.params_total), (37e9, Some(671e9)));
    assert_eq!(
        encode_serve(&moe),
        "37B/671B:1B:aws:h100-sxm:0:12:on-demand"
    );
    let priced = price_serve(&moe, &base, &cat);
    assert!(priced.gpus >= 17, "{}", priced.gpus);
    let dense = runway_model::Serve {
        params_total: None,
        ..moe
    };
    assert!(price_serve(&dense, &base, &cat).gpus < 17);
}
