//! What a histogram is here (bins, channels, the binning rule) and the CPU method,
//! the article's "JavaScript version" written in Rust.
//!
//! The binning rule is the article's, `min(floor(v * numBins), numBins - 1)` with
//! `v = channel / 255` or the sRGB luminance `dot(rgb, (0.2126, 0.7152, 0.0722))`,
//! but evaluated in integers: the weights times 10000 make every value an integer
//! in `0..=2_550_000`, so each pixel lands in the same bin on every CPU and GPU.
//! (In f32 a pixel whose luminance sits within ~1e-4 of a bin edge can land one bin
//! off depending on fused multiply-add; here it cannot.)

use crate::image::Image;
use std::fmt;

/// Luminance weights scaled by 10000 (sum 10000), as in the shaders' `common.wgsl`.
pub const LUMINANCE_WEIGHTS: [u32; 3] = [2126, 7152, 722];
/// Every channel value is scaled into `0..=VALUE_MAX` before binning.
pub const VALUE_MAX: u32 = 255 * 10_000;
/// Most bins a histogram may have: one for every level of a 16-bit channel.
pub const MAX_BINS: u32 = 65536;
/// Most bins the 8-bit GPU kernels count: `VALUE_MAX * bins` must fit in a u32, and
/// four channels of bins in a workgroup's memory. More go to the deep kernel
/// (src/gpu/deep.rs).
pub const MAX_KERNEL_BINS: u32 = 1024;

/// Which channels are counted, and how they are interleaved in the bins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Channels {
    /// Part 1 of the article: luminance only.
    Luminance,
    /// Part 2: R, G, B and luminance, interleaved per bin (the article's `vec4u`).
    Rgbl,
}

impl Channels {
    pub fn count(self) -> u32 {
        match self {
            Channels::Luminance => 1,
            Channels::Rgbl => 4,
        }
    }

    pub fn names(self) -> &'static [&'static str] {
        match self {
            Channels::Luminance => &["luminance"],
            Channels::Rgbl => &["r", "g", "b", "luminance"],
        }
    }
}

/// The shape of a histogram: how many bins, which channels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spec {
    pub num_bins: u32,
    pub channels: Channels,
}

impl Spec {
    pub fn new(num_bins: u32, channels: Channels) -> Result<Spec, String> {
        if !(1..=MAX_BINS).contains(&num_bins) {
            return Err(format!(
                "the number of bins must be between 1 and {MAX_BINS}, not {num_bins}"
            ));
        }
        Ok(Spec { num_bins, channels })
    }

    /// The article's part 1: 256 luminance bins.
    pub fn luminance() -> Spec {
        Spec {
            num_bins: 256,
            channels: Channels::Luminance,
        }
    }

    /// The article's part 2: 256 bins of R, G, B and luminance.
    pub fn rgbl() -> Spec {
        Spec {
            num_bins: 256,
            channels: Channels::Rgbl,
        }
    }

    /// Number of counters: bins times channels.
    pub fn len(&self) -> usize {
        (self.num_bins * self.channels.count()) as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bin of a value in `0..=VALUE_MAX`.
    #[inline]
    pub fn bin(&self, value: u32) -> u32 {
        (value as u64 * self.num_bins as u64 / VALUE_MAX as u64).min(self.num_bins as u64 - 1)
            as u32
    }
}

/// The scaled luminance of a pixel, in `0..=VALUE_MAX`.
#[inline]
pub fn luminance(r: u8, g: u8, b: u8) -> u32 {
    LUMINANCE_WEIGHTS[0] * r as u32
        + LUMINANCE_WEIGHTS[1] * g as u32
        + LUMINANCE_WEIGHTS[2] * b as u32
}

/// Counts per bin and channel, interleaved: `counts[bin * channels + channel]`.
#[derive(Clone, PartialEq, Eq)]
pub struct Histogram {
    spec: Spec,
    counts: Vec<u32>,
}

impl fmt::Debug for Histogram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Histogram({:?}, totals {:?})", self.spec, self.totals())
    }
}

impl Histogram {
    pub fn from_counts(spec: Spec, counts: Vec<u32>) -> Histogram {
        assert_eq!(counts.len(), spec.len(), "counts do not match the spec");
        Histogram { spec, counts }
    }

    pub fn spec(&self) -> Spec {
        self.spec
    }

    /// The interleaved counts, as the GPU stores them.
    pub fn counts(&self) -> &[u32] {
        &self.counts
    }

    /// The bins of one channel (index into `Channels::names`).
    pub fn channel(&self, channel: usize) -> Vec<u32> {
        let n = self.spec.channels.count() as usize;
        self.counts
            .iter()
            .skip(channel)
            .step_by(n)
            .copied()
            .collect()
    }

