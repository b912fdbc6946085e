//! The workloads of a plan besides experiments: training jobs of every kind (pretraining,
//! continued pretraining, full fine-tuning, LoRA, QLoRA, DPO) and inference serving lines. Each
//! has its own provider, accelerator and start. Link tokens:
//! - `job=<kind>:<params>:<tokens>:<provider>:<accelerator>:<gpus>[:<start>[:<epochs>[:<runs>[:<mfu>[:<duty>[:<price>[:<lora_rank>]]]]]]]`
//!   (defaults: start 0, epochs 1, runs 1, MFU 0.4, duty 1, price the list price, rank 16);
//! - `serve=<params>:<tokens-per-month>:<provider>:<accelerator>[:<start>[:<months>[:<host>[:<price>[:<precision>]]]]]`
//!   (defaults: start 0, 12 months, `on-demand`, price the list price for that mode, bf16).
//!
//! Both are read and written by [`crate::input::slots`]: an empty optional field is its default.
//!
//! Every number is read by the same [`Field`] rules as the calculator's own boxes, so a token
//! accepts exactly what the page accepts and its message names the field.

use crate::data::catalog::Catalog;
use crate::input::field_spec::Need;
use crate::input::field_spec::{Field, Origin};
use crate::input::kind::WorkloadKind;
use crate::input::knobs::HostMode;
use crate::input::knobs::Precision;
use crate::input::parse::{echo, format_number_exact, InputError};
use crate::input::slots::{self, Record, Slot, SlotError};
use crate::input::token::Token;
use crate::input::token::TokenError;

use crate::input::knobs::MAX_SERVE_MONTHS;

use crate::input::job::Job;

impl Job {
    /// "LoRA fine-tune, 8B on 20M tokens × 3 epochs".
    pub fn title(&self) -> String {
        let mut t = crate::tr!(
            "workloads.job_title",
            kind = self.kind.label(),
            params = params_compact(self.params, self.params_total),
            tokens = crate::io::format::compact(self.tokens)
        );
        if self.epochs != 1.0 {
            t.push_str(&crate::tr!(
                "workloads.epochs",
                n = format_number_exact(self.epochs)
            ));
        }
        if self.runs != 1 {
            t.push_str(&crate::tr!("workloads.runs", n = self.runs));
        }
        t
    }
}

/// One inference serving line: a model served at a monthly volume on always-on accelerators.
#[derive(Clone, Debug, PartialEq)]
pub struct Serve {
    /// Parameters of the model served (active ones for a mixture of experts).
    pub params: f64,
    /// A mixture of experts' total parameters (`None`: dense).
    pub params_total: Option<f64>,
    /// Weights and KV cache precision (FP8 on accelerators with a dense FP8 peak).
    pub precision: crate::input::knobs::Precision,
    /// Tokens served a month (input and output, in the API's 3:1 mix).
    pub tokens_per_month: f64,
    /// Provider id.
    pub provider_id: String,
    /// Accelerator id.
    pub accelerator_id: String,
    /// First day it serves.
    pub start_day: u32,
    /// Months served (730-hour months).
    pub months: u32,
    /// How the accelerators are bought.
    pub host: HostMode,
    /// Price override, USD per accelerator-hour.
    pub price_override_usd_per_gpu_hour: Option<f64>,
}

impl Serve {
    /// A serving line with nothing set yet, filled by a token's slots (12 months, on demand,
    /// bf16: the optional slots' defaults).
    pub fn blank() -> Serve {
        Serve {
            params: 0.0,
            params_total: None,
            precision: Precision::Bf16,
            tokens_per_month: 0.0,
            provider_id: String::new(),
            accelerator_id: String::new(),
            start_day: 0,
            months: 12,
            host: HostMode::OnDemand,
            price_override_usd_per_gpu_hour: None,
        }
    }

    /// The accelerators the line runs on, as a job the price lookup understands (its training
    /// fields play no part).
    pub fn host_job(&self) -> Job {
        Job {
            provider_id: self.provider_id.clone(),
            accelerator_id: self.accelerator_id.clone(),
            price_override_usd_per_gpu_hour: None,
            ..Job::default()
        }
    }

    /// The plan's billing knobs with this line's model, precision, volume and billing mode (the
    /// plan's reserved-price override is for the billing boxes' provider, not this line's).
    pub fn billing_inputs(
        &self,
        plan: &crate::input::knobs::BillingInputs,
    ) -> crate::input::knobs::BillingInputs {
        crate::input::knobs::BillingInputs {
            infer_params: self.params,
            infer_params_total: self.params_total,
            precision: self.precision,
            tokens_per_month: self.tokens_per_month,
            host_mode: self.host,
            reserved_usd_per_hour: None,
            ..plan.clone()
        }
    }

