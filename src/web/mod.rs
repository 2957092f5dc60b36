//! Browser glue: what the pages call from JavaScript. It only composes the core
//! (images, the CPU method, GPU runs, drawing); the pages own the DOM. By page kind:
//! `image` (the example pages over an image), `video` (the live video page),
//! `studio` (the studio), `scope` (the scopes' chapters, and the studio's scope
//! views); `live` (a video's frames on the GPU) serves the last three;
//! what they all share is here.

mod bands;
mod equalize;
mod image;
mod live;
mod scope;
mod studio;
mod video;

use crate::decode::{self, DecodeError};
use crate::deep::DeepImage;
use crate::draw;
use crate::gpu::{self, HdrCount, Kernels, Run};
use crate::hdr::{HdrHistogram, HdrImage, HdrStats};
use crate::histogram::{Channels, Histogram, Spec};
use crate::image::{Image, Region};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// What the glue returns to JavaScript: a value, or an Error with a message.
type WebResult<T> = Result<T, JsError>;

/// Largest image the pages accept: 64 megapixels (8192x8192), 256 MiB of RGBA,
/// which the page, the wasm heap and the GPU each hold once.
pub const WEB_MAX_PIXELS: u32 = 1 << 26;

/// Most bytes a format decoded whole may take at its peak in the page's worker
/// (src/decode/ counts the decode and the copies made of it): 2 GiB, half of
/// what a wasm32 heap can address, so the file's own bytes and the allocator's
/// slack still fit. That is any 8-bit or 16-bit picture of the largest size, or
/// an HDR one of about 29 megapixels (72 bytes a pixel at the peak). Past it the
/// page says why (NeedsMemory) and keeps what it had.
const WEB_DECODE_BUDGET: u64 = 2 << 30;

#[wasm_bindgen(start)]
fn start() {
    // A panic would otherwise trap silently and leave a promise unsettled.
    console_error_panic_hook::set_once();
}

/// Bytes of WebAssembly memory in use (it grows and never shrinks): for the soak
/// benchmark, which watches it for growth.
#[wasm_bindgen(js_name = wasmMemoryBytes)]
pub fn wasm_memory_bytes() -> f64 {
    (core::arch::wasm32::memory_size(0) * 65536) as f64
}

#[wasm_bindgen(js_name = maxPixels)]
pub fn max_pixels() -> u32 {
    WEB_MAX_PIXELS
}

/// What is wrong with a file the browser would decode itself, as far as its
/// bytes tell (src/decode/mod.rs's `problem`, the command line's rules), in words;
/// None if nothing is.
#[wasm_bindgen(js_name = fileProblem)]
pub fn file_problem(bytes: &[u8]) -> Option<String> {
    decode::problem(bytes, WEB_MAX_PIXELS as u64).map(|e| e.to_string())
}

/// RGBA8 pixels counted by the CPU method into `bins` bins of R, G, B and
/// luminance, interleaved as every histogram's: a worker's count of what it read,
/// where the CPU plays the GPU (docs/DECISIONS.md, 6).
#[wasm_bindgen(js_name = countRgba)]
pub fn count_rgba(width: u32, height: u32, rgba: Vec<u8>, bins: u32) -> WebResult<Vec<u32>> {
    let image = Image::from_rgba(width, height, rgba).map_err(|e| JsError::new(&e.to_string()))?;
    let histogram = crate::histogram::compute_cpu(&image, spec(4, bins)?);
    Ok(histogram.counts().to_vec())
}

/// An RGBA image: a decoded file, pixels the browser decoded, or the project's own
/// picture; with what a reader should know about the values counted.
#[wasm_bindgen]
pub struct Picture {
    pixels: Pixels,
    /// A 16-bit file's samples as stored (the studio counts them; the chapters
    /// count `image`, their nearest 8-bit values).
    deep: Option<Rc<DeepImage>>,
    /// A floating-point file's samples as stored (the studio counts them in their
    /// own units; the chapters count `image`, clamped to 0..1 at 8 bits).
    hdr: Option<Rc<HdrImage>>,
    format: String,
    notes: Vec<String>,
    deep_notes: Vec<String>,
    /// The picture on the current device, once sent (`prepare`, or at first use).
    uploaded: Rc<RefCell<Option<Uploaded>>>,
    /// An HDR picture's statistics over all of it, worked out where it was
    /// decoded (a worker: over 12 megapixels they take most of a second).
    hdr_stats: Option<[Option<HdrStats>; 4]>,
    /// The whole picture counted on the CPU where it was read (bins, then the
    /// counts interleaved R, G, B, luminance): where the CPU plays the GPU, the
    /// studio's first count (docs/DECISIONS.md, 6).
    precount: Option<(u32, Vec<u32>)>,
}

