//! The command line's words: the options every command shares, parsed one way.

use histogram::gpu::{ChunkShape, GpuOptions};
use histogram::Region;

pub const USAGE: &str = "\
usage: histogram [OPTIONS] IMAGE|FOLDER...   (- reads one image from standard input)
       histogram merge [--stats] [--format F] SHARD.jsonl...
       histogram adjust (--equalize | --clahe | --auto-levels | --otsu) IN OUT
       histogram scope (--waveform | --parade | --vectorscope) IMAGE... [--out DIR]
       histogram bench [--runs N] [--sizes WxH,...] [--kinds natural,uniform,noise]
                       [--methods NAME,...] [--warmup-ms MS] [--bits 8|16] [--bins N]
                       [BENCH OPTIONS] [IMAGE...]

Prints the R, G, B and luminance histograms of each image (PNG, JPEG, WebP, GIF,
BMP, TIFF, ICO, Radiance HDR, OpenEXR), one JSON object per line (or CSV rows). A
folder gives its images, in the order of their paths, with its subfolders'.
`merge` sums the outputs of runs over parts of a set (shards) into one total.
The stored values are counted: alpha is not applied, colour profiles are not
applied, an animation counts its first frame. 16-bit PNG and TIFF are counted
at their full depth.

The rule, for samples of d bits (8, or 16): v = stored / (2^d - 1); a channel's
bin is min(floor(v * N), N - 1) for N bins, luminance's the same on
0.2126 R + 0.7152 G + 0.0722 B; evaluated exactly, in integers, so every method
agrees. With N = 2^d a bin is the stored value itself.

