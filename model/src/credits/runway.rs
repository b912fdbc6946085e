//! The stacked-grant runway (docs/model.md, "The runway": the exact semantics):
//! - whole days from day 0; grant k is usable on [apply + review, apply + review + validity) and its
//!   remaining balance expires at the start of day apply + review + validity;
//! - a grant pays only its own provider's bill, and only line items its scope covers;
//! - each workload runs from its start day, busy gpus · 24 · duty GPU-hours a day until its total is
//!   used (the last day partial), spending busy hours × price;
//! - each day's spend is paid by the usable eligible grants, soonest-expiring first (ties: plan order);
//!   the rest is cash;
//! - the horizon runs until every workload has finished and every grant has expired, capped at
//!   [`HORIZON_CAP_DAYS`].

use crate::data::catalog::Scope;

/// Five years of days: the longest horizon simulated.
pub const HORIZON_CAP_DAYS: u32 = 1826;

/// A grant as the simulation sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct GrantInput {
    /// The provider whose bill it pays.
    pub provider_id: String,
    /// Which line items it pays.
    pub scope: Scope,
    /// Amount granted, USD.
    pub amount_usd: f64,
    /// Day the application is sent.
    pub apply_day: u32,
    /// Days from application to approval.
    pub review_days: u32,
    /// Days usable after approval.
    pub validity_days: u32,
}

impl GrantInput {
    /// First day the credits can pay (approval).
    pub fn usable_from(&self) -> u32 {
        self.apply_day.saturating_add(self.review_days)
    }

    /// The day at whose start the remaining balance expires.
    pub fn expires_on(&self) -> u32 {
        self.usable_from().saturating_add(self.validity_days)
    }

    /// Whether the grant can pay on `day`.
    pub fn usable_on(&self, day: u32) -> bool {
        self.usable_from() <= day && day < self.expires_on()
    }

    /// The first day a workload it can pay starts ([`GrantInput::pays_for`]); `None` when it
    /// pays none of them.
    pub fn first_payable_start(&self, workloads: &[WorkloadInput]) -> Option<u32> {
        workloads
            .iter()
            .filter(|w| self.pays_for(w))
            .map(|w| w.start_day)
            .min()
    }

    /// Whether it pays this line item: its own provider's bill, and for `gpu` and `silicon` grants
    /// accelerator hours only.
    pub fn pays_for(&self, w: &WorkloadInput) -> bool {
        self.provider_id == w.provider_id
            && match self.scope {
                Scope::All | Scope::Platform => true,
                Scope::Gpu => w.line == LineItem::Accelerators,
                Scope::Silicon => {
                    w.line == LineItem::Accelerators
                        && w.own_silicon_of.as_deref() == Some(self.provider_id.as_str())
                }
            }
    }
}

/// What a line of the bill is for: broad cloud credits pay all of them, GPU-only grants only the
/// first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineItem {
    /// Accelerator hours.
    Accelerators,
    /// Object storage (checkpoints and the dataset).
    Storage,
    /// Data transfer out of a cloud.
    Egress,
    /// Tokens through a hosted API.
    Api,
}

/// A workload as the simulation sees it: accelerator hours billed by one provider.
#[derive(Clone, Debug, PartialEq)]
pub struct WorkloadInput {
    /// The provider billing it.
    pub provider_id: String,
    /// The provider whose own silicon the accelerator is (Trainium: `aws`, TPU: `gcp`), if any.
    pub own_silicon_of: Option<String>,
    /// What is billed. For storage and egress the "accelerator-hours" are billing hours of a single
    /// meter (see [`WorkloadInput::bill`]).
    pub line: LineItem,
    /// Accelerators.
    pub gpus: u32,
    /// Price per accelerator-hour, USD.
    pub usd_per_gpu_hour: f64,
    /// Fraction of each day busy, (0, 1].
    pub duty: f64,
    /// First day it runs (the dataset is ready).
    pub start_day: u32,
    /// Accelerator-hours to run in total.
    pub gpu_hours: f64,
}

