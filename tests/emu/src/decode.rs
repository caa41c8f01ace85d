//! Syntax tree to `Program`: lays out module variables, kernel and function parameters,
//! shared and local memory, gives every register a frame slot, resolves labels and symbols,
//! and turns each instruction into the compact `Inst` form (see `opcodes` for the per-opcode
//! part).

use crate::inst::*;
use crate::parse::{Function, Module, Operand, Stmt, VarDecl};
use crate::EmuError;
use hashbrown::HashMap;

/// Generic-address windows: the high 32 bits of a 64-bit generic address select a window.
/// Global buffers and module variables use windows `1..`, one per allocation.
pub const SHARED_WINDOW: u64 = 0xFFFF_0000;
pub const LOCAL_WINDOW: u64 = 0xFFFF_0001;
pub const KPARAM_WINDOW: u64 = 0xFFFF_0002;
pub const FPARAM_WINDOW: u64 = 0xFFFF_0003;
/// Function addresses (`mov.u64 %rd, f;`, function names in initializers) are
/// `FUNC_WINDOW << 32 | index << 4`: they can be stored, compared and called through, and any
/// load or store through one is caught as an access outside every allocation. They are
/// aligned like real code addresses: C++ pointers to member functions (Itanium ABI) tell a
/// function address from an odd vtable offset by the low bit.
pub const FUNC_WINDOW: u64 = 0xFFFF_0004;

/// The value of function `index`'s address.
pub fn func_addr(index: u32) -> u64 {
    (FUNC_WINDOW << 32) | (index as u64) << 4
}

/// A parameter of a kernel or function: where it lives in the parameter block.
#[derive(Clone, Debug)]
pub struct ParamInfo {
    pub name: String,
    pub offset: u32,
    pub size: u32,
    pub align: u32,
    /// Element type (for checking launch arguments).
    pub ty: Ty,
    /// True for `.b8 name[N]` aggregates.
    pub is_array: bool,
}

#[derive(Clone, Debug)]
pub struct FuncInfo {
    pub name: String,
    pub is_entry: bool,
    pub entry_pc: u32,
    pub nregs: u32,
    pub local_size: u32,
    /// Size of the frame parameter block (formal params + returns + call-site params).
    pub fparam_size: u32,
    pub params: Vec<ParamInfo>,
    pub rets: Vec<ParamInfo>,
    /// Values of the constant slots, which occupy the last `consts.len()` of `nregs` slots.
    pub consts: Vec<u64>,
    /// Size of the kernel parameter block (entries only).
    pub kparam_size: u32,
    pub has_body: bool,
}

/// A module-scope `.global` or `.const` variable, living in generic window `window`.
#[derive(Clone, Debug)]
pub struct GlobalVar {
    pub name: String,
    pub window: u32,
    pub init: Vec<u8>,
    pub elem: Ty,
}

/// The reserved shared memory of a CTA (see `Program::reserved_shared`): 1 KiB as sm_90's,
/// `%reserved_smem_offset_0` at its start and `_1` 512 bytes in (room for the 288 bytes
/// cooperative groups expect there). The ISA names the registers, not this layout.
pub const RESERVED_SHARED: u32 = 1024;

#[derive(Clone, Debug)]
pub struct Program {
    pub insts: Vec<Inst>,
    pub funcs: Vec<FuncInfo>,
    pub calls: Vec<CallSite>,
    pub globals: Vec<GlobalVar>,
    /// Bytes of static shared memory (all `.shared` variables of the module).
    pub static_shared: u32,
    /// Bytes of reserved shared memory each CTA gets after its dynamic shared memory:
    /// `RESERVED_SHARED` when an instruction reads a `%reserved_smem_*` register, else 0.
    pub reserved_shared: u32,
    /// The PTX source lines (trimmed), for error messages.
    pub source: Vec<String>,
}

