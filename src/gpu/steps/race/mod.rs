//! One invocation a pixel, each a plain read-add-write on the shared bins: the
//! race the article shows, counts lost on purpose. atomicAdd (../atomic) is the
//! same step (`PerPixel`) with its add made indivisible.

use super::{Diagram, Fit, Shaped, Step};
use crate::gpu::kernels::{Bind, ChunkShape, Kernel, Workgroup};
use crate::gpu::plan::{BandAt, Plan};

pub const RACE: Kernel = Kernel {
    name: "race",
    wgsl: include_str!("race.wgsl"),
    workgroup: Workgroup::Chunk,
    binds: &[Bind::Bins, Bind::Tile, Bind::Uniform],
    does: "an invocation a pixel, plain adds",
};

/// A step of one invocation a pixel: its kernel and how a pixel's bin is added to.
pub struct PerPixel {
    pub name: &'static str,
    pub label: &'static str,
    pub kernels: &'static [Kernel],
    /// Whether its adds are atomic (else it races and loses counts).
    pub atomic: bool,
}

#[allow(non_upper_case_globals)] // named as every step is, for `steps!`
pub const Race: PerPixel = PerPixel {
    name: "race",
    label: "race",
    kernels: &[RACE],
    atomic: false,
};

impl Step for PerPixel {
    fn name(&self) -> &'static str {
        self.name
    }

    fn label(&self) -> &'static str {
        self.label
    }

    /// The article's table times atomicAdd, not the race that loses counts.
    fn timed(&self) -> bool {
        self.exact()
    }

    fn kernels(&self) -> &'static [Kernel] {
        self.kernels
    }

    fn exact(&self) -> bool {
        self.atomic
    }

    fn shaped(&self) -> Shaped {
        Shaped::Workgroup
    }

    /// One invocation a workgroup, as the article starts.
    fn default_shape(&self) -> ChunkShape {
        ChunkShape::ONE
    }

    /// As many workgroups as a dispatch may have.
    fn band(&self, fit: Fit, _tile: [u32; 2]) -> (u32, u32) {
        let (max, wg, chunk) = (fit.limits.max_texture, fit.limits.max_workgroups, fit.chunk);
        (
            max.min(wg.saturating_mul(chunk.width)),
            max.min(wg.saturating_mul(chunk.height)),
        )
    }

    /// A workgroup a chunk of pixels.
    fn dispatch(&self, plan: &mut Plan, fit: Fit, band: BandAt) {
        let groups = [
            band.size[0].div_ceil(fit.chunk.width),
            band.size[1].div_ceil(fit.chunk.height),
        ];
        let grid = [groups[0], groups[1], 1];
        plan.dispatch(self.kernels[0], Some(band.tile), band.slot, grid);
    }

    /// A workgroup of one, four running at once.
    fn diagram(&self) -> Option<Diagram> {
        Some(Diagram {
            slots: 4,
            ..Diagram::ARTICLE
        })
    }

}
