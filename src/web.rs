//! Browser glue: what the example pages call from JavaScript. It only composes the
//! core (images, the CPU method, GPU runs, drawing); the pages own the DOM.

use crate::decode::{self, DecodeError};
use crate::draw;
use crate::gpu::{
    self, ChunkShape, FrameConverter, FrameFormat, FramePainter, GpuImage, HistogramPainter, Input,
    Kernels, Method, Panel, PixelLayout, Run,
};
use crate::histogram::{compute_cpu, Channels, Histogram, Spec};
use crate::image::Image;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// Largest image the pages accept: 64 megapixels (8192x8192), 256 MiB of RGBA,
/// which the page, the wasm heap and the GPU each hold once.
pub const WEB_MAX_PIXELS: u32 = 1 << 26;

#[wasm_bindgen(start)]
fn start() {
    // A panic would otherwise trap silently and leave a promise unsettled.
    console_error_panic_hook::set_once();
}

#[wasm_bindgen(js_name = maxPixels)]
pub fn max_pixels() -> u32 {
    WEB_MAX_PIXELS
}

/// An RGBA image: a decoded file, pixels the browser decoded, or the project's own
/// picture; with what a reader should know about the values counted.
#[wasm_bindgen]
pub struct Picture {
    image: Rc<Image>,
    format: String,
    notes: Vec<String>,
}

/// Decodes an image file with the command-line tool's decoder (src/decode.rs), so the
/// pages count the values stored in the file, exactly as the tool does. A format the
/// decoder does not read rejects with an error named `UnsupportedFormat`: the page
/// then asks the browser.
#[wasm_bindgen(js_name = decodeImage)]
pub fn decode_image(bytes: &[u8]) -> Result<Picture, JsValue> {
    match decode::decode(bytes, WEB_MAX_PIXELS as u64) {
        Ok(decoded) => Ok(Picture {
            image: Rc::new(decoded.image),
            format: decoded.format.into(),
            notes: decoded.notes,
        }),
        Err(e) => {
            let error = js_sys::Error::new(&e.to_string());
            if e == DecodeError::Unsupported {
                error.set_name("UnsupportedFormat");
            }
            Err(error.into())
        }
    }
}

#[wasm_bindgen]
impl Picture {
    /// Pixels decoded elsewhere (by the browser, for formats `decodeImage` does not
    /// read), with the format's name and notes on what they are.
    #[wasm_bindgen(js_name = fromRgba)]
    pub fn from_rgba(
        width: u32,
        height: u32,
        rgba: Vec<u8>,
        format: String,
        notes: Vec<String>,
    ) -> Result<Picture, JsError> {
        if width as u64 * height as u64 > WEB_MAX_PIXELS as u64 {
            return Err(JsError::new(&format!(
                "the image is {width}x{height}; this page handles up to {} megapixels",
                WEB_MAX_PIXELS >> 20
            )));
        }
        let image =
            Image::from_rgba(width, height, rgba).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(Picture {
            image: Rc::new(image),
            format,
            notes,
        })
    }

    /// The default image of every page: made by the project, no network needed.
    pub fn sunset(width: u32, height: u32) -> Picture {
        Picture {
            image: Rc::new(Image::sunset(width, height)),
            format: "generated".into(),
            notes: Vec::new(),
        }
    }

    /// "PNG", "JPEG", ... or how the pixels were made.
    #[wasm_bindgen(getter)]
    pub fn format(&self) -> String {
        self.format.clone()
    }

    /// What a reader of the histogram should know about the values counted.
    pub fn notes(&self) -> Vec<String> {
        self.notes.clone()
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.image.width()
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.image.height()
    }

    /// A copy of the pixels, to show the image in a canvas.
    pub fn rgba(&self) -> Vec<u8> {
        self.image.rgba().to_vec()
    }
}

/// A histogram with how it was computed and how long it took.
#[wasm_bindgen]
pub struct Outcome {
    histogram: Histogram,
    pixels: u64,
    gpu_ms: Option<f64>,
    wall_ms: f64,
    notes: Vec<String>,
}

