//! The studio in the page: the core's studio views (src/studio: the picture, the
//! histogram panel, the adjustment, the scopes) over a picture (an image, or the
//! frames of a video or camera) counted on the GPU, each drawing into its canvas.
//! This module holds the source and its count, the canvases, and composes the
//! views into one submission a frame. Statistics and the hover readout come from
//! bins read back now and then; the region is counted through the kernels' uniforms.

mod adjust;

use super::live::{Frames, Live};
use super::scope::{named_scope, ScopeCanvas};
use super::{
    hdr_outcome, read_outcome, CanvasTarget, Context, GpuContext, HdrState, Picture, WebResult,
};
use crate::adjust::Adjustment;
use crate::gpu::{GpuImage, HdrCount, Method, Owned, Run, RunOptions};
use crate::histogram::Spec;
use crate::image::Region;
use crate::layout::PanelLayout;
use crate::studio::{self, AdjustView, Cadence, PanelView, PictureView, Target};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// The height of a panel's label on the page, in CSS pixels (style.css's
/// .panel-name and .half-label: 0.75rem text and its margin), with some air.
const LABEL_PX: f32 = 20.0;

/// The WGSL of the studio's drawing: "panel" (the histogram panel) or "picture".
#[wasm_bindgen(js_name = studioSource)]
pub fn studio_source(name: &str) -> String {
    match name {
        "panel" => crate::gpu::panel_source(Spec::rgbl()),
        _ => crate::gpu::picture_source(),
    }
}

/// The adjustments with their default parameters (src/adjust.rs), as a JSON list
/// for the pages' controls.
#[wasm_bindgen]
pub fn adjustments() -> String {
    let all: Vec<String> = Adjustment::ALL.iter().map(|a| a.json()).collect();
    format!("[{}]", all.join(", "))
}

/// The WGSL of an adjustment's table passes and of the remapping.
#[wasm_bindgen(js_name = adjustSource)]
pub fn adjust_source(name: &str) -> WebResult<String> {
    Ok(crate::gpu::adjust_source(named(name)?))
}

fn named(name: &str) -> WebResult<Adjustment> {
    Adjustment::named(name).ok_or_else(|| JsError::new(&format!("no adjustment called '{name}'")))
}

/// An HDR picture: its samples, on the GPU, and its statistics over all of it
/// when they were worked out where it was decoded.
type HdrPicture = (
    Rc<crate::hdr::HdrImage>,
    Rc<crate::gpu::HdrSamples>,
    Option<[Option<crate::hdr::HdrStats>; 4]>,
);

/// What the studio counts: a picture's texture (or a 16-bit picture's samples,
/// `deep`, beside it), a floating-point picture's samples, or live frames.
enum Source {
    Picture {
        image: Rc<GpuImage>,
        deep: Option<Rc<GpuImage>>,
        run: Rc<Run>,
    },
    /// An HDR picture: its samples counted in their own units (`hdr`, when the
    /// histogram is read: its range comes first), and drawn at an exposure into
    /// `shown`, the 8-bit texture the picture, the adjustments and the scopes read.
    Hdr {
        shown: Rc<GpuImage>,
        _texture: Owned<wgpu::Texture>,
        hdr: Rc<HdrState>,
        exposure: Cell<f32>,
    },
    Live(Rc<Frames>),
}

impl Source {
    fn view(&self) -> &wgpu::TextureView {
        match self {
            Source::Picture { image, .. } | Source::Hdr { shown: image, .. } => {
                image.texture_view().expect("one texture")
            }
            Source::Live(frames) => frames.view(),
        }
    }

    fn size(&self) -> (u32, u32) {
        match self {
            Source::Picture { image, .. } | Source::Hdr { shown: image, .. } => image.size(),
            Source::Live(frames) => frames.size(),
        }
    }

    /// The bins the panel draws, and how they were counted.
    fn bins(&self) -> (Spec, &wgpu::Buffer) {
        match self {
            Source::Hdr { hdr, .. } => (hdr.count.spec(), hdr.count.result()),
            _ => {
                let run = self.run().expect("a run");
                (run.spec(), run.bins())
            }
        }
    }

    /// The texture as an image for a scope to count.
    fn image(&self) -> GpuImage {
        let (w, h) = self.size();
        GpuImage::from_texture(self.view().clone(), w, h)
    }

    /// The run counting an 8-bit texture or 16-bit samples (not an HDR picture).
    fn run(&self) -> Option<&Rc<Run>> {
        match self {
            Source::Picture { run, .. } => Some(run),
            Source::Hdr { .. } => None,
            Source::Live(frames) => Some(frames.run()),
        }
    }
}

