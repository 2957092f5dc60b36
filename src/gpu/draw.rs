//! Drawing on the GPU (part 2 of the article): the scale pass, histogram quads and
//! the cover-fit frame quad of the video page. Everything reads GPU buffers
//! directly; nothing is read back.

use crate::draw::CHANNEL_COLOURS;
use crate::gpu::{with_constants, ChunkShape, Gpu, Kernel, Kernels};
use crate::histogram::Spec;
use glam::{Mat4, Vec3};
use wgpu::util::DeviceExt;

/// One histogram drawn on the target: `rect` is x, y, width, height as fractions of
/// the target (y down from the top); `shown` lists the channels drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    pub rect: [f32; 4],
    pub shown: Vec<usize>,
}

impl Panel {
    /// A panel covering the whole target.
    pub fn full(shown: &[usize]) -> Panel {
        Panel {
            rect: [0.0, 0.0, 1.0, 1.0],
            shown: shown.to_vec(),
        }
    }
}

/// The 16 colours the fragment shader picks from: entry `mask` is the colour where
/// the bars of the channels in `mask` (bit 0 = R ... bit 3 = luminance) overlap,
/// the same "screen" blend as the CPU drawing; 0 is transparent.
pub fn palette(spec: Spec) -> [[f32; 4]; 16] {
    std::array::from_fn(|mask| {
        if mask == 0 {
            return [0.0; 4];
        }
        let mut rgb = [0u8; 3];
        for bit in (0..4).filter(|bit| mask & (1 << bit) != 0) {
            // With one channel, bit 0 is luminance.
            let colour = CHANNEL_COLOURS[if spec.channels.count() == 1 { 3 } else { bit }];
            rgb = [0, 1, 2].map(|k| rgb[k] | colour[k]);
        }
        [
            rgb[0] as f32 / 255.0,
            rgb[1] as f32 / 255.0,
            rgb[2] as f32 / 255.0,
            1.0,
        ]
    })
}

/// The uniform block of draw.wgsl: matrix, colours, channelMult (336 bytes).
fn panel_uniforms(spec: Spec, panel: &Panel) -> Vec<u8> {
    let [x, y, w, h] = panel.rect;
    // The unit square to the panel's rectangle in clip space (y up).
    let matrix = Mat4::from_translation(Vec3::new(2.0 * x - 1.0, 1.0 - 2.0 * (y + h), 0.0))
        * Mat4::from_scale(Vec3::new(2.0 * w, 2.0 * h, 1.0));
    let mut bytes = Vec::with_capacity(336);
    for v in matrix
        .to_cols_array()
        .into_iter()
        .chain(palette(spec).into_iter().flatten())
    {
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    for channel in 0..4 {
        bytes.extend_from_slice(&(panel.shown.contains(&channel) as u32).to_le_bytes());
    }
    bytes
}

/// Scales and draws the histograms held in a bins buffer.
pub struct HistogramPainter {
    spec: Spec,
    scale: wgpu::Buffer,
    scale_pipeline: wgpu::ComputePipeline,
    scale_bind_group: wgpu::BindGroup,
    entries: wgpu::Buffer,
    render_pipeline: wgpu::RenderPipeline,
    panels: Vec<(wgpu::Buffer, wgpu::BindGroup)>,
}

impl HistogramPainter {
    /// Prepares the scale pass and one quad per panel over `bins` (interleaved as
    /// `spec` says), for render targets of `format`.
    pub fn new(
        gpu: &Gpu,
        kernels: &mut Kernels,
        spec: Spec,
        bins: &wgpu::Buffer,
        format: wgpu::TextureFormat,
        panels: &[Panel],
    ) -> HistogramPainter {
        let device = &gpu.device;
        let scale = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("scale"),
            size: 16,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        });
        let entries = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("numEntries"),
            size: 16,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let scale_pipeline = kernels.pipeline(gpu, Kernel::Scale, spec, ChunkShape::default());
        let scale_bind_group = bind_group(
            device,
            &scale_pipeline.get_bind_group_layout(0),
            &[
                bins.as_entire_binding(),
                scale.as_entire_binding(),
                entries.as_entire_binding(),
            ],
        );

        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("draw"),
            source: wgpu::ShaderSource::Wgsl(
                with_constants(
                    spec,
                    ChunkShape::default(),
                    include_str!("../../shaders/draw.wgsl"),
                )
                .into(),
            ),
        });
        let render_pipeline = quad_pipeline(device, &module, format, "draw");
        let layout = render_pipeline.get_bind_group_layout(0);
        let panels = panels
            .iter()
            .map(|panel| {
                let uniforms = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("panel"),
                    contents: &panel_uniforms(spec, panel),
                    usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                });
                let group = bind_group(
                    device,
                    &layout,
                    &[
                        bins.as_entire_binding(),
                        uniforms.as_entire_binding(),
                        scale.as_entire_binding(),
                    ],
                );
                (uniforms, group)
            })
            .collect();
        HistogramPainter {
            spec,
            scale,
            scale_pipeline,
            scale_bind_group,
            entries,
            render_pipeline,
            panels,
        }
    }

    /// The vec4f the scale pass writes (COPY_SRC, for tests and tools).
    pub fn scale(&self) -> &wgpu::Buffer {
        &self.scale
    }

    /// How many pixels the bins count (the scale's numEntries).
    pub fn set_entries(&self, queue: &wgpu::Queue, entries: u64) {
        let n = entries.min(u32::MAX as u64) as u32;
        queue.write_buffer(&self.entries, 0, &n.to_le_bytes());
    }

    /// Moves the panels (same number as at creation), e.g. after a resize.
    pub fn set_panels(&self, queue: &wgpu::Queue, panels: &[Panel]) {
        for ((uniforms, _), panel) in self.panels.iter().zip(panels) {
            queue.write_buffer(uniforms, 0, &panel_uniforms(self.spec, panel));
        }
    }

    /// The scale pass: run after the histogram, before drawing.
    pub fn encode_scale(&self, encoder: &mut wgpu::CommandEncoder) {
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("scale"),
            timestamp_writes: None,
        });
        pass.set_pipeline(&self.scale_pipeline);
        pass.set_bind_group(0, &self.scale_bind_group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
    }

    /// Draws one panel's quad into the current render pass.
    pub fn draw(&self, pass: &mut wgpu::RenderPass<'_>, panel: usize) {
        pass.set_pipeline(&self.render_pipeline);
        pass.set_bind_group(0, &self.panels[panel].1, &[]);
        pass.draw(0..6, 0..1);
    }
}

