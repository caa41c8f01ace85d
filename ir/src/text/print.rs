//! The `.oxir` printer.
//!
//! Output is deterministic and canonical: values and blocks are renumbered densely in layout
//! order (block parameters, then instruction results), so a pass that creates and deletes
//! temporaries still prints the same text for the same program, and `parse` followed by
//! `print` reproduces the text exactly. The grammar is in `docs/ir.md`.
//!
//! The printer accepts invalid IR (that is what a verifier message wants to show): a value
//! used but never defined gets a number after every defined one, and a branch to a block
//! outside the layout gets a number after every laid-out block. Such text does not parse
//! back, which is correct since the IR it shows is broken.

use std::fmt::{self, Write};

use crate::entity::{EntityRef, SecondaryMap};
use crate::function::{Function, InlineHint, Linkage, ParamKind, UnrollHint};
use crate::inst::{BlockCall, InstData, MemFlags};
use crate::module::{GlobalVar, Module};
use crate::types::Type;
use crate::{Block, FuncId, Inst, Value};

/// The printed numbers of a function's values and blocks.
#[derive(Clone, Debug)]
pub struct Numbering {
    values: SecondaryMap<Value, u32>,
    blocks: SecondaryMap<Block, u32>,
}

const NONE: u32 = u32::MAX;

impl Numbering {
    /// Numbers blocks in layout order, values in definition order along the layout, then
    /// anything referenced but not defined.
    pub fn new(func: &Function) -> Numbering {
        let mut n = Numbering {
            values: SecondaryMap::with_default(NONE),
            blocks: SecondaryMap::with_default(NONE),
        };
        let mut next_block = 0u32;
        let mut next_value = 0u32;
        for &b in &func.layout {
            if n.blocks[b] == NONE {
                n.blocks[b] = next_block;
                next_block += 1;
            }
            for &p in &func.blocks[b].params {
                if n.values[p] == NONE {
                    n.values[p] = next_value;
                    next_value += 1;
                }
            }
            for &i in &func.blocks[b].insts {
                if let Some(r) = func.insts[i].result {
                    if n.values[r] == NONE {
                        n.values[r] = next_value;
                        next_value += 1;
                    }
                }
            }
        }
        // Dangling references, in order of first use.
        for &b in &func.layout {
            for &i in &func.blocks[b].insts {
                let data = &func.insts[i].data;
                data.for_each_arg(|v| {
                    if n.values[v] == NONE {
                        n.values[v] = next_value;
                        next_value += 1;
                    }
                });
                for c in data.successors() {
                    if n.blocks[c.block] == NONE {
                        n.blocks[c.block] = next_block;
                        next_block += 1;
                    }
                }
            }
        }
        n
    }

    /// The printed number of a value (`v3` prints as 3); values the numbering never saw
    /// keep their own index.
    pub fn value(&self, v: Value) -> u32 {
        match self.values[v] {
            NONE => v.index() as u32,
            n => n,
        }
    }

    /// The printed number of a block.
    pub fn block(&self, b: Block) -> u32 {
        match self.blocks[b] {
            NONE => b.index() as u32,
            n => n,
        }
    }
}

/// Prints a whole module: globals first, then functions, in creation order.
pub fn print_module(module: &Module) -> String {
    let mut out = String::new();
    for g in module.globals.values() {
        write_global(&mut out, Some(module), g);
    }
    for (i, (id, _)) in module.functions.iter().enumerate() {
        if i > 0 || !module.globals.is_empty() {
            out.push('\n');
        }
        out.push_str(&print_function(module, id));
    }
    out
}

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&print_module(self))
    }
}

/// Prints one function of a module.
pub fn print_function(module: &Module, id: FuncId) -> String {
    let func = &module.functions[id];
    let mut out = String::new();
    write_function(&mut out, Some(module), func);
    out
}

/// Prints a function; without a module, callees and globals print as `@fn3` / `@g1`.
pub fn print_function_standalone(func: &Function) -> String {
    let mut out = String::new();
    write_function(&mut out, None, func);
    out
}

/// Prints one instruction with the given numbering (no indentation, no newline).
pub fn print_inst(
    module: Option<&Module>,
    func: &Function,
    names: &Numbering,
    inst: Inst,
) -> String {
    let mut out = String::new();
    write_inst(&mut out, module, func, names, inst);
    out
}

