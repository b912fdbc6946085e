//! "Show the math" of every figure of the billing views, in the reader's language: each figure's
//! formula and its numbers, from one [`BillingEstimate`]. The page only shows them.

use crate::data::catalog::Catalog;
use crate::estimators::billing::BillingEstimate;
use crate::estimators::explain::Explanation;
use crate::estimators::serving_text::{serving_explanation, serving_math};
use crate::io::format::{compact, exact, usd_exact, usd_unit};

/// A figure of the billing views.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BillingFigure {
    /// The duty above which reserved pays.
    BreakevenDuty,
    /// The reserved price per GPU-hour.
    ReservedPrice,
    /// Prefill tokens a second, per GPU.
    Prefill,
    /// Decode tokens a second, per GPU.
    Decode,
    /// Input and output blended, tokens a second per GPU.
    Blended,
    /// GPUs billed for the volume.
    ServingGpus,
    /// Self-hosted cost per million tokens.
    SelfhostMtok,
    /// The API's price per million tokens.
    ApiMtok,
    /// The volume above which self-hosting pays.
    BreakevenVolume,
    /// Self-hosting the volume, a month.
    SelfhostMonthly,
    /// Self-hosted cost per million tokens at the volume.
    SelfhostMtokAtVolume,
    /// The API for the volume, a month.
    ApiMonthly,
}

impl BillingFigure {
    /// Every figure, in display order.
    pub const ALL: [BillingFigure; 12] = [
        BillingFigure::BreakevenDuty,
        BillingFigure::ReservedPrice,
        BillingFigure::Prefill,
        BillingFigure::Decode,
        BillingFigure::Blended,
        BillingFigure::ServingGpus,
        BillingFigure::SelfhostMtok,
        BillingFigure::ApiMtok,
        BillingFigure::BreakevenVolume,
        BillingFigure::SelfhostMonthly,
        BillingFigure::SelfhostMtokAtVolume,
        BillingFigure::ApiMonthly,
    ];
}

/// Every billing figure's working, and why the model fits no machine when it does not.
#[derive(Clone, Debug, PartialEq)]
pub struct BillingMath {
    /// One explanation a figure, in [`BillingFigure::ALL`] order.
    explanations: Vec<(BillingFigure, Explanation)>,
    /// Why the model fits no group of the provider's machines, in a sentence (`None`: it fits).
    pub no_fit: Option<String>,
}

impl BillingMath {
    /// The working of `figure`.
    pub fn of(&self, figure: BillingFigure) -> Option<&Explanation> {
        self.explanations
            .iter()
            .find(|(f, _)| *f == figure)
            .map(|(_, e)| e)
    }
}

