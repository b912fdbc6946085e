//! "Show the math" of a serving deployment, one sentence a step: the model's memory, what one
//! tensor-parallel group holds and serves at the users' speed, the replicas the volume needs, the
//! machines rented and the bill. A serving line and the billing views print the same lines from
//! the same [`BillingEstimate`].

use crate::data::catalog::Catalog;
use crate::estimators::billing::BillingEstimate;
use crate::estimators::explain::{Citation, Explanation};
use crate::estimators::formulas::HOURS_PER_MONTH;
use crate::estimators::serving::MEMORY_FRACTION;
use crate::io::format::{compact, exact, percent, usd_exact, usd_unit};

/// The steps from the model to the bill, in the reader's language.
pub fn serving_math(b: &BillingEstimate, catalog: &Catalog) -> Vec<String> {
    let s = &b.setup;
    let acc = catalog
        .accelerator(&b.accelerator_id)
        .map_or_else(|| b.accelerator_id.clone(), |a| a.name.to_string());
    let provider = catalog
        .provider(&b.provider_id)
        .map_or_else(|| b.provider_id.clone(), |p| p.name.to_string());
    let model = if b.kv_model.is_empty() {
        crate::tr!("serving.math.no_model")
    } else {
        b.kv_model.clone()
    };
    let precision = precision_name(b);
    let mut lines = vec![crate::tr!(
        "serving.math.weights",
        params = params_words(s.shape.active_params, s.shape.total_params),
        precision = precision,
        weights = exact(s.shape.total_params * s.bytes / 1e9, 1),
        model = model,
        heads = s.shape.heads,
        kv_heads = s.shape.kv_heads,
        layers = exact(s.shape.layers, 0),
        kv = exact(b.kv_bytes_per_token, 0)
    )];
    let d = match &b.deployment {
        Ok(d) => d,
        Err(no) => {
            lines.push(crate::tr!(
                "serving.math.no_fit",
                weights = exact(no.weight_bytes / 1e9, 1),
                tp = no.largest_tp,
                acc = acc,
                group = exact(no.largest_group_bytes / 1e9, 0)
            ));
            return lines;
        }
    };
    let g = &d.group;
    let tp = f64::from(g.tp);
    lines.push(crate::tr!(
        "serving.math.memory",
        tp = g.tp,
        acc = acc,
        have = exact(tp * b.memory_bytes * MEMORY_FRACTION / 1e9, 1),
        fraction = percent(MEMORY_FRACTION),
        free = exact(
            (tp * b.memory_bytes * MEMORY_FRACTION - s.shape.total_params * s.bytes) / 1e9,
            1
        ),
        seqs = exact(g.memory_batch, 0),
        tokens = exact(s.request.input + s.request.output, 0),
        input = exact(s.request.input, 0),
        output = exact(s.request.output, 0)
    ));
    let bound = if g.memory_bound {
        crate::tr!("serving.math.memory_bound")
    } else {
        crate::tr!("serving.math.compute_bound")
    };
    let speed = match s.user_tokens_per_s {
        Some(t) if !g.target_met => crate::tr!(
            "serving.math.speed_missed",
            target = exact(t, 1),
            one = exact(g.one_user_tokens_per_s, 1),
            batch = exact(g.batch, 0)
        ),
        Some(t) if g.target_bound => crate::tr!(
            "serving.math.speed_target",
            target = exact(t, 1),
            batch = exact(g.batch, 0)
        ),
        _ => crate::tr!("serving.math.speed_memory", batch = exact(g.batch, 0)),
    };
    lines.push(crate::tr!(
        "serving.math.throughput",
        speed = speed,
        step = exact(g.step_s * 1e3, 2),
        bound = bound,
        prefill = exact(g.prefill_s * 1e3, 1),
        output = exact(g.output_tokens_per_s, 1),
        user = exact(g.user_tokens_per_s, 1),
        total = exact(g.tokens_per_s, 1)
    ));
    lines.push(if d.replicas_needed == 1 && g.tp == 1 {
        // One GPU is no "group of 1 GPUs".
        crate::tr!(
            "serving.math.replicas_one_gpu",
            volume = compact(b.tokens_per_month),
            util = percent(s.utilisation),
            rate = exact(d.needed_tokens_per_s, 1)
        )
    } else if d.replicas_needed == 1 {
        crate::tr!(
            "serving.math.replicas_one",
            volume = compact(b.tokens_per_month),
            util = percent(s.utilisation),
            rate = exact(d.needed_tokens_per_s, 1),
            tp = g.tp
        )
    } else {
        crate::tr!(
            "serving.math.replicas_other",
            volume = compact(b.tokens_per_month),
            util = percent(s.utilisation),
            rate = exact(d.needed_tokens_per_s, 1),
            replicas = d.replicas_needed,
            tp = g.tp,
            gpus = d.gpus
        )
    });
    let sizes = sizes_text(&s.rent_sizes);
    // The catalog's instance is the whole machine: named only when that is the size rented.
    let whole = s.rent_sizes.last().copied().unwrap_or(d.machine_gpus);
    let machine = if b.instance.is_empty() || d.machine_gpus != whole {
        String::new()
    } else {
        format!(" ({})", b.instance)
    };
    let mut rented = crate::tr!(
        "serving.math.machines",
        provider = provider,
        acc = acc,
        sizes = sizes,
        machine = machine,
        machines = d.machines,
        kind = if d.machine_gpus == 1 {
            crate::tr!("serving.math.machine_one")
        } else {
            crate::tr!("serving.math.machine_other", n = d.machine_gpus)
        },
        billed = if d.billed_gpus == 1 {
            crate::tr!("serving.math.billed_one")
        } else {
            crate::tr!("serving.math.billed_other", n = d.billed_gpus)
        }
    );
    if b.whole_machines() {
        rented.push_str(&crate::tr!(
            "serving.math.machines_whole",
            running = d.replicas,
            gpus = d.gpus
        ));
    }
    lines.push(rented);
    let price = usd_unit(b.host_usd_per_hour, 4);
    let monthly = usd_exact(b.selfhost_monthly_usd);
    let hours = exact(HOURS_PER_MONTH, 0);
    lines.push(if d.billed_gpus == 1 {
        crate::tr!(
            "serving.math.bill_one",
            price = price,
            hours = hours,
            monthly = monthly
        )
    } else {
        crate::tr!(
            "serving.math.bill",
            billed = d.billed_gpus,
            price = price,
            hours = hours,
            monthly = monthly
        )
    });
    lines
}

