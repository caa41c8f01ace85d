//! `mma.sync.aligned` and `ldmatrix.sync.aligned` (PTX ISA, "Warp-level matrix multiply-
//! accumulate instructions"), the tensor-core forms that inline PTX reaches.
//!
//! Unlike `wmma`, these instructions publish where each element of a fragment lives: with
//! `g = laneid >> 2` (the group) and `t = laneid % 4` (the thread in the group), element `j`
//! of a lane's fragment (registers in order, low half of a packed register first) is at the
//! (row, column) that [`position`] computes from the PTX ISA's fragment tables. `mma.sync`
//! reuses `wmma.rs`'s collective (gather A, B and C from all 32 lanes, `D = A·B + C` with the
//! same arithmetic, scatter D) with these positions (`WKind::Sync`). Supported: f16 and bf16
//! `m16n8k8`/`m16n8k16` (f32 or f16 accumulators for f16), tf32 `m16n8k4`/`m16n8k8`,
//! s8/u8 `m16n8k16`/`m16n8k32`/`m8n8k16` (s32, `.satfinite`), s4/u4 `m16n8k32`/`m16n8k64`/
//! `m8n8k32`, b1 `m16n8k128`/`m16n8k256`/`m8n8k128` (`.xor.popc`, `.and.popc`), e4m3/e5m2
//! `m16n8k16`/`m16n8k32` (f32 or f16 C and D), f64 `m8n8k4` and (sm_90) `m16n8k4`/`m16n8k8`/
//! `m16n8k16`, and f16 `m8n8k4` (every layout,
//! f16 or f32 C and D): four products, one per quad-pair. The sub-byte layouts are the 8-bit
//! ones with `p` = 8 or 32 elements a register instead of 4 (the ISA's tables for `.s4`/`.b1`
//! are the `.s8` ones with k scaled by the same factor).
//!
//! `ldmatrix.m8n8.x{1,2,4}{.trans}.b16` runs in two steps: each lane of the first 8·num
//! reads the 16-byte row its address names into four staged registers (`WKind::LdRow`, per
//! thread, so address errors name the lane); then the collective (`WKind::Ldmatrix`) gives
//! lane `l`, for matrix `i`, the 32-bit word `l % 4` of row `l / 4`, which lane `8i + l / 4`
//! read — or with `.trans`, the column-`l / 4` elements of rows `2(l % 4)` and `2(l % 4) + 1`.
//! `stmatrix` (sm_90) is the inverse, collective first (`WKind::Stmatrix`: each addressing
//! lane gathers its row), then per thread (`WKind::StRow`: the row to its address).

use crate::exec::{Env, Thread};
use crate::inst::*;
use crate::operands::{space_of, Ctx};
use crate::parse::Operand;
use crate::wmma::{
    fresh, list, parse_shape, stage, unstage, warp_spec, BitOp, WElem, WKind, WmmaSpec,
};
use crate::EmuError;

/// (row, column) of element `j` of lane `lane`'s fragment of matrix `mat` (0 A, 1 B, 2 C/D)
/// of type `ty`.
pub(crate) fn position(
    spec: &WmmaSpec,
    mat: u8,
    ty: WElem,
    lane: usize,
    j: usize,
) -> (usize, usize) {
    if quad_pairs(spec) {
        return quad_pair_position(spec, mat, ty, lane, j);
    }
    let (g, t) = (lane >> 2, lane % 4);
    match (mat, spec.ty) {
        // C and D: two rows (g, g + 8), two adjacent columns each (m8n8: row g only).
        (2, _) => (g + 8 * (j >> 1), 2 * t + (j & 1)),
        // 8-, 4- and 1-bit A: `p` adjacent columns a register (p = 4, 8, 32); registers
        // alternate rows g, g + 8, then the second half of k starts 4p columns on.
        (0, e) if e.per_reg() >= 4 => {
            let p = e.per_reg() as usize;
            let r = j / p;
            (g + 8 * (r & 1), p * t + j % p + 4 * p * (r >> 1))
        }
        // 8-, 4- and 1-bit B: `p` adjacent rows (k) a register, column g; the second
        // register 4p rows on.
        (1, e) if e.per_reg() >= 4 => {
            let p = e.per_reg() as usize;
            (p * t + j % p + 4 * p * (j / p), g)
        }
        // tf32 and f64 A: a0 (g, t), a1 (g + 8, t), a2 (g, t + 4), a3 (g + 8, t + 4), and
        // on in steps of 4 columns (f64 m16n8k16: a4…a7 at t + 8, t + 12; f64 m8n8k4: a0
        // only); B: b_i at (t + 4i, g).
        (0, WElem::Tf32 | WElem::F64) => (g + 8 * (j & 1), t + 4 * (j >> 1)),
        (1, WElem::Tf32 | WElem::F64) => (t + 4 * j, g),
        // 16-bit A: pairs of columns; rows g, g + 8; the second k half after the first.
        (0, _) => (g + 8 * ((j >> 1) & 1), 2 * t + (j & 1) + 8 * (j >> 2)),
        // 16-bit B: pairs of rows (k), column g.
        _ => (2 * t + (j & 1) + 8 * (j >> 1), g),
    }
}

