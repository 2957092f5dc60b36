//! JPEG files, natively: decoded by libjpeg-turbo (`turbo`), CMYK by the `image`
//! crate; a damaged file refused in libjpeg-turbo's words. (In the page the
//! browser decodes JPEG.)

use super::*;

impl<R: BufRead + Seek> Decoder<R> {
    /// A JPEG decoded by libjpeg-turbo (src/decode/turbo.rs): the values Pillow, OpenCV
    /// and the browsers read, bin for bin. CMYK files, which it gives only as
    /// CMYK, go to the `image` crate's decoder. A file libjpeg-turbo finds damaged
    /// (cut short, bad entropy data: it fills in what is missing) is refused in its
    /// words; stray bytes between segments, which lose no pixel, earn a note.
    pub(super) fn jpeg(mut reader: R, limits: Claims) -> Result<Decoder<R>, DecodeError> {
        let Claims {
            max_pixels, budget, ..
        } = limits;
        use super::turbo::Jpeg;
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).map_err(corrupt)?;
        let mut jpeg = Jpeg::new().ok_or_else(|| damaged("damage-libjpeg-not-started"))?;
        let mut notes = Vec::new();
        let header = accept_jpeg(jpeg.header(&bytes), &mut notes)?;
        if header.channels.is_none() {
            reader.seek(SeekFrom::Start(0)).map_err(corrupt)?;
            return Decoder::whole(reader, image::ImageFormat::Jpeg, limits);
        }
        let channels = Jpeg::samples(&header);
        let (width, height) = (header.width, header.height);
        check_size(width, height, max_pixels)?;
        limits.holds(
            "JPEG",
            width,
            height,
            width as u64 * height as u64,
            JPEG_PIXELS_A_BYTE,
        )?;
        let size = width as u64 * height as u64 * channels as u64;
        if size > budget {
            return Err(DecodeError::NeedsMemory {
                width,
                height,
                format: "JPEG",
                bytes: size,
                budget,
            });
        }
        let mut pixels = Vec::new();
        pixels
            .try_reserve_exact(size as usize)
            .map_err(|_| DecodeError::OutOfMemory { bytes: size })?;
        accept_jpeg(jpeg.decode(&bytes, &header, &mut pixels), &mut notes)?;
        notes.extend(crate::profile::jpeg_icc(&bytes).map(|icc| Profile::from_icc(icc).note()));
        let layout = Layout::new(channels, None);
        let rows = Rows::Whole {
            bytes: pixels,
            at: 0,
        };
        Ok(Decoder::with(width, height, "JPEG", layout, rows, notes))
    }
}

/// What libjpeg-turbo decoded, or why the file is refused: every warning but one
/// means pixels it filled in itself; stray bytes between segments lose none and
/// are noted. Stray bytes before a restart marker are not between segments: an
/// interval's codes ended before its data did, a damaged scan (and TurboJPEG
/// tells the first warning only: a fuzzed scan with one byte before a restart
/// marker had 106 before another, docs/DECISIONS.md 64).
fn accept_jpeg<T>(
    outcome: super::turbo::Outcome<T>,
    notes: &mut Vec<Words>,
) -> Result<T, DecodeError> {
    use super::turbo::Outcome;
    let restart = |why: &str| (0xd0..=0xd7).any(|m| why.ends_with(&format!("marker 0x{m:02x}")));
    match outcome {
        Outcome::Done(v) => Ok(v),
        Outcome::Warned(v, why)
            if why.contains("extraneous bytes before marker") && !restart(&why) =>
        {
            let note = Words::new("note-jpeg-warned").text("why", why);
            if !notes.contains(&note) {
                notes.push(note);
            }
            Ok(v)
        }
        Outcome::Warned(_, why) | Outcome::Failed(why) => Err(corrupt(why)),
    }
}

/// The JPEG in `bytes` as the GPU finishes it (src/gpu/jpeg_finish.rs): its frame
/// and quantization tables, and its three components' coefficients, entropy-decoded
/// by libjpeg-turbo; or why the GPU does not take it (a file libjpeg-turbo finds
/// damaged among them: the CPU path refuses or notes it in its own words).
///
/// What the header claims is held to what the CPU's decoder holds it to (no more
/// pixels than `MAX_PIXELS` or than the file's bytes can hold), and the
/// coefficients, which libjpeg-turbo holds and this copies, to `budget` bytes:
/// a file past them is left to the CPU's decoder, which refuses it in its words.
pub fn jpeg_coefficients(
    bytes: &[u8],
    budget: u64,
) -> Result<
    (
        crate::jpeg_coefficients::Frame,
        Vec<super::turbo::BlockPlane>,
    ),
    String,
> {
    let frame = crate::jpeg_coefficients::frame(bytes)?;
    super::jpeg_scan::holds(&frame, bytes, budget)?;
    let mut jpeg = super::turbo::Jpeg::transformer().ok_or("libjpeg-turbo did not start")?;
    let planes = match jpeg.coefficients(bytes) {
        super::turbo::Outcome::Done(planes) => planes,
        super::turbo::Outcome::Warned(_, why) | super::turbo::Outcome::Failed(why) => {
            return Err(why)
        }
    };
    // Each component as libjpeg sizes it: its share of the picture, in whole blocks.
    let s = frame.subsampling;
    for (c, p) in planes.iter().enumerate() {
        let (across, down) = if c == 0 { (1, 1) } else { (s.across, s.down) };
        let wide = frame.width.div_ceil(across).div_ceil(8);
        let high = frame.height.div_ceil(down).div_ceil(8);
        let count = wide as usize * high as usize * 64;
        if [p.width_in_blocks, p.height_in_blocks] != [wide, high] || p.coefficients.len() != count
        {
            return Err(format!("component {c}'s blocks are not the frame's"));
        }
    }
    if planes.len() != 3 {
        return Err(format!("{} components", planes.len()));
    }
    Ok((frame, planes))
}
