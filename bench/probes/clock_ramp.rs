//! How long a GPU takes to reach its clocks after idling, seen through the packed
//! kernel (bench/results/2026-11-22-lab-notes.md, "Faster than CUB", item 9): the image is made and uploaded,
//! the GPU left idle, then the kernel is timed run after run for a while (one
//! median per 100 ms); then idle again, a warm-up of back-to-back passes with no
//! waiting between them, and the kernel timed again.
//!
//! WGPU_BACKEND=vulkan cargo run --release --example clock_ramp -- [WIDTHxHEIGHT] [WARM_MS]

use histogram::gpu::{Gpu, GpuImage, Input, Kernels, Method, Run, RunOptions};
use histogram::{Image, Spec};
use std::time::{Duration, Instant};

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times
        .get(times.len() / 2)
        .map_or(f64::NAN, |ms| ms * 1000.0)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (width, height) = args
        .first()
        .and_then(|s| s.split_once('x'))
        .map_or((8192, 8192), |(w, h)| {
            (w.parse().unwrap(), h.parse().unwrap())
        });
    let warm_ms: u64 = args.get(1).map_or(500, |s| s.parse().unwrap());

    let gpu = pollster::block_on(Gpu::new(&Default::default()))?;
    let image = GpuImage::upload_for(&gpu, &Image::sunset(width, height), Input::Buffer);
    let mut kernels = Kernels::default();
    let run = Run::new(
        &gpu,
        &mut kernels,
        &image,
        RunOptions::new(Method::Packed, Spec::rgbl()),
    )?;
    let time = |n: usize| -> Result<f64, Box<dyn std::error::Error>> {
        let mut times = Vec::new();
        for _ in 0..n {
            times.extend(pollster::block_on(run.execute(&gpu))?.1.gpu_ms);
        }
        Ok(median(times))
    };
    println!(
        "# {} ({:?}), packed kernel, {width}x{height}",
        gpu.info.name, gpu.info.backend
    );

    std::thread::sleep(Duration::from_secs(3));
    println!("after 3 s idle, one run at a time (median per 100 ms):");
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(1500) {
        let bucket = Instant::now();
        let mut times = Vec::new();
        let mut runs = 0;
        while bucket.elapsed() < Duration::from_millis(100) {
            times.extend(pollster::block_on(run.execute(&gpu))?.1.gpu_ms);
            runs += 1;
        }
        println!(
            "  {:>5} ms  {:>8.1} us  ({runs} runs)",
            start.elapsed().as_millis(),
            median(times)
        );
    }

    std::thread::sleep(Duration::from_secs(3));
    let one_ms = time(1)? / 1000.0;
    pollster::block_on(run.keep_busy(&gpu, one_ms, warm_ms as f64))?;
    println!(
        "after 3 s idle, one run and a {warm_ms} ms warm-up: {:.1} us (median of 15), then {:.1} us",
        time(15)?,
        time(15)?
    );
    Ok(())
}
