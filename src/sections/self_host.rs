//! Self-host or API, on the plan: for each serving line, the plan's cash, credits used and
//! credits that expire, as planned and with the line through a hosted API, and one button that
//! turns the line into the API line (the API line's row turns it back).

use leptos::prelude::*;
use runway_model::{data_value, tr, usd, usd_exact, SelfHostOrApi};

use crate::state::derived::use_derived;
use crate::state::use_app_state;
use crate::widgets::announce::{focus_test_id, Announcer};

/// One block per weighed serving line.
#[component]
pub fn SelfHostOrApiBlocks() -> impl IntoView {
    let state = use_app_state();
    let derived = use_derived();
    let announcer = Announcer::get();
    let catalog = state.catalog;
    // Rebuilt when a line's figures change (the runway moved), not otherwise.
    move || {
        derived.self_host.with(|all| {
            all.iter()
                .map(|w: &SelfHostOrApi| {
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
                    let saved = w.cash_saved_usd();
                    let verdict = if saved > 0.5 {
                        tr!("answers.self_host.api_saves", n = j + 1, api = name.clone(), cash = usd(saved))
                    } else if saved < -0.5 {
                        tr!("answers.self_host.self_saves", n = j + 1, api = name.clone(), cash = usd(-saved))
                    } else {
                        tr!("answers.self_host.same_cash", n = j + 1, api = name.clone())
                    };
                    let cell = |id: String, v: f64| {
                        view! { <td data-testid=id data-value=data_value(v) title=usd_exact(v)>{usd(v)}</td> }
                    };
                    let (id, api, serve_index) = (w.id, w.api.clone(), j);
                    let switch = move |_| {
                        // The API line remembers the serving line (and its link carries it).
                        let api = api.clone();
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
                                        {cell(format!("self-host-cash-{j}"), w.self_host.cash_usd)}
                                        {cell(format!("api-route-cash-{j}"), w.via_api.cash_usd)}</tr>
                                    <tr><th scope="row">{tr!("answers.self_host.credits_used")}</th>
                                        {cell(format!("self-host-credits-{j}"), w.self_host.credits_used_usd)}
                                        {cell(format!("api-route-credits-{j}"), w.via_api.credits_used_usd)}</tr>
                                    <tr><th scope="row">{tr!("answers.self_host.credits_expire")}</th>
                                        {cell(format!("self-host-expired-{j}"), w.self_host.credits_expired_usd)}
                                        {cell(format!("api-route-expired-{j}"), w.via_api.credits_expired_usd)}</tr>
                                </tbody>
                            </table>
                            <p class="hint">{caveat}</p>
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
