//! What a run dispatches, planned before any GPU object is made: the bands of the
//! counted part of every tile, each method's dispatches over them (their grids and
//! uniforms), the passes they are timed as, each kernel's workgroup, and the notes
//! a page shows about how the picture was cut.

use super::gpu_image::GpuImage;
use super::grid::{band_size, deep_grid, deep_groups, packed_groups, privatized_groups, Limits};
use super::kernels::{ChunkShape, Input, Kernel, Method};
use crate::histogram::Spec;
use crate::image::Region;
use std::ops::Range;

/// Most passes a run times apart; a run of more (a large picture in many bands) is
/// timed as one.
pub(super) const MAX_TIMED_PASSES: usize = 64;

/// A band: its tile, origin and size.
pub(super) type Band = (usize, [u32; 2], [u32; 2]);

/// Every band of the counted part of every tile, and the largest band's size.
pub(super) fn bands(
    image: &GpuImage,
    region: Option<Region>,
    method: Method,
    spec: Spec,
    chunk: ChunkShape,
    limits: Limits,
) -> (Vec<Band>, (u32, u32)) {
    let mut bands = Vec::new();
    let mut max_band = (0, 0);
    for part in image.parts(region) {
        let (t, [x0, y0], [w, h]) = (part.tile, part.origin, part.size);
        let band = band_size(method, spec, chunk, limits, [w, h]);
        max_band = max_band.max(band);
        for y in (y0..y0 + h).step_by(band.1 as usize) {
            for x in (x0..x0 + w).step_by(band.0 as usize) {
                let size = [band.0.min(x0 + w - x), band.1.min(y0 + h - y)];
                bands.push((t, [x, y], size));
            }
        }
    }
    (bands, max_band)
}

/// Uniform slots and dispatches (kernel, tile, slot, workgroups), collected before
/// any GPU object is made, and the most chunks a band holds.
pub(super) struct Plan {
    pub slots: Vec<[u32; 4]>,
    pub dispatches: Vec<(Kernel, Option<usize>, usize, [u32; 3])>,
    pub max_chunks: u64,
}

impl Plan {
    /// `method`'s dispatches over `bands`, a band's uniform slot each (its origin
    /// and size), and a reduce step's or the sum's.
    pub fn of(
        method: Method,
        spec: Spec,
        chunk: ChunkShape,
        limits: Limits,
        bands: &[Band],
    ) -> Plan {
        let chunk_count = |size: [u32; 2]| {
            size[0].div_ceil(chunk.width) as u64 * size[1].div_ceil(chunk.height) as u64
        };
        let mut plan = Plan {
            slots: Vec::new(),
            dispatches: Vec::new(),
            max_chunks: bands.iter().map(|b| chunk_count(b.2)).max().unwrap_or(1),
        };
        for &(tile, origin, size) in bands {
            let band = plan.slot([origin[0], origin[1], size[0], size[1]]);
            let chunks = chunk_count(size) as u32;
            let sum_groups = [spec.len().div_ceil(256) as u32, 1, 1];
            match method {
                Method::Single => plan.dispatch(Kernel::Single, Some(tile), band, [1, 1, 1]),
                Method::Race | Method::Atomic => {
                    let kernel = method.kernels()[0];
                    let groups = [
                        size[0].div_ceil(chunk.width),
                        size[1].div_ceil(chunk.height),
                    ];
                    plan.dispatch(kernel, Some(tile), band, [groups[0], groups[1], 1])
                }
                // A draw, not a dispatch: the viewport is the band's size.
                Method::Fragment => {
                    plan.dispatch(Kernel::Fragment, Some(tile), band, [size[0], size[1], 1])
                }
                Method::Privatized => {
                    let groups = privatized_groups(size, limits.max_workgroups);
                    plan.dispatch(Kernel::Privatized, Some(tile), band, [groups, 1, 1])
                }
                Method::Packed => {
                    let quads = (size[0] as u64 * size[1] as u64).div_ceil(4);
                    let groups = packed_groups(quads).min(limits.max_workgroups as u64);
                    plan.dispatch(Kernel::Packed, Some(tile), band, [groups as u32, 1, 1])
                }
                Method::Deep => {
                    let groups = deep_groups(size, limits.max_workgroups);
                    plan.dispatch(Kernel::Deep, Some(tile), band, deep_grid(spec, groups))
                }
                Method::ChunksSum | Method::ChunksReduce => {
                    let across = size[0].div_ceil(chunk.width);
                    plan.dispatch(
                        Kernel::Chunks,
                        Some(tile),
                        band,
                        [across, chunks / across, 1],
                    );
                    // chunks + sum: one workgroup adds every chunk to the bins.
                    // chunks + reduce: pairwise steps until chunk 0 holds the band's
                    // histogram, then the same sum over that one chunk.
                    let mut summed = chunks;
                    if method == Method::ChunksReduce {
                        let mut stride = 1;
                        while stride < chunks {
                            let pairs = chunks.div_ceil(stride * 2);
                            let x = pairs.min(limits.max_workgroups);
                            let step = plan.slot([stride, chunks, 0, 0]);
                            plan.dispatch(Kernel::Reduce, None, step, [x, pairs.div_ceil(x), 1]);
                            stride *= 2;
                        }
                        summed = 1;
                    }
                    let sum = plan.slot([summed, 0, 0, 0]);
                    plan.dispatch(Kernel::Sum, None, sum, sum_groups);
                }
            }
        }

        plan
    }

