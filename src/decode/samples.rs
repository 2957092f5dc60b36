//! Rows of samples as the decoders give them, made RGBA: 8-bit (16-bit rounded),
//! at their stored depth, or floating point.

use super::*;

/// Appends a row of `layout` samples to `out` as RGBA8; says whether any pixel was
/// translucent. `scratch` holds 16-bit rows rounded to 8 bits.
pub(super) fn to_rgba(
    row: &[u8],
    layout: Layout,
    scratch: &mut Vec<u8>,
    out: &mut Vec<u8>,
) -> bool {
    let row = match layout.sixteen {
        // 1, 2 or 4 bits: the 8-bit value each level stands for (255 / (2^bits - 1)
        // is whole), so each lands in the bin its level does.
        None if layout.bits < 8 => {
            let step = (255 / ((1u32 << layout.bits) - 1)) as u8;
            scratch.clear();
            scratch.extend(row.iter().map(|&v| v * step));
            scratch
        }
        None => row,
        Some(endian) => {
            scratch.clear();
            scratch.extend(row.chunks_exact(2).map(|s| {
                let v = match endian {
                    Endian::Big => u16::from_be_bytes([s[0], s[1]]),
                    Endian::Native => u16::from_ne_bytes([s[0], s[1]]),
                };
                to_8_bits(v)
            }));
            scratch
        }
    };
    let mut alpha = 255u8;
    match layout.channels {
        1 => out.extend(row.iter().flat_map(|&g| [g, g, g, 255])),
        2 => out.extend(row.chunks_exact(2).flat_map(|p| {
            alpha &= p[1];
            [p[0], p[0], p[0], p[1]]
        })),
        3 => out.extend(row.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255])),
        _ => {
            alpha = row.chunks_exact(4).fold(255, |a, p| a & p[3]);
            out.extend_from_slice(row);
        }
    }
    alpha != 255
}

/// Appends a row of `layout` samples to `out` as RGBA at their stored depth (grey
/// to R = G = B, no alpha to opaque); says whether any pixel was translucent.
pub(super) fn to_rgba16(row: &[u8], layout: Layout, out: &mut Vec<u16>) -> bool {
    let (samples, opaque): (Vec<u16>, u16) = match layout.sixteen {
        None => (row.iter().map(|&s| s as u16).collect(), 255),
        Some(endian) => (
            row.chunks_exact(2)
                .map(|s| match endian {
                    Endian::Big => u16::from_be_bytes([s[0], s[1]]),
                    Endian::Native => u16::from_ne_bytes([s[0], s[1]]),
                })
                .collect(),
            u16::MAX,
        ),
    };
    let mut alpha = opaque;
    match layout.channels {
        1 => out.extend(samples.iter().flat_map(|&g| [g, g, g, opaque])),
        2 => out.extend(samples.chunks_exact(2).flat_map(|p| {
            alpha &= p[1];
            [p[0], p[0], p[0], p[1]]
        })),
        3 => out.extend(
            samples
                .chunks_exact(3)
                .flat_map(|p| [p[0], p[1], p[2], opaque]),
        ),
        _ => {
            alpha = samples.chunks_exact(4).fold(opaque, |a, p| a & p[3]);
            out.extend_from_slice(&samples);
        }
    }
    alpha != opaque
}

/// The nearest 8-bit value of a 16-bit sample: `round(v * 255 / 65535)`, which is
/// `(v + 128) / 257` (the `image` crate's conversion, so the tool and the site agree).
pub fn to_8_bits(v: u16) -> u8 {
    ((v as u32 + 128) / 257) as u8
}

/// Floating-point samples, 1 to 4 a pixel, as RGBA (grey to R, G and B; alpha 1
/// where there is none).
pub(super) fn floats(samples: impl Iterator<Item = f32>, channels: usize) -> Vec<f32> {
    let samples: Vec<f32> = samples.collect();
    samples
        .chunks_exact(channels)
        .flat_map(|p| match channels {
            1 => [p[0], p[0], p[0], 1.0],
            2 => [p[0], p[0], p[0], p[1]],
            3 => [p[0], p[1], p[2], 1.0],
            _ => [p[0], p[1], p[2], p[3]],
        })
        .collect()
}
