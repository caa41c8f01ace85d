//! Selection of memory operations: loads, stores, address arithmetic, stack and global
//! addresses, atomics.
//!
//! The state space of an access comes from the pointer's address space (`ld.global`,
//! `st.shared`, `ld` for generic). Addresses fold constant offsets and symbols
//! (`[%rd1+16]`, `[w+4]`, `[%SPL+8]`, `[k_param_1+4]`). Atomics take the default `.gpu`
//! scope without a suffix, as nvcc prints them, and `.cta`/`.sys` otherwise; an atomic whose
//! old value nobody reads is a `red` (reduction), as in nvcc's output.

use super::analysis::{addr_root, AddrRoot};
use super::arith::{bit_type, float_type};
use super::convert::addr_space_modifier;
use super::Ctx;
use crate::lower_args::mem_type;
use crate::mir::*;
use crate::BackendError;
use oxicc_ir::{AddrSpace, AtomicOp, FuncId, GlobalId, MemFlags, Scope, StackSlot, Type, Value};

impl Ctx<'_> {
    /// The address operand for pointer `v`.
    pub fn address(&mut self, v: Value) -> Result<Addr, BackendError> {
        let (root, off) = addr_root(self.func, v);
        Ok(match root {
            AddrRoot::Global(g) => Addr {
                base: AddrBase::Sym(self.module.globals[g].name.clone()),
                offset: off,
            },
            AddrRoot::Stack(slot) => Addr {
                base: AddrBase::StackLocal,
                offset: off + self.frame.offset(slot) as i64,
            },
            AddrRoot::ByVal(p) => Addr {
                base: AddrBase::Sym(
                    self.param_sym(p)
                        .expect("by-value parameter symbol")
                        .clone(),
                ),
                offset: off,
            },
            AddrRoot::Value(r) => Addr {
                base: AddrBase::Reg(self.reg(r)?),
                offset: off,
            },
        })
    }

    /// The space modifiers of an access through a pointer of type `t`.
    fn space_mods(&self, t: Type, volatile: bool) -> Vec<Mod> {
        let mut m = Vec::new();
        if volatile {
            m.push(Mod::Volatile);
        }
        if let Some(s) =
            addr_space_modifier(t.addr_space().expect("memory access through a non-pointer"))
        {
            m.push(Mod::Space(s));
        }
        m
    }

    /// The `ld` operation and address of a load of `ty` through `ptr`.
    fn load_op(
        &mut self,
        ty: PtxType,
        ptr: Value,
        flags: MemFlags,
    ) -> Result<(Op, Operand), BackendError> {
        let addr = Operand::Addr(self.address(ptr)?);
        let volatile = flags.volatile && self.ty(ptr).addr_space() != Some(AddrSpace::Param);
        let mut mods = self.space_mods(self.ty(ptr), volatile);
        if flags.invariant && !volatile && self.ty(ptr).addr_space() == Some(AddrSpace::Global) {
            // Memory nothing writes during the kernel: the read-only data cache.
            mods.push(Mod::Nc);
        }
        let op = Op {
            opc: Opc::Ld,
            mods,
            types: vec![ty],
            shape: Shape::Access { align: flags.align },
        };
        Ok((op, addr))
    }

    /// A narrow load (`load`, absorbed) extended into `res`'s wide register by the load
    /// itself: `ld.u8`/`ld.s8`/`ld.u16`/`ld.s16` (see the analysis' `ExtLoad`).
    pub(super) fn sel_ext_load(
        &mut self,
        load: oxicc_ir::Inst,
        signed: bool,
        res: Value,
    ) -> Result<(), BackendError> {
        let oxicc_ir::InstData::Load { ty, ptr, flags } = self.func.insts[load].data else {
            return Err(BackendError::new(
                "internal error: a load extension without its load",
            ));
        };
        let mt = match (ty, signed) {
            (Type::I8, false) => PtxType::U8,
            (Type::I8, true) => PtxType::S8,
            (Type::I16, false) => PtxType::U16,
            _ => PtxType::S16,
        };
        let (op, addr) = self.load_op(mt, ptr, flags)?;
        let d = self.result_reg(res)?;
        self.emit(op, vec![Operand::Reg(d)], vec![addr]);
        Ok(())
    }

    pub(super) fn sel_load(
        &mut self,
        ty: Type,
        ptr: Value,
        flags: MemFlags,
        res: Value,
    ) -> Result<(), BackendError> {
        if ty == Type::I128 {
            return Err(BackendError::new(
                "128-bit loads are not supported by the PTX backend yet",
            ));
        }
        let (op, addr) = self.load_op(mem_type(ty), ptr, flags)?;
        let d = self.result_reg(res)?;
        if ty == Type::I1 {
            let b = self.emit_new(RegClass::B16, op, vec![addr]);
            self.emit(
                Op::new(Opc::Setp, &[Mod::Cmp(CmpOp::Ne)], &[PtxType::S16]),
                vec![Operand::Reg(d)],
                vec![Operand::Reg(b), Operand::Imm(0)],
            );
        } else {
            self.emit(op, vec![Operand::Reg(d)], vec![addr]);
        }
        Ok(())
    }

    pub(super) fn sel_store(
        &mut self,
        ptr: Value,
        value: Value,
        flags: MemFlags,
    ) -> Result<(), BackendError> {
        let pty = self.ty(ptr);
        match pty.addr_space() {
            Some(AddrSpace::Const) | Some(AddrSpace::Param) => {
                return Err(BackendError::new(format!(
                    "store through a {pty} pointer: that space is read-only"
                )))
            }
            _ => {}
        }
        let ty = self.ty(value);
        if ty == Type::I128 {
            return Err(BackendError::new(
                "128-bit stores are not supported by the PTX backend yet",
            ));
        }
        let v = if ty == Type::I1 {
            let p = self.reg(value)?;
            Operand::Reg(self.emit_new(
                RegClass::B16,
                Op::new(Opc::Selp, &[], &[PtxType::U16]),
                vec![Operand::Imm(1), Operand::Imm(0), Operand::Reg(p)],
            ))
        } else {
            self.operand(value)?
        };
        let addr = Operand::Addr(self.address(ptr)?);
        let op = Op {
            opc: Opc::St,
            mods: self.space_mods(pty, flags.volatile),
            types: vec![mem_type(ty)],
            shape: Shape::Access { align: flags.align },
        };
        self.emit(op, vec![], vec![addr, v]);
        Ok(())
    }

    pub(super) fn sel_ptr_add(
        &mut self,
        ptr: Value,
        offset: Value,
        res: Value,
    ) -> Result<(), BackendError> {
        let p = Operand::Reg(self.reg(ptr)?);
        let o = self.operand(offset)?;
        let d = self.result_reg(res)?;
        self.emit(
            Op::new(Opc::Add, &[], &[PtxType::S64]),
            vec![Operand::Reg(d)],
            vec![p, o],
        );
        Ok(())
    }

    pub(super) fn sel_stack_addr(
        &mut self,
        slot: StackSlot,
        res: Value,
    ) -> Result<(), BackendError> {
        let d = self.result_reg(res)?;
        let off = self.frame.offset(slot) as i64;
        self.emit(
            Op::new(Opc::Add, &[], &[PtxType::U64]),
            vec![Operand::Reg(d)],
            vec![Operand::Special("%SPL"), Operand::Imm(off)],
        );
        Ok(())
    }

    pub(super) fn sel_global_addr(&mut self, g: GlobalId, res: Value) -> Result<(), BackendError> {
        let d = self.result_reg(res)?;
        let name = self.module.globals[g].name.clone();
        self.emit(
            Op::new(Opc::Mov, &[], &[PtxType::U64]),
            vec![Operand::Reg(d)],
            vec![Operand::Sym(name)],
        );
        Ok(())
    }

    /// A function's address, `mov.u64 %rd, f;` (a generic address, as nvcc uses it).
    pub(super) fn sel_func_addr(&mut self, f: FuncId, res: Value) -> Result<(), BackendError> {
        let d = self.result_reg(res)?;
        let name = self.module.functions[f].name.clone();
        self.emit(
            Op::new(Opc::Mov, &[], &[PtxType::U64]),
            vec![Operand::Reg(d)],
            vec![Operand::Sym(name)],
        );
        Ok(())
    }

    /// Space and scope modifiers of an atomic through a pointer of type `t`.
    fn atomic_mods(&self, t: Type, scope: Scope) -> Result<Vec<Mod>, BackendError> {
        let mut m = Vec::new();
        match t.addr_space() {
            Some(AddrSpace::Generic) => {}
            Some(AddrSpace::Global) => m.push(Mod::Space(Space::Global)),
            Some(AddrSpace::Shared) => m.push(Mod::Space(Space::Shared)),
            _ => {
                return Err(BackendError::new(format!(
                    "atomic operation through a {t} pointer: only generic, global and shared memory support atomics"
                )))
            }
        }
        match scope {
            Scope::Gpu => {}
            Scope::Cta => m.push(Mod::Cta),
            Scope::System => m.push(Mod::Sys),
        }
        Ok(m)
    }

    pub(super) fn sel_atomic_rmw(
        &mut self,
        op: AtomicOp,
        ptr: Value,
        value: Value,
        scope: Scope,
        res: Option<Value>,
    ) -> Result<(), BackendError> {
        let t = self.ty(value);
        let bits = t.bits();
        if !(bits == 32 || bits == 64) {
            return Err(BackendError::new(format!(
                "atomic operations on {t} are not supported"
            )));
        }
        let ity = |signed: bool| match (bits, signed) {
            (32, true) => PtxType::S32,
            (32, false) => PtxType::U32,
            (_, true) => PtxType::S64,
            (_, false) => PtxType::U64,
        };
        let mut v = self.operand(value)?;
        let (word, ty) = match op {
            AtomicOp::Add => ("add", ity(false)),
            AtomicOp::FAdd => ("add", float_type(t)),
            AtomicOp::Sub => {
                // atom has no sub: add the negation.
                v = match v {
                    Operand::Imm(i) => Operand::Imm(i.wrapping_neg()),
                    other => {
                        let class = crate::lower_args::class_of(t)?;
                        Operand::Reg(self.emit_new(
                            class,
                            Op::new(Opc::Neg, &[], &[ity(true)]),
                            vec![other],
                        ))
                    }
                };
                ("add", ity(false))
            }
            AtomicOp::And => ("and", bit_type(t)),
            AtomicOp::Or => ("or", bit_type(t)),
            AtomicOp::Xor => ("xor", bit_type(t)),
            AtomicOp::Exch => ("exch", bit_type(t)),
            AtomicOp::SMin => ("min", ity(true)),
            AtomicOp::SMax => ("max", ity(true)),
            AtomicOp::UMin => ("min", ity(false)),
            AtomicOp::UMax => ("max", ity(false)),
            AtomicOp::Inc | AtomicOp::Dec => {
                if bits != 32 {
                    return Err(BackendError::new(
                        "atomic inc/dec exist only for 32-bit values",
                    ));
                }
                (
                    if op == AtomicOp::Inc { "inc" } else { "dec" },
                    PtxType::U32,
                )
            }
        };
        let mut mods = self.atomic_mods(self.ty(ptr), scope)?;
        mods.push(Mod::Word(word));
        let addr = Operand::Addr(self.address(ptr)?);
        let unused = !matches!(res, Some(r) if self.an.reg_uses(r) > 0);
        if unused && op != AtomicOp::Exch {
            // Nobody reads the old value: a reduction, as nvcc emits.
            self.emit(
                Op {
                    opc: Opc::Red,
                    mods,
                    types: vec![ty],
                    shape: Shape::Flat,
                },
                vec![],
                vec![addr, v],
            );
            return Ok(());
        }
        let d = match res {
            Some(r) => self.result_reg(r)?,
            None => self.mf.new_vreg(crate::lower_args::class_of(t)?),
        };
        self.emit(
            Op {
                opc: Opc::Atom,
                mods,
                types: vec![ty],
                shape: Shape::Flat,
            },
            vec![Operand::Reg(d)],
            vec![addr, v],
        );
        Ok(())
    }

    pub(super) fn sel_atomic_cas(
        &mut self,
        ptr: Value,
        expected: Value,
        new: Value,
        scope: Scope,
        res: Option<Value>,
    ) -> Result<(), BackendError> {
        let t = self.ty(expected);
        if !(t.bits() == 32 || t.bits() == 64) {
            return Err(BackendError::new(format!(
                "atomic compare-and-swap on {t} is not supported"
            )));
        }
        let mut mods = self.atomic_mods(self.ty(ptr), scope)?;
        mods.push(Mod::Word("cas"));
        let e = self.operand(expected)?;
        let n = self.operand(new)?;
        let addr = Operand::Addr(self.address(ptr)?);
        let d = match res {
            Some(r) => self.result_reg(r)?,
            None => self.mf.new_vreg(crate::lower_args::class_of(t)?),
        };
        self.emit(
            Op {
                opc: Opc::Atom,
                mods,
                types: vec![bit_type(t)],
                shape: Shape::Flat,
            },
            vec![Operand::Reg(d)],
            vec![addr, e, n],
        );
        Ok(())
    }
}
