//! HDR pictures on the GPU (shaders/hdr.wgsl): the range pass, then the count,
//! over the picture's RGBA f32 samples in storage buffers of whole rows (one
//! binding each), every band into the same counts.

use super::device::{Gpu, GpuError, Owned};
use super::kernels::{ChunkShape, Kernel, Kernels};
use super::run::{privatized_groups, Limits};
use crate::hdr::{HdrHistogram, HdrImage, Range};
use crate::histogram::{Channels, Spec};
use wgpu::util::DeviceExt;

/// Counts `image` in `bins` bins: over the data's own range, with the stops of
/// `stops` when given.
pub async fn count_hdr(
    gpu: &Gpu,
    kernels: &mut Kernels,
    image: &HdrImage,
    bins: u32,
    stops: Option<(f32, f32)>,
) -> Result<HdrHistogram, GpuError> {
    let spec = Spec::new(bins, Channels::Rgbl).map_err(GpuError)?;
    let limits = Limits::of(gpu);
    let (width, height) = (image.width(), image.height());
    let row = width as u64 * 16;
    let rows = (limits.max_chunk_bytes / row).clamp(1, height as u64) as u32;
    let device = &gpu.device;
    let buffer = |label: &str, bytes: &[u8], usage: wgpu::BufferUsages| -> Owned<wgpu::Buffer> {
        device
            .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some(label),
                contents: bytes,
                usage,
            })
            .into()
    };
    let words =
        |values: &[u32]| -> Vec<u8> { values.iter().flat_map(|v| v.to_le_bytes()).collect() };
    let storage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC;
    // The samples in bands of whole rows, each with its band uniform.
    let bands: Vec<(Owned<wgpu::Buffer>, Owned<wgpu::Buffer>, u32)> = (0..height)
        .step_by(rows as usize)
        .map(|y| {
            let h = rows.min(height - y);
            let samples = &image.rgba()[(y as u64 * width as u64 * 4) as usize..]
                [..(h as u64 * width as u64 * 4) as usize];
            let bytes: Vec<u8> = samples.iter().flat_map(|v| v.to_le_bytes()).collect();
            let pixels = buffer("hdr pixels", &bytes, wgpu::BufferUsages::STORAGE);
            let band = buffer(
                "hdr band",
                &words(&[0, 0, width, h]),
                wgpu::BufferUsages::UNIFORM,
            );
            (
                pixels,
                band,
                privatized_groups([width, h], limits.max_workgroups),
            )
        })
        .collect();

    // A pass over every band with `entry`, into `result`.
    let pass = |kernels: &mut Kernels,
                entry: &'static str,
                result: &wgpu::Buffer,
                more: &[&wgpu::Buffer]| {
        let pipeline = kernels.pipeline_at(gpu, Kernel::Hdr, spec, ChunkShape::default(), entry);
        let mut encoder = device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&pipeline);
            for (pixels, band, groups) in &bands {
                let mut entries = vec![entry_of(0, result), entry_of(1, pixels), entry_of(2, band)];
                entries.extend(
                    more.iter()
                        .enumerate()
                        .map(|(i, b)| entry_of(3 + i as u32, b)),
                );
                let bind = device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: Some(entry),
                    layout: &pipeline.get_bind_group_layout(0),
                    entries: &entries,
                });
                pass.set_bind_group(0, &bind, &[]);
                pass.dispatch_workgroups(*groups, 1, 1);
            }
        }
        encoder
    };
    let read = |result: &wgpu::Buffer, encoder: &mut wgpu::CommandEncoder| -> Owned<wgpu::Buffer> {
        let readback: Owned<wgpu::Buffer> = device
            .create_buffer(&wgpu::BufferDescriptor {
                label: Some("hdr readback"),
                size: result.size(),
                usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
            .into();
        encoder.copy_buffer_to_buffer(result, 0, &readback, 0, result.size());
        readback
    };
    let as_words = |bytes: Vec<u8>| -> Vec<u32> {
        bytes
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect()
    };

    // The range: the largest sample, the least and largest positive Y.
    let hdr_uniform = |range: &Range| {
        let values = [width, range.scale(bins).to_bits(), range.max.to_bits(), 0];
        buffer("hdr", &words(&values), wgpu::BufferUsages::UNIFORM)
    };
    let (extremes, readback) = gpu
        .scoped(|| {
            let extremes = buffer(
                "hdr range",
                &words(&[0, f32::INFINITY.to_bits(), 0, 0]),
                storage,
            );
            let unit = hdr_uniform(&Range::from_extremes(1.0, 1.0, 1.0));
            let mut encoder = pass(kernels, "csRange", &extremes, &[&unit]);
            let readback = read(&extremes, &mut encoder);
            gpu.queue.submit([encoder.finish()]);
            (extremes, readback)
        })
        .await?;
    let found = as_words(gpu.read_buffer(&readback).await?);
    drop(extremes);
    let mut range = Range::from_extremes(
        f32::from_bits(found[0]),
        f32::from_bits(found[1]),
        f32::from_bits(found[2]),
    );
    if let Some(stops) = stops {
        range.stops = stops;
    }

    // The count: the bins, then below, above, above 1.0 (four each) and invalid.
    let edges: Vec<u8> = range
        .edges(bins)
        .iter()
        .flat_map(|e| e.to_le_bytes())
        .collect();
    let length = bins as usize * 4 + 13;
    let readback = gpu
        .scoped(|| {
            let result = buffer("hdr counts", &vec![0; length * 4], storage);
            let hdr = hdr_uniform(&range);
            let edges = buffer("hdr edges", &edges, wgpu::BufferUsages::STORAGE);
            let mut encoder = pass(kernels, "csCount", &result, &[&hdr, &edges]);
            let readback = read(&result, &mut encoder);
            gpu.queue.submit([encoder.finish()]);
            readback
        })
        .await?;
    let counts = as_words(gpu.read_buffer(&readback).await?);
    let four = |at: usize| -> [u32; 4] { std::array::from_fn(|c| counts[at + c]) };
    let n = bins as usize * 4;
    Ok(HdrHistogram {
        bins,
        range,
        below: four(n),
        above: four(n + 4),
        above_one: four(n + 8),
        invalid: counts[n + 12],
        counts: counts[..n].to_vec(),
    })
}

fn entry_of(binding: u32, buffer: &wgpu::Buffer) -> wgpu::BindGroupEntry<'_> {
    wgpu::BindGroupEntry {
        binding,
        resource: buffer.as_entire_binding(),
    }
}
