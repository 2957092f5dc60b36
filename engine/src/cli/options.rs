//! The command line's words, parsed by clap: the commands, their options and their
//! help; each kind of value read by one parser, shared by every command that takes it.

use crate::arg_values::*;
use clap::builder::PossibleValuesParser;
use clap::error::ErrorKind;
use clap::{
    Arg, ArgAction, ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum,
};
use histogram::adjust::Adjustment;
use histogram::gpu::policy::{Asked, Decode};
use histogram::gpu::{ChunkShape, GpuOptions, Method};
use histogram::scope::Transfer;
use histogram::{hdr, Region, Spec};
use std::path::{Path, PathBuf};

const RULES: &str = "\
Prints the R, G, B and luminance histograms of each image (PNG, JPEG, WebP, GIF,
BMP, TIFF, ICO, Radiance HDR, OpenEXR), one JSON object per line (or CSV rows).
A folder gives its images, in the order of their paths, with its subfolders'.
The stored values are counted: alpha is not applied, colour profiles are not
applied, an animation counts its first frame. 16-bit PNG and TIFF are counted at
their full depth.

The rule, for samples of d bits (8, or 16): v = stored / (2^d - 1); a channel's
bin is min(floor(v * N), N - 1) for N bins, luminance's the same on 0.2126 R +
0.7152 G + 0.0722 B; evaluated exactly, in integers, so every method agrees. With
N = 2^d a bin is the stored value itself.

HDR pictures (Radiance .hdr, OpenEXR, floating-point TIFF) are linear values: R,
G and B are counted over [0, max] (max: the largest finite sample), bin
min(floor(v * (N / max)), N - 1); luminance Y in stops (log2 Y) over [LO, HI], by
default the whole stops around the data's own positive Y (--range LO,HI to
choose), each bin's edges 2^(LO + k (HI - LO) / N). Values below 0 or outside the
range, and pixels with a NaN or infinite sample, are counted apart (\"below\",
\"above\", \"invalid\"), with each channel's count above 1.0, which an SDR
display clips. On the GPU the hdr kernel counts them.";

const AFTER: &str = "\
Unasked, the CPU method counts until its counting (and its decoding of the
JPEGs an open GPU would share) has cost the run what opening and closing the
GPU would; then, if what is left would repay it, the GPU opens and its fastest
method counts the rest (one photo, or a folder that ends soon, never opens it;
--backend or --adapter opens it at once). With no GPU adapter, or where the
only adapter is a CPU, the CPU method counts (it is the faster there), unless
a GPU method is asked for. A file that cannot be read is reported on stderr;
the others are still processed, and the exit status is 1. Large images are
counted in bands of rows: PNG files are decoded band by band (any size fits),
other formats are decoded whole when the machine's memory allows.";

#[derive(Parser)]
#[command(
    name = "histogram",
    version,
    about = "Image histograms on the GPU (or the CPU), from the command line",
    long_about = RULES,
    after_long_help = AFTER,
    args_override_self = true,
    max_term_width = 100,
    override_usage = "histogram [OPTIONS] [IMAGE|FOLDER]...\n       histogram [--backend B] [--adapter NAME] <COMMAND> ..."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub count: CountArgs,
    /// Every command's, before or after its name.
    #[command(flatten)]
    pub gpu: GpuArgs,
}

#[derive(Subcommand)]
pub enum Command {
    /// Sum the outputs of runs over parts of a set (shards) into one total
    #[command(args_override_self = true, long_about = MERGE_ABOUT)]
    Merge(MergeArgs),
    /// Equalize, CLAHE, auto-levels or Otsu's threshold of an image, written as PNG
    #[command(args_override_self = true, long_about = ADJUST_ABOUT)]
    Adjust(AdjustArgs),
    /// The waveform, RGB parade or vectorscope of each image, as PNG or JSON counts
    #[command(args_override_self = true, long_about = SCOPE_ABOUT)]
    Scope(ScopeArgs),
    /// Every GPU method timed (timestamp queries) and checked against the CPU
    #[command(args_override_self = true, long_about = BENCH_ABOUT)]
    Bench(BenchArgs),
}

