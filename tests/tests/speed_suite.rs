//! The GPU speed suite (`tests/kernels/speed`, `docs/testing.md`, "Speed suite"): kernels
//! big enough to time on a GPU at the sizes of their `NAME.large.json`, checked here at the
//! small size of `NAME.json`. Each kernel is compiled by oxicc (`-O3`, sm_75), assembled by
//! ptxas, run in the interpreter, and its buffers compared with the same computation in
//! plain Rust (exactly where the order of float operations is fixed and contraction into
//! `fma` is the model's too; within a tolerance where the GPU's `ex2.approx`/`rsqrt.approx`
//! enter). The large launch file is parsed and validated against the kernel's parameters
//! (not run: it is sized for a GPU).

use std::path::PathBuf;

use oxicc_emu::{Launch, Module, RunOptions};

fn speed_dir() -> PathBuf {
    oxicc_tests::kernels::kernels_root().join("speed")
}

/// Compiles `name.cu`, checks both launch files against it, runs the small one; returns
/// the final buffers as `f32`/`u32` bit patterns per buffer.
fn run_small(name: &str) -> (Launch, Vec<Vec<u32>>) {
    let dir = speed_dir();
    let cu = dir.join(format!("{name}.cu"));
    let src = std::fs::read_to_string(&cu).expect("read the kernel");
    let options = oxicc::Options {
        sm: 75,
        opt_level: 3,
        ..oxicc::Options::default()
    };
    let out = oxicc::compile(&cu.to_string_lossy(), &src, &options);
    let ptx = out
        .text
        .unwrap_or_else(|| panic!("{name}: oxicc failed: {:?}", out.diagnostics));
    oxicc_tests::ptxas_check(&ptx, 75).unwrap_or_else(|e| panic!("{name}: {e}"));
    let module = Module::parse(&ptx).expect("the interpreter parses oxicc's PTX");
    let large = std::fs::read_to_string(dir.join(format!("{name}.large.json")))
        .expect("a large launch file");
    let large = Launch::from_json(&large).unwrap_or_else(|e| panic!("{name}: {e}"));
    module
        .validate(&large)
        .unwrap_or_else(|e| panic!("{name}.large.json: {e}"));
    let small = std::fs::read_to_string(dir.join(format!("{name}.json"))).expect("launch file");
    let small = Launch::from_json(&small).unwrap_or_else(|e| panic!("{name}: {e}"));
    let outcome = oxicc_emu::run(&module, &small, &RunOptions::default())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let bufs = outcome
        .buffers
        .iter()
        .map(|b| {
            b.data
                .chunks(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        })
        .collect();
    (small, bufs)
}

fn f32s(bits: &[u32]) -> Vec<f32> {
    bits.iter().map(|&b| f32::from_bits(b)).collect()
}

fn input_f32(l: &Launch, k: usize) -> Vec<f32> {
    l.buffers[k].to_f32()
}

fn scalar(l: &Launch, k: usize) -> u64 {
    match l.args[k] {
        oxicc_emu::Arg::Scalar(_, v) => v,
        _ => panic!("argument {k} is not a scalar"),
    }
}

/// `got` equals `want` within `rel` of the larger magnitude (or `abs` near zero).
fn close(name: &str, got: &[f32], want: &[f32], rel: f32, abs: f32) {
    assert_eq!(got.len(), want.len());
    for (k, (g, w)) in got.iter().zip(want).enumerate() {
        let tol = abs.max(rel * w.abs());
        assert!(
            (g - w).abs() <= tol,
            "{name}[{k}]: got {g}, want {w} (tolerance {tol})"
        );
    }
}

#[test]
fn sgemm_tiled() {
    let (l, out) = run_small("sgemm_tiled");
    let (m, n, k) = (
        scalar(&l, 3) as usize,
        scalar(&l, 4) as usize,
        scalar(&l, 5) as usize,
    );
    let (a, b) = (input_f32(&l, 0), input_f32(&l, 1));
    let mut c = vec![0.0f32; m * n];
    for r in 0..m {
        for col in 0..n {
            // Tiles of 16 padded with zeros: fma(0, 0, acc) adds nothing, so the sum is
            // the k-ordered chain of fused multiply-adds.
            let mut acc = 0.0f32;
            for i in 0..k {
                acc = a[r * k + i].mul_add(b[i * n + col], acc);
            }
            c[r * n + col] = acc;
        }
    }
    assert_eq!(f32s(&out[2]), c, "C = A * B, bit for bit");
}

#[test]
fn nbody_step() {
    let (l, out) = run_small("nbody_step");
    let n = scalar(&l, 4) as usize;
    let dt = f32::from_bits(scalar(&l, 5) as u32);
    let (pos, vel) = (input_f32(&l, 0), input_f32(&l, 1));
    let (mut pos_out, mut vel_out) = (vec![0.0f32; 4 * n], vec![0.0f32; 4 * n]);
    for i in 0..n {
        let p = &pos[4 * i..4 * i + 4];
        let (mut ax, mut ay, mut az) = (0.0f64, 0.0f64, 0.0f64);
        for j in 0..n {
            let q = &pos[4 * j..4 * j + 4];
            let (dx, dy, dz) = (
                f64::from(q[0] - p[0]),
                f64::from(q[1] - p[1]),
                f64::from(q[2] - p[2]),
            );
            let d2 = dx * dx + dy * dy + dz * dz + 0.01;
            let s = f64::from(q[3]) / (d2 * d2.sqrt());
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
        }
        let dt = f64::from(dt);
        let v = [
            f64::from(vel[4 * i]) + ax * dt,
            f64::from(vel[4 * i + 1]) + ay * dt,
            f64::from(vel[4 * i + 2]) + az * dt,
        ];
        for d in 0..3 {
            vel_out[4 * i + d] = v[d] as f32;
            pos_out[4 * i + d] = (f64::from(p[d]) + v[d] * dt) as f32;
        }
        vel_out[4 * i + 3] = vel[4 * i + 3];
        pos_out[4 * i + 3] = p[3];
    }
    // rsqrt.approx is within 2^-22.9 relative; the sums over 128 bodies keep that scale.
    close("pos_out", &f32s(&out[2]), &pos_out, 1e-5, 1e-5);
    close("vel_out", &f32s(&out[3]), &vel_out, 1e-4, 1e-4);
}

#[test]
fn reduce_sum() {
    let (l, out) = run_small("reduce_sum");
    let (n, reps) = (scalar(&l, 2) as usize, scalar(&l, 3) as usize);
    let x = input_f32(&l, 0);
    let (grid, block) = (l.grid[0] as usize, l.block[0] as usize);
    let stride = grid * block;
    let mut partial = vec![0.0f32; grid];
    for (b, p) in partial.iter_mut().enumerate() {
        // Each thread's sequential sum, then the block's tree in the kernel's order.
        let mut sh: Vec<f32> = (0..block)
            .map(|t| {
                let mut s = 0.0f32;
                let mut j = b * block + t;
                while j < n * reps {
                    s += x[j & (n - 1)];
                    j += stride;
                }
                s
            })
            .collect();
        let mut h = block / 2;
        while h > 0 {
            for t in 0..h {
                sh[t] += sh[t + h];
            }
            h /= 2;
        }
        *p = sh[0];
    }
    assert_eq!(f32s(&out[1]), partial, "partial sums, bit for bit");
}

#[test]
fn softmax_rows() {
    let (l, out) = run_small("softmax_rows");
    let (cols, reps) = (scalar(&l, 2) as usize, scalar(&l, 3) as usize);
    let x = input_f32(&l, 0);
    let rows = l.grid[0] as usize;
    let mut y = vec![0.0f64; rows * cols];
    for r in 0..rows {
        let row = &x[r * cols..(r + 1) * cols];
        for rep in 0..reps {
            let inv_t = 1.0 / (1.0 + 0.125 * rep as f64);
            let m = row
                .iter()
                .map(|&v| f64::from(v) * inv_t)
                .fold(f64::MIN, f64::max);
            let s: f64 = row.iter().map(|&v| (f64::from(v) * inv_t - m).exp()).sum();
            for c in 0..cols {
                y[r * cols + c] += (f64::from(row[c]) * inv_t - m).exp() / s;
            }
        }
    }
    let y: Vec<f32> = y.iter().map(|&v| v as f32).collect();
    // expf through ex2.approx: a few ulp per element.
    close("y", &f32s(&out[1]), &y, 1e-5, 1e-9);
    let total: f32 = f32s(&out[1]).iter().sum();
    assert!(
        (total - (rows * reps) as f32).abs() < 1e-3,
        "rows sum to 1: {total}"
    );
}

#[test]
fn histogram_bytes() {
    let (l, out) = run_small("histogram_bytes");
    let (log2n, reps) = (scalar(&l, 2) as usize, scalar(&l, 3) as usize);
    let data = &l.buffers[0];
    let n = 1usize << log2n;
    let mut bins = vec![0u32; 256];
    for j in 0..n * reps {
        let w = data.bits(j & (n - 1)) as u32;
        let shift = ((j >> log2n) & 3) * 8;
        bins[((w >> shift) & 255) as usize] += 1;
    }
    assert_eq!(out[1], bins);
    assert_eq!(out[1].iter().sum::<u32>() as usize, n * reps);
}

#[test]
fn stencil_2d() {
    let (l, out) = run_small("stencil_2d");
    let (w, h, reps) = (
        scalar(&l, 2) as i64,
        scalar(&l, 3) as i64,
        scalar(&l, 4) as usize,
    );
    let input = input_f32(&l, 0);
    let at = |x: i64, y: i64| -> f64 {
        if x >= 0 && x < w && y >= 0 && y < h {
            f64::from(input[(y * w + x) as usize])
        } else {
            0.0
        }
    };
    let mut want = vec![0.0f32; (w * h) as usize];
    for y in 0..h {
        for x in 0..w {
            let mut acc = 0.0f64;
            let mut yy = y;
            for _ in 0..reps {
                let n1 = at(x, yy - 1) + at(x, yy + 1);
                let e1 = at(x - 1, yy) + at(x + 1, yy);
                let n2 = at(x, yy - 2) + at(x, yy + 2);
                let e2 = at(x - 2, yy) + at(x + 2, yy);
                let s = 0.5 * at(x, yy) + 0.25 * (n1 + e1) - 0.125 * (n2 + e2);
                acc = acc * 0.5 + s;
                yy = if yy + 1 == h { 0 } else { yy + 1 };
            }
            want[(y * w + x) as usize] = acc as f32;
        }
    }
    // Computed in f32 on the device (with contractions), in f64 here.
    close("out", &f32s(&out[1]), &want, 1e-5, 1e-6);
}
