//! The article's compute steps run on a tiny picture by a small simulator of GPU
//! invocations and workgroups, one instruction at a time, as each step's WGSL
//! (shaders/) does them: which invocation reads which pixel; a bin's load, add
//! and store; an atomic's bin held while the others that want it wait; the
//! barrier; each reduce step and the chunk left without a partner. The chapters'
//! diagrams play its trace, and its final bins are the kernel's on the GPU, bin
//! for bin (tests/native/sim.rs), but for the race's, whose lost counts are those
//! of the interleaving the seed chose, each one named.
//!
//! What is simulated is the kernel's algorithm, not a GPU's timing: `slots`
//! workgroups run at once, each taken in order of its id (x first), and at each
//! tick one of the invocations that can go on is picked by a seeded generator.

use crate::gpu::{ChunkShape, Kernel, Method};
use crate::histogram::{luminance, Channels, Spec};
use crate::image::Image;
use serde::Serialize;

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
}

/// What one step of an invocation did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "act", rename_all = "lowercase")]
pub enum Act {
    /// Its workgroup was given a slot: every invocation of it starts.
    Start { slot: u32 },
    /// A line that computes (ids, a loop, a bounds check that passes).
    Line,
    /// The bounds check failed: the invocation returns.
    Return,
    /// `textureLoad`: the pixel at (x, y) and its 8-bit colour.
    Pixel { x: u32, y: u32, rgb: [u8; 3] },
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
    /// An atomic's second half: 1 added, `value` now there, `at` let go.
    Add { at: Memory, value: u32 },
    /// `atomicLoad` of `at`.
    Peek { at: Memory, value: u32 },
    /// At `workgroupBarrier()`, waiting for the rest of its workgroup.
    Barrier,
    /// The last of its workgroup reached the barrier: all go on.
    Released,
    /// Its program is done.
    Done,
}

/// One step: which invocation, on which line of its kernel, did what.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Step {
    pub invocation: u32,
    /// The line, as text that occurs once in the kernel's WGSL (`Kernel::source`).
    pub line: &'static str,
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
}

/// The methods the simulator runs: the article's compute steps.
pub const METHODS: [Method; 5] = [
    Method::Single,
    Method::Race,
    Method::Atomic,
    Method::ChunksSum,
    Method::ChunksReduce,
];

/// A register an invocation loads into: `tmp` is replaced, `acc` added to.
#[derive(Clone, Copy, Debug)]
enum Reg {
    Tmp,
    Acc,
}

/// What a store writes: the loaded value plus 1, plus nothing, or plus `acc`.
#[derive(Clone, Copy, Debug)]
enum Plus {
    One,
    Zero,
    Acc,
}

