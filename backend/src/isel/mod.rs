//! Instruction selection: IR functions to machine IR, one block at a time.
//!
//! SelectionDAG-style without a separate DAG: within a block the SSA use-def edges are the
//! data dependences and the instruction order is the memory/side-effect chain. A pre-pass
//! (`analysis`) decides the folds: operands absorbed into a bigger pattern (`mad.lo`,
//! `mul.wide`, `mad.wide`) when they have a single use in the same block, constant-offset
//! `PtrAdd`s and symbols folded into address operands (`[%rd1+16]`, `[w+4]`), constants
//! folded into immediates. It then counts the uses that still need a register, so a value
//! every use of which was folded is not computed at all. Emission walks each block in
//! order and selects every instruction that is not absorbed and is either needed or has
//! effects. Block arguments become parallel copies on the edges (see `out_of_ssa`).
//!
//! Files: `arith` (integer/float arithmetic, comparisons, selects), `convert` (casts),
//! `memory` (loads, stores, addresses, atomics), `control` (branches, switch, calls,
//! returns), `gpu` (special registers, barriers, fences, shuffles, votes), `frem` (the exact
//! `fmod` expansion), `half` (`f16`/`bf16` operations the target lacks, through `f32`),
//! `texture` (`tex`, `tld4`, `suld`, `sust`), `inline_asm` (inline PTX).

mod analysis;
mod arith;
mod control;
mod convert;
mod frem;
mod gpu;
mod half;
mod inline_asm;
mod memory;
mod texture;

use crate::frame::Frame;
use crate::lower_args::{class_of, param_name};
use crate::mir::*;
use crate::target::Target;
use crate::BackendError;
use analysis::Analysis;
use hashbrown::HashMap;
use oxicc_ir::{
    Block, FuncKind, Function, InstData, Loc, Module, ParamKind, Type, Value, ValueDef,
};

/// The state of selecting one function.
pub(crate) struct Ctx<'a> {
    pub module: &'a Module,
    pub func: &'a Function,
    pub target: Target,
    pub frame: &'a Frame,
    pub mf: MFunction,
    pub an: Analysis,
    /// The register holding each SSA value that lives in a register.
    vreg_of: HashMap<Value, VReg>,
    /// The `tex`/`tld4` emitted so far in the current block (see `texture.rs`).
    tex_memo: Vec<texture::Memo<oxicc_ir::TexOp>>,
    /// The `suld` emitted since the last instruction that writes memory in this block.
    surf_memo: Vec<texture::Memo<oxicc_ir::SurfOp>>,
    /// The registers of inline asm outputs after the first, by the statement's result.
    asm_outputs: HashMap<(Value, u32), VReg>,
    /// The block instructions are appended to.
    pub cur: MBlockId,
    block_map: HashMap<Block, MBlockId>,
    /// Blocks created while selecting the current IR block, in layout order.
    chain: Vec<MBlockId>,
    /// Edge blocks created for the current IR block, laid out after `chain`.
    edges: Vec<MBlockId>,
    /// Kernel by-value parameters: the value standing for the parameter and its symbol.
    param_syms: HashMap<Value, String>,
    /// The function's position among the module's definitions (`__local_depotN`, `$L__BBN_M`).
    pub func_index: usize,
    /// `-lineinfo`: the source position of the instructions being selected, and the one
    /// the last pushed instruction carried.
    loc_pending: Loc,
    loc_emitted: Loc,
}

