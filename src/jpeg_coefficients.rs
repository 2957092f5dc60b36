//! A JPEG finished from its DCT coefficients the way libjpeg-turbo finishes it:
//! each block dequantized and put through its accurate integer IDCT (jidctint.c's
//! `jpeg_idct_islow`, 13 fraction bits, its range limit), which gives the planes
//! that `jpeg_planes` then upsamples and converts exactly as libjpeg-turbo does.
//! The coefficients come from libjpeg-turbo's own entropy decoding (natively:
//! src/decode/turbo.rs, `Jpeg::coefficients`); the quantization tables and the
//! components' sampling from the file's markers, read here.
//!
//! shaders/frames/idct.wgsl is the same on the GPU; this is its CPU twin, and
//! tests/native hold both equal to libjpeg-turbo's own planes and RGB.

use crate::jpeg_planes::{Orientation, PlaneLayout, Subsampling};

/// What the GPU finish takes: 8-bit samples, one luma and two chroma components
/// (YCbCr), chroma at most twice smaller each way and luma not sampled below it.
#[derive(Clone, Debug)]
pub struct Frame {
    pub width: u32,
    pub height: u32,
    pub subsampling: Subsampling,
    /// Each component's quantization table, natural (row-major) order.
    pub quant: [[u16; 64]; 3],
}

/// The largest dequantized coefficient the GPU's 32-bit IDCT takes: twice what a
/// picture of 8-bit samples can give (its DCT's values lie within ±2048). A file
/// past it is no 8-bit picture's; the CPU decodes it (libjpeg-turbo's C and SIMD
/// IDCTs then differ from each other anyway).
pub const MOST_DEQUANTIZED: i32 = 4096;

/// Reads the frame header and quantization tables of the JPEG in `bytes`, or says
/// why the GPU finish does not take it (the CPU decodes those).
pub fn frame(bytes: &[u8]) -> Result<Frame, String> {
    let mut at = 2;
    if bytes.get(..2) != Some(&[0xff, 0xd8]) {
        return Err("not a JPEG".into());
    }
    let mut tables = [None::<[u16; 64]>; 4];
    // The frame's width, height and components (sampling across, down, table).
    let mut sof: Option<(u32, u32, Vec<Sampled>)> = None;
    loop {
        // Markers may be padded with 0xff bytes.
        while bytes.get(at) == Some(&0xff) && bytes.get(at + 1) == Some(&0xff) {
            at += 1;
        }
        let (Some(&0xff), Some(&marker)) = (bytes.get(at), bytes.get(at + 1)) else {
            return Err("a segment where none begins".into());
        };
        let len = u16::from_be_bytes([
            *bytes.get(at + 2).ok_or("cut short")?,
            *bytes.get(at + 3).ok_or("cut short")?,
        ]) as usize;
        let body = bytes.get(at + 4..at + 2 + len).ok_or("cut short")?;
        match marker {
            0xdb => {
                let mut t = body;
                while !t.is_empty() {
                    let (precision, id) = (t[0] >> 4, (t[0] & 15) as usize);
                    let size = if precision == 0 { 64 } else { 128 };
                    let values = t.get(1..1 + size).ok_or("a short quantization table")?;
                    let mut table = [0u16; 64];
                    for (k, &natural) in ZIGZAG.iter().enumerate() {
                        table[natural] = if precision == 0 {
                            values[k] as u16
                        } else {
                            u16::from_be_bytes([values[2 * k], values[2 * k + 1]])
                        };
                    }
                    *tables.get_mut(id).ok_or("a quantization table past 3")? = Some(table);
                    t = &t[1 + size..];
                }
            }
            // Baseline, extended and progressive Huffman; arithmetic coding too (its
            // coefficients are libjpeg-turbo's all the same). Lossless is not DCT.
            0xc0..=0xc2 | 0xc9 | 0xca => {
                if body.first() != Some(&8) {
                    return Err(format!("{}-bit samples", body.first().unwrap_or(&0)));
                }
                let height = u16::from_be_bytes([body[1], body[2]]) as u32;
                let width = u16::from_be_bytes([body[3], body[4]]) as u32;
                let n = *body.get(5).ok_or("cut short")? as usize;
                let components = (0..n)
                    .map(|i| {
                        let c = body.get(6 + 3 * i..9 + 3 * i).ok_or("cut short")?;
                        Ok((c[1] >> 4, c[1] & 15, c[2]))
                    })
                    .collect::<Result<Vec<_>, String>>()?;
                sof = Some((width, height, components));
            }
            0xc3 | 0xc5..=0xc7 | 0xcb | 0xcd..=0xcf => {
                return Err("a lossless or hierarchical JPEG".into())
            }
            0xda => break,
            _ => {}
        }
        at += 2 + len;
    }
    // libjpeg keeps a component's table as its first scan finds it: one defined
    // again after the first scan would need more than this reading.
    if bytes[at..].windows(2).any(|w| w == [0xff, 0xdb]) {
        return Err("a quantization table defined between scans".into());
    }
    let (width, height, components) = sof.ok_or("no frame header")?;
    let [(h, v, ql), (1, 1, qb), (1, 1, qr)] = components[..] else {
        return Err(format!(
            "{} components sampled {:?}: the GPU finishes YCbCr with chroma at most halved",
            components.len(),
            components.iter().map(|c| (c.0, c.1)).collect::<Vec<_>>()
        ));
    };
    if !(1..=2).contains(&h) || !(1..=2).contains(&v) {
        return Err(format!("luma sampled {h}x{v}"));
    }
    let table = |q: u8| {
        tables
            .get(q as usize)
            .copied()
            .flatten()
            .ok_or_else(|| format!("quantization table {q} is not defined"))
    };
    Ok(Frame {
        width,
        height,
        subsampling: Subsampling {
            across: h as u32,
            down: v as u32,
        },
        quant: [table(ql)?, table(qb)?, table(qr)?],
    })
}

