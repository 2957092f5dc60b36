//! Image histograms on the GPU, step by step after the webgpufundamentals articles
//! "WebGPU Compute Shaders - Image Histogram" parts 1 and 2.
//!
//! The core: pictures and their rules (`image`, `deep`, `hdr`, `histogram`, `stats`,
//! `json`, `adjust`, `draw`, `layout`, `profile`, `scope`, `sim`, and
//! `words`, what it says to a reader as messages of the catalogues), files (`decode`;
//! natively `files`, how they are found and opened), the GPU (`gpu` with its
//! `policy`) and the `studio`. It has no DOM code and runs natively and in the
//! browser. Its shells are crates of their own: the pages' glue (page/), the native
//! engine with the command line (engine/) and the Python package (python/).

pub mod adjust;
pub mod decode;
pub mod deep;
pub mod draw;
#[cfg(not(target_arch = "wasm32"))]
pub mod files;
pub mod gpu;
pub mod hdr;
pub mod histogram;
pub mod image;
pub mod jpeg_coefficients;
pub mod jpeg_entropy;
pub mod jpeg_planes;
pub mod json;
pub mod layout;
pub mod profile;
pub mod scope;
pub mod sim;
pub mod stats;
pub mod studio;
pub mod video_track;
pub mod words;

pub use histogram::{compute_cpu, Channels, Histogram, Spec};
pub use image::{Image, Region};
