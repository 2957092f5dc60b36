//! Image files of every kind the decoder must read exactly, made from pixels chosen
//! here, so a test knows each file's stored values without decoding it. Used by the
//! native tests and, through `tests/fixtures/files.rs`, by the browser tests.
//!
//! Every file is lossless; `pixels` is the straight RGBA8 the file stores (16-bit
//! samples as their nearest 8-bit value, computed here in floating point).

use histogram::Image;
use std::borrow::Cow;
use std::path::Path;

pub struct Fixture {
    pub name: &'static str,
    pub bytes: Vec<u8>,
    pub pixels: Image,
    /// A 16-bit file's samples as stored, RGBA (grey expanded, opaque 65535).
    pub deep: Option<Vec<u16>>,
}

/// xorshift32: the same bytes every run.
struct Random(u32);

impl Random {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }

    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

fn nearest_8_bit(v: u16) -> u8 {
    (v as f64 * 255.0 / 65535.0).round() as u8
}

/// A PNG of `samples` (big-endian when 16-bit); `more` sets palette, transparency,
/// profile.
fn png(
    width: u32,
    height: u32,
    colour: png::ColorType,
    depth: png::BitDepth,
    samples: &[u8],
    more: impl FnOnce(&mut png::Info),
) -> Vec<u8> {
    let mut info = png::Info::with_size(width, height);
    info.color_type = colour;
    info.bit_depth = depth;
    more(&mut info);
    let mut bytes = Vec::new();
    let encoder = png::Encoder::with_info(&mut bytes, info).unwrap();
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(samples).unwrap();
    writer.finish().unwrap();
    bytes
}

fn image(width: u32, height: u32, rgba: Vec<u8>) -> Image {
    Image::from_rgba(width, height, rgba).unwrap()
}

/// Translucent RGBA (every alpha, colour kept under alpha 0).
pub fn translucent(name: &'static str, width: u32, height: u32, seed: u32) -> Fixture {
    let mut random = Random(seed);
    let mut rgba = random.bytes(width as usize * height as usize * 4);
    // Some fully transparent and some opaque pixels, colour kept.
    for (i, p) in rgba.chunks_exact_mut(4).enumerate() {
        match i % 7 {
            0 => p[3] = 0,
            1 => p[3] = 255,
            _ => {}
        }
    }
    Fixture {
        name,
        deep: None,
        bytes: png(
            width,
            height,
            png::ColorType::Rgba,
            png::BitDepth::Eight,
            &rgba,
            |_| {},
        ),
        pixels: image(width, height, rgba),
    }
}

