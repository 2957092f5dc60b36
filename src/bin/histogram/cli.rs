//! Arguments, decoding, one histogram per image, JSON or CSV out.

use histogram::decode::{self, Decoder};
use histogram::gpu::{Gpu, GpuImage, GpuOptions, Kernels, Method, Run};
use histogram::{compute_cpu, stats, Channels, Histogram, Image, Region, Spec};
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Cursor, Read, Seek};

const USAGE: &str = "\
usage: histogram [OPTIONS] IMAGE...   (IMAGE - reads one image from standard input)
       histogram adjust (--equalize | --clahe | --auto-levels | --otsu) IN OUT
       histogram bench [--runs N] [--sizes WxH,...] [--kinds natural,uniform,noise]
                       [--methods NAME,...] [--warmup-ms MS] [BENCH OPTIONS] [IMAGE...]

Prints the R, G, B and luminance histograms of each image (PNG, JPEG, WebP, GIF,
BMP, TIFF, ICO), one JSON object per line (or CSV rows). The stored values are
counted: alpha is not applied, 16-bit samples count as the nearest 8-bit value,
colour profiles are not applied, an animation counts its first frame.

options:
  --method NAME    cpu, or a GPU method: single, atomic, chunks-sum, chunks-reduce,
                   privatized, packed (default: packed, the fastest exact one;
                   race is refused: it loses counts on purpose)
  --bins N         bins per channel, 1 to 1024 (default 256)
  --format F       json (default) or csv
  --chunk WxH      chunk shape of the chunk methods (default 256x1)
  --region X,Y,W,H count only this rectangle of each image (it must fit inside)
  --stats          add each channel's statistics: pixels, mean, std_dev, median,
                   mode, min, max, p1, p99 and the percent in the first and last
                   bin (JSON: a \"stats\" object; CSV: a row per statistic)
  --backend B      vulkan, gl, metal, dx12 (default: any)
  --adapter NAME   the first GPU adapter whose name contains NAME
  -h, --help       this text

With no GPU adapter the CPU method is used, unless a GPU method was asked for.
A file that cannot be read is reported on stderr; the others are still processed,
and the exit status is 1. Large images are counted in bands of rows: PNG files are
decoded band by band (any size fits), other formats are decoded whole when the
machine's memory allows.

bench keeps the GPU busy for --warmup-ms (default 300) before timing each case:
an idle GPU lowers its clocks and takes a while to raise them again.";

/// What the command line asked for.
pub struct Options {
    pub method: Option<String>,
    pub bins: u32,
    pub csv: bool,
    pub chunk: histogram::gpu::ChunkShape,
    pub region: Option<Region>,
    pub stats: bool,
    pub gpu: GpuOptions,
    pub files: Vec<String>,
    /// Everything else, for `bench` to read.
    pub rest: Vec<(String, String)>,
}

/// Parses `--name value` pairs and files; `bench_keys` are the extra options allowed.
pub fn parse(args: &[String], bench_keys: &[&str]) -> Result<Options, String> {
    let mut o = Options {
        method: None,
        bins: 256,
        csv: false,
        chunk: Default::default(),
        region: None,
        stats: false,
        gpu: GpuOptions::default(),
        files: Vec::new(),
        rest: Vec::new(),
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if !arg.starts_with("--") {
            o.files.push(arg.clone());
            continue;
        }
        let name = arg.trim_start_matches("--");
        if name == "stats" {
            o.stats = true;
            continue;
        }
        let value = args.next().ok_or_else(|| format!("{arg} needs a value"))?;
        match name {
            "method" => o.method = Some(value.clone()),
            "bins" => {
                o.bins = value
                    .parse()
                    .map_err(|_| format!("--bins takes a number, not '{value}'"))?
            }
            "format" => {
                o.csv = match value.as_str() {
                    "json" => false,
                    "csv" => true,
                    _ => return Err(format!("--format is json or csv, not '{value}'")),
                }
            }
            "chunk" => {
                o.chunk = histogram::gpu::ChunkShape::parse(value)
                    .ok_or_else(|| format!("--chunk takes WxH, not '{value}'"))?
            }
            "backend" => {
                o.gpu.backends = Some(match value.as_str() {
                    "vulkan" => wgpu::Backends::VULKAN,
                    "gl" => wgpu::Backends::GL,
                    "metal" => wgpu::Backends::METAL,
                    "dx12" => wgpu::Backends::DX12,
                    _ => {
                        return Err(format!(
                            "--backend is vulkan, gl, metal or dx12, not '{value}'"
                        ))
                    }
                })
            }
            "adapter" => o.gpu.adapter = Some(value.clone()),
            "region" => o.region = Some(Region::parse(value)?),
            _ if bench_keys.contains(&name) => o.rest.push((name.to_string(), value.clone())),
            _ => return Err(format!("unknown option {arg}")),
        }
    }
    Ok(o)
}

pub fn main(args: Vec<String>) -> i32 {
    // `bench` and `adjust` are the first argument that is neither an option nor an option's value.
    let mut first = 0;
    while args.get(first).is_some_and(|a| a.starts_with("--")) {
        first += 2;
    }
    if args.get(first).map(String::as_str) == Some("adjust") {
        let mut args = args;
        args.remove(first);
        return crate::adjust::run(args);
    }
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return 0;
    }
    if args.get(first).map(String::as_str) == Some("bench") {
        let mut args = args;
        args.remove(first);
        return match parse(&args, crate::bench::KEYS) {
            Ok(options) => crate::bench::run(options),
            Err(e) => usage_error(&e),
        };
    }
    let options = match parse(&args, &[]) {
        Ok(o) if o.files.is_empty() => return usage_error("no image given"),
        Ok(o) => o,
        Err(e) => return usage_error(&e),
    };
    let spec = match Spec::new(options.bins, Channels::Rgbl) {
        Ok(spec) => spec,
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
        let counter = |band: &Image| match (&gpu, method) {
            (Some(gpu), Some(method)) => {
                gpu_histogram(gpu, &mut kernels, band, method, spec, options.chunk)
            }
            _ => Ok(compute_cpu(band, spec)),
        };
        match count_file(file, spec, options.region, counter) {
            Ok(counted) => {
                let name = method.map_or("cpu", Method::name);
                let out = if options.csv {
                    csv_rows(file, &counted.histogram, options.stats)
                } else {
                    json_line(file, &counted, name, options.stats)
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

fn usage_error(message: &str) -> i32 {
    eprintln!("histogram: {message}\nTry 'histogram --help' for the options.");
    2
}

/// Pixels of one band: 64 megapixels, 256 MiB of RGBA (a GPU upload at a time).
const BAND_PIXELS: u64 = 1 << 26;

/// An image file counted band by band.
pub struct Counted {
    pub width: u32,
    pub height: u32,
    pub region: Option<Region>,
    pub histogram: Histogram,
    pub notes: Vec<String>,
}

/// Counts `path` (or standard input for "-") band by band with `count`, all of it
/// or only `region`.
pub fn count_file(
    path: &str,
    spec: Spec,
    region: Option<Region>,
    count: impl FnMut(&Image) -> Result<Histogram, String>,
) -> Result<Counted, String> {
    if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        count_bands(Cursor::new(bytes), spec, region, count)
    } else {
        let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
        count_bands(BufReader::new(file), spec, region, count)
    }
}

fn count_bands(
    reader: impl BufRead + Seek,
    spec: Spec,
    region: Option<Region>,
    mut count: impl FnMut(&Image) -> Result<Histogram, String>,
) -> Result<Counted, String> {
    let mut decoder = Decoder::new(reader, u64::MAX, memory_budget()).map_err(|e| e.to_string())?;
    let (width, height) = (decoder.width(), decoder.height());
    let pixels = width as u64 * height as u64;
    if pixels > u32::MAX as u64 {
        return Err(format!(
            "the image is {width}x{height}: {pixels} pixels, more than a 32-bit count holds \
             ({}); split it into parts",
            u32::MAX
        ));
    }
    if let Some(region) = region {
        region.within(width, height)?;
    }
    let mut histogram = Histogram::from_counts(spec, vec![0; spec.len()]);
    let mut top = 0;
    while let Some(band) = decoder.next_band(BAND_PIXELS).map_err(|e| e.to_string())? {
        // The rows of the region in this band, cut out of it (a copy of those rows).
        let rows = band.height();
        let part = match region {
            None => Some(band),
            Some(region) => region.in_rows(top, rows).map(|r| band.crop(r)),
        };
        top += rows;
        if let Some(part) = part {
            histogram.add(&count(&part)?);
        }
    }
    Ok(Counted {
        width,
        height,
        region,
        histogram,
        notes: decoder.notes(),
    })
}

/// What a whole decode may take: three quarters of the memory the system says is
/// available (Linux), else 4 GiB.
fn memory_budget() -> u64 {
    let available = std::fs::read_to_string("/proc/meminfo").ok().and_then(|m| {
        let line = m.lines().find(|l| l.starts_with("MemAvailable:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    });
    available.map_or(4 << 30, |bytes| bytes / 4 * 3)
}

/// Reads and decodes a whole image file (or standard input for "-") into RGBA8.
pub fn decode_whole(path: &str) -> Result<Image, String> {
    let bytes = if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        bytes
    } else {
        std::fs::read(path).map_err(|e| e.to_string())?
    };
    decode::decode(&bytes, histogram::image::MAX_PIXELS)
        .map(|d| d.image)
        .map_err(|e| e.to_string())
}

pub fn gpu_histogram(
    gpu: &Gpu,
    kernels: &mut Kernels,
    image: &Image,
    method: Method,
    spec: Spec,
    chunk: histogram::gpu::ChunkShape,
) -> Result<Histogram, String> {
    let gpu_image = GpuImage::upload_for(gpu, image, method.input());
    let run = Run::new(gpu, kernels, &gpu_image, method, spec, chunk).map_err(|e| e.0)?;
    let (histogram, _) = pollster::block_on(run.execute(gpu)).map_err(|e| e.0)?;
    Ok(histogram)
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => write!(out, "\\u{:04x}", c as u32).unwrap(),
            c => out.push(c),
        }
    }
    out + "\""
}

fn json_line(file: &str, counted: &Counted, method: &str, with_stats: bool) -> String {
    let histogram = &counted.histogram;
    let mut out = format!(
        "{{\"file\": {}, \"width\": {}, \"height\": {}, \"bins\": {}, \"method\": \"{method}\"",
        json_string(file),
        counted.width,
        counted.height,
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
    if with_stats {
        write!(out, ", \"stats\": {}", stats::json(histogram)).unwrap();
    }
    for (c, name) in histogram.spec().channels.names().iter().enumerate() {
        let bins: Vec<String> = histogram.channel(c).iter().map(u32::to_string).collect();
        write!(out, ", \"{name}\": [{}]", bins.join(", ")).unwrap();
    }
    out + "}\n"
}

fn csv_rows(file: &str, histogram: &Histogram, with_stats: bool) -> String {
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
    if with_stats {
        // One row per statistic, named in the bin column.
        let all = stats::Stats::of_histogram(histogram);
        for (i, field) in stats::FIELDS.iter().enumerate() {
            let values: Vec<String> = all
                .iter()
                .map(|s| s.map_or(String::new(), |s| format!("{}", s.values()[i])))
                .collect();
            writeln!(rows, "{name},{field},{}", values.join(",")).unwrap();
        }
    }
    rows
}
