//! infer-address-spaces: which accesses move to a specific space (hand-derived expectations
//! from the pass's rules: kernel pointer parameters are global, spaces flow through
//! ptradd/select/block parameters only when every input agrees), and that the rewritten
//! functions compute the same results in the reference interpreter.

use crate::common;

use common::*;
use oxicc_ir::*;

/// The address space of the pointer operand of every load, store and atomic, in layout order.
fn access_spaces(f: &Function) -> Vec<AddrSpace> {
    let mut out = Vec::new();
    for &b in &f.layout {
        for &i in &f.blocks[b].insts {
            let ptr = match f.insts[i].data {
                InstData::Load { ptr, .. }
                | InstData::Store { ptr, .. }
                | InstData::AtomicRmw { ptr, .. }
                | InstData::AtomicCas { ptr, .. } => ptr,
                _ => continue,
            };
            out.push(f.value_type(ptr).addr_space().expect("pointer"));
        }
    }
    out
}

fn addrspacecasts_to(f: &Function, space: AddrSpace) -> usize {
    insts(f)
        .iter()
        .filter(|d| {
            matches!(d, InstData::Cast { op: CastOp::AddrSpaceCast, to, .. }
                if *to == Type::Ptr(space))
        })
        .count()
}

const SAXPY: &str = "
kernel @saxpy(i32, f32, ptr, ptr) {
block0(v0: i32, v1: f32, v2: ptr, v3: ptr):
    v4 = sreg %tid.x
    v5 = icmp.slt v4, v0
    brif v5, block1, block2

block1:
    v6 = sext.i64 v4
    v7 = iconst.i64 2
    v8 = shl.i64 v6, v7
    v9 = ptradd.ptr v3, v8
    v10 = ptradd.ptr v2, v8
    v11 = load.f32 v10, align 4
    v12 = fmul.f32 v1, v11
    v13 = load.f32 v9, align 4
    v14 = fadd.f32 v12, v13
    store v14, v9, align 4
    jump block2

block2:
    return
}
";

#[test]
fn kernel_pointer_params_are_global() {
    let mut m = parse(SAXPY);
    run_passes(&mut m, &["infer-address-spaces", "dce"]);
    let f = func(&m, "saxpy");
    assert_eq!(access_spaces(f), [AddrSpace::Global; 3]);
    // One cvta.to.global per pointer parameter, and the generic ptradds are gone.
    assert_eq!(addrspacecasts_to(f, AddrSpace::Global), 2);
    assert_eq!(count_ops(f, &[Opcode::PtrAdd]), 2);
    // The casts are placed where the pointers are used (block1), not at the entry, as nvcc's
    // cvta ends up inside the `if`.
    let block1 = f.layout[1];
    let casts_in_block1 = f.blocks[block1]
        .insts
        .iter()
        .filter(|&&i| {
            matches!(
                f.insts[i].data,
                InstData::Cast {
                    op: CastOp::AddrSpaceCast,
                    ..
                }
            )
        })
        .count();
    assert_eq!(casts_in_block1, 2);
}

#[test]
fn device_function_pointer_params_stay_generic() {
    let mut m = parse(
        "device @get(ptr, i64) -> f32 {
block0(v0: ptr, v1: i64):
    v2 = ptradd.ptr v0, v1
    v3 = load.f32 v2, align 4
    return v3
}
",
    );
    run_passes(&mut m, &["infer-address-spaces", "dce"]);
    assert_eq!(access_spaces(func(&m, "get")), [AddrSpace::Generic]);
}

#[test]
fn param_cast_is_not_placed_inside_a_loop() {
    let mut m = parse(
        "kernel @sum(ptr, i32) {
block0(v0: ptr, v1: i32):
    v2 = iconst.i32 0
    jump block1(v2)

block1(v3: i32):
    v4 = icmp.slt v3, v1
    brif v4, block2, block3

block2:
    v5 = sext.i64 v3
    v6 = ptradd.ptr v0, v5
    v7 = load.i8 v6, align 1
    store v7, v0, align 1
    v8 = iconst.i32 1
    v9 = add.i32 v3, v8
    jump block1(v9)

block3:
    return
}
",
    );
    run_passes(&mut m, &["infer-address-spaces", "dce"]);
    let f = func(&m, "sum");
    assert_eq!(access_spaces(f), [AddrSpace::Global; 2]);
    assert_eq!(addrspacecasts_to(f, AddrSpace::Global), 1);
    // All uses are in the loop body; the cast goes above the loop, to the entry block.
    let entry = f.layout[0];
    assert!(f.blocks[entry].insts.iter().any(|&i| matches!(
        f.insts[i].data,
        InstData::Cast {
            op: CastOp::AddrSpaceCast,
            ..
        }
    )));
}

