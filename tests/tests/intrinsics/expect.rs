//! Expected buffers of the intrinsic kernels (`tests/kernels/intrinsics/`), computed in plain
//! Rust from the CUDA Math API's definitions of each function.

use oxicc_emu::{Launch, Outcome};

pub(crate) fn input(l: &Launch, name: &str) -> Vec<u8> {
    l.buffers
        .iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("no buffer {name}"))
        .data
        .clone()
}

pub(crate) fn u32s(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

pub(crate) fn u64s(b: &[u8]) -> Vec<u64> {
    b.chunks(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

pub(crate) fn compare<T: PartialEq + std::fmt::Debug>(
    o: &Outcome,
    name: &str,
    want: &[T],
    read: impl Fn(&[u8]) -> Vec<T>,
) -> Result<(), String> {
    let got = read(
        &o.buffer(name)
            .ok_or_else(|| format!("no output buffer {name}"))?
            .data,
    );
    if got.len() != want.len() {
        return Err(format!(
            "{name}: {} values, expected {}",
            got.len(),
            want.len()
        ));
    }
    match got.iter().zip(want).position(|(g, w)| g != w) {
        Some(k) => Err(format!(
            "{name}[{k}] = {:?}, expected {:?}",
            got[k], want[k]
        )),
        None => Ok(()),
    }
}

pub fn check(name: &str, l: &Launch, o: &Outcome) -> Result<(), String> {
    match name {
        "int_intrinsics" => int_intrinsics(l, o),
        "sync_timers" => sync_timers(l, o),
        "address_spaces" => address_spaces(l, o),
        "conversions" => super::conv::conversions(l, o),
        "cache_hints" => cache_hints(l, o),
        "atomics_types" => super::warp_atomic::atomics_types(l, o),
        "shuffles64" => super::warp_atomic::shuffles64(l, o),
        "grid_constant" => grid_constant(o),
        "cache_hints_small" => super::memory_ext::cache_hints_small(l, o),
        "managed_vars" => super::memory_ext::managed_vars(l, o),
        "atomic_cas16" => super::memory_ext::atomic_cas16(l, o),
        "atomic_add_vec" => super::memory_ext::atomic_add_vec(l, o),
        _ => Err(format!("no expectation for kernel {name}")),
    }
}

/// Lane `k` (of `w` bits) of `x`, zero- or sign-extended.
fn lane(x: u32, k: u32, w: u32, signed: bool) -> i64 {
    let v = (x >> (k * w)) & ((1u64 << w) - 1) as u32;
    if signed {
        ((v as i64) << (64 - w)) >> (64 - w)
    } else {
        v as i64
    }
}

/// Applies `f` to each `w`-bit lane pair and packs the results (truncated to the lane).
fn lanes(a: u32, b: u32, w: u32, signed: bool, f: impl Fn(i64, i64) -> i64) -> u32 {
    (0..32 / w).fold(0u32, |r, k| {
        let v = f(lane(a, k, w, signed), lane(b, k, w, signed)) as u64 & ((1u64 << w) - 1);
        r | (v as u32) << (k * w)
    })
}

fn int_intrinsics(l: &Launch, o: &Outcome) -> Result<(), String> {
    let (a, b, c) = (
        u32s(&input(l, "a")),
        u32s(&input(l, "b")),
        u32s(&input(l, "c")),
    );
    let (x, y) = (u64s(&input(l, "x")), u64s(&input(l, "y")));
    let mut out = Vec::new();
    let mut out64 = Vec::new();
    for t in 0..a.len() {
        let (ua, ub, uc) = (a[t], b[t], c[t]);
        let (ia, ib, ic) = (ua as i32, ub as i32, uc as i32);
        let s24 = |v: i32| (v << 8) >> 8;
        let dot = |w_a: u32, w_b: u32, bsel: u32, signed: bool| -> u32 {
            let n = 32 / w_a;
            (0..n).fold(uc as i64, |acc, k| {
                acc + lane(ua, k, w_a, signed) * lane(ub, k + bsel, w_b, signed)
            }) as u32
        };
        let sel = uc & 0x7777;
        let both = (ua as u64) | ((ub as u64) << 32);
        let perm = (0..4).fold(0u32, |r, i| {
            let s = (sel >> (4 * i)) & 7;
            r | (((both >> (8 * s)) & 0xFF) as u32) << (8 * i)
        });
        let mix = (ub & 0xFF00_FF00) | (ua & 0x00FF_00FF);
        out.extend([
            s24(ia).wrapping_mul(s24(ib)) as u32,
            (ua & 0xFF_FFFF).wrapping_mul(ub & 0xFF_FFFF),
            ((ia as i64 * ib as i64) >> 32) as u32,
            ((ua as u64 * ub as u64) >> 32) as u32,
            ((ia as i64 - ib as i64).unsigned_abs() as u32).wrapping_add(uc),
            ua.abs_diff(ub).wrapping_add(uc),
            dot(8, 8, 0, true),
            dot(8, 8, 0, false),
            dot(16, 8, 0, true),
            dot(16, 8, 2, true),
            dot(16, 8, 0, false),
            dot(16, 8, 2, false),
            lanes(ua, ub, 8, false, |p, q| (p - q).abs()),
            lanes(ua, ub, 8, false, |p, q| p + q),
            lanes(ua, ub, 8, false, |p, q| p - q),
            lanes(ua, ub, 16, false, |p, q| p + q),
            lanes(ua, ub, 16, false, |p, q| p - q),
            lanes(ua, ub, 16, false, |p, q| (p - q).abs()),
            lanes(ua, ub, 8, false, |p, q| p.max(q)),
            lanes(ua, ub, 8, false, |p, q| p.min(q)),
            lanes(ua, ub, 16, true, |p, q| p.max(q)),
            lanes(ua, mix, 8, false, |p, q| if p == q { 0xFF } else { 0 }),
            lanes(ua, ub, 8, false, |p, q| (p + q + 1) >> 1),
            perm,
            ua.count_ones(),
            ia.leading_zeros(),
            if ia == 0 { 0 } else { ia.trailing_zeros() + 1 },
            ua.reverse_bits(),
            lanes(ua, ub, 8, false, |p, q| (p < q) as i64),
            lanes(ua, ub, 8, true, |p, q| (p - q).abs()),
            ((ia as i64 + ib as i64) >> 1) as u32,
            ((ua as u64 + ub as u64 + 1) >> 1) as u32,
        ]);
        let _ = ic;
        let (lx, ly) = (x[t] as i64, y[t] as i64);
        out64.extend([
            ((lx as i128 * ly as i128) >> 64) as u64,
            ((x[t] as u128 * y[t] as u128) >> 64) as u64,
            x[t].count_ones() as u64,
            x[t].reverse_bits(),
        ]);
    }
    compare(o, "out", &out, u32s)?;
    compare(o, "out64", &out64, u64s)
}

pub(crate) fn i32s(b: &[u8]) -> Vec<i32> {
    u32s(b).into_iter().map(|x| x as i32).collect()
}

/// `sync_timers.cu`: the block's count of positive inputs, whether all exceed -90, whether
/// any exceeds 95; then three timers that did not run backwards.
fn sync_timers(l: &Launch, o: &Outcome) -> Result<(), String> {
    let input = i32s(&input(l, "in"));
    let block = l.block[0] as usize;
    let mut out = Vec::new();
    for t in 0..input.len() {
        let b = &input[t / block * block..(t / block + 1) * block];
        out.extend([
            b.iter().filter(|&&v| v > 0).count() as i32,
            b.iter().all(|&v| v > -90) as i32,
            b.iter().any(|&v| v > 95) as i32,
            1,
            1,
            1,
        ]);
    }
    compare(o, "out", &out, i32s)
}

/// `address_spaces.cu`: each predicate true exactly for its own space, and shared offsets
/// 4 bytes apart (plus the thread's stored value, `g[t] + t`).
fn address_spaces(l: &Launch, o: &Outcome) -> Result<(), String> {
    let g = i32s(&input(l, "g"));
    let mut out = Vec::new();
    for (t, &v) in g.iter().enumerate() {
        out.extend([1, 0, 1, 0, 1, 0, 1, 0, 4 * t as i32 + v + t as i32]);
    }
    compare(o, "out", &out, i32s)
}

/// `cache_hints.cu`: every load form reads the same value, so the sums are plain arithmetic
/// on the inputs (`21·i`; the float4 and int2 combinations; `d + d/2`; `u[t] ^ u[t+1]`).
fn cache_hints(l: &Launch, o: &Outcome) -> Result<(), String> {
    let i = i32s(&input(l, "i"));
    let f: Vec<f32> = u32s(&input(l, "f4"))
        .into_iter()
        .map(f32::from_bits)
        .collect();
    let i2 = i32s(&input(l, "i2"));
    let d: Vec<f64> = u64s(&input(l, "d"))
        .into_iter()
        .map(f64::from_bits)
        .collect();
    let u = u64s(&input(l, "u"));
    let (mut oi, mut of4, mut oi2, mut od, mut ou) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for t in 0..i.len() {
        let si = i[t].wrapping_mul(21);
        oi.extend([
            si,
            si.wrapping_add(1),
            si.wrapping_add(2),
            si.wrapping_add(3),
        ]);
        let v = &f[4 * t..4 * t + 4];
        of4.extend(
            [
                v[0] + v[1] + v[2] + v[3],
                v[1] * 2.0,
                v[2] - v[0],
                v[0] + v[3],
            ]
            .map(f32::to_bits),
        );
        let (x, y) = (i2[2 * t], i2[2 * t + 1]);
        oi2.extend([x.wrapping_add(y), y.wrapping_sub(x)]);
        od.push((d[t] + d[t] * 0.5).to_bits());
        ou.push(u[t] ^ u[t + 1]);
    }
    compare(o, "oi", &oi, i32s)?;
    compare(o, "of4", &of4, u32s)?;
    compare(o, "oi2", &oi2, i32s)?;
    compare(o, "od", &od, u64s)?;
    compare(o, "ou", &ou, u64s)
}

/// `grid_constant.cu`: the parameter is `{n: 3, k: [1.5, -2, 0.25, 10]}` (the launch file's
/// bytes); each thread computes `k[t % 4] * 2 + (n + 7)`.
fn grid_constant(o: &Outcome) -> Result<(), String> {
    let k = [1.5f32, -2.0, 0.25, 10.0];
    let want: Vec<u32> = (0..32).map(|t| (k[t % 4] * 2.0 + 10.0).to_bits()).collect();
    compare(o, "out", &want, u32s)
}
