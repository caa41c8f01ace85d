//! Random statements: assignments, `if`, `switch`, loops with fixed trip counts and their
//! own counters, `break`/`continue` where they are legal, commutative atomics, and at the
//! kernel's top level (where control flow is uniform) shared-memory exchanges around
//! `__syncthreads` and warp collectives with full masks.

use crate::expr::{ExprGen, Scope};
use crate::tree::{BinOp, Expr, LVal, LoopKind, Stmt, ACC_OPS};
use crate::types::Ty;

/// Where a statement is generated.
#[derive(Clone, Copy)]
pub struct Place {
    pub depth: u32,
    pub in_loop: bool,
    pub in_switch: bool,
    /// Product of the trip counts of the enclosing loops (bounds the work).
    pub trips: u32,
    /// The kernel's top level: uniform control flow.
    pub top: bool,
}

pub struct StmtGen<'a, 'r> {
    pub eg: ExprGen<'r>,
    pub budget: &'a mut u32,
    pub next_loop: &'a mut u32,
    /// Block size (shared-memory exchanges pick a partner modulo it).
    pub block: u32,
}

const EXPR_DEPTH: u32 = 3;

impl StmtGen<'_, '_> {
    pub fn block(&mut self, scope: &Scope, place: Place, max: u32) -> Vec<Stmt> {
        let n = self.eg.rng.range(1, max as u64) as u32;
        let mut out = Vec::new();
        for _ in 0..n {
            if *self.budget == 0 {
                break;
            }
            *self.budget -= 1;
            out.push(self.stmt(scope, place));
        }
        out
    }

    fn assign(&mut self, scope: &Scope) -> Stmt {
        let f = self.eg.features;
        let writable: Vec<_> = scope.arrays.iter().filter(|a| a.3).cloned().collect();
        let r = self.eg.rng.below(10);
        let lv = if r < 2 && !writable.is_empty() {
            let (name, t, len, _) = self.eg.rng.pick(&writable).clone();
            let i = self.eg.index(2, scope);
            if self.eg.rng.chance(30) {
                LVal::Raw(
                    format!("*({name} + ((unsigned int)({{0}})) % {len}u)"),
                    t,
                    vec![i],
                )
            } else {
                LVal::Index(name, t, len, i)
            }
        } else if r == 3 && !scope.indexed.is_empty() {
            let (text, t) = self.eg.rng.pick(&scope.indexed).clone();
            LVal::Raw(text, t, vec![self.eg.index(2, scope)])
        } else if r < 3 && scope.in_kernel && f.has("arrays") {
            let it = self.eg.int_ty();
            LVal::Raw(
                "gbuf[tid * 8u + ((unsigned int)({0})) % 8u]".into(),
                Ty::I32,
                vec![self.eg.expr(it, 2, scope)],
            )
        } else if !scope.vars.is_empty() {
            let (n, t) = self.eg.rng.pick(&scope.vars).clone();
            if self.eg.rng.chance(25) {
                if let Some(s) = self.compound(&n, t, scope) {
                    return s;
                }
            }
            LVal::Var(n, t)
        } else {
            return Stmt::Raw(";".into(), vec![]);
        };
        let t = lv.ty();
        let e = self.eg.expr(t, EXPR_DEPTH, scope);
        // Half of the updates read the old value (`x = x op e`), so that loops accumulate.
        let e = match &lv {
            LVal::Var(n, _) if self.eg.rng.chance(50) => {
                let op = if t.is_float() {
                    *self.eg.rng.pick(&[BinOp::Add, BinOp::Mul, BinOp::Sub])
                } else {
                    *self
                        .eg
                        .rng
                        .pick(&[BinOp::Add, BinOp::Xor, BinOp::Mul, BinOp::Sub])
                };
                Expr::Bin(op, t, Box::new(Expr::Var(n.clone(), t)), Box::new(e))
            }
            _ => e,
        };
        Stmt::Assign(lv, e)
    }

