//! `cuda_fp8.h` end to end (issue 13): the kernels in `tests/kernels/fp8/` are compiled by
//! nvcc (NVIDIA's header; sm_75, where everything is software, and sm_89, where the
//! saturating conversions are `cvt.rn.satfinite.{e4m3x2,e5m2x2}.*` and decoding is
//! `cvt.rn.f16x2.*`) and by oxicc (its own header; sm_75, sm_89, sm_90 at -O0 and -O3); every
//! PTX goes through ptxas, `.entry` names must equal nvcc's, and the interpreter's buffers
//! must equal a brute-force reference: each float is matched against the value of every
//! fp8 code (nearest, ties to the even code), so the reference shares no algorithm with the
//! header or the interpreter.

use crate::half_types::f16;

use oxicc_emu::{Launch, Outcome, RunOptions};
use oxicc_tests::kernels::{compare_folder_with_nvcc, kernel_names_in, run_ptx};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels/fp8")
}

#[derive(Clone, Copy)]
struct Fmt {
    m: u32,
    bias: i32,
    maxv: u8,
    e5m2: bool,
}

const E4M3: Fmt = Fmt {
    m: 3,
    bias: 7,
    maxv: 0x7E,
    e5m2: false,
};
const E5M2: Fmt = Fmt {
    m: 2,
    bias: 15,
    maxv: 0x7B,
    e5m2: true,
};

/// The magnitude of code `c` (sign bit clear), read as a plain normal/subnormal number.
fn value(f: Fmt, c: u32) -> f64 {
    let ex = (c >> f.m) as i32;
    let mt = (c & ((1 << f.m) - 1)) as f64;
    if ex == 0 {
        mt * 2f64.powi(1 - f.bias - f.m as i32)
    } else {
        ((1u32 << f.m) as f64 + mt) * 2f64.powi(ex - f.bias - f.m as i32)
    }
}

/// Round to nearest even by search over the finite codes; overflow beyond the midpoint
/// between the largest finite value and the next step saturates or gives NaN/infinity.
fn encode(x: f64, f: Fmt, sat: bool) -> u8 {
    if x.is_nan() {
        return 0x7F;
    }
    let sign = if x.is_sign_negative() { 0x80 } else { 0 };
    let a = x.abs();
    let max = value(f, f.maxv as u32);
    let mid = (max + value(f, f.maxv as u32 + 1)) / 2.0;
    let overflow = a > mid || (a == mid && f.maxv & 1 == 1);
    if overflow {
        return sign
            | if sat {
                f.maxv
            } else if f.e5m2 {
                0x7C
            } else {
                0x7F
            };
    }
    let mut best = 0u32;
    for c in 0..=f.maxv as u32 {
        let (d, db) = ((value(f, c) - a).abs(), (value(f, best) - a).abs());
        if d < db || (d == db && c % 2 == 0) {
            best = c;
        }
    }
    sign | best as u8
}

/// From a double, a NaN keeps its sign and (E5M2) the mantissa bit below the quiet bit, as
/// nvcc's header writes it; float sources are canonical NaNs (0x7F).
fn encode_double(x: f64, f: Fmt, sat: bool) -> u8 {
    if !x.is_nan() {
        return encode(x, f, sat);
    }
    let b = x.to_bits();
    let sign = ((b >> 56) & 0x80) as u8;
    sign | if f.e5m2 {
        0x7E | ((b >> 50) & 1) as u8
    } else {
        0x7F
    }
}

fn decode(c: u8, f: Fmt) -> f64 {
    let mag = c as u32 & 0x7F;
    let v = if !f.e5m2 && mag == 0x7F {
        f64::NAN
    } else if f.e5m2 && mag >= 0x7C {
        if mag == 0x7C {
            f64::INFINITY
        } else {
            f64::NAN
        }
    } else {
        value(f, mag)
    };
    if c & 0x80 != 0 {
        -v
    } else {
        v
    }
}

/// Half bits of a decoded code (a NaN becomes the half NaN 0x7FFF, as nvcc's software path
/// writes it).
fn decode_half(c: u8, f: Fmt) -> u16 {
    let v = decode(c, f);
    if v.is_nan() {
        0x7FFF
    } else if v == 0.0 && c & 0x80 != 0 {
        0x8000
    } else {
        f16::rn(v)
    }
}

fn f32_of_half(h: u16) -> u32 {
    (f16::to_f64(h) as f32).to_bits()
}

fn bf16_rn(x: f32) -> f32 {
    if x.is_nan() {
        return x;
    }
    let b = x.to_bits();
    let r = b.wrapping_add(0x7FFF + ((b >> 16) & 1)) & 0xFFFF_0000;
    f32::from_bits(r)
}

fn input(l: &Launch, name: &str) -> Vec<u8> {
    l.buffers
        .iter()
        .find(|b| b.name == name)
        .unwrap()
        .data
        .clone()
}

fn out<'a>(o: &'a Outcome, name: &str) -> Result<&'a [u8], String> {
    Ok(&o
        .buffer(name)
        .ok_or_else(|| format!("no buffer {name}"))?
        .data)
}