impl Program {
    pub fn entry(&self, name: Option<&str>) -> Result<u32, EmuError> {
        let entries: Vec<u32> = (0..self.funcs.len() as u32)
            .filter(|&i| self.funcs[i as usize].is_entry)
            .collect();
        match name {
            Some(n) => entries
                .into_iter()
                .find(|&i| self.funcs[i as usize].name == n)
                .ok_or_else(|| EmuError(format!("unknown kernel `{n}`"))),
            None if entries.len() == 1 => Ok(entries[0]),
            None => Err(EmuError(format!(
                "the module has {} kernels; the launch must name one with \"kernel\"",
                entries.len()
            ))),
        }
    }
}

/// What a name refers to inside a function.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Sym {
    Reg(u32),
    Local(u32),
    FParam(u32),
    KParam(u32),
    Shared(u32),
    Global(u64),
    Func(u32),
    /// A `.callprototype` of this function: index into `FnCtx::protos`.
    Proto(u32),
}

/// The parameter layout a `.callprototype` declares, laid out as a callee's would be.
pub(crate) struct Proto {
    pub rets: Vec<ParamInfo>,
    pub params: Vec<ParamInfo>,
}

#[derive(Default)]
struct Scope {
    names: HashMap<String, Sym>,
    /// `%r<10>` ranges: prefix -> (first slot, count).
    ranges: HashMap<String, (u32, u32)>,
}

/// Per-function decoding state.
pub(crate) struct FnCtx<'a> {
    scopes: Vec<Scope>,
    module_syms: &'a HashMap<String, Sym>,
    pub nregs: u32,
    pub local_size: u32,
    pub fparam_size: u32,
    pub is_entry: bool,
    /// Instructions emitted for this function (appended to the program after decoding).
    pub out: Vec<Inst>,
    pub labels: HashMap<String, u32>,
    /// (index in `out`, label, line) of branches to patch.
    pub fixups: Vec<(usize, String, u32)>,
    /// The call prototypes declared in this function (named through `Sym::Proto`).
    pub protos: Vec<Proto>,
}

/// Register slots per function the interpreter accepts (a guard against absurd `%r<N>`).
const MAX_REGS: u32 = 1 << 16;

fn align_up(v: u32, a: u32) -> u32 {
    let a = a.max(1);
    v.div_ceil(a).saturating_mul(a)
}

fn decl_size(d: &VarDecl) -> Result<(u32, u32), EmuError> {
    let ty = Ty::parse(&d.ty)
        .ok_or_else(|| EmuError(format!("line {}: unknown type `.{}`", d.line, d.ty)))?;
    let elem = ty.bytes() * d.vec;
    let count = d.dims.iter().try_fold(1u64, |a, &x| a.checked_mul(x));
    let size = count
        .and_then(|c| c.checked_mul(elem as u64))
        .unwrap_or(u64::MAX);
    if size > u32::MAX as u64 / 2 {
        return Err(EmuError(format!(
            "line {}: `{}` is too large",
            d.line, d.name
        )));
    }
    let align = if d.align > 0 { d.align } else { elem.max(1) };
    Ok((size as u32, align))
}

impl<'a> FnCtx<'a> {
    pub fn lookup(&self, name: &str) -> Option<Sym> {
        for s in self.scopes.iter().rev() {
            if let Some(&v) = s.names.get(name) {
                return Some(v);
            }
        }
        let digits = name
            .bytes()
            .rev()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if digits > 0 && digits < name.len() {
            let (prefix, num) = name.split_at(name.len() - digits);
            if let Ok(n) = num.parse::<u32>() {
                for s in self.scopes.iter().rev() {
                    if let Some(&(base, count)) = s.ranges.get(prefix) {
                        if n < count {
                            return Some(Sym::Reg(base + n));
                        }
                    }
                }
            }
        }
        self.module_syms.get(name).copied()
    }

    pub fn new_temp(&mut self) -> u32 {
        self.nregs += 1;
        self.nregs - 1
    }

