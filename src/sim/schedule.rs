//! The scheduler: a step's dispatches, as the GPU core plans them for the
//! picture, each kernel's invocations run from its own WGSL (src/sim/invocation.rs),
//! interleaved: `slots` workgroups at once, taken in order of their id, and at each
//! tick one invocation that can go on picked by a seeded generator. An invocation
//! waits at the barrier for the rest of its workgroup, at an atomic whose cell
//! another holds, and at a subgroup function for the rest of its subgroup, whose
//! lanes go in step: only the lane furthest behind in the kernel goes on (of
//! lanes level, the lowest), so that a lane a branch leaves out waits for those
//! in it.
//!
//! Invocations that do nothing the diagram shows (no pixel, no memory others
//! share: a sum's invocations past the last bin, a subgroup with no pixel and no
//! bin to copy out) are found by running each alone first, and counted as the
//! pass's idle rather than drawn.

use super::dispatch::{collective, does_something, from_words, Dispatch, Global, State};
use super::invocation::Invocation;
use super::kernel::{Collective, Event, Kernel};
use super::values::{Result, Value};
use super::{Act, Invocation as Drawn, Memory, Pass, Step, Trace};
use crate::gpu::{Bind, ChunkShape, Method, Workgroup};
use crate::histogram::Spec;
use crate::image::Image;
use naga::TypeInner;
use std::collections::HashMap;

/// An invocation in the run.
struct Running<'m> {
    inv: Invocation<'m>,
    id: u32,
    group: u32,
    subgroup: Option<u32>,
    lane: u32,
    at_barrier: bool,
    waiting: Option<Memory>,
    vote: Option<(Collective, Value)>,
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

