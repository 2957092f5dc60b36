//! Totals read back: the lines of an earlier run (`--skip-done`) and shards counted
//! anywhere (`histogram merge`), streamed a line at a time into a `Total`
//! (engine/src/total.rs), each file known by what it is, so that none counts twice.

use crate::options::{Format, MergeArgs};
use crate::out;
use histogram::files::{self, FileId, Seen, Stamp};
pub use histogram_engine::total::Total;
use histogram_engine::total::{read_line, Line, Lines};
use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::io::BufReader;
use std::path::{Path, PathBuf};

/// A line's file, as merge tells files apart: by what it is where the path names
/// a file here, else by the path as written (a shard from another machine).
#[derive(PartialEq, Eq, Hash)]
enum FileKey {
    Here(FileId),
    Written(PathBuf),
}

fn key(path: &Path) -> FileKey {
    match files::identity(path) {
        Some(id) => FileKey::Here(id),
        None => FileKey::Written(path.components().collect()),
    }
}

/// `histogram merge SHARD...`.
pub fn merge(args: MergeArgs) -> i32 {
    let (csv, stats) = (args.output.format == Format::Csv, args.output.stats);
    let (total, apart) = match merge_files(&args.shards, args.regions) {
        Ok(merged) => merged,
        Err(e) => {
            warn!("histogram merge: {e}");
            return 1;
        }
    };
    let text = if csv {
        format!("file,bin,r,g,b,luminance\n{}", total.csv_rows(stats))
    } else {
        total.json_line(stats)
    };
    match out::put_all("histogram merge", text.as_bytes()) {
        0 if apart > 0 => {
            warn!("histogram merge: {apart} lines left out of the total (above)");
            1
        }
        status => status,
    }
}

/// Where a file's line was met, and what it says of the file: for the same file
/// met again.
struct Met {
    shard: usize,
    number: usize,
    /// Where the line starts in its shard, to read it again.
    offset: u64,
    stamp: Option<Stamp>,
    /// The picture's width and height, where the line says them.
    size: Option<(u32, u32)>,
    added: bool,
}

/// The shards summed, and how many of their lines were left out (each said). A
/// file's line met twice counts twice and is refused, unless the file changed
/// between the two (their sizes, times or dimensions differ: a resumed run counts
/// a changed file again): then its later version counts and the older line is
/// left out, said.
fn merge_files(shards: &[PathBuf], regions: bool) -> Result<(Total, usize), String> {
    let mut total: Option<Total> = None;
    let mut given = Seen::default();
    let mut seen: HashMap<FileKey, Met> = HashMap::new();
    let mut apart = 0;
    for (s, shard) in shards.iter().enumerate() {
        let name = shard.display();
        if let Err(earlier) = given.first(shard) {
            return Err(format!(
                "{name} is {} again: a shard given twice would count twice",
                earlier.display()
            ));
        }
        let file = std::fs::File::open(shard).map_err(|e| format!("{name}: {e}"))?;
        let (mut per_file, mut last_total, mut offset) = (0, None, 0u64);
        for raw in Lines::new(BufReader::new(file)) {
            let raw = raw.map_err(|e| format!("{name}, {e}"))?;
            let start = offset;
            offset += raw.text.len() as u64 + u64::from(raw.ended);
            if raw.text.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let line = match read_line(&raw.text) {
                Ok(line) => line,
                Err(_) if !raw.ended => {
                    warn!(
                        "histogram merge: {name}, line {}: cut short (an interrupted run's last \
                         line): left out",
                        raw.number
                    );
                    apart += 1;
                    continue;
                }
                Err(e) => return Err(format!("{name}, line {}: {e}", raw.number)),
            };
            let Some(path) = line.path() else {
                last_total = Some((raw.number, line));
                continue;
            };
            per_file += 1;
            let met = Met {
                shard: s,
                number: raw.number,
                offset: start,
                stamp: line.stamp,
                size: line.size,
                added: false,
            };
            let earlier = match seen.entry(key(&path)) {
                Entry::Vacant(new) => {
                    let met = new.insert(met);
                    met.added = add(&mut total, &line, &name, raw.number, regions)?;
                    apart += usize::from(!met.added);
                    continue;
                }
                Entry::Occupied(earlier) => earlier.into_mut(),
            };
            let at = |m: &Met| format!("{}, line {}", shards[m.shard].display(), m.number);
            let (Some(then), Some(now)) = (earlier.stamp, met.stamp) else {
                return Err(twice(&at(&met), &path, &at(earlier)));
            };
            if (then, earlier.size) == (now, met.size) {
                return Err(twice(&at(&met), &path, &at(earlier)));
            }
            // The file changed between the two lines: its later version counts (by
            // its time; the later line where a copy kept the time, `cp -p`).
            let (older, newer) = if now.modified >= then.modified {
                (at(earlier), at(&met))
            } else {
                (at(&met), at(earlier))
            };
            warn!(
                "histogram merge: {older}: {}: the file changed and was counted again \
                 ({newer}): this older line is left out",
                path.display()
            );
            if now.modified >= then.modified {
                if let (true, Some(sum)) = (earlier.added, total.as_mut()) {
                    let line = line_at(&shards[earlier.shard], earlier.offset)?;
                    sum.take_back(&line)
                        .map_err(|e| format!("{}: {e}", at(earlier)))?;
                }
                *earlier = met;
                earlier.added = add(&mut total, &line, &name, raw.number, regions)?;
                apart += usize::from(!earlier.added);
            }
        }
        match (per_file, last_total) {
            (0, None) => return Err(format!("{name}: no histogram in it")),
            (0, Some((number, line))) => {
                apart += usize::from(!add(&mut total, &line, &name, number, regions)?);
            }
            _ => {}
        }
    }
    let total = total.ok_or_else(|| "no shard given".to_string())?;
    Ok((total, apart))
}

