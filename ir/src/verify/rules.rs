//! The verifier's per-opcode rules: operand types, result presence and type, immediates,
//! memory flags, calls and returns (the `Operands`, `Result`, `Memory`, `Call`, `Return`
//! invariants, and switch case values of `BranchTarget`).

use hashbrown::HashSet;

use super::{Invariant, Verifier};
use crate::function::FuncKind;
use crate::inst::{AtomicOp, BinaryOp, CastOp, InstData, MemFlags, UnaryOp, VoteMode};
use crate::types::{AddrSpace, Type};
use crate::{Block, Inst, Value};

fn is_float_unary(op: UnaryOp) -> bool {
    matches!(
        op,
        UnaryOp::FNeg
            | UnaryOp::FAbs
            | UnaryOp::FSqrt
            | UnaryOp::FRint
            | UnaryOp::FTrunc
            | UnaryOp::FFloor
            | UnaryOp::FCeil
            | UnaryOp::FSqrtApprox
            | UnaryOp::FRsqrtApprox
            | UnaryOp::FRcpApprox
            | UnaryOp::FEx2Approx
            | UnaryOp::FEx2ApproxFtz
            | UnaryOp::FLg2Approx
            | UnaryOp::FSinApprox
            | UnaryOp::FCosApprox
    )
}

fn is_float_binary(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::FAdd
            | BinaryOp::FSub
            | BinaryOp::FMul
            | BinaryOp::FAddRn
            | BinaryOp::FSubRn
            | BinaryOp::FMulRn
            | BinaryOp::FDiv
            | BinaryOp::FRem
            | BinaryOp::FMin
            | BinaryOp::FMax
            | BinaryOp::FAddRz
            | BinaryOp::FAddRm
            | BinaryOp::FAddRp
            | BinaryOp::FSubRz
            | BinaryOp::FSubRm
            | BinaryOp::FSubRp
            | BinaryOp::FMulRz
            | BinaryOp::FMulRm
            | BinaryOp::FMulRp
            | BinaryOp::FDivRz
            | BinaryOp::FDivRm
            | BinaryOp::FDivRp
            | BinaryOp::FDivApprox
            | BinaryOp::FDivFull
            | BinaryOp::FCopysign
    )
}

/// Why a cast from `from` to `to` is illegal for `op`, if it is.
fn cast_problem(op: CastOp, from: Type, to: Type) -> Option<&'static str> {
    let ok = match op {
        CastOp::Trunc => from.is_int() && to.is_int() && to.bits() < from.bits(),
        CastOp::ZExt | CastOp::SExt => from.is_int() && to.is_int() && to.bits() > from.bits(),
        CastOp::FpToSi | CastOp::FpToUi => from.is_float() && to.is_int(),
        CastOp::SiToFp | CastOp::UiToFp => from.is_int() && to.is_float(),
        CastOp::FpExt => from.is_float() && to.is_float() && to.bits() > from.bits(),
        CastOp::FpTrunc => from.is_float() && to.is_float() && to.bits() < from.bits(),
        CastOp::Bitcast => !from.is_ptr() && !to.is_ptr() && from.bits() == to.bits(),
        CastOp::PtrToInt => from.is_ptr() && to == Type::I64,
        CastOp::IntToPtr => from == Type::I64 && to.is_ptr(),
        CastOp::AddrSpaceCast => match (from, to) {
            (Type::Ptr(a), Type::Ptr(b)) => {
                a != b && (a == AddrSpace::Generic || b == AddrSpace::Generic)
            }
            _ => false,
        },
    };
    if ok {
        return None;
    }
    Some(match op {
        CastOp::Trunc => "trunc needs a narrower integer",
        CastOp::ZExt | CastOp::SExt => "zext/sext need a wider integer",
        CastOp::FpToSi | CastOp::FpToUi => "fptosi/fptoui convert a float to an integer",
        CastOp::SiToFp | CastOp::UiToFp => "sitofp/uitofp convert an integer to a float",
        CastOp::FpExt => "fpext needs a wider float",
        CastOp::FpTrunc => "fptrunc needs a narrower float",
        CastOp::Bitcast => "bitcast keeps the width and does not touch pointers",
        CastOp::PtrToInt => "ptrtoint converts a pointer to an i64",
        CastOp::IntToPtr => "inttoptr converts an i64 to a pointer",
        CastOp::AddrSpaceCast => "addrspacecast converts between generic and a specific space",
    })
}

/// Whether `imm` has no bits above the width of `ty`.
fn imm_fits(ty: Type, imm: u64) -> bool {
    let bits = ty.bits();
    bits >= 64 || imm >> bits == 0
}

