//! The `C` inline-asm constraint: an input operand that names a variable of type "array of
//! `const char`" with static storage and a constant initializer, whose characters (up to
//! the first NUL) are pasted into the template in place of `%N`, as `n` pastes a number.
//!
//! nvcc's rules, found by compiling probes with nvcc 13: the operand must evaluate to the
//! address of such a variable (`op`, `ns::op`, `S::op`, `&op[0]`, `op + 1`: nvcc pastes the
//! whole variable for each of these, whatever the offset); a pointer variable or a string
//! literal is "did not evaluate to the address of a variable"; another element type is
//! "unsupported type"; a non-static local is "could not be folded"; a scalar is the usual
//! size mismatch; a modifier (`=C`, `+C`) is an error of its own. The variable itself is
//! not emitted for this use (nvcc's PTX has no copy of it).

use super::{Binding, Lowerer, Storage, VarId};
use crate::ast::{AsmOperand, BinaryOp, Expr, ExprKind, UnaryOp};
use crate::sema::consteval::{self, ConstValue};
use crate::sema::types::{FloatKind, IntKind, QualType, Qualifiers, TypeKind};

impl Lowerer<'_> {
    /// The text a `C` input operand stands for, or `None` after reporting why it has none.
    pub(super) fn asm_c_text(&mut self, o: &AsmOperand<'_>) -> Option<String> {
        let Some(v) = self.asm_c_variable(o.expr) else {
            // A scalar constant is a size mismatch in nvcc's words; anything else (a
            // pointer, a string literal, a call) has no variable behind it.
            let msg = match consteval::eval(self, o.expr) {
                Ok(ConstValue::Int { kind, .. }) => format!(
                    "asm operand type size({}) does not match type/size implied by constraint 'C'",
                    kind.bits().div_ceil(8)
                ),
                Ok(ConstValue::Float { kind, .. }) => format!(
                    "asm operand type size({}) does not match type/size implied by constraint 'C'",
                    if kind == FloatKind::Float { 4 } else { 8 }
                ),
                Err(_) => "The constant-expression for the 'C' constraint did not evaluate to the address of a variable".to_string(),
            };
            self.error(o.expr.span, msg);
            return None;
        };
        let info = self.var(v).clone();
        let name = self.name(info.name).to_string();
        // A constexpr variable's type is its image's (the bound completed from the
        // initializer); constexpr and a read-only module variable imply `const`.
        let image_ty = self.cx.images.get(&v).map(|(t, _)| *t);
        let implied_const = image_ty.is_some()
            || matches!(info.storage, Storage::Global(g, _) if self.module.globals[g].read_only);
        let ty = image_ty.unwrap_or(info.ty);
        let (elem_ok, shown) = match self.types.kind(ty.ty).clone() {
            TypeKind::Array { elem, len } => {
                let konst = elem.quals.konst || ty.quals.konst || implied_const;
                let elem = elem.with_quals(Qualifiers {
                    konst,
                    ..elem.quals
                });
                let shown = QualType::new(self.types.array_of(elem, len));
                let is_char = matches!(self.types.kind(elem.ty), TypeKind::Int(IntKind::Char));
                (konst && is_char, shown)
            }
            _ => (false, ty),
        };
        if !elem_ok {
            let shown = self.show(shown);
            self.error(
                o.expr.span,
                format!(
                    "The constant-expression for the 'C' constraint evaluated to the address of a variable (\"{name}\") with unsupported type (\"{shown}\") (expected variable to have type 'array of const char')"
                ),
            );
            return None;
        }
        if matches!(info.storage, Storage::Local(_) | Storage::ParamByVal(_)) {
            self.error(
                o.expr.span,
                "The expression for the 'C' constraint could not be folded, ensure that it is a constant expression",
            );
            return None;
        }
        let Some(bytes) = self.asm_c_bytes(v, &info.storage) else {
            self.error(
                o.expr.span,
                format!(
                    "The constant-expression for the 'C' constraint evaluated to the address of a variable (\"{name}\") without constant initialization"
                ),
            );
            return None;
        };
        // nvcc's text ends at the first NUL (its template is a C string from there on).
        let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
        match std::str::from_utf8(&bytes[..end]) {
            Ok(s) => Some(s.to_string()),
            Err(_) => {
                self.error(o.expr.span, "the asm template is not valid UTF-8");
                None
            }
        }
    }

    /// The variable whose address the operand is: a name, `&a[i]`, `a + i`, `i + a`.
    fn asm_c_variable(&mut self, e: &Expr<'_>) -> Option<VarId> {
        match &e.kind {
            ExprKind::Unary {
                op: UnaryOp::AddrOf,
                expr,
            } => match &expr.kind {
                ExprKind::Index { base, .. } => self.asm_c_array(base),
                _ => self.asm_c_array(expr),
            },
            ExprKind::Binary {
                op: BinaryOp::Add | BinaryOp::Sub,
                lhs,
                rhs,
            } => self.asm_c_array(lhs).or_else(|| self.asm_c_array(rhs)),
            _ => self.asm_c_array(e),
        }
    }

    /// The variable `e` names when it has array type (which decays to its address; a
    /// pointer variable is not "the address of a variable" for nvcc).
    fn asm_c_array(&mut self, e: &Expr<'_>) -> Option<VarId> {
        let b = match &e.kind {
            ExprKind::Ident(n) => self.lookup_ordinary(*n),
            ExprKind::Name(q) => self.lookup_qualified(q),
            _ => None,
        };
        let Some(Binding::Var(v)) = b else {
            return None;
        };
        matches!(self.types.kind(self.var(v).ty.ty), TypeKind::Array { .. }).then_some(v)
    }

    /// The initial bytes of a variable with a constant initializer: the constexpr image, or
    /// the module variable's initializer.
    fn asm_c_bytes(&self, v: VarId, storage: &Storage) -> Option<Vec<u8>> {
        if let Some((_, img)) = self.cx.images.get(&v) {
            return Some(img.to_vec());
        }
        if let Some(b) = self.cx.const_strings.get(&v) {
            return Some(b.to_vec());
        }
        match storage {
            Storage::Global(g, _) => self.module.globals[*g].init.clone(),
            _ => None,
        }
    }

    /// The bytes of `const char s[N] = "…"` (a host variable of const `char` array type
    /// initialized by a string literal), zero-padded to its bound.
    pub(super) fn const_string_bytes(
        &mut self,
        ty: QualType,
        vd: &crate::ast::VarDecl<'_>,
    ) -> Option<std::rc::Rc<[u8]>> {
        let Some(crate::ast::Init::Expr(Expr {
            kind: ExprKind::StrLit(b),
            ..
        })) = &vd.init
        else {
            return None;
        };
        let init = vd.init.as_ref()?;
        let ty = self.complete_array_from_init(ty, init);
        let TypeKind::Array { elem, len: Some(n) } = self.types.kind(ty.ty).clone() else {
            return None;
        };
        if !(elem.quals.konst || ty.quals.konst) || self.is_char_array(ty).is_none() {
            return None;
        }
        let mut bytes = b.to_vec();
        bytes.resize(n as usize, 0);
        Some(bytes.into())
    }
}