/// A picture on one device: its textures (and a 16-bit picture's samples), or
/// an HDR picture's samples.
struct Uploaded {
    /// The device's context: after a device loss, the new one uploads again.
    context: std::rc::Weak<Context>,
    image: Option<Rc<gpu::GpuImage>>,
    deep: Option<Rc<gpu::GpuImage>>,
    hdr: Option<Rc<gpu::HdrSamples>>,
}

/// Where a picture's 8-bit pixels are.
#[derive(Clone)]
enum Pixels {
    /// In wasm memory: the Rust decoder's, the browser's read back, or made here.
    Cpu(Rc<Image>),
    /// Held by the browser, which decoded them: copied to the GPU from there
    /// (`GpuImage::from_bitmap`), never into wasm memory.
    Bitmap(web_sys::ImageBitmap),
    /// A 16-bit picture sent to one device a band at a time as its worker read it
    /// (`PictureBands`), and held nowhere else: once that device is lost, the page
    /// reads the file again.
    Sent { width: u32, height: u32, depth: u32 },
}

impl Drop for Picture {
    fn drop(&mut self) {
        if let Pixels::Bitmap(bitmap) = &self.pixels {
            bitmap.close();
        }
    }
}

impl Picture {
    fn of(pixels: Pixels, format: String, notes: Vec<String>) -> Picture {
        Picture {
            pixels,
            deep: None,
            hdr: None,
            format,
            notes,
            deep_notes: Vec::new(),
            uploaded: Rc::default(),
            hdr_stats: None,
            precount: None,
        }
    }

    /// The pixels in wasm memory; a picture the browser holds has none (the page
    /// asks for them when it reads the file: www/input.js).
    fn image(&self) -> WebResult<&Rc<Image>> {
        match &self.pixels {
            Pixels::Cpu(image) => Ok(image),
            Pixels::Bitmap(_) | Pixels::Sent { .. } => Err(JsError::new(
                "this page counts the picture's pixels on the CPU, and the GPU or the browser holds them",
            )),
        }
    }

    /// The picture on `context`'s device in its own layout (and a 16-bit picture's
    /// samples): as `prepare` sent them, or sent now, at once.
    fn uploaded(
        &self,
        context: &Rc<Context>,
    ) -> WebResult<(Rc<gpu::GpuImage>, Option<Rc<gpu::GpuImage>>)> {
        let mut kept = self.kept(context);
        let g = &context.gpu;
        let image = match (&kept.image, &self.pixels) {
            (Some(image), _) => image.clone(),
            (None, Pixels::Sent { .. }) => {
                return Err(JsError::new(
                    "the picture was held by a GPU device that is gone: read the file again",
                ))
            }
            (None, pixels) => kept.image.insert(Rc::new(pixels.upload(g).run(g))).clone(),
        };
        if kept.deep.is_none() {
            kept.deep = self
                .deep
                .as_ref()
                .map(|d| Rc::new(gpu::Upload::deep(g, d).run(g)));
        }
        Ok((image, kept.deep.clone()))
    }

    /// An HDR picture's samples on `context`'s device (as `uploaded`).
    fn hdr_uploaded(&self, context: &Rc<Context>, hdr: &HdrImage) -> Rc<gpu::HdrSamples> {
        let mut kept = self.kept(context);
        let g = &context.gpu;
        kept.hdr
            .get_or_insert_with(|| Rc::new(gpu::HdrSamples::upload(g, hdr)))
            .clone()
    }

    /// What was sent to `context`'s device so far (nothing, on a new device).
    fn kept(&self, context: &Rc<Context>) -> std::cell::RefMut<'_, Uploaded> {
        let mut uploaded = self.uploaded.borrow_mut();
        if !uploaded
            .as_ref()
            .is_some_and(|u| u.context.ptr_eq(&Rc::downgrade(context)))
        {
            *uploaded = Some(Uploaded {
                context: Rc::downgrade(context),
                image: None,
                deep: None,
                hdr: None,
            });
        }
        std::cell::RefMut::map(uploaded, |u| u.as_mut().expect("just kept"))
    }
}

impl Pixels {
    fn upload<'a>(&'a self, g: &gpu::Gpu) -> gpu::Upload<'a> {
        match self {
            Pixels::Cpu(image) => gpu::Upload::as_is(g, image),
            Pixels::Bitmap(bitmap) => gpu::Upload::bitmap(g, bitmap),
            Pixels::Sent { .. } => unreachable!("a picture sent as read is on its device"),
        }
    }
}

