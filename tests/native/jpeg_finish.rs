//! A JPEG finished from its DCT coefficients (src/jpeg_coefficients.rs, and on the
//! GPU src/gpu/jpeg_finish.rs) equals libjpeg-turbo's own decode: the coefficients
//! come from libjpeg-turbo's entropy decoding, the CPU twin's IDCT gives its raw
//! planes sample for sample, and the GPU's planes, upsampled and converted there,
//! give its RGB pixel for pixel; on JPEGs made here by TurboJPEG at every
//! subsampling, baseline and progressive, with restart intervals, at odd sizes,
//! and on the photos as their cameras wrote them.

use crate::common::{gpu, media, photo};
use crate::jpeg_planes::{compress, decode_planes, decode_rgba, SUBSAMPLINGS};
use histogram::decode::jpeg_coefficients;
use histogram::gpu::{ComponentBlocks, Gpu, GpuError, GpuImage};
use histogram::jpeg_coefficients::idct;
use histogram::jpeg_planes::Orientation;
use histogram::Image;

/// The files: noise at odd sizes and every subsampling, baseline and progressive;
/// a photo with restart intervals; the shared photos.
fn files() -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for (width, height) in [
        (1, 1),
        (2, 2),
        (3, 5),
        (7, 3),
        (33, 17),
        (257, 3),
        (1, 40),
        (1, 4099),
    ] {
        let noise = Image::noise(width, height, width * 3 + height);
        for subsamp in SUBSAMPLINGS {
            for progressive in [false, true] {
                files.push((
                    format!(
                        "noise {width}x{height} subsampling {subsamp} progressive {progressive}"
                    ),
                    compress(&noise, subsamp, progressive, 0),
                ));
            }
        }
    }
    let small = photo(4);
    for subsamp in SUBSAMPLINGS {
        for (progressive, restart) in [(false, 2), (true, 1)] {
            files.push((
                format!(
                    "photo/4 subsampling {subsamp} progressive {progressive} restart {restart}"
                ),
                compress(&small, subsamp, progressive, restart),
            ));
        }
    }
    for name in [
        "pexels-francesco-ungaro-96938-mid.jpg",
        "pexels-chevanon-photography-1108099.jpg",
    ] {
        files.push((name.to_string(), std::fs::read(media(name)).unwrap()));
    }
    files
}