impl Verifier<'_> {
    pub(super) fn check_inst_types(&mut self, b: Block, i: Inst) {
        let f = self.func;
        let node = &f.insts[i];
        let ty = |v: Value| f.value_type(v);
        // Problems found, reported together at the end (the closures borrow `f` only).
        let mut errs: Vec<(Invariant, String)> = Vec::new();
        let mut operand = |m: String| errs.push((Invariant::Operands, m));
        let expected: Option<Type> = match &node.data {
            InstData::IConst { ty: t, imm } => {
                if !t.is_int() {
                    operand(format!("iconst of non-integer type {t}"));
                } else if !imm_fits(*t, *imm) {
                    operand(format!("constant {imm:#x} has bits above {t}"));
                }
                Some(*t)
            }
            InstData::FConst { ty: t, bits } => {
                if !t.is_float() {
                    operand(format!("fconst of non-float type {t}"));
                } else if !imm_fits(*t, *bits) {
                    operand(format!("constant {bits:#x} has bits above {t}"));
                }
                Some(*t)
            }
            InstData::Unary { op, arg } => {
                let t = ty(*arg);
                if is_float_unary(*op) && !t.is_float() {
                    operand(format!("{} needs a float operand, not {t}", op.name()));
                } else if !is_float_unary(*op) && !t.is_int() {
                    operand(format!("{} needs an integer operand, not {t}", op.name()));
                }
                Some(t)
            }
            InstData::Binary { op, lhs, rhs, nsw } => {
                let (a, c) = (ty(*lhs), ty(*rhs));
                if *nsw && !matches!(op, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul) {
                    operand(format!("{} cannot be nsw", op.name()));
                }
                if a != c {
                    operand(format!("{} operands differ: {a} and {c}", op.name()));
                } else if is_float_binary(*op) && !a.is_float() {
                    operand(format!("{} needs float operands, not {a}", op.name()));
                } else if !is_float_binary(*op) && !a.is_int() {
                    operand(format!("{} needs integer operands, not {a}", op.name()));
                }
                Some(a)
            }
            InstData::Fma { a, b, c } => {
                let t = ty(*a);
                if t != ty(*b) || t != ty(*c) || !t.is_float() {
                    operand(format!(
                        "fma needs three operands of one float type, not {t}, {}, {}",
                        ty(*b),
                        ty(*c)
                    ));
                }
                Some(t)
            }
            InstData::ICmp { lhs, rhs, .. } => {
                let (a, c) = (ty(*lhs), ty(*rhs));
                if a != c || !(a.is_int() || a.is_ptr()) {
                    operand(format!(
                        "icmp needs two integers or pointers of one type, not {a} and {c}"
                    ));
                }
                Some(Type::I1)
            }
            InstData::FCmp { lhs, rhs, .. } => {
                let (a, c) = (ty(*lhs), ty(*rhs));
                if a != c || !a.is_float() {
                    operand(format!(
                        "fcmp needs two floats of one type, not {a} and {c}"
                    ));
                }
                Some(Type::I1)
            }
            InstData::Select {
                cond,
                if_true,
                if_false,
            } => {
                if ty(*cond) != Type::I1 {
                    operand(format!("select condition is {}, not i1", ty(*cond)));
                }
                if ty(*if_true) != ty(*if_false) {
                    operand(format!(
                        "select arms differ: {} and {}",
                        ty(*if_true),
                        ty(*if_false)
                    ));
                }
                Some(ty(*if_true))
            }
            InstData::Cast { op, arg, to } => {
                if let Some(why) = cast_problem(*op, ty(*arg), *to) {
                    operand(format!("{} from {} to {to}: {why}", op.name(), ty(*arg)));
                }
                Some(*to)
            }
            InstData::Load { ty: t, ptr, flags } => {
                self.check_pointer(&mut errs, *ptr, "load", false);
                check_flags(&mut errs, *flags);
                Some(*t)
            }
            InstData::Store { ptr, flags, .. } => {
                self.check_pointer(&mut errs, *ptr, "store", true);
                check_flags(&mut errs, *flags);
                None
            }
            InstData::PtrAdd { ptr, offset } => {
                if !ty(*ptr).is_ptr() {
                    operand(format!("ptradd base is {}, not a pointer", ty(*ptr)));
                }
                if ty(*offset) != Type::I64 {
                    operand(format!("ptradd offset is {}, not i64", ty(*offset)));
                }
                Some(ty(*ptr))
            }
            InstData::StackAddr { .. } => Some(Type::Ptr(AddrSpace::Local)),
            InstData::GlobalAddr { global } => Some(Type::Ptr(self.module.globals[*global].space)),
            InstData::Call { callee, args } => {
                let callee_fn = &self.module.functions[*callee];
                if callee_fn.kind == FuncKind::Kernel {
                    errs.push((
                        Invariant::Call,
                        format!("`@{}` is a kernel and cannot be called", callee_fn.name),
                    ));
                }
                let what = format!("`@{}`", callee_fn.name);
                check_call_args(&what, &callee_fn.sig.params, args, &ty, &mut errs);
                callee_fn.sig.ret
            }
            InstData::FuncAddr { func } => {
                let f = &self.module.functions[*func];
                if f.kind == FuncKind::Kernel {
                    errs.push((
                        Invariant::Call,
                        format!("`@{}` is a kernel; its address cannot be taken", f.name),
                    ));
                }
                Some(Type::Ptr(AddrSpace::Generic))
            }
            InstData::CallIndirect { target, sig, args } => {
                if ty(*target) != Type::Ptr(AddrSpace::Generic) {
                    errs.push((
                        Invariant::Call,
                        format!("indirect call target is {}, not ptr", ty(*target)),
                    ));
                }
                check_call_args("the indirect callee", &sig.params, args, &ty, &mut errs);
                sig.ret
            }
            InstData::SpecialReg { .. } => Some(Type::I32),
            InstData::Barrier | InstData::Fence { .. } => None,
            InstData::WarpSync { mask } => {
                if ty(*mask) != Type::I32 {
                    operand(format!("warpsync mask is {}, not i32", ty(*mask)));
                }
                None
            }
            InstData::ActiveMask => Some(Type::I32),
            InstData::AtomicRmw { op, ptr, value, .. } => {
                self.check_pointer(&mut errs, *ptr, "atomicrmw", true);
                let t = ty(*value);
                let ok = match op {
                    AtomicOp::FAdd => matches!(t, Type::F16 | Type::BF16 | Type::F32 | Type::F64),
                    AtomicOp::Exch => matches!(t, Type::I32 | Type::I64 | Type::F32 | Type::F64),
                    _ => matches!(t, Type::I32 | Type::I64),
                };
                if !ok {
                    errs.push((
                        Invariant::Operands,
                        format!("atomicrmw.{} does not work on {t}", op.name()),
                    ));
                }
                Some(t)
            }
            InstData::AtomicCas {
                ptr, expected, new, ..
            } => {
                self.check_pointer(&mut errs, *ptr, "atomiccas", true);
                let t = ty(*expected);
                if t != ty(*new) || !matches!(t, Type::I16 | Type::I32 | Type::I64) {
                    errs.push((
                        Invariant::Operands,
                        format!(
                            "atomiccas needs two i16/i32/i64 of one type, not {t} and {}",
                            ty(*new)
                        ),
                    ));
                }
                Some(t)
            }
            InstData::Shuffle {
                mask,
                value,
                lane,
                clamp,
                ..
            } => {
                for (what, v) in [("mask", mask), ("lane", lane), ("clamp", clamp)] {
                    if ty(*v) != Type::I32 {
                        operand(format!("shuffle {what} is {}, not i32", ty(*v)));
                    }
                }
                if !matches!(ty(*value), Type::I32 | Type::F32) {
                    operand(format!(
                        "shuffle value is {}, not a 32-bit i32/f32",
                        ty(*value)
                    ));
                }
                Some(ty(*value))
            }
            InstData::Vote { mode, mask, pred } => {
                if ty(*mask) != Type::I32 {
                    operand(format!("vote mask is {}, not i32", ty(*mask)));
                }
                if ty(*pred) != Type::I1 {
                    operand(format!("vote predicate is {}, not i1", ty(*pred)));
                }
                Some(if *mode == VoteMode::Ballot {
                    Type::I32
                } else {
                    Type::I1
                })
            }
            InstData::TexFetch { op, args } => {
                let tys: Vec<Type> = args.iter().map(|a| ty(*a)).collect();
                if let Some(m) = crate::texture::tex_operand_problem(op, &tys) {
                    operand(m);
                }
                Some(op.result_type())
            }
            InstData::SurfRead { op, args } | InstData::SurfWrite { op, args } => {
                let store = matches!(node.data, InstData::SurfWrite { .. });
                let tys: Vec<Type> = args.iter().map(|a| ty(*a)).collect();
                if let Some(m) = crate::texture::surf_operand_problem(op, store, &tys) {
                    operand(m);
                }
                (!store).then(|| op.value_type())
            }
            InstData::InlineAsm { asm, args } => {
                let tys: Vec<Type> = args.iter().map(|a| ty(*a)).collect();
                if let Some(m) = asm.problem(&tys) {
                    operand(m);
                }
                asm.outputs.first().map(|r| r.ty())
            }
            InstData::AsmOutput { asm, index } => {
                let def = match f.values[*asm].def {
                    crate::ValueDef::Result(d) => match &f.insts[d].data {
                        InstData::InlineAsm { asm, .. } => Some(asm.outputs.clone()),
                        _ => None,
                    },
                    crate::ValueDef::Param(..) => None,
                };
                match def {
                    None => {
                        operand("asmout reads a value that no inline asm defines".to_string());
                        node.result.map(&ty)
                    }
                    Some(outs) => match outs.get(*index as usize) {
                        Some(r) if *index > 0 => Some(r.ty()),
                        _ => {
                            operand(format!("asmout index {index} is not an output >= 1"));
                            node.result.map(&ty)
                        }
                    },
                }
            }
            InstData::Jump { .. } | InstData::Unreachable => None,
            InstData::Branch { cond, .. } => {
                if ty(*cond) != Type::I1 {
                    operand(format!("brif condition is {}, not i1", ty(*cond)));
                }
                None
            }
            InstData::Switch { arg, cases, .. } => {
                let t = ty(*arg);
                if !t.is_int() {
                    operand(format!("switch on {t}, not an integer"));
                }
                let mut seen = HashSet::new();
                for (k, _) in cases {
                    if t.is_int() && !imm_fits(t, *k) {
                        errs.push((
                            Invariant::BranchTarget,
                            format!("case {k} does not fit in {t}"),
                        ));
                    }
                    if !seen.insert(*k) {
                        errs.push((Invariant::BranchTarget, format!("case {k} appears twice")));
                    }
                }
                None
            }
            InstData::Return { value } => {
                match (value, f.sig.ret) {
                    (None, None) => {}
                    (Some(v), Some(r)) if ty(*v) == r => {}
                    (Some(v), Some(r)) => errs.push((
                        Invariant::Return,
                        format!("returns {}, the signature says {r}", ty(*v)),
                    )),
                    (Some(_), None) => errs.push((
                        Invariant::Return,
                        "returns a value from a function that returns nothing".into(),
                    )),
                    (None, Some(r)) => errs.push((
                        Invariant::Return,
                        format!("returns nothing, the signature says {r}"),
                    )),
                }
                None
            }
        };
        match (expected, node.result) {
            (Some(t), Some(r)) if ty(r) != t => errs.push((
                Invariant::Result,
                format!("the result is {}, the instruction defines {t}", ty(r)),
            )),
            (Some(t), None) => errs.push((
                Invariant::Result,
                format!("defines no value; it should define a {t}"),
            )),
            (None, Some(_)) => errs.push((
                Invariant::Result,
                "defines a value, but the instruction has no result".into(),
            )),
            _ => {}
        }
        for (inv, m) in errs {
            self.report(inv, Some(b), Some(i), m);
        }
    }

    /// `ptr` must be a pointer; `writes` additionally forbids the read-only spaces.
    fn check_pointer(
        &self,
        errs: &mut Vec<(Invariant, String)>,
        ptr: Value,
        what: &str,
        writes: bool,
    ) {
        match self.func.value_type(ptr) {
            Type::Ptr(space) => {
                if writes && matches!(space, AddrSpace::Const | AddrSpace::Param) {
                    errs.push((
                        Invariant::Memory,
                        format!("{what} writes the read-only {} space", space.name()),
                    ));
                }
            }
            t => errs.push((
                Invariant::Operands,
                format!("{what} through {t}, not a pointer"),
            )),
        }
    }
}

