//! HDR pictures (Radiance .hdr, OpenEXR, floating-point TIFF): linear values, not
//! codes, so they are counted in their own units (issue #23):
//!
//! - R, G and B over [0, max], `max` the largest finite sample of the picture:
//!   a sample v lands in bin `min(floor(v * (N / max)), N - 1)`, `N / max` taken in
//!   f32 once, so every device multiplies the same two floats;
//! - luminance Y = 0.2126 R + 0.7152 G + 0.0722 B in stops (log2 Y) over a range
//!   [lo, hi], by default the data's own in whole stops (floor and ceil of log2 of
//!   its least positive and its largest Y). Bin k holds 2^(lo + k s) <= Y <
//!   2^(lo + (k + 1) s), s = (hi - lo) / N, the last bin up to 2^hi itself; the N - 1
//!   inner edges are worked out in f64 and rounded to f32, and Y is compared with
//!   them (no log2 a pixel, which no two devices round alike);
//! - counted apart: samples below 0 (and Y <= 0 or below the range), above the
//!   range, and pixels with a NaN or an infinite sample (in no bin at all);
//! - the share above 1.0 of each channel and of Y: what an SDR display clips.

use crate::histogram::Channels;
use crate::json::Entries;
use std::fmt;

/// RGBA f32 samples (alpha is carried, not counted), linear.
#[derive(Clone, PartialEq)]
pub struct HdrImage {
    width: u32,
    height: u32,
    rgba: Vec<f32>,
}

impl fmt::Debug for HdrImage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HdrImage({}x{})", self.width, self.height)
    }
}

impl HdrImage {
    pub fn new(width: u32, height: u32, rgba: Vec<f32>) -> Result<HdrImage, String> {
        if width == 0 || height == 0 || rgba.len() as u64 != width as u64 * height as u64 * 4 {
            return Err(format!(
                "{} samples do not make a {width}x{height} RGBA picture",
                rgba.len()
            ));
        }
        Ok(HdrImage {
            width,
            height,
            rgba,
        })
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    pub fn rgba(&self) -> &[f32] {
        &self.rgba
    }

    pub fn pixel_count(&self) -> u64 {
        self.width as u64 * self.height as u64
    }

    /// The pixels of `region` (which must lie inside), as a picture of their own.
    pub fn crop(&self, region: crate::Region) -> HdrImage {
        let rgba = region.cut(&self.rgba, self.width);
        HdrImage {
            width: region.width,
            height: region.height,
            rgba,
        }
    }
}

/// Y of linear R, G, B, in f32 in this order (the GPU writes it the same way).
#[inline]
pub fn luminance(r: f32, g: f32, b: f32) -> f32 {
    0.2126 * r + 0.7152 * g + 0.0722 * b
}

fn finite(p: &[f32]) -> bool {
    p[..3].iter().all(|v| v.is_finite())
}

/// What the counts are over: R, G, B in [0, max], luminance in stops [lo, hi].
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Range {
    pub max: f32,
    pub stops: (f32, f32),
}

impl Range {
    /// The data's own: `max` its largest finite sample (1 if none is positive), the
    /// stops the whole stops around its positive finite Y (-1 to 0 if none).
    pub fn of(image: &HdrImage) -> Range {
        let (mut max, mut least, mut most) = (0f32, f32::INFINITY, 0f32);
        for p in image.rgba.chunks_exact(4).filter(|p| finite(p)) {
            max = max.max(p[0]).max(p[1]).max(p[2]);
            let y = luminance(p[0], p[1], p[2]);
            if y > 0.0 {
                least = least.min(y);
                most = most.max(y);
            }
        }
        Range::from_extremes(max, least, most)
    }

    /// The data's own range from its largest sample and its least and largest
    /// positive Y (`least` infinite when none): shared with the GPU's reduction.
    pub fn from_extremes(max: f32, least: f32, most: f32) -> Range {
        let max = if max > 0.0 { max } else { 1.0 };
        let stops = if least.is_finite() && most > 0.0 {
            let lo = (least as f64).log2().floor() as f32;
            let hi = (most as f64).log2().ceil() as f32;
            (lo, if hi > lo { hi } else { lo + 1.0 })
        } else {
            (-1.0, 0.0)
        };
        Range { max, stops }
    }

    /// N / max, the one f32 every device multiplies a sample by.
    pub fn scale(&self, bins: u32) -> f32 {
        bins as f32 / self.max
    }

