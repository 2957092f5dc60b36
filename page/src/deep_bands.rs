//! A 16-bit picture read a band of rows at a time: decoded in the page's decoder
//! worker (`FileDecoder`), sent band by band to the page, and from there to the
//! GPU (`PictureBands`), so that neither the worker, the page nor its wasm memory
//! ever holds the whole picture: only the GPU does (docs/DECISIONS.md, 36).

use super::{
    decode_error, Context, GpuContext, Pace, Picture, Pixels, Uploaded, WebResult,
    WEB_DECODE_BUDGET, WEB_MAX_PIXELS,
};
use histogram::decode::Decoder;
use histogram::gpu::{self, GpuImage};
use histogram::histogram::Histogram;
use std::cell::{Cell, RefCell};
use std::io::Cursor;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// Pixels in one band the worker sends: 32 MiB of 16-bit samples and 16 MiB of
/// their 8-bit view (the page sends them on in slices of a few MB).
const BAND_PIXELS: u64 = 1 << 22;

/// A file read by the command-line tool's decoder in the page's decoder worker
/// (www/decode-worker.js): whole (`whole`), or a 16-bit picture a band of rows at
/// a time (`nextBand`).
#[wasm_bindgen]
pub struct FileDecoder {
    decoder: Option<Decoder<Cursor<Vec<u8>>>>,
    /// The bands read so far counted by the CPU method, where the page asked
    /// (`countBands`).
    counted: Option<Histogram>,
}

#[wasm_bindgen]
impl FileDecoder {
    /// Reads the file's header (and, for formats not read row by row, its
    /// picture); rejects what the decoder refuses, a format it does not read with
    /// an error named `UnsupportedFormat`.
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: Vec<u8>) -> Result<FileDecoder, JsValue> {
        let decoder = Decoder::new(Cursor::new(bytes), WEB_MAX_PIXELS as u64, WEB_DECODE_BUDGET)
            .map_err(decode_error)?;
        Ok(FileDecoder {
            decoder: Some(decoder),
            counted: None,
        })
    }

    /// Counts every band `nextBand` reads, at the samples' stored depth, into
    /// `bins` bins of R, G, B and luminance by the CPU method: where the CPU plays
    /// the GPU, the studio's first count (docs/DECISIONS.md, 6 and 39).
    #[wasm_bindgen(js_name = countBands)]
    pub fn count_bands(&mut self, bins: u32) -> WebResult<()> {
        let spec = super::spec(4, bins)?;
        self.counted = Some(Histogram::from_counts(spec, vec![0; spec.len()]));
        Ok(())
    }

    /// The counts of the bands read so far (`countBands`), interleaved as every
    /// histogram's; undefined if not asked for.
    pub fn counts(&self) -> Option<Vec<u32>> {
        self.counted.as_ref().map(|h| h.counts().to_vec())
    }

    fn decoder(&mut self) -> Result<&mut Decoder<Cursor<Vec<u8>>>, JsValue> {
        self.decoder
            .as_mut()
            .ok_or_else(|| JsError::new("the file was already read whole").into())
    }

    /// Whether the file is a 16-bit (9 to 16 bits a sample) picture of integers,
    /// which `nextBand` reads.
    #[wasm_bindgen(getter)]
    pub fn banded(&self) -> bool {
        self.decoder
            .as_ref()
            .is_some_and(|d| (9..=16).contains(&d.depth()) && !d.is_float())
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.decoder.as_ref().map_or(0, |d| d.width())
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.decoder.as_ref().map_or(0, |d| d.height())
    }

    /// Bits a stored sample (as `Picture.depth`, for a banded file).
    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        self.decoder.as_ref().map_or(8, |d| d.depth())
    }

    #[wasm_bindgen(getter)]
    pub fn format(&self) -> String {
        self.decoder.as_ref().map_or("", |d| d.format()).into()
    }

    /// The whole picture, as `decodeImage` reads it.
    pub fn whole(&mut self) -> Result<Picture, JsValue> {
        let decoder = self
            .decoder
            .take()
            .ok_or_else(|| JsError::new("the file was already read"))?;
        decoder
            .into_decoded(WEB_MAX_PIXELS as u64)
            .map(Picture::decoded)
            .map_err(decode_error)
    }

    /// The next rows of a banded file, top to bottom: [their RGBA samples as stored
    /// (Uint16Array), the same at 8 bits (Uint8Array)], copied out of wasm memory
    /// into `spare`'s arrays where they fit (a band the page has sent on, given
    /// back: a band's arrays are not left for the garbage collector, which Firefox
    /// did not run for the 768 MB of an 8192x8192 picture's); undefined after the
    /// last. Rejects a file that turns out damaged.
    #[wasm_bindgen(js_name = nextBand)]
    pub fn next_band(
        &mut self,
        spare_samples: Option<js_sys::Uint16Array>,
        spare_rgba: Option<js_sys::Uint8Array>,
    ) -> Result<Option<js_sys::Array>, JsValue> {
        let Some(band) = self
            .decoder()?
            .next_deep_band(BAND_PIXELS)
            .map_err(decode_error)?
        else {
            return Ok(None);
        };
        if let Some(total) = &mut self.counted {
            total.add(&histogram::deep::count_cpu(&band, total.spec()));
        }
        let samples = match spare_samples {
            Some(spare) if spare.length() as usize == band.rgba().len() => {
                spare.copy_from(band.rgba());
                spare
            }
            _ => js_sys::Uint16Array::from(band.rgba()),
        };
        let eight = band.to_8_bits();
        let rgba = match spare_rgba {
            Some(spare) if spare.length() as usize == eight.rgba().len() => {
                spare.copy_from(eight.rgba());
                spare
            }
            _ => js_sys::Uint8Array::from(eight.rgba()),
        };
        Ok(Some(js_sys::Array::of2(&samples, &rgba)))
    }

    /// What a reader of the histogram should know, at 8 bits a sample and at the
    /// stored depth (`Picture.notes`, `Picture.notesAtDepth`); complete once every
    /// band is read.
    pub fn notes(&self) -> Vec<String> {
        self.decoder
            .as_ref()
            .map_or(Vec::new(), |d| d.notes_as(false))
    }

    #[wasm_bindgen(js_name = deepNotes)]
    pub fn deep_notes(&self) -> Vec<String> {
        self.decoder
            .as_ref()
            .map_or(Vec::new(), |d| d.notes_as(true))
    }
}

