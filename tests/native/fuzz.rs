//! A bounded property test of the decoders (issue #43, item 3): small pictures in
//! every format read here, made at test time, then cut short, bit-flipped and given
//! patched headers (seeded, so a failure repeats). Whatever the bytes, `decode`
//! returns a picture or an error, never a panic, and every case ends fast: a tiny
//! file may claim a huge picture, not take the time and memory of one.

use histogram::decode::{decode, problem, DecodeError, Decoded};
use image::{ExtendedColorType, ImageEncoder as _};
use std::time::{Duration, Instant};

/// A picture of `w`x`h` with some structure (a gradient and a few edges).
fn pixels(w: u32, h: u32, channels: u32) -> Vec<u8> {
    (0..w * h * channels)
        .map(|i| {
            let (x, y) = ((i / channels) % w, (i / channels) / w);
            ((x * 7 + y * 13 + i % channels * 50) % 256) as u8 ^ if x > w / 2 { 0x5a } else { 0 }
        })
        .collect()
}

fn encoded(format: &str) -> Vec<u8> {
    let (w, h) = (23, 17);
    let rgb = pixels(w, h, 3);
    let rgba = pixels(w, h, 4);
    let mut out = Vec::new();
    let c = &mut out;
    match format {
        "png" => image::codecs::png::PngEncoder::new(c).write_image(
            &rgba,
            w,
            h,
            ExtendedColorType::Rgba8,
        ),
        "png16" => {
            let deep: Vec<u8> = rgb.iter().flat_map(|&v| [v, v ^ 0x33]).collect();
            image::codecs::png::PngEncoder::new(c).write_image(
                &deep,
                w,
                h,
                ExtendedColorType::Rgb16,
            )
        }
        "jpeg" => image::codecs::jpeg::JpegEncoder::new_with_quality(c, 80).write_image(
            &rgb,
            w,
            h,
            ExtendedColorType::Rgb8,
        ),
        "gif" => {
            image::codecs::gif::GifEncoder::new(c).encode(&rgba, w, h, ExtendedColorType::Rgba8)
        }
        "bmp" => {
            image::codecs::bmp::BmpEncoder::new(c).write_image(&rgb, w, h, ExtendedColorType::Rgb8)
        }
        "tiff" => image::codecs::tiff::TiffEncoder::new(std::io::Cursor::new(&mut *c)).write_image(
            &rgb,
            w,
            h,
            ExtendedColorType::Rgb8,
        ),
        "webp" => image::codecs::webp::WebPEncoder::new_lossless(c).write_image(
            &rgba,
            w,
            h,
            ExtendedColorType::Rgba8,
        ),
        "ico" => image::codecs::ico::IcoEncoder::new(c).write_image(
            &rgba,
            w,
            h,
            ExtendedColorType::Rgba8,
        ),
        "hdr" => {
            let float: Vec<image::Rgb<f32>> = rgb
                .chunks(3)
                .map(|p| image::Rgb([p[0] as f32 / 64.0, p[1] as f32 / 64.0, p[2] as f32 / 64.0]))
                .collect();
            image::codecs::hdr::HdrEncoder::new(c).encode(&float, w as usize, h as usize)
        }
        "exr" => {
            let float: Vec<u8> = rgba
                .iter()
                .flat_map(|&v| (v as f32 / 32.0).to_le_bytes())
                .collect();
            image::codecs::openexr::OpenExrEncoder::new(std::io::Cursor::new(&mut *c)).write_image(
                &float,
                w,
                h,
                ExtendedColorType::Rgba32F,
            )
        }
        _ => unreachable!(),
    }
    .unwrap_or_else(|e| panic!("{format} is written: {e}"));
    out
}

/// xorshift32: the same cases every run.
struct Rng(u32);
impl Rng {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        self.next() as usize % n.max(1)
    }
}

