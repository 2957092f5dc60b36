//! Past the article: the privatized pass over pixels packed in a storage buffer,
//! four a load, with replicated workgroup histograms against contention.

use super::{Fit, Step};
use crate::gpu::grid::packed_groups;
use crate::gpu::kernels::{Bind, Input, Kernel, Workgroup};
use crate::gpu::plan::{BandAt, Plan};

pub const PACKED: Kernel = Kernel {
    name: "packed",
    wgsl: include_str!("packed.wgsl"),
    workgroup: Workgroup::Packed,
    binds: &[Bind::Bins, Bind::Tile, Bind::Uniform],
    does: "four pixels a load, bins in copies",
};

pub struct Packed;

impl Step for Packed {
    fn name(&self) -> &'static str {
        "packed"
    }

    fn label(&self) -> &'static str {
        "packed (ours)"
    }

    fn timed(&self) -> bool {
        true
    }

    fn kernels(&self) -> &'static [Kernel] {
        &[PACKED]
    }

    fn input(&self) -> Input {
        Input::Buffer
    }

    /// A packed tile is read whole: `GpuImage::upload_packed` sized it.
    fn band(&self, _fit: Fit, _tile: [u32; 2]) -> (u32, u32) {
        (u32::MAX, u32::MAX)
    }

    /// The introduction's picture, packed: ten quads and two pixels over, a
    /// workgroup of a CPU's 256 (its `workgroupSize`), its bins in four copies.
    fn diagram(&self) -> Option<super::Diagram> {
        Some(super::Diagram::ARTICLE)
    }

    fn dispatch(&self, plan: &mut Plan, fit: Fit, band: BandAt) {
        let quads = (band.size[0] as u64 * band.size[1] as u64).div_ceil(4);
        let groups = packed_groups(quads).min(fit.limits.max_workgroups as u64);
        plan.dispatch(PACKED, Some(band.tile), band.slot, [groups as u32, 1, 1]);
    }
}
