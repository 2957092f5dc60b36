//! Statistics of a histogram, per channel, computed from its bins: what the studio
//! panel shows and `histogram --stats` prints.
//!
//! Bin `b` of `n` stands for the level `255 * b / (n - 1)` on the 0..=255 scale
//! (the histogram's horizontal axis): with 256 bins, bin `b` of R, G or B holds
//! exactly the 8-bit value `b`, so every statistic of those channels is exact; with
//! other bin counts, and for luminance, values are those of their bins. Percentiles
//! are by nearest rank:
//! the p-th percentile is the smallest level with at least p% of the pixels at or
//! below it; the median is the 50th. "Clipped" is the share of pixels in the first
//! and in the last bin (at 0 and at 255 with 256 bins).

use crate::histogram::Histogram;

/// One channel's statistics, levels in 0..=255 (see the module's note).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stats {
    pub pixels: u64,
    pub mean: f64,
    pub std_dev: f64,
    pub median: f64,
    /// The fullest bin's level (the lowest of equals).
    pub mode: f64,
    pub min: f64,
    pub max: f64,
    pub p1: f64,
    pub p99: f64,
    /// Percent of the pixels in the first bin.
    pub clipped_low: f64,
    /// Percent of the pixels in the last bin.
    pub clipped_high: f64,
}

impl Stats {
    /// Statistics of `bins` (one channel's); None for an empty histogram.
    pub fn of<C: Copy + Into<u64>>(bins: &[C]) -> Option<Stats> {
        let bins: Vec<u64> = bins.iter().map(|&c| c.into()).collect();
        let n = bins.len();
        let pixels: u64 = bins.iter().sum();
        if pixels == 0 {
            return None;
        }
        let level = |b: usize| level(b, n);
        let mean = bins
            .iter()
            .enumerate()
            .map(|(b, &c)| level(b) * c as f64)
            .sum::<f64>()
            / pixels as f64;
        let variance = bins
            .iter()
            .enumerate()
            .map(|(b, &c)| (level(b) - mean).powi(2) * c as f64)
            .sum::<f64>()
            / pixels as f64;
        // The smallest bin with at least `rank` pixels at or below it.
        let at_rank = |rank: u64| {
            let mut seen = 0;
            for (b, &c) in bins.iter().enumerate() {
                seen += c;
                if seen >= rank.max(1) {
                    return level(b);
                }
            }
            level(n - 1)
        };
        // Pixels times a percent fits 64 bits up to 1.8e17 pixels.
        let percentile = |p: u64| at_rank((pixels * p).div_ceil(100));
        let mode = (0..n).fold(0, |best, b| if bins[b] > bins[best] { b } else { best });
        let first = bins.iter().position(|&c| c > 0).unwrap_or(0);
        let last = bins.iter().rposition(|&c| c > 0).unwrap_or(0);
        let share = |c: u64| 100.0 * c as f64 / pixels as f64;
        Some(Stats {
            pixels,
            mean,
            std_dev: variance.sqrt(),
            median: percentile(50),
            mode: level(mode),
            min: level(first),
            max: level(last),
            p1: percentile(1),
            p99: percentile(99),
            clipped_low: share(bins[0]),
            clipped_high: share(bins[n - 1]),
        })
    }

    /// Every channel of a histogram, in its order (R, G, B, luminance).
    pub fn of_histogram(histogram: &Histogram) -> Vec<Option<Stats>> {
        let channels = histogram.spec().channels.count() as usize;
        (0..channels)
            .map(|c| Stats::of(&histogram.channel(c)))
            .collect()
    }

    /// The values in the order of `FIELDS`.
    pub fn values(&self) -> [f64; 11] {
        [
            self.pixels as f64,
            self.mean,
            self.std_dev,
            self.median,
            self.mode,
            self.min,
            self.max,
            self.p1,
            self.p99,
            self.clipped_low,
            self.clipped_high,
        ]
    }
}

/// The names of the statistics, as JSON keys and CSV rows.
pub const FIELDS: [&str; 11] = [
    "pixels",
    "mean",
    "std_dev",
    "median",
    "mode",
    "min",
    "max",
    "p1",
    "p99",
    "clipped_low_percent",
    "clipped_high_percent",
];

/// The level bin `b` of `n` stands for, on the 0..=255 scale (exactly `b` with 256
/// bins).
pub fn level(b: usize, n: usize) -> f64 {
    if n < 2 {
        return 0.0;
    }
    255.0 * b as f64 / (n - 1) as f64
}

/// Written as a JSON object (keys as `FIELDS`), integers as such, others to 4
/// decimals.
impl serde::Serialize for Stats {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let rounded = self.values().map(|v| (v * 1e4).round() / 1e4);
        crate::json::Entries(FIELDS.into_iter().zip(rounded).collect()).serialize(serializer)
    }
}

/// Statistics of every channel as one JSON object: `{"r": {...}, ...}` (null for an
/// empty channel).
pub fn json(histogram: &Histogram) -> String {
    let names = histogram.spec().channels.names();
    let stats = Stats::of_histogram(histogram);
    crate::json::line(&crate::json::Entries(
        names.iter().copied().zip(stats).collect(),
    ))
}
