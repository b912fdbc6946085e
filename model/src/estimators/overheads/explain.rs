//! The hidden-cost results the page shows: stable test ids, headlines and "show the math" with the
//! sources of every catalog figure, like [`crate::estimators::explain::Output`] does for the base estimate.

use super::{OverheadEstimate, LLAMA3_MTBF_GPU_HOURS};
use crate::data::catalog::{BilledBand, Catalog, Provider};
use crate::estimators::cost::Estimate;
use crate::estimators::explain::{Citation, Explanation};
use crate::input::job::Job;
use crate::input::kind::TrainingMemory;
use crate::input::knobs::OverheadInputs;
use crate::io::format::{
    compact, exact, exponent, hours, percent, usd, usd_as_published, usd_exact, usd_unit,
};

/// A hidden-cost result; its [`test_id`](HiddenOutput::test_id) is a stable `data-testid`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HiddenOutput {
    /// Everything: GPUs with communication and failures, storage and egress.
    TotalCost,
    /// GPU-hours billed with communication and failures.
    BilledGpuHours,
    /// Data-parallel scaling efficiency η.
    ScalingEfficiency,
    /// Wasted fraction of billed time.
    FailureWasteFraction,
    /// Daly's optimal checkpoint interval for the cluster MTBF, hours.
    OptimalCheckpointHours,
    /// Checkpoints and dataset storage.
    StorageCost,
    /// Moving the dataset in and the weights out.
    EgressCost,
    /// Fewest accelerators holding the training state and activations.
    MinGpus,
    /// Cluster size from which spot stops paying.
    SpotBreakevenGpus,
}

impl HiddenOutput {
    /// Every output, in display order.
    pub const ALL: [HiddenOutput; 9] = [
        HiddenOutput::TotalCost,
        HiddenOutput::BilledGpuHours,
        HiddenOutput::ScalingEfficiency,
        HiddenOutput::FailureWasteFraction,
        HiddenOutput::OptimalCheckpointHours,
        HiddenOutput::StorageCost,
        HiddenOutput::EgressCost,
        HiddenOutput::MinGpus,
        HiddenOutput::SpotBreakevenGpus,
    ];

