//! Image files to RGBA8 pixels: the one decoder behind the site and the command-line
//! tool, so that both count the same values, the values stored in the file:
//!
//! - alpha is not applied: a translucent pixel counts with its straight colour;
//! - 16-bit samples become the nearest 8-bit value, `round(v * 255 / 65535)`, the
//!   `image` crate's rule;
//! - palettes (with their transparency) and grey are expanded: grey is R = G = B;
//! - colour profiles (ICC, gAMA) are not applied: the stored values are counted;
//! - EXIF orientation is ignored: turning an image does not change its histogram;
//! - of an animation (APNG, GIF, WebP), the first frame is counted;
//! - JPEG as libjpeg-turbo decodes it (natively; the site asks the browser, whose
//!   decoder it is too): what Pillow, OpenCV, Chromium and Firefox count.
//!
//! Files are read in bands of whole rows, so an image larger than memory can still be
//! counted: PNG rows are decoded as they are needed; other formats are decoded whole
//! (within a memory budget the caller gives) and handed out band by band.

use crate::deep::DeepImage;
use crate::hdr::HdrImage;
use crate::image::{Image, MAX_PIXELS};
use crate::profile::Profile;
use crate::words::Words;
use std::io::{BufRead, Cursor, Read, Seek, SeekFrom};

mod claims;
mod error;
mod icos;
mod jpeg_scan;
#[cfg(not(target_arch = "wasm32"))]
mod jpegs;
mod kind;
mod pngs;
mod problem;
mod samples;
mod tiffs;
#[cfg(not(target_arch = "wasm32"))]
pub mod turbo;

use claims::*;
pub use error::DecodeError;
pub use jpeg_scan::{jpeg_scan, jpeg_turn};
#[cfg(not(target_arch = "wasm32"))]
pub use jpegs::jpeg_coefficients;
pub use kind::{kind, DecodedBy, FileKind};
pub use problem::problem;
pub use samples::to_8_bits;
use samples::{floats, to_rgba, to_rgba16};

/// Said of a greyscale picture, whoever decodes it.
/// Most bytes a format decoded whole may take at its peak in the page's decoder
/// worker (this module counts the decode and the copies made of it): 2 GiB, half
/// of what a wasm32 heap can address, so the file's own bytes and the allocator's
/// slack still fit. That is any 8-bit or 16-bit picture of the largest size, or
/// an HDR one of about 29 megapixels (72 bytes a pixel at the peak). Past it the
/// page says why (NeedsMemory) and keeps what it had.
pub const WEB_DECODE_BUDGET: u64 = 2 << 30;

use error::{corrupt, damaged, image_error, png_error};

/// The formats read here (the browser can decode others, such as AVIF; the site
/// then asks the browser).
pub const FORMATS: &str = "PNG, JPEG, GIF, WebP, BMP, TIFF, ICO, Radiance HDR or OpenEXR";

/// How the samples of a row are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Layout {
    /// 1 grey, 2 grey + alpha, 3 RGB, 4 RGBA.
    channels: usize,
    /// 16-bit samples, big-endian (PNG) or in the machine's order (`image` buffers).
    sixteen: Option<Endian>,
    /// Bits a sample holds: 16 or 8, or 1, 2 or 4 (a TIFF's, a byte each here).
    bits: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Endian {
    Big,
    Native,
}

impl Layout {
    fn new(channels: usize, sixteen: Option<Endian>) -> Layout {
        let bits = if sixteen.is_some() { 16 } else { 8 };
        Layout {
            channels,
            sixteen,
            bits,
        }
    }

    fn bytes_per_pixel(self) -> usize {
        self.channels * if self.sixteen.is_some() { 2 } else { 1 }
    }
}

/// Where the rows come from.
enum Rows<R: BufRead + Seek> {
    /// A non-interlaced PNG, decoded row by row.
    Png(Box<png::Reader<R>>),
    /// A whole decoded image, handed out row by row.
    Whole { bytes: Vec<u8>, at: usize },
}

/// An image file being read, band by band.
pub struct Decoder<R: BufRead + Seek> {
    width: u32,
    height: u32,
    format: &'static str,
    layout: Layout,
    rows: Rows<R>,
    /// Rows handed out so far.
    done: u32,
    notes: Vec<Words>,
    translucent: bool,
    /// Whether bands were read at the stored depth (`next_deep_band`).
    deep: bool,
    /// A floating-point file's samples, until `float_image` takes them.
    float: Option<HdrImage>,
    scratch: Vec<u8>,
}

