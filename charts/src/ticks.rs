//! The runway chart's date axis: which days get a label, chosen from the plot's width and the
//! labels' measured widths, so that no two labels touch and none leaves the canvas. A phone gets
//! fewer, shorter labels ("Mar 2027", "14 Mar") than a desktop; the full dates are in the key and
//! the summary under the chart.

use runway_model::Date;

/// A labelled day on the x axis and the box its label is drawn in. Every position is in the unit
/// the [`Axis`] gave (device pixels when drawing), from the canvas's left edge.
#[derive(Clone, Debug, PartialEq)]
pub struct Tick {
    /// The plan day.
    pub day: u32,
    /// Its label ("14 Mar", "Mar 2027", "day 40").
    pub label: String,
    /// Where the day is on the axis.
    pub x: f64,
    /// The label's left edge: centred on `x`, moved inside the canvas near its edges.
    pub left: f64,
    /// The label's right edge.
    pub right: f64,
}

/// The axis the labels go on.
pub struct Axis<'a> {
    /// The plan days the axis spans, first to last.
    pub window: (u32, u32),
    /// Where a plan day is on the axis.
    pub x_of: &'a dyn Fn(u32) -> f64,
    /// The canvas's width: no label crosses its edges.
    pub canvas: f64,
    /// The least room between two labels.
    pub gap: f64,
    /// The most labels on the axis, however much room there is.
    pub max: usize,
    /// A label's width as drawn.
    pub measure: &'a dyn Fn(&str) -> f64,
}

/// How far apart labelled days are.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Step {
    /// Every `n` days from the window's first day (or from day 0 without dates).
    Days(u32),
    /// The first of every `n`-th month (counted from January).
    Months(u32),
}

/// From the closest labels to the farthest apart: the first that fits is used.
const DATED: [Step; 10] = [
    Step::Days(1),
    Step::Days(2),
    Step::Days(7),
    Step::Days(14),
    Step::Months(1),
    Step::Months(2),
    Step::Months(3),
    Step::Months(6),
    Step::Months(12),
    Step::Months(24),
];
/// Without a day 0: round day numbers.
const UNDATED: [u32; 12] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];

/// The labelled days of the axis: with a day 0, dates ("14 Mar" a few days apart, "Mar 2027" months
/// apart); without, `day_axis` with `{n}` standing for the day number. The closest spacing whose
/// labels fit ([`Axis::max`] at most, [`Axis::gap`] apart, inside the canvas); when none fits,
/// the widest spacing's labels that do, from the left.
pub fn date_ticks(axis: &Axis, day0: Option<Date>, day_axis: &str) -> Vec<Tick> {
    // Labelled days only: a spacing with too many labels is never measured.
    let candidates: Vec<Vec<(u32, String)>> = match day0 {
        Some(d0) => DATED
            .iter()
            .map(|&step| dated(axis.window, d0, step))
            .collect(),
        None => UNDATED
            .iter()
            .map(|&n| undated(axis.window, n, day_axis))
            .collect(),
    };
    let placed = |days: &[(u32, String)]| -> Vec<Tick> {
        days.iter()
            .map(|(day, label)| tick(axis, *day, label.clone()))
            .collect()
    };
    if let Some(fit) = candidates
        .iter()
        .filter(|days| !days.is_empty() && days.len() <= axis.max)
        .map(|days| placed(days))
        .find(|t| apart(t, axis.gap))
    {
        return fit;
    }
    // The widest spacing, thinned from the left (its labels are few: it is never measured long).
    let widest = candidates
        .iter()
        .rev()
        .find(|days| !days.is_empty())
        .map_or_else(Vec::new, |days| placed(days));
    let mut kept: Vec<Tick> = Vec::new();
    for t in widest {
        if kept.len() < axis.max.max(1) && kept.last().is_none_or(|k| t.left >= k.right + axis.gap)
        {
            kept.push(t);
        }
    }
    kept
}

/// The labels' boxes as the page exposes them (`data-ticks`, for tests): `[[left, right], …]`,
/// to a tenth of a pixel.
pub fn ticks_attr(ticks: &[Tick]) -> String {
    let boxes: Vec<String> = ticks
        .iter()
        .map(|t| format!("[{:.1},{:.1}]", t.left, t.right))
        .collect();
    format!("[{}]", boxes.join(","))
}

