//! The per-thread interpreter loop: runs one thread's instructions until it exits, reaches
//! a barrier or warp collective (which the CTA scheduler completes), or uses up its quantum.

use crate::alu;
use crate::decode::{Program, FUNC_WINDOW};
use crate::inst::*;
use crate::memory::{read_le, resolve, window_of, write_le, Memory, Region};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TState {
    Ready,
    /// Waiting at the barrier or collective at its current pc.
    Blocked,
    Exited,
}

#[derive(Clone, Debug)]
pub struct Frame {
    pub reg_base: u32,
    pub local_base: u32,
    pub param_base: u32,
    pub ret_pc: u32,
    pub call: u32,
}

#[derive(Clone, Debug)]
pub struct Thread {
    pub pc: u32,
    pub regs: Vec<u64>,
    pub frames: Vec<Frame>,
    pub local: Vec<u8>,
    pub fparam: Vec<u8>,
    pub cc: u64,
    pub state: TState,
    pub tid: [u32; 3],
    /// Linear index in the CTA.
    pub linear: u32,
}

impl Thread {
    pub fn base(&self) -> usize {
        self.frames.last().map_or(0, |f| f.reg_base as usize)
    }
    /// Reads a source operand in this thread's current frame.
    pub fn src(&self, s: Src) -> u64 {
        match s {
            // Collectives read other lanes' registers, which may sit in a smaller frame.
            Src::Reg(r) => self
                .regs
                .get(self.base() + r as usize)
                .copied()
                .unwrap_or(0),
            Src::Imm(v) => v,
        }
    }
    pub fn set(&mut self, r: u32, v: u64) {
        let b = self.base();
        self.regs[b + r as usize] = v;
    }
}

/// Why a thread stopped running.
pub enum Stop {
    Exited,
    /// At a barrier or warp collective (pc points at it).
    Sync,
    Quantum,
}

/// Launch-wide values the interpreter reads.
pub struct LaunchCtx {
    pub ntid: [u32; 3],
    pub nctaid: [u32; 3],
    pub ctaid: [u32; 3],
    pub dyn_smem: u32,
    pub total_smem: u32,
    /// The offset of the CTA's reserved shared memory (`%reserved_smem_offset_begin`).
    pub reserved_base: u32,
    /// The grid barrier workspace of a cooperative launch, or 0.
    pub grid_ws: u64,
}

/// Everything one thread may touch besides itself.
pub struct Env<'a> {
    pub prog: &'a Program,
    pub mem: &'a mut Memory,
    pub shared: &'a mut Vec<u8>,
    pub launch: &'a LaunchCtx,
    pub printf: &'a mut String,
    pub instructions: u64,
    /// Executions per instruction index when profiling, else empty.
    pub pc_counts: Vec<u64>,
    /// Set when an `mbarrier` phase completes: the scheduler wakes the threads blocked in
    /// `mbarrier.try_wait` (`mbarrier.rs`).
    pub mbar_phase_done: bool,
}

const MAX_CALL_DEPTH: usize = 4096;
/// Per-thread bytes of local memory plus register slots (8 bytes each) over all frames: a
/// guard against runaway recursion with large frames.
const MAX_THREAD_STACK: usize = 16 << 20;

