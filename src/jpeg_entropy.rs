//! A baseline JPEG's entropy-coded data made ready for decoding in parallel, and
//! decoded here as the GPU will decode it (issue #74, item 2): the scan's bytes
//! unstuffed (0xFF 0x00 is 0xFF) and cut at its restart markers into intervals,
//! each starting on a byte; its Huffman tables in canonical form (for each code
//! length, the largest code and where its symbols start, as libjpeg's jdhuff.c
//! keeps them); and a decoder that walks a code a bit at a time, as a shader
//! can, into each component's blocks of quantized coefficients in natural order,
//! the DC ones summed from their differences as libjpeg does. Its coefficients
//! equal libjpeg-turbo's (tests/native/jpeg_finish.rs); a file it does not take
//! (progressive, arithmetic-coded, not one interleaved scan of YCbCr) is said.

use crate::jpeg_coefficients::{frame, Frame};

/// A Huffman table: for each length 1 to 16 the largest code of that length
/// (-1 if none) and the index in `symbols` of the smallest.
#[derive(Clone, Debug)]
pub struct Table {
    pub max_code: [i32; 17],
    pub first: [i32; 17],
    pub min_code: [i32; 17],
    pub symbols: Vec<u8>,
}

impl Table {
    fn new(counts: &[u8; 16], symbols: &[u8]) -> Table {
        let (mut max_code, mut first, mut min_code) = ([-1; 17], [0; 17], [0; 17]);
        let (mut code, mut k) = (0i32, 0i32);
        for len in 1..=16 {
            let n = counts[len - 1] as i32;
            first[len] = k;
            min_code[len] = code;
            if n > 0 {
                code += n;
                k += n;
                max_code[len] = code - 1;
            }
            code <<= 1;
        }
        Table {
            max_code,
            first,
            min_code,
            symbols: symbols.to_vec(),
        }
    }
}

/// One interleaved scan of a baseline YCbCr JPEG, ready to decode.
#[derive(Clone, Debug)]
pub struct Scan {
    pub frame: Frame,
    /// The scan's bytes, unstuffed, each restart interval from a byte of its own.
    pub data: Vec<u8>,
    /// Where each interval starts in `data`, and the MCUs it holds.
    pub intervals: Vec<(usize, u32)>,
    /// Each component's DC and AC tables.
    pub tables: [(Table, Table); 3],
    /// MCUs across and down.
    pub mcus: [u32; 2],
}

