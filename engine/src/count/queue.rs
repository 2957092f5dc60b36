//! The GPU threads' queue: bands uploaded by the workers, counted in batches of
//! one submission, within a bound on the bytes in flight.

use super::*;

/// Most bands one submission counts (a batch of a GPU thread's).
pub(super) const MAX_BATCH: usize = 64;

/// Threads that count on the GPU (`Engine::serve`) where it is not a CPU
/// adapter: on the H200, 400 photos decoded there by 16 workers took 1.22 s with
/// one, 1.05 s with two (docs/DECISIONS.md 63); shared with the CPU's decoder,
/// 0.71 s with two against 0.76-0.84 with one (DECISIONS 76). On lavapipe one.
pub(super) const GPU_THREADS: usize = 2;

/// Files a surface keeps ahead of the one it waits for where the GPU decodes
/// JPEGs: the GPU threads' batches are of the scans that have arrived, and each
/// batch costs about the same whatever its size (its rounds of synchronization,
/// its waits). With 32 ahead (16 cores) they were of 1 to 25 photos; with 64 and
/// each batch's planes kept, 400 photos took 0.53 s on an H100 against 0.61
/// (docs/DECISIONS.md 86).
pub const GPU_AHEAD: usize = 64;

/// Most bytes of bands uploaded and not yet counted, whatever their number: one
/// 16-bit band (128 MiB), or sixteen 3-megapixel photos. Till counted, a band is
/// held on the GPU and, until its submission, in the upload's staging memory too;
/// on a CPU adapter both are this process's memory (a 522 KB 16-bit PNG of zeros
/// peaked at 990 MB with every band in flight, docs/DECISIONS.md 34).
pub(super) const IN_FLIGHT_BYTES: u64 = 192 << 20;

/// Bytes of bands uploaded and not yet counted (`IN_FLIGHT_BYTES`).
#[derive(Default)]
pub(super) struct InFlight {
    pub(super) bytes: Mutex<u64>,
    pub(super) counted: Condvar,
}

impl InFlight {
    /// Waits till `bytes` more fit (or nothing else is in flight), and takes them.
    pub(super) fn take(&self, bytes: u64) {
        let mut held = self.bytes.lock().unwrap_or_else(|e| e.into_inner());
        while *held > 0 && *held + bytes > IN_FLIGHT_BYTES {
            held = self.counted.wait(held).unwrap_or_else(|e| e.into_inner());
        }
        *held += bytes;
    }

    pub(super) fn give_back(&self, bytes: u64) {
        *self.bytes.lock().unwrap_or_else(|e| e.into_inner()) -= bytes;
        self.counted.notify_all();
    }
}

/// What the GPU threads are given: a band to count, or a JPEG's scan to decode
/// and count (src/gpu/jpeg_decode.rs).
pub(super) enum Work {
    Band(Job),
    Scan(Box<ScanJob>),
}

/// A baseline JPEG's scan on its way to the GPU threads (`jpeg_gpu::count_scans`),
/// and where its counts go.
pub(super) struct ScanJob {
    pub(super) scan: histogram::jpeg_entropy::Scan,
    pub(super) options: RunOptions,
    pub(super) reply: mpsc::SyncSender<Result<Histogram, String>>,
    /// Held by a file shared with the CPU's decoder, till its counts are sent.
    pub(super) _slot: Option<Slot>,
}

/// Most JPEGs shared with the CPU's decoder (`Decode::Auto`) that the GPU
/// threads hold, waiting or being decoded; every other file the workers decode
/// themselves meanwhile. As many as the files kept ahead: on an H100 with 16
/// cores, 400 photos took 0.53 s with 64 or with every JPEG on the GPU, against
/// 0.70 with 16 (docs/DECISIONS.md 87); the GPU decodes a photo four times as
/// fast as the cores (DECISIONS 76 chose 16 when it was slower than them).
pub(super) const SHARED_SCANS: usize = GPU_AHEAD;

/// A place among the `SHARED_SCANS` (`Queue::slot`), given back when dropped.
pub(super) struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A band on its way to the GPU threads, and where its counts go.
pub(super) struct Job {
    pub(super) image: GpuImage,
    pub(super) bytes: u64,
    pub(super) options: RunOptions,
    pub(super) reply: mpsc::SyncSender<Result<Histogram, String>>,
}

/// Hands bands and scans to the GPU threads (`Engine::serve`), and counts the
/// scans it holds for files shared with the CPU's decoder.
pub struct Queue(
    pub(super) mpsc::SyncSender<Work>,
    pub(super) Arc<InFlight>,
    pub(super) Arc<AtomicUsize>,
);

impl Queue {
    /// A place for a JPEG shared with the CPU's decoder, if the GPU threads hold
    /// fewer than `SHARED_SCANS` of them.
    pub(super) fn slot(&self) -> Option<Slot> {
        let held = self.2.fetch_add(1, Ordering::AcqRel);
        let slot = Slot(Arc::clone(&self.2));
        (held < SHARED_SCANS).then_some(slot)
    }

    /// Queues a JPEG's scan, to be decoded in a batch with the others that
    /// have arrived (its file's `Deferred` waits for the reply; its GPU memory is
    /// the batch's, freed once counted).
    pub(super) fn decode(&self, job: ScanJob) -> Result<(), String> {
        self.0
            .send(Work::Scan(Box::new(job)))
            .map_err(|_| "the GPU stopped before counting it".to_string())
    }

