//! Random expressions of a requested type over what a scope offers (variables, arrays,
//! callables), with literals biased towards boundary values.

use crate::features::Features;
use crate::rng::Rng;
use crate::tree::{BinOp, CmpOp, Expr};
use crate::types::{Ty, FLOATS, INTS};

/// Something an expression may call: text with holes for the arguments.
#[derive(Clone, Debug)]
pub struct Callable {
    pub text: String,
    pub ret: Ty,
    pub params: Vec<Ty>,
}

/// What expressions in one place may read.
#[derive(Clone, Debug, Default)]
pub struct Scope {
    /// Assignable scalars.
    pub vars: Vec<(String, Ty)>,
    /// Read-only scalars (loop counters, `tid`).
    pub readonly: Vec<(String, Ty)>,
    /// Arrays: name, element type, length, assignable.
    pub arrays: Vec<(String, Ty, u32, bool)>,
    pub callables: Vec<Callable>,
    /// The kernel's scope (may read `gbuf`).
    pub in_kernel: bool,
    /// Statements of fixed text the scope offers (struct copies, class updates), with holes
    /// for expressions of the given types.
    pub stmt_forms: Vec<(String, Vec<Ty>)>,
    /// Element lvalues with a hole for the index (`sa[((unsigned int)({0})) % 3u].m1`),
    /// already in bounds for any index value.
    pub indexed: Vec<(String, Ty)>,
    /// Inside a device function returning this type (`if (c) return e;` is allowed).
    pub returns: Option<Ty>,
}

pub struct ExprGen<'a> {
    pub rng: &'a mut Rng,
    pub features: Features,
}

