//! `const-call` on hand-written modules: recursive, looping and float callees evaluated to
//! constants (values from plain Rust), and the calls that must stay: non-constant
//! arguments, memory, division by zero, unbounded recursion or loops (no hang).

use crate::common;

use common::*;
use oxicc_ir::*;

/// The calls left in function `name`.
fn calls_in(m: &Module, name: &str) -> usize {
    count_ops(func(m, name), &[Opcode::Call])
}

const CALLEES: &str = "device internal @ipow(i32, i32) -> i32 {
block0(v0: i32, v1: i32):
    v2 = iconst.i32 0
    v3 = icmp.eq v1, v2
    brif v3, block1, block2

block1:
    v4 = iconst.i32 1
    jump block3(v4)

block2:
    v5 = iconst.i32 -1
    v6 = add.i32 v1, v5
    v7 = call.i32 @ipow(v0, v6)
    v8 = mul.i32 v0, v7
    jump block3(v8)

block3(v9: i32):
    return v9
}

device internal @sum_to(i32) -> i64 {
block0(v0: i32):
    v1 = iconst.i32 0
    v2 = iconst.i64 0
    jump block1(v1, v2)

block1(v3: i32, v4: i64):
    v5 = icmp.slt v3, v0
    brif v5, block2, block3

block2:
    v6 = sext.i64 v3
    v7 = add.i64 v4, v6
    v8 = iconst.i32 1
    v9 = add.i32 v3, v8
    jump block1(v9, v7)

block3:
    return v4
}

device internal @poly(f32) -> f32 {
block0(v0: f32):
    v1 = fmul.f32 v0, v0
    v2 = fconst.f32 1.5
    v3 = fadd.f32 v1, v2
    v4 = fcmp.olt v3, v2
    v5 = fconst.f32 0.0
    v6 = select.f32 v4, v5, v3
    return v6
}

device internal @quot(i32) -> i32 {
block0(v0: i32):
    v1 = iconst.i32 100
    v2 = sdiv.i32 v1, v0
    return v2
}

device internal @forever(i32) -> i32 {
block0(v0: i32):
    v1 = call.i32 @forever(v0)
    v2 = iconst.i32 1
    v3 = add.i32 v1, v2
    return v3
}

device internal @reads(ptr.local) -> i32 {
block0(v0: ptr.local):
    v1 = load.i32 v0, align 4
    return v1
}
";

#[test]
fn recursive_looping_and_float_callees_become_constants() {
    let src = format!(
        "{CALLEES}
device @main(i32) -> i32 {{
block0(v0: i32):
    v1 = iconst.i32 3
    v2 = iconst.i32 4
    v3 = call.i32 @ipow(v1, v2)
    v4 = iconst.i32 100
    v5 = call.i64 @sum_to(v4)
    v6 = trunc.i32 v5
    v7 = fconst.f32 3.0
    v8 = call.f32 @poly(v7)
    v9 = fptosi.i32 v8
    v10 = iconst.i32 5
    v11 = call.i32 @quot(v10)
    v12 = add.i32 v3, v6
    v13 = add.i32 v12, v9
    v14 = add.i32 v13, v11
    v15 = add.i32 v14, v0
    return v15
}}
"
    );
    let mut m = parse(&src);
    let want = |x: i64| {
        let ipow = 3i32.pow(4);
        let sum: i64 = (0..100).sum();
        let poly = (3.0f32 * 3.0 + 1.5) as i32;
        (ipow + sum as i32 + poly + 100 / 5 + x as i32) as i64
    };
    for x in [0, 7, -9] {
        assert_eq!(run_i(&m, "main", &[x]), want(x));
    }
    run_passes(&mut m, &["const-call"]);
    assert_eq!(calls_in(&m, "main"), 0, "{}", print_module(&m));
    // The callees are internal and no longer called: removed.
    for gone in ["ipow", "sum_to", "poly", "quot"] {
        assert!(
            m.function_by_name(gone).is_none(),
            "{gone} left:\n{}",
            print_module(&m)
        );
    }
    for x in [0, 7, -9] {
        assert_eq!(run_i(&m, "main", &[x]), want(x));
    }
}

#[test]
fn calls_that_cannot_be_evaluated_stay() {
    let src = format!(
        "{CALLEES}
device @main(i32) -> i32 {{
    ss0 = slot 4, align 4

block0(v0: i32):
    v1 = iconst.i32 3
    v2 = call.i32 @ipow(v1, v0)
    v3 = iconst.i32 0
    v4 = call.i32 @quot(v3)
    v5 = call.i32 @forever(v1)
    v6 = stackaddr ss0
    store v1, v6, align 4
    v7 = call.i32 @reads(v6)
    v8 = iconst.i32 2000000000
    v9 = call.i64 @sum_to(v8)
    v10 = add.i32 v2, v7
    return v10
}}
"
    );
    let mut m = parse(&src);
    let before = calls_in(&m, "main");
    assert_eq!(before, 5);
    run_passes(&mut m, &["const-call"]);
    // A variable exponent, division by zero, unbounded recursion, a load and a loop of 2e9
    // rounds (over the step budget): all five calls stay, and so do their callees.
    assert_eq!(calls_in(&m, "main"), 5, "{}", print_module(&m));
    for kept in ["ipow", "quot", "forever", "reads", "sum_to"] {
        assert!(m.function_by_name(kept).is_some(), "{kept} removed");
    }
}

#[test]
fn the_pass_runs_in_the_o3_pipeline() {
    let src = format!(
        "{CALLEES}
kernel @k(ptr) {{
block0(v0: ptr):
    v1 = iconst.i32 2
    v2 = iconst.i32 10
    v3 = call.i32 @ipow(v1, v2)
    store v3, v0, align 4
    return
}}
"
    );
    let mut m = parse(&src);
    run_level(&mut m, 3);
    let f = func(&m, "k");
    assert_eq!(count_ops(f, &[Opcode::Call]), 0, "{}", print_module(&m));
    let stored: Vec<u64> = insts(f)
        .iter()
        .filter_map(|d| match d {
            InstData::Store { value, .. } => iconst_of(f, *value),
            _ => None,
        })
        .collect();
    assert_eq!(stored, vec![1 << 10]);
}
