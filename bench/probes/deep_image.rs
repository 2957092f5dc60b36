//! Writes a 16-bit benchmark picture (`DeepImage::bench`, the pictures of
//! `histogram bench --bits 16`) as raw little-endian RGBA16 samples, for CUB's
//! side of the comparison (bench/cub_deep.cu) to count the same pixels.
//!
//!     cargo run --release --example deep_image -- 8192x8192 natural OUT.rgba16

use histogram::deep::DeepImage;
use std::io::Write as _;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [size, kind, out] = &args[..] else {
        eprintln!("usage: deep_image WxH natural|uniform|noise OUT.rgba16");
        std::process::exit(2);
    };
    let (w, h) = size
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
        .unwrap_or_else(|| panic!("bad size '{size}' (WxH)"));
    let image = DeepImage::bench(kind, w, h).unwrap_or_else(|| panic!("no kind '{kind}'"));
    let bytes: Vec<u8> = image.rgba().iter().flat_map(|s| s.to_le_bytes()).collect();
    std::fs::File::create(out)
        .and_then(|mut f| f.write_all(&bytes))
        .unwrap_or_else(|e| panic!("{out}: {e}"));
}
