//! Many images (issue #45): folders and lists in, files decoded on a pool, output
//! in the files' order, totals that equal the sum of the files' histograms, shards
//! merged into the same total, a run resumed, bad files reported while the rest
//! still counts. References are the files' own lines, read with serde_json, and a
//! run on one thread.

use crate::common;
use crate::tool::{histogram, json_lines, text, tool};

use common::with_stdin;
use serde_json::Value;
use std::path::Path;

fn channels(line: &Value) -> Vec<Vec<u64>> {
    ["r", "g", "b", "luminance"]
        .iter()
        .map(|c| {
            line[c]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .collect()
        })
        .collect()
}

/// A folder of small pictures in nested folders, odd sizes and kinds (JPEG, PNG,
/// 16-bit PNG), plus a text file that is not counted.
fn folder(name: &str) -> crate::common::Scratch {
    let dir = crate::common::scratch(&format!("many-{name}"));
    let mut state = 12345u32;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state
    };
    for i in 0..18u32 {
        let sub = dir.join(["a", "b/c", "d"][i as usize % 3]);
        std::fs::create_dir_all(&sub).unwrap();
        let (w, h) = (1 + next() % 97, 1 + next() % 61);
        // A gradient with noise: every bin region visited, no two files alike.
        let pixels: Vec<u8> = (0..w * h * 3)
            .map(|k| ((k * (i + 1)) % 256) as u8 ^ (next() % 8) as u8)
            .collect();
        let path = sub.join(format!("{i:02}.{}", ["png", "jpg"][i as usize % 2]));
        image::save_buffer(&path, &pixels, w, h, image::ColorType::Rgb8).unwrap();
    }
    std::fs::write(dir.join("a/readme.txt"), "not an image").unwrap();
    dir
}

fn sum(lines: &[Value]) -> Vec<Vec<u64>> {
    let mut total = channels(&lines[0]);
    for line in &lines[1..] {
        for (t, c) in total.iter_mut().zip(channels(line)) {
            for (a, b) in t.iter_mut().zip(c) {
                *a += b;
            }
        }
    }
    total
}

#[test]
fn a_folder_counts_in_path_order_on_every_thread_and_its_total_is_the_sum() {
    let dir = folder("total");
    let d = dir.to_str().unwrap();
    let one = histogram(&["--method", "cpu", "--jobs", "1", "--total", "--stats", d]);
    let many = histogram(&["--method", "packed", "--jobs", "4", "--total", "--stats", d]);
    assert!(one.status.success(), "{}", text(&one.stderr));
    assert!(many.status.success(), "{}", text(&many.stderr));
    let (one, many) = (json_lines(&one.stdout), json_lines(&many.stdout));
    assert_eq!(one.len(), 19, "18 pictures and the total");
    let names: Vec<&str> = one[..18]
        .iter()
        .map(|l| l["file"].as_str().unwrap())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted, "files in the order of their paths");
    assert!(!names.iter().any(|n| n.ends_with(".txt")));
    // The GPU on 4 threads and the CPU on one: the same files, the same counts.
    for (a, b) in one.iter().zip(&many) {
        assert_eq!(a["file"], b["file"]);
        assert_eq!(channels(a), channels(b), "{}", a["file"]);
    }
    let total = &one[18];
    assert_eq!(total["files"], 18);
    assert!(total.get("file").is_none());
    assert_eq!(
        channels(total),
        sum(&one[..18]),
        "the total is the sum of the files'"
    );
    // Its statistics are the whole set's: the pixels of all, the mean of all.
    let pixels: u64 = one[..18]
        .iter()
        .map(|l| l["width"].as_u64().unwrap() * l["height"].as_u64().unwrap())
        .sum();
    assert_eq!(total["stats"]["r"]["pixels"], pixels);
    let r = &channels(total)[0];
    let mean = r
        .iter()
        .enumerate()
        .map(|(b, &c)| b as f64 * c as f64)
        .sum::<f64>()
        / pixels as f64;
    let got = total["stats"]["r"]["mean"].as_f64().unwrap();
    assert!((got - mean).abs() < 1e-4, "{got} against {mean}");
    assert_eq!(total, &many[18]);
}