/// The scan of the JPEG in `bytes`, or why it is not one this decoder takes.
pub fn scan(bytes: &[u8]) -> Result<Scan, String> {
    let frame = frame(bytes)?;
    let mut tables: [Option<Table>; 8] = Default::default();
    let mut restart = 0u32;
    let mut at = 2;
    let mut baseline = false;
    let (ids, selectors) = loop {
        while bytes.get(at + 1) == Some(&0xff) {
            at += 1;
        }
        let marker = *bytes.get(at + 1).ok_or("cut short")?;
        let len = u16::from_be_bytes([
            *bytes.get(at + 2).ok_or("cut short")?,
            *bytes.get(at + 3).ok_or("cut short")?,
        ]) as usize;
        let body = bytes.get(at + 4..at + 2 + len).ok_or("cut short")?;
        match marker {
            0xc0 | 0xc1 => baseline = true,
            0xc4 => {
                let mut t = body;
                while !t.is_empty() {
                    let (class, id) = (t[0] >> 4, (t[0] & 15) as usize);
                    let counts: [u8; 16] = t
                        .get(1..17)
                        .ok_or("a short Huffman table")?
                        .try_into()
                        .unwrap();
                    let n: usize = counts.iter().map(|&c| c as usize).sum();
                    let symbols = t.get(17..17 + n).ok_or("a short Huffman table")?;
                    let slot = tables
                        .get_mut(class as usize * 4 + id)
                        .ok_or("a Huffman table past 3")?;
                    *slot = Some(Table::new(&counts, symbols));
                    t = &t[17 + n..];
                }
            }
            0xdd => restart = u16::from_be_bytes([body[0], body[1]]) as u32,
            0xda => {
                let n = body[0] as usize;
                let parts: Vec<(u8, u8)> =
                    (0..n).map(|i| (body[1 + 2 * i], body[2 + 2 * i])).collect();
                break (n, parts);
            }
            _ => {}
        }
        at += 2 + len;
    };
    if !baseline {
        return Err("not a baseline Huffman JPEG".into());
    }
    if ids != 3 {
        return Err(format!(
            "a scan of {ids} components: the GPU decodes one scan of all three"
        ));
    }
    let table = |class: usize, id: u8| {
        tables[class * 4 + id as usize]
            .clone()
            .ok_or_else(|| format!("Huffman table {id} is not defined"))
    };
    let tables = [0, 1, 2].map(|c| {
        let t = selectors[c].1;
        (table(0, t >> 4), table(1, t & 15))
    });
    let [(d0, a0), (d1, a1), (d2, a2)] = tables;
    let tables = [(d0?, a0?), (d1?, a1?), (d2?, a2?)];
    let s = frame.subsampling;
    let mcus = [
        frame.width.div_ceil(8 * s.across),
        frame.height.div_ceil(8 * s.down),
    ];
    let total = mcus[0] * mcus[1];
    // The entropy-coded bytes: unstuffed, cut at RSTn, ended by any other marker.
    let len = u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]) as usize;
    // Between markers the bytes are copied as they stand (memchr finds the
    // next 0xFF): a byte-at-a-time loop took most of a scan's reading.
    let mut rest = bytes.get(at + 2 + len..).unwrap_or_default();
    let mut data = Vec::with_capacity(rest.len());
    let mut intervals = vec![(0usize, 0u32)];
    while let Some(k) = memchr::memchr(0xff, rest) {
        data.extend_from_slice(&rest[..k]);
        rest = match rest.get(k + 1) {
            Some(0x00) => {
                data.push(0xff);
                &rest[k + 2..]
            }
            Some(&m @ 0xd0..=0xd7) => {
                // In order, as libjpeg checks them (it warns of any other).
                if m != 0xd0 + ((intervals.len() - 1) % 8) as u8 {
                    return Err(format!("restart marker {} out of order", m - 0xd0));
                }
                intervals.push((data.len(), 0));
                &rest[k + 2..]
            }
            Some(0xff) => &rest[k + 1..],
            _ => &[],
        };
    }
    data.extend_from_slice(rest);
    let per = if restart == 0 { total } else { restart };
    if intervals.len() as u32 != total.div_ceil(per.max(1)) {
        return Err(format!(
            "{} restart intervals where {} MCUs of {per} make {}",
            intervals.len(),
            total,
            total.div_ceil(per.max(1))
        ));
    }
    // No block codes more than MOST_BITS_A_BLOCK, nor an interval more than a
    // byte of padding: a scan longer is not one to decode in parallel (its
    // stretches would take GPU memory for bytes no block reads); the CPU's
    // decoder counts or refuses it in its own words.
    let blocks = total as u64 * (s.across * s.down + 2) as u64;
    let most = (blocks * MOST_BITS_A_BLOCK).div_ceil(8) + intervals.len() as u64;
    if data.len() as u64 > most {
        return Err(format!(
            "a scan of {} bytes, more than its {blocks} blocks can code",
            data.len()
        ));
    }
    let last = intervals.len() - 1;
    for (k, interval) in intervals.iter_mut().enumerate() {
        interval.1 = if k == last {
            total - per * k as u32
        } else {
            per
        };
    }
    Ok(Scan {
        frame,
        data,
        intervals,
        tables,
        mcus,
    })
}

/// The most bits one block can code: its DC difference (a code of at most 16
/// bits and 11 more) and 63 AC coefficients (each at most 16 and 10).
const MOST_BITS_A_BLOCK: u64 = 16 + 11 + 63 * (16 + 10);

/// Natural order's place of zigzag position k.
const NATURAL: [usize; 64] = [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20,
    13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59,
    52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

/// Bits of an interval, read from the most significant; past its end, ones (as
/// libjpeg fills a stream cut short after it warns; a damaged interval is found by
/// the caller comparing where it ended).
struct Bits<'a> {
    data: &'a [u8],
    at: usize,
}

