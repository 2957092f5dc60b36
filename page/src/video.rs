//! The live video page: every frame of a playing video, histogrammed (4 channels),
//! scaled and drawn over the frame, all on the GPU.

use super::live::{Frames, Live};
use super::{CanvasTarget, Context, GpuContext, WebResult};
use histogram::gpu::{self, Bars, Composer, FramePainter, HistogramPainter, Owned, Scaler};
use histogram::layout::video_panels;
use histogram::layout::Panel;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// The WGSL of the video's frame pass (decoder bytes to RGB, counted on CPU GPUs).
#[wasm_bindgen(js_name = frameSource)]
pub fn frame_source() -> String {
    gpu::frame_pass_source(histogram::histogram::Spec::rgbl())
}

/// The WGSL of the hardware path's import pass (an external texture to RGBA).
#[wasm_bindgen(js_name = importSource)]
pub fn import_source() -> String {
    include_str!("../../shaders/frames/import.wgsl").into()
}

/// The WGSL of the compose pass (the frame and its histograms into the canvas).
#[wasm_bindgen(js_name = composeSource)]
pub fn compose_source() -> String {
    gpu::compose_source(
        histogram::histogram::Spec::rgbl(),
        wgpu::TextureFormat::Rgba8Unorm,
    )
}

/// How the video page draws a frame and its histograms into the canvas. The same
/// picture either way (tests/native/gpu_draw.rs compares them pixel by pixel); each is
/// many times cheaper where the other is dear (docs/DECISIONS.md, 14).
enum Drawing {
    /// Where the CPU plays the GPU: a render pass with the frame's quad and the
    /// article's histogram quads. SwiftShader's rasterizer wrote the canvas 7x
    /// faster than a compute pass writing the same pixels.
    Quads {
        frame: Box<FramePainter>,
        histograms: HistogramPainter,
    },
    /// On a real GPU: one compute pass writes every pixel. A GPU built for compute
    /// (an H100) has few graphics units, and a render pass there crawls.
    Compose { scaler: Scaler, composer: Composer },
}

impl Drawing {
    fn set_view(&self, queue: &wgpu::Queue, size: (u32, u32), panels: &[Panel]) {
        match self {
            Drawing::Quads { frame, histograms } => {
                frame.set_view(queue, size, (1, 1), 1.0);
                histograms.set_panels(queue, panels);
            }
            Drawing::Compose { composer, .. } => composer.set_view(queue, size, panels),
        }
    }

    /// Records the scale pass and the drawing into `target`'s next frame, timed
    /// into `queries` 2 and 3 if given.
    fn encode(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        target: &CanvasTarget,
        queries: Option<&wgpu::QuerySet>,
    ) -> Result<wgpu::SurfaceTexture, gpu::GpuError> {
        match self {
            Drawing::Quads { frame, histograms } => {
                histograms.encode_scale(encoder);
                target.draw(encoder, queries.map(|q| (q, 2)), |pass| {
                    frame.draw(pass);
                    histograms.draw(pass, 0);
                    histograms.draw(pass, 1);
                })
            }
            Drawing::Compose { scaler, composer } => {
                scaler.encode(encoder);
                let (surface, view) = target.current()?;
                let timestamps = queries.map(|query_set| wgpu::ComputePassTimestampWrites {
                    query_set,
                    beginning_of_pass_write_index: Some(2),
                    end_of_pass_write_index: Some(3),
                });
                let size = (target.config.width, target.config.height);
                composer.encode(encoder, &view, size, timestamps);
                Ok(surface)
            }
        }
    }
}

/// The live video page's drawing: the frames of a `Live`, their histograms scaled
/// and drawn over them (`Drawing`). Made once per video size; per frame only the
/// compose pass's bind group (the canvas's texture of the moment) is new.
#[wasm_bindgen]
pub struct VideoView {
    context: Rc<Context>,
    target: RefCell<CanvasTarget>,
    frames: Rc<Frames>,
    drawing: Drawing,
    /// Timestamps of the counting frame pass and the drawing, read back now and then.
    draw_queries: Option<(wgpu::QuerySet, Owned<wgpu::Buffer>)>,
    timing: Owned<wgpu::Buffer>,
    timing_busy: Rc<Cell<bool>>,
    /// The count, the draw and the count beside (if the Live has one), in ms.
    times: Rc<Cell<[f64; 3]>>,
    /// The next timed frame is counted by the run beside the page's.
    beside_next: Cell<bool>,
}

