//! What a step's program for the simulator is made of: the instructions an
//! invocation of its kernel runs, on the lines of its WGSL they are on, and a
//! pixel's load and counting, which most steps share. Each step plans its own
//! (src/gpu/steps/, `Step::program`), per dispatch as it plans the GPU's.

use super::{Memory, Pass};
use crate::gpu::{ChunkShape, Kernel};
use crate::histogram::{luminance, Spec};
use crate::image::Image;
use serde::Serialize;

/// A register an invocation loads into: `tmp` is replaced, `acc` added to.
#[derive(Clone, Copy, Debug)]
pub enum Reg {
    Tmp,
    Acc,
}

/// What a store writes: the loaded value plus 1, plus nothing, or plus `acc`.
#[derive(Clone, Copy, Debug)]
pub enum Plus {
    One,
    Zero,
    Acc,
}

/// What an `atomicAdd` adds: 1, a number the plan knows (a subgroup's lanes), or
/// the value its invocation last read with `atomicLoad`.
#[derive(Clone, Copy, Debug)]
pub enum By {
    One,
    N(u32),
    Peeked,
}

/// One instruction of an invocation's program, with the line it is on.
#[derive(Clone, Copy, Debug)]
pub enum Op {
    Line(&'static str),
    Return(&'static str),
    Pixel(&'static str, u32, u32),
    Load(&'static str, Memory, Reg),
    Store(&'static str, Memory, Plus),
    Atomic(&'static str, Memory, By),
    Peek(&'static str, Memory),
    Barrier(&'static str),
    /// A subgroup function of subgroup `.1` of the workgroup, and what it answers:
    /// its lanes run it together.
    Vote(&'static str, u32, Vote),
    /// An instruction of its subgroup's that a branch leaves this lane out of: it
    /// waits, in step, and nothing is said.
    Masked,
}

/// What a subgroup function answered every lane of its subgroup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "fn", rename_all = "lowercase")]
pub enum Vote {
    /// `subgroupBallot(has)`, its bits counted: the lanes with a pixel.
    Ballot { lanes: u32 },
    /// `subgroupBroadcastFirst(colour)`: the first lane's colour.
    First { rgb: [u8; 3] },
    /// `subgroupAll(...)`: whether every lane with a pixel has that colour.
    All { alike: bool },
}

/// The lines the programs are on: each occurs once in its kernel's WGSL.
pub mod lines {
    pub const LOAD: &str = "let rgb = rgb8(textureLoad(";
    pub const FOR_CH: &str = "for (var ch = 0u; ch < channels; ch++)";
    pub const INCREMENT: &str = "bins[binOf(rgb, ch) * channels + ch] += 1u;";
    pub const ATOMIC: &str = "atomicAdd(&bins[binOf(rgb, ch) * channels + ch], 1u);";
    pub const INSIDE: &str = "if (all(position < band.size))";
}

/// The bin index (bin x channels + channel) of channel `ch` of `rgb`, by
/// common.wgsl's `binOf`.
pub fn bin_index(rgb: [u8; 3], ch: u32, spec: Spec) -> u32 {
    let channels = spec.channels.count();
    let value = if channels == 4 && ch < 3 {
        rgb[ch as usize] as u32 * 10_000
    } else {
        luminance(rgb[0], rgb[1], rgb[2])
    };
    spec.bin(value) * channels + ch
}

/// A workgroup's invocations: each one's local id and program.
pub type Workgroup = Vec<([u32; 2], Vec<Op>)>;

/// A dispatch being planned: its pass record and each invocation's program.
pub struct Planned {
    pub pass: Pass,
    /// Per workgroup (x first), its invocations' local ids and programs.
    pub groups: Vec<Workgroup>,
}

/// The 8-bit colour of the pixel at (x, y).
pub fn rgb_at(image: &Image, x: u32, y: u32) -> [u8; 3] {
    let p = ((y * image.width() + x) * 4) as usize;
    [image.rgba()[p], image.rgba()[p + 1], image.rgba()[p + 2]]
}

/// A pixel's ops: its load, then per channel the loop's line and `add` of its
/// bin (in `group`'s workgroup memory where given, else the storage bins).
pub fn pixel_ops(
    image: &Image,
    spec: Spec,
    x: u32,
    y: u32,
    add: Add,
    group: Option<u32>,
) -> Vec<Op> {
    use lines::*;
    let rgb = rgb_at(image, x, y);
    let mut ops = vec![Op::Pixel(LOAD, x, y)];
    for ch in 0..spec.channels.count() {
        ops.push(Op::Line(FOR_CH));
        let bin = bin_index(rgb, ch, spec);
        let at = group.map_or(Memory::Bins { bin }, |group| Memory::Local { group, bin });
        match add {
            Add::Plain => {
                ops.push(Op::Load(INCREMENT, at, Reg::Tmp));
                ops.push(Op::Store(INCREMENT, at, Plus::One));
            }
            Add::Atomic => ops.push(Op::Atomic(ATOMIC, at, By::One)),
        }
    }
    ops
}

/// How a pixel's bin is added to: a plain read-add-write, or `atomicAdd`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Add {
    Plain,
    Atomic,
}

impl Pass {
    /// A dispatch of `kernel` over `groups` workgroups of `size` invocations.
    pub fn of(kernel: Kernel, groups: [u32; 2], size: u32, stride: Option<u32>) -> Pass {
        Pass {
            kernel: kernel.name,
            groups,
            group_size: size,
            idle: 0,
            stride,
        }
    }
}

/// Every pixel of a grid of workgroups of `shape`, one invocation each: each
/// invocation's program from `ops` (its workgroup's index, its local index and
/// its pixel, `None` outside the picture).
pub fn per_pixel(
    image: &Image,
    shape: ChunkShape,
    mut ops: impl FnMut(u32, u32, Option<[u32; 2]>) -> Vec<Op>,
) -> ([u32; 2], Vec<Workgroup>) {
    let (w, h) = (image.width(), image.height());
    let groups = [w.div_ceil(shape.width), h.div_ceil(shape.height)];
    let mut planned = Vec::new();
    for gy in 0..groups[1] {
        for gx in 0..groups[0] {
            let mut invocations = Vec::new();
            for ly in 0..shape.height {
                for lx in 0..shape.width {
                    let (x, y) = (gx * shape.width + lx, gy * shape.height + ly);
                    let pixel = (x < w && y < h).then_some([x, y]);
                    let (group, local) = (gy * groups[0] + gx, ly * shape.width + lx);
                    invocations.push(([lx, ly], ops(group, local, pixel)));
                }
            }
            planned.push(invocations);
        }
    }
    (groups, planned)
}
