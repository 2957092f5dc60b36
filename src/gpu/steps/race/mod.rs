//! One invocation a pixel, each a plain read-add-write on the shared bins: the
//! race the article shows, counts lost on purpose. atomicAdd (../atomic) is the
//! same grid with its add made indivisible.

use super::{Diagram, Fit, Shaped, Step};
use crate::gpu::kernels::{Bind, ChunkShape, Kernel, Workgroup};
use crate::gpu::plan::{BandAt, Plan};
use crate::histogram::Spec;
use crate::image::Image;
use crate::sim::programs::{lines, per_pixel, pixel_ops, Add, Op, Planned};
use crate::sim::Pass;

pub const RACE: Kernel = Kernel {
    name: "race",
    wgsl: include_str!("race.wgsl"),
    workgroup: Workgroup::Chunk,
    binds: &[Bind::Bins, Bind::Tile, Bind::Uniform],
};

pub struct Race;

impl Step for Race {
    fn name(&self) -> &'static str {
        "race"
    }

    fn kernels(&self) -> &'static [Kernel] {
        &[RACE]
    }

    fn exact(&self) -> bool {
        false
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
        per_pixel_dispatch(RACE, plan, fit, band);
    }

    fn diagram(&self) -> Option<Diagram> {
        Some(PER_PIXEL_DIAGRAM)
    }

    fn program(&self, image: &Image, spec: Spec, chunk: ChunkShape) -> Vec<Planned> {
        per_pixel_program(RACE, Add::Plain, image, spec, chunk)
    }
}

/// The diagram of a step of one invocation a pixel: a workgroup of one, four
/// running at once.
pub(super) const PER_PIXEL_DIAGRAM: Diagram = Diagram {
    chunk: ChunkShape::ONE,
    slots: 4,
};

/// A band of one invocation a pixel: as many workgroups as a dispatch may have.
pub(super) fn per_pixel_band(fit: Fit) -> (u32, u32) {
    let (max, wg, chunk) = (fit.limits.max_texture, fit.limits.max_workgroups, fit.chunk);
    (
        max.min(wg.saturating_mul(chunk.width)),
        max.min(wg.saturating_mul(chunk.height)),
    )
}

/// `kernel` over a band, a workgroup a chunk of pixels.
pub(super) fn per_pixel_dispatch(kernel: Kernel, plan: &mut Plan, fit: Fit, band: BandAt) {
    let groups = [
        band.size[0].div_ceil(fit.chunk.width),
        band.size[1].div_ceil(fit.chunk.height),
    ];
    plan.dispatch(kernel, Some(band.tile), band.slot, [groups[0], groups[1], 1]);
}

/// Each pixel's invocation: its position, the bounds check, then its pixel
/// counted by `add`.
pub(super) fn per_pixel_program(
    kernel: Kernel,
    add: Add,
    image: &Image,
    spec: Spec,
    chunk: ChunkShape,
) -> Vec<Planned> {
    const POSITION: &str = "let position = global_invocation_id.xy;";
    let (groups, planned) = per_pixel(image, chunk, |_, _, pixel| {
        let mut ops = vec![Op::Line(POSITION)];
        match pixel {
            Some([x, y]) => {
                ops.push(Op::Line(lines::INSIDE));
                ops.extend(pixel_ops(image, spec, x, y, add, None));
            }
            None => ops.push(Op::Return(lines::INSIDE)),
        }
        ops
    });
    vec![Planned {
        pass: Pass::of(kernel, groups, chunk.invocations(), None),
        groups: planned,
    }]
}
