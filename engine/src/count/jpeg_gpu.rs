//! A JPEG decoded on the GPU and counted there. A baseline file's scan is read on
//! this worker's core and handed to the GPU threads (`Engine::serve`), one of which
//! decodes the scans of whatever files have arrived in one batch (src/gpu/
//! jpeg_decode.rs) and counts them in one submission, while the worker goes on to
//! its next file (the file's `Deferred` waits for the counts); another (progressive,
//! arithmetic-coded) is entropy-decoded by libjpeg-turbo here and finished on
//! the GPU (src/gpu/jpeg_finish.rs). Any file it does not take (not YCbCr with
//! chroma at most halved, damaged, too large for the GPU's buffers) goes back to
//! the CPU's decoder, which counts it or refuses it in its own words: nothing is
//! lost.

use super::bands::Counted;
use super::queue::{Queue, ScanJob, Slot};
use super::{Counts, Histogram, Settings};
use histogram::decode::{jpeg_coefficients, jpeg_scan};
use histogram::gpu::RunOptions;
use histogram::gpu::{self, batches, counts_planes, policy::method_for, policy::Kind};
use histogram::gpu::{ComponentBlocks, Gpu, GpuImage, Input, Kernels, Limits, Method, Run};
use histogram::jpeg_planes::Orientation;
use std::sync::mpsc;

/// Whether `bytes` begin as a JPEG does.
pub(super) fn is_jpeg(start: &[u8]) -> bool {
    start.starts_with(&[0xff, 0xd8, 0xff])
}

/// The JPEG in `bytes` decoded and counted on `gpu` (its scan through `queue`'s
/// GPU threads where there is one, its counts then pending), with the method it
/// was counted by; or why the GPU does not take it. A file shared with the CPU's
/// decoder (it holds a `slot` of the queue's) is taken only as a baseline scan:
/// the rest is entropy-decoded on this core anyway, where the CPU decodes it whole.
pub(super) fn count_jpeg_on_gpu(
    gpu: &Gpu,
    kernels: &mut Kernels,
    settings: &Settings,
    bytes: &[u8],
    queue: Option<&Queue>,
    slot: Option<Slot>,
) -> Result<(Counted, &'static str), String> {
    let limits = Limits::of(gpu);
    let budget = super::memory_budget();
    // The picture lies in textures: a method that reads packed pixels from a
    // buffer (the fastest, on uploaded pictures) gives way to privatized, the
    // fastest that reads textures.
    let spec = settings.spec;
    let asked = method_for(settings.asked, Some(gpu), Kind::Eight, spec.num_bins);
    let method = match asked {
        Some(m) if m.input() == Input::Texture => m,
        _ => Method::Privatized,
    };
    let chunk = settings.chunk.unwrap_or(method.default_shape());
    let mut options = RunOptions::new(method, spec).chunk(chunk);
    if let Some(region) = settings.region {
        options = options.region(region);
    }
    let shared = slot.is_some();
    let (width, height, histogram, pending) = match jpeg_scan(bytes, budget) {
        Ok(scan) => {
            let (width, height) = (scan.frame.width, scan.frame.height);
            if let Some(region) = settings.region {
                region.within(width, height)?;
            }
            let (reply, counted) = mpsc::sync_channel(1);
            let job = ScanJob {
                scan,
                options,
                reply,
                _slot: slot,
            };
            if let Some(queue) = queue {
                queue.decode(job)?;
                let none = Histogram::from_counts(spec, vec![0; spec.len()]);
                (width, height, none, vec![counted])
            } else {
                count_scans(gpu, kernels, vec![job]);
                let histogram = counted
                    .recv()
                    .map_err(|_| "the GPU stopped before counting it".to_string())??;
                (width, height, histogram, Vec::new())
            }
        }
        Err(why) if shared => return Err(why),
        Err(_) => {
            let (frame, planes) = jpeg_coefficients(bytes, budget)?;
            if let Some(region) = settings.region {
                region.within(frame.width, frame.height)?;
            }
            let blocks = std::array::from_fn(|c| ComponentBlocks {
                blocks: [planes[c].width_in_blocks, planes[c].height_in_blocks],
                coefficients: &planes[c].coefficients,
            });
            let turn = Orientation::NoTransforms;
            let image = GpuImage::from_coefficients(gpu, &frame, &blocks, turn, limits.max_texture);
            let image = image.map_err(|e| e.0)?;
            let run = Run::new(gpu, kernels, &image, options).map_err(|e| e.0)?;
            let (histogram, _) = pollster::block_on(run.execute(gpu)).map_err(|e| e.0)?;
            (frame.width, frame.height, histogram, Vec::new())
        }
    };
    let notes = histogram::profile::jpeg_icc(bytes)
        .map(|icc| histogram::profile::Profile::from_icc(icc).note())
        .into_iter()
        .collect();
    Ok((
        Counted {
            width,
            height,
            depth: 8,
            region: settings.region,
            counts: Counts::Levels(histogram),
            pending,
            hdr_stats: None,
            notes,
        },
        method.name(),
    ))
}

