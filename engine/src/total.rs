//! A histogram of many images: the sum of theirs (a histogram is additive), from a
//! run's files (`--total`), from the lines of earlier runs, or from shards counted
//! anywhere (`histogram merge`, the Python package's `merge`). Its statistics come
//! from the summed bins, so they are those of the whole set, exactly.
//!
//! Lines read back are taken whole or refused with the reason: a count that is
//! not a whole number, a channel of the wrong length, a sum past 64 bits. Nothing
//! is dropped or wrapped, and nothing is allocated from a line's claims before
//! they are checked.

use histogram::files::{self, Stamp};
use histogram::histogram::MAX_BINS;
use histogram::json::{self, Entries};
use histogram::stats;
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;
use std::fmt::Write as _;
use std::io::BufRead;
use std::path::PathBuf;

pub const CHANNELS: [&str; 4] = ["r", "g", "b", "luminance"];

/// The longest line a histogram takes: 65536 bins of four channels at 20 digits
/// and a separator each is 5.8 MB, with its statistics and notes well within
/// this. A longer line is refused before it is held.
pub const MAX_LINE: usize = 16 << 20;

/// The sum of several images' histograms, at one bin count.
///
/// Parts of different depths add up exactly: a bin is a fraction of full scale
/// (`bin = floor(v * bins / max)`, max = 2^depth - 1), so a sample of depth d
/// widened exactly to a depth D (8-bit v as 16-bit 257 v) lands in the bin it had.
/// A total is at the deepest depth of its parts, whatever their order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Total {
    pub bins: u32,
    /// Bits a sample: the deepest of the parts added (None before any).
    pub depth: Option<u32>,
    pub files: u64,
    /// Per channel (R, G, B, luminance), its bins (64-bit: a million photos hold
    /// more pixels than 32 bits count).
    counts: [Vec<u64>; 4],
}

impl Total {
    /// An empty total of `bins` bins a channel (1 to 65536).
    pub fn new(bins: u32) -> Result<Total, String> {
        check_bins(bins)?;
        Ok(Total {
            bins,
            depth: None,
            files: 0,
            counts: std::array::from_fn(|_| vec![0; bins as usize]),
        })
    }

    /// Adds one image's (or one total's: `files` of them) channels, refused with the
    /// reason, and nothing added, if its bins differ from the total's, it is an HDR
    /// picture's (its own range), or a sum would pass 2^64 - 1. A part of another
    /// depth joins (the total takes the deeper of the two: see `Total`).
    pub fn add(
        &mut self,
        bins: u32,
        depth: u32,
        files: u64,
        channels: [&[u64]; 4],
    ) -> Result<(), Refused> {
        if depth == 32 {
            return Err(Refused::apart(
                "an HDR picture is counted over its own range, so its bins cannot be \
                 added to others' (counted at a depth of 8 it is clamped to 0..1)",
            ));
        }
        if bins != self.bins {
            return Err(Refused::wrong(format!(
                "it has {bins} bins and the total {}: count every part with the same bins",
                self.bins
            )));
        }
        for (name, part) in CHANNELS.iter().zip(channels) {
            if part.len() != bins as usize {
                return Err(Refused::wrong(format!(
                    "{name} has {} bins, not {bins}",
                    part.len()
                )));
            }
        }
        // Every sum checked before any is made: a refused part leaves the total as it was.
        let too_large = |what: &str| {
            Refused::wrong(format!(
                "{what} would pass 2^64 - 1 in the total, more than it can hold: not added"
            ))
        };
        let files = self
            .files
            .checked_add(files)
            .ok_or_else(|| too_large("the number of files"))?;
        for ((name, sum), part) in CHANNELS.iter().zip(&self.counts).zip(channels) {
            if let Some(bin) = sum
                .iter()
                .zip(part)
                .position(|(s, p)| s.checked_add(*p).is_none())
            {
                return Err(too_large(&format!("bin {bin} of {name}")));
            }
        }
        for (sum, part) in self.counts.iter_mut().zip(channels) {
            for (s, &p) in sum.iter_mut().zip(part) {
                *s += p;
            }
        }
        self.files = files;
        self.depth = Some(self.depth.map_or(depth, |d| d.max(depth)));
        Ok(())
    }

