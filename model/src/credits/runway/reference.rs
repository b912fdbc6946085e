//! The plain day-by-day runway loop, kept only as the reference that `simulate` must match bit for
//! bit (see the equivalence property in `runway::tests`). Not compiled outside tests.

use super::{
    record_balance, GrantInput, GrantOutcome, RunwayResult, WorkloadInput, HORIZON_CAP_DAYS,
};

/// The straightforward day-by-day loop, kept as the reference the fast loop must match bit for bit.
pub(crate) fn simulate_reference(
    grants: &[GrantInput],
    workloads: &[WorkloadInput],
) -> RunwayResult {
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
    for day in 0..horizon {
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
            for &g in &payers[w] {
                let (from, until) = windows[g];
                if balance[g] > 0.0 && from <= day && day < until {
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
        // Derived rather than summed day by day, so a fully spent grant reads exactly its amount.
        // A fully spent grant reads its amount; any other what it paid, summed.
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
