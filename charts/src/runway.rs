//! The runway chart: grant balances stacked while usable, cumulative spend and cash, the money that
//! expires unused as hatched grey blocks at its expiry, and numbered markers, over the plan's window
//! with dates on the axis. The legend and the markers' key are HTML under the canvas (the page draws
//! them from the colours exported here), so nothing in the plot covers the data or is clipped.

use plotters::coord::Shift;
use plotters::prelude::*;
use runway_model::usd_compact as usd;

use super::ticks::{date_ticks, Axis, Tick};
use super::{font, house_style, px, GRID, INK, MUTED};

/// Colours of stacked grants, in plan order (repeats after eight).
pub const GRANT_COLORS: [RGBColor; 8] = [
    RGBColor(134, 239, 172),
    RGBColor(147, 197, 253),
    RGBColor(253, 224, 71),
    RGBColor(216, 180, 254),
    RGBColor(253, 186, 116),
    RGBColor(94, 234, 212),
    RGBColor(249, 168, 212),
    RGBColor(190, 242, 100),
];
/// Cumulative cash line colour.
pub const CASH: RGBColor = RGBColor(220, 38, 38);
/// Cumulative spend line colour.
pub const SPEND: RGBColor = INK;
/// Expired-unused blocks: fill, and the colour of their hatching and outline.
pub const EXPIRED_FILL: RGBColor = RGBColor(226, 232, 240);
/// Hatching and outline of expired-unused blocks.
pub const EXPIRED: RGBColor = RGBColor(71, 85, 105);

/// The uncertainty band of the cash start date (P10 to P90), a translucent wash of [`CASH`].
pub const CASH_BAND_ALPHA: f64 = 0.12;

/// A colour as CSS text, `#RRGGBB`, for the HTML legend.
pub fn css(c: RGBColor) -> String {
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}

/// What the runway chart shows. Daily series have one value per simulated day (day 0 first); days
/// past them (the window's margin) bill nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct RunwayChart {
    /// Per grant, in plan order: its end-of-day balance while usable (0 otherwise).
    pub balances: Vec<Vec<f64>>,
    /// Spend per day.
    pub daily_spend: Vec<f64>,
    /// Cash per day.
    pub daily_cash: Vec<f64>,
    /// Money expired unused: (day it expires, USD).
    pub expired: Vec<(u32, f64)>,
    /// Numbered markers: (day, number shown). Their meaning is in the HTML key.
    pub markers: Vec<(u32, String)>,
    /// The days the x axis spans, first to last (plan days).
    pub window: (u32, u32),
    /// The date of day 0: with it the axis reads in dates ("9 Jan 2027"), without it in days.
    pub day0: Option<runway_model::Date>,
    /// The uncertainty band of the cash start date: P10 to P90 (plan days; "never" as the window's
    /// end), shaded behind the data. `None`: no band.
    pub cash_start_band: Option<(u32, u32)>,
    /// An axis label without a day 0, in the reader's language, `{n}` standing for the day
    /// number: "day {n}", "dia {n}" (the page translates it; this crate has no words).
    pub day_axis: String,
}

/// Where the plotting area sits, in CSS pixels from the canvas edges: room for the y labels on the
/// left, the x labels below, and a little on the right (a date label near the right edge is moved
/// inside the canvas, never cut off).
pub const MARGIN: f64 = 12.0;
/// Width of the y label area, CSS px, for "$" amounts; 7 px more per character of a longer
/// currency prefix.
pub const Y_LABELS: f64 = 60.0;
/// Height of the x label area, CSS px.
pub const X_LABELS: f64 = 30.0;
/// Extra room right of the plot, CSS px; [`RIGHT_NARROW`] on a canvas under 480 px.
pub const RIGHT: f64 = 36.0;
/// Extra room right of the plot on a phone, CSS px.
pub const RIGHT_NARROW: f64 = 16.0;
/// The least room between two date labels, CSS px.
pub const TICK_GAP: f64 = 20.0;

/// The date labels the runway chart drew, left to right, in CSS pixels from the canvas's left
/// edge (the page exposes their boxes for tests as `data-ticks`).
pub type DrawnTicks = Vec<Tick>;

