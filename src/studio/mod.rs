//! The studio's engine, the same natively and in the page: its views (the
//! picture, the histogram panel, the adjustment, the scopes), each recording its
//! pass and drawing into a `wgpu::TextureView` it is given, and the studio's
//! decisions: how many bins, which method counts, what a video frame records.
//! The page (page/src/studio) holds the canvases, hands each view its canvas's
//! current texture, and presents; the native tests hand them offscreen textures.

mod adjust_view;
mod engine;
mod panel_view;
mod picture_view;
mod scope_view;
mod source;

pub use adjust_view::AdjustView;
pub use engine::{Frame, LiveFrames, Studio, Targets};
pub use panel_view::PanelView;
pub use picture_view::PictureView;
pub use scope_view::ScopeView;
pub use source::{HdrCodes, Source};

use crate::gpu::policy::{method_for, Asked, Kind};
use crate::gpu::Method;
use crate::histogram::{Channels, Spec};

/// Where a view draws: a texture's view, `size` pixels, of the format the view
/// was made for. The view is placed anew when the size changes.
#[derive(Clone, Copy)]
pub struct Target<'a> {
    pub view: &'a wgpu::TextureView,
    pub size: (u32, u32),
}

/// A target's format and first size: what a view is made for.
pub type Canvas = (wgpu::TextureFormat, (u32, u32));

/// The bins the studio offers: 16 to 4096, doubling.
pub const BIN_CHOICES: [u32; 9] = [16, 32, 64, 128, 256, 512, 1024, 2048, 4096];

/// Whether the studio counts a picture of `depth` bits a sample (8, 16, or 32 for
/// floating point) in `bins` bins: one of its choices, and no more than a
/// channel has levels (docs/DECISIONS.md, 25: past 256 bins an 8-bit picture's R,
/// G and B leave empty bins between full ones, a comb). Floating-point samples
/// are divided by their range: every choice.
pub fn bins_offered(bins: u32, depth: u32) -> Result<(), String> {
    if !BIN_CHOICES.contains(&bins) {
        return Err(format!(
            "the studio counts 16 to 4096 bins, a power of 2, not {bins}"
        ));
    }
    if depth < 32 && bins as u64 > 1 << depth {
        return Err(format!(
            "a picture of {depth} bits a channel has {} levels: at most that many bins, not {bins}",
            1u64 << depth
        ));
    }
    Ok(())
}

/// The bins a picture of `depth` bits gets for the choice `chosen`: that choice
/// where it is offered, else 256.
pub fn bins_for(chosen: u32, depth: u32) -> u32 {
    if bins_offered(chosen, depth).is_ok() {
        chosen
    } else {
        256
    }
}

/// The studio's R, G, B and luminance in `bins` bins for a picture of `depth`
/// bits, or why not.
pub fn spec(bins: u32, depth: u32) -> Result<Spec, String> {
    bins_offered(bins, depth)?;
    Spec::new(bins, Channels::Rgbl)
}

/// The method that counts a picture in the studio (in bins `spec` gave): it asks
/// for the privatized kernel (its picture is a texture) and the policy gives the
/// deep kernel for 16-bit samples (`deep`).
pub fn method(deep: bool, bins: u32) -> Method {
    let kind = if deep { Kind::Deep } else { Kind::Eight };
    method_for(Asked::Gpu(Method::Privatized), None, kind, bins).unwrap_or(Method::Privatized)
}

/// Whether a picture of `width` x `height` fits the one texture the studio holds
/// it in (the region and the drawing need it whole), on a GPU whose largest
/// texture is `max` pixels a side.
pub fn fits(width: u32, height: u32, max: u32) -> Result<(), String> {
    if width > max || height > max {
        return Err(format!(
            "the picture is {width}x{height}: the studio holds it in one texture, and this \
             GPU's largest is {max} pixels a side. The chapter pages count it in pieces."
        ));
    }
    Ok(())
}

/// On video the adjusted picture's histogram (a second pass over every pixel, as
/// costly as counting the frame) is counted every this many frames and drawn
/// as last counted between them: 5 to 15 times a second, as often as a person
/// reads it, while the picture itself is adjusted every frame.
pub const ADJUSTED_EVERY: u32 = 4;

