//! An invocation's expressions (src/sim/invocation.rs), evaluated as naga's
//! `Emit` statements ask: a read of memory others share or of the picture is a
//! step of its own; everything else is arithmetic on its values.

use super::invocation::{Frame, Invocation};
use super::kernel::{
    as_pointer, const_value, expression_name, index_into, is_shared, literal, zero, Event, Memories,
};
use super::values::{self, Pointer, Result, Root, Value};
use naga::{Expression as E, Function, Handle, TypeInner};

impl<'m> Invocation<'m> {
    /// The value of an expression already evaluated in the current frame.
    pub(super) fn value(&mut self, h: Handle<E>) -> Result<Value> {
        let depth = self.frames.len() - 1;
        let mut frame = self.frames.pop().unwrap();
        let v = self.eval_in(&mut frame, depth, h, None);
        self.frames.push(frame);
        v
    }

    /// Evaluates an `Emit`'s expression; a read of shared memory or the picture is
    /// an event.
    pub(super) fn emit(
        &mut self,
        frame: &mut Frame<'m>,
        depth: usize,
        h: Handle<E>,
        line: u32,
        memories: &mut dyn Memories,
    ) -> Result<Option<Event>> {
        let expr = &frame.function.expressions[h];
        let event = match expr {
            E::Load { pointer } => {
                let p = as_pointer(self.eval_in(frame, depth, *pointer, Some(memories))?)?;
                match p.root {
                    // Packed pixels, four a word's vector (RGBA8, red lowest).
                    Root::Global(g) if memories.is_picture(g) => {
                        let (first, count) = match p.path[..] {
                            [quad] => (quad * 4, 4),
                            [quad, lane] => (quad * 4 + lane, 1),
                            _ => {
                                return Err(
                                    "the diagram reads packed pixels a quad or one at a time"
                                        .into(),
                                )
                            }
                        };
                        let pixels: Vec<_> = (first..first + count)
                            .map(|n| memories.nth_pixel(n))
                            .collect();
                        let words: Vec<Value> = pixels
                            .iter()
                            .map(|p| Value::U(p.map_or(0, |(_, _, c)| u32::from_le_bytes(c))))
                            .collect();
                        frame.values[h.index()] = Some(if count == 1 {
                            words[0].clone()
                        } else {
                            Value::C(words)
                        });
                        let there = pixels.iter().flatten().count() as u32;
                        pixels[0].map(|(x, y, c)| Event::Pixel {
                            line,
                            x,
                            y,
                            rgb: [c[0], c[1], c[2]],
                            count: there,
                        })
                    }
                    Root::Global(g) if is_shared(&self.kernel.module, g) => {
                        let at = self.shared(&p, memories)?;
                        if let Some(value) = memories.floats(at) {
                            let floats = value.iter().map(|&f| Value::F(f)).collect();
                            frame.values[h.index()] = Some(Value::C(floats));
                            return Ok(Some(Event::Fetch { line, at, value }));
                        }
                        let value = memories.read(at);
                        frame.values[h.index()] = Some(Value::U(value));
                        if self.points_at_atomic(g, &p.path) {
                            Some(Event::Peek { line, at, value })
                        } else {
                            self.loaded.push((at, value));
                            Some(Event::Load { line, at, value })
                        }
                    }
                    _ => None,
                }
            }
            E::ImageLoad { coordinate, .. } => {
                let c = self.eval_in(frame, depth, *coordinate, Some(memories))?;
                let (x, y) = (c.member(0)?.u32()?, c.member(1)?.u32()?);
                let texel = memories.texel(x, y);
                let rgba = texel.unwrap_or([0; 4]);
                let f = |c: u8| Value::F(c as f32 / 255.0);
                frame.values[h.index()] = Some(Value::C(rgba.iter().map(|&c| f(c)).collect()));
                texel.map(|t| Event::Pixel {
                    line,
                    x,
                    y,
                    rgb: [t[0], t[1], t[2]],
                    count: 1,
                })
            }
            _ => None,
        };
        if event.is_none() {
            let v = self.eval_in(frame, depth, h, Some(memories))?;
            frame.values[h.index()] = Some(v);
        }
        Ok(event)
    }

    pub(super) fn points_at_atomic(&self, g: Handle<naga::GlobalVariable>, path: &[u32]) -> bool {
        let module = &self.kernel.module;
        let mut ty = module.global_variables[g].ty;
        for &i in path {
            ty = match &module.types[ty].inner {
                TypeInner::Array { base, .. } => *base,
                TypeInner::Struct { members, .. } => members[i as usize].ty,
                _ => return false,
            };
        }
        matches!(module.types[ty].inner, TypeInner::Atomic(_))
    }

