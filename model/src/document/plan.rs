//! A credit plan: the grants a team applies for, extra workloads beside the calculator's training
//! run, and the dataset-ready day. Converts to simulation inputs, explains itself in warnings, and
//! advises when to apply. Link tokens:
//! - `grant=<program-id>:<amount>:<apply-day>:<review-days>:<validity-days>` (trailing fields
//!   optional: amount defaults to the program's expected amount for a seed-stage team (never its
//!   ceiling), apply day to 0, review and validity to the catalog's typical values);
//! - `work=<provider>:<accelerator>:<gpus>:<gpu-hours>:<start-day>[:<duty>[:<price>]]` (duty defaults
//!   to 1, price to the provider's list price).

use crate::credits::runway::{GrantInput, RunwayResult, WorkloadInput};
use crate::data::catalog::{Catalog, Program, Scope};
use crate::document::api_use::ApiUse;
use crate::document::experiments::ExtraWorkload;
use crate::document::workload::{Kind, KindOf, Removed, Work, Workload, WorkloadId};
use crate::document::workloads::Serve;
use crate::input::calendar::Date;
use crate::input::field_spec::Need;
use crate::input::field_spec::{Field, Origin};
use crate::input::grant_field::{GrantError, GrantField};
use crate::input::job::Job;
use crate::input::knobs::{MAX_REVIEW_DAYS, MAX_VALIDITY_DAYS, MIN_APPLY_DAY};
use crate::input::parse::{echo, format_number_exact, Problem};
use crate::input::settings::Settings;
use crate::input::slots::{Cx, Record, Slot, SlotError};
use crate::input::token::{Token, TokenError};
use crate::io::format::usd;

/// Most grants a plan holds (a link with more gets a message for the rest).
pub const MAX_GRANTS: usize = 40;
/// Most extra workloads a plan holds.
pub const MAX_WORKLOADS: usize = 20;

/// Where a grant stands at day 0: planned (applied for on day 0 or later), in review (applied
/// before day 0, approved after it), or held (applied before day 0 and approved on or before it:
/// its amount is the balance left at day 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GrantState {
    /// The application goes out on day 0 or later.
    Planned,
    /// Applied before day 0, approved after it.
    InReview,
    /// Approved on or before day 0.
    Held,
}

/// One grant in the plan.
#[derive(Clone, Debug, PartialEq)]
pub struct PlannedGrant {
    /// Catalog program id.
    pub program_id: String,
    /// Amount expected, USD.
    pub amount_usd: f64,
    /// Day the application goes out; negative: before day 0 (a grant in review or held).
    pub apply_day: i32,
    /// Days until approval.
    pub review_days: u32,
    /// Days usable after approval.
    pub validity_days: u32,
    /// How uncertain it is (the uncertainty bands).
    pub odds: GrantOdds,
}

/// How uncertain one grant is (the uncertainty bands): part of the grant, written as optional
/// trailing fields of its `grant=` token. The default: the program's chance and review range.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GrantOdds {
    /// Chance it is approved at its amount, 0..=1; `None`: the program's (1 once held).
    pub approval: Option<f64>,
    /// Shortest review, days; `None`: the catalog's minimum.
    pub review_min_days: Option<u32>,
    /// Longest review, days; `None`: the catalog's maximum.
    pub review_max_days: Option<u32>,
}

impl PlannedGrant {
    /// The program's defaults: its expected amount (what a seed-stage team is typically offered,
    /// never the ceiling), applied today, typical review, catalog validity. Used by "Add to plan"
    /// and by a link token without an amount.
    pub fn from_program(p: &Program) -> Self {
        PlannedGrant {
            program_id: p.id.to_string(),
            amount_usd: p.expected_usd,
            apply_day: 0,
            review_days: p.review_days_typical,
            validity_days: p.validity_days,
            odds: GrantOdds::default(),
        }
    }

    /// A grant already approved: `balance_usd` left at day 0, approved `approved_days_ago` days
    /// before day 0 after the program's typical review, usable until the start of day `expires_day`.
    pub fn held(p: &Program, balance_usd: f64, approved_days_ago: u32, expires_day: u32) -> Self {
        let approved = -(approved_days_ago.min(MIN_APPLY_DAY.unsigned_abs() - 1) as i32);
        // Applied before day 0 (a grant applied on day 0 is still planned): a review of a day at
        // least.
        let review = p
            .review_days_typical
            .clamp(1, approved.abs_diff(MIN_APPLY_DAY));
        PlannedGrant {
            program_id: p.id.to_string(),
            amount_usd: balance_usd,
            apply_day: approved - review as i32,
            review_days: review,
            validity_days: (i64::from(expires_day) - i64::from(approved)).max(1) as u32,
            odds: GrantOdds::default(),
        }
    }

    /// Where it stands at day 0.
    pub fn state(&self) -> GrantState {
        if self.apply_day >= 0 {
            // Still to send, even one approved the day it goes out (a review of 0 days): links
            // written before grants had states read as they did.
            GrantState::Planned
        } else if self.approved_day() <= 0 {
            GrantState::Held
        } else {
            GrantState::InReview
        }
    }

    /// Its apply day while its application is still to send (`None`: in review or held).
    pub fn planned_apply_day(&self) -> Option<i32> {
        (self.state() == GrantState::Planned).then_some(self.apply_day)
    }

    /// The day it is (or was) approved, counted from day 0 (negative: before it).
    pub fn approved_day(&self) -> i64 {
        i64::from(self.apply_day) + i64::from(self.review_days)
    }

    /// The day its balance expires (the start of that day), counted from day 0.
    pub fn expires_day(&self) -> i64 {
        self.approved_day() + i64::from(self.validity_days)
    }

    /// Whether it had expired by day 0 (a held grant typed with a past expiry).
    pub fn expired_before_day0(&self) -> bool {
        self.expires_day() <= 0
    }

    /// Its chance of approval at its amount: 1 once held, else the typed chance, else the
    /// program's.
    pub fn chance(&self, p: &Program) -> f64 {
        match self.state() {
            GrantState::Held => 1.0,
            _ => self.odds.approval.unwrap_or(p.approval_chance),
        }
    }

    /// Whether the typed review pins its approval day for the uncertainty bands: held, or a
    /// review outside the program's range that the reader typed on purpose (a review of 0 days).
    pub fn review_is_pinned(&self, p: &Program) -> bool {
        self.state() == GrantState::Held
            || (self.odds.review_min_days.is_none()
                && self.odds.review_max_days.is_none()
                && !(p.review_days_min..=p.review_days_max).contains(&self.review_days))
    }

    /// The simulation's input: a grant applied before day 0 is one usable from
    /// `max(approval, 0)` until its expiry, applied on day 0 (the runway counts from day 0).
    pub fn runway_input(&self, p: &Program) -> GrantInput {
        let (apply, review, validity) = runway_days(
            i64::from(self.apply_day),
            self.review_days,
            self.validity_days,
        );
        GrantInput {
            provider_id: p.provider.to_string(),
            scope: p.scope,
            amount_usd: self.amount_usd,
            apply_day: apply,
            review_days: review,
            validity_days: validity,
        }
    }
}

impl PlannedGrant {
    /// The same grant in another state, as the reader picks it: planned applies on day 0 (or
    /// its later planned day); in review was applied yesterday (or on its earlier day) and is
    /// still waiting; held keeps its expiry and counts as approved on day 0 (or its earlier day),
    /// its amount then the balance left. Amounts and validity are kept.
    pub fn with_state(&self, to: GrantState, p: &Program) -> PlannedGrant {
        let mut g = self.clone();
        match to {
            GrantState::Planned => {
                if g.state() == GrantState::Held {
                    g.review_days = p.review_days_typical;
                }
                g.apply_day = g.apply_day.max(0);
            }
            GrantState::InReview => {
                if g.apply_day >= 0 {
                    g.apply_day = -1;
                }
                if g.review_days == 0 || g.approved_day() <= 0 {
                    // Still waiting: approval at least tomorrow, at the typical review if later.
                    let needed = (1 - i64::from(g.apply_day)) as u32;
                    g.review_days = p.review_days_typical.max(needed).min(MAX_REVIEW_DAYS);
                }
            }
            GrantState::Held => g.make_held(),
        }
        g
    }

    /// Approved on day 0 (its review ending then; applied a day before at least) when it was not
    /// held, its expiry kept.
    fn make_held(&mut self) {
        if self.state() != GrantState::Held {
            let expires = self.expires_day().max(1);
            self.review_days = self.review_days.clamp(1, MAX_REVIEW_DAYS);
            self.apply_day = -(self.review_days as i32);
            self.validity_days =
                (expires - self.approved_day()).clamp(1, i64::from(MAX_VALIDITY_DAYS)) as u32;
        }
    }

