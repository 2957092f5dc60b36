//! Exposure overlays on the picture, as camera monitors draw them: zebra stripes
//! on the pixels whose luminance is at or above a level, and false colour, each
//! pixel painted by the exposure band its luminance is in (the picture's luminance
//! as grey between the bands). Luminance is the histograms' (`luma_level`: 0-255)
//! of the values shown: stored, or adjusted right of the studio's split. The CPU
//! reference of picture.wgsl's `overlay`, which draws the same from these tables.

use super::luma_level;
use crate::image::Image;

/// An overlay, or none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Overlay {
    #[default]
    Off,
    /// Stripes on the pixels at or above `percent` of full scale (0-100).
    Zebra {
        percent: u8,
    },
    FalseColour,
}

/// Stripes are this many pixels of the target wide, across the diagonal: a pixel
/// at (x, y) of the target is on a stripe when `(x + y) / ZEBRA_STRIPE` is even.
pub const ZEBRA_STRIPE: u32 = 4;

/// A zebra stripe's colour.
pub const ZEBRA_COLOUR: [u8; 3] = [0, 0, 0];

/// One band of false colour: the luminance levels `from..=to` painted `colour`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Band {
    /// The band's name in the catalogues: `overlay-band-<id>`.
    pub id: &'static str,
    pub from: u8,
    pub to: u8,
    pub colour: [u8; 3],
}

/// The bands, as cinema cameras' false colour marks them, in levels of full scale
/// (the percent each starts at, of 255, rounded to a level): black crushed (below
/// 2.5%), just above black (to 4%), middle grey (18% reflectance: 38-42%), one stop
/// over it (52-56%, where faces often sit), just below white (97-99%) and white
/// clipped (above 99%).
pub const BANDS: [Band; 6] = [
    band("crushed", 0, 6, [128, 0, 160]),
    band("near-black", 7, 10, [0, 80, 255]),
    band("middle-grey", 97, 107, [0, 170, 70]),
    band("one-stop-over", 133, 142, [255, 105, 180]),
    band("near-white", 248, 252, [255, 220, 0]),
    band("clipped", 253, 255, [230, 0, 0]),
];

const fn band(id: &'static str, from: u8, to: u8, colour: [u8; 3]) -> Band {
    Band {
        id,
        from,
        to,
        colour,
    }
}

impl Overlay {
    /// Every overlay, in the pages' order: the surfaces offer these, each with
    /// what it takes (`percent`, `banded`); the zebra at the level it starts at.
    pub const ALL: [Overlay; 3] = [
        Overlay::Off,
        Overlay::Zebra { percent: 95 },
        Overlay::FalseColour,
    ];

    /// The level it marks from, in percent of full scale, where it takes one.
    pub fn percent(self) -> Option<u8> {
        match self {
            Overlay::Zebra { percent } => Some(percent),
            Overlay::Off | Overlay::FalseColour => None,
        }
    }

    /// Whether it paints `BANDS`, which a key then names.
    pub fn banded(self) -> bool {
        self == Overlay::FalseColour
    }

    /// A zebra level given in percent, checked.
    pub fn zebra(percent: u32) -> Result<Overlay, String> {
        match u8::try_from(percent) {
            Ok(percent) if percent <= 100 => Ok(Overlay::Zebra { percent }),
            _ => Err(format!(
                "the zebra's level is a percent of full scale, 0 to 100, not {percent}"
            )),
        }
    }

    /// An overlay by name ("off", "zebra" at `percent`, "false-colour"), as the
    /// pages name them.
    pub fn named(name: &str, percent: u32) -> Result<Overlay, String> {
        let overlay = Overlay::ALL.into_iter().find(|o| o.name() == name);
        match overlay.ok_or_else(|| format!("no overlay called '{name}'"))? {
            Overlay::Zebra { .. } => Overlay::zebra(percent),
            other => Ok(other),
        }
    }

