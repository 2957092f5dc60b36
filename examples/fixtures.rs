//! Writes the decoder's test files to DIR (every kind in tests/native/common/fixtures.rs,
//! and the photos of ../shared/media re-encoded as PNG) with DIR/expected.json:
//! each file's histogram computed from the pixels it was made from, by the tests'
//! own reference, never by decoding the file; and the HDR files of
//! tests/native/common/hdr.rs. The browser tests use them.
//!
//!     cargo run --release --example fixtures -- DIR

#[path = "../tests/native/common/mod.rs"]
mod common;

use histogram::Spec;
use std::fmt::Write as _;

fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: fixtures DIR");
        std::process::exit(2);
    };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).expect("the fixtures folder can be made");
    let photos = common::photos();
    let photos: Vec<_> = photos.iter().map(|(n, p)| (*n, p.as_path())).collect();
    let mut expected = String::from("{\n");
    for (i, fixture) in common::fixtures::all(&photos).iter().enumerate() {
        std::fs::write(dir.join(fixture.name), &fixture.bytes).expect("the fixture is written");
        let counts = common::reference(&fixture.pixels, Spec::rgbl());
        let channel = |c: usize| -> Vec<String> {
            counts
                .iter()
                .skip(c)
                .step_by(4)
                .map(u32::to_string)
                .collect()
        };
        write!(
            expected,
            "{}  \"{}\": {{\"width\": {}, \"height\": {}",
            if i > 0 { ",\n" } else { "" },
            fixture.name,
            fixture.pixels.width(),
            fixture.pixels.height()
        )
        .unwrap();
        for (c, name) in ["r", "g", "b", "luminance"].iter().enumerate() {
            write!(expected, ", \"{name}\": [{}]", channel(c).join(",")).unwrap();
        }
        expected.push('}');
    }
    expected.push_str("\n}\n");
    std::fs::write(dir.join("expected.json"), expected).expect("expected.json is written");
    // HDR files, named hdr-*: tests/native/hdr.rs checks the command line on them against
    // their samples; the browser tests check the studio against the command line.
    for (name, bytes, ..) in common::hdr::pictures() {
        std::fs::write(dir.join(format!("hdr-{name}")), bytes).expect("the HDR file is written");
    }
    // And a scene to look at: the first photo a quarter the size, its sRGB codes
    // made linear and times 4, so its highlights reach two stops past 1.0; each
    // code moved by up to half a step, as a camera's noise would, so the values
    // are not 256 levels only.
    let photo = image::open(photos[0].1).expect("the photo decodes");
    let small = photo.resize_exact(612, 376, image::imageops::FilterType::Triangle);
    let mut state = 0x2545_f491u32;
    let mut linear = |c: u8| {
        state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        let jitter = (state >> 8) as f32 / (1u32 << 24) as f32 - 0.5;
        let v = ((c as f32 + jitter) / 255.0).max(0.0);
        4.0 * if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    let rgba: Vec<f32> = small
        .to_rgba8()
        .pixels()
        .flat_map(|p| [linear(p[0]), linear(p[1]), linear(p[2]), 1.0])
        .collect();
    let exr = common::hdr::exr(612, 376, &rgba);
    std::fs::write(dir.join("hdr-scene-612x376.exr"), exr).expect("the HDR scene is written");
}
