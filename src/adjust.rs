//! Adjustments that change the picture from its histogram: global equalization of
//! luma, CLAHE, auto-levels and Otsu's threshold. These are the CPU references,
//! written plainly from the textbook definitions; the GPU computes the same tables
//! in shaders/adjust/adjust.wgsl and shaders/adjust/clahe.wgsl and remaps in shaders/draw/picture.wgsl,
//! and the command-line tool uses these without a GPU.
//!
//! Luma is the project's luminance on the stored (gamma-encoded) values, Y' =
//! 0.2126 R' + 0.7152 G' + 0.0722 B' (BT.709 weights), in levels 0..=255; its bin of
//! 256 is the histogram's. Equalization and CLAHE move each pixel's luma to its new
//! level and keep its colour: the same amount added to R', G' and B' leaves the
//! chroma differences Cb and Cr as they were (then clamped to 0..=255). Every
//! rounding is to the nearest level, halves up, as in the shaders.

use crate::histogram::{luminance, Histogram, Spec};
use crate::image::Image;

/// What to do to the picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Adjustment {
    /// Global histogram equalization of luma.
    Equalize,
    /// Contrast-limited adaptive equalization of luma: a table per tile of a
    /// `tiles` grid, each tile's histogram clipped at `clip` times its average bin.
    Clahe { tiles: (u32, u32), clip: f32 },
    /// Each channel stretched so its `low` and `high` percentiles become 0 and 255;
    /// `linked`: one stretch for all three, from their combined histogram.
    AutoLevels { low: f32, high: f32, linked: bool },
    /// Otsu's threshold of luma: white above it, black at or below.
    Otsu,
}

impl Adjustment {
    /// Every adjustment with its default parameters, in the order menus list them:
    /// the one place the defaults are written (the command-line tool, the pages and
    /// the tests read them here).
    pub const ALL: [Adjustment; 4] = [
        Adjustment::Equalize,
        Adjustment::Clahe {
            tiles: (8, 8),
            clip: 2.0,
        },
        Adjustment::AutoLevels {
            low: 0.5,
            high: 99.5,
            linked: false,
        },
        Adjustment::Otsu,
    ];

    /// Its name: the command-line flag (`--clahe`) and the pages' choice.
    pub fn name(self) -> &'static str {
        match self {
            Adjustment::Equalize => "equalize",
            Adjustment::Clahe { .. } => "clahe",
            Adjustment::AutoLevels { .. } => "auto-levels",
            Adjustment::Otsu => "otsu",
        }
    }

    /// Its name in a menu.
    pub fn title(self) -> &'static str {
        match self {
            Adjustment::Equalize => "Equalize luma",
            Adjustment::Clahe { .. } => "CLAHE",
            Adjustment::AutoLevels { .. } => "Auto-levels",
            Adjustment::Otsu => "Otsu threshold",
        }
    }

    /// The adjustment called `name`, with its default parameters.
    pub fn named(name: &str) -> Option<Adjustment> {
        Adjustment::ALL.into_iter().find(|a| a.name() == name)
    }

    /// Its parameters as JSON, for the pages' controls: `{"name": "clahe", "title":
    /// "CLAHE", "tiles": [8, 8], "clip": 2}`.
    pub fn json(self) -> String {
        #[derive(serde::Serialize)]
        struct Params {
            name: &'static str,
            title: &'static str,
            #[serde(skip_serializing_if = "Option::is_none")]
            tiles: Option<(u32, u32)>,
            #[serde(skip_serializing_if = "Option::is_none")]
            clip: Option<f32>,
            #[serde(skip_serializing_if = "Option::is_none")]
            low: Option<f32>,
            #[serde(skip_serializing_if = "Option::is_none")]
            high: Option<f32>,
            #[serde(skip_serializing_if = "Option::is_none")]
            linked: Option<bool>,
        }
        let mut params = Params {
            name: self.name(),
            title: self.title(),
            tiles: None,
            clip: None,
            low: None,
            high: None,
            linked: None,
        };
        match self {
            Adjustment::Clahe { tiles, clip } => {
                (params.tiles, params.clip) = (Some(tiles), Some(clip))
            }
            Adjustment::AutoLevels { low, high, linked } => {
                (params.low, params.high, params.linked) = (Some(low), Some(high), Some(linked))
            }
            Adjustment::Equalize | Adjustment::Otsu => {}
        }
        crate::json::line(&params)
    }

    /// The code of the adjustment in the shaders (`adjustment` constant).
    pub fn code(self) -> u32 {
        match self {
            Adjustment::Equalize => 1,
            Adjustment::AutoLevels { .. } => 2,
            Adjustment::Otsu => 3,
            Adjustment::Clahe { .. } => 4,
        }
    }

    /// Checks the parameters, with a message naming the bad one.
    pub fn check(self) -> Result<Adjustment, String> {
        match self {
            Adjustment::Clahe { tiles, clip } => {
                if !(1..=64).contains(&tiles.0) || !(1..=64).contains(&tiles.1) {
                    return Err(format!(
                        "CLAHE's tiles are 1 to 64 each way, not {}x{}",
                        tiles.0, tiles.1
                    ));
                }
                if !(clip.is_finite() && clip > 0.0 && clip <= 64.0) {
                    return Err(format!(
                        "CLAHE's clip limit is above 0 and at most 64, not {clip}"
                    ));
                }
            }
            Adjustment::AutoLevels { low, high, .. }
                if !(0.0..100.0).contains(&low)
                    || !(0.0..=100.0).contains(&high)
                    || low >= high =>
            {
                return Err(format!(
                    "auto-levels takes 0 <= low < high <= 100 percent, not {low} and {high}"
                ));
            }
            _ => {}
        }
        Ok(self)
    }
}