/// Bands an upload sends before it waits for the GPU to have taken them: Chromium
/// held the page 100 ms in a 4 MB `writeTexture` once some 28 MB were waiting
/// (on SwiftShader, its transfer memory full), and none over 2 ms when each was
/// waited for. Firefox never held it, but says work is done only every 100 ms: a
/// browser that takes longer than `SLOW_NOTICE_MS` to say so is not waited for.
const BANDS_IN_FLIGHT: u32 = 2;
const SLOW_NOTICE_MS: f64 = 60.0;

/// Paces bands sent to the GPU: a task of the page's apart, and every
/// `BANDS_IN_FLIGHT` bands (and after the last) once the GPU has taken them,
/// unless the browser was slow to say so.
#[derive(Clone, Copy, Default)]
struct Pace {
    sent: u32,
    slow: bool,
}

impl Pace {
    /// Waits as due after a band (`last`: the last of the picture).
    async fn band_sent(&mut self, g: &gpu::Gpu, last: bool) {
        self.sent += 1;
        if !self.slow && (self.sent.is_multiple_of(BANDS_IN_FLIGHT) || last) {
            let start = gpu::now_ms();
            queue_done(g).await;
            self.slow = gpu::now_ms() - start >= SLOW_NOTICE_MS;
        } else {
            next_task().await;
        }
    }
}

/// Sends `upload` a band at a time, paced (`Pace`), telling `progress` the share
/// done (`from` plus `share` of this upload's).
async fn send<U: gpu::Steps>(
    g: &gpu::Gpu,
    mut upload: U,
    progress: &js_sys::Function,
    (from, share): (f64, f64),
) -> U {
    let mut pace = Pace::default();
    loop {
        let more = upload.step(g);
        let _ = progress.call1(&JsValue::NULL, &(from + share * upload.fraction()).into());
        pace.band_sent(g, !more).await;
        if !more {
            return upload;
        }
    }
}

/// Resolves when the GPU has done what was submitted to its queue so far (the
/// browser's own `onSubmittedWorkDone`: wgpu's asks for a `Send` callback).
async fn queue_done(g: &gpu::Gpu) {
    let done = g.device.as_webgpu().and_then(|device| {
        let device: JsValue = device.clone().into();
        let queue = js_sys::Reflect::get(&device, &"queue".into()).ok()?;
        let wait = js_sys::Reflect::get(&queue, &"onSubmittedWorkDone".into()).ok()?;
        let promise = wait
            .dyn_into::<js_sys::Function>()
            .ok()?
            .call0(&queue)
            .ok()?;
        promise.dyn_into::<js_sys::Promise>().ok()
    });
    match done {
        Some(promise) => drop(wasm_bindgen_futures::JsFuture::from(promise).await),
        None => next_task().await,
    }
}

