//! The device heap: `malloc` / `free` (what nvcc's `new` / `delete` call) give each thread
//! its own zeroed blocks; a use after `free`, a double `free` and a `free` of an address
//! `malloc` did not return are run-time errors; `free(NULL)` does nothing; a request past
//! the 8 MiB heap returns NULL. Expected values are computed in plain Rust.

use crate::common;
use common::run_u32;

const HEADER: &str = ".version 8.0\n.target sm_75\n.address_size 64\n\
.extern .func (.param .b64 func_retval0) malloc\n(\n.param .b64 malloc_param_0\n)\n;\n\
.extern .func free\n(\n.param .b64 free_param_0\n)\n;\n";

fn entry(body: &str) -> String {
    format!(
        "{HEADER}.visible .entry k(\n.param .u64 out,\n.param .u64 in\n)\n{{\n\
         .reg .b32 %r<40>;\n.reg .b64 %rd<20>;\n.reg .pred %p<10>;\n\
         ld.param.u64 %rd1, [out];\nmov.u32 %r1, %tid.x;\n\
         mul.wide.u32 %rd3, %r1, 4;\nadd.s64 %rd4, %rd1, %rd3;\n{body}\nret;\n}}\n"
    )
}

/// `%rd{dst} = malloc(%rd{size})` as nvcc prints the call.
fn malloc(n: u32, size: u32, dst: u32) -> String {
    format!(
        "{{ // callseq {n}, 0\n.reg .b32 temp_param_reg;\n.param .b64 param0;\nst.param.b64 [param0+0], %rd{size};\n\
         .param .b64 retval0;\ncall.uni (retval0),\nmalloc,\n(\nparam0\n);\nld.param.b64 %rd{dst}, [retval0+0];\n}}\n"
    )
}

/// `free(%rd{p})`.
fn free(n: u32, p: u32) -> String {
    format!(
        "{{ // callseq {n}, 0\n.reg .b32 temp_param_reg;\n.param .b64 param0;\nst.param.b64 [param0+0], %rd{p};\n\
         call.uni\nfree,\n(\nparam0\n);\n}}\n"
    )
}

#[test]
fn each_thread_gets_its_own_zeroed_block() {
    // p = malloc(16); p[1] += tid * 3 (starts at 0); out = p[1] + p[0]; free(p).
    let body = format!(
        "mov.u64 %rd5, 16;\n{}ld.u32 %r2, [%rd6+4];\nmad.lo.s32 %r2, %r1, 3, %r2;\nst.u32 [%rd6+4], %r2;\n\
         ld.u32 %r3, [%rd6];\nadd.s32 %r4, %r2, %r3;\nst.global.u32 [%rd4], %r4;\n{}",
        malloc(0, 5, 6),
        free(1, 6)
    );
    let out = run_u32(&entry(&body), 32, 32, &[]).unwrap();
    let want: Vec<u32> = (0..32).map(|t| t * 3).collect();
    assert_eq!(out, want);
}

#[test]
fn free_of_null_does_nothing_and_oversized_requests_return_null() {
    // free(0); out = (malloc(16 MiB) == 0).
    let body = format!(
        "mov.u64 %rd7, 0;\n{}mov.u64 %rd5, 16777216;\n{}setp.eq.s64 %p1, %rd6, 0;\nselp.u32 %r2, 1, 0, %p1;\n\
         st.global.u32 [%rd4], %r2;",
        free(0, 7),
        malloc(1, 5, 6)
    );
    let out = run_u32(&entry(&body), 1, 1, &[]).unwrap();
    assert_eq!(out, vec![1]);
}

#[test]
fn use_after_free_and_double_free_are_errors() {
    let use_after = format!(
        "mov.u64 %rd5, 8;\n{}{}ld.u32 %r2, [%rd6];\nst.global.u32 [%rd4], %r2;",
        malloc(0, 5, 6),
        free(1, 6)
    );
    let e = run_u32(&entry(&use_after), 1, 1, &[]).unwrap_err();
    assert!(e.0.contains("ld.u32"), "{e}");
    let double = format!(
        "mov.u64 %rd5, 8;\n{}{}{}",
        malloc(0, 5, 6),
        free(1, 6),
        free(2, 6)
    );
    let e = run_u32(&entry(&double), 1, 1, &[]).unwrap_err();
    assert!(e.0.contains("already freed"), "{e}");
    let stray = format!("add.s64 %rd6, %rd1, 4;\n{}", free(0, 6));
    let e = run_u32(&entry(&stray), 1, 1, &[]).unwrap_err();
    assert!(e.0.contains("did not return"), "{e}");
}