/// Draws a [`RunwayChart`]. At most ~400 points per series. Returns the date labels it drew.
pub fn draw_runway<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    data: &RunwayChart,
    scale: f64,
) -> Result<DrawnTicks, String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| format!("{e:?}");
    root.fill(&WHITE).map_err(err)?;
    let (start, end) = data.window;
    if data.daily_spend.is_empty() || end <= start {
        return Err("nothing to draw".into());
    }
    let span = end - start;
    let step = (span as usize + 1).div_ceil(400).max(1);
    let sample: Vec<u32> = (start..=end)
        .step_by(step)
        .chain(std::iter::once(end))
        .fold(Vec::new(), |mut v, d| {
            if v.last() != Some(&d) {
                v.push(d);
            }
            v
        });
    let cumulative = |daily: &[f64]| -> Vec<f64> {
        daily
            .iter()
            .scan(0.0, |acc, v| {
                *acc += v;
                Some(*acc)
            })
            .collect()
    };
    // Cumulative up to the end of day d; flat past the simulated days.
    let at = |series: &[f64], d: u32| -> f64 {
        series
            .get(d as usize)
            .or(series.last())
            .copied()
            .unwrap_or(0.0)
    };
    let spend = cumulative(&data.daily_spend);
    let cash = cumulative(&data.daily_cash);
    let mut stacks: Vec<Vec<f64>> = Vec::with_capacity(data.balances.len());
    let mut below = vec![0.0; sample.len()];
    for balance in &data.balances {
        let top: Vec<f64> = sample
            .iter()
            .zip(&below)
            .map(|(&d, b)| b + balance.get(d as usize).copied().unwrap_or(0.0))
            .collect();
        below.clone_from(&top);
        stacks.push(top);
    }
    let expired: Vec<(u32, f64)> = data
        .expired
        .iter()
        .copied()
        .filter(|&(d, usd)| (start..=end).contains(&d) && usd.is_finite() && usd > 0.0)
        .collect();
    let y_max = below
        .iter()
        .copied()
        .chain(sample.iter().map(|&d| at(&spend, d)))
        .chain(expired.iter().map(|e| e.1))
        .filter(|v| v.is_finite())
        .fold(1.0, f64::max)
        * 1.1;
    let (x_min, x_max) = (f64::from(start), f64::from(end));
    let width = f64::from(root.dim_in_pixel().0) / scale;
    let narrow = width < 480.0;
    let mut chart = ChartBuilder::on(root)
        .margin_top(px(scale, MARGIN))
        .margin_bottom(px(scale, MARGIN))
        .margin_left(px(scale, MARGIN))
        .margin_right(px(scale, if narrow { RIGHT_NARROW } else { RIGHT }))
        .x_label_area_size(px(scale, X_LABELS))
        // 7 px more for each character of the currency prefix past "$" ("US$ 400K").
        .y_label_area_size(px(
            scale,
            Y_LABELS + 7.0 * f64::from(super::prefix_extra_chars()),
        ))
        .build_cartesian_2d(x_min..x_max, 0f64..y_max)
        .map_err(err)?;
    // The dates are drawn below, where the labels fit; the mesh draws the amounts.
    house_style(&mut chart.configure_mesh(), scale)
        .disable_x_mesh()
        .x_labels(0)
        .y_labels(if narrow { 5 } else { 6 })
        .y_label_formatter(&|y| usd(*y))
        .draw()
        .map_err(err)?;
    let ticks = draw_dates(root, &chart, data, y_max, scale).map_err(err)?;
    // The cash start date's P10-P90 band, behind everything else; at least one day wide.
    if let Some((a, b)) = data.cash_start_band {
        let a = f64::from(a).clamp(x_min, x_max);
        let b = f64::from(b).clamp(x_min, x_max).max((a + 1.0).min(x_max));
        if b > a {
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(a, 0.0), (b, y_max)],
                    CASH.mix(CASH_BAND_ALPHA).filled(),
                )))
                .map_err(err)?;
        }
    }
    // A balance holds from one sampled day to the next: steps, so an approval or an expiry is a
    // vertical edge on its day, not a slope from the day before.
    let steps = |values: &[f64]| -> Vec<(f64, f64)> {
        let mut out = Vec::with_capacity(2 * sample.len());
        for (i, (&d, &y)) in sample.iter().zip(values).enumerate() {
            out.push((f64::from(d), y));
            if let Some(&next) = sample.get(i + 1) {
                out.push((f64::from(next), y));
            }
        }
        out
    };
    let mut base = vec![0.0; sample.len()];
    for (i, top) in stacks.iter().enumerate() {
        let color = GRANT_COLORS[i % GRANT_COLORS.len()];
        let outline: Vec<(f64, f64)> = steps(top)
            .into_iter()
            .chain(steps(&base).into_iter().rev())
            .collect();
        chart
            .draw_series(std::iter::once(Polygon::new(
                outline,
                color.mix(0.85).filled(),
            )))
            .map_err(err)?;
        base.clone_from(top);
    }
    // Expired money: a hatched grey block as tall as the amount lost, just after its expiry line
    // (about 2 % of the axis wide, at least 6 px).
    let block_days = (f64::from(span) * 0.02).max(6.0 * f64::from(span) / (width * 0.8));
    for &(day, usd_lost) in &expired {
        let x0 = f64::from(day);
        let x1 = (x0 + block_days).min(x_max);
        let x0 = if x1 - x0 < block_days {
            x1 - block_days
        } else {
            x0
        };
        let (left, top) = chart.backend_coord(&(x0, usd_lost));
        let (right, bottom) = chart.backend_coord(&(x1, 0.0));
        // A small loss against a large bill stays visible: at least 4 px tall.
        let top = top.min(bottom - px(scale, 4.0) as i32);
        root.draw(&Rectangle::new(
            [(left, top), (right, bottom)],
            EXPIRED_FILL.filled(),
        ))
        .map_err(err)?;
        hatch(root, (left, top), (right, bottom), scale).map_err(err)?;
        root.draw(&Rectangle::new(
            [(left, top), (right, bottom)],
            EXPIRED.stroke_width(px(scale, 1.0)),
        ))
        .map_err(err)?;
    }
    let line = |series: &[f64]| -> Vec<(f64, f64)> {
        sample
            .iter()
            .map(|&d| (f64::from(d), at(series, d)))
            .collect()
    };
    chart
        .draw_series(LineSeries::new(
            line(&spend),
            SPEND.stroke_width(px(scale, 2.0)),
        ))
        .map_err(err)?;
    chart
        .draw_series(LineSeries::new(
            line(&cash),
            CASH.stroke_width(px(scale, 2.0)),
        ))
        .map_err(err)?;
    draw_markers(root, &chart, data, (x_min, x_max), y_max, scale).map_err(err)?;
    root.present().map_err(err)?;
    Ok(ticks
        .into_iter()
        .map(|t| Tick {
            x: t.x / scale,
            left: t.left / scale,
            right: t.right / scale,
            ..t
        })
        .collect())
}

