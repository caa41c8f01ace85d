//! Expected buffers of the inline-PTX kernels, computed in plain Rust from the launch's
//! initial buffers with the PTX ISA's definitions of each instruction (`bfind`, `prmt`'s
//! default mode, `shf.l.wrap`, `lop3` truth tables, `bfe`, `dp4a` (`.s32.u32`: `a` signed), `vabsdiff4` with `.add`,
//! `cvt.rn.f16.f32`), written from the ISA text, not from the interpreter.

use oxicc_emu::{Launch, Outcome};

fn input(l: &Launch, name: &str) -> Vec<u8> {
    l.buffers
        .iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("no buffer {name}"))
        .data
        .clone()
}

fn u32s(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn f32s(b: &[u8]) -> Vec<f32> {
    u32s(b).into_iter().map(f32::from_bits).collect()
}

fn bytes_u32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn compare(o: &Outcome, name: &str, want: &[u8], elem: usize) -> Result<(), String> {
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

pub fn check(name: &str, l: &Launch, o: &Outcome) -> Result<(), String> {
    match name {
        "asm_basic" => basic(l, o),
        "asm_bits" => bits(l, o),
        "asm_c_constraint" => c_constraint(l, o),
        "asm_memory" => memory(o),
        "warp_match_reduce" => warp(l, o),
        _ => Err(format!("no expectation for kernel {name}")),
    }
}

fn bfind(x: u32) -> u32 {
    if x == 0 {
        u32::MAX
    } else {
        31 - x.leading_zeros()
    }
}

fn basic(l: &Launch, o: &Outcome) -> Result<(), String> {
    let input_u = u32s(&input(l, "in"));
    let n = input_u.len() as u32;
    let mut out = vec![0u32; 320];
    for t in 0..n {
        let x = input_u[t as usize];
        let r = &mut out[t as usize * 8..t as usize * 8 + 8];
        r[0] = t % 32;
        r[1] = bfind(x);
        r[2] = x.wrapping_add(t).wrapping_mul(7);
        r[3] = t * 3 + 1;
        r[4] = x;
        r[5] = t;
        r[6] = x.wrapping_mul((-3i32) as u32).wrapping_add(t);
        r[7] = 100;
    }
    compare(o, "out", &bytes_u32(&out), 4)?;
    let f: Vec<u32> = f32s(&input(l, "f"))
        .into_iter()
        .map(|a| {
            let s = a + 1.5;
            (s * s).to_bits()
        })
        .collect();
    compare(o, "f", &bytes_u32(&f), 4)?;
    let h: Vec<u8> = input(l, "h")
        .chunks(2)
        .flat_map(|c| {
            i16::from_le_bytes([c[0], c[1]])
                .wrapping_sub(5)
                .to_le_bytes()
        })
        .collect();
    compare(o, "h", &h, 2)?;
    let d: Vec<u8> = input(l, "d")
        .chunks(8)
        .flat_map(|c| {
            let x = f64::from_le_bytes(c.try_into().unwrap());
            x.mul_add(x, 0.25).to_le_bytes()
        })
        .collect();
    compare(o, "d", &d, 8)
}

/// `prmt.b32` in its default mode: each selector nibble picks one of the eight bytes of
/// `{b, a}` (low three bits) and, with its top bit, replicates that byte's sign.
fn prmt(a: u32, b: u32, sel: u32) -> u32 {
    let all = ((b as u64) << 32) | a as u64;
    let mut d = 0u32;
    for i in 0..4 {
        let s = (sel >> (4 * i)) & 0xF;
        let byte = ((all >> (8 * (s & 7))) & 0xFF) as u32;
        let v = if s & 8 != 0 {
            if byte & 0x80 != 0 {
                0xFF
            } else {
                0
            }
        } else {
            byte
        };
        d |= v << (8 * i);
    }
    d
}

/// Round-to-nearest-even f32 → binary16 bits (finite inputs within ±65504 and subnormals),
/// and back; exact by construction from the two formats' definitions.
fn f16_round_trip(x: f32) -> f32 {
    let a = x.abs() as f64;
    let sign = if x.is_sign_negative() { -1.0 } else { 1.0 };
    if a == 0.0 {
        return x;
    }
    // The spacing of binary16 numbers around `a`: 2^(e-10), at least 2^-24 (subnormals).
    let e = (((a.to_bits() >> 52) & 0x7FF) as i32 - 1023).max(-14);
    let ulp = 2f64.powi(e - 10);
    let q = a / ulp;
    let r = q.round();
    let r = if (q - q.floor() - 0.5).abs() == 0.0 && r % 2.0 != 0.0 {
        r - 1.0
    } else {
        r
    };
    let v = r * ulp;
    (sign * if v > 65504.0 { f64::INFINITY } else { v }) as f32
}

fn bits(l: &Launch, o: &Outcome) -> Result<(), String> {
    let a = u32s(&input(l, "a"));
    let b = u32s(&input(l, "b"));
    let mut out = vec![0u32; 400];
    for t in 0..a.len() as u32 {
        let (x, y) = (a[t as usize], b[t as usize]);
        let r = &mut out[t as usize * 10..t as usize * 10 + 10];
        let xb = x.to_le_bytes();
        let yb = y.to_le_bytes();
        r[0] = (0..4).map(|k| xb[k].abs_diff(yb[k]) as u32).sum::<u32>() + t;
        r[1] = prmt(x, y, t * 0x1111);
        let (lo, carry) = x.overflowing_add(y);
        r[2] = lo;
        r[3] = y.wrapping_add(x).wrapping_add(carry as u32);
        let n = t & 31;
        r[4] = ((((y as u64) << 32 | x as u64) << n) >> 32) as u32;
        r[5] = x ^ y ^ t;
        r[6] = (x >> (t % 24)) & 0x1FF;
        let dot: i64 = (0..4).map(|k| xb[k] as i8 as i64 * yb[k] as i64).sum();
        r[7] = (dot + t as i64 - 20) as u32;
        r[8] = ((x as u64 * y as u64) >> 32) as u32;
        r[9] = f16_round_trip(x as i32 as f32 * 0.00001f32).to_bits();
    }
    compare(o, "out", &bytes_u32(&out), 4)
}

fn memory(o: &Outcome) -> Result<(), String> {
    let mut out = vec![0u32; 256];
    let mut flags = vec![0u8; 64];
    for t in 0..64u32 {
        flags[t as usize] = (t * 7 + 1) as u8;
        out[t as usize * 4] = (t * 7 + 1) & 0xFF;
        out[t as usize * 4 + 1] = 1;
        let nb = (t + 1) % 64;
        out[t as usize * 4 + 2] = nb * nb;
        // sum = 0; each step stores sum + k and adds it back: 0, 1, 4, 11.
        out[t as usize * 4 + 3] = (0..4).fold(0u32, |s, k| s + (s + k));
    }
    compare(o, "out", &bytes_u32(&out), 4)?;
    compare(o, "flags", &flags, 1)?;
    compare(o, "counter", &bytes_u32(&[64 * 65 / 2]), 4)
}

/// `match.any`: the lanes of the warp holding the same value; `match.all`: the full mask
/// and true when all lanes agree (else 0 and false); `redux.sync`: the warp's sum (mod
/// 2^32), signed maximum and xor.
fn warp(l: &Launch, o: &Outcome) -> Result<(), String> {
    let input_u = u32s(&input(l, "in"));
    let mut out = vec![0u32; 514];
    for w in 0..2 {
        let lanes = &input_u[w * 32..w * 32 + 32];
        let v: Vec<u32> = lanes.iter().map(|x| x % 4).collect();
        let same = |k: usize| {
            (0..32)
                .filter(|&j| v[j] == v[k])
                .fold(0u32, |m, j| m | 1 << j)
        };
        let sum = lanes.iter().fold(0u32, |s, x| s.wrapping_add(*x));
        let max = lanes.iter().map(|x| *x as i32 - 500_000).max().unwrap();
        let xor = lanes.iter().fold(0u32, |s, x| s ^ x);
        for k in 0..32 {
            let r = &mut out[(w * 32 + k) * 8..(w * 32 + k) * 8 + 8];
            r[0] = same(k);
            r[1] = u32::MAX;
            r[2] = 1;
            r[3] = same(k);
            r[4] = sum;
            r[5] = max as u32;
            r[6] = xor;
            r[7] = same(k);
        }
        let all = v.iter().all(|x| *x == v[0]);
        out[512 + w] = if all { u32::MAX ^ (1 << 4) } else { 0 };
    }
    compare(o, "out", &bytes_u32(&out), 4)
}

/// `asm_c_constraint.cu`: each statement's instruction named by a `C` operand, computed
/// with the named instruction's definition.
fn c_constraint(l: &Launch, o: &Outcome) -> Result<(), String> {
    let (a, b) = (u32s(&input(l, "a")), u32s(&input(l, "b")));
    let mut out = Vec::new();
    for (&x, &y) in a.iter().zip(&b) {
        out.extend([
            x.wrapping_add(y),
            x.wrapping_sub(y),
            x.min(y),
            x ^ y,
            ((x as u64 * y as u64) >> 32) as u32,
            x << (y & 31),
            (x as i32).max(y as i32) as u32,
            x.wrapping_add(y) ^ 0x5a5a,
        ]);
    }
    compare(o, "out", &bytes_u32(&out), 4)
}
