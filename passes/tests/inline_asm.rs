//! Inline PTX through the passes: a pinned statement (`asm volatile`, a `"memory"` clobber,
//! or no outputs) is a barrier to load forwarding and dead-store elimination and is never
//! deleted; a pure one (outputs from inputs only) is deleted when its outputs are unused and
//! does not stop forwarding.

use crate::common;

use common::*;
use oxicc_ir::*;

fn hex(t: &str) -> String {
    t.bytes().map(|b| format!("{b:02x}")).collect()
}

fn asm_count(m: &Module) -> usize {
    count_ops(
        func(m, "f"),
        &[Opcode::InlineAsm, Opcode::InlineAsmVolatile],
    )
}

/// Two loads of one address around a statement, at -O3.
fn around(word: &str) -> Module {
    let mut m = parse(&format!(
        "device @f(ptr.global, i32) -> i32 {{
block0(v0: ptr.global, v1: i32):
    v2 = load.i32 v0, align 4
    v3 = {word} x\"{}\" (v1)
    v4 = load.i32 v0, align 4
    v5 = add.i32 v2, v4
    v6 = add.i32 v5, v3
    return v6
}}
",
        hex("mov.b32 %0, %1;")
    ));
    run_level(&mut m, 3);
    check_module(&m);
    m
}

#[test]
fn pinned_asm_keeps_memory_operations_on_their_sides() {
    for word in ["asm.volatile.or.ir", "asm.memory.or.ir"] {
        let m = around(word);
        assert_eq!(count_ops(func(&m, "f"), &[Opcode::Load]), 2, "{word}");
        assert_eq!(asm_count(&m), 1, "{word}");
    }
    let m = around("asm.or.ir");
    assert_eq!(count_ops(func(&m, "f"), &[Opcode::Load]), 1, "pure asm");
}

#[test]
fn stores_before_a_pinned_asm_stay() {
    let mut m = parse(&format!(
        "device @f(ptr.global, i32, i32) {{
block0(v0: ptr.global, v1: i32, v2: i32):
    store v1, v0, align 4
    asm.o.i x\"{}\" ()
    store v2, v0, align 4
    return
}}
",
        hex("membar.gl;")
    ));
    run_level(&mut m, 3);
    check_module(&m);
    assert_eq!(count_ops(func(&m, "f"), &[Opcode::Store]), 2);
    assert_eq!(asm_count(&m), 1, "an asm without outputs is never deleted");
}

#[test]
fn unused_pure_asm_is_deleted_and_used_outputs_survive() {
    let mut m = parse(&format!(
        "device @f(i64) -> i32 {{
block0(v0: i64):
    v1 = asm.orr.il x\"{t}\" (v0)
    v2 = asmout.1.i32 v1
    v3 = asm.orr.il x\"{t}\" (v0)
    v4 = asm.volatile.orr.il x\"{t}\" (v0)
    return v2
}}
",
        t = hex("mov.b64 {%0, %1}, %2;")
    ));
    run_level(&mut m, 3);
    check_module(&m);
    // v3 goes (unused, pure), v4 stays (volatile), v1 stays (its second output is used).
    assert_eq!(asm_count(&m), 2);
    assert_eq!(count_ops(func(&m, "f"), &[Opcode::AsmOutput]), 1);
}
