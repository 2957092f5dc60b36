//! Totals that add up (issue #57): every write checked, each file counted once
//! however it is named, lines read back whole or refused, the files people have,
//! memory bounded, no crash. The references are an uninterrupted run of the same
//! folder and the files' own lines, summed here.

use crate::common::{hdr, scratch, Scratch};
use crate::tool::{text, tool};
use histogram_engine::total::{read_line, Total};
use std::borrow::BorrowMut;
use std::ffi::OsStr;
use std::io::Write as _;
use std::os::unix::ffi::OsStrExt as _;
use std::os::unix::process::CommandExt as _;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A count by the CPU method (no GPU to open: quick, the same bins).
fn count(args: &[&OsStr]) -> Command {
    let mut command = tool();
    command.args(["--method", "cpu"]).args(args);
    command
}

/// A count with its total that resumes the run whose output is `out`, over `what`.
fn resume(out: &Path, what: impl AsRef<OsStr>) -> Command {
    count(&[
        os("--total"),
        os("--skip-done"),
        out.as_os_str(),
        what.as_ref(),
    ])
}

fn os(text: &str) -> &OsStr {
    OsStr::new(text)
}

fn run(mut command: impl BorrowMut<Command>) -> Output {
    command
        .borrow_mut()
        .output()
        .expect("the histogram binary runs")
}

/// The last line of `bytes`.
fn last_line(bytes: &[u8]) -> &[u8] {
    let trimmed = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    trimmed.rsplit(|&b| b == b'\n').next().unwrap()
}

/// Each line of a run's output read back by the crate's reader (serde_json would
/// refuse a name that is not UTF-8).
fn lines(bytes: &[u8]) -> Vec<histogram_engine::total::Line> {
    bytes
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| read_line(l).unwrap_or_else(|e| panic!("{e}: {}", text(l))))
        .collect()
}

/// A folder of `n` small pictures of odd sizes in nested folders (PNG and JPEG).
fn folder(name: &str, n: u32) -> Scratch {
    let dir = scratch(&format!("totals-{name}"));
    let mut state = 0x2545_f491u32 ^ n;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state
    };
    for i in 0..n {
        let sub = dir.join(["a", "b/c", ""][i as usize % 3]);
        std::fs::create_dir_all(&sub).unwrap();
        let (w, h) = (1 + next() % 47, 1 + next() % 31);
        let pixels: Vec<u8> = (0..w * h * 3).map(|_| next() as u8).collect();
        let path = sub.join(format!("{i:03}.{}", ["png", "jpg"][i as usize % 2]));
        image::save_buffer(&path, &pixels, w, h, image::ColorType::Rgb8).unwrap();
    }
    dir
}

/// `command` with its standard output appended to `out` (as `>> out`).
fn appending(mut command: impl BorrowMut<Command>, out: &Path) -> Output {
    let file = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(out)
        .unwrap();
    run(command.borrow_mut().stdout(file))
}

fn says(output: &Output, words: &str) {
    let said = text(&output.stderr);
    assert!(said.contains(words), "stderr lacks {words:?}:\n{said}");
    assert!(!said.contains("panicked"), "{said}");
}

