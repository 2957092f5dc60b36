//! Times the video page's frame pass (shaders/frames/yuv.wgsl: NV12 to RGBA, counting as it
//! converts) on a 960x540 frame, natively: steadier than timing it in the browser.
//! To time it on the browser's own SwiftShader (bench/results/2026-11-22-lab-notes.md, "Live video"):
//!
//! VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json WGPU_BACKEND=vulkan \
//!     cargo run --release --example frame_pass

use histogram::gpu::{colour_matrix, pass_ms, FrameConverter, FrameFormat, Gpu, PixelLayout};
use histogram::Spec;

const RUNS: usize = 40;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let gpu = pollster::block_on(Gpu::new(&Default::default()))?;
    if !gpu.timestamps {
        return Err(format!("{} has no timestamp queries", gpu.info.name).into());
    }
    let (width, height) = (960u32, 540u32);
    // A smooth picture with some noise, and chroma around grey.
    let mut seed = 12345u32;
    let mut noise = move || {
        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        seed >> 28
    };
    let mut bytes: Vec<u8> = (0..width * height)
        .map(|i| ((i % width + i / width) / 6 + noise()) as u8)
        .collect();
    bytes.extend((0..width * height / 2).map(|_| 120 + noise() as u8));
    let format = FrameFormat {
        layout: PixelLayout::Nv12,
        offsets: [0, width * height, 0],
        strides: [width, width, 0],
        to_rgb: colour_matrix(None, height, false),
    };
    let device = &gpu.device;
    let frame = gpu.texture(
        "frame",
        (width, height),
        wgpu::TextureFormat::Rgba8Unorm,
        wgpu::TextureUsages::STORAGE_BINDING,
    );
    let bins = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("bins"),
        size: Spec::rgbl().len() as u64 * 4,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let converter = FrameConverter::new(
        &gpu,
        &frame.create_view(&Default::default()),
        width,
        height,
        bytes.len() as u64,
        Some((&bins, Spec::rgbl())),
    );
    converter.upload(&gpu.queue, &bytes, &format)?;
    let queries = device.create_query_set(&wgpu::QuerySetDescriptor {
        label: Some("frame pass"),
        ty: wgpu::QueryType::Timestamp,
        count: 2,
    });
    let buffer = |usage| {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("timestamps"),
            size: 16,
            usage,
            mapped_at_creation: false,
        })
    };
    let resolve = buffer(wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC);
    let read = buffer(wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST);
    let mut times = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let mut encoder = device.create_command_encoder(&Default::default());
        converter.encode(
            &gpu,
            &mut encoder,
            Some(wgpu::ComputePassTimestampWrites {
                query_set: &queries,
                beginning_of_pass_write_index: Some(0),
                end_of_pass_write_index: Some(1),
            }),
        );
        encoder.resolve_query_set(&queries, 0..2, &resolve, 0);
        encoder.copy_buffer_to_buffer(&resolve, 0, &read, 0, 16);
        gpu.queue.submit([encoder.finish()]);
        let stamps = pollster::block_on(gpu.read_buffer(&read))?;
        times.extend(pass_ms(gpu.queue.get_timestamp_period(), &stamps));
    }
    times.sort_by(f64::total_cmp);
    let median = times
        .get(times.len() / 2)
        .ok_or("no timestamps came back")?;
    println!(
        "{}: frame pass (NV12 {width}x{height}, converting and counting), median of {} runs: {median:.2} ms, fastest {:.2} ms",
        gpu.info.name,
        times.len(),
        times[0]
    );
    Ok(())
}
