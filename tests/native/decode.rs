//! The decoder the site and the command-line tool share (src/decode/), on files
//! of every kind made from known pixels (tests/native/common/fixtures.rs): it must give
//! back exactly the stored values, and say what it counted.

use crate::common;

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

/// Notes as the command line writes them.
fn english(notes: &[histogram::words::Words]) -> String {
    notes
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn it_says_what_was_counted() {
    let notes = |name: &str| {
        let fixture = fixtures::all(&[])
            .into_iter()
            .find(|f| f.name == name)
            .unwrap();
        english(&decode(&fixture.bytes, 1 << 26, 1 << 30).unwrap().notes)
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

/// A baseline TIFF (little-endian, one uncompressed strip) of `spp` samples a
/// pixel of `bits` each, its rows `packed` as the format packs them.
fn tiff(width: u32, height: u32, spp: u16, bits: u16, format: u16, packed: &[u8]) -> Vec<u8> {
    let entries: u32 = 10;
    let ifd = 8u32;
    let extra = ifd + 2 + entries * 12 + 4; // BitsPerSample's values when spp > 2
    let strip = extra + 2 * spp as u32;
    let mut out = b"II*\0".to_vec();
    out.extend(ifd.to_le_bytes());
    out.extend((entries as u16).to_le_bytes());
    let mut entry = |tag: u16, kind: u16, count: u32, value: u32| {
        out.extend(tag.to_le_bytes());
        out.extend(kind.to_le_bytes());
        out.extend(count.to_le_bytes());
        out.extend(value.to_le_bytes());
    };
    let (short, long) = (3, 4);
    entry(256, long, 1, width);
    entry(257, long, 1, height);
    if spp <= 2 {
        entry(258, short, spp as u32, bits as u32 | (bits as u32) << 16);
    } else {
        entry(258, short, spp as u32, extra);
    }
    entry(259, short, 1, 1);
    entry(262, short, 1, if spp >= 3 { 2 } else { 1 });
    entry(273, long, 1, strip);
    entry(277, short, 1, spp as u32);
    entry(278, long, 1, height);
    entry(279, long, 1, packed.len() as u32);
    entry(339, short, 1, format as u32);
    out.extend(0u32.to_le_bytes());
    for _ in 0..spp {
        out.extend(bits.to_le_bytes());
    }
    out.extend(packed);
    out
}

/// `levels` (one sample each, `per_row` a row) packed at `bits` from each byte's
/// high bits, rows padded to whole bytes.
fn pack(levels: &[u8], per_row: usize, bits: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for row in levels.chunks(per_row) {
        let mut bytes = vec![0u8; (per_row * bits).div_ceil(8)];
        for (i, &v) in row.iter().enumerate() {
            bytes[i * bits / 8] |= v << (8 - bits - i * bits % 8);
        }
        out.extend(bytes);
    }
    out
}

#[test]
fn tiffs_of_1_2_and_4_bits_and_of_grey_floats_are_read_and_others_refused_for_what_they_are() {
    // Grey at 1, 2 and 4 bits: odd widths, so that rows are padded.
    for (bits, spp) in [(1, 1), (2, 1), (4, 1)] {
        let (width, height) = (13u32, 5u32);
        let max = (1u32 << bits) - 1;
        let levels: Vec<u8> = (0..width * height * spp as u32)
            .map(|i| ((i * 7 + i / 5) % (max + 1)) as u8)
            .collect();
        let file = tiff(
            width,
            height,
            spp,
            bits,
            1,
            &pack(&levels, (width * spp as u32) as usize, bits as usize),
        );
        let name = format!("{bits}-bit, {spp} a pixel");
        let mut decoder = Decoder::new(Cursor::new(&file), 1 << 20, 1 << 30)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(decoder.depth(), bits as u32, "{name}");
        let band = decoder.next_band(1 << 20).unwrap().unwrap();
        let step = 255 / max as u8;
        let expected: Vec<u8> = levels
            .chunks(spp as usize)
            .flat_map(|p| match spp {
                1 => [p[0] * step, p[0] * step, p[0] * step, 255],
                _ => [p[0] * step, p[1] * step, p[2] * step, 255],
            })
            .collect();
        assert_eq!(band.rgba(), &expected[..], "{name}");
        assert!(
            english(&decoder.notes()).contains(&format!("{} levels", max + 1)),
            "{name}"
        );
    }
    // Grey floats, 32 bits: the HDR path, R = G = B.
    let samples: Vec<f32> = (0..6 * 4).map(|i| i as f32 * 0.25 - 1.0).collect();
    let mut file = Cursor::new(Vec::new());
    tiff::encoder::TiffEncoder::new(&mut file)
        .unwrap()
        .write_image::<tiff::encoder::colortype::Gray32Float>(6, 4, &samples)
        .unwrap();
    let decoded = decode(file.get_ref(), 1 << 20, 1 << 30).unwrap();
    let hdr = decoded.hdr.expect("floating-point samples kept");
    let want: Vec<f32> = samples.iter().flat_map(|&v| [v, v, v, 1.0]).collect();
    assert_eq!(hdr.rgba(), &want[..]);
    // What is not read is refused with what it is, never called damaged.
    let refused = |file: &[u8]| match decode(file, 1 << 20, 1 << 30) {
        Err(e @ DecodeError::UnsupportedKind { .. }) => e.to_string(),
        Err(e) => panic!("refused as {e:?}"),
        Ok(_) => panic!("read"),
    };
    let words = refused(&tiff(4, 2, 1, 8, 2, &[0; 8]));
    assert!(words.contains("signed 8-bit integer samples"), "{words}");
    let words = refused(&tiff(2, 2, 1, 32, 1, &[0; 16]));
    assert!(words.contains("32-bit integer samples"), "{words}");
    let words = refused(&tiff(3, 2, 1, 3, 1, &[0; 2]));
    assert!(words.contains("3-bit integer samples"), "{words}");
    let words = refused(&tiff(3, 2, 3, 4, 1, &[0; 6]));
    assert!(words.contains("4-bit samples, 3 a pixel"), "{words}");
}

/// A JPEG of one grey level with `icc` in APP2 segments of at most `chunk`
/// bytes, `keep` saying which of them are written, in the order given.
fn jpeg_with_profile(icc: &[u8], chunk: usize, keep: &[usize]) -> Vec<u8> {
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new(&mut jpeg)
        .encode(&[128; 64], 8, 8, image::ExtendedColorType::L8)
        .unwrap();
    let parts: Vec<&[u8]> = icc.chunks(chunk).collect();
    let mut segments = Vec::new();
    for &i in keep {
        let body = [
            &b"ICC_PROFILE\0"[..],
            &[i as u8 + 1, parts.len() as u8],
            parts[i],
        ]
        .concat();
        segments.extend_from_slice(&[0xFF, 0xE2]);
        segments.extend_from_slice(&((body.len() + 2) as u16).to_be_bytes());
        segments.extend_from_slice(&body);
    }
    jpeg.splice(2..2, segments);
    jpeg
}

#[test]
fn colour_profiles_are_named_and_carried_onto_the_display_table() {
    use histogram::profile::{find, TABLE_SIDE};
    let icc = fixtures::display_p3_like_profile();
    let png = fixtures::all(&[])
        .into_iter()
        .find(|f| f.name == "icc-profile-64x48.png")
        .unwrap()
        .bytes;
    // The name the profile gives itself, in the note every surface shows.
    let found = find(png.clone()).unwrap();
    assert_eq!((found.name.as_str(), found.shown), ("Test wide RGB", true));
    let note = english(&decode(&png, 1 << 26, 1 << 30).unwrap().notes);
    assert!(note.contains("colour profile (Test wide RGB); it is not applied to the counts"));
    // A JPEG's profile in two segments, written out of order.
    let jpeg = jpeg_with_profile(&icc, 300, &[1, 0]);
    assert_eq!(find(jpeg.clone()).unwrap().name, "Test wide RGB");
    let note = english(&decode(&jpeg, 1 << 26, 1 << 30).unwrap().notes);
    assert!(note.contains("(Test wide RGB)"), "{note}");
    // ICC v4's localized names: the English one.
    let v4 = jpeg_with_profile(&fixtures::v4_profile_named("Wide Gamut ✓"), 4000, &[0]);
    assert_eq!(find(v4).unwrap().name, "Wide Gamut ✓");
    // One of its two segments lost: said, never shown through.
    let cut = find(jpeg_with_profile(&icc, 300, &[0])).unwrap();
    assert!(!cut.shown && cut.name.starts_with("unreadable"), "{cut:?}");
    // PNG's gamma alone.
    let mut gamma = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut gamma, 1, 1);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_source_gamma(png::ScaledFloat::from_scaled(45455));
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(&[1, 2, 3]).unwrap();
    }
    assert_eq!(
        find(gamma).unwrap().name,
        "a gamma of 0.45455 (PNG gAMA chunk)"
    );
    // No profile, no note.
    let plain = jpeg_with_profile(&icc, 300, &[]);
    assert!(find(plain).is_none());
    // The table: 65 levels a channel, the profile carried whole.
    let table = png::Decoder::new(Cursor::new(found.table_png()));
    let mut reader = table.read_info().unwrap();
    assert_eq!(reader.info().icc_profile.as_deref(), Some(&icc[..]));
    let side = TABLE_SIDE as usize;
    assert_eq!(
        (reader.info().width, reader.info().height),
        (TABLE_SIDE, TABLE_SIDE * TABLE_SIDE)
    );
    let mut rgb = vec![0; reader.output_buffer_size().unwrap()];
    reader.next_frame(&mut rgb).unwrap();
    let at = |r: usize, g: usize, b: usize| {
        let i = ((b * side + g) * side + r) * 3;
        [rgb[i], rgb[i + 1], rgb[i + 2]]
    };
    assert_eq!(at(0, 0, 0), [0, 0, 0]);
    assert_eq!(at(64, 0, 32), [255, 0, 128]);
    assert_eq!(at(1, 63, 64), [4, 251, 255]);
    // Damaged files never stop the search: cut anywhere, any byte changed.
    for end in 0..jpeg.len() {
        let _ = find(jpeg[..end].to_vec());
    }
    for at in 0..png.len().min(2000) {
        let mut bad = png.clone();
        bad[at] ^= 0x5A;
        let _ = find(bad);
    }
}

#[test]
fn profiles_in_every_format_are_named_as_littlecms_names_them() {
    let root = crate::common::repo();
    let dir = crate::common::scratch("profiles");
    let made = std::process::Command::new(root.join(".venv/bin/python"))
        .arg(root.join("tests/fixtures/profiles.py"))
        .arg(&*dir)
        .status()
        .expect(".venv/bin/python runs (make setup makes it)");
    assert!(made.success(), "tests/fixtures/profiles.py made the files");
    let expected: std::collections::BTreeMap<String, String> =
        serde_json::from_slice(&std::fs::read(dir.join("expected.json")).unwrap()).unwrap();
    assert_eq!(expected.len(), 4);
    for (file, name) in expected {
        let bytes = std::fs::read(dir.join(&file)).unwrap();
        let found = histogram::profile::find(bytes.clone()).unwrap_or_else(|| panic!("{file}"));
        assert_eq!((&found.name, found.shown), (&name, true), "{file}");
        let notes = decode(&bytes, 1 << 26, 1 << 30).unwrap().notes;
        assert!(notes.contains(&found.note()), "{file}: {notes:?}");
    }
}
