//! A picture's histogram on the GPU, by each exact method from the article's
//! atomicAdd to the packed kernel, each checked against the CPU method and timed:
//! the library in a few calls (decode, upload, run, read).
//!
//!     cargo run --release --example count -- PHOTO.jpg

use histogram::gpu::{Gpu, GpuImage, Kernels, Method, Run, RunOptions};
use histogram::{compute_cpu, decode, image::MAX_PIXELS, Spec};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: count IMAGE")?;
    // Within 1 GiB of decoding memory; the command line asks the system instead.
    let decoded = decode::decode(&std::fs::read(&path)?, MAX_PIXELS, 1 << 30)?;
    let picture = &decoded.image;
    let spec = Spec::rgbl();
    let want = compute_cpu(picture, spec);
    let gpu = pollster::block_on(Gpu::new(&Default::default()))?;
    println!(
        "{path}: {}x{} on {}",
        picture.width(),
        picture.height(),
        gpu.info.name
    );
    let mut kernels = Kernels::default();
    for method in Method::ALL.into_iter().filter(|m| m.exact()) {
        // Each method reads the picture as it expects it: textures or packed rows.
        let uploaded = GpuImage::upload_for(&gpu, picture, method.input());
        let run = Run::new(&gpu, &mut kernels, &uploaded, RunOptions::new(method, spec))?;
        let (got, timing) = pollster::block_on(run.execute(&gpu))?;
        let time = match timing.gpu_ms {
            Some(ms) => format!("{ms:.3} ms on the GPU"),
            None => format!("{:.1} ms submit to bins back", timing.wall_ms),
        };
        let verdict = if got == want {
            "equal to the CPU's"
        } else {
            "DIFFERS from the CPU's"
        };
        println!("{:>14}: {time}, {verdict}", method.name());
    }
    Ok(())
}