#[test]
fn the_idct_of_libjpeg_turbos_coefficients_gives_its_planes() {
    for (what, bytes) in files() {
        let (frame, components) =
            jpeg_coefficients(&bytes, u64::MAX).unwrap_or_else(|e| panic!("{what}: {e}"));
        let (_, _, _, planes) = decode_planes(&bytes);
        for (c, (component, (plane, stride))) in components.iter().zip(&planes).enumerate() {
            let rows = plane.len() / stride;
            for (b, block) in component.coefficients.chunks_exact(64).enumerate() {
                let samples = idct(block.try_into().unwrap(), &frame.quant[c]);
                let (bx, by) = (
                    b % component.width_in_blocks as usize,
                    b / component.width_in_blocks as usize,
                );
                for (k, &s) in samples.iter().enumerate() {
                    let (x, y) = (bx * 8 + k % 8, by * 8 + k / 8);
                    if x < *stride && y < rows {
                        assert_eq!(
                            s,
                            plane[y * stride + x],
                            "{what}: component {c} at ({x}, {y})"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_gpu_finishes_libjpeg_turbos_coefficients_into_its_pixels() {
    let gpu = gpu();
    for (what, bytes) in files() {
        let (frame, components) =
            jpeg_coefficients(&bytes, u64::MAX).unwrap_or_else(|e| panic!("{what}: {e}"));
        let blocks = std::array::from_fn(|c| ComponentBlocks {
            blocks: [
                components[c].width_in_blocks,
                components[c].height_in_blocks,
            ],
            coefficients: &components[c].coefficients,
        });
        let image =
            GpuImage::from_coefficients(&gpu, &frame, &blocks, Orientation::NoTransforms, 8192)
                .unwrap_or_else(|e| panic!("{what}: {e}"));
        let got = pollster::block_on(image.read_rgba(&gpu)).unwrap();
        let (w, h, want) = decode_rgba(&bytes);
        assert_eq!((got.width(), got.height()), (w, h), "{what}");
        if let Some(i) = got.rgba().iter().zip(&want).position(|(a, b)| a != b) {
            let pixel = i / 4;
            panic!(
                "{what}: pixel ({}, {}) channel {}: {} where libjpeg-turbo has {}",
                pixel % w as usize,
                pixel / w as usize,
                i % 4,
                got.rgba()[i],
                want[i]
            );
        }
    }
}

/// The command line's `--decode gpu` against its `--decode cpu` and against
/// TurboJPEG's own decode counted here: every JPEG the GPU takes counts the same,
/// bin for bin, with a region too; a greyscale one goes to the CPU, noted; a
/// damaged one is refused in the CPU decoder's words, its neighbours still count.
#[test]
fn the_command_line_decodes_on_the_gpu_and_counts_libjpeg_turbos_samples() {
    use crate::common::{reference, scratch};
    use crate::tool::{counts, histogram, json_lines, text};
    use histogram::{Channels, Spec};
    let dir = scratch("decode-gpu");
    let mut paths = Vec::new();
    for (i, (what, bytes)) in files()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % 5 == 0 || *i > 70)
    {
        let path = dir.join(format!("{i}.jpg"));
        std::fs::write(&path, &bytes).unwrap();
        paths.push((what, path, bytes));
    }
    let grey = dir.join("grey.jpg");
    std::fs::write(
        &grey,
        compress(&photo(8), turbojpeg_sys::TJSAMP_TJSAMP_GRAY, false, 0),
    )
    .unwrap();
    let cut = dir.join("cut.jpg");
    std::fs::write(&cut, &paths[0].2[..paths[0].2.len() / 2]).unwrap();
    let mut args: Vec<&str> = vec!["--method", "privatized", "--bins", "64"];
    args.extend(paths.iter().map(|(_, p, _)| p.to_str().unwrap()));
    args.extend([grey.to_str().unwrap(), cut.to_str().unwrap()]);
    let run = |decode: &str, more: &[&str]| {
        let mut all = vec!["--decode", decode];
        all.extend(more);
        all.extend(&args);
        histogram(&all)
    };
    let (gpu, cpu) = (run("gpu", &[]), run("cpu", &[]));
    assert_eq!(
        gpu.status.code(),
        Some(1),
        "the cut file is refused: {}",
        text(&gpu.stderr)
    );
    assert_eq!(
        text(&gpu.stderr),
        text(&cpu.stderr),
        "refused in the same words"
    );
    let (on_gpu, on_cpu) = (json_lines(&gpu.stdout), json_lines(&cpu.stdout));
    assert_eq!(on_gpu.len(), paths.len() + 1);
    let spec = Spec::new(64, Channels::Rgbl).unwrap();
    for ((g, c), (what, _, bytes)) in on_gpu.iter().zip(&on_cpu).zip(&paths) {
        let (w, h, rgba) = decode_rgba(bytes);
        let want = reference(&Image::from_rgba(w, h, rgba).unwrap(), spec);
        for (k, key) in ["r", "g", "b", "luminance"].iter().enumerate() {
            let got = counts(g, key);
            assert_eq!(
                got,
                counts(c, key),
                "{what}: {key}, GPU against CPU decoding"
            );
            let want: Vec<u64> = want.iter().skip(k).step_by(4).map(|&n| n as u64).collect();
            assert_eq!(got, want, "{what}: {key}, against TurboJPEG's decode");
        }
        assert_eq!(g["notes"], c["notes"], "{what}");
    }
    // The greyscale file: the CPU's count, and a note that says why.
    let (g, c) = (&on_gpu[paths.len()], &on_cpu[paths.len()]);
    assert_eq!(counts(g, "luminance"), counts(c, "luminance"));
    assert!(
        g["notes"]
            .to_string()
            .contains("Decoded by the CPU, not the GPU"),
        "{g}"
    );
    // A region: the same rectangle of stored pixels.
    let photo_path = paths.last().unwrap().1.to_str().unwrap();
    let region = |decode| {
        let out = histogram(&[
            "--decode",
            decode,
            "--method",
            "privatized",
            "--region",
            "17,9,301,203",
            photo_path,
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        json_lines(&out.stdout)
    };
    assert_eq!(region("gpu")[0]["r"], region("cpu")[0]["r"]);
    // --decode gpu with --method cpu asks for two places to count: refused.
    let both = histogram(&["--decode", "gpu", "--method", "cpu", photo_path]);
    assert_eq!(both.status.code(), Some(2));
}

/// The entropy decoder the GPU's will follow (src/jpeg_entropy.rs, a code a bit
/// at a time from each restart interval's start) gives libjpeg-turbo's
/// coefficients, block for block, on every baseline file; the others (progressive)
/// are said, not decoded.
#[test]
fn the_entropy_decoder_gives_libjpeg_turbos_coefficients() {
    use histogram::jpeg_entropy::{decode, scan};
    let (mut decoded, mut said) = (0, 0);
    for (what, bytes) in files() {
        let (_, planes) = jpeg_coefficients(&bytes, u64::MAX).unwrap();
        let scan = match scan(&bytes) {
            Ok(scan) => scan,
            Err(why) => {
                assert!(what.contains("progressive true"), "{what}: {why}");
                said += 1;
                continue;
            }
        };
        let blocks =
            std::array::from_fn(|c| [planes[c].width_in_blocks, planes[c].height_in_blocks]);
        let ours = decode(&scan, blocks).unwrap_or_else(|e| panic!("{what}: {e}"));
        for c in 0..3 {
            if let Some(at) = ours[c]
                .iter()
                .zip(&planes[c].coefficients)
                .position(|(a, b)| a != b)
            {
                panic!("{what}: component {c}, block {}, coefficient {}: {} where libjpeg-turbo has {}",
                    at / 64, at % 64, ours[c][at], planes[c].coefficients[at]);
            }
        }
        decoded += 1;
    }
    assert!(
        decoded >= 30 && said >= 30,
        "{decoded} decoded, {said} progressive"
    );
}

/// The whole decode on the GPU (src/gpu/jpeg_decode.rs: the scan entropy-decoded
/// there in stretches that fall in step, then the finish) gives libjpeg-turbo's
/// pixels on every baseline file, with and without restart intervals, one at a
/// time and all in one batch; a scan cut short is refused, alone in its batch.
#[test]
fn the_gpu_decodes_a_baseline_scan_into_libjpeg_turbos_pixels() {
    use histogram::decode::jpeg_scan;
    let gpu = gpu();
    let same = |what: &str, image: &GpuImage, bytes: &[u8]| {
        let got = pollster::block_on(image.read_rgba(&gpu)).unwrap();
        let (_, _, want) = decode_rgba(bytes);
        if let Some(i) = got.rgba().iter().zip(&want).position(|(a, b)| a != b) {
            panic!(
                "{what}: byte {i}: {} where libjpeg-turbo has {}",
                got.rgba()[i],
                want[i]
            );
        }
    };
    let mut scans = Vec::new();
    for (what, bytes) in files() {
        let Ok(scan) = jpeg_scan(&bytes, u64::MAX) else {
            continue;
        };
        let image = decode_scan(&gpu, &scan).unwrap_or_else(|e| panic!("{what}: {e}"));
        same(&what, &image, &bytes);
        scans.push((what, bytes, scan));
    }
    assert!(scans.len() >= 30, "{} decoded", scans.len());
    // All at once, a scan cut in half among them.
    let (_, photo) = files().pop().unwrap();
    let mut cut = jpeg_scan(&photo, u64::MAX).unwrap();
    cut.data.truncate(cut.data.len() / 2);
    assert!(decode_scan(&gpu, &cut).is_err());
    let middle = scans.len() / 2;
    let mut batch: Vec<_> = scans
        .iter()
        .map(|(_, _, scan)| (scan, Orientation::NoTransforms))
        .collect();
    batch.insert(middle, (&cut, Orientation::NoTransforms));
    let mut decoded = pollster::block_on(GpuImage::from_scans(&gpu, &batch, 8192));
    let refused = decoded.remove(middle);
    let refused = refused.and_then(|u| pollster::block_on(u.check(&gpu)));
    assert!(refused.is_err(), "the cut scan in a batch");
    for ((what, bytes, _), unchecked) in scans.iter().zip(decoded) {
        let image = unchecked.and_then(|u| pollster::block_on(u.check(&gpu)));
        same(
            what,
            &image.unwrap_or_else(|e| panic!("{what} in a batch: {e}")),
            bytes,
        );
    }
    // More pictures than one binding holds (lavapipe binds 128 MB: eleven of the
    // photo's 13 MB of coefficients) go in batches that fit, none refused.
    let (what, photo) = files().pop().unwrap();
    let scan = jpeg_scan(&photo, u64::MAX).unwrap();
    let many = vec![(&scan, Orientation::NoTransforms); 11];
    let cut = histogram::gpu::batches(&gpu, &many, |(scan, _)| &scan.frame).count();
    assert!(cut > 1, "eleven in one batch");
    let decoded = pollster::block_on(GpuImage::from_scans(&gpu, &many, 8192));
    for unchecked in decoded {
        let image = unchecked.and_then(|u| pollster::block_on(u.check(&gpu)));
        image.unwrap_or_else(|e| panic!("{what} in many batches: {e}"));
    }
    // The command line's way too (counted from the planes): each as the photo
    // alone is counted, where one batch of eleven failed as a whole.
    let spec = histogram::Spec::new(256, histogram::Channels::Rgbl).unwrap();
    let mut kernels = histogram::gpu::Kernels::default();
    let count = |scans: &[&histogram::jpeg_entropy::Scan], kernels: &mut _| {
        pollster::block_on(histogram::gpu::count_scans(&gpu, kernels, scans, spec))
    };
    let alone = count(&[&scan], &mut kernels).pop().unwrap();
    let alone = alone.unwrap_or_else(|e| panic!("{what} counted alone: {e}"));
    for counted in count(&[&scan; 11], &mut kernels) {
        let counted = counted.unwrap_or_else(|e| panic!("{what} counted in many batches: {e}"));
        assert_eq!(counted, alone, "{what} counted in many batches");
    }
    // A batch's coefficients of 64 MB or more are kept for the next batch, which
    // clears what it uses: one photo's after another's are their own pixels.
    let mut photos = files().into_iter().rev().take(2);
    let (first, second) = (photos.next().unwrap(), photos.next().unwrap());
    let first_scan = jpeg_scan(&first.1, u64::MAX).unwrap();
    let second_scan = jpeg_scan(&second.1, u64::MAX).unwrap();
    let turn = Orientation::NoTransforms;
    for (scan, times) in [(&first_scan, 6), (&second_scan, 7)] {
        let dims = histogram::jpeg_coefficients::blocks(&scan.frame);
        let bytes = dims
            .iter()
            .map(|d| d[0] as u64 * d[1] as u64 * 128)
            .sum::<u64>()
            * times;
        assert!(
            bytes >= 64 << 20,
            "{bytes} bytes of coefficients are not kept"
        );
        let batch = vec![(scan, turn); times as usize];
        assert_eq!(
            histogram::gpu::batches(&gpu, &batch, |(s, _)| &s.frame).count(),
            1
        );
        let decoded = pollster::block_on(GpuImage::from_scans(&gpu, &batch, 8192));
        if std::ptr::eq(scan, &second_scan) {
            for unchecked in decoded {
                let image = unchecked.and_then(|u| pollster::block_on(u.check(&gpu)));
                let image = image.unwrap_or_else(|e| panic!("{} after {}: {e}", second.0, first.0));
                same(
                    &format!("{} after {}", second.0, first.0),
                    &image,
                    &second.1,
                );
            }
        }
    }
}

/// `scan` decoded on the GPU and its flags checked.
/// A timed decoding (what the studio says of a dropped JPEG) gives each span's
/// time where the GPU has timestamps and is not the CPU's (lavapipe's are not
/// what its passes took: none here), and the same pixels; the picture's
/// textures can be drawn into, so that a browser clears them on the GPU
/// (docs/DECISIONS.md 96).
#[test]
fn a_timed_scan_says_each_span_and_decodes_the_same() {
    let gpu = gpu();
    let (what, bytes) = files().pop().unwrap();
    let scan = histogram::decode::jpeg_scan(&bytes, u64::MAX).unwrap();
    let (timed, times) = pollster::block_on(async {
        let turn = Orientation::NoTransforms;
        let unchecked = GpuImage::from_scan(&gpu, &scan, turn, 8192, true)
            .await
            .unwrap();
        let times = unchecked.times(&gpu).await.unwrap();
        (unchecked.check(&gpu).await.unwrap(), times)
    });
    let read = |image: &GpuImage| pollster::block_on(image.read_rgba(&gpu)).unwrap();
    let untimed = decode_scan(&gpu, &scan).unwrap();
    assert!(read(&timed).rgba() == read(&untimed).rgba(), "{what}");
    if gpu.timestamps && !gpu.is_cpu() {
        let times = times.expect("timed");
        let names: Vec<&str> = times.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names, histogram::gpu::SCAN_SPANS);
        assert!(
            times.iter().all(|(_, ms)| ms.is_some_and(|ms| ms > 0.0)),
            "{times:?}"
        );
    } else {
        assert!(times.is_none());
    }
    let usage = wgpu::TextureUsages::STORAGE_BINDING | wgpu::TextureUsages::TEXTURE_BINDING;
    let texture = gpu.texture("picture", (4, 4), wgpu::TextureFormat::Rgba8Unorm, usage);
    assert!(texture
        .usage()
        .contains(wgpu::TextureUsages::RENDER_ATTACHMENT));
}

fn decode_scan(gpu: &Gpu, scan: &histogram::jpeg_entropy::Scan) -> Result<GpuImage, GpuError> {
    pollster::block_on(async {
        let unchecked =
            GpuImage::from_scan(gpu, scan, Orientation::NoTransforms, 8192, false).await?;
        unchecked.check(gpu).await
    })
}

/// A scan whose bytes would pass one binding (or the shader's bit positions) is
/// refused, for the CPU to decode, and its batch's other pictures decode.
#[test]
fn a_scan_longer_than_a_binding_is_refused_alone() {
    use histogram::decode::jpeg_scan;
    let gpu = gpu();
    let (what, small) = files()
        .into_iter()
        .filter_map(|(what, bytes)| Some((what, jpeg_scan(&bytes, u64::MAX).ok()?)))
        .min_by_key(|(_, scan)| scan.data.len())
        .unwrap();
    let mut long = small.clone();
    let limit = gpu.limits().max_storage_buffer_binding_size;
    long.data
        .resize(limit.min(u32::MAX as u64 / 8) as usize + 1, 0);
    let turn = Orientation::NoTransforms;
    let batch = [(&small, turn), (&long, turn), (&small, turn)];
    let decoded = pollster::block_on(GpuImage::from_scans(&gpu, &batch, 8192));
    let checked: Vec<_> = decoded
        .into_iter()
        .map(|u| u.and_then(|u| pollster::block_on(u.check(&gpu))))
        .collect();
    let why = checked[1].as_ref().err().expect("the long scan refused");
    assert!(why.0.contains("too long"), "{}", why.0);
    for image in [&checked[0], &checked[2]] {
        image
            .as_ref()
            .unwrap_or_else(|e| panic!("{what} beside it: {e}"));
    }
}
