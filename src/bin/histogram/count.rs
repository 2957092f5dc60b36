//! `histogram IMAGE...`: one histogram per image, JSON or CSV out.

use crate::files;
use crate::options::{self, CountArgs, Counter, Depth, Format};
use crate::total::{Done, Total};
use histogram::count::{Asked, Count, Deferred, Engine, Settings};
use histogram::gpu::GpuOptions;
use histogram::hdr::{self, HdrHistogram, HdrStats};
use histogram::json::{self, Entries};
use histogram::{policy, stats, Channels, Histogram, Region};
use rayon::iter::{ParallelBridge as _, ParallelIterator as _};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

pub fn run(options: CountArgs, gpu_options: &GpuOptions) -> i32 {
    if options.files.is_empty() && options.files_from.is_none() {
        return usage_error("no image given");
    }
    if let Err(e) = options::stdin_once(&options.files, options.files_from.as_deref()) {
        return usage_error(&e);
    }
    let counting = &options.counting;
    let settings = Settings {
        spec: counting.bins,
        stops: counting.range,
        region: counting.region,
        eight_bits: counting.depth == Depth::Eight,
        chunk: counting.chunk,
        asked: match counting.method {
            None => Asked::Default,
            Some(Counter::Cpu) => Asked::Cpu,
            Some(Counter::Gpu(m)) => Asked::Gpu(m),
        },
    };
    let mut empty = 0;
    let files = match files::expand(&options.files, options.files_from.as_deref(), &mut empty) {
        Ok(files) => files,
        Err(e) => {
            eprintln!("histogram: {e}");
            return 2;
        }
    };
    let done = match options.skip_done.as_deref().map(Done::read).transpose() {
        Ok(done) => done,
        Err(e) => {
            eprintln!("histogram: --skip-done {e}");
            return 2;
        }
    };
    // A GPU method asked for is opened first, and its absence refused; the
    // default's opens once it pays (below).
    let engine = Engine::new();
    match settings.asked {
        Asked::Gpu(_) => {
            if let Err(e) = engine.open(gpu_options) {
                eprintln!("histogram: {e}; --method cpu works without a GPU");
                return 2;
            }
        }
        Asked::Cpu => engine.set(None),
        Asked::Default => {}
    }
    let format = Output {
        csv: options.output.format == Format::Csv,
        stats: options.output.stats,
    };
    let mut total = options.total.then(|| Total::new(settings.spec.num_bins));
    if let (Some(total), Some(done)) = (&mut total, &done) {
        if let Err(e) = done.add_to(total) {
            eprintln!("histogram: --skip-done: {e}");
            return 2;
        }
    }
    let todo: Vec<&str> = files
        .iter()
        .map(String::as_str)
        .filter(|f| done.as_ref().is_none_or(|d| !d.files.contains(*f)))
        .collect();
    if format.csv {
        println!("file,bin,r,g,b,luminance");
    }
    let progress = Progress::new(todo.len() as u64, options.quiet);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = options.jobs.unwrap_or(cores);
    let finished = AtomicBool::new(false);
    let failed = std::thread::scope(|scope| {
        // Unasked, the CPU method counts until its counting has cost the run what
        // opening the GPU would; then the GPU opens, on this thread of its own
        // while the workers go on (docs/DECISIONS.md 37). A run done sooner
        // never opens it; one that names a backend or an adapter opens it at once.
        let opener = (settings.asked == Asked::Default).then(|| {
            let (files, workers) = (todo.len(), jobs.min(todo.len()));
            let named = gpu_options.backends.is_some() || gpu_options.adapter.is_some();
            let (engine, finished, progress) = (&engine, &finished, &progress);
            scope.spawn(move || {
                let pays = || {
                    let (counted, read) = engine.cpu_counting();
                    policy::open_gpu(counted, (read, files), workers, cores)
                };
                while !named && !pays() {
                    if finished.load(Ordering::Acquire) {
                        engine.set(None);
                        return;
                    }
                    std::thread::park_timeout(Duration::from_millis(10));
                }
                if let Err(e) = engine.open(gpu_options) {
                    progress.println(|| eprintln!("histogram: {e}: using the CPU method"));
                }
            })
        });
        let run = Run1 {
            engine: &engine,
            settings: &settings,
            format,
        };
        let failed = count_all(&run, &todo, jobs, &mut total, &progress);
        finished.store(true, Ordering::Release);
        if let Some(opener) = opener {
            opener.thread().unpark();
        }
        failed
    });
    progress.finish();
    let mut status = i32::from(failed + empty > 0);
    if let Some(total) = &total {
        print!(
            "{}",
            if format.csv {
                total.csv_rows(format.stats)
            } else {
                total.json_line(format.stats)
            }
        );
    }
    if failed > 0 && todo.len() > 1 {
        eprintln!(
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
}

/// A file counted: its output (a JSON line or CSV rows), notes for stderr (CSV),
/// and its histogram for a total.
struct Counted1 {
    out: String,
    notes: Vec<String>,
    summable: (Histogram, u32),
}

/// Counts `files` on a pool of `jobs` threads, each file decoded by one worker,
/// which counts it on the CPU or uploads its bands for the GPU thread and goes
/// on to the next file (src/count.rs `serve`). Results
/// print in the files' order, a whole line at a time, from this thread; returns
/// how many failed.
fn count_all(
    run: &Run1,
    files: &[&str],
    jobs: usize,
    total: &mut Option<Total>,
    progress: &Progress,
) -> usize {
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("histogram: no thread pool: {e}");
            return files.len();
        }
    };
    // A few results a worker: the files are handed out in order, so few wait.
    let (sender, results) = mpsc::sync_channel::<(usize, Result<Deferred, String>)>(2 * jobs);
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    let mut failed = 0;
    std::thread::scope(|scope| {
        // Bands for the GPU go to one thread that counts them in batches while the
        // workers decode on (docs/DECISIONS.md 33); none where the CPU counts.
        let gpu_counts = run.settings.asked != Asked::Cpu;
        let queue = gpu_counts.then(|| run.engine.serve(scope, 2 * jobs));
        scope.spawn(move || {
            // Dropped when the workers are done: the GPU thread's end.
            let queue = queue;
            pool.install(|| {
                files
                    .iter()
                    .enumerate()
                    .par_bridge()
                    .for_each_with(sender, |sender, (i, file)| {
                        let engine = run.engine;
                        let result = engine.count_file_queued(run.settings, file, queue.as_ref());
                        // The receiver gone means the run is ending: nothing to tell.
                        let _ = sender.send((i, result));
                    });
            });
        });
        for (i, result) in results {
            waiting.insert(i, result);
            // In the files' order: a result waits for those before it.
            while let Some(result) = waiting.remove(&next) {
                progress.inc();
                let result = result.and_then(|deferred| output(run, files[next], deferred));
                if !print_one(files[next], result, total, progress) {
                    failed += 1;
                }
                next += 1;
            }
            if interrupted() {
                // Every finished line is out; none is cut.
                progress.finish();
                std::process::exit(130);
            }
        }
    });
    failed
}

