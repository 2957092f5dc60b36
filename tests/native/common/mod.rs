//! Shared by the native tests: an independent CPU reference, the test images, and
//! a GPU on Mesa lavapipe (Vulkan).
#![allow(dead_code)] // the examples that include it use a part each

pub mod fixtures;
pub mod hdr;

use histogram::gpu::{Gpu, GpuOptions};
use histogram::{Channels, Image, Spec};
use std::path::{Path, PathBuf};

/// The article's rule, `min(floor(v * numBins), numBins - 1)`, in exact rational
/// arithmetic: a channel is v = c / 255; luminance is v = (2126 r + 7152 g + 722 b)
/// / (255 * 10000). Written apart from the crate's CPU method on purpose.
pub fn reference(image: &Image, spec: Spec) -> Vec<u32> {
    let pixels = image
        .rgba()
        .chunks(4)
        .map(|p| [p[0], p[1], p[2]].map(u64::from));
    reference_of(pixels, 255, spec)
}

/// The same rule on samples of `depth` bits (RGBA, 16 bits each): v = s / (2^d - 1).
pub fn reference_deep(rgba: &[u16], depth: u32, spec: Spec) -> Vec<u32> {
    let pixels = rgba.chunks(4).map(|p| [p[0], p[1], p[2]].map(u64::from));
    reference_of(pixels, (1 << depth) - 1, spec)
}

fn reference_of(pixels: impl Iterator<Item = [u64; 3]>, max: u64, spec: Spec) -> Vec<u32> {
    let bins = spec.num_bins as u64;
    let n = spec.channels.count() as usize;
    let bin = |num: u64, den: u64| ((num * bins) / den).min(bins - 1) as usize;
    let mut out = vec![0u32; spec.len()];
    for [r, g, b] in pixels {
        let lum = bin(2126 * r + 7152 * g + 722 * b, max * 10_000);
        match spec.channels {
            Channels::Luminance => out[lum] += 1,
            Channels::Rgbl => {
                out[bin(r, max) * n] += 1;
                out[bin(g, max) * n + 1] += 1;
                out[bin(b, max) * n + 2] += 1;
                out[lum * n + 3] += 1;
            }
        }
    }
    out
}

/// The repository's root (the tests are the engine's package, engine/).
pub fn repo() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

pub fn media(name: &str) -> PathBuf {
    repo().join("../shared/media").join(name)
}

/// The photos of ../shared/media, as (name of their PNG fixture, path).
pub fn photos() -> [(&'static str, PathBuf); 2] {
    [
        (
            "photo-2448x1505.png",
            media("pexels-francesco-ungaro-96938-mid.jpg"),
        ),
        (
            "photo-2448x1836.png",
            media("pexels-chevanon-photography-1108099.jpg"),
        ),
    ]
}

/// A photo from ../shared/media, downscaled by `factor` (lavapipe is a CPU).
pub fn photo(factor: u32) -> Image {
    let path = media("pexels-francesco-ungaro-96938-mid.jpg");
    let decoded = image::open(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
        .to_rgba8();
    let (w, h) = (decoded.width() / factor, decoded.height() / factor);
    let small = image::imageops::resize(&decoded, w, h, image::imageops::FilterType::Triangle);
    Image::from_rgba(w, h, small.into_raw()).unwrap()
}

/// The small images every method must get exactly right.
pub fn test_images() -> Vec<(&'static str, Image)> {
    vec![
        ("1x1", Image::solid(1, 1, [12, 200, 99, 255])),
        ("257x3 noise", Image::noise(257, 3, 1)),
        ("1x4099 noise", Image::noise(1, 4099, 2)),
        ("300x301 sunset", Image::sunset(300, 301)),
        (
            "64x64 one colour",
            Image::solid(64, 64, [255, 255, 255, 255]),
        ),
        ("200x150 noise", Image::noise(200, 150, 3)),
        ("photo / 8", photo(8)),
    ]
}

/// The GPU the native tests run on: Vulkan (Mesa lavapipe on a machine without one).
pub fn gpu() -> Gpu {
    pollster::block_on(Gpu::new(&GpuOptions {
        backends: Some(wgpu::Backends::VULKAN),
        ..Default::default()
    }))
    .expect("a Vulkan adapter (install mesa-vulkan-drivers for lavapipe)")
}

/// `command` run with `input` on its standard input, its output captured.
pub fn with_stdin(command: &mut std::process::Command, input: &[u8]) -> std::process::Output {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command runs");
    child
        .stdin
        .take()
        .expect("its standard input")
        .write_all(input)
        .expect("the input is written");
    child.wait_with_output().expect("it ends")
}

/// A folder of a test's own in the temporary directory, removed when the test ends,
/// passed or failed (tempfile's `TempDir`, dropped); a `Path` where one is wanted.
pub struct Scratch(tempfile::TempDir);

/// A new `Scratch` folder, named `histogram-{name}-…`.
pub fn scratch(name: &str) -> Scratch {
    Scratch(
        tempfile::Builder::new()
            .prefix(&format!("histogram-{name}-"))
            .tempdir()
            .expect("a folder in the temporary directory"),
    )
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.path().as_os_str()
    }
}

/// An offscreen RGBA8 target of `size`, drawn into by `draw` (given the encoder
/// and the target's view), then read back: 4 bytes a pixel, rows unpadded.
pub fn drawn(
    gpu: &Gpu,
    size: (u32, u32),
    draw: impl FnOnce(&mut wgpu::CommandEncoder, &wgpu::TextureView),
) -> Vec<u8> {
    let usage = wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC;
    let texture = gpu.texture("target", size, wgpu::TextureFormat::Rgba8Unorm, usage);
    let view = texture.create_view(&Default::default());
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    draw(&mut encoder, &view);
    pollster::block_on(gpu.submit(encoder.finish())).unwrap();
    pollster::block_on(gpu.read_texture(&texture)).unwrap()
}

/// Waits for `child`: its status and its peak resident memory, in bytes, as its
/// own mm counts it (VmHWM, read till it ends). Not wait4's maxrss: that takes in
/// the test process's peak, whose memory the child shared until its exec.
pub fn wait_with_peak(mut child: std::process::Child) -> (std::process::ExitStatus, u64) {
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    loop {
        if let Ok(status) = std::fs::read_to_string(&status_file) {
            let kb = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok());
            peak = peak.max(kb.unwrap_or(0) * 1024);
        }
        if let Some(status) = child.try_wait().unwrap() {
            return (status, peak);
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}
