//! What the page shows beyond the plan's outcome, one memo each, computed by the model and read
//! by the panels, which only render (no file under `src/sections` or `src/widgets` calls an estimator:
//! `model/tests/layering.rs` checks). A memo computes when first read, so a collapsed section's
//! data is never computed, and each changes only when its own inputs do.

use leptos::prelude::*;
use runway_model::{
    advise_plan, billing_modes, cost_vs_mfu, duty_sweep, log_space, price_column, sweeps,
    volume_sweep, what_budget_buys, whole_cost_by_provider, Advice, Answers, ApplyAdvice,
    BillingEstimate, BillingMath, BuyRow, ChartReading, ColumnResult, DutySweep, FirstYear,
    ModeRow, NetworkOption, Price, PriceAge, SelfHostOrApi, Sweeps, VolumeSweep,
};

use crate::state::AppState;

/// Provides the data derived from `state` to every component below, and returns it.
pub fn provide_derived(state: AppState) -> Derived {
    let derived = Derived::new(state);
    provide_context(derived);
    derived
}

/// The derived data provided by `App`.
pub fn use_derived() -> Derived {
    expect_context::<Derived>()
}

/// A provider's cost of the calculator's run at its list price, with communication, failures,
/// storage and egress: (provider id, name, cost in USD).
pub type ProviderCost = (&'static str, &'static str, f64);