/// A 16-bit picture going to the GPU as its worker reads it, in whole rows: its
/// 8-bit view to textures (the studio draws it), its samples to storage buffers
/// (the studio counts them).
#[wasm_bindgen]
pub struct PictureBands {
    context: Rc<Context>,
    image: GpuImage,
    deep: GpuImage,
    depth: u32,
    /// Rows written so far.
    rows: u32,
    pace: Rc<Cell<Pace>>,
}

#[wasm_bindgen]
impl PictureBands {
    /// Room on `gpu`'s device for a `width` x `height` picture of `depth`-bit
    /// samples (9 to 16).
    #[wasm_bindgen(constructor)]
    pub fn new(gpu: &GpuContext, width: u32, height: u32, depth: u32) -> WebResult<PictureBands> {
        if width as u64 * height as u64 > WEB_MAX_PIXELS as u64 || width == 0 || height == 0 {
            return Err(JsError::new(&format!(
                "the image is {width}x{height}; this page handles up to {} megapixels",
                WEB_MAX_PIXELS >> 20
            )));
        }
        if !(9..=16).contains(&depth) {
            return Err(JsError::new(&format!(
                "{depth}-bit samples are not sent in bands"
            )));
        }
        let context = gpu.context();
        let g = &context.gpu;
        let limits = gpu::Limits::of(g);
        let image = GpuImage::textures(g, (width, height), limits.max_texture);
        let deep = GpuImage::deep_buffers(g, (width, height), (1 << depth) - 1, limits);
        Ok(PictureBands {
            context,
            image,
            deep,
            depth,
            rows: 0,
            pace: Rc::default(),
        })
    }

    /// Sends the next whole rows: `samples`, their RGBA samples as stored, and
    /// `rgba`, the same at 8 bits. Resolves when the page may send more (the GPU
    /// has taken the last bands, or the page has had a turn).
    pub fn push(&mut self, samples: &[u16], rgba: &[u8]) -> WebResult<js_sys::Promise> {
        let (width, height) = self.image.size();
        let row = width as usize * 4;
        let rows = samples.len() / row;
        if !samples.len().is_multiple_of(row)
            || rgba.len() != samples.len()
            || self.rows as usize + rows > height as usize
        {
            return Err(JsError::new(&format!(
                "{} samples are not whole rows of the {}x{} picture's {} left",
                samples.len(),
                width,
                height,
                height - self.rows
            )));
        }
        let g = &self.context.gpu;
        self.image.write_rgba(g, self.rows, rgba);
        self.deep.write_deep(g, self.rows, samples);
        self.rows += rows as u32;
        let (context, pace, last) = (self.context.clone(), self.pace.clone(), self.rows == height);
        Ok(wasm_bindgen_futures::future_to_promise(async move {
            let mut now = pace.get();
            now.band_sent(&context.gpu, last).await;
            pace.set(now);
            Ok(JsValue::UNDEFINED)
        }))
    }

    /// The picture, once every row is sent, held by the GPU alone; `counts`, its
    /// samples counted into `bins` bins where they were read (`FileDecoder`'s
    /// `countBands`), if they were.
    pub fn finish(
        self,
        format: String,
        notes: Vec<String>,
        deep_notes: Vec<String>,
        bins: u32,
        counts: Option<Vec<u32>>,
    ) -> WebResult<Picture> {
        let (width, height) = self.image.size();
        if self.rows != height {
            return Err(JsError::new(&format!(
                "the file gave {} of its {height} rows",
                self.rows
            )));
        }
        let uploaded = Uploaded {
            context: Rc::downgrade(&self.context),
            image: Some(Rc::new(self.image)),
            deep: Some(Rc::new(self.deep)),
            hdr: None,
        };
        Ok(Picture {
            pixels: Pixels::Sent {
                width,
                height,
                depth: self.depth,
            },
            deep: None,
            hdr: None,
            format,
            notes,
            deep_notes,
            uploaded: Rc::new(RefCell::new(Some(uploaded))),
            hdr_stats: None,
            precount: counts.map(|counts| (true, bins, counts)),
        })
    }
}
