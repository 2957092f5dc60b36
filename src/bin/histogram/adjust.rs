//! `histogram adjust`: equalization, CLAHE, auto-levels or Otsu's threshold of an
//! image, written as PNG. On the GPU with the studio's code (src/gpu/adjust.rs);
//! with no adapter, or with `--method cpu`, the CPU reference (src/adjust.rs).

use crate::input::decode_whole;
use crate::options;
use histogram::adjust::{self, Adjustment};
use histogram::gpu::{adjust_image, time_adjustment, Gpu, GpuOptions, Kernels};
use std::io::Write as _;

/// The help, with each parameter's default as Adjustment::ALL has it.
fn usage() -> String {
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
    let tiles = format!("{}x{}", tiles.0, tiles.1);
    format!(
        "usage: histogram adjust (--equalize | --clahe [--tiles {tiles}] [--clip {clip:.1}]
                         | --auto-levels [--low {low}] [--high {high}] [--linked]
                         | --otsu) [OPTIONS] IN OUT
       histogram adjust ADJUSTMENT --time RUNS [OPTIONS] IN [OUT]

Writes IN adjusted from its histogram to OUT as PNG (- for standard input or
output). Luma is 0.2126 R' + 0.7152 G' + 0.0722 B' on the stored values; the
equalizations move each pixel's luma and keep its colour (Cb, Cr).

  --equalize       global histogram equalization of luma
  --clahe          contrast-limited adaptive equalization of luma: a table per tile
                   of a --tiles grid (default {tiles}, up to 64x64), each tile's
                   histogram clipped at --clip times its average bin (default {clip:.1},
                   above 0 and up to 64), tables interpolated between tile centres
  --auto-levels    each channel stretched from its --low to its --high percentile
                   (default {low} and {high}) to 0..255; --linked: one stretch for R,
                   G and B from their combined histogram
  --otsu           black and white at Otsu's threshold of luma
  --method cpu     the CPU reference instead of the GPU
  --time RUNS      also time the adjustment on the GPU RUNS times (timestamp
                   queries, the picture already uploaded) and print the median
                   milliseconds; OUT may then be left out
  --backend B, --adapter NAME   as for histogram"
    )
}

fn usage_error(message: &str) -> i32 {
    options::usage_error("histogram adjust", message)
}

pub fn run(args: Vec<String>) -> i32 {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{}", usage());
        return 0;
    }
    let mut kind = None;
    // Parameters given; the adjustment's own defaults (Adjustment::ALL) stand for the rest.
    let (mut tiles, mut clip, mut low, mut high, mut linked) = (None, None, None, None, None);
    let mut cpu = false;
    let mut time_runs = None;
    let mut gpu_options = GpuOptions::default();
    let mut files = Vec::new();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("--{name} needs a value"));
        let number = |text: String, name: &str| {
            text.parse::<f32>()
                .map_err(|_| format!("--{name} takes a number, not '{text}'"))
        };
        let result: Result<(), String> =
            (|| {
                match arg.as_str() {
                    a if a.strip_prefix("--").and_then(Adjustment::named).is_some() => {
                        let named = Adjustment::named(&a[2..]);
                        if kind.replace(named).is_some() {
                            return Err("give one adjustment".into());
                        }
                    }
                    "--linked" => linked = Some(true),
                    "--tiles" => {
                        let text = value("tiles")?;
                        tiles = Some(
                            text.split_once('x')
                                .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
                                .ok_or_else(|| format!("--tiles takes WxH, not '{text}'"))?,
                        );
                    }
                    "--clip" => clip = Some(number(value("clip")?, "clip")?),
                    "--low" => low = Some(number(value("low")?, "low")?),
                    "--high" => high = Some(number(value("high")?, "high")?),
                    "--time" => {
                        let text = value("time")?;
                        time_runs =
                            Some(text.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(
                                || format!("--time takes a number of runs, not '{text}'"),
                            )?);
                    }
                    "--method" => match value("method")?.as_str() {
                        "cpu" => cpu = true,
                        "gpu" => cpu = false,
                        other => return Err(format!("--method is cpu or gpu, not '{other}'")),
                    },
                    "--backend" => {
                        gpu_options.backends = Some(options::backend(&value("backend")?)?)
                    }
                    "--adapter" => gpu_options.adapter = Some(value("adapter")?),
                    a if a.starts_with("--") => return Err(format!("unknown option {a}")),
                    _ => files.push(arg.clone()),
                }
                Ok(())
            })();
        if let Err(e) = result {
            return usage_error(&e);
        }
    }
    let adjustment = match kind.flatten() {
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
            eprintln!("histogram adjust: {input}: {e}");
            return 1;
        }
    };
    let gpu = if cpu {
        None
    } else {
        match pollster::block_on(Gpu::new(&gpu_options)) {
            Ok(gpu) => Some(gpu),
            Err(e) => {
                eprintln!("histogram adjust: {e}: using the CPU reference");
                None
            }
        }
    };
    let mut kernels = Kernels::default();
    if let Some(runs) = time_runs {
        let Some(gpu) = &gpu else {
            eprintln!("histogram adjust: no GPU to time");
            return 1;
        };
        match pollster::block_on(time_adjustment(gpu, &mut kernels, &image, adjustment, runs)) {
            Ok(times) if !times.is_empty() => {
                // The run of median total, and its parts.
                let mut times = times;
                times.sort_by(|a, b| a.total().total_cmp(&b.total()));
                let median = times[times.len() / 2];
                println!(
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
                );
            }
            Ok(_) => {
                eprintln!("histogram adjust: no timestamps came back");
                return 1;
            }
            Err(e) => {
                eprintln!("histogram adjust: {input}: {e}");
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
                    eprintln!("histogram adjust: {input}: {e}: using the CPU reference");
                    adjust::apply(&image, adjustment)
                }
            }
        }
        None => adjust::apply(&image, adjustment),
    };
    let encoded = adjusted.to_png();
    let written = encoded.and_then(|png| {
        if output == "-" {
            std::io::stdout().write_all(&png).map_err(|e| e.to_string())
        } else {
            std::fs::write(output, &png).map_err(|e| e.to_string())
        }
    });
    match written {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("histogram adjust: {output}: {e}");
            1
        }
    }
}