impl WorkloadInput {
    /// A non-accelerator bill: `usd_per_day` from `start_day` for `days` days (the last one
    /// partial), billed by `provider_id`. Modelled as one meter running 24 h a day, so the
    /// simulation treats it like any workload.
    pub fn bill(
        provider_id: &str,
        line: LineItem,
        usd_per_day: f64,
        start_day: u32,
        days: f64,
    ) -> WorkloadInput {
        WorkloadInput {
            provider_id: provider_id.to_string(),
            own_silicon_of: None,
            line,
            gpus: 1,
            usd_per_gpu_hour: usd_per_day / 24.0,
            duty: 1.0,
            start_day,
            gpu_hours: 24.0 * days,
        }
    }

    /// Busy accelerator-hours per day.
    pub fn busy_hours_per_day(&self) -> f64 {
        f64::from(self.gpus) * 24.0 * self.duty
    }

    /// The day after its last busy day (its start when there is nothing to run).
    pub fn end_day(&self) -> u32 {
        let daily = self.busy_hours_per_day();
        if !(self.gpu_hours > 0.0 && daily > 0.0) {
            return self.start_day;
        }
        // The day loop counts hours left by floating-point rounding (at most 1e-9 of the total) as
        // done, so the last day is the one that brings the rest within that: 3.6 h at 0.15 × 24 h
        // is one day, although 3.6 / (24 × 0.15) is 1.0000000000000002 in binary.
        let days = (self.gpu_hours * (1.0 - 1e-9) / daily)
            .ceil()
            .min(f64::from(u32::MAX));
        self.start_day.saturating_add(days as u32)
    }
}

/// What happened to one grant.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GrantOutcome {
    /// Paid bills, USD.
    pub used_usd: f64,
    /// Expired unused, USD.
    pub expired_usd: f64,
    /// Still usable at the end of the horizon, USD.
    pub unused_usd: f64,
}

/// The runway of a plan.
#[derive(Clone, Debug, PartialEq)]
pub struct RunwayResult {
    /// Days simulated (day 0 to horizon_days - 1).
    pub horizon_days: u32,
    /// Everything billed within the horizon, USD.
    pub total_spend_usd: f64,
    /// The part no grant paid, USD.
    pub cash_usd: f64,
    /// The first day on which cash is needed; `None` when grants pay everything.
    pub runway_end_day: Option<u32>,
    /// Per grant, in plan order.
    pub grants: Vec<GrantOutcome>,
    /// Per workload: billed within the horizon, USD.
    pub workload_spend_usd: Vec<f64>,
    /// Per workload: accelerator-hours not run because the horizon cap was reached.
    pub workload_unfinished_gpu_hours: Vec<f64>,
    /// Spend per day, USD (length `horizon_days`).
    pub daily_spend_usd: Vec<f64>,
    /// Cash per day, USD.
    pub daily_cash_usd: Vec<f64>,
    /// Per grant, its end-of-day balance as steps: `(day, balance)` from that day on, starting at
    /// approval and ending with 0 at expiry. Read with [`RunwayResult::balance_on`].
    pub balance_steps: Vec<Vec<(u32, f64)>>,
}

impl RunwayResult {
    /// Grant `g`'s balance at the end of `day` while usable; 0 before approval and after expiry.
    pub fn balance_on(&self, g: usize, day: u32) -> f64 {
        let Some(steps) = self.balance_steps.get(g) else {
            return 0.0;
        };
        let i = steps.partition_point(|&(d, _)| d <= day);
        if i == 0 {
            0.0
        } else {
            steps[i - 1].1
        }
    }
}

/// Records a grant's end-of-day balance: one step per day, the last payment of the day wins.
fn record_balance(steps: &mut Vec<(u32, f64)>, day: u32, balance: f64) {
    match steps.last_mut() {
        Some(last) if last.0 == day => last.1 = balance,
        _ => steps.push((day, balance)),
    }
}