const SPACES: &str = "
global shared @tile: i32[64], align 4
global internal global @g: i32[64], align 4
global internal const @c: i32[4], align 4, init x\"01000000020000000300000004000000\"

kernel @mix(i1, i64) {
block0(v0: i1, v1: i64):
    v2 = globaladdr.ptr.shared @tile
    v3 = addrspacecast.ptr v2
    v4 = globaladdr.ptr.global @g
    v5 = addrspacecast.ptr v4
    v6 = globaladdr.ptr.const @c
    v7 = addrspacecast.ptr v6
    ; same space on both sides: shared
    v8 = ptradd.ptr v3, v1
    v9 = select.ptr v0, v3, v8
    v10 = load.i32 v9, align 4
    ; shared or global: generic
    v11 = select.ptr v0, v3, v5
    v12 = load.i32 v11, align 4
    ; const: loads move, the store (invalid in const) does not
    v13 = ptradd.ptr v7, v1
    v14 = load.i32 v13, align 4
    store v14, v13, align 4
    ; atomics: shared yes, const no
    v15 = atomicrmw.add.gpu.i32 v8, v14
    v16 = atomicrmw.add.gpu.i32 v13, v14
    ; a pointer loaded from memory could be anything
    v17 = load.ptr v5, align 8
    v18 = load.i32 v17, align 4
    brif v0, block1(v3), block2

block1(v19: ptr):
    jump block3(v19)

block2:
    jump block3(v5)

block3(v20: ptr):
    ; shared from one edge, global from the other: generic
    v21 = load.i32 v20, align 4
    return
}
";

#[test]
fn spaces_flow_only_when_all_inputs_agree() {
    let mut m = parse(SPACES);
    // No dce afterwards: it would delete the loads whose results are unused.
    run_passes(&mut m, &["infer-address-spaces"]);
    let f = func(&m, "mix");
    use AddrSpace::*;
    assert_eq!(
        access_spaces(f),
        [
            Shared,  // v10 = load v9: select of two shared pointers
            Generic, // v12: shared or global
            Const,   // v14: load from const
            Generic, // store to a const pointer stays generic (no st.const)
            Shared,  // atomic on shared
            Generic, // atomic on const stays generic
            Global,  // v17 = load.ptr through the global @g
            Generic, // v18 = load through a loaded pointer
            Generic, // v21: shared or global through block parameters
        ]
    );
}

#[test]
fn loop_carried_pointer_keeps_its_space() {
    // p = shared base; loop: sum += *p; p += 4. The block parameter must become a
    // ptr.shared twin fed by both the entry edge and the latch.
    let mut m = parse(
        "global shared @buf: i32[16], align 4

kernel @walk(ptr.global, i32) {
block0(v0: ptr.global, v1: i32):
    v2 = globaladdr.ptr.shared @buf
    v3 = addrspacecast.ptr v2
    v4 = iconst.i32 0
    jump block1(v3, v4, v4)

block1(v5: ptr, v6: i32, v7: i32):
    v8 = icmp.slt v6, v1
    brif v8, block2, block3

block2:
    v9 = load.i32 v5, align 4
    v10 = add.i32 v7, v9
    v11 = iconst.i64 4
    v12 = ptradd.ptr v5, v11
    v13 = iconst.i32 1
    v14 = add.i32 v6, v13
    jump block1(v12, v14, v10)

block3:
    store v7, v0, align 4
    return
}
",
    );
    run_passes(&mut m, &["infer-address-spaces", "dce"]);
    let f = func(&m, "walk");
    assert_eq!(access_spaces(f), [AddrSpace::Shared, AddrSpace::Global]);
    // The generic loop parameter is dead and removed by dce; one shared parameter remains.
    let header = f.layout[1];
    let ptr_params: Vec<Type> = f.blocks[header]
        .params
        .iter()
        .map(|&p| f.value_type(p))
        .filter(|t| t.is_ptr())
        .collect();
    assert_eq!(ptr_params, [Type::Ptr(AddrSpace::Shared)]);
    assert_eq!(addrspacecasts_to(f, AddrSpace::Generic), 0);
}

#[test]
fn loop_pointer_reset_to_another_space_stays_generic() {
    // The latch passes a global pointer back: shared on entry, global later -> generic.
    let mut m = parse(
        "global shared @buf: i32[16], align 4

kernel @k(ptr, i32) {
block0(v0: ptr, v1: i32):
    v2 = globaladdr.ptr.shared @buf
    v3 = addrspacecast.ptr v2
    v4 = iconst.i32 0
    jump block1(v3, v4)

block1(v5: ptr, v6: i32):
    v7 = icmp.slt v6, v1
    brif v7, block2, block3

block2:
    v8 = load.i32 v5, align 4
    v9 = iconst.i32 1
    v10 = add.i32 v6, v9
    jump block1(v0, v10)

block3:
    return
}
",
    );
    run_passes(&mut m, &["infer-address-spaces"]);
    assert_eq!(access_spaces(func(&m, "k")), [AddrSpace::Generic]);
}

