//! Share links: the scenario and its credit plan as a URL query string. The keys are a public,
//! stable interface: `params`, `tokens`, `gpu`, `gpus`, `mfu`, `duty`, `provider`, `price`, `start`,
//! and repeated `grant` and `work` tokens (see [`crate::plan`]).
//!
//! Decoding never fails as a whole: each key is validated on its own, a bad value becomes an
//! [`InputError`] and the default for that key, and the rest of the link still applies.

use crate::catalog::Catalog;
use crate::cost::Scenario;
use crate::parse::{format_number_exact, Field, InputError, Origin, Problem};
use crate::plan::{
    encode_grant, encode_work, parse_grant, parse_work, Plan, PlanError, MAX_GRANTS, MAX_WORKLOADS,
};
use std::collections::BTreeMap;

/// The result of reading a link: a usable scenario, the errors to show, and the raw text of every
/// key the link carried (so a rejected value can be shown in its field).
#[derive(Clone, Debug, PartialEq)]
pub struct DecodedLink {
    /// The scenario: link values where valid, defaults elsewhere.
    pub scenario: Scenario,
    /// One error per rejected key, in link-key order.
    pub errors: Vec<InputError>,
    /// The raw (percent-decoded) value of each known key present in the link; the first wins.
    pub raw: BTreeMap<Field, String>,
    /// The credit plan: valid grant and work tokens in link order, and the dataset-ready day.
    pub plan: Plan,
    /// One error per rejected grant or work token.
    pub plan_errors: Vec<PlanError>,
}

/// Reads a query string (with or without the leading `?`).
pub fn decode_link(query: &str, catalog: &Catalog) -> DecodedLink {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut raw: BTreeMap<Field, String> = BTreeMap::new();
    let mut plan = Plan::default();
    let mut plan_errors = Vec::new();
    let (mut grant_index, mut work_index) = (0, 0);
    // One message for the whole overflow of each kind, not one per extra token.
    let (mut grants_overflowed, mut works_overflowed) = (false, false);
    for (k, v) in form_urlencoded::parse(query.as_bytes()) {
        match k.as_ref() {
            "grant" => {
                if plan.grants.len() == MAX_GRANTS {
                    if !std::mem::replace(&mut grants_overflowed, true) {
                        plan_errors.push(PlanError {
                            key: format!("grant-{grant_index}"),
                            message: format!("Grant {}: a plan holds at most {MAX_GRANTS} grants; this one and later ones are left out.", grant_index + 1),
                        });
                    }
                } else {
                    match parse_grant(&v, grant_index, catalog) {
                        Ok(g) => plan.grants.push(g),
                        Err(e) => plan_errors.push(e),
                    }
                }
                grant_index += 1;
            }
            "work" => {
                if plan.workloads.len() == MAX_WORKLOADS {
                    if !std::mem::replace(&mut works_overflowed, true) {
                        plan_errors.push(PlanError {
                            key: format!("work-{work_index}"),
                            message: format!("Workload {}: a plan holds at most {MAX_WORKLOADS} extra workloads; this one and later ones are left out.", work_index + 2),
                        });
                    }
                } else {
                    match parse_work(&v, work_index, catalog) {
                        Ok(w) => plan.workloads.push(w),
                        Err(e) => plan_errors.push(e),
                    }
                }
                work_index += 1;
            }
            _ => {
                if let Some(field) = Field::from_key(&k) {
                    raw.entry(field).or_insert_with(|| v.into_owned());
                }
            }
        }
    }
    let mut s = Scenario::default();
    let mut errors = Vec::new();
    let mut number = |field: Field| -> Option<f64> {
        let text = raw.get(&field)?;
        field
            .parse(text, Origin::Link)
            .map_err(|e| errors.push(e))
            .ok()
    };
    if let Some(v) = number(Field::Params) {
        s.params = v;
    }
    if let Some(v) = number(Field::Tokens) {
        s.tokens = v;
    }
    // Gpus is validated as a whole number within 1..=100,000, so the cast is exact.
    if let Some(v) = number(Field::Gpus) {
        s.gpus = v as u32;
    }
    if let Some(v) = number(Field::Mfu) {
        s.mfu = v;
    }
    if let Some(v) = number(Field::Duty) {
        s.duty = v;
    }
    if let Some(v) = number(Field::Price) {
        s.price_override_usd_per_gpu_hour = Some(v);
    }
    // Validated whole and within 0..=1826.
    if let Some(v) = number(Field::Start) {
        plan.start_day = v as u32;
    }
    if let Some(text) = raw.get(&Field::Gpu) {
        match validate_accelerator(text, catalog) {
            Ok(id) => s.accelerator_id = id,
            Err(e) => errors.push(e),
        }
    }
    let default_provider = catalog
        .default_provider_for(&s.accelerator_id)
        .map(|p| p.id.to_string());
    s.provider_id = default_provider.clone().unwrap_or_default();
    if let Some(text) = raw.get(&Field::Provider) {
        match validate_provider(text, &s.accelerator_id, catalog) {
            Ok(id) => s.provider_id = id,
            Err(e) => errors.push(e),
        }
    }
    // Report in link-key order (gpu and provider are validated last because they depend on each other).
    let mut ordered = Vec::with_capacity(errors.len());
    for e in errors {
        crate::order::insert_by_key(&mut ordered, e, |e| e.field as u8 as f64);
    }
    let errors = ordered;
    DecodedLink {
        scenario: s,
        errors,
        raw,
        plan,
        plan_errors,
    }
}

