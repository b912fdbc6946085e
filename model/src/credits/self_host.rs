//! Self-host or use an API, decided on the plan (not on list prices): for each serving line, the
//! plan as it is against the same plan where that line is a hosted API line with the same tokens,
//! start and months. Each way: the cash the plan needs, the credits that pay, and the credits that
//! expire unused. The API offered is a hosted version of the same open model where the catalog has
//! one (Together's Llama 3.1 70B for a 70B line), else the plan's billing API.

use crate::credits::answers::credit_totals;
use crate::credits::evaluate::Outcome;
use crate::credits::runway::simulate_totals;
use crate::data::catalog::{Catalog, Scope};
use crate::document::api_use::{mix_usd_per_mtok, ApiUse};
use crate::document::plan::{BillPart, Plan};
use crate::document::workload::WorkloadId;
use crate::document::workloads::Serve;

/// Most serving lines weighed (each is one more runway).
pub const MAX_WEIGHED: usize = 4;

/// How far a hosted model's parameters may be from the line's to count as the same model: 10 %.
const SAME_MODEL_TOLERANCE: f64 = 0.10;

/// What one route costs the plan.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RouteCost {
    /// Everything the plan bills, USD.
    pub total_usd: f64,
    /// What the credits do not pay, USD.
    pub cash_usd: f64,
    /// What the credits pay, USD.
    pub credits_used_usd: f64,
    /// Credits that expire unused, USD.
    pub credits_expired_usd: f64,
}

/// One serving line, self-hosted as planned and through an API.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfHostOrApi {
    /// The line's position among the serving lines.
    pub serve_index: usize,
    /// The line's workload id (the switch replaces it in place).
    pub id: WorkloadId,
    /// The API offered instead.
    pub api: ApiUse,
    /// Whether that API hosts the same open model (a hosted base model, not your fine-tune).
    pub same_model: bool,
    /// The plan as it is.
    pub self_host: RouteCost,
    /// The plan with this line through the API.
    pub via_api: RouteCost,
    /// The line's month on its accelerators, and the API's month, USD.
    pub own_monthly_usd: f64,
    /// The API's month for the same tokens, USD.
    pub api_monthly_usd: f64,
    /// The API's list price in the 3:1 mix, USD per million tokens.
    pub api_usd_per_mtok: f64,
    /// Catalog programs that would pay the API line and are not in the plan (its provider's,
    /// scope `all` or `platform`), largest typical amount first.
    pub would_pay: Vec<String>,
}

impl SelfHostOrApi {
    /// Cash the API route saves (negative: it costs more cash).
    pub fn cash_saved_usd(&self) -> f64 {
        self.self_host.cash_usd - self.via_api.cash_usd
    }
}

/// The API offered for a serving line: the cheapest catalog API hosting an open model within 10 %
/// of the line's parameters (total and active), else `fallback` (the plan's billing API). The
/// second value: whether it hosts the same model.
pub fn api_for(serve: &Serve, fallback: &str, catalog: &Catalog) -> (String, bool) {
    let total = serve.params_total.unwrap_or(serve.params);
    let near = |a: f64, b: f64| b > 0.0 && ((a - b) / b).abs() <= SAME_MODEL_TOLERANCE;
    let hosted = catalog
        .apis
        .iter()
        .filter_map(|a| {
            let m = catalog
                .base_models
                .iter()
                .find(|m| Some(&m.id) == a.base_model.as_ref())?;
            (near(m.params, total) && near(m.active_params, serve.params)).then_some(a)
        })
        .min_by(|a, b| mix_usd_per_mtok(a).total_cmp(&mix_usd_per_mtok(b)));
    match hosted {
        Some(a) => (a.id.to_string(), true),
        None => (fallback.to_string(), false),
    }
}

/// The serving line as an API line: the same tokens a month, start and months, remembering the
/// line it replaces.
pub fn as_api_line(serve: &Serve, api_id: &str, catalog: &Catalog) -> Option<ApiUse> {
    let mut a = ApiUse::new(api_id, serve.tokens_per_month, catalog)?;
    a.start_day = serve.start_day;
    a.months = serve.months;
    // It remembers the line, so the link reopens it and "Self-host again" puts it back.
    a.replaces = Some(Box::new(serve.clone()));
    Some(a)
}

/// Programs of the API's provider that pay its bills (scope `all` or `platform`) and that the plan
/// does not hold yet, largest typical amount first.
fn programs_paying(api: &ApiUse, plan: &Plan, catalog: &Catalog) -> Vec<String> {
    let mut out: Vec<&crate::data::catalog::Program> = catalog
        .programs
        .iter()
        .filter(|p| p.provider.as_ref() == api.provider_id)
        .filter(|p| matches!(p.scope, Scope::All | Scope::Platform))
        .filter(|p| !plan.grants.iter().any(|g| g.program_id == p.id.as_ref()))
        .collect();
    out.sort_by(|a, b| b.expected_usd.total_cmp(&a.expected_usd));
    out.into_iter().map(|p| p.id.to_string()).collect()
}

