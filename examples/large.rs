//! Writes large pictures to DIR, for what is measured of reading a file in the
//! page (tests/browser/input.test.mjs's long tasks, bench/decode.mjs): the first
//! photo of ../shared/media scaled up, with a camera's grain so that it compresses
//! as a photo of that size would, as
//!
//! - `photo-6000x4000.jpg` (24 megapixels, quality 92: about 8 MB),
//! - `photo-4896x3010.jpg` (a 15-megapixel camera's),
//! - `scan-16bit-6000x4000.tif` (RGB, 16 bits a sample, uncompressed: 144 MB),
//! - `scene-4000x3000.exr` (RGBA floats, linear light up to 4.0).
//!
//!     cargo run --release --example large -- DIR

#[path = "../tests/native/common/mod.rs"]
mod common;

use image::{ImageEncoder, RgbImage};

fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: large DIR");
        std::process::exit(2);
    };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).expect("the folder can be made");
    let photo = image::open(common::media("pexels-chevanon-photography-1108099.jpg"))
        .expect("the photo decodes")
        .to_rgb8();
    let mut state = 0x9e37_79b9u32;
    let mut grain = move || {
        state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        (state >> 16) as f32 / 65536.0 - 0.5
    };
    let scaled = |w: u32, h: u32, grain: &mut dyn FnMut() -> f32| -> RgbImage {
        let mut big = image::imageops::resize(&photo, w, h, image::imageops::FilterType::Triangle);
        for v in big.iter_mut() {
            *v = (*v as f32 + 6.0 * grain()).round().clamp(0.0, 255.0) as u8;
        }
        big
    };
    for (w, h) in [(6000, 4000), (4896, 3010)] {
        let picture = scaled(w, h, &mut grain);
        let file = std::fs::File::create(dir.join(format!("photo-{w}x{h}.jpg"))).unwrap();
        image::codecs::jpeg::JpegEncoder::new_with_quality(std::io::BufWriter::new(file), 92)
            .write_image(&picture, w, h, image::ExtendedColorType::Rgb8)
            .expect("the JPEG is written");
        if w == 6000 {
            // 16 bits: each 8-bit code spread over its step, as a scanner's would be.
            let samples: Vec<u16> = picture
                .iter()
                .map(|&v| {
                    (v as f32 * 257.0 + 128.0 * grain())
                        .round()
                        .clamp(0.0, 65535.0) as u16
                })
                .collect();
            let bytes: Vec<u8> = samples.iter().flat_map(|s| s.to_ne_bytes()).collect();
            let file = std::fs::File::create(dir.join("scan-16bit-6000x4000.tif")).unwrap();
            image::codecs::tiff::TiffEncoder::new(std::io::BufWriter::new(file))
                .write_image(&bytes, w, h, image::ExtendedColorType::Rgb16)
                .expect("the TIFF is written");
        }
    }
    let scene = scaled(4000, 3000, &mut grain);
    let linear = |c: u8| {
        let v = c as f32 / 255.0;
        4.0 * if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    let rgba: Vec<f32> = scene
        .pixels()
        .flat_map(|p| [linear(p[0]), linear(p[1]), linear(p[2]), 1.0])
        .collect();
    std::fs::write(
        dir.join("scene-4000x3000.exr"),
        common::hdr::exr(4000, 3000, &rgba),
    )
    .expect("the EXR is written");
}
