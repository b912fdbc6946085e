//! The answers first: what the whole plan costs, which credits pay how much (and what expires
//! unused), when cash starts and how much, and what to do next (apply-by dates, nearest first).

use leptos::prelude::*;
use runway_model::{
    data_value, percent, tr, usd, usd_exact, Answers, ApplyStatus, Catalog, Date, Day0, GrantState,
    NextStep, PlannedGrant,
};

use crate::platform::browser;
use crate::widgets::announce::{marked, piece, MARK};
use crate::widgets::live::{follow_value, ValueText};
use crate::widgets::section::OpenSections;

/// The four answers for the whole plan, at the top of the page.
#[component]
pub fn AnswersPanel(
    /// What the answers say of the plan (`crate::state::derived::Derived::answers`).
    answers: Memo<Answers>,
    /// Day 0, for the dates.
    day0: Memo<Day0>,
    /// The plan's grants, for their names and apply days.
    planned: Memo<Vec<PlannedGrant>>,
    /// The catalog, for the programs' names.
    catalog: &'static Catalog,
    /// What closes the last answer (the "Exact amounts" switch): the bottom right of the
    /// answers, where the shortest column leaves room, not a row of its own.
    children: Children,
) -> impl IntoView {
    let facts = answers;
    // Narrower memos: the lists and notes below re-render only when their own part changes, not
    // on every change of the totals.
    let grants = Memo::new(move |_| facts.with(|f| f.grants.clone()));
    let steps = Memo::new(move |_| facts.with(|f| f.next.clone()));
    let no_grants_shown = Memo::new(move |_| facts.with(|f| f.known && f.grants.is_empty()));
    let no_steps_shown = Memo::new(move |_| facts.with(|f| f.known && f.next.is_empty()));
    let warning_count = Memo::new(move |_| facts.with(|f| f.warnings));
    let money = move |pick: fn(&Answers) -> f64| {
        facts.with(|f| {
            if f.known {
                data_value(pick(f))
            } else {
                String::new()
            }
        })
    };
    let shown = move |pick: fn(&Answers) -> f64| {
        facts.with(|f| {
            if f.known {
                usd(pick(f))
            } else {
                "—".to_string()
            }
        })
    };
    let exact = move |pick: fn(&Answers) -> f64| facts.with(|f| usd_exact(pick(f)));
    let live = move |pick: fn(&Answers) -> f64| {
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
    let date = move |day: i64| day0.with(|p| p.signed_date(day));
    // A plan day as the ISO date a `data-value` carries, `none` without one.
    let iso_of = move |day: Option<u32>| {
        day.and_then(|d| date(i64::from(d)))
            .map_or_else(|| "none".to_string(), |d| d.iso())
    };
    let cash_iso = move || iso_of(facts.with(|f| f.cash_day));
    let cash_text = move || {
        facts.with(|f| match (f.known, f.cash_day) {
            (false, _) => "—".to_string(),
            (true, Some(d)) => day0.with(|p| p.day_text(i64::from(d))),
            (true, None) => tr!("answers.never"),
        })
    };
    // A date needs no sentence (the heading says what it is); its distance from today goes
    // beside it. Without one, the sentence says why.
    let cash_words = move || {
        facts.with(|f| {
            let text = if !f.known {
                tr!("answers.fix_inputs")
            } else {
                match f.cash_day {
                    Some(_) => return None,
                    None if f.total_usd > 0.0 => tr!("answers.credits_pay_all"),
                    None => tr!("answers.nothing_billed"),
                }
            };
            Some(view! { <p>{text}</p> })
        })
    };
    let cash_when = move || {
        facts
            .with(|f| f.cash_day.filter(|_| f.known))
            .and_then(|d| relative(date(i64::from(d))))
            .map(|r| view! { " " <span class="answer-unit" data-testid="answer-cash-when">{r.to_lowercase()}</span> })
    };
    // "Today" as the day cash starts reads as a runway already over when the credits are only
    // in review: say when they arrive.
    let arrive_words = move || {
        facts.with(|f| f.credits_arrive).map(|d| {
            let date = day0.with(|p| p.day_text(i64::from(d)));
            view! { <p data-testid="answer-credits-arrive">{tr!("answers.credits_arrive", date = date)}</p> }
        })
    };
    let cost_words = move || {
        facts.with(|f| {
            if !f.known {
                return String::new();
            }
            tr!(
                "answers.cost_words",
                credits = usd(f.credits.used_usd),
                cash = usd(f.cash_usd)
            )
        })
    };
    let grant_name = move |i: usize| {
        planned.with(|grants| {
            grants.get(i).map_or_else(
                || tr!("answers.grant_n", n = i + 1),
                |g| {
                    catalog
                        .program(&g.program_id)
                        .map_or_else(|| g.program_id.clone(), |prog| prog.name_text().to_string())
                },
            )
        })
    };
    // "(held)", "(in review, 70 % likely)", "(planned, 10 % likely)" after a grant's name.
    let grant_tag = move |i: usize| {
        planned.with(|grants| {
            let g = grants.get(i)?;
            let p = catalog.program(&g.program_id)?;
            let text = match g.state() {
                GrantState::Held => tr!("answers.tag_held"),
                GrantState::InReview => tr!("answers.tag_review", chance = percent(g.chance(p))),
                GrantState::Planned => tr!("answers.tag_planned", chance = percent(g.chance(p))),
            };
            Some(view! { <span class="grant-state-tag" data-testid=format!("answer-grant-state-{i}")>{text}</span> })
        })
    };
    let names_of = move |at: &[usize]| {
        at.iter()
            .map(|&i| grant_name(i))
            .collect::<Vec<_>>()
            .join(", ")
    };
    // What the plan counts on that is not approved yet, and the runway without it.
    let certainty = Memo::new(move |_| {
        facts.with(|f| (f.known && !f.grants.is_empty()).then(|| f.certainty.clone()))
    });
    let unapproved = move || {
        certainty.with(|c| {
            c.as_ref().map(|c| {
                let text = match &c.if_denied {
                    Some(_) if c.unapproved_usd > 0.0 => {
                        tr!("answers.unapproved", amount = usd(c.unapproved_usd))
                    }
                    _ => tr!("answers.unapproved_none"),
                };
                view! { " " <span data-testid="answer-credits-unapproved" data-value=data_value(c.unapproved_usd)>{text}</span> }
            })
        })
    };
    let if_denied = move || {
        let runway_day = facts.with(|f| f.cash_day);
        certainty.with(|c| {
            c.as_ref().map(|c| {
                match &c.if_denied {
                    Some(d) => {
                        // "If Google … is refused (not approved yet): <b>5 Jan 2027</b>, $140K in
                        // all": the other date, right under the one that counts on it.
                        let names = names_of(&d.at_risk);
                        let words = match (d.cash_day, d.at_risk.len()) {
                            (Some(_), 1) => marked(&tr!(
                                "answers.if_denied_one",
                                names = names,
                                date = MARK,
                                cash = usd(d.cash_usd)
                            )),
                            (Some(_), n) => marked(&tr!(
                                "answers.if_denied_other",
                                n = n,
                                date = MARK,
                                cash = usd(d.cash_usd)
                            )),
                            (None, _) => vec![tr!("answers.if_denied_never", names = names)],
                        };
                        let when = d.cash_day.map(|day| day0.with(|p| p.day_text(i64::from(day))));
                        view! {
                            <p class="answer-if-denied" data-testid="answer-cash-date-if-denied" data-value=iso_of(d.cash_day)>
                                {piece(&words, 0)}<b>{when}</b>{piece(&words, 1)}
                            </p>
                        }
                        .into_any()
                    }
                    None => view! {
                        <p class="answer-if-denied" data-testid="answer-cash-date-if-denied" data-value=iso_of(runway_day)>{tr!("answers.if_denied_nothing")}</p>
                    }
                    .into_any(),
                }
            })
        })
    };
    let run_out = move || {
        facts.with(|f| {
            if !f.known || f.total_usd <= 0.0 {
                return None;
            }
            let c = &f.certainty;
            let view = match c.credits_run_out_day {
                Some(d) => {
                    let date = day0.with(|p| p.day_text(i64::from(d)));
                    // Credits left that cannot pay what is left (another provider's, or arriving
                    // too late) did not "run out": say they stop paying, and what is left of them.
                    let left = f.credits.unspent_usd();
                    let words = if f.grants.is_empty() {
                        // No credits in the plan: nothing "runs out"; cash pays from the start.
                        marked(&tr!("answers.no_credits_burn", burn = MARK))
                    } else if left >= 0.5 {
                        marked(&tr!("answers.stop_paying", date = date, left = usd(left), burn = MARK))
                    } else {
                        marked(&tr!("answers.run_out", date = date, burn = MARK))
                    };
                    let iso = iso_of(Some(d));
                    let burn = c.burn_after_usd_per_month;
                    view! {
                        <span data-testid="answer-credits-run-out" data-value=iso>
                            {piece(&words, 0)}
                            <b data-testid="answer-burn-after" data-value=data_value(burn) title=usd_exact(burn)>{usd(burn)}</b>
                            {piece(&words, 1)}
                        </span>
                        " "
                    }
                    .into_any()
                }
                None => view! {
                    <span data-testid="answer-credits-run-out" data-value="none">
                        {tr!("answers.run_out_never")}
                        <span hidden data-testid="answer-burn-after" data-value="0"></span>
                    </span>
                    " "
                }
                .into_any(),
            };
            Some(view)
        })
    };
    let per_grant = move || {
        grants.with(|grants| {
            grants
                .iter()
                .enumerate()
                .map(|(i, g)| {
                    let (used, expired, unused) = (usd(g.used_usd), usd(g.expired_usd), usd(g.unused_usd));
                    let pays = match (g.expired_usd >= 0.005, g.unused_usd >= 0.005) {
                        (false, false) => tr!("answers.pays", name = MARK, used = used),
                        (true, false) => tr!("answers.pays_expired", name = MARK, used = used, expired = expired),
                        (false, true) => tr!("answers.pays_unused", name = MARK, used = used, unused = unused),
                        (true, true) => tr!("answers.pays_expired_unused", name = MARK, used = used, expired = expired, unused = unused),
                    };
                    let pays = marked(&pays);
                    let tag = grant_tag(i);
                    view! {
                        <li data-testid=format!("answer-grant-{i}") data-value=data_value(g.used_usd)>
                            {piece(&pays, 0)}<strong>
                                // The grant's name goes to its amount, ready to retype (a
                                // co-founder changing a figure from the answers she reads first).
                                <a href=format!("#grant-{i}") data-testid=format!("answer-grant-link-{i}") title=tr!("answers.edit_grant") on:click=move |ev| {
                                    ev.prevent_default();
                                    crate::widgets::announce::edit_test_id(format!("grant-{i}-amount"));
                                }>{grant_name(i)}</a>
                            </strong>{tag}{piece(&pays, 1)}
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
            let words = marked(&tr!("answers.no_grants", link = MARK));
            view! {
                <p data-testid="answer-no-grants">
                    {piece(&words, 0)}
                    <a href="#programs" on:click=open_programs>{tr!("answers.no_grants_link")}</a>{piece(&words, 1)}
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
                    let words = day0.with(|p| step_words(*p, step, &name));
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
    let plan_warnings = Memo::new(move |_| facts.with(|f| f.plan_warnings.clone()));
    let plan_warning_items = move || {
        plan_warnings.with(|w| {
            w.iter()
                .enumerate()
                .map(|(k, text)| view! { <li class="step late" data-testid=format!("warning-plan-{k}")>{text.clone()}</li> })
                .collect_view()
        })
    };
    let warnings = move || {
        warning_count.get().checked_sub(1).map(|more| {
            let text = if more == 0 {
                tr!("answers.warnings_one", n = 1)
            } else {
                tr!("answers.warnings_other", n = more + 1)
            };
            let words = marked(&tr!("answers.warnings_where", link = MARK));
            view! { <p class="answer-warn">{piece(&words, 0)}<a href="#credits" data-testid="answer-warnings">{text}</a>{piece(&words, 1)}</p> }
        })
    };
    // "<amount> expires unused.", "<amount> in cash in all.": the words around the amount.
    let expires_words = marked(&tr!("answers.expires_unused", amount = MARK));
    let cash_words_all = marked(&tr!("answers.in_cash_in_all", amount = MARK));
    view! {
        <div class="answers-grid">
            <div class="answer">
                <h2>{tr!("answers.h_cost")}</h2>
                <div class="answer-value" node_ref=total_node data-testid="answer-total" data-value=total_first.raw title=total_first.exact>
                    {total_first.human}
                </div>
                <p>{cost_words}</p>
            </div>
            <div class="answer">
                <h2>{tr!("answers.h_who")}</h2>
                <div class="answer-value" data-testid="answer-credits-used" data-value=move || money(|f| f.credits.used_usd) title=move || exact(|f| f.credits.used_usd)>
                    {move || shown(|f| f.credits.used_usd)}<span class="answer-unit">{tr!("answers.from_credits")}</span>
                </div>
                // No credits in the plan: nothing can expire, and "R$ 0 vence sem uso" said so
                // as if one did.
                <p hidden=move || no_grants_shown.get()>
                    {piece(&expires_words, 0)}
                    <span data-testid="answer-expired" data-value=move || money(|f| f.credits.expired_usd)>{move || shown(|f| f.credits.expired_usd)}</span>
                    {piece(&expires_words, 1)}
                    {unapproved}
                </p>
                <ul class="answer-list">{per_grant}</ul>
                {no_grants}
            </div>
            <div class="answer">
                <h2>{tr!("answers.h_cash")}</h2>
                <div class="answer-value"><span data-testid="answer-cash-date" data-value=cash_iso>{cash_text}</span>{cash_when}</div>
                {if_denied}
                {cash_words}
                {arrive_words}
                // When the credits run out and the burn from then, then the cash in all: one
                // paragraph.
                <p>
                    {run_out}
                    {piece(&cash_words_all, 0)}
                    <span node_ref=cash_node data-testid="answer-cash" data-value=cash_first.raw title=cash_first.exact>{cash_first.human}</span>
                    {piece(&cash_words_all, 1)}
                </p>
            </div>
            <div class="answer answer-next">
                <h2>{tr!("answers.h_next")}</h2>
                // A job too small for its GPUs is a step like an application: one numbered list.
                <ol class="answer-list">{plan_warning_items}{next}</ol>
                {move || no_steps_shown.get().then(|| {
                    // Grants in the plan, none to apply for: every one is held or in review.
                    let text = if planned.with(|g| g.is_empty()) {
                        tr!("answers.add_grant_hint")
                    } else {
                        tr!("answers.nothing_to_apply")
                    };
                    view! { <p data-testid="answer-nothing-to-apply">{text}</p> }
                })}
                {warnings}
                {children()}
            </div>
            // Self-host or API, on the plan: one row across the answers per serving line.
            <crate::sections::self_host::SelfHostOrApiBlocks />
        </div>
    }
}

/// "In 12 days", "Tomorrow", "Today", "3 days ago", from the browser's today.
fn relative(date: Option<Date>) -> Option<String> {
    let n = browser::today()?.days_until(date?);
    Some(match n {
        0 => tr!("answers.today"),
        1 => tr!("answers.tomorrow"),
        -1 => tr!("answers.yesterday"),
        n if n > 1 => tr!("answers.in_days", n = n),
        n => tr!("answers.days_ago", n = -n),
    })
}

/// One next step in words: "Apply for AWS Activate by 9 Dec 2026 (in 8 days)", and what is wrong
/// with the plan's apply day if anything.
fn step_words(plan: Day0, step: &NextStep, name: &str) -> String {
    let Some(by) = step.apply_by else {
        return tr!("answers.step_pays_nothing", name = name);
    };
    let when = plan.day_text(by);
    // "in 8 days", "today": the relative date, in parentheses after the date.
    let rel = relative(plan.signed_date(by)).map(|r| r.to_lowercase());
    match (step.status, rel) {
        (ApplyStatus::TooLate { days }, _) => {
            let day0 = plan.day_text(0);
            if days == 1 {
                tr!(
                    "answers.step_too_late_one",
                    name = name,
                    day0 = day0,
                    days = days
                )
            } else {
                tr!(
                    "answers.step_too_late_other",
                    name = name,
                    day0 = day0,
                    days = days
                )
            }
        }
        (ApplyStatus::PlannedLate { days }, rel) => {
            let planned = plan.day_text(i64::from(step.planned_apply_day));
            match (days == 1, rel) {
                (true, None) => tr!(
                    "answers.step_late_one",
                    name = name,
                    when = when,
                    planned = planned,
                    days = days
                ),
                (false, None) => tr!(
                    "answers.step_late_other",
                    name = name,
                    when = when,
                    planned = planned,
                    days = days
                ),
                (true, Some(rel)) => tr!(
                    "answers.step_late_rel_one",
                    name = name,
                    when = when,
                    rel = rel,
                    planned = planned,
                    days = days
                ),
                (false, Some(rel)) => tr!(
                    "answers.step_late_rel_other",
                    name = name,
                    when = when,
                    rel = rel,
                    planned = planned,
                    days = days
                ),
            }
        }
        (_, None) => tr!("answers.step_by", name = name, when = when),
        (_, Some(rel)) => tr!("answers.step_by_rel", name = name, when = when, rel = rel),
    }
}
