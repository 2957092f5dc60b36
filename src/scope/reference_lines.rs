//! Reference lines the visitor sets on the waveform, the parade and the
//! histogram: a level of 8 bits ("16", "235": video black and white) or a percent
//! of full scale ("5%", "95%"), each drawn where a pixel of that value lies.

use crate::image::Image;

/// The lines' colour on the scopes' PNGs (the page draws them in it too).
pub const REFERENCE_COLOUR: [u8; 3] = [0x7f, 0xd4, 0xff];

/// The most lines at once.
pub const MOST_LINES: usize = 8;

/// One reference line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Reference {
    /// An 8-bit level (0-255), the same share of full scale at any depth.
    Level(u8),
    /// A percent of full scale (0-100).
    Percent(f32),
}

/// A line placed: its text as typed and where it lies along the value axis, 0 at
/// the bottom of a waveform or the left of a histogram, 1 at the top or right.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Placed {
    pub text: String,
    pub at: f32,
}

impl Reference {
    /// Lines from `text`: levels and percents apart by commas or spaces ("16,
    /// 235", "5% 95%"); the first word that is neither, or a ninth, is the error.
    pub fn parse_list(text: &str) -> Result<Vec<Reference>, String> {
        let words = text.split([',', ' ']).filter(|w| !w.is_empty());
        let mut lines = Vec::new();
        for word in words {
            if lines.len() == MOST_LINES {
                return Err(word.to_string());
            }
            lines.push(Reference::parse(word).ok_or_else(|| word.to_string())?);
        }
        Ok(lines)
    }

    fn parse(word: &str) -> Option<Reference> {
        match word.strip_suffix('%') {
            Some(p) => p
                .parse::<f32>()
                .ok()
                .filter(|p| (0.0..=100.0).contains(p))
                .map(Reference::Percent),
            None => word.parse::<u8>().ok().map(Reference::Level),
        }
    }

    /// The value it marks at a depth whose top value is `max` (255 at 8 bits):
    /// the nearest, halves up, as the graticule's 10% lines are placed.
    pub fn value(self, max: u32) -> u32 {
        match self {
            // Exact at 8 and 16 bits (255 divides 65535), the nearest between.
            Reference::Level(l) => ((l as u64 * max as u64 + 127) / 255) as u32,
            Reference::Percent(p) => (p as f64 * max as f64 / 100.0 + 0.5).floor() as u32,
        }
    }

    /// Where it lies along a value axis of `max + 1` values: the middle of its own.
    pub fn at(self, max: u32) -> f32 {
        ((self.value(max) as f64 + 0.5) / (max as f64 + 1.0)) as f32
    }

    pub fn text(self) -> String {
        match self {
            Reference::Level(l) => l.to_string(),
            Reference::Percent(p) => format!("{p}%"),
        }
    }

    /// The lines of `text` placed on an axis whose top value is `max`, in order
    /// along it (the page sets every other one's text apart).
    pub fn placed(text: &str, max: u32) -> Result<Vec<Placed>, String> {
        let mut placed: Vec<Placed> = Reference::parse_list(text)?
            .into_iter()
            .map(|r| Placed {
                text: r.text(),
                at: r.at(max),
            })
            .collect();
        placed.sort_by(|a, b| a.at.total_cmp(&b.at));
        Ok(placed)
    }
}

/// `lines` across a waveform or parade drawn at natural size (a row a level,
/// 255 at the top: `draw_waveform`), dashed 4 pixels on, 4 off.
pub fn draw_reference_lines(image: Image, lines: &[Reference]) -> Image {
    let (width, height) = (image.width(), image.height());
    let mut rgba = image.rgba().to_vec();
    for line in lines {
        let row = (height - 1).saturating_sub(line.value(height - 1)) as usize;
        for x in (0..width as usize).filter(|x| x % 8 < 4) {
            let at = (row * width as usize + x) * 4;
            rgba[at..at + 3].copy_from_slice(&REFERENCE_COLOUR);
        }
    }
    Image::from_rgba(width, height, rgba).expect("the same size")
}
