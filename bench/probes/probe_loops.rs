//! How Mesa's llvmpipe caps shader loops, behind the single-invocation band budget
//! in src/gpu/grid.rs: the single and privatized kernels over bands sized for
//! pretend loop caps, some above the real one, checked against the reference. A
//! band whose loops run past the cap loses counts without an error.
//!
//!     cargo run --release --example probe_loops   (on lavapipe)

#[path = "../../tests/native/common/mod.rs"]
mod common;

use histogram::gpu::{GpuImage, Kernels, Limits, Method, Run, RunOptions};
use histogram::{Image, Spec};

fn main() {
    let gpu = common::gpu();
    println!("{}", gpu.info.name);
    let mut kernels = Kernels::default();
    let image = Image::noise(300, 1000, 3);
    let uploaded = GpuImage::upload(&gpu, &image);
    for spec in [Spec::luminance(), Spec::rgbl()] {
        for loops in [20_000u64, 40_000, 65_535, 130_000] {
            let limits = Limits {
                max_loop_iterations: loops,
                ..Limits::of(&gpu)
            };
            for method in [Method::Single, Method::Privatized] {
                let run = Run::new(
                    &gpu,
                    &mut kernels,
                    &uploaded,
                    RunOptions::new(method, spec).limits(limits),
                )
                .unwrap();
                let counted = pollster::block_on(run.execute(&gpu)).unwrap().0;
                let exact = counted.counts() == common::reference(&image, spec);
                println!(
                    "{:?} {:<10} budget {loops:>6}: {:>3} bands, {}",
                    spec.channels,
                    method.name(),
                    run.bands(),
                    if exact { "exact" } else { "COUNTS LOST" }
                );
            }
        }
    }
}
