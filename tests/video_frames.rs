//! Video frames in decoder layouts (NV12, I420, RGBA, BGRA) converted to RGB on the GPU.

mod common;

use common::gpu;
use histogram::gpu::{colour_matrix, FrameConverter, FrameFormat, PixelLayout};
use histogram::Image;

const W: u32 = 64;
const H: u32 = 32;

/// BT.601 limited-range Y, U, V bytes of an RGB pixel (the encoder's side).
fn yuv(rgb: [u8; 3]) -> [f32; 3] {
    let [r, g, b] = rgb.map(|c| c as f32 / 255.0);
    let y = 0.299 * r + 0.587 * g + 0.114 * b;
    [
        16.0 + 219.0 * y,
        128.0 + 224.0 * (b - y) / 1.772,
        128.0 + 224.0 * (r - y) / 1.402,
    ]
}

/// Converts `bytes` on the GPU and reads the RGBA texture back.
fn convert(bytes: &[u8], format: FrameFormat) -> Vec<u8> {
    let gpu = gpu();
    let texture = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: None,
        size: wgpu::Extent3d {
            width: W,
            height: H,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::STORAGE_BINDING | wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    });
    let converter = FrameConverter::new(
        &gpu,
        &texture.create_view(&Default::default()),
        W,
        H,
        bytes.len() as u64,
    );
    converter.upload(&gpu.queue, bytes, &format).unwrap();
    let read = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: (W * H * 4) as u64,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    converter.encode(&mut encoder);
    encoder.copy_texture_to_buffer(
        texture.as_image_copy(),
        wgpu::TexelCopyBufferInfo {
            buffer: &read,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(W * 4),
                rows_per_image: None,
            },
        },
        texture.size(),
    );
    gpu.queue.submit([encoder.finish()]);
    pollster::block_on(gpu.read_buffer(&read)).unwrap()
}

/// Random colours, constant over each 2x2 block (so chroma subsampling loses nothing).
fn blocks() -> Image {
    let noise = Image::noise(W / 2, H / 2, 4);
    let mut rgba = Vec::new();
    for y in 0..H {
        for x in 0..W {
            let at = (((y / 2) * (W / 2) + x / 2) * 4) as usize;
            rgba.extend_from_slice(&noise.rgba()[at..at + 4]);
        }
    }
    Image::from_rgba(W, H, rgba).unwrap()
}

fn assert_close(got: &[u8], image: &Image, tolerance: u8) {
    for (i, (g, e)) in got.chunks(4).zip(image.rgba().chunks(4)).enumerate() {
        for c in 0..3 {
            assert!(
                g[c].abs_diff(e[c]) <= tolerance,
                "pixel {i} channel {c}: {} vs {}",
                g[c],
                e[c]
            );
        }
        assert_eq!(g[3], 255);
    }
}

#[test]
fn nv12_and_i420_convert_to_the_original_colours() {
    let image = blocks();
    let px = |x: u32, y: u32| {
        let at = ((y * W + x) * 4) as usize;
        yuv([image.rgba()[at], image.rgba()[at + 1], image.rgba()[at + 2]])
    };
    let (w2, h2) = (W / 2, H / 2);
    let luma: Vec<u8> = (0..H)
        .flat_map(|y| (0..W).map(move |x| (y, x)))
        .map(|(y, x)| px(x, y)[0].round() as u8)
        .collect();
    let chroma = |k: usize| -> Vec<u8> {
        (0..h2)
            .flat_map(|y| (0..w2).map(move |x| (y, x)))
            .map(|(y, x)| px(2 * x, 2 * y)[k].round() as u8)
            .collect()
    };
    let (u, v) = (chroma(1), chroma(2));
    let matrix = colour_matrix(Some("smpte170m"), H, false);

    let mut nv12 = luma.clone();
    nv12.extend(u.iter().zip(&v).flat_map(|(&u, &v)| [u, v]));
    let format = FrameFormat {
        layout: PixelLayout::Nv12,
        offsets: [0, W * H, 0],
        strides: [W, W, 0],
        to_rgb: matrix,
    };
    assert_close(&convert(&nv12, format), &image, 3);

    let mut i420 = luma;
    i420.extend(&u);
    i420.extend(&v);
    let format = FrameFormat {
        layout: PixelLayout::I420,
        offsets: [0, W * H, W * H + w2 * h2],
        strides: [W, w2, w2],
        to_rgb: matrix,
    };
    assert_close(&convert(&i420, format), &image, 3);
}

#[test]
fn rgba_and_bgra_frames_pass_through_exactly() {
    let image = Image::noise(W, H, 8);
    let format = |layout| FrameFormat {
        layout,
        offsets: [0; 3],
        strides: [W * 4, 0, 0],
        to_rgb: glam::Mat4::IDENTITY,
    };
    assert_close(&convert(image.rgba(), format(PixelLayout::Rgba)), &image, 0);
    let bgra: Vec<u8> = image
        .rgba()
        .chunks(4)
        .flat_map(|p| [p[2], p[1], p[0], p[3]])
        .collect();
    assert_close(&convert(&bgra, format(PixelLayout::Bgra)), &image, 0);
}

#[test]
fn colour_matrices_map_black_and_white() {
    for name in ["bt709", "smpte170m", "bt2020-ncl"] {
        for full in [false, true] {
            let m = colour_matrix(Some(name), 1080, full);
            let (black, white) = if full { (0.0, 255.0) } else { (16.0, 235.0) };
            let rgb = |y: f32| m * glam::Vec4::new(y, 128.0, 128.0, 1.0);
            assert!(
                rgb(black).truncate().abs().max_element() < 1e-5,
                "{name} {full}"
            );
            assert!(
                (rgb(white).truncate() - glam::Vec3::ONE)
                    .abs()
                    .max_element()
                    < 1e-5,
                "{name} {full}"
            );
        }
    }
}