    /// Its name, as the pages and the command line's files have it.
    pub fn name(self) -> &'static str {
        match self {
            Overlay::Off => "off",
            Overlay::Zebra { .. } => "zebra",
            Overlay::FalseColour => "false-colour",
        }
    }

    /// The shader's code for the overlay: 0 none, 1 zebra, 2 false colour.
    pub fn code(self) -> u32 {
        match self {
            Overlay::Off => 0,
            Overlay::Zebra { .. } => 1,
            Overlay::FalseColour => 2,
        }
    }

    /// The lowest luminance level a zebra stripes: `percent` of 255, rounded up.
    pub fn zebra_level(percent: u8) -> u8 {
        (u32::from(percent) * 255).div_ceil(100) as u8
    }

    /// The pixel (`rgb` shown) at (`x`, `y`) of the target, overlaid.
    pub fn overlay(self, rgb: [u8; 3], x: u32, y: u32) -> [u8; 3] {
        let level = luma_level(rgb[0], rgb[1], rgb[2]) as u8;
        match self {
            Overlay::Off => rgb,
            Overlay::Zebra { percent } => {
                let striped = level >= Self::zebra_level(percent)
                    && ((x + y) / ZEBRA_STRIPE).is_multiple_of(2);
                if striped {
                    ZEBRA_COLOUR
                } else {
                    rgb
                }
            }
            Overlay::FalseColour => band_of(level).map_or([level; 3], |b| b.colour),
        }
    }

    /// `image` with the overlay, at its own size.
    pub fn draw(self, image: &Image) -> Image {
        let width = image.width();
        let mut rgba = image.rgba().to_vec();
        for (i, p) in rgba.chunks_exact_mut(4).enumerate() {
            let (x, y) = (i as u32 % width, i as u32 / width);
            let [r, g, b] = self.overlay([p[0], p[1], p[2]], x, y);
            p[..3].copy_from_slice(&[r, g, b]);
        }
        Image::from_rgba(width, image.height(), rgba).expect("the image's own size")
    }

    /// How many pixels the overlay marks, from the luminance histogram's 256
    /// counts: for the zebra, those at or above its level; for false colour, those
    /// in each band (`BANDS`' order).
    pub fn marked(self, luminance: &[u32]) -> Vec<u64> {
        let sum = |from: u8, to: u8| {
            luminance[from as usize..=to as usize]
                .iter()
                .map(|&c| u64::from(c))
                .sum()
        };
        match self {
            Overlay::Off => vec![],
            Overlay::Zebra { percent } => vec![sum(Self::zebra_level(percent), 255)],
            Overlay::FalseColour => BANDS.iter().map(|b| sum(b.from, b.to)).collect(),
        }
    }
}

/// The band a luminance level is in, if any.
pub fn band_of(level: u8) -> Option<&'static Band> {
    BANDS.iter().find(|b| (b.from..=b.to).contains(&level))
}

/// What picture.wgsl's `View` holds of the overlay, after the split, as u32s:
/// the zebra's level, its stripe's width and colour, then each band's
/// from, to, colour and 0. Colours are packed opaque, red in the low byte.
pub fn view_words(overlay: Overlay) -> Vec<u32> {
    let packed = |[r, g, b]: [u8; 3]| u32::from_le_bytes([r, g, b, 255]);
    let level = overlay.percent().map_or(0, Overlay::zebra_level);
    let mut words = vec![u32::from(level), ZEBRA_STRIPE, packed(ZEBRA_COLOUR)];
    for b in BANDS {
        words.extend([u32::from(b.from), u32::from(b.to), packed(b.colour), 0]);
    }
    words
}

/// The 256 luminance levels' counts of `image` (`luma_level` of each pixel).
pub fn luminance_counts(image: &Image) -> Vec<u32> {
    let mut counts = vec![0u32; 256];
    for p in image.rgba().chunks_exact(4) {
        counts[luma_level(p[0], p[1], p[2])] += 1;
    }
    counts
}

/// An overlay's JSON line: what was drawn, then what it marks.
#[derive(serde::Serialize)]
struct Line<'a> {
    file: &'a str,
    width: u32,
    height: u32,
    scope: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<[u32; 4]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    percent: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    marked: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bands: Option<Vec<Marked<'a>>>,
    pixels: u64,
}

/// A band and the pixels it marks, as the JSON lists them.
#[derive(serde::Serialize)]
struct Marked<'a> {
    #[serde(flatten)]
    band: &'a Band,
    pixels: u64,
}

/// What an overlay marks in an image of `width` x `height` (`luminance`: the
/// drawn pixels' 256 luminance counts) as one JSON object: the zebra's
/// `{"file", "width", "height", "scope": "zebra", "percent", "level", "marked",
/// "pixels"}`, false colour's `"bands": [{"id", "from", "to", "colour",
/// "pixels"}]`; `"region"` when only a rectangle was drawn.
pub fn overlay_json(
    file: &str,
    overlay: Overlay,
    (width, height): (u32, u32),
    region: Option<crate::image::Region>,
    luminance: &[u32],
) -> String {
    let marked = overlay.marked(luminance);
    let zebra = overlay.percent();
    crate::json::line(&Line {
        file,
        width,
        height,
        scope: overlay.name(),
        region: region.map(crate::image::Region::xywh),
        percent: zebra,
        level: zebra.map(Overlay::zebra_level),
        marked: zebra.map(|_| marked[0]),
        bands: zebra.is_none().then(|| {
            BANDS
                .iter()
                .zip(&marked)
                .map(|(band, &pixels)| Marked { band, pixels })
                .collect()
        }),
        pixels: luminance.iter().map(|&c| u64::from(c)).sum(),
    })
}