HDR pictures (Radiance .hdr, OpenEXR, floating-point TIFF) are linear values:
R, G and B are counted over [0, max] (max: the largest finite sample), bin
min(floor(v * (N / max)), N - 1); luminance Y in stops (log2 Y) over [LO, HI],
by default the whole stops around the data's own positive Y (--range LO,HI to
choose), each bin's edges 2^(LO + k (HI - LO) / N). Values below 0 or outside
the range, and pixels with a NaN or infinite sample, are counted apart
(\"below\", \"above\", \"invalid\"), with each channel's count above 1.0, which
an SDR display clips. On the GPU the hdr kernel counts them.

options:
  --method NAME    cpu, or a GPU method: single, atomic, fragment (atomicAdd from a
                   fragment shader), chunks-sum, chunks-reduce, privatized, packed,
                   deep (default: packed, the fastest exact one; race is refused: it
                   loses counts on purpose); all but deep count 8-bit samples in at
                   most 1024 bins, and hand 16-bit files and more bins to deep
                   (JSON's \"method\" says which counted)
  --bins N         bins per channel, 1 to 65536 (default 256); past 2^d, R, G
                   and B leave bins empty, and a note says how many
  --depth D        stored (default): count samples at the file's depth; 8: count
                   16-bit samples as their nearest 8-bit value, as the article's
                   pages do (and as the browser decodes files it reads for them)
  --format F       json (default) or csv
  --chunk WxH      the pixels a workgroup covers: the chunk of the chunk methods
                   (default 256x1), the workgroup of race and atomic (default 1x1)
  --region X,Y,W,H count only this rectangle of each image (it must fit inside)
  --range LO,HI    an HDR picture's luminance range in stops (default: its own)
  --stats          add each channel's statistics: pixels, mean, std_dev, median,
                   mode, min, max, p1, p99 and the percent in the first and last
                   bin (JSON: a \"stats\" object; CSV: a row per statistic)
  --files-from F   count the files listed in F too, a path a line (- : stdin)
  --jobs N         files decoded at once (default: every core); the GPU counts
                   what is decoded meanwhile, and results print in the files' order
  --total          end with one histogram of all the files ({\"files\": N, ...}),
                   its --stats those of the whole set, from the summed bins
  --skip-done OUT  files with a line in OUT (an earlier run's JSON Lines) are not
                   counted again; with --total, their histograms are summed too
  --quiet          no progress bar (it is drawn only where stderr is a terminal)
  --backend B      vulkan, gl, metal, dx12 (default: any)
  --adapter NAME   the first GPU adapter whose name contains NAME
  -h, --help       this text

With no GPU adapter the CPU method is used, unless a GPU method was asked for.
A file that cannot be read is reported on stderr; the others are still processed,
and the exit status is 1. Large images are counted in bands of rows: PNG files are
decoded band by band (any size fits), other formats are decoded whole when the
machine's memory allows.

bench --bits 16 times the deep method on 16-bit pictures of the same kinds.
bench keeps the GPU busy for --warmup-ms (default 300) before timing each case:
an idle GPU lowers its clocks and takes a while to raise them again.";

/// What the command line asked for.
pub struct Options {
    pub method: Option<String>,
    pub bins: u32,
    pub csv: bool,
    /// `None`: the method's own (`Method::default_shape`).
    pub chunk: Option<ChunkShape>,
    pub region: Option<Region>,
    /// `--range LO,HI`: an HDR picture's luminance stops.
    pub range: Option<String>,
    pub stats: bool,
    /// `--depth 8`: 16-bit samples rounded to 8 bits before counting.
    pub eight_bits: bool,
    pub gpu: GpuOptions,
    pub files: Vec<String>,
    /// `--files-from PATH`: more files, a path a line ("-": standard input).
    pub files_from: Option<String>,
    /// `--jobs N`: files decoded at once (default: every core).
    pub jobs: Option<usize>,
    /// `--total`: one more histogram, of all the files.
    pub total: bool,
    /// `--skip-done OUT.jsonl`: files with a line there are not counted again.
    pub skip_done: Option<String>,
    /// `--quiet`: no progress bar.
    pub quiet: bool,
    /// Everything else, for `bench` to read.
    pub rest: Vec<(String, String)>,
}

/// Parses `--name value` pairs and files; `bench_keys` are the extra options allowed.
pub fn parse(args: &[String], bench_keys: &[&str]) -> Result<Options, String> {
    let mut o = Options {
        method: None,
        bins: 256,
        csv: false,
        chunk: None,
        region: None,
        range: None,
        stats: false,
        eight_bits: false,
        gpu: GpuOptions::default(),
        files: Vec::new(),
        files_from: None,
        jobs: None,
        total: false,
        skip_done: None,
        quiet: false,
        rest: Vec::new(),
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        // `--` ends the options: every argument after it is a file, even "-name.png".
        if arg == "--" {
            o.files.extend(args.cloned());
            break;
        }
        if !arg.starts_with("--") {
            o.files.push(arg.clone());
            continue;
        }
        let name = arg.trim_start_matches("--");
        let flag = match name {
            "stats" => Some(&mut o.stats),
            "total" => Some(&mut o.total),
            "quiet" => Some(&mut o.quiet),
            _ => None,
        };
        if let Some(flag) = flag {
            *flag = true;
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
            "depth" => {
                o.eight_bits = match value.as_str() {
                    "stored" => false,
                    "8" => true,
                    _ => return Err(format!("--depth is stored or 8, not '{value}'")),
                }
            }
            "chunk" => {
                o.chunk = Some(
                    ChunkShape::parse(value)
                        .ok_or_else(|| format!("--chunk takes WxH, not '{value}'"))?,
                )
            }
            "backend" => o.gpu.backends = Some(backend(value)?),
            "adapter" => o.gpu.adapter = Some(value.clone()),
            "region" => o.region = Some(Region::parse(value)?),
            "range" => o.range = Some(value.clone()),
            "files-from" => o.files_from = Some(value.clone()),
            "skip-done" => o.skip_done = Some(value.clone()),
            "jobs" => {
                o.jobs =
                    Some(value.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                        format!("--jobs takes a number of threads, not '{value}'")
                    })?)
            }
            _ if bench_keys.contains(&name) => o.rest.push((name.to_string(), value.clone())),
            _ => return Err(format!("unknown option {arg}")),
        }
    }
    let dashes = o.files.iter().filter(|f| *f == "-").count()
        + usize::from(o.files_from.as_deref() == Some("-"));
    if dashes > 1 {
        return Err(format!(
            "standard input can be read once, and '-' is given {dashes} times"
        ));
    }
    Ok(o)
}

/// A `--backend` value.
pub fn backend(value: &str) -> Result<wgpu::Backends, String> {
    Ok(match value {
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

/// Prints `message` and where to look for help; the exit status of a usage error.
pub fn usage_error(command: &str, message: &str) -> i32 {
    eprintln!("{command}: {message}\nTry '{command} --help' for the options.");
    2
}
