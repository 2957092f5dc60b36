//! The race fixed: one invocation a pixel, each adding to its bins by atomicAdd.

use super::race::{per_pixel_band, per_pixel_dispatch, per_pixel_program, PER_PIXEL_DIAGRAM};
use super::{Diagram, Fit, Shaped, Step};
use crate::gpu::kernels::{Bind, ChunkShape, Kernel, Workgroup};
use crate::gpu::plan::{BandAt, Plan};
use crate::histogram::Spec;
use crate::image::Image;
use crate::sim::programs::{Add, Planned};

pub const ATOMIC: Kernel = Kernel {
    name: "atomic",
    wgsl: include_str!("atomic.wgsl"),
    workgroup: Workgroup::Chunk,
    binds: &[Bind::Bins, Bind::Tile, Bind::Uniform],
};

pub struct Atomic;

impl Step for Atomic {
    fn name(&self) -> &'static str {
        "atomic"
    }

    fn kernels(&self) -> &'static [Kernel] {
        &[ATOMIC]
    }

    fn shaped(&self) -> Shaped {
        Shaped::Workgroup
    }

    /// One invocation a workgroup, as the article starts.
    fn default_shape(&self) -> ChunkShape {
        ChunkShape::ONE
    }

    fn band(&self, fit: Fit, _tile: [u32; 2]) -> (u32, u32) {
        per_pixel_band(fit)
    }

    fn dispatch(&self, plan: &mut Plan, fit: Fit, band: BandAt) {
        per_pixel_dispatch(ATOMIC, plan, fit, band);
    }

    fn diagram(&self) -> Option<Diagram> {
        Some(PER_PIXEL_DIAGRAM)
    }

    fn program(&self, image: &Image, spec: Spec, chunk: ChunkShape) -> Vec<Planned> {
        per_pixel_program(ATOMIC, Add::Atomic, image, spec, chunk)
    }
}