/// Checks an accelerator id against the catalog.
pub fn validate_accelerator(text: &str, catalog: &Catalog) -> Result<String, InputError> {
    let id = text.trim();
    if catalog.accelerator(id).is_some() {
        return Ok(id.to_string());
    }
    let ids: Vec<&str> = catalog.accelerators.iter().map(|a| a.id.as_ref()).collect();
    Err(InputError::new(
        Field::Gpu,
        text,
        Problem::UnknownId,
        format!("one of {}", ids.join(", ")),
    ))
}

/// Checks a provider id against the catalog and the chosen accelerator.
pub fn validate_provider(
    text: &str,
    accelerator_id: &str,
    catalog: &Catalog,
) -> Result<String, InputError> {
    let id = text.trim();
    let renting: Vec<&str> = catalog
        .offers(accelerator_id)
        .map(|p| p.provider.as_ref())
        .collect();
    let expected = format!("one of {}", renting.join(", "));
    if renting.contains(&id) {
        return Ok(id.to_string());
    }
    let problem = match catalog.accelerator(accelerator_id) {
        Some(acc) if catalog.provider(id).is_some() => Problem::NotRented(acc.name.to_string()),
        _ => Problem::UnknownId,
    };
    Err(InputError::new(Field::Provider, text, problem, expected))
}

