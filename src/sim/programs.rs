//! Each simulated step's program: the instructions an invocation of its kernel
//! runs, on the lines of its WGSL they are on, planned per dispatch as
//! src/gpu/plan.rs plans the GPU's (one band).

use super::{Memory, Pass};
use crate::gpu::{ChunkShape, Kernel, Method};
use crate::histogram::{luminance, Spec};
use crate::image::Image;

/// A register an invocation loads into: `tmp` is replaced, `acc` added to.
#[derive(Clone, Copy, Debug)]
pub(super) enum Reg {
    Tmp,
    Acc,
}

/// What a store writes: the loaded value plus 1, plus nothing, or plus `acc`.
#[derive(Clone, Copy, Debug)]
pub(super) enum Plus {
    One,
    Zero,
    Acc,
}

/// One instruction of an invocation's program, with the line it is on.
#[derive(Clone, Copy, Debug)]
pub(super) enum Op {
    Line(&'static str),
    Return(&'static str),
    Pixel(&'static str, u32, u32),
    Load(&'static str, Memory, Reg),
    Store(&'static str, Memory, Plus),
    Atomic(&'static str, Memory),
    Peek(&'static str, Memory),
    Barrier(&'static str),
}

/// The lines the programs are on: each occurs once in its kernel's WGSL.
pub(super) mod lines {
    pub const FOR_Y: &str = "for (var y = 0u; y < band.size.y; y++)";
    pub const FOR_X: &str = "for (var x = 0u; x < band.size.x; x++)";
    pub const LOAD: &str = "let rgb = rgb8(textureLoad(";
    pub const FOR_CH: &str = "for (var ch = 0u; ch < channels; ch++)";
    pub const INCREMENT: &str = "bins[binOf(rgb, ch) * channels + ch] += 1u;";
    pub const POSITION: &str = "let position = global_invocation_id.xy;";
    pub const INSIDE: &str = "if (all(position < band.size))";
    pub const ATOMIC: &str = "atomicAdd(&bins[binOf(rgb, ch) * channels + ch], 1u);";
    pub const CHUNK_POSITION: &str =
        "let position = workgroup_id.xy * vec2u(chunkWidth, chunkHeight)";
    pub const BARRIER: &str = "workgroupBarrier();";
    pub const CHUNK: &str = "let chunk = workgroup_id.y * chunksAcross + workgroup_id.x;";
    pub const COPY_LOOP: &str =
        "for (var i = local_invocation_index; i < numBins * channels; i += chunkSize)";
    pub const COPY: &str = "chunks[chunk][i] = atomicLoad(&bins[i]);";
    pub const SUM_BIN: &str = "let bin = global_invocation_id.x;";
    pub const SUM_EIGHT: &str = "for (; chunk + 8u <= sum.numChunks; chunk += 8u)";
    pub const SUM_PARTIAL: &str = "partial[k] += chunks[chunk + k][bin];";
    pub const SUM_REST: &str = "for (; chunk < sum.numChunks; chunk++)";
    pub const SUM_ONE: &str = "total += chunks[chunk][bin];";
    pub const SUM_PARTIALS: &str = "total += partial[k];";
    pub const SUM_STORE: &str = "bins[bin] += total;";
    pub const PAIR: &str = "let chunk0 = pair * uni.stride * 2u;";
    pub const PARTNER: &str = "if (chunk1 >= uni.numChunks)";
    pub const REDUCE_LOOP: &str =
        "for (var i = local_invocation_index; i < numBins * channels; i += 256u)";
    pub const REDUCE_ADD: &str = "chunks[chunk0][i] += chunks[chunk1][i];";
}

/// The kernels' workgroup sizes where they are fixed in their WGSL.
pub(super) const SUM_GROUP: u32 = 256;

/// The bin index (bin x channels + channel) of channel `ch` of `rgb`, by
/// common.wgsl's `binOf`.
pub(super) fn bin_index(rgb: [u8; 3], ch: u32, spec: Spec) -> u32 {
    let channels = spec.channels.count();
    let value = if channels == 4 && ch < 3 {
        rgb[ch as usize] as u32 * 10_000
    } else {
        luminance(rgb[0], rgb[1], rgb[2])
    };
    spec.bin(value) * channels + ch
}

/// A dispatch being planned: its pass record and each invocation's program.
pub(super) struct Planned {
    pub pass: Pass,
    /// Per workgroup (x first), its invocations' local ids and programs.
    pub groups: Vec<Vec<([u32; 2], Vec<Op>)>>,
}

/// The 8-bit colour of the pixel at (x, y).
pub(super) fn rgb_at(image: &Image, x: u32, y: u32) -> [u8; 3] {
    let p = ((y * image.width() + x) * 4) as usize;
    [image.rgba()[p], image.rgba()[p + 1], image.rgba()[p + 2]]
}

/// A pixel's ops: its load, then per channel the loop's line and `add` of its
/// bin (in `group`'s workgroup memory where given, else the storage bins).
pub(super) fn pixel_ops(
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
            Add::Atomic => ops.push(Op::Atomic(ATOMIC, at)),
        }
    }
    ops
}

/// How a pixel's bin is added to: a plain read-add-write, or `atomicAdd`.
#[derive(Clone, Copy)]
pub(super) enum Add {
    Plain,
    Atomic,
}

/// Plans `method` over `image` as src/gpu/plan.rs plans the GPU's (one band).
pub(super) fn plan(method: Method, image: &Image, spec: Spec, chunk: ChunkShape) -> Vec<Planned> {
    use lines::*;
    let (w, h) = (image.width(), image.height());
    let entries = spec.len() as u32;
    let grid = |shape: ChunkShape| [w.div_ceil(shape.width), h.div_ceil(shape.height)];
    let one_pass = |kernel: Kernel, groups: [u32; 2], size: u32, stride| Pass {
        kernel: kernel.name(),
        groups,
        group_size: size,
        idle: 0,
        stride,
    };
    match method {
        Method::Single => {
            let mut ops = Vec::new();
            for y in 0..h {
                ops.push(Op::Line(FOR_Y));
                for x in 0..w {
                    ops.push(Op::Line(FOR_X));
                    ops.extend(pixel_ops(image, spec, x, y, Add::Plain, None));
                }
            }
            vec![Planned {
                pass: one_pass(Kernel::Single, [1, 1], 1, None),
                groups: vec![vec![([0, 0], ops)]],
            }]
        }
        Method::Race | Method::Atomic => {
            let groups = grid(chunk);
            let mut planned = Vec::new();
            for gy in 0..groups[1] {
                for gx in 0..groups[0] {
                    let mut invocations = Vec::new();
                    for ly in 0..chunk.height {
                        for lx in 0..chunk.width {
                            let (x, y) = (gx * chunk.width + lx, gy * chunk.height + ly);
                            let mut ops = vec![Op::Line(POSITION)];
                            if x < w && y < h {
                                ops.push(Op::Line(INSIDE));
                                let add = match method {
                                    Method::Race => Add::Plain,
                                    _ => Add::Atomic,
                                };
                                ops.extend(pixel_ops(image, spec, x, y, add, None));
                            } else {
                                ops.push(Op::Return(INSIDE));
                            }
                            invocations.push(([lx, ly], ops));
                        }
                    }
                    planned.push(invocations);
                }
            }
            let kernel = method.kernels()[0];
            vec![Planned {
                pass: one_pass(kernel, groups, chunk.invocations(), None),
                groups: planned,
            }]
        }
        Method::ChunksSum | Method::ChunksReduce => {
            let groups = grid(chunk);
            let count = groups[0] * groups[1];
            let mut planned = Vec::new();
            for gy in 0..groups[1] {
                for gx in 0..groups[0] {
                    let group = gy * groups[0] + gx;
                    let mut invocations = Vec::new();
                    for ly in 0..chunk.height {
                        for lx in 0..chunk.width {
                            let (x, y) = (gx * chunk.width + lx, gy * chunk.height + ly);
                            let mut ops = vec![Op::Line(CHUNK_POSITION)];
                            if x < w && y < h {
                                ops.push(Op::Line(INSIDE));
                                ops.extend(pixel_ops(image, spec, x, y, Add::Atomic, Some(group)));
                            }
                            ops.push(Op::Barrier(BARRIER));
                            ops.push(Op::Line(CHUNK));
                            let index = ly * chunk.width + lx;
                            for bin in (index..entries).step_by(chunk.invocations() as usize) {
                                ops.push(Op::Line(COPY_LOOP));
                                ops.push(Op::Peek(COPY, Memory::Local { group, bin }));
                                ops.push(Op::Store(
                                    COPY,
                                    Memory::Chunk { chunk: group, bin },
                                    Plus::Zero,
                                ));
                            }
                            invocations.push(([lx, ly], ops));
                        }
                    }
                    planned.push(invocations);
                }
            }
            let mut passes = vec![Planned {
                pass: one_pass(Kernel::Chunks, groups, chunk.invocations(), None),
                groups: planned,
            }];
            let mut summed = count;
            if method == Method::ChunksReduce {
                let mut stride = 1;
                while stride < count {
                    let pairs = count.div_ceil(stride * 2);
                    let mut planned = Vec::new();
                    for pair in 0..pairs {
                        let (chunk0, chunk1) = (pair * stride * 2, pair * stride * 2 + stride);
                        let mut invocations = Vec::new();
                        for lane in 0..entries.min(SUM_GROUP) {
                            let mut ops = vec![Op::Line(PAIR)];
                            if chunk1 >= count {
                                ops.push(Op::Return(PARTNER));
                            } else {
                                ops.push(Op::Line(PARTNER));
                                for i in (lane..entries).step_by(SUM_GROUP as usize) {
                                    ops.push(Op::Line(REDUCE_LOOP));
                                    let (c0, c1) = (
                                        Memory::Chunk {
                                            chunk: chunk0,
                                            bin: i,
                                        },
                                        Memory::Chunk {
                                            chunk: chunk1,
                                            bin: i,
                                        },
                                    );
                                    ops.push(Op::Load(REDUCE_ADD, c1, Reg::Acc));
                                    ops.push(Op::Load(REDUCE_ADD, c0, Reg::Tmp));
                                    ops.push(Op::Store(REDUCE_ADD, c0, Plus::Acc));
                                }
                            }
                            invocations.push(([lane, 0], ops));
                        }
                        planned.push(invocations);
                    }
                    passes.push(Planned {
                        pass: Pass {
                            idle: SUM_GROUP - entries.min(SUM_GROUP),
                            ..one_pass(Kernel::Reduce, [pairs, 1], SUM_GROUP, Some(stride))
                        },
                        groups: planned,
                    });
                    stride *= 2;
                }
                summed = 1;
            }
            // The sum: one invocation a bin, over the first `summed` chunks.
            let sum_groups = entries.div_ceil(SUM_GROUP);
            let mut planned = Vec::new();
            for g in 0..sum_groups {
                let mut invocations = Vec::new();
                for lane in 0..SUM_GROUP.min(entries - g * SUM_GROUP) {
                    let bin = g * SUM_GROUP + lane;
                    let mut ops = vec![Op::Line(SUM_BIN)];
                    let mut c = 0;
                    while c + 8 <= summed {
                        ops.push(Op::Line(SUM_EIGHT));
                        for k in 0..8 {
                            let at = Memory::Chunk { chunk: c + k, bin };
                            ops.push(Op::Load(SUM_PARTIAL, at, Reg::Acc));
                        }
                        c += 8;
                    }
                    while c < summed {
                        ops.push(Op::Line(SUM_REST));
                        ops.push(Op::Load(SUM_ONE, Memory::Chunk { chunk: c, bin }, Reg::Acc));
                        c += 1;
                    }
                    if summed >= 8 {
                        ops.push(Op::Line(SUM_PARTIALS));
                    }
                    ops.push(Op::Load(SUM_STORE, Memory::Bins { bin }, Reg::Tmp));
                    ops.push(Op::Store(SUM_STORE, Memory::Bins { bin }, Plus::Acc));
                    invocations.push(([lane, 0], ops));
                }
                planned.push(invocations);
            }
            passes.push(Planned {
                pass: Pass {
                    idle: sum_groups * SUM_GROUP - entries,
                    ..one_pass(Kernel::Sum, [sum_groups, 1], SUM_GROUP, None)
                },
                groups: planned,
            });
            passes
        }
        _ => Vec::new(),
    }
}
