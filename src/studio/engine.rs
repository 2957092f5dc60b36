//! The studio itself: what it counts (a picture, an HDR picture's samples, or
//! live frames), the region, and its views composed into one frame's passes.
//! The shell (the page) gives it texture views to draw into and presents them.

use super::source::{hdr_texture, Source};
use super::{AdjustView, Cadence, Canvas, PanelView, PictureView, ScopeView, Target};
use crate::adjust::Adjustment;
use crate::gpu::{Counts, HistogramPainter, Remap, RunOptions};
use crate::gpu::{Gpu, GpuError, GpuImage, HdrCount, HdrSamples, Kernels, Method, Run};
use crate::histogram::Spec;
use crate::image::Region;
use crate::layout::{Panel, PanelLayout};
use crate::scope::{Control, Scope, Style, Transfer};
use std::cell::{Cell, Ref, RefCell};
use std::rc::Rc;

/// A video's or camera's frames on the GPU, as the studio counts them (the page's
/// `Live` makes them).
pub trait LiveFrames {
    /// The texture the frame is in.
    fn view(&self) -> &wgpu::TextureView;
    fn size(&self) -> (u32, u32);
    /// The run counting each frame.
    fn run(&self) -> &Rc<Run>;
    /// Records the frame's conversion (if it came as bytes) and its count.
    fn encode(&self, g: &Gpu, encoder: &mut wgpu::CommandEncoder);
    fn set_region(&self, queue: &wgpu::Queue, region: Region) -> Result<(), GpuError>;
    /// Whether the texture's alpha holds each pixel's Y′ as decoded (a frame
    /// converted from YUV: shaders/frames/yuv.wgsl).
    fn decoded_luma(&self) -> bool;
}

/// The formats and first sizes of the targets the studio draws into.
#[derive(Clone, Copy)]
pub struct Targets {
    pub picture: Canvas,
    pub panel: Canvas,
}

/// Where one frame is drawn: the picture's and the panel's targets, the height
/// of the page's labels over the panels as a fraction of the panel target's,
/// and a target for each scope this frame draws (`Studio::cadence`), by index.
pub struct Frame<'a> {
    pub picture: Target<'a>,
    pub panel: Target<'a>,
    pub label: f32,
    pub scopes: Vec<(usize, Target<'a>)>,
}

pub struct Studio {
    source: Source,
    region: Cell<Region>,
    picture: PictureView,
    panel: PanelView,
    adjust: RefCell<Option<AdjustView>>,
    scopes: RefCell<Vec<ScopeView>>,
    /// Frames drawn: the cadence of a video's adjusted histogram and scopes.
    frames: Cell<u32>,
    /// Whether a picture's bins hold its count of the current region: a draw for
    /// other reasons (an option, the window's size) does not count it again,
    /// which on a GPU the CPU plays took 1.8 s for 24 megapixels.
    counted: Cell<bool>,
}

impl Studio {
    /// The studio over a picture uploaded as one texture in its own layout (the
    /// region and the drawing need it whole), with a 16-bit picture's samples
    /// (`deep`) beside it, counted in `bins` bins by the method the studio's rule
    /// gives.
    pub fn for_picture(
        g: &Gpu,
        kernels: &mut Kernels,
        (image, deep): (Rc<GpuImage>, Option<Rc<GpuImage>>),
        bins: u32,
        targets: Targets,
    ) -> Result<Studio, String> {
        let spec = super::spec(bins, if deep.is_some() { 16 } else { 8 })?;
        let (width, height) = image.size();
        super::fits(width, height, g.limits().max_texture_dimension_2d)?;
        let method = super::method(deep.is_some(), spec.num_bins);
        let counted = deep.as_ref().unwrap_or(&image);
        let run = Run::new(g, kernels, counted, RunOptions::new(method, spec)).map_err(|e| e.0)?;
        let run = Rc::new(run);
        Ok(Studio::make(
            g,
            kernels,
            Source::Picture { image, deep, run },
            targets,
        ))
    }

    /// The studio over an HDR picture's samples, counted in `bins` bins in their
    /// own units, shown at an exposure (0 stops to begin with).
    pub fn for_hdr(
        g: &Gpu,
        kernels: &mut Kernels,
        samples: Rc<HdrSamples>,
        bins: u32,
        targets: Targets,
    ) -> Result<Studio, String> {
        let spec = super::spec(bins, 32)?;
        let count = HdrCount::over(g, kernels, samples, spec.num_bins).map_err(|e| e.0)?;
        let (w, h) = count.size();
        super::fits(w, h, g.limits().max_texture_dimension_2d)?;
        let texture = hdr_texture(g, "hdr shown", (w, h));
        let view = texture.create_view(&Default::default());
        let mut encoder = g.device.create_command_encoder(&Default::default());
        count.encode_exposure(g, &mut encoder, &view, 1.0, None);
        g.queue.submit([encoder.finish()]);
        let source = Source::Hdr {
            shown: Rc::new(GpuImage::from_texture(view, w, h)),
            _texture: texture,
            count: Rc::new(count),
            exposure: Cell::new(0.0),
            codes: RefCell::new(None),
        };
        Ok(Studio::make(g, kernels, source, targets))
    }

