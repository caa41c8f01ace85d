//! A compact, stable textual form of the AST (S-expressions, one statement per line), for
//! parser snapshot tests and for debugging. It shows the form of the tree only: literal
//! values appear as written (floats by their text), spans are left out.

use crate::ast::*;
use crate::intern::Interner;
use std::fmt::Write;

#[path = "dump_cxx.rs"]
mod cxx;
#[path = "dump_template.rs"]
mod template;

/// Prints a translation unit, one declaration per line (function bodies indented).
pub fn dump_translation_unit(tu: &TranslationUnit<'_>, interner: &Interner) -> String {
    let mut d = Dumper {
        out: String::new(),
        i: interner,
        indent: 0,
    };
    for decl in tu.decls {
        d.decl(decl, 0);
    }
    d.out
}

/// Prints one expression on one line.
pub fn dump_expr(e: &Expr<'_>, interner: &Interner) -> String {
    let mut d = Dumper {
        out: String::new(),
        i: interner,
        indent: 0,
    };
    d.expr(e);
    d.out
}

struct Dumper<'i> {
    out: String,
    i: &'i Interner,
    /// Indentation of the declaration being printed (class members go one deeper).
    indent: usize,
}

impl Dumper<'_> {
    fn line(&mut self, indent: usize) {
        if !self.out.is_empty() && !self.out.ends_with('\n') {
            self.out.push('\n');
        }
        for _ in 0..indent {
            self.out.push_str("  ");
        }
    }

    pub(super) fn name(&mut self, s: crate::intern::Symbol) {
        let text = self.i.resolve(s).to_string();
        self.out.push_str(&text);
    }

    fn specs(&mut self, s: &DeclSpecs) {
        let flags = [
            (s.is_static, "static"),
            (s.is_extern, "extern"),
            (s.extern_c, "extern-C"),
            (s.is_inline, "inline"),
            (s.is_constexpr, "constexpr"),
            (s.global, "global"),
            (s.device, "device"),
            (s.host, "host"),
            (s.shared, "shared"),
            (s.constant, "constant"),
            (s.managed, "managed"),
            (s.forceinline, "forceinline"),
            (s.noinline, "noinline"),
            (s.register, "register"),
        ];
        let on: Vec<&str> = flags.iter().filter(|f| f.0).map(|f| f.1).collect();
        if !on.is_empty() {
            let _ = write!(self.out, " [{}]", on.join(" "));
        }
    }

    fn decl(&mut self, d: &Decl<'_>, indent: usize) {
        self.line(indent);
        self.indent = indent;
        match d {
            Decl::Function(f) => {
                self.out.push_str("(fn ");
                self.name(f.name);
                if let Some(args) = f.template_args {
                    self.template_args(args);
                }
                self.fn_cxx(f);
                self.specs(&f.specs);
                self.out.push_str(" (ret ");
                self.ty(f.ret);
                self.out.push_str(") ");
                self.params(f.params, f.variadic);
                if let Some(lb) = &f.launch_bounds {
                    self.out.push_str(" (launch-bounds ");
                    self.expr(lb.max_threads);
                    if let Some(m) = lb.min_blocks {
                        self.out.push(' ');
                        self.expr(m);
                    }
                    self.out.push(')');
                }
                match f.body {
                    Some(b) => {
                        self.stmt(b, indent + 1);
                        self.out.push(')');
                    }
                    None if f.host_body_skipped => self.out.push_str(" host-body-skipped)"),
                    None => self.out.push_str(" proto)"),
                }
            }
            Decl::Var(v) => {
                self.out.push_str("(var ");
                self.name(v.name);
                self.specs(&v.specs);
                self.out.push(' ');
                self.ty(v.ty);
                if let Some(a) = v.align {
                    self.out.push_str(" (align ");
                    self.expr(a);
                    self.out.push(')');
                }
                if let Some(init) = &v.init {
                    self.out.push_str(" = ");
                    self.init(init);
                }
                self.out.push(')');
            }
            Decl::Typedef(t) => {
                self.out.push_str("(typedef ");
                self.name(t.name);
                self.out.push(' ');
                self.ty(t.ty);
                self.out.push(')');
            }
            Decl::Record(r) => self.record(r),
            Decl::Enum(e) => self.enum_decl(e),
            Decl::Namespace(_)
            | Decl::UsingDirective { .. }
            | Decl::UsingDecl { .. }
            | Decl::NamespaceAlias { .. } => self.decl_cxx(d, indent),
            Decl::Bindings(b) => {
                self.out.push_str("(bindings");
                self.specs(&b.specs);
                self.out.push(' ');
                self.quals(&b.quals);
                self.out
                    .push_str(if b.by_ref { "auto& [" } else { "auto [" });
                for (i, n) in b.names.iter().enumerate() {
                    if i > 0 {
                        self.out.push(' ');
                    }
                    self.name(n.name);
                }
                self.out.push_str("] = ");
                self.init(&b.init);
                self.out.push(')');
            }
            Decl::Template(t) => self.template_decl(t, indent),
            Decl::ExplicitInstantiation(f) => {
                self.out.push_str("(explicit-instantiation ");
                self.name(f.name);
                if let Some(args) = f.template_args {
                    self.template_args(args);
                }
                self.out.push(' ');
                self.ty(f.ret);
                self.out.push(' ');
                self.params(f.params, f.variadic);
                self.out.push(')');
            }
            Decl::StaticAssert { cond, message, .. } => {
                self.out.push_str("(static_assert ");
                self.expr(cond);
                if let Some(m) = message {
                    let _ = write!(self.out, " \"{}\"", m.escape_ascii());
                }
                self.out.push(')');
            }
            Decl::Unsupported { what, .. } => {
                let _ = write!(self.out, "(unsupported \"{what}\")");
            }
            Decl::Friend { class, name, .. } => {
                self.out.push_str("(friend");
                if let Some(c) = class {
                    self.out.push_str(" class ");
                    self.name(*c);
                }
                if let Some(n) = name {
                    self.out.push_str(" fn ");
                    self.name(*n);
                }
                self.out.push(')');
            }
        }
    }

    fn params(&mut self, params: &[ParamDecl<'_>], variadic: bool) {
        self.out.push_str("(params");
        for p in params {
            self.out.push_str(" (");
            match p.name {
                Some(n) => self.name(n),
                None => self.out.push('_'),
            }
            self.out.push(' ');
            self.ty(p.ty);
            if p.pack {
                self.out.push_str("...");
            }
            if let Some(d) = p.default {
                self.out.push_str(" = ");
                self.expr(d);
            }
            self.out.push(')');
        }
        if variadic {
            self.out.push_str(" ...");
        }
        self.out.push(')');
    }

    fn record(&mut self, r: &RecordDecl<'_>) {
        let kw = match r.kind {
            TagKind::Struct => "struct",
            TagKind::Union => "union",
            TagKind::Class => "class",
            TagKind::Enum => "enum",
        };
        let _ = write!(self.out, "({kw} ");
        match r.name {
            Some(n) => self.name(n),
            None => self.out.push_str("<anon>"),
        }
        if let Some(a) = r.align {
            self.out.push_str(" (align ");
            self.expr(a);
            self.out.push(')');
        }
        match r.fields {
            None => self.out.push_str(" forward"),
            Some(fields) => {
                for f in fields {
                    self.out.push_str(" (");
                    match f.name {
                        Some(n) => self.name(n),
                        None => self.out.push('_'),
                    }
                    self.out.push(' ');
                    self.ty(f.ty);
                    if let Some(b) = f.bits {
                        self.out.push_str(" : ");
                        self.expr(b);
                    }
                    if let Some(a) = f.align {
                        self.out.push_str(" (align ");
                        self.expr(a);
                        self.out.push(')');
                    }
                    self.field_cxx(f);
                    self.out.push(')');
                }
            }
        }
        self.record_cxx(r);
        self.out.push(')');
    }

    fn enum_decl(&mut self, e: &EnumDecl<'_>) {
        self.out
            .push_str(if e.scoped { "(enum-class " } else { "(enum " });
        match e.name {
            Some(n) => self.name(n),
            None => self.out.push_str("<anon>"),
        }
        if let Some(u) = e.underlying {
            self.out.push_str(" : ");
            self.ty(u);
        }
        for en in e.enumerators {
            self.out.push_str(" (");
            self.name(en.name);
            if let Some(v) = en.value {
                self.out.push_str(" = ");
                self.expr(v);
            }
            self.out.push(')');
        }
        self.out.push(')');
    }

    fn ty(&mut self, t: &TypeExpr<'_>) {
        match t {
            TypeExpr::Builtin(b) => self.out.push_str(builtin_name(*b)),
            TypeExpr::Named { name, .. } => self.name(*name),
            TypeExpr::Tag { kind, name, .. } => {
                let kw = match kind {
                    TagKind::Struct => "struct ",
                    TagKind::Union => "union ",
                    TagKind::Class => "class ",
                    TagKind::Enum => "enum ",
                };
                self.out.push_str(kw);
                self.name(*name);
            }
            TypeExpr::Record(r) => self.record(r),
            TypeExpr::Enum(e) => self.enum_decl(e),
            TypeExpr::Qualified { quals, inner } => {
                self.out.push('(');
                self.quals(quals);
                self.ty(inner);
                self.out.push(')');
            }
            TypeExpr::Pointer { pointee, quals } => {
                self.out.push_str("(* ");
                self.quals(quals);
                self.ty(pointee);
                self.out.push(')');
            }
            TypeExpr::Array { elem, size } => {
                self.out.push_str("(array ");
                self.ty(elem);
                if let Some(s) = size {
                    self.out.push(' ');
                    self.expr(s);
                }
                self.out.push(')');
            }
            TypeExpr::Function {
                ret,
                params,
                variadic,
            } => {
                self.out.push_str("(fn-type ");
                self.ty(ret);
                self.out.push(' ');
                self.params(params, *variadic);
                self.out.push(')');
            }
            TypeExpr::Qual(_) | TypeExpr::Reference { .. } | TypeExpr::MemberPointer { .. } => {
                self.ty_cxx(t)
            }
            TypeExpr::Auto(_) => self.out.push_str("auto"),
            TypeExpr::DecltypeAuto(_) => self.out.push_str("decltype(auto)"),
            TypeExpr::Decltype(e) => {
                self.out.push_str("(decltype ");
                self.expr(e);
                self.out.push(')');
            }
            TypeExpr::MemberType { base, name, .. } => {
                self.out.push_str("(member-type ");
                self.ty(base);
                self.out.push(' ');
                self.name(*name);
                self.out.push(')');
            }
        }
    }

    fn quals(&mut self, q: &Quals) {
        if q.is_const {
            self.out.push_str("const ");
        }
        if q.is_volatile {
            self.out.push_str("volatile ");
        }
        if q.is_restrict {
            self.out.push_str("restrict ");
        }
    }

    fn init(&mut self, i: &Init<'_>) {
        match i {
            Init::Expr(e) => self.expr(e),
            Init::List { items, .. } => {
                self.out.push('{');
                for (n, it) in items.iter().enumerate() {
                    if n > 0 {
                        self.out.push(' ');
                    }
                    self.init(it);
                }
                self.out.push('}');
            }
        }
    }

    fn expr(&mut self, e: &Expr<'_>) {
        match &e.kind {
            ExprKind::IntLit { value, suffix, .. } => {
                let _ = write!(self.out, "{value}");
                if suffix.unsigned {
                    self.out.push('u');
                }
                for _ in 0..suffix.longs {
                    self.out.push('l');
                }
            }
            ExprKind::FloatLit { is_float, text, .. } => {
                self.name(*text);
                if *is_float {
                    self.out.push('f');
                }
            }
            ExprKind::CharLit(c) => {
                let _ = write!(self.out, "(char {c})");
            }
            ExprKind::StrLit(bytes) => {
                let _ = write!(self.out, "\"{}\"", bytes.escape_ascii());
            }
            ExprKind::BoolLit(b) => {
                let _ = write!(self.out, "{b}");
            }
            ExprKind::Nullptr => self.out.push_str("nullptr"),
            ExprKind::TypedArg(n) => {
                let _ = write!(self.out, "<typed argument {n}>");
            }
            ExprKind::Ident(s) => self.name(*s),
            ExprKind::SizeofPack(_) | ExprKind::PackExpansion(_) | ExprKind::Fold { .. } => {
                self.template_expr(e)
            }
            ExprKind::Unary { op, expr } => {
                let _ = write!(self.out, "({} ", unary_name(*op));
                self.expr(expr);
                self.out.push(')');
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let _ = write!(self.out, "({} ", binary_name(*op));
                self.expr(lhs);
                self.out.push(' ');
                self.expr(rhs);
                self.out.push(')');
            }
            ExprKind::Assign { op, lhs, rhs } => {
                match op {
                    Some(op) => {
                        let _ = write!(self.out, "({}= ", binary_name(*op));
                    }
                    None => self.out.push_str("(= "),
                }
                self.expr(lhs);
                self.out.push(' ');
                self.expr(rhs);
                self.out.push(')');
            }
            ExprKind::Cond { cond, then, els } => {
                self.out.push_str("(? ");
                self.expr(cond);
                self.out.push(' ');
                self.expr(then);
                self.out.push(' ');
                self.expr(els);
                self.out.push(')');
            }
            ExprKind::Cast { ty, expr, kind } => {
                let _ = write!(self.out, "({} ", cast_name(*kind));
                self.ty(ty);
                self.out.push(' ');
                self.expr(expr);
                self.out.push(')');
            }
            ExprKind::Lambda(l) => {
                self.out.push_str("(lambda [");
                let mut parts = Vec::new();
                match l.default_capture {
                    Some(CaptureDefault::Copy) => parts.push("=".to_string()),
                    Some(CaptureDefault::Ref) => parts.push("&".to_string()),
                    None => {}
                }
                for c in l.captures {
                    parts.push(match c.kind {
                        CaptureKind::Copy(n) => self.i.resolve(n).to_string(),
                        CaptureKind::Ref(n) => format!("&{}", self.i.resolve(n)),
                        CaptureKind::This => "this".to_string(),
                        CaptureKind::StarThis => "*this".to_string(),
                        CaptureKind::Init { name, by_ref, .. } => {
                            format!(
                                "{}{} = …",
                                if by_ref { "&" } else { "" },
                                self.i.resolve(name)
                            )
                        }
                    });
                }
                self.out.push_str(&parts.join(" "));
                self.out.push_str("] ");
                self.params(l.params, l.variadic);
                if l.is_mutable {
                    self.out.push_str(" mutable");
                }
                if let Some(r) = l.ret {
                    self.out.push_str(" -> ");
                    self.ty(r);
                }
                self.stmt(l.body, self.indent + 2);
                self.out.push(')');
            }
            ExprKind::InitList { ty, items } => {
                self.out.push_str("(init-list ");
                if let Some(t) = ty {
                    self.ty(t);
                    self.out.push(' ');
                }
                self.out.push('{');
                for (n, it) in items.iter().enumerate() {
                    if n > 0 {
                        self.out.push(' ');
                    }
                    self.init(it);
                }
                self.out.push_str("})");
            }
            ExprKind::Call { callee, args } => {
                self.out.push_str("(call ");
                self.expr(callee);
                for a in *args {
                    self.out.push(' ');
                    self.expr(a);
                }
                self.out.push(')');
            }
            ExprKind::Index { base, index } => {
                self.out.push_str("(index ");
                self.expr(base);
                self.out.push(' ');
                self.expr(index);
                self.out.push(')');
            }
            ExprKind::Member {
                base, name, arrow, ..
            } => {
                self.out.push_str(if *arrow { "(-> " } else { "(. " });
                self.expr(base);
                self.out.push(' ');
                self.name(*name);
                self.out.push(')');
            }
            ExprKind::New {
                placement,
                ty,
                count,
                args,
                braced,
            } => {
                self.out.push_str("(new ");
                if let Some(place) = placement {
                    self.out.push('(');
                    for (i, a) in place.iter().enumerate() {
                        if i > 0 {
                            self.out.push(' ');
                        }
                        self.expr(a);
                    }
                    self.out.push_str(") ");
                }
                self.ty(ty);
                if let Some(n) = count {
                    self.out.push_str(" [");
                    self.expr(n);
                    self.out.push(']');
                }
                if let Some(args) = args {
                    self.out.push_str(if *braced { " {" } else { " (" });
                    for (i, a) in args.iter().enumerate() {
                        if i > 0 {
                            self.out.push(' ');
                        }
                        self.expr(a);
                    }
                    self.out.push_str(if *braced { "}" } else { ")" });
                }
                self.out.push(')');
            }
            ExprKind::NotInDevice(op) => {
                let _ = write!(self.out, "({op} …)");
            }
            ExprKind::Delete { expr, array } => {
                self.out
                    .push_str(if *array { "(delete[] " } else { "(delete " });
                self.expr(expr);
                self.out.push(')');
            }
            ExprKind::MemberPtr {
                base,
                member,
                arrow,
            } => {
                self.out.push_str(if *arrow { "(->* " } else { "(.* " });
                self.expr(base);
                self.out.push(' ');
                self.expr(member);
                self.out.push(')');
            }
            ExprKind::SizeofType(t) => {
                self.out.push_str("(sizeof-type ");
                self.ty(t);
                self.out.push(')');
            }
            ExprKind::SizeofExpr(e) => {
                self.out.push_str("(sizeof ");
                self.expr(e);
                self.out.push(')');
            }
            ExprKind::AlignofType(t) => {
                self.out.push_str("(alignof ");
                self.ty(t);
                self.out.push(')');
            }
            ExprKind::Name(_)
            | ExprKind::This
            | ExprKind::Construct { .. }
            | ExprKind::QualMember { .. } => self.expr_cxx(e),
        }
    }

    fn unroll(&mut self, u: &Option<Unroll<'_>>) {
        match u {
            None => {}
            Some(Unroll::Full) => self.out.push_str(" (unroll)"),
            Some(Unroll::Count(e)) => {
                self.out.push_str(" (unroll ");
                self.expr(e);
                self.out.push(')');
            }
        }
    }

    fn stmt(&mut self, s: &Stmt<'_>, indent: usize) {
        self.line(indent);
        match &s.kind {
            StmtKind::Expr(e) => {
                self.out.push_str("(expr ");
                self.expr(e);
                self.out.push(')');
            }
            StmtKind::Decl(decls) => {
                self.out.push_str("(decl");
                for d in *decls {
                    self.decl(d, indent + 1);
                }
                self.out.push(')');
            }
            StmtKind::Compound(stmts) => {
                self.out.push_str("(block");
                for st in *stmts {
                    self.stmt(st, indent + 1);
                }
                self.out.push(')');
            }
            StmtKind::If {
                init,
                cond,
                then,
                els,
                is_constexpr,
            } => {
                self.out.push_str("(if ");
                if *is_constexpr {
                    self.out.push_str("constexpr ");
                }
                if let Some(i) = init {
                    self.out.push_str("(init");
                    self.stmt(i, indent + 2);
                    self.out.push_str(") ");
                }
                self.expr(cond);
                self.stmt(then, indent + 1);
                if let Some(e) = els {
                    self.line(indent);
                    self.out.push_str("else");
                    self.stmt(e, indent + 1);
                }
                self.out.push(')');
            }
            StmtKind::While { cond, body, unroll } => {
                self.out.push_str("(while ");
                self.expr(cond);
                self.unroll(unroll);
                self.stmt(body, indent + 1);
                self.out.push(')');
            }
            StmtKind::DoWhile { body, cond, unroll } => {
                self.out.push_str("(do-while ");
                self.expr(cond);
                self.unroll(unroll);
                self.stmt(body, indent + 1);
                self.out.push(')');
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
                unroll,
            } => {
                self.out.push_str("(for");
                self.unroll(unroll);
                match init {
                    Some(i) => self.stmt(i, indent + 2),
                    None => {
                        self.line(indent + 2);
                        self.out.push_str("(no-init)");
                    }
                }
                self.line(indent + 2);
                match cond {
                    Some(c) => {
                        self.out.push_str("(cond ");
                        self.expr(c);
                        self.out.push(')');
                    }
                    None => self.out.push_str("(no-cond)"),
                }
                self.line(indent + 2);
                match step {
                    Some(c) => {
                        self.out.push_str("(step ");
                        self.expr(c);
                        self.out.push(')');
                    }
                    None => self.out.push_str("(no-step)"),
                }
                self.stmt(body, indent + 1);
                self.out.push(')');
            }
            StmtKind::Switch { init, cond, body } => {
                self.out.push_str("(switch ");
                if let Some(i) = init {
                    self.out.push_str("(init");
                    self.stmt(i, indent + 2);
                    self.out.push_str(") ");
                }
                self.expr(cond);
                self.stmt(body, indent + 1);
                self.out.push(')');
            }
            StmtKind::RangeFor {
                var,
                by_ref,
                range,
                body,
                unroll,
            } => {
                self.out.push_str("(range-for");
                self.unroll(unroll);
                self.out.push(' ');
                self.name(var.name);
                self.out.push_str(if *by_ref { " (ref " } else { " (" });
                self.ty(var.ty);
                self.out.push_str(") ");
                self.expr(range);
                self.stmt(body, indent + 1);
                self.out.push(')');
            }
            StmtKind::Case { value, body } => {
                self.out.push_str("(case ");
                self.expr(value);
                self.stmt(body, indent + 1);
                self.out.push(')');
            }
            StmtKind::Default { body } => {
                self.out.push_str("(default");
                self.stmt(body, indent + 1);
                self.out.push(')');
            }
            StmtKind::Break => self.out.push_str("(break)"),
            StmtKind::Continue => self.out.push_str("(continue)"),
            StmtKind::Return(e) => {
                self.out.push_str("(return");
                if let Some(e) = e {
                    self.out.push(' ');
                    self.expr(e);
                }
                self.out.push(')');
            }
            StmtKind::Goto(l) => {
                self.out.push_str("(goto ");
                self.name(*l);
                self.out.push(')');
            }
            StmtKind::Label { name, body } => {
                self.out.push_str("(label ");
                self.name(*name);
                self.stmt(body, indent + 1);
                self.out.push(')');
            }
            StmtKind::Asm(a) => {
                self.out.push_str(if a.volatile {
                    "(asm volatile "
                } else {
                    "(asm "
                });
                self.out
                    .push_str(&format!("{:?}", String::from_utf8_lossy(a.template)));
                for (what, ops) in [("out", a.outputs), ("in", a.inputs)] {
                    for o in ops {
                        let c = String::from_utf8_lossy(o.constraint).into_owned();
                        self.out.push_str(&format!(" ({what} {c:?} "));
                        self.expr(o.expr);
                        self.out.push(')');
                    }
                }
                for (c, _) in a.clobbers {
                    let c = String::from_utf8_lossy(c).into_owned();
                    self.out.push_str(&format!(" (clobber {c:?})"));
                }
                self.out.push(')');
            }
            StmtKind::Empty => self.out.push_str("(empty)"),
        }
    }
}

