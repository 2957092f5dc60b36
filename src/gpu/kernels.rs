//! A kernel (one WGSL file, its workgroup and what it binds), the chunk shape,
//! the constants every kernel is compiled with, and a cache of compiled
//! pipelines. The counting kernels belong to their steps (src/gpu/steps/).

use super::device::{compute_pipeline, Gpu};
use super::grid::Limits;
use crate::histogram::Spec;
use std::collections::HashMap;

/// One WGSL file: its name, its text, its workgroup and its bindings in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kernel {
    pub name: &'static str,
    pub wgsl: &'static str,
    pub workgroup: Workgroup,
    /// What a run binds at 0, 1, 2...: empty for a kernel no step dispatches.
    pub binds: &'static [Bind],
    /// What its pass does, in a few words (the pages' tables of passes).
    pub does: &'static str,
}

/// How many invocations a kernel's workgroup has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Workgroup {
    /// Fixed in its WGSL.
    Fixed(u32),
    /// The run's chunk shape: `chunkWidth` x `chunkHeight`, injected.
    Chunk,
    /// `Limits::packed_invocations`, through the `workgroupSize` override.
    Packed,
    /// None: a draw, a fragment a pixel (a vertex and a fragment shader).
    Draw,
}

impl Workgroup {
    /// The shape its module is compiled with for a run of `chunk`.
    pub fn shape(self, chunk: ChunkShape, limits: Limits) -> ChunkShape {
        match self {
            Workgroup::Chunk => chunk,
            Workgroup::Packed => ChunkShape {
                width: limits.packed_invocations,
                height: 1,
            },
            Workgroup::Fixed(_) | Workgroup::Draw => ChunkShape::default(),
        }
    }

    /// Invocations a workgroup in a run of `chunk` (a draw's: one a fragment).
    pub fn invocations(self, chunk: ChunkShape, limits: Limits) -> u32 {
        match self {
            Workgroup::Fixed(n) => n,
            Workgroup::Draw => 1,
            _ => self.shape(chunk, limits).invocations(),
        }
    }
}

/// What a binding of a counting kernel is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bind {
    /// The result: `Spec::len` u32s, interleaved.
    Bins,
    /// The chunks' histograms, one per workgroup of the chunks kernel.
    Chunks,
    /// The same, read only (the sum pass).
    ChunksRead,
    /// The band's tile: a texture, or packed pixels in a storage buffer.
    Tile,
    /// The dispatch's uniform slot (a band, a reduce step, the sum).
    Uniform,
    /// A deep picture's samples uniform (its width and largest value).
    Samples,
}

impl Bind {
    /// Its type in the layout a run gives the kernel, the picture (`input`) read
    /// only: an edited text that declares a binding otherwise is refused, never
    /// let write what the page owns.
    fn layout(self, input: Input) -> wgpu::BindingType {
        let buffer = |ty| wgpu::BindingType::Buffer {
            ty,
            has_dynamic_offset: false,
            min_binding_size: None,
        };
        let storage = |read_only| buffer(wgpu::BufferBindingType::Storage { read_only });
        match (self, input) {
            (Bind::Bins | Bind::Chunks, _) => storage(false),
            (Bind::ChunksRead, _) | (Bind::Tile, Input::Buffer | Input::Deep) => storage(true),
            (Bind::Tile, Input::Texture) => wgpu::BindingType::Texture {
                sample_type: wgpu::TextureSampleType::Float { filterable: false },
                view_dimension: wgpu::TextureViewDimension::D2,
                multisampled: false,
            },
            (Bind::Uniform | Bind::Samples, _) => buffer(wgpu::BufferBindingType::Uniform),
        }
    }
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

const COMMON: &str = include_str!("steps/common.wgsl");

impl Kernel {
    /// A kernel no step dispatches (the scale pass, the scopes', HDR's), its
    /// workgroup fixed in its WGSL.
    pub const fn fixed(name: &'static str, wgsl: &'static str, does: &'static str) -> Kernel {
        Kernel {
            name,
            wgsl,
            workgroup: Workgroup::Fixed(0),
            binds: &[],
            does,
        }
    }

