//! A file's output: its JSON line (what was counted, how, its notes, statistics
//! and channels, and what lets a later run know the file: `cwd`, `size`,
//! `modified`) or its CSV rows.

use histogram::files::Stamp;
use histogram::hdr::{self, HdrHistogram, HdrStats};
use histogram::json::{self, Entries};
use histogram::{stats, Channels, Histogram, Region};
use histogram_engine::count::Count;
use serde_json::value::RawValue;
use std::os::unix::ffi::OsStrExt as _;
use std::path::Path;

/// Each channel's statistics: from the bins, or an HDR picture's from its samples.
pub enum Stats {
    Levels(Vec<Option<stats::Stats>>),
    Hdr(Vec<Option<HdrStats>>),
}

impl Stats {
    fn fields(&self) -> &'static [&'static str] {
        match self {
            Stats::Levels(_) => &stats::FIELDS,
            Stats::Hdr(_) => &hdr::STATS_FIELDS,
        }
    }

    /// Per channel, its values in the order of `fields` (None: no pixels).
    fn values(&self) -> Vec<Option<Vec<f64>>> {
        match self {
            Stats::Levels(all) => all.iter().map(|s| s.map(|s| s.values().to_vec())).collect(),
            Stats::Hdr(all) => all.iter().map(|s| s.map(|s| s.values().to_vec())).collect(),
        }
    }
}

/// Each channel's statistics as one object's entries (null: no pixels).
impl serde::Serialize for Stats {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let names = Channels::Rgbl.names().iter().copied();
        match self {
            Stats::Levels(all) => Entries(names.zip(all).collect()).serialize(serializer),
            Stats::Hdr(all) => Entries(names.zip(all).collect()).serialize(serializer),
        }
    }
}

/// A file's line: what was counted, how, its notes, statistics and channels.
#[derive(serde::Serialize)]
struct FileLine<'a, H> {
    file: Box<RawValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cwd: Option<&'a RawValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    modified: Option<i64>,
    width: u32,
    height: u32,
    depth: u32,
    bins: u32,
    method: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<[u32; 4]>,
    notes: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<&'a Stats>,
    #[serde(flatten)]
    hdr: Option<H>,
    #[serde(flatten)]
    channels: Entries<'a, Vec<u32>>,
}

/// A file's line; `cwd` (the run's folder, for a relative path) and `stamp` (the
/// file's size and time) let a later run know the file and whether it changed.
pub fn json_line(
    file: &Path,
    cwd: Option<&RawValue>,
    stamp: Option<Stamp>,
    count: &Count,
    stats: Option<&Stats>,
) -> Vec<u8> {
    let histogram = &count.histogram;
    let names = histogram.spec().channels.names();
    let channels = names
        .iter()
        .enumerate()
        .map(|(c, &name)| (name, histogram.channel(c)));
    let line = json::line(&FileLine {
        file: json::path_to_json(file),
        cwd,
        size: stamp.map(|s| s.size),
        modified: stamp.map(|s| s.modified),
        width: count.width,
        height: count.height,
        depth: count.depth,
        bins: histogram.spec().num_bins,
        method: count.method,
        region: count.region.map(Region::xywh),
        notes: &count.notes,
        stats,
        hdr: count.hdr.as_ref().map(HdrHistogram::counts_apart),
        channels: Entries(channels.collect()),
    });
    (line + "\n").into_bytes()
}

/// CSV rows of a file's bins (its name as its bytes, quoted where CSV needs it).
pub fn csv_rows(file: &Path, histogram: &Histogram, stats: Option<&Stats>) -> Vec<u8> {
    let bytes = file.as_os_str().as_bytes();
    let name = if bytes.iter().any(|b| b",\"\n\r".contains(b)) {
        let mut quoted = b"\"".to_vec();
        for &b in bytes {
            quoted.extend_from_slice(if b == b'"' {
                b"\"\""
            } else {
                std::slice::from_ref(&b)
            });
        }
        quoted.push(b'"');
        quoted
    } else {
        bytes.to_vec()
    };
    let mut rows = Vec::new();
    let mut row = |rest: &str| {
        rows.extend_from_slice(&name);
        rows.push(b',');
        rows.extend_from_slice(rest.as_bytes());
        rows.push(b'\n');
    };
    for line in histogram.to_csv().lines().skip(1) {
        row(line);
    }
    if let Some(stats) = stats {
        // One row per statistic, named in the bin column.
        let all = stats.values();
        for (i, field) in stats.fields().iter().enumerate() {
            let values: Vec<String> = all
                .iter()
                .map(|s| s.as_ref().map_or(String::new(), |s| format!("{}", s[i])))
                .collect();
            row(&format!("{field},{}", values.join(",")));
        }
    }
    rows
}
