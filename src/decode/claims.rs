//! What a file may claim before it is decoded: no more pixels than the caller
//! allows or than its bytes can hold, and a whole decode within a memory budget.

use super::*;

/// What a file may claim: `max_pixels` (the caller's), a whole decode's peak
/// within `budget` bytes, and no more pixels than its `length` bytes can hold.
#[derive(Clone, Copy)]
pub(super) struct Claims {
    pub(super) max_pixels: u64,
    pub(super) budget: u64,
    pub(super) length: u64,
}

impl Claims {
    /// Refuses a header whose `amount` (pixels, or a PNG's bytes of rows) is more
    /// than `per_byte` times the file's bytes: what its compression gives at best.
    pub(super) fn holds(
        &self,
        format: &'static str,
        width: u32,
        height: u32,
        amount: u64,
        per_byte: u64,
    ) -> Result<(), DecodeError> {
        // A small allowance for headers and the odd byte, so that no tiny picture
        // is refused.
        if amount > per_byte.saturating_mul(self.length).saturating_add(1 << 16) {
            return Err(DecodeError::ClaimsTooMuch {
                width,
                height,
                format,
                bytes: self.length,
            });
        }
        Ok(())
    }
}

/// Pixels a byte of JPEG holds at most: an 8x8 block of one component takes at
/// least a bit (a progressive file's first scan: one Huffman code), so 512 for a
/// grey picture, fewer with colour. (Arithmetic coding can do better; no camera
/// writes it, and such a file past this is refused with the reason.)
pub(super) const JPEG_PIXELS_A_BYTE: u64 = 512;

/// Pixels a byte of a format decoded whole holds at most, from its compression's
/// best case: GIF's LZW (a 12-bit code for at most 4096 pixels), WebP's and
/// OpenEXR's (lossless codes can spend no bit on a constant: their own limits,
/// 16383 and the budget, bound them), BMP's run-length codes (255 pixels in two
/// bytes), TIFF's LZW or deflate on 1-bit samples, Radiance's runs (127 in two
/// bytes, per component).
pub(super) fn pixels_a_byte(format: image::ImageFormat) -> u64 {
    match format {
        image::ImageFormat::Gif => 2731,
        image::ImageFormat::Bmp => 128,
        image::ImageFormat::Tiff => 2731 * 8,
        image::ImageFormat::Hdr => 64,
        image::ImageFormat::Jpeg => JPEG_PIXELS_A_BYTE,
        _ => u64::MAX / 2,
    }
}

/// Bytes a pixel that a whole decode of 8-bit samples makes beside the decoder's
/// own buffer: its RGBA8 copy, and the band handed out.
pub(super) const EIGHT_BIT_COPIES: u64 = 8;

/// The same for 16-bit samples: the band at its depth (RGBA16) and its 8-bit view.
pub(super) const DEEP_COPIES: u64 = 12;

/// The same for floating-point samples (measured: a 20000x20000 Radiance file
/// peaked at 4.5 times its decode): the RGBA f32 samples kept (16 bytes), their
/// 8-bit view and band (8), a region's or the whole's copy for counting (16), and
/// the statistics' values and references (20).
pub(super) const FLOAT_COPIES: u64 = 60;

pub(super) fn check_size(width: u32, height: u32, max: u64) -> Result<(), DecodeError> {
    if width == 0 || height == 0 {
        return Err(DecodeError::Corrupt(
            Words::new("damage-no-pixels").text("size", format_args!("{width}x{height}")),
        ));
    }
    if width as u64 * height as u64 > max {
        return Err(DecodeError::TooLarge { width, height, max });
    }
    Ok(())
}
