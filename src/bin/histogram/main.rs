//! `histogram`: image histograms from the command line, on the GPU (or the CPU), and
//! `histogram bench`, the GPU benchmark. Native targets only.

#[cfg(not(target_arch = "wasm32"))]
mod adjust;
#[cfg(not(target_arch = "wasm32"))]
mod bench;
#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    std::process::exit(cli::main(std::env::args().skip(1).collect()));
}

#[cfg(target_arch = "wasm32")]
fn main() {}
