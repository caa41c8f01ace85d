//! `slsr`: the strided addresses of unrolled copies, `p + scale * sext((i + c) * n + b)`,
//! become the previous copy's address plus `(c - c0) * scale * sext(n)`. Shapes are checked
//! on the IR; the addresses themselves are compared with plain Rust through the test
//! interpreter, before and after the pass.

use crate::common;

use common::*;
use oxicc_ir::*;

/// How one copy scales its index: `shl idx, 3`, `mul idx, 12` or nothing.
#[derive(Clone, Copy)]
enum Scale {
    Shl3,
    Mul12,
    One,
}

impl Scale {
    fn factor(self) -> i64 {
        match self {
            Scale::Shl3 => 8,
            Scale::Mul12 => 12,
            Scale::One => 1,
        }
    }
}

/// `f(p, i, n, b)` computing one address per `(c, scale)` copy, `p + scale * ext((i + c) *
/// n + b)`, and returning `sum_k (2k + 1) * ptrtoint(address_k)`. `wide` computes the index
/// in `i64` (the arguments extended first, no `sext` of the index); `nsw` flags the index's
/// operations; `second_base` gives the odd copies the base `b + 1` instead of `b`.
fn copies(copies: &[(i32, Scale)], wide: bool, nsw: bool, second_base: bool) -> String {
    let f = if nsw { ".nsw" } else { "" };
    let t = if wide { "i64" } else { "i32" };
    let mut s = String::from("device @f(ptr.global, i32, i32, i32) -> i64 {\nblock0(v0: ptr.global, v1: i32, v2: i32, v3: i32):\n");
    let (i, n, b) = if wide {
        s.push_str("    v4 = sext.i64 v1\n    v5 = sext.i64 v2\n    v6 = sext.i64 v3\n");
        ("v4", "v5", "v6")
    } else {
        ("v1", "v2", "v3")
    };
    s.push_str(&format!(
        "    v7 = iconst.{t} 1\n    v8 = add{f}.{t} {b}, v7\n    v9 = iconst.i64 0\n"
    ));
    let mut sum = "v9".to_string();
    for (k, &(c, scale)) in copies.iter().enumerate() {
        let v = |j: usize| format!("v{}", 20 + 12 * k + j);
        let base = if second_base && k % 2 == 1 { "v8" } else { b };
        // The basis form has no add of a constant: `i * n` itself.
        let j = if c == 0 {
            i.to_string()
        } else {
            s.push_str(&format!(
                "    {} = iconst.{t} {c}\n    {} = add{f}.{t} {i}, {}\n",
                v(0),
                v(1),
                v(0)
            ));
            v(1)
        };
        s.push_str(&format!(
            "    {} = mul{f}.{t} {j}, {n}\n    {} = add{f}.{t} {}, {base}\n",
            v(2),
            v(3),
            v(2)
        ));
        let idx = if wide {
            v(3)
        } else {
            s.push_str(&format!("    {} = sext.i64 {}\n", v(4), v(3)));
            v(4)
        };
        let off = match scale {
            Scale::Shl3 => {
                s.push_str(&format!(
                    "    {} = iconst.i64 3\n    {} = shl.i64 {idx}, {}\n",
                    v(5),
                    v(6),
                    v(5)
                ));
                v(6)
            }
            Scale::Mul12 => {
                s.push_str(&format!(
                    "    {} = iconst.i64 12\n    {} = mul.i64 {}, {idx}\n",
                    v(5),
                    v(6),
                    v(5)
                ));
                v(6)
            }
            Scale::One => idx,
        };
        s.push_str(&format!(
            "    {} = ptradd.ptr.global v0, {off}\n    {} = ptrtoint.i64 {}\n    \
             {} = iconst.i64 {}\n    {} = mul.i64 {}, {}\n    {} = add.i64 {sum}, {}\n",
            v(7),
            v(8),
            v(7),
            v(9),
            2 * k + 1,
            v(10),
            v(8),
            v(9),
            v(11),
            v(10)
        ));
        sum = v(11);
    }
    s.push_str(&format!("    return {sum}\n}}\n"));
    s
}