    /// "Serve 8B, 2B tokens a month, 12 months" (", FP8" when served in FP8).
    pub fn title(&self) -> String {
        let mut t = crate::tr!(
            "workloads.serve_title",
            params = params_compact(self.params, self.params_total),
            tokens = crate::io::format::compact(self.tokens_per_month),
            months = self.months
        );
        if self.precision == crate::input::knobs::Precision::Fp8 {
            t.push_str(", FP8");
        }
        t
    }
}

/// "8B", or "37B/671B" for a mixture of experts; a catalog model's own name at its exact size
/// ("Llama 3.1 70B" for 70.6B, "DeepSeek-V3" for 37B/671B), so the model picked in the add form
/// is the one its rows name.
pub fn params_compact(active: f64, total: Option<f64>) -> String {
    if let Some(name) = crate::data::catalog::base_model_name(active, total.unwrap_or(active)) {
        return name;
    }
    params_size(active, total)
}

/// The size alone, "71B" or "37B/671B", for a sentence about the parameters themselves
/// ("71B parameters need at least 16 GPUs").
pub fn params_size(active: f64, total: Option<f64>) -> String {
    match total {
        Some(t) => format!(
            "{}/{}",
            crate::io::format::compact(active),
            crate::io::format::compact(t)
        ),
        None => crate::io::format::compact(active),
    }
}

/// The training kinds a job may be, with their link ids.
pub fn job_kinds() -> impl Iterator<Item = WorkloadKind> {
    WorkloadKind::ALL.into_iter().filter(|k| k.trains())
}

/// Reads one `job=` token (the value after `job=`); `index` is its position among the link's job
/// tokens.
pub fn parse_job(token: &str, index: usize, catalog: &Catalog) -> Result<Job, TokenError> {
    let slots = slots::job_slots();
    let parts = slots::split(token, Token::Job(index), slots)?;
    job_from_slots(&parts, index, Origin::Link, catalog)
}

/// Reads a job from its slots, in the `job=` token's order (kind, params, tokens, provider,
/// accelerator, gpus, then the optional start, epochs, runs, mfu, duty, price, LoRA rank; absent
/// or empty: the default), each number by its field: as a link writes it ([`Origin::Link`]), or
/// as the reader typed it in the add-workload form ([`Origin::Typed`]: their language's decimal
/// mark, percentages for MFU and duty). The form fills the slots from its boxes; nothing is
/// written into a token and read back.
pub fn job_from_slots(
    parts: &[&str],
    index: usize,
    origin: Origin,
    catalog: &Catalog,
) -> Result<Job, TokenError> {
    let at = Token::Job(index);
    let label = at.label();
    let cx = slots::Cx {
        origin,
        catalog,
        label: &label,
    };
    slots::decode(slots::job_slots(), parts, at, &cx, Job::default())
}

/// Writes a job token with every field up to the duty cycle, so a link keeps its meaning when
/// defaults change; the price only when it overrides the list price, the LoRA rank only when it
/// is not the default (older links read back the same). A job of another kind keeps a rank it
/// was given (the editor keeps it when the kind changes), so its link reopens exactly the plan
/// it was written from.
pub fn encode_job(j: &Job) -> String {
    slots::encode(slots::job_slots(), j)
}

impl Record for Serve {
    fn number(&self, field: Field) -> Option<f64> {
        match field {
            Field::TokensMonth => Some(self.tokens_per_month),
            Field::Start => Some(f64::from(self.start_day)),
            Field::Price => self.price_override_usd_per_gpu_hour,
            _ => None,
        }
    }
    fn set_number(&mut self, field: Field, value: f64) {
        match field {
            Field::TokensMonth => self.tokens_per_month = value,
            Field::Start => self.start_day = value as u32,
            Field::Price => self.price_override_usd_per_gpu_hour = Some(value),
            _ => {}
        }
    }
}

/// The `serve=` token: params, tokens a month, provider, accelerator, then the optional start,
/// months, host, price (when overriding) and precision (when not bf16, so older links read back
/// the same).
const SERVE_SLOTS: [Slot<Serve>; 9] = [
    Slot::own(
        |v, raw, cx| {
            let p = slots::read_params(Field::InferParams, raw, cx)?;
            v.params = p.active;
            v.params_total = p.total;
            Ok(())
        },
        |v| {
            Some(slots::params_text(
                Field::InferParams,
                v.params,
                v.params_total,
            ))
        },
        Need::Required,
    ),
    Slot::number(Field::TokensMonth, Need::Required),
    Slot::own(
        |v, raw, _| {
            slots::provider_as_given(&mut v.provider_id, raw);
            Ok(())
        },
        |v| Some(v.provider_id.clone()),
        Need::Required,
    ),
    Slot::own(
        |v, raw, cx| {
            slots::accelerator_then_provider(
                &mut v.accelerator_id,
                &mut v.provider_id,
                raw,
                cx.catalog,
            )
        },
        |v| Some(v.accelerator_id.clone()),
        Need::Required,
    ),
    Slot::number(Field::Start, Need::Written),
    Slot::own(read_months, |v| Some(v.months.to_string()), Need::Written),
    Slot::own(read_host, |v| Some(v.host.id().to_string()), Need::Written),
    Slot::number(Field::Price, Need::WhenSet),
    Slot::own(
        read_precision,
        |v| (v.precision != Precision::Bf16).then(|| v.precision.id().to_string()),
        Need::WhenSet,
    ),
];

