//! The selection pre-pass: which instructions fold into their users, and which values
//! still need a register.
//!
//! Folds (each only when the folded value has exactly one use, in the same block, so the
//! work is not duplicated and no value moves across control flow):
//! - `add(mul(a, b), c)` → `mad.lo` (and `mad.wide` when the `mul` is itself widening);
//! - `mul(sext(a), sext(b))` on `i64` from `i32` → `mul.wide.s32` (`zext` → `.u32`), also
//!   with a constant that fits in 32 bits and for `shl(sext(a), k)`;
//! - a 64-bit shift by `zext`/`sext` of an `i32` reads the `i32` amount directly;
//! - `zext`/`sext` of an `i8`/`i16` load to `i32`/`i64` loads into the wide register
//!   (`ld.global.u8 %r1`, `ld.s16 %rd1`: PTX extends a load into a wider destination by
//!   the type's signedness), when nothing between the load and the extension writes
//!   memory or synchronizes (the load is emitted at the extension's place).
//!
//! Address folds need no single-use condition: a `PtrAdd` with a constant offset folds into
//! the address of every load, store or atomic that uses it (`[%rd1+16]`), and symbols
//! (globals, by-value parameters, stack slots) become `[w+4]` / `[%SPL+8]`.

use hashbrown::{HashMap, HashSet};
use oxicc_ir::{BinaryOp, CastOp, Function, Inst, InstData, ParamKind, Type, Value, ValueDef};

/// The root of an address after looking through constant-offset `PtrAdd`s.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AddrRoot {
    /// A value that must be in a register.
    Value(Value),
    /// A global variable.
    Global(oxicc_ir::GlobalId),
    /// A stack slot (`%SPL + offset`).
    Stack(oxicc_ir::StackSlot),
    /// A by-value parameter (`[name_param_N+off]`).
    ByVal(Value),
}

/// A folding pattern chosen for an instruction.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// `mad.lo d, a, b, c`.
    Mad { a: Value, b: Value, c: Value },
    /// `mul.wide.{s32,u32} d, a, b` (`a`, `b` are the 32-bit operands; `b` may be a constant
    /// given as `Err(value)`).
    MulWide {
        signed: bool,
        a: Value,
        b: WideOperand,
    },
    /// A 64-bit shift whose amount is an extended `i32`: the shift reads the `i32` directly
    /// (PTX shift amounts are 32-bit and clamp, which matches for both extensions).
    Shift64 {
        op: BinaryOp,
        value: Value,
        amount: Value,
    },
    /// `mad.wide.{s32,u32} d, a, b, c`.
    MadWide {
        signed: bool,
        a: Value,
        b: WideOperand,
        c: Value,
    },
    /// An extension of a narrow load: `ld.{u8,s8,u16,s16}` (by `signed` and the load's
    /// type) straight into the extension's wide register.
    ExtLoad { signed: bool, load: Inst },
}

/// The second operand of a widening multiply: a 32-bit value or an immediate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WideOperand {
    Value(Value),
    Imm(i64),
}

/// Results of the pre-pass.
#[derive(Default)]
pub struct Analysis {
    reg_uses: HashMap<Value, u32>,
    absorbed: HashSet<Inst>,
    patterns: HashMap<Inst, Pattern>,
}

impl Analysis {
    /// How many uses of `v` need it in a register.
    pub fn reg_uses(&self, v: Value) -> u32 {
        self.reg_uses.get(&v).copied().unwrap_or(0)
    }
    pub fn is_absorbed(&self, i: Inst) -> bool {
        self.absorbed.contains(&i)
    }
    pub fn pattern(&self, i: Inst) -> Option<Pattern> {
        self.patterns.get(&i).copied()
    }
}

