//! The pictures of a batch of baseline JPEGs laid out as shaders/frames/
//! huffman.wgsl reads them (jpeg_decode.rs decodes them): their scans' bytes one
//! after another, each cut into stretches that name their picture, its tables,
//! quantization and place in the coefficients.

use super::device::{Gpu, GpuError};
use super::jpeg_finish::coefficient_bytes;
use crate::jpeg_coefficients::{self, Frame};
use crate::jpeg_entropy::{Scan, Table};

/// Bits a stretch, one invocation's share of the scan: the longest of these
/// that leaves a batch `FEWEST_STRETCHES` or more, else the shortest. Longer
/// stretches fall in step in fewer rounds: on the H100 a batch of 21 photos was
/// decoded and counted in 0.87 ms a photo with stretches of 4096 bits (33 000 of
/// them), 1.03 with 2048, 1.42 with 1024 (DECISIONS 85); a batch of shorter
/// scans (a 3-megapixel photo or a few) keeps 1024, its GPU far from full.
const STRETCH_BITS: [usize; 3] = [4096, 2048, 1024];
const FEWEST_STRETCHES: usize = 8192;

/// Most bytes of coefficients a batch holds (two bytes each, 64 a block).
const BATCH_BYTES: u64 = 256 << 20;

/// Most bytes of coefficients a batch holds on `gpu`: `BATCH_BYTES`, or one
/// binding where the GPU binds less (lavapipe binds 128 MiB).
fn batch_bytes(gpu: &Gpu) -> u64 {
    gpu.limits()
        .max_storage_buffer_binding_size
        .min(BATCH_BYTES)
}
/// Words a table takes in huffman.wgsl's `tables`.
const TABLE_WORDS: usize = 512 + 51 + 256;

/// A table as huffman.wgsl reads it: a 9-bit lookup, then the canonical
/// arrays, then the symbols.
fn table_words(t: &Table, out: &mut [i32]) {
    for len in 1..=9usize {
        if t.max_code[len] < 0 {
            continue;
        }
        for code in t.min_code[len]..=t.max_code[len] {
            let symbol = t.symbols[(t.first[len] + code - t.min_code[len]) as usize] as i32;
            let from = (code as usize) << (9 - len);
            for e in &mut out[from..from + (1 << (9 - len))] {
                *e = ((len as i32) << 8) | symbol;
            }
        }
    }
    out[512..529].copy_from_slice(&t.max_code);
    out[529..546].copy_from_slice(&t.min_code);
    out[546..563].copy_from_slice(&t.first);
    for (o, &s) in out[563..].iter_mut().zip(&t.symbols) {
        *o = s as i32;
    }
}

/// Most pictures a batch: the IDCT's dispatch has a row of workgroups for each
/// of their components, at most 65535.
const MOST_PICTURES: usize = 16384;

/// `items` (pictures, or what holds them: `frame` says which picture) cut into
/// the batches `gpu` decodes, in order; every surface that batches asks this.
pub fn batches<'a, T>(
    gpu: &Gpu,
    mut items: &'a [T],
    frame: impl Fn(&T) -> &Frame,
) -> impl Iterator<Item = &'a [T]> {
    let limit = batch_bytes(gpu);
    std::iter::from_fn(move || {
        let take = batch_len(items.iter().map(&frame), limit).min(items.len());
        let (batch, rest) = items.split_at(take);
        items = rest;
        (!batch.is_empty()).then_some(batch)
    })
}

/// How many of `frames`, from the first, are decoded in one batch: as many as
/// their coefficients fit in `limit` bytes, each picture's aligned to a
/// binding's 256 bytes; at least one.
fn batch_len<'a>(frames: impl Iterator<Item = &'a Frame>, limit: u64) -> usize {
    let mut bytes = 0;
    frames
        .take(MOST_PICTURES)
        .take_while(|frame| {
            bytes += coefficient_bytes(jpeg_coefficients::blocks(frame)) + 128;
            bytes <= limit
        })
        .count()
        .max(1)
}

/// A picture's place in a batch.
pub(super) struct Placed {
    /// Its flags' word in `flags` (1 on: the counter of changed starts is 0).
    pub(super) flag: u32,
    pub(super) dims: [[u32; 2]; 3],
    /// Where its blocks start in the coefficients (even: 256 bytes, a binding's alignment).
    pub(super) first_block: u32,
    /// Its first quantization table (of 64 words) in the batch's.
    pub(super) table: u32,
}

/// The pictures of a batch laid out as huffman.wgsl reads them.
pub(super) struct Batch<'a> {
    pub(super) placed: Vec<Placed>,
    /// Each scan's data and the byte it starts at (a word's first).
    pub(super) data: Vec<(usize, &'a [u8])>,
    pub(super) bytes: usize,
    pub(super) stretches: Vec<[u32; 4]>,
    /// Each stretch's restart interval: its first unit, the unit and the bit it
    /// ends before, its first stretch.
    pub(super) intervals: Vec<[u32; 4]>,
    pub(super) tables: Vec<i32>,
    pub(super) quant: Vec<u32>,
    pub(super) scans: Vec<u32>,
    pub(super) blocks: u64,
    /// Its stretches' length (`STRETCH_BITS`).
    stretch_bits: usize,
}

