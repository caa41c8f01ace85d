//! `mma.sync` and `ldmatrix` reached through inline PTX (issue 13) end to end: every kernel in
//! `tests/kernels/mma_sync/` is compiled by nvcc (sm_80) and by oxicc (sm_80 and sm_90, -O0
//! and -O3); every PTX goes through ptxas, oxicc's `.entry` names must equal nvcc's, and
//! every PTX runs in the interpreter, whose buffers are compared bit for bit with plain Rust.
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
        _ => Err(format!("no expectation for kernel {name}")),
    }
}

/// D (16×8, row-major) = A·B + C over `k` columns of A (row stride `lda`) and rows of B
/// (8 columns), as f32 fused multiply-adds in k order.
fn product(a: &[f32], lda: usize, b: &[f32], c: &[f32], k: usize) -> Vec<f32> {
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