/// The derived data of one page.
#[derive(Clone, Copy)]
pub struct Derived {
    /// What the answers at the top of the page say of the plan's outcome.
    pub answers: Memo<Answers>,
    /// The networks offered for the calculator's accelerator at its provider.
    pub networks: Memo<Vec<NetworkOption>>,
    /// What the runway chart shows of the plan's outcome besides its pixels.
    pub runway_chart: Memo<Option<ChartReading>>,
    /// The billing views: the plan's first serving line, or the calculator's job under the plan's
    /// billing knobs.
    pub billing: Memo<Option<BillingEstimate>>,
    /// Every billing figure's "Show the math", and why the model fits no machine (computed when
    /// read: a working shown, a deployment that fits nothing).
    pub billing_math: Memo<Option<BillingMath>>,
    /// The serving line the billing views price (`None`: the calculator's job).
    pub billing_lead: Memo<Option<usize>>,
    /// Busy-only against reserved by duty, 1 % to 100 % (40 points on a log scale).
    pub duty: Memo<Option<DutySweep>>,
    /// Self-hosting against the API by monthly volume (60 points).
    pub volume: Memo<Option<VolumeSweep>>,
    /// Every provider's billing modes for the job's accelerator at its duty.
    pub modes: Memo<Vec<ModeRow>>,
    /// What the plan's budget buys at every provider, in catalog order.
    pub budget: Memo<Vec<BuyRow>>,
    /// The job's compute cost at every MFU from 5 % to 80 % (its own MFU included).
    pub mfu_curve: Memo<Option<Vec<(f64, f64)>>>,
    /// The same run at every provider's list price: (provider id, name, cost), cheapest first.
    pub providers: Memo<Option<Vec<ProviderCost>>>,
    /// The hidden costs' two sweeps (GPU count on two networks, checkpoint interval).
    pub sweeps: Memo<Option<Sweeps<'static>>>,
    /// The compared columns, priced on the calculator's job and run in the plan in its place.
    pub columns: Memo<Vec<ColumnResult>>,
    /// The credit advisor's ranking for the whole plan.
    pub advice: Memo<Option<Advice<'static>>>,
    /// Each serving line self-hosted and through its API, on the whole plan.
    pub self_host: Memo<Vec<SelfHostOrApi>>,
    /// Each grant's window to apply in (plan order; `None`: nothing to advise).
    pub apply_advice: Memo<Vec<Option<ApplyAdvice>>>,
    /// Each compared column's first year and its rank, in column order.
    pub first_years: Memo<Vec<FirstYear>>,
    /// Every provider's price for the chosen accelerator, in the picker's order, with its age
    /// today (stale, delisted).
    pub offers: Memo<Vec<(&'static Price, PriceAge)>>,
    /// The chosen provider's price for the chosen accelerator, with its age today.
    pub chosen_price: Memo<Option<(&'static Price, PriceAge)>>,
}

/// Serving line `j`'s deployment step by step ("Show the math"), as the plan's evaluation priced
/// it (empty without one); the view calls it only while the line's details are open.
pub fn serve_math(state: AppState, j: usize) -> Vec<String> {
    state.runway.with(|r| {
        r.as_ref()
            .and_then(|r| r.serves.get(j))
            .and_then(|v| v.billing.as_ref())
            .map(|b| runway_model::serving_math(b, state.catalog))
            .unwrap_or_default()
    })
}

impl Derived {
    /// The memos over a page's state (nothing is computed until a panel reads it).
    pub fn new(state: AppState) -> Self {
        let catalog = state.catalog;
        // The plan's first serving line when it has one (the same estimate the line itself is
        // priced with), else the calculator's job under the billing boxes.
        let billing_view = Memo::new(move |_| {
            if state.plan.with(|p| p.count::<runway_model::Serve>() > 0) {
                // The first serving line's estimate as the plan's evaluation priced it (computed
                // once, there): the views and the line show the same figures.
                return state.runway.with(|r| {
                    let b = r.as_ref()?.serves.first()?.billing.clone()?;
                    Some((b, Some(0)))
                });
            }
            let e = state.estimate.read();
            state.job.with(|j| {
                state
                    .plan
                    .with(|p| runway_model::billing_view(p, j, e.as_ref().ok(), catalog))
            })
        });
        let billing = Memo::new(move |_| billing_view.with(|b| b.as_ref().map(|(b, _)| b.clone())));
        let billing_lead =
            Memo::new(move |_| billing_view.with(|b| b.as_ref().and_then(|(_, l)| *l)));
        let self_host = Memo::new(move |_| {
            state.runway.with(|r| {
                r.as_ref().map_or_else(Vec::new, |o| {
                    state
                        .plan
                        .with(|p| runway_model::self_host_or_api(p, o, catalog))
                })
            })
        });
        let columns = Memo::new(move |_| {
            let e = state.estimate.read();
            let o = state.runway.read();
            let (Ok(e), Some(o)) = (e.as_ref(), o.as_ref()) else {
                return Vec::new();
            };
            let edited = state.editing.get();
            state.job.with(|j| {
                state.plan.with(|p| {
                    p.compare
                        .iter()
                        .map(|c| {
                            price_column(
                                c,
                                j,
                                &p.settings.billing,
                                &p.settings.overheads,
                                e,
                                o,
                                edited,
                                catalog,
                            )
                        })
                        .collect()
                })
            })
        });
        let today = || crate::platform::browser::today();
        Derived {
            apply_advice: Memo::new(move |_| {
                state.runway.with(|r| {
                    r.as_ref().map_or_else(Vec::new, |o| {
                        state
                            .grants
                            .with(|g| runway_model::apply_advice(o, g, catalog))
                    })
                })
            }),
            first_years: Memo::new(move |_| columns.with(|r| runway_model::first_years(r))),
            offers: Memo::new(move |_| {
                state
                    .accelerator_id
                    .with(|a| runway_model::offer_ages(catalog, a, today()))
            }),
            chosen_price: Memo::new(move |_| {
                let (provider, accelerator) =
                    (state.provider_id.read(), state.accelerator_id.read());
                catalog
                    .price(&provider, &accelerator)
                    .map(|p| (p, runway_model::price_age(p, today())))
            }),
            billing_math: Memo::new(move |_| {
                billing.with(|b| b.as_ref().map(|b| runway_model::billing_math(b, catalog)))
            }),
            answers: Memo::new(move |_| {
                state
                    .runway
                    .with(|r| state.grants.with(|g| runway_model::answers(r.as_ref(), g)))
            }),
            networks: Memo::new(move |_| {
                let (provider, accelerator) =
                    (state.provider_id.read(), state.accelerator_id.read());
                runway_model::network_options(catalog, &provider, &accelerator)
            }),
            runway_chart: Memo::new(move |_| {
                state.runway.with(|r| {
                    r.as_ref().map(|view| {
                        state.plan.with(|p| {
                            runway_model::chart_reading(
                                view,
                                p,
                                catalog,
                                crate::platform::browser::today(),
                            )
                        })
                    })
                })
            }),
            self_host,
            billing,
            billing_lead,
            duty: Memo::new(move |_| {
                billing.with(|b| b.as_ref().map(|b| duty_sweep(b, &log_space(0.01, 1.0, 40))))
            }),
            volume: Memo::new(move |_| billing.with(|b| b.as_ref().map(|b| volume_sweep(b, 60)))),
            // A serving line's accelerator is always on; the calculator's job runs at its duty.
            modes: Memo::new(move |_| {
                let line = billing_lead
                    .get()
                    .and_then(|_| billing.with(|b| b.as_ref().map(|b| b.accelerator_id.clone())));
                match line {
                    Some(acc) => billing_modes(catalog, &acc, 1.0),
                    None => state
                        .job
                        .with(|j| billing_modes(catalog, &j.accelerator_id, j.duty)),
                }
            }),
            budget: Memo::new(move |_| {
                let budget = state.settings.with(|k| k.billing.budget_usd);
                what_budget_buys(catalog, budget)
            }),
            mfu_curve: Memo::new(move |_| {
                let e = state.estimate.read();
                let e = e.as_ref().ok()?;
                Some(state.job.with_untracked(|j| cost_vs_mfu(j, e)))
            }),
            // Ranked on the whole cost (communication, failures, storage and egress with the
            // compute): a cheap GPU on a slow network is not cheap.
            providers: Memo::new(move |_| {
                let e = state.estimate.read();
                e.as_ref().ok()?;
                let k = state.settings.read();
                Some(state.job.with(|j| {
                    whole_cost_by_provider(j, &k.overheads, catalog)
                        .into_iter()
                        .filter_map(|(id, name, _, total)| total.map(|t| (id, name, t)))
                        .collect()
                }))
            }),
            sweeps: Memo::new(move |_| {
                let o = state.overheads.read();
                let o = o.as_ref()?;
                let e = state.estimate.read_untracked();
                let e = e.as_ref().ok()?;
                let j = state.job.read_untracked();
                let k = state.settings.read_untracked();
                Some(sweeps(&j, &k.overheads, e, o, catalog))
            }),
            columns,
            advice: Memo::new(move |_| {
                let outcome = state.runway.read();
                let outcome = outcome.as_ref()?;
                let inputs = state.settings.with(|k| outcome.advisor_inputs(k));
                let fit = state.plan.with(|p| outcome.plan_fit(p));
                Some(advise_plan(&inputs, &fit, catalog))
            }),
        }
    }
}
