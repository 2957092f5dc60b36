//! The article's compute steps run on a tiny picture, one thing at a time, by
//! their kernels' own WGSL (naga's parse of the text the GPU compiles,
//! src/sim/invocation.rs), invocations and workgroups interleaved as a GPU may
//! (src/sim/schedule.rs): which invocation reads which pixel; a bin's load, add and
//! store; an atomic's bin held while the others that want it wait; the barrier;
//! each reduce step and the chunk left without a partner; a subgroup's lanes
//! running its functions together. The chapters' diagrams play its trace, and its
//! final bins are the kernel's on the GPU, bin for bin (tests/native/sim.rs), but
//! for the race's, whose lost counts are those of the interleaving the seed chose,
//! each one named.

use crate::gpu::{listing, ChunkShape, Method};
use crate::histogram::{Channels, Spec};
use crate::image::Image;
use serde::Serialize;
use std::collections::BTreeMap;

mod dispatch;
mod expressions;
mod invocation;
mod kernel;
mod scale_draw;
mod schedule;
mod statements;
mod values;
pub use scale_draw::{canvas_of, simulate_draw, CANVAS};
pub use schedule::simulate;

/// What a subgroup function answered every lane of its subgroup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "fn", rename_all = "lowercase")]
pub enum Vote {
    /// `subgroupBallot`: how many lanes said true.
    Ballot { lanes: u32 },
    /// `subgroupBroadcastFirst` (or `subgroupBroadcast`): the value every lane got.
    First { value: u32 },
    /// `subgroupAll`: whether every lane said true.
    All { alike: bool },
    /// `subgroupAny`.
    Any { any: bool },
    /// A sum, product or bitwise reduction: what every lane got.
    Reduce { value: u32 },
}

/// Where a value lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "in", rename_all = "lowercase")]
pub enum Memory {
    /// The storage buffer of bins (`bin`: index into it, bin x channels + channel).
    Bins { bin: u32 },
    /// A workgroup's bins in workgroup memory.
    Local { group: u32, bin: u32 },
    /// A chunk's row of the chunks storage buffer.
    Chunk { chunk: u32, bin: u32 },
    /// A `vec4f` of the scale pass's result: its `scale` (member 0) or its
    /// `tallest` (1), a channel a component.
    Scale { member: u32 },
}

/// What one step of an invocation did.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "act", rename_all = "lowercase")]
pub enum Act {
    /// Its workgroup was given a slot: every invocation of it starts.
    Start { slot: u32 },
    /// A line that computes (ids, a loop, a bounds check that passes).
    Line,
    /// The bounds check failed: the invocation returns.
    Return,
    /// `textureLoad`: the pixel at (x, y) and its 8-bit colour; or a load of
    /// packed pixels, `count` of them from (x, y) on in reading order.
    Pixel {
        x: u32,
        y: u32,
        rgb: [u8; 3],
        count: u32,
    },
    /// A plain load of `at`, `value` found there.
    Load { at: Memory, value: u32 },
    /// A plain store of `value` to `at`. An increment's `lost`: the value it wrote
    /// over less the one it loaded, the counts others had added in between,
    /// overwritten (the race); negative where it wrote over a value that had lost
    /// more, giving some back.
    Store { at: Memory, value: u32, lost: i32 },
    /// An atomic's first half: `at` is held by this invocation.
    Hold { at: Memory },
    /// Blocked: another invocation holds `at`.
    Wait { at: Memory },
    /// An atomic's second half: `by` added, `value` now there, `at` let go.
    Add { at: Memory, value: u32, by: u32 },
    /// `atomicLoad` of `at`.
    Peek { at: Memory, value: u32 },
    /// At `workgroupBarrier()`, waiting for the rest of its workgroup.
    Barrier,
    /// The last of its workgroup reached the barrier: all go on.
    Released,
    /// At a subgroup function, waiting for the rest of its subgroup.
    Vote { subgroup: u32 },
    /// The last lane of its subgroup reached it: every lane has `vote`, all go on.
    Voted { subgroup: u32, vote: Vote },
    /// A load of a `vec4f` cell (the scale), its four floats.
    Fetch { at: Memory, value: [f32; 4] },
    /// A store of four floats to a `vec4f` cell.
    Put { at: Memory, value: [f32; 4] },
    /// A fragment's colour, written to its pixel of the canvas as an 8-bit
    /// target stores it.
    Colour { rgba: [u8; 4] },
    /// Its program is done.
    Done,
}

/// One step: which invocation, on which line of its kernel, did what.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Step {
    pub invocation: u32,
    /// The line of the kernel's WGSL (`Kernel::source`), from 1; 0 for none.
    pub line: u32,
    #[serde(flatten)]
    pub act: Act,
}

/// One invocation: its pass, workgroup id and local id.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Invocation {
    pub pass: u32,
    pub group: [u32; 2],
    pub local: [u32; 2],
    /// The index of its workgroup in the pass (x first).
    pub group_index: u32,
}

