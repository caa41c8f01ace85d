//! `oxicc-remez`: computes the polynomial coefficients of the device math library
//! (`runtime-libs/include/oxicc_math/`) by the Remez exchange algorithm, and prints them as the C++
//! header `runtime-libs/include/oxicc_math/coeffs.cuh`. Run offline; its output is committed:
//!
//! ```sh
//! cargo run --release -p oxicc-remez > runtime-libs/include/oxicc_math/coeffs.cuh
//! ```
//!
//! Each approximation is a polynomial `q(u)` of degree `n` minimizing the maximum of the
//! weighted error `|w(u) (h(u) - q(u))|` on an interval, where `h` and `w` express the
//! function in the form the library evaluates: for `sin r ≈ r + r³ q(r²)`, `u = r²`,
//! `h(u) = (sin r - r) / r³` and `w(u) = r³ / sin r` (so the weighted error is the
//! relative error of `sin`). The exchange starts from Chebyshev nodes, solves for the
//! polynomial that equioscillates on the reference, and moves the reference to the
//! extrema of the error on a dense grid until the error levels. Everything is computed in
//! `f64`, which is ample for `float` functions (errors of 2^-30 and below are not resolved,
//! and need not be). The coefficients are then rounded to `float`, and the error of the
//! rounded polynomial is measured again and printed beside them.

use std::f64::consts::{LN_2, PI};

/// One approximation problem.
struct Problem {
    /// The macro prefix in the header (`__OXM_EXP2_C`).
    name: &'static str,
    what: &'static str,
    lo: f64,
    hi: f64,
    degree: usize,
    /// The function fitted, in the variable `u`.
    h: fn(f64) -> f64,
    /// The weight that turns `h - q` into the error that matters.
    w: fn(f64) -> f64,
}

/// `n + 1` coefficients and the levelled error, from a reference of `n + 2` points.
fn solve(p: &Problem, refs: &[f64]) -> (Vec<f64>, f64) {
    let n = p.degree;
    let m = n + 2;
    // Rows: c0 + c1 x + … + cn x^n + (-1)^i E / w(x_i) = h(x_i).
    let mut a = vec![vec![0.0f64; m + 1]; m];
    for (i, &x) in refs.iter().enumerate() {
        let mut pw = 1.0;
        for cell in &mut a[i][..=n] {
            *cell = pw;
            pw *= x;
        }
        let sign = if i % 2 == 0 { 1.0 } else { -1.0 };
        a[i][n + 1] = sign / (p.w)(x);
        a[i][m] = (p.h)(x);
    }
    // Gaussian elimination with partial pivoting.
    for col in 0..m {
        let piv = (col..m)
            .max_by(|&r, &s| a[r][col].abs().total_cmp(&a[s][col].abs()))
            .unwrap();
        a.swap(col, piv);
        let pivot_row = a[col].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != col {
                let f = row[col] / pivot_row[col];
                for (cell, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                    *cell -= f * p;
                }
            }
        }
    }
    let sol: Vec<f64> = (0..m).map(|i| a[i][m] / a[i][i]).collect();
    (sol[..=n].to_vec(), sol[n + 1])
}

fn eval(c: &[f64], x: f64) -> f64 {
    c.iter().rev().fold(0.0, |acc, &k| acc * x + k)
}

fn err(p: &Problem, c: &[f64], x: f64) -> f64 {
    (p.w)(x) * ((p.h)(x) - eval(c, x))
}

const GRID: usize = 20_000;

fn grid(p: &Problem) -> Vec<f64> {
    (0..=GRID)
        .map(|i| p.lo + (p.hi - p.lo) * i as f64 / GRID as f64)
        .collect()
}

/// The new reference: one extremum per run of equal sign, `n + 2` of them.
fn exchange(p: &Problem, c: &[f64]) -> Vec<f64> {
    let pts = grid(p);
    let mut ext: Vec<(f64, f64)> = Vec::new();
    for &x in &pts {
        let e = err(p, c, x);
        match ext.last_mut() {
            Some(last) if (last.1 >= 0.0) == (e >= 0.0) => {
                if e.abs() > last.1.abs() {
                    *last = (x, e);
                }
            }
            _ => ext.push((x, e)),
        }
    }
    // Too many alternations: drop the smaller end until n + 2 remain.
    while ext.len() > p.degree + 2 {
        if ext[0].1.abs() < ext[ext.len() - 1].1.abs() {
            ext.remove(0);
        } else {
            ext.pop();
        }
    }
    ext.iter().map(|e| e.0).collect()
}

