//! A baseline JPEG decoded on the GPU from its scan's bytes (issue #74, item 2):
//! shaders/frames/huffman.wgsl entropy-decodes stretches of the scan in parallel,
//! in rounds until every stretch starts where the one before it ended (the
//! self-synchronizing decoding), then writes each block's coefficients to its
//! place; the host sums, between the two, the blocks and DC differences of the
//! stretches before each. jpeg_finish.rs then does the IDCT, upsampling and colour.
//! src/jpeg_entropy.rs is the CPU twin; a damaged scan, one that does not fall in
//! step within `MOST_ROUNDS`, or a coefficient past an 8-bit picture's is left to
//! the CPU's decoder.

use super::device::{Gpu, GpuError, Owned};
use super::gpu_image::GpuImage;
use crate::jpeg_coefficients::{self, Frame};
use crate::jpeg_entropy::{Scan, Table};
use crate::jpeg_planes::Orientation;
use wgpu::util::DeviceExt;

/// Bits a stretch: one invocation's share of the scan.
const STRETCH_BITS: usize = 1024;
/// Rounds of synchronization before the scan is left to the CPU. A Huffman code
/// falls in step within a few codes, but a guess's place in the MCU (which
/// component's tables) only by chance: the photos here took 11 to 15 rounds of
/// 1024-bit stretches, 3 of 16384-bit ones.
const MOST_ROUNDS: u32 = 64;
/// Rounds in the first submission, and in each after (its flags read back once,
/// at its end): a round in which no start changes costs a dispatch, a wait for
/// the GPU far more.
const FIRST_ROUNDS: u32 = 16;
const LATER_ROUNDS: u32 = 8;
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

fn storage(gpu: &Gpu, label: &str, bytes: &[u8], more: wgpu::BufferUsages) -> Owned<wgpu::Buffer> {
    gpu.device
        .create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some(label),
            contents: bytes,
            usage: wgpu::BufferUsages::STORAGE | more,
        })
        .into()
}

fn empty(gpu: &Gpu, label: &str, size: u64, usage: wgpu::BufferUsages) -> Owned<wgpu::Buffer> {
    gpu.device
        .create_buffer(&wgpu::BufferDescriptor {
            label: Some(label),
            size: size.max(16),
            usage,
            mapped_at_creation: false,
        })
        .into()
}

