//! TIFF files: the kinds the `image` crate reads go to it; grey of 1, 2 and 4
//! bits and floating-point samples to the `tiff` crate; any other kind is refused
//! with what it is (docs/DECISIONS.md 31).

use super::*;

impl<R: BufRead + Seek> Decoder<R> {
    /// A TIFF: the kinds the `image` crate reads (8 and 16 bits a sample, 32-bit
    /// float RGB) are read by it; the others by `tiff_kinds`.
    pub(super) fn tiff(mut reader: R, claims: Claims) -> Result<Decoder<R>, DecodeError> {
        // Fewer than 8 bits a sample: read here at their stored depth (the `image`
        // crate takes 1-bit grey, but as 8-bit, and no other such kind).
        use tiff::ColorType as T;
        let (kind, icc) = match tiff::decoder::Decoder::new(&mut reader) {
            Ok(mut file) => (
                file.colortype().ok(),
                file.get_tag_u8_vec(tiff::tags::Tag::IccProfile).ok(),
            ),
            Err(_) => (None, None),
        };
        reader.seek(SeekFrom::Start(0)).map_err(corrupt)?;
        let read = match kind {
            Some(T::Gray(b) | T::RGB(b) | T::RGBA(b) | T::Multiband { bit_depth: b, .. })
                if b < 8 =>
            {
                Decoder::tiff_kinds(reader, claims)
            }
            _ => match Decoder::whole(&mut reader, image::ImageFormat::Tiff, claims) {
                Err(DecodeError::UnsupportedKind { .. }) => {
                    reader.seek(SeekFrom::Start(0)).map_err(corrupt)?;
                    Decoder::tiff_kinds(reader, claims)
                }
                read => read,
            },
        };
        // The `image` crate does not give a TIFF's profile (0.25.10): read here.
        read.map(|mut decoder| {
            let note = icc.map(|icc| Profile::from_icc(icc).note());
            decoder
                .notes
                .extend(note.filter(|n| !decoder.notes.contains(n)));
            decoder
        })
    }

