//! `load-slice` (`passes/src/load_slice.rs`): an `i64` load used only as its two 32-bit
//! halves becomes two `i32` loads. IR in, the shape out (no 64-bit load or shift left), and
//! the values through the test interpreter against plain Rust (little-endian halves) and
//! against the input IR; loads with any other use, volatile ones and other shift amounts
//! stay whole.

use crate::common;

use common::interp::run;
use common::*;
use oxicc_ir::*;

const VALUES: [i64; 6] = [
    0,
    1,
    -1,
    0x1234_5678_9abc_def0,
    i64::MIN,
    0x7fff_ffff_0000_0001,
];

/// `*p = x; y = *p; return 3 * lo(y) + hi(y)` with the load's flags and the shift amount
/// given; `extra` adds more instructions using the loaded value (`v20`) before the return.
fn src(flags: &str, shift: u32, extra: &str, ret: &str) -> String {
    format!(
        "device @f(ptr.global, i64) -> i32 {{
block0(v0: ptr.global, v1: i64):
    store v1, v0, align 8
    v2 = load.i64 v0, align 8{flags}
    v3 = trunc.i32 v2
    v4 = iconst.i64 {shift}
    v5 = lshr.i64 v2, v4
    v6 = trunc.i32 v5
    v7 = iconst.i32 3
    v8 = mul.i32 v3, v7
    v9 = add.i32 v8, v6
{extra}    return {ret}
}}
"
    )
}

fn model(x: i64, shift: u32) -> u32 {
    let lo = x as u32;
    let hi = ((x as u64) >> shift) as u32;
    lo.wrapping_mul(3).wrapping_add(hi)
}

fn loads_of(m: &Module, ty: Type) -> usize {
    insts(func(m, "f"))
        .iter()
        .filter(|d| matches!(d, InstData::Load { ty: t, .. } if *t == ty))
        .count()
}

/// Checks the function before and after `load-slice, dce` against `want`; returns the
/// optimized module.
fn check(src: &str, want: impl Fn(i64) -> u32) -> Module {
    let before = parse(src);
    let mut after = parse(src);
    run_passes(&mut after, &["load-slice", "dce"]);
    check_module(&after);
    for x in VALUES {
        let w = u64::from(want(x));
        // The test interpreter's memory: 16 bytes, so address 8 is inside it and 8-aligned.
        assert_eq!(run(&before, "f", &[8, x]), Some(w), "input IR, x = {x:#x}");
        assert_eq!(
            run(&after, "f", &[8, x]),
            Some(w),
            "after load-slice, x = {x:#x}"
        );
    }
    after
}

#[test]
fn halves_become_two_loads() {
    let m = check(&src("", 32, "", "v9"), |x| model(x, 32));
    assert_eq!(loads_of(&m, Type::I64), 0);
    assert_eq!(loads_of(&m, Type::I32), 2);
    let shifts = insts(func(&m, "f"))
        .iter()
        .filter(|d| {
            matches!(
                d,
                InstData::Binary {
                    op: BinaryOp::LShr,
                    ..
                }
            )
        })
        .count();
    assert_eq!(shifts, 0);
    // The high half's load is 4 bytes past the low one's and at most 4-aligned.
    let f = func(&m, "f");
    let aligns: Vec<u32> = insts(f)
        .iter()
        .filter_map(|d| match d {
            InstData::Load { flags, .. } => Some(flags.align),
            _ => None,
        })
        .collect();
    assert_eq!(aligns, vec![8, 4]);
}

#[test]
fn other_uses_keep_the_load_whole() {
    // The whole value is used too (an `i64` add): not sliced.
    let extra = "    v10 = add.i64 v2, v1\n    v11 = trunc.i32 v10\n    v12 = add.i32 v9, v11\n";
    let m = check(&src("", 32, extra, "v12"), |x| {
        model(x, 32).wrapping_add(x.wrapping_add(x) as u32)
    });
    assert_eq!(loads_of(&m, Type::I64), 1);
    assert_eq!(loads_of(&m, Type::I32), 0);

    // The shift's result is used whole as well: not sliced.
    let extra = "    v10 = add.i64 v5, v1\n    v11 = trunc.i32 v10\n    v12 = add.i32 v9, v11\n";
    let m = check(&src("", 32, extra, "v12"), |x| {
        let s = ((x as u64) >> 32).wrapping_add(x as u64);
        model(x, 32).wrapping_add(s as u32)
    });
    assert_eq!(loads_of(&m, Type::I64), 1);

    // A shift by 16 is not a half.
    let m = check(&src("", 16, "", "v9"), |x| model(x, 16));
    assert_eq!(loads_of(&m, Type::I64), 1);

    // Volatile loads keep their width.
    let m = check(&src(", volatile", 32, "", "v9"), |x| model(x, 32));
    assert_eq!(loads_of(&m, Type::I64), 1);
}

#[test]
fn o3_slices_a_struct_chunk() {
    // After -O3 the same function has no i64 load either (the store is forwarded by
    // load-elim, so only the values are checked there).
    let s = src("", 32, "", "v9");
    let mut m = parse(&s);
    run_level(&mut m, 3);
    check_module(&m);
    for x in VALUES {
        assert_eq!(
            run(&m, "f", &[8, x]),
            Some(u64::from(model(x, 32))),
            "-O3, x = {x:#x}"
        );
    }
}
