//! Expected results of the harness kernels, computed independently in plain Rust on the CPU
//! from the launch's input buffers. Integer results and correctly rounded float operations
//! are compared exactly (bit for bit); approximate intrinsics use the error bounds the PTX
//! ISA documents (see `fast_math_approx`).

use oxicc_emu::{Buffer, Launch, Outcome};

type Check = Result<(), String>;

pub(crate) fn input<'a>(l: &'a Launch, name: &str) -> &'a Buffer {
    l.buffers
        .iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("launch has no buffer `{name}`"))
}

pub(crate) fn output<'a>(o: &'a Outcome, name: &str) -> Result<&'a Buffer, String> {
    o.buffer(name)
        .ok_or_else(|| format!("no output buffer `{name}`"))
}

pub(crate) fn eq_i64(name: &str, got: &[i64], want: &[i64]) -> Check {
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

pub(crate) fn eq_u32(name: &str, got: &Buffer, want: &[u32]) -> Check {
    let w: Vec<i64> = want.iter().map(|&x| x as i64).collect();
    eq_i64(name, &got.to_i64(), &w)
}

pub(crate) fn eq_i32(name: &str, got: &Buffer, want: &[i32]) -> Check {
    let w: Vec<i64> = want.iter().map(|&x| x as i64).collect();
    eq_i64(name, &got.to_i64(), &w)
}

/// Bit-exact f32 comparison (any NaN equals any NaN).
pub(crate) fn eq_f32(name: &str, got: &Buffer, want: &[f32]) -> Check {
    let g = got.to_f32();
    if g.len() != want.len() {
        return Err(format!("{name}: length {} != {}", g.len(), want.len()));
    }
    for (k, (a, b)) in g.iter().zip(want).enumerate() {
        if a.to_bits() != b.to_bits() && !(a.is_nan() && b.is_nan()) {
            return Err(format!(
                "{name}[{k}] = {a:?} ({:#x}), expected {b:?} ({:#x})",
                a.to_bits(),
                b.to_bits()
            ));
        }
    }
    Ok(())
}

pub(crate) fn eq_f64(name: &str, got: &Buffer, want: &[f64]) -> Check {
    let g = got.to_f64();
    if g.len() != want.len() {
        return Err(format!("{name}: length {} != {}", g.len(), want.len()));
    }
    for (k, (a, b)) in g.iter().zip(want).enumerate() {
        if a.to_bits() != b.to_bits() && !(a.is_nan() && b.is_nan()) {
            return Err(format!("{name}[{k}] = {a:?}, expected {b:?}"));
        }
    }
    Ok(())
}

/// Tolerance comparison: |got - want| <= abs + rel * |want|.
pub(crate) fn close(name: &str, got: f32, want: f64, abs: f64, rel: f64) -> Check {
    let err = (got as f64 - want).abs();
    if err <= abs + rel * want.abs() {
        Ok(())
    } else {
        Err(format!(
            "{name} = {got:?}, expected {want:?} within {abs:e} + {rel:e}*|x| (error {err:e})"
        ))
    }
}

pub(crate) fn i32s(b: &Buffer) -> Vec<i32> {
    b.to_i64().into_iter().map(|x| x as i32).collect()
}
pub(crate) fn u32s(b: &Buffer) -> Vec<u32> {
    b.to_i64().into_iter().map(|x| x as u32).collect()
}

/// Checks the outcome of the harness kernel `name` against its CPU computation.
pub fn check(name: &str, l: &Launch, o: &Outcome) -> Check {
    match name {
        "vec_add" => {
            let (a, b) = (input(l, "a").to_f32(), input(l, "b").to_f32());
            let want: Vec<f32> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
            eq_f32("c", output(o, "c")?, &want)
        }
        "saxpy_grid_stride" => {
            let (x, y) = (input(l, "x").to_f32(), input(l, "y").to_f32());
            // nvcc contracts a*x+y into one fused multiply-add.
            let want: Vec<f32> = x
                .iter()
                .zip(&y)
                .map(|(x, y)| 2.5f32.mul_add(*x, *y))
                .collect();
            eq_f32("y", output(o, "y")?, &want)
        }
        "reduce_shared" => {
            let x = i32s(input(l, "in"));
            let want: Vec<i32> = x
                .chunks(256)
                .map(|c| c.iter().fold(0i32, |a, b| a.wrapping_add(*b)))
                .collect();
            eq_i32("partial", output(o, "partial")?, &want)
        }
        "reduce_warp_shuffle" => {
            let x = u32s(input(l, "in"));
            eq_u32(
                "total",
                output(o, "total")?,
                &[x.iter().fold(0u32, |a, b| a.wrapping_add(*b))],
            )
        }
        "reduce_float_two_level" => {
            let x = input(l, "in").to_f32();
            // The exact shuffle tree: lane l adds lane l+off, or itself when l+off leaves the warp.
            let warp_tree = |mut v: Vec<f32>| {
                for off in [16, 8, 4, 2, 1] {
                    v = (0..32)
                        .map(|l| v[l] + if l + off < 32 { v[l + off] } else { v[l] })
                        .collect();
                }
                v[0]
            };
            let want: Vec<f32> = (0..4)
                .map(|b| {
                    let sums: Vec<f32> = (0..8)
                        .map(|w| {
                            warp_tree(
                                (0..32)
                                    .map(|l| x.get(b * 256 + w * 32 + l).copied().unwrap_or(0.0))
                                    .collect(),
                            )
                        })
                        .collect();
                    warp_tree((0..32).map(|l| if l < 8 { sums[l] } else { 0.0 }).collect())
                })
                .collect();
            eq_f32("out", output(o, "out")?, &want)
        }
        "matmul_tiled" => {
            let (a, b, n) = (input(l, "A").to_f32(), input(l, "B").to_f32(), 64);
            let mut want = vec![0f32; n * n];
            for r in 0..n {
                for c in 0..n {
                    want[r * n + c] =
                        (0..n).fold(0f32, |acc, k| a[r * n + k].mul_add(b[k * n + c], acc));
                }
            }
            eq_f32("C", output(o, "C")?, &want)
        }
        "matmul_naive_f64" => {
            let (a, b) = (input(l, "A").to_f64(), input(l, "B").to_f64());
            let (m, n, k) = (24, 20, 16);
            let mut want = vec![0f64; m * n];
            for r in 0..m {
                for c in 0..n {
                    want[r * n + c] =
                        (0..k).fold(0f64, |acc, i| a[r * k + i].mul_add(b[i * n + c], acc));
                }
            }
            eq_f64("C", output(o, "C")?, &want)
        }
        "transpose_naive" => {
            let x = u32s(input(l, "in"));
            let (rows, cols) = (40, 72);
            let mut want = vec![0u32; rows * cols];
            for r in 0..rows {
                for c in 0..cols {
                    want[c * rows + r] = x[r * cols + c];
                }
            }
            eq_u32("out", output(o, "out")?, &want)
        }
        "transpose_shared" => {
            let x = input(l, "in").to_f32();
            let (w, h) = (96, 64);
            let mut want = vec![0f32; w * h];
            for r in 0..h {
                for c in 0..w {
                    want[c * h + r] = x[r * w + c];
                }
            }
            eq_f32("out", output(o, "out")?, &want)
        }
        "scan_hillis_steele" => {
            let x = i32s(input(l, "in"));
            let want: Vec<i32> = x
                .iter()
                .scan(0i32, |s, v| {
                    *s += v;
                    Some(*s)
                })
                .collect();
            eq_i32("out", output(o, "out")?, &want)
        }
        "scan_blelloch" => {
            let x = u32s(input(l, "in"));
            let want: Vec<u32> = x
                .iter()
                .scan(0u32, |s, v| {
                    let r = *s;
                    *s += v;
                    Some(r)
                })
                .collect();
            eq_u32("out", output(o, "out")?, &want)
        }
        "scan_warp_shuffle" => {
            let x = i32s(input(l, "in"));
            let want: Vec<i32> = x
                .chunks(32)
                .flat_map(|c| {
                    c.iter()
                        .scan(0i32, |s, v| {
                            *s += v;
                            Some(*s)
                        })
                        .collect::<Vec<_>>()
                })
                .collect();
            eq_i32("out", output(o, "out")?, &want)
        }
        "histogram_shared_atomics" => {
            let mut want = vec![0u32; 64];
            input(l, "data")
                .to_i64()
                .iter()
                .for_each(|&d| want[(d & 63) as usize] += 1);
            eq_u32("bins", output(o, "bins")?, &want)
        }
        "histogram_global_atomics" => {
            let mut want = vec![0u32; 16];
            input(l, "data")
                .to_i64()
                .iter()
                .for_each(|&d| want[(d % 16) as usize] += 1);
            eq_u32("bins", output(o, "bins")?, &want)
        }
        "compact_ballot" => {
            // Warps append in any order; within the output the kept values form a permutation.
            let x = i32s(input(l, "in"));
            let mut kept: Vec<i32> = x.iter().copied().filter(|&v| v > 0).collect();
            let count = kept.len();
            eq_u32("count", output(o, "count")?, &[count as u32])?;
            let out = i32s(output(o, "out")?);
            let mut got = out[..count].to_vec();
            got.sort_unstable();
            kept.sort_unstable();
            eq_i64(
                "out (sorted prefix)",
                &got.iter().map(|&v| v as i64).collect::<Vec<_>>(),
                &kept.iter().map(|&v| v as i64).collect::<Vec<_>>(),
            )?;
            if out[count..].iter().any(|&v| v != 0) {
                return Err("out: values written beyond the count".into());
            }
            Ok(())
        }
        "stencil_1d" => {
            let x = i32s(input(l, "in"));
            let n = x.len() as i64;
            let want: Vec<i32> = (0..n)
                .map(|g| {
                    (g - 3..=g + 3)
                        .filter(|&j| j >= 0 && j < n)
                        .map(|j| x[j as usize])
                        .sum()
                })
                .collect();
            eq_i32("out", output(o, "out")?, &want)
        }
        "stencil_2d" => {
            let x = input(l, "in").to_f32();
            let (w, h) = (50usize, 30usize);
            let want: Vec<f32> = (0..w * h)
                .map(|i| {
                    let (cx, cy) = (i % w, i / w);
                    if cx == 0 || cy == 0 || cx == w - 1 || cy == h - 1 {
                        x[i]
                    } else {
                        0.25f32 * (x[i - 1] + x[i + 1] + x[i - w] + x[i + w])
                    }
                })
                .collect();
            eq_f32("out", output(o, "out")?, &want)
        }
        "cas_loop_float_max" => {
            let m = input(l, "in").to_f32().into_iter().fold(-1000f32, f32::max);
            eq_f32("result", output(o, "result")?, &[m])
        }
        "dynamic_shared_reverse" => {
            let x = i32s(input(l, "data"));
            let want: Vec<i32> = x
                .chunks(64)
                .flat_map(|c| c.iter().rev().copied().collect::<Vec<_>>())
                .collect();
            eq_i32("data", output(o, "data")?, &want)
        }
        "printf_hello" => {
            let mut want: Vec<String> = Vec::new();
            for b in 0..2 {
                for t in 0..2 {
                    want.push(format!("block {b} thread {t} k=3 f=4.500000 x=102 s=ok"));
                }
            }
            let mut got: Vec<String> = o.printf.lines().map(str::to_string).collect();
            got.sort();
            if got != want || !o.printf.ends_with('\n') {
                return Err(format!(
                    "printf output {:?}, expected the lines {want:?}",
                    o.printf
                ));
            }
            Ok(())
        }
        "warp_vote" => {
            let x = i32s(input(l, "in"));
            let want: Vec<u32> = x
                .chunks(32)
                .flat_map(|w| {
                    let all = w.iter().all(|&v| v > 0) as u32;
                    let any = w.iter().any(|&v| v > 100) as u32;
                    let ballot = w
                        .iter()
                        .enumerate()
                        .filter(|(_, &v)| v & 1 != 0)
                        .map(|(k, _)| 1u32 << k)
                        .sum::<u32>();
                    [all, any, ballot]
                })
                .collect();
            eq_u32("out", output(o, "out")?, &want)
        }
        "shfl_xor_allreduce" => {
            let x = i32s(input(l, "in"));
            let max: Vec<i32> = x
                .chunks(32)
                .flat_map(|w| vec![*w.iter().max().unwrap_or(&0); w.len()])
                .collect();
            let bcast: Vec<i32> = x.chunks(32).flat_map(|w| vec![w[7]; w.len()]).collect();
            eq_i32("max_out", output(o, "max_out")?, &max)?;
            eq_i32("bcast_out", output(o, "bcast_out")?, &bcast)
        }
        "int_bit_ops" => super::expect_more::int_bit_ops(l, o),
        "float_math" => super::expect_more::float_math(l, o),
        "double_math" => super::expect_more::double_math(l, o),
        "half_convert" => super::expect_more::half_convert(l, o),
        "fast_math_approx" => super::expect_more::fast_math_approx(l, o),
        "recursive_call" => super::expect_more::recursive_call(l, o),
        "atomics_mix" => super::expect_more::atomics_mix(l, o),
        "syncthreads_count" => super::expect_more::syncthreads_count(l, o),
        "struct_param" => super::expect_more::struct_param(l, o),
        "constant_poly" => super::expect_more::constant_poly(l, o),
        "local_array_sort" => super::expect_more::local_array_sort(l, o),
        "match_any" => super::expect_more::match_any(l, o),
        "last_block_done" => super::expect_more::last_block_done(l, o),
        "async_copy_redux" => super::expect_more::async_copy_redux(l, o),
        "grid3d_index" => super::expect_more::grid3d_index(o),
        "atomic_float_double" => super::expect_more::atomic_float_double(l, o),
        "bitonic_sort_shared" => {
            let x = i32s(input(l, "data"));
            let want: Vec<i32> = x
                .chunks(256)
                .flat_map(|c| {
                    let mut c = c.to_vec();
                    c.sort_unstable();
                    c
                })
                .collect();
            eq_i32("data", output(o, "data")?, &want)
        }
        "shuffle_width_syncwarp" => super::expect_more::shuffle_width_syncwarp(l, o),
        "inter_block_flag" => {
            eq_i32("out", output(o, "out")?, &[43])?;
            eq_i32("flag", output(o, "flag")?, &[1])
        }
        _ => Err(format!("no CPU reference for kernel `{name}`")),
    }
}
