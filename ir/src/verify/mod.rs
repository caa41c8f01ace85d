//! The IR verifier: checks the invariants every pass may assume and must preserve.
//!
//! Invariants (each has an [`Invariant`] tag, so a test can check which one failed):
//!
//! Module
//! - `DuplicateSymbol`: function names are unique; global names are unique.
//! - `Global`: a global's alignment is a power of two; its initializer is no longer than the
//!   variable; `shared` and `local` variables have no initializer; only `shared` variables
//!   are `dynamic`; its function addresses are 8-aligned slots inside it naming device
//!   functions.
//!
//! Function
//! - `Entity`: everything referenced exists: layout blocks, instructions, operand values,
//!   branch targets, stack slots, globals, callees. (Checked first; when it fails nothing
//!   else is checked, since the other checks would index out of range.)
//! - `Layout`: no block appears twice in the layout; no instruction appears twice (in one
//!   block or in two).
//! - `Signature`: kernels return nothing and have no `byval` of size 0; stack slots have a
//!   power-of-two alignment and a non-zero size.
//! - `EntryParams`: the entry block's parameters have the signature's count and types.
//! - `EntryPreds`: the entry block has no predecessors.
//! - `Terminator`: every block in the layout ends in exactly one terminator and has no
//!   terminator anywhere else (so it is not empty).
//! - `ValueDef`: a value's recorded definition matches where it is: parameter `n` of its
//!   block, or the result of its instruction.
//! - `Undefined`: every operand is defined in the layout (a block parameter of a laid-out
//!   block or the result of a laid-out instruction).
//! - `Dominance`: in reachable blocks, every operand's definition dominates the use: a
//!   block parameter dominates its whole block; an instruction result dominates the rest of
//!   its block and the blocks its block dominates. Branch arguments are used at the branch.
//! - `BranchTarget`: branch targets are in the layout; a branch passes as many arguments as
//!   the target has parameters, each of the parameter's type; switch case values fit the
//!   switched type and are distinct.
//! - `Result`: an instruction defines a value exactly when its opcode does (a call when the
//!   callee returns one), of the type the opcode implies.
//! - `Operands`: operand types follow the opcode's rules: binary operands and result share
//!   one type, integer ops on integers, float ops on floats, `icmp` on integers or pointers,
//!   `select` on an `i1`, loads/stores/atomics through pointers, `ptradd` offsets are `i64`,
//!   casts legal for their op (trunc narrows, zext/sext widen, bitcast keeps the width…),
//!   shuffles on 32-bit values with `i32` mask/lane/clamp, votes on an `i1` with an `i32`
//!   mask, `brif` on an `i1`, `switch` on an integer; constants fit their type.
//! - `Memory`: alignments are powers of two; nothing stores (or atomically updates) the
//!   `const` or `param` spaces.
//! - `Call`: the callee is a device function; argument count and types match its signature
//!   (for `callind`, the signature it names, and the target is a generic pointer); `funcaddr`
//!   names a device function; a global's function addresses lie inside it, 8-aligned.
//! - `Return`: `return` has a value exactly when the signature has a return type, of that type.

mod rules;

use std::fmt;

use hashbrown::HashSet;

use crate::cfg::Cfg;
use crate::dominators::DomTree;
use crate::entity::SecondaryMap;
use crate::function::{FuncKind, Function, ParamKind, ValueDef};
use crate::module::Module;
use crate::text::{print_inst, Numbering};
use crate::types::AddrSpace;
use crate::{Block, FuncId, Inst, Value};

/// Which invariant an error breaks (see the list at the top of `verify/mod.rs`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Invariant {
    DuplicateSymbol,
    Global,
    Entity,
    Layout,
    Signature,
    EntryParams,
    EntryPreds,
    Terminator,
    ValueDef,
    Undefined,
    Dominance,
    BranchTarget,
    Result,
    Operands,
    Memory,
    Call,
    Return,
}

/// One broken invariant, with where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    pub invariant: Invariant,
    pub func: Option<FuncId>,
    pub block: Option<Block>,
    pub inst: Option<Inst>,
    /// Where, in printed form: `@name block2: \`v5 = add.i32 v3, v4\``. Value and block
    /// numbers in the message and here are the printed (renumbered) ones.
    pub context: String,
    pub message: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.context.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.context, self.message)
        }
    }
}