fn remez(p: &Problem) -> Vec<f64> {
    let m = p.degree + 2;
    let mut refs: Vec<f64> = (0..m)
        .map(|i| {
            let t = (PI * i as f64 / (m - 1) as f64).cos();
            0.5 * (p.lo + p.hi) - 0.5 * (p.hi - p.lo) * t
        })
        .collect();
    let mut c = Vec::new();
    for _ in 0..30 {
        c = solve(p, &refs).0;
        let next = exchange(p, &c);
        if next.len() != m {
            break;
        }
        refs = next;
    }
    c
}

fn max_err(p: &Problem, c: &[f64]) -> f64 {
    grid(p)
        .iter()
        .map(|&x| err(p, c, x).abs())
        .fold(0.0, f64::max)
}

/// `erf x` in `f64` (to about 2^-50 relative where the fits need it): the Taylor series
/// `2/√π Σ (-1)^n x^(2n+1) / (n! (2n+1))` below 2.5 (its largest term is about 16 there),
/// and `1 - erfc` beyond.
fn erf(x: f64) -> f64 {
    if x.abs() >= 2.5 {
        return (1.0 - erfc(x.abs())).copysign(x);
    }
    let z = x * x;
    let (mut term, mut sum) = (x, 0.0);
    for n in 0..80 {
        sum += term / (2 * n + 1) as f64;
        term *= -z / (n + 1) as f64;
    }
    sum * 2.0 / PI.sqrt()
}

/// `erfc x`: `1 - erf x` below 2.5, Laplace's continued fraction (200 terms) from 2.5.
fn erfc(x: f64) -> f64 {
    if x < 2.5 {
        return 1.0 - erf(x);
    }
    let mut t = x;
    for k in (1..=200).rev() {
        t = x + 0.5 * k as f64 / t;
    }
    (-x * x).exp() / (PI.sqrt() * t)
}

/// `x erfc(x) e^(x²)`, which tends to `1/√π` (for the fits of `erfc` beyond 2).
fn erfcx_scaled(x: f64) -> f64 {
    x * erfc(x) * (x * x).exp()
}

/// `x erfc(x) e^(x²)` for `x ≥ 2.5` from Laplace's continued fraction alone (no
/// exponential, so it holds where `e^(x²)` overflows); `1/√π` at infinity.
fn erfcx_times_x(x: f64) -> f64 {
    if x > 1e8 {
        return 1.0 / PI.sqrt();
    }
    let mut t = x;
    for k in (1..=200).rev() {
        t = x + 0.5 * k as f64 / t;
    }
    x / (PI.sqrt() * t)
}

/// `r` from `u = r²` (the positive root; the forms used are even in `r`).
fn root(u: f64) -> f64 {
    u.max(1e-300).sqrt()
}

