//! `histogram IMAGE...`: one histogram per image, JSON or CSV out.

use crate::file_lines::{csv_rows, json_line, Stats};
use crate::options::{self, CountArgs, Depth, Format};
use crate::out;
use crate::run_files;
use crate::totals_read::{resume, LineOptions, Total};
use histogram::files::{self, FileId, Stamp};
use histogram::gpu::policy;
use histogram::gpu::{Gpu, GpuOptions};
use histogram::json;
use histogram::{stats, Histogram, Region};
use histogram_engine::count::{Asked, Decode, Deferred, Engine, Settings, GPU_AHEAD};
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex};
use std::time::Duration;

pub fn run(options: CountArgs, gpu_options: &GpuOptions) -> i32 {
    if options.files.is_empty() && options.files_from.is_none() {
        return usage_error("no image given");
    }
    if let Err(e) = options::stdin_once(&options.files, options.files_from.as_deref()) {
        return usage_error(&e);
    }
    let counting = &options.counting;
    if counting.decode == Decode::Gpu && counting.method == Some(Asked::Cpu) {
        return usage_error(
            "--decode gpu leaves the picture on the GPU, to be counted there; --method cpu counts on the CPU",
        );
    }
    let settings = Settings {
        spec: counting.bins,
        stops: counting.range,
        region: counting.region,
        eight_bits: counting.depth == Depth::Eight,
        chunk: counting.chunk,
        asked: counting.method.unwrap_or_default(),
        decode: counting.decode,
    };
    let files = match run_files::expand(&options.files, options.files_from.as_deref()) {
        Ok(files) => files,
        Err(e) => {
            warn!("histogram: {e}");
            return 2;
        }
    };
    let format = Output {
        csv: options.output.format == Format::Csv,
        stats: options.output.stats,
    };
    let mut total = match options.total.then(|| Total::new(settings.spec.num_bins)) {
        None => None,
        Some(Ok(total)) => Some(total),
        Some(Err(e)) => return usage_error(&e),
    };
    let ids: Vec<Option<FileId>> = files.ids().collect();
    let done = match &options.skip_done {
        None => None,
        Some(out) => {
            let asked = LineOptions {
                bins: settings.spec.num_bins,
                region: settings.region.map(Region::xywh),
                eight_bits: settings.eight_bits,
            };
            match resume(out, &ids, &asked, total.as_mut()) {
                Ok(done) => Some(done),
                Err(e) => {
                    warn!("histogram: --skip-done {e}");
                    return 2;
                }
            }
        }
    };
    let todo: Vec<&Path> = files
        .paths
        .iter()
        .zip(&ids)
        .filter(|(_, id)| match (&done, id) {
            (Some(done), Some(id)) => !done.files.contains(id),
            _ => true,
        })
        .map(|(path, _)| path.as_path())
        .collect();
    // A GPU method asked for is opened first, and its absence refused; the
    // default's opens once it pays (below).
    let engine = Engine::new();
    match settings.asked {
        _ if settings.decode == Decode::Gpu && settings.asked != Asked::Cpu => {
            if let Err(e) = engine.open(gpu_options) {
                warn!("histogram: {e}; --decode cpu works without a GPU");
                return 2;
            }
        }
        Asked::Gpu(_) => {
            if let Err(e) = engine.open(gpu_options) {
                warn!("histogram: {e}; --method cpu works without a GPU");
                return 2;
            }
        }
        Asked::Cpu => engine.set(None),
        Asked::Default => {}
    }
    if format.csv {
        if let Err(e) = out::put(b"file,bin,r,g,b,luminance\n") {
            warn!("histogram: {e}");
            return 1;
        }
    }
    let progress = Progress::new(todo.len() as u64, options.quiet);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = jobs(options.jobs, cores);
    let finished = AtomicBool::new(false);
    let ended = std::thread::scope(|scope| {
        // Unasked, the CPU counts till each worker has read a file; then, if
        // what is left would save more than the GPU costs, it opens on this
        // thread of its own while the workers go on, the JPEGs waiting for it
        // (docs/DECISIONS.md 37, 81, 87). A run done sooner never opens it; one
        // that names a backend or an adapter opens it at once. A run of JPEGs
        // likely to open it looks for its adapter at once, beside the workers,
        // and a CPU adapter is never opened: unasked, it takes nothing (88).
        let opener = (settings.asked == Asked::Default).then(|| {
            let (files, workers) = (todo.len(), jobs.min(todo.len()));
            let named = gpu_options.backends.is_some() || gpu_options.adapter.is_some();
            let (engine, finished, progress, todo) = (&engine, &finished, &progress, &todo);
            scope.spawn(move || {
                let find = || pollster::block_on(Gpu::find(gpu_options));
                // Sizes are looked at one file after another, beside the workers: a
                // run that ends first (a slow disk) is not kept waiting for them.
                let going = |_: &_| !finished.load(Ordering::Acquire);
                let jpegs = todo
                    .iter()
                    .take_while(going)
                    .filter(|path| files::is_jpeg_name(path));
                let sizes = jpegs.map(|path| files::stamp(path).map_or(0, |s| s.size));
                let found = (named || policy::look_at_once(sizes, workers)).then(find);
                let pays = || {
                    let (spent, read) = engine.spent();
                    policy::open_gpu(spent, (read, files), workers, cores)
                };
                while !named && !pays() {
                    if finished.load(Ordering::Acquire) {
                        engine.set(None);
                        return;
                    }
                    std::thread::park_timeout(Duration::from_millis(10));
                }
                let opened = match found.unwrap_or_else(find) {
                    Ok(found) if found.is_cpu() => {
                        engine.set(None);
                        Ok(())
                    }
                    Ok(found) => engine.open_found(found, gpu_options),
                    Err(e) => Err(e),
                };
                if let Err(e) = opened {
                    engine.set(None);
                    progress.println(|| warn!("histogram: {e}: using the CPU method"));
                }
            })
        });
        let run = Run1 {
            engine: &engine,
            settings: &settings,
            format,
            cwd: std::env::current_dir()
                .ok()
                .map(|cwd| json::path_to_json(&cwd)),
        };
        let ended = count_all(&run, &todo, jobs, &mut total, &progress);
        finished.store(true, Ordering::Release);
        if let Some(opener) = opener {
            opener.thread().unpark();
        }
        ended
    });
    progress.finish();
    // The process ends soon after: its GPU is left for the driver to free at the
    // exit, skipping wgpu's teardown (a photo's run on lavapipe 0.391 -> 0.382 s).
    std::mem::forget(engine);
    let failed = match ended {
        Ended::All { failed } => failed,
        Ended::Interrupted => return 130,
        Ended::Unwritten(e, left) => {
            warn!(
                "histogram: {e}; the run stopped with {left} of {} files not written",
                todo.len()
            );
            return 1;
        }
    };
    let apart = done.as_ref().map_or(0, |d| d.apart);
    let mut status = i32::from(failed + apart + files.problems > 0);
    if let Some(total) = &total {
        let text = if format.csv {
            total.csv_rows(format.stats)
        } else {
            total.json_line(format.stats)
        };
        if let Err(e) = out::put(text.as_bytes()) {
            warn!("histogram: {e}; the total is not written");
            return 1;
        }
    }
    if failed > 0 && todo.len() > 1 {
        warn!(
            "histogram: {failed} of {} files not counted{}",
            todo.len(),
            if total.is_some() {
                " (nor in the total)"
            } else {
                ""
            }
        );
        status = 1;
    }
    status
}

