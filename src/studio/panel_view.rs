//! The studio's histogram panel: the counted bins scaled and drawn (overlaid or
//! as a parade, linear, logarithmic or cumulative, channels on and off), a pinned histogram
//! outlined over them, and with an adjustment on, the adjusted picture's
//! histograms in the right half.

use super::Target;
use crate::gpu::{draw_into, Bars, Counts, Gpu, HistogramPainter, Kernels, PanelStyle};
use crate::histogram::Spec;
use crate::layout::{in_half, Half, Panel, PanelLayout};
use std::cell::Cell;

pub struct PanelView {
    painter: HistogramPainter,
    layout: Cell<PanelLayout>,
    counts: Cell<Counts>,
    pinned: Cell<bool>,
    pin_next: Cell<bool>,
    /// The size of the target last drawn into.
    target: Cell<(u32, u32)>,
    /// The height of a panel's label, as a fraction of the target's (0: none).
    label: Cell<f32>,
}

impl PanelView {
    /// The panel over `bins` (counted as `spec`), which count `pixels` pixels,
    /// drawn into targets of `format`, the first of `target` pixels.
    pub fn new(
        g: &Gpu,
        kernels: &mut Kernels,
        (spec, bins): (Spec, &wgpu::Buffer),
        pixels: u64,
        format: wgpu::TextureFormat,
        target: (u32, u32),
    ) -> PanelView {
        let painter = Self::painter(g, kernels, format, spec, bins);
        painter.set_entries(&g.queue, pixels);
        let view = PanelView {
            painter,
            layout: Cell::default(),
            counts: Cell::default(),
            pinned: Cell::new(false),
            pin_next: Cell::new(false),
            target: Cell::new(target),
            label: Cell::new(0.0),
        };
        view.place(g, None);
        view
    }

    /// A painter for targets of `format` over `bins`, with room for the most
    /// panels a layout has.
    pub fn painter(
        g: &Gpu,
        kernels: &mut Kernels,
        format: wgpu::TextureFormat,
        spec: Spec,
        bins: &wgpu::Buffer,
    ) -> HistogramPainter {
        let most = PanelLayout {
            parade: true,
            shown: [true; 4],
        }
        .panels();
        HistogramPainter::new(g, kernels, spec, bins, format, &most, Bars::Panel)
    }

    /// How many pixels the bins count (a region's, or the picture's).
    pub fn set_entries(&self, g: &Gpu, pixels: u64) {
        self.painter.set_entries(&g.queue, pixels);
    }

    pub fn set_options(&self, layout: PanelLayout, counts: Counts) {
        self.layout.set(layout);
        self.counts.set(counts);
    }

    /// The height of the page's label over a panel, as a fraction of the target's
    /// height: the bars leave that strip free. True if it changed.
    pub fn set_label(&self, fraction: f32) -> bool {
        self.label.replace(fraction) != fraction
    }

    /// Keeps the histogram of the next draw, outlined from then on.
    pub fn pin(&self) {
        self.pin_next.set(true);
        self.pinned.set(true);
    }

    pub fn unpin(&self) {
        self.pinned.set(false);
    }

    /// The panels as drawn: all of the target, or the left half when an
    /// adjustment's histograms take the right.
    pub fn panels(&self, adjusting: bool) -> Vec<Panel> {
        let panels = self.layout.get().panels();
        if adjusting {
            in_half(panels, Half::Left)
        } else {
            panels
        }
    }

    /// The adjusted picture's panels, the right half's (none when not `adjusting`).
    pub fn adjusted_panels(&self, adjusting: bool) -> Vec<Panel> {
        if adjusting {
            in_half(self.layout.get().panels(), Half::Right)
        } else {
            Vec::new()
        }
    }

    /// Writes every panel's place and style, this one's and the adjusted picture's.
    pub fn place(&self, g: &Gpu, adjusted: Option<&HistogramPainter>) {
        let panels = self.panels(adjusted.is_some());
        // Labels name the panels when there are several, and the halves when
        // adjusting: each at its panel's top, in a strip the bars leave free.
        let label = if panels.len() > 1 || adjusted.is_some() {
            self.label.get()
        } else {
            0.0
        };
        let style = PanelStyle {
            counts: self.counts.get(),
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
            adjusted.set_panels(&g.queue, &self.adjusted_panels(true));
        }
    }

    /// Records the scale pass (and the pin's copy) after the bins were counted.
    pub fn encode(&self, encoder: &mut wgpu::CommandEncoder, bins: &wgpu::Buffer) {
        self.painter.encode_scale(encoder);
        if self.pin_next.replace(false) {
            self.painter.pin(encoder, bins);
        }
    }

    /// Records the panels' drawing (and the adjusted picture's, scaled by their
    /// owner) into `target`, placed anew if its size changed.
    pub fn draw(
        &self,
        g: &Gpu,
        encoder: &mut wgpu::CommandEncoder,
        target: Target,
        adjusted: Option<&HistogramPainter>,
    ) {
        if self.target.replace(target.size) != target.size {
            self.place(g, adjusted);
        }
        let layout = self.layout.get();
        draw_into(encoder, target.view, None, |pass| {
            for i in 0..layout.panels().len() {
                self.painter.draw(pass, i);
                if let Some(adjusted) = adjusted {
                    adjusted.draw(pass, i);
                }
            }
        });
    }
}
