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
//! With `--batches FOLDER`, its JPEGs in batches of 1, 4, 16 and 64 on one
//! thread, as the engine's GPU thread takes them (`GpuImage::from_scans`, then
//! every count in one submission): each phase's milliseconds a picture, summed
//! over the folder (scans read; their decode and finish, on the host until it
//! returns; the GPU's remaining work waited for; the counts made, submitted and
//! read, each scan's flags checked), to say what a picture costs and where;
//! then the command line's way, each batch counted from its planes with no
//! picture made (`count_scans`): its scans read, then decoded and counted.
//!
//!     cargo run --release --example jpeg_gpu_stages -- PHOTO.jpg...
//!     cargo run --release --example jpeg_gpu_stages -- --batches FOLDER

use histogram::decode::{jpeg_coefficients, jpeg_scan};
use histogram::gpu::{
    count_scans, ComponentBlocks, Gpu, GpuImage, Input, Kernels, Limits, Method, Run, RunOptions,
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
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, folder] = &args[..] {
        if flag == "--batches" {
            return batches(&gpu, &mut kernels, spec, folder);
        }
    }
    for path in args {
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
                let unchecked =
                    GpuImage::from_scan(&gpu, &scan, turn, limits.max_texture, false).await?;
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

/// The folder's JPEGs decoded and counted in batches of each size (the module's
/// `--batches`): milliseconds a picture in each phase, and pictures a second.
fn batches(
    gpu: &Gpu,
    kernels: &mut Kernels,
    spec: Spec,
    folder: &str,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut paths: Vec<_> = std::fs::read_dir(folder)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    paths.sort();
    let max_texture = Limits::of(gpu).max_texture;
    for size in [1, 4, 16, 64] {
        let mut ms = [0f64; 4];
        let started = Instant::now();
        for chunk in paths.chunks(size) {
            let t = Instant::now();
            let scans = read_scans(chunk)?;
            ms[0] += t.elapsed().as_secs_f64() * 1e3;
            let t = Instant::now();
            let turned: Vec<_> = scans
                .iter()
                .map(|s| (s, Orientation::NoTransforms))
                .collect();
            let decoded = pollster::block_on(GpuImage::from_scans(gpu, &turned, max_texture));
            ms[1] += t.elapsed().as_secs_f64() * 1e3;
            let t = Instant::now();
            gpu.device.poll(wgpu::PollType::wait_indefinitely())?;
            ms[2] += t.elapsed().as_secs_f64() * 1e3;
            let t = Instant::now();
            let decoded = decoded.into_iter().collect::<Result<Vec<_>, _>>()?;
            let runs = decoded
                .iter()
                .map(|u| {
                    Run::new(
                        gpu,
                        kernels,
                        &u.image,
                        RunOptions::new(Method::Privatized, spec),
                    )
                })
                .collect::<Result<Vec<_>, _>>()?;
            let mut encoder = gpu.device.create_command_encoder(&Default::default());
            for run in &runs {
                run.encode(&mut encoder);
                run.encode_readback(&mut encoder);
            }
            gpu.queue.submit([encoder.finish()]);
            for (run, unchecked) in runs.iter().zip(decoded) {
                pollster::block_on(run.read(gpu))?;
                pollster::block_on(unchecked.check(gpu))?;
            }
            ms[3] += t.elapsed().as_secs_f64() * 1e3;
        }
        let n = paths.len() as f64;
        let all = started.elapsed().as_secs_f64();
        println!(
            "batches of {size}: {:.0} pictures/s; ms a picture: scans read {:.2}, decode and finish (host) {:.2}, GPU waited for {:.2}, counts {:.2}",
            n / all,
            ms[0] / n,
            ms[1] / n,
            ms[2] / n,
            ms[3] / n
        );
        let (mut read, mut counted) = (0f64, 0f64);
        let started = Instant::now();
        for chunk in paths.chunks(size) {
            let t = Instant::now();
            let scans = read_scans(chunk)?;
            read += t.elapsed().as_secs_f64() * 1e3;
            let t = Instant::now();
            let only: Vec<_> = scans.iter().collect();
            for counts in pollster::block_on(count_scans(gpu, kernels, &only, spec)) {
                counts?;
            }
            counted += t.elapsed().as_secs_f64() * 1e3;
        }
        let all = started.elapsed().as_secs_f64();
        println!(
            "batches of {size}, counted from their planes: {:.0} pictures/s; ms a picture: scans read {:.2}, decoded and counted {:.2}",
            n / all,
            read / n,
            counted / n
        );
    }
    Ok(())
}

/// The scans of the JPEGs at `paths`, read and found.
fn read_scans(
    paths: &[std::path::PathBuf],
) -> Result<Vec<histogram::jpeg_entropy::Scan>, Box<dyn std::error::Error>> {
    paths
        .iter()
        .map(|p| Ok(jpeg_scan(&std::fs::read(p)?, u64::MAX)?))
        .collect()
}
