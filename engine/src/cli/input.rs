//! Image files decoded whole, for the commands that need every pixel at once
//! (adjust, scope, bench); a count reads them band by band (engine/src/count/).

use histogram::decode;
use histogram::Image;
use histogram_engine::count::memory_budget;
use std::io::Read;

/// Reads and decodes a whole image file (or standard input for "-") into RGBA8.
pub fn decode_whole(path: &str) -> Result<Image, String> {
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
        .map(|d| d.image)
        .map_err(|e| e.to_string())
}
