//! The studio: a picture (an image, or the frames of a video or camera) beside its
//! histogram panel, on two canvases, all on the GPU: counting (the privatized kernel
//! over the region, or the frame pass as it converts), the scale pass, the panel
//! (overlaid or parade, linear or logarithmic, channels on and off, a pinned
//! histogram outlined) and the picture (letterboxed, with the clipping warning).
//! Statistics and the hover readout come from bins read back now and then.

use super::video::LiveFrame;
use super::{clear_pass, read_outcome, CanvasTarget, Context, GpuContext, Picture};
use crate::adjust::Adjustment;
use crate::gpu::{
    AdjustedCount, Adjuster, ChunkShape, Fit, FramePainter, Gpu, GpuError, GpuImage,
    HistogramPainter, Look, Method, Owned, Panel, Remap, Run,
};
use crate::histogram::{Channels, Spec};
use crate::image::{Image, Region};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// The WGSL of the studio's drawing: "panel" (the histogram panel) or "picture".
#[wasm_bindgen(js_name = studioSource)]
pub fn studio_source(name: &str) -> String {
    match name {
        "panel" => crate::gpu::panel_source(Spec::rgbl()),
        _ => crate::gpu::picture_source(),
    }
}

/// The WGSL of an adjustment's table passes and of the remapping.
#[wasm_bindgen(js_name = adjustSource)]
pub fn adjust_source(kind: &str) -> String {
    crate::gpu::adjust_source(match kind {
        "clahe" => Adjustment::Clahe {
            tiles: (8, 8),
            clip: 2.0,
        },
        "levels" => Adjustment::AutoLevels {
            low: 0.5,
            high: 99.5,
            linked: false,
        },
        "otsu" => Adjustment::Otsu,
        _ => Adjustment::Equalize,
    })
}

/// What the studio shows: a picture's texture, or live frames.
enum Source {
    Picture {
        _texture: Owned<wgpu::Texture>,
        view: wgpu::TextureView,
        size: (u32, u32),
    },
    Video(Box<LiveFrame>),
}

impl Source {
    fn view(&self) -> &wgpu::TextureView {
        match self {
            Source::Picture { view, .. } => view,
            Source::Video(frame) => frame.view(),
        }
    }

    fn size(&self) -> (u32, u32) {
        match self {
            Source::Picture { size, .. } => *size,
            Source::Video(frame) => frame.size(),
        }
    }
}

/// The panel's choices.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Options {
    parade: bool,
    log: bool,
    /// R, G, B, luminance shown.
    shown: [bool; 4],
    clipping: bool,
    pinned: bool,
}

/// An adjustment under way: its tables and the adjusted histogram, made every
/// frame from the whole picture's 256-bin histogram (the studio's own bins when
/// they are that, else a count of its own), drawn beside the original.
struct Adjusting {
    adjuster: Adjuster,
    count: AdjustedCount,
    whole: Run,
    painter: HistogramPainter,
    /// The tables read back for the page (the CDF curve, Otsu's line).
    readback: Owned<wgpu::Buffer>,
    reading: Rc<Cell<bool>>,
}

#[wasm_bindgen]
pub struct Studio {
    context: Rc<Context>,
    picture_target: RefCell<CanvasTarget>,
    panel_target: RefCell<CanvasTarget>,
    source: Source,
    run: Rc<Run>,
    painter: HistogramPainter,
    frame_painter: RefCell<FramePainter>,
    options: Cell<Options>,
    region: Cell<Region>,
    pin_next: Cell<bool>,
    adjusting: RefCell<Option<Adjusting>>,
    /// The fraction of the picture's width from which the adjustment shows.
    split: Cell<f32>,
    /// Frames drawn: a video's adjusted histogram is counted every
    /// `ADJUSTED_EVERY`th.
    frames: Cell<u32>,
}

/// On video the adjusted picture's histogram (a second pass over every pixel, as
/// costly as counting the frame) is counted every this many frames and drawn
/// as last counted between them: 5 to 15 times a second, as often as a person
/// reads it, while the picture itself is adjusted every frame.
const ADJUSTED_EVERY: u32 = 4;

