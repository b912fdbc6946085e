use leptos::prelude::*;
use runway_model::{
    data_value, percent, tr, usd, usd_exact, GrantField, GrantState, PlannedGrant, Token,
    TokenError,
};

use crate::state::use_app_state;
use crate::state::RunwayView;
use crate::widgets::announce::{focus_test_id, marked, piece, Announcer, MARK};
use crate::widgets::live::{follow_value, ValueText};
use crate::widgets::number_box::NumberBox;

/// The plan's grants, one editable row each, with what happened to it and when to apply.
#[component]
pub fn PlanList(
    /// The current runway.
    runway: Memo<Option<RunwayView>>,
) -> impl IntoView {
    let state = use_app_state();
    // Rows are rebuilt only when grants are added or removed, so typing keeps focus.
    let rows = Memo::new(move |_| {
        state.grants.with(|grants| {
            grants
                .iter()
                .map(|g| g.program_id.clone())
                .collect::<Vec<_>>()
        })
    });
    view! {
        <h3 data-testid="grants-heading">{tr!("plan_list.heading")}</h3>
        {move || rows.with(|r| r.is_empty()).then(|| view! { <p class="hint" data-testid="plan-empty">{tr!("plan_list.empty")}</p> })}
        <div class="plan-list">
            {move || rows.get().into_iter().enumerate().map(|(i, _)| view! { <GrantRow index=i runway=runway /> }).collect_view()}
        </div>
    }
}