/// Every kind of file, then `photos` (name, path) re-encoded as PNG.
pub fn all(photos: &[(&'static str, &Path)]) -> Vec<Fixture> {
    let mut random = Random(0x5eed);
    let mut out = vec![
        translucent("translucent-257x131.png", 257, 131, 1),
        translucent("translucent-1x1.png", 1, 1, 2),
    ];

    // Grey + alpha, one column.
    let (w, h) = (1, 4099);
    let ga = random.bytes(w * h * 2);
    out.push(Fixture {
        name: "grey-alpha-1x4099.png",
        deep: None,
        bytes: png(
            w as u32,
            h as u32,
            png::ColorType::GrayscaleAlpha,
            png::BitDepth::Eight,
            &ga,
            |_| {},
        ),
        pixels: image(
            w as u32,
            h as u32,
            ga.chunks(2)
                .flat_map(|p| [p[0], p[0], p[0], p[1]])
                .collect(),
        ),
    });

    // A palette with a transparency chunk shorter than the palette.
    let (w, h) = (97, 61);
    let palette = random.bytes(256 * 3);
    let trns = random.bytes(180);
    let indices = random.bytes(w * h);
    out.push(Fixture {
        name: "palette-trns-97x61.png",
        deep: None,
        bytes: png(
            w as u32,
            h as u32,
            png::ColorType::Indexed,
            png::BitDepth::Eight,
            &indices,
            |info| {
                info.palette = Some(Cow::Owned(palette.clone()));
                info.trns = Some(Cow::Owned(trns.clone()));
            },
        ),
        pixels: image(
            w as u32,
            h as u32,
            indices
                .iter()
                .flat_map(|&i| {
                    let i = i as usize;
                    let alpha = trns.get(i).copied().unwrap_or(255);
                    [
                        palette[i * 3],
                        palette[i * 3 + 1],
                        palette[i * 3 + 2],
                        alpha,
                    ]
                })
                .collect(),
        ),
    });

    // 16-bit samples: RGB, RGBA and grey.
    for (name, colour, channels, w, h) in [
        ("rgb16-193x67.png", png::ColorType::Rgb, 3, 193, 67),
        ("rgba16-31x257.png", png::ColorType::Rgba, 4, 31, 257),
        ("grey16-300x7.png", png::ColorType::Grayscale, 1, 300, 7),
    ] {
        let samples: Vec<u16> = (0..w * h * channels)
            .map(|_| random.next() as u16)
            .collect();
        let be: Vec<u8> = samples.iter().flat_map(|v| v.to_be_bytes()).collect();
        let deep = expand16(&samples, channels);
        out.push(Fixture {
            name,
            bytes: png(
                w as u32,
                h as u32,
                colour,
                png::BitDepth::Sixteen,
                &be,
                |_| {},
            ),
            pixels: image(
                w as u32,
                h as u32,
                deep.iter().map(|&v| nearest_8_bit(v)).collect(),
            ),
            deep: Some(deep),
        });
    }

    // A colour profile that must not be applied.
    let (w, h) = (64, 48);
    let rgb = random.bytes(w * h * 3);
    out.push(Fixture {
        name: "icc-profile-64x48.png",
        deep: None,
        bytes: png(
            w as u32,
            h as u32,
            png::ColorType::Rgb,
            png::BitDepth::Eight,
            &rgb,
            |info| info.icc_profile = Some(Cow::Owned(display_p3_like_profile())),
        ),
        pixels: image(
            w as u32,
            h as u32,
            rgb.chunks(3)
                .flat_map(|p| [p[0], p[1], p[2], 255])
                .collect(),
        ),
    });

    // Thirds of white, grey and black: clipped at the top, not clipped, clipped at 0.
    let (w, h) = (96u32, 64u32);
    let thirds: Vec<u8> = (0..w * h)
        .flat_map(|i| {
            let v = [255, 128, 0][(i % w / 32) as usize];
            [v, v, v, 255]
        })
        .collect();
    out.push(Fixture {
        name: "thirds-96x64.png",
        deep: None,
        bytes: png(
            w,
            h,
            png::ColorType::Rgba,
            png::BitDepth::Eight,
            &thirds,
            |_| {},
        ),
        pixels: image(w, h, thirds),
    });

    out.push(apng(&mut random));
    out.push(animated_gif(&mut random));

    // Lossless WebP, translucent.
    let (w, h) = (61, 59);
    let rgba = random.bytes(w * h * 4);
    let mut webp = Vec::new();
    image::codecs::webp::WebPEncoder::new_lossless(&mut webp)
        .encode(&rgba, w as u32, h as u32, image::ExtendedColorType::Rgba8)
        .unwrap();
    out.push(Fixture {
        name: "translucent-61x59.webp",
        deep: None,
        bytes: webp,
        pixels: image(w as u32, h as u32, rgba),
    });

    for &(name, path) in photos {
        let decoded = image::open(path).unwrap().to_rgb8();
        let (w, h) = decoded.dimensions();
        let rgb = decoded.into_raw();
        out.push(Fixture {
            name,
            deep: None,
            bytes: png(
                w,
                h,
                png::ColorType::Rgb,
                png::BitDepth::Eight,
                &rgb,
                |_| {},
            ),
            pixels: image(
                w,
                h,
                rgb.chunks(3)
                    .flat_map(|p| [p[0], p[1], p[2], 255])
                    .collect(),
            ),
        });
    }
    out
}

/// Three frames; the still image is the first, the others differ, so counting a
/// later frame would show.
fn apng(random: &mut Random) -> Fixture {
    let (w, h) = (80u32, 60u32);
    let first = random.bytes((w * h * 4) as usize);
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, w, h);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_animated(3, 0).unwrap();
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&first).unwrap();
    for colour in [[255u8, 0, 0, 255], [0, 0, 255, 128]] {
        let frame: Vec<u8> = (0..w * h).flat_map(|_| colour).collect();
        writer.write_image_data(&frame).unwrap();
    }
    writer.finish().unwrap();
    Fixture {
        name: "animated-80x60.png",
        deep: None,
        bytes,
        pixels: image(w, h, first),
    }
}

