//! A file's colour profile: found, named, and carried onto a table that shows
//! stored values as the browser shows the file.
//!
//! Counts never go through a profile: the stored values are counted (every
//! surface says so, naming the profile). A picture drawn by the GPU shows those
//! stored values; where the file has an RGB profile (an ICC profile, or PNG's
//! gAMA and cHRM), `Profile::table_png` is a small PNG of 65 levels each of R,
//! G and B carrying the same profile, which the page has the browser decode as
//! it decodes the file. The colours that come back are the display table the
//! picture pass samples (shaders/draw/picture.wgsl), so the screen shows what an
//! `<img>` of the file would, with no colour engine in the wasm.

use std::io::Cursor;

/// Levels a side of the display table: 0, 255/64, ... 255, trilinear between
/// (33 were up to 11 levels off the browser where colours leave sRGB; 65, 8 in
/// Chromium and 9 in Firefox, and 1 or less for 95% of a wide-gamut noise).
pub const TABLE_SIDE: u32 = 65;

/// The largest ICC profile read (camera profiles run to a megabyte or so).
const MOST_ICC_BYTES: usize = 16 << 20;

#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    /// What the profile calls itself ("Display P3"), or what PNG's chunks say.
    pub name: String,
    /// Whether a screen shows the stored values through it: an RGB profile or
    /// PNG's gamma; a grey or CMYK profile is not one a table of RGB can carry.
    pub shown: bool,
    /// The PNG chunks that carry it (type and data), as the table's PNG writes them.
    chunks: Vec<([u8; 4], Vec<u8>)>,
}

impl Profile {
    /// An ICC profile's bytes.
    pub fn from_icc(icc: Vec<u8>) -> Profile {
        let readable = icc_header(&icc);
        let name = match readable {
            None => "unreadable: a browser ignores it".into(),
            Some(_) => description(&icc).unwrap_or_else(|| "unnamed".into()),
        };
        let shown = readable == Some(*b"RGB ");
        // iCCP: a name, compression method 0, the profile in a zlib stream.
        let mut iccp = b"icc\0\0".to_vec();
        iccp.extend(zlib(&icc));
        Profile {
            name,
            shown,
            chunks: vec![(*b"iCCP", iccp)],
        }
    }

    /// A PNG's colour chunks (iCCP, sRGB, gAMA, cHRM), if it has any, as the
    /// png crate read them.
    pub fn from_png(info: &png::Info) -> Option<Profile> {
        let mut chunks = Vec::new();
        if let Some(intent) = info.srgb {
            chunks.push((*b"sRGB", vec![intent as u8]));
        }
        if let Some(gamma) = info.gama_chunk {
            chunks.push((*b"gAMA", gamma.into_scaled().to_be_bytes().to_vec()));
        }
        if let Some(c) = info.chrm_chunk {
            let points = [c.white, c.red, c.green, c.blue];
            let data = points
                .iter()
                .flat_map(|(x, y)| [x.into_scaled(), y.into_scaled()])
                .flat_map(u32::to_be_bytes)
                .collect();
            chunks.push((*b"cHRM", data));
        }
        Profile::from_png_chunks(info.icc_profile.as_ref().map(|p| p.to_vec()), chunks)
    }

    /// The profile of a PNG's ICC profile (from iCCP) and its other colour chunks.
    fn from_png_chunks(icc: Option<Vec<u8>>, chunks: Vec<([u8; 4], Vec<u8>)>) -> Option<Profile> {
        let chunk = |kind: &[u8; 4]| chunks.iter().find(|(k, _)| k == kind).map(|(_, d)| d);
        let mut profile = match icc {
            Some(icc) => Profile::from_icc(icc),
            None if chunk(b"sRGB").is_some() => Profile::named("sRGB (PNG sRGB chunk)"),
            None => {
                let gamma = u32::from_be_bytes(chunk(b"gAMA")?.as_slice().try_into().ok()?);
                Profile::named(&format!(
                    "a gamma of {:.5} (PNG gAMA chunk)",
                    f64::from(gamma) / 100_000.0
                ))
            }
        };
        // Each chunk as the file has it: the browser weighs them as it would there.
        profile.chunks.extend(chunks);
        Some(profile)
    }

    fn named(name: &str) -> Profile {
        Profile {
            name: name.into(),
            shown: true,
            chunks: Vec::new(),
        }
    }

    /// What every surface says of it.
    pub fn note(&self) -> crate::words::Words {
        crate::words::Words::new("note-profile").text("name", &self.name)
    }

