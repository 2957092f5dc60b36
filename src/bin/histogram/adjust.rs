//! `histogram adjust`: equalization, CLAHE, auto-levels or Otsu's threshold of an
//! image, written as PNG. On the GPU with the studio's code (src/gpu/adjust.rs);
//! with no adapter, or with `--method cpu`, the CPU reference (src/adjust.rs).

use crate::cli::decode_whole;
use histogram::adjust::{self, Adjustment};
use histogram::gpu::{adjust_image, time_adjustment, Gpu, GpuOptions, Kernels};
use std::io::Write as _;

const USAGE: &str = "\
usage: histogram adjust (--equalize | --clahe [--tiles 8x8] [--clip 2.0]
                         | --auto-levels [--low 0.5] [--high 99.5] [--linked]
                         | --otsu) [OPTIONS] IN OUT
       histogram adjust ADJUSTMENT --time RUNS [OPTIONS] IN [OUT]

Writes IN adjusted from its histogram to OUT as PNG (- for standard input or
output). Luma is 0.2126 R' + 0.7152 G' + 0.0722 B' on the stored values; the
equalizations move each pixel's luma and keep its colour (Cb, Cr).

  --equalize       global histogram equalization of luma
  --clahe          contrast-limited adaptive equalization of luma: a table per tile
                   of a --tiles grid (default 8x8, up to 64x64), each tile's
                   histogram clipped at --clip times its average bin (default 2.0,
                   above 0 and up to 64), tables interpolated between tile centres
  --auto-levels    each channel stretched from its --low to its --high percentile
                   (default 0.5 and 99.5) to 0..255; --linked: one stretch for R,
                   G and B from their combined histogram
  --otsu           black and white at Otsu's threshold of luma
  --method cpu     the CPU reference instead of the GPU
  --time RUNS      also time the adjustment on the GPU RUNS times (timestamp
                   queries, the picture already uploaded) and print the median
                   milliseconds; OUT may then be left out
  --backend B, --adapter NAME   as for histogram";

fn usage_error(message: &str) -> i32 {
    eprintln!("histogram adjust: {message}\nTry 'histogram adjust --help' for the options.");
    2
}

pub fn run(args: Vec<String>) -> i32 {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return 0;
    }
    let mut kind = None;
    let (mut tiles, mut clip, mut low, mut high, mut linked) = ((8, 8), 2.0, 0.5, 99.5, false);
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
                    "--equalize" | "--clahe" | "--auto-levels" | "--otsu" => {
                        if kind.replace(arg.clone()).is_some() {
                            return Err("give one adjustment".into());
                        }
                    }
                    "--linked" => linked = true,
                    "--tiles" => {
                        let text = value("tiles")?;
                        tiles = text
                            .split_once('x')
                            .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
                            .ok_or_else(|| format!("--tiles takes WxH, not '{text}'"))?;
                    }
                    "--clip" => clip = number(value("clip")?, "clip")?,
                    "--low" => low = number(value("low")?, "low")?,
                    "--high" => high = number(value("high")?, "high")?,
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
                        let text = value("backend")?;
                        gpu_options.backends = Some(match text.as_str() {
                            "vulkan" => wgpu::Backends::VULKAN,
                            "gl" => wgpu::Backends::GL,
                            "metal" => wgpu::Backends::METAL,
                            "dx12" => wgpu::Backends::DX12,
                            _ => {
                                return Err(format!(
                                    "--backend is vulkan, gl, metal or dx12, not '{text}'"
                                ))
                            }
                        })
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
    let adjustment = match kind.as_deref() {
        Some("--equalize") => Adjustment::Equalize,
        Some("--clahe") => Adjustment::Clahe { tiles, clip },
        Some("--auto-levels") => Adjustment::AutoLevels { low, high, linked },
        Some("--otsu") => Adjustment::Otsu,
        _ => {
            return usage_error("give one adjustment: --equalize, --clahe, --auto-levels or --otsu")
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
    let mut png = Vec::new();
    let encoded = image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut png),
        adjusted.rgba(),
        adjusted.width(),
        adjusted.height(),
        image::ExtendedColorType::Rgba8,
    );
    let written = encoded.map_err(|e| e.to_string()).and_then(|()| {
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
