//! A baseline JPEG decoded on the GPU from its scan's bytes (issue #74, item 2):
//! shaders/frames/huffman.wgsl entropy-decodes stretches of the scan in parallel,
//! in rounds until every stretch starts where the one before it ended (the
//! self-synchronizing decoding), sums the blocks and DC differences of the
//! stretches before each, then writes each block's coefficients to its place:
//! one submission, no wait for the host between its steps (docs/DECISIONS.md
//! 99). jpeg_finish.rs then does the IDCT, upsampling and colour.
//! src/jpeg_entropy.rs is the CPU twin; a damaged scan, one that does not fall in
//! step within `MOST_ROUNDS`, or a coefficient past an 8-bit picture's is left to
//! the CPU's decoder.
//!
//! Many pictures are decoded in one batch (`from_scans`; laid out by
//! jpeg_batch.rs): their stretches side by side in each dispatch, one wait for
//! all of them a submission. One picture's
//! stretches are a few thousand invocations, its rounds as long as a stretch's
//! decoding, and a wait for the GPU costs more than its rounds: pictures one after
//! another leave a large GPU idle.

use super::device::{Gpu, GpuError};
use super::gpu_image::GpuImage;
use super::jpeg_batch::{batches, Batch};
use super::jpeg_finish::Recording;
use super::owned::{KeptBuffer, Owned};
use super::timing::mark;
use super::timing::PassTimer;
use crate::jpeg_coefficients;
use crate::jpeg_entropy::Scan;
use crate::jpeg_planes::Orientation;
use bytemuck::cast_slice;
use std::sync::Arc;
use wgpu::util::DeviceExt;

/// The spans of a JPEG's decoding a timed one reads (`GpuImage::from_scan`, timed):
/// the sync rounds, the write pass, the IDCT, the planes to pixels.
pub const SCAN_SPANS: [&str; 4] = ["sync", "write", "idct", "planes"];

/// Rounds of synchronization before the scan is left to the CPU. A Huffman code
/// falls in step within a few codes, but a guess's place in the MCU (which
/// component's tables) only by chance: the photos here took 11 to 15 rounds of
/// 1024-bit stretches, 3 of 16384-bit ones.
/// All are encoded: once in step, a round's invocations return at once
/// (huffman.wgsl's `gate`), and it costs far less than a wait for the GPU.
const MOST_ROUNDS: u32 = 64;
/// Stretches a workgroup of huffman.wgsl's `sums`.
const SUM_GROUP: u64 = 256;
/// The entropy decoder: its sync rounds, its sums and its write pass.
const HUFFMAN: (&str, &str) = ("huffman", include_str!("../../shaders/frames/huffman.wgsl"));

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
    /// to be checked (`Unchecked::check`) once counted; each span of its
    /// decoding timed where `timed` and the GPU has timestamps and is not the
    /// CPU's (`Unchecked::times`): what a page says of a dropped JPEG. A CPU
    /// adapter's timestamps are not what its passes took (lavapipe's IDCT of a
    /// photo read 0.1 ms of its 211, Firefox's sync rounds 0.01 ms where
    /// SwiftShader's took 296).
    pub async fn from_scan(
        gpu: &Gpu,
        scan: &Scan,
        turn: Orientation,
        max_texture: u32,
        timed: bool,
    ) -> Result<Unchecked, GpuError> {
        let mut one = GpuImage::from_batch(gpu, &[(scan, turn)], max_texture, timed).await;
        one.pop().expect("one picture, one result")
    }

    /// Baseline JPEGs decoded and finished on the GPU together, each turned as
    /// given: a result each, in their order, to be checked once counted. A
    /// picture refused (too large, damaged) takes no other with it. As many go
    /// in one batch as `batches` says.
    pub async fn from_scans(
        gpu: &Gpu,
        scans: &[(&Scan, Orientation)],
        max_texture: u32,
    ) -> Vec<Result<Unchecked, GpuError>> {
        let mut results = Vec::with_capacity(scans.len());
        for batch in batches(gpu, scans, |(scan, _)| &scan.frame) {
            results.extend(GpuImage::from_batch(gpu, batch, max_texture, false).await);
        }
        results
    }

    /// `from_scans`' pictures whose coefficients fit one binding, their
    /// decoding's spans timed where asked (`timed`) and the GPU has timestamps.
    async fn from_batch(
        gpu: &Gpu,
        scans: &[(&Scan, Orientation)],
        max_texture: u32,
        timed: bool,
    ) -> Vec<Result<Unchecked, GpuError>> {
        let names = || SCAN_SPANS.map(String::from).to_vec();
        let timed = timed && !gpu.is_cpu();
        let timer = timed
            .then(|| PassTimer::new(gpu, names()))
            .flatten()
            .map(Arc::new);
        let only: Vec<&Scan> = scans.iter().map(|(scan, _)| *scan).collect();
        let (batch, decoded, places) = match decode_batch(gpu, &only, timer.as_deref()) {
            Ok(decoded) => decoded,
            Err(e) => return scans.iter().map(|_| Err(e.clone())).collect(),
        };
        let mut results = Vec::with_capacity(scans.len());
        let mut recording = Recording::new(gpu);
        recording.timer = timer.clone();
        for ((scan, turn), place) in scans.iter().zip(places) {
            let placed = match place {
                Ok(at) => &batch.placed[at],
                Err(why) => {
                    results.push(Err(why));
                    continue;
                }
            };
            let frame = &scan.frame;
            let image = GpuImage::from_coefficient_buffer(
                gpu,
                frame,
                placed.dims,
                [
                    (&*decoded.coefficients, placed.first_block),
                    (&decoded.quant, placed.table),
                ],
                *turn,
                max_texture,
                &mut recording,
            );
            results.push(image.map(|image| {
                let flags = empty(
                    gpu,
                    "jpeg read",
                    4,
                    wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                );
                let copies = &mut recording.encoder;
                copies.copy_buffer_to_buffer(&decoded.flags, placed.flag as u64 * 4, &flags, 0, 4);
                Unchecked {
                    image,
                    flags,
                    timer: timer.clone(),
                }
            }));
        }
        if let Some(timer) = &timer {
            timer.encode_read(&mut recording.encoder);
        }
        // Every picture's finish, and its flags to its own read-back buffer, in
        // one submission.
        recording.submit(gpu);
        mark("scan: finished");
        results
    }
}

