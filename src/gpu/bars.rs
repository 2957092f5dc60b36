//! Drawing on the GPU (part 2 of the article): the scale pass and the histogram
//! quads, and the quad pipelines every drawing pass shares (the picture pass is in
//! picture_pass.rs). Everything reads GPU buffers directly; nothing is read back.

use super::device::{Gpu, GpuError};
use super::kernels::{with_constants, ChunkShape, Kernel, Kernels};
use super::owned::Owned;
use super::panel_style::{panel_uniforms, Counts, PanelStyle};
use crate::histogram::Spec;
use crate::layout::Panel;
use wgpu::util::DeviceExt;

/// Records a render pass that clears `view` (to transparent) and draws into it
/// with `draw`, timed into `timestamps` (a query set and its first index) if given:
/// every canvas of the pages and every offscreen target of the tests.
pub fn draw_into(
    encoder: &mut wgpu::CommandEncoder,
    view: &wgpu::TextureView,
    timestamps: Option<(&wgpu::QuerySet, u32)>,
    draw: impl FnOnce(&mut wgpu::RenderPass<'_>),
) {
    let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
        label: Some("draw"),
        color_attachments: &[Some(wgpu::RenderPassColorAttachment {
            view,
            depth_slice: None,
            resolve_target: None,
            ops: wgpu::Operations {
                load: wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT),
                store: wgpu::StoreOp::Store,
            },
        })],
        timestamp_writes: timestamps.map(|(query_set, first)| wgpu::RenderPassTimestampWrites {
            query_set,
            beginning_of_pass_write_index: Some(first),
            end_of_pass_write_index: Some(first + 1),
        }),
        ..Default::default()
    });
    draw(&mut pass);
}

/// What the article's draw pass does, in a few words (a render pass, no kernel).
pub const DRAW_DOES: &str = "a fragment shader draws the bars";

/// The article's scale pass: the bins' largest value, for the bars.
pub const SCALE: Kernel = Kernel::fixed(
    "scale",
    include_str!("../../shaders/draw/scale.wgsl"),
    "finds the tallest bin, the scale",
);

/// The studio's cumulative view: each bin's count and all below it, for the panel.
const CUMULATIVE: Kernel = Kernel::fixed(
    "cumulative",
    include_str!("../../shaders/draw/cumulative.wgsl"),
    "adds each bin's count to those below it",
);

/// The quad every render pass draws (shaders/draw/quad.wgsl), before its shader.
pub(crate) const QUAD: &str = include_str!("../../shaders/draw/quad.wgsl");

/// The WGSL of the article's drawing (shaders/draw/quad.wgsl and draw.wgsl) as compiled.
pub fn draw_source(spec: Spec) -> String {
    let article = include_str!("../../shaders/draw/draw.wgsl");
    with_constants(spec, ChunkShape::default(), &format!("{QUAD}\n{article}"))
}

/// The WGSL of a histogram panel (shaders/draw/quad.wgsl and panel.wgsl) as compiled.
pub fn panel_source(spec: Spec) -> String {
    let panel = include_str!("../../shaders/draw/panel.wgsl");
    with_constants(spec, ChunkShape::default(), &format!("{QUAD}\n{panel}"))
}

/// How the bars are drawn: as the article draws them (draw.wgsl), or as a
/// histogram panel (panel.wgsl: linear or logarithmic counts, and a pinned
/// histogram drawn as an outline over the live one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bars {
    Article,
    Panel,
}

/// What a histogram panel adds to the article's drawing: its pinned histogram (a
/// copy of bins and scale to compare with: `pin`), the cumulative counts of the
/// live and the pinned bins (`Counts::Cumulative`, run by `cumulative`: a bind
/// group each; the pinned ones summed once a pin), and the panel's style.
struct Pinned {
    pinned: Owned<wgpu::Buffer>,
    pinned_scale: Owned<wgpu::Buffer>,
    cumulative: [Owned<wgpu::Buffer>; 2],
    sums: (wgpu::ComputePipeline, [wgpu::BindGroup; 2]),
    pinned_summed: bool,
    style: PanelStyle,
}

