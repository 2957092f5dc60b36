//! A JPEG's planes as the browser's `ImageDecoder` hands them over: their layout
//! read from the frame, finished on the CPU for the decode worker, or sent to the
//! GPU to be finished there (src/gpu/planes.rs).

use super::within_page;
use super::WebResult;
use histogram::gpu;
use histogram::jpeg_planes::{self, Orientation, PlaneLayout, Subsampling};
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

/// The layout of a `VideoFrame`'s planes as `copyTo` wrote them: its format
/// ("I420", "I422" or "I444": a JPEG's 4:2:0, 4:2:2, 4:4:4), size, and each
/// plane's first byte and bytes a row; shown turned as EXIF's `turn` (1 to 8) says.
pub(super) fn frame_layout(
    frame_format: &str,
    width: u32,
    height: u32,
    offsets: &[u32],
    strides: &[u32],
    turn: u8,
) -> Result<PlaneLayout, JsError> {
    let subsampling = match frame_format {
        "I420" => Subsampling::S420,
        "I422" => Subsampling::S422,
        "I444" => Subsampling::S444,
        other => {
            return Err(JsError::new(&format!(
                "a frame in {other} is not a JPEG's planes"
            )))
        }
    };
    let three =
        |v: &[u32]| <[u32; 3]>::try_from(v).map_err(|_| JsError::new("three planes are needed"));
    within_page(width, height)?;
    Ok(PlaneLayout {
        width,
        height,
        subsampling,
        offsets: three(offsets)?,
        strides: three(strides)?,
        turn: Orientation::from_exif(turn)
            .ok_or_else(|| JsError::new(&format!("EXIF has no orientation {turn}")))?,
    })
}

/// A JPEG's planes (a `VideoFrame` from the browser's `ImageDecoder`, laid out as
/// `frame_layout` reads) finished on the CPU, libjpeg-turbo's way, into RGBA as
/// stored (unturned): the decode worker's where the CPU plays the GPU.
#[wasm_bindgen(js_name = finishPlanes)]
pub fn finish_planes(
    bytes: &[u8],
    frame_format: &str,
    width: u32,
    height: u32,
    offsets: Vec<u32>,
    strides: Vec<u32>,
) -> Result<Vec<u8>, JsError> {
    let layout = frame_layout(frame_format, width, height, &offsets, &strides, 1)?;
    let planes = layout.planes(bytes).map_err(|e| JsError::new(&e))?;
    Ok(jpeg_planes::finish(&planes))
}
