//! What a dispatch's invocations share in the simulator (src/sim/schedule.rs): the
//! run's bins and chunks and the workgroups' memory, as cells a trace names; the
//! uniforms from their slot's words; the picture; a subgroup function's answers;
//! and who does nothing a diagram shows, found by running each alone.

use super::invocation::Invocation;
use super::kernel::{Collective, Event, Kernel, Memories};
use super::values::{self, Result, Value};
use super::{Memory, Vote};
use crate::gpu::Bind;
use crate::image::Image;
use naga::{Handle, TypeInner};
use std::collections::HashMap;

/// Most steps a run may take, its units run alone included: a kernel that loops
/// for ever (a lab's edit) is stopped, and the page with it is kept.
pub(super) const MOST_STEPS: usize = 200_000;

/// What a global of the kernel is to the run.
#[derive(Clone, Copy)]
pub(super) enum Global {
    Bind(Bind),
    Workgroup,
    /// The scale pass's result (`Scale`: two `vec4f`s).
    Scale,
}

/// The memories of a run, kept across its dispatches but workgroup memory.
pub(super) struct State {
    pub(super) bins: Vec<u32>,
    pub(super) chunks: Vec<Vec<u32>>,
    pub(super) local: Vec<Vec<u32>>,
    pub(super) held: HashMap<Memory, u32>,
    /// The scale pass's result: its `scale` and its `tallest`.
    pub(super) scale: [[f32; 4]; 2],
    /// Steps taken so far, of every pass and every unit run alone.
    pub(super) taken: usize,
}

impl State {
    /// One more step, or why the run stops.
    pub(super) fn take(&mut self) -> Result<()> {
        self.taken += 1;
        if self.taken > MOST_STEPS {
            return Err(format!(
                "the run took more than {MOST_STEPS} steps: a loop that does not end?"
            ));
        }
        Ok(())
    }
}

/// A dispatch's view of the run's memories.
pub(super) struct Dispatch<'a> {
    pub(super) state: &'a mut State,
    pub(super) globals: HashMap<Handle<naga::GlobalVariable>, Global>,
    pub(super) uniforms: HashMap<Handle<naga::GlobalVariable>, Value>,
    pub(super) image: &'a Image,
    /// A run alone (to find the idle): no cell is ever held by another.
    pub(super) alone: bool,
}

impl Memories for Dispatch<'_> {
    fn cell(&self, g: Handle<naga::GlobalVariable>, path: &[u32], group: u32) -> Result<Memory> {
        let cell = match (self.globals.get(&g), path) {
            (Some(Global::Bind(Bind::Bins)), [bin]) => Memory::Bins { bin: *bin },
            (Some(Global::Bind(Bind::Chunks | Bind::ChunksRead)), [chunk, bin]) => Memory::Chunk {
                chunk: *chunk,
                bin: *bin,
            },
            (Some(Global::Workgroup), [bin]) => Memory::Local { group, bin: *bin },
            (Some(Global::Scale), [member]) => Memory::Scale { member: *member },
            _ => {
                return Err(
                    "the diagram shows bins, chunks and workgroup bins, each u32s, and the scale, a vec4f at a time"
                        .into(),
                )
            }
        };
        let fits = match cell {
            Memory::Bins { bin } => (bin as usize) < self.state.bins.len(),
            Memory::Chunk { chunk, bin } => self
                .state
                .chunks
                .get(chunk as usize)
                .is_some_and(|c| (bin as usize) < c.len()),
            Memory::Local { group, bin } => self
                .state
                .local
                .get(group as usize)
                .is_some_and(|c| (bin as usize) < c.len()),
            Memory::Scale { member } => member < 2,
        };
        // WGSL keeps an index past the end inside the buffer; the diagram says so.
        if !fits {
            return Err(format!("an index past the end of its memory: {cell:?}"));
        }
        Ok(cell)
    }

    fn read(&self, at: Memory) -> u32 {
        match at {
            Memory::Bins { bin } => self.state.bins[bin as usize],
            Memory::Chunk { chunk, bin } => self.state.chunks[chunk as usize][bin as usize],
            Memory::Local { group, bin } => self.state.local[group as usize][bin as usize],
            // A float cell is read by `floats`, never as one word.
            Memory::Scale { .. } => 0,
        }
    }

    fn floats(&self, at: Memory) -> Option<[f32; 4]> {
        match at {
            Memory::Scale { member } => Some(self.state.scale[member as usize]),
            _ => None,
        }
    }

    fn set_floats(&mut self, at: Memory, value: [f32; 4]) {
        if let Memory::Scale { member } = at {
            self.state.scale[member as usize] = value;
        }
    }

    fn write(&mut self, at: Memory, value: u32) {
        *match at {
            Memory::Bins { bin } => &mut self.state.bins[bin as usize],
            Memory::Chunk { chunk, bin } => &mut self.state.chunks[chunk as usize][bin as usize],
            Memory::Local { group, bin } => &mut self.state.local[group as usize][bin as usize],
            // A float cell is written by `set_floats`, never as one word.
            Memory::Scale { .. } => return,
        } = value;
    }

    fn held(&self, at: Memory) -> bool {
        !self.alone && self.state.held.contains_key(&at)
    }

    fn uniform(&self, g: Handle<naga::GlobalVariable>) -> Result<Value> {
        self.uniforms
            .get(&g)
            .cloned()
            .ok_or_else(|| "a uniform the run does not bind".into())
    }

    fn texel(&self, x: u32, y: u32) -> Option<[u8; 4]> {
        (x < self.image.width() && y < self.image.height()).then(|| {
            let p = ((y * self.image.width() + x) * 4) as usize;
            self.image.rgba()[p..p + 4].try_into().unwrap()
        })
    }

    fn is_picture(&self, g: Handle<naga::GlobalVariable>) -> bool {
        matches!(self.globals.get(&g), Some(Global::Bind(Bind::Tile)))
    }

    fn nth_pixel(&self, n: u32) -> Option<(u32, u32, [u8; 4])> {
        let (x, y) = (n % self.image.width(), n / self.image.width());
        self.texel(x, y).map(|t| (x, y, t))
    }

    fn length(&self, g: Handle<naga::GlobalVariable>) -> Result<u32> {
        match self.globals.get(&g) {
            Some(Global::Bind(Bind::Bins)) => Ok(self.state.bins.len() as u32),
            Some(Global::Bind(Bind::Chunks | Bind::ChunksRead)) => {
                Ok(self.state.chunks.len() as u32)
            }
            _ => Err("arrayLength of no storage array".into()),
        }
    }

    fn take(&mut self) -> Result<()> {
        self.state.take()
    }
}

