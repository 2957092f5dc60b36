//! The waveform kernel's cost of counting Y′ as decoded (from alpha) against luma
//! computed from R′G′B′: a 1920x1080 noise frame, each kernel, median GPU time of
//! 15 counts (timestamp queries) after 5 warm-up counts.
use histogram::gpu::{Gpu, GpuImage, GpuOptions, Kernels, ScopeCount, ScopeKernel};
use histogram::scope::Scope;
use histogram::Image;

fn main() {
    let gpu = pollster::block_on(Gpu::new(&GpuOptions {
        backends: Some(wgpu::Backends::VULKAN),
        ..Default::default()
    }))
    .unwrap();
    println!("adapter: {}", gpu.adapter.get_info().name);
    let size: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (w, h) = (
        size.first().copied().unwrap_or(1920),
        size.get(1).copied().unwrap_or(1080),
    );
    println!("{w}x{h} noise");
    let image = Image::noise(w, h, 5);
    let uploaded = GpuImage::upload_as_is(&gpu, &image);
    let mut kernels = Kernels::default();
    for kernel in [ScopeKernel::Workgroups, ScopeKernel::Columns] {
        for decoded in [false, true, false, true] {
            let mut count = ScopeCount::with_kernel(
                &gpu,
                &mut kernels,
                &uploaded,
                Scope::Waveform,
                None,
                kernel,
            )
            .unwrap();
            count.set_decoded_luma(&gpu, decoded);
            let mut ms: Vec<f64> = (0..20)
                .map(|_| pollster::block_on(count.execute(&gpu)).unwrap().1)
                .skip(5)
                .map(|t| t.gpu_ms.unwrap_or(t.wall_ms))
                .collect();
            ms.sort_by(f64::total_cmp);
            println!("{kernel:?}\tdecoded {decoded}\t{:.3} ms", ms[ms.len() / 2]);
        }
    }
}
