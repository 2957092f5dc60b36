//! The methods (the article's steps), the WGSL kernels they dispatch, and a cache
//! of compiled pipelines.

use super::device::{compute_pipeline, Gpu};
use crate::histogram::Spec;
use std::collections::HashMap;

/// A way to compute the histogram on the GPU, named after the article's steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// One invocation loops over every pixel.
    Single,
    /// One invocation per pixel, no atomics: loses counts (on purpose).
    Race,
    /// One invocation per pixel with atomicAdd on storage memory.
    Atomic,
    /// The same atomicAdd per pixel from a fragment shader: a full-screen triangle
    /// in a render pass, the rasterizer handing out the pixels.
    Fragment,
    /// Workgroup chunks in workgroup memory, then one workgroup sums the chunks.
    ChunksSum,
    /// Workgroup chunks, then a pairwise reduction, one dispatch per step.
    ChunksReduce,
    /// Beyond the article: one pass over a fixed grid of workgroups, each counting
    /// many pixels in workgroup memory, then one atomicAdd per bin to the result.
    Privatized,
    /// The privatized pass over pixels in a storage buffer, four per load, with
    /// replicated workgroup histograms against contention.
    Packed,
    /// Samples as stored, 16 bits each (an 8-bit picture's too), in any number of
    /// bins up to 65536: one channel a workgroup (shaders/steps/deep.wgsl).
    Deep,
}

/// What a method reads the image from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    Texture,
    /// RGBA8 pixels packed in a storage buffer.
    Buffer,
    /// RGBA samples of 16 bits packed in a storage buffer (`GpuImage::upload_deep`).
    Deep,
}

impl Method {
    pub const ALL: [Method; 9] = [
        Method::Single,
        Method::Race,
        Method::Atomic,
        Method::Fragment,
        Method::ChunksSum,
        Method::ChunksReduce,
        Method::Privatized,
        Method::Packed,
        Method::Deep,
    ];

    /// The fastest exact method (measured: bench/results).
    pub const FASTEST: Method = Method::Packed;

    pub fn name(self) -> &'static str {
        match self {
            Method::Single => "single",
            Method::Race => "race",
            Method::Atomic => "atomic",
            Method::Fragment => "fragment",
            Method::ChunksSum => "chunks-sum",
            Method::ChunksReduce => "chunks-reduce",
            Method::Privatized => "privatized",
            Method::Packed => "packed",
            Method::Deep => "deep",
        }
    }

    pub fn parse(name: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.name() == name)
    }

    /// The kernels dispatched, in order.
    pub fn kernels(self) -> &'static [Kernel] {
        match self {
            Method::Single => &[Kernel::Single],
            Method::Race => &[Kernel::Race],
            Method::Atomic => &[Kernel::Atomic],
            Method::Fragment => &[Kernel::Fragment],
            Method::ChunksSum => &[Kernel::Chunks, Kernel::Sum],
            Method::ChunksReduce => &[Kernel::Chunks, Kernel::Reduce, Kernel::Sum],
            Method::Privatized => &[Kernel::Privatized],
            Method::Packed => &[Kernel::Packed],
            Method::Deep => &[Kernel::Deep],
        }
    }

    pub fn input(self) -> Input {
        match self {
            Method::Packed => Input::Buffer,
            Method::Deep => Input::Deep,
            _ => Input::Texture,
        }
    }

    /// Whether the result is the exact histogram (only the race is not).
    pub fn exact(self) -> bool {
        self != Method::Race
    }

    pub fn uses_chunks(self) -> bool {
        self.kernels().contains(&Kernel::Chunks)
    }

    /// Whether the method's workgroups take a `ChunkShape`: the chunks a workgroup
    /// counts, or the one-invocation-per-pixel kernels' workgroup of pixels.
    pub fn uses_shape(self) -> bool {
        self.uses_chunks() || matches!(self, Method::Race | Method::Atomic)
    }

    /// The shape a run takes unless told otherwise: one invocation a workgroup for
    /// the race and atomicAdd (as the article starts), 256x1 chunks for the rest.
    pub fn default_shape(self) -> ChunkShape {
        match self {
            Method::Race | Method::Atomic => ChunkShape::ONE,
            _ => ChunkShape::default(),
        }
    }
}

/// One WGSL file of shaders/.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kernel {
    Single,
    Race,
    Atomic,
    /// A render pipeline (vertex and fragment shader), not a compute kernel.
    Fragment,
    Chunks,
    Sum,
    Reduce,
    Privatized,
    Packed,
    Scale,
    /// Scopes (src/gpu/scope_passes.rs): a histogram for every column.
    Waveform,
    /// Scopes: a two-dimensional histogram of chroma.
    Vectorscope,
    /// 16-bit pictures, and more bins than the others hold.
    Deep,
    /// Floating-point (HDR) pictures: their range, then their counts (src/gpu/hdr_passes.rs).
    Hdr,
}

