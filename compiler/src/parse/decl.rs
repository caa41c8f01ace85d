//! Declarations at file and block scope: specifiers, one or more declarators, initializers,
//! typedefs, prototypes and function definitions.
//!
//! A function definition whose specifiers include neither `__device__` nor `__global__` is
//! host-only: its body is skipped by brace matching (it may hold `<<<…>>>` launches or C++
//! this parser does not handle) and recorded as `body: None, host_body_skipped: true`.

use super::declarator::DeclaratorMode;
use super::scope::NameKind;
use super::specs::{SpecContext, Specs};
use super::{DeclContext, PResult, Parser};
use crate::ast::{
    Decl, FunctionDecl, Init, MethodInfo, ParamDecl, RecordDecl, TagKind, TypeExpr, TypedefDecl,
    VarDecl,
};
use crate::intern::Symbol;
use crate::lex::token::{Punct, TokenKind};
use crate::source::Span;

impl<'a, 'c> Parser<'a, 'c> {
    /// Parses one declaration into `out` (several declarators give several decls).
    pub(super) fn declaration(&mut self, ctx: DeclContext, out: &mut Vec<Decl<'a>>) -> PResult<()> {
        let start = self.span();
        let mut specs = self.decl_specifiers(SpecContext::Decl)?;
        if self.extern_c {
            specs.decl.extern_c = true;
        }
        let hoisted = !specs.hoisted.is_empty();
        out.append(&mut specs.hoisted);
        if self.at(Punct::Semi) {
            self.bump();
            return self.declaration_without_declarators(&specs, hoisted, start, out);
        }
        let base: &'a TypeExpr<'a> = if !specs.has_type() && self.out_of_class_ctor_at(0) {
            // `S::S(int x) : v(x) {}` / `C<T>::~C() {}`: no return type, as in the class.
            self.alloc(TypeExpr::Builtin(crate::ast::BuiltinType::Void))
        } else {
            self.specs_type(&specs)?
        };
        if self.at_structured_binding(base) {
            return self.structured_binding(&specs, start, out);
        }
        let mut first = true;
        loop {
            let d = self.declarator(base, DeclaratorMode::Named)?;
            let mut align = specs.align;
            self.attributes(&mut align)?;
            let Some((name, name_span)) = d.name else {
                return Err(self.error(d.span, "expected a name in declaration"));
            };
            if specs.is_typedef {
                if self.at(Punct::Assign) {
                    return Err(self.error_here("a typedef cannot have an initializer"));
                }
                self.scopes.declare(name, NameKind::Typedef);
                out.push(Decl::Typedef(self.alloc(TypedefDecl {
                    name,
                    ty: d.ty,
                    span: start.to(self.prev_span()),
                })));
            } else if let TypeExpr::Function { .. } = *d.ty {
                let (f, defined) = self.function_declarator(&mut specs, &d, start, ctx, first)?;
                out.push(Decl::Function(f));
                if defined {
                    return Ok(());
                }
            } else {
                self.scopes.declare(name, NameKind::Value);
                self.note_var_class(name, d.ty);
                let direct_braced = self.at(Punct::LBrace);
                let init = self.declarator_initializer(d.ty)?;
                out.push(Decl::Var(self.alloc(VarDecl {
                    name,
                    name_span,
                    specs: specs.decl,
                    ty: d.ty,
                    align,
                    init,
                    direct_braced,
                    span: start.to(self.prev_span()),
                })));
            }
            first = false;
            if !self.eat(Punct::Comma) {
                break;
            }
        }
        if ctx == DeclContext::Block && self.at(Punct::Colon) {
            let span = self.span();
            return Err(self.unsupported(span, "a range-based `for`"));
        }
        self.expect(Punct::Semi, "after declaration")?;
        Ok(())
    }

    /// `struct S;`, `struct S { … };`, `enum { A, B };` — or a declaration with no name.
    fn declaration_without_declarators(
        &mut self,
        specs: &Specs<'a>,
        hoisted: bool,
        start: Span,
        out: &mut Vec<Decl<'a>>,
    ) -> PResult<()> {
        if let Some((kind, name, _)) = specs.tag_ref {
            if kind != TagKind::Enum {
                out.push(Decl::Record(self.alloc(RecordDecl {
                    kind,
                    name: Some(name),
                    fields: None,
                    align: specs.align,
                    span: start.to(self.prev_span()),
                    bases: &[],
                    members: &[],
                    template_args: None,
                    is_final: false,
                })));
            }
            return Ok(());
        }
        match specs.base {
            Some(TypeExpr::Enum(e)) => out.push(Decl::Enum(e)),
            Some(TypeExpr::Record(r)) => out.push(Decl::Record(r)),
            _ if hoisted => {}
            _ if !specs.has_type() => {
                return Err(self.error(start, "expected a declaration"));
            }
            _ => self.warning(start, "declaration does not declare anything"),
        }
        Ok(())
    }

