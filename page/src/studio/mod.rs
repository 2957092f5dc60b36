//! The studio in the page: the core's studio (src/studio) over a picture (an
//! image, or the frames of a video or camera), drawing into the page's canvases.
//! This shell holds the canvases, hands the studio their current textures each
//! frame and presents them, and turns reads into promises.

mod bins;
mod reads;
mod scopes;

use super::live::Live;
use super::scope_chapters::scope_frame;
use super::{
    hdr_outcome, read_outcome, CanvasTarget, Context, GpuContext, HdrState, Picture, WebResult,
};
use histogram::adjust::Adjustment;
use histogram::gpu::GpuError;
use histogram::layout::PanelLayout;
use histogram::studio::{self, Frame, Source, Target, Targets};
use histogram::{Region, Spec};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// The height of a panel's label on the page, in CSS pixels (style.css's
/// .panel-name and .half-label: 0.75rem text and its margin), with some air.
const LABEL_PX: f32 = 20.0;

/// The WGSL of the studio's drawing: "panel" (the histogram panel) or "picture".
#[wasm_bindgen(js_name = studioSource)]
pub fn studio_source(name: &str) -> String {
    match name {
        "panel" => histogram::gpu::panel_source(Spec::rgbl()),
        _ => histogram::gpu::picture_source(),
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
    Ok(histogram::gpu::adjust_source(named(name)?))
}

fn named(name: &str) -> WebResult<Adjustment> {
    Adjustment::named(name).ok_or_else(|| JsError::new(&format!("no adjustment called '{name}'")))
}

#[wasm_bindgen]
pub struct Studio {
    context: Rc<Context>,
    studio: studio::Studio,
    /// An HDR picture's state for its readings (its count comes with its range).
    hdr: Option<Rc<HdrState>>,
    picture_canvas: RefCell<CanvasTarget>,
    panel_canvas: RefCell<CanvasTarget>,
    scope_canvases: RefCell<Vec<CanvasTarget>>,
}

fn js(e: String) -> JsError {
    JsError::new(&e)
}

fn gpu_js(e: GpuError) -> JsError {
    JsError::new(&e.0)
}

/// A canvas's format and size now: what a core view is made for.
fn target_of(canvas: &CanvasTarget) -> studio::Canvas {
    (
        canvas.config.format,
        (canvas.config.width, canvas.config.height),
    )
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
        let (picture_canvas, panel_canvas, targets) = canvases(g, picture_canvas, panel_canvas)?;
        let mut kernels = context.kernels.borrow_mut();
        let (core, hdr) = if let Some(image) = &picture.hdr {
            studio::fits(
                picture.width(),
                picture.height(),
                g.limits().max_texture_dimension_2d,
            )
            .map_err(js)?;
            let samples = picture.hdr_uploaded(&context, image);
            let core =
                studio::Studio::for_hdr(g, &mut kernels, samples, bins, targets).map_err(js)?;
            let Source::Hdr { count, .. } = core.source() else {
                unreachable!("an HDR studio counts HDR samples")
            };
            let state = HdrState::new(count.clone(), image.clone(), picture.hdr_stats);
            (core, Some(Rc::new(state)))
        } else {
            let uploaded = picture.uploaded(&context)?;
            let core = studio::Studio::for_picture(g, &mut kernels, uploaded, bins, targets)
                .map_err(js)?;
            // Counted on the CPU already where the CPU plays the GPU (the worker that
            // read the pixels, www/input.js): the bins as the first count.
            if let Some((of_samples, bins, counts)) = &picture.precount {
                core.precounted(g, *of_samples, *bins, counts);
            }
            (core, None)
        };
        drop(kernels);
        Ok(Studio::make(
            context,
            core,
            hdr,
            picture_canvas,
            panel_canvas,
        ))
    }

    /// The exposure an HDR picture is shown at, in stops (0: as stored; each stop
    /// doubles the light); the next draw shows it. Other pictures have none.
    #[wasm_bindgen(js_name = setExposure)]
    pub fn set_exposure(&self, stops: f32) -> WebResult<()> {
        self.studio
            .set_exposure(&self.context.gpu, stops)
            .map_err(js)
    }

    /// The studio over a video's or camera's frames (see `Live`).
    #[wasm_bindgen(js_name = forLive)]
    pub fn for_live(
        gpu: &GpuContext,
        picture_canvas: web_sys::HtmlCanvasElement,
        panel_canvas: web_sys::HtmlCanvasElement,
        live: &Live,
    ) -> WebResult<Studio> {
        let context = gpu.context();
        let g = &context.gpu;
        let (picture_canvas, panel_canvas, targets) = canvases(g, picture_canvas, panel_canvas)?;
        let core =
            studio::Studio::for_live(g, &mut context.kernels.borrow_mut(), live.frames(), targets)
                .map_err(js)?;
        Ok(Studio::make(
            context,
            core,
            None,
            picture_canvas,
            panel_canvas,
        ))
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.studio.size().0
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.studio.size().1
    }

    #[wasm_bindgen(getter, js_name = numBins)]
    pub fn num_bins(&self) -> u32 {
        self.studio.num_bins()
    }

    /// Bits a sample as counted: 16 for a 16-bit picture, 32 for an HDR one's
    /// floats, else 8.
    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        self.studio.depth()
    }

    /// An HDR picture's exposure in stops (0 for others).
    #[wasm_bindgen(getter)]
    pub fn exposure(&self) -> f32 {
        self.studio.exposure()
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
    pub fn set_options(
        &self,
        parade: bool,
        counts: &str,
        shown: Vec<u8>,
        clipping: bool,
    ) -> WebResult<()> {
        let counts = histogram::gpu::Counts::named(counts).map_err(js)?;
        let shown: [bool; 4] = std::array::from_fn(|c| shown.get(c).is_some_and(|&s| s != 0));
        let layout = PanelLayout { parade, shown };
        self.studio
            .set_options(&self.context.gpu, layout, counts, clipping);
        Ok(())
    }

    /// Zebra stripes at `percent` ("zebra"), false colour or neither ("off").
    #[wasm_bindgen(js_name = setOverlay)]
    pub fn set_overlay(&self, name: &str, percent: u32) -> WebResult<()> {
        let overlay = histogram::scope::Overlay::named(name, percent).map_err(js)?;
        self.studio.set_overlay(&self.context.gpu, overlay);
        Ok(())
    }

    /// Counts only this rectangle of the picture from now on.
    #[wasm_bindgen(js_name = setRegion)]
    pub fn set_region(&self, x: u32, y: u32, width: u32, height: u32) -> WebResult<()> {
        let region = Region {
            x,
            y,
            width,
            height,
        };
        self.studio
            .set_region(&self.context.gpu, region)
            .map_err(js)
    }

    /// Counts the whole picture again.
    #[wasm_bindgen(js_name = clearRegion)]
    pub fn clear_region(&self) -> WebResult<()> {
        let (w, h) = self.studio.size();
        self.studio
            .set_region(&self.context.gpu, Region::whole(w, h))
            .map_err(js)
    }

    /// The counted rectangle: x, y, width, height.
    #[wasm_bindgen(getter)]
    pub fn region(&self) -> Vec<u32> {
        self.studio.region().xywh().to_vec()
    }

    /// Keeps the histogram of the next draw, drawn as an outline from then on.
    pub fn pin(&self) {
        self.studio.pin(&self.context.gpu);
    }

    pub fn unpin(&self) {
        self.studio.unpin(&self.context.gpu);
    }

    /// Pins a histogram read back earlier (`counts` interleaved as the bins), as a
    /// pin of it would have: what a new Studio after a lost device is given back.
    pub fn repin(&self, counts: Vec<u32>) -> WebResult<()> {
        self.studio.repin(&self.context.gpu, &counts).map_err(js)?;
        if let Some(hdr) = &self.hdr {
            hdr.forget();
        }
        Ok(())
    }

    /// The panels as drawn on the panel canvas: for each, x, y, width, height (as
    /// fractions of the canvas) and a mask of its channels (bit 0 = R ... 3 = L).
    #[wasm_bindgen(js_name = panelRects)]
    pub fn panel_rects(&self) -> Vec<f32> {
        self.studio
            .panels()
            .iter()
            .flat_map(|p| [p.rect[0], p.rect[1], p.rect[2], p.rect[3], p.mask() as f32])
            .collect()
    }

    /// Where the picture is drawn in its canvas (letterboxed): x, y, width, height
    /// as fractions of the canvas.
    #[wasm_bindgen(js_name = pictureRect)]
    pub fn picture_rect(&self) -> Vec<f32> {
        self.studio.picture_rect().to_vec()
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
        let format = self.panel_canvas.borrow().config.format;
        let mut kernels = self.context.kernels.borrow_mut();
        self.studio
            .set_adjustment(&self.context.gpu, &mut kernels, adjustment, format)
            .map_err(js)
    }

    /// Where the adjusted part starts, as a fraction of the picture's width (0:
    /// all adjusted, 1: none).
    #[wasm_bindgen(js_name = setSplit)]
    pub fn set_split(&self, split: f32) {
        self.studio.set_split(&self.context.gpu, split);
    }

    /// Shows the picture through a display table: the browser's colours of every
    /// level `profileTableSide` a side (`ColourProfile.tablePng`, decoded), or
    /// none. The next draw shows it.
    #[wasm_bindgen(js_name = setDisplay)]
    pub fn set_display(&self, rgba: Option<Vec<u8>>) -> WebResult<()> {
        self.studio
            .set_display(&self.context.gpu, rgba.as_deref())
            .map_err(js)
    }

    /// The adjusted picture's histogram as last counted (the panel's right half),
    /// read back as an Outcome of the region's pixels (the picture's, without one).
    #[wasm_bindgen(js_name = adjustedHistogram)]
    pub fn adjusted_histogram(&self) -> js_sys::Promise {
        let pixels = self.studio.region().pixel_count();
        match self.studio.adjustment().as_ref() {
            Some(a) => reads::read_counts(a, self.context.clone(), pixels),
            None => js_sys::Promise::reject(&JsError::new("no adjustment is on").into()),
        }
    }

    /// The adjusted picture's panels as `panelRects` gives the others (none
    /// without an adjustment).
    #[wasm_bindgen(js_name = adjustedRects)]
    pub fn adjusted_rects(&self) -> Vec<f32> {
        self.studio
            .adjusted_panels()
            .iter()
            .flat_map(|p| [p.rect[0], p.rect[1], p.rect[2], p.rect[3], p.mask() as f32])
            .collect()
    }

    /// The adjustment's tables as they were last made, read back.
    #[wasm_bindgen(js_name = readTables)]
    pub fn read_tables(&self) -> js_sys::Promise {
        match self.studio.adjustment().as_ref() {
            Some(a) => reads::read_tables(a, self.context.clone()),
            None => js_sys::Promise::reject(&JsError::new("no adjustment is on").into()),
        }
    }

    /// The adjusted picture at full size, as PNG bytes.
    #[wasm_bindgen(js_name = adjustedPng)]
    pub fn adjusted_png(&self) -> WebResult<js_sys::Promise> {
        let mut kernels = self.context.kernels.borrow_mut();
        let remap = self
            .studio
            .adjusted(&self.context.gpu, &mut kernels)
            .map_err(js)?;
        Ok(reads::adjusted_png(remap, self.context.clone()))
    }

    /// The pixel (`x`, `y`) that only the GPU holds, read back: a picture's R, G,
    /// B and A (a Uint8Array; a 16-bit one's as stored, a Uint16Array), or a live
    /// frame's R, G, B and its Y′ as decoded where it came as YUV.
    #[wasm_bindgen(js_name = gpuPixel)]
    pub fn gpu_pixel(&self, x: u32, y: u32) -> js_sys::Promise {
        reads::gpu_pixel(self.studio.source(), self.context.clone(), (x, y))
    }

    /// The histogram of the latest draw, read back: for the statistics, the hover
    /// readout and the CSV.
    /// An HDR picture's count is made here, when the region is new: its range
    /// comes first, and the outcome says whether the panel needs drawing again.
    pub fn histogram(&self) -> js_sys::Promise {
        let region = self.studio.region();
        match (&self.hdr, self.studio.source().run()) {
            (Some(hdr), _) => hdr_outcome(self.context.clone(), hdr.clone(), region),
            (None, Some(run)) => {
                read_outcome(self.context.clone(), run.clone(), region.pixel_count())
            }
            (None, None) => js_sys::Promise::reject(&JsError::new("nothing is counted").into()),
        }
    }
}