impl Env<'_> {
    pub fn fail(&self, t: &Thread, pc: u32, msg: impl std::fmt::Display) -> crate::EmuError {
        let i = &self.prog.insts[pc as usize];
        let c = self.launch.ctaid;
        let text = (i.line as usize)
            .checked_sub(1)
            .and_then(|l| self.prog.source.get(l))
            .map_or("", |s| s.as_str());
        crate::EmuError(format!(
            "line {} `{text}`: {msg} (thread ({},{},{}) of block ({},{},{}))",
            i.line, t.tid[0], t.tid[1], t.tid[2], c[0], c[1], c[2]
        ))
    }

    fn region<'b>(&'b mut self, t: &'b mut Thread, r: &Region) -> &'b mut Vec<u8> {
        match *r {
            Region::Global(i) => &mut self.mem.segs[i],
            Region::Shared => self.shared,
            Region::Local => &mut t.local,
            Region::KParam => &mut self.mem.kparams,
            Region::FParam => &mut t.fparam,
        }
    }

    #[inline]
    fn check(&self, space: Space, addr: u64, size: usize) -> Result<(Region, usize), String> {
        if addr & (size as u64 - 1) != 0 {
            return Err(format!(
                "misaligned {size}-byte access at address {addr:#x}"
            ));
        }
        let (r, off) = resolve(space, addr)?;
        if let Region::Global(i) = r {
            if i >= self.mem.segs.len() {
                return Err(format!("address {addr:#x} is not in any allocation"));
            }
        }
        Ok((r, off))
    }

    pub fn load(
        &mut self,
        t: &mut Thread,
        space: Space,
        addr: u64,
        size: usize,
    ) -> Result<u64, String> {
        let (r, off) = self.check(space, addr, size)?;
        let buf = self.region(t, &r);
        read_le(buf, off, size).ok_or_else(|| out_of_bounds(self, &r, addr, size))
    }

    pub fn store(
        &mut self,
        t: &mut Thread,
        space: Space,
        addr: u64,
        size: usize,
        v: u64,
    ) -> Result<(), String> {
        let (r, off) = self.check(space, addr, size)?;
        let buf = self.region(t, &r);
        write_le(buf, off, size, v).ok_or_else(|| out_of_bounds(self, &r, addr, size))
    }

    /// Runs thread `t` for at most `quantum` instructions.
    pub fn run(&mut self, t: &mut Thread, quantum: u64) -> Result<Stop, crate::EmuError> {
        let prog = self.prog;
        let insts = &prog.insts[..];
        let mut pc = t.pc;
        let mut base = t.base();
        let mut left = quantum;
        let profile = !self.pc_counts.is_empty();
        let result = loop {
            if left == 0 {
                break Ok(Stop::Quantum);
            }
            left -= 1;
            if profile {
                // Counted like `instructions`: guarded-off instructions too.
                self.pc_counts[pc as usize] += 1;
            }
            let i = &insts[pc as usize];
            if i.guard != 0 {
                let p = t.regs[base + ((i.guard >> 1) - 1) as usize] & 1;
                if (p != 0) == (i.guard & 1 != 0) {
                    pc += 1;
                    continue;
                }
            }
            macro_rules! s {
                ($k:expr) => {
                    t.regs[base + i.r[$k] as usize]
                };
            }
            macro_rules! set {
                ($d:expr, $v:expr) => {{
                    let v = $v;
                    t.regs[base + $d as usize] = v;
                }};
            }
            match i.op {
                Op::Int(op, ty) => {
                    let (a, b) = (s!(0), s!(1));
                    // Fast paths for the common 32/64-bit forms; everything else in alu.
                    let v = match (op, ty.bits()) {
                        (IntOp::Add, 32) => (a as u32).wrapping_add(b as u32) as u64,
                        (IntOp::Add, 64) => a.wrapping_add(b),
                        (IntOp::Sub, 32) => (a as u32).wrapping_sub(b as u32) as u64,
                        (IntOp::Sub, 64) => a.wrapping_sub(b),
                        (IntOp::MulLo, 32) => (a as u32).wrapping_mul(b as u32) as u64,
                        (IntOp::MulLo, 64) => a.wrapping_mul(b),
                        (IntOp::MadLo, 32) => {
                            (a as u32).wrapping_mul(b as u32).wrapping_add(s!(2) as u32) as u64
                        }
                        (IntOp::MulWide, 32) if ty.is_signed() => {
                            (a as i32 as i64).wrapping_mul(b as i32 as i64) as u64
                        }
                        (IntOp::MulWide, 32) => (a as u32 as u64) * (b as u32 as u64),
                        (IntOp::And, 32) => (a & b) & 0xFFFF_FFFF,
                        (IntOp::Or, 32) => (a | b) & 0xFFFF_FFFF,
                        (IntOp::Xor, 32) => (a ^ b) & 0xFFFF_FFFF,
                        (IntOp::Shl, 32) => {
                            if b as u32 >= 32 {
                                0
                            } else {
                                ((a as u32) << b as u32) as u64
                            }
                        }
                        (IntOp::Shr, 32) if !ty.is_signed() => {
                            if b as u32 >= 32 {
                                0
                            } else {
                                ((a as u32) >> b as u32) as u64
                            }
                        }
                        (IntOp::Shr, 32) => ((a as i32) >> (b as u32).min(31)) as u32 as u64,
                        _ => alu::int_op(op, ty, a, b, s!(2), s!(3), &mut t.cc),
                    };
                    set!(i.d[0], v)
                }
                Op::Mov => set!(i.d[0], s!(0)),
                Op::Float(op, ty, m) => set!(i.d[0], alu::float_op(op, ty, m, s!(0), s!(1), s!(2))),
                Op::Setp { cmp, bop, ty, ftz } => {
                    let c = s!(2) & 1 != 0;
                    let comb = |x: bool| match bop {
                        BoolOp::None => x,
                        BoolOp::And => x && c,
                        BoolOp::Or => x || c,
                        BoolOp::Xor => x ^ c,
                    };
                    if let Some(lane) = alu::pair_lane(ty) {
                        // `setp.cmp.f16x2 p|q, a, b`: p from the low halves, q the high.
                        let (lo, hi) = alu::compare_pair(cmp, lane, ftz, s!(0), s!(1));
                        set!(i.d[0], comb(lo) as u64);
                        if i.d[1] != NO_REG {
                            set!(i.d[1], comb(hi) as u64);
                        }
                    } else {
                        let r = alu::compare(cmp, ty, ftz, s!(0), s!(1));
                        set!(i.d[0], comb(r) as u64);
                        if i.d[1] != NO_REG {
                            set!(i.d[1], comb(!r) as u64);
                        }
                    }
                }
                Op::Selp => set!(i.d[0], if s!(2) & 1 != 0 { s!(0) } else { s!(1) }),
                Op::Ld { space, ty, n } => {
                    let mut addr = s!(0).wrapping_add(i.off as u64);
                    addr = self.frame_rel(t, i.aux, addr);
                    let size = ty.bytes() as usize;
                    if n > 1 && !addr.is_multiple_of(size as u64 * n as u64) {
                        let msg = format!(
                            "misaligned {}-byte vector access at address {addr:#x}",
                            size * n as usize
                        );
                        return Err(self.fail(t, pc, msg));
                    }
                    for k in 0..n as usize {
                        let a = addr + (k * size) as u64;
                        let v = self
                            .load(t, space, a, size)
                            .map_err(|e| self.fail(t, pc, e))?;
                        // A destination register wider than the type is sign-extended
                        // for signed types (PTX's relaxed rule for ld): `ld.global.s32
                        // %rd1` fills all 64 bits. Narrower operations mask their inputs,
                        // so the extra bits never leak into 32-bit results.
                        let v = if ty.is_signed() {
                            alu::sext(v, ty.bits()) as u64
                        } else {
                            v
                        };
                        set!(i.d[k], v);
                    }
                }
                Op::St { space, ty, n } => {
                    let mut addr = s!(0).wrapping_add(i.off as u64);
                    addr = self.frame_rel(t, i.aux, addr);
                    let size = ty.bytes() as usize;
                    if n > 1 && !addr.is_multiple_of(size as u64 * n as u64) {
                        let msg = format!(
                            "misaligned {}-byte vector access at address {addr:#x}",
                            size * n as usize
                        );
                        return Err(self.fail(t, pc, msg));
                    }
                    for k in 0..n as usize {
                        let v = if k < 3 {
                            s!(k + 1)
                        } else {
                            t.regs[base + i.d[0] as usize]
                        };
                        self.store(t, space, addr + (k * size) as u64, size, v)
                            .map_err(|e| self.fail(t, pc, e))?;
                    }
                }
                Op::Bra => {
                    pc = i.aux;
                    continue;
                }
                Op::Sreg(r) => set!(i.d[0], self.sreg(t, r)),
                Op::Cvt {
                    dty,
                    sty,
                    rnd,
                    irnd,
                    sat,
                    ftz,
                    relu,
                } => {
                    let v = if matches!(dty, Ty::F16x2 | Ty::BF16x2) && sty == Ty::F32 {
                        let e = if dty == Ty::F16x2 { Ty::F16 } else { Ty::BF16 };
                        let hi = alu::cvt(e, sty, rnd, irnd, sat, ftz, relu, s!(0));
                        let lo = alu::cvt(e, sty, rnd, irnd, sat, ftz, relu, s!(1));
                        (hi << 16) | lo
                    } else {
                        alu::cvt(dty, sty, rnd, irnd, sat, ftz, relu, s!(0))
                    };
                    set!(i.d[0], v)
                }
                Op::Cvta { to, space } => {
                    let a = s!(0);
                    let w = window_of(space);
                    let v = if w == 0 {
                        a
                    } else if to {
                        a & 0xFFFF_FFFF
                    } else {
                        (w << 32) | (a & 0xFFFF_FFFF)
                    };
                    set!(i.d[0], v)
                }
                Op::IsSpace(space) => {
                    let w = s!(0) >> 32;
                    let r = match space {
                        Space::Global | Space::Const => {
                            w != 0 && (w as usize) <= self.mem.segs.len()
                        }
                        s => w == window_of(s),
                    };
                    set!(i.d[0], r as u64)
                }
                Op::Pack { n, bits } => {
                    let mut v = 0u64;
                    for k in 0..n as usize {
                        let x = if k < 4 { s!(k) } else { 0 };
                        v |= (x & alu::mask(bits as u32)) << (k as u32 * bits as u32);
                    }
                    set!(i.d[0], v)
                }
                Op::Unpack { n, bits } => {
                    let a = s!(0);
                    for k in 0..n as usize {
                        set!(
                            i.d[k],
                            (a >> (k as u32 * bits as u32)) & alu::mask(bits as u32)
                        );
                    }
                }
                Op::Prmt(mode) => set!(i.d[0], alu::prmt(mode, s!(0), s!(1), s!(2))),
                Op::Lop3 => set!(i.d[0], alu::lop3(s!(0), s!(1), s!(2), s!(3))),
                Op::Shf { left, wrap } => set!(i.d[0], alu::shf(left, wrap, s!(0), s!(1), s!(2))),
                Op::Set {
                    cmp,
                    bop,
                    dty,
                    ty,
                    ftz,
                } => {
                    let c = s!(2) & 1 != 0;
                    let comb = |r: bool| match bop {
                        BoolOp::None => r,
                        BoolOp::And => r && c,
                        BoolOp::Or => r || c,
                        BoolOp::Xor => r ^ c,
                    };
                    // True is 1.0 in a float destination (per 16-bit lane for the pair
                    // types) and all ones in an integer one.
                    let one = |t: Ty| match t {
                        Ty::F32 => 1.0f32.to_bits() as u64,
                        Ty::F16 | Ty::F16x2 => 0x3C00,
                        Ty::BF16 | Ty::BF16x2 => 0x3F80,
                        t => alu::mask(t.bits()),
                    };
                    let v = if let Some(lane) = alu::pair_lane(ty) {
                        let (lo, hi) = alu::compare_pair(cmp, lane, ftz, s!(0), s!(1));
                        let t = if matches!(dty, Ty::F16x2 | Ty::BF16x2) {
                            one(dty)
                        } else {
                            0xFFFF
                        };
                        (comb(lo) as u64 * t) | ((comb(hi) as u64 * t) << 16)
                    } else {
                        let r = comb(alu::compare(cmp, ty, ftz, s!(0), s!(1)));
                        if r {
                            one(dty)
                        } else {
                            0
                        }
                    };
                    set!(i.d[0], v)
                }
                Op::Slct { cty, ftz } => {
                    let c = s!(2);
                    let take_a = if cty == Ty::F32 {
                        let f = f32::from_bits(c as u32);
                        let f = if ftz && f.is_subnormal() { 0.0 } else { f };
                        f >= 0.0
                    } else {
                        alu::sext(c, 32) >= 0
                    };
                    set!(i.d[0], if take_a { s!(0) } else { s!(1) })
                }
                Op::Testp {
                    finite,
                    infinite,
                    number,
                    notanumber,
                    normal,
                    subnormal,
                    ty,
                } => {
                    let x = alu::read_float(s!(0), ty);
                    let sub = x != 0.0 && x.is_finite() && alu::write_float(x, ty) != 0 && {
                        let min = if ty == Ty::F64 {
                            f64::MIN_POSITIVE
                        } else {
                            f32::MIN_POSITIVE as f64
                        };
                        x.abs() < min
                    };
                    let r = (finite && x.is_finite())
                        || (infinite && x.is_infinite())
                        || (number && !x.is_nan())
                        || (notanumber && x.is_nan())
                        || (normal && x.is_finite() && x != 0.0 && !sub)
                        || (subnormal && sub);
                    set!(i.d[0], r as u64)
                }
                Op::LocalAddr => set!(
                    i.d[0],
                    t.frames.last().map_or(0, |f| f.local_base) as u64 + i.off as u64
                ),
                Op::FParamAddr => set!(
                    i.d[0],
                    t.frames.last().map_or(0, |f| f.param_base) as u64 + i.off as u64
                ),
                Op::Atom {
                    space,
                    op,
                    ty,
                    has_dst,
                    n,
                } => {
                    let addr = s!(0).wrapping_add(i.off as u64);
                    let size = ty.bytes() as usize;
                    for k in 0..n as usize {
                        let a = addr.wrapping_add((k * size) as u64);
                        let old = self
                            .load(t, space, a, size)
                            .map_err(|e| self.fail(t, pc, e))?;
                        let b = if n == 1 {
                            s!(1)
                        } else {
                            t.regs[base + (i.aux as usize + k)]
                        };
                        let new = atomic(op, ty, old, b, s!(2));
                        self.store(t, space, a, size, new)
                            .map_err(|e| self.fail(t, pc, e))?;
                        if has_dst {
                            set!(i.d[k], old);
                        }
                    }
                }
                Op::Nop => {}
                Op::CpAsync => {
                    let (dst, src, size, src_size) = (s!(0), s!(1), s!(2), s!(3));
                    // aux 1: a bulk copy (any multiple of 16 bytes).
                    let n = if i.aux == 1 { size } else { size.min(16) };
                    for k in 0..n {
                        let b = if k < src_size {
                            self.load(t, Space::Global, src + k, 1)
                                .map_err(|e| self.fail(t, pc, e))?
                        } else {
                            0
                        };
                        self.store(t, Space::Shared, dst + k, 1, b)
                            .map_err(|e| self.fail(t, pc, e))?;
                    }
                }
                Op::Wmma(spec) if spec.kind.is_collective() => {
                    t.pc = pc;
                    t.state = TState::Blocked;
                    break Ok(Stop::Sync);
                }
                Op::Wmma(spec) if matches!(spec.kind, crate::wmma::WKind::LdRow { .. }) => {
                    let addr = s!(0).wrapping_add(s!(1));
                    self.ldmatrix_row(t, spec, addr, i.aux)
                        .map_err(|e| self.fail(t, pc, e))?;
                }
                Op::Wmma(spec) if matches!(spec.kind, crate::wmma::WKind::StRow { .. }) => {
                    let addr = s!(0).wrapping_add(s!(1));
                    self.stmatrix_row(t, spec, addr, i.off as u32)
                        .map_err(|e| self.fail(t, pc, e))?;
                }
                Op::Wmma(spec) => {
                    let addr = s!(0).wrapping_add(s!(2));
                    let first = if spec.kind == crate::wmma::WKind::Store {
                        i.off as u32
                    } else {
                        i.aux
                    };
                    self.wmma_ldst(t, spec, addr, s!(1), first)
                        .map_err(|e| self.fail(t, pc, e))?;
                }
                Op::CvtTf32 => set!(i.d[0], crate::wmma::to_tf32(s!(0) as u32) as u64),
                Op::CvtFp8 { kind, e5m2, relu } => {
                    let b = if kind == 0 { s!(1) } else { 0 };
                    set!(i.d[0], crate::fp8::cvt(kind, e5m2, relu, s!(0), b))
                }
                Op::Mbar { op, space } => {
                    let addr = s!(0).wrapping_add(i.off as u64);
                    match self
                        .mbar(t, op, space, addr, s!(1))
                        .map_err(|e| self.fail(t, pc, e))?
                    {
                        crate::mbarrier::MbarStep::Next(v) => {
                            if let Some(v) = v {
                                if i.d[0] != NO_REG {
                                    set!(i.d[0], v);
                                }
                            }
                        }
                        crate::mbarrier::MbarStep::Yield => {
                            if i.d[0] != NO_REG {
                                set!(i.d[0], 0);
                            }
                            pc += 1;
                            break Ok(Stop::Quantum);
                        }
                        crate::mbarrier::MbarStep::Block => {
                            t.pc = pc;
                            t.state = TState::Blocked;
                            break Ok(Stop::Sync);
                        }
                    }
                }
                Op::Call => {
                    t.pc = pc;
                    let callee = prog.calls[i.aux as usize].callee;
                    self.call(t, i.aux, callee)
                        .map_err(|e| self.fail(t, pc, e))?;
                    pc = t.pc;
                    base = t.base();
                    continue;
                }
                Op::CallMissing => {
                    let f = &prog.funcs[prog.calls[i.aux as usize].callee as usize];
                    let msg = format!(
                        "call to `{}`, which has no body in this module, is not supported",
                        f.name
                    );
                    return Err(self.fail(t, pc, msg));
                }
                Op::CallIndirect => {
                    t.pc = pc;
                    let callee = self
                        .indirect_callee(s!(0), i.aux)
                        .map_err(|e| self.fail(t, pc, e))?;
                    self.call(t, i.aux, callee)
                        .map_err(|e| self.fail(t, pc, e))?;
                    pc = t.pc;
                    base = t.base();
                    continue;
                }
                Op::Ret => {
                    if t.frames.len() <= 1 {
                        t.pc = pc;
                        t.state = TState::Exited;
                        break Ok(Stop::Exited);
                    }
                    pc = self.ret(t);
                    base = t.base();
                    continue;
                }
                Op::Exit => {
                    t.pc = pc;
                    t.state = TState::Exited;
                    break Ok(Stop::Exited);
                }
                Op::Trap => {
                    let grid_sync = self.launch.grid_ws == 0
                        && prog
                            .insts
                            .iter()
                            .any(|i| matches!(i.op, Op::Sreg(Sreg::EnvReg(_))));
                    let msg = if grid_sync {
                        "trap instruction executed (this kernel reads the grid barrier workspace: a grid-wide sync such as this_grid().sync() traps outside a cooperative launch; set \"cooperative\": true in the launch file)"
                    } else {
                        "trap instruction executed"
                    };
                    return Err(self.fail(t, pc, msg));
                }
                Op::Vprintf => {
                    t.pc = pc;
                    let n =
                        crate::printf::vprintf(self, t, i.aux).map_err(|e| self.fail(t, pc, e))?;
                    let site = &prog.calls[i.aux as usize];
                    if let Some((CallArg::Param(o), _, size)) = site.rets.first() {
                        let pb = t.frames.last().map_or(0, |f| f.param_base) as usize;
                        write_le(&mut t.fparam, pb + *o as usize, *size as usize, n);
                    }
                }
                Op::Malloc => {
                    t.pc = pc;
                    crate::heap::malloc(self, t, i.aux);
                }
                Op::Free => {
                    t.pc = pc;
                    crate::heap::free(self, t, i.aux).map_err(|e| self.fail(t, pc, e))?;
                }
                Op::Tex(spec) => {
                    let at = base + i.off as usize;
                    let v = self
                        .tex(&t.regs[at..], s!(0), spec)
                        .map_err(|e| self.fail(t, pc, e))?;
                    for (k, &x) in v.iter().enumerate() {
                        if i.d[k] != NO_REG {
                            set!(i.d[k], x as u64);
                        }
                    }
                }
                Op::Suld(spec) => {
                    let at = base + i.off as usize;
                    let v = self
                        .suld(&t.regs[at..], s!(0), spec)
                        .map_err(|e| self.fail(t, pc, e))?;
                    for (k, &x) in v.iter().enumerate() {
                        if i.d[k] != NO_REG {
                            set!(i.d[k], x);
                        }
                    }
                }
                Op::Sust(spec) => {
                    let at = base + i.off as usize;
                    let h = s!(0);
                    self.sust(&t.regs[at..], h, spec)
                        .map_err(|e| self.fail(t, pc, e))?;
                }
                Op::ImageQuery(q) => {
                    let v = self
                        .image_query(s!(0), q)
                        .map_err(|e| self.fail(t, pc, e))?;
                    set!(i.d[0], v as u64);
                }
                Op::AssertFail => {
                    t.pc = pc;
                    let msg = crate::printf::assert_message(self, t, i.aux);
                    return Err(self.fail(t, pc, msg));
                }
                Op::Bar { .. }
                | Op::BarWarpSync
                | Op::Shfl(_)
                | Op::Vote(_)
                | Op::Activemask
                | Op::Elect
                | Op::MatchAny(_)
                | Op::MatchAll(_)
                | Op::Redux(..) => {
                    t.pc = pc;
                    t.state = TState::Blocked;
                    break Ok(Stop::Sync);
                }
            }
            pc += 1;
        };
        self.instructions += quantum - left;
        if let Ok(Stop::Quantum) = result {
            t.pc = pc;
        }
        result
    }

    #[inline]
    fn frame_rel(&self, t: &Thread, aux: u32, addr: u64) -> u64 {
        match aux {
            1 => addr + t.frames.last().map_or(0, |f| f.local_base) as u64,
            2 => addr + t.frames.last().map_or(0, |f| f.param_base) as u64,
            _ => addr,
        }
    }

    fn sreg(&self, t: &Thread, r: Sreg) -> u64 {
        let l = self.launch;
        let lane = t.linear % 32;
        (match r {
            Sreg::Tid(k) => t.tid[k as usize],
            Sreg::Ntid(k) => l.ntid[k as usize],
            Sreg::Ctaid(k) => l.ctaid[k as usize],
            Sreg::Nctaid(k) => l.nctaid[k as usize],
            Sreg::LaneId => lane,
            Sreg::WarpId => t.linear / 32,
            Sreg::NWarpId => (l.ntid[0] * l.ntid[1] * l.ntid[2]).div_ceil(32),
            Sreg::SmId | Sreg::GridId | Sreg::Zero => 0,
            Sreg::NSmId => 1,
            Sreg::LaneMaskEq => 1 << lane,
            Sreg::LaneMaskLe => (((1u64 << (lane + 1)) - 1) & 0xFFFF_FFFF) as u32,
            Sreg::LaneMaskLt => (1u32 << lane) - 1,
            Sreg::LaneMaskGe => !((1u32 << lane) - 1),
            Sreg::LaneMaskGt => ((!((1u64 << (lane + 1)) - 1)) & 0xFFFF_FFFF) as u32,
            Sreg::Clock | Sreg::Clock64 | Sreg::GlobalTimer => return self.instructions,
            Sreg::DynSmem => l.dyn_smem,
            Sreg::TotalSmem => l.total_smem,
            Sreg::EnvReg(1) => (l.grid_ws >> 32) as u32,
            Sreg::EnvReg(2) => l.grid_ws as u32,
            Sreg::EnvReg(_) => 0,
            Sreg::ReservedSmem(which) => {
                let size = self.prog.reserved_shared;
                match which {
                    ReservedSmem::Begin | ReservedSmem::Offset(0) => l.reserved_base,
                    ReservedSmem::Offset(_) => l.reserved_base + size / 2,
                    ReservedSmem::End => l.reserved_base + size,
                    ReservedSmem::Cap => size,
                }
            }
        }) as u64
    }

    /// The function an indirect call at call site `site` reaches through address `addr`:
    /// it must be a function with a body whose parameters and return values lie where the
    /// call's prototype put them (PTX leaves a mismatch undefined; here it is an error).
    fn indirect_callee(&self, addr: u64, site: u32) -> Result<u32, String> {
        let funcs = &self.prog.funcs;
        let index = ((addr & 0xFFFF_FFFF) >> 4) as usize;
        if addr == 0 {
            return Err("indirect call through a null function pointer".into());
        }
        if addr >> 32 != FUNC_WINDOW || addr & 0xF != 0 || index >= funcs.len() {
            return Err(format!(
                "indirect call through {addr:#x}, which is not the address of a function"
            ));
        }
        let f = &funcs[index];
        if f.is_entry {
            return Err(format!("indirect call of kernel `{}`", f.name));
        }
        if !f.has_body {
            return Err(format!(
                "indirect call of `{}`, which has no body in this module, is not supported",
                f.name
            ));
        }
        let cs = &self.prog.calls[site as usize];
        let same = |site: &[(CallArg, u32, u32)], callee: &[crate::decode::ParamInfo]| {
            site.len() == callee.len()
                && site
                    .iter()
                    .zip(callee)
                    .all(|(&(_, off, size), p)| off == p.offset && size == p.size)
        };
        if !same(&cs.args, &f.params) || !same(&cs.rets, &f.rets) {
            return Err(format!(
                "indirect call of `{}` does not match the call's prototype",
                f.name
            ));
        }
        Ok(index as u32)
    }

    /// Pushes a frame for `callee` (the function of call site `site`, or the target of an
    /// indirect call) and copies the arguments.
    fn call(&mut self, t: &mut Thread, site: u32, callee: u32) -> Result<(), String> {
        let cs = &self.prog.calls[site as usize];
        let f = &self.prog.funcs[callee as usize];
        if t.frames.len() >= MAX_CALL_DEPTH {
            return Err(format!(
                "call stack overflow (more than {MAX_CALL_DEPTH} nested calls)"
            ));
        }
        if t.local.len() + f.local_size as usize + 8 * (t.regs.len() + f.nregs as usize)
            > MAX_THREAD_STACK
        {
            return Err(format!(
                "thread stack overflow (more than {} MiB of frames)",
                MAX_THREAD_STACK >> 20
            ));
        }
        let caller_base = t.base();
        let caller_pb = t.frames.last().map_or(0, |f| f.param_base) as usize;
        let reg_base = t.regs.len() as u32;
        t.regs.resize(t.regs.len() + f.nregs as usize, 0);
        let end = t.regs.len();
        t.regs[end - f.consts.len()..].copy_from_slice(&f.consts);
        let local_base = t.local.len().div_ceil(16) * 16;
        t.local.resize(local_base + f.local_size as usize, 0);
        let param_base = t.fparam.len().div_ceil(16) * 16;
        t.fparam.resize(param_base + f.fparam_size as usize, 0);
        for &(arg, off, size) in &cs.args {
            let size = size as usize;
            let dst = param_base + off as usize;
            match arg {
                CallArg::Param(o) => {
                    let src = caller_pb + o as usize;
                    // A caller `.param` smaller than the callee's parameter reads past it.
                    if src + size > param_base || dst + size > t.fparam.len() {
                        return Err("call argument is smaller than the callee's parameter".into());
                    }
                    t.fparam.copy_within(src..src + size, dst);
                }
                CallArg::Reg(r) => {
                    let v = t.regs[caller_base + r as usize];
                    write_le(&mut t.fparam, dst, size.min(8), v);
                }
                CallArg::Imm(v) => {
                    write_le(&mut t.fparam, dst, size.min(8), v);
                }
            }
        }
        for &(ret, _, size) in &cs.rets {
            if let CallArg::Param(o) = ret {
                if caller_pb + o as usize + size as usize > param_base {
                    return Err(
                        "call return variable is smaller than the callee's return value".into(),
                    );
                }
            }
        }
        t.frames.push(Frame {
            reg_base,
            local_base: local_base as u32,
            param_base: param_base as u32,
            ret_pc: t.pc + 1,
            call: site,
        });
        t.pc = f.entry_pc;
        Ok(())
    }

    /// Pops the current frame, copying return values to the caller; returns the caller's pc.
    fn ret(&mut self, t: &mut Thread) -> u32 {
        let fr = t.frames.pop().expect("frame");
        let cs = &self.prog.calls[fr.call as usize];
        let caller_base = t.base();
        let caller_pb = t.frames.last().map_or(0, |f| f.param_base) as usize;
        for &(dst, off, size) in &cs.rets {
            let size = size as usize;
            let src = fr.param_base as usize + off as usize;
            match dst {
                CallArg::Param(o) => {
                    let d = caller_pb + o as usize;
                    // Skipped when the caller's `.param` cannot hold the value (checked at the call).
                    if d + size <= fr.param_base as usize && src + size <= t.fparam.len() {
                        t.fparam.copy_within(src..src + size, d);
                    }
                }
                CallArg::Reg(r) => {
                    let v = read_le(&t.fparam, src, size.min(8)).unwrap_or(0);
                    t.regs[caller_base + r as usize] = v;
                }
                CallArg::Imm(_) => {}
            }
        }
        t.regs.truncate(fr.reg_base as usize);
        t.local.truncate(fr.local_base as usize);
        t.fparam.truncate(fr.param_base as usize);
        fr.ret_pc
    }
}