    /// The stable `data-testid`.
    pub fn test_id(self) -> &'static str {
        match self {
            HiddenOutput::TotalCost => "total-cost",
            HiddenOutput::BilledGpuHours => "billed-gpu-hours",
            HiddenOutput::ScalingEfficiency => "scaling-efficiency",
            HiddenOutput::FailureWasteFraction => "failure-waste-fraction",
            HiddenOutput::OptimalCheckpointHours => "optimal-checkpoint-hours",
            HiddenOutput::StorageCost => "storage-cost",
            HiddenOutput::EgressCost => "egress-cost",
            HiddenOutput::MinGpus => "min-gpus",
            HiddenOutput::SpotBreakevenGpus => "spot-breakeven-gpus",
        }
    }

    /// The label a person reads.
    pub fn label(self) -> &'static str {
        crate::input::text::interned(match self {
            HiddenOutput::TotalCost => crate::tr!("hidden.label.total_cost"),
            HiddenOutput::BilledGpuHours => crate::tr!("hidden.label.billed_gpu_hours"),
            HiddenOutput::ScalingEfficiency => crate::tr!("hidden.label.scaling_efficiency"),
            HiddenOutput::FailureWasteFraction => crate::tr!("hidden.label.failure_waste"),
            HiddenOutput::OptimalCheckpointHours => crate::tr!("hidden.label.optimal_checkpoint"),
            HiddenOutput::StorageCost => crate::tr!("hidden.label.storage"),
            HiddenOutput::EgressCost => crate::tr!("hidden.label.egress"),
            HiddenOutput::MinGpus => crate::tr!("hidden.label.min_gpus"),
            HiddenOutput::SpotBreakevenGpus => crate::tr!("hidden.label.spot_breakeven"),
        })
    }

    /// The raw value (USD, hours, fraction or count); `None` when there is none (a run that never
    /// finishes, a model that fits nowhere, spot that always pays).
    pub fn value(self, o: &OverheadEstimate) -> Option<f64> {
        match self {
            HiddenOutput::TotalCost => o.total_usd(),
            HiddenOutput::BilledGpuHours => o.billed_gpu_hours,
            HiddenOutput::ScalingEfficiency => Some(o.scaling_efficiency),
            HiddenOutput::FailureWasteFraction => Some(o.failures.waste),
            HiddenOutput::OptimalCheckpointHours => Some(o.failures.optimal_interval_hours),
            HiddenOutput::StorageCost => Some(o.storage_usd),
            HiddenOutput::EgressCost => Some(o.egress_usd()),
            HiddenOutput::MinGpus => o.min_gpus.map(|g| g as f64),
            // Only with spot on: a break-even beside "spot off" reads as advice about a choice
            // not made.
            HiddenOutput::SpotBreakevenGpus => o
                .spot_breakeven_gpus
                .filter(|_| o.spot_applied)
                .map(f64::from),
        }
    }

    /// The value for a headline, with its unit.
    pub fn human(self, o: &OverheadEstimate) -> String {
        let Some(v) = self.value(o) else {
            return match self {
                HiddenOutput::TotalCost | HiddenOutput::BilledGpuHours => {
                    crate::tr!("hidden.none.never_finishes")
                }
                HiddenOutput::MinGpus => crate::tr!("hidden.none.tensor_parallel"),
                _ if !o.spot_offered => crate::tr!("hidden.none.no_spot"),
                _ if !o.spot_applied => crate::tr!("hidden.none.spot_off"),
                _ => crate::tr!("hidden.none.spot_always"),
            };
        };
        match self {
            HiddenOutput::BilledGpuHours => format!("{} GPU-h", compact(v)),
            HiddenOutput::ScalingEfficiency | HiddenOutput::FailureWasteFraction => percent(v),
            HiddenOutput::OptimalCheckpointHours => hours(v),
            HiddenOutput::MinGpus | HiddenOutput::SpotBreakevenGpus => {
                format!("{} GPUs", exact(v, 0))
            }
            _ => usd(v),
        }
    }

    /// The value to more digits, for hover text.
    pub fn exact(self, o: &OverheadEstimate) -> String {
        match (self, self.value(o)) {
            (_, None) => self.human(o),
            (HiddenOutput::BilledGpuHours, Some(v)) => {
                crate::tr!("explain.exact.gpu_hours", n = exact(v, 3))
            }
            (HiddenOutput::ScalingEfficiency | HiddenOutput::FailureWasteFraction, Some(v)) => {
                exact(v, 6)
            }
            (HiddenOutput::OptimalCheckpointHours, Some(v)) => {
                crate::tr!("hidden.exact_hours", n = exact(v, 4))
            }
            (HiddenOutput::MinGpus | HiddenOutput::SpotBreakevenGpus, Some(_)) => self.human(o),
            (_, Some(v)) => usd_exact(v),
        }
    }

    /// The formula, substituted, and the sources behind it.
    pub fn explain(
        self,
        s: &Job,
        i: &OverheadInputs,
        e: &Estimate,
        o: &OverheadEstimate,
        catalog: &Catalog,
    ) -> Explanation {
        let gpus = s.gpus;
        let provider = catalog.provider(&s.provider_id);
        let storage_cite = provider.map(|p| Citation {
            figure: crate::tr!(
                "hidden.cite.storage",
                name = p.name,
                s = usd_as_published(p.storage_usd_per_gb_month, 4),
                sfree = match p.storage_free_gb.filter(|g| *g > 0.0) {
                    Some(gb) => crate::tr!("hidden.cite.storage_free", gb = exact(gb, 1)),
                    None => String::new(),
                },
                e = usd_as_published(p.egress_usd_per_gb, 4),
                terms = egress_terms(p)
            ),
            source: p.storage_egress_source_text().to_string(),
            as_of: p.as_of.to_string(),
        });
        let f = &o.failures;
        let (formula, substituted, citations): (String, String, Vec<Citation>) = match self {
            HiddenOutput::TotalCost => (
                crate::tr!("hidden.formula.total"),
                match o.total_usd() {
                    Some(t) => format!(
                        "{} + {} + {} + {} + {} = {}",
                        usd_exact(o.compute_usd),
                        usd_exact(o.communication_usd),
                        usd_exact(o.failure_usd),
                        usd_exact(o.storage_usd),
                        usd_exact(o.egress_usd()),
                        usd_exact(t)
                    ),
                    None => never_finishes(o),
                },
                vec![],
            ),
            HiddenOutput::BilledGpuHours => (
                crate::tr!("hidden.formula.billed"),
                match o.billed_gpu_hours {
                    Some(b) => crate::tr!(
                        "hidden.sub.billed",
                        h = exact(e.gpu_hours, 3),
                        eta = exact(o.scaling_efficiency, 6),
                        waste = exact(f.waste, 6),
                        b = exact(b, 3)
                    ),
                    None => never_finishes(o),
                },
                vec![],
            ),
            HiddenOutput::ScalingEfficiency => (
                crate::tr!("hidden.formula.scaling"),
                scaling_substituted(s, i, e, o),
                match (o.sync_time.nodes > 1.0, o.network) {
                    (true, Some(n)) => {
                        let figure = if n.per_node {
                            crate::tr!(
                                "hidden.cite.network_node",
                                name = n.name_text(),
                                gb = exact(n.gb_per_s, 3),
                                eff = exact(o.node_gb_s, 3)
                            )
                        } else {
                            crate::tr!(
                                "hidden.cite.network_card",
                                name = n.name_text(),
                                card = exact(n.gb_per_s, 3),
                                g = exact(o.gpus_per_node, 0),
                                gb = exact(n.node_gb_s(o.gpus_per_node), 3),
                                eff = exact(o.node_gb_s, 3)
                            )
                        };
                        let mut cites = vec![Citation {
                            figure,
                            source: n.source_text().to_string(),
                            as_of: n.as_of.to_string(),
                        }];
                        cites.extend(o.instance.map(|i| Citation {
                            figure: crate::tr!(
                                "hidden.cite.instance",
                                provider =
                                    provider.map_or(s.provider_id.as_str(), |p| p.name.as_ref()),
                                acc = e.accelerator.name_text(),
                                instance = i.instance,
                                n = i.gpus_per_instance
                            ),
                            source: i.source_text().to_string(),
                            as_of: i.as_of.to_string(),
                        }));
                        cites.push(intra_cite(e));
                        cites
                    }
                    _ => vec![intra_cite(e)],
                },
            ),
            HiddenOutput::FailureWasteFraction => (
                crate::tr!("hidden.formula.waste"),
                {
                    let base = format!(
                        "M = {} h / {gpus} = {} h; {} h / {} h + ({} h / 2 + {} h) / {} h",
                        exact(o.effective_mtbf_gpu_hours, 1),
                        exact(f.cluster_mtbf_hours, 3),
                        exact(i.checkpoint_write_minutes / 60.0, 4),
                        exact(f.interval_hours, 4),
                        exact(f.interval_hours, 4),
                        exact(i.restart_minutes / 60.0, 4),
                        exact(f.cluster_mtbf_hours, 3),
                    );
                    let wait = if o.spot_applied {
                        crate::tr!(
                            "hidden.sub.spot_wait",
                            w = exact(o.spot_wait_hours, 4),
                            between = exact(
                                o.spot_wait_hours / o.spot_wait_waste.max(f64::MIN_POSITIVE),
                                3
                            )
                        )
                    } else {
                        String::new()
                    };
                    format!("{base}{wait} = {}", exact(f.waste, 6))
                },
                mtbf_citations(s, i, o, catalog),
            ),
            HiddenOutput::OptimalCheckpointHours => (
                crate::tr!("hidden.formula.daly"),
                format!(
                    "δ = {} h, M = {} h: τ* = {} h{}",
                    exact(i.checkpoint_write_minutes / 60.0, 4),
                    exact(f.cluster_mtbf_hours, 3),
                    exact(f.optimal_interval_hours, 4),
                    match i.checkpoint_every_minutes {
                        Some(m) => crate::tr!("hidden.sub.checkpoint_yours", m = exact(m, 2)),
                        None => crate::tr!("hidden.sub.checkpoint_auto"),
                    }
                ),
                mtbf_citations(s, i, o, catalog),
            ),
            HiddenOutput::StorageCost => (
                crate::tr!("hidden.formula.storage"),
                crate::tr!(
                    "hidden.sub.storage",
                    kept = i.checkpoints_kept,
                    gb = exact(o.checkpoint_gb, 3),
                    frozen = if o.state.frozen_gb > 0.0 {
                        crate::tr!("hidden.sub.frozen_base", gb = exact(o.state.frozen_gb, 3))
                    } else {
                        String::new()
                    },
                    ds = exact(o.dataset_gb, 3),
                    format = match i.data_format {
                        super::DataFormat::Raw => crate::tr!("hidden.sub.raw_text"),
                        super::DataFormat::Tokens => crate::tr!("hidden.sub.tokenised"),
                    },
                    free = if o.storage_free_gb > 0.0 {
                        crate::tr!("hidden.sub.storage_free", gb = exact(o.storage_free_gb, 3))
                    } else {
                        String::new()
                    },
                    p = usd_unit(o.storage_usd_per_gb_month, 4),
                    days = exact(o.billed_days, 3),
                    usd = usd_exact(o.storage_usd)
                ),
                storage_cite.into_iter().collect(),
            ),
            HiddenOutput::EgressCost => {
                let mut parts = Vec::new();
                let mut cites = Vec::new();
                if let Some((from, gb, usd)) = o.dataset_egress {
                    let p = catalog.provider(from);
                    parts.push(crate::tr!(
                        "hidden.sub.dataset_egress",
                        gb = exact(gb, 3),
                        from = crate::data::catalog::provider_name(from),
                        bands = bands_text(&p.map_or_else(Vec::new, |p| p.egress_bands(gb))),
                        usd = usd_exact(usd)
                    ));
                    cites.extend(p.map(|p| Citation {
                        figure: crate::tr!(
                            "hidden.cite.egress",
                            name = p.name,
                            p = usd_as_published(p.egress_usd_per_gb, 4),
                            terms = egress_terms(p)
                        ),
                        source: p.storage_egress_source_text().to_string(),
                        as_of: p.as_of.to_string(),
                    }));
                }
                // The weights and the corpus leave in the same month: the corpus is billed on top
                // of the weights (what is left of the allowance, the tiers past their GB).
                let weights_gb = o.weights_egress.map_or(0.0, |w| w.0);
                let out_bands = |from: f64, to: f64| {
                    provider.map_or_else(Vec::new, |p| p.egress_bands_between(from, to))
                };
                if let Some((gb, usd)) = o.weights_egress {
                    parts.push(crate::tr!(
                        "hidden.sub.weights_egress",
                        gb = exact(gb, 3),
                        provider = crate::data::catalog::provider_name(&s.provider_id),
                        bands = bands_text(&out_bands(0.0, gb)),
                        usd = usd_exact(usd)
                    ));
                }
                if let Some((gb, usd)) = o.corpus_egress {
                    parts.push(crate::tr!(
                        "hidden.sub.corpus_egress",
                        gb = exact(gb, 3),
                        provider = crate::data::catalog::provider_name(&s.provider_id),
                        after = if weights_gb > 0.0 {
                            crate::tr!("hidden.sub.after_weights")
                        } else {
                            String::new()
                        },
                        bands = bands_text(&out_bands(weights_gb, weights_gb + gb)),
                        usd = usd_exact(usd)
                    ));
                }
                if o.weights_egress.is_some() || o.corpus_egress.is_some() {
                    cites.extend(storage_cite);
                }
                (
                    crate::tr!("hidden.formula.egress"),
                    if parts.is_empty() {
                        crate::tr!("hidden.sub.no_egress", zero = usd(0.0))
                    } else {
                        parts.join("; ")
                    },
                    cites,
                )
            }
            HiddenOutput::MinGpus => (
                crate::tr!("hidden.formula.min_gpus"),
                crate::tr!(
                    "hidden.sub.min_gpus",
                    seq = o.activation_seq_len,
                    h = exact(super::transformer_shape(s.params).0, 1),
                    l = exact(super::transformer_shape(s.params).1, 2),
                    act = exact(o.activation_gb, 3),
                    // Memory holds every parameter: a mixture of experts' total.
                    params = exponent(s.param_count().all()),
                    mem = e.accelerator.memory_gb,
                    what = match o.memory {
                        TrainingMemory::Full => crate::tr!("hidden.sub.memory_full"),
                        TrainingMemory::Lora => crate::tr!("hidden.sub.memory_lora"),
                        TrainingMemory::Qlora => crate::tr!("hidden.sub.memory_qlora"),
                    },
                    b = exact(o.memory.bytes_per_param(), 1),
                    fit = fit(o.min_gpus),
                    full = fit(o.min_gpus_full),
                    lora = fit(o.min_gpus_lora),
                    qlora = fit(o.min_gpus_qlora)
                ),
                vec![Citation {
                    figure: crate::tr!(
                        "hidden.cite.memory",
                        acc = e.accelerator.name_text(),
                        gb = e.accelerator.memory_gb
                    ),
                    source: e.accelerator.source_text().to_string(),
                    as_of: e.accelerator.as_of.to_string(),
                }],
            ),
            HiddenOutput::SpotBreakevenGpus => (
                crate::tr!("hidden.formula.spot"),
                match (
                    provider.and_then(|p| p.spot_discount.zip(p.spot_mtbf_gpu_hours)),
                    o.spot_breakeven_gpus,
                ) {
                    (None, _) => crate::tr!(
                        "hidden.sub.no_spot",
                        provider = crate::data::catalog::provider_name(&s.provider_id)
                    ),
                    (Some((d, m)), g) => crate::tr!(
                        "hidden.sub.spot",
                        d = exact(d * 100.0, 1),
                        m = exact(m, 0),
                        w = exact(provider.and_then(|p| p.spot_wait_minutes).unwrap_or(0.0), 1),
                        verdict = match g {
                            Some(g) =>
                                crate::tr!("hidden.sub.spot_from", g = exact(f64::from(g), 0)),
                            None => crate::tr!("hidden.sub.spot_always"),
                        },
                        cap = match o.spot_capacity_gpus {
                            Some(c) => crate::tr!("hidden.sub.spot_capacity", c = exact(c, 0)),
                            None => String::new(),
                        }
                    ),
                },
                provider
                    .filter(|p| p.spot_discount.is_some())
                    .map(|p| Citation {
                        figure: crate::tr!("hidden.cite.spot_terms", name = p.name),
                        source: p.spot_source_text().to_string(),
                        as_of: p.as_of.to_string(),
                    })
                    .into_iter()
                    .collect(),
            ),
        };
        Explanation {
            formula,
            substituted,
            citations,
        }
    }
}

