//! An invocation's statements (src/sim/invocation.rs): blocks, branches and
//! loops entered, stores, calls, atomics in two halves (held, then done), the
//! barrier and the subgroup functions, each said as the diagram shows it.

use super::invocation::{Cursor, Invocation, Pending};
use super::kernel::{as_pointer, statement_name, Collective, Event, Memories};
use super::values::{Pointer, Result, Root, Value};
use super::Memory;
use naga::{Span, Statement as S};

impl<'m> Invocation<'m> {
    /// Does one statement; what it did, if the diagram shows it.
    pub(super) fn statement(
        &mut self,
        statement: &'m S,
        span: Span,
        line: u32,
        memories: &mut dyn Memories,
    ) -> Result<Option<Event>> {
        let frame = self.frames.last_mut().unwrap();
        match statement {
            S::Emit(range) => {
                frame.cursors.push(Cursor::Emit {
                    range: range.clone(),
                    line,
                });
                Ok(None)
            }
            S::Block(block) => {
                frame.cursors.push(Cursor::Block { block, next: 0 });
                Ok(None)
            }
            S::If {
                condition,
                accept,
                reject,
            } => {
                let c = self.value(*condition)?.bool()?;
                let frame = self.frames.last_mut().unwrap();
                frame.cursors.push(Cursor::Block {
                    block: if c { accept } else { reject },
                    next: 0,
                });
                Ok(Some(Event::Line(line)))
            }
            S::Switch { selector, cases } => {
                let v = self.value(*selector)?;
                let i = match v {
                    Value::U(u) => u as i64,
                    Value::I(i) => i as i64,
                    other => return Err(format!("a switch on {other:?}")),
                };
                let hit = cases.iter().position(|c| match c.value {
                    naga::SwitchValue::I32(x) => x as i64 == i,
                    naga::SwitchValue::U32(x) => x as i64 == i,
                    naga::SwitchValue::Default => false,
                });
                let hit = hit.or_else(|| {
                    cases
                        .iter()
                        .position(|c| c.value == naga::SwitchValue::Default)
                });
                let frame = self.frames.last_mut().unwrap();
                frame.cursors.push(Cursor::Switch);
                // Cases that fall through run on into the next: pushed last first.
                if let Some(first) = hit {
                    let mut run = vec![first];
                    while cases[*run.last().unwrap()].fall_through
                        && *run.last().unwrap() + 1 < cases.len()
                    {
                        run.push(run.last().unwrap() + 1);
                    }
                    for c in run.into_iter().rev() {
                        frame.cursors.push(Cursor::Block {
                            block: &cases[c].body,
                            next: 0,
                        });
                    }
                }
                Ok(Some(Event::Line(line)))
            }
            S::Loop {
                body,
                continuing,
                break_if,
            } => {
                frame.cursors.push(Cursor::Loop {
                    body,
                    continuing,
                    break_if: *break_if,
                    in_continuing: false,
                    round: 0,
                });
                frame.cursors.push(Cursor::Block {
                    block: body,
                    next: 0,
                });
                Ok(Some(Event::Line(line)))
            }
            S::Break => {
                while let Some(c) = frame.cursors.pop() {
                    if matches!(c, Cursor::Loop { .. } | Cursor::Switch) {
                        break;
                    }
                }
                Ok(None)
            }
            S::Continue => {
                while let Some(c) = frame.cursors.last_mut() {
                    if let Cursor::Loop {
                        in_continuing,
                        continuing,
                        ..
                    } = c
                    {
                        *in_continuing = true;
                        let continuing = *continuing;
                        frame.cursors.push(Cursor::Block {
                            block: continuing,
                            next: 0,
                        });
                        break;
                    }
                    frame.cursors.pop();
                }
                Ok(None)
            }
            S::Return { value } => {
                let v = match value {
                    Some(h) => self.value(*h)?,
                    None => Value::Void,
                };
                // A return naga adds at the kernel's end (no span) is its end.
                let kernel_returns = self.frames.len() == 1 && span.is_defined();
                // A fragment shader's colour: its result, whatever ends it.
                let output = (self.frames.len() == 1 && v != Value::Void).then(|| v.clone());
                let done = self.leave(v)?;
                Ok(match output {
                    Some(value) => Some(Event::Output { line, value }),
                    None if kernel_returns => Some(Event::Return(line)),
                    None => done,
                })
            }
            S::Store { pointer, value } => {
                let (p, v) = (as_pointer(self.value(*pointer)?)?, self.value(*value)?);
                self.store(&p, v, line, memories)
            }
            S::Call {
                function,
                arguments,
                result,
            } => {
                let args = arguments
                    .iter()
                    .map(|a| self.value(*a))
                    .collect::<Result<Vec<_>>>()?;
                let function = &self.kernel.module.functions[*function];
                // What the helper does is the call's line's (`Invocation::line`).
                if line != 0 {
                    self.last_line = line;
                }
                self.push_frame(function, args, *result);
                Ok(None)
            }
            S::Atomic { pointer, .. } => {
                let p = as_pointer(self.value(*pointer)?)?;
                let at = self.shared(&p, memories)?;
                // Its first half, or a wait while another holds the cell: either
                // way the statement is done again, as the add or the try again.
                if let Some(Cursor::Block { next, .. }) =
                    self.frames.last_mut().unwrap().cursors.last_mut()
                {
                    *next -= 1;
                }
                if memories.held(at) {
                    return Ok(Some(Event::Wait { line, at }));
                }
                self.pending = Pending::Holding(at);
                Ok(Some(Event::Hold { line, at }))
            }
            S::ControlBarrier(flags) if flags.contains(naga::Barrier::WORK_GROUP) => {
                Ok(Some(Event::Barrier(line)))
            }
            S::ControlBarrier(_) | S::MemoryBarrier(_) => Ok(Some(Event::Line(line))),
            S::SubgroupBallot { result, predicate } => {
                let argument = match predicate {
                    Some(p) => self.value(*p)?,
                    None => Value::B(true),
                };
                self.pending = Pending::Vote(Some(*result));
                Ok(Some(Event::Vote {
                    line,
                    op: Collective::Ballot,
                    argument,
                }))
            }
            S::SubgroupGather {
                mode,
                argument,
                result,
            } => {
                let op = match mode {
                    naga::GatherMode::BroadcastFirst => Collective::BroadcastFirst,
                    naga::GatherMode::Broadcast(lane) => {
                        Collective::Broadcast(self.value(*lane)?.u32()?)
                    }
                    other => return Err(format!("{other:?} is not simulated")),
                };
                let argument = self.value(*argument)?;
                self.pending = Pending::Vote(Some(*result));
                Ok(Some(Event::Vote { line, op, argument }))
            }
            S::SubgroupCollectiveOperation {
                op,
                collective_op,
                argument,
                result,
            } => {
                if *collective_op != naga::CollectiveOperation::Reduce {
                    return Err(format!("subgroup {collective_op:?} is not simulated"));
                }
                let argument = self.value(*argument)?;
                self.pending = Pending::Vote(Some(*result));
                Ok(Some(Event::Vote {
                    line,
                    op: Collective::Reduce(*op),
                    argument,
                }))
            }
            other => Err(format!(
                "the diagram does not run {}",
                statement_name(other)
            )),
        }
    }

