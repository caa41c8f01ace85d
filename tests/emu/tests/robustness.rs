//! Malformed input never panics or hangs the interpreter: every truncation and many token
//! deletions and substitutions of a valid module give either a result or an error.

use oxicc_emu::{run_text, RunOptions};

const PTX: &str = ".version 8.0\n.target sm_75\n.address_size 64\n\
    .global .align 4 .b32 table[4] = {1, 2, 3, 4};\n\
    .func (.param .b32 r) twice(.param .b32 x)\n{\n.reg .b32 %t<3>;\nld.param.b32 %t1, [x];\nshl.b32 %t2, %t1, 1;\nst.param.b32 [r], %t2;\nret;\n}\n\
    .visible .entry k(.param .u64 out, .param .u32 n)\n{\n\
    .reg .b32 %r<12>;\n.reg .b64 %rd<8>;\n.reg .pred %p<3>;\n.shared .align 4 .b8 sh[512];\n\
    ld.param.u64 %rd1, [out];\nld.param.u32 %r1, [n];\nmov.u32 %r2, %tid.x;\nsetp.ge.u32 %p1, %r2, %r1;\n@%p1 bra DONE;\n\
    mov.u32 %r3, sh;\nshl.b32 %r4, %r2, 2;\nadd.s32 %r5, %r3, %r4;\nst.shared.u32 [%r5], %r2;\nbar.sync 0;\n\
    shfl.sync.bfly.b32 %r6, %r2, 1, 31, -1;\nand.b32 %r7, %r2, 3;\nmul.wide.u32 %rd2, %r7, 4;\nmov.u64 %rd3, table;\n\
    add.s64 %rd4, %rd3, %rd2;\nld.global.u32 %r8, [%rd4];\n{\n.param .b32 a;\n.param .b32 b;\nst.param.b32 [a], %r8;\n\
    call (b), twice, (a);\nld.param.b32 %r9, [b];\n}\nadd.s32 %r10, %r9, %r6;\nmul.wide.u32 %rd5, %r2, 4;\n\
    add.s64 %rd6, %rd1, %rd5;\nst.global.u32 [%rd6], %r10;\nDONE:\nret;\n}\n";

const LAUNCH: &str = r#"{"grid": [1], "block": [32], "args": [
    {"buffer": "out", "type": "u32", "len": 32, "fill": {"value": 0}}, {"scalar": "u32", "value": 32}]}"#;

fn opts() -> RunOptions {
    RunOptions {
        max_instructions: 200_000,
        ..Default::default()
    }
}

#[test]
fn the_valid_module_runs() {
    let out = run_text(PTX, LAUNCH, &opts()).unwrap_or_else(|e| panic!("{e}"));
    let got = out.buffer("out").expect("out").to_i64();
    // out[t] = 2 * table[t & 3] + (t ^ 1)
    let want: Vec<i64> = (0..32).map(|t: i64| 2 * ((t & 3) + 1) + (t ^ 1)).collect();
    assert_eq!(got, want);
}

#[test]
fn truncations_and_mutations_do_not_panic() {
    let toks: Vec<&str> = PTX
        .split_inclusive(|c: char| c.is_whitespace() || ",;[]{}()".contains(c))
        .collect();
    for cut in (0..PTX.len()).step_by(7) {
        if PTX.is_char_boundary(cut) {
            let _ = run_text(&PTX[..cut], LAUNCH, &opts());
        }
    }
    let replacements = [
        "",
        "%r1",
        "-1",
        "0f7FC00000",
        "[%rd1+4096]",
        "{",
        "}",
        ".b8",
        "bar.sync 1;",
        "exit;",
        "sh",
        "%p1",
    ];
    let mut seed = 12345u64;
    for round in 0..600 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let at = (seed >> 33) as usize % toks.len();
        let rep = replacements[round % replacements.len()];
        let text: String = toks
            .iter()
            .enumerate()
            .map(|(k, t)| if k == at { rep } else { *t })
            .collect();
        let _ = run_text(&text, LAUNCH, &opts());
    }
}
