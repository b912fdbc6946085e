//! The charts' text alternatives: what a screen-reader user reads instead of the picture. Each
//! function takes the very series a chart draws (the page passes the same points to the canvas and
//! here) and says the answer first, then the key values, in the thread's language with numbers
//! through [`crate::io::format`]. Points that are not finite (a sweep marks a run that never finishes
//! as NaN) are left out, as the chart leaves them out; a chart with nothing to show gets a sentence
//! that says so, never a NaN.

use crate::io::format::{compact, exact, hours, percent, usd};

/// One bar of a bar chart: its label, its height in US dollars, and whether it is the plan's own.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bar<'a> {
    pub label: &'a str,
    pub cost_usd: f64,
    pub current: bool,
}

/// One line of a line chart: its legend text and its (x, y) points in x order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line<'a> {
    pub label: &'a str,
    pub points: &'a [(f64, f64)],
    /// Whether the provider offers this network: only an offered one can be "cheapest".
    pub offered: bool,
}

fn finite(points: &[(f64, f64)]) -> impl Iterator<Item = (f64, f64)> + '_ {
    points
        .iter()
        .copied()
        .filter(|(x, y)| x.is_finite() && y.is_finite())
}

/// The first and last finite points.
fn ends(points: &[(f64, f64)]) -> Option<((f64, f64), (f64, f64))> {
    let first = finite(points).next()?;
    let last = finite(points).last()?;
    Some((first, last))
}

/// The finite point with the lowest y (the first of equals).
fn lowest(points: &[(f64, f64)]) -> Option<(f64, f64)> {
    finite(points).fold(None, |best, p| match best {
        Some(b) if b.1 <= p.1 => Some(b),
        _ => Some(p),
    })
}

fn is_point(p: (f64, f64)) -> bool {
    p.0.is_finite() && p.1.is_finite()
}

/// A number of GPUs in words: "1 GPU", "1,024 GPUs" (Portuguese "1.024 GPUs").
pub fn gpu_count(v: f64) -> String {
    if v == 1.0 {
        tr!("chart_text.gpu_one")
    } else {
        tr!("chart_text.gpus", n = exact(v, 0))
    }
}

/// Cost against MFU: the cost at the lowest and highest MFU drawn, then the plan's own point.
/// "Cost falls from $3.2M at 5% MFU to $203K at 80%; at your 40%: $406K."
pub fn cost_vs_mfu(points: &[(f64, f64)], yours: (f64, f64)) -> String {
    let at_yours = is_point(yours).then(|| {
        tr!(
            "chart_text.mfu_yours",
            mfu = percent(yours.0),
            cost = usd(yours.1)
        )
    });
    match (ends(points), at_yours) {
        (Some(((x0, y0), (x1, y1))), Some(at)) if x0 < x1 => tr!(
            "chart_text.mfu",
            high = usd(y0),
            mfu_low = percent(x0),
            low = usd(y1),
            mfu_high = percent(x1),
            yours = at
        ),
        (_, Some(_)) => tr!(
            "chart_text.mfu_only",
            mfu = percent(yours.0),
            cost = usd(yours.1)
        ),
        _ => tr!("chart_text.nothing"),
    }
}

/// The cheapest and the dearest bar, how many there are, and the plan's own.
/// "Cheapest: RunPod $270K; dearest: AWS $406K; 6 providers. Yours, AWS: $406K."
pub fn cost_by_provider(bars: &[Bar]) -> String {
    let shown: Vec<&Bar> = bars.iter().filter(|b| b.cost_usd.is_finite()).collect();
    let low = shown.iter().copied().fold(None::<&Bar>, |m, b| match m {
        Some(m) if m.cost_usd <= b.cost_usd => Some(m),
        _ => Some(b),
    });
    let high = shown.iter().copied().fold(None::<&Bar>, |m, b| match m {
        Some(m) if m.cost_usd >= b.cost_usd => Some(m),
        _ => Some(b),
    });
    let mut s = match (low, high) {
        (None, _) | (_, None) => return tr!("chart_text.providers_none"),
        (Some(b), _) if shown.len() == 1 => tr!(
            "chart_text.providers_one",
            name = b.label,
            cost = usd(b.cost_usd)
        ),
        (Some(l), Some(h)) => tr!(
            "chart_text.providers",
            cheap = l.label,
            cheap_cost = usd(l.cost_usd),
            dear = h.label,
            dear_cost = usd(h.cost_usd),
            n = shown.len()
        ),
    };
    if shown.len() > 1 {
        if let Some(b) = shown.iter().find(|b| b.current) {
            s.push(' ');
            s.push_str(&tr!(
                "chart_text.providers_yours",
                name = b.label,
                cost = usd(b.cost_usd)
            ));
        }
    }
    s
}