/// Follows constant-offset `PtrAdd`s from `v` to its root; the offset must fit in 32 bits.
pub fn addr_root(f: &Function, mut v: Value) -> (AddrRoot, i64) {
    let mut off: i64 = 0;
    loop {
        if let ValueDef::Param(b, n) = f.values[v].def {
            if b == f.entry() {
                if let Some(ParamKind::ByVal { .. }) = f.sig.params.get(n as usize) {
                    return (AddrRoot::ByVal(v), off);
                }
            }
            return (AddrRoot::Value(v), off);
        }
        let inst = f.def_inst(v).expect("value without definition");
        match &f.insts[inst].data {
            InstData::PtrAdd { ptr, offset } => match const_of(f, *offset) {
                Some(c) => {
                    let c = c as i64;
                    match off.checked_add(c) {
                        Some(n) if i32::try_from(n).is_ok() => {
                            off = n;
                            v = *ptr;
                        }
                        _ => return (AddrRoot::Value(v), off),
                    }
                }
                None => return (AddrRoot::Value(v), off),
            },
            InstData::GlobalAddr { global } => return (AddrRoot::Global(*global), off),
            InstData::StackAddr { slot } => return (AddrRoot::Stack(*slot), off),
            _ => return (AddrRoot::Value(v), off),
        }
    }
}

/// The bits of an integer constant.
pub fn const_of(f: &Function, v: Value) -> Option<u64> {
    let i = f.def_inst(v)?;
    match f.insts[i].data {
        InstData::IConst { imm, .. } => Some(imm),
        _ => None,
    }
}

fn is_const(f: &Function, v: Value) -> bool {
    f.def_inst(v).is_some_and(|i| {
        matches!(
            f.insts[i].data,
            InstData::IConst { .. } | InstData::FConst { .. }
        ) && f.value_type(v) != Type::I1
    })
}

/// How far (in instructions) an extension may follow the narrow load it absorbs.
const EXT_LOAD_WINDOW: usize = 16;

struct Ctx<'f> {
    f: &'f Function,
    uses: HashMap<Value, u32>,
    block_of: HashMap<Inst, oxicc_ir::Block>,
}