    /// The studio over live frames, counted by their own run.
    pub fn for_live(
        g: &Gpu,
        kernels: &mut Kernels,
        frames: Rc<dyn LiveFrames>,
        targets: Targets,
    ) -> Result<Studio, String> {
        super::spec(frames.run().spec().num_bins, 8)?;
        Ok(Studio::make(g, kernels, Source::Live(frames), targets))
    }

    fn make(g: &Gpu, kernels: &mut Kernels, source: Source, targets: Targets) -> Studio {
        let (width, height) = source.size();
        let (format, at) = targets.picture;
        let picture = PictureView::new(g, source.view(), (width, height), format, at);
        let pixels = width as u64 * height as u64;
        let (format, at) = targets.panel;
        let panel = PanelView::new(g, kernels, source.bins(), pixels, format, at);
        Studio {
            source,
            region: Cell::new(Region::whole(width, height)),
            picture,
            panel,
            adjust: RefCell::new(None),
            scopes: RefCell::default(),
            frames: Cell::new(0),
            counted: Cell::new(false),
        }
    }

    pub fn source(&self) -> &Source {
        &self.source
    }

    /// Gives the bins a count made elsewhere (the page's worker counted the
    /// picture on the CPU while it was read), of its samples at their stored depth
    /// (`of_samples`, a 16-bit picture's) or of its 8-bit pixels: the first draw
    /// counts no more. Counts of another shape, or of what the studio does not
    /// count, are ignored.
    pub fn precounted(&self, g: &Gpu, of_samples: bool, bins: u32, counts: &[u32]) {
        let Source::Picture { run, deep, .. } = &self.source else {
            return;
        };
        let spec = run.spec();
        if of_samples == deep.is_some() && bins == spec.num_bins && counts.len() == spec.len() {
            g.queue
                .write_buffer(run.bins(), 0, bytemuck::cast_slice(counts));
            self.counted.set(true);
        }
    }

    /// The exposure an HDR picture is shown at, in stops (0: as stored; each stop
    /// doubles the light); the next draw shows it. Other pictures have none.
    pub fn set_exposure(&self, g: &Gpu, stops: f32) -> Result<(), String> {
        let Source::Hdr { exposure, .. } = &self.source else {
            return Err("only an HDR picture has an exposure".into());
        };
        if !(-30.0..=30.0).contains(&stops) {
            return Err("the exposure is -30 to +30 stops".into());
        }
        exposure.set(stops);
        self.source.expose(g);
        Ok(())
    }

    /// What an HDR picture's scopes count: its light as codes of `nits`, or (none)
    /// as shown. Other pictures' codes are their own.
    fn set_codes(&self, g: &Gpu, nits: Option<Transfer>) -> Result<(), String> {
        if !self.source.set_codes(g, nits) {
            return Ok(());
        }
        let (image, region) = (self.source.image(), self.region.get());
        for view in self.scopes.borrow().iter() {
            view.set_region(g, &image, region).map_err(|e| e.0)?;
        }
        Ok(())
    }

    pub fn size(&self) -> (u32, u32) {
        self.source.size()
    }

    pub fn num_bins(&self) -> u32 {
        self.source.bins().0.num_bins
    }

    /// Bits a sample as counted: 16 for a 16-bit picture, 32 for an HDR one's
    /// floats, else 8.
    pub fn depth(&self) -> u32 {
        match &self.source {
            Source::Picture { deep: Some(_), .. } => 16,
            Source::Hdr { .. } => 32,
            _ => 8,
        }
    }

    /// An HDR picture's exposure in stops (0 for others).
    pub fn exposure(&self) -> f32 {
        match &self.source {
            Source::Hdr { exposure, .. } => exposure.get(),
            _ => 0.0,
        }
    }

    /// The panel's choices; the next draw shows them.
    pub fn set_options(&self, g: &Gpu, layout: PanelLayout, counts: Counts, clipping: bool) {
        self.panel.set_options(layout, counts);
        self.picture.set_clipping(g, clipping);
        self.place(g);
    }

    /// Zebra stripes or false colour over the picture (the next draw shows it).
    pub fn set_overlay(&self, g: &Gpu, overlay: crate::scope::Overlay) {
        self.picture.set_overlay(g, overlay);
    }

