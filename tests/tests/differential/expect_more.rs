//! Expected results of the harness kernels that exercise intrinsics, conversions, atomics and
//! calls (the second half of `expect`), again computed independently in plain Rust.

use super::expect::{close, eq_f32, eq_f64, eq_i32, eq_u32, i32s, input, output, u32s};
use oxicc_emu::{Launch, Outcome};

type Check = Result<(), String>;

pub fn int_bit_ops(l: &Launch, o: &Outcome) -> Check {
    let (a, b) = (u32s(input(l, "a")), u32s(input(l, "b")));
    let mut want = Vec::new();
    for (&x, &y) in a.iter().zip(&b) {
        let bytes = [x.to_le_bytes(), y.to_le_bytes()].concat();
        // __byte_perm(x, y, s): result byte i is byte ((s >> 4i) & 7) of the pair {y:x}.
        let perm = (0..4)
            .map(|i| (bytes[((0x5140u32 >> (4 * i)) & 7) as usize] as u32) << (8 * i))
            .sum::<u32>();
        // __funnelshift_l(lo, hi, s): top 32 bits of (hi:lo) << (s & 31).
        let funnel = (((((y as u64) << 32) | x as u64) << ((y & 63) & 31)) >> 32) as u32;
        want.extend_from_slice(&[
            ((x as u64 * y as u64) >> 32) as u32,
            x.reverse_bits(),
            x.leading_zeros(),
            if x == 0 { 0 } else { x.trailing_zeros() + 1 },
            (x ^ y).count_ones(),
            perm,
            funnel,
            x >> (y & 31),
            ((x as i32) >> (y & 31)) as u32,
            x.checked_div(y).unwrap_or(0),
            x.checked_rem(y).unwrap_or(0),
            (x as i32).wrapping_div((y as i32) | 1) as u32,
        ]);
    }
    eq_u32("out", output(o, "out")?, &want)
}

pub fn float_math(l: &Launch, o: &Outcome) -> Check {
    let (a, b) = (input(l, "a").to_f32(), input(l, "b").to_f32());
    let mut f = Vec::new();
    let mut iv = Vec::new();
    for (&x, &y) in a.iter().zip(&b) {
        f.extend_from_slice(&[
            x / y,
            x.abs().sqrt(),
            x.mul_add(y, 1.0),
            x.min(y),
            x.max(y),
            x.floor(),
            y.ceil(),
            (x * 3.0).trunc(),
        ]);
        // Float-to-int conversions saturate and map NaN to 0 (as Rust's `as` does).
        iv.extend_from_slice(&[
            (x * 1e9) as i32,
            (y * 10.0).round_ties_even() as i32,
            ((x.abs() * 1e3) as u32) as i32,
        ]);
    }
    eq_f32("fout", output(o, "fout")?, &f)?;
    eq_i32("iout", output(o, "iout")?, &iv)
}

pub fn double_math(l: &Launch, o: &Outcome) -> Check {
    let (a, b) = (input(l, "a").to_f64(), input(l, "b").to_f64());
    let mut want = Vec::new();
    for (&x, &y) in a.iter().zip(&b) {
        want.extend_from_slice(&[
            x / y,
            x.abs().sqrt(),
            x.mul_add(y, 0.5),
            (x as f32) as f64,
            ((x * 1e6) as i64) as f64,
        ]);
    }
    eq_f64("out", output(o, "out")?, &want)
}

