//! The PTX AST: a module of declarations, globals and functions whose `Display` is the
//! PTX text.
//!
//! Machine functions become `PtxFunction`s here, after register assignment. Registers are
//! renumbered densely per class in order of first appearance (`%r1, %r2, …`), so output
//! does not depend on how many virtual registers selection happened to create, and
//! labels are `$L__BB<function>_<block>` by layout position. Printing follows nvcc 13's
//! spacing byte for byte where we know it (see `print.rs`).

mod globals;
mod print;

pub use globals::global_decl;

use crate::mir::*;
use hashbrown::HashMap;
use oxicc_ir::{InlineSite, Loc};

/// A physical PTX register after renumbering: class and number (from 1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Reg {
    pub class: RegClass,
    pub n: u32,
}

/// A renumbered operand.
#[derive(Clone, Debug, PartialEq)]
pub enum POperand {
    Reg(Reg),
    Imm(i64),
    F32(u32),
    F64(u64),
    /// `[base+offset]`; `show_zero` prints `+0` as nvcc does for call parameters.
    Addr {
        base: String,
        offset: i64,
        show_zero: bool,
    },
    Label(String),
    Sym(String),
}

/// One `.param` of a call: its declaration and the `(offset, type, value)` stores filling it.
pub type CallParam = (ParamDecl, Vec<(u32, PtxType, POperand)>);

/// One printed instruction.
#[derive(Clone, Debug, PartialEq)]
pub enum PtxInst {
    Op {
        guard: Option<(Reg, bool)>,
        op: Op,
        operands: Vec<POperand>,
    },
    Call {
        seq: u32,
        callee: String,
        /// The register holding the callee's address (indirect calls).
        target: Option<Reg>,
        /// `(declaration, [(offset, type, value)])` per argument.
        args: Vec<CallParam>,
        ret: Option<(ParamDecl, PtxType, Reg)>,
    },
    /// `.pragma "…";`
    Pragma(String),
    /// Inline PTX with its operands substituted, between nvcc's begin/end comments.
    Asm(String),
    /// `.loc file line column` (`-lineinfo`); `file` numbers [`PtxModule::files`] from 1.
    /// Inside inlined code: `, function_name $L__info_string{name}, inlined_at …` with the
    /// inlined function's name (a [`PtxModule::debug_strings`] index) and the call's
    /// position.
    Loc {
        file: u32,
        line: u32,
        col: u32,
        inlined: Option<InlinedAt>,
    },
}

/// The `function_name …, inlined_at file line column` part of a `.loc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InlinedAt {
    pub name: u32,
    pub file: u32,
    pub line: u32,
    pub col: u32,
}

/// Module-wide tables that `.loc` directives index (`-lineinfo`): the IR file numbers in
/// order of first use (PTX numbers them from 1) and the names of inlined functions (the
/// `.debug_str` section's `$L__info_string` labels, from 0).
#[derive(Clone, Debug, Default)]
pub struct LineTables {
    pub files: Vec<u32>,
    pub names: Vec<String>,
}

impl LineTables {
    fn file(&mut self, ir_file: u32) -> u32 {
        let i = match self.files.iter().position(|&f| f == ir_file) {
            Some(i) => i,
            None => {
                self.files.push(ir_file);
                self.files.len() - 1
            }
        };
        i as u32 + 1
    }

    fn name(&mut self, name: &str) -> u32 {
        let i = match self.names.iter().position(|n| n == name) {
            Some(i) => i,
            None => {
                self.names.push(name.to_string());
                self.names.len() - 1
            }
        };
        i as u32
    }

    /// The `.loc` directives for one position: in inlined code, one per level of the
    /// inline chain from the outermost caller's position to `loc` itself, as nvcc writes
    /// them.
    fn directives(&mut self, loc: Loc, sites: &[InlineSite], out: &mut Vec<PtxInst>) {
        let mut chain = vec![loc];
        let mut cur = loc;
        while cur.site() != 0 {
            cur = sites[cur.site() as usize - 1].call;
            if cur.is_none() {
                break;
            }
            chain.push(cur);
        }
        for &l in chain.iter().rev() {
            let inlined = (l.site() != 0).then(|| {
                let site = &sites[l.site() as usize - 1];
                InlinedAt {
                    name: self.name(&site.callee),
                    file: self.file(site.call.file()),
                    line: site.call.line(),
                    col: site.call.col(),
                }
            });
            out.push(PtxInst::Loc {
                file: self.file(l.file()),
                line: l.line(),
                col: l.col(),
                inlined,
            });
        }
    }
}

/// A block: an optional label and its instructions.
#[derive(Clone, Debug, PartialEq)]
pub struct PtxBlock {
    pub label: Option<String>,
    pub insts: Vec<PtxInst>,
}

/// How a parameter of a function header is declared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    pub name: String,
    pub decl: ParamDecl,
}

/// `.entry` or `.func`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FuncKind {
    Entry,
    Func,
}

/// The signature part of a function: shared by definitions, prototypes and `.extern`s.
#[derive(Clone, Debug, PartialEq)]
pub struct FuncHeader {
    /// `""`, `".visible "` or `".extern "`.
    pub linkage: &'static str,
    pub kind: FuncKind,
    pub name: String,
    pub ret: Option<ParamDecl>,
    pub params: Vec<ParamSpec>,
}

