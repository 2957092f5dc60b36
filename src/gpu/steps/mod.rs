//! The article's steps and the kernels past them, each in a folder of its own:
//! its WGSL, how a picture is cut into bands for it, what it dispatches and
//! binds, and the run its diagram plays (the simulator runs its WGSL itself,
//! src/sim/). Adding a step is a folder here and a line of `steps!`.

use super::device::{Gpu, GpuError};
use super::kernels::{ChunkShape, Input, Kernel};
use super::plan::{BandAt, Fit, Plan};
use crate::histogram::{Spec, MAX_KERNEL_BINS};
use crate::image::Image;

/// What a step is to the GPU core, the simulator and the pages.
pub trait Step: Sync {
    /// Its name on the command line, in the pages' addresses and in JSON.
    fn name(&self) -> &'static str;
    /// What the pages call it in their choices and tables.
    fn label(&self) -> &'static str;
    /// Whether the timings page times it beside the article's.
    fn timed(&self) -> bool {
        false
    }
    /// The kernels it dispatches, in order.
    fn kernels(&self) -> &'static [Kernel];
    /// What it reads the picture from.
    fn input(&self) -> Input {
        Input::Texture
    }
    /// Whether its result is the exact histogram (only the race's is not).
    fn exact(&self) -> bool {
        true
    }
    /// Whether its workgroups take a `ChunkShape`, and as what.
    fn shaped(&self) -> Shaped {
        Shaped::No
    }
    /// The shape a run takes unless told otherwise.
    fn default_shape(&self) -> ChunkShape {
        ChunkShape::default()
    }
    /// Most bins a channel it counts.
    fn max_bins(&self) -> u32 {
        MAX_KERNEL_BINS
    }
    /// The device features it needs (beyond WebGPU's core).
    fn features(&self) -> wgpu::Features {
        wgpu::Features::empty()
    }
    /// The largest band it takes in one dispatch, in a tile of `tile` pixels.
    fn band(&self, fit: Fit, tile: [u32; 2]) -> (u32, u32);
    /// Its dispatches over one band (and the uniform slots they read).
    fn dispatch(&self, plan: &mut Plan, fit: Fit, band: BandAt);
    /// For a step whose one dispatch can move to another region of the same
    /// texture (a live region): how it grids a region.
    fn regrid(&self) -> Option<Regrid> {
        None
    }
    /// The run its chapter's diagram plays: the chunk (or workgroup) and the
    /// workgroups at once; `None` where the simulator does not run it.
    fn diagram(&self) -> Option<Diagram> {
        None
    }
}

/// A step's grid for a region of `size` pixels under `max_workgroups`.
pub type Regrid = fn(spec: Spec, size: [u32; 2], max_workgroups: u32) -> [u32; 3];

/// Refuses parameters the device cannot compile or run, with the reason.
pub(crate) fn check_fits(
    gpu: &Gpu,
    method: Method,
    spec: Spec,
    chunk: ChunkShape,
) -> Result<(), GpuError> {
    let step = method.step();
    if spec.num_bins > step.max_bins() {
        return Err(GpuError(format!(
            "{} counts at most {} bins a channel, not {}; the deep kernel counts more",
            method.name(),
            step.max_bins(),
            spec.num_bins
        )));
    }
    if let Some(reason) = method.lacks(gpu) {
        return Err(GpuError(reason));
    }
    let l = gpu.limits();
    let workgroup_bytes = spec.len() as u32 * 4;
    if method.uses_shape()
        && (chunk.invocations() > l.max_compute_invocations_per_workgroup
            || chunk.width > l.max_compute_workgroup_size_x
            || chunk.height > l.max_compute_workgroup_size_y)
    {
        let what = if method.uses_chunks() {
            "chunk"
        } else {
            "workgroup"
        };
        return Err(GpuError(format!(
            "a {}x{} {what} needs more invocations per workgroup than this GPU allows ({})",
            chunk.width, chunk.height, l.max_compute_invocations_per_workgroup
        )));
    }
    if method.uses_chunks() && workgroup_bytes > l.max_compute_workgroup_storage_size {
        return Err(GpuError(format!(
            "{} bins x {} channels need {workgroup_bytes} bytes of workgroup memory; this GPU has {}",
            spec.num_bins,
            spec.channels.count(),
            l.max_compute_workgroup_storage_size
        )));
    }
    Ok(())
}

/// What a step's workgroups take of a `ChunkShape`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shaped {
    No,
    /// One invocation a pixel, a workgroup of that shape (the race, atomicAdd).
    Workgroup,
    /// Its chunks, counted in workgroup memory.
    Chunk,
}

