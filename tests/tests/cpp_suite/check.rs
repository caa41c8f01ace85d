//! Comparison helpers of the C++ suite: reading a launch's input buffers and an outcome's
//! output buffers, and comparing them with values computed on the CPU — exactly for integers
//! and correctly rounded float operations, within a stated tolerance where nvcc's
//! contraction of `a*b+c` into `fma` makes the rounding order a compiler choice.

use oxicc_emu::{Buffer, Launch, Outcome};

pub type Check = Result<(), String>;

/// The initial contents of the launch buffer `name`.
pub fn input<'a>(l: &'a Launch, name: &str) -> &'a Buffer {
    l.buffers
        .iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("launch has no buffer `{name}`"))
}

pub fn output<'a>(o: &'a Outcome, name: &str) -> Result<&'a Buffer, String> {
    o.buffer(name)
        .ok_or_else(|| format!("no output buffer `{name}`"))
}

/// Input buffer `name` as i64 values (sign- or zero-extended by its element type).
pub fn ints(l: &Launch, name: &str) -> Vec<i64> {
    input(l, name).to_i64()
}

pub fn i32s(l: &Launch, name: &str) -> Vec<i32> {
    ints(l, name).into_iter().map(|x| x as i32).collect()
}

pub fn u32s(l: &Launch, name: &str) -> Vec<u32> {
    ints(l, name).into_iter().map(|x| x as u32).collect()
}

pub fn u64s(l: &Launch, name: &str) -> Vec<u64> {
    ints(l, name).into_iter().map(|x| x as u64).collect()
}

/// Exact integer comparison of output `name` (any integer element type; `want` holds the
/// values as the element type reads them, widened to i64).
pub fn eq_ints(o: &Outcome, name: &str, want: &[i64]) -> Check {
    let got = output(o, name)?.to_i64();
    if got.len() != want.len() {
        return Err(format!("{name}: length {} != {}", got.len(), want.len()));
    }
    for (k, (g, w)) in got.iter().zip(want).enumerate() {
        if g != w {
            return Err(format!("{name}[{k}] = {g}, expected {w}"));
        }
    }
    Ok(())
}

pub fn eq_i32(o: &Outcome, name: &str, want: &[i32]) -> Check {
    eq_ints(o, name, &want.iter().map(|&x| x as i64).collect::<Vec<_>>())
}

pub fn eq_u32(o: &Outcome, name: &str, want: &[u32]) -> Check {
    eq_ints(o, name, &want.iter().map(|&x| x as i64).collect::<Vec<_>>())
}

/// Bit-exact f32 comparison.
pub fn eq_f32(o: &Outcome, name: &str, want: &[f32]) -> Check {
    let got = output(o, name)?.to_f32();
    if got.len() != want.len() {
        return Err(format!("{name}: length {} != {}", got.len(), want.len()));
    }
    for (k, (g, w)) in got.iter().zip(want).enumerate() {
        if g.to_bits() != w.to_bits() {
            return Err(format!(
                "{name}[{k}] = {g:?} ({:#010x}), expected {w:?} ({:#010x})",
                g.to_bits(),
                w.to_bits()
            ));
        }
    }
    Ok(())
}

/// Bit-exact f64 comparison.
pub fn eq_f64(o: &Outcome, name: &str, want: &[f64]) -> Check {
    let got = output(o, name)?.to_f64();
    if got.len() != want.len() {
        return Err(format!("{name}: length {} != {}", got.len(), want.len()));
    }
    for (k, (g, w)) in got.iter().zip(want).enumerate() {
        if g.to_bits() != w.to_bits() {
            return Err(format!("{name}[{k}] = {g:?}, expected {w:?}"));
        }
    }
    Ok(())
}

/// Tolerance comparison of an f32 output with values computed in f64:
/// |got - want| <= abs + rel * |want|.
pub fn close_f32(o: &Outcome, name: &str, want: &[f64], abs: f64, rel: f64) -> Check {
    let got = output(o, name)?.to_f32();
    if got.len() != want.len() {
        return Err(format!("{name}: length {} != {}", got.len(), want.len()));
    }
    for (k, (g, w)) in got.iter().zip(want).enumerate() {
        let err = (*g as f64 - w).abs();
        if err.is_nan() || err > abs + rel * w.abs() {
            return Err(format!(
                "{name}[{k}] = {g:?}, expected {w:?} within {abs:e} + {rel:e}*|x| (error {err:e})"
            ));
        }
    }
    Ok(())
}

/// Runs every check, reporting the first failure.
pub fn all(checks: impl IntoIterator<Item = Check>) -> Check {
    checks
        .into_iter()
        .collect::<Result<Vec<()>, String>>()
        .map(|_| ())
}

/// The raw bits of the scalar argument at position `index` of the launch.
pub fn scalar_bits(l: &Launch, index: usize) -> u64 {
    match l.args.get(index) {
        Some(oxicc_emu::Arg::Scalar(_, bits)) => *bits,
        other => panic!("launch argument {index} is not a scalar: {other:?}"),
    }
}

pub fn scalar_i32(l: &Launch, index: usize) -> i32 {
    scalar_bits(l, index) as u32 as i32
}

/// The bytes of the by-value aggregate argument at position `index`.
pub fn aggregate_bytes(l: &Launch, index: usize) -> &[u8] {
    match l.args.get(index) {
        Some(oxicc_emu::Arg::Bytes(bytes, _)) => bytes,
        other => panic!("launch argument {index} is not an aggregate: {other:?}"),
    }
}

/// Little-endian i32 at byte `offset` of `bytes`.
pub fn le_i32(bytes: &[u8], offset: usize) -> i32 {
    i32::from_le_bytes(bytes[offset..offset + 4].try_into().expect("4 bytes"))
}
