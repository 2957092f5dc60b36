//! `histogram bench`: every GPU method on generated and given images, timed with
//! timestamp queries and checked against the CPU method, one row per case. The
//! images and the row format follow ../shared/anchors/cub_hist.cu, so the two can be
//! run side by side and compared (bench/compare.py).

use crate::input::decode_whole;
use crate::options::{self, BenchArgs, Bits};
use crate::out;
use histogram::deep::{self, DeepImage};
use histogram::gpu::{Gpu, GpuImage, GpuOptions, Input, Kernels, Method, Run, RunOptions};
use histogram::histogram::MAX_KERNEL_BINS;
use histogram::{compute_cpu, Histogram, Image, Region, Spec};
use std::collections::HashMap;

/// One GPU thread over more pixels than this takes seconds a run.
const SINGLE_MAX_PIXELS: u64 = 2_100_000;

/// A GPU left idle (while the CPU makes the next image and its reference) drops
/// its clocks and takes a while to raise them; an H100 timed straight away ran
/// the packed kernel at 8192x8192 4x slower (docs/DECISIONS.md, 9): hence
/// `--warmup-ms` before every case.
pub fn run(o: BenchArgs, gpu_options: &GpuOptions) -> i32 {
    let (runs, warmup_ms, spec) = (o.runs, o.warmup_ms, o.bins);
    let deep = o.bits == Bits::Sixteen;
    let mut methods = o.methods.clone();
    if methods.is_empty() {
        // Only the deep method reads 16-bit samples, or counts more than 1024 bins.
        methods = if deep || spec.num_bins > MAX_KERNEL_BINS {
            vec![Method::Deep]
        } else {
            Method::ALL.to_vec()
        };
    }
    if deep && methods.iter().any(|&m| m != Method::Deep) {
        return options::usage_error(Some("bench"), "only the deep method reads 16-bit samples");
    }
    let gpu = match pollster::block_on(Gpu::new(gpu_options)) {
        Ok(gpu) => gpu,
        Err(e) => {
            warn!("histogram bench: {e}");
            return 2;
        }
    };
    if o.methods.is_empty() {
        // By default, the methods this device runs (subgroups only where it has them).
        methods.retain(|&m| m.runs_on(&gpu));
    }
    let info = &gpu.info;
    out::say(format!(
        "# histogram bench: {} ({:?}, driver {} {}), 4 channels x {} bins of {}-bit samples, median of {runs} runs after {warmup_ms} ms of warm-up, {}",
        info.name,
        info.backend,
        info.driver,
        info.driver_info,
        spec.num_bins,
        if deep { 16 } else { 8 },
        match gpu.untimed() {
            None => "GPU timestamps of the pass",
            Some(histogram::gpu::Untimed::None) => "wall clock (no timestamp queries)",
            Some(histogram::gpu::Untimed::Late) =>
                "wall clock (llvmpipe writes timestamps as it rasterizes, not as a compute pass runs)",
        }
    ));
    out::say(format!(
        "{:<14} {:<10} {:<8} {:>10} {:>9}  check",
        "method", "size", "image", "median_us", "GB/s"
    ));

    let mut inputs: Vec<(String, Result<Picture, String>)> = Vec::new();
    for &(w, h) in &o.sizes {
        for kind in &o.kinds {
            let image = if deep {
                DeepImage::bench(kind, w, h).map(Picture::Deep)
            } else {
                Image::bench(kind, w, h).map(Picture::Eight)
            };
            let image = image.ok_or_else(|| format!("unknown image kind '{kind}'"));
            inputs.push((kind.to_string(), image));
        }
    }
    for file in &o.files {
        let name = std::path::Path::new(file)
            .file_name()
            .map_or(file.clone(), |n| n.to_string_lossy().into());
        inputs.push((name, decode_whole(file).map(Picture::Eight)));
    }

    let mut kernels = Kernels::default();
    let mut failed = false;
    for (kind, image) in inputs {
        let image = match image {
            Ok(image) => image,
            Err(e) => {
                warn!("histogram bench: {kind}: {e}");
                failed = true;
                continue;
            }
        };
        let size = format!("{}x{}", image.width(), image.height());
        // With --region, each method counts that rectangle: the texture methods
        // through their band uniforms (as the studio does), the packed method the
        // rectangle's rows uploaded alone.
        let region = match o.region {
            Some(r) => match r.within(image.width(), image.height()) {
                Ok(()) => Some(r),
                Err(e) => {
                    warn!("histogram bench: {kind} {size}: {e}");
                    failed = true;
                    continue;
                }
            },
            None => None,
        };
        let counted = region.map_or_else(|| image.clone(), |r| image.crop(r));
        let reference = counted.reference(spec);
        let pixels = counted.pixel_count();
        let checked = |ok: bool| match (ok, region) {
            (true, None) => "ok".to_string(),
            (true, Some(r)) => format!("ok (region {}x{} at {},{})", r.width, r.height, r.x, r.y),
            (false, _) => "MISMATCH".to_string(),
        };
        let mut uploads: HashMap<Input, GpuImage> = HashMap::new();
        for &method in &methods {
            let row = |us: f64, check: &str| {
                let gbs = pixels as f64 * image.bytes_per_pixel() / (us * 1e3);
                out::say(format!(
                    "{:<14} {size:<10} {kind:<8} {us:>10.2} {gbs:>9.1}  {check}",
                    method.name()
                ));
            };
            if method == Method::Single && pixels > SINGLE_MAX_PIXELS {
                out::say(format!(
                    "{:<14} {size:<10} {kind:<8} {:>10} {:>9}  skipped: one thread, too slow",
                    method.name(),
                    "-",
                    "-"
                ));
                continue;
            }
            let whole = region.is_none() || method.input() == Input::Buffer;
            let gpu_image = uploads.entry(method.input()).or_insert_with(|| {
                match (&image, method.input(), region) {
                    (Picture::Deep(image), ..) => GpuImage::upload_deep(&gpu, image),
                    (Picture::Eight(_), Input::Buffer, Some(_)) => {
                        counted.upload(&gpu, Input::Buffer)
                    }
                    // Regions read the texture in the image's own layout.
                    (Picture::Eight(image), Input::Texture, Some(_)) => {
                        GpuImage::upload_as_is(&gpu, image)
                    }
                    _ => image.upload(&gpu, method.input()),
                }
            });
            let made = match region {
                Some(r) if !whole => Run::new(
                    &gpu,
                    &mut kernels,
                    gpu_image,
                    RunOptions::new(method, spec).region(r),
                ),
                _ => Run::new(&gpu, &mut kernels, gpu_image, RunOptions::new(method, spec)),
            };
            let timed = made.and_then(|run| {
                let once = || {
                    pollster::block_on(run.execute(&gpu))
                        .map(|(h, t)| (h, t.gpu_ms.unwrap_or(t.wall_ms)))
                };
                let (_, warm_ms) = once()?;
                pollster::block_on(run.keep_busy(&gpu, warm_ms, warmup_ms as f64))?;
                // Slow methods get three runs, not `runs`.
                let n = if warm_ms > 50.0 { 3 } else { runs };
                let mut times = Vec::with_capacity(n);
                let mut last = None;
                for _ in 0..n {
                    let (h, ms) = once()?;
                    times.push(ms);
                    last = Some(h);
                }
                times.sort_by(f64::total_cmp);
                Ok((last.expect("n > 0"), times[n / 2] * 1000.0))
            });
            match timed {
                Ok((histogram, us)) if method.exact() => {
                    let ok = histogram == reference;
                    failed |= !ok;
                    row(us, &checked(ok))
                }
                Ok((histogram, us)) => {
                    let total = histogram.totals()[3];
                    row(
                        us,
                        &format!("lossy: {total} of {pixels} counted (expected)"),
                    )
                }
                Err(e) => {
                    failed = true;
                    out::say(format!(
                        "{:<14} {size:<10} {kind:<8} {:>10} {:>9}  error: {e}",
                        method.name(),
                        "-",
                        "-"
                    ));
                }
            }
        }
    }
    i32::from(failed)
}

