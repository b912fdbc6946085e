//! Uncertainty bands (issue 13, item 2): the ranges of the uncertain inputs and the P10/P50/P90 of
//! a Monte Carlo run over the plan ([`runway_model::montecarlo`]). The run is off the input path:
//! the plan's own results update at once, the bands a short debounce after the last edit.

use std::time::Duration;

use leptos::prelude::*;
use runway_model::format::{data_value, usd};
use runway_model::montecarlo::{self, Bands, RangeKey};
use runway_model::plan::{GrantOdds, OddsField};

use crate::state::use_app_state;

/// Wait after the last edit before sampling, ms (the sampling itself takes the rest of the 50 ms).
const DEBOUNCE_MS: u64 = 2;

/// The bands shared by this panel and the runway chart (provided by the credits section).
#[derive(Clone, Copy)]
pub struct BandsState {
    /// The latest bands; `None` before the first run or without a runway.
    pub bands: RwSignal<Option<Bands>>,
    /// An edit is waiting for its run.
    pub pending: RwSignal<bool>,
    /// How long the last run took, ms.
    pub took_ms: RwSignal<f64>,
}

/// Makes the bands available to the credits section's components (call once, before them).
pub fn provide_bands() {
    provide_context(BandsState {
        bands: RwSignal::new(None),
        pending: RwSignal::new(true),
        took_ms: RwSignal::new(0.0),
    });
}

/// The bands, from a component inside the credits section (read it when the component is
/// built: callbacks such as animation frames have no context).
pub fn use_bands() -> Option<BandsState> {
    use_context::<BandsState>()
}

impl BandsState {
    /// The P10-P90 span of the cash start date as chart days ("never" is the end of the horizon,
    /// `horizon_days`); `None` without bands, when P10 is "never", or when P10 = P90 (nothing
    /// uncertain to shade).
    pub fn cash_start_band(&self, horizon_days: u32) -> Option<(u32, u32)> {
        self.bands
            .with_untracked(|b| band_of(b.as_ref()?, horizon_days))
    }

    /// Whether the chart shades a band (tracked).
    pub fn has_band(&self) -> bool {
        self.bands
            .with(|b| b.as_ref().and_then(|b| band_of(b, u32::MAX)).is_some())
    }
}

fn band_of(b: &Bands, horizon_days: u32) -> Option<(u32, u32)> {
    let q = b.runway_end_day;
    let p10 = q.p10?;
    (q.p90 != Some(p10)).then(|| (p10, q.p90.unwrap_or(horizon_days)))
}

