//! Test support: reading what plotters drew into an SVG string (elements, attributes, points,
//! text) and comparing pixels, shared by every chart's pixel tests.

use plotters::style::RGBColor;

/// The `<tag …>` start tags of an SVG whose attribute text contains every one of `with`.
pub fn elements<'a>(svg: &'a str, tag: &str, with: &[&str]) -> Vec<&'a str> {
    svg.split(&format!("<{tag} "))
        .skip(1)
        .map(|rest| rest.split('>').next().unwrap_or(""))
        .filter(|el| with.iter().all(|w| el.contains(w)))
        .collect()
}

/// The value of attribute `name` of a start tag.
pub fn attr(el: &str, name: &str) -> String {
    format!(" {el}")
        .split(&format!(" {name}=\""))
        .nth(1)
        .and_then(|v| v.split('"').next())
        .unwrap_or_else(|| panic!("no {name} in {el}"))
        .to_string()
}

/// A numeric attribute.
pub fn number(el: &str, name: &str) -> f64 {
    attr(el, name)
        .parse()
        .unwrap_or_else(|_| panic!("{name} of {el} is not a number"))
}

/// The vertices of a `<polyline>` or `<polygon>`.
pub fn points(el: &str) -> Vec<(f64, f64)> {
    attr(el, "points")
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap_or_else(|| panic!("point {p}"));
            (x.parse().unwrap_or(f64::NAN), y.parse().unwrap_or(f64::NAN))
        })
        .collect()
}

/// The one 2 px line drawn in `color` (legend swatches and axes are thinner).
pub fn line_in(svg: &str, color: RGBColor) -> Vec<(f64, f64)> {
    let stroke = format!("stroke=\"{}\"", crate::css(color));
    let lines = elements(svg, "polyline", &[&stroke, "stroke-width=\"2\""]);
    assert_eq!(lines.len(), 1, "one {stroke} line");
    points(lines[0])
}

/// Plotters rounds to whole pixels: a plotted point is within 1 px of where its value maps.
#[track_caller]
pub fn assert_at(got: (f64, f64), want: (f64, f64)) {
    assert!(
        (got.0 - want.0).abs() <= 1.0 && (got.1 - want.1).abs() <= 1.0,
        "plotted at {got:?}, the axes put the value at {want:?} (±1 px)"
    );
}