/// Whether the form is f16 `m8n8k4`, four products, one per quad-pair (f64 `m8n8k4` is one
/// product over the warp).
pub(crate) fn quad_pairs(spec: &WmmaSpec) -> bool {
    (spec.m, spec.n, spec.k) == (8, 8, 4) && spec.ty == WElem::F16
}

/// `m8n8k4` (f16 inputs): (row, column) of element `j` of thread `t` (0…7: lanes 4q…4q+3
/// of a quad-pair, then 16+4q…16+4q+3) in its quad-pair's product, per the PTX ISA's tables:
/// A row-major `(t, j)`, column-major `(4·(t>>2) + j, t%4)`; B column-major (k, n) `(j, t)`,
/// row-major `(t%4, 4·(t>>2) + j)`; C/D f16 `(t, j)`; C/D f32 row `(t&1) + (j&2) +
/// 4·(t>>2)`, column `(t&2) + (j&1) + (j&4)`.
fn quad_pair_position(spec: &WmmaSpec, mat: u8, ty: WElem, t: usize, j: usize) -> (usize, usize) {
    let high = t >> 2;
    match mat {
        0 if spec.row => (t, j),
        0 => (4 * high + j, t & 3),
        1 if spec.b_row => (t & 3, 4 * high + j),
        1 => (j, t),
        _ if ty == WElem::F32 => ((t & 1) + (j & 2) + 4 * high, (t & 2) + (j & 1) + (j & 4)),
        _ => (t, j),
    }
}

