//! The adjustments: the CPU references (src/adjust.rs) on pictures with known
//! answers, and the GPU (src/gpu/adjust_passes.rs, the studio's and the tool's code)
//! against them, natively on Vulkan.

use crate::common;

use common::{gpu, photo};
use histogram::adjust::{self, Adjustment};
use histogram::gpu::{adjust_image, Adjuster, GpuImage, Kernels, Method, Run, RunOptions};
use histogram::{Image, Region, Spec};

fn grey(width: u32, height: u32, value: impl Fn(u32, u32) -> u8) -> Image {
    let mut rgba = Vec::new();
    for y in 0..height {
        for x in 0..width {
            let v = value(x, y);
            rgba.extend_from_slice(&[v, v, v, 255]);
        }
    }
    Image::from_rgba(width, height, rgba).unwrap()
}

#[test]
fn equalization_spreads_a_narrow_range_over_all_levels() {
    // Greys 100..=131, equally many of each: equalized to 0, 8, 16, ..., 255.
    let image = grey(32, 4, |x, _| 100 + x as u8);
    let out = adjust::apply(&image, Adjustment::Equalize);
    let greys: Vec<u8> = out.rgba().chunks(4).take(32).map(|p| p[0]).collect();
    assert_eq!(greys[0], 0);
    assert_eq!(greys[31], 255);
    assert!(greys.windows(2).all(|w| w[1] > w[0]), "{greys:?}");
    // Colour kept: a red pixel (luma 71) between a dark and a light grey goes to
    // mid-grey luma (128) and stays as red: R - G unchanged when nothing clamps.
    let red = Image::from_rgba(
        3,
        1,
        vec![20, 20, 20, 255, 150, 50, 50, 255, 200, 200, 200, 255],
    )
    .unwrap();
    let out = adjust::apply(&red, Adjustment::Equalize);
    let p = &out.rgba()[4..8];
    assert_eq!(p[..3], [207, 107, 107], "{p:?}");
}

#[test]
fn otsu_splits_two_modes_between_them() {
    let image = grey(40, 10, |x, y| {
        if (x + y) % 3 == 0 {
            200 + (x % 10) as u8
        } else {
            40 + (y % 5) as u8
        }
    });
    let histogram = histogram::compute_cpu(&image, histogram::Spec::rgbl());
    let t = adjust::otsu_threshold(&histogram.channel(3));
    assert!((44..200).contains(&t), "threshold {t}");
    let out = adjust::apply(&image, Adjustment::Otsu);
    for (before, after) in image.rgba().chunks(4).zip(out.rgba().chunks(4)) {
        assert_eq!(after[0], if before[0] >= 200 { 255 } else { 0 });
    }
}

#[test]
fn auto_levels_stretch_percentiles_to_the_full_range() {
    let image = grey(256, 1, |x, _| 50 + (x * 150 / 255) as u8);
    let out = adjust::apply(
        &image,
        Adjustment::AutoLevels {
            low: 0.0,
            high: 100.0,
            linked: true,
        },
    );
    assert_eq!(out.rgba()[0], 0);
    assert_eq!(out.rgba()[255 * 4], 255);
}

#[test]
fn clahe_equals_opencv_on_one_colour_and_on_a_gradient() {
    // The answers of OpenCV 5.0's createCLAHE(clipLimit, tileGridSize).apply on the
    // same greys (bench/clahe-opencv.py compares photos on the GPU machine).
    // One grey: every tile's clipped table sends 90 to 93.
    let flat = adjust::apply(
        &grey(64, 64, |_, _| 90),
        Adjustment::Clahe {
            tiles: (4, 4),
            clip: 2.0,
        },
    );
    assert!(flat.rgba().chunks(4).all(|p| p[..3] == [93, 93, 93]));
    // A ramp of 4-pixel steps, 8 x 2 tiles, clip 4: contrast rises, and the blend
    // of neighbouring tiles' tables is not monotonic (nor is OpenCV's).
    let ramp = grey(128, 32, |x, _| 60 + (x / 4) as u8);
    let out = adjust::apply(
        &ramp,
        Adjustment::Clahe {
            tiles: (8, 2),
            clip: 4.0,
        },
    );
    #[rustfmt::skip]
    let opencv: [u8; 128] = [
        65, 65, 65, 65, 70, 70, 70, 70, 75, 74, 74, 73, 76, 75, 74, 73,
        75, 74, 74, 73, 76, 76, 75, 74, 79, 78, 78, 77, 80, 79, 78, 77,
        79, 78, 78, 77, 80, 80, 79, 78, 83, 82, 82, 81, 84, 83, 82, 81,
        83, 82, 82, 81, 84, 84, 83, 82, 87, 86, 86, 85, 88, 87, 86, 85,
        87, 86, 86, 85, 88, 88, 87, 86, 91, 90, 90, 89, 92, 91, 90, 89,
        91, 90, 90, 89, 92, 92, 91, 90, 95, 94, 94, 93, 96, 95, 94, 93,
        95, 94, 94, 93, 96, 96, 95, 94, 99, 98, 98, 97, 100, 99, 98, 97,
        99, 98, 98, 97, 100, 100, 99, 98, 103, 103, 103, 103, 108, 108, 108, 108,
    ];
    for row in out.rgba().chunks(128 * 4) {
        for (x, (p, want)) in row.chunks(4).zip(opencv).enumerate() {
            assert!(
                p[0].abs_diff(want) <= 1,
                "x {x}: {} against OpenCV's {want}",
                p[0]
            );
        }
    }
}