/// Bins a channel that one deep workgroup holds: 4096 of 32 bits fill the 16 KB
/// of workgroup memory WebGPU promises (shaders/steps/deep.wgsl).
pub const DEEP_PRIVATE_BINS: u32 = 4096;

const COMMON: &str = include_str!("../../shaders/steps/common.wgsl");

impl Kernel {
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Single => "single",
            Kernel::Race => "race",
            Kernel::Atomic => "atomic",
            Kernel::Fragment => "fragment",
            Kernel::Chunks => "chunks",
            Kernel::Sum => "sum",
            Kernel::Reduce => "reduce",
            Kernel::Privatized => "privatized",
            Kernel::Packed => "packed",
            Kernel::Scale => "scale",
            Kernel::Waveform => "waveform",
            Kernel::Vectorscope => "vectorscope",
            Kernel::Deep => "deep",
            Kernel::Hdr => "hdr",
        }
    }

    /// The entry point a run of `spec` dispatches: the deep kernel's `csGlobal`
    /// when a channel's bins do not fit a workgroup.
    pub fn entry(self, spec: Spec) -> &'static str {
        if self == Kernel::Deep && spec.num_bins > DEEP_PRIVATE_BINS {
            "csGlobal"
        } else {
            "cs"
        }
    }

    fn wgsl(self) -> &'static str {
        match self {
            Kernel::Single => include_str!("../../shaders/steps/single.wgsl"),
            Kernel::Race => include_str!("../../shaders/steps/race.wgsl"),
            Kernel::Atomic => include_str!("../../shaders/steps/atomic.wgsl"),
            Kernel::Fragment => include_str!("../../shaders/steps/fragment.wgsl"),
            Kernel::Chunks => include_str!("../../shaders/steps/chunks.wgsl"),
            Kernel::Sum => include_str!("../../shaders/steps/sum.wgsl"),
            Kernel::Reduce => include_str!("../../shaders/steps/reduce.wgsl"),
            Kernel::Privatized => include_str!("../../shaders/steps/privatized.wgsl"),
            Kernel::Packed => include_str!("../../shaders/steps/packed.wgsl"),
            Kernel::Scale => include_str!("../../shaders/draw/scale.wgsl"),
            Kernel::Waveform => include_str!("../../shaders/scope/waveform.wgsl"),
            Kernel::Vectorscope => include_str!("../../shaders/scope/vectorscope.wgsl"),
            Kernel::Deep => include_str!("../../shaders/steps/deep.wgsl"),
            Kernel::Hdr => include_str!("../../shaders/steps/hdr.wgsl"),
        }
    }

    /// The complete WGSL compiled for these parameters: the injected constants, the
    /// shared helpers, then the kernel. This is what the pages show.
    pub fn source(self, spec: Spec, chunk: ChunkShape) -> String {
        with_constants(spec, chunk, self.wgsl())
    }
}

/// WGSL `body` with the injected constants and the shared helpers in front.
pub fn with_constants(spec: Spec, chunk: ChunkShape, body: &str) -> String {
    format!(
        "// Injected by the GPU core for this run.\n\
         const numBins = {}u;\nconst channels = {}u;\n\
         const chunkWidth = {}u;\nconst chunkHeight = {}u;\n\n{COMMON}\n{body}",
        spec.num_bins,
        spec.channels.count(),
        chunk.width,
        chunk.height,
    )
}

/// The pixels one workgroup covers, one invocation each: the chunks kernel's chunk,
/// or the race and atomicAdd kernels' workgroup; for the packed kernel, its
/// workgroup's invocations (`width`), each of which covers many pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChunkShape {
    pub width: u32,
    pub height: u32,
}

impl Default for ChunkShape {
    /// The article's final choice: a row of 256 pixels.
    fn default() -> Self {
        ChunkShape {
            width: 256,
            height: 1,
        }
    }
}

impl ChunkShape {
    /// One invocation a workgroup.
    pub const ONE: ChunkShape = ChunkShape {
        width: 1,
        height: 1,
    };

    /// The article's first choice: 16x16 pixels.
    pub const SQUARE: ChunkShape = ChunkShape {
        width: 16,
        height: 16,
    };

