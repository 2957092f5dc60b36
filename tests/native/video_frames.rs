//! Video frames in decoder layouts (NV12, I420, I422, I444, I420P10, I422P10,
//! I444P10, RGBA, BGRA) converted to RGB on the GPU.

use crate::common;

use common::gpu;
use histogram::gpu::{colour_matrix, FrameConverter, FrameFormat, PixelLayout};
use histogram::{Image, Spec};

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

/// Converts `bytes` (a `width` x `height` frame) on the GPU and reads the RGBA
/// texture back, and the histogram the pass counted when `count` is on.
fn convert_sized(
    bytes: &[u8],
    format: FrameFormat,
    (width, height): (u32, u32),
    count: bool,
) -> (Vec<u8>, Option<Vec<u32>>) {
    let gpu = gpu();
    let texture = gpu.texture(
        "frame",
        (width, height),
        wgpu::TextureFormat::Rgba8Unorm,
        wgpu::TextureUsages::STORAGE_BINDING | wgpu::TextureUsages::COPY_SRC,
    );
    let bins_bytes = Spec::rgbl().len() as u64 * 4;
    let bins = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: bins_bytes,
        usage: wgpu::BufferUsages::STORAGE
            | wgpu::BufferUsages::COPY_SRC
            | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let converter = FrameConverter::new(
        &gpu,
        &texture.create_view(&Default::default()),
        width,
        height,
        bytes.len() as u64,
        count.then_some((&bins, Spec::rgbl())),
    );
    converter.upload(&gpu.queue, bytes, &format).unwrap();
    // Rows of the readback are padded to 256 bytes.
    let row = (width * 4).div_ceil(256) * 256;
    let read = |size| {
        gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    };
    let (read_pixels, read_bins) = (read((row * height) as u64), read(bins_bytes));
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    converter.encode(&gpu, &mut encoder, None);
    encoder.copy_texture_to_buffer(
        texture.as_image_copy(),
        wgpu::TexelCopyBufferInfo {
            buffer: &read_pixels,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(row),
                rows_per_image: None,
            },
        },
        texture.size(),
    );
    encoder.copy_buffer_to_buffer(&bins, 0, &read_bins, 0, bins_bytes);
    gpu.queue.submit([encoder.finish()]);
    let padded = pollster::block_on(gpu.read_buffer(&read_pixels)).unwrap();
    let pixels = padded
        .chunks(row as usize)
        .flat_map(|r| &r[..(width * 4) as usize])
        .copied()
        .collect();
    let counts = count.then(|| {
        pollster::block_on(gpu.read_buffer(&read_bins))
            .unwrap()
            .chunks(4)
            .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
            .collect()
    });
    (pixels, counts)
}

