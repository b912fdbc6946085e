//! The workloads of a plan besides experiments: training jobs of every kind (pretraining,
//! continued pretraining, full fine-tuning, LoRA, QLoRA, DPO) and inference serving lines. Each
//! has its own provider, accelerator and start. Link tokens:
//! - `job=<kind>:<params>:<tokens>:<provider>:<accelerator>:<gpus>[:<start>[:<epochs>[:<runs>[:<mfu>[:<duty>[:<price>]]]]]]`
//!   (defaults: start 0, epochs 1, runs 1, MFU 0.4, duty 1, price the list price; an empty
//!   optional field is its default);
//! - `serve=<params>:<tokens-per-month>:<provider>:<accelerator>[:<start>[:<months>[:<host>[:<price>]]]]`
//!   (defaults: start 0, 12 months, `on-demand`, price the list price for that mode).
//!
//! Every number is read by the same [`Field`] rules as the calculator's own boxes, so a token
//! accepts exactly what the page accepts and its message names the field.

use crate::billing::HostMode;
use crate::catalog::Catalog;
use crate::ids::{validate_accelerator, validate_provider};
use crate::parse::{echo, format_number_exact, Field, InputError, Origin};
use crate::token::Token;
use crate::token::TokenError as PlanError;
use crate::workload_kind::WorkloadKind;

/// Longest serving line accepted, months (five years).
pub const MAX_SERVE_MONTHS: u32 = 60;

pub use crate::job::Job;

impl Job {
    /// "LoRA fine-tune, 8B on 20M tokens × 3 epochs".
    pub fn title(&self) -> String {
        let mut t = crate::tr!(
            "workloads.job_title",
            kind = self.kind.label(),
            params = params_compact(self.params, self.params_total),
            tokens = crate::format::compact(self.tokens)
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
    pub precision: crate::knobs::Precision,
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
    /// "Serve 8B, 2B tokens a month, 12 months" (", FP8" when served in FP8).
    pub fn title(&self) -> String {
        let mut t = crate::tr!(
            "workloads.serve_title",
            params = params_compact(self.params, self.params_total),
            tokens = crate::format::compact(self.tokens_per_month),
            months = self.months
        );
        if self.precision == crate::knobs::Precision::Fp8 {
            t.push_str(", FP8");
        }
        t
    }
}

/// "8B", or "37B/671B" for a mixture of experts.
pub fn params_compact(active: f64, total: Option<f64>) -> String {
    match total {
        Some(t) => format!(
            "{}/{}",
            crate::format::compact(active),
            crate::format::compact(t)
        ),
        None => crate::format::compact(active),
    }
}

/// The training kinds a job may be, with their link ids.
pub fn job_kinds() -> impl Iterator<Item = WorkloadKind> {
    WorkloadKind::ALL.into_iter().filter(|k| k.trains())
}

/// Reads an optional field: absent or empty is the default.
fn optional<'a>(parts: &[&'a str], i: usize) -> Option<&'a str> {
    parts.get(i).copied().filter(|p| !p.trim().is_empty())
}