/// At most this many files decoded at once a core: more only wait for the CPU
/// (7,869 threads were started for `--jobs 100000`), each holding a picture.
const MAX_JOBS_PER_CORE: usize = 4;

/// The workers of a run: `asked` (every core unasked), at most
/// `MAX_JOBS_PER_CORE` a core, said where fewer than asked.
fn jobs(asked: Option<usize>, cores: usize) -> usize {
    let most = MAX_JOBS_PER_CORE * cores;
    match asked {
        None => cores,
        Some(n) if n > most => {
            warn!(
                "histogram: --jobs {n}: at most {most} on this machine ({MAX_JOBS_PER_CORE} a \
                 core), so {most}"
            );
            most
        }
        Some(n) => n,
    }
}

/// How a run's counting ended.
enum Ended {
    /// Every file counted or reported; how many failed.
    All { failed: usize },
    /// Ctrl-C: every finished line is out, none cut.
    Interrupted,
    /// Standard output refused a write (a full disk, a closed file): why, and how
    /// many files' lines were not written.
    Unwritten(String, usize),
}

/// How far ahead of the next line to print a worker may count: a file that takes
/// long holds back at most this many results, and the workers wait.
#[derive(Clone, Copy)]
struct Window {
    /// Files a worker may always run ahead.
    near: usize,
    /// Files it may run ahead, unless the CPU decodes every file, while those
    /// read and not yet printed are at most `FAR_BYTES` (a JPEG the GPU decodes
    /// is held whole till its counts come, for the CPU to decode should the GPU
    /// refuse it).
    far: usize,
}