    /// Uploads `band` (from the calling thread) and queues its count by `method`;
    /// None for what is counted here instead (an HDR picture's range comes first).
    pub(super) fn count(
        &self,
        gpu: &Gpu,
        settings: &Settings,
        method: Method,
        band: &Band,
    ) -> Option<mpsc::Receiver<Result<Histogram, String>>> {
        type Upload<'a> = Box<dyn FnOnce() -> GpuImage + 'a>;
        let (bytes, upload): (u64, Upload) = match band {
            Band::Eight(image) => (
                image.rgba().len() as u64,
                Box::new(|| GpuImage::upload_for(gpu, image, method.input())),
            ),
            Band::Deep(image) => (
                2 * image.rgba().len() as u64,
                Box::new(|| GpuImage::upload_deep(gpu, image)),
            ),
            Band::Hdr(_) => return None,
        };
        self.1.take(bytes);
        let image = upload();
        let chunk = settings.chunk.unwrap_or(method.default_shape());
        let options = RunOptions::new(method, settings.spec).chunk(chunk);
        let (reply, counts) = mpsc::sync_channel(1);
        let job = Job {
            image,
            bytes,
            options,
            reply,
        };
        if let Err(mpsc::SendError(Work::Band(job))) = self.0.send(Work::Band(job)) {
            drop(job.image);
            self.1.give_back(bytes);
            return None;
        }
        Some(counts)
    }
}

/// The next batch for a GPU thread: the first work to arrive and whatever else
/// has arrived, up to `MAX_BATCH`, taken while holding the queue so that two
/// threads' batches do not interleave; None once the queue is dropped.
pub(super) fn next_batch(jobs: &Mutex<mpsc::Receiver<Work>>) -> Option<(Vec<Job>, Vec<ScanJob>)> {
    let jobs = jobs.lock().unwrap_or_else(|e| e.into_inner());
    let (mut bands, mut scans) = (Vec::new(), Vec::new());
    let mut next = Some(jobs.recv().ok()?);
    while let Some(work) = next.take() {
        match work {
            Work::Band(job) => bands.push(job),
            Work::Scan(job) => scans.push(*job),
        }
        if bands.len() + scans.len() < MAX_BATCH {
            next = jobs.try_recv().ok();
        }
    }
    Some((bands, scans))
}

/// Counts a batch: every band's run in one submission, then each read back.
pub(super) fn count_batch(gpu: &Gpu, kernels: &mut Kernels, batch: Vec<Job>, in_flight: &InFlight) {
    let runs: Vec<Result<Run, String>> = batch
        .iter()
        .map(|job| Run::new(gpu, kernels, &job.image, job.options).map_err(|e| e.0))
        .collect();
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    for run in runs.iter().flatten() {
        run.encode(&mut encoder);
        run.encode_readback(&mut encoder);
    }
    let submitted = pollster::block_on(gpu.scoped(|| gpu.queue.submit([encoder.finish()])));
    // One wait for this batch alone: each read after it waits no more.
    let submitted = submitted.and_then(|index| gpu.wait_for(index));
    for (job, run) in batch.into_iter().zip(runs) {
        let counts = match (&submitted, run) {
            (Err(e), _) => Err(e.0.clone()),
            (_, Err(e)) => Err(e),
            (Ok(_), Ok(run)) => pollster::block_on(run.read(gpu))
                .map(|(histogram, _)| histogram)
                .map_err(|e| e.0),
        };
        // A reader gone (its file failed meanwhile) wants nothing.
        let _ = job.reply.send(counts);
        drop(job.image);
        in_flight.give_back(job.bytes);
    }
}

/// A file's count, its GPU bands or JPEG scan perhaps still being counted
/// (`Engine::serve`).
pub struct Deferred {
    pub(super) settings: Settings,
    pub(super) counted: Counted,
    pub(super) used: Option<&'static str>,
    /// A JPEG's bytes, while its scan is decoded on the GPU: the CPU decodes
    /// them if the GPU does not count it (damaged, or the GPU lost).
    pub(super) retry: Option<Vec<u8>>,
}

impl Deferred {
    /// The count, once every band is counted (by `engine`'s CPU decoder, for a
    /// JPEG the GPU did not count).
    pub fn wait(mut self, engine: &Engine) -> Result<Count, String> {
        for pending in std::mem::take(&mut self.counted.pending) {
            let counts = pending
                .recv()
                .map_err(|_| "the GPU stopped before counting it".to_string())
                .and_then(|counts| counts);
            let counts = match (counts, self.retry.take()) {
                (Ok(counts), _) => counts,
                (Err(why), Some(bytes)) => {
                    let settings = &self.settings;
                    return engine
                        .decoded_instead(settings, bytes, why, None)?
                        .wait(engine);
                }
                (Err(why), None) => return Err(why),
            };
            match &mut self.counted.counts {
                Counts::Levels(h) => h.add(&counts),
                Counts::Hdr(_) => unreachable!("HDR pictures are counted at once"),
            }
        }
        Ok(finish(&self.settings, self.counted, self.used))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shared_jpeg_gets_a_place_only_while_fewer_than_the_most_are_held() {
        let (sender, _jobs) = mpsc::sync_channel(1);
        let queue = Queue(sender, Arc::default(), Arc::default());
        let mut held: Vec<Slot> = (0..SHARED_SCANS).map_while(|_| queue.slot()).collect();
        assert_eq!(held.len(), SHARED_SCANS);
        assert!(queue.slot().is_none(), "one past the most");
        held.pop();
        held.push(queue.slot().expect("a place given back is taken again"));
        assert!(queue.slot().is_none());
    }
}
