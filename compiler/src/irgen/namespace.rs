//! Declaration contexts of the lowering: namespaces (nested, anonymous, inline, reopened),
//! using-directives and using-declarations, and the lookup of plain and qualified names
//! through them (CXX-DESIGN decision 5).
//!
//! Namespace `0` is the global namespace; its names live in the file scope of
//! `Lowerer::scopes` as in C. While a namespace body is lowered its names are one scope level
//! of `scopes` (so unqualified lookup from inside finds them, innermost first, and the C code
//! that binds names keeps working unchanged); when the body closes the level's bindings go
//! back into the namespace's table, and reopening the namespace pushes them again.
//! Anonymous and inline namespaces also export their names to the enclosing namespace.
//! Unqualified lookup: block scopes and open namespace levels (innermost first), then the
//! members of the current class (see `class.rs`), then the using-directives of the open
//! namespaces.

use super::{Binding, Lowerer, Tag};
use crate::ast::{self, NameSeg, QualName};
use crate::intern::Symbol;
use crate::sema::entity::ScopeComponent;
use crate::sema::types::RecordId;
use crate::source::Span;
use hashbrown::HashMap;

/// Index of a namespace in `Namespaces::ctxs` (0: the global namespace).
pub(crate) type NsId = usize;

/// One namespace.
#[derive(Default)]
pub(crate) struct NsCtx {
    /// Its mangling scope (empty for the global namespace).
    pub path: Vec<ScopeComponent>,
    /// Its names while it is closed (while open they are a level of `Lowerer::scopes`).
    pub names: HashMap<Symbol, Binding>,
    pub tags: HashMap<Symbol, Tag>,
    pub children: HashMap<Symbol, NsId>,
    pub anon_child: Option<NsId>,
    /// Namespaces named by using-directives in it.
    pub usings: Vec<NsId>,
    /// The scope level holding its names while its body is being lowered.
    pub open_level: Option<usize>,
    /// The enclosing namespace (`None` for the global namespace).
    pub parent: Option<NsId>,
    /// How many `in_decl_context` levels were active (`Lowerer::outer_blocks.len()`) when
    /// it was opened: once more are active, its scope level is in
    /// `outer_blocks[open_gen]`, not on the stack.
    pub open_gen: usize,
}

/// All namespaces and which are open (outermost first).
pub(crate) struct Namespaces {
    pub ctxs: Vec<NsCtx>,
    pub open: Vec<NsId>,
    /// The namespace each class template (`TemplateState::classes`) was declared in: its
    /// instances are defined there.
    pub class_template_ns: HashMap<u32, NsId>,
    /// `using namespace N;` in blocks: the block's scope id (`Scopes::scope_id`) and N.
    pub block_usings: Vec<(u64, NsId)>,
}

impl Default for Namespaces {
    fn default() -> Self {
        let global = NsCtx {
            open_level: Some(0),
            ..NsCtx::default()
        };
        Namespaces {
            ctxs: vec![global],
            open: vec![0],
            class_template_ns: HashMap::new(),
            block_usings: Vec::new(),
        }
    }
}

/// What the qualifier of a qualified name denotes.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Qualifier {
    Ns(NsId),
    Class(RecordId),
}

impl<'x> Lowerer<'x> {
    /// The innermost open namespace.
    pub fn cur_ns(&self) -> NsId {
        *self.ns.open.last().unwrap_or(&0)
    }

    /// The mangling scope of declarations made here: the open namespaces, then the class
    /// whose members are being declared, if any.
    pub fn cur_scope_path(&self) -> Vec<ScopeComponent> {
        if let Some(r) = self.declaring_class {
            return crate::sema::entity::FunctionEntity::member_scope(&self.types, r);
        }
        if let Some(f) = &self.f {
            // A local class: its names are local to the enclosing function.
            let e = self.function_entity(f.fn_id);
            return vec![ScopeComponent::Function(std::rc::Rc::new(e))];
        }
        self.ns.ctxs[self.decl_ns()].path.clone()
    }

    /// The namespace new declarations belong to: the declaring namespace of the template
    /// instance being defined (`Lowerer::decl_ns`), else the innermost open one.
    pub fn decl_ns(&self) -> NsId {
        self.decl_ns.unwrap_or_else(|| self.cur_ns())
    }

    /// Inside `in_decl_context`, the namespaces enclosing the declaration being lowered are
    /// no longer levels of the scope stack: the chain to search, innermost first (empty
    /// outside `in_decl_context`, where the open namespaces are scope levels).
    fn decl_context_chain(&self) -> Vec<NsId> {
        if self.outer_blocks.is_empty() && self.decl_ns.is_none() {
            return Vec::new();
        }
        let mut chain = Vec::new();
        let mut ns = Some(self.decl_ns());
        while let Some(n) = ns {
            if n == 0 {
                break;
            }
            chain.push(n);
            ns = self.ns.ctxs[n].parent;
        }
        chain
    }

