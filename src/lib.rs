//! Image histograms on the GPU, step by step after the webgpufundamentals articles
//! "WebGPU Compute Shaders - Image Histogram" parts 1 and 2.
//!
//! The core (`image`, `decode`, `deep`, `hdr`, `histogram`, `stats`, `json`, `adjust`,
//! `draw`, `layout`, `profile`, `scope`, `sim`, `gpu` with its `policy`, `studio`) has no DOM code and runs
//! natively and in the browser; `count` (files counted band by band, natively), `files` (how files are
//! found and opened) and `total` (sums of many) are the engine of the command line
//! and the Python package; `web` is the browser glue the pages call.

pub mod adjust;
#[cfg(not(target_arch = "wasm32"))]
pub mod count;
pub mod decode;
pub mod deep;
pub mod draw;
#[cfg(not(target_arch = "wasm32"))]
pub mod files;
pub mod gpu;
pub mod hdr;
pub mod histogram;
pub mod image;
pub mod jpeg_planes;
pub mod json;
pub mod layout;
pub mod profile;
pub mod scope;
pub mod sim;
pub mod stats;
pub mod studio;
#[cfg(not(target_arch = "wasm32"))]
pub mod total;

#[cfg(target_arch = "wasm32")]
mod web;

pub use histogram::{compute_cpu, Channels, Histogram, Spec};
pub use image::{Image, Region};
