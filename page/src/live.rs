//! Live frames: a playing video's (or a camera's) frames on the GPU, counted. One
//! pipeline for every page that shows video (the video page, the studio): each
//! frame lands in one texture, either from the decoder's own bytes (a WebCodecs
//! VideoFrame copied out, NV12 on Chromium), converted by the frame pass, or by the
//! browser's copy from the element; then it is counted: by the frame pass itself
//! where the CPU plays the GPU, else by the privatized kernel.
//!
//! The decoder's bytes take ~3 ms a frame on a software GPU where
//! `copyExternalImageToTexture` costs ~150 ms and `importExternalTexture` ~95 ms
//! (headless Chromium, SwiftShader); on a real GPU the page imports the frame
//! (`import_target`, www/frames.js: wgpu 30's web backend has no
//! ExternalTexture), and the copy is for browsers with neither.

use super::{Context, GpuContext, WebResult};
use histogram::gpu::{
    self, FrameConverter, FrameFormat, Gpu, GpuImage, Method, Owned, PixelLayout, Run, RunOptions,
};
use histogram::histogram::Spec;
use histogram::image::Region;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// Whether the frame pass reads frames in WebCodecs' `format` ("NV12", "I420",
/// "RGBX", ...); frames in another take the browser's copy.
#[wasm_bindgen(js_name = frameLayoutRead)]
pub fn frame_layout_read(format: &str) -> bool {
    PixelLayout::parse(format).is_some()
}

/// A video's frames of one size on the GPU and their histogram, ready to draw:
/// made by the page's frame pump (www/frames.js) for each frame size, and handed
/// to the view that draws them.
#[wasm_bindgen]
pub struct Live {
    context: Rc<Context>,
    frames: Rc<Frames>,
}

pub(super) struct Frames {
    texture: Owned<wgpu::Texture>,
    view: wgpu::TextureView,
    converter: FrameConverter,
    /// Counts the frame where the frame pass does not (and reads its bins back).
    run: Rc<Run>,
    /// Another method into the same bins, timed beside `run` (the fragment page's
    /// compute twin).
    beside: Option<Run>,
    /// Bytes were uploaded that the frame pass has not converted yet.
    pending: Cell<bool>,
    /// The frame in the texture came as YUV: its alpha holds Y′ as decoded.
    decoded_luma: Cell<bool>,
}

#[wasm_bindgen]
impl Live {
    /// For frames of `width` x `height` (the decoded size, which differs from the
    /// element's when pixels are not square), counted in `bins` bins of R, G, B and
    /// luminance: by `method` (the privatized kernel, or the frame pass where the
    /// CPU plays the GPU, unless a page names its own), and by `beside` on the
    /// frames `VideoView` times it.
    #[wasm_bindgen(constructor)]
    pub fn new(
        gpu: &GpuContext,
        width: u32,
        height: u32,
        bins: u32,
        method: Option<String>,
        beside: Option<String>,
    ) -> WebResult<Live> {
        let context = gpu.context();
        let spec = super::spec(4, bins)?;
        let method = method.as_deref().map(super::chapters::method).transpose()?;
        let beside = beside.as_deref().map(super::chapters::method).transpose()?;
        let frames = Frames::new(
            &context.gpu,
            &mut context.kernels.borrow_mut(),
            (width, height),
            spec,
            (method, beside),
        )?;
        Ok(Live {
            context,
            frames: Rc::new(frames),
        })
    }

    /// Whether frames of this size, counted in this many bins, fit.
    pub fn fits(&self, width: u32, height: u32, bins: u32) -> bool {
        self.frames.size() == (width, height) && self.frames.run.spec().num_bins == bins
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.frames.size().0
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.frames.size().1
    }

    /// Which pass counts: "frame", the frame pass (on a GPU the CPU emulates:
    /// counted as the frame is converted), or the method's name ("privatized");
    /// the page words it.
    #[wasm_bindgen(getter)]
    pub fn counter(&self) -> String {
        if self.frames.converter.counts() {
            "frame".into()
        } else {
            self.frames.run.method().name().into()
        }
    }