/// The date labels under the axis, each with its grid line and tick mark: as many as fit the
/// canvas (see [`date_ticks`]), none cut off. Returns them in device pixels.
fn draw_dates<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &RunwayContext<DB>,
    data: &RunwayChart,
    y_max: f64,
    scale: f64,
) -> Result<Vec<Tick>, DrawingAreaErrorKind<DB::ErrorType>> {
    let style = font(scale, 12.0);
    let x_of = |day: u32| f64::from(chart.backend_coord(&(f64::from(day), 0.0)).0);
    // Measured by the backend (the canvas measures its own font); 7 px a character otherwise.
    let measure = |label: &str| {
        root.estimate_text_size(label, &style)
            .map_or(label.chars().count() as f64 * 7.0 * scale, |(w, _)| {
                f64::from(w)
            })
    };
    let ticks = date_ticks(
        &Axis {
            window: data.window,
            x_of: &x_of,
            canvas: f64::from(root.dim_in_pixel().0),
            gap: TICK_GAP * scale,
            max: 8,
            measure: &measure,
        },
        data.day0,
        &data.day_axis,
    );
    let (_, top) = chart.backend_coord(&(0.0, y_max));
    let (_, bottom) = chart.backend_coord(&(0.0, 0.0));
    for t in &ticks {
        let x = t.x.round() as i32;
        root.draw(&PathElement::new(vec![(x, top), (x, bottom)], GRID))?;
        root.draw(&PathElement::new(
            vec![(x, bottom), (x, bottom + px(scale, 5.0) as i32)],
            INK.stroke_width(px(scale, 1.0)),
        ))?;
        root.draw(&Text::new(
            t.label.clone(),
            (t.left.round() as i32, bottom + px(scale, 8.0) as i32),
            style.clone(),
        ))?;
    }
    Ok(ticks)
}

