//! Cooperative-groups algorithms and groups (issue 13): every kernel in `tests/kernels/cg/`
//! (`cg::reduce` and `cg::inclusive_scan`/`exclusive_scan` with every operator,
//! `tiled_partition(parent, n)`, `coalesced_threads()`, `meta_group_*`, `match_any`/
//! `match_all` of tiles and coalesced groups, tile shuffles and votes on every width) is
//! compiled by nvcc against NVIDIA's headers
//! (sm_75 and sm_80, where `cg::reduce` takes `redux.sync`) and by oxicc against its own
//! (sm_75, sm_80, sm_90 at -O0 and -O3); every PTX goes through ptxas, oxicc's `.entry`
//! names must equal nvcc's, and every PTX runs in the interpreter, whose buffers are compared
//! with plain Rust written from the CUDA Programming Guide's definitions.

use oxicc_emu::{Launch, Outcome, RunOptions};
use oxicc_tests::kernels::{compare_folder_with_nvcc, kernel_names_in, run_ptx};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels/cg")
}

#[test]
fn cg_kernels_match_rust_on_nvcc_and_oxicc_ptx() {
    assert!(kernel_names_in(&dir()).len() >= 4);
    let failures = compare_folder_with_nvcc(&dir(), &[75, 80], &[75, 80, 90], &|name, l, ptx| {
        check(
            name,
            l,
            ptx.sm,
            &run_ptx(ptx.text, l, &RunOptions::default())?,
        )
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn check(name: &str, l: &Launch, sm: u32, o: &Outcome) -> Result<(), String> {
    match name {
        "cg_multi_warp" => multi_warp(l, o),
        "cg_multi_warp_nested" => multi_warp_nested(l, o),
        "cg_multi_warp_sizes" if sm < 80 => compare(o, "sizes", &NVCC_MULTI_WARP_SIZES_SM75),
        "cg_multi_warp_sizes" => compare(o, "sizes", &NVCC_MULTI_WARP_SIZES_SM80),
        "cg_reduce_ops" => reduce_ops(l, o),
        "cg_scan_ops" => scan_ops(l, o),
        "cg_groups" => groups(l, o),
        "cg_match" => matches(l, o),
        "cg_tile_shuffles" => tile_shuffles(l, o),
        "cg_votes" => votes(l, o),
        "cg_tile_param" => tile_param(l, o),
        "cg_sizes" => compare(o, "out", &NVCC_SIZES),
        _ => Err(format!("no expectation for kernel {name}")),
    }
}

/// `cg_sizes.cu`: (sizeof, alignof) of each type in the kernel's order, as `nvcc -ptx` (CUDA
/// 13) computes them from NVIDIA's headers (read off its PTX, whose run in the interpreter
/// this test checks too): thread_block, grid_group, thread_block_tile<32>,
/// thread_block_tile<4>, coalesced_group, thread_group, barrier<block>,
/// pipeline_shared_state<block, 2>, pipeline<thread>, aligned_size_t<16>, the texture and
/// surface handles, cudaChannelFormatDesc, cudaTextureDesc, cudaResourceDesc.
const NVCC_SIZES: [u32; 30] = [
    24, 8, 16, 8, 16, 8, 16, 8, 16, 8, 16, 8, 8, 8, 40, 8, 2, 1, 8, 8, 8, 8, 8, 8, 20, 4, 72, 4,
    144, 8,
];

/// `cg_multi_warp_sizes.cu`: (sizeof, alignof) of block_tile_memory<256>, <1024>, <64>, <>,
/// thread_block_tile<64>, <128, thread_block>, <64, thread_block_tile<128, thread_block>>,
/// <1024>, as `nvcc -ptx` (CUDA 13) computes them. Before sm_80 block_tile_memory<N> holds
/// 32 + N / 4 bytes; from sm_80 NVIDIA's tiles use reserved shared memory and it is empty
/// (8 bytes for its alignment).
const NVCC_MULTI_WARP_SIZES_SM75: [u32; 16] =
    [96, 8, 288, 8, 48, 8, 288, 8, 16, 8, 8, 8, 8, 8, 16, 8];
const NVCC_MULTI_WARP_SIZES_SM80: [u32; 16] = [8, 8, 8, 8, 8, 8, 8, 8, 16, 8, 8, 8, 8, 8, 16, 8];

fn words(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn input(l: &Launch, name: &str) -> Vec<u32> {
    words(&l.buffers.iter().find(|b| b.name == name).expect(name).data)
}

fn compare(o: &Outcome, name: &str, want: &[u32]) -> Result<(), String> {
    let got = words(&o.buffer(name).ok_or(format!("no buffer {name}"))?.data);
    match got.iter().zip(want).position(|(g, w)| g != w) {
        _ if got.len() != want.len() => Err(format!("{name}: {} words", got.len())),
        Some(k) => Err(format!(
            "{name}[{k}] = {:#x}, expected {:#x}",
            got[k], want[k]
        )),
        None => Ok(()),
    }
}

/// `op` folded over the members of thread `t`'s tile of `size` threads; with `prefix`, only
/// over the ranks up to `t`'s own.
fn fold<T: Copy>(v: &[T], t: usize, size: usize, prefix: bool, op: impl Fn(T, T) -> T) -> T {
    let first = t / size * size;
    let last = if prefix { t } else { first + size - 1 };
    (first + 1..=last).fold(v[first], |acc, k| op(acc, v[k]))
}

fn reduce_ops(l: &Launch, o: &Outcome) -> Result<(), String> {
    let v: Vec<i32> = input(l, "in").into_iter().map(|x| x as i32).collect();
    let u: Vec<u32> = v
        .iter()
        .map(|&x| (x as u32).wrapping_mul(2654435761))
        .collect();
    let f: Vec<f32> = input(l, "fin").into_iter().map(f32::from_bits).collect();
    let (mut out, mut uout, mut fout) = (Vec::new(), Vec::new(), Vec::new());
    for t in 0..v.len() {
        let r = |s, op: fn(i32, i32) -> i32| fold(&v, t, s, false, op) as u32;
        out.extend([
            r(32, i32::wrapping_add),
            r(32, i32::min),
            r(32, i32::max),
            r(8, i32::wrapping_add),
            r(16, i32::min),
            r(8, i32::max),
        ]);
        let q = |s, op: fn(u32, u32) -> u32| fold(&u, t, s, false, op);
        uout.extend([
            q(32, |a, b| a & b),
            q(32, |a, b| a | b),
            q(32, |a, b| a ^ b),
            q(16, |a, b| a & b),
            q(8, |a, b| a | b),
            q(16, u32::wrapping_add),
        ]);
        let g = |s, op: fn(f32, f32) -> f32| fold(&f, t, s, false, op).to_bits();
        fout.extend([g(32, |a, b| a + b), g(8, f32::max), g(16, f32::min)]);
    }
    compare(o, "out", &out)?;
    compare(o, "uout", &uout)?;
    compare(o, "fout", &fout)
}

fn scan_ops(l: &Launch, o: &Outcome) -> Result<(), String> {
    let u = input(l, "in");
    let v: Vec<i32> = u.iter().map(|&x| x as i32).collect();
    let (mut inc, mut exc) = (Vec::new(), vec![0u32; 6 * v.len()]);
    let si = |t, s, op: fn(i32, i32) -> i32| fold(&v, t, s, true, op) as u32;
    let su = |t, s, op: fn(u32, u32) -> u32| fold(&u, t, s, true, op);
    for t in 0..v.len() {
        inc.extend([
            si(t, 32, i32::wrapping_add),
            si(t, 32, i32::min),
            si(t, 16, i32::max),
            su(t, 32, |a, b| a & b),
            su(t, 16, |a, b| a | b),
            su(t, 32, |a, b| a ^ b),
            si(t, 16, i32::wrapping_add),
            si(t, 32, i32::max),
        ]);
        // Exclusive: the inclusive value of the rank before (plus: 0 at rank 0).
        let e = &mut exc[6 * t..6 * t + 6];
        if t % 32 != 0 {
            e[0] = si(t - 1, 32, i32::wrapping_add);
            e[2] = si(t - 1, 32, i32::min);
            e[4] = su(t - 1, 32, |a, b| a ^ b);
            e[5] = su(t - 1, 32, |a, b| a | b);
        }
        if t % 16 != 0 {
            e[1] = si(t - 1, 16, i32::wrapping_add);
            e[3] = si(t - 1, 16, i32::max);
        }
    }
    compare(o, "inc", &inc)?;
    compare(o, "exc", &exc)
}

/// Bits of `lanes` (lanes of a warp) renumbered by rank within `group` (also lanes).
fn pack(group: u32, lanes: u32) -> u32 {
    (0..32)
        .filter(|l| group >> l & 1 == 1)
        .enumerate()
        .map(|(rank, l)| (lanes >> l & 1) << rank)
        .sum()
}

fn groups(l: &Launch, o: &Outcome) -> Result<(), String> {
    let v: Vec<i32> = input(l, "in").into_iter().map(|x| x as i32).collect();
    let n = v.len();
    let mut dyn_ = Vec::new();
    for t in 0..n {
        for s in [4usize, 8, 16, 32] {
            dyn_.extend([(t % s) as u32, s as u32]);
        }
    }
    let mut coal = vec![-7i32 as u32; 8 * n];
    for w in 0..n / 32 {
        let lanes: Vec<usize> = (0..32).filter(|&l| v[w * 32 + l] % 3 != 0).collect();
        let val = |r: usize| v[w * 32 + lanes[r]];
        let ballot: u32 = lanes
            .iter()
            .enumerate()
            .map(|(r, &l)| ((v[w * 32 + l] > 0) as u32) << r)
            .sum();
        for (r, &lane) in lanes.iter().enumerate() {
            let s = lanes.len();
            coal[8 * (w * 32 + lane)..8 * (w * 32 + lane) + 8].copy_from_slice(&[
                s as u32,
                r as u32,
                ballot,
                lanes.iter().any(|&l| v[w * 32 + l] > 900) as u32,
                lanes.iter().all(|&l| v[w * 32 + l] > -1000) as u32,
                val(0) as u32,
                val(if r >= 1 { r - 1 } else { r }) as u32,
                val(if r + 2 < s { r + 2 } else { r }) as u32,
            ]);
        }
    }
    let meta: Vec<u32> = (0..n)
        .flat_map(|t| [t / 8, n / 8, t / 32, 32, n].map(|x| x as u32))
        .collect();
    compare(o, "dyn", &dyn_)?;
    compare(o, "coal", &coal)?;
    compare(o, "meta", &meta)
}

fn matches(l: &Launch, o: &Outcome) -> Result<(), String> {
    let inp = input(l, "in");
    let key: Vec<u32> = inp.iter().map(|&x| x & 3).collect();
    let n = key.len();
    // Rank bits of the members of `t`'s tile of `size` whose `val` equals t's.
    let same = |val: &dyn Fn(usize) -> u32, t: usize, size: usize| -> u32 {
        let first = t / size * size;
        (0..size)
            .filter(|&r| val(first + r) == val(t))
            .map(|r| 1u32 << r)
            .sum()
    };
    let full = |size: usize| {
        if size == 32 {
            u32::MAX
        } else {
            (1 << size) - 1
        }
    };
    let (mut any, mut all, mut pred) = (Vec::new(), Vec::new(), Vec::new());
    let k = |t: usize| key[t];
    let wv = |t: usize| if t < 32 { 7 } else { key[t] };
    let hv = |t: usize| if t < 48 { 5 } else { key[t] };
    for t in 0..n {
        any.extend([same(&k, t, 32), same(&k, t, 16)]);
        let p0 = same(&wv, t, 32) == full(32);
        let p1 = same(&hv, t, 16) == full(16);
        all.extend([if p0 { full(32) } else { 0 }, if p1 { full(16) } else { 0 }]);
        pred.extend([p0 as u32, p1 as u32]);
    }
    let mut coal = vec![7u32; 2 * n];
    for w in 0..n / 32 {
        let group: u32 = (0..32)
            .filter(|&l| !inp[w * 32 + l].is_multiple_of(5))
            .map(|l| 1u32 << l)
            .sum();
        for l in (0..32).filter(|l| group >> l & 1 == 1) {
            let t = w * 32 + l;
            let lanes: u32 = (0..32)
                .filter(|&j| group >> j & 1 == 1 && key[w * 32 + j] == key[t])
                .map(|j| 1u32 << j)
                .sum();
            coal[2 * t] = pack(group, lanes);
            coal[2 * t + 1] = pack(group, group) | 1 << 31;
        }
    }
    compare(o, "any", &any)?;
    compare(o, "all", &all)?;
    compare(o, "pred", &pred)?;
    compare(o, "coal", &coal)
}

fn tile_shuffles(l: &Launch, o: &Outcome) -> Result<(), String> {
    let v: Vec<i64> = input(l, "in")
        .into_iter()
        .map(|x| x as i32 as i64)
        .collect();
    let n = v.len();
    let mut out = vec![0i64; 4 * n * 6];
    for (k, s) in [4usize, 8, 16, 32].into_iter().enumerate() {
        for t in 0..n {
            let (r, b) = (t % s, t - t % s);
            let o = &mut out[(t + n * k) * 6..(t + n * k) * 6 + 6];
            o[0] = v[b + (r + 3) % s];
            o[1] = v[b + (r ^ (s / 2))];
            o[2] = if r + 1 < s { v[t + 1] } else { v[t] };
            o[3] = if r >= 2 { v[t - 2] } else { v[t] };
            o[4] = (v[b + (r ^ 1)] as f64 * 0.25).to_bits() as i64;
            o[5] = ((v[b] << 32) ^ 0x1_2345_6789).wrapping_add(v[b + 1] as f32 as i64);
        }
    }
    let got = &o.buffer("out").ok_or("no buffer out")?.data;
    let got: Vec<i64> = got
        .chunks(8)
        .map(|c| i64::from_le_bytes(c.try_into().unwrap()))
        .collect();
    match got.iter().zip(&out).position(|(g, w)| g != w) {
        Some(k) => Err(format!("out[{k}] = {:#x}, expected {:#x}", got[k], out[k])),
        None if got.len() == out.len() => Ok(()),
        None => Err("out: wrong length".into()),
    }
}

fn votes(l: &Launch, o: &Outcome) -> Result<(), String> {
    let v: Vec<i32> = input(l, "in").into_iter().map(|x| x as i32).collect();
    let n = v.len();
    let mut out = Vec::new();
    for t in 0..n {
        for s in [4usize, 8, 16, 32] {
            let tile = &v[t - t % s..t - t % s + s];
            let ballot: u32 = tile
                .iter()
                .enumerate()
                .map(|(r, &x)| ((x > 0) as u32) << r)
                .sum();
            let any = tile.iter().any(|&x| x > 900) as u32;
            let all = tile.iter().all(|&x| x > -900) as u32;
            out.push(ballot ^ any << 28 ^ all << 29);
        }
    }
    let ring: Vec<u32> = (0..n)
        .map(|t| v[(t & !15) + ((t + 1) & 15)] as u32)
        .collect();
    let idx: Vec<u32> = (0..n)
        .flat_map(|t| [t % 16, t / 16, 1641, n].map(|x| x as u32))
        .collect();
    compare(o, "out", &out)?;
    compare(o, "ring", &ring)?;
    compare(o, "idx", &idx)
}

/// `cg_tile_param.cu`: a 16-tile's shuffle-down sum (lanes past the tile keep their own
/// value at each step), a warp's xor-butterfly maximum, `rank · 100 + 16`, and an 8-tile's
/// first value plus the rank.
fn tile_param(l: &Launch, o: &Outcome) -> Result<(), String> {
    let x: Vec<i32> = input(l, "in").into_iter().map(|v| v as i32).collect();
    let mut sum = x.clone();
    let mut off = 8;
    while off > 0 {
        let prev = sum.clone();
        for (i, s) in sum.iter_mut().enumerate() {
            if i % 16 + off < 16 {
                *s += prev[i + off];
            } else {
                *s += prev[i];
            }
        }
        off /= 2;
    }
    let mut want = Vec::new();
    for i in 0..64 {
        let warp_max = *x[i / 32 * 32..i / 32 * 32 + 32].iter().max().unwrap();
        want.extend([
            sum[i],
            warp_max,
            (i % 16) as i32 * 100 + 16,
            x[i / 8 * 8] + (i % 8) as i32,
        ]);
    }
    let want: Vec<u32> = want.into_iter().map(|v| v as u32).collect();
    compare(o, "out", &want)
}

/// `cg_multi_warp.cu` (one block of 256): per thread and tile size N = 64, 128, 256 seven
/// words: rank + 1000 size + 100000 num_threads; meta-group rank + 100 meta-group size; the
/// tile's wrapping sum, maximum and XOR of the hashed values; the value of the mirrored rank
/// plus 3 times rank 5's; any(v > 99000) + 2 all(v > -100001) + 4 all(v > 0).
fn multi_warp(l: &Launch, o: &Outcome) -> Result<(), String> {
    let v: Vec<i32> = input(l, "in").into_iter().map(|x| x as i32).collect();
    let h: Vec<u32> = v
        .iter()
        .map(|&x| (x as u32).wrapping_mul(2654435761))
        .collect();
    let mut out = Vec::new();
    for t in 0..v.len() {
        for n in [64usize, 128, 256] {
            let (base, r) = (t / n * n, t % n);
            let tile = &v[base..base + n];
            out.extend([
                (r + 1000 * n + 100000 * n) as u32,
                (t / n + 100 * (256 / n)) as u32,
                fold(&v, t, n, false, i32::wrapping_add) as u32,
                fold(&v, t, n, false, i32::max) as u32,
                fold(&h, t, n, false, |a, b| a ^ b),
                v[base + n - 1 - r].wrapping_add(3 * v[base + 5]) as u32,
                (tile.iter().any(|&x| x > 99000) as u32)
                    + 2 * (tile.iter().all(|&x| x > -100001) as u32)
                    + 4 * (tile.iter().all(|&x| x > 0) as u32),
            ]);
        }
    }
    compare(o, "out", &out)
}

/// `cg_multi_warp_nested.cu`: sums over tiles of 128 and minima over tiles of 64 (inside the
/// tiles of 128) of the inputs; per thread the 128-tile's meta-group rank + 100 size, the
/// 64-tile's (relative to its parent of 128), its rank, and the sum of its thread indices.
fn multi_warp_nested(l: &Launch, o: &Outcome) -> Result<(), String> {
    let f: Vec<f32> = input(l, "fin").into_iter().map(f32::from_bits).collect();
    let n = f.len();
    let mut fout: Vec<u32> = (0..n)
        .map(|t| fold(&f, t, 128, false, |a, b| a + b).to_bits())
        .collect();
    fout.extend((0..n).map(|t| fold(&f, t, 64, false, f32::min).to_bits()));
    let idx: Vec<u32> = (0..n as u32).collect();
    let mut uout = Vec::new();
    for t in 0..n {
        uout.extend([
            (t / 128 + 200) as u32,
            (t % 128 / 64 + 200) as u32,
            (t % 64) as u32,
            fold(&idx, t, 64, false, u32::wrapping_add),
        ]);
    }
    compare(o, "fout", &fout)?;
    compare(o, "uout", &uout)
}
