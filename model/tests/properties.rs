//! Property tests of the model's invariants (STYLE.md tier 2).

use proptest::prelude::*;
use runway_model::parse::{format_number_exact, parse_number};
use runway_model::{decode_link, encode_link, estimate, Catalog, Scenario};

fn catalog() -> Catalog {
    Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
}

/// Any valid scenario: ids from the catalog, numbers within each field's accepted range.
fn scenario() -> impl Strategy<Value = Scenario> {
    let cat = catalog();
    let pairs: Vec<(String, String)> = cat.prices.iter().map(|p| (p.accelerator.to_string(), p.provider.to_string())).collect();
    (
        1e8f64..=2e12,
        1e9f64..=1e14,
        prop::sample::select(pairs),
        1u32..=100_000,
        (1e-6f64..=1.0),
        (1e-6f64..=1.0),
        prop::option::of(1e-3f64..=1000.0),
    )
        .prop_map(|(params, tokens, (acc, prov), gpus, mfu, duty, price)| Scenario {
            params,
            tokens,
            accelerator_id: acc,
            gpus,
            mfu,
            duty,
            provider_id: prov,
            price_override_usd_per_gpu_hour: price,
        })
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
            (prop::sample::select(vec!["params", "tokens", "gpu", "gpus", "mfu", "duty", "provider", "price", "x", ""]),
             "[-+0-9.eEkKmMbBtT%,_a-z<>\"&=; ]{0,12}"),
            0..10)
    ) {
        let q: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let d = decode_link(&q.join("&"), &catalog());
        prop_assert!(estimate(&d.scenario, &catalog()).is_ok());
        for err in &d.errors {
            prop_assert!(!err.to_string().is_empty());
        }
    }

    #[test]
    fn encode_then_decode_round_trips(s in scenario()) {
        let d = decode_link(&encode_link(&s), &catalog());
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
