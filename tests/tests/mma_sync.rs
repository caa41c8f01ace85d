//! `mma.sync`, `ldmatrix` and `stmatrix` reached through inline PTX (issue 13) end to end:
//! every kernel in `tests/kernels/mma_sync/` is compiled by nvcc (sm_80) and by oxicc (sm_80
//! and sm_90, -O0 and -O3), those of `mma_sync_sm89/` (fp8) by nvcc for sm_89 and by oxicc
//! for sm_89 and sm_90, those of `mma_sync_sm90/` (`stmatrix`) for sm_90; every PTX goes
//! through ptxas, oxicc's `.entry` names must equal nvcc's, and every PTX runs in the
//! interpreter, whose buffers are compared bit for bit with plain Rust.
//!
//! The Rust side places each element by the PTX ISA's fragment tables (written out here
//! once more, independently of the interpreter's `mma_sync.rs`) and computes the products as
//! the interpreter defines them (`docs/emulator.md`: over k in order as f32 fused
//! multiply-adds, rounded to f16 at the end for an f16 accumulator).

use crate::wmma::expect;

use expect::{bf2f, bytes_f32, compare, dot32, f2h, f32s, h2f, input, tf32, u16s};
use oxicc_emu::{Launch, Outcome, RunOptions};
use oxicc_tests::kernels::{compare_folder_with_nvcc, run_ptx};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels/mma_sync")
}

fn dir_of(folder: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("kernels")
        .join(folder)
}