/// Decodes the jobs' scans on the GPU in the batches `gpu::batches` cuts, each
/// batch counted in one submission and read back in one wait (each scan's flags
/// with it), and answers each job. Counted from the planes where the job asks
/// the privatized method over the whole picture (`count_scans`: no picture
/// made), else from the picture by its run.
pub(super) fn count_scans(gpu: &Gpu, kernels: &mut Kernels, jobs: Vec<ScanJob>) {
    let max_texture = Limits::of(gpu).max_texture;
    let sizes: Vec<usize> = batches(gpu, &jobs, |job| &job.scan.frame)
        .map(<[_]>::len)
        .collect();
    // Each batch's jobs (and their places among the shared scans) let go once
    // it is answered.
    let mut jobs = jobs.into_iter();
    for size in sizes {
        let batch: Vec<ScanJob> = jobs.by_ref().take(size).collect();
        let planes = |o: &RunOptions| {
            o.method == Method::Privatized && o.region.is_none() && counts_planes(gpu, o.spec)
        };
        let spec = batch[0].options.spec;
        if batch
            .iter()
            .all(|job| planes(&job.options) && job.options.spec == spec)
        {
            let scans: Vec<_> = batch.iter().map(|job| &job.scan).collect();
            let counted = pollster::block_on(gpu::count_scans(gpu, kernels, &scans, spec));
            for (job, counts) in batch.into_iter().zip(counted) {
                let _ = job.reply.send(counts.map_err(|e| e.0));
            }
            continue;
        }
        let scans: Vec<_> = batch
            .iter()
            .map(|job| (&job.scan, Orientation::NoTransforms))
            .collect();
        let decoded = pollster::block_on(GpuImage::from_scans(gpu, &scans, max_texture));
        let runs: Vec<_> = decoded
            .into_iter()
            .zip(&batch)
            .map(|(unchecked, job)| {
                let unchecked = unchecked.map_err(|e| e.0)?;
                let run = Run::new(gpu, kernels, &unchecked.image, job.options);
                Ok((unchecked, run.map_err(|e| e.0)?))
            })
            .collect();
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        for (_, run) in runs.iter().flatten() {
            run.encode(&mut encoder);
            run.encode_readback(&mut encoder);
        }
        let submitted = pollster::block_on(gpu.scoped(|| gpu.queue.submit([encoder.finish()])));
        // One wait for this batch alone: each read after it waits no more.
        let submitted = submitted.and_then(|index| gpu.wait_for(index));
        for (job, run) in batch.into_iter().zip(runs) {
            let run = submitted.as_ref().map_err(|e| e.0.clone()).and(run);
            let counts = run.and_then(|(unchecked, run)| {
                let (histogram, _) = pollster::block_on(run.read(gpu)).map_err(|e| e.0)?;
                // The scan's flags came back in the count's wait: its counts
                // stand once it was whole.
                pollster::block_on(unchecked.check(gpu)).map_err(|e| e.0)?;
                Ok(histogram)
            });
            // A reader gone (its file failed meanwhile) wants nothing.
            let _ = job.reply.send(counts);
        }
    }
}