#[wasm_bindgen]
pub struct Studio {
    context: Rc<Context>,
    source: Source,
    region: Cell<Region>,
    picture: PictureView,
    picture_canvas: RefCell<CanvasTarget>,
    panel: PanelView,
    panel_canvas: RefCell<CanvasTarget>,
    adjust: RefCell<Option<AdjustView>>,
    scopes: RefCell<Vec<ScopeCanvas>>,
    /// Frames drawn: the cadence of a video's adjusted histogram and scopes.
    frames: Cell<u32>,
    /// Whether a picture's bins hold its count of the current region: a draw for
    /// other reasons (an option, the window's size) does not count it again,
    /// which on a GPU the CPU plays took 1.8 s for 24 megapixels.
    counted: Cell<bool>,
}

#[wasm_bindgen]
impl Studio {
    /// The studio over a picture, uploaded as one texture in its own layout (the
    /// region and the drawing need it whole), counted in `bins` bins.
    #[wasm_bindgen(js_name = forPicture)]
    pub fn for_picture(
        gpu: &GpuContext,
        picture_canvas: web_sys::HtmlCanvasElement,
        panel_canvas: web_sys::HtmlCanvasElement,
        picture: &Picture,
        bins: u32,
    ) -> WebResult<Studio> {
        let context = gpu.context();
        let g = &context.gpu;
        let spec = studio::spec(bins).map_err(|e| JsError::new(&e))?;
        let (width, height) = (picture.width(), picture.height());
        studio::fits(width, height, g.limits().max_texture_dimension_2d)
            .map_err(|e| JsError::new(&e))?;
        if let Some(hdr) = &picture.hdr {
            let samples = picture.hdr_uploaded(&context, hdr);
            let state = (hdr.clone(), samples, picture.hdr_stats);
            return Studio::for_hdr(context, picture_canvas, panel_canvas, state, spec);
        }
        // The texture is drawn, adjusted and read by the scopes at 8 bits; a 16-bit
        // picture's histogram is counted from its samples as stored, by the method
        // the studio's rule gives.
        let (image, deep) = picture.uploaded(&context);
        let method = studio::method(deep.is_some(), spec.num_bins).map_err(|e| JsError::new(&e))?;
        let counted = deep.as_ref().unwrap_or(&image);
        let options = RunOptions::new(method, spec);
        let run = Run::new(g, &mut context.kernels.borrow_mut(), counted, options)
            .map_err(|e| JsError::new(&e.0))?;
        // Counted on the CPU already where the CPU plays the GPU (the worker that
        // read the pixels, www/input.js): the bins as the first count.
        let precounted = picture.precount.as_ref().filter(|(bins, counts)| {
            *bins == spec.num_bins && counts.len() == spec.len() && deep.is_none()
        });
        if let Some((_, counts)) = precounted {
            let bytes: Vec<u8> = counts.iter().flat_map(|c| c.to_le_bytes()).collect();
            g.queue.write_buffer(run.bins(), 0, &bytes);
        }
        let source = Source::Picture {
            image,
            deep,
            run: Rc::new(run),
        };
        let studio = Studio::make(context, picture_canvas, panel_canvas, source)?;
        studio.counted.set(precounted.is_some());
        Ok(studio)
    }

    /// The exposure an HDR picture is shown at, in stops (0: as stored; each stop
    /// doubles the light); the next draw shows it. Other pictures have none.
    #[wasm_bindgen(js_name = setExposure)]
    pub fn set_exposure(&self, stops: f32) -> WebResult<()> {
        let Source::Hdr {
            shown,
            hdr,
            exposure,
            ..
        } = &self.source
        else {
            return Err(JsError::new("only an HDR picture has an exposure"));
        };
        if !(-30.0..=30.0).contains(&stops) {
            return Err(JsError::new("the exposure is -30 to +30 stops"));
        }
        let g = &self.context.gpu;
        let mut encoder = g.device.create_command_encoder(&Default::default());
        let view = shown.texture_view().expect("one texture");
        hdr.count
            .encode_exposure(g, &mut encoder, view, stops.exp2());
        g.queue.submit([encoder.finish()]);
        exposure.set(stops);
        Ok(())
    }