/// The serving deployment's working: the formulas, each step with its figures, and the catalog
/// figures behind them (the accelerator's datasheet, the list price, the machine sizes).
pub fn serving_explanation(b: &BillingEstimate, catalog: &Catalog) -> Explanation {
    let mut citations = Vec::new();
    if let Some(a) = catalog.accelerator(&b.accelerator_id) {
        citations.push(Citation {
            figure: crate::tr!(
                "serving.math.chip_citation",
                name = a.name_text(),
                tflops = exact(b.setup.chip.peak_flops_per_s / 1e12, 1),
                precision = precision_name(b),
                memory = exact(a.memory_gb, 0),
                bandwidth = exact(a.bandwidth_tb_s, 2)
            ),
            source: a.source_text().to_string(),
            as_of: a.as_of.to_string(),
        });
    }
    if let Some(p) = catalog.price(&b.provider_id, &b.accelerator_id) {
        citations.push(Citation {
            figure: crate::tr!(
                "explain.price_citation",
                acc = crate::data::catalog::accelerator_name(&p.accelerator),
                provider = crate::data::catalog::provider_name(&p.provider),
                p = crate::io::format::usd_as_published(p.usd_per_gpu_hour, 4),
                note = ""
            ),
            source: p.source_text().to_string(),
            as_of: p.as_of.to_string(),
        });
    }
    if let Some(i) = catalog.instance(&b.provider_id, &b.accelerator_id) {
        citations.push(Citation {
            figure: crate::tr!(
                "serving.math.sizes_citation",
                instance = i.instance,
                sizes = sizes_text(&b.setup.rent_sizes)
            ),
            source: i.rent_sizes_source_text().to_string(),
            as_of: i.as_of.to_string(),
        });
    }
    Explanation {
        formula: crate::tr!("serving.math.formula"),
        substituted: serving_math(b, catalog).join("\n"),
        citations,
    }
}

fn precision_name(b: &BillingEstimate) -> &'static str {
    match b.precision {
        crate::input::knobs::Precision::Fp8 => "FP8",
        crate::input::knobs::Precision::Bf16 => "bf16",
    }
}

/// "70.6B", or "37B/671B" for a mixture, in the reader's number format.
fn params_words(active: f64, total: f64) -> String {
    let b = |v: f64| format!("{}B", exact(v / 1e9, 1));
    if total > active {
        format!("{}/{}", b(active), b(total))
    } else {
        b(active)
    }
}

