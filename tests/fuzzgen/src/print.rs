//! Prints a program tree as CUDA C++. Every printed expression has exactly the C type of
//! its node (explicit casts everywhere), and every operation that could be undefined is
//! printed in a safe form: integer `+ - *` and negation wrap in an unsigned type, shifts mask
//! their count, division and remainder go through guarded helpers, float-to-integer casts
//! through range-checked helpers, and indices are taken modulo the array's length.

use crate::prelude::PRELUDE;
use crate::tree::{BinOp, CmpOp, Expr, Function, LVal, LoopKind, Program, Stmt};
use crate::types::Ty;
use std::fmt::Write;

/// Replaces `{k}` holes of `template` by `args[k]`.
pub fn fill(template: &str, args: &[String]) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(at) = rest.find('{') {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 1..];
        let digits: String = tail.chars().take_while(char::is_ascii_digit).collect();
        if !digits.is_empty() && tail[digits.len()..].starts_with('}') {
            let k: usize = digits.parse().expect("digits");
            out.push_str(&args[k]);
            rest = &tail[digits.len() + 1..];
        } else {
            out.push('{');
            rest = tail;
        }
    }
    out.push_str(rest);
    out
}

pub fn expr(e: &Expr) -> String {
    match e {
        Expr::Lit(t, bits) => t.literal(*bits),
        Expr::Var(name, _) => name.clone(),
        Expr::Bin(op, t, a, b) => bin(*op, *t, &expr(a), &expr(b)),
        Expr::Cmp(op, a, b) => {
            let o = match op {
                CmpOp::Lt => "<",
                CmpOp::Le => "<=",
                CmpOp::Gt => ">",
                CmpOp::Ge => ">=",
                CmpOp::Eq => "==",
                CmpOp::Ne => "!=",
            };
            format!("(({}) {o} ({}))", expr(a), expr(b))
        }
        Expr::Logic(and, a, b) => {
            let o = if *and { "&&" } else { "||" };
            format!("(({}) {o} ({}))", expr(a), expr(b))
        }
        Expr::Not(a) => format!("(!({}))", expr(a)),
        Expr::Neg(t, a) if t.is_float() => format!("(-({}))", expr(a)),
        Expr::Neg(t, a) => {
            let w = t.wrap_ty().c_name();
            format!("(({})(({w})0 - ({w})({})))", t.c_name(), expr(a))
        }
        Expr::BitNot(t, a) => format!("(({})(~({})))", t.c_name(), expr(a)),
        Expr::Cast(t, a) => cast(*t, a.ty(), &expr(a)),
        Expr::Select(c, a, b) => format!("(({}) ? ({}) : ({}))", expr(c), expr(a), expr(b)),
        Expr::Index(name, _, len, i) => format!("{name}[((unsigned int)({})) % {len}u]", expr(i)),
        Expr::Raw(_, text, kids) => {
            let args: Vec<String> = kids.iter().map(expr).collect();
            format!("({})", fill(text, &args))
        }
    }
}

fn bin(op: BinOp, t: Ty, a: &str, b: &str) -> String {
    let c = t.c_name();
    let w = t.wrap_ty().c_name();
    let mask = if t.bits() == 64 { 63 } else { 31 };
    match op {
        BinOp::Add | BinOp::Sub | BinOp::Mul if t.is_float() => {
            format!("(({a}) {} ({b}))", sym(op))
        }
        BinOp::Div if t.is_float() => format!("(({a}) / ({b}))"),
        BinOp::Add | BinOp::Sub | BinOp::Mul => {
            format!("(({c})(({w})({a}) {} ({w})({b})))", sym(op))
        }
        BinOp::Div => format!("ox_div_{}({a}, {b})", t.tag()),
        BinOp::Rem => format!("ox_rem_{}({a}, {b})", t.tag()),
        BinOp::And | BinOp::Or | BinOp::Xor => format!("(({c})(({a}) {} ({b})))", sym(op)),
        BinOp::Shl => format!("(({c})(({w})({a}) << ((unsigned int)({b}) & {mask}u)))"),
        BinOp::Shr => format!("(({c})(({a}) >> ((unsigned int)({b}) & {mask}u)))"),
    }
}

fn sym(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Rem => "%",
        BinOp::And => "&",
        BinOp::Or => "|",
        BinOp::Xor => "^",
        BinOp::Shl => "<<",
        BinOp::Shr => ">>",
    }
}

fn cast(to: Ty, from: Ty, a: &str) -> String {
    if from.is_float() && to.is_int() {
        format!("ox_{}_to_{}({a})", from.tag(), to.tag())
    } else {
        format!("(({})({a}))", to.c_name())
    }
}