/// One grant: its editable numbers, what happened to it, when to apply, and its warnings.
#[component]
fn GrantRow(
    /// The grant's position in the plan (its test ids end in it).
    index: usize,
    /// The current runway.
    runway: Memo<Option<RunwayView>>,
) -> impl IntoView {
    let state = use_app_state();
    let derived = crate::state::use_derived();
    let Some(initial) = state.plan.with_untracked(|p| p.grants.get(index).cloned()) else {
        return ().into_any();
    };
    let program = state.catalog.program(&initial.program_id);
    let name = program.map_or(initial.program_id.clone(), |p| p.name_text().to_string());
    let grant_state = Memo::new(move |_| {
        state.grants.with(|g| {
            g.get(index)
                .map_or(GrantState::Planned, PlannedGrant::state)
        })
    });
    // This grant's share of the runway: an edit that leaves it unchanged (most edits, for most
    // grants) re-runs nothing below.
    let grant_outcome = Memo::new(move |_| {
        runway.with(|r| {
            r.as_ref()
                .and_then(|r| r.result.grants.get(index).cloned())
                .unwrap_or_default()
        })
    });
    let outcome = move |pick: fn(&runway_model::GrantOutcome) -> f64| grant_outcome.with(pick);
    let stat = move |label: Signal<String>,
                     id: &'static str,
                     pick: fn(&runway_model::GrantOutcome) -> f64| {
        let node = NodeRef::<leptos::html::B>::new();
        let first = follow_value(node, move || {
            let v = outcome(pick);
            ValueText {
                raw: data_value(v),
                human: usd(v),
                exact: usd_exact(v),
            }
        });
        view! {
            <span class="stat">{label}" "
                <b node_ref=node data-testid=format!("{id}-{index}") data-value=first.raw title=first.exact>{first.human}</b>
            </span>
        }
    };
    // When to apply, as the model advises it (the state's memo): once per runway change.
    let apply_advice = derived.apply_advice;
    let my_advice = Memo::new(move |_| apply_advice.with(|a| a.get(index).copied().flatten()));
    let advice = move || {
        let a = my_advice.get()?;
        state.day0.with(|day0| {
            let date = |d: u32| day0.day_text(i64::from(d));
            Some(match a.latest_safe_day {
                Some(latest) => tr!(
                    "plan_list.advice_safe",
                    review = a.review_days_max,
                    latest = date(latest),
                    start = date(a.start_day),
                    earliest = date(a.earliest_no_waste_day)
                ),
                None => tr!(
                    "plan_list.advice_now",
                    review = a.review_days_max,
                    start = date(a.start_day)
                ),
            })
        })
    };
    // Apply-by (from the first workload this grant can pay), approval and expiry as dates: once per
    // runway change, read by five attributes and texts below.
    // The grant's own days (a grant applied before day 0 counts from its application), not the
    // runway's, which starts every grant on day 0 at the earliest.
    let days = Memo::new(move |_| {
        let by = runway.with(|r| r.as_ref()?.apply_by.get(index).copied().flatten());
        state.grants.with(|g| {
            g.get(index)
                .map(|g| (by, g.approved_day(), g.expires_day()))
        })
    });
    let chance = Memo::new(move |_| {
        state
            .grants
            .with(|g| g.get(index).zip(program).map(|(g, p)| g.chance(p)))
    });
    let set_state = move |ev| {
        let to = match event_target_value(&ev).as_str() {
            "held" => GrantState::Held,
            "review" => GrantState::InReview,
            _ => GrantState::Planned,
        };
        let Some(p) = program else {
            return;
        };
        state.plan.update(|plan| {
            if let Some(g) = plan.grants.get_mut(index) {
                *g = g.with_state(to, p);
            }
        });
    };
    let date_of = move |day: i64| state.day0.with(|p| p.signed_date(day));
    let iso = move |day: Option<i64>| {
        day.and_then(date_of)
            .map_or_else(|| "none".to_string(), |d| d.iso())
    };
    let human = move |day: i64| state.day0.with(|p| p.day_text(day));
    // "Expired" only once the expiry is before today; a later one "will expire".
    let today = crate::platform::browser::today();
    let expired_label = Signal::derive(move || {
        let expires = days.get().and_then(|d| date_of(d.2));
        match (expires, today) {
            (Some(e), Some(t)) if e.days_until(t) <= 0 => tr!("plan_list.will_expire"),
            _ => tr!("plan_list.expired"),
        }
    });
    let apply_by_text = move || match (grant_state.get(), days.get()) {
        (GrantState::Held, _) => tr!("plan_list.held_no_apply"),
        (GrantState::InReview, _) => tr!("plan_list.in_review_no_apply"),
        (_, Some((Some(by), _, _))) if by < 0 => {
            tr!("plan_list.apply_by_past", date = human(by))
        }
        (_, Some((Some(by), _, _))) => tr!("plan_list.apply_by", date = human(by)),
        _ => tr!("plan_list.apply_by_none"),
    };
    let warning_texts = Memo::new(move |_| {
        runway.with(|r| {
            r.as_ref().map_or_else(Vec::new, |r| {
                r.warnings
                    .iter()
                    .filter(|w| w.grant == Some(index))
                    .map(|w| w.text.clone())
                    .collect::<Vec<_>>()
            })
        })
    });
    let warnings = move || {
        warning_texts
            .get()
            .into_iter()
            .map(|text| view! { <li>{text}</li> })
            .collect_view()
    };
    let removed_name = name.clone();
    // "approved <date>", "expires <date>": the words around the bold date.
    // A held grant is in hand on its day (set from "I already have these credits", it is day 0):
    // "in hand since", not a word about applying or approval.
    let approved = marked(&tr!("plan_list.held_since", date = MARK));
    let expected = marked(&tr!("plan_list.expected", date = MARK));
    let expires = marked(&tr!("plan_list.expires", date = MARK));
    let announcer = Announcer::get();
    let remove = move |_| {
        state.plan.update(|p| {
            if index < p.grants.len() {
                p.remove_grant(index);
            }
        });
        announcer.say(tr!("plan_list.removed", n = index + 1, name = removed_name));
        // The focus goes to the grant now in this place, else the one before, else the list's
        // heading: never back to the top of the page.
        let left = state.plan.with_untracked(|p| p.grants.len());
        focus_test_id(match left {
            0 => "grants-heading".to_string(),
            n => format!("remove-grant-{}", index.min(n - 1)),
        });
    };
    view! {
        <div class="grant-row" id=format!("grant-{index}") data-testid=format!("grant-{index}")>
            <div class="grant-head">
                <b>{format!("{}. {name}", index + 1)}</b>
                {program.map(|p| view! { <span class="hint" data-testid=format!("grant-{index}-typical")>{crate::sections::programs::typical_up_to(p)}</span> })}
                <button type="button" class="link-button" data-testid=format!("remove-grant-{index}")
                    aria-label=tr!("plan_list.remove_label", n = index + 1, name = name) on:click=remove>{tr!("plan_list.remove")}</button>
            </div>
            <div class="grant-fields">
                <label class="grant-field grant-state">
                    <span>{tr!("plan_list.state")}</span>
                    <select data-testid=format!("grant-{index}-state") on:change=set_state
                        prop:value=move || match grant_state.get() {
                            GrantState::Held => "held",
                            GrantState::InReview => "review",
                            GrantState::Planned => "planned",
                        }>
                        <option value="planned">{tr!("plan_list.state_planned")}</option>
                        <option value="review">{tr!("plan_list.state_review")}</option>
                        <option value="held">{tr!("plan_list.state_held")}</option>
                    </select>
                </label>
                {move || {
                    let g = state.plan.with_untracked(|p| p.grants.get(index).cloned()).unwrap_or_else(|| initial.clone());
                    match grant_state.get() {
                        GrantState::Held => view! {
                            <GrantNumber index=index label=tr!("plan_list.balance", iso = runway_model::locale::currency().code.iso()) key="amount" field=GrantField::Amount initial=GrantField::Amount.typed_text(&g) />
                            <GrantDate index=index label=tr!("plan_list.expires_on") key="expires-on" held=true />
                        }.into_any(),
                        GrantState::InReview => view! {
                            <GrantNumber index=index label=tr!("plan_list.amount", iso = runway_model::locale::currency().code.iso()) key="amount" field=GrantField::Amount initial=GrantField::Amount.typed_text(&g) />
                            <GrantDate index=index label=tr!("plan_list.applied_on") key="applied-on" held=false />
                            <GrantNumber index=index label=tr!("plan_list.review_days") key="review" field=GrantField::ReviewDays initial=GrantField::ReviewDays.text(&g) />
                            <GrantNumber index=index label=tr!("plan_list.valid_days") key="validity" field=GrantField::ValidityDays initial=GrantField::ValidityDays.text(&g) />
                        }.into_any(),
                        GrantState::Planned => view! {
                            <GrantNumber index=index label=tr!("plan_list.amount", iso = runway_model::locale::currency().code.iso()) key="amount" field=GrantField::Amount initial=GrantField::Amount.typed_text(&g) />
                            <GrantNumber index=index label=tr!("plan_list.apply_day") key="apply" field=GrantField::ApplyDay initial=GrantField::ApplyDay.text(&g) />
                            <GrantNumber index=index label=tr!("plan_list.review_days") key="review" field=GrantField::ReviewDays initial=GrantField::ReviewDays.text(&g) />
                            <GrantNumber index=index label=tr!("plan_list.valid_days") key="validity" field=GrantField::ValidityDays initial=GrantField::ValidityDays.text(&g) />
                        }.into_any(),
                    }
                }}
            </div>
            <div class="grant-stats">
                {stat(Signal::stored(tr!("plan_list.used")), "grant-used", |o| o.used_usd)}
                {stat(expired_label, "grant-expired", |o| o.expired_usd)}
                {stat(Signal::stored(tr!("plan_list.unused")), "grant-unused", |o| o.unused_usd)}
                // Its chance of approval; the estimate behind it is on the program's card and in
                // the tooltip.
                <span class="stat" data-testid=format!("grant-chance-{index}")
                    data-value=move || chance.get().map_or_else(String::new, runway_model::format_number_exact)
                    title=move || (grant_state.get() != GrantState::Held).then(|| program.map(|p| tr!("plan_list.chance_title", source = p.approval_source_text()))).flatten()>
                    {move || match (grant_state.get(), chance.get()) {
                        (GrantState::Held, _) => tr!("plan_list.chance_held"),
                        (_, Some(c)) => tr!("plan_list.chance", chance = percent(c)),
                        (_, None) => String::new(),
                    }}
                </span>
            </div>
            <div class="grant-dates">
                <span class="stat" data-testid=format!("apply-by-{index}") data-value=move || iso(days.get().and_then(|d| d.0))>{apply_by_text}</span>
                {move || {
                    // Approved (held), or its approval still expected (in review, planned).
                    let words = if grant_state.get() == GrantState::Held { approved.clone() } else { expected.clone() };
                    view! {
                        <span class="stat">{piece(&words, 0)}
                            <b data-testid=format!("grant-approved-{index}") data-value=move || iso(days.get().map(|d| d.1))>{move || days.get().map(|d| human(d.1))}</b>
                        {piece(&words, 1)}</span>
                    }
                }}
                <span class="stat">{piece(&expires, 0)}
                    <b data-testid=format!("grant-expires-{index}") data-value=move || iso(days.get().map(|d| d.2))>{move || days.get().map(|d| human(d.2))}</b>
                {piece(&expires, 1)}</span>
            </div>
            <p class="hint" data-testid=format!("apply-advice-{index}")>{advice}</p>
            <ul class="warnings">{warnings}</ul>
        </div>
    }
    .into_any()
}

