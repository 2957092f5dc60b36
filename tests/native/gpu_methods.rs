//! Every GPU method against the independent CPU reference, natively on Vulkan.

use crate::common;

use common::{gpu, photo, reference, test_images};
use histogram::deep::DeepImage;
use histogram::gpu::{ChunkShape, Gpu, GpuImage, Input, Kernels, Limits, Method, Run, RunOptions};
use histogram::{compute_cpu, Channels, Histogram, Image, Spec};

fn run(
    gpu: &Gpu,
    kernels: &mut Kernels,
    image: &Image,
    method: Method,
    spec: Spec,
    chunk: ChunkShape,
) -> Histogram {
    let gpu_image = GpuImage::upload_for(gpu, image, method.input());
    let run = Run::new(
        gpu,
        kernels,
        &gpu_image,
        RunOptions::new(method, spec).chunk(chunk),
    )
    .unwrap();
    pollster::block_on(run.execute(gpu)).unwrap().0
}

#[test]
fn cpu_method_equals_reference() {
    for (name, image) in test_images() {
        for spec in [
            Spec::luminance(),
            Spec::rgbl(),
            Spec::new(7, Channels::Rgbl).unwrap(),
        ] {
            let got = compute_cpu(&image, spec);
            assert_eq!(got.counts(), reference(&image, spec), "{name} {spec:?}");
            let simple = histogram::histogram::count_simple(&image, spec);
            assert_eq!(
                simple.counts(),
                reference(&image, spec),
                "simple {name} {spec:?}"
            );
        }
    }
}

#[test]
fn exact_methods_equal_reference() {
    let gpu = gpu();
    let mut kernels = Kernels::default();
    for (name, image) in test_images() {
        for spec in [Spec::luminance(), Spec::rgbl()] {
            let expected = reference(&image, spec);
            for method in Method::ALL.into_iter().filter(|m| m.exact()) {
                let got = run(
                    &gpu,
                    &mut kernels,
                    &image,
                    method,
                    spec,
                    method.default_shape(),
                );
                assert_eq!(
                    got.counts(),
                    expected,
                    "{} on {name}, {spec:?}",
                    method.name()
                );
            }
        }
    }
}

#[test]
fn packed_kernel_is_exact_at_every_workgroup_size() {
    // A real GPU runs the packed kernel with 512 invocations a workgroup, a CPU
    // (lavapipe, here) with 256: both, and 1024, on every test image.
    let gpu = gpu();
    let mut kernels = Kernels::default();
    for invocations in [256, 512, 1024] {
        let limits = Limits {
            packed_invocations: invocations,
            ..Limits::of(&gpu)
        };
        for (name, image) in test_images() {
            let packed = GpuImage::upload_packed(&gpu, &image, limits);
            for spec in [Spec::luminance(), Spec::rgbl()] {
                let options = RunOptions::new(Method::Packed, spec).limits(limits);
                let run = Run::new(&gpu, &mut kernels, &packed, options).unwrap();
                let got = pollster::block_on(run.execute(&gpu)).unwrap().0;
                assert_eq!(
                    got.counts(),
                    reference(&image, spec),
                    "packed, {invocations} invocations, on {name}, {spec:?}"
                );
            }
        }
    }
}

#[test]
fn square_chunks_and_other_bin_counts_are_exact() {
    let gpu = gpu();
    let mut kernels = Kernels::default();
    let image = Image::sunset(300, 301);
    for spec in [
        Spec::luminance(),
        Spec::rgbl(),
        Spec::new(1, Channels::Rgbl).unwrap(),
        Spec::new(1000, Channels::Luminance).unwrap(),
    ] {
        for method in [Method::ChunksSum, Method::ChunksReduce] {
            let got = run(&gpu, &mut kernels, &image, method, spec, ChunkShape::SQUARE);
            assert_eq!(
                got.counts(),
                reference(&image, spec),
                "{} 16x16 {spec:?}",
                method.name()
            );
        }
    }
}

