//! The sub-byte and f64 `mma.sync` forms on hand-written PTX with values worked out by hand,
//! and the matrix instructions the interpreter rejects with a message rather than running
//! them wrongly (`wgmma`, `mma.sp`, directed f64 roundings) together with the `txq`/`suq`
//! attributes it does not model.

use crate::common::{kernel, run_u32};
use oxicc_emu::{run_text, RunOptions};

/// Each of 32 lanes runs `mma` with A = `a`, B = `b` in every register and C = (lane, 7),
/// then stores D's two registers at out[2·lane], out[2·lane + 1].
fn m8n8(form: &str, a: u32, b: u32) -> Vec<u32> {
    let body = format!(
        "mov.b32 %r2, {a};\nmov.b32 %r3, {b};\nmov.b32 %r4, 7;\n\
         {form} {{%r5, %r6}}, {{%r2}}, {{%r3}}, {{%r1, %r4}};\n\
         mul.wide.u32 %rd3, %r1, 8;\nadd.s64 %rd4, %rd1, %rd3;\n\
         st.global.u32 [%rd4], %r5;\nst.global.u32 [%rd4+4], %r6;"
    );
    run_u32(&kernel(&body), 32, 64, &[]).unwrap_or_else(|e| panic!("{form}: {e}"))
}

fn expect(got: &[u32], add: i32) {
    for lane in 0..32 {
        assert_eq!(got[2 * lane], (lane as i32 + add) as u32, "lane {lane} d0");
        assert_eq!(got[2 * lane + 1], (7 + add) as u32, "lane {lane} d1");
    }
}

#[test]
fn single_bit_products_count_xor_and_and() {
    let xor = "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc";
    // Every a bit 1, every b bit 0: all 128 XORs are 1, no AND is.
    expect(&m8n8(xor, 0xFFFF_FFFF, 0), 128);
    // a = 0b0101…, b = 0b0011…: XOR is 0b0110…, two bits of four: 64 of 128.
    expect(&m8n8(xor, 0x5555_5555, 0x3333_3333), 64);
    // m8n8k128 has no .and form; m16n8k128 (sm_80) has, checked in the kernel suite.
}

#[test]
fn four_bit_products_sign_extend_s4() {
    let s4u4 = "mma.sync.aligned.m8n8k32.row.col.s32.s4.u4.s32";
    // A all 0xF (-1 as s4), B all 1: each of 32 products is -1.
    expect(&m8n8(s4u4, 0xFFFF_FFFF, 0x1111_1111), -32);
    let u4u4 = "mma.sync.aligned.m8n8k32.row.col.s32.u4.u4.s32";
    // 15 · 2 over 32 products.
    expect(&m8n8(u4u4, 0xFFFF_FFFF, 0x2222_2222), 960);
}

/// A one-instruction module's interpreter error.
fn rejected(inst: &str) -> String {
    let ptx = kernel(inst);
    let launch = r#"{"grid": [1], "block": [32], "args": [
        {"buffer": "out", "type": "u32", "len": 1, "fill": {"value": 0}},
        {"buffer": "in", "type": "u32", "len": 1, "fill": {"value": 0}}]}"#;
    match run_text(&ptx, launch, &RunOptions::default()) {
        Ok(_) => panic!("`{inst}` was accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn unmodelled_matrix_forms_are_rejected_with_a_message() {
    let e = rejected("wgmma.fence.sync.aligned;");
    assert!(e.contains("wgmma") && e.contains("sm_90a"), "{e}");
    let e = rejected(
        "mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, \
         {%r2, %r3, %r4, %r5}, {%r6, %r7, %r8, %r9}, {%f5, %f6, %f7, %f8}, %r10, 0x0;",
    );
    assert!(e.contains("mma.sp"), "{e}");
    let e = rejected(
        "mma.sync.aligned.m8n8k4.row.col.rz.f64.f64.f64.f64 {%fd1, %fd2}, {%fd3}, {%fd4}, \
         {%fd5, %fd6};",
    );
    assert!(e.contains(".rn"), "{e}");
    let e = rejected("txq.channel_order.b32 %r2, [%rd2];");
    assert!(e.contains("txq.channel_order"), "{e}");
    let e = rejected("txq.level.width.b32 %r2, [%rd2], %r3;");
    assert!(e.contains("mipmap"), "{e}");
}