    /// `v op= e`, `++v`, `v--`, only where C++ defines them for every value: unsigned types
    /// of 32 bits or more wrap; narrow types compute in `int` without overflow (except `*`)
    /// and convert back; signed `int`/`long long` only for bitwise operators; shifts of
    /// signed values only to the right; shift counts masked to the promoted width.
    fn compound(&mut self, name: &str, t: Ty, scope: &Scope) -> Option<Stmt> {
        let wide_unsigned = matches!(t, Ty::U32 | Ty::U64);
        let narrow = t.is_int() && t.bits() <= 16;
        let mut ops: Vec<&str> = Vec::new();
        if t.is_float() {
            ops.extend(["+=", "-=", "*=", "/="]);
        } else if t.is_int() {
            ops.extend(["^=", "|=", "&=", ">>="]);
            if wide_unsigned || narrow {
                ops.extend(["+=", "-=", "++", "--", "post++", "post--"]);
            }
            if wide_unsigned {
                ops.extend(["*=", "<<="]);
            }
        }
        if ops.is_empty() {
            return None;
        }
        let op = *self.eg.rng.pick(&ops);
        let mask = if t.bits() == 64 { 63 } else { 31 };
        let text = match op {
            "++" | "--" => format!("{op}{name};"),
            "post++" => format!("{name}++;"),
            "post--" => format!("{name}--;"),
            ">>=" | "<<=" => format!("{name} {op} ((unsigned int)({{0}}) & {mask}u);"),
            _ => format!("{name} {op} {{0}};"),
        };
        let et = if op.ends_with("<=") || op.ends_with(">=") {
            Ty::U32
        } else {
            t
        };
        let e = self.eg.expr(et, EXPR_DEPTH, scope);
        Some(Stmt::Raw(text, vec![e]))
    }

    fn stmt(&mut self, scope: &Scope, place: Place) -> Stmt {
        let f = self.eg.features;
        let control = f.has("control") && place.depth < 4;
        let r = self.eg.rng.below(100);
        if place.top && r < 12 && (f.has("shared") || f.has("warp")) {
            if let Some(s) = self.uniform(scope) {
                return s;
            }
        }
        if control && r >= 88 && (place.in_loop || place.in_switch) && self.eg.rng.chance(40) {
            return if place.in_loop && self.eg.rng.chance(50) {
                Stmt::Continue
            } else {
                Stmt::Break
            };
        }
        if (17..20).contains(&r) && !scope.stmt_forms.is_empty() {
            let (text, tys) = self.eg.rng.pick(&scope.stmt_forms).clone();
            let kids = tys.iter().map(|&t| self.eg.expr(t, 2, scope)).collect();
            return Stmt::Raw(text, kids);
        }
        if let (Some(t), true) = (scope.returns, (20..23).contains(&r) && control) {
            let c = self.eg.bool_expr(2, scope);
            let e = self.eg.expr(t, 2, scope);
            return Stmt::Raw("if ({0}) return {1};".into(), vec![c, e]);
        }
        if control && (23..26).contains(&r) && place.trips < 64 {
            let max = self.eg.rng.range(1, 5) as u32;
            let var = format!("i{}", *self.next_loop);
            *self.next_loop += 1;
            let it = self.eg.int_ty();
            let bound = self.eg.expr(it, 2, scope);
            let mut s = scope.clone();
            s.readonly.push((var.clone(), Ty::I32));
            let p = Place {
                depth: place.depth + 1,
                top: false,
                in_loop: true,
                in_switch: false,
                trips: place.trips * max,
            };
            let body = self.block(&s, p, 3);
            return Stmt::DynLoop(var, max, bound, body);
        }
        if scope.in_kernel && f.has("atomics") && (12..17).contains(&r) {
            let slot = self.eg.rng.below(ACC_OPS.len() as u64) as usize;
            let e = self.eg.expr(Ty::U32, EXPR_DEPTH, scope);
            return Stmt::Raw(
                format!("{}(&acc[{slot}], {{0}});", ACC_OPS[slot].0),
                vec![e],
            );
        }
        let inner = |p: Place| Place {
            depth: p.depth + 1,
            top: false,
            ..p
        };
        if control && (70..80).contains(&r) {
            let c = self.eg.bool_expr(2, scope);
            let a = self.block(scope, inner(place), 3);
            let b = if self.eg.rng.chance(50) {
                self.block(scope, inner(place), 2)
            } else {
                Vec::new()
            };
            return Stmt::If(c, a, b);
        }
        if control && (80..86).contains(&r) && place.trips < 64 {
            let n = self.eg.rng.range(1, 6) as u32;
            let var = format!("i{}", *self.next_loop);
            *self.next_loop += 1;
            let kind = *self
                .eg
                .rng
                .pick(&[LoopKind::For, LoopKind::While, LoopKind::DoWhile]);
            let mut s = scope.clone();
            s.readonly.push((var.clone(), Ty::I32));
            let p = Place {
                in_loop: true,
                in_switch: false,
                trips: place.trips * n,
                ..inner(place)
            };
            let body = self.block(&s, p, 4);
            return Stmt::Loop(kind, var, n, body);
        }
        if control && (86..88).contains(&r) {
            let it = self.eg.int_ty();
            let e = self.eg.expr(it, 2, scope);
            let p = Place {
                in_switch: true,
                ..inner(place)
            };
            let n = self.eg.rng.range(1, 4);
            let cases = (0..n)
                .map(|_| {
                    let brk = self.eg.rng.chance(70);
                    (self.block(scope, p, 2), brk)
                })
                .collect();
            let default = self.block(scope, p, 2);
            // Half of the switches are on the value itself, with sparse labels: small
            // numbers, boundaries, and values the expression's inputs often take.
            let mut labels: Vec<u64> = Vec::new();
            if self.eg.rng.chance(50) {
                let mask = if it.bits() == 64 {
                    u64::MAX
                } else {
                    (1u64 << it.bits()) - 1
                };
                while labels.len() < n as usize {
                    let l = match self.eg.literal(it) {
                        Expr::Lit(_, b) => b & mask,
                        _ => 0,
                    };
                    if !labels.contains(&l) {
                        labels.push(l);
                    }
                }
            }
            return Stmt::Switch(e, cases, default, labels);
        }
        self.assign(scope)
    }

