//! Operand resolution for the decoder: registers, special registers, symbols, immediates and
//! address expressions, the parsing of mnemonic modifiers (spaces, rounding, comparisons), and
//! the argument lists of `call`.

use crate::decode::{FnCtx, FuncInfo, Sym};
use crate::inst::*;
use crate::parse::Operand;
use crate::EmuError;

pub(crate) struct Ctx<'c, 'a> {
    pub f: &'c mut FnCtx<'a>,
    pub line: u32,
    pub opcode: &'c str,
    pub guard: u32,
}

pub(crate) fn sreg(name: &str) -> Option<Sreg> {
    let dim = |s: &str| match s {
        "x" => Some(0u8),
        "y" => Some(1),
        "z" => Some(2),
        _ => None,
    };
    let (base, suffix) = name.split_once('.').unwrap_or((name, ""));
    Some(match base {
        "%tid" => Sreg::Tid(dim(suffix)?),
        "%ntid" => Sreg::Ntid(dim(suffix)?),
        "%ctaid" => Sreg::Ctaid(dim(suffix)?),
        "%nctaid" => Sreg::Nctaid(dim(suffix)?),
        "%laneid" => Sreg::LaneId,
        "%warpid" => Sreg::WarpId,
        "%nwarpid" => Sreg::NWarpId,
        "%smid" => Sreg::SmId,
        "%nsmid" => Sreg::NSmId,
        "%gridid" => Sreg::GridId,
        "%lanemask_eq" => Sreg::LaneMaskEq,
        "%lanemask_le" => Sreg::LaneMaskLe,
        "%lanemask_lt" => Sreg::LaneMaskLt,
        "%lanemask_ge" => Sreg::LaneMaskGe,
        "%lanemask_gt" => Sreg::LaneMaskGt,
        "%clock" => Sreg::Clock,
        "%clock64" => Sreg::Clock64,
        "%globaltimer" | "%globaltimer_lo" => Sreg::GlobalTimer,
        "%dynamic_smem_size" => Sreg::DynSmem,
        "%total_smem_size" => Sreg::TotalSmem,
        "%reserved_smem_offset_begin" => Sreg::ReservedSmem(ReservedSmem::Begin),
        "%reserved_smem_offset_end" => Sreg::ReservedSmem(ReservedSmem::End),
        "%reserved_smem_offset_cap" => Sreg::ReservedSmem(ReservedSmem::Cap),
        "%reserved_smem_offset_0" => Sreg::ReservedSmem(ReservedSmem::Offset(0)),
        "%reserved_smem_offset_1" => Sreg::ReservedSmem(ReservedSmem::Offset(1)),
        b if b.starts_with("%envreg") => {
            Sreg::EnvReg(b["%envreg".len()..].parse().ok().filter(|n| *n < 32)?)
        }
        "%clusterid" | "%cluster_ctaid" | "%cluster_ctarank" | "%is_explicit_cluster" => Sreg::Zero,
        "%nclusterid" | "%cluster_nctaid" | "%cluster_nctarank" => Sreg::Zero,
        _ => return None,
    })
}

pub(crate) fn float_bits_for(ty: Ty, v: f64) -> u64 {
    match ty {
        Ty::F64 => v.to_bits(),
        Ty::F16 | Ty::F16x2 => crate::float::f32_to_f16(v as f32, Rnd::Rn) as u64,
        Ty::BF16 | Ty::BF16x2 => crate::float::f32_to_bf16(v as f32, Rnd::Rn) as u64,
        _ => (v as f32).to_bits() as u64,
    }
}

impl Ctx<'_, '_> {
    pub(crate) fn err(&self, msg: impl std::fmt::Display) -> EmuError {
        EmuError(format!("line {}: `{}`: {msg}", self.line, self.opcode))
    }

    pub(crate) fn emit(&mut self, op: Op, d: [u32; 4], s: [Src; 4], off: i64, aux: u32) {
        self.f.out.push(Inst {
            op,
            guard: self.guard,
            d,
            s,
            off,
            aux,
            line: self.line,
            r: [0; 4],
        });
    }

    /// Emits an unguarded helper instruction (reading a special register, an address, ...).
    pub(crate) fn emit_helper(&mut self, op: Op, s0: Src, off: i64) -> u32 {
        let t = self.f.new_temp();
        self.f.out.push(Inst {
            op,
            guard: 0,
            d: [t, NO_REG, NO_REG, NO_REG],
            s: [s0, Src::Imm(0), Src::Imm(0), Src::Imm(0)],
            off,
            aux: 0,
            line: self.line,
            r: [0; 4],
        });
        t
    }

