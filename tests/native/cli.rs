//! The `histogram` command: its JSON against the independent CPU reference, and bad
//! files reported on stderr while the good ones still print.

use crate::common;
use crate::tool::{counts, histogram, text, tool};

use common::{fixtures, photo, photos, reference, reference_deep, scratch, with_stdin, Scratch};
use histogram::gpu::Method;
use histogram::{Image, Spec};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The tool's output for `args`, which must succeed (`what` names the run when
/// it does not, with the tool's stderr).
fn succeeded(args: &[&str], what: &str) -> String {
    let out = histogram(args);
    assert!(out.status.success(), "{what}: {}", text(&out.stderr));
    text(&out.stdout)
}

fn save_png(dir: &Path, name: &str, image: &Image) -> PathBuf {
    let path = dir.join(name);
    image::save_buffer(
        &path,
        image.rgba(),
        image.width(),
        image.height(),
        image::ColorType::Rgba8,
    )
    .unwrap();
    path
}

/// The counts of `key` in one JSON line.
fn array(line: &str, key: &str) -> Vec<u32> {
    let line: serde_json::Value =
        serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
    counts(&line, key).into_iter().map(|n| n as u32).collect()
}

fn interleave(line: &str) -> Vec<u32> {
    let channels: Vec<Vec<u32>> = ["r", "g", "b", "luminance"]
        .iter()
        .map(|k| array(line, k))
        .collect();
    (0..channels[0].len())
        .flat_map(|bin| channels.iter().map(move |c| c[bin]))
        .collect()
}

fn temp_dir(name: &str) -> Scratch {
    scratch(&format!("cli-{name}"))
}

#[test]
fn json_equals_the_reference_for_every_method() {
    let dir = temp_dir("json");
    let images = [
        ("1x1.png", Image::solid(1, 1, [1, 2, 3, 255])),
        ("257x3.png", Image::noise(257, 3, 11)),
        ("1x4099.png", Image::noise(1, 4099, 12)),
        ("one-colour.png", Image::solid(33, 17, [200, 120, 40, 255])),
        ("photo.png", photo(8)),
    ];
    let paths: Vec<String> = images
        .iter()
        .map(|(n, i)| save_png(&dir, n, i).display().to_string())
        .collect();
    for method in [
        "cpu",
        "single",
        "atomic",
        "fragment",
        "chunks-sum",
        "chunks-reduce",
        "privatized",
        "packed",
    ] {
        let mut args = vec!["--method", method];
        args.extend(paths.iter().map(String::as_str));
        let stdout = succeeded(&args, method);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), images.len());
        for ((name, image), line) in images.iter().zip(lines) {
            assert!(line.contains(&format!(
                "\"width\": {}, \"height\": {}, \"depth\": 8, \"bins\": 256",
                image.width(),
                image.height()
            )));
            assert!(
                line.contains(&format!("\"method\": \"{method}\"")),
                "{line}"
            );
            assert_eq!(
                interleave(line),
                reference(image, Spec::rgbl()),
                "{method} on {name}"
            );
        }
    }
}

#[test]
fn every_kind_of_file_counts_its_stored_values() {
    // Translucent, grey + alpha, palette with transparency, 16-bit, a colour profile,
    // animations, lossless WebP, and the photos re-encoded as PNG: each file made
    // from known pixels, its histogram computed from them.
    let dir = temp_dir("fixtures");
    let photos = photos();
    let photos: Vec<_> = photos.iter().map(|(n, p)| (*n, p.as_path())).collect();
    let all = fixtures::all(&photos);
    let path = |f: &fixtures::Fixture| {
        let path = dir.join(f.name);
        std::fs::write(&path, &f.bytes).unwrap();
        path.display().to_string()
    };
    let small: Vec<_> = all
        .iter()
        .filter(|f| !f.name.starts_with("photo"))
        .collect();
    let small_paths: Vec<String> = small.iter().map(|f| path(f)).collect();
    let photo_paths: Vec<String> = all[small.len()..].iter().map(path).collect();
    for (method, files, paths) in [
        (
            "cpu",
            &all.iter().collect::<Vec<_>>(),
            [&small_paths[..], &photo_paths].concat(),
        ),
        (
            "packed",
            &all.iter().collect(),
            [&small_paths[..], &photo_paths].concat(),
        ),
        ("single", &small, small_paths.clone()),
        ("atomic", &small, small_paths.clone()),
        ("chunks-sum", &small, small_paths.clone()),
        ("chunks-reduce", &small, small_paths.clone()),
        ("privatized", &small, small_paths.clone()),
    ] {
        let mut args = vec!["--method", method];
        args.extend(paths.iter().map(String::as_str));
        let stdout = succeeded(&args, method);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), files.len());
        for (fixture, line) in files.iter().zip(lines) {
            // 16-bit files at their depth (tests/native/deep.rs has them all).
            let want = match &fixture.deep {
                Some(samples) => reference_deep(samples, 16, Spec::rgbl()),
                None => reference(&fixture.pixels, Spec::rgbl()),
            };
            assert_eq!(interleave(line), want, "{method} on {}", fixture.name);
        }
    }
}

#[test]
fn what_was_counted_is_in_the_json() {
    let dir = temp_dir("notes");
    let apng = fixtures::all(&[])
        .into_iter()
        .find(|f| f.name == "animated-80x60.png")
        .unwrap();
    let path = dir.join(apng.name);
    std::fs::write(&path, &apng.bytes).unwrap();
    let out = histogram(&["--method", "cpu", path.to_str().unwrap()]);
    let line = String::from_utf8(out.stdout).unwrap();
    assert!(
        line.contains("\"notes\": [\"An animated PNG: the first of its 3 frames is counted.\", \"Some pixels are translucent"),
        "{line}"
    );
}

/// More bins than an 8-bit channel has levels: the note says how many of R's, G's
/// and B's bins stay empty, and that many do.
#[test]
fn more_bins_than_levels_says_so() {
    let dir = temp_dir("comb");
    // Every level in each of R, G and B, and noise.
    let mut rgba: Vec<u8> = (0..=255u8)
        .flat_map(|v| [v, 255 - v, v / 2 * 2, 255])
        .collect();
    rgba.extend(Image::noise(256, 3, 5).rgba());
    let image = Image::from_rgba(256, 4, rgba).unwrap();
    let path = save_png(&dir, "levels.png", &image);
    let path = path.to_str().unwrap();
    let out = histogram(&["--method", "cpu", "--bins", "1024", path]);
    let line = String::from_utf8(out.stdout).unwrap();
    assert!(
        line.contains("768 of their 1024 bins can hold no pixel"),
        "{line}"
    );
    let empty = |key| array(&line, key).iter().filter(|&&n| n == 0).count();
    assert_eq!((empty("r"), empty("g")), (768, 768));
    assert!(empty("luminance") < 768, "luminance fills more bins");
    let csv = histogram(&["--format", "csv", "--bins", "300", path]);
    assert!(String::from_utf8_lossy(&csv.stderr).contains("44 of their 300 bins"));
    let plain = histogram(&["--method", "cpu", path]);
    assert!(String::from_utf8(plain.stdout)
        .unwrap()
        .contains("\"notes\": []"));
}