fn problems() -> Vec<Problem> {
    vec![
        Problem {
            name: "__OXM_EXP2_C",
            what: "2^t ≈ 1 + t q(t) on [-1/2, 1/2] (expf, exp2f, exp10f)",
            lo: -0.5,
            hi: 0.5,
            degree: 6,
            h: |t| {
                if t.abs() < 1e-9 {
                    LN_2
                } else {
                    (t.exp2() - 1.0) / t
                }
            },
            w: |t| t / t.exp2(),
        },
        Problem {
            name: "__OXM_LOG1P_C",
            what: "log(1 + f) ≈ f + f² q(f) on [√½ - 1, √2 - 1] (logf, log2f, log10f)",
            lo: std::f64::consts::FRAC_1_SQRT_2 - 1.0,
            hi: std::f64::consts::SQRT_2 - 1.0,
            degree: 8,
            h: |f| {
                if f.abs() < 1e-6 {
                    -0.5 + f / 3.0
                } else {
                    (f.ln_1p() - f) / (f * f)
                }
            },
            // The relative error of log(1 + f); positive on both sides of f = 0.
            w: |f| {
                if f.abs() < 1e-300 {
                    0.0
                } else {
                    (f * f / f.ln_1p()).abs()
                }
            },
        },
        Problem {
            name: "__OXM_SIN_C",
            what: "sin r ≈ r + r³ q(r²) for |r| ≤ π/4 (sinf, cosf, tanf)",
            // The weight vanishes at 0, so the reference must not reach it.
            lo: 1e-6,
            hi: (PI / 4.0) * (PI / 4.0),
            degree: 3,
            h: |u| {
                let r = root(u);
                if u < 1e-8 {
                    -1.0 / 6.0 + u / 120.0
                } else {
                    (r.sin() - r) / (u * r)
                }
            },
            w: |u| {
                let r = root(u);
                u * r / r.sin()
            },
        },
        Problem {
            name: "__OXM_COS_C",
            what: "cos r ≈ 1 - r²/2 + r⁴ q(r²) for |r| ≤ π/4 (sinf, cosf, tanf)",
            // The weight vanishes at 0, so the reference must not reach it.
            lo: 1e-6,
            hi: (PI / 4.0) * (PI / 4.0),
            degree: 3,
            h: |u| {
                let r = root(u);
                if u < 1e-6 {
                    1.0 / 24.0 - u / 720.0
                } else {
                    (r.cos() - 1.0 + u / 2.0) / (u * u)
                }
            },
            w: |u| u * u / root(u).cos(),
        },
        Problem {
            name: "__OXM_SINPI_C",
            what: "sin(pi r) ≈ pi r + r³ q(r²) for |r| ≤ 1/4 (sinpif, cospif)",
            // The weight vanishes at 0, so the reference must not reach it.
            lo: 1e-6,
            hi: 1.0 / 16.0,
            degree: 3,
            h: |u| {
                let r = root(u);
                if u < 1e-6 {
                    -PI.powi(3) / 6.0 + PI.powi(5) / 120.0 * u
                } else {
                    ((PI * r).sin() - PI * r) / (u * r)
                }
            },
            w: |u| {
                let r = root(u);
                u * r / (PI * r).sin()
            },
        },
        Problem {
            name: "__OXM_COSPI_C",
            what: "cos(pi r) ≈ 1 - (pi²/2) r² + r⁴ q(r²) for |r| ≤ 1/4 (sinpif, cospif)",
            lo: 1e-6,
            hi: 1.0 / 16.0,
            degree: 3,
            h: |u| {
                let r = root(u);
                if u < 1e-6 {
                    PI.powi(4) / 24.0 - PI.powi(6) / 720.0 * u
                } else {
                    ((PI * r).cos() - 1.0 + PI * PI / 2.0 * u) / (u * u)
                }
            },
            w: |u| u * u / (PI * root(u)).cos(),
        },
        Problem {
            name: "__OXM_TANH_C",
            what: "tanh r ≈ r + r³ q(r²) for |r| ≤ 0.6 (tanhf)",
            lo: 1e-6,
            hi: 0.36,
            degree: 5,
            h: |u| {
                let r = root(u);
                if u < 1e-6 {
                    -1.0 / 3.0 + 2.0 * u / 15.0
                } else {
                    (r.tanh() - r) / (u * r)
                }
            },
            w: |u| {
                let r = root(u);
                u * r / r.tanh()
            },
        },
        Problem {
            name: "__OXM_ERFF_C",
            // x + x q(x²) rather than x q(x²): q(0) = 2/√π - 1 is small, so rounding the
            // coefficients to float costs little.
            what: "erf x ≈ x + x q(x²) for |x| ≤ 1 (erff)",
            lo: 0.0,
            hi: 1.0,
            degree: 6,
            h: |u| {
                if u < 1e-12 {
                    2.0 / PI.sqrt() - 1.0
                } else {
                    erf(root(u)) / root(u) - 1.0
                }
            },
            // Relative error of erf.
            w: |u| {
                if u < 1e-12 {
                    PI.sqrt() / 2.0
                } else {
                    root(u) / erf(root(u))
                }
            },
        },
        Problem {
            name: "__OXM_LNERFC_C",
            // In x itself: centring the variable makes the constant term large (-7.8 at
            // 2.46), and its rounding to float alone then costs an ulp of erf near 1.
            what: "log erfc x ≈ q(x) for 1 ≤ x ≤ 3.92 (erff = 1 - e^q)",
            lo: 1.0,
            hi: 3.92,
            degree: 9,
            h: |x| erfc(x).ln(),
            // An error d in q is a relative error d of erfc, so erfc(x) d of erf.
            w: erfc,
        },
        Problem {
            name: "__OXM_LOGS_C",
            what: "log((1 + s)/(1 - s)) ≈ 2s + 2s³/3 + s⁵ q(s²) for |s| ≤ 3 - 2√2 (powf, log1pf)",
            // The weight vanishes at 0, so the reference must not reach it.
            lo: 1e-6,
            hi: (3.0 - 2.0 * std::f64::consts::SQRT_2) * (3.0 - 2.0 * std::f64::consts::SQRT_2),
            degree: 3,
            // The series sum 2 u^k / (2k + 5): the closed form cancels badly near 0.
            h: |u| {
                let (mut pw, mut sum) = (1.0, 0.0);
                for k in 0..30 {
                    sum += 2.0 * pw / (2 * k + 5) as f64;
                    pw *= u;
                }
                sum
            },
            // Relative error of the logarithm: s⁵ / (2 atanh s), about u²/2.
            w: |u| {
                let s = root(u);
                if u < 1e-12 {
                    u * u / 2.0
                } else {
                    u * u * s / (2.0 * s.atanh())
                }
            },
        },
        Problem {
            name: "__OXM_FEXPM1_C",
            // j = rint(x log2 e - 0.085): r in [-0.415 ln 2, 0.585 ln 2], so that
            // 2^j (1 + expm1 r) - 1 does not cancel for j = 1.
            what: "expm1 r ≈ r + r²/2 + r³ q(r) for -0.415 ln 2 ≤ r ≤ 0.585 ln 2 (expm1f)",
            lo: -0.415 * LN_2,
            hi: 0.585 * LN_2,
            degree: 4,
            // The series sum r^k / (k + 3)!: the closed form cancels badly near 0,
            // and its noise would move the reference.
            h: |r| {
                let (mut term, mut sum) = (1.0 / 6.0, 0.0);
                for k in 0..24 {
                    sum += term;
                    term *= r / (k + 4) as f64;
                }
                sum
            },
            // The absolute error of q, scaled by r² at the end of the interval: its
            // share of the relative error of expm1 r is r² times it.
            w: |_| 0.585 * 0.585 * LN_2 * LN_2,
        },
        Problem {
            name: "__OXM_ATAN_C",
            what: "atan t ≈ t + t³ q(t²) for |t| ≤ 1 (atanf, atan2f)",
            lo: 1e-8,
            hi: 1.0,
            degree: 8,
            h: |u| {
                let t = root(u);
                if u < 1e-6 {
                    -1.0 / 3.0 + 0.2 * u
                } else {
                    (t.atan() - t) / (u * t)
                }
            },
            w: |u| {
                let t = root(u);
                u * t / t.atan()
            },
        },
        Problem {
            name: "__OXM_ASIN_C",
            what: "asin x ≈ x + x³ q(x²) for |x| ≤ 1/2 (asinf, acosf)",
            lo: 1e-8,
            hi: 0.25,
            degree: 4,
            h: |u| {
                let x = root(u);
                if u < 1e-6 {
                    1.0 / 6.0 + 0.075 * u
                } else {
                    (x.asin() - x) / (u * x)
                }
            },
            w: |u| {
                let x = root(u);
                u * x / x.asin()
            },
        },
        Problem {
            name: "__OXM_SINH_C",
            what: "sinh x ≈ x + x³ q(x²) for |x| ≤ 1 (sinhf)",
            lo: 1e-8,
            hi: 1.0,
            degree: 3,
            h: |u| {
                let x = root(u);
                if u < 1e-6 {
                    1.0 / 6.0 + u / 120.0
                } else {
                    (x.sinh() - x) / (u * x)
                }
            },
            w: |u| {
                let x = root(u);
                u * x / x.sinh()
            },
        },
        Problem {
            name: "__OXM_ERFCX_A_C",
            // In t = x - 5/4: in x itself the coefficients alternate and grow, and
            // rounding them to float costs 2^-18.
            what: "erfc x ≈ e^(-x²) q(x - 5/4) for 1/2 ≤ x ≤ 2 (erfcf)",
            lo: -0.75,
            hi: 0.75,
            degree: 10,
            h: |t| erfc(t + 1.25) * ((t + 1.25) * (t + 1.25)).exp(),
            // Relative error of erfc.
            w: |t| 1.0 / (erfc(t + 1.25) * ((t + 1.25) * (t + 1.25)).exp()),
        },
        Problem {
            name: "__OXM_ERFCX_B_C",
            what: "erfc x ≈ e^(-x²) q(x - 3) for 2 ≤ x ≤ 4 (erfcf)",
            lo: -1.0,
            hi: 1.0,
            degree: 9,
            h: |t| erfcx_scaled(t + 3.0) / (t + 3.0),
            w: |t| (t + 3.0) / erfcx_scaled(t + 3.0),
        },
        Problem {
            name: "__OXM_ERFCX_C_C",
            what: "erfc x ≈ e^(-x²) q(1/x²) / x for 4 ≤ x ≤ 10.06 (erfcf)",
            lo: 1.0 / (10.06 * 10.06),
            hi: 1.0 / 16.0,
            degree: 5,
            h: |v| erfcx_scaled(1.0 / v.sqrt()),
            w: |v| 1.0 / erfcx_scaled(1.0 / v.sqrt()),
        },
        Problem {
            name: "__OXM_ERFCX_S_C",
            what: "erfcx x = e^(x²) erfc x ≈ q(x) for |x| ≤ 1/2 (erfcxf)",
            lo: -0.5,
            hi: 0.5,
            degree: 9,
            h: |t| (t * t).exp() * erfc(t),
            w: |t| 1.0 / ((t * t).exp() * erfc(t)),
        },
        Problem {
            name: "__OXM_ERFCX_D_C",
            what: "erfcx x ≈ q(1/x²) / x for x ≥ 4 (erfcxf)",
            lo: 0.0,
            hi: 1.0 / 16.0,
            degree: 5,
            h: |v| erfcx_times_x(1.0 / v.max(1e-300).sqrt()),
            w: |v| 1.0 / erfcx_times_x(1.0 / v.max(1e-300).sqrt()),
        },
    ]
}

