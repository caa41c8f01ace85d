//! `FunctionBuilder`: appends instructions at the end of a current block.
//!
//! The front end and tests build IR through this cursor. Each `ins_*` method creates one
//! instruction, appends it to the current block and returns its result (if any). The builder
//! does no folding and no SSA construction: locals go through stack slots and `mem2reg`
//! promotes them afterwards.

use crate::function::Function;
use crate::inst::*;
use crate::types::{AddrSpace, Type};
use crate::{Block, FuncId, GlobalId, Inst, StackSlot, Value};

/// A cursor that appends to the current block of a function.
pub struct FunctionBuilder<'f> {
    pub func: &'f mut Function,
    block: Option<Block>,
}

impl<'f> FunctionBuilder<'f> {
    /// A builder positioned at the end of the entry block (if the function has one).
    pub fn new(func: &'f mut Function) -> Self {
        let block = func.layout.first().copied();
        FunctionBuilder { func, block }
    }

    /// The block instructions go into.
    pub fn current_block(&self) -> Option<Block> {
        self.block
    }

    /// Creates a new block (not yet in the layout).
    pub fn create_block(&mut self) -> Block {
        self.func.create_block()
    }

    /// Appends `block` to the layout (if not already there) and makes it current.
    pub fn switch_to_block(&mut self, block: Block) {
        if !self.func.layout.contains(&block) {
            self.func.layout.push(block);
        }
        self.block = Some(block);
    }

    /// True when the current block already ends in a terminator (code after it is dead).
    pub fn is_terminated(&self) -> bool {
        match self.block {
            Some(b) => self.func.terminator(b).is_some(),
            None => true,
        }
    }

    pub fn append_block_param(&mut self, block: Block, ty: Type) -> Value {
        self.func.append_block_param(block, ty)
    }

    /// Appends an instruction with an optional result type; returns the instruction.
    pub fn ins(&mut self, data: InstData, ty: Option<Type>) -> Inst {
        let block = self.block.expect("builder has no current block");
        let inst = self.func.make_inst(data, ty);
        self.func.blocks[block].insts.push(inst);
        inst
    }

    fn ins_value(&mut self, data: InstData, ty: Type) -> Value {
        let i = self.ins(data, Some(ty));
        self.func.result(i)
    }

    pub fn iconst(&mut self, ty: Type, imm: i64) -> Value {
        let bits = ty.bits();
        let masked = if bits >= 64 {
            imm as u64
        } else {
            (imm as u64) & ((1u64 << bits) - 1)
        };
        self.ins_value(InstData::IConst { ty, imm: masked }, ty)
    }

    pub fn f32const(&mut self, v: f32) -> Value {
        self.ins_value(
            InstData::FConst {
                ty: Type::F32,
                bits: v.to_bits() as u64,
            },
            Type::F32,
        )
    }

    pub fn f64const(&mut self, v: f64) -> Value {
        self.ins_value(
            InstData::FConst {
                ty: Type::F64,
                bits: v.to_bits(),
            },
            Type::F64,
        )
    }

    pub fn unary(&mut self, op: UnaryOp, arg: Value) -> Value {
        let ty = self.func.value_type(arg);
        self.ins_value(InstData::Unary { op, arg }, ty)
    }

    pub fn binary(&mut self, op: BinaryOp, lhs: Value, rhs: Value) -> Value {
        let ty = self.func.value_type(lhs);
        self.ins_value(
            InstData::Binary {
                op,
                lhs,
                rhs,
                nsw: false,
            },
            ty,
        )
    }

    /// An `add`/`sub`/`mul` whose signed overflow is undefined (`nsw`).
    pub fn binary_nsw(&mut self, op: BinaryOp, lhs: Value, rhs: Value) -> Value {
        let ty = self.func.value_type(lhs);
        self.ins_value(
            InstData::Binary {
                op,
                lhs,
                rhs,
                nsw: true,
            },
            ty,
        )
    }

    pub fn fma(&mut self, a: Value, b: Value, c: Value) -> Value {
        let ty = self.func.value_type(a);
        self.ins_value(InstData::Fma { a, b, c }, ty)
    }

