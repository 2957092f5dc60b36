//! How long a pass takes on the GPU: its timestamp queries, and the warm-up that
//! keeps the GPU at its working clocks before it is timed.

use super::device::{now_ms, Gpu, GpuError, Owned};

/// How long a run took.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Timing {
    /// The compute pass, from timestamp queries, when the device has them.
    pub gpu_ms: Option<f64>,
    /// Submit to results back on the CPU.
    pub wall_ms: f64,
}

/// A pass's begin and end timestamps, when the device has timestamp queries.
pub(super) struct Queries {
    set: wgpu::QuerySet,
    resolve: Owned<wgpu::Buffer>,
}

impl Queries {
    pub(super) fn new(gpu: &Gpu) -> Option<Queries> {
        gpu.timestamps.then(|| Queries {
            set: gpu.device.create_query_set(&wgpu::QuerySetDescriptor {
                label: Some("pass time"),
                ty: wgpu::QueryType::Timestamp,
                count: 2,
            }),
            resolve: gpu
                .device
                .create_buffer(&wgpu::BufferDescriptor {
                    label: Some("timestamps"),
                    size: 16,
                    usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
                    mapped_at_creation: false,
                })
                .into(),
        })
    }

    /// For a compute pass's `timestamp_writes`.
    pub(super) fn writes(&self) -> wgpu::ComputePassTimestampWrites<'_> {
        wgpu::ComputePassTimestampWrites {
            query_set: &self.set,
            beginning_of_pass_write_index: Some(0),
            end_of_pass_write_index: Some(1),
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

    /// Copies the two timestamps (16 bytes) into `buffer` at `offset`.
    pub(super) fn encode_copy(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        buffer: &wgpu::Buffer,
        offset: u64,
    ) {
        encoder.resolve_query_set(&self.set, 0..2, &self.resolve, 0);
        encoder.copy_buffer_to_buffer(&self.resolve, 0, buffer, offset, 16);
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
/// `period` is the queue's nanoseconds per tick.
pub fn pass_ms(period: f32, timestamps: &[u8]) -> Option<f64> {
    let tick = |i: usize| u64::from_le_bytes(timestamps[i * 8..i * 8 + 8].try_into().unwrap());
    let (begin, end) = (tick(0), tick(1));
    (end > begin).then(|| (end - begin) as f64 * period as f64 / 1e6)
}
