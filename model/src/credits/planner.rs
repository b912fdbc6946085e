//! The application planner (issue 13, "Suggested applications"): chooses the day each grant's
//! application goes out so that the plan needs the least cash, then lets the least credit expire
//! unused, given the workloads' dates and each grant's review and validity.
//!
//! The search is coordinate descent over grants, starting from the plan as typed: for one grant at
//! a time, every candidate apply day is simulated ([`simulate_totals`]) with the other grants where
//! they are, and the grant moves only when a candidate is strictly better in (cash, expired, the
//! day cash starts) lexicographic order; sweeps repeat until none moves. So the result never needs
//! more cash than the starting plan, at equal cash never lets more expire, and at equal both never
//! starts cash sooner.
//!
//! Candidate days are where the runway's cash can change slope as the grant's window
//! `[apply + review, apply + review + validity)` slides: its approval or its expiry landing on a
//! calendar event (a workload it can pay starting or ending; another grant of the same provider
//! being approved or expiring), plus the earliest allowed day and the current day. Between two such
//! days every daily bill inside the window is constant, so the grant's share of the bill is linear
//! in the apply day and an optimum sits at an end. That makes one grant per provider exact; with
//! several grants on one provider the day another grant runs out also moves with this one, and the
//! descent gives a local optimum (never worse than the plan as typed).

use crate::credits::evaluate::Outcome;
use crate::credits::runway::{
    simulate_totals, GrantInput, RunwayTotals, WorkloadInput, HORIZON_CAP_DAYS,
};
use crate::data::catalog::Catalog;
use crate::document::plan::{GrantState, Plan};
use crate::io::format::usd;

/// Differences smaller than half a cent are ties.
pub const TIE_USD: f64 = 0.005;

/// Most sweeps over the grants (each sweep that moves nothing ends the search earlier).
pub const MAX_SWEEPS: usize = 8;

/// What the search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Search {
    /// Suggested apply day per grant, in the order of the grants searched.
    pub apply_days: Vec<u32>,
    /// The runway with the suggested days.
    pub totals: RunwayTotals,
    /// The runway of the grants as given.
    pub typed: RunwayTotals,
    /// Simulations run (the typed plan's included).
    pub simulations: usize,
}

/// Whether `a` is strictly better than `b`: less cash (by more than [`TIE_USD`]); or no more cash
/// and less credit expiring unused (by more than [`TIE_USD`]); or no more cash, no more expiring
/// (within [`TIE_USD`]) and cash starting later (a month of runway is worth having even
/// when the total is the same: the money is needed later). Cash never rises along a chain of
/// strict improvements.
pub fn better(a: &RunwayTotals, b: &RunwayTotals) -> bool {
    a.cash_usd < b.cash_usd - TIE_USD
        || (a.cash_usd <= b.cash_usd && a.expired_usd() < b.expired_usd() - TIE_USD)
        || (a.cash_usd <= b.cash_usd
            && a.expired_usd() <= b.expired_usd() + TIE_USD
            && starts_later(a.runway_end_day, b.runway_end_day))
}

/// Whether cash starting on `a` comes later than on `b` (`None`: never, later than any day).
fn starts_later(a: Option<u32>, b: Option<u32>) -> bool {
    match (a, b) {
        (None, Some(_)) => true,
        (Some(x), Some(y)) => x > y,
        _ => false,
    }
}

