//! The command-line tool as every native test runs it, and its output read back:
//! JSON with serde_json (by key, never scraped), messages as text.

use serde_json::Value;
use std::process::{Command, Output};

/// The command-line tool cargo built for these tests.
pub fn tool() -> Command {
    Command::new(env!("CARGO_BIN_EXE_histogram"))
}

/// The tool on Vulkan (lavapipe here) with `args`.
pub fn histogram(args: &[&str]) -> Output {
    tool()
        .args(["--backend", "vulkan"])
        .args(args)
        .output()
        .expect("the histogram binary runs")
}

/// `bytes` as text (a name that is not UTF-8 shown lossily).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The tool's lines for `args`, which must succeed (`what` names the run when it
/// does not, with the tool's stderr), each read as JSON.
pub fn lines_of(args: &[&str], what: &str) -> Vec<Value> {
    let out = histogram(args);
    assert!(out.status.success(), "{what}: {}", text(&out.stderr));
    json_lines(&out.stdout)
}

/// Each line of a JSON Lines output.
pub fn json_lines(stdout: &[u8]) -> Vec<Value> {
    text(stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The whole numbers of `line[key]`, a list.
pub fn counts(line: &Value, key: &str) -> Vec<u64> {
    list(line, key, Value::as_u64)
}

/// The numbers of `line[key]`, a list.
pub fn numbers(line: &Value, key: &str) -> Vec<f64> {
    list(line, key, Value::as_f64)
}

/// Each item of `line[key]`, a list, read by `read` (a failure names the item).
fn list<T>(line: &Value, key: &str, read: impl Fn(&Value) -> Option<T>) -> Vec<T> {
    line[key]
        .as_array()
        .unwrap_or_else(|| panic!("no list {key} in {line}"))
        .iter()
        .map(|v| read(v).unwrap_or_else(|| panic!("{key}: {v} is not such a number")))
        .collect()
}
