//! Expected buffers of the half-precision kernels, computed in plain Rust with `f16.rs`
//! (IEEE binary16 rounding written from the standard) from the launch's initial buffers.

use super::f16::{rn, round, to_f64, Mode};
use oxicc_emu::{Launch, Outcome};

pub(crate) fn input(l: &Launch, name: &str) -> Vec<u8> {
    l.buffers
        .iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("no buffer {name}"))
        .data
        .clone()
}

pub(crate) fn u16s(b: &[u8]) -> Vec<u16> {
    b.chunks(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect()
}

pub(crate) fn u32s(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

pub(crate) fn compare(o: &Outcome, name: &str, want: &[u8], elem: usize) -> Result<(), String> {
    let got = &o
        .buffer(name)
        .ok_or_else(|| format!("no output buffer {name}"))?
        .data;
    if got.len() != want.len() {
        return Err(format!(
            "{name}: {} bytes, expected {}",
            got.len(),
            want.len()
        ));
    }
    for (k, (g, w)) in got.chunks(elem).zip(want.chunks(elem)).enumerate() {
        if g != w {
            return Err(format!("{name}[{k}] = {g:02x?}, expected {w:02x?}"));
        }
    }
    Ok(())
}

pub fn check(name: &str, l: &Launch, o: &Outcome) -> Result<(), String> {
    match name {
        "half_scalar" => scalar(l, o),
        "half_pairs" => pairs(l, o),
        "half_sizes" => sizes(o),
        "half_raw" => raw(l, o),
        "bf16_ops" => bf16_ops(l, o),
        "bf16_math" => bf16_math(l, o),
        "bf16_transcendental" => bf16_transcendental(l, o),
        "half_warp" => super::warp::half_warp(l, o),
        _ => Err(format!("no expectation for kernel {name}")),
    }
}

fn max16(x: u16, y: u16) -> u16 {
    if to_f64(x) >= to_f64(y) {
        x
    } else {
        y
    }
}

fn min16(x: u16, y: u16) -> u16 {
    if to_f64(x) <= to_f64(y) {
        x
    } else {
        y
    }
}

fn sat(h: u16) -> u16 {
    let v = to_f64(h);
    if v.is_nan() || v <= 0.0 {
        0
    } else if v >= 1.0 {
        0x3C00
    } else {
        h
    }
}

fn f32_bits(x: f32) -> i32 {
    x.to_bits() as i32
}

fn scalar(l: &Launch, o: &Outcome) -> Result<(), String> {
    let (a, b, c) = (
        u16s(&input(l, "a")),
        u16s(&input(l, "b")),
        u16s(&input(l, "c")),
    );
    let f: Vec<f32> = u32s(&input(l, "f"))
        .into_iter()
        .map(f32::from_bits)
        .collect();
    let iv: Vec<i32> = u32s(&input(l, "iv"))
        .into_iter()
        .map(|x| x as i32)
        .collect();
    let mut oh = Vec::new();
    let mut oi = Vec::new();
    for t in 0..64 {
        let (x, y, z) = (a[t], b[t], c[t]);
        let (xv, yv, zv) = (to_f64(x), to_f64(y), to_f64(z));
        let fv = f[t] as f64;
        let r = [
            rn(xv + yv),
            rn(xv - yv),
            rn(xv * yv),
            rn(xv * yv + zv),
            rn(xv / yv),
            x ^ 0x8000,
            x & 0x7FFF,
            max16(x, y),
            min16(x, y),
            rn(to_f64(rn(xv * yv)) + zv),
            sat(rn(xv + yv)),
            round(fv, Mode::Zero),
            round(fv, Mode::Up),
            round(fv, Mode::Down),
            rn(fv),
            rn(iv[t] as f64),
        ];
        oh.extend(r.iter().flat_map(|h| h.to_le_bytes()));
        let ints = [
            (xv < yv) as i32,
            (!xv.is_nan()) as i32,
            (xv >= zv) as i32,
            (xv > yv) as i32,
            to_f64(rn(xv * 100.0)).trunc() as i32,
            to_f64(rn(yv * 10.0)).round_ties_even() as i32,
            f32_bits(zv as f32),
            f32_bits(xv as f32 + yv as f32),
        ];
        oi.extend(ints.iter().flat_map(|v| v.to_le_bytes()));
    }
    compare(o, "oh", &oh, 2)?;
    compare(o, "oi", &oi, 4)
}

fn pairs(l: &Launch, o: &Outcome) -> Result<(), String> {
    let a = u16s(&input(l, "a"));
    let b = u16s(&input(l, "b"));
    let f: Vec<f32> = u32s(&input(l, "f"))
        .into_iter()
        .map(f32::from_bits)
        .collect();
    let lane = |v: &[u16], t: usize| (v[2 * t], v[2 * t + 1]);
    let map2 =
        |x: (u16, u16), y: (u16, u16), op: &dyn Fn(u16, u16) -> u16| (op(x.0, y.0), op(x.1, y.1));
    let mut oh: Vec<(u16, u16)> = Vec::new();
    let mut of = vec![0f32; 258];
    for t in 0..64 {
        let (x, y) = (lane(&a, t), lane(&b, t));
        let add = |p: u16, q: u16| rn(to_f64(p) + to_f64(q));
        let mul = |p: u16, q: u16| rn(to_f64(p) * to_f64(q));
        oh.push(map2(x, y, &add));
        oh.push(map2(x, y, &mul));
        oh.push(map2(x, y, &|p, q| rn(to_f64(p) * to_f64(q) + to_f64(p))));
        oh.push(map2(x, y, &|p, q| rn(to_f64(p) / to_f64(q))));
        oh.push((x.0 ^ 0x8000, x.1 ^ 0x8000));
        oh.push(map2(x, y, &|p, q| rn(to_f64(p) - to_f64(q)) & 0x7FFF));
        oh.push(map2(x, y, &|p, q| {
            if to_f64(p) < to_f64(q) {
                0x3C00
            } else {
                0
            }
        }));
        let s = map2(x, y, &|p, q| add(mul(p, q), q));
        oh.push((s.1, s.0));
        let (fx, fy) = (f[2 * t] as f64, f[2 * t + 1] as f64);
        oh.push((rn(fx), rn(fy)));
        oh.push((rn(fx), rn(fy)));
        let g = &mut of[t * 4..t * 4 + 4];
        g[0] = to_f64(x.0) as f32 + to_f64(y.1) as f32;
        g[1] = 1.0;
        g[2] = if to_f64(x.0) < to_f64(y.0) && to_f64(x.1) < to_f64(y.1) {
            1.0
        } else {
            0.0
        };
    }
    let mut sh: Vec<(u16, u16)> = (0..64)
        .map(|t| {
            let mut v = (0u16, 0u16);
            for i in 0..4 {
                let (p, q) = (lane(&a, (t + i) % 64), lane(&b, (t + i) % 64));
                v = (
                    rn(to_f64(p.0) * to_f64(q.0) + to_f64(v.0)),
                    rn(to_f64(p.1) * to_f64(q.1) + to_f64(v.1)),
                );
            }
            v
        })
        .collect();
    let mut s = 32;
    while s > 0 {
        for t in 0..s {
            let (p, q) = (sh[t], sh[t + s]);
            sh[t] = (rn(to_f64(p.0) + to_f64(q.0)), rn(to_f64(p.1) + to_f64(q.1)));
        }
        s /= 2;
    }
    of[256] = to_f64(sh[0].0) as f32 + to_f64(sh[0].1) as f32;
    of[257] = of[256];
    let ohb: Vec<u8> = oh
        .iter()
        .flat_map(|(p, q)| [p.to_le_bytes(), q.to_le_bytes()].concat())
        .collect();
    compare(o, "oh", &ohb, 4)?;
    let ofb: Vec<u8> = of.iter().flat_map(|v| v.to_le_bytes()).collect();
    compare(o, "of", &ofb, 4)
}

/// nvcc's sizes and alignments (measured with nvcc 13.5 against NVIDIA's headers; the test
/// also runs nvcc's PTX of the kernel): every one-element type 2/2, every pair 4/4.
fn sizes(o: &Outcome) -> Result<(), String> {
    let want: Vec<u8> = [2u32, 2, 4, 4, 2, 2, 4, 4, 2, 2, 4, 4, 2, 2, 4, 4]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    compare(o, "out", &want, 4)
}

fn bf16_ops(l: &Launch, o: &Outcome) -> Result<(), String> {
    use super::bf16::{rn as brn, round as bround, to_f64 as bf};
    let (a, b, c) = (
        u16s(&input(l, "a")),
        u16s(&input(l, "b")),
        u16s(&input(l, "c")),
    );
    let f: Vec<f32> = u32s(&input(l, "f"))
        .into_iter()
        .map(f32::from_bits)
        .collect();
    let big = |p: u16, q: u16| if bf(p) >= bf(q) { p } else { q };
    let small = |p: u16, q: u16| if bf(p) <= bf(q) { p } else { q };
    let mut oh = Vec::new();
    let mut oi = Vec::new();
    for t in 0..64 {
        let (x, y, z) = (a[t], b[t], c[t]);
        let (xv, yv, zv) = (bf(x), bf(y), bf(z));
        let fv = f[t] as f64;
        let plo = brn(xv * zv + fv.round_ties_even_bf16());
        let phi = brn(yv * xv + 1.0);
        let r = [
            brn(xv + yv),
            brn(xv - yv),
            brn(xv * yv),
            brn(xv * yv + zv),
            brn(xv / yv),
            x ^ 0x8000,
            x & 0x7FFF,
            big(x, y),
            small(x, y),
            brn(bf(brn(xv * yv)) + zv),
            brn(fv),
            bround(fv, Mode::Zero),
            bround(fv, Mode::Up),
            bround(fv, Mode::Down),
            plo,
            phi,
        ];
        oh.extend(r.iter().flat_map(|h| h.to_le_bytes()));
        let ints = [
            (xv < yv) as i32,
            (!xv.is_nan()) as i32,
            (xv >= zv) as i32,
            (xv > yv) as i32,
            f32_bits(zv as f32),
            f32_bits(xv as f32 + yv as f32),
            f32_bits(bf(plo) as f32 + bf(phi) as f32),
            (xv > yv && yv > xv) as i32,
        ];
        oi.extend(ints.iter().flat_map(|v| v.to_le_bytes()));
    }
    compare(o, "oh", &oh, 2)?;
    compare(o, "oi", &oi, 4)
}

/// `__floats2bfloat162_rn`'s rounding of an f32 to the nearest bfloat16, as a value.
trait RoundBf16 {
    fn round_ties_even_bf16(self) -> f64;
}

impl RoundBf16 for f64 {
    fn round_ties_even_bf16(self) -> f64 {
        super::bf16::to_f64(super::bf16::rn(self))
    }
}

/// `half_raw.cu`: each thread decodes its bits as a half and as a bfloat16 (exactly), and
/// rounds its float to both (to nearest even).
fn raw(l: &Launch, o: &Outcome) -> Result<(), String> {
    let bits = u16s(&input(l, "bits"));
    let f: Vec<f32> = u32s(&input(l, "f"))
        .into_iter()
        .map(f32::from_bits)
        .collect();
    let mut of = Vec::new();
    let mut oh = Vec::new();
    for (&b, &x) in bits.iter().zip(&f) {
        of.extend((to_f64(b) as f32).to_le_bytes());
        of.extend((super::bf16::to_f64(b) as f32).to_le_bytes());
        oh.extend(rn(f64::from(x)).to_le_bytes());
        oh.extend(super::bf16::rn(f64::from(x)).to_le_bytes());
    }
    compare(o, "of", &of, 4)?;
    compare(o, "oh", &oh, 2)
}

/// `bf16_math.cu`: ceil, floor, trunc and rint (ties to even) are exact in bfloat16; sqrt
/// and the reciprocal are the exact values rounded once to nearest even (what rounding the
/// f32 result again gives: 24 ≥ 2·8 + 2 bits, so the double rounding is innocuous).
fn bf16_math(l: &Launch, o: &Outcome) -> Result<(), String> {
    use super::bf16::{rn as brn, to_f64 as bf};
    let (a, p) = (u16s(&input(l, "a")), u16s(&input(l, "p")));
    let n = a.len();
    let unary: [fn(f64) -> f64; 4] = [f64::ceil, f64::floor, f64::trunc, f64::round_ties_even];
    let rcp = |x: u16| brn(1.0 / bf(x));
    let mut want = vec![0u16; 18 * n];
    for i in 0..n {
        for (k, f) in unary.iter().enumerate() {
            want[k * n + i] = brn(f(bf(a[i])));
        }
        want[4 * n + i] = brn(bf(p[i]).sqrt());
        want[5 * n + i] = rcp(a[i]);
        want[6 * n + 2 * i] = brn(bf(p[i]).sqrt());
        want[6 * n + 2 * i + 1] = brn(bf(p[(i + 3) % n]).sqrt());
        let pair = [a[i], a[(i + 1) % n]];
        for (k, f) in unary.iter().enumerate() {
            for (h, &x) in pair.iter().enumerate() {
                want[(8 + 2 * k) * n + 2 * i + h] = brn(f(bf(x)));
            }
        }
        for (h, &x) in pair.iter().enumerate() {
            want[16 * n + 2 * i + h] = rcp(x);
        }
    }
    let bytes: Vec<u8> = want.iter().flat_map(|x| x.to_le_bytes()).collect();
    compare(o, "out", &bytes, 2)
}

/// A function with its name (for messages).
type Named = (&'static str, fn(f64) -> f64);

/// `bf16_transcendental.cu`: each result is the f32 function (within a few f32 ulps of the
/// exact value, CUDA's bounds and oxicc's) rounded to bfloat16, which is the exact value
/// rounded once when every value within 2^-20 of it, relatively (eight f32 ulps), rounds to
/// the same bfloat16. The inputs are checked to be so, so the expectation does not depend on
/// either library's last bits.
fn bf16_transcendental(l: &Launch, o: &Outcome) -> Result<(), String> {
    use super::bf16::{rn as brn, to_f64 as bf};
    let (x, p) = (u16s(&input(l, "x")), u16s(&input(l, "p")));
    let n = x.len();
    let on_x: [Named; 5] = [
        ("sin", f64::sin),
        ("cos", f64::cos),
        ("exp", f64::exp),
        ("exp2", f64::exp2),
        ("exp10", |v| 10f64.powf(v)),
    ];
    let on_p: [Named; 4] = [
        ("log", f64::ln),
        ("log2", f64::log2),
        ("log10", f64::log10),
        ("rsqrt", |v| 1.0 / v.sqrt()),
    ];
    let once = |what: &str, f: fn(f64) -> f64, v: u16| -> Result<u16, String> {
        let exact = f(bf(v));
        let margin = exact.abs() * 2f64.powi(-20);
        let r = brn(exact);
        if brn(exact - margin) != r || brn(exact + margin) != r {
            return Err(format!(
                "{what}({}) = {exact} is too close to a bfloat16 rounding boundary for this \
                 test: choose another seed",
                bf(v)
            ));
        }
        Ok(r)
    };
    let mut want = vec![0u16; 13 * n];
    for i in 0..n {
        for (k, (what, f)) in on_x.iter().enumerate() {
            want[k * n + i] = once(what, *f, x[i])?;
        }
        for (k, (what, f)) in on_p.iter().enumerate() {
            want[(5 + k) * n + i] = once(what, *f, p[i])?;
        }
        want[9 * n + 2 * i] = once("exp", f64::exp, x[i])?;
        want[9 * n + 2 * i + 1] = once("exp", f64::exp, x[(i + 5) % n])?;
        want[11 * n + 2 * i] = once("log", f64::ln, p[i])?;
        want[11 * n + 2 * i + 1] = once("log", f64::ln, p[(i + 7) % n])?;
    }
    let bytes: Vec<u8> = want.iter().flat_map(|x| x.to_le_bytes()).collect();
    compare(o, "out", &bytes, 2)
}
