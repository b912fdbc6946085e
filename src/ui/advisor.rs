use leptos::prelude::*;
use runway_model::advisor::advise;
use runway_model::format::{data_value, usd};
use runway_model::Field;

use crate::state::use_app_state;
use crate::ui::field_error::FieldError;
use crate::ui::hidden_costs::Switch;
use crate::ui::number_input::NumberInput;

/// A ranked program, ready to show.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    id: String,
    name: String,
    usable: f64,
    why: String,
    fits: bool,
}

/// The credit-shape advisor: the seed's three questions (CUDA lock-in, where the data lives,
/// sporadic or sustained), and the catalog's programs ranked by what they are worth to this plan.
#[component]
pub fn AdvisorPanel() -> impl IntoView {
    let state = use_app_state();
    let advice = Memo::new(move |_| {
        let outcome = state.runway.read();
        let Some(outcome) = outcome.as_ref() else {
            return (Vec::new(), None);
        };
        let inputs = state.scenario.with(|s| outcome.advisor_inputs(s));
        let a = advise(&inputs, state.catalog);
        let rows = a
            .ranked
            .iter()
            .map(|r| Row {
                id: r.program.id.to_string(),
                name: r.program.name.to_string(),
                usable: r.usable_usd,
                why: r.why.clone(),
                fits: r.fits_shape,
            })
            .collect::<Vec<_>>();
        (rows, a.wrong_layer)
    });
    let shapes = state
        .catalog
        .shapes
        .iter()
        .map(|x| {
            let id = x.id.to_string();
            let selected = move || state.scenario.with(|s| s.advisor.shape == id);
            view! { <option value=x.id.clone() selected=selected>{x.name.to_string()}</option> }
        })
        .collect_view();
    let choose_shape = move |ev| {
        let id = event_target_value(&ev);
        if state.catalog.shapes.iter().any(|x| x.id == id) {
            state.field(Field::Shape).clear_error();
            state.scenario.update(|s| s.advisor.shape = id);
        }
    };
    let shape_advice = move || {
        state.scenario.with(|s| {
            state
                .catalog
                .shapes
                .iter()
                .find(|x| x.id == s.advisor.shape)
                .map(|x| {
                    format!(
                        "Right credit shape: {}. Watch out: {}.",
                        x.right_shape, x.watch_out
                    )
                })
        })
    };
    // The list is rebuilt only when the ranking (the order of programs) changes; an edit that
    // keeps the order only updates each row's amount and reason.
    let order = Memo::new(move |_| {
        advice.with(|(rows, _)| rows.iter().map(|r| r.id.clone()).collect::<Vec<_>>())
    });
    let rows = move || {
        order.with(|ids| {
            ids.iter()
                .enumerate()
                .map(|(i, id)| {
                    let row = move || advice.with(|(rows, _)| rows.get(i).cloned());
                    view! {
                        <li data-testid=format!("advice-{i}") data-program=id.clone()
                            data-value=move || row().map_or_else(String::new, |r| data_value(r.usable))
                            class:off-shape=move || row().is_some_and(|r| !r.fits)>
                            <strong>{move || row().map_or_else(String::new, |r| format!("{}. {} — {}", i + 1, r.name, usd(r.usable)))}</strong>
                            <span class="advice-why">{move || row().map_or_else(String::new, |r| r.why)}</span>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <h2>"Which credits fit this plan"</h2>
        <p class="chart-note">
            "A big grant on the wrong silicon or with the wrong clock is worth less than a small one you can spend next week. "
            "Ranked by usable value: the program's typical grant for a seed-stage team (never its ceiling), capped by what this plan needs and can spend before expiry, "
            "minus porting off CUDA and moving the data. Where the data lives is set under the hidden costs."
        </p>
        <div class="advisor-inputs">
            <div class="field">
                <div class="field-head">
                    <label for="input-shape">{Field::Shape.label()}</label>
                    <span class="hint">"sporadic or sustained?"</span>
                </div>
                <select id="input-shape" data-testid="input-shape" on:change=choose_shape>{shapes}</select>
                <FieldError field=Field::Shape />
            </div>
            <Switch field=Field::Cuda text="Our stack is CUDA-locked" />
            <NumberInput field=Field::EngWeek unit="USD" hint="loaded cost of an engineer-week" />
        </div>
        <p class="shape-note" data-testid="advisor-shape-advice">{shape_advice}</p>
        {move || advice.with(|(_, w)| w.clone()).map(|w| view! { <p class="warning" role="status" data-testid="advice-wrong-layer">{w}</p> })}
        <ol class="advice-list">{rows}</ol>
    }
}
