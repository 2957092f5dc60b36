//! The article's unlinked step: the atomicAdd per pixel from a fragment shader, a
//! triangle over a viewport of the band's size, the rasterizer handing out pixels.

use super::{Fit, Step};
use crate::gpu::kernels::{Bind, Kernel, Workgroup};
use crate::gpu::plan::{BandAt, Plan};

pub const FRAGMENT: Kernel = Kernel {
    name: "fragment",
    wgsl: include_str!("fragment.wgsl"),
    workgroup: Workgroup::Draw,
    binds: &[Bind::Bins, Bind::Tile, Bind::Uniform],
    does: "a fragment a pixel",
};

pub struct Fragment;

impl Step for Fragment {
    fn name(&self) -> &'static str {
        "fragment"
    }

    fn label(&self) -> &'static str {
        "fragment"
    }

    fn kernels(&self) -> &'static [Kernel] {
        &[FRAGMENT]
    }

    /// A draw's viewport, and so its target, is at most a texture's size.
    fn band(&self, fit: Fit, _tile: [u32; 2]) -> (u32, u32) {
        (fit.limits.max_texture, fit.limits.max_texture)
    }

    /// A draw, not a dispatch: the viewport is the band's size.
    /// A fragment a pixel, four at once, as the atomic step's workgroups of one.
    fn diagram(&self) -> Option<super::Diagram> {
        Some(super::Diagram {
            slots: 4,
            ..super::Diagram::ARTICLE
        })
    }

    fn dispatch(&self, plan: &mut Plan, _fit: Fit, band: BandAt) {
        let [w, h] = band.size;
        plan.dispatch(FRAGMENT, Some(band.tile), band.slot, [w, h, 1]);
    }
}
