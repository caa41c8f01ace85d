//! Functions: values, instructions and blocks (data flow) plus the block order (layout).
//!
//! A function's parameters are the parameters of its entry block, which is the first block in
//! `layout`. Each block holds its parameters and its instructions in order; the last
//! instruction of a block in the layout is its terminator. Instructions that a pass removes
//! from a block stay in `insts` but are no longer reachable from the layout, which is the only
//! thing printing, verification and code generation walk.

use crate::entity::{EntityMap, EntityRef};
use crate::inst::{InstData, InstNode};
use crate::types::Type;
use crate::{Block, Inst, StackSlot, Value};

/// Where a value comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// The result of an instruction.
    Result(Inst),
    /// The `n`th parameter of a block.
    Param(Block, u32),
}

/// An SSA value: its type and its definition.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ValueData {
    pub ty: Type,
    pub def: ValueDef,
}

/// `#pragma unroll` carried from the source to a loop, attached to the loop's header block.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum UnrollHint {
    /// No pragma: the unroller decides.
    #[default]
    None,
    /// `#pragma unroll` without a count: unroll fully when the trip count is known.
    Full,
    /// `#pragma unroll N` (`N == 1` disables unrolling).
    Count(u32),
}

/// A basic block: parameters (the SSA "phis") and instructions in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BlockData {
    pub params: Vec<Value>,
    pub insts: Vec<Inst>,
    /// Loop pragma when this block is the header of a source loop.
    pub unroll: UnrollHint,
}

/// A slot of per-thread memory (`.local`), for variables that stay in memory.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StackSlotData {
    pub size: u32,
    pub align: u32,
}

/// Whether a function is a kernel entry point or a device function.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FuncKind {
    /// `__global__`: a PTX `.entry`.
    Kernel,
    /// `__device__`: a PTX `.func`.
    Device,
}

/// Visibility of a function or global.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Linkage {
    /// Defined here and visible outside (`.visible`).
    External,
    /// Defined here, private to the module (`static`, or internal after linking).
    Internal,
    /// Declared here, defined elsewhere (`.extern`, e.g. `vprintf`).
    Import,
}

/// The inliner's instructions from the source.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum InlineHint {
    /// The inliner decides by its size budget.
    #[default]
    Default,
    /// `__forceinline__`.
    Always,
    /// `__noinline__`.
    Never,
}

/// How a parameter is passed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A scalar in a register (after loading it from the parameter space).
    Value(Type),
    /// An aggregate passed by value: `.param .align A .b8 name[size]`. Inside the function the
    /// parameter is a read-only `ptr.param` to the bytes; the front end copies it to a stack
    /// slot when the source writes to it or takes its address.
    ByVal { size: u32, align: u32 },
}

impl ParamKind {
    /// The type of the SSA value that stands for this parameter in the body.
    pub fn value_type(self) -> Type {
        match self {
            ParamKind::Value(t) => t,
            ParamKind::ByVal { .. } => Type::Ptr(crate::AddrSpace::Param),
        }
    }
}

/// Parameter and return types.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Signature {
    pub params: Vec<ParamKind>,
    pub ret: Option<Type>,
}

/// The source position an instruction came from, for `-lineinfo` (`.loc` in PTX): a file
/// number of the module's [`crate::Module::files`], a 1-based line and column, packed in
/// one word, and the inline site the position lies in (0: the function's own code, `n`:
/// [`Function::inline_sites`]`[n - 1]`). [`Loc::NONE`] (no position) is what every
/// instruction has when line information is off, and what passes give the instructions
/// they create (the PTX then keeps the previous `.loc`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Loc {
    pos: u64,
    site: u32,
}

impl Loc {
    pub const NONE: Loc = Loc { pos: 0, site: 0 };

