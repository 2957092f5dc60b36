//! RGBA8 images: the one pixel format every method reads, plus the pictures the
//! project makes itself (the site's default image, test and benchmark inputs).

use std::fmt;

/// Largest image the project accepts, in pixels: 4 bytes each must fit a wasm32
/// address space with room to spare (1 GiB of pixels).
pub const MAX_PIXELS: u64 = 1 << 28;

/// Largest image the pages accept: 64 megapixels (8192x8192), 256 MiB of RGBA,
/// which the page, the wasm heap and the GPU each hold once.
pub const WEB_MAX_PIXELS: u32 = 1 << 26;

/// An amount of memory as a person reads it: GiB from 1 GiB up, else MiB (at
/// least 0.1).
pub fn amount(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.1} GiB", bytes as f64 / (1u64 << 30) as f64)
    } else {
        format!("{:.1} MiB", (bytes as f64 / (1u64 << 20) as f64).max(0.1))
    }
}

/// A rectangle of an image's pixels: the part a histogram counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Region {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

impl Region {
    /// `[x, y, width, height]`, as JSON and the command line write a region.
    pub fn xywh(self) -> [u32; 4] {
        [self.x, self.y, self.width, self.height]
    }

    /// All of a `width` x `height` image.
    pub fn whole(width: u32, height: u32) -> Region {
        Region {
            x: 0,
            y: 0,
            width,
            height,
        }
    }

    /// Parses "X,Y,W,H".
    pub fn parse(text: &str) -> Result<Region, String> {
        let numbers: Vec<u32> = text
            .split(',')
            .map(|n| n.trim().parse())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("a region is X,Y,W,H in whole pixels, not '{text}'"))?;
        match numbers[..] {
            [x, y, width, height] if width > 0 && height > 0 => Ok(Region {
                x,
                y,
                width,
                height,
            }),
            [_, _, _, _] => Err(format!("the region '{text}' has no pixels")),
            _ => Err(format!("a region is X,Y,W,H in whole pixels, not '{text}'")),
        }
    }

    /// Checks that the region lies inside a `width` x `height` image.
    pub fn within(&self, width: u32, height: u32) -> Result<(), String> {
        let fits = self.width > 0
            && self.height > 0
            && self.x as u64 + self.width as u64 <= width as u64
            && self.y as u64 + self.height as u64 <= height as u64;
        if fits {
            Ok(())
        } else {
            Err(format!(
                "the region {}x{} at ({}, {}) does not fit in the {width}x{height} image",
                self.width, self.height, self.x, self.y
            ))
        }
    }

    pub fn pixel_count(&self) -> u64 {
        self.width as u64 * self.height as u64
    }

    /// The region's samples (four a pixel, of any kind) out of a picture `width`
    /// pixels wide, in reading order: what every picture type's `crop` copies.
    pub fn cut<T: Copy>(&self, samples: &[T], width: u32) -> Vec<T> {
        let row = width as usize * 4;
        let mut out = Vec::with_capacity(self.pixel_count() as usize * 4);
        for y in self.y..self.y + self.height {
            let start = y as usize * row + self.x as usize * 4;
            out.extend_from_slice(&samples[start..start + self.width as usize * 4]);
        }
        out
    }

    /// The part of `self` inside the rows `top..top + rows`, relative to them.
    pub fn in_rows(&self, top: u32, rows: u32) -> Option<Region> {
        let start = self.y.max(top);
        let end = (self.y + self.height).min(top + rows);
        (start < end).then(|| Region {
            x: self.x,
            y: start - top,
            width: self.width,
            height: end - start,
        })
    }
}

/// An 8-bit RGBA image, rows top to bottom, no padding.
#[derive(Clone, PartialEq, Eq)]
pub struct Image {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

/// Why an image could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImageError {
    Empty,
    TooLarge { width: u32, height: u32 },
    WrongLength { expected: u64, actual: u64 },
}

impl fmt::Display for ImageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImageError::Empty => write!(f, "the image has no pixels"),
            ImageError::TooLarge { width, height } => write!(
                f,
                "the image is {width}x{height}: more than the {} megapixels this tool accepts",
                MAX_PIXELS >> 20
            ),
            ImageError::WrongLength { expected, actual } => {
                write!(f, "expected {expected} bytes of RGBA pixels, got {actual}")
            }
        }
    }
}

impl std::error::Error for ImageError {}

impl fmt::Debug for Image {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Image({}x{})", self.width, self.height)
    }
}

