//! The typed tree's locals and built-ins added in session 14: `constexpr` scalar locals
//! (their value computed during the analysis, as the one-walk lowering stores it), the cycle
//! counters `clock()`/`clock64()`, class locals copy-initialized through a conversion
//! function of another class, `new`/`delete` of scalars and pointers, and braced scalar
//! initializers of the local's own type.

use crate::sema_tree_support::{same_ptx_both_ways, sema};

#[test]
fn constexpr_locals_hold_their_value_and_fold_where_used() {
    // `half` reads `n` (a local): not covered, so the body stays in one walk; `g`'s
    // initializers read only constants, and `n` folds where it is used.
    let src = "constexpr int host_n = 12;
         __device__ int g(int x) {
           constexpr int n = host_n / 4 + 1;
           constexpr float scale = 0.5f * host_n;
           int s = 0;
           for (int i = 0; i < n; ++i) s += x + i;
           return (int)(s * scale) + n * x;
         }
         __device__ int h(int x) { constexpr int n = 8; constexpr int half = n / 2; return x * half; }
         __global__ void k(int *p) { p[0] = g(p[1]); p[2] = h(p[3]); }";
    let text = sema(src);
    for line in [
        "Function g (int) -> `int`\n  Local n `int` align 4 const Int { value: 4, kind: Int }\n    Const Int { value: 4, kind: Int } : `int` prvalue\n",
        "  Local scale `float` align 4 const Float { value: 6.0, kind: Float }\n    Const Float { value: 6.0, kind: Float } : `float` prvalue\n",
        "        Const Int { value: 4, kind: Int } : `int` prvalue\n",
        "Function h (int) -> `int` lowered in one walk: a constexpr local of this kind\n",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    same_ptx_both_ways(src, "constexpr_locals");
}

#[test]
fn clock_reads_are_builtin_calls() {
    let src = "__global__ void k(long long *p) {
           clock_t t0 = clock();
           long long t1 = clock64();
           p[threadIdx.x] = (long long)(clock() - t0) + (clock64() - t1);
         }";
    let text = sema(src);
    for line in [
        "  Local t0 `long` align 8\n    BuiltinCall clock : `long` prvalue\n",
        "  Local t1 `long long` align 8\n    BuiltinCall clock64 : `long long` prvalue\n",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    let ptx = same_ptx_both_ways(src, "clock");
    assert_eq!(ptx.matches("%clock64;").count(), 4, "{ptx}");
}

#[test]
fn class_locals_convert_from_another_class_by_its_conversion_function() {
    // `Tile<32, Block>` is not a `Tile<32>` nor derived from it: `operator Tile<S, void>`
    // converts it (cooperative groups' `thread_block_tile<32> t = tiled_partition<32>(b)`).
    let src = "struct Block { int x; };
         template <unsigned S, class P = void> struct Tile {
           unsigned n;
           __device__ Tile() : n(S) {}
           __device__ operator Tile<S, void>() const { Tile<S, void> t; t.n = n + 1; return t; }
         };
         template <unsigned S, class P> __device__ Tile<S, P> part(const P &) { return Tile<S, P>(); }
         __global__ void k(unsigned *p) { Block b; Tile<32> t = part<32>(b); p[0] = t.n; }";
    let text = sema(src);
    for line in [
        "  Local t `Tile` align 4\n    Construct (from expression) : `Tile` prvalue\n",
        "      Call part (template) : `Tile` prvalue\n",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    let ptx = same_ptx_both_ways(src, "conversion_function_init");
    // 33: the conversion function ran (the one-walk lowering once reported no conversion).
    assert!(ptx.contains("33"), "{ptx}");
}

#[test]
fn new_and_delete_of_scalars_and_pointers() {
    // A class, a placement and a braced value stay in one walk (`h`).
    let src = "__device__ float *make(int n, float v) {
           float *a = new float[n];
           for (int i = 0; i < n; ++i) a[i] = v + i;
           return a;
         }
         struct S { int x; };
         __device__ int h(int v) { S *s = new S; s->x = v; int r = s->x; delete s; return r; }
         __global__ void k(float *out, int n) {
           float *a = make(n, 1.5f);
           int *one = new int(7);
           double *z = new double();
           float **pp = new float *(a);
           out[threadIdx.x] = a[threadIdx.x % n] + *one + (float)*z + (*pp)[0] + h(n);
           delete[] a;
           delete one;
           delete z;
           delete pp;
         }";
    let text = sema(src);
    for line in [
        "  Local a `float *` align 8\n    New[] `float` : `float *` prvalue\n      Convert Integral : `unsigned long` prvalue\n",
        "    New `int` from : `int *` prvalue\n      IntConst 7 : `int` prvalue\n",
        "    New `double` zeroed : `double *` prvalue\n",
        "    New `float *` from : `float * *` prvalue\n",
        "  Expr\n    Delete[] : `void` prvalue\n",
        "Function h (int) -> `int` lowered in one walk: a new of \"S\"\n",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    let ptx = same_ptx_both_ways(src, "new_delete");
    // Five allocations (`h`'s too) and five frees, none dropped.
    assert_eq!(ptx.matches("malloc,").count(), 5, "{ptx}");
    assert_eq!(ptx.matches("free,").count(), 5, "{ptx}");
}

#[test]
fn braced_scalar_locals_of_their_own_type() {
    // `long e{5}` converts an `int` (a narrowing check): `h` stays in one walk.
    let src = "__device__ int g(int x, float f, int *p) {
           int a{x};
           int b = {x + 1};
           float c{f * 2.0f};
           int *q{p};
           const int d{a + b};
           return a + b + (int)c + *q + d;
         }
         __device__ long h(int x) { long e{5}; return e + x; }
         __global__ void k(int *p, float f) { p[0] = g(p[1], f, p + 2) + (int)h(p[3]); }";
    let text = sema(src);
    for line in [
        "  Local a `int` align 4\n    Convert LValueToRValue : `int` prvalue\n      Name x : `int` lvalue\n",
        "  Local b `int` align 4\n    Binary Add in `int` : `int` prvalue\n",
        "  Local q `int *` align 8\n    Convert LValueToRValue : `int *` prvalue\n",
        "  Local d `const int` align 4\n    Binary Add in `int` : `int` prvalue\n",
        "Function h (int) -> `long` lowered in one walk: a braced scalar initializer that converts\n",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    same_ptx_both_ways(src, "braced_scalars");
}
