//! Drawing on the GPU: the scale pass and the histogram quads, rendered offscreen
//! and compared with the CPU drawing of the same bins.

use crate::common;

use common::{gpu, photo};
use histogram::draw::{render, scales};
use histogram::gpu::{
    compose_format, draw_into, Bars, Composer, FramePainter, Gpu, GpuImage, HistogramPainter,
    Kernels, Method, Run, RunOptions,
};
use histogram::layout::{video_panels, Panel};
use histogram::{Image, Spec};

const SIZE: (u32, u32) = (256, 100);

/// Runs `method`, the scale pass, and draws each panel into its own 256x100 target;
/// returns the scale and the pixels of each target.
fn draw(gpu: &Gpu, image: &Image, spec: Spec, panels: &[Panel]) -> (Vec<f32>, Vec<Vec<u8>>) {
    let mut kernels = Kernels::default();
    let (_uploaded, run) = privatized(gpu, &mut kernels, image, spec);
    let format = wgpu::TextureFormat::Rgba8Unorm;
    let painter = HistogramPainter::new(
        gpu,
        &mut kernels,
        spec,
        run.bins(),
        format,
        panels,
        Bars::Article,
    );
    painter.set_entries(&gpu.queue, image.pixel_count());
    let device = &gpu.device;
    let mut encoder = device.create_command_encoder(&Default::default());
    run.encode(&mut encoder);
    painter.encode_scale(&mut encoder);
    let scale_read = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 16,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    encoder.copy_buffer_to_buffer(painter.scale(), 0, &scale_read, 0, 16);
    let mut reads = Vec::new();
    // Kept until the submission: a texture is destroyed when dropped.
    let mut targets = Vec::new();
    for i in 0..panels.len() {
        let target = gpu.texture(
            "panel",
            SIZE,
            format,
            wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        );
        let view = target.create_view(&Default::default());
        draw_into(&mut encoder, &view, None, |pass| painter.draw(pass, i));
        let read = device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: (SIZE.0 * SIZE.1 * 4) as u64,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        encoder.copy_texture_to_buffer(
            target.as_image_copy(),
            wgpu::TexelCopyBufferInfo {
                buffer: &read,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(SIZE.0 * 4),
                    rows_per_image: None,
                },
            },
            wgpu::Extent3d {
                width: SIZE.0,
                height: SIZE.1,
                depth_or_array_layers: 1,
            },
        );
        reads.push(read);
        targets.push(target);
    }
    gpu.queue.submit([encoder.finish()]);
    let scale = pollster::block_on(gpu.read_buffer(&scale_read)).unwrap();
    let scale = scale
        .chunks(4)
        .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    let pixels = reads
        .iter()
        .map(|r| pollster::block_on(gpu.read_buffer(r)).unwrap())
        .collect();
    (scale, pixels)
}

/// The privatized method, prepared over `image`; the run reads the uploaded image,
/// which lives (and its textures stay undestroyed) as long as it is kept.
fn privatized(gpu: &Gpu, kernels: &mut Kernels, image: &Image, spec: Spec) -> (GpuImage, Run) {
    let gpu_image = GpuImage::upload(gpu, image);
    let run = Run::new(
        gpu,
        kernels,
        &gpu_image,
        RunOptions::new(Method::Privatized, spec),
    )
    .unwrap();
    (gpu_image, run)
}

fn histogram_of(gpu: &Gpu, image: &Image, spec: Spec) -> histogram::Histogram {
    let (_uploaded, run) = privatized(gpu, &mut Kernels::default(), image, spec);
    pollster::block_on(run.execute(gpu)).unwrap().0
}

#[test]
fn scale_pass_equals_the_cpu_formula() {
    let gpu = gpu();
    // Peaked (photo), flat (noise: the 0.2 * numBins / numEntries floor wins) and one colour.
    for image in [
        photo(8),
        Image::noise(300, 200, 5),
        Image::solid(17, 9, [9, 99, 199, 255]),
    ] {
        for spec in [Spec::luminance(), Spec::rgbl()] {
            let (scale, _) = draw(&gpu, &image, spec, &[Panel::full(&[0])]);
            let expected = scales(&histogram_of(&gpu, &image, spec), image.pixel_count());
            for (c, e) in expected.iter().enumerate() {
                // WGSL allows 2.5 ULP for division: compare relatively.
                assert!(
                    (scale[c] - e).abs() <= e * 1e-6,
                    "channel {c}: gpu {} cpu {e}",
                    scale[c]
                );
            }
        }
    }
}