impl Bits<'_> {
    fn bit(&mut self) -> i32 {
        let byte = self.data.get(self.at / 8).copied().unwrap_or(0xff);
        let b = (byte >> (7 - self.at % 8)) & 1;
        self.at += 1;
        b as i32
    }

    fn bits(&mut self, n: u32) -> i32 {
        (0..n).fold(0, |v, _| (v << 1) | self.bit())
    }

    /// A symbol of `t`, a bit at a time; None for a code no table has.
    fn symbol(&mut self, t: &Table) -> Option<u8> {
        let mut code = 0;
        for len in 1..=16 {
            code = (code << 1) | self.bit();
            if code <= t.max_code[len] {
                return t
                    .symbols
                    .get((t.first[len] + code - t.min_code[len]) as usize)
                    .copied();
            }
        }
        None
    }
}

/// `s` bits `v` as the signed value they code (JPEG's EXTEND).
fn extend(v: i32, s: u32) -> i32 {
    if s == 0 {
        0
    } else if v < 1 << (s - 1) {
        v - (1 << s) + 1
    } else {
        v
    }
}

/// The scan decoded: each component's blocks (`blocks[c]` across and down, the
/// blocks libjpeg keeps: none of an MCU's padding), 64 quantized coefficients a
/// block in natural order; or why the data is damaged.
pub fn decode(scan: &Scan, blocks: [[u32; 2]; 3]) -> Result<[Vec<i16>; 3], String> {
    let s = scan.frame.subsampling;
    let sampling = [(s.across, s.down), (1, 1), (1, 1)];
    let mut out: [Vec<i16>; 3] = blocks.map(|[w, h]| vec![0i16; w as usize * h as usize * 64]);
    let mut mcu = 0u32;
    for (k, &(start, count)) in scan.intervals.iter().enumerate() {
        let end = scan.intervals.get(k + 1).map_or(scan.data.len(), |i| i.0);
        let mut bits = Bits {
            data: &scan.data[start..end],
            at: 0,
        };
        let mut dc = [0i32; 3];
        for _ in 0..count {
            let (mx, my) = (mcu % scan.mcus[0], mcu / scan.mcus[0]);
            for c in 0..3 {
                let (h, v) = sampling[c];
                let (dc_table, ac_table) = &scan.tables[c];
                for b in 0..h * v {
                    let mut block = [0i16; 64];
                    let size = bits.symbol(dc_table).ok_or("a DC code no table has")? as u32;
                    // 8-bit samples' DC differences take at most 11 bits.
                    if size > 11 {
                        return Err(format!("a DC difference of {size} bits"));
                    }
                    let diff = extend(bits.bits(size), size);
                    dc[c] = dc[c].wrapping_add(diff);
                    block[0] = dc[c] as i16;
                    let mut z = 1;
                    while z < 64 {
                        let rs = bits.symbol(ac_table).ok_or("an AC code no table has")? as u32;
                        let (run, size) = (rs >> 4, rs & 15);
                        if size == 0 {
                            if run != 15 {
                                break;
                            }
                            z += 16;
                            continue;
                        }
                        z += run as usize;
                        if z > 63 {
                            return Err("a run past the block's end".into());
                        }
                        block[NATURAL[z]] = extend(bits.bits(size), size) as i16;
                        z += 1;
                    }
                    let (bx, by) = (mx * h + b % h, my * v + b / h);
                    let [w, ht] = blocks[c];
                    if bx < w && by < ht {
                        let at = (by * w + bx) as usize * 64;
                        out[c][at..at + 64].copy_from_slice(&block);
                    }
                }
            }
            mcu += 1;
        }
        if bits.at > bits.data.len() * 8 {
            return Err(format!("restart interval {k} ends before its MCUs do"));
        }
        if bits.data.len() * 8 - bits.at >= 8 {
            return Err(format!("restart interval {k} has bytes after its MCUs"));
        }
    }
    Ok(out)
}
