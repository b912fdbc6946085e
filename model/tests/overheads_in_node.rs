//! The in-node branch of the data-parallel scaling efficiency (docs/model.md, "Hidden costs";
//! `overheads.rs`): on at most 8 GPUs (one node) the gradient all-reduce runs over the
//! accelerator's own link, not the inter-node network. Worked by hand from the formula:
//!
//!   V                       = 2 · S = 2 · 2N bytes   (bf16 gradients; ZeRO-1/2 while they fit)
//!   t_comm (one node)       = (n − 1)/n · V / B_link + latency
//!   t_comm (m nodes of g)   = max((n − 1)/n · V / B_link, (n − 1)/n · V / B_node) + latency
//!                             (NCCL's ring: NVLink and network hops stream at once)
//!   latency                 = L · 2⌈log₂ n⌉ · 5 µs (one all-reduce a layer, L layers)
//!   t_comp                  = 6 · N · B / (n · P_peak · MFU), B tokens a step
//!   exposed                 = max(0, t_comm − overlap · t_comp)
//!   η                       = t_comp / (t_comp + exposed)
//!
//! Catalog figures used (data/accelerators.json, data/networks.json, data/providers.json):
//! - H100 SXM: `dense_bf16_tflops` 989 (P_peak = 989e12 FLOP/s), `intra_node_gb_s` 900
//!   ("NVIDIA H100 datasheet: NVLink 4 900 GB/s").
//! - AWS offers `aws-efa-3200` first (then `eth-100`); `aws-efa-3200` is 400 GB/s per node
//!   ("AWS p5.48xlarge: 3,200 Gbps EFA per 8 H100s").
//!
//! Per-GPU bandwidth inside a node: NVLink's 900 GB/s is the bidirectional total (the catalog's
//! PCIe entries say "bidirectional" explicitly; NVLink 4 is 450 GB/s each way). A ring all-reduce
//! sends its bytes in one direction while receiving in the other, so the line rate is half the
//! figure, 450 GB/s, of which NCCL moves 82 % (370 GB/s effective, NVIDIA/nccl-tests issue 212):
//! 450 × 0.82 = 369 GB/s (`OverheadEstimate::link_gb_s`). A network card likewise carries 93 % of
//! its line rate (46–48 of 50 GB/s per NDR card, nccl-tests issue 290): EFA's 400 GB/s a p5 node
//! is 372 GB/s.

use runway_model::{estimate, estimate_overheads, Catalog, Job, OverheadInputs};

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs()
}

/// 1B parameters on `gpus` H100 SXM at AWS, MFU 0.5, 4,096 tokens a step (16 sequences of 256:
/// a small batch, so that communication is not hidden, yet at least one sequence per GPU, so pure
/// data parallelism), half of the communication overlapped.
fn scenario(gpus: u32) -> Job {
    Job {
        params: 1e9,
        tokens: 2e10,
        accelerator_id: "h100-sxm".into(),
        gpus,
        mfu: 0.5,
        provider_id: "aws".into(),
        seq_len: 256.0,
        batch_tokens: Some(4096.0),
        ..Job::default()
    }
}

/// The knobs of [`scenario`]'s run.
fn knobs() -> OverheadInputs {
    OverheadInputs {
        overlap: 0.5,
        ..OverheadInputs::default()
    }
}

/// Layers of a dense 1B model with no catalog shape: h = ∛(128 · 1e9 / 12) = 2,201.2848, L = h /
/// 128 = 17.197538 (`transformer_shape`).
const LAYERS_1B: f64 = 17.197_538;

