//! `wmma.load`, `wmma.store` and `wmma.mma` (PTX ISA, warp-level matrix instructions) for
//! the shapes and types CUDA's `mma.h` reaches: f16 and bf16 m16n16k16, m32n8k16 and
//! m8n32k16, tf32 m16n16k8, u8/s8 in the same three shapes with s32 accumulators, f64 m8n8k4.
//!
//! PTX leaves the distribution of a fragment's elements over the warp's lanes opaque, so
//! the interpreter picks one and uses it for all three instructions: lane `l` holds elements
//! `l·E … l·E+E-1` of the matrix in row-major order (E = registers × elements a register
//! packs; low half or byte first), wrapping around when the fragment holds elements repeatedly
//! (f16 A and B: 16 elements a lane, so a 256-element matrix twice and m32n8k16's 128-element
//! B four times). Loads and stores are per
//! thread; `mma` is a warp collective of all 32 lanes that gathers A, B and C, computes
//! `D = A·B + C` and hands each lane its D registers.
//!
//! Arithmetic (the definition the tests' Rust reference follows): for floating-point types
//! each D element starts from C (f16 converted to f32) and adds the products over k in
//! order, each as an f32 `fma` (products of f16, bf16 and tf32 values are exact in f32), then
//! rounds to f16 (to nearest even) for an f16 D; tf32 inputs use their top 19 bits; f64 uses
//! f64 `fma`. Integer products accumulate exactly and wrap to 32 bits (`.satfinite` clamps;
//! single bits add `a XOR b` or `a AND b` instead of the product).
//!
//! An instruction has four sources, so the decoder copies the register lists into
//! consecutive fresh registers (`off`: inputs; `aux`: the outputs, copied to the named
//! registers by `mov`s after the instruction).

use crate::exec::{Env, Thread};
use crate::float::{bf16_to_f32, f16_to_f32, f32_to_f16};
use crate::inst::*;
use crate::operands::{space_of, Ctx};
use crate::parse::Operand;
use crate::EmuError;

/// Element types of fragments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WElem {
    F16,
    Bf16,
    Tf32,
    F32,
    S8,
    U8,
    S32,
    F64,
    /// The 8-bit floats of `mma.sync` on sm_89+ (`fp8.rs` decodes them).
    E4m3,
    E5m2,
    /// The 4-bit integers and single bits of `mma.sync` (sm_75+; eight and 32 a register).
    S4,
    U4,
    B1,
}

/// The bit operation of a single-bit `mma.sync` (`.xor.popc`, `.and.popc`): each product
/// over k is `a XOR b` or `a AND b`, so D counts the set bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BitOp {
    Xor,
    And,
}

