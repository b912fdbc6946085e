//! A hosted API as a line of the plan: a catalog API used at a monthly volume of tokens, billed
//! every month to the API's provider (OpenAI, Anthropic, Google Cloud, Together). Credit programs
//! of that provider whose scope covers its API pay it. Link token:
//! `api_use=<api-id>:<tokens-a-month>[:<start-day>[:<months>]]` (defaults: day 0, 12 months).
//!
//! The bill: `tokens a month / 10⁶ × (0.75 × input price + 0.25 × output price)`, the 3:1
//! input:output mix every API comparison of the page uses, at the API's list (not batch) price.

use crate::credits::runway::{LineItem, WorkloadInput};
use crate::data::catalog::Catalog;
use crate::document::workloads::{read_host, read_months_of, read_precision, Serve};
use crate::estimators::billing::blended_usd_per_mtok;
use crate::estimators::formulas::HOURS_PER_MONTH;
use crate::input::field_spec::{Field, Need, Origin};
use crate::input::knobs::Precision;
use crate::input::knobs::API_INPUT_SHARE;
use crate::input::parse::echo;
use crate::input::slots::{self, Cx, Record, Slot, SlotError};
use crate::input::token::{Token, TokenError};

/// An API's list price in the 3:1 input:output mix, USD per million tokens.
pub fn mix_usd_per_mtok(a: &crate::data::catalog::ApiPrice) -> f64 {
    blended_usd_per_mtok(a.input_usd_per_mtok, a.output_usd_per_mtok, API_INPUT_SHARE)
}

/// A hosted API used at a monthly volume.
#[derive(Clone, Debug, PartialEq)]
pub struct ApiUse {
    /// Catalog API id.
    pub api_id: String,
    /// The provider that bills it (the catalog API's).
    pub provider_id: String,
    /// Tokens a month, input and output in the 3:1 mix.
    pub tokens_per_month: f64,
    /// First day it is used.
    pub start_day: u32,
    /// Months used (730-hour months).
    pub months: u32,
    /// The serving line it replaced ("self-host or API"), which "Self-host again" puts back with
    /// this line's tokens, start and months; carried by the link (the token's trailing fields).
    pub replaces: Option<Box<Serve>>,
}

impl ApiUse {
    /// The API at a volume from day 0 for 12 months (`None`: not in the catalog).
    pub fn new(api_id: &str, tokens_per_month: f64, catalog: &Catalog) -> Option<ApiUse> {
        let a = catalog.api(api_id)?;
        Some(ApiUse {
            api_id: a.id.to_string(),
            provider_id: a.provider.to_string(),
            tokens_per_month,
            start_day: 0,
            months: 12,
            replaces: None,
        })
    }

    /// The serving line it replaced, with this line's volume, start and months (`None`: it
    /// replaced none).
    pub fn self_hosted(&self) -> Option<Serve> {
        self.replaces.as_deref().map(|v| Serve {
            tokens_per_month: self.tokens_per_month,
            start_day: self.start_day,
            months: self.months,
            ..v.clone()
        })
    }

    /// Its price, USD per million tokens in the 3:1 mix (`None`: not in the catalog).
    pub fn usd_per_mtok(&self, catalog: &Catalog) -> Option<f64> {
        Some(mix_usd_per_mtok(catalog.api(&self.api_id)?))
    }

    /// One month's bill, USD.
    pub fn monthly_usd(&self, catalog: &Catalog) -> Option<f64> {
        Some(self.tokens_per_month / 1e6 * self.usd_per_mtok(catalog)?)
    }

    /// The runway's line: the monthly bill accrued by the hour over its months, billed by the
    /// API's provider (`None`: not in the catalog).
    pub fn runway_line(&self, catalog: &Catalog) -> Option<WorkloadInput> {
        let monthly = self.monthly_usd(catalog)?;
        Some(WorkloadInput {
            provider_id: self.provider_id.clone(),
            own_silicon_of: None,
            line: LineItem::Api,
            gpus: 1,
            usd_per_gpu_hour: monthly / HOURS_PER_MONTH,
            duty: 1.0,
            start_day: self.start_day,
            gpu_hours: HOURS_PER_MONTH * f64::from(self.months),
        })
    }

    /// "Together AI Llama 3.1 70B Instruct Turbo API, 500M tokens a month, 12 months".
    pub fn title(&self, catalog: &Catalog) -> String {
        let name = catalog
            .api(&self.api_id)
            .map_or_else(|| self.api_id.clone(), |a| a.name.to_string());
        crate::tr!(
            "api_use.title",
            api = name,
            tokens = crate::io::format::compact(self.tokens_per_month),
            months = self.months
        )
    }
}

impl Record for ApiUse {
    fn number(&self, field: Field) -> Option<f64> {
        match field {
            Field::TokensMonth => Some(self.tokens_per_month),
            Field::Start => Some(f64::from(self.start_day)),
            Field::Price => self.replaces.as_ref()?.price_override_usd_per_gpu_hour,
            _ => None,
        }
    }
    fn set_number(&mut self, field: Field, value: f64) {
        match field {
            Field::TokensMonth => self.tokens_per_month = value,
            Field::Start => self.start_day = value as u32,
            Field::Price => {
                if let Some(v) = self.replaces.as_mut() {
                    v.price_override_usd_per_gpu_hour = Some(value);
                }
            }
            _ => {}
        }
    }
}

