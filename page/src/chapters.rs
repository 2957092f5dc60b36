//! The example pages over an image: the CPU method, a GPU method run over the
//! picture (uploaded once, the run prepared once), the histograms drawn by the GPU
//! on the GPU-drawing page, and the sources the pages show.

use super::{spec, CanvasTarget, Context, GpuContext, Outcome, Picture};
use histogram::gpu::{
    self, Bars, ChunkShape, GpuImage, HistogramPainter, Input, Method, Run, RunOptions,
};
use histogram::histogram::{compute_cpu, Channels, Spec};
use histogram::image::Image;
use histogram::layout::Panel;
use histogram::words::Words;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// The CPU method, timed with the wall clock.
#[wasm_bindgen(js_name = cpuHistogram)]
pub fn cpu_histogram(picture: &Picture, channels: u32, num_bins: u32) -> Result<Outcome, JsError> {
    timed_cpu(picture, channels, num_bins, compute_cpu)
}

/// `count` of the picture's pixels, timed with the wall clock.
fn timed_cpu(
    picture: &Picture,
    channels: u32,
    num_bins: u32,
    count: fn(&Image, Spec) -> histogram::Histogram,
) -> Result<Outcome, JsError> {
    let spec = spec(channels, num_bins)?;
    let image = picture.image()?;
    let start = gpu::now_ms();
    let histogram = count(image, spec);
    Ok(Outcome::plain(
        histogram,
        image.pixel_count(),
        gpu::now_ms() - start,
    ))
}

pub(super) fn method(name: &str) -> Result<Method, JsError> {
    Method::parse(name).ok_or_else(|| JsError::new(&format!("unknown method '{name}'")))
}

/// `shape` ("16x16"), or the method's own where it is empty.
fn chunk(method: Method, shape: &str) -> Result<ChunkShape, JsError> {
    if shape.is_empty() {
        return Ok(method.default_shape());
    }
    ChunkShape::parse(shape).ok_or_else(|| JsError::new(&format!("bad chunk shape '{shape}'")))
}

/// The chunk or workgroup shape `method` runs at unless told otherwise ("256x1"):
/// the shape its published figures were taken at.
#[wasm_bindgen(js_name = defaultShape)]
pub fn default_shape(method_name: &str) -> Result<String, JsError> {
    let shape = method(method_name)?.default_shape();
    Ok(format!("{}x{}", shape.width, shape.height))
}

/// The WGSL of every kernel a method dispatches, as compiled for these parameters.
#[wasm_bindgen(js_name = kernelSource)]
pub fn kernel_source(
    method_name: &str,
    channels: u32,
    chunk_shape: &str,
) -> Result<String, JsError> {
    let (method, spec, chunk) = run_key(method_name, channels, chunk_shape, 256)?;
    Ok(gpu::listing::of(method.kernels(), spec, chunk))
}

/// Every step as the pages name and time it, and what each pass does, as JSON:
/// `{"steps": [{"name", "label", "exact", "timed"}...], "does": {pass: words}}`.
#[wasm_bindgen]
pub fn steps() -> String {
    #[derive(serde::Serialize)]
    struct Named {
        name: &'static str,
        label: &'static str,
        exact: bool,
        timed: bool,
    }
    #[derive(serde::Serialize)]
    struct Steps {
        steps: Vec<Named>,
        does: std::collections::BTreeMap<&'static str, &'static str>,
    }
    let steps = Method::ALL.map(|m| m.step());
    let kernels = steps.iter().flat_map(|s| s.kernels()).chain([&gpu::SCALE]);
    let mut does: std::collections::BTreeMap<_, _> = kernels.map(|k| (k.name, k.does)).collect();
    does.insert("draw", gpu::DRAW_DOES);
    histogram::json::line(&Steps {
        steps: steps
            .iter()
            .map(|s| Named {
                name: s.name(),
                label: s.label(),
                exact: s.exact(),
                timed: s.timed(),
            })
            .collect(),
        does,
    })
}

type RunKey = (Method, Spec, ChunkShape);
/// One upload of the current picture per input kind the methods asked for.
type Uploads = HashMap<Input, Rc<GpuImage>>;

