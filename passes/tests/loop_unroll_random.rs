//! Differential test of `loop-unroll` on random counted loops: different widths, starts,
//! steps (both signs), bounds, comparisons (signed/unsigned `<`, `<=`, `>`, `>=`, `!=`,
//! `==`), constants on either side, inverted branches, zero-trip and wrap-around loops,
//! test-first, test-last and two-block test-last shapes, constant or unknown bounds, and
//! every pragma form. Each function's result is computed by a plain-Rust model of the loop
//! and compared with the test interpreter's result after `loop-unroll` alone, after the
//! cleanup that follows it in the pipeline, and after the whole `-O3` pipeline; the
//! verifier runs after every pass.

use crate::common;

use common::*;
use oxicc_ir::*;

#[derive(Copy, Clone, Debug)]
enum Shape {
    /// `header: test; body: …; jump header` (irgen's `for` loop).
    TopTest,
    /// One block: body, then `brif test, header(next…), exit`.
    BottomOneBlock,
    /// Header with the body, latch with the test.
    BottomTwoBlocks,
}

const CCS: [&str; 10] = [
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];

#[derive(Debug)]
struct LoopSpec {
    bits: u32,
    shape: Shape,
    init: u64,
    /// The update `p = p op step`.
    op: &'static str,
    step: u64,
    /// Compare `p + offset` (test-first) or `next + offset` (test-last) …
    offset: u64,
    cc: usize,
    /// … with this constant, or with the function's second parameter when `None`.
    bound: Option<u64>,
    /// An unknown bound is computed before the loop (else in the header).
    bound_before_loop: bool,
    /// The constant is on the left of the `icmp`.
    swapped: bool,
    /// The branch leaves the loop when the comparison is true.
    inverted: bool,
    hint: &'static str,
}

fn mask(bits: u32) -> u64 {
    if bits == 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    }
}

fn sext(v: u64, bits: u32) -> i64 {
    let sh = 64 - bits;
    ((v << sh) as i64) >> sh
}

fn cmp(cc: &str, a: u64, b: u64, bits: u32) -> bool {
    let (sa, sb) = (sext(a, bits), sext(b, bits));
    match cc {
        "eq" => a == b,
        "ne" => a != b,
        "slt" => sa < sb,
        "sle" => sa <= sb,
        "sgt" => sa > sb,
        "sge" => sa >= sb,
        "ult" => a < b,
        "ule" => a <= b,
        "ugt" => a > b,
        _ => a >= b,
    }
}

impl LoopSpec {
    /// Whether the loop goes on after testing value `x`.
    /// The update, with the IR's semantics (wrapping; shift amounts ≥ the width give 0).
    fn next(&self, p: u64) -> u64 {
        let m = mask(self.bits);
        let r = match self.op {
            "add" => p.wrapping_add(self.step),
            "mul" => p.wrapping_mul(self.step),
            "shl" if self.step < u64::from(self.bits) => p << self.step,
            "lshr" if self.step < u64::from(self.bits) => p >> self.step,
            _ => 0,
        };
        r & m
    }

    fn stays(&self, x: u64, bound: u64) -> bool {
        let (l, r) = if self.swapped { (bound, x) } else { (x, bound) };
        cmp(CCS[self.cc], l, r, self.bits) != self.inverted
    }

    /// The model: `(result, iterations)`, or `None` when it runs too long.
    fn model(&self, a: u64, b: u64) -> Option<(u64, u64)> {
        let m = mask(self.bits);
        let bound = self.bound.unwrap_or(b) & m;
        let (mut p, mut acc) = (self.init & m, 0u64);
        for n in 0..70_000u64 {
            match self.shape {
                Shape::TopTest => {
                    if !self.stays(p.wrapping_add(self.offset) & m, bound) {
                        return Some(((acc ^ p) & m, n));
                    }
                    acc = acc.wrapping_mul(3).wrapping_add(p ^ a) & m;
                    p = self.next(p);
                }
                Shape::BottomOneBlock | Shape::BottomTwoBlocks => {
                    acc = acc.wrapping_mul(3).wrapping_add(p ^ a) & m;
                    p = self.next(p);
                    if !self.stays(p.wrapping_add(self.offset) & m, bound) {
                        return Some(((acc ^ p) & m, n + 1));
                    }
                }
            }
        }
        None
    }