#[wasm_bindgen]
impl VideoView {
    /// Draws `live`'s frames into `canvas`, all of each frame, histograms along its foot.
    #[wasm_bindgen(constructor)]
    /// `drawing` forces one way ("compose" or "quads"); by default the compose
    /// pass on a real GPU, the quads where the CPU plays the GPU.
    pub fn new(
        gpu: &GpuContext,
        canvas: web_sys::HtmlCanvasElement,
        live: &Live,
        drawing: Option<String>,
    ) -> WebResult<VideoView> {
        let context = gpu.context();
        let g = &context.gpu;
        let frames = live.frames();
        let run = frames.run();
        let (width, height) = frames.size();
        let compose = match drawing.as_deref() {
            None => g.info.device_type != wgpu::DeviceType::Cpu,
            Some("compose") => true,
            Some("quads") => false,
            Some(other) => {
                return Err(JsError::new(&format!(
                    "no drawing called {other:?} (compose or quads)"
                )))
            }
        };
        let target = if compose {
            CanvasTarget::for_compute(g, canvas)
        } else {
            CanvasTarget::new(g, canvas)
        }
        .map_err(|e| JsError::new(&e.0))?;
        let format = target.config.format;
        let canvas_size = (target.config.width, target.config.height);
        let panels = video_panels(canvas_size.0, canvas_size.1);
        let mut kernels = context.kernels.borrow_mut();
        let drawing = if compose {
            let scaler = Scaler::new(g, &mut kernels, run.spec(), run.bins());
            scaler.set_entries(&g.queue, width as u64 * height as u64);
            let composer = Composer::new(
                g,
                frames.view(),
                (width, height),
                (run.bins(), scaler.buffer()),
                run.spec(),
                format,
            );
            Drawing::Compose { scaler, composer }
        } else {
            let histograms = HistogramPainter::new(
                g,
                &mut kernels,
                run.spec(),
                run.bins(),
                format,
                &panels,
                Bars::Article,
            );
            histograms.set_entries(&g.queue, width as u64 * height as u64);
            let frame = Box::new(FramePainter::new(g, frames.view(), (width, height), format));
            Drawing::Quads { frame, histograms }
        };
        drop(kernels);
        drawing.set_view(&g.queue, canvas_size, &panels);
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
            (set, resolve.into())
        });
        let timing = g.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("frame timestamps"),
            size: 32,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        Ok(VideoView {
            context,
            target: RefCell::new(target),
            frames,
            drawing,
            draw_queries,
            timing: timing.into(),
            timing_busy: Rc::new(Cell::new(false)),
            times: Rc::new(Cell::new([f64::NAN; 3])),
            beside_next: Cell::new(false),
        })
    }

    /// Counts, scales and draws the frame in the texture (converting bytes the
    /// Live was given first).
    #[wasm_bindgen(js_name = drawFrame)]
    pub fn draw_frame(&self) -> WebResult<()> {
        let g = &self.context.gpu;
        if let Some(fault) = g.fault() {
            return Err(JsError::new(&fault));
        }
        let mut target = self.target.borrow_mut();
        if target.fit(g) {
            let size = (target.config.width, target.config.height);
            self.drawing
                .set_view(&g.queue, size, &video_panels(size.0, size.1));
        }
        let mut encoder = g.device.create_command_encoder(&Default::default());
        let queries = self.draw_queries.as_ref().map(|(set, _)| set);
        let timestamps = queries.map(|query_set| wgpu::ComputePassTimestampWrites {
            query_set,
            beginning_of_pass_write_index: Some(0),
            end_of_pass_write_index: Some(1),
        });
        let read_times = g.timestamps && !self.timing_busy.get();
        // Timed frames alternate between the page's method and the one beside it,
        // so both are timed on the same frames of the video.
        let beside = read_times && self.frames.beside().is_some() && self.beside_next.get();
        let counted = if beside {
            self.frames.encode_beside(g, &mut encoder);
            false
        } else {
            self.frames.encode(g, &mut encoder, timestamps)
        };
        let surface = self
            .drawing
            .encode(&mut encoder, &target, queries)
            .map_err(|e| JsError::new(&e.0))?;
        if read_times {
            if let Some((set, resolve)) = &self.draw_queries {
                encoder.resolve_query_set(set, 0..4, resolve, 0);
                encoder.copy_buffer_to_buffer(resolve, 0, &self.timing, 0, 32);
            }
            // A run times itself.
            if !counted {
                let run = match self.frames.beside() {
                    Some(run) if beside => run,
                    _ => self.frames.run(),
                };
                run.encode_timestamps(&mut encoder, &self.timing, 0);
            }
            self.beside_next.set(!beside);
        }
        g.queue.submit([encoder.finish()]);
        g.queue.present(surface);
        if read_times {
            self.timing_busy.set(true);
            let (buffer, busy, times) = (
                (*self.timing).clone(),
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
                            let mut t = times.get();
                            t[if beside { 2 } else { 0 }] = ms(0);
                            t[1] = ms(16);
                            times.set(t);
                        }
                        buffer.unmap();
                    }
                    busy.set(false);
                });
        }
        Ok(())
    }

    /// GPU milliseconds of the latest timed frame: the pass that counts (the frame
    /// pass where it converts and counts, else the privatized kernel) and the
    /// drawing (frame + histograms). NaN until measured or without timestamp
    /// queries.
    #[wasm_bindgen(getter, js_name = histogramMs)]
    pub fn histogram_ms(&self) -> f64 {
        self.times.get()[0]
    }

    /// How frames are drawn: "compose" (the compose pass) or "render" (a render
    /// pass of quads); the page words it.
    #[wasm_bindgen(getter)]
    pub fn drawing(&self) -> String {
        match self.drawing {
            Drawing::Quads { .. } => "render".into(),
            Drawing::Compose { .. } => "compose".into(),
        }
    }

    #[wasm_bindgen(getter, js_name = drawMs)]
    pub fn draw_ms(&self) -> f64 {
        self.times.get()[1]
    }

    /// GPU milliseconds of the latest frame counted by the run beside the page's
    /// (`Live::new`'s `beside`); NaN without one.
    #[wasm_bindgen(getter, js_name = besideMs)]
    pub fn beside_ms(&self) -> f64 {
        self.times.get()[2]
    }

    /// The histogram of the last frame drawn, read back (for tests and the CSV).
    pub fn histogram(&self) -> js_sys::Promise {
        let (width, height) = self.frames.size();
        super::read_outcome(
            self.context.clone(),
            self.frames.run().clone(),
            width as u64 * height as u64,
        )
    }
}
