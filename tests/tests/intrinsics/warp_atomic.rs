//! Expected buffers of `atomics_types.cu` and `shuffles64.cu`, from the CUDA Programming
//! Guide's definitions of each atomic function (applied in any order: every result here is
//! order-independent) and of the shuffle modes (a source outside the segment of `width`
//! lanes leaves the lane's own value).

use super::expect::{compare, i32s, input, u32s, u64s};
use oxicc_emu::{Launch, Outcome};

pub fn atomics_types(l: &Launch, o: &Outcome) -> Result<(), String> {
    let v = i32s(&input(l, "in"));
    let slot = i32s(&input(l, "slot_i"));
    let sum: i32 = v.iter().fold(0i32, |a, &x| a.wrapping_add(x));
    let (min, max) = (*v.iter().min().unwrap(), *v.iter().max().unwrap());
    let xor = v.iter().fold(0, |a, &x| a ^ x);
    let ci = [
        sum,
        sum.wrapping_neg(),
        min.min(0),
        max.max(0),
        0,
        -1,
        xor,
        sum.wrapping_mul(2),
        sum.wrapping_mul(3),
        max.max(0),
    ];
    let vu: Vec<u32> = v.iter().map(|&x| x as u32).collect();
    let cu = [
        vu.iter().fold(100u32, |a, &x| a.wrapping_add(x)),
        vu.iter().copied().fold(100, u32::min),
        vu.iter().copied().fold(100, u32::max),
        164,
        36,
    ];
    let vl: Vec<u64> = v.iter().map(|&x| x as i64 as u64).collect();
    let start = 4_000_000_000u64;
    let cull = [
        vl.iter().fold(start, |a, &x| a.wrapping_add(x)),
        vl.iter().copied().fold(start, u64::min),
        vl.iter().copied().fold(start, u64::max),
        0,
        u64::MAX,
        vl.iter().fold(start, |a, &x| a ^ (x << 20)),
    ];
    let cll = [
        (min as i64 * 1_000_000).min(0) as u64,
        (max as i64 * 1_000_000).max(0) as u64,
    ];
    let cf = [0.5 + sum as f32, 0.5 + 2.0 * sum as f32].map(f32::to_bits);
    let cd = [0.25 + sum as f64, 0.25 + sum as f64 * 0.5].map(f64::to_bits);
    let n = v.len();
    let mut slot_i: Vec<i32> = (0..n).map(|t| slot[t] + slot[t + n]).collect();
    slot_i.extend(&v);
    compare(o, "ci", &ci, i32s)?;
    compare(o, "cu", &cu, u32s)?;
    compare(o, "cull", &cull, u64s)?;
    compare(o, "cll", &cll, u64s)?;
    compare(o, "cf", &cf, u32s)?;
    compare(o, "cd", &cd, u64s)?;
    compare(o, "slot_i", &slot_i, i32s)?;
    compare(o, "slot_u", &vec![0u64; n], u64s)?;
    compare(o, "slot_f", &vec![3.5f32.to_bits(); n], u32s)
}

pub fn shuffles64(l: &Launch, o: &Outcome) -> Result<(), String> {
    let x = u64s(&input(l, "x"));
    let d = u64s(&input(l, "d"));
    let (mut out, mut od, mut ou) = (Vec::new(), Vec::new(), Vec::new());
    for t in 0..x.len() {
        let (lane, base) = (t % 32, t - t % 32);
        out.extend([
            x[base + (lane * 7) % 32],
            if lane >= 3 { x[t - 3] } else { x[t] },
            if lane + 5 < 32 { x[t + 5] } else { x[t] },
            x[base + (lane ^ 9)],
        ]);
        od.extend([d[base + 31 - lane], d[base + (lane ^ 1)]]);
        ou.push(if lane % 8 + 2 < 8 { x[t + 2] } else { x[t] });
    }
    compare(o, "o", &out, u64s)?;
    compare(o, "od", &od, u64s)?;
    compare(o, "ou", &ou, u64s)
}