/// `histogram IMAGE|FOLDER...`: one histogram an image.
#[derive(Args)]
pub struct CountArgs {
    /// Images and folders (a folder's images in the order of their paths, its
    /// subfolders' too); - reads one image from standard input
    #[arg(value_name = "IMAGE|FOLDER")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub counting: Counting,
    #[command(flatten)]
    pub output: Output,
    /// Count the files listed in FILE too, a path a line (- : standard input)
    #[arg(long, value_name = "FILE")]
    pub files_from: Option<PathBuf>,
    /// Files decoded at once (default: every core; at most 4 a core); results print
    /// in the files' order
    #[arg(long, value_name = "N", value_parser = at_least_one)]
    pub jobs: Option<usize>,
    /// End with one histogram of all the files ({"files": N, ...}), its --stats
    /// those of the whole set, from the summed bins
    #[arg(long)]
    pub total: bool,
    /// Files with a line in OUT (an earlier run's JSON Lines, counted with the same
    /// options) are not counted again; with --total, their histograms are summed
    /// too. A file is known by what it is, not how it was spelled; OUT's lines of
    /// files outside this run, or a second line of a file, are left out
    #[arg(long, value_name = "OUT")]
    pub skip_done: Option<PathBuf>,
    /// No progress bar (it is drawn only where stderr is a terminal)
    #[arg(long)]
    pub quiet: bool,
}

/// How each picture is counted.
#[derive(Args)]
pub struct Counting {
    /// cpu, or a GPU method: single, atomic, fragment (atomicAdd from a fragment
    /// shader), chunks-sum, chunks-reduce, privatized, packed, deep, subgroups (where
    /// the adapter has them) (default: cpu
    /// until the GPU pays, then packed, below; race is refused: it loses counts on purpose);
    /// all but deep count 8-bit samples in at most 1024 bins, and hand 16-bit files
    /// and more bins to deep (JSON's "method" says which counted)
    #[arg(long, value_name = "NAME", value_parser = Asked::parse)]
    pub method: Option<Asked>,
    /// Where a JPEG is decoded: cpu (libjpeg-turbo), gpu (a baseline file's
    /// Huffman codes, then every file's IDCT, upsampling and colour, on the GPU
    /// as libjpeg-turbo does them: the same samples), or auto: the faster here
    /// (the CPU alone; a folder long enough to pay for opening a GPU that is not
    /// a CPU adapter: its baseline files on the GPU, the cores taking those it has
    /// no room for: docs/DECISIONS.md 76, 87). A JPEG
    /// the GPU does not take (not YCbCr with chroma at most halved, damaged) is
    /// decoded by the CPU, which --decode gpu notes
    #[arg(long, value_name = "WHERE", default_value = "auto", value_parser = Decode::parse)]
    pub decode: Decode,
    /// Bins per channel, 1 to 65536; past 2^d, R, G and B leave bins empty, and a
    /// note says how many
    #[arg(long, value_name = "N", default_value = "256", value_parser = bins)]
    pub bins: Spec,
    /// stored: count samples at the file's depth; 8: count 16-bit samples as their
    /// nearest 8-bit value, as the article's pages do
    #[arg(long, value_name = "D", value_enum, default_value_t = Depth::Stored)]
    pub depth: Depth,
    /// The pixels a workgroup covers: the chunk of the chunk methods (default
    /// 256x1), the workgroup of race and atomic (default 1x1)
    #[arg(long, value_name = "WxH", value_parser = chunk)]
    pub chunk: Option<ChunkShape>,
    /// Count only this rectangle of each image (it must fit inside)
    #[arg(long, value_name = "X,Y,W,H", value_parser = Region::parse)]
    pub region: Option<Region>,
    /// An HDR picture's luminance range in stops (default: its own)
    #[arg(long, value_name = "LO,HI", value_parser = hdr::parse_stops, allow_hyphen_values = true)]
    pub range: Option<(f32, f32)>,
}

/// What is printed.
#[derive(Args)]
pub struct Output {
    /// json (one object a line) or csv
    #[arg(long, value_name = "F", value_enum, default_value_t = Format::Json)]
    pub format: Format,
    /// Add each channel's statistics: pixels, mean, std_dev, median, mode, min, max,
    /// p1, p99 and the percent in the first and last bin (JSON: a "stats" object;
    /// CSV: a row per statistic)
    #[arg(long)]
    pub stats: bool,
}