fn main() {
    println!("/* oxicc device math library: polynomial coefficients. GENERATED by");
    println!(
        " *   cargo run --release -p oxicc-remez > runtime-libs/include/oxicc_math/coeffs.cuh"
    );
    println!(" * (tools/remez: Remez exchange in f64, then rounded to float). Do not edit. */");
    println!("#pragma once");
    println!();
    println!("/* Constants as two floats (hi + lo), the sum right to about 2^-48 relative. */");
    for (name, v) in [("__OXM_PI_F", PI), ("__OXM_PI2_2_F", PI * PI / 2.0)] {
        let hi = v as f32;
        let lo = (v - hi as f64) as f32;
        println!("#define {name}_HI {hi:.9e}f");
        println!("#define {name}_LO {lo:.9e}f");
    }
    for p in problems() {
        let c = remez(&p);
        let exact = max_err(&p, &c);
        let rounded: Vec<f64> = c.iter().map(|&k| k as f32 as f64).collect();
        let after = max_err(&p, &rounded);
        println!();
        println!("/* {} */", p.what);
        println!(
            "/* max weighted error: {:.3e} (2^{:.1}); with float coefficients {:.3e} (2^{:.1}) */",
            exact,
            exact.log2(),
            after,
            after.log2()
        );
        for (i, k) in rounded.iter().enumerate() {
            println!("#define {}{} {:.9e}f", p.name, i, *k as f32);
        }
    }
}