    /// The TIFFs the `image` crate does not read, by the `tiff` crate: grey of 1,
    /// 2 and 4 bits a sample (each as the 8-bit value it stands for: the same
    /// bins); floating-point samples of 16, 32 or 64 bits (HDR, grey too). Any
    /// other kind is refused with what it is.
    fn tiff_kinds(reader: R, claims: Claims) -> Result<Decoder<R>, DecodeError> {
        use tiff::decoder::DecodingResult as D;
        use tiff::ColorType as T;
        let refuse = |why: Words| DecodeError::UnsupportedKind {
            format: "TIFF",
            why,
        };
        let mut limits = tiff::decoder::Limits::default();
        limits.decoding_buffer_size = usize::try_from(claims.budget).unwrap_or(usize::MAX);
        let mut file = tiff::decoder::Decoder::new(reader)
            .map_err(tiff_error)?
            .with_limits(limits);
        let (width, height) = file.dimensions().map_err(tiff_error)?;
        let pixels = width as u64 * height as u64;
        claims.holds(
            "TIFF",
            width,
            height,
            pixels,
            pixels_a_byte(image::ImageFormat::Tiff),
        )?;
        check_size(width, height, claims.max_pixels)?;
        let (channels, bits) = match file.colortype().map_err(tiff_error)? {
            T::Gray(b) => (1, b),
            T::RGB(b) => (3, b),
            T::RGBA(b) => (4, b),
            T::Multiband {
                bit_depth,
                num_samples: 2,
            } => (2, bit_depth),
            T::Palette(_) => return Err(refuse(Words::new("kind-tiff-palette"))),
            T::CMYK(_) | T::CMYKA(_) => return Err(refuse(Words::new("kind-tiff-cmyk"))),
            T::YCbCr(_) => return Err(refuse(Words::new("kind-tiff-ycbcr"))),
            T::Lab(_) => return Err(refuse(Words::new("kind-tiff-lab"))),
            T::Multiband { num_samples, .. } => {
                return Err(refuse(
                    Words::new("kind-tiff-samples").count("samples", num_samples),
                ))
            }
            other => {
                return Err(refuse(
                    Words::new("kind-tiff-colours").text("colours", format_args!("{other:?}")),
                ))
            }
        };
        let float = matches!(
            file.find_tag_unsigned::<u16>(tiff::tags::Tag::SampleFormat),
            Ok(Some(3))
        );
        let signed = matches!(
            file.find_tag_unsigned::<u16>(tiff::tags::Tag::SampleFormat),
            Ok(Some(2))
        );
        if signed {
            return Err(refuse(Words::new("kind-tiff-signed").count("bits", bits)));
        }
        if bits < 8 && channels > 1 {
            return Err(refuse(
                Words::new("kind-tiff-few-bits")
                    .count("bits", bits)
                    .count("channels", channels as u64),
            ));
        }
        if !float && !matches!(bits, 1 | 2 | 4 | 8 | 16) {
            return Err(refuse(Words::new("kind-tiff-bits").count("bits", bits)));
        }
        // The decode's peak: its samples, and what this decoder makes of them.
        let stored = pixels * channels as u64 * (bits as u64).div_ceil(8);
        let copies = if float { FLOAT_COPIES } else { DEEP_COPIES };
        let needed = stored + pixels * copies;
        if needed > claims.budget {
            return Err(DecodeError::NeedsMemory {
                width,
                height,
                format: "TIFF",
                bytes: needed,
                budget: claims.budget,
            });
        }
        let samples = file.read_image().map_err(tiff_error)?;
        let (layout, rows, hdr) = match samples {
            D::U8(packed) if bits < 8 => {
                let unpacked = unpack_bits(&packed, width as usize * channels, bits)
                    .ok_or_else(|| damaged("damage-ends-early"))?;
                let mut layout = Layout::new(channels, None);
                layout.bits = bits as u32;
                (layout, unpacked, None)
            }
            D::U8(samples) => (Layout::new(channels, None), samples, None),
            D::U16(samples) => {
                let bytes = samples.iter().flat_map(|v| v.to_ne_bytes()).collect();
                (Layout::new(channels, Some(Endian::Native)), bytes, None)
            }
            D::F16(s) => (
                Layout::new(4, None),
                Vec::new(),
                Some(floats(s.iter().map(|v| v.to_f32()), channels)),
            ),
            D::F32(s) => (
                Layout::new(4, None),
                Vec::new(),
                Some(floats(s.iter().copied(), channels)),
            ),
            D::F64(s) => (
                Layout::new(4, None),
                Vec::new(),
                Some(floats(s.iter().map(|&v| v as f32), channels)),
            ),
            _ => {
                return Err(refuse(
                    Words::new("kind-tiff-bits-kind").count("bits", bits),
                ))
            }
        };
        let expected = pixels as usize * layout.bytes_per_pixel();
        let (rows, float) = match hdr {
            Some(rgba) => {
                // The 8-bit view of floating-point samples, as the `image` crate
                // makes it for the kinds it reads: clamped to 0..1, rounded.
                let eight = rgba
                    .iter()
                    .map(|&v| (v.clamp(0.0, 1.0) * 255.0).round() as u8)
                    .collect();
                let hdr = HdrImage::new(width, height, rgba).map_err(corrupt)?;
                (eight, Some(hdr))
            }
            None if rows.len() < expected => return Err(damaged("damage-ends-early")),
            None => (rows, None),
        };
        let mut decoder = Decoder::with(
            width,
            height,
            "TIFF",
            layout,
            Rows::Whole { bytes: rows, at: 0 },
            Vec::new(),
        );
        decoder.float = float;
        Ok(decoder)
    }
}

/// Samples of 1, 2 or 4 bits packed from the high bits of each byte, rows padded
/// to whole bytes (TIFF's order), one a byte; None if the rows run short.
fn unpack_bits(packed: &[u8], per_row: usize, bits: u8) -> Option<Vec<u8>> {
    let row_bytes = (per_row * bits as usize).div_ceil(8);
    let mask = (1u8 << bits) - 1;
    let mut out = Vec::with_capacity(packed.len() / row_bytes.max(1) * per_row);
    for row in packed.chunks(row_bytes) {
        if row.len() < row_bytes {
            return None;
        }
        out.extend((0..per_row).map(|i| {
            let bit = i * bits as usize;
            (row[bit / 8] >> (8 - bits as usize - bit % 8)) & mask
        }));
    }
    Some(out)
}

/// The `tiff` crate's error: a kind it does not read is not damage.
fn tiff_error(e: tiff::TiffError) -> DecodeError {
    match e {
        tiff::TiffError::UnsupportedError(why) => DecodeError::UnsupportedKind {
            format: "TIFF",
            why: super::error::said(&why.to_string()),
        },
        tiff::TiffError::LimitsExceeded => damaged("damage-more-memory"),
        e => corrupt(e),
    }
}
