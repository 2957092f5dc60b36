//! What the GPU's JPEG decoding is given, natively and in the page alike: a
//! baseline file's scan (src/jpeg_entropy.rs), held to the claims the CPU's
//! decoder holds it to, and the EXIF orientation it is shown by.

use super::*;
use crate::jpeg_coefficients::Frame;
use crate::jpeg_planes::Orientation;

/// The baseline JPEG in `bytes` as the GPU entropy-decodes it (src/gpu/jpeg_decode.rs):
/// its scan, held to the same claims and budget as `jpeg_coefficients`; or why
/// the GPU does not take it.
pub fn jpeg_scan(bytes: &[u8], budget: u64) -> Result<crate::jpeg_entropy::Scan, String> {
    let scan = crate::jpeg_entropy::scan(bytes)?;
    holds(&scan.frame, bytes, budget)?;
    Ok(scan)
}

/// How the JPEG in `bytes` is shown, as its EXIF says (read by the `image`
/// crate); as stored where it says nothing.
pub fn jpeg_turn(bytes: &[u8]) -> Orientation {
    use image::ImageDecoder;
    image::codecs::jpeg::JpegDecoder::new(Cursor::new(bytes))
        .and_then(|mut decoder| decoder.orientation())
        .unwrap_or(Orientation::NoTransforms)
}

/// What a header claims, held to what the CPU's decoder holds it to (no more
/// pixels than `MAX_PIXELS` or than the file's bytes can hold), and its
/// coefficients (two bytes each, held twice on their way) to `budget` bytes.
pub(super) fn holds(frame: &Frame, bytes: &[u8], budget: u64) -> Result<(), String> {
    let (width, height) = (frame.width, frame.height);
    // A file past these the CPU's decoder refuses in its own words: this reason
    // is not shown.
    check_size(width, height, MAX_PIXELS).map_err(|e| format!("{e:?}"))?;
    let claims = Claims {
        max_pixels: MAX_PIXELS,
        budget,
        length: bytes.len() as u64,
    };
    let pixels = width as u64 * height as u64;
    claims
        .holds("JPEG", width, height, pixels, JPEG_PIXELS_A_BYTE)
        .map_err(|e| format!("{e:?}"))?;
    let s = frame.subsampling;
    let blocks = pixels / 64 + 2 * pixels / 64 / (s.across * s.down) as u64 + 3;
    let needs = 2 * 2 * 64 * blocks;
    if needs > budget {
        return Err(format!("its coefficients need {} MB", needs >> 20));
    }
    Ok(())
}
