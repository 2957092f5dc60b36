//! How long a pass takes on the GPU: its timestamp queries, and the warm-up that
//! keeps the GPU at its working clocks before it is timed.

use super::device::{Gpu, GpuError};
use super::owned::Owned;

/// Milliseconds from an arbitrary start, for wall-clock timing on both targets.
pub fn now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.performance())
            .map_or(0.0, |p| p.now())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        use std::time::Instant;
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
    }
}

/// A mark on the page's timeline, where bench/gpu-browser reads each stage of a
/// read; nothing natively.
pub fn mark(name: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        let _ = performance.mark(name);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = name;
}

/// How long a run took.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Timing {
    /// The compute pass, from timestamp queries, when the device has them.
    pub gpu_ms: Option<f64>,
    /// Submit to results back on the CPU.
    pub wall_ms: f64,
}

/// Each pass's begin and end timestamps, when the device has timestamp queries.
pub(super) struct Queries {
    set: wgpu::QuerySet,
    resolve: Owned<wgpu::Buffer>,
    passes: u32,
}

impl Queries {
    /// Queries for one pass.
    pub(super) fn new(gpu: &Gpu) -> Option<Queries> {
        Queries::for_passes(gpu, 1)
    }

    /// Queries for `passes` passes, each timed on its own.
    pub(super) fn for_passes(gpu: &Gpu, passes: u32) -> Option<Queries> {
        gpu.timestamps.then(|| Queries {
            set: gpu.device.create_query_set(&wgpu::QuerySetDescriptor {
                label: Some("pass times"),
                ty: wgpu::QueryType::Timestamp,
                count: 2 * passes,
            }),
            resolve: gpu
                .device
                .create_buffer(&wgpu::BufferDescriptor {
                    label: Some("timestamps"),
                    size: 16 * passes as u64,
                    usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
                    mapped_at_creation: false,
                })
                .into(),
            passes,
        })
    }

    /// Bytes the timestamps take in a readback: 16 a pass.
    pub(super) fn bytes(&self) -> u64 {
        16 * self.passes as u64
    }

    /// For a compute pass's `timestamp_writes`.
    pub(super) fn writes(&self) -> wgpu::ComputePassTimestampWrites<'_> {
        self.writes_of(0)
    }

    /// For the `pass`-th compute pass's `timestamp_writes`.
    pub(super) fn writes_of(&self, pass: u32) -> wgpu::ComputePassTimestampWrites<'_> {
        wgpu::ComputePassTimestampWrites {
            query_set: &self.set,
            beginning_of_pass_write_index: Some(2 * pass),
            end_of_pass_write_index: Some(2 * pass + 1),
        }
    }

    /// For a render pass's `timestamp_writes`.
    pub(super) fn render_writes(&self) -> wgpu::RenderPassTimestampWrites<'_> {
        wgpu::RenderPassTimestampWrites {
            query_set: &self.set,
            beginning_of_pass_write_index: Some(0),
            end_of_pass_write_index: Some(1),
        }
    }

    /// Copies every pass's two timestamps (`bytes()`) into `buffer` at `offset`.
    pub(super) fn encode_copy(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        buffer: &wgpu::Buffer,
        offset: u64,
    ) {
        encoder.resolve_query_set(&self.set, 0..2 * self.passes, &self.resolve, 0);
        encoder.copy_buffer_to_buffer(&self.resolve, 0, buffer, offset, self.bytes());
    }

    /// Copies the first pass's begin and the last pass's end (16 bytes: the span of
    /// every pass, what lies between them included) into `buffer` at `offset`.
    pub(super) fn encode_span(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        buffer: &wgpu::Buffer,
        offset: u64,
    ) {
        encoder.resolve_query_set(&self.set, 0..2 * self.passes, &self.resolve, 0);
        encoder.copy_buffer_to_buffer(&self.resolve, 0, buffer, offset, 8);
        let end = self.bytes() - 8;
        encoder.copy_buffer_to_buffer(&self.resolve, end, buffer, offset + 8, 8);
    }
}

