//! A kernel as the simulator runs it: its WGSL parsed by naga (wgpu's own front
//! end), the lines of its text, what its invocations share (`Memories`, the
//! scheduler's) and what a step of one does (`Event`); the values of its
//! constants and the zero of its types.

use super::values::{self, Pointer, Result, Value};
use super::Memory;
use naga::{AddressSpace, Expression as E, Handle, Module, Span, Statement as S, TypeInner};

/// A kernel parsed: its module and where each line of its text starts.
pub struct Kernel {
    pub module: Module,
    line_starts: Vec<usize>,
}

impl Kernel {
    /// `source` parsed by naga's WGSL front end (wgpu's own), its overrides given
    /// the pipeline's `constants` by name (the others keep their own values).
    pub fn parse(source: String, constants: &[(&str, u32)]) -> Result<Kernel> {
        // Naga (wgpu 30) refuses the `enable subgroups;` browsers require; wgpu
        // compiles the kernel without it natively (gpu/kernels.rs). Blanked, so
        // that every span is the text's.
        let directive = "enable subgroups;";
        let parsed = source.replace(directive, &" ".repeat(directive.len()));
        let mut module =
            naga::front::wgsl::parse_str(&parsed).map_err(|e| e.emit_to_string(&source))?;
        // In its default's place, which comes before every use of it in the
        // module's arena (an override with no default keeps none).
        for (_, o) in module.overrides.iter() {
            let given = constants.iter().find(|(n, _)| o.name.as_deref() == Some(n));
            if let (Some(&(_, v)), Some(init)) = (given, o.init) {
                *module.global_expressions.get_mut(init) = E::Literal(naga::Literal::U32(v));
            }
        }
        // What the GPU's compiler refuses is refused here too (a lab's edit may be
        // anything), before a step of it runs.
        naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::all(),
        )
        .subgroup_stages(naga::valid::ShaderStages::COMPUTE)
        .subgroup_operations(naga::valid::SubgroupOperationSet::all())
        .validate(&module)
        .map_err(|e| e.emit_to_string(&source))?;
        // Each invocation's arrays are made whole: a tiny run needs small ones.
        if let Some(n) = module
            .types
            .iter()
            .map(|(ty, _)| elements(&module, ty))
            .find(|&n| n > MOST_ELEMENTS)
        {
            return Err(format!(
                "an array of {n} values: the diagrams play arrays of at most {MOST_ELEMENTS}"
            ));
        }
        let line_starts = std::iter::once(0)
            .chain(source.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Ok(Kernel {
            module,
            line_starts,
        })
    }

    /// The entry point `name` of `stage` (compute, or a counting draw's fragment).
    pub fn entry(&self, name: &str, stage: naga::ShaderStage) -> Result<&naga::EntryPoint> {
        self.module
            .entry_points
            .iter()
            .find(|e| e.name == name && e.stage == stage)
            .ok_or_else(|| format!("the kernel has no {stage:?} entry point {name}"))
    }

    /// The 1-based line a span starts on (0 for none).
    pub fn line(&self, span: Span) -> u32 {
        span.to_range().map_or(0, |r| {
            self.line_starts.partition_point(|&s| s <= r.start) as u32
        })
    }
}

/// The most values one variable of a played kernel may hold.
const MOST_ELEMENTS: u64 = 1 << 16;

/// How many scalar values a value of `ty` holds (saturating).
pub(super) fn elements(module: &Module, ty: Handle<naga::Type>) -> u64 {
    match &module.types[ty].inner {
        TypeInner::Array {
            base,
            size: naga::ArraySize::Constant(n),
            ..
        } => (n.get() as u64).saturating_mul(elements(module, *base).max(1)),
        TypeInner::Struct { members, .. } => members
            .iter()
            .map(|m| elements(module, m.ty))
            .fold(0, u64::saturating_add),
        TypeInner::Vector { size, .. } => *size as u64,
        _ => 1,
    }
}