/// What the image pages keep on the GPU: the picture (as textures and/or packed
/// pixels, as methods asked) and the runs prepared for it, while it is current;
/// the canvases of the GPU-drawing page and the painter drawing into them.
#[derive(Default)]
pub(super) struct ImagePages {
    uploaded: RefCell<Option<(Rc<Image>, Uploads)>>,
    runs: RefCell<HashMap<RunKey, Rc<Run>>>,
    drawing: RefCell<Option<Drawing>>,
}

struct Drawing {
    run: Rc<Run>,
    targets: Vec<CanvasTarget>,
    painter: HistogramPainter,
    /// The scale pass and each canvas's render pass: their names, and their
    /// timer where the GPU times passes.
    names: Vec<String>,
    timer: Option<Rc<gpu::PassTimer>>,
}

#[wasm_bindgen]
impl GpuContext {
    /// Whether this device runs `method` (the subgroups step needs subgroups).
    pub fn runs(&self, method_name: &str) -> Result<bool, JsError> {
        Ok(method(method_name)?.runs_on(&self.context().gpu))
    }

    /// The features this device lacks to run `method`, by name ("subgroups"), or
    /// undefined where it can run it (the page says why in its own words).
    pub fn lacks(&self, method_name: &str) -> Result<Option<String>, JsError> {
        Ok(method(method_name)?.missing(&self.context().gpu))
    }

    /// Runs `method` over the picture and resolves to an `Outcome`. The picture is
    /// uploaded once and the run prepared once, so repeated runs time only the GPU work.
    ///
    /// With `canvases`, the GPU also draws the histograms into them (R, G, B in the
    /// first and luminance in the second with 4 channels), in the same submission,
    /// from the bins on the GPU: the scale pass and one quad per canvas. `bins`: a
    /// channel's bins (256 unless given; the diagrams' check counts 3).
    pub fn compute(
        &self,
        picture: &Picture,
        method_name: &str,
        channels: u32,
        chunk_shape: &str,
        canvases: Option<Vec<web_sys::HtmlCanvasElement>>,
        bins: Option<u32>,
    ) -> Result<js_sys::Promise, JsError> {
        let key = run_key(method_name, channels, chunk_shape, bins.unwrap_or(256))?;
        let (context, image) = (self.context(), picture.image()?.clone());
        Ok(self.exclusive(async move {
            let outcome = context
                .compute(&image, key, canvases.unwrap_or_default())
                .await?;
            Ok(outcome.into())
        }))
    }

    /// Keeps the GPU busy with `method`'s pass over the picture for `duration_ms`
    /// before timing it (`pass_ms`: one run's time): an idle GPU runs at low clocks
    /// for a few hundred milliseconds. Resolves when the GPU has finished.
    #[wasm_bindgen(js_name = keepBusy)]
    pub fn keep_busy(
        &self,
        picture: &Picture,
        method_name: &str,
        channels: u32,
        chunk_shape: &str,
        pass_ms: f64,
        duration_ms: f64,
    ) -> Result<js_sys::Promise, JsError> {
        let key = run_key(method_name, channels, chunk_shape, 256)?;
        let (context, image) = (self.context(), picture.image()?.clone());
        Ok(self.exclusive(async move {
            let run = context.prepare(&image, key).await?;
            run.keep_busy(&context.gpu, pass_ms, duration_ms).await?;
            Ok(JsValue::UNDEFINED)
        }))
    }
}

pub(super) fn run_key(
    method_name: &str,
    channels: u32,
    chunk_shape: &str,
    bins: u32,
) -> Result<RunKey, JsError> {
    let method = method(method_name)?;
    Ok((method, spec(channels, bins)?, chunk(method, chunk_shape)?))
}