/// Runs the plan day by day.
pub fn simulate(grants: &[GrantInput], workloads: &[WorkloadInput]) -> RunwayResult {
    let horizon = workloads
        .iter()
        .map(WorkloadInput::end_day)
        .chain(grants.iter().map(GrantInput::expires_on))
        .max()
        .unwrap_or(0)
        .min(HORIZON_CAP_DAYS);
    let days = horizon as usize;
    // Pay order: soonest expiry first, plan order among equals (stable insertion).
    let mut order: Vec<usize> = Vec::with_capacity(grants.len());
    for (i, g) in grants.iter().enumerate() {
        let at = order.partition_point(|&j| grants[j].expires_on() <= g.expires_on());
        order.insert(at, i);
    }
    let mut balance: Vec<f64> = grants.iter().map(|g| g.amount_usd.max(0.0)).collect();
    let mut outcome = vec![GrantOutcome::default(); grants.len()];
    // What each grant paid, summed payment by payment: a large grant's balance (say $1B) cannot
    // hold a small payment's cents exactly, so what it paid is not read back from the balance.
    let mut paid_usd = vec![0.0_f64; grants.len()];
    // Everything that does not change from day to day is computed once: each grant's window, and for
    // each workload the grants that may pay it, in pay order (no string comparison in the day loop).
    let windows: Vec<(u32, u32)> = grants
        .iter()
        .map(|g| (g.usable_from(), g.expires_on()))
        .collect();
    let mut payers: Vec<Vec<usize>> = workloads
        .iter()
        .map(|w| {
            order
                .iter()
                .copied()
                .filter(|&g| grants[g].pays_for(w))
                .collect()
        })
        .collect();
    // A grant that expired or ran out never pays again: it leaves the payer lists (rare events),
    // so the daily loop only looks at grants that can still pay.
    let mut dead: Vec<usize> = Vec::new();
    let mut remaining: Vec<f64> = workloads.iter().map(|w| w.gpu_hours.max(0.0)).collect();
    let daily_hours: Vec<f64> = workloads
        .iter()
        .map(WorkloadInput::busy_hours_per_day)
        .collect();
    let mut workload_spend = vec![0.0; workloads.len()];
    let mut daily_spend = vec![0.0; days];
    let mut daily_cash = vec![0.0; days];
    // Steps start at approval with the full amount (when approval is inside the horizon).
    let mut balance_steps: Vec<Vec<(u32, f64)>> = windows
        .iter()
        .zip(&balance)
        .map(|(&(from, _), &b)| {
            if from < horizon {
                vec![(from, b)]
            } else {
                Vec::new()
            }
        })
        .collect();
    // Expiries in day order, consumed as the days pass.
    let mut expiries: Vec<(u32, usize)> = Vec::with_capacity(grants.len());
    for (g, &(_, until)) in windows.iter().enumerate() {
        let at = expiries.partition_point(|&(d, _)| d <= until);
        expiries.insert(at, (until, g));
    }
    let mut next_expiry = 0;
    let mut runway_end_day = None;
    // Calendar events (a workload starts, a grant is approved or expires) change who may pay. Between
    // them, the grant that paid a workload yesterday pays it today unless it runs out, so the search
    // through the payer list only runs on event days and when the cached grant cannot cover the day.
    let mut events: Vec<u32> = Vec::new();
    for d in workloads
        .iter()
        .map(|w| w.start_day)
        .chain(windows.iter().flat_map(|&(from, until)| [from, until]))
    {
        let at = events.partition_point(|&e| e < d);
        if events.get(at) != Some(&d) {
            events.insert(at, d);
        }
    }
    let mut next_event = 0;
    let mut current_payer: Vec<Option<usize>> = vec![None; workloads.len()];
    let mut payer_known = vec![false; workloads.len()];
    for day in 0..horizon {
        if events.get(next_event) == Some(&day) {
            next_event += 1;
            payer_known.iter_mut().for_each(|k| *k = false);
        }
        while let Some(&(until, g)) = expiries.get(next_expiry) {
            if until > day {
                break;
            }
            outcome[g].expired_usd = balance[g];
            balance[g] = 0.0;
            balance_steps[g].push((day, 0.0));
            next_expiry += 1;
            dead.push(g);
        }
        for (w, work) in workloads.iter().enumerate() {
            if day < work.start_day || remaining[w] <= 0.0 {
                continue;
            }
            let busy = daily_hours[w].min(remaining[w]);
            remaining[w] -= busy;
            // Hours left by floating-point rounding are not a workload day of their own.
            if remaining[w] <= 1e-9 * work.gpu_hours {
                remaining[w] = 0.0;
            }
            let mut due = busy * work.usd_per_gpu_hour;
            workload_spend[w] += due;
            daily_spend[day as usize] += due;
            if payer_known[w] {
                if let Some(g) = current_payer[w] {
                    if balance[g] > due {
                        balance[g] -= due;
                        paid_usd[g] += due;
                        record_balance(&mut balance_steps[g], day, balance[g]);
                        continue;
                    }
                } else {
                    // No grant pays it: cash, and the runway ends, when anything is due at all.
                    if due > 0.0 {
                        daily_cash[day as usize] += due;
                        runway_end_day.get_or_insert(day);
                    }
                    continue;
                }
            }
            // Event day, or the cached grant cannot cover today: search, and remember the grant
            // that paid last (it pays first tomorrow, unless it is now empty).
            payer_known[w] = true;
            current_payer[w] = None;
            for &g in &payers[w] {
                let (from, until) = windows[g];
                if balance[g] > 0.0 && from <= day && day < until {
                    current_payer[w] = Some(g);
                    let paid = due.min(balance[g]);
                    balance[g] -= paid;
                    paid_usd[g] += paid;
                    if balance[g] == 0.0 {
                        dead.push(g);
                    }
                    record_balance(&mut balance_steps[g], day, balance[g]);
                    due = if paid == due { 0.0 } else { due - paid };
                    if due == 0.0 {
                        break;
                    }
                }
            }
            if due > 0.0 {
                daily_cash[day as usize] += due;
                runway_end_day.get_or_insert(day);
            }
        }
        // Dead grants have a zero balance, so they are already skipped today; dropping them once a
        // day keeps later days from looking at them at all.
        if !dead.is_empty() {
            for list in payers.iter_mut() {
                list.retain(|g| !dead.contains(g));
            }
            dead.clear();
        }
    }
    for (g, grant) in grants.iter().enumerate() {
        if grant.expires_on() == horizon {
            // Expires at the start of the first day after the horizon.
            outcome[g].expired_usd += balance[g];
            balance_steps[g].push((horizon, 0.0));
        } else if grant.expires_on() > horizon {
            outcome[g].unused_usd = balance[g];
        }
        // A fully spent grant reads exactly its amount; any other what it paid, summed (its amount
        // less what is left would carry the balance's rounding: $1e9 less $999,999,999.398 is
        // $0.601588, off by $0.00002 from the $0.601569 it paid, a property test found).
        let left = outcome[g].expired_usd + outcome[g].unused_usd;
        outcome[g].used_usd = if left == 0.0 {
            grant.amount_usd.max(0.0)
        } else {
            paid_usd[g].min(grant.amount_usd.max(0.0))
        };
    }
    RunwayResult {
        horizon_days: horizon,
        total_spend_usd: daily_spend.iter().sum(),
        cash_usd: daily_cash.iter().sum(),
        runway_end_day,
        grants: outcome,
        workload_spend_usd: workload_spend,
        workload_unfinished_gpu_hours: remaining,
        daily_spend_usd: daily_spend,
        daily_cash_usd: daily_cash,
        balance_steps,
    }
}