    /// `name` among the namespaces enclosing the declaration being lowered in
    /// `in_decl_context` (and their using-directives), innermost first.
    fn lookup_decl_context(&self, name: Symbol) -> Option<Binding> {
        let mut seen = Vec::new();
        for ns in self.decl_context_chain() {
            if let Some(b) = self.ns_member(ns, name, &mut seen) {
                return Some(b);
            }
        }
        None
    }

    /// A tag by unqualified C++ lookup: block and file scopes, the namespaces of the
    /// declaration being lowered in `in_decl_context`, then the using-directives of the
    /// open namespaces (`using namespace geo; C c;`).
    pub fn lookup_tag_cxx(&self, name: Symbol) -> Option<Tag> {
        let depth = self.scopes.depth();
        if let Some(t) = self.scopes.lookup_tag_in(1, depth, name) {
            return Some(*t);
        }
        for ns in self.decl_context_chain() {
            if let Some(t) = self.ns_tag(ns, name) {
                return Some(t);
            }
        }
        if let Some(t) = self.scopes.lookup_tag_in(0, 1, name) {
            return Some(*t);
        }
        let mut seen = Vec::new();
        for &(id, u) in self.ns.block_usings.iter().rev() {
            if self.scopes.is_live(id) {
                if let Some(t) = self.ns_tag_member(u, name, &mut seen) {
                    return Some(t);
                }
            }
        }
        for i in (0..self.ns.open.len()).rev() {
            let ns = self.ns.open[i];
            for &u in &self.ns.ctxs[ns].usings {
                if let Some(t) = self.ns_tag_member(u, name, &mut seen) {
                    return Some(t);
                }
            }
        }
        None
    }

    /// Tag `name` in namespace `ns` or the namespaces it uses.
    fn ns_tag_member(&self, ns: NsId, name: Symbol, seen: &mut Vec<NsId>) -> Option<Tag> {
        if seen.contains(&ns) {
            return None;
        }
        seen.push(ns);
        if let Some(t) = self.ns_tag(ns, name) {
            return Some(t);
        }
        self.ns.ctxs[ns]
            .usings
            .iter()
            .find_map(|&u| self.ns_tag_member(u, name, seen))
    }

    /// `namespace N { … }`.
    pub fn lower_namespace(&mut self, nd: &'x ast::NamespaceDecl<'x>) {
        if self.in_function() {
            self.error(nd.span, "a namespace definition is not allowed here");
            return;
        }
        let parent = self.cur_ns();
        let existing = match nd.name {
            Some(n) => self.ns.ctxs[parent].children.get(&n).copied(),
            None => self.ns.ctxs[parent].anon_child,
        };
        let id = existing.unwrap_or_else(|| {
            let mut path = self.ns.ctxs[parent].path.clone();
            path.push(match nd.name {
                Some(n) => ScopeComponent::Namespace(n),
                None => ScopeComponent::AnonymousNamespace,
            });
            self.ns.ctxs.push(NsCtx {
                path,
                parent: Some(parent),
                ..NsCtx::default()
            });
            let id = self.ns.ctxs.len() - 1;
            match nd.name {
                Some(n) => {
                    self.ns.ctxs[parent].children.insert(n, id);
                }
                None => {
                    self.ns.ctxs[parent].anon_child = Some(id);
                    // An anonymous namespace is used by its enclosing one.
                    self.ns.ctxs[parent].usings.push(id);
                }
            }
            id
        });
        if nd.is_inline && !self.ns.ctxs[parent].usings.contains(&id) {
            self.ns.ctxs[parent].usings.push(id);
        }
        let names = std::mem::take(&mut self.ns.ctxs[id].names);
        let tags = std::mem::take(&mut self.ns.ctxs[id].tags);
        self.scopes.push_with(names, tags);
        self.ns.ctxs[id].open_level = Some(self.scopes.depth() - 1);
        self.ns.ctxs[id].open_gen = self.outer_blocks.len();
        self.ns.open.push(id);
        for d in nd.decls {
            if self.diags.too_many() {
                break;
            }
            self.file_decl(d);
        }
        self.ns.open.pop();
        let (names, tags) = self.scopes.pop_take();
        let ctx = &mut self.ns.ctxs[id];
        ctx.names = names;
        ctx.tags = tags;
        ctx.open_level = None;
    }

