//! Image files in: counted band by band, or decoded whole.

use histogram::decode::{self, Decoder};
use histogram::deep::DeepImage;
use histogram::hdr::{HdrHistogram, HdrImage, HdrStats};
use histogram::{Histogram, Image, Region, Spec};
use std::io::{BufRead, BufReader, Cursor, Read, Seek};

/// Pixels of one band: 16 megapixels, 64 MiB of RGBA8 or 128 MiB of RGBA16 (a GPU
/// upload at a time). Where the CPU is the GPU (lavapipe), an upload's staging and
/// buffer are process memory too: a 16-bit band of 64 megapixels took a 522 KB
/// PNG to 1.6 GB resident (bench/hostile.py); this one stays within the 1 GB bound.
const BAND_PIXELS: u64 = 1 << 24;

/// Rows of an image file: 8 bits a sample, a 16-bit file's at its own depth, or a
/// floating-point file's samples (whole: their range comes from all of them).
pub enum Band {
    Eight(Image),
    Deep(DeepImage),
    Hdr(HdrImage),
}

/// A band's counts: levels in bins, or an HDR picture's (src/hdr.rs).
pub enum Counts {
    Levels(Histogram),
    Hdr(HdrHistogram),
}

/// An image file counted band by band.
pub struct Counted {
    pub width: u32,
    pub height: u32,
    /// Bits a sample as counted: 8, 16, or 32 (floating point).
    pub depth: u32,
    pub region: Option<Region>,
    pub counts: Counts,
    /// An HDR picture's statistics, from its samples (the counted part).
    pub hdr_stats: Option<[Option<HdrStats>; 4]>,
    pub notes: Vec<String>,
}

/// Counts `path` (or standard input for "-") band by band with `count`, all of it
/// or only `region`; at 8 bits a sample with `eight_bits`, else as stored.
pub fn count_file(
    path: &str,
    spec: Spec,
    region: Option<Region>,
    eight_bits: bool,
    count: impl FnMut(Band) -> Result<Counts, String>,
) -> Result<Counted, String> {
    if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        count_bands(Cursor::new(bytes), spec, region, eight_bits, count)
    } else {
        let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
        count_bands(BufReader::new(file), spec, region, eight_bits, count)
    }
}

fn count_bands(
    reader: impl BufRead + Seek,
    spec: Spec,
    region: Option<Region>,
    eight_bits: bool,
    mut count: impl FnMut(Band) -> Result<Counts, String>,
) -> Result<Counted, String> {
    let mut decoder = Decoder::new(reader, u64::MAX, memory_budget()).map_err(|e| e.to_string())?;
    let (width, height) = (decoder.width(), decoder.height());
    let pixels = width as u64 * height as u64;
    if pixels > u32::MAX as u64 {
        return Err(format!(
            "the image is {width}x{height}: {pixels} pixels, more than a 32-bit count holds \
             ({}); split it into parts",
            u32::MAX
        ));
    }
    if let Some(region) = region {
        region.within(width, height)?;
    }
    if decoder.is_float() && !eight_bits {
        let whole = decoder.float_image().expect("a float file's samples");
        let image = region.map_or_else(|| whole.clone(), |r| whole.crop(r));
        return Ok(Counted {
            width,
            height,
            depth: 32,
            region,
            hdr_stats: Some(HdrStats::of_image(&image)),
            counts: count(Band::Hdr(image))?,
            notes: decoder.notes_at_depth(),
        });
    }
    let mut histogram = Histogram::from_counts(spec, vec![0; spec.len()]);
    let depth = if eight_bits { 8 } else { decoder.depth() };
    let mut top = 0;
    loop {
        let band = if depth > 8 {
            decoder
                .next_deep_band(BAND_PIXELS)
                .map(|b| b.map(Band::Deep))
        } else {
            decoder.next_band(BAND_PIXELS).map(|b| b.map(Band::Eight))
        };
        let Some(band) = band.map_err(|e| e.to_string())? else {
            break;
        };
        // The rows of the region in this band, cut out of it (a copy of those rows).
        let rows = match &band {
            Band::Eight(b) => b.height(),
            Band::Deep(b) => b.height(),
            Band::Hdr(b) => b.height(),
        };
        let part = match region {
            None => Some(band),
            Some(region) => region.in_rows(top, rows).map(|r| match &band {
                Band::Eight(b) => Band::Eight(b.crop(r)),
                Band::Deep(b) => Band::Deep(b.crop(r)),
                Band::Hdr(b) => Band::Hdr(b.crop(r)),
            }),
        };
        top += rows;
        if let Some(part) = part {
            match count(part)? {
                Counts::Levels(h) => histogram.add(&h),
                Counts::Hdr(_) => unreachable!("8- and 16-bit bands count levels"),
            }
        }
    }
    Ok(Counted {
        width,
        height,
        depth,
        region,
        counts: Counts::Levels(histogram),
        hdr_stats: None,
        notes: decoder.notes(),
    })
}

/// What a whole decode may take: three quarters of the memory the system says is
/// available (Linux), else 4 GiB.
pub fn memory_budget() -> u64 {
    let available = std::fs::read_to_string("/proc/meminfo").ok().and_then(|m| {
        let line = m.lines().find(|l| l.starts_with("MemAvailable:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    });
    available.map_or(4 << 30, |bytes| bytes / 4 * 3)
}

/// Reads and decodes a whole image file (or standard input for "-") into RGBA8.
pub fn decode_whole(path: &str) -> Result<Image, String> {
    let bytes = if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        bytes
    } else {
        std::fs::read(path).map_err(|e| e.to_string())?
    };
    decode::decode(&bytes, histogram::image::MAX_PIXELS, memory_budget())
        .map(|d| d.image)
        .map_err(|e| e.to_string())
}
