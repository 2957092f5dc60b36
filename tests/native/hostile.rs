//! Hostile and damaged files against the command line (issue #43): tiny files that
//! claim huge pictures, damaged data, shapes whose scopes cannot be drawn, a
//! closed pipe. Each is made here from known bytes (nothing committed) and run
//! through `histogram` by both methods: it is refused with one line naming the
//! file and the reason, fast, within bounded memory, never with a panic.

use crate::common::{scratch, Scratch};
use image::ImageEncoder as _;
use std::io::Write as _;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

fn dir(name: &str) -> Scratch {
    scratch(&format!("hostile-{name}"))
}

/// What a run of the tool did: exit code, stderr, wall time, and the most memory
/// the run held (kB), its own: the tests share one process, whose other children
/// count other files.
struct Ran {
    code: Option<i32>,
    stderr: String,
    took: Duration,
    peak_kb: u64,
}

fn histogram(args: &[&str]) -> Ran {
    let start = Instant::now();
    let mut child = crate::tool::tool()
        .args(["--backend", "vulkan"])
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the histogram binary runs");
    let mut pipe = child.stderr.take().unwrap();
    let stderr = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut pipe, &mut text).map(|_| text)
    });
    let (status, peak) = crate::common::wait_with_peak(child);
    let stderr = stderr.join().unwrap().unwrap();
    let took = start.elapsed();
    Ran {
        code: status.code(),
        stderr,
        took,
        peak_kb: peak >> 10,
    }
}

/// CRC-32 of PNG chunks (ISO 3309), written out here: the tests make their own.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    let body = [kind.as_slice(), data].concat();
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc32(&body).to_be_bytes());
    out
}

/// A PNG whose header says `width` x `height` (8-bit RGB) over a few bytes of data.
fn claiming_png(width: u32, height: u32) -> Vec<u8> {
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(chunk(b"IHDR", &ihdr));
    png.extend(chunk(b"IDAT", &[0x78, 0x9c, 0x63, 0, 0, 0, 1, 0, 1]));
    png.extend(chunk(b"IEND", &[]));
    png
}

/// A 35-byte GIF: a 65535x65535 logical screen holding one 1x1 frame.
fn claiming_gif() -> Vec<u8> {
    let mut gif = b"GIF89a\xff\xff\xff\xff\x80\x00\x00".to_vec();
    gif.extend_from_slice(&[0, 0, 0, 255, 255, 255]); // two colours
    gif.extend_from_slice(&[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]); // the frame: 1x1 at 0,0
    gif.extend_from_slice(&[2, 2, 0x44, 0x01, 0, 0x3b]); // its LZW data, the end
    gif
}

/// A small real JPEG (the image crate's encoder), and the same with its frame
/// header patched to claim `width` x `height`.
fn jpeg(claim: Option<(u16, u16)>) -> Vec<u8> {
    let pixels: Vec<u8> = (0..64 * 48 * 3).map(|i| (i * 7 % 251) as u8).collect();
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90)
        .encode(&pixels, 64, 48, image::ExtendedColorType::Rgb8)
        .unwrap();
    if let Some((w, h)) = claim {
        let sof = out.windows(2).position(|m| m == [0xFF, 0xC0]).unwrap();
        out[sof + 5..sof + 7].copy_from_slice(&h.to_be_bytes());
        out[sof + 7..sof + 9].copy_from_slice(&w.to_be_bytes());
    }
    out
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.display().to_string()
}

/// Each file is refused, on both methods and decoded on the GPU (a JPEG the GPU
/// path leaves to the CPU's decoder), with its name and `words` on one line of
/// stderr, in under 5 s and 1 GB (the tool itself needs about 100 MB).
fn refused(path: &str, words: &str) {
    for args in [
        &["--method", "cpu"][..],
        &["--method", "packed"],
        &["--decode", "gpu", "--method", "privatized"],
    ] {
        let method = args.join(" ");
        let ran = histogram(&[args, &[path]].concat());
        assert_eq!(ran.code, Some(1), "{path} ({method}): {}", ran.stderr);
        let lines: Vec<&str> = ran.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "one line: {}", ran.stderr);
        assert!(
            lines[0].contains(path) && lines[0].contains(words),
            "{path} ({method}): {}",
            lines[0]
        );
        assert!(
            !lines[0].contains("panicked") && !lines[0].contains("ChunkType"),
            "{}",
            lines[0]
        );
        assert!(
            ran.took < Duration::from_secs(5),
            "{path} ({method}): {:?}",
            ran.took
        );
        assert!(
            ran.peak_kb < 1 << 20,
            "{path} ({method}): {} kB at most so far",
            ran.peak_kb
        );
    }
}

