//! `histogram scope`: the waveform, RGB parade or vectorscope of each image, as
//! PNG files or as JSON counts; or the picture with zebra stripes or in false
//! colour, and what they mark.

use crate::input::{decode_file, decode_whole};
use crate::options::{self, Processor, ScopeArgs, ScopeFormat};
use crate::out;
use histogram::gpu::{Gpu, GpuImage, GpuOptions, Kernels, ScopeCount};
use histogram::scope::{self, Control, Counts, Graticule, Matrix, Overlay, Scope, Style};
use histogram::{Image, Region};
use histogram_engine::count::memory_budget;
use std::path::Path;

fn usage_error(message: &str) -> i32 {
    options::usage_error(Some("scope"), message)
}

pub fn run(o: ScopeArgs, gpu_options: &GpuOptions) -> i32 {
    if let Err(e) = options::stdin_once(&o.files, None) {
        return usage_error(&e);
    }
    let overlay = match (o.zebra, o.false_colour) {
        (Some(percent), false) => Some(Overlay::zebra(percent)),
        (None, true) => Some(Ok(Overlay::FalseColour)),
        _ => None,
    };
    let scope = match (o.waveform, o.parade, o.vectorscope, overlay) {
        (true, false, false, None) => Scope::Waveform,
        (false, true, false, None) => Scope::Parade,
        (false, false, true, None) => Scope::Vectorscope { size: o.size },
        (false, false, false, Some(Ok(overlay))) if o.time.is_none() => {
            return overlays(&o, overlay)
        }
        (false, false, false, Some(Err(e))) => return usage_error(&e),
        (false, false, false, Some(_)) => {
            return usage_error("--time times a scope's count on the GPU; an overlay is drawn")
        }
        _ => {
            return usage_error(
                "give one: --waveform, --parade, --vectorscope, --zebra P or --false-colour",
            )
        }
    };
    let scope = match scope.check() {
        Ok(s) => s,
        Err(e) => return usage_error(&e),
    };
    let png = o.format == ScopeFormat::Png && o.time.is_none();
    if o.lines.is_some() && !(png && scope.offers(Control::Lines)) {
        return usage_error("--lines draws across the waveform's or the parade's PNG");
    }
    if o.nits.is_some() && !(o.time.is_none() && scope.offers(Control::Nits)) {
        return usage_error("--nits reads a scope's codes as PQ or HLG (not with --time)");
    }
    let (json, log, gain, runs, out) =
        (o.format == ScopeFormat::Json, o.log, o.gain, o.time, &o.out);
    let use_gpu = o.method != Some(Processor::Cpu);
    let gpu = if use_gpu {
        match pollster::block_on(Gpu::new(gpu_options)) {
            Ok(gpu) => Some(gpu),
            Err(e) if o.method.is_some() => {
                warn!("histogram scope: {e}; --method cpu works without a GPU");
                return 2;
            }
            Err(e) => {
                warn!("histogram scope: {e}: using the CPU");
                None
            }
        }
    } else {
        None
    };
    if !json && runs.is_none() && !Path::new(out).is_dir() {
        return usage_error(&format!(
            "--out {out}: no such folder (the PNG files go there)"
        ));
    }
    let mut kernels = Kernels::default();
    if let Some(runs) = runs {
        let Some(gpu) = &gpu else {
            return usage_error("--time times the GPU, and there is none");
        };
        return time(gpu, &mut kernels, &o.files, scope, o.region, runs);
    }
    let mut failed = false;
    for file in &o.files {
        // What the file gives: a JSON line, or the path of the PNG written.
        let done = decode_file(file).and_then(|decoded| {
            // A floating-point file holds light, not codes: read in nits, it is
            // scoped as the codes of its light (1.0 at the reference white).
            let image = match (&decoded.hdr, o.nits) {
                (Some(hdr), Some(nits)) => nits.picture_codes(hdr, 1.0)?,
                _ => decoded.image,
            };
            let width = o.region.map_or(image.width(), |r| r.width);
            if let Some(why) = scope.fits(width, memory_budget()) {
                return Err(why);
            }
            // HDR codes are BT.2100's: the vectorscope reads them by BT.2020's matrix.
            let matrix = Matrix::of_codes(o.nits);
            let counts = match &gpu {
                Some(gpu) => gpu_counts(gpu, &mut kernels, &image, (scope, matrix), o.region)?,
                None => scope::count(&image, o.region, scope, matrix)?,
            };
            let size = (image.width(), image.height());
            if json {
                return Ok(counts.json(file, size, o.region));
            }
            // The waveform of luminance, the RGB parade, as the command line draws them.
            let shown = scope.kind().drawn_channels();
            let style = Style {
                log,
                gain,
                zoom: 1.0,
                nits: o.nits,
            };
            let drawn = counts.draw(scope, shown, style);
            let drawn = match &o.lines {
                Some(lines) => scope::draw_reference_lines(drawn, &lines.0),
                None => drawn,
            };
            let graticule = o.nits.map_or(Graticule::Full, Graticule::Nits);
            let labels = scope::graticule_labels(scope, style.zoom, graticule);
            let png = scope::draw_labels(&drawn, &labels).to_png()?;
            let path = Path::new(&out).join(format!("{}-{}.png", stem(file), scope.name()));
            std::fs::write(&path, png).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(path.display().to_string())
        });
        if let Err(code) = report(file, done.map(|line| format!("{line}\n")), &mut failed) {
            return code;
        }
    }
    i32::from(failed)
}