/// A whole image and what was counted of it.
pub struct Decoded {
    /// RGBA8: 16-bit samples as their nearest 8-bit value.
    pub image: Image,
    /// A 16-bit file's samples as stored.
    pub deep: Option<DeepImage>,
    pub format: &'static str,
    /// What a reader of `image`'s histogram should know, as sentences.
    pub notes: Vec<Words>,
    /// A floating-point file's samples as stored (linear, HDR).
    pub hdr: Option<HdrImage>,
    /// The same for `deep`'s or `hdr`'s.
    pub deep_notes: Vec<Words>,
}

/// Decodes a whole file held in memory, of at most `max_pixels` pixels, refusing
/// a format decoded whole that would take more than `budget` bytes to decode.
pub fn decode(bytes: &[u8], max_pixels: u64, budget: u64) -> Result<Decoded, DecodeError> {
    decode_owned(bytes.to_vec(), max_pixels, budget)
}

/// The same, given the file's bytes to keep: no copy of them is made. (Every
/// decode of bytes in memory reads them through this one `Decoder` type, the
/// page's worker's included: each reader type is another copy of the decoders
/// in the page's wasm.)
pub fn decode_owned(bytes: Vec<u8>, max_pixels: u64, budget: u64) -> Result<Decoded, DecodeError> {
    let max_pixels = max_pixels.min(MAX_PIXELS);
    Decoder::new(Cursor::new(bytes), max_pixels, budget)?.into_decoded(max_pixels)
}

impl<R: BufRead + Seek> Decoder<R> {
    /// Reads the header and, for formats that are not read row by row, the whole
    /// image. Refuses images of more than `max_pixels`, and whole decodes that would
    /// take more than `budget` bytes.
    pub fn new(mut reader: R, max_pixels: u64, budget: u64) -> Result<Decoder<R>, DecodeError> {
        let mut head = [0u8; 32];
        let n = read_up_to(&mut reader, &mut head).map_err(corrupt)?;
        let length = reader.seek(SeekFrom::End(0)).map_err(corrupt)?;
        reader.seek(SeekFrom::Start(0)).map_err(corrupt)?;
        let format = image::guess_format(&head[..n]).map_err(|_| DecodeError::Unsupported)?;
        let limits = Claims {
            max_pixels,
            budget,
            length,
        };
        match format {
            image::ImageFormat::Png => Decoder::png(reader, limits),
            #[cfg(not(target_arch = "wasm32"))]
            image::ImageFormat::Jpeg => Decoder::jpeg(reader, limits),
            #[cfg(target_arch = "wasm32")]
            image::ImageFormat::Jpeg => Decoder::whole(reader, format, limits),
            image::ImageFormat::Gif
            | image::ImageFormat::WebP
            | image::ImageFormat::Bmp
            | image::ImageFormat::Hdr
            | image::ImageFormat::OpenExr => Decoder::whole(reader, format, limits),
            image::ImageFormat::Ico => Decoder::ico(reader, limits),
            image::ImageFormat::Tiff => Decoder::tiff(reader, limits),
            _ => Err(DecodeError::Unsupported),
        }
    }

