//! What is wrong with a file the browser decodes itself, told from its bytes.

use super::*;

/// What is wrong with a file that a browser decodes itself (JPEG, PNG, WebP), as
/// far as its bytes tell without decoding: a header that claims more pixels than
/// `max_pixels` or than the file can hold (the same rule as `Decoder::new`), a
/// PNG chunk whose checksum does not match, a JPEG that ends before its picture.
/// Browsers fill in what is missing without a word; the pages ask this first.
pub fn problem(bytes: &[u8], max_pixels: u64) -> Option<DecodeError> {
    let claims = Claims {
        max_pixels,
        budget: u64::MAX,
        length: bytes.len() as u64,
    };
    let be32 = |at: usize| {
        bytes
            .get(at..at + 4)
            .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    };
    let be16 = |at: usize| {
        bytes
            .get(at..at + 2)
            .map(|b| u16::from_be_bytes([b[0], b[1]]) as u32)
    };
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        let (width, height) = (be32(16)?, be32(20)?);
        // Bits a pixel: the depth times the channels of the colour type.
        let (depth, colour) = (*bytes.get(24)?, *bytes.get(25)?);
        let channels = [1, 0, 3, 1, 2, 0, 4].get(colour as usize).copied();
        let bits = depth as u64 * channels.unwrap_or(4);
        let rows = ((width as u64 * bits).div_ceil(8) + 1).saturating_mul(height as u64);
        let check = claims
            .holds("PNG", width, height, rows, 1032)
            .and_then(|()| check_size(width, height, max_pixels));
        if let Err(e) = check {
            return Some(e);
        }
        let mut at = 8;
        while let Some(length) = be32(at) {
            let end = at + 12 + length as usize;
            let Some(chunk) = bytes.get(at + 4..end - 4) else {
                return Some(damaged("damage-ends-early"));
            };
            if crc32fast::hash(chunk) != be32(end - 4)? {
                return Some(DecodeError::Corrupt(
                    Words::new("damage-chunk-crc").text("before", ""),
                ));
            }
            if &chunk[..4] == b"IEND" {
                return None;
            }
            at = end;
        }
        return Some(damaged("damage-ends-early"));
    }
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        let mut at = 2;
        while bytes.get(at) == Some(&0xFF) && bytes.get(at + 1).is_some_and(|&m| m != 0xDA) {
            let marker = bytes[at + 1];
            if (0xC0..=0xCF).contains(&marker) && ![0xC4, 0xC8, 0xCC].contains(&marker) {
                let (height, width) = (be16(at + 5)?, be16(at + 7)?);
                let pixels = width as u64 * height as u64;
                let check = claims
                    .holds("JPEG", width, height, pixels, JPEG_PIXELS_A_BYTE)
                    .and_then(|()| check_size(width, height, max_pixels));
                if let Err(e) = check {
                    return Some(e);
                }
            }
            at += 2 + be16(at + 2)? as usize;
        }
        if bytes.get(at + 1) != Some(&0xDA) {
            return Some(damaged("damage-jpeg-no-picture"));
        }
        // In entropy-coded data 0xFF is followed by 0 or a restart marker, so an
        // FF D9 past the first scan's start is the end of the picture: looked for
        // from the file's end, where it almost always is (a look over every byte
        // took a millisecond a 2 MB file).
        let ends = memchr::memmem::rfind(&bytes[at..], &[0xFF, 0xD9]).is_some();
        return (!ends).then(|| damaged("damage-jpeg-cut-short"));
    }
    if bytes.starts_with(b"RIFF")
        && bytes.get(8..12) == Some(b"WEBP")
        && bytes.get(12..16) == Some(b"VP8X")
    {
        let le24 = |at: usize| {
            bytes
                .get(at..at + 3)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], 0]) + 1)
        };
        let (width, height) = (le24(24)?, le24(27)?);
        return check_size(width, height, max_pixels).err();
    }
    None
}
