//! ICO files: an icon's largest picture, read as a PNG or by the `image` crate.

use super::*;

impl<R: BufRead + Seek> Decoder<R> {
    /// An icon: its largest picture. One stored as PNG is read as any PNG is (the
    /// `image` crate's ICO reader takes only RGBA ones, and Pillow writes RGB);
    /// one stored as a bitmap goes to the `image` crate.
    pub(super) fn ico(mut reader: R, limits: Claims) -> Result<Decoder<R>, DecodeError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).map_err(corrupt)?;
        let le16 = |at: usize| {
            bytes
                .get(at..at + 2)
                .map(|b| u16::from_le_bytes([b[0], b[1]]))
        };
        let le32 = |at: usize| {
            bytes
                .get(at..at + 4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
        };
        // Entries of 16 bytes after a 6-byte header; a width or height of 0 is 256.
        let side = |b: u8| if b == 0 { 256 } else { b as u32 };
        let largest = (0..le16(4).unwrap_or(0) as usize)
            .filter_map(|i| {
                let at = 6 + 16 * i;
                let (w, h) = (side(*bytes.get(at)?), side(*bytes.get(at + 1)?));
                Some((w * h, le32(at + 8)?, le32(at + 12)?))
            })
            .max_by_key(|&(pixels, ..)| pixels);
        let png =
            largest.and_then(|(_, size, offset)| bytes.get(offset..offset.checked_add(size)?));
        match png {
            Some(png) if png.starts_with(b"\x89PNG\r\n\x1a\n") => {
                let inner = decode(png, limits.max_pixels, limits.budget)?;
                let (width, height) = (inner.image.width(), inner.image.height());
                let (layout, bytes) = match inner.deep {
                    Some(deep) => (
                        Layout::new(4, Some(Endian::Native)),
                        deep.rgba().iter().flat_map(|v| v.to_ne_bytes()).collect(),
                    ),
                    None => (Layout::new(4, None), inner.image.rgba().to_vec()),
                };
                let rows = Rows::Whole { bytes, at: 0 };
                Ok(Decoder::with(
                    width,
                    height,
                    "ICO",
                    layout,
                    rows,
                    inner.notes,
                ))
            }
            _ => {
                reader.seek(SeekFrom::Start(0)).map_err(corrupt)?;
                Decoder::whole(reader, image::ImageFormat::Ico, limits)
            }
        }
    }
}
