//! The article's last step: the same chunks (../chunks_sum), added in pairs,
//! one dispatch a stride, until chunk 0 holds the band's histogram, which the
//! sum then adds to the bins.

use super::chunks_sum::{
    chunks_band, chunks_dispatch, chunks_program, sum_dispatch, sum_program, CHUNKS,
    CHUNKS_DIAGRAM, SUM, SUM_GROUP,
};
use super::{Diagram, Fit, Shaped, Step};
use crate::gpu::kernels::{Bind, ChunkShape, Kernel, Workgroup};
use crate::gpu::plan::{BandAt, Plan};
use crate::histogram::Spec;
use crate::image::Image;
use crate::sim::programs::{Op, Planned, Plus, Reg};
use crate::sim::{Memory, Pass};

pub const REDUCE: Kernel = Kernel {
    name: "reduce",
    wgsl: include_str!("reduce.wgsl"),
    workgroup: Workgroup::Fixed(SUM_GROUP),
    binds: &[Bind::Chunks, Bind::Uniform],
    does: "adds chunks in pairs",
};

pub struct ChunksReduce;

impl Step for ChunksReduce {
    fn name(&self) -> &'static str {
        "chunks-reduce"
    }

    fn label(&self) -> &'static str {
        "chunks + reduce"
    }

    fn timed(&self) -> bool {
        true
    }

    fn kernels(&self) -> &'static [Kernel] {
        &[CHUNKS, REDUCE, SUM]
    }

    fn shaped(&self) -> Shaped {
        Shaped::Chunk
    }

    fn band(&self, fit: Fit, _tile: [u32; 2]) -> (u32, u32) {
        chunks_band(fit, u64::MAX)
    }

    /// Pairwise steps, each timed as a pass of its own, until chunk 0 holds the
    /// band's histogram; then the sum over that one chunk.
    fn dispatch(&self, plan: &mut Plan, fit: Fit, band: BandAt) {
        let chunks = chunks_dispatch(plan, fit, band);
        let mut stride = 1;
        while stride < chunks {
            let pairs = chunks.div_ceil(stride * 2);
            let x = pairs.min(fit.limits.max_workgroups);
            let slot = plan.slot([stride, chunks, 0, 0]);
            plan.dispatch(REDUCE, None, slot, [x, pairs.div_ceil(x), 1]).pass =
                format!("reduce, stride {stride}");
            stride *= 2;
        }
        sum_dispatch(plan, fit, 1);
    }

    fn diagram(&self) -> Option<Diagram> {
        Some(CHUNKS_DIAGRAM)
    }

    fn program(&self, image: &Image, spec: Spec, chunk: ChunkShape, _lanes: u32) -> Vec<Planned> {
        const PAIR: &str = "let chunk0 = pair * uni.stride * 2u;";
        const PARTNER: &str = "if (chunk1 >= uni.numChunks)";
        const REDUCE_LOOP: &str =
            "for (var i = local_invocation_index; i < numBins * channels; i += 256u)";
        const REDUCE_ADD: &str = "chunks[chunk0][i] += chunks[chunk1][i];";
        let entries = spec.len() as u32;
        let chunks = chunks_program(image, spec, chunk);
        let count = chunks.groups.len() as u32;
        let mut passes = vec![chunks];
        let mut stride = 1;
        while stride < count {
            let pairs = count.div_ceil(stride * 2);
            let mut planned = Vec::new();
            for pair in 0..pairs {
                let (chunk0, chunk1) = (pair * stride * 2, pair * stride * 2 + stride);
                let mut invocations = Vec::new();
                for lane in 0..entries.min(SUM_GROUP) {
                    let mut ops = vec![Op::Line(PAIR)];
                    if chunk1 >= count {
                        ops.push(Op::Return(PARTNER));
                    } else {
                        ops.push(Op::Line(PARTNER));
                        for bin in (lane..entries).step_by(SUM_GROUP as usize) {
                            ops.push(Op::Line(REDUCE_LOOP));
                            let c0 = Memory::Chunk { chunk: chunk0, bin };
                            let c1 = Memory::Chunk { chunk: chunk1, bin };
                            ops.push(Op::Load(REDUCE_ADD, c1, Reg::Acc));
                            ops.push(Op::Load(REDUCE_ADD, c0, Reg::Tmp));
                            ops.push(Op::Store(REDUCE_ADD, c0, Plus::Acc));
                        }
                    }
                    invocations.push(([lane, 0], ops));
                }
                planned.push(invocations);
            }
            passes.push(Planned {
                pass: Pass {
                    idle: SUM_GROUP - entries.min(SUM_GROUP),
                    ..Pass::of(REDUCE, [pairs, 1], SUM_GROUP, Some(stride))
                },
                groups: planned,
            });
            stride *= 2;
        }
        passes.push(sum_program(spec, 1));
        passes
    }
}