/// The comparison's bars (at most four): the cheapest first year, then every column's.
/// "Lowest first-year cost: 2. Fine-tune, $12K. 1. Pretrain: $406K; 2. Fine-tune: $12K."
pub fn compare(bars: &[Bar]) -> String {
    let shown: Vec<&Bar> = bars.iter().filter(|b| b.cost_usd.is_finite()).collect();
    let Some(low) = shown.iter().copied().fold(None::<&Bar>, |m, b| match m {
        Some(m) if m.cost_usd <= b.cost_usd => Some(m),
        _ => Some(b),
    }) else {
        return tr!("chart_text.nothing");
    };
    let all: Vec<String> = shown
        .iter()
        .map(|b| {
            tr!(
                "chart_text.compare_item",
                name = b.label,
                cost = usd(b.cost_usd)
            )
        })
        .collect();
    tr!(
        "chart_text.compare",
        name = low.label,
        cost = usd(low.cost_usd),
        all = all.join("; ")
    )
}

/// Monthly cost against duty cycle: where reserved starts to cost less (or that it never does, or
/// that there is no reserved price), then the ends of the lines.
pub fn duty(
    busy_only: &[(f64, f64)],
    reserved: Option<&[(f64, f64)]>,
    breakeven: Option<(f64, f64)>,
) -> String {
    let Some(((d0, b0), (d1, b1))) = ends(busy_only) else {
        return tr!("chart_text.nothing");
    };
    let busy = tr!(
        "chart_text.duty_busy",
        low = usd(b0),
        duty_low = percent(d0),
        high = usd(b1),
        duty_high = percent(d1)
    );
    let reserved_month = reserved.and_then(ends).map(|(_, (_, r))| r);
    match (reserved_month, breakeven.filter(|p| is_point(*p))) {
        (None, _) => tr!("chart_text.duty_no_reserved", busy = busy),
        (Some(r), Some((d, m))) => tr!(
            "chart_text.duty_breakeven",
            duty = percent(d),
            cost = usd(m),
            busy = busy,
            reserved = usd(r)
        ),
        (Some(r), None) => tr!(
            "chart_text.duty_never",
            duty_high = percent(d1),
            high = usd(b1),
            reserved = usd(r),
            busy = busy
        ),
    }
}

/// Monthly cost against token volume: the volume where one self-hosted GPU costs what the API does
/// (or that the API costs less at every volume drawn), then both bills at the top volume.
pub fn volume(
    api: &[(f64, f64)],
    self_hosted: &[(f64, f64)],
    breakeven: Option<(f64, f64)>,
) -> String {
    let (Some((_, (v, a))), Some((_, (_, h)))) = (ends(api), ends(self_hosted)) else {
        return tr!("chart_text.nothing");
    };
    let top = tr!(
        "chart_text.volume_top",
        tokens = compact(v),
        api = usd(a),
        hosted = usd(h)
    );
    // Every volume drawn, paired: does self-hosting ever cost less?
    let hosted_wins = api
        .iter()
        .zip(self_hosted)
        .any(|(a, h)| is_point(*a) && is_point(*h) && h.1 < a.1);
    match breakeven.filter(|p| is_point(*p)) {
        Some((v, m)) => tr!(
            "chart_text.volume_breakeven",
            tokens = compact(v),
            cost = usd(m),
            top = top
        ),
        None if !hosted_wins => tr!("chart_text.volume_api", top = top),
        None => top,
    }
}