#[test]
fn three_shards_merged_equal_one_run_and_other_bins_are_refused() {
    let dir = folder("shards");
    let d = dir.to_str().unwrap();
    let whole = histogram(&["--method", "cpu", "--total", "--stats", d]);
    let whole = json_lines(&whole.stdout).pop().unwrap();
    let mut shards = Vec::new();
    for (i, part) in ["a", "b", "d"].iter().enumerate() {
        let out = histogram(&["--method", "cpu", &format!("{d}/{part}")]);
        let path = dir.join(format!("shard{i}.jsonl"));
        std::fs::write(&path, &out.stdout).unwrap();
        shards.push(path.to_str().unwrap().to_string());
    }
    let mut args = vec!["merge", "--stats"];
    args.extend(shards.iter().map(String::as_str));
    let merged = histogram(&args);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    let merged = json_lines(&merged.stdout).pop().unwrap();
    assert_eq!(merged, whole, "merged bin for bin, statistics and all");
    // Shards from pipes (`<(zcat a.gz) <(zcat b.gz)`) are two shards, not one twice.
    let piped = std::process::Command::new("bash")
        .arg("-c")
        .arg(r#""$0" merge --stats <(cat "$1") <(cat "$2") <(cat "$3")"#)
        .arg(env!("CARGO_BIN_EXE_histogram"))
        .args(&shards)
        .output()
        .unwrap();
    assert!(piped.status.success(), "{}", text(&piped.stderr));
    assert_eq!(json_lines(&piped.stdout).pop().unwrap(), whole);
    // A shard twice would count its files twice.
    let twice = histogram(&["merge", &shards[0], &shards[0]]);
    assert_eq!(twice.status.code(), Some(1));
    assert!(
        text(&twice.stderr).contains("would count twice"),
        "{}",
        text(&twice.stderr)
    );
    // Another bin count: refused with the reason.
    let other = dir.join("other.jsonl");
    let out = histogram(&["--method", "cpu", "--bins", "64", &format!("{d}/d")]);
    std::fs::write(&other, &out.stdout).unwrap();
    let mixed = histogram(&["merge", &shards[0], other.to_str().unwrap()]);
    assert_eq!(mixed.status.code(), Some(1));
    let says = text(&mixed.stderr);
    assert!(says.contains("it has 64 bins and the total 256"), "{says}");
    // Stored 16 bits beside 8: added at the deeper depth (a bin is a fraction of
    // full scale at any depth), the same total in either order.
    let deep = dir.join("deep.png");
    image::save_buffer(&deep, &[0u8; 16], 2, 1, image::ColorType::Rgba16).unwrap();
    let deep_line = dir.join("deep.jsonl");
    let out = histogram(&["--method", "cpu", deep.to_str().unwrap()]);
    std::fs::write(&deep_line, &out.stdout).unwrap();
    let deep_line = deep_line.to_str().unwrap();
    let one = histogram(&["merge", &shards[0], deep_line]);
    let other = histogram(&["merge", deep_line, &shards[0]]);
    assert!(one.status.success(), "{}", text(&one.stderr));
    assert_eq!(one.stdout, other.stdout, "merge A B is merge B A");
    let (merged, shard) = (
        &json_lines(&one.stdout)[0],
        json_lines(&histogram(&["merge", &shards[0]]).stdout)[0].clone(),
    );
    assert_eq!(merged["depth"], 16);
    assert_eq!(merged["files"], shard["files"].as_u64().unwrap() + 1);
    assert_eq!(
        merged["r"][0],
        shard["r"][0].as_u64().unwrap() + 2,
        "the deep picture's 2 black pixels"
    );
}

#[test]
fn an_interrupted_run_resumes_where_it_stopped_and_its_total_counts_everything() {
    let dir = folder("resume");
    let d = dir.to_str().unwrap();
    let whole = histogram(&["--method", "cpu", "--total", d]);
    let whole_lines = text(&whole.stdout);
    // The run stopped after 7 files, in the middle of the 8th line.
    let kept: Vec<&str> = whole_lines.lines().take(8).collect();
    let out = dir.join("out.jsonl");
    let partial = format!("{}\n{}", kept[..7].join("\n"), &kept[7][..40]);
    std::fs::write(&out, partial).unwrap();
    let o = out.to_str().unwrap();
    let resumed = histogram(&["--method", "cpu", "--total", "--skip-done", o, d]);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    let resumed = json_lines(&resumed.stdout);
    assert_eq!(resumed.len(), 12, "the 11 files not done, and the total");
    assert_eq!(resumed[0]["file"], json_lines(&whole.stdout)[7]["file"]);
    assert_eq!(
        resumed.last(),
        json_lines(&whole.stdout).last(),
        "the total of all 18"
    );
}

#[test]
fn a_list_on_stdin_and_bad_files_each_get_their_line_and_the_rest_still_counts() {
    let dir = folder("bad");
    let good = dir.join("a/00.png");
    let broken = dir.join("broken.png");
    std::fs::write(&broken, b"\x89PNG\r\n\x1a\nnot really").unwrap();
    let list = format!(
        "{}\n{}\n\n{}\n",
        good.display(),
        broken.display(),
        Path::new(&dir).join("vanished.jpg").display()
    );
    let out = with_stdin(
        tool().args(["--method", "cpu", "--total", "--files-from", "-"]),
        list.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let got = json_lines(&out.stdout);
    assert_eq!(got.len(), 2, "the good file and the total");
    assert_eq!(got[1]["files"], 1);
    let says = text(&out.stderr);
    let said: Vec<&str> = says.lines().collect();
    assert_eq!(said.len(), 3, "{says}");
    assert!(
        said[0].contains("broken.png: the file is damaged"),
        "{says}"
    );
    assert!(said[1].contains("vanished.jpg: No such file"), "{says}");
    assert_eq!(
        said[2],
        "histogram: 2 of 3 files not counted (nor in the total)"
    );
    // No progress bar where stderr is no terminal: only those lines.

    // A folder without images says so, and the run's status says it.
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    std::fs::write(empty.join("notes.txt"), "no picture").unwrap();
    let out = histogram(&[
        "--method",
        "cpu",
        empty.to_str().unwrap(),
        good.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_lines(&out.stdout).len(), 1);
    assert!(
        text(&out.stderr).contains("empty: no image in this folder (files ending in .png, .jpg")
    );
}
