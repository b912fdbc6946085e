use leptos::prelude::*;
use runway_model::{data_value, tr, usd, Field};

use crate::state::use_app_state;
use crate::widgets::id_select::{IdOption, IdSelect};
use crate::widgets::number_input::NumberInput;
use crate::widgets::switch::Switch;

/// A ranked program, ready to show.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    id: String,
    name: String,
    usable: f64,
    why: String,
    fits: bool,
    in_plan: bool,
    /// The provider's name when the plan runs nothing there (its credit pays nothing until work
    /// moves there).
    moves_to: Option<String>,
    /// For a program in the plan: what its grants pay in the plan's runway (the figure the
    /// answers and the credits section show).
    paid: Option<f64>,
    eligibility: String,
}

/// The credit-shape advisor: the seed's three questions (CUDA lock-in, where the data lives,
/// sporadic or sustained), and the catalog's programs ranked by what they are worth to this plan.
#[component]
pub fn AdvisorPanel() -> impl IntoView {
    let state = use_app_state();
    let derived = crate::state::use_derived().advice;
    let advice = Memo::new(move |_| {
        let a = derived.read();
        let Some(a) = a.as_ref() else {
            return (Vec::new(), None);
        };
        let rows = a
            .ranked
            .iter()
            .map(|r| Row {
                paid: r.in_runway.as_ref().map(|x| x.paid_usd),
                id: r.program.id.to_string(),
                name: r.program.name_text().to_string(),
                usable: r.usable_usd,
                why: r.why.clone(),
                fits: r.fits_shape,
                in_plan: r.in_plan,
                moves_to: (!r.runs_there).then(|| {
                    state
                        .catalog
                        .provider(&r.program.provider)
                        .map_or_else(|| r.program.provider.to_string(), |p| p.name.to_string())
                }),
                eligibility: r.eligibility.clone(),
            })
            .collect::<Vec<_>>();
        (rows, a.wrong_layer.clone())
    });
    // The plan's own workloads' shapes, which the advisor reads when no workload is chosen.
    let plan_shapes = Memo::new(move |_| {
        state.plan.with(|p| {
            runway_model::PlanFit::new(
                p.each::<runway_model::Job>().map(|j| j.kind),
                p.count::<runway_model::Serve>(),
                p.count::<runway_model::ExtraWorkload>(),
                std::iter::empty(),
            )
            .shapes
        })
    });
    // "The plan's own" (no shape: the plan's workloads decide), then the catalog's shapes.
    let shapes: Vec<IdOption> = std::iter::once(IdOption::new("", tr!("advisor.shape_plan")))
        .chain(
            state
                .catalog
                .shapes
                .iter()
                .map(|x| IdOption::new(x.id.to_string(), x.name_text())),
        )
        .collect();
    let shape = Signal::derive(move || state.settings.with(|s| s.advisor.shape.clone()));
    let choose_shape = move |id: String| {
        if id.is_empty() || state.catalog.shapes.iter().any(|x| x.id == id) {
            state.field(Field::Shape).clear_error();
            state.edit(|_, s| s.advisor.shape = id);
        }
    };
    let shape_advice = move || {
        let chosen = state.settings.with(|s| s.advisor.shape.clone());
        let ids = if chosen.is_empty() {
            plan_shapes.get()
        } else {
            vec![chosen]
        };
        let lines: Vec<String> = ids
            .iter()
            .filter_map(|id| state.catalog.shapes.iter().find(|x| x.id == *id))
            .map(|x| {
                tr!(
                    "advisor.shape_advice_named",
                    name = x.name_text(),
                    right = x.right_text(),
                    watch = x.watch_text()
                )
            })
            .collect();
        lines.join(" ")
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
                            data-fits=move || row().is_some_and(|r| r.fits).to_string()
                            data-in-plan=move || row().is_some_and(|r| r.in_plan).to_string()
                            data-moves=move || row().is_some_and(|r| r.moves_to.is_some()).to_string()
                            data-paid=move || row().and_then(|r| r.paid).map(data_value)
                            class:off-shape=move || row().is_some_and(|r| !r.fits && !r.in_plan)
                            class:in-plan=move || row().is_some_and(|r| r.in_plan)>
                            <strong>{move || row().map_or_else(String::new, |r| if r.in_plan {
                                match r.paid {
                                    Some(paid) => tr!("advisor.in_plan_paid", name = r.name, paid = usd(paid), usable = usd(r.usable)),
                                    None => tr!("advisor.in_plan_row", name = r.name, usable = usd(r.usable)),
                                }
                            } else if let Some(provider) = &r.moves_to {
                                tr!("advisor.row_if_moved", n = i + 1, name = r.name, usable = usd(r.usable), provider = provider)
                            } else {
                                format!("{}. {} — {}", i + 1, r.name, usd(r.usable))
                            })}</strong>
                            <span class="advice-why">{move || row().map_or_else(String::new, |r| r.why)}</span>
                            <span class="advice-eligibility" data-testid=format!("eligibility-{i}")>{move || row().map_or_else(String::new, |r| tr!("advisor.eligibility", text = r.eligibility))}</span>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <h2>{tr!("advisor.heading")}</h2>
        <p class="chart-note">{tr!("advisor.note")}</p>
        <div class="advisor-inputs">
            <IdSelect field=Field::Shape hint=tr!("advisor.shape_hint") options=shapes value=shape on_pick=choose_shape />
            <Switch field=Field::Cuda text=tr!("advisor.cuda_locked") />
            <NumberInput field=Field::EngWeek />
        </div>
        <p class="shape-note" data-testid="advisor-shape-advice">{shape_advice}</p>
        {move || advice.with(|(_, w)| w.clone()).map(|w| view! { <p class="warning" role="status" data-testid="advice-wrong-layer">{w}</p> })}
        <ol class="advice-list">{rows}</ol>
    }
}
