//! A JPEG decoded on the GPU and counted there: libjpeg-turbo entropy-decodes its
//! coefficients on this worker's core, the GPU does the IDCT, upsampling and
//! colour as libjpeg-turbo does (src/gpu/jpeg_finish.rs) and counts the picture
//! where it lies. Any file it does not take (not YCbCr with chroma at most halved,
//! damaged, too large for the GPU's buffers) goes back to the CPU's decoder,
//! which counts it or refuses it in its own words: nothing is lost.

use super::bands::Counted;
use super::{Counts, Settings};
use histogram::decode::{jpeg_coefficients, jpeg_scan};
use histogram::gpu::{policy::method_for, policy::Kind, RunOptions};
use histogram::gpu::{
    ComponentBlocks, Gpu, GpuImage, Input, Kernels, Limits, Method, Run, Unchecked,
};
use histogram::jpeg_planes::Orientation;

/// A picture finished on the GPU: from its scan, to be checked once counted, or
/// from libjpeg-turbo's coefficients.
enum Decoded {
    Unchecked(Unchecked),
    Whole(GpuImage),
}

/// Whether `bytes` begin as a JPEG does.
pub(super) fn is_jpeg(start: &[u8]) -> bool {
    start.starts_with(&[0xff, 0xd8, 0xff])
}

/// The JPEG in `bytes` decoded and counted on `gpu`, with the method it was
/// counted by; or why the GPU does not take it.
pub(super) fn count_jpeg_on_gpu(
    gpu: &Gpu,
    kernels: &mut Kernels,
    settings: &Settings,
    bytes: &[u8],
) -> Result<(Counted, &'static str), String> {
    let limits = Limits::of(gpu);
    let budget = super::memory_budget();
    // A baseline scan is entropy-decoded on the GPU too; another (progressive,
    // arithmetic-coded) by libjpeg-turbo, its coefficients finished there.
    let (width, height, image) = match jpeg_scan(bytes, budget) {
        Ok(scan) => {
            let (frame, turn) = (&scan.frame, Orientation::NoTransforms);
            if let Some(region) = settings.region {
                region.within(frame.width, frame.height)?;
            }
            let image = GpuImage::from_scan(gpu, &scan, turn, limits.max_texture);
            let image = pollster::block_on(image).map_err(|e| e.0)?;
            (frame.width, frame.height, Decoded::Unchecked(image))
        }
        Err(_) => {
            let (frame, planes) = jpeg_coefficients(bytes, budget)?;
            if let Some(region) = settings.region {
                region.within(frame.width, frame.height)?;
            }
            let blocks = std::array::from_fn(|c| ComponentBlocks {
                blocks: [planes[c].width_in_blocks, planes[c].height_in_blocks],
                coefficients: &planes[c].coefficients,
            });
            let turn = Orientation::NoTransforms;
            let image = GpuImage::from_coefficients(gpu, &frame, &blocks, turn, limits.max_texture);
            (
                frame.width,
                frame.height,
                Decoded::Whole(image.map_err(|e| e.0)?),
            )
        }
    };
    // The finished picture lies in textures: a method that reads packed pixels
    // from a buffer (the fastest, on uploaded pictures) gives way to privatized,
    // the fastest that reads textures.
    let spec = settings.spec;
    let asked = method_for(settings.asked, Some(gpu), Kind::Eight, spec.num_bins);
    let method = match asked {
        Some(m) if m.input() == Input::Texture => m,
        _ => Method::Privatized,
    };
    let chunk = settings.chunk.unwrap_or(method.default_shape());
    let mut options = RunOptions::new(method, spec).chunk(chunk);
    if let Some(region) = settings.region {
        options = options.region(region);
    }
    let picture = match &image {
        Decoded::Unchecked(unchecked) => &unchecked.image,
        Decoded::Whole(image) => image,
    };
    let run = Run::new(gpu, kernels, picture, options).map_err(|e| e.0)?;
    let (histogram, _) = pollster::block_on(run.execute(gpu)).map_err(|e| e.0)?;
    // The scan's flags came back in the count's wait: its counts stand once whole.
    if let Decoded::Unchecked(unchecked) = image {
        pollster::block_on(unchecked.check(gpu)).map_err(|e| e.0)?;
    }
    let notes = histogram::profile::jpeg_icc(bytes)
        .map(|icc| histogram::profile::Profile::from_icc(icc).note())
        .into_iter()
        .collect();
    Ok((
        Counted {
            width,
            height,
            depth: 8,
            region: settings.region,
            counts: Counts::Levels(histogram),
            pending: Vec::new(),
            hdr_stats: None,
            notes,
        },
        method.name(),
    ))
}