impl Gpu {
    /// Makes now the pipelines a JPEG decoded from its scan takes, so that a
    /// browser compiles them before the first file comes, not after it (where a
    /// CPU plays the GPU, the page never decodes a scan on it).
    pub fn prepare_jpeg(&self) {
        if self.is_cpu() {
            return;
        }
        for entry in ["sync", "gate", "sums", "carry", "firsts", "write"] {
            self.fixed_pipeline(HUFFMAN, entry);
        }
        self.fixed_pipeline(super::jpeg_finish::IDCT, "cs");
        self.fixed_pipeline(super::planes::PLANES, "cs");
    }
}

/// Each picture's place in a batch, or why the host refused it.
type Places = Vec<Result<usize, GpuError>>;

/// A batch's scans (as `batches` cuts them) laid out and entropy-decoded
/// together: each one's place in `Batch::placed`, or why the host refused it
/// (too large; the GPU's refusals come in its flags); an error only where the
/// batch as a whole fails.
pub(super) fn decode_batch<'a>(
    gpu: &Gpu,
    scans: &[&'a Scan],
    timer: Option<&PassTimer>,
) -> Result<(Batch<'a>, Decoded, Places), GpuError> {
    let mut refused: Vec<Option<GpuError>> = scans
        .iter()
        .map(|scan| {
            let frame = &scan.frame;
            super::jpeg_finish::fits(gpu, frame, jpeg_coefficients::blocks(frame)).err()
        })
        .collect();
    let binding = gpu.limits().max_storage_buffer_binding_size;
    let batch = Batch::new(scans, binding, &mut refused);
    let decoded = batch.decode(gpu, timer)?;
    let mut at = 0;
    let places = refused
        .into_iter()
        .map(|why| match why {
            Some(why) => Err(why),
            None => {
                at += 1;
                Ok(at - 1)
            }
        })
        .collect();
    Ok((batch, decoded, places))
}

/// A batch decoded (its submission made): the coefficients of all, their
/// quantization tables and flags.
pub(super) struct Decoded {
    pub(super) coefficients: KeptBuffer,
    pub(super) quant: Owned<wgpu::Buffer>,
    pub(super) flags: Owned<wgpu::Buffer>,
}

