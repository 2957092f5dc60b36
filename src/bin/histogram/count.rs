//! `histogram IMAGE...`: one histogram per image, JSON or CSV out.

use crate::files;
use crate::input::{count_file, Band, Counted, Counts};
use crate::options::{self, CountArgs, Counter, Depth, Format};
use crate::total::{Done, Total};
use histogram::deep;
use histogram::gpu::{
    count_hdr, ChunkShape, Gpu, GpuImage, GpuOptions, Kernels, Method, Run, RunOptions,
};
use histogram::hdr::{self, HdrHistogram, HdrStats, Range};
use histogram::histogram::MAX_KERNEL_BINS;
use histogram::json::{self, Entries};
use histogram::{compute_cpu, stats, Channels, Histogram, Region, Spec};
use rayon::iter::{ParallelBridge as _, ParallelIterator as _};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};

pub fn run(options: CountArgs, gpu_options: &GpuOptions) -> i32 {
    if options.files.is_empty() && options.files_from.is_none() {
        return usage_error("no image given");
    }
    if let Err(e) = options::stdin_once(&options.files, options.files_from.as_deref()) {
        return usage_error(&e);
    }
    let counting = &options.counting;
    let spec = counting.bins;
    let stops = counting.range;
    let method = match counting.method {
        None | Some(Counter::Cpu) => None,
        Some(Counter::Gpu(m)) => Some(m),
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
    let use_gpu = counting.method != Some(Counter::Cpu);
    let gpu = if use_gpu {
        match pollster::block_on(Gpu::new(gpu_options)) {
            Ok(gpu) => Some(gpu),
            Err(e) if method.is_some() => {
                eprintln!("histogram: {e}; --method cpu works without a GPU");
                return 2;
            }
            Err(e) => {
                eprintln!("histogram: {e}: using the CPU method");
                None
            }
        }
    } else {
        None
    };
    // Unasked, a CPU adapter (lavapipe, SwiftShader) leaves the count to the CPU
    // method, the faster there.
    let gpu = gpu.filter(|gpu| method.is_some() || !gpu.is_cpu());
    let plan = Plan {
        spec,
        stops,
        region: counting.region,
        eight_bits: counting.depth == Depth::Eight,
        chunk: counting.chunk,
        asked: method,
        method: gpu.as_ref().map(|_| method.unwrap_or(Method::FASTEST)),
        range_given: stops.is_some(),
        csv: options.output.format == Format::Csv,
        stats: options.output.stats,
    };
    let mut total = options.total.then(|| Total::new(spec.num_bins));
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
    if plan.csv {
        println!("file,bin,r,g,b,luminance");
    }
    let progress = Progress::new(todo.len() as u64, options.quiet);
    let failed = count_all(
        &plan,
        gpu.as_ref(),
        &todo,
        options.jobs,
        &mut total,
        &progress,
    );
    progress.finish();
    let mut status = i32::from(failed + empty > 0);
    if let Some(total) = &total {
        print!(
            "{}",
            if plan.csv {
                total.csv_rows(plan.stats)
            } else {
                total.json_line(plan.stats)
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

/// How every file is counted: what the options decided, shared by the workers.
struct Plan {
    spec: Spec,
    stops: Option<(f32, f32)>,
    region: Option<Region>,
    eight_bits: bool,
    chunk: Option<ChunkShape>,
    /// The method asked for (None: the default, or cpu).
    asked: Option<Method>,
    /// The GPU method counting (None: the CPU method).
    method: Option<Method>,
    range_given: bool,
    csv: bool,
    stats: bool,
}

/// A band's counts and the name of the method that counted them.
type Counting = Result<(Counts, &'static str), String>;

/// A file counted: its output (a JSON line or CSV rows), notes for stderr (CSV),
/// and its histogram for a total.
struct Counted1 {
    out: String,
    notes: Vec<String>,
    summable: (Histogram, u32),
}

/// Counts `files` on a pool of `jobs` threads (default: every core), each file
/// decoded and counted by one worker (on the GPU, its bands sent by the worker
/// itself, while the others decode). Results print in the files' order, a whole
/// line at a time, from this thread; returns how many files failed.
fn count_all(
    plan: &Plan,
    gpu: Option<&Gpu>,
    files: &[&str],
    jobs: Option<usize>,
    total: &mut Option<Total>,
    progress: &Progress,
) -> usize {
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("histogram: no thread pool: {e}");
            return files.len();
        }
    };
    // A few results a worker: the files are handed out in order, so few wait.
    let (sender, results) = mpsc::sync_channel::<(usize, Result<Counted1, String>)>(2 * jobs);
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    let mut failed = 0;
    // Compiled kernels, one set a worker counting at once: the GPU takes work from
    // every worker, and a worker waits only on its own band. Held here, not by
    // the pool's threads, so they are gone before the GPU is (a pool's threads
    // end after it is dropped, in their own time).
    let spare: Mutex<Vec<Kernels>> = Mutex::new(Vec::new());
    let spare = &spare;
    std::thread::scope(|scope| {
        scope.spawn(move || {
            pool.install(|| {
                files
                    .iter()
                    .enumerate()
                    .par_bridge()
                    .for_each_with(sender, |sender, (i, file)| {
                        let result = count_one(plan, file, |band| match gpu {
                            Some(gpu) => {
                                let taken = spare.lock().map(|mut s| s.pop()).unwrap_or(None);
                                let mut kernels = taken.unwrap_or_default();
                                let counted = count_on_gpu(gpu, &mut kernels, plan, band);
                                if let Ok(mut spare) = spare.lock() {
                                    spare.push(kernels);
                                }
                                counted
                            }
                            None => Ok(count_on_cpu(plan, band)),
                        });
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

/// Counts one file with `count` (a band's counts and the method's name).
fn count_one(
    plan: &Plan,
    file: &str,
    mut count: impl FnMut(Band) -> Counting,
) -> Result<Counted1, String> {
    let spec = plan.spec;
    let mut used = None;
    let mut counted = count_file(file, spec, plan.region, plan.eight_bits, |band| {
        let (counts, name) = count(band)?;
        used = Some(name);
        Ok(counts)
    })?;
    let (histogram, hdr) = match std::mem::replace(
        &mut counted.counts,
        Counts::Levels(Histogram::from_counts(spec, vec![0; spec.len()])),
    ) {
        Counts::Levels(h) => (h, None),
        Counts::Hdr(h) => (Histogram::from_counts(spec, h.counts.clone()), Some(h)),
    };
    if let Some(h) = &hdr {
        counted.notes.push(h.note());
    } else if plan.range_given {
        counted
            .notes
            .push("--range applies to HDR (floating-point) pictures only.".to_string());
    }
    counted.notes.extend(comb_note(spec, counted.depth));
    let name = used.unwrap_or_else(|| plan.method.map_or("cpu", Method::name));
    if let Some(asked) = plan.asked.filter(|&m| m != Method::Deep) {
        if name == Method::Deep.name() && plan.method.is_some() {
            counted.notes.push(format!(
                "Counted by the deep kernel: {} counts 8-bit samples in at most \
                 {MAX_KERNEL_BINS} bins.",
                asked.name()
            ));
        }
    }
    let stats = plan.stats.then(|| match &counted.hdr_stats {
        Some(s) => Stats::Hdr(s.to_vec()),
        None => Stats::Levels(stats::Stats::of_histogram(&histogram)),
    });
    // CSV has no place for notes: they go to stderr.
    let (out, notes) = if plan.csv {
        let notes = std::mem::take(&mut counted.notes);
        (csv_rows(file, &histogram, stats.as_ref()), notes)
    } else {
        let line = json_line(
            file,
            &counted,
            &histogram,
            hdr.as_ref(),
            name,
            stats.as_ref(),
        );
        (line, Vec::new())
    };
    Ok(Counted1 {
        out,
        notes,
        summable: (histogram, counted.depth),
    })
}

/// A band counted on the GPU: the 8-bit methods hand 16-bit bands, and more bins
/// than they hold, to the deep kernel; an HDR picture goes to the hdr kernel.
fn count_on_gpu(gpu: &Gpu, kernels: &mut Kernels, plan: &Plan, band: Band) -> Counting {
    let method = plan.method.expect("a GPU method");
    let spec = plan.spec;
    if let Band::Hdr(image) = &band {
        let counted = count_hdr(gpu, kernels, image, spec.num_bins, plan.stops);
        return pollster::block_on(counted)
            .map(|h| (Counts::Hdr(h), "hdr"))
            .map_err(|e| e.0);
    }
    let deep = matches!(band, Band::Deep(_)) || spec.num_bins > MAX_KERNEL_BINS;
    let method = if deep { Method::Deep } else { method };
    let image = match &band {
        Band::Eight(image) => GpuImage::upload_for(gpu, image, method.input()),
        Band::Deep(image) => GpuImage::upload_deep(gpu, image),
        Band::Hdr(_) => unreachable!("counted above"),
    };
    let chunk = plan.chunk.unwrap_or(method.default_shape());
    gpu_histogram(gpu, kernels, &image, method, spec, chunk)
        .map(|h| (Counts::Levels(h), method.name()))
}

/// A band counted by the CPU method.
fn count_on_cpu(plan: &Plan, band: Band) -> (Counts, &'static str) {
    let spec = plan.spec;
    let counts = match band {
        Band::Eight(image) => Counts::Levels(compute_cpu(&image, spec)),
        Band::Deep(image) => Counts::Levels(deep::count_cpu(&image, spec)),
        Band::Hdr(image) => {
            let mut range = Range::of(&image);
            if let Some(stops) = plan.stops {
                range.stops = stops;
            }
            Counts::Hdr(hdr::count_cpu(&image, spec.num_bins, range))
        }
    };
    (counts, "cpu")
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

/// With more bins than a channel has levels (2^depth), R, G and B leave bins that
/// no level can fill, between full ones.
fn comb_note(spec: Spec, depth: u32) -> Option<String> {
    let n = spec.num_bins as u64;
    let levels = 1u64 << depth;
    (n > levels).then(|| {
        format!(
            "R, G and B have {levels} levels ({depth} bits a channel): {} of their {n} bins \
             can hold no pixel and stay empty between full ones; luminance, a weighted sum \
             of the three, can fill them all.",
            n - levels
        )
    })
}

fn usage_error(message: &str) -> i32 {
    options::usage_error(None, message)
}

/// `image` counted by `method` on the GPU.
pub fn gpu_histogram(
    gpu: &Gpu,
    kernels: &mut Kernels,
    image: &GpuImage,
    method: Method,
    spec: Spec,
    chunk: ChunkShape,
) -> Result<Histogram, String> {
    let run = Run::new(
        gpu,
        kernels,
        image,
        RunOptions::new(method, spec).chunk(chunk),
    )
    .map_err(|e| e.0)?;
    let (histogram, _) = pollster::block_on(run.execute(gpu)).map_err(|e| e.0)?;
    Ok(histogram)
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

fn json_line(
    file: &str,
    counted: &Counted,
    histogram: &Histogram,
    hdr: Option<&HdrHistogram>,
    method: &str,
    stats: Option<&Stats>,
) -> String {
    let names = histogram.spec().channels.names();
    let channels = names
        .iter()
        .enumerate()
        .map(|(c, &name)| (name, histogram.channel(c)));
    json::line(&FileLine {
        file,
        width: counted.width,
        height: counted.height,
        depth: counted.depth,
        bins: histogram.spec().num_bins,
        method,
        region: counted.region.map(Region::xywh),
        notes: &counted.notes,
        stats,
        hdr: hdr.map(HdrHistogram::counts_apart),
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