    /// The studio over a video's or camera's frames (see `Live`).
    #[wasm_bindgen(js_name = forLive)]
    pub fn for_live(
        gpu: &GpuContext,
        picture_canvas: web_sys::HtmlCanvasElement,
        panel_canvas: web_sys::HtmlCanvasElement,
        live: &Live,
    ) -> WebResult<Studio> {
        studio::spec(live.frames().run().spec().num_bins).map_err(|e| JsError::new(&e))?;
        let source = Source::Live(live.frames());
        Studio::make(gpu.context(), picture_canvas, panel_canvas, source)
    }

    /// The studio over an HDR picture's samples, counted in `spec`'s bins.
    fn for_hdr(
        context: Rc<Context>,
        picture_canvas: web_sys::HtmlCanvasElement,
        panel_canvas: web_sys::HtmlCanvasElement,
        (image, samples, whole): HdrPicture,
        spec: Spec,
    ) -> WebResult<Studio> {
        let g = &context.gpu;
        let count = HdrCount::over(g, &mut context.kernels.borrow_mut(), samples, spec.num_bins)
            .map_err(|e| JsError::new(&e.0))?;
        let (w, h) = count.size();
        let texture = g.texture(
            "hdr shown",
            (w, h),
            wgpu::TextureFormat::Rgba8Unorm,
            wgpu::TextureUsages::TEXTURE_BINDING
                | wgpu::TextureUsages::STORAGE_BINDING
                | wgpu::TextureUsages::COPY_SRC,
        );
        let view = texture.create_view(&Default::default());
        let mut encoder = g.device.create_command_encoder(&Default::default());
        count.encode_exposure(g, &mut encoder, &view, 1.0);
        g.queue.submit([encoder.finish()]);
        let source = Source::Hdr {
            shown: Rc::new(GpuImage::from_texture(view, w, h)),
            _texture: texture,
            hdr: Rc::new(HdrState::new(count, image, whole)),
            exposure: Cell::new(0.0),
        };
        Studio::make(context, picture_canvas, panel_canvas, source)
    }

    fn make(
        context: Rc<Context>,
        picture_canvas: web_sys::HtmlCanvasElement,
        panel_canvas: web_sys::HtmlCanvasElement,
        source: Source,
    ) -> WebResult<Studio> {
        let g = &context.gpu;
        let (width, height) = source.size();
        let picture_canvas =
            CanvasTarget::new(g, picture_canvas).map_err(|e| JsError::new(&e.0))?;
        let panel_canvas = CanvasTarget::new(g, panel_canvas).map_err(|e| JsError::new(&e.0))?;
        let size = |t: &CanvasTarget| (t.config.width, t.config.height);
        let (format, at) = (picture_canvas.config.format, size(&picture_canvas));
        let picture = PictureView::new(g, source.view(), (width, height), format, at);
        let panel = PanelView::new(
            g,
            &mut context.kernels.borrow_mut(),
            source.bins(),
            width as u64 * height as u64,
            panel_canvas.config.format,
            size(&panel_canvas),
        );
        Ok(Studio {
            context,
            source,
            region: Cell::new(Region::whole(width, height)),
            picture,
            picture_canvas: RefCell::new(picture_canvas),
            panel,
            panel_canvas: RefCell::new(panel_canvas),
            adjust: RefCell::new(None),
            scopes: RefCell::default(),
            frames: Cell::new(0),
            counted: Cell::new(false),
        })
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.source.size().0
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.source.size().1
    }

    #[wasm_bindgen(getter, js_name = numBins)]
    pub fn num_bins(&self) -> u32 {
        self.source.bins().0.num_bins
    }