/// The working of every billing figure of `b`, in the reader's language.
pub fn billing_math(b: &BillingEstimate, catalog: &Catalog) -> BillingMath {
    let lines = serving_math(b, catalog);
    // Why the model fits no group: the last step of the serving math says it.
    let no_fit_text = || lines.last().cloned().unwrap_or_default();
    let none = || crate::tr!("billing_math.none");
    let explanations = BillingFigure::ALL
        .into_iter()
        .map(|figure| {
            let plain = |formula: String, substituted: String| Explanation {
                formula,
                substituted,
                citations: vec![],
            };
            let e = match figure {
                BillingFigure::BreakevenDuty => plain(
                    crate::tr!("billing_math.breakeven_duty_formula"),
                    match b.reserved_usd_per_hour {
                        Some(r) => crate::tr!(
                            "billing_math.breakeven_duty_math",
                            reserved = usd_unit(r, 4),
                            busy = usd_unit(b.busy_only_usd_per_hour, 4),
                            duty = exact(r / b.busy_only_usd_per_hour, 4)
                        ),
                        None => crate::tr!("billing_math.no_reserved"),
                    },
                ),
                BillingFigure::ReservedPrice => plain(
                    crate::tr!("billing_math.reserved_price_formula"),
                    crate::tr!(
                        "billing_math.reserved_price_math",
                        busy = usd_unit(b.busy_only_usd_per_hour, 4),
                        reserved = b
                            .reserved_usd_per_hour
                            .map_or_else(none, |r| usd_unit(r, 4))
                    ),
                ),
                BillingFigure::Prefill => plain(
                    crate::tr!("billing_math.prefill_formula"),
                    b.deployment.as_ref().map_or_else(
                        |_| no_fit_text(),
                        |d| {
                            crate::tr!(
                                "billing_math.prefill_math",
                                input = exact(b.setup.request.input, 0),
                                ms = exact(d.group.prefill_s * 1e3, 1),
                                tp = d.group.tp,
                                rate = exact(b.prefill_tokens_per_s, 1)
                            )
                        },
                    ),
                ),
                BillingFigure::Decode => plain(
                    crate::tr!("billing_math.decode_formula"),
                    b.deployment.as_ref().map_or_else(
                        |_| no_fit_text(),
                        |d| {
                            crate::tr!(
                                "billing_math.decode_math",
                                throughput = lines.get(2).cloned().unwrap_or_default(),
                                tp = d.group.tp,
                                decode = exact(b.decode_tokens_per_s, 1)
                            )
                        },
                    ),
                ),
                BillingFigure::Blended => plain(
                    crate::tr!("billing_math.blended_formula"),
                    crate::tr!(
                        "billing_math.blended_math",
                        decode = exact(b.decode_tokens_per_s, 1),
                        input = exact(b.setup.request.input, 0),
                        output = exact(b.setup.request.output, 0),
                        blended = exact(b.blended_tokens_per_s, 1),
                        hourly = compact(b.tokens_per_hour_per_gpu)
                    ),
                ),
                BillingFigure::ServingGpus => serving_explanation(b, catalog),
                BillingFigure::SelfhostMtok => plain(
                    crate::tr!("billing_math.selfhost_mtok_formula"),
                    crate::tr!(
                        "billing_math.selfhost_mtok_math",
                        price = usd_unit(b.host_usd_per_hour, 4),
                        hourly = compact(b.tokens_per_hour_per_gpu),
                        mtok = usd_unit(b.selfhost_usd_per_mtok, 4)
                    ),
                ),
                BillingFigure::ApiMtok => plain(
                    crate::tr!("billing_math.api_mtok_formula"),
                    crate::tr!(
                        "billing_math.api_mtok_math",
                        price = usd_unit(b.api_usd_per_mtok, 4)
                    ),
                ),
                BillingFigure::BreakevenVolume => plain(
                    crate::tr!("billing_math.breakeven_volume_formula"),
                    match b.breakeven_tokens_per_month {
                        Some(v) => crate::tr!(
                            "billing_math.breakeven_volume_math",
                            least = usd_exact(b.least_monthly_usd),
                            api = usd_unit(b.api_usd_per_mtok, 4),
                            volume = compact(v)
                        ),
                        None => match &b.deployment {
                            Err(_) => no_fit_text(),
                            Ok(_) => crate::tr!(
                                "billing_math.breakeven_volume_never",
                                gpu = usd_unit(b.selfhost_usd_per_mtok, 4),
                                api = usd_unit(b.api_usd_per_mtok, 4)
                            ),
                        },
                    },
                ),
                BillingFigure::SelfhostMonthly => plain(
                    crate::tr!("billing_math.selfhost_monthly_formula"),
                    lines.last().cloned().unwrap_or_default(),
                ),
                BillingFigure::SelfhostMtokAtVolume => plain(
                    crate::tr!("billing_math.selfhost_mtok_volume_formula"),
                    crate::tr!(
                        "billing_math.selfhost_mtok_volume_math",
                        monthly = usd_exact(b.selfhost_monthly_usd),
                        mtok = exact(b.tokens_per_month / 1e6, 0),
                        per_mtok = usd_unit(b.selfhost_usd_per_mtok_at_volume, 4)
                    ),
                ),
                BillingFigure::ApiMonthly => plain(
                    crate::tr!("billing_math.api_monthly_formula"),
                    usd_exact(b.api_monthly_usd),
                ),
            };
            (figure, e)
        })
        .collect();
    BillingMath {
        explanations,
        no_fit: b.deployment.is_err().then(no_fit_text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::{with_lang, Lang};

    #[test]
    fn the_billing_math_in_both_languages_by_hand() {
        // An 8B model served 1B tokens a month on AWS H100s against GPT-4o mini
        // (data/api_prices.json: $0.15 in, $0.60 out per million tokens; blended at 75 % input:
        // 0.75 x 0.15 + 0.25 x 0.60 = $0.2625 per million, so 1,000 Mtok cost $262.50 a month).
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let d = crate::io::link::decode_link("serve=8B:1B:aws:h100-sxm:0:12", &c);
        let o = crate::credits::evaluate::evaluate(&d.plan, &c);
        let b = o.serves[0]
            .billing
            .clone()
            .unwrap_or_else(|| panic!("billed"));
        let en = with_lang(Lang::En, || billing_math(&b, &c));
        let pt = with_lang(Lang::Pt, || billing_math(&b, &c));
        let sub = |m: &BillingMath, f| m.of(f).map(|e| e.substituted.clone()).unwrap_or_default();
        let formula = |m: &BillingMath, f| m.of(f).map(|e| e.formula.clone()).unwrap_or_default();
        assert_eq!(
            sub(&en, BillingFigure::ApiMtok),
            "$0.2625 per million tokens"
        );
        assert_eq!(
            sub(&pt, BillingFigure::ApiMtok),
            "US$\u{a0}0,2625 por milhão de tokens"
        );
        assert_eq!(sub(&en, BillingFigure::ApiMonthly), "$262.50");
        assert_eq!(
            formula(&en, BillingFigure::BreakevenDuty),
            "d* = p_reserved / p_busy-only"
        );
        assert_eq!(
            formula(&pt, BillingFigure::ApiMonthly),
            "mensal = tokens / 10⁶ × preço da API"
        );
        // Reserved at AWS's 45 % discount off $6.88: $3.784 an hour, so reserved pays above a
        // duty of 3.784 / 6.88 = 0.55.
        assert_eq!(
            sub(&en, BillingFigure::BreakevenDuty),
            "$3.784 / $6.88 = 0.55"
        );
        assert_eq!(
            sub(&pt, BillingFigure::BreakevenDuty),
            "US$\u{a0}3,784 / US$\u{a0}6,88 = 0,55"
        );
        // Every figure has its working; the model fits, so there is no "fits nothing" sentence.
        assert!(BillingFigure::ALL.iter().all(|f| en.of(*f).is_some()));
        assert_eq!(en.no_fit, None);
        assert_eq!(
            en.of(BillingFigure::ServingGpus),
            Some(&with_lang(Lang::En, || serving_explanation(&b, &c)))
        );
    }
}