/// `command` with its standard error refused (`2>/dev/full`): its status, or a
/// failure if it has not ended within a minute (it hung for ever before).
fn status_with_stderr_full(command: &mut Command) -> Option<i32> {
    let mut child = command
        .stdout(Stdio::null())
        .stderr(std::fs::File::create("/dev/full").unwrap())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("{command:?} with stderr refused still ran after a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_name_with_an_escape_sequence_or_a_newline_reaches_the_terminal_escaped() {
    let dir = scratch("totals-names");
    let name = "red\x1b[31m\nnext.png";
    std::fs::write(dir.join(name), b"\x89PNG\r\n\x1a\n damaged").unwrap();
    let out = run(count(&[dir.as_os_str()]));
    assert_eq!(out.status.code(), Some(1));
    let said = text(&out.stderr);
    says(&out, "red\\u{1b}[31m\\nnext.png");
    assert!(!said.contains('\x1b'), "no raw escape: {said:?}");
    assert!(
        !said.lines().any(|l| l.starts_with("next.png")),
        "the name kept on its line: {said:?}"
    );
}

#[test]
fn a_total_of_no_file_reads_back_in_merge_and_resume() {
    let dir = scratch("totals-empty");
    let none = dir.join("none");
    std::fs::create_dir(&none).unwrap();
    let first = run(count(&[os("--total"), none.as_os_str()]));
    assert_eq!(first.status.code(), Some(1), "no image in the folder, said");
    let out = dir.join("out.jsonl");
    std::fs::write(&out, &first.stdout).unwrap();
    let merged = run(tool().arg("merge").arg(&out));
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    let total = lines(&merged.stdout).remove(0);
    assert_eq!((total.files, total.depth, total.bins), (0, None, 256));
    // Such a run resumes (it exited 2 before): the folder is still empty, and said.
    let resumed = run(resume(&out, none.as_os_str()));
    assert_eq!(resumed.status.code(), Some(1), "{}", text(&resumed.stderr));
    assert_eq!(last_line(&resumed.stdout), last_line(&first.stdout));
}

#[test]
fn a_refused_standard_error_ends_the_run_with_status_1_never_a_hang() {
    let dir = folder("stderr-full", 12);
    std::fs::write(dir.join("damaged.png"), b"\x89PNG\r\n\x1a\n not a picture").unwrap();
    let d = dir.as_os_str();
    // A damaged file among good ones, on one worker and on four, with a total and
    // without: each has a line to say, which stderr refuses.
    for jobs in ["1", "4"] {
        for total in [&[][..], &[os("--total")]] {
            let mut args = vec![os("--jobs"), os(jobs)];
            args.extend(total);
            args.push(d);
            assert_eq!(
                status_with_stderr_full(&mut count(&args)),
                Some(1),
                "{args:?}"
            );
        }
    }
    // merge and --skip-done with a line they leave out (they panicked with 101).
    let shard = dir.join("shard.jsonl");
    let whole = run(count(&[os("--total"), d]));
    let mut lines = whole.stdout.clone();
    lines.extend_from_slice(b"{\"file\": \"x\", \"not\": \"a line\"}\n");
    std::fs::write(&shard, &lines).unwrap();
    assert_eq!(
        status_with_stderr_full(tool().arg("merge").arg(&shard)),
        Some(1)
    );
    let resumed = &mut resume(&shard, d);
    assert_eq!(status_with_stderr_full(resumed), Some(1));
}

#[test]
fn writes_that_fail_end_the_run_with_one_line_and_status_1() {
    let dir = folder("full", 12);
    let d = dir.as_os_str();
    let full = || std::fs::File::create("/dev/full").unwrap();
    for args in [
        &[d][..],
        &[os("--total"), d],
        &[os("--format"), os("csv"), d],
        &[os("--total"), os("--format"), os("csv"), d],
    ] {
        let out = run(count(args).stdout(full()));
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        says(&out, "cannot write the output: No space left on device");
        assert_eq!(
            text(&out.stderr).lines().count(),
            1,
            "{}",
            text(&out.stderr)
        );
    }
    let whole = run(count(&[os("--total"), d]));
    let shard = dir.join("shard.jsonl");
    std::fs::write(&shard, &whole.stdout).unwrap();
    let out = run(tool().arg("merge").arg(&shard).stdout(full()));
    assert_eq!(out.status.code(), Some(1));
    says(&out, "cannot write the output");

    // A closed standard output.
    let mut closed = count(&[d]);
    // SAFETY: close(2) between fork and exec.
    unsafe {
        closed.pre_exec(|| {
            libc::close(1);
            Ok(())
        });
    }
    let out = run(&mut closed);
    assert_eq!(out.status.code(), Some(1));
    says(&out, "cannot write the output: standard output is closed");
    // A closed standard input named as the list: said, not a total of no file.
    let mut closed = count(&[os("--total"), os("--files-from"), os("-")]);
    // SAFETY: close(2) between fork and exec.
    unsafe {
        closed.pre_exec(|| {
            libc::close(0);
            Ok(())
        });
    }
    let out = run(&mut closed);
    assert_eq!(out.status.code(), Some(2));
    says(&out, "'-' reads standard input, and it is closed");
    assert!(out.stdout.is_empty(), "no total of no file");

    // A disk that fills after four lines: four whole lines and a cut fifth, status
    // 1; the run resumed onto the same file ends with the whole set's total.
    let first_four: usize = whole
        .stdout
        .split_inclusive(|&b| b == b'\n')
        .take(4)
        .map(<[u8]>::len)
        .sum();
    let out_path = dir.join("out.jsonl");
    let limit = (first_four + 100) as libc::rlim_t;
    let mut limited = count(&[os("--total"), d]);
    // SAFETY: signal(2) and setrlimit(2) between fork and exec.
    unsafe {
        limited.pre_exec(move || {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let cap = libc::rlimit {
                rlim_cur: limit,
                rlim_max: limit,
            };
            libc::setrlimit(libc::RLIMIT_FSIZE, &cap);
            Ok(())
        });
    }
    let out = appending(&mut limited, &out_path);
    assert_eq!(out.status.code(), Some(1));
    says(&out, "cannot write the output: File too large");
    let written = std::fs::read(&out_path).unwrap();
    assert_eq!(written.len(), first_four + 100, "four lines and a cut one");
    let resumed = appending(resume(&out_path, d), &out_path);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    says(&resumed, "cut short by an interrupted run: removed");
    let after = std::fs::read(&out_path).unwrap();
    assert_eq!(
        last_line(&after),
        last_line(&whole.stdout),
        "the same total"
    );
    let merged = run(tool().arg("merge").arg(&out_path));
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    assert_eq!(
        merged.stdout,
        last_line(&whole.stdout)
            .iter()
            .chain(b"\n")
            .copied()
            .collect::<Vec<u8>>()
    );
    // Resumed through another program (`| tee -a OUT`): OUT is mended all the same,
    // and the next resume reads it whole.
    std::fs::write(&out_path, &written).unwrap();
    let mut teed = Command::new("sh");
    teed.arg("-c")
        .arg(r#""$0" --method cpu --total --skip-done "$1" "$2" | tee -a "$1" > /dev/null"#)
        .arg(env!("CARGO_BIN_EXE_histogram"))
        .arg(&out_path)
        .arg(d);
    let resumed = run(&mut teed);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    says(&resumed, "cut short by an interrupted run: removed");
    let after = std::fs::read(&out_path).unwrap();
    assert_eq!(last_line(&after), last_line(&whole.stdout));
    let again = run(resume(&out_path, d));
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_eq!(last_line(&again.stdout), last_line(&whole.stdout));
}

#[test]
fn every_spelling_of_a_folder_resumes_to_the_same_total_and_no_line_counts_twice() {
    let dir = folder("spell", 12);
    let parent = dir.parent().unwrap();
    let name = dir.file_name().unwrap().to_str().unwrap();
    let whole = run(count(&[os("--total"), dir.as_os_str()]).current_dir(parent));
    assert!(whole.status.success());
    let whole_lines: Vec<&[u8]> = whole.stdout.split_inclusive(|&b| b == b'\n').collect();
    let total = last_line(&whole.stdout);
    let absolute = dir.to_str().unwrap().to_string();
    let spellings = [
        name.to_string(),
        format!("./{name}"),
        format!("{name}/"),
        absolute.clone(),
        format!("{absolute}/a/.."),
    ];
    let out = dir.join("out.jsonl");
    for (i, spelling) in spellings.iter().enumerate() {
        // The first run, spelled `name`, stopped after five lines; another spelling resumes.
        let mut partial: Vec<u8> = whole_lines[..5].concat();
        if i % 2 == 1 {
            partial.extend_from_slice(whole_lines[2]); // a line twice
        }
        std::fs::write(&out, &partial).unwrap();
        let resumed = appending(resume(&out, os(spelling)).current_dir(parent), &out);
        assert!(
            resumed.status.success(),
            "{spelling}: {}",
            text(&resumed.stderr)
        );
        if i % 2 == 1 {
            says(&resumed, "its file has a line above: left out");
        }
        let after = std::fs::read(&out).unwrap();
        assert_eq!(last_line(&after), total, "resumed as {spelling}");
        let files = lines(&after).iter().filter(|l| l.file.is_some()).count();
        assert_eq!(files, 12 + usize::from(i % 2 == 1), "{spelling}");
    }
    // Lines of files outside the run are left out, said.
    let other = folder("other", 2);
    let other_lines = run(count(&[other.as_os_str()])).stdout;
    std::fs::write(&out, [whole_lines[..5].concat(), other_lines].concat()).unwrap();
    let resumed = run(resume(&out, dir.as_os_str()));
    assert!(resumed.status.success());
    says(
        &resumed,
        "its file is not among this run's: left out (and 1 more such lines)",
    );
    assert_eq!(last_line(&resumed.stdout), total);
    // A line counted with a region, or other bins, refuses the resume.
    let region = run(count(&[
        os("--region"),
        os("0,0,1,1"),
        dir.join("002.png").as_os_str(),
    ]));
    std::fs::write(&out, &region.stdout).unwrap();
    let refused = run(resume(&out, dir.as_os_str()));
    assert_eq!(refused.status.code(), Some(2));
    says(
        &refused,
        "counted with --region 0,0,1,1, this run with the whole picture",
    );
    // merge sums a region's line only where --regions asks for regions' counts.
    let merged = run(tool().arg("merge").arg(&out));
    assert_eq!(merged.status.code(), Some(1));
    says(
        &merged,
        "counted over a region (0,0,1,1), not its whole picture",
    );
    assert!(merged.stdout.is_empty(), "nothing printed");
    let asked = run(tool().args([os("merge"), os("--regions"), out.as_os_str()]));
    assert!(asked.status.success(), "{}", text(&asked.stderr));
    assert_eq!(lines(&asked.stdout)[0].files, 1);
    let refused = run(count(&[
        os("--bins"),
        os("64"),
        os("--skip-done"),
        out.as_os_str(),
        dir.as_os_str(),
    ]));
    assert_eq!(refused.status.code(), Some(2));
    says(&refused, "counted with --bins 256, this run with --bins 64");
    // A CSV output, a misspelled name: refused, not taken for nothing done.
    let csv = run(count(&[os("--format"), os("csv"), dir.as_os_str()]));
    std::fs::write(&out, &csv.stdout).unwrap();
    let refused = run(count(&[
        os("--skip-done"),
        out.as_os_str(),
        dir.as_os_str(),
    ]));
    assert_eq!(refused.status.code(), Some(2));
    says(&refused, "a CSV output, not JSON Lines");
    let refused = run(count(&[
        os("--skip-done"),
        dir.join("0ut.jsonl").as_os_str(),
        dir.as_os_str(),
    ]));
    assert_eq!(refused.status.code(), Some(2));
    says(&refused, "No such file or directory");
    // The same file named twice, or through a link, counts once.
    let one = dir.join("002.png");
    std::os::unix::fs::symlink(&one, dir.join("b/link.png")).unwrap();
    let twice = run(count(&[os("--total"), dir.as_os_str(), one.as_os_str()]));
    says(&twice, "the same file as");
    assert_eq!(last_line(&twice.stdout), total);
}

#[test]
fn an_output_names_the_writers_files_wherever_it_is_read() {
    let dir = folder("where", 12);
    let parent = dir.parent().unwrap();
    let name = dir.file_name().unwrap().to_str().unwrap();
    let elsewhere = scratch("elsewhere");
    let whole = run(count(&[os("--total"), os(name)]).current_dir(parent));
    assert!(whole.status.success(), "{}", text(&whole.stderr));
    let total = last_line(&whole.stdout);
    let whole_lines: Vec<&[u8]> = whole.stdout.split_inclusive(|&b| b == b'\n').collect();
    // Written with relative names in `parent`, resumed and merged from elsewhere.
    let out = dir.join("out.jsonl");
    std::fs::write(&out, whole_lines[..5].concat()).unwrap();
    let resumed = appending(resume(&out, dir.as_os_str()).current_dir(&*elsewhere), &out);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(last_line(&std::fs::read(&out).unwrap()), total);
    let merged = run(tool().arg("merge").arg(&out).current_dir(&*elsewhere));
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    assert_eq!(lines(&merged.stdout)[0].files, 12);
    // Shards of one file spelled `name/x` and `./name/x` are one file's.
    let [a, b] = ["", "./"].map(|dot| {
        let shard = elsewhere.join(format!("shard{}.jsonl", dot.len()));
        let spelled = format!("{dot}{name}/002.png");
        std::fs::write(
            &shard,
            run(count(&[os(&spelled)]).current_dir(parent)).stdout,
        )
        .unwrap();
        shard
    });
    let twice = run(tool().arg("merge").args([&a, &b]).current_dir(&*elsewhere));
    assert_eq!(twice.status.code(), Some(1));
    says(&twice, "would count twice");
    // The same relative names in another folder are other files: counted there.
    let copy = elsewhere.join(name);
    std::fs::create_dir_all(copy.join("a")).unwrap();
    std::fs::copy(dir.join("002.png"), copy.join("a/x.png")).unwrap();
    let output = elsewhere.join("out.jsonl");
    std::fs::write(&output, whole_lines[..5].concat()).unwrap();
    let reused =
        run(count(&[os("--skip-done"), output.as_os_str(), os(name)]).current_dir(&*elsewhere));
    assert!(reused.status.success(), "{}", text(&reused.stderr));
    says(&reused, "its file is not among this run's: left out");
    assert_eq!(
        lines(&reused.stdout).len(),
        1,
        "the one file here is counted"
    );
}

#[test]
fn a_file_changed_since_its_line_is_counted_again_and_its_old_line_left_out() {
    let dir = folder("changed", 6);
    let out = dir.join("out.jsonl");
    let first = run(count(&[dir.as_os_str()]));
    assert!(first.status.success());
    std::fs::write(&out, &first.stdout).unwrap();
    // BMP, whatever the name says (read by its content): 4x8 and 8x4 take the
    // same bytes, rows of whole words.
    let picture = |name: &str, w: u32, h: u32, v: u8| {
        let pixels = vec![v; (w * h * 3) as usize];
        let path = dir.join(name);
        let (rgb, bmp) = (image::ColorType::Rgb8, image::ImageFormat::Bmp);
        image::save_buffer_with_format(&path, &pixels, w, h, rgb, bmp).unwrap();
        path
    };
    let resume = || appending(resume(&out, dir.as_os_str()), &out);
    let uninterrupted = || run(count(&[os("--total"), dir.as_os_str()])).stdout;
    // Overwritten in place: another picture.
    picture("002.png", 4, 8, 200);
    let resumed = resume();
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    says(
        &resumed,
        "002.png: the file changed since its line was written",
    );
    assert_eq!(
        last_line(&std::fs::read(&out).unwrap()),
        last_line(&uninterrupted())
    );
    // The output now holds the file's old line and its new one: the newer counts.
    let merged = run(tool().arg("merge").arg(&out));
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    says(&merged, "the file changed and was counted again");
    assert_eq!(last_line(&merged.stdout), last_line(&uninterrupted()));
    // Replaced by a rename with the same size and time, other dimensions.
    let was = dir.join("002.png");
    let (size, time) = (
        std::fs::metadata(&was).unwrap().len(),
        std::fs::metadata(&was).unwrap().modified().unwrap(),
    );
    let other = picture("turned.png", 8, 4, 200);
    assert_eq!(std::fs::metadata(&other).unwrap().len(), size);
    let set_time = |path: &Path| {
        let file = std::fs::File::options().write(true).open(path).unwrap();
        file.set_modified(time).unwrap();
    };
    set_time(&other);
    std::fs::rename(&other, &was).unwrap();
    let resumed = resume();
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    says(&resumed, "the picture is 8x4 now, 4x8 in its line");
    assert_eq!(
        last_line(&std::fs::read(&out).unwrap()),
        last_line(&uninterrupted())
    );
    let merged = run(tool().arg("merge").arg(&out));
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    assert_eq!(last_line(&merged.stdout), last_line(&uninterrupted()));
    // A line that does not say its file's size and time (an earlier version's) is
    // not taken for the file.
    let old: Vec<u8> = run(count(&[dir.join("a/000.png").as_os_str()])).stdout;
    let mut value: serde_json::Value = serde_json::from_slice(&old).unwrap();
    value.as_object_mut().unwrap().remove("size");
    std::fs::write(&out, format!("{value}\n")).unwrap();
    let resumed = resume();
    assert!(resumed.status.success());
    says(&resumed, "its line does not say the file's size and time");
    assert_eq!(
        last_line(&std::fs::read(&out).unwrap()),
        last_line(&uninterrupted())
    );
}

#[test]
fn sixteen_bit_and_hdr_lines_resume_as_an_uninterrupted_run_counts_them() {
    let dir = folder("deep", 6);
    let deep: Vec<u8> = [7u16, 9, 65535, 0]
        .iter()
        .flat_map(|v| v.to_ne_bytes())
        .collect();
    image::save_buffer(
        dir.join("b/deep.png"),
        &deep,
        1,
        1,
        image::ColorType::Rgba16,
    )
    .unwrap();
    let (radiance, _) = hdr::radiance(5, 3);
    std::fs::write(dir.join("a/light.hdr"), radiance).unwrap();
    let whole = run(count(&[os("--total"), dir.as_os_str()]));
    assert_eq!(
        whole.status.code(),
        Some(1),
        "the HDR picture cannot join the total (its own range)"
    );
    says(&whole, "light.hdr: not in the total");
    // The 16-bit picture joins the 8-bit ones: the total at 16 bits, all 7 in it.
    let total = lines(last_line(&whole.stdout)).remove(0);
    assert_eq!((total.files, total.depth), (7, Some(16)));
    let out = dir.join("out.jsonl");
    let whole_lines: Vec<&[u8]> = whole.stdout.split_inclusive(|&b| b == b'\n').collect();
    for cut in 1..whole_lines.len() - 1 {
        std::fs::write(&out, whole_lines[..cut].concat()).unwrap();
        let resumed = appending(resume(&out, dir.as_os_str()), &out);
        assert_eq!(resumed.status.code(), Some(1), "{}", text(&resumed.stderr));
        assert_eq!(
            last_line(&std::fs::read(&out).unwrap()),
            last_line(&whole.stdout),
            "cut at {cut}"
        );
    }
}

#[test]
fn merge_refuses_every_line_that_is_not_a_whole_histogram() {
    let dir = scratch("totals-merge");
    let good = r#"{"file": "x.png", "width": 1, "height": 1, "depth": 8, "bins": 2, "method": "cpu", "notes": [], "r": [1, 0], "g": [0, 1], "b": [1, 0], "luminance": [0, 1]}"#;
    let shard = dir.join("bad.jsonl");
    for (from, to, why) in [
        (
            "\"r\": [1, 0]",
            "\"r\": [-1, 0]",
            "\"r\"[0] is -1, not a whole count",
        ),
        ("\"r\": [1, 0]", "\"r\": [0.5, 0]", "\"r\"[0] is 0.5"),
        ("\"r\": [1, 0]", "\"r\": [3.0, 0]", "\"r\"[0] is 3.0"),
        ("\"r\": [1, 0]", "\"r\": [\"7\", 0]", "\"r\"[0] is \"7\""),
        (
            "\"r\": [1, 0]",
            "\"r\": [1]",
            "\"r\" has 1 counts, not the 2",
        ),
        (", \"luminance\": [0, 1]", "", "it has no \"luminance\""),
        ("\"bins\": 2, ", "", "it has no \"bins\""),
        (
            "\"bins\": 2",
            "\"bins\": 4294967295",
            "\"bins\" is 4294967295",
        ),
        ("}", "", "not a line of JSON"),
    ] {
        let bad = good.replace(from, to);
        std::fs::write(
            &shard,
            format!("{good}\n{}\n", bad.replace("x.png", "y.png")),
        )
        .unwrap();
        let out = run(tool().arg("merge").arg(&shard));
        assert_eq!(out.status.code(), Some(1), "{bad}");
        says(&out, &format!("bad.jsonl, line 2: {why}"));
        assert!(out.stdout.is_empty(), "nothing printed for a refused merge");
    }
    // Sums past 64 bits are refused, not wrapped; so is a file count that would wrap.
    let big = 1u64 << 63;
    let line = |name: &str| {
        good.replace("\"r\": [1, 0]", &format!("\"r\": [{big}, 0]"))
            .replace("x.png", name)
    };
    std::fs::write(&shard, format!("{}\n{}\n", line("a.png"), line("b.png"))).unwrap();
    let out = run(tool().arg("merge").arg(&shard));
    assert_eq!(out.status.code(), Some(1));
    says(&out, "bin 0 of r would pass 2^64 - 1");
    let totals = dir.join("totals.jsonl");
    let total = |files: u64| {
        format!("{{\"files\": {files}, \"depth\": 8, \"bins\": 1, \"r\": [1], \"g\": [1], \"b\": [1], \"luminance\": [1]}}\n")
    };
    std::fs::write(&totals, total(u64::MAX)).unwrap();
    let other = dir.join("other.jsonl");
    std::fs::write(&other, total(1)).unwrap();
    let out = run(tool().arg("merge").arg(&totals).arg(&other));
    says(&out, "the number of files would pass 2^64 - 1");
    // The same total-only shard twice, however spelled, is refused.
    let again = dir.join(".").join("other.jsonl");
    let out = run(tool().arg("merge").arg(&other).arg(&again));
    assert_eq!(out.status.code(), Some(1));
    says(&out, "a shard given twice would count twice");
    // A shard's cut last line (an interrupted run) is left out, said, status 1.
    std::fs::write(&shard, format!("{good}\n{}", &good[..50])).unwrap();
    let out = run(tool().arg("merge").arg(&shard));
    assert_eq!(out.status.code(), Some(1));
    says(
        &out,
        "line 2: cut short (an interrupted run's last line): left out",
    );
    assert_eq!(lines(&out.stdout)[0].files, 1);
}

#[test]
fn merge_and_resume_hold_a_line_at_a_time() {
    let dir = scratch("totals-stream");
    let picture = dir.join("one.png");
    image::save_buffer(&picture, &[1, 2, 3], 1, 1, image::ColorType::Rgb8).unwrap();
    let one = run(count(&[os("--bins"), os("65536"), picture.as_os_str()]));
    let line = text(&one.stdout);
    let shard = dir.join("big.jsonl");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&shard).unwrap());
    let lines = 120;
    for i in 0..lines {
        file.write_all(line.replace("one.png", &format!("{i}.png")).as_bytes())
            .unwrap();
    }
    drop(file);
    let size = std::fs::metadata(&shard).unwrap().len();
    let mut merge = tool();
    merge.arg("merge").arg(&shard);
    for mut command in [
        merge,
        count(&[
            os("--bins"),
            os("65536"),
            os("--total"),
            os("--skip-done"),
            shard.as_os_str(),
            picture.as_os_str(),
        ]),
    ] {
        let child = command
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (status, peak) = crate::common::wait_with_peak(child);
        assert!(status.code().is_some_and(|c| c <= 1), "{status:?}");
        assert!(
            peak < 150 << 20,
            "{} MB held reading {lines} lines ({} MB)",
            peak >> 20,
            size >> 20
        );
    }
}