/// Each image (or its region) drawn with `overlay`, as PNG in --out or as the
/// JSON of what it marks.
fn overlays(o: &ScopeArgs, overlay: Overlay) -> i32 {
    let json = o.format == ScopeFormat::Json;
    if !json && !Path::new(&o.out).is_dir() {
        return usage_error(&format!(
            "--out {}: no such folder (the PNG files go there)",
            o.out
        ));
    }
    let mut failed = false;
    for file in &o.files {
        let done = decode_whole(file).and_then(|image| {
            let size = (image.width(), image.height());
            let drawn = match o.region {
                Some(region) => {
                    region.within(size.0, size.1)?;
                    image.crop(region)
                }
                None => image,
            };
            if json {
                let luminance = scope::luminance_counts(&drawn);
                return Ok(scope::overlay_json(
                    file, overlay, size, o.region, &luminance,
                ));
            }
            let path = Path::new(&o.out).join(format!("{}-{}.png", stem(file), overlay.name()));
            let png = overlay.draw(&drawn).to_png()?;
            std::fs::write(&path, png).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(path.display().to_string())
        });
        if let Err(code) = report(file, done.map(|line| format!("{line}\n")), &mut failed) {
            return code;
        }
    }
    i32::from(failed)
}

/// A PNG's name from its image's: the file's stem, "stdin" for standard input.
fn stem(file: &str) -> String {
    match file {
        "-" => "stdin".into(),
        f => Path::new(f)
            .file_stem()
            .map_or("image".into(), |s| s.to_string_lossy().into_owned()),
    }
}

fn gpu_counts(
    gpu: &Gpu,
    kernels: &mut Kernels,
    image: &Image,
    (scope, matrix): (Scope, Matrix),
    region: Option<Region>,
) -> Result<Counts, String> {
    let uploaded = GpuImage::upload_as_is(gpu, image);
    let mut count = ScopeCount::new(gpu, kernels, &uploaded, scope, region).map_err(|e| e.0)?;
    count.set_matrix(gpu, matrix);
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
            Ok(format!(
                "{file}\t{}x{}\t{}\tmedian GPU ms {:.4}\tmin {:.4}\t({runs} runs, {})\n",
                image.width(),
                image.height(),
                scope.name(),
                times[runs / 2],
                times[0],
                gpu.info.name
            ))
        });
        if let Err(code) = report(file, timed, &mut failed) {
            return code;
        }
    }
    i32::from(failed)
}

/// A file's line written out, or its error said (and `failed` set); Err(1) when
/// standard output cannot be written: nothing more can be said there.
fn report(file: &str, line: Result<String, String>, failed: &mut bool) -> Result<(), i32> {
    match line {
        Ok(line) => out::put(line.as_bytes()).map_err(|e| {
            warn!("histogram scope: {e}");
            1
        }),
        Err(e) => {
            warn!("histogram scope: {file}: {e}");
            *failed = true;
            Ok(())
        }
    }
}