    pub(crate) fn reg(&mut self, name: &str) -> Result<u32, EmuError> {
        match self.f.lookup(name) {
            Some(Sym::Reg(r)) => Ok(r),
            _ => Err(self.err(format!("`{name}` is not a declared register"))),
        }
    }

    /// A register of a `d|p` pair, where `_` discards that result.
    pub(crate) fn sink_or_reg(&mut self, name: &str) -> Result<u32, EmuError> {
        if name == "_" {
            Ok(self.f.new_temp())
        } else {
            self.reg(name)
        }
    }

    pub(crate) fn dst(&mut self, o: &Operand) -> Result<u32, EmuError> {
        match o {
            Operand::Name(n) => self.reg(n),
            Operand::Sink => Ok(self.f.new_temp()),
            _ => Err(self.err(format!("bad destination {o:?}"))),
        }
    }

    pub(crate) fn src(&mut self, o: &Operand, ty: Ty) -> Result<Src, EmuError> {
        Ok(match o {
            Operand::Name(n) => {
                // The predefined constant of PTX.
                if n == "WARP_SZ" {
                    return Ok(Src::Imm(32));
                }
                if let Some(s) = sreg(n) {
                    return Ok(Src::Reg(self.emit_helper(Op::Sreg(s), Src::Imm(0), 0)));
                }
                match self.f.lookup(n) {
                    Some(Sym::Reg(r)) => Src::Reg(r),
                    Some(Sym::Global(a)) => Src::Imm(a),
                    Some(Sym::Shared(o)) | Some(Sym::KParam(o)) => Src::Imm(o as u64),
                    Some(Sym::Func(i)) => Src::Imm(crate::decode::func_addr(i)),
                    Some(Sym::Proto(_)) => {
                        return Err(self.err(format!("`{n}` is a call prototype, not a value")))
                    }
                    Some(Sym::Local(o)) => {
                        Src::Reg(self.emit_helper(Op::LocalAddr, Src::Imm(0), o as i64))
                    }
                    Some(Sym::FParam(o)) => {
                        Src::Reg(self.emit_helper(Op::FParamAddr, Src::Imm(0), o as i64))
                    }
                    None => return Err(self.err(format!("unknown name `{n}`"))),
                }
            }
            Operand::Not(n) => {
                let r = self.reg(n)?;
                Src::Reg(self.emit_helper2(Op::Int(IntOp::Xor, Ty::B32), Src::Reg(r), Src::Imm(1)))
            }
            Operand::Int(v) if ty.is_float() => Src::Imm(float_bits_for(ty, *v as f64)),
            Operand::Int(v) => Src::Imm(*v as u64),
            Operand::F32(b) if ty == Ty::F64 => Src::Imm((f32::from_bits(*b) as f64).to_bits()),
            Operand::F32(b) => Src::Imm(*b as u64),
            Operand::F64(b) if ty == Ty::F64 => Src::Imm(*b),
            Operand::F64(b) => Src::Imm(float_bits_for(ty, f64::from_bits(*b))),
            Operand::Sink => Src::Imm(0),
            _ => return Err(self.err(format!("bad source operand {o:?}"))),
        })
    }

    pub(crate) fn emit_helper2(&mut self, op: Op, a: Src, b: Src) -> u32 {
        let t = self.f.new_temp();
        self.f.out.push(Inst {
            op,
            guard: 0,
            d: [t, NO_REG, NO_REG, NO_REG],
            s: [a, b, Src::Imm(0), Src::Imm(0)],
            off: 0,
            aux: 0,
            line: self.line,
            r: [0; 4],
        });
        t
    }