/// The totals of a runway without its day-by-day series: what the planner and the Monte Carlo run
/// read thousands of times per edit.
#[derive(Clone, Debug, PartialEq)]
pub struct RunwayTotals {
    /// Days simulated (day 0 to horizon_days - 1).
    pub horizon_days: u32,
    /// Everything billed within the horizon, USD.
    pub total_spend_usd: f64,
    /// The part no grant paid, USD.
    pub cash_usd: f64,
    /// The first day on which cash is needed; `None` when grants pay everything.
    pub runway_end_day: Option<u32>,
    /// Per grant, in plan order.
    pub grants: Vec<GrantOutcome>,
}

impl RunwayTotals {
    /// Credit that expired unused, USD, over all grants.
    pub fn expired_usd(&self) -> f64 {
        self.grants.iter().map(|g| g.expired_usd).sum()
    }
}

/// The totals of [`simulate`], computed without the daily series by jumping from event to event
/// (`runway/events.rs`): the same days and, to rounding (well under a cent), the same amounts.
pub fn simulate_totals(grants: &[GrantInput], workloads: &[WorkloadInput]) -> RunwayTotals {
    events::totals(grants, workloads)
}

mod events;

pub mod summary;

#[cfg(test)]
mod reference;

#[cfg(test)]
mod tests {
    use super::*;

