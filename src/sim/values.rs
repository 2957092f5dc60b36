//! The values a kernel's invocation computes with, as the simulator holds them
//! (src/sim/invocation.rs): WGSL's scalars, its composites (vectors, arrays,
//! structures, each a list of members) and pointers, and the arithmetic naga's
//! expressions do on them, component by component.

use naga::{BinaryOperator as Bin, MathFunction as M, ScalarKind, UnaryOperator as Un};

/// A value: a scalar, a composite, or a pointer into memory.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    U(u32),
    I(i32),
    F(f32),
    B(bool),
    /// A vector's components, an array's elements, a structure's members.
    C(Vec<Value>),
    P(Pointer),
    /// What a call of a function without a result leaves.
    Void,
}

/// Where a pointer points: a variable and the indices into it.
#[derive(Clone, Debug, PartialEq)]
pub struct Pointer {
    pub root: Root,
    pub path: Vec<u32>,
}

/// A pointer's variable.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Root {
    Global(naga::Handle<naga::GlobalVariable>),
    /// A function's variable, in the frame (depth of the call stack) it lives in.
    Local(usize, naga::Handle<naga::LocalVariable>),
}

pub type Result<T> = std::result::Result<T, String>;

impl Value {
    pub fn u32(&self) -> Result<u32> {
        match *self {
            Value::U(v) => Ok(v),
            Value::I(v) => Ok(v as u32),
            _ => Err(format!("a u32 was needed, not {self:?}")),
        }
    }

    pub fn bool(&self) -> Result<bool> {
        match *self {
            Value::B(b) => Ok(b),
            _ => Err(format!("a bool was needed, not {self:?}")),
        }
    }

    /// A member of a composite.
    pub fn member(&self, i: u32) -> Result<&Value> {
        match self {
            Value::C(v) => v
                .get(i as usize)
                .ok_or_else(|| format!("index {i} is past the end of {} members", v.len())),
            _ => Err(format!("{self:?} has no members")),
        }
    }

    pub fn member_mut(&mut self, i: u32) -> Result<&mut Value> {
        match self {
            Value::C(v) => {
                let n = v.len();
                v.get_mut(i as usize)
                    .ok_or_else(|| format!("index {i} is past the end of {n} members"))
            }
            _ => Err("a scalar has no members".into()),
        }
    }

    /// The value at `path` within this one.
    pub fn at(&self, path: &[u32]) -> Result<&Value> {
        path.iter().try_fold(self, |v, &i| v.member(i))
    }

    pub fn at_mut(&mut self, path: &[u32]) -> Result<&mut Value> {
        path.iter().try_fold(self, |v, &i| v.member_mut(i))
    }

    /// This value's components, a scalar as one.
    fn parts(&self) -> Vec<Value> {
        match self {
            Value::C(v) => v.clone(),
            s => vec![s.clone()],
        }
    }

    /// `f` on each component of `a` (a scalar or vector).
    fn map(&self, f: &impl Fn(&Value) -> Result<Value>) -> Result<Value> {
        match self {
            Value::C(v) => Ok(Value::C(v.iter().map(f).collect::<Result<_>>()?)),
            s => f(s),
        }
    }

    /// `f` on the components of `a` and `b` pairwise; a scalar beside a vector
    /// goes with each of its components.
    fn zip(a: &Value, b: &Value, f: &impl Fn(&Value, &Value) -> Result<Value>) -> Result<Value> {
        match (a, b) {
            (Value::C(x), Value::C(y)) => Ok(Value::C(
                x.iter()
                    .zip(y)
                    .map(|(x, y)| f(x, y))
                    .collect::<Result<_>>()?,
            )),
            (Value::C(x), s) => Ok(Value::C(x.iter().map(|x| f(x, s)).collect::<Result<_>>()?)),
            (s, Value::C(y)) => Ok(Value::C(y.iter().map(|y| f(s, y)).collect::<Result<_>>()?)),
            (x, y) => f(x, y),
        }
    }
}

/// A `vec4f`'s four floats.
pub fn floats4(v: &Value) -> Result<[f32; 4]> {
    let parts = v.parts();
    let mut out = [0.0; 4];
    if parts.len() != 4 {
        return Err(format!("a vec4f was needed, not {v:?}"));
    }
    for (o, p) in out.iter_mut().zip(&parts) {
        *o = match p {
            Value::F(f) => *f,
            other => return Err(format!("a float was needed, not {other:?}")),
        };
    }
    Ok(out)
}

