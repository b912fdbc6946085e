//! Property tests of the model's invariants (STYLE.md tier 2).

use proptest::prelude::*;
use runway_model::{
    credit_totals, decode_link, encode_link, estimate, evaluate, format_number_exact, parse_number,
    Catalog, DecodedLink, Field, Job, OverheadInputs, Plan, Settings, Token, WorkloadKind,
};

fn catalog() -> Catalog {
    Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
}

/// Any valid one-job plan: ids from the catalog, numbers within each field's accepted range.
fn scenario() -> impl Strategy<Value = Plan> {
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
                    let offered = runway_model::offered_networks(&cat, &prov, &acc);
                    let n = offered.len();
                    (n > 0).then(|| offered[i.len() % n].to_string())
                });
                Plan {
                    workloads: vec![runway_model::Workload {
                        id: 0,
                        work: runway_model::Work::Train(Job {
                            params,
                            tokens,
                            accelerator_id: acc,
                            gpus,
                            mfu,
                            duty,
                            provider_id: prov,
                            price_override_usd_per_gpu_hour: price,
                            ..Job::default()
                        }),
                    }],
                    settings: Settings {
                        overheads,
                        ..Settings::default()
                    },
                    ..Plan::default()
                }
            },
        )
}

/// Any valid hidden-cost knobs (the network is a placeholder whose length picks one of the
/// provider's networks).
fn overheads() -> impl Strategy<Value = OverheadInputs> {
    // Where data can live: providers that rent machines (an API provider bills tokens only).
    let providers: Vec<String> = catalog()
        .hosting_providers()
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

// --- Link-shaped queries --------------------------------------------------------------------
//
// Like model/benches/fuzz.rs `link_shaped`, but aimed at plans that load: every plan token spells
// real catalog ids (a program, a provider with an accelerator it rents, a job kind) and writes
// every one of its fields, optional ones included (a grant's approval chance and review range
// too), each inside the field's accepted range (its edges included). One token in five has one
// numeric field spoiled (out of range or not a number), so rejections are exercised too.
// `plans_from_link_shaped_strings_mostly_load` checks that most generated plans do load.

/// A number written the ways a person or a link writes one: plain, scientific, with a K or B
/// suffix, or (fractions) as a percentage.
fn written(v: f64, style: u8, percent: bool) -> String {
    match style % 5 {
        0 => format!("{v:e}"),
        1 | 2 => format!("{v}"),
        3 if percent => format!("{}%", v * 100.0),
        3 => format!("{}K", v / 1e3),
        _ if percent => format!("{v}"),
        _ => format!("{:e}B", v / 1e9),
    }
}

/// Text for a number field accepting `lo..=hi` (above `lo` when `!min_inclusive`; whole numbers
/// when `whole`), inside that range: an edge one time in four, else log-uniform when `lo > 0`,
/// uniform from 0 otherwise.
fn number_in(
    lo: f64,
    hi: f64,
    min_inclusive: bool,
    whole: bool,
    percent: bool,
) -> BoxedStrategy<String> {
    (0.0..=1.0f64, any::<u8>(), 0u8..8)
        .prop_map(move |(t, style, edge)| {
            let v = match edge {
                0 if min_inclusive => lo,
                1 => hi,
                _ if lo > 0.0 => (lo.ln() + (hi.ln() - lo.ln()) * t).exp(),
                // Fractions above 0: from 1e-4 of the top (the smallest MFU or duty accepted) up.
                _ if !min_inclusive => (1e-4f64.ln() * (1.0 - t)).exp() * hi,
                _ => lo + (hi - lo) * t,
            };
            let v = if whole {
                v.round().clamp(lo, hi)
            } else {
                v.clamp(lo, hi)
            };
            // A whole number is mostly written plainly (`1826`), as the page writes it.
            if whole && style % 2 == 0 {
                format!("{v}")
            } else {
                written(v, style, percent)
            }
        })
        .boxed()
}

/// Text for a numeric field of the link, inside its documented range.
fn field_text(f: Field) -> BoxedStrategy<String> {
    let r = f
        .range()
        .unwrap_or_else(|| panic!("{} has no range", f.key()));
    number_in(r.min, r.max, r.min_inclusive, r.whole, f.is_percent())
}

/// An optional token field: its text, or empty (the field's default) one time in eight.
fn optional(s: BoxedStrategy<String>) -> BoxedStrategy<String> {
    prop_oneof![7 => s, 1 => Just(String::new())].boxed()
}

/// How many optional fields a token keeps: all of them half the time, else any number.
fn kept(optional: usize) -> BoxedStrategy<usize> {
    prop_oneof![1 => Just(optional), 1 => 0..=optional].boxed()
}

/// No spoiled field four times in five; else which numeric field to spoil and with what: a value
/// no field accepts (negative, not a number, too large to represent, above every range).
fn spoil() -> BoxedStrategy<Option<(prop::sample::Index, String)>> {
    let bad = prop::sample::select(vec!["-1", "x", "1e400", "9e99"]).prop_map(String::from);
    prop_oneof![4 => Just(None), 1 => (any::<prop::sample::Index>(), bad).prop_map(Some)].boxed()
}

/// Joins the required token parts and `keep` of the optional ones with `:`, after spoiling one
/// of the kept parts whose positions are listed in `numeric`, if `spoil` says so.
fn token(
    mut parts: Vec<String>,
    required: usize,
    keep: usize,
    numeric: &[usize],
    spoil: Option<(prop::sample::Index, String)>,
) -> String {
    let len = (required + keep).min(parts.len());
    let spoilable: Vec<usize> = numeric.iter().copied().filter(|&i| i < len).collect();
    if let Some((at, bad)) = spoil {
        if !spoilable.is_empty() {
            parts[*at.get(&spoilable)] = bad;
        }
    }
    parts[..len].join(":")
}

/// Every (provider, accelerator) the catalog prices: a provider with an accelerator it rents.
fn offers(cat: &Catalog) -> Vec<(String, String)> {
    cat.prices
        .iter()
        .map(|p| (p.provider.to_string(), p.accelerator.to_string()))
        .collect()
}

/// `grant=program:amount:apply:review:validity:approval:review-min:review-max`: a catalog
/// program (an unknown id one time in twenty), then its fields.
fn grant_token(cat: &Catalog) -> BoxedStrategy<String> {
    let programs: Vec<String> = cat.programs.iter().map(|p| p.id.to_string()).collect();
    (
        prop_oneof![19 => prop::sample::select(programs), 1 => Just("nope".to_string())],
        number_in(1.0, 1e9, true, false, false),
        number_in(0.0, 1826.0, true, true, false),
        number_in(0.0, 730.0, true, true, false),
        number_in(1.0, 3650.0, true, true, false),
        // Approval chance: a fraction or a percentage, 0 to 1.
        number_in(0.0, 1.0, true, false, true),
        // Shortest and longest review: days, or empty (the catalog's).
        optional(number_in(0.0, 730.0, true, true, false)),
        optional(number_in(0.0, 730.0, true, true, false)),
        kept(7),
        spoil(),
    )
        .prop_map(
            |(p, amount, apply, review, validity, approval, rmin, rmax, keep, bad)| {
                let parts = vec![p, amount, apply, review, validity, approval, rmin, rmax];
                token(parts, 1, keep, &[1, 2, 3, 4, 5, 6, 7], bad)
            },
        )
        .boxed()
}

/// `job=kind:params:tokens:provider:accelerator:gpus[:…]`: the optional slots are the input
/// table's optional job rows in their positions, so a new per-job input is generated too.
fn job_token(cat: &Catalog) -> BoxedStrategy<String> {
    let kinds: Vec<String> = runway_model::job_kinds()
        .map(|k| k.id().to_string())
        .collect();
    let rows: Vec<Field> = runway_model::job_rows()
        .into_iter()
        .filter(|(_, need)| *need != runway_model::Need::Required)
        .map(|(f, _)| f)
        .collect();
    let optionals: Vec<BoxedStrategy<String>> =
        rows.iter().map(|f| optional(field_text(*f))).collect();
    let n = optionals.len();
    (
        (
            prop::sample::select(kinds),
            field_text(Field::Params),
            field_text(Field::Tokens),
        ),
        prop::sample::select(offers(cat)),
        field_text(Field::Gpus),
        optionals,
        kept(n),
        spoil(),
    )
        .prop_map(
            move |((kind, params, tokens), (provider, acc), gpus, optionals, keep, bad)| {
                let mut parts = vec![kind, params, tokens, provider, acc, gpus];
                parts.extend(optionals);
                // Every slot but the kind and the two ids is a number that can be spoiled.
                let numeric: Vec<usize> = [1, 2, 5].into_iter().chain(6..6 + n).collect();
                token(parts, 6, keep, &numeric, bad)
            },
        )
        .boxed()
}

/// `api_use=api-id:tokens-per-month[:start[:months]]`.
fn api_use_token(cat: &Catalog) -> BoxedStrategy<String> {
    let apis: Vec<String> = cat.apis.iter().map(|a| a.id.to_string()).collect();
    (
        prop::sample::select(apis),
        field_text(Field::TokensMonth),
        optional(field_text(Field::Start)),
        optional(number_in(1.0, 60.0, true, true, false)),
        kept(2),
        spoil(),
    )
        .prop_map(|(api, tpm, start, months, keep, bad)| {
            token(vec![api, tpm, start, months], 2, keep, &[1, 2, 3], bad)
        })
        .boxed()
}

/// `serve=params:tokens-per-month:provider:accelerator[:start[:months[:host[:price]]]]`.
fn serve_token(cat: &Catalog) -> BoxedStrategy<String> {
    let hosts: Vec<String> = runway_model::HostMode::ALL
        .iter()
        .map(|(_, id)| id.to_string())
        .collect();
    (
        field_text(Field::InferParams),
        field_text(Field::TokensMonth),
        prop::sample::select(offers(cat)),
        optional(field_text(Field::Start)),
        optional(number_in(1.0, 60.0, true, true, false)),
        prop::sample::select(hosts),
        optional(field_text(Field::Price)),
        kept(4),
        spoil(),
    )
        .prop_map(
            |(params, tpm, (provider, acc), start, months, host, price, keep, bad)| {
                let parts = vec![params, tpm, provider, acc, start, months, host, price];
                token(parts, 4, keep, &[0, 1, 4, 5, 7], bad)
            },
        )
        .boxed()
}

/// `work=provider:accelerator:gpus:gpu-hours:start[:duty[:price]]`.
fn work_token(cat: &Catalog) -> BoxedStrategy<String> {
    (
        prop::sample::select(offers(cat)),
        number_in(1.0, 100_000.0, true, true, false),
        number_in(1.0, 1e12, false, false, false),
        number_in(0.0, 1826.0, true, true, false),
        number_in(0.0, 1.0, false, false, false),
        number_in(1e-4, 1000.0, false, false, false),
        kept(2),
        spoil(),
    )
        .prop_map(
            |((provider, acc), gpus, hours, start, duty, price, keep, bad)| {
                token(
                    vec![provider, acc, gpus, hours, start, duty, price],
                    5,
                    keep,
                    &[2, 3, 4, 5, 6],
                    bad,
                )
            },
        )
        .boxed()
}

/// `cmp=kind:params:tokens[:epochs[:runs[:gpus[:checkpointing]]]]` (checkpointing only for the
/// kinds that take it, an empty gpus field only before it), or a retrieval column `cmp=rag:embed-params:corpus[:queries[:k[:chunk[:dimension]]]]`.
fn cmp_token() -> BoxedStrategy<String> {
    let kinds: Vec<WorkloadKind> = WorkloadKind::ALL
        .into_iter()
        .filter(|k| k.compares() && *k != WorkloadKind::Retrieval)
        .collect();
    let training = (
        prop::sample::select(kinds),
        field_text(Field::Params),
        number_in(1e6, 1e14, true, false, false),
        number_in(0.01, 100.0, true, false, false),
        number_in(1.0, 1000.0, true, true, false),
        optional(number_in(1.0, 100_000.0, true, true, false)),
        prop::sample::select(vec!["0".to_string(), "1".to_string()]),
        kept(4),
        spoil(),
    )
        .prop_map(
            |(kind, params, tokens, epochs, runs, gpus, ckpt, keep, bad)| {
                // Only full fine-tuning, LoRA and QLoRA take the checkpointing flag; an empty gpus
                // field must be followed by one (`cmp=lora:8B:200M:1:10::1`).
                let keep = match (kind.offers_checkpointing(), gpus.is_empty()) {
                    (true, true) if keep == 3 => 4,
                    (true, _) => keep,
                    (false, true) => keep.min(2),
                    (false, false) => keep.min(3),
                };
                token(
                    vec![
                        kind.id().to_string(),
                        params,
                        tokens,
                        epochs,
                        runs,
                        gpus,
                        ckpt,
                    ],
                    3,
                    keep,
                    &[1, 2, 3, 4, 5],
                    bad,
                )
            },
        );
    let rag = (
        field_text(Field::Params),
        number_in(1e6, 1e14, true, false, false),
        number_in(0.0, 1e12, true, false, false),
        number_in(1.0, 100.0, true, true, false),
        number_in(16.0, 8192.0, true, true, false),
        number_in(16.0, 16_384.0, true, true, false),
        kept(4),
        spoil(),
    )
        .prop_map(|(embed, corpus, queries, k, chunk, dim, keep, bad)| {
            let parts = vec!["rag".to_string(), embed, corpus, queries, k, chunk, dim];
            token(parts, 3, keep, &[1, 2, 3, 4, 5, 6], bad)
        });
    prop_oneof![3 => training, 1 => rag].boxed()
}

/// One `key=value` pair of a link-shaped query.
fn link_pair(cat: &Catalog) -> BoxedStrategy<(String, String)> {
    let numeric: Vec<Field> = Field::ALL
        .into_iter()
        .filter(|f| f.range().is_some())
        .collect();
    let mut ids: Vec<(&'static str, String)> = Vec::new();
    for a in &cat.accelerators {
        ids.push(("gpu", a.id.to_string()));
    }
    for p in &cat.providers {
        ids.push(("provider", p.id.to_string()));
        ids.push(("data_on", p.id.to_string()));
    }
    for n in &cat.networks {
        ids.push(("network", n.id.to_string()));
    }
    for a in &cat.apis {
        ids.push(("api", a.id.to_string()));
    }
    for x in &cat.shapes {
        ids.push(("shape", x.id.to_string()));
    }
    for (_, id) in runway_model::HostMode::ALL {
        ids.push(("host", id.to_string()));
    }
    for t0 in ["2026-12-01", "2028-02-29", "2027-02-29", "14/03/2027"] {
        ids.push(("t0", t0.to_string()));
    }
    let pair =
        |k: &'static str, s: BoxedStrategy<String>| s.prop_map(move |v| (k.to_string(), v)).boxed();
    let span = |lo: f64, hi: f64| {
        (
            number_in(lo, 1.0, true, false, false),
            number_in(1.0, hi, true, false, false),
        )
            .prop_map(|(a, b)| format!("{a}:{b}"))
            .boxed()
    };
    prop_oneof![
        6 => pair("grant", grant_token(cat)),
        3 => pair("job", job_token(cat)),
        2 => pair("serve", serve_token(cat)),
        2 => pair("api_use", api_use_token(cat)),
        3 => pair("work", work_token(cat)),
        1 => pair("cmp", cmp_token()),
        1 => pair("mfu_range", span(0.05, 5.0)),
        1 => pair("price_range", span(0.05, 10.0)),
        2 => prop::sample::select(numeric).prop_flat_map(|f| field_text(f).prop_map(move |v| (f.key().to_string(), v))),
        2 => prop::sample::select(ids).prop_map(|(k, v)| (k.to_string(), v)),
        1 => (prop::sample::select(vec!["name", "note", "x", ""]), "[-+0-9.eEkKmMbBtT%,_a-z<>\"&=;: ]{0,24}")
            .prop_map(|(k, v)| (k.to_string(), v)),
    ]
    .boxed()
}

/// A link-shaped query: 2 to 12 pairs, each value percent-encoded or (when it needs no escaping)
/// written raw, as hand-edited links are.
fn link_shaped() -> impl Strategy<Value = String> {
    let cat = catalog();
    prop::collection::vec((link_pair(&cat), any::<bool>()), 2..=12).prop_map(|pairs| {
        pairs
            .iter()
            .map(|((k, v), encode)| {
                if *encode || v.contains(['%', '+', '&', '#', '=', ' ', '"', '<', '>', ';']) {
                    let v: String = form_urlencoded::byte_serialize(v.as_bytes()).collect();
                    format!("{k}={v}")
                } else {
                    format!("{k}={v}")
                }
            })
            .collect::<Vec<_>>()
            .join("&")
    })
}

/// How many `key=` pairs a query holds.
fn count_key(q: &str, key: &str) -> usize {
    form_urlencoded::parse(q.as_bytes())
        .filter(|(k, _)| k == key)
        .count()
}

/// How many token errors of one kind a decoded link reports.
fn errors_of(d: &DecodedLink, kind: impl Fn(&Token) -> bool) -> usize {
    d.plan_errors.iter().filter(|e| kind(&e.at)).count()
}

/// What a link-shaped query loaded from its plan tokens.
struct Loaded {
    grants: usize,
    grant_errors: usize,
    /// Training jobs from `job=` tokens (not the default job, not one from the old keys).
    jobs: usize,
    serves: usize,
    works: usize,
}

impl Loaded {
    fn of(q: &str, d: &DecodedLink) -> Loaded {
        let job_tokens = count_key(q, "job");
        let job_errors = errors_of(d, |t| matches!(t, Token::Job(_)));
        // When every job token is rejected, a job the plan still has is the old keys' one.
        let jobs = if job_tokens == 0 || job_errors == job_tokens {
            0
        } else {
            d.plan.jobs().len()
        };
        Loaded {
            grants: d.plan.grants.len(),
            grant_errors: errors_of(d, |t| matches!(t, Token::Grant(_))),
            jobs,
            serves: d.plan.serves().len(),
            works: d.plan.experiments().len(),
        }
    }

    /// A plan the runway has something to do with: a grant, and a workload from a token to pay.
    fn non_empty(&self) -> bool {
        self.grants > 0 && self.jobs + self.serves + self.works > 0
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn link_decoder_never_panics_on_any_string(q in ".*") {
        let cat = catalog();
        let d = decode_link(&q, &cat);
        // Whatever came in, every job and the job the page opens (the first, else a new
        // default one) are priceable and finite.
        let editor = d.plan.opening_draft();
        for job in d.plan.jobs().into_iter().chain([&editor]) {
            let e = estimate(job, &cat);
            prop_assert!(e.is_ok());
            if let Ok(e) = e {
                prop_assert!(e.compute_cost_usd.is_finite() && e.compute_cost_usd > 0.0);
            }
        }
    }

    /// Link-shaped queries ([`link_shaped`]): real program, provider and accelerator ids, every
    /// field of every plan token, numbers mostly in range. Whatever loads is priceable, simulates
    /// within the horizon cap and re-encodes losslessly; every token either loads or is reported.
    #[test]
    fn link_decoder_never_panics_on_link_shaped_strings(q in link_shaped()) {
        let cat = catalog();
        let d = decode_link(&q, &cat);
        let e = d.plan.jobs().iter().try_for_each(|j| estimate(j, &cat).map(|_| ()));
        prop_assert!(e.is_ok());
        for err in &d.errors {
            prop_assert!(!err.to_string().is_empty());
        }
        for err in &d.plan_errors {
            prop_assert!(!err.to_string().is_empty());
        }
        // Whatever plan came through simulates, within the horizon cap, and re-encodes losslessly.
        if e.is_ok() {
            let r = runway_model::run_plan(&d.plan, &cat);
            prop_assert!(r.horizon_days <= runway_model::HORIZON_CAP_DAYS);
            prop_assert!(r.total_spend_usd.is_finite());
        }
        let again = decode_link(&encode_link(&d.plan), &cat);
        prop_assert_eq!(&again.plan, &d.plan);
        prop_assert!(again.plan_errors.is_empty(), "{:?}", again.plan_errors);
        // Each token loads or is reported (the generator stays under the plan's limits: at most
        // 12 tokens, so 20 workloads and 40 grants are never reached; columns are capped at 4).
        let loaded = Loaded::of(&q, &d);
        prop_assert_eq!(loaded.grants + loaded.grant_errors, count_key(&q, "grant"));
        prop_assert_eq!(loaded.works + errors_of(&d, |t| matches!(t, Token::Work(_))), count_key(&q, "work"));
        prop_assert_eq!(loaded.serves + errors_of(&d, |t| matches!(t, Token::Serve(_))), count_key(&q, "serve"));
        prop_assert_eq!(d.plan.apis().len() + errors_of(&d, |t| matches!(t, Token::Api(_))), count_key(&q, "api_use"));
        if count_key(&q, "cmp") <= runway_model::MAX_COLUMNS {
            prop_assert_eq!(d.plan.compare.len() + errors_of(&d, |t| matches!(t, Token::Cmp(_))), count_key(&q, "cmp"));
        }
        prop_assert_eq!(loaded.jobs + errors_of(&d, |t| matches!(t, Token::Job(_))), count_key(&q, "job"));
    }

    #[test]
    fn encode_then_decode_round_trips(s in scenario()) {
        let d = decode_link(&encode_link(&s), &catalog());
        prop_assert!(d.errors.is_empty(), "{:?}", d.errors);
        prop_assert_eq!(d.plan, s);
    }

    #[test]
    fn exact_number_format_round_trips(v in any::<f64>().prop_filter("finite", |v| v.is_finite())) {
        prop_assert_eq!(parse_number(&format_number_exact(v)).map(f64::to_bits), Ok(v.to_bits()));
    }

    #[test]
    fn doubling_params_and_tokens_quadruples_cost(p in scenario()) {
        let cat = catalog();
        let s = p.jobs()[0];
        let double = Job { params: s.params * 2.0, tokens: s.tokens * 2.0, ..s.clone() };
        let a = estimate(s, &cat).map(|e| e.compute_cost_usd).unwrap_or(f64::NAN);
        let b = estimate(&double, &cat).map(|e| e.compute_cost_usd).unwrap_or(f64::NAN);
        prop_assert!((b / a - 4.0).abs() < 1e-9, "{} {}", a, b);
    }

    #[test]
    fn halving_mfu_doubles_cost_and_gpu_hours(p in scenario()) {
        let cat = catalog();
        let s = p.jobs()[0];
        let half = Job { mfu: s.mfu / 2.0, ..s.clone() };
        let (a, b) = (estimate(s, &cat), estimate(&half, &cat));
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
    use runway_model::Scope;
    use runway_model::{simulate, GrantInput, LineItem, WorkloadInput};

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
            prop_assert!(r.horizon_days <= runway_model::HORIZON_CAP_DAYS);
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

    /// Grant tokens built from every catalog program id (and an unknown one) with each of the
    /// eight fields (amount, apply day, review, validity, approval chance, shortest and longest
    /// review) mostly in range: every one either loads or is reported, and what loads round-trips
    /// through the link exactly, its uncertainty fields included.
    #[test]
    fn grant_tokens_load_or_are_reported(tokens in prop::collection::vec(grant_token(&catalog()), 1..6)) {
        let cat = catalog();
        let q: Vec<String> = tokens
            .iter()
            .map(|t| format!("grant={}", form_urlencoded_value(t)))
            .collect();
        let d = decode_link(&q.join("&"), &cat);
        prop_assert_eq!(d.plan.grants.len() + d.plan_errors.len(), tokens.len());
        let again = decode_link(&encode_link(&d.plan), &cat);
        prop_assert_eq!(again.plan, d.plan);
        prop_assert!(again.plan_errors.is_empty());
    }
}

/// A link whose only job token is rejected opens a plan with no training job ("left out; the
/// rest of the plan loads"); the link the page then writes must reopen that same plan, not the
/// default job (7B × 2T on 64 H100s): it carries `job=none`. Found by the link-shaped generator
/// once it spelled job tokens.
#[test]
fn a_link_whose_only_job_is_rejected_reopens_without_a_job() {
    let cat = catalog();
    let d = decode_link("t0=2026-12-01&job=pretrain:-1:2T:aws:h100-sxm:8", &cat);
    assert_eq!(d.plan.jobs().len(), 0, "the bad job is left out");
    let again = decode_link(&encode_link(&d.plan), &cat);
    assert_eq!(again.plan.jobs().len(), 0, "{}", encode_link(&d.plan));
}

/// The link generators spell plans that load, not mostly rejected tokens: over 1,000 queries
/// drawn with a fixed seed, at least half load a plan with a grant and a workload from a token
/// (a job, a serving line or experiments) for it to pay; each kind of token loads in at least
/// one query in ten, and grants with a stated approval chance and with a review range load too.
/// Of single grant tokens, at least half load.
#[test]
fn plans_from_link_shaped_strings_mostly_load() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let cat = catalog();
    let n = 1000;
    let strategy = link_shaped();
    let mut runner = TestRunner::deterministic();
    let (mut non_empty, mut grants, mut jobs, mut serves, mut works, mut columns) =
        (0, 0, 0, 0, 0, 0);
    let (mut approval, mut review_range) = (0, 0);
    for _ in 0..n {
        let q = strategy
            .new_tree(&mut runner)
            .unwrap_or_else(|e| panic!("{e}"))
            .current();
        let d = decode_link(&q, &cat);
        let l = Loaded::of(&q, &d);
        non_empty += usize::from(l.non_empty());
        grants += usize::from(l.grants > 0);
        jobs += usize::from(l.jobs > 0);
        serves += usize::from(l.serves > 0);
        works += usize::from(l.works > 0);
        columns += usize::from(!d.plan.compare.is_empty());
        let odds: Vec<_> = d.plan.grants.iter().map(|g| g.odds).collect();
        approval += usize::from(odds.iter().any(|o| o.approval.is_some_and(|a| a < 1.0)));
        review_range += usize::from(
            odds.iter()
                .any(|o| o.review_min_days.is_some() && o.review_max_days.is_some()),
        );
    }
    let shares = format!(
        "of {n}: non-empty {non_empty}, grants {grants}, jobs {jobs}, serving lines {serves}, \
         experiments {works}, columns {columns}, approval < 1 {approval}, review range {review_range}"
    );
    eprintln!("{shares}");
    assert!(non_empty * 2 >= n, "{shares}");
    for count in [grants, jobs, serves, works, columns, approval, review_range] {
        assert!(count * 10 >= n, "{shares}");
    }

    let strategy = grant_token(&cat);
    let loaded = (0..n)
        .filter(|_| {
            let t = strategy
                .new_tree(&mut runner)
                .unwrap_or_else(|e| panic!("{e}"))
                .current();
            let d = decode_link(&format!("grant={}", form_urlencoded_value(&t)), &cat);
            d.plan.grants.len() == 1
        })
        .count();
    assert!(loaded * 2 >= n, "{loaded} of {n} grant tokens load");
}

/// Percent-encodes a query value the way a browser would for these characters.
fn form_urlencoded_value(s: &str) -> String {
    s.replace('%', "%25")
        .replace('+', "%2B")
        .replace(':', "%3A")
}

/// Issue 27, item 4 ("one figure, one value"): the figures the page shows in two places, as
/// `(what, first place, second place, relation)`. Each relation is the one its labels promise:
/// the same computation (equal), or a labelled difference that can only go one way (at most).
fn figures_shown_twice(plan: &Plan, cat: &Catalog) -> Vec<(String, f64, f64, Relation)> {
    use Relation::{AtMost, Equal};
    let o = evaluate(plan, cat);
    let r = &o.result;
    let totals = credit_totals(&r.grants);
    let sum = |v: &mut dyn Iterator<Item = f64>| v.sum::<f64>();
    let mut out = vec![
        (
            "the answers' cost (answer-total) = the billing table's lines (bill-line-*)".into(),
            r.total_spend_usd,
            sum(&mut r.workload_spend_usd.iter().copied()),
            Equal,
        ),
        (
            "the answers' cost = credits that pay (answer-credits-used) + cash (answer-cash)"
                .into(),
            r.total_spend_usd,
            totals.used_usd + r.cash_usd,
            Equal,
        ),
        (
            "credits that pay (answer-credits-used) = the credits section's grants (grant-used-*)"
                .into(),
            totals.used_usd,
            sum(&mut r.grants.iter().map(|g| g.used_usd)),
            Equal,
        ),
        (
            "credit expiring (answer-expired) = the credits section's grants (grant-expired-*)"
                .into(),
            totals.expired_usd,
            sum(&mut r.grants.iter().map(|g| g.expired_usd)),
            Equal,
        ),
    ];
    // The advisor's figures for the programs in the plan (data-paid, "In the runway, … expires
    // unused") are what their grants pay and let expire.
    let fit = o.plan_fit(plan);
    out.push((
        "the advisor's paid, over the plan's programs (advice-*[data-paid]) = credits that pay"
            .into(),
        sum(&mut fit.runway.iter().map(|x| x.paid_usd)),
        totals.used_usd,
        Equal,
    ));
    out.push((
        "the advisor's expired, over the plan's programs = credit expiring (answer-expired)".into(),
        sum(&mut fit.runway.iter().map(|x| x.expired_usd)),
        totals.expired_usd,
        Equal,
    ));
    for (i, j) in o.jobs.iter().enumerate() {
        let Some(line) = o.job_line(i) else { continue };
        out.push((
            format!("job {i}: billed GPU-hours (job-gpu-hours-{i}) = its bill line's hours"),
            j.gpu_hours,
            o.inputs.1[line].gpu_hours,
            Equal,
        ));
        out.push((
            format!("job {i}: its bill line in the horizon (bill-line) ≤ its cost (job-cost-{i})"),
            r.workload_spend_usd[line],
            j.cost_usd,
            AtMost,
        ));
        if let Ok(e) = estimate(&j.job, cat) {
            // The calculator's "before hidden costs" figures against the billed ones.
            out.push((
                format!("job {i}: GPU-hours before hidden costs (gpu-hours) ≤ billed"),
                e.gpu_hours,
                j.gpu_hours,
                AtMost,
            ));
            // Spot is one of the hidden costs (its discount and its reclaims): the calculator's
            // cost is at the on-demand price, the plan's at the price billed.
            out.push((
                format!(
                    "job {i}: compute-only hours at the billed price ≤ its cost (job-cost-{i})"
                ),
                e.gpu_hours * j.usd_per_gpu_hour,
                j.cost_usd,
                AtMost,
            ));
            if !plan.settings.overheads.spot {
                out.push((
                    format!("job {i}: without spot, the calculator's price (price-per-gpu-hour) is the one billed"),
                    e.price.usd_per_gpu_hour(),
                    j.usd_per_gpu_hour,
                    Equal,
                ));
            }
        }
    }
    // The billing views price the plan's first serving line: the same GPUs, month and API bill
    // as the line itself (serve-gpus-0, serve-monthly-0, serve-api-monthly-0), whatever the
    // billing boxes hold.
    if let Some(v) = o.serves.first().filter(|v| v.error.is_none()) {
        let editor = plan.opening_draft();
        let e = estimate(&editor, cat).ok();
        if let Some((b, lead)) = runway_model::billing_view(plan, &editor, e.as_ref(), cat) {
            assert_eq!(lead, Some(0));
            for (what, billing, line) in [
                ("GPUs (serve-gpus-0)", b.gpus_needed, f64::from(v.gpus)),
                (
                    "month (serve-monthly-0)",
                    b.selfhost_monthly_usd,
                    v.monthly_usd,
                ),
                (
                    "API month (serve-api-monthly-0)",
                    b.api_monthly_usd,
                    v.api_monthly_usd,
                ),
            ] {
                out.push((
                    format!("the billing views' {what} = serving line 1's"),
                    billing,
                    line,
                    Equal,
                ));
            }
        }
    }
    // "How sure is this?" with nothing uncertain (every grant approved, its review exactly as
    // typed, no MFU or price range): every band is the answers' figure.
    let mut certain = plan.clone();
    for g in &mut certain.grants {
        g.odds.approval = Some(1.0);
        g.odds.review_min_days = Some(g.review_days);
        g.odds.review_max_days = Some(g.review_days);
    }
    certain.ranges = Default::default();
    let oc = evaluate(&certain, cat);
    let b = runway_model::montecarlo::bands(&certain, &oc, cat);
    for (q, v) in [
        ("P10", b.cash_usd.p10),
        ("P50", b.cash_usd.p50),
        ("P90", b.cash_usd.p90),
    ] {
        out.push((
            format!("cash {q} with nothing uncertain (mc-cash) = the answers' cash"),
            v,
            oc.result.cash_usd,
            Equal,
        ));
    }
    out.push((
        "expiring P50 with nothing uncertain (mc-expired-p50) = the answers'".into(),
        b.expired_usd.p50,
        credit_totals(&oc.result.grants).expired_usd,
        Equal,
    ));
    let day = |d: Option<u32>| d.map_or(-1.0, f64::from);
    out.push((
        "cash start P50 with nothing uncertain = the answers' (answer-cash-date)".into(),
        day(b.runway_end_day.p50),
        day(oc.result.runway_end_day),
        Equal,
    ));
    out
}

#[derive(Clone, Copy, Debug)]
enum Relation {
    Equal,
    AtMost,
}

/// The failures of [`figures_shown_twice`] for one link: equal to a millionth (and a thousandth of
/// a cent), or at most that much above.
fn disagreements(q: &str, cat: &Catalog) -> Vec<String> {
    let d = decode_link(q, cat);
    figures_shown_twice(&d.plan, cat)
        .into_iter()
        .filter(|(_, a, b, rel)| {
            let tol = 1e-5 + 1e-6 * a.abs().max(b.abs());
            match rel {
                Relation::Equal => (a - b).abs() > tol || !a.is_finite() || !b.is_finite(),
                Relation::AtMost => *a > b + tol || !a.is_finite() || !b.is_finite(),
            }
        })
        .map(|(what, a, b, rel)| format!("{q}\n  {what}: {a} {rel:?} {b}"))
        .collect()
}

/// Every link of the corpus (README's, every test's, and generated ones over every key).
#[test]
fn figures_shown_twice_agree_on_the_corpus() {
    let cat = catalog();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus/links.txt");
    let links = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{e}"));
    let mut checked = 0;
    let mut bad = Vec::new();
    for q in links.lines().filter(|l| !l.is_empty()) {
        checked += figures_shown_twice(&decode_link(q, &cat).plan, &cat).len();
        bad.extend(disagreements(q, &cat));
    }
    // Not vacuous: the corpus's plans have jobs, grants and serving lines (over 600 links).
    assert!(checked > 5_000, "{checked} pairs");
    assert!(
        bad.is_empty(),
        "{} of {checked}:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The same pairs on generated plans (link-shaped strings: grants with odds, jobs, serving
    /// lines, experiments, ranges, bad values).
    #[test]
    fn figures_shown_twice_agree_on_generated_plans(q in link_shaped()) {
        let cat = catalog();
        let bad = disagreements(&q, &cat);
        prop_assert!(bad.is_empty(), "{}", bad.join("\n"));
    }
}