/// Verifies every global and function of a module.
pub fn verify_module(module: &Module) -> Result<(), Vec<VerifyError>> {
    let mut errors = Vec::new();
    let mut names = HashSet::new();
    for f in module.functions.values() {
        if !names.insert(f.name.as_str()) {
            errors.push(module_error(
                Invariant::DuplicateSymbol,
                format!("function `@{}` is defined twice", f.name),
            ));
        }
    }
    let mut names = HashSet::new();
    for g in module.globals.values() {
        if !names.insert(g.name.as_str()) {
            errors.push(module_error(
                Invariant::DuplicateSymbol,
                format!("global `@{}` is defined twice", g.name),
            ));
        }
        let mut bad = |m: String| errors.push(module_error(Invariant::Global, m));
        if !g.align.is_power_of_two() {
            bad(format!(
                "global `@{}`: alignment {} is not a power of two",
                g.name, g.align
            ));
        }
        if let Some(init) = &g.init {
            if init.len() as u64 > g.size() {
                bad(format!(
                    "global `@{}`: initializer of {} bytes for a {}-byte variable",
                    g.name,
                    init.len(),
                    g.size()
                ));
            }
            if matches!(g.space, AddrSpace::Shared | AddrSpace::Local) {
                bad(format!(
                    "global `@{}`: {} variables cannot have an initializer",
                    g.name,
                    g.space.name()
                ));
            }
        }
        if g.extern_shared && g.space != AddrSpace::Shared {
            bad(format!(
                "global `@{}`: only shared variables can be dynamic",
                g.name
            ));
        }
        for &(off, func) in &g.func_addrs {
            match module.functions.get(func) {
                None => bad(format!(
                    "global `@{}`: function {func} does not exist",
                    g.name
                )),
                Some(f) if f.kind == crate::FuncKind::Kernel => bad(format!(
                    "global `@{}`: `@{}` is a kernel; its address cannot be taken",
                    g.name, f.name
                )),
                Some(_) => {}
            }
            if off % 8 != 0 || off + 8 > g.size() || g.align < 8 {
                bad(format!(
                    "global `@{}`: function address at byte {off} is not an aligned 8-byte \
                     slot of the variable",
                    g.name
                ));
            }
        }
    }
    for id in module.functions.keys() {
        if let Err(e) = verify_function(module, id) {
            errors.extend(e);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

fn module_error(invariant: Invariant, message: String) -> VerifyError {
    VerifyError {
        invariant,
        func: None,
        block: None,
        inst: None,
        context: String::new(),
        message,
    }
}

/// Verifies one function of a module.
pub fn verify_function(module: &Module, id: FuncId) -> Result<(), Vec<VerifyError>> {
    let Some(func) = module.functions.get(id) else {
        return Err(vec![module_error(
            Invariant::Entity,
            format!("function {id} does not exist"),
        )]);
    };
    let mut v = Verifier {
        module,
        id,
        func,
        names: None,
        errors: Vec::new(),
    };
    v.check_entities();
    if v.errors.is_empty() {
        v.names = Some(Numbering::new(func));
        v.check_function();
    }
    if v.errors.is_empty() {
        Ok(())
    } else {
        Err(v.errors)
    }
}

/// Formats verifier errors one per line (for panics and diagnostics).
pub fn format_errors(errors: &[VerifyError]) -> String {
    let mut s = String::new();
    for e in errors {
        s.push_str(&e.to_string());
        s.push('\n');
    }
    s
}

pub(crate) struct Verifier<'a> {
    pub module: &'a Module,
    pub id: FuncId,
    pub func: &'a Function,
    /// Printed numbering; set once the entity check has passed (it indexes freely).
    pub names: Option<Numbering>,
    pub errors: Vec<VerifyError>,
}

impl<'a> Verifier<'a> {
    pub fn report(
        &mut self,
        invariant: Invariant,
        block: Option<Block>,
        inst: Option<Inst>,
        message: String,
    ) {
        let mut context = String::new();
        crate::text::write_symbol(&mut context, &self.func.name);
        if let (Some(names), Some(b)) = (&self.names, block) {
            context.push_str(&format!(" block{}", names.block(b)));
            if let Some(i) = inst {
                let text = print_inst(Some(self.module), self.func, names, i);
                context.push_str(&format!(": `{text}`"));
            }
        } else {
            if let Some(b) = block {
                context.push_str(&format!(" {b}"));
            }
            if let Some(i) = inst {
                context.push_str(&format!(" {i}"));
            }
        }
        self.errors.push(VerifyError {
            invariant,
            func: Some(self.id),
            block,
            inst,
            context,
            message,
        });
    }

    /// The printed name of a value (`v3`).
    pub fn vname(&self, v: Value) -> String {
        match &self.names {
            Some(n) => format!("v{}", n.value(v)),
            None => v.to_string(),
        }
    }

    /// The printed name of a block (`block2`).
    pub fn bname(&self, b: Block) -> String {
        match &self.names {
            Some(n) => format!("block{}", n.block(b)),
            None => b.to_string(),
        }
    }

    /// Every index in the function points at something that exists, and the layout holds
    /// each block and instruction once.
    fn check_entities(&mut self) {
        let f = self.func;
        let mut seen_blocks = HashSet::new();
        let mut seen_insts = HashSet::new();
        for &b in &f.layout {
            if f.blocks.get(b).is_none() {
                self.report(
                    Invariant::Entity,
                    None,
                    None,
                    format!("layout names missing {b}"),
                );
                continue;
            }
            if !seen_blocks.insert(b) {
                self.report(
                    Invariant::Layout,
                    None,
                    None,
                    format!("{b} appears twice in the layout"),
                );
                continue;
            }
            for &p in &f.blocks[b].params {
                if f.values.get(p).is_none() {
                    let m = format!("parameter {p} of {b} does not exist");
                    self.report(Invariant::Entity, None, None, m);
                }
            }
            for &i in &f.blocks[b].insts {
                let Some(node) = f.insts.get(i) else {
                    let m = format!("{b} holds missing instruction {i}");
                    self.report(Invariant::Entity, None, None, m);
                    continue;
                };
                if !seen_insts.insert(i) {
                    let m = format!("{i} appears twice in the layout");
                    self.report(Invariant::Layout, None, None, m);
                }
                let mut missing = Vec::new();
                node.data.for_each_arg(|v| {
                    if f.values.get(v).is_none() {
                        missing.push(format!("operand {v} does not exist"));
                    }
                });
                if let Some(r) = node.result {
                    if f.values.get(r).is_none() {
                        missing.push(format!("result {r} does not exist"));
                    }
                }
                for c in node.data.successors() {
                    if f.blocks.get(c.block).is_none() {
                        missing.push(format!("branch target {} does not exist", c.block));
                    }
                }
                use crate::inst::InstData as D;
                match &node.data {
                    D::StackAddr { slot } if f.stack_slots.get(*slot).is_none() => {
                        missing.push(format!("stack slot {slot} does not exist"))
                    }
                    D::GlobalAddr { global } if self.module.globals.get(*global).is_none() => {
                        missing.push(format!("global {global} does not exist"))
                    }
                    D::Call { callee, .. } | D::FuncAddr { func: callee }
                        if self.module.functions.get(*callee).is_none() =>
                    {
                        missing.push(format!("function {callee} does not exist"))
                    }
                    _ => {}
                }
                for m in missing {
                    self.report(Invariant::Entity, None, Some(i), m);
                }
            }
        }
    }

    fn check_function(&mut self) {
        let f = self.func;
        if f.kind == FuncKind::Kernel && f.sig.ret.is_some() {
            self.report(
                Invariant::Signature,
                None,
                None,
                "a kernel cannot return a value".into(),
            );
        }
        for p in &f.sig.params {
            if let ParamKind::ByVal { size, align } = *p {
                if size == 0 || !align.is_power_of_two() {
                    let m =
                        format!("byval({size}, {align}) needs a size and a power-of-two alignment");
                    self.report(Invariant::Signature, None, None, m);
                }
            }
        }
        for (slot, data) in f.stack_slots.iter() {
            if data.size == 0 || !data.align.is_power_of_two() {
                let m = format!(
                    "{slot} = slot {}, align {}: needs a size and a power-of-two alignment",
                    data.size, data.align
                );
                self.report(Invariant::Signature, None, None, m);
            }
        }
        if f.is_declaration() {
            return;
        }
        let entry = f.entry();
        self.check_entry_params(entry);
        let cfg = Cfg::compute(f);
        if !cfg.preds(entry).is_empty() {
            let preds: Vec<String> = cfg.preds(entry).iter().map(|&p| self.bname(p)).collect();
            let m = format!("the entry block is branched to from {}", preds.join(", "));
            self.report(Invariant::EntryPreds, Some(entry), None, m);
        }
        self.check_terminators();
        let defs = self.check_value_defs();
        let domtree = DomTree::compute(f, &cfg);
        let in_layout: HashSet<Block> = f.layout.iter().copied().collect();
        for &b in &f.layout {
            for (pos, &i) in f.blocks[b].insts.iter().enumerate() {
                self.check_uses(&defs, &domtree, b, pos, i);
                self.check_branch_targets(&in_layout, b, i);
                self.check_inst_types(b, i);
            }
        }
    }

    fn check_entry_params(&mut self, entry: Block) {
        let f = self.func;
        let params = &f.blocks[entry].params;
        if params.len() != f.sig.params.len() {
            let m = format!(
                "the entry block has {} parameters, the signature {}",
                params.len(),
                f.sig.params.len()
            );
            self.report(Invariant::EntryParams, Some(entry), None, m);
            return;
        }
        for (k, (&v, p)) in params.iter().zip(&f.sig.params).enumerate() {
            let (got, want) = (f.value_type(v), p.value_type());
            if got != want {
                let m = format!(
                    "entry parameter {k} ({}) is {got}, the signature says {want}",
                    self.vname(v)
                );
                self.report(Invariant::EntryParams, Some(entry), None, m);
            }
        }
    }

    fn check_terminators(&mut self) {
        let f = self.func;
        for &b in &f.layout {
            let insts = &f.blocks[b].insts;
            let Some(&last) = insts.last() else {
                self.report(Invariant::Terminator, Some(b), None, "empty block".into());
                continue;
            };
            if !f.insts[last].data.is_terminator() {
                let m = "the block does not end in a terminator".into();
                self.report(Invariant::Terminator, Some(b), Some(last), m);
            }
            for &i in &insts[..insts.len() - 1] {
                if f.insts[i].data.is_terminator() {
                    let m = "terminator in the middle of a block".into();
                    self.report(Invariant::Terminator, Some(b), Some(i), m);
                }
            }
        }
    }

    /// Checks recorded definitions and returns where each value is defined: its block and
    /// position (`None` for a block parameter).
    fn check_value_defs(&mut self) -> SecondaryMap<Value, Option<(Block, Option<usize>)>> {
        let f = self.func;
        let mut defs: SecondaryMap<Value, Option<(Block, Option<usize>)>> = SecondaryMap::new();
        for &b in &f.layout {
            for (n, &p) in f.blocks[b].params.iter().enumerate() {
                if f.values[p].def != ValueDef::Param(b, n as u32) {
                    let m = format!(
                        "{} is parameter {n} of this block but records {:?}",
                        self.vname(p),
                        f.values[p].def
                    );
                    self.report(Invariant::ValueDef, Some(b), None, m);
                }
                if defs[p].is_some() {
                    let m = format!("{} is defined twice", self.vname(p));
                    self.report(Invariant::ValueDef, Some(b), None, m);
                }
                defs[p] = Some((b, None));
            }
            for (pos, &i) in f.blocks[b].insts.iter().enumerate() {
                let Some(r) = f.insts[i].result else { continue };
                if f.values[r].def != ValueDef::Result(i) {
                    let m = format!(
                        "{} records {:?}, not this instruction",
                        self.vname(r),
                        f.values[r].def
                    );
                    self.report(Invariant::ValueDef, Some(b), Some(i), m);
                }
                if defs[r].is_some() {
                    let m = format!("{} is defined twice", self.vname(r));
                    self.report(Invariant::ValueDef, Some(b), Some(i), m);
                }
                defs[r] = Some((b, Some(pos)));
            }
        }
        defs
    }

    fn check_uses(
        &mut self,
        defs: &SecondaryMap<Value, Option<(Block, Option<usize>)>>,
        domtree: &DomTree,
        b: Block,
        pos: usize,
        i: Inst,
    ) {
        // Each distinct operand once: `add v1, v1` is one problem, not two.
        let mut args = Vec::new();
        self.func.insts[i].data.for_each_arg(|v| {
            if !args.contains(&v) {
                args.push(v)
            }
        });
        for v in args {
            let Some((def_block, def_pos)) = defs[v] else {
                let m = format!("{} is not defined", self.vname(v));
                self.report(Invariant::Undefined, Some(b), Some(i), m);
                continue;
            };
            if !domtree.is_reachable(b) {
                continue;
            }
            let ok = match def_pos {
                None => domtree.dominates(def_block, b),
                Some(dp) if def_block == b => dp < pos,
                Some(_) => domtree.strictly_dominates(def_block, b),
            };
            if !ok {
                let m = format!(
                    "{} is used where its definition (in {}) does not dominate",
                    self.vname(v),
                    self.bname(def_block)
                );
                self.report(Invariant::Dominance, Some(b), Some(i), m);
            }
        }
    }

    fn check_branch_targets(&mut self, layout: &HashSet<Block>, b: Block, i: Inst) {
        let f = self.func;
        for call in f.insts[i].data.successors() {
            if !layout.contains(&call.block) {
                let m = format!(
                    "branch to {}, which is not in the layout",
                    self.bname(call.block)
                );
                self.report(Invariant::BranchTarget, Some(b), Some(i), m);
                continue;
            }
            let params = &f.blocks[call.block].params;
            if params.len() != call.args.len() {
                let m = format!(
                    "{} takes {} arguments, the branch passes {}",
                    self.bname(call.block),
                    params.len(),
                    call.args.len()
                );
                self.report(Invariant::BranchTarget, Some(b), Some(i), m);
                continue;
            }
            for (k, (&a, &p)) in call.args.iter().zip(params).enumerate() {
                let (got, want) = (f.value_type(a), f.value_type(p));
                if got != want {
                    let m = format!(
                        "argument {k} to {} is {got}, the parameter is {want}",
                        self.bname(call.block)
                    );
                    self.report(Invariant::BranchTarget, Some(b), Some(i), m);
                }
            }
        }
    }
}