/// Reads one `job=` token (the value after `job=`); `index` is its position among the link's job
/// tokens.
pub fn parse_job(token: &str, index: usize, catalog: &Catalog) -> Result<Job, PlanError> {
    let parts: Vec<&str> = token.split(':').collect();
    if !(6..=13).contains(&parts.len()) {
        let label = crate::tr!("workloads.job_label", n = index + 1);
        return Err(PlanError::new(
            Token::Job(index),
            crate::tr!("workloads.job_expected", label = label, got = echo(token)),
        ));
    }
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
) -> Result<Job, PlanError> {
    let label = crate::tr!("workloads.job_label", n = index + 1);
    let at = Token::Job(index);
    let field = |e: InputError| PlanError::in_field(at, e.field.key(), format!("{label}: {e}"));
    let slot = |i: usize| parts.get(i).copied().unwrap_or("");
    let kind = WorkloadKind::from_id(slot(0).trim())
        .filter(|k| k.trains())
        .ok_or_else(|| {
            field(InputError::new(
                Field::Kind,
                slot(0),
                crate::parse::Problem::UnknownId,
                Field::Kind.accepted(origin),
            ))
        })?;
    let number = |f: Field, raw: &str| f.parse(raw, origin).map_err(field);
    let params = crate::parse::ParamCount::parse(Field::Params, slot(1), origin).map_err(field)?;
    let tokens = number(Field::Tokens, slot(2))?;
    let accelerator_id = validate_accelerator(slot(4), catalog).map_err(field)?;
    let provider_id = validate_provider(slot(3), &accelerator_id, catalog).map_err(field)?;
    let gpus = number(Field::Gpus, slot(5))? as u32;
    let mut job = Job {
        kind,
        params: params.active,
        params_total: params.total,
        tokens,
        provider_id,
        accelerator_id,
        gpus,
        start_day: 0,
        epochs: 1.0,
        runs: 1,
        lora_rank: crate::job::LORA_RANK,
        mfu: 0.4,
        duty: 1.0,
        price_override_usd_per_gpu_hour: None,
    };
    if let Some(raw) = optional(parts, 6) {
        job.start_day = number(Field::Start, raw)? as u32;
    }
    if let Some(raw) = optional(parts, 7) {
        job.epochs = number(Field::Epochs, raw)?;
    }
    if let Some(raw) = optional(parts, 8) {
        job.runs = number(Field::Runs, raw)? as u32;
    }
    if let Some(raw) = optional(parts, 9) {
        job.mfu = number(Field::Mfu, raw)?;
    }
    if let Some(raw) = optional(parts, 10) {
        job.duty = number(Field::Duty, raw)?;
    }
    if let Some(raw) = optional(parts, 11) {
        job.price_override_usd_per_gpu_hour = Some(number(Field::Price, raw)?);
    }
    if let Some(raw) = optional(parts, 12) {
        job.lora_rank = number(Field::LoraRank, raw)?;
    }
    Ok(job)
}

/// Writes a job token with every field, so a link keeps its meaning when defaults change; the
/// price only when it overrides the list price.
pub fn encode_job(j: &Job) -> String {
    let mut s = format!(
        "{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}",
        j.kind.id(),
        crate::parse::ParamCount {
            active: j.params,
            total: j.params_total
        }
        .text(Field::Params, false),
        format_number_exact(j.tokens),
        j.provider_id,
        j.accelerator_id,
        j.gpus,
        j.start_day,
        format_number_exact(j.epochs),
        j.runs,
        format_number_exact(j.mfu),
        format_number_exact(j.duty)
    );
    // The rank only when it is not the default, so older links read back the same. A job of
    // another kind keeps a rank it was given (the editor keeps it when the kind changes), so
    // its link reopens exactly the plan it was written from.
    let rank = (j.lora_rank != crate::job::LORA_RANK).then(|| format_number_exact(j.lora_rank));
    let price = j.price_override_usd_per_gpu_hour.map(format_number_exact);
    if price.is_some() || rank.is_some() {
        s.push(':');
        s.push_str(price.as_deref().unwrap_or(""));
    }
    if let Some(r) = rank {
        s.push(':');
        s.push_str(&r);
    }
    s
}

