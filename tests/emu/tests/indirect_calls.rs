//! Indirect calls: `call (rets), %rd, (args), prototype;` with `.callprototype` declarations,
//! function addresses from `mov.u64 %rd, f;` and from module variables initialized with
//! function names (function tables, vtables in nvcc's `{0, 0, f, …}` form), by-value
//! aggregates through a prototype, recursion through a pointer, and the run-time errors of
//! calls through bad addresses. Expected values are computed in plain Rust.

use crate::common;
use common::run_u32;

const HEADER: &str = ".version 8.0\n.target sm_75\n.address_size 64\n";

/// Three `int f(int)` functions: x + 7, x * 3, x ^ 0x55.
const FUNCS: &str = "\
.func (.param .b32 r) add7(.param .b32 x)\n{\n.reg .b32 %r<3>;\nld.param.u32 %r1, [x];\nadd.s32 %r2, %r1, 7;\nst.param.b32 [r], %r2;\nret;\n}\n\
.func (.param .b32 r) mul3(.param .b32 x)\n{\n.reg .b32 %r<3>;\nld.param.u32 %r1, [x];\nmul.lo.s32 %r2, %r1, 3;\nst.param.b32 [r], %r2;\nret;\n}\n\
.func (.param .b32 r) xor55(.param .b32 x)\n{\n.reg .b32 %r<3>;\nld.param.u32 %r1, [x];\nxor.b32 %r2, %r1, 85;\nst.param.b32 [r], %r2;\nret;\n}\n";

fn entry(body: &str) -> String {
    format!(
        ".visible .entry k(\n.param .u64 out,\n.param .u64 in\n)\n{{\n\
         .reg .b32 %r<40>;\n.reg .b64 %rd<20>;\n.reg .pred %p<10>;\n\
         ld.param.u64 %rd1, [out];\nld.param.u64 %rd2, [in];\nmov.u32 %r1, %tid.x;\n\
         mul.wide.u32 %rd3, %r1, 4;\nadd.s64 %rd4, %rd1, %rd3;\n{body}\nret;\n}}\n"
    )
}

/// A call sequence as nvcc prints it: `int f(int)` through `%rd{target}` on `%r{arg}`,
/// result in `%r{res}`.
fn call_int(n: u32, target: u32, arg: u32, res: u32) -> String {
    format!(
        "{{\n.reg .b32 temp_param_reg;\n.param .b32 param0;\nst.param.b32 [param0+0], %r{arg};\n\
         .param .b32 retval0;\nprototype_{n} : .callprototype (.param .b32 _) _ (.param .b32 _);\n\
         call (retval0),\n%rd{target},\n(\nparam0\n)\n, prototype_{n};\nld.param.b32 %r{res}, [retval0+0];\n}}\n"
    )
}

fn apply(which: u32, x: u32) -> u32 {
    let x = x as i32;
    (match which % 3 {
        0 => x.wrapping_add(7),
        1 => x.wrapping_mul(3),
        _ => x ^ 0x55,
    }) as u32
}

#[test]
fn call_through_a_table_of_function_addresses() {
    // table[tid % 3](tid * 10 - 50): the table is a `.global .u64` initialized with names.
    let ptx = format!(
        "{HEADER}{FUNCS}.global .align 8 .u64 table[3] = {{add7, mul3, xor55}};\n{}",
        entry(&format!(
            "rem.u32 %r2, %r1, 3;\nmul.wide.u32 %rd5, %r2, 8;\nmov.u64 %rd6, table;\nadd.s64 %rd7, %rd6, %rd5;\n\
             ld.global.u64 %rd8, [%rd7];\nmul.lo.s32 %r3, %r1, 10;\nsub.s32 %r3, %r3, 50;\n{}\
             st.global.u32 [%rd4], %r4;",
            call_int(0, 8, 3, 4)
        ))
    );
    let out = run_u32(&ptx, 32, 32, &[]).unwrap();
    let want: Vec<u32> = (0..32u32)
        .map(|t| apply(t, (t as i32 * 10 - 50) as u32))
        .collect();
    assert_eq!(out, want);
}