/// The ranges and the bands.
#[component]
pub fn Uncertainty() -> impl IntoView {
    let state = use_app_state();
    let catalog = state.catalog;
    let plan = state.plan;
    let runway = state.runway;
    let Some(shared) = use_bands() else {
        return ().into_any();
    };
    // Runs the Monte Carlo a short while after the last change of the plan (its outcome follows
    // the plan), never inside the runway memo: only the newest edit's timer samples.
    let generation = StoredValue::new(0u64);
    Effect::new(move |_| {
        runway.track();
        plan.track();
        shared.pending.set(true);
        let gen = generation.get_value().wrapping_add(1);
        generation.set_value(gen);
        set_timeout(
            move || {
                if generation.get_value() != gen {
                    return;
                }
                let t0 = crate::browser::now_ms();
                let b = runway.with_untracked(|r| {
                    r.as_ref()
                        .map(|o| plan.with_untracked(|p| montecarlo::bands(p, o, catalog)))
                });
                shared.took_ms.set(crate::browser::now_ms() - t0);
                shared.bands.set(b);
                shared.pending.set(false);
            },
            Duration::from_millis(DEBOUNCE_MS),
        );
    });

    let bands = shared.bands;
    let q_usd = move |pick: fn(&Bands) -> [f64; 3], k: usize| {
        move || bands.with(|b| b.as_ref().map(|b| pick(b)[k]))
    };
    let money = move |id: String, pick: fn(&Bands) -> [f64; 3], k: usize| {
        let v = q_usd(pick, k);
        view! {
            <strong data-testid=id data-value=move || v().map(data_value).unwrap_or_default()>
                {move || v().map(usd).unwrap_or_else(|| "…".into())}
            </strong>
        }
    };
    let cash = |b: &Bands| [b.cash_usd.p10, b.cash_usd.p50, b.cash_usd.p90];
    let expired = |b: &Bands| [b.expired_usd.p10, b.expired_usd.p50, b.expired_usd.p90];
    let date = move |k: usize| {
        let day = move || {
            bands.with(|b| {
                b.as_ref().map(|b| {
                    let q = b.runway_end_day;
                    [q.p10, q.p50, q.p90][k]
                })
            })
        };
        let iso = move || match day() {
            Some(Some(d)) => plan.with(|p| p.date_of(d).map_or_else(|| d.to_string(), |x| x.iso())),
            Some(None) => "never".into(),
            None => String::new(),
        };
        let text = move || match day() {
            Some(Some(d)) => plan.with(|p| {
                p.date_of(d)
                    .map_or_else(|| format!("day {d}"), |x| x.to_string())
            }),
            Some(None) => "never".into(),
            None => "…".into(),
        };
        let id = format!("mc-runway-end-date-p{}", [10, 50, 90][k]);
        view! { <strong data-testid=id data-value=iso>{text}</strong> }
    };
    let row = move |prefix: &'static str, pick: fn(&Bands) -> [f64; 3]| {
        view! {
            {money(format!("{prefix}-p10"), pick, 0)}" (P10) · "
            {money(format!("{prefix}-p50"), pick, 1)}" (P50) · "
            {money(format!("{prefix}-p90"), pick, 2)}" (P90)"
        }
    };
    let grant_names = Memo::new(move |_| {
        plan.with(|p| {
            p.grants
                .iter()
                .map(|g| {
                    catalog
                        .program(&g.program_id)
                        .map_or(g.program_id.clone(), |p| p.name.to_string())
                })
                .collect::<Vec<_>>()
        })
    });
    let expire_list = move || {
        bands.with(|b| {
            let Some(b) = b.as_ref() else {
                return Vec::new();
            };
            let names = grant_names.get_untracked();
            b.expire_prob
                .iter()
                .enumerate()
                .map(|(i, &p)| {
                    let name = names
                        .get(i)
                        .cloned()
                        .unwrap_or_else(|| format!("Grant {}", i + 1));
                    let pct = (p * 100.0).round();
                    view! {
                        <span data-testid=format!("mc-expire-prob-{i}") data-value=data_value(p)>
                            {format!("{name}: {pct} % chance it expires with money left")}
                        </span>
                    }
                })
                .collect::<Vec<_>>()
        })
    };
    let status = move || {
        if shared.pending.get() {
            "updating"
        } else {
            "ready"
        }
    };
    let timing = move || {
        bands.with(|b| {
            b.as_ref().map(|b| {
                format!(
                    "({} samples, fixed seed, in {:.0} ms)",
                    b.samples,
                    shared.took_ms.get()
                )
            })
        })
    };

    // Range inputs: plan-wide MFU and price factors.
    // The link's bad values get their messages here (the plan kept the defaults).
    let (_, link_errors) = montecarlo::decode_ranges(&crate::browser::query_string());
    let range_error = |key: RangeKey| {
        let first = link_errors
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, m)| m.clone());
        RwSignal::new(first)
    };
    let range_box = move |key: RangeKey, error: RwSignal<Option<String>>| {
        let initial = plan.with_untracked(|p| key.get(&p.ranges));
        let low = RwSignal::new(runway_model::parse::format_number_exact(initial.low));
        let high = RwSignal::new(runway_model::parse::format_number_exact(initial.high));
        let commit = move || {
            let text = format!("{}:{}", low.get_untracked(), high.get_untracked());
            match key.parse(&text) {
                Ok(span) => {
                    error.set(None);
                    plan.update(|p| key.put(&mut p.ranges, span));
                }
                Err(m) => error.set(Some(m)),
            }
        };
        let (label, unit) = match key {
            RangeKey::Mfu => ("MFU, times each job's chosen MFU", "× MFU"),
            RangeKey::Price => ("Price, times every $/GPU-hour", "× price"),
        };
        let k = key.key();
        view! {
            <div class="mc-range">
                <span class="mc-range-label">{label}</span>
                <label>"from "
                    <input type="text" inputmode="decimal" class="mc-input" data-testid=format!("{k}-low")
                        aria-label=format!("{} low", key.label())
                        prop:value=move || low.get()
                        on:input=move |ev| { low.set(event_target_value(&ev)); commit(); } />
                </label>
                <label>" to "
                    <input type="text" inputmode="decimal" class="mc-input" data-testid=format!("{k}-high")
                        aria-label=format!("{} high", key.label())
                        prop:value=move || high.get()
                        on:input=move |ev| { high.set(event_target_value(&ev)); commit(); } />
                </label>
                <span class="unit">{unit}</span>
                {move || error.get().map(|m| view! { <p class="field-error" role="alert" data-testid=format!("error-{k}")>{m}</p> })}
            </div>
        }
    };
    // A link's bad range opens the inputs so its message shows.
    let open_inputs = !link_errors.is_empty();
    let mfu_error = range_error(RangeKey::Mfu);
    let price_error = range_error(RangeKey::Price);

    // Per grant: approval chance and review range. Rows are rebuilt only when the list of grants
    // changes, not on every edit (typing keeps its focus).
    let shape = Memo::new(move |_| {
        plan.with(|p| {
            p.grants
                .iter()
                .map(|g| g.program_id.clone())
                .collect::<Vec<_>>()
        })
    });
    let odds_rows = move || {
        let ids = shape.get();
        ids.into_iter()
            .enumerate()
            .map(|(i, id)| {
                let program = catalog.program(&id);
                let name = program.map_or(id.clone(), |p| p.name.to_string());
                let odds = plan.with_untracked(|p| p.odds(i));
                let error = RwSignal::new(None::<String>);
                let label = format!("Grant {} ({id})", i + 1);
                let field = move |f: OddsField, text: &'static str, placeholder: String, odds: GrantOdds| {
                    let label = label.clone();
                    let key = match f {
                        OddsField::Approval => "approval",
                        OddsField::ReviewMin => "review-min",
                        OddsField::ReviewMax => "review-max",
                    };
                    view! {
                        <label class="mc-odds-field">{text}
                            <input type="text" inputmode="decimal" class="mc-input"
                                data-testid=format!("mc-{key}-{i}")
                                placeholder=placeholder
                                value=f.text(&odds)
                                on:input=move |ev| {
                                    let raw = event_target_value(&ev);
                                    let mut o = plan.with_untracked(|p| p.odds(i));
                                    match f.set(&mut o, &raw, &label) {
                                        Ok(()) => {
                                            error.set(None);
                                            plan.update(|p| p.set_odds(i, o));
                                        }
                                        Err(m) => error.set(Some(m)),
                                    }
                                } />
                        </label>
                    }
                };
                let (lo, hi) = program.map_or((0, 0), |p| (p.review_days_min, p.review_days_max));
                view! {
                    <li class="mc-odds" data-testid=format!("mc-odds-{i}")>
                        <span class="mc-odds-name">{name}</span>
                        {field(OddsField::Approval, "Chance approved (0–1 or %)", "1".into(), odds)}
                        {field(OddsField::ReviewMin, "Shortest review (days)", format!("{lo} (catalog)"), odds)}
                        {field(OddsField::ReviewMax, "Longest review (days)", format!("{hi} (catalog)"), odds)}
                        {move || error.get().map(|m| view! { <p class="field-error" role="alert" data-testid=format!("error-odds-{i}")>{m}</p> })}
                    </li>
                }
            })
            .collect::<Vec<_>>()
    };
    view! {
        <section class="uncertainty" data-testid="mc-bands" data-state=status>
            <div class="mc-results" aria-live="polite">
                <p>"Cash needed: "{row("mc-cash", cash)}</p>
                <p>"Cash starts: "{date(0)}" (P10) · "{date(1)}" (P50) · "{date(2)}" (P90) (\"never\": the grants pay everything)"</p>
                <p>
                    "Credit expiring unused: "{row("mc-expired", expired)}". "
                    <span class="mc-expire-list">{expire_list}</span>
                </p>
            </div>
            {move || {
                // Every sample gave the same answer: say what was varied, so one number is not read
                // as certainty.
                let flat = bands.with(|b| {
                    b.as_ref().is_some_and(|b| {
                        b.cash_usd.p10 == b.cash_usd.p90 && b.runway_end_day.p10 == b.runway_end_day.p90
                    })
                });
                let fixed = plan.with(|p| p.ranges.mfu.is_fixed() && p.ranges.price.is_fixed());
                flat.then(|| view! {
                    <p class="hint" data-testid="mc-flat">
                        {if fixed {
                            "Every sample agrees: the review times and approval chances below do not move this plan's answer, and no MFU or price range is set. Set ranges below to see how sure the answer is."
                        } else {
                            "Every sample agrees: nothing in the ranges below moves this plan's answer."
                        }}
                    </p>
                })
            }}
            <details class="mc-inputs" data-testid="mc-inputs" prop:open=open_inputs>
                <summary>
                    "Ranges: review days, approval chances, MFU and price "
                    <span class="mc-time" data-testid="mc-time" data-value=move || data_value(shared.took_ms.get())>
                        {timing}{move || if shared.pending.get() { " Updating…" } else { "" }}
                    </span>
                </summary>
                <p class="chart-note">
                    "Review times, approvals, utilisation and prices are uncertain. Each sample draws a review for every grant "
                    "(triangular from its shortest to its longest, peaking at its review days; a later approval moves the whole "
                    "validity window), approves it with its chance (a grant not approved pays nothing), one MFU factor for all "
                    "training jobs (triangular, peaking at the chosen MFU, capped at 100 %; GPU-hours scale by chosen ÷ sampled) "
                    "and one price factor for every accelerator line (uniform). P10 is the 10th percentile: one sample in ten is "
                    "at or below it. The same link always gives the same numbers (fixed seed)."
                </p>
                <div class="mc-ranges">
                    {range_box(RangeKey::Mfu, mfu_error)}
                    {range_box(RangeKey::Price, price_error)}
                </div>
                <ul class="mc-odds-list">{odds_rows}</ul>
            </details>
        </section>
    }
    .into_any()
}