/// One dispatch: its kernel, workgroups, and what its uniforms say.
#[derive(Clone, Debug, Serialize)]
pub struct Pass {
    pub kernel: &'static str,
    pub groups: [u32; 2],
    /// Invocations a workgroup, by its `@workgroup_size`.
    pub group_size: u32,
    /// Of them, how many have nothing to do and return at once (not simulated).
    pub idle: u32,
    /// A reduce step's stride.
    pub stride: Option<u32>,
}

/// A method run on a picture, every step of it.
#[derive(Clone, Debug, Serialize)]
pub struct Trace {
    pub method: &'static str,
    pub width: u32,
    pub height: u32,
    pub num_bins: u32,
    pub channels: u32,
    pub chunk: [u32; 2],
    pub chunks: u32,
    /// Lanes a subgroup (0 where the kernel has no subgroups).
    pub lanes: u32,
    pub slots: u32,
    pub seed: u64,
    pub passes: Vec<Pass>,
    pub invocations: Vec<Invocation>,
    pub steps: Vec<Step>,
    /// The bins at the end (bin x channels + channel).
    pub bins: Vec<u32>,
    /// Per bin, the increments made to it less its final count: the race's
    /// lost counts (0 for every other method).
    pub lost: Vec<u32>,
    /// Part 2's drawing (src/sim/scale_draw.rs): the canvas its fragments colour, the
    /// bins (counted before it) only read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub canvas: Option<[u32; 2]>,
}

/// The methods the simulator runs: the steps with a diagram.
pub fn methods() -> impl Iterator<Item = Method> {
    Method::ALL
        .into_iter()
        .filter(|m| m.step().diagram().is_some())
}

/// The article's introduction picture, 6x7 in its three colours, drawn here: one
/// colour a bin of 3 by luminance (blue 0.24, red 0.48, yellow 0.83).
pub fn intro_picture() -> Image {
    const ROWS: [&str; 7] = [
        "byyyyb", "byrryb", "bbrrbb", "rrrrrr", "bbrrbb", "brbbrb", "yrbbry",
    ];
    drawn(&ROWS, |c| match c {
        b'b' => [34, 51, 255, 255],
        b'r' => [255, 85, 85, 255],
        _ => [255, 221, 0, 255],
    })
}

/// The subgroups chapter's 8x5 picture, drawn here: three rows of sky (the middle
/// one with a sun of two pixels) over two of a field, dark and light grass and
/// flowers, so that a subgroup of four or eight lanes in the sky has one colour.
pub fn sky_picture() -> Image {
    const ROWS: [&str; 5] = ["ssssssss", "sssuusss", "ssssssss", "gGgyGgGg", "GgGGgyGg"];
    drawn(&ROWS, |c| match c {
        b's' => [110, 165, 235, 255],
        b'u' => [255, 220, 90, 255],
        b'g' => [90, 160, 70, 255],
        b'G' => [30, 80, 35, 255],
        _ => [240, 200, 40, 255],
    })
}

/// A tiny picture drawn as rows of letters, each letter a colour.
fn drawn(rows: &[&str], colour: impl Fn(u8) -> [u8; 4]) -> Image {
    let rgba = rows
        .iter()
        .flat_map(|row| row.bytes().flat_map(&colour))
        .collect();
    Image::from_rgba(rows[0].len() as u32, rows.len() as u32, rgba).expect("rows of one length")
}

/// A kernel's text as a diagram plays it.
#[derive(Clone, Debug, Serialize)]
pub struct Source {
    pub text: String,
    /// The line of the lab's listing its text starts on (1 for a step's own).
    pub first: u32,
}

/// The text of each kernel `method` dispatches, by name, as a diagram plays it:
/// the step's own for `spec` and `chunk`, or the kernel lab's `edited` listing cut
/// into its kernels (src/gpu/listing.rs), its injected constants made `spec`'s and
/// `chunk`'s.
pub fn sources(
    method: Method,
    spec: Spec,
    chunk: ChunkShape,
    edited: Option<&str>,
) -> values::Result<BTreeMap<&'static str, Source>> {
    Ok(match edited {
        None => method
            .kernels()
            .iter()
            .map(|k| {
                let text = k.source(spec, chunk);
                (k.name, Source { text, first: 1 })
            })
            .collect(),
        Some(text) => listing::sections(method.kernels(), text)?
            .into_iter()
            .map(|(k, text, first)| {
                let text = crate::gpu::rebased(&text, spec, chunk);
                (k.name, Source { text, first })
            })
            .collect(),
    })
}

/// Luminance bins for the diagrams: 3, as the article draws them.
pub fn diagram_spec(channels: u32) -> Spec {
    let channels = if channels == 4 {
        Channels::Rgbl
    } else {
        Channels::Luminance
    };
    Spec::new(3, channels).expect("3 bins")
}
