//! inline / always-inline: hints, budget, recursion, removal of uncalled internals.

use crate::common;

use common::*;
use oxicc_ir::*;

const SRC: &str = "device internal forceinline @sq(i32) -> i32 {
block0(v0: i32):
    v1 = mul.i32 v0, v0
    return v1
}

device internal noinline @cube(i32) -> i32 {
block0(v0: i32):
    v1 = mul.i32 v0, v0
    v2 = mul.i32 v1, v0
    return v2
}

device internal @fact(i32) -> i32 {
block0(v0: i32):
    v1 = iconst.i32 1
    v2 = icmp.sle v0, v1
    brif v2, block1, block2

block1:
    return v1

block2:
    v3 = sub.i32 v0, v1
    v4 = call.i32 @fact(v3)
    v5 = mul.i32 v0, v4
    return v5
}

device internal @twice(i32) -> i32 {
block0(v0: i32):
    v1 = add.i32 v0, v0
    return v1
}

device internal @unused(i32) -> i32 {
block0(v0: i32):
    return v0
}

device @main(i32) -> i32 {
block0(v0: i32):
    v1 = call.i32 @sq(v0)
    v2 = call.i32 @cube(v1)
    v3 = call.i32 @fact(v0)
    v4 = call.i32 @twice(v3)
    v5 = add.i32 v2, v4
    return v5
}
";

fn expected(x: i64) -> i64 {
    let x = x as i32;
    let sq = x.wrapping_mul(x);
    let cube = sq.wrapping_mul(sq).wrapping_mul(sq);
    let fact: i32 = (1..=x.max(1)).fold(1i32, |a, b| a.wrapping_mul(b));
    cube.wrapping_add(fact.wrapping_mul(2)) as i64
}

fn callees(m: &Module, name: &str) -> Vec<String> {
    let f = func(m, name);
    insts(f)
        .iter()
        .filter_map(|d| match d {
            InstData::Call { callee, .. } => Some(m.functions[*callee].name.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn always_inline_takes_only_forceinline() {
    let mut m = parse(SRC);
    run_passes(&mut m, &["always-inline"]);
    check_module(&m);
    assert_eq!(callees(&m, "main"), ["cube", "fact", "twice"]);
    assert!(
        m.function_by_name("sq").is_none(),
        "inlined internal is removed"
    );
    assert!(
        m.function_by_name("unused").is_none(),
        "uncalled internal is removed"
    );
    for x in [1, 2, 5] {
        assert_eq!(run_i(&m, "main", &[x]), expected(x));
    }
}

#[test]
fn budget_inline_keeps_noinline_and_recursion() {
    let mut m = parse(SRC);
    run_passes(&mut m, &["inline"]);
    check_module(&m);
    assert_eq!(callees(&m, "main"), ["cube", "fact"]);
    assert_eq!(callees(&m, "fact"), ["fact"]);
    assert!(m.function_by_name("twice").is_none());
    for x in [1, 3, 6] {
        assert_eq!(run_i(&m, "main", &[x]), expected(x));
    }
}

#[test]
fn inlined_body_with_branches_and_slots_is_cleaned_by_the_pipeline() {
    let src = "device internal @absdiff(i32, i32) -> i32 {
    ss0 = slot 4, align 4
block0(v0: i32, v1: i32):
    v2 = stackaddr ss0
    v3 = icmp.sgt v0, v1
    brif v3, block1, block2

block1:
    v4 = sub.i32 v0, v1
    store v4, v2, align 4
    jump block3

block2:
    v5 = sub.i32 v1, v0
    store v5, v2, align 4
    jump block3

block3:
    v6 = load.i32 v2, align 4
    return v6
}

kernel @k(ptr.global, i32, i32) {
block0(v0: ptr.global, v1: i32, v2: i32):
    v3 = call.i32 @absdiff(v1, v2)
    v4 = call.i32 @absdiff(v2, v1)
    v5 = add.i32 v3, v4
    store v5, v0, align 4
    return
}
";
    let mut m = parse(src);
    run_level(&mut m, 2);
    assert_eq!(m.functions.len(), 1, "absdiff is fully inlined and removed");
    let k = func(&m, "k");
    assert_eq!(
        count_ops(k, &[Opcode::Call, Opcode::StackAddr, Opcode::Load]),
        0
    );
    assert!(k.stack_slots.is_empty());
}
