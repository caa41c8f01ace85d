//! Constexpr variables of class and array type (namespace scope, `static constexpr` data
//! members, locals): their initializers are evaluated by the constexpr interpreter into
//! byte images kept in `Lowerer::cx`, so constant expressions read them (`T.v[3]`,
//! `S::table.v[i]` inside constexpr functions). Device code may use a host constexpr
//! object outside constant expressions only where the access folds to a constant: member
//! accesses (`p.a`) of any, subscripts (`S::t.v[1]`) only of `static constexpr` members
//! (nvcc's rules, checked with nvcc; otherwise "identifier "T" is undefined in device
//! code"). A local one is also a real object, initialized by stores of its image.

use super::constexpr_mem::CxVal;
use super::expr::Operand;
use super::{Binding, Lowerer, Storage, VarId};
use crate::ast::{self, Expr, ExprKind};
use crate::sema::consteval::ConstValue;
use crate::sema::types::{QualType, TypeKind};
use crate::source::Span;
use oxicc_ir::Value;

impl Lowerer<'_> {
    /// Evaluates the initializer of constexpr variable `v` of class or array type and keeps
    /// its image (reports why when it is not a constant). Returns the image.
    pub fn constexpr_var_image(
        &mut self,
        v: VarId,
        ty: QualType,
        vd: &ast::VarDecl<'_>,
    ) -> Option<std::rc::Rc<[u8]>> {
        let span = match &vd.init {
            Some(ast::Init::Expr(e)) => e.span,
            Some(ast::Init::List { span, .. }) => *span,
            None => vd.span,
        };
        // `constexpr char s[] = "…"`: the bound comes from the initializer.
        let ty = match &vd.init {
            Some(init) => self.complete_array_from_init(ty, init),
            None => ty,
        };
        match self.constexpr_object(ty, vd.init.as_ref(), span) {
            Ok(b) => {
                let img: std::rc::Rc<[u8]> = b.into();
                self.cx.images.insert(v, (ty, img.clone()));
                Some(img)
            }
            Err(err) => {
                self.report_const_error(span, err);
                None
            }
        }
    }

    /// True for a `constexpr` (or `const`) variable declaration whose type is a class or an
    /// array: its value is computed at compile time.
    pub fn is_constexpr_object(&self, ty: QualType, vd: &ast::VarDecl<'_>) -> bool {
        vd.specs.is_constexpr && vd.init.is_some() && self.cx_is_object(ty)
    }

    /// A local `constexpr` object in device code: its image, then stores of its scalars
    /// into the local's slot.
    pub fn constexpr_local(&mut self, v: VarId, slot: Value, ty: QualType, vd: &ast::VarDecl<'_>) {
        let Some(img) = self.constexpr_var_image(v, ty, vd) else {
            return;
        };
        self.store_image(slot, ty, &img, 0);
    }

    /// Stores the scalars of `img` (an object of type `ty` at offset `off` of the image)
    /// at `addr`.
    fn store_image(&mut self, addr: Value, ty: QualType, img: &[u8], off: u64) {
        match self.types.kind(ty.ty).clone() {
            TypeKind::Array { elem, len } => {
                let size = self.types.size_of(elem.ty).unwrap_or(0);
                for i in 0..len.unwrap_or(0) {
                    let a = self.ptr_add_const(addr, i * size);
                    self.store_image(a, elem, img, off + i * size);
                }
            }
            TypeKind::Record(r) => {
                let info = self.types.record(r);
                let union = info.kind == ast::TagKind::Union;
                let mut fields = info.fields.clone();
                if union {
                    // The largest member covers the bytes that were written.
                    fields.sort_by_key(|f| std::cmp::Reverse(self.types.size_of(f.ty.ty)));
                    fields.truncate(1);
                }
                for f in fields {
                    let a = self.ptr_add_const(addr, f.offset);
                    self.store_image(a, f.ty, img, off + f.offset);
                }
            }
            _ => {
                let size = self.types.size_of(ty.ty).unwrap_or(0);
                let Some(bytes) = img.get(off as usize..(off + size) as usize) else {
                    return;
                };
                let Ok(v) = self.cx_decode(bytes, ty, Span::default()) else {
                    return;
                };
                let vt = self.val_type(ty.ty);
                let val = match v {
                    ConstValue::Int { value, .. } => self.iconst(vt, value),
                    ConstValue::Float { value, .. } => self.fconst(vt, value),
                };
                self.store_scalar(addr, val, ty.unqual());
            }
        }
    }

    /// `T.v[3]`, `S::table.v[1]` in device code, where `T` is a host constexpr object: the
    /// constant the access folds to (`None`: not such an access, or not a constant).
    pub fn fold_host_constexpr_access(&mut self, e: &Expr<'_>) -> Option<Operand> {
        if self.cx.images.is_empty()
            || !matches!(e.kind, ExprKind::Member { .. } | ExprKind::Index { .. })
        {
            return None;
        }
        // The root of the access path must name a host constexpr object.
        let mut root = e;
        let mut indexed = false;
        loop {
            match &root.kind {
                ExprKind::Member {
                    base, arrow: false, ..
                } => root = base,
                ExprKind::Index { base, .. } => {
                    indexed = true;
                    root = base
                }
                _ => break,
            }
        }
        let b = match &root.kind {
            ExprKind::Ident(n) => self.lookup_ordinary(*n),
            ExprKind::Name(q) => self.lookup_qualified(q),
            _ => None,
        };
        let Some(Binding::Var(v)) = b else {
            return None;
        };
        // nvcc folds member accesses of any host constexpr object, subscripts only of
        // `static constexpr` members.
        let foldable = !indexed || self.cx.members.contains(&v);
        if !matches!(self.var(v).storage, Storage::Host)
            || !foldable
            || !self.cx.images.contains_key(&v)
        {
            return None;
        }
        let span = e.span;
        let v = self
            .cx_root(span, |env| {
                let x = env.operand(e)?;
                match x {
                    CxVal::Scalar(_) | CxVal::Ref(_) => env.scalar_of(x, span),
                    _ => Err(crate::sema::consteval::ConstError::NotConstant(span)),
                }
            })
            .ok()?;
        let t = self.cx_type_of_scalar(v);
        let vt = self.val_type(t.ty);
        let val = match v {
            ConstValue::Int { value, .. } => self.iconst(vt, value),
            ConstValue::Float { value, .. } => self.fconst(vt, value),
        };
        Some(Operand::rv(val, t))
    }
}
