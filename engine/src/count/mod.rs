//! Image files counted band by band, on the GPU or by the CPU method: the engine
//! behind every native surface (the command line, the Python package), counting by
//! the one rule for which method counts a picture (src/gpu/policy.rs). Native only.

use histogram::decode::Decoder;
use histogram::deep::{self, DeepImage};
pub use histogram::gpu::policy::{method_for, Asked, Decode, Kind, Spent};
use histogram::gpu::{count_hdr, ChunkShape, Gpu, GpuImage, GpuOptions, Kernels, Method, Run};
use histogram::gpu::{Found, GpuError, RunOptions};
use histogram::hdr::{self, HdrHistogram, HdrImage, HdrStats, Range};
use histogram::histogram::count_rows;
use histogram::histogram::MAX_KERNEL_BINS;
use histogram::words::Words;
use histogram::{compute_cpu, Histogram, Image, Region, Spec};
use std::io::{BufRead, BufReader, Cursor, Read, Seek};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

mod bands;
mod jpeg_gpu;
mod queue;
use bands::*;
use queue::*;
pub use queue::{Deferred, Queue, GPU_AHEAD};

/// Pixels of one band: 16 megapixels, 64 MiB of RGBA8 or 128 MiB of RGBA16 (a GPU
/// upload at a time). Where the CPU is the GPU (lavapipe), an upload's staging and
/// buffer are process memory too: a 16-bit band of 64 megapixels took a 522 KB
/// PNG to 1.6 GB resident (bench/hostile.py); this one stays within the 1 GB bound.
const BAND_PIXELS: u64 = 1 << 24;

/// Rows of an image: 8 bits a sample, a 16-bit file's at its own depth, or a
/// floating-point file's samples (whole: their range comes from all of them).
pub enum Band {
    Eight(Image),
    Deep(DeepImage),
    Hdr(HdrImage),
}

impl Band {
    pub fn kind(&self) -> Kind {
        match self {
            Band::Eight(_) => Kind::Eight,
            Band::Deep(_) => Kind::Deep,
            Band::Hdr(_) => Kind::Hdr,
        }
    }

    fn height(&self) -> u32 {
        match self {
            Band::Eight(b) => b.height(),
            Band::Deep(b) => b.height(),
            Band::Hdr(b) => b.height(),
        }
    }

    fn crop(&self, region: Region) -> Band {
        match self {
            Band::Eight(b) => Band::Eight(b.crop(region)),
            Band::Deep(b) => Band::Deep(b.crop(region)),
            Band::Hdr(b) => Band::Hdr(b.crop(region)),
        }
    }
}

/// A band's counts: levels in bins, or an HDR picture's (src/hdr.rs).
pub enum Counts {
    Levels(Histogram),
    Hdr(HdrHistogram),
}

/// What a count decides, the same for every image of a run.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub spec: Spec,
    /// An HDR picture's luminance range in stops (its own when None).
    pub stops: Option<(f32, f32)>,
    pub region: Option<Region>,
    /// Every image at 8 bits a sample (`--depth 8`), else at its stored depth.
    pub eight_bits: bool,
    pub chunk: Option<ChunkShape>,
    pub asked: Asked,
    /// Where a JPEG is decoded.
    pub decode: Decode,
}

impl Settings {
    pub fn new(spec: Spec) -> Settings {
        Settings {
            spec,
            stops: None,
            region: None,
            eight_bits: false,
            chunk: None,
            asked: Asked::Default,
            decode: Decode::Auto,
        }
    }
}

/// Samples in memory, in rows of `width` pixels of `channels` samples each.
#[derive(Clone, Copy)]
pub enum Samples<'a> {
    Eight(&'a [u8]),
    /// With their depth in bits (8 to 16): each sample at most 2^depth - 1.
    Deep(&'a [u16], u32),
}

/// A picture's samples in memory.
#[derive(Clone, Copy)]
pub struct Pixels<'a> {
    pub width: u32,
    pub height: u32,
    /// 1 (grey), 2 (grey, alpha), 3 (RGB) or 4 (RGBA): alpha is not counted.
    pub channels: usize,
    pub samples: Samples<'a>,
}

/// One image counted.
pub struct Count {
    pub width: u32,
    pub height: u32,
    /// Bits a sample as counted: 8, 16, or 32 (floating point).
    pub depth: u32,
    pub region: Option<Region>,
    /// The levels' bins; an HDR picture's bins over its range (`hdr` says which).
    pub histogram: Histogram,
    pub hdr: Option<HdrHistogram>,
    /// An HDR picture's statistics, from its samples (the counted part).
    pub hdr_stats: Option<[Option<HdrStats>; 4]>,
    /// The method that counted it ("cpu", "packed", "deep", "hdr", ...).
    pub method: &'static str,
    /// What a reader of the histogram should know, as sentences.
    pub notes: Vec<String>,
}

