//! One invocation of a kernel, run from naga's parse of the kernel's own WGSL (the
//! text the GPU compiles): statement by statement, stopping at each thing the
//! diagram shows (a new line, a pixel read, a load or store of memory others
//! share, an atomic, the barrier, a subgroup function), so that the scheduler
//! (src/sim/schedule.rs) can interleave invocations as a GPU may. Its own variables
//! are its own; memory it shares is the scheduler's (`Memories`). Its statements
//! are src/sim/statements.rs, its expressions src/sim/expressions.rs.

use super::kernel::{zero, Event, Kernel, Memories};
use super::values::{Result, Value};
use super::Memory;
use naga::{Block, Expression as E, Function, Handle, Span};

/// Where a frame's execution is.
#[derive(Clone)]
pub(super) enum Cursor<'m> {
    Block {
        block: &'m Block,
        next: usize,
    },
    /// An `Emit` partly done (it stopped at a load others may see).
    Emit {
        range: naga::Range<E>,
        line: u32,
    },
    Loop {
        body: &'m Block,
        continuing: &'m Block,
        break_if: Option<Handle<E>>,
        in_continuing: bool,
        /// Rounds begun.
        round: u32,
    },
    /// A switch's case: a `break` leaves it.
    Switch,
}

pub(super) struct Frame<'m> {
    pub(super) function: &'m Function,
    pub(super) args: Vec<Value>,
    pub(super) locals: Vec<Value>,
    pub(super) values: Vec<Option<Value>>,
    pub(super) cursors: Vec<Cursor<'m>>,
    /// Where the caller keeps the result.
    pub(super) result: Option<Handle<E>>,
}

/// What an invocation waits on before its current statement can be done.
pub(super) enum Pending {
    None,
    /// An atomic it holds: its next step completes it.
    Holding(Memory),
    /// A subgroup function: its result, once given.
    Vote(Option<Handle<E>>),
}

/// One invocation of a kernel's entry point.
pub struct Invocation<'m> {
    pub(super) kernel: &'m Kernel,
    pub group: u32,
    pub(super) frames: Vec<Frame<'m>>,
    pub(super) pending: Pending,
    pub(super) last_line: u32,
    pub(super) loaded: Vec<(Memory, u32)>,
    pub finished: bool,
    /// Whether it stops after every statement (a subgroup's lane).
    pub lockstep: bool,
}

impl<'m> Invocation<'m> {
    /// An invocation of `entry` of workgroup `group` (its index in the dispatch)
    /// given its built-in values in the order of the entry's arguments.
    pub fn new(
        kernel: &'m Kernel,
        entry: &'m naga::EntryPoint,
        group: u32,
        args: Vec<Value>,
    ) -> Self {
        let mut me = Invocation {
            kernel,
            group,
            frames: Vec::new(),
            pending: Pending::None,
            last_line: 0,
            loaded: Vec::new(),
            finished: false,
            lockstep: false,
        };
        me.push_frame(&entry.function, args, None);
        me
    }

    pub(super) fn push_frame(
        &mut self,
        function: &'m Function,
        args: Vec<Value>,
        result: Option<Handle<E>>,
    ) {
        let depth = self.frames.len();
        let mut frame = Frame {
            function,
            args,
            locals: Vec::new(),
            values: vec![None; function.expressions.len()],
            cursors: vec![Cursor::Block {
                block: &function.body,
                next: 0,
            }],
            result,
        };
        // Locals start as their initializer says (constant ones) or zero.
        for (_, local) in function.local_variables.iter() {
            let value = match local.init {
                Some(init) => self
                    .eval_in(&mut frame, depth, init, None)
                    .unwrap_or(Value::Void),
                None => zero(&self.kernel.module, local.ty),
            };
            frame.locals.push(value);
        }
        self.frames.push(frame);
    }

    /// Whether it holds an atomic (between its `Hold` and its `Add`).
    pub fn holding(&self) -> Option<Memory> {
        match self.pending {
            Pending::Holding(at) => Some(at),
            _ => None,
        }
    }

    /// Gives a subgroup function's result; the invocation goes on.
    pub fn resolve(&mut self, value: Value) {
        if let Pending::Vote(result) = self.pending {
            self.pending = Pending::None;
            if let (Some(h), Some(frame)) = (result, self.frames.last_mut()) {
                frame.values[h.index()] = Some(value);
            }
        }
    }

