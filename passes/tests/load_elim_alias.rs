//! load-elim with alias facts (`passes/src/alias.rs`) and merges: loads across stores that
//! cannot overlap (constant offsets from one base, distinct allocations, unescaped stack
//! slots, `__restrict__` parameters), never across barriers for memory others can see, and
//! values that reach a block along every incoming path. Counts are checked on the output
//! IR, results against plain Rust through the reference interpreter, before and after.

use crate::common;

use common::interp::run;
use common::*;
use oxicc_ir::*;

fn loads(m: &Module, name: &str) -> usize {
    count_ops(func(m, name), &[Opcode::Load])
}

/// Runs `name` before and after `load-elim, dce` and checks both against `want`; returns
/// the optimized module.
fn check_same(src: &str, name: &str, cases: &[(&[i64], u64)]) -> Module {
    let before = parse(src);
    let mut after = parse(src);
    run_passes(&mut after, &["load-elim", "dce"]);
    for (args, want) in cases {
        assert_eq!(run(&before, name, args), Some(*want), "input IR, {args:?}");
        assert_eq!(
            run(&after, name, args),
            Some(*want),
            "after load-elim, {args:?}"
        );
    }
    after
}

#[test]
fn constant_offsets_from_one_base() {
    // p[0] = a; p[1] = b; return p[0] + p[1]: both loads forwarded.
    let src = "device @f(ptr.global, i32, i32) -> i32 {
block0(v0: ptr.global, v1: i32, v2: i32):
    store v1, v0, align 4
    v3 = iconst.i64 4
    v4 = ptradd.ptr.global v0, v3
    store v2, v4, align 4
    v5 = load.i32 v0, align 4
    v6 = load.i32 v4, align 4
    v7 = add.i32 v5, v6
    return v7
}
";
    let (a, b) = (7i32, -12i32);
    let m = check_same(
        src,
        "f",
        &[(&[0, a as i64, b as i64], a.wrapping_add(b) as u32 as u64)],
    );
    assert_eq!(loads(&m, "f"), 0);

    // *(i32*)(q + 4) = a; *(i64*)q = b; return *(i32*)(q + 4): the i64 store covers
    // bytes 0..8 and overwrites the i32 at 4..8, so the load stays and reads b's high half.
    let src = "device @g(ptr.global, i32, i64) -> i32 {
block0(v0: ptr.global, v1: i32, v2: i64):
    v3 = iconst.i64 4
    v4 = ptradd.ptr.global v0, v3
    store v1, v4, align 4
    store v2, v0, align 8
    v5 = load.i32 v4, align 4
    return v5
}
";
    let b: i64 = 0x1234_5678_9abc_def0;
    let m = check_same(src, "g", &[(&[8, 5, b], (b as u64) >> 32)]);
    assert_eq!(loads(&m, "g"), 1);
}

#[test]
fn distinct_stack_slots_and_calls() {
    // Two unescaped slots: the store to one keeps the other's value; a call cannot name
    // either, so the loads after it are forwarded too.
    let src = "device @ext(ptr) -> i32

device @f(i32, i32, ptr) -> i32 {
    ss0 = slot 4, align 4
    ss1 = slot 4, align 4
block0(v0: i32, v1: i32, v2: ptr):
    v3 = stackaddr ss0
    v4 = stackaddr ss1
    store v0, v3, align 4
    store v1, v4, align 4
    v5 = load.i32 v3, align 4
    v6 = call.i32 @ext(v2)
    v7 = load.i32 v4, align 4
    v8 = add.i32 v5, v7
    v9 = add.i32 v8, v6
    return v9
}
";
    let mut m = parse(src);
    run_passes(&mut m, &["load-elim", "dce"]);
    assert_eq!(loads(&m, "f"), 0);

    // The same with ss1's address passed to the call: the callee may write it, so the
    // load after the call stays (ss0's forwarding before the call is unaffected).
    let src = src.replace(
        "    v6 = call.i32 @ext(v2)",
        "    v10 = addrspacecast.ptr v4\n    v6 = call.i32 @ext(v10)",
    );
    let mut m = parse(&src);
    run_passes(&mut m, &["load-elim", "dce"]);
    assert_eq!(loads(&m, "f"), 1);
}