/// The fp8 forms exist from sm_89 on.
#[test]
fn mma_fp8_kernels_match_rust_on_sm_89_and_sm_90() {
    let failures = compare_folder_with_nvcc(
        &dir_of("mma_sync_sm89"),
        &[89],
        &[89, 90],
        &|name, l, ptx| check(name, l, &run_ptx(ptx.text, l, &RunOptions::default())?),
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `stmatrix` and f64 `mma.sync.m16n8k{4,8,16}` exist from sm_90 on.
#[test]
fn sm_90_matrix_kernels_match_rust() {
    let failures =
        compare_folder_with_nvcc(&dir_of("mma_sync_sm90"), &[90], &[90], &|name, l, ptx| {
            check(name, l, &run_ptx(ptx.text, l, &RunOptions::default())?)
        });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn mma_sync_kernels_match_rust_on_nvcc_and_oxicc_ptx() {
    let names = oxicc_tests::kernels::kernel_names_in(&dir());
    assert!(names.len() >= 4, "expected at least 4 mma_sync kernels");
    let failures = compare_folder_with_nvcc(&dir(), &[80], &[80, 90], &|name, l, ptx| {
        check(name, l, &run_ptx(ptx.text, l, &RunOptions::default())?)
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// ldmatrix's own target is sm_75: that kernel also runs there.
#[test]
fn ldmatrix_runs_on_sm_75() {
    let failures =
        oxicc_tests::kernels::compare_with_nvcc(&dir(), "ldmatrix", &[75], &[75], &mut |ptx| {
            let l = oxicc_tests::kernels::launch_in(&dir(), "ldmatrix");
            check(
                "ldmatrix",
                &l,
                &run_ptx(ptx.text, &l, &RunOptions::default())?,
            )
        });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn check(name: &str, l: &Launch, o: &Outcome) -> Result<(), String> {
    match name {
        "mma_f16" => mma_f16(l, o),
        "mma_bf16_tf32" => mma_bf16_tf32(l, o),
        "ldmatrix" => ldmatrix(l, o),
        "mma_gemm32" => gemm32(l, o),
        "mma_f16_accs" => f16_accs(l, o),
        "mma_int8" => int8(l, o),
        "mma_m8n8k4" => m8n8k4(l, o),
        "mma_fp8" => fp8(l, o),
        "stmatrix" => stmatrix(l, o),
        "mma_subbyte" => crate::mma_sync_forms::subbyte(l, o),
        "mma_f64" => crate::mma_sync_forms::f64_m8n8k4(l, o),
        "mma_f64_m16n8" => crate::mma_sync_forms::f64_m16n8(l, o),
        "mma_fp8_k16" => crate::mma_sync_forms::fp8_k16(l, o),
        _ => Err(format!("no expectation for kernel {name}")),
    }
}

/// D (16×8, row-major) = A·B + C over `k` columns of A (row stride `lda`) and rows of B
/// (8 columns), as f32 fused multiply-adds in k order.
pub(crate) fn product(a: &[f32], lda: usize, b: &[f32], c: &[f32], k: usize) -> Vec<f32> {
    (0..128)
        .map(|at| {
            let (r, n) = (at / 8, at % 8);
            dot32(c[at], 0..k, |kk| a[r * lda + kk], |kk| b[kk * 8 + n])
        })
        .collect()
}

fn mma_f16(l: &Launch, o: &Outcome) -> Result<(), String> {
    let ab = u16s(&input(l, "a"));
    let bb = u16s(&input(l, "b"));
    let a: Vec<f32> = ab.iter().copied().map(h2f).collect();
    let b: Vec<f32> = bb.iter().copied().map(h2f).collect();
    let c = f32s(&input(l, "c"));
    let d = bytes_f32(&product(&a, 16, &b, &c, 16));
    compare(o, "d_ld", &d, 4)?;
    compare(o, "d_hand", &d, 4)?;
    let ch: Vec<f32> = u16s(&input(l, "ch")).into_iter().map(h2f).collect();
    let dh: Vec<u8> = product(&a, 16, &b, &ch, 8)
        .into_iter()
        .flat_map(|x| f2h(x).to_le_bytes())
        .collect();
    compare(o, "dh", &dh, 2)?;
    // The fragments ldmatrix delivered: A's a0…a7 and B's b0…b3 by the PTX ISA's tables.
    let pack = |lo: u16, hi: u16| lo as u32 | (hi as u32) << 16;
    let mut frag = Vec::new();
    for lane in 0..32 {
        let (g, t) = (lane / 4, lane % 4);
        for reg in 0..4 {
            let (row, col) = (g + 8 * (reg % 2), 2 * t + 8 * (reg / 2));
            frag.push(pack(ab[row * 16 + col], ab[row * 16 + col + 1]));
        }
        for reg in 0..2 {
            let k = 2 * t + 8 * reg;
            frag.push(pack(bb[k * 8 + g], bb[(k + 1) * 8 + g]));
        }
    }
    let want: Vec<u8> = frag.iter().flat_map(|x| x.to_le_bytes()).collect();
    compare(o, "frag", &want, 4)
}

fn mma_bf16_tf32(l: &Launch, o: &Outcome) -> Result<(), String> {
    let a: Vec<f32> = u16s(&input(l, "a")).into_iter().map(bf2f).collect();
    let b: Vec<f32> = u16s(&input(l, "b")).into_iter().map(bf2f).collect();
    let af: Vec<f32> = f32s(&input(l, "af")).into_iter().map(tf32).collect();
    let bf: Vec<f32> = f32s(&input(l, "bf")).into_iter().map(tf32).collect();
    let c = f32s(&input(l, "c"));
    compare(o, "d16", &bytes_f32(&product(&a, 16, &b, &c, 16)), 4)?;
    compare(o, "d8", &bytes_f32(&product(&a, 16, &b, &c, 8)), 4)?;
    compare(o, "dt8", &bytes_f32(&product(&af, 8, &bf, &c, 8)), 4)?;
    compare(o, "dt4", &bytes_f32(&product(&af, 8, &bf, &c, 4)), 4)
}

/// `out[form][lane][reg]` for the forms x1, x1.trans, x2, x2.trans, x4, x4.trans: matrix `m`
/// has as row `r` the table row whose address lane `8m + r` supplied, `(5(8m + r) + 3) mod
/// 32`; lane `l` receives elements (l/4, 2(l%4)) and (l/4, 2(l%4)+1) of each matrix, or of
/// its transpose with `.trans`.
fn ldmatrix(l: &Launch, o: &Outcome) -> Result<(), String> {
    let table = u16s(&input(l, "table"));
    let elem = |m: usize, r: usize, c: usize| table[((5 * (8 * m + r) + 3) % 32) * 8 + c] as u32;
    let mut want = vec![0u32; 6 * 32 * 4];
    for (f, (num, trans)) in [
        (1, false),
        (1, true),
        (2, false),
        (2, true),
        (4, false),
        (4, true),
    ]
    .into_iter()
    .enumerate()
    {
        for lane in 0..32 {
            let (r, w) = (lane / 4, lane % 4);
            for m in 0..num {
                want[(f * 32 + lane) * 4 + m] = if trans {
                    elem(m, 2 * w, r) | elem(m, 2 * w + 1, r) << 16
                } else {
                    elem(m, r, 2 * w) | elem(m, r, 2 * w + 1) << 16
                };
            }
        }
    }
    let bytes: Vec<u8> = want.iter().flat_map(|x| x.to_le_bytes()).collect();
    compare(o, "out", &bytes, 4)
}

/// `mma_gemm32.cu`: D = A·B (32×32×32); the two k-steps continue one accumulator, so each
/// element is the fused multiply-adds over k = 0…31 in order.
fn gemm32(l: &Launch, o: &Outcome) -> Result<(), String> {
    let a: Vec<f32> = u16s(&input(l, "a")).into_iter().map(h2f).collect();
    let b: Vec<f32> = u16s(&input(l, "b")).into_iter().map(h2f).collect();
    let d: Vec<f32> = (0..1024)
        .map(|at| {
            let (r, c) = (at / 32, at % 32);
            dot32(0.0, 0..32, |k| a[r * 32 + k], |k| b[k * 32 + c])
        })
        .collect();
    compare(o, "d", &bytes_f32(&d), 4)
}

/// `mma_f16_accs.cu`: m16n8k16 with f16 C and D (C widened exactly, D rounded once at the
/// end) and m16n8k8 with f32 C and D.
fn f16_accs(l: &Launch, o: &Outcome) -> Result<(), String> {
    let a: Vec<f32> = u16s(&input(l, "a")).into_iter().map(h2f).collect();
    let b: Vec<f32> = u16s(&input(l, "b")).into_iter().map(h2f).collect();
    let ch: Vec<f32> = u16s(&input(l, "ch")).into_iter().map(h2f).collect();
    let cf = f32s(&input(l, "cf"));
    let halves =
        |v: Vec<f32>| -> Vec<u8> { v.into_iter().flat_map(|x| f2h(x).to_le_bytes()).collect() };
    compare(o, "dhh", &halves(product(&a, 16, &b, &ch, 16)), 2)?;
    compare(o, "dfh", &bytes_f32(&product(&a, 16, &b, &cf, 8)), 4)
}

pub(crate) fn words(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

pub(crate) fn bytes_u32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// D (`m`×8, row-major s32) = A·B + C over `k` with A's bytes signed when `a_signed`, B's
/// when `b_signed`; exact, then wrapped to 32 bits or (`sat`) clamped.
#[allow(clippy::too_many_arguments)]
fn int_product(
    a: &[u8],
    b: &[u8],
    c: &[i32],
    m: usize,
    k: usize,
    a_signed: bool,
    b_signed: bool,
    sat: bool,
) -> Vec<u32> {
    let val = |x: u8, signed: bool| if signed { x as i8 as i64 } else { x as i64 };
    (0..m * 8)
        .map(|at| {
            let (r, n) = (at / 8, at % 8);
            let acc = c[at] as i64
                + (0..k)
                    .map(|kk| val(a[r * 32 + kk], a_signed) * val(b[kk * 8 + n], b_signed))
                    .sum::<i64>();
            if sat {
                acc.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32
            } else {
                acc as i32 as u32
            }
        })
        .collect()
}

/// `mma_int8.cu`: m16n8k16 s8×s8, m16n8k32 u8×s8, m8n8k16 s8×u8 (rows 0…7), and m16n8k32
/// s8×s8 `.satfinite` from accumulators `INT_MAX - (c & 0xFFFF)` (odd columns) and
/// `-INT_MAX + (c & 0xFFFF)` (even columns).
fn int8(l: &Launch, o: &Outcome) -> Result<(), String> {
    let (a, b) = (input(l, "a"), input(l, "b"));
    let c: Vec<i32> = words(&input(l, "c"))
        .into_iter()
        .map(|x| x as i32)
        .collect();
    compare(
        o,
        "d16",
        &bytes_u32(&int_product(&a, &b, &c, 16, 16, true, true, false)),
        4,
    )?;
    compare(
        o,
        "d32",
        &bytes_u32(&int_product(&a, &b, &c, 16, 32, false, true, false)),
        4,
    )?;
    compare(
        o,
        "d8",
        &bytes_u32(&int_product(&a, &b, &c, 8, 16, true, false, false)),
        4,
    )?;
    let cs: Vec<i32> = c
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            if i % 2 == 1 {
                i32::MAX - (v & 0xFFFF)
            } else {
                -i32::MAX + (v & 0xFFFF)
            }
        })
        .collect();
    let sat = int_product(&a, &b, &cs, 16, 32, true, true, true);
    if !sat
        .iter()
        .any(|&x| x == i32::MAX as u32 || x == i32::MIN as u32)
    {
        return Err("the .satfinite inputs never saturate".into());
    }
    compare(o, "dsat", &bytes_u32(&sat), 4)
}

/// An E4M3 byte's value (bias 7, subnormals below exponent 1; the kernel masks NaNs out).
pub(crate) fn e4m3(v: u8) -> f32 {
    let (e, m) = (((v >> 3) & 15) as i32, (v & 7) as f32);
    let mag = if e == 0 {
        m * 2f32.powi(-9)
    } else {
        (1.0 + m / 8.0) * 2f32.powi(e - 7)
    };
    if v & 0x80 != 0 {
        -mag
    } else {
        mag
    }
}

/// An E5M2 byte's value (bias 15; the kernel masks infinities and NaNs out).
pub(crate) fn e5m2(v: u8) -> f32 {
    let (e, m) = (((v >> 2) & 31) as i32, (v & 3) as f32);
    let mag = if e == 0 {
        m * 2f32.powi(-16)
    } else {
        (1.0 + m / 4.0) * 2f32.powi(e - 15)
    };
    if v & 0x80 != 0 {
        -mag
    } else {
        mag
    }
}

/// `mma_fp8.cu`: m16n8k32 with A as E4M3 (bytes & 0xF7) or E5M2 (bytes & 0xFB), B as E4M3
/// (bytes & 0xF7); products exact in f32, summed as fused multiply-adds in k order.
fn fp8(l: &Launch, o: &Outcome) -> Result<(), String> {
    let (a, b) = (input(l, "a"), input(l, "b"));
    let bv: Vec<f32> = b.iter().map(|&x| e4m3(x & 0xF7)).collect();
    let c = f32s(&input(l, "c"));
    let a4: Vec<f32> = a.iter().map(|&x| e4m3(x & 0xF7)).collect();
    let a5: Vec<f32> = a.iter().map(|&x| e5m2(x & 0xFB)).collect();
    let sanity = a4.iter().chain(&a5).chain(&bv).all(|x| x.is_finite());
    if !sanity {
        return Err("an fp8 input is not finite".into());
    }
    compare(o, "d44", &bytes_f32(&product(&a4, 32, &bv, &c, 32)), 4)?;
    compare(o, "d54", &bytes_f32(&product(&a5, 32, &bv, &c, 32)), 4)
}

/// `stmatrix.cu`: six tables (x1, x1.trans, x2, x2.trans, x4, x4.trans) of 32 rows of four
/// words. Lane `8m + r` (r < 8) names table row `(5(8m + r) + 3) mod 32` for row `r` of
/// matrix `m`, which is the fragment's row `r` (words: register `m` of lanes `4r…4r+3`) or,
/// with `.trans`, its column `r`. Fragment element (row, col) of matrix `m` is half
/// `col % 2` of register `m` of lane `4·row + col/2`; unnamed rows stay zero.
fn stmatrix(l: &Launch, o: &Outcome) -> Result<(), String> {
    let regs = words(&input(l, "in"));
    let reg = |lane: usize, m: usize| regs[4 * lane + m];
    let frag =
        |m: usize, row: usize, col: usize| (reg(4 * row + col / 2, m) >> (16 * (col % 2))) & 0xFFFF;
    let mut want = Vec::new();
    for (num, trans) in [
        (1, false),
        (1, true),
        (2, false),
        (2, true),
        (4, false),
        (4, true),
    ] {
        let mut table = vec![0u32; 128];
        for lane in 0..8 * num {
            let (m, r) = (lane / 8, lane % 8);
            let row = (5 * lane + 3) % 32;
            for w in 0..4 {
                table[row * 4 + w] = if trans {
                    frag(m, 2 * w, r) | frag(m, 2 * w + 1, r) << 16
                } else {
                    reg(4 * r + w, m)
                };
            }
        }
        want.extend(table);
    }
    compare(o, "out", &bytes_u32(&want), 4)
}

/// `mma_m8n8k4.cu`: four independent 8×8×4 products (quad-pair q: A = a[32q…] 8×4, B =
/// b[32q…] 4×8, C = c[64q…] or ch[64q…] 8×8, all row-major), each element C's plus the
/// products over k = 0…3 as f32 fused multiply-adds; `d_cr` rounded to f16 at the end.
fn m8n8k4(l: &Launch, o: &Outcome) -> Result<(), String> {
    let a: Vec<f32> = u16s(&input(l, "a")).into_iter().map(h2f).collect();
    let b: Vec<f32> = u16s(&input(l, "b")).into_iter().map(h2f).collect();
    let c = f32s(&input(l, "c"));
    let ch: Vec<f32> = u16s(&input(l, "ch")).into_iter().map(h2f).collect();
    let products = |c: &[f32]| -> Vec<f32> {
        (0..256)
            .map(|at| {
                let (q, r, n) = (at / 64, at % 64 / 8, at % 8);
                dot32(
                    c[at],
                    0..4,
                    |k| a[32 * q + r * 4 + k],
                    |k| b[32 * q + k * 8 + n],
                )
            })
            .collect()
    };
    compare(o, "d_rc", &bytes_f32(&products(&c)), 4)?;
    let from_halves = products(&ch);
    compare(o, "d_rr", &bytes_f32(&from_halves), 4)?;
    let halves: Vec<u8> = from_halves
        .into_iter()
        .flat_map(|x| f2h(x).to_le_bytes())
        .collect();
    compare(o, "d_cr", &halves, 2)
}
