//! Which files a run counts: the paths given, folders walked for their images, and
//! a list of paths read from a file or standard input (`--files-from`).

use std::io::BufRead;
use std::path::Path;

/// The file endings of the formats read here (src/decode/), compared without case.
const IMAGE_ENDINGS: [&str; 12] = [
    "png", "jpg", "jpeg", "webp", "gif", "bmp", "tif", "tiff", "ico", "hdr", "exr", "jfif",
];

/// Whether `path` names an image by its ending.
fn is_image(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| IMAGE_ENDINGS.iter().any(|i| i.eq_ignore_ascii_case(e)))
}

/// The files to count, in a stable order: each path given as it is (a missing or
/// unreadable one is kept, so that it is reported in its turn), each folder's
/// images in the order of their paths (recursively, following no links), then
/// `files_from`'s lines ("-": standard input), empty lines skipped. A folder with
/// no image in it is said on stderr, and `empty` counts it.
pub fn expand(
    paths: &[String],
    files_from: Option<&str>,
    empty: &mut usize,
) -> Result<Vec<String>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path != "-" && Path::new(path).is_dir() {
            let before = files.len();
            walk(path, &mut files)?;
            if files.len() == before {
                eprintln!(
                    "histogram: {path}: no image in this folder (files ending in .{})",
                    IMAGE_ENDINGS.join(", .")
                );
                *empty += 1;
            }
        } else {
            files.push(path.clone());
        }
    }
    if let Some(list) = files_from {
        let lines: Box<dyn BufRead> = if list == "-" {
            Box::new(std::io::stdin().lock())
        } else {
            let file =
                std::fs::File::open(list).map_err(|e| format!("--files-from {list}: {e}"))?;
            Box::new(std::io::BufReader::new(file))
        };
        for line in lines.lines() {
            let line = line.map_err(|e| format!("--files-from {list}: {e}"))?;
            if !line.trim().is_empty() {
                files.push(line);
            }
        }
    }
    Ok(files)
}

/// A folder's images, sorted by path.
fn walk(folder: &str, files: &mut Vec<String>) -> Result<(), String> {
    for entry in walkdir::WalkDir::new(folder).sort_by_file_name() {
        let entry = entry.map_err(|e| format!("{folder}: {e}"))?;
        if entry.file_type().is_file() && is_image(entry.path()) {
            files.push(entry.path().to_string_lossy().into_owned());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_gives_its_images_in_path_order_and_nothing_else() {
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
        let root = dir.to_str().unwrap().to_string();
        let got = expand(std::slice::from_ref(&root), None, &mut 0).unwrap();
        let names: Vec<&str> = got.iter().map(|f| &f[root.len() + 1..]).collect();
        assert_eq!(
            names,
            ["a.tif", "b/1.jpg", "b/2.PNG", "c/.hidden.gif", "c/d/e.webp"]
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}
