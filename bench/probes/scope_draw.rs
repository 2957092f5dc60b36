//! Times the scopes' drawing (shaders/scope/scope.wgsl) natively: each scope of a 960x540
//! picture drawn into a target the size the studio gives it at 1280x800 (the
//! waveform 491x244, the vectorscope 491x491), median of 30 render passes. On the
//! browser's own SwiftShader, where the studio's frame rate depends on it:
//!
//! VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json WGPU_BACKEND=vulkan \
//!     cargo run --release --example scope_draw

use histogram::gpu::{pass_ms, Gpu, GpuImage, Kernels, ScopeCount, ScopePainter};
use histogram::layout::Panel;
use histogram::scope::{Scope, Style};
use histogram::Image;

const RUNS: usize = 30;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let gpu = pollster::block_on(Gpu::new(&Default::default()))?;
    if !gpu.timestamps {
        return Err(format!("{} has no timestamp queries", gpu.info.name).into());
    }
    let device = &gpu.device;
    let image = Image::noise(960, 540, 3);
    let uploaded = GpuImage::upload_as_is(&gpu, &image);
    let mut kernels = Kernels::default();
    let queries = device.create_query_set(&wgpu::QuerySetDescriptor {
        label: Some("draw"),
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
    let format = wgpu::TextureFormat::Rgba8Unorm;
    for (scope, size) in [
        (Scope::Waveform, (491, 244)),
        (Scope::Parade, (491, 164)),
        (Scope::Vectorscope { size: 256 }, (491, 491)),
    ] {
        let count = ScopeCount::new(&gpu, &mut kernels, &uploaded, scope, None)?;
        let target = gpu.texture(
            "target",
            size,
            format,
            wgpu::TextureUsages::RENDER_ATTACHMENT,
        );
        let view = target.create_view(&Default::default());
        let painter = ScopePainter::new(&gpu, &count, format);
        painter.set_view(
            &gpu.queue,
            &count,
            scope,
            &Panel::full(&[3]),
            size,
            Style::PLAIN,
        );
        let mut encoder = device.create_command_encoder(&Default::default());
        count.encode(&mut encoder);
        gpu.queue.submit([encoder.finish()]);
        let mut times = Vec::with_capacity(RUNS);
        for _ in 0..RUNS {
            let mut encoder = device.create_command_encoder(&Default::default());
            {
                let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                    label: Some("scope"),
                    color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                        view: &view,
                        depth_slice: None,
                        resolve_target: None,
                        ops: wgpu::Operations {
                            load: wgpu::LoadOp::Clear(wgpu::Color::BLACK),
                            store: wgpu::StoreOp::Store,
                        },
                    })],
                    timestamp_writes: Some(wgpu::RenderPassTimestampWrites {
                        query_set: &queries,
                        beginning_of_pass_write_index: Some(0),
                        end_of_pass_write_index: Some(1),
                    }),
                    ..Default::default()
                });
                painter.draw(&mut pass);
            }
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
            "{}: {} drawn at {}x{}, median of {} passes: {median:.2} ms",
            gpu.info.name,
            scope.name(),
            size.0,
            size.1,
            times.len()
        );
    }
    Ok(())
}
