//! Property tests of the model's invariants (STYLE.md tier 2).

use proptest::prelude::*;
use runway_model::overheads::OverheadInputs;
use runway_model::parse::{format_number_exact, parse_number};
use runway_model::{decode_link, encode_link, estimate, Catalog, Scenario};

fn catalog() -> Catalog {
    Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
}

/// Any valid scenario: ids from the catalog, numbers within each field's accepted range.
fn scenario() -> impl Strategy<Value = Scenario> {
    let cat = catalog();
    let pairs: Vec<(String, String)> = cat
        .prices
        .iter()
        .map(|p| (p.accelerator.to_string(), p.provider.to_string()))
        .collect();
    (
        1e8f64..=2e12,
        1e9f64..=1e14,
        prop::sample::select(pairs),
        1u32..=100_000,
        // MFU and duty from their smallest accepted value, 0.0001.
        (1e-4f64..=1.0),
        (1e-4f64..=1.0),
        prop::option::of(1e-3f64..=1000.0),
        overheads(),
    )
        .prop_map(
            move |(params, tokens, (acc, prov), gpus, mfu, duty, price, mut overheads)| {
                // A network offered for this accelerator at this provider (its index taken modulo
                // the instance's list).
                overheads.network_id = overheads.network_id.and_then(|i| {
                    let offered = runway_model::overheads::offered_networks(&cat, &prov, &acc);
                    let n = offered.len();
                    (n > 0).then(|| offered[i.len() % n].to_string())
                });
                Scenario {
                    params,
                    tokens,
                    accelerator_id: acc,
                    gpus,
                    mfu,
                    duty,
                    provider_id: prov,
                    price_override_usd_per_gpu_hour: price,
                    overheads,
                    billing: Default::default(),
                    advisor: Default::default(),
                    ..Scenario::default()
                }
            },
        )
}

