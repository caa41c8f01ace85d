//! `const-call`: a call whose arguments are all constants is evaluated at compile time when
//! the callee only computes — integer and float arithmetic, comparisons, selects, casts,
//! branches and calls of such functions — and the call becomes the constant it returns.
//!
//! This is what lets `ipow(3, 4)` of a recursive `constexpr` function become `81` outside a
//! constant expression: the inliner never inlines a recursive function, so without this
//! the kernel calls it at run time (nvcc gets there through tail-recursion elimination,
//! inlining and unrolling). Evaluation interprets the callee's IR with the folder's
//! semantics (`fold_int`, `fold_float`: wrapping integers, no folding of division by zero,
//! of NaN results or of `i128`), so the constant is the value the GPU would compute; any
//! instruction outside that set (memory, special registers, synchronization, `unreachable`),
//! an operation the folder declines, more than [`MAX_DEPTH`] nested calls or more than
//! [`MAX_STEPS`] executed instructions leaves the call alone. Internal functions no longer
//! called afterwards are removed.
//!
//! Cost: one walk over the module plus the evaluations, at most [`MAX_STEPS`] instructions
//! each and [`MODULE_STEPS`] in all, so the pass stays linear in the module's size.

use crate::{fold_float, fold_int, util};
use hashbrown::HashMap;
use oxicc_ir::{BlockCall, FuncId, Function, InstData, Module, ParamKind, Type, Value, ValueDef};

/// Most nested calls one evaluation may make.
pub const MAX_DEPTH: u32 = 64;
/// Most instructions one evaluation may execute.
pub const MAX_STEPS: u64 = 20_000;
/// Most instructions all evaluations of one run may execute together.
pub const MODULE_STEPS: u64 = 400_000;

pub fn run(module: &mut Module) -> bool {
    let mut budget = MODULE_STEPS;
    // (function, instruction, constant) to write once the module is no longer borrowed.
    let mut folds = Vec::new();
    for (fid, func) in module.functions.iter() {
        for &b in &func.layout {
            for &i in &func.blocks[b].insts {
                let InstData::Call { callee, args } = &func.insts[i].data else {
                    continue;
                };
                let Some(result) = func.insts[i].result else {
                    continue;
                };
                let Some(consts) = args
                    .iter()
                    .map(|&a| util::const_value(func, a).map(|(_, bits)| bits))
                    .collect::<Option<Vec<u64>>>()
                else {
                    continue;
                };
                if budget == 0 {
                    break;
                }
                let mut eval = Eval {
                    module,
                    steps: 0,
                    limit: MAX_STEPS.min(budget),
                };
                let value = eval.call(*callee, &consts, 0);
                budget -= eval.steps;
                if let Some(bits) = value {
                    let ty = func.value_type(result);
                    let data = if ty.is_float() {
                        InstData::FConst { ty, bits }
                    } else {
                        InstData::IConst { ty, imm: bits }
                    };
                    folds.push((fid, i, data));
                }
            }
        }
    }
    if folds.is_empty() {
        return false;
    }
    for (fid, i, data) in folds {
        module.functions[fid].insts[i].data = data;
    }
    crate::inline::remove_dead_internal_functions(module);
    true
}

/// An evaluation in progress.
struct Eval<'m> {
    module: &'m Module,
    steps: u64,
    limit: u64,
}