fn twice(at: &str, path: &Path, earlier: &str) -> String {
    format!(
        "{at}: {} is in {earlier} too, counted from the same file, and would count twice",
        path.display()
    )
}

/// The line that starts at `offset` of `shard`, read again to take it back.
fn line_at(shard: &Path, offset: u64) -> Result<Line, String> {
    use std::io::{Seek as _, SeekFrom};
    let name = shard.display();
    let again = |e: &dyn std::fmt::Display| {
        format!("{name}: a line replaced by a later one cannot be read again to take it back: {e}")
    };
    let mut file = std::fs::File::open(shard).map_err(|e| again(&e))?;
    if !file.metadata().map_err(|e| again(&e))?.is_file() {
        return Err(again(&"the shard is not a file (a pipe is read once)"));
    }
    file.seek(SeekFrom::Start(offset)).map_err(|e| again(&e))?;
    let raw = Lines::new(BufReader::new(file))
        .next()
        .ok_or_else(|| again(&"the shard is shorter than it was"))?
        .map_err(|e| again(&e))?;
    read_line(&raw.text).map_err(|e| again(&e))
}

/// Adds `line` to the total (made at its bins): false for a picture that cannot
/// join it (said); Err for a line that does not belong in this merge at all (a
/// region's, unless `regions` asks for them).
fn add(
    total: &mut Option<Total>,
    line: &Line,
    shard: &impl std::fmt::Display,
    number: usize,
    regions: bool,
) -> Result<bool, String> {
    let total = match total {
        Some(total) => total,
        None => total.insert(Total::new(line.bins)?),
    };
    let at = || format!("{shard}, line {number}");
    if let (Some(r), false) = (line.region, regions) {
        return Err(format!(
            "{}: it was counted over a region ({},{},{},{}), not its whole picture: \
             merge --regions sums regions' counts",
            at(),
            r[0],
            r[1],
            r[2],
            r[3]
        ));
    }
    if line.bins != total.bins {
        return Err(format!(
            "{}: it has {} bins and the total {}: count every shard with the same --bins",
            at(),
            line.bins,
            total.bins
        ));
    }
    match total.add_line(line) {
        Ok(()) => Ok(true),
        Err(e) if e.apart => {
            let what = line
                .file
                .as_ref()
                .map_or_else(|| "its total".to_string(), |f| f.display().to_string());
            warn!("histogram merge: {}: {what}: not in the total: {e}", at());
            Ok(false)
        }
        Err(e) => Err(format!("{}: {e}", at())),
    }
}

/// What a run counts with, for lines read back: they must have been counted the same.
pub struct LineOptions {
    pub bins: u32,
    pub region: Option<[u32; 4]>,
    pub eight_bits: bool,
}