/// One instruction of an invocation's program, with the line it is on.
#[derive(Clone, Copy, Debug)]
enum Op {
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
mod lines {
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
const SUM_GROUP: u32 = 256;

/// The bin index (bin x channels + channel) of channel `ch` of `rgb`, by
/// common.wgsl's `binOf`.
fn bin_index(rgb: [u8; 3], ch: u32, spec: Spec) -> u32 {
    let channels = spec.channels.count();
    let value = if channels == 4 && ch < 3 {
        rgb[ch as usize] as u32 * 10_000
    } else {
        luminance(rgb[0], rgb[1], rgb[2])
    };
    spec.bin(value) * channels + ch
}

/// A dispatch being planned: its pass record and each invocation's program.
struct Planned {
    pass: Pass,
    /// Per workgroup (x first), its invocations' local ids and programs.
    groups: Vec<Vec<([u32; 2], Vec<Op>)>>,
}

/// The 8-bit colour of the pixel at (x, y).
fn rgb_at(image: &Image, x: u32, y: u32) -> [u8; 3] {
    let p = ((y * image.width() + x) * 4) as usize;
    [image.rgba()[p], image.rgba()[p + 1], image.rgba()[p + 2]]
}

/// A pixel's ops: its load, then per channel the loop's line and `add` of its
/// bin (in `group`'s workgroup memory where given, else the storage bins).
fn pixel_ops(image: &Image, spec: Spec, x: u32, y: u32, add: Add, group: Option<u32>) -> Vec<Op> {
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
enum Add {
    Plain,
    Atomic,
}

/// Plans `method` over `image` as src/gpu/run.rs dispatches it (one band).
fn plan(method: Method, image: &Image, spec: Spec, chunk: ChunkShape) -> Vec<Planned> {
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

/// xorshift64*: the scheduler's choices, the same for the same seed everywhere.
struct Choices(u64);

impl Choices {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// An invocation as it runs.
struct Running {
    id: u32,
    group: usize,
    ops: Vec<Op>,
    next: usize,
    tmp: u32,
    acc: u32,
    /// The atomic it holds (between its Hold and its Add).
    holding: Option<Memory>,
    /// The atomic it waits for, said once.
    waiting: Option<Memory>,
    at_barrier: bool,
}

/// The memories of a run.
struct State {
    bins: Vec<u32>,
    local: Vec<Vec<u32>>,
    chunks: Vec<Vec<u32>>,
    /// Per storage bin, the increments stored to it.
    increments: Vec<u32>,
}

impl State {
    fn cell(&mut self, at: Memory) -> &mut u32 {
        match at {
            Memory::Bins { bin } => &mut self.bins[bin as usize],
            Memory::Local { group, bin } => &mut self.local[group as usize][bin as usize],
            Memory::Chunk { chunk, bin } => &mut self.chunks[chunk as usize][bin as usize],
        }
    }
}

/// Runs `method` on `image` (small: every step is kept) with `spec`'s bins and
/// `chunk` as the chunk (or the race's and atomicAdd's workgroup), `slots`
/// workgroups at once, choices from `seed`.
pub fn simulate(
    method: Method,
    image: &Image,
    spec: Spec,
    chunk: ChunkShape,
    slots: u32,
    seed: u64,
) -> Result<Trace, String> {
    if !METHODS.contains(&method) {
        return Err(format!(
            "{} is not one of the article's steps",
            method.name()
        ));
    }
    if image.pixel_count() > 4096 || spec.len() > 64 || chunk.invocations() > 64 {
        return Err("the simulator runs tiny pictures: at most 4096 pixels, 64 bins, 64 invocations a workgroup".into());
    }
    let planned = plan(method, image, spec, chunk);
    let chunk_count = planned[0].pass.groups[0] * planned[0].pass.groups[1];
    let uses_chunks = method.uses_chunks();
    let mut state = State {
        bins: vec![0; spec.len()],
        local: vec![vec![0; spec.len()]; if uses_chunks { chunk_count as usize } else { 0 }],
        chunks: vec![vec![0; spec.len()]; if uses_chunks { chunk_count as usize } else { 0 }],
        increments: vec![0; spec.len()],
    };
    let mut choices = Choices(seed.max(1));
    let (mut invocations, mut steps) = (Vec::new(), Vec::new());
    let mut passes = Vec::new();
    for (p, Planned { pass, groups }) in planned.into_iter().enumerate() {
        let across = pass.groups[0];
        let mut queue = groups.into_iter().enumerate();
        let mut running: Vec<Running> = Vec::new();
        let mut free: Vec<u32> = (0..slots.max(1)).rev().collect();
        let mut slot_of = std::collections::HashMap::new();
        loop {
            // Free slots take the next workgroups in order.
            while let Some(slot) = free.pop() {
                let Some((g, group)) = queue.next() else {
                    free.push(slot);
                    break;
                };
                slot_of.insert(g, slot);
                for (i, (local, ops)) in group.into_iter().enumerate() {
                    let id = invocations.len() as u32;
                    invocations.push(Invocation {
                        pass: p as u32,
                        group: [g as u32 % across, g as u32 / across],
                        local,
                        group_index: g as u32,
                    });
                    if i == 0 {
                        steps.push(Step {
                            invocation: id,
                            line: "",
                            act: Act::Start { slot },
                        });
                    }
                    running.push(Running {
                        id,
                        group: g,
                        ops,
                        next: 0,
                        tmp: 0,
                        acc: 0,
                        holding: None,
                        waiting: None,
                        at_barrier: false,
                    });
                }
            }
            if running.is_empty() {
                break;
            }
            // Who can go on: not at a barrier, not wanting an atomic another holds.
            let held: Vec<Memory> = running.iter().filter_map(|r| r.holding).collect();
            let can = |r: &Running| {
                !r.at_barrier
                    && match r.ops.get(r.next) {
                        Some(Op::Atomic(_, at)) if r.holding.is_none() => !held.contains(at),
                        _ => true,
                    }
            };
            let ready: Vec<usize> = (0..running.len()).filter(|&i| can(&running[i])).collect();
            // Say each new wait once.
            for r in running.iter_mut() {
                if let (Some(Op::Atomic(line, at)), None) = (r.ops.get(r.next), r.holding) {
                    if held.contains(at) && r.waiting != Some(*at) {
                        r.waiting = Some(*at);
                        steps.push(Step {
                            invocation: r.id,
                            line,
                            act: Act::Wait { at: *at },
                        });
                    }
                }
            }
            let i = ready[choices.below(ready.len())];
            let r = &mut running[i];
            let (id, op) = (r.id, r.ops.get(r.next).copied());
            let step = |line, act| Step {
                invocation: id,
                line,
                act,
            };
            match op {
                None => {
                    steps.push(step("", Act::Done));
                    let group = r.group;
                    running.remove(i);
                    if !running.iter().any(|o| o.group == group) {
                        free.push(slot_of[&group]);
                    }
                    continue;
                }
                Some(Op::Line(line)) => steps.push(step(line, Act::Line)),
                Some(Op::Return(line)) => {
                    steps.push(step(line, Act::Return));
                    r.next = r.ops.len();
                    continue;
                }
                Some(Op::Pixel(line, x, y)) => {
                    let rgb = rgb_at(image, x, y);
                    steps.push(step(line, Act::Pixel { x, y, rgb }));
                }
                Some(Op::Load(line, at, reg)) => {
                    let value = *state.cell(at);
                    match reg {
                        Reg::Tmp => r.tmp = value,
                        Reg::Acc => r.acc += value,
                    }
                    steps.push(step(line, Act::Load { at, value }));
                }
                Some(Op::Store(line, at, plus)) => {
                    let value = r.tmp
                        + match plus {
                            Plus::One => 1,
                            Plus::Zero => 0,
                            Plus::Acc => r.acc,
                        };
                    let before = *state.cell(at);
                    let lost = match (plus, at) {
                        (Plus::One, Memory::Bins { bin }) => {
                            state.increments[bin as usize] += 1;
                            before as i32 - r.tmp as i32
                        }
                        _ => 0,
                    };
                    *state.cell(at) = value;
                    steps.push(step(line, Act::Store { at, value, lost }));
                }
                Some(Op::Atomic(line, at)) => match r.holding {
                    None => {
                        r.holding = Some(at);
                        r.waiting = None;
                        steps.push(step(line, Act::Hold { at }));
                        continue; // the add is its next step, the op stays
                    }
                    Some(_) => {
                        r.holding = None;
                        if let Memory::Bins { bin } = at {
                            state.increments[bin as usize] += 1;
                        }
                        let cell = state.cell(at);
                        *cell += 1;
                        let value = *cell;
                        steps.push(step(line, Act::Add { at, value }));
                    }
                },
                Some(Op::Peek(line, at)) => {
                    r.tmp = *state.cell(at);
                    steps.push(step(line, Act::Peek { at, value: r.tmp }));
                }
                Some(Op::Barrier(line)) => {
                    r.at_barrier = true;
                    r.next += 1;
                    steps.push(step(line, Act::Barrier));
                    let group = r.group;
                    let members = || running.iter().filter(|o| o.group == group);
                    if members().all(|o| o.at_barrier) {
                        let last = id;
                        for o in running.iter_mut().filter(|o| o.group == group) {
                            o.at_barrier = false;
                        }
                        steps.push(Step {
                            invocation: last,
                            line,
                            act: Act::Released,
                        });
                    }
                    continue;
                }
            }
            running[i].next += 1;
        }
        passes.push(pass);
    }
    Ok(Trace {
        method: method.name(),
        width: image.width(),
        height: image.height(),
        num_bins: spec.num_bins,
        channels: spec.channels.count(),
        chunk: [chunk.width, chunk.height],
        chunks: if uses_chunks { chunk_count } else { 0 },
        slots,
        seed,
        passes,
        invocations,
        steps,
        // Only the race's and atomicAdd's and the single invocation's increments go to
        // the storage bins one by one; the chunk methods store sums there.
        lost: state
            .increments
            .iter()
            .zip(&state.bins)
            .map(|(made, kept)| made.saturating_sub(*kept))
            .collect(),
        bins: state.bins,
    })
}

/// The article's introduction picture, 6x7 in its three colours, drawn here: one
/// colour a bin of 3 by luminance (blue 0.24, red 0.48, yellow 0.83).
pub fn intro_picture() -> Image {
    const ROWS: [&str; 7] = [
        "byyyyb", "byrryb", "bbrrbb", "rrrrrr", "bbrrbb", "brbbrb", "yrbbry",
    ];
    let colour = |c: u8| match c {
        b'b' => [34, 51, 255, 255],
        b'r' => [255, 85, 85, 255],
        _ => [255, 221, 0, 255],
    };
    let rgba = ROWS
        .iter()
        .flat_map(|row| row.bytes().flat_map(colour))
        .collect();
    Image::from_rgba(6, 7, rgba).expect("a 6x7 picture")
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