/// One editable number of a grant; invalid text keeps the last valid value and says what is accepted.
#[component]
fn GrantNumber(
    /// The grant's position in the plan.
    index: usize,
    /// Label shown above the box.
    label: String,
    /// Short name used in test ids (`grant-<index>-<key>`).
    key: &'static str,
    /// Text the box starts with.
    initial: String,
    /// Which number of the grant this box edits.
    field: GrantField,
) -> impl IntoView {
    let state = use_app_state();
    let error = RwSignal::new(None::<String>);
    let text = RwSignal::new(initial);
    // The box follows the plan when the plan changes under it (a saved plan opened with the same
    // programs, the planner's dates, an import): unless what the box says already means the
    // plan's value ("100K" for 100000), which keeps the user's own way of writing it.
    let canonical = Memo::new(move |_| state.grants.with(|g| g.get(index).map(|g| field.text(g))));
    Effect::new(move |_| {
        let Some(want) = canonical.get() else {
            return;
        };
        // A refused text stays as typed, beside its message (the plan went back to the value it
        // had before the edit; the box must not jump to it under the reader's fingers).
        if error.with_untracked(Option::is_some) {
            return;
        }
        let shown = text.get_untracked();
        let means_it = state
            .plan
            .with_untracked(|p| p.grants.get(index).cloned())
            .is_some_and(|mut g| field.set_typed(&mut g, &shown).is_ok() && field.text(&g) == want);
        if !means_it {
            // As the reader types it (the amount in the display currency), not as a link does.
            let typed = state
                .plan
                .with_untracked(|p| p.grants.get(index).map(|g| field.typed_text(g)));
            text.set(typed.unwrap_or(want));
            error.set(None);
        }
    });
    // The grant as it was when the box got the focus: a refused text puts it back, so the plan
    // never keeps a number that was only valid half-way through the typing ("5e1" of "5e12").
    let before = StoredValue::new(None::<PlannedGrant>);
    let on_focus = move |_| {
        before.set_value(state.plan.with_untracked(|p| p.grants.get(index).cloned()));
    };
    let on_text = move |text_now: String| {
        text.set(text_now.clone());
        let text = text_now;
        // Change a copy; only a valid edit touches the plan (and the URL).
        let Some(mut edited) = state.plan.with_untracked(|p| p.grants.get(index).cloned()) else {
            return;
        };
        match field.set_typed(&mut edited, &text) {
            Ok(()) => {
                state.plan.update(|p| {
                    if let Some(g) = p.grants.get_mut(index) {
                        *g = edited;
                    }
                });
                error.set(None);
            }
            Err(e) => {
                if let Some(b) = before.get_value() {
                    state.plan.update(|p| {
                        if let Some(g) = p.grants.get_mut(index) {
                            *g = b;
                        }
                    });
                }
                let name = state
                    .catalog
                    .program(&edited.program_id)
                    .map_or_else(|| edited.program_id.clone(), |p| p.name_text().to_string());
                let message = TokenError::grant(Token::Grant(index), &name, e).message();
                error.set(Some(tr!("plan_list.last_valid_kept", message = message)));
            }
        }
    };
    let invalid = move || error.with(Option::is_some);
    let id = format!("grant-{index}-{key}");
    view! {
        <label class="grant-field" class:invalid=invalid on:focusin=on_focus>
            <span>{label}</span>
            <NumberBox field=field.field() id=id text=text on_text=on_text invalid=Signal::derive(invalid) described_by=format!("error-grant-{index}-{key}") />
            {move || error.get().map(|m| view! { <span class="field-error" role="alert" id=format!("error-grant-{index}-{key}") data-testid=format!("error-grant-{index}-{key}")>{m}</span> })}
        </label>
    }
}