    /// The luminance bins' edges: 2^lo, the N - 1 inner ones, 2^hi (N + 1 in all).
    pub fn edges(&self, bins: u32) -> Vec<f32> {
        let (lo, hi) = (self.stops.0 as f64, self.stops.1 as f64);
        (0..=bins)
            .map(|k| (lo + (hi - lo) * k as f64 / bins as f64).exp2() as f32)
            .collect()
    }
}

/// The command line's `--range LO,HI`: stops of luminance, LO < HI.
pub fn parse_stops(text: &str) -> Result<(f32, f32), String> {
    let bad = || format!("a range is LO,HI in stops (log2 of luminance), LO < HI, not '{text}'");
    let (lo, hi) = text.split_once(',').ok_or_else(bad)?;
    let lo: f32 = lo.trim().parse().map_err(|_| bad())?;
    let hi: f32 = hi.trim().parse().map_err(|_| bad())?;
    if lo.is_finite() && hi.is_finite() && lo < hi {
        Ok((lo, hi))
    } else {
        Err(bad())
    }
}

/// Where one value lands: a bin, or counted apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Bin(u32),
    Below,
    Above,
}

/// A sample's place among `bins` bins over [0, max] (`scale` = N / max).
#[inline]
pub fn channel_place(v: f32, scale: f32, max: f32, bins: u32) -> Place {
    if v < 0.0 {
        Place::Below
    } else if v > max {
        Place::Above
    } else {
        Place::Bin(((v * scale) as u32).min(bins - 1))
    }
}

/// Y's place among the stops' bins (`edges` from `Range::edges`).
#[inline]
pub fn luminance_place(y: f32, edges: &[f32]) -> Place {
    let bins = edges.len() - 1;
    if y <= 0.0 || y < edges[0] {
        Place::Below
    } else if y > edges[bins] {
        Place::Above
    } else {
        // The inner edges at or below y.
        Place::Bin(edges[1..bins].partition_point(|&e| e <= y) as u32)
    }
}

/// A pixel's places among `bins` bins of `range`, R, G, B and luminance (`scale`
/// and `edges` the range's, worked out once); none where a sample is not a number.
pub fn pixel_places(p: [f32; 3], range: &Range, scale: f32, edges: &[f32]) -> Option<[Place; 4]> {
    if !p.iter().all(|v| v.is_finite()) {
        return None;
    }
    let bins = edges.len() as u32 - 1;
    let [r, g, b] = p;
    let place = |v| channel_place(v, scale, range.max, bins);
    Some([
        place(r),
        place(g),
        place(b),
        luminance_place(luminance(r, g, b), edges),
    ])
}

/// An HDR picture's histogram: R, G, B over [0, max] and luminance in stops, with
/// what lay outside and what was not a number.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct HdrHistogram {
    pub bins: u32,
    pub range: Range,
    /// Interleaved R, G, B, luminance per bin, as the 8-bit histograms.
    pub counts: Vec<u32>,
    /// Per channel (R, G, B, luminance): below the range (negative; Y <= 0 or
    /// below 2^lo), above it (only a given range leaves luminance above), and
    /// above 1.0.
    pub below: [u32; 4],
    pub above: [u32; 4],
    pub above_one: [u32; 4],
    /// Pixels with a NaN or infinite R, G or B: in no bin and no other count.
    pub invalid: u32,
}

impl HdrHistogram {
    /// The count in words: its range, and what lay outside it.
    pub fn note(&self) -> crate::words::Words {
        let total = |c: [u32; 4]| c.iter().map(|&n| n as u64).sum::<u64>();
        crate::words::Words::new("note-hdr-counts")
            .text("max", self.range.max)
            .text("from", self.range.stops.0)
            .text("to", self.range.stops.1)
            .count("below", total(self.below))
            .count("above", total(self.above))
            .count("invalid", self.invalid)
            .count("above-one", self.above_one[3])
    }

    /// The range and the counts apart ("range", "below", "above", "above_one",
    /// "invalid"), as the command line and the studio write them: a struct's
    /// `#[serde(flatten)]` field.
    pub fn counts_apart(&self) -> impl serde::Serialize + '_ {
        #[derive(serde::Serialize)]
        struct RangeJson {
            max: f32,
            stops: (f32, f32),
        }
        #[derive(serde::Serialize)]
        struct Apart<'a> {
            range: RangeJson,
            below: Entries<'a, u32>,
            above: Entries<'a, u32>,
            above_one: Entries<'a, u32>,
            invalid: u32,
        }
        let four = |c: [u32; 4]| Entries(Channels::Rgbl.names().iter().copied().zip(c).collect());
        Apart {
            range: RangeJson {
                max: self.range.max,
                stops: self.range.stops,
            },
            below: four(self.below),
            above: four(self.above),
            above_one: four(self.above_one),
            invalid: self.invalid,
        }
    }

    pub fn channel(&self, c: usize) -> Vec<u32> {
        self.counts.iter().skip(c).step_by(4).copied().collect()
    }
}