/// The GPU (where there is one) and its compiled kernels, shared by every thread
/// that counts: a worker takes a set of kernels, counts a band, and gives them
/// back, so the GPU takes work from every worker and each waits on its own band.
#[derive(Default)]
pub struct Engine {
    // Declared before `gpu`: the kernels go before the device does (kept in a
    // pool's threads instead, they outlived it and the NVIDIA driver crashed at
    // exit, docs/DECISIONS.md 29).
    spare: Mutex<Vec<Kernels>>,
    gpu: OnceLock<Option<Gpu>>,
    /// Nanoseconds spent counting by the CPU method and decoding the JPEGs an
    /// open GPU would share, every thread's summed, and the files read so far:
    /// what the default weighs against opening the GPU (`policy::open_gpu`).
    cpu_counting: AtomicU64,
    sharable: AtomicU64,
    files_read: AtomicUsize,
    /// Set once an opening begins: the default's JPEGs wait for the GPU from then.
    opening: AtomicBool,
}

impl Engine {
    /// An engine with no GPU yet: the CPU method counts until `open` ends.
    pub fn new() -> Engine {
        Engine::default()
    }

    /// An engine that counts on the CPU alone.
    pub fn cpu() -> Engine {
        let engine = Engine::new();
        engine.set(None);
        engine
    }

    /// Opens the GPU (blocking); an engine opened once keeps its first.
    pub fn open(&self, options: &GpuOptions) -> Result<(), GpuError> {
        self.opening.store(true, Ordering::Release);
        self.opened(pollster::block_on(Gpu::new(options)))
    }

    /// Opens the adapter `found` (blocking), as `open` does.
    pub fn open_found(&self, found: Found, options: &GpuOptions) -> Result<(), GpuError> {
        self.opening.store(true, Ordering::Release);
        self.opened(pollster::block_on(found.open(options)))
    }

    fn opened(&self, opened: Result<Gpu, GpuError>) -> Result<(), GpuError> {
        let failed = opened.as_ref().err().cloned();
        self.set(opened.ok());
        failed.map_or(Ok(()), Err)
    }

    /// Ends the wait for a GPU: `gpu` counts from now on (None: the CPU method).
    pub fn set(&self, gpu: Option<Gpu>) {
        let _ = self.gpu.set(gpu);
    }

    /// The GPU, once opened.
    pub fn gpu(&self) -> Option<&Gpu> {
        self.gpu.get().and_then(Option::as_ref)
    }

    /// The time every thread has spent on work an open GPU would take a part
    /// of, summed, and the files read (their bands counted or queued) so far.
    pub fn spent(&self) -> (Spent, usize) {
        let load = |nanos: &AtomicU64| Duration::from_nanos(nanos.load(Ordering::Relaxed));
        let spent = Spent {
            counting: load(&self.cpu_counting),
            sharable: load(&self.sharable),
        };
        (spent, self.files_read.load(Ordering::Relaxed))
    }

    /// Counts the image file at `path` ("-": standard input).
    pub fn count_file(&self, settings: &Settings, path: &Path) -> Result<Count, String> {
        self.count_file_queued(settings, path, None)?.wait(self)
    }

    /// Counts the image file at `path`, its bands that go to the GPU handed to
    /// `queue` (`serve`), whose counts the `Deferred` waits for: the caller goes
    /// on (to decode the next file) while the GPU counts.
    pub fn count_file_queued(
        &self,
        settings: &Settings,
        path: &Path,
        queue: Option<&Queue>,
    ) -> Result<Deferred, String> {
        if path == Path::new("-") {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            self.count_reader(settings, Cursor::new(bytes), queue)
        } else {
            let file = histogram::files::open_image(path)?;
            self.count_reader(settings, BufReader::new(file), queue)
        }
    }

    /// Counts an image file's bytes.
    pub fn count_bytes(&self, settings: &Settings, bytes: &[u8]) -> Result<Count, String> {
        self.count_bytes_queued(settings, bytes, None)?.wait(self)
    }

    /// Counts an image file's bytes as `count_file_queued` counts a file's.
    pub fn count_bytes_queued(
        &self,
        settings: &Settings,
        bytes: &[u8],
        queue: Option<&Queue>,
    ) -> Result<Deferred, String> {
        self.count_reader(settings, Cursor::new(bytes), queue)
    }

