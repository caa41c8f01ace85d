//! The typed tree's braced initializers of local aggregates (session 15): arrays of
//! scalars and of plain classes, classes without constructors (template instances
//! included), brace elision, `T x{…}` and `T x = {…}`. Each body must give the PTX of the
//! one-walk lowering, which zeroes the object and stores each leaf; the forms that lowering
//! diagnoses or flattens by rules of its own (narrowing items, strings, bit-fields, items
//! elided by their type) stay in one walk.

use crate::sema_tree_support::{same_ptx_both_ways, sema};

#[test]
fn aggregates_of_scalars_store_their_leaves() {
    let src = "struct S { int a; float b; double c; };
         struct P { float x, y; };
         struct Q { P p[2]; int n; };
         template <class T> struct V3 { T x, y, z; };
         __global__ void k(float *o, int n) {
           float v[4] = {o[0], o[1] * 2.f, 3.f, 4.f};
           S s = {n, 2.5f, 1.0};
           S t{n + 1, o[2]};
           int w[8] = {1, 2, n};
           Q q = {1.f, 2.f, 3.f, 4.f, 7};
           V3<float> u{o[3], 1.f, 2.f};
           P pp[2] = {{1.f, 2.f}, {3.f, o[1]}};
           float m[2][2] = {{o[0], o[1]}, {o[2], o[3]}};
           int z[3] = {};
           double d[2] = {o[0], 1.0};
           o[threadIdx.x] = v[n & 3] + s.b + t.a + w[n & 7] + q.p[n & 1].y + q.n + u.x
               + pp[n & 1].x + m[n & 1][1] + z[n % 3] + d[n & 1];
         }";
    let text = sema(src);
    assert!(
        text.starts_with("Function k (float *, int) -> `void`\n"),
        "{text}"
    );
    for line in [
        "    Aggregate at 0, 4, 8, 12 : `float [4]` prvalue\n",
        "    Aggregate at 0, 4, 8 : `S` prvalue\n",
        // `t{n + 1, o[2]}`: `c` is not written (zeroed with the object).
        "    Aggregate at 0, 4 : `S` prvalue\n",
        "    Aggregate at 0, 4, 8 : `int [8]` prvalue\n",
        // Brace elision into `p[0]`, `p[1]`, then `n`.
        "    Aggregate at 0, 4, 8, 12, 16 : `Q` prvalue\n",
        "    Aggregate at 0, 4, 8, 12 : `P [2]` prvalue\n",
        "    Aggregate at 0, 4, 8, 12 : `float [2] [2]` prvalue\n",
        "    Aggregate zeroed : `int [3]` prvalue\n",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    // An item converts to its leaf's type.
    let widened =
        "    Aggregate at 0, 8 : `double [2]` prvalue\n      Convert Floating : `double` prvalue\n";
    assert!(text.contains(widened), "{text}");
    let ptx = same_ptx_both_ways(src, "aggregates");
    assert!(ptx.contains(".entry"), "{ptx}");
}

#[test]
fn aggregate_forms_left_to_one_walk() {
    let src = "struct B { int a : 3; int b : 5; };
         struct P { float x, y; };
         struct Q { P a; P b; };
         __device__ float narrows(int n) { float a[2] = {n, 1}; return a[n & 1]; }
         __device__ char string(int n) { char c[4] = \"abc\"; return c[n & 3]; }
         __device__ int bits(int n) { B x = {1, n}; return x.b; }
         __device__ float elided_by_type(float *o) { P p = {o[0], o[1]}; Q q = {p, {2.f, 3.f}}; return q.a.y; }
         __global__ void k(float *o, int n) {
           o[0] = narrows(n) + string(n) + bits(n) + elided_by_type(o);
         }";
    let text = sema(src);
    for line in [
        "Function narrows (int) -> `float` lowered in one walk: a braced item that narrows\n",
        "Function string (int) -> `char` lowered in one walk: an initialized local array\n",
        "Function bits (int) -> `int` lowered in one walk: a braced initializer of this form for \"B\"\n",
        "Function elided_by_type (float *) -> `float` lowered in one walk: a braced initializer of this form for \"Q\"\n",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    same_ptx_both_ways(src, "aggregates_one_walk");
}
