//! The waveform: for every pixel column, the histogram of its values: R, G, B
//! by the stored 8-bit value, luminance by the histograms' integer rule (256
//! bins). Drawn with x = column, y = value (0 at the bottom). A video frame's
//! luminance can instead be its Y′ byte as decoded: video levels, 16 black and
//! 235 white, the codes past them (sub-blacks, super-whites) in view. Its
//! counts are the parade's too.

use super::*;
use crate::gpu::Kernel;

/// A histogram for every column (the parade's counts too).
pub const WAVEFORM_KERNEL: Kernel = Kernel::fixed(
    "waveform",
    include_str!("waveform.wgsl"),
    "a histogram for every column",
);

pub(super) const KIND: WaveformKind = WaveformKind;

pub(super) struct WaveformKind;

impl Kind for WaveformKind {
    fn name(&self) -> &'static str {
        "waveform"
    }
    fn counted(&self) -> Counted {
        Counted::Columns
    }
    fn controls(&self) -> &'static [Control] {
        &[
            Control::Channels,
            Control::DecodedLuma,
            Control::Nits,
            Control::Lines,
        ]
    }
    fn columns(&self, width: u32) -> Option<u64> {
        Some(width as u64)
    }
    fn drawn_as(&self) -> u32 {
        0
    }
    fn draw(&self, counts: &Counts, shown: &[usize], style: Style) -> Image {
        draw_waveform(counts.columns().expect("a waveform's counts"), shown, style)
    }
    fn labels(&self, _size: u32, _zoom: f32, graticule: Graticule) -> Vec<Label> {
        level_labels(graticule)
    }
    fn points(&self, _size: u32, at: Pointed, shown: &[usize], _zoom: f32) -> Vec<Point> {
        shown
            .iter()
            .map(|&channel| Point {
                channel,
                x: at.across(),
                y: at.y(channel),
            })
            .collect()
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

/// The luminance level of a pixel (the histograms' rule with 256 bins).
pub fn luma_level(r: u8, g: u8, b: u8) -> usize {
    Spec::rgbl().bin(luminance(r, g, b)) as usize
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

/// The reference count of a waveform whose columns count `height` pixels.
pub fn waveform_reference(height: u32) -> f32 {
    height as f32 / 32.0
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
    // At natural size a row a level.
    let row = |level| line_row(level, LEVELS as u32);
    let lines: Vec<u32> = graticule.lines().into_iter().map(|(l, _)| row(l)).collect();
    let white = graticule.reference_white().map(row);
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