/// A uniform's value from its slot's words, laid out as its type says.
pub(super) fn from_words(
    module: &naga::Module,
    ty: Handle<naga::Type>,
    words: &[u32],
    offset: u32,
) -> Value {
    let word = |o: u32| words.get(o as usize / 4).copied().unwrap_or(0);
    let scalar = |s: naga::Scalar, o: u32| match s.kind {
        naga::ScalarKind::Sint => Value::I(word(o) as i32),
        naga::ScalarKind::Float => Value::F(f32::from_bits(word(o))),
        naga::ScalarKind::Bool => Value::B(word(o) != 0),
        _ => Value::U(word(o)),
    };
    match &module.types[ty].inner {
        TypeInner::Scalar(s) => scalar(*s, offset),
        TypeInner::Vector { size, scalar: s } => Value::C(
            (0..*size as u32)
                .map(|i| scalar(*s, offset + 4 * i))
                .collect(),
        ),
        TypeInner::Struct { members, .. } => Value::C(
            members
                .iter()
                .map(|m| from_words(module, m.ty, words, offset + m.offset))
                .collect(),
        ),
        // Columns of `rows` floats, each column 16-byte aligned (a mat4x4f's).
        TypeInner::Matrix {
            columns,
            rows,
            scalar: s,
        } => {
            let stride = if *rows == naga::VectorSize::Bi { 8 } else { 16 };
            Value::C(
                (0..*columns as u32)
                    .map(|c| {
                        let at = offset + c * stride;
                        Value::C((0..*rows as u32).map(|r| scalar(*s, at + 4 * r)).collect())
                    })
                    .collect(),
            )
        }
        TypeInner::Array {
            base,
            size: naga::ArraySize::Constant(n),
            stride,
        } => Value::C(
            (0..n.get())
                .map(|i| from_words(module, *base, words, offset + i * stride))
                .collect(),
        ),
        _ => Value::Void,
    }
}

