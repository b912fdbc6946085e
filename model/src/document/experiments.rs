//! Experiments: a GPU-hour budget at a duty cycle on one provider's accelerators (before a
//! pretraining run, say). Link token:
//! `work=<provider>:<accelerator>:<gpus>:<gpu-hours>:<start-day>[:<duty>[:<price>]]` (duty defaults
//! to 1, price to the provider's list price).

use crate::data::catalog::Catalog;
use crate::input::field_spec::{Field, Need, Origin};
use crate::input::parse::{echo, format_number_exact, Problem};
use crate::input::slots::{Cx, Record, Slot, SlotError};
use crate::input::token::{Token, TokenError};

/// A workload besides the calculator's training run (e.g. experiments on Modal before pretraining).
#[derive(Clone, Debug, PartialEq)]
pub struct ExtraWorkload {
    /// Provider id.
    pub provider_id: String,
    /// Accelerator id.
    pub accelerator_id: String,
    /// Accelerators.
    pub gpus: u32,
    /// Accelerator-hours in total.
    pub gpu_hours: f64,
    /// First day it runs.
    pub start_day: u32,
    /// Busy fraction of each day.
    pub duty: f64,
    /// Price override, USD per accelerator-hour.
    pub price_override_usd_per_gpu_hour: Option<f64>,
}

impl ExtraWorkload {
    /// The price it runs at: the override, else the provider's list price (`None` if it has none).
    pub fn usd_per_gpu_hour(&self, catalog: &Catalog) -> Option<f64> {
        self.price_override_usd_per_gpu_hour.or_else(|| {
            catalog
                .price(&self.provider_id, &self.accelerator_id)
                .map(|p| p.usd_per_gpu_hour)
        })
    }

    /// What it costs: its GPU-hours at [`ExtraWorkload::usd_per_gpu_hour`] (`None` without a
    /// price).
    pub fn cost_usd(&self, catalog: &Catalog) -> Option<f64> {
        self.usd_per_gpu_hour(catalog).map(|p| p * self.gpu_hours)
    }
}

impl Record for ExtraWorkload {
    fn number(&self, field: Field) -> Option<f64> {
        match field {
            Field::Gpus => Some(f64::from(self.gpus)),
            Field::Start => Some(f64::from(self.start_day)),
            Field::Duty => Some(self.duty),
            Field::Price => self.price_override_usd_per_gpu_hour,
            _ => None,
        }
    }
    fn set_number(&mut self, field: Field, value: f64) {
        match field {
            Field::Gpus => self.gpus = value as u32,
            Field::Start => self.start_day = value as u32,
            Field::Duty => self.duty = value,
            Field::Price => self.price_override_usd_per_gpu_hour = Some(value),
            _ => {}
        }
    }
}

/// The `work=` token: provider, accelerator, gpus, GPU-hours, start day, then the optional duty
/// and price (when overriding). Fields the calculator also reads are read by the calculator's
/// field (one range, one message): "Experiments 1: Accelerators: "0" is below …".
const WORK_SLOTS: [Slot<ExtraWorkload>; 7] = [
    Slot::own(
        |w, raw, _| {
            crate::input::slots::provider_as_given(&mut w.provider_id, raw);
            Ok(())
        },
        |w| Some(w.provider_id.clone()),
        Need::Required,
    ),
    Slot::own(
        read_work_accelerator,
        |w| Some(w.accelerator_id.clone()),
        Need::Required,
    ),
    Slot::number(Field::Gpus, Need::Required),
    Slot::own(
        read_gpu_hours,
        |w| Some(format_number_exact(w.gpu_hours)),
        Need::Required,
    ),
    Slot::number(Field::Start, Need::Required),
    Slot::number(Field::Duty, Need::Written),
    Slot::number(Field::Price, Need::WhenSet),
];

