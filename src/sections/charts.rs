use leptos::html::Canvas;
use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::*;
use runway_charts::{draw_cost_by_provider, draw_cost_vs_mfu, DrawResult, MfuText, ProviderBar};
use runway_model::{
    chart_text, chart_text::Bar, insert_by_key, percent, tr, usd, Estimate, EstimateError, Job,
    PriceSource,
};
use web_sys::HtmlCanvasElement;

use crate::platform::browser;
use crate::state::use_derived;
use crate::widgets::canvas::MeasuredCanvas;

/// The two charts. Drawing is coalesced into one animation frame after the numbers update, so a
/// burst of slider events draws once and never delays the results.
#[component]
pub fn Charts(
    /// The edited job's estimate.
    estimate: Memo<Result<Estimate<'static>, EstimateError>>,
    /// The edited job.
    job: Memo<Job>,
) -> impl IntoView {
    let derived = use_derived();
    let overheads = crate::state::use_app_state().overheads;
    // The job's own cost in all, at its own price (the "your price" bar).
    let own_total = move || overheads.with_untracked(|o| o.as_ref().and_then(|o| o.total_usd()));
    let mfu_canvas = NodeRef::<Canvas>::new();
    let provider_canvas = NodeRef::<Canvas>::new();
    // The estimate changes only when something the cost curve shows does; the provider bars
    // follow the hidden-cost settings too.
    redraw_after_change(
        move || {
            estimate.track();
            derived.providers.track();
        },
        move || {
            let scenario = job.get_untracked();
            let Ok(e) = estimate.get_untracked() else {
                return;
            };
            if let (Some(canvas), Some(curve)) = (
                mfu_canvas.get_untracked(),
                derived.mfu_curve.get_untracked(),
            ) {
                draw_on(&canvas, |root, scale| {
                    draw_mfu(root, &scenario, &e, &curve, scale)
                });
            }
            if let (Some(canvas), Some(costs)) = (
                provider_canvas.get_untracked(),
                derived.providers.get_untracked(),
            ) {
                let bars = provider_bars(&scenario, &e, &costs, own_total());
                draw_on(&canvas, |root, scale| draw_providers(root, &bars, scale));
            }
        },
    );
    // Each chart's text alternative, from the same points the canvas draws; like the drawing, it
    // follows the estimate (the job is read as the estimate was made from it).
    let mfu_text = Memo::new(move |_| {
        let e = estimate.read();
        let e = e.as_ref().ok()?;
        let s = job.read_untracked();
        derived.mfu_curve.with(|curve| {
            curve
                .as_ref()
                .map(|c| chart_text::cost_vs_mfu(c, (s.mfu, e.compute_cost_usd)))
        })
    });
    let provider_text = Memo::new(move |_| {
        let e = estimate.read();
        let e = e.as_ref().ok()?;
        let costs = derived.providers.get()?;
        let bars = provider_bars(&job.read_untracked(), e, &costs, own_total());
        Some(bars_text(&bars, chart_text::cost_by_provider))
    });
    view! {
        <div class="chart-card">
            <h3>{tr!("charts.mfu_heading")}</h3>
            <p class="chart-note">{tr!("charts.mfu_note")}</p>
            <canvas node_ref=mfu_canvas class="chart" data-testid="chart-cost-vs-mfu" role="img"
                aria-label=tr!("charts.mfu_label") aria-describedby="chart-text-mfu"></canvas>
            <p id="chart-text-mfu" class="chart-note chart-reading" data-testid="chart-text-mfu">{move || mfu_text.get()}</p>
        </div>
        <div class="chart-card">
            <h3>{tr!("charts.provider_heading")}</h3>
            <p class="chart-note">{tr!("charts.provider_note")}</p>
            <canvas node_ref=provider_canvas class="chart" data-testid="chart-cost-by-provider" role="img"
                aria-label=tr!("charts.provider_label") aria-describedby="chart-text-provider"></canvas>
            <p id="chart-text-provider" class="visually-hidden" data-testid="chart-text-provider">{move || provider_text.get()}</p>
        </div>
    }
}

/// Runs `draw` in the animation frame after `track`'s signals change (at most once per frame, so a
/// burst of input events draws once, after the numbers updated) and again when the window resizes;
/// the first draw in a task after that frame (once the new chart is laid out and painted).
/// Not while printing: the print stylesheet scales the screen bitmap as a whole (a chart never
/// drawn, built for the print, is drawn once at its print size).
/// `draw` runs outside any reactive owner: it must capture what it needs, not look up context.
pub fn redraw_after_change(track: impl Fn() + 'static, draw: impl Fn() + Copy + 'static) {
    let resized = RwSignal::new(0u32);
    let listener = window_event_listener(leptos::ev::resize, move |_| {
        resized.update(|n| *n = n.wrapping_add(1))
    });
    on_cleanup(move || listener.remove());
    let frame_pending = StoredValue::new(false);
    let drawn = StoredValue::new(false);
    Effect::new(move |_| {
        track();
        resized.track();
        // A chart first built for a print (its section was never opened) is drawn at once: no
        // frame runs before the print is laid out.
        if !drawn.get_value() && browser::is_printing() {
            drawn.set_value(true);
            draw();
            return;
        }
        if frame_pending.get_value() {
            return;
        }
        frame_pending.set_value(true);
        let draw_now = move || {
            // The page may have been rebuilt (language, currency) before this frame.
            if frame_pending.try_set_value(false).is_some() {
                return;
            }
            if !browser::is_printing() {
                drawn.set_value(true);
                draw();
            }
        };
        request_animation_frame(move || {
            if drawn.try_get_value() == Some(false) {
                // The first draw, after this frame: the chart was just built, and reading its
                // size now would lay the new part of the page out inside this frame's script.
                set_timeout(draw_now, std::time::Duration::ZERO);
            } else {
                draw_now();
            }
        });
    });
}