/// What `--skip-done OUT` found.
pub struct Done {
    /// The run's files that have a line in OUT: not counted again.
    pub files: HashSet<FileId>,
    /// Those whose line could not join the total (said): counted as not counted.
    pub apart: usize,
}

/// Reads OUT, an earlier run's output, a line at a time: each line of a file of
/// this run marks it done (and, with `total`, adds its histogram, as the run that
/// wrote it did); lines of files outside the run, second lines of a file and a
/// cut last line are left out, said; a line counted with other options, or one
/// that is not a histogram, refuses the resume. A cut last line is removed from
/// OUT first (`end_on_a_line`), so that the next line starts on a line of its own.
pub fn resume(
    out_path: &Path,
    run: &[Option<FileId>],
    asked: &LineOptions,
    mut total: Option<&mut Total>,
) -> Result<Done, String> {
    let name = out_path.display();
    // The shell makes OUT for `>> OUT` before the run starts: one missing is misnamed.
    let file = std::fs::File::open(out_path).map_err(|e| {
        format!("{name}: {e} (the earlier run's JSON Lines; with >> {name} the shell makes it)")
    })?;
    let in_run: HashSet<FileId> = run.iter().flatten().copied().collect();
    let mut done = Done {
        files: HashSet::new(),
        apart: 0,
    };
    // Lines left out, by number and file: outside the run, second lines of a file,
    // and lines of a file that changed since (with why).
    let (mut outside, mut again, mut changed) = (Vec::new(), Vec::new(), Vec::new());
    let (mut offset, mut unended) = (0u64, None);
    for raw in Lines::new(BufReader::new(file)) {
        let raw = raw.map_err(|e| format!("{name}, {e}"))?;
        let start = offset;
        offset += raw.text.len() as u64 + u64::from(raw.ended);
        if raw.text.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let line = match read_line(&raw.text) {
            Ok(line) => line,
            Err(_) if !raw.ended => {
                unended = Some((raw.number, start, false));
                continue;
            }
            Err(e) if raw.number == 1 && raw.text.starts_with(b"file,") => {
                return Err(format!(
                    "{name}: a CSV output, not JSON Lines ({e}): --skip-done reads the \
                     output of --format json"
                ))
            }
            Err(e) => return Err(format!("{name}, line {}: {e}", raw.number)),
        };
        if !raw.ended {
            unended = Some((raw.number, start, true));
        }
        let (Some(file), Some(path)) = (line.file.as_deref(), line.path()) else {
            continue; // A total: the files' own lines are summed.
        };
        let id = (file != Path::new("-"))
            .then(|| files::identity(&path))
            .flatten();
        let Some(id) = id.filter(|id| in_run.contains(id)) else {
            outside.push((raw.number, path));
            continue;
        };
        if done.files.contains(&id) {
            again.push((raw.number, path));
            continue;
        }
        if let Err(why) = unchanged(&line, &path) {
            changed.push((raw.number, path, id, why));
            continue;
        }
        same_options(&line, asked).map_err(|e| {
            format!(
                "{name}, line {}: {}: {e}: resume with the options of the run that wrote it",
                raw.number,
                path.display()
            )
        })?;
        done.files.insert(id);
        if let Some(total) = total.as_deref_mut() {
            if let Err(e) = total.add_line(&line) {
                warn!("histogram: {}: not in the total: {e}", path.display());
                done.apart += 1;
            }
        }
    }
    // A changed file's line is left out; where a later line stands for the file as
    // it is now (written by the resume that counted it again), nothing is lost.
    let (replaced, stale): (Vec<_>, Vec<_>) = changed
        .into_iter()
        .partition(|(_, _, id, _)| done.files.contains(id));
    for (number, path, _, why) in stale {
        warn!(
            "histogram: --skip-done {name}, line {number}: {}: {why}: counted again",
            path.display()
        );
    }
    let replaced: Vec<(usize, PathBuf)> = replaced.into_iter().map(|(n, p, ..)| (n, p)).collect();
    let left_out: [(&Vec<(usize, PathBuf)>, &str); 3] = [
        (&outside, "its file is not among this run's"),
        (&again, "its file has a line above"),
        (
            &replaced,
            "its file changed and a later line counts it as it is now",
        ),
    ];
    for (lines, why) in left_out {
        if let Some((number, path)) = lines.first() {
            let more = match lines.len() {
                1 => String::new(),
                n => format!(" (and {} more such lines)", n - 1),
            };
            warn!(
                "histogram: --skip-done {name}, line {number}: {}: {why}: left out{more}",
                path.display()
            );
        }
    }
    if let Some((number, start, whole)) = unended {
        end_on_a_line(out_path, number, start, whole)?;
    }
    Ok(done)
}