    /// An atomic's second half: its function done on the cell it holds.
    pub(super) fn finish_atomic(
        &mut self,
        at: Memory,
        memories: &mut dyn Memories,
    ) -> Result<Event> {
        self.pending = Pending::None;
        let frame = self.frames.last_mut().unwrap();
        let Some(Cursor::Block { block, next }) = frame.cursors.last_mut() else {
            return Err("an atomic lost its place".into());
        };
        let (statement, span) = block
            .span_iter()
            .nth(*next)
            .ok_or("an atomic lost its place")?;
        *next += 1;
        let S::Atomic {
            fun, value, result, ..
        } = statement
        else {
            return Err("an atomic lost its place".into());
        };
        let line = self.line(*span);
        let by = self.value(*value)?.u32()?;
        let old = memories.read(at);
        let new = match fun {
            naga::AtomicFunction::Add => old.wrapping_add(by),
            naga::AtomicFunction::Subtract => old.wrapping_sub(by),
            naga::AtomicFunction::And => old & by,
            naga::AtomicFunction::InclusiveOr => old | by,
            naga::AtomicFunction::ExclusiveOr => old ^ by,
            naga::AtomicFunction::Min => old.min(by),
            naga::AtomicFunction::Max => old.max(by),
            naga::AtomicFunction::Exchange { compare: None } => by,
            naga::AtomicFunction::Exchange { .. } => {
                return Err("atomicCompareExchangeWeak is not simulated".into())
            }
        };
        memories.write(at, new);
        if let Some(h) = result {
            self.frames.last_mut().unwrap().values[h.index()] = Some(Value::U(old));
        }
        self.last_line = line;
        Ok(Event::Add {
            line,
            at,
            value: new,
            by,
        })
    }

    pub(super) fn store(
        &mut self,
        p: &Pointer,
        v: Value,
        line: u32,
        memories: &mut dyn Memories,
    ) -> Result<Option<Event>> {
        match p.root {
            Root::Local(depth, h) => {
                *self.frames[depth].locals[h.index()].at_mut(&p.path)? = v;
                Ok(Some(Event::Line(line)))
            }
            Root::Global(_) => {
                let at = self.shared(p, memories)?;
                if memories.floats(at).is_some() {
                    let value = super::values::floats4(&v)?;
                    memories.set_floats(at, value);
                    return Ok(Some(Event::Put { line, at, value }));
                }
                let value = v.u32()?;
                let before = memories.read(at);
                memories.write(at, value);
                let loaded = self
                    .loaded
                    .iter()
                    .rev()
                    .find(|(m, _)| *m == at)
                    .map(|(_, v)| *v);
                Ok(Some(Event::Store {
                    line,
                    at,
                    value,
                    before,
                    loaded,
                }))
            }
        }
    }

    /// The cell a pointer into shared memory names.
    pub(super) fn shared(&self, p: &Pointer, memories: &dyn Memories) -> Result<Memory> {
        match p.root {
            Root::Global(g) => memories.cell(g, &p.path, self.group),
            Root::Local(..) => Err("a function's variable is not shared".into()),
        }
    }
}