/// Bins a studio may count: 16 to 1024.
const BINS: std::ops::RangeInclusive<u32> = 16..=1024;

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
    ) -> Result<Studio, JsError> {
        let context = gpu.context();
        let source = upload(&context.gpu, &picture.image)?;
        Studio::make(context, picture_canvas, panel_canvas, source, bins)
    }

    /// The studio over a video's or camera's frames of `width` x `height`.
    #[wasm_bindgen(js_name = forVideo)]
    pub fn for_video(
        gpu: &GpuContext,
        picture_canvas: web_sys::HtmlCanvasElement,
        panel_canvas: web_sys::HtmlCanvasElement,
        video: web_sys::HtmlVideoElement,
        width: u32,
        height: u32,
        bins: u32,
    ) -> Result<Studio, JsError> {
        let context = gpu.context();
        let spec = spec(bins)?;
        let g = &context.gpu;
        let counting = LiveFrame::counts_on(g).then_some(spec);
        let bins_buffer = Run::bins_buffer(g, spec);
        let frame = LiveFrame::new(
            g,
            video,
            width,
            height,
            counting.map(|spec| (&*bins_buffer, spec)),
        )?;
        Studio::with_bins(
            context,
            picture_canvas,
            panel_canvas,
            Source::Video(Box::new(frame)),
            spec,
            bins_buffer,
        )
    }

    fn make(
        context: Rc<Context>,
        picture_canvas: web_sys::HtmlCanvasElement,
        panel_canvas: web_sys::HtmlCanvasElement,
        source: Source,
        bins: u32,
    ) -> Result<Studio, JsError> {
        let spec = spec(bins)?;
        let bins_buffer = Run::bins_buffer(&context.gpu, spec);
        Studio::with_bins(
            context,
            picture_canvas,
            panel_canvas,
            source,
            spec,
            bins_buffer,
        )
    }

    fn with_bins(
        context: Rc<Context>,
        picture_canvas: web_sys::HtmlCanvasElement,
        panel_canvas: web_sys::HtmlCanvasElement,
        source: Source,
        spec: Spec,
        bins: Owned<wgpu::Buffer>,
    ) -> Result<Studio, JsError> {
        let g = &context.gpu;
        let (width, height) = source.size();
        let image = GpuImage::from_texture(source.view().clone(), width, height);
        let mut kernels = context.kernels.borrow_mut();
        let run = Run::into_bins(
            g,
            &mut kernels,
            &image,
            Method::Privatized,
            spec,
            ChunkShape::default(),
            bins,
        )
        .map(Rc::new)
        .map_err(|e| JsError::new(&e.0))?;
        let picture_target =
            CanvasTarget::new(g, picture_canvas).map_err(|e| JsError::new(&e.0))?;
        let panel_target = CanvasTarget::new(g, panel_canvas).map_err(|e| JsError::new(&e.0))?;
        let options = Options {
            parade: false,
            log: false,
            shown: [true; 4],
            clipping: false,
            pinned: false,
        };
        let format = panel_target.config.format;
        // Made with the most panels there can be: a parade of all four channels.
        let all = panels(Options {
            parade: true,
            ..options
        });
        let painter = HistogramPainter::studio(g, &mut kernels, spec, run.bins(), format, &all);
        painter.set_entries(&g.queue, width as u64 * height as u64);
        let frame_painter = FramePainter::new(
            g,
            source.view(),
            (width, height),
            picture_target.config.format,
        );
        drop(kernels);
        let studio = Studio {
            context,
            picture_target: RefCell::new(picture_target),
            panel_target: RefCell::new(panel_target),
            source,
            run,
            painter,
            frame_painter: RefCell::new(frame_painter),
            options: Cell::new(options),
            region: Cell::new(Region::whole(width, height)),
            pin_next: Cell::new(false),
            frames: Cell::new(0),
            adjusting: RefCell::new(None),
            split: Cell::new(0.5),
        };
        studio.fit(true);
        Ok(studio)
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
        self.run.spec().num_bins
    }

    /// Which pass counts: "frame pass" (video on a GPU the CPU emulates: counted as
    /// the frame is converted) or "privatized kernel".
    #[wasm_bindgen(getter)]
    pub fn counter(&self) -> String {
        match &self.source {
            Source::Video(frame) if frame.counts() => "frame pass".into(),
            _ => "privatized kernel".into(),
        }
    }

    /// Whether video frames of this size fit this studio.
    pub fn fits(&self, width: u32, height: u32) -> bool {
        self.source.size() == (width, height)
    }

    /// Draws a video frame from the decoder's bytes (see `LiveFrame::upload`).
    #[wasm_bindgen(js_name = renderFrame)]
    pub fn render_frame(
        &self,
        bytes: &[u8],
        format: &str,
        offsets: Vec<u32>,
        strides: Vec<u32>,
        matrix: Option<String>,
        full_range: bool,
    ) -> Result<(), JsError> {
        let Source::Video(frame) = &self.source else {
            return Err(JsError::new("this studio shows a picture, not a video"));
        };
        let g = &self.context.gpu;
        let format = frame.format(format, &offsets, &strides, matrix.as_deref(), full_range)?;
        frame.upload(g, bytes, &format)?;
        self.render(true, true)
    }

    /// Draws the video element's current frame, copied by the browser.
    #[wasm_bindgen(js_name = renderElement)]
    pub fn render_element(&self) -> Result<(), JsError> {
        let Source::Video(frame) = &self.source else {
            return Err(JsError::new("this studio shows a picture, not a video"));
        };
        frame.copy_element(&self.context.gpu);
        self.render(false, true)
    }

    /// Counts and draws what is in the texture now (a picture; a paused frame).
    pub fn draw(&self) -> Result<(), JsError> {
        self.render(false, false)
    }

    /// The panel's choices; the next draw shows them.
    #[wasm_bindgen(js_name = setOptions)]
    pub fn set_options(
        &self,
        parade: bool,
        log: bool,
        shown: Vec<u8>,
        clipping: bool,
    ) -> Result<(), JsError> {
        let shown: [bool; 4] = std::array::from_fn(|c| shown.get(c).is_some_and(|&s| s != 0));
        let options = Options {
            parade,
            log,
            shown,
            clipping,
            ..self.options.get()
        };
        self.options.set(options);
        self.fit(true);
        Ok(())
    }

    /// Counts only this rectangle of the picture from now on.
    #[wasm_bindgen(js_name = setRegion)]
    pub fn set_region(&self, x: u32, y: u32, width: u32, height: u32) -> Result<(), JsError> {
        let region = Region {
            x,
            y,
            width,
            height,
        };
        let (w, h) = self.source.size();
        region.within(w, h).map_err(|e| JsError::new(&e))?;
        self.use_region(region)
    }

    /// Counts the whole picture again.
    #[wasm_bindgen(js_name = clearRegion)]
    pub fn clear_region(&self) -> Result<(), JsError> {
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
        self.pin_next.set(true);
        self.options.set(Options {
            pinned: true,
            ..self.options.get()
        });
        self.fit(true);
    }

    pub fn unpin(&self) {
        self.options.set(Options {
            pinned: false,
            ..self.options.get()
        });
        self.fit(true);
    }

    /// The panels as drawn on the panel canvas: for each, x, y, width, height (as
    /// fractions of the canvas) and a mask of its channels (bit 0 = R ... 3 = L).
    #[wasm_bindgen(js_name = panelRects)]
    pub fn panel_rects(&self) -> Vec<f32> {
        let adjusting = self.adjusting.borrow().is_some();
        placed(self.options.get(), adjusting, false)
            .iter()
            .flat_map(|p| {
                let mask = p.shown.iter().map(|&c| 1 << c).sum::<u32>();
                [p.rect[0], p.rect[1], p.rect[2], p.rect[3], mask as f32]
            })
            .collect()
    }

    /// Adjusts the picture from now on: `kind` is "none", "equalize", "clahe"
    /// (`a` the clip limit, `tiles_x` x `tiles_y` the grid), "levels" (`a` and `b`
    /// the low and high percentiles, `linked`) or "otsu".
    #[wasm_bindgen(js_name = setAdjustment)]
    pub fn set_adjustment(
        &self,
        kind: &str,
        a: f32,
        b: f32,
        tiles_x: u32,
        tiles_y: u32,
        linked: bool,
    ) -> Result<(), JsError> {
        let adjustment = match kind {
            "none" => None,
            "equalize" => Some(Adjustment::Equalize),
            "clahe" => Some(Adjustment::Clahe {
                tiles: (tiles_x, tiles_y),
                clip: a,
            }),
            "levels" => Some(Adjustment::AutoLevels {
                low: a,
                high: b,
                linked,
            }),
            "otsu" => Some(Adjustment::Otsu),
            other => return Err(JsError::new(&format!("no adjustment called '{other}'"))),
        };
        let adjusting = match adjustment {
            None => None,
            Some(adjustment) => Some(self.adjusting(adjustment).map_err(|e| JsError::new(&e.0))?),
        };
        self.frame_painter
            .borrow_mut()
            .set_tables(adjusting.as_ref().map(|a| a.adjuster.tables()));
        *self.adjusting.borrow_mut() = adjusting;
        self.fit(true);
        Ok(())
    }

    /// Where the adjusted part starts, as a fraction of the picture's width (0:
    /// all adjusted, 1: none).
    #[wasm_bindgen(js_name = setSplit)]
    pub fn set_split(&self, split: f32) {
        self.split.set(split.clamp(0.0, 1.0));
        self.fit(true);
    }

    /// The adjustment's tables as they were last made (a new level per bin or
    /// value; CLAHE a table per tile; Otsu the threshold first), read back.
    #[wasm_bindgen(js_name = readTables)]
    pub fn read_tables(&self) -> js_sys::Promise {
        let adjusting = self.adjusting.borrow();
        let Some(a) = adjusting.as_ref() else {
            return js_sys::Promise::reject(&JsError::new("no adjustment is on").into());
        };
        if a.reading.replace(true) {
            return js_sys::Promise::reject(&JsError::new("the tables are being read").into());
        }
        let g = &self.context.gpu;
        let mut encoder = g.device.create_command_encoder(&Default::default());
        let tables = a.adjuster.tables();
        encoder.copy_buffer_to_buffer(tables, 0, &a.readback, 0, tables.size());
        g.queue.submit([encoder.finish()]);
        let (buffer, reading, context) = (
            (*a.readback).clone(),
            a.reading.clone(),
            self.context.clone(),
        );
        wasm_bindgen_futures::future_to_promise(async move {
            let bytes = context.gpu.read_buffer(&buffer).await;
            reading.set(false);
            let values: Vec<f32> = bytes
                .map_err(|e| JsError::new(&e.0))?
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect();
            Ok(js_sys::Float32Array::from(&values[..]).into())
        })
    }

    /// The adjusted picture at full size, as PNG bytes: made on the GPU like the
    /// command-line tool's `adjust`, encoded here.
    #[wasm_bindgen(js_name = adjustedPng)]
    pub fn adjusted_png(&self) -> Result<js_sys::Promise, JsError> {
        let adjustment = match self.adjusting.borrow().as_ref() {
            Some(a) => a.adjuster.adjustment(),
            None => return Err(JsError::new("no adjustment is on")),
        };
        let (context, view, size) = (self.context.clone(), self.source.view(), self.source.size());
        let adjusted = Remap::new(
            &context.gpu,
            &mut context.kernels.borrow_mut(),
            view,
            size,
            adjustment,
        )
        .map_err(|e| JsError::new(&e.0))?;
        Ok(wasm_bindgen_futures::future_to_promise(async move {
            let image = adjusted
                .read(&context.gpu)
                .await
                .map_err(|e| JsError::new(&e.0))?;
            let mut png = Vec::new();
            image::ImageEncoder::write_image(
                image::codecs::png::PngEncoder::new(&mut png),
                image.rgba(),
                image.width(),
                image.height(),
                image::ExtendedColorType::Rgba8,
            )
            .map_err(|e| JsError::new(&e.to_string()))?;
            Ok(js_sys::Uint8Array::from(&png[..]).into())
        }))
    }

    /// The histogram of the latest draw, read back: for the statistics, the hover
    /// readout and the CSV.
    pub fn histogram(&self) -> js_sys::Promise {
        read_outcome(
            self.context.clone(),
            self.run.clone(),
            self.region.get().pixel_count(),
        )
    }
}