    fn slot(&mut self, values: [u32; 4]) -> usize {
        self.slots.push(values);
        self.slots.len() - 1
    }

    fn dispatch(&mut self, kernel: Kernel, tile: Option<usize>, slot: usize, workgroups: [u32; 3]) {
        self.dispatches.push((kernel, tile, slot, workgroups));
    }

    /// A pass a kernel's run of dispatches, a reduce step each; a picture in many
    /// bands is timed as one pass (a query set holds a few thousand at most).
    pub fn passes(&self, method: Method) -> Vec<(String, Range<usize>)> {
        let mut passes: Vec<(String, Range<usize>)> = Vec::new();
        for (i, &(kernel, _, slot, _)) in self.dispatches.iter().enumerate() {
            let name = match kernel {
                Kernel::Reduce => format!("reduce, stride {}", self.slots[slot][0]),
                _ => kernel.name().to_string(),
            };
            match passes.last_mut() {
                Some((last, range)) if *last == name => range.end = i + 1,
                _ => passes.push((name, i..i + 1)),
            }
        }
        if passes.len() > MAX_TIMED_PASSES || method == Method::Fragment {
            passes = vec![(method.name().to_string(), 0..self.dispatches.len())];
        }
        passes
    }
}

/// The invocations of one of `kernel`'s workgroups in a run of this chunk.
pub(super) fn workgroup_size(kernel: Kernel, chunk: ChunkShape, limits: Limits) -> u64 {
    match kernel {
        Kernel::Single | Kernel::Fragment => 1,
        Kernel::Chunks | Kernel::Race | Kernel::Atomic => chunk.invocations() as u64,
        Kernel::Sum | Kernel::Reduce | Kernel::Privatized => 256,
        Kernel::Packed => limits.packed_invocations as u64,
        Kernel::Deep => 256,
        Kernel::Scale | Kernel::Waveform | Kernel::Vectorscope | Kernel::Hdr => {
            unreachable!("no method plans {}", kernel.name())
        }
    }
}

/// What a page says about how the picture was cut: laid out anew, in tiles, in
/// bands.
pub(super) fn notes(
    image: &GpuImage,
    limits: Limits,
    bands: usize,
    max_band: (u32, u32),
) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some([w, h, rest]) = image.reshaped {
        notes.push(format!(
            "The image is {}x{}, thin: its pixels were laid out as a block of {w}x{h} \
             and {rest} more, so the GPU's workgroups get full rows of work. Where a \
             pixel sits does not change the histogram.",
            image.width, image.height,
        ));
    }
    let rest_row = image.reshaped.is_some_and(|[_, _, rest]| rest > 0);
    if image.tiles.len() - usize::from(rest_row) > 1 {
        notes.push(match image.input() {
            Input::Texture => format!(
                "The image is larger than the GPU's largest texture ({} px a side): it was uploaded as {} textures.",
                limits.max_texture,
                image.tiles.len()
            ),
            Input::Buffer | Input::Deep => format!(
                "The image is larger than one storage buffer binding ({} MiB): it was uploaded as {} buffers of whole rows.",
                limits.max_chunk_bytes >> 20,
                image.tiles.len()
            ),
        });
    }
    if bands > image.tiles.len() {
        notes.push(format!(
            "Processed in {} bands of at most {}x{} pixels to stay within the device's limits \
             ({} workgroups per dimension, {} MiB per storage buffer{}).",
            bands,
            max_band.0,
            max_band.1,
            limits.max_workgroups,
            limits.max_chunk_bytes >> 20,
            if limits.max_loop_iterations < u64::MAX {
                format!(
                    ", {} iterations per shader loop",
                    limits.max_loop_iterations
                )
            } else {
                String::new()
            }
        ));
    }
    notes
}
