//! Tail duplication (`tail_dup.rs`): a test-first loop comes out rotated — each iteration
//! runs exactly the loop's one block, ending in a conditional branch back to it, and no
//! `bra.uni` — and gives the plain-Rust sums; a loop whose header holds a `.pragma
//! "nounroll"` keeps its header.

use crate::common;

use common::compile_and_assemble;

/// `out[0] = sum(in[0..n])` in the front end's test-first shape (header test, latch jump).
fn sum_loop(hint: &str) -> oxicc_ir::Module {
    let src = format!(
        "kernel @sum(ptr, ptr, i32) {{
block0(v0: ptr, v1: ptr, v2: i32):
    v3 = iconst.i32 0
    jump block1(v3, v3)

block1(v4: i32, v5: i32){hint}:
    v6 = icmp.slt v4, v2
    brif v6, block2, block3

block2:
    v7 = sext.i64 v4
    v8 = iconst.i64 4
    v9 = mul.i64 v7, v8
    v10 = ptradd.ptr v0, v9
    v11 = load.i32 v10, align 4
    v12 = add.i32 v5, v11
    v13 = iconst.i32 1
    v14 = add.i32 v4, v13
    jump block1(v14, v12)

block3:
    store v5, v1, align 4
    return
}}
"
    );
    oxicc_ir::parse_module(&src).expect("parses")
}

/// Runs `sum` on one thread with `n` elements `3k + 1`; returns (result, instructions).
fn run(ptx: &str, n: u32) -> (u64, u64) {
    let data: Vec<String> = (0..64).map(|k| (3 * k + 1).to_string()).collect();
    let json = format!(
        "{{\"kernel\": \"sum\", \"grid\": [1], \"block\": [1], \"args\": [\
         {{\"buffer\": \"in\", \"type\": \"u32\", \"data\": [{}]}}, \
         {{\"buffer\": \"out\", \"type\": \"u32\", \"data\": [0]}}, \
         {{\"scalar\": \"s32\", \"value\": {n}}}]}}",
        data.join(", ")
    );
    let out = oxicc_emu::run_text(ptx, &json, &oxicc_emu::RunOptions::default())
        .unwrap_or_else(|e| panic!("emulator: {e}\n{ptx}"));
    let b = &out.buffer("out").expect("out").data;
    let v = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    (u64::from(v), out.instructions)
}

/// The instructions of the block that branches back to its own label (the loop).
fn loop_block(ptx: &str) -> Vec<String> {
    let lines: Vec<&str> = ptx.lines().map(str::trim).collect();
    for (k, l) in lines.iter().enumerate() {
        let Some(label) = l.strip_suffix(':') else {
            continue;
        };
        let mut body = Vec::new();
        for m in &lines[k + 1..] {
            if m.ends_with(':') {
                break;
            }
            if !m.is_empty() {
                body.push(m.to_string());
            }
        }
        if body
            .last()
            .is_some_and(|b| b.contains("bra") && b.ends_with(&format!("{label};")))
        {
            return body;
        }
    }
    panic!("no block branches back to itself:\n{ptx}");
}

#[test]
fn a_test_first_loop_runs_one_block_per_iteration() {
    let ptx = compile_and_assemble(&sum_loop(""), "tail_dup_sum");
    assert!(!ptx.contains("bra.uni"), "{ptx}");
    let body = loop_block(&ptx);
    assert!(body.iter().any(|l| l.starts_with("setp")), "{body:?}");
    let (s10, i10) = run(&ptx, 10);
    let (s20, i20) = run(&ptx, 20);
    let (s0, _) = run(&ptx, 0);
    let want = |n: u64| (0..n).map(|k| 3 * k + 1).sum::<u64>();
    assert_eq!((s0, s10, s20), (0, want(10), want(20)));
    // Ten more iterations execute the loop block ten more times, and nothing else.
    assert_eq!(i20 - i10, 10 * body.len() as u64, "{body:?}\n{ptx}");
}

#[test]
fn a_header_with_a_pragma_is_not_copied() {
    let ptx = compile_and_assemble(&sum_loop(" unroll(1)"), "tail_dup_pragma");
    assert!(ptx.contains(".pragma \"nounroll\""), "{ptx}");
    // The latch still jumps back to the header, which holds the pragma and the test.
    assert!(ptx.contains("bra.uni"), "{ptx}");
    let want = (0..17u64).map(|k| 3 * k + 1).sum::<u64>();
    assert_eq!(run(&ptx, 17).0, want);
}
