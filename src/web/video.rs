//! The live video page, and the frames of a video or camera on the GPU, which the
//! studio shares.

use super::{clear_pass, CanvasTarget, Context, GpuContext};
use crate::gpu::{
    self, ChunkShape, Fit, FrameConverter, FrameFormat, FramePainter, Gpu, GpuImage,
    HistogramPainter, Method, Owned, Panel, PixelLayout, Run,
};
use crate::histogram::Spec;
use crate::image::Region;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// The WGSL of the video's frame pass (decoder bytes to RGB, counted on CPU GPUs).
#[wasm_bindgen(js_name = frameSource)]
pub fn frame_source() -> String {
    gpu::frame_pass_source(Spec::rgbl())
}

/// A video's (or a camera's) frames on the GPU: one texture, filled either from the
/// decoder's own bytes (a WebCodecs VideoFrame copied out, NV12 on Chromium) by the
/// frame pass, or by the browser's copy from the element. The first takes ~3 ms a
/// frame on a software GPU where `copyExternalImageToTexture` costs ~150 ms and
/// `importExternalTexture` ~95 ms (headless Chromium, SwiftShader); the copy is for
/// browsers without WebCodecs. (wgpu 30's web backend has no ExternalTexture.)
pub(super) struct LiveFrame {
    video: web_sys::HtmlVideoElement,
    texture: Owned<wgpu::Texture>,
    view: wgpu::TextureView,
    converter: FrameConverter,
}

