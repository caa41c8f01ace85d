//! The SIMD intrinsics (CUDA Math API, "SIMD Intrinsics"): every function of the family, 82
//! of them, in `tests/kernels/simd/simd_all.cu`, compiled by nvcc (sm_75, where NVIDIA's
//! header writes lane arithmetic with `prmt`/`lop3`/`vabsdiff`, and sm_90, where it uses
//! `add.s16x2`, `min.u16x2`, …) and by oxicc (sm_75, sm_80, sm_90, -O0 and -O3), through
//! ptxas, and run in the interpreter. Each result is compared with a plain-Rust model of the
//! Math API's documented semantics below (lanes of 16 or 8 bits; wrap-around, saturation
//! and rounding as each function's documentation states), on 64 pairs of edge words
//! (lanes 0, 1, 0x7F, 0x80, 0x81, 0xFF, 0x7FFF, 0x8000 crossed) and 128 random pairs.

use oxicc_emu::{Launch, RunOptions};
use oxicc_tests::kernels::{compare_folder_with_nvcc, run_ptx, PtxUnderTest};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels/simd")
}

/// The functions in the kernel's order (each for 16-bit lanes, then all for 8-bit lanes).
const NAMES: &[&str] = &[
    "abs", "absss", "neg", "negss", "absdiffs", "absdiffu", "add", "addss", "addus", "avgs",
    "avgu", "haddu", "maxs", "maxu", "mins", "minu", "sads", "sadu", "sub", "subss", "subus",
    "cmpeq", "cmpges", "cmpgeu", "cmpgts", "cmpgtu", "cmples", "cmpleu", "cmplts", "cmpltu",
    "cmpne", "seteq", "setges", "setgeu", "setgts", "setgtu", "setles", "setleu", "setlts",
    "setltu", "setne",
];

/// Lane `k` of `x` (`w` bits), sign-extended or zero-extended.
fn lane(x: u32, k: u32, w: u32, signed: bool) -> i64 {
    let v = (x >> (k * w)) & ((1u64 << w) - 1) as u32;
    if signed {
        ((v << (32 - w)) as i32 >> (32 - w)) as i64
    } else {
        v as i64
    }
}

/// `__v<name><32 / w>(a, b)` by the Math API's definition.
fn simd(name: &str, w: u32, a: u32, b: u32) -> u32 {
    let lanes = 32 / w;
    let (smin, smax, umax) = (-(1i64 << (w - 1)), (1i64 << (w - 1)) - 1, (1i64 << w) - 1);
    let ones = umax;
    // Sums of absolute differences are one number, not lanes.
    if let Some(sign) = name.strip_prefix("sad") {
        let s = sign == "s";
        return (0..lanes)
            .map(|k| (lane(a, k, w, s) - lane(b, k, w, s)).unsigned_abs() as u32)
            .sum();
    }
    let signed = is_signed(name);
    let mut r = 0u32;
    for k in 0..lanes {
        let (x, y) = (lane(a, k, w, signed), lane(b, k, w, signed));
        let v: i64 = match name {
            "abs" => x.abs(),
            "absss" => x.abs().min(smax),
            "neg" => -x,
            "negss" => (-x).min(smax),
            "absdiffs" | "absdiffu" => (x - y).abs(),
            "add" => x + y,
            "addss" => (x + y).clamp(smin, smax),
            "addus" => (x + y).min(umax),
            "sub" => x - y,
            "subss" => (x - y).clamp(smin, smax),
            "subus" => (x - y).max(0),
            // Ties away from zero (signed), upward (unsigned), toward zero (`hadd`).
            "avgs" => {
                let s = x + y;
                (if s >= 0 { s + 1 } else { s - 1 }) / 2
            }
            "avgu" => (x + y + 1) >> 1,
            "haddu" => (x + y) >> 1,
            "maxs" | "maxu" => x.max(y),
            "mins" | "minu" => x.min(y),
            _ => {
                let (op, one) = match name.strip_prefix("cmp") {
                    Some(op) => (op, ones),
                    None => (&name[3..], 1),
                };
                let holds = match op.trim_end_matches(['s', 'u']) {
                    "eq" => x == y,
                    "ne" => x != y,
                    "ge" => x >= y,
                    "gt" => x > y,
                    "le" => x <= y,
                    "lt" => x < y,
                    other => panic!("unknown comparison {other}"),
                };
                if holds {
                    one
                } else {
                    0
                }
            }
        };
        r |= ((v & umax) as u32) << (k * w);
    }
    r
}

/// Whether the lanes of `name` are signed: the `s` suffix (`maxs`, `cmpges`, `addss`),
/// and the functions on signed values by definition (`abs`, `neg` and their saturating
/// forms). `eq`/`ne` compare bits, so either works.
fn is_signed(name: &str) -> bool {
    matches!(name, "abs" | "absss" | "neg" | "negss")
        || (name.ends_with('s') && name != "subus" && name != "addus")
}

fn expected(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut out = Vec::new();
    for (&x, &y) in a.iter().zip(b) {
        for w in [16, 8] {
            for name in NAMES {
                out.push(simd(name, w, x, y));
            }
        }
    }
    out
}

fn u32s(l: &Launch, name: &str) -> Vec<u32> {
    let b = &l
        .buffers
        .iter()
        .find(|b| b.name == name)
        .expect("buffer")
        .data;
    b.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn check(_name: &str, l: &Launch, ptx: &PtxUnderTest) -> Result<(), String> {
    let o = run_ptx(ptx.text, l, &RunOptions::default())?;
    let want = expected(&u32s(l, "a"), &u32s(l, "b"));
    let got = &o.buffer("out").ok_or("no buffer out")?.data;
    let got: Vec<u32> = got
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    if got.len() != want.len() {
        return Err(format!("{} results, expected {}", got.len(), want.len()));
    }
    let per = NAMES.len() * 2;
    let (a, b) = (u32s(l, "a"), u32s(l, "b"));
    for (k, (g, w)) in got.iter().zip(&want).enumerate() {
        if g != w {
            let f = k % per;
            let (width, name) = if f < NAMES.len() {
                (2, NAMES[f])
            } else {
                (4, NAMES[f - NAMES.len()])
            };
            let t = k / per;
            return Err(format!(
                "__v{name}{width}({:#010x}, {:#010x}) = {g:#010x}, expected {w:#010x}",
                a[t], b[t]
            ));
        }
    }
    Ok(())
}

#[test]
fn every_simd_intrinsic_matches_the_math_api_on_nvcc_and_oxicc_ptx() {
    let failures = compare_folder_with_nvcc(&dir(), &[75, 90], &[75, 80, 90], &check);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The model itself on the Math API documentation's own examples.
#[test]
fn the_model_agrees_with_the_documented_examples() {
    assert_eq!(simd("abs", 16, 0x8000_8000, 0), 0x8000_8000);
    assert_eq!(simd("absss", 16, 0x8000_8000, 0), 0x7fff_7fff);
    assert_eq!(simd("neg", 16, 0x8000_8000, 0), 0x8000_8000);
    assert_eq!(simd("negss", 16, 0x8000_8000, 0), 0x7fff_7fff);
    assert_eq!(simd("setges", 16, 0x8000_7fff, 0x7fff_8000), 0x0000_0001);
    assert_eq!(simd("cmpges", 16, 0x8000_7fff, 0x7fff_8000), 0x0000_ffff);
    assert!(is_signed("maxs") && !is_signed("addus") && is_signed("addss"));
}