/// Rounds to the nearest level, halves up (as `floor(x + 0.5)` in the shaders).
fn level(x: f64) -> f64 {
    (x + 0.5).floor().clamp(0.0, 255.0)
}

/// The luma bin of 256 of a pixel (the histogram's luminance bin).
pub fn luma_bin(p: &[u8]) -> usize {
    Spec::rgbl().bin(luminance(p[0], p[1], p[2])) as usize
}

/// The luma of a pixel in levels.
fn luma(p: &[u8]) -> f64 {
    luminance(p[0], p[1], p[2]) as f64 / 10_000.0
}

/// A pixel with its luma moved to `to` (levels), colour kept.
fn with_luma(p: &[u8], to: f64) -> [u8; 3] {
    let delta = to - luma(p);
    [0, 1, 2].map(|c| level(p[c] as f64 + delta) as u8)
}

/// Equalization's table: the new luma level of each luma bin, from the cumulative
/// histogram: `(cdf(b) - cdf_min) / (n - cdf_min) * 255`, with `cdf_min` the count
/// of the first non-empty bin. A picture of one luma keeps it.
pub fn equalize_table(luma: &[u32]) -> [f64; 256] {
    let n: u64 = luma.iter().map(|&c| c as u64).sum();
    let cdf_min = luma.iter().find(|&&c| c > 0).copied().unwrap_or(0) as u64;
    let mut table = [0.0; 256];
    let mut cdf = 0u64;
    for (b, entry) in table.iter_mut().enumerate() {
        cdf += luma[b] as u64;
        *entry = if n == cdf_min {
            b as f64
        } else {
            level((cdf.saturating_sub(cdf_min)) as f64 * 255.0 / (n - cdf_min) as f64)
        };
    }
    table
}

/// The smallest level with at least `percent` of the pixels at or below it.
fn percentile(bins: &[u64], percent: f64) -> usize {
    let n: u64 = bins.iter().sum();
    let rank = ((n as f64 * percent / 100.0).ceil() as u64).max(1);
    let mut seen = 0;
    for (b, &c) in bins.iter().enumerate() {
        seen += c;
        if seen >= rank {
            return b;
        }
    }
    bins.len() - 1
}

/// Auto-levels' tables, 256 entries per channel R, G, B: each level stretched from
/// `lo..=hi` (the channel's, or the linked, percentiles) to `0..=255`.
pub fn levels_tables(histogram: &Histogram, low: f32, high: f32, linked: bool) -> [[f64; 256]; 3] {
    let channel =
        |c: usize| -> Vec<u64> { histogram.channel(c).iter().map(|&v| v as u64).collect() };
    let combined: Vec<u64> = (0..256)
        .map(|b| (0..3).map(|c| histogram.channel(c)[b] as u64).sum())
        .collect();
    std::array::from_fn(|c| {
        let bins = if linked { combined.clone() } else { channel(c) };
        let (lo, hi) = (
            percentile(&bins, low as f64) as f64,
            percentile(&bins, high as f64) as f64,
        );
        std::array::from_fn(|v| {
            if hi <= lo {
                v as f64
            } else {
                level((v as f64 - lo) * 255.0 / (hi - lo))
            }
        })
    })
}

