//! Past the article: one pass over a small grid of workgroups, each counting many
//! pixels into its own bins in workgroup memory, then adding them to the result.

use super::{Fit, Regrid, Step};
use crate::gpu::grid::privatized_groups;
use crate::gpu::kernels::{Bind, Kernel, Workgroup};
use crate::gpu::plan::{BandAt, Plan};

pub const PRIVATIZED: Kernel = Kernel {
    name: "privatized",
    wgsl: include_str!("privatized.wgsl"),
    workgroup: Workgroup::Fixed(256),
    binds: &[Bind::Bins, Bind::Tile, Bind::Uniform],
    does: "workgroups count into private bins",
};

pub struct Privatized;

impl Step for Privatized {
    fn name(&self) -> &'static str {
        "privatized"
    }

    fn label(&self) -> &'static str {
        "privatized (ours)"
    }

    fn timed(&self) -> bool {
        true
    }

    fn kernels(&self) -> &'static [Kernel] {
        &[PRIVATIZED]
    }

    /// An invocation's busiest loop (over channels) runs channels times for each
    /// of its pixels; at most max_workgroups x 256 invocations share a band.
    fn band(&self, fit: Fit, tile: [u32; 2]) -> (u32, u32) {
        let per_invocation = fit.limits.max_loop_iterations / fit.spec.channels.count() as u64;
        let invocations = fit.limits.max_workgroups as u64 * 256;
        fit.rows(tile, per_invocation.saturating_mul(invocations))
    }

    fn dispatch(&self, plan: &mut Plan, fit: Fit, band: BandAt) {
        let groups = privatized_groups(band.size, fit.limits.max_workgroups);
        plan.dispatch(PRIVATIZED, Some(band.tile), band.slot, [groups, 1, 1]);
    }

    /// One workgroup of 256 on the introduction's picture: 42 invocations with a
    /// pixel each, the rest straight to the barrier; three add the private bins.
    fn diagram(&self) -> Option<super::Diagram> {
        Some(super::Diagram::ARTICLE)
    }

    fn regrid(&self) -> Option<Regrid> {
        Some(|_spec, size, max_workgroups| [privatized_groups(size, max_workgroups), 1, 1])
    }
}