    /// The display table as a PNG carrying this profile: `TABLE_SIDE` wide and
    /// `TABLE_SIDE`² high, red along a row, green down each block of rows, blue
    /// from block to block (a 3D texture's layout, x, then y, then z).
    pub fn table_png(&self) -> Vec<u8> {
        let side = TABLE_SIDE as usize;
        let level = |i: usize| ((i * 255 + (side - 1) / 2) / (side - 1)) as u8;
        let mut rgb = Vec::with_capacity(side * side * side * 3);
        for b in 0..side {
            for g in 0..side {
                for r in 0..side {
                    rgb.extend_from_slice(&[level(r), level(g), level(b)]);
                }
            }
        }
        // Written here, chunk by chunk: the png crate's encoder brings a second
        // deflate compressor (flate2's) into the wasm, 260 KB, for its iCCP.
        let mut header = Vec::with_capacity(13);
        header.extend(TABLE_SIDE.to_be_bytes());
        header.extend((TABLE_SIDE * TABLE_SIDE).to_be_bytes());
        header.extend([8, 2, 0, 0, 0]); // 8 bits, RGB, deflate, no filter, no interlace
        let rows: Vec<u8> = rgb
            .chunks(side * 3)
            .flat_map(|row| std::iter::once(0).chain(row.iter().copied()))
            .collect();
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        let chunks = std::iter::once((*b"IHDR", header))
            .chain(self.chunks.iter().cloned())
            .chain([(*b"IDAT", zlib(&rows)), (*b"IEND", Vec::new())]);
        for (kind, data) in chunks {
            out.extend((data.len() as u32).to_be_bytes());
            let start = out.len();
            out.extend(kind);
            out.extend(&data);
            out.extend(crc32fast::hash(&out[start..]).to_be_bytes());
        }
        out
    }
}

/// `data` in a zlib stream (fdeflate's compressor, the png crate's own).
fn zlib(data: &[u8]) -> Vec<u8> {
    let mut compressor = fdeflate::Compressor::new(Vec::new()).expect("writing to memory");
    compressor.write_data(data).expect("writing to memory");
    compressor.finish().expect("writing to memory")
}

/// Whether a file beginning with `head` (its first 12 bytes) is of a format
/// `find` reads a profile from: JPEG, PNG, WebP or TIFF.
pub fn may_carry(head: &[u8]) -> bool {
    head.starts_with(&[0xFF, 0xD8, 0xFF])
        || head.starts_with(b"\x89PNG\r\n\x1a\n")
        || (head.starts_with(b"RIFF") && head.get(8..12) == Some(b"WEBP"))
        || head.starts_with(b"II*\0")
        || head.starts_with(b"MM\0*")
}

/// The colour profile of a file (all of it, or its first bytes: a profile lies
/// before the pixels in JPEG, PNG and WebP), or None. JPEG, PNG and WebP are
/// walked here, chunk by chunk; TIFF's tag read by the decoder's own reader type
/// (each reader type is another copy of a decoder in the page's wasm).
pub fn find(bytes: Vec<u8>) -> Option<Profile> {
    if !may_carry(&bytes) {
        return None;
    }
    let u32_be = |at: usize| Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?));
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        return jpeg_icc(&bytes).map(Profile::from_icc);
    }
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        let (mut icc, mut chunks) = (None, Vec::new());
        let mut at = 8;
        // `at` stays within the file, so nothing past it overflows.
        while at < bytes.len() {
            let (Some(length), Some(kind)) = (u32_be(at), bytes.get(at + 4..at + 8)) else {
                break;
            };
            let end = (at + 8).saturating_add(length as usize);
            let data = bytes.get(at + 8..end).unwrap_or_default();
            match kind {
                b"IDAT" | b"IEND" => break,
                // A name, a NUL, compression method 0, the profile in a zlib stream.
                b"iCCP" => {
                    let stream = data
                        .iter()
                        .position(|&b| b == 0)
                        .and_then(|n| data.get(n + 2..));
                    let inflated = stream
                        .and_then(|z| fdeflate::decompress_to_vec_bounded(z, MOST_ICC_BYTES).ok());
                    icc = Some(inflated.unwrap_or_default());
                }
                b"sRGB" | b"gAMA" | b"cHRM" => chunks.push((kind.try_into().ok()?, data.to_vec())),
                _ => {}
            }
            at = end.saturating_add(4);
        }
        return Profile::from_png_chunks(icc, chunks);
    }
    if bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WEBP") {
        let mut at = 12;
        while at < bytes.len() {
            let kind = bytes.get(at..at + 4)?;
            let length = u32::from_le_bytes(bytes.get(at + 4..at + 8)?.try_into().ok()?) as usize;
            if kind == b"ICCP" {
                let icc = bytes
                    .get(at + 8..(at + 8).saturating_add(length))
                    .unwrap_or_default();
                return Some(Profile::from_icc(icc.to_vec()));
            }
            // Chunks are padded to an even length.
            at = (at + 8).saturating_add(length).saturating_add(length & 1);
        }
        return None;
    }
    if bytes.starts_with(b"II*\0") || bytes.starts_with(b"MM\0*") {
        let mut reader = Cursor::new(bytes);
        let mut file = tiff::decoder::Decoder::new(&mut reader).ok()?;
        let icc = file.get_tag_u8_vec(tiff::tags::Tag::IccProfile).ok()?;
        return (icc.len() <= MOST_ICC_BYTES).then(|| Profile::from_icc(icc));
    }
    None
}