/// What the scheduler holds for the invocations of a dispatch: the memory they
/// share, the uniforms and the picture.
pub trait Memories {
    /// The cell a pointer into shared memory (storage, workgroup) names, for an
    /// invocation of workgroup `group`.
    fn cell(
        &self,
        global: Handle<naga::GlobalVariable>,
        path: &[u32],
        group: u32,
    ) -> Result<Memory>;
    fn read(&self, at: Memory) -> u32;
    fn write(&mut self, at: Memory, value: u32);
    /// A `vec4f` cell's floats (the scale pass's result); None for a u32 cell.
    fn floats(&self, at: Memory) -> Option<[f32; 4]>;
    fn set_floats(&mut self, at: Memory, value: [f32; 4]);
    /// Whether an invocation holds the cell for its atomic.
    fn held(&self, at: Memory) -> bool;
    /// A uniform variable's value.
    fn uniform(&self, global: Handle<naga::GlobalVariable>) -> Result<Value>;
    /// The picture's 8-bit RGBA at (x, y), if inside it.
    fn texel(&self, x: u32, y: u32) -> Option<[u8; 4]>;
    /// Whether `global` is the picture as packed pixels in a storage buffer.
    fn is_picture(&self, global: Handle<naga::GlobalVariable>) -> bool;
    /// The picture's `n`th pixel in reading order: where it is and its RGBA.
    fn nth_pixel(&self, n: u32) -> Option<(u32, u32, [u8; 4])>;
    /// The elements of a runtime-sized array in storage.
    fn length(&self, global: Handle<naga::GlobalVariable>) -> Result<u32>;
    /// Counts a round of a loop against the run's steps, or says why it stops.
    fn take(&mut self) -> Result<()>;
}

/// A subgroup function, waiting for its subgroup.
#[derive(Clone, Debug, PartialEq)]
pub enum Collective {
    Ballot,
    BroadcastFirst,
    Broadcast(u32),
    Reduce(naga::SubgroupOperation),
}

/// What a step of an invocation did.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A line whose work is its own (ids, a loop, a condition).
    Line(u32),
    /// A read of the picture: `count` pixels from (x, y) on in reading order (a
    /// texel, or a packed quad), the first's colour.
    Pixel {
        line: u32,
        x: u32,
        y: u32,
        rgb: [u8; 3],
        count: u32,
    },
    Load {
        line: u32,
        at: Memory,
        value: u32,
    },
    /// `atomicLoad`.
    Peek {
        line: u32,
        at: Memory,
        value: u32,
    },
    /// A plain store: `before`, what it overwrote; `loaded`, what this invocation
    /// last read there (if it did).
    Store {
        line: u32,
        at: Memory,
        value: u32,
        before: u32,
        loaded: Option<u32>,
    },
    /// A load of a `vec4f` cell.
    Fetch {
        line: u32,
        at: Memory,
        value: [f32; 4],
    },
    /// A store to a `vec4f` cell.
    Put {
        line: u32,
        at: Memory,
        value: [f32; 4],
    },
    /// A fragment shader's result: its pixel's colour.
    Output {
        line: u32,
        value: Value,
    },
    /// An atomic's first half: the cell is this invocation's until its `Add`.
    Hold {
        line: u32,
        at: Memory,
    },
    /// At an atomic whose cell another holds: it tries again when let go.
    Wait {
        line: u32,
        at: Memory,
    },
    /// Its second half: `by` added (or the atomic's function done), `value` there now.
    Add {
        line: u32,
        at: Memory,
        value: u32,
        by: u32,
    },
    Barrier(u32),
    /// At a subgroup function with its argument: it goes on once `resolve`d.
    Vote {
        line: u32,
        op: Collective,
        argument: Value,
    },
    /// A `return` from the kernel before its end.
    Return(u32),
    /// A statement done that shows nothing (a lane in step with its subgroup).
    Quiet,
    Done,
}