/// Which adapter, for every command that uses the GPU (global: given before or
/// after the command's name).
#[derive(Args)]
pub struct GpuArgs {
    /// The graphics API (default: any)
    #[arg(long, value_name = "B", value_enum, global = true)]
    backend: Option<Backend>,
    /// The first GPU adapter whose name contains NAME
    #[arg(long, value_name = "NAME", global = true)]
    adapter: Option<String>,
}

impl GpuArgs {
    pub fn options(&self) -> GpuOptions {
        GpuOptions {
            backends: self.backend.map(Backend::backends),
            adapter: self.adapter.clone(),
            ..Default::default()
        }
    }
}

/// `histogram merge SHARD...`.
#[derive(Args)]
pub struct MergeArgs {
    /// Earlier runs' JSON Lines (their files' lines, or their --total)
    #[arg(value_name = "SHARD.jsonl", required = true)]
    pub shards: Vec<PathBuf>,
    /// Sum lines counted over a region (--region) too: without it such a line is
    /// refused, since a region's counts are not its picture's
    #[arg(long)]
    pub regions: bool,
    #[command(flatten)]
    pub output: Output,
}

const MERGE_ABOUT: &str = "\
Sums shards: the JSON Lines outputs of runs over parts of a set of images (each
`histogram --format json ... > SHARD.jsonl`), into one total, as `--total` gives
for one run over all of them. A shard's per-file lines are summed (a file found
twice, in one shard or two, is refused: it would count twice; so is a shard given
twice); a shard with no per-file line gives its total line. Shards counted with
other --bins are refused, and so is a line counted over a --region unless
--regions asks for regions' counts; a line that is not a whole histogram is refused with
its shard and line number, and nothing is printed. Lines of different depths add
up at the deepest (a bin is the same fraction of full scale at any depth), in any
order. An HDR picture (counted over its own range) cannot join the total: it is
left out and said, as a run with --total leaves it out, and so is a shard's last
line cut short by an interrupted run; the status is then 1.";

const SCOPE_ABOUT: &str = "\
Writes each image's scope as a PNG (IMAGE's name, then -waveform.png, -parade.png
or -vectorscope.png, in --out DIR), its graticule named as the studio names it (a
line's share of full scale in a strip at the right, a target's colour beside it),
or with --format json one JSON object per image and line. A file that cannot be read is reported on stderr; the others are
still processed, and the exit status is 1.

