//! A picture decoded in the worker, put together in the page from its parts.

use super::picture::{Picture, Pixels};
use super::{WebResult, WEB_MAX_PIXELS};
use histogram::deep::DeepImage;
use histogram::hdr::{HdrImage, HdrStats};
use histogram::image::Image;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

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