/// Otsu's threshold of a 256-bin histogram: the level `t` that maximizes the
/// between-class variance `w0 w1 (m0 - m1)^2` of the classes `..=t` and `t + 1..`
/// (the first such level; OpenCV's THRESH_OTSU convention).
pub fn otsu_threshold(luma: &[u32]) -> usize {
    let n: f64 = luma.iter().map(|&c| c as f64).sum();
    let total: f64 = luma
        .iter()
        .enumerate()
        .map(|(b, &c)| b as f64 * c as f64)
        .sum();
    let (mut w0, mut sum0) = (0.0, 0.0);
    let (mut best, mut best_t) = (-1.0, 0);
    for (t, &c) in luma.iter().enumerate() {
        w0 += c as f64;
        sum0 += t as f64 * c as f64;
        let w1 = n - w0;
        if w0 == 0.0 || w1 == 0.0 {
            continue;
        }
        let (m0, m1) = (sum0 / w0, (total - sum0) / w1);
        let between = w0 * w1 * (m0 - m1) * (m0 - m1);
        if between > best {
            best = between;
            best_t = t;
        }
    }
    best_t
}

/// CLAHE's tile size for a picture of `size` cut into `tiles`, as OpenCV's
/// createCLAHE has it: when either side does not divide evenly, OpenCV pads both
/// by `tiles - side % tiles`, which is a whole extra pixel per tile on a side that
/// did divide.
pub fn clahe_tile_size(size: (u32, u32), tiles: (u32, u32)) -> (u32, u32) {
    if size.0.is_multiple_of(tiles.0) && size.1.is_multiple_of(tiles.1) {
        (size.0 / tiles.0, size.1 / tiles.1)
    } else {
        (
            (size.0 + tiles.0 - size.0 % tiles.0) / tiles.0,
            (size.1 + tiles.1 - size.1 % tiles.1) / tiles.1,
        )
    }
}

/// Where padding coordinate `p` reads from on a side of `length`: OpenCV's
/// BORDER_REFLECT_101 (mirrored without repeating the edge), repeated if need be.
pub fn reflect_101(p: u32, length: u32) -> u32 {
    if length == 1 {
        return 0;
    }
    let period = 2 * (length - 1);
    let q = p % period;
    if q < length {
        q
    } else {
        period - q
    }
}

/// CLAHE's tables: for each tile (row by row) the new luma level of each luma bin.
/// As OpenCV's createCLAHE: tiles of `clahe_tile_size` pixels, those past the picture's
/// edge read mirrored (`reflect_101`), so every tile counts the same number of
/// pixels. Each tile's histogram is clipped at `max(clip * pixels / 256, 1)`
/// (whole counts, the clip in thousandths); the excess is spread evenly over all
/// bins, and what does not divide evenly adds one to every `256 / rest`-th bin
/// from the first; the table is the clipped cumulative histogram scaled by
/// `255 / pixels`.
pub fn clahe_tables(image: &Image, tiles: (u32, u32), clip: f32) -> Vec<[f64; 256]> {
    let (w, h) = (image.width(), image.height());
    let (tw, th) = clahe_tile_size((w, h), tiles);
    let mut hist = vec![[0u32; 256]; (tiles.0 * tiles.1) as usize];
    for py in 0..th * tiles.1 {
        let y = reflect_101(py, h);
        for px in 0..tw * tiles.0 {
            let x = reflect_101(px, w);
            let at = (y as usize * w as usize + x as usize) * 4;
            let tile = (py / th) * tiles.0 + px / tw;
            hist[tile as usize][luma_bin(&image.rgba()[at..at + 4])] += 1;
        }
    }
    hist.iter()
        .map(|bins| {
            let pixels: u32 = bins.iter().sum();
            let milli = (clip as f64 * 1000.0).round() as u64;
            let limit = ((milli * pixels as u64 / 256_000) as u32).max(1);
            let mut clipped = [0u32; 256];
            let mut excess = 0;
            for (b, &c) in bins.iter().enumerate() {
                clipped[b] = c.min(limit);
                excess += c.saturating_sub(limit);
            }
            let batch = excess / 256;
            let mut rest = excess - batch * 256;
            for c in clipped.iter_mut() {
                *c += batch;
            }
            // OpenCV spreads the remainder evenly: every (256 / rest)th bin gets one more.
            if let Some(step) = 256u32.checked_div(rest) {
                let step = step.max(1) as usize;
                let mut b = 0;
                while b < 256 && rest > 0 {
                    clipped[b] += 1;
                    b += step;
                    rest -= 1;
                }
            }
            let scale = 255.0 / pixels.max(1) as f64;
            let mut sum = 0u64;
            std::array::from_fn(|b| {
                sum += clipped[b] as u64;
                level(sum as f64 * scale)
            })
        })
        .collect()
}