/// The runway chart's plotting context: days across, dollars up.
type RunwayContext<'a, DB> = ChartContext<
    'a,
    DB,
    Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
>;

/// Diagonal lines (45°, every 5 px) inside the pixel rectangle `top_left`..`bottom_right`.
fn hatch<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    (left, top): (i32, i32),
    (right, bottom): (i32, i32),
    scale: f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let gap = px(scale, 5.0) as i32;
    let h = bottom - top;
    if h <= 0 || right <= left {
        return Ok(());
    }
    // Line k runs up and to the right from (c, bottom) to (c + h, top), clipped to [left, right].
    let mut c = left - h;
    while c < right {
        let (mut x0, mut y0, mut x1, mut y1) = (c, bottom, c + h, top);
        if x0 < left {
            y0 -= left - x0;
            x0 = left;
        }
        if x1 > right {
            y1 += x1 - right;
            x1 = right;
        }
        if x1 > x0 {
            root.draw(&PathElement::new(
                vec![(x0, y0), (x1, y1)],
                EXPIRED.stroke_width(px(scale, 1.0)),
            ))?;
        }
        c += gap;
    }
    Ok(())
}

/// Vertical marker lines with their numbers inside the top of the plot. A number that would touch
/// the previous one drops a row (three rows); near the right edge it goes left of its line.
fn draw_markers<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &RunwayContext<DB>,
    data: &RunwayChart,
    (x_min, x_max): (f64, f64),
    y_max: f64,
    scale: f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let style = font(scale, 12.0);
    let row_h = px(scale, 16.0) as i32;
    let pad = px(scale, 3.0) as i32;
    let (plot_right, plot_top) = chart.backend_coord(&(x_max, y_max));
    let (plot_left, _) = chart.backend_coord(&(x_min, y_max));
    // Three rows of labels at the top; each row keeps the spans its labels take, so a label never
    // covers another (a label flipped left of its line near the right edge included).
    let mut rows: [Vec<(i32, i32)>; 3] = Default::default();
    let mut markers: Vec<&(u32, String)> = data
        .markers
        .iter()
        .filter(|m| (x_min..=x_max).contains(&f64::from(m.0)))
        .collect();
    markers.sort_by_key(|m| m.0);
    for (day, label) in markers {
        let x = f64::from(*day);
        let (line_x, _) = chart.backend_coord(&(x, 0.0));
        root.draw(&PathElement::new(
            vec![
                chart.backend_coord(&(x, 0.0)),
                chart.backend_coord(&(x, y_max)),
            ],
            MUTED.stroke_width(px(scale, 1.0)),
        ))?;
        let (w, _) = root.estimate_text_size(label, &style)?;
        let w = w as i32;
        let free = |row: &[(i32, i32)], left: i32| {
            left >= plot_left
                && left + w <= plot_right
                && row
                    .iter()
                    .all(|&(a, b)| left + w + pad <= a || b + pad <= left)
        };
        // Right of its line, else left of it; in the first row with room; else right after the
        // last label of the row that ends first, as close to its line as the rows allow. A label
        // with no room anywhere is left out: its line stays, and the key under the chart names it.
        let beside = [line_x + pad, line_x - pad - w];
        let place = (0..rows.len())
            .flat_map(|r| beside.iter().map(move |&l| (r, l)))
            .find(|&(r, l)| free(&rows[r], l))
            .or_else(|| {
                (0..rows.len())
                    .map(|r| {
                        (
                            r,
                            rows[r]
                                .iter()
                                .map(|&(_, b)| b + pad)
                                .max()
                                .unwrap_or(plot_left),
                        )
                    })
                    .filter(|&(r, l)| free(&rows[r], l))
                    .min_by_key(|&(_, l)| l)
            });
        let Some((row, left)) = place else {
            continue;
        };
        rows[row].push((left, left + w));
        let top = plot_top + pad + row as i32 * row_h;
        root.draw(&Rectangle::new(
            [(left - 1, top - 1), (left + w + 1, top + row_h - pad)],
            WHITE.mix(0.9).filled(),
        ))?;
        root.draw(&Text::new(label.clone(), (left, top), style.clone()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::svg_probe::*;
    use runway_model::Date;

    /// A chart drawn to SVG at `width` × `height` CSS px, scale 1.
    fn svg(data: &RunwayChart, width: u32, height: u32) -> String {
        let mut out = String::new();
        {
            let root = SVGBackend::with_string(&mut out, (width, height)).into_drawing_area();
            assert!(draw_runway(&root, data, 1.0).is_ok());
        }
        std::fs::write(
            std::env::temp_dir().join(format!("runway-{width}.svg")),
            &out,
        )
        .ok();
        out
    }

    /// Every `<text>`: its x, y and content.
    fn texts(svg: &str) -> Vec<(f64, f64, String)> {
        svg.split("<text ")
            .skip(1)
            .map(|rest| {
                let (head, body) = rest.split_once('>').unwrap_or((rest, ""));
                let content = body.split("</text>").next().unwrap_or("").trim();
                (number(head, "x"), number(head, "y"), content.to_string())
            })
            .collect()
    }

    /// $10 a day on days 20-29 ($100); grant A ($60) usable days 12-32 pays days 20-25, cash pays
    /// days 26-29 ($40); grant B ($50) pays nothing and expires unused on day 40. Day 0 is 1 Dec 2026.
    fn plan() -> RunwayChart {
        let days = 45;
        RunwayChart {
            balances: vec![
                (0..days)
                    .map(|d| match d {
                        12..=19 => 60.0,
                        20..=25 => 60.0 - 10.0 * (d as f64 - 19.0),
                        _ => 0.0,
                    })
                    .collect(),
                (0..days)
                    .map(|d| if (3..40).contains(&d) { 50.0 } else { 0.0 })
                    .collect(),
            ],
            daily_spend: (0..days)
                .map(|d| if (20..30).contains(&d) { 10.0 } else { 0.0 })
                .collect(),
            daily_cash: (0..days)
                .map(|d| if (26..30).contains(&d) { 10.0 } else { 0.0 })
                .collect(),
            expired: vec![(40, 50.0)],
            markers: vec![
                (12, "1".into()),
                (20, "2".into()),
                (26, "3".into()),
                (40, "4".into()),
            ],
            window: (10, 42),
            day0: Date::new(2026, 12, 1),
            cash_start_band: None,
            day_axis: "day {n}".into(),
        }
    }

    #[test]
    fn without_a_day_0_the_axis_reads_the_day_label_it_is_given() {
        // Window days 10-42; six labels at most, each the given label with its day number.
        let data = RunwayChart {
            day0: None,
            day_axis: "dia {n}".into(),
            ..plan()
        };
        let labels: Vec<String> = texts(&svg(&data, 640, 320))
            .into_iter()
            .map(|t| t.2)
            .filter(|t| t.starts_with("dia "))
            .collect();
        assert!(labels.len() >= 3, "{labels:?}");
        assert!(labels.iter().any(|l| l == "dia 10"), "{labels:?}");
        assert!(
            labels
                .iter()
                .all(|l| l[4..].parse::<u32>().is_ok_and(|d| (10..=42).contains(&d))),
            "{labels:?}"
        );
    }

    #[test]
    fn the_cash_start_band_spans_p10_to_p90() {
        // No band by default: no rect in the cash colour.
        let fill = format!("fill=\"{}\"", css(CASH));
        assert!(elements(&svg(&plan(), 640, 320), "rect", &[&fill]).is_empty());
        // P10 day 26, P90 day 34: x from 72 + 16 × 531 / 32 = 337.5 to 72 + 24 × 531 / 32 = 470.25,
        // the plot's full height (y 12 to 277).
        let banded = RunwayChart {
            cash_start_band: Some((26, 34)),
            ..plan()
        };
        let out = svg(&banded, 640, 320);
        let rects = elements(&out, "rect", &[&fill]);
        assert_eq!(rects.len(), 1, "{out}");
        let r = rects[0];
        let (x, y, w, h) = (
            number(r, "x"),
            number(r, "y"),
            number(r, "width"),
            number(r, "height"),
        );
        assert_at((x, y), (337.5, TOP));
        assert_at((x + w, y + h), (470.25, BOTTOM));
    }

    // Layout at 640 × 320, scale 1: plot from x = 12 + 60 = 72 to 640 − 36 = 604 (last pixel 603),
    // y from 12 to 320 − 12 − 30 = 278 (last pixel 277). Plotters maps a range onto its first and
    // last pixel. x: days 10 to 42 (32 days), 531 px: 16.59 px a day. y: $0 to 1.1 × the highest
    // value: the $100 spent (the two grants stack to at most $110 on days 12-19: 60 + 50), so
    // y_max = 1.1 × 110 = 121, 265 px / 121 = 2.19 px a dollar.
    const LEFT: f64 = 72.0;
    const RIGHT_PX: f64 = 603.0;
    const TOP: f64 = 12.0;
    const BOTTOM: f64 = 277.0;
    fn map(day: f64, usd: f64) -> (f64, f64) {
        (
            LEFT + (day - 10.0) / 32.0 * (RIGHT_PX - LEFT),
            BOTTOM - usd / 121.0 * (BOTTOM - TOP),
        )
    }

    #[test]
    fn the_axis_spans_the_window_not_the_simulated_days() {
        let out = svg(&plan(), 640, 320);
        let spend = line_in(&out, SPEND);
        // First point day 10 ($0 spent), last day 42 ($100): the window, not days 0-44.
        assert_at(spend[0], (LEFT, BOTTOM));
        assert_at(*spend.last().unwrap(), (RIGHT_PX, map(42.0, 100.0).1));
        // By hand, day 25: $60 spent at x = 72 + 15 × 531 / 32 = 320.9, y = 277 − 60 × 265 / 121
        // = 145.6; cash $0 then, $40 from day 29 (y = 277 − 40 × 265 / 121 = 189.4).
        assert_eq!(spend.len(), 33, "one point a day, days 10-42");
        assert_at(spend[15], (320.9, 145.6));
        let cash = line_in(&out, CASH);
        assert_at(cash[15], (320.9, 277.0));
        assert_at(cash[19], map(29.0, 40.0));
        assert_at(cash[19], (LEFT + 19.0 * 531.0 / 32.0, 189.4));
        // Dates on the axis, a week apart from day 10 (11 Dec 2026), none after day 42 (12 Jan 2027).
        let labels: Vec<String> = texts(&out).into_iter().map(|t| t.2).collect();
        for date in ["11 Dec", "18 Dec", "25 Dec", "1 Jan", "8 Jan"] {
            assert!(labels.iter().any(|l| l == date), "{date} in {labels:?}");
        }
        assert!(!labels
            .iter()
            .any(|l| l == "1 Dec" || l == "15 Jan" || l.contains("Feb")));
    }

    #[test]
    fn expired_money_is_a_hatched_block_as_tall_as_the_amount_lost() {
        let out = svg(&plan(), 640, 320);
        let fill = format!("fill=\"{}\"", css(EXPIRED_FILL));
        let blocks = elements(&out, "rect", &[&fill]);
        assert_eq!(blocks.len(), 1, "one expired block");
        let b = blocks[0];
        // $50 lost on day 40: from x = 72 + 30 × 531 / 32 = 569.8, top at y = 277 − 50 × 2.19 =
        // 167.5, down to the axis; 2 % of 32 days = 0.64 day wide (10.6 px).
        let (x, y, w, h) = (
            number(b, "x"),
            number(b, "y"),
            number(b, "width"),
            number(b, "height"),
        );
        assert_at((x, y), (569.8, 167.5));
        assert_at((x + w, y + h), (569.8 + 10.6, 277.0));
        // Hatching: diagonal lines in the expired colour inside the block.
        let stroke = format!("stroke=\"{}\"", css(EXPIRED));
        let hatch = elements(&out, "polyline", &[&stroke]);
        assert!(hatch.len() >= 3, "hatched, {} lines", hatch.len());
        for l in hatch {
            for (px, py) in points(l) {
                assert!(px >= x - 1.0 && px <= x + w + 1.0 && py >= y - 1.0 && py <= y + h + 1.0);
            }
        }
    }

    #[test]
    fn a_small_loss_is_still_a_visible_block() {
        // $0.50 lost against a $121 axis is 1.1 px: drawn 4 px tall, from the axis (y = 277) up.
        let mut data = plan();
        data.expired = vec![(40, 0.5)];
        let out = svg(&data, 640, 320);
        let fill = format!("fill=\"{}\"", css(EXPIRED_FILL));
        let blocks = elements(&out, "rect", &[&fill]);
        assert_eq!(blocks.len(), 1);
        let (y, h) = (number(blocks[0], "y"), number(blocks[0], "height"));
        assert_at((y, y + h), (273.0, 277.0));
    }

    #[test]
    fn no_legend_is_drawn_in_the_plot() {
        let out = svg(&plan(), 640, 320);
        // The legend is HTML under the canvas: no series names, no legend box in the SVG.
        for t in texts(&out) {
            assert!(
                !t.2.contains("cumulative") && !t.2.contains("cash") && !t.2.contains("expire"),
                "{t:?}"
            );
        }
    }

    /// Marker numbers sit inside the plot at both widths, even the one near the right edge.
    #[test]
    fn marker_numbers_are_inside_the_plot_at_phone_and_desktop_widths() {
        for (width, height) in [(358, 380), (640, 320), (1180, 360)] {
            let mut data = plan();
            data.markers.push((42, "5".into()));
            let out = svg(&data, width, height);
            let right = f64::from(width) - if width < 480 { RIGHT_NARROW } else { RIGHT };
            let numbers: Vec<(f64, f64, String)> = texts(&out)
                .into_iter()
                .filter(|t| t.2.len() == 1 && t.2.chars().all(|c| c.is_ascii_digit()))
                .filter(|t| t.1 < 60.0)
                .collect();
            let shown: Vec<&str> = numbers.iter().map(|t| t.2.as_str()).collect();
            assert_eq!(shown, ["1", "2", "3", "4", "5"], "at {width} px");
            for (x, y, n) in &numbers {
                // A digit is about 7 px wide at 12 px.
                assert!(
                    *x >= LEFT && x + 7.0 <= right && *y >= TOP,
                    "marker {n} at ({x}, {y}) outside the plot at {width} px"
                );
            }
            // Two numbers on one row never overlap.
            for (i, a) in numbers.iter().enumerate() {
                for b in &numbers[i + 1..] {
                    assert!(
                        (a.1 - b.1).abs() > 1.0 || (a.0 - b.0).abs() >= 7.0,
                        "{a:?} and {b:?} overlap at {width} px"
                    );
                }
            }
        }
    }

    /// Markers on one day (a plan whose grants are approved, run out and expire together) never
    /// print over each other: three rows, then right after the row's last label, else left out
    /// (the key under the chart names it). The many-line plan of the layout audit piled four on
    /// one row at 390 px.
    #[test]
    fn markers_on_one_day_take_their_own_places_or_none() {
        for (width, height) in [(358, 380), (640, 320)] {
            let mut data = plan();
            data.markers = (1..=7).map(|n| (20, n.to_string())).collect();
            let out = svg(&data, width, height);
            let numbers: Vec<(f64, f64, String)> = texts(&out)
                .into_iter()
                .filter(|t| t.2.len() == 1 && t.2.chars().all(|c| c.is_ascii_digit()))
                .filter(|t| t.1 < 90.0)
                .collect();
            // SVG estimates a 12 px digit at about 7 px: boxes of 7 × 16 px.
            for (i, a) in numbers.iter().enumerate() {
                for b in &numbers[i + 1..] {
                    assert!(
                        (a.1 - b.1).abs() >= 16.0 || (a.0 - b.0).abs() >= 7.0,
                        "{a:?} and {b:?} overlap at {width} px"
                    );
                }
            }
            // At least one on each of the three rows, the first ones in order.
            let rows: std::collections::BTreeSet<i64> =
                numbers.iter().map(|t| t.1.round() as i64).collect();
            assert_eq!(rows.len(), 3, "{numbers:?} at {width} px");
            assert_eq!(numbers[0].2, "1");
        }
    }

    /// The date labels drawn at `width` × 380, scale 1, and the ticks `draw_runway` returned.
    fn dates(data: &RunwayChart, width: u32) -> (Vec<(f64, f64, String)>, DrawnTicks) {
        let mut out = String::new();
        let ticks = {
            let root = SVGBackend::with_string(&mut out, (width, 380)).into_drawing_area();
            draw_runway(&root, data, 1.0).unwrap_or_default()
        };
        let drawn = texts(&out)
            .into_iter()
            .filter(|t| ticks.iter().any(|k| k.label == t.2))
            .collect();
        (drawn, ticks)
    }

    #[test]
    fn a_phone_gets_fewer_shorter_date_labels_none_overlapping_or_cut_off() {
        let year = RunwayChart {
            window: (3, 380),
            ..plan()
        };
        for (data, phone_labels) in [
            (plan(), vec!["11 Dec", "25 Dec", "8 Jan"]),
            (year, vec!["Jan 2027", "Jul 2027"]),
        ] {
            let (drawn, ticks) = dates(&data, 358);
            let labels: Vec<&str> = ticks.iter().map(|t| t.label.as_str()).collect();
            assert_eq!(labels, phone_labels);
            assert_eq!(drawn.len(), ticks.len(), "each label drawn once: {drawn:?}");
            // Drawn where the ticks say, inside the canvas, at least TICK_GAP apart.
            for (t, (x, _, _)) in ticks.iter().zip(&drawn) {
                assert!((t.left - x).abs() < 1.0, "{t:?} drawn at {x}");
                assert!(t.left >= 0.0 && t.right <= 358.0, "{t:?}");
            }
            assert!(ticks.windows(2).all(|w| w[1].left >= w[0].right + TICK_GAP));
            let (_, desktop) = dates(&data, 1180);
            assert!(desktop.len() > ticks.len(), "{desktop:?}");
        }
    }

    #[test]
    fn grant_balances_stack_in_plan_order() {
        let out = svg(&plan(), 640, 320);
        let area = |c: RGBColor| {
            let fill = format!("fill=\"{}\"", css(c));
            let a = elements(&out, "polygon", &[&fill]);
            assert_eq!(a.len(), 1);
            points(a[0])
        };
        let (a, b) = (area(GRANT_COLORS[0]), area(GRANT_COLORS[1]));
        // Steps: two vertices a day, (d, balance) then (d + 1, balance). Day 15 (vertex 2 × 5 from
        // day 10): A's $60 at the bottom, B's $50 on top of it: $110.
        assert_at(a[10], map(15.0, 60.0));
        assert_at(b[10], map(15.0, 110.0));
        // Day 10, before A's approval: B alone, $50, held until day 11; A is $0 until its approval
        // on day 12, where its edge is vertical: (12, $0) then (12, $60).
        assert_at(b[0], map(10.0, 50.0));
        assert_at(b[1], map(11.0, 50.0));
        assert_at(a[3], map(12.0, 0.0));
        assert_at(a[4], map(12.0, 60.0));
    }

    #[test]
    fn nothing_to_draw_is_an_error() {
        let mut out = String::new();
        let root = SVGBackend::with_string(&mut out, (100, 100)).into_drawing_area();
        let mut data = plan();
        data.window = (5, 5);
        assert!(draw_runway(&root, &data, 1.0).is_err());
        data.window = (0, 10);
        data.daily_spend.clear();
        assert!(draw_runway(&root, &data, 1.0).is_err());
    }
}
