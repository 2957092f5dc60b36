//! Scopes: histograms in two dimensions, as video editors read them. Their
//! definitions, the CPU reference every GPU count is checked against, the drawing
//! at natural size (one pixel per bin: what `histogram scope` writes as PNG) and
//! the JSON of the counts.
//!
//! - **Waveform**: for every pixel column, the histogram of its values: R, G, B by
//!   the stored 8-bit value, luminance by the histograms' integer rule (256 bins).
//!   Drawn with x = column, y = value (0 at the bottom). A video frame's luminance
//!   can instead be its Y′ byte as decoded: video levels, 16 black and 235 white,
//!   the codes past them (sub-blacks, super-whites) in view.
//! - **Parade**: the R, G and B waveforms side by side (the same counts); with
//!   luminance, YRGB.
//! - **Vectorscope**: the histogram of chroma on an N x N grid. R', G', B' =
//!   stored / 255 (f32); Y' = 0.2126 R' + 0.7152 G' + 0.0722 B'; Cb = (B' - Y') /
//!   1.8556, Cr = (R' - Y') / 1.5748 (BT.709, full range); 8-bit codes cb =
//!   floor(128 + 255 Cb + 0.5), cr likewise, clamped to 0..=255; column =
//!   floor(cb N / 256), row = floor((255 - cr) N / 256): +Cr up, neutral grey on
//!   one cell.

use crate::histogram::{luminance, Channels, Spec};
use crate::image::{Image, Region};
use crate::json::{Entries, Rows};

mod labelled;
mod nits;
mod overlay;
mod plot;
mod reference_lines;
mod scope_lines;
pub use labelled::*;
pub use nits::*;
pub use overlay::*;
pub use plot::*;
pub use reference_lines::*;
pub use scope_lines::*;

/// Value levels of a waveform column, per channel.
pub const LEVELS: usize = 256;

/// Which scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Waveform,
    Parade,
    /// The grid has `size` cells a side; `size` divides 256.
    Vectorscope {
        size: u32,
    },
}

impl Scope {
    pub fn name(self) -> &'static str {
        match self {
            Scope::Waveform => "waveform",
            Scope::Parade => "parade",
            Scope::Vectorscope { .. } => "vectorscope",
        }
    }

    /// Checks a vectorscope's size, with the reason when it cannot be.
    pub fn check(self) -> Result<Scope, String> {
        match self {
            Scope::Vectorscope { size } if size == 0 || size > 256 || 256 % size != 0 => Err(
                format!("the vectorscope's size divides 256 (1, 2, 4, ... 256), not {size}"),
            ),
            _ => Ok(self),
        }
    }
}

/// A waveform's counts: `width` columns of 4 channels (R, G, B, luminance) of
/// `LEVELS` bins, `counts[(column * 4 + channel) * LEVELS + level]`; each column
/// counts `height` pixels. With `decoded_luma`, channel 3 counts each pixel's Y′
/// byte as the video's decoder made it, not luminance from R′G′B′.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waveform {
    pub width: u32,
    pub height: u32,
    pub counts: Vec<u32>,
    pub decoded_luma: bool,
}

impl Waveform {
    /// The bins of one column and channel (0 R, 1 G, 2 B, 3 luminance).
    pub fn column(&self, column: u32, channel: usize) -> &[u32] {
        let at = (column as usize * 4 + channel) * LEVELS;
        &self.counts[at..at + LEVELS]
    }
}

/// A vectorscope's counts: `size` rows (row 0 at the top: the most +Cr) of `size`
/// cells, `counts[row * size + column]`, over `pixels` pixels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vectorscope {
    pub size: u32,
    pub pixels: u64,
    pub counts: Vec<u32>,
}

/// The luminance level of a pixel (the histograms' rule with 256 bins).
pub fn luma_level(r: u8, g: u8, b: u8) -> usize {
    Spec::rgbl().bin(luminance(r, g, b)) as usize
}

/// The 8-bit chroma codes (cb, cr) of a pixel, as the definition computes them in f32.
pub fn chroma_codes(r: u8, g: u8, b: u8) -> (u32, u32) {
    let [r, g, b] = [r, g, b].map(|v| v as f32 / 255.0);
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let code = |d: f32, k: f32| (128.0 + 255.0 * (d / k) + 0.5).floor().clamp(0.0, 255.0) as u32;
    (code(b - y, 1.8556), code(r - y, 1.5748))
}

/// The cell (column, row) of a pixel on a `size` x `size` vectorscope.
pub fn chroma_cell(r: u8, g: u8, b: u8, size: u32) -> (u32, u32) {
    let (cb, cr) = chroma_codes(r, g, b);
    (cb * size / 256, (255 - cr) * size / 256)
}

/// A scope's counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Counts {
    Waveform(Waveform),
    Vectorscope(Vectorscope),
}