    fn grant(
        provider: &str,
        scope: Scope,
        amount: f64,
        apply: u32,
        review: u32,
        validity: u32,
    ) -> GrantInput {
        GrantInput {
            provider_id: provider.into(),
            scope,
            amount_usd: amount,
            apply_day: apply,
            review_days: review,
            validity_days: validity,
        }
    }

    /// 1 GPU, duty 1: 24 GPU-hours a day; at $1/h that is $24 a day.
    fn work(provider: &str, start: u32, gpu_hours: f64) -> WorkloadInput {
        WorkloadInput {
            provider_id: provider.into(),
            own_silicon_of: None,
            line: LineItem::Accelerators,
            gpus: 1,
            usd_per_gpu_hour: 1.0,
            duty: 1.0,
            start_day: start,
            gpu_hours,
        }
    }

    #[test]
    fn no_grants_everything_is_cash_from_the_start_day() {
        // 100 GPU-hours at $24/day: days 5,6,7,8 full (96 h), day 9 partial (4 h). Cash from day 5.
        let r = simulate(&[], &[work("aws", 5, 100.0)]);
        assert_eq!(r.horizon_days, 10);
        assert_eq!(r.total_spend_usd, 100.0);
        assert_eq!(r.cash_usd, 100.0);
        assert_eq!(r.runway_end_day, Some(5));
        assert_eq!(r.daily_spend_usd[9], 4.0);
        assert_eq!(r.daily_spend_usd[4], 0.0);
    }

    #[test]
    fn provider_mismatch_expires_whole() {
        // An AWS grant with a CoreWeave workload pays nothing and expires whole.
        let r = simulate(
            &[grant("aws", Scope::All, 1000.0, 0, 10, 30)],
            &[work("coreweave", 0, 48.0)],
        );
        assert_eq!(
            r.grants[0],
            GrantOutcome {
                used_usd: 0.0,
                expired_usd: 1000.0,
                unused_usd: 0.0
            }
        );
        assert_eq!(r.cash_usd, 48.0);
        assert_eq!(r.runway_end_day, Some(0));
        // Horizon runs until the grant expires on day 10 + 30 = 40.
        assert_eq!(r.horizon_days, 40);
    }

    #[test]
    fn silicon_grant_with_a_cuda_accelerator_expires_whole() {
        let g = grant("aws", Scope::Silicon, 500.0, 0, 0, 10);
        let cuda = work("aws", 0, 24.0);
        let r = simulate(std::slice::from_ref(&g), &[cuda]);
        assert_eq!(r.grants[0].expired_usd, 500.0);
        assert_eq!(r.cash_usd, 24.0);
        // The same grant pays for Trainium (AWS's own silicon).
        let trainium = WorkloadInput {
            own_silicon_of: Some("aws".into()),
            line: LineItem::Accelerators,
            ..work("aws", 0, 24.0)
        };
        let r = simulate(&[g], &[trainium]);
        assert_eq!(r.grants[0].used_usd, 24.0);
        assert_eq!(r.grants[0].expired_usd, 476.0);
        assert_eq!(r.runway_end_day, None);
    }