fn lval(l: &LVal) -> String {
    match l {
        LVal::Var(name, _) => name.clone(),
        LVal::Index(name, _, len, i) => format!("{name}[((unsigned int)({})) % {len}u]", expr(i)),
        LVal::Raw(text, _, kids) => fill(text, &kids.iter().map(expr).collect::<Vec<_>>()),
    }
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

pub fn stmts(out: &mut String, list: &[Stmt], depth: usize) {
    for s in list {
        stmt(out, s, depth);
    }
}

fn block(out: &mut String, list: &[Stmt], depth: usize) {
    out.push_str("{\n");
    stmts(out, list, depth + 1);
    indent(out, depth);
    out.push('}');
}

fn stmt(out: &mut String, s: &Stmt, depth: usize) {
    indent(out, depth);
    match s {
        Stmt::Assign(l, e) => {
            let _ = writeln!(out, "{} = {};", lval(l), expr(e));
        }
        Stmt::If(c, a, b) => {
            let _ = write!(out, "if ({}) ", expr(c));
            block(out, a, depth);
            if !b.is_empty() {
                out.push_str(" else ");
                block(out, b, depth);
            }
            out.push('\n');
        }
        Stmt::Loop(kind, var, n, body) => {
            match kind {
                LoopKind::For => {
                    let _ = write!(out, "for (int {var} = 0; {var} < {n}; {var}++) ");
                    block(out, body, depth);
                }
                LoopKind::While => {
                    let _ = write!(out, "{{ int {var} = {n}; while ({var}-- > 0) ");
                    block(out, body, depth);
                    out.push_str(" }");
                }
                LoopKind::DoWhile => {
                    let _ = write!(out, "{{ int {var} = 0; do ");
                    block(out, body, depth);
                    let _ = write!(out, " while (++{var} < {n}); }}");
                }
            }
            out.push('\n');
        }
        Stmt::DynLoop(var, max, bound, body) => {
            let _ = write!(
                out,
                "for (int {var} = 0; {var} < (int)((unsigned int)({}) % {}u); {var}++) ",
                expr(bound),
                max + 1
            );
            block(out, body, depth);
            out.push('\n');
        }
        Stmt::Switch(e, cases, default, labels) => {
            if labels.is_empty() {
                let _ = writeln!(
                    out,
                    "switch ((int)((unsigned int)({}) % {}u)) {{",
                    expr(e),
                    cases.len().max(1)
                );
            } else {
                // Cast to the labels' type: a bit-field of `unsigned int : 9` promotes to
                // `int`, where a label above INT_MAX would be a narrowing conversion (nvcc
                // rejects it; seed 4114400).
                let _ = writeln!(out, "switch (({})({})) {{", e.ty().c_name(), expr(e));
            }
            for (k, (body, brk)) in cases.iter().enumerate() {
                indent(out, depth);
                match labels.get(k) {
                    Some(&l) => {
                        let _ = write!(out, "case {}: ", e.ty().literal(l));
                    }
                    None => {
                        let _ = write!(out, "case {k}: ");
                    }
                }
                block(out, body, depth);
                out.push_str(if *brk { " break;\n" } else { "\n" });
            }
            indent(out, depth);
            out.push_str("default: ");
            block(out, default, depth);
            out.push('\n');
            indent(out, depth);
            out.push_str("}\n");
        }
        Stmt::Break => out.push_str("break;\n"),
        Stmt::Continue => out.push_str("continue;\n"),
        Stmt::Raw(text, kids) => {
            let _ = writeln!(
                out,
                "{}",
                fill(text, &kids.iter().map(expr).collect::<Vec<_>>())
            );
        }
        Stmt::Sealed(list) => {
            out.push_str("{\n");
            stmts(out, list, depth + 1);
            indent(out, depth);
            out.push_str("}\n");
        }
    }
}

fn function(out: &mut String, f: &Function) {
    if let Some(t) = &f.template {
        let _ = writeln!(out, "{t}");
    }
    let params: Vec<String> = f
        .params
        .iter()
        .map(|(n, t)| format!("{} {n}", t.c_name()))
        .collect();
    let _ = writeln!(
        out,
        "__device__ {} {}({}) {{",
        f.ret.c_name(),
        f.name,
        params.join(", ")
    );
    for d in &f.decls {
        let _ = writeln!(out, "  {}", d.text);
    }
    stmts(out, &f.body, 1);
    let _ = writeln!(out, "  return {};\n}}\n", expr(&f.result));
}

/// The outputs of the kernel, in `out` order.
pub fn outputs(p: &Program) -> Vec<(String, Ty)> {
    p.kernel_decls
        .iter()
        .flat_map(|d| d.outputs.clone())
        .collect()
}

/// The whole `.cu` file.
pub fn program(p: &Program) -> String {
    let mut out = String::from(PRELUDE);
    for g in &p.globals {
        out.push_str(g);
        out.push('\n');
    }
    out.push('\n');
    for f in &p.functions {
        function(&mut out, f);
    }
    let outs = outputs(p);
    out.push_str(
        "__global__ void fuzz_kernel(unsigned long long* out, const unsigned long long* in, \
         int* gbuf, unsigned int* acc) {\n",
    );
    out.push_str("  const unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;\n");
    for d in &p.kernel_decls {
        let _ = writeln!(out, "  {}", d.text);
    }
    stmts(&mut out, &p.kernel_body, 1);
    for (k, (name, _)) in outs.iter().enumerate() {
        let _ = writeln!(
            out,
            "  out[tid * {}u + {k}u] = ox_bits({name});",
            outs.len()
        );
    }
    out.push_str("}\n");
    out
}
