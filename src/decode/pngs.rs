//! PNG files, read row by row as they are needed: 8 and 16 bits, palettes with
//! their transparency, grey, and the colour profile named.

use super::*;

impl<R: BufRead + Seek> Decoder<R> {
    pub(super) fn png(reader: R, limits: Claims) -> Result<Decoder<R>, DecodeError> {
        let Claims {
            max_pixels, budget, ..
        } = limits;
        let mut png = png::Decoder::new_with_limits(
            reader,
            png::Limits {
                bytes: usize::try_from(budget).unwrap_or(usize::MAX),
            },
        );
        // Palettes and low bit depths expanded to 8 bits, transparency to alpha;
        // 16-bit samples kept, to be rounded here (png's STRIP_16 would truncate).
        png.set_transformations(png::Transformations::EXPAND);
        // Both checksums checked: a changed byte in the pixels' data is refused,
        // not counted (the zlib stream's Adler-32 is not checked by default).
        png.ignore_checksums(false);
        let info = png.read_header_info().map_err(png_error)?;
        let (width, height) = (info.width, info.height);
        check_size(width, height, max_pixels)?;
        // Deflate gives at most 1032 bytes for one: the rows' bytes (a filter byte
        // each) can be no more than that of the file's.
        let row_bits = width as u64 * info.bits_per_pixel() as u64;
        limits.holds(
            "PNG",
            width,
            height,
            (row_bits.div_ceil(8) + 1) * height as u64,
            1032,
        )?;
        let mut reader = png.read_info().map_err(png_error)?;
        let info = reader.info();
        let mut notes = Vec::new();
        if let Some(animation) = info.animation_control {
            notes.push(if info.frame_control.is_some() {
                Words::new("note-animated-png").count("frames", animation.num_frames)
            } else {
                Words::new("note-animated-png-still")
            });
        }
        notes.extend(Profile::from_png(info).map(|p| p.note()));
        let (colour, depth) = reader.output_color_type();
        let sixteen = (depth == png::BitDepth::Sixteen).then_some(Endian::Big);
        let layout = Layout::new(colour.samples(), sixteen);
        let rows = if info.interlaced {
            // Interlaced rows come in seven passes over the image: decode it whole.
            let size = reader
                .output_buffer_size()
                .ok_or_else(|| damaged("damage-too-large"))?;
            if size as u64 > budget {
                return Err(DecodeError::NeedsMemory {
                    width,
                    height,
                    format: "interlaced PNG",
                    bytes: size as u64,
                    budget,
                });
            }
            let mut bytes = vec![0; size];
            reader.next_frame(&mut bytes).map_err(png_error)?;
            reader.finish().map_err(png_error)?;
            Rows::Whole { bytes, at: 0 }
        } else {
            Rows::Png(Box::new(reader))
        };
        Ok(Decoder::with(width, height, "PNG", layout, rows, notes))
    }
}