#[test]
fn race_never_counts_more_than_the_pixels() {
    let gpu = gpu();
    let mut kernels = Kernels::default();
    for (name, image) in test_images() {
        let got = run(
            &gpu,
            &mut kernels,
            &image,
            Method::Race,
            Spec::luminance(),
            Method::Race.default_shape(),
        );
        let total = got.totals()[0];
        assert!(
            total >= 1 && total <= image.pixel_count(),
            "race on {name}: {total} of {}",
            image.pixel_count()
        );
    }
}

#[test]
fn samples_that_fill_one_binding_stay_in_one_buffer() {
    // 64x32 RGBA16 is 16 KiB: with a binding of exactly that, one buffer, so a
    // region can move over it (Run::set_region); a byte less, two.
    let gpu = gpu();
    let image = DeepImage::from_image(&Image::sunset(64, 32));
    let limits = |bytes| histogram::gpu::Limits {
        max_chunk_bytes: bytes,
        ..histogram::gpu::Limits::of(&gpu)
    };
    let one = GpuImage::upload_deep_with(&gpu, &image, limits(64 * 32 * 8));
    assert_eq!(one.tile_count(), 1);
    let two = GpuImage::upload_deep_with(&gpu, &image, limits(64 * 32 * 8 - 1));
    assert_eq!(two.tile_count(), 2);
}

#[test]
fn banded_path_is_exact() {
    // Limits small enough that a 300x301 image needs several textures and bands.
    let gpu = gpu();
    let mut kernels = Kernels::default();
    let image = Image::sunset(300, 301);
    let limits = histogram::gpu::Limits {
        max_texture: 128,
        max_workgroups: 7,
        max_chunk_bytes: 5 * 1024 * 4,
        max_loop_iterations: 5000,
        packed_invocations: 512,
    };
    let textures = GpuImage::upload_with(&gpu, &image, limits.max_texture);
    assert_eq!(textures.tile_count(), 9);
    let packed = GpuImage::upload_packed(&gpu, &image, limits);
    assert!(
        packed.tile_count() > 1,
        "the packed image is split by the loop limit"
    );
    let deep = GpuImage::upload_deep_with(&gpu, &DeepImage::from_image(&image), limits);
    assert!(
        deep.tile_count() > 1,
        "the samples are split by the binding"
    );
    for spec in [Spec::luminance(), Spec::rgbl()] {
        for method in Method::ALL.into_iter().filter(|m| m.exact()) {
            let gpu_image = match method.input() {
                Input::Buffer => &packed,
                Input::Deep => &deep,
                Input::Texture => &textures,
            };
            let run = Run::new(
                &gpu,
                &mut kernels,
                gpu_image,
                RunOptions::new(method, spec).limits(limits),
            )
            .unwrap();
            // The privatized kernels stride over whole tiles, and a draw covers a
            // whole tile: these limits never band them.
            if !matches!(
                method,
                Method::Privatized
                    | Method::Subgroups
                    | Method::Packed
                    | Method::Deep
                    | Method::Fragment
            ) {
                assert!(
                    run.bands() > 9,
                    "{} should need bands: {}",
                    method.name(),
                    run.bands()
                );
                assert!(!run.notes().is_empty());
            }
            let got = pollster::block_on(run.execute(&gpu)).unwrap().0;
            assert_eq!(
                got.counts(),
                reference(&image, spec),
                "{} banded {spec:?}",
                method.name()
            );
        }
    }
}

