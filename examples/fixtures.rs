//! Writes the decoder's test files to DIR (every kind in tests/common/fixtures.rs,
//! and the photos of ../shared/media re-encoded as PNG) with DIR/expected.json:
//! each file's histogram computed from the pixels it was made from, by the tests'
//! own reference, never by decoding the file. The browser tests use them.
//!
//!     cargo run --release --example fixtures -- DIR

#[path = "../tests/common/mod.rs"]
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
}