    /// A shared-memory exchange or a warp collective, sealed as one unit.
    fn uniform(&mut self, scope: &Scope) -> Option<Stmt> {
        let f = self.eg.features;
        let use_shared = f.has("shared") && (!f.has("warp") || self.eg.rng.chance(50));
        if use_shared {
            let targets: Vec<_> = scope
                .vars
                .iter()
                .filter(|v| matches!(v.1, Ty::I32 | Ty::U32 | Ty::F64 | Ty::U64))
                .cloned()
                .collect();
            if targets.is_empty() {
                return None;
            }
            let (name, t) = self.eg.rng.pick(&targets).clone();
            let e = self.eg.expr(t, EXPR_DEPTH, scope);
            let sh = format!("sh_{}", t.tag());
            if t == Ty::U32 && self.eg.rng.chance(40) {
                // A tree reduction over the block (wrapping unsigned sums).
                let k = self.eg.rng.below(self.block as u64);
                return Some(Stmt::Sealed(vec![
                    Stmt::Raw(format!("{sh}[threadIdx.x] = {{0}};"), vec![e]),
                    Stmt::Raw("__syncthreads();".into(), vec![]),
                    Stmt::Raw(
                        format!(
                            "for (unsigned int s = blockDim.x / 2u; s > 0u; s >>= 1) {{ \
                             if (threadIdx.x < s) {sh}[threadIdx.x] += {sh}[threadIdx.x + s]; \
                             __syncthreads(); }}"
                        ),
                        vec![],
                    ),
                    Stmt::Raw(format!("{name} ^= {sh}[{k}u % blockDim.x];"), vec![]),
                    Stmt::Raw("__syncthreads();".into(), vec![]),
                ]));
            }
            let k = self.eg.rng.below(self.block as u64);
            return Some(Stmt::Sealed(vec![
                Stmt::Raw(format!("{sh}[threadIdx.x] = {{0}};"), vec![e]),
                Stmt::Raw("__syncthreads();".into(), vec![]),
                Stmt::Raw(
                    format!("{name} = {sh}[(threadIdx.x + {k}u) % blockDim.x];"),
                    vec![],
                ),
                Stmt::Raw("__syncthreads();".into(), vec![]),
            ]));
        }
        if !f.has("warp") {
            return None;
        }
        let targets: Vec<_> = scope
            .vars
            .iter()
            .filter(|v| {
                matches!(
                    v.1,
                    Ty::I32 | Ty::U32 | Ty::I64 | Ty::U64 | Ty::F32 | Ty::F64
                )
            })
            .cloned()
            .collect();
        if targets.is_empty() {
            return None;
        }
        let (name, t) = self.eg.rng.pick(&targets).clone();
        let c = t.c_name();
        let full = "0xffffffffu";
        let text = match self.eg.rng.below(7) {
            0 => format!(
                "{name} = __shfl_xor_sync({full}, {{0}}, {});",
                self.eg.rng.range(1, 31)
            ),
            1 => format!("{name} = __shfl_sync({full}, {{0}}, (int)({{1}}));"),
            2 => format!(
                "{name} = __shfl_up_sync({full}, {{0}}, {});",
                self.eg.rng.range(0, 31)
            ),
            3 => format!(
                "{name} = __shfl_down_sync({full}, {{0}}, {}, {});",
                self.eg.rng.range(0, 7),
                self.eg.rng.pick(&[8, 16, 32])
            ),
            4 => format!("{name} = ({c})__ballot_sync({full}, {{2}});"),
            5 => format!("{name} = ({c})__any_sync({full}, {{2}});"),
            _ => format!("{name} = ({c})__all_sync({full}, {{2}});"),
        };
        let v = self.eg.expr(t, EXPR_DEPTH, scope);
        let lane = self.eg.expr(Ty::I32, 2, scope);
        let cond = self.eg.bool_expr(2, scope);
        Some(Stmt::Sealed(vec![Stmt::Raw(text, vec![v, lane, cond])]))
    }
}