/// A binary operator, as WGSL defines it (unsigned and signed integers wrap; a
/// division by zero gives the dividend, as WGSL's does, and so does a remainder).
pub fn binary(op: Bin, a: &Value, b: &Value) -> Result<Value> {
    use Value::*;
    let scalar = |x: &Value, y: &Value| -> Result<Value> {
        Ok(match (op, x, y) {
            (Bin::Add, U(x), U(y)) => U(x.wrapping_add(*y)),
            (Bin::Subtract, U(x), U(y)) => U(x.wrapping_sub(*y)),
            (Bin::Multiply, U(x), U(y)) => U(x.wrapping_mul(*y)),
            (Bin::Divide, U(x), U(y)) => U(if *y == 0 { *x } else { x / y }),
            (Bin::Modulo, U(x), U(y)) => U(if *y == 0 { 0 } else { x % y }),
            (Bin::Add, I(x), I(y)) => I(x.wrapping_add(*y)),
            (Bin::Subtract, I(x), I(y)) => I(x.wrapping_sub(*y)),
            (Bin::Multiply, I(x), I(y)) => I(x.wrapping_mul(*y)),
            (Bin::Divide, I(x), I(y)) => I(if *y == 0 { *x } else { x.wrapping_div(*y) }),
            (Bin::Modulo, I(x), I(y)) => I(if *y == 0 { 0 } else { x.wrapping_rem(*y) }),
            (Bin::Add, F(x), F(y)) => F(x + y),
            (Bin::Subtract, F(x), F(y)) => F(x - y),
            (Bin::Multiply, F(x), F(y)) => F(x * y),
            (Bin::Divide, F(x), F(y)) => F(x / y),
            (Bin::Modulo, F(x), F(y)) => F(x % y),
            (Bin::Equal, x, y) => B(x == y),
            (Bin::NotEqual, x, y) => B(x != y),
            (Bin::Less, U(x), U(y)) => B(x < y),
            (Bin::LessEqual, U(x), U(y)) => B(x <= y),
            (Bin::Greater, U(x), U(y)) => B(x > y),
            (Bin::GreaterEqual, U(x), U(y)) => B(x >= y),
            (Bin::Less, I(x), I(y)) => B(x < y),
            (Bin::LessEqual, I(x), I(y)) => B(x <= y),
            (Bin::Greater, I(x), I(y)) => B(x > y),
            (Bin::GreaterEqual, I(x), I(y)) => B(x >= y),
            (Bin::Less, F(x), F(y)) => B(x < y),
            (Bin::LessEqual, F(x), F(y)) => B(x <= y),
            (Bin::Greater, F(x), F(y)) => B(x > y),
            (Bin::GreaterEqual, F(x), F(y)) => B(x >= y),
            (Bin::And, U(x), U(y)) => U(x & y),
            (Bin::InclusiveOr, U(x), U(y)) => U(x | y),
            (Bin::ExclusiveOr, U(x), U(y)) => U(x ^ y),
            (Bin::And, I(x), I(y)) => I(x & y),
            (Bin::InclusiveOr, I(x), I(y)) => I(x | y),
            (Bin::ExclusiveOr, I(x), I(y)) => I(x ^ y),
            (Bin::And | Bin::LogicalAnd, B(x), B(y)) => B(*x && *y),
            (Bin::InclusiveOr | Bin::LogicalOr, B(x), B(y)) => B(*x || *y),
            (Bin::ShiftLeft, U(x), U(y)) => U(x.wrapping_shl(*y)),
            (Bin::ShiftRight, U(x), U(y)) => U(x.wrapping_shr(*y)),
            (Bin::ShiftLeft, I(x), U(y)) => I(x.wrapping_shl(*y)),
            (Bin::ShiftRight, I(x), U(y)) => I(x.wrapping_shr(*y)),
            _ => return Err(format!("{op:?} of {x:?} and {y:?}")),
        })
    };
    // `==` of two vectors is component by component, not one answer.
    Value::zip(a, b, &scalar)
}

pub fn unary(op: Un, a: &Value) -> Result<Value> {
    a.map(&|x| {
        Ok(match (op, x) {
            (Un::Negate, Value::I(v)) => Value::I(v.wrapping_neg()),
            (Un::Negate, Value::F(v)) => Value::F(-v),
            (Un::LogicalNot, Value::B(b)) => Value::B(!b),
            (Un::BitwiseNot, Value::U(v)) => Value::U(!v),
            (Un::BitwiseNot, Value::I(v)) => Value::I(!v),
            _ => return Err(format!("{op:?} of {x:?}")),
        })
    })
}

/// `select(reject, accept, condition)`, by component where the condition is a vector.
pub fn select(condition: &Value, accept: &Value, reject: &Value) -> Result<Value> {
    match condition {
        Value::B(true) => Ok(accept.clone()),
        Value::B(false) => Ok(reject.clone()),
        Value::C(c) => {
            let (a, r) = (accept.parts(), reject.parts());
            let picked = c.iter().enumerate().map(|(i, c)| {
                let take = if c.bool()? { &a } else { &r };
                take.get(i)
                    .cloned()
                    .ok_or_else(|| "select's sizes differ".to_string())
            });
            Ok(Value::C(picked.collect::<Result<_>>()?))
        }
        other => Err(format!("select on {other:?}")),
    }
}

