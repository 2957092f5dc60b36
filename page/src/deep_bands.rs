//! A 16-bit picture read a band of rows at a time: decoded in the page's decoder
//! worker (decoder/'s `FileDecoder`), sent band by band to the page, and from there to the
//! GPU (`PictureBands`), so that neither the worker, the page nor its wasm memory
//! ever holds the whole picture: only the GPU does (docs/DECISIONS.md, 36).

use super::{Context, GpuContext, Pace, Picture, Pixels, Uploaded, WebResult, WEB_MAX_PIXELS};
use histogram::gpu::{self, GpuImage};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;

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
            times: None,
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