#[test]
fn chunks_bands_are_as_wide_as_the_picture_and_said_as_they_are() {
    // Firefox's CPU adapter: 16384-pixel textures, 128 MiB bindings, loops of
    // 65535. A band 16384 wide over a 960-wide picture held 16 times the chunks
    // it counted, so the default 960x600 picture went in two bands of "at most
    // 16384x511" pixels; as wide as the picture, one band holds it all.
    let gpu = gpu();
    let mut kernels = Kernels::default();
    let limits = Limits {
        max_texture: 16384,
        max_workgroups: 65535,
        max_chunk_bytes: 128 << 20,
        max_loop_iterations: 65535,
        packed_invocations: 256,
    };
    let mut plan = |image: &Image, method: Method, spec: Spec| {
        let gpu_image = GpuImage::upload_with(&gpu, image, limits.max_texture);
        let options = RunOptions::new(method, spec).limits(limits);
        let run = Run::new(&gpu, &mut kernels, &gpu_image, options).unwrap();
        let got = pollster::block_on(run.execute(&gpu)).unwrap().0;
        assert_eq!(got.counts(), reference(image, spec), "{}", method.name());
        (
            run.bands(),
            run.notes().iter().map(|n| n.json()).collect::<Vec<_>>(),
        )
    };
    let sunset = Image::sunset(960, 600);
    for method in [Method::ChunksSum, Method::ChunksReduce] {
        for spec in [Spec::luminance(), Spec::rgbl()] {
            assert_eq!(
                plan(&sunset, method, spec),
                (1, vec![]),
                "{}",
                method.name()
            );
        }
    }
    // A picture taller than a band's rows: its bands as wide as it is, and the
    // note gives the largest of them (32767 chunks of 256x1, 2 across: 16383
    // rows, then 1).
    let tall = Image::noise(300, 16384, 4);
    let (bands, notes) = plan(&tall, Method::ChunksSum, Spec::luminance());
    assert_eq!(bands, 2);
    assert_eq!(notes.len(), 1);
    assert!(notes[0].contains("\"band\": \"300x16383\""), "{}", notes[0]);
}

#[test]
fn thin_images_are_exact_and_ask_the_gpu_for_what_a_square_one_does() {
    // 100,172 pixels as a square, a column, a row and a 3-wide strip: every exact
    // method must count them exactly and launch about the same work for each.
    let gpu = gpu();
    let mut kernels = Kernels::default();
    let shapes = [
        Image::noise(317, 316, 5),
        Image::noise(1, 100_172, 6),
        Image::noise(100_172, 1, 7),
        Image::noise(3, 33_390, 8),
    ];
    for method in Method::ALL.into_iter().filter(|m| m.exact()) {
        for chunk in [method.default_shape(), ChunkShape::SQUARE] {
            if chunk != method.default_shape() && !method.uses_shape() {
                continue;
            }
            let mut work = Vec::new();
            for image in &shapes {
                let gpu_image = GpuImage::upload_for(&gpu, image, method.input());
                let run = Run::new(
                    &gpu,
                    &mut kernels,
                    &gpu_image,
                    RunOptions::new(method, Spec::rgbl()).chunk(chunk),
                )
                .unwrap();
                let got = pollster::block_on(run.execute(&gpu)).unwrap().0;
                let name = format!("{} {chunk:?} on {:?}", method.name(), image);
                assert_eq!(got.counts(), reference(image, Spec::rgbl()), "{name}");
                work.push(run.invocations());
            }
            for (image, &w) in shapes.iter().zip(&work) {
                assert!(
                    w as f64 <= work[0] as f64 * 1.25 + 2048.0,
                    "{} {chunk:?}: {w} invocations for {image:?}, {} for the square",
                    method.name(),
                    work[0]
                );
            }
        }
    }
}

#[test]
fn full_size_photo_chunks_reduce() {
    // The one large case: the article's 2448x1505 photo, 4 channels.
    let gpu = gpu();
    let mut kernels = Kernels::default();
    let image = photo(1);
    let got = run(
        &gpu,
        &mut kernels,
        &image,
        Method::ChunksReduce,
        Spec::rgbl(),
        ChunkShape::default(),
    );
    assert_eq!(got.counts(), reference(&image, Spec::rgbl()));
}

#[test]
fn timing_is_reported() {
    let gpu = gpu();
    let mut kernels = Kernels::default();
    let image = Image::noise(64, 64, 9);
    let gpu_image = GpuImage::upload(&gpu, &image);
    let run = Run::new(
        &gpu,
        &mut kernels,
        &gpu_image,
        RunOptions::new(Method::Atomic, Spec::luminance()),
    )
    .unwrap();
    let (_, timing) = pollster::block_on(run.execute(&gpu)).unwrap();
    assert!(timing.wall_ms > 0.0);
    if gpu.timestamps {
        assert!(timing.gpu_ms.unwrap() > 0.0);
    }
}

