//! Warnings for initializations that lose information, with nvcc's (EDG's) wording and
//! severity — nvcc reports all of them as warnings, not errors:
//!
//! - a constant integer that does not fit the destination integer type: `integer conversion
//!   resulted in a change of sign` when its bits fit the destination's width (`char c = 200;`,
//!   `unsigned u = -1;`), else `integer conversion resulted in truncation`
//!   (`char c = 300;`); in any initialization;
//! - in a braced initialization (C++ [dcl.init.list]/7), a narrowing conversion:
//!   `invalid narrowing conversion from "double" to "int"` (floating to integer, always;
//!   a wider floating type, an integer to floating, or an integer type whose values the
//!   destination cannot all hold, unless the source is a constant), and for a constant
//!   integer that a floating type cannot hold exactly `invalid narrowing conversion from
//!   "int" to "float": constant value cannot be represented exactly in destination type`.

use super::Lowerer;
use crate::ast::Expr;
use crate::sema::consteval::ConstValue;
use crate::sema::conv::{constant_int_loss, Arith};
use crate::sema::types::{FloatKind, IntKind, QualType, TypeKind};
use crate::source::Span;

impl Lowerer<'_> {
    /// Checks the initialization of an object of type `to` by `e` (of type `from`);
    /// `braced` for list-initialization.
    pub fn check_init_narrowing(
        &mut self,
        e: &Expr<'_>,
        from: QualType,
        to: QualType,
        braced: bool,
        span: Span,
    ) {
        let (Some(fa), Some(ta)) = (self.plain_arith(from), self.plain_arith(to)) else {
            return;
        };
        let constant = if matches!(fa, Arith::Int(_)) || braced {
            // Only a constant initializer is checked; evaluating anything else (a call of
            // a function that is not constexpr) must leave no diagnostic behind.
            self.quietly(|l| crate::sema::consteval::eval(l, e).ok())
        } else {
            None
        };
        match (fa, ta, constant) {
            (Arith::Int(_), Arith::Int(tk), Some(ConstValue::Int { value, .. })) => {
                if let Some(msg) = constant_int_loss(value, tk) {
                    self.warning(span, msg);
                }
            }
            (Arith::Int(fk), Arith::Int(tk), None) if braced && !int_range_within(fk, tk) => {
                self.narrowing(from, to, "", span)
            }
            (Arith::Float(_), Arith::Int(_), _) if braced => self.narrowing(from, to, "", span),
            (Arith::Float(FloatKind::Double), Arith::Float(FloatKind::Float), None) if braced => {
                self.narrowing(from, to, "", span)
            }
            (Arith::Int(_), Arith::Float(tk), c) if braced => match c {
                None => self.narrowing(from, to, "", span),
                Some(ConstValue::Int { value, .. }) if !exact_in_float(value, tk) => self
                    .narrowing(
                        from,
                        to,
                        ": constant value cannot be represented exactly in destination type",
                        span,
                    ),
                _ => {}
            },
            _ => {}
        }
    }

    /// The arithmetic kind of a plain integer or floating type (not an enum).
    fn plain_arith(&self, t: QualType) -> Option<Arith> {
        match self.types.kind(t.ty) {
            TypeKind::Enum(_) => None,
            _ => self.arith_of(t.ty),
        }
    }

    fn narrowing(&mut self, from: QualType, to: QualType, tail: &str, span: Span) {
        let msg = format!(
            "invalid narrowing conversion from \"{}\" to \"{}\"{tail}",
            nvcc_type_name(self.show(from.unqual())),
            nvcc_type_name(self.show(to.unqual()))
        );
        self.warning(span, msg);
    }
}

/// nvcc spells `bool` `__nv_bool` in these messages.
fn nvcc_type_name(s: String) -> String {
    if s == "bool" {
        "__nv_bool".to_string()
    } else {
        s
    }
}

/// Every value of integer kind `f` is a value of kind `t` (a conversion to `bool` from
/// another type never is).
fn int_range_within(f: IntKind, t: IntKind) -> bool {
    if t == IntKind::Bool {
        return f == IntKind::Bool;
    }
    if f == IntKind::Bool {
        return true;
    }
    match (f.signed(), t.signed()) {
        (true, true) | (false, false) => f.bits() <= t.bits(),
        (false, true) => f.bits() < t.bits(),
        (true, false) => false,
    }
}

/// The integer `v` is exactly a value of floating kind `t`.
fn exact_in_float(v: i128, t: FloatKind) -> bool {
    let mantissa = match t {
        FloatKind::Float => 24,
        FloatKind::Double => 53,
    };
    let m = v.unsigned_abs();
    if m == 0 {
        return true;
    }
    let significant = 128 - m.leading_zeros() - m.trailing_zeros();
    significant <= mantissa
}
