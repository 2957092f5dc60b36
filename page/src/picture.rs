//! A picture in the page: decoded here or by the browser, or put together from a
//! worker's parts, and sent to the GPU on first use.

use super::decoder_planes::planes_upload;
use super::pace::send;
use super::{within_page, Context, GpuContext, WebResult, WEB_MAX_PIXELS};
use histogram::deep::DeepImage;
use histogram::gpu;
use histogram::hdr::{HdrImage, HdrStats};
use histogram::image::Image;
use histogram::jpeg_planes::{Orientation, PlaneLayout};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// An RGBA image: a decoded file, pixels the browser decoded, or the project's own
/// picture; with what a reader should know about the values counted.
#[wasm_bindgen]
pub struct Picture {
    pub(super) pixels: Pixels,
    /// A 16-bit file's samples as stored (the studio counts them; the chapters
    /// count `image`, their nearest 8-bit values).
    pub(super) deep: Option<Rc<DeepImage>>,
    /// A floating-point file's samples as stored (the studio counts them in their
    /// own units; the chapters count `image`, clamped to 0..1 at 8 bits).
    pub(super) hdr: Option<Rc<HdrImage>>,
    pub(super) format: String,
    pub(super) notes: Vec<String>,
    pub(super) deep_notes: Vec<String>,
    /// The picture on the current device, once sent (`prepare`, or at first use).
    pub(super) uploaded: Rc<RefCell<Option<Uploaded>>>,
    /// An HDR picture's statistics over all of it, worked out where it was
    /// decoded (a worker: over 12 megapixels they take most of a second).
    pub(super) hdr_stats: Option<[Option<HdrStats>; 4]>,
    /// The whole picture counted on the CPU where it was read (whether of its
    /// samples at their stored depth, else of its 8-bit pixels; bins; the counts
    /// interleaved R, G, B, luminance): where the CPU plays the GPU, the studio's
    /// first count (docs/DECISIONS.md, 6 and 39).
    pub(super) precount: Option<(bool, u32, Vec<u32>)>,
}

/// A picture on one device: its textures (and a 16-bit picture's samples), or
/// an HDR picture's samples.
pub(super) struct Uploaded {
    /// The device's context: after a device loss, the new one uploads again.
    pub(super) context: std::rc::Weak<Context>,
    pub(super) image: Option<Rc<gpu::GpuImage>>,
    pub(super) deep: Option<Rc<gpu::GpuImage>>,
    pub(super) hdr: Option<Rc<gpu::HdrSamples>>,
    /// A JPEG decoded on the GPU: each span of its decoding, timed.
    pub(super) times: Option<Vec<(String, Option<f64>)>>,
}

/// Where a picture's 8-bit pixels are.
#[derive(Clone)]
pub(super) enum Pixels {
    /// In wasm memory: the Rust decoder's, the browser's read back, or made here.
    Cpu(Rc<Image>),
    /// Held by the browser, which decoded them: copied to the GPU from there
    /// (`GpuImage::from_bitmap`), never into wasm memory.
    Bitmap(web_sys::ImageBitmap),
    /// A JPEG's planes as the browser's decoder left them (1.5 to 3 bytes a
    /// pixel), in the browser's array the decode worker handed over: written to
    /// the GPU from there, finished into pixels there (shaders/frames/planes.wgsl).
    Planes(js_sys::Uint8Array, PlaneLayout),
    /// A baseline JPEG's scan, read from its file here, entropy-decoded and
    /// finished on the GPU by the same WGSL as the command line's `--decode gpu`
    /// (src/gpu/jpeg_decode.rs), turned as its EXIF says: libjpeg-turbo's pixels
    /// whatever the browser's decoder gives.
    Scan(Rc<histogram::jpeg_entropy::Scan>, Orientation),
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
    pub(super) fn generated(image: Image) -> Picture {
        Picture::of(Pixels::Cpu(Rc::new(image)), "generated".into(), Vec::new())
    }

    pub(super) fn of(pixels: Pixels, format: String, notes: Vec<String>) -> Picture {
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
    pub(super) fn image(&self) -> WebResult<&Rc<Image>> {
        match &self.pixels {
            Pixels::Cpu(image) => Ok(image),
            Pixels::Bitmap(_) | Pixels::Planes(..) | Pixels::Scan(..) | Pixels::Sent { .. } => Err(JsError::new(
                "this page counts the picture's pixels on the CPU, and the GPU or the browser holds them",
            )),
        }
    }

    /// The picture on `context`'s device in its own layout (and a 16-bit picture's
    /// samples): as `prepare` sent them, or sent now, at once.
    pub(super) fn uploaded(
        &self,
        context: &Rc<Context>,
    ) -> WebResult<(Rc<gpu::GpuImage>, Option<Rc<gpu::GpuImage>>)> {
        let mut kept = self.kept(context);
        let g = &context.gpu;
        let image = match (&kept.image, &self.pixels) {
            (Some(image), _) => image.clone(),
            (None, Pixels::Sent { .. } | Pixels::Scan(..)) => {
                return Err(JsError::new(
                    "the picture was held by a GPU device that is gone: read the file again",
                ))
            }
            (None, pixels) => kept.image.insert(Rc::new(pixels.run(g)?)).clone(),
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
    pub(super) fn hdr_uploaded(
        &self,
        context: &Rc<Context>,
        hdr: &HdrImage,
    ) -> Rc<gpu::HdrSamples> {
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
                times: None,
            });
        }
        std::cell::RefMut::map(uploaded, |u| u.as_mut().expect("just kept"))
    }
}

