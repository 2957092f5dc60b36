//! A JPEG finished on the GPU from its DCT coefficients: each component's blocks
//! through libjpeg-turbo's integer IDCT (shaders/frames/idct.wgsl) into planes,
//! which planes.wgsl upsamples and converts into the picture's textures, as a
//! decoder's planes are (planes.rs). The CPU entropy-decodes (libjpeg-turbo); the
//! GPU does the rest, and every sample is libjpeg-turbo's.

use super::bars::bind_group;
use super::device::{Gpu, GpuError};
use super::gpu_image::GpuImage;
use super::owned::Owned;
use super::timing::PassTimer;
use crate::jpeg_coefficients::{self, Frame, MOST_DEQUANTIZED};
use crate::jpeg_planes::{Orientation, PlaneLayout};
use std::sync::Arc;
use wgpu::util::DeviceExt;

/// One component's coefficients as libjpeg-turbo decoded them: `blocks` across
/// and down, 64 a block in natural order.
pub struct ComponentBlocks<'a> {
    pub blocks: [u32; 2],
    pub coefficients: &'a [i16],
}

impl GpuImage {
    /// The picture whose `frame` and three components' `blocks` are given, shown
    /// as `turn` says, finished on the GPU into textures of at most `max_texture`
    /// a side. Refused (for the CPU to decode) where a coefficient dequantizes
    /// past what an 8-bit picture gives, or the buffers exceed what this GPU binds.
    pub fn from_coefficients(
        gpu: &Gpu,
        frame: &Frame,
        blocks: &[ComponentBlocks; 3],
        turn: Orientation,
        max_texture: u32,
    ) -> Result<GpuImage, GpuError> {
        for (c, b) in blocks.iter().enumerate() {
            let count = b.blocks[0] as usize * b.blocks[1] as usize * 64;
            if b.coefficients.len() != count {
                return Err(GpuError(format!(
                    "component {c} has {} coefficients, not {count}",
                    b.coefficients.len()
                )));
            }
            let quant = &frame.quant[c];
            let past = b.coefficients.chunks_exact(64).any(|block| {
                block
                    .iter()
                    .zip(quant)
                    .any(|(&v, &q)| (v as i32 * q as i32).abs() > MOST_DEQUANTIZED)
            });
            if past {
                return Err(GpuError(format!(
                    "component {c} has a coefficient past ±{MOST_DEQUANTIZED} dequantized: no 8-bit picture's"
                )));
            }
        }
        let dims = blocks.each_ref().map(|b| b.blocks);
        let coefficient_bytes: u64 = blocks.iter().map(|b| b.coefficients.len() as u64 * 2).sum();
        fits(gpu, frame, dims)?;
        let coefficients = gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("jpeg coefficients"),
            size: coefficient_bytes.max(4),
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut at = 0;
        for b in blocks {
            let bytes: &[u8] = bytemuck::cast_slice(b.coefficients);
            gpu.queue.write_buffer(&coefficients, at, bytes);
            at += bytes.len() as u64;
        }
        let quant: Vec<u32> = frame.quant.iter().flatten().map(|&q| q as u32).collect();
        let quant = gpu
            .device
            .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("jpeg quantization"),
                contents: bytemuck::cast_slice(&quant),
                usage: wgpu::BufferUsages::STORAGE,
            });
        let mut recording = Recording::new(gpu);
        let image = GpuImage::from_coefficient_buffer(
            gpu,
            frame,
            dims,
            [(&coefficients, 0), (&quant, 0)],
            turn,
            max_texture,
            &mut recording,
        );
        recording.keep.extend([coefficients.into(), quant.into()]);
        recording.submit(gpu);
        image
    }

    /// The picture whose three components' coefficients (`dims` blocks each,
    /// one after another, two i16 a word, from the given block on) are in the
    /// `coefficients` buffer on the GPU, and their tables from the given one on
    /// in `quant`, finished there (the IDCT, then planes.wgsl), its passes
    /// recorded in `recording`.
    pub(super) fn from_coefficient_buffer(
        gpu: &Gpu,
        frame: &Frame,
        dims: [[u32; 2]; 3],
        [coefficients, quant]: [(&wgpu::Buffer, u32); 2],
        turn: Orientation,
        max_texture: u32,
        recording: &mut Recording,
    ) -> Result<GpuImage, GpuError> {
        let len = fits(gpu, frame, dims)?;
        let layout = jpeg_coefficients::layout(frame, dims, turn);
        // A spare word after the planes, as planes.wgsl reads them (planes.rs).
        let planes: Owned<wgpu::Buffer> = gpu
            .device
            .create_buffer(&wgpu::BufferDescriptor {
                label: Some("jpeg planes"),
                size: len as u64 + 4,
                usage: wgpu::BufferUsages::STORAGE,
                mapped_at_creation: false,
            })
            .into();
        let components = components(dims, coefficients.1, quant.1, &layout, 0);
        idct(
            gpu,
            recording,
            [coefficients.0, quant.0, &planes],
            &components,
        );
        let image = GpuImage::from_planes(gpu, &planes, len, &layout, max_texture, recording);
        recording.keep.push(planes);
        image
    }
}

