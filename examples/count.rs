//! A picture's histogram on the GPU, by each exact method from the article's
//! atomicAdd to the packed kernel, each checked against the CPU method and timed:
//! the library in a few calls (decode, upload, run, read).
//!
//!     cargo run --release --example count -- PHOTO.jpg [--no-subgroups]
//!
//! `--no-subgroups` opens the device without subgroups, as on a GPU that has
//! none: the subgroups kernel is then skipped, with the reason.

use histogram::gpu::{Gpu, GpuImage, GpuOptions, Kernels, Method, Run, RunOptions};
use histogram::{compute_cpu, decode, image::MAX_PIXELS, Spec};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: count IMAGE [--no-subgroups]")?;
    let options = GpuOptions {
        without: match args.next().as_deref() {
            None => wgpu::Features::empty(),
            Some("--no-subgroups") => wgpu::Features::SUBGROUP,
            Some(other) => return Err(format!("unknown argument {other}").into()),
        },
        ..Default::default()
    };
    // Within 1 GiB of decoding memory; the command line asks the system instead.
    let decoded = decode::decode(&std::fs::read(&path)?, MAX_PIXELS, 1 << 30)?;
    let picture = &decoded.image;
    let spec = Spec::rgbl();
    let want = compute_cpu(picture, spec);
    let gpu = pollster::block_on(Gpu::new(&options))?;
    println!(
        "{path}: {}x{} on {}",
        picture.width(),
        picture.height(),
        gpu.info.name
    );
    let mut kernels = Kernels::default();
    let mut differ = 0;
    for method in Method::ALL.into_iter().filter(|m| m.exact()) {
        // A kernel that needs what this GPU lacks (subgroups) is said and skipped.
        if let Some(why) = method.lacks(&gpu) {
            println!("{:>14}: skipped: {why}", method.name());
            continue;
        }
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
            differ += 1;
            "DIFFERS from the CPU's"
        };
        println!("{:>14}: {time}, {verdict}", method.name());
    }
    if differ > 0 {
        return Err(format!("{differ} method(s) differ from the CPU").into());
    }
    Ok(())
}