impl Pixels {
    /// The pixels going up a band at a time (`None`: planes or a scan, which go at once).
    pub(super) fn upload<'a>(&'a self, g: &gpu::Gpu) -> Option<gpu::Upload<'a>> {
        match self {
            Pixels::Cpu(image) => Some(gpu::Upload::as_is(g, image)),
            Pixels::Bitmap(bitmap) => Some(gpu::Upload::bitmap(g, bitmap)),
            Pixels::Planes(..) | Pixels::Scan(..) => None,
            Pixels::Sent { .. } => unreachable!("a picture sent as read is on its device"),
        }
    }

    /// The pixels on the GPU, all at once.
    fn run(&self, g: &gpu::Gpu) -> WebResult<gpu::GpuImage> {
        match (self, self.upload(g)) {
            (_, Some(upload)) => Ok(upload.run(g)),
            (Pixels::Planes(bytes, layout), None) => planes_upload(g, bytes, layout)?
                .run(g)
                .map_err(|e| JsError::new(&e.0)),
            _ => unreachable!("every other kind goes up in bands"),
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
        within_page(width, height)?;
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
        within_page(width, height)?;
        Ok(picture)
    }

    /// A baseline JPEG read from its file's `bytes`, to be entropy-decoded and
    /// finished on the GPU by `prepare`; refused (for the browser's decoder to
    /// take) where the GPU's decoding does not take it: progressive, arithmetic
    /// coded, not Y′CbCr.
    #[wasm_bindgen(js_name = fromScan)]
    pub fn from_scan(bytes: &[u8], format: String, notes: Vec<String>) -> Result<Picture, JsError> {
        let budget = WEB_MAX_PIXELS as u64 * 16;
        let scan = histogram::decode::jpeg_scan(bytes, budget).map_err(|e| JsError::new(&e))?;
        let turn = histogram::decode::jpeg_turn(bytes);
        let (width, height) = shown(&scan, turn);
        within_page(width, height)?;
        Ok(Picture::of(
            Pixels::Scan(Rc::new(scan), turn),
            format,
            notes,
        ))
    }

    /// A JPEG's planes as the browser's `ImageDecoder` hands them over (a
    /// `VideoFrame` copied out: `PlaneLayout::of_frame`), kept where they are, to be
    /// written to the GPU from there and finished exactly as libjpeg-turbo
    /// finishes them, and turned as the file's EXIF orientation `turn` (1 to 8)
    /// says.
    #[wasm_bindgen(js_name = fromPlanes)]
    #[allow(clippy::too_many_arguments)]
    pub fn from_planes(
        planes: js_sys::Uint8Array,
        frame_format: &str,
        width: u32,
        height: u32,
        offsets: Vec<u32>,
        strides: Vec<u32>,
        turn: u8,
        format: String,
        notes: Vec<String>,
    ) -> Result<Picture, JsError> {
        let size = (width, height);
        let layout =
            PlaneLayout::of_frame(frame_format, size, &offsets, &strides, turn, WEB_MAX_PIXELS)
                .map_err(|e| JsError::new(&e))?;
        layout
            .check(planes.length() as usize)
            .map_err(|e| JsError::new(&e))?;
        Ok(Picture::of(Pixels::Planes(planes, layout), format, notes))
    }

    /// The whole picture's 8-bit pixels counted on the CPU in `bins` bins where
    /// it was read (a worker's count: docs/DECISIONS.md, 6), for the studio's
    /// first count.
    pub fn precounted(&mut self, bins: u32, counts: Vec<u32>) {
        self.precount = Some((false, bins, counts));
    }

    /// Whether the pixels are in wasm memory (else the browser or the GPU holds them).
    #[wasm_bindgen(getter, js_name = hasPixels)]
    pub fn has_pixels(&self) -> bool {
        matches!(self.pixels, Pixels::Cpu(_))
    }

    /// Whether the picture is held by its GPU device alone (sent as it was read,
    /// or a scan decoded there): after a device loss the page reads its file again.
    #[wasm_bindgen(getter, js_name = onGpuOnly)]
    pub fn on_gpu_only(&self) -> bool {
        match self.pixels {
            Pixels::Sent { .. } => true,
            Pixels::Scan(..) => self.uploaded.borrow().is_some(),
            _ => false,
        }
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
                times: None,
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
                let image = match (&pixels, pixels.upload(g)) {
                    (_, Some(upload)) => send(g, upload, &progress, (0.0, first)).await.finish(),
                    (Pixels::Planes(bytes, layout), None) => {
                        let upload = planes_upload(g, bytes, layout)?;
                        let sent = send(g, upload, &progress, (0.0, first)).await;
                        sent.finish().map_err(|e| JsError::new(&e.0))?
                    }
                    (Pixels::Scan(scan, turn), None) => {
                        let max_texture = gpu::Limits::of(g).max_texture;
                        let decoded = gpu::GpuImage::from_scan(g, scan, *turn, max_texture, true);
                        let checked = async {
                            let unchecked = decoded.await?;
                            sent.times = unchecked.times(g).await?;
                            unchecked.check(g).await
                        };
                        let image = checked.await.map_err(|e| JsError::new(&e.0))?;
                        let _ = progress.call1(&JsValue::NULL, &first.into());
                        image
                    }
                    _ => unreachable!("every other kind goes up in bands"),
                };
                sent.image = Some(Rc::new(image));
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

    /// The 8-bit picture as `gpu`'s device holds it, read back (RGBA), where it
    /// was made there (a JPEG's planes finished there): the tests hold it to
    /// Pillow's decode.
    #[wasm_bindgen(js_name = readBack)]
    pub fn read_back(&self, gpu: &GpuContext) -> WebResult<js_sys::Promise> {
        let context = gpu.context();
        let (image, _) = self.uploaded(&context)?;
        Ok(wasm_bindgen_futures::future_to_promise(async move {
            let read = image
                .read_rgba(&context.gpu)
                .await
                .map_err(|e| JsError::new(&e.0))?;
            Ok(js_sys::Uint8Array::from(read.rgba()).into())
        }))
    }

    /// The default image of every page: made by the project, no network needed
    /// (`SunsetMaker` makes it a band at a time).
    pub fn sunset(width: u32, height: u32) -> Result<Picture, JsError> {
        within_page(width, height)?;
        Ok(Picture::generated(Image::sunset(width, height)))
    }

    /// A benchmark image (natural, uniform or noise), the same pixels as `histogram
    /// bench` and CUB's benchmark count, so browser and native times compare.
    pub fn bench(kind: &str, width: u32, height: u32) -> Result<Picture, JsError> {
        within_page(width, height)?;
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

    /// Each span of the GPU's decoding of this JPEG (core's `SCAN_SPANS`: the
    /// sync rounds, the write pass, the IDCT, the planes) with its milliseconds,
    /// as JSON (`[["sync", 1.25], ...]`, null where a span read none), where this
    /// device decoded it and has timestamps.
    #[wasm_bindgen(js_name = decodeTimes)]
    pub fn decode_times(&self) -> Option<String> {
        let uploaded = self.uploaded.borrow();
        let times = uploaded.as_ref()?.times.as_ref()?;
        serde_json::to_string(times).ok()
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
            Pixels::Planes(_, layout) => layout.shown_size().0,
            Pixels::Scan(scan, turn) => shown(scan, *turn).0,
            Pixels::Sent { width, .. } => *width,
        }
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        match &self.pixels {
            Pixels::Cpu(image) => image.height(),
            Pixels::Bitmap(bitmap) => bitmap.height(),
            Pixels::Planes(_, layout) => layout.shown_size().1,
            Pixels::Scan(scan, turn) => shown(scan, *turn).1,
            Pixels::Sent { height, .. } => *height,
        }
    }

    /// A copy of the 8-bit pixels (to show the image in a canvas, or to hand a
    /// decode from a worker to the page).
    pub fn rgba(&self) -> WebResult<Vec<u8>> {
        Ok(self.image()?.rgba().to_vec())
    }

    /// The samples stored at pixel (`x`, `y`): R, G, B and A at the file's depth
    /// (8 or 16 bits as integers, an HDR file's floats), where the picture is held
    /// in wasm memory; none where the browser or the GPU alone holds it, or
    /// outside it.
    #[wasm_bindgen(js_name = pixelAt)]
    pub fn pixel_at(&self, x: u32, y: u32) -> Option<Vec<f64>> {
        let Pixels::Cpu(image) = &self.pixels else {
            return None;
        };
        if x >= image.width() || y >= image.height() {
            return None;
        }
        let at = (y as usize * image.width() as usize + x as usize) * 4;
        let four = |get: &dyn Fn(usize) -> f64| (0..4).map(|c| get(at + c)).collect();
        Some(match (&self.deep, &self.hdr) {
            (_, Some(hdr)) => four(&|i| hdr.rgba()[i] as f64),
            (Some(deep), _) => four(&|i| deep.rgba()[i] as f64),
            _ => four(&|i| image.rgba()[i] as f64),
        })
    }
}

/// A scan's picture as shown: turned a quarter, its sides swap.
fn shown(scan: &histogram::jpeg_entropy::Scan, turn: Orientation) -> (u32, u32) {
    let (width, height) = (scan.frame.width, scan.frame.height);
    use Orientation::*;
    match turn {
        Rotate90 | Rotate270 | Rotate90FlipH | Rotate270FlipH => (height, width),
        _ => (width, height),
    }
}