/// A date of a grant already applied for: a held grant's expiry, or the day an application in
/// review went out. The box shows the plan's date; a refused date keeps the plan and says why.
#[component]
fn GrantDate(
    /// The grant's position in the plan.
    index: usize,
    /// Label shown above the box.
    label: String,
    /// Short name used in test ids (`grant-<index>-<key>`).
    key: &'static str,
    /// The held grant's expiry (else the application's day).
    held: bool,
) -> impl IntoView {
    let state = use_app_state();
    let error = RwSignal::new(None::<String>);
    let shown = Memo::new(move |_| {
        let day = state.grants.with(|g| {
            g.get(index).map(|g| {
                if held {
                    g.expires_day()
                } else {
                    i64::from(g.apply_day)
                }
            })
        })?;
        state.day0.with(|d| d.signed_date(day)).map(|d| d.iso())
    });
    let on_input = move |ev| {
        let text = event_target_value(&ev);
        let Some(t0) = state.day0.with_untracked(|d| d.0) else {
            return;
        };
        let Some(mut g) = state.plan.with_untracked(|p| p.grants.get(index).cloned()) else {
            return;
        };
        let done = if held {
            g.set_expiry_date(t0, &text)
        } else {
            g.set_applied_date(t0, &text)
        };
        match done {
            Ok(()) => {
                state.plan.update(|p| {
                    if let Some(old) = p.grants.get_mut(index) {
                        *old = g;
                    }
                });
                error.set(None);
            }
            Err(e) => error.set(Some(e.to_string())),
        }
    };
    let invalid = move || error.with(Option::is_some);
    let id = format!("grant-{index}-{key}");
    view! {
        <label class="grant-field" class:invalid=invalid>
            <span>{label}</span>
            <input type="date" id=id.clone() data-testid=id prop:value=move || shown.get().unwrap_or_default() on:change=on_input aria-invalid=move || invalid().to_string() />
            {move || error.get().map(|m| view! { <span class="field-error" role="alert" id=format!("error-grant-{index}-{key}") data-testid=format!("error-grant-{index}-{key}")>{m}</span> })}
        </label>
    }
}