/// The CPU reference.
pub fn count_cpu(image: &HdrImage, bins: u32, range: Range) -> HdrHistogram {
    let scale = range.scale(bins);
    let edges = range.edges(bins);
    let mut h = HdrHistogram {
        bins,
        range,
        counts: vec![0; bins as usize * 4],
        below: [0; 4],
        above: [0; 4],
        above_one: [0; 4],
        invalid: 0,
    };
    for p in image.rgba.chunks_exact(4) {
        let Some(places) = pixel_places([p[0], p[1], p[2]], &range, scale, &edges) else {
            h.invalid += 1;
            continue;
        };
        let y = luminance(p[0], p[1], p[2]);
        for (c, (v, place)) in [p[0], p[1], p[2], y].into_iter().zip(places).enumerate() {
            match place {
                Place::Bin(b) => h.counts[b as usize * 4 + c] += 1,
                Place::Below => h.below[c] += 1,
                Place::Above => h.above[c] += 1,
            }
            h.above_one[c] += u32::from(v > 1.0);
        }
    }
    h
}

/// One channel's statistics in the file's units, from its samples (not from its
/// bins): of every pixel with finite R, G and B, its value (or Y), negatives
/// included. Percentiles by nearest rank, as the 8-bit statistics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HdrStats {
    pub pixels: u64,
    pub mean: f64,
    pub std_dev: f64,
    pub median: f64,
    pub min: f64,
    pub max: f64,
    pub p1: f64,
    pub p99: f64,
    /// Percent of the pixels above 1.0: what an SDR display clips.
    pub above_one_percent: f64,
}

/// The names of `HdrStats`' values, as JSON keys and CSV rows.
pub const STATS_FIELDS: [&str; 9] = [
    "pixels",
    "mean",
    "std_dev",
    "median",
    "min",
    "max",
    "p1",
    "p99",
    "above_one_percent",
];

impl HdrStats {
    /// Statistics of `values`; None when there are none.
    pub fn of(mut values: Vec<f32>) -> Option<HdrStats> {
        let n = values.len();
        if n == 0 {
            return None;
        }
        let mean = values.iter().map(|&v| v as f64).sum::<f64>() / n as f64;
        let variance = values
            .iter()
            .map(|&v| (v as f64 - mean).powi(2))
            .sum::<f64>()
            / n as f64;
        let above = values.iter().filter(|&&v| v > 1.0).count();
        let min = values.iter().copied().min_by(f32::total_cmp).unwrap_or(0.0);
        let max = values.iter().copied().max_by(f32::total_cmp).unwrap_or(0.0);
        // The smallest value with at least p% of them at or below it: selected, not
        // sorted (a studio's region of a large picture is counted in the browser).
        let mut percentile = |p: u64| {
            let rank = ((n as u64 * p).div_ceil(100).max(1) - 1) as usize;
            *values.select_nth_unstable_by(rank, f32::total_cmp).1 as f64
        };
        let (median, p1, p99) = (percentile(50), percentile(1), percentile(99));
        Some(HdrStats {
            pixels: n as u64,
            mean,
            std_dev: variance.sqrt(),
            median,
            min: min as f64,
            max: max as f64,
            p1,
            p99,
            above_one_percent: 100.0 * above as f64 / n as f64,
        })
    }

    /// R, G, B and luminance of `image`'s pixels whose samples are all finite.
    pub fn of_image(image: &HdrImage) -> [Option<HdrStats>; 4] {
        HdrStats::of_region(image, crate::Region::whole(image.width, image.height))
    }

    /// The same of `region`'s pixels (read in place: a studio's region of a large
    /// picture is not copied). `region` lies within the picture.
    pub fn of_region(image: &HdrImage, region: crate::Region) -> [Option<HdrStats>; 4] {
        let row = image.width as usize * 4;
        let valid: Vec<&[f32]> = (region.y..region.y + region.height)
            .flat_map(|y| {
                let start = y as usize * row + region.x as usize * 4;
                image.rgba[start..start + region.width as usize * 4].chunks_exact(4)
            })
            .filter(|p| finite(p))
            .collect();
        std::array::from_fn(|c| {
            let values = valid
                .iter()
                .map(|p| {
                    if c < 3 {
                        p[c]
                    } else {
                        luminance(p[0], p[1], p[2])
                    }
                })
                .collect();
            HdrStats::of(values)
        })
    }

    /// Statistics from their values in the order of `STATS_FIELDS` (as `values`
    /// gives them: a picture's statistics handed from one thread to another).
    pub fn from_values(v: [f64; 9]) -> HdrStats {
        HdrStats {
            pixels: v[0] as u64,
            mean: v[1],
            std_dev: v[2],
            median: v[3],
            min: v[4],
            max: v[5],
            p1: v[6],
            p99: v[7],
            above_one_percent: v[8],
        }
    }

    /// The values in the order of `STATS_FIELDS`.
    pub fn values(&self) -> [f64; 9] {
        [
            self.pixels as f64,
            self.mean,
            self.std_dev,
            self.median,
            self.min,
            self.max,
            self.p1,
            self.p99,
            self.above_one_percent,
        ]
    }
}

/// Written as a JSON object (keys as `STATS_FIELDS`), every value as Rust prints an
/// f64: exact, in the file's units, never in exponent notation.
impl serde::Serialize for HdrStats {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Entries(STATS_FIELDS.into_iter().zip(self.values()).collect()).serialize(serializer)
    }
}
