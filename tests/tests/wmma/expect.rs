//! Expected buffers of the WMMA kernels, computed in plain Rust from the launch's inputs:
//! D = A·B + C with each element's products over k added in order as fused multiply-adds
//! (f32 for f16, bf16 and tf32 inputs, whose products f32 holds exactly; f64 for f64),
//! rounded to f16 after each `mma` for an f16 accumulator; integers exactly. Half and
//! TensorFloat-32 conversions are written here from IEEE 754 and the PTX ISA.

use oxicc_emu::{Launch, Outcome};

pub fn input(l: &Launch, name: &str) -> Vec<u8> {
    l.buffers
        .iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("no buffer {name}"))
        .data
        .clone()
}

pub fn u16s(b: &[u8]) -> Vec<u16> {
    b.chunks(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect()
}

pub fn f32s(b: &[u8]) -> Vec<f32> {
    b.chunks(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn f64s(b: &[u8]) -> Vec<f64> {
    b.chunks(8)
        .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn i32s(b: &[u8]) -> Vec<i32> {
    b.chunks(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// IEEE binary16 → binary32 (exact).
pub fn h2f(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0f32 } else { 1.0 };
    let e = ((h >> 10) & 0x1F) as i32;
    let m = (h & 0x3FF) as f32;
    match e {
        0 => sign * m * 2f32.powi(-24),
        31 if m == 0.0 => sign * f32::INFINITY,
        31 => f32::NAN,
        _ => sign * (1.0 + m / 1024.0) * 2f32.powi(e - 15),
    }
}

/// binary32 → binary16, to nearest even.
pub fn f2h(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xFF) as i32;
    let man = b & 0x7F_FFFF;
    if exp == 255 {
        return sign | 0x7C00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 112;
    let round =
        |q: u32, rem: u32, half: u32| q + (rem > half || (rem == half && q & 1 == 1)) as u32;
    if e >= 31 {
        return sign | 0x7C00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let q = round(m >> shift, m & ((1 << shift) - 1), 1 << (shift - 1));
        return sign | q as u16;
    }
    let q = round(((e as u32) << 10) | (man >> 13), man & 0x1FFF, 0x1000);
    if q >= 0x7C00 {
        return sign | 0x7C00;
    }
    sign | q as u16
}

pub fn bf2f(h: u16) -> f32 {
    f32::from_bits((h as u32) << 16)
}

/// `cvt.rna.tf32.f32`: 10 mantissa bits, ties away from zero.
pub fn tf32(x: f32) -> f32 {
    let b = x.to_bits();
    if b & 0x7F80_0000 == 0x7F80_0000 {
        return x;
    }
    f32::from_bits((b & 0x8000_0000) | (((b & 0x7FFF_FFFF) + 0x1000) & !0x1FFF))
}

pub fn compare(o: &Outcome, name: &str, want: &[u8], elem: usize) -> Result<(), String> {
    let got = &o
        .buffer(name)
        .ok_or_else(|| format!("no output buffer {name}"))?
        .data;
    if got.len() != want.len() {
        return Err(format!(
            "{name}: {} bytes, expected {}",
            got.len(),
            want.len()
        ));
    }
    for (k, (g, w)) in got.chunks(elem).zip(want.chunks(elem)).enumerate() {
        if g != w {
            return Err(format!("{name}[{k}] = {g:02x?}, expected {w:02x?}"));
        }
    }
    Ok(())
}

pub fn bytes_f32(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Sums `a(r, k) * b(k, n)` over `ks` onto `acc` as f32 fused multiply-adds.
pub fn dot32(
    acc: f32,
    ks: std::ops::Range<usize>,
    a: impl Fn(usize) -> f32,
    b: impl Fn(usize) -> f32,
) -> f32 {
    ks.fold(acc, |acc, k| a(k).mul_add(b(k), acc))
}

pub fn check(name: &str, l: &Launch, o: &Outcome) -> Result<(), String> {
    match name {
        "wmma_f16" => f16_f32(l, o),
        "wmma_f16acc" => f16_f16(l, o),
        "wmma_bf16" => bf16(l, o),
        "wmma_tf32" => tf32_kernel(l, o),
        "wmma_u8" => u8_kernel(l, o),
        "wmma_f64" => f64_kernel(l, o),
        "wmma_m32n8k16" => shape_kernel(l, o, 32, 8),
        "wmma_m8n32k16" => shape_kernel(l, o, 8, 32),
        "wmma_sizes" => sizes(o),
        _ => Err(format!("no expectation for kernel {name}")),
    }
}

fn f16_f32(l: &Launch, o: &Outcome) -> Result<(), String> {
    let a: Vec<f32> = u16s(&input(l, "a")).into_iter().map(h2f).collect();
    let b: Vec<f32> = u16s(&input(l, "b")).into_iter().map(h2f).collect();
    let c = f32s(&input(l, "c"));
    let mut d = vec![0f32; 512];
    let mut d_col = vec![0f32; 512];
    for w in 0..2 {
        for r in 0..16 {
            for n in 0..16 {
                let acc = dot32(
                    c[w * 256 + r * 16 + n],
                    0..32,
                    |k| a[(w * 16 + r) * 32 + k],
                    |k| b[n * 32 + k],
                );
                d[w * 256 + r * 16 + n] = acc * 2.0;
                d_col[w * 256 + n * 16 + r] = acc * 2.0;
            }
        }
    }
    compare(o, "d", &bytes_f32(&d), 4)?;
    compare(o, "d_col", &bytes_f32(&d_col), 4)
}

fn f16_f16(l: &Launch, o: &Outcome) -> Result<(), String> {
    let a: Vec<f32> = u16s(&input(l, "a")).into_iter().map(h2f).collect();
    let b: Vec<f32> = u16s(&input(l, "b")).into_iter().map(h2f).collect();
    let mut d = vec![0u16; 256];
    for r in 0..16 {
        for n in 0..16 {
            let mut acc = f2h(0.75);
            for step in [0..16, 16..32] {
                // A column-major (ld 16), B row-major (ld 16).
                acc = f2h(dot32(h2f(acc), step, |k| a[k * 16 + r], |k| b[k * 16 + n]));
            }
            d[r * 16 + n] = acc;
        }
    }
    let want: Vec<u8> = d.iter().flat_map(|x| x.to_le_bytes()).collect();
    compare(o, "d", &want, 2)
}

fn bf16(l: &Launch, o: &Outcome) -> Result<(), String> {
    let a: Vec<f32> = u16s(&input(l, "a")).into_iter().map(bf2f).collect();
    let b: Vec<f32> = u16s(&input(l, "b")).into_iter().map(bf2f).collect();
    let mut d = vec![0f32; 256];
    for r in 0..16 {
        for n in 0..16 {
            d[r * 16 + n] = dot32(0.0, 0..16, |k| a[r * 16 + k], |k| b[n * 16 + k]);
        }
    }
    compare(o, "d", &bytes_f32(&d), 4)
}

fn tf32_kernel(l: &Launch, o: &Outcome) -> Result<(), String> {
    let a: Vec<f32> = f32s(&input(l, "a")).into_iter().map(tf32).collect();
    let b: Vec<f32> = f32s(&input(l, "b")).into_iter().map(tf32).collect();
    let c = f32s(&input(l, "c"));
    let mut d = vec![0f32; 256];
    for r in 0..16 {
        for n in 0..16 {
            // C and D column-major.
            d[n * 16 + r] = dot32(c[n * 16 + r], 0..8, |k| a[r * 8 + k], |k| b[n * 8 + k]);
        }
    }
    compare(o, "d", &bytes_f32(&d), 4)
}

fn u8_kernel(l: &Launch, o: &Outcome) -> Result<(), String> {
    let a = input(l, "a");
    let b = input(l, "b");
    let c = i32s(&input(l, "c"));
    let mut d = vec![0i32; 256];
    for r in 0..16 {
        for n in 0..16 {
            d[r * 16 + n] = (0..16).fold(c[r * 16 + n], |acc, k| {
                acc.wrapping_add(a[r * 16 + k] as i32 * b[n * 16 + k] as i32)
            });
        }
    }
    let want: Vec<u8> = d.iter().flat_map(|x| x.to_le_bytes()).collect();
    compare(o, "d", &want, 4)
}

fn f64_kernel(l: &Launch, o: &Outcome) -> Result<(), String> {
    let a = f64s(&input(l, "a"));
    let b = f64s(&input(l, "b"));
    let c = f64s(&input(l, "c"));
    let mut d = vec![0f64; 64];
    for r in 0..8 {
        for n in 0..8 {
            d[r * 8 + n] = (0..8).fold(c[r * 8 + n], |acc, k| {
                a[r * 8 + k].mul_add(b[n * 8 + k], acc)
            });
        }
    }
    let want: Vec<u8> = d.iter().flat_map(|x| x.to_le_bytes()).collect();
    compare(o, "d", &want, 8)
}

/// Element (`r`, `c`) of a `rows`×`cols` matrix stored row- or column-major (packed).
fn at<T: Copy>(v: &[T], r: usize, c: usize, rows: usize, cols: usize, row_major: bool) -> T {
    if row_major {
        v[r * cols + c]
    } else {
        v[c * rows + r]
    }
}

/// `wmma_m32n8k16.cu` / `wmma_m8n32k16.cu`: an `m`×`n`×16 product for each type, with the
/// layouts the kernel uses (A `m`×16, B 16×`n`, packed).
fn shape_kernel(l: &Launch, o: &Outcome, m: usize, n: usize) -> Result<(), String> {
    const K: usize = 16;
    let a: Vec<f32> = u16s(&input(l, "a")).into_iter().map(h2f).collect();
    let b: Vec<f32> = u16s(&input(l, "b")).into_iter().map(h2f).collect();
    let ab: Vec<f32> = u16s(&input(l, "ab")).into_iter().map(bf2f).collect();
    let bb: Vec<f32> = u16s(&input(l, "bb")).into_iter().map(bf2f).collect();
    let ai: Vec<i32> = input(l, "ai").into_iter().map(|x| x as i8 as i32).collect();
    let bi: Vec<i32> = input(l, "bi").into_iter().map(|x| x as i8 as i32).collect();
    let au: Vec<i32> = input(l, "au").into_iter().map(i32::from).collect();
    let bu: Vec<i32> = input(l, "bu").into_iter().map(i32::from).collect();
    let c = f32s(&input(l, "c"));
    let ci = i32s(&input(l, "ci"));
    let (mut d32, mut d16, mut dbf) = (vec![0f32; m * n], vec![0u16; m * n], vec![0f32; m * n]);
    let (mut ds8, mut du8) = (vec![0i32; m * n], vec![0i32; m * n]);
    let isum = |acc: i32, x: &dyn Fn(usize) -> i32, y: &dyn Fn(usize) -> i32| {
        (0..K).fold(acc, |acc, k| acc.wrapping_add(x(k).wrapping_mul(y(k))))
    };
    for r in 0..m {
        for col in 0..n {
            let row_major = r * n + col;
            let col_major = col * m + r;
            d32[row_major] = dot32(
                at(&c, r, col, m, n, true),
                0..K,
                |k| at(&a, r, k, m, K, true),
                |k| at(&b, k, col, K, n, false),
            );
            d16[col_major] = f2h(dot32(
                0.5,
                0..K,
                |k| at(&a, r, k, m, K, false),
                |k| at(&b, k, col, K, n, true),
            ));
            dbf[col_major] = dot32(
                0.0,
                0..K,
                |k| at(&ab, r, k, m, K, true),
                |k| at(&bb, k, col, K, n, true),
            );
            ds8[row_major] = isum(
                at(&ci, r, col, m, n, false),
                &|k| at(&ai, r, k, m, K, false),
                &|k| at(&bi, k, col, K, n, false),
            );
            du8[row_major] = isum(
                at(&ci, r, col, m, n, true),
                &|k| at(&au, r, k, m, K, true),
                &|k| at(&bu, k, col, K, n, false),
            );
        }
    }
    let ints = |v: &[i32]| -> Vec<u8> { v.iter().flat_map(|x| x.to_le_bytes()).collect() };
    compare(o, "d32", &bytes_f32(&d32), 4)?;
    let halves: Vec<u8> = d16.iter().flat_map(|x| x.to_le_bytes()).collect();
    compare(o, "d16", &halves, 2)?;
    compare(o, "dbf", &bytes_f32(&dbf), 4)?;
    compare(o, "ds8", &ints(&ds8), 4)?;
    compare(o, "du8", &ints(&du8), 4)
}

/// `wmma_sizes.cu`: fragment sizes from PTX's register counts (4 bytes a register), rounded
/// up to the alignment of 8 that nvcc's fragments have; the alignments.
fn sizes(o: &Outcome) -> Result<(), String> {
    let want: [i32; 12] = [32, 32, 32, 8, 16, 8, 32, 16, 32, 8, 8, 8];
    let bytes: Vec<u8> = want.iter().flat_map(|x| x.to_le_bytes()).collect();
    compare(o, "out", &bytes, 4)
}
