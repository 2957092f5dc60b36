//! Where things go on a canvas: the histogram panels of the pages and the studio,
//! and the picture fitted into its canvas. Plain geometry in fractions of the
//! target (x right, y down from the top), shared by the GPU drawing, the pages
//! (through the web glue) and the tests; no GPU and no DOM here.

/// One histogram drawn on the target: `rect` is x, y, width, height as fractions of
/// the target; `shown` lists the channels drawn (0 R, 1 G, 2 B, 3 luminance).
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    pub rect: [f32; 4],
    pub shown: Vec<usize>,
}

impl Panel {
    /// A panel covering the whole target.
    pub fn full(shown: &[usize]) -> Panel {
        Panel {
            rect: [0.0, 0.0, 1.0, 1.0],
            shown: shown.to_vec(),
        }
    }

    /// A mask of the channels shown (bit 0 = R ... bit 3 = luminance).
    pub fn mask(&self) -> u32 {
        self.shown.iter().map(|&c| 1 << c).sum()
    }
}

/// The gap between panels, as a fraction of the target.
const GAP: f32 = 0.02;

/// How the studio's histogram panel lays its channels out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanelLayout {
    /// One column per channel, instead of the colours overlaid.
    pub parade: bool,
    /// R, G, B, luminance shown.
    pub shown: [bool; 4],
}

impl Default for PanelLayout {
    fn default() -> Self {
        PanelLayout {
            parade: false,
            shown: [true; 4],
        }
    }
}

impl PanelLayout {
    /// The most panels a layout can have: a parade of all four channels.
    pub const MOST: usize = 4;

    /// Overlaid: the shown colours screen-blended above luminance; as a parade, one
    /// column per shown channel.
    pub fn panels(self) -> Vec<Panel> {
        let colours: Vec<usize> = (0..3).filter(|&c| self.shown[c]).collect();
        if self.parade {
            let shown: Vec<usize> = (0..4).filter(|&c| self.shown[c]).collect();
            let n = shown.len().max(1) as f32;
            let width = (1.0 - GAP * (n - 1.0)) / n;
            return shown
                .iter()
                .enumerate()
                .map(|(i, &c)| Panel {
                    rect: [i as f32 * (width + GAP), 0.0, width, 1.0],
                    shown: vec![c],
                })
                .collect();
        }
        match (colours.is_empty(), self.shown[3]) {
            (false, true) => vec![
                Panel {
                    rect: [0.0, 0.0, 1.0, 0.62],
                    shown: colours,
                },
                Panel {
                    rect: [0.0, 0.62 + GAP, 1.0, 0.38 - GAP],
                    shown: vec![3],
                },
            ],
            (false, false) => vec![Panel::full(&colours)],
            (true, true) => vec![Panel::full(&[3])],
            (true, false) => Vec::new(),
        }
    }
}

/// Which half of a target split in two side by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Half {
    Left,
    Right,
}

/// `panels` squeezed into one half of the target: an adjustment shows the
/// original's histograms on the left and the adjusted picture's on the right.
pub fn in_half(panels: Vec<Panel>, half: Half) -> Vec<Panel> {
    const WIDTH: f32 = 0.48;
    let x0 = match half {
        Half::Left => 0.0,
        Half::Right => 1.0 - WIDTH,
    };
    panels
        .into_iter()
        .map(|p| Panel {
            rect: [
                x0 + p.rect[0] * WIDTH,
                p.rect[1],
                p.rect[2] * WIDTH,
                p.rect[3],
            ],
            ..p
        })
        .collect()
}

/// The video page's histograms over the picture: along the bottom of a `width` x
/// `height` canvas, RGB then luminance, each at most 512 x 200 pixels, the pair
/// centred.
pub fn video_panels(width: u32, height: u32) -> [Panel; 2] {
    let (w, h) = (width.max(1) as f32, height.max(1) as f32);
    let margin = 12.0;
    let panel_w = ((w - 3.0 * margin) / 2.0).clamp(1.0, 512.0);
    let panel_h = (panel_w * 100.0 / 256.0).min(h * 0.3);
    let y = (h - margin - panel_h) / h;
    let left = ((w - 2.0 * panel_w - margin) / 2.0).max(margin);
    let rect = |x: f32| [x / w, y, panel_w / w, panel_h / h];
    [
        Panel {
            rect: rect(left),
            shown: vec![0, 1, 2],
        },
        Panel {
            rect: rect(left + margin + panel_w),
            shown: vec![3],
        },
    ]
}

/// Where a `picture`-sized picture lands in a `target`-sized canvas: all of it,
/// its aspect kept, centred (letterboxed where the shapes differ). x, y, width,
/// height as fractions of the target.
pub fn fit(picture: (u32, u32), target: (u32, u32)) -> [f32; 4] {
    let picture_aspect = picture.0.max(1) as f32 / picture.1.max(1) as f32;
    let target_aspect = target.0.max(1) as f32 / target.1.max(1) as f32;
    let (w, h) = if picture_aspect > target_aspect {
        (1.0, target_aspect / picture_aspect)
    } else {
        (picture_aspect / target_aspect, 1.0)
    };
    [(1.0 - w) / 2.0, (1.0 - h) / 2.0, w, h]
}
