//! Samples as stored, 16 bits each (an 8-bit picture's too), in any number of
//! bins up to 65536, by the exact rule of src/deep.rs.

use super::{Fit, Regrid, Step};
use crate::gpu::grid::{deep_grid, deep_groups, DEEP_PRIVATE_BINS};
use crate::gpu::kernels::{Bind, Input, Kernel, Workgroup};
use crate::gpu::plan::{BandAt, Plan};

pub const DEEP: Kernel = Kernel {
    name: "deep",
    wgsl: include_str!("deep.wgsl"),
    workgroup: Workgroup::Fixed(256),
    binds: &[Bind::Bins, Bind::Tile, Bind::Uniform, Bind::Samples],
    does: "16-bit samples into private bins",
};

pub struct Deep;

impl Step for Deep {
    fn name(&self) -> &'static str {
        "deep"
    }

    fn label(&self) -> &'static str {
        "deep: 16 bits (ours)"
    }

    fn kernels(&self) -> &'static [Kernel] {
        &[DEEP]
    }

    fn input(&self) -> Input {
        Input::Deep
    }

    fn max_bins(&self) -> u32 {
        u32::MAX
    }

    /// A deep tile is read whole: `GpuImage::upload_deep` sized it.
    fn band(&self, _fit: Fit, _tile: [u32; 2]) -> (u32, u32) {
        (u32::MAX, u32::MAX)
    }

    /// `cs` where a channel's bins fit a workgroup, `csGlobal` past that.
    fn dispatch(&self, plan: &mut Plan, fit: Fit, band: BandAt) {
        let groups = deep_groups(band.size, fit.limits.max_workgroups);
        let grid = deep_grid(fit.spec, groups);
        let dispatch = plan.dispatch(DEEP, Some(band.tile), band.slot, grid);
        if fit.spec.num_bins > DEEP_PRIVATE_BINS {
            dispatch.entry = "csGlobal";
        }
    }

    fn regrid(&self) -> Option<Regrid> {
        Some(|spec, size, max_workgroups| deep_grid(spec, deep_groups(size, max_workgroups)))
    }
}
