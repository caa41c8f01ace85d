//! Statement parsing: every statement kind, `#pragma unroll` attachment, declarations
//! versus expressions at statement start.

use crate::parse_common;
use parse_common::{parse, parse_ok};

#[test]
fn all_statement_kinds() {
    insta::assert_snapshot!(parse_ok(
        "__global__ void k(int *a, int n) {
            int i = threadIdx.x, j;
            ;
            { int local = 1; a[0] = local; }
            if (i < n) a[i] = 1; else if (i == n) a[i] = 2; else { a[i] = 3; }
            for (int t = 0; t < n; ++t) a[t] += t;
            for (j = 0; j < n; j++, i--) continue;
            for (;;) break;
            while (i > 0) i -= 2;
            do { i++; } while (i < 10);
            switch (i & 3) {
            case 0: a[0] = 0; break;
            case 1:
            case 2: { a[1] = 1; }
            default: a[2] = 2;
            }
            goto done;
        done:
            a[3] = 3;
        again: ;
            if (n) return;
            return;
        }
        __device__ int r(int x) { return x + 1; }"
    ));
}

#[test]
fn pragma_unroll_attaches_to_the_next_loop() {
    insta::assert_snapshot!(parse_ok(
        "__global__ void k(float *a) {
            __pragma_unroll();
            for (int i = 0; i < 4; i++) a[i] = 0;
            __pragma_unroll(8);
            while (a[0] < 1) a[0] += 1;
            __pragma_unroll(2 * 2);
            do a[1]++; while (a[1] < 3);
            __pragma_unroll(1);
            for (;;) { break; }
            for (int i = 0; i < 2; i++) a[i] = 1;
        }"
    ));
}

#[test]
fn pragma_unroll_without_a_loop_warns() {
    let p =
        parse("__global__ void k(float *a) { __pragma_unroll(4); a[0] = 1; __pragma_unroll(); }");
    assert_eq!(
        p.diags,
        [
            "1:31: Warning: `#pragma unroll` is not followed by a loop; it is ignored",
            "1:61: Warning: `#pragma unroll` is not followed by a loop; it is ignored",
        ]
    );
    assert!(p.dump.contains("(expr (= (index a 0) 1))"), "{}", p.dump);
}

#[test]
fn declarations_versus_expressions_at_statement_start() {
    insta::assert_snapshot!(parse_ok(
        "typedef float T; struct S { int v; };
        __device__ void f(float *x) {
            T * p;
            x[0] * x[1];
            S s;
            S *ps = &s;
            T(y);
            unsigned u = 3u;
            const T c = 1.0f;
            static __shared__ T tile[16][16];
            struct S s2 = {1};
            typedef int I;
            I i = 2;
            enum { LOCAL_A = 2 } e = LOCAL_A;
        }"
    ));
}