/// Named passes timed by timestamp queries (the drawing's scale pass and each
/// canvas's render pass), read back after their submission.
pub struct PassTimer {
    queries: Queries,
    readback: Owned<wgpu::Buffer>,
    names: Vec<String>,
}

impl PassTimer {
    /// A timer for passes of these names; None where the device has no timestamps.
    pub fn new(gpu: &Gpu, names: Vec<String>) -> Option<PassTimer> {
        let queries = Queries::for_passes(gpu, names.len() as u32)?;
        let readback = gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("pass times"),
            size: queries.bytes(),
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        Some(PassTimer {
            queries,
            readback: readback.into(),
            names,
        })
    }

    /// The `pass`-th pass's writes, for a compute pass.
    pub fn compute(&self, pass: u32) -> wgpu::ComputePassTimestampWrites<'_> {
        self.queries.writes_of(pass)
    }

    /// A compute pass's writes where it opens (`begin`) or closes (`end`) the
    /// `pass`-th span: a span of several passes, in one submission or several.
    pub fn span(
        &self,
        pass: u32,
        begin: bool,
        end: bool,
    ) -> Option<wgpu::ComputePassTimestampWrites<'_>> {
        (begin || end).then(|| wgpu::ComputePassTimestampWrites {
            query_set: &self.queries.set,
            beginning_of_pass_write_index: begin.then_some(2 * pass),
            end_of_pass_write_index: end.then_some(2 * pass + 1),
        })
    }

    /// The `pass`-th pass's query set and first index, for a render pass
    /// (`draw_into`).
    pub fn render(&self, pass: u32) -> (&wgpu::QuerySet, u32) {
        (&self.queries.set, 2 * pass)
    }

    /// Resolves every pass's timestamps for `read`, after the passes.
    pub fn encode_read(&self, encoder: &mut wgpu::CommandEncoder) {
        self.queries.encode_copy(encoder, &self.readback, 0);
    }

    /// Each pass by name with its milliseconds, once the submission is done.
    pub async fn read(&self, gpu: &Gpu) -> Result<Vec<(String, Option<f64>)>, GpuError> {
        let bytes = gpu.read_buffer(&self.readback).await?;
        let period = gpu.queue.get_timestamp_period();
        Ok(self
            .names
            .iter()
            .enumerate()
            .map(|(p, name)| (name.clone(), pass_ms(period, &bytes[16 * p..16 * p + 16])))
            .collect())
    }
}

/// Submits `encode`'s pass back to back for `duration_ms` (see `Run::keep_busy`);
/// `pass_ms` is one pass's time.
pub async fn keep_busy(
    gpu: &Gpu,
    pass_ms: f64,
    duration_ms: f64,
    encode: impl Fn(&mut wgpu::CommandEncoder),
) -> Result<(), GpuError> {
    if pass_ms >= duration_ms {
        return Ok(());
    }
    let start = now_ms();
    let batch = (20.0 / pass_ms.max(0.001)).clamp(1.0, 256.0) as usize;
    let mut queued = std::collections::VecDeque::new();
    while now_ms() - start < duration_ms {
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        for _ in 0..batch {
            encode(&mut encoder);
        }
        queued.push_back(gpu.submit(encoder.finish()));
        // Two batches in flight: the GPU never waits, the CPU never runs ahead.
        if queued.len() > 2 {
            queued.pop_front().expect("three queued").await?;
        }
    }
    for done in queued {
        done.await?;
    }
    Ok(())
}

/// Milliseconds between two resolved timestamps (16 bytes: begin, end), if sane;
/// `period` is the queue's nanoseconds per tick. A browser quantizes timestamps
/// (Chromium to 100 µs unless a developer flag is set): a pass shorter than that
/// may read as none.
pub fn pass_ms(period: f32, timestamps: &[u8]) -> Option<f64> {
    let tick = |i: usize| u64::from_le_bytes(timestamps[i * 8..i * 8 + 8].try_into().unwrap());
    let (begin, end) = (tick(0), tick(1));
    (end > begin).then(|| (end - begin) as f64 * period as f64 / 1e6)
}