/// A benchmark picture: 8 bits a sample, or 16 (`--bits 16`).
#[derive(Clone)]
enum Picture {
    Eight(Image),
    Deep(DeepImage),
}

impl Picture {
    fn width(&self) -> u32 {
        match self {
            Picture::Eight(i) => i.width(),
            Picture::Deep(i) => i.width(),
        }
    }

    fn height(&self) -> u32 {
        match self {
            Picture::Eight(i) => i.height(),
            Picture::Deep(i) => i.height(),
        }
    }

    fn pixel_count(&self) -> u64 {
        self.width() as u64 * self.height() as u64
    }

    /// Bytes a pixel as the GPU reads it, for GB/s.
    fn bytes_per_pixel(&self) -> f64 {
        match self {
            Picture::Eight(_) => 4.0,
            Picture::Deep(_) => 8.0,
        }
    }

    fn crop(&self, region: Region) -> Picture {
        match self {
            Picture::Eight(i) => Picture::Eight(i.crop(region)),
            Picture::Deep(i) => Picture::Deep(i.crop(region)),
        }
    }

    /// The CPU method's count: the reference every GPU row is checked against.
    fn reference(&self, spec: Spec) -> Histogram {
        match self {
            Picture::Eight(i) => compute_cpu(i, spec),
            Picture::Deep(i) => deep::count_cpu(i, spec),
        }
    }

    fn upload(&self, gpu: &Gpu, input: Input) -> GpuImage {
        match self {
            Picture::Eight(i) => GpuImage::upload_for(gpu, i, input),
            Picture::Deep(i) => GpuImage::upload_deep(gpu, i),
        }
    }
}