fn check_flags(errs: &mut Vec<(Invariant, String)>, flags: MemFlags) {
    if !flags.align.is_power_of_two() {
        errs.push((
            Invariant::Memory,
            format!("alignment {} is not a power of two", flags.align),
        ));
    }
}

/// Argument count and types of a call against the callee's parameters.
fn check_call_args(
    callee: &str,
    params: &[crate::function::ParamKind],
    args: &[Value],
    ty: &dyn Fn(Value) -> Type,
    errs: &mut Vec<(Invariant, String)>,
) {
    if params.len() != args.len() {
        errs.push((
            Invariant::Call,
            format!(
                "{callee} takes {} arguments, not {}",
                params.len(),
                args.len()
            ),
        ));
        return;
    }
    for (k, (&a, p)) in args.iter().zip(params).enumerate() {
        // A by-value aggregate is passed as a pointer to its bytes, in whatever space the
        // caller holds them (the callee sees `ptr.param`).
        let byval_ok = matches!(p, crate::function::ParamKind::ByVal { .. }) && ty(a).is_ptr();
        if ty(a) != p.value_type() && !byval_ok {
            errs.push((
                Invariant::Call,
                format!(
                    "argument {k} is {}, {callee} takes {}",
                    ty(a),
                    p.value_type()
                ),
            ));
        }
    }
}