    fn text(&self) -> String {
        let t = format!("i{}", self.bits);
        let m = mask(self.bits);
        let c = |v: u64| sext(v & m, self.bits);
        let hint = if self.hint.is_empty() {
            String::new()
        } else {
            format!(" unroll({})", self.hint)
        };
        // An unknown bound is computed in the loop or, for the runtime unroller, before it.
        let (bound, bound_before) = match self.bound {
            Some(k) => (format!("    v90 = iconst.{t} {}\n", c(k)), String::new()),
            None if self.bound_before_loop => {
                (String::new(), format!("    v90 = add.{t} v1, v99\n"))
            }
            None => (format!("    v90 = add.{t} v1, v99\n"), String::new()),
        };
        let test = |x: &str| {
            let (l, r) = if self.swapped {
                ("v90", "v92")
            } else {
                ("v92", "v90")
            };
            format!(
                "{bound}    v91 = iconst.{t} {}\n    v92 = add.{t} {x}, v91\n    v93 = icmp.{} {l}, {r}\n",
                c(self.offset),
                CCS[self.cc]
            )
        };
        let brif = |stay: &str, leave: &str| {
            if self.inverted {
                format!("    brif v93, {leave}, {stay}\n")
            } else {
                format!("    brif v93, {stay}, {leave}\n")
            }
        };
        let body = format!(
            "    v20 = iconst.{t} 3\n    v21 = mul.{t} v11, v20\n    v22 = xor.{t} v10, v0\n    v23 = add.{t} v21, v22\n    v24 = iconst.{t} {}\n    v25 = {}.{t} v10, v24\n",
            c(self.step),
            self.op
        );
        let head = format!(
            "device @f({t}, {t}) -> {t} {{\nblock0(v0: {t}, v1: {t}):\n    v99 = iconst.{t} 0\n{bound_before}    v2 = iconst.{t} {}\n    v3 = iconst.{t} 0\n    jump block1(v2, v3)\n\nblock1(v10: {t}, v11: {t}){hint}:\n",
            c(self.init)
        );
        match self.shape {
            Shape::TopTest => format!(
                "{head}{}{}\nblock2:\n{body}    jump block1(v25, v23)\n\nblock3:\n    v30 = xor.{t} v11, v10\n    return v30\n}}\n",
                test("v10"),
                brif("block2", "block3")
            ),
            Shape::BottomOneBlock => format!(
                "{head}{body}{}{}\nblock3(v40: {t}, v41: {t}):\n    v30 = xor.{t} v40, v41\n    return v30\n}}\n",
                test("v25"),
                brif("block1(v25, v23)", "block3(v23, v25)")
            ),
            Shape::BottomTwoBlocks => format!(
                "{head}{body}    jump block2\n\nblock2:\n{}{}\nblock3:\n    v30 = xor.{t} v23, v25\n    return v30\n}}\n",
                test("v25"),
                brif("block1(v25, v23)", "block3")
            ),
        }
    }
}

fn random_spec(rng: &mut Rng) -> LoopSpec {
    let bits = [8, 16, 32, 64][rng.below(4) as usize];
    let m = mask(bits);
    let small = |rng: &mut Rng, n: u64| (rng.below(2 * n + 1) as i64 - n as i64) as u64;
    // Starts near 0 or near the signed/unsigned wrap points.
    let specials = [0u64, m, m >> 1, (m >> 1) + 1];
    let init = specials[rng.below(4) as usize].wrapping_add(small(rng, 20)) & m;
    let (op, step) = match rng.below(12) {
        0 => ("add", 1),
        1 => ("add", m), // -1
        2 => ("shl", 1 + rng.below(2)),
        3 => ("lshr", 1 + rng.below(2)),
        4 => ("mul", 2 + rng.below(2)),
        _ => ("add", small(rng, 5) & m),
    };
    let bound = match rng.below(5) {
        0 => None,
        1 => Some(specials[rng.below(4) as usize].wrapping_add(small(rng, 20)) & m),
        _ => Some(
            init.wrapping_add(step.wrapping_mul(rng.below(40)))
                .wrapping_add(small(rng, 3))
                & m,
        ),
    };
    let hints = ["", "", "full", "1", "2", "3", "4", "8"];
    LoopSpec {
        bits,
        shape: [
            Shape::TopTest,
            Shape::BottomOneBlock,
            Shape::BottomTwoBlocks,
        ][rng.below(3) as usize],
        init,
        op,
        step,
        offset: if rng.below(3) == 0 {
            small(rng, 3) & m
        } else {
            0
        },
        cc: rng.below(10) as usize,
        bound,
        bound_before_loop: rng.below(2) == 0,
        swapped: rng.below(4) == 0,
        inverted: rng.below(3) == 0,
        hint: hints[rng.below(hints.len() as u64) as usize],
    }
}