/// Decodes `mma.sync.aligned.mMnNkK.row.col.dtype.atype.btype.ctype d, a, b, c`.
pub(crate) fn decode_mma(c: &mut Ctx, mods: &[&str], ops: &[Operand]) -> Result<(), EmuError> {
    // `mma.sp` (`.sp`, `.sp::ordered_metadata`): A is 2:4 sparse with a metadata operand.
    if mods.iter().any(|m| *m == "sp" || m.starts_with("sp::")) {
        return Err(c.err("sparse mma (mma.sp) is not supported by the interpreter"));
    }
    let (m, n, k) = mods
        .iter()
        .find_map(|s| parse_shape(s))
        .ok_or_else(|| c.err("mma: no shape (m16n8k16, …)"))?;
    let types: Vec<WElem> = mods.iter().filter_map(|s| WElem::parse(s)).collect();
    let [dty, ab, bty, cty] = types[..] else {
        return Err(c.err("mma: expected four types (d, a, b, c)"));
    };
    let int8 = |e: WElem| matches!(e, WElem::S8 | WElem::U8);
    let int4 = |e: WElem| matches!(e, WElem::S4 | WElem::U4);
    let fp8 = |e: WElem| matches!(e, WElem::E4m3 | WElem::E5m2);
    // (ptxas: in these shapes D and C have one type.) Integer A and B may differ in
    // signedness, fp8 A and B in format.
    let quad_pairs = (m, n, k) == (8, 8, 4) && ab == WElem::F16;
    let f16_or_f32 = |e: WElem| matches!(e, WElem::F16 | WElem::F32);
    let s32 = dty == WElem::S32 && cty == WElem::S32;
    let bop = match (
        mods.contains(&"popc"),
        mods.contains(&"xor"),
        mods.contains(&"and"),
    ) {
        (true, true, false) => Some(BitOp::Xor),
        (true, false, true) => Some(BitOp::And),
        _ => None,
    };
    let supported = match ab {
        // m8n8k4: C and D f16 or f32 in any combination.
        WElem::F16 if quad_pairs => bty == ab && f16_or_f32(dty) && f16_or_f32(cty),
        WElem::F16 => (m, n) == (16, 8) && (k == 8 || k == 16) && dty == cty && bty == ab,
        WElem::Bf16 => (m, n) == (16, 8) && (k == 8 || k == 16) && dty == WElem::F32,
        WElem::Tf32 => (m, n) == (16, 8) && (k == 4 || k == 8) && dty == WElem::F32,
        // m8n8k4 (sm_80) and the sm_90 shapes m16n8k4/k8/k16.
        WElem::F64 => {
            ((m, n, k) == (8, 8, 4) || ((m, n) == (16, 8) && matches!(k, 4 | 8 | 16)))
                && dty == ab
                && cty == ab
        }
        WElem::S8 | WElem::U8 => {
            matches!((m, n, k), (16, 8, 16) | (16, 8, 32) | (8, 8, 16)) && int8(bty) && s32
        }
        WElem::S4 | WElem::U4 => {
            matches!((m, n, k), (16, 8, 32) | (16, 8, 64) | (8, 8, 32)) && int4(bty) && s32
        }
        WElem::B1 => {
            matches!((m, n, k), (16, 8, 128) | (16, 8, 256) | (8, 8, 128)) && s32 && bop.is_some()
        }
        // f32 or (PTX 8.7) f16 accumulators.
        WElem::E4m3 | WElem::E5m2 => {
            (m, n) == (16, 8) && (k == 16 || k == 32) && fp8(bty) && dty == cty && f16_or_f32(dty)
        }
        _ => false,
    };
    let same_kind =
        bty == ab || (int8(ab) && int8(bty)) || (int4(ab) && int4(bty)) || (fp8(ab) && fp8(bty));
    // The layouts of A and B, in that order (only m8n8k4 has any but `.row.col`).
    let layouts: Vec<bool> = mods
        .iter()
        .filter_map(|s| match *s {
            "row" => Some(true),
            "col" => Some(false),
            _ => None,
        })
        .collect();
    let row_col = layouts == [true, false];
    // f64 may name a rounding; only round-to-nearest-even is modelled.
    if mods.iter().any(|m| matches!(*m, "rz" | "rm" | "rp")) {
        return Err(c.err("mma: only the .rn rounding is supported by the interpreter"));
    }
    if !supported || !same_kind || layouts.len() != 2 || !(row_col || quad_pairs) {
        return Err(c.err(format!(
            "this mma form (m{m}n{n}k{k}, {ab:?}) is not supported by the interpreter"
        )));
    }
    if ops.len() < 4 {
        return Err(c.err("mma: expected d, a, b, c"));
    }
    let d = list(c, &ops[0])?;
    let a = list(c, &ops[1])?;
    let b = list(c, &ops[2])?;
    let cc = list(c, &ops[3])?;
    // Each lane holds 1/32 of each matrix (m8n8k4: 1/8 of its quad-pair's).
    let share = if quad_pairs { 8 } else { 32 };
    let regs = |rows: u16, cols: u16, ty: WElem| {
        (rows as usize * cols as usize / share) / ty.per_reg() as usize
    };
    let want = [
        regs(m, n, dty),
        regs(m, k, ab),
        regs(k, n, bty),
        regs(m, n, cty),
    ];
    if [d.len(), a.len(), b.len(), cc.len()] != want {
        return Err(c.err(format!(
            "mma: register lists of {}, {}, {}, {} registers, expected {want:?}",
            d.len(),
            a.len(),
            b.len(),
            cc.len()
        )));
    }
    let spec = WmmaSpec {
        kind: WKind::Sync,
        m,
        n,
        k,
        row: layouts[0],
        b_row: layouts[1],
        ty: ab,
        bty,
        cty,
        dty,
        sat: mods.contains(&"satfinite"),
        bop,
        na: a.len() as u8,
        nb: b.len() as u8,
        nc: cc.len() as u8,
        nd: d.len() as u8,
    };
    let reg_ty = |e: WElem| if e == WElem::F64 { Ty::B64 } else { Ty::B32 };
    let first_in = stage(c, &a, reg_ty(ab))?;
    stage(c, &b, reg_ty(bty))?;
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

/// What `ldmatrix` and `stmatrix` share: the `.x1/.x2/.x4` count, the `m8n8` `.b16`
/// form, the register list (operand `regs`) of that many registers and the address
/// (operand `addr`, not frame-relative).
struct M8n8 {
    num: u8,
    regs: Vec<Operand>,
    base: [Src; 4],
    shared: bool,
}

fn decode_m8n8(
    c: &mut Ctx,
    name: &str,
    mods: &[&str],
    ops: &[Operand],
    (addr, regs): (usize, usize),
) -> Result<M8n8, EmuError> {
    let num: u8 = match mods.iter().find(|s| matches!(**s, "x1" | "x2" | "x4")) {
        Some(x) => x[1..].parse().unwrap_or(1),
        None => return Err(c.err(format!("{name}: expected .x1, .x2 or .x4"))),
    };
    if !mods.contains(&"m8n8") || !mods.contains(&"b16") {
        return Err(c.err(format!("{name}: only the m8n8 .b16 form is supported")));
    }
    if ops.len() != 2 {
        return Err(c.err(format!("{name}: expected a register list and an address")));
    }
    let list = list(c, &ops[regs])?;
    if list.len() != num as usize {
        return Err(c.err(format!("{name}: {} registers, expected {num}", list.len())));
    }
    let space = space_of(mods);
    let (abase, aoff, aux, _) = c.addr(&ops[addr], space)?;
    if aux != 0 {
        return Err(c.err(format!("frame-relative {name} addresses are not supported")));
    }
    Ok(M8n8 {
        num,
        regs: list,
        base: [abase, Src::Imm(aoff as u64), Src::Imm(0), Src::Imm(0)],
        shared: space == Space::Shared,
    })
}

/// The collective's spec for an `m8n8` matrix move of `num` 8x8 `.b16` matrices.
fn m8n8_spec(kind: WKind, num: u8) -> WmmaSpec {
    WmmaSpec {
        kind,
        m: 8,
        n: 8,
        k: num as u16,
        row: true,
        b_row: true,
        ty: WElem::F16,
        bty: WElem::F16,
        cty: WElem::F16,
        dty: WElem::F16,
        sat: false,
        bop: None,
        na: num,
        nb: 0,
        nc: 0,
        nd: num,
    }
}

/// Decodes `ldmatrix.sync.aligned.m8n8.x{1,2,4}{.trans}{.shared}.b16 {r…}, [addr]`.
pub(crate) fn decode_ldmatrix(c: &mut Ctx, mods: &[&str], ops: &[Operand]) -> Result<(), EmuError> {
    let m = decode_m8n8(c, "ldmatrix", mods, ops, (1, 0))?;
    let rows = fresh(c, 4);
    let shared = m.shared;
    c.emit(
        Op::Wmma(m8n8_spec(WKind::LdRow { shared }, m.num)),
        [NO_REG; 4],
        m.base,
        0,
        rows,
    );
    let out = fresh(c, m.num as usize);
    let trans = mods.contains(&"trans");
    c.emit(
        Op::Wmma(m8n8_spec(WKind::Ldmatrix { trans }, m.num)),
        [NO_REG; 4],
        [Src::Imm(0); 4],
        rows as i64,
        out,
    );
    unstage(c, &m.regs, out)
}

/// Decodes `stmatrix.sync.aligned.m8n8.x{1,2,4}{.trans}.shared{::cta}.b16 [addr], {r…}`
/// (sm_90): the collective gathers each addressing lane's row into four fresh registers,
/// then every lane writes its row.
pub(crate) fn decode_stmatrix(c: &mut Ctx, mods: &[&str], ops: &[Operand]) -> Result<(), EmuError> {
    let m = decode_m8n8(c, "stmatrix", mods, ops, (0, 1))?;
    let first = stage(c, &m.regs, Ty::B32)?;
    let rows = fresh(c, 4);
    let trans = mods.contains(&"trans");
    c.emit(
        Op::Wmma(m8n8_spec(WKind::Stmatrix { trans }, m.num)),
        [NO_REG; 4],
        [Src::Imm(0); 4],
        first as i64,
        rows,
    );
    let shared = m.shared;
    c.emit(
        Op::Wmma(m8n8_spec(WKind::StRow { shared }, m.num)),
        [NO_REG; 4],
        m.base,
        rows as i64,
        0,
    );
    Ok(())
}

impl Env<'_> {
    /// `ldmatrix`'s first step for one thread: the four words of the row at `addr` into the
    /// registers at `first` (lanes past the `8·num` that supply addresses read nothing).
    pub(crate) fn ldmatrix_row(
        &mut self,
        t: &mut Thread,
        spec: WmmaSpec,
        addr: u64,
        first: u32,
    ) -> Result<(), String> {
        let WKind::LdRow { shared } = spec.kind else {
            return Ok(());
        };
        let lane = t.linear as usize % 32;
        let space = if shared {
            Space::Shared
        } else {
            Space::Generic
        };
        for w in 0..4u32 {
            let v = if lane < 8 * spec.k as usize {
                if !addr.is_multiple_of(16) {
                    return Err(format!(
                        "ldmatrix row address {addr:#x} is not 16-byte aligned"
                    ));
                }
                self.load(t, space, addr + 4 * w as u64, 4)?
            } else {
                0
            };
            t.set(first + w, v);
        }
        Ok(())
    }

    /// `stmatrix`'s second step for one thread: the four gathered words at `first` to the
    /// 16-byte row at `addr` (lanes past the `8·num` that supply addresses write nothing).
    pub(crate) fn stmatrix_row(
        &mut self,
        t: &mut Thread,
        spec: WmmaSpec,
        addr: u64,
        first: u32,
    ) -> Result<(), String> {
        let WKind::StRow { shared } = spec.kind else {
            return Ok(());
        };
        if t.linear as usize % 32 >= 8 * spec.k as usize {
            return Ok(());
        }
        if !addr.is_multiple_of(16) {
            return Err(format!(
                "stmatrix row address {addr:#x} is not 16-byte aligned"
            ));
        }
        let space = if shared {
            Space::Shared
        } else {
            Space::Generic
        };
        for w in 0..4u32 {
            let v = t.src(Src::Reg(first + w));
            self.store(t, space, addr + 4 * w as u64, 4, v & 0xFFFF_FFFF)?;
        }
        Ok(())
    }
}

