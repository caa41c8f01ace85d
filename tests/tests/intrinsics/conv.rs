//! Expected buffers of `conversions.cu`: each rounding form from IEEE 754's definitions. The
//! nearest value comes from Rust's own conversions (round to nearest even, saturating for
//! float → integer); a directed form moves it one step when it lies on the wrong side of
//! the exact value, which is compared exactly (as an `i128` or an `f64`).

use super::expect::{compare, i32s, input, u32s, u64s};
use oxicc_emu::{Launch, Outcome};
use std::cmp::Ordering;

#[derive(Clone, Copy)]
enum Mode {
    Rz,
    Ru,
    Rd,
}

fn up32(x: f32) -> f32 {
    if x == 0.0 {
        f32::from_bits(1)
    } else if x > 0.0 {
        f32::from_bits(x.to_bits() + 1)
    } else {
        f32::from_bits(x.to_bits() - 1)
    }
}

fn up64(x: f64) -> f64 {
    if x == 0.0 {
        f64::from_bits(1)
    } else if x > 0.0 {
        f64::from_bits(x.to_bits() + 1)
    } else {
        f64::from_bits(x.to_bits() - 1)
    }
}

/// Whether the nearest value `r` (compared with the exact value: `cmp`) must move one step
/// under `mode`; `Some(true)` up, `Some(false)` down.
fn step(r_negative: bool, cmp: Ordering, mode: Mode) -> Option<bool> {
    match (cmp, mode) {
        (Ordering::Equal, _) => None,
        (Ordering::Less, Mode::Ru) => Some(true),
        (Ordering::Greater, Mode::Rd) => Some(false),
        (Ordering::Less, Mode::Rz) if r_negative => Some(true),
        (Ordering::Greater, Mode::Rz) if !r_negative => Some(false),
        _ => None,
    }
}

fn dir32(r: f32, cmp: Ordering, mode: Mode) -> f32 {
    match step(r < 0.0, cmp, mode) {
        Some(true) => up32(r),
        Some(false) => -up32(-r),
        None => r,
    }
}

fn dir64(r: f64, cmp: Ordering, mode: Mode) -> f64 {
    match step(r < 0.0, cmp, mode) {
        Some(true) => up64(r),
        Some(false) => -up64(-r),
        None => r,
    }
}

/// An exact `f64` rounded to f32 under `mode`.
fn f64_to_f32(x: f64, mode: Mode) -> f32 {
    let r = x as f32;
    dir32(r, (r as f64).partial_cmp(&x).unwrap(), mode)
}

/// An integer rounded to f32 / f64 under `mode` (the nearest value of a large integer is
/// itself an integer, so it compares exactly as an `i128`).
fn int_to_f32(v: i128, mode: Mode) -> f32 {
    let r = v as f32;
    dir32(r, (r as i128).cmp(&v), mode)
}

fn int_to_f64(v: i128, mode: Mode) -> f64 {
    let r = v as f64;
    dir64(r, (r as i128).cmp(&v), mode)
}

const MODES: [Mode; 3] = [Mode::Rz, Mode::Ru, Mode::Rd];

pub fn conversions(l: &Launch, o: &Outcome) -> Result<(), String> {
    let f: Vec<f32> = u32s(&input(l, "f"))
        .into_iter()
        .map(f32::from_bits)
        .collect();
    let d: Vec<f64> = u64s(&input(l, "d"))
        .into_iter()
        .map(f64::from_bits)
        .collect();
    let iv = i32s(&input(l, "iv"));
    let ll: Vec<i64> = u64s(&input(l, "ll"))
        .into_iter()
        .map(|x| x as i64)
        .collect();
    let (mut oi, mut ou, mut oll, mut oull) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut of, mut od) = (Vec::new(), Vec::new());
    for t in 0..f.len() {
        let (x, y) = (f[t] as f64, d[t]);
        // rn, rz, ru, rd of x, then of y, as exact f64 integers (saturated by `as`).
        let r = [
            x.round_ties_even(),
            x.trunc(),
            x.ceil(),
            x.floor(),
            y.round_ties_even(),
            y.trunc(),
            y.ceil(),
            y.floor(),
        ];
        oi.extend(r.map(|v| v as i32));
        ou.extend(r.map(|v| v as u32));
        oll.extend(r.map(|v| v as i64));
        oull.extend(r.map(|v| v as u64));
        let (i, l) = (iv[t], ll[t]);
        of.push(y as f32);
        of.extend(MODES.map(|m| f64_to_f32(y, m)));
        of.push(i as f32);
        of.extend(MODES.map(|m| int_to_f32(i as i128, m)));
        of.push(i as u32 as f32);
        of.extend(MODES.map(|m| int_to_f32(i as u32 as i128, m)));
        of.push(l as f32);
        of.extend(MODES.map(|m| int_to_f32(l as i128, m)));
        od.push(l as f64);
        od.extend(MODES.map(|m| int_to_f64(l as i128, m)));
        od.push(l as u64 as f64);
        od.push(int_to_f64(l as u64 as i128, Mode::Rz));
        od.push(y);
        od.push(f[t] as f64 + y);
    }
    let bits32 = |v: &[f32]| -> Vec<u32> { v.iter().map(|x| x.to_bits()).collect() };
    let bits64 = |v: &[f64]| -> Vec<u64> { v.iter().map(|x| x.to_bits()).collect() };
    compare(o, "oi", &oi, i32s)?;
    compare(o, "ou", &ou, u32s)?;
    compare(o, "oll", &oll, |b| {
        u64s(b).into_iter().map(|x| x as i64).collect()
    })?;
    compare(o, "oull", &oull, u64s)?;
    compare(o, "of", &bits32(&of), u32s)?;
    compare(o, "od", &bits64(&od), u64s)
}
