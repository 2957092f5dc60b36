//! Past the article: the privatized pass (../privatized) with a subgroup's lanes
//! voting on whether they all hold one colour, and then adding once for all,
//! where the GPU offers subgroups.

use super::{Diagram, Fit, Step};
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

    /// A sky over a field, one workgroup, in subgroups of the sizes GPUs have.
    fn diagram(&self) -> Option<Diagram> {
        Some(Diagram {
            picture: crate::sim::sky_picture,
            lanes: &[4, 8, 16, 32, 64],
            ..Diagram::ARTICLE
        })
    }
}

/// `source` (this kernel's) with its subgroup size kept in `labGuard[1]` and each
/// atomicAdd to workgroup memory counted in `labGuard[2]`, each on the line it
/// follows (the lab's guard declares `labGuard`); `None` where a line it edits is
/// not there once.
pub fn tallied(source: &str) -> Option<String> {
    let edits = [
        (
            "@builtin(subgroup_invocation_id) lane: u32,",
            " @builtin(subgroup_size) labLanes: u32,",
        ),
        (
            "let alike = subgroupAll(!has | (colour == firstColour));",
            " atomicMax(&labGuard[1], labLanes);",
        ),
        ("atomicAdd(&bins[bin], lanes);", " atomicAdd(&labGuard[2], 1u);"),
        ("atomicAdd(&bins[bin], 1u);", " atomicAdd(&labGuard[2], 1u);"),
    ];
    let mut text = source.to_string();
    for (line, add) in edits {
        if text.matches(line).count() != 1 {
            return None;
        }
        text = text.replacen(line, &format!("{line}{add}"), 1);
    }
    Some(text)
}
