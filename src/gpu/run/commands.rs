//! A run's commands: its passes (timed), the same a dispatch at a time (the kernel
//! lab's, to be given up between two), and the copies that read it back.

use super::super::device::{Gpu, GpuError};
use super::super::timing::{keep_busy, Queries};
use super::Run;
use std::cell::Cell;

pub(super) struct Dispatch {
    pub(super) work: Work,
    pub(super) bind_group: wgpu::BindGroup,
}

impl Dispatch {
    /// Records a compute dispatch in `pass` (a draw is recorded by `encode_draws`).
    fn dispatch(&self, pass: &mut wgpu::ComputePass) {
        if let Work::Compute {
            pipeline,
            workgroups,
        } = &self.work
        {
            pass.set_pipeline(pipeline);
            pass.set_bind_group(0, &self.bind_group, &[]);
            let [x, y, z] = workgroups.get();
            pass.dispatch_workgroups(x, y, z);
        }
    }
}

pub(super) enum Work {
    Compute {
        pipeline: wgpu::ComputePipeline,
        workgroups: Cell<[u32; 3]>,
    },
    /// A band counted by fragments: a triangle over a viewport of the band's size.
    Draw {
        pipeline: wgpu::RenderPipeline,
        size: [u32; 2],
    },
}

impl Run {
    /// Records the method: clear the bins, then every dispatch (or draw) in one
    /// timed pass.
    pub fn encode(&self, encoder: &mut wgpu::CommandEncoder) {
        encoder.clear_buffer(&self.bins, 0, None);
        if self.target.is_some() {
            let timestamps = self.queries.as_ref().map(Queries::render_writes);
            return self.encode_draws(encoder, &self.dispatches, timestamps);
        }
        for (p, (name, range)) in self.passes.iter().enumerate() {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some(name),
                timestamp_writes: self.queries.as_ref().map(|q| q.writes_of(p as u32)),
            });
            for d in &self.dispatches[range.clone()] {
                d.dispatch(&mut pass);
            }
        }
    }

    /// How many parts `encode_part` cuts the run into: a dispatch (or a draw) each.
    pub fn parts(&self) -> usize {
        self.dispatches.len()
    }

    /// The run's `part`th dispatch alone, untimed (the first clears the bins): the
    /// kernel lab submits a visitor's text so, to be able to give up between two,
    /// since nothing interrupts a GPU inside one.
    pub fn encode_part(&self, encoder: &mut wgpu::CommandEncoder, part: usize) {
        if part == 0 {
            encoder.clear_buffer(&self.bins, 0, None);
        }
        let d = &self.dispatches[part..=part];
        if self.target.is_some() {
            return self.encode_draws(encoder, d, None);
        }
        d[0].dispatch(&mut encoder.begin_compute_pass(&Default::default()));
    }

    /// `dispatches` of a method counted by fragments: one render pass, a triangle a band.
    fn encode_draws(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        dispatches: &[Dispatch],
        timestamp_writes: Option<wgpu::RenderPassTimestampWrites>,
    ) {
        let (_, target) = self.target.as_ref().expect("a run of draws has a target");
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("histogram"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: target,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT),
                    store: wgpu::StoreOp::Discard,
                },
            })],
            timestamp_writes,
            ..Default::default()
        });
        for d in dispatches {
            if let Work::Draw { pipeline, size } = &d.work {
                pass.set_pipeline(pipeline);
                pass.set_bind_group(0, &d.bind_group, &[]);
                pass.set_viewport(0.0, 0.0, size[0] as f32, size[1] as f32, 0.0, 1.0);
                pass.draw(0..3, 0..1);
            }
        }
    }

    /// Copies the bins and the pass's timestamps to the readback buffer.
    pub fn encode_readback(&self, encoder: &mut wgpu::CommandEncoder) {
        self.encode_copy(encoder, true);
    }

    /// Copies the bins alone, after a run in parts (`encode_part`), whose
    /// passes wrote no timestamps: `read` then gives no times.
    pub fn encode_untimed_readback(&self, encoder: &mut wgpu::CommandEncoder) {
        self.encode_copy(encoder, false);
    }

    fn encode_copy(&self, encoder: &mut wgpu::CommandEncoder, timed: bool) {
        self.reading.set(true);
        self.timed.set(timed);
        let bins_bytes = self.bins.size();
        encoder.copy_buffer_to_buffer(&self.bins, 0, &self.readback, 0, bins_bytes);
        if let Some(q) = self.queries.as_ref().filter(|_| timed) {
            q.encode_copy(encoder, &self.readback, bins_bytes);
        }
    }

    /// Copies the run's begin and end timestamps (16 bytes: the first pass's begin,
    /// the last one's end) into `buffer` at `offset`.
    pub fn encode_timestamps(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        buffer: &wgpu::Buffer,
        offset: u64,
    ) {
        if let Some(q) = &self.queries {
            q.encode_span(encoder, buffer, offset);
        }
    }

    /// Submits the pass back to back for `duration_ms`, never letting the queue run
    /// dry, so that the GPU is at its working clocks when timing starts: an idle
    /// GPU lowers them and takes a few hundred milliseconds to raise them again
    /// (docs/DECISIONS.md, 9). `pass_ms`, one run's time, sizes the submissions to
    /// about 20 ms of work; a pass as long as the warm-up was its own.
    pub async fn keep_busy(
        &self,
        gpu: &Gpu,
        pass_ms: f64,
        duration_ms: f64,
    ) -> Result<(), GpuError> {
        keep_busy(gpu, pass_ms, duration_ms, |encoder| self.encode(encoder)).await
    }
}
