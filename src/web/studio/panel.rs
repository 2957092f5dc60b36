//! The studio's histogram panel: the counted bins scaled and drawn (overlaid or
//! as a parade, linear or logarithmic, channels on and off), a pinned histogram
//! outlined over them, and with an adjustment on, the adjusted picture's
//! histograms in the right half.

use super::super::{CanvasTarget, WebResult};
use crate::gpu::{Bars, Gpu, HistogramPainter, Kernels, PanelStyle};
use crate::histogram::Spec;
use crate::layout::{in_half, Half, Panel, PanelLayout};
use std::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;

/// The height of a panel's label on the page, in CSS pixels (style.css's
/// .panel-name and .half-label: 0.75rem text and its margin), with some air.
const LABEL_PX: f32 = 20.0;

pub(super) struct PanelView {
    target: RefCell<CanvasTarget>,
    painter: HistogramPainter,
    layout: Cell<PanelLayout>,
    log: Cell<bool>,
    pinned: Cell<bool>,
    pin_next: Cell<bool>,
}

impl PanelView {
    /// The panel over `bins` (counted as `spec`), which count `pixels` pixels.
    pub(super) fn new(
        g: &Gpu,
        kernels: &mut Kernels,
        canvas: web_sys::HtmlCanvasElement,
        (spec, bins): (Spec, &wgpu::Buffer),
        pixels: u64,
    ) -> WebResult<PanelView> {
        let target = CanvasTarget::new(g, canvas).map_err(|e| JsError::new(&e.0))?;
        let painter = Self::painter(g, kernels, &target, spec, bins);
        painter.set_entries(&g.queue, pixels);
        let view = PanelView {
            target: RefCell::new(target),
            painter,
            layout: Cell::default(),
            log: Cell::new(false),
            pinned: Cell::new(false),
            pin_next: Cell::new(false),
        };
        view.place(g, None);
        Ok(view)
    }

    /// A painter for this panel's canvas over `bins`, with room for the most
    /// panels a layout has.
    pub(super) fn painter(
        g: &Gpu,
        kernels: &mut Kernels,
        target: &CanvasTarget,
        spec: crate::Spec,
        bins: &wgpu::Buffer,
    ) -> HistogramPainter {
        let most = PanelLayout {
            parade: true,
            shown: [true; 4],
        }
        .panels();
        HistogramPainter::new(
            g,
            kernels,
            spec,
            bins,
            target.config.format,
            &most,
            Bars::Panel,
        )
    }

    pub(super) fn target(&self) -> std::cell::Ref<'_, CanvasTarget> {
        self.target.borrow()
    }

    /// How many pixels the bins count (a region's, or the picture's).
    pub(super) fn set_entries(&self, g: &Gpu, pixels: u64) {
        self.painter.set_entries(&g.queue, pixels);
    }

    pub(super) fn set_options(&self, layout: PanelLayout, log: bool) {
        self.layout.set(layout);
        self.log.set(log);
    }

    /// Keeps the histogram of the next draw, outlined from then on.
    pub(super) fn pin(&self) {
        self.pin_next.set(true);
        self.pinned.set(true);
    }

    pub(super) fn unpin(&self) {
        self.pinned.set(false);
    }

    /// The panels as drawn: all of the canvas, or the left half when an
    /// adjustment's histograms take the right.
    pub(super) fn panels(&self, adjusting: bool) -> Vec<Panel> {
        let panels = self.layout.get().panels();
        if adjusting {
            in_half(panels, Half::Left)
        } else {
            panels
        }
    }

    /// Writes every panel's place and style, this one's and the adjusted picture's.
    pub(super) fn place(&self, g: &Gpu, adjusted: Option<&HistogramPainter>) {
        let panels = self.panels(adjusted.is_some());
        // The page names the panels when there are several (.panel-name), and the
        // halves when adjusting (.half-label): each at its panel's top, in a strip
        // the bars leave free.
        let label = if panels.len() > 1 || adjusted.is_some() {
            LABEL_PX / self.target.borrow().canvas.client_height().max(1) as f32
        } else {
            0.0
        };
        let style = PanelStyle {
            log: self.log.get(),
            pinned: self.pinned.get(),
            label,
        };
        self.painter.set_style(style);
        self.painter.set_panels(&g.queue, &panels);
        if let Some(adjusted) = adjusted {
            adjusted.set_style(PanelStyle {
                pinned: false,
                ..style
            });
            adjusted.set_panels(&g.queue, &in_half(self.layout.get().panels(), Half::Right));
        }
    }

    /// Records the scale pass (and the pin's copy) after the bins were counted.
    pub(super) fn encode(&self, encoder: &mut wgpu::CommandEncoder, bins: &wgpu::Buffer) {
        self.painter.encode_scale(encoder);
        if self.pin_next.replace(false) {
            self.painter.pin(encoder, bins);
        }
    }

    /// Draws the panels (and the adjusted picture's, scaled by their owner); the
    /// returned frame is presented after the submission.
    pub(super) fn draw(
        &self,
        g: &Gpu,
        encoder: &mut wgpu::CommandEncoder,
        adjusted: Option<&HistogramPainter>,
    ) -> WebResult<wgpu::SurfaceTexture> {
        if self.target.borrow_mut().fit(g) {
            self.place(g, adjusted);
        }
        let layout = self.layout.get();
        self.target
            .borrow()
            .draw(encoder, None, |pass| {
                for i in 0..layout.panels().len() {
                    self.painter.draw(pass, i);
                    if let Some(adjusted) = adjusted {
                        adjusted.draw(pass, i);
                    }
                }
            })
            .map_err(|e| JsError::new(&e.0))
    }
}