    /// Counts an image file read from `reader`: a JPEG decoded on the GPU where
    /// the settings and the GPU say so (src/gpu/policy.rs, `Decode`), else band by
    /// band. Unasked, a JPEG goes to the GPU threads while they have room for it
    /// (`Queue::slot`), else this worker's CPU decodes it: both decode at once.
    fn count_reader(
        &self,
        settings: &Settings,
        mut reader: impl BufRead + Seek,
        queue: Option<&Queue>,
    ) -> Result<Deferred, String> {
        let shared = settings.decode == Decode::Auto;
        let sniffed = |reader: &mut _| BufRead::fill_buf(reader).is_ok_and(jpeg_gpu::is_jpeg);
        // Unasked, a JPEG read while the GPU opens waits for it: a GPU that is not
        // the CPU's decodes it faster than the cores (docs/DECISIONS.md 87), and
        // `open` always ends by setting one or none.
        if self.gpu.get().is_none()
            && self.opening.load(Ordering::Acquire)
            && shared
            && settings.asked == Asked::Default
            && sniffed(&mut reader)
        {
            self.gpu.wait();
        }
        let undecided = self.gpu.get().is_none();
        let on_gpu = self
            .gpu()
            .filter(|gpu| settings.decode.on(settings.asked, gpu));
        let jpeg = (on_gpu.is_some() || undecided) && sniffed(&mut reader);
        let slot = match queue {
            Some(queue) if jpeg && shared && on_gpu.is_some() => queue.slot(),
            _ => None,
        };
        let Some(gpu) = on_gpu.filter(|_| jpeg && (slot.is_some() || !shared)) else {
            // A JPEG decoded here before the default has opened the GPU is work
            // the GPU would share: weighed by `policy::open_gpu`.
            let sharable = jpeg && undecided && shared && settings.asked == Asked::Default;
            return self.count_decoded(settings, reader, queue, sharable && queue.is_some());
        };
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read the file: {e}"))?;
        let counted = self.with_kernels(|kernels| {
            jpeg_gpu::count_jpeg_on_gpu(gpu, kernels, settings, &bytes, queue, slot)
        });
        match counted {
            Ok((counted, method)) => {
                self.files_read.fetch_add(1, Ordering::Relaxed);
                let retry = (!counted.pending.is_empty()).then_some(bytes);
                Ok(Deferred {
                    settings: *settings,
                    counted,
                    used: Some(method),
                    retry,
                })
            }
            Err(why) => self.decoded_instead(settings, bytes, why, queue),
        }
    }

    /// A JPEG the GPU did not count (`why`), decoded by the CPU (its bands to
    /// `queue`): noted where the GPU was asked for.
    fn decoded_instead(
        &self,
        settings: &Settings,
        bytes: Vec<u8>,
        why: String,
        queue: Option<&Queue>,
    ) -> Result<Deferred, String> {
        let mut deferred = self.count_decoded(settings, Cursor::new(bytes), queue, false)?;
        if settings.decode == Decode::Gpu {
            deferred
                .counted
                .notes
                .push(Words::new("note-decoded-by-cpu").text("why", why));
        }
        Ok(deferred)
    }

    /// `work` with a set of kernels: a spare one, given back after.
    fn with_kernels<T>(&self, work: impl FnOnce(&mut Kernels) -> T) -> T {
        let taken = self.spare.lock().map(|mut s| s.pop()).unwrap_or(None);
        let mut kernels = taken.unwrap_or_default();
        let done = work(&mut kernels);
        if let Ok(mut spare) = self.spare.lock() {
            spare.push(kernels);
        }
        done
    }

    /// Counts an image file read from `reader`, decoded by the CPU, band by band;
    /// its decoding's time added to what the GPU would share where `sharable`.
    fn count_decoded(
        &self,
        settings: &Settings,
        reader: impl BufRead + Seek,
        queue: Option<&Queue>,
        sharable: bool,
    ) -> Result<Deferred, String> {
        let nanos = |d: Duration| d.as_nanos().try_into().unwrap_or(u64::MAX);
        let decoding = Instant::now();
        let mut counting = Duration::ZERO;
        let mut used = None;
        let counted = count_bands(reader, settings, |band| {
            let gpu = self.gpu();
            let method = method_for(settings.asked, gpu, band.kind(), settings.spec.num_bins);
            if let (Some(gpu), Some(method), Some(queue)) = (gpu, method, queue) {
                if let Some(pending) = queue.count(gpu, settings, method, &band) {
                    used = Some(method.name());
                    return Ok(Part::Pending(pending));
                }
            }
            let started = Instant::now();
            let (counts, name) = self.count_band(settings, band)?;
            let took = started.elapsed();
            counting += took;
            self.cpu_counting.fetch_add(nanos(took), Ordering::Relaxed);
            used = Some(name);
            Ok(Part::Counted(counts))
        })?;
        if sharable {
            let decoded = decoding.elapsed().saturating_sub(counting);
            self.sharable.fetch_add(nanos(decoded), Ordering::Relaxed);
        }
        self.files_read.fetch_add(1, Ordering::Relaxed);
        Ok(Deferred {
            settings: *settings,
            counted,
            used,
            retry: None,
        })
    }