/// One damaged copy of `bytes`: cut short, bits flipped, or a header word patched
/// to a large or odd value (where the sizes live, in the first 64 bytes).
fn mutate(bytes: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut b = bytes.to_vec();
    match rng.below(4) {
        0 => b.truncate(rng.below(b.len())),
        1 => {
            for _ in 0..1 + rng.below(8) {
                let at = rng.below(b.len());
                b[at] ^= 1 << rng.below(8);
            }
        }
        2 => {
            let at = rng.below(b.len().min(64).saturating_sub(4));
            let value: [u8; 4] = match rng.below(4) {
                0 => [0xff; 4],
                1 => [0x7f, 0xff, 0xff, 0xff],
                2 => [0, 0, 0, 0],
                _ => rng.next().to_le_bytes(),
            };
            b[at..at + 4].copy_from_slice(&value);
        }
        _ => {
            // A run of bytes moved: a damaged transfer.
            let at = rng.below(b.len());
            let len = rng.below(b.len() - at);
            b.drain(at..at + len);
        }
    }
    b
}

/// Damaged copies of each format's picture.
const CASES: usize = 1000;

#[test]
fn damaged_files_of_every_format_give_an_error_or_a_picture_never_a_panic() {
    let budget = 256 << 20;
    let mut rng = Rng(0x4343);
    let mut refused = 0;
    let mut slowest = (Duration::ZERO, String::new());
    // A panic inside a decoder is caught here to name the case; its message is
    // still printed by the default hook.
    for format in [
        "png", "png16", "jpeg", "gif", "bmp", "tiff", "webp", "ico", "hdr", "exr",
    ] {
        let good = encoded(format);
        decode(&good, histogram::image::MAX_PIXELS, budget)
            .unwrap_or_else(|e| panic!("the intact {format} decodes: {e}"));
        for case in 0..CASES {
            let bad = mutate(&good, &mut rng);
            let start = Instant::now();
            // What the pages ask before a browser decodes, and the decode itself.
            let outcome = std::panic::catch_unwind(|| -> Result<Decoded, DecodeError> {
                let _ = problem(&bad, histogram::image::MAX_PIXELS);
                // The GPU's ways in: the coefficients and the scan it would decode.
                if format == "jpeg" {
                    if let Ok((_, planes)) = histogram::decode::jpeg_coefficients(&bad, budget) {
                        if let Ok(scan) = histogram::jpeg_entropy::scan(&bad) {
                            let blocks = std::array::from_fn(|c| {
                                [planes[c].width_in_blocks, planes[c].height_in_blocks]
                            });
                            let _ = histogram::jpeg_entropy::decode(&scan, blocks);
                        }
                    }
                    if let Ok(scan) = histogram::jpeg_entropy::scan(&bad) {
                        let _ = histogram::jpeg_entropy::decode(&scan, [[2, 2]; 3]);
                    }
                }
                decode(&bad, histogram::image::MAX_PIXELS, budget)
            });
            let took = start.elapsed();
            let name = format!("{format} case {case} ({} bytes)", bad.len());
            match outcome {
                Err(_) => panic!("{name}: the decoder panicked"),
                Ok(Err(e)) => {
                    let words = e.to_string();
                    assert!(
                        !words.contains("{ ") && !words.contains("\\u{"),
                        "{name}: {words}"
                    );
                    refused += 1;
                }
                Ok(Ok(_)) => {}
            }
            if took > slowest.0 {
                slowest = (took, name);
            }
        }
    }
    println!(
        "{refused} of {} refused; slowest: {} in {:?}",
        10 * CASES,
        slowest.1,
        slowest.0
    );
    assert!(
        slowest.0 < Duration::from_secs(5),
        "{} took {:?}",
        slowest.1,
        slowest.0
    );
}

