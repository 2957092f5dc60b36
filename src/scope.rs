//! Scopes: histograms in two dimensions, as video editors read them. Their
//! definitions, the CPU reference every GPU count is checked against, the drawing
//! at natural size (one pixel per bin: what `histogram scope` writes as PNG) and
//! the JSON of the counts.
//!
//! - **Waveform**: for every pixel column, the histogram of its values: R, G, B by
//!   the stored 8-bit value, luminance by the histograms' integer rule (256 bins).
//!   Drawn with x = column, y = value (0 at the bottom). A video frame's luminance
//!   can instead be its Y′ byte as decoded: video levels, 16 black and 235 white,
//!   the codes past them (sub-blacks, super-whites) in view.
//! - **Parade**: the R, G and B waveforms side by side (the same counts); with
//!   luminance, YRGB.
//! - **Vectorscope**: the histogram of chroma on an N x N grid. R', G', B' =
//!   stored / 255 (f32); Y' = 0.2126 R' + 0.7152 G' + 0.0722 B'; Cb = (B' - Y') /
//!   1.8556, Cr = (R' - Y') / 1.5748 (BT.709, full range); 8-bit codes cb =
//!   floor(128 + 255 Cb + 0.5), cr likewise, clamped to 0..=255; column =
//!   floor(cb N / 256), row = floor((255 - cr) N / 256): +Cr up, neutral grey on
//!   one cell.

use crate::histogram::{luminance, Channels, Spec};
use crate::image::{Image, Region};
use crate::json::{Entries, Rows};

/// Value levels of a waveform column, per channel.
pub const LEVELS: usize = 256;

/// Which scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Waveform,
    Parade,
    /// The grid has `size` cells a side; `size` divides 256.
    Vectorscope {
        size: u32,
    },
}

impl Scope {
    pub fn name(self) -> &'static str {
        match self {
            Scope::Waveform => "waveform",
            Scope::Parade => "parade",
            Scope::Vectorscope { .. } => "vectorscope",
        }
    }

    /// Checks a vectorscope's size, with the reason when it cannot be.
    pub fn check(self) -> Result<Scope, String> {
        match self {
            Scope::Vectorscope { size } if size == 0 || size > 256 || 256 % size != 0 => Err(
                format!("the vectorscope's size divides 256 (1, 2, 4, ... 256), not {size}"),
            ),
            _ => Ok(self),
        }
    }
}

/// A waveform's counts: `width` columns of 4 channels (R, G, B, luminance) of
/// `LEVELS` bins, `counts[(column * 4 + channel) * LEVELS + level]`; each column
/// counts `height` pixels. With `decoded_luma`, channel 3 counts each pixel's Y′
/// byte as the video's decoder made it, not luminance from R′G′B′.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waveform {
    pub width: u32,
    pub height: u32,
    pub counts: Vec<u32>,
    pub decoded_luma: bool,
}

impl Waveform {
    /// The bins of one column and channel (0 R, 1 G, 2 B, 3 luminance).
    pub fn column(&self, column: u32, channel: usize) -> &[u32] {
        let at = (column as usize * 4 + channel) * LEVELS;
        &self.counts[at..at + LEVELS]
    }
}

/// A vectorscope's counts: `size` rows (row 0 at the top: the most +Cr) of `size`
/// cells, `counts[row * size + column]`, over `pixels` pixels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vectorscope {
    pub size: u32,
    pub pixels: u64,
    pub counts: Vec<u32>,
}

/// The luminance level of a pixel (the histograms' rule with 256 bins).
pub fn luma_level(r: u8, g: u8, b: u8) -> usize {
    Spec::rgbl().bin(luminance(r, g, b)) as usize
}

/// The 8-bit chroma codes (cb, cr) of a pixel, as the definition computes them in f32.
pub fn chroma_codes(r: u8, g: u8, b: u8) -> (u32, u32) {
    let [r, g, b] = [r, g, b].map(|v| v as f32 / 255.0);
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let code = |d: f32, k: f32| (128.0 + 255.0 * (d / k) + 0.5).floor().clamp(0.0, 255.0) as u32;
    (code(b - y, 1.8556), code(r - y, 1.5748))
}

/// The cell (column, row) of a pixel on a `size` x `size` vectorscope.
pub fn chroma_cell(r: u8, g: u8, b: u8, size: u32) -> (u32, u32) {
    let (cb, cr) = chroma_codes(r, g, b);
    (cb * size / 256, (255 - cr) * size / 256)
}

/// A scope's counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Counts {
    Waveform(Waveform),
    Vectorscope(Vectorscope),
}

impl Counts {
    /// The counts in JSON (see `waveform_json`, `vectorscope_json`); `size` is the
    /// image's.
    pub fn json(&self, file: &str, size: (u32, u32), region: Option<Region>) -> String {
        match self {
            Counts::Waveform(w) => waveform_json(file, w, size, region),
            Counts::Vectorscope(v) => vectorscope_json(file, v, size, region),
        }
    }

