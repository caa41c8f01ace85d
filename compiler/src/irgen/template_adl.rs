//! Function templates found by argument-dependent lookup ([basic.lookup.argdep]): an
//! unqualified call `dot(a, b)` whose arguments are of class `la::Vec<float>` also considers
//! the function templates named `dot` of namespace `la`, and the friend function templates
//! defined in the associated classes (hidden friend templates,
//! `template <class U> friend T mix(Box a, U u) { … }`).
//!
//! The templates found (ordinary lookup's and ADL's together) form one ad-hoc overload set
//! (`TemplateState::adl_sets`, cached by its members) from which the usual deduction picks
//! an instance; the ordinary functions found compete with it in overload resolution (the
//! template loses ties). A hidden friend template is a namespace-scope template of the
//! class's namespace (nvcc mangles `_ZN2la3mixIdEEiNS_3BoxIiEET_`) that remembers the class
//! template instance's bindings, so its signature and body see `T` and the injected class
//! name `Box`.

use super::template::{FnTemplate, TArg};
use super::{Binding, Lowerer, Tag};
use crate::ast;
use crate::intern::Symbol;
use crate::sema::types::{QualType, RecordId};

/// A friend function template defined in a class.
#[derive(Clone)]
pub(crate) struct FriendTpl<'x> {
    /// The class that defines (befriends) it.
    pub record: RecordId,
    /// The enclosing class template instance's parameters and arguments, if any.
    #[allow(clippy::type_complexity)]
    pub outer: Option<(&'x [ast::TemplateParam<'x>], Vec<TArg>)>,
}

/// True for `template <…> friend R f(…) { … }` in a class body.
pub(crate) fn is_friend_template(td: &ast::TemplateDecl<'_>) -> bool {
    matches!(&td.decl, ast::Decl::Function(fd) if fd.method.is_friend)
}

impl<'x> Lowerer<'x> {
    /// Records the friend function templates `tds` defined in class `r`.
    pub(super) fn declare_hidden_friend_templates(
        &mut self,
        r: RecordId,
        tds: &[&ast::TemplateDecl<'_>],
    ) {
        for &td in tds {
            let td = super::template_member::template_decl_for(td);
            let ast::Decl::Function(fd) = &td.decl else {
                continue;
            };
            let fd: &'x ast::FunctionDecl<'x> = fd;
            let ns = self
                .adl
                .record_ns
                .get(&r)
                .copied()
                .unwrap_or_else(|| self.decl_ns());
            let idx = self.templates.fns.len() as u32;
            self.templates.fns.push(FnTemplate {
                params: td.params,
                decl: fd,
                member: None,
                ns,
                friend: Some(FriendTpl {
                    record: r,
                    outer: self.templates.defining.clone(),
                }),
            });
            self.adl.names.insert(fd.name);
            self.class_data(r).hidden_friend_templates.push(idx);
        }
    }

    /// Inside the instantiation of template `tpl`: when it is a hidden friend template,
    /// binds its class's template parameters and the class's name (the befriending class,
    /// whose private members the friend may use).
    pub(super) fn bind_friend_outer(&mut self, tpl: u32) {
        let Some(fr) = self.templates.fns[tpl as usize].friend.clone() else {
            return;
        };
        match &fr.outer {
            Some((p, a)) => self.bind_template_params(p, a),
            None => self.bind_record_template_params(fr.record),
        }
        if let Some(name) = self.types.record(fr.record).name {
            self.scopes.bind_tag(name, Tag::Record(fr.record));
        }
    }

    /// Runs `f` with the namespace of function template `tpl` open (and, for a hidden
    /// friend template, its class's bindings), as its declared signature needs.
    pub(super) fn in_template_scope<R>(&mut self, tpl: u32, f: impl FnOnce(&mut Self) -> R) -> R {
        let ns = self.templates.fns[tpl as usize].ns;
        self.with_ns_open(ns, |l| {
            let saved = l.friend_of;
            if let Some(r) = l.friend_template_class(tpl) {
                l.friend_of = Some(r);
                l.bind_friend_outer(tpl);
            }
            let out = f(l);
            l.friend_of = saved;
            out
        })
    }

    /// The class whose hidden friend template `tpl` is, if it is one.
    pub(super) fn friend_template_class(&self, tpl: u32) -> Option<RecordId> {
        self.templates.fns[tpl as usize]
            .friend
            .as_ref()
            .map(|f| f.record)
    }

    /// The function templates named `name` that ADL finds for arguments of types `args`:
    /// those of the associated namespaces, then the associated classes' hidden friends.
    pub(super) fn adl_templates(&self, name: Symbol, args: &[QualType]) -> Vec<u32> {
        let assoc = self.associated(args);
        let mut out = Vec::new();
        for &ns in &assoc.namespaces {
            if let Some(Binding::FnTemplate(set)) = self.ns_binding(ns, name) {
                for &t in &self.templates.sets[set as usize] {
                    if self.templates.fns[t as usize].member.is_none() && !out.contains(&t) {
                        out.push(t);
                    }
                }
            }
        }
        for r in &assoc.classes {
            if let Some(d) = self.classes.get(r) {
                for &t in &d.hidden_friend_templates {
                    if self.templates.fns[t as usize].decl.name == name && !out.contains(&t) {
                        out.push(t);
                    }
                }
            }
        }
        out
    }

    /// The overload set made of templates `tpls` (created once per distinct list).
    pub(super) fn adl_template_set(&mut self, tpls: Vec<u32>) -> u32 {
        if let Some(&s) = self.templates.adl_sets.get(&tpls) {
            return s;
        }
        let s = self.templates.sets.len() as u32;
        self.templates.sets.push(tpls.clone());
        self.templates.adl_sets.insert(tpls, s);
        s
    }
}
