//! What the scopes' drawings on the CPU share (the GPU's drawing is checked
//! against them): how counts become light, the waveform's graticules, the words
//! and points placed over a drawing. Each scope's own drawing is in its folder.

use super::*;

/// How counts become light: linear or logarithmic, times a gain. A count as large
/// as the scope's reference (a waveform bin holding 1/32 of its column; a
/// vectorscope cell holding 1/256 of the pixels) is full brightness at gain 1.
/// The vectorscope is magnified `zoom` times about its middle (1 shows every chroma,
/// 2 the inner half: the low saturation of most footage spread out). A waveform's
/// or a parade's codes read as HDR codes of `nits` name their lines in nits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    pub log: bool,
    pub gain: f32,
    pub zoom: f32,
    pub nits: Option<Transfer>,
}

impl Style {
    /// Linear, gain 1, the whole vectorscope.
    pub const PLAIN: Style = Style {
        log: false,
        gain: 1.0,
        zoom: 1.0,
        nits: None,
    };

    /// The brightness, 0 to 1, of `count` against `reference`.
    pub fn brightness(self, count: f32, reference: f32) -> f32 {
        let reference = reference.max(1.0);
        let v = if self.log {
            (1.0 + count).log2() / (1.0 + reference).log2()
        } else {
            count / reference
        };
        (v * self.gain).clamp(0.0, 1.0)
    }
}

/// The graticule's colour, drawn where it is brighter than the counts.
pub const GRATICULE: [f32; 3] = [0.55, 0.42, 0.16];

/// Channel colours: R, G, B, and white for luminance.
pub(super) const COLOURS: [[f32; 3]; 4] = [
    [1.0, 0.0, 0.0],
    [0.0, 1.0, 0.0],
    [0.0, 0.0, 1.0],
    [1.0, 1.0, 1.0],
];

/// The waveform's graticule: a line every 10% of 255, rounded half up, as a
/// video engineer's scope (and its IRE steps) has them.
pub const WAVEFORM_LINES: [u32; 11] = [0, 26, 51, 77, 102, 128, 153, 179, 204, 230, 255];

/// The lines' names, 0% at the bottom.
pub const LINE_NAMES: [&str; 11] = [
    "0%", "10%", "20%", "30%", "40%", "50%", "60%", "70%", "80%", "90%", "100%",
];

/// The row, from the bottom of a waveform or parade drawn `rows` high, that
/// `level`'s line is drawn on: the one holding the middle of the level, so a line
/// is one pixel thick at any height (shaders/scope/scope.wgsl `lineRows`).
pub fn line_row(level: u32, rows: u32) -> u32 {
    ((level as f32 + 0.5) * rows as f32 / 256.0).floor() as u32
}

/// Video levels (limited range, BT.601 and BT.709 alike): the Y′ codes of black
/// and of white. A waveform of Y′ as decoded shows codes below and above them.
pub const VIDEO_BLACK: u32 = 16;
pub const VIDEO_WHITE: u32 = 235;

/// The graticule of a waveform of Y′ as decoded: every 10% of
/// `VIDEO_BLACK..=VIDEO_WHITE`, rounded half up.
pub const VIDEO_LINES: [u32; 11] = [16, 38, 60, 82, 104, 126, 147, 169, 191, 213, 235];

/// Where a waveform's levels are outside video levels, the graticule's tint: the
/// counts there are drawn over it.
pub const OUTSIDE_LEGAL: [f32; 3] = [0.2, 0.04, 0.04];

/// What a waveform's graticule marks: shares of full range, of video levels (Y′
/// as decoded), or the light a display gives for HDR codes, in nits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Graticule {
    Full,
    Video,
    Nits(Transfer),
}

impl Graticule {
    /// A waveform's: in nits where its codes are HDR codes of `nits`, else of
    /// video levels where its luminance is Y′ as decoded.
    pub fn new(nits: Option<Transfer>, decoded_luma: bool) -> Graticule {
        match nits {
            Some(transfer) => Graticule::Nits(transfer),
            None if decoded_luma => Graticule::Video,
            None => Graticule::Full,
        }
    }

    /// The level of the HDR reference white's line, drawn brighter.
    pub fn reference_white(self) -> Option<u32> {
        match self {
            Graticule::Nits(transfer) => Some(transfer.reference_white()),
            _ => None,
        }
    }

