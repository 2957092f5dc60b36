//! One invocation a pixel, each a plain read-add-write on the shared bins: the
//! race the article shows, counts lost on purpose. atomicAdd (../atomic) is the
//! same step (`PerPixel`) with its add made indivisible.

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
    does: "an invocation a pixel, plain adds",
};

/// A step of one invocation a pixel: its kernel and how a pixel's bin is added to.
pub struct PerPixel {
    pub name: &'static str,
    pub label: &'static str,
    pub kernels: &'static [Kernel],
    pub add: Add,
}

#[allow(non_upper_case_globals)] // named as every step is, for `steps!`
pub const Race: PerPixel = PerPixel {
    name: "race",
    label: "race",
    kernels: &[RACE],
    add: Add::Plain,
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
        self.add == Add::Atomic
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

    /// Each pixel's invocation: its position, the bounds check, then its pixel
    /// counted.
    fn program(&self, image: &Image, spec: Spec, chunk: ChunkShape, _lanes: u32) -> Vec<Planned> {
        const POSITION: &str = "let position = global_invocation_id.xy;";
        let (groups, planned) = per_pixel(image, chunk, |_, _, pixel| {
            let mut ops = vec![Op::Line(POSITION)];
            match pixel {
                Some([x, y]) => {
                    ops.push(Op::Line(lines::INSIDE));
                    ops.extend(pixel_ops(image, spec, x, y, self.add, None));
                }
                None => ops.push(Op::Return(lines::INSIDE)),
            }
            ops
        });
        vec![Planned {
            pass: Pass::of(self.kernels[0], groups, chunk.invocations(), None),
            groups: planned,
        }]
    }
}