impl GpuImage {
    /// The baseline JPEG whose `scan` is given, decoded and finished on the GPU,
    /// to be checked (`Unchecked::check`) once counted.
    pub async fn from_scan(
        gpu: &Gpu,
        scan: &Scan,
        turn: Orientation,
        max_texture: u32,
    ) -> Result<Unchecked, GpuError> {
        let frame: &Frame = &scan.frame;
        let dims = jpeg_coefficients::blocks(frame);
        super::jpeg_finish::fits(gpu, frame, dims)?;
        let device = &gpu.device;
        // The scan's words, the first byte highest; the stretches of each interval.
        // Packed straight from the scan (no copy of it first); the last word
        // padded with ones, and a word of ones after it, as past the data.
        let words: Vec<u32> = scan
            .data
            .chunks(4)
            .map(|w| {
                let mut word = [0xff; 4];
                word[..w.len()].copy_from_slice(w);
                u32::from_be_bytes(word)
            })
            .chain([u32::MAX])
            .collect();
        let s = frame.subsampling;
        let units = s.across * s.down + 2;
        let mut stretches: Vec<[u32; 4]> = Vec::new();
        // Each interval's first unit and units, and its stretches.
        let mut intervals = Vec::new();
        let mut first_mcu = 0u32;
        for (k, &(start, mcus)) in scan.intervals.iter().enumerate() {
            let end = scan.intervals.get(k + 1).map_or(scan.data.len(), |i| i.0);
            let first = stretches.len();
            let (from, to) = (start * 8, end * 8);
            let mut at = from;
            loop {
                let next = (at + STRETCH_BITS).min(to);
                stretches.push([at as u32, next as u32, (at == from) as u32, k as u32]);
                at = next;
                if at >= to {
                    break;
                }
            }
            intervals.push((
                first_mcu * units,
                mcus * units,
                to as u32,
                first..stretches.len(),
            ));
            first_mcu += mcus;
        }
        let n = stretches.len() as u64;
        let mut tables = vec![0i32; 8 * TABLE_WORDS];
        let mut slots = [[0u32; 4]; 2];
        for (c, (dc, ac)) in scan.tables.iter().enumerate() {
            // A table a slot of its own: component c's DC in slot c, its AC in 4 + c.
            table_words(dc, &mut tables[c * TABLE_WORDS..(c + 1) * TABLE_WORDS]);
            table_words(
                ac,
                &mut tables[(4 + c) * TABLE_WORDS..(5 + c) * TABLE_WORDS],
            );
            slots[0][c] = c as u32;
            slots[1][c] = 4 + c as u32;
        }
        let uniform_words = |round: u32| -> Vec<u32> {
            let mut u = vec![n as u32, units, s.across, s.across * s.down];
            u.extend(slots[0]);
            u.extend(slots[1]);
            u.extend([dims[0][0], dims[1][0], dims[2][0], 0]);
            u.extend([dims[0][1], dims[1][1], dims[2][1], 0]);
            u.extend([scan.mcus[0], round, words.len() as u32, 0]);
            u
        };
        let copy = wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST;
        let stretch_buffer = storage(
            gpu,
            "jpeg stretches",
            bytemuck::cast_slice(&stretches),
            copy,
        );
        let data = storage(gpu, "jpeg scan", bytemuck::cast_slice(&words), copy);
        let table_buffer = storage(gpu, "jpeg huffman", bytemuck::cast_slice(&tables), copy);
        // The first round's layout (its guesses) and the later rounds'.
        let uniforms: [Owned<wgpu::Buffer>; 2] = [0, 1].map(|round| {
            device
                .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("jpeg scan layout"),
                    contents: bytemuck::cast_slice(&uniform_words(round)),
                    usage: wgpu::BufferUsages::UNIFORM,
                })
                .into()
        });
        let rw = wgpu::BufferUsages::STORAGE | copy;
        let starts = empty(gpu, "jpeg starts", n * 8, rw);
        let ends = [
            empty(gpu, "jpeg ends", n * 16, rw),
            empty(gpu, "jpeg ends", n * 16, rw),
        ];
        let dc_sums = empty(gpu, "jpeg dc sums", n * 16, rw);
        let flags = empty(gpu, "jpeg flags", 8, rw);
        let read = |size: u64| {
            empty(
                gpu,
                "jpeg read",
                size,
                wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            )
        };
        const HUFFMAN: (&str, &str) =
            ("huffman", include_str!("../../shaders/frames/huffman.wgsl"));
        let sync = gpu.fixed_pipeline(HUFFMAN, "sync", &[]);
        let groups = n.div_ceil(64) as u32;
        let wide = groups.clamp(1, 65535);
        let high = groups.div_ceil(wide);
        let bind =
            |pipeline: &wgpu::ComputePipeline, group: u32, buffers: &[(u32, &wgpu::Buffer)]| {
                device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: Some("huffman"),
                    layout: &pipeline.get_bind_group_layout(group),
                    entries: &buffers
                        .iter()
                        .map(|&(binding, b)| wgpu::BindGroupEntry {
                            binding,
                            resource: b.as_entire_binding(),
                        })
                        .collect::<Vec<_>>(),
                })
            };
        // Round r's bindings: the first round's layout or the others', and the
        // ends it reads (the round before's) and writes.
        let sync_groups = [(0, 0), (1, 1), (1, 0)].map(|(layout, r)| {
            bind(
                &sync,
                0,
                &[
                    (0, &stretch_buffer),
                    (1, &data),
                    (2, &table_buffer),
                    (3, &uniforms[layout]),
                    (4, &starts),
                    (5, &ends[(r + 1) % 2]),
                    (6, &ends[r]),
                    (7, &dc_sums),
                    (8, &flags),
                ],
            )
        });
        let group_of = |round: u32| {
            &sync_groups[if round == 0 {
                0
            } else {
                1 + (round as usize + 1) % 2
            }]
        };
        // Rounds until no stretch's start changes: FIRST_ROUNDS in the first
        // submission, LATER_ROUNDS in each after, the counter of changed starts
        // cleared before each submission's last and read after it.
        // Each submission's counter, the ends its last round reached and the DC
        // sums, read back at once: a wait for each submission, no more.
        let state_read = read(16 + n * 32);
        let mut round = 0;
        let state = loop {
            let batch = if round == 0 {
                FIRST_ROUNDS
            } else {
                LATER_ROUNDS
            };
            let mut encoder = device.create_command_encoder(&Default::default());
            for k in 0..batch {
                if k == batch - 1 {
                    encoder.clear_buffer(&flags, 0, None);
                }
                let mut pass = encoder.begin_compute_pass(&Default::default());
                pass.set_pipeline(&sync);
                pass.set_bind_group(0, group_of(round + k), &[]);
                pass.dispatch_workgroups(wide, high, 1);
            }
            round += batch;
            // The last round wrote its ends to ends[(round - 1) % 2].
            let last = &ends[(round as usize - 1) % 2];
            encoder.copy_buffer_to_buffer(&flags, 0, &state_read, 0, 8);
            encoder.copy_buffer_to_buffer(last, 0, &state_read, 16, n * 16);
            encoder.copy_buffer_to_buffer(&dc_sums, 0, &state_read, 16 + n * 16, n * 16);
            gpu.queue.submit([encoder.finish()]);
            let state = read_words(gpu, &state_read).await?;
            if state[0] == 0 {
                break state;
            }
            if round >= MOST_ROUNDS {
                return Err(GpuError(format!(
                    "the scan did not fall in step in {MOST_ROUNDS} rounds"
                )));
            }
        };
        // The blocks and DC differences of the stretches before each, an interval at a time.
        let reached = &state[4..4 + n as usize * 4];
        let sums: &[i32] = bytemuck::cast_slice(&state[4 + n as usize * 4..]);
        let mut first_units = vec![[0u32; 4]; n as usize];
        let mut dc_before = vec![[0i32; 4]; n as usize];
        for (first_unit, count, end_bit, range) in intervals {
            let (mut unit, mut dc) = (first_unit, [0i32; 4]);
            for t in range.clone() {
                let [_, _, blocks, damaged] = reached[t * 4..t * 4 + 4] else {
                    unreachable!()
                };
                first_units[t] = [unit, first_unit + count, end_bit, 0];
                dc_before[t] = dc;
                let done = unit - first_unit + blocks >= count;
                if damaged != 0 && !done {
                    return Err(GpuError("the scan is damaged".into()));
                }
                unit += blocks;
                for (d, s) in dc.iter_mut().zip(&sums[t * 4..t * 4 + 4]) {
                    *d = d.wrapping_add(*s);
                }
            }
            if unit - first_unit < count {
                return Err(GpuError("the scan ends before its blocks do".into()));
            }
        }
        let write = gpu.fixed_pipeline(HUFFMAN, "write", &[]);
        let total: u64 = dims.iter().map(|d| d[0] as u64 * d[1] as u64).sum();
        let coefficients = empty(
            gpu,
            "jpeg coefficients",
            total * 128,
            wgpu::BufferUsages::STORAGE,
        );
        let quant: Vec<u32> = frame.quant.iter().flatten().map(|&q| q as u32).collect();
        let quant = storage(gpu, "jpeg quantization", bytemuck::cast_slice(&quant), copy);
        let firsts = storage(
            gpu,
            "jpeg first units",
            bytemuck::cast_slice(&first_units),
            copy,
        );
        let before = storage(
            gpu,
            "jpeg dc before",
            bytemuck::cast_slice(&dc_before),
            copy,
        );
        let plane_starts: Owned<wgpu::Buffer> = device
            .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("jpeg plane starts"),
                contents: bytemuck::cast_slice(&[
                    0,
                    dims[0][0] * dims[0][1],
                    dims[0][0] * dims[0][1] + dims[1][0] * dims[1][1],
                    0u32,
                ]),
                usage: wgpu::BufferUsages::UNIFORM,
            })
            .into();
        let g0 = bind(
            &write,
            0,
            &[
                (0, &stretch_buffer),
                (1, &data),
                (2, &table_buffer),
                (3, &uniforms[1]),
                (4, &starts),
                (8, &flags),
            ],
        );
        let g1 = bind(
            &write,
            1,
            &[
                (0, &firsts),
                (1, &before),
                (2, &coefficients),
                (3, &quant),
                (4, &plane_starts),
            ],
        );
        gpu.queue.write_buffer(&flags, 0, &[0; 8]);
        let mut encoder = device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&write);
            pass.set_bind_group(0, &g0, &[]);
            pass.set_bind_group(1, &g1, &[]);
            pass.dispatch_workgroups(wide, high, 1);
        }
        let flags_read = read(8);
        encoder.copy_buffer_to_buffer(&flags, 0, &flags_read, 0, 8);
        gpu.queue.submit([encoder.finish()]);
        let image =
            GpuImage::from_coefficient_buffer(gpu, frame, dims, &coefficients, turn, max_texture)?;
        Ok(Unchecked {
            image,
            flags: flags_read,
        })
    }
}

/// A picture decoded from its scan whose write pass's flags are still to be read:
/// the caller counts it first, and the flags come back in the count's wait, not
/// one of their own. Its counts stand only once `check` says the scan was whole.
pub struct Unchecked {
    pub image: GpuImage,
    flags: Owned<wgpu::Buffer>,
}

impl Unchecked {
    /// The picture, or why the CPU's decoder should have it instead.
    pub async fn check(self, gpu: &Gpu) -> Result<GpuImage, GpuError> {
        let wrong = read_words(gpu, &self.flags).await?;
        if wrong[1] & 1 != 0 {
            return Err(GpuError("the scan is damaged".into()));
        }
        if wrong[1] & 2 != 0 {
            return Err(GpuError(
                "a coefficient past what an 8-bit picture gives".into(),
            ));
        }
        Ok(self.image)
    }
}

/// A MAP_READ buffer's words, once the GPU is done with it.
async fn read_words(gpu: &Gpu, buffer: &wgpu::Buffer) -> Result<Vec<u32>, GpuError> {
    Ok(bytemuck::cast_slice(&gpu.read_buffer(buffer).await?).to_vec())
}