    /// Bits a sample as counted: 16 for a 16-bit picture, 32 for an HDR one's
    /// floats, else 8.
    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        match &self.source {
            Source::Picture { deep: Some(_), .. } => 16,
            Source::Hdr { .. } => 32,
            _ => 8,
        }
    }

    /// An HDR picture's exposure in stops (0 for others).
    #[wasm_bindgen(getter)]
    pub fn exposure(&self) -> f32 {
        match &self.source {
            Source::Hdr { exposure, .. } => exposure.get(),
            _ => 0.0,
        }
    }

    /// Counts and draws what is in the texture now (a picture; a paused frame).
    pub fn draw(&self) -> WebResult<()> {
        self.render(false)
    }

    /// Counts and draws a live frame (converting bytes the Live was given first).
    #[wasm_bindgen(js_name = drawFrame)]
    pub fn draw_frame(&self) -> WebResult<()> {
        self.render(true)
    }

    /// The panel's choices; the next draw shows them.
    #[wasm_bindgen(js_name = setOptions)]
    pub fn set_options(&self, parade: bool, log: bool, shown: Vec<u8>, clipping: bool) {
        let shown: [bool; 4] = std::array::from_fn(|c| shown.get(c).is_some_and(|&s| s != 0));
        self.panel.set_options(PanelLayout { parade, shown }, log);
        self.picture.set_clipping(&self.context.gpu, clipping);
        self.place();
    }

    /// Counts only this rectangle of the picture from now on.
    #[wasm_bindgen(js_name = setRegion)]
    pub fn set_region(&self, x: u32, y: u32, width: u32, height: u32) -> WebResult<()> {
        self.use_region(Region {
            x,
            y,
            width,
            height,
        })
    }

    /// Counts the whole picture again.
    #[wasm_bindgen(js_name = clearRegion)]
    pub fn clear_region(&self) -> WebResult<()> {
        let (w, h) = self.source.size();
        self.use_region(Region::whole(w, h))
    }

    /// The counted rectangle: x, y, width, height.
    #[wasm_bindgen(getter)]
    pub fn region(&self) -> Vec<u32> {
        let r = self.region.get();
        vec![r.x, r.y, r.width, r.height]
    }

    /// Keeps the histogram of the next draw, drawn as an outline from then on.
    pub fn pin(&self) {
        self.panel.pin();
        self.place();
    }

    pub fn unpin(&self) {
        self.panel.unpin();
        self.place();
    }

    /// Pins a histogram read back earlier (`counts` interleaved as the bins), as a
    /// pin of it would have: what a new Studio after a lost device is given back.
    /// It goes through the bins, which the next draw counts anew.
    pub fn repin(&self, counts: Vec<u32>) -> WebResult<()> {
        let g = &self.context.gpu;
        let (spec, bins) = self.source.bins();
        if counts.len() != spec.len() {
            return Err(JsError::new(&format!(
                "{} counts do not make this studio's {} bins",
                counts.len(),
                spec.len()
            )));
        }
        let bytes: Vec<u8> = counts.iter().flat_map(|c| c.to_le_bytes()).collect();
        g.queue.write_buffer(bins, 0, &bytes);
        // The bins hold the pin now: the next draw or reading counts them anew.
        self.counted.set(false);
        if let Source::Hdr { hdr, .. } = &self.source {
            hdr.forget();
        }
        self.panel.pin();
        let mut encoder = g.device.create_command_encoder(&Default::default());
        self.panel.encode(&mut encoder, bins);
        g.queue.submit([encoder.finish()]);
        self.place();
        Ok(())
    }

    /// The panels as drawn on the panel canvas: for each, x, y, width, height (as
    /// fractions of the canvas) and a mask of its channels (bit 0 = R ... 3 = L).
    #[wasm_bindgen(js_name = panelRects)]
    pub fn panel_rects(&self) -> Vec<f32> {
        self.panel
            .panels(self.adjust.borrow().is_some())
            .iter()
            .flat_map(|p| [p.rect[0], p.rect[1], p.rect[2], p.rect[3], p.mask() as f32])
            .collect()
    }

    /// Where the picture is drawn in its canvas (letterboxed): x, y, width, height
    /// as fractions of the canvas.
    #[wasm_bindgen(js_name = pictureRect)]
    pub fn picture_rect(&self) -> Vec<f32> {
        self.picture.rect().to_vec()
    }

    /// Adjusts the picture from now on: `name` is "none" or one of `adjustments()`;
    /// `a` and `b` are CLAHE's clip limit or auto-levels' low and high
    /// percentiles, `tiles_x` x `tiles_y` CLAHE's grid, `linked` auto-levels' one
    /// stretch for all three channels.
    #[wasm_bindgen(js_name = setAdjustment)]
    pub fn set_adjustment(
        &self,
        name: &str,
        a: f32,
        b: f32,
        tiles_x: u32,
        tiles_y: u32,
        linked: bool,
    ) -> WebResult<()> {
        let adjustment = match name {
            "none" => None,
            _ => Some(match named(name)? {
                Adjustment::Clahe { .. } => Adjustment::Clahe {
                    tiles: (tiles_x, tiles_y),
                    clip: a,
                },
                Adjustment::AutoLevels { .. } => Adjustment::AutoLevels {
                    low: a,
                    high: b,
                    linked,
                },
                other => other,
            }),
        };
        let g = &self.context.gpu;
        let view = match adjustment {
            None => None,
            Some(adjustment) => Some(
                AdjustView::new(
                    g,
                    &mut self.context.kernels.borrow_mut(),
                    adjustment.check().map_err(|e| JsError::new(&e))?,
                    self.source.view(),
                    self.source.size(),
                    self.panel_canvas.borrow().config.format,
                )
                .map_err(|e| JsError::new(&e.0))?,
            ),
        };
        match &view {
            Some(v) => {
                let a = v.adjuster();
                self.picture
                    .set_adjustment(g, Some(a.tables()), a.adjustment().code(), a.tiles())
            }
            None => self.picture.set_adjustment(g, None, 0, (1, 1)),
        }
        *self.adjust.borrow_mut() = view;
        self.place();
        Ok(())
    }

    /// Where the adjusted part starts, as a fraction of the picture's width (0:
    /// all adjusted, 1: none).
    #[wasm_bindgen(js_name = setSplit)]
    pub fn set_split(&self, split: f32) {
        self.picture.set_split(&self.context.gpu, split);
    }

    /// The adjustment's tables as they were last made, read back.
    #[wasm_bindgen(js_name = readTables)]
    pub fn read_tables(&self) -> js_sys::Promise {
        match self.adjust.borrow().as_ref() {
            Some(a) => adjust::read_tables(a, self.context.clone()),
            None => js_sys::Promise::reject(&JsError::new("no adjustment is on").into()),
        }
    }

    /// The adjusted picture at full size, as PNG bytes.
    #[wasm_bindgen(js_name = adjustedPng)]
    pub fn adjusted_png(&self) -> WebResult<js_sys::Promise> {
        match self.adjust.borrow().as_ref() {
            Some(a) => adjust::adjusted_png(
                a,
                self.context.clone(),
                self.source.view(),
                self.source.size(),
            ),
            None => Err(JsError::new("no adjustment is on")),
        }
    }

    /// Shows these scopes ("waveform", "parade", "vectorscope"), each in its
    /// canvas, from the next draw (none: no scopes); `size` is the vectorscope's grid.
    #[wasm_bindgen(js_name = setScopes)]
    pub fn set_scopes(
        &self,
        names: Vec<String>,
        canvases: Vec<web_sys::HtmlCanvasElement>,
        size: u32,
    ) -> WebResult<()> {
        let g = &self.context.gpu;
        let image = self.source.image();
        let views = names
            .iter()
            .zip(canvases)
            .map(|(name, canvas)| {
                let scope = named_scope(name, size)?;
                let mut kernels = self.context.kernels.borrow_mut();
                ScopeCanvas::new(g, &mut kernels, canvas, &image, scope, self.region.get())
            })
            .collect::<WebResult<Vec<_>>>()?;
        *self.scopes.borrow_mut() = views;
        Ok(())
    }

    /// On video, each scope is counted and drawn every this many frames (1 but
    /// where the CPU emulates the GPU: src/studio's `SCOPES_EVERY_EMULATED`).
    #[wasm_bindgen(getter, js_name = scopeEvery)]
    pub fn scope_every(&self) -> u32 {
        self.cadence(false).scope_every
    }

    /// The scopes' brightness (logarithmic or linear, times `gain`) and the
    /// waveform's channels (0 R, 1 G, 2 B, 3 luminance).
    #[wasm_bindgen(js_name = setScopeStyle)]
    pub fn set_scope_style(&self, log: bool, gain: f32, shown: Vec<u8>) {
        let shown: Vec<usize> = shown.into_iter().map(usize::from).collect();
        for scope in self.scopes.borrow().iter() {
            let style = crate::scope::Style { log, gain };
            scope
                .view()
                .set_style(&self.context.gpu, style, shown.clone());
        }
    }

    /// Scope `index`'s counts as the command line's JSON for `file`.
    #[wasm_bindgen(js_name = scopeJson)]
    pub fn scope_json(&self, index: usize, file: String) -> WebResult<js_sys::Promise> {
        let scopes = self.scopes.borrow();
        let view = scopes
            .get(index)
            .ok_or_else(|| JsError::new("no such scope"))?;
        Ok(view.json(self.context.clone(), file, self.source.size()))
    }

    /// Scope `index` at natural size as PNG bytes.
    #[wasm_bindgen(js_name = scopePng)]
    pub fn scope_png(&self, index: usize) -> WebResult<js_sys::Promise> {
        let scopes = self.scopes.borrow();
        let view = scopes
            .get(index)
            .ok_or_else(|| JsError::new("no such scope"))?;
        Ok(view.png(self.context.clone()))
    }

    /// The histogram of the latest draw, read back: for the statistics, the hover
    /// readout and the CSV.
    /// An HDR picture's count is made here, when the region is new: its range
    /// comes first, and the outcome says whether the panel needs drawing again.
    pub fn histogram(&self) -> js_sys::Promise {
        let region = self.region.get();
        match &self.source {
            Source::Hdr { hdr, .. } => hdr_outcome(self.context.clone(), hdr.clone(), region),
            _ => read_outcome(
                self.context.clone(),
                self.source.run().expect("a run").clone(),
                region.pixel_count(),
            ),
        }
    }
}