#[test]
fn names_that_are_not_utf8_are_counted_printed_and_read_back() {
    let dir = folder("names", 3);
    let odd = dir.join(OsStr::from_bytes(b"caf\xe9 \xff.png"));
    std::fs::copy(dir.join("002.png"), &odd).unwrap();
    let whole = run(count(&[os("--total"), dir.as_os_str()]));
    assert!(whole.status.success(), "{}", text(&whole.stderr));
    let raw = text(&whole.stdout);
    assert!(raw.contains(r#"caf\udce9 \udcff.png""#), "{raw}");
    let read = lines(&whole.stdout);
    assert!(read
        .iter()
        .any(|l| l.file.as_deref() == Some(odd.as_path())));
    assert_eq!(read.last().unwrap().files, 4);
    // Resumed and merged from those lines.
    let out = dir.join("out.jsonl");
    std::fs::write(&out, &whole.stdout[..whole.stdout.len() / 2]).unwrap();
    let resumed = appending(resume(&out, dir.as_os_str()), &out);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(
        last_line(&std::fs::read(&out).unwrap()),
        last_line(&whole.stdout)
    );
    let merged = run(tool().arg("merge").arg(&out));
    assert_eq!(lines(&merged.stdout)[0].files, 4);
    // In a list on standard input, and in CSV as its bytes.
    let mut list = odd.as_os_str().as_bytes().to_vec();
    list.push(b'\n');
    let listed = crate::common::with_stdin(&mut count(&[os("--files-from"), os("-")]), &list);
    assert!(listed.status.success(), "{}", text(&listed.stderr));
    assert_eq!(
        lines(&listed.stdout)[0].file.as_deref(),
        Some(odd.as_path())
    );
    let csv = run(count(&[os("--format"), os("csv"), odd.as_os_str()]));
    assert!(csv.stdout.windows(6).any(|w| w == b"caf\xe9 \xff"));
}

/// Runs `command` as the user nobody where this is root (whom no permission stops).
fn as_nobody(command: &mut Command) -> &mut Command {
    // SAFETY: getuid(2).
    if unsafe { libc::getuid() } == 0 {
        // Its supplementary groups go with root's (std's setgroups).
        command.uid(65534).gid(65534);
    }
    command
}

#[test]
fn unreadable_folders_and_special_files_are_said_and_the_rest_counted() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = folder("special", 6);
    let open = std::fs::Permissions::from_mode(0o755);
    for d in [
        dir.to_path_buf(),
        dir.join("a"),
        dir.join("b"),
        dir.join("b/c"),
    ] {
        std::fs::set_permissions(&d, open.clone()).unwrap();
    }
    for f in std::fs::read_dir(&dir)
        .unwrap()
        .chain(std::fs::read_dir(dir.join("a")).unwrap())
    {
        std::fs::set_permissions(f.unwrap().path(), open.clone()).unwrap();
    }
    std::fs::set_permissions(dir.join("b"), std::fs::Permissions::from_mode(0o000)).unwrap();
    let out = run(as_nobody(&mut count(&[os("--total"), dir.as_os_str()])));
    std::fs::set_permissions(dir.join("b"), open.clone()).unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    says(&out, "b: Permission denied (os error 13): not counted");
    let got = lines(&out.stdout);
    assert_eq!(
        got.last().unwrap().files,
        4,
        "the 4 files outside b/ counted"
    );

    // A FIFO with an image's name: skipped in a folder, refused at once when named.
    let fifo = dir.join("waiting.png");
    let c = std::ffi::CString::new(fifo.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid C string.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let started = Instant::now();
    let out = run(count(&[os("--total"), dir.as_os_str()]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    says(&out, "waiting.png: a FIFO, not an image file: skipped");
    assert_eq!(lines(&out.stdout).last().unwrap().files, 6);
    let out = run(count(&[fifo.as_os_str()]));
    assert_eq!(out.status.code(), Some(1));
    says(&out, "waiting.png: a FIFO, not an image file: not read");
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "nothing waited on the FIFO"
    );
    // A link to nowhere is said; the rest counted.
    std::os::unix::fs::symlink(dir.join("gone.png"), dir.join("dangling.png")).unwrap();
    let out = run(count(&[os("--total"), dir.as_os_str()]));
    assert_eq!(out.status.code(), Some(1));
    says(&out, "dangling.png: No such file or directory");
    // A link to a folder is not followed (a loop could never end), and said: its
    // images are not counted, so the status is 1 (it was passed over in silence).
    std::fs::remove_file(dir.join("dangling.png")).unwrap();
    let elsewhere = scratch("totals-linked");
    std::fs::copy(dir.join("a/000.png"), elsewhere.join("x.png")).unwrap();
    std::os::unix::fs::symlink(&*elsewhere, dir.join("linked")).unwrap();
    let out = run(count(&[os("--total"), dir.as_os_str()]));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    says(&out, "linked: a link to a folder, not followed");
    assert_eq!(lines(&out.stdout).last().unwrap().files, 6);
}

#[test]
fn a_stalled_file_holds_back_a_few_results_not_every_later_one() {
    let dir = scratch("totals-stall");
    let mut names = vec![
        os("--bins").to_owned(),
        os("65536").to_owned(),
        os("--jobs").to_owned(),
        os("2").to_owned(),
        os("-").to_owned(),
    ];
    for i in 0..100u32 {
        let path = dir.join(format!("{i:03}.png"));
        image::save_buffer(
            &path,
            &[i as u8, 2, 3, 4, 5, 6],
            2,
            1,
            image::ColorType::Rgb8,
        )
        .unwrap();
        names.push(path.into_os_string());
    }
    let mut child = tool()
        .args(["--method", "cpu"])
        .args(&names)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first file, standard input, stalls; the workers count ahead of it.
    std::thread::sleep(Duration::from_millis(2500));
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let rss_kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut png = Vec::new();
    image::write_buffer_with_format(
        &mut std::io::Cursor::new(&mut png),
        &[9, 9, 9],
        1,
        1,
        image::ColorType::Rgb8,
        image::ImageFormat::Png,
    )
    .unwrap();
    stdin.write_all(&png).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(lines(&out.stdout).len(), 101, "every file, in order");
    // 100 results of 65536 bins held would be 250 MB and more.
    assert!(
        rss_kb < 100 << 10,
        "{} MB held behind a stalled file",
        rss_kb >> 10
    );
}

#[test]
fn jobs_past_what_the_machine_runs_are_capped_and_said() {
    let dir = folder("jobs", 3);
    let started = Instant::now();
    let out = run(count(&[os("--jobs"), os("100000"), dir.as_os_str()]));
    assert!(out.status.success());
    says(&out, "--jobs 100000: at most");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn ctrl_c_ends_the_run_after_a_whole_line_with_status_130() {
    let dir = folder("interrupt", 150);
    let child = count(&[
        os("--bins"),
        os("65536"),
        os("--jobs"),
        os("1"),
        dir.as_os_str(),
    ])
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    std::thread::sleep(Duration::from_millis(700));
    // SAFETY: kill(2) on our own child.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    assert!(out.stdout.ends_with(b"\n"));
    let got = lines(&out.stdout);
    assert!(!got.is_empty() && got.len() < 150, "{} lines", got.len());
}

/// A small seeded generator (xorshift): the property tests' random choices,
/// the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

#[test]
fn runs_killed_at_random_points_resume_to_the_same_total_every_time() {
    let dir = folder("killed", 40);
    let parent = dir.parent().unwrap();
    let name = dir.file_name().unwrap().to_str().unwrap().to_string();
    let spellings = [
        name.clone(),
        format!("./{name}"),
        dir.to_str().unwrap().to_string(),
        format!("{name}/b/.."),
    ];
    let args = |s: &str| {
        vec![
            os("--bins").to_owned(),
            os("4096").to_owned(),
            os("--jobs").to_owned(),
            os("1").to_owned(),
            os("--total").to_owned(),
            os(s).to_owned(),
        ]
    };
    // Kill points are fractions of a whole (warm) run on this machine, so a
    // fast one still has its runs killed in the middle.
    run(count(&[]).args(args(&name)).current_dir(parent));
    let started = std::time::Instant::now();
    let whole = run(count(&[]).args(args(&name)).current_dir(parent));
    let span = started.elapsed().as_micros() as u64;
    let total = last_line(&whole.stdout).to_vec();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let out = dir.join("out.jsonl");
    let mut kills = 0;
    for round in 0..20 {
        std::fs::write(&out, b"").unwrap();
        // One or two runs killed (SIGKILL) at a random point, each resuming the last.
        for _ in 0..1 + rng.below(2) {
            let spelling = &spellings[rng.below(4) as usize];
            let file = std::fs::OpenOptions::new().append(true).open(&out).unwrap();
            let mut command = count(&[]);
            command.args(args(spelling)).current_dir(parent);
            if std::fs::metadata(&out).unwrap().len() > 0 {
                command.args([os("--skip-done"), out.as_os_str()]);
            }
            let mut child = command.stdout(file).stderr(Stdio::null()).spawn().unwrap();
            std::thread::sleep(Duration::from_micros(rng.below(span)));
            kills += u32::from(child.try_wait().unwrap().is_none());
            child.kill().unwrap();
            child.wait().unwrap();
        }
        // Sometimes a whole line of it twice.
        let mut kept = std::fs::read(&out).unwrap();
        let whole_lines: Vec<Vec<u8>> = kept
            .split_inclusive(|&b| b == b'\n')
            .filter(|l| l.ends_with(b"\n"))
            .map(<[u8]>::to_vec)
            .collect();
        if rng.below(2) == 1 && !whole_lines.is_empty() {
            let again = whole_lines[rng.below(whole_lines.len() as u64) as usize].clone();
            let cut = kept.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            kept.splice(cut..cut, again);
            std::fs::write(&out, &kept).unwrap();
        }
        let spelling = &spellings[rng.below(4) as usize];
        let resumed = appending(
            count(&[])
                .args(args(spelling))
                .args([os("--skip-done"), out.as_os_str()])
                .current_dir(parent),
            &out,
        );
        assert!(
            resumed.status.success(),
            "round {round}: {}",
            text(&resumed.stderr)
        );
        let after = std::fs::read(&out).unwrap();
        assert_eq!(
            last_line(&after),
            total,
            "round {round}, resumed as {spelling}"
        );
        // Every line of the file whole; its files' first lines sum to the total. A
        // line that is there twice, merge refuses, naming it.
        let mut unique = Total::new(4096).unwrap();
        let mut seen = std::collections::HashSet::new();
        for line in lines(&after) {
            let Some(file) = &line.file else { continue };
            if seen.insert(std::fs::canonicalize(parent.join(file)).unwrap()) {
                unique.add_line(&line).unwrap();
            }
        }
        assert_eq!(unique.files, 40, "round {round}");
        assert_eq!(
            unique.channels(),
            &lines(&total)[0].channels,
            "round {round}"
        );
        let merged = run(tool().arg("merge").arg(&out).current_dir(parent));
        if merged.status.success() {
            assert_eq!(lines(&merged.stdout)[0].channels, lines(&total)[0].channels);
        } else {
            says(&merged, "would count twice");
        }
    }
    assert!(
        kills >= 10,
        "only {kills} runs were killed before they ended"
    );
}

#[test]
fn merge_never_crashes_on_damaged_lines() {
    let good = br#"{"file": "x.png", "width": 3, "height": 1, "depth": 8, "bins": 4, "method": "cpu", "region": [0, 0, 3, 1], "notes": ["a"], "stats": {"r": null}, "r": [1, 0, 2, 0], "g": [0, 1, 1, 1], "b": [3, 0, 0, 0], "luminance": [0, 0, 3, 0]}"#;
    let total = br#"{"files": 2, "depth": 8, "bins": 4, "r": [1, 0, 2, 0], "g": [0, 1, 1, 1], "b": [3, 0, 0, 0], "luminance": [0, 0, 3, 0]}"#;
    let pieces: [&[u8]; 12] = [
        b"-1",
        b"1e3",
        b"18446744073709551616",
        b"\"",
        b"null",
        b"[",
        b"]",
        b"{}",
        b"\\u",
        b"\\udce9",
        b"0.5",
        b",",
    ];
    let mut rng = Rng(77);
    let mut accepted = 0;
    for i in 0..20_000 {
        let mut line = if i % 2 == 0 {
            good.to_vec()
        } else {
            total.to_vec()
        };
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(line.len().max(1) as u64) as usize;
            match rng.below(if line.is_empty() { 1 } else { 4 }) {
                _ if line.is_empty() => line.extend_from_slice(b"{"),
                0 => line[at] = rng.below(256) as u8,
                1 => line.truncate(at),
                2 => {
                    let piece = pieces[rng.below(pieces.len() as u64) as usize];
                    line.splice(at..at, piece.iter().copied());
                }
                _ => {
                    let end = (at + 1 + rng.below(8) as usize).min(line.len());
                    line.drain(at..end);
                }
            }
        }
        if let Ok(read) = read_line(&line) {
            accepted += 1;
            assert!(read.channels.iter().all(|c| c.len() == read.bins as usize));
            let mut sum = Total::new(read.bins).unwrap();
            let _ = sum.add_line(&read);
        }
    }
    assert!(accepted > 0 && accepted < 20_000, "{accepted}");
    // And through the command: a refusal or a total, never a crash.
    let dir = scratch("totals-fuzz");
    let shard = dir.join("s.jsonl");
    for _ in 0..40 {
        let mut written = Vec::new();
        for _ in 0..3 {
            let mut line = good.to_vec();
            let at = rng.below(line.len() as u64) as usize;
            line[at] = b"0123456789-.e\"[]{},"[rng.below(19) as usize];
            written.extend(line);
            written.push(b'\n');
        }
        std::fs::write(&shard, &written).unwrap();
        let out = run(tool().arg("merge").arg(&shard));
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{:?} {}",
            out.status,
            text(&out.stderr)
        );
    }
}
