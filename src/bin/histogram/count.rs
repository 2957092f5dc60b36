//! `histogram IMAGE...`: one histogram per image, JSON or CSV out.

use crate::input::{count_file, Band, Counted, Counts};
use crate::options::{self, parse, USAGE};
use histogram::deep;
use histogram::gpu::{count_hdr, ChunkShape, Gpu, GpuImage, Kernels, Method, Run, RunOptions};
use histogram::hdr::{self, HdrHistogram, HdrStats, Range};
use histogram::histogram::json_string;
use histogram::histogram::MAX_KERNEL_BINS;
use histogram::{compute_cpu, stats, Channels, Histogram, Spec};
use std::fmt::Write as _;

pub fn run(args: &[String]) -> i32 {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return 0;
    }
    let options = match parse(args, &[]) {
        Ok(o) if o.files.is_empty() => return usage_error("no image given"),
        Ok(o) => o,
        Err(e) => return usage_error(&e),
    };
    let spec = match Spec::new(options.bins, Channels::Rgbl) {
        Ok(spec) => spec,
        Err(e) => return usage_error(&e),
    };
    let stops = match options.range.as_deref().map(hdr::parse_stops).transpose() {
        Ok(stops) => stops,
        Err(e) => return usage_error(&e),
    };
    let method = match options.method.as_deref() {
        None | Some("cpu") => None,
        Some("race") => return usage_error("race loses counts on purpose; pick an exact method"),
        Some(name) => match Method::parse(name) {
            Some(m) => Some(m),
            None => return usage_error(&format!("unknown method '{name}'")),
        },
    };
    let use_gpu = options.method.as_deref() != Some("cpu");
    let gpu = if use_gpu {
        match pollster::block_on(Gpu::new(&options.gpu)) {
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
    let method = gpu.as_ref().map(|_| method.unwrap_or(Method::FASTEST));
    let mut kernels = Kernels::default();
    let mut failed = false;
    if options.csv {
        println!("file,bin,r,g,b,luminance");
    }
    for file in &options.files {
        // The method that counted the file: the 8-bit methods hand 16-bit bands,
        // and more bins than they hold, to the deep kernel.
        let mut used = method;
        let mut hdr_on_gpu = false;
        let count = |band: &Band| match (&gpu, method, band) {
            (Some(gpu), Some(_), Band::Hdr(image)) => {
                hdr_on_gpu = true;
                let counted = count_hdr(gpu, &mut kernels, image, spec.num_bins, stops);
                pollster::block_on(counted)
                    .map(Counts::Hdr)
                    .map_err(|e| e.0)
            }
            (Some(gpu), Some(method), band) => {
                let deep = matches!(band, Band::Deep(_)) || spec.num_bins > MAX_KERNEL_BINS;
                let method = if deep { Method::Deep } else { method };
                used = Some(method);
                let image = match band {
                    Band::Eight(image) => GpuImage::upload_for(gpu, image, method.input()),
                    Band::Deep(image) => GpuImage::upload_deep(gpu, image),
                    Band::Hdr(_) => unreachable!("counted above"),
                };
                gpu_histogram(
                    gpu,
                    &mut kernels,
                    &image,
                    method,
                    spec,
                    options.chunk.unwrap_or(method.default_shape()),
                )
                .map(Counts::Levels)
            }
            _ => Ok(match band {
                Band::Eight(image) => Counts::Levels(compute_cpu(image, spec)),
                Band::Deep(image) => Counts::Levels(deep::count_cpu(image, spec)),
                Band::Hdr(image) => {
                    let mut range = Range::of(image);
                    if let Some(stops) = stops {
                        range.stops = stops;
                    }
                    Counts::Hdr(hdr::count_cpu(image, spec.num_bins, range))
                }
            }),
        };
        match count_file(file, spec, options.region, options.eight_bits, count) {
            Ok(mut counted) => {
                let (histogram, hdr) = match std::mem::replace(
                    &mut counted.counts,
                    Counts::Levels(Histogram::from_counts(spec, vec![0; spec.len()])),
                ) {
                    Counts::Levels(h) => (h, None),
                    Counts::Hdr(h) => (Histogram::from_counts(spec, h.counts.clone()), Some(h)),
                };
                if let Some(h) = &hdr {
                    counted.notes.push(h.note());
                } else if options.range.is_some() {
                    counted
                        .notes
                        .push("--range applies to HDR (floating-point) pictures only.".to_string());
                }
                counted.notes.extend(comb_note(spec, counted.depth));
                if let (Some(asked), Some(Method::Deep)) = (method, used) {
                    if asked != Method::Deep {
                        counted.notes.push(format!(
                            "Counted by the deep kernel: {} counts 8-bit samples in at most \
                             {MAX_KERNEL_BINS} bins.",
                            asked.name()
                        ));
                    }
                }
                let name = if hdr_on_gpu {
                    "hdr"
                } else {
                    used.map_or("cpu", Method::name)
                };
                let stats = options.stats.then(|| match &counted.hdr_stats {
                    Some(s) => Stats::Hdr(s.to_vec()),
                    None => Stats::Levels(stats::Stats::of_histogram(&histogram)),
                });
                let out = if options.csv {
                    // CSV has no place for notes: they go to stderr.
                    for note in &counted.notes {
                        eprintln!("histogram: {file}: {note}");
                    }
                    csv_rows(file, &histogram, stats.as_ref())
                } else {
                    json_line(
                        file,
                        &counted,
                        &histogram,
                        hdr.as_ref(),
                        name,
                        stats.as_ref(),
                    )
                };
                print!("{out}");
            }
            Err(e) => {
                eprintln!("histogram: {file}: {e}");
                failed = true;
            }
        }
    }
    i32::from(failed)
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
    options::usage_error("histogram", message)
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

    fn json(&self) -> String {
        let objects: Vec<Option<String>> = match self {
            Stats::Levels(all) => all.iter().map(|s| s.map(|s| s.to_json())).collect(),
            Stats::Hdr(all) => all.iter().map(|s| s.map(|s| s.to_json())).collect(),
        };
        let parts: Vec<String> = objects
            .into_iter()
            .zip(Channels::Rgbl.names())
            .map(|(s, n)| format!("\"{n}\": {}", s.unwrap_or_else(|| "null".into())))
            .collect();
        format!("{{{}}}", parts.join(", "))
    }
}

fn json_line(
    file: &str,
    counted: &Counted,
    histogram: &Histogram,
    hdr: Option<&HdrHistogram>,
    method: &str,
    stats: Option<&Stats>,
) -> String {
    let mut out = format!(
        "{{\"file\": {}, \"width\": {}, \"height\": {}, \"depth\": {}, \"bins\": {}, \"method\": \"{method}\"",
        json_string(file),
        counted.width,
        counted.height,
        counted.depth,
        histogram.spec().num_bins
    );
    if let Some(r) = counted.region {
        write!(
            out,
            ", \"region\": [{}, {}, {}, {}]",
            r.x, r.y, r.width, r.height
        )
        .unwrap();
    }
    let notes: Vec<String> = counted.notes.iter().map(|n| json_string(n)).collect();
    write!(out, ", \"notes\": [{}]", notes.join(", ")).unwrap();
    if let Some(stats) = stats {
        write!(out, ", \"stats\": {}", stats.json()).unwrap();
    }
    if let Some(h) = hdr {
        write!(out, ", {}", h.json_fields()).unwrap();
    }
    for (c, name) in histogram.spec().channels.names().iter().enumerate() {
        let bins: Vec<String> = histogram.channel(c).iter().map(u32::to_string).collect();
        write!(out, ", \"{name}\": [{}]", bins.join(", ")).unwrap();
    }
    out + "}\n"
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
