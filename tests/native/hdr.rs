//! HDR pictures (issue #23, part 4): OpenEXR and Radiance .hdr files written here
//! from samples kept here (2^-20 to 2^20, zeros, negatives, NaN, infinities, one
//! pixel, odd sizes), decoded back exactly, and counted by the CPU rule, the GPU
//! (lavapipe) and the command line as the tests' own reading of the stated f32
//! rule does.

use crate::common;

use crate::tool::{counts, histogram, lines_of, numbers};
use common::gpu;
use common::hdr::{pictures, samples};
use histogram::decode::Decoder;
use histogram::gpu::{count_hdr, Gpu, HdrCount, Kernels};
use histogram::hdr::{count_cpu, HdrHistogram, HdrImage, Range};
use histogram::scope::Transfer;
use histogram::Region;
use serde_json::Value;
use std::io::Cursor;
use std::path::PathBuf;

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

#[test]
fn a_region_is_counted_as_its_crop() {
    let gpu = gpu();
    let mut kernels = Kernels::default();
    let (w, h) = (37, 29);
    let image = HdrImage::new(w, h, samples(w, h, true)).unwrap();
    let count = HdrCount::new(&gpu, &mut kernels, &image, 64).unwrap();
    let region = |x, y, width, height| Region {
        x,
        y,
        width,
        height,
    };
    // The whole picture last: nothing is left of the counts before.
    for r in [
        region(3, 5, 10, 7),
        region(36, 28, 1, 1),
        region(0, 13, 37, 1),
        region(0, 0, w, h),
    ] {
        let crop = image.crop(r);
        let want = reference(crop.rgba(), 64, own_range(crop.rgba()));
        let got = pollster::block_on(count.count(&gpu, r, None)).unwrap();
        assert_eq!(got, want, "{r:?}");
    }
    let outside = pollster::block_on(count.count(&gpu, region(30, 0, 8, 1), None));
    assert!(outside.is_err(), "a region past the picture is refused");
}

