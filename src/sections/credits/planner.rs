//! "Plan my applications": the application planner (model: `runway_model::planner`). Runs on a
//! button press, never on the input path; its suggestions stand until the plan changes, and "Use
//! these dates" writes them into the plan (and so the link).

use leptos::prelude::*;
use runway_model::{data_value, tr, usd, usd_exact, Applications, Plan, HORIZON_CAP_DAYS};

use crate::state::use_app_state;
use crate::widgets::announce::{focus_test_id, marked, piece, Announcer, MARK};

/// One press of the button: the plan it planned, the answer, and how long it took.
#[derive(Clone, PartialEq)]
struct Planned {
    plan: Plan,
    report: Applications,
    ms: f64,
    applied: bool,
}

/// Today's day number in `plan` (0 when today is day 0 or earlier, or unknown).
fn today_day(plan: &Plan) -> u32 {
    match (plan.t0, crate::platform::browser::today()) {
        (Some(t0), Some(today)) => {
            t0.days_until(today).clamp(0, i64::from(HORIZON_CAP_DAYS)) as u32
        }
        _ => 0,
    }
}

/// The application planner: a button, then per grant the suggested date, why, and the saving.
#[component]
pub fn ApplicationPlanner() -> impl IntoView {
    let state = use_app_state();
    let planned = RwSignal::new(None::<Planned>);
    let no_grants = Memo::new(move |_| state.grants.with(Vec::is_empty));
    // Suggestions are for the plan they were made for: any edit after that makes them stale.
    let stale = Memo::new(move |_| {
        planned.with(|r| {
            r.as_ref()
                .is_some_and(|r| state.plan.with(|p| *p != r.plan))
        })
    });
    let run = move |_| {
        let started = crate::platform::browser::now_ms();
        let plan = state.plan.get_untracked();
        let report = state.plan_applications_now(today_day(&plan));
        let ms = crate::platform::browser::now_ms() - started;
        planned.set(report.map(|report| Planned {
            plan,
            report,
            ms,
            applied: false,
        }));
    };
    let announcer = Announcer::get();
    let use_dates = move |_| {
        let Some(report) = planned.with_untracked(|r| r.as_ref().map(|r| r.report.clone())) else {
            return;
        };
        if stale.get_untracked() {
            return;
        }
        let changed = report
            .grants
            .iter()
            .filter(|g| g.apply_day != g.typed_day)
            .count();
        state.plan.update(|p| report.apply_to(p));
        // The result is rebuilt with the button disabled (and the focus would drop to the page):
        // the note that says the dates are in the plan takes it, and the live region says how many
        // grants moved.
        announcer.say(if changed == 1 {
            tr!("focus.dates_used_one", n = changed)
        } else {
            tr!("focus.dates_used_other", n = changed)
        });
        focus_test_id("suggested-applied".to_string());
        let plan = state.plan.get_untracked();
        planned.update(|r| {
            if let Some(r) = r {
                r.plan = plan;
                r.applied = true;
            }
        });
    };
    let results = move || {
        if stale.get() {
            return Some(
                view! { <p class="hint" data-testid="suggested-stale">{tr!("planner.stale")}</p> }
                    .into_any(),
            );
        }
        let r = planned.get()?;
        let plan = r.plan.clone();
        let iso = move |d: u32| {
            plan.t0
                .map_or_else(|| format!("day {d}"), |t0| t0.plus(d).iso())
        };
        let human = {
            let plan = r.plan.clone();
            move |d: u32| plan.day_text(i64::from(d))
        };
        let name = |plan_index: usize| {
            r.plan
                .grants
                .get(plan_index)
                .and_then(|g| state.catalog.program(&g.program_id))
                .map_or_else(String::new, |p| p.name_text().to_string())
        };
        let start_iso = {
            let plan = r.plan.clone();
            move |d: Option<u32>| {
                d.and_then(|d| plan.date_of(d))
                    .map_or_else(|| "never".to_string(), |x| x.iso())
            }
        };
        let start_text = {
            let plan = r.plan.clone();
            move |d: Option<u32>| {
                d.map_or_else(
                    || tr!("planner.never_text"),
                    |d| plan.day_text(i64::from(d)),
                )
            }
        };
        let a = &r.report;
        let changes = a.grants.iter().any(|g| g.apply_day != g.typed_day);
        let rows = a
            .grants
            .iter()
            .map(|g| {
                let i = g.plan_index;
                let saving = tr!(
                    "planner.saving",
                    cash = usd(g.cash_saved_usd),
                    expired = usd(g.expired_saved_usd)
                );
                let apply_on = marked(&tr!("planner.apply_on", name = MARK, date = MARK));
                let against = marked(&tr!("planner.against", saving = MARK));
                view! {
                    <li class="suggestion" data-testid=format!("suggested-grant-{i}")>
                        {piece(&apply_on, 0)}<b>{format!("{}. {}", i + 1, name(i))}</b>{piece(&apply_on, 1)}
                        <b data-testid=format!("suggested-apply-{i}") data-value=iso(g.apply_day)>{human(g.apply_day)}</b>{piece(&apply_on, 2)}
                        {(g.apply_day == g.typed_day).then(|| tr!("planner.as_typed"))}
                        <p data-testid=format!("suggested-reason-{i}")>{g.reason.clone()}</p>
                        <p class="hint">{piece(&against, 0)}
                            <span data-testid=format!("suggested-saving-cash-{i}") data-value=data_value(g.cash_saved_usd) title=usd_exact(g.cash_saved_usd)>{saving}</span>{piece(&against, 1)}
                            <span hidden data-testid=format!("suggested-saving-expired-{i}") data-value=data_value(g.expired_saved_usd)></span>
                        </p>
                        {g.remedy.clone().map(|m| view! { <p class="field-error" data-testid=format!("suggested-remedy-{i}")>{tr!("planner.remedy", remedy = m)}</p> })}
                    </li>
                }
            })
            .collect_view();
        let applied = r.applied;
        // One sentence around five values, three of them bold elements.
        let summary = marked(&tr!(
            "planner.summary",
            cash = MARK,
            typed_cash = usd(a.typed_cash_usd),
            expired = MARK,
            typed_expired = usd(a.typed_expired_usd),
            start = MARK,
            typed_start = start_text(a.typed_cash_start_day)
        ));
        Some(
            view! {
                <div class="planner-result" data-testid="planner-result">
                    <p>
                        {piece(&summary, 0)}
                        <b data-testid="suggested-cash-total" data-value=data_value(a.cash_usd) title=usd_exact(a.cash_usd)>{usd(a.cash_usd)}</b>
                        {piece(&summary, 1)}
                        <b data-testid="suggested-expired-total" data-value=data_value(a.expired_usd) title=usd_exact(a.expired_usd)>{usd(a.expired_usd)}</b>
                        {piece(&summary, 2)}
                        <b data-testid="suggested-cash-start" data-value=start_iso(a.cash_start_day)>{start_text(a.cash_start_day)}</b>
                        {piece(&summary, 3)}
                    </p>
                    <ul class="suggestions">{rows}</ul>
                    <button type="button" data-testid="use-suggested-dates" on:click=use_dates disabled=applied || !changes>
                        {tr!("planner.use_dates")}
                    </button>
                    {applied.then(|| view! { <p class="hint" data-testid="suggested-applied">{tr!("planner.applied")}</p> })}
                    {(!changes && !applied).then(|| view! { <p class="hint" data-testid="suggested-no-change">{tr!("planner.no_change")}</p> })}
                    <p class="hint" data-testid="planner-stats" data-value=r.report.simulations.to_string()>
                        {tr!("planner.stats", n = a.simulations, ms = format!("{:.0}", r.ms))}
                    </p>
                </div>
            }
            .into_any(),
        )
    };
    view! {
        <div class="planner" data-testid="planner">
            <p class="hint">{tr!("planner.intro")}</p>
            <button type="button" data-testid="plan-applications" on:click=run disabled=move || no_grants.get()>
                {tr!("planner.run")}
            </button>
            {results}
        </div>
    }
}