fn draw_mfu(
    root: &DrawingArea<MeasuredCanvas, Shift>,
    s: &Job,
    e: &Estimate,
    curve: &[(f64, f64)],
    scale: f64,
) -> DrawResult {
    let text = MfuText {
        x_desc: tr!("charts.mfu_x"),
        y_desc: tr!(
            "charts.mfu_y",
            iso = runway_model::locale::currency().code.iso()
        ),
        marker: tr!(
            "charts.mfu_marker",
            cost = usd(e.compute_cost_usd),
            mfu = percent(s.mfu)
        ),
    };
    draw_cost_vs_mfu(root, curve, (s.mfu, e.compute_cost_usd), &text, scale)
}

/// A bar chart's bars as the model's text alternative reads them.
pub fn bars_text(bars: &[ProviderBar], text: fn(&[Bar]) -> String) -> String {
    let bars: Vec<Bar> = bars
        .iter()
        .map(|b| Bar {
            label: &b.label,
            cost_usd: b.cost_usd,
            current: b.current,
        })
        .collect();
    text(&bars)
}

fn draw_providers(
    root: &DrawingArea<MeasuredCanvas, Shift>,
    bars: &[ProviderBar],
    scale: f64,
) -> DrawResult {
    draw_cost_by_provider(
        root,
        bars,
        &tr!(
            "charts.provider_x",
            iso = runway_model::locale::currency().code.iso()
        ),
        scale,
    )
}

/// The run at every provider's list price (and the user's own price when overridden), cheapest
/// first: what the provider chart draws and its text alternative reads.
fn provider_bars(
    s: &Job,
    e: &Estimate,
    costs: &[(&str, &str, f64)],
    own_total: Option<f64>,
) -> Vec<ProviderBar> {
    let overridden = matches!(e.price, PriceSource::Override { .. });
    let mut bars: Vec<ProviderBar> = costs
        .iter()
        .map(|&(id, name, cost_usd)| ProviderBar {
            label: name.to_string(),
            cost_usd,
            current: !overridden && id == s.provider_id,
        })
        .collect();
    if overridden {
        let yours = ProviderBar {
            label: tr!("charts.your_price"),
            cost_usd: own_total.unwrap_or(e.compute_cost_usd),
            current: true,
        };
        insert_by_key(&mut bars, yours, |b| b.cost_usd);
    }
    bars
}

/// Sizes the canvas backing store to its CSS box times the device pixel ratio (sharp on HiDPI),
/// draws, and records the draw time in `data-draw-ms` and a running `data-draw-count`.
pub fn draw_on(
    canvas: &HtmlCanvasElement,
    draw: impl FnOnce(&DrawingArea<MeasuredCanvas, Shift>, f64) -> DrawResult,
) {
    let started = browser::now_ms();
    let scale = browser::device_pixel_ratio();
    // A chart first drawn for a print has no screen size (the print stylesheet sizes it from its
    // bitmap): it is drawn at the size a desktop screen shows it, and scaled down like the others.
    let first_print = browser::is_printing() && !canvas.has_attribute("data-draw-count");
    let (css_width, css_height) = if first_print {
        let tall = canvas.class_list().contains("chart-tall");
        (560, if tall { 360 } else { 300 })
    } else {
        (canvas.client_width().max(1), canvas.client_height().max(1))
    };
    let width = (f64::from(css_width) * scale).round() as u32;
    let height = (f64::from(css_height) * scale).round() as u32;
    if canvas.width() != width {
        canvas.set_width(width);
    }
    if canvas.height() != height {
        canvas.set_height(height);
    }
    let Some(backend) = MeasuredCanvas::new(canvas) else {
        return;
    };
    let result = draw(&backend.into_drawing_area(), scale);
    let count = canvas
        .get_attribute("data-draw-count")
        .and_then(|c| c.parse::<u64>().ok())
        .unwrap_or(0)
        + 1;
    let _ = canvas.set_attribute("data-draw-count", &count.to_string());
    let _ = canvas.set_attribute(
        "data-draw-ms",
        &format!("{:.3}", browser::now_ms() - started),
    );
    if let Err(e) = result {
        let _ = canvas.set_attribute("data-draw-error", &e);
    }
}