/// The `api_use=` token: the API, tokens a month, then the optional start and months; then, for
/// a line that replaced a serving line, that line's parameters, provider, accelerator, billing
/// mode, precision (when FP8) and price (when overriding), as the `serve=` token writes them.
const API_SLOTS: [Slot<ApiUse>; 10] = [
    Slot::own(read_api, |a| Some(a.api_id.clone()), Need::Required),
    Slot::number(Field::TokensMonth, Need::Required),
    Slot::number(Field::Start, Need::Written),
    Slot::own(read_months, |a| Some(a.months.to_string()), Need::Written),
    Slot::own(
        |a, raw, cx| {
            let p = slots::read_params(Field::InferParams, raw, cx)?;
            let v = a.replaces.get_or_insert_with(|| Box::new(Serve::blank()));
            v.params = p.active;
            v.params_total = p.total;
            Ok(())
        },
        |a| {
            let v = a.replaces.as_ref()?;
            Some(slots::params_text(
                Field::InferParams,
                v.params,
                v.params_total,
            ))
        },
        Need::WhenSet,
    ),
    Slot::own(
        |a, raw, cx| {
            let v = replaced(a, cx)?;
            slots::provider_as_given(&mut v.provider_id, raw);
            Ok(())
        },
        |a| Some(a.replaces.as_ref()?.provider_id.clone()),
        Need::WhenSet,
    ),
    Slot::own(
        |a, raw, cx| {
            let v = replaced(a, cx)?;
            slots::accelerator_then_provider(
                &mut v.accelerator_id,
                &mut v.provider_id,
                raw,
                cx.catalog,
            )
        },
        |a| Some(a.replaces.as_ref()?.accelerator_id.clone()),
        Need::WhenSet,
    ),
    Slot::own(
        |a, raw, cx| read_host(replaced(a, cx)?, raw, cx),
        |a| Some(a.replaces.as_ref()?.host.id().to_string()),
        Need::WhenSet,
    ),
    // Read as a serving line's: FP8 only on an accelerator with a dense FP8 peak.
    Slot::own(
        |a, raw, cx| read_precision(replaced(a, cx)?, raw, cx),
        |a| {
            let v = a.replaces.as_ref()?;
            (v.precision != Precision::Bf16).then(|| v.precision.id().to_string())
        },
        Need::WhenSet,
    ),
    Slot::number(Field::Price, Need::WhenSet),
];

/// The replaced serving line a trailing slot fills: its parameters come first.
fn replaced<'a>(a: &'a mut ApiUse, cx: &Cx) -> Result<&'a mut Serve, SlotError> {
    a.replaces.as_deref_mut().ok_or_else(|| {
        SlotError::Said(
            None,
            crate::tr!("api_use.replaces_needs_params", label = cx.label),
        )
    })
}