impl Image {
    /// Wraps RGBA bytes, checking the size.
    pub fn from_rgba(width: u32, height: u32, rgba: Vec<u8>) -> Result<Image, ImageError> {
        let pixels = width as u64 * height as u64;
        if pixels == 0 {
            return Err(ImageError::Empty);
        }
        if pixels > MAX_PIXELS {
            return Err(ImageError::TooLarge { width, height });
        }
        if rgba.len() as u64 != pixels * 4 {
            return Err(ImageError::WrongLength {
                expected: pixels * 4,
                actual: rgba.len() as u64,
            });
        }
        Ok(Image {
            width,
            height,
            rgba,
        })
    }

    fn from_fn(width: u32, height: u32, pixel: impl Fn(u32, u32) -> [u8; 4]) -> Image {
        let mut rgba = Vec::with_capacity(width as usize * height as usize * 4);
        for y in 0..height {
            for x in 0..width {
                rgba.extend_from_slice(&pixel(x, y));
            }
        }
        Image::from_rgba(width, height, rgba).expect("generated images are valid")
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    pub fn pixel_count(&self) -> u64 {
        self.width as u64 * self.height as u64
    }

    pub fn rgba(&self) -> &[u8] {
        &self.rgba
    }

    /// The image as a PNG file (8-bit RGBA).
    pub fn to_png(&self) -> Result<Vec<u8>, String> {
        let mut png = Vec::new();
        ::image::ImageEncoder::write_image(
            ::image::codecs::png::PngEncoder::new(&mut png),
            &self.rgba,
            self.width,
            self.height,
            ::image::ExtendedColorType::Rgba8,
        )
        .map_err(|e| format!("cannot encode a PNG: {e}"))?;
        Ok(png)
    }

    /// A copy of the pixels of `region` (which must lie inside the image).
    pub fn crop(&self, region: Region) -> Image {
        let rgba = region.cut(&self.rgba, self.width);
        Image::from_rgba(region.width, region.height, rgba).expect("a region of a valid image")
    }

    /// The benchmark images of ../shared/anchors/cub_hist.cu, pixel for pixel: natural
    /// (smooth gradients plus noise), uniform (one colour) and noise (random bytes).
    /// `histogram bench` and the browser benchmark count the same pixels as CUB.
    pub fn bench(kind: &str, width: u32, height: u32) -> Option<Image> {
        let rgba = bench_pixels(width, height, |x, y, next| {
            let [r, g, b] = match kind {
                "uniform" => [200, 120, 40],
                "noise" => {
                    let v = next();
                    [v as u8, (v >> 8) as u8, (v >> 16) as u8]
                }
                "natural" => {
                    let (fx, fy) = (x as f32 / width as f32, y as f32 / height as f32);
                    let n = (next() % 17) as f32 - 8.0;
                    let c = |v: f32| (255.0 * v + n).clamp(0.0, 255.0) as u8;
                    [
                        c(0.3 + 0.5 * fx * fy),
                        c(0.2 + 0.6 * fy * fy),
                        c(0.6 - 0.4 * fx),
                    ]
                }
                _ => return None,
            };
            Some([r, g, b, 255])
        })?;
        Image::from_rgba(width, height, rgba).ok()
    }

    /// One colour everywhere: the worst case for atomics (every pixel hits one bin).
    pub fn solid(width: u32, height: u32, rgba: [u8; 4]) -> Image {
        Image::from_fn(width, height, |_, _| rgba)
    }

    /// Uniform random bytes: every bin equally likely.
    pub fn noise(width: u32, height: u32, seed: u32) -> Image {
        Image::from_fn(width, height, |x, y| {
            let h = hash(x, y, seed);
            [h as u8, (h >> 8) as u8, (h >> 16) as u8, 255]
        })
    }

    /// The project's own picture: a sunset over hills and water, with film grain.
    /// It gives a natural-looking, uneven histogram without shipping a photo.
    pub fn sunset(width: u32, height: u32) -> Image {
        Image::sunset_at(width, height, 0.0)
    }

    /// The sunset at time `t` in 0..1: the sun sinks, the sky dims, the water ripples
    /// and the grain changes. The frames of the site's default video.
    pub fn sunset_at(width: u32, height: u32, t: f32) -> Image {
        let painter = Sunset::new(width, height, t);
        let mut rgba = Vec::with_capacity(width as usize * height as usize * 4);
        painter.rows(0..height, &mut rgba);
        Image::from_rgba(width, height, rgba).expect("generated images are valid")
    }
}

/// The sunset's painter, a band of rows at a time (a page makes it between frames).
pub struct Sunset {
    width: u32,
    height: u32,
    t: f32,
    /// The hills' line is a column's: found once a column, not once a pixel.
    hills_at: Vec<f32>,
}

impl Sunset {
    const HORIZON: f32 = 0.62;