fn fit(g: Option<u64>) -> String {
    g.map_or_else(|| crate::tr!("hidden.sub.fit_none"), |g| g.to_string())
}

fn never_finishes(o: &OverheadEstimate) -> String {
    crate::tr!(
        "hidden.sub.never_finishes",
        p = percent(o.failures.waste.min(1.0))
    )
}

/// The MTBF figures behind a failure result: Llama 3's when the default is used, the spot terms
/// when on spot.
fn mtbf_citations(
    s: &Job,
    i: &OverheadInputs,
    o: &OverheadEstimate,
    catalog: &Catalog,
) -> Vec<Citation> {
    let mut out = Vec::new();
    if i.mtbf_gpu_hours == LLAMA3_MTBF_GPU_HOURS {
        out.push(Citation {
            figure: crate::tr!("hidden.cite.llama"),
            source: crate::tr!("hidden.cite.llama_source"),
            as_of: "2024-07-23".into(),
        });
    }
    if o.spot_applied {
        if let Some(p) = catalog.provider(&s.provider_id) {
            out.push(Citation {
                figure: crate::tr!(
                    "hidden.cite.spot_reclaims",
                    name = p.name,
                    m = p.spot_mtbf_gpu_hours.unwrap_or(0.0)
                ),
                source: p.spot_source_text().to_string(),
                as_of: p.as_of.to_string(),
            });
        }
    }
    if let (Some(m), Some(p)) = (
        o.preemption_mtbf_gpu_hours,
        catalog.provider(&s.provider_id),
    ) {
        out.push(Citation {
            figure: crate::tr!("hidden.cite.preemptions", name = p.name, m = exact(m, 0)),
            source: p.preemption_source_text().to_string(),
            as_of: p.as_of.to_string(),
        });
    }
    out
}

