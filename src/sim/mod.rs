//! The article's compute steps run on a tiny picture by a small simulator of GPU
//! invocations and workgroups, one instruction at a time, as each step's WGSL
//! (src/gpu/steps/) does them: which invocation reads which pixel; a bin's load, add
//! and store; an atomic's bin held while the others that want it wait; the
//! barrier; each reduce step and the chunk left without a partner; a subgroup's
//! lanes running its functions together, and an add of many at once. The chapters'
//! diagrams play its trace, and its final bins are the kernel's on the GPU, bin
//! for bin (tests/native/sim.rs), but for the race's, whose lost counts are those
//! of the interleaving the seed chose, each one named.
//!
//! What is simulated is the kernel's algorithm, not a GPU's timing: `slots`
//! workgroups run at once, each taken in order of its id (x first), and at each
//! tick one of the invocations that can go on is picked by a seeded generator.
//! Where a kernel has subgroups, its lanes go in step: a lane goes on only at the
//! instruction its subgroup is at (a lane a branch leaves out sits it out), so
//! none starts an instruction before all have done the last, and of them the
//! lowest goes first.

use crate::gpu::{ChunkShape, Method};
use crate::histogram::{Channels, Spec};
use crate::image::Image;
use serde::Serialize;

pub(crate) mod programs;
pub(crate) use programs::Planned;
pub use programs::Vote;
use programs::{rgb_at, By, Op, Plus, Reg};

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
}

/// The methods the simulator runs: the steps with a diagram.
pub fn methods() -> impl Iterator<Item = Method> {
    Method::ALL
        .into_iter()
        .filter(|m| m.step().diagram().is_some())
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
    /// Its subgroup, where its kernel votes.
    subgroup: Option<u32>,
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
/// `chunk` as the chunk (or the race's and atomicAdd's workgroup), `lanes` a
/// subgroup (where its kernel has subgroups), `slots` workgroups at once, choices
/// from `seed`.
pub fn simulate(
    method: Method,
    image: &Image,
    spec: Spec,
    chunk: ChunkShape,
    lanes: u32,
    slots: u32,
    seed: u64,
) -> Result<Trace, String> {
    let Some(diagram) = method.step().diagram() else {
        return Err(format!("{} has no diagram", method.name()));
    };
    let lanes = if diagram.lanes.is_empty() {
        0
    } else if diagram.lanes.contains(&lanes) {
        lanes
    } else {
        return Err(format!(
            "its diagram plays subgroups of {:?} lanes, not {lanes}",
            diagram.lanes
        ));
    };
    const TINY: &str = "the simulator runs tiny pictures: at most 4096 pixels, 64 bins, 64 invocations a workgroup";
    if image.pixel_count() > 4096 || spec.len() > 64 || chunk.invocations() > 64 {
        return Err(TINY.into());
    }
    let planned = method.step().program(image, spec, chunk, lanes);
    if planned.iter().flat_map(|p| &p.groups).any(|g| g.len() > 64) {
        return Err(TINY.into());
    }
    let chunk_count = planned[0].pass.groups[0] * planned[0].pass.groups[1];
    let uses_chunks = method.uses_chunks();
    let mut state = State {
        bins: vec![0; spec.len()],
        // A workgroup's bins, per workgroup of the first pass (the one that counts).
        local: vec![vec![0; spec.len()]; chunk_count as usize],
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
                    let subgroup = ops.iter().find_map(|op| match op {
                        Op::Vote(_, subgroup, _) => Some(*subgroup),
                        _ => None,
                    });
                    running.push(Running {
                        id,
                        group: g,
                        subgroup,
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
            // Who can go on: not at a barrier, not wanting an atomic another holds,
            // not ahead of its subgroup.
            let held: Vec<Memory> = running.iter().filter_map(|r| r.holding).collect();
            let mut at = std::collections::HashMap::new();
            for r in &running {
                if let Some(subgroup) = r.subgroup {
                    let least = at.entry((r.group, subgroup)).or_insert(r.next);
                    *least = r.next.min(*least);
                }
            }
            let can = |r: &Running| {
                !r.at_barrier
                    && r.subgroup.is_none_or(|k| at[&(r.group, k)] == r.next)
                    && match r.ops.get(r.next) {
                        Some(Op::Atomic(_, at, _)) if r.holding.is_none() => !held.contains(at),
                        _ => true,
                    }
            };
            let ready: Vec<usize> = (0..running.len()).filter(|&i| can(&running[i])).collect();
            // Say each new wait once.
            for r in running.iter_mut() {
                if let (Some(Op::Atomic(line, at, _)), None) = (r.ops.get(r.next), r.holding) {
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
            let mut i = ready[choices.below(ready.len())];
            // A subgroup's lanes take an instruction in their order.
            if let Some(subgroup) = running[i].subgroup {
                let group = running[i].group;
                i = ready
                    .iter()
                    .copied()
                    .filter(|&j| running[j].group == group && running[j].subgroup == Some(subgroup))
                    .min_by_key(|&j| running[j].id)
                    .unwrap_or(i);
            }
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
                Some(Op::Masked) => {}
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
                Some(Op::Atomic(line, at, by)) => match r.holding {
                    None => {
                        r.holding = Some(at);
                        r.waiting = None;
                        steps.push(step(line, Act::Hold { at }));
                        continue; // the add is its next step, the op stays
                    }
                    Some(_) => {
                        r.holding = None;
                        let by = match by {
                            By::One => 1,
                            By::N(n) => n,
                            By::Peeked => r.tmp,
                        };
                        if let Memory::Bins { bin } = at {
                            state.increments[bin as usize] += by;
                        }
                        let cell = state.cell(at);
                        *cell += by;
                        let value = *cell;
                        steps.push(step(line, Act::Add { at, value, by }));
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
                Some(Op::Vote(line, subgroup, vote)) => {
                    r.at_barrier = true;
                    r.next += 1;
                    steps.push(step(line, Act::Vote { subgroup }));
                    let group = r.group;
                    let lane = |o: &Running| o.group == group && o.subgroup == Some(subgroup);
                    if running.iter().filter(|o| lane(o)).all(|o| o.at_barrier) {
                        for o in running.iter_mut().filter(|o| lane(o)) {
                            o.at_barrier = false;
                        }
                        steps.push(step(line, Act::Voted { subgroup, vote }));
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
        lanes,
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

/// Luminance bins for the diagrams: 3, as the article draws them.
pub fn diagram_spec(channels: u32) -> Spec {
    let channels = if channels == 4 {
        Channels::Rgbl
    } else {
        Channels::Luminance
    };
    Spec::new(3, channels).expect("3 bins")
}