fn read_work_accelerator(w: &mut ExtraWorkload, raw: &str, cx: &Cx) -> Result<(), SlotError> {
    let said = |message| SlotError::Said(None, message);
    let accelerator = raw.trim();
    if cx.catalog.accelerator(accelerator).is_none() {
        return Err(said(crate::tr!(
            "plan.work.unknown_accelerator",
            label = cx.label,
            acc = echo(accelerator)
        )));
    }
    let renting: Vec<&str> = cx
        .catalog
        .offers(accelerator)
        .map(|p| p.provider.as_ref())
        .collect();
    if !renting.contains(&w.provider_id.as_str()) {
        return Err(said(crate::tr!(
            "plan.work.not_rented",
            label = cx.label,
            provider = echo(&w.provider_id),
            acc = accelerator,
            ids = renting.join(", ")
        )));
    }
    w.accelerator_id = accelerator.to_string();
    Ok(())
}

fn read_gpu_hours(w: &mut ExtraWorkload, raw: &str, cx: &Cx) -> Result<(), SlotError> {
    // Read by its row of the input table, in the reader's language when typed.
    w.gpu_hours = Field::WorkGpuHours.parse(raw, cx.origin).map_err(|e| {
        SlotError::Said(
            None,
            field_error(
                cx.label,
                Field::WorkGpuHours.label(),
                raw,
                e.problem,
                Field::WorkGpuHours.accepted(cx.origin),
            ),
        )
    })?;
    Ok(())
}

/// Reads one `work=` token.
pub fn parse_work(
    token: &str,
    index: usize,
    catalog: &Catalog,
) -> Result<ExtraWorkload, TokenError> {
    let parts = crate::input::slots::split(token, Token::Work(index), &WORK_SLOTS)?;
    work_from_slots(&parts, index, Origin::Link, catalog)
}

/// Reads experiments from their slots, in the `work=` token's order (provider, accelerator, gpus,
/// GPU-hours, start day, then the optional duty and price), each number as a link writes it or as
/// the reader typed it (see [`crate::document::workloads::job_from_slots`]).
pub fn work_from_slots(
    parts: &[&str],
    index: usize,
    origin: Origin,
    catalog: &Catalog,
) -> Result<ExtraWorkload, TokenError> {
    let at = Token::Work(index);
    let label = at.label();
    let cx = Cx {
        origin,
        catalog,
        label: &label,
    };
    let start = ExtraWorkload {
        provider_id: String::new(),
        accelerator_id: String::new(),
        gpus: 1,
        gpu_hours: 0.0,
        start_day: 0,
        duty: 1.0,
        price_override_usd_per_gpu_hour: None,
    };
    crate::input::slots::decode(&WORK_SLOTS, parts, at, &cx, start)
}

/// Writes a workload token.
pub fn encode_work(w: &ExtraWorkload) -> String {
    crate::input::slots::encode(&WORK_SLOTS, w)
}

fn field_error(label: &str, what: &str, raw: &str, problem: Problem, expected: &str) -> String {
    let problem = match problem.of_text(raw) {
        Problem::Empty => crate::tr!("plan.is_missing"),
        p => p.describe(&echo(raw)),
    };
    crate::tr!(
        "plan.field_error",
        label = label,
        what = what,
        problem = problem,
        expected = expected
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on_modal(gpu_hours: f64, price: Option<f64>) -> ExtraWorkload {
        ExtraWorkload {
            provider_id: "modal".into(),
            accelerator_id: "h100-sxm".into(),
            gpus: 8,
            gpu_hours,
            start_day: 0,
            duty: 1.0,
            price_override_usd_per_gpu_hour: price,
        }
    }

    #[test]
    fn an_experiments_cost_is_its_gpu_hours_at_its_price_by_hand() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        // 1,000 GPU-hours of Modal's H100 at its list price (data/prices.json: $3.95): $3,950.
        assert_eq!(on_modal(1_000.0, None).cost_usd(&c), Some(3_950.0));
        // At a price of its own, $2.50: $2,500.
        assert_eq!(on_modal(1_000.0, Some(2.5)).cost_usd(&c), Some(2_500.0));
        // A provider that does not rent the accelerator, and no price of its own: no cost.
        let mut w = on_modal(1_000.0, None);
        w.provider_id = "nobody".into();
        assert_eq!(w.cost_usd(&c), None);
    }
}