    /// Threads of `scope`'s (`GPU_THREADS`, one on a CPU adapter) that count on
    /// the GPU what the returned `Queue` is given (bands come only once the
    /// engine's GPU is open, perhaps never), each batch of whatever has arrived in one submission and one wait,
    /// and JPEG scans decoded there a batch at a time (`jpeg_gpu::count_scans`);
    /// they end when the queue is dropped. A batch's host work (its buffers, its
    /// passes, the waits between its decoding rounds) is a thread's alone, so with
    /// more than one, one encodes while another waits (docs/DECISIONS.md 63). At
    /// most `depth` bands wait for them (their GPU buffers are held till counted).
    pub fn serve<'scope>(
        &'scope self,
        scope: &'scope std::thread::Scope<'scope, '_>,
        depth: usize,
    ) -> Queue {
        let (sender, jobs) = mpsc::sync_channel::<Work>(depth.max(1));
        let jobs = Arc::new(Mutex::new(jobs));
        let in_flight = Arc::new(InFlight::default());
        let counted = Arc::clone(&in_flight);
        scope.spawn(move || self.count_on_gpu(scope, jobs, counted, GPU_THREADS - 1));
        Queue(sender, in_flight, Arc::default())
    }

    /// A GPU thread of `serve`'s: counts batches till the queue is dropped. Its
    /// first batch on a GPU that is not a CPU adapter starts the `more` threads
    /// (two on lavapipe, making their pipelines at once, held 1142 MB where a
    /// test allows 150, docs/DECISIONS.md 63).
    fn count_on_gpu<'scope>(
        &'scope self,
        scope: &'scope std::thread::Scope<'scope, '_>,
        jobs: Arc<Mutex<mpsc::Receiver<Work>>>,
        counted: Arc<InFlight>,
        mut more: usize,
    ) {
        let mut kernels = Kernels::default();
        while let Some((bands, scans)) = next_batch(&jobs) {
            // A band is queued only for an open GPU.
            let Some(gpu) = self.gpu() else { break };
            if more > 0 && !gpu.is_cpu() {
                let (jobs, counted) = (Arc::clone(&jobs), Arc::clone(&counted));
                scope.spawn(move || self.count_on_gpu(scope, jobs, counted, more - 1));
                more = 0;
            }
            if !bands.is_empty() {
                count_batch(gpu, &mut kernels, bands, &counted);
            }
            if !scans.is_empty() {
                jpeg_gpu::count_scans(gpu, &mut kernels, scans);
            }
        }
    }

    /// Counts samples already in memory (a NumPy array's): where the CPU method
    /// counts them, read where they lie; a GPU gets an RGBA copy of the region.
    pub fn count_samples(&self, settings: &Settings, pixels: Pixels) -> Result<Count, String> {
        let Pixels {
            width,
            height,
            channels,
            samples,
        } = pixels;
        let len = match samples {
            Samples::Eight(s) => s.len(),
            Samples::Deep(s, _) => s.len(),
        };
        if !(1..=4).contains(&channels) {
            return Err(format!(
                "a pixel has 1 (grey), 2 (grey, alpha), 3 (RGB) or 4 (RGBA) samples, not {channels}"
            ));
        }
        if width == 0 || height == 0 || len as u64 != width as u64 * height as u64 * channels as u64
        {
            return Err(format!(
                "{len} samples do not make a {width}x{height} picture of {channels} a pixel"
            ));
        }
        let region = settings.region.unwrap_or(Region::whole(width, height));
        region.within(width, height)?;
        let (kind, depth) = match samples {
            Samples::Eight(_) => (Kind::Eight, 8),
            Samples::Deep(_, depth) if settings.eight_bits => (Kind::Eight, depth),
            Samples::Deep(_, depth) => (Kind::Deep, depth),
        };
        if !(8..=16).contains(&depth) {
            return Err(format!("a depth of {depth} bits: 8 to 16 are counted"));
        }
        // The region's rows, each its part of the row.
        let row = width as usize * channels;
        let (x0, x1) = (
            region.x as usize * channels,
            (region.x + region.width) as usize * channels,
        );
        let rows = (region.y..region.y + region.height).map(|y| y as usize * row);
        let spec = settings.spec;
        let method = method_for(settings.asked, self.gpu(), kind, spec.num_bins);
        let counted = match (samples, method) {
            (Samples::Eight(s), None) => {
                let rows = rows.map(|at| &s[at + x0..at + x1]);
                (Counts::Levels(count_rows(rows, channels, spec)), "cpu")
            }
            (Samples::Deep(s, depth), None) if kind == Kind::Deep => {
                let max = (1u32 << depth) - 1;
                let part = |at: usize| &s[at + x0..at + x1];
                if let Some(v) = rows.clone().flat_map(part).find(|&&v| v as u32 > max) {
                    return Err(format!("the sample {v} does not fit in {depth} bits"));
                }
                let counted = deep::count_rows(rows.map(part), channels, max, spec);
                (Counts::Levels(counted), "cpu")
            }
            (samples, _) => {
                let (w, h) = (region.width, region.height);
                let band = match samples {
                    Samples::Eight(s) => {
                        let rgba = to_rgba(rows.map(|at| &s[at + x0..at + x1]), channels, 255);
                        Band::Eight(Image::from_rgba(w, h, rgba).map_err(|e| e.to_string())?)
                    }
                    Samples::Deep(s, depth) => {
                        let rgba = to_rgba(rows.map(|at| &s[at + x0..at + x1]), channels, 0);
                        let deep = DeepImage::new(w, h, depth, rgba)?;
                        match kind {
                            Kind::Deep => Band::Deep(deep),
                            // At 8 bits a sample: each its nearest 8-bit value.
                            _ => Band::Eight(deep.to_8_bits()),
                        }
                    }
                };
                self.count_band(settings, band)?
            }
        };
        let mut notes = Vec::new();
        if channels <= 2 {
            notes.push(Words::new("note-grey"));
        }
        let (counts, name) = counted;
        let counted = Counted {
            width,
            height,
            depth: if kind == Kind::Deep { depth } else { 8 },
            region: settings.region,
            counts,
            pending: Vec::new(),
            hdr_stats: None,
            notes,
        };
        Ok(finish(settings, counted, Some(name)))
    }

    /// A band counted by the method `method_for` gives, with that method's name.
    pub fn count_band(
        &self,
        settings: &Settings,
        band: Band,
    ) -> Result<(Counts, &'static str), String> {
        let spec = settings.spec;
        let gpu = self.gpu.get().and_then(Option::as_ref);
        let method = method_for(settings.asked, gpu, band.kind(), spec.num_bins);
        let (Some(gpu), Some(method)) = (gpu, method) else {
            return Ok((count_on_cpu(settings, band), "cpu"));
        };
        self.with_kernels(|kernels| count_on_gpu(gpu, kernels, settings, method, band))
    }
}