/// The studio's two canvases configured for the GPU, and the targets the core's
/// studio draws into.
fn canvases(
    g: &histogram::gpu::Gpu,
    picture: web_sys::HtmlCanvasElement,
    panel: web_sys::HtmlCanvasElement,
) -> WebResult<(CanvasTarget, CanvasTarget, Targets)> {
    let picture = CanvasTarget::new(g, picture).map_err(gpu_js)?;
    let panel = CanvasTarget::new(g, panel).map_err(gpu_js)?;
    let targets = Targets {
        picture: target_of(&picture),
        panel: target_of(&panel),
    };
    Ok((picture, panel, targets))
}

impl Studio {
    fn make(
        context: Rc<Context>,
        studio: studio::Studio,
        hdr: Option<Rc<HdrState>>,
        picture_canvas: CanvasTarget,
        panel_canvas: CanvasTarget,
    ) -> Studio {
        Studio {
            context,
            studio,
            hdr,
            picture_canvas: RefCell::new(picture_canvas),
            panel_canvas: RefCell::new(panel_canvas),
            scope_canvases: RefCell::default(),
        }
    }

    /// One frame: each canvas's next texture given to the studio, one submission,
    /// then every canvas presented. `live`: a frame of a playing video.
    fn render(&self, live: bool) -> WebResult<()> {
        let g = &self.context.gpu;
        if let Some(fault) = g.fault() {
            return Err(JsError::new(&fault));
        }
        let cadence = self.studio.cadence(live);
        let (picture, picture_view, picture_size) =
            self.picture_canvas.borrow_mut().next(g).map_err(gpu_js)?;
        let (panel, panel_view, panel_size) =
            self.panel_canvas.borrow_mut().next(g).map_err(gpu_js)?;
        // The page's labels over the panels, as a fraction of the canvas's height
        // on the screen: the bars leave that strip free.
        let css = self.panel_canvas.borrow().canvas.client_height().max(1) as f32;
        let mut canvases = self.scope_canvases.borrow_mut();
        let scopes = self.studio.scopes();
        let mut frames = Vec::new();
        for ((i, canvas), view) in canvases.iter_mut().enumerate().zip(scopes.iter()) {
            if cadence.scope_due(i) {
                frames.push((i, scope_frame(g, canvas, view, live)?));
            }
        }
        drop(scopes);
        let frame = Frame {
            picture: Target {
                view: &picture_view,
                size: picture_size,
            },
            panel: Target {
                view: &panel_view,
                size: panel_size,
            },
            label: LABEL_PX / css,
            scopes: frames
                .iter()
                .map(|(i, (_, view, size))| (*i, Target { view, size: *size }))
                .collect(),
        };
        let mut encoder = g.device.create_command_encoder(&Default::default());
        self.studio.encode(g, &mut encoder, live, frame);
        g.queue.submit([encoder.finish()]);
        g.queue.present(picture);
        g.queue.present(panel);
        for (_, (texture, _, _)) in frames {
            g.queue.present(texture);
        }
        Ok(())
    }
}