impl Studio {
    /// An adjustment of this studio's picture, with its own whole-picture count.
    fn adjusting(&self, adjustment: Adjustment) -> Result<Adjusting, GpuError> {
        let g = &self.context.gpu;
        let (width, height) = self.source.size();
        let view = self.source.view();
        let mut kernels = self.context.kernels.borrow_mut();
        let whole = Run::new(
            g,
            &mut kernels,
            &GpuImage::from_texture(view.clone(), width, height),
            Method::Privatized,
            Spec::rgbl(),
            ChunkShape::default(),
        )?;
        let adjuster = Adjuster::new(g, adjustment, view, (width, height), whole.bins())?;
        let count = adjuster.count_adjusted(g, view);
        let format = self.panel_target.borrow().config.format;
        let all = panels(Options {
            parade: true,
            ..self.options.get()
        });
        let painter =
            HistogramPainter::studio(g, &mut kernels, Spec::rgbl(), count.bins(), format, &all);
        painter.set_entries(&g.queue, width as u64 * height as u64);
        let readback = g.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("tables readback"),
            size: adjuster.tables().size(),
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        Ok(Adjusting {
            count,
            adjuster,
            whole,
            painter,
            readback: readback.into(),
            reading: Rc::new(Cell::new(false)),
        })
    }

