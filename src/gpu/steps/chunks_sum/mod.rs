//! The article's workgroups: each counts a chunk of pixels in workgroup memory
//! and copies it out (chunks.wgsl), then one invocation a bin adds every chunk
//! up (sum.wgsl). Chunks + reduce (../chunks_reduce) sums them otherwise.

use super::{Diagram, Fit, Shaped, Step};
use crate::gpu::kernels::{Bind, ChunkShape, Kernel, Workgroup};
use crate::gpu::plan::{BandAt, Plan};

pub const CHUNKS: Kernel = Kernel {
    name: "chunks",
    wgsl: include_str!("chunks.wgsl"),
    workgroup: Workgroup::Chunk,
    binds: &[Bind::Chunks, Bind::Tile, Bind::Uniform],
    does: "each workgroup counts its chunk",
};

/// The sum's workgroup and the reduce's, fixed in their WGSL.
pub(super) const SUM_GROUP: u32 = 256;

pub const SUM: Kernel = Kernel {
    name: "sum",
    wgsl: include_str!("sum.wgsl"),
    workgroup: Workgroup::Fixed(SUM_GROUP),
    binds: &[Bind::Bins, Bind::ChunksRead, Bind::Uniform],
    does: "one invocation a bin adds up the chunks",
};

pub struct ChunksSum;

impl Step for ChunksSum {
    fn name(&self) -> &'static str {
        "chunks-sum"
    }

    fn label(&self) -> &'static str {
        "chunks + sum"
    }

    fn timed(&self) -> bool {
        true
    }

    fn kernels(&self) -> &'static [Kernel] {
        &[CHUNKS, SUM]
    }

    fn shaped(&self) -> Shaped {
        Shaped::Chunk
    }

    /// Each sum invocation loops over the chunks: eight a step, each step a
    /// loop of eight, about 1.1 iterations a chunk in all.
    fn band(&self, fit: Fit, tile: [u32; 2]) -> (u32, u32) {
        chunks_band(fit, tile, fit.limits.max_loop_iterations / 2)
    }

    fn dispatch(&self, plan: &mut Plan, fit: Fit, band: BandAt) {
        let chunks = chunks_dispatch(plan, fit, band);
        sum_dispatch(plan, fit, chunks);
    }

    fn diagram(&self) -> Option<Diagram> {
        Some(CHUNKS_DIAGRAM)
    }

}

/// The diagram's run of a chunks step: chunks of three pixels, four at once.
pub(super) const CHUNKS_DIAGRAM: Diagram = Diagram {
    chunk: ChunkShape {
        width: 3,
        height: 1,
    },
    slots: 4,
    ..Diagram::ARTICLE
};

/// The largest band of a tile `tile[0]` wide whose chunks fit one binding, as
/// many as `most` allows, in whole chunks within a dispatch's workgroups: as
/// wide as the tile (a band wider than it would be cut to it, its chunks'
/// room spent on nothing), as many rows as the chunks left allow.
pub(super) fn chunks_band(fit: Fit, tile: [u32; 2], most: u64) -> (u32, u32) {
    let (limits, chunk, max) = (fit.limits, fit.chunk, fit.limits.max_texture);
    let wg = limits.max_workgroups as u64;
    let max_chunks = (limits.max_chunk_bytes / (fit.spec.len() as u64 * 4))
        .max(1)
        .min(most);
    let across = (tile[0].min(max).div_ceil(chunk.width) as u64)
        .min(wg)
        .min(max_chunks)
        .max(1);
    let down = (max_chunks / across).min(wg);
    let width = (across as u32 * chunk.width).min(max);
    let height = (down as u32).saturating_mul(chunk.height).min(max);
    (width, height)
}

/// The chunks kernel over a band, a workgroup a chunk; the band's chunks.
pub(super) fn chunks_dispatch(plan: &mut Plan, fit: Fit, band: BandAt) -> u32 {
    let chunks = fit.chunks_in(band.size) as u32;
    let across = band.size[0].div_ceil(fit.chunk.width);
    let grid = [across, chunks / across, 1];
    plan.dispatch(CHUNKS, Some(band.tile), band.slot, grid);
    chunks
}

/// The sum: one invocation a bin adds the first `summed` chunks to the bins.
pub(super) fn sum_dispatch(plan: &mut Plan, fit: Fit, summed: u32) {
    let slot = plan.slot([summed, 0, 0, 0]);
    let groups = fit.spec.len().div_ceil(SUM_GROUP as usize) as u32;
    plan.dispatch(SUM, None, slot, [groups, 1, 1]);
}