    /// Queues a decoder's frame for the next draw: `format` is the VideoFrame's
    /// format ("NV12", "I420", "RGBX", ...), `offsets` and `strides` its planes'
    /// layout from copyTo, `matrix` and `full_range` its colour space.
    pub fn upload(
        &self,
        bytes: &[u8],
        format: &str,
        offsets: Vec<u32>,
        strides: Vec<u32>,
        matrix: Option<String>,
        full_range: bool,
    ) -> WebResult<()> {
        let layout = PixelLayout::parse(format)
            .ok_or_else(|| JsError::new(&format!("video frames in {format} are not supported")))?;
        let plane = |v: &[u32]| [0, 1, 2].map(|i| v.get(i).copied().unwrap_or(0));
        let format = FrameFormat {
            layout,
            offsets: plane(&offsets),
            strides: plane(&strides),
            to_rgb: gpu::colour_matrix(matrix.as_deref(), self.frames.size().1, full_range)
                * layout.to_codes(full_range),
        };
        let g = &self.context.gpu;
        self.frames
            .converter
            .upload(&g.queue, bytes, &format)
            .map_err(|e| JsError::new(&e.0))?;
        self.frames.pending.set(true);
        self.frames.decoded_luma.set(layout.is_yuv());
        Ok(())
    }

    /// The frame texture's view as the browser's GPUTextureView, for the hardware
    /// path (www/frames.js): importExternalTexture has no wgpu 30 web binding, so
    /// the page runs shaders/frames/import.wgsl through the raw device into this view.
    #[wasm_bindgen(getter, js_name = importTarget)]
    pub fn import_target(&self) -> JsValue {
        self.frames
            .view
            .as_webgpu()
            .map_or(JsValue::NULL, |view| view.clone().into())
    }

    /// The frame texture was written by the page (the hardware path): nothing
    /// uploaded is waiting to be converted.
    pub fn imported(&self) {
        self.frames.pending.set(false);
        self.frames.decoded_luma.set(false);
    }

    /// Copies a bitmap of the element's current frame into the texture (the
    /// browser's copy): Firefox (153) copies no video element, only bitmaps, and
    /// wgpu panics on the refusal.
    #[wasm_bindgen(js_name = copyBitmap)]
    pub fn copy_bitmap(&self, bitmap: web_sys::ImageBitmap) -> WebResult<()> {
        let frames = &self.frames;
        // wgpu panics on a copy the browser refuses: a bitmap of another size.
        let size = (bitmap.width(), bitmap.height());
        if size != frames.size() {
            return Err(JsError::new(&format!(
                "a {}x{} frame does not fit frames of {}x{}",
                size.0,
                size.1,
                frames.size().0,
                frames.size().1
            )));
        }
        self.context.gpu.queue.copy_external_image_to_texture(
            &wgpu::CopyExternalImageSourceInfo {
                source: wgpu::ExternalImageSource::ImageBitmap(bitmap),
                origin: wgpu::Origin2d::ZERO,
                flip_y: false,
            },
            wgpu::CopyExternalImageDestInfo {
                texture: &frames.texture,
                mip_level: 0,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
                color_space: wgpu::PredefinedColorSpace::Srgb,
                premultiplied_alpha: false,
            },
            frames.texture.size(),
        );
        frames.pending.set(false);
        frames.decoded_luma.set(false);
        Ok(())
    }
}

impl Live {
    pub(super) fn frames(&self) -> Rc<Frames> {
        self.frames.clone()
    }
}