impl Context {
    /// The picture on the GPU and a prepared run of `key` over it, made once each.
    async fn prepare(&self, image: &Rc<Image>, key: RunKey) -> Result<Rc<Run>, gpu::GpuError> {
        let (gpu, pages) = (&self.gpu, &self.image_pages);
        self.hold(image);
        if let Some(run) = pages.runs.borrow().get(&key) {
            return Ok(run.clone());
        }
        let (method, spec, chunk) = key;
        let gpu_image = self.upload(image, method.input()).await?;
        let run = gpu
            .scoped(|| {
                let mut kernels = self.kernels.borrow_mut();
                Run::new(
                    gpu,
                    &mut kernels,
                    &gpu_image,
                    RunOptions::new(method, spec).chunk(chunk),
                )
            })
            .await??;
        let run = Rc::new(run);
        pages.runs.borrow_mut().insert(key, run.clone());
        Ok(run)
    }

    /// Makes `image` the current picture, dropping the last one's uploads and runs.
    fn hold(&self, image: &Rc<Image>) {
        let pages = &self.image_pages;
        let current = matches!(&*pages.uploaded.borrow(), Some((i, _)) if Rc::ptr_eq(i, image));
        if !current {
            pages.runs.borrow_mut().clear();
            *pages.uploaded.borrow_mut() = Some((image.clone(), HashMap::new()));
        }
    }

    /// The current picture on the GPU as `input`, uploaded once.
    pub(super) async fn upload(
        &self,
        image: &Rc<Image>,
        input: Input,
    ) -> Result<Rc<GpuImage>, gpu::GpuError> {
        let (gpu, pages) = (&self.gpu, &self.image_pages);
        self.hold(image);
        let known = pages
            .uploaded
            .borrow()
            .as_ref()
            .and_then(|(_, g)| g.get(&input).cloned());
        let gpu_image = match known {
            Some(g) => g,
            None => {
                let g = Rc::new(
                    gpu.scoped(|| GpuImage::upload_for(gpu, image, input))
                        .await?,
                );
                if let Some((_, uploads)) = pages.uploaded.borrow_mut().as_mut() {
                    uploads.insert(input, g.clone());
                }
                g
            }
        };
        Ok(gpu_image)
    }

    async fn compute(
        &self,
        image: &Rc<Image>,
        key: RunKey,
        canvases: Vec<web_sys::HtmlCanvasElement>,
    ) -> Result<Outcome, gpu::GpuError> {
        let gpu = &self.gpu;
        let run = self.prepare(image, key).await?;
        let start = gpu::now_ms();
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        run.encode(&mut encoder);
        let frames = if canvases.is_empty() {
            Vec::new()
        } else {
            self.draw(&run, key.1, canvases, image.pixel_count(), &mut encoder)?
        };
        run.encode_readback(&mut encoder);
        gpu.scoped(|| gpu.queue.submit([encoder.finish()])).await?;
        frames
            .into_iter()
            .for_each(|frame| gpu.queue.present(frame));
        let (histogram, gpu_ms) = run.read(gpu).await?;
        let mut passes = run.pass_times();
        // The drawing's passes, timed in the same submission where the GPU
        // times passes, else named untimed.
        let drawing = (self.image_pages.drawing.borrow().as_ref())
            .filter(|d| Rc::ptr_eq(&d.run, &run))
            .map(|d| (d.names.clone(), d.timer.clone()));
        match drawing {
            Some((_, Some(timer))) => passes.extend(timer.read(gpu).await?),
            Some((names, None)) => passes.extend(names.into_iter().map(|name| (name, None))),
            None => {}
        }
        Ok(Outcome {
            histogram,
            pixels: image.pixel_count(),
            gpu_ms,
            wall_ms: gpu::now_ms() - start,
            notes: run.notes().iter().map(Words::json).collect(),
            hdr: None,
            passes,
            dispatches: run.dispatches(),
        })
    }