fn loop_count(f: &Function) -> usize {
    let cfg = Cfg::compute(f);
    let dom = DomTree::compute(f, &cfg);
    LoopInfo::compute(f, &cfg, &dom).len()
}

/// What checking one spec exercised.
#[derive(Default)]
struct Exercised {
    fully_unrolled: u32,
    runtime_unrolled: u32,
}

/// Checks one spec on six inputs through three pass lists; `None` when the model says the
/// loop runs too long to be a useful test.
fn check_spec(spec: &LoopSpec, rng: &mut Rng) -> Option<Exercised> {
    let m = mask(spec.bits);
    let inputs: Vec<(u64, u64)> = (0..6)
        .map(|k| {
            // Unknown bounds: small, or next to the signed/unsigned wrap points.
            let near = [m, m >> 1, (m >> 1) + 1][rng.below(3) as usize];
            let unknown = if k % 2 == 0 {
                rng.below(50)
            } else {
                near.wrapping_sub(rng.below(8))
            };
            (rng.next() & m, spec.bound.unwrap_or(unknown) & m)
        })
        .collect();
    let expected = inputs
        .iter()
        .map(|&(a, b)| spec.model(a, b))
        .collect::<Option<Vec<_>>>()?;
    let src = spec.text();
    let original = parse(&src);
    let mut seen = Exercised::default();
    for passes in [
        &["loop-unroll"][..],
        &["loop-unroll", "const-fold", "cse", "dce", "simplify-cfg"][..],
        &["-O3"][..],
    ] {
        let mut m2 = original.clone();
        if passes == ["-O3"] {
            run_level(&mut m2, 3);
        } else {
            run_passes(&mut m2, passes);
        }
        for (&(a, b), &(want, _)) in inputs.iter().zip(&expected) {
            let got = run(&m2, "f", &[a as i64, b as i64]).expect("returns") & m;
            assert_eq!(
                got,
                want,
                "{spec:?} a={a} b={b} after {passes:?}\n{src}\n{}",
                print_module(&m2)
            );
        }
        let f = func(&m2, "f");
        // A guarded main loop in front of the original one.
        if passes == ["loop-unroll"] && loop_count(f) == 2 {
            seen.runtime_unrolled += 1;
        }
        // Structural expectations that follow from the pragma alone.
        // (-O3's constant folding may still remove a loop that runs once.)
        if spec.hint == "1" && passes != ["-O3"] {
            assert_eq!(loop_count(f), 1, "{spec:?}: unroll 1 keeps the loop");
        }
        let iterations = expected[0].1;
        if spec.hint == "full" && spec.bound.is_some() && iterations <= 64 {
            assert_eq!(
                loop_count(f),
                0,
                "{spec:?}: full unroll leaves no loop\n{}",
                print_module(&m2)
            );
            seen.fully_unrolled += 1;
        }
    }
    Some(seen)
}

#[test]
fn random_counted_loops_keep_their_results() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut checked, mut fully_unrolled) = (0, 0);
    while checked < 2000 {
        let spec = random_spec(&mut rng);
        if let Some(seen) = check_spec(&spec, &mut rng) {
            fully_unrolled += seen.fully_unrolled;
            checked += 1;
        }
    }
    assert!(
        fully_unrolled > 20,
        "too few full unrolls exercised: {fully_unrolled}"
    );
}

#[test]
fn random_runtime_unrolled_loops_keep_their_results() {
    // Only loops the guarded main loop applies to: test first, bound known only at run
    // time (sometimes next to the wrap points), `p + s` updates, a count pragma.
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut checked, mut runtime_unrolled) = (0, 0);
    while checked < 600 {
        let mut spec = random_spec(&mut rng);
        spec.shape = Shape::TopTest;
        spec.bound = None;
        spec.bound_before_loop = true;
        spec.hint = ["2", "3", "4", "8"][rng.below(4) as usize];
        spec.op = "add";
        if spec.step == 0 {
            spec.step = 1;
        }
        if let Some(seen) = check_spec(&spec, &mut rng) {
            runtime_unrolled += seen.runtime_unrolled;
            checked += 1;
        }
    }
    assert!(
        runtime_unrolled > 100,
        "too few runtime unrolls exercised: {runtime_unrolled}"
    );
}