/// `ldmatrix`'s collective over the 32 lanes of warp `base / 32`.
pub(crate) fn ldmatrix(
    env: &Env,
    threads: &mut [Thread],
    base: usize,
    lanes: &[usize],
) -> Result<(), EmuError> {
    let spec = warp_spec(env, threads, base, lanes, "ldmatrix")?;
    let WKind::Ldmatrix { trans } = spec.kind else {
        return Ok(());
    };
    // rows[lane][w]: word w of the row lane `lane` read.
    let mut rows = [[0u32; 4]; 32];
    for &l in lanes {
        let t = &threads[base + l];
        let off = env.prog.insts[t.pc as usize].off as u32;
        for (w, slot) in rows[l].iter_mut().enumerate() {
            *slot = t.src(Src::Reg(off + w as u32)) as u32;
        }
    }
    let half = |row: usize, col: usize| (rows[row][col / 2] >> (16 * (col % 2))) & 0xFFFF;
    for &l in lanes {
        let t = &mut threads[base + l];
        let aux = env.prog.insts[t.pc as usize].aux;
        let (r, w) = (l / 4, l % 4);
        for m in 0..spec.k as usize {
            let v = if trans {
                half(8 * m + 2 * w, r) | half(8 * m + 2 * w + 1, r) << 16
            } else {
                rows[8 * m + r][w]
            };
            t.set(aux + m as u32, v as u64);
        }
    }
    Ok(())
}

