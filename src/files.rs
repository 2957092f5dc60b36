//! Files as every native surface finds and opens them (the command line, the
//! Python package): a folder walked for its images, each file known by its device
//! and inode (a file reached by two spellings or through a link is one file),
//! special files and unreadable folders said, never waited on or passed over
//! without a word. Names are paths, not text: a name that is not UTF-8 is a name.

use std::collections::HashMap;
use std::os::unix::fs::{FileTypeExt as _, MetadataExt as _, OpenOptionsExt as _};
use std::path::{Path, PathBuf};

/// The file endings of the formats read here (src/decode/), compared without case.
pub const IMAGE_ENDINGS: [&str; 12] = [
    "png", "jpg", "jpeg", "webp", "gif", "bmp", "tif", "tiff", "ico", "hdr", "exr", "jfif",
];

/// Whether `path` names an image by its ending.
pub fn is_image(path: &Path) -> bool {
    ends_in(path, &IMAGE_ENDINGS)
}

/// Whether `path` names a JPEG by its ending (its bytes say for certain).
pub fn is_jpeg_name(path: &Path) -> bool {
    ends_in(path, &["jpg", "jpeg", "jfif"])
}

fn ends_in(path: &Path, endings: &[&str]) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| endings.iter().any(|i| i.eq_ignore_ascii_case(e)))
}

/// A file as the system knows it, whatever path reached it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FileId {
    device: u64,
    inode: u64,
}

/// The file `path` names (through links), or None where it cannot be looked at.
pub fn identity(path: &Path) -> Option<FileId> {
    std::fs::metadata(path).ok().map(|m| FileId {
        device: m.dev(),
        inode: m.ino(),
    })
}

/// What a file holds as far as the system says without reading it: its size and
/// modification time. A line of an earlier run stands for a file only while these
/// are what they were when it was counted (an overwrite or a rename changes them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    pub size: u64,
    /// Nanoseconds since 1970 (negative before).
    pub modified: i64,
}

/// `path`'s stamp (through links), or None where it cannot be looked at.
pub fn stamp(path: &Path) -> Option<Stamp> {
    let m = std::fs::metadata(path).ok()?;
    let modified = m
        .mtime()
        .checked_mul(1_000_000_000)?
        .checked_add(m.mtime_nsec())?;
    Some(Stamp {
        size: m.len(),
        modified,
    })
}

/// The width and height `path`'s header gives, or None where it cannot be read
/// (the file's own error comes when it is counted).
pub fn dimensions(path: &Path) -> Option<(u32, u32)> {
    ::image::ImageReader::open(path)
        .ok()?
        .with_guessed_format()
        .ok()?
        .into_dimensions()
        .ok()
}

/// A path written by a run in the folder `cwd` (None: not recorded, as before
/// outputs recorded it), as it names the file from anywhere: joined to that
/// folder, each `.` dropped (`photos/x` and `./photos/x` are one path).
pub fn written(path: &Path, cwd: Option<&Path>) -> PathBuf {
    let path = match cwd {
        Some(cwd) if path.is_relative() => cwd.join(path),
        _ => path.to_path_buf(),
    };
    path.components()
        .filter(|c| *c != std::path::Component::CurDir)
        .collect()
}

/// What a walk finds.
#[derive(Debug)]
pub enum Found {
    /// An image file to count (a link to one too, by the link's path).
    Image(PathBuf),
    /// A folder or link that could not be read: its files are not counted.
    Unreadable(PathBuf, String),
    /// A FIFO, socket or device with an image's ending: not a picture, not read.
    Special(PathBuf, &'static str),
}

/// The images under `folder`, each folder's entries in the order of their names
/// (so the files come in the order of their paths, a folder's before the next
/// name's), recursively; links to files are followed, links to folders are not
/// (a loop cannot start) and are found as not read, so that their images are
/// never passed over without a word. Every unreadable folder and special file is
/// found too.
pub fn walk(folder: &Path, mut found: impl FnMut(Found)) {
    for entry in walkdir::WalkDir::new(folder).sort_by_file_name() {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                let path = e.path().unwrap_or(folder).to_path_buf();
                let why = e
                    .io_error()
                    .map_or_else(|| e.to_string(), ToString::to_string);
                found(Found::Unreadable(path, why));
                continue;
            }
        };
        let kind = entry.file_type();
        if kind.is_symlink() && std::fs::metadata(entry.path()).is_ok_and(|m| m.is_dir()) {
            found(Found::Unreadable(
                entry.into_path(),
                LINKED_FOLDER.to_string(),
            ));
            continue;
        }
        if kind.is_dir() || !is_image(entry.path()) {
            continue;
        }
        let path = entry.into_path();
        if kind.is_file() {
            found(Found::Image(path));
        } else if kind.is_symlink() {
            match std::fs::metadata(&path) {
                Ok(target) if target.is_file() => found(Found::Image(path)),
                Ok(target) => found(Found::Special(path, special(target.file_type()))),
                Err(e) => found(Found::Unreadable(path, e.to_string())),
            }
        } else {
            found(Found::Special(path, special(kind)))
        }
    }
}