/// Draws a texture (a video frame) over the whole target with "cover" fit.
pub struct FramePainter {
    pipeline: wgpu::RenderPipeline,
    bind_group: wgpu::BindGroup,
    cover: wgpu::Buffer,
}

impl FramePainter {
    pub fn new(gpu: &Gpu, frame: &wgpu::TextureView, format: wgpu::TextureFormat) -> FramePainter {
        let device = &gpu.device;
        let module = device.create_shader_module(wgpu::include_wgsl!("../../shaders/video.wgsl"));
        let pipeline = quad_pipeline(device, &module, format, "frame");
        // Bilinear filtering, except on a GPU that the CPU emulates, where it costs
        // a third of the draw pass (3.5 ms of a 540p frame on SwiftShader).
        let filter = if gpu.info.device_type == wgpu::DeviceType::Cpu {
            wgpu::FilterMode::Nearest
        } else {
            wgpu::FilterMode::Linear
        };
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            mag_filter: filter,
            min_filter: filter,
            ..Default::default()
        });
        let cover = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("cover"),
            size: 64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let bind_group = bind_group(
            device,
            &pipeline.get_bind_group_layout(0),
            &[
                wgpu::BindingResource::TextureView(frame),
                wgpu::BindingResource::Sampler(&sampler),
                cover.as_entire_binding(),
            ],
        );
        FramePainter {
            pipeline,
            bind_group,
            cover,
        }
    }

    /// Fits a `frame`-sized image to a `target`-sized canvas: fill it, crop the rest.
    pub fn set_cover(&self, queue: &wgpu::Queue, frame: (u32, u32), target: (u32, u32)) {
        let frame_aspect = frame.0 as f32 / frame.1.max(1) as f32;
        let target_aspect = target.0 as f32 / target.1.max(1) as f32;
        // The fraction of the frame that shows, along each axis.
        let shown = if frame_aspect > target_aspect {
            Vec3::new(target_aspect / frame_aspect, 1.0, 1.0)
        } else {
            Vec3::new(1.0, frame_aspect / target_aspect, 1.0)
        };
        let matrix = Mat4::from_translation((Vec3::ONE - shown) * 0.5 * Vec3::new(1.0, 1.0, 0.0))
            * Mat4::from_scale(shown);
        let bytes: Vec<u8> = matrix
            .to_cols_array()
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        queue.write_buffer(&self.cover, 0, &bytes);
    }

    pub fn draw(&self, pass: &mut wgpu::RenderPass<'_>) {
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.draw(0..6, 0..1);
    }
}

fn bind_group(
    device: &wgpu::Device,
    layout: &wgpu::BindGroupLayout,
    resources: &[wgpu::BindingResource<'_>],
) -> wgpu::BindGroup {
    let entries: Vec<wgpu::BindGroupEntry> = resources
        .iter()
        .enumerate()
        .map(|(i, resource)| wgpu::BindGroupEntry {
            binding: i as u32,
            resource: resource.clone(),
        })
        .collect();
    device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout,
        entries: &entries,
    })
}

/// A pipeline drawing six vertices (a quad) with `vs` and `fs` from `module`.
fn quad_pipeline(
    device: &wgpu::Device,
    module: &wgpu::ShaderModule,
    format: wgpu::TextureFormat,
    label: &str,
) -> wgpu::RenderPipeline {
    device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some(label),
        layout: None,
        vertex: wgpu::VertexState {
            module,
            entry_point: Some("vs"),
            compilation_options: Default::default(),
            buffers: &[],
        },
        fragment: Some(wgpu::FragmentState {
            module,
            entry_point: Some("fs"),
            compilation_options: Default::default(),
            targets: &[Some(format.into())],
        }),
        primitive: Default::default(),
        depth_stencil: None,
        multisample: Default::default(),
        multiview_mask: None,
        cache: None,
    })
}