    /// Adds the counts of another histogram of the same shape (another band of the
    /// same image).
    pub fn add(&mut self, other: &Histogram) {
        assert_eq!(self.spec, other.spec, "histograms of different shapes");
        for (count, more) in self.counts.iter_mut().zip(&other.counts) {
            *count += more;
        }
    }

    /// The sum of every channel's bins (each equals the pixel count when correct).
    pub fn totals(&self) -> Vec<u64> {
        let n = self.spec.channels.count() as usize;
        (0..n)
            .map(|c| {
                self.counts
                    .iter()
                    .skip(c)
                    .step_by(n)
                    .map(|&v| v as u64)
                    .sum()
            })
            .collect()
    }

    /// One line per bin: `bin,<channel>...`.
    pub fn to_csv(&self) -> String {
        let mut out = format!("bin,{}\n", self.spec.channels.names().join(","));
        let n = self.spec.channels.count() as usize;
        for (bin, row) in self.counts.chunks(n).enumerate() {
            out.push_str(&bin.to_string());
            for v in row {
                out.push(',');
                out.push_str(&v.to_string());
            }
            out.push('\n');
        }
        out
    }
}

/// Luminance bins from three table lookups: each table holds a channel's weighted
/// value in bins, in fixed point with 40 fraction bits, rounded up. The rounding
/// adds under 3 / 2^40 of a bin, and an exact value is never closer than
/// 1 / 2_550_000 below the next bin, so the sum's integer part is the exact bin.
struct LuminanceTable {
    weighted: [[u64; 256]; 3],
    last_bin: u64,
}

impl LuminanceTable {
    const SHIFT: u32 = 40;

    fn new(spec: Spec) -> LuminanceTable {
        let scale = |w: u32, c: u32| {
            let num = (w as u128 * c as u128 * spec.num_bins as u128) << Self::SHIFT;
            num.div_ceil(VALUE_MAX as u128) as u64
        };
        LuminanceTable {
            weighted: LUMINANCE_WEIGHTS.map(|w| std::array::from_fn(|c| scale(w, c as u32))),
            last_bin: spec.num_bins as u64 - 1,
        }
    }

    #[inline]
    fn bin(&self, pixel: u32) -> usize {
        let [t0, t1, t2] = &self.weighted;
        let sum = t0[(pixel & 0xff) as usize]
            + t1[((pixel >> 8) & 0xff) as usize]
            + t2[((pixel >> 16) & 0xff) as usize];
        (sum >> Self::SHIFT).min(self.last_bin) as usize
    }
}

/// The article's loop: for each pixel, each channel's value, its bin, one added,
/// in this crate's integers where the article's JavaScript has floats. The CPU
/// chapters show it and time it beside `compute_cpu`, which gives the same bins
/// faster.
pub fn count_simple(image: &Image, spec: Spec) -> Histogram {
    let channels = spec.channels.count();
    let mut counts = vec![0u32; spec.len()];
    for pixel in image.rgba().chunks_exact(4) {
        for ch in 0..channels {
            let value = if channels == 4 && ch < 3 {
                pixel[ch as usize] as u32 * 10_000
            } else {
                luminance(pixel[0], pixel[1], pixel[2])
            };
            counts[(spec.bin(value) * channels + ch) as usize] += 1;
        }
    }
    Histogram::from_counts(spec, counts)
}

/// The CPU method: one loop over the pixels, like the article's JavaScript. Each
/// pixel is one 32-bit load; R, G and B are counted per level and binned once at
/// the end, luminance binned from three table lookups (see `LuminanceTable`), so
/// the loop has no multiply or divide.
pub fn compute_cpu(image: &Image, spec: Spec) -> Histogram {
    count_rows([image.rgba()], 4, spec)
}

/// The CPU method over rows of 8-bit samples, `channels` a pixel: 1 (grey: R, G
/// and B are each the grey value), 2 (grey and alpha), 3 (RGB) or 4 (RGBA); alpha
/// is not counted. Samples are read where they lie (a NumPy array's rows, a
/// region's), never copied.
pub fn count_rows<'a>(
    rows: impl IntoIterator<Item = &'a [u8]>,
    channels: usize,
    spec: Spec,
) -> Histogram {
    let mut tally = Tally::new(spec);
    let grey = |v: u8| u32::from_le_bytes([v, v, v, 0]);
    for row in rows {
        match channels {
            4 => tally.add(
                row.chunks_exact(4)
                    .map(|p| u32::from_le_bytes([p[0], p[1], p[2], p[3]])),
            ),
            3 => tally.add(
                row.chunks_exact(3)
                    .map(|p| u32::from_le_bytes([p[0], p[1], p[2], 0])),
            ),
            2 => tally.add(row.chunks_exact(2).map(|p| grey(p[0]))),
            _ => tally.add(row.iter().map(|&v| grey(v))),
        }
    }
    tally.histogram()
}

