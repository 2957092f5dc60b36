//! How the options' values are read: each a message in the tool's words when
//! it cannot be.

use histogram::gpu::{ChunkShape, Method};
use histogram::scope::{Reference, MOST_LINES};
use histogram::{Channels, Spec};

pub fn gpu_method(name: &str) -> Result<Method, String> {
    Method::parse(name).ok_or_else(|| {
        let names: Vec<&str> = Method::ALL.iter().map(|m| m.name()).collect();
        format!("unknown method '{name}' (cpu, {})", names.join(", "))
    })
}

pub fn bins(text: &str) -> Result<Spec, String> {
    let n = text
        .parse()
        .map_err(|_| format!("--bins takes a number, not '{text}'"))?;
    Spec::new(n, Channels::Rgbl)
}

pub fn chunk(text: &str) -> Result<ChunkShape, String> {
    ChunkShape::parse(text).ok_or_else(|| format!("a chunk is WxH, each at least 1, not '{text}'"))
}

pub fn pair(text: &str) -> Result<(u32, u32), String> {
    text.split_once('x')
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
        .ok_or_else(|| format!("WxH in whole numbers, not '{text}'"))
}

pub fn size(text: &str) -> Result<(u32, u32), String> {
    pair(text)
        .ok()
        .filter(|&(w, h)| w > 0 && h > 0)
        .ok_or_else(|| format!("bad size '{text}' (WxH, each at least 1)"))
}

pub fn at_least_one(text: &str) -> Result<usize, String> {
    text.parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("a whole number from 1 up, not '{text}'"))
}

pub fn gain(text: &str) -> Result<f32, String> {
    text.parse()
        .ok()
        .filter(|g: &f32| *g > 0.0 && g.is_finite())
        .ok_or_else(|| format!("a number above 0, not '{text}'"))
}

/// `--lines`: the reference lines, as one value.
#[derive(Clone, Debug)]
pub struct Lines(pub Vec<Reference>);

pub fn reference_lines(text: &str) -> Result<Lines, String> {
    Reference::parse_list(text).map(Lines).map_err(|word| {
        format!(
            "\"{word}\" is not a level (0-255) or a percent (0%-100%), or is a line past the {}th",
            MOST_LINES
        )
    })
}