/// A serving line's (or an API line's) months, 1 to [`MAX_SERVE_MONTHS`].
pub(crate) fn read_months_of(months: &mut u32, raw: &str, cx: &slots::Cx) -> Result<(), SlotError> {
    // Read by its row of the input table, in the reader's language when typed.
    let value = Field::ServeMonths.parse(raw, cx.origin).map_err(|e| {
        SlotError::Said(
            Some("months"),
            crate::tr!(
                "workloads.months",
                label = cx.label,
                problem = e.problem.describe(&e.got),
                max = MAX_SERVE_MONTHS
            ),
        )
    })?;
    // The row's range has been checked: the cast is exact.
    *months = value as u32;
    Ok(())
}

fn read_months(v: &mut Serve, raw: &str, cx: &slots::Cx) -> Result<(), SlotError> {
    read_months_of(&mut v.months, raw, cx)
}

/// How a serving line's accelerators are bought (`on-demand`, `reserved`, `spot`).
pub(crate) fn read_host(v: &mut Serve, raw: &str, cx: &slots::Cx) -> Result<(), SlotError> {
    v.host = HostMode::from_id(raw.trim()).ok_or_else(|| {
        InputError::new(
            Field::Host,
            raw,
            crate::input::parse::Problem::UnknownId,
            Field::Host.accepted(cx.origin),
        )
    })?;
    Ok(())
}

/// Its precision, FP8 only on an accelerator with a dense FP8 peak.
pub(crate) fn read_precision(v: &mut Serve, raw: &str, cx: &slots::Cx) -> Result<(), SlotError> {
    let said = |message| SlotError::Said(None, message);
    v.precision = Precision::from_id(raw.trim()).ok_or_else(|| {
        said(crate::tr!(
            "workloads.precision",
            label = cx.label,
            got = echo(raw)
        ))
    })?;
    let no_fp8 = cx
        .catalog
        .accelerator(&v.accelerator_id)
        .filter(|a| a.dense_fp8_tflops.is_none());
    if let (Precision::Fp8, Some(a)) = (v.precision, no_fp8) {
        return Err(said(crate::tr!(
            "workloads.no_fp8",
            label = cx.label,
            acc = a.name_text()
        )));
    }
    Ok(())
}

/// Reads one `serve=` token; `index` is its position among the link's serving tokens.
pub fn parse_serve(token: &str, index: usize, catalog: &Catalog) -> Result<Serve, TokenError> {
    let parts = slots::split(token, Token::Serve(index), &SERVE_SLOTS)?;
    serve_from_slots(&parts, index, Origin::Link, catalog)
}

/// Reads a serving line from its slots, in the `serve=` token's order (params, tokens a month,
/// provider, accelerator, then the optional start, months, host, price, precision), each number
/// as a link writes it or as the reader typed it (see [`job_from_slots`]).
pub fn serve_from_slots(
    parts: &[&str],
    index: usize,
    origin: Origin,
    catalog: &Catalog,
) -> Result<Serve, TokenError> {
    let at = Token::Serve(index);
    let label = at.label();
    let cx = slots::Cx {
        origin,
        catalog,
        label: &label,
    };
    slots::decode(&SERVE_SLOTS, parts, at, &cx, Serve::blank())
}

