//! `mma.sync.aligned` and `ldmatrix.sync.aligned` (PTX ISA, "Warp-level matrix multiply-
//! accumulate instructions"), the tensor-core forms that inline PTX reaches.
//!
//! Unlike `wmma`, these instructions publish where each element of a fragment lives: with
//! `g = laneid >> 2` (the group) and `t = laneid % 4` (the thread in the group), element `j`
//! of a lane's fragment (registers in order, low half of a packed register first) is at the
//! (row, column) that [`position`] computes from the PTX ISA's fragment tables. `mma.sync`
//! reuses `wmma.rs`'s collective (gather A, B and C from all 32 lanes, `D = A·B + C` with the
//! same arithmetic, scatter D) with these positions (`WKind::Sync`). Supported: f16 and bf16
//! `m16n8k8`/`m16n8k16` (f32 or f16 accumulators for f16), tf32 `m16n8k4`/`m16n8k8`.
//!
//! `ldmatrix.m8n8.x{1,2,4}{.trans}.b16` runs in two steps: each lane of the first 8·num
//! reads the 16-byte row its address names into four staged registers (`WKind::LdRow`, per
//! thread, so address errors name the lane); then the collective (`WKind::Ldmatrix`) gives
//! lane `l`, for matrix `i`, the 32-bit word `l % 4` of row `l / 4`, which lane `8i + l / 4`
//! read — or with `.trans`, the column-`l / 4` elements of rows `2(l % 4)` and `2(l % 4) + 1`.

use crate::exec::{Env, Thread};
use crate::inst::*;
use crate::operands::{space_of, Ctx};
use crate::parse::Operand;
use crate::wmma::{fresh, list, parse_shape, stage, unstage, WElem, WKind, WmmaSpec};
use crate::EmuError;

/// (row, column) of element `j` of lane `lane`'s fragment of matrix `mat` (0 A, 1 B, 2 C/D).
pub(crate) fn position(spec: &WmmaSpec, mat: u8, lane: usize, j: usize) -> (usize, usize) {
    let (g, t) = (lane >> 2, lane % 4);
    match (mat, spec.ty) {
        // C and D: two rows (g, g + 8), two adjacent columns each.
        (2, _) => (g + 8 * (j >> 1), 2 * t + (j & 1)),
        // tf32 A: a0 (g, t), a1 (g + 8, t), a2 (g, t + 4), a3 (g + 8, t + 4).
        (0, WElem::Tf32) => (g + 8 * (j & 1), t + 4 * (j >> 1)),
        (1, WElem::Tf32) => (t + 4 * j, g),
        // 16-bit A: pairs of columns; rows g, g + 8; the second k half after the first.
        (0, _) => (g + 8 * ((j >> 1) & 1), 2 * t + (j & 1) + 8 * (j >> 2)),
        // 16-bit B: pairs of rows (k), column g.
        _ => (2 * t + (j & 1) + 8 * (j >> 1), g),
    }
}