#[test]
fn tiny_files_that_claim_huge_pictures_are_refused_before_anything_is_allocated() {
    let d = dir("claims");
    let gif = claiming_gif();
    assert!(gif.len() <= 40, "{} bytes", gif.len());
    refused(
        &write(&d, "screen.gif", &gif),
        "65535x65535 pixels, more than",
    );
    refused(
        &write(&d, "sof.jpg", &jpeg(Some((65500, 65500)))),
        "65500x65500 pixels, more than",
    );
    refused(
        &write(&d, "sof-20000.jpg", &jpeg(Some((20000, 20000)))),
        "20000x20000 pixels, more than",
    );
    refused(
        &write(&d, "row.png", &claiming_png(2_147_483_647, 1)),
        "2147483647x1 pixels, more than",
    );
    // What such a file really holds still counts.
    let ran = histogram(&[&write(&d, "real.jpg", &jpeg(None))]);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
}

#[test]
fn damaged_data_is_refused_not_counted() {
    let d = dir("damaged");
    let whole = jpeg(None);
    let scan = whole.windows(2).position(|m| m == [0xFF, 0xDA]).unwrap();
    refused(
        &write(&d, "cut.jpg", &whole[..scan + 28]),
        "Premature end of JPEG file",
    );
    refused(
        &write(&d, "cut90.jpg", &whole[..whole.len() * 9 / 10]),
        "Premature end of JPEG file",
    );
    // A Huffman table whose counts claim more codes than it holds, and a frame
    // header that claims more rows than the scan codes: refused on the GPU's way
    // in (jpeg_entropy.rs) as on the CPU's.
    let mut table = whole.clone();
    let dht = table.windows(2).position(|m| m == [0xFF, 0xC4]).unwrap();
    table[dht + 5] = 0xFF;
    refused(&write(&d, "table.jpg", &table), "Bogus Huffman table");
    refused(
        &write(&d, "taller.jpg", &jpeg(Some((64, 96)))),
        "premature end of data segment",
    );
    // A PNG with one byte of its pixels' data changed: its chunk's CRC is wrong.
    let mut png = Vec::new();
    let pixels: Vec<u8> = (0..40 * 30 * 3).map(|i| (i * 13 % 256) as u8).collect();
    image::codecs::png::PngEncoder::new(&mut png)
        .write_image(&pixels, 40, 30, image::ExtendedColorType::Rgb8)
        .unwrap();
    let idat = png.windows(4).position(|m| m == b"IDAT").unwrap();
    png[idat + 20] ^= 0x10;
    refused(&write(&d, "flipped.png", &png), "checksum does not match");
    refused(
        &write(&d, "offset.exr", &exr_pointing_outside()),
        "a table in the file points outside it",
    );
}

/// The file at `path` counted with `--total` (and `args`) by the CPU's method and
/// decoded on the GPU: each run's stdout, each run ending well with nothing said.
fn on_cpu_and_gpu(path: &str, args: &[&str]) -> Vec<String> {
    [&["--method", "cpu"][..], &["--decode", "gpu"]]
        .iter()
        .map(|way| {
            let out = crate::tool::tool()
                .args(["--backend", "vulkan", "--quiet", "--total"])
                .args(args)
                .args(*way)
                .arg(path)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(
                out.status.success() && stderr.is_empty(),
                "{way:?}: {stderr}"
            );
            String::from_utf8(out.stdout).unwrap()
        })
        .collect()
}

/// A small JPEG whose scan runs on for 8 MB past its last block (issue #74,
/// item 6): the GPU's way does not take it (its stretches would hold GPU memory
/// for bytes no block reads) and leaves it to the CPU's decoder, which counts
/// it (libjpeg skips bytes past the last block): every way's counts are equal.
#[test]
fn a_scan_longer_than_its_blocks_can_code_is_left_to_the_cpu() {
    let d = dir("long-scan");
    let whole = jpeg(None);
    let mut long = whole[..whole.len() - 2].to_vec();
    long.extend((0..8 << 20).map(|i| (i % 251) as u8 | 1));
    long.extend([0xFF, 0xD9]);
    let why = histogram::jpeg_entropy::scan(&long).unwrap_err();
    assert!(why.contains("more than its 144 blocks can code"), "{why}");
    assert!(histogram::jpeg_entropy::scan(&whole).is_ok());
    let path = write(&d, "long.jpg", &long);
    let counts = on_cpu_and_gpu(&path, &[]);
    for (way, out) in counts.iter().enumerate() {
        assert!(out.contains("extraneous bytes"), "way {way}: {out}");
    }
    let total = |out: &String| out.lines().last().unwrap().to_string();
    assert!(total(&counts[0]).contains("\"files\": 1"), "{}", counts[0]);
    assert_eq!(total(&counts[0]), total(&counts[1]));
}