    fn whole(
        mut reader: impl BufRead + Seek,
        format: image::ImageFormat,
        claims: Claims,
    ) -> Result<Decoder<R>, DecodeError> {
        let Claims {
            max_pixels, budget, ..
        } = claims;
        let name = match format {
            image::ImageFormat::Jpeg => "JPEG",
            image::ImageFormat::Gif => "GIF",
            image::ImageFormat::WebP => "WebP",
            image::ImageFormat::Bmp => "BMP",
            image::ImageFormat::Tiff => "TIFF",
            image::ImageFormat::Hdr => "Radiance HDR",
            image::ImageFormat::OpenExr => "OpenEXR",
            _ => "ICO",
        };
        let mut notes = Vec::new();
        if let Some(note) = animation_note(&mut reader, format)? {
            notes.push(note);
        }
        let mut file = image::ImageReader::with_format(reader, format);
        let mut limits = image::Limits::no_limits();
        limits.max_alloc = Some(budget);
        file.limits(limits);
        let mut decoder = file.into_decoder().map_err(|e| image_error(name, e))?;
        let (width, height) = image::ImageDecoder::dimensions(&decoder);
        if format == image::ImageFormat::WebP && (width == 0 || height == 0) {
            // image-webp keeps 14 bits of a side, so the format's largest, 16384,
            // comes back as 0: the reason is the side, not damage.
            return Err(DecodeError::UnsupportedKind {
                format: name,
                why: Words::new("kind-webp-side"),
            });
        }
        let pixels = width as u64 * height as u64;
        claims.holds(name, width, height, pixels, pixels_a_byte(format))?;
        check_size(width, height, max_pixels)?;
        // The decode's peak: its own buffer, and what this decoder makes of it.
        let decoded = image::ImageDecoder::total_bytes(&decoder);
        use image::ColorType as C;
        let copies = match image::ImageDecoder::color_type(&decoder) {
            C::Rgb32F | C::Rgba32F => FLOAT_COPIES,
            C::L16 | C::La16 | C::Rgb16 | C::Rgba16 => DEEP_COPIES,
            _ => EIGHT_BIT_COPIES,
        };
        let bytes = decoded + pixels * copies;
        if bytes > budget {
            return Err(DecodeError::NeedsMemory {
                width,
                height,
                format: name,
                bytes,
                budget,
            });
        }
        if let Ok(Some(icc)) = image::ImageDecoder::icc_profile(&mut decoder) {
            notes.push(Profile::from_icc(icc).note());
        }
        let decoded =
            image::DynamicImage::from_decoder(decoder).map_err(|e| image_error(name, e))?;
        // Floating-point samples (HDR, OpenEXR, some TIFFs) kept as they are, for
        // `float_image`; the rows below are their 8-bit conversion.
        let float = matches!(
            decoded.color(),
            image::ColorType::Rgb32F | image::ColorType::Rgba32F
        )
        .then(|| HdrImage::new(width, height, decoded.to_rgba32f().into_raw()))
        .transpose()
        .map_err(corrupt)?;
        let (channels, sixteen) = match decoded.color() {
            image::ColorType::L8 => (1, false),
            image::ColorType::La8 => (2, false),
            image::ColorType::Rgb8 => (3, false),
            image::ColorType::Rgba8 => (4, false),
            image::ColorType::L16 => (1, true),
            image::ColorType::La16 => (2, true),
            image::ColorType::Rgb16 => (3, true),
            image::ColorType::Rgba16 => (4, true),
            // Float samples (some TIFFs): the `image` crate's own conversion.
            _ => (4, false),
        };
        let bytes = if channels == 4 && !sixteen {
            decoded.into_rgba8().into_raw()
        } else {
            decoded.into_bytes()
        };
        let layout = Layout::new(channels, sixteen.then_some(Endian::Native));
        let rows = Rows::Whole { bytes, at: 0 };
        let mut decoder = Decoder::with(width, height, name, layout, rows, notes);
        decoder.float = float;
        Ok(decoder)
    }

    fn with(
        width: u32,
        height: u32,
        format: &'static str,
        layout: Layout,
        rows: Rows<R>,
        mut notes: Vec<Words>,
    ) -> Decoder<R> {
        if layout.channels <= 2 {
            notes.push(Words::new("note-grey"));
        }
        Decoder {
            width,
            height,
            format,
            layout,
            rows,
            done: 0,
            notes,
            translucent: false,
            deep: false,
            float: None,
            scratch: Vec::new(),
        }
    }

    /// The whole image (`decode`'s answer), read in one band of at most
    /// `max_pixels`.
    pub fn into_decoded(mut self, max_pixels: u64) -> Result<Decoded, DecodeError> {
        let (image, deep) = if self.depth() > 8 {
            let deep = self
                .next_deep_band(max_pixels)?
                .ok_or_else(|| damaged("damage-no-rows"))?;
            (deep.to_8_bits(), Some(deep))
        } else {
            let image = self.next_band(max_pixels)?;
            (image.ok_or_else(|| damaged("damage-no-rows"))?, None)
        };
        let notes = self.notes_as(false);
        let deep_notes = if deep.is_some() || self.is_float() {
            self.notes_as(true)
        } else {
            Vec::new()
        };
        Ok(Decoded {
            image,
            format: self.format,
            notes,
            deep_notes,
            deep,
            hdr: self.float_image(),
        })
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// "PNG", "JPEG", ...
    pub fn format(&self) -> &'static str {
        self.format
    }