/// On video, where the GPU is one the CPU emulates, each scope is counted and
/// drawn every this many frames, the scopes taking turns, and shows its last
/// count between: on SwiftShader two scopes every frame held a 540p video to 12
/// frames a second where the video page played 30; every 4th frame held it to
/// 0.76-0.85 of the video page's rate, every 6th (five times a second at 30
/// frames) 0.91-0.93 (docs/DECISIONS.md, 22). On a GPU, every frame.
pub const SCOPES_EVERY_EMULATED: u32 = 6;

/// What frame `frame` records besides the count, the panel and the picture.
/// `live`: a playing video's frame (a picture records everything every time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cadence {
    /// Each scope is counted and drawn every this many frames.
    pub scope_every: u32,
    pub scopes: usize,
    pub frame: u32,
    pub live: bool,
}

impl Cadence {
    /// The cadence of `scopes` scopes, `emulated` where the CPU plays the GPU.
    pub fn new(scopes: usize, emulated: bool, frame: u32, live: bool) -> Cadence {
        let scope_every = if emulated { SCOPES_EVERY_EMULATED } else { 1 };
        Cadence {
            scope_every,
            scopes,
            frame,
            live,
        }
    }

    /// Whether scope `i` is counted and drawn: its turn comes `i * every / n`
    /// frames after the first's, so that the scopes' work spreads over the frames.
    pub fn scope_due(&self, i: usize) -> bool {
        let (every, n) = (self.scope_every, (self.scopes as u32).max(1));
        !self.live || self.frame % every == i as u32 * every / n
    }

    /// Whether the adjusted picture's histogram is counted again.
    pub fn adjusted_due(&self) -> bool {
        !self.live || self.frame.is_multiple_of(ADJUSTED_EVERY)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_outside_the_studio_s_choices_are_refused() {
        assert_eq!(spec(256, 8).unwrap().num_bins, 256);
        assert!(spec(16, 8).is_ok() && spec(4096, 16).is_ok() && spec(4096, 32).is_ok());
        assert_eq!(
            spec(8, 8).unwrap_err(),
            "the studio counts 16 to 4096 bins, a power of 2, not 8"
        );
        assert!(spec(4097, 16).is_err() && spec(300, 16).is_err());
    }

    #[test]
    fn an_8_bit_picture_gets_at_most_256_bins() {
        // Decision 25: no comb of empty bins.
        for bins in [512, 1024, 2048, 4096] {
            let refused = spec(bins, 8).unwrap_err();
            assert!(
                refused.contains("8 bits a channel has 256 levels"),
                "{refused}"
            );
            assert_eq!(bins_for(bins, 8), 256);
            assert_eq!(bins_for(bins, 16), bins);
        }
        assert_eq!(bins_for(64, 8), 64);
        assert_eq!(bins_for(100, 16), 256);
    }

    #[test]
    fn the_policy_picks_privatized_or_deep() {
        assert_eq!(method(false, 16), Method::Privatized);
        assert_eq!(method(false, 256), Method::Privatized);
        assert_eq!(method(true, 256), Method::Deep);
        assert_eq!(method(true, 4096), Method::Deep);
    }

    #[test]
    fn a_picture_past_the_texture_limit_is_refused() {
        assert!(fits(8192, 8192, 8192).is_ok());
        let refused = fits(8193, 10, 8192).unwrap_err();
        assert!(refused.starts_with("the picture is 8193x10"), "{refused}");
    }

    #[test]
    fn on_an_emulated_gpu_the_scopes_take_turns() {
        // A picture records every scope every time, emulated or not.
        assert!((0..3).all(|i| Cadence::new(3, true, 7, false).scope_due(i)));
        // A GPU: every scope every frame.
        assert!((0..3).all(|i| Cadence::new(3, false, 7, true).scope_due(i)));
        // Emulated: each scope once in 6 frames, two scopes 3 frames apart.
        let due = |i| {
            (0..12)
                .filter(|&f| Cadence::new(2, true, f, true).scope_due(i))
                .collect::<Vec<_>>()
        };
        assert_eq!(due(0), vec![0, 6]);
        assert_eq!(due(1), vec![3, 9]);
    }

    #[test]
    fn a_video_s_adjusted_histogram_is_counted_every_fourth_frame() {
        let due: Vec<u32> = (0..9)
            .filter(|&f| Cadence::new(0, false, f, true).adjusted_due())
            .collect();
        assert_eq!(due, vec![0, 4, 8]);
        assert!(Cadence::new(0, false, 3, false).adjusted_due());
    }
}
