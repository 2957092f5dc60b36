//! A histogram of many images: the sum of theirs (a histogram is additive), from a
//! run's files (`--total`), from the lines of earlier runs (`--skip-done`), or from
//! shards counted anywhere (`histogram merge`). Its statistics come from the
//! summed bins, so they are those of the whole set, exactly.

use crate::options::{Format, MergeArgs};
use histogram::json::{self, Entries};
use histogram::stats;
use serde_json::Value;
use std::collections::HashMap;
use std::fmt::Write as _;

const CHANNELS: [&str; 4] = ["r", "g", "b", "luminance"];

/// The sum of several images' histograms, at one bin count and sample depth.
pub struct Total {
    pub bins: u32,
    /// Bits a sample: what the first image added had (every other must match).
    pub depth: Option<u32>,
    pub files: u64,
    /// Per channel (R, G, B, luminance), its bins (64-bit: a million photos hold
    /// more pixels than 32 bits count).
    counts: [Vec<u64>; 4],
}

impl Total {
    pub fn new(bins: u32) -> Total {
        Total {
            bins,
            depth: None,
            files: 0,
            counts: std::array::from_fn(|_| vec![0; bins as usize]),
        }
    }

    /// Adds one image's (or one total's: `files` of them) channels, refused with the
    /// reason if its bins or depth differ from what the total holds.
    pub fn add(
        &mut self,
        bins: u32,
        depth: u32,
        files: u64,
        channels: [&[u64]; 4],
    ) -> Result<(), String> {
        if depth == 32 {
            return Err(
                "an HDR picture is counted over its own range, so its bins cannot be \
                 added to others' (--depth 8 counts it clamped to 0..1, as 8 bits)"
                    .into(),
            );
        }
        if bins != self.bins {
            return Err(format!(
                "it has {bins} bins and the total {}: count every part with the same --bins",
                self.bins
            ));
        }
        match self.depth {
            Some(d) if d != depth => {
                return Err(format!(
                    "it is counted at {depth} bits a sample and the total at {d}: count every \
                     part at one depth (--depth 8 counts 16-bit files as 8 bits)"
                ))
            }
            _ => self.depth = Some(depth),
        }
        for (sum, part) in self.counts.iter_mut().zip(channels) {
            if part.len() != sum.len() {
                return Err(format!("a channel has {} bins, not {bins}", part.len()));
            }
            for (s, &p) in sum.iter_mut().zip(part) {
                *s += p;
            }
        }
        self.files += files;
        Ok(())
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

/// One line of a run's output, read back: a file's histogram or a total's.
pub struct Line {
    /// The file's name, or None for a total.
    pub file: Option<String>,
    pub files: u64,
    pub bins: u32,
    pub depth: u32,
    pub channels: [Vec<u64>; 4],
}

/// Reads a line of JSON Lines output; None for a line that is not one (a line cut
/// short by an interrupted run, an empty one).
pub fn read_line(text: &str) -> Option<Line> {
    let value: Value = serde_json::from_str(text).ok()?;
    let number = |key: &str| value.get(key)?.as_u64();
    let channel = |key: &str| -> Option<Vec<u64>> {
        value
            .get(key)?
            .as_array()?
            .iter()
            .map(Value::as_u64)
            .collect()
    };
    let file = value
        .get("file")
        .and_then(Value::as_str)
        .map(str::to_string);
    let files = if file.is_some() { 1 } else { number("files")? };
    Some(Line {
        file,
        files,
        bins: u32::try_from(number("bins")?).ok()?,
        depth: u32::try_from(number("depth")?).ok()?,
        channels: [
            channel("r")?,
            channel("g")?,
            channel("b")?,
            channel("luminance")?,
        ],
    })
}

/// The lines of a JSON Lines file that read as histograms, with their numbers.
pub fn read_lines(path: &str) -> Result<Vec<(usize, Line)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    Ok(text
        .lines()
        .enumerate()
        .filter_map(|(i, l)| read_line(l).map(|line| (i + 1, line)))
        .collect())
}

fn add_line(total: &mut Total, line: &Line) -> Result<(), String> {
    let [r, g, b, l] = &line.channels;
    total.add(line.bins, line.depth, line.files, [r, g, b, l])
}

pub const MERGE_ABOUT: &str = "\
Sums shards: the JSON Lines outputs of runs over parts of a set of images (each
`histogram --format json ... > SHARD.jsonl`), into one total, as `--total` gives
for one run over all of them. A shard's per-file lines are summed (a file found
in two shards is refused: it would count twice); a shard with no per-file line
gives its total line. Shards counted with other --bins or at another depth are
refused with the reason. Lines that are not histograms (a line cut short by an
interrupted run) are skipped.";

/// `histogram merge SHARD...`.
pub fn merge(args: MergeArgs) -> i32 {
    let (csv, stats) = (args.output.format == Format::Csv, args.output.stats);
    match merge_files(&args.shards) {
        Ok(total) => {
            let out = if csv {
                format!("file,bin,r,g,b,luminance\n{}", total.csv_rows(stats))
            } else {
                total.json_line(stats)
            };
            print!("{out}");
            0
        }
        Err(e) => {
            eprintln!("histogram merge: {e}");
            1
        }
    }
}

fn merge_files(shards: &[String]) -> Result<Total, String> {
    let mut total: Option<Total> = None;
    let mut seen: HashMap<String, String> = HashMap::new();
    for shard in shards {
        let lines = read_lines(shard)?;
        let per_file: Vec<&(usize, Line)> =
            lines.iter().filter(|(_, l)| l.file.is_some()).collect();
        let parts: Vec<&(usize, Line)> = if per_file.is_empty() {
            lines.iter().rev().take(1).collect()
        } else {
            per_file
        };
        if parts.is_empty() {
            return Err(format!("{shard}: no histogram in it"));
        }
        for (number, line) in parts {
            if let Some(file) = &line.file {
                if let Some(other) = seen.insert(file.clone(), shard.clone()) {
                    return Err(format!(
                        "{shard}, line {number}: {file} is in {other} too, and would count twice"
                    ));
                }
            }
            let total = total.get_or_insert_with(|| Total::new(line.bins));
            add_line(total, line).map_err(|e| format!("{shard}, line {number}: {e}"))?;
        }
    }
    total.ok_or_else(|| "no shard given".to_string())
}

/// What `--skip-done OUT.jsonl` found: the files already counted there, and, for
/// `--total`, their histograms summed.
pub struct Done {
    pub files: std::collections::HashSet<String>,
    pub lines: Vec<Line>,
}

impl Done {
    pub fn read(path: &str) -> Result<Done, String> {
        // A first run has no output yet: nothing is done.
        if !std::path::Path::new(path).exists() {
            return Ok(Done {
                files: Default::default(),
                lines: Vec::new(),
            });
        }
        let lines: Vec<Line> = read_lines(path)?
            .into_iter()
            .filter(|(_, l)| l.file.is_some())
            .map(|(_, l)| l)
            .collect();
        Ok(Done {
            files: lines.iter().filter_map(|l| l.file.clone()).collect(),
            lines,
        })
    }

    /// Adds what was done before to `total`.
    pub fn add_to(&self, total: &mut Total) -> Result<(), String> {
        for line in &self.lines {
            add_line(total, line).map_err(|e| {
                format!(
                    "{} (counted before): {e}",
                    line.file.as_deref().unwrap_or("")
                )
            })?;
        }
        Ok(())
    }
}
