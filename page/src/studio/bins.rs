//! The studio's bins as the page asks for them: the choices, those a picture's
//! depth offers, the levels a bin holds and the bins a pixel is counted in (the
//! rules are src/studio's and src/deep.rs's).

use histogram::studio;
use wasm_bindgen::prelude::*;

/// The bins the studio offers (src/studio: `BIN_CHOICES`).
#[wasm_bindgen(js_name = studioBinChoices)]
pub fn bin_choices() -> Vec<u32> {
    studio::BIN_CHOICES.to_vec()
}

/// Whether the studio offers `bins` bins for a picture of `depth` bits a sample
/// (8, 16, or 32 for floating point).
#[wasm_bindgen(js_name = studioBinsOffered)]
pub fn bins_offered(bins: u32, depth: u32) -> bool {
    studio::bins_offered(bins, depth).is_ok()
}

/// The bins a picture of `depth` bits gets for the choice `chosen`.
#[wasm_bindgen(js_name = studioBinsFor)]
pub fn bins_for(chosen: u32, depth: u32) -> u32 {
    studio::bins_for(chosen, depth)
}

/// The stored levels (of `2^depth - 1`) that bin `bin` of `bins` holds by the
/// counting rule: `[first, last]`, or undefined where it holds none.
#[wasm_bindgen(js_name = binLevels)]
pub fn bin_levels(bin: u32, bins: u32, depth: u32) -> Option<Vec<u32>> {
    let max = (1u64 << depth.min(16)) - 1;
    histogram::deep::levels_in(bin, max, bins).map(|(lo, hi)| vec![lo as u32, hi as u32])
}

/// The bins a pixel's stored `rgb` (of `depth` bits) is counted in, R, G, B and
/// luminance, out of `bins`: where the panel marks the pixel under the pointer.
#[wasm_bindgen(js_name = pixelBins)]
pub fn pixel_bins(rgb: Vec<u32>, depth: u32, bins: u32) -> Vec<u32> {
    let max = (1u64 << depth.clamp(1, 16)) - 1;
    let sample = |c: usize| rgb.get(c).map_or(0, |&v| v.min(max as u32) as u16);
    histogram::deep::pixel_bins([sample(0), sample(1), sample(2)], max, bins.max(1)).to_vec()
}

/// The bins an HDR pixel's linear `rgb` is counted in, R, G, B and luminance,
/// out of `bins` over the range of `max` and the stops `lo` to `hi` (src/hdr.rs's
/// rule): -1 where it lies outside, all -1 where a sample is not a number.
#[wasm_bindgen(js_name = hdrPixelBins)]
pub fn hdr_pixel_bins(rgb: Vec<f32>, max: f32, lo: f32, hi: f32, bins: u32) -> Vec<i32> {
    use histogram::hdr::{pixel_places, Place, Range};
    let range = Range {
        max,
        stops: (lo, hi),
    };
    let bins = bins.max(1);
    let sample = |c: usize| rgb.get(c).copied().unwrap_or(f32::NAN);
    let places = pixel_places(
        [sample(0), sample(1), sample(2)],
        &range,
        range.scale(bins),
        &range.edges(bins),
    );
    places.map_or(vec![-1; 4], |places| {
        places
            .iter()
            .map(|place| match place {
                Place::Bin(b) => *b as i32,
                _ => -1,
            })
            .collect()
    })
}
