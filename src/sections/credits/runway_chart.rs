use leptos::html::Canvas;
use leptos::prelude::*;
use runway_charts::{
    css, draw_runway, ticks_attr, RunwayChart, CASH, EXPIRED, EXPIRED_FILL, GRANT_COLORS, SPEND,
};
use runway_model::{tr, ChartWindow, Day0, Plan};

use crate::sections::charts::{draw_on, redraw_after_change};
use crate::state::RunwayView;

/// A plan day as the canvas's data attributes carry it: an ISO date, or the day number without a
/// day 0.
fn day_attr(plan: Day0, day: u32) -> String {
    plan.date_of(day)
        .map_or_else(|| day.to_string(), |d| d.iso())
}

/// The runway chart over the plan's window, its legend and numbered key as HTML below it (never
/// over the data), and the sentence that states the answer (the canvas's description).
#[component]
pub fn RunwayChartView(
    /// The current runway.
    runway: Memo<Option<RunwayView>>,
    /// The plan, for the chart's reading of it.
    plan: RwSignal<Plan>,
    /// Day 0, for the dates.
    day0: Memo<Day0>,
) -> impl IntoView {
    // The chart's reading of the plan (window, markers, names, balances, expiries, summary).
    let read = crate::state::derived::use_derived().runway_chart;
    let canvas = NodeRef::<Canvas>::new();
    // The uncertainty run's bands (the credits section provides them), shaded behind the data.
    let mc = crate::sections::credits::uncertainty::use_bands();
    redraw_after_change(
        move || {
            runway.track();
            read.track();
            if let Some(m) = mc {
                m.bands.track();
            }
        },
        move || {
            let (Some(view), Some(r)) = (runway.get_untracked(), read.get_untracked()) else {
                return;
            };
            let p = plan.get_untracked();
            let days = view.result.horizon_days;
            let data = RunwayChart {
                balances: r.balances,
                expired: r.expired,
                markers: r
                    .markers
                    .iter()
                    .enumerate()
                    .map(|(i, m)| (m.day, (i + 1).to_string()))
                    .collect(),
                window: (r.window.start_day, r.window.end_day),
                day0: p.t0,
                daily_spend: view.result.daily_spend_usd,
                daily_cash: view.result.daily_cash_usd,
                cash_start_band: mc.and_then(|m| m.cash_start_band(days)),
                day_axis: tr!("runway_chart.day_axis", n = "{n}"),
            };
            if let Some(c) = canvas.get_untracked() {
                let mut ticks = None;
                draw_on(&c, |root, scale| {
                    ticks = Some(draw_runway(root, &data, scale)?);
                    Ok(())
                });
                // The date labels' boxes, CSS px from the canvas's left edge (for tests).
                if let Some(t) = ticks {
                    let _ = c.set_attribute("data-ticks", &ticks_attr(&t));
                }
            }
        },
    );
    let window_attr = move |pick: fn(&ChartWindow) -> u32| {
        move || {
            read.with(|r| {
                r.as_ref()
                    .map(|r| day0.with(|p| day_attr(*p, pick(&r.window))))
            })
        }
    };
    let window_day = move |pick: fn(&ChartWindow) -> u32| {
        move || read.with(|r| r.as_ref().map(|r| pick(&r.window).to_string()))
    };
    // The legend's rows and the markers' lines, as data: an edit that moves a cost but no date or
    // name writes nothing in them (they were re-rendered, 2 × 62 attributes on a plan at the
    // limits, on every edit).
    let legend_rows = Memo::new(move |_| {
        read.with(|r| {
            let Some(r) = r.as_ref() else {
                return Vec::new();
            };
            let mut items: Vec<(String, String, &'static str)> = r
                .grants
                .iter()
                .enumerate()
                .map(|(i, name)| {
                    (
                        format!("background:{}", css(GRANT_COLORS[i % GRANT_COLORS.len()])),
                        tr!("runway_chart.legend_balance", name = name),
                        "area",
                    )
                })
                .collect();
            items.push((format!("background:{}", css(SPEND)), tr!("runway_chart.legend_spent"), "line"));
            items.push((format!("background:{}", css(CASH)), tr!("runway_chart.legend_cash"), "line"));
            if r.expires_any {
                items.push((
                    format!(
                        "background:repeating-linear-gradient(135deg,{e} 0 1px,{f} 1px 5px);border-color:{e}",
                        e = css(EXPIRED),
                        f = css(EXPIRED_FILL)
                    ),
                    tr!("runway_chart.legend_expired"),
                    "expired",
                ));
            }
            items
        })
    });
    let legend = move || {
        legend_rows.with(|items| {
            items
                .iter()
                .map(|(style, text, kind)| {
                    view! {
                        <li data-kind=*kind><span class=format!("swatch swatch-{kind}") style=style.clone() aria-hidden="true"></span>{text.clone()}</li>
                    }
                })
                .collect_view()
        })
    };
    // (day, line) per marker.
    let key_rows = Memo::new(move |_| {
        read.with(|r| {
            r.as_ref().map_or_else(Vec::new, |r| {
                r.markers
                    .iter()
                    .map(|m| {
                        let when = day0.with(|p| p.day_text(i64::from(m.day)));
                        (m.day, format!("{when}: {}", m.text))
                    })
                    .collect::<Vec<_>>()
            })
        })
    });
    // One effect writes the rows, each only where it differs from what it shows (a plan at the
    // limits has about 60 markers; an edit moves a few of them).
    let key_list = NodeRef::<leptos::html::Ol>::new();
    Effect::new(move |before: Option<Vec<(u32, String)>>| {
        let rows = key_rows.get();
        let Some(list) = key_list.get() else {
            return before.unwrap_or_default();
        };
        write_key_rows(list.as_ref(), &rows, before.as_deref().unwrap_or(&[]));
        rows
    });
    let sentence = move || read.with(|r| r.as_ref().map(|r| r.summary.clone()));
    // What the shaded band is (beside the legend, which lists the plan's own series).
    let band_note = move || {
        let shown = mc.is_some_and(|m| m.has_band());
        shown.then(|| view! {
            <p class="runway-band-note" data-testid="runway-band-note">
                <span class="swatch swatch-band" style=format!("background:{}", css(CASH)) aria-hidden="true"></span>
                {tr!("runway_chart.band_note")}
            </p>
        })
    };
    view! {
        <figure class="runway-chart">
            <canvas node_ref=canvas class="chart chart-tall chart-runway" data-testid="chart-runway" role="img"
                aria-label=tr!("runway_chart.label")
                aria-describedby="runway-chart-summary"
                data-window-start=window_attr(|w| w.start_day) data-window-end=window_attr(|w| w.end_day)
                data-window-start-day=window_day(|w| w.start_day) data-window-end-day=window_day(|w| w.end_day)></canvas>
            <ul class="runway-legend" data-testid="runway-legend">{legend}</ul>
            {band_note}
            <ol class="runway-key" data-testid="runway-markers" node_ref=key_list></ol>
            <figcaption id="runway-chart-summary" class="runway-summary" data-testid="runway-chart-summary">{sentence}</figcaption>
        </figure>
    }
}

/// Makes `list` (the markers' `<ol>`) show `rows`, one `<li data-day>` each ("1 2 Jan 2027: …"),
/// writing only the rows that differ from `before` (what it shows now) and adding or removing
/// rows at the end.
fn write_key_rows(list: &web_sys::Element, rows: &[(u32, String)], before: &[(u32, String)]) {
    let Some(doc) = list.owner_document() else {
        return;
    };
    let mut count = list.child_element_count() as usize;
    while count < rows.len() {
        let (Ok(li), Ok(number)) = (doc.create_element("li"), doc.create_element("span")) else {
            return;
        };
        number.set_class_name("marker-number");
        number.set_text_content(Some(&(count + 1).to_string()));
        let _ = li.append_child(&number);
        let _ = li.append_child(&doc.create_text_node(" "));
        let _ = li.append_child(&doc.create_text_node(""));
        let _ = list.append_child(&li);
        count += 1;
    }
    while count > rows.len() {
        if let Some(last) = list.last_element_child() {
            last.remove();
        }
        count -= 1;
    }
    let mut item = list.first_element_child();
    for (i, row) in rows.iter().enumerate() {
        let Some(li) = item else {
            break;
        };
        if before.get(i) != Some(row) {
            let _ = li.set_attribute("data-day", &row.0.to_string());
            if let Some(text) = li.last_child() {
                text.set_text_content(Some(&row.1));
            }
        }
        item = li.next_element_sibling();
    }
}