/// A function definition.
#[derive(Clone, Debug, PartialEq)]
pub struct PtxFunction {
    pub header: FuncHeader,
    /// `.maxntid N, 1, 1` and `.minnctapersm M`.
    pub launch_bounds: Option<(u32, u32)>,
    /// `(name, align, size)` of the local depot.
    pub depot: Option<(String, u32, u32)>,
    /// Register count per class, indexed by `RegClass::index`.
    pub reg_counts: [u32; 6],
    pub blocks: Vec<PtxBlock>,
}

/// A whole PTX file.
#[derive(Clone, Debug, PartialEq)]
pub struct PtxModule {
    pub version: (u32, u32),
    pub sm: u32,
    /// `.extern .func` imports and prototypes of functions used before their definition.
    pub decls: Vec<FuncHeader>,
    /// Module-scope variables, already printed to one line each.
    pub globals: Vec<String>,
    pub funcs: Vec<PtxFunction>,
    /// `.file` names, numbered from 1 in order of first use by a `.loc` (`-lineinfo`).
    pub files: Vec<String>,
    /// The `.debug_str` section's strings: names of inlined functions (`-lineinfo`).
    pub debug_strings: Vec<String>,
}

/// Builds the printed form of an assigned machine function.
pub fn build_function(
    header: FuncHeader,
    launch_bounds: Option<(u32, u32)>,
    depot: Option<(String, u32, u32)>,
    func_index: usize,
    mf: &MFunction,
    call_seq: &mut u32,
    lines: &mut LineTables,
) -> PtxFunction {
    // Dense renumbering by first appearance in layout order.
    let mut numbers: HashMap<VReg, u32> = HashMap::new();
    let mut counts = [0u32; 6];
    let mut reg = |r: VReg| -> Reg {
        let class = mf.class(r);
        let n = *numbers.entry(r).or_insert_with(|| {
            counts[class.index()] += 1;
            counts[class.index()]
        });
        Reg { class, n }
    };
    let position: HashMap<MBlockId, usize> =
        mf.order.iter().enumerate().map(|(i, b)| (*b, i)).collect();
    let label = |b: MBlockId| format!("$L__BB{}_{}", func_index, position[&b]);
    let mut targets = hashbrown::HashSet::new();
    for b in &mf.order {
        for i in &mf.blocks[b.index()].insts {
            if let Some(t) = i.branch_target() {
                targets.insert(t);
            }
        }
    }
    let mut blocks = Vec::new();
    for &b in &mf.order {
        let mut insts = Vec::new();
        for mi in &mf.blocks[b.index()].insts {
            if !mi.loc.is_none() {
                lines.directives(mi.loc, &mf.inline_sites, &mut insts);
            }
            let inst = match &mi.kind {
                MInstKind::Op { op, defs, uses } => {
                    let guard = mi.guard.map(|(p, neg)| (reg(p), neg));
                    let operands = defs
                        .iter()
                        .chain(uses.iter())
                        .map(|o| conv(o, &mut reg, &label))
                        .collect();
                    PtxInst::Op {
                        guard,
                        op: op.clone(),
                        operands,
                    }
                }
                MInstKind::Pragma(p) => PtxInst::Pragma((*p).to_string()),
                MInstKind::Asm {
                    asm, defs, uses, ..
                } => {
                    let mut ops: Vec<String> = defs.iter().map(|d| reg(*d).to_string()).collect();
                    ops.extend(uses.iter().map(|u| conv(u, &mut reg, &label).to_string()));
                    PtxInst::Asm(asm.render(|n| ops[n as usize].clone()))
                }
                MInstKind::Call(c) => {
                    let args = c
                        .args
                        .iter()
                        .map(|a| {
                            let stores = a
                                .stores
                                .iter()
                                .map(|(off, t, v)| (*off, *t, conv(v, &mut reg, &label)))
                                .collect();
                            (a.decl.clone(), stores)
                        })
                        .collect();
                    let ret = c.ret.as_ref().map(|(d, t, r)| (d.clone(), *t, reg(*r)));
                    let seq = *call_seq;
                    *call_seq += 1;
                    PtxInst::Call {
                        seq,
                        callee: c.callee.clone(),
                        target: c.target.map(&mut reg),
                        args,
                        ret,
                    }
                }
            };
            insts.push(inst);
        }
        blocks.push(PtxBlock {
            label: targets.contains(&b).then(|| label(b)),
            insts,
        });
    }
    PtxFunction {
        header,
        launch_bounds,
        depot,
        reg_counts: counts,
        blocks,
    }
}

/// Converts one operand, renumbering registers through `reg`.
fn conv(
    o: &Operand,
    reg: &mut dyn FnMut(VReg) -> Reg,
    label: &dyn Fn(MBlockId) -> String,
) -> POperand {
    match o {
        Operand::Reg(r) => POperand::Reg(reg(*r)),
        Operand::Imm(i) => POperand::Imm(*i),
        Operand::F32(x) => POperand::F32(*x),
        Operand::F64(x) => POperand::F64(*x),
        Operand::Addr(a) => {
            let (base, show_zero) = match &a.base {
                AddrBase::Reg(r) => (reg(*r).to_string(), false),
                AddrBase::Sym(s) => (s.clone(), s == "func_retval0"),
                AddrBase::StackLocal => ("%SPL".to_string(), false),
            };
            POperand::Addr {
                base,
                offset: a.offset,
                show_zero,
            }
        }
        Operand::Label(l) => POperand::Label(label(*l)),
        Operand::Sym(s) => POperand::Sym(s.clone()),
        Operand::Special(s) => POperand::Sym((*s).to_string()),
    }
}