    #[test]
    fn grant_that_expires_before_the_dataset_is_ready() {
        // Applied day 0, approved day 7, usable [7, 37). Dataset ready day 40: nothing paid.
        let r = simulate(
            &[grant("modal", Scope::Platform, 2000.0, 0, 7, 30)],
            &[work("modal", 40, 24.0)],
        );
        assert_eq!(r.grants[0].expired_usd, 2000.0);
        assert_eq!(r.grants[0].used_usd, 0.0);
        assert_eq!(r.runway_end_day, Some(40));
        assert_eq!(r.horizon_days, 41);
    }

    #[test]
    fn overlapping_grants_pay_in_expiry_order_and_ties_in_plan_order() {
        // Grant A usable [0, 100), B usable [0, 50), C usable [0, 50) listed after B.
        // $24/day from day 0 for 10 days = $240. B (expires first, listed before C) pays first:
        // days 0-3 ($96) and $4 of day 4. C pays the other $20 of day 4, days 5-7 ($72) and $8 of
        // day 8. A pays day 8's remaining $16 and day 9's $24: $40.
        let grants = [
            grant("aws", Scope::All, 1000.0, 0, 0, 100), // A
            grant("aws", Scope::All, 100.0, 0, 0, 50),   // B
            grant("aws", Scope::All, 100.0, 0, 0, 50),   // C
        ];
        let r = simulate(&grants, &[work("aws", 0, 240.0)]);
        assert_eq!(r.grants[1].used_usd, 100.0);
        assert_eq!(r.grants[2].used_usd, 100.0);
        assert_eq!(r.grants[0].used_usd, 40.0);
        assert_eq!(r.grants[0].expired_usd, 960.0);
        assert_eq!(r.cash_usd, 0.0);
        assert_eq!(r.runway_end_day, None);
        // B runs out on day 4: its end-of-day balance then is 0, and it was 4 at the end of day 3.
        assert_eq!(r.balance_on(1, 3), 4.0);
        assert_eq!(r.balance_on(1, 4), 0.0);
        // A: full until day 8, then 1000 - 16 = 984 at the end of day 8, 960 from day 9; expired at 100.
        assert_eq!(r.balance_on(0, 7), 1000.0);
        assert_eq!(r.balance_on(0, 8), 984.0);
        assert_eq!(r.balance_on(0, 50), 960.0);
        assert_eq!(r.balance_on(0, 99), 960.0);
        assert_eq!(r.balance_on(0, 100), 0.0);
    }

    #[test]
    fn gpu_grants_do_not_pay_storage_or_egress() {
        // AWS: a GPU-only $1,000 grant expiring first (day 50) and a broad $50 one (day 100).
        // Accelerators: 1 GPU at $1/h for 48 h from day 0 = $24 a day on days 0 and 1.
        // Storage at AWS: $2 a day for days 0-2. Egress of the dataset out of GCP: $10 on day 0.
        // The GPU grant pays the $48 of GPU time (it expires first), cannot pay storage, which the
        // broad grant pays ($6); no grant pays GCP's egress: $10 cash on day 0.
        let r = simulate(
            &[
                grant("aws", Scope::Gpu, 1_000.0, 0, 0, 50),
                grant("aws", Scope::All, 50.0, 0, 0, 100),
            ],
            &[
                WorkloadInput {
                    gpus: 1,
                    usd_per_gpu_hour: 1.0,
                    ..work("aws", 0, 48.0)
                },
                WorkloadInput::bill("aws", LineItem::Storage, 2.0, 0, 3.0),
                WorkloadInput::bill("gcp", LineItem::Egress, 10.0, 0, 1.0),
            ],
        );
        assert_eq!(r.grants[0].used_usd, 48.0);
        assert_eq!(r.grants[1].used_usd, 6.0);
        assert_eq!(r.workload_spend_usd, [48.0, 6.0, 10.0]);
        assert_eq!(r.cash_usd, 10.0);
        assert_eq!(r.runway_end_day, Some(0));
        assert_eq!(r.daily_spend_usd[..3], [36.0, 26.0, 2.0]);
        // A silicon grant pays neither either, even for own-silicon storage.
        let silicon = grant("aws", Scope::Silicon, 100.0, 0, 0, 10);
        assert!(!silicon.pays_for(&WorkloadInput::bill("aws", LineItem::Storage, 1.0, 0, 1.0)));
    }

