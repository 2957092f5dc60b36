//! What a file is, from its first bytes, and who decodes it exactly: the page asks
//! before it reads a file (www/input.js). The browser decodes what it decodes as
//! the file says (opaque 8-bit PNG, JPEG but CMYK, opaque WebP); the Rust decoder
//! what the browser would change (transparency it premultiplies, 16 bits it
//! rounds, CMYK it converts its own way) or cannot read; anything else is left to
//! the browser alone.

use crate::words::Words;

/// Who decodes a file exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecodedBy {
    Browser,
    Rust,
    /// Not a format read here: the browser's decode, if it has one.
    BrowserOnly,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileKind {
    pub decoder: DecodedBy,
    /// The format's name ("JPEG", "PNG", ...), none where not one read here.
    pub format: Option<&'static str>,
    /// What the page says of it (a greyscale file's channels).
    pub notes: Vec<Words>,
    /// Whether the browser's `ImageDecoder` may hand over its planes, finished as
    /// libjpeg-turbo finishes them (src/jpeg_planes.rs): a Huffman-coded Y′CbCr
    /// JPEG of 8 bits at 4:4:4, 4:2:2 or 4:2:0, with no Adobe RGB transform.
    pub planes: bool,
}

impl FileKind {
    fn of(decoder: DecodedBy, format: &'static str, grey: bool) -> FileKind {
        FileKind {
            decoder,
            format: Some(format),
            notes: if grey {
                vec![Words::new("note-grey")]
            } else {
                Vec::new()
            },
            planes: false,
        }
    }
}

