//! How a run is cut to fit the device: its limits and the grids of the kernels
//! whose workgroups share a picture out.

use super::device::Gpu;
use crate::histogram::Spec;

/// Bins a channel that one deep workgroup holds: 4096 of 32 bits fill the 16 KB
/// of workgroup memory WebGPU promises (src/gpu/steps/deep/deep.wgsl).
pub const DEEP_PRIVATE_BINS: u32 = 4096;

/// The device limits that decide tiles and bands. Tests shrink them to force the
/// banded path on small images.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub max_texture: u32,
    pub max_workgroups: u32,
    /// The largest chunks buffer one binding may hold.
    pub max_chunk_bytes: u64,
    /// Iterations one shader loop may run. Mesa's llvmpipe (lavapipe) silently stops a
    /// loop after 65535, so the single invocation and the sum walk less per band there.
    pub max_loop_iterations: u64,
    /// Invocations in a packed workgroup: 512 where a real GPU allows them (on an
    /// H100 the kernel took 3-14% less time than with 256 from 1920x1080 to
    /// 8192x8192, noise excepted: docs/DECISIONS.md, 7), 256 where the GPU is a CPU.
    pub packed_invocations: u32,
}

impl Limits {
    pub fn of(gpu: &Gpu) -> Limits {
        let l = gpu.limits();
        Limits {
            max_texture: l.max_texture_dimension_2d,
            max_workgroups: l.max_compute_workgroups_per_dimension,
            max_chunk_bytes: l.max_storage_buffer_binding_size.min(l.max_buffer_size),
            // llvmpipe: Firefox's software adapter here, whose single invocation
            // over the default picture counted nothing. Shorter loops cost a few
            // more passes on a GPU the CPU emulates; a silent stop costs the counts.
            max_loop_iterations: if gpu.is_llvmpipe() { 65535 } else { u64::MAX },
            packed_invocations: if !gpu.is_cpu()
                && l.max_compute_invocations_per_workgroup >= 512
                && l.max_compute_workgroup_size_x >= 512
            {
                512
            } else {
                256
            },
        }
    }
}

/// How many pixels each invocation of the privatized kernel counts, on average:
/// enough to amortise its workgroup's final flush of the bins.
const PRIVATIZED_PIXELS_PER_INVOCATION: u64 = 32;

/// Workgroups of the privatized kernel for a band: the band's pixels are shared out
/// in reading order.
pub fn privatized_groups(size: [u32; 2], max_workgroups: u32) -> u32 {
    let pixels = size[0] as u64 * size[1] as u64;
    let groups = pixels.div_ceil(256 * PRIVATIZED_PIXELS_PER_INVOCATION);
    groups.clamp(1, max_workgroups as u64) as u32
}

/// Most pixels one deep workgroup may count: its counts are 16 bits.
pub(super) const DEEP_GROUP_PIXELS: u64 = 65535;

/// Pieces of a band the deep kernel shares out: about 32 pixels an invocation, as
/// the privatized kernel, and never more than `DEEP_GROUP_PIXELS` a workgroup
/// (`upload_deep_with` keeps a tile within `max_workgroups` of those).
pub(crate) fn deep_groups(size: [u32; 2], max_workgroups: u32) -> u32 {
    let pixels = size[0] as u64 * size[1] as u64;
    let least = pixels
        .div_ceil(DEEP_GROUP_PIXELS)
        .min(max_workgroups as u64) as u32;
    privatized_groups(size, max_workgroups).max(least)
}

/// The deep kernel's grid for `groups` pieces: where a channel's bins fit a
/// workgroup (`cs`), x the workgroups of a piece (each counting as many channels
/// as 8192 16-bit counts hold) so that they run together, y the piece; past that
/// one workgroup a piece (`csGlobal`).
pub(crate) fn deep_grid(spec: Spec, groups: u32) -> [u32; 3] {
    if spec.num_bins <= DEEP_PRIVATE_BINS {
        let per_group = (2 * DEEP_PRIVATE_BINS / spec.num_bins).clamp(1, spec.channels.count());
        [spec.channels.count().div_ceil(per_group), groups, 1]
    } else {
        [groups, 1, 1]
    }
}

/// Workgroups of the packed kernel (of 256 invocations) for `quads` quads of pixels.
/// Every workgroup adds its 1024 bins to the same result at the end, and on an H100
/// that flush cost more than reading with fewer workgroups (docs/DECISIONS.md, 7): 128
/// workgroups counted 1920x1080 in 10 us where 506 took 14.5. So: at least 32
/// quads an invocation (or 4, for small images) and at least 128 workgroups, at
/// most 1024, in steps of 128: a grid just past a multiple of a GPU's processor
/// count leaves a few processors a second workgroup while the rest sit idle (138
/// workgroups on the H100's 132 took 17.7 us where 128 took 13.6).
pub fn packed_groups(quads: u64) -> u64 {
    const STEP: u64 = 128;
    let at_least = |per_invocation: u64| quads.div_ceil(256 * per_invocation);
    let groups = at_least(32) / STEP * STEP;
    groups.max(at_least(4).min(STEP)).clamp(1, 1024)
}