/// A `width` x `height` grey at 4:2:0 whose two Huffman tables hold one code
/// each, eight zero bits (a DC difference of 0; an end of block), so that every
/// block is those two codes and the scan is zero bytes: a stretch of it decoded
/// from a wrong unit of the MCU never falls in step by itself.
fn never_in_step(width: u16, height: u16) -> Vec<u8> {
    let mut out = vec![0xFF, 0xD8];
    let mut segment = |marker: u8, body: &[u8]| {
        out.extend([0xFF, marker]);
        out.extend((body.len() as u16 + 2).to_be_bytes());
        out.extend(body);
    };
    segment(0xDB, &[[0u8].as_slice(), &[1; 64]].concat());
    let [h1, h0] = height.to_be_bytes();
    let [w1, w0] = width.to_be_bytes();
    segment(
        0xC0,
        &[8, h1, h0, w1, w0, 3, 1, 0x22, 0, 2, 0x11, 0, 3, 0x11, 0],
    );
    for class in [0x00, 0x10] {
        let mut table = vec![class, 0, 0, 0, 0, 0, 0, 0, 1];
        table.extend([0; 8]);
        table.push(0);
        segment(0xC4, &table);
    }
    segment(0xDA, &[3, 1, 0, 2, 0, 3, 0, 0, 63, 0]);
    let mcus = width.div_ceil(16) as usize * height.div_ceil(16) as usize;
    out.extend(vec![0u8; mcus * 6 * 2]);
    out.extend([0xFF, 0xD9]);
    out
}

/// A scan whose stretches pass the true start on one a round (`never_in_step`)
/// falls in step within the GPU's 64 rounds when it has fewer stretches (a
/// 256x256 grey, 24 of 1024 bits), and is refused in those words when it has
/// more (512x512, 96): the command line then counts it on the CPU, as
/// libjpeg-turbo decodes it, every pixel 128, with nothing said.
#[test]
fn a_scan_not_in_step_after_the_gpus_last_round_is_left_to_the_cpu() {
    use histogram::gpu::GpuImage;
    use histogram::jpeg_planes::Orientation;
    let gpu = crate::common::gpu();
    let decode = |jpeg: &[u8]| {
        let scan = histogram::decode::jpeg_scan(jpeg, u64::MAX).unwrap();
        pollster::block_on(async {
            let unchecked =
                GpuImage::from_scan(&gpu, &scan, Orientation::NoTransforms, 8192, false).await?;
            unchecked.check(&gpu).await
        })
    };
    let few = never_in_step(256, 256);
    assert!(crate::jpeg_planes::decode_rgba(&few)
        .2
        .iter()
        .all(|&v| v == 128 || v == 255));
    decode(&few).expect("24 stretches in step within the rounds");
    let many = never_in_step(512, 512);
    let (width, height, rgba) = crate::jpeg_planes::decode_rgba(&many);
    assert_eq!((width, height), (512, 512));
    assert!(rgba.chunks(4).all(|p| p == [128, 128, 128, 255]));
    let why = decode(&many).err().expect("96 stretches not in step");
    assert_eq!(why.0, "the scan did not fall in step in 64 rounds");
    let d = dir("never-in-step");
    let path = write(&d, "grey.jpg", &many);
    let totals = on_cpu_and_gpu(&path, &["--bins", "4"]);
    let total = |out: &String| out.lines().last().unwrap().to_string();
    assert_eq!(total(&totals[0]), total(&totals[1]));
    assert!(
        total(&totals[0]).contains(r#""r": [0, 0, 262144, 0]"#),
        "{}",
        totals[0]
    );
}

/// An EXR of 4x4 pixels whose first block's offset, read as signed, lies before
/// the file's start (the page's hostile test makes the same file).
fn exr_pointing_outside() -> Vec<u8> {
    let mut exr = crate::common::hdr::exr(4, 4, &[0.5; 64]);
    // Magic and version, then attributes (name, type, size, value) up to an empty
    // name; the table of block offsets follows it.
    let after_zero =
        |from: usize, bytes: &[u8]| from + bytes[from..].iter().position(|&b| b == 0).unwrap() + 1;
    let mut at = 8;
    while exr[at] != 0 {
        let kind = after_zero(after_zero(at, &exr), &exr);
        let size = i32::from_le_bytes(exr[kind..kind + 4].try_into().unwrap());
        at = kind + 4 + size as usize;
    }
    exr[at + 1..at + 9].copy_from_slice(&0x8000_0000_0000_0010u64.to_le_bytes());
    exr
}

#[test]
fn a_scope_too_wide_to_draw_or_hold_says_so() {
    let d = dir("scopes");
    let strip = |width: u32| {
        let mut png = Vec::new();
        image::codecs::png::PngEncoder::new(&mut png)
            .write_image(
                &vec![128u8; width as usize * 3],
                width,
                1,
                image::ExtendedColorType::Rgb8,
            )
            .unwrap();
        png
    };
    let wide = write(&d, "wide.png", &strip(400_000));
    // The waveform too (it took 3.1 GB and 14 s to draw 400000 columns), as
    // counts or drawn: refused at once, in little memory.
    for (scope, columns) in [("--parade", 1_200_000), ("--waveform", 400_000)] {
        for (method, format) in [("cpu", "png"), ("gpu", "png"), ("cpu", "json")] {
            let started = std::time::Instant::now();
            let out = crate::tool::tool()
                .args([
                    "scope", scope, "--method", method, "--format", format, "--out",
                ])
                .arg(&d)
                .arg(&wide)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{stderr}");
            assert!(
                stderr.contains(&format!("has {columns} columns, more than the 49152")),
                "{stderr}"
            );
            assert!(!stderr.contains("panicked"), "{stderr}");
            assert!(
                started.elapsed().as_secs() < 10,
                "{scope} {method} {format}"
            );
        }
    }
    // A --out folder that is not there is said before anything is counted.
    let out = crate::tool::tool()
        .args(["scope", "--waveform", "--method", "cpu", "--out"])
        .arg(d.join("missing"))
        .arg(&wide)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing: no such folder"));
}

#[test]
fn a_closed_pipe_ends_the_tool_quietly() {
    let d = dir("pipe");
    let files: Vec<String> = (0..20)
        .map(|i| write(&d, &format!("{i}.jpg"), &jpeg(None)))
        .collect();
    let mut child = crate::tool::tool()
        .args(["--method", "cpu"])
        .args(&files)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read 20 bytes, as `| head -c 20` does, and go.
    let mut first = [0u8; 20];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.is_empty(), "nothing on stderr: {stderr}");
    let _ = std::io::stderr().flush();
}

