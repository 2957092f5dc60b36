//! HDR test files (OpenEXR and Radiance .hdr) written from samples kept here:
//! every power of two from 2^-20 to 2^20, zeros, negatives, NaN and infinities,
//! one pixel, odd sizes. Used by tests/native/hdr.rs and, through `tests/fixtures/files.rs`,
//! by the browser tests (which compare the studio with the command line on them).

use std::io::Cursor;

/// RGBA samples of `w` x `h` pixels: every power of two from 2^-20 to 2^20 in
/// turn in R, G, B and grey, zeros, negatives, NaN and infinities, then noise.
pub fn samples(w: u32, h: u32, special: bool) -> Vec<f32> {
    let mut x = 0x9e37_79b9u32;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    };
    let mut out = Vec::new();
    let mut specials: Vec<[f32; 3]> = Vec::new();
    if special {
        for k in -20..=20 {
            let v = (k as f32).exp2();
            specials.extend([[v, 0.0, 0.0], [0.0, v, 0.0], [0.0, 0.0, v], [v, v, v]]);
        }
        specials.extend([
            [0.0; 3],
            [-1.0, 0.5, 0.5],
            [-0.0, -2.0, 1.0],
            [f32::NAN, 1.0, 1.0],
            [1.0, f32::INFINITY, 0.0],
            [f32::NEG_INFINITY, 0.0, 0.0],
            [1.0, 1.0, 1.0],
            [1.5, 0.25, 3.0],
        ]);
    }
    for i in 0..(w * h) as usize {
        let rgb = specials.get(i).copied().unwrap_or_else(|| {
            // Log-uniform over 2^-12 .. 2^8.
            std::array::from_fn(|_| ((next() % 20_000) as f32 / 1000.0 - 12.0).exp2())
        });
        out.extend([rgb[0], rgb[1], rgb[2], 1.0]);
    }
    out
}

pub fn exr(w: u32, h: u32, rgba: &[f32]) -> Vec<u8> {
    let bytes: Vec<u8> = rgba.iter().flat_map(|v| v.to_ne_bytes()).collect();
    let mut out = Cursor::new(Vec::new());
    image::ImageEncoder::write_image(
        image::codecs::openexr::OpenExrEncoder::new(&mut out),
        &bytes,
        w,
        h,
        image::ExtendedColorType::Rgba32F,
    )
    .unwrap();
    out.into_inner()
}

/// A Radiance file of values RGBE holds exactly (one exponent a pixel: R, G, B
/// are k / 256 of the same power of two), and those values.
pub fn radiance(w: u32, h: u32) -> (Vec<u8>, Vec<f32>) {
    let mut rgba = Vec::new();
    let pixels: Vec<image::Rgb<f32>> = (0..w * h)
        .map(|i| {
            let e = (i % 30) as i32 - 15;
            let scale = (e as f32).exp2() / 256.0;
            let m = |k: u32| ((k * 37 + i * 11) % 256) as f32;
            let rgb = [128.0 + (i % 128) as f32, m(1), m(2)].map(|v| v * scale);
            rgba.extend([rgb[0], rgb[1], rgb[2], 1.0]);
            image::Rgb(rgb)
        })
        .collect();
    let mut out = Vec::new();
    image::codecs::hdr::HdrEncoder::new(&mut out)
        .encode(&pixels, w as usize, h as usize)
        .unwrap();
    (out, rgba)
}

/// A test file: its name, its bytes, the samples it holds, its size.
pub type Picture = (String, Vec<u8>, Vec<f32>, u32, u32);

pub fn pictures() -> Vec<Picture> {
    let mut out = Vec::new();
    for (w, h, special) in [
        (13, 17, true),
        (1, 1, false),
        (257, 3, false),
        (1, 409, true),
    ] {
        let rgba = samples(w, h, special);
        out.push((format!("{w}x{h}.exr"), exr(w, h, &rgba), rgba, w, h));
    }
    let (bytes, rgba) = radiance(31, 7);
    out.push(("31x7.hdr".into(), bytes, rgba, 31, 7));
    out
}
