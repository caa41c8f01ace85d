//! Expected results of the C++ suite's template-, functor-, lambda- and constexpr-heavy
//! kernels (`tests/kernels/cpp`), computed independently in plain Rust from the launch's
//! inputs. Integer kernels wrap like the GPU's 32/64-bit registers.

use super::check::*;
use oxicc_emu::{Launch, Outcome};

/// Checks kernel `name`; `None` when this module does not know it.
pub fn check(name: &str, l: &Launch, o: &Outcome) -> Option<Check> {
    Some(match name {
        "reduce_sum_int_128" => {
            let x = i32s(l, "in");
            let want: Vec<i32> = x
                .chunks(128)
                .map(|c| c.iter().fold(0i32, |a, b| a.wrapping_add(*b)))
                .collect();
            eq_i32(o, "partial", &want)
        }
        "reduce_max_u32_64" => {
            let x = u32s(l, "in");
            let want: Vec<u32> = (0..4)
                .map(|b| x.iter().skip(b * 64).take(64).copied().max().unwrap_or(0))
                .collect();
            eq_u32(o, "out", &want)
        }
        "reduce_f64_tree_256" => {
            // The tree fixes the add order: s[t] += s[t + stride] for stride 128, 64, ..., 1.
            let x = input(l, "in").to_f64();
            let want: Vec<f64> = x
                .chunks(256)
                .map(|c| {
                    let mut s = c.to_vec();
                    let mut stride = 128;
                    while stride > 0 {
                        for t in 0..stride {
                            s[t] += s[t + stride];
                        }
                        stride /= 2;
                    }
                    s[0]
                })
                .collect();
            eq_f64(o, "out", &want)
        }
        "tiled_matmul_int" => {
            let (a, b, n) = (i32s(l, "A"), i32s(l, "B"), 16usize);
            let mut c = vec![0i32; n * n];
            for r in 0..n {
                for col in 0..n {
                    c[r * n + col] = (0..n).fold(0i32, |acc, k| {
                        acc.wrapping_add(a[r * n + k].wrapping_mul(b[k * n + col]))
                    });
                }
            }
            eq_i32(o, "C", &c)
        }
        "tiled_matmul_float" => {
            // `acc += As*Bs` is fused by nvcc; the k order is 0..n across the tiles.
            let (a, b, n) = (input(l, "A").to_f32(), input(l, "B").to_f32(), 16usize);
            let mut c = vec![0f32; n * n];
            for r in 0..n {
                for col in 0..n {
                    c[r * n + col] =
                        (0..n).fold(0f32, |acc, k| a[r * n + k].mul_add(b[k * n + col], acc));
                }
            }
            eq_f32(o, "C", &c)
        }
        "functor_transform" => {
            let f = aggregate_bytes(l, 3);
            let (a, b, lo, hi) = (le_i32(f, 0), le_i32(f, 4), le_i32(f, 8), le_i32(f, 12));
            let want: Vec<i32> = i32s(l, "in")
                .iter()
                .map(|&x| a.wrapping_mul(x).wrapping_add(b).clamp(lo, hi))
                .collect();
            eq_i32(o, "out", &want)
        }
        "lambda_capture_value" => {
            let (scale, offset) = (scalar_i32(l, 3), scalar_i32(l, 4));
            let want: Vec<i32> = i32s(l, "in")
                .iter()
                .enumerate()
                .map(|(i, &x)| {
                    // Grid-stride over 2 blocks of 64: the captured bias is the block of the
                    // thread that handles element i.
                    let bias = ((i % 128) / 64) as i32;
                    x.wrapping_mul(scale)
                        .wrapping_add(offset)
                        .wrapping_add(bias)
                })
                .collect();
            eq_i32(o, "out", &want)
        }
        "lambda_capture_ref" => {
            let (x, threshold) = (i32s(l, "in"), scalar_i32(l, 4));
            let n = x.len();
            let (mut count, mut sum) = (vec![0; n], vec![0; n]);
            for i in 0..n {
                for k in 0..8 {
                    let v = x[(i + k) % n];
                    if v > threshold {
                        count[i] += 1;
                        sum[i] += v;
                    }
                }
            }
            all([eq_i32(o, "count", &count), eq_i32(o, "sum", &sum)])
        }
        "generic_lambda" => {
            let (a, b) = (u32s(l, "a"), i32s(l, "b"));
            let mixed: Vec<u32> = a
                .iter()
                .zip(&b)
                .map(|(&a, &b)| {
                    let b = b as u32;
                    ((a ^ b).wrapping_mul(3)).wrapping_add(a & b)
                })
                .collect();
            let squares: Vec<i64> = a
                .iter()
                .zip(&b)
                .map(|(&a, &b)| (b as i64) * (b as i64) + ((a & 0xff) as i64).pow(2))
                .collect();
            all([eq_u32(o, "out_u", &mixed), eq_ints(o, "out_l", &squares)])
        }
        "lambda_for_each" => {
            let (n, base) = (scalar_i32(l, 1), scalar_i32(l, 2));
            let want: Vec<i32> = (0..n)
                .map(|i| {
                    let v = base + i;
                    v.wrapping_mul(v).wrapping_sub(i)
                })
                .collect();
            eq_i32(o, "out", &want)
        }
        "lambda_block_reduce" => {
            let x = i32s(l, "in");
            let want: Vec<i32> = x
                .chunks(128)
                .flat_map(|c| {
                    [
                        c.iter().fold(0, |a, b| a ^ b),
                        *c.iter().min().expect("block"),
                    ]
                })
                .collect();
            eq_i32(o, "out", &want)
        }
        "constexpr_crc_table" => {
            let data = ints(l, "data");
            let want: Vec<u32> = data
                .chunks(32)
                .map(|record| {
                    // Bitwise CRC-32 (reflected, polynomial 0xEDB88320), no table.
                    let mut c = 0xFFFF_FFFFu32;
                    for &byte in record {
                        c ^= byte as u32;
                        for _ in 0..8 {
                            c = if c & 1 != 0 {
                                0xEDB8_8320 ^ (c >> 1)
                            } else {
                                c >> 1
                            };
                        }
                    }
                    !c
                })
                .collect();
            eq_u32(o, "crc", &want)
        }
        "constexpr_functions" => {
            let choose9 = |k: i32| -> i32 {
                (0..k).fold(1i64, |acc, j| acc * (9 - j as i64) / (j as i64 + 1)) as i32
            };
            let want: Vec<i32> = i32s(l, "k_in")
                .iter()
                .map(|&k| choose9(k.rem_euclid(10)) * 32 + 81)
                .collect();
            eq_i32(o, "out", &want)
        }
        "enum_class_dispatch" => {
            let (ops, operands) = (ints(l, "ops"), i32s(l, "operands"));
            let len = ops.len();
            let want: Vec<i32> = (0..operands.len() / len)
                .map(|i| {
                    let mut acc = i as i32;
                    for (k, op) in ops.iter().enumerate() {
                        let b = operands[i * len + k];
                        acc = match op % 6 {
                            0 => acc.wrapping_add(b),
                            1 => acc.wrapping_sub(b),
                            2 => acc.wrapping_mul(b),
                            3 => acc ^ b,
                            4 => acc.wrapping_shl((b & 15) as u32),
                            _ => acc.max(b),
                        };
                    }
                    acc
                })
                .collect();
            eq_i32(o, "out", &want)
        }
        "variadic_sum" => {
            let a = i32s(l, "a");
            let n = a.len();
            let (mut sums, mut means, mut xors) = (vec![], vec![], vec![]);
            for i in 0..n {
                let (x, y, z) = (a[i], a[(i + 1) % n], a[(i + 2) % n]);
                sums.push(
                    x.wrapping_add(y)
                        .wrapping_add(z)
                        .wrapping_add(7)
                        .wrapping_mul(5),
                );
                means.push((x + y + z + i as i32) / 4);
                xors.push(x as i64 ^ y as i64 ^ 123_456_789_012i64 ^ z as i64);
            }
            all([
                eq_i32(o, "sums", &sums),
                eq_i32(o, "means", &means),
                eq_ints(o, "xors", &xors),
            ])
        }
        "if_constexpr" => {
            let want: Vec<u32> = i32s(l, "in")
                .iter()
                .map(|&x| (x.wrapping_shl(1) ^ (x >> 31)) as u32)
                .collect();
            eq_u32(o, "out", &want)
        }
        "if_constexpr_float" => {
            let want: Vec<f64> = input(l, "in").to_f64().iter().map(|x| x * 0.25).collect();
            eq_f64(o, "out", &want)
        }
        "fold_logic" => {
            let x = i32s(l, "in");
            let n = x.len();
            let want: Vec<i32> = (0..n)
                .map(|i| {
                    let v = [x[i], x[(i + 1) % n], x[(i + 2) % n]];
                    let mut r = 0;
                    r += v.iter().all(|&e| e > 0) as i32;
                    r += v.iter().any(|&e| e < -50) as i32 * 2;
                    r += v.iter().filter(|&&e| e & 1 != 0).count() as i32 * 4;
                    r += 16; // an empty `&&` fold is true, an empty `||` fold false
                             // The `&&` fold stops at the first false operand.
                    let calls = v.iter().position(|&e| e <= 0).map_or(3, |p| p + 1) as i32;
                    r += v.iter().all(|&e| e > 0) as i32 * 64 + calls * 128;
                    r + 5 * 1024 + 6 * 4096 + 3 * 65536
                })
                .collect();
            eq_i32(o, "out", &want)
        }
        "forward_declared_templates" => {
            // weighted(x, k) = x·(k+1) − k; weighted(0.5f, 2) = 1.5 − 2 = −0.5, truncated to 0.
            let want: Vec<i32> = i32s(l, "in")
                .iter()
                .enumerate()
                .map(|(i, &x)| {
                    let k = (i % 5) as i32;
                    x * (k + 1) - k
                })
                .collect();
            eq_i32(o, "out", &want)
        }
        "forward_declared_class_templates" => {
            // b = copy of buf(x): v = x + 1, w = 2; get() = 2(x + 1); pick<int *> is the
            // partial specialization: 7.
            let want: Vec<i32> = i32s(l, "in")
                .iter()
                .map(|&x| (x + 1) * 2 * 10 + 7)
                .collect();
            eq_i32(o, "out", &want)
        }
        "global_scope_new" => {
            // `::new` constructs tripled(x) in out[i]: 3x, then + 1.
            let want: Vec<i32> = i32s(l, "in").iter().map(|&x| 3 * x + 1).collect();
            eq_i32(o, "out", &want)
        }
        "nested_namespace_template_hides" => {
            // outer::f = 1 + x; inner::f and d::f (the same set) = 2x.
            let want: Vec<i32> = i32s(l, "in")
                .iter()
                .map(|&x| (1 + x) * 100 + 2 * x * 10 + 2 * x)
                .collect();
            eq_i32(o, "out", &want)
        }
        "reference_packs" => {
            // bump: a = x + 1, b = 0.5·x + 1 (float); sum_of(a, b, 3) = a + (int)b + 3;
            // count of three arguments.
            let want: Vec<i32> = i32s(l, "in")
                .iter()
                .map(|&x| {
                    let a = x + 1;
                    let b = 0.5f32 * x as f32 + 1.0;
                    (a + b as i32 + 3) * 10 + 3
                })
                .collect();
            eq_i32(o, "out", &want)
        }
        "template_beside_functions" => {
            // blend(x, m): the function (x + m); blend(x, 3L): the instance (x * 3);
            // twice(m): the function shadowing twice<int> (m * 3); twice(x): x + x;
            // scale(double, float): the function (x - 0.5 in double); scale(x, 2x): x * 2x.
            let x = input(l, "in").to_f32();
            let k = i32s(l, "k");
            let mut want = Vec::new();
            for (&v, &m) in x.iter().zip(&k) {
                want.push(v + m as f32);
                want.push(v * 3.0);
                want.push((m * 3) as f32);
                want.push(v + v);
                want.push((v as f64 - 0.5) as f32);
                want.push(v * (v * 2.0));
            }
            eq_f32(o, "out", &want)
        }
        "class_conversion_init" => {
            // Tile<S, Block> converts to Tile<S> by its conversion function, which adds 1000
            // to the size; rank(v) = v & (S - 1); part(b, 4) is the function (a Group of 4);
            // wide<S> is S > 16: 1 for 32, 0 for 8.
            let x = i32s(l, "in");
            let mut want = Vec::new();
            for &v in &x {
                want.push(1032 + (v & 31));
                want.push(1008 + (v & 7));
                want.push(4);
                want.push(10);
            }
            eq_i32(o, "out", &want)
        }
        "builtin_max_beside_template" => {
            // clamp_low: t = max(x, 0.25f) * 2 in float; max(0.5, t) in double (CUDA's
            // max(double, float)), stored as float; then max(x, 0.75) in double.
            let x = input(l, "in").to_f32();
            let mut want = Vec::new();
            for &v in &x {
                let t = v.max(0.25) * 2.0;
                want.push(0.5f64.max(t as f64) as f32);
                want.push((v as f64).max(0.75) as f32);
            }
            eq_f32(o, "out", &want)
        }
        "member_class_template" => {
            // Window<4, 3>: a checked column (in[i + k] + 3, 0 past the end) summed over
            // k < 4, and an unchecked one (in[i + k] - 3) where the window fits, else -1.
            let x = i32s(l, "in");
            let n = x.len();
            let mut want = vec![0i32; 2 * n];
            for i in 0..n {
                want[2 * i] = (0..4)
                    .map(|k| if i + k >= n { 0 } else { x[i + k] + 3 })
                    .sum();
                want[2 * i + 1] = if i + 4 <= n {
                    (0..4).map(|k| x[i + k] - 3).sum()
                } else {
                    -1
                };
            }
            eq_i32(o, "out", &want)
        }
        "member_enum_template" => {
            // Transform<8>: STRIDE = 2 + 8 / 2 = 6, SIZE_ALL = 18; data[k] = in[(i + k) % n];
            // twice, for r = 1, 2: data[o + 6r] += data[o + 6(r - 1)] (o = i % 6); the result
            // is data[o + 12] + 6 * 1000 + sizeof(Buf) (72) + side(RIGHT) (18).
            let x = i32s(l, "in");
            let n = x.len();
            let want: Vec<i32> = (0..n)
                .map(|i| {
                    let mut d: Vec<i32> = (0..18).map(|k| x[(i + k) % n]).collect();
                    let o = i % 6;
                    for _ in 0..2 {
                        for r in 1..3 {
                            d[o + 6 * r] += d[o + 6 * (r - 1)];
                        }
                    }
                    d[o + 12] + 6000 + 72 + 18
                })
                .collect();
            eq_i32(o, "out", &want)
        }
        "host_launch_forms" => {
            // The instance run is scale_pass<8, true>: in[i] * 8 + 1.
            let want: Vec<i32> = i32s(l, "in").iter().map(|&v| v * 8 + 1).collect();
            eq_i32(o, "out", &want)
        }
        "member_template_launch" => {
            // sum = 1; per k: sum += 3v (weight<int>), sum += (v * 0.5f) * 2 (weight<float>,
            // add_scaled<2>), over in[(i + k) % n] for k < 4.
            let x = i32s(l, "in");
            let n = x.len();
            let want: Vec<f32> = (0..n)
                .map(|i| {
                    let mut sum = 1.0f32;
                    for k in 0..4 {
                        let v = x[(i + k) % n];
                        sum += (v * 3) as f32;
                        sum += (v as f32 * 0.5) * 2.0;
                    }
                    sum
                })
                .collect();
            eq_f32(o, "out", &want)
        }
        "explicit_instantiation" => {
            let x = input(l, "in").to_f32();
            let n = x.len();
            let want: Vec<f32> = (0..n)
                .map(|i| {
                    let (block, t) = (i / 128, i % 128);
                    let src = block * 128 + 127 - t;
                    (if src < n { x[src] } else { 0.0 }) * 128.0
                })
                .collect();
            eq_f32(o, "out", &want)
        }
        "cupy_shaped" => {
            // CuPy-shaped ufunc and reduction bodies over the stand-in CArray/CIndexer/
            // complex. `arange` and the f32 x f64 `multiply` are single correctly rounded
            // f64 operations (exact); the complex products may contract into fma (compared
            // in f64 within 1e-5 + 1e-5 relative, values below ~50); the sum's order is the
            // tree reduction's (1e-3 absolute for 300 values in [-8, 8]).
            let (x, z, w) = (
                input(l, "x").to_f32(),
                input(l, "z").to_f32(),
                input(l, "w").to_f32(),
            );
            let n = (scalar_i32(l, 10) * scalar_i32(l, 11)) as usize;
            let ar: Vec<f64> = (0..n).map(|i| -2.5 + i as f64 * 0.25).collect();
            let mul: Vec<f64> = x.iter().map(|&v| v as f64 * 0.1).collect();
            let (mut zout, mut zabs) = (vec![], vec![]);
            for i in 0..n {
                let (a, b) = (z[2 * i] as f64, z[2 * i + 1] as f64);
                let (c, d) = (w[2 * i] as f64, w[2 * i + 1] as f64);
                // in0 * in1 + conj(in0) + 0.5, then times (real(in1), 0).
                let re = (a * c - b * d + a + 0.5) * c;
                let im = (a * d + b * c - b) * c;
                zout.extend([re, im]);
                zabs.push(re.hypot(im));
            }
            let sum: f64 = x.iter().map(|&v| v as f64).sum();
            // 7 + the sum over the 128 threads of (tid - 64).
            let acc = 7 + (0..128i64).map(|t| t - 64).sum::<i64>();
            let mx = x[..128].iter().fold(-100.0f64, |m, &v| m.max(v as f64));
            all([
                eq_f64(o, "ar", &ar),
                eq_f64(o, "mul", &mul),
                close_f32(o, "zout", &zout, 1e-5, 1e-5),
                close_f32(o, "zabs", &zabs, 1e-5, 1e-5),
                close_f32(o, "sum", &[sum], 1e-3, 0.0),
                eq_ints(o, "acc", &[acc]),
                eq_f64(o, "mx", &[mx]),
            ])
        }
        "partial_specialization" => {
            let x = ints(l, "in");
            let groups: Vec<[i64; 3]> = x
                .chunks(3)
                .map(|c| [c[0] & 511, c[1] & 511, c[2] & 511])
                .collect();
            let out3: Vec<i64> = groups
                .iter()
                .map(|v| (v[0] * 1000 + v[1]) * 1000 + v[2])
                .collect();
            let out1: Vec<i64> = groups.iter().map(|v| -v[0] + 14).collect();
            all([
                eq_ints(o, "out3", &out3),
                eq_ints(o, "out1", &out1),
                eq_i32(o, "flags", &vec![2; groups.len()]),
            ])
        }
        "sfinae_enable_if" => {
            let (a, b) = (i32s(l, "a"), i32s(l, "b"));
            let di: Vec<i32> = a.iter().zip(&b).map(|(x, y)| (x - y).abs()).collect();
            let du: Vec<u32> = a
                .iter()
                .zip(&b)
                .map(|(&x, &y)| (x as u32).abs_diff(y as u32) | 1)
                .collect();
            let df: Vec<f32> = a
                .iter()
                .zip(&b)
                .map(|(&x, &y)| (x as f32 * 0.5 - y as f32).abs())
                .collect();
            all([
                eq_i32(o, "di", &di),
                eq_u32(o, "du", &du),
                eq_f32(o, "df", &df),
            ])
        }
        "sfinae_forward" => {
            // Floats: sum = (0 + f) + 2 * (2f) (forwarded lvalue, then rvalue), total adds
            // 1, scale halves, mul(f, 2) doubles. Ints: sum = k + 2(k + 1), total adds 3,
            // scale shifts right (arithmetic), sum_first adds k + (k+1) + (k+2), mul(k, 3),
            // moved(k) = k + 1.
            let xf = input(l, "xf").to_f32();
            let xi = i32s(l, "xi");
            let of: Vec<f32> = xf
                .iter()
                .map(|&f| {
                    let sum = (0.0f32 + f) + (f * 2.0) * 2.0;
                    (sum + 1.0) * 0.5 + f * 2.0
                })
                .collect();
            let oi: Vec<i32> = xi
                .iter()
                .map(|&k| {
                    let sum = k + 2 * (k + 1);
                    ((sum + 3) >> 1) + (3 * k + 3) + 3 * k + (k + 1)
                })
                .collect();
            all([eq_f32(o, "of", &of), eq_i32(o, "oi", &oi)])
        }
        "warp_reduce_template" => {
            let x = u32s(l, "in");
            let sum = |c: &[u32]| c.iter().fold(0u32, |a, b| a.wrapping_add(*b));
            let sums: Vec<u32> = x.chunks(32).flat_map(|c| vec![sum(c); 32]).collect();
            let ors: Vec<u32> = x
                .chunks(32)
                .flat_map(|c| vec![c.iter().fold(0, |a, b| a | b); 32])
                .collect();
            let seg: Vec<u32> = x.chunks(8).flat_map(|c| vec![sum(c); 8]).collect();
            all([
                eq_u32(o, "sums", &sums),
                eq_u32(o, "ors", &ors),
                eq_u32(o, "seg", &seg),
            ])
        }
        "block_scan_template" => {
            let want: Vec<i32> = i32s(l, "in")
                .chunks(128)
                .flat_map(|c| {
                    c.iter()
                        .scan(0i32, |acc, &v| {
                            *acc = acc.wrapping_add(v);
                            Some(*acc)
                        })
                        .collect::<Vec<_>>()
                })
                .collect();
            eq_i32(o, "out", &want)
        }
        "stencil_template" => {
            const W: [i32; 7] = [1, -2, 3, 10, 3, -2, 1];
            let x = i32s(l, "in");
            let n = x.len() as i64;
            let want: Vec<i32> = (0..n)
                .map(|g| {
                    (-3i64..=3)
                        .map(|k| W[(k + 3) as usize] * x[(g + k).clamp(0, n - 1) as usize])
                        .sum()
                })
                .collect();
            eq_i32(o, "out", &want)
        }
        "template_recursion" => {
            const COEFFS: [i64; 6] = [3, -1, 4, 1, -5, 9];
            let want: Vec<i64> = ints(l, "x")
                .iter()
                .map(|&x| COEFFS.iter().fold(0i64, |acc, c| acc * x + c) + 479_001_600)
                .collect();
            eq_ints(o, "out", &want)
        }
        "saturate_cast_traits" => {
            let x = ints(l, "in");
            let s8: Vec<i64> = x.iter().map(|v| v.clamp(&-128, &127)).copied().collect();
            let u8_: Vec<i64> = x.iter().map(|v| v.clamp(&0, &255)).copied().collect();
            let s16: Vec<i64> = x.iter().map(|v| (v * 3).clamp(-32768, 32767)).collect();
            all([
                eq_ints(o, "s8", &s8),
                eq_ints(o, "u8", &u8_),
                eq_ints(o, "s16", &s16),
            ])
        }
        _ => return None,
    })
}
