//! Selection of control flow and calls: jumps, branches, switches, returns, calls.
//!
//! Block arguments become copies into the target's parameter registers. On an edge from
//! a block with one successor they go at the end of that block; otherwise the edge is
//! split with a new block holding the copies, so they run only on that edge. Branches are
//! first selected as `@%p bra T; bra.uni E;` and the `peephole` pass later removes jumps to
//! the next block and inverts conditions to fall through. `switch` is a compare chain.

use super::Ctx;
use crate::lower_args::{call_slot_type, class_of, func_param_decl, mem_type, widened};
use crate::mir::*;
use crate::out_of_ssa::sequence_copies;
use crate::BackendError;
use oxicc_ir::{BlockCall, FuncId, ParamKind, Signature, Type, Value};

impl Ctx<'_> {
    /// Emits the copies of `call`'s arguments into the current block.
    fn emit_copies(&mut self, call: &BlockCall) -> Result<(), BackendError> {
        let params = self.func.blocks[call.block].params.clone();
        let mut reg_copies = Vec::new();
        let mut imm_copies = Vec::new();
        for (&p, &a) in params.iter().zip(&call.args) {
            let dst = self.result_reg(p)?;
            match self.imm_of(a) {
                Some(imm) => imm_copies.push((dst, imm)),
                None => {
                    if let Some(bits) = self.const_bits(a) {
                        // An i1 constant.
                        imm_copies.push((dst, Operand::Imm((bits & 1) as i64)));
                    } else {
                        let src = self.reg(a)?;
                        reg_copies.push((dst, src));
                    }
                }
            }
        }
        let mf = &mut self.mf;
        let seq = sequence_copies(&reg_copies, |r| {
            let c = mf.class(r);
            mf.new_vreg(c)
        });
        for (d, s) in seq {
            let class = self.mf.class(d);
            self.push(MInst::mov(class, d, Operand::Reg(s)));
        }
        // Immediates read no register, so they go last.
        for (d, imm) in imm_copies {
            let class = self.mf.class(d);
            self.push(MInst::mov(class, d, imm));
        }
        Ok(())
    }

    /// The label to branch to for edge `call`, splitting the edge when it carries arguments
    /// and the branch has several successors.
    fn edge_target(
        &mut self,
        call: &BlockCall,
        single_successor: bool,
    ) -> Result<MBlockId, BackendError> {
        let target = self.block(call.block);
        if call.args.is_empty() {
            return Ok(target);
        }
        if single_successor {
            self.emit_copies(call)?;
            return Ok(target);
        }
        let saved = self.cur;
        let e = self.mf.new_block();
        self.edges.push(e);
        self.cur = e;
        self.emit_copies(call)?;
        self.bra(target, None);
        self.cur = saved;
        Ok(e)
    }

    /// `bra.uni L` (plain `bra L` below PTX 6.5: `Target::uniform_branches`) or `@p bra L`.
    pub fn bra(&mut self, target: MBlockId, guard: Option<(VReg, bool)>) {
        let uni = guard.is_none() && self.target.uniform_branches();
        let mods: &[Mod] = if uni { &[Mod::Uni] } else { &[] };
        self.push(MInst {
            guard,
            kind: MInstKind::Op {
                op: Op::new(Opc::Bra, mods, &[]),
                defs: vec![],
                uses: vec![Operand::Label(target)],
            },
            loc: oxicc_ir::Loc::NONE,
        });
    }

    pub(super) fn sel_jump(&mut self, dest: &BlockCall) -> Result<(), BackendError> {
        let t = self.edge_target(dest, true)?;
        self.bra(t, None);
        Ok(())
    }

    pub(super) fn sel_branch(
        &mut self,
        cond: Value,
        then_d: &BlockCall,
        else_d: &BlockCall,
    ) -> Result<(), BackendError> {
        if then_d == else_d {
            return self.sel_jump(then_d);
        }
        let p = self.reg(cond)?;
        let t = self.edge_target(then_d, false)?;
        let e = self.edge_target(else_d, false)?;
        self.bra(t, Some((p, false)));
        self.bra(e, None);
        Ok(())
    }

    pub(super) fn sel_switch(
        &mut self,
        arg: Value,
        cases: &[(u64, BlockCall)],
        default: &BlockCall,
    ) -> Result<(), BackendError> {
        let t = self.ty(arg);
        if t == Type::I128 || t == Type::I1 {
            return Err(BackendError::new(format!("switch on {t} is not supported")));
        }
        let x = self.ext_operand(arg, false)?;
        let x = self.force_reg(x, t)?;
        let ty = super::arith::int_type(t, true);
        for (val, call) in cases {
            let target = self.edge_target(call, false)?;
            let imm = if t == Type::I8 {
                (*val & 0xff) as i64
            } else {
                super::sext(*val, t.bits())
            };
            let p = self.emit_new(
                RegClass::Pred,
                Op::new(Opc::Setp, &[Mod::Cmp(CmpOp::Eq)], &[ty]),
                vec![x.clone(), Operand::Imm(imm)],
            );
            self.bra(target, Some((p, false)));
        }
        let d = self.edge_target(default, false)?;
        self.bra(d, None);
        Ok(())
    }

    pub(super) fn sel_return(&mut self, value: Option<Value>) -> Result<(), BackendError> {
        if let Some(v) = value {
            let t = self.ty(v);
            let src = self.widen_for_call(v)?;
            self.emit(
                Op::new(Opc::St, &[Mod::Space(Space::Param)], &[call_slot_type(t)]),
                vec![],
                vec![
                    Operand::Addr(Addr {
                        base: AddrBase::Sym("func_retval0".into()),
                        offset: 0,
                    }),
                    src,
                ],
            );
        }
        self.emit(Op::new(Opc::Ret, &[], &[]), vec![], vec![]);
        Ok(())
    }

    /// A scalar as it crosses a `.func` boundary: sub-32-bit values widened to `.b32`
    /// (zero-extended; `i1` as 0/1).
    fn widen_for_call(&mut self, v: Value) -> Result<Operand, BackendError> {
        let t = self.ty(v);
        if !widened(t) {
            return self.operand(v);
        }
        if let Some(bits) = self.const_bits(v) {
            let mask = (1u64 << t.bits()) - 1;
            return Ok(Operand::Imm((bits & mask) as i64));
        }
        if t == Type::I1 {
            return Ok(Operand::Reg(self.bool_to_int(v, false)?));
        }
        let r = self.reg(v)?;
        let from = if t == Type::I8 {
            PtxType::U8
        } else {
            PtxType::U16
        };
        Ok(Operand::Reg(self.emit_new(
            RegClass::B32,
            Op::new(Opc::Cvt, &[], &[PtxType::U32, from]),
            vec![Operand::Reg(r)],
        )))
    }

    pub(super) fn sel_call(
        &mut self,
        callee: FuncId,
        args: &[Value],
        result: Option<Value>,
    ) -> Result<(), BackendError> {
        let f = &self.module.functions[callee];
        let name = f.name.clone();
        let sig = f.sig.clone();
        self.sel_call_seq(name, None, &sig, args, result)
    }

    /// A call through the function address `target`: the same parameter traffic as a
    /// direct call of a function with signature `sig`, printed with a `.callprototype`.
    pub(super) fn sel_call_indirect(
        &mut self,
        target: Value,
        sig: &Signature,
        args: &[Value],
        result: Option<Value>,
    ) -> Result<(), BackendError> {
        let t = self.reg(target)?;
        self.sel_call_seq("the indirect callee".into(), Some(t), sig, args, result)
    }

    /// The `{ … }` call scope: `.param` declarations and stores of the arguments, the call,
    /// and the load of the return value. `name` is the callee's symbol (direct calls) or
    /// a description for messages; `target` the register of an indirect call's address.
    fn sel_call_seq(
        &mut self,
        name: String,
        target: Option<VReg>,
        sig: &Signature,
        args: &[Value],
        result: Option<Value>,
    ) -> Result<(), BackendError> {
        let mut call_args = Vec::new();
        for (k, (&a, kind)) in args.iter().zip(&sig.params).enumerate() {
            let decl = func_param_decl(*kind);
            match *kind {
                ParamKind::Value(t) => {
                    let src = self.widen_for_call(a)?;
                    call_args.push(CallArg {
                        decl,
                        stores: vec![(0, call_slot_type(t), src)],
                    });
                }
                ParamKind::ByVal { size, align } => {
                    let pty = self.ty(a);
                    let space = pty.addr_space().ok_or_else(|| {
                        BackendError::new(format!(
                            "by-value argument {k} of `{name}` is not a pointer"
                        ))
                    })?;
                    let base = self.address(a)?;
                    let mut stores = Vec::new();
                    let mut off = 0u32;
                    while off < size {
                        let chunk = [8u32, 4, 2, 1]
                            .into_iter()
                            .find(|&c| c <= align.max(1) && off & (c - 1) == 0 && off + c <= size)
                            .unwrap_or(1);
                        let (class, bty) = match chunk {
                            8 => (RegClass::B64, PtxType::B64),
                            4 => (RegClass::B32, PtxType::B32),
                            2 => (RegClass::B16, PtxType::B16),
                            _ => (RegClass::B16, PtxType::B8),
                        };
                        let mut mods = Vec::new();
                        if let Some(s) = super::convert::addr_space_modifier(space) {
                            mods.push(Mod::Space(s));
                        }
                        let addr = Addr {
                            base: base.base.clone(),
                            offset: base.offset + off as i64,
                        };
                        let r = self.emit_new(
                            class,
                            Op {
                                opc: Opc::Ld,
                                mods,
                                types: vec![bty],
                                shape: Shape::Flat,
                            },
                            vec![Operand::Addr(addr)],
                        );
                        stores.push((off, bty, Operand::Reg(r)));
                        off += chunk;
                    }
                    call_args.push(CallArg { decl, stores });
                }
            }
        }
        let mut narrow = None;
        let ret = match (sig.ret, result) {
            (Some(t), Some(res)) => {
                let decl = func_param_decl(ParamKind::Value(t));
                let lty = call_slot_type(t);
                if widened(t) {
                    let tmp = self.mf.new_vreg(RegClass::B32);
                    narrow = Some((tmp, t, res));
                    Some((decl, lty, tmp))
                } else {
                    let d = self.result_reg(res)?;
                    Some((decl, lty, d))
                }
            }
            (Some(t), None) => {
                // The callee writes retval0 whether or not we read it; declare it.
                let decl = func_param_decl(ParamKind::Value(t));
                let tmp = self.mf.new_vreg(class_of(match t {
                    Type::F32 | Type::F64 => t,
                    _ if t.bits() > 32 => Type::I64,
                    _ => Type::I32,
                })?);
                Some((decl, call_slot_type(t), tmp))
            }
            _ => None,
        };
        self.push(MInst {
            guard: None,
            kind: MInstKind::Call(CallSeq {
                callee: name,
                target,
                args: call_args,
                ret,
            }),
            loc: oxicc_ir::Loc::NONE,
        });
        if let Some((tmp, t, res)) = narrow {
            let d = self.result_reg(res)?;
            if t == Type::I1 {
                self.emit(
                    Op::new(Opc::Setp, &[Mod::Cmp(CmpOp::Ne)], &[PtxType::S32]),
                    vec![Operand::Reg(d)],
                    vec![Operand::Reg(tmp), Operand::Imm(0)],
                );
            } else {
                let _ = mem_type(t);
                self.emit(
                    Op::new(Opc::Cvt, &[], &[PtxType::U16, PtxType::U32]),
                    vec![Operand::Reg(d)],
                    vec![Operand::Reg(tmp)],
                );
            }
        }
        Ok(())
    }
}