impl Eval<'_> {
    /// The bits `callee` returns for `args`, or `None` when it cannot be evaluated.
    fn call(&mut self, callee: FuncId, args: &[u64], depth: u32) -> Option<u64> {
        let func = &self.module.functions[callee];
        if depth >= MAX_DEPTH
            || func.is_declaration()
            || func.kind == oxicc_ir::FuncKind::Kernel
            || args.len() != func.sig.params.len()
            || !func
                .sig
                .params
                .iter()
                .all(|p| matches!(p, ParamKind::Value(_)))
            || !func.sig.ret.is_some_and(scalar)
        {
            return None;
        }
        let mut vals: HashMap<Value, u64> = HashMap::new();
        let mut block = func.entry();
        let params = func.blocks[block].params.clone();
        for (&p, &a) in params.iter().zip(args) {
            vals.insert(p, fold_int::mask(a, func.value_type(p).bits()));
        }
        loop {
            let mut next: Option<&BlockCall> = None;
            for &i in &func.blocks[block].insts {
                self.steps += 1;
                if self.steps > self.limit {
                    return None;
                }
                let get = |v: Value| vals.get(&v).copied().or_else(|| constant(func, v));
                let data = &func.insts[i].data;
                let r = match data {
                    InstData::IConst { imm, .. } => *imm,
                    InstData::FConst { bits, .. } => *bits,
                    InstData::Unary { op, arg } => {
                        let ty = func.value_type(*arg);
                        if ty.is_float() {
                            fold_float::unary(*op, get(*arg)?, ty)?
                        } else {
                            fold_int::unary(*op, get(*arg)?, ty)?
                        }
                    }
                    InstData::Binary { op, lhs, rhs, .. } => {
                        let ty = func.value_type(*lhs);
                        let (a, b) = (get(*lhs)?, get(*rhs)?);
                        if ty.is_float() {
                            fold_float::binary(*op, a, b, ty)?
                        } else {
                            fold_int::binary(*op, a, b, ty)?
                        }
                    }
                    InstData::Fma { a, b, c } => {
                        fold_float::fma(get(*a)?, get(*b)?, get(*c)?, func.value_type(*a))?
                    }
                    InstData::ICmp { cond, lhs, rhs } => {
                        let ty = func.value_type(*lhs);
                        u64::from(fold_int::icmp(*cond, get(*lhs)?, get(*rhs)?, ty)?)
                    }
                    InstData::FCmp { cond, lhs, rhs } => {
                        let ty = func.value_type(*lhs);
                        u64::from(fold_float::fcmp(*cond, get(*lhs)?, get(*rhs)?, ty)?)
                    }
                    InstData::Select {
                        cond,
                        if_true,
                        if_false,
                    } => {
                        if get(*cond)? & 1 == 1 {
                            get(*if_true)?
                        } else {
                            get(*if_false)?
                        }
                    }
                    InstData::Cast { op, arg, to } => {
                        let (a, from) = (get(*arg)?, func.value_type(*arg));
                        if from.is_float() || to.is_float() || *op == oxicc_ir::CastOp::Bitcast {
                            fold_float::cast(*op, a, from, *to)?
                        } else {
                            fold_int::cast(*op, a, from, *to)?
                        }
                    }
                    InstData::Call { callee, args } => {
                        let a = args.iter().map(|&v| get(v)).collect::<Option<Vec<u64>>>()?;
                        self.call(*callee, &a, depth + 1)?
                    }
                    InstData::Jump { dest } => {
                        next = Some(dest);
                        break;
                    }
                    InstData::Branch {
                        cond,
                        then_dest,
                        else_dest,
                    } => {
                        next = Some(if get(*cond)? & 1 == 1 {
                            then_dest
                        } else {
                            else_dest
                        });
                        break;
                    }
                    InstData::Switch {
                        arg,
                        cases,
                        default,
                    } => {
                        let k = get(*arg)?;
                        next = Some(
                            cases
                                .iter()
                                .find(|(c, _)| *c == k)
                                .map_or(default, |(_, d)| d),
                        );
                        break;
                    }
                    InstData::Return { value } => return get((*value)?),
                    _ => return None,
                };
                let res = func.insts[i].result?;
                vals.insert(res, fold_int::mask(r, func.value_type(res).bits()));
            }
            // Block arguments are read before any parameter is written (parallel copy).
            let dest = next?;
            let incoming = dest
                .args
                .iter()
                .map(|&v| vals.get(&v).copied().or_else(|| constant(func, v)))
                .collect::<Option<Vec<u64>>>()?;
            block = dest.block;
            for (&p, a) in func.blocks[block].params.iter().zip(incoming) {
                vals.insert(p, a);
            }
        }
    }
}

/// The bits of a constant defined anywhere in `func` (a constant's definition need not
/// have been executed: the front end may put constants where a path never passes).
fn constant(func: &Function, v: Value) -> Option<u64> {
    match func.values[v].def {
        ValueDef::Result(_) => util::const_value(func, v).map(|(_, bits)| bits),
        ValueDef::Param(..) => None,
    }
}

/// Result types the pass can turn into a constant instruction.
fn scalar(t: Type) -> bool {
    (t.is_int() && t.bits() <= 64) || matches!(t, Type::F32 | Type::F64)
}