/// The same addresses in plain Rust (64-bit wrapping; the `i32` index computed exactly,
/// which the tests' inputs allow).
fn model(copies: &[(i32, Scale)], second_base: bool, args: [i64; 4]) -> i64 {
    let [p, i, n, b] = args;
    copies
        .iter()
        .enumerate()
        .map(|(k, &(c, scale))| {
            let base = if second_base && k % 2 == 1 { b + 1 } else { b };
            let idx = (i + c as i64) * n + base;
            let addr = p.wrapping_add(scale.factor().wrapping_mul(idx));
            addr.wrapping_mul(2 * k as i64 + 1)
        })
        .fold(0i64, i64::wrapping_add)
}

/// Arguments whose `i32` index arithmetic does not overflow, some indices negative.
const ARGS: [[i64; 4]; 5] = [
    [0x1000, 0, 7, 3],
    [0x7fff_0000, 5, 100, -20],
    [0x10_0000_0000, -9, 1000, 17],
    [0, 1 << 10, 1 << 12, 0],
    [0x4000, -3, -64, 5],
];

fn check_values(before: &Module, after: &Module, copies: &[(i32, Scale)], second: bool) {
    for args in ARGS {
        let want = model(copies, second, args);
        assert_eq!(run_i(before, "f", &args), want, "before, {args:?}");
        assert_eq!(run_i(after, "f", &args), want, "after slsr, {args:?}");
    }
}

fn count_op(m: &Module, op: BinaryOp, ty: Type) -> usize {
    let name = &m.functions.values().next().expect("one function").name;
    let f = func(m, name);
    insts(f)
        .iter()
        .filter(|d| matches!(d, InstData::Binary { op: o, lhs, .. } if *o == op && f.value_type(*lhs) == ty))
        .count()
}

#[test]
fn unrolled_copies_advance_by_the_stride() {
    let cs = [
        (0, Scale::Shl3),
        (1, Scale::Shl3),
        (2, Scale::Shl3),
        (3, Scale::Shl3),
    ];
    let before = parse(&copies(&cs, false, true, false));
    let mut after = before.clone();
    run_passes(&mut after, &["slsr", "dce"]);
    // One index multiply (the first copy's) is left, and one `i64` stride multiply.
    assert_eq!(count_op(&before, BinaryOp::Mul, Type::I32), 4);
    assert_eq!(count_op(&after, BinaryOp::Mul, Type::I32), 1);
    assert_eq!(count_op(&after, BinaryOp::Shl, Type::I64), 1);
    check_values(&before, &after, &cs, false);
}

#[test]
fn other_scales_and_steps_share_one_stride_each() {
    // Steps of 2 and 1 from copy to copy, `mul 12` and plain byte offsets.
    for scale in [Scale::Mul12, Scale::One] {
        let cs = [(0, scale), (2, scale), (4, scale), (5, scale)];
        let before = parse(&copies(&cs, false, true, false));
        let mut after = before.clone();
        run_passes(&mut after, &["slsr", "dce"]);
        assert_eq!(count_op(&after, BinaryOp::Mul, Type::I32), 1);
        check_values(&before, &after, &cs, false);
    }
    // The basis may be a copy with a constant of its own, and the steps negative.
    let cs = [(2, Scale::Shl3), (-1, Scale::Shl3), (6, Scale::Shl3)];
    let before = parse(&copies(&cs, false, true, false));
    let mut after = before.clone();
    run_passes(&mut after, &["slsr", "dce"]);
    assert_eq!(count_op(&after, BinaryOp::Mul, Type::I32), 1);
    check_values(&before, &after, &cs, false);
}

#[test]
fn wide_indices_need_no_flag() {
    let cs = [
        (0, Scale::Shl3),
        (1, Scale::Shl3),
        (3, Scale::Mul12),
        (4, Scale::Mul12),
    ];
    let before = parse(&copies(&cs, true, false, false));
    let mut after = before.clone();
    run_passes(&mut after, &["slsr", "dce"]);
    // Each scale has its own chain: two index multiplies remain of four.
    assert_eq!(count_op(&before, BinaryOp::Mul, Type::I64), 4 + 2 + 4);
    // Left: two index multiplies, copy 2's `mul 12`, two strides, four weights.
    assert_eq!(count_op(&after, BinaryOp::Mul, Type::I64), 2 + 1 + 2 + 4);
    check_values(&before, &after, &cs, false);
    // In 64-bit wrapping arithmetic the identity holds even where the products wrap.
    for args in [[0x10, i64::MAX / 3, 7, 1], [0x20, 1 << 40, 1 << 30, -5]] {
        assert_eq!(
            run_i(&before, "f", &args),
            run_i(&after, "f", &args),
            "{args:?}"
        );
    }
}

