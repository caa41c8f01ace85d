//! Builds a whole program: global types and tables, device functions (plain, recursive,
//! templates), the kernel's declarations (locals read from `in`, arrays, structs, unions,
//! pointers, references, lambdas) and body, and the launch inputs.

use crate::expr::{Callable, ExprGen, Scope};
use crate::features::Features;
use crate::print;
use crate::rng::Rng;
use crate::stmt::{Place, StmtGen};
use crate::tree::{Decl, Expr, Function, Program, IN_PER_THREAD};
use crate::types::{Ty, INTS};

/// Generates the program of `seed` with `features`.
pub fn generate(seed: u64, features: Features) -> Program {
    generate_from(&mut Rng::from_seed(seed), features)
}

pub fn generate_from(rng: &mut Rng, features: Features) -> Program {
    let mut g = Gen {
        rng,
        features,
        next_loop: 0,
    };
    g.program()
}

pub(crate) struct Gen<'r> {
    pub(crate) rng: &'r mut Rng,
    pub(crate) features: Features,
    pub(crate) next_loop: u32,
}

impl Gen<'_> {
    pub(crate) fn eg(&mut self) -> ExprGen<'_> {
        ExprGen {
            rng: self.rng,
            features: self.features,
        }
    }

    pub(crate) fn has(&self, f: &str) -> bool {
        self.features.has(f)
    }

    pub(crate) fn lit(&mut self, t: Ty) -> String {
        print::expr(&self.eg().literal(t))
    }

    fn body(
        &mut self,
        scope: &Scope,
        budget: u32,
        top: bool,
        block: u32,
    ) -> Vec<crate::tree::Stmt> {
        let mut budget = budget;
        let mut sg = StmtGen {
            eg: ExprGen {
                rng: self.rng,
                features: self.features,
            },
            budget: &mut budget,
            next_loop: &mut self.next_loop,
            block,
        };
        let place = Place {
            depth: 0,
            in_loop: false,
            in_switch: false,
            trips: 1,
            top,
        };
        let mut out = Vec::new();
        while *sg.budget > 0 {
            let before = *sg.budget;
            out.extend(sg.block(scope, place, 4));
            if *sg.budget == before {
                break;
            }
        }
        out
    }

    fn program(&mut self) -> Program {
        let block = *self.rng.pick(&[32u32, 64, 128]);
        let grid = self.rng.range(1, 2) as u32;
        let mut globals = Vec::new();
        let mut shared_scope = Scope::default();
        if self.has("constant") {
            for (k, t) in [Ty::I32, Ty::U64, Ty::F32, Ty::F64].into_iter().enumerate() {
                if t.is_float() && !self.has("float") {
                    continue;
                }
                let len = *self.rng.pick(&[4u32, 8, 16]);
                let vals: Vec<String> = (0..len).map(|_| self.lit(t)).collect();
                let name = format!("c{k}_{}", t.tag());
                globals.push(format!(
                    "__constant__ {} {name}[{len}] = {{{}}};",
                    t.c_name(),
                    vals.join(", ")
                ));
                shared_scope.arrays.push((name, t, len, false));
            }
        }
        let mut functions = Vec::new();
        if self.has("templates") {
            for k in 0..self.rng.range(1, 2) {
                let name = format!("tf{k}");
                let body = self.template_body(3);
                globals.push(format!(
                    "template <typename T> __device__ T {name}(T a, T b) {{ return {body}; }}"
                ));
                for t in [
                    Ty::I8,
                    Ty::U16,
                    Ty::I32,
                    Ty::U32,
                    Ty::I64,
                    Ty::U64,
                    Ty::F32,
                    Ty::F64,
                ] {
                    if t.is_float() && !self.has("float") {
                        continue;
                    }
                    let explicit = self.rng.chance(50);
                    let text = if explicit {
                        format!("{name}<{}>({{0}}, {{1}})", t.c_name())
                    } else {
                        format!("{name}({{0}}, {{1}})")
                    };
                    shared_scope.callables.push(Callable {
                        text,
                        ret: t,
                        params: vec![t, t],
                    });
                }
            }
        }
        let classes = self.classes(&mut globals, &mut shared_scope);
        if self.has("functions") || self.has("recursion") {
            let n = self.rng.range(1, 3);
            for k in 0..n {
                let recursive =
                    self.has("recursion") && (!self.has("functions") || self.rng.chance(40));
                let f = self.function(k as u32, recursive, &shared_scope);
                let params: Vec<Ty> = f.params.iter().map(|p| p.1).collect();
                let text = if recursive {
                    format!("{}((int)((unsigned int)({{0}}) % 6u), {{1}})", f.name)
                } else {
                    let holes: Vec<String> =
                        (0..params.len()).map(|i| format!("{{{i}}}")).collect();
                    format!("{}({})", f.name, holes.join(", "))
                };
                shared_scope.callables.push(Callable {
                    text,
                    ret: f.ret,
                    params,
                });
                functions.push(f);
            }
        }
        // The kernel.
        let mut scope = shared_scope.clone();
        scope.in_kernel = true;
        scope.readonly.push(("tid".into(), Ty::U32));
        let mut decls = Vec::new();
        let nvars = self.rng.range(3, 8);
        for k in 0..nvars {
            let t = self.eg().scalar_ty();
            let slot = self.rng.below(IN_PER_THREAD as u64);
            let from = format!("in[tid * {IN_PER_THREAD}u + {slot}u]");
            let init = match t {
                Ty::F32 => format!("__uint_as_float((unsigned int){from})"),
                Ty::F64 => format!("__longlong_as_double((long long){from})"),
                Ty::Bool => format!("(bool)({from} & 1ull)"),
                _ => format!("({}){from}", t.c_name()),
            };
            let name = format!("v{k}");
            decls.push(Decl {
                text: format!("{} {name} = {init};", t.c_name()),
                outputs: vec![(name.clone(), t)],
            });
            scope.vars.push((name, t));
        }
        if self.has("arrays") {
            for k in 0..self.rng.range(1, 2) {
                let t = self.eg().scalar_ty();
                let len = *self.rng.pick(&[2u32, 4, 8]);
                let vals: Vec<String> = (0..len).map(|_| self.lit(t)).collect();
                let name = format!("a{k}");
                decls.push(Decl {
                    text: format!("{} {name}[{len}] = {{{}}};", t.c_name(), vals.join(", ")),
                    outputs: (0..len).map(|i| (format!("{name}[{i}]"), t)).collect(),
                });
                scope.arrays.push((name, t, len, true));
            }
        }
        if self.has("structs") {
            self.structs(&mut globals, &mut decls, &mut scope);
        }
        self.class_locals(&classes, &mut decls, &mut scope);
        if self.has("shared") {
            let mut text = String::new();
            for t in [Ty::I32, Ty::U32, Ty::U64, Ty::F64] {
                text.push_str(&format!("__shared__ {} sh_{}[128]; ", t.c_name(), t.tag()));
            }
            decls.push(Decl {
                text,
                outputs: vec![],
            });
        }
        if self.has("lambdas") {
            for k in 0..self.rng.range(1, 2) {
                let p = self.eg().scalar_ty();
                let r = self.eg().scalar_ty();
                let mut s = scope.clone();
                s.callables.clear();
                s.vars.push(("p".into(), p));
                let e = self.eg().expr(r, 3, &s);
                let name = format!("lam{k}");
                decls.push(Decl {
                    text: format!(
                        "auto {name} = [&]({} p) -> {} {{ return {}; }};",
                        p.c_name(),
                        r.c_name(),
                        print::expr(&e)
                    ),
                    outputs: vec![],
                });
                scope.callables.push(Callable {
                    text: format!("{name}({{0}})"),
                    ret: r,
                    params: vec![p],
                });
            }
        }
        let budget = self.rng.range(6, 36) as u32;
        let kernel_body = self.body(&scope, budget, true, block);
        let threads = (grid * block) as usize;
        let inputs = (0..threads * IN_PER_THREAD as usize)
            .map(|_| self.input_value())
            .collect();
        let gbuf = (0..threads * crate::tree::GBUF_PER_THREAD as usize)
            .map(|_| self.eg().literal(Ty::I32))
            .map(|e| match e {
                Expr::Lit(_, b) => b as u32 as i32,
                _ => 0,
            })
            .collect();
        Program {
            globals,
            functions,
            kernel_decls: decls,
            kernel_body,
            grid,
            block,
            inputs,
            gbuf,
        }
    }

    /// One value of `in`: small integers, boundary values, random bits, and the bits of
    /// ordinary floats and doubles (locals of float type read them as bit patterns).
    fn input_value(&mut self) -> u64 {
        match self.rng.below(10) {
            0..=2 => (self.rng.below(64) as i64 - 16) as u64,
            3 => *self
                .rng
                .pick(&[0x7fff_ffffu64, 0x8000_0000, 0xffff_ffff, 1 << 63, u64::MAX]),
            4 | 5 => ((self.rng.below(2001) as f32 - 1000.0) / 16.0).to_bits() as u64,
            6 | 7 => ((self.rng.below(2001) as f64 - 1000.0) / 16.0).to_bits(),
            _ => self.rng.next_u64(),
        }
    }

    /// A generic expression over `a`, `b` of a template's type `T` (wrapping helpers only).
    fn template_body(&mut self, depth: u32) -> String {
        if depth == 0 || self.rng.chance(25) {
            return self.rng.pick(&["a", "b", "(T)1", "(T)3"]).to_string();
        }
        let f = *self.rng.pick(&["ox_add", "ox_sub", "ox_mul", "ox_pick"]);
        let x = self.template_body(depth - 1);
        let y = self.template_body(depth - 1);
        format!("{f}({x}, {y})")
    }

    fn function(&mut self, k: u32, recursive: bool, outer: &Scope) -> Function {
        let ret = self.eg().scalar_ty();
        let mut scope = Scope {
            arrays: outer.arrays.iter().filter(|a| !a.3).cloned().collect(),
            callables: outer.callables.clone(),
            returns: Some(ret),
            ..Scope::default()
        };
        let mut params = Vec::new();
        if recursive {
            params.push(("d".to_string(), Ty::I32));
            params.push(("x".to_string(), ret));
            scope.readonly.push(("d".into(), Ty::I32));
            scope.vars.push(("x".into(), ret));
        } else {
            for i in 0..self.rng.range(1, 3) {
                let t = self.eg().scalar_ty();
                params.push((format!("p{i}"), t));
                scope.vars.push((format!("p{i}"), t));
            }
        }
        let mut decls = Vec::new();
        for i in 0..self.rng.range(0, 2) {
            let t = *self.rng.pick(INTS);
            let v = self.lit(t);
            decls.push(Decl {
                text: format!("{} l{i} = {v};", t.c_name()),
                outputs: vec![],
            });
            scope.vars.push((format!("l{i}"), t));
        }
        let name = if recursive {
            format!("r{k}")
        } else {
            format!("f{k}")
        };
        let budget = self.rng.range(1, 8) as u32;
        let body = self.body(&scope, budget, false, 32);
        let result = if recursive {
            // One recursive call on a smaller depth; the base case is in `decls`.
            decls.insert(
                0,
                Decl {
                    text: "if (d <= 0) return x;".into(),
                    outputs: vec![],
                },
            );
            let arg = self.eg().expr(ret, 2, &scope);
            let call = Expr::Raw(ret, format!("{name}(d - 1, {{0}})"), vec![arg]);
            let other = self.eg().expr(ret, 2, &scope);
            let op = if ret.is_float() {
                crate::tree::BinOp::Add
            } else {
                *self
                    .rng
                    .pick(&[crate::tree::BinOp::Add, crate::tree::BinOp::Xor])
            };
            Expr::Bin(op, ret, Box::new(call), Box::new(other))
        } else {
            self.eg().expr(ret, 3, &scope)
        };
        Function {
            name,
            template: None,
            ret,
            params,
            decls,
            body,
            result,
        }
    }
}