#[wasm_bindgen]
impl Outcome {
    /// The bins of one channel (0 = R, 1 = G, 2 = B, 3 = luminance with 4 channels).
    pub fn bins(&self, channel: usize) -> Vec<u32> {
        self.histogram.channel(channel)
    }

    /// The sum of each channel's bins (equal to the pixel count when correct).
    pub fn totals(&self) -> Vec<f64> {
        self.histogram
            .totals()
            .into_iter()
            .map(|t| t as f64)
            .collect()
    }

    #[wasm_bindgen(getter)]
    pub fn pixels(&self) -> f64 {
        self.pixels as f64
    }

    #[wasm_bindgen(getter, js_name = gpuMs)]
    pub fn gpu_ms(&self) -> Option<f64> {
        self.gpu_ms
    }

    #[wasm_bindgen(getter, js_name = wallMs)]
    pub fn wall_ms(&self) -> f64 {
        self.wall_ms
    }

    /// What was done to fit the device (bands, tiles), as sentences.
    pub fn notes(&self) -> Vec<String> {
        self.notes.clone()
    }

    pub fn csv(&self) -> String {
        self.histogram.to_csv()
    }

    /// RGBA pixels of the `shown` channels drawn into `numBins x height`.
    pub fn render(&self, shown: Vec<usize>, height: u32) -> Vec<u8> {
        draw::render(&self.histogram, self.pixels, &shown, height)
    }
}

fn spec(channels: u32, num_bins: u32) -> Result<Spec, JsError> {
    let channels = match channels {
        1 => Channels::Luminance,
        4 => Channels::Rgbl,
        n => return Err(JsError::new(&format!("channels must be 1 or 4, not {n}"))),
    };
    Spec::new(num_bins, channels).map_err(|e| JsError::new(&e))
}

/// The CPU method, timed with the wall clock.
#[wasm_bindgen(js_name = cpuHistogram)]
pub fn cpu_histogram(picture: &Picture, channels: u32, num_bins: u32) -> Result<Outcome, JsError> {
    let spec = spec(channels, num_bins)?;
    let start = gpu::now_ms();
    let histogram = compute_cpu(&picture.image, spec);
    Ok(Outcome {
        histogram,
        pixels: picture.image.pixel_count(),
        gpu_ms: None,
        wall_ms: gpu::now_ms() - start,
        notes: Vec::new(),
    })
}

fn method(name: &str) -> Result<Method, JsError> {
    Method::parse(name).ok_or_else(|| JsError::new(&format!("unknown method '{name}'")))
}

fn chunk(shape: &str) -> Result<ChunkShape, JsError> {
    ChunkShape::parse(shape).ok_or_else(|| JsError::new(&format!("bad chunk shape '{shape}'")))
}

/// The WGSL of every kernel a method dispatches, as compiled for these parameters.
#[wasm_bindgen(js_name = kernelSource)]
pub fn kernel_source(
    method_name: &str,
    channels: u32,
    chunk_shape: &str,
) -> Result<String, JsError> {
    let (method, spec, chunk) = (
        method(method_name)?,
        spec(channels, 256)?,
        chunk(chunk_shape)?,
    );
    Ok(method
        .kernels()
        .iter()
        .map(|k| format!("// ---- {}.wgsl ----\n{}", k.name(), k.source(spec, chunk)))
        .collect::<Vec<_>>()
        .join("\n"))
}

/// The WGSL of the video's frame pass (decoder bytes to RGB, counted on CPU GPUs).
#[wasm_bindgen(js_name = frameSource)]
pub fn frame_source() -> String {
    gpu::frame_pass_source()
}

type RunKey = (Method, Spec, ChunkShape);
/// One upload of the current picture per input kind the methods asked for.
type Uploads = HashMap<Input, Rc<GpuImage>>;

struct Context {
    gpu: gpu::Gpu,
    kernels: RefCell<Kernels>,
    /// The picture on the GPU (as textures and/or packed pixels, as methods asked)
    /// and the runs prepared for it, kept while it is current.
    uploaded: RefCell<Option<(Rc<Image>, Uploads)>>,
    runs: RefCell<HashMap<RunKey, Rc<Run>>>,
    /// The canvases of the GPU-drawing page and the painter drawing into them.
    drawing: RefCell<Option<Drawing>>,
    busy: RefCell<bool>,
}