#[test]
fn clahe_pads_uneven_pictures_as_opencv_does() {
    // Sizes that do not divide into the tiles: OpenCV pads (mirrored) to whole tiles
    // of equal size, and when only one side is uneven it pads the other by a whole
    // tile's worth too (16x7 in 4x2 tiles: tiles of 5x4). Its answers, in one row:
    let pattern = |x: u32, y: u32| ((x * 37 + y * 71 + (x * y) % 13 * 5) % 256) as u8;
    // Width, height, tiles, clip, OpenCV's picture.
    type Case<'a> = (u32, u32, (u32, u32), f32, &'a [u8]);
    #[rustfmt::skip]
    let cases: [Case; 2] = [
        (13, 7, (2, 2), 3.0, &[
            18, 55, 91, 100, 147, 191, 237, 22, 61, 98, 143, 182, 200, 82, 109, 164, 209, 254,
            36, 79, 114, 169, 207, 245, 36, 91, 137, 200, 246, 46, 91, 124, 185, 160, 221, 255,
            46, 109, 155, 223, 22, 64, 109, 172, 159, 222, 16, 72, 54, 114, 162, 216, 36, 86,
            142, 209, 196, 254, 60, 55, 113, 180, 167, 228, 27, 104, 164, 230, 221, 24, 95, 93,
            157, 157, 226, 39, 34, 104, 173, 246, 46, 64, 119, 129, 188, 196, 255, 16, 81, 100,
            146,
        ]),
        (16, 7, (4, 2), 2.0, &[
            26, 64, 102, 115, 155, 191, 238, 26, 64, 94, 122, 162, 203, 231, 26, 70, 89, 128,
            178, 217, 251, 38, 85, 114, 154, 204, 248, 34, 76, 64, 93, 128, 153, 204, 242, 50,
            98, 128, 182, 143, 217, 255, 44, 93, 139, 115, 178, 224, 227, 32, 76, 124, 180, 161,
            224, 14, 72, 47, 104, 150, 213, 194, 245, 46, 44, 96, 146, 210, 198, 252, 58, 51,
            103, 174, 156, 219, 20, 255, 72, 124, 102, 169, 239, 230, 29, 92, 85, 146, 140, 229,
            35, 32, 102, 86, 150, 204, 178, 255, 51, 63, 124, 128, 187, 201, 255, 22, 76, 91,
            162, 178, 234, 51,
        ]),
    ];
    let gpu = gpu();
    let mut kernels = Kernels::default();
    for (w, h, tiles, clip, opencv) in cases {
        let image = grey(w, h, pattern);
        let adjustment = Adjustment::Clahe { tiles, clip };
        let on_gpu =
            pollster::block_on(adjust_image(&gpu, &mut kernels, &image, adjustment)).unwrap();
        for (name, out) in [("CPU", adjust::apply(&image, adjustment)), ("GPU", on_gpu)] {
            for (i, (p, &want)) in out.rgba().chunks(4).zip(opencv).enumerate() {
                assert!(
                    p[0].abs_diff(want) <= 1,
                    "{name} {w}x{h}, pixel {i}: {} against OpenCV's {want}",
                    p[0]
                );
            }
        }
    }
}

#[test]
fn bad_parameters_are_refused() {
    for bad in [
        Adjustment::Clahe {
            tiles: (0, 8),
            clip: 2.0,
        },
        Adjustment::Clahe {
            tiles: (8, 8),
            clip: 0.0,
        },
        Adjustment::AutoLevels {
            low: 60.0,
            high: 40.0,
            linked: false,
        },
    ] {
        assert!(bad.check().is_err(), "{bad:?}");
    }
}

/// How the GPU's picture differs from the CPU reference's: the largest difference
/// of a channel and the share of channels that differ at all.
fn difference(a: &Image, b: &Image) -> (u8, f64) {
    let mut most = 0;
    let mut differ = 0;
    for (x, y) in a.rgba().iter().zip(b.rgba()) {
        let d = x.abs_diff(*y);
        most = most.max(d);
        differ += usize::from(d > 0);
    }
    (most, differ as f64 / a.rgba().len() as f64)
}

