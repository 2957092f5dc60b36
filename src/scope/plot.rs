//! The scopes drawn on the CPU (the GPU's drawing is checked against them): the
//! waveform, the parade and the vectorscope with their graticules, targets and
//! labels.

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

/// The reference count of a waveform whose columns count `height` pixels.
pub fn waveform_reference(height: u32) -> f32 {
    height as f32 / 32.0
}

/// The reference count of a vectorscope over `pixels` pixels.
pub fn vectorscope_reference(pixels: u64) -> f32 {
    pixels as f32 / 256.0
}

/// The graticule's colour, drawn where it is brighter than the counts.
pub const GRATICULE: [f32; 3] = [0.55, 0.42, 0.16];

/// Channel colours: R, G, B, and white for luminance.
const COLOURS: [[f32; 3]; 4] = [
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

fn to_rgba(pixels: Vec<[f32; 3]>, width: u32, height: u32) -> Image {
    let rgba = pixels
        .into_iter()
        .flat_map(|c| {
            let [r, g, b] = c.map(|v| (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8);
            [r, g, b, 255]
        })
        .collect();
    Image::from_rgba(width, height, rgba).expect("sized to fit")
}

/// The waveform at natural size: a pixel per column and level (`width` x 256),
/// the `shown` channels (0 R, 1 G, 2 B, 3 luminance) added in their colours, the
/// graticule every 10% (of video levels, the levels outside them tinted, where
/// the luminance is Y′ as decoded), or in nits of HDR codes (`style.nits`), the
/// reference white brighter.
pub fn draw_waveform(waveform: &Waveform, shown: &[usize], style: Style) -> Image {
    let reference = waveform_reference(waveform.height);
    let graticule = Graticule::new(style.nits, waveform.decoded_luma);
    let video = graticule == Graticule::Video;
    let lines: Vec<u32> = graticule.lines().into_iter().map(|(l, _)| l).collect();
    let white = graticule.reference_white();
    let mut pixels = Vec::with_capacity(waveform.width as usize * LEVELS);
    for y in 0..LEVELS as u32 {
        let level = 255 - y as usize;
        for x in 0..waveform.width {
            let mut c = [0.0f32; 3];
            for &ch in shown {
                let light = style.brightness(waveform.column(x, ch)[level] as f32, reference);
                for k in 0..3 {
                    c[k] += COLOURS[ch][k] * light;
                }
            }
            if white == Some(level as u32) {
                // Brighter than the graticule: in the labels' colour.
                c = [0, 1, 2].map(|k| c[k].max(LABEL_COLOUR[k] as f32 / 255.0));
            } else if lines.contains(&(level as u32)) {
                c = [0, 1, 2].map(|k| c[k].max(GRATICULE[k]));
            } else if video && outside_legal(level as u32) {
                c = [0, 1, 2].map(|k| c[k].max(OUTSIDE_LEGAL[k]));
            }
            pixels.push(c);
        }
    }
    to_rgba(pixels, waveform.width, LEVELS as u32)
}

/// The parade's parts, left to right, of the `shown` channels: luminance first
/// (YRGB, as video tools order it), then R, G and B; R, G and B when none is.
pub fn parade_order(shown: &[usize]) -> Vec<usize> {
    let order: Vec<usize> = [3, 0, 1, 2]
        .into_iter()
        .filter(|c| shown.contains(c))
        .collect();
    if order.is_empty() {
        vec![0, 1, 2]
    } else {
        order
    }
}

/// The parade at natural size: the waveforms of the `shown` channels side by side,
/// in `parade_order`.
pub fn draw_parade(waveform: &Waveform, shown: &[usize], style: Style) -> Image {
    let parts: Vec<Image> = parade_order(shown)
        .into_iter()
        .map(|c| draw_waveform(waveform, &[c], style))
        .collect();
    let w = waveform.width as usize * 4;
    let mut rgba = Vec::with_capacity(w * parts.len() * LEVELS);
    for y in 0..LEVELS {
        for part in &parts {
            rgba.extend_from_slice(&part.rgba()[y * w..(y + 1) * w]);
        }
    }
    Image::from_rgba(waveform.width * parts.len() as u32, LEVELS as u32, rgba)
        .expect("sized to fit")
}

/// Where the six colour bars land at `v` (191 for 75% bars, 255 for 100%): (cb,
/// cr) codes of red, yellow, green, cyan, blue and magenta.
pub fn colour_bar_targets(v: u8) -> [(u32, u32); 6] {
    [
        (v, 0, 0),
        (v, v, 0),
        (0, v, 0),
        (0, v, v),
        (0, 0, v),
        (v, 0, v),
    ]
    .map(|(r, g, b)| chroma_codes(r, g, b))
}

/// The vectorscope's targets, boxed on its graticule: the 75% bars' and the 100%
/// bars'.
pub fn vectorscope_targets() -> [(u32, u32); 12] {
    let (a, b) = (colour_bar_targets(191), colour_bar_targets(255));
    std::array::from_fn(|i| if i < 6 { a[i] } else { b[i - 6] })
}

/// A word on a scope's graticule: `text` at (`x`, `y`) of the scope's unit square
/// (y down), where the page sets it over the drawing.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Label {
    pub text: &'static str,
    pub x: f32,
    pub y: f32,
}

/// The graticule named, as a pro tool names it: the waveform's and the parade's
/// lines by their share of full scale (0 to 100% in tens; of video levels with
/// `Graticule::Video`), or by their light in nits, at their left edge;
/// the vectorscope's six 75% colour-bar targets by their colours (R, Yl, G, Cy, B,
/// Mg), each just outside its box, away from the centre, where `zoom` leaves them
/// in view.
pub fn graticule_labels(scope: Scope, zoom: f32, graticule: Graticule) -> Vec<Label> {
    let magnification = match scope {
        Scope::Vectorscope { size } => vectorscope_magnification(size, zoom),
        _ => 1.0,
    };
    match scope {
        Scope::Waveform | Scope::Parade => graticule
            .lines()
            .into_iter()
            .map(|(level, text)| Label {
                text,
                x: 0.0,
                y: 1.0 - (level as f32 + 0.5) / LEVELS as f32,
            })
            .collect(),
        Scope::Vectorscope { .. } => colour_bar_targets(191)
            .iter()
            .zip(["R", "Yl", "G", "Cy", "B", "Mg"])
            .filter_map(|(&(cb, cr), text)| {
                let (dx, dy) = (
                    (cb as f32 + 0.5) / 256.0 - 0.5,
                    0.5 - (cr as f32 + 0.5) / 256.0,
                );
                // 16 codes past the target, away from the centre.
                let away = 1.0 + 16.0 / 256.0 / dx.hypot(dy);
                let (x, y) = (
                    0.5 + dx * away * magnification,
                    0.5 + dy * away * magnification,
                );
                ((0.02..0.98).contains(&x) && (0.02..0.98).contains(&y)).then_some(Label {
                    text,
                    x,
                    y,
                })
            })
            .collect(),
    }
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

/// Where the pixel `rgb`, in column `column` of the `columns` counted, lies on
/// `scope` drawn with `shown` channels (overlaid on the waveform, a part each on
/// the parade) and `zoom` (the vectorscope's): each channel's level at the middle
/// of its column and level, as the drawing places them; on the vectorscope the
/// middle of its chroma codes, none where the zoom leaves them out of view. The
/// luminance is `luma`, the pixel's Y′ as decoded, where the scope counts that
/// (a video frame that came as YUV), else the one of its R, G and B.
pub fn scope_points(
    scope: Scope,
    shown: &[usize],
    zoom: f32,
    (column, columns): (u32, u32),
    [r, g, b]: [u8; 3],
    luma: Option<u8>,
) -> Vec<Point> {
    let level = |c: usize| match c {
        0 => r,
        1 => g,
        2 => b,
        _ => luma.unwrap_or_else(|| luma_level(r, g, b) as u8),
    };
    let y = |c: usize| 1.0 - (level(c) as f32 + 0.5) / LEVELS as f32;
    let across = (column as f32 + 0.5) / columns.max(1) as f32;
    match scope {
        Scope::Waveform => shown
            .iter()
            .map(|&channel| Point {
                channel,
                x: across,
                y: y(channel),
            })
            .collect(),
        Scope::Parade => {
            let parts = parade_order(shown);
            let n = parts.len() as f32;
            parts
                .iter()
                .enumerate()
                .map(|(i, &channel)| Point {
                    channel,
                    x: (i as f32 + across) / n,
                    y: y(channel),
                })
                .collect()
        }
        Scope::Vectorscope { size } => {
            let (cb, cr) = chroma_codes(r, g, b);
            let magnification = vectorscope_magnification(size, zoom);
            let x = 0.5 + ((cb as f32 + 0.5) / 256.0 - 0.5) * magnification;
            let y = 0.5 + (0.5 - (cr as f32 + 0.5) / 256.0) * magnification;
            let seen = (0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y);
            seen.then_some(Point { channel: 3, x, y })
                .into_iter()
                .collect()
        }
    }
}

/// A vectorscope graticule line's half-width, in pixels: a little over half, so
/// that a line midway between two pixels' centres (the axes at 2x) lights both
/// rather than neither.
pub const LINE_HALF: f32 = 0.51;

/// The skin-tone line's angle, degrees counterclockwise from +Cb (right) towards
/// +Cr (up): where the faces of every complexion fall.
pub const SKIN_TONE_DEGREES: f32 = 123.0;

/// Whether a point of the vectorscope's code plane (cb right, cr up; `half` the
/// half-width of a pixel in codes) lies on the graticule: the outer circle, the
/// axes through neutral, a box round each target (`vectorscope_targets`), the
/// skin-tone line.
pub fn on_vectorscope_graticule(cb: f32, cr: f32, half: f32, targets: &[(u32, u32)]) -> bool {
    let (dx, dy) = (cb - 128.0, cr - 128.0);
    let radius = 127.5;
    let distance = (dx * dx + dy * dy).sqrt();
    if (distance - radius).abs() < half || dx.abs() < half || dy.abs() < half {
        return true;
    }
    let boxed = targets.iter().any(|&(tb, tr)| {
        let edge = (cb - tb as f32).abs().max((cr - tr as f32).abs());
        (edge - 5.0).abs() < half
    });
    let angle = SKIN_TONE_DEGREES.to_radians();
    let (ux, uy) = (angle.cos(), angle.sin());
    let along = dx * ux + dy * uy;
    let across = (dx * uy - dy * ux).abs();
    boxed || (along > 0.0 && along < radius && across < half)
}

/// The chroma a cell stands for, shown in its own hue: the colour of that (Cb, Cr)
/// at Y' = 0.5, scaled so its brightest channel is 1 (neutral is white).
pub fn cell_hue(cb: f32, cr: f32) -> [f32; 3] {
    let (pb, pr) = ((cb - 128.0) / 255.0, (cr - 128.0) / 255.0);
    let y = 0.5;
    let r = y + 1.5748 * pr;
    let b = y + 1.8556 * pb;
    let g = (y - 0.2126 * r - 0.0722 * b) / 0.7152;
    let c = [r, g, b].map(|v| v.clamp(0.0, 1.0));
    let most = c[0].max(c[1]).max(c[2]).max(1e-6);
    c.map(|v| v / most)
}

/// The side of a `size`-cell vectorscope drawn at natural size: its cells and a
/// margin of at least a cell (8 codes or more) each side, so that the boxes round
/// the 100% targets, which lie on the code plane's edge, are drawn whole.
pub fn vectorscope_side(size: u32) -> u32 {
    size + 2 * (size / 32).max(1)
}

/// How many times the code plane spans its drawing's width: `zoom` (at least 1)
/// less the margin (`vectorscope_side`).
pub fn vectorscope_magnification(size: u32, zoom: f32) -> f32 {
    zoom.max(1.0) * size as f32 / vectorscope_side(size) as f32
}

/// The vectorscope at natural size (`vectorscope_side`): a pixel per cell, lit in
/// its hue by its count, with the graticule; magnified `style.zoom` times about its
/// middle, each pixel the cell under its centre (none in the margin).
pub fn draw_vectorscope(scope: &Vectorscope, style: Style) -> Image {
    let n = scope.size;
    let side = vectorscope_side(n);
    let reference = vectorscope_reference(scope.pixels);
    let targets = vectorscope_targets();
    let magnification = vectorscope_magnification(n, style.zoom);
    // Pixel k's centre, 0..1 across the code plane, once magnified about the
    // middle (the edge between codes 127 and 128: at 2x no pixel's centre falls on
    // a cell's edge, where the CPU's and the GPU's rounding could differ).
    let at = |k: u32| 0.5 + ((k as f32 + 0.5) / side as f32 - 0.5) / magnification;
    let mut pixels = Vec::with_capacity((side * side) as usize);
    for row in 0..side {
        for column in 0..side {
            let (tx, ty) = (at(column), at(row));
            // In codes: cb right, cr up.
            let (cb, cr) = (tx * 256.0 - 0.5, 255.5 - ty * 256.0);
            let cell = |t: f32| (t * n as f32).floor() as u32;
            let inside = (0.0..1.0).contains(&tx) && (0.0..1.0).contains(&ty);
            let count = if inside {
                scope.counts[(cell(ty).min(n - 1) * n + cell(tx).min(n - 1)) as usize]
            } else {
                0
            };
            let light = style.brightness(count as f32, reference);
            let mut c = cell_hue(cb, cr).map(|v| v * light);
            let half = LINE_HALF * 256.0 / side as f32 / magnification;
            if on_vectorscope_graticule(cb, cr, half, &targets) {
                c = [0, 1, 2].map(|k| c[k].max(GRATICULE[k]));
            }
            pixels.push(c);
        }
    }
    to_rgba(pixels, side, side)
}