/// IEEE binary16 from f32, round to nearest even (bit manipulation, independent of the emulator).
fn f32_to_f16(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xFF) as i32;
    let man = b & 0x7F_FFFF;
    if exp == 255 {
        return sign | 0x7C00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 112;
    if e >= 31 {
        return sign | 0x7C00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rem = m & ((1 << shift) - 1);
        let mut r = m >> shift;
        if rem > half || (rem == half && r & 1 == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (man >> 13);
    let rem = man & 0x1FFF;
    if rem > 0x1000 || (rem == 0x1000 && r & 1 == 1) {
        r += 1;
    }
    sign | r as u16
}

fn f16_to_f32(h: u16) -> f32 {
    let s = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = ((h >> 10) & 0x1F) as i32;
    let m = (h & 0x3FF) as f32;
    match e {
        0 => s * m * 2f32.powi(-24),
        31 if m == 0.0 => s * f32::INFINITY,
        31 => f32::NAN,
        _ => s * (1.0 + m / 1024.0) * 2f32.powi(e - 15),
    }
}

pub fn half_convert(l: &Launch, o: &Outcome) -> Check {
    let x = input(l, "in").to_f32();
    let mut f = Vec::new();
    let mut bits = Vec::new();
    for &v in &x {
        let h = f32_to_f16(v);
        // __hadd: the sum of two halves is exact in f32, then rounds once to half.
        let s = f32_to_f16(f16_to_f32(h) + 1.0);
        f.extend_from_slice(&[f16_to_f32(h), f16_to_f32(s)]);
        bits.push(h as u32);
    }
    eq_f32("out", output(o, "out")?, &f)?;
    eq_u32("bits", output(o, "bits")?, &bits)
}

/// Tolerances from the PTX ISA's documented bounds for the `.approx` instructions, widened by
/// the rounding of the argument scaling that the CUDA intrinsics add:
/// sin/cos.approx: absolute error 2^-20.9 on [-pi, pi]; ex2.approx: 2 ulp (plus the rounding
/// of x*log2(e), relative |x|*ln2*2^-24); lg2.approx: absolute 2^-22.6 (times ln2 for __logf);
/// div.approx (__fdividef): 2 ulp; rsqrt.approx: relative 2^-22.9.
pub fn fast_math_approx(l: &Launch, o: &Outcome) -> Check {
    let x = input(l, "in").to_f32();
    let out = output(o, "out")?.to_f32();
    let ulp = 2f64.powi(-23);
    for (k, &v) in x.iter().enumerate() {
        let v64 = v as f64;
        let g = &out[6 * k..6 * k + 6];
        close(
            &format!("__sinf({v})"),
            g[0],
            v64.sin(),
            2f64.powi(-20),
            0.0,
        )?;
        close(
            &format!("__cosf({v})"),
            g[1],
            v64.cos(),
            2f64.powi(-20),
            0.0,
        )?;
        close(
            &format!("__expf({v})"),
            g[2],
            v64.exp(),
            0.0,
            2.0 * ulp + v64.abs() * 2f64.powi(-24) + ulp,
        )?;
        close(
            &format!("__logf({v})"),
            g[3],
            (v64.abs() + 1.0).ln(),
            2f64.powi(-22),
            2.0 * ulp,
        )?;
        close(
            &format!("__fdividef({v}, 3)"),
            g[4],
            v64 / 3.0,
            0.0,
            2.0 * ulp,
        )?;
        close(
            &format!("rsqrtf({v})"),
            g[5],
            1.0 / (v64.abs() + 0.5).sqrt(),
            0.0,
            2f64.powi(-22),
        )?;
    }
    Ok(())
}

fn fib(k: u32) -> u32 {
    if k < 2 {
        k
    } else {
        fib(k - 1) + fib(k - 2)
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

pub fn recursive_call(l: &Launch, o: &Outcome) -> Check {
    let a = u32s(input(l, "a"));
    let want: Vec<u32> = a
        .iter()
        .enumerate()
        .flat_map(|(i, &x)| [fib(i as u32 % 15), gcd(x, 360)])
        .collect();
    eq_u32("out", output(o, "out")?, &want)
}

pub fn atomics_mix(l: &Launch, o: &Outcome) -> Check {
    let v = i32s(input(l, "in"));
    let n = v.len() as u32;
    let sum = v.iter().fold(0i32, |a, b| a.wrapping_add(*b));
    let r = [
        sum,
        sum.wrapping_neg(),
        *v.iter().min().unwrap_or(&i32::MAX),
        *v.iter().max().unwrap_or(&i32::MIN),
    ];
    eq_i32("r", output(o, "r")?, &r)?;
    let bits: u32 = (0..n).fold(0, |m, i| m | 1 << (i & 31));
    let xor = v.iter().fold(0u32, |a, &b| a ^ b as u32);
    // atomicInc(limit 37) n times from 0 cycles with period 38; atomicDec(limit 41) with period 42.
    let inc = n % 38;
    let dec = (42 - n % 42) % 42;
    let umin = v.iter().map(|&x| x as u32).min().unwrap_or(u32::MAX);
    let u = u32s(output(o, "u")?);
    let cas = u[5];
    // atomicCAS(&u5, i, i+1) succeeds only in thread-index order: any prefix length is valid.
    if cas == 0 || cas > n {
        return Err(format!("u[5] = {cas}, expected a value in 1..={n}"));
    }
    eq_u32(
        "u",
        output(o, "u")?,
        &[!bits, bits, xor, inc, dec, cas, 7, umin],
    )?;
    let w = v
        .iter()
        .fold(0u64, |a, &x| a.wrapping_add(((x as u32) as u64) << 20));
    let got = output(o, "w")?.to_i64()[0] as u64;
    if got != w {
        return Err(format!("w[0] = {got}, expected {w}"));
    }
    Ok(())
}

pub fn syncthreads_count(l: &Launch, o: &Outcome) -> Check {
    let v = i32s(input(l, "in"));
    let want: Vec<i32> = v
        .chunks(128)
        .flat_map(|b| {
            [
                b.iter().filter(|&&x| x > 0).count() as i32,
                b.iter().all(|&x| x > -50) as i32,
                b.iter().any(|&x| x > 90) as i32,
            ]
        })
        .collect();
    eq_i32("out", output(o, "out")?, &want)
}

pub fn struct_param(l: &Launch, o: &Outcome) -> Check {
    let v = i32s(input(l, "in"));
    // Affine { scale 0.5, offset 3.25, lo -100, hi 200 }; nvcc fuses scale*x+offset.
    let want: Vec<i32> = v
        .iter()
        .map(|&x| (0.5f32.mul_add(x as f32, 3.25) as i32).clamp(-100, 200))
        .collect();
    eq_i32("out", output(o, "out")?, &want)
}

pub fn constant_poly(l: &Launch, o: &Outcome) -> Check {
    let c = [3i32, -2, 1, 4, -1];
    let x = i32s(input(l, "x"));
    let want: Vec<i32> = x
        .iter()
        .map(|&x| {
            (0..5)
                .rev()
                .fold(0i32, |acc, k| acc.wrapping_mul(x).wrapping_add(c[k]))
        })
        .collect();
    eq_i32("y", output(o, "y")?, &want)
}

pub fn local_array_sort(l: &Launch, o: &Outcome) -> Check {
    let x = i32s(input(l, "in"));
    let want: Vec<i32> = x
        .chunks(8)
        .flat_map(|c| {
            let mut c = c.to_vec();
            c.sort_unstable();
            c
        })
        .collect();
    eq_i32("out", output(o, "out")?, &want)
}

pub fn match_any(l: &Launch, o: &Outcome) -> Check {
    let k = i32s(input(l, "keys"));
    let mut masks = Vec::new();
    for w in k.chunks(32) {
        for &key in w {
            masks.push(
                w.iter()
                    .enumerate()
                    .filter(|(_, &x)| x == key)
                    .map(|(i, _)| 1u32 << i)
                    .sum::<u32>(),
            );
        }
    }
    let sizes: Vec<i32> = masks.iter().map(|m| m.count_ones() as i32).collect();
    eq_u32("masks", output(o, "masks")?, &masks)?;
    eq_i32("sizes", output(o, "sizes")?, &sizes)
}

pub fn last_block_done(l: &Launch, o: &Outcome) -> Check {
    let x = u32s(input(l, "in"));
    let partial: Vec<u32> = x.chunks(64).map(|c| c.iter().sum()).collect();
    let total: u32 = partial.iter().sum();
    eq_u32("partial", output(o, "partial")?, &partial)?;
    eq_u32("total", output(o, "total")?, &[total])
}

pub fn async_copy_redux(l: &Launch, o: &Outcome) -> Check {
    let x = i32s(input(l, "in"));
    let mut want = vec![0i32; x.len()];
    for b in 0..x.len() / 128 {
        // Thread t reads s[127 - t]; warp w of the block therefore sees in[127 - 32w - 31 ..= 127 - 32w].
        let s = &x[b * 128..b * 128 + 128];
        for t in 0..128 {
            let w = t / 32;
            let vals: Vec<i32> = (w * 32..w * 32 + 32).map(|u| s[127 - u]).collect();
            let sum: i32 = vals.iter().sum();
            let max = *vals.iter().max().unwrap_or(&0);
            want[b * 128 + t] = s[127 - t] * 2 + sum + max;
        }
    }
    eq_i32("out", output(o, "out")?, &want)
}

pub fn grid3d_index(o: &Outcome) -> Check {
    let (nx, ny, nz) = (8u32, 6u32, 6u32);
    let mut want = vec![0u32; (2 * nx * ny * nz) as usize];
    for z in 0..nz {
        for y in 0..ny {
            for x in 0..nx {
                let i = (z * ny + y) * nx + x;
                want[2 * i as usize] = i;
                want[2 * i as usize + 1] = (x << 16) | (y << 8) | z;
            }
        }
    }
    eq_u32("out", output(o, "out")?, &want)
}

pub fn atomic_float_double(l: &Launch, o: &Outcome) -> Check {
    // Integer-valued addends: every partial sum is exact, so the order of the atomics does
    // not matter.
    let x = i32s(input(l, "in"));
    let total: i64 = x.iter().map(|&v| v as i64).sum();
    eq_f32("fsum", output(o, "fsum")?, &[total as f32])?;
    eq_f64("dsum", output(o, "dsum")?, &[total as f64 * 0.5])?;
    eq_f64("csum", output(o, "csum")?, &[total as f64 * 0.25])
}

pub fn shuffle_width_syncwarp(l: &Launch, o: &Outcome) -> Check {
    let x = i32s(input(l, "in"));
    let mut sums = Vec::new();
    let mut bcast = Vec::new();
    for w in x.chunks(32) {
        // __shfl_down_sync(.., width 8): a lane whose source leaves its segment keeps its value.
        let mut v = w.to_vec();
        for off in [4, 2, 1] {
            v = (0..32)
                .map(|lane| {
                    v[lane].wrapping_add(if lane % 8 + off < 8 {
                        v[lane + off]
                    } else {
                        v[lane]
                    })
                })
                .collect();
        }
        sums.extend(v);
        bcast.extend((0..32).map(|lane| w[lane / 16 * 16 + 3]));
    }
    eq_i32("seg_sum", output(o, "seg_sum")?, &sums)?;
    eq_i32("bcast", output(o, "bcast")?, &bcast)
}