/// Selects machine code for one function with a body.
pub(crate) fn select_function(
    module: &Module,
    func: &Function,
    target: Target,
    frame: &Frame,
    func_index: usize,
) -> Result<MFunction, BackendError> {
    let an = analysis::analyze(func, module);
    let mut cx = Ctx {
        module,
        func,
        target,
        frame,
        mf: MFunction::default(),
        an,
        vreg_of: HashMap::new(),
        tex_memo: Vec::new(),
        surf_memo: Vec::new(),
        asm_outputs: HashMap::new(),
        cur: MBlockId(0),
        block_map: HashMap::new(),
        chain: Vec::new(),
        edges: Vec::new(),
        param_syms: HashMap::new(),
        func_index,
        loc_pending: Loc::NONE,
        loc_emitted: Loc::NONE,
    };
    cx.mf.inline_sites = func.inline_sites.clone();
    for &b in &func.layout {
        let mb = cx.mf.new_block();
        cx.block_map.insert(b, mb);
    }
    // Every block parameter gets its register up front: predecessors write it.
    for &b in &func.layout {
        for &p in &func.blocks[b].params {
            if b == func.entry() {
                if let Some(ParamKind::ByVal { .. }) = cx.param_kind(p) {
                    continue;
                }
            }
            let class = class_of(func.value_type(p))?;
            let r = cx.mf.new_vreg(class);
            cx.vreg_of.insert(p, r);
        }
    }
    for (i, &b) in func.layout.iter().enumerate() {
        cx.cur = cx.block_map[&b];
        cx.chain = vec![cx.cur];
        cx.edges.clear();
        // `-lineinfo`: every block starts with its position again (nvcc does so after a
        // label); the entry's parameter loads take the function's first position.
        cx.loc_emitted = Loc::NONE;
        if !func.locs.is_empty() {
            let mut locs = func.blocks[b].insts.iter().map(|&i| func.loc(i));
            if let Some(l) = locs.find(|l| !l.is_none()) {
                cx.loc_pending = l;
            }
        }
        cx.tex_memo.clear();
        cx.surf_memo.clear();
        if i == 0 {
            cx.lower_entry()?;
        }
        // `#pragma unroll 1` on a loop: tell ptxas not to unroll it either, as nvcc does.
        if func.blocks[b].unroll == oxicc_ir::UnrollHint::Count(1) {
            cx.push(MInst {
                guard: None,
                kind: MInstKind::Pragma("nounroll"),
                loc: oxicc_ir::Loc::NONE,
            });
        }
        for &inst in &func.blocks[b].insts {
            let l = func.loc(inst);
            if !l.is_none() {
                cx.loc_pending = l;
            }
            cx.select_inst(inst)?;
        }
        let chain = std::mem::take(&mut cx.chain);
        cx.mf.order.extend(chain);
        let edges = std::mem::take(&mut cx.edges);
        cx.mf.order.extend(edges);
    }
    if cfg!(debug_assertions) {
        check_every_read_register_is_written(&cx.mf, func);
    }
    Ok(cx.mf)
}

impl<'a> Ctx<'a> {
    /// The parameter kind of an entry-block parameter value.
    fn param_kind(&self, v: Value) -> Option<ParamKind> {
        match self.func.values[v].def {
            ValueDef::Param(b, n) if b == self.func.entry() => {
                self.func.sig.params.get(n as usize).copied()
            }
            _ => None,
        }
    }

    pub fn is_kernel(&self) -> bool {
        self.func.kind == FuncKind::Kernel
    }

    /// Appends an instruction to the current block; the first one after the source
    /// position changed carries it (`-lineinfo`).
    pub fn push(&mut self, mut inst: MInst) {
        if self.loc_pending != self.loc_emitted {
            inst.loc = self.loc_pending;
            self.loc_emitted = self.loc_pending;
        }
        self.mf.blocks[self.cur.index()].insts.push(inst);
    }

    /// Appends `op defs, uses`.
    pub fn emit(&mut self, op: Op, defs: Vec<Operand>, uses: Vec<Operand>) {
        self.push(MInst::op(op, defs, uses));
    }

    /// Appends `op d, uses` into a fresh register of `class` and returns it.
    pub fn emit_new(&mut self, class: RegClass, op: Op, uses: Vec<Operand>) -> VReg {
        let d = self.mf.new_vreg(class);
        self.emit(op, vec![Operand::Reg(d)], uses);
        d
    }

    /// The register allocated to an SSA value's result, creating it on first request.
    pub fn result_reg(&mut self, v: Value) -> Result<VReg, BackendError> {
        if let Some(r) = self.vreg_of.get(&v) {
            return Ok(*r);
        }
        let class = class_of(self.func.value_type(v))?;
        let r = self.mf.new_vreg(class);
        self.vreg_of.insert(v, r);
        Ok(r)
    }

