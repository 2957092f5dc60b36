//! The chapters' step-through diagrams: their tiny pictures, the run each plays
//! (the simulator itself is diagrams/'s wasm), and the subgroups kernel's
//! subgroups counted on the GPU, to set beside the simulated ones.

use super::picture::{Picture, Pixels};
use super::GpuContext;
use histogram::gpu::{self, GpuImage, Method};
use histogram::image::Image;
use histogram::sim;
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

/// The tiny picture `method`'s diagram runs on (the introduction's, or its own).
#[wasm_bindgen(js_name = diagramPicture)]
pub fn diagram_picture(method: &str) -> Option<Picture> {
    let diagram = Method::parse(method)?.step().diagram()?;
    Some(Picture::of(
        Pixels::Cpu(Rc::new((diagram.picture)())),
        "generated".into(),
        Vec::new(),
    ))
}

/// The run a step's diagram plays, `{"chunk": "3x1", "slots": 4, "lanes": []}`
/// (the subgroup sizes it plays), or undefined where the simulator does not run
/// it (or it is no step: the CPU's).
#[wasm_bindgen(js_name = diagramRun)]
pub fn diagram_run(method: &str) -> Option<String> {
    let diagram = Method::parse(method)?.step().diagram()?;
    let chunk = diagram.chunk;
    Some(format!(
        r#"{{"chunk":"{}x{}","slots":{},"lanes":{:?}}}"#,
        chunk.width, chunk.height, diagram.slots, diagram.lanes
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

#[wasm_bindgen]
impl GpuContext {
    /// The article's scale and draw passes on this GPU over `bins` (3 a channel,
    /// interleaved, `entries` pixels counted) into the diagram's canvas showing
    /// the channels `shown`; resolves to its RGBA bytes, in reading order, to set
    /// beside the simulated canvas.
    #[wasm_bindgen(js_name = drawCanvas)]
    pub fn draw_canvas(
        &self,
        bins: Vec<u32>,
        channels: u32,
        entries: f64,
        shown: Vec<u32>,
    ) -> Result<js_sys::Promise, JsError> {
        let spec = sim::diagram_spec(channels);
        let shown: Vec<usize> = shown.iter().map(|&c| c as usize).collect();
        let context = self.context();
        let drawn = gpu::DrawnCanvas::submit(
            &context.gpu,
            &mut context.kernels.borrow_mut(),
            &bins,
            spec,
            entries as u64,
            sim::CANVAS,
            &shown,
        );
        Ok(self.exclusive(async move {
            let pixels = drawn.read(&context.gpu).await?;
            Ok(js_sys::Uint8Array::from(pixels.concat().as_slice()).into())
        }))
    }

    /// The subgroups kernel over `picture` (a diagram's) with 3 bins a channel,
    /// its subgroups counted on this GPU; resolves to `{"lanes": 4, "adds": 28}`
    /// (`gpu::lab::Tally`), to set beside the simulator's run.
    #[wasm_bindgen(js_name = tallySubgroups)]
    pub fn tally_subgroups(
        &self,
        picture: &Picture,
        channels: u32,
    ) -> Result<js_sys::Promise, JsError> {
        let spec = sim::diagram_spec(channels);
        let (context, image) = (self.context(), picture.image()?.clone());
        Ok(self.exclusive(async move {
            let uploaded = GpuImage::upload_for(&context.gpu, &image, Method::Subgroups.input());
            let tally = gpu::lab::tally_subgroups(&context.gpu, &uploaded, spec).await?;
            Ok(JsValue::from_str(&histogram::json::line(&tally)))
        }))
    }
}
