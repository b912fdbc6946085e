//! Training at scale as NCCL, expert parallelism and published recipes run it (issue 43). Every
//! expected figure is worked by hand below from the formulas of `estimators/parallel.rs` and the
//! catalog's figures, and each test is written so that the earlier model (the all-reduce's two
//! phases added in series, a mixture of experts synchronised as if dense, one 4M-token batch for
//! every run) fails it.

use runway_model::{
    estimate, estimate_overheads, implied_bus_gb_s, layout, recipe_batch_tokens, sync_seconds,
    Catalog, Job, OverheadInputs, SplitReason, WorkloadKind, LINK_EFFICIENCY, NCCL_CHECKS,
    NETWORK_EFFICIENCY,
};

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs()
}

fn catalog() -> Catalog {
    Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn nccl_tests_bus_bandwidth_within_fifteen_percent() {
    // nccl-tests reports bus bandwidth = S / t · 2(n−1)/n for an all-reduce of S bytes. The model
    // streams NVLink and the node's network at once, each at what NCCL moves of its line rate (82 %
    // of NVLink, issue 212; 93 % of a network card, issue 290), so for large messages it comes out
    // at min(0.82 · B_link, 0.93 · B_node):
    // - A100 (NVLink 600 → 300 GB/s a direction, 246 effective), 3 nodes of 8 with 4 × HDR 200 Gb/s
    //   = 100 GB/s a node, 93 effective, 128 MB messages: 91.3 GB/s against 96 peak (84.8 averaged
    //   over sizes; NVIDIA/nccl-tests issue 119).
    // - H100, one node, ring: 369 GB/s against NCCL's 370 (issue 212, nccl issue 2140).
    // - H100, 2 nodes of 8 × 400 Gb/s (372 effective) with NCCL_ALGO=RING: 369 against the
    //   368–384 NVIDIA expects (46–48 GB/s per NDR card, issue 290).
    // Not held to: NCCL's default algorithm, trees and NVLink SHARP (about 470 GB/s on 2 nodes;
    // about 350 on 248 nodes of 8 H200, issue 283), which no ring model reaches. The earlier
    // model added the two phases at line rate: (g−1)/g · V / B_link + (m−1)/m · V / B_node, which
    // on 2 H100 nodes gives 293 GB/s, 20 % under the lowest ring expectation.
    let cat = catalog();
    for c in &NCCL_CHECKS {
        let acc = cat
            .accelerator(c.accelerators[0])
            .unwrap_or_else(|| panic!("{}", c.accelerators[0]));
        let (link, node) = (
            acc.intra_node_gb_s / 2.0 * LINK_EFFICIENCY,
            c.node_gb_s * NETWORK_EFFICIENCY,
        );
        let n = c.nodes.0 * c.gpus_per_node;
        let bus = implied_bus_gb_s(c.message_bytes, n, c.gpus_per_node, link, node);
        let (lo, hi) = c.measured_gb_s;
        assert!(
            bus >= lo * 0.85 && bus <= hi * 1.15,
            "{}: {bus:.1} GB/s against {lo}–{hi} measured",
            c.source
        );
        if c.nodes.0 > 1.0 {
            // The series model at line rate, worked here, misses the H200 check.
            let g = c.gpus_per_node;
            let v = 2.0 * c.message_bytes;
            let line = acc.intra_node_gb_s / 2.0;
            let m = c.nodes.0;
            let series = (g - 1.0) / g * v / (line * 1e9) + (m - 1.0) / m * v / (c.node_gb_s * 1e9);
            let series_bus = c.message_bytes / series * 2.0 * (n - 1.0) / n / 1e9;
            if c.node_gb_s >= 400.0 {
                assert!(series_bus < lo * 0.85, "{series_bus}");
            }
        }
    }
    // By hand, 1,984 GPUs (248 nodes), S = 512 MB: V = 1.024e9, each GPU sends 1983/1984 · V =
    // 1.0234839e9 B; NVLink 1.0234839e9 / 369e9 = 2.773669e-3 s, network 1.0234839e9 / 372e9 =
    // 2.751301e-3 s; the ring moves at NVLink's effective pace, plus 2 · ⌈log₂ 1,984⌉ = 22 hops ×
    // 5 µs = 1.1e-4 s: bus = 1.0234839e9 / 2.883669e-3 = 354.92 GB/s.
    let bus = implied_bus_gb_s(512e6, 1984.0, 8.0, 369.0, 372.0);
    assert!(close(bus, 354.92, 1e-4), "{bus}");
}

#[test]
fn the_slower_phase_sets_the_time_plus_latency() {
    // 2.8e10 B (7B's bf16 gradients all-reduced: V = 2 · 2 · 7e9) on 64 H100 (8 nodes) over
    // 400 GB/s a node: each GPU sends 63/64 · 2.8e10 = 2.75625e10 B; NVLink 2.75625e10 / 450e9 =
    // 0.06125 s; network 2.75625e10 / 400e9 = 0.06890625 s; latency 2 · ⌈log₂ 64⌉ = 12 hops ×
    // 5 µs = 6e-5 s: t = 0.06896625 s. In series (the earlier model): 7/8 · 2.8e10 / 450e9 +
    // 7/8 · 2.8e10 / 400e9 = 0.0544444 + 0.06125 = 0.1156944 s.
    let t = sync_seconds(2.8e10, 64.0, 8.0, 450.0, 400.0);
    assert!(close(t.in_node_s, 0.06125, 1e-9), "{t:?}");
    assert!(close(t.across_s, 0.068_906_25, 1e-9), "{t:?}");
    assert!(close(t.total_s(), 0.068_966_25, 1e-9), "{t:?}");
    assert!(!close(t.total_s(), 0.115_694_4, 0.2));
}

#[test]
fn a_7b_run_on_256_h100_hides_its_all_reduce() {
    // The case: 7B on 256 H100 at AWS (EFA 3,200 Gb/s = 400 GB/s a node, 372 effective), a
    // 0.5M-token step (here 512 sequences of 1,024, so one or more per GPU: pure data parallelism),
    // MFU 0.4, half of communication overlapped.
    // t_comp = 6 · 7e9 · 524,288 / (256 · 989e12 · 0.4) = 2.2020096e16 / 1.012736e17 = 0.2174318 s.
    // V = 2 · 2 · 7e9 = 2.8e10 (ZeRO-2: 14 GB of bf16 weights + 14 B × 7e9 / 256 = 0.38 GB of
    // sharded state + 0.43 GB of activations fit in 80 GB); each GPU sends 255/256 · 2.8e10 =
    // 2.7890625e10 B: NVLink / 369e9 = 0.0755843 s, network / 372e9 = 0.0749748 s, at once;
    // latency: L = ∛(128 · 7e9 / 12) / 128 = 32.8977 layers × 2 · 8 hops × 5 µs = 2.63182e-3 s;
    // t_comm = 0.0782162 s < 0.5 · t_comp = 0.1087159 s: nothing exposed, η = 1.
    // In series the phases took 7/8 · 2.8e10 / 450e9 + 31/32 · 2.8e10 / 400e9 (the earlier model,
    // at line rate) = 0.0544444 + 0.0678125 = 0.1222569 s, exposed 0.013541 s, η = 0.2174318 /
    // 0.2309728 = 0.9414: the test fails that model.
    let cat = catalog();
    let job = Job {
        params: 7e9,
        tokens: 1e12,
        gpus: 256,
        seq_len: 1024.0,
        batch_tokens: Some(524_288.0),
        ..Job::default()
    };
    let e = estimate(&job, &cat).unwrap_or_else(|e| panic!("{e:?}"));
    let o = estimate_overheads(&job, &OverheadInputs::default(), &e, &cat);
    let l = o.sync_time.layout;
    assert_eq!((l.dp, l.tp, l.pp), (256.0, 1.0, 1.0));
    assert!(
        close(o.step_compute_seconds, 0.217_431_8, 1e-6),
        "{}",
        o.step_compute_seconds
    );
    assert!(
        close(o.step_comm_seconds, 0.078_216_2, 1e-5),
        "{}",
        o.step_comm_seconds
    );
    assert_eq!(o.scaling_efficiency, 1.0);
}

#[test]
fn the_default_batch_follows_published_recipes() {
    // Llama 2 7B and 70B: 4M tokens; Llama 3 405B: 16M; GPT-3 XL 1.3B: 1M; GPT-3 Small 125M:
    // 0.5M (sources in `RECIPES`). A fine-tune: 128 sequences (Tülu 3), 128 · 4,096 = 524,288.
    let k = WorkloadKind::Pretrain;
    assert!(close(recipe_batch_tokens(k, 7e9, 4096.0), 4e6, 1e-12));
    assert!(close(recipe_batch_tokens(k, 70e9, 4096.0), 4e6, 1e-12));
    assert!(close(recipe_batch_tokens(k, 405e9, 4096.0), 16e6, 1e-12));
    assert!(close(recipe_batch_tokens(k, 1.3e9, 4096.0), 1e6, 1e-12));
    assert!(close(recipe_batch_tokens(k, 125e6, 4096.0), 0.5e6, 1e-12));
    // Between 70B and 405B, log-log: 200B → exp(ln 4e6 + ln(200/70)/ln(405/70) · ln 4) =
    // 4e6 · 4^(1.0498221/1.7553259) = 4e6 · 4^0.5980752 = 4e6 · 2.2923 = 9.169e6.
    assert!(close(recipe_batch_tokens(k, 200e9, 4096.0), 9.169e6, 1e-3));
    assert_eq!(
        recipe_batch_tokens(WorkloadKind::Lora, 8e9, 4096.0),
        524_288.0
    );

    // On 2,048 H100 the 7B default is at least one 4,096-token sequence a GPU:
    // max(4M, 2,048 · 4,096 = 8,388,608) = 8,388,608 tokens, 2,048 sequences, pure data
    // parallelism (the fixed 4M step gave each GPU half a sequence).
    let cat = catalog();
    let job = Job {
        gpus: 2048,
        ..Job::default()
    };
    let e = estimate(&job, &cat).unwrap_or_else(|e| panic!("{e:?}"));
    let o = estimate_overheads(&job, &OverheadInputs::default(), &e, &cat);
    let l = o.sync_time.layout;
    assert_eq!(l.batch_tokens, 8_388_608.0);
    assert_eq!(
        (l.dp, l.tp, l.pp, l.reason),
        (2048.0, 1.0, 1.0, SplitReason::None)
    );
    assert!(!l.batch_typed);
}

#[test]
fn a_small_typed_batch_takes_tensor_and_pipeline_parallelism_and_its_bubble() {
    // 1M tokens of 4,096-token sequences = 244.14 sequences, 244 whole, on 2,048 H100: each
    // data-parallel rank needs a sequence, so 2,048 / 244 = 8.39 → 9 GPUs share one: tensor
    // parallelism inside the node, 8 (the next power of two, capped by the node), then
    // ⌈9 / 8⌉ = 2 pipeline stages; d = 2,048 / 16 = 128 ranks, 244.14 / 128 = 1.907 micro-batches,
    // bubble (2 − 1) / 1.907 = 0.5243 of the step's compute.
    let cat = catalog();
    let job = Job {
        gpus: 2048,
        batch_tokens: Some(1e6),
        ..Job::default()
    };
    let e = estimate(&job, &cat).unwrap_or_else(|e| panic!("{e:?}"));
    let o = estimate_overheads(&job, &OverheadInputs::default(), &e, &cat);
    let l = o.sync_time.layout;
    assert_eq!(
        (l.dp, l.tp, l.pp, l.reason),
        (128.0, 8.0, 2.0, SplitReason::Batch)
    );
    assert!(close(l.micro_batches, 1e6 / 4096.0 / 128.0, 1e-12));
    assert!(close(l.bubble, 128.0 * 4096.0 / 1e6, 1e-12), "{}", l.bubble);
    // The bubble is billed: η ≤ 1 / (1 + 0.5243) = 0.656.
    assert!(o.scaling_efficiency <= 1.0 / (1.0 + l.bubble) + 1e-12);
    assert!(o.sync_time.tensor.total_s() > 0.0);
    // Tensor parallelism's all-reduces block the layers waiting for them: never hidden by the
    // overlap. What η leaves beyond compute and bubble is at least their time.
    let waited = o.step_compute_seconds / o.scaling_efficiency
        - o.step_compute_seconds
        - o.step_bubble_seconds;
    assert!(waited >= o.sync_time.tensor.total_s() - 1e-12, "{waited}");
    // Exactly: the data-parallel all-reduce beyond half the compute, plus the tensor all-reduces.
    let t = o.sync_time;
    let dp = t.dense.total_s() + t.experts.total_s();
    let exposed = (dp - 0.5 * o.step_compute_seconds).max(0.0) + t.tensor.total_s();
    assert!(close(waited, exposed, 1e-9), "{waited} against {exposed}");
}

/// DeepSeek-V3's pretraining (technical report, arXiv 2412.19437): 37B active of 671B, 14.8T
/// tokens, 2,048 H800 (NVLink 400 GB/s; 8 × 400 Gb/s InfiniBand a node), a batch ramped to
/// 15,360 sequences of 4,096 (62.9M tokens), expert parallelism over 8 nodes with node-limited
/// routing (each token to at most 4 nodes), 2.664M GPU-hours for pretraining (Table 1).
fn deepseek_v3() -> Job {
    Job {
        params: 37e9,
        params_total: Some(671e9),
        tokens: 14.8e12,
        accelerator_id: "h100-sxm".into(),
        // CoreWeave's default network is InfiniBand NDR, one 400 Gb/s card a GPU, as the report's.
        provider_id: "coreweave".into(),
        gpus: 2048,
        mfu: 0.346,
        batch_tokens: Some(15_360.0 * 4_096.0),
        ..Job::default()
    }
}

#[test]
fn deepseek_v3_pretraining_reproduces_with_its_communication() {
    // The catalog's H100 stands in for the H800 (same dense bf16 989 TFLOP/s; the H800's NVLink
    // is 400 GB/s, not 900, which matters little here: the all-to-all is bound by the network).
    // By hand, catalog shape (config.json): E = 256 routed, k = 8, h = 7,168, 58 MoE layers, at
    // most 4 nodes a token.
    // Experts: (671e9 − 37e9) · 256 / 248 = 654.45e9; dense 16.55e9.
    // Expert parallelism: the degree whose weights and ZeRO-2 state fit (2 B × (16.55e9 +
    // 654.45e9 / ep) + 14 B × 671e9 / 2,048 = 4.59 GB + 4.47 GB of activations ≤ 80 GB: ep ≥ 64)
    // and whose step communicates least: ep 64 (8 nodes, the report's own degree) 8.745 s, ep 128
    // 8.86 s, ep 256 8.91 s.
    // t_comp = 6 · 37e9 · 62,914,560 / (2,048 · 989e12 · 0.346) = 19.93 s.
    // All-to-all: 30,720 tokens a GPU; remote copies min(8 · 56/64 = 7, 4 · (1 − 8/64) = 3.5) =
    // 3.5; 4 · 30,720 · 7,168 · 2 B · 58 layers = 1.0218e11 B a copy, × 3.5 over the GPU's
    // 46.5 GB/s (50 × 0.93) = 7.690 s; NVLink copies 8 · 7/64 = 0.875: 0.242 s.
    // Dense all-reduce: V = 2 · 2 · 16.55e9 = 66.2 GB, 0.179 s; experts: V = 2 · 2 · 654.45e9 / 64
    // = 40.9 GB with 32 replicas on other nodes, each GPU on its own card: 31/32 · 40.9 / 46.5 =
    // 0.852 s. t_comm = 8.745 s.
    // The report hides the all-to-all behind compute with DualPipe ("nearly full overlap", §3.2.1):
    // all_to_all_overlap 1. Then 2.667M GPU-hours with communication, +0.1 % of the 2.664M
    // published (tolerance 2 %). In a standard stack (all_to_all_overlap 0, the page's default)
    // the all-to-all is exposed: η = 19.93 / 27.64 = 0.721, 3.70M GPU-hours (+39 %).
    // What this checks, and what it cannot: the communication by hand; the expert-parallel degree
    // the rule picks (64, as the report's, though the report also runs 16 pipeline stages, which
    // the rule does not need here); and that the published hours are reached only with the
    // report's overlap. The MFU comes from the published hours, so with the all-to-all hidden
    // the match holds by construction: it is a consistency check, not an independent
    // reproduction. The model's all-to-all is 0.39 of bf16 compute, where the report puts
    // cross-node expert parallelism near 1:1 for its FP8 compute: about half the report's. On
    // H800's 400 GB/s NVLink (164 effective) the dense all-reduce would be NVLink-bound, 0.40 s
    // instead of 0.18 s: 8.97 s of communication, the same standard-stack η (docs/model.md).
    let cat = catalog();
    let job = deepseek_v3();
    let e = estimate(&job, &cat).unwrap_or_else(|e| panic!("{e:?}"));
    let dualpipe = OverheadInputs {
        a2a_overlap: 1.0,
        ..OverheadInputs::default()
    };
    let o = estimate_overheads(&job, &dualpipe, &e, &cat);
    let m = o.moe.unwrap_or_else(|| panic!("DeepSeek-V3 is a mixture"));
    assert_eq!((m.experts, m.top_k, m.moe_layers), (256.0, 8.0, 58.0));
    assert!(
        close(m.expert_params, 654.45e9, 1e-3),
        "{}",
        m.expert_params
    );
    let l = o.sync_time.layout;
    assert_eq!((l.ep, l.dp, l.tp, l.pp), (64.0, 2048.0, 1.0, 1.0));
    assert!(
        close(o.step_compute_seconds, 19.93, 2e-3),
        "{}",
        o.step_compute_seconds
    );
    let a2a = o.sync_time.all_to_all;
    assert!(close(a2a.across_s, 7.690, 1e-3), "{a2a:?}");
    assert!(close(o.sync_time.experts.across_s, 0.852, 1e-3));
    assert!(
        close(o.step_comm_seconds, 8.745, 1e-3),
        "{}",
        o.step_comm_seconds
    );
    let published = 2.664e6;
    let gap = o.effective_gpu_hours / published - 1.0;
    assert!(
        gap.abs() <= 0.02,
        "{} GPU-hours ({:+.2} %)",
        o.effective_gpu_hours,
        gap * 100.0
    );
    // Without DualPipe the all-to-all is on the critical path.
    let standard = estimate_overheads(&job, &OverheadInputs::default(), &e, &cat);
    assert!(close(
        standard.scaling_efficiency,
        19.93 / (19.93 + 7.705),
        2e-3
    ));
    assert!(standard.effective_gpu_hours > 1.35 * published);
    // Synchronised as if dense (the earlier model), all 671B: V = 2 · 2 · 671e9 = 2.68e12 B a
    // step on every GPU; here each GPU all-reduces 66.2 GB of dense and 40.9 GB of its experts.
    let synced = o.sync_time.dense_bytes + o.sync_time.expert_bytes / l.ep;
    assert!(synced < 0.05 * 2.0 * 2.0 * 671e9, "{synced}");
}

#[test]
fn the_layout_splits_a_sequence_by_memory_or_by_batch_and_says_which() {
    // layout(batch, recipe, sequence, GPUs, GPUs a node, memory, sharded state, activations).
    // 512 GPUs, one sequence's 79 GB of activations beside 1.01 GB of state: 80.01 GB, over 80,
    // so each sequence is split: room 80 - 1.01 = 78.99 GB, 79 / 78.99 rounded up to a power of
    // two = 2. The default batch stays the recipe's 4M: one sequence per pair of GPUs is only
    // 256 x 4,096 = 1.05M tokens. 976.6 sequences for 512 GPUs need no split of their own, so
    // the split is memory's: tp 2, pp 1, 256 ranks, 3.81 sequences each.
    let l = layout(None, 4e6, 4096.0, 512.0, 8.0, 80.0, 1.01, 79.0);
    assert_eq!(
        (l.default_tokens, l.batch_tokens, l.tp, l.pp, l.dp, l.reason),
        (4e6, 4e6, 2.0, 1.0, 256.0, SplitReason::Memory)
    );
    assert!(close(l.micro_batches, 4e6 / 4096.0 / 256.0, 1e-12));
    // 16 sequences a step on 1,024 GPUs with room to spare: 64 GPUs share each sequence, 8
    // tensor-parallel in the node times 8 pipeline stages, for the batch's sake; 16 ranks of one
    // micro-batch each, so the bubble is (8 - 1) / 1 = 7 steps' compute.
    let l = layout(Some(65_536.0), 16e6, 4096.0, 1024.0, 8.0, 80.0, 10.0, 5.0);
    assert_eq!(
        (l.tp, l.pp, l.dp, l.micro_batches, l.bubble, l.reason),
        (8.0, 8.0, 16.0, 1.0, 7.0, SplitReason::Batch)
    );
}

#[test]
fn a_mixture_takes_a_catalog_models_shape_only_when_both_its_sizes_match() {
    // Mixtral 8x7B's sizes (46.7B total, 12.9B active) are its catalog entry: 8 experts, 2 per
    // token. 70.6B total with 12B active is no catalog mixture, though 70.6B is dense Llama 3.1
    // 70B's size: the defaults, 128 experts and 8 per token, not the dense model's one expert.
    // A total equal to the active count is a dense model: no mixture at all.
    let cat = catalog();
    let mixture = |active: f64, total: f64, top_k: Option<f64>| {
        let job = Job {
            params: active,
            params_total: Some(total),
            moe_top_k: top_k,
            ..Job::default()
        };
        let e = estimate(&job, &cat).unwrap_or_else(|e| panic!("{e:?}"));
        estimate_overheads(&job, &OverheadInputs::default(), &e, &cat).moe
    };
    let moe =
        |active, total| mixture(active, total, None).map(|m| (m.from_catalog, m.experts, m.top_k));
    assert_eq!(moe(12.9e9, 46.7e9), Some((true, 8.0, 2.0)));
    assert_eq!(moe(12e9, 70.6e9), Some((false, 128.0, 8.0)));
    assert_eq!(moe(7e9, 7e9), None);
    // 70B active of 70.6B: both sizes within 2 % of dense Llama 3.1 70B's, but a dense model has
    // one expert, so it is no mixture's shape: the defaults again.
    assert_eq!(moe(70e9, 70.6e9), Some((false, 128.0, 8.0)));
    // Mixtral's sizes with a typed top-k: the typed 1 of the catalog's 8, not the catalog's shape.
    assert_eq!(
        mixture(12.9e9, 46.7e9, Some(1.0)).map(|m| (m.from_catalog, m.experts, m.top_k)),
        Some((false, 8.0, 1.0))
    );
    // Only DeepSeek-V3 limits the nodes a token is routed to (4); Mixtral has no limit.
    let limit = |active, total| mixture(active, total, None).and_then(|m| m.max_nodes_per_token);
    assert_eq!(
        (limit(37e9, 671e9), limit(12.9e9, 46.7e9)),
        (Some(4.0), None)
    );
}

#[test]
fn a_typed_mixture_uses_expert_parallelism_inside_the_node() {
    // The research lead: 16B active of 100B on 256 H100 at CoreWeave, default batch (4M
    // tokens, 15,625 a GPU). No catalog model of that shape: E = 128, k = 8 (defaults). Experts
    // (100 − 16) · 128 / 120 = 89.6e9, dense 10.4e9. ZeRO-2 holds 2 B × (10.4e9 + 89.6e9 / ep) +
    // 14 B × 100e9 / 256 = 5.47 GB, + 2.74 GB of activations: ep 1 and 2 do not fit in 80 GB,
    // ep 4 does (73.8 GB). Step communication: ep 4, 1.559 s (dense 0.116, experts 0.951, the
    // all-to-all inside the node 0.492); ep 8, 1.627 s; ep 16, 3.16 s (half the all-to-all over
    // InfiniBand). So ep 4: each GPU synchronises its shard, dense V = 2 · 2 · 10.4e9 = 41.6 GB
    // and experts 2 · 2 · 89.6e9 / 4 = 89.6 GB, not the 400 GB (2 · 2 · 100e9) of an all-reduce
    // of every parameter; the all-to-all (4 · 15,625 · 5,547.6 · 2 B · 43.34 layers × 6 copies
    // in the node / 369 GB/s = 0.489 s) stays on NVLink.
    let cat = catalog();
    let job = Job {
        params: 16e9,
        params_total: Some(100e9),
        tokens: 1e12,
        provider_id: "coreweave".into(),
        gpus: 256,
        ..Job::default()
    };
    let e = estimate(&job, &cat).unwrap_or_else(|e| panic!("{e:?}"));
    let o = estimate_overheads(&job, &OverheadInputs::default(), &e, &cat);
    let m = o.moe.unwrap_or_else(|| panic!("a mixture"));
    assert!(close(m.expert_params, 89.6e9, 1e-9));
    assert_eq!(o.sync_time.layout.ep, 4.0);
    assert!(
        close(o.sync_time.dense_bytes, 41.6e9, 1e-9),
        "{}",
        o.sync_time.dense_bytes
    );
    assert!(close(o.sync_time.expert_bytes / 4.0, 89.6e9, 1e-9));
    assert!(close(o.sync_time.all_to_all.in_node_s, 0.4886, 1e-3));
    assert_eq!(o.sync_time.all_to_all.across_s, 0.0);
    assert!(
        close(o.step_comm_seconds, 1.5588, 1e-3),
        "{}",
        o.step_comm_seconds
    );
    // Typing the expert count changes it: 64 experts, 4 a token: (100 − 16) · 64 / 60 = 89.6e9 as
    // well; k = 4 halves the all-to-all.
    let typed = Job {
        moe_experts: Some(64.0),
        moe_top_k: Some(4.0),
        ..job
    };
    let e = estimate(&typed, &cat).unwrap_or_else(|e| panic!("{e:?}"));
    let t = estimate_overheads(&typed, &OverheadInputs::default(), &e, &cat);
    let tm = t.moe.unwrap_or_else(|| panic!("a mixture"));
    assert_eq!((tm.experts, tm.top_k), (64.0, 4.0));
    assert!(close(
        t.sync_time.all_to_all.in_node_s,
        o.sync_time.all_to_all.in_node_s / 2.0,
        1e-9
    ));
}

#[test]
fn the_gpu_sweep_offers_only_counts_that_hold_the_model_and_finish_within_a_year() {
    // 70B pretrained on 2T tokens on H100 at AWS: 6 · 70e9 · 2e12 / (989e12 · 0.4) / 3600 =
    // 589,821 GPU-hours of work. Memory: 16 B × 70e9 = 1,120 GB of state plus one sequence's
    // activations (7.4 GB) in 80 GB: at least 16 GPUs. Time: on 16 GPUs 589,821 / 16 / 24 = 1,536
    // days, on 256 about 100 days with failures, on 512 about 50. So 1 and 8 GPUs (cannot hold
    // it), 16 and 256 (over 90 days) are no choice: the sweep leaves them out, and its cheapest is
    // a count one can run. The earlier sweep called 1 GPU cheapest for a model that needs 21
    // (communication and failures grow with the count, so fewer GPUs always looked cheaper).
    let cat = catalog();
    let job = Job {
        params: 70e9,
        gpus: 256,
        ..Job::default()
    };
    let k = OverheadInputs::default();
    let e = estimate(&job, &cat).unwrap_or_else(|e| panic!("{e:?}"));
    let o = estimate_overheads(&job, &k, &e, &cat);
    assert_eq!(o.min_gpus, Some(16));
    let net = o.network.unwrap_or_else(|| panic!("a network"));
    let pts =
        runway_model::cost_vs_gpus(&job, &k, &e, &o, &cat, net, &[1.0, 8.0, 16.0, 256.0, 512.0]);
    assert_eq!(pts[0].1, None);
    assert_eq!(pts[1].1, None);
    assert_eq!(pts[2].1, None, "1,536 days");
    assert_eq!(pts[3].1, None, "about 100 days");
    assert!(pts[4].1.is_some());
}

#[test]
fn the_provider_chart_ranks_on_the_whole_cost() {
    // 7B on 1,024 H100: at providers whose instances have only 25 Gb/s Ethernet a card (Lambda's
    // on-demand, RunPod) communication is most of the bill (η ≈ 0.32, see the hidden-costs tests),
    // so a cheaper list price does not make them cheaper in all. Ranked on the whole cost, every
    // bar holds compute + communication + failures + storage + egress, in order.
    let cat = catalog();
    let job = Job {
        gpus: 1024,
        ..Job::default()
    };
    let ranked = runway_model::whole_cost_by_provider(&job, &OverheadInputs::default(), &cat);
    assert!(ranked.len() >= 5, "{ranked:?}");
    let totals: Vec<f64> = ranked
        .iter()
        .map(|r| r.3.unwrap_or(f64::INFINITY))
        .collect();
    assert!(totals.windows(2).all(|w| w[0] <= w[1]), "{ranked:?}");
    for r in &ranked {
        assert!(r.3.is_none_or(|t| t >= r.2), "{r:?}");
    }
    // Lambda's list price is below CoreWeave's, yet CoreWeave (InfiniBand) costs less in all.
    let at = |id: &str| {
        ranked
            .iter()
            .position(|r| r.0 == id)
            .unwrap_or_else(|| panic!("{id}"))
    };
    let compute = |id: &str| ranked[at(id)].2;
    assert!(compute("lambda") < compute("coreweave"), "{ranked:?}");
    assert!(at("coreweave") < at("lambda"), "{ranked:?}");
}

#[test]
fn on_spot_no_figure_before_the_hidden_costs_exceeds_the_total() {
    // The default 7B run at AWS on spot: the estimate billed is at the list price less AWS's spot
    // discount (the catalog's 0.6): compute $6.88 × 0.4 a GPU-hour; the hidden costs add to it.
    // Before, "compute cost, before hidden costs" stayed at the on-demand $6.88 and came out
    // above the total with them.
    let cat = catalog();
    let job = Job::default();
    let k = OverheadInputs {
        spot: true,
        ..OverheadInputs::default()
    };
    let e = runway_model::estimate_billed(&job, true, &cat).unwrap_or_else(|e| panic!("{e:?}"));
    let list = estimate(&job, &cat).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(close(
        e.compute_cost_usd,
        list.compute_cost_usd * 0.4,
        1e-12
    ));
    let o = estimate_overheads(&job, &k, &e, &cat);
    assert!(o.spot_applied);
    assert!(close(o.compute_usd, e.compute_cost_usd, 1e-12));
    let total = o.total_usd().unwrap_or(f64::NAN);
    assert!(
        e.compute_cost_usd <= total,
        "{} > {total}",
        e.compute_cost_usd
    );
    // Spot off: the break-even is not offered as an answer.
    let off = estimate_overheads(&job, &OverheadInputs::default(), &list, &cat);
    assert_eq!(
        runway_model::HiddenOutput::SpotBreakevenGpus.value(&off),
        None
    );
    assert!(runway_model::HiddenOutput::SpotBreakevenGpus
        .value(&o)
        .is_some());
}

#[test]
fn every_comparison_column_added_from_a_mixture_job_costs_what_its_column_said() {
    // The bug: with a 16B/100B job open, "Add to plan as a job" on a 7B pretraining column
    // made a 7B/100B job ($778K instead of $363K). Each column becomes a dense job of its own
    // size, and the plan bills it what the column showed (both with communication and failures).
    let cat = catalog();
    let moe = Job {
        params: 16e9,
        params_total: Some(100e9),
        moe_experts: Some(64.0),
        batch_tokens: Some(16e6),
        provider_id: "coreweave".into(),
        gpus: 256,
        ..Job::default()
    };
    let link = "grant=aws-activate:100K:0:0:730";
    let plan = runway_model::decode_link(link, &cat).plan;
    let outcome = runway_model::evaluate(&plan, &cat);
    let e = estimate(&moe, &cat).unwrap_or_else(|e| panic!("{e:?}"));
    for col in runway_model::train_vs_finetune() {
        let Some(job) = col.to_job(&moe) else {
            continue;
        };
        assert_eq!(job.params, col.params);
        assert_eq!(job.params_total, None);
        assert_eq!((job.moe_experts, job.batch_tokens), (None, None));
        let shown = runway_model::price_column(
            &col,
            &moe,
            &plan.settings.billing,
            &plan.settings.overheads,
            &e,
            &outcome,
            None,
            &cat,
        );
        let added = runway_model::price_job(&job, &plan.settings, &cat);
        assert!(
            close(added.cost_usd, shown.cost_usd, 1e-9),
            "{}: plan {} against column {}",
            col.title(),
            added.cost_usd,
            shown.cost_usd
        );
    }
}

#[test]
fn a_tpu_job_beyond_one_slice_crosses_the_data_centre_network() {
    // 7B on 512 TPU v6e at Google Cloud: two 256-chip slices (the catalog's `slice_gpus`). Inside
    // a slice the chips' ICI, 800 GB/s a chip both ways (Google's v6e page), 400 one way, 328 as
    // collectives move it (× 0.82); between slices the data-centre network, 12.5 GB/s a chip (the
    // scaling guide), 256 × 12.5 = 3,200 GB/s a slice, 2,976 effective. Default batch: max(4M, 512
    // × 4,096 = 2.1M) = 4M, 976 sequences: 512 data-parallel ranks, ZeRO-2 (14 GB of weights + 0.19
    // GB of sharded state + 1.72 GB of activations in 32 GB), V = 2.8e10 B. A multislice
    // all-reduce runs in stages: reduce-scatter and all-gather in each slice, 255/256 · 2.8e10 /
    // 328e9 = 0.0850324 s, then each chip's shard across the 2 slices, 1/2 · 2.8e10 / 2,976e9 =
    // 0.0047043 s, one after the other. Before, a job beyond one slice stayed on the ICI figure as
    // if the pod were one slice.
    let cat = catalog();
    let job = Job {
        provider_id: "gcp".into(),
        accelerator_id: "tpu-v6e".into(),
        gpus: 512,
        ..Job::default()
    };
    let e = estimate(&job, &cat).unwrap_or_else(|e| panic!("{e:?}"));
    let o = estimate_overheads(&job, &OverheadInputs::default(), &e, &cat);
    assert_eq!(o.across_slices, Some((256.0, 3_200.0 * 0.93)));
    let d = o.sync_time.dense;
    assert!(d.staged);
    assert!(close(d.in_node_s, 0.085_032_4, 1e-6), "{d:?}");
    assert!(close(d.across_s, 0.004_704_3, 1e-5), "{d:?}");
    assert!(close(
        d.total_s(),
        d.in_node_s + d.across_s + d.latency_s,
        1e-12
    ));
    // One slice (256 chips): hosts of 8 on the ICI, no data-centre network.
    let one = Job { gpus: 256, ..job };
    let e = estimate(&one, &cat).unwrap_or_else(|e| panic!("{e:?}"));
    let o = estimate_overheads(&one, &OverheadInputs::default(), &e, &cat);
    assert_eq!(o.across_slices, None);
}

#[test]
fn modal_preempts_list_priced_work_and_caps_its_clusters() {
    // Modal preempts GPU functions at its list price (its docs; no rate published: the catalog's
    // estimate, 29,200 GPU-hours between preemptions a GPU): combined with the hardware's 50,677
    // (Llama 3), 1 / (1/50,677 + 1/29,200) = 18,525 GPU-hours. Its clusters stop at 256 H100
    // (32 nodes of 8, RDMA 3,200 Gb/s a node): 512 GPUs there is flagged in the answers.
    let cat = catalog();
    let job = Job {
        provider_id: "modal".into(),
        gpus: 256,
        ..Job::default()
    };
    let e = estimate(&job, &cat).unwrap_or_else(|e| panic!("{e:?}"));
    let o = estimate_overheads(&job, &OverheadInputs::default(), &e, &cat);
    assert_eq!(o.preemption_mtbf_gpu_hours, Some(29_200.0));
    let hw = OverheadInputs::default().mtbf_gpu_hours;
    assert!(close(
        o.effective_mtbf_gpu_hours,
        1.0 / (1.0 / hw + 1.0 / 29_200.0),
        1e-12
    ));
    assert_eq!(o.network.map(|n| n.id.as_ref()), Some("modal-rdma-3200"));
    assert_eq!(o.max_gpus, Some(256));
    let link = "job=pretrain:7B:2T:modal:h100-sxm:512";
    let plan = runway_model::decode_link(link, &cat).plan;
    let w = runway_model::evaluate(&plan, &cat).warnings;
    assert!(
        w.iter().any(|w| w.text.contains("Modal rents at most 256")),
        "{:?}",
        w.iter().map(|w| &w.text).collect::<Vec<_>>()
    );
}

#[test]
fn a_run_bound_by_its_network_says_so() {
    // The reviewer's Lambda case: 16B of 100B on 256 H100 over Lambda's 25 Gb/s Ethernet a card
    // (23.25 GB/s a node, effective). Whichever expert-parallel degree fits, each expert shard's
    // all-reduce with its replicas crosses that network: degree 8, 31/32 · 44.8e9 · 8 / 23.25e9 =
    // 14.9 s a step (degree 4, 15.2 s) against 3.8 s of compute (1.9 s of it overlapped): about
    // 80 % of the GPU time waits. The answers say so; at CoreWeave (InfiniBand) they do not.
    let cat = catalog();
    let warned = |provider: &str| {
        let link = format!("job=pretrain:16B/100B:2T:{provider}:h100-sxm:256");
        let plan = runway_model::decode_link(&link, &cat).plan;
        runway_model::evaluate(&plan, &cat)
            .warnings
            .into_iter()
            .find(|w| w.text.contains("waits for communication"))
            .map(|w| w.text)
    };
    let lambda = warned("lambda").unwrap_or_else(|| panic!("no warning at Lambda"));
    assert!(lambda.starts_with("Job 1: 80."), "{lambda}");
    assert!(lambda.contains("Ethernet"), "{lambda}");
    assert_eq!(warned("coreweave"), None);
}

#[test]
fn a_comparison_column_can_be_a_mixture_of_experts() {
    // The founder's review: a column refused "16B/100B" and added a dense 16B job. A column reads
    // active/total as a job does, writes it back, and becomes a mixture job costing what it said.
    let cat = catalog();
    let col = runway_model::parse_column("pretrain:16B/100B:1T", 0)
        .unwrap_or_else(|e| panic!("{}", e.message()));
    assert_eq!((col.params, col.params_total), (16e9, Some(100e9)));
    assert_eq!(
        runway_model::encode_column(&col),
        "pretrain:16B/100B:1T:1:1"
    );
    let editor = Job {
        provider_id: "coreweave".into(),
        gpus: 256,
        ..Job::default()
    };
    let job = col
        .to_job(&editor)
        .unwrap_or_else(|| panic!("a training column"));
    assert_eq!(job.params_total, Some(100e9));
    let plan = runway_model::decode_link("grant=aws-activate:100K:0:0:730", &cat).plan;
    let outcome = runway_model::evaluate(&plan, &cat);
    let e = estimate(&editor, &cat).unwrap_or_else(|e| panic!("{e:?}"));
    let shown = runway_model::price_column(
        &col,
        &editor,
        &plan.settings.billing,
        &plan.settings.overheads,
        &e,
        &outcome,
        None,
        &cat,
    );
    let added = runway_model::price_job(&job, &plan.settings, &cat);
    assert!(close(added.cost_usd, shown.cost_usd, 1e-9));
    // Its FLOPs use the 16B active: 6 · 16e9 · 1e12 / (989e12 · 0.4) / 3600 = 67,408 GPU-h of work.
    assert!(close(
        shown.ideal_gpu_hours,
        6.0 * 16e9 * 1e12 / (989e12 * 0.4) / 3600.0,
        1e-9
    ));
}

#[test]
fn the_measured_figure_is_shown_only_on_the_fabric_it_was_measured_on() {
    // The reviewer's finding: an A100 on 8 × HDR 200 (200 GB/s a node) was shown beside a
    // measurement on 4 × HDR 200 (100 GB/s); an EFA run beside InfiniBand; a tensor-parallel run
    // beside a pure data-parallel ring.
    use runway_model::nccl_check;
    assert!(nccl_check("a100-80gb", "ib-hdr-200", 100.0, 3.0, 1.0).is_some());
    assert!(nccl_check("a100-80gb", "ib-hdr-200", 200.0, 3.0, 1.0).is_none());
    assert!(nccl_check("h100-sxm", "aws-efa-3200", 400.0, 2.0, 1.0).is_none());
    assert!(nccl_check("h100-sxm", "ib-ndr-400", 400.0, 32.0, 1.0).is_some());
    assert!(nccl_check("h100-sxm", "ib-ndr-400", 400.0, 32.0, 8.0).is_none());
    assert!(nccl_check("h100-sxm", "", 400.0, 1.0, 1.0).is_some());
}