#[test]
fn keeping_the_gpu_busy_lasts_and_leaves_the_result_right() {
    let gpu = gpu();
    let mut kernels = Kernels::default();
    let image = Image::noise(97, 31, 4);
    let gpu_image = GpuImage::upload_for(&gpu, &image, Input::Buffer);
    let spec = Spec::rgbl();
    let run = Run::new(
        &gpu,
        &mut kernels,
        &gpu_image,
        RunOptions::new(Method::Packed, spec),
    )
    .unwrap();
    let (_, timing) = pollster::block_on(run.execute(&gpu)).unwrap();
    let pass_ms = timing.gpu_ms.unwrap_or(timing.wall_ms);
    let start = std::time::Instant::now();
    pollster::block_on(run.keep_busy(&gpu, pass_ms, 100.0)).unwrap();
    assert!(start.elapsed().as_millis() >= 100);
    // Each warm-up pass clears the bins first: the next run still counts once.
    let (histogram, _) = pollster::block_on(run.execute(&gpu)).unwrap();
    assert_eq!(histogram.counts(), reference(&image, spec).as_slice());
    // A pass as long as the warm-up is its own: nothing more is submitted.
    let start = std::time::Instant::now();
    pollster::block_on(run.keep_busy(&gpu, 1e9, 100.0)).unwrap();
    assert!(start.elapsed().as_millis() < 100);
}

#[test]
fn impossible_parameters_are_refused_with_a_reason() {
    let gpu = gpu();
    let mut kernels = Kernels::default();
    let gpu_image = GpuImage::upload(&gpu, &Image::noise(8, 8, 1));
    let err = Run::new(
        &gpu,
        &mut kernels,
        &gpu_image,
        RunOptions::new(Method::Packed, Spec::luminance()),
    )
    .err()
    .unwrap();
    assert!(err.0.contains("packed reads the image as Buffer"), "{err}");
    let huge = ChunkShape {
        width: 4096,
        height: 4096,
    };
    let err = Run::new(
        &gpu,
        &mut kernels,
        &gpu_image,
        RunOptions::new(Method::ChunksSum, Spec::luminance()).chunk(huge),
    )
    .err()
    .unwrap();
    assert!(err.0.contains("invocations per workgroup"), "{err}");
}

/// examples/count.rs, the library in a few calls, as a reader runs it: every exact
/// method equal to the CPU's, and on a GPU without subgroups (the device opened
/// without them) the subgroups kernel skipped with its reason, not a failure.
#[test]
fn the_count_example_runs_with_and_without_subgroups() {
    let dir = common::scratch("count-example");
    let path = dir.join("noise-257x3.png");
    let noise = Image::noise(257, 3, 5);
    image::save_buffer(&path, noise.rgba(), 257, 3, image::ColorType::Rgba8).unwrap();
    // Examples are built beside the tool by `cargo test`.
    let tool = std::path::Path::new(env!("CARGO_BIN_EXE_histogram"));
    let example = tool.parent().unwrap().join("examples").join("count");
    for without in [None, Some("--no-subgroups")] {
        let out = std::process::Command::new(&example)
            .arg(&path)
            .args(without)
            .env("WGPU_BACKEND", "vulkan")
            .output()
            .expect("examples/count runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{without:?}: {text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!text.contains("DIFFERS"), "{text}");
        let equal = text.matches("equal to the CPU's").count();
        let exact = Method::ALL.iter().filter(|m| m.exact()).count();
        if without.is_some() {
            assert_eq!(equal, exact - 1, "{text}");
            assert!(
                text.contains("subgroups: skipped: the subgroups kernel needs subgroups"),
                "{text}"
            );
        } else {
            assert_eq!(equal, exact, "lavapipe has subgroups: {text}");
        }
    }
}
