//! Which files a run counts: the paths given, folders walked for their images
//! (src/files.rs), and a list of paths read from a file or standard input
//! (`--files-from`); each file once, however many ways it was named.

use histogram::files::{self, FileId, Found, Seen};
use std::io::BufRead;
use std::os::unix::ffi::OsStringExt as _;
use std::path::{Path, PathBuf};

/// A run's files, and how many of what it was given could not be read (an
/// unreadable folder, a folder with no image): each said on stderr, and the run's
/// status 1.
pub struct Files {
    pub paths: Vec<PathBuf>,
    pub problems: usize,
}

impl Files {
    /// Each file's identity (None for standard input or a file not there: its
    /// error comes in its turn).
    pub fn ids(&self) -> impl Iterator<Item = Option<FileId>> + '_ {
        self.paths
            .iter()
            .map(|p| (p != Path::new("-")).then(|| files::identity(p)).flatten())
    }
}

/// The files to count, in a stable order: each path given as it is (a missing or
/// unreadable one is kept, so that it is reported in its turn), each folder's
/// images in the order of their paths, then `files_from`'s lines ("-": standard
/// input; a line is a path's bytes, empty lines skipped). A file met a second
/// time is counted once, and said.
pub fn expand(paths: &[PathBuf], files_from: Option<&Path>) -> Result<Files, String> {
    let mut given = Vec::new();
    let mut problems = 0;
    for path in paths {
        if path != Path::new("-") && path.is_dir() {
            let before = given.len();
            files::walk(path, |found| match found {
                Found::Image(file) => given.push(file),
                Found::Unreadable(at, why) => {
                    warn!("histogram: {}: {why}: not counted", at.display());
                    problems += 1;
                }
                Found::Special(at, kind) => {
                    warn!(
                        "histogram: {}: {kind}, not an image file: skipped",
                        at.display()
                    );
                }
            });
            if given.len() == before {
                warn!(
                    "histogram: {}: no image in this folder (files ending in .{})",
                    path.display(),
                    files::IMAGE_ENDINGS.join(", .")
                );
                problems += 1;
            }
        } else {
            given.push(path.clone());
        }
    }
    if let Some(list) = files_from {
        let named = |e: std::io::Error| format!("--files-from {}: {e}", list.display());
        let lines: Box<dyn BufRead> = if list == Path::new("-") {
            Box::new(std::io::stdin().lock())
        } else {
            // A pipe is a list too (`--files-from <(find ...)`).
            Box::new(std::io::BufReader::new(
                std::fs::File::open(list).map_err(named)?,
            ))
        };
        for line in lines.split(b'\n') {
            let mut line = line.map_err(named)?;
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            if !line.iter().all(u8::is_ascii_whitespace) {
                given.push(PathBuf::from(std::ffi::OsString::from_vec(line)));
            }
        }
    }
    let mut seen = Seen::default();
    let mut paths = Vec::with_capacity(given.len());
    for path in given {
        if path == Path::new("-") {
            paths.push(path);
            continue;
        }
        match seen.first(&path) {
            Ok(()) => paths.push(path),
            Err(earlier) => warn!(
                "histogram: {}: the same file as {}: counted once",
                path.display(),
                earlier.display()
            ),
        }
    }
    Ok(Files { paths, problems })
}