/// Bytes of files read and not yet printed past `Window::near`.
const FAR_BYTES: u64 = 256 << 20;

impl Window {
    fn new(jobs: usize, decode: Decode) -> Window {
        let near = 2 * jobs;
        let far = match decode {
            Decode::Cpu => near,
            Decode::Gpu | Decode::Auto => near.max(GPU_AHEAD),
        };
        Window { near, far }
    }

    /// Whether file `i`, of `bytes`, may be counted now, `ahead` as it is.
    fn admits(&self, i: usize, bytes: u64, ahead: &Ahead) -> bool {
        i < ahead.next + self.near
            || (i < ahead.next + self.far && ahead.bytes.saturating_add(bytes) <= FAR_BYTES)
    }
}

/// The bytes a file taken holds till printed, as far as `Window` knows: its size.
fn held(stamp: Option<Stamp>) -> u64 {
    stamp.map_or(0, |s| s.size)
}

/// The index of the next file to print, and the bytes of the files taken and not
/// yet printed, which the workers wait on to stay within the window of it.
struct Printed {
    ahead: Mutex<Ahead>,
    moved: Condvar,
    /// Set when the run stops early: no worker starts another file.
    stop: AtomicBool,
}

#[derive(Default)]
struct Ahead {
    next: usize,
    bytes: u64,
}

impl Printed {
    /// Waits till `window` admits file `i`, of `bytes`, and counts its bytes as
    /// held; false if the run stopped meanwhile. The next file to print is always
    /// admitted: the files before it are printed, and it holds no one back.
    fn wait_for(&self, i: usize, bytes: u64, window: Window) -> bool {
        let mut ahead = self.ahead.lock().unwrap_or_else(|e| e.into_inner());
        while !window.admits(i, bytes, &ahead) && !self.stop.load(Ordering::Acquire) {
            ahead = self.moved.wait(ahead).unwrap_or_else(|e| e.into_inner());
        }
        // Sizes are what the files claim (a sparse file's may be near 2^63).
        ahead.bytes = ahead.bytes.saturating_add(bytes);
        !self.stop.load(Ordering::Acquire)
    }

    /// File `next` is the next to print; `bytes` of those before it printed.
    fn set(&self, next: usize, bytes: u64) {
        let mut ahead = self.ahead.lock().unwrap_or_else(|e| e.into_inner());
        ahead.next = next;
        ahead.bytes = ahead.bytes.saturating_sub(bytes);
        self.moved.notify_all();
    }

    fn stop(&self) {
        self.stop.store(true, Ordering::Release);
        let _guard = self.ahead.lock().unwrap_or_else(|e| e.into_inner());
        self.moved.notify_all();
    }
}

/// How each file's result is written.
#[derive(Clone, Copy)]
struct Output {
    csv: bool,
    stats: bool,
}

/// What every worker shares: the engine, what it counts, how results are written.
struct Run1<'a> {
    engine: &'a Engine,
    settings: &'a Settings,
    format: Output,
    /// The folder the run runs in, for lines of relative paths: they name their
    /// files wherever they are read (totals_read.rs).
    cwd: Option<Box<RawValue>>,
}

/// A file counted: its output (a JSON line or CSV rows), notes for stderr (CSV),
/// and its histogram for a total.
struct Counted1 {
    out: Vec<u8>,
    notes: Vec<String>,
    summable: (Histogram, u32),
}

