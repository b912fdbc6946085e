//! plotters' canvas backend, with text measured by the canvas itself.
//!
//! plotters measures text (axis labels, to lay the axes out) through its web font module, which
//! appends a `<span>` to the page, reads `offsetWidth`/`offsetHeight` and removes it: a forced
//! style and layout pass per label, about half of every chart redraw. `measureText` on the 2D
//! context answers from the font alone, without layout, and measures exactly the font string the
//! backend then draws with.
//!
//! It also keeps the box of every text it draws and of every tick mark (a short axis-aligned
//! line), and writes them on the canvas when the chart is presented (`data-label-boxes`: one
//! `x,y,w,h,kind` per box, in canvas pixels, kind `t` text or `k` tick), so the layout audit
//! (tests/e2e/layout-audit.test.mjs, issue 47) can check that no two labels, and no label and a
//! tick, overprint each other, with the browser's own fonts at the page's own sizes.

use plotters::prelude::*;
use plotters_backend::{
    text_anchor::{HPos, VPos},
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind, FontTransform,
};
use plotters_canvas::CanvasBackend;
use std::fmt::Write;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// The canvas backend's error (its type is not exported by name).
type CanvasError = <CanvasBackend as DrawingBackend>::ErrorType;

/// A [`CanvasBackend`] whose `estimate_text_size` uses the context's `measureText`.
pub struct MeasuredCanvas {
    inner: CanvasBackend,
    canvas: HtmlCanvasElement,
    context: Option<CanvasRenderingContext2d>,
    /// The boxes drawn since the last present, as `x,y,w,h,kind;`.
    boxes: String,
}

impl MeasuredCanvas {
    /// The backend for `canvas`, or `None` when it has no 2D context.
    pub fn new(canvas: &HtmlCanvasElement) -> Option<Self> {
        let context = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok());
        Some(MeasuredCanvas {
            inner: CanvasBackend::with_canvas_object(canvas.clone())?,
            canvas: canvas.clone(),
            context,
            boxes: String::new(),
        })
    }
}

impl MeasuredCanvas {
    /// The box of the ink `text` leaves when drawn at `pos` (x, y, width, height in canvas
    /// pixels): measured with the alignment and baseline plotters-canvas then draws it with, and
    /// turned about `pos` as its rotation turns the text.
    fn ink_box<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Option<(f64, f64, f64, f64)> {
        // plotters-canvas draws nothing for a transparent text.
        if style.color().alpha == 0.0 {
            return None;
        }
        let context = self.context.as_ref()?;
        context.set_font(&css_font(style));
        context.set_text_align(match style.anchor().h_pos {
            HPos::Left => "start",
            HPos::Center => "center",
            HPos::Right => "end",
        });
        context.set_text_baseline(match style.anchor().v_pos {
            VPos::Top => "top",
            VPos::Center => "middle",
            VPos::Bottom => "bottom",
        });
        let m = context.measure_text(text).ok()?;
        let (l, r) = (m.actual_bounding_box_left(), m.actual_bounding_box_right());
        let (a, d) = (
            m.actual_bounding_box_ascent(),
            m.actual_bounding_box_descent(),
        );
        if ![l, r, a, d].iter().all(|v| v.is_finite()) {
            return None;
        }
        let (x, y) = (f64::from(pos.0), f64::from(pos.1));
        // Unturned, the ink spans x - l .. x + r and y - a .. y + d.
        Some(match style.transform() {
            FontTransform::Rotate90 => (x - d, y - l, a + d, l + r),
            FontTransform::Rotate270 => (x - a, y - r, a + d, l + r),
            FontTransform::Rotate180 => (x - r, y - d, l + r, a + d),
            _ => (x - l, y - a, l + r, a + d),
        })
    }
}

/// The CSS font shorthand the canvas backend draws text with (see plotters-canvas `draw_text`).
fn css_font<S: BackendTextStyle>(style: &S) -> String {
    format!(
        "{} {}px {}",
        style.style().as_str(),
        style.size(),
        style.family().as_str()
    )
}

impl DrawingBackend for MeasuredCanvas {
    type ErrorType = CanvasError;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<CanvasError>> {
        let _ = self
            .canvas
            .set_attribute("data-label-boxes", &std::mem::take(&mut self.boxes));
        self.inner.present()
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        // A tick mark: short and along an axis (a grid line or an axis is long).
        let (dx, dy) = ((to.0 - from.0).abs(), (to.1 - from.1).abs());
        if (dx == 0) != (dy == 0) && dx.max(dy) <= 16 {
            let (x, y) = (from.0.min(to.0), from.1.min(to.1));
            let _ = write!(self.boxes, "{x},{y},{},{},k;", dx.max(1), dy.max(1));
        }
        self.inner.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.fill_polygon(vert, style)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        if let Some(ink) = self.ink_box(text, style, pos) {
            let (x, y, w, h) = ink;
            let _ = write!(self.boxes, "{x:.0},{y:.0},{w:.0},{h:.0},t;");
        }
        self.inner.draw_text(text, style, pos)
    }

    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<CanvasError>> {
        let Some(context) = &self.context else {
            return self.inner.estimate_text_size(text, style);
        };
        context.set_font(&css_font(style));
        let Ok(metrics) = context.measure_text(text) else {
            return self.inner.estimate_text_size(text, style);
        };
        // The height of the font's line box (ascent + descent), what the span measured as its
        // offsetHeight; 1.2 × size (CSS `line-height: normal` for common sans-serif fonts) when
        // the browser does not report font metrics.
        let font_height = metrics.font_bounding_box_ascent() + metrics.font_bounding_box_descent();
        let height = if font_height.is_finite() && font_height > 0.0 {
            font_height
        } else {
            style.size() * 1.2
        };
        let width = metrics.width();
        let width = if width.is_finite() {
            width.max(0.0)
        } else {
            0.0
        };
        Ok((width.ceil() as u32, height.ceil() as u32))
    }

    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        size: (u32, u32),
        src: &[u8],
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.blit_bitmap(pos, size, src)
    }
}