impl<'a> Batch<'a> {
    /// The pictures not `refused`, laid out; one whose bits would pass a u32's
    /// count in the batch, or its bytes the `binding`, is refused too.
    pub(super) fn new(
        scans: &[&'a Scan],
        binding: u64,
        refused: &mut [Option<GpuError>],
    ) -> Batch<'a> {
        let mut batch = Batch {
            placed: Vec::new(),
            data: Vec::new(),
            bytes: 0,
            stretches: Vec::new(),
            intervals: Vec::new(),
            tables: Vec::new(),
            quant: Vec::new(),
            scans: Vec::new(),
            blocks: 0,
            stretch_bits: 0,
        };
        let bits: usize = (scans.iter().zip(refused.iter()))
            .filter(|(_, why)| why.is_none())
            .map(|(scan, _)| scan.data.len() * 8)
            .sum();
        let shortest = STRETCH_BITS[STRETCH_BITS.len() - 1];
        let fills = |&b: &usize| bits / b >= FEWEST_STRETCHES;
        batch.stretch_bits = STRETCH_BITS.into_iter().find(fills).unwrap_or(shortest);
        for (i, scan) in scans.iter().enumerate() {
            if refused[i].is_some() {
                continue;
            }
            let end = (batch.bytes + scan.data.len() + 8) as u64;
            if end * 8 > u32::MAX as u64 || end > binding {
                refused[i] = Some(GpuError("the scan is too long for one batch".into()));
                continue;
            }
            batch.place(scan);
        }
        batch
    }

    fn place(&mut self, scan: &'a Scan) {
        let frame: &Frame = &scan.frame;
        let dims = jpeg_coefficients::blocks(frame);
        let flag = self.placed.len() as u32 + 1;
        let base = self.bytes * 8;
        self.data.push((self.bytes, &scan.data));
        let end = (self.bytes + scan.data.len()) as u32;
        self.bytes = (end as usize).next_multiple_of(4);
        let s = frame.subsampling;
        let units = s.across * s.down + 2;
        let mut first_mcu = 0u32;
        for (k, &(start, mcus)) in scan.intervals.iter().enumerate() {
            let end = scan.intervals.get(k + 1).map_or(scan.data.len(), |i| i.0);
            let first = self.stretches.len();
            let (from, to) = (base + start * 8, base + end * 8);
            let mut at = from;
            loop {
                let next = (at + self.stretch_bits).min(to);
                let starts = (at == from) as u32;
                self.stretches
                    .push([at as u32, next as u32, starts, flag - 1]);
                at = next;
                if at >= to {
                    break;
                }
            }
            let interval = [
                first_mcu * units,
                (first_mcu + mcus) * units,
                to as u32,
                first as u32,
            ];
            self.intervals.resize(self.stretches.len(), interval);
            first_mcu += mcus;
        }
        // A table a slot of its own: component c's DC in slot c, its AC in 4 + c.
        let slot = self.tables.len() as u32 / TABLE_WORDS as u32;
        self.tables.resize(self.tables.len() + 8 * TABLE_WORDS, 0);
        let tables = &mut self.tables[slot as usize * TABLE_WORDS..];
        let mut slots = [[0u32; 4]; 2];
        for (c, (dc, ac)) in scan.tables.iter().enumerate() {
            table_words(dc, &mut tables[c * TABLE_WORDS..(c + 1) * TABLE_WORDS]);
            table_words(
                ac,
                &mut tables[(4 + c) * TABLE_WORDS..(5 + c) * TABLE_WORDS],
            );
            slots[0][c] = slot + c as u32;
            slots[1][c] = slot + 4 + c as u32;
        }
        let quant_at = self.quant.len() as u32;
        self.quant
            .extend(frame.quant.iter().flatten().map(|&q| q as u32));
        let first_block = self.blocks.next_multiple_of(2);
        let count = |c: usize| dims[c][0] * dims[c][1];
        let first = first_block as u32;
        self.blocks = first_block + (0..3).map(|c| count(c) as u64).sum::<u64>();
        self.scans
            .extend([flag, units, s.across, s.across * s.down]);
        self.scans.extend(slots[0]);
        self.scans.extend(slots[1]);
        self.scans.extend([dims[0][0], dims[1][0], dims[2][0], 0]);
        self.scans.extend([dims[0][1], dims[1][1], dims[2][1], 0]);
        self.scans.extend([scan.mcus[0], quant_at, end, 0]);
        self.scans
            .extend([first, first + count(0), first + count(0) + count(1), 0]);
        self.placed.push(Placed {
            flag,
            dims,
            first_block: first,
            table: quant_at / 64,
        });
    }
}