    /// Where it is in its kernel, to compare with the other lanes of its subgroup:
    /// a statement's place in each block it is in, a loop's round; of two lanes
    /// the one with the lesser is behind (a lane in a branch another skipped is
    /// behind it, as is one in an earlier round).
    pub fn position(&self) -> Vec<u32> {
        let mut at = Vec::new();
        for frame in &self.frames {
            for cursor in &frame.cursors {
                at.push(match cursor {
                    Cursor::Block { next, .. } => *next as u32,
                    Cursor::Emit { range, .. } => u32::MAX - range.clone().count() as u32,
                    Cursor::Loop {
                        round,
                        in_continuing,
                        ..
                    } => round * 2 + *in_continuing as u32,
                    Cursor::Switch => 0,
                });
            }
        }
        at
    }

    /// Whether it waits for its subgroup.
    pub fn voting(&self) -> bool {
        matches!(self.pending, Pending::Vote(_))
    }

    /// The line the entry point is on: a helper's statements are its call's.
    pub(super) fn line(&self, span: Span) -> u32 {
        if self.frames.len() > 1 {
            return self.last_line;
        }
        match self.kernel.line(span) {
            0 => self.last_line,
            n => n,
        }
    }

    /// Runs until something the diagram shows happens.
    pub fn step(&mut self, memories: &mut dyn Memories) -> Result<Event> {
        if let Pending::Holding(at) = self.pending {
            return self.finish_atomic(at, memories);
        }
        if self.voting() {
            return Err("an invocation went on before its subgroup".into());
        }
        loop {
            let Some(depth) = self.frames.len().checked_sub(1) else {
                self.finished = true;
                return Ok(Event::Done);
            };
            let frame = self.frames.last_mut().unwrap();
            let Some(cursor) = frame.cursors.last_mut() else {
                // The function's end without a return.
                if let Some(event) = self.leave(Value::Void)? {
                    return Ok(event);
                }
                continue;
            };
            match cursor {
                Cursor::Emit { range, line } => {
                    let line = *line;
                    let Some(handle) = range.next() else {
                        frame.cursors.pop();
                        continue;
                    };
                    let mut frame = self.frames.pop().unwrap();
                    frame.values[handle.index()] = None;
                    let event = self.emit(&mut frame, depth, handle, line, memories);
                    self.frames.push(frame);
                    if let Some(event) = event? {
                        self.last_line = line;
                        return Ok(event);
                    }
                }
                Cursor::Switch => {
                    frame.cursors.pop();
                }
                Cursor::Loop {
                    body,
                    continuing,
                    break_if,
                    in_continuing,
                    ..
                } => {
                    if !*in_continuing {
                        *in_continuing = true;
                        let continuing = *continuing;
                        frame.cursors.push(Cursor::Block {
                            block: continuing,
                            next: 0,
                        });
                        continue;
                    }
                    let (body, break_if) = (*body, *break_if);
                    let stop = match break_if {
                        Some(h) => {
                            let mut frame = self.frames.pop().unwrap();
                            let b = self.eval_in(&mut frame, depth, h, Some(memories));
                            self.frames.push(frame);
                            b?.bool()?
                        }
                        None => false,
                    };
                    let frame = self.frames.last_mut().unwrap();
                    if stop {
                        frame.cursors.pop();
                    } else {
                        // A round may show nothing (an empty body): each is counted.
                        memories.take()?;
                        let frame = self.frames.last_mut().unwrap();
                        if let Some(Cursor::Loop {
                            in_continuing,
                            round,
                            ..
                        }) = frame.cursors.last_mut()
                        {
                            *in_continuing = false;
                            *round += 1;
                        }
                        frame.cursors.push(Cursor::Block {
                            block: body,
                            next: 0,
                        });
                    }
                }
                Cursor::Block { block, next } => {
                    let block: &'m Block = block;
                    let Some((statement, span)) = block.span_iter().nth(*next) else {
                        frame.cursors.pop();
                        continue;
                    };
                    *next += 1;
                    let line = self.line(*span);
                    let event = self.statement(statement, *span, line, memories)?;
                    match event {
                        Some(Event::Line(l)) if l == self.last_line || l == 0 => {}
                        Some(event) => {
                            self.last_line = line;
                            return Ok(event);
                        }
                        None => {}
                    }
                    // A lane of a subgroup stops after each statement, so that its
                    // lanes keep in step (src/sim/schedule.rs).
                    if self.lockstep {
                        return Ok(Event::Quiet);
                    }
                }
            }
        }
    }

    /// Leaves the current function with `value`; the kernel's end is `Done`.
    pub(super) fn leave(&mut self, value: Value) -> Result<Option<Event>> {
        let frame = self.frames.pop().unwrap();
        match self.frames.last_mut() {
            Some(caller) => {
                if let Some(h) = frame.result {
                    caller.values[h.index()] = Some(value);
                }
                Ok(None)
            }
            None => {
                self.finished = true;
                Ok(Some(Event::Done))
            }
        }
    }
}