waveform: per pixel column, the histogram of its R, G, B and luminance: R, G, B by
the stored 8-bit value, luminance by the histograms' rule (256 bins); drawn with x
= column, y = value (0 at the bottom), the luminance in white, a graticule line
every 10%. JSON: {\"file\", \"width\", \"height\", \"scope\": \"waveform\",
\"r\", \"g\", \"b\", \"luminance\"}, each {\"from\", \"counts\"}: column x's counts
from level from[x] up to its highest level with a pixel (the others hold none).

parade: the R, G and B waveforms side by side (JSON: the waveform's counts).

vectorscope: the histogram of chroma on an N x N grid: R', G', B' = stored / 255
(f32); Y' = 0.2126 R' + 0.7152 G' + 0.0722 B'; Cb = (B' - Y') / 1.8556, Cr = (R' -
Y') / 1.5748 (BT.709, full range); codes cb = floor(128 + 255 Cb + 0.5), cr
likewise, clamped to 0..255; column = floor(cb N / 256), row = floor((255 - cr) N
/ 256): +Cr up, neutral on one cell. Drawn with a circle, the six 75% colour
bars' targets and the skin-tone line. JSON: {\"file\", \"width\", \"height\",
\"scope\": \"vectorscope\", \"size\": N, \"counts\"}, N rows (row 0 at the top)
of N counts.

zebra and false colour: not scopes but the exposure overlays a camera monitor
draws, on the picture (or --region of it) at its own size, as the studio draws
them (the CPU's drawing, which the studio's GPU drawing is tested against). Both
read each pixel's luminance level by the histograms' rule (0-255). --zebra P:
black stripes across the diagonal on the pixels at or above ceil(255 P / 100).
--false-colour: six exposure bands, from crushed black to clipped white, each in
its colour, the rest grey at its level (the bands' levels and colours are in its
JSON). PNG: IMAGE-zebra.png, IMAGE-false-colour.png. JSON: {\"file\",
\"width\", \"height\", \"scope\": \"zebra\", \"percent\", \"level\",
\"marked\", \"pixels\"}, or \"scope\": \"false-colour\" and \"bands\": [{\"id\",
\"from\", \"to\", \"colour\", \"pixels\"}]: the pixels each marks.";

const BENCH_ABOUT: &str = "\
Times every GPU method on generated pictures (and the IMAGEs given) with timestamp
queries, each checked against the CPU method, one row a case, in the rows of
../shared/anchors/cub_hist.cu (bench/compare.py reads both). --bits 16 times the
deep method on 16-bit pictures of the same kinds. Each case first keeps the GPU
busy for --warmup-ms: an idle GPU lowers its clocks and takes a while to raise
them again.";

/// The article's and common video sizes; 1920x1080's pixels as one row and one
/// column, and 4096x2048's as 16384x512 and 512x16384: the time should not depend
/// on the shape.
const BENCH_SIZES: &str =
    "2448x1505,1920x1080,2073600x1,1x2073600,4096x2048,16384x512,512x16384,3840x2160,8192x8192";

const ADJUST_ABOUT: &str = "\
Writes IN adjusted from its histogram to OUT as PNG (- for standard input or
output). Luma is 0.2126 R' + 0.7152 G' + 0.0722 B' on the stored values; the
equalizations move each pixel's luma and keep its colour (Cb, Cr).";

/// `histogram adjust (--equalize | --clahe | ...) IN OUT`.
#[derive(Args)]
pub struct AdjustArgs {
    /// IN and OUT; with --time, OUT may be left out
    #[arg(value_name = "IN OUT")]
    pub files: Vec<String>,
    #[command(flatten)]
    pub chosen: Adjustments,
    #[arg(long, value_name = "WxH", value_parser = pair, help = defaults().tiles)]
    pub tiles: Option<(u32, u32)>,
    #[arg(long, value_name = "C", help = defaults().clip)]
    pub clip: Option<f32>,
    #[arg(long, value_name = "P", help = defaults().low)]
    pub low: Option<f32>,
    #[arg(long, value_name = "P", help = defaults().high)]
    pub high: Option<f32>,
    /// Auto-levels: one stretch for R, G and B from their combined histogram
    #[arg(long)]
    pub linked: bool,
    /// gpu, or cpu: the CPU reference
    #[arg(long, value_name = "M", value_enum, default_value_t = Processor::Gpu)]
    pub method: Processor,
    /// Also time the adjustment on the GPU RUNS times (timestamp queries, the
    /// picture already uploaded) and print the median milliseconds
    #[arg(long, value_name = "RUNS", value_parser = at_least_one)]
    pub time: Option<usize>,
}

/// Each parameter's help, with its default as `Adjustment::ALL` has it.
struct Defaults {
    tiles: String,
    clip: String,
    low: String,
    high: String,
}

fn defaults() -> Defaults {
    let (mut tiles, mut clip, mut low, mut high) = ((0, 0), 0.0, 0.0, 0.0);
    for adjustment in Adjustment::ALL {
        match adjustment {
            Adjustment::Clahe { tiles: t, clip: c } => (tiles, clip) = (t, c),
            Adjustment::AutoLevels {
                low: l, high: h, ..
            } => (low, high) = (l, h),
            Adjustment::Equalize | Adjustment::Otsu => {}
        }
    }
    Defaults {
        tiles: format!(
            "CLAHE: the grid of tiles, up to 64x64 (default {}x{})",
            tiles.0, tiles.1
        ),
        clip: format!(
            "CLAHE: each tile's histogram clipped at C times its average bin, above 0 and \
             up to 64 (default {clip:.1})"
        ),
        low: format!("Auto-levels: the percentile stretched to 0 (default {low})"),
        high: format!("Auto-levels: the percentile stretched to 255 (default {high})"),
    }
}

/// The adjustments asked for: a flag for each of `Adjustment::ALL`, named by it.
pub struct Adjustments(pub Vec<Adjustment>);

impl Adjustments {
    fn help(adjustment: Adjustment) -> &'static str {
        match adjustment {
            Adjustment::Equalize => "Global histogram equalization of luma",
            Adjustment::Clahe { .. } => {
                "Contrast-limited adaptive equalization of luma: a table a tile of a \
                 --tiles grid, each tile's histogram clipped at --clip times its average \
                 bin, tables interpolated between tile centres"
            }
            Adjustment::AutoLevels { .. } => {
                "Each channel stretched from its --low to its --high percentile to 0..255"
            }
            Adjustment::Otsu => "Black and white at Otsu's threshold of luma",
        }
    }
}

impl FromArgMatches for Adjustments {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let given = Adjustment::ALL
            .into_iter()
            .filter(|a| matches.get_flag(a.name()));
        Ok(Adjustments(given.collect()))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for Adjustments {
    fn augment_args(command: clap::Command) -> clap::Command {
        command.args(Adjustment::ALL.map(|a| {
            Arg::new(a.name())
                .long(a.name())
                .action(ArgAction::SetTrue)
                .help(Adjustments::help(a))
        }))
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        Self::augment_args(command)
    }
}

/// `histogram scope (--waveform | --parade | --vectorscope | --zebra P |
/// --false-colour) IMAGE...`.
#[derive(Args)]
pub struct ScopeArgs {
    /// Images; - reads one from standard input
    #[arg(value_name = "IMAGE", required = true)]
    pub files: Vec<String>,
    /// Per pixel column, the histogram of its R, G, B and luminance
    #[arg(long)]
    pub waveform: bool,
    /// The R, G and B waveforms side by side
    #[arg(long)]
    pub parade: bool,
    /// The histogram of chroma (Cb, Cr) on a --size grid
    #[arg(long)]
    pub vectorscope: bool,
    /// Not a scope: the picture with zebra stripes on the pixels whose luminance
    /// is at or above P percent of full scale
    #[arg(long, value_name = "P")]
    pub zebra: Option<u32>,
    /// Not a scope: the picture in false colour, each exposure band in its colour
    #[arg(long)]
    pub false_colour: bool,
    /// png (a file an image, in --out) or json (an object a line)
    #[arg(long, value_name = "F", value_enum, default_value_t = ScopeFormat::Png)]
    pub format: ScopeFormat,
    /// Where the PNG files go
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub out: String,
    /// The vectorscope's grid; N divides 256
    #[arg(long, value_name = "N", default_value_t = 256)]
    pub size: u32,
    /// gpu, or cpu (without an adapter the CPU counts, unless gpu is asked for)
    #[arg(long, value_name = "M", value_enum)]
    pub method: Option<Processor>,
    /// Only this rectangle of each image (JSON adds "region")
    #[arg(long, value_name = "X,Y,W,H", value_parser = Region::parse)]
    pub region: Option<Region>,
    /// Count each image N times on the GPU and print the median GPU time of the
    /// scope's pass (after 300 ms of counting to raise the GPU's clocks), instead of
    /// the scope
    #[arg(long, value_name = "N", value_parser = at_least_one)]
    pub time: Option<usize>,
    /// PNG: brightness from the logarithm of the counts
    #[arg(long)]
    pub log: bool,
    /// PNG: brightness times G: a waveform bin holding 1/32 of its column, a
    /// vectorscope cell holding 1/256 of the pixels, is full brightness at gain 1
    #[arg(long, value_name = "G", default_value = "1", value_parser = gain)]
    pub gain: f32,
    /// PNG of the waveform or parade: reference lines across it, at 8-bit levels
    /// or percents of full scale ("16,235", "5%,95%")
    #[arg(long, value_name = "LINES", value_parser = reference_lines)]
    pub lines: Option<Lines>,
    /// The scope of HDR codes: a waveform's or parade's lines named by the light a
    /// display gives for them, in nits, of pq (SMPTE ST 2084) or hlg (BT.2100, on
    /// its 1000-nit reference display) codes, the reference white (203 nits,
    /// BT.2408) in the labels' colour, the axis still the codes'; the
    /// vectorscope's chroma read by BT.2020's matrix, its targets BT.2020's bars.
    /// A floating-point picture's light is scoped as those codes (BT.709's
    /// primaries taken to BT.2020's), 1.0 at the reference white
    #[arg(long, value_name = "TRANSFER", value_parser = Transfer::parse)]
    pub nits: Option<Transfer>,
}

/// `histogram bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Pictures timed after the generated ones
    #[arg(value_name = "IMAGE")]
    pub files: Vec<String>,
    /// Runs a case; the median is printed
    #[arg(long, value_name = "N", default_value = "20", value_parser = at_least_one)]
    pub runs: usize,
    /// The generated pictures' sizes
    #[arg(long, value_name = "WxH,...", value_delimiter = ',', default_value = BENCH_SIZES, value_parser = size)]
    pub sizes: Vec<(u32, u32)>,
    /// The generated pictures' kinds
    #[arg(long, value_name = "KIND,...", value_delimiter = ',', default_value = "natural,uniform,noise",
          value_parser = PossibleValuesParser::new(["natural", "uniform", "noise"]))]
    pub kinds: Vec<String>,
    /// The methods timed (default: every exact one the bits and bins allow)
    #[arg(long, value_name = "NAME,...", value_delimiter = ',', value_parser = gpu_method)]
    pub methods: Vec<Method>,
    /// Keep the GPU busy this long before timing each case: an idle GPU lowers its
    /// clocks and takes a while to raise them again
    #[arg(long, value_name = "MS", default_value_t = 300)]
    pub warmup_ms: u64,
    /// 16 times the deep method on 16-bit pictures of the same kinds
    #[arg(long, value_name = "BITS", value_enum, default_value_t = Bits::Eight)]
    pub bits: Bits,
    /// Bins per channel, 1 to 65536
    #[arg(long, value_name = "N", default_value = "256", value_parser = bins)]
    pub bins: Spec,
    /// Each method counts only this rectangle of each picture
    #[arg(long, value_name = "X,Y,W,H", value_parser = Region::parse)]
    pub region: Option<Region>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Depth {
    Stored,
    #[value(name = "8")]
    Eight,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Json,
    Csv,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ScopeFormat {
    Png,
    Json,
}

/// The GPU's code, or the CPU reference.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Processor {
    Gpu,
    Cpu,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Bits {
    #[value(name = "8")]
    Eight,
    #[value(name = "16")]
    Sixteen,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Backend {
    Vulkan,
    Gl,
    Metal,
    Dx12,
}

impl Backend {
    fn backends(self) -> wgpu::Backends {
        match self {
            Backend::Vulkan => wgpu::Backends::VULKAN,
            Backend::Gl => wgpu::Backends::GL,
            Backend::Metal => wgpu::Backends::METAL,
            Backend::Dx12 => wgpu::Backends::DX12,
        }
    }
}

/// Standard input holds one stream: refused where two inputs would read it, or
/// where it was closed (`<&-`: read as empty, it gave a total of no file, status 0).
pub fn stdin_once(files: &[impl AsRef<Path>], files_from: Option<&Path>) -> Result<(), String> {
    let dash = Path::new("-");
    let dashes =
        files.iter().filter(|f| f.as_ref() == dash).count() + usize::from(files_from == Some(dash));
    if dashes > 1 {
        return Err(format!(
            "standard input can be read once, and '-' is given {dashes} times"
        ));
    }
    if dashes == 1 && crate::out::input_closed() {
        return Err("'-' reads standard input, and it is closed".to_string());
    }
    Ok(())
}

/// Prints a usage error found after parsing (a missing file, options that do not
/// go together) as clap prints its own, with the usage of `command` (None: the
/// counting one); the exit status of a usage error.
pub fn usage_error(command: Option<&str>, message: &str) -> i32 {
    let mut cli = Cli::command();
    cli.build();
    let cmd = match command.and_then(|name| cli.find_subcommand_mut(name)) {
        Some(sub) => sub,
        None => &mut cli,
    };
    let error = cmd.error(ErrorKind::ValueValidation, message);
    // stderr gone too: nothing more to say.
    let _ = error.print();
    error.exit_code()
}