/// Resolves at the page's next task: what is left of a long piece of work waits
/// while the page answers.
pub(crate) async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let set_timeout = js_sys::Reflect::get(&js_sys::global(), &"setTimeout".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        match set_timeout {
            Some(f) => drop(f.call2(&JsValue::NULL, &resolve, &JsValue::from(0))),
            None => drop(resolve.call0(&JsValue::NULL)),
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Decodes an image file with the command-line tool's decoder (src/decode/), so the
/// pages count the values stored in the file, exactly as the tool does. A format the
/// decoder does not read rejects with an error named `UnsupportedFormat`: the page
/// then asks the browser.
#[wasm_bindgen(js_name = decodeImage)]
pub fn decode_image(bytes: Vec<u8>) -> Result<Picture, JsValue> {
    decode::decode_owned(bytes, WEB_MAX_PIXELS as u64, WEB_DECODE_BUDGET)
        .map(Picture::decoded)
        .map_err(decode_error)
}

/// A decoder's refusal as the page's Error; a format it does not read is named
/// `UnsupportedFormat`, for the page to ask the browser.
fn decode_error(e: DecodeError) -> JsValue {
    let error = js_sys::Error::new(&e.to_string());
    if e == DecodeError::Unsupported {
        error.set_name("UnsupportedFormat");
    }
    error.into()
}

impl Picture {
    fn decoded(decoded: decode::Decoded) -> Picture {
        Picture {
            pixels: Pixels::Cpu(Rc::new(decoded.image)),
            deep: decoded.deep.map(Rc::new),
            hdr: decoded.hdr.map(Rc::new),
            format: decoded.format.into(),
            notes: decoded.notes,
            deep_notes: decoded.deep_notes,
            uploaded: Rc::default(),
            hdr_stats: None,
            precount: None,
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
        Ok(Picture::of(Pixels::Cpu(Rc::new(image)), format, notes))
    }

    /// The browser's decode of a file, as it holds it (made with no
    /// premultiplication and no colour conversion: www/input.js), which goes to the
    /// GPU from there. The picture closes the bitmap when it is freed.
    #[wasm_bindgen(js_name = fromBitmap)]
    pub fn from_bitmap(
        bitmap: web_sys::ImageBitmap,
        format: String,
        notes: Vec<String>,
    ) -> Result<Picture, JsError> {
        let (width, height) = (bitmap.width(), bitmap.height());
        let picture = Picture::of(Pixels::Bitmap(bitmap), format, notes);
        if width as u64 * height as u64 > WEB_MAX_PIXELS as u64 {
            return Err(JsError::new(&format!(
                "the image is {width}x{height}; this page handles up to {} megapixels",
                WEB_MAX_PIXELS >> 20
            )));
        }
        Ok(picture)
    }

    /// The whole picture counted on the CPU in `bins` bins where it was read (a
    /// worker's count: docs/DECISIONS.md, 6), for the studio's first count.
    pub fn precounted(&mut self, bins: u32, counts: Vec<u32>) {
        self.precount = Some((bins, counts));
    }

    /// Whether the pixels are in wasm memory (else the browser or the GPU holds them).
    #[wasm_bindgen(getter, js_name = hasPixels)]
    pub fn has_pixels(&self) -> bool {
        matches!(self.pixels, Pixels::Cpu(_))
    }

    /// Whether the picture is held by its GPU device alone (sent as it was read):
    /// after a device loss the page reads its file again.
    #[wasm_bindgen(getter, js_name = onGpuOnly)]
    pub fn on_gpu_only(&self) -> bool {
        matches!(self.pixels, Pixels::Sent { .. })
    }

    /// Sends the picture to `gpu`'s device (in its own layout, with a 16-bit
    /// picture's samples; an HDR picture's samples alone) a band of rows at a
    /// time, the page answering between bands; `progress(fraction)` after each.
    /// The studio and the scopes then find it there. Resolves when all is sent.
    pub fn prepare(&self, gpu: &GpuContext, progress: js_sys::Function) -> js_sys::Promise {
        let context = gpu.context();
        let (pixels, deep, hdr) = (self.pixels.clone(), self.deep.clone(), self.hdr.clone());
        let uploaded = self.uploaded.clone();
        wasm_bindgen_futures::future_to_promise(async move {
            if let Pixels::Sent { .. } = pixels {
                return Ok(JsValue::UNDEFINED); // sent as it was read
            }
            let g = &context.gpu;
            let mut sent = Uploaded {
                context: Rc::downgrade(&context),
                image: None,
                deep: None,
                hdr: None,
            };
            if let Some(hdr) = &hdr {
                // The studio shows an HDR picture from its samples, at an exposure.
                let upload = gpu::HdrUpload::new(g, hdr);
                sent.hdr = Some(Rc::new(
                    send(g, upload, &progress, (0.0, 1.0)).await.finish(),
                ));
            } else {
                // A 16-bit picture's samples are twice its 8-bit pixels.
                let first = if deep.is_some() { 1.0 / 3.0 } else { 1.0 };
                let image = send(g, pixels.upload(g), &progress, (0.0, first)).await;
                sent.image = Some(Rc::new(image.finish()));
                if let Some(d) = &deep {
                    let upload =
                        send(g, gpu::Upload::deep(g, d), &progress, (first, 1.0 - first)).await;
                    sent.deep = Some(Rc::new(upload.finish()));
                }
            }
            *uploaded.borrow_mut() = Some(sent);
            Ok(JsValue::UNDEFINED)
        })
    }

    /// The default image of every page: made by the project, no network needed.
    pub fn sunset(width: u32, height: u32) -> Picture {
        let image = Rc::new(Image::sunset(width, height));
        Picture::of(Pixels::Cpu(image), "generated".into(), Vec::new())
    }

    /// A benchmark image (natural, uniform or noise), the same pixels as `histogram
    /// bench` and CUB's benchmark count, so browser and native times compare.
    pub fn bench(kind: &str, width: u32, height: u32) -> Result<Picture, JsError> {
        if width as u64 * height as u64 > WEB_MAX_PIXELS as u64 {
            return Err(JsError::new(&format!(
                "{width}x{height} is more than this page's {} megapixels",
                WEB_MAX_PIXELS >> 20
            )));
        }
        let image = Image::bench(kind, width, height)
            .ok_or_else(|| JsError::new(&format!("no benchmark image of kind '{kind}'")))?;
        let format = format!("generated ({kind})");
        Ok(Picture::of(Pixels::Cpu(Rc::new(image)), format, Vec::new()))
    }

    /// "PNG", "JPEG", ... or how the pixels were made.
    #[wasm_bindgen(getter)]
    pub fn format(&self) -> String {
        self.format.clone()
    }

    /// What a reader of the histogram should know about the values counted (at 8
    /// bits a sample, as the chapters count them).
    pub fn notes(&self) -> Vec<String> {
        self.notes.clone()
    }

    /// The same where the picture is counted at its stored depth (the studio).
    #[wasm_bindgen(js_name = notesAtDepth)]
    pub fn notes_at_depth(&self) -> Vec<String> {
        if self.depth() != 8 {
            self.deep_notes.clone()
        } else {
            self.notes.clone()
        }
    }

    /// Bits a sample as stored: 16 for 16-bit PNG and TIFF, 32 for floating-point
    /// (HDR) files, else 8.
    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        match (&self.deep, &self.hdr, &self.pixels) {
            (Some(d), ..) => d.depth(),
            (None, Some(_), _) => 32,
            (.., Pixels::Sent { depth, .. }) => *depth,
            _ => 8,
        }
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        match &self.pixels {
            Pixels::Cpu(image) => image.width(),
            Pixels::Bitmap(bitmap) => bitmap.width(),
            Pixels::Sent { width, .. } => *width,
        }
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        match &self.pixels {
            Pixels::Cpu(image) => image.height(),
            Pixels::Bitmap(bitmap) => bitmap.height(),
            Pixels::Sent { height, .. } => *height,
        }
    }

    /// A copy of the 8-bit pixels (to show the image in a canvas, or to hand a
    /// decode from a worker to the page).
    pub fn rgba(&self) -> WebResult<Vec<u8>> {
        Ok(self.image()?.rgba().to_vec())
    }

    /// A copy of a 16-bit file's samples as stored (RGBA), if it is one.
    #[wasm_bindgen(js_name = deepSamples)]
    pub fn deep_samples(&self) -> Option<Vec<u16>> {
        self.deep.as_ref().map(|d| d.rgba().to_vec())
    }

    /// A copy of a floating-point file's samples (RGBA), if it is one.
    #[wasm_bindgen(js_name = hdrSamples)]
    pub fn hdr_samples(&self) -> Option<Vec<f32>> {
        self.hdr.as_ref().map(|h| h.rgba().to_vec())
    }

    /// A floating-point picture's statistics over all of it (R, G, B, luminance,
    /// each as `STATS_FIELDS`' 9 values, NaN where a channel has none): worked out
    /// here, in the worker that decoded it, for `PictureParts.finish`.
    #[wasm_bindgen(js_name = hdrStats)]
    pub fn hdr_stats(&self) -> Option<Vec<f64>> {
        let stats = HdrStats::of_image(self.hdr.as_ref()?);
        Some(
            stats
                .iter()
                .flat_map(|s| s.as_ref().map_or([f64::NAN; 9], HdrStats::values))
                .collect(),
        )
    }

    /// The notes of a picture counted at its stored depth, as kept (for a picture
    /// handed from a worker to the page: `PictureParts`).
    #[wasm_bindgen(js_name = deepNotes)]
    pub fn deep_notes(&self) -> Vec<String> {
        self.deep_notes.clone()
    }
}

/// A picture decoded in a Web Worker (www/decode-worker.js), put together in the
/// page's wasm memory from its transferred parts a slice at a time, so that no
/// single copy holds the page up.
#[wasm_bindgen]
pub struct PictureParts {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
    /// Bits a stored sample: 9 to 16 (`deep`), 32 (`hdr`) or 8 (neither).
    depth: u32,
    deep: Vec<u16>,
    hdr: Vec<f32>,
}

#[wasm_bindgen]
impl PictureParts {
    /// Room for a `width` x `height` picture whose samples are stored at `depth`
    /// bits (`Picture.depth`: 9 to 16, integers as stored; 32, floats; else 8).
    #[wasm_bindgen(constructor)]
    pub fn new(width: u32, height: u32, depth: u32) -> WebResult<PictureParts> {
        let pixels = width as usize * height as usize;
        if pixels as u64 > WEB_MAX_PIXELS as u64 {
            return Err(JsError::new(&format!(
                "the image is {width}x{height}; this page handles up to {} megapixels",
                WEB_MAX_PIXELS >> 20
            )));
        }
        let mut parts = PictureParts {
            width,
            height,
            rgba: Vec::new(),
            depth,
            deep: Vec::new(),
            hdr: Vec::new(),
        };
        let room = |bytes: usize| {
            JsError::new(&format!(
                "no memory for {} MiB of samples here",
                bytes >> 20
            ))
        };
        parts
            .rgba
            .try_reserve_exact(pixels * 4)
            .map_err(|_| room(pixels * 4))?;
        match depth {
            9..=16 => parts
                .deep
                .try_reserve_exact(pixels * 4)
                .map_err(|_| room(pixels * 8))?,
            32 => parts
                .hdr
                .try_reserve_exact(pixels * 4)
                .map_err(|_| room(pixels * 16))?,
            _ => {}
        }
        Ok(parts)
    }

    /// The next slice of 8-bit RGBA samples.
    #[wasm_bindgen(js_name = pushRgba)]
    pub fn push_rgba(&mut self, slice: &[u8]) {
        self.rgba.extend_from_slice(slice);
    }

    /// The next slice of 16-bit samples as stored.
    #[wasm_bindgen(js_name = pushDeep)]
    pub fn push_deep(&mut self, slice: &[u16]) {
        self.deep.extend_from_slice(slice);
    }

    /// The next slice of floating-point samples.
    #[wasm_bindgen(js_name = pushHdr)]
    pub fn push_hdr(&mut self, slice: &[f32]) {
        self.hdr.extend_from_slice(slice);
    }

    /// The picture, once every sample is in; with an HDR picture's statistics over
    /// all of it (`Picture.hdrStats`), when its worker worked them out.
    pub fn finish(
        self,
        format: String,
        notes: Vec<String>,
        deep_notes: Vec<String>,
        hdr_stats: Option<Vec<f64>>,
    ) -> WebResult<Picture> {
        let (width, height) = (self.width, self.height);
        let error = |e: String| JsError::new(&e);
        let image = Image::from_rgba(width, height, self.rgba).map_err(|e| error(e.to_string()))?;
        let deep = (9..=16)
            .contains(&self.depth)
            .then(|| DeepImage::new(width, height, self.depth, self.deep))
            .transpose()
            .map_err(error)?;
        let hdr = (self.depth == 32)
            .then(|| HdrImage::new(width, height, self.hdr))
            .transpose()
            .map_err(error)?;
        Ok(Picture {
            pixels: Pixels::Cpu(Rc::new(image)),
            deep: deep.map(Rc::new),
            hdr: hdr.map(Rc::new),
            format,
            notes,
            deep_notes,
            uploaded: Rc::default(),
            hdr_stats: hdr_stats.filter(|v| v.len() == 36).map(|v| {
                std::array::from_fn(|c| {
                    let values: [f64; 9] = std::array::from_fn(|k| v[c * 9 + k]);
                    (!values[0].is_nan()).then(|| HdrStats::from_values(values))
                })
            }),
            precount: None,
        })
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
    /// An HDR picture's count and statistics in its own units, and whether they
    /// were counted for this reading (the panel then needs drawing again).
    hdr: Option<(Rc<HdrReading>, bool)>,
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

    /// Each channel's statistics as JSON: `{"r": {...}, ...}`: from the bins
    /// (src/stats.rs), or an HDR picture's from its samples, in its units.
    pub fn stats(&self) -> String {
        match &self.hdr {
            Some((reading, _)) => crate::json::line(&crate::json::Entries(
                Channels::Rgbl
                    .names()
                    .iter()
                    .copied()
                    .zip(&reading.stats)
                    .collect(),
            )),
            None => crate::stats::json(&self.histogram),
        }
    }

    /// An HDR picture's range and counts apart as JSON ("range", "below",
    /// "above", "above_one", "invalid", as the command line writes them, and
    /// "note", the same in words); undefined for other pictures.
    #[wasm_bindgen(getter)]
    pub fn hdr(&self) -> Option<String> {
        #[derive(serde::Serialize)]
        struct Hdr<T> {
            #[serde(flatten)]
            apart: T,
            note: String,
        }
        self.hdr.as_ref().map(|(reading, _)| {
            let h = &reading.histogram;
            crate::json::line(&Hdr {
                apart: h.counts_apart(),
                note: h.note(),
            })
        })
    }

    /// Whether this reading counted anew what the panel shows (an HDR picture's
    /// new region): draw it again.
    #[wasm_bindgen(getter)]
    pub fn fresh(&self) -> bool {
        self.hdr.as_ref().is_some_and(|(_, fresh)| *fresh)
    }

    #[wasm_bindgen(getter, js_name = numBins)]
    pub fn num_bins(&self) -> u32 {
        self.histogram.spec().num_bins
    }

    /// RGBA pixels of the `shown` channels drawn into `numBins x height`.
    pub fn render(&self, shown: Vec<usize>, height: u32) -> Vec<u8> {
        draw::render(&self.histogram, self.pixels, &shown, height)
    }
}

/// An image as PNG bytes (the pages' downloads).
fn png(image: &Image) -> WebResult<Vec<u8>> {
    image.to_png().map_err(|e| JsError::new(&e))
}

/// Reads a run's bins back (copied in a submission of their own), as an Outcome
/// of `pixels`; refused while an earlier read of the same run is under way.
fn read_outcome(context: Rc<Context>, run: Rc<Run>, pixels: u64) -> js_sys::Promise {
    wasm_bindgen_futures::future_to_promise(async move {
        if !run.can_read() {
            return Err(JsError::new("the bins are being read already").into());
        }
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
            hdr: None,
        }))
    })
}

