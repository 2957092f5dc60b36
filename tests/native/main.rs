//! The native tests, one binary: each module below was its own test binary, and
//! linking seventeen copies of wgpu and the decoders took minutes of `make test`.
//! Run one module with `cargo test --release --test native jpeg::`.

mod common;
mod tool;

mod adjust;
mod cli;
mod cpu;
mod decode;
mod deep;
mod fuzz;
mod gpu_draw;
mod gpu_methods;
mod hdr;
mod hostile;
mod jpeg;
mod jpeg_finish;
mod jpeg_planes;
mod lab;
mod layout;
mod many;
mod region;
mod scopes;
mod sim;
mod stats;
mod studio;
mod totals;
mod video_frames;
mod video_track;
