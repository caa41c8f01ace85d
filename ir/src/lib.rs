//! oxicc's intermediate representation: typed SSA with PTX address spaces.
//!
//! A [`Module`] holds [`Function`]s and [`GlobalVar`]s. A function is data flow (values and
//! instructions in typed maps, named by `u32` indices) plus layout (the order of blocks, and
//! of instructions inside each block). SSA form is strict; control-flow joins use block
//! parameters, passed by the branches that reach the block (see `inst.rs` for why).
//!
//! The crate also holds the builder, the `.oxir` text format (printer and parser that
//! round-trip), the verifier, and the CFG and dominator analyses every pass needs.

pub mod builder;
pub mod cfg;
pub mod dominators;
pub mod entity;
pub mod function;
pub mod inline_asm;
pub mod inst;
pub mod loops;
pub mod module;
pub mod text;
pub mod texture;
pub mod types;
pub mod verify;

pub use builder::FunctionBuilder;
pub use cfg::Cfg;
pub use dominators::DomTree;
pub use entity::{EntityMap, EntityRef, SecondaryMap};
pub use function::{
    BlockData, FuncKind, Function, InlineHint, InlineSite, Linkage, Loc, ParamKind, Signature,
    StackSlotData, UnrollHint, ValueData, ValueDef,
};
pub use inst::{
    AsmBlock, AsmPiece, AsmReg, AtomicOp, BinaryOp, BlockCall, CastOp, Dim, FloatCC, InstData,
    InstNode, IntCC, MemFlags, OpInfo, Opcode, Scope, ShuffleMode, SpecialReg, SurfClamp, SurfOp,
    TexGeom, TexKind, TexMode, TexOp, UnaryOp, VoteMode,
};
pub use loops::{Loop, LoopData, LoopInfo};
pub use module::{GlobalVar, Module};
pub use text::{parse_module, print_module, ParseError};
pub use types::{AddrSpace, Type};
pub use verify::{verify_function, verify_module, Invariant, VerifyError};

entity!(
    /// An SSA value.
    Value,
    "v"
);
entity!(
    /// An instruction.
    Inst,
    "inst"
);
entity!(
    /// A basic block.
    Block,
    "block"
);
entity!(
    /// A per-thread stack slot.
    StackSlot,
    "ss"
);
entity!(
    /// A function of a module.
    FuncId,
    "fn"
);
entity!(
    /// A module-scope variable.
    GlobalId,
    "g"
);
