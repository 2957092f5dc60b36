//! A scope's PNG with its graticule named, as the page shows it (www/
//! scope-labels.js, `labelledScope`): a line's value in a strip right of the drawing, a target's
//! name at its place; the drawing's own pixels as the core drew them. Lettered in
//! a public-domain 8x8 font, for the command line, which has no browser to write.

use super::Label;
use crate::image::Image;

/// The labels' colour, the page's too (`scopeLabelStyle`).
pub const LABEL_COLOUR: [u8; 3] = [0xd9, 0xc0, 0x8a];

/// The strip's width, where the labels name lines (x = 0): "100%" and a margin
/// (the page's PNGs too).
pub const LABEL_STRIP: u32 = 44;

const GLYPH: i64 = 8;

/// `drawn` with `labels` (`graticule_labels`) written on it, on black.
pub fn draw_labels(drawn: &Image, labels: &[Label]) -> Image {
    let (w, h) = (drawn.width(), drawn.height());
    let strip = if labels.iter().any(|l| l.x == 0.0) {
        LABEL_STRIP
    } else {
        0
    };
    let width = w + strip;
    let mut rgba = [0, 0, 0, 255].repeat((width * h) as usize);
    for (y, row) in drawn.rgba().chunks_exact(w as usize * 4).enumerate() {
        rgba[y * width as usize * 4..][..row.len()].copy_from_slice(row);
    }
    for label in labels {
        let len = label.text.chars().count() as i64 * GLYPH;
        let (x, y) = (label.x * w as f32, label.y * h as f32);
        // A line's value beside the drawing, kept in it at the top and foot; a
        // target's name centred on its place.
        let (left, top) = if label.x == 0.0 {
            let top = if label.y < 0.05 {
                y as i64
            } else if label.y > 0.95 {
                y as i64 - GLYPH
            } else {
                y as i64 - GLYPH / 2
            };
            (w as i64 + 4, top)
        } else {
            (x as i64 - len / 2, y as i64 - GLYPH / 2)
        };
        for (i, c) in label.text.chars().enumerate() {
            let glyph = font8x8::legacy::BASIC_LEGACY
                .get(c as usize)
                .copied()
                .unwrap_or_default();
            for (gy, bits) in glyph.iter().enumerate() {
                for gx in (0..8).filter(|b| bits & (1 << b) != 0) {
                    let (px, py) = (left + i as i64 * GLYPH + gx, top + gy as i64);
                    if (0..width as i64).contains(&px) && (0..h as i64).contains(&py) {
                        let at = ((py * width as i64 + px) * 4) as usize;
                        rgba[at..at + 3].copy_from_slice(&LABEL_COLOUR);
                    }
                }
            }
        }
    }
    Image::from_rgba(width, h, rgba).expect("the size made here")
}
