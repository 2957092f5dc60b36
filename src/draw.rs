//! Drawing a histogram into RGBA pixels on the CPU, as the article's 2D-canvas code
//! does: one column per bin, bars scaled by `max(1 / max, 0.2 * numBins / numEntries)`.
//! Several channels overlap with "screen" blending; with pure red, green and blue
//! that is a bitwise OR of the colours, so any mix of bars is one of 8 colours.

use crate::histogram::Histogram;

/// Colour of each channel's bars: R, G, B, and white for luminance.
pub const CHANNEL_COLOURS: [[u8; 3]; 4] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]];

/// The article's scale per channel: the tallest bin fills the height, unless it is
/// more than five times the average bin; then a bin five times the average fills
/// it and taller ones are cut, so one spike does not flatten every other bar.
pub fn scales(histogram: &Histogram, num_entries: u64) -> Vec<f32> {
    let spec = histogram.spec();
    (0..spec.channels.count() as usize)
        .map(|c| {
            let max = histogram.channel(c).into_iter().max().unwrap_or(0).max(1);
            (1.0 / max as f32).max(0.2 * spec.num_bins as f32 / num_entries.max(1) as f32)
        })
        .collect()
}

/// Renders `shown` channels into `num_bins x height` RGBA pixels. A pixel is lit by a
/// channel when its centre is under that channel's bar; unlit pixels are transparent.
pub fn render(histogram: &Histogram, num_entries: u64, shown: &[usize], height: u32) -> Vec<u8> {
    let spec = histogram.spec();
    let width = spec.num_bins as usize;
    let channels = spec.channels.count() as usize;
    let scale = scales(histogram, num_entries);
    let mut rgba = vec![0u8; width * height as usize * 4];
    for x in 0..width {
        let heights: Vec<f32> = shown
            .iter()
            .map(|&c| histogram.counts()[x * channels + c] as f32 * scale[c])
            .collect();
        for row in 0..height as usize {
            let centre = (height as usize - row) as f32 - 0.5;
            let mut colour = [0u8; 3];
            let mut lit = false;
            for (i, &c) in shown.iter().enumerate() {
                if centre < heights[i] * height as f32 {
                    lit = true;
                    let rgb = CHANNEL_COLOURS[if channels == 1 { 3 } else { c }];
                    colour = [0, 1, 2].map(|k| colour[k] | rgb[k]);
                }
            }
            if lit {
                let at = (row * width + x) * 4;
                rgba[at..at + 4].copy_from_slice(&[colour[0], colour[1], colour[2], 255]);
            }
        }
    }
    rgba
}
