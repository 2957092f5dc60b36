//! Writes the frames of the site's default video (the animated sunset) to stdout as
//! raw RGBA; scripts/make-default-video.sh encodes them into www/media/sunset.webm.
//! Usage: cargo run --release --example default_video -- WIDTH HEIGHT FRAMES

use histogram::Image;
use std::io::Write;

fn main() -> std::io::Result<()> {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("WIDTH HEIGHT FRAMES"))
        .collect();
    let [width, height, frames] = args[..] else {
        panic!("usage: default_video WIDTH HEIGHT FRAMES");
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for frame in 0..frames {
        // Out and back, so the looping video has no jump.
        let t = 1.0 - (2.0 * frame as f32 / frames as f32 - 1.0).abs();
        out.write_all(Image::sunset_at(width, height, t).rgba())?;
    }
    out.flush()
}