    /// Counts only `region` of the picture from now on.
    pub fn set_region(&self, g: &Gpu, region: Region) -> Result<(), String> {
        let (w, h) = self.source.size();
        region.within(w, h)?;
        let moved = match &self.source {
            Source::Picture { run, .. } => {
                self.counted.set(false);
                run.set_region(&g.queue, region)
            }
            // Counted when the histogram is read next.
            Source::Hdr { .. } => Ok(()),
            Source::Live(frames) => frames.set_region(&g.queue, region),
        };
        moved.map_err(|e| e.0)?;
        let image = self.source.image();
        for view in self.scopes.borrow().iter() {
            view.set_region(g, &image, region).map_err(|e| e.0)?;
        }
        if let Some(view) = self.adjust.borrow().as_ref() {
            view.set_region(g, region);
        }
        self.panel.set_entries(g, region.pixel_count());
        self.region.set(region);
        Ok(())
    }

    /// The counted rectangle.
    pub fn region(&self) -> Region {
        self.region.get()
    }

    /// Keeps the histogram of the next draw, drawn as an outline from then on.
    pub fn pin(&self, g: &Gpu) {
        self.panel.pin();
        self.place(g);
    }

    pub fn unpin(&self, g: &Gpu) {
        self.panel.unpin();
        self.place(g);
    }

    /// Pins a histogram read back earlier (`counts` interleaved as the bins), as a
    /// pin of it would have: what a new studio after a lost device is given back.
    /// It goes through the bins, which the next draw counts anew.
    pub fn repin(&self, g: &Gpu, counts: &[u32]) -> Result<(), String> {
        let (spec, bins) = self.source.bins();
        if counts.len() != spec.len() {
            return Err(format!(
                "{} counts do not make this studio's {} bins",
                counts.len(),
                spec.len()
            ));
        }
        g.queue.write_buffer(bins, 0, bytemuck::cast_slice(counts));
        // The bins hold the pin now: the next draw or reading counts them anew.
        self.counted.set(false);
        self.panel.pin();
        let mut encoder = g.device.create_command_encoder(&Default::default());
        self.panel.encode(&mut encoder, bins);
        g.queue.submit([encoder.finish()]);
        self.place(g);
        Ok(())
    }

    /// The panels as drawn on the panel's target.
    pub fn panels(&self) -> Vec<Panel> {
        self.panel.panels(self.adjust.borrow().is_some())
    }

    /// The adjusted picture's panels, in the panel's right half (none without an
    /// adjustment).
    pub fn adjusted_panels(&self) -> Vec<Panel> {
        self.panel.adjusted_panels(self.adjust.borrow().is_some())
    }

    /// Where the picture is drawn in its target (letterboxed): x, y, width, height
    /// as fractions of the target.
    pub fn picture_rect(&self) -> [f32; 4] {
        self.picture.rect()
    }

    /// Adjusts the picture from now on (none: as it is).
    pub fn set_adjustment(
        &self,
        g: &Gpu,
        kernels: &mut Kernels,
        adjustment: Option<Adjustment>,
        panel_format: wgpu::TextureFormat,
    ) -> Result<(), String> {
        let view = match adjustment {
            None => None,
            Some(adjustment) => Some(
                AdjustView::new(
                    g,
                    kernels,
                    adjustment.check()?,
                    self.source.view(),
                    self.source.size(),
                    panel_format,
                )
                .map_err(|e| e.0)?,
            ),
        };
        match &view {
            Some(v) => {
                v.set_region(g, self.region.get());
                let a = v.adjuster();
                self.picture
                    .set_adjustment(g, Some(a.tables()), a.adjustment().code(), a.tiles())
            }
            None => self.picture.set_adjustment(g, None, 0, (1, 1)),
        }
        *self.adjust.borrow_mut() = view;
        self.place(g);
        Ok(())
    }

