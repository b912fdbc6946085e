//! Chart drawing, generic over plotters' `DrawingBackend`: the page draws on a canvas, the tests draw
//! the same charts to SVG natively. Every size is multiplied by `scale` (the device pixel ratio) so
//! charts stay sharp and readable on HiDPI screens.

use plotters::chart::MeshStyle;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use runway_model::{percent, usd_compact as usd};

/// Accent for the current scenario.
pub const ACCENT: RGBColor = RGBColor(37, 99, 235);
/// Neutral for comparisons.
pub const MUTED: RGBColor = RGBColor(148, 163, 184);
pub(crate) const INK: RGBColor = RGBColor(30, 41, 59);
pub(crate) const GRID: RGBColor = RGBColor(226, 232, 240);

/// Why a chart could not be drawn (a backend error, stringified).
pub type DrawResult = Result<(), String>;

fn px(scale: f64, v: f64) -> u32 {
    (v * scale).round().max(1.0) as u32
}

/// A text style whose glyphs are `size_px` CSS pixels tall at scale 1 (plotters divides a font's
/// nominal size by 1.24 when it lays text out).
fn font(scale: f64, size_px: f64) -> TextStyle<'static> {
    ("sans-serif", size_px * 1.24 * scale)
        .into_font()
        .color(&INK)
}

/// The look every chart's grid and axes share: bold grid lines only, ink axes, 12 px labels.
fn house_style<'m, 'a, 'b, X: Ranged, Y: Ranged, DB: DrawingBackend>(
    mesh: &'m mut MeshStyle<'a, 'b, X, Y, DB>,
    scale: f64,
) -> &'m mut MeshStyle<'a, 'b, X, Y, DB> {
    mesh.light_line_style(TRANSPARENT)
        .bold_line_style(GRID)
        .axis_style(INK.stroke_width(px(scale, 1.0)))
        .label_style(font(scale, 12.0))
        .axis_desc_style(font(scale, 12.0))
}

/// The drawing area's width in CSS pixels.
fn css_width<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, scale: f64) -> f64 {
    f64::from(root.dim_in_pixel().0) / scale
}

/// Refuses an empty or degenerate range (an error, never a blank or NaN chart).
fn drawable(x_min: f64, x_max: f64, y_max: f64) -> DrawResult {
    if x_min.is_finite() && x_max > x_min && y_max.is_finite() && y_max > 0.0 {
        Ok(())
    } else {
        Err("nothing to draw".into())
    }
}

/// Characters an amount is longer than the English dollar form the label areas were sized for:
/// the display currency's prefix ("US$ " in Portuguese: 3, "R$": 1) and the scale's words
/// (Portuguese "100 mil" for "100K": 3 more). Each extra character needs 7 px more.
fn prefix_extra_chars() -> u32 {
    // "$0" is two characters, "$100K" five, "$1M" three; Portuguese "US$ 0", "US$ 100 mil",
    // "US$ 1 mi": 3, 6 and 5 more.
    let extra = |v: f64, en: usize| usd(v).chars().count().saturating_sub(en) as u32;
    extra(0.0, 2).max(extra(100_000.0, 5)).max(extra(1e6, 3))
}

/// `text`'s width in CSS pixels at the charts' 12 px label size, as the backend measures it (the
/// canvas measures its own font); 7 px a character otherwise.
fn label_width<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, text: &str, scale: f64) -> f64 {
    root.estimate_text_size(text, &font(scale, 12.0))
        .map_or(text.chars().count() as f64 * 7.0, |(w, _)| {
            f64::from(w) / scale
        })
}

/// An axis description that fits `room` CSS pixels: as given, else the words before its
/// parenthesis ("MFU (model FLOPs utilisation)" → "MFU" on a phone), never cut mid-word by the
/// canvas edge.
fn fitted_desc<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    desc: &str,
    room: f64,
    scale: f64,
) -> String {
    match desc.split_once(" (") {
        Some((short, _)) if label_width(root, desc, scale) > room => short.to_string(),
        _ => desc.to_string(),
    }
}

/// The provider bars' right margin, CSS px: half the widest x tick label the axis can end on,
/// plus 4 px (at least 12), rounded to the pixel.
fn bar_right_margin<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    longest: f64,
    scale: f64,
) -> f64 {
    (label_width(root, &usd(longest * 3.0), scale) / 2.0 + 4.0)
        .max(12.0)
        .round()
}

/// The frame every line chart shares: margins and room for the axis labels, measured: the y label
/// area holds the widest y tick label (the one for `y_max` is the longest a nice tick below it can
/// be) beside the rotated axis description, and the right margin half the widest x label, so no
/// tick label runs into the description or past the canvas edge (a phone's "US$ 8.000" did, and
/// its last "80%" was cut).
fn line_chart<'a, 'b, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    scale: f64,
    y_max: f64,
    widest_x: &str,
) -> ChartBuilder<'a, 'b, DB> {
    let y_labels = label_width(root, &usd(y_max), scale);
    let right = (label_width(root, widest_x, scale) / 2.0 + 4.0).max(12.0);
    let mut builder = ChartBuilder::on(root);
    builder
        .margin(px(scale, 12.0))
        .margin_right(px(scale, right))
        .x_label_area_size(px(scale, 42.0))
        // Tick labels, a gap, the description's line (12 px glyphs) and its gap from the edge.
        .y_label_area_size(px(scale, (y_labels + 36.0).max(56.0)));
    builder
}

/// A box in backend pixels: left, top, right, bottom.
type PixelBox = (i32, i32, i32, i32);