    pub fn icmp(&mut self, cond: IntCC, lhs: Value, rhs: Value) -> Value {
        self.ins_value(InstData::ICmp { cond, lhs, rhs }, Type::I1)
    }

    pub fn fcmp(&mut self, cond: FloatCC, lhs: Value, rhs: Value) -> Value {
        self.ins_value(InstData::FCmp { cond, lhs, rhs }, Type::I1)
    }

    pub fn select(&mut self, cond: Value, if_true: Value, if_false: Value) -> Value {
        let ty = self.func.value_type(if_true);
        self.ins_value(
            InstData::Select {
                cond,
                if_true,
                if_false,
            },
            ty,
        )
    }

    pub fn cast(&mut self, op: CastOp, arg: Value, to: Type) -> Value {
        self.ins_value(InstData::Cast { op, arg, to }, to)
    }

    pub fn load(&mut self, ty: Type, ptr: Value, flags: MemFlags) -> Value {
        self.ins_value(InstData::Load { ty, ptr, flags }, ty)
    }

    pub fn store(&mut self, ptr: Value, value: Value, flags: MemFlags) -> Inst {
        self.ins(InstData::Store { ptr, value, flags }, None)
    }

    pub fn ptr_add(&mut self, ptr: Value, offset: Value) -> Value {
        let ty = self.func.value_type(ptr);
        self.ins_value(InstData::PtrAdd { ptr, offset }, ty)
    }

    pub fn stack_addr(&mut self, slot: StackSlot) -> Value {
        self.ins_value(InstData::StackAddr { slot }, Type::Ptr(AddrSpace::Local))
    }

    /// The address of a global; `space` must be the global's address space.
    pub fn global_addr(&mut self, global: GlobalId, space: AddrSpace) -> Value {
        self.ins_value(InstData::GlobalAddr { global }, Type::Ptr(space))
    }

    /// A call; `ret` is the callee's return type.
    pub fn call(&mut self, callee: FuncId, args: Vec<Value>, ret: Option<Type>) -> Option<Value> {
        let i = self.ins(InstData::Call { callee, args }, ret);
        self.func.insts[i].result
    }

    /// The address of a function, a generic pointer.
    pub fn func_addr(&mut self, func: FuncId) -> Value {
        self.ins_value(InstData::FuncAddr { func }, Type::Ptr(AddrSpace::Generic))
    }

    /// A call through the function address `target`, of a function with signature `sig`.
    pub fn call_indirect(
        &mut self,
        target: Value,
        sig: crate::Signature,
        args: Vec<Value>,
    ) -> Option<Value> {
        let ret = sig.ret;
        let i = self.ins(InstData::CallIndirect { target, sig, args }, ret);
        self.func.insts[i].result
    }

    pub fn special_reg(&mut self, reg: SpecialReg) -> Value {
        self.ins_value(InstData::SpecialReg { reg }, Type::I32)
    }

    pub fn barrier(&mut self) -> Inst {
        self.ins(InstData::Barrier, None)
    }

    pub fn jump(&mut self, block: Block, args: Vec<Value>) -> Inst {
        self.ins(
            InstData::Jump {
                dest: BlockCall::new(block, args),
            },
            None,
        )
    }

    pub fn branch(&mut self, cond: Value, then_dest: BlockCall, else_dest: BlockCall) -> Inst {
        self.ins(
            InstData::Branch {
                cond,
                then_dest,
                else_dest,
            },
            None,
        )
    }

    pub fn switch(&mut self, arg: Value, cases: Vec<(u64, BlockCall)>, default: BlockCall) -> Inst {
        self.ins(
            InstData::Switch {
                arg,
                cases,
                default,
            },
            None,
        )
    }

    pub fn ret(&mut self, value: Option<Value>) -> Inst {
        self.ins(InstData::Return { value }, None)
    }

    pub fn unreachable(&mut self) -> Inst {
        self.ins(InstData::Unreachable, None)
    }
}
