//! Image histograms on the GPU, step by step after the webgpufundamentals articles
//! "WebGPU Compute Shaders - Image Histogram" parts 1 and 2.
//!
//! The core (`image`, `decode`, `deep`, `hdr`, `histogram`, `stats`, `json`, `adjust`, `draw`, `layout`, `scope`, `gpu`) has no DOM code and runs natively
//! and in the browser; `web` is the browser glue the example pages call.

pub mod adjust;
pub mod decode;
pub mod deep;
pub mod draw;
pub mod gpu;
pub mod hdr;
pub mod histogram;
pub mod image;
#[cfg(not(target_arch = "wasm32"))]
mod jpeg;
pub mod json;
pub mod layout;
pub mod scope;
pub mod stats;

#[cfg(target_arch = "wasm32")]
mod web;

pub use histogram::{compute_cpu, Channels, Histogram, Spec};
pub use image::{Image, Region};