/// An HDR picture's count and statistics of one region.
pub(crate) struct HdrReading {
    histogram: HdrHistogram,
    stats: [Option<HdrStats>; 4],
}

/// An HDR picture in the studio: its samples on the GPU and in memory (for the
/// statistics, which come from the samples), and the region counted last.
pub(crate) struct HdrState {
    count: Rc<HdrCount>,
    image: Rc<HdrImage>,
    /// The statistics over the whole picture, when they were worked out already.
    whole: Option<[Option<HdrStats>; 4]>,
    counted: RefCell<Option<(Region, Rc<HdrReading>)>>,
    busy: Cell<bool>,
}

impl HdrState {
    fn new(
        count: Rc<HdrCount>,
        image: Rc<HdrImage>,
        whole: Option<[Option<HdrStats>; 4]>,
    ) -> HdrState {
        HdrState {
            count,
            image,
            whole,
            counted: RefCell::new(None),
            busy: Cell::new(false),
        }
    }

    /// Counts anew at the next reading (the bins were overwritten).
    fn forget(&self) {
        self.counted.replace(None);
    }
}

/// An HDR picture's `region` as an Outcome: counted (the range pass, then the
/// count, then the statistics from the samples) unless it was the last counted.
fn hdr_outcome(context: Rc<Context>, state: Rc<HdrState>, region: Region) -> js_sys::Promise {
    wasm_bindgen_futures::future_to_promise(async move {
        let known = state
            .counted
            .borrow()
            .as_ref()
            .filter(|(r, _)| *r == region)
            .map(|(_, reading)| reading.clone());
        let (reading, fresh) = match known {
            Some(reading) => (reading, false),
            None => {
                if state.busy.replace(true) {
                    return Err(JsError::new("the bins are being read already").into());
                }
                let counted = state.count.count(&context.gpu, region, None).await;
                state.busy.set(false);
                let histogram = counted.map_err(|e| JsError::new(&e.0))?;
                let whole = Region::whole(state.image.width(), state.image.height());
                let stats = match state.whole {
                    Some(stats) if region == whole => stats,
                    _ => HdrStats::of_region(&state.image, region),
                };
                let reading = Rc::new(HdrReading { histogram, stats });
                state.counted.replace(Some((region, reading.clone())));
                (reading, true)
            }
        };
        let spec = state.count.spec();
        Ok(JsValue::from(Outcome {
            histogram: Histogram::from_counts(spec, reading.histogram.counts.clone()),
            pixels: region.pixel_count(),
            gpu_ms: None,
            wall_ms: 0.0,
            notes: Vec::new(),
            hdr: Some((reading, fresh)),
        }))
    })
}

