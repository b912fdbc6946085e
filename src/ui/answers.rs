//! The answers first: what the whole plan costs, which credits pay how much (and what expires
//! unused), when cash starts and how much, and what to do next (apply-by dates, nearest first).

use leptos::prelude::*;
use runway_model::answers::{credit_totals, next_steps, ApplyStatus, CreditTotals, NextStep};
use runway_model::calendar::Date;
use runway_model::format::{data_value, usd, usd_exact};
use runway_model::plan::Plan;
use runway_model::runway::GrantOutcome;

use crate::browser;
use crate::state::use_app_state;
use crate::ui::live::{follow_value, ValueText};
use crate::ui::section::OpenSections;

/// What the answers need from the plan's runway, in one memo.
#[derive(Clone, Debug, Default, PartialEq)]
struct Facts {
    /// Whether the runway could be computed (every input valid).
    known: bool,
    total_usd: f64,
    cash_usd: f64,
    cash_day: Option<u32>,
    grants: Vec<GrantOutcome>,
    credits: CreditTotals,
    next: Vec<NextStep>,
    warnings: usize,
}

/// The four answers for the whole plan, at the top of the page.
#[component]
pub fn AnswersPanel() -> impl IntoView {
    let state = use_app_state();
    let facts = Memo::new(move |_| {
        state.runway.with(|r| {
            let Some(r) = r else {
                return Facts::default();
            };
            let apply_days: Vec<u32> = state
                .plan
                .with(|p| p.grants.iter().map(|g| g.apply_day).collect());
            Facts {
                known: true,
                total_usd: r.result.total_spend_usd,
                cash_usd: r.result.cash_usd,
                cash_day: r.result.runway_end_day,
                grants: r.result.grants.clone(),
                credits: credit_totals(&r.result.grants),
                next: next_steps(&r.apply_by, &apply_days),
                warnings: r.warnings.len(),
            }
        })
    });
    // Narrower memos: the lists and notes below re-render only when their own part changes, not
    // on every change of the totals.
    let grants = Memo::new(move |_| facts.with(|f| f.grants.clone()));
    let steps = Memo::new(move |_| facts.with(|f| f.next.clone()));
    let no_grants_shown = Memo::new(move |_| facts.with(|f| f.known && f.grants.is_empty()));
    let no_steps_shown = Memo::new(move |_| facts.with(|f| f.known && f.next.is_empty()));
    let warning_count = Memo::new(move |_| facts.with(|f| f.warnings));
    let money = move |pick: fn(&Facts) -> f64| {
        facts.with(|f| {
            if f.known {
                data_value(pick(f))
            } else {
                String::new()
            }
        })
    };
    let shown = move |pick: fn(&Facts) -> f64| {
        facts.with(|f| {
            if f.known {
                usd(pick(f))
            } else {
                "—".to_string()
            }
        })
    };
    let exact = move |pick: fn(&Facts) -> f64| facts.with(|f| usd_exact(pick(f)));
    let live = move |pick: fn(&Facts) -> f64| {
        move || ValueText {
            raw: money(pick),
            human: shown(pick),
            exact: exact(pick),
        }
    };
    let total_node = NodeRef::<leptos::html::Div>::new();
    let total_first = follow_value(total_node, live(|f| f.total_usd));
    let cash_node = NodeRef::<leptos::html::Span>::new();
    let cash_first = follow_value(cash_node, live(|f| f.cash_usd));
    let date = move |day: i64| state.plan.with(|p| signed_date(p, day));
    let cash_date = move || facts.with(|f| f.cash_day).and_then(|d| date(i64::from(d)));
    let cash_iso = move || cash_date().map_or_else(|| "none".to_string(), |d| d.iso());
    let cash_text = move || {
        facts.with(|f| match (f.known, f.cash_day) {
            (false, _) => "—".to_string(),
            (true, Some(d)) => state.plan.with(|p| p.day_text(i64::from(d))),
            (true, None) => "Never".to_string(),
        })
    };
    let cash_words = move || {
        facts.with(|f| {
            if !f.known {
                return "Fix the inputs marked in red to see when cash starts.".to_string();
            }
            match f.cash_day {
                Some(d) => match relative(date(i64::from(d))) {
                    Some(r) => format!("{r}: the first day the credits do not cover the bill."),
                    None => "The first day the credits do not cover the bill.".to_string(),
                },
                None if f.total_usd > 0.0 => "Credits pay the whole plan.".to_string(),
                None => "Nothing is billed yet.".to_string(),
            }
        })
    };
    let cost_words = move || {
        facts.with(|f| {
            if !f.known {
                return String::new();
            }
            format!(
                "Everything the plan bills: GPU-hours of every workload, storage and egress. Credits pay {}, cash {}.",
                usd(f.credits.used_usd),
                usd(f.cash_usd)
            )
        })
    };
    let grant_name = move |i: usize| {
        state.plan.with(|p| {
            p.grants.get(i).map_or_else(
                || format!("Grant {}", i + 1),
                |g| {
                    state
                        .catalog
                        .program(&g.program_id)
                        .map_or_else(|| g.program_id.clone(), |prog| prog.name.to_string())
                },
            )
        })
    };
    let per_grant = move || {
        grants.with(|grants| {
            grants
                .iter()
                .enumerate()
                .map(|(i, g)| {
                    let expired = (g.expired_usd >= 0.005).then(|| format!(", {} expires unused", usd(g.expired_usd)));
                    let unused = (g.unused_usd >= 0.005).then(|| format!(", {} still usable at the end", usd(g.unused_usd)));
                    view! {
                        <li data-testid=format!("answer-grant-{i}") data-value=data_value(g.used_usd)>
                            <strong>{grant_name(i)}</strong>" pays "{usd(g.used_usd)}{expired}{unused}
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let sections = use_context::<OpenSections>();
    let open_programs = move |_| {
        if let Some(s) = sections {
            s.set("programs", true);
        }
    };
    let no_grants = move || {
        no_grants_shown.get().then(|| {
            view! {
                <p data-testid="answer-no-grants">
                    "No credits in the plan yet: everything is cash. "
                    <a href="#programs" on:click=open_programs>"Add a grant from the program catalog"</a>"."
                </p>
            }
        })
    };
    let next = move || {
        steps.with(|steps| {
            steps
                .iter()
                .enumerate()
                .map(|(k, step)| {
                    let name = grant_name(step.grant);
                    let iso = step
                        .apply_by
                        .and_then(date)
                        .map_or_else(|| "none".to_string(), |d| d.iso());
                    let words = state.plan.with(|p| step_words(p, step, &name));
                    let class = match step.status {
                        ApplyStatus::InTime => "step",
                        ApplyStatus::PaysNothing => "step idle",
                        _ => "step late",
                    };
                    view! { <li class=class data-testid=format!("answer-next-{k}") data-value=iso data-grant=step.grant>{words}</li> }
                })
                .collect_view()
        })
    };
    let warnings = move || {
        warning_count.get().checked_sub(1).map(|more| {
            let text = if more == 0 {
                "1 warning about this plan".to_string()
            } else {
                format!("{} warnings about this plan", more + 1)
            };
            view! { <p class="answer-warn"><a href="#credits" data-testid="answer-warnings">{text}</a>" under Credits and runway."</p> }
        })
    };
    view! {
        <div class="answers-grid">
            <div class="answer">
                <h2>"What the plan costs"</h2>
                <div class="answer-value" node_ref=total_node data-testid="answer-total" data-value=total_first.raw title=total_first.exact>
                    {total_first.human}
                </div>
                <p>{cost_words}</p>
            </div>
            <div class="answer">
                <h2>"Who pays"</h2>
                <div class="answer-value" data-testid="answer-credits-used" data-value=move || money(|f| f.credits.used_usd) title=move || exact(|f| f.credits.used_usd)>
                    {move || shown(|f| f.credits.used_usd)}<span class="answer-unit">" from credits"</span>
                </div>
                <p>
                    <span data-testid="answer-expired" data-value=move || money(|f| f.credits.expired_usd)>{move || shown(|f| f.credits.expired_usd)}</span>
                    " expires unused."
                </p>
                <ul class="answer-list">{per_grant}</ul>
                {no_grants}
            </div>
            <div class="answer">
                <h2>"When cash starts"</h2>
                <div class="answer-value" data-testid="answer-cash-date" data-value=cash_iso>{cash_text}</div>
                <p>{cash_words}</p>
                <p>
                    <span node_ref=cash_node data-testid="answer-cash" data-value=cash_first.raw title=cash_first.exact>{cash_first.human}</span>
                    " in cash in all."
                </p>
            </div>
            <div class="answer">
                <h2>"What to do next"</h2>
                <ol class="answer-list">{next}</ol>
                {move || no_steps_shown.get().then(|| view! { <p>"Add a grant to see when to apply."</p> })}
                {warnings}
            </div>
        </div>
    }
}

/// The date of a plan day that may lie before day 0 (`None` without a day 0).
fn signed_date(plan: &Plan, day: i64) -> Option<Date> {
    plan.t0.and_then(|t0| t0.add_days(day))
}

/// "In 12 days", "Tomorrow", "Today", "3 days ago", from the browser's today.
fn relative(date: Option<Date>) -> Option<String> {
    let n = browser::today()?.days_until(date?);
    Some(match n {
        0 => "Today".to_string(),
        1 => "Tomorrow".to_string(),
        -1 => "Yesterday".to_string(),
        n if n > 1 => format!("In {n} days"),
        n => format!("{} days ago", -n),
    })
}

/// One next step in words: "Apply for AWS Activate by 9 Dec 2026 (in 8 days)", and what is wrong
/// with the plan's apply day if anything.
fn step_words(plan: &Plan, step: &NextStep, name: &str) -> String {
    let Some(by) = step.apply_by else {
        return format!("{name}: pays no workload in this plan (another provider's bill, or outside what it covers).");
    };
    let when = plan.day_text(by);
    let rel = relative(signed_date(plan, by))
        .map_or_else(String::new, |r| format!(" ({})", r.to_lowercase()));
    match step.status {
        ApplyStatus::TooLate { days } => format!(
            "Apply for {name} as early as you can: even applied on {}, its approval lands {days} {} after its work starts.",
            plan.day_text(0),
            if days == 1 { "day" } else { "days" }
        ),
        ApplyStatus::PlannedLate { days } => format!(
            "Apply for {name} by {when}{rel}: the plan applies on {}, {days} {} late.",
            plan.day_text(i64::from(step.planned_apply_day)),
            if days == 1 { "day" } else { "days" }
        ),
        _ => format!("Apply for {name} by {when}{rel}."),
    }
}