/// "1 or 8", "2, 4 or 8", "8".
fn sizes_text(sizes: &[u32]) -> String {
    let all: Vec<String> = sizes.iter().map(u32::to_string).collect();
    match all.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            crate::tr!("serving.math.or", first = rest.join(", "), last = last)
        }
        _ => all.join(""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::knobs::Precision;

    #[test]
    fn machine_sizes_read_as_a_list() {
        assert_eq!(sizes_text(&[8]), "8");
        assert_eq!(sizes_text(&[1, 8]), "1 or 8");
        assert_eq!(sizes_text(&[2, 4, 8]), "2, 4 or 8");
    }

    #[test]
    fn the_batch_says_what_limits_it() {
        // The same 70B on AWS H100s with no speed asked of each user: memory alone sets the batch
        // (a group of 4: 148 GB left for 220 sequences of 2,048 tokens); at 500 tokens/s a user,
        // more than one request alone gets on that group (47.9), the same batch, saying why.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s = crate::input::job::Job::default();
        let e = crate::estimators::cost::estimate(&s, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let line = |speed: f64| {
            let k = crate::input::knobs::BillingInputs {
                infer_params: 70e9,
                user_tokens_per_s: speed,
                ..Default::default()
            };
            let b = crate::estimators::billing::estimate_billing(&s, &k, &e, &c);
            serving_math(&b, &c).swap_remove(2)
        };
        let free = line(0.0);
        assert!(
            free.starts_with("Batching as many requests as memory holds: batch 220;"),
            "{free}"
        );
        // At 1 token/s a user, memory runs out first (each of the 220 gets 12.2): memory's batch,
        // not the speed's.
        assert_eq!(line(1.0), free);
        let fast = line(500.0);
        assert!(
            fast.starts_with("Batching as many requests as memory holds: batch 220, since no batch reaches 500 tokens/s a user on this group (one request alone gets 47.9);"),
            "{fast}"
        );
    }

    #[test]
    fn a_mixture_in_fp8_is_named_by_its_active_and_total_sizes() {
        // DeepSeek-V3's shape, 37B active of 671B, in FP8: 671 GB of weights.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s = crate::input::job::Job::default();
        let e = crate::estimators::cost::estimate(&s, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let k = crate::input::knobs::BillingInputs {
            infer_params: 37e9,
            infer_params_total: Some(671e9),
            precision: Precision::Fp8,
            ..Default::default()
        };
        let b = crate::estimators::billing::estimate_billing(&s, &k, &e, &c);
        let lines = serving_math(&b, &c);
        assert!(
            lines[0].starts_with("37B/671B parameters in FP8: 671 GB of weights"),
            "{}",
            lines[0]
        );
    }

    #[test]
    fn a_70b_line_on_aws_states_its_group_replicas_and_machines() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let b = crate::estimators::billing::llama_70b_on_aws(&c, Precision::Bf16);
        let lines = serving_math(&b, &c);
        assert_eq!(lines.len(), 6, "{lines:#?}");
        // The numbers of billing.rs's worked example, each where a reader looks for it.
        assert!(
            lines[0].contains("140 GB") && lines[0].contains("64 query heads"),
            "{}",
            lines[0]
        );
        assert!(lines[1].starts_with("A group of 8 "), "{}", lines[1]);
        assert!(
            lines[2].starts_with("Batching each user at 25 tokens/s or faster: batch 164;"),
            "{}",
            lines[2]
        );
        assert!(
            lines[0].starts_with("70B parameters in bf16: 140 GB of weights"),
            "{}",
            lines[0]
        );
        assert!(
            lines[3].contains("one 8-GPU group serves them"),
            "{}",
            lines[3]
        );
        assert!(
            lines[4].contains("p5.48xlarge") && lines[4].contains("8 GPUs billed"),
            "{}",
            lines[4]
        );
        assert!(lines[5].contains("$40,179.20"), "{}", lines[5]);
        // 8B on one H100, which AWS rents alone (p5.4xlarge): the 8-GPU instance is not named.
        let one = crate::estimators::billing::estimate_billing(
            &crate::input::job::Job::default(),
            &Default::default(),
            &crate::estimators::cost::estimate(&crate::input::job::Job::default(), &c)
                .unwrap_or_else(|e| panic!("{e:?}")),
            &c,
        );
        let lines = serving_math(&one, &c);
        assert!(
            lines[4].ends_with("machines of 1 or 8 GPUs: 1 × 1-GPU machine = 1 GPU billed."),
            "{}",
            lines[4]
        );
        // One GPU is one GPU, never "one 1-GPU group".
        assert!(lines[3].ends_with("one GPU serves them."), "{}", lines[3]);
        assert!(
            lines[5].starts_with("1 GPU × $6.88 an hour × 730 h = $5,022.40"),
            "{}",
            lines[5]
        );
    }
}