    /// Adds a line read back: a file's histogram, or a total (an empty one, of no
    /// file, adds nothing).
    pub fn add_line(&mut self, line: &Line) -> Result<(), Refused> {
        let Some(depth) = line.depth else {
            return Ok(());
        };
        let [r, g, b, l] = &line.channels;
        self.add(line.bins, depth, line.files, [r, g, b, l])
    }

    /// Takes back a line added before (a file's older line, replaced by a newer
    /// one): exact, as every count it added is in the sums still; refused, and
    /// nothing taken, where the sums do not hold it.
    pub fn take_back(&mut self, line: &Line) -> Result<(), Refused> {
        if line.depth.is_none() {
            return Ok(());
        }
        let not_in =
            || Refused::wrong("its counts are not in the total: nothing taken back".into());
        let files = self.files.checked_sub(line.files).ok_or_else(not_in)?;
        let held = self.counts.iter().zip(&line.channels).all(|(sum, part)| {
            sum.len() == part.len() && sum.iter().zip(part).all(|(s, p)| s >= p)
        });
        if !held {
            return Err(not_in());
        }
        for (sum, part) in self.counts.iter_mut().zip(&line.channels) {
            for (s, p) in sum.iter_mut().zip(part) {
                *s -= p;
            }
        }
        self.files = files;
        Ok(())
    }

    /// Each channel's summed bins: R, G, B, luminance.
    pub fn channels(&self) -> &[Vec<u64>; 4] {
        &self.counts
    }

    /// The total as one JSON object (a line), like a file's with `"files"` in place
    /// of `"file"`, and with `stats` each channel's statistics from the summed bins.
    pub fn json_line(&self, stats: bool) -> String {
        #[derive(serde::Serialize)]
        struct TotalLine<'a> {
            files: u64,
            depth: Option<u32>,
            bins: u32,
            #[serde(skip_serializing_if = "Option::is_none")]
            stats: Option<Entries<'a, Option<stats::Stats>>>,
            #[serde(flatten)]
            channels: Entries<'a, &'a [u64]>,
        }
        let named = || CHANNELS.into_iter().zip(&self.counts);
        json::line(&TotalLine {
            files: self.files,
            depth: self.depth,
            bins: self.bins,
            stats: stats.then(|| Entries(named().map(|(n, b)| (n, stats::Stats::of(b))).collect())),
            channels: Entries(named().map(|(n, b)| (n, b.as_slice())).collect()),
        }) + "\n"
    }

    /// The total as CSV rows (the file column names it), with its statistics' rows.
    pub fn csv_rows(&self, stats: bool) -> String {
        let name = format!("(total of {} files)", self.files);
        let mut rows = String::new();
        for b in 0..self.bins as usize {
            let values: Vec<String> = self.counts.iter().map(|c| c[b].to_string()).collect();
            writeln!(rows, "{name},{b},{}", values.join(",")).unwrap();
        }
        if stats {
            let all: Vec<Option<[f64; 11]>> = self
                .counts
                .iter()
                .map(|c| stats::Stats::of(c).map(|s| s.values()))
                .collect();
            for (i, field) in stats::FIELDS.iter().enumerate() {
                let values: Vec<String> = all
                    .iter()
                    .map(|s| s.map_or(String::new(), |s| format!("{}", s[i])))
                    .collect();
                writeln!(rows, "{name},{field},{}", values.join(",")).unwrap();
            }
        }
        rows
    }
}

/// Why a part was not added to a total.
#[derive(Debug)]
pub struct Refused {
    /// A picture counted right that cannot join this total (an HDR picture's own
    /// range): kept apart, as a run with `--total` keeps it; else
    /// a part that does not belong in it at all (other bins, a sum past 64 bits).
    pub apart: bool,
    pub why: String,
}

impl Refused {
    fn apart(why: impl Into<String>) -> Refused {
        Refused {
            apart: true,
            why: why.into(),
        }
    }

    fn wrong(why: String) -> Refused {
        Refused { apart: false, why }
    }
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.why)
    }
}

impl From<Refused> for String {
    fn from(refused: Refused) -> String {
        refused.why
    }
}

fn check_bins(bins: u32) -> Result<(), String> {
    if (1..=MAX_BINS).contains(&bins) {
        Ok(())
    } else {
        Err(format!("{bins} bins: 1 to {MAX_BINS} are counted"))
    }
}

