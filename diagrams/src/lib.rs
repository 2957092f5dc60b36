//! The chapters' step-through diagrams (www/step-diagram.js): a step run by the
//! simulator (src/sim/), which interprets its kernels' own WGSL as naga parses
//! it, on a tiny picture, handed to the page to play with the WGSL of each kernel
//! it ran. A wasm of its own: naga's front end is loaded only where a diagram is.

#![cfg(target_arch = "wasm32")]

use histogram::gpu::{ChunkShape, Method};
use histogram::image::Image;
use histogram::sim;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    // A panic would otherwise trap silently.
    console_error_panic_hook::set_once();
}

/// `method` run by the simulator on the picture `rgba` (`width` x `height`) with
/// 3 bins a channel, `chunk` ("3x1": the chunk, or the race's and atomicAdd's
/// workgroup), `lanes` a subgroup (where its kernel has subgroups), `slots`
/// workgroups at once and choices from `seed`, as JSON: `{"trace": ...,
/// "sources": {kernel: {"text": WGSL, "first": line}}}`; each step's line is a
/// line of its kernel's text. The step's own kernels, or `edited`: the kernel
/// lab's listing, as the visitor edited it (`first`: the line of the listing
/// where each kernel's text starts).
#[allow(clippy::too_many_arguments)]
#[wasm_bindgen]
pub fn simulate(
    rgba: Vec<u8>,
    width: u32,
    height: u32,
    method: &str,
    channels: u32,
    chunk: &str,
    lanes: u32,
    slots: u32,
    seed: f64,
    edited: Option<String>,
) -> Result<String, JsError> {
    let method =
        Method::parse(method).ok_or_else(|| JsError::new(&format!("no method '{method}'")))?;
    let chunk = ChunkShape::parse(chunk)
        .ok_or_else(|| JsError::new(&format!("bad chunk shape '{chunk}'")))?;
    let image = Image::from_rgba(width, height, rgba).map_err(|e| JsError::new(&e.to_string()))?;
    let spec = sim::diagram_spec(channels);
    let edited = edited.as_deref();
    let sources = sim::sources(method, spec, chunk, edited).map_err(|e| JsError::new(&e))?;
    let trace = sim::simulate(
        method,
        edited,
        &image,
        spec,
        chunk,
        lanes,
        slots,
        seed as u64,
    )
    .map_err(|e| JsError::new(&e))?;
    Ok(played(&trace, sources))
}

/// Part 2's drawing played (src/sim/scale_draw.rs): the picture `rgba` (`width` x
/// `height`) counted in 3 bins a channel by the CPU, then the scale pass and the
/// draw's fragment shader over a small canvas showing the channels `shown` (0 R
/// ... 3 luminance), as JSON: `{"trace": ..., "sources": {"scale": ..., "draw":
/// ...}}`, the trace's `canvas` its size.
#[wasm_bindgen(js_name = simulateDraw)]
pub fn simulate_draw(
    rgba: Vec<u8>,
    width: u32,
    height: u32,
    channels: u32,
    shown: Vec<u32>,
) -> Result<String, JsError> {
    let image = Image::from_rgba(width, height, rgba).map_err(|e| JsError::new(&e.to_string()))?;
    let spec = sim::diagram_spec(channels);
    let bins = histogram::histogram::compute_cpu(&image, spec);
    let shown: Vec<usize> = shown.iter().map(|&c| c as usize).collect();
    let (trace, sources) =
        sim::simulate_draw(&image, bins.counts(), spec, &shown).map_err(|e| JsError::new(&e))?;
    Ok(played(&trace, sources))
}

/// A trace and the texts of its kernels, as the page reads them.
fn played(trace: &sim::Trace, sources: BTreeMap<&'static str, sim::Source>) -> String {
    #[derive(serde::Serialize)]
    struct Diagram<'a> {
        trace: &'a sim::Trace,
        sources: BTreeMap<&'static str, sim::Source>,
    }
    histogram::json::line(&Diagram { trace, sources })
}