    fn use_region(&self, region: Region) -> Result<(), JsError> {
        let g = &self.context.gpu;
        self.run
            .set_region(&g.queue, region)
            .map_err(|e| JsError::new(&e.0))?;
        if let Source::Video(frame) = &self.source {
            frame.set_region(region);
        }
        self.painter.set_entries(&g.queue, region.pixel_count());
        self.region.set(region);
        Ok(())
    }

    /// Follows the canvases' sizes and the options; `force` rewrites the uniforms
    /// even when no size changed.
    fn fit(&self, force: bool) {
        let g = &self.context.gpu;
        let options = self.options.get();
        let adjusting = self.adjusting.borrow();
        let adjuster = adjusting.as_ref().map(|a| &a.adjuster);
        let mut picture = self.picture_target.borrow_mut();
        if picture.fit(g) || force {
            let size = (picture.config.width, picture.config.height);
            let tiles = adjuster.map_or((1, 1), |a| a.tiles());
            let frame_painter = self.frame_painter.borrow();
            frame_painter.set_view(&g.queue, Fit::Contain, size, tiles, self.split.get());
            frame_painter.set_look(Look {
                clipping: options.clipping,
                adjustment: adjuster.map_or(0, |a| a.adjustment().code()),
            });
        }
        let mut panel = self.panel_target.borrow_mut();
        if panel.fit(g) || force {
            self.painter.set_style(options.log, options.pinned);
            self.painter
                .set_panels(&g.queue, &placed(options, adjusting.is_some(), false));
            if let Some(a) = adjusting.as_ref() {
                a.painter.set_style(options.log, false);
                a.painter.set_panels(&g.queue, &placed(options, true, true));
            }
        }
    }