/// One line of a run's output, read back: a file's histogram or a total's.
#[derive(Debug)]
pub struct Line {
    /// The file's path as the run that wrote the line named it, or None for a total.
    pub file: Option<PathBuf>,
    pub files: u64,
    pub bins: u32,
    /// Bits a sample (32: an HDR picture's own range); None only for a total of
    /// no file.
    pub depth: Option<u32>,
    /// The rectangle counted, where the run counted one: x, y, width, height.
    pub region: Option<[u32; 4]>,
    pub channels: [Vec<u64>; 4],
    /// The folder the run that wrote a relative `file` ran in, where it says.
    pub cwd: Option<PathBuf>,
    /// The file's size and modification time when it was counted, where it says.
    pub stamp: Option<Stamp>,
    /// The picture's width and height, where it says.
    pub size: Option<(u32, u32)>,
}

impl Line {
    /// The line's file as it names the file from anywhere: joined to the writer's
    /// folder (`Line::cwd`) where its path is relative (src/files.rs `written`).
    pub fn path(&self) -> Option<PathBuf> {
        self.file
            .as_deref()
            .map(|file| files::written(file, self.cwd.as_deref()))
    }
}

/// A line's fields as JSON gives them, checked one by one in `read_line`; its other
/// fields (statistics, notes, an HDR picture's counts apart) are not needed.
#[derive(Deserialize)]
struct Fields<'a> {
    #[serde(borrow)]
    file: Option<&'a RawValue>,
    #[serde(borrow)]
    cwd: Option<&'a RawValue>,
    size: Option<Value>,
    modified: Option<Value>,
    width: Option<Value>,
    height: Option<Value>,
    files: Option<Value>,
    bins: Option<Value>,
    depth: Option<Value>,
    region: Option<Value>,
    r: Option<Value>,
    g: Option<Value>,
    b: Option<Value>,
    luminance: Option<Value>,
}

/// Reads one line of the JSON Lines this crate writes (a file's histogram or a
/// total), refused with the reason unless it is whole and well formed: integer
/// counts, `bins` of them a channel, a depth that is one.
pub fn read_line(text: &[u8]) -> Result<Line, String> {
    let fields: Fields = serde_json::from_slice(text).map_err(|e| {
        if e.is_data() {
            format!("not a histogram line: {e}")
        } else {
            format!("not a line of JSON: {e}")
        }
    })?;
    let whole = |name: &str, value: Option<&Value>| -> Result<u64, String> {
        match value {
            None => Err(format!("it has no \"{name}\"")),
            Some(v) => v
                .as_u64()
                .ok_or_else(|| format!("\"{name}\" is {v}, not a whole number from 0 to 2^64 - 1")),
        }
    };
    let file = fields
        .file
        .map(|raw| json::path_from_json(raw.get()))
        .transpose()
        .map_err(|e| format!("\"file\" {e}"))?;
    let cwd = fields
        .cwd
        .map(|raw| json::path_from_json(raw.get()))
        .transpose()
        .map_err(|e| format!("\"cwd\" {e}"))?;
    if cwd.as_deref().is_some_and(|c| c.is_relative()) {
        return Err("\"cwd\" is a relative path: the folder a run ran in is absolute".into());
    }
    let stamp = match (&fields.size, &fields.modified) {
        (Some(size), Some(modified)) => Some(Stamp {
            size: whole("size", Some(size))?,
            modified: modified
                .as_i64()
                .ok_or_else(|| format!("\"modified\" is {modified}, not nanoseconds"))?,
        }),
        _ => None,
    };
    let dimension = |name: &str, value: Option<&Value>| -> Result<u32, String> {
        u32::try_from(whole(name, value)?).map_err(|_| format!("\"{name}\" is past 2^32 - 1"))
    };
    let size = match (&fields.width, &fields.height) {
        (Some(w), Some(h)) => Some((dimension("width", Some(w))?, dimension("height", Some(h))?)),
        _ => None,
    };
    let files = match file {
        Some(_) => 1,
        None => whole("files", fields.files.as_ref())?,
    };
    let bins = whole("bins", fields.bins.as_ref())?;
    let bins = u32::try_from(bins)
        .ok()
        .filter(|&b| check_bins(b).is_ok())
        .ok_or_else(|| format!("\"bins\" is {bins}: 1 to {MAX_BINS} are counted"))?;
    // A total of no file has no depth: `null` as written (serde reads it as None).
    let depth = match (&fields.depth, &file) {
        (None | Some(Value::Null), None) if files == 0 => None,
        (depth, _) => {
            let d = whole("depth", depth.as_ref())?;
            if !(1..=16).contains(&d) && d != 32 {
                return Err(format!(
                    "\"depth\" is {d}: 1 to 16 bits a sample, or 32 (floating point)"
                ));
            }
            Some(d as u32)
        }
    };
    let region = match &fields.region {
        None | Some(Value::Null) => None,
        Some(Value::Array(xywh)) if xywh.len() == 4 => {
            let mut region = [0; 4];
            for (to, v) in region.iter_mut().zip(xywh) {
                *to = v
                    .as_u64()
                    .and_then(|v| u32::try_from(v).ok())
                    .ok_or_else(|| format!("\"region\" holds {v}, not a whole number"))?;
            }
            Some(region)
        }
        Some(v) => return Err(format!("\"region\" is {v}, not [x, y, width, height]")),
    };
    let channel = |name: &str, value: &Option<Value>| -> Result<Vec<u64>, String> {
        let values = match value {
            None => return Err(format!("it has no \"{name}\"")),
            Some(Value::Array(values)) => values,
            Some(_) => return Err(format!("\"{name}\" is not a list of counts")),
        };
        if values.len() != bins as usize {
            return Err(format!(
                "\"{name}\" has {} counts, not the {bins} of its \"bins\"",
                values.len()
            ));
        }
        values
            .iter()
            .enumerate()
            .map(|(i, v)| {
                v.as_u64().ok_or_else(|| {
                    format!("\"{name}\"[{i}] is {v}, not a whole count from 0 to 2^64 - 1")
                })
            })
            .collect()
    };
    let channels = [
        channel("r", &fields.r)?,
        channel("g", &fields.g)?,
        channel("b", &fields.b)?,
        channel("luminance", &fields.luminance)?,
    ];
    if depth.is_none() && channels.iter().flatten().any(|&c| c > 0) {
        return Err("a total of no file with counts in it".to_string());
    }
    Ok(Line {
        file,
        files,
        bins,
        depth,
        region,
        channels,
        cwd,
        stamp,
        size,
    })
}