#[test]
fn extended_indices_without_nsw_are_left_alone() {
    // `sext((i + c) * n + b)` may wrap in 32 bits: the difference is not `c * n`.
    let cs = [(0, Scale::Shl3), (1, Scale::Shl3), (2, Scale::Shl3)];
    let before = parse(&copies(&cs, false, false, false));
    let mut after = before.clone();
    run_passes(&mut after, &["slsr"]);
    assert_eq!(print_module(&before), print_module(&after));
    // Here `(i + 1) * n` wraps: the copies' addresses are not one stride apart.
    let args = [0x1000, 1, 0x4000_0000, 0];
    assert_eq!(run_i(&before, "f", &args), run_i(&after, "f", &args));
}

#[test]
fn different_bases_and_blocks_are_not_combined() {
    // Odd copies add `b + 1`: only copies of one base pair up (0 with 2, 1 with 3).
    let cs = [
        (0, Scale::Shl3),
        (1, Scale::Shl3),
        (2, Scale::Shl3),
        (3, Scale::Shl3),
    ];
    let before = parse(&copies(&cs, false, true, true));
    let mut after = before.clone();
    run_passes(&mut after, &["slsr", "dce"]);
    assert_eq!(count_op(&after, BinaryOp::Mul, Type::I32), 2);
    check_values(&before, &after, &cs, true);

    // The same two indices in two blocks: nothing changes.
    let src = "device @g(ptr.global, i32, i32, i1) -> i64 {
block0(v0: ptr.global, v1: i32, v2: i32, v3: i1):
    v4 = mul.nsw.i32 v1, v2
    v5 = sext.i64 v4
    v6 = ptradd.ptr.global v0, v5
    v7 = ptrtoint.i64 v6
    brif v3, block1, block2(v7)

block1:
    v8 = iconst.i32 1
    v9 = add.nsw.i32 v1, v8
    v10 = mul.nsw.i32 v9, v2
    v11 = sext.i64 v10
    v12 = ptradd.ptr.global v0, v11
    v13 = ptrtoint.i64 v12
    jump block2(v13)

block2(v14: i64):
    return v14
}
";
    let before = parse(src);
    let mut after = before.clone();
    run_passes(&mut after, &["slsr"]);
    assert_eq!(print_module(&before), print_module(&after));
}

#[test]
fn o3_strength_reduces_an_unrolled_strided_loop() {
    // `for (j = 0; j < k; ++j) s += p[j * n + b]`, as the front end would give it after
    // `mem2reg`: the runtime-unrolled copies of `-O3` share one strided pointer.
    let src = "device @h(ptr.global, i32, i32, i32) -> i64 {
block0(v0: ptr.global, v1: i32, v2: i32, v3: i32):
    v4 = iconst.i32 0
    v5 = iconst.i64 0
    jump block1(v4, v5)

block1(v6: i32, v7: i64):
    v8 = icmp.slt v6, v1
    brif v8, block2, block3

block2:
    v9 = mul.nsw.i32 v6, v2
    v10 = add.nsw.i32 v9, v3
    v11 = sext.i64 v10
    v12 = iconst.i64 3
    v13 = shl.i64 v11, v12
    v14 = ptradd.ptr.global v0, v13
    v15 = ptrtoint.i64 v14
    v16 = add.i64 v7, v15
    v17 = iconst.i32 1
    v18 = add.nsw.i32 v6, v17
    jump block1(v18, v16)

block3:
    return v7
}
";
    let before = parse(src);
    let mut after = before.clone();
    run_level(&mut after, 3);
    let muls = count_op(&after, BinaryOp::Mul, Type::I32);
    let f = func(&after, "h");
    let ptradds = count_ops(f, &[Opcode::PtrAdd]);
    assert!(ptradds >= 4, "unrolled: {}", print_module(&after));
    // The unrolled body and the remainder loop each multiply once.
    assert!(muls <= 2, "{}", print_module(&after));
    for (k, n, b) in [
        (0, 5, 1),
        (1, 5, 1),
        (7, 3, -2),
        (13, -4, 100),
        (64, 1000, 7),
    ] {
        let want = (0..k)
            .map(|j| 0x1000i64 + 8 * (j * n + b))
            .fold(0i64, i64::wrapping_add);
        assert_eq!(run_i(&before, "h", &[0x1000, k, n, b]), want);
        assert_eq!(run_i(&after, "h", &[0x1000, k, n, b]), want, "k = {k}");
    }
}
