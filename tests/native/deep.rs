//! 16-bit pictures at their stored depth (issue #23): the decoder gives back the
//! samples the files were written from, and the CPU rule and the deep kernel
//! (lavapipe) count them as the tests' own reference does, in every bin count
//! from 1 to 65536, privatized (at most 4096 bins) and global (more).

use crate::common;

use common::{fixtures, gpu, reference, reference_deep, test_images};
use histogram::decode::Decoder;
use histogram::deep::{count_cpu, DeepImage};
use histogram::gpu::{Gpu, GpuImage, Kernels, Limits, Method, Run, RunOptions};
use histogram::{Channels, Histogram, Region, Spec};
use std::io::Cursor;

fn deep_fixtures() -> Vec<fixtures::Fixture> {
    fixtures::all(&[])
        .into_iter()
        .filter(|f| f.deep.is_some())
        .chain(fixtures::deep())
        .collect()
}

fn decoded(bytes: &[u8]) -> DeepImage {
    let mut decoder = Decoder::new(Cursor::new(bytes), u64::MAX, 1 << 30).unwrap();
    assert_eq!(decoder.depth(), 16);
    let image = decoder.next_deep_band(u64::MAX).unwrap().unwrap();
    assert!(decoder.next_deep_band(u64::MAX).unwrap().is_none());
    assert!(decoder
        .notes()
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
        .contains("full depth"));
    image
}

/// `image` counted by the deep method, its samples in buffers within `limits` (or
/// the device's), all of it or `region`.
fn count_deep(
    gpu: &Gpu,
    kernels: &mut Kernels,
    image: &DeepImage,
    spec: Spec,
    limits: Option<Limits>,
    region: Option<Region>,
) -> Histogram {
    let limits = limits.unwrap_or_else(|| Limits::of(gpu));
    let gpu_image = GpuImage::upload_deep_with(gpu, image, limits);
    let mut options = RunOptions::new(Method::Deep, spec).limits(limits);
    if let Some(region) = region {
        options = options.region(region);
    }
    let run = Run::new(gpu, kernels, &gpu_image, options).unwrap();
    pollster::block_on(run.execute(gpu)).unwrap().0
}

/// 16-bit noise, the same every run.
fn noise16(width: u32, height: u32, seed: u32) -> DeepImage {
    let mut x = seed.max(1);
    let rgba = (0..width * height * 4)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u16
        })
        .collect();
    DeepImage::new(width, height, 16, rgba).unwrap()
}

#[test]
fn sixteen_bit_files_give_back_their_stored_samples() {
    let all = deep_fixtures();
    assert!(all.len() >= 10);
    for f in &all {
        let image = decoded(&f.bytes);
        assert_eq!(
            image.rgba(),
            &f.deep.as_ref().unwrap()[..],
            "{}: decoded samples differ from the stored ones",
            f.name
        );
    }
    // Bands of rows add up to the picture.
    let f = all
        .iter()
        .find(|f| f.name == "deep-levels16-256x256.png")
        .unwrap();
    let mut decoder = Decoder::new(Cursor::new(&f.bytes), u64::MAX, 1 << 30).unwrap();
    let mut rgba = Vec::new();
    while let Some(band) = decoder.next_deep_band(256 * 7).unwrap() {
        assert!(band.height() <= 7);
        rgba.extend_from_slice(band.rgba());
    }
    assert_eq!(rgba, f.deep.clone().unwrap());
}

#[test]
fn the_cpu_rule_agrees_with_the_reference_at_every_bin_count() {
    for f in deep_fixtures() {
        let image = decoded(&f.bytes);
        for bins in [1, 7, 256, 1000, 4096, 65535, 65536] {
            for channels in [Channels::Rgbl, Channels::Luminance] {
                let spec = Spec::new(bins, channels).unwrap();
                assert_eq!(
                    count_cpu(&image, spec).counts(),
                    &reference_deep(image.rgba(), 16, spec)[..],
                    "{} in {bins} bins",
                    f.name
                );
            }
        }
    }
}

#[test]
fn with_as_many_bins_as_levels_a_bin_is_the_stored_value() {
    let f = fixtures::deep()
        .into_iter()
        .find(|f| f.name == "deep-levels16-256x256.png")
        .unwrap();
    let spec = Spec::new(65536, Channels::Rgbl).unwrap();
    let counted = count_cpu(&decoded(&f.bytes), spec);
    for c in 0..3 {
        assert!(counted.channel(c).iter().all(|&n| n == 1), "channel {c}");
    }
    // And 8-bit pictures keep the 8-bit rule's results exactly.
    for (name, image) in test_images() {
        for bins in [1, 100, 256, 1024] {
            let spec = Spec::new(bins, Channels::Rgbl).unwrap();
            assert_eq!(
                count_cpu(&DeepImage::from_image(&image), spec).counts(),
                &reference(&image, spec)[..],
                "{name} in {bins} bins"
            );
        }
    }
}

