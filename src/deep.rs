//! Pictures deeper than 8 bits a channel (16-bit PNG and TIFF), kept at the depth
//! they were stored in, and the rule that counts them.
//!
//! The rule for integer samples of depth d (issue #23): v = stored / (2^d - 1); a
//! channel's bin is `min(floor(v * N), N - 1)`, luminance's the same on
//! `dot((r, g, b), (0.2126, 0.7152, 0.0722))`. It is evaluated exactly, in integers,
//! as the 8-bit rule is (src/histogram.rs): with M = 2^d - 1, a channel's bin is
//! `floor(s * N / M)` and luminance's `floor(L * N / (10000 M))` with
//! `L = 2126 r + 7152 g + 722 b`. So with d = 8 it is the 8-bit rule itself, and with
//! N = 2^d a channel's bin is its stored value (in f32, `v * N` rounds the top
//! levels of a 16-bit channel up into the next bin).

use crate::histogram::{Channels, Histogram, Spec, LUMINANCE_WEIGHTS};
use crate::image::{Image, Region};

/// RGBA samples of `depth` bits (9 to 16, or 8 for an 8-bit picture counted with
/// more bins than the 8-bit kernels hold), 16 bits each, in reading order.
#[derive(Clone, PartialEq, Eq)]
pub struct DeepImage {
    width: u32,
    height: u32,
    depth: u32,
    rgba: Vec<u16>,
}

impl std::fmt::Debug for DeepImage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "DeepImage({}x{}, {} bits)",
            self.width, self.height, self.depth
        )
    }
}

impl DeepImage {
    /// `rgba` holds four samples a pixel, each at most 2^depth - 1.
    pub fn new(width: u32, height: u32, depth: u32, rgba: Vec<u16>) -> Result<DeepImage, String> {
        if !(8..=16).contains(&depth) {
            return Err(format!(
                "a deep picture has 8 to 16 bits a sample, not {depth}"
            ));
        }
        if width == 0 || height == 0 || rgba.len() as u64 != width as u64 * height as u64 * 4 {
            return Err(format!(
                "{} samples do not make a {width}x{height} RGBA picture",
                rgba.len()
            ));
        }
        // Every sample fits 16 bits: the scan (a pass over the whole picture, a
        // long task of the page's for a 24-megapixel scan) is for fewer bits only.
        let max = (1u32 << depth) - 1;
        if depth < 16 {
            if let Some(s) = rgba.iter().find(|&&s| s as u32 > max) {
                return Err(format!("the sample {s} does not fit in {depth} bits"));
            }
        }
        Ok(DeepImage {
            width,
            height,
            depth,
            rgba,
        })
    }

    /// A 16-bit benchmark picture of `Image::bench`'s kinds: "natural" (its smooth
    /// gradients with noise, at 16 bits), "uniform" (one colour) or "noise".
    pub fn bench(kind: &str, width: u32, height: u32) -> Option<DeepImage> {
        let rgba = crate::image::bench_pixels(width, height, |x, y, next| {
            let [r, g, b] = match kind {
                "uniform" => [51400, 30840, 10280],
                "noise" => {
                    let (v, w) = (next(), next());
                    [v as u16, (v >> 16) as u16, w as u16]
                }
                "natural" => {
                    let (fx, fy) = (x as f32 / width as f32, y as f32 / height as f32);
                    let n = ((next() % 4097) as f32 - 2048.0) / 65535.0;
                    let c = |v: f32| (65535.0 * (v + n)).clamp(0.0, 65535.0) as u16;
                    [
                        c(0.3 + 0.5 * fx * fy),
                        c(0.2 + 0.6 * fy * fy),
                        c(0.6 - 0.4 * fx),
                    ]
                }
                _ => return None,
            };
            Some([r, g, b, u16::MAX])
        })?;
        Some(DeepImage {
            width,
            height,
            depth: 16,
            rgba,
        })
    }