impl LiveFrame {
    /// For frames of `width` x `height` (the decoded size, which differs from the
    /// element's when pixels are not square). With `counting`, the frame pass also
    /// counts each frame into those bins: where the CPU emulates the GPU, one pass
    /// over the frame with no atomics beats a second pass (NOTES.md).
    pub(super) fn new(
        g: &Gpu,
        video: web_sys::HtmlVideoElement,
        width: u32,
        height: u32,
        counting: Option<(&wgpu::Buffer, Spec)>,
    ) -> Result<LiveFrame, JsError> {
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
        // Written by the frame pass (storage) or by copy_external_image_to_texture
        // (which needs COPY_DST and RENDER_ATTACHMENT); read by counting and drawing.
        let texture = g.device.create_texture(&wgpu::TextureDescriptor {
            label: Some("video frame"),
            size: wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
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
        let view = texture.create_view(&Default::default());
        let converter = FrameConverter::new(
            g,
            &view,
            width,
            height,
            width as u64 * height as u64 * 4,
            counting,
        );
        Ok(LiveFrame {
            video,
            texture: texture.into(),
            view,
            converter,
        })
    }

    /// Whether the frame pass is to count on this GPU (one the CPU emulates).
    pub(super) fn counts_on(g: &Gpu) -> bool {
        g.info.device_type == wgpu::DeviceType::Cpu
    }

    pub(super) fn size(&self) -> (u32, u32) {
        let size = self.texture.size();
        (size.width, size.height)
    }

    pub(super) fn view(&self) -> &wgpu::TextureView {
        &self.view
    }

    /// The frame as an image the privatized kernel can count.
    pub(super) fn image(&self) -> GpuImage {
        let (width, height) = self.size();
        GpuImage::from_texture(self.view.clone(), width, height)
    }

    /// Whether `encode` counts the frame too.
    pub(super) fn counts(&self) -> bool {
        self.converter.counts()
    }

    /// Counts only `region` of the frames from now on (when the frame pass counts).
    pub(super) fn set_region(&self, region: Region) {
        self.converter.set_region(region);
    }

    /// The layout of a decoder's frame: `format` is the VideoFrame's format ("NV12",
    /// "I420", "RGBX", ...), `offsets` and `strides` its planes' layout from copyTo,
    /// `matrix` and `full_range` its colour space.
    pub(super) fn format(
        &self,
        format: &str,
        offsets: &[u32],
        strides: &[u32],
        matrix: Option<&str>,
        full_range: bool,
    ) -> Result<FrameFormat, JsError> {
        let layout = PixelLayout::parse(format)
            .ok_or_else(|| JsError::new(&format!("video frames in {format} are not supported")))?;
        let plane = |v: &[u32]| [0, 1, 2].map(|i| v.get(i).copied().unwrap_or(0));
        Ok(FrameFormat {
            layout,
            offsets: plane(offsets),
            strides: plane(strides),
            to_rgb: gpu::colour_matrix(matrix, self.size().1, full_range),
        })
    }

    /// Queues the decoder's bytes of a frame for the next `encode`.
    pub(super) fn upload(
        &self,
        g: &Gpu,
        bytes: &[u8],
        format: &FrameFormat,
    ) -> Result<(), JsError> {
        self.converter
            .upload(&g.queue, bytes, format)
            .map_err(|e| JsError::new(&e.0))
    }

    /// Copies the element's current frame into the texture (the browser's copy).
    pub(super) fn copy_element(&self, g: &Gpu) {
        g.queue.copy_external_image_to_texture(
            &wgpu::CopyExternalImageSourceInfo {
                source: wgpu::ExternalImageSource::HTMLVideoElement(self.video.clone()),
                origin: wgpu::Origin2d::ZERO,
                flip_y: false,
            },
            wgpu::CopyExternalImageDestInfo {
                texture: &self.texture,
                mip_level: 0,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
                color_space: wgpu::PredefinedColorSpace::Srgb,
                premultiplied_alpha: false,
            },
            self.texture.size(),
        );
    }

    /// Encodes the frame pass over the last uploaded bytes.
    pub(super) fn encode(
        &self,
        g: &Gpu,
        encoder: &mut wgpu::CommandEncoder,
        timestamps: Option<wgpu::ComputePassTimestampWrites>,
    ) {
        self.converter.encode(g, encoder, timestamps);
    }
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
#[wasm_bindgen]
pub struct VideoView {
    context: Rc<Context>,
    target: RefCell<CanvasTarget>,
    frame: LiveFrame,
    run: Rc<Run>,
    painter: HistogramPainter,
    frame_painter: FramePainter,
    /// Timestamps of the counting frame pass and the draw pass, read back now and then.
    draw_queries: Option<(wgpu::QuerySet, Owned<wgpu::Buffer>)>,
    timing: Owned<wgpu::Buffer>,
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
        let context = gpu.context();
        let g = &context.gpu;
        let spec = Spec::rgbl();
        let bins = Run::bins_buffer(g, spec);
        let counting = LiveFrame::counts_on(g).then_some((&*bins, spec));
        let frame = LiveFrame::new(g, video, width, height, counting)?;
        let mut kernels = context.kernels.borrow_mut();
        // On a real GPU the privatized kernel counts the converted frame.
        let run = Run::into_bins(
            g,
            &mut kernels,
            &frame.image(),
            Method::Privatized,
            spec,
            ChunkShape::default(),
            bins,
        )
        .map(Rc::new)
        .map_err(|e| JsError::new(&e.0))?;
        let target = CanvasTarget::new(g, canvas).map_err(|e| JsError::new(&e.0))?;
        let format = target.config.format;
        let panels = video_panels(target.config.width, target.config.height);
        let painter = HistogramPainter::new(g, &mut kernels, spec, run.bins(), format, &panels);
        painter.set_entries(&g.queue, width as u64 * height as u64);
        let frame_painter = FramePainter::new(g, frame.view(), (width, height), format);
        let canvas_size = (target.config.width, target.config.height);
        frame_painter.set_view(&g.queue, Fit::Cover, canvas_size, (1, 1), 1.0);
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
        drop(kernels);
        Ok(VideoView {
            context,
            target: RefCell::new(target),
            frame,
            run,
            painter,
            frame_painter,
            draw_queries,
            timing: timing.into(),
            timing_busy: Rc::new(Cell::new(false)),
            times: Rc::new(Cell::new([f64::NAN; 2])),
        })
    }

    /// Whether frames of this size fit this view.
    pub fn fits(&self, width: u32, height: u32) -> bool {
        self.frame.size() == (width, height)
    }

    /// Draws a frame from the decoder's bytes (see `LiveFrame::upload`).
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
        let g = &self.context.gpu;
        let format =
            self.frame
                .format(format, &offsets, &strides, matrix.as_deref(), full_range)?;
        self.frame.upload(g, bytes, &format)?;
        self.draw(true)
    }

    /// Draws the video element's current frame, copied by the browser.
    #[wasm_bindgen(js_name = renderElement)]
    pub fn render_element(&self) -> Result<(), JsError> {
        self.frame.copy_element(&self.context.gpu);
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
            let size = (target.config.width, target.config.height);
            self.frame_painter
                .set_view(&g.queue, Fit::Cover, size, (1, 1), 1.0);
            self.painter
                .set_panels(&g.queue, &video_panels(size.0, size.1));
        }
        let surface = target.frame().map_err(|e| JsError::new(&e.0))?;
        let view = surface.texture.create_view(&Default::default());
        let mut encoder = g.device.create_command_encoder(&Default::default());
        let queries = self.draw_queries.as_ref().map(|(set, _)| set);
        let counted = decoded && self.frame.counts();
        if decoded {
            let timestamps =
                queries
                    .filter(|_| counted)
                    .map(|query_set| wgpu::ComputePassTimestampWrites {
                        query_set,
                        beginning_of_pass_write_index: Some(0),
                        end_of_pass_write_index: Some(1),
                    });
            self.frame.encode(g, &mut encoder, timestamps);
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
        let (width, height) = self.frame.size();
        super::read_outcome(
            self.context.clone(),
            self.run.clone(),
            width as u64 * height as u64,
        )
    }
}
