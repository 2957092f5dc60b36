//! `histogram`: image histograms from the command line, on the GPU (or the CPU);
//! `histogram adjust`, the adjustments; `histogram scope`, the scopes; `histogram
//! bench`, the GPU benchmark.
//! Native targets only.

#[cfg(not(target_arch = "wasm32"))]
mod adjust;
#[cfg(not(target_arch = "wasm32"))]
mod bench;
#[cfg(not(target_arch = "wasm32"))]
mod count;
#[cfg(not(target_arch = "wasm32"))]
mod input;
#[cfg(not(target_arch = "wasm32"))]
mod options;
#[cfg(not(target_arch = "wasm32"))]
mod scope;

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    std::process::exit(run(std::env::args().skip(1).collect()));
}

/// Runs the command named by the first argument that is neither an option nor an
/// option's value (`adjust`, `scope`, `bench`), else counts the images given.
#[cfg(not(target_arch = "wasm32"))]
fn run(mut args: Vec<String>) -> i32 {
    let mut first = 0;
    while args
        .get(first)
        .is_some_and(|a| a.starts_with("--") && a != "--")
    {
        first += 2;
    }
    match args.get(first).map(String::as_str) {
        Some("adjust") => {
            args.remove(first);
            adjust::run(args)
        }
        Some("scope") => {
            args.remove(first);
            scope::run(args)
        }
        Some("bench") => {
            args.remove(first);
            bench::run(&args)
        }
        _ => count::run(&args),
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