    #[test]
    fn a_line_busy_no_hour_a_day_ends_where_it_starts() {
        // 4 GPUs at duty 0.5 are busy 4 x 24 x 0.5 = 48 hours a day. At duty 0 (or with no GPUs)
        // no hour is ever worked: the line ends on its start day instead of never.
        let busy = WorkloadInput {
            gpus: 4,
            duty: 0.5,
            ..work("aws", 7, 250.0)
        };
        assert_eq!(busy.busy_hours_per_day(), 48.0);
        for idle in [
            WorkloadInput {
                duty: 0.0,
                ..busy.clone()
            },
            WorkloadInput {
                gpus: 0,
                ..busy.clone()
            },
        ] {
            assert_eq!(idle.end_day(), 7, "{idle:?}");
        }
    }

    #[test]
    fn rounding_leaves_no_extra_day_of_work() {
        // One GPU at duty 0.1 is busy 2.4 h a day (2.4000000000000004 in binary); 876 GPU-hours
        // are exactly 365 days. Subtracting the day's hours 365 times leaves about 1e-13 h of
        // rounding, which is neither a 366th day of work nor work left unfinished: the job ends
        // on day 364, as end_day says, and nothing of it is unfinished.
        let w = WorkloadInput {
            gpus: 1,
            duty: 0.1,
            ..work("aws", 0, 876.0)
        };
        assert_eq!(w.end_day(), 365);
        let r = simulate(&[], &[w]);
        assert_eq!(r.horizon_days, 365);
        assert!(r.daily_spend_usd[364] > 0.0);
        assert_eq!(r.workload_unfinished_gpu_hours, [0.0]);
    }

    #[test]
    fn partial_last_day_and_runway_end() {
        // $300 grant usable [2, 12). Workload from day 0: 4 GPUs at duty 0.5 = 48 GPU-h/day at
        // $2/h = $96/day; 250 GPU-hours = 5 full days (240 h) + 10 h on day 5 ($20).
        // Days 0, 1: cash ($192). Days 2, 3, 4: grant pays $288, leaving $12. Day 5 costs $96: $12
        // from the grant, $84 cash. Day 5 is the partial day: 10 h = $20 -> $12 grant, $8 cash.
        let w = WorkloadInput {
            gpus: 4,
            duty: 0.5,
            usd_per_gpu_hour: 2.0,
            ..work("aws", 0, 250.0)
        };
        assert_eq!(w.end_day(), 6);
        let r = simulate(&[grant("aws", Scope::Gpu, 300.0, 0, 2, 10)], &[w]);
        assert_eq!(r.total_spend_usd, 500.0);
        assert_eq!(r.daily_spend_usd[5], 20.0);
        assert_eq!(r.grants[0].used_usd, 300.0);
        assert_eq!(r.cash_usd, 200.0);
        // Cash is needed on day 0, before approval.
        assert_eq!(r.runway_end_day, Some(0));
    }

