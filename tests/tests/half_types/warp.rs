//! Expected buffers of `tests/kernels/half_warp/half_warp.cu`: CUDA's shuffle semantics
//! (the lane a value comes from, within segments of `width` lanes) applied to the
//! launch's input bits, the `__half2` butterfly reduction with binary16 rounding
//! (`f16.rs`), and the atomic sums computed exactly in f64 and rounded once (every
//! partial sum is exact in the kernel, so the order of the atomics does not matter).

use super::expect::{compare, input, u16s, u32s};
use super::{bf16, f16};
use oxicc_emu::{Launch, Outcome};

const THREADS: usize = 64;

/// The thread a shuffle of thread `t` reads (its own when the source lane is out of its
/// segment), for `__shfl_sync` (`idx`), `__shfl_up_sync`, `__shfl_down_sync`, `__shfl_xor_sync`.
#[derive(Clone, Copy)]
enum Shfl {
    Idx(usize),
    Up(usize),
    Down(usize),
    Xor(usize),
}

fn source(t: usize, s: Shfl, width: usize) -> usize {
    let warp = t & !31;
    let lane = t & 31;
    let seg = lane / width * width;
    let lane = match s {
        Shfl::Idx(src) => seg + src % width,
        Shfl::Up(d) if lane - seg >= d => lane - d,
        Shfl::Down(d) if lane - seg + d < width => lane + d,
        Shfl::Xor(m) if (lane ^ m) / width == lane / width => lane ^ m,
        _ => lane,
    };
    warp + lane
}

fn shuffled<T: Copy>(v: &[T], s: Shfl, width: usize) -> Vec<T> {
    (0..THREADS).map(|t| v[source(t, s, width)]).collect()
}

fn le16(v: &[u16]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn le32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Interleaves two per-thread results: `[x[0], y[0], x[1], y[1], …]`.
fn zip2<T: Copy>(x: &[T], y: &[T]) -> Vec<T> {
    x.iter().zip(y).flat_map(|(&p, &q)| [p, q]).collect()
}

fn hadd2(p: u32, q: u32) -> u32 {
    let add = |x: u32, y: u32| {
        let s = f16::to_f64(x as u16) + f16::to_f64(y as u16);
        f16::rn(s) as u32
    };
    add(p & 0xffff, q & 0xffff) | add(p >> 16, q >> 16) << 16
}

/// `init` plus the sum of `f(t)` over the threads (exact in f64), and its bits as
/// `round` gives them.
fn sum(init: f64, f: impl Fn(usize) -> i32, round: fn(f64) -> u16) -> u16 {
    round(init + (0..THREADS).map(|t| f(t) as f64).sum::<f64>())
}

pub fn half_warp(l: &Launch, o: &Outcome) -> Result<(), String> {
    let a = u32s(&input(l, "a"));
    let b = u16s(&input(l, "b"));
    let c = u16s(&input(l, "c"));
    let d = u32s(&input(l, "d"));

    let mut v = a.clone();
    for m in [16, 8, 4, 2, 1] {
        let other = shuffled(&v, Shfl::Xor(m), 32);
        v = v.iter().zip(&other).map(|(&p, &q)| hadd2(p, q)).collect();
    }
    compare(o, "red", &le32(&v), 4)?;

    let bc = zip2(
        &shuffled(&b, Shfl::Idx(5), 32),
        &shuffled(&b, Shfl::Idx(3), 8),
    );
    compare(o, "bc", &le16(&bc), 2)?;
    let hs = zip2(
        &shuffled(&c, Shfl::Down(3), 32),
        &shuffled(&c, Shfl::Xor(6), 16),
    );
    compare(o, "hs", &le16(&hs), 2)?;
    let bs = zip2(
        &shuffled(&d, Shfl::Up(2), 16),
        &shuffled(&d, Shfl::Down(1), 4),
    );
    compare(o, "bs", &le32(&bs), 4)?;

    // The float (and int) shuffles move the bits unchanged.
    let e = u32s(&input(l, "e"));
    let from_int: Vec<u32> = (0..THREADS)
        .map(|t| ((1000 * source(t, Shfl::Idx(9), 32) + 7) as f32).to_bits())
        .collect();
    let fs = zip2(&shuffled(&e, Shfl::Xor(1), 32), &from_int);
    compare(o, "fs", &le32(&fs), 4)?;

    let i = |t: usize| t as i32;
    let acc2 = [
        sum(1.0, |t| i(t) % 7 - 3, f16::rn),
        sum(1.0, |t| i(t) % 5, f16::rn),
    ];
    compare(o, "acc2", &le16(&acc2), 2)?;
    compare(o, "acc", &le16(&[sum(0.5, |t| i(t) % 3 + 1, f16::rn)]), 2)?;
    let bacc2 = [
        sum(-2.0, |t| i(t) % 4 - 1, bf16::rn),
        sum(-2.0, |t| 2 - i(t) % 3, bf16::rn),
    ];
    compare(o, "bacc2", &le16(&bacc2), 2)?;
    compare(o, "bacc", &le16(&[sum(4.0, |t| i(t) % 6 - 2, bf16::rn)]), 2)
}