    /// The adjustment on, if any.
    pub fn adjustment(&self) -> Ref<'_, Option<AdjustView>> {
        self.adjust.borrow()
    }

    /// The adjusted picture at full size, made on the GPU like the command-line
    /// tool's `adjust`, to read back; Err without an adjustment.
    pub fn adjusted(&self, g: &Gpu, kernels: &mut Kernels) -> Result<Remap, String> {
        let adjust = self.adjust.borrow();
        let view = adjust.as_ref().ok_or("no adjustment is on")?;
        let (picture, size) = (self.source.view(), self.source.size());
        let remap = view.remap(g, kernels, picture, size).map_err(|e| e.0)?;
        // A video frame's alpha holds its Y′ (the waveform's), not coverage.
        Ok(match self.source {
            Source::Live(_) => remap.opaque(),
            _ => remap,
        })
    }

    /// Where the adjusted part starts, as a fraction of the picture's width (0:
    /// all adjusted, 1: none).
    pub fn set_split(&self, g: &Gpu, split: f32) {
        self.picture.set_split(g, split);
    }

    /// Shows the picture's colours through a display table (src/profile.rs), or
    /// as stored; the counts are the stored values' either way.
    pub fn set_display(&self, g: &Gpu, rgba: Option<&[u8]>) -> Result<(), String> {
        let side = crate::profile::TABLE_SIDE as usize;
        match rgba {
            Some(t) if t.len() != side * side * side * 4 => Err(format!(
                "a display table is {side}x{side}x{side} RGBA texels, not {} bytes",
                t.len()
            )),
            _ => {
                self.picture.set_display(g, rgba);
                Ok(())
            }
        }
    }

    /// Shows these scopes from the next draw (none: no scopes), each drawn into
    /// targets of the format and first size given beside it.
    pub fn set_scopes(
        &self,
        g: &Gpu,
        kernels: &mut Kernels,
        scopes: &[(Scope, Canvas)],
    ) -> Result<(), String> {
        let image = self.source.image();
        let region = self.region.get();
        let views = scopes
            .iter()
            .map(|&(scope, (format, at))| {
                ScopeView::new(g, kernels, &image, scope, region, format, at).map_err(|e| e.0)
            })
            .collect::<Result<Vec<_>, _>>()?;
        *self.scopes.borrow_mut() = views;
        Ok(())
    }

    pub fn scopes(&self) -> Ref<'_, Vec<ScopeView>> {
        self.scopes.borrow()
    }

    /// The scopes' brightness and zoom, the waveform's channels and the parade's
    /// (0 R, 1 G, 2 B, 3 L), and whether the waveform's luma is Y′ as decoded
    /// where a frame has it (`ScopeView::follow_frame`).
    pub fn set_scope_style(
        &self,
        g: &Gpu,
        style: Style,
        (waveform, parade): (&[usize], &[usize]),
        decoded_luma: bool,
    ) -> Result<(), String> {
        self.set_codes(g, style.nits)?;
        for view in self.scopes.borrow().iter() {
            let shown = match view.scope().offers(Control::Yrgb) {
                true => parade,
                false => waveform,
            };
            view.set_style(g, style, shown.to_vec());
            view.set_decoded_luma(decoded_luma);
        }
        Ok(())
    }

    /// What the next frame records: on video (`live`), the adjusted histogram and
    /// the scopes take turns.
    pub fn cadence(&self, live: bool) -> Cadence {
        let scopes = self.scopes.borrow();
        let emulated = scopes.iter().any(ScopeView::emulated);
        Cadence::new(scopes.len(), emulated, self.frames.get(), live)
    }

    /// Writes the panels' places after a change of options or adjustment.
    fn place(&self, g: &Gpu) {
        let adjust = self.adjust.borrow();
        self.panel
            .place(g, adjust.as_ref().map(AdjustView::painter));
    }

    /// Records one frame: the count (a picture's once per region; a live frame's
    /// every time), the adjustment, the scale pass, the scopes due, and every
    /// view's drawing into `frame`'s targets. `live`: a frame of a playing video.
    pub fn encode(&self, g: &Gpu, encoder: &mut wgpu::CommandEncoder, live: bool, frame: Frame) {
        let cadence = self.cadence(live);
        match &self.source {
            Source::Picture { run, .. } if !self.counted.replace(true) => run.encode(encoder),
            Source::Picture { .. } => {}
            // Counted when the histogram is read (its range comes first).
            Source::Hdr { .. } => {}
            Source::Live(frames) => frames.encode(g, encoder),
        }
        let adjust = self.adjust.borrow();
        if let Some(a) = adjust.as_ref() {
            // The whole picture's 256 bins: the counted ones when they are those
            // (not a 16-bit or HDR picture's: the adjustment works on its 8-bit
            // texture).
            let (w, h) = self.source.size();
            let whole = self.source.run().filter(|run| {
                run.spec() == Spec::rgbl()
                    && run.method() != Method::Deep
                    && self.region.get() == Region::whole(w, h)
            });
            a.encode(encoder, whole.map(|run| run.bins()), cadence.adjusted_due());
        }
        self.panel.encode(encoder, self.source.bins().1);
        let scopes = self.scopes.borrow();
        let has_luma = matches!(&self.source, Source::Live(frames) if frames.decoded_luma());
        for (i, view) in scopes.iter().enumerate() {
            if cadence.scope_due(i) {
                view.follow_frame(g, has_luma);
                view.encode(encoder);
            }
        }
        self.picture.draw(g, encoder, frame.picture);
        let adjusted: Option<&HistogramPainter> = adjust.as_ref().map(AdjustView::painter);
        if self.panel.set_label(frame.label) {
            self.panel.place(g, adjusted);
        }
        self.panel.draw(g, encoder, frame.panel, adjusted);
        for (i, target) in frame.scopes {
            if let Some(view) = scopes.get(i) {
                view.draw(g, encoder, target);
            }
        }
        self.frames.set(self.frames.get().wrapping_add(1));
    }
}