/// A component as the frame header gives it: sampled across, down, and its
/// quantization table.
type Sampled = (u8, u8, u8);

/// Zigzag position k's place in natural order.
const ZIGZAG: [usize; 64] = [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20,
    13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59,
    52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

/// Each component's blocks across and down, as libjpeg sizes them: its share of
/// the picture, in whole blocks (an MCU's padding not among them).
pub fn blocks(frame: &Frame) -> [[u32; 2]; 3] {
    let s = frame.subsampling;
    [0, 1, 2].map(|c| {
        let (across, down) = if c == 0 { (1, 1) } else { (s.across, s.down) };
        [
            frame.width.div_ceil(across).div_ceil(8),
            frame.height.div_ceil(down).div_ceil(8),
        ]
    })
}

/// Where the finished planes lie in one buffer: each component's blocks whole
/// (`blocks` wide and high, 8 samples a side), one after another, each starting
/// on a word; the picture shown as `turn` says.
pub fn layout(frame: &Frame, blocks: [[u32; 2]; 3], turn: Orientation) -> PlaneLayout {
    let mut offsets = [0u32; 3];
    let mut strides = [0u32; 3];
    let mut end = 0;
    for c in 0..3 {
        offsets[c] = end;
        strides[c] = blocks[c][0] * 8;
        end += strides[c] * blocks[c][1] * 8;
    }
    PlaneLayout {
        width: frame.width,
        height: frame.height,
        subsampling: frame.subsampling,
        offsets,
        strides,
        turn,
    }
}

// jidctint.c's constants: cosines scaled by 2^13.
const CONST_BITS: u32 = 13;
const PASS1_BITS: u32 = 2;
const F0_298: i64 = 2446;
const F0_390: i64 = 3196;
const F0_541: i64 = 4433;
const F0_765: i64 = 6270;
const F0_899: i64 = 7373;
const F1_175: i64 = 9633;
const F1_501: i64 = 12299;
const F1_847: i64 = 15137;
const F1_961: i64 = 16069;
const F2_053: i64 = 16819;
const F2_562: i64 = 20995;
const F3_072: i64 = 25172;

fn descale(x: i64, n: u32) -> i64 {
    (x + (1 << (n - 1))) >> n
}

/// One 1-D pass of jpeg_idct_islow over `v` (8 values), descaled by `shift`.
fn pass(v: [i64; 8], shift: u32) -> [i64; 8] {
    let z1 = (v[2] + v[6]) * F0_541;
    let tmp2 = z1 - v[6] * F1_847;
    let tmp3 = z1 + v[2] * F0_765;
    let tmp0 = (v[0] + v[4]) << CONST_BITS;
    let tmp1 = (v[0] - v[4]) << CONST_BITS;
    let (t10, t13, t11, t12) = (tmp0 + tmp3, tmp0 - tmp3, tmp1 + tmp2, tmp1 - tmp2);
    let (o0, o1, o2, o3) = (v[7], v[5], v[3], v[1]);
    let z5 = (o0 + o2 + o1 + o3) * F1_175;
    let z1 = -(o0 + o3) * F0_899;
    let z2 = -(o1 + o2) * F2_562;
    let z3 = -(o0 + o2) * F1_961 + z5;
    let z4 = -(o1 + o3) * F0_390 + z5;
    let a0 = o0 * F0_298 + z1 + z3;
    let a1 = o1 * F2_053 + z2 + z4;
    let a2 = o2 * F3_072 + z2 + z3;
    let a3 = o3 * F1_501 + z1 + z4;
    [
        t10 + a3,
        t11 + a2,
        t12 + a1,
        t13 + a0,
        t13 - a0,
        t12 - a1,
        t11 - a2,
        t10 - a3,
    ]
    .map(|x| descale(x, shift))
}

/// libjpeg's range limit after the IDCT: the value centred on 128 and masked to
/// 10 bits, then clamped (jdmaster.c's `prepare_range_limit_table`).
fn range_limit(x: i64) -> u8 {
    match (x & 1023) as u32 {
        m @ 0..128 => (m + 128) as u8,
        128..512 => 255,
        512..896 => 0,
        m => (m - 896) as u8,
    }
}

/// A block's samples from its quantized coefficients (natural order) and its
/// table: jpeg_idct_islow, columns then rows (its shortcuts for zero AC terms
/// give the same values, so none is taken).
pub fn idct(coefficients: &[i16; 64], quant: &[u16; 64]) -> [u8; 64] {
    let mut work = [0i64; 64];
    for c in 0..8 {
        let column =
            std::array::from_fn(|r| coefficients[r * 8 + c] as i64 * quant[r * 8 + c] as i64);
        for (r, v) in pass(column, CONST_BITS - PASS1_BITS)
            .into_iter()
            .enumerate()
        {
            work[r * 8 + c] = v;
        }
    }
    let mut out = [0u8; 64];
    for r in 0..8 {
        let row: [i64; 8] = work[r * 8..r * 8 + 8].try_into().unwrap();
        for (c, v) in pass(row, CONST_BITS + PASS1_BITS + 3)
            .into_iter()
            .enumerate()
        {
            out[r * 8 + c] = range_limit(v);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dc_only_block_is_flat_at_its_level() {
        let mut block = [0i16; 64];
        // DC 80 x 2: 160 / 8 = 20 above the centre.
        block[0] = 80;
        let mut quant = [1u16; 64];
        quant[0] = 2;
        assert_eq!(idct(&block, &quant), [148; 64]);
    }

    #[test]
    fn the_range_limit_clamps_as_libjpeg_masks() {
        assert_eq!(range_limit(-128), 0);
        assert_eq!(range_limit(127), 255);
        assert_eq!(range_limit(300), 255);
        assert_eq!(range_limit(-300), 0);
    }
}
