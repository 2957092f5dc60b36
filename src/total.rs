//! A histogram of many images: the sum of theirs (a histogram is additive), from a
//! run's files (`--total`), from the lines of earlier runs, or from shards counted
//! anywhere (`histogram merge`, the Python package's `merge`). Its statistics come
//! from the summed bins, so they are those of the whole set, exactly.

use crate::json::{self, Entries};
use crate::stats;
use serde_json::Value;
use std::fmt::Write as _;

pub const CHANNELS: [&str; 4] = ["r", "g", "b", "luminance"];

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
                 added to others' (counted at a depth of 8 it is clamped to 0..1)"
                    .into(),
            );
        }
        if bins != self.bins {
            return Err(format!(
                "it has {bins} bins and the total {}: count every part with the same bins",
                self.bins
            ));
        }
        match self.depth {
            Some(d) if d != depth => {
                return Err(format!(
                    "it is counted at {depth} bits a sample and the total at {d}: count every \
                     part at one depth (a depth of 8 counts 16-bit files as 8 bits)"
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
