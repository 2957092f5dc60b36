//! Past the article: the privatized pass (../privatized) with a subgroup's lanes
//! agreeing before they add, one atomicAdd a distinct bin of the subgroup, where
//! the GPU offers subgroups.

use super::{Fit, Step};
use crate::gpu::grid::privatized_groups;
use crate::gpu::kernels::{Bind, Kernel, Workgroup};
use crate::gpu::plan::{BandAt, Plan};

pub const SUBGROUPS: Kernel = Kernel {
    name: "subgroups",
    wgsl: include_str!("subgroups.wgsl"),
    workgroup: Workgroup::Fixed(256),
    binds: &[Bind::Bins, Bind::Tile, Bind::Uniform],
};

pub struct Subgroups;

impl Step for Subgroups {
    fn name(&self) -> &'static str {
        "subgroups"
    }

    fn kernels(&self) -> &'static [Kernel] {
        &[SUBGROUPS]
    }

    fn features(&self) -> wgpu::Features {
        wgpu::Features::SUBGROUP
    }

    /// The privatized kernel's bands: its loops are the same but for the
    /// subgroup's rounds, at most one a lane.
    fn band(&self, fit: Fit, tile: [u32; 2]) -> (u32, u32) {
        super::privatized::Privatized.band(fit, tile)
    }

    fn dispatch(&self, plan: &mut Plan, fit: Fit, band: BandAt) {
        let groups = privatized_groups(band.size, fit.limits.max_workgroups);
        plan.dispatch(SUBGROUPS, Some(band.tile), band.slot, [groups, 1, 1]);
    }
}