impl Ctx<'_> {
    /// The defining instruction of `v` if it may be absorbed into `user`.
    fn foldable(&self, v: Value, user: Inst) -> Option<Inst> {
        let d = self.f.def_inst(v)?;
        (self.uses.get(&v) == Some(&1) && self.block_of.get(&d) == self.block_of.get(&user))
            .then_some(d)
    }

    /// `sext`/`zext` from `i32` to `i64` that `user` may absorb: `(signed, narrow, inst)`.
    fn widening(&self, v: Value, user: Inst) -> Option<(bool, Value, Inst)> {
        let d = self.foldable(v, user)?;
        match self.f.insts[d].data {
            InstData::Cast {
                op,
                arg,
                to: Type::I64,
            } if self.f.value_type(arg) == Type::I32 => match op {
                CastOp::SExt => Some((true, arg, d)),
                CastOp::ZExt => Some((false, arg, d)),
                _ => None,
            },
            _ => None,
        }
    }

    /// A `mul.wide` form of `Mul`/`Shl` instruction `i` (operands `l`, `r`).
    fn mul_wide(&self, i: Inst) -> Option<(Pattern, Vec<Inst>)> {
        let InstData::Binary { op, lhs, rhs, .. } = self.f.insts[i].data else {
            return None;
        };
        if self.f.value_type(lhs) != Type::I64 {
            return None;
        }
        match op {
            BinaryOp::Mul => {
                let wa = self.widening(lhs, i);
                let wb = self.widening(rhs, i);
                match (wa, wb) {
                    (Some((sa, a, ia)), Some((sb, b, ib))) if sa == sb => Some((
                        Pattern::MulWide {
                            signed: sa,
                            a,
                            b: WideOperand::Value(b),
                        },
                        vec![ia, ib],
                    )),
                    (Some((s, a, ia)), None) | (None, Some((s, a, ia))) => {
                        let other = if wa.is_some() { rhs } else { lhs };
                        let c = const_of(self.f, other)? as i64;
                        let fits = if s {
                            i32::try_from(c).is_ok()
                        } else {
                            u32::try_from(c).is_ok()
                        };
                        fits.then_some((
                            Pattern::MulWide {
                                signed: s,
                                a,
                                b: WideOperand::Imm(c),
                            },
                            vec![ia],
                        ))
                    }
                    _ => None,
                }
            }
            BinaryOp::Shl => {
                let (s, a, ia) = self.widening(lhs, i)?;
                let k = const_of(self.f, rhs)?;
                let limit = if s { 30 } else { 31 };
                (k <= limit).then_some((
                    Pattern::MulWide {
                        signed: s,
                        a,
                        b: WideOperand::Imm(1i64 << k),
                    },
                    vec![ia],
                ))
            }
            _ => None,
        }
    }

    /// A `zext`/`sext` to `i32`/`i64` of a single-use, non-volatile `i8`/`i16` load in the
    /// same block with nothing in between that writes memory, synchronizes or has other
    /// effects (at most [`EXT_LOAD_WINDOW`] instructions apart), so that the load may be
    /// emitted where the extension is.
    fn ext_load(&self, i: Inst) -> Option<(Pattern, Vec<Inst>)> {
        let InstData::Cast { op, arg, to } = self.f.insts[i].data else {
            return None;
        };
        let signed = match op {
            CastOp::SExt => true,
            CastOp::ZExt => false,
            _ => return None,
        };
        if !matches!(to, Type::I32 | Type::I64)
            || !matches!(self.f.value_type(arg), Type::I8 | Type::I16)
        {
            return None;
        }
        let d = self.foldable(arg, i)?;
        if !matches!(self.f.insts[d].data, InstData::Load { flags, .. } if !flags.volatile) {
            return None;
        }
        let block = &self.f.blocks[*self.block_of.get(&i)?].insts;
        let at = block.iter().position(|&x| x == d)?;
        for &between in block[at + 1..].iter().take(EXT_LOAD_WINDOW) {
            if between == i {
                return Some((Pattern::ExtLoad { signed, load: d }, vec![d]));
            }
            let info = self.f.insts[between].data.info();
            if info.side_effects || info.writes_memory || info.convergent || info.terminator {
                return None;
            }
        }
        None
    }

    fn choose(&self, i: Inst) -> Option<(Pattern, Vec<Inst>)> {
        if matches!(self.f.insts[i].data, InstData::Cast { .. }) {
            return self.ext_load(i);
        }
        let InstData::Binary { op, lhs, rhs, .. } = self.f.insts[i].data else {
            return None;
        };
        let ty = self.f.value_type(lhs);
        match op {
            BinaryOp::Add if matches!(ty, Type::I16 | Type::I32 | Type::I64) => {
                for (m, c) in [(rhs, lhs), (lhs, rhs)] {
                    let Some(mi) = self.foldable(m, i) else {
                        continue;
                    };
                    if let Some((Pattern::MulWide { signed, a, b }, mut absorbed)) =
                        self.mul_wide(mi)
                    {
                        absorbed.push(mi);
                        return Some((Pattern::MadWide { signed, a, b, c }, absorbed));
                    }
                    if let InstData::Binary {
                        op: BinaryOp::Mul,
                        lhs: a,
                        rhs: b,
                        ..
                    } = self.f.insts[mi].data
                    {
                        return Some((Pattern::Mad { a, b, c }, vec![mi]));
                    }
                }
                None
            }
            BinaryOp::Mul => self.mul_wide(i),
            BinaryOp::Shl | BinaryOp::LShr | BinaryOp::AShr if ty == Type::I64 => {
                if op == BinaryOp::Shl {
                    if let Some(p) = self.mul_wide(i) {
                        return Some(p);
                    }
                }
                let ci = self.foldable(rhs, i)?;
                match self.f.insts[ci].data {
                    InstData::Cast {
                        op: CastOp::ZExt | CastOp::SExt,
                        arg,
                        to: Type::I64,
                    } if self.f.value_type(arg) == Type::I32 => Some((
                        Pattern::Shift64 {
                            op,
                            value: lhs,
                            amount: arg,
                        },
                        vec![ci],
                    )),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

/// Runs the pre-pass over `f`.
pub fn analyze(f: &Function, module: &oxicc_ir::Module) -> Analysis {
    let mut cx = Ctx {
        f,
        uses: HashMap::new(),
        block_of: HashMap::new(),
    };
    for &b in &f.layout {
        for &i in &f.blocks[b].insts {
            cx.block_of.insert(i, b);
            f.insts[i]
                .data
                .for_each_arg(|v| *cx.uses.entry(v).or_insert(0) += 1);
        }
    }
    let mut an = Analysis::default();
    for &b in &f.layout {
        for &i in &f.blocks[b].insts {
            if an.absorbed.contains(&i) {
                continue;
            }
            if let Some((p, absorbed)) = cx.choose(i) {
                an.patterns.insert(i, p);
                an.absorbed.extend(absorbed);
            }
        }
    }
    // Patterns chosen for instructions that a later pattern absorbed are moot; drop them.
    an.patterns.retain(|i, _| !an.absorbed.contains(i));

    // Mark phase: effectful instructions are needed; a pure instruction is needed once one
    // of its results gets a register use from a needed instruction. Only needed
    // instructions count uses of their operands, so a `PtrAdd` folded into every address
    // that uses it does not keep its own operands alive.
    let mut def_of: HashMap<Value, Inst> = HashMap::new();
    let mut work: Vec<Inst> = Vec::new();
    for &b in &f.layout {
        for &i in &f.blocks[b].insts {
            if an.absorbed.contains(&i) {
                continue;
            }
            if let Some(r) = f.insts[i].result {
                def_of.insert(r, i);
            }
            let info = f.insts[i].data.info();
            let volatile =
                matches!(f.insts[i].data, InstData::Load { flags, .. } if flags.volatile);
            if info.side_effects || info.terminator || info.writes_memory || volatile {
                work.push(i);
            }
        }
    }
    work.reverse();
    let mut queued: HashSet<Inst> = work.iter().copied().collect();
    while let Some(i) = work.pop() {
        let mut regs: Vec<Value> = Vec::new();
        operand_uses(f, module, &an, i, &mut regs);
        for v in regs {
            if is_const(f, v) {
                continue;
            }
            *an.reg_uses.entry(v).or_insert(0) += 1;
            if let Some(&d) = def_of.get(&v) {
                if queued.insert(d) {
                    work.push(d);
                }
            }
        }
    }
    an
}

/// The values instruction `i` (not absorbed) needs in registers, after folds.
fn operand_uses(
    f: &Function,
    module: &oxicc_ir::Module,
    an: &Analysis,
    i: Inst,
    out: &mut Vec<Value>,
) {
    let address_use = |v: Value, out: &mut Vec<Value>| {
        if let (AddrRoot::Value(r), _) = addr_root(f, v) {
            out.push(r);
        }
    };
    if let Some(p) = an.pattern(i) {
        match p {
            Pattern::Mad { a, b, c } => out.extend([a, b, c]),
            Pattern::MulWide { a, b, .. } => {
                out.push(a);
                if let WideOperand::Value(b) = b {
                    out.push(b);
                }
            }
            Pattern::Shift64 { value, amount, .. } => out.extend([value, amount]),
            Pattern::MadWide { a, b, c, .. } => {
                out.extend([a, c]);
                if let WideOperand::Value(b) = b {
                    out.push(b);
                }
            }
            Pattern::ExtLoad { load, .. } => {
                if let InstData::Load { ptr, .. } = f.insts[load].data {
                    address_use(ptr, out);
                }
            }
        }
        return;
    }
    match &f.insts[i].data {
        InstData::Load { ptr, .. } => address_use(*ptr, out),
        InstData::Store { ptr, value, .. } | InstData::AtomicRmw { ptr, value, .. } => {
            address_use(*ptr, out);
            out.push(*value);
        }
        InstData::AtomicCas {
            ptr, expected, new, ..
        } => {
            address_use(*ptr, out);
            out.extend([*expected, *new]);
        }
        InstData::Call { .. } | InstData::CallIndirect { .. } => {
            let (params, args) = match &f.insts[i].data {
                InstData::Call { callee, args } => (&module.functions[*callee].sig.params, args),
                InstData::CallIndirect { target, sig, args } => {
                    out.push(*target);
                    (&sig.params, args)
                }
                _ => unreachable!(),
            };
            // By-value aggregates are copied out of memory: an address use.
            for (k, &a) in args.iter().enumerate() {
                match params.get(k) {
                    Some(ParamKind::ByVal { .. }) => address_use(a, out),
                    _ => out.push(a),
                }
            }
        }
        d => d.for_each_arg(|v| out.push(v)),
    }
}
