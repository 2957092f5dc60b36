//! The pages' decoder worker (www/decode-worker.js), in a wasm of its own: files
//! the browser does not decode exactly, read by the command-line tool's decoder
//! (src/decode/), whole or a band of rows at a time; a JPEG's planes finished on
//! the CPU; pixels counted where the CPU plays the GPU. The page's wasm (page/)
//! holds no codec: a page downloads these only when a file needs them.

#![cfg(target_arch = "wasm32")]

use histogram::decode::{DecodeError, Decoded, Decoder, WEB_DECODE_BUDGET};
use histogram::hdr::HdrStats;
use histogram::histogram::{Channels, Histogram, Spec};
use histogram::image::{Image, WEB_MAX_PIXELS};
use histogram::jpeg_planes::{self, PlaneLayout};
use histogram::words::Words;
use std::io::Cursor;
use wasm_bindgen::prelude::*;

mod hdr_video;
pub use hdr_video::VideoTrack;

/// Pixels in one band the worker sends: 32 MiB of 16-bit samples and 16 MiB of
/// their 8-bit view (the page sends them on in slices of a few MB).
const BAND_PIXELS: u64 = 1 << 22;

#[wasm_bindgen(start)]
fn start() {
    // A panic would otherwise trap silently and leave a promise unsettled.
    console_error_panic_hook::set_once();
}

/// Bytes of WebAssembly memory in use (it grows and never shrinks): the page
/// lets go of a worker that a large picture left holding much.
#[wasm_bindgen(js_name = wasmMemoryBytes)]
pub fn wasm_memory_bytes() -> f64 {
    (core::arch::wasm32::memory_size(0) * 65536) as f64
}

/// R, G, B and luminance in `bins` bins.
fn rgbl(bins: u32) -> Result<Spec, JsError> {
    Spec::new(bins, Channels::Rgbl).map_err(|e| JsError::new(&e))
}

/// A decoder's refusal as the page's Error, its reason as words for the page to
/// say in its language (`words`, src/words.rs; the message the same JSON); a
/// format it does not read is named `UnsupportedFormat`, for the page to ask the
/// browser.
fn decode_error(e: DecodeError) -> JsValue {
    let words = e.words().json();
    let error = js_sys::Error::new(&words);
    js_sys::Reflect::set(&error, &"words".into(), &words.into())
        .expect("an Error takes a property");
    if e == DecodeError::Unsupported {
        error.set_name("UnsupportedFormat");
    }
    error.into()
}

/// RGBA8 pixels counted by the CPU method into `bins` bins of R, G, B and
/// luminance, interleaved as every histogram's: a worker's count of what it read,
/// where the CPU plays the GPU (docs/DECISIONS.md, 6).
#[wasm_bindgen(js_name = countRgba)]
pub fn count_rgba(width: u32, height: u32, rgba: Vec<u8>, bins: u32) -> Result<Vec<u32>, JsError> {
    let image = Image::from_rgba(width, height, rgba).map_err(|e| JsError::new(&e.to_string()))?;
    let histogram = histogram::histogram::compute_cpu(&image, rgbl(bins)?);
    Ok(histogram.counts().to_vec())
}

/// A JPEG's planes (a `VideoFrame` from the browser's `ImageDecoder`, laid out as
/// `PlaneLayout::of_frame` reads) finished on the CPU, libjpeg-turbo's way, into
/// RGBA as stored (unturned): where the CPU plays the GPU.
#[wasm_bindgen(js_name = finishPlanes)]
pub fn finish_planes(
    bytes: &[u8],
    frame_format: &str,
    width: u32,
    height: u32,
    offsets: Vec<u32>,
    strides: Vec<u32>,
) -> Result<Vec<u8>, JsError> {
    let size = (width, height);
    let layout = PlaneLayout::of_frame(frame_format, size, &offsets, &strides, 1, WEB_MAX_PIXELS)
        .map_err(|e| JsError::new(&e))?;
    let planes = layout.planes(bytes).map_err(|e| JsError::new(&e))?;
    Ok(jpeg_planes::finish(&planes))
}

/// A file read whole: what the worker sends the page (transferred), which makes
/// a picture of it (`PictureParts`).
#[wasm_bindgen]
pub struct Picture(Decoded);

#[wasm_bindgen]
impl Picture {
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.0.image.width()
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.0.image.height()
    }

    /// Bits a stored sample: 8, 9 to 16, or 32 for floats.
    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        match (&self.0.deep, &self.0.hdr) {
            (Some(d), _) => d.depth(),
            (None, Some(_)) => 32,
            _ => 8,
        }
    }

    #[wasm_bindgen(getter)]
    pub fn format(&self) -> String {
        self.0.format.to_string()
    }

    /// A copy of the 8-bit pixels.
    pub fn rgba(&self) -> Vec<u8> {
        self.0.image.rgba().to_vec()
    }

    /// A copy of a 16-bit file's samples (RGBA), if it is one.
    #[wasm_bindgen(js_name = deepSamples)]
    pub fn deep_samples(&self) -> Option<Vec<u16>> {
        self.0.deep.as_ref().map(|d| d.rgba().to_vec())
    }

    /// A copy of a floating-point file's samples (RGBA), if it is one.
    #[wasm_bindgen(js_name = hdrSamples)]
    pub fn hdr_samples(&self) -> Option<Vec<f32>> {
        self.0.hdr.as_ref().map(|h| h.rgba().to_vec())
    }

    /// A floating-point picture's statistics over all of it (R, G, B, luminance,
    /// each as `STATS_FIELDS`' 9 values, NaN where a channel has none): worked out
    /// here, off the page's thread, for `PictureParts.finish`.
    #[wasm_bindgen(js_name = hdrStats)]
    pub fn hdr_stats(&self) -> Option<Vec<f64>> {
        let stats = HdrStats::of_image(self.0.hdr.as_ref()?);
        Some(
            stats
                .iter()
                .flat_map(|s| s.as_ref().map_or([f64::NAN; 9], HdrStats::values))
                .collect(),
        )
    }

    /// What a reader of the histogram should know, at 8 bits a sample.
    pub fn notes(&self) -> Vec<String> {
        self.0.notes.iter().map(Words::json).collect()
    }

    /// The same at the stored depth.
    #[wasm_bindgen(js_name = deepNotes)]
    pub fn deep_notes(&self) -> Vec<String> {
        self.0.deep_notes.iter().map(Words::json).collect()
    }
}

/// A file read by the command-line tool's decoder: whole (`whole`), or a 16-bit
/// picture a band of rows at a time (`nextBand`), sent band by band to the page
/// and from there to the GPU (page/src/deep_bands.rs), so that neither this
/// worker nor the page ever holds all of it (docs/DECISIONS.md, 36).
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
    pub fn count_bands(&mut self, bins: u32) -> Result<(), JsError> {
        let spec = rgbl(bins)?;
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

    /// The whole picture.
    pub fn whole(&mut self) -> Result<Picture, JsValue> {
        let decoder = self
            .decoder
            .take()
            .ok_or_else(|| JsError::new("the file was already read"))?;
        decoder
            .into_decoded(WEB_MAX_PIXELS as u64)
            .map(Picture)
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
        self.decoder.as_ref().map_or(Vec::new(), |d| {
            d.notes_as(false).iter().map(Words::json).collect()
        })
    }

    #[wasm_bindgen(js_name = deepNotes)]
    pub fn deep_notes(&self) -> Vec<String> {
        self.decoder.as_ref().map_or(Vec::new(), |d| {
            d.notes_as(true).iter().map(Words::json).collect()
        })
    }
}