/// A device function whose accesses go through generic pointers to its own stack slots:
/// after the pass they are `.local` accesses, and the interpreter must compute the same
/// values. The expected results are computed in plain Rust below.
const LOCAL_ARRAY: &str = "
device @f(i32, i1) -> i32 {
    ss0 = slot 16, align 4
    ss1 = slot 4, align 4

block0(v0: i32, v1: i1):
    v2 = stackaddr ss0
    v3 = addrspacecast.ptr v2
    v4 = stackaddr ss1
    v5 = addrspacecast.ptr v4
    v6 = iconst.i32 0
    jump block1(v3, v6)

block1(v7: ptr, v8: i32):
    ; a[i] = i * x for i in 0..4, walking a pointer
    v9 = iconst.i32 4
    v10 = icmp.slt v8, v9
    brif v10, block2, block3

block2:
    v11 = mul.i32 v8, v0
    store v11, v7, align 4
    v12 = iconst.i64 4
    v13 = ptradd.ptr v7, v12
    v14 = iconst.i32 1
    v15 = add.i32 v8, v14
    jump block1(v13, v15)

block3:
    store v0, v5, align 4
    ; read a[3] or the scalar, by a select between two local pointers
    v16 = iconst.i64 12
    v17 = ptradd.ptr v3, v16
    v18 = select.ptr v1, v17, v5
    v19 = load.i32 v18, align 4
    v20 = iconst.i64 4
    v21 = ptradd.ptr v3, v20
    v22 = load.i32 v21, align 4
    v23 = add.i32 v19, v22
    return v23
}
";

#[test]
fn local_accesses_keep_their_results() {
    let mut m = parse(LOCAL_ARRAY);
    let before = m.clone();
    run_passes(&mut m, &["infer-address-spaces", "dce"]);
    let f = func(&m, "f");
    assert!(access_spaces(f).iter().all(|&s| s == AddrSpace::Local));
    for x in [0i64, 1, 7, -5, 1000] {
        for c in [0, 1] {
            // a[1] = x, a[3] = 3x, scalar = x.
            let expect = if c == 1 { 3 * x + x } else { x + x } as i32;
            assert_eq!(run_i(&m, "f", &[x, c]) as i32, expect, "x={x} c={c}");
            assert_eq!(run_i(&before, "f", &[x, c]) as i32, expect);
        }
    }
}

#[test]
fn full_pipeline_uses_specific_spaces() {
    for level in 1..=3 {
        let mut m = parse(SAXPY);
        run_level(&mut m, level);
        assert_eq!(
            access_spaces(func(&m, "saxpy")),
            [AddrSpace::Global; 3],
            "-O{level}"
        );
    }
}

#[test]
fn cycles_through_select_and_switch_edges() {
    // q = select(c, p, p + 4) feeds the loop parameter back; a switch with two edges into
    // block3 passes shared pointers on both. Everything stays shared. A stored pointer value
    // keeps its generic form; only the address operand changes.
    let mut m = parse(
        "global shared @buf: i32[64], align 4

kernel @k(ptr, i32, i1) {
block0(v0: ptr, v1: i32, v2: i1):
    v3 = globaladdr.ptr.shared @buf
    v4 = addrspacecast.ptr v3
    v5 = iconst.i32 0
    jump block1(v4, v5)

block1(v6: ptr, v7: i32):
    v8 = icmp.slt v7, v1
    brif v8, block2, block4

block2:
    v9 = iconst.i64 4
    v10 = ptradd.ptr v6, v9
    v11 = select.ptr v2, v6, v10
    switch v7, default block3(v11), [0: block3(v6), 5: block3(v10)]

block3(v12: ptr):
    store v7, v12, align 4
    v13 = iconst.i32 1
    v14 = add.i32 v7, v13
    jump block1(v12, v14)

block4:
    store v6, v0, align 8
    return
}
",
    );
    run_passes(&mut m, &["infer-address-spaces", "dce"]);
    let f = func(&m, "k");
    assert_eq!(access_spaces(f), [AddrSpace::Shared, AddrSpace::Global]);
    // The final store writes the generic loop pointer (kept alive by that use).
    let stored = insts(f)
        .iter()
        .filter_map(|d| match d {
            InstData::Store { value, .. } => Some(*value),
            _ => None,
        })
        .next_back()
        .unwrap();
    assert_eq!(f.value_type(stored), Type::Ptr(AddrSpace::Generic));
}