/// Reads one `serve=` token; `index` is its position among the link's serving tokens.
pub fn parse_serve(token: &str, index: usize, catalog: &Catalog) -> Result<Serve, PlanError> {
    let parts: Vec<&str> = token.split(':').collect();
    if !(4..=9).contains(&parts.len()) {
        let label = crate::tr!("workloads.serve_label", n = index + 1);
        return Err(PlanError::new(
            Token::Serve(index),
            crate::tr!("workloads.serve_expected", label = label, got = echo(token)),
        ));
    }
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
) -> Result<Serve, PlanError> {
    let label = crate::tr!("workloads.serve_label", n = index + 1);
    let at = Token::Serve(index);
    let fail = |message: String| PlanError::new(at, message);
    let field = |e: InputError| PlanError::in_field(at, e.field.key(), format!("{label}: {e}"));
    let slot = |i: usize| parts.get(i).copied().unwrap_or("");
    let number = |f: Field, raw: &str| f.parse(raw, origin).map_err(field);
    let params =
        crate::parse::ParamCount::parse(Field::InferParams, slot(0), origin).map_err(field)?;
    let tokens_per_month = number(Field::TokensMonth, slot(1))?;
    let accelerator_id = validate_accelerator(slot(3), catalog).map_err(field)?;
    let provider_id = validate_provider(slot(2), &accelerator_id, catalog).map_err(field)?;
    let mut serve = Serve {
        params: params.active,
        params_total: params.total,
        precision: crate::knobs::Precision::Bf16,
        tokens_per_month,
        provider_id,
        accelerator_id,
        start_day: 0,
        months: 12,
        host: HostMode::OnDemand,
        price_override_usd_per_gpu_hour: None,
    };
    if let Some(raw) = optional(parts, 4) {
        serve.start_day = number(Field::Start, raw)? as u32;
    }
    if let Some(raw) = optional(parts, 5) {
        // A typed box is read in the reader's language first ("1.000" in Portuguese).
        let raw = &*crate::parse::in_link_form(raw, origin);
        serve.months = crate::parse::parse_whole(raw, 1, MAX_SERVE_MONTHS).map_err(|p| {
            PlanError::in_field(
                at,
                "months",
                crate::tr!(
                    "workloads.months",
                    label = label,
                    problem = p.describe(&echo(raw)),
                    max = MAX_SERVE_MONTHS
                ),
            )
        })?;
    }
    if let Some(raw) = optional(parts, 6) {
        serve.host = HostMode::from_id(raw.trim()).ok_or_else(|| {
            field(InputError::new(
                Field::Host,
                raw,
                crate::parse::Problem::UnknownId,
                Field::Host.accepted(origin),
            ))
        })?;
    }
    if let Some(raw) = optional(parts, 7) {
        serve.price_override_usd_per_gpu_hour = Some(number(Field::Price, raw)?);
    }
    if let Some(raw) = optional(parts, 8) {
        serve.precision = crate::knobs::Precision::from_id(raw.trim()).ok_or_else(|| {
            fail(crate::tr!(
                "workloads.precision",
                label = label,
                got = echo(raw)
            ))
        })?;
        let no_fp8 = catalog
            .accelerator(&serve.accelerator_id)
            .filter(|a| a.dense_fp8_tflops.is_none());
        if let (crate::knobs::Precision::Fp8, Some(a)) = (serve.precision, no_fp8) {
            return Err(fail(crate::tr!(
                "workloads.no_fp8",
                label = label,
                acc = a.name
            )));
        }
    }
    Ok(serve)
}

/// Writes a serving token with every field (the price only when overriding).
pub fn encode_serve(v: &Serve) -> String {
    let mut s = format!(
        "{}:{}:{}:{}:{}:{}:{}",
        crate::parse::ParamCount {
            active: v.params,
            total: v.params_total
        }
        .text(Field::InferParams, false),
        format_number_exact(v.tokens_per_month),
        v.provider_id,
        v.accelerator_id,
        v.start_day,
        v.months,
        v.host.id()
    );
    let price = v.price_override_usd_per_gpu_hour.map(format_number_exact);
    let fp8 = v.precision != crate::knobs::Precision::Bf16;
    if price.is_some() || fp8 {
        s.push(':');
        s.push_str(price.as_deref().unwrap_or(""));
    }
    // The precision only when it is not bf16, so older links read back the same.
    if fp8 {
        s.push(':');
        s.push_str(v.precision.id());
    }
    s
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
                mfu: 0.4,
                duty: 1.0,
                price_override_usd_per_gpu_hour: None,
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
    fn a_bad_job_token_names_the_job_and_the_field() {
        let c = catalog();
        let err = |t: &str| parse_job(t, 1, &c).err().map(|e| (e.key(), e.message));
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
        let err = |t: &str| parse_serve(t, 0, &c).err().map(|e| (e.key(), e.message));
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