/// A JPEG's ICC profile: the APP2 segments named ICC_PROFILE before the first
/// scan, put together in the order their sequence numbers give (what is there
/// of it where some are missing: no profile reads it). None if there are none.
pub fn jpeg_icc(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut parts: Vec<(u8, &[u8])> = Vec::new();
    let mut count = 0;
    let mut at = 2;
    while at + 4 <= bytes.len() && bytes[at] == 0xFF {
        let marker = bytes[at + 1];
        if marker == 0xDA {
            break;
        }
        let length = u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]) as usize;
        let body = bytes
            .get(at + 4..(at + 2 + length).min(bytes.len()))
            .unwrap_or_default();
        if marker == 0xE2 && body.len() >= 14 && body.starts_with(b"ICC_PROFILE\0") {
            count = body[13];
            parts.push((body[12], &body[14..]));
        }
        at += 2 + length;
    }
    if parts.is_empty() {
        return None;
    }
    parts.sort_by_key(|&(sequence, _)| sequence);
    let whole =
        parts.len() == usize::from(count) && parts.iter().zip(1..).all(|(&(s, _), i)| s == i);
    let icc: Vec<u8> = parts.iter().flat_map(|&(_, p)| p.iter().copied()).collect();
    Some(if whole && icc.len() <= MOST_ICC_BYTES {
        icc
    } else {
        Vec::new()
    })
}

/// An ICC profile's colour space ("RGB ", "GRAY", "CMYK"), if its header is
/// one: its size as given, the "acsp" signature, a tag table that fits.
fn icc_header(icc: &[u8]) -> Option<[u8; 4]> {
    let size = u32::from_be_bytes(icc.get(0..4)?.try_into().ok()?) as usize;
    let tags = u32::from_be_bytes(icc.get(128..132)?.try_into().ok()?) as usize;
    let fits = size == icc.len() && 132 + tags.checked_mul(12)? <= size;
    (fits && icc.get(36..40)? == b"acsp").then(|| icc[16..20].try_into().ok())?
}

/// An ICC profile's description tag ("desc") in one line: ICC v2's ASCII text
/// or v4's first (English where there is one) localized UTF-16 string. Read by
/// hand: a colour engine in the wasm only for this was 290 KB.
fn description(icc: &[u8]) -> Option<String> {
    let u32_at = |at: usize| -> Option<usize> {
        Some(u32::from_be_bytes(icc.get(at..at + 4)?.try_into().ok()?) as usize)
    };
    let tags = u32_at(128)?;
    let (offset, length) = (0..tags).find_map(|i| {
        let entry = 132 + i * 12;
        (icc.get(entry..entry + 4)? == b"desc")
            .then(|| Some((u32_at(entry + 4)?, u32_at(entry + 8)?)))?
    })?;
    let tag = icc.get(offset..offset.checked_add(length)?)?;
    let raw = match tag.get(0..4)? {
        b"desc" => {
            let count = u32::from_be_bytes(tag.get(8..12)?.try_into().ok()?) as usize;
            let text = tag.get(12..12usize.checked_add(count)?)?;
            String::from_utf8_lossy(text).into_owned()
        }
        b"mluc" => {
            let records = u32::from_be_bytes(tag.get(8..12)?.try_into().ok()?) as usize;
            let record = |i: usize| -> Option<(&[u8], usize, usize)> {
                let at = 16 + i * 12;
                let r = tag.get(at..at + 12)?;
                let n = u32::from_be_bytes(r[4..8].try_into().ok()?) as usize;
                let from = u32::from_be_bytes(r[8..12].try_into().ok()?) as usize;
                Some((&r[0..2], n, from))
            };
            let (_, n, from) = (0..records.min(1024))
                .filter_map(record)
                .find(|(language, ..)| *language == b"en")
                .or_else(|| record(0))?;
            let units: Vec<u16> = tag
                .get(from..from.checked_add(n)?)?
                .chunks_exact(2)
                .map(|b| u16::from_be_bytes([b[0], b[1]]))
                .collect();
            String::from_utf16_lossy(&units)
        }
        _ => return None,
    };
    let line: String = raw.chars().filter(|c| !c.is_control()).take(120).collect();
    let line = line.trim();
    (!line.is_empty()).then(|| line.to_string())
}
