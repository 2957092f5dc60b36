//! What a run dispatches, planned before any GPU object is made: the bands of the
//! counted part of every tile, the dispatches each band's step asks for (their
//! grids and uniforms), the passes they are timed as, and the notes a page shows
//! about how the picture was cut.

use super::gpu_image::GpuImage;
use super::grid::Limits;
use super::kernels::{ChunkShape, Input, Kernel, Workgroup};
use crate::histogram::Spec;
use crate::image::Region;
use crate::words::Words;
use std::ops::Range;

/// Most passes a run times apart; a run of more (a large picture in many bands) is
/// timed as one.
pub(super) const MAX_TIMED_PASSES: usize = 64;

/// A band: its tile, origin and size.
pub(super) type Band = (usize, [u32; 2], [u32; 2]);

/// Every band of the counted part of every tile, and the largest width and
/// height of those bands (what a page says they were at most).
pub(super) fn bands(
    image: &GpuImage,
    region: Option<Region>,
    band_size: impl Fn([u32; 2]) -> (u32, u32),
) -> (Vec<Band>, (u32, u32)) {
    let mut bands = Vec::new();
    let mut max_band = (0, 0);
    for part in image.parts(region) {
        let (t, [x0, y0], [w, h]) = (part.tile, part.origin, part.size);
        let band = band_size([w, h]);
        for y in (y0..y0 + h).step_by(band.1 as usize) {
            for x in (x0..x0 + w).step_by(band.0 as usize) {
                let size = [band.0.min(x0 + w - x), band.1.min(y0 + h - y)];
                max_band = (max_band.0.max(size[0]), max_band.1.max(size[1]));
                bands.push((t, [x, y], size));
            }
        }
    }
    (bands, max_band)
}

/// What a run is fitted to: its bins, its chunk and the device's limits.
#[derive(Clone, Copy, Debug)]
pub struct Fit {
    pub spec: Spec,
    pub chunk: ChunkShape,
    pub limits: Limits,
}

impl Fit {
    /// A budget of `pixels` as whole rows of a tile `tile[0]` wide, as many as
    /// the largest texture allows.
    pub fn rows(&self, tile: [u32; 2], pixels: u64) -> (u32, u32) {
        let width = (tile[0] as u64).min(pixels).max(1);
        let max = self.limits.max_texture as u64;
        (width as u32, (pixels / width).clamp(1, max) as u32)
    }

    /// The chunks a band of `size` holds (one a workgroup of one-per-pixel steps).
    pub fn chunks_in(&self, size: [u32; 2]) -> u64 {
        size[0].div_ceil(self.chunk.width) as u64 * size[1].div_ceil(self.chunk.height) as u64
    }
}

/// One dispatch (or draw) planned: its kernel and entry point, the pass it is
/// timed in, its band's tile (for a kernel that reads the picture), its uniform
/// slot and its workgroups (a draw's: the band's size in pixels).
pub struct Dispatch {
    pub kernel: Kernel,
    pub entry: &'static str,
    pub pass: String,
    pub tile: Option<usize>,
    pub slot: usize,
    pub workgroups: [u32; 3],
}

/// A band as a step dispatches over it: its tile, size and uniform slot (its
/// origin and size).
#[derive(Clone, Copy, Debug)]
pub struct BandAt {
    pub tile: usize,
    pub size: [u32; 2],
    pub slot: usize,
}

/// Uniform slots and dispatches, collected before any GPU object is made, and
/// the most chunks a band holds.
pub struct Plan {
    pub slots: Vec<[u32; 4]>,
    pub dispatches: Vec<Dispatch>,
    pub max_chunks: u64,
}

impl Plan {
    /// The dispatches `dispatch` asks for over `bands` (a step's), each band's
    /// uniform slot (its origin and size) and those it adds (a reduce step's, the
    /// sum's).
    pub fn of(fit: Fit, bands: &[Band], mut dispatch: impl FnMut(&mut Plan, BandAt)) -> Plan {
        let mut plan = Plan {
            slots: Vec::new(),
            dispatches: Vec::new(),
            max_chunks: bands.iter().map(|b| fit.chunks_in(b.2)).max().unwrap_or(1),
        };
        for &(tile, origin, size) in bands {
            let slot = plan.slot([origin[0], origin[1], size[0], size[1]]);
            dispatch(&mut plan, BandAt { tile, size, slot });
        }
        plan
    }

    /// A uniform slot of these values; its index.
    pub fn slot(&mut self, values: [u32; 4]) -> usize {
        self.slots.push(values);
        self.slots.len() - 1
    }

    /// `kernel`'s `cs` over `workgroups`, timed in a pass of its name: the
    /// dispatch, for a step to change what differs.
    pub fn dispatch(
        &mut self,
        kernel: Kernel,
        tile: Option<usize>,
        slot: usize,
        workgroups: [u32; 3],
    ) -> &mut Dispatch {
        self.dispatches.push(Dispatch {
            kernel,
            entry: "cs",
            pass: kernel.name.to_string(),
            tile,
            slot,
            workgroups,
        });
        self.dispatches.last_mut().unwrap()
    }

    /// A pass a kernel's run of dispatches (a step may name them apart: each
    /// reduce step); a picture in many bands, or counted by draws, is timed as
    /// one pass (a query set holds a few thousand at most).
    pub fn passes(&self, method: &str) -> Vec<(String, Range<usize>)> {
        let mut passes: Vec<(String, Range<usize>)> = Vec::new();
        for (i, d) in self.dispatches.iter().enumerate() {
            match passes.last_mut() {
                Some((last, range)) if *last == d.pass => range.end = i + 1,
                _ => passes.push((d.pass.clone(), i..i + 1)),
            }
        }
        let draws = self
            .dispatches
            .iter()
            .any(|d| d.kernel.workgroup == Workgroup::Draw);
        if passes.len() > MAX_TIMED_PASSES || draws {
            passes = vec![(method.to_string(), 0..self.dispatches.len())];
        }
        passes
    }
}

/// What a page says about how the picture was cut: laid out anew, in tiles, in
/// bands.
pub(super) fn notes(
    image: &GpuImage,
    limits: Limits,
    bands: usize,
    max_band: (u32, u32),
) -> Vec<Words> {
    let mut notes = Vec::new();
    if let Some([w, h, rest]) = image.reshaped {
        notes.push(
            Words::new("note-reshaped")
                .text("size", format_args!("{}x{}", image.width, image.height))
                .text("block", format_args!("{w}x{h}"))
                .count("rest", rest),
        );
    }
    let rest_row = image.reshaped.is_some_and(|[_, _, rest]| rest > 0);
    if image.tiles.len() - usize::from(rest_row) > 1 {
        let tiles = image.tiles.len() as u64;
        notes.push(match image.input() {
            Input::Texture => Words::new("note-tiles-textures")
                .count("side", limits.max_texture)
                .count("tiles", tiles),
            Input::Buffer | Input::Deep => Words::new("note-tiles-buffers")
                .count("mib", limits.max_chunk_bytes >> 20)
                .count("tiles", tiles),
        });
    }
    if bands > image.tiles.len() {
        let loops = limits.max_loop_iterations < u64::MAX;
        let words = Words::new(if loops {
            "note-bands-loops"
        } else {
            "note-bands"
        })
        .count("bands", bands as u64)
        .text("band", format_args!("{}x{}", max_band.0, max_band.1))
        .count("workgroups", limits.max_workgroups)
        .count("mib", limits.max_chunk_bytes >> 20);
        notes.push(if loops {
            words.count("iterations", limits.max_loop_iterations)
        } else {
            words
        });
    }
    notes
}
