//! The chapters' step-through diagrams: the simulator's run of a step on a tiny
//! picture (src/sim.rs), handed to the page to play, with the WGSL of each kernel
//! it runs, as compiled for the same bins and chunk.

use super::picture::{Picture, Pixels};
use histogram::gpu::{ChunkShape, Method};
use histogram::image::Image;
use histogram::sim;
use std::collections::BTreeMap;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// The introduction's 6x7 picture, made by this project.
#[wasm_bindgen(js_name = introPicture)]
pub fn intro_picture() -> Picture {
    Picture::of(
        Pixels::Cpu(Rc::new(sim::intro_picture())),
        "generated".into(),
        Vec::new(),
    )
}

/// A noise picture of `width` x `height` (the diagrams' other tiny pictures).
#[wasm_bindgen(js_name = noisePicture)]
pub fn noise_picture(width: u32, height: u32, seed: u32) -> Picture {
    Picture::of(
        Pixels::Cpu(Rc::new(Image::noise(width, height, seed))),
        "generated".into(),
        Vec::new(),
    )
}

/// `method` run by the simulator on `picture` with 3 bins a channel, `chunk`
/// ("3x1": the chunk, or the race's and atomicAdd's workgroup), `slots`
/// workgroups at once and choices from `seed`, as JSON: `{"trace": ...,
/// "sources": {kernel: WGSL}}`.
#[wasm_bindgen]
pub fn simulate(
    picture: &Picture,
    method: &str,
    channels: u32,
    chunk: &str,
    slots: u32,
    seed: f64,
) -> Result<String, JsError> {
    let method = super::chapters::method(method)?;
    let chunk = ChunkShape::parse(chunk)
        .ok_or_else(|| JsError::new(&format!("bad chunk shape '{chunk}'")))?;
    let spec = sim::diagram_spec(channels);
    let trace = sim::simulate(method, picture.image()?, spec, chunk, slots, seed as u64)
        .map_err(|e| JsError::new(&e))?;
    let sources: BTreeMap<&str, String> = method
        .kernels()
        .iter()
        .map(|k| (k.name, k.source(spec, chunk)))
        .collect();
    #[derive(serde::Serialize)]
    struct Diagram<'a> {
        trace: &'a sim::Trace,
        sources: BTreeMap<&'a str, String>,
    }
    Ok(histogram::json::line(&Diagram {
        trace: &trace,
        sources,
    }))
}

/// The run a step's diagram plays, `{"chunk": "3x1", "slots": 4}`, or
/// undefined where the simulator does not run it (or it is no step: the CPU's).
#[wasm_bindgen(js_name = diagramRun)]
pub fn diagram_run(method: &str) -> Option<String> {
    let diagram = Method::parse(method)?.step().diagram()?;
    let chunk = diagram.chunk;
    Some(format!(
        r#"{{"chunk":"{}x{}","slots":{}}}"#,
        chunk.width, chunk.height, diagram.slots
    ))
}

/// A pixel's luminance from its 8-bit sRGB channels, 0 to 1: the histogram's rule
/// (0.2126 R + 0.7152 G + 0.0722 B of the channels over 255), as the counts use it.
#[wasm_bindgen(js_name = luminanceOf)]
pub fn luminance_of(r: u8, g: u8, b: u8) -> f64 {
    histogram::histogram::luminance(r, g, b) as f64 / histogram::histogram::VALUE_MAX as f64
}

/// The luminance bin of a pixel among `bins`, as every method counts it.
#[wasm_bindgen(js_name = luminanceBin)]
pub fn luminance_bin(r: u8, g: u8, b: u8, bins: u32) -> Result<u32, JsError> {
    let spec = super::spec(1, bins)?;
    Ok(spec.bin(histogram::histogram::luminance(r, g, b)))
}