#[test]
fn function_addresses_from_mov_and_selp_and_address_equality() {
    // f = tid & 1 ? mul3 : add7; out = f(tid) + 1000 * (f == mul3).
    let ptx = format!(
        "{HEADER}{FUNCS}{}",
        entry(&format!(
            "mov.u64 %rd5, add7;\nmov.u64 %rd6, mul3;\nand.b32 %r2, %r1, 1;\nsetp.eq.b32 %p1, %r2, 1;\n\
             selp.b64 %rd7, %rd6, %rd5, %p1;\n{}setp.eq.u64 %p2, %rd7, %rd6;\nselp.u32 %r5, 1000, 0, %p2;\n\
             add.s32 %r6, %r4, %r5;\nst.global.u32 [%rd4], %r6;",
            call_int(0, 7, 1, 4)
        ))
    );
    let out = run_u32(&ptx, 16, 16, &[]).unwrap();
    let want: Vec<u32> = (0..16u32)
        .map(|t| {
            if t & 1 == 1 {
                apply(1, t) + 1000
            } else {
                apply(0, t)
            }
        })
        .collect();
    assert_eq!(out, want);
}

#[test]
fn vtable_in_nvcc_form() {
    // struct S { vptr; int k; }: the vtable is `{0, 0, dtor, get}` (offset-to-top and
    // typeinfo are 0 in device code) and the vptr points 16 bytes into it; `get` reads k
    // through `this`. The object lives in local memory, as nvcc's locals do.
    let get = "\
.func (.param .b32 r) get_k(.param .b64 this, .param .b32 x)\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<2>;\n\
ld.param.u64 %rd1, [this];\nld.param.u32 %r1, [x];\nld.u32 %r2, [%rd1+8];\nmul.lo.s32 %r3, %r2, %r1;\nst.param.b32 [r], %r3;\nret;\n}\n\
.func dtor(.param .b64 this)\n{\nret;\n}\n";
    let body = "\
.local .align 8 .b8 obj[16];\nmov.u64 %rd5, obj;\ncvta.local.u64 %rd6, %rd5;\n\
mov.u64 %rd7, _ZTV1S;\ncvta.global.u64 %rd8, %rd7;\nadd.s64 %rd9, %rd8, 16;\nst.u64 [%rd6], %rd9;\n\
add.s32 %r2, %r1, 2;\nst.u32 [%rd6+8], %r2;\n\
ld.u64 %rd10, [%rd6];\nld.u64 %rd11, [%rd10+8];\n\
{\n.param .b64 param0;\nst.param.b64 [param0+0], %rd6;\n.param .b32 param1;\nst.param.b32 [param1+0], %r1;\n\
.param .b32 retval0;\nprototype_3 : .callprototype (.param .b32 _) _ (.param .b64 _, .param .b32 _);\n\
call (retval0), %rd11, (param0, param1), prototype_3;\nld.param.b32 %r3, [retval0+0];\n}\n\
st.global.u32 [%rd4], %r3;";
    let ptx = format!(
        "{HEADER}.func dtor(.param .b64 this);\n.func (.param .b32 r) get_k(.param .b64 this, .param .b32 x);\n\
         .global .align 8 .u64 _ZTV1S[4] = {{0, 0, dtor, get_k}};\n{get}{}",
        entry(body)
    );
    let out = run_u32(&ptx, 8, 8, &[]).unwrap();
    let want: Vec<u32> = (0..8u32).map(|t| (t + 2) * t).collect();
    assert_eq!(out, want);
}

#[test]
fn void_prototype_and_by_value_aggregates() {
    // void put(int* p, int v) { *p = v; } and struct P {int a, b;} swap(P) through pointers.
    let funcs = "\
.func put(.param .b64 p, .param .b32 v)\n{\n.reg .b32 %r<2>;\n.reg .b64 %rd<2>;\n\
ld.param.u64 %rd1, [p];\nld.param.u32 %r1, [v];\nst.u32 [%rd1], %r1;\nret;\n}\n\
.func (.param .align 4 .b8 r[8]) swap(.param .align 4 .b8 s[8])\n{\n.reg .b32 %r<3>;\n\
ld.param.u32 %r1, [s];\nld.param.u32 %r2, [s+4];\nst.param.b32 [r], %r2;\nst.param.b32 [r+4], %r1;\nret;\n}\n";
    let body = "\
mov.u64 %rd5, put;\nmov.u64 %rd6, swap;\nmul.lo.s32 %r2, %r1, 5;\n\
{\n.param .align 4 .b8 param0[8];\nst.param.b32 [param0+0], %r1;\nst.param.b32 [param0+4], %r2;\n\
.param .align 4 .b8 retval0[8];\n\
prototype_1 : .callprototype (.param .align 4 .b8 _[8]) _ (.param .align 4 .b8 _[8]);\n\
call (retval0), %rd6, (param0), prototype_1;\nld.param.b32 %r3, [retval0+0];\nld.param.b32 %r4, [retval0+4];\n}\n\
mul.lo.s32 %r5, %r3, 100;\nadd.s32 %r5, %r5, %r4;\n\
{\n.param .b64 param0;\nst.param.b64 [param0+0], %rd4;\n.param .b32 param1;\nst.param.b32 [param1+0], %r5;\n\
prototype_0 : .callprototype ()_ (.param .b64 _, .param .b32 _);\ncall %rd5, (param0, param1), prototype_0;\n}";
    let ptx = format!("{HEADER}{funcs}{}", entry(body));
    let out = run_u32(&ptx, 10, 10, &[]).unwrap();
    let want: Vec<u32> = (0..10u32).map(|t| t * 5 * 100 + t).collect();
    assert_eq!(out, want);
}