    /// What a reader of the histogram should know about the values counted; complete
    /// once every band has been read.
    pub fn notes(&self) -> Vec<Words> {
        self.notes_as(self.deep)
    }

    /// The notes for samples counted as stored (16 bits, or floats).
    pub fn notes_at_depth(&self) -> Vec<Words> {
        self.notes_as(true)
    }

    /// The notes for counting 16-bit samples as stored (`deep`) or at 8 bits.
    pub fn notes_as(&self, deep: bool) -> Vec<Words> {
        let mut notes = self.notes.clone();
        if self.float.is_some() && !deep {
            notes.push(Words::new("note-float-eight"));
        }
        if self.layout.sixteen.is_some() {
            notes.push(Words::new(if deep {
                "note-sixteen-deep"
            } else {
                "note-sixteen-eight"
            }));
        }
        let bits = self.layout.bits;
        if bits < 8 {
            let (levels, step) = (1u32 << bits, 255 / ((1u32 << bits) - 1));
            notes.push(
                Words::new("note-few-bits")
                    .count("bits", bits)
                    .count("levels", levels)
                    .count("step", step),
            );
        }
        if self.translucent {
            notes.push(Words::new("note-translucent"));
        }
        notes
    }

    /// Whether the file holds floating-point (linear, HDR) samples.
    pub fn is_float(&self) -> bool {
        self.float.is_some()
    }

    /// A floating-point file's samples, whole (once).
    pub fn float_image(&mut self) -> Option<HdrImage> {
        self.float.take()
    }

    /// The bits a sample of the file holds: 16 for 16-bit PNG and TIFF, 1, 2 or 4
    /// for some TIFFs, else 8.
    pub fn depth(&self) -> u32 {
        self.layout.bits
    }

    /// The next rows, top to bottom, as many as fit in `max_pixels` (at least one),
    /// as RGBA8 (16-bit samples rounded to 8 bits); `None` after the last.
    pub fn next_band(&mut self, max_pixels: u64) -> Result<Option<Image>, DecodeError> {
        // A whole decode already RGBA at 8 bits, handed out in one band: moved, not
        // copied (a JPEG's, decoded opaque, need not be looked at for alpha).
        let pixels = self.width as u64 * self.height as u64;
        let rgba8 = self.layout.channels == 4 && self.layout.sixteen.is_none();
        if let (0, true, true, Rows::Whole { bytes, at: 0 }) =
            (self.done, rgba8, pixels <= max_pixels, &mut self.rows)
        {
            let rgba = std::mem::take(bytes);
            if self.format != "JPEG" {
                self.translucent |= rgba.chunks_exact(4).any(|p| p[3] != 255);
            }
            self.done = self.height;
            return Image::from_rgba(self.width, self.height, rgba)
                .map(Some)
                .map_err(|e| corrupt(e.to_string()));
        }
        let mut rgba = Vec::new();
        let Some(rows) =
            self.next_rows(max_pixels, 4, &mut rgba, |row, layout, scratch, out| {
                to_rgba(row, layout, scratch, out)
            })?
        else {
            return Ok(None);
        };
        Image::from_rgba(self.width, rows, rgba)
            .map(Some)
            .map_err(|e| corrupt(e.to_string()))
    }

    /// The same at the file's own depth (`depth`): RGBA samples as stored.
    pub fn next_deep_band(&mut self, max_pixels: u64) -> Result<Option<DeepImage>, DecodeError> {
        self.deep = true;
        let mut rgba = Vec::new();
        let Some(rows) = self.next_rows(max_pixels, 4, &mut rgba, |row, layout, _, out| {
            to_rgba16(row, layout, out)
        })?
        else {
            return Ok(None);
        };
        DeepImage::new(self.width, rows, self.depth(), rgba)
            .map(Some)
            .map_err(corrupt)
    }

