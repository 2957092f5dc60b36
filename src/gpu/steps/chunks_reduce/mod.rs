//! The article's last step: the same chunks (../chunks_sum), added in pairs,
//! one dispatch a stride, until chunk 0 holds the band's histogram, which the
//! sum then adds to the bins.

use super::chunks_sum::{
    chunks_band, chunks_dispatch, sum_dispatch, CHUNKS,
    CHUNKS_DIAGRAM, SUM, SUM_GROUP,
};
use super::{Diagram, Fit, Shaped, Step};
use crate::gpu::kernels::{Bind, Kernel, Workgroup};
use crate::gpu::plan::{BandAt, Plan};

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

    fn band(&self, fit: Fit, tile: [u32; 2]) -> (u32, u32) {
        chunks_band(fit, tile, u64::MAX)
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
            // Named by its kernel and stride, "reduce:4", which the page words.
            plan.dispatch(REDUCE, None, slot, [x, pairs.div_ceil(x), 1]).pass =
                format!("reduce:{stride}");
            stride *= 2;
        }
        sum_dispatch(plan, fit, 1);
    }

    fn diagram(&self) -> Option<Diagram> {
        Some(CHUNKS_DIAGRAM)
    }

}