/// Whether `path`'s file is still what `line` counted: the same size and time
/// (and width and height, where its header says them).
fn unchanged(line: &Line, path: &Path) -> Result<(), String> {
    let Some(then) = line.stamp else {
        return Err(
            "its line does not say the file's size and time (an earlier version \
                    wrote it), so it may not be this file's content"
                .to_string(),
        );
    };
    match files::stamp(path) {
        Some(now) if now == then => {}
        Some(now) if now.size != then.size => {
            return Err(format!(
                "the file changed since its line was written ({} bytes then, {} now)",
                then.size, now.size
            ))
        }
        _ => return Err("the file changed since its line was written (its time)".to_string()),
    }
    match (line.size, files::dimensions(path)) {
        (Some((w, h)), Some((now_w, now_h))) if (w, h) != (now_w, now_h) => Err(format!(
            "the picture is {now_w}x{now_h} now, {w}x{h} in its line"
        )),
        _ => Ok(()),
    }
}

/// Whether `line` was counted as this run counts: same bins, region and depth.
fn same_options(line: &Line, asked: &LineOptions) -> Result<(), String> {
    let region = |r: Option<[u32; 4]>| {
        r.map_or("the whole picture".to_string(), |[x, y, w, h]| {
            format!("--region {x},{y},{w},{h}")
        })
    };
    if line.bins != asked.bins {
        return Err(format!(
            "counted with --bins {}, this run with --bins {}",
            line.bins, asked.bins
        ));
    }
    if line.region != asked.region {
        return Err(format!(
            "counted with {}, this run with {}",
            region(line.region),
            region(asked.region)
        ));
    }
    if asked.eight_bits && line.depth.is_some_and(|d| (9..=16).contains(&d)) {
        return Err("counted at its stored depth, this run with --depth 8".to_string());
    }
    Ok(())
}

/// OUT's last line has no end of line: an interrupted run's. OUT is mended, so
/// that the next line written to it starts a line of its own, whether this run
/// writes to it (`>> OUT`) or through another program (`| tee -a OUT`): a whole
/// line gets its end, a cut one is removed (its file counted again). Where OUT
/// cannot be changed, a cut line is left out, unless this run appends to it.
fn end_on_a_line(out_path: &Path, number: usize, start: u64, whole: bool) -> Result<(), String> {
    use std::io::Write as _;
    let name = out_path.display();
    let file = std::fs::OpenOptions::new().append(true).open(out_path);
    let mended = if whole {
        file.and_then(|mut f| f.write_all(b"\n"))
    } else {
        file.and_then(|f| f.set_len(start))
    };
    match (mended, whole) {
        (Ok(()), true) => Ok(()),
        (Ok(()), false) => {
            warn!(
                "histogram: {name}, line {number}: cut short by an interrupted run: removed; \
                 its file is counted again"
            );
            Ok(())
        }
        (Err(e), _) if appending_to(out_path) => Err(format!(
            "{name}: its last line has no end (an interrupted run's) and cannot be mended: {e}"
        )),
        (Err(_), true) => Ok(()),
        (Err(e), false) => {
            warn!(
                "histogram: --skip-done {name}, line {number}: cut short by an interrupted run \
                 ({e}): left out; its file is counted again"
            );
            Ok(())
        }
    }
}

/// Whether standard output is `path`'s file, opened to append to it.
fn appending_to(path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt as _;
    let out = std::fs::metadata("/dev/stdout");
    let (Ok(out), Ok(file)) = (out, std::fs::metadata(path)) else {
        return false;
    };
    // SAFETY: F_GETFL on descriptor 1 reads its flags and changes nothing.
    let flags = unsafe { libc::fcntl(1, libc::F_GETFL) };
    (out.dev(), out.ino()) == (file.dev(), file.ino()) && flags >= 0 && flags & libc::O_APPEND != 0
}