struct Drawing {
    run: Rc<Run>,
    targets: Vec<CanvasTarget>,
    painter: HistogramPainter,
}

/// The page's GPU: a WebGPU device through wgpu.
#[wasm_bindgen]
pub struct GpuContext {
    inner: Rc<Context>,
}

#[wasm_bindgen]
impl GpuContext {
    /// Opens the browser's WebGPU adapter; rejects with a readable reason if there is none.
    pub async fn create() -> Result<GpuContext, JsError> {
        let has_webgpu = web_sys::window()
            .map(|w| js_sys::Reflect::has(&w.navigator(), &"gpu".into()).unwrap_or(false))
            .unwrap_or(false);
        if !has_webgpu {
            return Err(JsError::new(
                "this browser has no WebGPU (navigator.gpu is missing)",
            ));
        }
        let gpu = gpu::Gpu::new(&Default::default())
            .await
            .map_err(|e| JsError::new(&e.0))?;
        Ok(GpuContext {
            inner: Rc::new(Context {
                gpu,
                kernels: RefCell::default(),
                uploaded: RefCell::default(),
                runs: RefCell::default(),
                drawing: RefCell::default(),
                busy: RefCell::new(false),
            }),
        })
    }

    #[wasm_bindgen(getter)]
    pub fn timestamps(&self) -> bool {
        self.inner.gpu.timestamps
    }

    /// Runs `method` over the picture and resolves to an `Outcome`. The picture is
    /// uploaded once and the run prepared once, so repeated runs time only the GPU work.
    ///
    /// With `canvases`, the GPU also draws the histograms into them (R, G, B in the
    /// first and luminance in the second with 4 channels), in the same submission,
    /// from the bins on the GPU: the scale pass and one quad per canvas.
    pub fn compute(
        &self,
        picture: &Picture,
        method_name: &str,
        channels: u32,
        chunk_shape: &str,
        canvases: Option<Vec<web_sys::HtmlCanvasElement>>,
    ) -> Result<js_sys::Promise, JsError> {
        let key = run_key(method_name, channels, chunk_shape)?;
        let (context, image) = (self.inner.clone(), picture.image.clone());
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
        let key = run_key(method_name, channels, chunk_shape)?;
        let (context, image) = (self.inner.clone(), picture.image.clone());
        Ok(self.exclusive(async move {
            let run = context.prepare(&image, key).await?;
            run.keep_busy(&context.gpu, pass_ms, duration_ms).await?;
            Ok(JsValue::UNDEFINED)
        }))
    }
}

impl GpuContext {
    /// `work` as a promise, refused while another computation runs: runs share the
    /// uploaded picture and their bins.
    fn exclusive(
        &self,
        work: impl std::future::Future<Output = Result<JsValue, gpu::GpuError>> + 'static,
    ) -> js_sys::Promise {
        let context = self.inner.clone();
        wasm_bindgen_futures::future_to_promise(async move {
            if context.busy.replace(true) {
                return Err(JsError::new("a computation is already running").into());
            }
            let result = work.await;
            *context.busy.borrow_mut() = false;
            result.map_err(|e| JsError::new(&e.0).into())
        })
    }
}

fn run_key(method_name: &str, channels: u32, chunk_shape: &str) -> Result<RunKey, JsError> {
    Ok((
        method(method_name)?,
        spec(channels, 256)?,
        chunk(chunk_shape)?,
    ))
}