#[test]
fn eight_gpus_all_reduce_over_nvlink_by_hand() {
    let cat = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
    let s = scenario(8);
    let e = estimate(&s, &cat).unwrap_or_else(|e| panic!("{e:?}"));
    let o = estimate_overheads(&s, &knobs(), &e, &cat);

    // n = 8, N = 1e9:
    // bytes  = 2 · 7/8 · 2 · 1e9 = 3.5e9 B.
    // wire   = 3.5e9 B / 369e9 B/s = 9.485095e-3 s.
    // latency = 17.197538 layers × 2 · ⌈log₂ 8⌉ = 6 hops × 5e-6 s = 5.159261e-4 s.
    // t_comm = 0.010001021 s.
    // t_comp = 6 · 1e9 · 4096 / (8 · 989e12 · 0.5) = 2.4576e13 / 3.956e15 = 6.212336e-3 s.
    // exposed = 0.010001021 − 0.5 · 6.212336e-3 = 0.010001021 − 3.106168e-3 = 6.894853e-3 s.
    // η = 6.212336e-3 / (6.212336e-3 + 6.894853e-3) = 6.212336 / 13.107189 = 0.473964.
    let latency = LAYERS_1B * 6.0 * 5e-6;
    assert!(close(latency, 5.159261e-4, 1e-6), "{latency}");
    assert_eq!(o.network.map(|n| n.id.as_ref()), Some("aws-efa-3200"));
    assert!(close(o.link_gb_s, 369.0, 1e-12), "{}", o.link_gb_s);
    assert_eq!(o.sync_time.nodes, 1.0);
    assert!(
        close(o.step_comm_seconds, 0.010_001_021, 1e-6),
        "{}",
        o.step_comm_seconds
    );
    assert!(
        close(o.step_compute_seconds, 6.212336e-3, 1e-6),
        "{}",
        o.step_compute_seconds
    );
    assert!(
        close(o.scaling_efficiency, 0.473964, 1e-5),
        "{}",
        o.scaling_efficiency
    );

    // Had a GPU's share of the inter-node network carried it (EFA, 50 GB/s per GPU):
    // t_comm = 3.5e9 / 50e9 = 0.07 s; exposed = 0.07 − 3.106168e-3 = 0.066894 s;
    // η = 6.212336e-3 / (6.212336e-3 + 0.066894) = 0.084977. The model must not give that.
    assert!(
        !close(o.scaling_efficiency, 0.084977, 1e-2),
        "{}",
        o.scaling_efficiency
    );
    // Nor the un-halved link (900 GB/s): t_comm = 3.888889e-3 s, exposed = 0.782721e-3 s,
    // η = 6.212336 / 6.995057 = 0.888104.
    assert!(
        !close(o.scaling_efficiency, 0.888104, 1e-2),
        "{}",
        o.scaling_efficiency
    );
    // η < 1, so the branch changes the bill: H / η GPU-hours with communication.
    assert!(o.scaling_efficiency < 1.0);
    assert!(close(o.effective_gpu_hours, e.gpu_hours / 0.473964, 1e-5));
}

#[test]
fn nine_gpus_span_two_nodes_and_use_the_network_by_hand() {
    // One GPU past a node (8 per node): two nodes, the hierarchical all-reduce.
    let cat = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
    let s = scenario(9);
    let e = estimate(&s, &cat).unwrap_or_else(|e| panic!("{e:?}"));
    let o = estimate_overheads(&s, &knobs(), &e, &cat);
    // n = 9, g = 8, m = 2, V = 2 · 2e9 = 4e9 B, each GPU sending 8/9 · 4e9 = 3.555556e9 B:
    // over NVLink 3.555556e9 / 369e9 = 9.635652e-3 s; over the node's network (EFA, 3,200 Gb/s
    // per node = 400 GB/s, 372 effective) 3.555556e9 / 372e9 = 9.557945e-3 s. Pipelined, the
    // slower sets the pace: 9.635652e-3 s. Latency: 17.197538 × 2 · ⌈log₂ 9⌉ = 8 hops × 5e-6 =
    // 6.879015e-4 s. t_comm = 0.010323553 s.
    // t_comp = 2.4576e13 / (9 · 989e12 · 0.5) = 2.4576e13 / 4.4505e15 = 5.522076e-3 s.
    // exposed = 0.010323553 − 2.761038e-3 = 7.562515e-3 s;
    // η = 5.522076e-3 / (5.522076e-3 + 7.562515e-3) = 0.422029.
    // Adding the two phases in series (the earlier model: 7/8 · 4e9 / 450e9 + 1/2 · 4e9 / 400e9
    // = 0.0127778 s) gave η = 0.355373: this test fails it.
    assert_eq!(o.sync_time.nodes, 2.0);
    assert!(close(o.node_gb_s, 372.0, 1e-12), "{}", o.node_gb_s);
    assert!(
        close(o.step_comm_seconds, 0.010_323_553, 1e-6),
        "{}",
        o.step_comm_seconds
    );
    assert!(
        close(o.scaling_efficiency, 0.422029, 1e-5),
        "{}",
        o.scaling_efficiency
    );
    assert!(!close(o.scaling_efficiency, 0.355373, 1e-2));
    // The flat model (the whole ring volume over one GPU's 50 GB/s share) gave η = 0.0747518.
    assert!(!close(o.scaling_efficiency, 0.0747518, 1e-1));
}