    /// `using namespace N;`
    pub fn using_directive(&mut self, name: &QualName<'_>, span: Span) {
        match self.resolve_qualifier(name, name.segments.len()) {
            Some(Qualifier::Ns(target)) if self.in_function() => {
                // Lasts until the end of the enclosing block.
                let scopes = &self.scopes;
                self.ns.block_usings.retain(|&(id, _)| scopes.is_live(id));
                let id = self.scopes.scope_id();
                self.ns.block_usings.push((id, target));
            }
            Some(Qualifier::Ns(target)) => {
                let cur = self.cur_ns();
                if !self.ns.ctxs[cur].usings.contains(&target) {
                    self.ns.ctxs[cur].usings.push(target);
                }
            }
            // `using namespace std;` of host code names a namespace oxicc's headers do not
            // declare; nothing in device code can use it.
            None if name.segments.len() == 1 && !name.global => {}
            _ => {
                let text = self.qual_name_text(name);
                self.error(span, format!("name must be a namespace name (\"{text}\")"));
            }
        }
    }

    /// `namespace alias = N::M;`: `alias` becomes another name of the namespace's entry in
    /// the enclosing namespace's children, so qualified lookup (`alias::x`) finds the
    /// target and mangling uses the target's own path. In a function body the alias is
    /// entered in the enclosing namespace too (it outlives the block: a known looseness).
    pub fn namespace_alias(&mut self, alias: Symbol, target: &QualName<'_>, span: Span) {
        match self.resolve_qualifier(target, target.segments.len()) {
            Some(Qualifier::Ns(id)) => {
                let cur = self.cur_ns();
                self.ns.ctxs[cur].children.entry(alias).or_insert(id);
            }
            _ => {
                let text = self.qual_name_text(target);
                self.error(span, format!("name must be a namespace name (\"{text}\")"));
            }
        }
    }

    /// `using N::x;`: binds `x` here to what `N::x` denotes.
    pub fn using_declaration(&mut self, name: &QualName<'_>, span: Span) {
        let Some(last) = name.last().ident() else {
            return;
        };
        if let Some(t) = self.lookup_qualified_tag(name) {
            self.scopes.bind_tag(last, t);
        }
        match self.lookup_qualified(name) {
            Some(b) => {
                self.scopes.bind(last, b);
            }
            None if self.lookup_qualified_tag(name).is_some() => {}
            None => {
                let text = self.qual_name_text(name);
                self.error(
                    span,
                    format!(
                        "name followed by \"::\" must be a class or namespace name (\"{text}\")"
                    ),
                );
            }
        }
    }

    /// `a::b::c` as written, for messages.
    pub fn qual_name_text(&self, q: &QualName<'_>) -> String {
        let mut s = String::new();
        if q.global {
            s.push_str("::");
        }
        for (i, seg) in q.segments.iter().enumerate() {
            if i > 0 {
                s.push_str("::");
            }
            match seg {
                NameSeg::Ident { name, .. } | NameSeg::TemplateId { name, .. } => {
                    s.push_str(self.name(*name))
                }
                NameSeg::Operator { op, .. } => {
                    s.push_str("operator");
                    s.push_str(op.spelling());
                }
                NameSeg::Conversion { .. } => s.push_str("operator <type>"),
                NameSeg::Destructor { name, .. } => {
                    s.push('~');
                    s.push_str(self.name(*name));
                }
            }
        }
        s
    }

    /// What the first `upto` segments of `q` denote (a namespace or a class).
    pub fn resolve_qualifier(&mut self, q: &QualName<'_>, upto: usize) -> Option<Qualifier> {
        let mut cur: Option<Qualifier> = if q.global {
            Some(Qualifier::Ns(0))
        } else {
            None
        };
        for seg in &q.segments[..upto] {
            // `S<args>::`: the class template instance (templates, `template_class.rs`).
            if let NameSeg::TemplateId { name, args, span } = seg {
                let b = match cur {
                    None => self.lookup_ordinary(*name),
                    Some(Qualifier::Ns(n)) => self.ns_member(n, *name, &mut Vec::new()),
                    Some(Qualifier::Class(r)) => self.class_member_binding(r, *name),
                };
                // `A<args>::` of an alias template names the class its instance is.
                let t = match b {
                    Some(Binding::ClassTemplate(c)) => {
                        self.class_template_instance(c, *name, args, *span)?
                    }
                    Some(Binding::AliasTemplate(a)) => self.alias_template_type(a, args)?,
                    _ => return None,
                };
                match self.types.kind(t.ty) {
                    crate::sema::TypeKind::Record(r) => {
                        cur = Some(Qualifier::Class(*r));
                        continue;
                    }
                    _ => return None,
                }
            }
            let name = seg.ident()?;
            cur = Some(match cur {
                None => self.unqualified_qualifier(name)?,
                Some(Qualifier::Ns(n)) => self.qualifier_in_ns(n, name)?,
                Some(Qualifier::Class(r)) => self.nested_class(r, name)?,
            });
        }
        cur
    }

