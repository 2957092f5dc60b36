//! Why a file could not be read, in words for the person who gave it: the
//! decoders' errors turned into one line without Debug output or raw bytes.

use super::FORMATS;
use crate::image::amount;
use std::fmt;

/// Why a file could not be read, in words for the person who gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// Not a format read here (the site may still ask the browser).
    Unsupported,
    /// The file is damaged or not what its header says.
    Corrupt(String),
    /// A valid file of a kind the decoder does not read (a TIFF of 32-bit
    /// integers, say), in its words.
    UnsupportedKind { format: &'static str, why: String },
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

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::Unsupported => write!(f, "not an image file ({FORMATS} expected)"),
            DecodeError::Corrupt(why) => write!(f, "the file is damaged or not an image ({why})"),
            DecodeError::UnsupportedKind { format, why } => {
                write!(f, "this kind of {format} file is not read here ({why})")
            }
            DecodeError::TooLarge { width, height, max } => {
                let max = if max >> 20 > 0 {
                    format!("{} megapixels", max >> 20)
                } else {
                    format!("{max} pixels")
                };
                write!(
                    f,
                    "the image is {width}x{height} pixels: more than the {max} allowed here"
                )
            }
            DecodeError::ClaimsTooMuch {
                width,
                height,
                format,
                bytes,
            } => write!(
                f,
                "the file is damaged: its header says {width}x{height} pixels, more than {bytes} \
                 bytes of {format} can hold"
            ),
            DecodeError::OutOfMemory { bytes } => write!(
                f,
                "not enough memory for the next {} MiB of pixels",
                bytes >> 20
            ),
            DecodeError::NeedsMemory {
                width,
                height,
                format,
                bytes,
                budget,
            } => {
                write!(
                    f,
                    "the image is {width}x{height} pixels; {} {format} file is decoded whole, \
                     which needs {} of memory, and {} is available. ",
                    if format.starts_with('O') { "an" } else { "a" },
                    amount(*bytes),
                    amount(*budget)
                )?;
                // Floating-point samples would lose their range as PNG.
                if matches!(*format, "Radiance HDR" | "OpenEXR") {
                    write!(f, "Split it into parts")
                } else {
                    write!(
                        f,
                        "PNG is read in bands of rows: convert it to PNG (without \
                         interlacing), or split it into parts"
                    )
                }
            }
        }
    }
}

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
                why: why.replace("format features ", "").replace('`', ""),
            }
        }
        e => corrupt(e),
    }
}

/// A PNG decoder's error in plain words (`corrupt` does the rest).
pub(super) fn png_error(e: png::DecodingError) -> DecodeError {
    let words = match &e {
        png::DecodingError::IoError(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => {
            "the file ends early".to_string()
        }
        png::DecodingError::LimitsExceeded => "more memory than is allowed here".to_string(),
        e if e.to_string().contains("WrongChecksum") => {
            "its compressed pixel data is damaged: the checksum does not match".to_string()
        }
        e => e.to_string(),
    };
    corrupt(words)
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
    let why = match why {
        // The readers' words for a file that stops short.
        "failed to fill whole buffer" | "unexpected end of file" | "UnexpectedEof" => {
            "the file ends early".to_string()
        }
        // An offset table pointing past the file's end (or below its start): the
        // reader's seek says EINVAL on a file, the conversion fails in memory.
        why if why.contains("(os error 22)") || why.contains("integer conversion failed") => {
            "a table in the file points outside it".to_string()
        }
        why if why.contains("CRC error") => {
            let before = &why[..why.find("CRC error").unwrap_or(0)];
            format!("{before}a chunk's checksum (CRC) does not match its bytes")
        }
        why => match why.find("ChunkType") {
            Some(at) => format!("{}a chunk of an unknown or damaged type", &why[..at]),
            None => why.to_string(),
        },
    };
    DecodeError::Corrupt(why.chars().filter(|c| !c.is_control()).collect())
}