    /// An 8-bit picture's samples as they are (depth 8).
    pub fn from_image(image: &Image) -> DeepImage {
        DeepImage {
            width: image.width(),
            height: image.height(),
            depth: 8,
            rgba: image.rgba().iter().map(|&s| s as u16).collect(),
        }
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The largest sample, 2^depth - 1: the M of the rule.
    pub fn max_value(&self) -> u32 {
        (1 << self.depth) - 1
    }

    pub fn rgba(&self) -> &[u16] {
        &self.rgba
    }

    pub fn pixel_count(&self) -> u64 {
        self.width as u64 * self.height as u64
    }

    /// The samples as 8 bits, to draw and to scope: each its `nearest_8_bit`.
    pub fn to_8_bits(&self) -> Image {
        let max = self.max_value();
        let rgba = self.rgba.iter().map(|&s| nearest_8_bit(s, max)).collect();
        Image::from_rgba(self.width, self.height, rgba).expect("the same size")
    }

    /// The pixels of `region` (which must lie inside), as a picture of their own.
    pub fn crop(&self, region: Region) -> DeepImage {
        let rgba = region.cut(&self.rgba, self.width);
        DeepImage {
            width: region.width,
            height: region.height,
            depth: self.depth,
            rgba,
        }
    }
}

/// The nearest 8-bit value of a sample of at most `max`: `round(s * 255 / max)`,
/// halves up (`decode::to_8_bits` for 16 bits).
pub fn nearest_8_bit(sample: u16, max: u32) -> u8 {
    ((sample as u32 * 255 * 2 + max) / (2 * max)) as u8
}

/// The bin of `value` out of `max` in `bins` bins: `min(floor(value * bins / max), bins - 1)`.
#[inline]
pub fn bin_of(value: u64, max: u64, bins: u32) -> u32 {
    (value * bins as u64 / max).min(bins as u64 - 1) as u32
}

/// The levels out of `max` that bin `bin` of `bins` holds by `bin_of`: the first
/// and the last, or `None` where it holds none (more bins than levels).
pub fn levels_in(bin: u32, max: u64, bins: u32) -> Option<(u64, u64)> {
    let (bin, n) = (bin as u64, bins as u64);
    let lo = (bin * max).div_ceil(n);
    let hi = if bin + 1 == n {
        max
    } else {
        ((bin + 1) * max).div_ceil(n) - 1
    };
    (lo <= hi).then_some((lo, hi))
}

/// The scaled luminance of a pixel: `2126 r + 7152 g + 722 b`, out of `10000 M`.
#[inline]
pub fn luminance(r: u16, g: u16, b: u16) -> u64 {
    let [wr, wg, wb] = LUMINANCE_WEIGHTS.map(u64::from);
    wr * r as u64 + wg * g as u64 + wb * b as u64
}

/// The luminance bin of a pixel of samples of at most `max`.
#[inline]
pub fn luminance_bin(r: u16, g: u16, b: u16, max: u64, bins: u32) -> u32 {
    bin_of(luminance(r, g, b), max * 10_000, bins)
}

/// The bins a pixel's R, G, B and luminance are counted in (samples of at most
/// `max`, `bins` bins): where the studio marks the pixel under the pointer on
/// the histogram panel.
pub fn pixel_bins([r, g, b]: [u16; 3], max: u64, bins: u32) -> [u32; 4] {
    [
        bin_of(r as u64, max, bins),
        bin_of(g as u64, max, bins),
        bin_of(b as u64, max, bins),
        luminance_bin(r, g, b, max, bins),
    ]
}

/// The CPU reference for deep pictures: the rule above in 64-bit integers.
pub fn count_cpu(image: &DeepImage, spec: Spec) -> Histogram {
    count_rows([image.rgba()], 4, image.max_value(), spec)
}

/// The rule over rows of samples of at most `max` (2^depth - 1), `channels` a
/// pixel as `histogram::count_rows` takes them (1 grey, 2 grey and alpha, 3 RGB,
/// 4 RGBA; alpha not counted), read where they lie.
pub fn count_rows<'a>(
    rows: impl IntoIterator<Item = &'a [u16]>,
    channels: usize,
    max: u32,
    spec: Spec,
) -> Histogram {
    let bins = spec.num_bins;
    let max = max as u64;
    let stride = spec.channels.count() as usize;
    // A channel's bin for every level the depth has (65536 at most).
    let level: Vec<u32> = (0..=max).map(|s| bin_of(s, max, bins)).collect();
    let mut counts = vec![0u32; spec.len()];
    for row in rows {
        for p in row.chunks_exact(channels.max(1)) {
            let [r, g, b] = if channels >= 3 {
                [p[0], p[1], p[2]]
            } else {
                [p[0]; 3]
            };
            let lum = luminance_bin(r, g, b, max, bins) as usize;
            match spec.channels {
                Channels::Luminance => counts[lum] += 1,
                Channels::Rgbl => {
                    for (c, s) in [r, g, b].into_iter().enumerate() {
                        counts[level[s as usize] as usize * stride + c] += 1;
                    }
                    counts[lum * stride + 3] += 1;
                }
            }
        }
    }
    Histogram::from_counts(spec, counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pixels_bins_are_those_it_is_counted_in() {
        for (depth, pixel) in [
            (8, [0, 128, 255]),
            (8, [17, 200, 3]),
            (16, [65535, 1, 30000]),
        ] {
            let image = DeepImage::new(1, 1, depth, vec![pixel[0], pixel[1], pixel[2], 1]).unwrap();
            for bins in [16, 256, 4096] {
                let counted = count_cpu(&image, Spec::new(bins, Channels::Rgbl).unwrap());
                let want: Vec<u32> = (0..4)
                    .map(|c| counted.channel(c).iter().position(|&n| n == 1).unwrap() as u32)
                    .collect();
                let max = image.max_value() as u64;
                assert_eq!(
                    pixel_bins(pixel, max, bins).to_vec(),
                    want,
                    "{depth} {bins}"
                );
            }
        }
    }

    #[test]
    fn the_nearest_8_bit_value_rounds_halves_up_at_any_depth() {
        for v in 0..=u16::MAX {
            assert_eq!(nearest_8_bit(v, 65535), crate::decode::to_8_bits(v), "{v}");
        }
        for v in 0..=255 {
            assert_eq!(nearest_8_bit(v, 255), v as u8);
        }
        // 10 bits: 2 is 0.499 of a level, 3 is 0.748, 1021 is 254.501.
        let ten: Vec<u8> = [0, 2, 3, 1021, 1023]
            .map(|v| nearest_8_bit(v, 1023))
            .to_vec();
        assert_eq!(ten, [0, 0, 1, 255, 255]);
    }

    #[test]
    fn levels_in_a_bin_are_those_bin_of_puts_there() {
        for max in [255u64, 1023, 65535] {
            for bins in [16, 32, 64, 128, 256, 512, 1024, 2048, 4096] {
                let mut held: Vec<Option<(u64, u64)>> = vec![None; bins as usize];
                for v in 0..=max {
                    let b = &mut held[bin_of(v, max, bins) as usize];
                    *b = Some(b.map_or((v, v), |(lo, _)| (lo, v)));
                }
                for (bin, want) in held.into_iter().enumerate() {
                    assert_eq!(levels_in(bin as u32, max, bins), want, "{max} {bins} {bin}");
                }
            }
        }
    }
}
