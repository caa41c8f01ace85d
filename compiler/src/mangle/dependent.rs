//! The dependent parts of a function template's declared signature, as nvcc mangles them:
//! member types of dependent types (`typename rr<T>::type` → `N2rrIT_E4typeE`), arrays with
//! dependent bounds (`A T_ _`), template template parameters applied to arguments
//! (`T0_IS1_E`), `decltype` of dependent expressions (`DTplfp_fp0_E`) and the expressions
//! themselves (`X … E` template arguments: operators `plT_Li1E`, `sizeof` `stT_`,
//! `sizeof...` `sZT_`, static members of dependent classes `sr…`).
//!
//! Substitutions, as measured on nvcc's names: a dependent member type and each dependent
//! prefix of it are candidates (`NT_5inner10value_typeE` then `S2_` for `T::inner`); a
//! template parameter written as a TYPE inside an expression (`stT_`, the arguments in
//! `sr3std17is_floating_pointIT_EE5value`) is a candidate, but a non-type parameter as an
//! expression (`T_` in `RAT0__`) is not, nor are the names in an `sr` qualifier (the
//! later `PSt17is_floating_pointIS1_E` is spelled out).

use super::mangler::{base36, Mangler};
use super::names::operator_code;
use crate::sema::entity::{ScopeComponent, TemplateArg, TemplateExpr};
use crate::sema::types::{QualType, TypeKind};

/// `T_`, `T0_`, `T1_`, … for template parameter `i`.
pub(super) fn template_param_text(i: u32) -> String {
    if i == 0 {
        "T_".to_string()
    } else {
        format!("T{}_", base36(i as usize - 1))
    }
}

impl Mangler<'_> {
    /// `N <prefix of scope> <name> E` (the caller handles the candidate of the whole).
    pub(super) fn dependent_member(&mut self, scope: QualType, name: &str) {
        self.out.push('N');
        self.dependent_prefix(scope);
        self.source_name(name);
        self.out.push('E');
    }

    /// The type `scope` as the prefix of a dependent name, registering its candidates.
    fn dependent_prefix(&mut self, scope: QualType) {
        match self.types.kind(scope.ty).clone() {
            TypeKind::Record(r) => {
                let mut full = self.types.record(r).scope.clone();
                full.push(ScopeComponent::Record(r));
                self.prefix(&full, 0);
            }
            TypeKind::DependentMember { scope: inner, name } => {
                let key = self.type_key(scope.unqual());
                if self.try_substitute(&key) {
                    return;
                }
                self.dependent_prefix(inner);
                let name = self.interner.resolve(name);
                self.source_name(name);
                self.add_candidate(key);
            }
            _ => self.qual_type(scope.unqual()),
        }
    }

    /// `C<args>` for template template parameter `param`: `T_ I … E`, the parameter
    /// being a candidate of its own (the caller registers the whole).
    pub(super) fn template_template_app(&mut self, param: u32, args: &[TemplateArg]) {
        let key = format!("#T{param}");
        if !self.try_substitute(&key) {
            self.out.push_str(&template_param_text(param));
            self.add_candidate(key);
        }
        self.template_args(args);
    }

    /// An expression as it appears in `X … E`, an array bound or `DT … E`.
    pub(super) fn expression(&mut self, e: &TemplateExpr) {
        match e {
            TemplateExpr::Param(i) => self.out.push_str(&template_param_text(*i)),
            TemplateExpr::Literal { ty, value } => self.template_arg(&TemplateArg::Value {
                ty: *ty,
                value: *value,
            }),
            TemplateExpr::Unary(op, x) => {
                self.out.push_str(operator_code(*op));
                self.expression(x);
            }
            TemplateExpr::Binary(op, a, b) => {
                self.out.push_str(operator_code(*op));
                self.expression(a);
                self.expression(b);
            }
            TemplateExpr::Conditional(c, a, b) => {
                self.out.push_str("qu");
                self.expression(c);
                self.expression(a);
                self.expression(b);
            }
            TemplateExpr::SizeofType(t) => {
                self.out.push_str("st");
                self.qual_type(*t);
            }
            TemplateExpr::SizeofPack(i) => {
                self.out.push_str("sZ");
                self.out.push_str(&template_param_text(*i));
            }
            TemplateExpr::StaticMember { scope, name } => {
                self.out.push_str("sr");
                self.unresolved_scope(*scope);
                let name = self.interner.resolve(*name);
                self.source_name(name);
            }
            TemplateExpr::FunctionParam(i) => {
                self.out.push_str("fp");
                if *i > 0 {
                    self.out.push_str(&(i - 1).to_string());
                }
                self.out.push('_');
            }
        }
    }

    /// The qualifier of an `sr` name: a template parameter (`T_`), a class template
    /// instance spelled out level by level and closed by `E` (`3std17is_floating_pointIT_EE`),
    /// or a dependent member (`N T_ 5inner E`).
    fn unresolved_scope(&mut self, scope: QualType) {
        match self.types.kind(scope.ty).clone() {
            TypeKind::Record(r) => {
                let info = self.types.record(r);
                let levels = info.scope.clone();
                for c in &levels {
                    match c {
                        ScopeComponent::Namespace(s) => {
                            let s = self.interner.resolve(*s);
                            self.source_name(s);
                        }
                        ScopeComponent::Record(outer) => self.simple_id(*outer),
                        _ => {}
                    }
                }
                self.simple_id(r);
                self.out.push('E');
            }
            TypeKind::DependentMember { .. } => {
                let mut names = Vec::new();
                let mut base = scope;
                while let TypeKind::DependentMember { scope: s, name } =
                    self.types.kind(base.ty).clone()
                {
                    names.push(name);
                    base = s;
                }
                self.out.push('N');
                self.qual_type(base.unqual());
                for n in names.iter().rev() {
                    let n = self.interner.resolve(*n);
                    self.source_name(n);
                }
                self.out.push('E');
            }
            _ => self.qual_type(scope.unqual()),
        }
    }

    /// A class as one level of an unresolved name: its name and template arguments, no
    /// candidates for either.
    fn simple_id(&mut self, r: crate::sema::types::RecordId) {
        let info = self.types.record(r);
        let name = info
            .name
            .map(|n| self.interner.resolve(n).to_string())
            .unwrap_or_else(|| "_anon".to_string());
        let args = info.template_args.clone();
        self.source_name(&name);
        if let Some(args) = args {
            self.template_args(&args);
        }
    }
}