/// Any valid hidden-cost knobs (the network is a placeholder whose length picks one of the
/// provider's networks).
fn overheads() -> impl Strategy<Value = OverheadInputs> {
    let providers: Vec<String> = catalog()
        .providers
        .iter()
        .map(|p| p.id.to_string())
        .collect();
    (
        10f64..=1e8,
        // Checkpoint write from its smallest accepted value, 0.01 minutes.
        0.01f64..=1440.0,
        0f64..=1440.0,
        prop::option::of(1f64..=1e5),
        prop::option::of("x{0,4}"),
        0f64..=1.0,
        0u32..=1000,
        any::<bool>(),
        prop::option::of(prop::sample::select(providers)),
        any::<bool>(),
    )
        .prop_map(
            |(mtbf, write, restart, every, network, overlap, kept, spot, data_on, export)| {
                OverheadInputs {
                    network_id: network,
                    overlap,
                    mtbf_gpu_hours: mtbf,
                    checkpoint_write_minutes: write,
                    restart_minutes: restart,
                    checkpoint_every_minutes: every,
                    checkpoints_kept: kept,
                    data_on_provider: data_on,
                    spot,
                    export_weights: export,
                    ..OverheadInputs::default()
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn link_decoder_never_panics_on_any_string(q in ".*") {
        let cat = catalog();
        let d = decode_link(&q, &cat);
        // Whatever came in, the scenario is priceable and finite.
        let e = estimate(&d.scenario, &cat);
        prop_assert!(e.is_ok());
        if let Ok(e) = e {
            prop_assert!(e.compute_cost_usd.is_finite() && e.compute_cost_usd > 0.0);
        }
    }

    #[test]
    fn link_decoder_never_panics_on_link_shaped_strings(
        pairs in prop::collection::vec(
            (prop::sample::select(vec!["params", "tokens", "gpu", "gpus", "mfu", "duty", "provider", "price", "start", "grant", "work", "mtbf", "ckpt_write", "restart", "ckpt_every", "network", "overlap", "ckpts_kept", "spot", "data_on", "export", "name", "note", "cmp", "x", ""]),
             "[-+0-9.eEkKmMbBtT%,_a-z<>\"&=;: ]{0,24}"),
            0..10)
    ) {
        let q: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let cat = catalog();
        let d = decode_link(&q.join("&"), &cat);
        let e = estimate(&d.scenario, &cat);
        prop_assert!(e.is_ok());
        for err in &d.errors {
            prop_assert!(!err.to_string().is_empty());
        }
        // Whatever plan came through simulates, within the horizon cap, and re-encodes losslessly.
        if e.is_ok() {
            let r = runway_model::evaluate::run_plan(&d.plan, &d.scenario, &cat);
            prop_assert!(r.horizon_days <= runway_model::runway::HORIZON_CAP_DAYS);
            prop_assert!(r.total_spend_usd.is_finite());
        }
        let again = decode_link(&encode_link(&d.scenario, &d.plan), &cat);
        prop_assert_eq!(again.plan, d.plan);
    }

    #[test]
    fn encode_then_decode_round_trips(s in scenario()) {
        let d = decode_link(&encode_link(&s, &Default::default()), &catalog());
        prop_assert!(d.errors.is_empty(), "{:?}", d.errors);
        prop_assert_eq!(d.scenario, s);
    }

    #[test]
    fn exact_number_format_round_trips(v in any::<f64>().prop_filter("finite", |v| v.is_finite())) {
        prop_assert_eq!(parse_number(&format_number_exact(v)).map(f64::to_bits), Ok(v.to_bits()));
    }

    #[test]
    fn doubling_params_and_tokens_quadruples_cost(s in scenario()) {
        let cat = catalog();
        let double = Scenario { params: s.params * 2.0, tokens: s.tokens * 2.0, ..s.clone() };
        let a = estimate(&s, &cat).map(|e| e.compute_cost_usd).unwrap_or(f64::NAN);
        let b = estimate(&double, &cat).map(|e| e.compute_cost_usd).unwrap_or(f64::NAN);
        prop_assert!((b / a - 4.0).abs() < 1e-9, "{} {}", a, b);
    }

    #[test]
    fn halving_mfu_doubles_cost_and_gpu_hours(s in scenario()) {
        let cat = catalog();
        let half = Scenario { mfu: s.mfu / 2.0, ..s.clone() };
        let (a, b) = (estimate(&s, &cat), estimate(&half, &cat));
        prop_assert!(a.is_ok() && b.is_ok());
        if let (Ok(a), Ok(b)) = (a, b) {
            prop_assert!((b.gpu_hours / a.gpu_hours - 2.0).abs() < 1e-9);
            prop_assert!((b.compute_cost_usd / a.compute_cost_usd - 2.0).abs() < 1e-9);
            // Wall-clock scales with GPU-hours; the monthly rate does not depend on MFU.
            prop_assert_eq!(a.monthly_cost_per_gpu_usd, b.monthly_cost_per_gpu_usd);
        }
    }
}

mod runway_invariants {
    use proptest::prelude::*;
    use runway_model::catalog::Scope;
    use runway_model::runway::{simulate, GrantInput, LineItem, WorkloadInput};

    fn provider() -> impl Strategy<Value = String> {
        prop::sample::select(vec!["aws", "gcp", "modal"]).prop_map(String::from)
    }

    fn grant() -> impl Strategy<Value = GrantInput> {
        (
            provider(),
            prop::sample::select(vec![
                Scope::All,
                Scope::Gpu,
                Scope::Silicon,
                Scope::Platform,
            ]),
            0.0f64..1e6,
            0u32..400,
            0u32..90,
            1u32..800,
        )
            .prop_map(
                |(provider_id, scope, amount_usd, apply_day, review_days, validity_days)| {
                    GrantInput {
                        provider_id,
                        scope,
                        amount_usd,
                        apply_day,
                        review_days,
                        validity_days,
                    }
                },
            )
    }

    fn workload() -> impl Strategy<Value = WorkloadInput> {
        (
            provider(),
            prop::option::of(provider()),
            1u32..2000,
            0.1f64..12.0,
            0.01f64..=1.0,
            0u32..400,
            0.0f64..5e6,
        )
            .prop_map(
                |(
                    provider_id,
                    own_silicon_of,
                    gpus,
                    usd_per_gpu_hour,
                    duty,
                    start_day,
                    gpu_hours,
                )| WorkloadInput {
                    provider_id,
                    own_silicon_of,
                    line: LineItem::Accelerators,
                    gpus,
                    usd_per_gpu_hour,
                    duty,
                    start_day,
                    gpu_hours,
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn every_dollar_is_accounted_for(grants in prop::collection::vec(grant(), 0..8), workloads in prop::collection::vec(workload(), 0..4)) {
            let r = simulate(&grants, &workloads);
            let tol = |x: f64| 1e-9 * x.abs().max(1.0);
            for (g, o) in grants.iter().zip(&r.grants) {
                // used + expired + still usable = amount, and no part is negative.
                prop_assert!((o.used_usd + o.expired_usd + o.unused_usd - g.amount_usd).abs() <= tol(g.amount_usd), "{:?} {:?}", g, o);
                prop_assert!(o.used_usd >= 0.0 && o.expired_usd >= 0.0 && o.unused_usd >= 0.0);
                // A grant never pays another provider's bill (nor a line item outside its scope).
                // That it never pays outside its window is checked by
                // `no_grant_pays_outside_its_window` and `a_lone_grant_leaves_cash_outside_its_window`.
                if !workloads.iter().any(|w| g.pays_for(w)) {
                    prop_assert_eq!(o.used_usd, 0.0);
                }
            }
            // Spend = grants used + cash; the runway never spends more than it is given plus cash.
            let used: f64 = r.grants.iter().map(|o| o.used_usd).sum();
            prop_assert!((r.total_spend_usd - used - r.cash_usd).abs() <= tol(r.total_spend_usd));
            prop_assert!(r.horizon_days <= runway_model::runway::HORIZON_CAP_DAYS);
            prop_assert_eq!(r.runway_end_day.is_some(), r.cash_usd > 0.0);
            if let Some(day) = r.runway_end_day {
                prop_assert!(r.daily_cash_usd[day as usize] > 0.0);
                prop_assert!(r.daily_cash_usd[..day as usize].iter().all(|c| *c == 0.0));
            }
        }

        /// No grant pays on a day outside [apply + review, apply + review + validity), per grant and
        /// per day.
        ///
        /// The result has no per-day, per-grant payment table, so it is rebuilt from two series the
        /// model keeps separately: each grant's end-of-day balance steps and the daily spend and
        /// cash. A grant's payment on day d is its balance at the end of day d - 1 (the full amount
        /// before its window) minus its balance at the end of day d; outside the window it is taken
        /// to be 0, and the balance steps must show no change there (no step before the first
        /// usable day; at or after the expiry day only the expiry itself, a drop to 0 on the expiry
        /// day that equals the expired amount). Then, every day, what the grants paid must be the
        /// day's spend minus its cash: a payment outside a window would either show in the steps
        /// there or leave that day's grant payments short of spend − cash.
        #[test]
        fn no_grant_pays_outside_its_window(grants in prop::collection::vec(tight_grant(), 0..8), workloads in prop::collection::vec(tight_workload(), 0..5)) {
            let r = simulate(&grants, &workloads);
            let horizon = r.horizon_days;
            let scale = grants.iter().map(|g| g.amount_usd).fold(1.0, f64::max);
            let tol = |x: f64| 1e-9 * x.abs().max(scale);
            let mut paid_by_day = vec![0.0; horizon as usize];
            for (k, g) in grants.iter().enumerate() {
                let (first, end) = window(g);
                let steps = &r.balance_steps[k];
                let o = &r.grants[k];
                if first == end {
                    // No usable day: at most the opening record of the full amount on the
                    // approval day, which is also its expiry day, then the expiry to 0.
                    let opening = (first < horizon).then_some((first, g.amount_usd));
                    let expiry = (end <= horizon).then_some((end, 0.0));
                    prop_assert_eq!(steps.clone(), opening.into_iter().chain(expiry).collect::<Vec<_>>());
                    prop_assert_eq!((o.used_usd, o.expired_usd), (0.0, if end <= horizon { g.amount_usd } else { 0.0 }));
                    continue;
                }
                // Split at the expiry day: the window's own steps, then at most the expiry.
                let (inside, late): (Steps, Steps) = steps.iter().partition(|&&(d, _)| d < end);
                prop_assert_eq!(inside.iter().chain(&late).copied().collect::<Vec<_>>(), steps.clone());
                prop_assert!(inside.windows(2).all(|s| s[0].0 < s[1].0), "one step a day {:?}", steps);
                // Nothing recorded before the window opens; it opens with a step when inside the
                // horizon.
                prop_assert!(steps.iter().all(|&(d, _)| d >= first), "{:?} {:?}", g, steps);
                if first < end.min(horizon) {
                    prop_assert_eq!(inside.first().map(|s| s.0), Some(first), "{:?} {:?}", g, steps);
                }
                // At or after the expiry day: only the expiry, a last step to 0 on that day, from
                // the balance left in the window (the full amount if it never opened).
                prop_assert!(late.len() <= 1, "{:?} {:?}", g, steps);
                if let Some(&(d, b)) = late.first() {
                    prop_assert_eq!((d, b), (end, 0.0));
                    let before = inside.last().map_or(g.amount_usd, |s| s.1);
                    prop_assert!((before - o.expired_usd).abs() <= tol(before), "{:?} {:?} {:?}", g, steps, o);
                }
                // Payments day by day inside the window (clipped to the horizon).
                let mut previous = g.amount_usd;
                let mut total = 0.0;
                for day in first..end.min(horizon) {
                    let i = inside.partition_point(|&(d, _)| d <= day);
                    let now = if i == 0 { g.amount_usd } else { inside[i - 1].1 };
                    prop_assert!(now <= previous, "balance rose on day {}: {:?}", day, steps);
                    paid_by_day[day as usize] += previous - now;
                    total += previous - now;
                    previous = now;
                }
                prop_assert!((total - o.used_usd).abs() <= tol(o.used_usd), "{:?} {:?} {:?}", g, steps, o);
            }
            for (day, paid) in paid_by_day.iter().enumerate() {
                let (spend, cash) = (r.daily_spend_usd[day], r.daily_cash_usd[day]);
                prop_assert!(
                    (spend - cash - paid).abs() <= tol(spend),
                    "day {}: spend {} - cash {} = {}, but grants usable that day paid {}\n{:?}\n{:?}",
                    day, spend, cash, spend - cash, paid, grants, workloads
                );
            }
        }

        /// The same through a construction that needs no balance series: one grant, and line items
        /// it is eligible for (its own provider, accelerator hours on its own silicon, which every
        /// scope pays). Outside its window nothing can pay them, so all of every such day's spend is
        /// cash; inside it, cash appears only once the grant is spent.
        #[test]
        fn a_lone_grant_leaves_cash_outside_its_window(g in tight_grant(), mut workloads in prop::collection::vec(tight_workload(), 1..4)) {
            for w in &mut workloads {
                w.provider_id = g.provider_id.clone();
                w.own_silicon_of = Some(g.provider_id.clone());
                w.line = LineItem::Accelerators;
            }
            let r = simulate(std::slice::from_ref(&g), &workloads);
            let (first, end) = window(&g);
            for day in 0..r.horizon_days {
                let (spend, cash) = (r.daily_spend_usd[day as usize], r.daily_cash_usd[day as usize]);
                if day < first || day >= end {
                    prop_assert_eq!(cash, spend, "day {} outside [{}, {})", day, first, end);
                } else if cash > 0.0 {
                    prop_assert!((r.grants[0].used_usd - g.amount_usd).abs() <= 1e-9 * g.amount_usd.max(1.0),
                        "cash on day {} inside [{}, {}) with the grant not spent: {:?}", day, first, end, r.grants[0]);
                }
            }
        }
    }

    /// A grant's balance steps: (day, end-of-day balance).
    type Steps = Vec<(u32, f64)>;

    /// The usable window [apply + review, apply + review + validity), from the fields.
    fn window(g: &GrantInput) -> (u32, u32) {
        let first = g.apply_day + g.review_days;
        (first, first + g.validity_days)
    }

    /// Grants on a short calendar (days 0-30), so windows open and close on the days workloads
    /// start and end; amounts of whole days at the workloads' prices, so balances also run out on
    /// day boundaries.
    fn tight_grant() -> impl Strategy<Value = GrantInput> {
        (
            provider(),
            prop::sample::select(vec![
                Scope::All,
                Scope::Gpu,
                Scope::Silicon,
                Scope::Platform,
            ]),
            prop_oneof![(0u32..200).prop_map(|k| f64::from(k) * 6.0), 0.0f64..5e3],
            0u32..12,
            0u32..6,
            0u32..15,
        )
            .prop_map(
                |(provider_id, scope, amount_usd, apply_day, review_days, validity_days)| {
                    GrantInput {
                        provider_id,
                        scope,
                        amount_usd,
                        apply_day,
                        review_days,
                        validity_days,
                    }
                },
            )
    }

    fn tight_workload() -> impl Strategy<Value = WorkloadInput> {
        (
            provider(),
            prop::option::of(provider()),
            prop::sample::select(vec![
                LineItem::Accelerators,
                LineItem::Storage,
                LineItem::Egress,
            ]),
            1u32..9,
            prop_oneof![(1u32..48).prop_map(|k| f64::from(k) * 0.25), 0.1f64..12.0],
            prop_oneof![Just(1.0), Just(0.5), 0.01f64..=1.0],
            0u32..20,
            prop_oneof![(1u32..80).prop_map(|q| f64::from(q) * 6.0), 0.0f64..5e3],
        )
            .prop_map(
                |(
                    provider_id,
                    own_silicon_of,
                    line,
                    gpus,
                    usd_per_gpu_hour,
                    duty,
                    start_day,
                    gpu_hours,
                )| {
                    WorkloadInput {
                        provider_id,
                        own_silicon_of,
                        line,
                        gpus,
                        usd_per_gpu_hour,
                        duty,
                        start_day,
                        gpu_hours,
                    }
                },
            )
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Grant tokens built from real program ids and random fields: every one either loads or is
    /// reported, and what loads round-trips through the link exactly.
    #[test]
    fn grant_tokens_load_or_are_reported(
        tokens in prop::collection::vec(
            (prop::sample::select(vec!["aws-activate", "modal", "together", "aws-trainium", "oracle", "nope"]),
             prop::collection::vec("[-+0-9.eEkKmMbBtT%_]{0,8}", 0..6)),
            1..6)
    ) {
        let cat = catalog();
        let q: Vec<String> = tokens
            .iter()
            .map(|(id, fields)| {
                let mut t = id.to_string();
                for f in fields {
                    t.push(':');
                    t.push_str(f);
                }
                format!("grant={}", form_urlencoded_value(&t))
            })
            .collect();
        let d = decode_link(&q.join("&"), &cat);
        prop_assert_eq!(d.plan.grants.len() + d.plan_errors.len(), tokens.len());
        let again = decode_link(&encode_link(&d.scenario, &d.plan), &cat);
        prop_assert_eq!(again.plan, d.plan);
        prop_assert!(again.plan_errors.is_empty());
    }
}

/// Percent-encodes a query value the way a browser would for these characters.
fn form_urlencoded_value(s: &str) -> String {
    s.replace('%', "%25")
        .replace('+', "%2B")
        .replace(':', "%3A")
}