/// Prints a symbol name, quoting it when it is not a plain identifier.
pub(crate) fn write_symbol(out: &mut String, name: &str) {
    out.push('@');
    let plain = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$');
    if plain {
        out.push_str(name);
        return;
    }
    out.push('"');
    for c in name.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_ascii_graphic() || c == ' ' => out.push(c),
            c => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
        }
    }
    out.push('"');
}

/// `(i32, byval(8, 4))`: the parameters of a function or of an indirect call.
fn write_param_kinds(out: &mut String, params: &[ParamKind]) {
    out.push('(');
    for (i, p) in params.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        match p {
            ParamKind::Value(t) => {
                let _ = write!(out, "{t}");
            }
            ParamKind::ByVal { size, align } => {
                let _ = write!(out, "byval({size}, {align})");
            }
        }
    }
    out.push(')');
}

fn write_global(out: &mut String, module: Option<&Module>, g: &GlobalVar) {
    out.push_str("global ");
    if g.linkage != Linkage::External {
        out.push_str(g.linkage.name());
        out.push(' ');
    }
    out.push_str(g.space.name());
    out.push(' ');
    write_symbol(out, &g.name);
    let _ = write!(out, ": {}", g.elem);
    if let Some(n) = g.count {
        let _ = write!(out, "[{n}]");
    }
    let _ = write!(out, ", align {}", g.align);
    if g.extern_shared {
        out.push_str(", dynamic");
    }
    if g.managed {
        out.push_str(", managed");
    }
    if g.read_only {
        out.push_str(", readonly");
    }
    if let Some(bytes) = &g.init {
        out.push_str(", init x\"");
        for b in bytes {
            let _ = write!(out, "{b:02x}");
        }
        out.push('"');
    }
    if !g.func_addrs.is_empty() {
        out.push_str(", funcs [");
        for (i, (off, f)) in g.func_addrs.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "{off} ");
            match module.and_then(|m| m.functions.get(*f)) {
                Some(func) => write_symbol(out, &func.name),
                None => write_symbol(out, &f.to_string()),
            }
        }
        out.push(']');
    }
    out.push('\n');
}

fn write_function(out: &mut String, module: Option<&Module>, func: &Function) {
    out.push_str(match func.kind {
        crate::FuncKind::Kernel => "kernel ",
        crate::FuncKind::Device => "device ",
    });
    if func.linkage != Linkage::External {
        out.push_str(func.linkage.name());
        out.push(' ');
    }
    if func.inline != InlineHint::Default {
        out.push_str(func.inline.name());
        out.push(' ');
    }
    write_symbol(out, &func.name);
    write_param_kinds(out, &func.sig.params);
    if let Some(r) = func.sig.ret {
        let _ = write!(out, " -> {r}");
    }
    if let Some((a, b)) = func.launch_bounds {
        let _ = write!(out, " launch_bounds({a}, {b})");
    }
    if !func.noalias_params.is_empty() {
        out.push_str(" noalias(");
        for (k, p) in func.noalias_params.iter().enumerate() {
            let _ = write!(out, "{}{p}", if k > 0 { ", " } else { "" });
        }
        out.push(')');
    }
    if func.is_declaration() {
        out.push('\n');
        return;
    }
    out.push_str(" {\n");
    for (slot, data) in func.stack_slots.iter() {
        let _ = writeln!(out, "    {slot} = slot {}, align {}", data.size, data.align);
    }
    let names = Numbering::new(func);
    for (i, &b) in func.layout.iter().enumerate() {
        if i > 0 || !func.stack_slots.is_empty() {
            out.push('\n');
        }
        let _ = write!(out, "block{}", names.block(b));
        let data = &func.blocks[b];
        if !data.params.is_empty() {
            out.push('(');
            for (k, &p) in data.params.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                let _ = write!(out, "v{}: {}", names.value(p), func.value_type(p));
            }
            out.push(')');
        }
        match data.unroll {
            UnrollHint::None => {}
            UnrollHint::Full => out.push_str(" unroll(full)"),
            UnrollHint::Count(n) => {
                let _ = write!(out, " unroll({n})");
            }
        }
        out.push_str(":\n");
        for &inst in &data.insts {
            out.push_str("    ");
            write_inst(out, module, func, &names, inst);
            out.push('\n');
        }
    }
    out.push_str("}\n");
}