    /// The IR type of a value.
    pub fn ty(&self, v: Value) -> Type {
        self.func.value_type(v)
    }

    /// The immediate form of a constant value, if `v` is one (never for `i1`).
    pub fn imm_of(&self, v: Value) -> Option<Operand> {
        let inst = self.func.def_inst(v)?;
        match self.func.insts[inst].data {
            InstData::IConst { ty, imm } if ty != Type::I1 => {
                Some(Operand::Imm(sext(imm, ty.bits())))
            }
            InstData::FConst {
                ty: Type::F32,
                bits,
            } => Some(Operand::F32(bits as u32)),
            InstData::FConst {
                ty: Type::F64,
                bits,
            } => Some(Operand::F64(bits)),
            _ => None,
        }
    }

    /// The raw bits of a constant value.
    pub fn const_bits(&self, v: Value) -> Option<u64> {
        let inst = self.func.def_inst(v)?;
        match self.func.insts[inst].data {
            InstData::IConst { imm, .. } => Some(imm),
            InstData::FConst { bits, .. } => Some(bits),
            _ => None,
        }
    }

    /// An operand for `v`: an immediate for constants, its register otherwise.
    pub fn operand(&mut self, v: Value) -> Result<Operand, BackendError> {
        if let Some(imm) = self.imm_of(v) {
            return Ok(imm);
        }
        Ok(Operand::Reg(self.reg(v)?))
    }

    /// `v` in a register, materializing constants with `mov`.
    pub fn reg(&mut self, v: Value) -> Result<VReg, BackendError> {
        if let Some(r) = self.vreg_of.get(&v) {
            return Ok(*r);
        }
        let ty = self.ty(v);
        let class = class_of(ty)?;
        if let Some(bits) = self.const_bits(v) {
            let src = match ty {
                Type::I1 => Operand::Imm((bits & 1) as i64),
                Type::F32 => Operand::F32(bits as u32),
                Type::F64 => Operand::F64(bits),
                _ => Operand::Imm(sext(bits, ty.bits())),
            };
            let d = self.mf.new_vreg(class);
            let mty = match ty {
                Type::I1 => PtxType::Pred,
                Type::F32 => PtxType::F32,
                Type::F64 => PtxType::F64,
                _ => match ty.bits() {
                    16 | 8 => PtxType::U16,
                    32 => PtxType::U32,
                    _ => PtxType::U64,
                },
            };
            self.emit(
                Op::new(Opc::Mov, &[], &[mty]),
                vec![Operand::Reg(d)],
                vec![src],
            );
            return Ok(d);
        }
        // Defined in a block laid out later (the layout need not follow dominance): the
        // definition will write this register.
        self.result_reg(v)
    }

    /// The MIR block that an IR block starts with.
    pub fn block(&self, b: Block) -> MBlockId {
        self.block_map[&b]
    }