    fn declare(&mut self, d: &VarDecl, shared_size: &mut u32) -> Result<(), EmuError> {
        let scope = self.scopes.last_mut().expect("scope");
        match d.space.as_str() {
            "reg" => {
                if let Some(n) = d.range {
                    scope.ranges.insert(d.name.clone(), (self.nregs, n));
                    self.nregs = self.nregs.saturating_add(n);
                    if self.nregs > MAX_REGS {
                        return Err(EmuError(format!(
                            "line {}: more than {MAX_REGS} registers",
                            d.line
                        )));
                    }
                } else {
                    scope.names.insert(d.name.clone(), Sym::Reg(self.nregs));
                    self.nregs += 1;
                }
            }
            "local" => {
                let (size, align) = decl_size(d)?;
                let off = align_up(self.local_size, align);
                self.local_size = off.saturating_add(size);
                scope.names.insert(d.name.clone(), Sym::Local(off));
            }
            "param" => {
                let (size, align) = decl_size(d)?;
                let off = align_up(self.fparam_size, align);
                self.fparam_size = off.saturating_add(size);
                scope.names.insert(d.name.clone(), Sym::FParam(off));
            }
            "shared" => {
                let (size, align) = decl_size(d)?;
                let off = align_up(*shared_size, align);
                *shared_size = off.saturating_add(size);
                scope.names.insert(d.name.clone(), Sym::Shared(off));
            }
            s => {
                return Err(EmuError(format!(
                    "line {}: `.{s}` variables inside functions are not supported",
                    d.line
                )))
            }
        }
        Ok(())
    }
}

fn param_infos(decls: &[VarDecl], start: u32) -> Result<(Vec<ParamInfo>, u32), EmuError> {
    let mut off = start;
    let mut out = Vec::new();
    for d in decls {
        let (size, align) = decl_size(d)?;
        off = align_up(off, align);
        out.push(ParamInfo {
            name: d.name.clone(),
            offset: off,
            size,
            align,
            ty: Ty::parse(&d.ty).unwrap_or(Ty::B8),
            is_array: !d.dims.is_empty(),
        });
        off += size;
    }
    Ok((out, off))
}

/// Writes an initializer list into bytes of element type `ty`.
fn init_bytes(d: &VarDecl, size: u32, syms: &HashMap<String, Sym>) -> Result<Vec<u8>, EmuError> {
    let ty = Ty::parse(&d.ty).unwrap_or(Ty::B8);
    let mut out = vec![0u8; size as usize];
    let eb = ty.bytes() as usize;
    for (i, v) in d.init.iter().enumerate() {
        let bits: u64 = match v {
            Operand::Int(x) => match ty {
                Ty::F32 => (*x as f32).to_bits() as u64,
                Ty::F64 => (*x as f64).to_bits(),
                _ => *x as u64,
            },
            Operand::F32(b) if ty == Ty::F64 => (f32::from_bits(*b) as f64).to_bits(),
            Operand::F32(b) => *b as u64,
            Operand::F64(b) if ty == Ty::F32 => (f64::from_bits(*b) as f32).to_bits() as u64,
            Operand::F64(b) => *b,
            Operand::Addr(Some(n), off) => match syms.get(n) {
                Some(Sym::Global(a)) => a.wrapping_add(*off as u64),
                Some(Sym::Shared(o)) => (*o as u64).wrapping_add(*off as u64),
                Some(Sym::Func(i)) if *off == 0 => func_addr(*i),
                _ => {
                    return Err(EmuError(format!(
                        "line {}: unknown symbol `{n}` in initializer",
                        d.line
                    )))
                }
            },
            other => {
                return Err(EmuError(format!(
                    "line {}: unsupported initializer {other:?}",
                    d.line
                )))
            }
        };
        let at = i * eb;
        if at + eb > out.len() {
            return Err(EmuError(format!(
                "line {}: too many initializers for `{}`",
                d.line, d.name
            )));
        }
        out[at..at + eb].copy_from_slice(&bits.to_le_bytes()[..eb]);
    }
    Ok(out)
}