    /// Parses "256x1" or "16x16".
    pub fn parse(text: &str) -> Option<ChunkShape> {
        let (w, h) = text.split_once('x')?;
        let shape = ChunkShape {
            width: w.trim().parse().ok()?,
            height: h.trim().parse().ok()?,
        };
        (shape.width > 0 && shape.height > 0).then_some(shape)
    }

    pub fn invocations(self) -> u32 {
        self.width * self.height
    }
}

/// Compiled pipelines, one per kernel and parameters, made on first use.
#[derive(Default)]
pub struct Kernels {
    pipelines: HashMap<(Kernel, Spec, ChunkShape, &'static str), wgpu::ComputePipeline>,
    render_pipelines: HashMap<(Kernel, Spec), wgpu::RenderPipeline>,
}

/// The colour target a counting render pass needs and never writes.
pub const UNUSED_TARGET: wgpu::TextureFormat = wgpu::TextureFormat::R8Unorm;

impl Kernels {
    pub fn pipeline(
        &mut self,
        gpu: &Gpu,
        kernel: Kernel,
        spec: Spec,
        chunk: ChunkShape,
    ) -> wgpu::ComputePipeline {
        self.pipeline_at(gpu, kernel, spec, chunk, "cs")
    }

    /// The pipeline of a kernel's entry point `entry` (a kernel with another
    /// for GPUs a CPU emulates: the scopes' `csColumn`).
    pub fn pipeline_at(
        &mut self,
        gpu: &Gpu,
        kernel: Kernel,
        spec: Spec,
        chunk: ChunkShape,
        entry: &'static str,
    ) -> wgpu::ComputePipeline {
        // Only these kernels' workgroups take the shape (the packed kernel's: its
        // invocations, `Limits::packed_invocations`).
        let chunk = if matches!(
            kernel,
            Kernel::Chunks | Kernel::Race | Kernel::Atomic | Kernel::Packed
        ) {
            chunk
        } else {
            ChunkShape::default()
        };
        self.pipelines
            .entry((kernel, spec, chunk, entry))
            .or_insert_with(|| {
                let module = trusted_module(gpu, kernel, spec, chunk);
                let size = [("workgroupSize", f64::from(chunk.invocations()))];
                let constants: &[(&str, f64)] = if kernel == Kernel::Packed { &size } else { &[] };
                compute_pipeline(
                    &gpu.device,
                    kernel.name(),
                    (&module, entry),
                    constants,
                    None,
                )
            })
            .clone()
    }

    /// The render pipeline of a kernel counted by fragments (Kernel::Fragment):
    /// its vertex shader `vs` covers the viewport, its fragment shader `fs` counts,
    /// and its one colour target is never written.
    pub fn render_pipeline(
        &mut self,
        gpu: &Gpu,
        kernel: Kernel,
        spec: Spec,
    ) -> wgpu::RenderPipeline {
        self.render_pipelines
            .entry((kernel, spec))
            .or_insert_with(|| {
                let module = trusted_module(gpu, kernel, spec, ChunkShape::default());
                gpu.device
                    .create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                        label: Some(kernel.name()),
                        layout: None,
                        vertex: wgpu::VertexState {
                            module: &module,
                            entry_point: Some("vs"),
                            compilation_options: Default::default(),
                            buffers: &[],
                        },
                        fragment: Some(wgpu::FragmentState {
                            module: &module,
                            entry_point: Some("fs"),
                            compilation_options: Default::default(),
                            targets: &[Some(wgpu::ColorTargetState {
                                format: UNUSED_TARGET,
                                blend: None,
                                write_mask: wgpu::ColorWrites::empty(),
                            })],
                        }),
                        primitive: Default::default(),
                        depth_stencil: None,
                        multisample: Default::default(),
                        multiview_mask: None,
                        cache: None,
                    })
            })
            .clone()
    }
}

fn trusted_module(gpu: &Gpu, kernel: Kernel, spec: Spec, chunk: ChunkShape) -> wgpu::ShaderModule {
    let desc = wgpu::ShaderModuleDescriptor {
        label: Some(kernel.name()),
        source: wgpu::ShaderSource::Wgsl(kernel.source(spec, chunk).into()),
    };
    // Without naga's runtime bounds checks: on an H100 they doubled the packed
    // kernel's time (docs/DECISIONS.md, 8). SAFETY: every index these kernels compute is in
    // range by construction: bins come from binOf (clamped to numBins - 1) times
    // channels plus a channel below channels; pixel, chunk and bin loops stop at the
    // sizes their buffers were made for (tests/native/gpu_methods.rs checks every method
    // on odd sizes). Browsers ignore this and always check.
    unsafe {
        gpu.device
            .create_shader_module_trusted(desc, wgpu::ShaderRuntimeChecks::unchecked())
    }
}
