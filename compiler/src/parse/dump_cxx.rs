//! The C++ part of the AST dump: qualified names, namespaces, class members, references,
//! constructors and member-function details. C code never reaches these, so the C dump's
//! form is unchanged.

use super::Dumper;
use crate::ast::*;
use std::fmt::Write;

impl Dumper<'_> {
    /// `a::b::c`, `::x`, `S::operator+`, `V<int>::f`, `S::~S`, `operator float`.
    pub(super) fn qual_name(&mut self, q: &QualName<'_>) {
        if q.global {
            self.out.push_str("::");
        }
        for (i, seg) in q.segments.iter().enumerate() {
            if i > 0 {
                self.out.push_str("::");
            }
            match seg {
                NameSeg::Ident { name, .. } => self.name(*name),
                NameSeg::TemplateId { name, args, .. } => {
                    self.name(*name);
                    self.out.push('<');
                    for (n, a) in args.iter().enumerate() {
                        if n > 0 {
                            self.out.push_str(", ");
                        }
                        self.template_arg(a);
                    }
                    self.out.push('>');
                }
                NameSeg::Operator { op, .. } => {
                    let _ = write!(self.out, "operator{}", op.spelling());
                }
                NameSeg::Conversion { ty, .. } => {
                    self.out.push_str("(operator ");
                    self.ty(ty);
                    self.out.push(')');
                }
                NameSeg::Destructor { name, .. } => {
                    self.out.push('~');
                    self.name(*name);
                }
            }
        }
    }

    pub(super) fn decl_cxx(&mut self, d: &Decl<'_>, indent: usize) {
        match d {
            Decl::Namespace(n) => {
                self.out.push_str("(namespace ");
                match n.name {
                    Some(s) => self.name(s),
                    None => self.out.push_str("<anon>"),
                }
                if n.is_inline {
                    self.out.push_str(" inline");
                }
                for d in n.decls {
                    self.decl(d, indent + 1);
                }
                self.out.push(')');
            }
            Decl::UsingDirective { name, .. } => {
                self.out.push_str("(using-namespace ");
                self.qual_name(name);
                self.out.push(')');
            }
            Decl::NamespaceAlias { alias, target, .. } => {
                self.out.push_str("(namespace-alias ");
                self.name(*alias);
                self.out.push(' ');
                self.qual_name(target);
                self.out.push(')');
            }
            Decl::UsingDecl { name, .. } => {
                self.out.push_str("(using ");
                self.qual_name(name);
                self.out.push(')');
            }
            _ => {}
        }
    }

    /// The qualified name and member-function details of a function, when present.
    pub(super) fn fn_cxx(&mut self, f: &FunctionDecl<'_>) {
        if let Some(q) = f.qual {
            self.out.push_str(" (name ");
            self.qual_name(q);
            self.out.push(')');
        }
        let m = &f.method;
        let flags = [
            (m.is_const, "const"),
            (m.is_volatile, "volatile"),
            (m.is_virtual, "virtual"),
            (m.is_override, "override"),
            (m.is_final, "final"),
            (m.is_pure, "pure"),
            (m.is_explicit, "explicit"),
            (m.defaulted, "default"),
            (m.deleted, "delete"),
        ];
        let on: Vec<&str> = flags.iter().filter(|f| f.0).map(|f| f.1).collect();
        if !on.is_empty() {
            let _ = write!(self.out, " [method {}]", on.join(" "));
        }
        for mi in m.ctor_inits {
            self.out.push_str(" (init ");
            self.qual_name(mi.name);
            if mi.braced {
                self.out.push_str(" braced");
            }
            for a in mi.args {
                self.out.push(' ');
                self.expr(a);
            }
            self.out.push(')');
        }
    }

    pub(super) fn field_cxx(&mut self, f: &FieldDecl<'_>) {
        if f.access != Access::Public {
            let _ = write!(self.out, " {}", access_name(f.access));
        }
        if let Some(i) = &f.init {
            self.out.push_str(" = ");
            self.init(i);
        }
    }

    /// Bases and non-field members of a class, members one per line.
    pub(super) fn record_cxx(&mut self, r: &RecordDecl<'_>) {
        for b in r.bases {
            let _ = write!(self.out, " (base {} ", access_name(b.access));
            if b.is_virtual {
                self.out.push_str("virtual ");
            }
            self.ty(b.ty);
            self.out.push(')');
        }
        let indent = self.indent;
        for m in r.members {
            self.line(indent + 1);
            let _ = write!(self.out, "({}", access_name(m.access));
            self.decl(&m.decl, indent + 2);
            self.out.push(')');
        }
        self.indent = indent;
    }

    pub(super) fn ty_cxx(&mut self, t: &TypeExpr<'_>) {
        match t {
            TypeExpr::Qual(q) => self.qual_name(q),
            TypeExpr::Reference { referee, rvalue } => {
                self.out.push_str(if *rvalue { "(&& " } else { "(& " });
                self.ty(referee);
                self.out.push(')');
            }
            TypeExpr::MemberPointer {
                class,
                pointee,
                fn_const,
                ..
            } => {
                self.out.push_str("(member-ptr ");
                self.qual_name(class);
                self.out.push(' ');
                self.ty(pointee);
                if *fn_const {
                    self.out.push_str(" const");
                }
                self.out.push(')');
            }
            _ => {}
        }
    }

    pub(super) fn expr_cxx(&mut self, e: &Expr<'_>) {
        match &e.kind {
            ExprKind::Name(q) => self.qual_name(q),
            ExprKind::This => self.out.push_str("this"),
            ExprKind::Construct { ty, args, braced } => {
                self.out.push_str(if *braced {
                    "(construct-braced "
                } else {
                    "(construct "
                });
                self.ty(ty);
                for a in *args {
                    self.out.push(' ');
                    self.expr(a);
                }
                self.out.push(')');
            }
            ExprKind::QualMember { base, name, arrow } => {
                self.out.push_str(if *arrow { "(-> " } else { "(. " });
                self.expr(base);
                self.out.push(' ');
                self.qual_name(name);
                self.out.push(')');
            }
            _ => {}
        }
    }
}

fn access_name(a: Access) -> &'static str {
    match a {
        Access::Public => "public",
        Access::Protected => "protected",
        Access::Private => "private",
    }
}