/// Counts `files` on `jobs` threads, each file decoded by one worker, which
/// counts it on the CPU or uploads its bands for the GPU threads and goes on to
/// the next file (engine/src/count/ `serve`). Results print in the files' order, a
/// whole line at a time, from this thread; a worker runs at most `window` files
/// ahead of the next to print. The threads have all ended when it returns.
fn count_all(
    run: &Run1,
    files: &[&Path],
    jobs: usize,
    total: &mut Option<Total>,
    progress: &Progress,
) -> Ended {
    let (sender, results) = mpsc::channel::<(usize, Option<Stamp>, Result<Deferred, String>)>();
    let taken = AtomicUsize::new(0);
    let printed = Printed {
        ahead: Mutex::default(),
        moved: Condvar::new(),
        stop: AtomicBool::new(false),
    };
    let window = Window::new(jobs, run.settings.decode);
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    let mut failed = 0;
    std::thread::scope(|scope| {
        // Bands for the GPU go to the GPU threads that count them in batches while
        // the workers decode on (docs/DECISIONS.md 33, 63); none where the CPU counts.
        let gpu_counts = run.settings.asked != Asked::Cpu;
        // Each worker holds the queue; the last to end drops it, and the GPU threads end.
        let queue = Arc::new(gpu_counts.then(|| run.engine.serve(scope, window.far)));
        let (taken, printed) = (&taken, &printed);
        for _ in 0..jobs.min(files.len()) {
            let (sender, queue) = (sender.clone(), Arc::clone(&queue));
            scope.spawn(move || loop {
                let i = taken.fetch_add(1, Ordering::Relaxed);
                if i >= files.len() {
                    break;
                }
                // Taken before the file is read: a file changed while it is counted
                // has a later stamp than its line's, so the line is not reused.
                let stdin = files[i] == Path::new("-");
                let stamp = (!stdin).then(|| files::stamp(files[i])).flatten();
                if !printed.wait_for(i, held(stamp), window) {
                    break;
                }
                let result =
                    run.engine
                        .count_file_queued(run.settings, files[i], queue.as_ref().as_ref());
                // The receiver gone means the run is ending: nothing to tell.
                if sender.send((i, stamp, result)).is_err() {
                    break;
                }
            });
        }
        drop((sender, queue));
        let ended = 'run: loop {
            let Ok((i, stamp, result)) = results.recv() else {
                break Ended::All { failed };
            };
            waiting.insert(i, (stamp, result));
            // In the files' order: a result waits for those before it.
            let mut freed = 0;
            while let Some((stamp, result)) = waiting.remove(&next) {
                freed += held(stamp);
                progress.inc();
                let result = result.and_then(|deferred| output(run, files[next], stamp, deferred));
                match print_one(files[next], result, total, progress) {
                    Ok(true) => {}
                    Ok(false) => failed += 1,
                    Err(e) => break 'run Ended::Unwritten(e, files.len() - next),
                }
                next += 1;
            }
            printed.set(next, freed);
            if interrupted() {
                break Ended::Interrupted;
            }
        };
        // Workers end after the file they are counting; the GPU thread after them.
        printed.stop();
        drop(results);
        ended
    })
}

/// Prints a file's result (or its error, on stderr) and adds it to `total`: false
/// if the file was not counted or not added; Err if the output refused the line.
fn print_one(
    file: &Path,
    result: Result<Counted1, String>,
    total: &mut Option<Total>,
    progress: &Progress,
) -> Result<bool, String> {
    let counted = match result {
        Ok(counted) => counted,
        Err(e) => {
            progress.println(|| warn!("histogram: {}: {e}", file.display()));
            return Ok(false);
        }
    };
    let mut written = Ok(());
    progress.println(|| {
        for note in &counted.notes {
            warn!("histogram: {}: {note}", file.display());
        }
        written = out::put(&counted.out);
    });
    written?;
    let (histogram, depth) = &counted.summable;
    let Some(total) = total else { return Ok(true) };
    let channels: Vec<Vec<u64>> = (0..4)
        .map(|c| histogram.channel(c).iter().map(|&v| v as u64).collect())
        .collect();
    let [r, g, b, l] = [&channels[0], &channels[1], &channels[2], &channels[3]];
    let bins = histogram.spec().num_bins;
    match total.add(bins, *depth, 1, [r, g, b, l]) {
        Ok(()) => Ok(true),
        Err(e) => {
            progress.println(|| warn!("histogram: {}: not in the total: {e}", file.display()));
            Ok(false)
        }
    }
}

