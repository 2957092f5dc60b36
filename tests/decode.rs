//! The decoder the site and the command-line tool share (src/decode.rs), on files
//! of every kind made from known pixels (tests/common/fixtures.rs): it must give
//! back exactly the stored values, and say what it counted.

mod common;

use common::fixtures;
use histogram::decode::{decode, DecodeError, Decoder};
use std::io::Cursor;

#[test]
fn every_kind_of_file_gives_back_its_stored_pixels() {
    for fixture in fixtures::all(&[]) {
        let decoded = decode(&fixture.bytes, 1 << 26, 1 << 30)
            .unwrap_or_else(|e| panic!("{}: {e}", fixture.name));
        assert!(
            decoded.image == fixture.pixels,
            "{}: the decoded pixels differ from the stored ones",
            fixture.name
        );
    }
}

#[test]
fn it_says_what_was_counted() {
    let notes = |name: &str| {
        let fixture = fixtures::all(&[])
            .into_iter()
            .find(|f| f.name == name)
            .unwrap();
        decode(&fixture.bytes, 1 << 26, 1 << 30)
            .unwrap()
            .notes
            .join(" ")
    };
    assert!(notes("animated-80x60.png").contains("the first of its 3 frames"));
    assert!(notes("animated-70x50.gif").contains("the first of its 2 frames"));
    assert!(notes("rgb16-193x67.png").contains("nearest 8-bit value"));
    assert!(notes("grey16-300x7.png").contains("Greyscale"));
    assert!(notes("icc-profile-64x48.png").contains("not applied"));
    assert!(notes("palette-trns-97x61.png").contains("translucent"));
    assert!(!notes("rgb16-193x67.png").contains("translucent"));
}

#[test]
fn bands_of_rows_add_up_to_the_image() {
    let fixture = fixtures::translucent("t.png", 37, 29, 9);
    let mut decoder = Decoder::new(Cursor::new(&fixture.bytes), u64::MAX, 1 << 30).unwrap();
    let mut rgba = Vec::new();
    let mut bands = 0;
    while let Some(band) = decoder.next_band(37 * 4).unwrap() {
        assert_eq!(band.width(), 37);
        assert!(band.height() <= 4);
        rgba.extend_from_slice(band.rgba());
        bands += 1;
    }
    assert_eq!(bands, 8, "29 rows in bands of 4");
    assert_eq!(rgba, fixture.pixels.rgba());
}

#[test]
fn bad_files_get_reasons() {
    let png = fixtures::translucent("t.png", 40, 40, 3).bytes;
    assert_eq!(
        decode(b"just some words", 1 << 26, 1 << 30).err(),
        Some(DecodeError::Unsupported)
    );
    let cut = decode(&png[..png.len() / 2], 1 << 26, 1 << 30)
        .err()
        .unwrap();
    assert!(matches!(cut, DecodeError::Corrupt(_)), "{cut:?}");
    let big = decode(&png, 1000, 1 << 30).err().unwrap();
    assert_eq!(
        big.to_string(),
        "the image is 40x40 pixels: more than the 1000 pixels allowed here"
    );
}

/// An icon whose largest picture is an RGB PNG (as Pillow writes them): read as
/// that PNG, pixel for pixel; the smaller picture beside it is not the one read.
#[test]
fn an_icon_gives_its_largest_picture_whatever_its_png_kind() {
    let png = |w: u32, h: u32, seed: u8| {
        let rgb: Vec<u8> = (0..w * h * 3)
            .map(|i| (i as u8).wrapping_mul(seed))
            .collect();
        let mut out = Vec::new();
        image::ImageEncoder::write_image(
            image::codecs::png::PngEncoder::new(&mut out),
            &rgb,
            w,
            h,
            image::ExtendedColorType::Rgb8,
        )
        .unwrap();
        (out, rgb)
    };
    let (small, _) = png(16, 16, 3);
    let (large, pixels) = png(48, 36, 7);
    let mut ico = vec![0, 0, 1, 0, 2, 0];
    let mut offset = 6 + 32;
    for (w, h, data) in [(16u8, 16u8, &small), (48, 36, &large)] {
        ico.extend([w, h, 0, 0, 1, 0, 32, 0]);
        ico.extend((data.len() as u32).to_le_bytes());
        ico.extend((offset as u32).to_le_bytes());
        offset += data.len();
    }
    ico.extend(&small);
    ico.extend(&large);
    let decoded = decode(&ico, histogram::image::MAX_PIXELS, 1 << 30).unwrap();
    assert_eq!(decoded.format, "ICO");
    assert_eq!((decoded.image.width(), decoded.image.height()), (48, 36));
    let rgb: Vec<u8> = decoded
        .image
        .rgba()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    assert_eq!(rgb, pixels);
}