/// Writes the whole scenario and plan as a query string (without `?`), in the documented key order,
/// numbers in a form that reads back bit for bit. `price` appears only when overriding, `start` only
/// when not 0.
pub fn encode_link(s: &Scenario, plan: &Plan) -> String {
    let mut out = form_urlencoded::Serializer::new(String::new());
    out.append_pair("params", &format_number_exact(s.params))
        .append_pair("tokens", &format_number_exact(s.tokens))
        .append_pair("gpu", &s.accelerator_id)
        .append_pair("gpus", &s.gpus.to_string())
        .append_pair("mfu", &format_number_exact(s.mfu))
        .append_pair("duty", &format_number_exact(s.duty))
        .append_pair("provider", &s.provider_id);
    if let Some(p) = s.price_override_usd_per_gpu_hour {
        out.append_pair("price", &format_number_exact(p));
    }
    if plan.start_day != 0 {
        out.append_pair("start", &plan.start_day.to_string());
    }
    for g in &plan.grants {
        out.append_pair("grant", &encode_grant(g));
    }
    for w in &plan.workloads {
        out.append_pair("work", &encode_work(w));
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> Catalog {
        Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn empty_link_is_the_default_scenario() {
        let d = decode_link("", &catalog());
        assert_eq!(d.scenario, Scenario::default());
        assert!(d.errors.is_empty());
        assert_eq!(decode_link("?", &catalog()).scenario, Scenario::default());
    }

    #[test]
    fn full_link_is_read_exactly() {
        let d = decode_link("?params=70b&tokens=1.5T&gpu=a100-40gb&gpus=8&mfu=0.37&duty=50%25&provider=azure&price=3.1", &catalog());
        assert!(d.errors.is_empty(), "{:?}", d.errors);
        let s = d.scenario;
        assert_eq!(
            (s.params, s.tokens, s.gpus, s.mfu, s.duty),
            (70e9, 1.5e12, 8, 0.37, 0.5)
        );
        assert_eq!(
            (s.accelerator_id.as_str(), s.provider_id.as_ref()),
            ("a100-40gb", "azure")
        );
        assert_eq!(s.price_override_usd_per_gpu_hour, Some(3.1));
    }

    #[test]
    fn bad_keys_fall_back_and_the_rest_still_applies() {
        let d = decode_link(
            "params=abc&tokens=300B&gpus=0&mfu=1e400&gpu=<script>&provider=x&price=-2",
            &catalog(),
        );
        let s = &d.scenario;
        assert_eq!(s.tokens, 300e9);
        assert_eq!(s.params, Scenario::default().params);
        assert_eq!(s.gpus, Scenario::default().gpus);
        assert_eq!(s.accelerator_id, "h100-sxm");
        assert_eq!(s.provider_id, "aws");
        assert_eq!(s.price_override_usd_per_gpu_hour, None);
        let keys: Vec<&str> = d.errors.iter().map(|e| e.field.key()).collect();
        assert_eq!(keys, ["params", "gpu", "gpus", "mfu", "provider", "price"]);
        assert_eq!(d.errors[1].got, "<script>");
    }

    #[test]
    fn provider_that_does_not_rent_the_accelerator() {
        let d = decode_link("gpu=tpu-v5e&provider=coreweave", &catalog());
        assert_eq!(d.scenario.provider_id, "gcp");
        assert_eq!(d.errors.len(), 1);
        assert_eq!(
            d.errors[0].to_string(),
            "Provider: \"coreweave\" does not rent the Google TPU v5e (per chip). Expected one of gcp."
        );
        let d = decode_link("provider=acme", &catalog());
        assert_eq!(d.errors[0].problem, Problem::UnknownId);
        assert!(d.errors[0]
            .to_string()
            .starts_with("Provider: \"acme\" is not in the catalog. Expected one of runpod, "));
    }

    #[test]
    fn unknown_accelerator_lists_the_catalog() {
        let d = decode_link("gpu=h100", &catalog());
        assert!(d.errors[0].to_string().starts_with("Accelerator: \"h100\" is not in the catalog. Expected one of a100-40gb, a100-80gb, h100-sxm"));
    }

    #[test]
    fn empty_values_are_reported_and_unknown_keys_ignored() {
        let d = decode_link("params=&tokens&=5&utm_source=x&gpus=16", &catalog());
        let msgs: Vec<String> = d.errors.iter().map(ToString::to_string).collect();
        assert_eq!(msgs.len(), 2);
        assert!(msgs[0].starts_with("Model parameters: no value given."));
        assert!(msgs[1].starts_with("Training tokens: no value given."));
        assert_eq!(d.scenario.gpus, 16);
    }

    #[test]
    fn first_occurrence_wins_like_url_search_params_get() {
        let d = decode_link("gpus=8&gpus=16", &catalog());
        assert_eq!(d.scenario.gpus, 8);
    }

    #[test]
    fn encoding_is_readable_and_round_trips() {
        let s = Scenario {
            price_override_usd_per_gpu_hour: Some(2.5),
            ..Scenario::default()
        };
        let q = encode_link(&s, &Plan::default());
        assert_eq!(
            q,
            "params=7B&tokens=2T&gpu=h100-sxm&gpus=64&mfu=0.4&duty=1&provider=aws&price=2.5"
        );
        assert_eq!(decode_link(&q, &catalog()).scenario, s);
    }

    #[test]
    fn oversized_plans_are_capped_with_one_message() {
        let c = catalog();
        let q: Vec<String> = (0..1000)
            .map(|_| "grant=modal".to_string())
            .chain((0..100).map(|_| "work=modal:l4:1:10:0".to_string()))
            .collect();
        let d = decode_link(&q.join("&"), &c);
        assert_eq!(d.plan.grants.len(), MAX_GRANTS);
        assert_eq!(d.plan.workloads.len(), MAX_WORKLOADS);
        assert_eq!(d.plan_errors.len(), 2);
        assert_eq!(
            d.plan_errors[0].message,
            "Grant 41: a plan holds at most 40 grants; this one and later ones are left out."
        );
        assert_eq!(d.plan_errors[1].key, "work-20");
        // An earlier error whose text happens to say "at most" must not hide the overflow message.
        let q = std::iter::once("grant=modal:abc".to_string())
            .chain((0..50).map(|_| "grant=modal".to_string()))
            .collect::<Vec<_>>();
        let d = decode_link(&q.join("&"), &c);
        assert_eq!(d.plan.grants.len(), MAX_GRANTS);
        let keys: Vec<&str> = d.plan_errors.iter().map(|e| e.key.as_str()).collect();
        assert_eq!(keys, ["grant-0", "grant-41"]);
    }

    #[test]
    fn plans_travel_in_the_link_and_bad_tokens_do_not_lose_the_rest() {
        let c = catalog();
        let d = decode_link("start=30&grant=aws-activate:100K&grant=nope:5&grant=modal:5000:20&work=modal:h100-sxm:8:2K:0:0.25", &c);
        assert_eq!(d.plan.start_day, 30);
        let ids: Vec<&str> = d
            .plan
            .grants
            .iter()
            .map(|g| g.program_id.as_str())
            .collect();
        assert_eq!(ids, ["aws-activate", "modal"]);
        assert_eq!(d.plan_errors.len(), 1);
        assert_eq!(d.plan_errors[0].key, "grant-1");
        assert_eq!(d.plan.workloads.len(), 1);
        let q = encode_link(&d.scenario, &d.plan);
        assert_eq!(
            q,
            "params=7B&tokens=2T&gpu=h100-sxm&gpus=64&mfu=0.4&duty=1&provider=aws&start=30&grant=aws-activate%3A100K%3A0%3A12%3A730&grant=modal%3A5K%3A20%3A3%3A365&work=modal%3Ah100-sxm%3A8%3A2K%3A0%3A0.25"
        );
        let again = decode_link(&q, &c);
        assert_eq!((again.scenario, again.plan), (d.scenario, d.plan));
        let bad = decode_link("start=-1", &c);
        assert_eq!(bad.errors[0].to_string(), "Dataset ready on day: \"-1\" is negative. Expected a whole day from 0 (today) to 1826 (five years).");
    }
}