    /// Loads the parameters at the top of the entry block.
    fn lower_entry(&mut self) -> Result<(), BackendError> {
        if !self.frame.is_empty() {
            self.emit(
                Op::new(Opc::Mov, &[], &[PtxType::U64]),
                vec![Operand::Special("%SPL")],
                vec![Operand::Sym(crate::depot_name(self.func_index))],
            );
        }
        let params: Vec<Value> = self.func.params().to_vec();
        for (i, p) in params.into_iter().enumerate() {
            let name = param_name(&self.func.name, i);
            let kind = self.func.sig.params[i];
            match kind {
                ParamKind::ByVal { .. } => {
                    self.param_syms.insert(p, name.clone());
                    if self.an.reg_uses(p) > 0 {
                        if !self.is_kernel() {
                            return Err(BackendError::new(format!(
                                "the address of by-value parameter {i} of device function `{}` is used as a value; only loads from it are supported",
                                self.func.name
                            )));
                        }
                        let r = self.mf.new_vreg(RegClass::B64);
                        self.vreg_of.insert(p, r);
                        self.emit(
                            Op::new(Opc::Mov, &[], &[PtxType::U64]),
                            vec![Operand::Reg(r)],
                            vec![Operand::Sym(name)],
                        );
                    }
                }
                ParamKind::Value(t) => {
                    if self.an.reg_uses(p) == 0 {
                        continue;
                    }
                    let r = self.vreg_of[&p];
                    let addr = Operand::Addr(Addr {
                        base: AddrBase::Sym(name),
                        offset: 0,
                    });
                    let lty = crate::lower_args::mem_type(t);
                    let ld = Op::new(Opc::Ld, &[Mod::Space(Space::Param)], &[lty]);
                    if t == Type::I1 {
                        let tmp = self.emit_new(RegClass::B16, ld, vec![addr]);
                        self.emit(
                            Op::new(Opc::Setp, &[Mod::Cmp(CmpOp::Ne)], &[PtxType::S16]),
                            vec![Operand::Reg(r)],
                            vec![Operand::Reg(tmp), Operand::Imm(0)],
                        );
                    } else {
                        self.emit(ld, vec![Operand::Reg(r)], vec![addr]);
                    }
                }
            }
        }
        Ok(())
    }

    /// The symbol of a by-value parameter, when `v` is one.
    pub fn param_sym(&self, v: Value) -> Option<&String> {
        self.param_syms.get(&v)
    }

