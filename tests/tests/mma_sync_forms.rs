//! Expected buffers of the `mma.sync` forms added in session 13 (`mma_sync/mma_subbyte.cu`,
//! `mma_sync/mma_f64.cu`, `mma_sync_sm90/mma_f64_m16n8.cu`, `mma_sync_sm89/mma_fp8_k16.cu`), computed in plain Rust from the
//! launch's inputs as ordinary matrix products: the kernels pack fragments by the PTX ISA's
//! tables, so a wrong layout in the interpreter shows as a wrong product here.
//!
//! Arithmetic as the interpreter defines it (`docs/emulator.md`): integers exactly (4-bit
//! values sign-extended from bit 3 for `.s4`), single bits as the count of `a XOR b` or `a
//! AND b` over k; f64 as fused multiply-adds in k order from C; fp8 products as f32 fused
//! multiply-adds in k order, rounded to f16 at the end for an f16 accumulator.

use crate::mma_sync::{bytes_u32, e4m3, e5m2, product, words};
use crate::wmma::expect::{bytes_f32, compare, f2h, f32s, h2f, input, u16s};
use oxicc_emu::{Launch, Outcome};

fn clamp_or_wrap(acc: i64, sat: bool) -> u32 {
    if sat {
        acc.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32
    } else {
        acc as i32 as u32
    }
}

/// The accumulators of the `.satfinite` forms: `INT_MAX - (c & 0xFF)` in odd columns,
/// `-INT_MAX + (c & 0xFF)` in even ones.
fn near_limits(c: &[i32]) -> Vec<i32> {
    c.iter()
        .enumerate()
        .map(|(i, &v)| {
            if i % 2 == 1 {
                i32::MAX - (v & 0xFF)
            } else {
                -i32::MAX + (v & 0xFF)
            }
        })
        .collect()
}

/// `mma_subbyte.cu`: 4-bit products over A (16×64, a byte an element) and B (64×8), and
/// single-bit products over A (16 rows of eight words) and B stored as eight columns of
/// eight words (bit i of word w is k = 32w + i).
pub fn subbyte(l: &Launch, o: &Outcome) -> Result<(), String> {
    let (a4, b4) = (input(l, "a4"), input(l, "b4"));
    let (a1, bt1) = (words(&input(l, "a1")), words(&input(l, "bt1")));
    let c: Vec<i32> = words(&input(l, "c"))
        .into_iter()
        .map(|x| x as i32)
        .collect();
    let nib = |x: u8, signed: bool| {
        if signed {
            ((x << 4) as i8 >> 4) as i64
        } else {
            (x & 15) as i64
        }
    };
    let int4 = |c: &[i32], m: usize, k: usize, sa: bool, sb: bool, sat: bool| -> Vec<u8> {
        let d: Vec<u32> = (0..m * 8)
            .map(|at| {
                let (r, n) = (at / 8, at % 8);
                let sum: i64 = (0..k)
                    .map(|kk| nib(a4[r * 64 + kk], sa) * nib(b4[kk * 8 + n], sb))
                    .sum();
                clamp_or_wrap(c[at] as i64 + sum, sat)
            })
            .collect();
        bytes_u32(&d)
    };
    compare(o, "d4_32", &int4(&c, 16, 32, true, true, false), 4)?;
    compare(o, "d4_64", &int4(&c, 16, 64, false, true, false), 4)?;
    compare(o, "d4_8", &int4(&c, 8, 32, true, false, false), 4)?;
    let cs = near_limits(&c);
    let sat = int4(&cs, 16, 64, true, true, true);
    let sat_words = words(&sat);
    if !sat_words
        .iter()
        .any(|&x| x == i32::MAX as u32 || x == i32::MIN as u32)
    {
        return Err("the .satfinite inputs never saturate".into());
    }
    compare(o, "d4_sat", &sat, 4)?;
    let abit = |r: usize, k: usize| (a1[r * 8 + k / 32] >> (k % 32)) & 1;
    let bbit = |k: usize, n: usize| (bt1[n * 8 + k / 32] >> (k % 32)) & 1;
    let bits = |m: usize, k: usize, xor: bool| -> Vec<u8> {
        let d: Vec<u32> = (0..m * 8)
            .map(|at| {
                let (r, n) = (at / 8, at % 8);
                let count = (0..k)
                    .filter(|&kk| {
                        let (x, y) = (abit(r, kk), bbit(kk, n));
                        if xor {
                            x != y
                        } else {
                            x & y == 1
                        }
                    })
                    .count();
                clamp_or_wrap(c[at] as i64 + count as i64, false)
            })
            .collect();
        bytes_u32(&d)
    };
    compare(o, "d1_xor128", &bits(8, 128, true), 4)?;
    compare(o, "d1_and128", &bits(16, 128, false), 4)?;
    compare(o, "d1_xor256", &bits(16, 256, true), 4)?;
    compare(o, "d1_and256", &bits(16, 256, false), 4)
}