    /// Appends the next band's rows to `out` (`per_pixel` values a pixel) with
    /// `convert`, which says whether a pixel was translucent; the rows read.
    fn next_rows<T>(
        &mut self,
        max_pixels: u64,
        per_pixel: usize,
        out: &mut Vec<T>,
        convert: impl Fn(&[u8], Layout, &mut Vec<u8>, &mut Vec<T>) -> bool,
    ) -> Result<Option<u32>, DecodeError> {
        if self.done == self.height {
            return Ok(None);
        }
        let rows = (max_pixels / self.width as u64).clamp(1, (self.height - self.done) as u64);
        let rows = rows as u32;
        let row_bytes = self.width as usize * self.layout.bytes_per_pixel();
        let band = self.width as usize * rows as usize * per_pixel;
        out.try_reserve_exact(band)
            .map_err(|_| DecodeError::OutOfMemory {
                bytes: (band * std::mem::size_of::<T>()) as u64,
            })?;
        for _ in 0..rows {
            let row: &[u8] = match &mut self.rows {
                Rows::Png(reader) => reader
                    .next_row()
                    .map_err(png_error)?
                    .ok_or_else(|| damaged("damage-ends-early"))?
                    .data(),
                Rows::Whole { bytes, at } => {
                    *at += row_bytes;
                    &bytes[*at - row_bytes..*at]
                }
            };
            self.translucent |= convert(row, self.layout, &mut self.scratch, out);
        }
        self.done += rows;
        if self.done == self.height {
            // The rest of a PNG read through: its checksums are checked at the end of
            // each chunk, after the rows they cover.
            if let Rows::Png(reader) = &mut self.rows {
                reader.finish().map_err(png_error)?;
            }
            // What is left is not needed: give back the memory of a whole decode.
            self.rows = Rows::Whole {
                bytes: Vec::new(),
                at: 0,
            };
        }
        Ok(Some(rows))
    }
}

fn read_up_to(reader: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match reader.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

/// For GIF and WebP: whether the file is animated, as a note (the first frame is
/// what `image` decodes). Leaves the reader at the start.
fn animation_note(
    reader: &mut (impl BufRead + Seek),
    format: image::ImageFormat,
) -> Result<Option<Words>, DecodeError> {
    let note = match format {
        image::ImageFormat::Gif => {
            let mut options = gif::DecodeOptions::new();
            options.skip_frame_decoding(true);
            let mut gif = options.read_info(&mut *reader).map_err(corrupt)?;
            let mut frames = 0u32;
            while gif.read_next_frame().map_err(corrupt)?.is_some() {
                frames += 1;
            }
            (frames > 1).then(|| Words::new("note-animated-gif").count("frames", frames))
        }
        image::ImageFormat::WebP => {
            let webp = image_webp::WebPDecoder::new(&mut *reader).map_err(corrupt)?;
            webp.is_animated()
                .then(|| Words::new("note-animated-webp").count("frames", webp.num_frames()))
        }
        _ => None,
    };
    reader.seek(SeekFrom::Start(0)).map_err(corrupt)?;
    Ok(note)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixteen_bits_round_to_the_nearest_eight_bit_value() {
        for v in 0..=u16::MAX {
            let exact = (v as f64 * 255.0 / 65535.0).round() as u8;
            assert_eq!(to_8_bits(v), exact, "{v}");
        }
    }

    /// Formats without a bound of their own (OpenEXR, WebP) hold any number of
    /// pixels a byte: the claim check must let a large real one through.
    #[test]
    fn an_exr_file_past_64k_pixels_is_not_called_damaged() {
        let (width, height) = (300u32, 300u32);
        let samples = vec![0.5f32; (width * height * 4) as usize];
        let mut bytes = std::io::Cursor::new(Vec::new());
        use image::ImageEncoder as _;
        image::codecs::openexr::OpenExrEncoder::new(&mut bytes)
            .write_image(
                &samples
                    .iter()
                    .flat_map(|v| v.to_le_bytes())
                    .collect::<Vec<u8>>(),
                width,
                height,
                image::ExtendedColorType::Rgba32F,
            )
            .unwrap();
        let decoded = decode(bytes.get_ref(), u64::MAX, u64::MAX).unwrap();
        assert_eq!(
            (decoded.image.width(), decoded.image.height()),
            (width, height)
        );
    }
}