impl WElem {
    pub(crate) fn parse(s: &str) -> Option<WElem> {
        Some(match s {
            "f16" => WElem::F16,
            "bf16" => WElem::Bf16,
            "tf32" => WElem::Tf32,
            "f32" => WElem::F32,
            "s8" => WElem::S8,
            "u8" => WElem::U8,
            "s32" => WElem::S32,
            "f64" => WElem::F64,
            "e4m3" => WElem::E4m3,
            "e5m2" => WElem::E5m2,
            "s4" => WElem::S4,
            "u4" => WElem::U4,
            "b1" => WElem::B1,
            _ => return None,
        })
    }
    fn bits(self) -> u32 {
        match self {
            WElem::F16 | WElem::Bf16 => 16,
            WElem::S8 | WElem::U8 | WElem::E4m3 | WElem::E5m2 => 8,
            WElem::F64 => 64,
            WElem::S4 | WElem::U4 => 4,
            WElem::B1 => 1,
            _ => 32,
        }
    }
    /// Elements one register holds.
    pub(crate) fn per_reg(self) -> u32 {
        match self {
            WElem::F64 => 1,
            e => 32 / e.bits(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WKind {
    /// `wmma.load.{a,b,c}` (matrix 0, 1, 2).
    Load(u8),
    Store,
    Mma,
    /// `mma.sync.aligned` (`mma_sync.rs`): the same collective, with PTX's documented
    /// fragment layouts instead of the interpreter's own.
    Sync,
    /// First half of `ldmatrix` (`mma_sync.rs`): each lane reads the 16-byte row its address
    /// names (`shared`: the address is in the shared window) into four staged registers.
    LdRow {
        shared: bool,
    },
    /// Second half of `ldmatrix`: the warp collective that hands the rows' words out.
    Ldmatrix {
        trans: bool,
    },
    /// First half of `stmatrix` (`mma_sync.rs`): the warp collective that gathers, for each
    /// lane that supplies a row address, the four words of its row.
    Stmatrix {
        trans: bool,
    },
    /// Second half of `stmatrix`: each lane writes its gathered row (16 bytes) to its address.
    StRow {
        shared: bool,
    },
}

impl WKind {
    /// Whether the instruction waits for the whole warp.
    pub fn is_collective(self) -> bool {
        matches!(
            self,
            WKind::Mma | WKind::Sync | WKind::Ldmatrix { .. } | WKind::Stmatrix { .. }
        )
    }
}

/// What one `Op::Wmma` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WmmaSpec {
    pub kind: WKind,
    /// The shape (k reaches 256 in single-bit `mma.sync`).
    pub m: u16,
    pub n: u16,
    pub k: u16,
    /// Layout of the memory (load/store) or of A (mma): row-major.
    pub row: bool,
    /// Layout of B (mma).
    pub b_row: bool,
    /// The element type loaded or stored, or A's (mma).
    pub ty: WElem,
    /// B's element type (mma; `mma.sync` may mix `.s8` and `.u8`).
    pub bty: WElem,
    pub cty: WElem,
    pub dty: WElem,
    pub sat: bool,
    /// `.xor.popc` or `.and.popc` (single-bit `mma.sync` only).
    pub bop: Option<BitOp>,
    /// Registers: of the fragment (load/store); of A, B, C and D (mma: A and B differ in
    /// the m32n8k16 and m8n32k16 shapes).
    pub na: u8,
    pub nb: u8,
    pub nc: u8,
    pub nd: u8,
}

pub(crate) fn parse_shape(s: &str) -> Option<(u16, u16, u16)> {
    let rest = s.strip_prefix('m')?;
    let (m, rest) = rest.split_once('n')?;
    let (n, k) = rest.split_once('k')?;
    Some((m.parse().ok()?, n.parse().ok()?, k.parse().ok()?))
}

pub(crate) fn list(c: &Ctx, o: &Operand) -> Result<Vec<Operand>, EmuError> {
    match o {
        Operand::Vector(v) => Ok(v.clone()),
        Operand::Name(_) => Ok(vec![o.clone()]),
        _ => Err(c.err(format!("expected a register list, found {o:?}"))),
    }
}

/// Copies `ops` into consecutive fresh registers; returns the first.
pub(crate) fn stage(c: &mut Ctx, ops: &[Operand], ty: Ty) -> Result<u32, EmuError> {
    let first = c.f.nregs;
    let regs: Vec<u32> = ops.iter().map(|_| c.f.new_temp()).collect();
    for (o, r) in ops.iter().zip(regs) {
        let s = c.src(o, ty)?;
        c.emit(
            Op::Mov,
            [r, NO_REG, NO_REG, NO_REG],
            [s, Src::Imm(0), Src::Imm(0), Src::Imm(0)],
            0,
            0,
        );
    }
    Ok(first)
}

/// Fresh consecutive registers for `n` results; returns the first.
pub(crate) fn fresh(c: &mut Ctx, n: usize) -> u32 {
    let first = c.f.nregs;
    for _ in 0..n {
        c.f.new_temp();
    }
    first
}

/// Copies results from consecutive registers at `first` to the named `dsts`.
pub(crate) fn unstage(c: &mut Ctx, dsts: &[Operand], first: u32) -> Result<(), EmuError> {
    for (k, o) in dsts.iter().enumerate() {
        let d = c.dst(o)?;
        let s = [
            Src::Reg(first + k as u32),
            Src::Imm(0),
            Src::Imm(0),
            Src::Imm(0),
        ];
        c.emit(Op::Mov, [d, NO_REG, NO_REG, NO_REG], s, 0, 0);
    }
    Ok(())
}

/// Registers a fragment of `ty` needs (checked against the operand list).
fn regs_of(m: u16, n: u16, k: u16, mat: u8, ty: WElem) -> u32 {
    // f16 A and B fragments are eight registers in every shape: each element twice for
    // m16n16k16, the smaller of A and B four times for m32n8k16 and m8n32k16.
    if ty == WElem::F16 && mat < 2 {
        return 8;
    }
    let (rows, cols) = dims(m, n, k, mat);
    ((rows * cols) as u32 / 32).div_ceil(ty.per_reg())
}

fn dims(m: u16, n: u16, k: u16, mat: u8) -> (usize, usize) {
    match mat {
        0 => (m as usize, k as usize),
        1 => (k as usize, n as usize),
        _ => (m as usize, n as usize),
    }
}

/// Decodes `wmma.load/store/mma`.
pub(crate) fn decode(c: &mut Ctx, mods: &[&str], ops: &[Operand]) -> Result<(), EmuError> {
    let has = |m: &str| mods.contains(&m);
    let (m, n, k) = mods
        .iter()
        .find_map(|s| parse_shape(s))
        .ok_or_else(|| c.err("wmma: no shape (m16n16k16, …)"))?;
    let types: Vec<WElem> = mods.iter().filter_map(|s| WElem::parse(s)).collect();
    let layouts: Vec<bool> = mods
        .iter()
        .filter_map(|s| match *s {
            "row" => Some(true),
            "col" => Some(false),
            _ => None,
        })
        .collect();
    let supported = matches!(
        (m, n, k),
        (16, 16, 16) | (32, 8, 16) | (8, 32, 16) | (16, 16, 8) | (8, 8, 4)
    );
    if !supported {
        return Err(c.err(format!("wmma shape m{m}n{n}k{k} is not supported")));
    }
    let mut spec = WmmaSpec {
        kind: WKind::Mma,
        m,
        n,
        k,
        row: layouts.first().copied().unwrap_or(true),
        b_row: layouts.get(1).copied().unwrap_or(true),
        ty: WElem::F16,
        bty: WElem::F16,
        cty: WElem::F32,
        dty: WElem::F32,
        sat: has("satfinite"),
        bop: None,
        na: 0,
        nb: 0,
        nc: 0,
        nd: 0,
    };
    let reg_ty = |e: WElem| if e == WElem::F64 { Ty::B64 } else { Ty::B32 };
    if has("load") || has("store") {
        let ty = *types.last().ok_or_else(|| c.err("wmma: no element type"))?;
        let store = has("store");
        let mat = if store {
            2
        } else if has("a") {
            0
        } else if has("b") {
            1
        } else {
            2
        };
        if ops.len() < 2 {
            return Err(c.err("wmma.load/store: expected registers and an address"));
        }
        let (regs_op, addr_op) = if store {
            (&ops[1], &ops[0])
        } else {
            (&ops[0], &ops[1])
        };
        let regs = list(c, regs_op)?;
        let want = regs_of(m, n, k, mat, ty);
        if regs.len() as u32 != want {
            return Err(c.err(format!(
                "wmma: {} registers for this fragment, expected {want}",
                regs.len()
            )));
        }
        spec.kind = if store {
            WKind::Store
        } else {
            WKind::Load(mat)
        };
        spec.ty = ty;
        spec.na = regs.len() as u8;
        let (abase, aoff, aux, _) = c.addr(addr_op, space_of(mods))?;
        if aux != 0 {
            return Err(c.err("frame-relative wmma addresses are not supported"));
        }
        let (rows, cols) = dims(m, n, k, mat);
        let natural = if spec.row { cols } else { rows };
        let stride = match ops.get(2) {
            Some(o) => c.src(o, Ty::U32)?,
            None => Src::Imm(natural as u64),
        };
        let s = [abase, stride, Src::Imm(aoff as u64), Src::Imm(0)];
        if store {
            let first = stage(c, &regs, reg_ty(ty))?;
            c.emit(Op::Wmma(spec), [NO_REG; 4], s, first as i64, 0);
        } else {
            let first = fresh(c, regs.len());
            c.emit(Op::Wmma(spec), [NO_REG; 4], s, 0, first);
            unstage(c, &regs, first)?;
        }
        return Ok(());
    }
    if !has("mma") {
        return Err(c.err("this wmma operation is not supported"));
    }
    // Two types: D and C (f16 A and B); four: D, A, B, C.
    let (dty, ab, cty) = match types[..] {
        [d, cc] => (d, WElem::F16, cc),
        [d, a, _, cc] => (d, a, cc),
        _ => return Err(c.err("wmma.mma: expected two or four types")),
    };
    spec.ty = ab;
    spec.bty = ab;
    spec.cty = cty;
    spec.dty = dty;
    if ops.len() < 4 {
        return Err(c.err("wmma.mma: expected d, a, b, c"));
    }
    let d = list(c, &ops[0])?;
    let a = list(c, &ops[1])?;
    let b = list(c, &ops[2])?;
    let cc = list(c, &ops[3])?;
    let checks = [
        (d.len(), regs_of(m, n, k, 2, dty)),
        (a.len(), regs_of(m, n, k, 0, ab)),
        (b.len(), regs_of(m, n, k, 1, ab)),
        (cc.len(), regs_of(m, n, k, 2, cty)),
    ];
    if checks.iter().any(|(got, want)| *got as u32 != *want) {
        return Err(c.err("wmma.mma: register lists do not match the shape and types"));
    }
    spec.na = a.len() as u8;
    spec.nb = b.len() as u8;
    spec.nc = cc.len() as u8;
    spec.nd = d.len() as u8;
    let first_in = stage(c, &a, reg_ty(ab))?;
    stage(c, &b, reg_ty(ab))?;
    stage(c, &cc, reg_ty(cty))?;
    let first_out = fresh(c, d.len());
    c.emit(
        Op::Wmma(spec),
        [NO_REG; 4],
        [Src::Imm(0); 4],
        first_in as i64,
        first_out,
    );
    unstage(c, &d, first_out)
}

/// The element `j` of a fragment whose registers are `regs`.
fn get(regs: &[u64], ty: WElem, j: usize) -> u64 {
    let per = ty.per_reg() as usize;
    let bits = ty.bits();
    let r = regs[j / per];
    if bits == 64 {
        r
    } else {
        (r >> ((j % per) as u32 * bits)) & ((1u64 << bits) - 1)
    }
}

fn put(regs: &mut [u64], ty: WElem, j: usize, v: u64) {
    let per = ty.per_reg() as usize;
    let bits = ty.bits();
    if bits == 64 {
        regs[j] = v;
        return;
    }
    let sh = (j % per) as u32 * bits;
    let mask = ((1u64 << bits) - 1) << sh;
    regs[j / per] = (regs[j / per] & !mask) | ((v << sh) & mask);
}

/// The matrix position (row, column) of element `j` of lane `lane`.
fn position(
    spec: &WmmaSpec,
    mat: u8,
    ty: WElem,
    nregs: usize,
    lane: usize,
    j: usize,
) -> (usize, usize) {
    if spec.kind == WKind::Sync {
        return crate::mma_sync::position(spec, mat, ty, lane, j);
    }
    let (rows, cols) = dims(spec.m, spec.n, spec.k, mat);
    let e = nregs * ty.per_reg() as usize;
    let idx = (lane * e + j) % (rows * cols);
    (idx / cols, idx % cols)
}

impl Env<'_> {
    /// `wmma.load` / `wmma.store` of one thread: `addr` and `stride` (elements) from the
    /// instruction, registers at `first` in the thread's frame.
    pub(crate) fn wmma_ldst(
        &mut self,
        t: &mut Thread,
        spec: WmmaSpec,
        addr: u64,
        stride: u64,
        first: u32,
    ) -> Result<(), String> {
        let lane = t.linear as usize % 32;
        let n = spec.na as usize;
        let ty = spec.ty;
        let esize = (ty.bits() / 8) as u64;
        let (mat, store) = match spec.kind {
            WKind::Load(m) => (m, false),
            _ => (2, true),
        };
        let mut regs: Vec<u64> = (0..n as u32).map(|k| t.src(Src::Reg(first + k))).collect();
        for j in 0..n * ty.per_reg() as usize {
            let (r, c) = position(&spec, mat, ty, n, lane, j);
            let at = if spec.row {
                r as u64 * stride + c as u64
            } else {
                c as u64 * stride + r as u64
            };
            let a = addr.wrapping_add(at * esize);
            if store {
                self.store(t, Space::Generic, a, esize as usize, get(&regs, ty, j))?;
            } else {
                let v = self.load(t, Space::Generic, a, esize as usize)?;
                put(&mut regs, ty, j, v);
            }
        }
        if !store {
            for (k, v) in regs.into_iter().enumerate() {
                t.set(first + k as u32, v);
            }
        }
        Ok(())
    }
}

/// The value of an A/B/C element as f64 (floats, exact) or as an integer in f64's place.
fn value(ty: WElem, bits: u64) -> f64 {
    match ty {
        WElem::F16 => f16_to_f32(bits as u16) as f64,
        WElem::Bf16 => bf16_to_f32(bits as u16) as f64,
        // TensorFloat-32: the sign, the exponent and the top 10 mantissa bits.
        WElem::Tf32 => f32::from_bits(bits as u32 & 0xFFFF_E000) as f64,
        WElem::F32 => f32::from_bits(bits as u32) as f64,
        WElem::S8 => bits as u8 as i8 as f64,
        WElem::U8 => bits as u8 as f64,
        WElem::S32 => bits as u32 as i32 as f64,
        // Sign-extended from bit 3.
        WElem::S4 => (((bits as u8) << 4) as i8 >> 4) as f64,
        WElem::U4 => (bits & 15) as f64,
        WElem::B1 => (bits & 1) as f64,
        WElem::F64 => f64::from_bits(bits),
        WElem::E4m3 | WElem::E5m2 => {
            f16_to_f32(crate::fp8::to_half(bits as u8, ty == WElem::E5m2, false)) as f64
        }
    }
}

/// The prologue of every warp collective (`wmma.mma`, `mma.sync`, `ldmatrix`'s and
/// `stmatrix`'s exchanges): all 32 lanes of warp `base / 32` must wait at one and the same
/// instruction; returns its spec.
pub(crate) fn warp_spec(
    env: &Env,
    threads: &[Thread],
    base: usize,
    lanes: &[usize],
    what: &str,
) -> Result<WmmaSpec, EmuError> {
    let first = &threads[base + lanes[0]];
    let op = env.prog.insts[first.pc as usize].op;
    let Op::Wmma(spec) = op else {
        return Err(env.fail(first, first.pc, format!("{what}: not a matrix instruction")));
    };
    if lanes.len() != 32 {
        return Err(env.fail(
            first,
            first.pc,
            format!("{what} needs all 32 lanes of the warp"),
        ));
    }
    for &l in lanes {
        let t = &threads[base + l];
        if env.prog.insts[t.pc as usize].op != op {
            return Err(env.fail(
                t,
                t.pc,
                format!("lanes of one warp wait at different {what} instructions"),
            ));
        }
    }
    Ok(spec)
}

/// `wmma.mma` over the 32 lanes of warp `base / 32`: reads every lane's staged A, B, C
/// registers (`off` of its instruction) and writes its D registers (`aux`).
pub(crate) fn mma(
    env: &Env,
    threads: &mut [Thread],
    base: usize,
    lanes: &[usize],
) -> Result<(), EmuError> {
    let spec = warp_spec(env, threads, base, lanes, "wmma.mma")?;
    // `mma.sync.m8n8k4` is four products, one per quad-pair (lanes 4q…4q+3 and
    // 16+4q…16+4q+3, numbered 0…7 in the fragment tables); every other form one product
    // over the warp.
    if spec.kind == WKind::Sync && crate::mma_sync::quad_pairs(&spec) {
        for q in 0..4 {
            let group: Vec<(usize, usize)> = (0..8)
                .map(|t| (t, (t & 3) + 4 * q + 16 * (t >> 2)))
                .collect();
            product(env, threads, base, spec, &group);
        }
    } else {
        let group: Vec<(usize, usize)> = lanes.iter().map(|&l| (l, l)).collect();
        product(env, threads, base, spec, &group);
    }
    Ok(())
}

/// `D = A·B + C` for the threads of `group`, each `(its index in the fragment tables, its
/// lane)`.
fn product(
    env: &Env,
    threads: &mut [Thread],
    base: usize,
    spec: WmmaSpec,
    group: &[(usize, usize)],
) {
    let (m, n, k) = (spec.m as usize, spec.n as usize, spec.k as usize);
    let (na, nb, nc) = (spec.na as usize, spec.nb as usize, spec.nc as usize);
    let mut a = vec![0f64; m * k];
    let mut b = vec![0f64; k * n];
    let mut c = vec![0f64; m * n];
    for &(l, lane) in group {
        let t = &threads[base + lane];
        let i = &env.prog.insts[t.pc as usize];
        let regs: Vec<u64> = (0..(na + nb + nc) as u32)
            .map(|r| t.src(Src::Reg(i.off as u32 + r)))
            .collect();
        let (ra, rest) = regs.split_at(na);
        let (rb, rc) = rest.split_at(nb);
        // Later copies of a duplicated element are the same element: the first one counts.
        for (regs, mat, ty, out, count) in [
            (ra, 0u8, spec.ty, &mut a, na),
            (rb, 1, spec.bty, &mut b, nb),
            (rc, 2, spec.cty, &mut c, nc),
        ] {
            let e = count * ty.per_reg() as usize;
            let (rows, cols) = dims(spec.m, spec.n, spec.k, mat);
            for j in 0..e {
                if l * e + j >= rows * cols {
                    break;
                }
                let (r, cl) = position(&spec, mat, ty, count, l, j);
                out[r * cols + cl] = value(ty, get(regs, ty, j));
            }
        }
    }
    // D = A·B + C, element by element in the documented order.
    let mut d = vec![0u64; m * n];
    for r in 0..m {
        for col in 0..n {
            let cv = c[r * n + col];
            d[r * n + col] = match spec.dty {
                WElem::F64 => {
                    let mut acc = cv;
                    for kk in 0..k {
                        acc = a[r * k + kk].mul_add(b[kk * n + col], acc);
                    }
                    acc.to_bits()
                }
                WElem::S32 => {
                    let mut acc = cv as i64;
                    for kk in 0..k {
                        let (x, y) = (a[r * k + kk] as i64, b[kk * n + col] as i64);
                        acc += match spec.bop {
                            None => x * y,
                            Some(BitOp::And) => x & y,
                            Some(BitOp::Xor) => x ^ y,
                        };
                    }
                    if spec.sat {
                        acc.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32 as u64
                    } else {
                        acc as i32 as u32 as u64
                    }
                }
                dty => {
                    let mut acc = cv as f32;
                    for kk in 0..k {
                        acc = (a[r * k + kk] as f32).mul_add(b[kk * n + col] as f32, acc);
                    }
                    if dty == WElem::F16 {
                        f32_to_f16(acc, Rnd::Rn) as u64
                    } else {
                        acc.to_bits() as u64
                    }
                }
            };
        }
    }
    let nd = spec.nd as usize;
    for &(l, lane) in group {
        let t = &mut threads[base + lane];
        let aux = env.prog.insts[t.pc as usize].aux;
        let mut regs = vec![0u64; nd];
        let e = nd * spec.dty.per_reg() as usize;
        for j in 0..e {
            let (r, cl) = position(&spec, 2, spec.dty, nd, l, j);
            put(&mut regs, spec.dty, j, d[r * n + cl]);
        }
        for (q, v) in regs.into_iter().enumerate() {
            t.set(aux + q as u32, v);
        }
    }
}

/// `cvt.rna.tf32.f32`: to TensorFloat-32 (10 mantissa bits), ties away from zero, kept in
/// f32's layout; NaN and infinity unchanged.
pub fn to_tf32(bits: u32) -> u32 {
    if bits & 0x7F80_0000 == 0x7F80_0000 {
        return bits;
    }
    let sign = bits & 0x8000_0000;
    let mag = ((bits & 0x7FFF_FFFF) + 0x1000) & !0x1FFF;
    sign | mag
}