/// Prints a file's result (or its error, on stderr) and adds it to `total`; false
/// if the file was not counted or not added.
fn print_one(
    file: &str,
    result: Result<Counted1, String>,
    total: &mut Option<Total>,
    progress: &Progress,
) -> bool {
    match result {
        Ok(counted) => {
            progress.println(|| {
                for note in &counted.notes {
                    eprintln!("histogram: {file}: {note}");
                }
                let mut out = std::io::stdout().lock();
                // A closed stdout ends the tool by SIGPIPE (main.rs).
                let _ = out.write_all(counted.out.as_bytes());
                let _ = out.flush();
            });
            let (histogram, depth) = &counted.summable;
            let Some(total) = total else { return true };
            let channels: Vec<Vec<u64>> = (0..4)
                .map(|c| histogram.channel(c).iter().map(|&v| v as u64).collect())
                .collect();
            let [r, g, b, l] = [&channels[0], &channels[1], &channels[2], &channels[3]];
            let bins = histogram.spec().num_bins;
            match total.add(bins, *depth, 1, [r, g, b, l]) {
                Ok(()) => true,
                Err(e) => {
                    progress.println(|| eprintln!("histogram: {file}: not in the total: {e}"));
                    false
                }
            }
        }
        Err(e) => {
            progress.println(|| eprintln!("histogram: {file}: {e}"));
            false
        }
    }
}