/// A file's count, once its bands are counted, as its output.
fn output(
    run: &Run1,
    file: &Path,
    stamp: Option<Stamp>,
    deferred: Deferred,
) -> Result<Counted1, String> {
    let mut count = deferred.wait(run.engine)?;
    let stats = run.format.stats.then(|| match &count.hdr_stats {
        Some(s) => Stats::Hdr(s.to_vec()),
        None => Stats::Levels(stats::Stats::of_histogram(&count.histogram)),
    });
    // CSV has no place for notes: they go to stderr.
    let (out, notes) = if run.format.csv {
        let notes = std::mem::take(&mut count.notes);
        (csv_rows(file, &count.histogram, stats.as_ref()), notes)
    } else {
        let named = file.is_relative() && file != Path::new("-");
        let cwd = run.cwd.as_deref().filter(|_| named);
        (
            json_line(file, cwd, stamp, &count, stats.as_ref()),
            Vec::new(),
        )
    };
    Ok(Counted1 {
        out,
        notes,
        summable: (count.histogram, count.depth),
    })
}

/// Set by Ctrl-C: the run ends after the line it is printing.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// Progress on stderr, where it is a terminal: files done of all, images a
/// second, time left. Nothing of it elsewhere, or with --quiet.
struct Progress(indicatif::ProgressBar);

impl Progress {
    fn new(files: u64, quiet: bool) -> Progress {
        let bar = if quiet || files < 2 {
            indicatif::ProgressBar::hidden()
        } else {
            let style = indicatif::ProgressStyle::with_template(
                "{bar:30} {pos}/{len} files · {rate} · {eta} left",
            )
            .expect("a valid template")
            .with_key(
                "rate",
                |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.0} images/s", state.per_sec());
                },
            );
            indicatif::ProgressBar::with_draw_target(
                Some(files),
                indicatif::ProgressDrawTarget::stderr(),
            )
            .with_style(style)
        };
        // Ctrl-C lets the line being printed end; a second one ends at once.
        let _ = ctrlc::set_handler(|| {
            if INTERRUPTED.swap(true, Ordering::Relaxed) {
                std::process::exit(130);
            }
        });
        Progress(bar)
    }

    fn inc(&self) {
        self.0.inc(1);
    }

    /// Runs `print` with the bar out of the way.
    fn println(&self, print: impl FnOnce()) {
        self.0.suspend(print);
    }

    fn finish(&self) {
        self.0.finish_and_clear();
    }
}

fn usage_error(message: &str) -> i32 {
    options::usage_error(None, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gpu_s_window_runs_far_ahead_only_while_the_files_held_are_few_bytes() {
        let gpu = Window::new(2, Decode::Gpu);
        assert_eq!((gpu.near, gpu.far), (4, GPU_AHEAD));
        let cpu = Window::new(2, Decode::Cpu);
        assert_eq!((cpu.near, cpu.far), (4, 4));
        // The default's GPU may open and take the JPEGs.
        let auto = Window::new(2, Decode::Auto);
        assert_eq!((auto.near, auto.far), (4, GPU_AHEAD));
        let at = |next, bytes| Ahead { next, bytes };
        // Near: whatever the bytes held, the next to print first of all.
        assert!(gpu.admits(10, FAR_BYTES * 4, &at(10, FAR_BYTES * 4)));
        assert!(gpu.admits(13, 1, &at(10, FAR_BYTES)));
        // Far: while the bytes allow.
        assert!(gpu.admits(14, 1 << 20, &at(10, 1 << 20)));
        assert!(gpu.admits(10 + GPU_AHEAD - 1, 1, &at(10, FAR_BYTES - 1)));
        assert!(!gpu.admits(14, 2, &at(10, FAR_BYTES - 1)));
        assert!(!gpu.admits(10 + GPU_AHEAD, 1, &at(10, 0)));
        assert!(!cpu.admits(14, 1, &at(10, 0)));
        // Claimed sizes past any disk's add up without overflowing.
        assert!(!gpu.admits(14, u64::MAX, &at(10, u64::MAX / 2 + 1)));
    }
}