    /// Resolves `[base+off]`; returns (base, offset, frame-relative flag, space).
    pub(crate) fn addr(
        &mut self,
        o: &Operand,
        space: Space,
    ) -> Result<(Src, i64, u32, Space), EmuError> {
        let Operand::Addr(base, off) = o else {
            return Err(self.err(format!("expected an address, found {o:?}")));
        };
        let off = *off;
        let Some(name) = base else {
            return Ok((Src::Imm(0), off, 0, space));
        };
        Ok(match self.f.lookup(name) {
            Some(Sym::Reg(r)) => {
                let sp = match space {
                    Space::KParam if !self.f.is_entry => Space::FParam,
                    s => s,
                };
                (Src::Reg(r), off, 0, sp)
            }
            Some(Sym::Global(a)) => (Src::Imm(a), off, 0, space),
            Some(Sym::Shared(o)) => (Src::Imm(o as u64), off, 0, space),
            Some(Sym::Local(o)) if space == Space::Local => (Src::Imm(o as u64), off, 1, space),
            Some(Sym::FParam(o)) if matches!(space, Space::KParam | Space::FParam) => {
                (Src::Imm(o as u64), off, 2, Space::FParam)
            }
            Some(Sym::KParam(o)) if matches!(space, Space::KParam | Space::FParam) => {
                (Src::Imm(o as u64), off, 0, Space::KParam)
            }
            Some(Sym::Local(o)) => {
                let r = self.emit_helper(Op::LocalAddr, Src::Imm(0), o as i64);
                let g = self.emit_helper(
                    Op::Cvta {
                        to: false,
                        space: Space::Local,
                    },
                    Src::Reg(r),
                    0,
                );
                (Src::Reg(g), off, 0, space)
            }
            _ => return Err(self.err(format!("cannot address `{name}` in this space"))),
        })
    }
}

pub(crate) fn space_of(mods: &[&str]) -> Space {
    for m in mods {
        match *m {
            "global" => return Space::Global,
            "shared" | "shared::cta" | "shared::cluster" => return Space::Shared,
            "local" => return Space::Local,
            "const" => return Space::Const,
            "param" | "param::entry" | "param::func" => return Space::KParam,
            _ => {}
        }
    }
    Space::Generic
}

pub(crate) fn rnd_of(mods: &[&str]) -> Option<Rnd> {
    mods.iter().find_map(|m| match *m {
        "rn" => Some(Rnd::Rn),
        "rz" => Some(Rnd::Rz),
        "rm" => Some(Rnd::Rm),
        "rp" => Some(Rnd::Rp),
        "rna" => Some(Rnd::Rna),
        _ => None,
    })
}

pub(crate) fn irnd_of(mods: &[&str]) -> Option<Rnd> {
    mods.iter().find_map(|m| match *m {
        "rni" => Some(Rnd::Rn),
        "rzi" => Some(Rnd::Rz),
        "rmi" => Some(Rnd::Rm),
        "rpi" => Some(Rnd::Rp),
        _ => None,
    })
}

pub(crate) fn cmp_of(m: &str) -> Option<Cmp> {
    Some(match m {
        "eq" => Cmp::Eq,
        "ne" => Cmp::Ne,
        "lt" => Cmp::Lt,
        "le" => Cmp::Le,
        "gt" => Cmp::Gt,
        "ge" => Cmp::Ge,
        "lo" => Cmp::Lo,
        "ls" => Cmp::Ls,
        "hi" => Cmp::Hi,
        "hs" => Cmp::Hs,
        "equ" => Cmp::Equ,
        "neu" => Cmp::Neu,
        "ltu" => Cmp::Ltu,
        "leu" => Cmp::Leu,
        "gtu" => Cmp::Gtu,
        "geu" => Cmp::Geu,
        "num" => Cmp::Num,
        "nan" => Cmp::Nan,
        _ => return None,
    })
}

pub(crate) fn bop_of(mods: &[&str]) -> BoolOp {
    for m in mods {
        match *m {
            "and" => return BoolOp::And,
            "or" => return BoolOp::Or,
            "xor" => return BoolOp::Xor,
            _ => {}
        }
    }
    BoolOp::None
}

pub(crate) fn atom_op_of(mods: &[&str]) -> Option<AtomOp> {
    mods.iter().find_map(|m| match *m {
        "add" => Some(AtomOp::Add),
        "min" => Some(AtomOp::Min),
        "max" => Some(AtomOp::Max),
        "and" => Some(AtomOp::And),
        "or" => Some(AtomOp::Or),
        "xor" => Some(AtomOp::Xor),
        "exch" => Some(AtomOp::Exch),
        "cas" => Some(AtomOp::Cas),
        "inc" => Some(AtomOp::Inc),
        "dec" => Some(AtomOp::Dec),
        _ => None,
    })
}

pub(crate) const NR: [u32; 4] = [NO_REG; 4];
pub(crate) const NS: [Src; 4] = [Src::Imm(0); 4];