/// The new luma of a pixel of luma bin `bin` at (x, y), interpolated between the
/// tables of the four nearest tile centres: x sits at `x / tile_width - 0.5`
/// tiles (OpenCV's placement, tiles `clahe_tile_size`).
pub fn clahe_luma(
    tables: &[[f64; 256]],
    tiles: (u32, u32),
    size: (u32, u32),
    x: u32,
    y: u32,
    bin: usize,
) -> f64 {
    let tile = clahe_tile_size(size, tiles);
    let along = |p: u32, n: u32, tile: u32| {
        let t = p as f64 / tile as f64 - 0.5;
        let first = t.floor();
        let a = t - first;
        let t1 = (first as i64).clamp(0, n as i64 - 1) as usize;
        let t2 = (first as i64 + 1).clamp(0, n as i64 - 1) as usize;
        (t1, t2, a)
    };
    let (x1, x2, xa) = along(x, tiles.0, tile.0);
    let (y1, y2, ya) = along(y, tiles.1, tile.1);
    let at = |ty: usize, tx: usize| tables[ty * tiles.0 as usize + tx][bin];
    let top = at(y1, x1) * (1.0 - xa) + at(y1, x2) * xa;
    let bottom = at(y2, x1) * (1.0 - xa) + at(y2, x2) * xa;
    top * (1.0 - ya) + bottom * ya
}

/// Equalization step by step, as the article's `equalization-javascript` page shows
/// it: the picture's luma histogram and the table made from it, the luma as a grey
/// picture, that grey equalized, and the colour picture equalized (as `apply`).
pub struct EqualizeSteps {
    pub luma: Vec<u32>,
    pub table: [f64; 256],
    pub grey: Image,
    pub grey_equalized: Image,
    pub colour: Image,
}

pub fn equalize_steps(image: &Image) -> EqualizeSteps {
    let luma = crate::compute_cpu(image, Spec::luminance()).channel(0);
    let table = equalize_table(&luma);
    let (w, h) = (image.width(), image.height());
    let mut grey = image.rgba().to_vec();
    let mut grey_equalized = grey.clone();
    let mut colour = grey.clone();
    for ((g, e), c) in grey
        .chunks_exact_mut(4)
        .zip(grey_equalized.chunks_exact_mut(4))
        .zip(colour.chunks_exact_mut(4))
    {
        let bin = luma_bin(c);
        g[..3].fill(bin as u8);
        e[..3].fill(table[bin] as u8);
        let rgb = with_luma(c, table[bin]);
        c[..3].copy_from_slice(&rgb);
    }
    let picture = |rgba| Image::from_rgba(w, h, rgba).expect("the same size as a valid image");
    EqualizeSteps {
        luma,
        table,
        grey: picture(grey),
        grey_equalized: picture(grey_equalized),
        colour: picture(colour),
    }
}

/// The adjusted picture, computed on the CPU.
pub fn apply(image: &Image, adjustment: Adjustment) -> Image {
    let histogram = crate::compute_cpu(image, Spec::rgbl());
    let luma_hist = histogram.channel(3);
    let (w, h) = (image.width(), image.height());
    let mut rgba = image.rgba().to_vec();
    match adjustment {
        Adjustment::Equalize => return equalize_steps(image).colour,
        Adjustment::AutoLevels { low, high, linked } => {
            let tables = levels_tables(&histogram, low, high, linked);
            for p in rgba.chunks_exact_mut(4) {
                for c in 0..3 {
                    p[c] = tables[c][p[c] as usize] as u8;
                }
            }
        }
        Adjustment::Otsu => {
            let t = otsu_threshold(&luma_hist);
            for p in rgba.chunks_exact_mut(4) {
                let v = if luma_bin(p) > t { 255 } else { 0 };
                p[..3].copy_from_slice(&[v, v, v]);
            }
        }
        Adjustment::Clahe { tiles, clip } => {
            let tables = clahe_tables(image, tiles, clip);
            for (i, p) in rgba.chunks_exact_mut(4).enumerate() {
                let (x, y) = ((i as u64 % w as u64) as u32, (i as u64 / w as u64) as u32);
                let to = clahe_luma(&tables, tiles, (w, h), x, y, luma_bin(p));
                let rgb = with_luma(p, level(to));
                p[..3].copy_from_slice(&rgb);
            }
        }
    }
    Image::from_rgba(w, h, rgba).expect("the same size as a valid image")
}