fn route(
    total_usd: f64,
    cash_usd: f64,
    grants: &[crate::credits::runway::GrantOutcome],
) -> RouteCost {
    let credits = credit_totals(grants);
    RouteCost {
        total_usd,
        cash_usd,
        credits_used_usd: credits.used_usd,
        credits_expired_usd: credits.expired_usd,
    }
}

/// Each priced serving line (the first [`MAX_WEIGHED`]), self-hosted and through its API, on the
/// whole plan: the API line replaces the line's bill and the runway runs again.
pub fn self_host_or_api(plan: &Plan, outcome: &Outcome, catalog: &Catalog) -> Vec<SelfHostOrApi> {
    let r = &outcome.result;
    let as_is = route(r.total_spend_usd, r.cash_usd, &r.grants);
    outcome
        .serves
        .iter()
        .enumerate()
        .take(MAX_WEIGHED)
        .filter_map(|(j, v)| {
            let id = plan.id_of::<Serve>(j)?;
            let at = outcome
                .lines
                .iter()
                .position(|l| l.workload == id && l.part == BillPart::Compute)?;
            let (api_id, same_model) = api_for(&v.serve, &plan.settings.billing.api_id, catalog);
            let api = as_api_line(&v.serve, &api_id, catalog)?;
            let mut lines = outcome.inputs.1.clone();
            lines[at] = api.runway_line(catalog)?;
            // Totals only, event to event (the daily series is not shown): a fraction of a full
            // run, on every edit of a plan with serving lines.
            let swapped = simulate_totals(&outcome.inputs.0, &lines);
            Some(SelfHostOrApi {
                serve_index: j,
                id,
                api_monthly_usd: api.monthly_usd(catalog)?,
                api_usd_per_mtok: api.usd_per_mtok(catalog)?,
                would_pay: programs_paying(&api, plan, catalog),
                api,
                same_model,
                self_host: as_is,
                via_api: route(swapped.total_spend_usd, swapped.cash_usd, &swapped.grants),
                own_monthly_usd: v.monthly_usd,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::credits::evaluate::evaluate;
    use crate::io::link::decode_link;

    fn catalog() -> Catalog {
        Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_70b_line_is_offered_the_hosted_70b_and_an_8b_line_the_hosted_8b() {
        let c = catalog();
        let line = |params: f64| Serve {
            params,
            params_total: None,
            precision: crate::input::knobs::Precision::Bf16,
            tokens_per_month: 1e9,
            provider_id: "aws".into(),
            accelerator_id: "h100-sxm".into(),
            start_day: 0,
            months: 12,
            host: crate::input::knobs::HostMode::OnDemand,
            price_override_usd_per_gpu_hour: None,
        };
        assert_eq!(
            api_for(&line(70e9), "gpt-4o-mini", &c),
            ("together-llama-70b".to_string(), true)
        );
        assert_eq!(
            api_for(&line(8e9), "gpt-4o-mini", &c),
            ("together-llama-8b".to_string(), true)
        );
        // No open model of 1B parameters is hosted: the plan's API, not the same model.
        assert_eq!(
            api_for(&line(1e9), "gpt-4o-mini", &c),
            ("gpt-4o-mini".to_string(), false)
        );
    }

    #[test]
    fn the_held_activate_founder_sees_cash_and_expiring_credits_both_ways() {
        // A 70B model served on AWS at 500M tokens a month for 12 months, with $63K of AWS
        // Activate held (approved before day 0, expiring in a year). Through Together's Llama 3.1
        // 70B at $0.88 a million tokens: 500 × 0.88 = $440 a month, 12 × 440 = $5,280, all of it
        // cash (AWS credits do not pay Together), and the $63K of Activate expire unused.
        let c = catalog();
        let link =
            "t0=2027-01-04&serve=70B:500M:aws:h100-sxm:0:12&grant=aws-activate:63K:-30:1:395";
        let d = decode_link(link, &c);
        assert!(d.plan_errors.is_empty(), "{:?}", d.plan_errors);
        let o = evaluate(&d.plan, &c);
        let w = self_host_or_api(&d.plan, &o, &c);
        assert_eq!(w.len(), 1);
        let w = &w[0];
        assert_eq!(w.api.api_id, "together-llama-70b");
        assert!(w.same_model);
        assert!(
            (w.via_api.total_usd - 5280.0).abs() < 0.01,
            "{:?}",
            w.via_api
        );
        assert!(
            (w.via_api.cash_usd - 5280.0).abs() < 0.01,
            "{:?}",
            w.via_api
        );
        assert_eq!(w.via_api.credits_used_usd, 0.0);
        assert!((w.via_api.credits_expired_usd - 63_000.0).abs() < 0.01);
        // Self-hosting: the line's 12 months on its GPUs, the first $63K paid by Activate.
        let own_total = w.own_monthly_usd * 12.0;
        assert!(
            (w.self_host.total_usd - own_total).abs() < 1.0,
            "{:?}",
            w.self_host
        );
        assert!((w.self_host.credits_used_usd - 63_000.0).abs() < 0.01);
        assert!((w.self_host.cash_usd - (own_total - 63_000.0)).abs() < 1.0);
        assert_eq!(w.self_host.credits_expired_usd, 0.0);
        // The API saves the self-hosted cash less its own: (own total - $63,000) - $5,280.
        let saved = own_total - 63_000.0 - 5280.0;
        assert!(
            (w.cash_saved_usd() - saved).abs() < 1.0,
            "{}",
            w.cash_saved_usd()
        );
        // Together's own programme would pay the API line and is not in the plan.
        assert_eq!(w.would_pay, ["together"]);
    }

    #[test]
    fn the_api_replaces_the_serving_line_not_the_training_job() {
        // A LoRA job and the 70B serving line, no credits: the API route keeps the job's bills
        // and swaps only the serving line's 12 months for the API's $5,280.
        let c = catalog();
        let link = "t0=2027-01-04&job=lora:8B:200M:aws:h100-sxm:1&serve=70B:500M:aws:h100-sxm:0:12";
        let d = decode_link(link, &c);
        assert!(d.plan_errors.is_empty(), "{:?}", d.plan_errors);
        let o = evaluate(&d.plan, &c);
        let w = &self_host_or_api(&d.plan, &o, &c)[0];
        let rest = w.self_host.total_usd - w.own_monthly_usd * 12.0;
        assert!(rest > 1.0, "the job costs something: {rest}");
        assert!(
            (w.via_api.total_usd - (rest + 5280.0)).abs() < 1.0,
            "{} vs {}",
            w.via_api.total_usd,
            rest + 5280.0
        );
    }

    #[test]
    fn an_api_is_the_same_model_only_when_both_sizes_match() {
        // Llama 3.1 70B is dense (70B total and active). A 70B-active mixture of 400B is not it,
        // nor is a 70B-total mixture of 12B active: both fall back to the plan's API.
        let c = catalog();
        let serve = |params: &str| {
            let d = decode_link(&format!("serve={params}:500M:aws:h100-sxm:0:12"), &c);
            assert!(d.plan_errors.is_empty(), "{:?}", d.plan_errors);
            d.plan
                .nth::<Serve>(0)
                .cloned()
                .unwrap_or_else(|| panic!("a serving line"))
        };
        assert_eq!(
            api_for(&serve("70B"), "gpt-4o-mini", &c),
            ("together-llama-70b".to_string(), true)
        );
        for moe in ["70B/400B", "12B/70B"] {
            assert_eq!(
                api_for(&serve(moe), "gpt-4o-mini", &c),
                ("gpt-4o-mini".to_string(), false),
                "{moe}"
            );
        }
    }

    #[test]
    fn together_credits_pay_the_together_api_line() {
        // The same line with Together's own programme ($15K, platform scope): the API line's
        // $5,280 is paid by Together credits, no cash; $15,000 − $5,280 = $9,720 expires.
        let c = catalog();
        let link = "t0=2027-01-04&serve=70B:500M:aws:h100-sxm:0:12&grant=together:15K:-30:1:395";
        let d = decode_link(link, &c);
        let o = evaluate(&d.plan, &c);
        let w = &self_host_or_api(&d.plan, &o, &c)[0];
        assert!(w.via_api.cash_usd.abs() < 0.01, "{:?}", w.via_api);
        assert!((w.via_api.credits_used_usd - 5280.0).abs() < 0.01);
        assert!((w.via_api.credits_expired_usd - 9720.0).abs() < 0.01);
        // Self-hosted on AWS, Together's credits pay nothing and all expire.
        assert!((w.self_host.credits_expired_usd - 15_000.0).abs() < 0.01);
        // Self-hosting pays cash that the API route does not: the API saves all of it.
        assert!((w.cash_saved_usd() - w.self_host.cash_usd).abs() < 0.01);
        assert!(w.cash_saved_usd() > 1000.0, "{}", w.cash_saved_usd());
        // The plan holds Together's programme already: nothing more to suggest.
        assert!(w.would_pay.is_empty());
    }
}
