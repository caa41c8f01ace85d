//! `--emit=sema`: the typed tree as indented text, one node per line with its type and
//! value category, the implicit nodes (conversions, reads of lvalues, array decay) spelled
//! out — the counterpart of clang's `-ast-dump`, and the form the snapshot tests check.

use std::fmt::Write;

use crate::intern::Interner;
use crate::sema::tree::{
    Body, Category, Decl, EntityRef, ExprId, ExprKind, LocalStorage, NewInit, StmtId, StmtKind,
};
use crate::sema::types::TypeTable;

/// Prints a body. `entity` names the variables and functions declared outside it.
pub fn dump_body(
    body: &Body,
    types: &TypeTable,
    interner: &Interner,
    entity: &dyn Fn(EntityRef) -> String,
) -> String {
    let mut p = Printer {
        body,
        types,
        interner,
        entity,
        out: String::new(),
    };
    for &s in &body.top {
        p.stmt(s, 1);
    }
    p.out
}

struct Printer<'a> {
    body: &'a Body,
    types: &'a TypeTable,
    interner: &'a Interner,
    entity: &'a dyn Fn(EntityRef) -> String,
    out: String,
}

impl Printer<'_> {
    fn line(&mut self, depth: usize, text: &str) {
        for _ in 0..depth {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn stmt(&mut self, id: StmtId, d: usize) {
        let s = self.body.stmt(id).clone();
        match s.kind {
            StmtKind::Expr(e) => {
                self.line(d, "Expr");
                self.expr(e, d + 1);
            }
            StmtKind::Local { local, init, .. } => {
                let l = self.body.local(local);
                let storage = match l.storage {
                    LocalStorage::Automatic => "",
                    LocalStorage::Shared { dynamic: false } => " __shared__",
                    LocalStorage::Shared { dynamic: true } => " extern __shared__",
                    LocalStorage::Static => " static",
                    LocalStorage::Reference => " reference to",
                };
                let mut t = format!(
                    "Local{storage} {} `{}` align {}",
                    self.interner.resolve(l.name),
                    self.types.display(l.ty, self.interner),
                    l.align
                );
                if let Some(c) = l.const_value {
                    let _ = write!(t, " const {c:?}");
                }
                self.line(d, &t);
                if let Some(e) = init {
                    self.expr(e, d + 1);
                }
            }
            StmtKind::Block(v) => {
                self.line(d, "Block");
                for s in v {
                    self.stmt(s, d + 1);
                }
            }
            StmtKind::Decls(v) => {
                for s in v {
                    self.stmt(s, d);
                }
            }
            StmtKind::If { cond, then, els } => {
                self.line(d, "If");
                self.expr(cond, d + 1);
                self.stmt(then, d + 1);
                if let Some(e) = els {
                    self.line(d, "Else");
                    self.stmt(e, d + 1);
                }
            }
            StmtKind::While { cond, body, unroll } => {
                self.line(d, &format!("While{}", unroll_text(unroll)));
                self.expr(cond, d + 1);
                self.stmt(body, d + 1);
            }
            StmtKind::DoWhile { body, cond, unroll } => {
                self.line(d, &format!("DoWhile{}", unroll_text(unroll)));
                self.stmt(body, d + 1);
                self.expr(cond, d + 1);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
                unroll,
            } => {
                self.line(d, &format!("For{}", unroll_text(unroll)));
                if let Some(i) = init {
                    self.stmt(i, d + 1);
                }
                match cond {
                    Some(c) => self.expr(c, d + 1),
                    None => self.line(d + 1, "<no condition>"),
                }
                match step {
                    Some(st) => self.expr(st, d + 1),
                    None => self.line(d + 1, "<no step>"),
                }
                self.stmt(body, d + 1);
            }
            StmtKind::Switch { cond, body } => {
                self.line(d, "Switch");
                self.expr(cond, d + 1);
                self.stmt(body, d + 1);
            }
            StmtKind::Case { value, body } => {
                self.line(d, &format!("Case {value}"));
                self.stmt(body, d + 1);
            }
            StmtKind::Default { body } => {
                self.line(d, "Default");
                self.stmt(body, d + 1);
            }
            StmtKind::Break => self.line(d, "Break"),
            StmtKind::Continue => self.line(d, "Continue"),
            StmtKind::Return(v) => {
                self.line(d, "Return");
                if let Some(e) = v {
                    self.expr(e, d + 1);
                }
            }
            StmtKind::Empty => self.line(d, "Empty"),
            StmtKind::LocalType { name, ty } => {
                let ty = self.types.display(ty, self.interner);
                let name = self.interner.resolve(name);
                self.line(d, &format!("LocalType {name} = `{ty}`"))
            }
            StmtKind::Asm(a) => {
                let text: String = a
                    .pieces
                    .iter()
                    .map(|p| match p {
                        oxicc_ir::AsmPiece::Text(t) => t.clone(),
                        oxicc_ir::AsmPiece::Operand(n) => format!("%{n}"),
                    })
                    .collect();
                let flags = match (a.volatile, a.memory) {
                    (true, true) => " volatile memory",
                    (true, false) => " volatile",
                    (false, true) => " memory",
                    (false, false) => "",
                };
                self.line(d, &format!("Asm{flags} {text:?}"));
                for o in &a.outputs {
                    let m = if o.read_write { '+' } else { '=' };
                    self.line(d + 1, &format!("Output {m}{}", o.reg.letter()));
                    self.expr(o.place, d + 2);
                }
                for i in &a.inputs {
                    self.line(d + 1, &format!("Input {}", i.reg.letter()));
                    self.expr(i.value, d + 2);
                }
            }
        }
    }

    fn expr(&mut self, id: ExprId, d: usize) {
        let e = self.body.expr(id).clone();
        let cat = match e.cat {
            Category::LValue => "lvalue",
            Category::PRValue => "prvalue",
        };
        let ty = self.types.display(e.ty, self.interner);
        let head = match &e.kind {
            ExprKind::IntConst(v) => format!("IntConst {v}"),
            ExprKind::FloatConst(v) => format!("FloatConst {v:?}"),
            ExprKind::StrLit(b) => format!("StrLit {:?}", String::from_utf8_lossy(b)),
            ExprKind::Const(c) => format!("Const {c:?}"),
            ExprKind::Name(Decl::Local(l)) => {
                format!("Local {}", self.interner.resolve(self.body.local(*l).name))
            }
            ExprKind::Name(Decl::Entity(r)) => format!("Name {}", (self.entity)(*r)),
            ExprKind::BuiltinMember(v, c) => format!("{v:?}.{}", ["x", "y", "z"][*c as usize]),
            ExprKind::WarpSize => "WarpSize".into(),
            ExprKind::This => "This".into(),
            ExprKind::Construct {
                from_expr: true, ..
            } => "Construct (from expression)".into(),
            ExprKind::Construct { .. } => "Construct".into(),
            ExprKind::Temporary { .. } => "Temporary".into(),
            ExprKind::Aggregate { leaves } if leaves.is_empty() => "Aggregate zeroed".into(),
            ExprKind::Aggregate { leaves } => format!(
                "Aggregate at {}",
                leaves
                    .iter()
                    .map(|l| l.offset.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            ExprKind::New { elem, count, init } => format!(
                "New{} `{}`{}",
                if count.is_some() { "[]" } else { "" },
                self.types.display(*elem, self.interner),
                match init {
                    NewInit::Default => "",
                    NewInit::Zero => " zeroed",
                    NewInit::Value(_) => " from",
                }
            ),
            ExprKind::Delete { array, .. } => if *array { "Delete[]" } else { "Delete" }.into(),
            ExprKind::Convert { kind, .. } => format!("Convert {kind:?}"),
            ExprKind::Cast { kind, .. } => format!("Cast {kind:?}"),
            ExprKind::Binary { op, op_ty, .. } => format!(
                "Binary {op:?} in `{}`",
                self.types.display(*op_ty, self.interner)
            ),
            ExprKind::PointerCompoundAssign { sub, .. } => {
                format!("PointerCompoundAssign {}=", if *sub { "-" } else { "+" })
            }
            ExprKind::PointerOffset { sub, .. } => {
                format!("PointerOffset {}", if *sub { "-" } else { "+" })
            }
            ExprKind::PointerDiff { .. } => "PointerDiff".into(),
            ExprKind::Logical { and, .. } => if *and { "LogicalAnd" } else { "LogicalOr" }.into(),
            ExprKind::Comma { .. } => "Comma".into(),
            ExprKind::Unary { op, .. } => format!("Unary {op:?}"),
            ExprKind::Deref(_) => "Deref".into(),
            ExprKind::AddrOf(_) => "AddrOf".into(),
            ExprKind::IncDec { op, .. } => format!("IncDec {op:?}"),
            ExprKind::Assign { .. } => "Assign".into(),
            ExprKind::CompoundAssign { op, op_ty, .. } => format!(
                "CompoundAssign {op:?} in `{}`",
                self.types.display(*op_ty, self.interner)
            ),
            ExprKind::Cond { select, .. } => {
                format!("Cond{}", if *select { " select" } else { "" })
            }
            ExprKind::Index { .. } => "Index".into(),
            ExprKind::Field { name, offset, .. } => {
                format!("Field {} +{offset}", self.interner.resolve(*name))
            }
            ExprKind::MemberCall { func, .. } => {
                format!("MemberCall {}", (self.entity)(EntityRef::Func(*func)))
            }
            ExprKind::Call {
                func,
                overloaded,
                made_first,
                ..
            } => {
                let how = if *overloaded { " (overload)" } else { "" };
                let made = made_first
                    .map(|i| {
                        let inst = (self.entity)(EntityRef::Instance(i));
                        format!(" (after making {inst})")
                    })
                    .unwrap_or_default();
                format!("Call {}{how}{made}", (self.entity)(EntityRef::Func(*func)))
            }
            ExprKind::InstanceCall {
                instance, resolved, ..
            } => {
                let how = if *resolved { ", overload" } else { "" };
                format!(
                    "Call {} (template{how})",
                    (self.entity)(EntityRef::Instance(*instance))
                )
            }
            ExprKind::BuiltinCall { name, .. } => {
                format!("BuiltinCall {}", self.interner.resolve(*name))
            }
            ExprKind::Lambda { captures, .. } => {
                let caps: Vec<String> = captures
                    .iter()
                    .map(|c| {
                        let by = if c.by_ref { "&" } else { "" };
                        format!("{by}{}", self.interner.resolve(c.name))
                    })
                    .collect();
                format!("Lambda [{}]", caps.join(", "))
            }
            ExprKind::ClosureCall { .. } => "ClosureCall".into(),
        };
        let npc = if e.npc { " npc" } else { "" };
        self.line(d, &format!("{head} : `{ty}` {cat}{npc}"));
        for c in children(&e.kind) {
            self.expr(c, d + 1);
        }
    }
}

fn unroll_text(u: Option<crate::sema::tree::Unroll>) -> String {
    match u {
        None => String::new(),
        Some(crate::sema::tree::Unroll::Full) => " unroll".into(),
        Some(crate::sema::tree::Unroll::Count(n)) => format!(" unroll {n}"),
    }
}

/// The operands of an expression node, in evaluation order.
fn children(k: &ExprKind) -> Vec<ExprId> {
    match k {
        ExprKind::IntConst(_)
        | ExprKind::FloatConst(_)
        | ExprKind::StrLit(_)
        | ExprKind::Const(_)
        | ExprKind::Name(_)
        | ExprKind::BuiltinMember(..)
        | ExprKind::WarpSize
        | ExprKind::This
        | ExprKind::Lambda { .. } => Vec::new(),
        ExprKind::Convert { expr, .. }
        | ExprKind::Cast { expr, .. }
        | ExprKind::Unary { expr, .. }
        | ExprKind::Deref(expr)
        | ExprKind::AddrOf(expr) => vec![*expr],
        ExprKind::IncDec { target, .. } => vec![*target],
        ExprKind::Binary { lhs, rhs, .. }
        | ExprKind::PointerDiff { lhs, rhs }
        | ExprKind::Logical { lhs, rhs, .. }
        | ExprKind::Comma { lhs, rhs } => vec![*lhs, *rhs],
        ExprKind::PointerOffset { ptr, index, .. } | ExprKind::Index { ptr, index } => {
            vec![*ptr, *index]
        }
        ExprKind::Assign { target, value } | ExprKind::CompoundAssign { target, value, .. } => {
            vec![*target, *value]
        }
        ExprKind::PointerCompoundAssign { target, index, .. } => vec![*target, *index],
        ExprKind::Cond {
            cond, then, els, ..
        } => vec![*cond, *then, *els],
        ExprKind::Field { base, .. } => vec![*base],
        ExprKind::Call { args, .. }
        | ExprKind::BuiltinCall { args, .. }
        | ExprKind::Construct { args, .. }
        | ExprKind::Temporary { args } => args.clone(),
        ExprKind::MemberCall { object, args, .. } | ExprKind::InstanceCall { object, args, .. } => {
            object.iter().chain(args).copied().collect()
        }
        ExprKind::New { count, init, .. } => {
            let value = match init {
                NewInit::Value(v) => Some(*v),
                _ => None,
            };
            count.iter().copied().chain(value).collect()
        }
        ExprKind::Delete { ptr, .. } => vec![*ptr],
        ExprKind::Aggregate { leaves } => leaves.iter().map(|l| l.value).collect(),
        ExprKind::ClosureCall { object, args, .. } => {
            std::iter::once(object).chain(args).copied().collect()
        }
    }
}
