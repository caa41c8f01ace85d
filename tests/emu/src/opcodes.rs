//! Per-opcode decoding: splits a mnemonic such as `ld.global.nc.v4.f32` into its parts,
//! resolves operands (registers, special registers, symbols, immediates, addresses) and emits
//! the compact `Inst`. Unknown opcodes are errors naming the instruction and its line.

use crate::decode::{FnCtx, FuncInfo, Sym};
use crate::inst::*;
use crate::operands::*;
use crate::parse::{Instruction, Operand};
use crate::EmuError;

/// Decodes one instruction into `f.out`.
pub(crate) fn decode_inst(
    f: &mut FnCtx,
    i: &Instruction,
    funcs: &[FuncInfo],
    calls: &mut Vec<CallSite>,
) -> Result<(), EmuError> {
    let mut c = Ctx {
        f,
        line: i.line,
        opcode: &i.opcode,
        guard: 0,
    };
    if let Some((p, neg)) = &i.guard {
        let r = c.reg(p)?;
        c.guard = ((r + 1) << 1) | *neg as u32;
    }
    let parts: Vec<&str> = i.opcode.split('.').collect();
    let base = parts[0];
    let mods = &parts[1..];
    let types: Vec<Ty> = mods.iter().filter_map(|m| Ty::parse(m)).collect();
    let ty = types.last().copied().unwrap_or(Ty::B32);
    let has = |m: &str| mods.contains(&m);
    let ops = &i.operands;
    let nops = ops.len();
    let need = |n: usize, c: &Ctx| {
        if nops < n {
            Err(c.err(format!("expected {n} operands, found {nops}")))
        } else {
            Ok(())
        }
    };
    let fmod = FMod {
        rnd: rnd_of(mods).unwrap_or(Rnd::Rn),
        ftz: has("ftz"),
        sat: has("sat"),
        approx: has("approx") || has("full"),
    };

    // Generic one-destination ALU form: d, a, b, c.
    macro_rules! alu {
        ($op:expr, $n:expr) => {{
            need($n + 1, &c)?;
            let d = c.dst(&ops[0])?;
            let mut s = NS;
            for k in 0..$n {
                s[k] = c.src(&ops[k + 1], ty)?;
            }
            c.emit($op, [d, NO_REG, NO_REG, NO_REG], s, 0, 0);
        }};
    }
    let iop = |o: IntOp| Op::Int(o, ty);
    let fop = |o: FloatOp| Op::Float(o, ty, fmod);
    match base {
        "tex" | "tld4" | "suld" | "sust" => {
            crate::tex_ops::decode(&mut c, base, mods, ops)?;
        }
        "txq" | "suq" => crate::tex_ops::decode_query(&mut c, base, mods, ops)?,
        "mov" => {
            need(2, &c)?;
            // Special registers and local addresses go straight to the destination.
            if let Operand::Name(n) = &ops[1] {
                let direct = match (sreg(n), c.f.lookup(n)) {
                    (Some(r), _) => Some((Op::Sreg(r), 0)),
                    (None, Some(Sym::Local(o))) => Some((Op::LocalAddr, o as i64)),
                    (None, Some(Sym::FParam(o))) => Some((Op::FParamAddr, o as i64)),
                    _ => None,
                };
                if let Some((op, off)) = direct {
                    let d = c.dst(&ops[0])?;
                    c.emit(op, [d, NO_REG, NO_REG, NO_REG], NS, off, 0);
                    return Ok(());
                }
            }
            match (&ops[0], &ops[1]) {
                (Operand::Vector(ds), _) => {
                    let a = c.src(&ops[1], ty)?;
                    let mut d = NR;
                    for (k, o) in ds.iter().enumerate().take(4) {
                        d[k] = c.dst(o)?;
                    }
                    let n = ds.len() as u8;
                    c.emit(
                        Op::Unpack {
                            n,
                            bits: (ty.bits() / n as u32) as u8,
                        },
                        d,
                        [a, Src::Imm(0), Src::Imm(0), Src::Imm(0)],
                        0,
                        0,
                    );
                }
                (_, Operand::Vector(ss)) => {
                    let d = c.dst(&ops[0])?;
                    let mut s = NS;
                    for (k, o) in ss.iter().enumerate().take(4) {
                        s[k] = c.src(o, Ty::B64)?;
                    }
                    let n = ss.len() as u8;
                    c.emit(
                        Op::Pack {
                            n,
                            bits: (ty.bits() / n as u32) as u8,
                        },
                        [d, NO_REG, NO_REG, NO_REG],
                        s,
                        0,
                        0,
                    );
                }
                _ => alu!(Op::Mov, 1),
            }
        }
        "ld" | "ldu" | "st" => {
            need(2, &c)?;
            if ty.bits() > 64 {
                return Err(c.err("128-bit loads and stores are not supported"));
            }
            let is_st = base == "st";
            let n = if has("v2") {
                2
            } else if has("v4") {
                4
            } else if has("v8") {
                8
            } else {
                1
            };
            if n > 4 {
                return Err(c.err("vectors of 8 are not supported"));
            }
            let (aop, vop) = if is_st {
                (&ops[0], &ops[1])
            } else {
                (&ops[1], &ops[0])
            };
            let (abase, off, aux, space) = c.addr(aop, space_of(mods))?;
            let vals: Vec<Operand> = match vop {
                Operand::Vector(v) => v.clone(),
                o => vec![o.clone()],
            };
            if vals.len() != n as usize {
                return Err(c.err("vector operand size does not match"));
            }
            let mut d = NR;
            let mut s = NS;
            s[0] = abase;
            if is_st {
                for (k, o) in vals.iter().enumerate() {
                    // s[0] is the address; values go to s[1..]; a v4 store keeps its 4th value in d[0].
                    if k < 3 {
                        s[k + 1] = c.src(o, ty)?;
                    } else {
                        d[0] = match c.src(o, ty)? {
                            Src::Reg(r) => r,
                            Src::Imm(v) => c.emit_helper(Op::Mov, Src::Imm(v), 0),
                        };
                    }
                }
                c.emit(Op::St { space, ty, n }, d, s, off, aux);
            } else {
                for (k, o) in vals.iter().enumerate() {
                    d[k] = c.dst(o)?;
                }
                c.emit(Op::Ld { space, ty, n }, d, s, off, aux);
            }
        }
        "atom" | "red" => {
            let has_dst = base == "atom";
            let op = atom_op_of(mods).ok_or_else(|| c.err("unknown atomic operation"))?;
            let k = has_dst as usize;
            need(k + 2 + (op == AtomOp::Cas) as usize, &c)?;
            let n: u8 = if has("v2") {
                2
            } else if has("v4") {
                4
            } else {
                1
            };
            let mut d = [NO_REG; 4];
            let mut first_val = 0;
            if n > 1 {
                // atom/red .v2/.v4: register lists for the old values and the operands.
                let (Operand::Vector(vals), true) = (&ops[k + 1], op != AtomOp::Cas) else {
                    return Err(c.err("vector atomics take a register list of operands"));
                };
                if vals.len() != n as usize {
                    return Err(c.err("vector atomic: wrong number of operands"));
                }
                if has_dst {
                    let Operand::Vector(outs) = &ops[0] else {
                        return Err(c.err("vector atomics return a register list"));
                    };
                    if outs.len() != n as usize {
                        return Err(c.err("vector atomic: wrong number of results"));
                    }
                    for (slot, o) in d.iter_mut().zip(outs) {
                        *slot = c.dst(o)?;
                    }
                }
                first_val = crate::wmma::stage(&mut c, vals, ty)?;
            } else if has_dst {
                d[0] = c.dst(&ops[0])?;
            }
            let (abase, off, aux, space) = c.addr(&ops[k], space_of(mods))?;
            let b = if n > 1 {
                Src::Imm(0)
            } else {
                c.src(&ops[k + 1], ty)?
            };
            let cc = if op == AtomOp::Cas {
                c.src(&ops[k + 2], ty)?
            } else {
                Src::Imm(0)
            };
            if aux != 0 {
                return Err(c.err("atomics on frame-relative addresses are not supported"));
            }
            c.emit(
                Op::Atom {
                    space,
                    op,
                    ty,
                    has_dst,
                    n,
                },
                d,
                [abase, b, cc, Src::Imm(0)],
                off,
                first_val,
            );
        }
        // Two 16-bit lanes of a 32-bit register (sm_90: `add.u16x2`, `min.relu.s16x2`, …):
        // the SIMD video arithmetic on two lanes, each result wrapped (or clamped by `.sat`,
        // or at zero by `.relu`) to its lane.
        "add" | "sub" | "min" | "max" if has("u16x2") || has("s16x2") => {
            let signed = has("s16x2");
            let v = Video {
                op: match base {
                    "add" => VideoOp::Add,
                    "sub" => VideoOp::Sub,
                    "min" => VideoOp::Min,
                    _ => VideoOp::Max,
                },
                lanes: 2,
                sd: signed,
                sa: signed,
                sb: signed,
                sat: has("sat"),
                add: false,
                relu: has("relu"),
            };
            alu!(Op::Int(IntOp::Video(v), Ty::U32), 2)
        }
        "add" | "sub" if ty.is_float() => alu!(
            fop(if base == "add" {
                FloatOp::Add
            } else {
                FloatOp::Sub
            }),
            2
        ),
        "add" => alu!(
            iop(if has("cc") {
                IntOp::AddCc
            } else if has("sat") {
                IntOp::AddSat
            } else {
                IntOp::Add
            }),
            2
        ),
        "sub" => alu!(
            iop(if has("cc") {
                IntOp::SubCc
            } else if has("sat") {
                IntOp::SubSat
            } else {
                IntOp::Sub
            }),
            2
        ),
        "addc" => alu!(
            iop(if has("cc") {
                IntOp::AddCCc
            } else {
                IntOp::AddC
            }),
            2
        ),
        "subc" => alu!(
            iop(if has("cc") {
                IntOp::SubCCc
            } else {
                IntOp::SubC
            }),
            2
        ),
        "mul" if ty.is_float() => alu!(fop(FloatOp::Mul), 2),
        "mul" => alu!(
            iop(if has("hi") {
                IntOp::MulHi
            } else if has("wide") {
                IntOp::MulWide
            } else {
                IntOp::MulLo
            }),
            2
        ),
        "mul24" => alu!(
            iop(if has("hi") {
                IntOp::Mul24Hi
            } else {
                IntOp::Mul24Lo
            }),
            2
        ),
        "mad24" => alu!(iop(IntOp::Mad24Lo), 3),
        "mad" | "fma" if ty.is_float() => alu!(fop(FloatOp::Fma), 3),
        "mad" => alu!(
            iop(match (has("hi"), has("wide"), has("cc")) {
                (true, _, true) => IntOp::MadHiCc,
                (false, false, true) => IntOp::MadLoCc,
                (true, _, _) => IntOp::MadHi,
                (_, true, _) => IntOp::MadWide,
                _ => IntOp::MadLo,
            }),
            3
        ),
        "madc" => alu!(
            iop(if has("hi") {
                IntOp::MadCHi
            } else {
                IntOp::MadCLo
            }),
            3
        ),
        "div" if ty.is_float() => alu!(fop(FloatOp::Div), 2),
        "div" => alu!(iop(IntOp::Div), 2),
        "rem" => alu!(iop(IntOp::Rem), 2),
        "min" | "max" if ty.is_float() => {
            let nan = has("NaN");
            alu!(
                fop(match (base, nan) {
                    ("min", false) => FloatOp::Min,
                    ("min", true) => FloatOp::MinNan,
                    (_, false) => FloatOp::Max,
                    _ => FloatOp::MaxNan,
                }),
                2
            )
        }
        "min" => alu!(iop(IntOp::Min), 2),
        "max" => alu!(iop(IntOp::Max), 2),
        "abs" if ty.is_float() => alu!(fop(FloatOp::Abs), 1),
        "abs" => alu!(iop(IntOp::Abs), 1),
        "neg" if ty.is_float() => alu!(fop(FloatOp::Neg), 1),
        "neg" => alu!(iop(IntOp::Neg), 1),
        "copysign" => alu!(fop(FloatOp::Copysign), 2),
        "sqrt" => alu!(fop(FloatOp::Sqrt), 1),
        "rsqrt" => alu!(fop(FloatOp::Rsqrt), 1),
        "rcp" => alu!(fop(FloatOp::Rcp), 1),
        "sin" => alu!(fop(FloatOp::Sin), 1),
        "cos" => alu!(fop(FloatOp::Cos), 1),
        "lg2" => alu!(fop(FloatOp::Lg2), 1),
        "ex2" => alu!(fop(FloatOp::Ex2), 1),
        "tanh" => alu!(fop(FloatOp::Tanh), 1),
        "and" => alu!(iop(IntOp::And), 2),
        "or" => alu!(iop(IntOp::Or), 2),
        "xor" => alu!(iop(IntOp::Xor), 2),
        "not" => alu!(iop(IntOp::Not), 1),
        "cnot" => alu!(iop(IntOp::Cnot), 1),
        "shl" => alu!(iop(IntOp::Shl), 2),
        "shr" => alu!(iop(IntOp::Shr), 2),
        "popc" => alu!(iop(IntOp::Popc), 1),
        "clz" => alu!(iop(IntOp::Clz), 1),
        "brev" => alu!(iop(IntOp::Brev), 1),
        "bfind" => alu!(
            iop(if has("shiftamt") {
                IntOp::BfindShift
            } else {
                IntOp::Bfind
            }),
            1
        ),
        "bfe" => alu!(iop(IntOp::Bfe), 3),
        "fns" => alu!(Op::Int(IntOp::Fns, Ty::B32), 3),
        "bfi" => {
            need(5, &c)?;
            let d = c.dst(&ops[0])?;
            let s = [
                c.src(&ops[1], ty)?,
                c.src(&ops[2], ty)?,
                c.src(&ops[3], Ty::U32)?,
                c.src(&ops[4], Ty::U32)?,
            ];
            c.emit(iop(IntOp::Bfi), [d, NO_REG, NO_REG, NO_REG], s, 0, 0);
        }
        "sad" => alu!(iop(IntOp::Sad), 3),
        "vadd2" | "vsub2" | "vavrg2" | "vabsdiff2" | "vmin2" | "vmax2" | "vadd4" | "vsub4"
        | "vavrg4" | "vabsdiff4" | "vmin4" | "vmax4" => {
            let (name, lanes) = base.split_at(base.len() - 1);
            let op = match name {
                "vadd" => VideoOp::Add,
                "vsub" => VideoOp::Sub,
                "vavrg" => VideoOp::Avrg,
                "vabsdiff" => VideoOp::Absdiff,
                "vmin" => VideoOp::Min,
                _ => VideoOp::Max,
            };
            let [td, ta, tb] = types[..] else {
                return Err(c.err("needs three types (d, a, b)"));
            };
            if ops
                .iter()
                .any(|o| matches!(o, Operand::Name(n) if n.contains('.')))
            {
                return Err(c.err("lane masks and selectors are not supported"));
            }
            let v = Video {
                op,
                lanes: if lanes == "2" { 2 } else { 4 },
                sd: td.is_signed(),
                sa: ta.is_signed(),
                sb: tb.is_signed(),
                sat: has("sat"),
                add: has("add"),
                relu: false,
            };
            alu!(Op::Int(IntOp::Video(v), Ty::U32), 3)
        }
        "bmsk" => alu!(Op::Int(IntOp::Bmsk(has("wrap")), Ty::B32), 2),
        "szext" => alu!(iop(IntOp::Szext(has("wrap"))), 2),
        "dp4a" => {
            let t = two_signs(&types, &c)?;
            alu!(Op::Int(IntOp::Dp4a(t.0, t.1), Ty::U32), 3)
        }
        "dp2a" => {
            let t = two_signs(&types, &c)?;
            alu!(
                Op::Int(
                    if has("hi") {
                        IntOp::Dp2aHi(t.0, t.1)
                    } else {
                        IntOp::Dp2aLo(t.0, t.1)
                    },
                    Ty::U32
                ),
                3
            )
        }
        "lop3" => {
            need(5, &c)?;
            let d = c.dst(&ops[0])?;
            let s = [
                c.src(&ops[1], ty)?,
                c.src(&ops[2], ty)?,
                c.src(&ops[3], ty)?,
                c.src(&ops[4], ty)?,
            ];
            c.emit(Op::Lop3, [d, NO_REG, NO_REG, NO_REG], s, 0, 0);
        }
        "prmt" => {
            let mode = match mods.iter().find(|m| !matches!(**m, "b32")) {
                None => PrmtMode::Default,
                Some(&"f4e") => PrmtMode::F4e,
                Some(&"b4e") => PrmtMode::B4e,
                Some(&"rc8") => PrmtMode::Rc8,
                Some(&"ecl") => PrmtMode::Ecl,
                Some(&"ecr") => PrmtMode::Ecr,
                Some(&"rc16") => PrmtMode::Rc16,
                Some(m) => return Err(c.err(format!("unknown prmt mode `{m}`"))),
            };
            alu!(Op::Prmt(mode), 3)
        }
        "shf" => alu!(
            Op::Shf {
                left: has("l"),
                wrap: has("wrap")
            },
            3
        ),
        "testp" => {
            let op = Op::Testp {
                finite: has("finite"),
                infinite: has("infinite"),
                number: has("number"),
                notanumber: has("notanumber"),
                normal: has("normal"),
                subnormal: has("subnormal"),
                ty,
            };
            alu!(op, 1)
        }
        "setp" | "set" => {
            let cmp = mods
                .first()
                .and_then(|m| cmp_of(m))
                .ok_or_else(|| c.err("missing comparison"))?;
            let bop = bop_of(&mods[1..]);
            let sty = ty;
            need(3, &c)?;
            let (d0, d1) = match &ops[0] {
                Operand::Pair(p, q) => (c.sink_or_reg(p)?, c.sink_or_reg(q)?),
                o => (c.dst(o)?, NO_REG),
            };
            let a = c.src(&ops[1], sty)?;
            let b = c.src(&ops[2], sty)?;
            let pc = if bop != BoolOp::None {
                need(4, &c)?;
                c.src(&ops[3], Ty::Pred)?
            } else {
                Src::Imm(0)
            };
            let op = if base == "setp" {
                Op::Setp {
                    cmp,
                    bop,
                    ty: sty,
                    ftz: has("ftz"),
                }
            } else {
                Op::Set {
                    cmp,
                    bop,
                    dty: *types.first().ok_or_else(|| c.err("missing types"))?,
                    ty: sty,
                    ftz: has("ftz"),
                }
            };
            c.emit(op, [d0, d1, NO_REG, NO_REG], [a, b, pc, Src::Imm(0)], 0, 0);
        }
        "selp" => {
            need(4, &c)?;
            let d = c.dst(&ops[0])?;
            let s = [
                c.src(&ops[1], ty)?,
                c.src(&ops[2], ty)?,
                c.src(&ops[3], Ty::Pred)?,
                Src::Imm(0),
            ];
            c.emit(Op::Selp, [d, NO_REG, NO_REG, NO_REG], s, 0, 0);
        }
        "slct" => {
            need(4, &c)?;
            let dty = *types.first().ok_or_else(|| c.err("missing types"))?;
            let d = c.dst(&ops[0])?;
            let s = [
                c.src(&ops[1], dty)?,
                c.src(&ops[2], dty)?,
                c.src(&ops[3], ty)?,
                Src::Imm(0),
            ];
            c.emit(
                Op::Slct {
                    cty: ty,
                    ftz: has("ftz"),
                },
                [d, NO_REG, NO_REG, NO_REG],
                s,
                0,
                0,
            );
        }
        "cvt" if has("tf32") && has("f32") => alu!(Op::CvtTf32, 1),
        "cvt" if has("e4m3x2") || has("e5m2x2") => {
            let e5m2 = has("e5m2x2");
            let fp8_at = mods.iter().position(|m| *m == "e4m3x2" || *m == "e5m2x2");
            let ty_at = mods.iter().position(|m| *m == "f32" || *m == "f16x2");
            let kind = match (fp8_at, ty_at) {
                (Some(f), Some(t)) if f < t && mods[t] == "f32" => 0,
                (Some(f), Some(t)) if f < t => 1,
                (Some(_), Some(_)) => 2,
                _ => return Err(c.err("cvt: an fp8 conversion needs f32 or f16x2")),
            };
            let op = Op::CvtFp8 {
                kind,
                e5m2,
                relu: has("relu"),
            };
            if kind == 0 {
                alu!(op, 2)
            } else {
                alu!(op, 1)
            }
        }
        "cvt" => {
            if types.len() < 2 {
                return Err(c.err("cvt needs two types"));
            }
            let (dty, sty) = (types[0], types[1]);
            let op = Op::Cvt {
                dty,
                sty,
                rnd: rnd_of(mods).unwrap_or(Rnd::Rn),
                irnd: irnd_of(mods),
                sat: has("sat"),
                ftz: has("ftz"),
                relu: has("relu"),
            };
            if matches!(dty, Ty::F16x2 | Ty::BF16x2) && sty == Ty::F32 {
                alu!(op, 2)
            } else {
                alu!(op, 1)
            }
        }
        "cvta" => {
            let to = has("to");
            let space = space_of(mods);
            alu!(Op::Cvta { to, space }, 1)
        }
        "isspacep" => alu!(Op::IsSpace(space_of(mods)), 1),
        "mbarrier" => crate::mbarrier::decode(&mut c, base, mods, ops)?,
        "wmma" => crate::wmma::decode(&mut c, mods, ops)?,
        "mma" => crate::mma_sync::decode_mma(&mut c, mods, ops)?,
        // Warpgroup MMA exists only on sm_90a (ptxas rejects it for sm_90), outside the
        // targets the interpreter models; its operands live in shared-memory descriptors.
        "wgmma" => {
            return Err(c.err(
                "wgmma (warpgroup matrix multiply, sm_90a) is not supported by the interpreter",
            ))
        }
        "ldmatrix" => crate::mma_sync::decode_ldmatrix(&mut c, mods, ops)?,
        "stmatrix" => crate::mma_sync::decode_stmatrix(&mut c, mods, ops)?,
        "cp" if has("async") && has("mbarrier") => {
            crate::mbarrier::decode(&mut c, base, mods, ops)?
        }
        "cp" if has("async")
            && has("bulk")
            && mods.iter().any(|m| m.starts_with("mbarrier::complete_tx")) =>
        {
            crate::mbarrier::decode_bulk(&mut c, ops)?
        }
        "cp" if has("async") && (has("commit_group") || has("wait_group") || has("wait_all")) => {
            // The copies complete immediately, so commits and waits have nothing to do.
            c.emit(Op::Nop, NR, NS, 0, 0);
        }
        "cp" if has("async") && !has("bulk") && has("shared") => {
            // cp.async.{ca,cg}.shared.global [dst], [src], cp-size{, src-size}: copied at once,
            // bytes past src-size are zero.
            need(3, &c)?;
            let mut ends = [Src::Imm(0); 2];
            for (k, sp) in [(0, Space::Shared), (1, Space::Global)] {
                let (base, off, aux, _) = c.addr(&ops[k], sp)?;
                if aux != 0 {
                    return Err(c.err("frame-relative cp.async addresses are not supported"));
                }
                ends[k] = if off == 0 {
                    base
                } else {
                    Src::Reg(c.emit_helper2(
                        Op::Int(IntOp::Add, Ty::U64),
                        base,
                        Src::Imm(off as u64),
                    ))
                };
            }
            let size = c.src(&ops[2], Ty::U32)?;
            let src_size = match ops.get(3) {
                Some(o @ (Operand::Int(_) | Operand::Name(_))) if !matches!(o, Operand::Name(n) if n.starts_with("%p")) => {
                    c.src(o, Ty::U32)?
                }
                _ => size,
            };
            c.emit(Op::CpAsync, NR, [ends[0], ends[1], size, src_size], 0, 0);
        }
        "brx" => return Err(c.err("indirect branches are not supported")),
        "bra" => {
            need(1, &c)?;
            let Operand::Name(l) = &ops[0] else {
                return Err(c.err("branch target must be a label"));
            };
            let at = c.f.out.len();
            c.f.fixups.push((at, l.clone(), i.line));
            c.emit(Op::Bra, NR, NS, 0, 0);
        }
        "call" => decode_call(&mut c, ops, funcs, calls)?,
        "ret" => c.emit(Op::Ret, NR, NS, 0, 0),
        "exit" => c.emit(Op::Exit, NR, NS, 0, 0),
        "trap" | "brkpt" => c.emit(Op::Trap, NR, NS, 0, 0),
        "membar" | "fence" | "nanosleep" | "pmevent" | "prefetch" | "prefetchu" | "discard"
        | "applypriority" | "createpolicy" | "griddepcontrol" => {
            if base == "createpolicy" {
                let d = c.dst(&ops[0])?;
                c.emit(Op::Mov, [d, NO_REG, NO_REG, NO_REG], NS, 0, 0);
            } else {
                c.emit(Op::Nop, NR, NS, 0, 0);
            }
        }
        "bar" | "barrier" if has("warp") => {
            need(1, &c)?;
            let m = c.src(&ops[0], Ty::B32)?;
            c.emit(
                Op::BarWarpSync,
                NR,
                [m, Src::Imm(0), Src::Imm(0), Src::Imm(0)],
                0,
                0,
            );
        }
        "bar" | "barrier" => {
            let kind = if has("arrive") {
                BarKind::Arrive
            } else if has("red") {
                if has("popc") {
                    BarKind::RedPopc
                } else if has("and") {
                    BarKind::RedAnd
                } else {
                    BarKind::RedOr
                }
            } else {
                BarKind::Sync
            };
            let is_red = matches!(kind, BarKind::RedPopc | BarKind::RedAnd | BarKind::RedOr);
            let (d, rest) = if is_red {
                (c.dst(&ops[0])?, &ops[1..])
            } else {
                (NO_REG, &ops[..])
            };
            if rest.is_empty() {
                return Err(c.err("missing barrier id"));
            }
            let id = c.src(&rest[0], Ty::U32)?;
            let nargs = rest.len() - is_red as usize;
            let count = if nargs >= 2 {
                c.src(&rest[1], Ty::U32)?
            } else {
                Src::Imm(0)
            };
            let pred = if is_red {
                c.src(&rest[rest.len() - 1], Ty::Pred)?
            } else {
                Src::Imm(0)
            };
            c.emit(
                Op::Bar {
                    kind,
                    has_count: nargs >= 2,
                },
                [d, NO_REG, NO_REG, NO_REG],
                [id, count, pred, Src::Imm(0)],
                0,
                0,
            );
        }
        "shfl" => {
            let mode = if has("up") {
                ShflMode::Up
            } else if has("down") {
                ShflMode::Down
            } else if has("bfly") {
                ShflMode::Bfly
            } else {
                ShflMode::Idx
            };
            need(4, &c)?;
            let (d, p) = match &ops[0] {
                Operand::Pair(a, b) => (c.sink_or_reg(a)?, c.sink_or_reg(b)?),
                o => (c.dst(o)?, NO_REG),
            };
            let mask = if nops >= 5 {
                c.src(&ops[4], Ty::B32)?
            } else {
                Src::Imm(0xFFFF_FFFF)
            };
            let s = [
                c.src(&ops[1], Ty::B32)?,
                c.src(&ops[2], Ty::B32)?,
                c.src(&ops[3], Ty::B32)?,
                mask,
            ];
            c.emit(Op::Shfl(mode), [d, p, NO_REG, NO_REG], s, 0, 0);
        }
        "vote" => {
            let mode = if has("all") {
                VoteMode::All
            } else if has("any") {
                VoteMode::Any
            } else if has("uni") {
                VoteMode::Uni
            } else {
                VoteMode::Ballot
            };
            need(2, &c)?;
            let d = c.dst(&ops[0])?;
            let a = c.src(&ops[1], Ty::Pred)?;
            let m = if nops >= 3 {
                c.src(&ops[2], Ty::B32)?
            } else {
                Src::Imm(0xFFFF_FFFF)
            };
            c.emit(
                Op::Vote(mode),
                [d, NO_REG, NO_REG, NO_REG],
                [a, m, Src::Imm(0), Src::Imm(0)],
                0,
                0,
            );
        }
        "activemask" => {
            need(1, &c)?;
            let d = c.dst(&ops[0])?;
            c.emit(Op::Activemask, [d, NO_REG, NO_REG, NO_REG], NS, 0, 0);
        }
        "match" => {
            need(3, &c)?;
            let (d, p) = match &ops[0] {
                Operand::Pair(a, b) => (c.sink_or_reg(a)?, c.sink_or_reg(b)?),
                o => (c.dst(o)?, NO_REG),
            };
            let s = [
                c.src(&ops[1], ty)?,
                c.src(&ops[2], Ty::B32)?,
                Src::Imm(0),
                Src::Imm(0),
            ];
            let op = if has("all") {
                Op::MatchAll(ty)
            } else {
                Op::MatchAny(ty)
            };
            c.emit(op, [d, p, NO_REG, NO_REG], s, 0, 0);
        }
        "elect" => {
            need(2, &c)?;
            let (d, p) = match &ops[0] {
                Operand::Pair(a, b) => (c.sink_or_reg(a)?, c.sink_or_reg(b)?),
                o => (c.dst(o)?, NO_REG),
            };
            let m = c.src(&ops[1], Ty::B32)?;
            c.emit(
                Op::Elect,
                [d, p, NO_REG, NO_REG],
                [m, Src::Imm(0), Src::Imm(0), Src::Imm(0)],
                0,
                0,
            );
        }
        "redux" => {
            let op = atom_op_of(mods).ok_or_else(|| c.err("unknown redux operation"))?;
            alu!(Op::Redux(op, ty), 2)
        }
        _ => return Err(c.err("unsupported instruction")),
    }
    Ok(())
}

/// Signedness of the two operand types of `dp4a`/`dp2a`.
fn two_signs(types: &[Ty], c: &Ctx) -> Result<(bool, bool), EmuError> {
    match types {
        [a, b, ..] => Ok((a.is_signed(), b.is_signed())),
        _ => Err(c.err("needs two operand types")),
    }
}
