//! Where a JPEG's time goes decoded on the GPU (issue #74, item 3's per-stage
//! times), one photo on one core, medians of 15 runs, each stage waited for:
//!   read       the file's bytes;
//!   scan       its scan found and unstuffed, its tables read (src/jpeg_entropy.rs);
//!   decode     the scan sent, entropy-decoded on the GPU in stretches that fall in
//!              step (each round a wait for its flag), the IDCT, upsampling, colour;
//!   count      the privatized kernel over the finished picture;
//! the same with libjpeg-turbo's entropy decoding instead (`tj3Transform`'s filter,
//! then the coefficients sent and finished);
//! and beside them today's way: libjpeg-turbo's whole decode to RGBA on the CPU,
//! its upload, and the packed kernel's count.
//!
//!     cargo run --release --example jpeg_gpu_stages -- PHOTO.jpg...

use histogram::decode::{jpeg_coefficients, jpeg_scan};
use histogram::gpu::{
    ComponentBlocks, Gpu, GpuImage, Input, Kernels, Limits, Method, Run, RunOptions,
};
use histogram::jpeg_planes::Orientation;
use histogram::{Channels, Spec};
use std::time::Instant;

const RUNS: usize = 15;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let gpu = pollster::block_on(Gpu::new(&Default::default()))?;
    let mut kernels = Kernels::default();
    let spec = Spec::new(256, Channels::Rgbl)?;
    let limits = Limits::of(&gpu);
    let wait = |gpu: &Gpu| {
        gpu.device
            .poll(wgpu::PollType::wait_indefinitely())
            .map(|_| ())
    };
    println!("{}", gpu.adapter.get_info().name);
    for path in std::env::args().skip(1) {
        let mut times: [Vec<f64>; 9] = Default::default();
        let mut size = (0, 0);
        for _ in 0..RUNS {
            let t = Instant::now();
            let bytes = std::fs::read(&path)?;
            times[0].push(t.elapsed().as_secs_f64());
            let t = Instant::now();
            let (frame, planes) = jpeg_coefficients(&bytes, u64::MAX)?;
            times[1].push(t.elapsed().as_secs_f64());
            size = (frame.width, frame.height);
            let t = Instant::now();
            let blocks = std::array::from_fn(|c| ComponentBlocks {
                blocks: [planes[c].width_in_blocks, planes[c].height_in_blocks],
                coefficients: &planes[c].coefficients,
            });
            let image = GpuImage::from_coefficients(
                &gpu,
                &frame,
                &blocks,
                Orientation::NoTransforms,
                limits.max_texture,
            )?;
            wait(&gpu)?;
            times[2].push(t.elapsed().as_secs_f64());
            let t = Instant::now();
            let run = Run::new(
                &gpu,
                &mut kernels,
                &image,
                RunOptions::new(Method::Privatized, spec),
            )?;
            pollster::block_on(run.execute(&gpu))?;
            times[3].push(t.elapsed().as_secs_f64());
            // The whole decode on the GPU.
            let t = Instant::now();
            let scan = jpeg_scan(&bytes, u64::MAX)?;
            times[7].push(t.elapsed().as_secs_f64());
            let t = Instant::now();
            let image = pollster::block_on(async {
                let turn = Orientation::NoTransforms;
                let unchecked = GpuImage::from_scan(&gpu, &scan, turn, limits.max_texture).await?;
                unchecked.check(&gpu).await
            })?;
            times[8].push(t.elapsed().as_secs_f64());
            drop(image);
            // Today's way.
            let t = Instant::now();
            let decoded = histogram::decode::decode_owned(bytes, u64::MAX, u64::MAX)?;
            let image = decoded.image;
            times[4].push(t.elapsed().as_secs_f64());
            let t = Instant::now();
            let uploaded = GpuImage::upload_for(&gpu, &image, Input::Buffer);
            wait(&gpu)?;
            times[5].push(t.elapsed().as_secs_f64());
            let t = Instant::now();
            let run = Run::new(
                &gpu,
                &mut kernels,
                &uploaded,
                RunOptions::new(Method::Packed, spec),
            )?;
            pollster::block_on(run.execute(&gpu))?;
            times[6].push(t.elapsed().as_secs_f64());
        }
        let ms = times.map(|t| median(t) * 1e3);
        println!(
            "{path}: {}x{} ({:.1} Mpx)\n  GPU decoding: read {:.2} ms, scan {:.2} ms, decode {:.2} ms, count {:.2} ms: {:.2} ms\n  libjpeg-turbo's entropy, GPU finish: read {:.2} ms, entropy {:.2} ms, finish {:.2} ms, count {:.2} ms: {:.2} ms\n  CPU decoding: read {:.2} ms, decode {:.2} ms, upload {:.2} ms, count {:.2} ms: {:.2} ms",
            size.0,
            size.1,
            size.0 as f64 * size.1 as f64 / 1e6,
            ms[0],
            ms[7],
            ms[8],
            ms[3],
            ms[0] + ms[7] + ms[8] + ms[3],
            ms[0],
            ms[1],
            ms[2],
            ms[3],
            ms[0] + ms[1] + ms[2] + ms[3],
            ms[0],
            ms[4],
            ms[5],
            ms[6],
            ms[0] + ms[4] + ms[5] + ms[6],
        );
    }
    Ok(())
}