/// Two frames of 256 colours; the first is counted.
fn animated_gif(random: &mut Random) -> Fixture {
    let (w, h) = (70u16, 50u16);
    let palette = random.bytes(256 * 3);
    let first = random.bytes(w as usize * h as usize);
    let mut bytes = Vec::new();
    {
        let mut encoder = gif::Encoder::new(&mut bytes, w, h, &palette).unwrap();
        encoder.set_repeat(gif::Repeat::Infinite).unwrap();
        for indices in [first.clone(), vec![7u8; w as usize * h as usize]] {
            let frame = gif::Frame {
                width: w,
                height: h,
                buffer: Cow::Owned(indices),
                delay: 10,
                ..Default::default()
            };
            encoder.write_frame(&frame).unwrap();
        }
    }
    let rgba = first
        .iter()
        .flat_map(|&i| {
            let i = i as usize;
            [palette[i * 3], palette[i * 3 + 1], palette[i * 3 + 2], 255]
        })
        .collect();
    Fixture {
        name: "animated-70x50.gif",
        deep: None,
        bytes,
        pixels: image(w as u32, h as u32, rgba),
    }
}

/// A well-formed ICC v2 RGB display profile (D50 white point, wide primaries, gamma
/// 2.2 curves): a browser would colour-convert with it, so a decoder that applied it
/// would change the values.
pub fn display_p3_like_profile() -> Vec<u8> {
    let text = b"Test wide RGB\0";
    let mut desc = b"desc\0\0\0\0".to_vec();
    desc.extend_from_slice(&(text.len() as u32).to_be_bytes());
    desc.extend_from_slice(text);
    desc.extend_from_slice(&[0; 4 + 4 + 2 + 1 + 67]); // no Unicode, no ScriptCode
    rgb_profile(desc)
}

/// The same profile as ICC v4 writes its description: localized UTF-16 strings
/// (French first, then English `name`).
pub fn v4_profile_named(name: &str) -> Vec<u8> {
    let strings = [("fr", "Profil d'essai"), ("en", name)];
    let mut desc = b"mluc\0\0\0\0".to_vec();
    desc.extend_from_slice(&(strings.len() as u32).to_be_bytes());
    desc.extend_from_slice(&12u32.to_be_bytes());
    let mut text = Vec::new();
    let start = 16 + 12 * strings.len();
    for (language, value) in strings {
        let utf16: Vec<u8> = value.encode_utf16().flat_map(u16::to_be_bytes).collect();
        desc.extend_from_slice(language.as_bytes());
        desc.extend_from_slice(b"  ");
        desc.extend_from_slice(&(utf16.len() as u32).to_be_bytes());
        desc.extend_from_slice(&((start + text.len()) as u32).to_be_bytes());
        text.extend_from_slice(&utf16);
    }
    desc.extend_from_slice(&text);
    rgb_profile(desc)
}

fn rgb_profile(mut desc: Vec<u8>) -> Vec<u8> {
    while !desc.len().is_multiple_of(4) {
        desc.push(0);
    }
    let s15 = |v: f64| ((v * 65536.0).round() as i32).to_be_bytes();
    let xyz = |x: f64, y: f64, z: f64| {
        let mut t = b"XYZ \0\0\0\0".to_vec();
        for v in [x, y, z] {
            t.extend_from_slice(&s15(v));
        }
        t
    };
    let curve = {
        let mut t = b"curv\0\0\0\0\0\0\0\x01".to_vec();
        t.extend_from_slice(&((2.2f64 * 256.0) as u16).to_be_bytes());
        t.extend_from_slice(&[0, 0]); // pad to 4 bytes
        t
    };
    let cprt = b"text\0\0\0\0none\0\0\0\0".to_vec();
    let tags: Vec<(&[u8; 4], Vec<u8>)> = vec![
        (b"desc", desc),
        (b"cprt", cprt),
        (b"wtpt", xyz(0.9642, 1.0, 0.8249)),
        (b"rXYZ", xyz(0.5151, 0.2412, -0.0011)),
        (b"gXYZ", xyz(0.2920, 0.6922, 0.0419)),
        (b"bXYZ", xyz(0.1571, 0.0666, 0.7841)),
        (b"rTRC", curve.clone()),
        (b"gTRC", curve.clone()),
        (b"bTRC", curve),
    ];
    let mut table = (tags.len() as u32).to_be_bytes().to_vec();
    let mut data = Vec::new();
    let start = 128 + 4 + 12 * tags.len();
    for (sig, body) in &tags {
        table.extend_from_slice(*sig);
        table.extend_from_slice(&((start + data.len()) as u32).to_be_bytes());
        table.extend_from_slice(&(body.len() as u32).to_be_bytes());
        data.extend_from_slice(body);
    }
    let size = start + data.len();
    let mut header = vec![0u8; 128];
    header[0..4].copy_from_slice(&(size as u32).to_be_bytes());
    header[8..12].copy_from_slice(&[2, 0x10, 0, 0]); // version 2.1
    header[12..16].copy_from_slice(b"mntr");
    header[16..20].copy_from_slice(b"RGB ");
    header[20..24].copy_from_slice(b"XYZ ");
    header[36..40].copy_from_slice(b"acsp");
    header[68..80].copy_from_slice(&[0, 0, 0xf6, 0xd6, 0, 1, 0, 0, 0, 0, 0xd3, 0x2d]); // D50
    [header, table, data].concat()
}