/// A pointer's value, or why it is none.
pub(super) fn as_pointer(v: Value) -> Result<Pointer> {
    match v {
        Value::P(p) => Ok(p),
        other => Err(format!("a pointer was needed, not {other:?}")),
    }
}

/// Indexing a pointer gives a pointer further in; a value, its member.
pub(super) fn index_into(base: Value, i: u32) -> Result<Value> {
    match base {
        Value::P(mut p) => {
            p.path.push(i);
            Ok(Value::P(p))
        }
        v => v.member(i).cloned(),
    }
}

/// Whether a global is memory others share: storage or workgroup.
pub fn is_shared(module: &Module, g: Handle<naga::GlobalVariable>) -> bool {
    matches!(
        module.global_variables[g].space,
        AddressSpace::Storage { .. } | AddressSpace::WorkGroup
    )
}

pub(super) fn literal(l: &naga::Literal) -> Result<Value> {
    use naga::Literal as L;
    Ok(match *l {
        L::U32(v) => Value::U(v),
        L::I32(v) => Value::I(v),
        L::F32(v) => Value::F(v),
        L::Bool(b) => Value::B(b),
        L::AbstractInt(v) => Value::I(v as i32),
        L::AbstractFloat(v) => Value::F(v as f32),
        other => return Err(format!("{other:?} is not simulated")),
    })
}

/// A module-scope constant's value (its expression in the module's arena).
pub fn const_value(module: &Module, h: Handle<E>) -> Result<Value> {
    let get = |x: Handle<E>| const_value(module, x);
    Ok(match &module.global_expressions[h] {
        E::Literal(l) => literal(l)?,
        E::Constant(c) => get(module.constants[*c].init)?,
        E::Override(o) => get(module.overrides[*o]
            .init
            .ok_or("an override with no value")?)?,
        E::ZeroValue(ty) => zero(module, *ty),
        E::Compose { components, .. } => {
            Value::C(components.iter().map(|&c| get(c)).collect::<Result<_>>()?)
        }
        E::Splat { size, value } => Value::C(vec![get(*value)?; *size as usize]),
        E::Binary { op, left, right } => values::binary(*op, &get(*left)?, &get(*right)?)?,
        E::Unary { op, expr } => values::unary(*op, &get(*expr)?)?,
        E::As {
            expr,
            kind,
            convert,
        } => values::convert(&get(*expr)?, *kind, convert.is_some())?,
        other => return Err(format!("a constant of {}", expression_name(other))),
    })
}

/// The zero value of a type.
pub fn zero(module: &Module, ty: Handle<naga::Type>) -> Value {
    let scalar = |s: naga::Scalar| match s.kind {
        naga::ScalarKind::Uint => Value::U(0),
        naga::ScalarKind::Sint => Value::I(0),
        naga::ScalarKind::Bool => Value::B(false),
        _ => Value::F(0.0),
    };
    match &module.types[ty].inner {
        TypeInner::Scalar(s) | TypeInner::Atomic(s) => scalar(*s),
        TypeInner::Vector { size, scalar: s } => Value::C(vec![scalar(*s); *size as usize]),
        TypeInner::Array {
            base,
            size: naga::ArraySize::Constant(n),
            ..
        } => Value::C(vec![zero(module, *base); n.get() as usize]),
        TypeInner::Struct { members, .. } => {
            Value::C(members.iter().map(|m| zero(module, m.ty)).collect())
        }
        _ => Value::Void,
    }
}

pub(super) fn statement_name(s: &S) -> String {
    format!("{s:?}")
        .split([' ', '(', '{'])
        .next()
        .unwrap_or("it")
        .to_string()
}

pub(super) fn expression_name(e: &E) -> String {
    format!("{e:?}")
        .split([' ', '(', '{'])
        .next()
        .unwrap_or("it")
        .to_string()
}