/// Why a link to a folder is not walked into.
const LINKED_FOLDER: &str =
    "a link to a folder, not followed (a link can lead back up without end; name the folder itself to count it)";

fn special(kind: std::fs::FileType) -> &'static str {
    if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_block_device() || kind.is_char_device() {
        "a device"
    } else {
        "not a regular file"
    }
}

/// Opens an image file to read, refusing at once what is not a regular file (a
/// FIFO would wait for a writer forever, a device read on without end).
pub fn open_image(path: &Path) -> Result<std::fs::File, String> {
    // Non-blocking, so that opening a FIFO returns instead of waiting; a regular
    // file's reads ignore the flag.
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| e.to_string())?;
    let kind = file.metadata().map_err(|e| e.to_string())?.file_type();
    if kind.is_dir() {
        return Err("a folder, not an image file".to_string());
    }
    if !kind.is_file() {
        return Err(format!("{}, not an image file: not read", special(kind)));
    }
    Ok(file)
}

/// The files of a run, each once: a file met again (another spelling, a link, the
/// same name twice) gives the path it was first met by.
#[derive(Default)]
pub struct Seen(HashMap<FileId, PathBuf>);

impl Seen {
    /// Notes `path`'s file; Err with the earlier path if it was met before. A path
    /// that cannot be looked at is new (its error comes when it is read).
    pub fn first(&mut self, path: &Path) -> Result<(), &Path> {
        let Some(id) = identity(path) else {
            return Ok(());
        };
        match self.0.entry(id) {
            std::collections::hash_map::Entry::Occupied(earlier) => Err(earlier.into_mut()),
            std::collections::hash_map::Entry::Vacant(new) => {
                new.insert(path.to_path_buf());
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_gives_its_images_in_path_order_links_once_and_says_what_it_skips() {
        let dir = std::env::temp_dir().join(format!("histogram-files-{}", std::process::id()));
        for name in [
            "b/2.PNG",
            "b/1.jpg",
            "a.tif",
            "notes.txt",
            "c/d/e.webp",
            "c/.hidden.gif",
        ] {
            let path = dir.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, b"x").unwrap();
        }
        std::os::unix::fs::symlink(dir.join("a.tif"), dir.join("link.tif")).unwrap();
        std::os::unix::fs::symlink(dir.join("c"), dir.join("c-link.png")).unwrap();
        std::os::unix::fs::symlink(dir.join("gone"), dir.join("dangling.png")).unwrap();
        let fifo = std::ffi::CString::new(dir.join("pipe.png").to_str().unwrap()).unwrap();
        // SAFETY: a valid C string, a plain system call.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
        let mut images = Vec::new();
        let mut other = Vec::new();
        let mut seen = Seen::default();
        walk(&dir, |found| match found {
            Found::Image(p) => {
                let name = p.strip_prefix(&dir).unwrap().to_str().unwrap().to_string();
                let again = seen.first(&p).err().map(Path::to_path_buf);
                images.push((name, again.is_some()));
            }
            Found::Unreadable(p, _) | Found::Special(p, _) => {
                other.push(p.file_name().unwrap().to_str().unwrap().to_string())
            }
        });
        let names: Vec<(&str, bool)> = images.iter().map(|(n, a)| (n.as_str(), *a)).collect();
        assert_eq!(
            names,
            [
                ("a.tif", false),
                ("b/1.jpg", false),
                ("b/2.PNG", false),
                ("c/.hidden.gif", false),
                ("c/d/e.webp", false),
                ("link.tif", true),
            ]
        );
        // A link to a folder is said, not followed (even one named like an image).
        assert_eq!(other, ["c-link.png", "dangling.png", "pipe.png"]);
        let refused = open_image(&dir.join("pipe.png")).unwrap_err();
        assert!(refused.starts_with("a FIFO"), "{refused}");
        assert!(open_image(&dir.join("c")).is_err());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