    /// The scope drawn at natural size: the waveform or the parade of the `shown`
    /// channels (0 R, 1 G, 2 B, 3 luminance), or the vectorscope. (`Scope::fits`
    /// says beforehand whether it can be.)
    pub fn draw(&self, scope: Scope, shown: &[usize], style: Style) -> Image {
        match (self, scope) {
            (Counts::Waveform(w), Scope::Parade) => draw_parade(w, shown, style),
            (Counts::Waveform(w), _) => draw_waveform(w, shown, style),
            (Counts::Vectorscope(v), _) => draw_vectorscope(v, style),
        }
    }
}

impl Scope {
    /// Why the scope of a picture `width` pixels wide cannot be counted in
    /// `budget` bytes (a waveform keeps 4 x 256 counts a column) or has more
    /// columns than `MAX_COLUMNS`; None when it can.
    pub fn fits(self, width: u32, budget: u64) -> Option<String> {
        let columns = match self {
            Scope::Parade => 3 * width as u64,
            Scope::Waveform => width as u64,
            Scope::Vectorscope { .. } => return None,
        };
        if columns > MAX_COLUMNS {
            return Some(format!(
                "the {} of a picture {width} pixels wide has {columns} columns, more than the \
                 {MAX_COLUMNS} a scope is counted in; count a region of it (--region)",
                self.name(),
            ));
        }
        let counts = width as u64 * (4 * LEVELS as u64) * 4;
        (counts > budget).then(|| {
            format!(
                "a waveform of a picture {width} pixels wide keeps {} of counts, more than the \
                 {} available; count a region of it (--region)",
                crate::image::amount(counts),
                crate::image::amount(budget)
            )
        })
    }
}

/// The most columns a waveform or parade has (a column a picture column, the
/// parade three): 3 x 16384 columns of 4 x 256 counts are 192 MiB, and drawn, 12
/// megapixels; a wider picture's scope is of a region of it.
pub const MAX_COLUMNS: u64 = 3 << 14;

/// `scope` of `image` (or of `region` of it) on the CPU: the reference.
pub fn count(image: &Image, region: Option<Region>, scope: Scope) -> Result<Counts, String> {
    Ok(match scope.check()? {
        Scope::Waveform | Scope::Parade => Counts::Waveform(waveform(image, region)?),
        Scope::Vectorscope { size } => Counts::Vectorscope(vectorscope(image, region, size)?),
    })
}

fn counted(image: &Image, region: Option<Region>) -> Result<Region, String> {
    let region = region.unwrap_or(Region::whole(image.width(), image.height()));
    region.within(image.width(), image.height())?;
    Ok(region)
}

/// The waveform of `image` (or of `region` of it), on the CPU: the reference.
pub fn waveform(image: &Image, region: Option<Region>) -> Result<Waveform, String> {
    let r = counted(image, region)?;
    let mut counts = vec![0u32; r.width as usize * 4 * LEVELS];
    let row_bytes = image.width() as usize * 4;
    for y in r.y..r.y + r.height {
        let row = &image.rgba()[y as usize * row_bytes..][..row_bytes];
        for x in 0..r.width {
            let p = &row[(r.x + x) as usize * 4..][..4];
            let column = &mut counts[x as usize * 4 * LEVELS..][..4 * LEVELS];
            column[p[0] as usize] += 1;
            column[LEVELS + p[1] as usize] += 1;
            column[2 * LEVELS + p[2] as usize] += 1;
            column[3 * LEVELS + luma_level(p[0], p[1], p[2])] += 1;
        }
    }
    Ok(Waveform {
        width: r.width,
        height: r.height,
        counts,
        decoded_luma: false,
    })
}

/// The vectorscope of `image` (or of `region` of it) on a `size`-cell grid, on the
/// CPU: the reference.
pub fn vectorscope(
    image: &Image,
    region: Option<Region>,
    size: u32,
) -> Result<Vectorscope, String> {
    Scope::Vectorscope { size }.check()?;
    let r = counted(image, region)?;
    let mut counts = vec![0u32; size as usize * size as usize];
    let row_bytes = image.width() as usize * 4;
    for y in r.y..r.y + r.height {
        let row = &image.rgba()[y as usize * row_bytes..][..row_bytes];
        for p in row[r.x as usize * 4..(r.x + r.width) as usize * 4].chunks_exact(4) {
            let (column, row) = chroma_cell(p[0], p[1], p[2], size);
            counts[(row * size + column) as usize] += 1;
        }
    }
    Ok(Vectorscope {
        size,
        pixels: r.pixel_count(),
        counts,
    })
}

/// How counts become light: linear or logarithmic, times a gain. A count as large
/// as the scope's reference (a waveform bin holding 1/32 of its column; a
/// vectorscope cell holding 1/256 of the pixels) is full brightness at gain 1.
/// The vectorscope is magnified `zoom` times about its middle (1 shows every chroma,
/// 2 the inner half: the low saturation of most footage spread out).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    pub log: bool,
    pub gain: f32,
    pub zoom: f32,
}