/// A subgroup function's answers, lane by lane, from each lane's argument.
pub(super) fn collective(op: &Collective, args: &[(u32, Value)]) -> Result<(Value, Vote)> {
    let first = args
        .iter()
        .min_by_key(|(lane, _)| *lane)
        .map(|(_, v)| v.clone())
        .unwrap_or(Value::Void);
    Ok(match op {
        Collective::Ballot => {
            let mut bits = [0u32; 4];
            for (lane, v) in args {
                if v.bool()? {
                    bits[(*lane / 32) as usize % 4] |= 1 << (lane % 32);
                }
            }
            let lanes = bits.iter().map(|b| b.count_ones()).sum();
            (
                Value::C(bits.map(Value::U).to_vec()),
                Vote::Ballot { lanes },
            )
        }
        Collective::BroadcastFirst => (
            first.clone(),
            Vote::First {
                value: first.u32().unwrap_or(0),
            },
        ),
        Collective::Broadcast(l) => {
            let v = args
                .iter()
                .find(|(lane, _)| lane == l)
                .map(|(_, v)| v.clone())
                .unwrap_or(Value::Void);
            (
                v.clone(),
                Vote::First {
                    value: v.u32().unwrap_or(0),
                },
            )
        }
        Collective::Reduce(op) => {
            use naga::SubgroupOperation as O;
            let all = args.iter().map(|(_, v)| v);
            match op {
                // `all` and `any` of the lanes' bools, as WGSL's all() and any().
                O::All | O::Any => {
                    let fun = if *op == O::All {
                        naga::RelationalFunction::All
                    } else {
                        naga::RelationalFunction::Any
                    };
                    let value = values::relational(fun, &Value::C(all.cloned().collect()))?;
                    let b = value.bool()?;
                    let vote = if *op == O::All {
                        Vote::All { alike: b }
                    } else {
                        Vote::Any { any: b }
                    };
                    (value, vote)
                }
                _ => {
                    let bin = match op {
                        O::Add => naga::BinaryOperator::Add,
                        O::Mul => naga::BinaryOperator::Multiply,
                        O::And => naga::BinaryOperator::And,
                        O::Or => naga::BinaryOperator::InclusiveOr,
                        O::Xor => naga::BinaryOperator::ExclusiveOr,
                        other => return Err(format!("subgroup {other:?} is not simulated")),
                    };
                    let mut it = all.cloned();
                    let start = it.next().unwrap_or(Value::U(0));
                    let v = it.try_fold(start, |a, b| values::binary(bin, &a, &b))?;
                    (
                        v.clone(),
                        Vote::Reduce {
                            value: v.u32().unwrap_or(0),
                        },
                    )
                }
            }
        }
    })
}

/// Whether a unit (a subgroup's lanes, or one invocation) of workgroup `group`
/// does anything the diagram shows, run alone on a copy of the memories: a
/// pixel read, or memory others share read or written.
pub(super) fn does_something(
    kernel: &Kernel,
    entry: &naga::EntryPoint,
    group: u32,
    members: &[u32],
    builtins: &dyn Fn(u32, u32) -> Result<Vec<Value>>,
    memories: &mut Dispatch,
    lanes: u32,
) -> Result<bool> {
    let saved = (
        memories.state.bins.clone(),
        memories.state.chunks.clone(),
        memories.state.local.clone(),
    );
    let mut invs = members
        .iter()
        .map(|&l| {
            Ok((
                l % lanes.max(1),
                Invocation::new(kernel, entry, group, builtins(group, l)?),
                None,
            ))
        })
        .collect::<Result<Vec<(u32, Invocation, Option<(Collective, Value)>)>>>()?;
    let mut something = false;
    while invs.iter().any(|(_, inv, _)| !inv.finished) {
        for (_, inv, vote) in invs.iter_mut() {
            if inv.finished || vote.is_some() {
                continue;
            }
            memories.take()?;
            match inv.step(memories)? {
                Event::Vote { op, argument, .. } => *vote = Some((op, argument)),
                Event::Line(_)
                | Event::Barrier(_)
                | Event::Return(_)
                | Event::Quiet
                | Event::Done => {}
                _ => something = true,
            }
        }
        let live: Vec<usize> = (0..invs.len()).filter(|&i| !invs[i].1.finished).collect();
        if !live.is_empty() && live.iter().all(|&i| invs[i].2.is_some()) {
            let args: Vec<(u32, Value)> = live
                .iter()
                .map(|&i| (invs[i].0, invs[i].2.as_ref().unwrap().1.clone()))
                .collect();
            let op = invs[live[0]].2.as_ref().unwrap().0.clone();
            let (answer, _) = collective(&op, &args)?;
            for &i in &live {
                invs[i].2 = None;
                invs[i].1.resolve(answer.clone());
            }
        }
        if something {
            break;
        }
    }
    (
        memories.state.bins,
        memories.state.chunks,
        memories.state.local,
    ) = saved;
    Ok(something)
}