/// The accelerator's own link, which carries the in-node phase.
fn intra_cite(e: &Estimate) -> Citation {
    Citation {
        figure: crate::tr!(
            "hidden.cite.intra_node",
            acc = e.accelerator.name_text(),
            gb = e.accelerator.intra_node_gb_s
        ),
        source: e.accelerator.intra_node_source_text().to_string(),
        as_of: e.accelerator.as_of.to_string(),
    }
}

/// Show the math of η with the numbers the model used: the batch and the layout it implies, the
/// step's compute, the sync volume and which sharding applies, each collective, the implied bus
/// bandwidth beside the measurement it was checked against, η.
fn scaling_substituted(s: &Job, i: &OverheadInputs, e: &Estimate, o: &OverheadEstimate) -> String {
    use crate::estimators::parallel::{nccl_check, Phases, SplitReason};
    let work = s.work();
    let k = work
        .kind
        .flops_per_param_token_with(work.reference_precomputed, work.checkpointing);
    let gpus = f64::from(s.gpus);
    let st = &o.state;
    let sync = &st.sync;
    let t = &o.sync_time;
    let l = &t.layout;
    let batch = if l.batch_typed {
        crate::tr!(
            "hidden.sub.batch_typed",
            b = compact(l.batch_tokens),
            q = exact(l.sequences, 0),
            seq = exact(s.seq_len, 0)
        )
    } else {
        crate::tr!(
            "hidden.sub.batch_default",
            b = compact(l.batch_tokens),
            q = exact(l.sequences, 0),
            seq = exact(s.seq_len, 0),
            r = compact(l.recipe_tokens)
        )
    };
    let layout = match l.reason {
        SplitReason::None => crate::tr!("hidden.sub.layout_dp", d = exact(l.dp, 0)),
        reason => crate::tr!(
            "hidden.sub.layout_mp",
            d = exact(l.dp, 0),
            t = exact(l.tp, 0),
            p = exact(l.pp, 0),
            why = if reason == SplitReason::Batch {
                crate::tr!("hidden.sub.split_batch")
            } else {
                crate::tr!("hidden.sub.split_memory")
            },
            mb = exact(l.micro_batches, 1),
            bs = exact(o.step_bubble_seconds, 4)
        ),
    };
    let comp = crate::tr!(
        "hidden.sub.scaling_comp",
        k = exact(k, 3),
        params = exponent(s.params),
        tps = exponent(l.batch_tokens),
        gpus = s.gpus,
        tflops = e.accelerator.dense_bf16_tflops,
        mfu = s.mfu,
        tc = exact(o.step_compute_seconds, 4)
    );
    let trained = match st.adapter_params {
        Some(a) => crate::tr!("hidden.sub.adapter", a = exponent(a), r = s.lora_rank),
        None => crate::tr!("hidden.sub.all_params", n = exponent(st.trained_params)),
    };
    let held_gb = t.held_gb_per_gpu + o.activation_gb;
    let volume = match (o.moe, t.sharding) {
        (Some(m), sharding) => crate::tr!(
            "hidden.sub.moe_volume",
            e = exact(m.experts, 0),
            k = exact(m.top_k, 0),
            ep = exact(l.ep, 0),
            experts = exponent(m.expert_params),
            dense = exponent(m.dense_params),
            zero = if sharding == super::Sharding::Zero2 {
                "ZeRO-1/2"
            } else {
                "ZeRO-3"
            },
            vd = exponent(t.dense_bytes),
            ve = exponent(t.expert_bytes)
        ),
        (None, super::Sharding::Zero2) => crate::tr!(
            "hidden.sub.zero2",
            held = exact(held_gb, 3),
            mem = e.accelerator.memory_gb,
            trained = trained,
            s = exponent(sync.grad_bytes),
            v = exponent(t.dense_bytes)
        ),
        (None, super::Sharding::Zero3) => crate::tr!(
            "hidden.sub.zero3",
            held = exact(held_gb, 3),
            mem = e.accelerator.memory_gb,
            trained = trained,
            sw = exponent(sync.weight_bytes),
            s = exponent(sync.grad_bytes),
            v = exponent(t.dense_bytes)
        ),
    };
    let staged = o.across_slices.is_some();
    let line = |name: String, p: &Phases| {
        let (a, b, l, t) = (
            exact(p.in_node_s, 4),
            exact(p.across_s, 4),
            exact(p.latency_s, 4),
            exact(p.total_s(), 4),
        );
        if staged {
            crate::tr!(
                "hidden.sub.collective_slices",
                name = name,
                a = a,
                b = b,
                l = l,
                t = t
            )
        } else {
            crate::tr!(
                "hidden.sub.collective",
                name = name,
                a = a,
                b = b,
                l = l,
                t = t
            )
        }
    };
    let mut comm = Vec::new();
    if gpus <= 1.0 {
        comm.push(crate::tr!("hidden.sub.comm_one_gpu"));
    } else {
        comm.push(line(
            match o.across_slices {
                Some((chips, dcn)) => crate::tr!(
                    "hidden.sub.c_dense_slices",
                    d = exact(l.dp, 0),
                    m = exact((gpus / chips).ceil(), 0),
                    chips = exact(chips, 0),
                    dcn = exact(dcn, 0)
                ),
                None => crate::tr!(
                    "hidden.sub.c_dense",
                    d = exact(l.dp, 0),
                    m = exact(t.nodes, 0)
                ),
            },
            &t.dense,
        ));
        if o.moe.is_some() {
            comm.push(line(crate::tr!("hidden.sub.c_experts"), &t.experts));
            comm.push(line(crate::tr!("hidden.sub.c_all_to_all"), &t.all_to_all));
        }
        if l.tp > 1.0 {
            comm.push(line(crate::tr!("hidden.sub.c_tensor"), &t.tensor));
        }
        let wire = t.dense.total_s() - t.dense.latency_s;
        if wire > 0.0 && t.nodes > 1.0 && o.across_slices.is_none() {
            let share = (l.dp - 1.0) / l.dp * t.dense_bytes / (l.tp * l.pp);
            let bus = share / wire / 1e9;
            let network = o.network.map_or("", |n| n.id.as_ref());
            comm.push(
                match nccl_check(
                    &s.accelerator_id,
                    network,
                    o.node_gb_s / crate::estimators::parallel::NETWORK_EFFICIENCY,
                    t.nodes,
                    l.tp * l.pp,
                ) {
                    Some(c) => crate::tr!(
                        "hidden.sub.bus_checked",
                        bus = exact(bus, 0),
                        lo = exact(c.measured_gb_s.0, 0),
                        hi = exact(c.measured_gb_s.1, 0),
                        src = c.source
                    ),
                    None => crate::tr!("hidden.sub.bus", bus = exact(bus, 0)),
                },
            );
        }
    }
    let exposed = t.exposed_s(o.step_compute_seconds, i.overlap, i.a2a_overlap);
    let (tm, ov, tc, bs, ex, eta) = (
        exact(o.step_comm_seconds, 4),
        exact(i.overlap, 3),
        exact(o.step_compute_seconds, 4),
        exact(o.step_bubble_seconds, 4),
        exact(exposed, 4),
        exact(o.scaling_efficiency, 6),
    );
    let eta = if o.moe.is_some() {
        crate::tr!(
            "hidden.sub.scaling_eta_moe",
            tm = tm,
            ov = ov,
            ova = exact(i.a2a_overlap, 3),
            tc = tc,
            bs = bs,
            ex = ex,
            eta = eta
        )
    } else {
        crate::tr!(
            "hidden.sub.scaling_eta",
            tm = tm,
            ov = ov,
            tc = tc,
            bs = bs,
            ex = ex,
            eta = eta
        )
    };
    format!(
        "{batch}; {layout}; {comp}; {volume}; {}; {eta}",
        comm.join("; ")
    )
}