fn boxes_meet(a: PixelBox, b: PixelBox) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// Where a point's label goes: the top-left corner of the first of the four places beside the
/// point (right or left of it, above or below; the side with more room first, above in the lower
/// half of the plot) whose box stays inside the plotting area and clear of `avoid` (a legend, a
/// limit's label). `None` when no place fits: the label is not drawn, and the chart's caption
/// under it says the same (a label over the axis' numbers, or cut at the edge, reads as neither).
fn label_place(
    plot: PixelBox,
    point: (i32, i32),
    size: (i32, i32),
    prefer_left: bool,
    avoid: &[PixelBox],
    scale: f64,
) -> Option<(i32, i32)> {
    let gap = px(scale, 8.0) as i32;
    let (w, h) = size;
    let right = point.0 + gap;
    let left = point.0 - gap - w;
    let above = point.1 - gap - h;
    let below = point.1 + gap;
    let lower_half = point.1 > (plot.1 + plot.3) / 2;
    let xs = if prefer_left {
        [left, right]
    } else {
        [right, left]
    };
    let ys = if lower_half {
        [above, below]
    } else {
        [below, above]
    };
    ys.iter()
        .flat_map(|&y| xs.iter().map(move |&x| (x, y)))
        .find(|&(x, y)| {
            let b = (x, y, x + w, y + h);
            b.0 >= plot.0
                && b.2 <= plot.2
                && b.1 >= plot.1
                && b.3 <= plot.3
                && !avoid.iter().any(|&a| boxes_meet(a, b))
        })
}

/// The size `text` takes in `style`, in backend pixels: measured by the backend (the canvas
/// measures its own font), else 7 px a character and the style's line.
fn text_size<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    text: &str,
    style: &TextStyle,
    scale: f64,
) -> (i32, i32) {
    root.estimate_text_size(text, style).map_or(
        (
            text.chars().count() as i32 * px(scale, 7.0) as i32,
            (style.font.get_size() / 1.24 * 1.2) as i32,
        ),
        |(w, h)| (w as i32, h as i32),
    )
}

/// A marked point's label in 13 px text, where [`label_place`] finds room for it (else none).
fn draw_point_label<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: PixelBox,
    point: (i32, i32),
    label: &str,
    prefer_left: bool,
    avoid: &[PixelBox],
    scale: f64,
) -> DrawResult {
    let style = font(scale, 13.0);
    let size = text_size(root, label, &style, scale);
    match label_place(plot, point, size, prefer_left, avoid, scale) {
        Some(at) => root
            .draw(&Text::new(label.to_string(), at, style))
            .map_err(|e| format!("{e:?}")),
        None => Ok(()),
    }
}

/// The plotting area of a built chart as a [`PixelBox`].
fn plot_box<DB: DrawingBackend, CT: CoordTranslate>(area: &DrawingArea<DB, CT>) -> PixelBox {
    let (x, y) = area.get_pixel_range();
    (x.start, y.start, x.end, y.end)
}

/// The words the cost-against-MFU chart draws, in the reader's language: the page translates them,
/// this crate only draws them.
#[derive(Clone, Debug, PartialEq)]
pub struct MfuText {
    /// X axis description ("MFU (model FLOPs utilisation)").
    pub x_desc: String,
    /// Y axis description ("Total compute cost (USD)").
    pub y_desc: String,
    /// The label next to the scenario's point ("$406K at 40%").
    pub marker: String,
}

/// Total cost (y, USD) against MFU (x, fraction) with the scenario's own point marked.
/// `series` must be sorted by MFU; it is drawn as given.
pub fn draw_cost_vs_mfu<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    series: &[(f64, f64)],
    current: (f64, f64),
    text: &MfuText,
    scale: f64,
) -> DrawResult {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| format!("{e:?}");
    root.fill(&WHITE).map_err(err)?;
    let x_min = series.first().map_or(0.05, |p| p.0).min(current.0);
    let x_max = series.last().map_or(0.8, |p| p.0).max(current.0);
    let y_max = series.iter().map(|p| p.1).fold(current.1, f64::max) * 1.08;
    drawable(x_min, x_max, y_max)?;
    let narrow = css_width(root, scale) < 480.0;
    let mut chart = line_chart(root, scale, y_max, &percent(x_max))
        .build_cartesian_2d(x_min..x_max, 0f64..y_max)
        .map_err(err)?;
    let plot_width = f64::from(chart.plotting_area().dim_in_pixel().0) / scale;
    let x_desc = fitted_desc(root, &text.x_desc, plot_width, scale);
    house_style(&mut chart.configure_mesh(), scale)
        .x_labels(if narrow { 4 } else { 8 })
        .y_labels(6)
        .x_label_formatter(&|x| percent(*x))
        .y_label_formatter(&|y| usd(*y))
        .x_desc(x_desc.as_str())
        .y_desc(text.y_desc.as_str())
        .draw()
        .map_err(err)?;
    chart
        .draw_series(LineSeries::new(
            series.iter().copied(),
            ACCENT.stroke_width(px(scale, 2.0)),
        ))
        .map_err(err)?;
    let r = px(scale, 5.0);
    chart
        .draw_series(std::iter::once(Circle::new(current, r, ACCENT.filled())))
        .map_err(err)?;
    let point = chart.backend_coord(&current);
    let prefer_left = current.0 > (x_min + x_max) / 2.0;
    let plot = plot_box(chart.plotting_area());
    draw_point_label(root, plot, point, &text.marker, prefer_left, &[], scale)?;
    root.present().map_err(err)
}

/// One bar of the provider comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct ProviderBar {
    /// Label on the axis (provider name).
    pub label: String,
    /// Total cost of the run at this provider's list price, USD.
    pub cost_usd: f64,
    /// Whether this is the scenario's provider.
    pub current: bool,
}

