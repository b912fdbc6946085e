//! Uncertainty bands (issue 13, item 2): the ranges of the uncertain inputs and the P10/P50/P90 of
//! a Monte Carlo run over the plan ([`runway_model::montecarlo`]). The run is off the input path:
//! the plan's own results update at once, the bands a short debounce after the last edit.

use std::time::Duration;

use leptos::prelude::*;
use runway_model::{
    data_value, exact, montecarlo::Bands, percent, tr, usd, GrantField, PlannedGrant, RangeKey,
    Token, TokenError,
};

use crate::state::use_app_state;
use crate::widgets::announce::{marked, piece, MARK};
use crate::widgets::number_box::NumberBox;

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
                // A newer edit's timer samples instead (or the page was rebuilt meanwhile).
                if generation.try_get_value() != Some(gen) {
                    return;
                }
                let t0 = crate::platform::browser::now_ms();
                let b = state.bands_now();
                shared.took_ms.set(crate::platform::browser::now_ms() - t0);
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
            Some(Some(d)) => state
                .day0
                .with(|p| p.date_of(d).map_or_else(|| d.to_string(), |x| x.iso())),
            Some(None) => "never".into(),
            None => String::new(),
        };
        let text = move || match day() {
            Some(Some(d)) => state.day0.with(|p| {
                p.date_of(d)
                    .map_or_else(|| tr!("uncertainty.day_n", d = d), |x| x.to_string())
            }),
            Some(None) => tr!("uncertainty.never"),
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
        state.grants.with(|grants| {
            grants
                .iter()
                .map(|g| {
                    catalog
                        .program(&g.program_id)
                        .map_or(g.program_id.clone(), |p| p.name_text().to_string())
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
                        .unwrap_or_else(|| tr!("uncertainty.grant_n", n = i + 1));
                    // Whole percents, written the reader's way ("37%").
                    let pct = percent((p * 100.0).round() / 100.0);
                    // One grant after another, separated as a sentence lists them.
                    view! {
                        {(i > 0).then_some("; ")}
                        <span data-testid=format!("mc-expire-prob-{i}") data-value=data_value(p)>
                            {tr!("uncertainty.expire_prob", name = name, pct = pct)}
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
    // How many samples the bands rest on (it says how fine P10/P90 are); how long they took is
    // for the curious only, in the tooltip.
    let timing = move || {
        bands.with(|b| {
            b.as_ref()
                .map(|b| tr!("polish_d.samples", n = exact(b.samples as f64, 0)))
        })
    };
    let timing_title = move || {
        tr!(
            "polish_d.samples_took",
            ms = exact(shared.took_ms.get().max(0.0), 0)
        )
    };

    let legend = move || {
        let n = bands.with(|b| b.as_ref().map(|b| b.samples))?;
        let single = runway.with(|r| r.as_ref().map(|o| o.result.cash_usd))?;
        Some(tr!(
            "uncertainty.legend",
            n = exact(n as f64, 0),
            single = usd(single)
        ))
    };

    // Range inputs: plan-wide MFU and price factors.
    // The link's bad values get their messages here (the plan kept the defaults).
    // From the one decode of the link, when the page opened.
    let link_errors = use_app_state().range_errors;
    let range_error = |key: RangeKey| {
        let first = link_errors
            .with_value(|errors| errors.iter().find(|e| e.key == key).map(|e| e.to_string()));
        RwSignal::new(first)
    };
    let range_box = move |key: RangeKey, error: RwSignal<Option<String>>| {
        let initial = plan.with_untracked(|p| key.get(&p.ranges));
        // In the reader's language ("0,8" in Portuguese), read back the same way.
        let low = RwSignal::new(runway_model::typed_number_text(initial.low));
        let high = RwSignal::new(runway_model::typed_number_text(initial.high));
        // The range as it was when a box got the focus: a refused text puts it back (the plan
        // never keeps a number valid only half-way through the typing).
        let before = StoredValue::new(initial);
        let on_focus = move |_| before.set_value(plan.with_untracked(|p| key.get(&p.ranges)));
        let commit = move || match key.parse_typed(&low.get_untracked(), &high.get_untracked()) {
            Ok(span) => {
                error.set(None);
                plan.update(|p| key.put(&mut p.ranges, span));
            }
            Err(e) => {
                error.set(Some(e.to_string()));
                let b = before.get_value();
                if plan.with_untracked(|p| key.get(&p.ranges)) != b {
                    plan.update(|p| key.put(&mut p.ranges, b));
                }
            }
        };
        let (label, unit) = match key {
            RangeKey::Mfu => (tr!("uncertainty.mfu_label"), tr!("uncertainty.mfu_unit")),
            RangeKey::Price => (
                tr!("uncertainty.price_label"),
                tr!("uncertainty.price_unit"),
            ),
        };
        let k = key.key();
        let (low_field, high_field) = key.fields();
        // "from <low> to <high>": the words around the two boxes.
        let span = marked(&tr!("uncertainty.from_to", low = MARK, high = MARK));
        view! {
            <div class="mc-range" on:focusin=on_focus>
                <span class="mc-range-label">{label}</span>
                <label>{piece(&span, 0)}
                    <NumberBox field=low_field id=format!("{k}-low") class="mc-input" text=low
                        aria_label=tr!("uncertainty.low_label", name = key.label())
                        described_by=format!("error-{k}")
                        invalid=Signal::derive(move || error.with(Option::is_some))
                        on_text=move |t| { low.set(t); commit(); } />
                </label>
                <label>{piece(&span, 1)}
                    <NumberBox field=high_field id=format!("{k}-high") class="mc-input" text=high
                        aria_label=tr!("uncertainty.high_label", name = key.label())
                        described_by=format!("error-{k}")
                        invalid=Signal::derive(move || error.with(Option::is_some))
                        on_text=move |t| { high.set(t); commit(); } />
                {piece(&span, 2)}</label>
                <span class="unit">{unit}</span>
                {move || error.get().map(|m| view! { <p class="field-error" role="alert" id=format!("error-{k}") data-testid=format!("error-{k}")>{m}</p> })}
            </div>
        }
    };
    // The sentences around the bands (a mark stands for each row of values).
    let cash_needed = marked(&tr!("uncertainty.cash_needed", row = MARK));
    let cash_starts = marked(&tr!(
        "uncertainty.cash_starts",
        p10 = MARK,
        p50 = MARK,
        p90 = MARK
    ));
    let expiring = marked(&tr!("uncertainty.expiring", row = MARK));
    // A link's bad range opens the inputs so its message shows.
    let open_inputs = link_errors.with_value(|e| !e.is_empty());
    let mfu_error = range_error(RangeKey::Mfu);
    let price_error = range_error(RangeKey::Price);

    // Per grant: approval chance and review range. Rows are rebuilt only when the list of grants
    // changes, not on every edit (typing keeps its focus).
    let shape = Memo::new(move |_| {
        state.grants.with(|grants| {
            grants
                .iter()
                .map(|g| g.program_id.clone())
                .collect::<Vec<_>>()
        })
    });
    let odds_rows = move || {
        let ids = shape.get();
        ids.into_iter()
            .enumerate()
            .filter_map(|(i, id)| {
                let program = catalog.program(&id);
                let name = program.map_or(id.clone(), |p| p.name_text().to_string());
                let grant = plan.with_untracked(|p| p.grants.get(i).cloned())?;
                let error = RwSignal::new(None::<String>);
                let grant_name = name.clone();
                let field = move |f: GrantField, text: String, placeholder: String, grant: &PlannedGrant| {
                    let name = grant_name.clone();
                    let key = match f {
                        GrantField::ReviewMin => "review-min",
                        GrantField::ReviewMax => "review-max",
                        _ => "approval",
                    };
                    let shown = RwSignal::new(f.text(grant));
                    // The odds as they were when the box got the focus: a refused text puts them back.
                    let before = StoredValue::new(grant.odds);
                    let on_focus = move |_| {
                        if let Some(g) = plan.with_untracked(|p| p.grants.get(i).cloned()) {
                            before.set_value(g.odds);
                        }
                    };
                    view! {
                        <label class="mc-odds-field" on:focusin=on_focus>{text}
                            <NumberBox field=f.field() id=format!("mc-{key}-{i}") class="mc-input"
                                placeholder=placeholder
                                text=shown
                                described_by=format!("error-odds-{i}")
                                invalid=Signal::derive(move || error.with(Option::is_some))
                                on_text=move |raw: String| {
                                    shown.set(raw.clone());
                                    let Some(mut g) = plan.with_untracked(|p| p.grants.get(i).cloned()) else {
                                        return;
                                    };
                                    match f.set_typed(&mut g, &raw) {
                                        Ok(()) => {
                                            error.set(None);
                                            plan.update(|p| {
                                                if let Some(old) = p.grants.get_mut(i) {
                                                    old.odds = g.odds;
                                                }
                                            });
                                        }
                                        Err(e) => {
                                            let b = before.get_value();
                                            plan.update(|p| {
                                                if let Some(old) = p.grants.get_mut(i) {
                                                    old.odds = b;
                                                }
                                            });
                                            error.set(Some(
                                                TokenError::grant(Token::Grant(i), &name, e).message(),
                                            ));
                                        }
                                    }
                                } />
                        </label>
                    }
                };
                let (lo, hi) = program.map_or((0, 0), |p| (p.review_days_min, p.review_days_max));
                Some(view! {
                    <li class="mc-odds" data-testid=format!("mc-odds-{i}")>
                        <span class="mc-odds-name">{name}</span>
                        {field(GrantField::Approval, tr!("uncertainty.approval"), program.map_or_else(|| "1".into(), |p| runway_model::format_number_exact(grant.chance(p))), &grant)}
                        {field(GrantField::ReviewMin, tr!("uncertainty.review_min"), tr!("uncertainty.from_catalog", n = lo), &grant)}
                        {field(GrantField::ReviewMax, tr!("uncertainty.review_max"), tr!("uncertainty.from_catalog", n = hi), &grant)}
                        {move || error.get().map(|m| view! { <p class="field-error" role="alert" id=format!("error-odds-{i}") data-testid=format!("error-odds-{i}")>{m}</p> })}
                    </li>
                })
            })
            .collect::<Vec<_>>()
    };
    view! {
        <section class="uncertainty" data-testid="mc-bands" data-state=status>
            <div class="mc-results" aria-live="polite">
                <p>{piece(&cash_needed, 0)}{row("mc-cash", cash)}{piece(&cash_needed, 1)}</p>
                <p>{piece(&cash_starts, 0)}{date(0)}{piece(&cash_starts, 1)}{date(1)}{piece(&cash_starts, 2)}{date(2)}{piece(&cash_starts, 3)}
                    // The note on "never" only when a band says it, never beside three dates.
                    {move || bands.with(|b| b.as_ref().is_some_and(|b| {
                        let q = b.runway_end_day;
                        [q.p10, q.p50, q.p90].iter().any(Option::is_none)
                    })).then(|| tr!("uncertainty.never_note"))}</p>
                <p>
                    {piece(&expiring, 0)}{row("mc-expired", expired)}{piece(&expiring, 1)}" "
                    <span class="mc-expire-list">{expire_list}</span>
                </p>
            </div>
            // What the three bands mean, in words, beside the single estimate the answers show
            // (a P50 unlike the answers' cash is the median of the samples, not a second model).
            <p class="hint" data-testid="mc-legend">{legend}</p>
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
                            tr!("uncertainty.flat_fixed")
                        } else {
                            tr!("uncertainty.flat_ranges")
                        }}
                    </p>
                })
            }}
            <details class="mc-inputs" data-testid="mc-inputs" prop:open=open_inputs>
                <summary>
                    {tr!("uncertainty.ranges_summary")}" "
                    <span class="mc-time" data-testid="mc-time" data-value=move || data_value(shared.took_ms.get()) title=timing_title>
                        {timing}{move || if shared.pending.get() { format!(" {}", tr!("uncertainty.updating")) } else { String::new() }}
                    </span>
                </summary>
                <p class="chart-note">{tr!("uncertainty.method")}</p>
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