/// RGBA at 16 bits from samples of `channels` a pixel (1 grey, 2 grey + alpha, 3
/// RGB, 4 RGBA): grey to R = G = B, no alpha to 65535.
pub fn expand16(samples: &[u16], channels: usize) -> Vec<u16> {
    samples
        .chunks(channels)
        .flat_map(|s| match channels {
            1 => [s[0], s[0], s[0], u16::MAX],
            2 => [s[0], s[0], s[0], s[1]],
            3 => [s[0], s[1], s[2], u16::MAX],
            _ => [s[0], s[1], s[2], s[3]],
        })
        .collect()
}

/// 16-bit files beyond `all`'s three PNGs, from samples kept here: grey + alpha,
/// every one of the 65536 levels in each channel, one pixel, a single level, and
/// TIFF (grey, RGB, RGBA).
pub fn deep() -> Vec<Fixture> {
    let mut random = Random(0xdee9);
    let mut out = Vec::new();
    let mut push = |name: &'static str, w: u32, h: u32, channels: usize, samples: Vec<u16>| {
        let colour = [
            png::ColorType::Grayscale,
            png::ColorType::GrayscaleAlpha,
            png::ColorType::Rgb,
            png::ColorType::Rgba,
        ][channels - 1];
        let bytes = if name.ends_with(".png") {
            let be: Vec<u8> = samples.iter().flat_map(|v| v.to_be_bytes()).collect();
            png(w, h, colour, png::BitDepth::Sixteen, &be, |_| {})
        } else {
            let ne: Vec<u8> = samples.iter().flat_map(|v| v.to_ne_bytes()).collect();
            let kind = [
                image::ExtendedColorType::L16,
                image::ExtendedColorType::La16,
                image::ExtendedColorType::Rgb16,
                image::ExtendedColorType::Rgba16,
            ][channels - 1];
            let mut tiff = std::io::Cursor::new(Vec::new());
            image::ImageEncoder::write_image(
                image::codecs::tiff::TiffEncoder::new(&mut tiff),
                &ne,
                w,
                h,
                kind,
            )
            .unwrap();
            tiff.into_inner()
        };
        let deep = expand16(&samples, channels);
        out.push(Fixture {
            name,
            bytes,
            pixels: image(w, h, deep.iter().map(|&v| nearest_8_bit(v)).collect()),
            deep: Some(deep),
        });
    };
    let noise = |random: &mut Random, n: usize| -> Vec<u16> {
        (0..n).map(|_| random.next() as u16).collect()
    };
    push(
        "deep-grey-alpha16-1x4099.png",
        1,
        4099,
        2,
        noise(&mut random, 4099 * 2),
    );
    // R every level in order, G in reverse, B every level shuffled (40503 is odd).
    let levels: Vec<u16> = (0..=u16::MAX)
        .flat_map(|i| [i, u16::MAX - i, i.wrapping_mul(40503)])
        .collect();
    push("deep-levels16-256x256.png", 256, 256, 3, levels);
    push("deep-1x1.png", 1, 1, 4, vec![65535, 1, 32768, 7]);
    push(
        "deep-one-level16-33x17.png",
        33,
        17,
        1,
        vec![40000; 33 * 17],
    );
    push(
        "deep-rgb16-257x3.tif",
        257,
        3,
        3,
        noise(&mut random, 257 * 3 * 3),
    );
    push(
        "deep-rgba16-64x33.tif",
        64,
        33,
        4,
        noise(&mut random, 64 * 33 * 4),
    );
    push("deep-grey16-5x1.tif", 5, 1, 1, vec![0, 1, 255, 256, 65535]);
    out
}
