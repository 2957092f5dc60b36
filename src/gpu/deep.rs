//! The deep kernel (shaders/deep.wgsl): a 16-bit picture counted at its stored
//! depth, or any picture in more bins than the 8-bit kernels hold. Its samples
//! travel as stored, 16 bits each, in storage buffers of at most a binding's size,
//! one dispatch a band; every band adds into the same bins.

use super::device::{Gpu, GpuError, Owned};
use super::kernels::{ChunkShape, Kernel, Kernels};
use super::run::Limits;
use crate::deep::DeepImage;
use crate::histogram::{Histogram, Spec};
use wgpu::util::DeviceExt;

/// Bins a channel that one workgroup holds in its 16 KB (one channel a workgroup).
pub const PRIVATE_BINS: u32 = 4096;
/// Pixels an invocation counts, on average, before its workgroup flushes its bins.
const PIXELS_PER_INVOCATION: u64 = 32;

/// Counts `image` in `spec`'s bins. `band_pixels`: at most this many pixels a
/// dispatch (tests shrink it to force bands); `None`: as many as a binding holds.
pub async fn count_deep(
    gpu: &Gpu,
    kernels: &mut Kernels,
    image: &DeepImage,
    spec: Spec,
    band_pixels: Option<u64>,
) -> Result<Histogram, GpuError> {
    let limits = Limits::of(gpu);
    let band = band_pixels
        .unwrap_or(limits.max_chunk_bytes / 8)
        .clamp(1, u32::MAX as u64) as usize;
    let private = spec.num_bins <= PRIVATE_BINS;
    let entry = if private { "cs" } else { "csGlobal" };
    let bins_bytes = spec.len() as u64 * 4;
    let (bins, readback) = gpu
        .scoped(|| {
            let pipeline =
                kernels.pipeline_at(gpu, Kernel::Deep, spec, ChunkShape::default(), entry);
            let bins: Owned<wgpu::Buffer> = gpu
                .device
                .create_buffer(&wgpu::BufferDescriptor {
                    label: Some("deep bins"),
                    size: bins_bytes,
                    usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
                    mapped_at_creation: false,
                })
                .into();
            let readback: Owned<wgpu::Buffer> = gpu
                .device
                .create_buffer(&wgpu::BufferDescriptor {
                    label: Some("deep readback"),
                    size: bins_bytes,
                    usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                })
                .into();
            // One submission a band, so that a band's pixels can go before the next's
            // are uploaded.
            for samples in image.rgba().chunks(band * 4) {
                let count = (samples.len() / 4) as u64;
                let groups = count
                    .div_ceil(256 * PIXELS_PER_INVOCATION)
                    .clamp(1, limits.max_workgroups as u64) as u32;
                let bytes: Vec<u8> = samples.iter().flat_map(|s| s.to_le_bytes()).collect();
                let pixels: Owned<wgpu::Buffer> = gpu
                    .device
                    .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                        label: Some("deep pixels"),
                        contents: &bytes,
                        usage: wgpu::BufferUsages::STORAGE,
                    })
                    .into();
                let uniform = [count as u32, image.max_value(), 0, 0];
                let uniform: Vec<u8> = uniform.iter().flat_map(|v| v.to_le_bytes()).collect();
                let uniform: Owned<wgpu::Buffer> = gpu
                    .device
                    .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                        label: Some("deep band"),
                        contents: &uniform,
                        usage: wgpu::BufferUsages::UNIFORM,
                    })
                    .into();
                let bind = gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: Some("deep"),
                    layout: &pipeline.get_bind_group_layout(0),
                    entries: &[
                        entry_of(0, &bins),
                        entry_of(1, &pixels),
                        entry_of(2, &uniform),
                    ],
                });
                let mut encoder = gpu.device.create_command_encoder(&Default::default());
                {
                    let mut pass = encoder.begin_compute_pass(&Default::default());
                    pass.set_pipeline(&pipeline);
                    pass.set_bind_group(0, &bind, &[]);
                    let y = if private { spec.channels.count() } else { 1 };
                    pass.dispatch_workgroups(groups, y, 1);
                }
                gpu.queue.submit([encoder.finish()]);
            }
            (bins, readback)
        })
        .await?;
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    encoder.copy_buffer_to_buffer(&bins, 0, &readback, 0, bins_bytes);
    gpu.submit(encoder.finish()).await?;
    let bytes = gpu.read_buffer(&readback).await?;
    let counts = bytes
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    Ok(Histogram::from_counts(spec, counts))
}

fn entry_of(binding: u32, buffer: &wgpu::Buffer) -> wgpu::BindGroupEntry<'_> {
    wgpu::BindGroupEntry {
        binding,
        resource: buffer.as_entire_binding(),
    }
}