/// Candidate apply days for grant `k` (ascending, at least `earliest`, at most the last apply day a
/// link accepts, and not so late that a grant expiring within the horizon would outlive it): the
/// grant's approval or expiry on each calendar event it meets, and both ends of that range.
pub fn candidates(
    grants: &[GrantInput],
    workloads: &[WorkloadInput],
    k: usize,
    earliest: u32,
) -> Vec<u32> {
    let Some(g) = grants.get(k) else {
        return Vec::new();
    };
    let mut events: Vec<u32> = Vec::new();
    for w in workloads.iter().filter(|w| g.pays_for(w)) {
        // Its last day may be partial: the daily bill changes on it too.
        events.push(w.start_day);
        events.push(w.end_day().saturating_sub(1));
        events.push(w.end_day());
    }
    for (j, other) in grants.iter().enumerate() {
        if j != k && other.provider_id == g.provider_id {
            events.push(other.usable_from());
            events.push(other.expires_on());
        }
    }
    let lead = i64::from(g.review_days);
    let span = lead + i64::from(g.validity_days);
    let lo = i64::from(earliest.min(HORIZON_CAP_DAYS));
    // A grant that expires within the five-year horizon is not moved past it: its balance would
    // then count as "still usable at the end" instead of expired, a bookkeeping gain only.
    let cap = i64::from(HORIZON_CAP_DAYS);
    let hi = if g.expires_on() > HORIZON_CAP_DAYS {
        cap
    } else {
        cap.min(cap - span)
    };
    if hi < lo {
        return Vec::new();
    }
    let mut out: Vec<u32> = vec![lo as u32, hi as u32];
    for e in events {
        let e = i64::from(e);
        for day in [e - lead, e - span] {
            if (lo..=hi).contains(&day) {
                out.push(day as u32);
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Searches apply days for `grants` (each at least `earliest`, today's day number) against
/// `workloads`. A grant applied before `earliest` starts the search at `earliest` (an application
/// cannot go out in the past); a grant that can pay no workload keeps its day.
#[cfg(test)]
pub fn search(grants: &[GrantInput], workloads: &[WorkloadInput], earliest: u32) -> Search {
    search_among(grants, workloads, earliest, &vec![false; grants.len()])
}

/// [`search`], with the grants marked `fixed` (already applied for: in review or held) kept where
/// they are.
pub fn search_among(
    grants: &[GrantInput],
    workloads: &[WorkloadInput],
    earliest: u32,
    fixed: &[bool],
) -> Search {
    let earliest = earliest.min(HORIZON_CAP_DAYS);
    let typed = simulate_totals(grants, workloads);
    let mut simulations = 1;
    let mut current: Vec<GrantInput> = grants.to_vec();
    let mut moved_to_today = false;
    let is_fixed = |k: usize| fixed.get(k).copied().unwrap_or(false);
    for (k, g) in current.iter_mut().enumerate() {
        if !is_fixed(k) && g.apply_day < earliest {
            g.apply_day = earliest;
            moved_to_today = true;
        }
    }
    let mut best = if moved_to_today {
        simulations += 1;
        simulate_totals(&current, workloads)
    } else {
        typed.clone()
    };
    let payable: Vec<bool> = grants
        .iter()
        .enumerate()
        .map(|(k, g)| !is_fixed(k) && workloads.iter().any(|w| g.pays_for(w)))
        .collect();
    for _ in 0..MAX_SWEEPS {
        let mut moved = false;
        for k in 0..current.len() {
            if !payable[k] {
                continue;
            }
            let here = current[k].apply_day;
            let mut best_day = here;
            for day in candidates(&current, workloads, k, earliest) {
                if day == here {
                    continue;
                }
                current[k].apply_day = day;
                let t = simulate_totals(&current, workloads);
                simulations += 1;
                if better(&t, &best) {
                    best = t;
                    best_day = day;
                }
            }
            current[k].apply_day = best_day;
            moved |= best_day != here;
        }
        if !moved {
            break;
        }
    }
    Search {
        apply_days: current.iter().map(|g| g.apply_day).collect(),
        totals: best,
        typed,
        simulations,
    }
}

/// What would avoid a loss no apply day avoids.
#[derive(Clone, Debug, PartialEq)]
pub enum Remedy {
    /// No workload it can pay: move one to its provider.
    NoWorkload,
    /// The work starts (or all of it ends) before the grant can be approved: start it this many
    /// days later.
    StartLater {
        /// Days to move the run's start.
        days: u32,
        /// Whether all of the work it could pay ends before its earliest approval.
        ends_before_approval: bool,
    },
    /// More credit than the plan can spend within its validity: this amount would be used in full.
    SmallerGrant {
        /// What the grant pays at the suggested day, USD.
        usd: f64,
        /// Whether the validity is shorter than the work it could pay (rather than too little work).
        validity_limited: bool,
    },
}

/// Why a grant cannot be saved, from the runway with the suggested days. `None` when it loses
/// nothing: no credit expires, and no cash is paid before its approval while credit is left.
pub fn remedy(
    grants: &[GrantInput],
    workloads: &[WorkloadInput],
    k: usize,
    totals: &RunwayTotals,
    earliest: u32,
) -> Option<Remedy> {
    let g = grants.get(k)?;
    let o = totals.grants.get(k)?;
    let left = o.expired_usd + o.unused_usd;
    let cash_while_left = totals.cash_usd > TIE_USD && left > TIE_USD;
    if o.expired_usd <= TIE_USD && !cash_while_left {
        return None;
    }
    let payable: Vec<&WorkloadInput> = workloads.iter().filter(|w| g.pays_for(w)).collect();
    let (Some(first), Some(last_end)) = (
        payable.iter().map(|w| w.start_day).min(),
        payable.iter().map(|w| w.end_day()).max(),
    ) else {
        return Some(Remedy::NoWorkload);
    };
    let earliest_approval = earliest.saturating_add(g.review_days);
    if last_end <= earliest_approval {
        return Some(Remedy::StartLater {
            days: earliest_approval - first,
            ends_before_approval: true,
        });
    }
    if first < g.usable_from() && totals.runway_end_day.is_some_and(|d| d < g.usable_from()) {
        return Some(Remedy::StartLater {
            days: g.usable_from() - first,
            ends_before_approval: false,
        });
    }
    if o.expired_usd > TIE_USD {
        return Some(Remedy::SmallerGrant {
            usd: o.used_usd,
            validity_limited: last_end.saturating_sub(first) > g.validity_days,
        });
    }
    None
}

/// The suggestion for one grant of the plan.
#[derive(Clone, Debug, PartialEq)]
pub struct GrantSuggestion {
    /// Its position in the plan's grants.
    pub plan_index: usize,
    /// Apply day as typed.
    pub typed_day: u32,
    /// Suggested apply day.
    pub apply_day: u32,
    /// How much more of the bill it pays with the suggested days, USD (may be negative when
    /// another grant takes over more).
    pub cash_saved_usd: f64,
    /// How much less of it expires unused, USD.
    pub expired_saved_usd: f64,
    /// One line: the date and why.
    pub reason: String,
    /// What would avoid a loss no date avoids.
    pub remedy: Option<String>,
}

/// The planner's answer for a whole plan.
#[derive(Clone, Debug, PartialEq)]
pub struct Applications {
    /// Per grant in plan order (grants of unknown programs, which the runway skips, are absent).
    pub grants: Vec<GrantSuggestion>,
    /// Cash the plan as typed needs, USD.
    pub typed_cash_usd: f64,
    /// Credit the plan as typed lets expire, USD.
    pub typed_expired_usd: f64,
    /// Cash with the suggested days, USD.
    pub cash_usd: f64,
    /// Credit expiring unused with the suggested days, USD.
    pub expired_usd: f64,
    /// The day cash starts as typed (`None`: never).
    pub typed_cash_start_day: Option<u32>,
    /// The day cash starts with the suggested days (`None`: never).
    pub cash_start_day: Option<u32>,
    /// Simulations the search ran.
    pub simulations: usize,
    /// The earliest apply day allowed (today's day number).
    pub earliest_day: u32,
}

impl Applications {
    /// Sets each grant's apply day in `plan` to the suggested one.
    pub fn apply_to(&self, plan: &mut Plan) {
        for s in &self.grants {
            if let Some(g) = plan.grants.get_mut(s.plan_index) {
                g.apply_day = s.apply_day.min(i32::MAX as u32) as i32;
            }
        }
    }
}

/// Plans the applications of `plan` (evaluated as `outcome`) from day `earliest` on (today's day
/// number; 0 when today is day 0 or earlier).
pub fn plan_applications(
    plan: &Plan,
    outcome: &Outcome,
    catalog: &Catalog,
    earliest: u32,
) -> Applications {
    let earliest = earliest.min(HORIZON_CAP_DAYS);
    let (grants, workloads) = &outcome.inputs;
    // The runway skips grants whose program is not in the catalog; map its order to the plan's.
    let plan_indices: Vec<usize> = plan
        .grants
        .iter()
        .enumerate()
        .filter(|(_, g)| catalog.program(&g.program_id).is_some())
        .map(|(i, _)| i)
        .collect();
    // A grant in review or held was applied for already: it keeps its days and gets no suggestion.
    let fixed: Vec<bool> = plan_indices
        .iter()
        .map(|&i| plan.grants[i].state() != GrantState::Planned)
        .collect();
    let found = search_among(grants, workloads, earliest, &fixed);
    let mut suggested: Vec<GrantInput> = grants.clone();
    for (g, &d) in suggested.iter_mut().zip(&found.apply_days) {
        g.apply_day = d;
    }
    let day = |d: u32| plan.day_text(i64::from(d));
    let provider_name = |id: &str| {
        catalog
            .provider(id)
            .map_or_else(|| id.to_string(), |p| p.name.to_string())
    };
    let mut out = Vec::new();
    for (k, g) in suggested.iter().enumerate() {
        let Some(&plan_index) = plan_indices.get(k) else {
            continue;
        };
        if fixed[k] {
            continue;
        }
        let (Some(typed_o), Some(o)) = (found.typed.grants.get(k), found.totals.grants.get(k))
        else {
            continue;
        };
        let first = g.first_payable_start(workloads);
        let reason = reason_line(g, o, first, grants[k].apply_day, &day);
        let remedy = remedy(&suggested, workloads, k, &found.totals, earliest)
            .map(|r| remedy_text(&r, g, &provider_name(&g.provider_id), earliest, &day));
        out.push(GrantSuggestion {
            plan_index,
            typed_day: grants[k].apply_day,
            apply_day: g.apply_day,
            cash_saved_usd: o.used_usd - typed_o.used_usd,
            expired_saved_usd: typed_o.expired_usd - o.expired_usd,
            reason,
            remedy,
        });
    }
    Applications {
        grants: out,
        typed_cash_usd: found.typed.cash_usd,
        typed_expired_usd: found.typed.expired_usd(),
        cash_usd: found.totals.cash_usd,
        expired_usd: found.totals.expired_usd(),
        typed_cash_start_day: found.typed.runway_end_day,
        cash_start_day: found.totals.runway_end_day,
        simulations: found.simulations,
        earliest_day: earliest,
    }
}

/// "apply by 19 Oct 2027: approval lands before the run starts on 31 Oct 2027 and the credits
/// outlast it".
fn reason_line(
    g: &GrantInput,
    o: &crate::credits::runway::GrantOutcome,
    first: Option<u32>,
    typed_day: u32,
    day: &dyn Fn(u32) -> String,
) -> String {
    let Some(first) = first else {
        return crate::tr!("planner.reason.no_use", day = day(g.apply_day));
    };
    enum Verb {
        Keep,
        ApplyBy,
        ApplyOn,
    }
    let verb = if g.apply_day == typed_day {
        Verb::Keep
    } else if g.usable_from() == first {
        Verb::ApplyBy
    } else {
        Verb::ApplyOn
    };
    let approval = g.usable_from();
    let when = if approval < first {
        crate::tr!(
            "planner.reason.lands_before",
            n = days_text(first - approval),
            day = day(first)
        )
    } else if approval == first {
        crate::tr!("planner.reason.lands_at_start", day = day(first))
    } else {
        crate::tr!(
            "planner.reason.lands_after",
            approval = day(approval),
            n = days_text(approval - first),
            first = day(first)
        )
    };
    let after = if o.expired_usd > TIE_USD {
        crate::tr!(
            "planner.reason.expires_unused",
            usd = usd(o.expired_usd),
            day = day(g.expires_on())
        )
    } else if o.unused_usd > TIE_USD {
        crate::tr!("planner.reason.outlast")
    } else {
        crate::tr!("planner.reason.spent_in_full", day = day(g.expires_on()))
    };
    let d = day(g.apply_day);
    match verb {
        Verb::Keep => crate::tr!("planner.reason.keep", day = d, when = when, after = after),
        Verb::ApplyBy => {
            crate::tr!(
                "planner.reason.apply_by",
                day = d,
                when = when,
                after = after
            )
        }
        Verb::ApplyOn => {
            crate::tr!(
                "planner.reason.apply_on",
                day = d,
                when = when,
                after = after
            )
        }
    }
}

fn remedy_text(
    r: &Remedy,
    g: &GrantInput,
    provider: &str,
    earliest: u32,
    day: &dyn Fn(u32) -> String,
) -> String {
    match *r {
        Remedy::NoWorkload => crate::tr!(
            "planner.remedy.no_workload",
            provider = provider,
            scope = g.scope.describe()
        ),
        Remedy::StartLater {
            days,
            ends_before_approval: true,
        } => crate::tr!(
            "planner.remedy.ends_before_approval",
            provider = provider,
            day = day(earliest),
            approval = day(earliest.saturating_add(g.review_days)),
            days = days
        ),
        Remedy::StartLater { days, .. } => crate::tr!(
            "planner.remedy.start_later",
            day = day(g.usable_from()),
            days = days
        ),
        Remedy::SmallerGrant {
            usd: paid,
            validity_limited: true,
        } => crate::tr!(
            "planner.remedy.validity",
            v = g.validity_days,
            usd = usd(paid)
        ),
        Remedy::SmallerGrant { usd: paid, .. } => crate::tr!(
            "planner.remedy.smaller",
            provider = provider,
            usd = usd(paid)
        ),
    }
}

/// "1 day", "3 days".
fn days_text(n: u32) -> String {
    if n == 1 {
        crate::tr!("planner.day_one")
    } else {
        crate::tr!("common.days", n = n)
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn day_counts_read_as_words() {
        // "approval lands 1 days before" was the founder review's find: one day is singular.
        assert_eq!(days_text(1), "1 day");
        assert_eq!(days_text(0), "0 days");
        assert_eq!(days_text(12), "12 days");
    }

    use super::*;
    use crate::credits::runway::{simulate_totals, LineItem};
    use crate::data::catalog::Scope;

    fn grant(provider: &str, amount: f64, apply: u32, review: u32, validity: u32) -> GrantInput {
        GrantInput {
            provider_id: provider.into(),
            scope: Scope::All,
            amount_usd: amount,
            apply_day: apply,
            review_days: review,
            validity_days: validity,
        }
    }

    /// `gpus` GPUs at $1/h, duty 1, from `start` for `days` days: $24 × gpus a day.
    fn work(provider: &str, start: u32, days: u32, gpus: u32) -> WorkloadInput {
        WorkloadInput {
            provider_id: provider.into(),
            own_silicon_of: None,
            line: LineItem::Accelerators,
            gpus,
            usd_per_gpu_hour: 1.0,
            duty: 1.0,
            start_day: start,
            gpu_hours: f64::from(gpus) * 24.0 * f64::from(days),
        }
    }

    #[test]
    fn reasons_read_as_whole_portuguese_sentences() {
        use crate::locale::{with_lang, Lang};
        // Applied on day 86 with a 14-day review: approval on day 100, as the run starts on day
        // 100; validity 365 days, so it expires on day 465; all of it is spent (no expiry, nothing
        // unused). Moved from the typed day 0, so the verb is "apply by".
        let g = grant("aws", 50_000.0, 86, 14, 365);
        let spent = crate::credits::runway::GrantOutcome {
            used_usd: 50_000.0,
            expired_usd: 0.0,
            unused_usd: 0.0,
        };
        let day = |d: u32| format!("D{d}");
        assert_eq!(
            reason_line(&g, &spent, Some(100), 0, &day),
            "apply by D86: approval lands as the run starts on D100 and the credits are spent in full before they expire on D465"
        );
        assert_eq!(
            with_lang(Lang::Pt, || reason_line(&g, &spent, Some(100), 0, &day)),
            "solicite até D86: a aprovação sai quando a execução começa em D100 e os créditos são gastos por inteiro antes de vencerem em D465"
        );
        // Approval 1 day before a run that starts on day 101: singular in both languages.
        assert_eq!(
            with_lang(Lang::Pt, || reason_line(&g, &spent, Some(101), 86, &day)),
            "mantenha D86: a aprovação sai 1 dia antes de a execução começar em D101 e os créditos são gastos por inteiro antes de vencerem em D465"
        );
    }

    #[test]
    fn the_reason_ends_on_what_becomes_of_the_credit() {
        // The same grant (approval on day 100 as the run starts, expiry on day 465): $2,000
        // expiring unused is said with its day; only unused credit left at the end, "outlast";
        // half a cent of either is a tie, "spent in full".
        let g = grant("aws", 50_000.0, 86, 14, 365);
        let day = |d: u32| format!("D{d}");
        let ending = |expired: f64, unused: f64| {
            let o = crate::credits::runway::GrantOutcome {
                used_usd: 50_000.0 - expired - unused,
                expired_usd: expired,
                unused_usd: unused,
            };
            let text = reason_line(&g, &o, Some(100), 86, &day);
            text.split(" D100 and ")
                .nth(1)
                .unwrap_or_default()
                .to_string()
        };
        assert_eq!(ending(2000.0, 0.0), "$2,000 still expires unused on D465");
        assert_eq!(ending(0.0, 2000.0), "the credits outlast it");
        assert_eq!(
            ending(TIE_USD, TIE_USD),
            "the credits are spent in full before they expire on D465"
        );
    }

    #[test]
    fn a_plans_applications_say_what_the_move_saves_and_apply_to_the_plan() {
        // The closed form below, as a plan: $50,000 of AWS Activate (review 14, validity 365)
        // typed on day 0, against 4 GPUs at $1/h from day 100 for 500 days ($96 a day). As typed
        // it pays 279 days ($26,784) and lets $23,216 expire; on its best day (86..221) it pays
        // 365 days ($35,040) and lets $14,960 expire: $8,256 less cash, $8,256 less expired.
        let c = crate::data::catalog::Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let d = crate::io::link::decode_link(
            "work=aws:h100-sxm:4:48000:100:1:1&grant=aws-activate:50K:0:14:365",
            &c,
        );
        assert!(d.plan_errors.is_empty(), "{:?}", d.plan_errors);
        let mut p = d.plan;
        let o = crate::credits::evaluate::evaluate(&p, &c);
        let a = plan_applications(&p, &o, &c, 0);
        assert_eq!(a.grants.len(), 1);
        let s = &a.grants[0];
        assert!((86..=221).contains(&s.apply_day), "{}", s.apply_day);
        assert!(
            (s.cash_saved_usd - 8_256.0).abs() < 1e-6,
            "{}",
            s.cash_saved_usd
        );
        assert!(
            (s.expired_saved_usd - 8_256.0).abs() < 1e-6,
            "{}",
            s.expired_saved_usd
        );
        a.apply_to(&mut p);
        assert_eq!(p.grants[0].apply_day, s.apply_day as i32);
    }

    #[test]
    fn the_best_window_of_one_grant_in_closed_form() {
        // One grant of $50,000, review 14 days, validity 365 days, typed to apply on day 0.
        // One workload on days 100..600 (500 days) at 4 GPUs × $1/h × 24 h = $96 a day: $48,000 in all.
        // The grant is usable on [a + 14, a + 379): 365 days. Inside the run that window pays at most
        // 365 × $96 = $35,040 < $50,000, so the grant never runs out and the cash is
        // $48,000 − $96 × (days of the window inside [100, 600)). All 365 days are inside when
        // a + 14 ≥ 100 and a + 379 ≤ 600: a ∈ [86, 221], every such day ties at cash
        // 48,000 − 35,040 = $12,960 and expired 50,000 − 35,040 = $14,960. Outside it the overlap is
        // shorter (a = 85: 364 days), so those are the only optimal days. As typed (a = 0) the window
        // [14, 379) overlaps the run on [100, 379): 279 days, $26,784 paid; cash $21,216.
        let grants = [grant("aws", 50_000.0, 0, 14, 365)];
        let workloads = [work("aws", 100, 500, 4)];
        let s = search(&grants, &workloads, 0);
        let day = s.apply_days[0];
        assert!(
            (86..=221).contains(&day),
            "apply day {day} outside [86, 221]"
        );
        assert!(
            (s.totals.cash_usd - 12_960.0).abs() < 1e-6,
            "{}",
            s.totals.cash_usd
        );
        assert!((s.totals.expired_usd() - 14_960.0).abs() < 1e-6);
        assert!(
            (s.typed.cash_usd - 21_216.0).abs() < 1e-6,
            "{}",
            s.typed.cash_usd
        );
        // The earliest day of the window is found first (the workload's start minus the review).
        assert_eq!(day, 86);
        // And the search's totals are those of its days.
        let mut moved = grants.clone();
        moved[0].apply_day = day;
        assert_eq!(simulate_totals(&moved, &workloads), s.totals);
        // The remedy: 365 days of validity against 500 days of work, $35,040 paid of $50,000.
        assert_eq!(
            remedy(&moved, &workloads, 0, &s.totals, 0),
            Some(Remedy::SmallerGrant {
                usd: 35_040.0,
                validity_limited: true
            })
        );
    }

    #[test]
    fn at_equal_cash_the_later_cash_start_wins() {
        // $1,000 grant, review 3, validity 365, typed to apply on day 60: usable [63, 428). The run:
        // 1 GPU from day 30 for 100 days at $24 a day ($2,400). The grant is used in full whatever
        // the day, so cash is $2,400 − $1,000 = $1,400 either way and nothing expires.
        // As typed, days 30..62 are cash: cash starts on day 30.
        // Approved by day 30 (apply ≤ 27), it pays days 30..70 (41 × $24 = $984, $16 left) and runs
        // out during day 71 ($8 cash): cash starts on day 71, six weeks later.
        let grants = [grant("modal", 1_000.0, 60, 3, 365)];
        let workloads = [work("modal", 30, 100, 1)];
        let s = search(&grants, &workloads, 0);
        assert_eq!(s.typed.runway_end_day, Some(30));
        assert!((s.typed.cash_usd - 1_400.0).abs() < 1e-9);
        assert!(s.apply_days[0] <= 27, "apply day {}", s.apply_days[0]);
        assert_eq!(s.totals.runway_end_day, Some(71));
        assert!((s.totals.cash_usd - 1_400.0).abs() < 1e-9);
        assert!(s.totals.expired_usd().abs() < 1e-9);
    }

    #[test]
    fn today_bounds_the_search() {
        // Same plan, but today is day 150: no day in [86, 149] may be chosen. From 150 on, the window
        // [a + 14, a + 379) stays inside [100, 600) up to a = 221, so 150 itself is optimal (ties up to
        // 221) and the candidates start at today.
        let grants = [grant("aws", 50_000.0, 0, 14, 365)];
        let workloads = [work("aws", 100, 500, 4)];
        let s = search(&grants, &workloads, 150);
        assert_eq!(s.apply_days, [150]);
        assert!((s.totals.cash_usd - 12_960.0).abs() < 1e-6);
    }

    #[test]
    fn a_grant_applied_too_early_moves_to_the_run_and_is_used_in_full() {
        // $2,400 grant, review 7, validity 30, applied day 0: usable [7, 37). The run: 1 GPU from
        // day 60 for 100 days, $24 a day ($2,400). As typed nothing is paid: cash $2,400, $2,400
        // expires. Applying on day 60 − 7 = 53 makes it usable [60, 90): 30 days × $24 = $720 paid,
        // $1,680 still expires (validity 30 days < 100 days of work). Cash $1,680.
        // Any a with the window inside the run ties: a + 7 ≥ 60 and a + 37 ≤ 160, a ∈ [53, 123];
        // the earliest is chosen.
        let grants = [grant("modal", 2_400.0, 0, 7, 30)];
        let workloads = [work("modal", 60, 100, 1)];
        let s = search(&grants, &workloads, 0);
        assert_eq!(s.apply_days, [53]);
        assert!((s.totals.cash_usd - 1_680.0).abs() < 1e-9);
        assert!((s.typed.cash_usd - 2_400.0).abs() < 1e-9);
        assert!((s.typed.expired_usd() - 2_400.0).abs() < 1e-9);
    }

    #[test]
    fn grants_that_cannot_be_saved_say_what_would() {
        let mut moved = [grant("aws", 1_000.0, 0, 10, 365)];
        // No workload on AWS: an AWS grant against CoreWeave work pays nothing at any date.
        let cw = [work("coreweave", 0, 10, 1)];
        let s = search(&moved, &cw, 0);
        assert_eq!(
            s.apply_days,
            [0],
            "no date helps, so the grant keeps its day"
        );
        assert_eq!(
            remedy(&moved, &cw, 0, &s.totals, 0),
            Some(Remedy::NoWorkload)
        );
        assert_eq!(
            remedy_text(&Remedy::NoWorkload, &moved[0], "AWS", 0, &|d| format!("day {d}")),
            "no workload runs on AWS that it can pay (any line item billed by the provider); move one there"
        );
        // The work ends before the grant could be approved: today is day 5, review 10, so approval
        // lands on day 15 at the earliest; the AWS run is days 0..10. Starting it 15 − 0 = 15 days
        // later lets the grant pay it.
        let aws = [work("aws", 0, 10, 1)];
        let s = search(&moved, &aws, 5);
        moved[0].apply_day = s.apply_days[0];
        let r = remedy(&moved, &aws, 0, &s.totals, 5);
        assert_eq!(
            r,
            Some(Remedy::StartLater {
                days: 15,
                ends_before_approval: true
            })
        );
        assert_eq!(
            remedy_text(&r.unwrap_or(Remedy::NoWorkload), &moved[0], "AWS", 5, &|d| format!("day {d}")),
            "the work on AWS ends before the grant could be approved (applying day 5 gets approval on day 15 at the earliest); start the run 15 days later"
        );
        // Validity shorter than the spend: $10,000 valid 30 days against $24 a day for 200 days. At
        // best the window is inside the run: 30 × $24 = $720 paid, $9,280 expires, "a smaller grant
        // of $720 would be fully used".
        let mut g = [grant("aws", 10_000.0, 0, 0, 30)];
        let long = [work("aws", 0, 200, 1)];
        let s = search(&g, &long, 0);
        g[0].apply_day = s.apply_days[0];
        let r = remedy(&g, &long, 0, &s.totals, 0);
        assert_eq!(
            r,
            Some(Remedy::SmallerGrant {
                usd: 720.0,
                validity_limited: true
            })
        );
        assert_eq!(
            remedy_text(&r.unwrap_or(Remedy::NoWorkload), &g[0], "AWS", 0, &|d| format!("day {d}")),
            "its 30-day validity is shorter than the spend it could cover: a smaller grant of $720 would be fully used"
        );
    }

    #[test]
    fn at_equal_cash_less_credit_expiring_decides() {
        // Work on AWS: 1 GPU on days 0..100 at $24 a day, $2,400. Grant B: $10,000, review 0,
        // valid 5,000 days from day 0, so it outlives the five-year horizon (what it has left is
        // "still usable at the end", never expired) and pays every day A does not: cash is $0
        // wherever A goes. Grant A: $1,000, review 0, valid 30 days, typed on day 500: no work in
        // [500, 530), so all $1,000 expires. Moved to day 0 it is usable [0, 30) and, expiring
        // first, pays days 0-29 (30 × $24 = $720): $280 expires. Only the expired amount tells the
        // two apart. Days 69 and 70 tie with 0 (the window inside the run); the first is kept. B
        // moved to day 30 would tie too (A pays days 0-29), so B keeps day 0.
        let grants = [
            grant("aws", 1_000.0, 500, 0, 30),
            grant("aws", 10_000.0, 0, 0, 5_000),
        ];
        let workloads = [work("aws", 0, 100, 1)];
        let s = search(&grants, &workloads, 0);
        assert_eq!(s.typed.cash_usd, 0.0);
        assert!((s.typed.expired_usd() - 1_000.0).abs() < 1e-9);
        assert_eq!(s.apply_days, [0, 0]);
        assert_eq!(s.totals.cash_usd, 0.0);
        assert!(
            (s.totals.expired_usd() - 280.0).abs() < 1e-9,
            "{}",
            s.totals.expired_usd()
        );
    }

    #[test]
    fn remedies_read_as_whole_sentences_in_both_branches_and_languages() {
        use crate::locale::{with_lang, Lang};
        let day = |d: u32| format!("day {d}");
        // Too big, not too short: $10,000 valid 365 days, review 0, against 1 GPU on AWS for days
        // 0..100 ($24 a day, $2,400). Applied on day 0 its window covers all 100 days: $2,400
        // paid, $7,600 expires; no day does better (day 99 pays one day). The work (100 days) is
        // shorter than the validity, so the sentence blames the amount.
        let g = [grant("aws", 10_000.0, 0, 0, 365)];
        let w = [work("aws", 0, 100, 1)];
        let s = search(&g, &w, 0);
        assert_eq!(s.apply_days, [0]);
        let r = remedy(&g, &w, 0, &s.totals, 0);
        assert_eq!(
            r,
            Some(Remedy::SmallerGrant {
                usd: 2_400.0,
                validity_limited: false
            })
        );
        let r = r.unwrap_or(Remedy::NoWorkload);
        assert_eq!(
            remedy_text(&r, &g[0], "AWS", 0, &day),
            "the plan's work on AWS uses only $2,400 of it: a smaller grant of $2,400 would be fully used, or move more work there"
        );
        assert_eq!(
            with_lang(Lang::Pt, || remedy_text(&r, &g[0], "AWS", 0, &day)),
            "o trabalho do plano em AWS usa só US$\u{a0}2.400 dele: um crédito menor, de US$\u{a0}2.400, seria usado por inteiro, ou mova mais trabalho para lá"
        );
        // Too short: $10,000 valid 30 days against $24 a day for 200 days (200 > 30): 30 × $24 =
        // $720 paid at best.
        let g = [grant("aws", 10_000.0, 0, 0, 30)];
        let long = [work("aws", 0, 200, 1)];
        let s = search(&g, &long, 0);
        let mut moved = g.clone();
        moved[0].apply_day = s.apply_days[0];
        let r = remedy(&moved, &long, 0, &s.totals, 0).unwrap_or(Remedy::NoWorkload);
        assert_eq!(
            with_lang(Lang::Pt, || remedy_text(&r, &moved[0], "AWS", 0, &day)),
            "a validade de 30 dias é menor que o gasto que ele poderia cobrir: um crédito menor, de US$\u{a0}720, seria usado por inteiro"
        );
        // Approval after the run starts: review 30 from today (day 0), the run on days 0..200, so
        // days 0-29 are cash while $10,000 (valid 365 days) waits; starting the run 30 days later
        // lets the grant pay it from its first day.
        let g = [grant("aws", 10_000.0, 0, 30, 365)];
        let s = search(&g, &long, 0);
        assert_eq!(s.apply_days, [0]);
        let r = remedy(&g, &long, 0, &s.totals, 0);
        assert_eq!(
            r,
            Some(Remedy::StartLater {
                days: 30,
                ends_before_approval: false
            })
        );
        assert_eq!(
            remedy_text(&r.unwrap_or(Remedy::NoWorkload), &g[0], "AWS", 0, &day),
            "cash pays the run until approval on day 30; start the run 30 days later"
        );
    }

    #[test]
    fn a_grant_that_loses_nothing_has_no_remedy() {
        // $240 valid 365 days against $24 a day for 20 days from day 30, review 5: as typed (day 0,
        // usable [5, 370)) it pays days 30-39 in full, so no day does better and it keeps day 0.
        let g = [grant("aws", 240.0, 0, 5, 365)];
        let w = [work("aws", 30, 20, 1)];
        let s = search(&g, &w, 0);
        assert_eq!(s.apply_days, [0]);
        assert!((s.totals.grants[0].used_usd - 240.0).abs() < 1e-9);
        // Cash is $240 (the other 10 days), but no credit is left: nothing to remedy.
        assert_eq!(remedy(&g, &w, 0, &s.totals, 0), None);
    }

    #[test]
    fn cash_paid_while_credit_is_left_needs_a_remedy() {
        // A grant applied on day 0 with a 14-day review, valid 5,000 days (nothing expires in
        // the horizon), against 100 days of work from day 0: $100 of cash is paid before the
        // approval while $50 of the grant is left at the end: start the work 14 days later.
        let g = [grant("aws", 1000.0, 0, 14, 5000)];
        let w = [work("aws", 0, 100, 1)];
        let totals = |cash: f64, unused: f64| RunwayTotals {
            horizon_days: 200,
            total_spend_usd: 2400.0,
            cash_usd: cash,
            runway_end_day: Some(0),
            grants: vec![crate::credits::runway::GrantOutcome {
                used_usd: 2400.0 - cash,
                expired_usd: 0.0,
                unused_usd: unused,
            }],
        };
        let start_later = Some(Remedy::StartLater {
            days: 14,
            ends_before_approval: false,
        });
        assert_eq!(remedy(&g, &w, 0, &totals(100.0, 50.0), 0), start_later);
        // No cash, or no credit left, or either only half a cent (a tie): nothing lost.
        assert_eq!(remedy(&g, &w, 0, &totals(0.0, 50.0), 0), None);
        assert_eq!(remedy(&g, &w, 0, &totals(100.0, 0.0), 0), None);
        assert_eq!(remedy(&g, &w, 0, &totals(TIE_USD, 50.0), 0), None);
        assert_eq!(remedy(&g, &w, 0, &totals(100.0, TIE_USD), 0), None);
        // Work on days 3-7 only, all of it before the approval on day 14 (all $1,000 expire):
        // start it 14 - 3 = 11 days later.
        // Cash needed from day 2 (before the approval on day 14) while credit is left: start the
        // work 14 - 2 = 12 days later. Cash needed only on the approval day or after, or work
        // that starts on the approval day itself (the cash is another provider's): no remedy.
        let from2 = [work("aws", 2, 100, 1)];
        let mut early = totals(100.0, 50.0);
        early.runway_end_day = Some(2);
        assert_eq!(
            remedy(&g, &from2, 0, &early, 0),
            Some(Remedy::StartLater {
                days: 12,
                ends_before_approval: false
            })
        );
        for end in [14, 50] {
            early.runway_end_day = Some(end);
            assert_eq!(
                remedy(&g, &from2, 0, &early, 0),
                None,
                "cash from day {end}"
            );
        }
        let from14 = [work("aws", 14, 100, 1)];
        early.runway_end_day = Some(10);
        assert_eq!(remedy(&g, &from14, 0, &early, 0), None);
        // Half a cent expiring is a tie: no smaller grant to suggest.
        let mut tie = totals(100.0, 50.0);
        tie.grants[0].expired_usd = TIE_USD;
        assert_eq!(remedy(&g, &[work("aws", 20, 100, 1)], 0, &tie, 0), None);
        // A grant valid exactly as long as the work (100 days, days 20-119) is not limited by
        // its validity when $500 of it expires: too much credit, not too short a window.
        let g100 = [grant("aws", 1000.0, 0, 14, 100)];
        let mut over = totals(0.0, 0.0);
        over.grants[0].expired_usd = 500.0;
        over.grants[0].used_usd = 500.0;
        assert_eq!(
            remedy(&g100, &[work("aws", 20, 100, 1)], 0, &over, 0),
            Some(Remedy::SmallerGrant {
                usd: 500.0,
                validity_limited: false
            })
        );
        let short = [work("aws", 3, 5, 1)];
        let mut lost = totals(120.0, 0.0);
        lost.grants[0].expired_usd = 1000.0;
        assert_eq!(
            remedy(&g, &short, 0, &lost, 0),
            Some(Remedy::StartLater {
                days: 11,
                ends_before_approval: true
            })
        );
    }

    #[test]
    fn candidates_cover_approval_and_expiry_on_each_event() {
        // Review 14, validity 365; a run on 100..600 (last day 599) and another grant of the provider
        // usable [20, 50). Events 100, 599, 600, 20, 50; minus 14: 86, 585, 586, 6, 36; minus 379:
        // 220, 221 (the others are negative). The range: from 0 to 1826 − 379 = 1447 (expiry on the
        // last day of the horizon).
        let grants = [grant("aws", 1.0, 3, 14, 365), grant("aws", 1.0, 0, 20, 30)];
        let w = [work("aws", 100, 500, 1)];
        assert_eq!(
            candidates(&grants, &w, 0, 0),
            vec![0, 6, 36, 86, 220, 221, 585, 586, 1447]
        );
        // Today (day 40) drops the earlier ones and is a candidate itself.
        assert_eq!(
            candidates(&grants, &w, 0, 40),
            vec![40, 86, 220, 221, 585, 586, 1447]
        );
        // A grant that already outlives the horizon (validity 5,000 days) may go up to day 1826.
        let long = [grant("aws", 1.0, 0, 14, 5000)];
        assert_eq!(candidates(&long, &w, 0, 0).last(), Some(&1826));
    }

    #[test]
    fn candidates_at_the_ends_of_their_range() {
        // Review 14, validity 365 (379 days from application to expiry): the last day that
        // keeps the expiry inside the 1,826-day horizon is 1,826 - 379 = 1,447. Applied on day
        // 1,447 the grant expires on day 1,826 itself: that is within the horizon, so it may
        // not move later either.
        let w = [work("aws", 100, 500, 1)];
        let at_end = [grant("aws", 1.0, 1447, 14, 365)];
        assert_eq!(at_end[0].expires_on(), 1826);
        assert_eq!(candidates(&at_end, &w, 0, 0).last(), Some(&1447));
        // Today on day 1,447: the one day left; a day later, none.
        assert_eq!(candidates(&at_end, &w, 0, 1447), vec![1447]);
        assert!(candidates(&at_end, &w, 0, 1448).is_empty());
    }

    #[test]
    fn a_grant_already_applied_for_stays_on_its_day() {
        // A grant applied for on day 0 (in review or held: fixed) stays on day 0 when today is
        // day 10; the same grant not yet sent is moved to today at the earliest.
        let w = [work("aws", 100, 500, 1)];
        let g = [grant("aws", 1.0, 0, 14, 365)];
        assert_eq!(search_among(&g, &w, 10, &[true]).apply_days, vec![0]);
        // Not yet sent, with work from day 14: day 0 would have been best (approved on day
        // 14 exactly), but it is past; the best day left is today, day 10.
        let soon = [work("aws", 14, 500, 1)];
        assert_eq!(search_among(&g, &soon, 10, &[false]).apply_days, vec![10]);
    }

    #[test]
    fn simulations_counted_once_each() {
        // A Google grant cannot pay AWS work: nothing to search. Typed for today (day 10), one
        // simulation (the plan as typed); typed for day 0 and moved to today, two.
        let w = [work("aws", 100, 500, 1)];
        assert_eq!(
            search(&[grant("gcp", 1.0, 10, 14, 365)], &w, 10).simulations,
            1
        );
        let moved = search(&[grant("gcp", 1.0, 0, 14, 365)], &w, 10);
        assert_eq!((moved.apply_days[0], moved.simulations), (10, 2));
        // $240 valid 365 days, review 5, against 20 days of work from day 30: the candidates are
        // 0, 30 - 5, 49 - 5, 50 - 5 and 1,826 - 370 = 1,456; day 0 is the typed one, so one sweep
        // tries the other 4, none is better, and the search stops: 1 + 4 simulations.
        let g = [grant("aws", 240.0, 0, 5, 365)];
        let w = [work("aws", 30, 20, 1)];
        assert_eq!(candidates(&g, &w, 0, 0), vec![0, 25, 44, 45, 1456]);
        assert_eq!(search(&g, &w, 0).simulations, 5);
    }

    #[test]
    fn better_at_the_half_cent_ties() {
        // TIE_USD is half a cent: differences of at most that are ties, and the next rule decides.
        let t = |cash: f64, expired: f64, end: Option<u32>| RunwayTotals {
            horizon_days: 100,
            total_spend_usd: cash,
            cash_usd: cash,
            runway_end_day: end,
            grants: vec![crate::credits::runway::GrantOutcome {
                expired_usd: expired,
                ..crate::credits::runway::GrantOutcome::default()
            }],
        };
        // Exactly half a cent less cash, the rest equal: a tie, not better.
        assert!(!better(
            &t(100.0 - TIE_USD, 10.0, Some(5)),
            &t(100.0, 10.0, Some(5))
        ));
        // Equal cash, exactly half a cent less expiring, same start: a tie, not better.
        assert!(!better(
            &t(100.0, 10.0 - TIE_USD, Some(5)),
            &t(100.0, 10.0, Some(5))
        ));
        // Equal cash and expiring ($10 each): the later cash start wins, and never needing cash
        // is later than any day.
        assert!(better(&t(100.0, 10.0, Some(9)), &t(100.0, 10.0, Some(5))));
        assert!(better(&t(100.0, 10.0, None), &t(100.0, 10.0, Some(5))));
        assert!(!better(&t(100.0, 10.0, Some(5)), &t(100.0, 10.0, None)));
    }

    mod properties {
        use super::super::*;
        use crate::credits::runway::LineItem;
        use crate::data::catalog::Scope;
        use proptest::prelude::*;

        fn grant() -> impl Strategy<Value = GrantInput> {
            (
                0usize..2,
                0usize..4,
                100.0f64..50_000.0,
                0u32..200,
                0u32..40,
                prop_oneof![3 => 10u32..400, 1 => 1_700u32..5_000],
            )
                .prop_map(
                    |(p, sc, amount_usd, apply_day, review_days, validity_days)| GrantInput {
                        provider_id: ["aws", "modal"][p].into(),
                        scope: [Scope::All, Scope::Gpu, Scope::Silicon, Scope::Platform][sc],
                        amount_usd,
                        apply_day,
                        review_days,
                        validity_days,
                    },
                )
        }

        fn workload() -> impl Strategy<Value = WorkloadInput> {
            (
                0usize..2,
                1u32..8,
                0.5f64..6.0,
                0.1f64..=1.0,
                0u32..300,
                10.0f64..20_000.0,
                0usize..2,
            )
                .prop_map(
                    |(p, gpus, usd_per_gpu_hour, duty, start_day, gpu_hours, line)| WorkloadInput {
                        provider_id: ["aws", "modal"][p].into(),
                        own_silicon_of: None,
                        line: [LineItem::Accelerators, LineItem::Storage][line],
                        gpus,
                        usd_per_gpu_hour,
                        duty,
                        start_day,
                        gpu_hours,
                    },
                )
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(256))]

            /// Coordinate descent from the plan as typed accepts strict improvements only: the
            /// suggestion never needs more cash, and at equal cash never lets more expire; its
            /// totals are those of its days; every day is one a link accepts.
            #[test]
            fn the_suggestion_is_never_worse_than_the_plan_as_typed(
                grants in prop::collection::vec(grant(), 1..5),
                workloads in prop::collection::vec(workload(), 1..4),
            ) {
                let s = search(&grants, &workloads, 0);
                prop_assert!(s.totals.cash_usd <= s.typed.cash_usd, "{} > {}", s.totals.cash_usd, s.typed.cash_usd);
                if s.totals.cash_usd >= s.typed.cash_usd - TIE_USD {
                    prop_assert!(s.totals.expired_usd() <= s.typed.expired_usd() + 1e-9);
                }
                let mut moved = grants.clone();
                for (g, &d) in moved.iter_mut().zip(&s.apply_days) {
                    prop_assert!(d <= HORIZON_CAP_DAYS);
                    g.apply_day = d;
                }
                prop_assert_eq!(simulate_totals(&moved, &workloads), s.totals);
            }

            /// The search ends where no single grant moved to any of its candidate days does
            /// strictly better: a descent stopped early (after one sweep) leaves such a move.
            #[test]
            fn no_single_grant_move_from_the_suggestion_is_better(
                grants in prop::collection::vec(grant(), 1..5),
                workloads in prop::collection::vec(workload(), 1..4),
            ) {
                let s = search(&grants, &workloads, 0);
                let mut moved = grants.clone();
                for (g, &d) in moved.iter_mut().zip(&s.apply_days) {
                    g.apply_day = d;
                }
                for k in 0..moved.len() {
                    if !workloads.iter().any(|w| moved[k].pays_for(w)) {
                        continue;
                    }
                    let here = moved[k].apply_day;
                    for day in candidates(&moved, &workloads, k, 0) {
                        let mut other = moved.clone();
                        other[k].apply_day = day;
                        let t = simulate_totals(&other, &workloads);
                        prop_assert!(!better(&t, &s.totals), "grant {} from day {} to {}: {:?} beats {:?}", k, here, day, t, s.totals);
                    }
                }
            }
        }
    }

    mod exact_for_one_grant {
        use super::super::*;
        use crate::credits::runway::LineItem;
        use crate::data::catalog::Scope;
        use proptest::prelude::*;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(96))]

            /// With one grant, its share of the bill is linear in the apply day between candidate
            /// days, so the search finds what trying every allowed day finds: the same cash, and at
            /// that cash no more expired.
            #[test]
            fn the_search_equals_trying_every_day(
                amount in 100.0f64..60_000.0,
                apply in 0u32..400,
                review in 0u32..40,
                validity in 10u32..700,
                earliest in 0u32..200,
                works in prop::collection::vec((1u32..6, 0.2f64..=1.0, 0u32..500, 10.0f64..30_000.0), 1..4),
            ) {
                let grants = [GrantInput {
                    provider_id: "aws".into(),
                    scope: Scope::All,
                    amount_usd: amount,
                    apply_day: apply,
                    review_days: review,
                    validity_days: validity,
                }];
                let workloads: Vec<WorkloadInput> = works
                    .iter()
                    .map(|&(gpus, duty, start_day, gpu_hours)| WorkloadInput {
                        provider_id: "aws".into(),
                        own_silicon_of: None,
                        line: LineItem::Accelerators,
                        gpus,
                        usd_per_gpu_hour: 2.5,
                        duty,
                        start_day,
                        gpu_hours,
                    })
                    .collect();
                let s = search(&grants, &workloads, earliest);
                // Every day the search may choose: from today to the last day that keeps the expiry
                // within the horizon (the grant expires within it: validity < 700, apply < 400).
                let last = HORIZON_CAP_DAYS - review - validity;
                let mut best: Option<RunwayTotals> = None;
                let mut g = grants.clone();
                for day in earliest..=last {
                    g[0].apply_day = day;
                    let t = simulate_totals(&g, &workloads);
                    if best.as_ref().is_none_or(|b| better(&t, b)) {
                        best = Some(t);
                    }
                }
                let Some(best) = best else { return Ok(()); };
                let tol = 1e-9 * amount.max(1.0) + TIE_USD;
                prop_assert!(s.totals.cash_usd <= best.cash_usd + tol, "search {} vs every day {}", s.totals.cash_usd, best.cash_usd);
                if (s.totals.cash_usd - best.cash_usd).abs() <= tol {
                    prop_assert!(s.totals.expired_usd() <= best.expired_usd() + tol);
                }
            }
        }
    }

    /// A 10-grant, 3-workload, 5-year plan: how many simulations the search runs and how long it
    /// takes. `cargo test --profile bench -p runway-model planner_benchmark -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn planner_benchmark() {
        let providers = ["aws", "gcp", "modal"];
        let grants: Vec<GrantInput> = (0..10u32)
            .map(|i| {
                grant(
                    providers[i as usize % 3],
                    5_000.0 + 1_000.0 * f64::from(i),
                    0,
                    3 + i,
                    180 + 30 * i,
                )
            })
            .collect();
        let workloads = [
            work("aws", 30, 700, 2),
            work("gcp", 200, 900, 1),
            work("modal", 10, 1500, 1),
        ];
        let start = std::time::Instant::now();
        let mut runs = 0;
        let mut sims = 0;
        while start.elapsed().as_millis() < 2_000 {
            sims = search(&grants, &workloads, 0).simulations;
            runs += 1;
        }
        let per = start.elapsed().as_secs_f64() / f64::from(runs);
        println!(
            "planner: 10 grants × 3 workloads: {sims} simulations, {:.1} ms per plan ({runs} runs)",
            per * 1e3
        );
    }
}