/// The same run priced at every provider that rents the accelerator: horizontal bars, the current
/// provider in the accent colour, each bar labelled with its cost. `x_desc` is the x axis
/// description, in the reader's language ("Total cost at list price (USD)").
pub fn draw_cost_by_provider<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    bars: &[ProviderBar],
    x_desc: &str,
    scale: f64,
) -> DrawResult {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| format!("{e:?}");
    root.fill(&WHITE).map_err(err)?;
    let n = bars.len() as u32;
    // Room right of the longest bar for its label, measured: a bar of `longest` ends at
    // longest / max of the plot's width, and its label (6 px after it) must end inside it, so
    // max = longest * plot / (plot - 6 - label - 4). The plot is the canvas less the 150 px of
    // names, the 12 px left margin and a right margin that holds half the last x tick's label
    // (centred on the axis end; no wider than the label of three times the longest bar, as the
    // axis never runs that far).
    let longest = bars.iter().map(|b| b.cost_usd).fold(0.0, f64::max);
    let right = bar_right_margin(root, longest, scale);
    let plot_px = (css_width(root, scale) - 162.0 - right).max(100.0);
    let label_px = label_width(root, &usd(longest), scale);
    let max = longest * plot_px / (plot_px - label_px - 10.0).max(plot_px * 0.3);
    if n == 0 || !(max.is_finite() && max > 0.0) {
        return Err("nothing to draw".into());
    }
    // As many x ticks as fit with a 16 px gap between the widest labels, 2 to 4.
    let x_ticks = (plot_px / (label_width(root, &usd(max), scale) + 16.0)).floor() as usize;
    let x_ticks = x_ticks.clamp(2, 4);
    let mut chart = ChartBuilder::on(root)
        .margin(px(scale, 12.0))
        .margin_right(px(scale, right))
        .x_label_area_size(px(scale, 42.0))
        .y_label_area_size(px(scale, 150.0))
        .build_cartesian_2d(0f64..max, (0..n).into_segmented())
        .map_err(err)?;
    house_style(&mut chart.configure_mesh(), scale)
        .disable_y_mesh()
        .x_labels(x_ticks)
        .y_labels(bars.len())
        .x_label_formatter(&|x| usd(*x))
        .y_label_formatter(&|y| match y {
            SegmentValue::CenterOf(i) => bars
                .get(*i as usize)
                .map(|b| b.label.clone())
                .unwrap_or_default(),
            _ => String::new(),
        })
        .x_desc(x_desc)
        .draw()
        .map_err(err)?;
    chart
        .draw_series(bars.iter().enumerate().map(|(i, b)| {
            let color = if b.current { ACCENT } else { MUTED };
            let mut rect = Rectangle::new(
                [
                    (0.0, SegmentValue::Exact(i as u32)),
                    (b.cost_usd, SegmentValue::Exact(i as u32 + 1)),
                ],
                color.filled(),
            );
            rect.set_margin(px(scale, 3.0), px(scale, 3.0), 0, 0);
            rect
        }))
        .map_err(err)?;
    chart
        .draw_series(bars.iter().enumerate().map(|(i, b)| {
            EmptyElement::at((b.cost_usd, SegmentValue::CenterOf(i as u32)))
                + Text::new(
                    usd(b.cost_usd),
                    (px(scale, 6.0) as i32, -(px(scale, 7.0) as i32)),
                    font(scale, 12.0),
                )
        }))
        .map_err(err)?;
    root.present().map_err(err)
}

mod runway;
#[cfg(test)]
mod svg_probe;
mod ticks;
pub use runway::*;
pub use ticks::{date_ticks, ticks_attr, Axis, Tick};

/// One line of a sweep chart: its legend text, colour and points (x, y); points whose y is not a
/// finite number (a run that never finishes) are left out.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepSeries {
    /// Legend text.
    pub label: String,
    /// Line colour.
    pub color: RGBColor,
    /// (x, y) points, sorted by x.
    pub points: Vec<(f64, f64)>,
}

/// A cost sweep on a logarithmic x axis: cost against GPU count, or against checkpoint interval.
#[derive(Clone, Debug)]
pub struct SweepChart {
    /// One or two lines.
    pub series: Vec<SweepSeries>,
    /// A point to mark (the scenario, or the optimum) and its label.
    pub marker: Option<((f64, f64), String)>,
    /// A limit on x drawn as a dashed vertical line with its label (the provider's spot
    /// capacity, the most GPUs it rents in one job), when inside the drawn range.
    pub limit: Option<(f64, String)>,
    /// X axis description, in the reader's language.
    pub x_desc: String,
    /// Y axis description, in the reader's language.
    pub y_desc: String,
    /// Formats x tick labels.
    pub x_label: fn(f64) -> String,
}

/// A legend in the upper-left corner of `area`: a line sample and a label per entry, on a light
/// box. Drawn here rather than by plotters' series labels, which measure text through the font
/// (in a browser: a DOM element per label, a forced layout each) instead of the backend.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[(&str, RGBColor)],
    scale: f64,
) -> Result<PixelBox, String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| format!("{e:?}");
    let style = font(scale, 12.0);
    let pad = px(scale, 6.0) as i32;
    let sample = px(scale, 16.0) as i32;
    let gap = px(scale, 6.0) as i32;
    let row = px(scale, 18.0) as i32;
    let mut widest = 0;
    for (label, _) in entries {
        let (w, _) = area.estimate_text_size(label, &style).map_err(err)?;
        widest = widest.max(w as i32);
    }
    let inset = px(scale, 8.0) as i32;
    let (left, top) = (inset, inset);
    let right = left + 2 * pad + sample + gap + widest;
    let bottom = top + 2 * pad + row * entries.len() as i32;
    area.draw(&Rectangle::new(
        [(left, top), (right, bottom)],
        WHITE.mix(0.85).filled(),
    ))
    .map_err(err)?;
    area.draw(&Rectangle::new([(left, top), (right, bottom)], GRID))
        .map_err(err)?;
    for (i, (label, color)) in entries.iter().enumerate() {
        let y = top + pad + row * i as i32 + row / 2;
        let x = left + pad;
        area.draw(&PathElement::new(
            vec![(x, y), (x + sample, y)],
            color.stroke_width(px(scale, 3.0)),
        ))
        .map_err(err)?;
        area.draw(&Text::new(
            label.to_string(),
            (x + sample + gap, y),
            style.pos(Pos::new(HPos::Left, VPos::Center)),
        ))
        .map_err(err)?;
    }
    let (x0, y0) = area.get_base_pixel();
    Ok((x0 + left, y0 + top, x0 + right, y0 + bottom))
}