    /// Its lines, each a level (of 256) and its name, from the bottom.
    pub fn lines(self) -> Vec<(u32, &'static str)> {
        match self {
            Graticule::Full => WAVEFORM_LINES.into_iter().zip(LINE_NAMES).collect(),
            Graticule::Video => VIDEO_LINES.into_iter().zip(LINE_NAMES).collect(),
            Graticule::Nits(transfer) => transfer.lines(),
        }
    }
}

/// Whether `level` of a waveform in video levels is outside 16..=235.
pub fn outside_legal(level: u32) -> bool {
    !(VIDEO_BLACK..=VIDEO_WHITE).contains(&level)
}

pub(super) fn to_rgba(pixels: Vec<[f32; 3]>, width: u32, height: u32) -> Image {
    let rgba = pixels
        .into_iter()
        .flat_map(|c| {
            let [r, g, b] = c.map(|v| (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8);
            [r, g, b, 255]
        })
        .collect();
    Image::from_rgba(width, height, rgba).expect("sized to fit")
}

/// A word on a scope's graticule: `text` at (`x`, `y`) of the scope's unit square
/// (y down), where the page sets it over the drawing.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Label {
    pub text: &'static str,
    pub x: f32,
    pub y: f32,
}

/// A pixel's place on a scope: its value of `channel` (0 R, 1 G, 2 B, 3
/// luminance; the vectorscope's chroma is 3) at (`x`, `y`) of the scope's unit
/// square (y down), where the page marks it over the drawing.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Point {
    pub channel: usize,
    pub x: f32,
    pub y: f32,
}

/// The graticule named, as a pro tool names it, on `scope` (its `Kind::labels`):
/// a waveform's and a parade's lines by their share of full scale (0 to 100% in
/// tens; of video levels with `Graticule::Video`) or by their light in nits; the
/// vectorscope's colour-bar targets by their colours.
pub fn graticule_labels(scope: Scope, zoom: f32, graticule: Graticule) -> Vec<Label> {
    scope.kind().labels(scope.size(), zoom, graticule)
}

/// A waveform's or a parade's lines named at their left edge.
pub(super) fn level_labels(graticule: Graticule) -> Vec<Label> {
    graticule
        .lines()
        .into_iter()
        .map(|(level, text)| Label {
            text,
            x: 0.0,
            y: 1.0 - (level as f32 + 0.5) / LEVELS as f32,
        })
        .collect()
}

/// Where the pixel `rgb`, in column `column` of the `columns` counted, lies on
/// `scope` (its `Kind::points`) drawn with `shown` channels and `zoom`: each
/// channel's level at the middle of its column and level, as the drawing places
/// them; on the vectorscope the middle of its chroma codes, none where the zoom
/// leaves them out of view, its chroma read by `matrix`. The luminance is `luma`,
/// the pixel's Y′ as decoded, where the scope counts that (a video frame that
/// came as YUV), else the one of its R, G and B.
pub fn scope_points(
    scope: Scope,
    shown: &[usize],
    zoom: f32,
    (column, columns): (u32, u32),
    (rgb, luma): ([u8; 3], Option<u8>),
    matrix: Matrix,
) -> Vec<Point> {
    let at = Pointed {
        column,
        columns,
        rgb,
        luma,
        matrix,
    };
    scope.kind().points(scope.size(), at, shown, zoom)
}

impl Pointed {
    /// The pixel's level of `channel` (0 R, 1 G, 2 B, 3 luminance).
    pub(super) fn level(&self, channel: usize) -> u8 {
        let [r, g, b] = self.rgb;
        match channel {
            0 => r,
            1 => g,
            2 => b,
            _ => self.luma.unwrap_or_else(|| luma_level(r, g, b) as u8),
        }
    }

    /// Where its level of `channel` lies down a waveform's unit square.
    pub(super) fn y(&self, channel: usize) -> f32 {
        1.0 - (self.level(channel) as f32 + 0.5) / LEVELS as f32
    }

    /// Where its column's middle lies across the counted columns (0 to 1).
    pub(super) fn across(&self) -> f32 {
        (self.column as f32 + 0.5) / self.columns.max(1) as f32
    }
}