    /// A held grant's expiry set from a date (`YYYY-MM-DD`): it stays approved when it was.
    pub fn set_expiry_date(&mut self, t0: Date, text: &str) -> Result<(), GrantDateError> {
        let date = Date::parse(text).map_err(GrantDateError::NotADate)?;
        let day = t0.days_until(date);
        if day <= 0 {
            return Err(GrantDateError::ExpiredBeforeDay0 { day0: t0 });
        }
        let validity = day - self.approved_day().min(0);
        if validity > i64::from(MAX_VALIDITY_DAYS) {
            return Err(GrantDateError::TooFar);
        }
        self.make_held();
        self.validity_days = (day - self.approved_day()) as u32;
        Ok(())
    }

    /// A grant in review's application date (`YYYY-MM-DD`, before day 0): its review is kept, and
    /// lengthened when it would already have ended (the grant is still waiting).
    pub fn set_applied_date(&mut self, t0: Date, text: &str) -> Result<(), GrantDateError> {
        let date = Date::parse(text).map_err(GrantDateError::NotADate)?;
        let day = t0.days_until(date);
        if day >= 0 {
            return Err(GrantDateError::NotYetSent { day0: t0 });
        }
        if day < i64::from(MIN_APPLY_DAY) {
            return Err(GrantDateError::TooFar);
        }
        self.apply_day = day as i32;
        let needed = 1 - day;
        if i64::from(self.review_days) < needed {
            if needed > i64::from(MAX_REVIEW_DAYS) {
                return Err(GrantDateError::TooFar);
            }
            self.review_days = needed as u32;
        }
        Ok(())
    }
}

/// Why a date typed for a grant was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GrantDateError {
    /// Not a date.
    NotADate(crate::input::calendar::DateProblem),
    /// A held grant's expiry on or before day 0: nothing left to spend.
    ExpiredBeforeDay0 {
        /// The plan's day 0.
        day0: Date,
    },
    /// An application "in review" dated day 0 or later is still to send.
    NotYetSent {
        /// The plan's day 0.
        day0: Date,
    },
    /// More than ten years from day 0.
    TooFar,
}

impl std::fmt::Display for GrantDateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            GrantDateError::NotADate(p) => p.to_string(),
            GrantDateError::ExpiredBeforeDay0 { day0 } => {
                crate::tr!("plan.grant_date.expired", day0 = day0.to_string())
            }
            GrantDateError::NotYetSent { day0 } => {
                crate::tr!("plan.grant_date.not_sent", day0 = day0.to_string())
            }
            GrantDateError::TooFar => crate::tr!("plan.grant_date.too_far"),
        };
        f.write_str(&text)
    }
}

/// `(apply, review, validity)` in the runway's days (all from day 0 on) for a grant applied on
/// `apply` (possibly before day 0): a grant approved before day 0 is usable from day 0 to its
/// expiry; one that expired before day 0 is usable on no day.
pub fn runway_days(apply: i64, review: u32, validity: u32) -> (u32, u32, u32) {
    if apply >= 0 {
        return (apply as u32, review, validity);
    }
    let from = (apply + i64::from(review)).max(0);
    let until = (apply + i64::from(review) + i64::from(validity)).max(from);
    (0, from as u32, (until - from) as u32)
}

/// A plan: training jobs, serving lines and experiments against stacked grants, from a day 0,
/// with the shared settings every job is priced under. The one document of the page: the
/// calculator edits one of its jobs in place (the selection is the page's, not the plan's).
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The date of day 0 (link key `t0`, `YYYY-MM-DD`). `None` only before the page fills in
    /// today for a link without it; every day number of the plan counts from this date.
    pub t0: Option<Date>,
    /// The shared hidden-cost, billing and advisor settings.
    pub settings: Settings,
    /// Every line of work, in plan order: training jobs, serving lines, experiments and hosted
    /// APIs ([`crate::document::workload`]), edited by id.
    pub workloads: Vec<crate::document::workload::Workload>,
    /// Grants in plan order (ties in expiry are paid in this order).
    pub grants: Vec<PlannedGrant>,
    /// The plan's name (link key `name`), cleaned text; rendered as text, never markup.
    pub name: String,
    /// A note about the plan (link key `note`), cleaned text; rendered as text, never markup.
    pub note: String,
    /// Work compared side by side (link key `cmp`, repeated), at most
    /// [`crate::document::compare::column::MAX_COLUMNS`].
    pub compare: Vec<crate::document::compare::column::Column>,
    /// Plan-wide MFU and price ranges of the uncertainty bands (link keys `mfu_range`,
    /// `price_range`).
    pub ranges: PlanRanges,
}

impl Default for Plan {
    /// One training job (the default one) and nothing else.
    fn default() -> Self {
        Plan {
            t0: None,
            settings: Settings::default(),
            workloads: vec![crate::document::workload::Workload {
                id: 0,
                work: Job::default().into(),
            }],
            grants: Vec::new(),
            name: String::new(),
            note: String::new(),
            compare: Vec::new(),
            ranges: Default::default(),
        }
    }
}

impl Plan {
    /// A plan with nothing in it (no job either), from day `t0`.
    pub fn empty() -> Self {
        Plan {
            workloads: Vec::new(),
            ..Plan::default()
        }
    }

    /// Workloads of every kind (jobs, serving lines, experiments, APIs).
    pub fn workload_count(&self) -> usize {
        self.workloads.len()
    }

    /// Removes job `index` and returns what the calculator edits next, given what it edited
    /// (`selected`): the same job, moved up if it came later; after removing the edited job,
    /// the one that took its place (or the one before it); `None` once no job is left. Out of
    /// range: nothing changes.
    pub fn remove_job(&mut self, index: usize, selected: Option<usize>) -> Option<usize> {
        let Some(id) = self.id_of::<Job>(index) else {
            return selected;
        };
        self.remove(id);
        let left = self.count::<Job>();
        match selected {
            Some(e) if e == index => (left > 0).then(|| index.min(left - 1)),
            Some(e) if e > index => Some(e - 1),
            other => other,
        }
    }

    /// Removes grant `i` (out of range: nothing).
    pub fn remove_grant(&mut self, i: usize) {
        if i < self.grants.len() {
            self.grants.remove(i);
        }
    }

    /// The plan's day 0, which turns its day numbers into dates and words.
    pub fn day0(&self) -> Day0 {
        Day0(self.t0)
    }

    /// The date of plan day `day`, or `None` without a day 0.
    pub fn date_of(&self, day: u32) -> Option<Date> {
        self.day0().date_of(day)
    }

    /// "on 14 Mar 2027" (or "on day 468" without a day 0), for sentences.
    pub fn on_day(&self, day: u32) -> String {
        self.day0().on_day(day)
    }

    /// [`Plan::on_day`] for a day that may lie before day 0.
    pub fn on_signed_day(&self, day: i64) -> String {
        self.day0().on_signed_day(day)
    }

    /// "14 Mar 2027" (or "day 468" without a day 0), for a day that may lie before day 0.
    pub fn day_text(&self, day: i64) -> String {
        self.day0().day_text(day)
    }
}

/// A plan's day 0 (`None` before the page fills in today): what its day numbers mean as dates.
/// Small and `Copy`, so a view of dates can follow it without following every edit of the plan.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Day0(pub Option<Date>);

impl Day0 {
    /// The date of day `day`, or `None` without a day 0.
    pub fn date_of(self, day: u32) -> Option<Date> {
        self.0.map(|t0| t0.plus(day))
    }

    /// The date of a day that may lie before day 0.
    pub fn signed_date(self, day: i64) -> Option<Date> {
        self.0.and_then(|t0| t0.add_days(day))
    }

    /// "on 14 Mar 2027" (or "on day 468" without a day 0), for sentences.
    pub fn on_day(self, day: u32) -> String {
        self.on_signed_day(i64::from(day))
    }

    /// [`Day0::on_day`] for a day that may lie before day 0.
    pub fn on_signed_day(self, day: i64) -> String {
        crate::tr!("plan.on_day", day = self.day_text(day))
    }

    /// "14 Mar 2027" (or "day 468" without a day 0), for a day that may lie before day 0.
    pub fn day_text(self, day: i64) -> String {
        match self.signed_date(day) {
            Some(d) => d.to_string(),
            None => crate::tr!("plan.day_n", day = day),
        }
    }
}

