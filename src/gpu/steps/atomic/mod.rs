//! The race fixed: one invocation a pixel, each adding to its bins by atomicAdd.

use super::race::PerPixel;
use crate::gpu::kernels::{Bind, Kernel, Workgroup};

pub const ATOMIC: Kernel = Kernel {
    name: "atomic",
    wgsl: include_str!("atomic.wgsl"),
    workgroup: Workgroup::Chunk,
    binds: &[Bind::Bins, Bind::Tile, Bind::Uniform],
    does: "an invocation a pixel, atomicAdd",
};

#[allow(non_upper_case_globals)] // named as every step is, for `steps!`
pub const Atomic: PerPixel = PerPixel {
    name: "atomic",
    label: "pixel/workgroup",
    kernels: &[ATOMIC],
    atomic: true,
};