    /// `= init`, `{ … }` or `( expr )` after a variable's declarator, if any.
    fn declarator_initializer(&mut self, ty: &'a TypeExpr<'a>) -> PResult<Option<Init<'a>>> {
        if self.eat(Punct::Assign) || self.at(Punct::LBrace) {
            return Ok(Some(self.initializer()?));
        }
        if self.at(Punct::LParen) {
            // `T x(a)` is `T x = a`; `T x(a, b)` / `T x()`-free forms construct.
            let start = self.bump().span;
            let args = self.call_args()?;
            if args.len() == 1 {
                return Ok(Some(Init::Expr(args[0])));
            }
            let span = start.to(self.prev_span());
            let e = self.alloc(crate::ast::Expr {
                kind: crate::ast::ExprKind::Construct {
                    ty,
                    args,
                    braced: false,
                },
                span,
            });
            return Ok(Some(Init::Expr(e)));
        }
        Ok(None)
    }

    /// An initializer: an expression or a (nested) braced list.
    pub(super) fn initializer(&mut self) -> PResult<Init<'a>> {
        if self.at(Punct::LBrace) {
            self.nested(|p| p.init_list())
        } else {
            Ok(Init::Expr(self.assign_expr()?))
        }
    }

    fn init_list(&mut self) -> PResult<Init<'a>> {
        let open = self.bump().span;
        let mut items = Vec::new();
        while !self.at(Punct::RBrace) {
            if self.at(Punct::Dot) || self.at(Punct::LBracket) {
                let span = self.span();
                return Err(self.unsupported(span, "a designated initializer"));
            }
            let item = self.initializer()?;
            // `{f(xs)...}`: a pack expansion as a list element (libstdc++'s
            // `_M_func{{std::forward<_Args>(__args)...}}`).
            let item = match item {
                Init::Expr(e) => Init::Expr(self.maybe_pack_expansion(e)),
                other => other,
            };
            items.push(item);
            if !self.eat(Punct::Comma) {
                break;
            }
        }
        self.expect(Punct::RBrace, "to close the initializer list")?;
        Ok(Init::List {
            items: self.alloc_slice(items),
            span: open.to(self.prev_span()),
        })
    }

    /// The rest of a function declaration after its declarator: a body (with a
    /// constructor's member initializers), `= default`, `= delete`, or nothing. Returns the
    /// declaration and whether it was a definition with a body (which ends the declaration).
    pub(super) fn function_declarator(
        &mut self,
        specs: &mut Specs<'a>,
        d: &super::declarator::Declarator<'a>,
        start: Span,
        ctx: DeclContext,
        first: bool,
    ) -> PResult<(&'a FunctionDecl<'a>, bool)> {
        let TypeExpr::Function {
            ret,
            params,
            variadic,
        } = *d.ty
        else {
            return Err(self.error(d.span, "expected a function declarator"));
        };
        let (name, name_span) = d.name.expect("named declarator");
        let kind = if self.in_template && ctx == DeclContext::File {
            NameKind::Template { class: false }
        } else {
            NameKind::Value
        };
        // A constructor does not hide its class's name; an explicit specialization or
        // instantiation keeps the template's name.
        if d.qual.is_none() && Some(name) != self.ctor_name && d.template_args.is_none() {
            self.scopes.declare(name, kind);
        }
        let mut header = FunctionHeader {
            name,
            qual: d.qual,
            method: MethodInfo {
                is_const: self.method_quals.is_const,
                is_volatile: self.method_quals.is_volatile,
                ref_qual: self.method_ref,
                is_virtual: specs.is_virtual,
                is_override: self.method_override,
                is_final: self.method_final,
                is_explicit: specs.is_explicit,
                is_friend: specs.is_friend,
                // Inside a class body `ctor_name` is the class's name.
                friend_of: if specs.is_friend {
                    self.ctor_name
                } else {
                    None
                },
                ..Default::default()
            },
            name_span,
            ret,
            params,
            variadic,
            start,
            template_args: d.template_args,
        };
        if self.at(Punct::Colon) {
            header.method.ctor_inits = self.ctor_initializers()?;
            if !self.at(Punct::LBrace) {
                return Err(self.error_here("expected `{` after the member initializers"));
            }
        }
        if self.at(Punct::LBrace) {
            if !first || ctx == DeclContext::Block {
                return Err(self.error_here("a function definition is not allowed here"));
            }
            let f = self.function_definition(specs, header)?;
            return Ok((f, true));
        }
        if self.at(Punct::Assign) {
            let what = self.peek_at(1).kind;
            if what == TokenKind::Ident(crate::intern::kw::DEFAULT) {
                header.method.defaulted = true;
            } else if matches!(what, TokenKind::Ident(s) if self.interner.resolve(s) == "delete") {
                header.method.deleted = true;
            } else if matches!(self.peek_at(1).kind, TokenKind::Number(s) if self.interner.resolve(s) == "0")
            {
                header.method.is_pure = true;
            } else {
                let span = self.span();
                return Err(self.error(span, "expected `0`, `default` or `delete` after `=`"));
            }
            self.bump();
            self.bump();
        }
        Ok((self.function_decl(specs, header, None, false, None), false))
    }

    fn function_decl(
        &mut self,
        specs: &mut Specs<'a>,
        h: FunctionHeader<'a>,
        body: Option<&'a crate::ast::Stmt<'a>>,
        host_body_skipped: bool,
        lazy_body: Option<u32>,
    ) -> &'a FunctionDecl<'a> {
        self.alloc(FunctionDecl {
            name: h.name,
            name_span: h.name_span,
            specs: specs.decl,
            ret: h.ret,
            params: h.params,
            variadic: h.variadic,
            launch_bounds: specs.launch_bounds.take(),
            template_args: h.template_args,
            body,
            host_body_skipped,
            lazy_body,
            span: h.start.to(self.prev_span()),
            qual: h.qual,
            method: h.method,
        })
    }

    /// A function body: parsed for device code, skipped for host-only functions.
    fn function_definition(
        &mut self,
        specs: &mut Specs<'a>,
        h: FunctionHeader<'a>,
    ) -> PResult<&'a FunctionDecl<'a>> {
        // constexpr bodies are parsed: they may be evaluated at compile time.
        let host_only = !(specs.decl.device || specs.decl.global || specs.decl.is_constexpr)
            && (specs.decl.host || !self.default_device);
        if host_only {
            let open = self.pos;
            self.skip_host_body()?;
            if self.toks[open..self.pos].iter().any(|t| {
                t.kind == TokenKind::LaunchOpen
                    || matches!(t.kind, TokenKind::Ident(n) if self.launching_templates.contains(&n))
            }) {
                let before = self.host_launches.len();
                self.scan_host_launches(open, self.pos, h.params, h.name_span);
                if self.in_template && self.host_launches.len() > before {
                    // Its instances (made by host calls) launch kernels too.
                    self.launching_templates.insert(h.name);
                }
            }
            self.defer_host_body(open, h.params, h.name_span, h.name);
            return Ok(self.function_decl(specs, h, None, true, None));
        }
        // A built-in header's helper: parsed when the lowering needs it (`lazy_body.rs`).
        if let Some(id) = self.defer_body(specs, &h) {
            return Ok(self.function_decl(specs, h, None, false, Some(id)));
        }
        let depth = self.scopes.depth();
        // An out-of-class member definition `S::f` sees S's members.
        if let Some(ctx) = h.qual.and_then(|q| self.qualifier_ctx_of(q)) {
            self.scopes.push_context_view(ctx);
        }
        self.scopes.push();
        for p in h.params {
            if let Some(n) = p.name {
                self.scopes.declare(n, NameKind::Value);
            }
        }
        self.pending_unroll = None;
        let saved_ctor = self.ctor_name.take();
        // The body of `S<T>::f` sees the injected class name `S`.
        let injected = h.qual.and_then(|q| self.class_template_qualifier(q));
        self.injected.extend(injected);
        let body = self.compound_statement();
        if injected.is_some() {
            self.injected.pop();
        }
        self.ctor_name = saved_ctor;
        self.scopes.truncate(depth);
        let body = self.alloc(body?);
        Ok(self.function_decl(specs, h, Some(body), false, None))
    }

    /// Skips a host-only body `{ … }` by brace matching.
    fn skip_host_body(&mut self) -> PResult<()> {
        let open = self.span();
        let mut depth = 0usize;
        loop {
            let t = self.bump();
            match t.kind {
                TokenKind::Punct(Punct::LBrace) => depth += 1,
                TokenKind::Punct(Punct::RBrace) => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                TokenKind::Eof => {
                    return Err(
                        self.error_unclosed_at_eof("expected `}` at end of function body", open)
                    );
                }
                _ => {}
            }
        }
    }
}

impl FunctionHeader<'_> {
    /// Neither qualified, a member (by its initializers), a friend nor a specialization.
    pub(super) fn is_plain_free_function(&self) -> bool {
        self.qual.is_none()
            && self.template_args.is_none()
            && !self.method.is_friend
            && self.method.ctor_inits.is_empty()
    }

    /// The file the function's name is written in.
    pub(super) fn file(&self) -> crate::source::FileId {
        self.name_span.file
    }
}

/// What a function declarator gave: name, return type and parameters.
pub(super) struct FunctionHeader<'a> {
    name: Symbol,
    qual: Option<&'a crate::ast::QualName<'a>>,
    /// Member-function details.
    method: MethodInfo<'a>,
    name_span: Span,
    ret: &'a TypeExpr<'a>,
    params: &'a [ParamDecl<'a>],
    variadic: bool,
    start: Span,
    template_args: Option<&'a [crate::ast::TemplateArgExpr<'a>]>,
}