impl Batch<'_> {
    /// Every picture's scan entropy-decoded into the coefficients, in rounds of
    /// one dispatch for all, in one submission; an error only where the batch
    /// as a whole fails.
    fn decode(&self, gpu: &Gpu, timer: Option<&PassTimer>) -> Result<Decoded, GpuError> {
        let device = &gpu.device;
        let n = self.stretches.len() as u64;
        let pictures = self.placed.len() as u64;
        let copy = wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST;
        let rw = wgpu::BufferUsages::STORAGE | copy;
        let flags = empty(gpu, "jpeg flags", (1 + pictures) * 4, rw);
        let quant = storage(gpu, "jpeg quantization", cast_slice(&self.quant), copy);
        // Cleared before the write pass, which writes only the nonzero
        // coefficients (huffman.wgsl's `keep`); kept between batches where large.
        let used = self.blocks * 128;
        let coefficients = gpu.kept.take(device, "jpeg coefficients", used);
        if n == 0 {
            return Ok(Decoded {
                coefficients,
                quant,
                flags,
            });
        }
        let stretch_buffer = storage(gpu, "jpeg stretches", cast_slice(&self.stretches), copy);
        // The scans' bytes copied once, straight into the buffer's mapping.
        let data: Owned<wgpu::Buffer> = device
            .create_buffer(&wgpu::BufferDescriptor {
                label: Some("jpeg scan"),
                size: (self.bytes as u64).max(16),
                usage: wgpu::BufferUsages::STORAGE | copy,
                mapped_at_creation: true,
            })
            .into();
        {
            let mut mapped = data
                .slice(..)
                .get_mapped_range_mut()
                .map_err(|e| GpuError::new(format!("writing the scans to the GPU failed: {e}")))?;
            for &(at, bytes) in &self.data {
                mapped.slice(at..at + bytes.len()).copy_from_slice(bytes);
            }
        }
        data.unmap();
        let table_buffer = storage(gpu, "jpeg huffman", cast_slice(&self.tables), copy);
        let scan_buffer = storage(gpu, "jpeg scans", cast_slice(&self.scans), copy);
        // The first round's (its guesses) and the later rounds'.
        let uniforms: [Owned<wgpu::Buffer>; 2] = [0, 1].map(|round| {
            device
                .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("jpeg rounds"),
                    contents: cast_slice(&[n as u32, round, 0, 0]),
                    usage: wgpu::BufferUsages::UNIFORM,
                })
                .into()
        });
        let starts = empty(gpu, "jpeg starts", n * 8, rw);
        let ends = [
            empty(gpu, "jpeg ends", n * 16, rw),
            empty(gpu, "jpeg ends", n * 16, rw),
        ];
        // Each stretch's sums, then its four checkpoints (huffman.wgsl's `checkpoint`).
        let dc_sums = empty(gpu, "jpeg dc sums", n * 16 * (1 + 4 * 2), rw);
        let groups = n.div_ceil(64) as u32;
        let (wide, high) = grid(groups);
        // 1 while the rounds go on (`gate` ends them once in step).
        let going = storage(gpu, "jpeg rounds going", cast_slice(&[1u32]), copy);
        let sum_groups = n.div_ceil(SUM_GROUP) as u32;
        let prefix = empty(gpu, "jpeg sums", (n + sum_groups as u64) * 16, rw);
        let intervals = storage(gpu, "jpeg intervals", cast_slice(&self.intervals), copy);
        let firsts = empty(gpu, "jpeg first units", n * 16, rw);
        let before = empty(gpu, "jpeg dc before", n * 16, rw);
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
        let sync = gpu.fixed_pipeline(HUFFMAN, "sync");
        // Round r's bindings: the first round's uniform or the others', and the
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
                    (9, &scan_buffer),
                    (10, &going),
                ],
            )
        });
        let gate = gpu.fixed_pipeline(HUFFMAN, "gate");
        let gate_group = bind(&gate, 0, &[(8, &flags), (10, &going)]);
        // Every round in one pass of one submission: the host never waits
        // between them. Once a round changes no start, both `ends` hold the
        // same, and the rounds after it return at once.
        let mut encoder = device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some("sync"),
                timestamp_writes: timer.and_then(|t| t.span(0, true, true)),
            });
            for round in 0..MOST_ROUNDS {
                pass.set_pipeline(&sync);
                let group = if round == 0 {
                    0
                } else {
                    1 + (round as usize + 1) % 2
                };
                pass.set_bind_group(0, &sync_groups[group], &[]);
                pass.dispatch_workgroups(wide, high, 1);
                // The guesses' round counts no start as changed.
                if round > 0 {
                    pass.set_pipeline(&gate);
                    pass.set_bind_group(0, &gate_group, &[]);
                    pass.dispatch_workgroups(1, 1, 1);
                }
            }
        }
        // The blocks and DC differences of the stretches before each, each
        // stretch's first block from them, then each stretch decoded again from
        // its true start into its blocks' places.
        let sums = gpu.fixed_pipeline(HUFFMAN, "sums");
        let carry = gpu.fixed_pipeline(HUFFMAN, "carry");
        let first = gpu.fixed_pipeline(HUFFMAN, "firsts");
        let write = gpu.fixed_pipeline(HUFFMAN, "write");
        let later = &uniforms[1];
        let sums_group = bind(
            &sums,
            0,
            &[(3, later), (6, &ends[0]), (7, &dc_sums), (11, &prefix)],
        );
        let carry_group = bind(&carry, 0, &[(3, later), (11, &prefix)]);
        let first_groups = [
            bind(
                &first,
                0,
                &[
                    (0, &stretch_buffer),
                    (3, later),
                    (6, &ends[0]),
                    (8, &flags),
                    (9, &scan_buffer),
                    (10, &going),
                    (11, &prefix),
                    (12, &intervals),
                ],
            ),
            bind(&first, 1, &[(0, &firsts), (1, &before)]),
        ];
        let write_groups = [
            bind(
                &write,
                0,
                &[
                    (0, &stretch_buffer),
                    (1, &data),
                    (2, &table_buffer),
                    (3, later),
                    (4, &starts),
                    (8, &flags),
                    (9, &scan_buffer),
                ],
            ),
            bind(
                &write,
                1,
                &[(0, &firsts), (1, &before), (2, &coefficients), (3, &quant)],
            ),
        ];
        encoder.clear_buffer(&coefficients, 0, Some(used));
        {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some("write"),
                timestamp_writes: timer.and_then(|t| t.span(1, true, true)),
            });
            pass.set_pipeline(&sums);
            pass.set_bind_group(0, &sums_group, &[]);
            let (sums_wide, sums_high) = grid(sum_groups);
            pass.dispatch_workgroups(sums_wide, sums_high, 1);
            pass.set_pipeline(&carry);
            pass.set_bind_group(0, &carry_group, &[]);
            pass.dispatch_workgroups(1, 1, 1);
            for (pipeline, groups) in [(&first, &first_groups), (&write, &write_groups)] {
                pass.set_pipeline(pipeline);
                pass.set_bind_group(0, &groups[0], &[]);
                pass.set_bind_group(1, &groups[1], &[]);
                pass.dispatch_workgroups(wide, high, 1);
            }
        }
        gpu.queue.submit([encoder.finish()]);
        mark("scan: sent");
        Ok(Decoded {
            coefficients,
            quant,
            flags,
        })
    }
}

