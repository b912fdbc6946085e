//! Self-host or API, on the plan: for each serving line, the plan's cash, credits used and
//! credits that expire, as planned and with the line through a hosted API, and one button that
//! turns the line into the API line (the API line's row turns it back).

use leptos::prelude::*;
use runway_model::{data_value, tr, usd, usd_exact, SelfHostOrApi};

use crate::state::derived::use_derived;
use crate::state::use_app_state;
use crate::widgets::announce::{focus_test_id, Announcer};
use crate::widgets::live::{follow_value, ValueText};

/// What a block is made of: rebuilt only when one of these changes (a line added, removed or
/// switched, another API weighed), not on every edit; the figures update in place.
#[derive(Clone, Debug, PartialEq)]
struct Shape {
    serve_index: usize,
    id: runway_model::WorkloadId,
    api: runway_model::ApiUse,
    same_model: bool,
    api_usd_per_mtok: f64,
    would_pay: Vec<String>,
}

/// One block per weighed serving line.
#[component]
pub fn SelfHostOrApiBlocks() -> impl IntoView {
    let state = use_app_state();
    let derived = use_derived();
    let announcer = Announcer::get();
    let catalog = state.catalog;
    let shapes = Memo::new(move |_| {
        derived.self_host.with(|all| {
            all.iter()
                .map(|w: &SelfHostOrApi| Shape {
                    serve_index: w.serve_index,
                    id: w.id,
                    api: runway_model::ApiUse {
                        // The volume follows the line: the figures below read it live.
                        tokens_per_month: 0.0,
                        replaces: None,
                        ..w.api.clone()
                    },
                    same_model: w.same_model,
                    api_usd_per_mtok: w.api_usd_per_mtok,
                    would_pay: w.would_pay.clone(),
                })
                .collect::<Vec<_>>()
        })
    });
    // A figure of block `k`, read live.
    let figure = move |k: usize, pick: fn(&SelfHostOrApi) -> f64| {
        derived.self_host.with(|all| all.get(k).map_or(0.0, pick))
    };
    move || {
        shapes.with(|all| {
            all.iter()
                .enumerate()
                .map(|(k, w)| {
                    let j = w.serve_index;
                    let name = catalog
                        .api(&w.api.api_id)
                        .map_or_else(|| w.api.api_id.clone(), |a| a.name.to_string());
                    let price = runway_model::usd_as_published(w.api_usd_per_mtok, 2);
                    let caveat = if w.same_model {
                        tr!("answers.self_host.caveat_same", api = name.clone(), price = price)
                    } else {
                        tr!("answers.self_host.caveat_other", api = name.clone(), price = price)
                    };
                    let verdict = {
                        let name = name.clone();
                        move || {
                            let saved = figure(k, SelfHostOrApi::cash_saved_usd);
                            if saved > 0.5 {
                                tr!("answers.self_host.api_saves", n = j + 1, api = name.clone(), cash = usd(saved))
                            } else if saved < -0.5 {
                                tr!("answers.self_host.self_saves", n = j + 1, api = name.clone(), cash = usd(-saved))
                            } else {
                                tr!("answers.self_host.same_cash", n = j + 1, api = name.clone())
                            }
                        }
                    };
                    // Each cell names its column (read on a phone, and by scripts).
                    let (own_label, api_label) = (tr!("answers.self_host.as_planned"), name.clone());
                    let cell = move |id: String, pick: fn(&SelfHostOrApi) -> f64, api_side: bool| {
                        let label = if api_side { api_label.clone() } else { own_label.clone() };
                        // One effect per figure, writing only what changed (an edit moves most
                        // of them, on every weighed line).
                        let node = NodeRef::<leptos::html::Td>::new();
                        let first = follow_value(node, move || {
                            let v = figure(k, pick);
                            ValueText { raw: data_value(v), human: usd(v), exact: usd_exact(v) }
                        });
                        view! {
                            <td node_ref=node data-testid=id data-label=label data-value=first.raw title=first.exact>
                                {first.human}
                            </td>
                        }
                    };
                    // A programme that would pay the API line, not in the plan yet: one click adds it.
                    let paying = w.would_pay.first().and_then(|id| catalog.program(id)).map(|program| {
                        let add = move |_| {
                            state.plan.update(|p| {
                                if p.grants.len() < runway_model::MAX_GRANTS {
                                    p.grants.push(runway_model::PlannedGrant::from_program(program));
                                }
                            });
                            announcer.say(tr!("answers.self_host.program_added", name = program.name_text()));
                        };
                        view! {
                            <p class="hint" data-testid=format!("api-paid-by-{j}") data-program=program.id.to_string()>
                                {tr!("answers.self_host.would_pay", name = program.name_text(), amount = usd(program.expected_usd))}" "
                                <button type="button" class="link-button" data-testid=format!("add-paying-{j}") on:click=add>
                                    {tr!("answers.self_host.add_program", name = program.name_text())}
                                </button>
                            </p>
                        }
                    });
                    let (id, serve_index) = (w.id, j);
                    let switch = move |_| {
                        // The API line remembers the serving line (and its link carries it).
                        let Some(api) = derived.self_host.with_untracked(|all| all.get(k).map(|w| w.api.clone())) else {
                            return;
                        };
                        let mut at = None;
                        state.plan.update(|p| {
                            let id = p.upsert(Some(id), api);
                            at = p.index_in_kind(id);
                        });
                        announcer.say(tr!("answers.self_host.switched", n = serve_index + 1));
                        // The button is gone with the line: the keyboard goes to the way back.
                        if let Some(k) = at {
                            focus_test_id(format!("self-host-again-{k}"));
                        }
                    };
                    view! {
                        <div class="self-host" data-testid=format!("self-host-or-api-{j}") data-api=w.api.api_id.clone()>
                            <p>{verdict}</p>
                            <table class="self-host-table">
                                <caption class="visually-hidden">{tr!("answers.self_host.caption", n = j + 1)}</caption>
                                <thead><tr>
                                    <th scope="col"></th>
                                    <th scope="col">{tr!("answers.self_host.as_planned")}</th>
                                    <th scope="col">{name.clone()}</th>
                                </tr></thead>
                                <tbody>
                                    <tr><th scope="row">{tr!("answers.self_host.cash")}</th>
                                        {cell(format!("self-host-cash-{j}"), |w| w.self_host.cash_usd, false)}
                                        {cell(format!("api-route-cash-{j}"), |w| w.via_api.cash_usd, true)}</tr>
                                    <tr><th scope="row">{tr!("answers.self_host.credits_used")}</th>
                                        {cell(format!("self-host-credits-{j}"), |w| w.self_host.credits_used_usd, false)}
                                        {cell(format!("api-route-credits-{j}"), |w| w.via_api.credits_used_usd, true)}</tr>
                                    <tr><th scope="row">{tr!("answers.self_host.credits_expire")}</th>
                                        {cell(format!("self-host-expired-{j}"), |w| w.self_host.credits_expired_usd, false)}
                                        {cell(format!("api-route-expired-{j}"), |w| w.via_api.credits_expired_usd, true)}</tr>
                                </tbody>
                            </table>
                            <p class="hint">{caveat}</p>
                            {paying}
                            <button type="button" data-testid=format!("use-api-{j}") on:click=switch>
                                {tr!("answers.self_host.use_api", api = name.clone())}
                            </button>
                        </div>
                    }
                })
                .collect_view()
        })
    }
}