/// Decodes a parsed module.
pub fn decode_module(m: &Module) -> Result<Program, EmuError> {
    let mut syms: HashMap<String, Sym> = HashMap::new();
    let mut globals = Vec::new();
    let mut shared_size = 0u32;
    let mut extern_shared = Vec::new();
    for d in &m.vars {
        match d.space.as_str() {
            "global" | "const" => {
                let (size, _) = decl_size(d)?;
                let window = globals.len() as u32 + 1;
                syms.insert(d.name.clone(), Sym::Global((window as u64) << 32));
                globals.push((d, size, window));
            }
            "shared" if d.dims.first() == Some(&0) || d.extern_ => extern_shared.push(d),
            "shared" => {
                let (size, align) = decl_size(d)?;
                let off = align_up(shared_size, align);
                shared_size = off.saturating_add(size);
                syms.insert(d.name.clone(), Sym::Shared(off));
            }
            s => {
                return Err(EmuError(format!(
                    "line {}: unsupported module variable space `.{s}`",
                    d.line
                )))
            }
        }
    }
    // Function signatures first: calls may refer to functions defined later.
    let mut funcs: Vec<FuncInfo> = Vec::new();
    let mut by_name: HashMap<String, usize> = HashMap::new();
    for f in &m.funcs {
        let (params, kparam_size, rets) = if f.is_entry {
            let (p, size) = param_infos(&f.params, 0)?;
            (p, size, Vec::new())
        } else {
            let (r, rsize) = param_infos(&f.rets, 0)?;
            let (p, _) = param_infos(&f.params, rsize)?;
            (p, 0, r)
        };
        let info = FuncInfo {
            name: f.name.clone(),
            is_entry: f.is_entry,
            entry_pc: 0,
            nregs: 0,
            local_size: 0,
            fparam_size: 0,
            consts: Vec::new(),
            params,
            rets,
            kparam_size,
            has_body: f.body.is_some(),
        };
        match by_name.get(&f.name) {
            // A declaration followed by the definition: keep the definition.
            Some(&i) if f.body.is_some() => funcs[i] = info,
            Some(_) => {}
            None => {
                by_name.insert(f.name.clone(), funcs.len());
                syms.insert(f.name.clone(), Sym::Func(funcs.len() as u32));
                funcs.push(info);
            }
        }
    }
    // Initializers may name functions (tables of function pointers, vtables), so they are
    // written once every function has its symbol.
    let mut global_vars = Vec::new();
    for (d, size, window) in globals {
        global_vars.push(GlobalVar {
            name: d.name.clone(),
            window,
            init: init_bytes(d, size, &syms)?,
            elem: Ty::parse(&d.ty).unwrap_or(Ty::B8),
        });
    }
    // Shared variables declared inside functions share the module's static layout; extern
    // shared arrays all start at the aligned end of it (where dynamic shared memory begins).
    let mut total_shared = shared_size;
    for f in &m.funcs {
        for st in f.body.iter().flatten() {
            if let Stmt::Decl(d) = st {
                if d.space == "shared" {
                    let (size, align) = decl_size(d)?;
                    total_shared = align_up(total_shared, align).saturating_add(size);
                }
            }
        }
    }
    let mut static_shared = total_shared;
    if !extern_shared.is_empty() {
        let align = extern_shared
            .iter()
            .map(|d| d.align.max(16))
            .max()
            .unwrap_or(16);
        static_shared = align_up(static_shared, align);
        for d in extern_shared {
            syms.insert(d.name.clone(), Sym::Shared(static_shared));
        }
    }
    let mut fn_shared = shared_size;
    let mut insts = Vec::new();
    let mut calls = Vec::new();
    for f in &m.funcs {
        let Some(body) = &f.body else { continue };
        let fi = by_name[&f.name];
        let entry_pc = insts.len() as u32;
        let DecodedFn {
            insts: out,
            nregs,
            local_size,
            fparam_size,
            consts,
        } = decode_function(
            f,
            body,
            fi as u32,
            &funcs,
            &syms,
            &mut fn_shared,
            entry_pc,
            &mut calls,
        )?;
        let info = &mut funcs[fi];
        info.entry_pc = entry_pc;
        info.nregs = nregs;
        info.consts = consts;
        info.local_size = local_size;
        info.fparam_size = fparam_size;
        insts.extend(out);
    }
    let reserved_shared = if insts
        .iter()
        .any(|i| matches!(i.op, Op::Sreg(Sreg::ReservedSmem(_))))
    {
        RESERVED_SHARED
    } else {
        0
    };
    Ok(Program {
        reserved_shared,
        insts,
        funcs,
        calls,
        globals: global_vars,
        static_shared,
        source: Vec::new(),
    })
}