#[test]
fn recursion_through_a_function_pointer() {
    // fact(n) = n <= 1 ? 1 : n * (*fp)(n - 1) with fp = fact read from a global.
    let fact = "\
.global .align 8 .u64 fp = fact;\n\
.func (.param .b32 r) fact(.param .b32 n)\n{\n.reg .b32 %r<5>;\n.reg .b64 %rd<2>;\n.reg .pred %p<2>;\n\
ld.param.u32 %r1, [n];\nsetp.le.s32 %p1, %r1, 1;\nmov.u32 %r4, 1;\n@%p1 bra DONE;\n\
ld.global.u64 %rd1, [fp];\nsub.s32 %r2, %r1, 1;\n\
{\n.param .b32 a;\nst.param.b32 [a], %r2;\n.param .b32 b;\nproto : .callprototype (.param .b32 _) _ (.param .b32 _);\n\
call (b), %rd1, (a), proto;\nld.param.b32 %r3, [b];\n}\nmul.lo.s32 %r4, %r3, %r1;\n\
DONE:\nst.param.b32 [r], %r4;\nret;\n}\n";
    let body =
        "mov.u64 %rd5, fact;\n".to_string() + &call_int(0, 5, 1, 2) + "st.global.u32 [%rd4], %r2;";
    let ptx = format!("{HEADER}{fact}{}", entry(&body));
    let out = run_u32(&ptx, 12, 12, &[]).unwrap();
    let want: Vec<u32> = (0..12u32).map(|t| (1..=t.max(1)).product()).collect();
    assert_eq!(out, want);
}

fn run_err(ptx: &str) -> String {
    match run_u32(ptx, 1, 1, &[]) {
        Ok(v) => panic!("expected an error, got {v:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn errors_of_bad_indirect_calls() {
    // Null pointer.
    let e = run_err(&format!(
        "{HEADER}{FUNCS}{}",
        entry(&format!("mov.u64 %rd5, 0;\n{}", call_int(0, 5, 1, 2)))
    ));
    assert!(e.contains("null function pointer"), "{e}");
    // A data address.
    let e = run_err(&format!("{HEADER}{FUNCS}{}", entry(&call_int(0, 4, 1, 2))));
    assert!(e.contains("not the address of a function"), "{e}");
    // A callee whose parameters do not match the prototype.
    let e = run_err(&format!(
        "{HEADER}{FUNCS}.func wide(.param .b64 x)\n{{\nret;\n}}\n{}",
        entry(&format!("mov.u64 %rd5, wide;\n{}", call_int(0, 5, 1, 2)))
    ));
    assert!(e.contains("does not match the call's prototype"), "{e}");
    // Reading data through a function address.
    let e = run_err(&format!(
        "{HEADER}{FUNCS}{}",
        entry("mov.u64 %rd5, add7;\nld.u32 %r2, [%rd5];")
    ));
    assert!(e.contains("is a function's address"), "{e}");
    // A call without a prototype, and one naming something else.
    let e = run_err(&format!(
        "{HEADER}{FUNCS}{}",
        entry("mov.u64 %rd5, add7;\n{\n.param .b32 a;\n.param .b32 b;\ncall (b), %rd5, (a);\n}")
    ));
    assert!(e.contains("needs a `.callprototype`"), "{e}");
    // A function without a body (other than the heap's and printf's) is an error only
    // when the call runs.
    let ptx = format!(
        "{HEADER}.extern .func release(.param .b64 p);\n{}",
        entry(
            "setp.eq.u32 %p1, %r1, 5;\n@!%p1 bra SKIP;\n{\n.param .b64 a;\nst.param.b64 [a], 0;\ncall.uni release, (a);\n}\nSKIP:\nst.global.u32 [%rd4], 9;"
        )
    );
    assert_eq!(run_u32(&ptx, 1, 1, &[]).unwrap(), vec![9]);
    let e = run_u32(&ptx, 8, 8, &[]).unwrap_err().to_string();
    assert!(e.contains("call to `release`, which has no body"), "{e}");
}
