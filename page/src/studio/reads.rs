//! What the page reads back of the studio beside its histogram: the adjustment's
//! tables and adjusted picture (the core's view, src/studio/adjust_view.rs), and
//! the pixel under the pointer of a live frame, or of a picture the GPU alone
//! holds, and the levels an HDR picture's scopes count there.

use super::super::{png, Context, Outcome};
use histogram::gpu::Remap;
use histogram::histogram::{Histogram, Spec};
use histogram::studio::{AdjustView, Source};
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

/// The pixel (`x`, `y`) that only the GPU holds: a 16-bit picture's samples as
/// stored (a Uint16Array: R, G, B, A); an 8-bit picture's as the GPU holds them
/// (a Uint8Array: R, G, B, A); else a live frame's as counted (a Uint8Array: R,
/// G, B, and its Y′ as decoded where the frame came as YUV).
pub(super) fn gpu_pixel(
    source: &Source,
    context: Rc<Context>,
    (x, y): (u32, u32),
) -> js_sys::Promise {
    if let Some(deep) = source.deep().cloned() {
        return wasm_bindgen_futures::future_to_promise(async move {
            let pixel = deep.read_deep_pixel(&context.gpu, (x, y)).await;
            let pixel = pixel.map_err(|e| JsError::new(&e.0))?;
            Ok(js_sys::Uint16Array::from(&pixel[..]).into())
        });
    }
    if let Some(image) = source.picture().cloned() {
        return wasm_bindgen_futures::future_to_promise(async move {
            let pixel = image.read_pixel(&context.gpu, (x, y)).await;
            let pixel = pixel.map_err(|e| JsError::new(&e.0))?;
            Ok(js_sys::Uint8Array::from(&pixel[..]).into())
        });
    }
    let live = source.live_texture();
    let Some((texture, luma)) = live.filter(|(t, _)| x < t.width() && y < t.height()) else {
        return js_sys::Promise::reject(&JsError::new("no frame pixel there").into());
    };
    let texture = texture.clone();
    wasm_bindgen_futures::future_to_promise(async move {
        let (at, one) = (wgpu::Origin3d { x, y, z: 0 }, wgpu::Extent3d::default());
        let texel = context.gpu.read_texels(&texture, at, one).await;
        let texel = texel.map_err(|e| JsError::new(&e.0))?;
        Ok(js_sys::Uint8Array::from(&texel[..if luma { 4 } else { 3 }]).into())
    })
}

/// The levels (R, G, B) the scopes count at (`x`, `y`) of an HDR picture, read
/// back from the texture they count: its drawing at its exposure, or its light as
/// the codes of their scale of nits (a Uint8Array).
pub(super) fn scoped_pixel(
    source: &Source,
    context: Rc<Context>,
    (x, y): (u32, u32),
) -> js_sys::Promise {
    let (w, h) = source.size();
    if !matches!(source, Source::Hdr { .. }) || x >= w || y >= h {
        return js_sys::Promise::reject(&JsError::new("no HDR pixel there").into());
    }
    let image = source.image();
    let texture = image.texture_view().expect("one texture").texture().clone();
    wasm_bindgen_futures::future_to_promise(async move {
        let (at, one) = (wgpu::Origin3d { x, y, z: 0 }, wgpu::Extent3d::default());
        let texel = context.gpu.read_texels(&texture, at, one).await;
        let texel = texel.map_err(|e| JsError::new(&e.0))?;
        Ok(js_sys::Uint8Array::from(&texel[..3]).into())
    })
}
