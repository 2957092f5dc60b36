//! Why a file could not be read, in words for the person who gave it: the
//! decoders' errors turned into one message of the catalogues
//! (`locales/<lang>/core/errors.ftl`, src/words.rs) without Debug output or raw
//! bytes; a decoder library's own words are quoted as they are.

use super::FORMATS;
use crate::image::amount;
use crate::words::Words;
use std::fmt;

/// Why a file could not be read, in words for the person who gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// Not a format read here (the site may still ask the browser).
    Unsupported,
    /// The file is damaged or not what its header says: what is damaged.
    Corrupt(Words),
    /// A valid file of a kind the decoder does not read (a TIFF of 32-bit
    /// integers, say), in its words.
    UnsupportedKind { format: &'static str, why: Words },
    /// More pixels than the caller accepts.
    TooLarge { width: u32, height: u32, max: u64 },
    /// A header that claims more pixels than the file's bytes can hold, however
    /// they are compressed: refused before anything is allocated.
    ClaimsTooMuch {
        width: u32,
        height: u32,
        format: &'static str,
        bytes: u64,
    },
    /// The memory for the next band of rows could not be had.
    OutOfMemory { bytes: u64 },
    /// Decoding at once would take more memory than the caller allowed.
    NeedsMemory {
        width: u32,
        height: u32,
        format: &'static str,
        bytes: u64,
        budget: u64,
    },
}

impl DecodeError {
    /// The reason as a message: the pages word it in their language.
    pub fn words(&self) -> Words {
        let size = |width: &u32, height: &u32| format!("{width}x{height}");
        match self {
            DecodeError::Unsupported => Words::new("decode-unsupported").text("formats", FORMATS),
            DecodeError::Corrupt(why) => Words::new("decode-damaged").words("why", why.clone()),
            DecodeError::UnsupportedKind { format, why } => Words::new("decode-unsupported-kind")
                .text("format", format)
                .words("why", why.clone()),
            DecodeError::TooLarge { width, height, max } => {
                let words = Words::new(if max >> 20 > 0 {
                    "decode-too-large-megapixels"
                } else {
                    "decode-too-large-pixels"
                })
                .text("size", size(width, height));
                if max >> 20 > 0 {
                    words.count("megapixels", max >> 20)
                } else {
                    words.count("pixels", *max)
                }
            }
            DecodeError::ClaimsTooMuch {
                width,
                height,
                format,
                bytes,
            } => Words::new("decode-claims-too-much")
                .text("size", size(width, height))
                .count("bytes", *bytes)
                .text("format", format),
            DecodeError::OutOfMemory { bytes } => {
                Words::new("decode-out-of-memory").count("mib", bytes >> 20)
            }
            DecodeError::NeedsMemory {
                width,
                height,
                format,
                bytes,
                budget,
            } => {
                // Floating-point samples would lose their range as PNG.
                let float = matches!(*format, "Radiance HDR" | "OpenEXR");
                Words::new(if float {
                    "decode-needs-memory-float"
                } else {
                    "decode-needs-memory"
                })
                .text("size", size(width, height))
                .text("format", format)
                .text("needed", amount(*bytes))
                .text("available", amount(*budget))
            }
        }
    }
}

/// In English (the command line, Python).
#[cfg(not(target_arch = "wasm32"))]
impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.words().fmt(f)
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl std::error::Error for DecodeError {}

/// The `image` crate's error for a `format` file: a kind it does not read is not
/// damage.
pub(super) fn image_error(format: &'static str, e: image::ImageError) -> DecodeError {
    match e {
        image::ImageError::Unsupported(why) => {
            let why = why.to_string();
            // Its words name the decoder again; what follows is what matters.
            let why = why
                .split_once("does not support the ")
                .map_or(why.as_str(), |(_, rest)| rest)
                .trim_end_matches('.');
            DecodeError::UnsupportedKind {
                format,
                why: said(&why.replace("format features ", "").replace('`', "")),
            }
        }
        e => corrupt(e),
    }
}

/// A PNG decoder's error in plain words (`corrupt` does the rest).
pub(super) fn png_error(e: png::DecodingError) -> DecodeError {
    match &e {
        png::DecodingError::IoError(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => {
            damaged("damage-ends-early")
        }
        png::DecodingError::LimitsExceeded => damaged("damage-more-memory"),
        e if e.to_string().contains("WrongChecksum") => damaged("damage-png-checksum"),
        e => corrupt(e),
    }
}

/// Damage the core itself finds, in its words (a `damage-` message).
pub(super) fn damaged(id: &'static str) -> DecodeError {
    DecodeError::Corrupt(Words::new(id))
}

/// A decoder library's own words, quoted (`decoder-said`), without control
/// characters.
pub(super) fn said(why: &str) -> Words {
    Words::new("decoder-said").text("why", clean(why))
}

fn clean(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).collect()
}

/// A decoder's complaint in words a person can use: no raw chunk bytes as Rust's
/// Debug prints them (a PNG's, or one inside an ICO), no control characters.
pub(super) fn corrupt(e: impl fmt::Display) -> DecodeError {
    let why = e.to_string();
    // The `image` crate names the format again before its decoder's words.
    let why = match why.trim().strip_prefix("Format error decoding ") {
        Some(rest) => rest.split_once(": ").map_or(rest, |(_, words)| words),
        None => why.trim(),
    };
    DecodeError::Corrupt(match why {
        // The readers' words for a file that stops short.
        "failed to fill whole buffer" | "unexpected end of file" | "UnexpectedEof" => {
            Words::new("damage-ends-early")
        }
        // An offset table pointing past the file's end (or below its start): the
        // reader's seek says EINVAL on a file, the conversion fails in memory.
        why if why.contains("(os error 22)") || why.contains("integer conversion failed") => {
            Words::new("damage-table-outside")
        }
        why if why.contains("CRC error") => {
            let before = &why[..why.find("CRC error").unwrap_or(0)];
            Words::new("damage-chunk-crc").text("before", clean(before))
        }
        why => match why.find("ChunkType") {
            Some(at) => Words::new("damage-unknown-chunk").text("before", clean(&why[..at])),
            None => said(why),
        },
    })
}
