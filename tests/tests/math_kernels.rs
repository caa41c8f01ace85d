//! Kernels that use the device math library (`tests/kernels/math/*.cu`: softmax, layer
//! norm, n-body with `rsqrtf`, Box–Muller, Black–Scholes, GELU with `tanhf`), compiled by
//! oxicc (PTX assembled by ptxas) and by `nvcc -ptx`, run in the PTX interpreter and
//! compared with the same computation in plain Rust in `f64`. Each tolerance is derived
//! from CUDA's ulp bounds for the functions used plus the float rounding of the kernel's
//! own arithmetic (see the comment at each check); nvcc's PTX must meet it too.

use oxicc_emu::{Arg, Buffer, Launch, Module, RunOptions, Ty};
use oxicc_tests::math_harness::Rng;
use std::path::PathBuf;

enum P {
    Buf(Vec<f32>),
    I32(i32),
    F32(f32),
}

fn path(name: &str) -> PathBuf {
    oxicc_tests::tools::repo_root().join(format!("tests/kernels/math/{name}.cu"))
}

/// oxicc's and nvcc's PTX of a kernel file.
fn ptx_pair(name: &str) -> Vec<(&'static str, String)> {
    let p = path(name);
    let src = std::fs::read_to_string(&p).unwrap();
    let out = oxicc::compile(&p.display().to_string(), &src, &oxicc::Options::default());
    let ours = out.text.unwrap_or_else(|| {
        panic!(
            "{name}: {}",
            out.diagnostics
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    });
    oxicc_tests::ptxas_check(&ours, 75).unwrap_or_else(|e| panic!("{name}: ptxas: {e}"));
    vec![("oxicc", ours), ("nvcc", oxicc_tests::nvcc_ptx(&p, 75, 3))]
}

/// Runs the module's only kernel on `threads` threads; the float buffers after the run.
fn run(ptx: &str, params: Vec<P>, threads: u32) -> Vec<Vec<f32>> {
    let module = Module::parse(ptx).unwrap();
    let kernel = module.kernels().into_iter().next().unwrap();
    let mut args = Vec::new();
    let mut buffers = Vec::new();
    for p in params {
        match p {
            P::Buf(v) => {
                args.push(Arg::Buffer(buffers.len()));
                buffers.push(Buffer {
                    name: format!("b{}", buffers.len()),
                    ty: Ty::F32,
                    data: v.iter().flat_map(|x| x.to_le_bytes()).collect(),
                });
            }
            P::I32(i) => args.push(Arg::Scalar(Ty::S32, i as u32 as u64)),
            P::F32(f) => args.push(Arg::Scalar(Ty::F32, f.to_bits() as u64)),
        }
    }
    let launch = Launch {
        kernel: Some(kernel),
        grid: [threads.div_ceil(64), 1, 1],
        block: [64, 1, 1],
        dynamic_shared_bytes: 0,
        cooperative: false,
        args,
        buffers,
        globals: Vec::new(),
        images: Vec::new(),
    };
    let out = oxicc_emu::run(&module, &launch, &RunOptions::default()).unwrap();
    out.buffers
        .iter()
        .map(|b| {
            b.data
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        })
        .collect()
}

fn uniform(rng: &mut Rng, n: usize, lo: f32, hi: f32) -> Vec<f32> {
    (0..n)
        .map(|_| {
            let t = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            lo + (hi - lo) * t
        })
        .collect()
}

/// `|got - want| <= tol(k)` for every element; the first failure.
fn check(what: &str, got: &[f32], want: &[f64], tol: impl Fn(usize) -> f64) {
    for (k, (&g, &w)) in got.iter().zip(want).enumerate() {
        let t = tol(k);
        assert!(
            (g as f64 - w).abs() <= t,
            "{what}[{k}] = {g}, expected {w} within {t}"
        );
    }
}

#[test]
fn softmax() {
    let (rows, cols) = (32usize, 64usize);
    let x = uniform(&mut Rng::new(1), rows * cols, -10.0, 10.0);
    let mut want = vec![0.0f64; rows * cols];
    for r in 0..rows {
        let row = &x[r * cols..(r + 1) * cols];
        let m = row.iter().fold(f32::MIN, |a, &b| a.max(b));
        // The kernel subtracts in float; the reference uses the same differences.
        let e: Vec<f64> = row.iter().map(|&v| ((v - m) as f64).exp()).collect();
        let s: f64 = e.iter().sum();
        for j in 0..cols {
            want[r * cols + j] = e[j] / s;
        }
    }
    for (who, ptx) in ptx_pair("softmax") {
        let out = run(
            &ptx,
            vec![
                P::Buf(x.clone()),
                P::Buf(vec![0.0; rows * cols]),
                P::I32(rows as i32),
                P::I32(cols as i32),
            ],
            rows as u32,
        );
        // expf: 2 ulp each; the sum of 64 positive terms: at most 64 roundings of 2^-24
        // relative; the reciprocal and the product: 1 ulp. Under 1e-5 relative.
        check(&format!("{who} softmax"), &out[1], &want, |k| {
            1e-5 * want[k]
        });
    }
}

#[test]
fn layer_norm() {
    let (rows, cols) = (16usize, 64usize);
    let mut rng = Rng::new(2);
    let x = uniform(&mut rng, rows * cols, -3.0, 3.0);
    let g = uniform(&mut rng, cols, 0.5, 1.5);
    let b = uniform(&mut rng, cols, -1.0, 1.0);
    let mut want = vec![0.0f64; rows * cols];
    for r in 0..rows {
        let row: Vec<f64> = x[r * cols..(r + 1) * cols]
            .iter()
            .map(|&v| v as f64)
            .collect();
        let mean = row.iter().sum::<f64>() / cols as f64;
        let var = row.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / cols as f64;
        let inv = 1.0 / (var + 1e-5f32 as f64).sqrt();
        for j in 0..cols {
            want[r * cols + j] = (row[j] - mean) * inv * g[j] as f64 + b[j] as f64;
        }
    }
    for (who, ptx) in ptx_pair("layer_norm") {
        let out = run(
            &ptx,
            vec![
                P::Buf(x.clone()),
                P::Buf(g.clone()),
                P::Buf(b.clone()),
                P::Buf(vec![0.0; rows * cols]),
                P::I32(rows as i32),
                P::I32(cols as i32),
            ],
            rows as u32,
        );
        // rsqrtf: 2 ulp; mean and variance summed in float over 64 terms (relative error
        // below 64 * 2^-24 = 3.8e-6); |x - mean| * inv * g <= 3 * 2 * 1.5: 1e-4 absolute.
        check(&format!("{who} layer_norm"), &out[3], &want, |_| 1e-4);
    }
}

#[test]
fn nbody() {
    let n = 128usize;
    let mut rng = Rng::new(3);
    let mut p = uniform(&mut rng, 4 * n, -1.0, 1.0);
    for i in 0..n {
        p[4 * i + 3] = 0.5 + 0.5 * p[4 * i + 3].abs();
    }
    let mut want = vec![0.0f64; 3 * n];
    let mut scale = vec![0.0f64; n];
    for i in 0..n {
        for j in 0..n {
            let d: Vec<f64> = (0..3)
                .map(|k| (p[4 * j + k] - p[4 * i + k]) as f64)
                .collect();
            let r2 = d.iter().map(|v| v * v).sum::<f64>() + 0.01f32 as f64;
            let s = p[4 * j + 3] as f64 / (r2 * r2.sqrt());
            for k in 0..3 {
                want[3 * i + k] += d[k] * s;
                scale[i] += (d[k] * s).abs();
            }
        }
    }
    for (who, ptx) in ptx_pair("nbody") {
        let out = run(
            &ptx,
            vec![
                P::Buf(p.clone()),
                P::Buf(vec![0.0; 3 * n]),
                P::I32(n as i32),
            ],
            n as u32,
        );
        // Each term: rsqrtf 2 ulp, cubed, and a few float products (about 1e-6 relative);
        // 128 float additions: below 128 * 2^-24 of the sum of |terms|. So 2e-5 of it.
        check(&format!("{who} nbody"), &out[1], &want, |k| {
            2e-5 * scale[k / 3]
        });
    }
}

#[test]
fn box_muller() {
    let n = 512usize;
    let u: Vec<f32> = uniform(&mut Rng::new(4), 2 * n, 1e-6, 1.0);
    let mut want = vec![0.0f64; 2 * n];
    let mut radius = vec![0.0f64; n];
    for i in 0..n {
        let r = (-2.0 * (u[2 * i] as f64).ln()).sqrt();
        // The angle is a float product in the kernel; the reference takes it as is.
        let a = (std::f32::consts::TAU * u[2 * i + 1]) as f64;
        want[2 * i] = r * a.cos();
        want[2 * i + 1] = r * a.sin();
        radius[i] = r;
    }
    for (who, ptx) in ptx_pair("box_muller") {
        let out = run(
            &ptx,
            vec![
                P::Buf(u.clone()),
                P::Buf(vec![0.0; 2 * n]),
                P::I32(n as i32),
            ],
            n as u32,
        );
        // logf 1 ulp, the product by -2 exact, sqrtf 0.5 ulp: r within 1 ulp relative;
        // sinf/cosf 2 ulp of a value at most 1; the product 0.5 ulp. 4e-6 (1 + r) covers it.
        check(&format!("{who} box_muller"), &out[1], &want, |k| {
            4e-6 * (1.0 + radius[k / 2])
        });
    }
}

#[test]
fn black_scholes() {
    let n = 256usize;
    let mut rng = Rng::new(5);
    let s = uniform(&mut rng, n, 5.0, 30.0);
    let x = uniform(&mut rng, n, 1.0, 100.0);
    let t = uniform(&mut rng, n, 0.25, 10.0);
    let (r, v) = (0.02f32, 0.30f32);
    let cnd = |d: f64| {
        let k = 1.0 / (1.0 + 0.2316419 * d.abs());
        let poly = k
            * (0.31938153
                + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429))));
        let c = 0.3989422804 * (-0.5 * d * d).exp() * poly;
        if d > 0.0 {
            1.0 - c
        } else {
            c
        }
    };
    let (mut call, mut put) = (vec![0.0f64; n], vec![0.0f64; n]);
    for i in 0..n {
        let (si, xi, ti, r, v) = (s[i] as f64, x[i] as f64, t[i] as f64, r as f64, v as f64);
        let sq = ti.sqrt();
        let d1 = ((si / xi).ln() + (r + 0.5 * v * v) * ti) / (v * sq);
        let d2 = d1 - v * sq;
        let e = (-r * ti).exp();
        call[i] = si * cnd(d1) - xi * e * cnd(d2);
        put[i] = xi * e * (1.0 - cnd(d2)) - si * (1.0 - cnd(d1));
    }
    for (who, ptx) in ptx_pair("black_scholes") {
        let out = run(
            &ptx,
            vec![
                P::Buf(s.clone()),
                P::Buf(x.clone()),
                P::Buf(t.clone()),
                P::Buf(vec![0.0; n]),
                P::Buf(vec![0.0; n]),
                P::F32(r),
                P::F32(v),
                P::I32(n as i32),
            ],
            n as u32,
        );
        // d1, d2 carry a few float roundings (logf 1 ulp, sqrtf, divisions): about 1e-6
        // relative, and |d| < 10, so cnd moves by at most 4e-6 (its slope is below 0.4);
        // the prices are differences of terms up to s + x: 2e-5 (s + x) absolute.
        let tol = |k: usize| 2e-5 * (s[k] + x[k]) as f64;
        check(&format!("{who} call"), &out[3], &call, tol);
        check(&format!("{who} put"), &out[4], &put, tol);
    }
}

#[test]
fn gelu() {
    let n = 1024usize;
    let x = uniform(&mut Rng::new(6), n, -6.0, 6.0);
    let want: Vec<f64> = x
        .iter()
        .map(|&v| {
            let v = v as f64;
            0.5 * v * (1.0 + (0.797_884_560_8 * (v + 0.044715 * v * v * v)).tanh())
        })
        .collect();
    for (who, ptx) in ptx_pair("gelu") {
        let out = run(
            &ptx,
            vec![P::Buf(x.clone()), P::Buf(vec![0.0; n]), P::I32(n as i32)],
            n as u32,
        );
        // tanhf 2 ulp (of a value at most 1); its argument carries about 4 float
        // roundings of a value below 15 (slope of tanh at most 1); times 0.5 |x| <= 3:
        // 1e-5 (1 + |x|) absolute.
        check(&format!("{who} gelu"), &out[1], &want, |k| {
            1e-5 * (1.0 + x[k].abs() as f64)
        });
    }
}