#[test]
fn gpu_drawing_matches_the_cpu_drawing() {
    let gpu = gpu();
    for image in [photo(8), Image::sunset(320, 200), Image::noise(64, 64, 1)] {
        for (spec, panels) in [
            (Spec::luminance(), vec![Panel::full(&[0])]),
            (
                Spec::rgbl(),
                vec![Panel::full(&[0, 1, 2]), Panel::full(&[3])],
            ),
        ] {
            let (_, drawn) = draw(&gpu, &image, spec, &panels);
            let histogram = histogram_of(&gpu, &image, spec);
            for (panel, pixels) in panels.iter().zip(drawn) {
                let expected = render(&histogram, image.pixel_count(), &panel.shown, SIZE.1);
                // Tolerance: a bar whose top lands within float rounding of a pixel
                // centre may differ by that one pixel (GPU division and interpolation
                // are not bit-exact). Allow such pixels only, at most 2 per panel.
                let differing: Vec<usize> = (0..pixels.len() / 4)
                    .filter(|&i| pixels[i * 4..i * 4 + 4] != expected[i * 4..i * 4 + 4])
                    .collect();
                assert!(
                    differing.len() <= 2,
                    "{} pixels differ in {:?} ({spec:?})",
                    differing.len(),
                    panel.shown
                );
            }
        }
    }
}

/// The video page's canvas written by the compose pass is the picture the render
/// pass draws with the frame quad and the article's histogram quads, in each
/// canvas format it composes into.
#[test]
fn compose_pass_draws_what_the_quads_draw() {
    let gpu = gpu();
    let spec = Spec::rgbl();
    let formats = [
        wgpu::TextureFormat::Rgba8Unorm,
        wgpu::TextureFormat::Bgra8Unorm,
    ];
    assert_eq!(compose_format(&gpu, formats[0]), formats[0]);
    // Canvases of the frame's shape and of others (odd sizes, letterboxed).
    for (image, target, preferred) in [
        (photo(8), (306, 188), formats[0]),
        (Image::sunset(320, 200), (203, 131), formats[1]),
        (
            Image::solid(17, 9, [9, 99, 199, 255]),
            (120, 160),
            formats[1],
        ),
    ] {
        // bgra8unorm where the device can store to it, else rgba8unorm.
        let format = compose_format(&gpu, preferred);
        let mut kernels = Kernels::default();
        let (_uploaded, run) = privatized(&gpu, &mut kernels, &image, spec);
        // The frame as it is (a thin one is not reshaped, as for counting).
        let as_is = GpuImage::upload_as_is(&gpu, &image);
        let frame = as_is.texture_view().unwrap();
        let size = (image.width(), image.height());
        let panels = video_panels(target.0, target.1);
        let painter = HistogramPainter::new(
            &gpu,
            &mut kernels,
            spec,
            run.bins(),
            format,
            &panels,
            Bars::Article,
        );
        painter.set_entries(&gpu.queue, image.pixel_count());
        let picture = FramePainter::new(&gpu, frame, size, format);
        picture.set_view(&gpu.queue, target, (1, 1), 1.0);
        let composer = Composer::new(
            &gpu,
            frame,
            size,
            (run.bins(), painter.scale()),
            spec,
            format,
        );
        composer.set_view(&gpu.queue, target, &panels);

        let usage = wgpu::TextureUsages::RENDER_ATTACHMENT
            | wgpu::TextureUsages::STORAGE_BINDING
            | wgpu::TextureUsages::COPY_SRC;
        let quads = gpu.texture("quads", target, format, usage);
        let composed = gpu.texture("composed", target, format, usage);
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        run.encode(&mut encoder);
        painter.encode_scale(&mut encoder);
        let view = quads.create_view(&Default::default());
        draw_into(&mut encoder, &view, None, |pass| {
            picture.draw(pass);
            painter.draw(pass, 0);
            painter.draw(pass, 1);
        });
        composer.encode(
            &mut encoder,
            &composed.create_view(&Default::default()),
            target,
            None,
        );
        gpu.queue.submit([encoder.finish()]);
        let [quads, composed] =
            [&quads, &composed].map(|t| pollster::block_on(gpu.read_texture(t)).unwrap());
        // Pixels whose centre lies within float rounding of a texel's or a bar's
        // edge may take the neighbour's colour: a handful, no more.
        let differing = quads
            .chunks(4)
            .zip(composed.chunks(4))
            .filter(|(a, b)| a != b)
            .count();
        let pixels = (target.0 * target.1) as usize;
        assert!(
            differing * 1000 <= pixels,
            "{differing} of {pixels} pixels differ ({}x{} onto {target:?})",
            size.0,
            size.1
        );
        // And the picture is there: not all one colour where the frame is not.
        assert!(composed.chunks(4).any(|p| p != &composed[0..4]));
    }
}
