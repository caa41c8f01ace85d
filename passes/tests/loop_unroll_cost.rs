//! `loop-unroll`'s size estimate for loops without a pragma: a CRC-style loop of 32
//! iterations over bytes is fully unrolled when its folded body fits cicc's threshold of
//! 300 instructions — the body counted once per iteration the body runs (not once more for
//! the exit test of a test-first loop) and the extensions of byte loads free (the backend
//! loads into the wide register) — and kept when two more operations push it over.
//! Results against a plain-Rust model of the loop.

use crate::common;

use common::*;
use oxicc_ir::*;

fn loops_of(f: &Function) -> LoopInfo {
    let cfg = Cfg::compute(f);
    let dom = DomTree::compute(f, &cfg);
    LoopInfo::compute(f, &cfg, &dom)
}

/// Fills 64 bytes with `(7k + x) mod 256` in a loop kept by its pragma, then runs 32
/// rounds of `t = c ^ b[k]; c = (b[t & 63] ^ (c >> 8)) + t` (with `extra`, then
/// `c = 8c - t`: two more operations per round).
fn crc_like(extra: bool) -> String {
    let (more, result) = if extra {
        (
            "    v43 = mul.i32 v40, v37\n    v44 = sub.i32 v43, v30\n",
            "v44",
        )
    } else {
        ("", "v40")
    };
    format!(
        "device @f(i32) -> i32 {{
    ss0 = slot 64, align 4

block0(v0: i32):
    v1 = stackaddr ss0
    v2 = iconst.i32 0
    jump block1(v2)

block1(v3: i32) unroll(1):
    v4 = iconst.i32 64
    v5 = icmp.slt v3, v4
    brif v5, block2, block3

block2:
    v6 = iconst.i32 7
    v7 = mul.i32 v3, v6
    v8 = add.i32 v7, v0
    v9 = trunc.i8 v8
    v10 = sext.i64 v3
    v11 = ptradd.ptr.local v1, v10
    store v9, v11, align 1
    v12 = iconst.i32 1
    v13 = add.i32 v3, v12
    jump block1(v13)

block3:
    v20 = iconst.i32 -1
    v21 = iconst.i32 0
    jump block4(v20, v21)

block4(v22: i32, v23: i32):
    v24 = iconst.i32 32
    v25 = icmp.slt v23, v24
    brif v25, block5, block6

block5:
    v26 = sext.i64 v23
    v27 = ptradd.ptr.local v1, v26
    v28 = load.i8 v27, align 1
    v29 = zext.i32 v28
    v30 = xor.i32 v22, v29
    v31 = iconst.i32 63
    v32 = and.i32 v30, v31
    v33 = zext.i64 v32
    v34 = ptradd.ptr.local v1, v33
    v35 = load.i8 v34, align 1
    v36 = zext.i32 v35
    v37 = iconst.i32 8
    v38 = lshr.i32 v22, v37
    v39 = xor.i32 v36, v38
    v40 = add.i32 v39, v30
{more}    v41 = iconst.i32 1
    v42 = add.i32 v23, v41
    jump block4({result}, v42)

block6:
    return v22
}}
"
    )
}

fn crc_model(x: i64, extra: bool) -> i64 {
    let bytes: Vec<u32> = (0..64).map(|k: i64| (k * 7 + x) as u8 as u32).collect();
    let mut c = u32::MAX;
    for &b in &bytes[..32] {
        let t = c ^ b;
        let mut n = (bytes[(t & 63) as usize] ^ (c >> 8)).wrapping_add(t);
        if extra {
            n = n.wrapping_mul(8).wrapping_sub(t);
        }
        c = n;
    }
    c as i32 as i64
}

#[test]
fn a_byte_loop_within_the_threshold_is_fully_unrolled() {
    let mut m = parse(&crc_like(false));
    assert_eq!(loops_of(func(&m, "f")).len(), 2);
    run_passes(&mut m, &["loop-unroll"]);
    assert_eq!(
        loops_of(func(&m, "f")).len(),
        1,
        "only the fill loop (unroll 1) is left:\n{}",
        print_module(&m)
    );
    run_passes(&mut m, &["const-fold", "dce", "simplify-cfg"]);
    for x in [0, 1, -1, 77, 1 << 20] {
        assert_eq!(run_i(&m, "f", &[x]), crc_model(x, false), "x = {x}");
    }
}

#[test]
fn two_more_operations_per_round_keep_the_loop() {
    let mut m = parse(&crc_like(true));
    for x in [0, 5] {
        assert_eq!(run_i(&m, "f", &[x]), crc_model(x, true), "x = {x}");
    }
    run_passes(&mut m, &["loop-unroll"]);
    assert_eq!(loops_of(func(&m, "f")).len(), 2, "{}", print_module(&m));
}
