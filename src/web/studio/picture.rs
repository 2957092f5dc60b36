//! The studio's picture: drawn letterboxed into its canvas by the picture pass,
//! with the clipping warning and, right of the split, the adjustment.

use super::super::{CanvasTarget, WebResult};
use crate::gpu::{FramePainter, Gpu, Look};
use crate::layout;
use std::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;

pub(super) struct PictureView {
    target: RefCell<CanvasTarget>,
    painter: RefCell<FramePainter>,
    size: (u32, u32),
    look: Cell<Look>,
    /// CLAHE's grid of tiles, (1, 1) for the others.
    tiles: Cell<(u32, u32)>,
    /// The fraction of the picture's width from which the adjustment shows.
    split: Cell<f32>,
}

impl PictureView {
    pub(super) fn new(
        g: &Gpu,
        canvas: web_sys::HtmlCanvasElement,
        picture: &wgpu::TextureView,
        size: (u32, u32),
    ) -> WebResult<PictureView> {
        let target = CanvasTarget::new(g, canvas).map_err(|e| JsError::new(&e.0))?;
        let painter = FramePainter::new(g, picture, size, target.config.format);
        let view = PictureView {
            target: RefCell::new(target),
            painter: RefCell::new(painter),
            size,
            look: Cell::default(),
            tiles: Cell::new((1, 1)),
            split: Cell::new(0.5),
        };
        view.fit(g, true);
        Ok(view)
    }

    /// Where the picture is drawn in its canvas, letterboxed: x, y, width, height
    /// as fractions of the canvas.
    pub(super) fn rect(&self) -> [f32; 4] {
        let config = &self.target.borrow().config;
        layout::fit(self.size, (config.width, config.height))
    }

    pub(super) fn set_clipping(&self, g: &Gpu, clipping: bool) {
        self.look.set(Look {
            clipping,
            ..self.look.get()
        });
        self.fit(g, true);
    }

    /// The adjustment's tables to remap through (its code and CLAHE's grid), or none.
    pub(super) fn set_adjustment(
        &self,
        g: &Gpu,
        tables: Option<&wgpu::Buffer>,
        code: u32,
        tiles: (u32, u32),
    ) {
        self.painter.borrow_mut().set_tables(tables);
        self.look.set(Look {
            adjustment: code,
            ..self.look.get()
        });
        self.tiles.set(tiles);
        self.fit(g, true);
    }

    pub(super) fn set_split(&self, g: &Gpu, split: f32) {
        self.split.set(split.clamp(0.0, 1.0));
        self.fit(g, true);
    }

    /// Follows the canvas's size; `force` rewrites the view even when it did not change.
    fn fit(&self, g: &Gpu, force: bool) {
        let mut target = self.target.borrow_mut();
        if target.fit(g) || force {
            let size = (target.config.width, target.config.height);
            let painter = self.painter.borrow();
            painter.set_view(&g.queue, size, self.tiles.get(), self.split.get());
            painter.set_look(self.look.get());
        }
    }

    /// Draws the picture; the returned frame is presented after the submission.
    pub(super) fn draw(
        &self,
        g: &Gpu,
        encoder: &mut wgpu::CommandEncoder,
    ) -> WebResult<wgpu::SurfaceTexture> {
        self.fit(g, false);
        let painter = self.painter.borrow();
        self.target
            .borrow()
            .draw(encoder, None, |pass| painter.draw(pass))
            .map_err(|e| JsError::new(&e.0))
    }
}