impl Studio {
    fn use_region(&self, region: Region) -> WebResult<()> {
        let g = &self.context.gpu;
        let (w, h) = self.source.size();
        region.within(w, h).map_err(|e| JsError::new(&e))?;
        let moved = match &self.source {
            Source::Picture { run, .. } => {
                self.counted.set(false);
                run.set_region(&g.queue, region)
            }
            // Counted when the histogram is read next.
            Source::Hdr { .. } => Ok(()),
            Source::Live(frames) => frames.set_region(&g.queue, region),
        };
        moved.map_err(|e| JsError::new(&e.0))?;
        let image = self.source.image();
        for scope in self.scopes.borrow().iter() {
            let view = scope.view();
            view.set_region(g, &image, region)
                .map_err(|e| JsError::new(&e.0))?;
        }
        self.panel.set_entries(g, region.pixel_count());
        self.region.set(region);
        Ok(())
    }

    /// Writes the panels' places after a change of options or adjustment.
    fn place(&self) {
        let adjust = self.adjust.borrow();
        self.panel
            .place(&self.context.gpu, adjust.as_ref().map(AdjustView::painter));
    }

    /// What this frame records: on video, the adjusted histogram and the scopes
    /// take turns (src/studio's `Cadence`).
    fn cadence(&self, live: bool) -> Cadence {
        let scopes = self.scopes.borrow();
        let emulated = scopes.iter().any(|s| s.view().emulated());
        Cadence::new(scopes.len(), emulated, self.frames.get(), live)
    }