    /// A namespace or class named `name` as seen from here.
    fn unqualified_qualifier(&mut self, name: Symbol) -> Option<Qualifier> {
        if let Some(r) = self.class_named(name) {
            return Some(Qualifier::Class(r));
        }
        for ns in self.decl_context_chain() {
            if let Some(q) = self.qualifier_in_ns(ns, name) {
                return Some(q);
            }
        }
        for i in (0..self.ns.open.len()).rev() {
            let ns = self.ns.open[i];
            if let Some(q) = self.qualifier_in_ns(ns, name) {
                return Some(q);
            }
        }
        for i in (0..self.ns.block_usings.len()).rev() {
            let (id, u) = self.ns.block_usings[i];
            if self.scopes.is_live(id) {
                if let Some(q) = self.qualifier_in_ns(u, name) {
                    return Some(q);
                }
            }
        }
        None
    }

    /// The class a plain name denotes here (tag or typedef of a record).
    fn class_named(&mut self, name: Symbol) -> Option<RecordId> {
        if let Some(Binding::Typedef(qt)) = self.lookup_ordinary(name) {
            if let crate::sema::TypeKind::Record(r) = self.types.kind(qt.ty) {
                return Some(*r);
            }
        }
        match self.lookup_tag_cxx(name) {
            Some(Tag::Record(r)) => Some(r),
            _ => None,
        }
    }

    /// `name` inside namespace `ns` as a qualifier: a child namespace or a class.
    fn qualifier_in_ns(&self, ns: NsId, name: Symbol) -> Option<Qualifier> {
        let mut seen = Vec::new();
        self.qualifier_in_ns_rec(ns, name, &mut seen)
    }

    fn qualifier_in_ns_rec(
        &self,
        ns: NsId,
        name: Symbol,
        seen: &mut Vec<NsId>,
    ) -> Option<Qualifier> {
        if seen.contains(&ns) {
            return None;
        }
        seen.push(ns);
        let ctx = &self.ns.ctxs[ns];
        if let Some(&c) = ctx.children.get(&name) {
            return Some(Qualifier::Ns(c));
        }
        if let Some(Tag::Record(r)) = self.ns_tag(ns, name) {
            return Some(Qualifier::Class(r));
        }
        if let Some(Binding::Typedef(qt)) = self.ns_binding(ns, name) {
            if let crate::sema::TypeKind::Record(r) = self.types.kind(qt.ty) {
                return Some(Qualifier::Class(*r));
            }
        }
        let usings = ctx.usings.clone();
        usings
            .into_iter()
            .find_map(|u| self.qualifier_in_ns_rec(u, name, seen))
    }

    /// A name declared directly in namespace `ns` (open or closed).
    pub fn ns_binding(&self, ns: NsId, name: Symbol) -> Option<Binding> {
        let ctx = &self.ns.ctxs[ns];
        match ctx.open_level {
            // Inside `in_decl_context` the levels of namespaces opened before it were taken
            // off the stack: they are in the blocks it saved.
            Some(level) if level > 0 && ctx.open_gen < self.outer_blocks.len() => self.outer_blocks
                [ctx.open_gen]
                .0
                .get(level - 1)
                .and_then(|m| m.get(&name))
                .copied(),
            Some(level) => self.scopes.lookup_at(level, name).copied(),
            None => ctx.names.get(&name).copied(),
        }
    }

    fn ns_tag(&self, ns: NsId, name: Symbol) -> Option<Tag> {
        let ctx = &self.ns.ctxs[ns];
        match ctx.open_level {
            Some(level) if level > 0 && ctx.open_gen < self.outer_blocks.len() => self.outer_blocks
                [ctx.open_gen]
                .1
                .get(level - 1)
                .and_then(|m| m.get(&name))
                .copied(),
            Some(level) => self.scopes.lookup_tag_at(level, name).copied(),
            None => ctx.tags.get(&name).copied(),
        }
    }

    /// `name` in namespace `ns` or, failing that, in the namespaces it uses.
    fn ns_member(&self, ns: NsId, name: Symbol, seen: &mut Vec<NsId>) -> Option<Binding> {
        if seen.contains(&ns) {
            return None;
        }
        seen.push(ns);
        if let Some(b) = self.ns_binding(ns, name) {
            return Some(b);
        }
        let usings = self.ns.ctxs[ns].usings.clone();
        usings
            .into_iter()
            .find_map(|u| self.ns_member(u, name, seen))
    }