/// idct.wgsl's `Component`s of a picture whose blocks start at `first_block`,
/// its tables at `table`, its planes laid out as `layout` says from byte `base`.
pub(super) fn components(
    dims: [[u32; 2]; 3],
    first_block: u32,
    table: u32,
    layout: &PlaneLayout,
    base: u32,
) -> [[u32; 8]; 3] {
    let mut first = first_block;
    std::array::from_fn(|c| {
        let [wide, high] = dims[c];
        let words = [
            first,
            wide,
            high,
            table + c as u32,
            base + layout.offsets[c],
            layout.strides[c],
            0,
            0,
        ];
        first += wide * high;
        words
    })
}

/// libjpeg-turbo's integer IDCT, a block an invocation.
pub(super) const IDCT: (&str, &str) = ("idct", include_str!("../../shaders/frames/idct.wgsl"));

/// The IDCT of every component given (idct.wgsl's `Component`s) from
/// `coefficients` and `quant` into `planes`, in one dispatch: a row of
/// workgroups each.
pub(super) fn idct(
    gpu: &Gpu,
    recording: &mut Recording,
    [coefficients, quant, planes]: [&wgpu::Buffer; 3],
    components: &[[u32; 8]],
) {
    if components.is_empty() {
        return;
    }
    let device = &gpu.device;
    let pipeline = gpu.fixed_pipeline(IDCT, "cs");
    let table: Owned<wgpu::Buffer> = device
        .create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("idct components"),
            contents: bytemuck::cast_slice(components),
            usage: wgpu::BufferUsages::STORAGE,
        })
        .into();
    let buffers = [coefficients, quant, planes, &table].map(|b| b.as_entire_binding());
    let group = bind_group(device, &pipeline.get_bind_group_layout(0), &buffers);
    let timer = recording.timer.clone();
    let mut pass = recording
        .encoder
        .begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("idct"),
            timestamp_writes: timer.as_deref().and_then(|t| t.span(2, true, true)),
        });
    pass.set_pipeline(&pipeline);
    pass.set_bind_group(0, &group, &[]);
    // Blocks a workgroup of 64 each time round; the largest component's in one go.
    let most = components.iter().map(|c| c[1] * c[2]).max().unwrap_or(0);
    let wide = most.div_ceil(64).clamp(1, 65535);
    pass.dispatch_workgroups(wide, components.len() as u32, 1);
    drop(pass);
    recording.keep.push(table);
}

impl Gpu {
    /// The pipeline of `entry` in the fixed pass `label` (its WGSL `source`,
    /// compiled once): made once per device.
    pub(super) fn fixed_pipeline(
        &self,
        (label, source): (&'static str, &'static str),
        entry: &'static str,
    ) -> wgpu::ComputePipeline {
        let key = (label, entry);
        let mut fixed = self.fixed.lock().unwrap_or_else(|e| e.into_inner());
        fixed
            .entry(key)
            .or_insert_with(|| {
                let module = self
                    .device
                    .create_shader_module(wgpu::ShaderModuleDescriptor {
                        label: Some(label),
                        source: wgpu::ShaderSource::Wgsl(source.into()),
                    });
                super::device::compute_pipeline(&self.device, label, (&module, entry), &[], None)
            })
            .clone()
    }
}

/// Passes recorded for one submission, and the buffers they use, kept till it
/// is made (on the web an `Owned` buffer is destroyed when dropped): a batch of
/// JPEGs is finished in one submission, not two a picture.
pub(super) struct Recording {
    pub(super) encoder: wgpu::CommandEncoder,
    pub(super) keep: Vec<Owned<wgpu::Buffer>>,
    /// Where a JPEG's decoding is timed: its spans (`SCAN_SPANS`).
    pub(super) timer: Option<Arc<PassTimer>>,
}

impl Recording {
    pub(super) fn new(gpu: &Gpu) -> Recording {
        let encoder = gpu.device.create_command_encoder(&Default::default());
        Recording {
            encoder,
            keep: Vec::new(),
            timer: None,
        }
    }

    /// Submits what is recorded; its buffers are freed once the GPU is done.
    pub(super) fn submit(self, gpu: &Gpu) -> wgpu::SubmissionIndex {
        gpu.queue.submit([self.encoder.finish()])
    }
}

/// The planes' bytes the finish needs for `dims` blocks, refused where they or
/// the coefficients exceed what this GPU binds.
pub(super) fn fits(gpu: &Gpu, frame: &Frame, dims: [[u32; 2]; 3]) -> Result<usize, GpuError> {
    let layout = jpeg_coefficients::layout(frame, dims, Orientation::NoTransforms);
    let len = planes_len(&layout, dims);
    let coefficient_bytes = coefficient_bytes(dims);
    let limit = gpu.limits().max_storage_buffer_binding_size;
    if coefficient_bytes.max(len + 4) > limit {
        return Err(GpuError(format!(
            "the coefficients are {} MB; this GPU binds at most {} MB",
            coefficient_bytes >> 20,
            limit >> 20
        )));
    }
    Ok(len as usize)
}

/// The bytes of a picture's planes laid out as `layout` says, `dims` blocks a
/// component.
pub(super) fn planes_len(layout: &PlaneLayout, dims: [[u32; 2]; 3]) -> u64 {
    layout.offsets[2] as u64 + layout.strides[2] as u64 * dims[2][1] as u64 * 8
}

/// The bytes of a picture's coefficients on the GPU, its components `dims`
/// blocks each: 64 of two bytes a block.
pub(super) fn coefficient_bytes(dims: [[u32; 2]; 3]) -> u64 {
    dims.iter().map(|d| d[0] as u64 * d[1] as u64 * 128).sum()
}