    /// The complete WGSL compiled for these parameters: the injected constants, the
    /// shared helpers, then the kernel. This is what the pages show.
    pub fn source(self, spec: Spec, chunk: ChunkShape) -> String {
        with_constants(spec, chunk, self.wgsl)
    }
}

/// The constants the GPU core injects in front of every kernel, with their values.
fn injected(spec: Spec, chunk: ChunkShape) -> [(&'static str, u32); 4] {
    [
        ("numBins", spec.num_bins),
        ("channels", spec.channels.count()),
        ("chunkWidth", chunk.width),
        ("chunkHeight", chunk.height),
    ]
}

/// WGSL `body` with the injected constants and the shared helpers in front; its
/// directives (`enable`, `diagnostic`), which must come first, before them.
pub fn with_constants(spec: Spec, chunk: ChunkShape, body: &str) -> String {
    let directive = |l: &&str| l.starts_with("enable ") || l.starts_with("diagnostic(");
    let (directives, body) = if body.lines().any(|l| directive(&l)) {
        let keep = |d: bool| -> String {
            let lines = body.lines().filter(|l| directive(l) == d);
            lines.map(|l| format!("{l}\n")).collect()
        };
        (keep(true), keep(false))
    } else {
        (String::new(), body.to_string())
    };
    let constants: String = injected(spec, chunk)
        .iter()
        .map(|(name, value)| format!("const {name} = {value}u;\n"))
        .collect();
    format!("{directives}// Injected by the GPU core for this run.\n{constants}\n{COMMON}\n{body}")
}

/// A kernel's complete text (a lab's edit of `source`) with the injected
/// constants' values made `spec`'s and `chunk`'s, line for line: the diagrams play
/// a visitor's edit on their tiny picture with 3 bins. A constant whose line was
/// edited away is left as the text has it.
pub fn rebased(text: &str, spec: Spec, chunk: ChunkShape) -> String {
    let constants = injected(spec, chunk);
    text.split_inclusive('\n')
        .map(|line| {
            let value = constants.iter().find(|(name, _)| {
                line.strip_prefix("const ")
                    .and_then(|l| l.strip_prefix(name))
                    .is_some_and(|l| l.trim_start().starts_with('='))
            });
            match value {
                Some((name, value)) => {
                    let end = if line.ends_with('\n') { "\n" } else { "" };
                    format!("const {name} = {value}u;{end}")
                }
                None => line.to_string(),
            }
        })
        .collect()
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
    /// The article's chunk: a row of 256 pixels.
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

    /// 16x16 pixels, the shape the article wonders may be better.
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
    pipelines: HashMap<Key, wgpu::ComputePipeline>,
    render_pipelines: HashMap<(Kernel, Spec, Input), wgpu::RenderPipeline>,
    layouts: HashMap<(Kernel, Input), wgpu::PipelineLayout>,
    lab: Option<Lab>,
}

/// A compute pipeline's kernel, parameters, entry point and, for a counting
/// kernel, where its run reads the picture (its layout).
type Key = (Kernel, Spec, ChunkShape, &'static str, Option<Input>);

/// The kernel lab's texts, compiled in place of the kernels' own (each with
/// whether it binds the lab's guard), and the guard's buffer (src/gpu/lab.rs).
struct Lab {
    texts: HashMap<&'static str, (String, bool)>,
    guard: wgpu::Buffer,
}

/// The colour target a counting render pass needs and never writes.
pub const UNUSED_TARGET: wgpu::TextureFormat = wgpu::TextureFormat::R8Unorm;

impl Kernels {
    /// Pipelines of `texts` in place of the kernels of those names, checked as any
    /// text from a visitor is; those that bind it bind `guard` after the kernel's
    /// own bindings.
    pub fn lab(texts: HashMap<&'static str, (String, bool)>, guard: wgpu::Buffer) -> Kernels {
        Kernels {
            lab: Some(Lab { texts, guard }),
            ..Kernels::default()
        }
    }

    /// The lab's guard, where `kernel`'s text binds it.
    pub fn guard_of(&self, kernel: Kernel) -> Option<&wgpu::Buffer> {
        let lab = self.lab.as_ref()?;
        lab.texts
            .get(kernel.name)
            .filter(|(_, binds)| *binds)
            .map(|_| &lab.guard)
    }

    fn module(
        &self,
        gpu: &Gpu,
        kernel: Kernel,
        spec: Spec,
        chunk: ChunkShape,
    ) -> wgpu::ShaderModule {
        match self.lab.as_ref().and_then(|lab| lab.texts.get(kernel.name)) {
            Some((text, _)) => gpu
                .device
                .create_shader_module(wgpu::ShaderModuleDescriptor {
                    label: Some(kernel.name),
                    source: wgpu::ShaderSource::Wgsl(text.as_str().into()),
                }),
            None => trusted_module(gpu, kernel, spec, chunk),
        }
    }

    /// The pipeline of a kernel's entry point `cs`, compiled with `chunk` (a
    /// kernel whose workgroup is not the chunk takes `ChunkShape::default()`).
    pub fn pipeline(
        &mut self,
        gpu: &Gpu,
        kernel: Kernel,
        spec: Spec,
        chunk: ChunkShape,
    ) -> wgpu::ComputePipeline {
        self.pipeline_at(gpu, kernel, spec, chunk, ("cs", None))
    }

    /// The pipeline of a kernel's entry point `entry` (a kernel with another
    /// for GPUs a CPU emulates: the scopes' `csColumn`): laid out by its WGSL, or
    /// for a counting kernel whose run reads the picture from `input`, as the run
    /// binds it (`Bind::layout`).
    pub fn pipeline_at(
        &mut self,
        gpu: &Gpu,
        kernel: Kernel,
        spec: Spec,
        chunk: ChunkShape,
        (entry, input): (&'static str, Option<Input>),
    ) -> wgpu::ComputePipeline {
        self.compute(gpu, (kernel, spec, chunk, entry, input))
    }

    fn compute(&mut self, gpu: &Gpu, key: Key) -> wgpu::ComputePipeline {
        if let Some(pipeline) = self.pipelines.get(&key) {
            return pipeline.clone();
        }
        let (kernel, spec, chunk, entry, input) = key;
        let module = self.module(gpu, kernel, spec, chunk);
        let layout = input.map(|input| self.layout(gpu, kernel, input));
        let size = [("workgroupSize", f64::from(chunk.invocations()))];
        let constants: &[(&str, f64)] = if kernel.workgroup == Workgroup::Packed {
            &size
        } else {
            &[]
        };
        let pipeline = compute_pipeline(
            &gpu.device,
            kernel.name,
            (&module, entry),
            constants,
            layout.as_ref(),
        );
        self.pipelines.insert(key, pipeline.clone());
        pipeline
    }

    /// A counting kernel's layout: its bindings as a run reading `input` binds
    /// them, then the lab's guard where its text binds it.
    fn layout(&mut self, gpu: &Gpu, kernel: Kernel, input: Input) -> wgpu::PipelineLayout {
        let guard = self.guard_of(kernel).is_some();
        let visibility = match kernel.workgroup {
            Workgroup::Draw => wgpu::ShaderStages::FRAGMENT,
            _ => wgpu::ShaderStages::COMPUTE,
        };
        self.layouts
            .entry((kernel, input))
            .or_insert_with(|| {
                let guard = guard.then_some(wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Storage { read_only: false },
                    has_dynamic_offset: false,
                    min_binding_size: None,
                });
                let entries: Vec<wgpu::BindGroupLayoutEntry> = kernel
                    .binds
                    .iter()
                    .map(|bind| bind.layout(input))
                    .chain(guard)
                    .enumerate()
                    .map(|(binding, ty)| wgpu::BindGroupLayoutEntry {
                        binding: binding as u32,
                        visibility,
                        ty,
                        count: None,
                    })
                    .collect();
                let group = gpu
                    .device
                    .create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                        label: Some(kernel.name),
                        entries: &entries,
                    });
                gpu.device
                    .create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                        label: Some(kernel.name),
                        bind_group_layouts: &[Some(&group)],
                        immediate_size: 0,
                    })
            })
            .clone()
    }

    /// The render pipeline of a kernel counted by fragments (`Workgroup::Draw`):
    /// its vertex shader `vs` covers the viewport, its fragment shader `fs` counts,
    /// and its one colour target is never written; laid out as the run binds it.
    pub fn render_pipeline(
        &mut self,
        gpu: &Gpu,
        kernel: Kernel,
        spec: Spec,
        input: Input,
    ) -> wgpu::RenderPipeline {
        if let Some(pipeline) = self.render_pipelines.get(&(kernel, spec, input)) {
            return pipeline.clone();
        }
        let module = self.module(gpu, kernel, spec, ChunkShape::default());
        let layout = self.layout(gpu, kernel, input);
        self.render_pipelines
            .entry((kernel, spec, input))
            .or_insert_with(|| {
                gpu.device
                    .create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                        label: Some(kernel.name),
                        layout: Some(&layout),
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

/// WGSL as this device compiles it. Naga (wgpu 30) refuses the `enable subgroups;`
/// browsers require (the device's SUBGROUP feature gives it the builtins), so
/// natively the directive goes, leaving its line (the compiler's lines stay the text's).
pub(super) fn as_compiled(text: &str) -> String {
    #[cfg(not(target_arch = "wasm32"))]
    return text.replace("enable subgroups;", "");
    #[cfg(target_arch = "wasm32")]
    text.to_string()
}

fn trusted_module(gpu: &Gpu, kernel: Kernel, spec: Spec, chunk: ChunkShape) -> wgpu::ShaderModule {
    let source = as_compiled(&kernel.source(spec, chunk));
    let desc = wgpu::ShaderModuleDescriptor {
        label: Some(kernel.name),
        source: wgpu::ShaderSource::Wgsl(source.into()),
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