/// `all` and `any` of a vector of bools.
pub fn relational(fun: naga::RelationalFunction, a: &Value) -> Result<Value> {
    let bools = a
        .parts()
        .iter()
        .map(Value::bool)
        .collect::<Result<Vec<_>>>()?;
    match fun {
        naga::RelationalFunction::All => Ok(Value::B(bools.iter().all(|b| *b))),
        naga::RelationalFunction::Any => Ok(Value::B(bools.iter().any(|b| *b))),
        other => Err(format!("{other:?} is not simulated")),
    }
}

/// The built-in functions the kernels call.
pub fn math(fun: M, args: &[Value]) -> Result<Value> {
    use Value::*;
    let one = |f: &dyn Fn(&Value) -> Result<Value>| args[0].map(&f);
    let two = |f: &dyn Fn(&Value, &Value) -> Result<Value>| Value::zip(&args[0], &args[1], &f);
    match fun {
        M::Min => two(&|x, y| match (x, y) {
            (U(a), U(b)) => Ok(U(*a.min(b))),
            (I(a), I(b)) => Ok(I(*a.min(b))),
            (F(a), F(b)) => Ok(F(a.min(*b))),
            _ => Err("min of mixed kinds".into()),
        }),
        M::Max => two(&|x, y| match (x, y) {
            (U(a), U(b)) => Ok(U(*a.max(b))),
            (I(a), I(b)) => Ok(I(*a.max(b))),
            (F(a), F(b)) => Ok(F(a.max(*b))),
            _ => Err("max of mixed kinds".into()),
        }),
        M::Clamp => {
            let low = math(M::Max, &args[..2])?;
            math(M::Min, &[low, args[2].clone()])
        }
        M::Dot => {
            let products = binary(Bin::Multiply, &args[0], &args[1])?.parts();
            let zero = match products.first() {
                Some(F(_)) => F(0.0),
                Some(I(_)) => I(0),
                _ => U(0),
            };
            products
                .iter()
                .try_fold(zero, |sum, p| binary(Bin::Add, &sum, p))
        }
        M::Floor => one(&|x| Ok(F(float(x)?.floor()))),
        M::Ceil => one(&|x| Ok(F(float(x)?.ceil()))),
        M::Round => one(&|x| Ok(F(float(x)?.round_ties_even()))),
        M::Trunc => one(&|x| Ok(F(float(x)?.trunc()))),
        M::Abs => one(&|x| match x {
            I(v) => Ok(I(v.wrapping_abs())),
            F(v) => Ok(F(v.abs())),
            u => Ok(u.clone()),
        }),
        M::CountOneBits => one(&|x| Ok(U(x.u32()?.count_ones()))),
        M::FirstTrailingBit => one(&|x| {
            let v = x.u32()?;
            Ok(U(if v == 0 { u32::MAX } else { v.trailing_zeros() }))
        }),
        M::FirstLeadingBit => one(&|x| {
            let v = x.u32()?;
            Ok(U(if v == 0 {
                u32::MAX
            } else {
                31 - v.leading_zeros()
            }))
        }),
        other => Err(format!("{other:?} is not simulated")),
    }
}

fn float(v: &Value) -> Result<f32> {
    match v {
        Value::F(f) => Ok(*f),
        other => Err(format!("a float was needed, not {other:?}")),
    }
}

/// A conversion (`convert`: a value conversion, else a bitcast) to `kind`.
pub fn convert(v: &Value, kind: ScalarKind, convert: bool) -> Result<Value> {
    use Value::*;
    v.map(&|x| {
        Ok(match (kind, x, convert) {
            (ScalarKind::Uint, U(a), _) => U(*a),
            (ScalarKind::Uint, I(a), _) => U(*a as u32),
            // WGSL's float to integer conversions saturate (Rust's `as` does).
            (ScalarKind::Uint, F(a), true) => U(*a as u32),
            (ScalarKind::Uint, F(a), false) => U(a.to_bits()),
            (ScalarKind::Uint, B(a), _) => U(*a as u32),
            (ScalarKind::Sint, U(a), _) => I(*a as i32),
            (ScalarKind::Sint, I(a), _) => I(*a),
            (ScalarKind::Sint, F(a), true) => I(*a as i32),
            (ScalarKind::Sint, F(a), false) => I(a.to_bits() as i32),
            (ScalarKind::Sint, B(a), _) => I(*a as i32),
            (ScalarKind::Float, U(a), true) => F(*a as f32),
            (ScalarKind::Float, I(a), true) => F(*a as f32),
            (ScalarKind::Float, U(a), false) => F(f32::from_bits(*a)),
            (ScalarKind::Float, I(a), false) => F(f32::from_bits(*a as u32)),
            (ScalarKind::Float, F(a), _) => F(*a),
            (ScalarKind::Float, B(a), _) => F(*a as u32 as f32),
            (ScalarKind::Bool, U(a), _) => B(*a != 0),
            (ScalarKind::Bool, I(a), _) => B(*a != 0),
            (ScalarKind::Bool, F(a), _) => B(*a != 0.0),
            (ScalarKind::Bool, B(a), _) => B(*a),
            _ => return Err(format!("{x:?} as {kind:?}")),
        })
    })
}