pub(crate) fn decode_call(
    c: &mut Ctx,
    ops: &[Operand],
    funcs: &[FuncInfo],
    calls: &mut Vec<CallSite>,
) -> Result<(), EmuError> {
    let mut k = 0;
    let rets: Vec<Operand> = match ops.first() {
        Some(Operand::List(r)) => {
            k = 1;
            r.clone()
        }
        _ => Vec::new(),
    };
    let Some(Operand::Name(callee)) = ops.get(k) else {
        return Err(c.err("missing callee"));
    };
    let args: Vec<Operand> = match ops.get(k + 1) {
        Some(Operand::List(a)) => a.clone(),
        _ => Vec::new(),
    };
    let fi = match c.f.lookup(callee) {
        Some(Sym::Func(i)) => i,
        Some(Sym::Reg(r)) => {
            return decode_indirect_call(c, r, &rets, &args, ops.get(k + 2), calls)
        }
        _ => return Err(c.err(format!("unknown call target `{callee}`"))),
    };
    let info = &funcs[fi as usize];
    let mut site = CallSite {
        callee: fi,
        ..Default::default()
    };
    if args.len() != info.params.len() || rets.len() != info.rets.len() {
        return Err(c.err(format!(
            "call to `{callee}` has the wrong number of arguments"
        )));
    }
    for (o, p) in args.iter().zip(&info.params) {
        let a = marshal(c, o)?;
        site.args.push((a, p.offset, p.size));
    }
    for (o, p) in rets.iter().zip(&info.rets) {
        let a = marshal(c, o)?;
        site.rets.push((a, p.offset, p.size));
    }
    let op = match (info.name.as_str(), info.has_body) {
        ("vprintf", false) => Op::Vprintf,
        ("__assertfail", false) => Op::AssertFail,
        ("malloc", false) => Op::Malloc,
        ("free", false) => Op::Free,
        (_, true) => Op::Call,
        // An error only if it runs (a declared function nothing defines).
        (_, false) => Op::CallMissing,
    };
    let idx = calls.len() as u32;
    calls.push(site);
    c.emit(op, NR, NS, 0, idx);
    Ok(())
}

/// A call argument or return operand: a `.param` variable, a register or an immediate.
fn marshal(c: &mut Ctx, o: &Operand) -> Result<CallArg, EmuError> {
    Ok(match o {
        Operand::Name(n) => match c.f.lookup(n) {
            Some(Sym::FParam(off)) => CallArg::Param(off),
            Some(Sym::Reg(r)) => CallArg::Reg(r),
            _ => return Err(c.err(format!("bad call argument `{n}`"))),
        },
        Operand::Int(v) => CallArg::Imm(*v as u64),
        Operand::F32(b) => CallArg::Imm(*b as u64),
        Operand::F64(b) => CallArg::Imm(*b),
        o => return Err(c.err(format!("bad call argument {o:?}"))),
    })
}

/// `call (rets), %rd, (args), prototype;`: the arguments are laid out as the prototype
/// says; the callee is the function whose address `%rd` holds when the call runs, and must
/// have the prototype's parameter layout (checked then, see `Env::indirect_callee`).
fn decode_indirect_call(
    c: &mut Ctx,
    target: u32,
    rets: &[Operand],
    args: &[Operand],
    proto: Option<&Operand>,
    calls: &mut Vec<CallSite>,
) -> Result<(), EmuError> {
    let proto =
        match proto {
            Some(Operand::Name(p)) => match c.f.lookup(p) {
                Some(Sym::Proto(i)) => i,
                _ => return Err(c.err(format!("`{p}` is not a `.callprototype` of this function"))),
            },
            Some(o) => return Err(c.err(format!("bad call prototype {o:?}"))),
            None => return Err(c.err(
                "an indirect call needs a `.callprototype` (call targets tables are not supported)",
            )),
        };
    // (offset, size) of each parameter and return value in the callee's parameter block.
    let layout = |ps: &[crate::decode::ParamInfo]| -> Vec<(u32, u32)> {
        ps.iter().map(|x| (x.offset, x.size)).collect()
    };
    let pparams = layout(&c.f.protos[proto as usize].params);
    let prets = layout(&c.f.protos[proto as usize].rets);
    if args.len() != pparams.len() || rets.len() != prets.len() {
        return Err(c.err("the call's arguments do not match its prototype"));
    }
    let mut site = CallSite {
        callee: INDIRECT_CALLEE,
        ..Default::default()
    };
    for (o, &(off, size)) in args.iter().zip(&pparams) {
        let a = marshal(c, o)?;
        site.args.push((a, off, size));
    }
    for (o, &(off, size)) in rets.iter().zip(&prets) {
        let a = marshal(c, o)?;
        site.rets.push((a, off, size));
    }
    let idx = calls.len() as u32;
    calls.push(site);
    c.emit(
        Op::CallIndirect,
        NR,
        [Src::Reg(target), Src::Imm(0), Src::Imm(0), Src::Imm(0)],
        0,
        idx,
    );
    Ok(())
}
