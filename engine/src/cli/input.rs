//! Image files decoded whole, for the commands that need every pixel at once
//! (adjust, scope, bench); a count reads them band by band (engine/src/count/).

use histogram::decode;
use histogram::Image;
use histogram_engine::count::memory_budget;
use std::io::Read;

/// Reads and decodes a whole image file (or standard input for "-") into RGBA8.
pub fn decode_whole(path: &str) -> Result<Image, String> {
    decode_file(path).map(|d| d.image)
}

/// The same, with what else was read of it (a 16-bit or floating-point file's
/// samples as stored).
pub fn decode_file(path: &str) -> Result<decode::Decoded, String> {
    let bytes = if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        bytes
    } else {
        std::fs::read(path).map_err(|e| e.to_string())?
    };
    decode::decode_owned(bytes, histogram::image::MAX_PIXELS, memory_budget())
        .map_err(|e| e.to_string())
}