fn spec(channels: u32, num_bins: u32) -> Result<Spec, JsError> {
    let channels = match channels {
        1 => Channels::Luminance,
        4 => Channels::Rgbl,
        n => return Err(JsError::new(&format!("channels must be 1 or 4, not {n}"))),
    };
    Spec::new(num_bins, channels).map_err(|e| JsError::new(&e))
}

/// A device and what the pages made with it: replaced whole after a device loss.
struct Context {
    gpu: gpu::Gpu,
    kernels: RefCell<Kernels>,
    image_pages: image::ImagePages,
    busy: RefCell<bool>,
}

/// The page's GPU: a WebGPU device through wgpu. A device can be lost (a driver
/// reset, a GPU process crash, a laptop switching GPUs): `lost` says when, and
/// `recover` opens a new one in its place, so the page carries on.
#[wasm_bindgen]
pub struct GpuContext {
    current: Rc<RefCell<Rc<Context>>>,
}

impl Context {
    /// The browser's WebGPU adapter and a device, with empty caches.
    async fn open() -> Result<Context, JsError> {
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
        Ok(Context {
            gpu,
            kernels: RefCell::default(),
            image_pages: Default::default(),
            busy: RefCell::new(false),
        })
    }
}

#[wasm_bindgen]
impl GpuContext {
    /// Opens the browser's WebGPU adapter; rejects with a readable reason if there is none.
    pub async fn create() -> Result<GpuContext, JsError> {
        Ok(GpuContext {
            current: Rc::new(RefCell::new(Rc::new(Context::open().await?))),
        })
    }