/// GPU bill against the number of GPUs, one line per network: the cheapest count over the lines
/// of networks the provider offers, the plan's own count, then each line's lowest and last point.
pub fn cost_vs_gpus(lines: &[Line], yours: (f64, f64)) -> String {
    let mut parts = Vec::new();
    let best = lines
        .iter()
        .filter(|l| l.offered)
        .filter_map(|l| lowest(l.points).map(|p| (l.label, p)))
        .fold(None::<(&str, (f64, f64))>, |m, c| match m {
            Some(m) if m.1 .1 <= c.1 .1 => Some(m),
            _ => Some(c),
        });
    if let Some((network, (g, c))) = best {
        parts.push(tr!(
            "chart_text.gpus_best",
            gpus = gpu_count(g),
            network = network,
            cost = usd(c)
        ));
    }
    if is_point(yours) {
        parts.push(tr!(
            "chart_text.gpus_yours",
            gpus = gpu_count(yours.0),
            cost = usd(yours.1)
        ));
    }
    for l in lines {
        match (lowest(l.points), ends(l.points)) {
            (Some((g, c)), Some((_, (g1, c1)))) => parts.push(tr!(
                "chart_text.gpus_line",
                network = l.label,
                cost = usd(c),
                gpus = gpu_count(g),
                last_cost = usd(c1),
                last_gpus = gpu_count(g1)
            )),
            _ => parts.push(tr!("chart_text.gpus_line_none", network = l.label)),
        }
    }
    if parts.is_empty() {
        return tr!("chart_text.nothing");
    }
    parts.join(" ")
}