impl Pinned {
    /// The cumulative pass, where the panels show cumulative counts: over the
    /// `live` bins (each frame's), and over the pinned ones if not yet summed
    /// since the pin (it may have been taken in another view).
    fn cumulative(&mut self, encoder: &mut wgpu::CommandEncoder, live: bool) {
        if self.style.counts != Counts::Cumulative {
            return;
        }
        let which = usize::from(!live)..if self.pinned_summed { 1 } else { 2 };
        self.pinned_summed = true;
        if which.is_empty() {
            return;
        }
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("cumulative"),
            timestamp_writes: None,
        });
        pass.set_pipeline(&self.sums.0);
        for group in &self.sums.1[which] {
            pass.set_bind_group(0, group, &[]);
            pass.dispatch_workgroups(1, 1, 1);
        }
    }
}

/// Scales and draws the histograms held in a bins buffer: as the article does
/// (draw.wgsl), or as a histogram panel (panel.wgsl): see `Bars`.
pub struct HistogramPainter {
    spec: Spec,
    scaler: Scaler,
    render_pipeline: wgpu::RenderPipeline,
    panels: Vec<(Owned<wgpu::Buffer>, wgpu::BindGroup)>,
    pinned: Option<std::cell::RefCell<Pinned>>,
}

/// Bytes of the scale pass's result (`Scale` in common.wgsl).
const SCALE_BYTES: u64 = 32;

/// The article's scale pass (scale.wgsl): from the bins, on the GPU, the scale
/// that drawing reads, so nothing is read back.
pub struct Scaler {
    scale: Owned<wgpu::Buffer>,
    pipeline: wgpu::ComputePipeline,
    bind_group: wgpu::BindGroup,
    entries: Owned<wgpu::Buffer>,
}

impl Scaler {
    pub fn new(gpu: &Gpu, kernels: &mut Kernels, spec: Spec, bins: &wgpu::Buffer) -> Scaler {
        let device = &gpu.device;
        let scale = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("scale"),
            size: SCALE_BYTES,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        });
        let entries = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("numEntries"),
            size: 16,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let pipeline = kernels.pipeline(gpu, SCALE, spec, ChunkShape::default());
        let bind_group = bind_group(
            device,
            &pipeline.get_bind_group_layout(0),
            &[
                bins.as_entire_binding(),
                scale.as_entire_binding(),
                entries.as_entire_binding(),
            ],
        );
        Scaler {
            scale: scale.into(),
            pipeline,
            bind_group,
            entries: entries.into(),
        }
    }

    /// The `Scale` the pass writes.
    pub fn buffer(&self) -> &wgpu::Buffer {
        &self.scale
    }

    /// How many pixels the bins count (the scale's numEntries).
    pub fn set_entries(&self, queue: &wgpu::Queue, entries: u64) {
        let n = entries.min(u32::MAX as u64) as u32;
        queue.write_buffer(&self.entries, 0, &n.to_le_bytes());
    }

    /// Run after the histogram, before drawing.
    pub fn encode(&self, encoder: &mut wgpu::CommandEncoder) {
        self.encode_timed(encoder, None);
    }

    /// `encode`, the pass timed by `timestamps`.
    pub fn encode_timed(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        timestamps: Option<wgpu::ComputePassTimestampWrites<'_>>,
    ) {
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("scale"),
            timestamp_writes: timestamps,
        });
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
    }
}