fn read_api(a: &mut ApiUse, raw: &str, cx: &Cx) -> Result<(), SlotError> {
    let id = raw.trim().to_ascii_lowercase();
    let api = cx.catalog.api(&id).ok_or_else(|| {
        SlotError::Said(
            Some("api"),
            crate::tr!(
                "api_use.unknown",
                label = cx.label,
                got = echo(raw),
                ids = cx
                    .catalog
                    .apis
                    .iter()
                    .map(|a| a.id.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
    })?;
    a.api_id = api.id.to_string();
    a.provider_id = api.provider.to_string();
    Ok(())
}

fn read_months(a: &mut ApiUse, raw: &str, cx: &Cx) -> Result<(), SlotError> {
    read_months_of(&mut a.months, raw, cx)
}

/// Reads one `api_use=` token; `index` is its position among the link's API tokens.
pub fn parse_api_use(token: &str, index: usize, catalog: &Catalog) -> Result<ApiUse, TokenError> {
    let parts = slots::split(token, Token::Api(index), &API_SLOTS)?;
    api_use_from_slots(&parts, index, Origin::Link, catalog)
}

/// Reads an API line from its slots (a link's, or the boxes the reader typed in).
pub fn api_use_from_slots(
    parts: &[&str],
    index: usize,
    origin: Origin,
    catalog: &Catalog,
) -> Result<ApiUse, TokenError> {
    let at = Token::Api(index);
    let label = at.label();
    let cx = Cx {
        origin,
        catalog,
        label: &label,
    };
    let start = ApiUse {
        api_id: String::new(),
        provider_id: String::new(),
        tokens_per_month: 0.0,
        start_day: 0,
        months: 12,
        replaces: None,
    };
    let a = slots::decode(&API_SLOTS, parts, at, &cx, start)?;
    // A replaced serving line needs its machines: parameters alone are not a line.
    if let Some(v) = &a.replaces {
        if v.provider_id.is_empty() || v.accelerator_id.is_empty() {
            return Err(TokenError::new(
                at,
                crate::tr!("api_use.replaces_incomplete", label = label),
            ));
        }
    }
    Ok(a)
}

/// Writes an API token with every field.
pub fn encode_api_use(a: &ApiUse) -> String {
    slots::encode(&API_SLOTS, a)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> Catalog {
        Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_token_reads_and_writes_back_with_its_defaults() {
        let c = catalog();
        let a = parse_api_use("together-llama-70b:500M", 0, &c)
            .unwrap_or_else(|e| panic!("{}", e.message()));
        assert_eq!(a.provider_id, "together");
        assert_eq!(a.tokens_per_month, 500e6);
        assert_eq!((a.start_day, a.months), (0, 12));
        assert_eq!(encode_api_use(&a), "together-llama-70b:500M:0:12");
        let b =
            parse_api_use(&encode_api_use(&a), 0, &c).unwrap_or_else(|e| panic!("{}", e.message()));
        assert_eq!(a, b);
    }

    #[test]
    fn a_month_of_together_llama_70b_at_500m_tokens_is_440_dollars() {
        // Together's Llama 3.1 70B Turbo: $0.88 in and out (data/api_prices.json), so 3:1 is
        // $0.88 a million; 500M tokens a month: 500 × 0.88 = $440.
        let c = catalog();
        let a = ApiUse::new("together-llama-70b", 500e6, &c)
            .unwrap_or_else(|| panic!("in the catalog"));
        let m = a.monthly_usd(&c).unwrap_or(f64::NAN);
        assert!((m - 440.0).abs() < 1e-9, "{m}");
        let line = a.runway_line(&c).unwrap_or_else(|| panic!("priced"));
        // Twelve 730-hour months at $440 a month: $5,280 in all.
        let total = line.gpu_hours * line.usd_per_gpu_hour;
        assert!((total - 5280.0).abs() < 1e-6, "{total}");
        assert_eq!(line.line, LineItem::Api);
    }

    #[test]
    fn a_line_that_replaced_a_serving_line_carries_it_in_its_link() {
        let c = catalog();
        let link = "together-llama-70b:500M:30:6:70.6B:aws:h100-sxm:reserved:fp8:5.5";
        let a = parse_api_use(link, 0, &c).unwrap_or_else(|e| panic!("{}", e.message()));
        let v = a
            .self_hosted()
            .unwrap_or_else(|| panic!("it replaced a line"));
        assert_eq!(
            (v.params, v.provider_id.as_str(), v.accelerator_id.as_str()),
            (70.6e9, "aws", "h100-sxm")
        );
        assert_eq!(
            (v.host, v.precision),
            (crate::input::knobs::HostMode::Reserved, Precision::Fp8)
        );
        assert_eq!(v.price_override_usd_per_gpu_hour, Some(5.5));
        // The line's volume, start and months are the API line's.
        assert_eq!((v.tokens_per_month, v.start_day, v.months), (500e6, 30, 6));
        assert_eq!(encode_api_use(&a), link);
        // On-demand bf16 at the list price writes only the machines.
        let plain = "together-llama-70b:500M:0:12:70B:aws:h100-sxm:on-demand";
        let b = parse_api_use(plain, 0, &c).unwrap_or_else(|e| panic!("{}", e.message()));
        assert_eq!(encode_api_use(&b), plain);
        // Parameters without machines, or machines without parameters, are refused.
        assert!(parse_api_use("together-llama-70b:500M:0:12:70B", 0, &c).is_err());
        assert!(parse_api_use("together-llama-70b:500M:0:12::aws:h100-sxm", 0, &c).is_err());
        // FP8 on an accelerator without a dense FP8 peak is refused, as in a `serve=` token.
        let e = parse_api_use(
            "together-llama-70b:500M:0:12:70B:aws:a100-80gb:on-demand:fp8",
            0,
            &c,
        )
        .err()
        .map(|e| e.message())
        .unwrap_or_default();
        assert!(e.contains("FP8"), "{e}");
        // A provider that does not rent the accelerator is refused like a serving line's.
        assert!(parse_api_use("together-llama-70b:500M:0:12:70B:modal:trn2", 0, &c).is_err());
    }

    #[test]
    fn bad_tokens_name_the_field() {
        let c = catalog();
        let e = parse_api_use("no-such-api:1M", 1, &c)
            .err()
            .map(|e| e.message())
            .unwrap_or_default();
        assert!(
            e.contains("no-such-api") && e.contains("together-llama-70b"),
            "{e}"
        );
        let e = parse_api_use("gpt-4o-mini:1M:0:61", 0, &c)
            .err()
            .map(|e| e.message())
            .unwrap_or_default();
        assert!(e.contains("60"), "{e}");
        assert!(parse_api_use("gpt-4o-mini", 0, &c).is_err());
        assert!(parse_api_use(
            "gpt-4o-mini:1M:0:12:9:aws:h100-sxm:on-demand:bf16:1:x",
            0,
            &c
        )
        .is_err());
    }
}
