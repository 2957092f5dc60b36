//! A JPEG's planes as the browser's `ImageDecoder` hands them over, sent to the
//! GPU to be finished there (src/gpu/planes.rs); the decoder worker finishes
//! them on the CPU (decoder/).

use super::WebResult;
use histogram::gpu;
use histogram::jpeg_planes::PlaneLayout;
use wasm_bindgen::prelude::*;

/// A JPEG's planes going to the GPU, to be finished there into its textures.
pub(super) fn planes_upload<'a>(
    g: &gpu::Gpu,
    bytes: &'a js_sys::Uint8Array,
    layout: &PlaneLayout,
) -> WebResult<gpu::PlanesUpload<'a>> {
    let max_texture = gpu::Limits::of(g).max_texture;
    gpu::PlanesUpload::new(g, gpu::PlaneBytes::Browser(bytes), layout, max_texture)
        .map_err(|e| JsError::new(&e.0))
}