/// Writes `[vN = ]op operands`.
fn write_inst(
    out: &mut String,
    module: Option<&Module>,
    func: &Function,
    names: &Numbering,
    inst: Inst,
) {
    let node = &func.insts[inst];
    let result_ty = node.result.map(|r| func.value_type(r));
    if let Some(r) = node.result {
        let _ = write!(out, "v{} = ", names.value(r));
    }
    // The result type, for operations whose text does not imply it.
    let ty = |out: &mut String| {
        if let Some(t) = result_ty {
            let _ = write!(out, ".{t}");
        }
    };
    let v = |v: Value| format!("v{}", names.value(v));
    match &node.data {
        InstData::IConst { ty: t, imm } => {
            let _ = write!(out, "iconst.{t} {}", format_int_imm(*t, *imm));
        }
        InstData::FConst { ty: t, bits } => {
            let _ = write!(out, "fconst.{t} {}", format_float_imm(*t, *bits));
        }
        InstData::Unary { op, arg } => {
            out.push_str(op.name());
            ty(out);
            let _ = write!(out, " {}", v(*arg));
        }
        InstData::Binary { op, lhs, rhs, nsw } => {
            out.push_str(op.name());
            if *nsw {
                out.push_str(".nsw");
            }
            ty(out);
            let _ = write!(out, " {}, {}", v(*lhs), v(*rhs));
        }
        InstData::Fma { a, b, c } => {
            out.push_str("fma");
            ty(out);
            let _ = write!(out, " {}, {}, {}", v(*a), v(*b), v(*c));
        }
        InstData::ICmp { cond, lhs, rhs } => {
            let _ = write!(out, "icmp.{} {}, {}", cond.name(), v(*lhs), v(*rhs));
        }
        InstData::FCmp { cond, lhs, rhs } => {
            let _ = write!(out, "fcmp.{} {}, {}", cond.name(), v(*lhs), v(*rhs));
        }
        InstData::Select {
            cond,
            if_true,
            if_false,
        } => {
            out.push_str("select");
            ty(out);
            let _ = write!(out, " {}, {}, {}", v(*cond), v(*if_true), v(*if_false));
        }
        InstData::Cast { op, arg, to } => {
            let _ = write!(out, "{}.{to} {}", op.name(), v(*arg));
        }
        InstData::Load { ty: t, ptr, flags } => {
            let _ = write!(out, "load.{t} {}", v(*ptr));
            write_flags(out, *flags);
        }
        InstData::Store { ptr, value, flags } => {
            let _ = write!(out, "store {}, {}", v(*value), v(*ptr));
            write_flags(out, *flags);
        }
        InstData::PtrAdd { ptr, offset } => {
            out.push_str("ptradd");
            ty(out);
            let _ = write!(out, " {}, {}", v(*ptr), v(*offset));
        }
        InstData::StackAddr { slot } => {
            let _ = write!(out, "stackaddr {slot}");
        }
        InstData::GlobalAddr { global } => {
            out.push_str("globaladdr");
            ty(out);
            out.push(' ');
            match module.and_then(|m| m.globals.get(*global)) {
                Some(g) => write_symbol(out, &g.name),
                None => write_symbol(out, &global.to_string()),
            }
        }
        InstData::Call { callee, args } => {
            out.push_str("call");
            ty(out);
            out.push(' ');
            match module.and_then(|m| m.functions.get(*callee)) {
                Some(f) => write_symbol(out, &f.name),
                None => write_symbol(out, &callee.to_string()),
            }
            write_args(out, names, args);
        }
        InstData::FuncAddr { func } => {
            out.push_str("funcaddr ");
            match module.and_then(|m| m.functions.get(*func)) {
                Some(f) => write_symbol(out, &f.name),
                None => write_symbol(out, &func.to_string()),
            }
        }
        InstData::CallIndirect { target, sig, args } => {
            out.push_str("callind");
            ty(out);
            let _ = write!(out, " {}", v(*target));
            write_args(out, names, args);
            out.push_str(" : ");
            write_param_kinds(out, &sig.params);
        }
        InstData::SpecialReg { reg } => {
            let _ = write!(out, "sreg {}", reg.name());
        }
        InstData::Barrier => out.push_str("barrier"),
        InstData::WarpSync { mask } => {
            let _ = write!(out, "warpsync {}", v(*mask));
        }
        InstData::ActiveMask => out.push_str("activemask"),
        InstData::Fence { scope } => {
            let _ = write!(out, "fence.{}", scope.name());
        }
        InstData::AtomicRmw {
            op,
            ptr,
            value,
            scope,
        } => {
            let _ = write!(out, "atomicrmw.{}.{}", op.name(), scope.name());
            ty(out);
            let _ = write!(out, " {}, {}", v(*ptr), v(*value));
        }
        InstData::AtomicCas {
            ptr,
            expected,
            new,
            scope,
        } => {
            let _ = write!(out, "atomiccas.{}", scope.name());
            ty(out);
            let _ = write!(out, " {}, {}, {}", v(*ptr), v(*expected), v(*new));
        }
        InstData::Shuffle {
            mode,
            mask,
            value,
            lane,
            clamp,
        } => {
            let _ = write!(out, "shfl.{}", mode.name());
            ty(out);
            let _ = write!(
                out,
                " {}, {}, {}, {}",
                v(*mask),
                v(*value),
                v(*lane),
                v(*clamp)
            );
        }
        InstData::Vote { mode, mask, pred } => {
            let _ = write!(out, "vote.{} {}, {}", mode.name(), v(*mask), v(*pred));
        }
        InstData::TexFetch { op, args } => {
            out.push_str(&op.word());
            out.push(' ');
            write_args(out, names, args);
        }
        InstData::SurfRead { op, args } | InstData::SurfWrite { op, args } => {
            out.push_str(&op.word(matches!(node.data, InstData::SurfWrite { .. })));
            out.push(' ');
            write_args(out, names, args);
        }
        InstData::InlineAsm { asm, args } => {
            // The template as a byte string (it may hold newlines and quotes).
            let _ = write!(out, "{} x\"", asm.word());
            for b in asm.template_text().bytes() {
                let _ = write!(out, "{b:02x}");
            }
            out.push_str("\" ");
            write_args(out, names, args);
        }
        InstData::AsmOutput { asm, index } => {
            let _ = write!(out, "asmout.{index}");
            ty(out);
            let _ = write!(out, " {}", v(*asm));
        }
        InstData::Jump { dest } => {
            out.push_str("jump ");
            write_block_call(out, names, dest);
        }
        InstData::Branch {
            cond,
            then_dest,
            else_dest,
        } => {
            let _ = write!(out, "brif {}, ", v(*cond));
            write_block_call(out, names, then_dest);
            out.push_str(", ");
            write_block_call(out, names, else_dest);
        }
        InstData::Switch {
            arg,
            cases,
            default,
        } => {
            let _ = write!(out, "switch {}, default ", v(*arg));
            write_block_call(out, names, default);
            out.push_str(", [");
            for (i, (k, dest)) in cases.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                let _ = write!(out, "{k}: ");
                write_block_call(out, names, dest);
            }
            out.push(']');
        }
        InstData::Return { value } => {
            out.push_str("return");
            if let Some(r) = value {
                let _ = write!(out, " {}", v(*r));
            }
        }
        InstData::Unreachable => out.push_str("unreachable"),
    }
}

