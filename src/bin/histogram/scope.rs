//! `histogram scope`: the waveform, RGB parade or vectorscope of each image, as
//! PNG files or as JSON counts.

use crate::input::{decode_whole, memory_budget};
use crate::options::{self, parse};
use histogram::gpu::{Gpu, GpuImage, Kernels, ScopeCount};
use histogram::scope::{self, Counts, Scope, Style};
use histogram::{Image, Region};
use std::path::Path;

pub const USAGE: &str = "\
usage: histogram scope (--waveform | --parade | --vectorscope) [OPTIONS] IMAGE...
       (IMAGE - reads one image from standard input)

Writes each image's scope as a PNG (IMAGE's name, then -waveform.png,
-parade.png or -vectorscope.png, in --out DIR), or with --format json one JSON
object per image and line.

  waveform     per pixel column, the histogram of its R, G, B and luminance: R, G, B
               by the stored 8-bit value, luminance by the histograms' rule (256
               bins); drawn with x = column, y = value (0 at the bottom), the
               luminance in white, graticule at 0, 25, 50, 75 and 100%.
               JSON: {\"file\", \"width\", \"height\", \"scope\": \"waveform\", \"r\",
               \"g\", \"b\", \"luminance\"}, each a list of the columns, each 256 counts.
  parade       the R, G and B waveforms side by side (JSON: the waveform's counts).
  vectorscope  the histogram of chroma on an N x N grid: R', G', B' = stored / 255
               (f32); Y' = 0.2126 R' + 0.7152 G' + 0.0722 B'; Cb = (B' - Y') / 1.8556,
               Cr = (R' - Y') / 1.5748 (BT.709, full range); codes cb = floor(128 +
               255 Cb + 0.5), cr likewise, clamped to 0..255; column = floor(cb N /
               256), row = floor((255 - cr) N / 256): +Cr up, neutral on one cell.
               Drawn with a circle, the six 75% colour bars' targets and the
               skin-tone line. JSON: {\"file\", \"width\", \"height\", \"scope\":
               \"vectorscope\", \"size\": N, \"counts\"}, N rows (row 0 at the top)
               of N counts.

options:
  --out DIR        where the PNG files go (default: the current directory)
  --format F       png (default) or json
  --size N         the vectorscope's grid, N divides 256 (default 256)
  --method M       cpu, or gpu (default: gpu, the CPU without an adapter)
  --region X,Y,W,H only this rectangle of each image (JSON adds \"region\")
  --time N         count each image N times on the GPU and print the median GPU
                   time of the scope's pass (after 300 ms of counting to raise the
                   GPU's clocks), instead of the scope
  --log            PNG: brightness from the logarithm of the counts
  --gain G         PNG: brightness times G (default 1): a waveform bin holding 1/32
                   of its column, a vectorscope cell holding 1/256 of the pixels,
                   is full brightness at gain 1
  --backend B      vulkan, gl, metal, dx12 (default: any)
  --adapter NAME   the first GPU adapter whose name contains NAME
  -h, --help       this text

A file that cannot be read is reported on stderr; the others are still processed,
and the exit status is 1.";

fn usage_error(message: &str) -> i32 {
    options::usage_error("histogram scope", message)
}

pub fn run(args: Vec<String>) -> i32 {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return 0;
    }
    // The scope and --log are words without values, --format has its own values;
    // the rest parse as the histogram command's options do.
    let mut kind = Vec::new();
    let mut log = false;
    let mut format = None;
    let mut rest = Vec::new();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--waveform" | "--parade" | "--vectorscope" => kind.push(arg),
            "--log" => log = true,
            "--format" => format = Some(args.next().unwrap_or_default()),
            "--" => {
                rest.push(arg);
                rest.extend(args.by_ref());
            }
            _ => rest.push(arg),
        }
    }
    let o = match parse(&rest, &["out", "size", "gain", "time"]) {
        Ok(o) if o.files.is_empty() => return usage_error("no image given"),
        Ok(o) => o,
        Err(e) => return usage_error(&e),
    };
    let value = |key: &str| {
        o.rest
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    };
    let size = match value("size").map(|v| v.parse::<u32>().map_err(|_| v)) {
        None => 256,
        Some(Ok(n)) => n,
        Some(Err(v)) => return usage_error(&format!("--size takes a number, not '{v}'")),
    };
    let scope = match kind.as_slice() {
        [k] if k == "--waveform" => Scope::Waveform,
        [k] if k == "--parade" => Scope::Parade,
        [_] => Scope::Vectorscope { size },
        _ => return usage_error("give one scope: --waveform, --parade or --vectorscope"),
    };
    let scope = match scope.check() {
        Ok(s) => s,
        Err(e) => return usage_error(&e),
    };
    let gain = match value("gain").map(|v| v.parse::<f32>().map_err(|_| v)) {
        None => 1.0,
        Some(Ok(g)) if g > 0.0 && g.is_finite() => g,
        Some(Ok(g)) => return usage_error(&format!("--gain is above 0, not {g}")),
        Some(Err(v)) => return usage_error(&format!("--gain takes a number, not '{v}'")),
    };
    let json = match format.as_deref() {
        None | Some("png") => false,
        Some("json") => true,
        Some(f) => return usage_error(&format!("--format is png or json, not '{f}'")),
    };
    let runs = match value("time").map(|v| v.parse::<usize>().map_err(|_| v)) {
        None => None,
        Some(Ok(n)) if n > 0 => Some(n),
        Some(Ok(_)) | Some(Err(_)) => return usage_error("--time takes a number of runs"),
    };
    let out = value("out").unwrap_or_else(|| ".".into());
    let use_gpu = match o.method.as_deref() {
        None | Some("gpu") => true,
        Some("cpu") => false,
        Some(m) => return usage_error(&format!("--method is cpu or gpu, not '{m}'")),
    };
    let gpu = if use_gpu {
        match pollster::block_on(Gpu::new(&o.gpu)) {
            Ok(gpu) => Some(gpu),
            Err(e) if o.method.is_some() => {
                eprintln!("histogram scope: {e}; --method cpu works without a GPU");
                return 2;
            }
            Err(e) => {
                eprintln!("histogram scope: {e}: using the CPU");
                None
            }
        }
    } else {
        None
    };
    let mut kernels = Kernels::default();
    if let Some(runs) = runs {
        let Some(gpu) = &gpu else {
            return usage_error("--time times the GPU, and there is none");
        };
        return time(gpu, &mut kernels, &o.files, scope, o.region, runs);
    }
    let mut failed = false;
    for file in &o.files {
        let done = decode_whole(file).and_then(|image| {
            let width = o.region.map_or(image.width(), |r| r.width);
            if let Some(why) = scope.fits(width, !json, memory_budget()) {
                return Err(why);
            }
            let counts = match &gpu {
                Some(gpu) => gpu_counts(gpu, &mut kernels, &image, scope, o.region)?,
                None => scope::count(&image, o.region, scope)?,
            };
            let size = (image.width(), image.height());
            if json {
                println!("{}", counts.json(file, size, o.region));
                return Ok(());
            }
            let png = counts.draw(scope, Style { log, gain }).to_png()?;
            let stem = match file.as_str() {
                "-" => "stdin".into(),
                f => Path::new(f)
                    .file_stem()
                    .map_or("image".into(), |s| s.to_string_lossy()),
            };
            let path = Path::new(&out).join(format!("{stem}-{}.png", scope.name()));
            std::fs::write(&path, png).map_err(|e| format!("{}: {e}", path.display()))?;
            println!("{}", path.display());
            Ok(())
        });
        if let Err(e) = done {
            eprintln!("histogram scope: {file}: {e}");
            failed = true;
        }
    }
    i32::from(failed)
}

fn gpu_counts(
    gpu: &Gpu,
    kernels: &mut Kernels,
    image: &Image,
    scope: Scope,
    region: Option<Region>,
) -> Result<Counts, String> {
    let uploaded = GpuImage::upload_as_is(gpu, image);
    let count = ScopeCount::new(gpu, kernels, &uploaded, scope, region).map_err(|e| e.0)?;
    Ok(pollster::block_on(count.execute(gpu)).map_err(|e| e.0)?.0)
}

/// Prints each image's median GPU time of the scope's pass over `runs` counts.
fn time(
    gpu: &Gpu,
    kernels: &mut Kernels,
    files: &[String],
    scope: Scope,
    region: Option<Region>,
    runs: usize,
) -> i32 {
    let mut failed = false;
    for file in files {
        let timed = decode_whole(file).and_then(|image| {
            let uploaded = GpuImage::upload_as_is(gpu, &image);
            let count = ScopeCount::new(gpu, kernels, &uploaded, scope, region).map_err(|e| e.0)?;
            let once = || pollster::block_on(count.execute(gpu)).map_err(|e| e.0);
            let first = once()?.1;
            let pass = first.gpu_ms.unwrap_or(first.wall_ms);
            pollster::block_on(count.keep_busy(gpu, pass, 300.0)).map_err(|e| e.0)?;
            let mut times: Vec<f64> = (0..runs)
                .map(|_| once().map(|(_, t)| t.gpu_ms.unwrap_or(f64::NAN)))
                .collect::<Result<_, _>>()?;
            times.sort_by(f64::total_cmp);
            println!(
                "{file}\t{}x{}\t{}\tmedian GPU ms {:.4}\tmin {:.4}\t({runs} runs, {})",
                image.width(),
                image.height(),
                scope.name(),
                times[runs / 2],
                times[0],
                gpu.info.name
            );
            Ok(())
        });
        if let Err(e) = timed {
            eprintln!("histogram scope: {file}: {e}");
            failed = true;
        }
    }
    i32::from(failed)
}