impl Context {
    /// The picture on the GPU and a prepared run of `key` over it, made once each.
    async fn prepare(&self, image: &Rc<Image>, key: RunKey) -> Result<Rc<Run>, gpu::GpuError> {
        let gpu = &self.gpu;
        let current = matches!(&*self.uploaded.borrow(), Some((i, _)) if Rc::ptr_eq(i, image));
        if !current {
            self.runs.borrow_mut().clear();
            *self.uploaded.borrow_mut() = Some((image.clone(), HashMap::new()));
        }
        if let Some(run) = self.runs.borrow().get(&key) {
            return Ok(run.clone());
        }
        let (method, spec, chunk) = key;
        let input = method.input();
        let known = self
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
                if let Some((_, uploads)) = self.uploaded.borrow_mut().as_mut() {
                    uploads.insert(input, g.clone());
                }
                g
            }
        };
        let run = gpu
            .scoped(|| {
                let mut kernels = self.kernels.borrow_mut();
                Run::new(gpu, &mut kernels, &gpu_image, method, spec, chunk)
            })
            .await??;
        let run = Rc::new(run);
        self.runs.borrow_mut().insert(key, run.clone());
        Ok(run)
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
        Ok(Outcome {
            histogram,
            pixels: image.pixel_count(),
            gpu_ms,
            wall_ms: gpu::now_ms() - start,
            notes: run.notes().to_vec(),
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
        let mut drawing = self.drawing.borrow_mut();
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
            let painter = HistogramPainter::new(
                gpu,
                &mut self.kernels.borrow_mut(),
                spec,
                run.bins(),
                format,
                &panels,
            );
            *drawing = Some(Drawing {
                run: run.clone(),
                targets,
                painter,
            });
        }
        let drawing = drawing.as_mut().expect("made above");
        drawing.painter.set_entries(&gpu.queue, pixels);
        drawing.painter.encode_scale(encoder);
        let mut frames = Vec::new();
        for (i, target) in drawing.targets.iter_mut().enumerate() {
            target.fit(gpu);
            let frame = target.frame()?;
            let view = frame.texture.create_view(&Default::default());
            drawing
                .painter
                .draw(&mut clear_pass(encoder, &view, None, 0), i);
            frames.push(frame);
        }
        Ok(frames)
    }
}

/// A canvas the GPU draws into, through a configured surface.
struct CanvasTarget {
    canvas: web_sys::HtmlCanvasElement,
    surface: wgpu::Surface<'static>,
    config: wgpu::SurfaceConfiguration,
}

impl CanvasTarget {
    fn new(
        gpu: &gpu::Gpu,
        canvas: web_sys::HtmlCanvasElement,
    ) -> Result<CanvasTarget, gpu::GpuError> {
        let surface = gpu
            .instance
            .create_surface(wgpu::SurfaceTarget::Canvas(canvas.clone()))
            .map_err(|e| gpu::GpuError(format!("the canvas cannot show WebGPU output: {e}")))?;
        let config = surface
            .get_default_config(&gpu.adapter, canvas.width().max(1), canvas.height().max(1))
            .ok_or_else(|| gpu::GpuError("the canvas cannot show WebGPU output".into()))?;
        surface.configure(&gpu.device, &config);
        Ok(CanvasTarget {
            canvas,
            surface,
            config,
        })
    }

    /// Follows the canvas's size; true when it changed.
    fn fit(&mut self, gpu: &gpu::Gpu) -> bool {
        let size = (self.canvas.width().max(1), self.canvas.height().max(1));
        let changed = size != (self.config.width, self.config.height);
        if changed {
            (self.config.width, self.config.height) = size;
            self.surface.configure(&gpu.device, &self.config);
        }
        changed
    }

    fn frame(&self) -> Result<wgpu::SurfaceTexture, gpu::GpuError> {
        match self.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(frame)
            | wgpu::CurrentSurfaceTexture::Suboptimal(frame) => Ok(frame),
            _ => Err(gpu::GpuError(
                "the canvas has no frame to draw into (was the GPU device lost?)".into(),
            )),
        }
    }
}

/// A render pass that clears `view` (to transparent) and may record timestamps.
fn clear_pass<'e>(
    encoder: &'e mut wgpu::CommandEncoder,
    view: &wgpu::TextureView,
    timestamps: Option<&wgpu::QuerySet>,
    first_query: u32,
) -> wgpu::RenderPass<'e> {
    encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
        label: Some("draw"),
        color_attachments: &[Some(wgpu::RenderPassColorAttachment {
            view,
            depth_slice: None,
            resolve_target: None,
            ops: wgpu::Operations {
                load: wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT),
                store: wgpu::StoreOp::Store,
            },
        })],
        timestamp_writes: timestamps.map(|query_set| wgpu::RenderPassTimestampWrites {
            query_set,
            beginning_of_pass_write_index: Some(first_query),
            end_of_pass_write_index: Some(first_query + 1),
        }),
        ..Default::default()
    })
}