    fn select_inst(&mut self, inst: oxicc_ir::Inst) -> Result<(), BackendError> {
        let node = &self.func.insts[inst];
        if self.an.is_absorbed(inst) {
            return Ok(());
        }
        let info = node.data.info();
        if info.writes_memory {
            self.surf_memo.clear();
        }
        let pure = !info.side_effects && !info.terminator && !info.writes_memory;
        if pure {
            let needed = match node.result {
                Some(v) => self.an.reg_uses(v) > 0,
                None => false,
            };
            let volatile_load = matches!(node.data, InstData::Load { flags, .. } if flags.volatile);
            if !needed && !volatile_load {
                return Ok(());
            }
        }
        let data = node.data.clone();
        let result = node.result;
        match data {
            InstData::IConst { .. } | InstData::FConst { .. } => {
                // Constants are immediates at each use; a register use (i1, or an operand
                // position that needs a register) materializes them where needed.
                Ok(())
            }
            InstData::Unary { op, arg } => self.sel_unary(op, arg, result.unwrap()),
            InstData::Binary { op, lhs, rhs, .. } => {
                self.sel_binary(inst, op, lhs, rhs, result.unwrap())
            }
            InstData::Fma { a, b, c } => self.sel_fma(a, b, c, result.unwrap()),
            InstData::ICmp { cond, lhs, rhs } => self.sel_icmp(cond, lhs, rhs, result.unwrap()),
            InstData::FCmp { cond, lhs, rhs } => self.sel_fcmp(cond, lhs, rhs, result.unwrap()),
            InstData::Select {
                cond,
                if_true,
                if_false,
            } => self.sel_select(cond, if_true, if_false, result.unwrap()),
            InstData::Cast { op, arg, to } => match self.an.pattern(inst) {
                Some(analysis::Pattern::ExtLoad { signed, load }) => {
                    self.sel_ext_load(load, signed, result.unwrap())
                }
                _ => self.sel_cast(op, arg, to, result.unwrap()),
            },
            InstData::Load { ty, ptr, flags } => self.sel_load(ty, ptr, flags, result.unwrap()),
            InstData::Store { ptr, value, flags } => self.sel_store(ptr, value, flags),
            InstData::PtrAdd { ptr, offset } => self.sel_ptr_add(ptr, offset, result.unwrap()),
            InstData::StackAddr { slot } => self.sel_stack_addr(slot, result.unwrap()),
            InstData::GlobalAddr { global } => self.sel_global_addr(global, result.unwrap()),
            InstData::Call { callee, args } => self.sel_call(callee, &args, result),
            InstData::CallIndirect { target, sig, args } => {
                self.sel_call_indirect(target, &sig, &args, result)
            }
            InstData::FuncAddr { func } => self.sel_func_addr(func, result.unwrap()),
            InstData::SpecialReg { reg } => self.sel_special_reg(reg, result.unwrap()),
            InstData::Barrier => {
                self.emit(
                    Op::new(Opc::Bar, &[Mod::Sync], &[]),
                    vec![],
                    vec![Operand::Imm(0)],
                );
                Ok(())
            }
            InstData::WarpSync { mask } => {
                let m = self.operand(mask)?;
                self.emit(
                    Op::new(Opc::Bar, &[Mod::Word("warp"), Mod::Sync], &[]),
                    vec![],
                    vec![m],
                );
                Ok(())
            }
            InstData::ActiveMask => {
                let d = self.result_reg(result.unwrap())?;
                self.emit(
                    Op::new(Opc::ActiveMask, &[], &[PtxType::B32]),
                    vec![Operand::Reg(d)],
                    vec![],
                );
                Ok(())
            }
            InstData::Fence { scope } => {
                self.sel_fence(scope);
                Ok(())
            }
            InstData::AtomicRmw {
                op,
                ptr,
                value,
                scope,
            } => self.sel_atomic_rmw(op, ptr, value, scope, result),
            InstData::AtomicCas {
                ptr,
                expected,
                new,
                scope,
            } => self.sel_atomic_cas(ptr, expected, new, scope, result),
            InstData::Shuffle {
                mode,
                mask,
                value,
                lane,
                clamp,
            } => self.sel_shuffle(mode, mask, value, lane, clamp, result.unwrap()),
            InstData::Vote { mode, mask, pred } => self.sel_vote(mode, mask, pred, result.unwrap()),
            InstData::TexFetch { op, args } => self.sel_tex(op, &args, result.unwrap()),
            InstData::SurfRead { op, args } => self.sel_suld(op, &args, result.unwrap()),
            InstData::SurfWrite { op, args } => self.sel_sust(op, &args),
            InstData::InlineAsm { asm, args } => self.sel_inline_asm(&asm, &args, result),
            InstData::AsmOutput { asm, index } => self.sel_asm_output(asm, index, result.unwrap()),
            InstData::Jump { dest } => self.sel_jump(&dest),
            InstData::Branch {
                cond,
                then_dest,
                else_dest,
            } => self.sel_branch(cond, &then_dest, &else_dest),
            InstData::Switch {
                arg,
                cases,
                default,
            } => self.sel_switch(arg, &cases, &default),
            InstData::Return { value } => self.sel_return(value),
            InstData::Unreachable => {
                self.emit(Op::new(Opc::Trap, &[], &[]), vec![], vec![]);
                Ok(())
            }
        }
    }
}

/// Catches disagreements between the pre-pass and selection: a register that is read but
/// never written means a needed value was skipped. (Block parameters of unreachable blocks
/// are the one legitimate case; they are read only by unreachable code.)
fn check_every_read_register_is_written(mf: &MFunction, func: &Function) {
    let mut written = vec![false; mf.vregs.len()];
    for b in &mf.order {
        for i in &mf.blocks[b.index()].insts {
            for d in i.defs() {
                written[d.index()] = true;
            }
        }
    }
    let mut reached = hashbrown::HashSet::new();
    for &b in &func.layout {
        reached.extend(func.successors(b));
    }
    let has_params_without_preds = func
        .layout
        .iter()
        .skip(1)
        .any(|b| !reached.contains(b) && !func.blocks[*b].params.is_empty());
    for b in &mf.order {
        for i in &mf.blocks[b.index()].insts {
            for u in i.uses() {
                assert!(
                    written[u.index()] || has_params_without_preds,
                    "backend bug in `{}`: {u:?} is read but never written ({i:?})",
                    func.name
                );
            }
        }
    }
}

/// Sign-extends the low `bits` bits of `v`.
pub fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 {
        v as i64
    } else {
        let s = 64 - bits;
        ((v << s) as i64) >> s
    }
}