fn convert(bytes: &[u8], format: FrameFormat) -> Vec<u8> {
    convert_sized(bytes, format, (W, H), false).0
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

/// R, G and B within `tolerance` of the image's; alpha `alpha`'s bytes (a YUV
/// frame's Y′), or 255.
fn assert_close(got: &[u8], image: &Image, tolerance: u8, alpha: Option<&[u8]>) {
    for (i, (g, e)) in got.chunks(4).zip(image.rgba().chunks(4)).enumerate() {
        for c in 0..3 {
            assert!(
                g[c].abs_diff(e[c]) <= tolerance,
                "pixel {i} channel {c}: {} vs {}",
                g[c],
                e[c]
            );
        }
        assert_eq!(g[3], alpha.map_or(255, |a| a[i]), "pixel {i}'s alpha");
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
    let y_plane = luma.clone();
    nv12.extend(u.iter().zip(&v).flat_map(|(&u, &v)| [u, v]));
    let format = FrameFormat {
        layout: PixelLayout::Nv12,
        offsets: [0, W * H, 0],
        strides: [W, W, 0],
        to_rgb: matrix,
    };
    assert_close(&convert(&nv12, format), &image, 3, Some(&y_plane));

    let mut i420 = luma;
    i420.extend(&u);
    i420.extend(&v);
    let format = FrameFormat {
        layout: PixelLayout::I420,
        offsets: [0, W * H, W * H + w2 * h2],
        strides: [W, w2, w2],
        to_rgb: matrix,
    };
    assert_close(&convert(&i420, format), &image, 3, Some(&y_plane));
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
    assert_close(
        &convert(image.rgba(), format(PixelLayout::Rgba)),
        &image,
        0,
        None,
    );
    let bgra: Vec<u8> = image
        .rgba()
        .chunks(4)
        .flat_map(|p| [p[2], p[1], p[0], p[3]])
        .collect();
    assert_close(&convert(&bgra, format(PixelLayout::Bgra)), &image, 0, None);
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

/// Y, U and V planes of `width` x `height` noise, each row padded to `pad` extra
/// bytes, the first plane `start` bytes in: with an odd start, each plane starts at
/// an odd offset and the pass must not assume aligned rows or widths that are a
/// multiple of four.
fn planes(
    width: u32,
    height: u32,
    layout: PixelLayout,
    pad: u32,
    start: usize,
) -> (Vec<u8>, FrameFormat) {
    let noise = Image::noise(width, height, 3);
    let (cw, ch) = (width.div_ceil(2), height.div_ceil(2));
    let mut bytes = vec![7u8; start];
    let mut plane = |rows: u32, row_bytes: u32, byte: &dyn Fn(u32, u32) -> u8| {
        let (offset, stride) = (bytes.len() as u32, row_bytes + pad);
        for y in 0..rows {
            bytes.extend((0..row_bytes).map(|x| byte(x, y)));
            bytes.extend((0..pad).map(|_| 0xAB));
        }
        (offset, stride)
    };
    let px = |x: u32, y: u32, c: usize| noise.rgba()[((y * width + x) * 4) as usize + c];
    let (offsets, strides) = match layout {
        PixelLayout::Nv12 | PixelLayout::I420 => {
            let y = plane(height, width, &|x, y| px(x, y, 0));
            if layout == PixelLayout::Nv12 {
                let uv = plane(ch, cw * 2, &|x, y| {
                    px(x / 2 * 2, y * 2, 1 + (x as usize % 2))
                });
                ([y.0, uv.0, 0], [y.1, uv.1, 0])
            } else {
                let u = plane(ch, cw, &|x, y| px(x * 2, y * 2, 1));
                let v = plane(ch, cw, &|x, y| px(x * 2, y * 2, 2));
                ([y.0, u.0, v.0], [y.1, u.1, v.1])
            }
        }
        PixelLayout::I420P10 => {
            // Each 8-bit value times 4, in two bytes: the same codes at 10 bits.
            let wide = |v: u8, x: u32| ((v as u16 * 4) >> (8 * (x % 2))) as u8;
            let y = plane(height, width * 2, &|x, y| wide(px(x / 2, y, 0), x));
            let u = plane(ch, cw * 2, &|x, y| wide(px(x / 2 * 2, y * 2, 1), x));
            let v = plane(ch, cw * 2, &|x, y| wide(px(x / 2 * 2, y * 2, 2), x));
            ([y.0, u.0, v.0], [y.1, u.1, v.1])
        }
        // Chroma planes of every row (4:2:2), and of every column too (4:4:4),
        // holding the 4:2:0 frame's samples where they fall: the same picture, read
        // from other places; in bytes, then in two bytes a sample.
        PixelLayout::I422 | PixelLayout::I444 => {
            let (cols, to_x) = if layout == PixelLayout::I444 {
                (width, 1)
            } else {
                (cw, 2)
            };
            let y = plane(height, width, &|x, y| px(x, y, 0));
            let sample = |c: usize| move |x: u32, y: u32| px(x * to_x / 2 * 2, y / 2 * 2, c);
            let u = plane(height, cols, &sample(1));
            let v = plane(height, cols, &sample(2));
            ([y.0, u.0, v.0], [y.1, u.1, v.1])
        }
        PixelLayout::I422P10 | PixelLayout::I444P10 => {
            let wide = |v: u8, x: u32| ((v as u16 * 4) >> (8 * (x % 2))) as u8;
            let full = layout == PixelLayout::I444P10;
            let (cols, to_x) = if full { (width, 1) } else { (cw, 2) };
            let y = plane(height, width * 2, &|x, y| wide(px(x / 2, y, 0), x));
            let sample =
                |c: usize| move |x: u32, y: u32| wide(px(x / 2 * to_x / 2 * 2, y / 2 * 2, c), x);
            let u = plane(height, cols * 2, &sample(1));
            let v = plane(height, cols * 2, &sample(2));
            ([y.0, u.0, v.0], [y.1, u.1, v.1])
        }
        PixelLayout::Rgba | PixelLayout::Bgra => {
            let bgr = if layout == PixelLayout::Bgra { 2 } else { 0 };
            let p = plane(height, width * 4, &|x, y| {
                let c = (x % 4) as usize;
                px(x / 4, y, if c < 3 { c.abs_diff(bgr) } else { c })
            });
            ([p.0, 0, 0], [p.1, 0, 0])
        }
    };
    let to_rgb = colour_matrix(Some("bt709"), height, false) * layout.to_codes(false);
    (
        bytes,
        FrameFormat {
            layout,
            offsets,
            strides,
            to_rgb,
        },
    )
}

#[test]
fn counting_while_converting_matches_the_cpu_histogram_of_the_frame() {
    // Counting pipelines take llvmpipe ~20 s each to compile, so two layouts count
    // (one per way of reading pixels); the other two must give the same pictures.
    // Width, height, row padding, first plane's offset: odd offsets, and one frame
    // aligned to 4 bytes throughout (the shader's faster path).
    let sizes = [
        (1, 1, 0, 1),
        (66, 35, 3, 1),
        (257, 3, 1, 1),
        (5, 130, 0, 1),
        (64, 6, 4, 0),
    ];
    for (counted, same) in [
        (
            PixelLayout::Nv12,
            &[
                PixelLayout::I420,
                PixelLayout::I422,
                PixelLayout::I444,
                PixelLayout::I420P10,
                PixelLayout::I422P10,
                PixelLayout::I444P10,
            ][..],
        ),
        (PixelLayout::Rgba, &[PixelLayout::Bgra]),
    ] {
        for (width, height, pad, start) in sizes {
            let what = format!("{counted:?} {width}x{height} from byte {start}");
            let (bytes, format) = planes(width, height, counted, pad, start);
            assert_eq!(format.aligned(), start == 0, "{what}");
            let (pixels, counts) = convert_sized(&bytes, format, (width, height), true);
            let frame = Image::from_rgba(width, height, pixels.clone()).unwrap();
            assert_eq!(
                counts.unwrap(),
                common::reference(&frame, Spec::rgbl()),
                "{what}"
            );
            // Counting does not change the picture.
            assert_eq!(
                convert_sized(&bytes, format, (width, height), false).0,
                pixels,
                "{what}"
            );
            for &same in same {
                let (bytes, format) = planes(width, height, same, pad, start);
                assert_eq!(
                    convert_sized(&bytes, format, (width, height), false).0,
                    pixels,
                    "{same:?} {width}x{height}"
                );
            }
        }
    }
}

/// A YUV frame keeps every pixel's Y′ byte in alpha, codes past video levels
/// (below 16, above 235) too, at odd sizes and offsets: what a waveform of Y′ as
/// decoded counts (tests/native/scopes.rs counts alpha so).
#[test]
fn yuv_frames_keep_y_as_decoded_in_alpha() {
    for layout in [
        PixelLayout::Nv12,
        PixelLayout::I420,
        PixelLayout::I422,
        PixelLayout::I444,
    ] {
        for (width, height, pad, start) in [(67, 9, 1, 1), (1, 1, 0, 1), (64, 6, 4, 0)] {
            let (bytes, format) = planes(width, height, layout, pad, start);
            let (offset, stride) = (format.offsets[0] as usize, format.strides[0] as usize);
            let y_plane: Vec<u8> = (0..height as usize)
                .flat_map(|y| bytes[offset + y * stride..][..width as usize].to_vec())
                .collect();
            let (pixels, _) = convert_sized(&bytes, format, (width, height), false);
            let alpha: Vec<u8> = pixels.chunks(4).map(|p| p[3]).collect();
            assert_eq!(alpha, y_plane, "{layout:?} {width}x{height}");
            if width * height > 256 {
                assert!(alpha.iter().any(|&y| y < 16) && alpha.iter().any(|&y| y > 235));
            }
        }
    }
}

/// An HDR video's 10-bit frame (I420P10): every code, those between the 8-bit
/// ones too, becomes the R′G′B′ of BT.2020's matrix worked out here in f64 from
/// its Kr and Kb (limited range: a code is a quarter of its sample; full range,
/// 255/1023 of it), rounded as the texture stores it; alpha keeps Y′'s code.
#[test]
fn ten_bit_frames_convert_every_code() {
    let (width, height) = (258u32, 4u32);
    let (kr, kb) = (0.2627, 0.0593);
    // Y′ every sample from 0 on, chroma in four pairs, each over a 2x2 block.
    let luma = |x: u32, y: u32| (y * width + x) % 1024;
    let chroma = |x: u32, y: u32| match (x / 2 + y / 2) % 4 {
        0 => (512, 512),
        1 => (400, 700),
        2 => (700, 300),
        _ => (65, 960),
    };
    let (cw, ch) = (width / 2, height / 2);
    let mut bytes = Vec::new();
    let mut sample = |v: u32| bytes.extend_from_slice(&(v as u16).to_le_bytes());
    (0..height).for_each(|y| (0..width).for_each(|x| sample(luma(x, y))));
    (0..ch).for_each(|y| (0..cw).for_each(|x| sample(chroma(2 * x, 2 * y).0)));
    (0..ch).for_each(|y| (0..cw).for_each(|x| sample(chroma(2 * x, 2 * y).1)));
    for full in [false, true] {
        let layout = PixelLayout::I420P10;
        let format = FrameFormat {
            layout,
            offsets: [0, width * height * 2, width * height * 2 + cw * ch * 2],
            strides: [width * 2, cw * 2, cw * 2],
            to_rgb: colour_matrix(Some("bt2020-ncl"), height, full) * layout.to_codes(full),
        };
        let (pixels, _) = convert_sized(&bytes, format, (width, height), false);
        let mut edges = 0;
        for y in 0..height {
            for x in 0..width {
                let (d, (u, v)) = (luma(x, y) as f64, chroma(x, y));
                let (l, cb, cr) = match full {
                    false => (
                        (d / 4.0 - 16.0) / 219.0,
                        (u as f64 / 4.0 - 128.0) / 224.0,
                        (v as f64 / 4.0 - 128.0) / 224.0,
                    ),
                    true => (
                        d / 1023.0,
                        (u as f64 - 512.0) / 1023.0,
                        (v as f64 - 512.0) / 1023.0,
                    ),
                };
                let r = l + 2.0 * (1.0 - kr) * cr;
                let b = l + 2.0 * (1.0 - kb) * cb;
                let g = (l - kr * r - kb * b) / (1.0 - kr - kb);
                let code = if full { d * 255.0 / 1023.0 } else { d / 4.0 };
                let want = [r, g, b, code / 255.0].map(|c| c.clamp(0.0, 1.0) * 255.0);
                let got = &pixels[((y * width + x) * 4) as usize..][..4];
                for (c, (&g, w)) in got.iter().zip(want).enumerate() {
                    // Within a thousandth of a rounding's edge, either side (Y′'s
                    // code is a quarter: a sample of 2 mod 4 is a tie).
                    let edge = (w.fract() - 0.5).abs() < 1e-3;
                    edges += (edge && c < 3) as u32;
                    assert!(
                        g as f64 == w.round() || (edge && (g as f64 - w).abs() < 0.51),
                        "full {full}: ({x}, {y}) channel {c}: {g} for {w}"
                    );
                }
            }
        }
        assert!(edges < 16, "{edges} values on an edge");
    }
}

/// The studio's pointer on a video reads one pixel of the frame back
/// (`Gpu::read_texels`): each texel and block equals the bytes written, at the
/// corners of an odd-sized frame too.
#[test]
fn a_frames_pixels_read_back_one_by_one_are_its_bytes() {
    let gpu = gpu();
    let (width, height) = (257u32, 3u32);
    let bytes: Vec<u8> = (0..width * height * 4)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    let texture = gpu.texture(
        "frame",
        (width, height),
        wgpu::TextureFormat::Rgba8Unorm,
        wgpu::TextureUsages::COPY_DST | wgpu::TextureUsages::COPY_SRC,
    );
    gpu.queue.write_texture(
        texture.as_image_copy(),
        &bytes,
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(width * 4),
            rows_per_image: None,
        },
        texture.size(),
    );
    let at = |x: u32, y: u32| &bytes[((y * width + x) * 4) as usize..][..4];
    let read = |x, y, width, height| {
        let size = wgpu::Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        };
        pollster::block_on(gpu.read_texels(&texture, wgpu::Origin3d { x, y, z: 0 }, size)).unwrap()
    };
    for (x, y) in [(0, 0), (256, 2), (100, 1), (256, 0), (0, 2)] {
        assert_eq!(read(x, y, 1, 1), at(x, y), "({x}, {y})");
    }
    let block = read(250, 1, 7, 2);
    let want: Vec<u8> = (1..3)
        .flat_map(|y| (250..257).flat_map(move |x| at(x, y).to_vec()))
        .collect();
    assert_eq!(block, want);
}