/// Runs a step's kernels over `image` (tiny: every step is kept) with `spec`'s
/// bins, `chunk` as the chunk (or the race's and atomicAdd's workgroup), `lanes`
/// a subgroup (where its kernel has subgroups), `slots` workgroups at once,
/// choices from `seed`; the step's own kernels, or the kernel lab's `edited`
/// listing of them (`sources`).
#[allow(clippy::too_many_arguments)]
pub fn simulate(
    method: Method,
    edited: Option<&str>,
    image: &Image,
    spec: Spec,
    chunk: ChunkShape,
    lanes: u32,
    slots: u32,
    seed: u64,
) -> Result<Trace> {
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
    let sources = super::sources(method, spec, chunk, edited)?;
    let plan = crate::gpu::plan_whole(method, [image.width(), image.height()], spec, chunk);
    let uses_chunks = method.uses_chunks();
    let chunk_count = plan
        .dispatches
        .first()
        .map_or(0, |d| d.workgroups[0] * d.workgroups[1]);
    let mut state = State {
        bins: vec![0; spec.len()],
        chunks: vec![vec![0; spec.len()]; if uses_chunks { chunk_count as usize } else { 0 }],
        local: Vec::new(),
        held: HashMap::new(),
        scale: [[0.0; 4]; 2],
        taken: 0,
    };
    let mut increments = vec![0u32; spec.len()];
    let mut choices = Choices(seed.max(1));
    let (mut invocations, mut steps, mut passes) = (Vec::new(), Vec::new(), Vec::new());
    // Each kernel parsed (and validated) once, however many passes dispatch it.
    let kernels = sources
        .iter()
        .map(|(name, source)| {
            // Its overrides as the GPU core sets them (gpu/kernels.rs): a packed
            // kernel's workgroup size, a CPU's (a tiny picture's run, `WHOLE`).
            let packed = method
                .kernels()
                .iter()
                .any(|k| k.name == *name && k.workgroup == Workgroup::Packed);
            let size = [("workgroupSize", crate::gpu::WHOLE.packed_invocations)];
            let constants: &[(&str, u32)] = if packed { &size } else { &[] };
            Ok((*name, Kernel::parse(source.text.clone(), constants)?))
        })
        .collect::<Result<HashMap<&str, Kernel>>>()?;
    for (p, d) in plan.dispatches.iter().enumerate() {
        let kernel = kernels
            .get(d.kernel.name)
            .ok_or("a kernel the step dispatches is missing")?;
        // A counting draw: its fragment shader, a fragment a pixel of the band's
        // viewport, each played as a workgroup of one.
        let draw = d.kernel.workgroup == Workgroup::Draw;
        let entry = if draw {
            kernel.entry("fs", naga::ShaderStage::Fragment)?
        } else {
            kernel.entry(d.entry, naga::ShaderStage::Compute)?
        };
        let module = &kernel.module;
        let mut size = if draw {
            [1, 1, 1]
        } else {
            entry.workgroup_size
        };
        // A size an override sets (the packed kernel's `workgroupSize`).
        for (i, o) in entry.workgroup_size_overrides.iter().flatten().enumerate() {
            if let Some(e) = o {
                size[i] = super::kernel::const_value(module, *e)?.u32()?;
            }
        }
        let group_size = size[0] * size[1] * size[2];
        let words = plan.slots[d.slot];
        let mut globals = HashMap::new();
        let mut uniforms = HashMap::new();
        let mut stride = None;
        for (g, var) in module.global_variables.iter() {
            if var.space == naga::AddressSpace::WorkGroup {
                globals.insert(g, Global::Workgroup);
            }
            let Some(binding) = &var.binding else {
                continue;
            };
            let Some(&bind) = d.kernel.binds.get(binding.binding as usize) else {
                continue;
            };
            globals.insert(g, Global::Bind(bind));
            if bind == Bind::Uniform {
                let value = from_words(module, var.ty, &words, 0);
                // A reduce step's stride, for the diagram's words.
                if let TypeInner::Struct { members, .. } = &module.types[var.ty].inner {
                    if let Some(i) = members
                        .iter()
                        .position(|m| m.name.as_deref() == Some("stride"))
                    {
                        stride = value.member(i as u32).ok().and_then(|v| v.u32().ok());
                    }
                }
                uniforms.insert(g, value);
            }
        }
        let group_count = d.workgroups.iter().product::<u32>();
        // A workgroup's bins: as many words as its kernel's workgroup array holds
        // (the packed kernel keeps copies of each bin).
        let words_local = module
            .global_variables
            .iter()
            .filter(|(_, v)| v.space == naga::AddressSpace::WorkGroup)
            .map(|(_, v)| super::kernel::elements(module, v.ty) as usize)
            .max()
            .unwrap_or(0)
            .max(spec.len());
        state.local = vec![vec![0; words_local]; group_count as usize];
        let builtins = |group: u32, local: u32| -> Result<Vec<Value>> {
            let gid = [
                group % d.workgroups[0],
                group / d.workgroups[0] % d.workgroups[1],
                group / (d.workgroups[0] * d.workgroups[1]),
            ];
            let lid = [
                local % size[0],
                local / size[0] % size[1],
                local / (size[0] * size[1]),
            ];
            let v3 = |v: [u32; 3]| Value::C(v.iter().map(|&x| Value::U(x)).collect());
            entry
                .function
                .arguments
                .iter()
                .map(|a| match &a.binding {
                    Some(naga::Binding::BuiltIn(b)) => Ok(match b {
                        naga::BuiltIn::GlobalInvocationId => {
                            v3(std::array::from_fn(|i| gid[i] * size[i] + lid[i]))
                        }
                        naga::BuiltIn::LocalInvocationId => v3(lid),
                        naga::BuiltIn::LocalInvocationIndex => Value::U(local),
                        naga::BuiltIn::WorkGroupId => v3(gid),
                        naga::BuiltIn::NumWorkGroups => v3(d.workgroups),
                        naga::BuiltIn::SubgroupInvocationId => Value::U(local % lanes.max(1)),
                        naga::BuiltIn::SubgroupSize => Value::U(lanes),
                        naga::BuiltIn::SubgroupId => Value::U(local / lanes.max(1)),
                        naga::BuiltIn::NumSubgroups => Value::U(group_size.div_ceil(lanes.max(1))),
                        // A fragment's centre: its pixel plus a half.
                        naga::BuiltIn::Position { .. } if draw => Value::C(vec![
                            Value::F(gid[0] as f32 + 0.5),
                            Value::F(gid[1] as f32 + 0.5),
                            Value::F(0.0),
                            Value::F(1.0),
                        ]),
                        other => return Err(format!("the diagram does not give {other:?}")),
                    }),
                    _ => Err("the diagram gives a kernel its built-in values alone".into()),
                })
                .collect()
        };
        // Units that run together: a subgroup, or an invocation.
        let unit = |local: u32| local.checked_div(lanes).unwrap_or(local);
        let mut memories = Dispatch {
            state: &mut state,
            globals,
            uniforms,
            image,
            alone: true,
        };
        // Who does something the diagram shows: each unit run alone, on a copy.
        let mut shown = Vec::new();
        for g in 0..group_count {
            let mut ids = Vec::new();
            let mut local = 0;
            while local < group_size {
                let members: Vec<u32> = (local..group_size)
                    .take_while(|&l| unit(l) == unit(local))
                    .collect();
                local += members.len() as u32;
                if does_something(kernel, entry, g, &members, &builtins, &mut memories, lanes)? {
                    ids.extend(members);
                }
            }
            shown.push(ids);
        }
        // A workgroup with nothing to do (a reduce step's pair without a partner)
        // shows its invocations that others show, returning.
        let anywhere: std::collections::BTreeSet<u32> = shown.iter().flatten().copied().collect();
        for ids in shown.iter_mut().filter(|ids| ids.is_empty()) {
            ids.extend(anywhere.iter().copied());
        }
        memories.alone = false;
        let idle = group_count * group_size - shown.iter().map(|s| s.len() as u32).sum::<u32>();
        if group_count * group_size > 4096 || shown.iter().any(|s| s.len() > 64) {
            return Err(TINY.into());
        }
        let mut queue = (0..group_count).filter(|&g| !shown[g as usize].is_empty());
        let mut running: Vec<Running> = Vec::new();
        let mut free: Vec<u32> = (0..slots.max(1)).rev().collect();
        let mut slot_of = HashMap::new();
        loop {
            while let Some(slot) = free.pop() {
                let Some(g) = queue.next() else {
                    free.push(slot);
                    break;
                };
                slot_of.insert(g, slot);
                for (i, &local) in shown[g as usize].iter().enumerate() {
                    let id = invocations.len() as u32;
                    let size2 = size[0] * size[1];
                    invocations.push(Drawn {
                        pass: p as u32,
                        group: [g % d.workgroups[0], g / d.workgroups[0]],
                        local: [local % size[0], local % size2 / size[0]],
                        group_index: g,
                    });
                    if i == 0 {
                        steps.push(Step {
                            invocation: id,
                            line: 0,
                            act: Act::Start { slot },
                        });
                    }
                    running.push(Running {
                        inv: {
                            let mut inv = Invocation::new(kernel, entry, g, builtins(g, local)?);
                            inv.lockstep = lanes > 0;
                            inv
                        },
                        id,
                        group: g,
                        subgroup: (lanes > 0).then(|| local / lanes),
                        lane: local % lanes.max(1),
                        at_barrier: false,
                        waiting: None,
                        vote: None,
                    });
                }
            }
            if running.is_empty() {
                break;
            }
            memories.state.take()?;
            let state = &memories.state;
            let can = |r: &Running| {
                !r.at_barrier
                    && r.vote.is_none()
                    && r.waiting.is_none_or(|w| !state.held.contains_key(&w))
            };
            // A subgroup's lane goes on only if no lane of it is behind.
            let mut behind: HashMap<(u32, u32), (Vec<u32>, u32)> = HashMap::new();
            for r in running.iter().filter(|r| r.vote.is_none()) {
                if let Some(k) = r.subgroup {
                    let at = (r.inv.position(), r.id);
                    let least = behind.entry((r.group, k)).or_insert_with(|| at.clone());
                    if at < *least {
                        *least = at;
                    }
                }
            }
            // One that holds an atomic finishes it (an atomic is one instruction).
            let in_step = |r: &Running| {
                r.inv.holding().is_some()
                    || r.subgroup.is_none_or(|k| behind[&(r.group, k)].1 == r.id)
            };
            let ready: Vec<usize> = (0..running.len())
                .filter(|&i| can(&running[i]) && in_step(&running[i]))
                .collect();
            if ready.is_empty() {
                let states: Vec<String> = running
                    .iter()
                    .map(|r| {
                        let state = if r.at_barrier {
                            "at the barrier".to_string()
                        } else if r.vote.is_some() {
                            "at a subgroup function".to_string()
                        } else if let Some(w) = r.waiting {
                            format!("waiting for {w:?}")
                        } else {
                            "behind its subgroup's lanes".to_string()
                        };
                        format!(
                            "invocation {} {state} (holding {:?})",
                            r.id,
                            r.inv.holding()
                        )
                    })
                    .collect();
                return Err(format!(
                    "every invocation waits for another: the run cannot go on ({}; held {:?})",
                    states.join(", "),
                    memories.state.held
                ));
            }
            let i = ready[choices.below(ready.len())];
            let id = running[i].id;
            let where_ = (running[i].group, running[i].subgroup);
            let event = running[i].inv.step(&mut memories)?;
            // Only an arrival (or a leaving) can complete a barrier or a vote.
            let arrived = matches!(event, Event::Barrier(_) | Event::Vote { .. } | Event::Done);
            let step = |line, act| Step {
                invocation: id,
                line,
                act,
            };
            let r = &mut running[i];
            match event {
                Event::Line(line) => steps.push(step(line, Act::Line)),
                Event::Pixel {
                    line,
                    x,
                    y,
                    rgb,
                    count,
                } => steps.push(step(line, Act::Pixel { x, y, rgb, count })),
                Event::Load { line, at, value } => steps.push(step(line, Act::Load { at, value })),
                Event::Peek { line, at, value } => steps.push(step(line, Act::Peek { at, value })),
                Event::Store {
                    line,
                    at,
                    value,
                    before,
                    loaded,
                } => {
                    let from = loaded.unwrap_or(before);
                    let lost = before as i64 - from as i64;
                    if let Memory::Bins { bin } = at {
                        increments[bin as usize] =
                            increments[bin as usize].wrapping_add(value.wrapping_sub(from));
                    }
                    steps.push(step(
                        line,
                        Act::Store {
                            at,
                            value,
                            lost: lost as i32,
                        },
                    ));
                }
                Event::Hold { line, at } => {
                    memories.state.held.insert(at, id);
                    r.waiting = None;
                    steps.push(step(line, Act::Hold { at }));
                }
                Event::Wait { line, at } => {
                    if r.waiting != Some(at) {
                        steps.push(step(line, Act::Wait { at }));
                    }
                    r.waiting = Some(at);
                }
                Event::Add {
                    line,
                    at,
                    value,
                    by,
                } => {
                    memories.state.held.remove(&at);
                    if let Memory::Bins { bin } = at {
                        increments[bin as usize] = increments[bin as usize].wrapping_add(by);
                    }
                    steps.push(step(line, Act::Add { at, value, by }));
                }
                Event::Barrier(line) => {
                    r.at_barrier = true;
                    steps.push(step(line, Act::Barrier));
                }
                Event::Vote { line, op, argument } => {
                    r.vote = Some((op, argument));
                    let subgroup = r.subgroup.unwrap_or(0);
                    steps.push(step(line, Act::Vote { subgroup }));
                }
                Event::Fetch { line, at, value } => {
                    steps.push(step(line, Act::Fetch { at, value }))
                }
                Event::Put { line, at, value } => steps.push(step(line, Act::Put { at, value })),
                Event::Output { .. } => return Err("a compute kernel returns no value".into()),
                Event::Return(line) => steps.push(step(line, Act::Return)),
                Event::Quiet => {}
                Event::Done => {
                    steps.push(step(0, Act::Done));
                    let g = running[i].group;
                    running.remove(i);
                    if !running.iter().any(|o| o.group == g) {
                        free.push(slot_of[&g]);
                    }
                }
            }
            if arrived {
                release(&mut running, &mut steps, id, where_)?;
            }
        }
        passes.push(Pass {
            kernel: d.kernel.name,
            groups: [d.workgroups[0], d.workgroups[1]],
            group_size,
            idle,
            stride,
        });
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
        lost: increments
            .iter()
            .zip(&state.bins)
            .map(|(made, kept)| made.saturating_sub(*kept))
            .collect(),
        bins: state.bins,
        canvas: None,
    })
}