fn write_flags(out: &mut String, flags: MemFlags) {
    let _ = write!(out, ", align {}", flags.align);
    if flags.volatile {
        out.push_str(", volatile");
    }
    if flags.invariant {
        out.push_str(", invariant");
    }
}

fn write_args(out: &mut String, names: &Numbering, args: &[Value]) {
    out.push('(');
    for (i, &a) in args.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "v{}", names.value(a));
    }
    out.push(')');
}

fn write_block_call(out: &mut String, names: &Numbering, call: &BlockCall) {
    let _ = write!(out, "block{}", names.block(call.block));
    if !call.args.is_empty() {
        write_args(out, names, &call.args);
    }
}

/// Integer immediates print signed for `i8`…`i64` (so `-1` rather than `4294967295`) and
/// unsigned for `i1` and `i128` (whose `imm` is a zero-extended `u64`).
pub(crate) fn format_int_imm(ty: Type, imm: u64) -> String {
    match ty {
        Type::I8 => (imm as u8 as i8).to_string(),
        Type::I16 => (imm as u16 as i16).to_string(),
        Type::I32 => (imm as u32 as i32).to_string(),
        Type::I64 | Type::Ptr(_) => (imm as i64).to_string(),
        _ => imm.to_string(),
    }
}

/// Finite `f32`/`f64` constants print as the shortest decimal that reads back to the same
/// bits (`1.5`, `-0.0`, `1e-40`); infinities, NaNs (with their payload) and the 16-bit
/// formats print their raw bits in hex.
pub(crate) fn format_float_imm(ty: Type, bits: u64) -> String {
    match ty {
        Type::F32 if f32::from_bits(bits as u32).is_finite() && bits >> 32 == 0 => {
            format!("{:?}", f32::from_bits(bits as u32))
        }
        Type::F64 if f64::from_bits(bits).is_finite() => format!("{:?}", f64::from_bits(bits)),
        _ => format!("0x{bits:x}"),
    }
}