impl ExprGen<'_> {
    /// A scalar type the features allow.
    pub fn scalar_ty(&mut self) -> Ty {
        if self.rng.chance(4) {
            return Ty::Bool;
        }
        self.arith_ty()
    }

    /// A scalar type other than `bool` (class members, which need the wrapping helpers).
    pub fn arith_ty(&mut self) -> Ty {
        if self.features.has("float") && self.rng.chance(25) {
            *self.rng.pick(FLOATS)
        } else if self.rng.chance(50) {
            *self.rng.pick(&[Ty::I32, Ty::U32, Ty::I64, Ty::U64])
        } else {
            *self.rng.pick(INTS)
        }
    }

    pub fn int_ty(&mut self) -> Ty {
        *self.rng.pick(INTS)
    }

    /// An index expression: half of the time the innermost loop counter plus a small
    /// constant (the shapes loop optimizations look for), else any integer expression.
    pub fn index(&mut self, depth: u32, scope: &Scope) -> Expr {
        let counter = scope.readonly.iter().rev().find(|v| v.0.starts_with('i'));
        if let (Some((name, t)), true) = (counter, self.rng.chance(50)) {
            let c = self.rng.below(4);
            return Expr::Bin(
                BinOp::Add,
                *t,
                Box::new(Expr::Var(name.clone(), *t)),
                Box::new(Expr::Lit(*t, c)),
            );
        }
        let it = self.int_ty();
        self.expr(it, depth, scope)
    }

    pub fn literal(&mut self, t: Ty) -> Expr {
        let bits = match t {
            Ty::Bool => self.rng.below(2),
            Ty::F32 => {
                let x: f32 = match self.rng.below(10) {
                    0 => 0.0,
                    1 => -0.0,
                    2 => 1.0,
                    3 => -1.5,
                    4 => 1e-40,
                    5 => 3.0e38,
                    6 => 0.1,
                    _ => (self.rng.below(4001) as f32 - 2000.0) / 8.0,
                };
                x.to_bits() as u64
            }
            Ty::F64 => {
                let x: f64 = match self.rng.below(10) {
                    0 => 0.0,
                    1 => -0.0,
                    2 => 1.0,
                    3 => -1.5,
                    4 => 1e-310,
                    5 => 1.0e308,
                    6 => 0.1,
                    _ => (self.rng.below(4001) as f64 - 2000.0) / 8.0,
                };
                x.to_bits()
            }
            _ => match self.rng.below(8) {
                0 => *self.rng.pick(&[0u64, 1, 2, 3, 7, 8, 31, 32, 63, 64]),
                1 => *self.rng.pick(&[
                    0x7f,
                    0x80,
                    0xff,
                    0x7fff,
                    0x8000,
                    0xffff,
                    0x7fff_ffff,
                    0x8000_0000,
                    0xffff_ffff,
                    0x7fff_ffff_ffff_ffff,
                    0x8000_0000_0000_0000,
                    u64::MAX,
                ]),
                2 => self.rng.next_u64(),
                3 => (self.rng.below(20) as i64 - 10) as u64,
                _ => self.rng.below(100),
            },
        };
        Expr::Lit(t, bits)
    }

    /// A leaf of type `t`: a variable of that type, another one cast, or a literal.
    fn leaf(&mut self, t: Ty, scope: &Scope) -> Expr {
        let same: Vec<&(String, Ty)> = scope
            .vars
            .iter()
            .chain(&scope.readonly)
            .filter(|v| v.1 == t)
            .collect();
        if !same.is_empty() && self.rng.chance(60) {
            let (n, t) = *self.rng.pick(&same);
            return Expr::Var(n.clone(), *t);
        }
        let all: Vec<&(String, Ty)> = scope.vars.iter().chain(&scope.readonly).collect();
        if !all.is_empty() && t != Ty::Bool && self.rng.chance(50) {
            let (n, from) = *self.rng.pick(&all);
            return Expr::Cast(t, Box::new(Expr::Var(n.clone(), *from)));
        }
        self.literal(t)
    }

    pub fn bool_expr(&mut self, depth: u32, scope: &Scope) -> Expr {
        if self.rng.chance(15) {
            return self.leaf(Ty::Bool, scope);
        }
        if depth == 0 {
            let t = self.scalar_ty();
            let a = self.leaf(t, scope);
            let b = self.leaf(t, scope);
            return Expr::Cmp(CmpOp::Lt, Box::new(a), Box::new(b));
        }
        match self.rng.below(10) {
            0 | 1 => {
                let a = self.bool_expr(depth - 1, scope);
                let b = self.bool_expr(depth - 1, scope);
                Expr::Logic(self.rng.chance(50), Box::new(a), Box::new(b))
            }
            2 => Expr::Not(Box::new(self.bool_expr(depth - 1, scope))),
            3 => {
                let t = self.int_ty();
                Expr::Cast(Ty::Bool, Box::new(self.expr(t, depth - 1, scope)))
            }
            _ => {
                let t = self.scalar_ty();
                let a = self.expr(t, depth - 1, scope);
                let b = self.expr(t, depth - 1, scope);
                let op = *self.rng.pick(&[
                    CmpOp::Lt,
                    CmpOp::Le,
                    CmpOp::Gt,
                    CmpOp::Ge,
                    CmpOp::Eq,
                    CmpOp::Ne,
                ]);
                Expr::Cmp(op, Box::new(a), Box::new(b))
            }
        }
    }

    /// An expression of type `t` at most `depth` levels deep.
    pub fn expr(&mut self, t: Ty, depth: u32, scope: &Scope) -> Expr {
        if t == Ty::Bool {
            return self.bool_expr(depth, scope);
        }
        if depth == 0 || self.rng.chance(20) {
            return self.leaf(t, scope);
        }
        let d = depth - 1;
        match self.rng.below(16) {
            0..=5 => {
                let ops: &[BinOp] = if t.is_float() {
                    &[BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Div]
                } else {
                    &[
                        BinOp::Add,
                        BinOp::Sub,
                        BinOp::Mul,
                        BinOp::Div,
                        BinOp::Rem,
                        BinOp::And,
                        BinOp::Or,
                        BinOp::Xor,
                        BinOp::Shl,
                        BinOp::Shr,
                    ]
                };
                let op = *self.rng.pick(ops);
                let a = self.expr(t, d, scope);
                let b = self.expr(t, d, scope);
                Expr::Bin(op, t, Box::new(a), Box::new(b))
            }
            6 => {
                let a = self.expr(t, d, scope);
                if t.is_int() && self.rng.chance(50) {
                    Expr::BitNot(t, Box::new(a))
                } else {
                    Expr::Neg(t, Box::new(a))
                }
            }
            7 | 8 => {
                let from = self.scalar_ty();
                Expr::Cast(t, Box::new(self.expr(from, d, scope)))
            }
            9 => {
                let c = self.bool_expr(d, scope);
                let a = self.expr(t, d, scope);
                let b = self.expr(t, d, scope);
                Expr::Select(Box::new(c), Box::new(a), Box::new(b))
            }
            10 | 11 => self.array_read(t, d, scope),
            12 | 13 => self.call(t, d, scope),
            _ => self.builtin(t, d, scope),
        }
    }

    fn array_read(&mut self, t: Ty, d: u32, scope: &Scope) -> Expr {
        let arrays: Vec<_> = scope.arrays.iter().filter(|a| a.1 == t).collect();
        if scope.in_kernel && t == Ty::I32 && self.features.has("arrays") && self.rng.chance(30) {
            let it = self.int_ty();
            let i = self.expr(it, d, scope);
            return Expr::Raw(
                Ty::I32,
                "gbuf[tid * 8u + ((unsigned int)({0})) % 8u]".into(),
                vec![i],
            );
        }
        let indexed: Vec<_> = scope.indexed.iter().filter(|a| a.1 == t).collect();
        if !indexed.is_empty() && (arrays.is_empty() || self.rng.chance(40)) {
            let text = self.rng.pick(&indexed).0.clone();
            let i = self.index(d, scope);
            return Expr::Raw(t, text, vec![i]);
        }
        if arrays.is_empty() {
            return self.leaf(t, scope);
        }
        let (name, ty, len, _) = *self.rng.pick(&arrays);
        let i = self.index(d, scope);
        if self.rng.chance(30) {
            // Through pointer arithmetic instead of a subscript.
            return Expr::Raw(
                *ty,
                format!("*({name} + ((unsigned int)({{0}})) % {len}u)"),
                vec![i],
            );
        }
        Expr::Index(name.clone(), *ty, *len, Box::new(i))
    }

    fn call(&mut self, t: Ty, d: u32, scope: &Scope) -> Expr {
        let fits: Vec<_> = scope.callables.iter().filter(|c| c.ret == t).collect();
        if fits.is_empty() {
            return self.builtin(t, d, scope);
        }
        let c = (*self.rng.pick(&fits)).clone();
        let args = c.params.iter().map(|&p| self.expr(p, d, scope)).collect();
        Expr::Raw(t, c.text, args)
    }

    /// Builtins: integer intrinsics, float math with correctly rounded results, templates.
    fn builtin(&mut self, t: Ty, d: u32, scope: &Scope) -> Expr {
        let f = self.features;
        let mut forms: Vec<(&str, Vec<Ty>)> = Vec::new();
        match t {
            Ty::F32 => {
                forms.extend([
                    ("fmaf({0}, {1}, {2})", vec![t, t, t]),
                    ("sqrtf({0})", vec![t]),
                    ("fabsf({0})", vec![t]),
                    ("fminf({0}, {1})", vec![t, t]),
                    ("fmaxf({0}, {1})", vec![t, t]),
                    ("floorf({0})", vec![t]),
                    ("ceilf({0})", vec![t]),
                    ("truncf({0})", vec![t]),
                    ("rintf({0})", vec![t]),
                ]);
            }
            Ty::F64 => {
                forms.extend([
                    ("fma({0}, {1}, {2})", vec![t, t, t]),
                    ("sqrt({0})", vec![t]),
                    ("fabs({0})", vec![t]),
                    ("fmin({0}, {1})", vec![t, t]),
                    ("fmax({0}, {1})", vec![t, t]),
                    ("floor({0})", vec![t]),
                    ("trunc({0})", vec![t]),
                ]);
            }
            _ => {}
        }
        if f.has("intrinsics") {
            match t {
                Ty::I32 => forms.extend([
                    ("__popc({0})", vec![Ty::U32]),
                    ("__clz({0})", vec![Ty::I32]),
                    ("__ffs({0})", vec![Ty::I32]),
                    ("__mulhi({0}, {1})", vec![Ty::I32, Ty::I32]),
                    ("__popcll({0})", vec![Ty::U64]),
                    ("__clzll({0})", vec![Ty::I64]),
                ]),
                Ty::U32 => forms.extend([
                    ("__brev({0})", vec![Ty::U32]),
                    ("__umulhi({0}, {1})", vec![Ty::U32, Ty::U32]),
                    (
                        "__byte_perm({0}, {1}, {2})",
                        vec![Ty::U32, Ty::U32, Ty::U32],
                    ),
                ]),
                Ty::U64 => forms.push(("__brevll({0})", vec![Ty::U64])),
                Ty::I64 => forms.push(("__mul64hi({0}, {1})", vec![Ty::I64, Ty::I64])),
                _ => {}
            }
        }
        let tsel;
        let trot;
        if f.has("templates") {
            tsel = format!("ox_tsel<{}>({{0}}, {{1}}, {{2}})", t.c_name());
            forms.push((&tsel, vec![t, t, Ty::Bool]));
            if t == Ty::U32 {
                trot = format!("ox_trot<{}>({{0}})", self.rng.range(1, 31));
                forms.push((&trot, vec![Ty::U32]));
            }
        }
        if forms.is_empty() {
            let a = self.expr(t, d, scope);
            let b = self.expr(t, d, scope);
            return Expr::Bin(BinOp::Xor, t, Box::new(a), Box::new(b));
        }
        let (text, params) = self.rng.pick(&forms).clone();
        let args = params.iter().map(|&p| self.expr(p, d, scope)).collect();
        Expr::Raw(t, text.to_string(), args)
    }
}