    /// Resolves, with the browser's GPUDeviceLostInfo (`reason`, `message`), when
    /// the current device is lost.
    #[wasm_bindgen(getter)]
    pub fn lost(&self) -> js_sys::Promise {
        match self.context().gpu.device.as_webgpu() {
            Some(device) => device.lost().unchecked_into(),
            None => js_sys::Promise::new(&mut |_, _| {}),
        }
    }

    /// Opens a new adapter and device in place of the current (lost) one; every
    /// pipeline, upload and run is made again on first use. Rejects when the
    /// browser has no device to give.
    pub fn recover(&self) -> js_sys::Promise {
        let current = self.current.clone();
        wasm_bindgen_futures::future_to_promise(async move {
            let context = Context::open().await?;
            *current.borrow_mut() = Rc::new(context);
            Ok(JsValue::UNDEFINED)
        })
    }

    /// The current device as the browser's GPUDevice (null off the web backend),
    /// for what wgpu 30's web backend cannot do: importing a video frame.
    #[wasm_bindgen(getter, js_name = rawDevice)]
    pub fn raw_device(&self) -> JsValue {
        self.context()
            .gpu
            .device
            .as_webgpu()
            .map_or(JsValue::NULL, |device| device.clone().into())
    }

    /// Whether the current device has been lost (and not yet replaced).
    #[wasm_bindgen(getter, js_name = isLost)]
    pub fn is_lost(&self) -> bool {
        self.context().gpu.is_lost()
    }