fn check_cvt(l: &Launch, o: &Outcome) -> Result<(), String> {
    let f: Vec<f32> = input(l, "f")
        .chunks(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let (o8, o16, of) = (out(o, "o8")?, out(o, "o16")?, out(o, "of")?);
    for (t, &x) in f.iter().enumerate() {
        let xd = x as f64;
        let h = f16::to_f64(f16::rn(xd));
        let want: [u8; 12] = [
            encode(xd, E4M3, true),
            encode(xd, E5M2, true),
            encode(xd, E4M3, false),
            encode(xd, E5M2, false),
            encode_double(xd * 0.75, E4M3, true),
            encode_double(xd * 0.75, E5M2, false),
            encode(h, E4M3, true),
            encode(bf16_rn(x) as f64, E5M2, true),
            encode(xd, E4M3, true),
            encode((-2.0f32 * x) as f64, E4M3, true),
            encode((0.5f32 * x) as f64, E5M2, true),
            encode((x + 1.0f32) as f64, E5M2, true),
        ];
        let mut got: [u8; 12] = o8[t * 12..t * 12 + 12].try_into().unwrap();
        // x * 0.75 in f64 of a NaN has the target's NaN payload, which the E5M2 code (and
        // the sign) keep: only that it is a NaN code is checked there.
        if x.is_nan() && got[4] & 0x7F == 0x7F && got[5] & 0x7F > 0x7C {
            got[4] = want[4];
            got[5] = want[5];
        }
        if got != want {
            return Err(format!(
                "thread {t} (x = {x:e}): fp8 {got:02x?}, expected {want:02x?}"
            ));
        }
        let c = t as u8;
        let want16 = [
            decode_half(c, E4M3),
            decode_half(c, E5M2),
            decode_half(c, E4M3),
            decode_half(255 - c, E4M3),
        ];
        for (k, w) in want16.iter().enumerate() {
            let g = u16::from_le_bytes([o16[t * 8 + k * 2], o16[t * 8 + k * 2 + 1]]);
            if g != *w {
                return Err(format!(
                    "thread {t}: half {k} = {g:#06x}, expected {w:#06x}"
                ));
            }
        }
        for (k, fm) in [E4M3, E5M2].into_iter().enumerate() {
            let g = u32::from_le_bytes(of[t * 8 + k * 4..t * 8 + k * 4 + 4].try_into().unwrap());
            let w = f32_of_half(decode_half(c, fm));
            // A NaN's payload through cvt.f32.f16 is not what is checked here.
            let both_nan = f32::from_bits(g).is_nan() && f32::from_bits(w).is_nan();
            if g != w && !both_nan {
                return Err(format!(
                    "thread {t}: float {k} = {g:#010x}, expected {w:#010x}"
                ));
            }
        }
    }
    Ok(())
}

/// `fp8_roundtrip.cu`: every code decoded and encoded again, saturating: finite codes
/// come back unchanged, E5M2's infinities as the largest finite code, NaNs (of either
/// sign: the decoded NaN is a canonical one) as 0x7F; negated values with the sign bit.
fn check_roundtrip(o: &Outcome) -> Result<(), String> {
    let got = out(o, "o")?;
    let back = |x: f64, f: Fmt| if x.is_nan() { 0x7F } else { encode(x, f, true) };
    for c in 0..=255u8 {
        let (a, b) = (decode(c, E4M3), decode(c, E5M2));
        let want = [
            back(a, E4M3),
            back(b, E5M2),
            back(a, E4M3),
            back(b, E5M2),
            back(a, E4M3),
            back(b, E5M2),
            back(a, E4M3),
            back(-a, E4M3),
            back(b, E5M2),
            back(-b, E5M2),
        ];
        let g = &got[c as usize * 10..c as usize * 10 + 10];
        if g != want {
            return Err(format!("code {c:#04x}: {g:02x?}, expected {want:02x?}"));
        }
    }
    Ok(())
}

fn check(name: &str, l: &Launch, o: &Outcome) -> Result<(), String> {
    match name {
        "fp8_cvt" => check_cvt(l, o),
        "fp8_roundtrip" => check_roundtrip(o),
        "fp8_sizes" => {
            let got: Vec<u32> = out(o, "o")?
                .chunks(4)
                .take(11)
                .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
                .collect();
            let want = [1, 1, 1, 1, 2, 2, 4, 4, 1, 2, 4];
            if got != want {
                return Err(format!("sizes {got:?}, expected {want:?}"));
            }
            Ok(())
        }
        _ => Err(format!("no expectation for {name}")),
    }
}

#[test]
fn fp8_kernels_match_rust_on_nvcc_and_oxicc_ptx() {
    let dir = dir();
    assert!(kernel_names_in(&dir).len() >= 2, "expected the fp8 kernels");
    let failures = compare_folder_with_nvcc(&dir, &[75, 89], &[75, 89, 90], &|name, l, ptx| {
        let native = ptx.oxicc_opt.is_some() && ptx.sm >= 89 && name == "fp8_cvt";
        if native && !ptx.text.contains("cvt.rn.satfinite.e4m3x2.f32") {
            return Err("no cvt.rn.satfinite.e4m3x2.f32".into());
        }
        check(name, l, &run_ptx(ptx.text, l, &RunOptions::default())?)
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