/// Where the histograms sit over the video: along the bottom, RGB then luminance,
/// each at most 512 x 200 pixels of the canvas.
fn video_panels(width: u32, height: u32) -> [Panel; 2] {
    let (w, h) = (width as f32, height as f32);
    let margin = 12.0;
    let panel_w = ((w - 3.0 * margin) / 2.0).min(512.0);
    let panel_h = (panel_w * 100.0 / 256.0).min(h * 0.3);
    let y = (h - margin - panel_h) / h;
    let rect = |x: f32| [x / w, y, panel_w / w, panel_h / h];
    [
        Panel {
            rect: rect(margin),
            shown: vec![0, 1, 2],
        },
        Panel {
            rect: rect(2.0 * margin + panel_w),
            shown: vec![3],
        },
    ]
}

/// The live video page: every frame lands in one texture, is histogrammed
/// (4 channels), scaled and drawn over the frame, all on the GPU. Made once per
/// video size; nothing is allocated per frame (a pipeline per pixel layout, once).
///
/// Frames arrive in one of two ways. `renderFrame` takes the decoder's own bytes
/// (a WebCodecs VideoFrame copied out, NV12 on Chromium) and converts them on the GPU:
/// on a software GPU that is ~3 ms a frame where `copyExternalImageToTexture` from
/// the video element costs ~150 ms and `importExternalTexture` ~95 ms (measured in
/// headless Chromium with SwiftShader). `renderElement` is that copy, for browsers
/// without WebCodecs. (wgpu 30's web backend has no ExternalTexture to bind.)
#[wasm_bindgen]
pub struct VideoView {
    context: Rc<Context>,
    video: web_sys::HtmlVideoElement,
    target: RefCell<CanvasTarget>,
    frame: wgpu::Texture,
    converter: FrameConverter,
    run: Rc<Run>,
    painter: HistogramPainter,
    frame_painter: FramePainter,
    /// Timestamps of the counting frame pass and the draw pass, read back now and then.
    draw_queries: Option<(wgpu::QuerySet, wgpu::Buffer)>,
    timing: wgpu::Buffer,
    timing_busy: Rc<Cell<bool>>,
    times: Rc<Cell<[f64; 2]>>,
}