    /// An expression's value in `frame` (the frame at `depth`): evaluated at its
    /// `Emit`, or, for those that need none (constants, variables, arguments),
    /// now.
    pub(super) fn eval_in(
        &self,
        frame: &mut Frame<'m>,
        depth: usize,
        h: Handle<E>,
        memories: Option<&dyn Memories>,
    ) -> Result<Value> {
        if let Some(v) = &frame.values[h.index()] {
            return Ok(v.clone());
        }
        let module = &self.kernel.module;
        let function: &'m Function = frame.function;
        let mut get = |x: Handle<E>| self.eval_in(frame, depth, x, memories);
        let v = match &function.expressions[h] {
            E::Literal(l) => literal(l)?,
            E::Constant(c) => const_value(module, module.constants[*c].init)?,
            E::Override(o) => const_value(
                module,
                module.overrides[*o]
                    .init
                    .ok_or("an override with no value")?,
            )?,
            E::ZeroValue(ty) => zero(module, *ty),
            E::Compose { components, .. } => {
                let parts = components
                    .iter()
                    .map(|&c| get(c))
                    .collect::<Result<Vec<_>>>()?;
                Value::C(parts)
            }
            E::Splat { size, value } => Value::C(vec![get(*value)?; *size as usize]),
            E::Swizzle {
                size,
                vector,
                pattern,
            } => {
                let v = get(*vector)?;
                let picked = pattern[..*size as usize]
                    .iter()
                    .map(|&c| v.member(c as u32).cloned());
                Value::C(picked.collect::<Result<_>>()?)
            }
            E::Access { base, index } => {
                let i = get(*index)?.u32()?;
                index_into(get(*base)?, i)?
            }
            E::AccessIndex { base, index } => index_into(get(*base)?, *index)?,
            E::FunctionArgument(i) => frame.args[*i as usize].clone(),
            E::GlobalVariable(g) => Value::P(Pointer {
                root: Root::Global(*g),
                path: Vec::new(),
            }),
            E::LocalVariable(l) => Value::P(Pointer {
                root: Root::Local(depth, *l),
                path: Vec::new(),
            }),
            E::Load { pointer } => {
                let p = as_pointer(get(*pointer)?)?;
                match p.root {
                    Root::Local(d, l) if d == depth => frame.locals[l.index()].at(&p.path)?.clone(),
                    Root::Local(d, l) => self.frames[d].locals[l.index()].at(&p.path)?.clone(),
                    Root::Global(g) => {
                        let memories = memories.ok_or("a load of memory outside its statement")?;
                        if is_shared(module, g) {
                            let at = memories.cell(g, &p.path, self.group)?;
                            match memories.floats(at) {
                                Some(v) => Value::C(v.iter().map(|&f| Value::F(f)).collect()),
                                None => Value::U(memories.read(at)),
                            }
                        } else {
                            memories.uniform(g)?.at(&p.path)?.clone()
                        }
                    }
                }
            }
            E::Unary { op, expr } => values::unary(*op, &get(*expr)?)?,
            E::Binary { op, left, right } => {
                let (a, b) = (get(*left)?, get(*right)?);
                values::binary(*op, &a, &b)?
            }
            E::Select {
                condition,
                accept,
                reject,
            } => {
                let (c, a, r) = (get(*condition)?, get(*accept)?, get(*reject)?);
                values::select(&c, &a, &r)?
            }
            E::Relational { fun, argument } => values::relational(*fun, &get(*argument)?)?,
            E::Math {
                fun,
                arg,
                arg1,
                arg2,
                arg3,
            } => {
                let args = [Some(*arg), *arg1, *arg2, *arg3];
                let args = args
                    .iter()
                    .flatten()
                    .map(|&a| get(a))
                    .collect::<Result<Vec<_>>>()?;
                values::math(*fun, &args)?
            }
            E::As {
                expr,
                kind,
                convert,
            } => values::convert(&get(*expr)?, *kind, convert.is_some())?,
            E::ArrayLength(p) => {
                let p = as_pointer(get(*p)?)?;
                match (p.root, memories) {
                    (Root::Global(g), Some(m)) => Value::U(m.length(g)?),
                    _ => return Err("arrayLength of no storage array".into()),
                }
            }
            E::CallResult(_)
            | E::AtomicResult { .. }
            | E::SubgroupBallotResult
            | E::SubgroupOperationResult { .. } => {
                return Err("a result used before its statement ran".into())
            }
            other => {
                return Err(format!(
                    "the diagram does not run {}",
                    expression_name(other)
                ))
            }
        };
        Ok(v)
    }
}