/// A storage or egress bill as the math shows it: "100 GB free + 924 GB × $0.12/GB + 9,216 GB ×
/// $0.11/GB" (one flat band alone: "40,000 GB × $0.12/GB"; nothing moved: "0 GB").
fn bands_text(bands: &[BilledBand]) -> String {
    if bands.is_empty() {
        return "0 GB".into();
    }
    bands
        .iter()
        .map(|b| {
            if b.free {
                crate::tr!("hidden.sub.band_free", gb = exact(b.gb, 3))
            } else {
                format!("{} GB × {}/GB", exact(b.gb, 3), usd_unit(b.usd_per_gb, 4))
            }
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

/// A provider's egress terms beyond its first price, for a citation: " (first 100 GB a month
/// free, $0.085/GB above 10,240 GB, …)"; "" with one flat price and no allowance.
fn egress_terms(p: &Provider) -> String {
    let mut terms = Vec::new();
    if p.egress_free_gb() > 0.0 {
        terms.push(crate::tr!(
            "hidden.cite.egress_free",
            gb = exact(p.egress_free_gb(), 1)
        ));
    }
    for pair in p.egress_tiers.windows(2) {
        if let [below, tier] = pair {
            terms.push(crate::tr!(
                "hidden.cite.egress_tier",
                p = usd_as_published(tier.usd_per_gb, 4),
                gb = exact(below.up_to_gb.unwrap_or(0.0), 1)
            ));
        }
    }
    if terms.is_empty() {
        String::new()
    } else {
        format!(" ({})", terms.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::estimators::cost::estimate;
    use crate::estimators::overheads::estimate_overheads;

    #[test]
    fn the_memory_fit_is_the_jobs_own_kind() {
        // A founder's review read "8B parameters need at least 2 H100s … or fine-tune with LoRA
        // (1 GPU)" on a job that already was LoRA: the fit used 16 bytes a parameter for every kind.
        // By hand, Llama 3.1 8B (8.03e9) on one H100 SXM (80 GB), 4,096-token sequences:
        // h = (128 x 8.03e9 / 12)^(1/3) = 4,408.0, L = 34.44, activations 4096 x 4408.0 x
        // (2 x 34.44 + 34) B = 1.858 GB; LoRA holds its frozen bf16 base, 2 x 8.03e9 = 16.06 GB:
        // ceil(16.06 / 78.14) = 1; every weight trained, 16 x 8.03e9 = 128.5 GB: ceil(1.644) = 2.
        use crate::document::workloads::parse_job;
        let s_k = OverheadInputs::default();
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s =
            parse_job("lora:8.03B:20M:modal:h100-sxm:1", 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let e = estimate(&s, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let o = estimate_overheads(&s, &s_k, &e, &c);
        assert!(
            (o.activation_gb - 1.858).abs() < 0.001,
            "{}",
            o.activation_gb
        );
        assert_eq!(o.memory, TrainingMemory::Lora);
        assert_eq!(
            (
                o.min_gpus,
                o.min_gpus_full,
                o.min_gpus_lora,
                o.min_gpus_qlora
            ),
            (Some(1), Some(2), Some(1), Some(1))
        );
        let x = HiddenOutput::MinGpus.explain(&s, &s_k, &e, &o, &c);
        assert!(
            x.substituted
                .contains("LoRA: the base frozen in bf16: ceil(2 × 8.03e9 B / (80 − "),
            "{}",
            x.substituted
        );
        assert!(
            x.substituted
                .ends_with("= 1 (every weight trained 2, LoRA 1, QLoRA 1)"),
            "{}",
            x.substituted
        );
        assert!(!x.substituted.contains("ceil(16 ×"), "{}", x.substituted);
        // The same model trained in full (a full fine-tune token) on one GPU needs two.
        let full = parse_job("full-ft:8.03B:20M:modal:h100-sxm:1", 0, &c)
            .unwrap_or_else(|e| panic!("{e:?}"));
        let fe = estimate(&full, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let fo = estimate_overheads(&full, &s_k, &fe, &c);
        assert_eq!((fo.memory, fo.min_gpus), (TrainingMemory::Full, Some(2)));
        let fx = HiddenOutput::MinGpus.explain(&full, &s_k, &fe, &fo, &c);
        assert!(
            fx.substituted
                .contains("this job trains every weight: ceil(16 × 8.03e9 B"),
            "{}",
            fx.substituted
        );
        // QLoRA holds a 4-bit base: 0.5 x 8.03e9 = 4.015 GB.
        let q = parse_job("qlora:8.03B:20M:modal:h100-sxm:1", 0, &c)
            .unwrap_or_else(|e| panic!("{e:?}"));
        let qe = estimate(&q, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let qo = estimate_overheads(&q, &s_k, &qe, &c);
        let qx = HiddenOutput::MinGpus.explain(&q, &s_k, &qe, &qo, &c);
        assert!(
            qx.substituted
                .contains("QLoRA: the base frozen in 4 bits: ceil(0.5 × 8.03e9 B"),
            "{}",
            qx.substituted
        );
    }

    #[test]
    fn the_scaling_math_shows_the_tensor_parallel_sync_and_the_bus_bandwidth_it_implies() {
        let s_k = OverheadInputs::default();
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let math = |params: f64, gpus: u32, batch: Option<f64>, provider: &str| {
            let s = Job {
                params,
                gpus,
                batch_tokens: batch,
                provider_id: provider.into(),
                ..Job::default()
            };
            let e = estimate(&s, &c).unwrap_or_else(|e| panic!("{e:?}"));
            let o = estimate_overheads(&s, &s_k, &e, &c);
            HiddenOutput::ScalingEfficiency
                .explain(&s, &s_k, &e, &o, &c)
                .substituted
        };
        // 70B on 64 H100s at AWS (8 nodes) with a typed batch of 131,072 tokens: 32 sequences of
        // 4,096 for 64 GPUs, so 32 data-parallel ranks x 2 tensor-parallel. ZeRO-3 moves V = 3 x
        // 2 B x 7e10 = 4.2e11 B a step; each rank sends (32 - 1) / 32 of its tensor-parallel
        // half of it, 31/32 x 4.2e11 / 2 = 2.034e11 B, in the across-nodes phase's 1.1058 s -
        // 0.012 s latency = 1.0938 s: 2.034e11 / 1.0938 / 1e9 = 186 GB/s of bus bandwidth (not
        // the 369 GB/s of the same model without tensor parallelism: each rank holds half).
        let multi = math(70e9, 64, Some(131_072.0), "aws");
        for part in [
            "layout: 32 data-parallel ranks × 2 tensor-parallel × 1 pipeline stages",
            "all-reduce over 32 ranks on 8 nodes: max(0.5513 s in the node, 1.0938 s across \
             nodes) + 0.012 s latency = 1.1058 s; tensor-parallel all-reduces (6 a layer, with \
             recomputation; never overlapped): max(",
            "; implied all-reduce bus bandwidth 186 GB/s; t_comm = 1.1978 s;",
        ] {
            assert!(multi.contains(part), "{part}\n{multi}");
        }
        // At CoreWeave (InfiniBand NDR, 400 GB/s a node): data parallelism alone is compared with
        // NCCL's published all-reduce bus bandwidth on that network; with tensor parallelism the
        // ranks' traffic is not that benchmark's, so it is not.
        // Pure data parallelism, 64 ranks on 8 nodes: 63/64 x 4.2e11 B in 1.1348 s - 0.0144 s
        // latency = 1.1204 s: 369 GB/s, inside the 368-384 GB/s measured.
        let dp = math(70e9, 64, None, "coreweave");
        assert!(
            dp.contains(
                "implied all-reduce bus bandwidth 369 GB/s, measured 368–384 GB/s (NVIDIA/nccl-tests"
            ),
            "{dp}"
        );
        let tp = math(70e9, 64, Some(131_072.0), "coreweave");
        assert!(
            tp.contains("implied all-reduce bus bandwidth 186 GB/s; t_comm")
                && !tp.contains("measured"),
            "{tp}"
        );
        // 405B on 1,024 GPUs at CoreWeave, 16 sequences a step: 16 ranks x 8 tensor-parallel x 8
        // pipeline stages. Each GPU holds 1/64 of the model, so ZeRO-1/2 fits: V = 2 x 2 B x
        // 4.05e11 = 1.62e12 B, and each rank sends 15/16 x 1.62e12 / 64 = 2.373e10 B in 0.511 s
        // - 0.0006 s latency: 46 GB/s, one 400 Gb/s NIC's worth per GPU. Not checked against the
        // pure data-parallel benchmark (64-way model parallelism).
        let big = math(405e9, 1024, Some(65_536.0), "coreweave");
        assert!(
            big.contains("layout: 16 data-parallel ranks × 8 tensor-parallel × 8 pipeline stages")
                && big.contains("implied all-reduce bus bandwidth 46 GB/s; t_comm"),
            "{big}"
        );
        // One sequence a step on 16 GPUs (2 nodes): 1 rank x 8 tensor-parallel x 2 stages. No
        // gradient crosses a network, so no bus bandwidth is implied (it would be 0 B / 0 s).
        let alone = math(70e9, 16, Some(4_096.0), "aws");
        assert!(
            alone.contains("tensor-parallel all-reduces") && !alone.contains("bus bandwidth"),
            "{alone}"
        );
        // On one node (8 GPUs, 4 sequences: 4 ranks x 2 tensor-parallel) nothing crosses a
        // network, so no bus bandwidth is implied; the tensor-parallel sync is still shown.
        let one = math(70e9, 8, Some(16_384.0), "aws");
        assert!(
            one.contains("4 data-parallel ranks × 2 tensor-parallel")
                && one.contains("tensor-parallel all-reduces (6 a layer")
                && !one.contains("bus bandwidth"),
            "{one}"
        );
    }

    #[test]
    fn the_scaling_math_shows_both_phases_the_overlap_and_eta() {
        let s_k = OverheadInputs::default();
        // 7B on 1,024 H100s at Lambda (25 Gb/s Ethernet per card = 25 GB/s per 8-GPU node), by
        // hand: the default batch, one 4,096-token sequence a GPU (above the recipe's 4M):
        // 4,194,304 tokens; t_comp = 6 x 7e9 x 4,194,304 / (1024 x 989e12 x 0.4) = 0.434863 s;
        // 128 nodes, each GPU sends 1023/1024 x 2.8e10 B: over NVLink / 369e9 (450 x 0.82) =
        // 0.075807 s, over the network / 23.25e9 (25 x 0.93) = 1.203125 s, at once, + 32.9
        // layers x 20 hops x 5 us = 0.00329 s: 1.206415 s; exposed = 1.206415 - 0.5 x 0.434863
        // = 0.988983 s; eta = 0.305415. The bus bandwidth this implies is the node's effective
        // 23.25 GB/s. ZeRO-2 holds 2 B x 7e9 + 14 B x 7e9 / 1,024 + 1.72 GB of activations =
        // 15.817 GB.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s = Job {
            gpus: 1024,
            provider_id: "lambda".into(),
            ..Job::default()
        };
        let e = estimate(&s, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let o = estimate_overheads(&s, &s_k, &e, &c);
        let x = HiddenOutput::ScalingEfficiency.explain(&s, &s_k, &e, &o, &c);
        assert_eq!(
            x.substituted,
            "B = 4.2M tokens a step = 1,024 sequences of 4,096 (the published recipe's 4M for \
             this size, at least one sequence per GPU); layout: 1,024 data-parallel ranks, no \
             tensor or pipeline parallelism; t_comp = 6 × 7e9 × 4.1943e6 tokens/step / (1024 × \
             989e12 × 0.4) = 0.4349 s; ZeRO-1/2: each GPU's bf16 weights, its share of \
             gradients and optimizer state and one sequence's activations (15.817 GB) fit in 80 \
             GB: S = 2 B × 7e9 parameters = 1.4e10 B, V = 2 × S = 2.8e10 B; all-reduce over \
             1,024 ranks on 128 nodes: max(0.0758 s in the node, 1.2031 s across nodes) + \
             0.0033 s latency = 1.2064 s; implied all-reduce bus bandwidth 23 GB/s; t_comm = \
             1.2064 s; exposed = max(0, 1.2064 s − 0.5 overlap × 0.4349 s) = 0.989 s; η = 0.4349 \
             / (0.4349 + 0 + 0.989) = 0.305415"
        );
    }

    #[test]
    fn hidden_outputs_substitute_inputs_and_never_show_nan() {
        let mut s_k = OverheadInputs::default();
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let mut s = Job::default();
        s_k.data_on_provider = Some("gcp".into());
        let e = estimate(&s, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let o = estimate_overheads(&s, &s_k, &e, &c);
        let x = HiddenOutput::FailureWasteFraction.explain(&s, &s_k, &e, &o, &c);
        // M = 50,677.0 / 64 = 791.828 h (see overheads::tests for the rest).
        assert!(
            x.substituted.starts_with("M = 50,677 h / 64 = 791.828 h;"),
            "{}",
            x.substituted
        );
        assert!(x.citations[0].source.contains("Llama 3"));
        let egress = HiddenOutput::EgressCost.explain(&s, &s_k, &e, &o, &c);
        // The provider by its display name, never its id ("gcp").
        // Google Cloud's tiers, as billed: 100 GB free, $0.12 to 1,024 GB, $0.11 to 10,240 GB.
        assert_eq!(
            egress.substituted,
            "dataset 8,000 GB out of Google Cloud: 100 GB free + 924 GB × $0.12/GB + 6,976 GB × $0.11/GB = $878.24"
        );
        // Only the dataset leaves (no weights): its provider's egress tiers are still cited.
        assert_eq!(egress.citations.len(), 1);
        assert!(
            egress.citations[0]
                .figure
                .starts_with("Google Cloud: egress $0.12/GB (first 100 GB a month free"),
            "{}",
            egress.citations[0].figure
        );
        // Scaling across 8 nodes cites the network between them and the instance; on one node
        // (8 GPUs) only the accelerator's own link.
        let figures = |j: &Job| {
            let e = estimate(j, &c).unwrap_or_else(|e| panic!("{e:?}"));
            let o = estimate_overheads(j, &s_k, &e, &c);
            HiddenOutput::ScalingEfficiency
                .explain(j, &s_k, &e, &o, &c)
                .citations
                .into_iter()
                .map(|x| x.figure)
                .collect::<Vec<_>>()
        };
        let link = "NVIDIA H100 SXM: 900 GB/s intra-node link (half each way)";
        assert_eq!(
            figures(&s),
            [
                "AWS EFA, 3,200 Gb/s per p5 node: 400 GB/s per node, 372 GB/s as NCCL moves it (93 %)",
                "Amazon Web Services rents the NVIDIA H100 SXM as p5.48xlarge (8 per instance)",
                link
            ]
        );
        assert_eq!(
            figures(&Job {
                gpus: 8,
                ..s.clone()
            }),
            [link]
        );
        // Storage: 3 x 98 GB checkpoints (14 bytes a parameter) + 8,000 GB of raw text.
        let storage = HiddenOutput::StorageCost.explain(&s, &s_k, &e, &o, &c);
        assert!(
            storage
                .substituted
                .starts_with("(3 × 98 GB + 8,000 GB raw text) × $0.023/GB-month"),
            "{}",
            storage.substituted
        );
        assert!(storage
            .formula
            .contains("14 B = bf16 weights 2 + fp32 master 4 + Adam m, v 8"));
        // Each headline in its own unit: 59,863.2 billed GPU-hours, a scaling efficiency of 1.0
        // (the sync hidden behind compute at 64 GPUs), 1.472 % of the run lost to failures.
        let values = [
            HiddenOutput::BilledGpuHours,
            HiddenOutput::ScalingEfficiency,
            HiddenOutput::FailureWasteFraction,
        ]
        .map(|h| (h.value(&o).map(|v| (v * 1e3).round() / 1e3), h.human(&o)));
        assert_eq!(
            values,
            [
                (Some(59_863.246), "60K GPU-h".to_string()),
                (Some(1.0), "100%".to_string()),
                (Some(0.015), "1.472%".to_string()),
            ]
        );
        assert_eq!(HiddenOutput::OptimalCheckpointHours.human(&o), "11.4 h");
        assert_eq!(HiddenOutput::MinGpus.human(&o), "2 GPUs");
        // Spot off: no break-even beside it (issue 43); with spot on, AWS's stops paying at
        // 9,106 GPUs.
        assert_eq!(HiddenOutput::SpotBreakevenGpus.human(&o), "spot is off");
        let spot_k = OverheadInputs {
            spot: true,
            ..s_k.clone()
        };
        let on = estimate_overheads(&s, &spot_k, &e, &c);
        assert_eq!(HiddenOutput::SpotBreakevenGpus.human(&on), "9,106 GPUs");
        // Spot on and paying at every size the sweep tries (no break-even up to 100K GPUs).
        let always = OverheadEstimate {
            spot_breakeven_gpus: None,
            ..on.clone()
        };
        assert_eq!(
            HiddenOutput::SpotBreakevenGpus.human(&always),
            "pays up to 100K GPUs"
        );
        let spot = HiddenOutput::SpotBreakevenGpus.explain(&s, &s_k, &e, &o, &c);
        assert!(
            spot.substituted
                .contains("60 min waiting for capacity each")
                && spot.substituted.ends_with(
                    "more than 16 spot GPUs at once is unlikely to be available (estimate)"
                ),
            "{}",
            spot.substituted
        );
        let lambda = Job {
            provider_id: "lambda".into(),
            ..s.clone()
        };
        let e2 = estimate(&lambda, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let o2 = estimate_overheads(&lambda, &s_k, &e2, &c);
        assert_eq!(
            HiddenOutput::SpotBreakevenGpus.human(&o2),
            "no spot sold here"
        );
        // A run that never finishes: 10-hour MTBF per GPU on 10,000 GPUs (M = 3.6 s).
        s.gpus = 10_000;
        s_k.mtbf_gpu_hours = 10.0;
        let e = estimate(&s, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let o = estimate_overheads(&s, &s_k, &e, &c);
        assert_eq!(HiddenOutput::TotalCost.value(&o), None);
        assert_eq!(HiddenOutput::TotalCost.human(&o), "never finishes");
        for out in HiddenOutput::ALL {
            let x = out.explain(&s, &s_k, &e, &o, &c);
            for text in [x.substituted, out.human(&o), out.exact(&o)] {
                assert!(
                    !text.contains("NaN") && !text.contains("inf"),
                    "{out:?}: {text}"
                );
            }
        }
    }

    #[test]
    fn egress_and_storage_math_show_the_tiers_and_allowances_billed() {
        use crate::locale::{with_lang, Lang};
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        // The default job (64 H100 at AWS, 2T tokens of raw text = 8,000 GB), its data on Oracle,
        // the weights (14 GB) and the corpus exported at the end.
        let s = Job::default();
        let s_k = OverheadInputs {
            data_on_provider: Some("oracle".into()),
            export_weights: true,
            corpus_out: true,
            ..OverheadInputs::default()
        };
        let e = estimate(&s, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let o = estimate_overheads(&s, &s_k, &e, &c);
        // Oracle: the first 10,240 GB a month are free, so the 8,000 GB cost nothing (flat at
        // $0.0085 they were $68). AWS, the weights' and the corpus' month: 14 GB inside its 100
        // GB free, then the corpus on top: 86 GB free + 7,914 GB x $0.09 = $712.26.
        let text = |lang| {
            with_lang(lang, || {
                HiddenOutput::EgressCost
                    .explain(&s, &s_k, &e, &o, &c)
                    .substituted
            })
        };
        assert_eq!(
            text(Lang::En),
            "dataset 8,000 GB out of Oracle Cloud (OCI): 8,000 GB free = $0.00; \
             weights 14 GB out of Amazon Web Services: 14 GB free = $0.00; \
             corpus 8,000 GB out of Amazon Web Services at the end, in the weights' month, after \
             them: 86 GB free + 7,914 GB × $0.09/GB = $712.26"
        );
        assert_eq!(
            text(Lang::Pt),
            "conjunto de dados de 8.000 GB saindo da Oracle Cloud (OCI): 8.000 GB grátis = US$\u{a0}0,00; \
             pesos de 14 GB saindo da Amazon Web Services: 14 GB grátis = US$\u{a0}0,00; \
             corpus de 8.000 GB saindo da Amazon Web Services ao final, no mesmo mês dos pesos, \
             depois deles: 86 GB grátis + 7.914 GB × US$\u{a0}0,09/GB = US$\u{a0}712,26"
        );
        // The citations give every tier and allowance used.
        let cites = HiddenOutput::EgressCost
            .explain(&s, &s_k, &e, &o, &c)
            .citations;
        let figures: Vec<&str> = cites.iter().map(|c| c.figure.as_str()).collect();
        assert_eq!(
            figures,
            [
                "Oracle Cloud (OCI): egress $0.0085/GB (first 10,240 GB a month free)",
                "Amazon Web Services: storage $0.023/GB-month, egress $0.09/GB (first 100 GB a \
                 month free, $0.085/GB above 10,240 GB a month, $0.07/GB above 51,200 GB a month, \
                 $0.05/GB above 153,600 GB a month)"
            ]
        );
        // Only the weights, or only the corpus, leaving AWS: its storage-and-egress terms are
        // cited either way (the dataset stays where it is, so nothing else is).
        for (export_weights, corpus_out) in [(true, false), (false, true)] {
            let k = OverheadInputs {
                export_weights,
                corpus_out,
                ..OverheadInputs::default()
            };
            let o = estimate_overheads(&s, &k, &e, &c);
            let cites = HiddenOutput::EgressCost
                .explain(&s, &k, &e, &o, &c)
                .citations;
            assert_eq!(cites.len(), 1, "{export_weights} {corpus_out}");
            assert!(
                cites[0]
                    .figure
                    .starts_with("Amazon Web Services: storage $0.023/GB-month, egress $0.09/GB"),
                "{}",
                cites[0].figure
            );
        }
        // Modal's storage: the first 1,024 GB are free; the math subtracts them.
        let modal = Job {
            provider_id: "modal".into(),
            ..Job::default()
        };
        let me = estimate(&modal, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let mo = estimate_overheads(&modal, &OverheadInputs::default(), &me, &c);
        let storage =
            HiddenOutput::StorageCost.explain(&modal, &OverheadInputs::default(), &me, &mo, &c);
        assert!(
            storage
                .substituted
                .starts_with("(3 × 98 GB + 8,000 GB raw text − 1,024 GB free) × $0.09/GB-month × "),
            "{}",
            storage.substituted
        );
        assert_eq!(
            storage.citations[0].figure,
            "Modal: storage $0.09/GB-month above 1,024 GB free, egress $0.00/GB"
        );
    }

    /// An English decimal ("0.4", "6.88") in a Portuguese text: a dot between digits that is
    /// not a thousands mark (a thousands mark has exactly three digits after it).
    fn english_decimal(text: &str) -> Option<String> {
        let c: Vec<char> = text.chars().collect();
        (1..c.len().saturating_sub(1)).find_map(|i| {
            if c[i] != '.' || !c[i - 1].is_ascii_digit() || !c[i + 1].is_ascii_digit() {
                return None;
            }
            let run = c[i + 1..].iter().take_while(|d| d.is_ascii_digit()).count();
            // A name like "p5.48xlarge" is not a number: its digits follow a letter.
            let before = c[..i].iter().rev().find(|d| !d.is_ascii_digit());
            (run != 3 && !before.is_some_and(|b| b.is_alphabetic())).then(|| {
                c[i.saturating_sub(8)..(i + 8).min(c.len())]
                    .iter()
                    .collect()
            })
        })
    }

    #[test]
    fn show_the_math_in_portuguese_reais_converts_every_amount_and_cites_sources_in_dollars() {
        let mut s_k = OverheadInputs::default();
        use crate::estimators::explain::Output;
        use crate::locale::{with_currency, with_lang, CurrencyCode, DisplayCurrency, Lang};
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s = Job::default();
        s_k.data_on_provider = Some("gcp".into());
        let e = estimate(&s, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let o = estimate_overheads(&s, &s_k, &e, &c);
        let brl = DisplayCurrency::new(CurrencyCode::Brl, 5.4).unwrap_or_else(|| panic!("rate"));
        let texts = with_lang(Lang::Pt, || {
            with_currency(brl, || {
                let mut out: Vec<(String, Vec<String>)> = Output::ALL
                    .iter()
                    .map(|x| x.explain(&s, &e))
                    .chain(
                        HiddenOutput::ALL
                            .iter()
                            .map(|x| x.explain(&s, &s_k, &e, &o, &c)),
                    )
                    .map(|x| {
                        let figures = x.citations.into_iter().map(|c| c.figure).collect();
                        (x.substituted, figures)
                    })
                    .collect();
                // The default plan's compute cost: 8.4e22 / (989e12 × 0.4) / 3600 = 58,982.1368
                // GPU-h × $6.88 = $405,797.1014 (H · p, docs/model.md); × 5.4 reais per
                // dollar = R$ 2,191,304.3478 at R$ 37.152/GPU-h.
                out.push((Output::ComputeCost.explain(&s, &e).substituted, vec![]));
                out
            })
        });
        for (substituted, figures) in &texts {
            // Computed amounts are in reais: no dollar sign that is not "R$".
            assert!(!substituted.contains("US$"), "{substituted}");
            assert!(
                substituted
                    .match_indices('$')
                    .all(|(i, _)| substituted[..i].ends_with('R')),
                "{substituted}"
            );
            assert_eq!(english_decimal(substituted), None, "{substituted}");
            // A source's figure is quoted as published, in dollars, the Portuguese way.
            for f in figures {
                assert!(!f.contains("R$"), "{f}");
                if f.contains('$') {
                    assert!(f.contains("US$\u{a0}"), "{f}");
                }
                assert_eq!(english_decimal(f), None, "{f}");
            }
        }
        let cost = &texts[texts.len() - 1].0;
        assert_eq!(
            cost, "58.982,137 GPU-h × R$\u{a0}37,152/GPU-h = R$\u{a0}2.191.304,35",
            "{cost}"
        );
        let price = &texts[Output::ALL.len() - 1].1;
        assert!(
            texts
                .iter()
                .any(|(_, f)| f.iter().any(|f| f.contains("US$\u{a0}6,88"))),
            "{price:?}"
        );
    }
}
