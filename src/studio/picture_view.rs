//! The studio's picture: drawn letterboxed into its target by the picture pass,
//! with the clipping warning, right of the split the adjustment, the colours
//! through the file's profile where it has one, and the exposure overlay.

use super::Target;
use crate::gpu::{draw_into, FramePainter, Gpu, Look};
use crate::layout;
use crate::scope::Overlay;
use std::cell::{Cell, RefCell};

pub struct PictureView {
    painter: RefCell<FramePainter>,
    size: (u32, u32),
    /// The size of the target last drawn into (the view is written for it).
    target: Cell<(u32, u32)>,
    look: Cell<Look>,
    /// CLAHE's grid of tiles, (1, 1) for the others.
    tiles: Cell<(u32, u32)>,
    /// The fraction of the picture's width from which the adjustment shows.
    split: Cell<f32>,
}

impl PictureView {
    /// The picture `picture` of `size`, drawn into targets of `format`, the first
    /// of `target` pixels.
    pub fn new(
        g: &Gpu,
        picture: &wgpu::TextureView,
        size: (u32, u32),
        format: wgpu::TextureFormat,
        target: (u32, u32),
    ) -> PictureView {
        let view = PictureView {
            painter: RefCell::new(FramePainter::new(g, picture, size, format)),
            size,
            target: Cell::new(target),
            look: Cell::default(),
            tiles: Cell::new((1, 1)),
            split: Cell::new(0.5),
        };
        view.place(g);
        view
    }

    /// Where the picture is drawn in its target, letterboxed: x, y, width, height
    /// as fractions of the target.
    pub fn rect(&self) -> [f32; 4] {
        layout::fit(self.size, self.target.get())
    }

    pub fn set_clipping(&self, g: &Gpu, clipping: bool) {
        self.look.set(Look {
            clipping,
            ..self.look.get()
        });
        self.place(g);
    }

    /// The adjustment's tables to remap through (its code and CLAHE's grid), or none.
    pub fn set_adjustment(
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
        self.place(g);
    }

    /// The display table to show colours through (`FramePainter::set_display`),
    /// or none.
    pub fn set_display(&self, g: &Gpu, rgba: Option<&[u8]>) {
        self.painter.borrow_mut().set_display(g, rgba);
        self.look.set(Look {
            managed: rgba.is_some(),
            ..self.look.get()
        });
        self.place(g);
    }

    /// Zebra stripes or false colour over the picture, or neither.
    pub fn set_overlay(&self, g: &Gpu, overlay: Overlay) {
        self.painter.borrow().set_overlay(&g.queue, overlay);
        self.look.set(Look {
            overlay: overlay.code(),
            ..self.look.get()
        });
        self.place(g);
    }

    pub fn set_split(&self, g: &Gpu, split: f32) {
        self.split.set(split.clamp(0.0, 1.0));
        self.place(g);
    }

    /// Writes the view for the target's size and the look.
    fn place(&self, g: &Gpu) {
        let painter = self.painter.borrow();
        painter.set_view(
            &g.queue,
            self.target.get(),
            self.tiles.get(),
            self.split.get(),
        );
        painter.set_look(self.look.get());
    }

    /// Records the picture's drawing into `target` (placed anew if its size changed).
    pub fn draw(&self, g: &Gpu, encoder: &mut wgpu::CommandEncoder, target: Target) {
        if self.target.replace(target.size) != target.size {
            self.place(g);
        }
        let painter = self.painter.borrow();
        draw_into(encoder, target.view, None, |pass| painter.draw(pass));
    }
}
