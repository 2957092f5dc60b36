//! The article's first GPU step: one invocation walks every pixel of the band.

use super::{Diagram, Fit, Step};
use crate::gpu::kernels::{Bind, ChunkShape, Kernel, Workgroup};
use crate::gpu::plan::{BandAt, Plan};
use crate::histogram::Spec;
use crate::image::Image;
use crate::sim::programs::{pixel_ops, Add, Op, Planned};
use crate::sim::Pass;

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

    fn program(&self, image: &Image, spec: Spec, _chunk: ChunkShape, _lanes: u32) -> Vec<Planned> {
        const FOR_Y: &str = "for (var y = 0u; y < band.size.y; y++)";
        const FOR_X: &str = "for (var x = 0u; x < band.size.x; x++)";
        let mut ops = Vec::new();
        for y in 0..image.height() {
            ops.push(Op::Line(FOR_Y));
            for x in 0..image.width() {
                ops.push(Op::Line(FOR_X));
                ops.extend(pixel_ops(image, spec, x, y, Add::Plain, None));
            }
        }
        vec![Planned {
            pass: Pass::of(SINGLE, [1, 1], 1, None),
            groups: vec![vec![([0, 0], ops)]],
        }]
    }
}