/// A counted image with its notes: what its numbers mean, and what was asked
/// that does not apply.
fn finish(settings: &Settings, mut counted: Counted, used: Option<&'static str>) -> Count {
    let spec = settings.spec;
    let (histogram, hdr) = match counted.counts {
        Counts::Levels(h) => (h, None),
        Counts::Hdr(h) => (Histogram::from_counts(spec, h.counts.clone()), Some(h)),
    };
    if let Some(h) = &hdr {
        counted.notes.push(h.note());
    } else if settings.stops.is_some() {
        counted.notes.push(Words::new("note-range-hdr-only"));
    }
    counted.notes.extend(comb_note(spec, counted.depth));
    let method = used.unwrap_or("cpu");
    if let Asked::Gpu(asked) = settings.asked {
        if asked != Method::Deep && method == Method::Deep.name() {
            counted.notes.push(
                Words::new("note-deep-kernel")
                    .text("asked", asked.name())
                    .count("bins", MAX_KERNEL_BINS),
            );
        }
    }
    Count {
        width: counted.width,
        height: counted.height,
        depth: counted.depth,
        region: counted.region,
        histogram,
        hdr,
        hdr_stats: counted.hdr_stats,
        method,
        // The engine's callers (the command line, Python) write English.
        notes: counted.notes.iter().map(Words::to_string).collect(),
    }
}

/// What a whole decode may take: three quarters of the memory the system says is
/// available (Linux), else 4 GiB.
pub fn memory_budget() -> u64 {
    let available = std::fs::read_to_string("/proc/meminfo").ok().and_then(|m| {
        let line = m.lines().find(|l| l.starts_with("MemAvailable:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    });
    available.map_or(4 << 30, |bytes| bytes / 4 * 3)
}