/// sRGB's transfer function on a linear value clipped to [0, 1], as a code.
fn srgb_code(v: f32) -> f64 {
    let c = (v as f64).clamp(0.0, 1.0);
    let e = if c <= 0.0031308 {
        12.92 * c
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    e * 255.0
}

/// An rgba8unorm storage texture of `w` x `h` to draw into and read back.
fn target(gpu: &Gpu, label: &str, (w, h): (u32, u32)) -> histogram::gpu::Owned<wgpu::Texture> {
    gpu.texture(
        label,
        (w, h),
        wgpu::TextureFormat::Rgba8Unorm,
        wgpu::TextureUsages::STORAGE_BINDING | wgpu::TextureUsages::COPY_SRC,
    )
}

/// `texture`'s RGBA bytes, row after row.
fn read_texture(gpu: &Gpu, texture: &wgpu::Texture) -> Vec<u8> {
    let texels = gpu.read_texels(texture, wgpu::Origin3d::ZERO, texture.size());
    pollster::block_on(texels).unwrap()
}

#[test]
fn the_exposure_pass_draws_the_samples_as_srgb_codes() {
    let gpu = gpu();
    let mut kernels = Kernels::default();
    let (w, h) = (13, 17);
    let rgba = samples(w, h, true);
    let image = HdrImage::new(w, h, rgba.clone()).unwrap();
    let count = HdrCount::new(&gpu, &mut kernels, &image, 16).unwrap();
    let texture = target(&gpu, "shown", (w, h));
    for exposure in [1.0f32, 0.25, 64.0] {
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        let view = texture.create_view(&Default::default());
        count.encode_exposure(&gpu, &mut encoder, &view, exposure, None);
        gpu.queue.submit([encoder.finish()]);
        let bytes = read_texture(&gpu, &texture);
        for (i, (p, got)) in rgba.chunks(4).zip(bytes.chunks(4)).enumerate() {
            let (x, y) = (i as u32 % w, i as u32 / w);
            let valid = p[..3].iter().all(|v| v.is_finite());
            for c in 0..3 {
                let want = if valid {
                    srgb_code(p[c] * exposure)
                } else {
                    0.0
                };
                assert!(
                    (got[c] as f64 - want).abs() <= 1.0,
                    "pixel {x},{y} channel {c} at {exposure}: {} for {want:.2} ({})",
                    got[c],
                    p[c]
                );
            }
            assert_eq!(got[3], 255);
        }
    }
}

/// Issue #77: where the scopes read nits, the exposure pass writes the picture's
/// light as PQ or HLG codes beside it, as the CPU's `Transfer::picture_codes`
/// gives them, on odd sizes, at three exposures.
#[test]
fn the_exposure_pass_writes_the_light_as_hdr_codes() {
    let gpu = gpu();
    let mut kernels = Kernels::default();
    for (w, h) in [(1, 1), (257, 3), (1, 4099), (13, 17)] {
        let mut rgba = samples(w, h, true);
        // Light across the codes' whole range: 0.001 to 60 times the reference white.
        for (i, v) in rgba
            .iter_mut()
            .enumerate()
            .filter(|(i, v)| i % 4 != 3 && v.is_finite())
        {
            *v = v.abs() * 0.001 * 60_000f32.powf((i % 97) as f32 / 96.0);
        }
        // A sample whose product with the exposure passes f32's range: the peak.
        rgba[0] = f32::MAX / 2.0;
        let image = HdrImage::new(w, h, rgba.clone()).unwrap();
        let count = HdrCount::new(&gpu, &mut kernels, &image, 16).unwrap();
        let (shown, codes) = (target(&gpu, "shown", (w, h)), target(&gpu, "codes", (w, h)));
        for transfer in [Transfer::Pq, Transfer::Hlg] {
            for exposure in [1.0f32, 0.25, 8.0] {
                let mut encoder = gpu.device.create_command_encoder(&Default::default());
                let (view, codes_view) = (
                    shown.create_view(&Default::default()),
                    codes.create_view(&Default::default()),
                );
                count.encode_exposure(
                    &gpu,
                    &mut encoder,
                    &view,
                    exposure,
                    Some((&codes_view, transfer)),
                );
                gpu.queue.submit([encoder.finish()]);
                let got = read_texture(&gpu, &codes);
                let want = transfer.picture_codes(&image, exposure).unwrap();
                let mut differ = 0;
                for (i, (g, p)) in got.chunks(4).zip(rgba.chunks(4)).enumerate() {
                    let light = p[..3]
                        .iter()
                        .map(|v| f64::from(v * exposure))
                        .collect::<Vec<_>>();
                    let exact = transfer.encode([light[0], light[1], light[2]]);
                    for c in 0..3 {
                        let (gpu_code, cpu_code) = (g[c], want.rgba()[i * 4 + c]);
                        // f32 on the GPU, f64 here: a code within 1/50 of a level
                        // of a rounding's edge may round either way.
                        let edge = ((exact[c] * 255.0).fract() - 0.5).abs() < 0.02;
                        if gpu_code != cpu_code {
                            differ += 1;
                            assert!(
                                edge && gpu_code.abs_diff(cpu_code) == 1,
                                "{transfer:?} x{exposure} {w}x{h} pixel {i} channel {c}: {gpu_code} for {cpu_code} ({p:?})"
                            );
                        }
                    }
                    assert_eq!(g[3], 255);
                }
                assert!(
                    differ * 100 <= got.len(),
                    "{transfer:?}: {differ} of {} differ",
                    got.len()
                );
            }
        }
        // The picture beside the codes is the one csExpose draws.
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        count.encode_exposure(
            &gpu,
            &mut encoder,
            &shown.create_view(&Default::default()),
            8.0,
            None,
        );
        gpu.queue.submit([encoder.finish()]);
        let alone = read_texture(&gpu, &shown);
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        let codes_view = codes.create_view(&Default::default());
        count.encode_exposure(
            &gpu,
            &mut encoder,
            &shown.create_view(&Default::default()),
            8.0,
            Some((&codes_view, Transfer::Pq)),
        );
        gpu.queue.submit([encoder.finish()]);
        assert_eq!(read_texture(&gpu, &shown), alone, "{w}x{h}");
    }
}

/// The tool's one line for `args` (which must succeed), read as JSON.
fn line_of(args: &[&str]) -> Value {
    lines_of(args, &args.join(" ")).remove(0)
}

/// The four numbers of `line[key]`, an object by channel (the counts apart).
fn four(line: &Value, key: &str) -> Vec<u32> {
    ["r", "g", "b", "luminance"]
        .iter()
        .map(|c| {
            line[key][c]
                .as_u64()
                .unwrap_or_else(|| panic!("{key}.{c} in {line}")) as u32
        })
        .collect()
}

#[test]
fn the_command_line_reports_an_hdr_picture_in_its_units() {
    let dir = crate::common::scratch("hdr");
    let (name, bytes, rgba, _, _) = pictures().remove(0);
    let path: PathBuf = dir.join(&name);
    std::fs::write(&path, &bytes).unwrap();
    let path = path.to_str().unwrap();
    for method in ["cpu", "packed"] {
        for (args, stops) in [(vec![], None), (vec!["--range", "-4,2"], Some((-4.0, 2.0)))] {
            let mut all = vec!["--method", method, "--bins", "64"];
            all.extend(args);
            all.push(path);
            let line = line_of(&all);
            let mut range = own_range(&rgba);
            if let Some(s) = stops {
                range.stops = s;
            }
            let want = reference(&rgba, 64, range);
            for (c, key) in ["r", "g", "b", "luminance"].iter().enumerate() {
                let got: Vec<u32> = counts(&line, key).iter().map(|&v| v as u32).collect();
                assert_eq!(got, want.channel(c), "{method}: {key}");
            }
            assert_eq!(line["depth"], 32, "{line}");
            let named = if method == "cpu" { "cpu" } else { "hdr" };
            assert_eq!(line["method"], named);
            assert_eq!(
                numbers(&line["range"], "stops"),
                vec![range.stops.0 as f64, range.stops.1 as f64]
            );
            assert_eq!(four(&line, "below"), want.below.to_vec());
            assert_eq!(four(&line, "above"), want.above.to_vec());
            assert_eq!(four(&line, "above_one"), want.above_one.to_vec());
            assert_eq!(line["invalid"], want.invalid);
            assert!(want.invalid == 3 && want.below[0] == 1 && want.below[1] == 1);
            assert!(line["notes"][0]
                .as_str()
                .unwrap()
                .contains("Floating-point (HDR) samples, linear"));
        }
    }
    // As the pages read it: clamped to 0..1, 8 bits.
    let line = line_of(&["--method", "cpu", "--depth", "8", path]);
    assert_eq!(line["depth"], 8, "{line}");
    assert!(
        line["notes"].to_string().contains("clamped to 0..1"),
        "{line}"
    );
}

#[test]
fn a_cut_or_lying_hdr_file_gets_a_message_and_the_others_still_print() {
    let dir = crate::common::scratch("hdr-bad");
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
    let out = histogram(&["--method", "cpu", &cut_exr, &good, &cut_hdr, &lying]);
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
    let dir = crate::common::scratch("hdr-stats");
    let (name, bytes, rgba, _, _) = pictures().remove(0);
    let path = dir.join(&name);
    std::fs::write(&path, &bytes).unwrap();
    let line = line_of(&["--method", "cpu", "--stats", path.to_str().unwrap()]);
    let valid: Vec<&[f32]> = rgba
        .chunks(4)
        .filter(|p| p[..3].iter().all(|v| v.is_finite()))
        .collect();
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
        let got: Vec<f64> = histogram::hdr::STATS_FIELDS
            .iter()
            .map(|field| line["stats"][key][field].as_f64().unwrap())
            .collect();
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

#[test]
fn an_hdr_picture_past_the_memory_allowed_is_refused_with_the_reason() {
    let (name, bytes, ..) = pictures().remove(2);
    let refused = histogram::decode::decode(&bytes, 1 << 26, 10_000)
        .err()
        .unwrap_or_else(|| panic!("{name} decoded within 10,000 bytes"));
    assert_eq!(
        refused.to_string(),
        "the image is 257x3 pixels; an OpenEXR file is decoded whole, which needs \
         0.1 MiB of memory, and 0.1 MiB is available. Split it into parts"
    );
}
