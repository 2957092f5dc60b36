//! JPEG counted as libjpeg-turbo decodes it (Pillow, OpenCV, Chromium, Firefox):
//! files of every kind made by Pillow, and their histograms as Pillow decodes
//! them, made outside the project (tests/fixtures/jpeg.py), against the decoder
//! and the command line.

use crate::common;

use common::media;
use histogram::{compute_cpu, decode, Spec};
use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

const PHOTOS: [&str; 2] = [
    "pexels-chevanon-photography-1108099.jpg",
    "pexels-francesco-ungaro-96938-mid.jpg",
];

/// The files and Pillow's histograms of them (and of the photos), in a fresh
/// folder named after `test`.
fn pillow(test: &str) -> (crate::common::Scratch, Value) {
    let root = crate::common::repo();
    let dir = crate::common::scratch(&format!("jpeg-{test}"));
    let python = root.join(".venv/bin/python");
    let made = Command::new(&python)
        .arg(root.join("tests/fixtures/jpeg.py"))
        .arg(media(PHOTOS[0]))
        .arg(&dir)
        .args(PHOTOS.map(media))
        .status()
        .unwrap_or_else(|e| panic!("{} runs (make setup makes it): {e}", python.display()));
    assert!(made.success(), "tests/fixtures/jpeg.py made the files");
    let expected = std::fs::read(dir.join("expected.json")).unwrap();
    (dir, serde_json::from_slice(&expected).unwrap())
}

fn bins(value: &Value, channel: &str) -> Vec<u32> {
    value[channel]
        .as_array()
        .unwrap_or_else(|| panic!("no {channel}"))
        .iter()
        .map(|n| n.as_u64().unwrap() as u32)
        .collect()
}

#[test]
fn every_kind_of_jpeg_counts_as_pillow_decodes_it() {
    let (dir, expected) = pillow("kinds");
    let files: Vec<(String, PathBuf)> = expected
        .as_object()
        .unwrap()
        .keys()
        .map(|k| {
            let path = if k.starts_with('/') {
                PathBuf::from(k)
            } else {
                dir.join(k)
            };
            (k.clone(), path)
        })
        .collect();
    assert!(files.len() >= 12, "{files:?}");
    for (name, path) in &files {
        let want = &expected[name];
        let bytes = std::fs::read(path).unwrap();
        let decoded =
            decode::decode(&bytes, u64::MAX, u64::MAX).unwrap_or_else(|e| panic!("{name}: {e}"));
        let image = &decoded.image;
        assert_eq!(
            (image.width() as u64, image.height() as u64),
            (
                want["width"].as_u64().unwrap(),
                want["height"].as_u64().unwrap()
            ),
            "{name}: the stored size (an EXIF orientation is not applied)"
        );
        let got = compute_cpu(image, Spec::rgbl());
        for (c, channel) in ["r", "g", "b", "luminance"].iter().enumerate() {
            assert_eq!(got.channel(c), bins(want, channel), "{name}: {channel}");
        }
    }
    // The command line, every file at once, by its default method: packed on a
    // GPU, the CPU method where the adapter is a CPU (lavapipe here).
    let default = if common::gpu().is_cpu() {
        "cpu"
    } else {
        "packed"
    };
    let paths: Vec<&str> = files.iter().map(|(_, p)| p.to_str().unwrap()).collect();
    let lines = crate::tool::lines_of(&paths, "the JPEG fixtures");
    assert_eq!(lines.len(), files.len());
    for ((name, _), line) in files.iter().zip(&lines) {
        assert_eq!(line["method"], default, "{name}: the default method");
        for channel in ["r", "g", "b", "luminance"] {
            assert_eq!(
                bins(line, channel),
                bins(&expected[name], channel),
                "{name}: {channel}"
            );
        }
    }
}

#[test]
fn a_damaged_jpeg_is_refused_in_libjpeg_turbos_words() {
    let (dir, _) = pillow("damaged");
    let whole = std::fs::read(dir.join("baseline-420.jpg")).unwrap();
    let scan = whole.windows(2).position(|w| w == [0xFF, 0xDA]).unwrap();
    let mut flipped = whole.clone();
    flipped[scan + 3000] ^= 0x55;
    flipped[scan + 3001] ^= 0xFF;
    let cases = [
        (
            "14 bytes into the scan",
            whole[..scan + 28].to_vec(),
            "Premature end of JPEG file",
        ),
        (
            "cut at 90%",
            whole[..whole.len() * 9 / 10].to_vec(),
            "Premature end of JPEG file",
        ),
        ("two bytes flipped", flipped, "Corrupt JPEG data"),
    ];
    for (what, bytes, words) in cases {
        match decode::decode(&bytes, u64::MAX, u64::MAX) {
            Ok(_) => panic!("{what}: counted as if whole"),
            Err(e) => assert!(e.to_string().contains(words), "{what}: {e}"),
        }
    }
    // Stray bytes between two segments lose no pixel: counted, with a note.
    let mut stray = whole[..scan].to_vec();
    stray.extend_from_slice(&[0, 0, 0]);
    stray.extend_from_slice(&whole[scan..]);
    let decoded = decode::decode(&stray, u64::MAX, u64::MAX).unwrap();
    let clean = decode::decode(&whole, u64::MAX, u64::MAX).unwrap();
    assert_eq!(decoded.image.rgba(), clean.image.rgba());
    assert!(
        decoded
            .notes
            .iter()
            .any(|n| n.to_string().contains("3 extraneous bytes")),
        "{:?}",
        decoded.notes
    );
    // Bytes before a restart marker are a scan whose interval's codes ended
    // early: damage, refused (as huffman.wgsl refuses it on the GPU).
    let restarts = crate::jpeg_planes::compress(
        &crate::common::photo(16),
        turbojpeg_sys::TJSAMP_TJSAMP_422,
        false,
        1,
    );
    let rst = restarts.windows(2).position(|w| w == [0xFF, 0xD0]).unwrap();
    let mut early = restarts[..rst].to_vec();
    early.push(0x5a);
    early.extend_from_slice(&restarts[rst..]);
    decode::decode(&restarts, u64::MAX, u64::MAX).unwrap();
    match decode::decode(&early, u64::MAX, u64::MAX) {
        Ok(_) => panic!("a byte before a restart marker counted as if whole"),
        Err(e) => assert!(
            e.to_string().contains("extraneous bytes before marker 0xd"),
            "{e}"
        ),
    }
}
