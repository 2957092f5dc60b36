//! The studio's adjustment as the page reads it: its tables and the adjusted
//! picture, read back from the core's view (src/studio/adjust_view.rs).

use super::super::{png, Context, Outcome};
use histogram::gpu::Remap;
use histogram::histogram::{Histogram, Spec};
use histogram::studio::AdjustView;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// The tables as they were last made (a new level per bin or value; CLAHE a table
/// per tile; Otsu the threshold first), read back as a Float32Array.
pub(super) fn read_tables(view: &AdjustView, context: Rc<Context>) -> js_sys::Promise {
    let (buffer, reading) = match view.read_tables(&context.gpu) {
        Ok(started) => started,
        Err(e) => return js_sys::Promise::reject(&JsError::new(&e.0).into()),
    };
    wasm_bindgen_futures::future_to_promise(async move {
        let bytes = context.gpu.read_buffer(&buffer).await;
        reading.set(false);
        let values: Vec<f32> = bytes
            .map_err(|e| JsError::new(&e.0))?
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        Ok(js_sys::Float32Array::from(&values[..]).into())
    })
}

/// The adjusted picture's histogram as last counted, read back as an Outcome of
/// `pixels` (R, G, B and luminance, 256 bins).
pub(super) fn read_counts(view: &AdjustView, context: Rc<Context>, pixels: u64) -> js_sys::Promise {
    let (buffer, reading) = match view.read_counts(&context.gpu) {
        Ok(started) => started,
        Err(e) => return js_sys::Promise::reject(&JsError::new(&e.0).into()),
    };
    wasm_bindgen_futures::future_to_promise(async move {
        let bytes = context.gpu.read_buffer(&buffer).await;
        reading.set(false);
        let counts: Vec<u32> = bytes
            .map_err(|e| JsError::new(&e.0))?
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        Ok(JsValue::from(Outcome::plain(
            Histogram::from_counts(Spec::rgbl(), counts),
            pixels,
            0.0,
        )))
    })
}

/// The adjusted picture (`remap`, made on the GPU like the command-line tool's
/// `adjust`), read back and encoded as PNG bytes.
pub(super) fn adjusted_png(remap: Remap, context: Rc<Context>) -> js_sys::Promise {
    wasm_bindgen_futures::future_to_promise(async move {
        let image = remap
            .read(&context.gpu)
            .await
            .map_err(|e| JsError::new(&e.0))?;
        let png = png(&image)?;
        Ok(js_sys::Uint8Array::from(&png[..]).into())
    })
}