/// The decoded body of one function and its frame layout.
struct DecodedFn {
    insts: Vec<Inst>,
    /// Register slots including the constant slots.
    nregs: u32,
    local_size: u32,
    fparam_size: u32,
    consts: Vec<u64>,
}

#[allow(clippy::too_many_arguments)]
fn decode_function(
    f: &Function,
    body: &[Stmt],
    index: u32,
    funcs: &[FuncInfo],
    syms: &HashMap<String, Sym>,
    shared_size: &mut u32,
    base_pc: u32,
    calls: &mut Vec<CallSite>,
) -> Result<DecodedFn, EmuError> {
    let info = &funcs[index as usize];
    let mut root = Scope::default();
    for p in &info.params {
        root.names.insert(
            p.name.clone(),
            if f.is_entry {
                Sym::KParam(p.offset)
            } else {
                Sym::FParam(p.offset)
            },
        );
    }
    for r in &info.rets {
        root.names.insert(r.name.clone(), Sym::FParam(r.offset));
    }
    let fparam_start = if f.is_entry {
        0
    } else {
        info.params
            .last()
            .map_or(0, |p| p.offset + p.size)
            .max(info.rets.last().map_or(0, |r| r.offset + r.size))
    };
    let mut ctx = FnCtx {
        scopes: vec![root],
        module_syms: syms,
        nregs: 0,
        local_size: 0,
        fparam_size: fparam_start,
        is_entry: f.is_entry,
        out: Vec::new(),
        labels: HashMap::new(),
        fixups: Vec::new(),
        protos: Vec::new(),
    };
    for st in body {
        match st {
            Stmt::Decl(d) => ctx.declare(d, shared_size)?,
            Stmt::Label(l) => {
                ctx.labels.insert(l.clone(), base_pc + ctx.out.len() as u32);
            }
            Stmt::Inst(i) => crate::opcodes::decode_inst(&mut ctx, i, funcs, calls)?,
            Stmt::Proto(p) => {
                let (rets, rsize) = param_infos(&p.rets, 0)?;
                let (params, _) = param_infos(&p.params, rsize)?;
                let index = ctx.protos.len() as u32;
                ctx.protos.push(Proto { rets, params });
                let scope = ctx.scopes.last_mut().expect("scope");
                scope.names.insert(p.name.clone(), Sym::Proto(index));
            }
            Stmt::Open => ctx.scopes.push(Scope::default()),
            Stmt::Close => {
                ctx.scopes.pop();
            }
        }
    }
    // Falling off the end of a function returns.
    ctx.out.push(Inst {
        op: Op::Ret,
        guard: 0,
        d: [NO_REG; 4],
        s: [Src::Imm(0); 4],
        off: 0,
        aux: 0,
        line: f.line,
        r: [0; 4],
    });
    for (at, label, line) in std::mem::take(&mut ctx.fixups) {
        let pc = *ctx
            .labels
            .get(&label)
            .ok_or_else(|| EmuError(format!("line {line}: unknown label `{label}`")))?;
        ctx.out[at].aux = pc;
    }
    // Immediates become constant slots after the registers.
    let mut consts: Vec<u64> = Vec::new();
    let mut slot_of: HashMap<u64, u32> = HashMap::new();
    let nregs = ctx.nregs;
    for inst in ctx.out.iter_mut() {
        for k in 0..4 {
            inst.r[k] = match inst.s[k] {
                Src::Reg(r) => r,
                Src::Imm(v) => *slot_of.entry(v).or_insert_with(|| {
                    consts.push(v);
                    nregs + consts.len() as u32 - 1
                }),
            };
        }
    }
    let total = nregs + consts.len() as u32;
    Ok(DecodedFn {
        insts: ctx.out,
        nregs: total,
        local_size: ctx.local_size,
        fparam_size: ctx.fparam_size,
        consts,
    })
}
