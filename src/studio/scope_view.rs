//! A scope shown: counted on the GPU over a texture and drawn into its target (the
//! studio holds one per scope shown; a scope chapter page, one).

use super::Target;
use crate::gpu::{
    draw_into, Gpu, GpuError, GpuImage, Kernels, ScopeCount, ScopeKernel, ScopePainter,
};
use crate::image::Region;
use crate::layout::Panel;
use crate::scope::{vectorscope_side, Counted, Matrix, Scope, Style};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

pub struct ScopeView {
    scope: Scope,
    count: Rc<RefCell<ScopeCount>>,
    painter: ScopePainter,
    style: Cell<Style>,
    shown: RefCell<Vec<usize>>,
    /// The visitor asked for Y′ as decoded (`follow_frame`).
    decoded_luma: Cell<bool>,
    /// The size of the target last drawn into.
    target: Cell<(u32, u32)>,
}

impl ScopeView {
    /// `scope` over `image` (its `region`), drawn into targets of `format`, the
    /// first of `target` pixels.
    pub fn new(
        g: &Gpu,
        kernels: &mut Kernels,
        image: &GpuImage,
        scope: Scope,
        region: Region,
        format: wgpu::TextureFormat,
        target: (u32, u32),
    ) -> Result<ScopeView, GpuError> {
        let count = ScopeCount::new(g, kernels, image, scope, Some(region))?;
        let painter = ScopePainter::new(g, &count, format);
        let view = ScopeView {
            scope,
            count: Rc::new(RefCell::new(count)),
            painter,
            style: Cell::new(Style::PLAIN),
            shown: RefCell::new(vec![3]),
            decoded_luma: Cell::new(false),
            target: Cell::new(target),
        };
        view.place(g);
        Ok(view)
    }

    fn place(&self, g: &Gpu) {
        let panel = Panel::full(&self.shown.borrow());
        let count = self.count.borrow();
        let (scope, style) = (self.scope, self.style.get());
        self.painter
            .set_view(&g.queue, &count, scope, &panel, self.target.get(), style);
    }

    /// The count, for a page to read back or keep the GPU busy with.
    pub fn count(&self) -> &Rc<RefCell<ScopeCount>> {
        &self.count
    }

    pub fn style(&self) -> Style {
        self.style.get()
    }

    /// The scope shown.
    pub fn scope(&self) -> Scope {
        self.scope
    }

    /// The waveform's or the parade's channels.
    pub fn shown(&self) -> Vec<usize> {
        self.shown.borrow().clone()
    }

    /// Linear or logarithmic brightness, its gain, the vectorscope's zoom (and
    /// its matrix: BT.2020's where the codes are HDR codes), and the waveform's
    /// or the parade's channels.
    pub fn set_style(&self, g: &Gpu, style: Style, shown: Vec<usize>) {
        self.style.set(style);
        let matrix = Matrix::of_codes(style.nits);
        self.count.borrow_mut().set_matrix(g, matrix);
        *self.shown.borrow_mut() = shown;
        self.place(g);
    }

    /// Asks for the waveform's luma as decoded (Y′ of a YUV frame, in video
    /// levels) where it can be had: see `follow_frame`.
    pub fn set_decoded_luma(&self, on: bool) {
        self.decoded_luma.set(on);
    }

    /// Whether the waveform now counts Y′ as decoded.
    pub fn decoded_luma(&self) -> bool {
        self.count.borrow().decoded_luma()
    }

    /// Before a frame's count: Y′ as decoded is counted when it was asked for, the
    /// scope is a waveform of luma alone (the video-level graticule reads true for
    /// nothing else) and the frame holds Y′ (`frame_has_luma`: converted from YUV).
    pub fn follow_frame(&self, g: &Gpu, frame_has_luma: bool) {
        let on = self.decoded_luma.get() && frame_has_luma && *self.shown.borrow() == [3];
        if on != self.decoded_luma() {
            self.count.borrow_mut().set_decoded_luma(g, on);
            self.place(g);
        }
    }

    pub fn set_region(&self, g: &Gpu, image: &GpuImage, region: Region) -> Result<(), GpuError> {
        self.count.borrow_mut().set_region(g, image, region)?;
        self.place(g);
        Ok(())
    }

    /// Records the count.
    pub fn encode(&self, encoder: &mut wgpu::CommandEncoder) {
        self.count.borrow().encode(encoder);
    }

    /// Whether the GPU is one the CPU emulates (the scope counts with `csColumn`),
    /// where drawing every scope on every frame costs a video its frame rate.
    pub fn emulated(&self) -> bool {
        self.count.borrow().kernel() == ScopeKernel::Columns
    }

    /// The largest target side worth drawing: where the CPU draws a playing
    /// video's frames (`live`), the vectorscope at most a pixel a cell, scaled up
    /// by the page (a 491 x 491 canvas took 21 ms a frame on SwiftShader, 256 x
    /// 256 6 ms); a picture's, drawn once a change, at the size it is shown.
    pub fn largest_side(&self, live: bool) -> Option<u32> {
        let chroma = self.scope.kind().counted() == Counted::Chroma;
        (live && self.emulated() && chroma).then(|| vectorscope_side(self.scope.size()))
    }

    /// Records the drawing of the counts into `target`, placed anew if its size
    /// changed.
    pub fn draw(&self, g: &Gpu, encoder: &mut wgpu::CommandEncoder, target: Target) {
        if self.target.replace(target.size) != target.size {
            self.place(g);
        }
        draw_into(encoder, target.view, None, |pass| self.painter.draw(pass));
    }
}