#[test]
fn a_20000x20000_png_is_counted_in_bands_within_a_gigabyte() {
    // 400 megapixels, 1.6 GB as RGBA: the decoder must read it in bands. Two colours,
    // split at a row that no band boundary falls on.
    let (width, height, split) = (20_000u32, 20_000u32, 12_345u32);
    let (top, bottom) = ([200u8, 120, 40], [3u8, 250, 99]);
    let dir = temp_dir("huge");
    let path = dir.join("huge.png");
    {
        let file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        let mut encoder = png::Encoder::new(file, width, height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_compression(png::Compression::Fast);
        let mut writer = encoder
            .write_header()
            .unwrap()
            .into_stream_writer()
            .unwrap();
        let rows = [top, bottom].map(|c| c.repeat(width as usize));
        for y in 0..height {
            writer.write_all(&rows[usize::from(y >= split)]).unwrap();
        }
        writer.finish().unwrap();
    }
    // Address space capped at 1 GiB: a whole decode could not fit.
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 1048576 && exec '{}' --method cpu '{}'",
            env!("CARGO_BIN_EXE_histogram"),
            path.display()
        ))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = String::from_utf8(out.stdout).unwrap();
    assert!(
        line.contains("\"width\": 20000, \"height\": 20000"),
        "{line}"
    );
    let mut expected = vec![0u32; 256 * 4];
    for (colour, rows) in [(top, split), (bottom, height - split)] {
        let image = Image::solid(1, 1, [colour[0], colour[1], colour[2], 255]);
        for (i, &count) in reference(&image, Spec::rgbl()).iter().enumerate() {
            expected[i] += count * rows * width;
        }
    }
    assert_eq!(interleave(&line), expected);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn an_image_that_cannot_be_held_gets_a_message_with_what_it_needs() {
    // A TIFF header claiming 300000x200000 grey pixels: decoded whole, 60 GB.
    let entry = |tag: u16, kind: u16, value: u32| {
        let mut e = tag.to_le_bytes().to_vec();
        e.extend_from_slice(&kind.to_le_bytes());
        e.extend_from_slice(&1u32.to_le_bytes());
        e.extend_from_slice(&value.to_le_bytes());
        e
    };
    let entries = [
        entry(256, 4, 300_000),                  // width
        entry(257, 4, 200_000),                  // height
        entry(258, 3, 8),                        // bits per sample
        entry(259, 3, 1),                        // no compression
        entry(262, 3, 1),                        // black is zero
        entry(273, 4, 8),                        // strip offset
        entry(277, 3, 1),                        // samples per pixel
        entry(278, 4, 200_000),                  // rows per strip
        entry(279, 4, 60_000_000_000u64 as u32), // strip bytes (truncated)
    ];
    let mut tiff = b"II*\0".to_vec();
    tiff.extend_from_slice(&8u32.to_le_bytes());
    tiff.extend_from_slice(&(entries.len() as u16).to_le_bytes());
    tiff.extend(entries.concat());
    tiff.extend_from_slice(&0u32.to_le_bytes());
    // Bytes enough that the claim could be real (a tiny file claiming this much is
    // refused as damaged before its memory is looked at: tests/native/hostile.rs).
    tiff.resize(tiff.len() + (3 << 20), 0);
    let dir = temp_dir("tiff");
    let path = dir.join("scan.tif");
    std::fs::write(&path, tiff).unwrap();
    let out = histogram(&["--method", "cpu", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        // 6e10 bytes of grey samples decoded, 8 more a pixel as RGBA and a band.
        stderr.contains("scan.tif: the image is 300000x200000 pixels; a TIFF file is decoded whole, which needs 502.9 GiB of memory"),
        "{stderr}"
    );
    assert!(stderr.contains("convert it to PNG"), "{stderr}");
}

#[test]
fn a_dash_reads_the_image_from_standard_input() {
    let image = Image::noise(31, 17, 4);
    let dir = temp_dir("stdin");
    let path = save_png(&dir, "in.png", &image);
    let out = with_stdin(
        tool().args(["--method", "cpu", "-"]),
        &std::fs::read(path).unwrap(),
    );
    assert!(out.status.success());
    let line = String::from_utf8(out.stdout).unwrap();
    assert!(
        line.starts_with("{\"file\": \"-\", \"width\": 31"),
        "{line}"
    );
    assert_eq!(interleave(&line), reference(&image, Spec::rgbl()));
}

#[test]
fn bad_files_are_reported_and_the_good_ones_still_print() {
    let dir = temp_dir("bad");
    let good = save_png(&dir, "good.png", &Image::noise(20, 10, 1));
    let corrupt = dir.join("corrupt.png");
    std::fs::write(&corrupt, b"\x89PNG\r\n\x1a\n not really").unwrap();
    let missing = dir.join("missing.jpg");
    let out = histogram(&[
        corrupt.to_str().unwrap(),
        good.to_str().unwrap(),
        missing.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1);
    assert!(stdout.contains("good.png"));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("corrupt.png:"), "{stderr}");
    assert!(stderr.contains("missing.jpg:"), "{stderr}");
}

#[test]
fn csv_bins_and_usage_errors() {
    let dir = temp_dir("csv");
    let image = Image::noise(9, 7, 3);
    let path = save_png(&dir, "a,b.png", &image);
    let out = histogram(&["--format", "csv", "--bins", "16", path.to_str().unwrap()]);
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "file,bin,r,g,b,luminance");
    assert_eq!(lines.len(), 17);
    assert!(
        lines[1].starts_with('"'),
        "a comma in the name is quoted: {}",
        lines[1]
    );
    let expected = reference(&image, Spec::new(16, histogram::Channels::Rgbl).unwrap());
    let got: Vec<u32> = lines[1..]
        .iter()
        .flat_map(|l| {
            l.rsplitn(5, ',')
                .take(4)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
        })
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(got, expected);
    for (args, says) in [
        (
            &["--bins", "0", "x.png"][..],
            "the number of bins must be between 1 and 65536, not 0",
        ),
        (
            &["--bins", "65537", "x.png"][..],
            "the number of bins must be between 1 and 65536, not 65537",
        ),
        (&["--method", "nope", "x.png"], "unknown method 'nope'"),
        (
            &["--method", "race", "x.png"],
            "race loses counts on purpose",
        ),
        (&["--colour", "x.png"], "unexpected argument '--colour'"),
        (&[], "no image given"),
    ] {
        let out = histogram(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        // As clap writes it: what is wrong, then where to look for more; not the
        // whole help.
        let stderr = String::from_utf8_lossy(&out.stderr);
        let lines: Vec<&str> = stderr.lines().collect();
        assert!(
            lines[0].starts_with("error: ") && lines[0].contains(says),
            "{stderr}"
        );
        assert_eq!(lines.last(), Some(&"For more information, try '--help'."));
        assert!(lines.len() <= 8, "{stderr}");
    }
}

#[test]
fn bench_checks_every_method() {
    let stdout = succeeded(&["bench", "--runs", "2", "--sizes", "67x45"], "bench");
    let rows: Vec<&str> = stdout.lines().filter(|l| l.contains("67x45")).collect();
    assert_eq!(rows.len(), 3 * Method::ALL.len(), "{stdout}");
    for row in rows {
        assert!(row.ends_with("ok") || row.contains("lossy"), "{row}");
    }
}

#[test]
fn bench_refuses_bad_options() {
    for (args, says) in [
        (&["bench", "--warmup-ms", "soon"][..], "--warmup-ms"),
        (&["bench", "--runs", "0"][..], "--runs"),
        (&["bench", "--methods", "fast"][..], "unknown method 'fast'"),
        (&["bench", "--sizes", "big"][..], "bad size 'big'"),
        (
            &["bench", "--sizes", "0x0", "--runs", "1"][..],
            "bad size '0x0' (WxH, each at least 1)",
        ),
    ] {
        let out = histogram(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(
            out.stdout.is_empty(),
            "{args:?}: no table before the refusal"
        );
    }
}

/// Without XDG_RUNTIME_DIR (a container, a cron job) Mesa's drivers would print
/// their complaint on stderr; the tool's stderr holds only its own words.
#[test]
fn stderr_is_the_tools_own_without_a_runtime_dir() {
    let dir = temp_dir("xdg");
    let path = save_png(&dir, "x.png", &Image::noise(20, 10, 4));
    let out = tool()
        .env_remove("XDG_RUNTIME_DIR")
        .args([
            "--backend",
            "vulkan",
            "--method",
            "packed",
            path.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn without_a_gpu_adapter_it_says_so_and_uses_the_cpu() {
    // There is no Metal adapter on Linux: as if the machine had no GPU.
    let dir = temp_dir("nogpu");
    let image = Image::noise(12, 5, 2);
    let path = save_png(&dir, "x.png", &image);
    let run = |args: &[&str]| tool().args(args).output().unwrap();
    let out = run(&["--backend", "metal", path.to_str().unwrap()]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("using the CPU method"));
    let line = String::from_utf8(out.stdout).unwrap();
    assert!(line.contains("\"method\": \"cpu\""));
    assert_eq!(interleave(&line), reference(&image, Spec::rgbl()));
    // A GPU method that was asked for is not silently replaced.
    let out = run(&[
        "--backend",
        "metal",
        "--method",
        "packed",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--method cpu works without a GPU"));
}

#[test]
fn a_short_run_never_opens_the_gpu() {
    // WGPU_BACKEND, not --backend: the run names no adapter, so the default opens
    // the GPU only where what is left would pay for it (policy::open_gpu).
    // Had it tried, there being no Metal adapter on Linux, it would say so.
    let dir = temp_dir("short");
    let image = Image::noise(12, 5, 2);
    let path = save_png(&dir, "x.png", &image);
    let out = tool()
        .env("WGPU_BACKEND", "metal")
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    let line = String::from_utf8(out.stdout).unwrap();
    assert!(line.contains("\"method\": \"cpu\""), "{line}");
    assert_eq!(interleave(&line), reference(&image, Spec::rgbl()));
    // Two files on one job look for the adapter at once, beside the worker: none
    // found is said only where the GPU would have been opened, and it is not.
    let second = save_png(&dir, "y.png", &image);
    let out = tool()
        .env("WGPU_BACKEND", "metal")
        .args(["--jobs", "1", "--total"])
        .args([&path, &second])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    let total = String::from_utf8(out.stdout).unwrap();
    let total = total.lines().last().unwrap();
    let twice: Vec<u32> = reference(&image, Spec::rgbl())
        .iter()
        .map(|c| 2 * c)
        .collect();
    assert_eq!(interleave(total), twice);
}

#[test]
fn stats_and_regions_on_the_command_line() {
    let dir = temp_dir("stats");
    let image = Image::noise(40, 30, 5);
    let path = save_png(&dir, "n.png", &image);
    let path = path.to_str().unwrap();
    // The region's counts equal the reference of the cropped pixels, for every method.
    let region = histogram::Region {
        x: 3,
        y: 29,
        width: 37,
        height: 1,
    };
    for method in ["cpu", "privatized", "packed", "chunks-reduce"] {
        let line = succeeded(
            &["--method", method, "--region", "3,29,37,1", "--stats", path],
            method,
        );
        assert_eq!(
            interleave(&line),
            reference(&image.crop(region), Spec::rgbl()),
            "{method}"
        );
        assert!(line.contains("\"region\": [3, 29, 37, 1]"), "{line}");
        assert!(
            line.contains("\"stats\": {\"r\": {\"pixels\": 37, \"mean\": "),
            "{line}"
        );
    }
    // CSV: a row per statistic after the bins.
    let out = histogram(&["--format", "csv", "--stats", "--method", "cpu", path]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = stdout.lines().collect();
    assert_eq!(rows.len(), 1 + 256 + 11);
    assert!(
        rows[257].starts_with(&format!("{path},pixels,1200,1200,1200,1200")),
        "{}",
        rows[257]
    );
    assert!(rows[267].starts_with(&format!("{path},clipped_high_percent,")));
    // A region that does not fit is that file's error; others still print.
    let out = histogram(&["--region", "30,20,20,20", path, path]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("the region 20x20 at (30, 20) does not fit in the 40x30 image"));
    for bad in ["1,2,3", "a,b,c,d", "0,0,0,5"] {
        let out = histogram(&["--region", bad, path]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
}

#[test]
fn adjust_writes_the_adjusted_png() {
    let dir = temp_dir("adjust");
    let image = photo(8);
    let input = save_png(&dir, "in.png", &image);
    for (args, adjustment) in [
        (&["--equalize"][..], histogram::adjust::Adjustment::Equalize),
        (
            &["--clahe", "--tiles", "4x3", "--clip", "3"],
            histogram::adjust::Adjustment::Clahe {
                tiles: (4, 3),
                clip: 3.0,
            },
        ),
        (
            &["--auto-levels", "--low", "1", "--high", "99", "--linked"],
            histogram::adjust::Adjustment::AutoLevels {
                low: 1.0,
                high: 99.0,
                linked: true,
            },
        ),
        (&["--otsu"], histogram::adjust::Adjustment::Otsu),
    ] {
        let cpu = histogram::adjust::apply(&image, adjustment);
        for method in ["gpu", "cpu"] {
            let output = dir.join(format!("out-{method}.png"));
            let mut all = vec!["adjust", "--method", method];
            all.extend_from_slice(args);
            all.extend([input.to_str().unwrap(), output.to_str().unwrap()]);
            succeeded(&all, &format!("{args:?}"));
            let written = image::open(&output).unwrap().to_rgba8();
            assert_eq!(written.dimensions(), (image.width(), image.height()));
            let most = written
                .as_raw()
                .iter()
                .zip(cpu.rgba())
                .map(|(a, b)| a.abs_diff(*b))
                .max()
                .unwrap();
            assert!(
                most <= 1,
                "{args:?} {method}: {most} levels from the reference"
            );
        }
    }
    for (args, says) in [
        (&["adjust", "in.png", "out.png"][..], "give one adjustment"),
        (
            &["adjust", "--equalize", "--otsu", "a", "b"],
            "give one adjustment",
        ),
        (
            &["adjust", "--clahe", "--tiles", "0x8", "a", "b"],
            "CLAHE's tiles",
        ),
        (
            &["adjust", "--equalize", "only-one"],
            "one input and one output",
        ),
    ] {
        let out = histogram(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(says),
            "{args:?}"
        );
    }
}

#[test]
fn an_adjustment_named_alone_takes_its_defaults_from_the_core() {
    // The tool, the pages and the tests read names and defaults from one list.
    let dir = temp_dir("adjust-defaults");
    let image = photo(8);
    let input = save_png(&dir, "in.png", &image);
    let help = String::from_utf8(histogram(&["adjust", "--help"]).stdout).unwrap();
    for adjustment in histogram::adjust::Adjustment::ALL {
        let name = adjustment.name();
        assert_eq!(histogram::adjust::Adjustment::named(name), Some(adjustment));
        assert!(help.contains(&format!("--{name}")), "--help names --{name}");
        let output = dir.join(format!("{name}.png"));
        let flag = format!("--{name}");
        succeeded(
            &[
                "adjust",
                "--method",
                "cpu",
                &flag,
                input.to_str().unwrap(),
                output.to_str().unwrap(),
            ],
            name,
        );
        let written = image::open(&output).unwrap().to_rgba8();
        let want = histogram::adjust::apply(&image, adjustment);
        assert_eq!(written.as_raw(), want.rgba(), "{name} with its defaults");
    }
}

/// Every number of the (nested) JSON array after `"key": `, in order.
fn flat(line: &str, key: &str) -> Vec<u32> {
    let start = line
        .find(&format!("\"{key}\": ["))
        .unwrap_or_else(|| panic!("no {key} in {line}"))
        + key.len()
        + 4;
    let mut depth = 0;
    let end = start
        + line[start..]
            .char_indices()
            .find(|&(_, c)| {
                depth += (c == '[') as i32 - (c == ']') as i32;
                depth == 0
            })
            .unwrap()
            .0;
    line[start..end]
        .split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .map(|n| n.parse().unwrap())
        .collect()
}

/// A waveform channel's columns in one JSON line, each made whole again: 256
/// counts, zero outside its span (`{"from", "counts"}`).
fn waveform_columns(line: &str, key: &str) -> Vec<u32> {
    let line: serde_json::Value = serde_json::from_str(line).unwrap();
    let channel = &line[key];
    let counts = channel["counts"].as_array().unwrap();
    let from = channel["from"].as_array().unwrap();
    assert_eq!(from.len(), counts.len(), "{key}: a first level a column");
    from.iter()
        .zip(counts)
        .flat_map(|(from, counts)| {
            let mut column = vec![0u32; 256];
            let from = from.as_u64().unwrap() as usize;
            let counts = counts.as_array().unwrap();
            let ends = [counts.first(), counts.last()].map(|n| n.and_then(|n| n.as_u64()));
            assert!(!ends.contains(&Some(0)), "{key}: zeros outside a span");
            for (i, n) in counts.iter().enumerate() {
                column[from + i] = n.as_u64().unwrap() as u32;
            }
            column
        })
        .collect()
}

/// The scopes' tests' region: from a third across and half way down to the
/// corner, and its --region argument.
fn lower_right(image: &Image) -> (histogram::Region, String) {
    let (w, h) = (image.width(), image.height());
    let region = histogram::Region {
        x: w / 3,
        y: h / 2,
        width: w - w / 3,
        height: h - h / 2,
    };
    let arg = format!(
        "{},{},{},{}",
        region.x, region.y, region.width, region.height
    );
    (region, arg)
}

#[test]
fn scope_json_equals_the_cpu_reference_on_the_gpu_and_the_cpu() {
    use histogram::scope;
    let dir = temp_dir("scope-json");
    let images = [
        ("noise-37x23.png", Image::noise(37, 23, 8)),
        ("photo-8.png", photo(8)),
        ("one-1x1.png", Image::solid(1, 1, [3, 200, 40, 255])),
    ];
    for (name, image) in &images {
        let path = save_png(&dir, name, image);
        let file = path.to_str().unwrap();
        let (region, region_arg) = lower_right(image);
        for method in ["gpu", "cpu"] {
            for (args, region) in [
                (vec![], None),
                (vec!["--region", &region_arg], Some(region)),
            ] {
                let mut wave = vec![
                    "scope",
                    "--waveform",
                    "--format",
                    "json",
                    "--method",
                    method,
                ];
                wave.extend(&args);
                wave.push(file);
                let line = succeeded(&wave, method);
                assert!(line.contains(&format!(
                    "\"width\": {}, \"height\": {}, \"scope\": \"waveform\"",
                    image.width(),
                    image.height()
                )));
                let want = scope::waveform(image, region).unwrap();
                for (ch, key) in ["r", "g", "b", "luminance"].iter().enumerate() {
                    let expected: Vec<u32> = (0..want.width)
                        .flat_map(|x| want.column(x, ch).to_vec())
                        .collect();
                    assert_eq!(
                        waveform_columns(&line, key),
                        expected,
                        "{name} {method} {key} {region:?}"
                    );
                }
                let mut vec = vec!["scope", "--vectorscope", "--size", "16", "--format", "json"];
                vec.extend(["--method", method]);
                vec.extend(&args);
                vec.push(file);
                let line = succeeded(&vec, method);
                assert!(
                    line.contains("\"scope\": \"vectorscope\", \"size\": 16"),
                    "{line}"
                );
                let want = scope::vectorscope(image, region, 16, scope::Matrix::Bt709).unwrap();
                let got = flat(&line, "counts");
                let moved: u32 = got
                    .iter()
                    .zip(&want.counts)
                    .map(|(a, b)| a.abs_diff(*b))
                    .sum();
                assert!(moved <= 2, "{name} {method}: {moved}");
                assert_eq!(got.iter().sum::<u32>() as u64, want.pixels);
            }
        }
    }
    // The parade's JSON holds the waveform's counts.
    let file = dir.join("noise-37x23.png");
    let parade = histogram(&[
        "scope",
        "--parade",
        "--format",
        "json",
        file.to_str().unwrap(),
    ]);
    let waveform = histogram(&[
        "scope",
        "--waveform",
        "--format",
        "json",
        file.to_str().unwrap(),
    ]);
    assert_eq!(parade.stdout, waveform.stdout);
}

#[test]
fn scope_pngs_are_the_cpu_drawing_and_bad_input_is_reported() {
    use histogram::scope::{self, Scope, Style, LABEL_COLOUR, LABEL_STRIP};
    let dir = temp_dir("scope-png");
    let image = photo(16);
    let path = save_png(&dir, "kitten.png", &image);
    let file = path.to_str().unwrap();
    let out_dir = dir.join("out");
    std::fs::create_dir_all(&out_dir).unwrap();
    let cases = [
        // The graticule's values in a strip at the right.
        (
            "--waveform",
            Scope::Waveform,
            (image.width() + LABEL_STRIP, 256),
        ),
        (
            "--parade",
            Scope::Parade,
            (image.width() * 3 + LABEL_STRIP, 256),
        ),
        (
            "--vectorscope",
            Scope::Vectorscope { size: 256 },
            (272, 272),
        ),
    ];
    for (flag, scope, size) in cases {
        let stdout = succeeded(
            &[
                "scope",
                flag,
                "--log",
                "--gain",
                "2",
                "--out",
                out_dir.to_str().unwrap(),
                file,
            ],
            flag,
        );
        let written = out_dir.join(format!("kitten-{}.png", scope.name()));
        assert_eq!(stdout.trim(), written.to_str().unwrap());
        let png = image::open(&written).unwrap().to_rgba8();
        assert_eq!(png.dimensions(), size);
        // The waveform of luminance, the RGB parade.
        let shown: &[usize] = if scope == Scope::Parade {
            &[0, 1, 2]
        } else {
            &[3]
        };
        let want = scope::count(&image, None, scope, scope::Matrix::Bt709)
            .unwrap()
            .draw(
                scope,
                shown,
                Style {
                    log: true,
                    gain: 2.0,
                    zoom: 1.0,
                    nits: None,
                },
            );
        // The drawing as drawn, but where a label is written over it
        // (`scope_pngs_name_their_graticule_as_the_studio_does` checks those).
        let w = want.width() as usize;
        for (y, row) in png.as_raw().chunks(png.width() as usize * 4).enumerate() {
            for (x, got) in row[..w * 4].chunks(4).enumerate() {
                let drawn = &want.rgba()[(y * w + x) * 4..][..4];
                assert!(
                    got == drawn || got[..3] == LABEL_COLOUR,
                    "{flag}: ({x}, {y})"
                );
            }
        }
    }
    // Standard input, named stdin.
    let scoped = with_stdin(
        tool().args([
            "scope",
            "--waveform",
            "--method",
            "cpu",
            "--out",
            out_dir.to_str().unwrap(),
            "-",
        ]),
        &std::fs::read(&path).unwrap(),
    );
    assert!(scoped.status.success());
    assert!(out_dir.join("stdin-waveform.png").exists());

    // Usage errors: exit 2 and why.
    for (args, says) in [
        (vec!["scope", file], "give one: --waveform"),
        (
            vec!["scope", "--waveform", "--parade", file],
            "give one: --waveform",
        ),
        (
            vec!["scope", "--vectorscope", "--size", "100", file],
            "divides 256",
        ),
        (
            vec!["scope", "--waveform", "--format", "csv", file],
            "[possible values: png, json]",
        ),
        (
            vec!["scope", "--waveform", "--method", "packed", file],
            "[possible values: gpu, cpu]",
        ),
        (
            vec![
                "scope",
                "--waveform",
                "--region",
                "0,0,9999,1",
                "--format",
                "json",
                file,
            ],
            "does not fit",
        ),
    ] {
        let out = histogram(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert_ne!(out.status.code(), Some(0), "{args:?}");
    }
    // A file that is not an image: reported, the good one still done, exit 1.
    let bad = dir.join("notes.png");
    std::fs::write(&bad, "not a picture").unwrap();
    let out = histogram(&[
        "scope",
        "--waveform",
        "--format",
        "json",
        bad.to_str().unwrap(),
        file,
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("notes.png"));
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 1);
}

/// 16-bit PNG and TIFF counted at their depth, by the CPU and on the GPU (the 8-bit
/// methods hand them to the deep kernel, and the JSON says so), in as many bins as
/// they have levels; `--depth 8` counts their nearest 8-bit values, as the pages do.
#[test]
fn sixteen_bit_files_count_at_their_depth() {
    let dir = temp_dir("deep");
    let files: Vec<_> = fixtures::all(&[])
        .into_iter()
        .filter(|f| f.deep.is_some())
        .chain(fixtures::deep())
        .collect();
    let paths: Vec<String> = files
        .iter()
        .map(|f| {
            let path = dir.join(f.name);
            std::fs::write(&path, &f.bytes).unwrap();
            path.display().to_string()
        })
        .collect();
    for (method, counted_by) in [("cpu", "cpu"), ("deep", "deep"), ("atomic", "deep")] {
        for bins in [256, 4096, 65536] {
            let bins_arg = bins.to_string();
            let mut args = vec!["--method", method, "--bins", &bins_arg];
            args.extend(paths.iter().map(String::as_str));
            let stdout = succeeded(&args, method);
            for (f, line) in files.iter().zip(stdout.lines()) {
                let spec = Spec::new(bins, histogram::Channels::Rgbl).unwrap();
                let want = reference_deep(f.deep.as_ref().unwrap(), 16, spec);
                assert!(
                    interleave(line) == want,
                    "{method}, {bins} bins, {}",
                    f.name
                );
                assert!(line.contains("\"depth\": 16"), "{line}");
                assert!(line.contains(&format!("\"method\": \"{counted_by}\"")));
                assert!(line.contains("counted at their full depth"));
                if method == "atomic" {
                    assert!(line.contains("Counted by the deep kernel: atomic"));
                }
            }
        }
    }
    // As the pages count them.
    let out = histogram(&["--method", "cpu", "--depth", "8", &paths[0]]);
    let line = String::from_utf8(out.stdout).unwrap();
    assert_eq!(interleave(&line), reference(&files[0].pixels, Spec::rgbl()));
    assert!(line.contains("\"depth\": 8") && line.contains("nearest 8-bit value"));
    let out = histogram(&["--depth", "12", &paths[0]]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("[possible values: stored, 8]"));
}

#[test]
fn scope_overlays_mark_the_pixels_at_their_luminance() {
    use serde_json::Value;
    let dir = temp_dir("overlays");
    let out_dir = dir.join("out");
    std::fs::create_dir_all(&out_dir).unwrap();
    // A pixel's luminance level, by the tests' own reference rule.
    let level = |p: &[u8]| {
        let bins = reference(
            &Image::solid(1, 1, [p[0], p[1], p[2], 255]),
            Spec::luminance(),
        );
        bins.iter().position(|&c| c == 1).unwrap()
    };
    let images = [
        ("noise-37x23.png", Image::noise(37, 23, 8)),
        ("photo-8.png", photo(8)),
        ("one-1x1.png", Image::solid(1, 1, [250, 250, 250, 255])),
    ];
    for (name, image) in &images {
        let file = save_png(&dir, name, image);
        let file = file.to_str().unwrap();
        let (region, region_arg) = lower_right(image);
        for (extra, drawn) in [
            (vec![], image.clone()),
            (vec!["--region", &region_arg], image.crop(region)),
        ] {
            let luminance = reference(&drawn, Spec::luminance());
            let within = |from: u64, to: u64| -> u64 {
                luminance[from as usize..=to as usize]
                    .iter()
                    .map(|&c| u64::from(c))
                    .sum()
            };
            let mut args = vec!["scope", "--zebra", "95", "--format", "json"];
            args.extend(&extra);
            args.push(file);
            let line: Value = serde_json::from_str(&succeeded(&args, name)).unwrap();
            assert_eq!(line["scope"], "zebra");
            assert_eq!(line["level"], 243, "95% of 255, rounded up");
            assert_eq!(
                line["marked"].as_u64().unwrap(),
                within(243, 255),
                "{name} {extra:?}"
            );
            assert_eq!(line["pixels"].as_u64().unwrap(), drawn.pixel_count());
            let mut args = vec!["scope", "--false-colour", "--format", "json"];
            args.extend(&extra);
            args.push(file);
            let line: Value = serde_json::from_str(&succeeded(&args, name)).unwrap();
            let bands = line["bands"].as_array().unwrap();
            assert_eq!(bands.len(), 6);
            for band in bands {
                let (from, to) = (band["from"].as_u64().unwrap(), band["to"].as_u64().unwrap());
                assert_eq!(
                    band["pixels"].as_u64().unwrap(),
                    within(from, to),
                    "{name} {band}"
                );
            }
            // The PNG: black stripes on the pixels at or above the level, the rest as stored.
            let mut args = vec!["scope", "--zebra", "50", "--out", out_dir.to_str().unwrap()];
            args.extend(&extra);
            args.push(file);
            succeeded(&args, name);
            let stem = name.trim_end_matches(".png");
            let png = image::open(out_dir.join(format!("{stem}-zebra.png")))
                .unwrap()
                .to_rgba8();
            assert_eq!(png.dimensions(), (drawn.width(), drawn.height()));
            for (i, (got, stored)) in png
                .as_raw()
                .chunks(4)
                .zip(drawn.rgba().chunks(4))
                .enumerate()
            {
                let (x, y) = (i as u32 % drawn.width(), i as u32 / drawn.width());
                let striped = level(stored) >= 128 && (x + y) / 4 % 2 == 0;
                let want = if striped {
                    &[0, 0, 0, stored[3]][..]
                } else {
                    stored
                };
                assert_eq!(got, want, "{name} {extra:?} at {x},{y}");
            }
        }
    }
    // Bad levels and mixed asks: a usage error (its reason first, as clap's), status 2.
    let file = dir.join("noise-37x23.png");
    let file = file.to_str().unwrap();
    for args in [
        vec!["scope", "--zebra", "101", file],
        vec!["scope", "--zebra", "90", "--waveform", file],
        vec!["scope", "--false-colour", "--zebra", "90", file],
    ] {
        let out = histogram(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let said = text(&out.stderr);
        assert!(
            said.starts_with("error: ") && !said.contains("panicked"),
            "{args:?}: {said}"
        );
    }
}

/// Issue #77: `histogram scope` PNGs name their graticule as the studio's do: the
/// drawing as the core drew it, each line's value in the strip at its right (lit
/// only beside its line), each target's name at its place (nothing else changed).
#[test]
fn scope_pngs_name_their_graticule_as_the_studio_does() {
    use histogram::scope::{self, Scope, Style, LABEL_COLOUR, LABEL_STRIP};
    let dir = temp_dir("scope-labels");
    let image = Image::noise(19, 7, 5);
    let path = save_png(&dir, "noise.png", &image);
    let out_dir = dir.join("out");
    std::fs::create_dir_all(&out_dir).unwrap();
    for (flag, scope, shown) in [
        ("--waveform", Scope::Waveform, &[3][..]),
        ("--parade", Scope::Parade, &[0, 1, 2][..]),
        ("--vectorscope", Scope::Vectorscope { size: 256 }, &[3][..]),
    ] {
        let args = ["scope", flag, "--out", out_dir.to_str().unwrap()];
        succeeded(&[&args[..], &[path.to_str().unwrap()]].concat(), flag);
        let written = out_dir.join(format!("noise-{}.png", scope.name()));
        let png = image::open(&written).unwrap().to_rgba8();
        let plain = scope::count(&image, None, scope, scope::Matrix::Bt709)
            .unwrap()
            .draw(scope, shown, Style::PLAIN);
        let (w, h) = (plain.width(), plain.height());
        let labels = scope::graticule_labels(scope, 1.0, scope::Graticule::Full);
        let lines = scope != Scope::Vectorscope { size: 256 };
        assert_eq!(
            png.width(),
            w + if lines { LABEL_STRIP } else { 0 },
            "{flag}"
        );
        // Where each label is written: beside its line, or round its place.
        let near = |x: u32, y: u32| {
            labels.iter().position(|l| {
                let (lx, ly) = (l.x * w as f32, l.y * h as f32);
                let (dx, dy) = (x as f32 - lx, y as f32 - ly);
                if lines {
                    x >= w && dy.abs() <= 9.0
                } else {
                    dx.abs() <= 20.0 && dy.abs() <= 8.0
                }
            })
        };
        let mut lit = vec![0; labels.len()];
        for y in 0..h {
            for x in 0..png.width() {
                let got = &png.get_pixel(x, y).0[..3];
                let at = ((y * w + x) * 4) as usize;
                let drawn = (x < w).then(|| &plain.rgba()[at..at + 3]);
                if drawn == Some(got) || (drawn.is_none() && got == [0, 0, 0]) {
                    continue;
                }
                assert_eq!(got, LABEL_COLOUR, "{flag}: ({x}, {y})");
                let label = near(x, y).unwrap_or_else(|| panic!("{flag}: ({x}, {y}) lit"));
                lit[label] += 1;
            }
        }
        assert!(lit.iter().all(|&n| n >= 8), "{flag}: {lit:?}");
        assert_eq!(lit.len(), if lines { 11 } else { 6 }, "{flag}");
    }
}

#[test]
fn scope_lines_cross_the_waveform_and_parade_pngs_at_their_levels() {
    use histogram::scope::{self, Scope, Style, REFERENCE_COLOUR};
    let dir = temp_dir("scope-lines");
    let image = Image::noise(19, 7, 3);
    let path = save_png(&dir, "noise.png", &image);
    let file = path.to_str().unwrap();
    let out_dir = dir.join("out");
    std::fs::create_dir_all(&out_dir).unwrap();
    let out = out_dir.to_str().unwrap();
    for (flag, scope, shown) in [
        ("--waveform", Scope::Waveform, &[3][..]),
        ("--parade", Scope::Parade, &[0, 1, 2][..]),
    ] {
        succeeded(
            &["scope", flag, "--lines", "16, 95%", "--out", out, file],
            flag,
        );
        let written = out_dir.join(format!("noise-{}.png", scope.name()));
        let png = image::open(&written).unwrap().to_rgba8();
        // The drawing without lines, by the core; the lines' rows by the
        // definitions: level 16, and 95% of 255 to the nearest level, 242.
        let plain = scope::count(&image, None, scope, scope::Matrix::Bt709)
            .unwrap()
            .draw(scope, shown, Style::PLAIN);
        let rows = [255 - 16, 255 - 242];
        assert_eq!(png.width(), plain.width() + scope::LABEL_STRIP, "{flag}");
        for y in 0..png.height() {
            for x in 0..plain.width() {
                let got = &png.get_pixel(x, y).0[..3];
                let at = ((y * plain.width() + x) * 4) as usize;
                if rows.contains(&y) && x % 8 < 4 {
                    assert_eq!(got, REFERENCE_COLOUR, "{flag}: ({x}, {y})");
                } else {
                    assert_eq!(got, &plain.rgba()[at..at + 3], "{flag}: ({x}, {y})");
                }
            }
        }
    }
    // Usage errors: exit 2 and why.
    for (args, says) in [
        (
            vec!["scope", "--waveform", "--lines", "16,300", file],
            "\"300\" is not a level",
        ),
        (
            vec!["scope", "--vectorscope", "--lines", "16", file],
            "--lines draws across the waveform's or the parade's PNG",
        ),
        (
            vec!["scope", "--waveform", "--lines", "16", "--time", "3", file],
            "--lines draws across",
        ),
        (
            vec![
                "scope",
                "--waveform",
                "--lines",
                "16",
                "--format",
                "json",
                file,
            ],
            "--lines draws across",
        ),
    ] {
        let out = histogram(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

/// Issue #77, item 3: `--nits` names a waveform's lines by the light a display
/// gives for HDR codes, at the levels the standards put them, the reference
/// white in the labels' colour; the axis and the counts stay the codes'.
#[test]
fn scope_pngs_name_hdr_codes_in_nits() {
    use histogram::scope::{GRATICULE, LABEL_COLOUR, LABEL_STRIP};
    let dir = temp_dir("scope-nits");
    // Black: the drawing lights level 0 alone, every line shows in each column.
    let image = Image::from_rgba(9, 5, [0, 0, 0, 255].repeat(45)).unwrap();
    let path = save_png(&dir, "black.png", &image);
    let file = path.to_str().unwrap();
    let out_dir = dir.join("out");
    std::fs::create_dir_all(&out_dir).unwrap();
    let out = out_dir.to_str().unwrap();
    let graticule = GRATICULE.map(|v| (v * 255.0 + 0.5) as u8);
    // The codes of BT.2408 (PQ: 100 nits 50.8%, 203 nits 58.1%, 1000 nits 75.2%;
    // HLG on the 1000-nit display: 203 nits 75%, 1000 nits 100%), as levels; and
    // HLG's 100 nits, 63%, from BT.2100's formulas.
    let level = |share: f64| (share * 255.0).round() as u32;
    for (transfer, white, lines, between) in [
        (
            "pq",
            level(0.5807),
            [level(0.5081), level(0.7518)],
            level(0.54),
        ),
        ("hlg", level(0.75), [level(0.6296), 255], level(0.70)),
    ] {
        for (flag, stem) in [("--waveform", "waveform"), ("--parade", "parade")] {
            succeeded(
                &["scope", flag, "--nits", transfer, "--out", out, file],
                flag,
            );
            let png = image::open(out_dir.join(format!("black-{stem}.png")))
                .unwrap()
                .to_rgba8();
            let w = png.width() - LABEL_STRIP;
            let row = |level: u32| 255 - level;
            let colour = |x: u32, level: u32| png.get_pixel(x, row(level)).0[..3].to_vec();
            for x in 0..w {
                assert_eq!(
                    colour(x, white),
                    LABEL_COLOUR,
                    "{transfer} {flag}: white, column {x}"
                );
                for line in lines {
                    assert_eq!(
                        colour(x, line),
                        graticule,
                        "{transfer} {flag}: level {line}"
                    );
                }
                assert_eq!(
                    colour(x, between),
                    [0, 0, 0],
                    "{transfer} {flag}: level {between}"
                );
            }
            // "203" written in the strip beside its line.
            let beside = (w..png.width())
                .flat_map(|x| (row(white) - 4..=row(white) + 4).map(move |y| (x, y)))
                .filter(|&(x, y)| png.get_pixel(x, y).0[..3] == LABEL_COLOUR)
                .count();
            assert!(
                beside >= 8,
                "{transfer} {flag}: {beside} label pixels by 203"
            );
        }
    }
    // An unknown transfer refused; nor with --time, which times the count alone.
    for args in [
        vec!["scope", "--waveform", "--nits", "srgb", "--out", out, file],
        vec![
            "scope",
            "--vectorscope",
            "--nits",
            "pq",
            "--time",
            "2",
            file,
        ],
    ] {
        let done = histogram(&args);
        assert_eq!(done.status.code(), Some(2), "{args:?}");
        let said = text(&done.stderr);
        assert!(
            said.starts_with("error: ") && !said.contains("panicked"),
            "{args:?}: {said}"
        );
    }
}

/// SMPTE ST 2084's code, 0 to 1, of `nits` (its inverse EOTF), worked out here.
fn pq_code(nits: f64) -> f64 {
    let (m1, m2) = (2610.0 / 16384.0, 2523.0 / 4096.0 * 128.0);
    let (c1, c2, c3) = (
        3424.0 / 4096.0,
        2413.0 / 4096.0 * 32.0,
        2392.0 / 4096.0 * 32.0,
    );
    let y = (nits / 10_000.0f64).powf(m1);
    ((c1 + c2 * y) / (1.0 + c3 * y)).powf(m2)
}

/// BT.2100's HLG code of a grey of `nits` on its 1000-nit display (the inverse
/// OOTF, gamma 1.2, then the OETF), worked out here.
fn hlg_code(nits: f64) -> f64 {
    let (a, b) = (0.178_832_77, 1.0 - 4.0 * 0.178_832_77);
    let c = 0.5 - a * (4.0f64 * a).ln();
    let e = (nits / 1000.0f64).powf(1.0 / 1.2);
    match e <= 1.0 / 12.0 {
        true => (3.0 * e).sqrt(),
        false => a * (12.0 * e - b).ln() + c,
    }
}

/// `histogram scope --waveform --format json` of `file` with `args`, on the GPU
/// and on the CPU: each run's line, with the method's arguments.
fn waveform_lines(file: &str, args: &[&str]) -> Vec<(serde_json::Value, &'static [&'static str])> {
    [&[][..], &["--method", "cpu"]]
        .into_iter()
        .map(|method| {
            let mut all = vec!["scope", "--waveform", "--format", "json"];
            all.extend(args.iter().chain(method));
            all.push(file);
            (
                serde_json::from_str(&succeeded(&all, file)).unwrap(),
                method,
            )
        })
        .collect()
}

/// The waveform's columns of `channel` in a JSON line: each column's levels.
fn waveform_levels(line: &serde_json::Value, channel: &str) -> Vec<u64> {
    line[channel]["from"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

/// Issue #77, item 3, on a floating-point picture: read in nits, its light is
/// scoped as the codes of that light, 1.0 at the reference white (BT.2408's 203
/// nits): grey columns of known light land, on the GPU and on the CPU, at the
/// levels of their codes (the formulas worked out here); without `--nits`, it is
/// scoped as drawn.
#[test]
fn a_floating_point_pictures_light_is_scoped_in_nits() {
    let dir = temp_dir("scope-nits-float");
    let nits = [0.0, 1.0, 10.0, 100.0, 203.0, 1000.0, 4000.0, 10_000.0];
    let (width, height) = (nits.len() as u32, 2);
    let row: Vec<f32> = nits
        .iter()
        .flat_map(|&n| {
            [
                (n / 203.0) as f32,
                (n / 203.0) as f32,
                (n / 203.0) as f32,
                1.0,
            ]
        })
        .collect();
    let path = dir.join("light.exr");
    std::fs::write(
        &path,
        common::hdr::exr(width, height, &row.repeat(height as usize)),
    )
    .unwrap();
    let file = path.to_str().unwrap();
    let out = dir.to_str().unwrap();
    for (transfer, code) in [("pq", pq_code as fn(f64) -> f64), ("hlg", hlg_code)] {
        let levels: Vec<u64> = nits
            .iter()
            .map(|&n| (code(n).min(1.0) * 255.0).round() as u64)
            .collect();
        match transfer {
            "pq" => assert_eq!(&levels[3..6], [130, 148, 192], "100, 203 and 1000 nits"),
            _ => assert_eq!(
                &levels[4..],
                [191, 255, 255, 255],
                "203 nits at 75%, the peak"
            ),
        }
        for (line, method) in waveform_lines(file, &["--nits", transfer]) {
            for channel in ["r", "luminance"] {
                assert_eq!(
                    waveform_levels(&line, channel),
                    levels,
                    "{transfer} {channel} {method:?}"
                );
            }
        }
        succeeded(
            &["scope", "--parade", "--nits", transfer, "--out", out, file],
            file,
        );
        assert!(dir.join("light-parade.png").exists());
    }
    // As drawn: 1.0 and above are white.
    for (line, method) in waveform_lines(file, &[]) {
        assert_eq!(waveform_levels(&line, "r")[4..], [255; 4], "{method:?}");
    }
}

/// Issue #77, item 3, BT.2020 on the vectorscope: read in nits, a floating-point
/// picture's colours are BT.2100's codes (sRGB's primaries taken to BT.2020's by
/// BT.2087's matrix), and the vectorscope reads them by BT.2020's matrix. Columns
/// of sRGB's red, green, blue and an orange at 1.0 land, on the GPU and on the
/// CPU, in the cells worked out here from the standards (PQ's inverse EOTF of
/// each channel's nits, Cb and Cr from BT.2020's Kr and Kb); the JSON says
/// which matrix read them.
#[test]
fn a_floating_point_pictures_colours_are_read_by_bt2020_on_the_vectorscope() {
    let dir = temp_dir("scope-nits-vectorscope");
    let colours: [[f64; 3]; 4] = [
        [1.0, 0.0, 0.0],
        [0.0, 1.0, 0.0],
        [0.0, 0.0, 1.0],
        [1.0, 0.6, 0.2],
    ];
    let row: Vec<f32> = colours
        .iter()
        .flat_map(|c| [c[0] as f32, c[1] as f32, c[2] as f32, 1.0])
        .collect();
    let path = dir.join("colours.exr");
    std::fs::write(&path, common::hdr::exr(4, 2, &row.repeat(2))).unwrap();
    let file = path.to_str().unwrap();
    // BT.2087: BT.709's linear light in BT.2020's primaries.
    let to_2020 = [
        [0.6274, 0.3293, 0.0433],
        [0.0691, 0.9195, 0.0114],
        [0.0164, 0.0880, 0.8956],
    ];
    let (kr, kb) = (0.2627, 0.0593);
    let cell = |rgb: &[f64; 3]| {
        let light = to_2020.map(|k| (0..3).map(|i| k[i] * rgb[i]).sum::<f64>());
        let [r, g, b] = light.map(|v| (pq_code(v * 203.0) * 255.0).round() / 255.0);
        let y = kr * r + (1.0 - kr - kb) * g + kb * b;
        let code = |d: f64| (128.5 + 255.0 * d).floor().clamp(0.0, 255.0) as usize;
        let (cb, cr) = (
            code((b - y) / (2.0 - 2.0 * kb)),
            code((r - y) / (2.0 - 2.0 * kr)),
        );
        (255 - cr) * 256 + cb
    };
    let want: Vec<usize> = colours.iter().map(cell).collect();
    let mut lines = Vec::new();
    for method in [&[][..], &["--method", "cpu"]] {
        for transfer in ["pq", "hlg"] {
            let mut args = vec!["scope", "--vectorscope", "--format", "json"];
            args.extend(["--nits", transfer].iter().chain(method));
            args.push(file);
            let text = succeeded(&args, file);
            let line: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(line["matrix"], "bt2020", "{transfer} {method:?}");
            let counts = flat(&text, "counts");
            let lit: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] != 0).collect();
            if transfer == "pq" {
                let mut sorted = want.clone();
                sorted.sort();
                assert_eq!(lit, sorted, "{method:?}");
                assert!(want.iter().all(|&i| counts[i] == 2), "{method:?}");
            }
            lines.push((transfer, lit));
        }
    }
    // HLG's cells alike on the GPU and the CPU; not PQ's (its codes differ).
    assert_eq!(lines[1], lines[3]);
    assert_ne!(lines[0].1, lines[1].1);
    // Read as drawn (SDR), by BT.709's matrix: the JSON names none.
    let args = ["scope", "--vectorscope", "--format", "json", file];
    let line: serde_json::Value = serde_json::from_str(&succeeded(&args, file)).unwrap();
    assert!(line.get("matrix").is_none(), "{line}");
}

/// Issue #77, item 3, on a 16-bit picture: grey columns at PQ's codes of known
/// light (SMPTE ST 2084's inverse EOTF, worked out here, as 16-bit samples) are
/// counted, on the GPU and on the CPU, at the level where `--nits pq` draws the
/// line of that light (the test above): each sample's nearest 8-bit value.
#[test]
fn a_sixteen_bit_pictures_pq_codes_land_on_their_nits_lines() {
    let dir = temp_dir("scope-nits-16");
    let pq = pq_code;
    let nits = [0.0, 1.0, 10.0, 100.0, 203.0, 1000.0, 4000.0, 10_000.0];
    let (width, height) = (nits.len() as u32, 3);
    let row: Vec<u8> = nits
        .iter()
        .flat_map(|&n| [((pq(n) * 65535.0).round() as u16).to_be_bytes(); 3])
        .flatten()
        .collect();
    let path = dir.join("pq16.png");
    let mut encoder = png::Encoder::new(std::fs::File::create(&path).unwrap(), width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Sixteen);
    let mut writer = encoder.write_header().unwrap();
    writer
        .write_image_data(&row.repeat(height as usize))
        .unwrap();
    writer.finish().unwrap();
    let file = path.to_str().unwrap();
    let levels: Vec<u64> = nits
        .iter()
        .map(|&n| (pq(n) * 255.0).round() as u64)
        .collect();
    assert_eq!(
        &levels[3..6],
        [130, 148, 192],
        "100, 203 and 1000 nits (BT.2408)"
    );
    for (line, method) in waveform_lines(file, &[]) {
        for channel in ["r", "luminance"] {
            assert_eq!(
                waveform_levels(&line, channel),
                levels,
                "{channel} {method:?}"
            );
            for counts in line[channel]["counts"].as_array().unwrap() {
                assert_eq!(counts, &serde_json::json!([height]), "{channel} {method:?}");
            }
        }
    }
}