/// Lets workgroup `g` past its barrier once every one of it is there, and its
/// `subgroup` past its function once every lane is, answering each; `last`, the
/// invocation that arrived (or left) last.
fn release(
    running: &mut [Running],
    steps: &mut Vec<Step>,
    last: u32,
    (g, subgroup): (u32, Option<u32>),
) -> Result<()> {
    let line_of = |steps: &Vec<Step>, id: u32| {
        steps
            .iter()
            .rev()
            .find(|s| s.invocation == id && s.line != 0)
            .map_or(0, |s| s.line)
    };
    {
        let members = || running.iter().filter(|r| r.group == g);
        if members().count() > 0 && members().all(|r| r.at_barrier) {
            let line = line_of(steps, last);
            for r in running.iter_mut().filter(|r| r.group == g) {
                r.at_barrier = false;
            }
            steps.push(Step {
                invocation: last,
                line,
                act: Act::Released,
            });
        }
        if let Some(k) = subgroup {
            let lane = |r: &&mut Running| r.group == g && r.subgroup == Some(k);
            let lanes: Vec<&mut Running> = running.iter_mut().filter(|r| lane(r)).collect();
            if lanes.is_empty() || lanes.iter().any(|r| r.vote.is_none()) {
                return Ok(());
            }
            let op = lanes[0].vote.as_ref().unwrap().0.clone();
            let args: Vec<(u32, Value)> = lanes
                .iter()
                .map(|r| (r.lane, r.vote.as_ref().unwrap().1.clone()))
                .collect();
            let (answer, vote) = collective(&op, &args)?;
            let line = line_of(steps, last);
            for r in lanes {
                r.vote = None;
                r.inv.resolve(answer.clone());
            }
            steps.push(Step {
                invocation: last,
                line,
                act: Act::Voted { subgroup: k, vote },
            });
        }
    }
    Ok(())
}
