//! `histogram adjust`: equalization, CLAHE, auto-levels or Otsu's threshold of an
//! image, written as PNG. On the GPU with the studio's code (src/gpu/adjust_passes.rs);
//! with no adapter, or with `--method cpu`, the CPU reference (src/adjust.rs).

use crate::input::decode_whole;
use crate::options::{self, AdjustArgs, Processor};
use crate::out;
use histogram::adjust::{self, Adjustment};
use histogram::gpu::{adjust_image, time_adjustment, Gpu, GpuOptions, Kernels};

fn usage_error(message: &str) -> i32 {
    options::usage_error(Some("adjust"), message)
}

pub fn run(args: AdjustArgs, gpu_options: &GpuOptions) -> i32 {
    let (tiles, clip, low, high) = (args.tiles, args.clip, args.low, args.high);
    let linked = args.linked.then_some(true);
    let (cpu, time_runs, files) = (args.method == Processor::Cpu, args.time, &args.files);
    let kind = match args.chosen.0[..] {
        [one] => Some(one),
        _ => None,
    };
    let adjustment = match kind {
        Some(Adjustment::Clahe { tiles: t, clip: c }) => Adjustment::Clahe {
            tiles: tiles.unwrap_or(t),
            clip: clip.unwrap_or(c),
        },
        Some(Adjustment::AutoLevels {
            low: l,
            high: h,
            linked: k,
        }) => Adjustment::AutoLevels {
            low: low.unwrap_or(l),
            high: high.unwrap_or(h),
            linked: linked.unwrap_or(k),
        },
        Some(other) => other,
        None => {
            let names: Vec<String> = Adjustment::ALL
                .iter()
                .map(|a| format!("--{}", a.name()))
                .collect();
            return usage_error(&format!("give one adjustment: {}", names.join(", ")));
        }
    };
    let adjustment = match adjustment.check() {
        Ok(a) => a,
        Err(e) => return usage_error(&e),
    };
    let (input, output) = match &files[..] {
        [input, output] => (input, Some(output)),
        [input] if time_runs.is_some() => (input, None),
        _ => return usage_error("give one input and one output file"),
    };
    if cpu && time_runs.is_some() {
        return usage_error("--time times the GPU; leave out --method cpu");
    }
    let image = match decode_whole(input) {
        Ok(image) => image,
        Err(e) => {
            warn!("histogram adjust: {input}: {e}");
            return 1;
        }
    };
    let gpu = if cpu {
        None
    } else {
        match pollster::block_on(Gpu::new(gpu_options)) {
            Ok(gpu) => Some(gpu),
            Err(e) => {
                warn!("histogram adjust: {e}: using the CPU reference");
                None
            }
        }
    };
    let mut kernels = Kernels::default();
    if let Some(runs) = time_runs {
        let Some(gpu) = &gpu else {
            warn!("histogram adjust: no GPU to time");
            return 1;
        };
        match pollster::block_on(time_adjustment(gpu, &mut kernels, &image, adjustment, runs)) {
            Ok(times) if !times.is_empty() => {
                // The run of median total, and its parts.
                let mut times = times;
                times.sort_by(|a, b| a.total().total_cmp(&b.total()));
                let median = times[times.len() / 2];
                out::say(format!(
                    "{}: {adjustment:?} of {}x{}, median of {} runs {:.3} ms (histogram {:.3}, tables {:.3}, remap {:.3}), fastest {:.3} ms",
                    gpu.info.name,
                    image.width(),
                    image.height(),
                    times.len(),
                    median.total(),
                    median.histogram,
                    median.tables,
                    median.remap,
                    times[0].total()
                ));
            }
            Ok(_) => {
                warn!("histogram adjust: no timestamps came back");
                return 1;
            }
            Err(e) => {
                warn!("histogram adjust: {input}: {e}");
                return 1;
            }
        }
    }
    let Some(output) = output else {
        return 0;
    };
    let adjusted = match &gpu {
        Some(gpu) => {
            match pollster::block_on(adjust_image(gpu, &mut kernels, &image, adjustment)) {
                Ok(image) => image,
                Err(e) => {
                    warn!("histogram adjust: {input}: {e}: using the CPU reference");
                    adjust::apply(&image, adjustment)
                }
            }
        }
        None => adjust::apply(&image, adjustment),
    };
    let encoded = adjusted.to_png();
    let written = encoded.and_then(|png| {
        if output == "-" {
            out::put(&png)
        } else {
            std::fs::write(output, &png).map_err(|e| e.to_string())
        }
    });
    match written {
        Ok(()) => 0,
        Err(e) => {
            warn!("histogram adjust: {output}: {e}");
            1
        }
    }
}