fn out_of_bounds(env: &Env, r: &Region, addr: u64, size: usize) -> String {
    let what = match r {
        Region::Global(i) => format!(
            "allocation `{}` ({} bytes)",
            env.mem.names[*i],
            env.mem.segs[*i].len()
        ),
        Region::Shared => format!("shared memory ({} bytes)", env.shared.len()),
        Region::Local => "local memory".to_string(),
        Region::KParam => "kernel parameters".to_string(),
        Region::FParam => "function parameters".to_string(),
    };
    format!("out-of-bounds {size}-byte access at address {addr:#x} in {what}")
}

/// The value an atomic operation stores.
pub fn atomic(op: AtomOp, ty: Ty, old: u64, b: u64, c: u64) -> u64 {
    let m = alu::mask(ty.bits());
    let mut cc = 0;
    match op {
        AtomOp::Add if ty == Ty::F32 => {
            // atom.add.f32 flushes subnormal inputs and results to zero.
            let f = FMod {
                ftz: true,
                ..Default::default()
            };
            alu::float_op(FloatOp::Add, Ty::F32, f, old, b, 0)
        }
        AtomOp::Add if ty.is_float() => alu::float_op(FloatOp::Add, ty, FMod::default(), old, b, 0),
        AtomOp::Add => old.wrapping_add(b) & m,
        AtomOp::Min | AtomOp::Max if ty.is_float() => {
            let o = if op == AtomOp::Min {
                FloatOp::Min
            } else {
                FloatOp::Max
            };
            alu::float_op(o, ty, FMod::default(), old, b, 0)
        }
        AtomOp::Min => alu::int_op(IntOp::Min, ty, old, b, 0, 0, &mut cc),
        AtomOp::Max => alu::int_op(IntOp::Max, ty, old, b, 0, 0, &mut cc),
        AtomOp::And => old & b & m,
        AtomOp::Or => (old | b) & m,
        AtomOp::Xor => (old ^ b) & m,
        AtomOp::Exch => b & m,
        AtomOp::Cas => {
            if old & m == b & m {
                c & m
            } else {
                old
            }
        }
        AtomOp::Inc => {
            if old & m >= b & m {
                0
            } else {
                (old + 1) & m
            }
        }
        AtomOp::Dec => {
            if old & m == 0 || old & m > b & m {
                b & m
            } else {
                (old - 1) & m
            }
        }
    }
}
