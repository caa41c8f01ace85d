//! Expected results of the C++ suite's value-semantics kernels (copy/move constructors,
//! assignments, destructors, `<utility>`, `<limits>`), derived from the C++ rules each
//! kernel's comments name and computed in plain Rust from the launch's inputs.

use super::check::*;
use oxicc_emu::{Launch, Outcome};

/// Checks kernel `name`; `None` when this module does not know it.
pub fn check(name: &str, l: &Launch, o: &Outcome) -> Option<Check> {
    Some(match name {
        "reference_members" => {
            // p names d and acc: size() = n * 10 + i + 2n * 1000 with n = in + 3 (d.n += 3
            // after p was made); acc = 1 + in + 2 (the copy q bumps the same acc);
            // sizeof(Peer) = two addresses.
            let x = i32s(l, "in");
            let mut want = Vec::new();
            for (i, &v) in x.iter().enumerate() {
                want.push((v + 3) * 10 + i as i32 + 2 * (v + 3) * 1000);
                want.push(1 + v + 2);
                want.push(16);
            }
            eq_i32(o, "out", &want)
        }
        "wide_char_types" => {
            // wchar_t: signed 4 bytes (division truncates toward zero); char16_t: the low 16
            // bits; char32_t: unsigned 32 bits (>> 28 is 15 for a negative input); sizes
            // 4 + 10 * 2 + 100 * 4 + 1000 * sizeof(Text) (16: a short, padding, a pointer),
            // and L'a' == 97.
            let x = i32s(l, "in");
            let mut want = Vec::new();
            for &v in &x {
                want.push(v / 2);
                want.push((v as u16) as i32);
                want.push(((v as u32) >> 28) as i32);
                want.push(4 + 20 + 400 + 16_000 + 100_000);
            }
            eq_i32(o, "out", &want)
        }
        "raii_buffer" => {
            // Per thread: make() constructs once (NRVO), `b = a` copies, passing
            // `static_cast<Buf&&>(b)` moves into the parameter and returning the parameter
            // moves again; the three loop temporaries and `e` are constructed; `e = d`
            // copy-assigns. Destroyed: the parameter, the three temporaries, a, b, d, e.
            let input = i32s(l, "in");
            let n = scalar_bits(l, 3) as usize;
            let (mut out, mut counts) = (vec![0i32; 100], vec![0i32; 400]);
            for t in 0..n {
                let v = &input[4 * t..4 * t + 4];
                let s: i32 = v.iter().sum();
                let total: i32 = v[..3].iter().filter(|&&x| x >= 0).sum();
                // a.sum()*3 + e.sum() (= 2s) + b.size() (moved from: 0) * 1000 + total*7.
                out[t] = 3 * s + 2 * s + 7 * total;
                counts[4 * t..4 * t + 4].copy_from_slice(&[5, 2, 2, 8]);
            }
            all([eq_i32(o, "out", &out), eq_i32(o, "counts", &counts)])
        }
        "dtor_order" => {
            let mut want = vec![0i32; 48];
            // Constructions: Pair 2, D(3), Base/Derived members 2, x, early 4, D(40),
            // D(80), D(90), z twice = 15; one copy (h2 = h); three moves (into and out of
            // pass, twice); every object destroyed once: 19.
            want[..4].copy_from_slice(&[15, 1, 3, 19]);
            let log = [
                2, 1, // Pair: members in reverse order
                103, 103, 3, // note(h2.d.v); h2 then h
                -60, 60, -50, 50, // ~Derived body, dd, ~Base body, bd
                -1, 407, 407, -1, // moved-from parameter at the end of the full
                // expression; note(y.v); y; moved-from x
                31, 30, 32, 30, // early(1) returns out of two blocks; early(0)
                1,  // note(early(1) + early(0))
                40, 40, // note(r.v), then the extended temporary at the block's end
                370, 90, 280, -1, // note(280 + 90); temporaries last made first
                70, 71, // goto back out of the block, then the block's end
            ];
            want[4..4 + log.len()].copy_from_slice(&log);
            eq_i32(o, "log", &want)
        }
        "lambda_init_capture" => {
            let input = i32s(l, "in");
            let n = scalar_bits(l, 2) as usize;
            let mut out = vec![0i32; 500];
            for (i, &a) in input.iter().enumerate().take(n) {
                // f(1) + f(2) with twice = 2a, counting two calls by reference.
                out[5 * i] = (2 * a + 1 + 2 * a + 2) * 10 + 2;
                // std::forward of an lvalue copies (+1000), std::move moves (+2000) and
                // negates the source.
                out[5 * i + 1] = a + 1000;
                out[5 * i + 2] = (a + 2000) - a;
                // The mutable counter's third call is assigned through `c ? lo : hi`.
                out[5 * i + 3] = if a < 0 { 30 } else { 3 };
                // [*this] keeps k as it was, [this] sees k + 1.
                let k = a & 7;
                out[5 * i + 4] = k * 3 * 100 + (k + 1) * 3;
            }
            eq_i32(o, "out", &out)
        }
        "class_arrays" => {
            // Thread 0's log: +id at each construction, -id at each destruction (ids of
            // default-constructed Tags count up from 10; copies add 1000, assignments 2000).
            let mut log: Vec<i32> = vec![
                10, 11, 12, -12, -11, -10, // Tag a[3]: index order, destroyed in reverse
                5, 6, 13, 14, 14, -14, -13, -6, -5, // Tag b[4] = {Tag(5), {6}}: 2 defaults
                15, 16, 17, 7, // Row r: the member array before the constructor body
                1015, 1016, 1017, // Row s = r: the implicit copy, element by element
                2015, 2016, 2017, // s = r: memberwise assignment
                -2017, -2016, -2015, -17, -16, -15, // s, then r
                40, 18, 3, -18, -40, // Pod p = {{Tag(40)}, 3}: v[1] default-constructed
                19, 20, 21, 22, 23, 24, // Tag big[6]
            ];
            // `for (Tag t : big)`: a copy per element, destroyed at the end of each
            // iteration (also by `continue` for id 1023).
            for id in 19..25 {
                log.push(1000 + id);
                if id != 23 {
                    log.push(0);
                }
                log.push(-(1000 + id));
            }
            log.extend((19..25).map(|id| id - 20)); // by reference: no copies
            log.extend((19..25).rev().map(|id| -id));
            log.resize(96, 0);
            // Every thread: pts = {(a,b,c), (c,b,a), (1,2,3), (1,2,3)}, each copied by the
            // loop (the copy constructor doubles); m2 = m copies the corners (a,0,0),
            // (1,2,3), (1,2,3) with the copy constructor; scale 0.5.
            let input = l_f32s(l, "in");
            let out: Vec<f32> = (0..32)
                .map(|t| {
                    let (a, b, c) = (input[3 * t], input[3 * t + 1], input[3 * t + 2]);
                    let mut s = 0.0f32;
                    for p in [[a, b, c], [c, b, a], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0]] {
                        let q = p.map(|x| x * 2.0);
                        s += q[0] - q[1] + q[2];
                    }
                    for v in [[a, 0.0, 0.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0]] {
                        let q = v.map(|x| x * 2.0);
                        s += q[0] + q[1] + q[2];
                    }
                    s * 0.5
                })
                .collect();
            all([eq_i32(o, "log", &log), eq_f32(o, "out", &out)])
        }
        "cond_temporaries" => {
            // Thread 0's log (+v constructed, -v destroyed): pick(1), pick(0); both(1,2),
            // both(-1,2); either(1,2), either(-1,-2); nested(7), nested(3), nested(-2); the
            // loop's odd iterations; make(0) builds T(8) directly in m (the `?:` of two
            // prvalues is a prvalue: no copy), destroyed after logging stopped.
            let mut log = vec![
                1, -1, 2, 3, -3, -2, // pick
                1, 2, -2, -1, -1, 1, // both
                1, -1, -1, -2, 2, 1, // either
                6, -6, 5, -5, -1, 4, -4, 1, // nested
                11, -11, 13, -13, // loop
                8,
            ];
            log.resize(64, 0);
            let s0 = (1000 + (2 + 3)) + (1 + 4) + (6 + 5 + 4) + (11 + 13) + 8;
            let input = i32s(l, "in");
            let mut out = vec![0i32; 32];
            let mut counts = vec![0i32; 64];
            for (t, &x) in input.iter().enumerate().take(32) {
                let v = if x & 1 != 0 { x } else { (x + 1) * 2 };
                let b = (x > 0) || (-x > 0);
                out[t] = if t == 0 { s0 } else { 0 } + v + b as i32;
                // One temporary for `t`, one for `b` (T(x) when x > 0, else T(-x)); thread 0
                // also made 3 + 3 + 3 + 4 + 2 + 1 = 16 before.
                let made = 2 + if t == 0 { 16 } else { 0 };
                counts[2 * t] = made;
                counts[2 * t + 1] = made;
            }
            all([
                eq_i32(o, "log", &log),
                eq_i32(o, "out", &out),
                eq_i32(o, "counts", &counts),
            ])
        }
        "init_list_decltype" => {
            // out[i] = (w0*s[i-1] + w1*s[i] + w2*s[i+1] + max(s[i-1..=i+1]) * (3 - 1)) * 0.5
            // with w = {0.25, 0.5, 0.25} and indices clamped to [0, n); every product is by a
            // power of two (exact, so fused or not the rounding is the same).
            // flags[i] = how many of the three truncate to a positive int, + 10 * n.
            let s = l_f32s(l, "in");
            let n = scalar_bits(l, 3) as usize;
            let at = |i: isize| s[i.clamp(0, n as isize - 1) as usize];
            let mut out = vec![0f32; 100];
            let mut flags = vec![0i32; 100];
            for i in 0..n {
                let v = [at(i as isize - 1), at(i as isize), at(i as isize + 1)];
                let mut acc = 0.0f32;
                for (w, x) in [0.25f32, 0.5, 0.25].iter().zip(v) {
                    acc += w * x;
                }
                let m = v
                    .iter()
                    .copied()
                    .fold(v[0], |m, x| if x > m { x } else { m });
                out[i] = (acc + m * 2.0) * 0.5;
                flags[i] = v.iter().filter(|&&x| x as i32 > 0).count() as i32 + 10 * n as i32;
            }
            all([eq_f32(o, "out", &out), eq_i32(o, "flags", &flags)])
        }
        _ => return None,
    })
}

/// An f32 input buffer's values.
fn l_f32s(l: &Launch, name: &str) -> Vec<f32> {
    input(l, name).to_f32()
}