    /// File numbers above 65534 and columns above 65535 are clamped.
    pub fn new(file: u32, line: u32, col: u32) -> Loc {
        let file = u64::from(file.min(0xfffe)) + 1;
        Loc {
            pos: file << 48 | u64::from(line) << 16 | u64::from(col.min(0xffff)),
            site: 0,
        }
    }
    pub fn is_none(self) -> bool {
        self.pos == 0
    }
    pub fn file(self) -> u32 {
        ((self.pos >> 48) as u32).wrapping_sub(1)
    }
    pub fn line(self) -> u32 {
        (self.pos >> 16) as u32
    }
    pub fn col(self) -> u32 {
        (self.pos & 0xffff) as u32
    }
    /// The inline site (0 for the function's own code).
    pub fn site(self) -> u32 {
        self.site
    }
    /// The same position inside inline site `site`.
    pub fn in_site(self, site: u32) -> Loc {
        Loc { site, ..self }
    }
    /// The same position and site with the file number moved by `base` (module linking).
    pub fn with_file_offset(self, base: u32) -> Loc {
        Loc::new(self.file() + base, self.line(), self.col()).in_site(self.site)
    }
}

/// A call that the inliner replaced by the callee's body (`-lineinfo`): the callee's name,
/// and where the call was, itself possibly inside an earlier site (`call.site()`). PTX
/// prints these as `.loc …, function_name …, inlined_at …` chains, as nvcc does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlineSite {
    pub callee: String,
    pub call: Loc,
}

/// A function: signature, attributes, body.
#[derive(Clone, Debug)]
pub struct Function {
    /// The symbol name (mangled, or plain for `extern "C"`).
    pub name: String,
    pub sig: Signature,
    pub kind: FuncKind,
    pub linkage: Linkage,
    pub inline: InlineHint,
    /// `__launch_bounds__(max_threads, min_blocks)` for kernels.
    pub launch_bounds: Option<(u32, u32)>,
    /// Indices of the `__restrict__` pointer parameters of a kernel, ascending: memory
    /// reached through one of them is reached through no other pointer while it runs.
    pub noalias_params: Vec<u32>,
    pub values: EntityMap<Value, ValueData>,
    pub insts: EntityMap<Inst, InstNode>,
    pub blocks: EntityMap<Block, BlockData>,
    /// Block order; the first block is the entry. Empty for an imported declaration.
    pub layout: Vec<Block>,
    pub stack_slots: EntityMap<StackSlot, StackSlotData>,
    /// Source positions by instruction index (shorter than `insts` when the last ones have
    /// none; empty without `-lineinfo`, so compiles without it pay nothing).
    pub locs: Vec<Loc>,
    /// The position [`Function::make_inst`] gives new instructions (set by the front end
    /// while it lowers a statement; [`Loc::NONE`] afterwards).
    pub cur_loc: Loc,
    /// Inline sites that positions in [`Function::locs`] refer to (see [`Loc::site`]);
    /// a site's parent (its call's own site) always comes before it.
    pub inline_sites: Vec<InlineSite>,
}

impl Function {
    /// A new function with an entry block whose parameters match the signature.
    pub fn new(name: impl Into<String>, sig: Signature, kind: FuncKind) -> Function {
        let mut f = Function::declaration(name, sig, kind);
        let entry = f.create_block();
        let params: Vec<ParamKind> = f.sig.params.clone();
        for p in params {
            f.append_block_param(entry, p.value_type());
        }
        f.layout.push(entry);
        f
    }

    /// A function without a body (an import such as `vprintf`).
    pub fn declaration(name: impl Into<String>, sig: Signature, kind: FuncKind) -> Function {
        Function {
            name: name.into(),
            sig,
            kind,
            linkage: Linkage::External,
            inline: InlineHint::Default,
            launch_bounds: None,
            noalias_params: Vec::new(),
            values: EntityMap::new(),
            insts: EntityMap::new(),
            blocks: EntityMap::new(),
            layout: Vec::new(),
            stack_slots: EntityMap::new(),
            locs: Vec::new(),
            cur_loc: Loc::NONE,
            inline_sites: Vec::new(),
        }
    }