/// Per grant, in the order of `grants`: the latest day to apply so that approval (apply day + the
/// grant's review days) lands by the start of the first workload it can pay
/// ([`GrantInput::pays_for`]: its provider, and its scope). Negative when even applying on day 0
/// is too late; `None` when it can pay no workload in the plan.
pub fn apply_by(grants: &[GrantInput], workloads: &[WorkloadInput]) -> Vec<Option<i64>> {
    grants
        .iter()
        .map(|g| {
            let first = g.first_payable_start(workloads)?;
            Some(i64::from(first) - i64::from(g.review_days))
        })
        .collect()
}

/// Reads one `grant=` token (the value after `grant=`), with its optional uncertainty fields:
/// the program first (its defaults fill the fields left out), then [`GRANT_SLOTS`].
pub fn parse_grant(
    token: &str,
    index: usize,
    catalog: &Catalog,
) -> Result<PlannedGrant, TokenError> {
    let at = Token::Grant(index);
    let parts = crate::input::slots::split(token, at, &GRANT_SLOTS)?;
    let id = parts.first().copied().unwrap_or("").trim();
    let Some(program) = catalog.program(id) else {
        let ids: Vec<&str> = catalog.programs.iter().map(|p| p.id.as_ref()).collect();
        let problem = if id.is_empty() {
            crate::tr!("plan.no_program")
        } else {
            crate::tr!("plan.not_a_program", id = echo(id))
        };
        return Err(TokenError::new(
            at,
            crate::tr!(
                "plan.grant_unknown",
                n = index + 1,
                problem = problem,
                ids = ids.join(", ")
            ),
        ));
    };
    let label = at.label();
    let cx = Cx {
        origin: Origin::Link,
        catalog,
        label: &label,
    };
    let g = crate::input::slots::decode(
        &GRANT_SLOTS,
        &parts,
        at,
        &cx,
        PlannedGrant::from_program(program),
    )
    .map_err(|e| e.of_program(program.name_text()))?;
    // A programme without credits of its own (its perks are partner offers) has no amount to
    // default to: a grant of it needs one typed (an older link's), else it says why.
    if g.amount_usd <= 0.0 {
        return Err(TokenError::new(
            at,
            crate::tr!("plan.no_credits", n = index + 1, name = program.name_text()),
        ));
    }
    Ok(g)
}

/// A grant has no field of the input table: its slots have their own readers, over
/// [`GrantField`].
impl Record for PlannedGrant {
    fn number(&self, _: Field) -> Option<f64> {
        None
    }
    fn set_number(&mut self, _: Field, _: f64) {}
}

/// A grant field's slot: read and written through its row of [`GrantField`].
macro_rules! grant_slot {
    ($field:expr) => {
        Slot::own(
            |g: &mut PlannedGrant, raw: &str, _: &Cx| $field.set(g, raw).map_err(SlotError::Grant),
            |g: &PlannedGrant| $field.written(g),
            $field.need(),
        )
    };
}

/// The `grant=` token: the program (read first, by [`parse_grant`], whose defaults fill the
/// rest), then every [`GrantField`] in order.
pub static GRANT_SLOTS: [Slot<PlannedGrant>; 8] = [
    Slot::own(
        |_, _, _| Ok(()),
        |g| Some(g.program_id.clone()),
        Need::Required,
    ),
    grant_slot!(GrantField::Amount),
    grant_slot!(GrantField::ApplyDay),
    grant_slot!(GrantField::ReviewDays),
    grant_slot!(GrantField::ValidityDays),
    grant_slot!(GrantField::Approval),
    grant_slot!(GrantField::ReviewMin),
    grant_slot!(GrantField::ReviewMax),
];

/// A grant's fields read and written: the table is [`GrantField`]'s (in `input`), the values
/// are the plan's.
impl GrantField {
    /// Its value in a grant, as text a box shows (empty: the catalog's review bound).
    pub fn text(self, g: &PlannedGrant) -> String {
        let o = &g.odds;
        match self {
            GrantField::Amount => format_number_exact(g.amount_usd),
            GrantField::ApplyDay => g.apply_day.to_string(),
            GrantField::ReviewDays => g.review_days.to_string(),
            GrantField::ValidityDays => g.validity_days.to_string(),
            GrantField::Approval => o.approval.map_or(String::new(), format_number_exact),
            GrantField::ReviewMin => o.review_min_days.map_or(String::new(), |d| d.to_string()),
            GrantField::ReviewMax => o.review_max_days.map_or(String::new(), |d| d.to_string()),
        }
    }

    /// Its value as the grant's box shows it to the reader: the amount in the display currency and
    /// the reader's language ("271625,49" for \$50K at 5.4325 reais), the rest as [`Self::text`].
    pub fn typed_text(self, g: &PlannedGrant) -> String {
        match self {
            GrantField::Amount => self.field().display(g.amount_usd),
            _ => self.text(g),
        }
    }

    /// Its text in a link; `None` at the uncertainty fields' defaults (approval 1, the catalog's
    /// review bounds), which a link leaves out.
    fn written(self, g: &PlannedGrant) -> Option<String> {
        let at_default = match self {
            GrantField::Approval => g.odds.approval.is_none(),
            GrantField::ReviewMin => g.odds.review_min_days.is_none(),
            GrantField::ReviewMax => g.odds.review_max_days.is_none(),
            _ => false,
        };
        (!at_default).then(|| self.text(g))
    }

    /// Reads text the reader typed into the grant, in their language ("100.000" in Portuguese
    /// is 100K); on a bad value the grant is untouched.
    pub fn set_typed(self, g: &mut PlannedGrant, raw: &str) -> Result<(), GrantError> {
        self.set_from(g, raw, Origin::Typed)
    }

    /// Reads `raw` (a link's text) into the grant; on a bad value the grant is untouched. An
    /// uncertainty review bound left empty is the catalog's.
    pub fn set(self, g: &mut PlannedGrant, raw: &str) -> Result<(), GrantError> {
        self.set_from(g, raw, Origin::Link)
    }

    /// Reads `raw` by the field's row of the input table (its range, its message, the reader's
    /// language when typed) into the grant.
    fn set_from(self, g: &mut PlannedGrant, raw: &str, origin: Origin) -> Result<(), GrantError> {
        let value = self.read(raw, origin)?;
        // The row's range has been checked: whole-number casts are exact.
        let days = |v: Option<f64>| v.map(|d| d as u32);
        match (self, value) {
            (GrantField::Amount, Some(v)) => g.amount_usd = v,
            (GrantField::ApplyDay, Some(v)) => g.apply_day = v as i32,
            (GrantField::ReviewDays, Some(v)) => g.review_days = v as u32,
            (GrantField::ValidityDays, Some(v)) => g.validity_days = v as u32,
            (GrantField::Approval, v) => g.odds.approval = v,
            (GrantField::ReviewMin, v) => g.odds.review_min_days = days(v),
            (GrantField::ReviewMax, v) => g.odds.review_max_days = days(v),
            // Blank is refused for the four dated fields (`read` says "missing").
            (_, None) => {}
        }
        Ok(())
    }
}

/// Writes a grant token ([`GRANT_SLOTS`]); fields equal to the program's defaults are still
/// written, so a link keeps its meaning when catalog defaults change. The uncertainty fields
/// (approval, review min, review max) are written only up to the last that differs from its
/// default (1, the catalog's, the catalog's), so links without uncertainty keep their five
/// fields; one at its default before a set one is written empty.
pub fn encode_grant(g: &PlannedGrant) -> String {
    crate::input::slots::encode(&GRANT_SLOTS, g)
}

// --- Uncertainty ranges (the Monte Carlo bands, crate::montecarlo) ---------------------------

/// A plan-wide multiplier range, `low..=high`; `1:1` (the default) is no uncertainty.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Span {
    /// Smallest multiplier.
    pub low: f64,
    /// Largest multiplier.
    pub high: f64,
}

impl Default for Span {
    fn default() -> Self {
        Span {
            low: 1.0,
            high: 1.0,
        }
    }
}

impl Span {
    /// Whether it is the default (no range).
    pub fn is_fixed(&self) -> bool {
        self.low == 1.0 && self.high == 1.0
    }

    /// As a link writes it: `0.8:1.2`.
    pub fn encode(&self) -> String {
        format!(
            "{}:{}",
            format_number_exact(self.low),
            format_number_exact(self.high)
        )
    }
}

