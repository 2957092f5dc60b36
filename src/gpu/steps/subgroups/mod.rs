//! Past the article: the privatized pass (../privatized) with a subgroup's lanes
//! voting on whether they all hold one colour, and then adding once for all,
//! where the GPU offers subgroups.

use super::{Fit, Step};
use crate::gpu::grid::privatized_groups;
use crate::gpu::kernels::{Bind, Kernel, Workgroup};
use crate::gpu::plan::{BandAt, Plan};

pub const SUBGROUPS: Kernel = Kernel {
    name: "subgroups",
    wgsl: include_str!("subgroups.wgsl"),
    workgroup: Workgroup::Fixed(256),
    binds: &[Bind::Bins, Bind::Tile, Bind::Uniform],
    does: "a subgroup of one colour adds once",
};

pub struct Subgroups;

impl Step for Subgroups {
    fn name(&self) -> &'static str {
        "subgroups"
    }

    fn label(&self) -> &'static str {
        "subgroups (ours)"
    }

    fn timed(&self) -> bool {
        true
    }

    fn kernels(&self) -> &'static [Kernel] {
        &[SUBGROUPS]
    }

    fn features(&self) -> wgpu::Features {
        wgpu::Features::SUBGROUP
    }

    /// The privatized kernel's bands: its loops are the same.
    fn band(&self, fit: Fit, tile: [u32; 2]) -> (u32, u32) {
        super::privatized::Privatized.band(fit, tile)
    }

    fn dispatch(&self, plan: &mut Plan, fit: Fit, band: BandAt) {
        let groups = privatized_groups(band.size, fit.limits.max_workgroups);
        plan.dispatch(SUBGROUPS, Some(band.tile), band.slot, [groups, 1, 1]);
    }
}