    pub fn new(width: u32, height: u32, t: f32) -> Sunset {
        let w = width as f32;
        let hills_at = (0..width)
            .map(|x| {
                let u = x as f32 / w;
                Sunset::HORIZON - 0.12 * ridge(u * 3.0, 7) - 0.05 * ridge(u * 9.0, 3)
            })
            .collect();
        Sunset {
            width,
            height,
            t,
            hills_at,
        }
    }

    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// Appends the RGBA of `rows` to `rgba`.
    pub fn rows(&self, rows: std::ops::Range<u32>, rgba: &mut Vec<u8>) {
        for y in rows.start..rows.end.min(self.height) {
            for x in 0..self.width {
                rgba.extend_from_slice(&self.pixel(x, y));
            }
        }
    }

    fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let (w, h, t) = (self.width as f32, self.height as f32, self.t);
        let horizon = Sunset::HORIZON;
        let dusk = 1.0 - 0.55 * t;
        let u = x as f32 / w;
        let v = y as f32 / h;
        let hills = self.hills_at[x as usize];
        let sky = |v: f32| {
            let t = (v / horizon).clamp(0.0, 1.0);
            let top = [0.10 * dusk, 0.16 * dusk, 0.42 * dusk];
            let mid = [0.85 * dusk, 0.45 * dusk, 0.35];
            let low = [1.0, 0.78 * dusk, 0.42 * dusk];
            if t < 0.6 {
                mix(top, mid, t / 0.6)
            } else {
                mix(mid, low, (t - 0.6) / 0.4)
            }
        };
        let sun = |u: f32, v: f32| {
            let (dx, dy) = ((u - 0.62) * w / h, v - 0.45 - 0.2 * t);
            // Most of the picture is outside the sun, where it adds nothing.
            if dx.abs() >= 0.09 || dy.abs() >= 0.09 {
                return 0.0;
            }
            let d = dx.hypot(dy);
            (1.0 - (d / 0.09)).clamp(0.0, 1.0).powf(0.4)
        };
        let colour = if v < hills {
            let s = sun(u, v);
            mix(sky(v), [1.0, 0.95, 0.8], s)
        } else if v < horizon + 0.03 {
            let shade = 0.25 + 0.25 * (hills - v).abs() / 0.2;
            [0.12 * shade, 0.10 * shade, 0.16 * shade + 0.02]
        } else {
            // Water mirrors the sky, darker and rippled.
            let mirror = 2.0 * horizon - v + 0.01 * (v * 220.0 + u * 13.0 + t * 40.0).sin();
            let reflected = mix(sky(mirror), [1.0, 0.9, 0.7], 0.7 * sun(u, mirror));
            let depth = ((v - horizon) / (1.0 - horizon)).clamp(0.0, 1.0);
            mix(reflected, [0.03, 0.06, 0.12], 0.3 + 0.6 * depth)
        };
        let grain = (hash(x, y, 7 + (t * 1000.0) as u32) & 0xff) as f32 / 255.0 - 0.5;
        let c = colour.map(|c| ((c + grain * 0.06) * 255.0).round().clamp(0.0, 255.0) as u8);
        [c[0], c[1], c[2], 255]
    }
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [0, 1, 2].map(|i| a[i] + (b[i] - a[i]) * t)
}

/// A smooth 1-D value-noise ridge in 0..1.
fn ridge(x: f32, seed: u32) -> f32 {
    let i = x.floor();
    let f = x - i;
    let at = |k: f32| (hash(k as u32, 0, seed) & 0xffff) as f32 / 65535.0;
    let t = f * f * (3.0 - 2.0 * f);
    at(i) + (at(i + 1.0) - at(i)) * t
}

/// A small integer hash (good enough for grain and noise, fully deterministic).
fn hash(x: u32, y: u32, seed: u32) -> u32 {
    let mut h =
        x.wrapping_mul(0x8da6_b343) ^ y.wrapping_mul(0xd816_3841) ^ seed.wrapping_mul(0xcb1a_b31f);
    h ^= h >> 16;
    h = h.wrapping_mul(0x7feb_352d);
    h ^= h >> 15;
    h = h.wrapping_mul(0x846c_a68b);
    h ^ (h >> 16)
}

/// The benchmark pictures' samples, row by row: `pixel(x, y, next)` gives each
/// pixel (None: no such kind), `next` the xorshift32 stream CUB's benchmarks
/// (../shared/anchors/cub_hist.cu, bench/cub_deep.cu) draw from in the same order.
pub(crate) fn bench_pixels<T: Copy>(
    width: u32,
    height: u32,
    mut pixel: impl FnMut(u32, u32, &mut dyn FnMut() -> u32) -> Option<[T; 4]>,
) -> Option<Vec<T>> {
    let mut rng = 12345u32;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 17;
        rng ^= rng << 5;
        rng
    };
    let mut samples = Vec::with_capacity(width as usize * height as usize * 4);
    for y in 0..height {
        for x in 0..width {
            samples.extend_from_slice(&pixel(x, y, &mut next)?);
        }
    }
    Some(samples)
}