/// Which plan-wide range a link key or box sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RangeKey {
    /// `mfu_range`: multipliers of each training job's MFU, low ≤ 1 ≤ high.
    Mfu,
    /// `price_range`: multipliers of every accelerator line's $/GPU-hour.
    Price,
}

impl RangeKey {
    /// Both keys, in link order.
    pub const ALL: [RangeKey; 2] = [RangeKey::Mfu, RangeKey::Price];

    /// The link key.
    pub fn key(self) -> &'static str {
        match self {
            RangeKey::Mfu => "mfu_range",
            RangeKey::Price => "price_range",
        }
    }

    /// The field in a sentence.
    pub fn label(self) -> String {
        match self {
            RangeKey::Mfu => crate::tr!("plan.range.mfu"),
            RangeKey::Price => crate::tr!("plan.range.price"),
        }
    }

    /// The rows of the input table its two numbers are read by: (low, high).
    pub fn fields(self) -> (Field, Field) {
        match self {
            RangeKey::Mfu => (Field::MfuRangeLow, Field::MfuRangeHigh),
            RangeKey::Price => (Field::PriceRangeLow, Field::PriceRangeHigh),
        }
    }

    /// What it accepts.
    pub fn expected(self) -> String {
        match self {
            RangeKey::Mfu => crate::tr!("plan.range.mfu_expected"),
            RangeKey::Price => crate::tr!("plan.range.price_expected"),
        }
    }

    /// The plan's range for this key.
    pub fn get(self, r: &PlanRanges) -> Span {
        match self {
            RangeKey::Mfu => r.mfu,
            RangeKey::Price => r.price,
        }
    }

    /// Sets the plan's range for this key.
    pub fn put(self, r: &mut PlanRanges, span: Span) {
        match self {
            RangeKey::Mfu => r.mfu = span,
            RangeKey::Price => r.price = span,
        }
    }

    /// Reads the two boxes of the range as the reader typed them, in their language ("0,8" in
    /// Portuguese); a message echoes the text as typed.
    pub fn parse_typed(self, low: &str, high: &str) -> Result<Span, RangeError> {
        self.read(low, high, Origin::Typed).map_err(|e| RangeError {
            got: echo(&format!("{}:{}", low.trim(), high.trim())),
            ..e
        })
    }

    /// Reads a link's `low:high`.
    pub fn parse(self, raw: &str) -> Result<Span, RangeError> {
        let parts: Vec<&str> = raw.split(':').collect();
        let [lo, hi] = parts[..] else {
            return Err(RangeError {
                key: self,
                got: echo(raw),
                problem: RangeProblem::NotTwo,
            });
        };
        self.read(lo, hi, Origin::Link)
    }

    /// Reads each number by its row of the input table (its bounds; the reader's language when
    /// typed), then checks that low is at most high.
    fn read(self, lo: &str, hi: &str, origin: Origin) -> Result<Span, RangeError> {
        let fail = |problem| RangeError {
            key: self,
            got: echo(&format!("{lo}:{hi}")),
            problem,
        };
        let (low_field, high_field) = self.fields();
        let num = |field: Field, t: &str, low: bool| {
            field.parse(t, origin).map_err(|e| {
                fail(match (e.problem, low) {
                    (Problem::Empty, true) => RangeProblem::NoLow,
                    (Problem::Empty, false) => RangeProblem::NoHigh,
                    (Problem::WrongDecimalMark { fix, .. }, true) => RangeProblem::LowMark(fix),
                    (Problem::WrongDecimalMark { fix, .. }, false) => RangeProblem::HighMark(fix),
                    (Problem::NotANumber | Problem::TooLarge, true) => RangeProblem::LowNotANumber,
                    (Problem::NotANumber | Problem::TooLarge, false) => {
                        RangeProblem::HighNotANumber
                    }
                    (_, true) => RangeProblem::LowOutside,
                    (_, false) => RangeProblem::HighOutside,
                })
            })
        };
        let low = num(low_field, lo, true)?;
        let high = num(high_field, hi, false)?;
        if low > high {
            return Err(fail(RangeProblem::LowAboveHigh));
        }
        Ok(Span { low, high })
    }
}

/// Why a range's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RangeProblem {
    /// Not two numbers `low:high`.
    NotTwo,
    /// No low number.
    NoLow,
    /// No high number.
    NoHigh,
    /// The low one is not a number.
    LowNotANumber,
    /// The high one is not a number.
    HighNotANumber,
    /// The low one was typed with the other language's decimal mark: the fix.
    LowMark(String),
    /// The high one was typed with the other language's decimal mark: the fix.
    HighMark(String),
    /// The low one is outside its bounds.
    LowOutside,
    /// The high one is outside its bounds.
    HighOutside,
    /// Low above high.
    LowAboveHigh,
}

/// A range's text refused: which range, the text (shortened), why; in words, in the reader's
/// language, when shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeError {
    /// The range.
    pub key: RangeKey,
    /// The text as given, shortened.
    pub got: String,
    /// Why.
    pub problem: RangeProblem,
}

impl std::fmt::Display for RangeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match &self.problem {
            RangeProblem::NotTwo => crate::tr!("plan.range.not_two"),
            RangeProblem::NoLow => crate::tr!("plan.range.no_low"),
            RangeProblem::NoHigh => crate::tr!("plan.range.no_high"),
            RangeProblem::LowNotANumber => crate::tr!("plan.range.low_nan"),
            RangeProblem::HighNotANumber => crate::tr!("plan.range.high_nan"),
            RangeProblem::LowMark(fix) => crate::tr!("plan.range.low_mark", fix = fix),
            RangeProblem::HighMark(fix) => crate::tr!("plan.range.high_mark", fix = fix),
            RangeProblem::LowOutside => crate::tr!("plan.range.low_out"),
            RangeProblem::HighOutside => crate::tr!("plan.range.high_out"),
            RangeProblem::LowAboveHigh => crate::tr!("plan.range.low_above_high"),
        };
        f.write_str(&crate::tr!(
            "plan.range.error",
            label = self.key.label(),
            key = self.key.key(),
            got = &self.got,
            what = what,
            expected = self.key.expected()
        ))
    }
}

impl std::error::Error for RangeError {}

/// The plan-wide ranges (link keys `mfu_range`, `price_range`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlanRanges {
    /// MFU multiplier range.
    pub mfu: Span,
    /// Price multiplier range.
    pub price: Span,
}

/// Which part of its workload's bill a line of the runway is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BillPart {
    /// The accelerators (a job's GPU-hours, a serving line's months, an experiments row), or an
    /// API line's tokens.
    Compute,
    /// A training job's checkpoint and dataset storage.
    Storage,
    /// A training job's dataset egress.
    Egress,
}

/// A line of the runway's bill: the workload it bills, by its id (the plan's handle for it, what
/// `Plan::upsert` and `Plan::remove` take) and by its kind and place among that kind (for the
/// names "Job 2", "Serving line 1"), and which part of that workload's bill it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BillLine {
    /// The workload billed.
    pub workload: WorkloadId,
    /// Its kind.
    pub kind: Kind,
    /// Its position among the plan's workloads of that kind, from 0.
    pub index: usize,
    /// The part of its bill.
    pub part: BillPart,
}

impl BillLine {
    /// Whether it is the `part` of the `index`-th workload of `kind`.
    pub fn is(&self, kind: Kind, index: usize, part: BillPart) -> bool {
        self.kind == kind && self.index == index && self.part == part
    }
}

/// A plain-words warning about the plan, attached to a grant when it concerns one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The grant's plan index, if the warning is about one.
    pub grant: Option<usize>,
    /// The warning.
    pub text: String,
}

