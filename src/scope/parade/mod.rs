//! The parade: the waveforms of R, G and B side by side (the waveform's
//! counts); with luminance, YRGB.

use super::*;

pub(super) const KIND: ParadeKind = ParadeKind;

pub(super) struct ParadeKind;

impl Kind for ParadeKind {
    fn name(&self) -> &'static str {
        "parade"
    }
    fn counted(&self) -> Counted {
        Counted::Columns
    }
    fn controls(&self) -> &'static [Control] {
        &[Control::Yrgb, Control::Nits, Control::Lines]
    }
    fn drawn_channels(&self) -> &'static [usize] {
        &[0, 1, 2]
    }
    fn columns(&self, width: u32) -> Option<u64> {
        Some(3 * width as u64)
    }
    fn drawn_as(&self) -> u32 {
        1
    }
    fn draw(&self, counts: &Counts, shown: &[usize], style: Style) -> Image {
        draw_parade(counts.columns().expect("a waveform's counts"), shown, style)
    }
    fn labels(&self, _size: u32, _zoom: f32, graticule: Graticule) -> Vec<Label> {
        level_labels(graticule)
    }
    /// Each part's channel at its level, the column's place within its part.
    fn points(&self, _size: u32, at: Pointed, shown: &[usize], _zoom: f32) -> Vec<Point> {
        let parts = parade_order(shown);
        let n = parts.len() as f32;
        parts
            .iter()
            .enumerate()
            .map(|(i, &channel)| Point {
                channel,
                x: (i as f32 + at.across()) / n,
                y: at.y(channel),
            })
            .collect()
    }
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

