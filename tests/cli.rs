//! The `histogram` command: its JSON against the independent CPU reference, and bad
//! files reported on stderr while the good ones still print.

mod common;

use common::{media, photo, reference};
use histogram::{Image, Spec};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn histogram(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_histogram"))
        .args(["--backend", "vulkan"])
        .args(args)
        .output()
        .expect("the histogram binary runs")
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

/// The numbers of `"key": [ ... ]` in one JSON line.
fn array(line: &str, key: &str) -> Vec<u32> {
    let start = line
        .find(&format!("\"{key}\": ["))
        .unwrap_or_else(|| panic!("no {key} in {line}"))
        + key.len()
        + 5;
    let end = start + line[start..].find(']').unwrap();
    line[start..end]
        .split(',')
        .map(|n| n.trim().parse().unwrap())
        .collect()
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

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("histogram-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
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
        "chunks-sum",
        "chunks-reduce",
        "privatized",
        "packed",
    ] {
        let mut args = vec!["--method", method];
        args.extend(paths.iter().map(String::as_str));
        let out = histogram(&args);
        assert!(
            out.status.success(),
            "{method}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), images.len());
        for ((name, image), line) in images.iter().zip(lines) {
            assert!(line.contains(&format!(
                "\"width\": {}, \"height\": {}, \"bins\": 256",
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
fn the_default_method_decodes_a_jpeg_photo() {
    let path = media("pexels-francesco-ungaro-96938-mid.jpg");
    let out = histogram(&[path.to_str().unwrap()]);
    assert!(out.status.success());
    let line = String::from_utf8(out.stdout).unwrap();
    assert!(line.contains("\"method\": \"packed\""), "{line}");
    assert_eq!(array(&line, "r").iter().sum::<u32>(), 2448 * 1505);
    assert_eq!(interleave(&line), reference(&photo(1), Spec::rgbl()));
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
    for args in [
        &["--bins", "0", "x.png"][..],
        &["--method", "nope", "x.png"],
        &["--method", "race", "x.png"],
        &[],
    ] {
        let out = histogram(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("usage: histogram"));
    }
}

#[test]
fn bench_checks_every_method() {
    let out = histogram(&["bench", "--runs", "2", "--sizes", "67x45"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = stdout.lines().filter(|l| l.contains("67x45")).collect();
    assert_eq!(rows.len(), 3 * 7, "{stdout}");
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
    ] {
        let out = histogram(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}

#[test]
fn without_a_gpu_adapter_it_says_so_and_uses_the_cpu() {
    // There is no Metal adapter on Linux: as if the machine had no GPU.
    let dir = temp_dir("nogpu");
    let image = Image::noise(12, 5, 2);
    let path = save_png(&dir, "x.png", &image);
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_histogram"))
            .args(args)
            .output()
            .unwrap()
    };
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
