//! HDR pictures (issue #23, part 4): OpenEXR and Radiance .hdr files written here
//! from samples kept here (2^-20 to 2^20, zeros, negatives, NaN, infinities, one
//! pixel, odd sizes), decoded back exactly, and counted by the CPU rule, the GPU
//! (lavapipe) and the command line as the tests' own reading of the stated f32
//! rule does.

mod common;

use common::gpu;
use histogram::decode::Decoder;
use histogram::gpu::{count_hdr, Kernels};
use histogram::hdr::{count_cpu, HdrHistogram, HdrImage, Range};
use std::io::Cursor;
use std::path::PathBuf;
use std::process::Command;

/// RGBA samples of `w` x `h` pixels: every power of two from 2^-20 to 2^20 in
/// turn in R, G, B and grey, zeros, negatives, NaN and infinities, then noise.
fn samples(w: u32, h: u32, special: bool) -> Vec<f32> {
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

fn exr(w: u32, h: u32, rgba: &[f32]) -> Vec<u8> {
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
fn radiance(w: u32, h: u32) -> (Vec<u8>, Vec<f32>) {
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

fn same(a: &[f32], b: &[f32]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()))
}

fn decoded(bytes: &[u8]) -> HdrImage {
    let mut decoder = Decoder::new(Cursor::new(bytes), u64::MAX, 1 << 30).unwrap();
    assert!(decoder.is_float());
    decoder.float_image().unwrap()
}

/// The stated rule, read apart from src/hdr.rs: channels by one f32 multiply,
/// luminance against f32 edges found by a plain scan.
fn reference(rgba: &[f32], bins: u32, range: Range) -> HdrHistogram {
    let n = bins as usize;
    let scale = bins as f32 / range.max;
    let (lo, hi) = (range.stops.0 as f64, range.stops.1 as f64);
    let edges: Vec<f32> = (0..=n)
        .map(|k| (lo + (hi - lo) * k as f64 / n as f64).exp2() as f32)
        .collect();
    let mut h = HdrHistogram {
        bins,
        range,
        counts: vec![0; n * 4],
        below: [0; 4],
        above: [0; 4],
        above_one: [0; 4],
        invalid: 0,
    };
    for p in rgba.chunks(4) {
        if p[..3].iter().any(|v| v.is_nan() || v.is_infinite()) {
            h.invalid += 1;
            continue;
        }
        for (c, &v) in p[..3].iter().enumerate() {
            if v < 0.0 {
                h.below[c] += 1;
            } else if v > range.max {
                h.above[c] += 1;
            } else {
                h.counts[((v * scale) as usize).min(n - 1) * 4 + c] += 1;
            }
            h.above_one[c] += (v > 1.0) as u32;
        }
        let y = 0.2126f32 * p[0] + 0.7152f32 * p[1] + 0.0722f32 * p[2];
        if y <= 0.0 || y < edges[0] {
            h.below[3] += 1;
        } else if y > edges[n] {
            h.above[3] += 1;
        } else {
            let bin = (1..n).take_while(|&k| edges[k] <= y).count();
            h.counts[bin * 4 + 3] += 1;
        }
        h.above_one[3] += (y > 1.0) as u32;
    }
    h
}

/// Whole stops around the positive finite Y, the largest finite sample: worked
/// out here in f64.
fn own_range(rgba: &[f32]) -> Range {
    let valid = rgba
        .chunks(4)
        .filter(|p| p[..3].iter().all(|v| v.is_finite()));
    let (mut max, mut least, mut most) = (0f64, f64::INFINITY, 0f64);
    for p in valid {
        max = max.max(p[0] as f64).max(p[1] as f64).max(p[2] as f64);
        let y = (0.2126f32 * p[0] + 0.7152f32 * p[1] + 0.0722f32 * p[2]) as f64;
        if y > 0.0 {
            least = least.min(y);
            most = most.max(y);
        }
    }
    let (lo, hi) = (least.log2().floor(), most.log2().ceil());
    Range {
        max: max as f32,
        stops: (lo as f32, if hi > lo { hi } else { lo + 1.0 } as f32),
    }
}

/// A test file: its name, its bytes, the samples it holds, its size.
type Picture = (String, Vec<u8>, Vec<f32>, u32, u32);

fn pictures() -> Vec<Picture> {
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

#[test]
fn hdr_files_give_back_their_samples() {
    for (name, bytes, rgba, w, h) in pictures() {
        let image = decoded(&bytes);
        assert_eq!((image.width(), image.height()), (w, h), "{name}");
        assert!(same(image.rgba(), &rgba), "{name}: decoded samples differ");
    }
}

#[test]
fn the_cpu_and_the_gpu_count_by_the_stated_rule() {
    let gpu = gpu();
    let mut kernels = Kernels::default();
    for (name, bytes, rgba, _, _) in pictures() {
        let image = decoded(&bytes);
        let own = own_range(&rgba);
        assert_eq!(Range::of(&image), own, "{name}: the data's own range");
        for bins in [1, 16, 256, 4096] {
            for stops in [None, Some((-4.0, 2.0))] {
                let mut range = own;
                if let Some(s) = stops {
                    range.stops = s;
                }
                let want = reference(&rgba, bins, range);
                assert_eq!(
                    count_cpu(&image, bins, range),
                    want,
                    "{name}, {bins} bins, cpu"
                );
                let got = pollster::block_on(count_hdr(&gpu, &mut kernels, &image, bins, stops))
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(got, want, "{name}, {bins} bins, {stops:?}, gpu");
            }
        }
    }
}

fn histogram(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_histogram"))
        .args(["--backend", "vulkan"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The numbers after `"key": ` up to the value's end: an array, an object of
/// numbers, or one number.
fn numbers(line: &str, key: &str) -> Vec<f64> {
    let start = line
        .find(&format!("\"{key}\": "))
        .unwrap_or_else(|| panic!("no {key} in {line}"))
        + key.len()
        + 4;
    let text = &line[start..];
    let end = match text.as_bytes()[0] {
        b'[' => text.find(']').unwrap(),
        b'{' => text.find('}').unwrap(),
        _ => text.find([',', '}']).unwrap(),
    };
    // Each item's value: after its key in an object.
    text[..end]
        .trim_start_matches(['[', '{'])
        .split(',')
        .filter_map(|item| item.rsplit(':').next()?.trim().parse().ok())
        .collect()
}

#[test]
fn the_command_line_reports_an_hdr_picture_in_its_units() {
    let dir = std::env::temp_dir().join(format!("histogram-hdr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (name, bytes, rgba, _, _) = pictures().remove(0);
    let path: PathBuf = dir.join(&name);
    std::fs::write(&path, &bytes).unwrap();
    let path = path.to_str().unwrap();
    for method in ["cpu", "packed"] {
        for (args, stops) in [(vec![], None), (vec!["--range", "-4,2"], Some((-4.0, 2.0)))] {
            let mut all = vec!["--method", method, "--bins", "64"];
            all.extend(args);
            all.push(path);
            let line = histogram(&all);
            let mut range = own_range(&rgba);
            if let Some(s) = stops {
                range.stops = s;
            }
            let want = reference(&rgba, 64, range);
            // The channels' arrays come last, after the counts apart.
            let bins_at = line.find("\"r\": [").unwrap();
            for (c, key) in ["r", "g", "b", "luminance"].iter().enumerate() {
                let got: Vec<u32> = numbers(&line[bins_at..], key)
                    .iter()
                    .map(|&v| v as u32)
                    .collect();
                assert_eq!(got, want.channel(c), "{method}: {key}");
            }
            assert!(line.contains("\"depth\": 32"), "{line}");
            assert!(line.contains(&format!(
                "\"method\": \"{}\"",
                if method == "cpu" { "cpu" } else { "hdr" }
            )));
            assert_eq!(
                numbers(&line, "stops"),
                vec![range.stops.0 as f64, range.stops.1 as f64]
            );
            let four =
                |key: &str| -> Vec<u32> { numbers(&line, key).iter().map(|&v| v as u32).collect() };
            assert_eq!(four("below"), want.below.to_vec());
            assert_eq!(four("above"), want.above.to_vec());
            assert_eq!(four("above_one"), want.above_one.to_vec());
            assert_eq!(numbers(&line, "invalid"), vec![want.invalid as f64]);
            assert!(want.invalid == 3 && want.below[0] == 1 && want.below[1] == 1);
            assert!(line.contains("Floating-point (HDR) samples, linear"));
        }
    }
    // As the pages read it: clamped to 0..1, 8 bits.
    let line = histogram(&["--method", "cpu", "--depth", "8", path]);
    assert!(
        line.contains("\"depth\": 8") && line.contains("clamped to 0..1"),
        "{line}"
    );
}

#[test]
fn a_cut_or_lying_hdr_file_gets_a_message_and_the_others_still_print() {
    let dir = std::env::temp_dir().join(format!("histogram-hdr-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let all = pictures();
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_string()
    };
    let good = write("good.exr", &all[0].1);
    let cut_exr = write("cut.exr", &all[0].1[..all[0].1.len() / 2]);
    let cut_hdr = write("cut.hdr", &all[4].1[..all[4].1.len() - 40]);
    // A Radiance header claiming 300000 x 200000 pixels over a few bytes.
    let lying = write(
        "lying.hdr",
        b"#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 200000 +X 300000\n\x02\x02",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_histogram"))
        .args([
            "--backend",
            "vulkan",
            "--method",
            "cpu",
            &cut_exr,
            &good,
            &cut_hdr,
            &lying,
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    for bad in [&cut_exr, &cut_hdr, &lying] {
        let line = stderr
            .lines()
            .find(|l| l.contains(bad.as_str()))
            .unwrap_or_else(|| panic!("no message for {bad}: {stderr}"));
        assert!(
            line.contains("damaged") || line.contains("memory"),
            "{line}"
        );
    }
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1, "the good file still printed");
    assert!(stdout.contains("good.exr"));
}

#[test]
fn statistics_are_in_the_files_units() {
    let dir = std::env::temp_dir().join(format!("histogram-hdr-stats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (name, bytes, rgba, _, _) = pictures().remove(0);
    let path = dir.join(&name);
    std::fs::write(&path, &bytes).unwrap();
    let line = histogram(&["--method", "cpu", "--stats", path.to_str().unwrap()]);
    let valid: Vec<&[f32]> = rgba
        .chunks(4)
        .filter(|p| p[..3].iter().all(|v| v.is_finite()))
        .collect();
    let stats_at = line.find("\"stats\": ").unwrap();
    for (c, key) in ["r", "g", "b", "luminance"].iter().enumerate() {
        let mut values: Vec<f64> = valid
            .iter()
            .map(|p| match c {
                3 => (0.2126f32 * p[0] + 0.7152f32 * p[1] + 0.0722f32 * p[2]) as f64,
                _ => p[c] as f64,
            })
            .collect();
        values.sort_by(f64::total_cmp);
        let n = values.len();
        let rank = |p: usize| values[(n * p).div_ceil(100).max(1) - 1];
        let mean = values.iter().sum::<f64>() / n as f64;
        let above = 100.0 * values.iter().filter(|&&v| v > 1.0).count() as f64 / n as f64;
        let std_dev = (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n as f64).sqrt();
        let got = numbers(&line[stats_at..], key);
        let want = [
            n as f64,
            mean,
            std_dev,
            rank(50),
            values[0],
            values[n - 1],
            rank(1),
            rank(99),
            above,
        ];
        for (i, (g, w)) in got.iter().zip(want).enumerate() {
            assert!(
                (g - w).abs() <= 1e-9 * w.abs().max(1.0),
                "{key} field {i}: {g} against {w}"
            );
        }
    }
}
