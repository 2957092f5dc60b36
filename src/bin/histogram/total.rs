//! Totals read back: the lines of earlier runs (`--skip-done`) and shards counted
//! anywhere (`histogram merge`), summed into a `Total` (src/total.rs).

use crate::options::{Format, MergeArgs};
pub use histogram::total::{read_line, Line, Total};
use std::collections::HashMap;

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