#[wasm_bindgen]
impl VideoView {
    /// Prepares everything for frames of `width` x `height`: the decoded frame's
    /// size, which differs from the element's display size when pixels are not square.
    #[wasm_bindgen(constructor)]
    pub fn new(
        gpu: &GpuContext,
        canvas: web_sys::HtmlCanvasElement,
        video: web_sys::HtmlVideoElement,
        width: u32,
        height: u32,
    ) -> Result<VideoView, JsError> {
        let context = gpu.inner.clone();
        let g = &context.gpu;
        let max = g.limits().max_texture_dimension_2d;
        if width == 0 || height == 0 {
            return Err(JsError::new(
                "the video has no picture (is it audio only, or not loaded yet?)",
            ));
        }
        if width > max || height > max {
            return Err(JsError::new(&format!(
                "the video is {width}x{height}, larger than this GPU's largest texture ({max})"
            )));
        }
        let size = wgpu::Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        };
        // Written by the YUV conversion (storage) or by copy_external_image_to_texture
        // (which needs COPY_DST and RENDER_ATTACHMENT); read by the histogram and drawing.
        let frame = g.device.create_texture(&wgpu::TextureDescriptor {
            label: Some("video frame"),
            size,
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: wgpu::TextureFormat::Rgba8Unorm,
            usage: wgpu::TextureUsages::COPY_DST
                | wgpu::TextureUsages::RENDER_ATTACHMENT
                | wgpu::TextureUsages::TEXTURE_BINDING
                | wgpu::TextureUsages::STORAGE_BINDING,
            view_formats: &[],
        });
        let view = frame.create_view(&Default::default());
        let image = GpuImage::from_texture(view.clone(), width, height);
        let spec = Spec::rgbl();
        let mut kernels = context.kernels.borrow_mut();
        let run = Run::new(
            g,
            &mut kernels,
            &image,
            Method::Privatized,
            spec,
            ChunkShape::default(),
        )
        .map(Rc::new)
        .map_err(|e| JsError::new(&e.0))?;
        // On a GPU that the CPU emulates, the frame pass counts as it converts (one
        // pass over the frame, no atomics: NOTES.md); on a real GPU the privatized
        // kernel counts the converted frame.
        let counting = (g.info.device_type == wgpu::DeviceType::Cpu).then(|| run.bins());
        let converter = FrameConverter::new(
            g,
            &view,
            width,
            height,
            width as u64 * height as u64 * 4,
            counting,
        );
        let target = CanvasTarget::new(g, canvas).map_err(|e| JsError::new(&e.0))?;
        let format = target.config.format;
        let panels = video_panels(target.config.width, target.config.height);
        let painter = HistogramPainter::new(g, &mut kernels, spec, run.bins(), format, &panels);
        painter.set_entries(&g.queue, width as u64 * height as u64);
        let frame_painter = FramePainter::new(g, &view, format);
        frame_painter.set_cover(
            &g.queue,
            (width, height),
            (target.config.width, target.config.height),
        );
        let draw_queries = g.timestamps.then(|| {
            let set = g.device.create_query_set(&wgpu::QuerySetDescriptor {
                label: Some("frame times"),
                ty: wgpu::QueryType::Timestamp,
                count: 4,
            });
            let resolve = g.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("frame timestamps"),
                size: 32,
                usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
                mapped_at_creation: false,
            });
            (set, resolve)
        });
        let timing = g.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("frame timestamps"),
            size: 32,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        drop(kernels);
        Ok(VideoView {
            context,
            video,
            target: RefCell::new(target),
            frame,
            converter,
            run,
            painter,
            frame_painter,
            draw_queries,
            timing,
            timing_busy: Rc::new(Cell::new(false)),
            times: Rc::new(Cell::new([f64::NAN; 2])),
        })
    }

    /// Whether frames of this size fit this view.
    pub fn fits(&self, width: u32, height: u32) -> bool {
        let size = self.frame.size();
        (width, height) == (size.width, size.height)
    }

    /// Draws a frame from the decoder's bytes: `format` is the VideoFrame's format
    /// ("NV12", "I420", "RGBX", ...), `offsets` and `strides` its planes' layout from
    /// copyTo, `matrix` and `full_range` its colour space.
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
        let layout = PixelLayout::parse(format)
            .ok_or_else(|| JsError::new(&format!("video frames in {format} are not supported")))?;
        let plane = |v: &[u32]| [0, 1, 2].map(|i| v.get(i).copied().unwrap_or(0));
        let height = self.frame.size().height;
        let format = FrameFormat {
            layout,
            offsets: plane(&offsets),
            strides: plane(&strides),
            to_rgb: gpu::colour_matrix(matrix.as_deref(), height, full_range),
        };
        let g = &self.context.gpu;
        self.converter
            .upload(&g.queue, bytes, &format)
            .map_err(|e| JsError::new(&e.0))?;
        self.draw(true)
    }

    /// Draws the video element's current frame, copied by the browser.
    #[wasm_bindgen(js_name = renderElement)]
    pub fn render_element(&self) -> Result<(), JsError> {
        self.context.gpu.queue.copy_external_image_to_texture(
            &wgpu::CopyExternalImageSourceInfo {
                source: wgpu::ExternalImageSource::HTMLVideoElement(self.video.clone()),
                origin: wgpu::Origin2d::ZERO,
                flip_y: false,
            },
            wgpu::CopyExternalImageDestInfo {
                texture: &self.frame,
                mip_level: 0,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
                color_space: wgpu::PredefinedColorSpace::Srgb,
                premultiplied_alpha: false,
            },
            self.frame.size(),
        );
        self.draw(false)
    }

    /// Histogram, scale and drawing of the frame, `decoded` by the frame pass from
    /// uploaded bytes (which may count it too) or already copied into the texture.
    fn draw(&self, decoded: bool) -> Result<(), JsError> {
        let g = &self.context.gpu;
        if let Some(fault) = g.fault() {
            return Err(JsError::new(&fault));
        }
        let mut target = self.target.borrow_mut();
        if target.fit(g) {
            let (w, h) = (target.config.width, target.config.height);
            let size = self.frame.size();
            self.frame_painter
                .set_cover(&g.queue, (size.width, size.height), (w, h));
            self.painter.set_panels(&g.queue, &video_panels(w, h));
        }
        let surface = target.frame().map_err(|e| JsError::new(&e.0))?;
        let view = surface.texture.create_view(&Default::default());
        let mut encoder = g.device.create_command_encoder(&Default::default());
        let queries = self.draw_queries.as_ref().map(|(set, _)| set);
        let counted = decoded && self.converter.counts();
        if decoded {
            let timestamps =
                queries
                    .filter(|_| counted)
                    .map(|query_set| wgpu::ComputePassTimestampWrites {
                        query_set,
                        beginning_of_pass_write_index: Some(0),
                        end_of_pass_write_index: Some(1),
                    });
            self.converter.encode(g, &mut encoder, timestamps);
        }
        if !counted {
            self.run.encode(&mut encoder);
        }
        self.painter.encode_scale(&mut encoder);
        {
            let mut pass = clear_pass(&mut encoder, &view, queries, 2);
            self.frame_painter.draw(&mut pass);
            self.painter.draw(&mut pass, 0);
            self.painter.draw(&mut pass, 1);
        }
        let read_times = g.timestamps && !self.timing_busy.get();
        if read_times {
            if let Some((set, resolve)) = &self.draw_queries {
                encoder.resolve_query_set(set, 0..4, resolve, 0);
                encoder.copy_buffer_to_buffer(resolve, 0, &self.timing, 0, 32);
            }
            // The privatized pass times itself.
            if !counted {
                self.run.encode_timestamps(&mut encoder, &self.timing, 0);
            }
        }
        g.queue.submit([encoder.finish()]);
        g.queue.present(surface);
        if read_times {
            self.timing_busy.set(true);
            let (buffer, busy, times) = (
                self.timing.clone(),
                self.timing_busy.clone(),
                self.times.clone(),
            );
            let period = g.queue.get_timestamp_period();
            self.timing
                .map_async(wgpu::MapMode::Read, .., move |result| {
                    if result.is_ok() {
                        if let Ok(bytes) = buffer.get_mapped_range(..) {
                            let ms = |at: usize| {
                                gpu::pass_ms(period, &bytes[at..at + 16]).unwrap_or(f64::NAN)
                            };
                            times.set([ms(0), ms(16)]);
                        }
                        buffer.unmap();
                    }
                    busy.set(false);
                });
        }
        Ok(())
    }

    /// GPU milliseconds of the latest timed frame: the pass that counts (the frame
    /// pass where it converts and counts, else the privatized kernel) and the draw
    /// pass (frame + histograms). NaN until measured or without timestamp queries.
    #[wasm_bindgen(getter, js_name = histogramMs)]
    pub fn histogram_ms(&self) -> f64 {
        self.times.get()[0]
    }

    #[wasm_bindgen(getter, js_name = drawMs)]
    pub fn draw_ms(&self) -> f64 {
        self.times.get()[1]
    }

    /// The histogram of the last frame drawn, read back (for tests and the CSV).
    pub fn histogram(&self) -> js_sys::Promise {
        let (context, run) = (self.context.clone(), self.run.clone());
        let size = self.frame.size();
        let pixels = size.width as u64 * size.height as u64;
        wasm_bindgen_futures::future_to_promise(async move {
            let gpu = &context.gpu;
            let mut encoder = gpu.device.create_command_encoder(&Default::default());
            run.encode_readback(&mut encoder);
            gpu.queue.submit([encoder.finish()]);
            let (histogram, gpu_ms) = run.read(gpu).await.map_err(|e| JsError::new(&e.0))?;
            Ok(JsValue::from(Outcome {
                histogram,
                pixels,
                gpu_ms,
                wall_ms: 0.0,
                notes: Vec::new(),
            }))
        })
    }
}

/// The Rust of the CPU method, for its page (it is the last item of histogram.rs).
#[wasm_bindgen(js_name = cpuSource)]
pub fn cpu_source() -> String {
    let file = include_str!("histogram.rs");
    file[file.find("/// The CPU method").unwrap_or(0)..].to_string()
}