/// Whether consecutive labels are at least `gap` apart.
fn apart(ticks: &[Tick], gap: f64) -> bool {
    ticks.windows(2).all(|w| w[1].left >= w[0].right + gap)
}

/// A tick for `day` labelled `label`: centred on its day, inside the canvas.
fn tick(axis: &Axis, day: u32, label: String) -> Tick {
    let x = (axis.x_of)(day);
    let w = (axis.measure)(&label);
    let left = (x - w / 2.0).min(axis.canvas - w).max(0.0);
    Tick {
        day,
        label,
        x,
        left,
        right: left + w,
    }
}

/// The window's days `step` apart, with their dates as labels.
fn dated((start, end): (u32, u32), d0: Date, step: Step) -> Vec<(u32, String)> {
    match step {
        Step::Days(n) => (start..=end)
            .step_by(n.max(1) as usize)
            .map(|d| (d, d0.plus(d).day_month()))
            .collect(),
        Step::Months(n) => {
            // Months since year 0, from the window's first month to its last.
            let index = |d: Date| i64::from(d.year()) * 12 + i64::from(d.month()) - 1;
            (index(d0.plus(start))..=index(d0.plus(end)))
                .filter(|m| m % i64::from(n.max(1)) == 0)
                .filter_map(|m| {
                    let date = Date::new(i32::try_from(m / 12).ok()?, (m % 12) as u32 + 1, 1)?;
                    let day = u32::try_from(d0.days_until(date)).ok()?;
                    (start..=end)
                        .contains(&day)
                        .then(|| (day, date.month_year()))
                })
                .collect()
        }
    }
}

