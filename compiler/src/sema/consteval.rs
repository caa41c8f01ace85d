//! The constant evaluator: integer constant expressions (array bounds, case labels, enum
//! values, `__launch_bounds__`, `#pragma unroll N`) and arithmetic constant expressions
//! (global initializers).
//!
//! Integers are computed exactly in `i128` and wrapped to their C type after each operation;
//! floats are computed in their own IEEE format (`f32` arithmetic for `float`), so results
//! are bit-identical to what the device computes at run time. Names, casts and `sizeof` need
//! the surrounding semantic state, which the caller provides through `ConstEnv`.

use super::conv::{literal_kind, promote, usual_arith, wrap_int, Arith};
use super::types::{FloatKind, IntKind};
use crate::ast::{BinaryOp, Expr, ExprKind, TypeExpr, UnaryOp};
use crate::intern::Symbol;
use crate::source::Span;

/// A constant's value with its arithmetic type.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ConstValue {
    Int {
        value: i128,
        kind: IntKind,
    },
    /// A `float` value is stored exactly (every `f32` is an `f64`).
    Float {
        value: f64,
        kind: FloatKind,
    },
}

impl ConstValue {
    pub fn int(value: i128, kind: IntKind) -> ConstValue {
        ConstValue::Int {
            value: wrap_int(value, kind),
            kind,
        }
    }
    pub fn arith(self) -> Arith {
        match self {
            ConstValue::Int { kind, .. } => Arith::Int(kind),
            ConstValue::Float { kind, .. } => Arith::Float(kind),
        }
    }
    /// The integer value, if this is an integer constant.
    pub fn as_int(self) -> Option<i128> {
        match self {
            ConstValue::Int { value, .. } => Some(value),
            ConstValue::Float { .. } => None,
        }
    }
    pub fn is_zero(self) -> bool {
        match self {
            ConstValue::Int { value, .. } => value == 0,
            ConstValue::Float { value, .. } => value == 0.0,
        }
    }
    /// Converts to another arithmetic type as a C cast does.
    pub fn convert(self, to: Arith) -> ConstValue {
        match (self, to) {
            (ConstValue::Int { value, .. }, Arith::Int(k)) => ConstValue::int(value, k),
            (ConstValue::Int { value, .. }, Arith::Float(FloatKind::Float)) => ConstValue::Float {
                value: value as f32 as f64,
                kind: FloatKind::Float,
            },
            (ConstValue::Int { value, .. }, Arith::Float(FloatKind::Double)) => ConstValue::Float {
                value: value as f64,
                kind: FloatKind::Double,
            },
            (ConstValue::Float { value, .. }, Arith::Int(k)) => {
                if k == IntKind::Bool {
                    ConstValue::int((value != 0.0) as i128, k)
                } else {
                    ConstValue::int(value.trunc() as i128, k)
                }
            }
            (ConstValue::Float { value, .. }, Arith::Float(FloatKind::Float)) => {
                ConstValue::Float {
                    value: value as f32 as f64,
                    kind: FloatKind::Float,
                }
            }
            (ConstValue::Float { value, .. }, Arith::Float(FloatKind::Double)) => {
                ConstValue::Float {
                    value,
                    kind: FloatKind::Double,
                }
            }
        }
    }
}

/// Why an expression is not a constant.
#[derive(Clone, Debug, PartialEq)]
pub enum ConstError {
    /// Not a constant expression; the span is the offending part.
    NotConstant(Span),
    /// Division or remainder by zero at the span.
    DivByZero(Span),
    /// Signed integer overflow (undefined behavior) in a constexpr evaluation.
    Overflow(Span, IntKind),
    /// A constexpr evaluation ran past its step or call-depth limit (at the span).
    TooComplex(Span),
    /// Something inside already reported its own diagnostic.
    Reported,
}