/// The run a chapter's diagram plays.
#[derive(Clone, Copy, Debug)]
pub struct Diagram {
    pub chunk: ChunkShape,
    pub slots: u32,
    /// The tiny picture it runs on.
    pub picture: fn() -> Image,
    /// The subgroup sizes it plays, where its kernel has subgroups.
    pub lanes: &'static [u32],
}

impl Diagram {
    /// The article's steps' diagram: its introduction's picture, no subgroups.
    pub const ARTICLE: Diagram = Diagram {
        chunk: ChunkShape::ONE,
        slots: 1,
        picture: crate::sim::intro_picture,
        lanes: &[],
    };
}

/// The registry: each step's method, its folder, in the chapters' order.
macro_rules! steps {
    ($($(#[$doc:meta])* $variant:ident => $module:ident,)*) => {
        $(mod $module;)*

        /// A way to compute the histogram on the GPU: one of the steps.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Method {
            $($(#[$doc])* $variant,)*
        }

        const COUNT: usize = [$(stringify!($variant)),*].len();

        impl Method {
            pub const ALL: [Method; COUNT] = [$(Method::$variant,)*];

            /// Its step: everything about it.
            pub fn step(self) -> &'static dyn Step {
                match self {
                    $(Method::$variant => &$module::$variant,)*
                }
            }
        }
    };
}

/// The subgroups kernel with its subgroups counted, for its diagram's check.
pub(crate) use subgroups::tallied as subgroups_tallied;

steps! {
    /// One invocation loops over every pixel.
    Single => single,
    /// One invocation per pixel, no atomics: loses counts (on purpose).
    Race => race,
    /// One invocation per pixel with atomicAdd on storage memory.
    Atomic => atomic,
    /// The same atomicAdd per pixel from a fragment shader: a full-screen triangle
    /// in a render pass, the rasterizer handing out the pixels.
    Fragment => fragment,
    /// Workgroup chunks in workgroup memory, then one workgroup sums the chunks.
    ChunksSum => chunks_sum,
    /// Workgroup chunks, then a pairwise reduction, one dispatch per step.
    ChunksReduce => chunks_reduce,
    /// Beyond the article: one pass over a fixed grid of workgroups, each counting
    /// many pixels in workgroup memory, then one atomicAdd per bin to the result.
    Privatized => privatized,
    /// The privatized pass over pixels in a storage buffer, four per load, with
    /// replicated workgroup histograms against contention.
    Packed => packed,
    /// Samples as stored, 16 bits each (an 8-bit picture's too), in any number of
    /// bins up to 65536: one channel a workgroup.
    Deep => deep,
    /// The privatized pass with a subgroup's lanes adding each distinct bin once.
    Subgroups => subgroups,
}

impl Method {
    /// The fastest exact method (measured: bench/results).
    pub const FASTEST: Method = Method::Packed;

    pub fn name(self) -> &'static str {
        self.step().name()
    }

    pub fn parse(name: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.name() == name)
    }

    /// The kernels dispatched, in order.
    pub fn kernels(self) -> &'static [Kernel] {
        self.step().kernels()
    }

    pub fn input(self) -> Input {
        self.step().input()
    }

    /// Whether the result is the exact histogram (only the race is not).
    pub fn exact(self) -> bool {
        self.step().exact()
    }

    /// Whether its workgroups count chunks in workgroup memory.
    pub fn uses_chunks(self) -> bool {
        self.step().shaped() == Shaped::Chunk
    }

    /// Whether the method's workgroups take a `ChunkShape`: the chunks a workgroup
    /// counts, or the one-invocation-per-pixel kernels' workgroup of pixels.
    pub fn uses_shape(self) -> bool {
        self.step().shaped() != Shaped::No
    }

    /// The shape a run takes unless told otherwise.
    pub fn default_shape(self) -> ChunkShape {
        self.step().default_shape()
    }

    /// Whether `gpu`'s device can run it (the subgroups step needs subgroups).
    pub fn runs_on(self, gpu: &Gpu) -> bool {
        self.lacks(gpu).is_none()
    }

    /// Why `gpu`'s device cannot run it, in a sentence; `None` where it can.
    pub fn lacks(self, gpu: &Gpu) -> Option<String> {
        self.missing(gpu).map(|what| {
            format!(
                "the {} kernel needs {what}, which this GPU's device does not offer",
                self.name()
            )
        })
    }

    /// The features this method needs that `gpu` lacks, by name ("subgroups"),
    /// for a page to say in its own words; `None` where it has them all.
    pub fn missing(self, gpu: &Gpu) -> Option<String> {
        let missing = self.step().features() - gpu.features();
        (!missing.is_empty()).then(|| {
            if missing == wgpu::Features::SUBGROUP {
                "subgroups".to_string()
            } else {
                format!("{missing:?}")
            }
        })
    }
}