    #[test]
    fn runway_end_is_the_first_day_grants_fall_short() {
        // $100 usable from day 0; $24/day for 10 days: days 0-3 paid ($96), day 4 needs $20 cash.
        let r = simulate(
            &[grant("aws", Scope::All, 100.0, 0, 0, 365)],
            &[work("aws", 0, 240.0)],
        );
        assert_eq!(r.runway_end_day, Some(4));
        assert_eq!(r.cash_usd, 140.0);
        assert_eq!(r.grants[0].used_usd, 100.0);
    }

    #[test]
    fn grants_outliving_the_cap_are_still_usable_at_the_horizon() {
        // Together's credits do not expire: validity beyond the 5-year cap.
        let r = simulate(
            &[grant("together", Scope::Platform, 50_000.0, 0, 3, 5000)],
            &[work("together", 10, 240.0)],
        );
        assert_eq!(r.horizon_days, HORIZON_CAP_DAYS);
        assert_eq!(
            r.grants[0],
            GrantOutcome {
                used_usd: 240.0,
                expired_usd: 0.0,
                unused_usd: 49_760.0
            }
        );
    }

    #[test]
    fn multiple_workloads_on_different_providers() {
        // Sporadic experiments on Modal (day 0, 48 h) then pretraining on AWS (day 30, 96 h).
        let grants = [
            grant("modal", Scope::Platform, 30.0, 0, 1, 30),
            grant("aws", Scope::All, 1000.0, 0, 14, 365),
        ];
        let r = simulate(&grants, &[work("modal", 0, 48.0), work("aws", 30, 96.0)]);
        // Modal: day 0 before approval ($24 cash), day 1 $24 of which the grant pays all $24, left $6 expires.
        assert_eq!(r.grants[0].used_usd, 24.0);
        assert_eq!(r.grants[0].expired_usd, 6.0);
        assert_eq!(r.grants[1].used_usd, 96.0);
        assert_eq!(r.cash_usd, 24.0);
        assert_eq!(r.runway_end_day, Some(0));
        assert_eq!(r.workload_spend_usd, vec![48.0, 96.0]);
    }

    mod equivalence {
        use super::super::reference::simulate_reference;
        use super::super::{simulate, GrantInput, LineItem, WorkloadInput};
        use crate::data::catalog::Scope;
        use proptest::prelude::*;

        fn grant() -> impl Strategy<Value = GrantInput> {
            (
                0usize..3,
                0usize..4,
                prop_oneof![0.0f64..2e5, (1u32..200).prop_map(|k| f64::from(k) * 24.0)],
                0u32..300,
                0u32..60,
                1u32..700,
            )
                .prop_map(
                    |(p, sc, amount_usd, apply_day, review_days, validity_days)| GrantInput {
                        provider_id: ["aws", "gcp", "modal"][p].into(),
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
                0usize..3,
                any::<bool>(),
                1u32..64,
                prop_oneof![0.1f64..12.0, Just(1.0)],
                prop_oneof![0.01f64..=1.0, Just(1.0)],
                0u32..300,
                0.0f64..3e5,
                0usize..3,
            )
                .prop_map(
                    |(p, own, gpus, usd_per_gpu_hour, duty, start_day, gpu_hours, line)| {
                        WorkloadInput {
                            provider_id: ["aws", "gcp", "modal"][p].into(),
                            own_silicon_of: own.then(|| ["aws", "gcp", "modal"][p].to_string()),
                            line: [LineItem::Accelerators, LineItem::Storage, LineItem::Egress]
                                [line],
                            gpus,
                            usd_per_gpu_hour,
                            duty,
                            start_day,
                            gpu_hours,
                        }
                    },
                )
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(3000))]

            /// The cached-payer loop does the same arithmetic in the same order as the plain
            /// day-by-day loop, so every number and series must be identical, not merely close.
            #[test]
            fn fast_loop_equals_the_reference_bit_for_bit(
                grants in prop::collection::vec(grant(), 0..10),
                workloads in prop::collection::vec(workload(), 0..4),
            ) {
                prop_assert_eq!(simulate(&grants, &workloads), simulate_reference(&grants, &workloads));
            }
        }
    }
}