/// C and functional casts print as `cast` (one meaning for scalars); named casts by name.
fn cast_name(k: CastKind) -> &'static str {
    match k {
        CastKind::C | CastKind::Functional => "cast",
        CastKind::Static => "static_cast",
        CastKind::Reinterpret => "reinterpret_cast",
        CastKind::Const => "const_cast",
    }
}

fn builtin_name(b: BuiltinType) -> &'static str {
    use BuiltinType::*;
    match b {
        Void => "void",
        Bool => "bool",
        Char => "char",
        SChar => "signed-char",
        UChar => "unsigned-char",
        Short => "short",
        UShort => "unsigned-short",
        Int => "int",
        UInt => "unsigned",
        Long => "long",
        ULong => "unsigned-long",
        LongLong => "long-long",
        ULongLong => "unsigned-long-long",
        Int128 => "int128",
        UInt128 => "unsigned-int128",
        WChar => "wchar_t",
        Char16 => "char16_t",
        Char32 => "char32_t",
        Float => "float",
        Double => "double",
        LongDouble => "long-double",
    }
}

fn unary_name(op: UnaryOp) -> &'static str {
    use UnaryOp::*;
    match op {
        Plus => "+",
        Neg => "-",
        LogNot => "!",
        BitNot => "~",
        Deref => "deref",
        AddrOf => "addr",
        PreInc => "pre++",
        PreDec => "pre--",
        PostInc => "post++",
        PostDec => "post--",
    }
}

fn binary_name(op: BinaryOp) -> &'static str {
    use BinaryOp::*;
    match op {
        Mul => "*",
        Div => "/",
        Rem => "%",
        Add => "+",
        Sub => "-",
        Shl => "<<",
        Shr => ">>",
        Lt => "<",
        Gt => ">",
        Le => "<=",
        Ge => ">=",
        Eq => "==",
        Ne => "!=",
        BitAnd => "&",
        BitXor => "^",
        BitOr => "|",
        LogAnd => "&&",
        LogOr => "||",
        Comma => ",",
    }
}