#[test]
fn the_deep_kernel_counts_exactly() {
    let gpu = gpu();
    let mut kernels = Kernels::default();
    let mut pictures: Vec<(String, DeepImage)> = deep_fixtures()
        .iter()
        .map(|f| (f.name.to_string(), decoded(&f.bytes)))
        .collect();
    pictures.extend([
        ("1x1 noise".to_string(), noise16(1, 1, 9)),
        ("257x3 noise".to_string(), noise16(257, 3, 10)),
        ("1x4099 noise".to_string(), noise16(1, 4099, 11)),
        (
            "one level".to_string(),
            DeepImage::new(64, 64, 16, vec![65535; 64 * 64 * 4]).unwrap(),
        ),
    ]);
    for (name, image) in &pictures {
        for bins in [1, 256, 4096, 4097, 65536] {
            let spec = Spec::new(bins, Channels::Rgbl).unwrap();
            let want = reference_deep(image.rgba(), 16, spec);
            let got = count_deep(&gpu, &mut kernels, image, spec, None, None);
            assert!(got.counts() == &want[..], "{name} in {bins} bins");
        }
    }
    // In several buffers of whole rows, each its own dispatch into the same bins,
    // and a region read in place across them.
    let image = noise16(301, 97, 12);
    let small = Limits {
        max_chunk_bytes: 301 * 8 * 10,
        ..Limits::of(&gpu)
    };
    let region = Region {
        x: 17,
        y: 5,
        width: 200,
        height: 61,
    };
    // A workgroup's counts are 16 bits: one workgroup and 90,000 pixels of one
    // level must still come out right.
    let one = DeepImage::new(300, 300, 16, vec![1234; 300 * 300 * 4]).unwrap();
    let single = Limits {
        max_workgroups: 1,
        ..Limits::of(&gpu)
    };
    for bins in [16, 4096] {
        let spec = Spec::new(bins, Channels::Rgbl).unwrap();
        let got = count_deep(&gpu, &mut kernels, &one, spec, Some(single), None);
        assert!(
            got.counts() == &reference_deep(one.rgba(), 16, spec)[..],
            "one workgroup, {bins} bins"
        );
    }
    for bins in [4096, 65536] {
        let spec = Spec::new(bins, Channels::Rgbl).unwrap();
        let got = count_deep(&gpu, &mut kernels, &image, spec, Some(small), None);
        assert!(
            got.counts() == &reference_deep(image.rgba(), 16, spec)[..],
            "in buffers of 10 rows, {bins} bins"
        );
        let want = reference_deep(image.crop(region).rgba(), 16, spec);
        for limits in [None, Some(small)] {
            let got = count_deep(&gpu, &mut kernels, &image, spec, limits, Some(region));
            assert!(
                got.counts() == &want[..],
                "a region, {limits:?}, {bins} bins"
            );
        }
    }
}

#[test]
fn eight_bit_pictures_in_more_bins_than_the_8_bit_kernels_hold() {
    let gpu = gpu();
    let mut kernels = Kernels::default();
    for (name, image) in test_images() {
        let spec = Spec::new(2048, Channels::Rgbl).unwrap();
        let deep = DeepImage::from_image(&image);
        let got = count_deep(&gpu, &mut kernels, &deep, spec, None, None);
        assert!(got.counts() == &reference(&image, spec)[..], "{name}");
    }
    // The 8-bit methods say where more bins go.
    let image = test_images().remove(0).1;
    let gpu_image = GpuImage::upload(&gpu, &image);
    let spec = Spec::new(2048, Channels::Rgbl).unwrap();
    let refused = Run::new(
        &gpu,
        &mut kernels,
        &gpu_image,
        RunOptions::new(Method::Packed, spec),
    );
    let message = refused.err().expect("2048 bins refused").0;
    assert!(message.contains("deep kernel"), "{message}");
}

#[test]
fn a_cut_sixteen_bit_file_gets_a_reason() {
    let f = fixtures::deep().remove(1);
    let cut = &f.bytes[..f.bytes.len() / 2];
    let mut decoder = Decoder::new(Cursor::new(cut), u64::MAX, 1 << 30).unwrap();
    let error = std::iter::from_fn(|| Some(decoder.next_deep_band(256 * 16)))
        .find_map(|band| band.err())
        .expect("the cut file fails before its last row");
    assert!(error.to_string().contains("damaged"), "{error}");
}

/// The studio's pixel under the pointer of a 16-bit picture that the GPU alone
/// holds: each pixel read back is the one stored, in one buffer of rows or
/// across several, at odd sizes; none is read outside the picture, nor from an
/// 8-bit picture's texture.
#[test]
fn a_stored_pixel_is_read_back_from_the_gpu() {
    let gpu = gpu();
    let read = |held: &GpuImage, at: (u32, u32)| pollster::block_on(held.read_deep_pixel(&gpu, at));
    let several = Limits {
        max_chunk_bytes: 301 * 8 * 10,
        ..Limits::of(&gpu)
    };
    for (image, limits) in [
        (noise16(301, 97, 7), Limits::of(&gpu)),
        (noise16(301, 97, 7), several),
        (noise16(1, 1, 3), Limits::of(&gpu)),
        (noise16(257, 3, 5), Limits::of(&gpu)),
        (noise16(1, 4099, 9), Limits::of(&gpu)),
    ] {
        let (w, h) = (image.width(), image.height());
        let held = GpuImage::upload_deep_with(&gpu, &image, limits);
        for (x, y) in [
            (0, 0),
            (w - 1, 0),
            (w / 2, 9.min(h - 1)),
            (w / 2, 10.min(h - 1)),
            (0, h - 1),
            (w - 1, h - 1),
        ] {
            let at = ((y * w + x) * 4) as usize;
            let stored: [u16; 4] = image.rgba()[at..at + 4].try_into().unwrap();
            assert_eq!(read(&held, (x, y)).unwrap(), stored, "{w}x{h} at {x},{y}");
        }
        for outside in [(w, 0), (0, h)] {
            assert!(read(&held, outside).is_err(), "{w}x{h} at {outside:?}");
        }
    }
    let texture = GpuImage::upload_as_is(&gpu, &test_images()[0].1);
    assert!(
        read(&texture, (0, 0)).is_err(),
        "an 8-bit picture's texture"
    );
}