    /// Counts (unless the frame pass did), scales and draws the picture and panel.
    /// `decoded`: a decoder's frame was uploaded (the frame pass converts and counts
    /// it); `live`: a frame of a playing video.
    fn render(&self, decoded: bool, live: bool) -> Result<(), JsError> {
        let g = &self.context.gpu;
        if let Some(fault) = g.fault() {
            return Err(JsError::new(&fault));
        }
        self.fit(false);
        let picture_frame = self
            .picture_target
            .borrow()
            .frame()
            .map_err(|e| JsError::new(&e.0))?;
        let panel_frame = self
            .panel_target
            .borrow()
            .frame()
            .map_err(|e| JsError::new(&e.0))?;
        let mut encoder = g.device.create_command_encoder(&Default::default());
        let counted = match &self.source {
            Source::Video(frame) if decoded => {
                frame.encode(g, &mut encoder, None);
                frame.counts()
            }
            _ => false,
        };
        if !counted {
            self.run.encode(&mut encoder);
        }
        let adjusting = self.adjusting.borrow();
        if let Some(a) = adjusting.as_ref() {
            // The whole picture's 256 bins: the studio's when they are those.
            let (w, h) = self.source.size();
            let same = self.run.spec() == Spec::rgbl() && self.region.get() == Region::whole(w, h);
            if same {
                let bins = self.run.bins();
                encoder.copy_buffer_to_buffer(bins, 0, a.whole.bins(), 0, bins.size());
            } else {
                a.whole.encode(&mut encoder);
            }
            let frame = self.frames.get();
            a.adjuster.encode(&mut encoder, None);
            if !live || frame.is_multiple_of(ADJUSTED_EVERY) {
                a.count.encode(&mut encoder);
                a.painter.encode_scale(&mut encoder);
            }
        }
        self.painter.encode_scale(&mut encoder);
        if self.pin_next.replace(false) {
            self.painter.pin(&mut encoder, self.run.bins());
        }
        {
            let view = picture_frame.texture.create_view(&Default::default());
            let mut pass = clear_pass(&mut encoder, &view, None, 0);
            self.frame_painter.borrow().draw(&mut pass);
        }
        {
            let view = panel_frame.texture.create_view(&Default::default());
            let mut pass = clear_pass(&mut encoder, &view, None, 0);
            let shown = panels(self.options.get()).len();
            for i in 0..shown {
                self.painter.draw(&mut pass, i);
                if let Some(a) = adjusting.as_ref() {
                    a.painter.draw(&mut pass, i);
                }
            }
        }
        g.queue.submit([encoder.finish()]);
        g.queue.present(picture_frame);
        g.queue.present(panel_frame);
        self.frames.set(self.frames.get().wrapping_add(1));
        Ok(())
    }
}