    #[wasm_bindgen(getter)]
    pub fn timestamps(&self) -> bool {
        self.context().gpu.timestamps
    }

    /// Whether the CPU plays the GPU (a fallback adapter such as SwiftShader):
    /// video frames come as the decoder's bytes there, where the browser's
    /// import costs 30 times as much (src/web/live.rs).
    #[wasm_bindgen(getter)]
    pub fn software(&self) -> bool {
        self.context().gpu.info.device_type == wgpu::DeviceType::Cpu
    }
}

impl GpuContext {
    fn context(&self) -> Rc<Context> {
        self.current.borrow().clone()
    }

    /// `work` as a promise, refused while another computation runs: runs share the
    /// uploaded picture and their bins.
    fn exclusive(
        &self,
        work: impl std::future::Future<Output = Result<JsValue, gpu::GpuError>> + 'static,
    ) -> js_sys::Promise {
        let context = self.context();
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
        Self::with(gpu, canvas, |_| {})
    }

    /// A canvas a compute pass writes (`Composer`), bound for storage.
    fn for_compute(
        gpu: &gpu::Gpu,
        canvas: web_sys::HtmlCanvasElement,
    ) -> Result<CanvasTarget, gpu::GpuError> {
        Self::with(gpu, canvas, |config| {
            config.format = gpu::compose_format(gpu, config.format);
            config.usage |= wgpu::TextureUsages::STORAGE_BINDING;
        })
    }

    fn with(
        gpu: &gpu::Gpu,
        canvas: web_sys::HtmlCanvasElement,
        adjust: impl FnOnce(&mut wgpu::SurfaceConfiguration),
    ) -> Result<CanvasTarget, gpu::GpuError> {
        let surface = gpu
            .instance
            .create_surface(wgpu::SurfaceTarget::Canvas(canvas.clone()))
            .map_err(|e| gpu::GpuError(format!("the canvas cannot show WebGPU output: {e}")))?;
        let mut config = surface
            .get_default_config(&gpu.adapter, canvas.width().max(1), canvas.height().max(1))
            .ok_or_else(|| gpu::GpuError("the canvas cannot show WebGPU output".into()))?;
        adjust(&mut config);
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

    /// Records a pass that clears the canvas's next frame (to transparent) and
    /// draws into it with `draw`, timed into `timestamps` (a query set and its first
    /// index) if given. The frame is presented after the submission.
    fn draw(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        timestamps: Option<(&wgpu::QuerySet, u32)>,
        draw: impl FnOnce(&mut wgpu::RenderPass<'_>),
    ) -> Result<wgpu::SurfaceTexture, gpu::GpuError> {
        let (frame, view) = self.current()?;
        gpu::draw_into(encoder, &view, timestamps, draw);
        Ok(frame)
    }

    /// Follows the canvas's size, then its next frame, a view of it and its size:
    /// a core view's target (src/studio), the frame presented after the submission.
    fn next(
        &mut self,
        gpu: &gpu::Gpu,
    ) -> Result<(wgpu::SurfaceTexture, wgpu::TextureView, (u32, u32)), gpu::GpuError> {
        self.fit(gpu);
        let (frame, view) = self.current()?;
        Ok((frame, view, (self.config.width, self.config.height)))
    }

    /// The canvas's next frame and a view of it, to draw into and present after
    /// the submission.
    fn current(&self) -> Result<(wgpu::SurfaceTexture, wgpu::TextureView), gpu::GpuError> {
        match self.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(frame)
            | wgpu::CurrentSurfaceTexture::Suboptimal(frame) => {
                let view = frame.texture.create_view(&Default::default());
                Ok((frame, view))
            }
            _ => Err(gpu::GpuError(
                "the canvas has no frame to draw into (was the GPU device lost?)".into(),
            )),
        }
    }
}