    /// True when the function has no body.
    pub fn is_declaration(&self) -> bool {
        self.layout.is_empty()
    }

    /// The entry block. Panics on a declaration.
    pub fn entry(&self) -> Block {
        self.layout[0]
    }

    /// The values standing for the function's parameters.
    pub fn params(&self) -> &[Value] {
        &self.blocks[self.entry()].params
    }

    /// Creates a block that is not yet in the layout.
    pub fn create_block(&mut self) -> Block {
        self.blocks.push(BlockData::default())
    }

    pub fn append_block_param(&mut self, block: Block, ty: Type) -> Value {
        let n = self.blocks[block].params.len() as u32;
        let v = self.values.push(ValueData {
            ty,
            def: ValueDef::Param(block, n),
        });
        self.blocks[block].params.push(v);
        v
    }

    /// Creates an instruction (not placed in any block) and its result value of type `ty`.
    pub fn make_inst(&mut self, data: InstData, ty: Option<Type>) -> Inst {
        let inst = self.insts.push(InstNode { data, result: None });
        if !self.cur_loc.is_none() {
            self.set_loc(inst, self.cur_loc);
        }
        if let Some(ty) = ty {
            let v = self.values.push(ValueData {
                ty,
                def: ValueDef::Result(inst),
            });
            self.insts[inst].result = Some(v);
        }
        inst
    }

    /// The source position of an instruction ([`Loc::NONE`] when it has none).
    pub fn loc(&self, inst: Inst) -> Loc {
        self.locs.get(inst.index()).copied().unwrap_or(Loc::NONE)
    }

    /// Records the source position of an instruction.
    pub fn set_loc(&mut self, inst: Inst, loc: Loc) {
        let i = inst.index();
        if i >= self.locs.len() {
            if loc.is_none() {
                return;
            }
            self.locs.resize(i + 1, Loc::NONE);
        }
        self.locs[i] = loc;
    }

    pub fn create_stack_slot(&mut self, size: u32, align: u32) -> StackSlot {
        self.stack_slots.push(StackSlotData { size, align })
    }

    /// The type of a value.
    pub fn value_type(&self, v: Value) -> Type {
        self.values[v].ty
    }

    /// The result of an instruction; panics if it has none.
    pub fn result(&self, inst: Inst) -> Value {
        self.insts[inst].result.expect("instruction has no result")
    }

    /// The instruction defining `v`, if it is an instruction result.
    pub fn def_inst(&self, v: Value) -> Option<Inst> {
        match self.values[v].def {
            ValueDef::Result(i) => Some(i),
            ValueDef::Param(..) => None,
        }
    }

    /// The terminator of a block, if it has one.
    pub fn terminator(&self, block: Block) -> Option<Inst> {
        let last = *self.blocks[block].insts.last()?;
        self.insts[last].data.is_terminator().then_some(last)
    }

    /// Successor blocks of `block`, in terminator order (may repeat).
    pub fn successors(&self, block: Block) -> Vec<Block> {
        match self.terminator(block) {
            Some(t) => self.insts[t]
                .data
                .successors()
                .iter()
                .map(|c| c.block)
                .collect(),
            None => Vec::new(),
        }
    }

    /// Replaces every use of a value according to `map` (values not in the map stay).
    /// `map` must not contain chains (`a→b`, `b→c`); resolve them first.
    pub fn replace_uses(&mut self, map: &hashbrown::HashMap<Value, Value>) {
        if map.is_empty() {
            return;
        }
        for b in self.layout.clone() {
            for &i in &self.blocks[b].insts {
                self.insts[i].data.map_args(|v| *map.get(&v).unwrap_or(&v));
            }
        }
    }

    /// Counts the instructions in the layout.
    pub fn inst_count(&self) -> usize {
        self.layout
            .iter()
            .map(|b| self.blocks[*b].insts.len())
            .sum()
    }
}