/// Writes a serving token with every field (the price only when overriding, the precision only
/// when not bf16).
pub fn encode_serve(v: &Serve) -> String {
    slots::encode(&SERVE_SLOTS, v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> Catalog {
        Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_job_token_fills_the_documented_defaults() {
        let c = catalog();
        let j =
            parse_job("lora:8B:20M:modal:h100-sxm:1", 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            j,
            Job {
                kind: WorkloadKind::Lora,
                params: 8e9,
                params_total: None,
                tokens: 2e7,
                provider_id: "modal".into(),
                accelerator_id: "h100-sxm".into(),
                gpus: 1,
                start_day: 0,
                epochs: 1.0,
                runs: 1,
                lora_rank: 16.0,
                seq_len: 4096.0,
                mfu: 0.4,
                duty: 1.0,
                price_override_usd_per_gpu_hour: None,
                batch_tokens: None,
                moe_experts: None,
                moe_top_k: None,
            }
        );
        // Every field given, and an empty optional field is its default.
        let j = parse_job("dpo:70B:1B:aws:h100-sxm:64:30:2:3:0.35:0.5:2.5", 1, &c)
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            (j.start_day, j.epochs, j.runs, j.mfu, j.duty),
            (30, 2.0, 3, 0.35, 0.5)
        );
        assert_eq!(j.price_override_usd_per_gpu_hour, Some(2.5));
        assert_eq!(
            encode_job(&j),
            "dpo:70B:1B:aws:h100-sxm:64:30:2:3:0.35:0.5:2.5"
        );
        let j = parse_job("qlora:8B:20M:modal:h100-sxm:1:::5", 0, &c)
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!((j.start_day, j.epochs, j.runs), (0, 1.0, 5));
        assert_eq!(encode_job(&j), "qlora:8B:20M:modal:h100-sxm:1:0:1:5:0.4:1");
    }

    #[test]
    fn a_catalog_model_is_named_in_titles_at_its_exact_size() {
        let c = catalog();
        // Llama 3.1 70B is 70.6B parameters (data/base_models.json): picked from the list, its
        // rows say its name, not "71B"; a typed 70B is just a size.
        let dpo =
            parse_job("dpo:70.6B:200M:gcp:h100-sxm:8", 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(dpo.title(), "DPO, Llama 3.1 70B on 200M tokens");
        let typed =
            parse_job("dpo:70B:200M:gcp:h100-sxm:8", 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(typed.title(), "DPO, 70B on 200M tokens");
        // A mixture of experts by both counts: 37B active of 671B is DeepSeek-V3.
        assert_eq!(params_compact(37e9, Some(671e9)), "DeepSeek-V3 (MoE)");
        assert_eq!(params_compact(37e9, Some(600e9)), "37B/600B");
        assert_eq!(
            params_compact(671e9, None),
            "671B",
            "the total alone is not the model"
        );
    }

    #[test]
    fn a_bad_job_token_names_the_job_and_the_field() {
        let c = catalog();
        let err = |t: &str| parse_job(t, 1, &c).err().map(|e| (e.key(), e.message()));
        assert_eq!(
            err("lora:8B:lots:modal:h100-sxm:1"),
            Some((
                "job-1".into(),
                "Job 2: Training tokens: \"lots\" is not a number. Expected 100K to 100T tokens, like 2T, 300B, 20M or 2e12.".into()
            ))
        );
        assert_eq!(
            err("inference:8B:20M:modal:h100-sxm:1").map(|e| e.1),
            Some("Job 2: Kind of job: \"inference\" is not in the catalog. Expected pretrain, continued, full-ft, lora, qlora or dpo.".into())
        );
        let m = err("lora:8B:20M:modal:h100-sxm:1:0:1:1:1.5").map(|e| e.1);
        assert_eq!(
            m,
            Some("Job 2: MFU: \"1.5\" is above the accepted range. Expected a fraction from 0.0001 to 1, like 0.4 (or 40%).".into())
        );
        let m = err("lora:8B:20M").map(|e| e.1).unwrap_or_default();
        assert!(m.starts_with("Job 2: expected kind:params:tokens"), "{m}");
        let m = err("lora:8B:20M:nowhere:h100-sxm:1")
            .map(|e| e.1)
            .unwrap_or_default();
        assert!(m.starts_with("Job 2: Provider: \"nowhere\""), "{m}");
    }

    #[test]
    fn a_serve_token_fills_the_documented_defaults() {
        let c = catalog();
        let v = parse_serve("8B:2B:modal:h100-sxm", 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            (v.params, v.tokens_per_month, v.start_day, v.months, v.host),
            (8e9, 2e9, 0, 12, HostMode::OnDemand)
        );
        assert_eq!(encode_serve(&v), "8B:2B:modal:h100-sxm:0:12:on-demand");
        let v = parse_serve("70B:50B:aws:h100-sxm:90:6:reserved:4", 0, &c)
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!((v.start_day, v.months, v.host), (90, 6, HostMode::Reserved));
        assert_eq!(v.price_override_usd_per_gpu_hour, Some(4.0));
        let err = |t: &str| parse_serve(t, 0, &c).err().map(|e| (e.key(), e.message()));
        assert_eq!(
            err("8B:2B:modal:h100-sxm:0:0"),
            Some((
                "serve-0".into(),
                "Serving line 1: months \"0\" must be greater than zero. Expected a whole number of months from 1 to 60.".into()
            ))
        );
        assert_eq!(
            err("8B:2B:modal:h100-sxm:0:12:always").map(|e| e.1),
            Some("Serving line 1: Inference GPUs billed: \"always\" is not in the catalog. Expected on-demand, reserved or spot.".into())
        );
    }
}