/// The window's day numbers that are multiples of `n`, labelled `day_axis`.
fn undated((start, end): (u32, u32), n: u32, day_axis: &str) -> Vec<(u32, String)> {
    (start.div_ceil(n)..=end / n)
        .map(|k| k * n)
        .map(|d| (d, day_axis.replace("{n}", &d.to_string())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use runway_model::locale::{with_lang, Lang};

    /// An axis from x = 72 to `right` over `window`, on a canvas `canvas` wide, labels 7 px a
    /// character, at least 20 apart, at most 8.
    fn ticks(
        window: (u32, u32),
        right: f64,
        canvas: f64,
        day0: Option<Date>,
        day_axis: &str,
    ) -> Vec<Tick> {
        let (start, end) = window;
        let x_of =
            move |d: u32| 72.0 + f64::from(d - start) / f64::from(end - start) * (right - 72.0);
        let measure = |s: &str| 7.0 * s.chars().count() as f64;
        let axis = Axis {
            window,
            x_of: &x_of,
            canvas,
            gap: 20.0,
            max: 8,
            measure: &measure,
        };
        date_ticks(&axis, day0, day_axis)
    }

    fn labels(t: &[Tick]) -> Vec<&str> {
        t.iter().map(|t| t.label.as_str()).collect()
    }

    /// No two labels closer than the gap, none past the canvas's edges, each near its day.
    fn assert_laid_out(t: &[Tick], canvas: f64) {
        assert!(!t.is_empty());
        assert!(apart(t, 20.0), "{t:?}");
        for k in t {
            assert!(
                k.left >= 0.0 && k.right <= canvas,
                "{k:?} outside 0..{canvas}"
            );
            assert!(k.left <= k.x && k.x <= k.right, "{k:?} not over its day");
        }
    }

    fn dec_1() -> Option<Date> {
        Date::new(2026, 12, 1)
    }

    #[test]
    fn a_month_on_a_phone_is_labelled_every_two_weeks_on_a_desktop_every_week() {
        // Days 10-42 from 1 Dec 2026 (11 Dec 2026 to 12 Jan 2027). A phone's plot (72 to 342 px,
        // 270 px for 32 days: 8.4 px a day): a week is 59 px, "11 Dec" 42 px + 20 → two weeks.
        let phone = ticks((10, 42), 342.0, 358.0, dec_1(), "day {n}");
        assert_eq!(labels(&phone), ["11 Dec", "25 Dec", "8 Jan"]);
        assert_laid_out(&phone, 358.0);
        // A desktop's (72 to 1144 px): every two days would be 17 labels; every week is 5.
        let desktop = ticks((10, 42), 1144.0, 1180.0, dec_1(), "day {n}");
        assert_eq!(
            labels(&desktop),
            ["11 Dec", "18 Dec", "25 Dec", "1 Jan", "8 Jan"]
        );
        assert_laid_out(&desktop, 1180.0);
    }

    #[test]
    fn a_year_is_labelled_at_month_starts_fewer_on_a_phone() {
        // 4 Dec 2026 to 16 Dec 2027: day 3 to day 380 from 1 Dec 2026.
        let phone = ticks((3, 380), 342.0, 358.0, dec_1(), "day {n}");
        // "Jan 2027" is 56 px; months are 22 px apart on the phone: every six months fits.
        assert_eq!(labels(&phone), ["Jan 2027", "Jul 2027"]);
        assert_laid_out(&phone, 358.0);
        let desktop = ticks((3, 380), 1144.0, 1180.0, dec_1(), "day {n}");
        assert_eq!(
            labels(&desktop),
            ["Jan 2027", "Mar 2027", "May 2027", "Jul 2027", "Sep 2027", "Nov 2027"]
        );
        assert_laid_out(&desktop, 1180.0);
        // 1 Jan 2027 is day 31.
        assert_eq!(phone[0].day, 31);
    }

    #[test]
    fn portuguese_labels_are_measured_as_they_read() {
        // "jan. 2027" is 63 px, longer than "Jan 2027": still two on a phone, in Portuguese.
        let phone = with_lang(Lang::Pt, || {
            ticks((3, 380), 342.0, 358.0, dec_1(), "dia {n}")
        });
        assert_eq!(labels(&phone), ["jan. 2027", "jul. 2027"]);
        assert_laid_out(&phone, 358.0);
        let short = with_lang(Lang::Pt, || {
            ticks((10, 42), 342.0, 358.0, dec_1(), "dia {n}")
        });
        assert_eq!(labels(&short), ["11 de dez.", "25 de dez.", "8 de jan."]);
        assert_laid_out(&short, 358.0);
    }

    #[test]
    fn the_last_label_stays_inside_the_canvas() {
        // A window ending on a month start, whose label centred on the plot's right edge (x = 350
        // on a 358 px canvas) would stick out 20 px: it is moved left, and still clear of the one
        // before.
        let t = ticks((0, 31), 350.0, 358.0, dec_1(), "day {n}");
        let last = t.last().cloned().unwrap_or_else(|| panic!("no ticks"));
        assert_eq!(last.day, 28);
        assert_laid_out(&t, 358.0);
        let jan = ticks((0, 31), 350.0, 358.0, Date::new(2027, 1, 1), "day {n}");
        assert_laid_out(&jan, 358.0);
        assert!(jan.iter().all(|k| k.right <= 358.0));
    }

    #[test]
    fn the_boxes_read_as_json() {
        let t = ticks((10, 42), 342.0, 358.0, dec_1(), "day {n}");
        assert_eq!(ticks_attr(&t), "[[51.0,93.0],[169.1,211.1],[290.8,325.8]]");
        assert_eq!(ticks_attr(&[]), "[]");
    }

    #[test]
    fn without_dates_the_axis_reads_round_day_numbers() {
        let phone = ticks((10, 42), 342.0, 358.0, None, "dia {n}");
        assert_eq!(labels(&phone), ["dia 10", "dia 20", "dia 30", "dia 40"]);
        assert_laid_out(&phone, 358.0);
        // Five years: every 500 days would put "day 1000" and "day 1500" 19 px apart.
        let long = ticks((0, 1800), 342.0, 358.0, None, "day {n}");
        assert_eq!(labels(&long), ["day 0", "day 1000"]);
        assert_laid_out(&long, 358.0);
    }

    #[test]
    fn a_canvas_too_narrow_for_any_spacing_keeps_the_labels_that_fit() {
        // Five years on a 140 px canvas: not even two "Jan 2027" labels fit every two years.
        let t = ticks((0, 1826), 130.0, 140.0, dec_1(), "day {n}");
        assert!(!t.is_empty());
        assert_laid_out(&t, 140.0);
    }
}