impl Frames {
    fn new(
        g: &Gpu,
        kernels: &mut gpu::Kernels,
        (width, height): (u32, u32),
        spec: Spec,
        (method, beside): (Option<Method>, Option<Method>),
    ) -> WebResult<Frames> {
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
        // (which needs COPY_DST and RENDER_ATTACHMENT); read by counting and drawing,
        // and a pixel copied out for the studio's pointer.
        let texture = g.texture(
            "video frame",
            (width, height),
            wgpu::TextureFormat::Rgba8Unorm,
            wgpu::TextureUsages::COPY_DST
                | wgpu::TextureUsages::COPY_SRC
                | wgpu::TextureUsages::RENDER_ATTACHMENT
                | wgpu::TextureUsages::TEXTURE_BINDING
                | wgpu::TextureUsages::STORAGE_BINDING,
        );
        let view = texture.create_view(&Default::default());
        // Where the CPU emulates the GPU, one pass over the frame with no atomics
        // beats a second pass (docs/DECISIONS.md, 11): the frame pass counts as it converts,
        // unless the page asked for a method of its own.
        let bins = Run::bins_buffer(g, spec);
        let counting = (method.is_none() && g.info.device_type == wgpu::DeviceType::Cpu)
            .then_some((&*bins, spec));
        let converter = FrameConverter::new(
            g,
            &view,
            width,
            height,
            width as u64 * height as u64 * gpu::MOST_BYTES_PER_PIXEL,
            counting,
        );
        let image = GpuImage::from_texture(view.clone(), width, height);
        let mut run = |method: Method, bins| {
            let options = RunOptions::new(method, spec);
            Run::into_bins(g, kernels, &image, options, bins).map_err(|e| JsError::new(&e.0))
        };
        let beside = beside.map(|m| run(m, (*bins).clone().into())).transpose()?;
        let run = run(method.unwrap_or(Method::Privatized), bins)?;
        Ok(Frames {
            texture,
            view,
            converter,
            run: Rc::new(run),
            beside,
            pending: Cell::new(false),
            decoded_luma: Cell::new(false),
        })
    }

    pub(super) fn size(&self) -> (u32, u32) {
        let size = self.texture.size();
        (size.width, size.height)
    }

    pub(super) fn view(&self) -> &wgpu::TextureView {
        &self.view
    }

    /// Whether the frame in the texture came as YUV: its alpha holds Y′.
    pub(super) fn has_decoded_luma(&self) -> bool {
        self.decoded_luma.get()
    }

    /// The run whose bins hold each frame's histogram.
    pub(super) fn run(&self) -> &Rc<Run> {
        &self.run
    }

    /// Counts only `region` of the frames from now on.
    pub(super) fn set_region(
        &self,
        queue: &wgpu::Queue,
        region: Region,
    ) -> Result<(), gpu::GpuError> {
        self.run.set_region(queue, region)?;
        self.converter.set_region(region);
        Ok(())
    }

    /// Records the frame pass over uploaded bytes, if any, and no count (a scope
    /// counts the frame its own way).
    pub(super) fn convert(&self, g: &Gpu, encoder: &mut wgpu::CommandEncoder) {
        if self.pending.replace(false) {
            self.converter.encode(g, encoder, None);
        }
    }

    /// Records the frame: the frame pass over uploaded bytes (with `timestamps`
    /// around it), then the count unless that pass counted. Returns whether the
    /// frame pass counted (the privatized pass times itself otherwise).
    pub(super) fn encode(
        &self,
        g: &Gpu,
        encoder: &mut wgpu::CommandEncoder,
        timestamps: Option<wgpu::ComputePassTimestampWrites>,
    ) -> bool {
        let counted = self.pending.replace(false) && {
            let counts = self.converter.counts();
            self.converter
                .encode(g, encoder, timestamps.filter(|_| counts));
            counts
        };
        if !counted {
            self.run.encode(encoder);
        }
        counted
    }

    /// The run beside the page's, if it asked for one.
    pub(super) fn beside(&self) -> Option<&Run> {
        self.beside.as_ref()
    }

    /// Records the frame counted by the run beside the page's (which must be there).
    pub(super) fn encode_beside(&self, g: &Gpu, encoder: &mut wgpu::CommandEncoder) {
        self.convert(g, encoder);
        if let Some(beside) = &self.beside {
            beside.encode(encoder);
        }
    }
}

/// The studio counts and draws a `Live`'s frames through the core's view of them.
impl histogram::studio::LiveFrames for Frames {
    fn view(&self) -> &wgpu::TextureView {
        Frames::view(self)
    }

    fn size(&self) -> (u32, u32) {
        Frames::size(self)
    }

    fn run(&self) -> &Rc<Run> {
        Frames::run(self)
    }

    fn encode(&self, g: &Gpu, encoder: &mut wgpu::CommandEncoder) {
        Frames::encode(self, g, encoder, None);
    }

    fn set_region(&self, queue: &wgpu::Queue, region: Region) -> Result<(), gpu::GpuError> {
        Frames::set_region(self, queue, region)
    }

    fn decoded_luma(&self) -> bool {
        self.has_decoded_luma()
    }
}