/// GPU bill against the checkpoint interval: the marked optimum, then the shortest and longest
/// interval drawn.
pub fn cost_vs_interval(points: &[(f64, f64)], optimum: (f64, f64)) -> String {
    let mut parts = Vec::new();
    if is_point(optimum) {
        parts.push(tr!(
            "chart_text.interval_best",
            interval = hours(optimum.0),
            cost = usd(optimum.1)
        ));
    }
    if let Some(((t0, c0), (t1, c1))) = ends(points) {
        parts.push(tr!(
            "chart_text.interval_ends",
            short = hours(t0),
            short_cost = usd(c0),
            long = hours(t1),
            long_cost = usd(c1)
        ));
    }
    if parts.is_empty() {
        return tr!("chart_text.nothing");
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::{with_lang, Lang};

    fn no_nan(s: &str) {
        assert!(
            !s.contains("NaN") && !s.contains("inf") && !s.is_empty(),
            "{s}"
        );
    }

    #[test]
    fn mfu_states_both_ends_and_the_plan() {
        // Cost ∝ 1/MFU: $405,797.10 at 40% (the default run, cost.rs) is $3,246,376.80 at 5% (×8)
        // and $202,898.55 at 80% (×½): usd() writes "$3.2M", "$203K", "$406K".
        let points = [(0.05, 3_246_376.8), (0.4, 405_797.1), (0.8, 202_898.55)];
        let s = cost_vs_mfu(&points, (0.4, 405_797.1));
        assert_eq!(
            s,
            "Cost falls from $3.2M at 5% MFU to $203K at 80%; at your 40%: $406K."
        );
        let pt = with_lang(Lang::Pt, || cost_vs_mfu(&points, (0.4, 405_797.1)));
        assert!(
            pt.contains("US$\u{a0}3,2\u{a0}mi")
                && pt.contains("US$\u{a0}203\u{a0}mil")
                && pt.contains("40%"),
            "{pt}"
        );
        assert_ne!(pt, s);
    }

    #[test]
    fn mfu_without_a_line_still_says_the_plan_and_never_nan() {
        let s = cost_vs_mfu(&[(f64::NAN, 1.0)], (0.4, 405_797.1));
        assert_eq!(s, "At your 40% MFU: $406K.");
        let none = cost_vs_mfu(&[], (f64::NAN, f64::NAN));
        no_nan(&none);
    }

    #[test]
    fn providers_name_cheapest_dearest_count_and_yours() {
        // 58,982.137 GPU-h × $6.88 (AWS) = $405,797; × $2.49 (Lambda, made-up here) = $146,866;
        // × $4.00 = $235,929. usd(): "$406K", "$147K", "$236K".
        let bars = [
            Bar {
                label: "Lambda",
                cost_usd: 146_865.52,
                current: false,
            },
            Bar {
                label: "Other",
                cost_usd: 235_928.55,
                current: false,
            },
            Bar {
                label: "AWS",
                cost_usd: 405_797.1,
                current: true,
            },
        ];
        assert_eq!(
            cost_by_provider(&bars),
            "Cheapest: Lambda $147K; dearest: AWS $406K; 3 providers. Yours, AWS: $406K."
        );
        // Order does not matter: the dearest is found, not assumed last.
        let mut rev = bars;
        rev.reverse();
        assert_eq!(cost_by_provider(&rev), cost_by_provider(&bars));
        let pt = with_lang(Lang::Pt, || cost_by_provider(&bars));
        assert!(
            pt.contains("Lambda") && pt.contains("US$\u{a0}147\u{a0}mil") && pt.contains('3'),
            "{pt}"
        );
        assert_ne!(pt, cost_by_provider(&bars));
    }

    #[test]
    fn providers_one_or_none() {
        let one = [Bar {
            label: "Modal",
            cost_usd: 1234.0,
            current: true,
        }];
        assert_eq!(cost_by_provider(&one), "Only Modal is shown: $1,234.");
        no_nan(&cost_by_provider(&[]));
        let nan = [Bar {
            label: "X",
            cost_usd: f64::NAN,
            current: true,
        }];
        assert_eq!(cost_by_provider(&nan), cost_by_provider(&[]));
    }

    #[test]
    fn compare_lists_every_column_cheapest_first() {
        let bars = [
            Bar {
                label: "1. Pretrain",
                cost_usd: 405_797.1,
                current: false,
            },
            Bar {
                label: "2. Fine-tune",
                cost_usd: 1_500.0,
                current: true,
            },
        ];
        assert_eq!(
            compare(&bars),
            "Lowest first-year cost: 2. Fine-tune, $1,500. Each column: 1. Pretrain $406K; 2. Fine-tune $1,500."
        );
        no_nan(&compare(&[]));
    }

    #[test]
    fn duty_states_the_break_even_or_its_absence() {
        // Busy-only at $6.88/GPU-h: 730 h × 6.88 × d. At 1%: $50.22; at 100%: $5,022.40.
        // Reserved at $4.00: 730 × 4 = $2,920 a month; break-even d* = 4 / 6.88 = 58.14%.
        let busy = [(0.01, 50.224), (1.0, 5_022.4)];
        let reserved = [(0.01, 2_920.0), (1.0, 2_920.0)];
        let s = duty(&busy, Some(&reserved), Some((4.0 / 6.88, 2_920.0)));
        assert_eq!(
            s,
            "Reserved costs less above 58.14% busy, where both cost $2,920 a month. Busy-only: $50.22 a month at 1% busy to $5,022 at 100%; reserved: $2,920 a month."
        );
        // Reserved dearer than busy-only at 100% ($8 > $6.88): busy-only always wins.
        let dear = [(0.01, 5_840.0), (1.0, 5_840.0)];
        let never = duty(&busy, Some(&dear), None);
        assert!(
            never.starts_with("Busy-only costs less at every duty cycle"),
            "{never}"
        );
        assert!(never.contains("$5,840"), "{never}");
        let none = duty(&busy, None, None);
        assert!(none.starts_with("No reserved price"), "{none}");
        no_nan(&duty(&[], None, None));
        let pt = with_lang(Lang::Pt, || {
            duty(&busy, Some(&reserved), Some((4.0 / 6.88, 2_920.0)))
        });
        assert!(
            pt.contains("58,14%") && pt.contains("US$\u{a0}2.920"),
            "{pt}"
        );
    }

    #[test]
    fn volume_states_the_break_even_or_that_the_api_wins() {
        // One GPU a month at $6.88: $5,022.40; at $0.50/Mtok that buys 5,022.4 / 0.5 = 10,044.8
        // Mtok ≈ 1.0e10 tokens ("10B"). Top volume 4e10: API 40,000 Mtok × $0.50 = $20,000.
        let api = [(4e6, 2.0), (4e10, 20_000.0)];
        let hosted = [(4e6, 5_022.4), (4e10, 10_044.8)];
        let s = volume(&api, &hosted, Some((1.004_48e10, 5_022.4)));
        assert_eq!(
            s,
            "One self-hosted GPU ($5,022 a month) costs what the API does at 10B tokens a month; below that, the API costs less. At 40B tokens a month: API $20K, self-hosted $10K."
        );
        let dear = [(4e6, 5_022.4), (4e10, 25_000.0)];
        let never = volume(&api, &dear, None);
        assert!(
            never.starts_with("The API costs less at every volume shown."),
            "{never}"
        );
        no_nan(&volume(&[], &[], None));
    }

    #[test]
    fn volume_where_self_hosting_wins_says_only_the_top_bills() {
        // Self-hosting cheaper at every volume drawn ($5,022.40 flat against an API bill of
        // $10,000 at 2e10 and $20,000 at 4e10 tokens), so there is no break-even to state and the
        // API does not "cost less at every volume": the text is the top volume's two bills alone.
        // 4e10 is "40B"; usd(): "$20K", "$5,022".
        let api = [(2e10, 10_000.0), (4e10, 20_000.0)];
        let hosted = [(2e10, 5_022.4), (4e10, 5_022.4)];
        assert_eq!(
            volume(&api, &hosted, None),
            "At 40B tokens a month: API $20K, self-hosted $5,022."
        );
        assert_eq!(
            with_lang(Lang::Pt, || volume(&api, &hosted, None)),
            "Com 40\u{a0}bi tokens por mês: API US$\u{a0}20\u{a0}mil, hospedagem própria US$\u{a0}5.022."
        );
        // One volume where hosting wins is enough (the API is cheaper at 2e10 here).
        let mixed = [(2e10, 12_000.0), (4e10, 5_022.4)];
        assert_eq!(
            volume(&api, &mixed, None),
            "At 40B tokens a month: API $20K, self-hosted $5,022."
        );
    }

    #[test]
    fn gpus_names_the_cheapest_count_the_plan_and_each_network() {
        let fast = [(1.0, 500.0), (64.0, 400.0), (1024.0, 450.0)];
        let slow = [(1.0, 500.0), (64.0, 900.0), (1024.0, f64::NAN)];
        let lines = [
            Line {
                label: "IB",
                points: &fast,
                offered: true,
            },
            Line {
                label: "Eth",
                points: &slow,
                offered: true,
            },
        ];
        let s = cost_vs_gpus(&lines, (64.0, 400.0));
        assert_eq!(
            s,
            "Cheapest: 64 GPUs on IB, $400. At your 64 GPUs: $400. IB: lowest $400 at 64 GPUs, $450 at 1,024 GPUs. Eth: lowest $500 at 1 GPU, $900 at 64 GPUs."
        );
        let none = cost_vs_gpus(
            &[Line {
                label: "Eth",
                points: &[(1.0, f64::NAN)],
                offered: true,
            }],
            (f64::NAN, 1.0),
        );
        assert_eq!(none, "Eth: no GPU count shown finishes.");
        let pt = with_lang(Lang::Pt, || cost_vs_gpus(&lines, (64.0, 400.0)));
        assert!(pt.contains("1.024") && pt.contains("US$\u{a0}400"), "{pt}");
        // A network the provider does not offer is never the cheapest, however low it draws
        // (issue 43: the sweep opened with "Cheapest: … InfiniBand (not offered here)").
        let elsewhere = [
            Line {
                label: "Eth",
                points: &slow,
                offered: true,
            },
            Line {
                label: "IB (not offered here)",
                points: &fast,
                offered: false,
            },
        ];
        let s = cost_vs_gpus(&elsewhere, (64.0, 900.0));
        assert!(s.starts_with("Cheapest: 1 GPU on Eth, $500."), "{s}");
    }

    #[test]
    fn mfu_with_one_point_drawn_says_only_the_plan() {
        // A curve of one MFU (both ends at 40%) has no "from … to …": it would read "Cost falls
        // from $406K at 40% MFU to $406K at 40%". The plan's own figure alone.
        let s = cost_vs_mfu(&[(0.4, 405_797.1)], (0.4, 405_797.1));
        assert_eq!(s, "At your 40% MFU: $406K.");
    }

    #[test]
    fn compare_finds_the_cheapest_wherever_it_is_and_keeps_the_first_of_a_tie() {
        let bar = |label, cost_usd| Bar {
            label,
            cost_usd,
            current: false,
        };
        // Cheapest first: $1,500 < $406K.
        let first = [bar("1. Fine-tune", 1_500.0), bar("2. Pretrain", 405_797.1)];
        assert!(
            compare(&first).starts_with("Lowest first-year cost: 1. Fine-tune, $1,500."),
            "{}",
            compare(&first)
        );
        // Cheapest in the middle of three.
        let middle = [
            bar("1. Pretrain", 405_797.1),
            bar("2. LoRA", 900.0),
            bar("3. Fine-tune", 1_500.0),
        ];
        assert!(
            compare(&middle).starts_with("Lowest first-year cost: 2. LoRA, $900."),
            "{}",
            compare(&middle)
        );
        // Two columns at the same cost: the first is named.
        let tie = [bar("1. A", 1_500.0), bar("2. B", 1_500.0)];
        assert!(
            compare(&tie).starts_with("Lowest first-year cost: 1. A, $1,500."),
            "{}",
            compare(&tie)
        );
    }

    #[test]
    fn volume_where_hosting_only_ties_the_api_says_the_api_costs_less() {
        // Self-hosting equals the API at the top volume ($20,000 each at 4e10 tokens) and costs
        // more below it: it never costs less, so the API "costs less at every volume shown" (a
        // tie is not a win), and no break-even was found.
        let api = [(4e6, 2.0), (4e10, 20_000.0)];
        let hosted = [(4e6, 5_022.4), (4e10, 20_000.0)];
        let s = volume(&api, &hosted, None);
        assert!(
            s.starts_with("The API costs less at every volume shown."),
            "{s}"
        );
    }

    #[test]
    fn gpus_cheapest_is_found_on_any_line_and_a_tie_keeps_the_first() {
        // The second offered line draws lower ($300 at 128 GPUs) than the first ($400 at 64).
        let a = [(1.0, 500.0), (64.0, 400.0)];
        let b = [(1.0, 500.0), (128.0, 300.0)];
        let line = |label, points| Line {
            label,
            points,
            offered: true,
        };
        let s = cost_vs_gpus(&[line("IB", &a), line("RoCE", &b)], (64.0, 400.0));
        assert!(s.starts_with("Cheapest: 128 GPUs on RoCE, $300."), "{s}");
        // Both lowest at $400: the first line listed is named.
        let c = [(1.0, 500.0), (32.0, 400.0)];
        let tie = cost_vs_gpus(&[line("IB", &a), line("RoCE", &c)], (64.0, 400.0));
        assert!(tie.starts_with("Cheapest: 64 GPUs on IB, $400."), "{tie}");
    }

    #[test]
    fn interval_states_the_optimum_and_the_ends() {
        // Optimum 4 h; the sweep spans 4/8 = 0.5 h ("30 min") to 4×8 = 32 h.
        let points = [(0.5, 1_200.0), (4.0, 1_000.0), (32.0, 1_500.0)];
        let s = cost_vs_interval(&points, (4.0, 1_000.0));
        assert_eq!(
            s,
            "Best interval: a checkpoint every 4 h, $1,000. Every 30 min: $1,200; every 32 h: $1,500."
        );
        no_nan(&cost_vs_interval(&[], (f64::NAN, f64::NAN)));
    }
}