/// The CPU method's counters, two of each, for even and odd pixels: neighbours
/// mostly share a level, and one counter each would make every increment wait on
/// the one before (a store, then a load of the same address). R, G and B count
/// levels, binned once at the end.
struct Tally {
    spec: Spec,
    lum: LuminanceTable,
    levels: [[[u32; 256]; 3]; 2],
    luma: [Vec<u32>; 2],
}

impl Tally {
    fn new(spec: Spec) -> Tally {
        let bins = spec.num_bins as usize;
        Tally {
            spec,
            lum: LuminanceTable::new(spec),
            levels: [[[0; 256]; 3]; 2],
            luma: [vec![0; bins], vec![0; bins]],
        }
    }

    /// Counts pixels packed as `r | g << 8 | b << 16`.
    #[inline(always)]
    fn add(&mut self, mut pixels: impl Iterator<Item = u32>) {
        match self.spec.channels {
            Channels::Luminance => {
                while let Some(a) = pixels.next() {
                    self.luma[0][self.lum.bin(a)] += 1;
                    let Some(b) = pixels.next() else { break };
                    self.luma[1][self.lum.bin(b)] += 1;
                }
            }
            Channels::Rgbl => {
                while let Some(a) = pixels.next() {
                    self.rgbl(0, a);
                    let Some(b) = pixels.next() else { break };
                    self.rgbl(1, b);
                }
            }
        }
    }

    #[inline(always)]
    fn rgbl(&mut self, k: usize, p: u32) {
        let levels = &mut self.levels[k];
        levels[0][(p & 0xff) as usize] += 1;
        levels[1][((p >> 8) & 0xff) as usize] += 1;
        levels[2][((p >> 16) & 0xff) as usize] += 1;
        self.luma[k][self.lum.bin(p)] += 1;
    }

    fn histogram(self) -> Histogram {
        let spec = self.spec;
        let channels = spec.channels.count() as usize;
        let mut counts = vec![0u32; spec.len()];
        if spec.channels == Channels::Rgbl {
            for level in 0..256 {
                let bin = spec.bin(level as u32 * 10_000) as usize;
                for c in 0..3 {
                    counts[bin * 4 + c] += self.levels[0][c][level] + self.levels[1][c][level];
                }
            }
        }
        let luma = channels - 1;
        for (bin, (a, b)) in self.luma[0].iter().zip(&self.luma[1]).enumerate() {
            counts[bin * channels + luma] = a + b;
        }
        Histogram { spec, counts }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule itself, a pixel at a time: what the tally must equal.
    fn by_the_rule(pixels: &[[u8; 3]], spec: Spec) -> Vec<u32> {
        let channels = spec.channels.count() as usize;
        let mut counts = vec![0; spec.len()];
        for &[r, g, b] in pixels {
            if spec.channels == Channels::Rgbl {
                for (c, v) in [r, g, b].into_iter().enumerate() {
                    counts[spec.bin(v as u32 * 10_000) as usize * 4 + c] += 1;
                }
            }
            counts[spec.bin(luminance(r, g, b)) as usize * channels + channels - 1] += 1;
        }
        counts
    }

    #[test]
    fn the_tally_counts_every_pixel_by_the_rule() {
        let mut seed = 7u32;
        let mut noise = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (seed >> 24) as u8
        };
        // Odd and even counts (the tally takes pixels in pairs), one colour, noise.
        for n in [1, 2, 3, 771, 4099] {
            let rgb: Vec<[u8; 3]> = (0..n).map(|_| [noise(), noise(), noise()]).collect();
            let flat = vec![[200, 100, 50]; n];
            for pixels in [&rgb, &flat] {
                let rgba: Vec<u8> = pixels.iter().flat_map(|&[r, g, b]| [r, g, b, 9]).collect();
                let packed: Vec<u8> = pixels.iter().flatten().copied().collect();
                for channels in [Channels::Rgbl, Channels::Luminance] {
                    for bins in [1, 7, 64, 256, 1000] {
                        let spec = Spec::new(bins, channels).unwrap();
                        let want = by_the_rule(pixels, spec);
                        assert_eq!(
                            count_rows([&rgba[..]], 4, spec).counts,
                            want,
                            "{n} RGBA, {spec:?}"
                        );
                        assert_eq!(
                            count_rows([&packed[..]], 3, spec).counts,
                            want,
                            "{n} RGB, {spec:?}"
                        );
                    }
                }
            }
            // Grey, with and without alpha: R, G and B each the grey value.
            let grey: Vec<u8> = rgb.iter().map(|p| p[0]).collect();
            let grey_alpha: Vec<u8> = grey.iter().flat_map(|&v| [v, 255]).collect();
            let spec = Spec::rgbl();
            let want = by_the_rule(&grey.iter().map(|&v| [v, v, v]).collect::<Vec<_>>(), spec);
            assert_eq!(count_rows([&grey[..]], 1, spec).counts, want);
            assert_eq!(count_rows([&grey_alpha[..]], 2, spec).counts, want);
        }
    }
}
