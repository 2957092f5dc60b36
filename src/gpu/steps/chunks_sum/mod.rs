//! The article's workgroups: each counts a chunk of pixels in workgroup memory
//! and copies it out (chunks.wgsl), then one invocation a bin adds every chunk
//! up (sum.wgsl). Chunks + reduce (../chunks_reduce) sums them otherwise.

use super::{Diagram, Fit, Shaped, Step};
use crate::gpu::kernels::{Bind, ChunkShape, Kernel, Workgroup};
use crate::gpu::plan::{BandAt, Plan};
use crate::histogram::Spec;
use crate::image::Image;
use crate::sim::programs::{lines, per_pixel, pixel_ops, Add, Op, Planned, Plus, Reg};
use crate::sim::{Memory, Pass};

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
    binds: &[Bind::Bins, Bind::Chunks, Bind::Uniform],
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
    fn band(&self, fit: Fit, _tile: [u32; 2]) -> (u32, u32) {
        chunks_band(fit, fit.limits.max_loop_iterations / 2)
    }

    fn dispatch(&self, plan: &mut Plan, fit: Fit, band: BandAt) {
        let chunks = chunks_dispatch(plan, fit, band);
        sum_dispatch(plan, fit, chunks);
    }

    fn diagram(&self) -> Option<Diagram> {
        Some(CHUNKS_DIAGRAM)
    }

    fn program(&self, image: &Image, spec: Spec, chunk: ChunkShape, _lanes: u32) -> Vec<Planned> {
        let chunks = chunks_program(image, spec, chunk);
        let count = chunks.groups.len() as u32;
        vec![chunks, sum_program(spec, count)]
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

/// The largest band whose chunks fit one binding, as many as `most` allows, in
/// whole chunks within a dispatch's workgroups.
pub(super) fn chunks_band(fit: Fit, most: u64) -> (u32, u32) {
    let (limits, chunk, max) = (fit.limits, fit.chunk, fit.limits.max_texture);
    let wg = limits.max_workgroups as u64;
    let max_chunks = (limits.max_chunk_bytes / (fit.spec.len() as u64 * 4))
        .max(1)
        .min(most);
    let across = (max.div_ceil(chunk.width) as u64).min(wg).min(max_chunks);
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

/// Each chunk's invocations: its pixel counted in workgroup memory, the barrier,
/// then its share of the chunk's bins copied out.
pub(super) fn chunks_program(image: &Image, spec: Spec, chunk: ChunkShape) -> Planned {
    const CHUNK_POSITION: &str =
        "let position = workgroup_id.xy * vec2u(chunkWidth, chunkHeight)";
    const BARRIER: &str = "workgroupBarrier();";
    const CHUNK: &str = "let chunk = workgroup_id.y * chunksAcross + workgroup_id.x;";
    const COPY_LOOP: &str =
        "for (var i = local_invocation_index; i < numBins * channels; i += chunkSize)";
    const COPY: &str = "chunks[chunk][i] = atomicLoad(&bins[i]);";
    let entries = spec.len() as u32;
    let (groups, planned) = per_pixel(image, chunk, |group, index, pixel| {
        let mut ops = vec![Op::Line(CHUNK_POSITION)];
        if let Some([x, y]) = pixel {
            ops.push(Op::Line(lines::INSIDE));
            ops.extend(pixel_ops(image, spec, x, y, Add::Atomic, Some(group)));
        }
        ops.push(Op::Barrier(BARRIER));
        ops.push(Op::Line(CHUNK));
        for bin in (index..entries).step_by(chunk.invocations() as usize) {
            ops.push(Op::Line(COPY_LOOP));
            ops.push(Op::Peek(COPY, Memory::Local { group, bin }));
            let to = Memory::Chunk { chunk: group, bin };
            ops.push(Op::Store(COPY, to, Plus::Zero));
        }
        ops
    });
    Planned {
        pass: Pass::of(CHUNKS, groups, chunk.invocations(), None),
        groups: planned,
    }
}

/// The sum: one invocation a bin, over the first `summed` chunks, eight a step.
pub(super) fn sum_program(spec: Spec, summed: u32) -> Planned {
    const SUM_BIN: &str = "let bin = global_invocation_id.x;";
    const SUM_EIGHT: &str = "for (; chunk + 8u <= sum.numChunks; chunk += 8u)";
    const SUM_PARTIAL: &str = "partial[k] += chunks[chunk + k][bin];";
    const SUM_REST: &str = "for (; chunk < sum.numChunks; chunk++)";
    const SUM_ONE: &str = "total += chunks[chunk][bin];";
    const SUM_PARTIALS: &str = "total += partial[k];";
    const SUM_STORE: &str = "bins[bin] += total;";
    let entries = spec.len() as u32;
    let sum_groups = entries.div_ceil(SUM_GROUP);
    let mut planned = Vec::new();
    for g in 0..sum_groups {
        let mut invocations = Vec::new();
        for lane in 0..SUM_GROUP.min(entries - g * SUM_GROUP) {
            let bin = g * SUM_GROUP + lane;
            let mut ops = vec![Op::Line(SUM_BIN)];
            let mut c = 0;
            while c + 8 <= summed {
                ops.push(Op::Line(SUM_EIGHT));
                for k in 0..8 {
                    let at = Memory::Chunk { chunk: c + k, bin };
                    ops.push(Op::Load(SUM_PARTIAL, at, Reg::Acc));
                }
                c += 8;
            }
            while c < summed {
                ops.push(Op::Line(SUM_REST));
                ops.push(Op::Load(SUM_ONE, Memory::Chunk { chunk: c, bin }, Reg::Acc));
                c += 1;
            }
            if summed >= 8 {
                ops.push(Op::Line(SUM_PARTIALS));
            }
            ops.push(Op::Load(SUM_STORE, Memory::Bins { bin }, Reg::Tmp));
            ops.push(Op::Store(SUM_STORE, Memory::Bins { bin }, Plus::Acc));
            invocations.push(([lane, 0], ops));
        }
        planned.push(invocations);
    }
    Planned {
        pass: Pass {
            idle: sum_groups * SUM_GROUP - entries,
            ..Pass::of(SUM, [sum_groups, 1], SUM_GROUP, None)
        },
        groups: planned,
    }
}