impl HistogramPainter {
    /// Prepares the scale pass and one quad per panel over `bins` (interleaved as
    /// `spec` says), for render targets of `format`, drawn as `bars` says.
    pub fn new(
        gpu: &Gpu,
        kernels: &mut Kernels,
        spec: Spec,
        bins: &wgpu::Buffer,
        format: wgpu::TextureFormat,
        panels: &[Panel],
        bars: Bars,
    ) -> HistogramPainter {
        let device = &gpu.device;
        let scaler = Scaler::new(gpu, kernels, spec, bins);
        let pinned = (bars == Bars::Panel).then(|| {
            let copy = |label, size| {
                device
                    .create_buffer(&wgpu::BufferDescriptor {
                        label: Some(label),
                        size,
                        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
                        mapped_at_creation: false,
                    })
                    .into()
            };
            let pinned: Owned<wgpu::Buffer> = copy("pinned bins", bins.size());
            let cumulative = ["cumulative bins", "pinned cumulative bins"].map(|label| {
                Owned::from(device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some(label),
                    size: bins.size(),
                    usage: wgpu::BufferUsages::STORAGE,
                    mapped_at_creation: false,
                }))
            });
            let pipeline = kernels.pipeline(gpu, CUMULATIVE, spec, ChunkShape::default());
            let layout = pipeline.get_bind_group_layout(0);
            let groups = [(bins, &cumulative[0]), (&*pinned, &cumulative[1])].map(|(from, to)| {
                bind_group(
                    device,
                    &layout,
                    &[from.as_entire_binding(), to.as_entire_binding()],
                )
            });
            Pinned {
                pinned,
                pinned_scale: copy("pinned scale", SCALE_BYTES),
                cumulative,
                sums: (pipeline, groups),
                pinned_summed: false,
                style: PanelStyle::default(),
            }
        });

        let (label, wgsl) = if pinned.is_some() {
            ("panel", panel_source(spec))
        } else {
            ("draw", draw_source(spec))
        };
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some(label),
            source: wgpu::ShaderSource::Wgsl(wgsl.into()),
        });
        let render_pipeline = quad_pipeline(device, &module, format, label);
        let layout = render_pipeline.get_bind_group_layout(0);
        let panels = panels
            .iter()
            .map(|panel| {
                let uniforms = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("panel"),
                    contents: &panel_uniforms(spec, panel, PanelStyle::default()),
                    usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                });
                let mut resources = vec![
                    bins.as_entire_binding(),
                    uniforms.as_entire_binding(),
                    scaler.buffer().as_entire_binding(),
                ];
                if let Some(s) = &pinned {
                    resources.push(s.pinned.as_entire_binding());
                    resources.push(s.pinned_scale.as_entire_binding());
                    resources.extend(s.cumulative.iter().map(|b| b.as_entire_binding()));
                }
                let group = bind_group(device, &layout, &resources);
                (uniforms.into(), group)
            })
            .collect();
        HistogramPainter {
            spec,
            scaler,
            render_pipeline,
            panels,
            pinned: pinned.map(std::cell::RefCell::new),
        }
    }

    /// The vec4f the scale pass writes (COPY_SRC, for tests and tools).
    pub fn scale(&self) -> &wgpu::Buffer {
        self.scaler.buffer()
    }

    /// How many pixels the bins count (the scale's numEntries).
    pub fn set_entries(&self, queue: &wgpu::Queue, entries: u64) {
        self.scaler.set_entries(queue, entries);
    }

    /// Moves the panels (same number as at creation, fewer hide the rest), e.g.
    /// after a resize, or shows other channels.
    pub fn set_panels(&self, queue: &wgpu::Queue, panels: &[Panel]) {
        let style = self
            .pinned
            .as_ref()
            .map_or(PanelStyle::default(), |s| s.borrow().style);
        for ((uniforms, _), panel) in self.panels.iter().zip(panels) {
            queue.write_buffer(uniforms, 0, &panel_uniforms(self.spec, panel, style));
        }
    }

    /// The panels' style (see `PanelStyle`). Takes effect with the next `set_panels`.
    pub fn set_style(&self, style: PanelStyle) {
        if let Some(pinned) = &self.pinned {
            pinned.borrow_mut().style = style;
        }
    }

    /// Copies the current bins and scale to compare with later (a panel's pin).
    /// Record after the scale pass.
    pub fn pin(&self, encoder: &mut wgpu::CommandEncoder, bins: &wgpu::Buffer) {
        if let Some(pinned) = &self.pinned {
            let mut pinned = pinned.borrow_mut();
            encoder.copy_buffer_to_buffer(bins, 0, &pinned.pinned, 0, bins.size());
            encoder.copy_buffer_to_buffer(
                self.scaler.buffer(),
                0,
                &pinned.pinned_scale,
                0,
                SCALE_BYTES,
            );
            pinned.pinned_summed = false;
            pinned.cumulative(encoder, false);
        }
    }

    /// The scale pass (and a panel's cumulative counts, when it shows them): run
    /// after the histogram, before drawing.
    pub fn encode_scale(&self, encoder: &mut wgpu::CommandEncoder) {
        self.scaler.encode(encoder);
        if let Some(pinned) = &self.pinned {
            pinned.borrow_mut().cumulative(encoder, true);
        }
    }

    /// `encode_scale`, the pass timed by `timestamps`.
    pub fn encode_scale_timed(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        timestamps: Option<wgpu::ComputePassTimestampWrites<'_>>,
    ) {
        self.scaler.encode_timed(encoder, timestamps);
    }

    /// Draws one panel's quad into the current render pass.
    pub fn draw(&self, pass: &mut wgpu::RenderPass<'_>, panel: usize) {
        pass.set_pipeline(&self.render_pipeline);
        pass.set_bind_group(0, &self.panels[panel].1, &[]);
        pass.draw(0..6, 0..1);
    }
}

