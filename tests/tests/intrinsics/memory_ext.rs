//! Expected buffers of the memory kernels added for the rest of issue 13's list: cache hints
//! on 8- and 16-bit vectors, `__managed__` variables, 16-bit `atomicCAS` and (sm_90) vector
//! `atomicAdd` — each from the kernel's own description in plain Rust.

use super::expect::{compare, i32s, input, u32s, u64s};
use oxicc_emu::{Launch, Outcome};

fn u16s(b: &[u8]) -> Vec<u16> {
    b.chunks(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect()
}

fn f32s(b: &[u8]) -> Vec<f32> {
    u32s(b).into_iter().map(f32::from_bits).collect()
}

/// `cache_hints_small.cu`'s `mix` for one element size: the four-vector results (each
/// stored four times, x counting up) and the two-vector ones. Element arithmetic wraps to
/// the element's width, so signedness does not matter: it works on the raw bits.
fn mix(inp: &[u64], mask: u64) -> (Vec<u64>, Vec<u64>) {
    let (mut o4, mut o2) = (Vec::new(), Vec::new());
    for v in inp.chunks(4) {
        let r = [
            v[0].wrapping_add(v[1]) & mask,
            v[0].wrapping_sub(v[1]) & mask,
            (v[2] ^ v[3]) & mask,
            v[3],
        ];
        for k in 0..4u64 {
            o4.extend([(r[0] + k) & mask, r[1], r[2], r[3]]);
        }
        // Two-vectors: h = (v0, v1), g = j = m = (v2, v3), i = k = h.
        let s = [
            v[2].wrapping_add(v[1]).wrapping_add(v[0]) & mask,
            (v[3].wrapping_sub(v[0]) ^ v[3]) & mask,
        ];
        o2.extend([s[0], s[1], v[2], v[3], v[0], v[1], v[2], v[3]]);
    }
    (o4, o2)
}

pub(crate) fn cache_hints_small(l: &Launch, o: &Outcome) -> Result<(), String> {
    for (inp, out4, out2) in [("c", "c4", "c2"), ("uc", "uc4", "uc2")] {
        let v: Vec<u64> = input(l, inp).into_iter().map(u64::from).collect();
        let (w4, w2) = mix(&v, 0xFF);
        let bytes = |b: &[u8]| b.iter().map(|&x| x as u64).collect::<Vec<_>>();
        compare(o, out4, &w4, bytes)?;
        compare(o, out2, &w2, bytes)?;
    }
    for (inp, out4, out2) in [("s", "s4", "s2"), ("us", "us4", "us2")] {
        let v: Vec<u64> = u16s(&input(l, inp)).into_iter().map(u64::from).collect();
        let (w4, w2) = mix(&v, 0xFFFF);
        let halves = |b: &[u8]| u16s(b).into_iter().map(u64::from).collect::<Vec<_>>();
        compare(o, out4, &w4, halves)?;
        compare(o, out2, &w2, halves)?;
    }
    Ok(())
}

/// `managed_vars.cu`: `counter` starts at the launch's 1000 and gains 1 + 2 + … + 64.
pub(crate) fn managed_vars(l: &Launch, o: &Outcome) -> Result<(), String> {
    let start = l
        .globals
        .iter()
        .find(|(n, _, _)| n == "counter")
        .map(|(_, _, d)| i32::from_le_bytes(d[..4].try_into().unwrap()))
        .ok_or("no global counter in the launch")?;
    let counter = start + (1..=64).sum::<i32>();
    let table = [1.5f32, 2.0, -3.25, 4.0];
    let out: Vec<i32> = (0..64)
        .map(|t| counter * 2 + (table[t % 4] * 4.0) as i32)
        .collect();
    compare(o, "out", &out, i32s)?;
    let tab = [table[0], counter as f32, table[2], table[3]].map(f32::to_bits);
    compare(o, "tab", &tab, u32s)?;
    compare(o, "o64", &[7u64 + ((counter as u64) << 32)], u64s)
}

/// `atomic_cas16.cu`: slot t holds t; odd threads expect t and store 1000t + 1.
pub(crate) fn atomic_cas16(l: &Launch, o: &Outcome) -> Result<(), String> {
    let slot0 = u16s(&input(l, "slot"));
    let old = slot0.clone();
    let slot: Vec<u16> = slot0
        .iter()
        .enumerate()
        .map(|(t, &v)| {
            if t % 2 == 1 && v == t as u16 {
                (t as u16).wrapping_mul(1000).wrapping_add(1)
            } else {
                v
            }
        })
        .collect();
    compare(o, "old", &old, u16s)?;
    compare(o, "slot", &slot, u16s)?;
    let mut sum = u16s(&input(l, "sum"));
    for t in 0..64u16 {
        let s = &mut sum[t as usize % 4];
        *s = s.wrapping_add(t.wrapping_mul(1111));
    }
    compare(o, "sum", &sum, u16s)
}

/// `atomic_add_vec.cu` (sm_90).
pub(crate) fn atomic_add_vec(l: &Launch, o: &Outcome) -> Result<(), String> {
    let bits = |v: Vec<f32>| v.into_iter().map(f32::to_bits).collect::<Vec<_>>();
    let own2 = f32s(&input(l, "own2"));
    let own4 = f32s(&input(l, "own4"));
    let (mut n2, mut n4, mut o4) = (own2.clone(), own4.clone(), vec![0f32; 512]);
    for t in 0..64 {
        let f = t as f32;
        n2[2 * t] += f;
        n2[2 * t + 1] += -f;
        for (k, d) in [f, 0.5, -2.0 * f, 1.0].into_iter().enumerate() {
            o4[4 * t + k] = own4[4 * t + k];
            n4[4 * t + k] += d;
        }
        for (k, d) in [1.0f32, 2.0, 3.0, 4.0].into_iter().enumerate() {
            o4[256 + 4 * t + k] = own4[256 + 4 * t + k];
            n4[256 + 4 * t + k] += d;
        }
    }
    compare(o, "old2", &bits(own2), u32s)?;
    compare(o, "own2", &bits(n2), u32s)?;
    compare(o, "old4", &bits(o4), u32s)?;
    compare(o, "own4", &bits(n4), u32s)?;
    let s: f32 = (0..64).map(|t| t as f32).sum();
    compare(o, "acc2", &bits(vec![64.0, s, 32.0, -s]), u32s)?;
    compare(o, "acc4", &bits(vec![3.0 + s, 67.0, 19.0, -61.0]), u32s)
}
