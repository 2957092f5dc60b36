//! The video page's canvas in one compute pass (shaders/draw/compose.wgsl): the frame
//! and its histograms written pixel by pixel into a canvas texture bound for
//! storage. The same picture as `FramePainter` and `HistogramPainter`'s quads,
//! without a render pass, which costs a GPU with few graphics units (an H100) many
//! times as much (docs/DECISIONS.md, 14).

use super::bars::bind_group;
use super::device::{compute_pipeline, Gpu};
use super::kernels::{with_constants, ChunkShape};
use super::owned::Owned;
use super::panel_style::palette;
use super::picture_pass::{fit_matrix, picture_sampler};
use crate::histogram::Spec;
use crate::layout::Panel;

/// The format to compose into, given the canvas's preferred one: that one if
/// the device can store to it (bgra8unorm needs a feature; Firefox 153 crashes on
/// a canvas of any other format), else rgba8unorm, which every WebGPU can.
pub fn compose_format(gpu: &Gpu, preferred: wgpu::TextureFormat) -> wgpu::TextureFormat {
    match preferred {
        wgpu::TextureFormat::Bgra8Unorm
            if gpu
                .device
                .features()
                .contains(wgpu::Features::BGRA8UNORM_STORAGE) =>
        {
            preferred
        }
        _ => wgpu::TextureFormat::Rgba8Unorm,
    }
}

/// Bytes of compose.wgsl's `Compose`: matrix, 16 colours, two panels.
const COMPOSE_BYTES: usize = 64 + 16 * 16 + 2 * 32;

/// The WGSL of the compose pass as compiled for `spec`, storing to a canvas of
/// `format` (rgba8unorm or bgra8unorm: WGSL has no parameter for a texel format,
/// so the core writes it in).
pub fn compose_source(spec: Spec, format: wgpu::TextureFormat) -> String {
    let wgsl = include_str!("../../shaders/draw/compose.wgsl");
    let wgsl = match format {
        wgpu::TextureFormat::Bgra8Unorm => wgsl.replace(
            "texture_storage_2d<rgba8unorm, write>",
            "texture_storage_2d<bgra8unorm, write>",
        ),
        _ => wgsl.into(),
    };
    with_constants(spec, ChunkShape::default(), &wgsl)
}

/// Writes a frame (fitted as `layout::fit` says) and up to two histogram panels
/// over it into target textures of one format (`compose_format`).
pub struct Composer {
    device: wgpu::Device,
    pipeline: wgpu::ComputePipeline,
    layout: wgpu::BindGroupLayout,
    frame: wgpu::TextureView,
    frame_size: (u32, u32),
    sampler: wgpu::Sampler,
    bins: wgpu::Buffer,
    scale: wgpu::Buffer,
    spec: Spec,
    uniforms: Owned<wgpu::Buffer>,
}

impl Composer {
    /// For `frame` (`frame_size` pixels) and the histogram in `bins` (as `spec`
    /// says), scaled by the `Scale` in `scale` (a `Scaler`'s), into targets of
    /// `format`.
    pub fn new(
        gpu: &Gpu,
        frame: &wgpu::TextureView,
        frame_size: (u32, u32),
        (bins, scale): (&wgpu::Buffer, &wgpu::Buffer),
        spec: Spec,
        format: wgpu::TextureFormat,
    ) -> Composer {
        let device = &gpu.device;
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("compose"),
            source: wgpu::ShaderSource::Wgsl(compose_source(spec, format).into()),
        });
        let pipeline = compute_pipeline(device, "compose", (&module, "cs"), &[], None);
        let uniforms = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("compose"),
            size: COMPOSE_BYTES as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        Composer {
            device: device.clone(),
            layout: pipeline.get_bind_group_layout(0),
            pipeline,
            frame: frame.clone(),
            frame_size,
            sampler: picture_sampler(gpu),
            bins: bins.clone(),
            scale: scale.clone(),
            spec,
            uniforms: uniforms.into(),
        }
    }

    /// Fits the frame to a `target`-sized canvas and places the panels (two at
    /// most; fewer hide the rest).
    pub fn set_view(&self, queue: &wgpu::Queue, target: (u32, u32), panels: &[Panel]) {
        let mut floats: Vec<f32> = fit_matrix(self.frame_size, target).to_cols_array().into();
        floats.extend(palette(self.spec).into_iter().flatten());
        let mut bytes: Vec<u8> = floats.iter().flat_map(|v| v.to_le_bytes()).collect();
        for i in 0..2 {
            let (rect, shown) = panels
                .get(i)
                .map_or(([0.0; 4], &[][..]), |p| (p.rect, &p.shown[..]));
            bytes.extend(rect.iter().flat_map(|v| v.to_le_bytes()));
            for channel in 0..4 {
                bytes.extend_from_slice(&u32::from(shown.contains(&channel)).to_le_bytes());
            }
        }
        debug_assert_eq!(bytes.len(), COMPOSE_BYTES);
        queue.write_buffer(&self.uniforms, 0, &bytes);
    }

    /// Records the pass writing every pixel of `target` (`size` pixels), timed
    /// into `timestamps` if given.
    pub fn encode(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        target: &wgpu::TextureView,
        size: (u32, u32),
        timestamps: Option<wgpu::ComputePassTimestampWrites>,
    ) {
        // The target is the canvas's texture of the moment: a new one each frame.
        let group = bind_group(
            &self.device,
            &self.layout,
            &[
                wgpu::BindingResource::TextureView(&self.frame),
                wgpu::BindingResource::Sampler(&self.sampler),
                self.bins.as_entire_binding(),
                self.scale.as_entire_binding(),
                self.uniforms.as_entire_binding(),
                wgpu::BindingResource::TextureView(target),
            ],
        );
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("compose"),
            timestamp_writes: timestamps,
        });
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(size.0.div_ceil(8), size.1.div_ceil(8), 1);
    }
}