/// Warnings: grants expiring before their workload, grants whose provider runs nothing, silicon
/// grants with a CUDA workload, reviews slower than the plan, money expiring unused, amounts above
/// the tier maximum.
pub fn warnings(
    plan: &Plan,
    inputs: &(Vec<GrantInput>, Vec<WorkloadInput>),
    result: &RunwayResult,
    catalog: &Catalog,
) -> Vec<Warning> {
    let (grants, workloads) = inputs;
    let on = |day: u32| plan.day_text(i64::from(day));
    let mut out = Vec::new();
    for (i, (planned, g)) in plan.grants.iter().zip(grants).enumerate() {
        let Some(program) = catalog.program(&planned.program_id) else {
            continue;
        };
        let name = program.name_text();
        let mut warn = |text: String| {
            out.push(Warning {
                grant: Some(i),
                text,
            })
        };
        let on_provider: Vec<&WorkloadInput> = workloads
            .iter()
            .filter(|w| w.provider_id == g.provider_id)
            .collect();
        let eligible: Vec<&WorkloadInput> = on_provider
            .iter()
            .copied()
            .filter(|w| g.pays_for(w))
            .collect();
        if on_provider.is_empty() {
            let provider = catalog
                .provider(&g.provider_id)
                .map_or(g.provider_id.as_str(), |p| p.name.as_ref());
            warn(crate::tr!(
                "plan.warn.no_workload",
                name = name,
                provider = provider
            ));
        } else if eligible.is_empty() && g.scope == Scope::Gpu {
            let provider = catalog
                .provider(&g.provider_id)
                .map_or(g.provider_id.as_str(), |p| p.name.as_ref());
            warn(crate::tr!(
                "plan.warn.gpu_only",
                name = name,
                provider = provider
            ));
        } else if eligible.is_empty() && g.scope == Scope::Silicon {
            warn(crate::tr!(
                "plan.warn.silicon",
                name = name,
                provider = g.provider_id,
                weeks = program.porting_weeks
            ));
        }
        if let Some(first_start) = eligible.iter().map(|w| w.start_day).min() {
            if g.expires_on() <= first_start {
                warn(crate::tr!(
                    "plan.warn.expires_before",
                    name = name,
                    expires = on(g.expires_on()),
                    start = on(first_start)
                ));
            } else if g.usable_from() > first_start {
                // The apply day is later than apply-by: `apply_day + review > first_start`.
                let by = i64::from(first_start) - i64::from(g.review_days);
                warn(crate::tr!(
                    "plan.warn.late",
                    name = name,
                    by = plan.day_text(by),
                    review = g.review_days,
                    start = on(first_start),
                    applied = on(g.apply_day),
                    approved = on(g.usable_from()),
                    late = g.usable_from() - first_start
                ));
            }
        }
        let expired = result.grants.get(i).map_or(0.0, |o| o.expired_usd);
        if expired > 0.0 {
            warn(crate::tr!(
                "plan.warn.expires_unused",
                usd = usd(expired),
                name = name,
                day = on(g.expires_on())
            ));
        }
        if planned.amount_usd > program.ceiling_usd {
            warn(crate::tr!(
                "plan.warn.above_ceiling",
                name = name,
                amount = usd(planned.amount_usd),
                max = usd(program.ceiling_usd)
            ));
        }
    }
    out
}

/// When to apply for a grant so it is approved by the dataset-ready day without wasting validity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApplyWindow {
    /// Latest day to apply so that even the slowest review approves it by the dataset-ready day
    /// (`None`: too late already; applying today, the slowest review lands after it).
    pub latest_safe_day: Option<u32>,
    /// Earliest day to apply so that even the fastest review does not approve it before the
    /// dataset-ready day (validity starts at approval).
    pub earliest_no_waste_day: u32,
}

/// The application window of a program for a dataset-ready day.
pub fn apply_window(program: &Program, dataset_ready_day: u32) -> ApplyWindow {
    ApplyWindow {
        latest_safe_day: dataset_ready_day.checked_sub(program.review_days_max),
        earliest_no_waste_day: dataset_ready_day.saturating_sub(program.review_days_min),
    }
}

/// The one list of workloads, edited by id ([`crate::document::workload`]).
impl Plan {
    /// The records of one kind, in plan order.
    pub fn each<'a, T: KindOf + 'a>(&'a self) -> impl Iterator<Item = &'a T> + 'a {
        self.workloads.iter().filter_map(|w| T::of(&w.work))
    }

    /// The training jobs, in plan order.
    pub fn jobs(&self) -> Vec<&Job> {
        self.each().collect()
    }

    /// The serving lines, in plan order.
    pub fn serves(&self) -> Vec<&Serve> {
        self.each().collect()
    }

    /// The experiments, in plan order.
    pub fn experiments(&self) -> Vec<&ExtraWorkload> {
        self.each().collect()
    }

    /// The hosted API lines, in plan order.
    pub fn apis(&self) -> Vec<&ApiUse> {
        self.each().collect()
    }

    /// How many workloads of one kind.
    pub fn count<T: KindOf>(&self) -> usize {
        self.each::<T>().count()
    }

    /// The `i`-th record of one kind.
    pub fn nth<T: KindOf>(&self, i: usize) -> Option<&T> {
        self.each::<T>().nth(i)
    }

    /// The `i`-th record of one kind, mutably.
    pub fn nth_mut<T: KindOf>(&mut self, i: usize) -> Option<&mut T> {
        self.workloads
            .iter_mut()
            .filter_map(|w| T::of_mut(&mut w.work))
            .nth(i)
    }

    /// The `i`-th record of one kind and the plan's settings, both mutably (an edit of the
    /// calculator changes a job and the shared settings at once).
    pub fn nth_with_settings<T: KindOf>(
        &mut self,
        i: usize,
    ) -> Option<(&mut T, &mut crate::input::settings::Settings)> {
        let Plan {
            workloads,
            settings,
            ..
        } = self;
        workloads
            .iter_mut()
            .filter_map(|w| T::of_mut(&mut w.work))
            .nth(i)
            .map(|t| (t, settings))
    }

    /// The id of the `i`-th workload of one kind.
    pub fn id_of<T: KindOf>(&self, i: usize) -> Option<WorkloadId> {
        self.id_in_kind(T::KIND, i)
    }

    /// The id of the `i`-th workload of `kind`.
    pub fn id_in_kind(&self, kind: Kind, i: usize) -> Option<WorkloadId> {
        self.workloads
            .iter()
            .filter(|w| w.work.kind() == kind)
            .nth(i)
            .map(|w| w.id)
    }

    /// The workload with this id.
    pub fn workload(&self, id: WorkloadId) -> Option<&Workload> {
        self.workloads.iter().find(|w| w.id == id)
    }

    /// Its position among the workloads of its kind.
    pub fn index_in_kind(&self, id: WorkloadId) -> Option<usize> {
        let w = self.workload(id)?;
        let kind = w.work.kind();
        self.workloads
            .iter()
            .filter(|x| x.work.kind() == kind)
            .position(|x| x.id == id)
    }

    fn next_id(&self) -> WorkloadId {
        self.workloads.iter().map(|w| w.id + 1).max().unwrap_or(0)
    }

    /// Replaces the work of workload `id` in place (any kind: a serving line becomes an API
    /// line and back), or appends it as a new workload when `id` is `None` or unknown. Returns
    /// its id.
    pub fn upsert(&mut self, id: Option<WorkloadId>, work: impl Into<Work>) -> WorkloadId {
        let work = work.into();
        if let Some(w) = id.and_then(|id| self.workloads.iter_mut().find(|w| w.id == id)) {
            w.work = work;
            return w.id;
        }
        let id = self.next_id();
        self.workloads.push(Workload { id, work });
        id
    }

    /// Appends work; returns its id.
    pub fn push(&mut self, work: impl Into<Work>) -> WorkloadId {
        self.upsert(None, work)
    }

    /// Inserts work at a position of the list (clamped to its end); returns its id.
    pub fn insert(&mut self, index: usize, work: impl Into<Work>) -> WorkloadId {
        let id = self.next_id();
        let at = index.min(self.workloads.len());
        self.workloads.insert(
            at,
            Workload {
                id,
                work: work.into(),
            },
        );
        id
    }

    /// Removes workload `id`; what it returns puts it back ([`Plan::restore`]).
    pub fn remove(&mut self, id: WorkloadId) -> Option<Removed> {
        let index = self.workloads.iter().position(|w| w.id == id)?;
        Some(Removed {
            index,
            workload: self.workloads.remove(index),
        })
    }

    /// Undoes a removal: the workload returns to its place with its id (a new id if the page
    /// has given its id to another line since).
    pub fn restore(&mut self, r: Removed) -> WorkloadId {
        let mut w = r.workload;
        if self.workload(w.id).is_some() {
            w.id = self.next_id();
        }
        let id = w.id;
        self.workloads.insert(r.index.min(self.workloads.len()), w);
        id
    }