/// Draws a [`SweepChart`]: log-x lines with a legend, a marked point with its label.
pub fn draw_sweep<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    sweep: &SweepChart,
    scale: f64,
) -> DrawResult {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| format!("{e:?}");
    root.fill(&WHITE).map_err(err)?;
    let finite = |p: &&(f64, f64)| p.0 > 0.0 && p.0.is_finite() && p.1.is_finite();
    let all = || {
        sweep
            .series
            .iter()
            .flat_map(|s| s.points.iter().filter(finite))
    };
    let x_min = all().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let x_max = all().map(|p| p.0).fold(0.0, f64::max);
    let y_max = all().map(|p| p.1).fold(0.0, f64::max) * 1.1;
    drawable(x_min, x_max, y_max)?;
    let narrow = css_width(root, scale) < 480.0;
    let mut chart = line_chart(root, scale, y_max, &(sweep.x_label)(x_max))
        .build_cartesian_2d((x_min..x_max).log_scale(), 0f64..y_max)
        .map_err(err)?;
    let plot_width = f64::from(chart.plotting_area().dim_in_pixel().0) / scale;
    let x_desc = fitted_desc(root, &sweep.x_desc, plot_width, scale);
    // As many x labels as fit with a 16 px gap between the widest (the last one's: "1,000T"
    // tokens at the limits), at most 4 on a phone and 8 on a wider screen.
    let widest = label_width(root, &(sweep.x_label)(x_max), scale) + 16.0;
    let x_labels = ((plot_width / widest).floor() as usize).clamp(2, if narrow { 4 } else { 8 });
    house_style(&mut chart.configure_mesh(), scale)
        .x_labels(x_labels)
        .y_labels(6)
        .x_label_formatter(&|x| (sweep.x_label)(*x))
        .y_label_formatter(&|y| usd(*y))
        .x_desc(x_desc.as_str())
        .y_desc(sweep.y_desc.as_str())
        .draw()
        .map_err(err)?;
    for line in &sweep.series {
        chart
            .draw_series(LineSeries::new(
                line.points.iter().filter(finite).copied(),
                line.color.stroke_width(px(scale, 2.0)),
            ))
            .map_err(err)?;
    }
    // What a label must not cover: the legend, the limit's label.
    let mut taken: Vec<PixelBox> = Vec::new();
    // A single line is named by the chart's title; two need a legend.
    if sweep.series.len() > 1 {
        let entries: Vec<(&str, RGBColor)> = sweep
            .series
            .iter()
            .map(|l| (l.label.as_str(), l.color))
            .collect();
        taken.push(draw_legend(
            &chart.plotting_area().strip_coord_spec(),
            &entries,
            scale,
        )?);
    }
    if let Some((x, label)) = &sweep.limit {
        if *x > x_min && *x < x_max {
            chart
                .draw_series(DashedLineSeries::new(
                    [(*x, 0.0), (*x, y_max)],
                    px(scale, 6.0),
                    px(scale, 4.0),
                    INK.stroke_width(px(scale, 1.0)),
                ))
                .map_err(err)?;
            // Its label at the line's top, right of it, or left of it where it would pass the
            // plot's edge, below the legend where it would cover it.
            let style = font(scale, 12.0);
            let (w, h) = text_size(root, label, &style, scale);
            let plot = plot_box(chart.plotting_area());
            let (line_x, _) = chart.backend_coord(&(*x, y_max));
            let pad = px(scale, 4.0) as i32;
            let lx = if line_x + pad + w <= plot.2 {
                line_x + pad
            } else {
                (line_x - pad - w).max(plot.0)
            };
            let mut b = (lx, plot.1 + pad, lx + w, plot.1 + pad + h);
            for t in &taken {
                if boxes_meet(*t, b) {
                    b = (b.0, t.3 + pad, b.2, t.3 + pad + h);
                }
            }
            root.draw(&Text::new(label.clone(), (b.0, b.1), style))
                .map_err(err)?;
            taken.push(b);
        }
    }
    if let Some((at, label)) = &sweep.marker {
        if at.0 > 0.0 && at.0.is_finite() && at.1.is_finite() {
            chart
                .draw_series(std::iter::once(Circle::new(
                    *at,
                    px(scale, 5.0),
                    INK.filled(),
                )))
                .map_err(err)?;
            let point = chart.backend_coord(at);
            let plot = plot_box(chart.plotting_area());
            let prefer_left = point.0 > (plot.0 + plot.2) / 2;
            draw_point_label(root, plot, point, label, prefer_left, &taken, scale)?;
        }
    }
    root.present().map_err(err)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::svg_probe::*;

    fn svg(draw: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> DrawResult) -> String {
        let mut out = String::new();
        {
            let root = SVGBackend::with_string(&mut out, (640, 320)).into_drawing_area();
            let result = draw(&root);
            assert_eq!(result, Ok(()));
        }
        std::fs::write(std::env::temp_dir().join("runway-chart-test.svg"), &out).ok();
        out
    }

    /// The English texts of the cost-against-MFU chart, as the page passes them.
    fn mfu_text(marker: &str) -> MfuText {
        MfuText {
            x_desc: "MFU (model FLOPs utilisation)".into(),
            y_desc: "Total compute cost (USD)".into(),
            marker: marker.into(),
        }
    }

    #[test]
    fn cost_vs_mfu_draws_axes_line_and_marker() {
        // Cost at MFU m is c0 * 0.4 / m for the default run (c0 = $405,797 at 40 %).
        let series: Vec<(f64, f64)> = (5..=80)
            .map(|p| (p as f64 / 100.0, 405_797.0 * 0.4 / (p as f64 / 100.0)))
            .collect();
        let out = svg(|root| {
            draw_cost_vs_mfu(
                root,
                &series,
                (0.4, 405_797.0),
                &mfu_text("$406K at 40%"),
                1.0,
            )
        });
        assert!(out.contains("MFU (model FLOPs utilisation)"));
        assert!(out.contains("Total compute cost (USD)"));
        assert!(out.contains("<polyline"), "line series missing");
        assert!(out.contains("<circle"), "current-point marker missing");
        assert!(out.contains("$406K at 40%"));
        // Axis labels carry units: percent on x, dollars on y.
        assert!(out.contains("\n20%\n") && out.contains("\n80%\n"));
        assert!(out.contains("$1M") || out.contains("$1.5M") || out.contains("$2M"));
    }

    #[test]
    fn scale_multiplies_text_size_for_hidpi() {
        let series = vec![(0.05, 10.0), (0.8, 1.0)];
        let one =
            svg(|root| draw_cost_vs_mfu(root, &series, (0.4, 2.0), &mfu_text("$2 at 40%"), 1.0));
        let two =
            svg(|root| draw_cost_vs_mfu(root, &series, (0.4, 2.0), &mfu_text("$2 at 40%"), 2.0));
        let first_size = |svg: &str| -> f64 {
            svg.split("font-size=\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .and_then(|v| v.parse().ok())
                .unwrap_or(f64::NAN)
        };
        // Axis descriptions are 12 px at scale 1, 24 px at scale 2.
        assert!(
            (first_size(&one) - 12.0).abs() < 1e-9,
            "{}",
            first_size(&one)
        );
        assert!(
            (first_size(&two) - 24.0).abs() < 1e-9,
            "{}",
            first_size(&two)
        );
    }

    #[test]
    fn provider_bars_label_every_provider_and_highlight_the_current_one() {
        let bars = vec![
            ProviderBar {
                label: "RunPod".into(),
                cost_usd: 158_662.0,
                current: false,
            },
            ProviderBar {
                label: "Amazon Web Services".into(),
                cost_usd: 405_797.0,
                current: true,
            },
        ];
        let out =
            svg(|root| draw_cost_by_provider(root, &bars, "Total cost at list price (USD)", 1.0));
        assert!(out.contains("RunPod") && out.contains("Amazon Web Services"));
        assert!(out.contains("$159K") && out.contains("$406K"));
        let accent = format!("#{:02X}{:02X}{:02X}", ACCENT.0, ACCENT.1, ACCENT.2);
        assert!(
            out.to_uppercase().contains(&accent),
            "current bar not in accent colour"
        );
    }

    #[test]
    fn degenerate_input_is_an_error_not_a_panic() {
        let mut out = String::new();
        let root = SVGBackend::with_string(&mut out, (100, 100)).into_drawing_area();
        assert!(draw_cost_by_provider(&root, &[], "cost", 1.0).is_err());
        assert!(draw_cost_vs_mfu(&root, &[], (f64::NAN, f64::NAN), &mfu_text(""), 1.0).is_err());
    }

    #[test]
    fn charts_draw_the_words_they_are_given_and_none_of_their_own() {
        // The page passes Portuguese texts (locales/charts.yml); none of the English ones the
        // page would pass in English may appear, so no text is built inside this crate.
        let series = vec![(0.05, 10.0), (0.8, 1.0)];
        let pt = MfuText {
            x_desc: "MFU (utilização de FLOPs do modelo)".into(),
            y_desc: "Custo total de computação (USD)".into(),
            marker: "US$ 2 a 40%".into(),
        };
        let out = svg(|root| draw_cost_vs_mfu(root, &series, (0.4, 2.0), &pt, 1.0));
        for text in [&pt.x_desc, &pt.y_desc, &pt.marker] {
            assert!(out.contains(text.as_str()), "{text} missing");
        }
        for english in ["utilisation)", "Total compute cost", " at "] {
            assert!(!out.contains(english), "English {english:?} drawn");
        }
        let bars = vec![ProviderBar {
            label: "RunPod".into(),
            cost_usd: 10.0,
            current: true,
        }];
        let out = svg(|root| {
            draw_cost_by_provider(root, &bars, "Custo total a preço de tabela (USD)", 1.0)
        });
        assert!(out.contains("Custo total a preço de tabela (USD)"));
        assert!(!out.contains("Total cost"), "English axis drawn");
    }

    #[test]
    fn a_long_marker_label_near_the_right_edge_is_drawn_left_of_the_point() {
        // The point at MFU 0.45 sits at about x = 375 of 640. A 36-character label is about
        // 36 × 7.2 = 260 px wide (SVG's estimate of 13 px text): right of the point it would end
        // at 375 + 8 + 260 = 643, past the plot's right edge (628); left of it it starts at
        // 375 - 8 - 260 = 107, inside the plot (which starts right of the y labels, near 90), so it
        // is drawn there, never over the axis' numbers.
        let series = vec![(0.05, 10.0), (0.8, 1.0)];
        let label = "x".repeat(36);
        let out = svg(|root| draw_cost_vs_mfu(root, &series, (0.45, 2.0), &mfu_text(&label), 1.0));
        let text = out
            .split("<text ")
            .find(|t| t.contains(&label))
            .expect("marker label drawn");
        let fill = format!("fill=\"{}\"", css(ACCENT));
        let marker = elements(&out, "circle", &[&fill]);
        assert_eq!(marker.len(), 1);
        let (x, cx) = (number(text, "x"), number(marker[0], "cx"));
        assert!(cx > 360.0 && cx < 390.0, "point at {cx}");
        assert!(
            x > 80.0 && x < cx - 250.0,
            "label starts at {x}, point at {cx}"
        );
        // A 60-character label (430 px) fits on neither side inside the plot: it is not drawn
        // (the chart's caption says it), rather than over the y axis' numbers or cut at the edge.
        let label = "y".repeat(60);
        let out = svg(|root| draw_cost_vs_mfu(root, &series, (0.45, 2.0), &mfu_text(&label), 1.0));
        assert!(
            !out.contains(&label),
            "a label that fits nowhere is left out"
        );
        assert_eq!(
            elements(&out, "circle", &[&fill]).len(),
            1,
            "the point stays"
        );
    }

    #[test]
    fn long_dollar_labels_widen_the_room_they_are_drawn_in() {
        // Portuguese amounts carry "US$ " where English ones carry "$", and " mil" where they
        // carry "K": the label "US$ 406 mil" is measured wider than "$406K", so the AWS bar is
        // shorter than in English and its label still ends inside the plot (bar end + 6 +
        // label ≤ the plot's right edge).
        assert_eq!(prefix_extra_chars(), 0);
        let pt = runway_model::locale::Lang::Pt;
        assert_eq!(runway_model::locale::with_lang(pt, prefix_extra_chars), 6);
        let bars = vec![ProviderBar {
            label: "Amazon Web Services".into(),
            cost_usd: 405_797.0,
            current: true,
        }];
        let out = runway_model::locale::with_lang(runway_model::locale::Lang::Pt, || {
            assert_eq!(usd(405_797.0).chars().count(), 11, "{}", usd(405_797.0));
            svg(|root| draw_cost_by_provider(root, &bars, "Custo", 1.0))
        });
        let fill = format!("fill=\"{}\"", css(ACCENT));
        let bar = elements(&out, "rect", &[&fill]);
        assert_eq!(bar.len(), 1);
        let right = number(bar[0], "x") + number(bar[0], "width");
        let label = runway_model::locale::with_lang(pt, || measured(&usd(405_797.0)));
        let edge = runway_model::locale::with_lang(pt, || bar_plot(405_797.0)).right;
        assert!(
            right + 6.0 + label <= edge + 1.5,
            "bar ends at {right}, label {label} px"
        );
        let en = svg(|root| draw_cost_by_provider(root, &bars, "Cost", 1.0));
        let en_bar = elements(&en, "rect", &[&fill]);
        let en_right = number(en_bar[0], "x") + number(en_bar[0], "width");
        assert!(right < en_right - 5.0, "pt {right}, en {en_right}");
    }

    #[test]
    fn sweep_draws_both_lines_legend_and_marker_on_log_x() {
        let fast: Vec<(f64, f64)> = [8.0, 64.0, 512.0, 4096.0]
            .iter()
            .map(|&g| (g, 400_000.0))
            .collect();
        let slow: Vec<(f64, f64)> = [8.0, 64.0, 512.0, 4096.0]
            .iter()
            .map(|&g| (g, 400_000.0 + 200.0 * g))
            .chain(std::iter::once((8192.0, f64::NAN)))
            .collect();
        let chart = SweepChart {
            limit: None,
            series: vec![
                SweepSeries {
                    label: "InfiniBand NDR".into(),
                    color: ACCENT,
                    points: fast,
                },
                SweepSeries {
                    label: "Ethernet 25 Gb/s".into(),
                    color: MUTED,
                    points: slow,
                },
            ],
            marker: Some(((64.0, 400_000.0), "you: 64 GPUs".into())),
            x_desc: "Accelerators".into(),
            y_desc: "GPU bill (USD)".into(),
            x_label: |x| format!("{x:.0}"),
        };
        let out = svg(|root| draw_sweep(root, &chart, 1.0));
        // One 2 px line per series (legend swatches are 3 px), in each series' colour.
        assert_eq!(
            out.matches("stroke=\"#2563EB\" stroke-width=\"2\"").count(),
            1
        );
        assert_eq!(
            out.matches("stroke=\"#94A3B8\" stroke-width=\"2\"").count(),
            1
        );
        // The legend: one 3 px swatch per series in its colour, next to its label.
        for colour in ["#2563EB", "#94A3B8"] {
            assert_eq!(
                out.matches(&format!("stroke=\"{colour}\" stroke-width=\"3\""))
                    .count(),
                1,
                "legend swatch {colour}"
            );
        }
        assert!(out.contains("InfiniBand NDR") && out.contains("Ethernet 25 Gb/s"));
        assert!(out.contains("you: 64 GPUs") && out.contains("<circle"));
        assert!(out.contains("Accelerators") && out.contains("GPU bill (USD)"));
        // Log axis: 10, 100 and 1000 are ticks; the NaN point is left out, not drawn.
        assert!(
            out.contains("\n100\n") && out.contains("\n1000\n"),
            "log ticks"
        );
        assert!(!out.contains("NaN"));
        // Nothing finite: an error, not a blank chart.
        let empty = SweepChart {
            limit: None,
            series: vec![],
            marker: None,
            ..chart
        };
        let mut buf = String::new();
        let root = SVGBackend::with_string(&mut buf, (100, 100)).into_drawing_area();
        assert!(draw_sweep(&root, &empty, 1.0).is_err());
    }

    // Where the charts plot, by hand. The test canvas is 640 × 320 px at scale 1. Every chart has a
    // 12 px margin on each side and 42 px of x labels at the bottom; the provider bars have 150 px
    // of names on the left, so their plotting area is x 162..628 and y 12..266. The line charts
    // (cost vs MFU, sweeps) measure theirs (`line_chart`): y labels as wide as the label of y_max
    // plus 36 px (at least 56), and a right margin of half the last x label plus 4 px (at least
    // 12). Plotters maps an axis range onto its first and last pixel: x_min → left, x_max →
    // right; y = 0 → 265, y_max → 12.

    /// The plotting area's first and last pixel on each axis.
    struct Plot {
        left: f64,
        right: f64,
        top: f64,
        bottom: f64,
    }

    const BAR_PLOT: Plot = Plot {
        left: 162.0,
        right: 627.0,
        top: 12.0,
        bottom: 265.0,
    };

    /// The provider bars' plotting area when the dearest bar costs `longest`: the right margin
    /// holds half the widest x label (`bar_right_margin`).
    fn bar_plot(longest: f64) -> Plot {
        let mut out = String::new();
        let root = SVGBackend::with_string(&mut out, (640, 320)).into_drawing_area();
        let right = bar_right_margin(&root, longest, 1.0);
        assert!(right >= measured(&usd(longest * 3.0)) / 2.0 && right >= 12.0);
        Plot {
            right: 640.0 - right - 1.0,
            ..BAR_PLOT
        }
    }

    /// A text's width as the test backend measures it (what the charts measure).
    fn measured(text: &str) -> f64 {
        let mut out = String::new();
        let root = SVGBackend::with_string(&mut out, (640, 320)).into_drawing_area();
        label_width(&root, text, 1.0)
    }

    /// A line chart's plotting area for this y range and last x label, worked out from the
    /// measured labels as the comment above says.
    fn line_plot(y_max: f64, last_x: &str) -> Plot {
        let y_area = (measured(&usd(y_max)) + 36.0).max(56.0).round();
        let right = (measured(last_x) / 2.0 + 4.0).max(12.0).round();
        Plot {
            left: 12.0 + y_area,
            right: 640.0 - right - 1.0,
            ..BAR_PLOT
        }
    }

    #[test]
    fn the_line_charts_frame_holds_its_widest_labels() {
        // "$3.5M" at the top of the MFU chart and "80%" at its right end: the y label area is
        // wider than the label with room for the axis description beside it, and the right margin
        // holds half the last x label (centred on the axis end).
        let y_max = 8.0 * 405_797.0 * 1.08;
        let plot = line_plot(y_max, "80%");
        assert!(plot.left - 12.0 >= measured(&usd(y_max)) + 30.0);
        assert!(measured(&usd(y_max)) > 20.0, "the backend measures text");
        assert!(640.0 - plot.right >= measured("80%") / 2.0);
        // Portuguese labels are longer ("US$ 3,51M"): the area grows with them.
        let pt = runway_model::locale::with_lang(runway_model::locale::Lang::Pt, || {
            line_plot(8.0 * 405_797.0 * 1.08, "80%")
        });
        assert!(pt.left > plot.left, "{} ≤ {}", pt.left, plot.left);
        // A long axis description gives way to its words before the parenthesis where the plot is
        // narrower than it; a short one is kept whole.
        let mut out = String::new();
        let root = SVGBackend::with_string(&mut out, (640, 320)).into_drawing_area();
        let long = "MFU (uso de FLOPs do modelo)";
        assert_eq!(fitted_desc(&root, long, measured(long) - 1.0, 1.0), "MFU");
        assert_eq!(fitted_desc(&root, long, measured(long) + 1.0, 1.0), long);
        assert_eq!(
            fitted_desc(&root, "Accelerators", 10.0, 1.0),
            "Accelerators"
        );
    }

    impl Plot {
        /// The pixel of a point `tx`, `ty` of the way along the x and y axes (0 to 1).
        fn at(&self, tx: f64, ty: f64) -> (f64, f64) {
            (
                self.left + tx * (self.right - self.left),
                self.bottom - ty * (self.bottom - self.top),
            )
        }
    }

    #[test]
    fn cost_vs_mfu_plots_each_cost_and_the_marker_where_the_axes_put_them() {
        // Cost at MFU m is c0 × 0.4 / m: from 8 × c0 at 5 % down to c0 / 2 at 80 %.
        let c0 = 405_797.0;
        let series: Vec<(f64, f64)> = (5..=80)
            .map(|p| (p as f64 / 100.0, c0 * 0.4 / (p as f64 / 100.0)))
            .collect();
        let out =
            svg(|root| draw_cost_vs_mfu(root, &series, (0.4, c0), &mfu_text("$406K at 40%"), 1.0));
        // x from the first MFU to the last; y from 0 to 8 % above the dearest cost, 8 × c0.
        let y_max = 8.0 * c0 * 1.08;
        let plot = line_plot(y_max, "80%");
        let map = |(m, c): (f64, f64)| plot.at((m - 0.05) / 0.75, c / y_max);
        let line = line_in(&out, ACCENT);
        assert_eq!(line.len(), series.len());
        for (&got, &p) in line.iter().zip(&series) {
            assert_at(got, map(p));
        }
        // By hand: 5 % at (left, 265 − 253 / 1.08 = 30.7); 40 % at (left + width × 0.35 / 0.75,
        // 265 − 253 × 0.125 / 1.08 = 235.7); 80 % at (right, 265 − 253 × 0.0625 / 1.08 = 250.4).
        let x40 = plot.left + (plot.right - plot.left) * 0.35 / 0.75;
        assert_at(line[0], (plot.left, 30.7));
        assert_at(line[35], (x40, 235.7));
        assert_at(line[75], (plot.right, 250.4));
        // The scenario's marker sits on its point of the line.
        let fill = format!("fill=\"{}\"", css(ACCENT));
        let marker = elements(&out, "circle", &[&fill]);
        assert_eq!(marker.len(), 1);
        assert_at(
            (number(marker[0], "cx"), number(marker[0], "cy")),
            (x40, 235.7),
        );
    }

    #[test]
    fn provider_bars_are_as_long_as_their_cost_on_the_axis() {
        let bars = vec![
            ProviderBar {
                label: "RunPod".into(),
                cost_usd: 158_662.0,
                current: false,
            },
            ProviderBar {
                label: "Amazon Web Services".into(),
                cost_usd: 405_797.0,
                current: true,
            },
        ];
        let out =
            svg(|root| draw_cost_by_provider(root, &bars, "Total cost at list price (USD)", 1.0));
        // x from $0 to where the dearest bar's label ends at the plot's edge: the plot is
        // P = 640 − 162 − right margin px, the label "$406K" L px wide, 6 px after the bar and 4 px
        // clear of the edge, so x_max = 405,797 × P / (P − L − 10). Each bar starts at the axis
        // (x = 162) and ends at its cost.
        let plot = bar_plot(405_797.0);
        let width = plot.right + 1.0 - 162.0;
        let bar = |c: RGBColor| {
            let fill = format!("fill=\"{}\"", css(c));
            let rects = elements(&out, "rect", &[&fill]);
            assert_eq!(rects.len(), 1, "one {fill} bar");
            let r = rects[0];
            let (x, w) = (number(r, "x"), number(r, "width"));
            (x, x + w, number(r, "y"), number(r, "height"))
        };
        let (aws, runpod) = (bar(ACCENT), bar(MUTED));
        let label = measured(&usd(405_797.0));
        let x_max = 405_797.0 * width / (width - label - 10.0);
        for ((left, right, _, _), cost) in [(aws, 405_797.0), (runpod, 158_662.0)] {
            assert_at((left, 0.0), (plot.left, 0.0));
            assert_at((right, 0.0), (plot.at(cost / x_max, 0.0).0, 0.0));
        }
        // The AWS label ends inside the plot: bar end + 6 + L ≤ its right edge.
        assert!(
            aws.1 + 6.0 + label <= plot.right + 1.5,
            "label ends at {}",
            aws.1 + 6.0 + label
        );
        // And the bars keep their ratio: RunPod's is 158,662 / 405,797 of AWS's.
        assert!(((runpod.1 - 162.0) / (aws.1 - 162.0) - 158_662.0 / 405_797.0).abs() < 0.01);
        // One row each, the first bar at the bottom, rows of equal height (to the rounded pixel).
        assert!(runpod.2 > aws.2 + aws.3 - 1.0, "bar 1 below bar 2");
        assert!((runpod.3 - aws.3).abs() <= 1.0 && aws.3 > 0.0);
        assert!(aws.2 >= plot.top && runpod.2 + runpod.3 <= plot.bottom);
    }

    #[test]
    fn sweep_plots_points_on_a_log_x_axis_where_the_axes_put_them() {
        let gpus = [8.0, 64.0, 512.0, 4096.0];
        let chart = SweepChart {
            limit: None,
            series: vec![
                SweepSeries {
                    label: "fast".into(),
                    color: ACCENT,
                    points: gpus.iter().map(|&g| (g, 400_000.0)).collect(),
                },
                SweepSeries {
                    label: "slow".into(),
                    color: MUTED,
                    points: gpus
                        .iter()
                        .map(|&g| (g, 400_000.0 + 200.0 * g))
                        .chain(std::iter::once((8192.0, f64::NAN)))
                        .collect(),
                },
            ],
            marker: Some(((64.0, 400_000.0), "you".into())),
            x_desc: "Accelerators".into(),
            y_desc: "GPU bill (USD)".into(),
            x_label: |x| format!("{x:.0}"),
        };
        let out = svg(|root| draw_sweep(root, &chart, 1.0));
        // x: log scale from 8 to 4096 GPUs (the NaN point is left out), so 64 and 512 are a third
        // and two thirds of the way; y: $0 to 10 % above the dearest point, 1.1 × $1,219,200.
        let y_max = 1.1 * (400_000.0 + 200.0 * 4096.0);
        let plot = line_plot(y_max, "4096");
        let map = |g: f64, usd: f64| plot.at((g / 8.0f64).ln() / 512f64.ln(), usd / y_max);
        for (color, series) in [(ACCENT, &chart.series[0]), (MUTED, &chart.series[1])] {
            let line = line_in(&out, color);
            assert_eq!(line.len(), 4, "the NaN point is left out");
            for (&got, &(g, usd)) in line.iter().zip(&series.points) {
                assert_at(got, map(g, usd));
            }
        }
        // By hand: $400,000 is at y = 265 − 253 × 400,000 / 1,341,120 = 189.5; 64 GPUs a third of
        // the way across; the slow line's 4,096 GPUs ($1,219,200) at (right, 265 − 253 / 1.1 = 35).
        let x64 = plot.left + (plot.right - plot.left) / 3.0;
        assert_at(line_in(&out, ACCENT)[1], (x64, 189.5));
        assert_at(line_in(&out, MUTED)[3], (plot.right, 35.0));
        let fill = format!("fill=\"{}\"", css(INK));
        let marker = elements(&out, "circle", &[&fill]);
        assert_eq!(marker.len(), 1);
        assert_at(
            (number(marker[0], "cx"), number(marker[0], "cy")),
            (x64, 189.5),
        );
    }
}