#[test]
fn the_gpu_equals_the_cpu_reference_within_a_level() {
    let gpu = gpu();
    let mut kernels = Kernels::default();
    let pictures = [
        ("photo / 8", photo(8)),
        ("noise 101x67", Image::noise(101, 67, 3)),
        ("sunset 160x90", Image::sunset(160, 90)),
        ("one pixel", Image::solid(1, 1, [10, 200, 30, 255])),
    ];
    let adjustments = [
        Adjustment::Equalize,
        Adjustment::Otsu,
        Adjustment::AutoLevels {
            low: 0.5,
            high: 99.5,
            linked: false,
        },
        Adjustment::AutoLevels {
            low: 2.0,
            high: 98.0,
            linked: true,
        },
        Adjustment::Clahe {
            tiles: (8, 8),
            clip: 2.0,
        },
        Adjustment::Clahe {
            tiles: (3, 5),
            clip: 1.5,
        },
    ];
    for (name, image) in &pictures {
        for adjustment in adjustments {
            let cpu = adjust::apply(image, adjustment);
            let on_gpu = pollster::block_on(adjust_image(&gpu, &mut kernels, image, adjustment))
                .unwrap_or_else(|e| panic!("{adjustment:?} on {name}: {e}"));
            let (most, share) = difference(&on_gpu, &cpu);
            println!("{adjustment:?} on {name}: at most {most} level(s) apart, {:.4}% of channels differ", share * 100.0);
            assert!(most <= 1, "{adjustment:?} on {name}: {most} levels apart");
            // Levels and Otsu are integer tables: exact.
            if matches!(adjustment, Adjustment::Otsu | Adjustment::AutoLevels { .. }) {
                assert_eq!(most, 0, "{adjustment:?} on {name}");
            }
        }
    }
}

#[test]
fn the_adjusted_histogram_counts_the_adjusted_picture() {
    // The studio's histogram of the adjusted picture (adjusted.wgsl) against the
    // CPU's count of the picture the GPU adjusted (the same remapping), exactly.
    let gpu = gpu();
    let mut kernels = Kernels::default();
    let device = &gpu.device;
    // One adjustment: every pipeline with the 1024-bin private array takes
    // lavapipe about a minute to compile; the remapping is checked above.
    let adjustment = Adjustment::Clahe {
        tiles: (4, 3),
        clip: 2.0,
    };
    for image in [
        Image::sunset(203, 77),
        Image::noise(64, 130, 9),
        Image::solid(1, 1, [5, 6, 7, 255]),
    ] {
        let uploaded = GpuImage::upload_as_is(&gpu, &image);
        let picture = uploaded.texture_view().unwrap();
        let run = Run::new(
            &gpu,
            &mut kernels,
            &uploaded,
            RunOptions::new(Method::Privatized, Spec::rgbl()),
        )
        .unwrap();
        let size = (image.width(), image.height());
        let adjuster = Adjuster::new(&gpu, adjustment, picture, size, run.bins()).unwrap();
        let count = adjuster.count_adjusted(&gpu, picture);
        let bins = count.bins();
        let read = device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: bins.size(),
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        // The tables made and the adjusted picture counted, read back.
        let counted = || -> Vec<u32> {
            let mut encoder = device.create_command_encoder(&Default::default());
            run.encode(&mut encoder);
            adjuster.encode(&mut encoder, None);
            count.encode(&mut encoder);
            encoder.copy_buffer_to_buffer(bins, 0, &read, 0, bins.size());
            gpu.queue.submit([encoder.finish()]);
            pollster::block_on(gpu.read_buffer(&read))
                .unwrap()
                .chunks(4)
                .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
                .collect()
        };
        let whole = counted();
        let adjusted =
            pollster::block_on(adjust_image(&gpu, &mut kernels, &image, adjustment)).unwrap();
        let want = histogram::compute_cpu(&adjusted, Spec::rgbl());
        assert_eq!(
            whole,
            want.counts(),
            "{adjustment:?} of {}x{}",
            size.0,
            size.1
        );
        // A region: the adjusted picture's pixels there (Before and After of the
        // same pixels), the tables still the whole picture's.
        let region = Region {
            x: size.0 / 3,
            y: size.1 / 4,
            width: size.0.div_ceil(2),
            height: size.1.div_ceil(2),
        };
        count.set_region(&gpu.queue, region);
        let want = histogram::compute_cpu(&adjusted.crop(region), Spec::rgbl());
        assert_eq!(counted(), want.counts(), "{adjustment:?} of {region:?}");
    }
}