    /// Removes every workload of one kind.
    pub fn clear_kind(&mut self, kind: Kind) {
        self.workloads.retain(|w| w.work.kind() != kind);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::experiments::{encode_work, parse_work, work_from_slots};

    #[test]
    fn range_boxes_read_the_readers_language() {
        use crate::locale::{with_lang, Lang};
        let want = Span {
            low: 0.8,
            high: 1.2,
        };
        // A Portuguese reader types a decimal comma; an English one a point.
        let pt = with_lang(Lang::Pt, || RangeKey::Mfu.parse_typed("0,8", "1,2"));
        assert_eq!(pt, Ok(want));
        let en = with_lang(Lang::En, || RangeKey::Mfu.parse_typed("0.8", " 1.2 "));
        assert_eq!(en, Ok(want));
        // A refusal echoes what was typed, not its link form.
        let bad = with_lang(Lang::Pt, || RangeKey::Mfu.parse_typed("1,5", "1,2"))
            .err()
            .map(|e| e.got);
        assert_eq!(bad.as_deref(), Some("1,5:1,2"));
    }

    /// `plan` with `job` as its one training job.
    fn with_job(plan: &Plan, job: &Job) -> Plan {
        let mut p = plan.clone();
        p.clear_kind(crate::document::workload::Kind::Train);
        p.insert(0, job.clone());
        p
    }
    use crate::credits::evaluate::runway_inputs;
    use crate::credits::runway::{simulate, LineItem};
    use crate::estimators::cost::estimate;

    fn catalog() -> Catalog {
        Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn typed_experiments_are_read_in_the_readers_language() {
        // The add-workload form's boxes, in Portuguese: "2.000" GPU-hours is two thousand (not
        // two), duty is typed in percent (25 → 0.25), "1,5" accelerators is not whole.
        use crate::locale::{with_lang, Lang};
        let c = catalog();
        let w = with_lang(Lang::Pt, || {
            work_from_slots(
                &["modal", "h100-sxm", "8", "2.000", "3", "25"],
                0,
                Origin::Typed,
                &c,
            )
        })
        .unwrap_or_else(|e| panic!("{}", e.message()));
        assert_eq!(
            (w.gpus, w.gpu_hours, w.start_day, w.duty),
            (8, 2000.0, 3, 0.25)
        );
        // The same text in a link is the link's: "2.000" is two GPU-hours, duty a fraction.
        let w = parse_work("modal:h100-sxm:8:2.000:3:0.25", 0, &c)
            .unwrap_or_else(|e| panic!("{}", e.message()));
        assert_eq!((w.gpu_hours, w.duty), (2.0, 0.25));
        assert!(with_lang(Lang::Pt, || {
            work_from_slots(
                &["modal", "h100-sxm", "1,5", "2.000", "0"],
                0,
                Origin::Typed,
                &c,
            )
        })
        .is_err());
    }

    #[test]
    fn grant_tokens_fill_defaults_from_the_catalog() {
        let c = catalog();
        // aws-activate without an amount: the expected $100K (the Portfolio award, data/programs.json),
        // not the $300K ceiling; typical review 12 days, valid 365 days (the bottom of 12-24 months).
        let g = parse_grant("aws-activate", 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            g,
            PlannedGrant {
                program_id: "aws-activate".into(),
                amount_usd: 100_000.0,
                apply_day: 0,
                review_days: 12,
                validity_days: 365,
                odds: GrantOdds::default(),
            }
        );
        let g = parse_grant("modal:20K:14", 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            (g.amount_usd, g.apply_day, g.review_days, g.validity_days),
            (20_000.0, 14, 3, 365)
        );
        let g = parse_grant("oracle:10000:0:30:90", 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(encode_grant(&g), "oracle:10K:0:30:90");
    }

    #[test]
    fn a_grant_box_and_a_link_token_give_the_same_message() {
        let c = catalog();
        let mut g = parse_grant("modal", 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let before = g.clone();
        // A box shows its error as the link's token error for that grant does.
        let boxed = |e: GrantError| {
            TokenError::grant(Token::Grant(0), "Modal startup credits", e).message()
        };
        let m = GrantField::ReviewDays
            .set(&mut g, "800")
            .err()
            .map(boxed)
            .unwrap_or_default();
        assert_eq!(m, "Grant 1 (Modal startup credits): review days \"800\" is above the accepted range. Expected a whole number of days from 0 to 730.");
        assert_eq!(g, before, "a rejected value leaves the grant untouched");
        let from_link = parse_grant("modal:25K:0:800", 0, &c)
            .err()
            .map(|e| e.message());
        assert_eq!(from_link.as_deref(), Some(m.as_str()));
        assert_eq!(
            GrantField::Amount.set(&mut g, "").err().map(boxed).as_deref(),
            Some("Grant 1 (Modal startup credits): amount is missing. Expected USD above 0 and at most 1B, like 100K.")
        );
        // Uncertainty fields go through the same table: an empty review bound is the catalog's.
        assert!(GrantField::ReviewMin.set(&mut g, "5").is_ok());
        assert_eq!(g.odds.review_min_days, Some(5));
        assert!(GrantField::ReviewMin.set(&mut g, " ").is_ok());
        assert_eq!(g.odds.review_min_days, None);
        assert_eq!(
            GrantField::Approval
                .set(&mut g, "150%")
                .err()
                .map(|e| e.problem),
            Some(Problem::AboveRange)
        );
        assert!(GrantField::Amount.set(&mut g, "40K").is_ok());
        assert_eq!(GrantField::Amount.text(&g), "40K");
        // The box shows the amount as the reader types it: in reais at 5.4, $40K is 216K; the
        // link's text stays in dollars. The other fields read the same in both.
        use crate::locale::{with_currency, CurrencyCode, DisplayCurrency};
        let Some(brl) = DisplayCurrency::new(CurrencyCode::Brl, 5.4) else {
            panic!("valid rate");
        };
        assert_eq!(
            with_currency(brl, || GrantField::Amount.typed_text(&g)),
            "216K"
        );
        assert_eq!(with_currency(brl, || GrantField::Amount.text(&g)), "40K");
        assert_eq!(GrantField::Amount.typed_text(&g), "40K");
        assert_eq!(
            with_currency(brl, || GrantField::ReviewDays.typed_text(&g)),
            GrantField::ReviewDays.text(&g)
        );
    }

    #[test]
    fn a_grant_token_follows_the_one_rule_for_empty_fields() {
        let c = catalog();
        // An empty field is its default, as in every token: the program's expected amount,
        // day 0, its typical review; an empty approval is the program's chance (`None`).
        let modal = parse_grant("modal", 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let g = parse_grant("modal::0::365::9", 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(g.amount_usd, modal.amount_usd);
        assert_eq!(g.review_days, modal.review_days);
        assert_eq!(g.odds.approval, None);
        assert_eq!(g.odds.review_min_days, Some(9));
        // Written back with the default approval left empty before the set bound; read back equal.
        let text = encode_grant(&g);
        assert_eq!(
            text,
            format!(
                "modal:{}:0:{}:365::9",
                format_number_exact(modal.amount_usd),
                modal.review_days
            )
        );
        assert_eq!(parse_grant(&text, 0, &c), Ok(g));
        // Nine fields are one too many; the message names the grant's shape.
        let e = parse_grant("modal:1K:0:1:1:1:1:1:1", 2, &c)
            .err()
            .map(|e| e.message());
        assert_eq!(
            e.as_deref(),
            Some("Grant 3: too many fields. Expected program:amount:apply-day:review-days:validity-days[:approval[:review-min[:review-max]]].")
        );
    }

    #[test]
    fn a_grant_without_an_amount_is_the_expected_amount_never_the_ceiling() {
        let c = catalog();
        // Microsoft's FAQ: Founders Hub gives up to $5,000 after verification, expiring 180 days
        // later; the seed's "$25,000 in Azure" is the ceiling. A link `grant=azure-founders` and
        // the catalog's "Add to plan" (from_program) both give $5,000, review 7 days, valid 180.
        let founders = c
            .program("azure-founders")
            .unwrap_or_else(|| panic!("azure-founders"));
        let from_link = parse_grant("azure-founders", 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let added = PlannedGrant::from_program(founders);
        assert_eq!(from_link, added);
        assert_eq!(
            (added.amount_usd, added.review_days, added.validity_days),
            (5_000.0, 7, 180)
        );
        assert_eq!(encode_grant(&added), "azure-founders:5K:0:7:180");
        // Every program's default grant is its expected amount, and below its ceiling except for
        // the two fixed-amount programs (Oracle "$10,000" flat, Google Start tier $2,000).
        // A programme with no credits of its own (NVIDIA Inception) has no default to give: a
        // grant of it without an amount says why, one with a typed amount is read.
        for p in c.programs.iter().filter(|p| p.has_no_credits()) {
            let e = parse_grant(&p.id, 0, &c).err().map(|e| e.message());
            assert!(
                e.as_deref()
                    .is_some_and(|m| m.contains("gives no credits of its own")),
                "{e:?}"
            );
            assert!(parse_grant(&format!("{}:5K", p.id), 0, &c).is_ok());
        }
        for p in c.programs.iter().filter(|p| !p.has_no_credits()) {
            let g = parse_grant(&p.id, 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
            assert_eq!(g.amount_usd, p.expected_usd, "{}", p.id);
            assert_eq!(PlannedGrant::from_program(p).amount_usd, p.expected_usd);
            assert!(
                g.amount_usd < p.ceiling_usd
                    || ["oracle", "gcp-startups-start"].contains(&p.id.as_ref()),
                "{} defaults to its ceiling",
                p.id
            );
        }
        // The tier maxima as written in data/programs.json: AWS GenAI $1M -> $200K, Google AI tier
        // $350K -> $100K (half the Scale tier's $200K), Activate $200K -> $100K (all by hand from
        // the data file's expected_usd).
        for (id, expected) in [
            ("aws-genai", 200_000.0),
            ("gcp-startups", 100_000.0),
            ("aws-activate", 100_000.0),
            ("modal", 25_000.0),
        ] {
            let g = parse_grant(id, 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
            assert_eq!(g.amount_usd, expected, "{id}");
        }
        // An explicit amount is kept as given, even above the ceiling (the warning says so).
        let g = parse_grant("azure-founders:150K", 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(g.amount_usd, 150_000.0);
    }

    #[test]
    fn an_amount_above_the_ceiling_is_kept_with_a_warning() {
        let c = catalog();
        let s = Job::default();
        assert!(estimate(&s, &c).is_ok());
        let grant = |token: &str| parse_grant(token, 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
        let plan = Plan {
            grants: vec![grant("azure-founders:200K"), grant("azure-founders")],
            ..Plan::default()
        };
        let inputs = runway_inputs(&with_job(&plan, &s), &c);
        let r = simulate(&inputs.0, &inputs.1);
        let w = warnings(&plan, &inputs, &r, &c);
        let above: Vec<&str> = w
            .iter()
            .map(|w| w.text.as_str())
            .filter(|t| t.contains("tier maximum"))
            .collect();
        // $200K > the $150K ceiling (the investor-network tier): one warning, for the first
        // grant only ($5K is below it).
        assert_eq!(
            above,
            ["Microsoft for Startups Founders Hub: $200K is above the program's tier maximum of $150K."]
        );
        assert_eq!(
            w.iter()
                .find(|w| w.text.contains("tier maximum"))
                .and_then(|w| w.grant),
            Some(0)
        );
    }

    #[test]
    fn bad_grant_tokens_have_exact_messages() {
        let c = catalog();
        let e = parse_grant("aws-activte:1000", 2, &c).unwrap_err();
        assert_eq!(e.key(), "grant-2");
        assert!(e.message().starts_with("Grant 3: \"aws-activte\" is not a credit program in the catalog. Expected one of aws-genai, gcp-startups,"), "{}", e.message());
        let e = parse_grant("modal:abc", 0, &c).unwrap_err();
        assert_eq!(e.message(), "Grant 1 (Modal startup credits): amount \"abc\" is not a number. Expected USD above 0 and at most 1B, like 100K.");
        // A day before day 0 is an application already sent (in review or held), back to ten
        // years before day 0.
        assert_eq!(
            parse_grant("modal:1000:-1", 0, &c).map(|g| g.apply_day),
            Ok(-1)
        );
        let e = parse_grant("modal:1000:-3651", 0, &c).unwrap_err();
        assert_eq!(
            e.message(),
            "Grant 1 (Modal startup credits): apply day \"-3651\" is below the accepted range. Expected a whole day from -3650 (applied before day 0) to 1826."
        );
        let e = parse_grant("modal:1000:0:0:0", 0, &c).unwrap_err();
        assert_eq!(e.message(), "Grant 1 (Modal startup credits): validity days \"0\" must be greater than zero. Expected a whole number of days from 1 to 3650.");
        // Five fields then the three uncertainty ones (approval, review min, max) at most.
        let e = parse_grant("modal:1:2:3:4:1:0:5:6", 0, &c).unwrap_err();
        assert!(e.message().contains("too many fields"));
        let e = parse_grant("modal:1:2:3:4:5", 0, &c).unwrap_err();
        assert_eq!(e.message(), "Grant 1 (Modal startup credits): approval chance \"5\" is above the accepted range. Expected a chance from 0 to 1, like 0.5 (or 50%).");
        let e = parse_grant("modal:1:2:3:4:0.5::x", 0, &c).unwrap_err();
        assert_eq!(e.field, Some("longest review"));
        let with_odds =
            parse_grant("modal:1:2:3:4:50%::9", 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            with_odds.odds,
            GrantOdds {
                approval: Some(0.5),
                review_min_days: None,
                review_max_days: Some(9)
            }
        );
        // Written back: trailing defaults left out, an empty review min kept as a placeholder.
        assert_eq!(encode_grant(&with_odds), "modal:1:2:3:4:0.5::9");
        let g = parse_grant("modal:1:2:3:4", 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(encode_grant(&g), "modal:1:2:3:4");
        let e = parse_grant("<b>x</b>", 0, &c).unwrap_err();
        assert!(e
            .message()
            .starts_with("Grant 1: \"<b>x</b>\" is not a credit program"));
    }

    #[test]
    fn work_tokens_round_trip_and_validate() {
        let c = catalog();
        let w = parse_work("modal:h100-sxm:8:2K:0:0.25", 0, &c).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            (w.gpus, w.gpu_hours, w.start_day, w.duty),
            (8, 2000.0, 0, 0.25)
        );
        assert_eq!(encode_work(&w), "modal:h100-sxm:8:2K:0:0.25");
        assert_eq!(parse_work(&encode_work(&w), 0, &c), Ok(w));
        let e = parse_work("coreweave:tpu-v5e:8:100:0", 1, &c).unwrap_err();
        assert_eq!(e.key(), "work-1");
        assert_eq!(
            e.message(),
            "Experiments 2: provider \"coreweave\" does not rent tpu-v5e. Expected one of gcp."
        );
        assert!(parse_work("aws:h100-sxm:8", 0, &c).is_err());
    }

    #[test]
    fn apply_windows() {
        let c = catalog();
        let modal = c.program("modal").unwrap_or_else(|| panic!("modal"));
        // Modal review 1-7 days; dataset ready on day 30: apply between day 23 and day 29.
        assert_eq!(
            apply_window(modal, 30),
            ApplyWindow {
                latest_safe_day: Some(23),
                earliest_no_waste_day: 29
            }
        );
        let genai = c
            .program("aws-genai")
            .unwrap_or_else(|| panic!("aws-genai"));
        // AWS generative AI: up to 60 days; dataset ready on day 30: too late for the slowest review.
        assert_eq!(
            apply_window(genai, 30),
            ApplyWindow {
                latest_safe_day: None,
                earliest_no_waste_day: 16
            }
        );
    }

    #[test]
    fn plan_runway_and_warnings_by_hand() {
        let c = catalog();
        // Primary: default H100 run at AWS, 58,982.137 GPU-hours, 64 GPUs (1,536 h/day at $6.88 =
        // $10,567.68/day), dataset ready day 20. Grants: AWS Activate $100K applied day 0 (review 12,
        // valid 730), Trainium $50K (silicon: pays nothing for H100), Modal $5K (no Modal workload).
        let s = Job {
            start_day: 20,
            ..Job::default()
        };
        assert!(estimate(&s, &c).is_ok());
        let plan = Plan {
            t0: Date::new(2026, 12, 1),
            grants: vec![
                PlannedGrant {
                    amount_usd: 100_000.0,
                    ..PlannedGrant::from_program(
                        c.program("aws-activate").unwrap_or_else(|| panic!()),
                    )
                },
                PlannedGrant {
                    amount_usd: 50_000.0,
                    ..PlannedGrant::from_program(
                        c.program("aws-trainium").unwrap_or_else(|| panic!()),
                    )
                },
                PlannedGrant {
                    amount_usd: 5_000.0,
                    ..PlannedGrant::from_program(c.program("modal").unwrap_or_else(|| panic!()))
                },
            ],
            ..Plan::default()
        };
        let inputs = runway_inputs(&with_job(&plan, &s), &c);
        let r = simulate(&inputs.0, &inputs.1);
        // GPU bill: 59,863.246 billed GPU-hours (58,982.14 ideal / (1 - 1.47 % failure waste), see
        // overheads.rs) x $6.88 = $411,859.132081, plus S3 for 3 checkpoints x 98 GB (14 bytes/param
        // x 7B) + 8,000 GB of raw text (2T tokens x 4 bytes) = 8,294 GB x $0.023/GB-month over
        // 38.9734 days (59,863.246 h / 1,536 h a day) of 30.4167-day months = $244.427066:
        // $412,103.559147. Activate (scope all) pays both lines, $10,567.68 + $6.2717 = $10,573.95
        // a day: 9 full days (day 20-28, $95,165.6) and part of day 29.
        assert_eq!(inputs.1.len(), 2);
        assert_eq!(inputs.1[1].line, LineItem::Storage);
        assert!((r.total_spend_usd - 412_103.559_147).abs() < 1e-3);
        assert!((r.workload_spend_usd[1] - 244.427_066).abs() < 1e-5);
        assert_eq!(r.grants[0].used_usd, 100_000.0);
        assert_eq!(r.runway_end_day, Some(29));
        assert!((r.cash_usd - 312_103.559_147).abs() < 1e-3);
        assert_eq!(r.grants[1].expired_usd, 50_000.0);
        assert_eq!(r.grants[2].expired_usd, 5_000.0);
        let w = warnings(&plan, &inputs, &r, &c);
        let texts: Vec<&str> = w.iter().map(|w| w.text.as_str()).collect();
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("AWS Trainium credits pays only for aws's own silicon")),
            "{texts:?}"
        );
        assert!(texts.contains(&"Modal startup credits pays only Modal's bill, and no workload in the plan runs on Modal."), "{texts:?}");
        // Day 0 = 2026-12-01: day 31 is 2027-01-01, and 364 days later (2027 has 365) day 395 is
        // 2027-12-31.
        assert!(
            texts.contains(&"$50K of AWS Trainium credits expires unused on 31 Dec 2027."),
            "{texts:?}"
        );
        // In Portuguese (model/locales/plan.yml, plan.warn.no_workload) the same warning is one
        // whole sentence with the names in place.
        let pt =
            crate::locale::with_lang(crate::locale::Lang::Pt, || warnings(&plan, &inputs, &r, &c));
        assert!(
            pt.iter().any(|w| w.text
                == "Programa para startups da Modal paga só a conta da Modal, e nenhuma carga de trabalho do plano roda na Modal."),
            "{pt:?}"
        );
        // Without a day 0 the same warning counts days.
        let undated = Plan {
            t0: None,
            ..plan.clone()
        };
        let w = warnings(&undated, &inputs, &r, &c);
        assert!(
            w.iter()
                .any(|w| w.text == "$50K of AWS Trainium credits expires unused on day 395."),
            "{w:?}"
        );
        assert!(
            !texts.iter().any(|t| t.starts_with("AWS Activate")),
            "{texts:?}"
        );
    }

    fn grant_input(provider: &str, scope: Scope, apply_day: u32, review_days: u32) -> GrantInput {
        GrantInput {
            provider_id: provider.into(),
            scope,
            amount_usd: 1000.0,
            apply_day,
            review_days,
            validity_days: 365,
        }
    }

    fn gpu_work(provider: &str, silicon: Option<&str>, start_day: u32) -> WorkloadInput {
        WorkloadInput {
            provider_id: provider.into(),
            own_silicon_of: silicon.map(str::to_string),
            line: LineItem::Accelerators,
            gpus: 8,
            usd_per_gpu_hour: 2.0,
            duty: 1.0,
            start_day,
            gpu_hours: 1000.0,
        }
    }

    #[test]
    fn apply_by_days_by_hand() {
        let h100_aws = gpu_work("aws", None, 20);
        let grants = [
            // Activate (scope all), review 12, AWS workload from day 20: apply by 20 - 12 = 8.
            grant_input("aws", Scope::All, 0, 12),
            // Modal, no Modal workload: none.
            grant_input("modal", Scope::Platform, 0, 3),
            // Trainium (silicon), the only AWS workload is an H100: none.
            grant_input("aws", Scope::Silicon, 0, 30),
            // GPU-only grant, review 40: before day 0 (20 - 40 = -20).
            grant_input("aws", Scope::Gpu, 0, 40),
        ];
        assert_eq!(
            apply_by(&grants, std::slice::from_ref(&h100_aws)),
            [Some(8), None, None, Some(-20)]
        );
        // Two AWS workloads: storage from day 5 and a Trainium run from day 50. The silicon grant
        // pays only the later (Trainium) one: 50 - 30 = 20; the scope-all grant the earlier
        // storage bill: 5 - 12 = -7; a GPU-only grant skips the storage: 50 - 40 = 10.
        let work = [
            WorkloadInput::bill("aws", LineItem::Storage, 10.0, 5, 30.0),
            gpu_work("aws", Some("aws"), 50),
        ];
        assert_eq!(
            apply_by(&grants, &work),
            [Some(-7), None, Some(20), Some(10)]
        );
        assert!(apply_by(&[], &work).is_empty());
    }

    #[test]
    fn a_late_application_is_one_warning_with_both_dates() {
        let c = catalog();
        // Day 0 = 2026-12-01, dataset ready day 20 (2026-12-21). Activate applied day 10 (11 Dec
        // 2026) with its 12-day review: approved day 22 (23 Dec 2026), 2 days late; apply by day
        // 20 - 12 = 8 (9 Dec 2026).
        let s = Job {
            start_day: 20,
            ..Job::default()
        };
        assert!(estimate(&s, &c).is_ok());
        let plan = Plan {
            t0: Date::new(2026, 12, 1),
            grants: vec![PlannedGrant {
                apply_day: 10,
                ..PlannedGrant::from_program(c.program("aws-activate").unwrap_or_else(|| panic!()))
            }],
            ..Plan::default()
        };
        let inputs = runway_inputs(&with_job(&plan, &s), &c);
        assert_eq!(apply_by(&inputs.0, &inputs.1), [Some(8)]);
        let r = simulate(&inputs.0, &inputs.1);
        let texts: Vec<String> = warnings(&plan, &inputs, &r, &c)
            .into_iter()
            .map(|w| w.text)
            .collect();
        assert_eq!(texts, ["AWS Activate (general cloud): apply by 9 Dec 2026 for its 12-day review to approve it when its workload starts on 21 Dec 2026; applied on 11 Dec 2026, it is approved on 23 Dec 2026, 2 days late."]);
        // Applying on the apply-by day itself is in time: no warning.
        let on_time = Plan {
            grants: vec![PlannedGrant {
                apply_day: 8,
                ..plan.grants[0].clone()
            }],
            ..plan.clone()
        };
        let inputs = runway_inputs(&with_job(&on_time, &s), &c);
        let r = simulate(&inputs.0, &inputs.1);
        assert!(warnings(&on_time, &inputs, &r, &c).is_empty());
    }

    #[test]
    fn egress_lines_are_billed_by_the_cloud_the_data_leaves() {
        // Data on GCP, training on AWS from day 20, weights and corpus exported: GCP bills the raw
        // text, 2T tokens x 4 bytes = 8,000 GB, by its tiers: 100 GB free + 924 GB x $0.12 + 6,976
        // GB x $0.11 = $878.24 on day 20; AWS bills what leaves it the day after the 38.97-day run,
        // day 59, in one month: the weights, 7B x 2 bytes = 14 GB, inside its 100 GB free, then
        // the corpus on top: 86 GB free + 7,914 GB x $0.09 = $712.26.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let s = Job {
            start_day: 20,
            ..Job::default()
        };
        let mut plan = with_job(&Plan::default(), &s);
        plan.settings.overheads.data_on_provider = Some("gcp".into());
        plan.settings.overheads.export_weights = true;
        plan.settings.overheads.corpus_out = true;
        let (_, w) = runway_inputs(&plan, &c);
        let lines: Vec<(&str, LineItem, u32)> = w
            .iter()
            .map(|w| (w.provider_id.as_str(), w.line, w.start_day))
            .collect();
        assert_eq!(
            lines,
            [
                ("aws", LineItem::Accelerators, 20),
                ("aws", LineItem::Storage, 20),
                ("gcp", LineItem::Egress, 20),
                ("aws", LineItem::Egress, 59),
            ]
        );
        let r = simulate(&[], &w);
        assert!((r.workload_spend_usd[2] - 878.24).abs() < 1e-9);
        assert!((r.workload_spend_usd[3] - 712.26).abs() < 1e-9);
        assert!((r.daily_spend_usd[59] - 712.26).abs() < 1e-9);
    }
}