/// Damaged scans decoded on the GPU (issue #74, item 6), a batch of them at a
/// time with the intact one among them: each picture the GPU gives is the CPU
/// decoder's picture of the same bytes, and the command line's count of the same
/// batch from its planes (no picture made) counts it as the CPU does; the rest
/// are refused by both (for the CPU to decode or refuse in its own words), and
/// none hangs (huffman.wgsl's loops are bounded).
#[test]
fn damaged_scans_on_the_gpu_give_the_cpus_picture_or_are_refused() {
    use crate::jpeg_planes::compress;
    use histogram::decode::jpeg_scan;
    use histogram::gpu::{count_scans, GpuImage, Kernels};
    use histogram::jpeg_planes::Orientation;
    use turbojpeg_sys as tj;
    let spec = histogram::Spec::rgbl();
    let gpu = crate::common::gpu();
    let picture = crate::common::photo(16);
    let mut rng = Rng(0x7474);
    let (mut same, mut refused) = (0, 0);
    let sampled = [(tj::TJSAMP_TJSAMP_420, 0), (tj::TJSAMP_TJSAMP_422, 1)];
    for (subsamp, restart) in sampled {
        let good = compress(&picture, subsamp, false, restart);
        // The entropy-coded data: after the scan's header, before the end marker.
        let sos = good.windows(2).rposition(|w| w == [0xff, 0xda]).unwrap();
        let data = sos + 2 + u16::from_be_bytes([good[sos + 2], good[sos + 3]]) as usize;
        let mut files = vec![good.clone()];
        for _ in 0..SCAN_CASES {
            let mut bad = good.clone();
            let at = data + rng.below(good.len() - 2 - data);
            match rng.below(3) {
                0 => bad.truncate(at),
                1 => {
                    for _ in 0..1 + rng.below(4) {
                        let at = data + rng.below(good.len() - 2 - data);
                        bad[at] ^= 1 << rng.below(8);
                    }
                }
                _ => drop(bad.drain(at..at + rng.below(good.len() - 2 - at))),
            }
            files.push(bad);
        }
        let scans: Vec<_> = files
            .iter()
            .filter_map(|bytes| Some((bytes, jpeg_scan(bytes, u64::MAX).ok()?)))
            .collect();
        let batch: Vec<_> = scans
            .iter()
            .map(|(_, s)| (s, Orientation::NoTransforms))
            .collect();
        let started = Instant::now();
        let decoded = pollster::block_on(GpuImage::from_scans(&gpu, &batch, 8192));
        let only: Vec<_> = scans.iter().map(|(_, scan)| scan).collect();
        let mut kernels = Kernels::default();
        let counted = pollster::block_on(count_scans(&gpu, &mut kernels, &only, spec));
        for (i, (((bytes, _), unchecked), counts)) in
            scans.iter().zip(decoded).zip(counted).enumerate()
        {
            let case = format!("{subsamp:?} case {i} ({} bytes)", bytes.len());
            let Ok(image) = unchecked.and_then(|u| pollster::block_on(u.check(&gpu))) else {
                assert!(i > 0, "{case}: the intact scan refused");
                assert!(counts.is_err(), "{case}: counted, its picture refused");
                refused += 1;
                continue;
            };
            let got = pollster::block_on(image.read_rgba(&gpu)).unwrap();
            let cpu = decode(bytes, histogram::image::MAX_PIXELS, 256 << 20)
                .unwrap_or_else(|e| panic!("{case}: the GPU decoded it, the CPU refuses: {e}"));
            assert!(
                got.rgba() == cpu.image.rgba(),
                "{case}: not the CPU's pixels"
            );
            let counts = counts.unwrap_or_else(|e| panic!("{case}: its count refused: {e}"));
            let want = crate::common::reference(&cpu.image, spec);
            assert!(counts.counts() == want, "{case}: not the CPU's counts");
            same += 1;
        }
        let took = started.elapsed();
        assert!(took < Duration::from_secs(60), "{subsamp:?}: {took:?}");
    }
    println!("{same} decoded as the CPU decodes them, {refused} refused");
    assert!(same > 2 && refused > 0, "{same} decoded, {refused} refused");
}

/// Damaged scans a sampling.
const SCAN_CASES: usize = 400;
