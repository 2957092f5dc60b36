//! Statistics from the bins (src/stats.rs) against statistics computed here from
//! the raw pixels, on pictures with known answers: one colour, two colours, a ramp,
//! noise, a photo.

use crate::common;

use common::photo;
use histogram::stats::Stats;
use histogram::{compute_cpu, Image, Spec};

/// Each pixel's value of channel `c` (3: its luminance bin, by the exact rational
/// rule written apart from the crate).
fn values(image: &Image, c: usize) -> Vec<u64> {
    image
        .rgba()
        .chunks(4)
        .map(|p| {
            if c < 3 {
                p[c] as u64
            } else {
                let y = 2126 * p[0] as u64 + 7152 * p[1] as u64 + 722 * p[2] as u64;
                (y * 256 / 2_550_000).min(255)
            }
        })
        .collect()
}

/// The statistics by their definitions, from the sorted values.
fn expected(mut v: Vec<u64>) -> [f64; 11] {
    v.sort_unstable();
    let n = v.len() as f64;
    let mean = v.iter().sum::<u64>() as f64 / n;
    let var = v.iter().map(|&x| (x as f64 - mean).powi(2)).sum::<f64>() / n;
    // Nearest rank: the smallest value with at least p% at or below it.
    let pct = |p: f64| v[((n * p / 100.0).ceil() as usize).max(1) - 1] as f64;
    let mut counts = [0u64; 256];
    v.iter().for_each(|&x| counts[x as usize] += 1);
    let mode = (0..256)
        .max_by_key(|&i| (counts[i], std::cmp::Reverse(i)))
        .unwrap();
    [
        n,
        mean,
        var.sqrt(),
        pct(50.0),
        mode as f64,
        v[0] as f64,
        v[v.len() - 1] as f64,
        pct(1.0),
        pct(99.0),
        100.0 * counts[0] as f64 / n,
        100.0 * counts[255] as f64 / n,
    ]
}

fn check(name: &str, image: &Image) {
    let histogram = compute_cpu(image, Spec::rgbl());
    for c in 0..4 {
        let got = Stats::of(&histogram.channel(c)).unwrap().values();
        let want = expected(values(image, c));
        for (i, (g, w)) in got.iter().zip(want).enumerate() {
            assert!(
                (g - w).abs() < 1e-9 * w.abs().max(1.0),
                "{name}, channel {c}, {}: {g} from the bins, {w} from the pixels",
                histogram::stats::FIELDS[i]
            );
        }
    }
}

#[test]
fn statistics_from_the_bins_equal_those_of_the_pixels() {
    let ramp = Image::from_rgba(
        256,
        3,
        (0..3 * 256)
            .flat_map(|i| [(i % 256) as u8, (255 - i % 256) as u8, (i % 7) as u8, 255])
            .collect(),
    )
    .unwrap();
    let two = Image::from_rgba(
        4,
        2,
        [[0, 0, 0, 255]; 4]
            .into_iter()
            .chain([[255, 255, 255, 255]; 4])
            .flatten()
            .collect(),
    )
    .unwrap();
    for (name, image) in [
        ("one colour", Image::solid(7, 5, [200, 120, 40, 255])),
        ("two colours", two),
        ("ramp", ramp),
        ("noise", Image::noise(97, 61, 4)),
        ("photo / 8", photo(8)),
    ] {
        check(name, &image);
    }
}

#[test]
fn known_answers() {
    let one = compute_cpu(&Image::solid(7, 5, [200, 120, 40, 255]), Spec::rgbl());
    let r = Stats::of(&one.channel(0)).unwrap();
    assert_eq!(
        (r.mean, r.std_dev, r.median, r.min, r.max),
        (200.0, 0.0, 200.0, 200.0, 200.0)
    );
    assert_eq!((r.clipped_low, r.clipped_high, r.pixels), (0.0, 0.0, 35));
    // Half black, half white: the median is the lower of the two (nearest rank).
    let two = Image::from_rgba(2, 1, vec![0, 0, 0, 255, 255, 255, 255, 255]).unwrap();
    let g = Stats::of(&compute_cpu(&two, Spec::rgbl()).channel(1)).unwrap();
    assert_eq!(
        (g.mean, g.std_dev, g.median, g.mode),
        (127.5, 127.5, 0.0, 0.0)
    );
    assert_eq!((g.clipped_low, g.clipped_high, g.p99), (50.0, 50.0, 255.0));
    assert!(
        Stats::of(&[0u32; 256]).is_none(),
        "no pixels, no statistics"
    );
}

#[test]
fn bins_other_than_256_stand_for_their_levels() {
    // 16 bins: bin b stands for 255 * b / 15; a grey of 255 is in the last bin.
    let white = compute_cpu(
        &Image::solid(3, 3, [255, 255, 255, 255]),
        Spec::new(16, histogram::Channels::Rgbl).unwrap(),
    );
    let s = Stats::of(&white.channel(0)).unwrap();
    assert_eq!((s.mean, s.clipped_high), (255.0, 100.0));
    assert!(histogram::stats::json(&white).starts_with("{\"r\": {\"pixels\": 9, \"mean\": 255,"));
}