/// `stmatrix`'s collective over the 32 lanes of warp `base / 32`: lane `8m + r` (matrix `m`,
/// row `r`) receives word `w` of its row: register `m` of lane `4r + w`, or with `.trans` the
/// column-`r` elements of fragment rows `2w` and `2w + 1` (the inverse of `ldmatrix`).
pub(crate) fn stmatrix(
    env: &Env,
    threads: &mut [Thread],
    base: usize,
    lanes: &[usize],
) -> Result<(), EmuError> {
    let spec = warp_spec(env, threads, base, lanes, "stmatrix")?;
    let WKind::Stmatrix { trans } = spec.kind else {
        return Ok(());
    };
    // regs[lane][m]: the lane's fragment register of matrix m.
    let mut regs = [[0u32; 4]; 32];
    for &l in lanes {
        let t = &threads[base + l];
        let off = env.prog.insts[t.pc as usize].off as u32;
        for (m, slot) in regs[l].iter_mut().enumerate().take(spec.k as usize) {
            *slot = t.src(Src::Reg(off + m as u32)) as u32;
        }
    }
    // Element (row, col) of matrix m's fragment: lane 4·row + col/2, half col % 2.
    let frag = |m: usize, row: usize, col: usize| {
        (regs[4 * row + col / 2][m] >> (16 * (col % 2))) & 0xFFFF
    };
    for &l in lanes {
        let t = &mut threads[base + l];
        let aux = env.prog.insts[t.pc as usize].aux;
        let (m, r) = (l / 8, l % 8);
        for w in 0..4usize {
            let v = if m >= spec.k as usize {
                0
            } else if trans {
                frag(m, 2 * w, r) | frag(m, 2 * w + 1, r) << 16
            } else {
                regs[4 * r + w][m]
            };
            t.set(aux + w as u32, v as u64);
        }
    }
    Ok(())
}
