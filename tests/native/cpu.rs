//! The CPU core: images, the binning rule, CSV and drawing.

use histogram::draw::{render, scales};
use histogram::image::{ImageError, Sunset};
use histogram::{compute_cpu, Channels, Histogram, Image, Spec};

#[test]
fn image_sizes_are_checked() {
    assert_eq!(
        Image::from_rgba(0, 5, vec![]).unwrap_err(),
        ImageError::Empty
    );
    assert!(matches!(
        Image::from_rgba(2, 2, vec![0; 15]),
        Err(ImageError::WrongLength { .. })
    ));
    assert!(matches!(
        Image::from_rgba(1 << 15, 1 << 15, vec![]),
        Err(ImageError::TooLarge { .. })
    ));
}

#[test]
fn rule_matches_the_articles_float_formula_away_from_bin_edges() {
    // The article: bin = min(u32(v * numBins), numBins - 1), v = saturate(dot(rgb / 255, w)).
    // The integer rule must agree wherever v * numBins is not within 1e-4 of an integer.
    let spec = Spec::luminance();
    let mut checked = 0;
    for r in (0..=255u8).step_by(3) {
        for g in (0..=255u8).step_by(5) {
            for b in 0..=255u8 {
                let v = (0.2126 * r as f64 + 0.7152 * g as f64 + 0.0722 * b as f64) / 255.0;
                let scaled = v.clamp(0.0, 1.0) * 256.0;
                if (scaled - scaled.round()).abs() < 1e-4 {
                    continue;
                }
                let float_bin = (scaled as u32).min(255);
                assert_eq!(
                    spec.bin(histogram::histogram::luminance(r, g, b)),
                    float_bin,
                    "{r} {g} {b}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100_000);
}

#[test]
fn one_colour_image_fills_one_bin_per_channel() {
    let image = Image::solid(3, 5, [255, 0, 128, 255]);
    let h = compute_cpu(&image, Spec::rgbl());
    assert_eq!(h.channel(0)[255], 15);
    assert_eq!(h.channel(1)[0], 15);
    assert_eq!(h.channel(2)[128], 15);
    assert_eq!(h.totals(), vec![15; 4]);
}

#[test]
fn csv_has_a_header_and_one_row_per_bin() {
    let h = Histogram::from_counts(
        Spec::new(2, Channels::Rgbl).unwrap(),
        vec![1, 2, 3, 4, 5, 6, 7, 8],
    );
    assert_eq!(h.to_csv(), "bin,r,g,b,luminance\n0,1,2,3,4\n1,5,6,7,8\n");
    let h = Histogram::from_counts(Spec::new(2, Channels::Luminance).unwrap(), vec![9, 1]);
    assert_eq!(h.to_csv(), "bin,luminance\n0,9\n1,1\n");
}

#[test]
fn bars_follow_the_articles_scale() {
    // Bin 0 holds the maximum: a full column. Bin 1 holds half: half the rows.
    let h = Histogram::from_counts(
        Spec::new(4, Channels::Luminance).unwrap(),
        vec![10, 5, 0, 1],
    );
    assert_eq!(scales(&h, 16), vec![0.1]);
    let px = render(&h, 16, &[0], 10);
    let lit = |x: usize| (0..10).filter(|y| px[(y * 4 + x) * 4 + 3] == 255).count();
    assert_eq!([lit(0), lit(1), lit(2), lit(3)], [10, 5, 0, 1]);
    assert_eq!(
        &px[(9 * 4) * 4..(9 * 4) * 4 + 4],
        &[255, 255, 255, 255],
        "white bars"
    );
    // A flat histogram: 0.2 * numBins / numEntries wins over 1 / max.
    let flat = Histogram::from_counts(Spec::new(4, Channels::Luminance).unwrap(), vec![1, 1, 1, 1]);
    assert_eq!(scales(&flat, 4), vec![1.0]);
}

#[test]
fn overlapping_channels_screen_blend() {
    // Each channel scales to its own maximum: blue's bin 0 is half of blue's bin 1.
    let h = Histogram::from_counts(
        Spec::new(2, Channels::Rgbl).unwrap(),
        vec![4, 4, 2, 4, 4, 4, 4, 4],
    );
    let px = render(&h, 8, &[0, 1, 2], 4);
    let at = |x: usize, y: usize| &px[(y * 2 + x) * 4..(y * 2 + x) * 4 + 4];
    assert_eq!(
        at(0, 0),
        &[255, 255, 0, 255],
        "top of bin 0: red + green = yellow"
    );
    assert_eq!(at(0, 3), &[255, 255, 255, 255], "bottom: all three = white");
    assert_eq!(at(1, 0), &[255, 255, 255, 255]);
}

#[test]
fn cpu_luminance_is_exact_for_every_grey_and_bin_count() {
    // Greys sit exactly on bin edges for many bin counts: the hardest case for the
    // CPU method's fixed-point tables.
    let greys: Vec<u8> = (0..=255u8).flat_map(|v| [v, v, v, 255]).collect();
    let image = Image::from_rgba(256, 1, greys).unwrap();
    for bins in [1, 2, 3, 5, 17, 64, 255, 256, 257, 1000, 1024] {
        let spec = Spec::new(bins, Channels::Luminance).unwrap();
        let got = compute_cpu(&image, spec);
        let mut expected = vec![0u32; bins as usize];
        for v in 0..=255u64 {
            // Luminance of a grey v is exactly v / 255.
            expected[((v * bins as u64) / 255).min(bins as u64 - 1) as usize] += 1;
        }
        assert_eq!(got.counts(), expected, "{bins} bins");
    }
}

#[test]
fn the_sunset_made_band_by_band_is_the_sunset_made_at_once() {
    // The pages make it a band at a time (SunsetMaker); bands of any height, past
    // the end too, give the same bytes.
    for (w, h, t, band) in [
        (960, 600, 0.0, 69),
        (257, 3, 0.5, 1),
        (1, 99, 0.9, 1000),
        (33, 17, 0.0, 5),
    ] {
        let whole = Image::sunset_at(w, h, t);
        let painter = Sunset::new(w, h, t);
        let mut rgba = Vec::new();
        let mut y = 0;
        while y < h {
            painter.rows(y..y + band, &mut rgba);
            y += band;
        }
        assert_eq!(rgba, whole.rgba(), "{w}x{h} in bands of {band}");
    }
}