    /// Encodes the scale pass and one quad per canvas; returns the frames to present.
    fn draw(
        &self,
        run: &Rc<Run>,
        spec: Spec,
        canvases: Vec<web_sys::HtmlCanvasElement>,
        pixels: u64,
        encoder: &mut wgpu::CommandEncoder,
    ) -> Result<Vec<wgpu::SurfaceTexture>, gpu::GpuError> {
        let gpu = &self.gpu;
        let mut drawing = self.image_pages.drawing.borrow_mut();
        let stale = drawing.as_ref().is_none_or(|d| {
            !Rc::ptr_eq(&d.run, run) || d.targets.iter().map(|t| &t.canvas).ne(canvases.iter())
        });
        if stale {
            let targets = canvases
                .into_iter()
                .map(|canvas| CanvasTarget::new(gpu, canvas))
                .collect::<Result<Vec<_>, _>>()?;
            let panels: Vec<Panel> = match spec.channels {
                Channels::Luminance => vec![Panel::full(&[0])],
                Channels::Rgbl => vec![Panel::full(&[0, 1, 2]), Panel::full(&[3])],
            };
            let format = targets[0].config.format;
            let names: Vec<String> = std::iter::once("scale".to_string())
                .chain(panels.iter().enumerate().map(|(i, _)| {
                    // Named by the panel it draws (www/pass-times.js words it).
                    let shown = match (spec.channels, i) {
                        (Channels::Rgbl, 0) => "rgb",
                        _ => "luminance",
                    };
                    format!("draw:{shown}")
                }))
                .collect();
            let painter = HistogramPainter::new(
                gpu,
                &mut self.kernels.borrow_mut(),
                spec,
                run.bins(),
                format,
                &panels,
                Bars::Article,
            );
            *drawing = Some(Drawing {
                run: run.clone(),
                targets,
                painter,
                timer: gpu::PassTimer::new(gpu, names.clone()).map(Rc::new),
                names,
            });
        }
        let drawing = drawing.as_mut().expect("made above");
        drawing.painter.set_entries(&gpu.queue, pixels);
        let timer = drawing.timer.clone();
        let timer = timer.as_deref();
        drawing
            .painter
            .encode_scale_timed(encoder, timer.map(|t| t.compute(0)));
        let mut frames = Vec::new();
        for (i, target) in drawing.targets.iter_mut().enumerate() {
            target.fit(gpu);
            let painter = &drawing.painter;
            let timed = timer.map(|t| t.render(1 + i as u32));
            frames.push(target.draw(encoder, timed, |pass| painter.draw(pass, i))?);
        }
        if let Some(timer) = timer {
            timer.encode_read(encoder);
        }
        Ok(frames)
    }
}

/// The article's loop in Rust (`count_simple`), timed with the wall clock.
#[wasm_bindgen(js_name = cpuHistogramSimple)]
pub fn cpu_histogram_simple(
    picture: &Picture,
    channels: u32,
    num_bins: u32,
) -> Result<Outcome, JsError> {
    timed_cpu(
        picture,
        channels,
        num_bins,
        histogram::histogram::count_simple,
    )
}

/// The Rust of the CPU method, for its page: the last items of histogram.rs,
/// before its tests.
#[wasm_bindgen(js_name = cpuSource)]
pub fn cpu_source() -> String {
    let file = include_str!("../../src/histogram.rs");
    let start = file.find("/// The CPU method").unwrap_or(0);
    let end = file.find("#[cfg(test)]").unwrap_or(file.len());
    file[start..end].trim_end().to_string()
}

/// The Rust of the article's loop (`count_simple`), for the CPU pages.
#[wasm_bindgen(js_name = simpleSource)]
pub fn simple_source() -> String {
    let file = include_str!("../../src/histogram.rs");
    let start = file.find("/// The article's loop:").unwrap_or(0);
    let end = file.find("/// The CPU method").unwrap_or(file.len());
    file[start..end].trim_end().to_string()
}

/// The WGSL of the drawing: the scale pass and the fragment shader, as compiled
/// for `channels` channels of 256 bins.
#[wasm_bindgen(js_name = drawingSource)]
pub fn drawing_source(channels: u32) -> Result<String, JsError> {
    let spec = spec(channels, 256)?;
    Ok(format!(
        "// ---- scale.wgsl ----\n{}\n// ---- draw.wgsl (with quad.wgsl) ----\n{}",
        gpu::SCALE.source(spec, ChunkShape::default()),
        gpu::draw_source(spec)
    ))
}