#[test]
fn a_valid_tiff_of_a_kind_not_read_here_is_not_called_damaged() {
    let d = dir("tiff-kinds");
    let path = d.join("int32.tif");
    let file = std::fs::File::create(&path).unwrap();
    let mut tiff = tiff::encoder::TiffEncoder::new(file).unwrap();
    let samples: Vec<u32> = (0..64 * 48).map(|i| i * 1000).collect();
    tiff.write_image::<tiff::encoder::colortype::Gray32>(64, 48, &samples)
        .unwrap();
    let path = path.to_str().unwrap();
    for method in ["cpu", "packed"] {
        let ran = histogram(&["--method", method, path]);
        assert_eq!(ran.code, Some(1), "{method}: {}", ran.stderr);
        assert!(
            ran.stderr
                .contains("int32.tif: this kind of TIFF file is not read here (")
                && !ran.stderr.contains("damaged"),
            "{method}: {}",
            ran.stderr
        );
    }
}

#[test]
fn a_webp_16384_pixels_wide_is_refused_for_its_side_not_called_damaged() {
    let d = dir("webp");
    let pixels: Vec<u8> = (0..64 * 48 * 3).map(|i| (i * 7 % 251) as u8).collect();
    let mut webp = Vec::new();
    image::codecs::webp::WebPEncoder::new_lossless(&mut webp)
        .write_image(&pixels, 64, 48, image::ExtendedColorType::Rgb8)
        .unwrap();
    // The VP8L header after its signature byte: 14 bits of width - 1, 14 of height - 1.
    let at = webp.windows(4).position(|m| m == b"VP8L").unwrap() + 9;
    let bits = u32::from_le_bytes(webp[at..at + 4].try_into().unwrap());
    let bits = (bits & !0x0FFF_FFFF) | 16383 | (47 << 14);
    webp[at..at + 4].copy_from_slice(&bits.to_le_bytes());
    refused(
        &write(&d, "wide.webp", &webp),
        "this kind of WebP file is not read here (a side of 16384 pixels",
    );
}