    /// Counts, then every view records its passes and draws, in one submission.
    /// `live`: a frame of a playing video.
    fn render(&self, live: bool) -> WebResult<()> {
        let g = &self.context.gpu;
        if let Some(fault) = g.fault() {
            return Err(JsError::new(&fault));
        }
        let cadence = self.cadence(live);
        let mut encoder = g.device.create_command_encoder(&Default::default());
        match &self.source {
            Source::Picture { run, .. } if !self.counted.replace(true) => run.encode(&mut encoder),
            Source::Picture { .. } => {}
            // Counted when the histogram is read (its range comes first).
            Source::Hdr { .. } => {}
            Source::Live(frames) => {
                frames.encode(g, &mut encoder, None);
            }
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
            a.encode(
                &mut encoder,
                whole.map(|run| run.bins()),
                cadence.adjusted_due(),
            );
        }
        self.panel.encode(&mut encoder, self.source.bins().1);
        let scopes = self.scopes.borrow();
        for (i, scope) in scopes.iter().enumerate() {
            if cadence.scope_due(i) {
                scope.view().encode(&mut encoder);
            }
        }
        let err = |e: crate::gpu::GpuError| JsError::new(&e.0);
        let (picture, view, size) = self.picture_canvas.borrow_mut().next(g).map_err(err)?;
        self.picture
            .draw(g, &mut encoder, Target { view: &view, size });
        let (panel, view, size) = self.panel_canvas.borrow_mut().next(g).map_err(err)?;
        // The page's labels over the panels, as a fraction of the canvas's height
        // on the screen: the bars leave that strip free.
        let css = self.panel_canvas.borrow().canvas.client_height().max(1) as f32;
        let adjusted = adjust.as_ref().map(AdjustView::painter);
        if self.panel.set_label(LABEL_PX / css) {
            self.panel.place(g, adjusted);
        }
        self.panel
            .draw(g, &mut encoder, Target { view: &view, size }, adjusted);
        let drawn = scopes
            .iter()
            .enumerate()
            .filter(|&(i, _)| cadence.scope_due(i))
            .map(|(_, scope)| scope.draw(g, &mut encoder))
            .collect::<WebResult<Vec<_>>>()?;
        g.queue.submit([encoder.finish()]);
        g.queue.present(picture);
        g.queue.present(panel);
        for frame in drawn {
            g.queue.present(frame);
        }
        self.frames.set(self.frames.get().wrapping_add(1));
        Ok(())
    }
}