/// `groups` workgroups as a dispatch's rows of at most 65535.
fn grid(groups: u32) -> (u32, u32) {
    let wide = groups.clamp(1, 65535);
    (wide, groups.div_ceil(wide))
}

/// A picture decoded from its scan whose write pass's flags are still to be read:
/// the caller counts it first, and the flags come back in the count's wait, not
/// one of their own. Its counts stand only once `check` says the scan was whole.
pub struct Unchecked {
    pub image: GpuImage,
    flags: Owned<wgpu::Buffer>,
    timer: Option<Arc<PassTimer>>,
}

impl Unchecked {
    /// Each span of its decoding (`SCAN_SPANS`) with its milliseconds, where
    /// it was timed (`GpuImage::from_scan`, timed).
    pub async fn times(&self, gpu: &Gpu) -> Result<Option<Vec<(String, Option<f64>)>>, GpuError> {
        match &self.timer {
            Some(timer) => timer.read(gpu).await.map(Some),
            None => Ok(None),
        }
    }

    /// The picture, or why the CPU's decoder should have it instead.
    pub async fn check(self, gpu: &Gpu) -> Result<GpuImage, GpuError> {
        let wrong = gpu.read_words(&self.flags, None).await?;
        mark("scan: checked");
        match flag_error(wrong[0]) {
            Some(why) => Err(why),
            None => Ok(self.image),
        }
    }
}

/// What a picture's flags word after the write pass says is wrong with it.
pub(super) fn flag_error(flags: u32) -> Option<GpuError> {
    if flags & 4 != 0 {
        return Some(GpuError(format!(
            "the scan did not fall in step in {MOST_ROUNDS} rounds"
        )));
    }
    if flags & 1 != 0 {
        return Some(GpuError("the scan is damaged".into()));
    }
    if flags & 8 != 0 {
        return Some(GpuError("the scan ends before its blocks do".into()));
    }
    if flags & 2 != 0 {
        return Some(GpuError(
            "a coefficient past what an 8-bit picture gives".into(),
        ));
    }
    None
}