impl Counts {
    /// The counts in JSON (see `waveform_json`, `vectorscope_json`); `size` is the
    /// image's.
    pub fn json(&self, file: &str, size: (u32, u32), region: Option<Region>) -> String {
        match self {
            Counts::Waveform(w) => waveform_json(file, w, size, region),
            Counts::Vectorscope(v) => vectorscope_json(file, v, size, region),
        }
    }

    /// The scope drawn at natural size: the waveform or the parade of the `shown`
    /// channels (0 R, 1 G, 2 B, 3 luminance), or the vectorscope. (`Scope::fits`
    /// says beforehand whether it can be.)
    pub fn draw(&self, scope: Scope, shown: &[usize], style: Style) -> Image {
        match (self, scope) {
            (Counts::Waveform(w), Scope::Parade) => draw_parade(w, shown, style),
            (Counts::Waveform(w), _) => draw_waveform(w, shown, style),
            (Counts::Vectorscope(v), _) => draw_vectorscope(v, style),
        }
    }
}

impl Scope {
    /// Why the scope of a picture `width` pixels wide cannot be counted in
    /// `budget` bytes (a waveform keeps 4 x 256 counts a column) or has more
    /// columns than `MAX_COLUMNS`; None when it can.
    pub fn fits(self, width: u32, budget: u64) -> Option<String> {
        let columns = match self {
            Scope::Parade => 3 * width as u64,
            Scope::Waveform => width as u64,
            Scope::Vectorscope { .. } => return None,
        };
        if columns > MAX_COLUMNS {
            return Some(format!(
                "the {} of a picture {width} pixels wide has {columns} columns, more than the \
                 {MAX_COLUMNS} a scope is counted in; count a region of it (--region)",
                self.name(),
            ));
        }
        let counts = width as u64 * (4 * LEVELS as u64) * 4;
        (counts > budget).then(|| {
            format!(
                "a waveform of a picture {width} pixels wide keeps {} of counts, more than the \
                 {} available; count a region of it (--region)",
                crate::image::amount(counts),
                crate::image::amount(budget)
            )
        })
    }
}

/// The most columns a waveform or parade has (a column a picture column, the
/// parade three): 3 x 16384 columns of 4 x 256 counts are 192 MiB, and drawn, 12
/// megapixels; a wider picture's scope is of a region of it.
pub const MAX_COLUMNS: u64 = 3 << 14;

/// `scope` of `image` (or of `region` of it) on the CPU: the reference.
pub fn count(image: &Image, region: Option<Region>, scope: Scope) -> Result<Counts, String> {
    Ok(match scope.check()? {
        Scope::Waveform | Scope::Parade => Counts::Waveform(waveform(image, region)?),
        Scope::Vectorscope { size } => Counts::Vectorscope(vectorscope(image, region, size)?),
    })
}

fn counted(image: &Image, region: Option<Region>) -> Result<Region, String> {
    let region = region.unwrap_or(Region::whole(image.width(), image.height()));
    region.within(image.width(), image.height())?;
    Ok(region)
}

/// The waveform of `image` (or of `region` of it), on the CPU: the reference.
pub fn waveform(image: &Image, region: Option<Region>) -> Result<Waveform, String> {
    let r = counted(image, region)?;
    let mut counts = vec![0u32; r.width as usize * 4 * LEVELS];
    let row_bytes = image.width() as usize * 4;
    for y in r.y..r.y + r.height {
        let row = &image.rgba()[y as usize * row_bytes..][..row_bytes];
        for x in 0..r.width {
            let p = &row[(r.x + x) as usize * 4..][..4];
            let column = &mut counts[x as usize * 4 * LEVELS..][..4 * LEVELS];
            column[p[0] as usize] += 1;
            column[LEVELS + p[1] as usize] += 1;
            column[2 * LEVELS + p[2] as usize] += 1;
            column[3 * LEVELS + luma_level(p[0], p[1], p[2])] += 1;
        }
    }
    Ok(Waveform {
        width: r.width,
        height: r.height,
        counts,
        decoded_luma: false,
    })
}

/// The vectorscope of `image` (or of `region` of it) on a `size`-cell grid, on the
/// CPU: the reference.
pub fn vectorscope(
    image: &Image,
    region: Option<Region>,
    size: u32,
) -> Result<Vectorscope, String> {
    Scope::Vectorscope { size }.check()?;
    let r = counted(image, region)?;
    let mut counts = vec![0u32; size as usize * size as usize];
    let row_bytes = image.width() as usize * 4;
    for y in r.y..r.y + r.height {
        let row = &image.rgba()[y as usize * row_bytes..][..row_bytes];
        for p in row[r.x as usize * 4..(r.x + r.width) as usize * 4].chunks_exact(4) {
            let (column, row) = chroma_cell(p[0], p[1], p[2], size);
            counts[(row * size + column) as usize] += 1;
        }
    }
    Ok(Vectorscope {
        size,
        pixels: r.pixel_count(),
        counts,
    })
}
