//! The article's first GPU step: one invocation walks every pixel of the band.

use super::{Diagram, Fit, Step};
use crate::gpu::kernels::{Bind, Kernel, Workgroup};
use crate::gpu::plan::{BandAt, Plan};

pub const SINGLE: Kernel = Kernel {
    name: "single",
    wgsl: include_str!("single.wgsl"),
    workgroup: Workgroup::Fixed(1),
    binds: &[Bind::Bins, Bind::Tile, Bind::Uniform],
    does: "one invocation walks every pixel",
};

pub struct Single;

impl Step for Single {
    fn name(&self) -> &'static str {
        "single"
    }

    fn label(&self) -> &'static str {
        "single"
    }

    fn timed(&self) -> bool {
        true
    }

    fn kernels(&self) -> &'static [Kernel] {
        &[SINGLE]
    }

    /// Its loops over the rows, their pixels and the channels count together
    /// against the device's loop budget: on llvmpipe a luminance band of 65400
    /// pixels in 218 rows lost counts where one of 39900 did not
    /// (bench/probes/probe_loops.rs).
    fn band(&self, fit: Fit, tile: [u32; 2]) -> (u32, u32) {
        let channels = fit.spec.channels.count() as u64;
        fit.rows(tile, fit.limits.max_loop_iterations / (channels + 1))
    }

    fn dispatch(&self, plan: &mut Plan, _fit: Fit, band: BandAt) {
        plan.dispatch(SINGLE, Some(band.tile), band.slot, [1, 1, 1]);
    }

    fn diagram(&self) -> Option<Diagram> {
        Some(Diagram {
            ..Diagram::ARTICLE
        })
    }

}