/// A file's count, once its bands are counted, as its output.
fn output(run: &Run1, file: &str, deferred: Deferred) -> Result<Counted1, String> {
    let mut count = deferred.wait()?;
    let stats = run.format.stats.then(|| match &count.hdr_stats {
        Some(s) => Stats::Hdr(s.to_vec()),
        None => Stats::Levels(stats::Stats::of_histogram(&count.histogram)),
    });
    // CSV has no place for notes: they go to stderr.
    let (out, notes) = if run.format.csv {
        let notes = std::mem::take(&mut count.notes);
        (csv_rows(file, &count.histogram, stats.as_ref()), notes)
    } else {
        (json_line(file, &count, stats.as_ref()), Vec::new())
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

/// Each channel's statistics: from the bins, or an HDR picture's from its samples.
enum Stats {
    Levels(Vec<Option<stats::Stats>>),
    Hdr(Vec<Option<HdrStats>>),
}

impl Stats {
    fn fields(&self) -> &'static [&'static str] {
        match self {
            Stats::Levels(_) => &stats::FIELDS,
            Stats::Hdr(_) => &hdr::STATS_FIELDS,
        }
    }

    /// Per channel, its values in the order of `fields` (None: no pixels).
    fn values(&self) -> Vec<Option<Vec<f64>>> {
        match self {
            Stats::Levels(all) => all.iter().map(|s| s.map(|s| s.values().to_vec())).collect(),
            Stats::Hdr(all) => all.iter().map(|s| s.map(|s| s.values().to_vec())).collect(),
        }
    }
}

/// Each channel's statistics as one object's entries (null: no pixels).
impl serde::Serialize for Stats {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let names = Channels::Rgbl.names().iter().copied();
        match self {
            Stats::Levels(all) => Entries(names.zip(all).collect()).serialize(serializer),
            Stats::Hdr(all) => Entries(names.zip(all).collect()).serialize(serializer),
        }
    }
}

/// A file's line: what was counted, how, its notes, statistics and channels.
#[derive(serde::Serialize)]
struct FileLine<'a, H> {
    file: &'a str,
    width: u32,
    height: u32,
    depth: u32,
    bins: u32,
    method: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<[u32; 4]>,
    notes: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<&'a Stats>,
    #[serde(flatten)]
    hdr: Option<H>,
    #[serde(flatten)]
    channels: Entries<'a, Vec<u32>>,
}

fn json_line(file: &str, count: &Count, stats: Option<&Stats>) -> String {
    let histogram = &count.histogram;
    let names = histogram.spec().channels.names();
    let channels = names
        .iter()
        .enumerate()
        .map(|(c, &name)| (name, histogram.channel(c)));
    json::line(&FileLine {
        file,
        width: count.width,
        height: count.height,
        depth: count.depth,
        bins: histogram.spec().num_bins,
        method: count.method,
        region: count.region.map(Region::xywh),
        notes: &count.notes,
        stats,
        hdr: count.hdr.as_ref().map(HdrHistogram::counts_apart),
        channels: Entries(channels.collect()),
    }) + "\n"
}

fn csv_rows(file: &str, histogram: &Histogram, stats: Option<&Stats>) -> String {
    // A file name with a comma or quote is quoted, as CSV does.
    let name = if file.contains([',', '"', '\n']) {
        format!("\"{}\"", file.replace('"', "\"\""))
    } else {
        file.to_string()
    };
    let mut rows: String = histogram
        .to_csv()
        .lines()
        .skip(1)
        .map(|row| format!("{name},{row}\n"))
        .collect();
    if let Some(stats) = stats {
        // One row per statistic, named in the bin column.
        let all = stats.values();
        for (i, field) in stats.fields().iter().enumerate() {
            let values: Vec<String> = all
                .iter()
                .map(|s| s.as_ref().map_or(String::new(), |s| format!("{}", s[i])))
                .collect();
            writeln!(rows, "{name},{field},{}", values.join(",")).unwrap();
        }
    }
    rows
}