/// The article's scale and draw passes over `bins` (interleaved as `spec` says,
/// `entries` pixels counted) into a small Rgba8Unorm canvas showing the channels
/// `shown`, submitted; `read` gives its pixels. The step-through diagram's
/// simulated canvas is set beside it (src/sim/scale_draw.rs).
pub struct DrawnCanvas {
    target: Owned<wgpu::Texture>,
}

impl DrawnCanvas {
    pub fn submit(
        gpu: &Gpu,
        kernels: &mut Kernels,
        bins: &[u32],
        spec: Spec,
        entries: u64,
        size: [u32; 2],
        shown: &[usize],
    ) -> DrawnCanvas {
        let device = &gpu.device;
        let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("bins"),
            contents: bytemuck::cast_slice(bins),
            usage: wgpu::BufferUsages::STORAGE,
        });
        let format = wgpu::TextureFormat::Rgba8Unorm;
        let panel = [Panel::full(shown)];
        let painter =
            HistogramPainter::new(gpu, kernels, spec, &buffer, format, &panel, Bars::Article);
        painter.set_entries(&gpu.queue, entries);
        let target = gpu.texture(
            "canvas",
            (size[0], size[1]),
            format,
            wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        );
        let mut encoder = device.create_command_encoder(&Default::default());
        painter.encode_scale(&mut encoder);
        let view = target.create_view(&Default::default());
        draw_into(&mut encoder, &view, None, |pass| painter.draw(pass, 0));
        gpu.queue.submit([encoder.finish()]);
        DrawnCanvas { target }
    }

    /// Its pixels, in reading order.
    pub async fn read(self, gpu: &Gpu) -> Result<Vec<[u8; 4]>, GpuError> {
        let rows = gpu.read_texture(&self.target).await?;
        Ok(rows
            .chunks_exact(4)
            .map(|p| p.try_into().unwrap())
            .collect())
    }
}

pub(super) fn bind_group(
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
pub(super) fn quad_pipeline(
    device: &wgpu::Device,
    module: &wgpu::ShaderModule,
    format: wgpu::TextureFormat,
    label: &str,
) -> wgpu::RenderPipeline {
    quad_pipeline_with(device, module, format, label, None, Default::default())
}

/// The same, with a given layout and pipeline constants.
pub(super) fn quad_pipeline_with(
    device: &wgpu::Device,
    module: &wgpu::ShaderModule,
    format: wgpu::TextureFormat,
    label: &str,
    layout: Option<&wgpu::PipelineLayout>,
    options: wgpu::PipelineCompilationOptions<'_>,
) -> wgpu::RenderPipeline {
    device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some(label),
        layout,
        vertex: wgpu::VertexState {
            module,
            entry_point: Some("vs"),
            compilation_options: options.clone(),
            buffers: &[],
        },
        fragment: Some(wgpu::FragmentState {
            module,
            entry_point: Some("fs"),
            compilation_options: options,
            targets: &[Some(format.into())],
        }),
        primitive: Default::default(),
        depth_stencil: None,
        multisample: Default::default(),
        multiview_mask: None,
        cache: None,
    })
}