#[test]
fn barriers_forget_shared_memory_not_private_slots() {
    // tile[0] = a; s = b; barrier; return tile[0] + s: another thread may write tile[0]
    // before the barrier returns, nobody can write the unescaped slot.
    let src = "global shared @tile: i32[64], align 4

kernel @k(i32, i32, ptr.global) {
    ss0 = slot 4, align 4
block0(v0: i32, v1: i32, v2: ptr.global):
    v3 = globaladdr.ptr.shared @tile
    v4 = stackaddr ss0
    store v0, v3, align 4
    store v1, v4, align 4
    barrier
    v5 = load.i32 v3, align 4
    v6 = load.i32 v4, align 4
    v7 = add.i32 v5, v6
    store v7, v2, align 4
    return
}
";
    let mut m = parse(src);
    run_passes(&mut m, &["load-elim", "dce"]);
    assert_eq!(loads(&m, "k"), 1);
    let f = func(&m, "k");
    let left = insts(f).into_iter().find_map(|d| match d {
        InstData::Load { ptr, .. } => Some(*ptr),
        _ => None,
    });
    assert_eq!(
        left.map(|p| f.value_type(p)),
        Some(Type::Ptr(AddrSpace::Shared))
    );
}

/// `o[0] = x[0]; o[1] = x[0]` as a kernel with the given `noalias` list, or with `x`
/// stored into `o[2]` first (its address escapes) when `escape`.
fn restrict_kernel(noalias: &str, escape: bool) -> Module {
    let esc = if escape {
        "    v20 = iconst.i64 16\n    v21 = ptradd.ptr.global v10, v20\n    store v11, v21, align 8\n"
    } else {
        ""
    };
    parse(&format!(
        "kernel @k(ptr, ptr){noalias} {{
block0(v0: ptr, v1: ptr):
    v10 = addrspacecast.ptr.global v0
    v11 = addrspacecast.ptr.global v1
{esc}    v12 = load.f32 v11, align 4
    store v12, v10, align 4
    v13 = load.f32 v11, align 4
    v14 = iconst.i64 4
    v15 = ptradd.ptr.global v10, v14
    store v13, v15, align 4
    return
}}
"
    ))
}

#[test]
fn restrict_parameters() {
    let count = |noalias: &str, escape: bool| {
        let mut m = restrict_kernel(noalias, escape);
        run_passes(&mut m, &["load-elim", "dce"]);
        loads(&m, "k")
    };
    // Both restrict, or only the written one, or only the read one: the store through
    // `o` cannot reach `x`'s memory.
    assert_eq!(count(" noalias(0, 1)", false), 1);
    assert_eq!(count(" noalias(0)", false), 1);
    assert_eq!(count(" noalias(1)", false), 1);
    // Neither: `o` may equal `x`.
    assert_eq!(count("", false), 2);
    // `x` restrict but stored to memory: escape analysis gives up on it, and `o` alone is
    // not restrict.
    assert_eq!(count(" noalias(1)", true), 2);
}

#[test]
fn values_meet_at_merges() {
    // v = p[0]; if (c) { t = p[0]; } return v + p[0]: every path into the join has p[0]
    // in v, so the join's load is forwarded.
    let src = "device @f(ptr.global, i1) -> i32 {
block0(v0: ptr.global, v1: i1):
    v2 = load.i32 v0, align 4
    brif v1, block1, block2

block1:
    v3 = load.i32 v0, align 4
    jump block3(v3)

block2:
    jump block3(v2)

block3(v4: i32):
    v5 = load.i32 v0, align 4
    v6 = add.i32 v4, v5
    return v6
}
";
    let m = check_same(src, "f", &[(&[0, 1], 0), (&[0, 0], 0)]);
    assert_eq!(loads(&m, "f"), 1);

    // With a store to p[0] on one path the join must reload: c ? x : 0 after p[0] = 0.
    let src = "device @g(ptr.global, i1, i32) -> i32 {
block0(v0: ptr.global, v1: i1, v2: i32):
    v3 = load.i32 v0, align 4
    brif v1, block1, block2

block1:
    store v2, v0, align 4
    jump block3

block2:
    jump block3

block3:
    v5 = load.i32 v0, align 4
    v6 = add.i32 v3, v5
    return v6
}
";
    let m = check_same(src, "g", &[(&[0, 1, 41], 41), (&[0, 0, 41], 0)]);
    assert_eq!(loads(&m, "g"), 2);

    // A loop header starts empty: the body's store reaches it along the back edge.
    let src = "device @h(ptr.global, i32) -> i32 {
block0(v0: ptr.global, v1: i32):
    v2 = load.i32 v0, align 4
    v3 = iconst.i32 0
    jump block1(v3)

block1(v4: i32):
    v5 = load.i32 v0, align 4
    v6 = iconst.i32 1
    v7 = add.i32 v5, v6
    store v7, v0, align 4
    v8 = add.i32 v4, v6
    v9 = icmp.slt v8, v1
    brif v9, block1(v8), block2

block2:
    v10 = load.i32 v0, align 4
    v11 = add.i32 v10, v2
    return v11
}
";
    // Memory starts at zero: after n trips p[0] = n, plus the first load's 0.
    let m = check_same(src, "h", &[(&[0, 5], 5), (&[0, 1], 1)]);
    // The header's load stays; the exit's is the stored v7.
    assert_eq!(loads(&m, "h"), 2);
}