    /// The entity a qualified name denotes (`N::x`, `::f`, `S::kWidth`, `S::pack`).
    pub fn lookup_qualified(&mut self, q: &QualName<'_>) -> Option<Binding> {
        if q.segments.len() == 1 && !q.global {
            let name = q.last().ident()?;
            return self.lookup_ordinary(name);
        }
        let qual = self.resolve_qualifier(q, q.segments.len() - 1)?;
        let name = match q.last() {
            NameSeg::Operator { op, .. } => self.operator_symbol(*op)?,
            seg => seg.ident()?,
        };
        match qual {
            Qualifier::Ns(ns) => self.ns_member(ns, name, &mut Vec::new()),
            Qualifier::Class(r) => self.class_member_binding(r, name),
        }
    }

    /// The tag a qualified name denotes (`N::S`).
    pub fn lookup_qualified_tag(&mut self, q: &QualName<'_>) -> Option<Tag> {
        let name = q.last().ident()?;
        if q.segments.len() == 1 && !q.global {
            return self.scopes.lookup_tag(name).copied();
        }
        match self.resolve_qualifier(q, q.segments.len() - 1)? {
            Qualifier::Ns(ns) => {
                let mut seen = Vec::new();
                self.ns_tag_rec(ns, name, &mut seen)
            }
            Qualifier::Class(r) => self.class_nested_tag(r, name),
        }
    }

    fn ns_tag_rec(&self, ns: NsId, name: Symbol, seen: &mut Vec<NsId>) -> Option<Tag> {
        if seen.contains(&ns) {
            return None;
        }
        seen.push(ns);
        if let Some(t) = self.ns_tag(ns, name) {
            return Some(t);
        }
        let usings = self.ns.ctxs[ns].usings.clone();
        usings
            .into_iter()
            .find_map(|u| self.ns_tag_rec(u, name, seen))
    }

    /// Unqualified lookup of an ordinary name: block scopes and the members of the class
    /// of the member function being lowered, then open namespaces, then using-directives.
    pub fn lookup_ordinary(&mut self, name: Symbol) -> Option<Binding> {
        let fn_base = self.fn_scope_base.unwrap_or(self.scopes.depth());
        if let Some(b) = self.scopes.lookup_in(fn_base, usize::MAX, name) {
            return Some(*b);
        }
        if let Some(level) = self.member_tparams.filter(|&l| l < fn_base) {
            // (Scopes above it, up to the function's, hold what was bound since, such as
            // the placeholders of a declared signature.)
            if let Some(b) = self.scopes.lookup_in(level, fn_base, name) {
                return Some(*b);
            }
        }
        if let Some(r) = self.member_class {
            if let Some(b) = self.class_member_binding(r, name) {
                return Some(b);
            }
        }
        if let Some(b) = self.scopes.lookup_in(1, fn_base, name) {
            return Some(*b);
        }
        if let Some(b) = self.lookup_decl_context(name) {
            return Some(b);
        }
        if let Some(b) = self.scopes.lookup_in(0, 1.min(fn_base), name) {
            return Some(*b);
        }
        let mut seen = Vec::new();
        for i in (0..self.ns.block_usings.len()).rev() {
            let (id, u) = self.ns.block_usings[i];
            if self.scopes.is_live(id) {
                if let Some(b) = self.ns_member(u, name, &mut seen) {
                    return Some(b);
                }
            }
        }
        if self.ns.ctxs.iter().all(|c| c.usings.is_empty()) {
            return None;
        }
        for i in (0..self.ns.open.len()).rev() {
            let ns = self.ns.open[i];
            let usings = self.ns.ctxs[ns].usings.clone();
            for u in usings {
                if let Some(b) = self.ns_member(u, name, &mut seen) {
                    return Some(b);
                }
            }
        }
        None
    }

    /// A C++ declaration at namespace or block scope.
    pub(super) fn namespace_decl(&mut self, d: &'x ast::Decl<'x>) {
        match d {
            ast::Decl::Namespace(nd) => self.lower_namespace(nd),
            ast::Decl::UsingDirective { name, span } => self.using_directive(name, *span),
            ast::Decl::UsingDecl { name, span } => self.using_declaration(name, *span),
            ast::Decl::NamespaceAlias {
                alias,
                target,
                span,
            } => self.namespace_alias(*alias, target, *span),
            _ => {}
        }
    }
}