/// What the evaluator needs from the semantic context.
pub trait ConstEnv {
    /// The value of a name that denotes a constant (enumerator, `const` integer variable with
    /// a constant initializer), or `None`.
    fn lookup_const(&mut self, name: Symbol) -> Option<ConstValue>;
    /// The arithmetic type a cast names, or `None` (reported) if it is not arithmetic.
    fn cast_target(&mut self, ty: &TypeExpr<'_>) -> Result<Arith, ConstError>;
    fn sizeof_type(&mut self, ty: &TypeExpr<'_>) -> Result<u64, ConstError>;
    fn alignof_type(&mut self, ty: &TypeExpr<'_>) -> Result<u64, ConstError>;
    fn sizeof_expr(&mut self, e: &Expr<'_>) -> Result<u64, ConstError>;
    /// The rounding of a `float` literal from its source text (no double rounding).
    fn float_literal(&mut self, text: Symbol, value: f64) -> f32;
    /// The value of a qualified name that denotes a constant (`Op::Add`), or `None`.
    fn lookup_qual_const(&mut self, _name: &crate::ast::QualName<'_>) -> Option<ConstValue> {
        None
    }
    /// The value of a call of a constexpr function (`None` support: not a constant).
    fn call(
        &mut self,
        _callee: &Expr<'_>,
        _args: &[&Expr<'_>],
        span: Span,
    ) -> Result<ConstValue, ConstError> {
        Err(ConstError::NotConstant(span))
    }
    /// The value of an expression this evaluator does not handle itself (member access,
    /// indexing, assignments, increments, `this`, objects: the constexpr interpreter's).
    fn other(&mut self, e: &Expr<'_>) -> Result<ConstValue, ConstError> {
        Err(ConstError::NotConstant(e.span))
    }
}

/// Deepest expression nesting the evaluator follows before giving up (no stack overflow).
const MAX_DEPTH: u32 = 512;

/// Evaluates a constant expression.
pub fn eval(env: &mut dyn ConstEnv, e: &Expr<'_>) -> Result<ConstValue, ConstError> {
    eval_depth(env, e, 0)
}

fn eval_depth(env: &mut dyn ConstEnv, e: &Expr<'_>, depth: u32) -> Result<ConstValue, ConstError> {
    if depth > MAX_DEPTH {
        return Err(ConstError::NotConstant(e.span));
    }
    let d = depth + 1;
    let nc = || ConstError::NotConstant(e.span);
    Ok(match &e.kind {
        ExprKind::IntLit {
            value,
            suffix,
            decimal,
        } => {
            let k = literal_kind(*value, suffix.unsigned, suffix.longs, *decimal).ok_or_else(nc)?;
            ConstValue::int(*value as i128, k)
        }
        ExprKind::FloatLit {
            value,
            is_float,
            text,
        } => {
            if *is_float {
                ConstValue::Float {
                    value: env.float_literal(*text, *value) as f64,
                    kind: FloatKind::Float,
                }
            } else {
                ConstValue::Float {
                    value: *value,
                    kind: FloatKind::Double,
                }
            }
        }
        ExprKind::CharLit(c) => ConstValue::int(*c as i128, IntKind::Char),
        ExprKind::BoolLit(b) => ConstValue::int(*b as i128, IntKind::Bool),
        ExprKind::Ident(name) => env.lookup_const(*name).ok_or_else(nc)?,
        ExprKind::Name(q) => env.lookup_qual_const(q).ok_or_else(nc)?,
        ExprKind::Unary {
            op:
                UnaryOp::PreInc
                | UnaryOp::PreDec
                | UnaryOp::PostInc
                | UnaryOp::PostDec
                | UnaryOp::Deref
                | UnaryOp::AddrOf,
            ..
        } => env.other(e)?,
        ExprKind::Unary { op, expr } => {
            let v = eval_depth(env, expr, d)?;
            unary(*op, v).ok_or_else(nc)?
        }
        ExprKind::Binary { op, lhs, rhs } => match op {
            BinaryOp::LogAnd | BinaryOp::LogOr => {
                let l = eval_depth(env, lhs, d)?;
                let short = match op {
                    BinaryOp::LogAnd => l.is_zero(),
                    _ => !l.is_zero(),
                };
                if short {
                    ConstValue::int((*op == BinaryOp::LogOr) as i128, IntKind::Bool)
                } else {
                    let r = eval_depth(env, rhs, d)?;
                    ConstValue::int(!r.is_zero() as i128, IntKind::Bool)
                }
            }
            BinaryOp::Comma => env.other(e)?,
            _ => {
                let l = eval_depth(env, lhs, d)?;
                let r = eval_depth(env, rhs, d)?;
                binary(*op, l, r, e.span)?
            }
        },
        ExprKind::Cond { cond, then, els } => {
            let c = eval_depth(env, cond, d)?;
            // Only the chosen operand is evaluated (a recursive constexpr function's base
            // case must stop the recursion); the other gives the common type when it is
            // cheap to evaluate, i.e. holds no call.
            let (chosen, other) = if c.is_zero() {
                (els, then)
            } else {
                (then, els)
            };
            let v = eval_depth(env, chosen, d)?;
            let common = if contains_call(other, 0) {
                v.arith()
            } else {
                match eval_depth(env, other, d) {
                    Ok(o) => usual_arith(v.arith(), o.arith()),
                    Err(_) => v.arith(),
                }
            };
            v.convert(common)
        }
        ExprKind::Call { callee, args } => env.call(callee, args, e.span)?,
        ExprKind::Cast { ty, expr, .. } => {
            let to = env.cast_target(ty)?;
            eval_depth(env, expr, d)?.convert(to)
        }
        ExprKind::SizeofType(ty) => ConstValue::int(env.sizeof_type(ty)? as i128, IntKind::ULong),
        ExprKind::AlignofType(ty) => ConstValue::int(env.alignof_type(ty)? as i128, IntKind::ULong),
        ExprKind::SizeofExpr(x) => ConstValue::int(env.sizeof_expr(x)? as i128, IntKind::ULong),
        _ => env.other(e)?,
    })
}

/// True when `e` calls a function or has side effects (evaluating it may be expensive, not
/// terminate, or change the constexpr interpreter's objects).
/// The alignment an `__align__(n)`/`alignas(n)` argument gives: a power of two up to
/// 65536 (`None`: "alignment must be a power of two").
pub fn written_alignment(n: i128) -> Option<u64> {
    (n > 0 && n <= (1 << 16) && (n & (n - 1)) == 0).then_some(n as u64)
}

pub fn contains_call(e: &Expr<'_>, depth: u32) -> bool {
    if depth > MAX_DEPTH {
        return true;
    }
    let d = depth + 1;
    match &e.kind {
        ExprKind::Call { .. } | ExprKind::Assign { .. } | ExprKind::Construct { .. } => true,
        ExprKind::Unary {
            op: UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec,
            ..
        } => true,
        ExprKind::Member { base, .. } => contains_call(base, d),
        ExprKind::Index { base, index } => contains_call(base, d) || contains_call(index, d),
        ExprKind::Unary { expr, .. } | ExprKind::Cast { expr, .. } => contains_call(expr, d),
        ExprKind::Binary { lhs, rhs, .. } => contains_call(lhs, d) || contains_call(rhs, d),
        ExprKind::Cond { cond, then, els } => {
            contains_call(cond, d) || contains_call(then, d) || contains_call(els, d)
        }
        _ => false,
    }
}

/// A binary operator on two constants (compound assignment in constexpr functions).
pub fn binary_op(
    op: BinaryOp,
    l: ConstValue,
    r: ConstValue,
    span: Span,
) -> Result<ConstValue, ConstError> {
    binary(op, l, r, span)
}

/// A unary arithmetic operator on a constant (`None`: not applicable).
pub fn unary(op: UnaryOp, v: ConstValue) -> Option<ConstValue> {
    Some(match (op, v) {
        (UnaryOp::Plus, ConstValue::Int { value, kind }) => ConstValue::int(value, promote(kind)),
        (UnaryOp::Plus, f @ ConstValue::Float { .. }) => f,
        (UnaryOp::Neg, ConstValue::Int { value, kind }) => {
            ConstValue::int(value.wrapping_neg(), promote(kind))
        }
        (UnaryOp::Neg, ConstValue::Float { value, kind }) => ConstValue::Float {
            value: -value,
            kind,
        },
        (UnaryOp::BitNot, ConstValue::Int { value, kind }) => {
            ConstValue::int(!value, promote(kind))
        }
        (UnaryOp::LogNot, v) => ConstValue::int(v.is_zero() as i128, IntKind::Bool),
        _ => return None,
    })
}

fn binary(
    op: BinaryOp,
    l: ConstValue,
    r: ConstValue,
    span: Span,
) -> Result<ConstValue, ConstError> {
    use BinaryOp::*;
    // Shifts take the promoted left type; the right side is converted on its own.
    if matches!(op, Shl | Shr) {
        let (ConstValue::Int { value: a, kind }, ConstValue::Int { value: b, .. }) = (l, r) else {
            return Err(ConstError::NotConstant(span));
        };
        let k = promote(kind);
        if b < 0 || b >= k.bits() as i128 {
            return Err(ConstError::NotConstant(span));
        }
        let v = if op == Shl {
            a.wrapping_shl(b as u32)
        } else {
            a >> b
        };
        return Ok(ConstValue::int(v, k));
    }
    let common = usual_arith(l.arith(), r.arith());
    let (l, r) = (l.convert(common), r.convert(common));
    let cmp = |ord: Option<std::cmp::Ordering>| -> ConstValue {
        use std::cmp::Ordering::*;
        let t = match (op, ord) {
            (_, None) => op == Ne,
            (Lt, Some(o)) => o == Less,
            (Gt, Some(o)) => o == Greater,
            (Le, Some(o)) => o != Greater,
            (Ge, Some(o)) => o != Less,
            (Eq, Some(o)) => o == Equal,
            (Ne, Some(o)) => o != Equal,
            _ => false,
        };
        ConstValue::int(t as i128, IntKind::Bool)
    };
    Ok(match (l, r) {
        (ConstValue::Int { value: a, kind }, ConstValue::Int { value: b, .. }) => {
            let v = match op {
                Mul => a.wrapping_mul(b),
                Div | Rem => {
                    if b == 0 {
                        return Err(ConstError::DivByZero(span));
                    }
                    if op == Div {
                        a.wrapping_div(b)
                    } else {
                        a.wrapping_rem(b)
                    }
                }
                Add => a.wrapping_add(b),
                Sub => a.wrapping_sub(b),
                BitAnd => a & b,
                BitOr => a | b,
                BitXor => a ^ b,
                Lt | Gt | Le | Ge | Eq | Ne => return Ok(cmp(Some(a.cmp(&b)))),
                _ => return Err(ConstError::NotConstant(span)),
            };
            ConstValue::int(v, kind)
        }
        (ConstValue::Float { value: a, kind }, ConstValue::Float { value: b, .. }) => {
            let v = if kind == FloatKind::Float {
                let (x, y) = (a as f32, b as f32);
                (match op {
                    Mul => x * y,
                    Div => x / y,
                    Add => x + y,
                    Sub => x - y,
                    Lt | Gt | Le | Ge | Eq | Ne => return Ok(cmp(x.partial_cmp(&y))),
                    _ => return Err(ConstError::NotConstant(span)),
                }) as f64
            } else {
                match op {
                    Mul => a * b,
                    Div => a / b,
                    Add => a + b,
                    Sub => a - b,
                    Lt | Gt | Le | Ge | Eq | Ne => return Ok(cmp(a.partial_cmp(&b))),
                    _ => return Err(ConstError::NotConstant(span)),
                }
            };
            ConstValue::Float { value: v, kind }
        }
        _ => return Err(ConstError::NotConstant(span)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_ops_wrap_in_their_type() {
        let a = ConstValue::int(0x7fff_ffff, IntKind::Int);
        let one = ConstValue::int(1, IntKind::Int);
        assert_eq!(
            binary(BinaryOp::Add, a, one, Span::default()),
            Ok(ConstValue::int(-2147483648, IntKind::Int))
        );
        // -1 < 0u is false: -1 converts to UINT_MAX.
        let m1 = ConstValue::int(-1, IntKind::Int);
        let zu = ConstValue::int(0, IntKind::UInt);
        assert_eq!(
            binary(BinaryOp::Lt, m1, zu, Span::default()),
            Ok(ConstValue::int(0, IntKind::Bool))
        );
    }

    #[test]
    fn float_ops_round_in_single_precision() {
        let a = ConstValue::Float {
            value: 0.1f32 as f64,
            kind: FloatKind::Float,
        };
        let b = ConstValue::Float {
            value: 0.2f32 as f64,
            kind: FloatKind::Float,
        };
        let got = binary(BinaryOp::Add, a, b, Span::default()).unwrap();
        assert_eq!(
            got,
            ConstValue::Float {
                value: (0.1f32 + 0.2f32) as f64,
                kind: FloatKind::Float
            }
        );
    }

    #[test]
    fn division_by_zero_is_an_error() {
        let a = ConstValue::int(1, IntKind::Int);
        let z = ConstValue::int(0, IntKind::Int);
        assert_eq!(
            binary(BinaryOp::Div, a, z, Span::default()),
            Err(ConstError::DivByZero(Span::default()))
        );
    }
}