/// Decodes `mma.sync.aligned.mMnNkK.row.col.dtype.atype.btype.ctype d, a, b, c`.
pub(crate) fn decode_mma(c: &mut Ctx, mods: &[&str], ops: &[Operand]) -> Result<(), EmuError> {
    let (m, n, k) = mods
        .iter()
        .find_map(|s| parse_shape(s))
        .ok_or_else(|| c.err("mma: no shape (m16n8k16, …)"))?;
    let types: Vec<WElem> = mods.iter().filter_map(|s| WElem::parse(s)).collect();
    let [dty, ab, bty, cty] = types[..] else {
        return Err(c.err("mma: expected four types (d, a, b, c)"));
    };
    // (ptxas: in these shapes D and C have one type.)
    let supported = match ab {
        WElem::F16 => (m, n) == (16, 8) && (k == 8 || k == 16) && dty == cty,
        WElem::Bf16 => (m, n) == (16, 8) && (k == 8 || k == 16) && dty == WElem::F32,
        WElem::Tf32 => (m, n) == (16, 8) && (k == 4 || k == 8) && dty == WElem::F32,
        _ => false,
    };
    if !supported || bty != ab || !mods.contains(&"row") || !mods.contains(&"col") {
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
    // Each lane holds 1/32 of each matrix.
    let regs = |rows: u8, cols: u8, ty: WElem| {
        (rows as usize * cols as usize / 32) / ty.per_reg() as usize
    };
    let want = [
        regs(m, n, dty),
        regs(m, k, ab),
        regs(k, n, ab),
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
        row: true,
        b_row: false,
        ty: ab,
        cty,
        dty,
        sat: false,
        na: a.len() as u8,
        nb: b.len() as u8,
        nc: cc.len() as u8,
        nd: d.len() as u8,
    };
    let first_in = stage(c, &a, Ty::B32)?;
    stage(c, &b, Ty::B32)?;
    stage(c, &cc, Ty::B32)?;
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

/// Decodes `ldmatrix.sync.aligned.m8n8.x{1,2,4}{.trans}{.shared}.b16 {r…}, [addr]`.
pub(crate) fn decode_ldmatrix(c: &mut Ctx, mods: &[&str], ops: &[Operand]) -> Result<(), EmuError> {
    let num: u8 = match mods.iter().find(|s| matches!(**s, "x1" | "x2" | "x4")) {
        Some(x) => x[1..].parse().unwrap_or(1),
        None => return Err(c.err("ldmatrix: expected .x1, .x2 or .x4")),
    };
    if !mods.contains(&"m8n8") || !mods.contains(&"b16") {
        return Err(c.err("ldmatrix: only the m8n8 .b16 form is supported"));
    }
    if ops.len() != 2 {
        return Err(c.err("ldmatrix: expected registers and an address"));
    }
    let dst = list(c, &ops[0])?;
    if dst.len() != num as usize {
        return Err(c.err(format!("ldmatrix: {} registers, expected {num}", dst.len())));
    }
    let space = space_of(mods);
    let (abase, aoff, aux, _) = c.addr(&ops[1], space)?;
    if aux != 0 {
        return Err(c.err("frame-relative ldmatrix addresses are not supported"));
    }
    let spec = |kind| WmmaSpec {
        kind,
        m: 8,
        n: 8,
        k: num,
        row: true,
        b_row: true,
        ty: WElem::F16,
        cty: WElem::F16,
        dty: WElem::F16,
        sat: false,
        na: num,
        nb: 0,
        nc: 0,
        nd: num,
    };
    let rows = fresh(c, 4);
    let s = [abase, Src::Imm(aoff as u64), Src::Imm(0), Src::Imm(0)];
    let shared = space == Space::Shared;
    c.emit(
        Op::Wmma(spec(WKind::LdRow { shared })),
        [NO_REG; 4],
        s,
        0,
        rows,
    );
    let out = fresh(c, num as usize);
    let trans = mods.contains(&"trans");
    c.emit(
        Op::Wmma(spec(WKind::Ldmatrix { trans })),
        [NO_REG; 4],
        [Src::Imm(0); 4],
        rows as i64,
        out,
    );
    unstage(c, &dst, out)
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
}

/// `ldmatrix`'s collective over the 32 lanes of warp `base / 32`.
pub(crate) fn ldmatrix(
    env: &Env,
    threads: &mut [Thread],
    base: usize,
    lanes: &[usize],
) -> Result<(), EmuError> {
    let first = &threads[base + lanes[0]];
    let i0 = &env.prog.insts[first.pc as usize];
    let Op::Wmma(spec) = i0.op else {
        return Ok(());
    };
    let WKind::Ldmatrix { trans } = spec.kind else {
        return Ok(());
    };
    if lanes.len() != 32 {
        return Err(env.fail(first, first.pc, "ldmatrix needs all 32 lanes of the warp"));
    }
    // rows[lane][w]: word w of the row lane `lane` read.
    let mut rows = [[0u32; 4]; 32];
    for &l in lanes {
        let t = &threads[base + l];
        let i = &env.prog.insts[t.pc as usize];
        if i.op != i0.op {
            return Err(env.fail(
                t,
                t.pc,
                "lanes of one warp wait at different ldmatrix instructions",
            ));
        }
        for (w, slot) in rows[l].iter_mut().enumerate() {
            *slot = t.src(Src::Reg(i.off as u32 + w as u32)) as u32;
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