/// The kind of the file that starts with `bytes` (its first 64 KB, or all of it).
pub fn kind(bytes: &[u8]) -> FileKind {
    let at = |i: usize| bytes.get(i).copied();
    let is = |i: usize, text: &[u8]| bytes.get(i..i + text.len()) == Some(text);
    let be16 = |i: usize| Some(u16::from_be_bytes([at(i)?, at(i + 1)?]) as usize);
    let be32 = |i: usize| {
        Some(u32::from_be_bytes([
            at(i)?,
            at(i + 1)?,
            at(i + 2)?,
            at(i + 3)?,
        ]))
    };
    if is(0, &[0xFF, 0xD8, 0xFF]) {
        let (mut grey, mut cmyk, mut planes, mut ycc) = (false, false, false, true);
        let mut i = 2;
        while i + 4 <= bytes.len() && at(i) == Some(0xFF) {
            let marker = bytes[i + 1];
            if marker == 0xDA {
                break;
            }
            let Some(length) = be16(i + 2) else { break };
            // A frame header (SOF0-15 but DHT, JPG and DAC): its components.
            if (0xC0..=0xCF).contains(&marker) && ![0xC4, 0xC8, 0xCC].contains(&marker) {
                let components = at(i + 9);
                grey |= components == Some(1);
                // CMYK: the browsers and the Rust decoder each turn it into RGB their own way.
                cmyk |= components == Some(4);
                let sampling = [0, 1, 2].map(|c| at(i + 11 + 3 * c));
                planes = [0xC0, 0xC1, 0xC2].contains(&marker)
                    && at(i + 4) == Some(8)
                    && components == Some(3)
                    && [Some(0x11), Some(0x21), Some(0x22)].contains(&sampling[0])
                    && sampling[1..] == [Some(0x11); 2];
            }
            // Adobe's marker with transform 0: the three components are R, G, B.
            if marker == 0xEE && is(i + 4, b"Adobe") && at(i + 15) == Some(0) {
                ycc = false;
            }
            i += 2 + length;
        }
        let decoder = if cmyk {
            DecodedBy::Rust
        } else {
            DecodedBy::Browser
        };
        return FileKind {
            planes: planes && ycc,
            ..FileKind::of(decoder, "JPEG", grey)
        };
    }
    if is(0, b"\x89PNG\r\n\x1a\n") {
        let (depth, colour) = (at(24).unwrap_or(0), at(25).unwrap_or(0));
        let mut straight = depth <= 8 && [0, 2, 3].contains(&colour);
        let mut pixels = false;
        let mut i = 8;
        while i + 8 <= bytes.len() {
            if is(i + 4, b"IDAT") {
                pixels = true;
                break;
            }
            // Transparency, or an animation (whose first frame the browser may not show).
            if is(i + 4, b"tRNS") || is(i + 4, b"acTL") {
                straight = false;
            }
            i += 12 + be32(i).unwrap_or(0) as usize;
        }
        let decoder = if straight && pixels {
            DecodedBy::Browser
        } else {
            DecodedBy::Rust
        };
        return FileKind::of(decoder, "PNG", colour == 0);
    }
    if is(0, b"RIFF") && is(8, b"WEBP") {
        // VP8: lossy, opaque. VP8L: bit 28 of its header says whether alpha is used.
        // VP8X: flags for alpha (0x10) and animation (0x02).
        let flag = |i: usize, bits: u8| at(i).is_some_and(|b| b & bits != 0);
        let opaque = is(12, b"VP8 ")
            || (is(12, b"VP8L") && !flag(24, 0x10))
            || (is(12, b"VP8X") && !flag(20, 0x12));
        let decoder = if opaque {
            DecodedBy::Browser
        } else {
            DecodedBy::Rust
        };
        return FileKind::of(decoder, "WebP", false);
    }
    let rust: [(&str, bool); 6] = [
        ("GIF", is(0, b"GIF")),
        ("BMP", is(0, b"BM")),
        ("TIFF", is(0, b"II*\0") || is(0, b"MM\0*")),
        ("ICO", be32(0) == Some(0x0000_0100)),
        ("Radiance HDR", is(0, b"#?")),
        ("OpenEXR", be32(0) == Some(0x762F_3101)),
    ];
    match rust.iter().find(|(_, found)| *found) {
        Some((format, _)) => FileKind::of(DecodedBy::Rust, format, false),
        None => FileKind {
            decoder: DecodedBy::BrowserOnly,
            format: None,
            notes: Vec::new(),
            planes: false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A JPEG's start: SOI, then a frame header `sof` of `components` components,
    /// the first sampled `y`, each at `bits` bits.
    fn jpeg(sof: u8, bits: u8, components: u8, y: u8, more: &[u8]) -> Vec<u8> {
        let mut b = vec![0xFF, 0xD8];
        b.extend_from_slice(more);
        let length = 8 + 3 * components as u16;
        b.extend_from_slice(&[0xFF, sof]);
        b.extend_from_slice(&length.to_be_bytes());
        b.extend_from_slice(&[bits, 0, 16, 0, 16, components]);
        for c in 0..components {
            b.extend_from_slice(&[c + 1, if c == 0 { y } else { 0x11 }, 0]);
        }
        b.extend_from_slice(&[0xFF, 0xDA, 0, 2]);
        b
    }

    #[test]
    fn a_jpeg_s_planes_are_taken_only_as_stored_in_y_cb_cr() {
        for (sof, y) in [(0xC0, 0x22), (0xC1, 0x21), (0xC2, 0x11)] {
            let k = kind(&jpeg(sof, 8, 3, y, &[]));
            assert_eq!(
                (k.decoder, k.format, k.planes),
                (DecodedBy::Browser, Some("JPEG"), true)
            );
        }
        // 4:4:0, 12 bits, arithmetic coding (SOF9), Adobe's RGB: no planes.
        assert!(!kind(&jpeg(0xC0, 8, 3, 0x12, &[])).planes);
        assert!(!kind(&jpeg(0xC0, 12, 3, 0x22, &[])).planes);
        assert!(!kind(&jpeg(0xC9, 8, 3, 0x22, &[])).planes);
        let adobe = [
            0xFF, 0xEE, 0, 14, b'A', b'd', b'o', b'b', b'e', 0, 100, 0, 0, 0, 0, 0,
        ];
        assert!(!kind(&jpeg(0xC0, 8, 3, 0x22, &adobe)).planes);
        let grey = kind(&jpeg(0xC0, 8, 1, 0x11, &[]));
        assert_eq!(
            (grey.decoder, grey.notes.len(), grey.planes),
            (DecodedBy::Browser, 1, false)
        );
        assert_eq!(kind(&jpeg(0xC2, 8, 4, 0x11, &[])).decoder, DecodedBy::Rust);
    }

    fn png(depth: u8, colour: u8, chunks: &[&[u8; 4]]) -> Vec<u8> {
        let mut b = b"\x89PNG\r\n\x1a\n".to_vec();
        b.extend_from_slice(&[0, 0, 0, 13]);
        b.extend_from_slice(b"IHDR");
        b.extend_from_slice(&[0, 0, 0, 1, 0, 0, 0, 1, depth, colour, 0, 0, 0, 0, 0, 0, 0]);
        for name in chunks {
            b.extend_from_slice(&[0, 0, 0, 0]);
            b.extend_from_slice(*name);
            b.extend_from_slice(&[0; 4]);
        }
        b
    }

    #[test]
    fn a_png_goes_to_the_browser_only_opaque_and_8_bit() {
        assert_eq!(kind(&png(8, 2, &[b"IDAT"])).decoder, DecodedBy::Browser);
        assert_eq!(
            kind(&png(8, 0, &[b"IDAT"])).notes,
            vec![Words::new("note-grey")]
        );
        assert_eq!(kind(&png(16, 2, &[b"IDAT"])).decoder, DecodedBy::Rust);
        assert_eq!(kind(&png(8, 6, &[b"IDAT"])).decoder, DecodedBy::Rust);
        assert_eq!(
            kind(&png(8, 3, &[b"tRNS", b"IDAT"])).decoder,
            DecodedBy::Rust
        );
        assert_eq!(
            kind(&png(8, 2, &[b"acTL", b"IDAT"])).decoder,
            DecodedBy::Rust
        );
        // The header alone: its pixels' chunk not seen.
        assert_eq!(kind(&png(8, 2, &[])).decoder, DecodedBy::Rust);
    }

    #[test]
    fn other_formats_by_their_first_bytes() {
        let webp = |chunk: &[u8], flags: u8| {
            let mut b = b"RIFF\0\0\0\0WEBP".to_vec();
            b.extend_from_slice(chunk);
            b.extend_from_slice(&[0; 12]);
            b[20] = flags;
            b[24] = flags;
            b
        };
        assert_eq!(kind(&webp(b"VP8 ", 0xFF)).decoder, DecodedBy::Browser);
        assert_eq!(kind(&webp(b"VP8L", 0)).decoder, DecodedBy::Browser);
        assert_eq!(kind(&webp(b"VP8L", 0x10)).decoder, DecodedBy::Rust);
        assert_eq!(kind(&webp(b"VP8X", 0x02)).decoder, DecodedBy::Rust);
        for (head, format) in [
            (&b"GIF89a"[..], "GIF"),
            (b"BM\0\0", "BMP"),
            (b"MM\0*", "TIFF"),
            (&[0, 0, 1, 0], "ICO"),
            (b"#?RADIANCE", "Radiance HDR"),
            (&[0x76, 0x2F, 0x31, 0x01], "OpenEXR"),
        ] {
            assert_eq!(kind(head), FileKind::of(DecodedBy::Rust, format, false));
        }
        let unknown = kind(b"<svg");
        assert_eq!(
            (unknown.decoder, unknown.format),
            (DecodedBy::BrowserOnly, None)
        );
    }
}
