//! plotters' canvas backend, with text measured by the canvas itself.
//!
//! plotters measures text (axis labels, to lay the axes out) through its web font module, which
//! appends a `<span>` to the page, reads `offsetWidth`/`offsetHeight` and removes it: a forced
//! style and layout pass per label, about half of every chart redraw. `measureText` on the 2D
//! context answers from the font alone, without layout, and measures exactly the font string the
//! backend then draws with.

use plotters::prelude::*;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// The canvas backend's error (its type is not exported by name).
type CanvasError = <CanvasBackend as DrawingBackend>::ErrorType;

/// A [`CanvasBackend`] whose `estimate_text_size` uses the context's `measureText`.
pub struct MeasuredCanvas {
    inner: CanvasBackend,
    context: Option<CanvasRenderingContext2d>,
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
            context,
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