impl Style {
    /// Linear, gain 1, the whole vectorscope.
    pub const PLAIN: Style = Style {
        log: false,
        gain: 1.0,
        zoom: 1.0,
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

/// The waveform's graticule levels: 0, 25, 50, 75 and 100% of 255, rounded.
pub const WAVEFORM_LINES: [u32; 5] = [0, 64, 128, 191, 255];

/// Video levels (limited range, BT.601 and BT.709 alike): the Y′ codes of black
/// and of white. A waveform of Y′ as decoded shows codes below and above them.
pub const VIDEO_BLACK: u32 = 16;
pub const VIDEO_WHITE: u32 = 235;

/// The graticule of a waveform of Y′ as decoded: 0, 25, 50, 75 and 100% of
/// `VIDEO_BLACK..=VIDEO_WHITE`, rounded.
pub const VIDEO_LINES: [u32; 5] = [16, 71, 126, 180, 235];

/// Where a waveform's levels are outside video levels, the graticule's tint: the
/// counts there are drawn over it.
pub const OUTSIDE_LEGAL: [f32; 3] = [0.2, 0.04, 0.04];

/// The lines of a waveform's graticule: of full range, or of video levels.
pub fn waveform_lines(video_levels: bool) -> [u32; 5] {
    if video_levels {
        VIDEO_LINES
    } else {
        WAVEFORM_LINES
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
/// graticule at 0, 25, 50, 75 and 100% (of video levels, the levels outside them
/// tinted, where the luminance is Y′ as decoded).
pub fn draw_waveform(waveform: &Waveform, shown: &[usize], style: Style) -> Image {
    let reference = waveform_reference(waveform.height);
    let video = waveform.decoded_luma;
    let lines = waveform_lines(video);
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
            if lines.contains(&(level as u32)) {
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
/// lines by their share of full scale (0, 25, 50, 75, 100%; of video levels with
/// `video_levels`) at their left edge;
/// the vectorscope's six 75% colour-bar targets by their colours (R, Yl, G, Cy, B,
/// Mg), each just outside its box, away from the centre, where `zoom` leaves them
/// in view.
pub fn graticule_labels(scope: Scope, zoom: f32, video_levels: bool) -> Vec<Label> {
    let magnification = match scope {
        Scope::Vectorscope { size } => vectorscope_magnification(size, zoom),
        _ => 1.0,
    };
    match scope {
        Scope::Waveform | Scope::Parade => waveform_lines(video_levels)
            .iter()
            .zip(["0%", "25%", "50%", "75%", "100%"])
            .map(|(&level, text)| Label {
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

/// What a scope's JSON line says first: the picture, the scope, what was counted.
#[derive(serde::Serialize)]
struct Header<'a> {
    file: &'a str,
    width: u32,
    height: u32,
    scope: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<[u32; 4]>,
    /// "decoded": the waveform's luminance is Y′ as the video's decoder made it.
    #[serde(skip_serializing_if = "Option::is_none")]
    luma: Option<&'static str>,
}

/// A header and the counts after it, as one object.
#[derive(serde::Serialize)]
struct Line<'a, T> {
    #[serde(flatten)]
    header: Header<'a>,
    #[serde(flatten)]
    counts: T,
}

/// The waveform (the parade's counts too) of an image of `width` x `height` as one JSON
/// object: `{"file", "width", "height", "scope", "r": [...], "g", "b",
/// "luminance"}`, each channel a list of columns of 256 counts (`width` of them,
/// or the region's width and a `"region": [x, y, w, h]` when only a rectangle was
/// counted).
pub fn waveform_json(
    file: &str,
    waveform: &Waveform,
    (width, height): (u32, u32),
    region: Option<Region>,
) -> String {
    let columns = |c: usize| {
        Rows(waveform.width as usize, move |x| {
            waveform.column(x as u32, c)
        })
    };
    crate::json::line(&Line {
        header: Header {
            file,
            width,
            height,
            scope: "waveform",
            size: None,
            region: region.map(Region::xywh),
            luma: waveform.decoded_luma.then_some("decoded"),
        },
        counts: Entries(
            Channels::Rgbl
                .names()
                .iter()
                .enumerate()
                .map(|(c, &name)| (name, columns(c)))
                .collect(),
        ),
    })
}

/// The vectorscope as one JSON object: `{"file", "width", "height", "scope":
/// "vectorscope", "size", "counts"}`, `size` rows (row 0 at the top) of `size` counts.
pub fn vectorscope_json(
    file: &str,
    scope: &Vectorscope,
    (width, height): (u32, u32),
    region: Option<Region>,
) -> String {
    let n = scope.size as usize;
    let rows: Vec<&[u32]> = scope.counts.chunks(n).collect();
    crate::json::line(&Line {
        header: Header {
            file,
            width,
            height,
            scope: "vectorscope",
            size: Some(scope.size),
            region: region.map(Region::xywh),
            luma: None,
        },
        counts: Entries(vec![("counts", rows)]),
    })
}