fn spec(bins: u32) -> Result<Spec, JsError> {
    if !BINS.contains(&bins) {
        return Err(JsError::new(&format!(
            "the studio counts 16 to 1024 bins, not {bins}"
        )));
    }
    Spec::new(bins, Channels::Rgbl).map_err(|e| JsError::new(&e))
}

/// The picture as one texture in its own layout.
fn upload(g: &Gpu, image: &Image) -> Result<Source, JsError> {
    let max = g.limits().max_texture_dimension_2d;
    let (width, height) = (image.width(), image.height());
    if width > max || height > max {
        return Err(JsError::new(&format!(
            "the picture is {width}x{height}: the studio holds it in one texture, and this \
             GPU's largest is {max} pixels a side. The chapter pages count it in pieces."
        )));
    }
    let size = wgpu::Extent3d {
        width,
        height,
        depth_or_array_layers: 1,
    };
    let texture = g.device.create_texture(&wgpu::TextureDescriptor {
        label: Some("studio picture"),
        size,
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    g.queue.write_texture(
        texture.as_image_copy(),
        image.rgba(),
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(width * 4),
            rows_per_image: None,
        },
        size,
    );
    Ok(Source::Picture {
        view: texture.create_view(&Default::default()),
        _texture: texture.into(),
        size: (width, height),
    })
}

/// The panels on the canvas: all of it, or with an adjustment on, the original's
/// on the left half and the adjusted picture's (`adjusted`) on the right.
fn placed(options: Options, adjusting: bool, adjusted: bool) -> Vec<Panel> {
    let all = panels(options);
    if !adjusting {
        return all;
    }
    let x0 = if adjusted { 0.52 } else { 0.0 };
    all.into_iter()
        .map(|p| Panel {
            rect: [
                x0 + p.rect[0] * 0.48,
                p.rect[1],
                p.rect[2] * 0.48,
                p.rect[3],
            ],
            ..p
        })
        .collect()
}

/// Where the panel's histograms go on its canvas: overlaid, the shown colours
/// screen-blended above luminance; as a parade, one column per shown channel.
fn panels(options: Options) -> Vec<Panel> {
    let gap = 0.02;
    let colours: Vec<usize> = (0..3).filter(|&c| options.shown[c]).collect();
    if options.parade {
        let shown: Vec<usize> = (0..4).filter(|&c| options.shown[c]).collect();
        let n = shown.len().max(1) as f32;
        let width = (1.0 - gap * (n - 1.0)) / n;
        return shown
            .iter()
            .enumerate()
            .map(|(i, &c)| Panel {
                rect: [i as f32 * (width + gap), 0.0, width, 1.0],
                shown: vec![c],
            })
            .collect();
    }
    match (colours.is_empty(), options.shown[3]) {
        (false, true) => vec![
            Panel {
                rect: [0.0, 0.0, 1.0, 0.62],
                shown: colours,
            },
            Panel {
                rect: [0.0, 0.62 + gap, 1.0, 0.38 - gap],
                shown: vec![3],
            },
        ],
        (false, false) => vec![Panel::full(&colours)],
        (true, true) => vec![Panel::full(&[3])],
        (true, false) => Vec::new(),
    }
}