/// A line of JSON Lines as read: its number (from 1), its bytes without the end of
/// line, and whether one ended it (an interrupted run's last line may be cut).
pub struct RawLine {
    pub number: usize,
    pub text: Vec<u8>,
    pub ended: bool,
}

/// Reads `reader` a line at a time, each line held only while it is read and none
/// longer than `MAX_LINE` (refused, with its number, before more is held).
pub struct Lines<R> {
    reader: R,
    number: usize,
}

impl<R: BufRead> Lines<R> {
    pub fn new(reader: R) -> Lines<R> {
        Lines { reader, number: 0 }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Result<RawLine, String>;

    fn next(&mut self) -> Option<Self::Item> {
        use std::io::Read as _;
        let mut text = Vec::new();
        let limit = MAX_LINE as u64 + 1;
        let read = (&mut self.reader).take(limit).read_until(b'\n', &mut text);
        self.number += 1;
        let number = self.number;
        match read {
            Err(e) => Some(Err(format!("line {number}: {e}"))),
            Ok(0) => None,
            Ok(_) => {
                let ended = text.last() == Some(&b'\n');
                if ended {
                    text.pop();
                } else if text.len() > MAX_LINE {
                    return Some(Err(format!(
                        "line {number} is longer than any histogram's line ({} MiB)",
                        MAX_LINE >> 20
                    )));
                }
                Some(Ok(RawLine {
                    number,
                    text,
                    ended,
                }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(json: &str) -> Result<Line, String> {
        read_line(json.as_bytes())
    }

    const GOOD: &str = r#"{"file": "a.png", "width": 1, "height": 1, "depth": 8, "bins": 2, "method": "cpu", "notes": [], "r": [1, 0], "g": [0, 1], "b": [1, 0], "luminance": [0, 1]}"#;

    #[test]
    fn a_whole_line_reads_and_every_malformed_one_is_refused_with_its_reason() {
        let good = line(GOOD).unwrap();
        assert_eq!(good.file.as_deref(), Some(std::path::Path::new("a.png")));
        assert_eq!((good.bins, good.depth, good.files), (2, Some(8), 1));
        for (change, why) in [
            ("\"r\": [1, 0]", "\"r\": [-1, 0]"),
            ("\"r\": [1, 0]", "\"r\": [1.5, 0]"),
            ("\"r\": [1, 0]", "\"r\": [3.0, 0]"),
            ("\"r\": [1, 0]", "\"r\": [\"7\", 0]"),
            ("\"r\": [1, 0]", "\"r\": [18446744073709551616, 0]"),
            ("\"r\": [1, 0]", "\"r\": [1]"),
            ("\"r\": [1, 0], ", ""),
            ("\"luminance\": [0, 1]", "\"lum\": [0, 1]"),
            ("\"bins\": 2", "\"bins\": 4294967295"),
            ("\"bins\": 2", "\"bins\": 0"),
            ("\"depth\": 8", "\"depth\": 9.5"),
            ("\"depth\": 8", "\"depth\": null"),
            ("\"file\": \"a.png\"", "\"file\": 7"),
        ] {
            let bad = GOOD.replace(change, why);
            assert!(line(&bad).is_err(), "{bad} was read");
        }
        assert!(line(&GOOD[..60]).is_err());
        assert!(line(&GOOD.replace("\"r\": [1, 0]", "\"r\": [1, 0], \"r\": [1, 0]")).is_err());
    }

    #[test]
    fn a_total_of_no_file_reads_back_as_written() {
        let empty = Total::new(4).unwrap().json_line(true);
        let read = line(empty.trim_end()).unwrap();
        assert_eq!(
            (read.file.is_none(), read.files, read.depth),
            (true, 0, None)
        );
        let mut total = Total::new(4).unwrap();
        total.add_line(&read).unwrap();
        assert_eq!(total, Total::new(4).unwrap());
    }

    #[test]
    fn parts_of_other_depths_add_up_in_any_order_at_the_deepest() {
        // An 8-bit picture of levels 0, 1, 128, 255 and its 16-bit twin (257 v):
        // the same bins at every bin count, so either joins a total of the other.
        let levels8 = [0u64, 1, 128, 255];
        for bins in [1u32, 3, 7, 100, 256, 1000, 4096, 65536] {
            let count = |max: u64, values: &[u64]| {
                let mut c = vec![0u64; bins as usize];
                for &v in values {
                    c[histogram::deep::bin_of(v, max, bins) as usize] += 1;
                }
                c
            };
            let eight = count(255, &levels8);
            let sixteen = count(65535, &levels8.map(|v| v * 257));
            assert_eq!(eight, sixteen, "{bins} bins");
        }
        let parts: [(u32, [u64; 2]); 4] = [(8, [1, 2]), (16, [3, 4]), (8, [5, 6]), (12, [7, 8])];
        let mut totals = vec![];
        for order in [[0, 1, 2, 3], [1, 0, 3, 2], [3, 2, 1, 0], [2, 3, 0, 1]] {
            let mut total = Total::new(2).unwrap();
            for i in order {
                let (depth, counts) = &parts[i];
                total.add(2, *depth, 1, [&counts[..]; 4]).unwrap();
            }
            assert_eq!((total.depth, total.files), (Some(16), 4));
            totals.push(total);
        }
        assert!(totals.windows(2).all(|w| w[0] == w[1]));
        // An HDR picture's own range stays apart.
        assert!(totals[0].add(2, 32, 1, [&[1, 1][..]; 4]).unwrap_err().apart);
    }

    #[test]
    fn sums_past_64_bits_are_refused_and_leave_the_total_as_it_was() {
        let mut total = Total::new(2).unwrap();
        let half = 1u64 << 63;
        total.add(2, 8, 1, [&[half, 0]; 4]).unwrap();
        let before = total.clone();
        assert!(total.add(2, 8, 1, [&[half, 0]; 4]).is_err());
        assert_eq!(total, before);
        total.files = u64::MAX;
        assert!(total.add(2, 8, 1, [&[0, 0]; 4]).is_err());
        assert!(Total::new(4294967295).is_err());
    }

    #[test]
    fn lines_longer_than_any_histogram_are_refused_before_they_are_held() {
        let long = vec![b' '; MAX_LINE + 10];
        let mut lines = Lines::new(&long[..]);
        assert!(lines.next().unwrap().is_err());
        let text = b"{}\n{\"cut";
        let read: Vec<RawLine> = Lines::new(&text[..]).map(Result::unwrap).collect();
        assert_eq!((read[0].number, read[0].ended), (1, true));
        assert_eq!(
            (read[1].number, read[1].ended, &read[1].text[..]),
            (2, false, &b"{\"cut"[..])
        );
    }
}
