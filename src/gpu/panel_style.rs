//! How a histogram panel draws (panel.wgsl, draw.wgsl): the palette of the
//! channels' overlaps, the panel's counts (linear, log, cumulative) and style,
//! and the uniform block both shaders read.

use crate::draw::CHANNEL_COLOURS;
use crate::histogram::Spec;
use crate::layout::Panel;
use glam::{Mat4, Vec3};

/// The 16 colours the fragment shader picks from: entry `mask` is the colour where
/// the bars of the channels in `mask` (bit 0 = R ... bit 3 = luminance) overlap,
/// the same "screen" blend as the CPU drawing; 0 is transparent.
pub fn palette(spec: Spec) -> [[f32; 4]; 16] {
    std::array::from_fn(|mask| {
        if mask == 0 {
            return [0.0; 4];
        }
        let mut rgb = [0u8; 3];
        for bit in (0..4).filter(|bit| mask & (1 << bit) != 0) {
            // With one channel, bit 0 is luminance.
            let colour = CHANNEL_COLOURS[if spec.channels.count() == 1 { 3 } else { bit }];
            rgb = [0, 1, 2].map(|k| rgb[k] | colour[k]);
        }
        [
            rgb[0] as f32 / 255.0,
            rgb[1] as f32 / 255.0,
            rgb[2] as f32 / 255.0,
            1.0,
        ]
    })
}

/// How a histogram panel's bars stand (panel.wgsl's `style.x`): each bin's count
/// scaled as the article scales it, on a logarithmic scale, or cumulative (each
/// bin with every bin below it, a share of the pixels counted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Counts {
    #[default]
    Linear = 0,
    Log = 1,
    Cumulative = 2,
}

impl Counts {
    /// The page's name for it ("linear", "log", "cumulative").
    pub fn named(name: &str) -> Result<Counts, String> {
        match name {
            "linear" => Ok(Counts::Linear),
            "log" => Ok(Counts::Log),
            "cumulative" => Ok(Counts::Cumulative),
            _ => Err(format!(
                "the panel's counts are linear, log or cumulative, not {name:?}"
            )),
        }
    }
}

/// How a histogram panel draws (panel.wgsl): its counts (see `Counts`), the
/// pinned outline shown, and the share of the target's height at the top of each
/// panel that its label takes on the page (0: no label).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PanelStyle {
    pub counts: Counts,
    pub pinned: bool,
    pub label: f32,
}

impl PanelStyle {
    /// How high the fullest bin reaches in `panel`, 0..1 of its height: 90% (the
    /// headroom tells a bar cut short from a full one), lower where its label's
    /// strip needs more, so that no label covers a bar (half the panel at least).
    pub fn reach(&self, panel: &Panel) -> f32 {
        (1.0 - self.label / panel.rect[3].max(f32::EPSILON)).clamp(0.5, 0.9)
    }
}

/// The uniform block of draw.wgsl (matrix, colours, channelMult: 336 bytes) and of
/// panel.wgsl (and the style: 352 bytes).
pub(crate) fn panel_uniforms(spec: Spec, panel: &Panel, style: PanelStyle) -> Vec<u8> {
    let [x, y, w, h] = panel.rect;
    // The unit square to the panel's rectangle in clip space (y up).
    let matrix = Mat4::from_translation(Vec3::new(2.0 * x - 1.0, 1.0 - 2.0 * (y + h), 0.0))
        * Mat4::from_scale(Vec3::new(2.0 * w, 2.0 * h, 1.0));
    let mut bytes = Vec::with_capacity(352);
    for v in matrix
        .to_cols_array()
        .into_iter()
        .chain(palette(spec).into_iter().flatten())
    {
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    for channel in 0..4 {
        bytes.extend_from_slice(&(panel.shown.contains(&channel) as u32).to_le_bytes());
    }
    let reach = style.reach(panel).to_bits();
    for v in [style.counts as u32, style.pinned as u32, reach, 0] {
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bars_leave_the_labels_strip_free() {
        let panel = |h| Panel {
            rect: [0.0, 0.0, 1.0, h],
            shown: vec![3],
        };
        let unlabelled = PanelStyle::default();
        assert_eq!(unlabelled.reach(&panel(1.0)), 0.9, "headroom alone");
        // A 20-pixel label over a 220-pixel canvas: the luminance panel under the
        // colours (38% of it) keeps its top 24% free, the whole canvas its 10%.
        let labelled = PanelStyle {
            label: 20.0 / 220.0,
            ..unlabelled
        };
        assert!((labelled.reach(&panel(0.38)) - (1.0 - 20.0 / 83.6)).abs() < 1e-4);
        assert_eq!(labelled.reach(&panel(1.0)), 0.9);
        // A panel too small for its label still shows its bars in half of it.
        assert_eq!(labelled.reach(&panel(0.1)), 0.5);
    }
}