fn f64s(b: &[u8]) -> Vec<f64> {
    b.chunks(8)
        .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn bytes_f64(v: &[f64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// `mma_f64.cu`: D1 = A·B + C, D2 = A·B' + D1 with B' row k = B row 3 - k (8×4, 4×8,
/// 8×8, row-major), each element as f64 fused multiply-adds over k = 0…3 in order.
pub fn f64_m8n8k4(l: &Launch, o: &Outcome) -> Result<(), String> {
    let (a, b, c) = (
        f64s(&input(l, "a")),
        f64s(&input(l, "b")),
        f64s(&input(l, "c")),
    );
    let prod = |c: &[f64], brow: &dyn Fn(usize) -> usize| -> Vec<f64> {
        (0..64)
            .map(|at| {
                let (r, n) = (at / 8, at % 8);
                (0..4).fold(c[at], |acc, k| {
                    a[r * 4 + k].mul_add(b[brow(k) * 8 + n], acc)
                })
            })
            .collect()
    };
    let d1 = prod(&c, &|k| k);
    compare(o, "d1", &bytes_f64(&d1), 8)?;
    compare(o, "d2", &bytes_f64(&prod(&d1, &|k| 3 - k)), 8)
}

/// `mma_f64_m16n8.cu` (sm_90): D_k = A[:, 0..k]·B[0..k, :] + C for k = 4, 8, 16 (A 16×16,
/// B 16×8, C and D 16×8, row-major), each element as f64 fused multiply-adds over k in order.
pub fn f64_m16n8(l: &Launch, o: &Outcome) -> Result<(), String> {
    let (a, b, c) = (
        f64s(&input(l, "a")),
        f64s(&input(l, "b")),
        f64s(&input(l, "c")),
    );
    for (k, name) in [(4, "d4"), (8, "d8"), (16, "d16")] {
        let d: Vec<f64> = (0..128)
            .map(|at| {
                let (r, n) = (at / 8, at % 8);
                (0..k).fold(c[at], |acc, kk| a[r * 16 + kk].mul_add(b[kk * 8 + n], acc))
            })
            .collect();
        compare(o, name, &bytes_f64(&d), 8)?;
    }
    Ok(())
}

/// `mma_fp8_k16.cu`: A 16×16 and B 16×8 bytes; e4m3 (& 0xF7) × e5m2 (& 0xFB) and e5m2 ×
/// e5m2 with f32 C, e4m3 (& 0xB7) × e4m3 (& 0xB7) with f16 C rounded to f16.
pub fn fp8_k16(l: &Launch, o: &Outcome) -> Result<(), String> {
    let (a, b) = (input(l, "a"), input(l, "b"));
    let c = f32s(&input(l, "c"));
    let ch: Vec<f32> = u16s(&input(l, "ch")).into_iter().map(h2f).collect();
    let a4: Vec<f32> = a.iter().map(|&x| e4m3(x & 0xF7)).collect();
    let a5: Vec<f32> = a.iter().map(|&x| e5m2(x & 0xFB)).collect();
    let a4h: Vec<f32> = a.iter().map(|&x| e4m3(x & 0xB7)).collect();
    let b5: Vec<f32> = b.iter().map(|&x| e5m2(x & 0xFB)).collect();
    let b4h: Vec<f32> = b.iter().map(|&x| e4m3(x & 0xB7)).collect();
    compare(o, "d45", &bytes_f32(&product(&a4, 16, &b5, &c, 16)), 4)?;
    compare(o, "d55", &bytes_f32(&product(&a5, 16, &b5, &c, 16)), 4)?;
    let dh = product(&a4h, 16, &b4h, &ch, 16);
    if dh.iter().any(|x| x.abs() >= 65504.0) {
        return Err("an f16 accumulator overflows".into());
    }
    let halves: Vec<u8> = dh.into_iter().flat_map(|x| f2h(x).to_le_bytes()).collect();
    compare(o, "dh44", &halves, 2)
}
