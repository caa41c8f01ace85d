//! The typed tree (issue 11, stages 1 to 3): `--emit=sema` dumps of representative bodies
//! (snapshots: the form of the tree — its types, value categories and implicit
//! conversions), and the migration check that lowering from the typed tree gives the same
//! PTX as the one-walk lowering on every suite kernel (the behaviour of that PTX is checked
//! where the suites run in the interpreter: `tests/`, through the default, typed, path).

use crate::ptxas_support;
use crate::sema_tree_support::{same_ptx_both_ways, sema};

use oxicc::{compile, Emit, Options};
use ptxas_support::assert_ptxas_accepts;
use std::path::Path;

#[test]
fn arithmetic_conversions_are_explicit_nodes() {
    insta::assert_snapshot!(sema(
        "__device__ double mix(char c, unsigned short s, long l, float f) {
             int i = c + s;
             unsigned u = i * 2u;
             l += u;
             return f * l + 'a';
         }"
    ));
}

#[test]
fn pointers_arrays_and_fields() {
    insta::assert_snapshot!(sema(
        "struct P { int a; float b[4]; };
         __device__ float get(P *p, const float *q, int i) {
             float tmp[8];
             tmp[i & 7] = q[i + 1];
             float *r = &tmp[0];
             r = r + 2;
             return p->b[i] + (*p).a + tmp[i] + (r - tmp);
         }"
    ));
}

#[test]
fn control_flow_calls_and_builtin_variables() {
    insta::assert_snapshot!(sema(
        "__device__ int clamp3(int x) { return x < 0 ? 0 : (x > 3 ? 3 : x); }
         __global__ void k(int *out, int n) {
             int i = blockIdx.x * blockDim.x + threadIdx.x;
             if (i >= n || out == 0) return;
             int acc = 0;
             #pragma unroll 4
             for (int j = 0; j < 16; ++j) {
                 if (j == 5) continue;
                 acc += clamp3(j) && !(j & 1);
             }
             do { acc--; } while (acc > 100);
             out[i] = acc;
         }"
    ));
}

#[test]
fn constants_and_casts() {
    insta::assert_snapshot!(sema(
        "enum Mode { A = 2, B = 7 };
         __device__ long f(int x) {
             const int k = B * 3;
             long y = (long)x * k + sizeof(double) + (unsigned char)x;
             (void)y;
             return y + A;
         }"
    ));
}

#[test]
fn shared_and_static_locals_auto_builtins_and_template_instances() {
    insta::assert_snapshot!(sema(
        "template <typename T, int N> __device__ T scaled(T x) { return x * N; }
         __global__ void k(float *out) {
             __shared__ float tile[4][8];
             extern __shared__ int dyn[];
             static int calls;
             auto t = threadIdx.x;
             const auto twice = 2 * t;
             tile[t & 3][t & 7] = out[t];
             __syncthreads();
             dyn[t] = twice + calls;
             out[t] = tile[0][t & 7];
         }
         __global__ void uses_template(float *out) { out[0] = scaled<float, 3>(out[1]); }"
    ));
}

#[test]
fn switch_with_fallthrough_default_and_continue() {
    insta::assert_snapshot!(sema(
        "__global__ void k(int *o, unsigned x, char c) {
             switch (x & 7) { case 1: o[0] = 1; case 2u: o[0] += 2; break; default: o[0] = 9; }
             for (int i = 0; i < 4; i++) {
                 switch (c) { case 'a': continue; case -1: break; }
                 o[2] += i;
             }
         }"
    ));
}

/// Stage 2: built-in calls with arguments keep their arguments as values; the result type
/// is the built-in overload's (the promoted shuffle operand, the atomic's element, the
/// common type of `min`), and a built-in may be an argument of another.
#[test]
fn builtin_calls_with_arguments() {
    let src = "__global__ void k(unsigned long long *hist, float *f, short s, double d) {
             int lane = threadIdx.x & 31;
             unsigned m = __ballot_sync(0xffffffffu, lane < 7);
             int v = __shfl_down_sync(0xffffffffu, s, 1);
             atomicAdd(hist + (m & 3), __popc(m) + 1ull);
             float g = atomicAdd(f, __expf(f[1]));
             long long w = max(v, d > 0 ? 2ll : 1ll) + __float2int_rd(g);
             f[2] = fminf(g, (float)w) + __int_as_float(__float_as_int(2.0f));
         }";
    insta::assert_snapshot!(sema(src));
    // The arguments are lowered when the built-in asks for them: the one-walk order.
    same_ptx_both_ways(src, "builtin_calls_with_arguments");
}

/// `helper_math.h`'s pattern: the user's `max` takes vectors only, so `max` on integers is
/// CUDA's built-in overload (as nvcc resolves it); the typed tree calls the built-in.
#[test]
fn builtin_beside_user_overloads_on_classes() {
    let src = "__device__ int2 max(int2 a, int2 b) { return make_int2(max(a.x, b.x), max(a.y, b.y)); }
         __device__ float2 fmaxf(float2 a, float2 b) { return make_float2(fmaxf(a.x, b.x), fmaxf(a.y, b.y)); }
         __device__ float f(int a, unsigned b) { return max(a, 3) + max(a, b) + fmaxf(1.5f, a); }
         __global__ void k(float *o, int2 *v) { o[0] = f(v[0].x, 2u); v[1] = max(v[0], v[1]); }";
    let text = sema(src);
    let f = text
        .split("Function ")
        .find(|t| t.starts_with("f (int, unsigned int)"))
        .expect("f in the dump");
    assert!(!f.contains("lowered in one walk"), "{f}");
    assert!(f.contains("BuiltinCall max : `int` prvalue"), "{f}");
    assert!(
        f.contains("BuiltinCall max : `unsigned int` prvalue"),
        "{f}"
    );
    assert!(f.contains("BuiltinCall fmaxf : `float` prvalue"), "{f}");
    same_ptx_both_ways(src, "builtin_beside_user_overloads_on_classes");
}

#[test]
fn bodies_outside_stage_one_are_listed_without_a_tree() {
    // A generic lambda: the one-walk lowering takes the function and the lambda's
    // operator.
    let text = sema(
        "struct S { int v; __device__ S(int x) : v(x) {} };
         __device__ int f(S s, int x) { auto l = [x](auto a) { return a + x; }; return l(1); }
         __device__ int g(int x) { return x + 1; }",
    );
    // The constructor's body (empty) is typed; its member initializers are lowered
    // before it.
    assert!(text.starts_with("Function S (int) -> `void`\nFunction f (S, int) -> `int` lowered in one walk: a generic or variadic lambda\n"), "{text}");
    assert!(text.ends_with("Function g (int) -> `int`\n  Return\n    Binary Add in `int` : `int` prvalue\n      Convert LValueToRValue : `int` prvalue\n        Name x : `int` lvalue\n      IntConst 1 : `int` prvalue\n"), "{text}");
}

#[test]
fn member_functions_see_this_members_of_their_class_and_bases_and_call_members() {
    let src = "struct B { int base; };
         struct S : B { int v; float w;
           __device__ int get() const { return v + base; }
           __device__ void scale(float k) { w *= k; this->v = 2 * v; }
           __device__ int twice() const { return get() * 2; }
           static __device__ int sq(int x) { return x * x; }
           __device__ int both(int x) const { return sq(x) + this->get(); }
           __device__ int pick(int i) const { return i + v; }
           __device__ float pick(float f) const { return f * w; }
         };
         __device__ int use(S *s) { return s[1].twice() + s->both(3) + s->pick(4) + (int)s->pick(0.5f); }
         __global__ void k(S *s, int *out) { s->scale(1.5f); out[0] = use(s); }";
    let text = sema(src);
    assert!(
        text.contains("Function get () -> `int`\n  Return\n    Binary Add in `int` : `int` prvalue\n      Convert LValueToRValue : `int` prvalue\n        Field v +4 : `const int` lvalue\n          Deref : `const S` lvalue\n            This : `const S *` prvalue\n"),
        "{text}"
    );
    assert!(
        text.contains("Function scale (float) -> `void`\n"),
        "{text}"
    );
    assert!(
        text.contains("Field base +0 : `const int` lvalue"),
        "{text}"
    );
    // Member calls name their function and object: `*this` made explicit inside a member
    // function, none for a static one.
    assert!(
        text.contains("Function twice () -> `int`\n  Return\n    Binary Mul in `int` : `int` prvalue\n      MemberCall get : `int` prvalue\n        Deref : `const S` lvalue\n          This : `const S *` prvalue\n"),
        "{text}"
    );
    assert!(
        text.contains("      MemberCall sq : `int` prvalue\n        Convert LValueToRValue : `int` prvalue\n          Name x : `int` lvalue\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "          MemberCall twice : `int` prvalue\n            Index : `S` lvalue\n"
        ),
        "{text}"
    );
    // An overload set of members is resolved on the arguments.
    assert!(
        text.contains("        MemberCall pick : `int` prvalue\n          Deref : `S` lvalue\n"),
        "{text}"
    );
    assert!(
        text.contains("        MemberCall pick : `float` prvalue\n"),
        "{text}"
    );
    same_ptx_both_ways(src, "member_functions");
}

#[test]
fn lvalue_references_as_parameters_and_results() {
    let src = "struct V { float d[4];
           __device__ float &at(int i) { return d[i]; }
         };
         __device__ void bump(float &x, const float &by) { x += by; }
         __device__ float &pick(float &a, float &b, bool first) { if (first) return a; return b; }
         __global__ void k(V *v, float *out) {
           float a = out[0], b = out[1];
           bump(pick(a, b, out[2] > 0.0f), v->at(1));
           v->at(2) = a;
           out[3] = b;
         }";
    let text = sema(src);
    // A reference result is an lvalue of the referred type; a reference argument is the
    // lvalue itself (no read).
    assert!(
        text.contains("Function at (int) -> `float &`\n  Return\n    Index : `float` lvalue\n"),
        "{text}"
    );
    assert!(
        text.contains("    Call bump : `void` prvalue\n      Call pick : `float` lvalue\n        Local a : `float` lvalue\n        Local b : `float` lvalue\n"),
        "{text}"
    );
    assert!(
        text.contains("      MemberCall at : `float` lvalue\n"),
        "{text}"
    );
    same_ptx_both_ways(src, "references");
}

#[test]
fn class_values_and_overloaded_calls() {
    // `helper_math.h`'s shape: plain classes passed and returned by value, locals of them,
    // and an overload set resolved by the arguments.
    let src = "struct V2 { float x, y; };
         __device__ V2 mk(float x, float y) { V2 v; v.x = x; v.y = y; return v; }
         __device__ V2 mk(float s) { return mk(s, s); }
         __device__ V2 add(V2 a, V2 b) { return mk(a.x + b.x, a.y + b.y); }
         __device__ float dot2(V2 a, V2 b) { return a.x * b.x + a.y * b.y; }
         __global__ void k(V2 *p, float *out) {
           V2 c = add(p[0], mk(2.0f));
           V2 d = c;
           out[0] = dot2(d, p[1]);
         }";
    let text = sema(src);
    assert!(
        text.contains("Function mk (float) -> `V2`\n  Return\n    Call mk (overload) : `V2` prvalue\n      Convert LValueToRValue : `float` prvalue\n        Name s : `float` lvalue\n"),
        "{text}"
    );
    assert!(
        text.contains("Function k (V2 *, float *) -> `void`\n  Local c `V2` align 4\n    Call add : `V2` prvalue\n      Index : `V2` lvalue\n"),
        "{text}"
    );
    assert!(!text.contains("lowered in one walk"), "{text}");
    same_ptx_both_ways(src, "class_values");
}

#[test]
fn overloaded_operators_and_copies_of_plain_classes() {
    let src = "struct V2 { float x, y;
           __device__ V2 operator*(float s) const { V2 r; r.x = x * s; r.y = y * s; return r; }
         };
         __device__ V2 operator+(V2 a, V2 b) { V2 r; r.x = a.x + b.x; r.y = a.y + b.y; return r; }
         __device__ V2 operator-(V2 a) { V2 r; r.x = -a.x; r.y = -a.y; return r; }
         __device__ void operator+=(V2 &a, V2 b) { a.x += b.x; a.y += b.y; }
         __device__ V2 step(V2 p, V2 v, float dt) {
           V2 q = p + v * dt;
           q += -v;
           V2 out;
           out = q;
           return out;
         }
         __global__ void k(V2 *p, float dt) { p[0] = step(p[0], p[1], dt); }";
    let text = sema(src);
    // Free operators are overloaded calls, a member operator's object is its left operand,
    // a reference parameter binds the lvalue, a class without `operator=` is copied.
    let want = "Function step (V2, V2, float) -> `V2`
  Local q `V2` align 4
    Call operator+ (overload) : `V2` prvalue
      Name p : `V2` lvalue
      MemberCall operator* : `V2` prvalue
        Name v : `V2` lvalue
        Convert LValueToRValue : `float` prvalue
          Name dt : `float` lvalue
  Expr
    Call operator+= (overload) : `void` prvalue
      Local q : `V2` lvalue
      Call operator- (overload) : `V2` prvalue
        Name v : `V2` lvalue
  Local out `V2` align 4
  Expr
    Assign : `V2` lvalue
      Local out : `V2` lvalue
      Local q : `V2` lvalue
  Return
    Local out : `V2` lvalue
";
    assert!(text.contains(want), "{text}");
    assert!(!text.contains("lowered in one walk"), "{text}");
    same_ptx_both_ways(src, "operators");
}

#[test]
fn locals_of_classes_with_constructors_are_constructed_in_place() {
    let src = "struct C { int a, b;
           __device__ C(int x) : a(x), b(2 * x) {}
           __device__ C() : a(1), b(1) {}
           __device__ int sum() const { return a + b; }
         };
         __device__ int g(int x) { C c(x); C d; C e = c; C f = C(x + 1); return c.sum() + d.sum() + e.a + f.b; }
         __global__ void k(int *p) { p[0] = g(p[1]); }";
    let text = sema(src);
    assert!(
        text.contains("Function g (int) -> `int`\n  Local c `C` align 4\n    Construct (from expression) : `C` prvalue\n      Name x : `int` lvalue\n  Local d `C` align 4\n    Construct : `C` prvalue\n  Local e `C` align 4\n    Construct (from expression) : `C` prvalue\n      Local c : `C` lvalue\n"),
        "{text}"
    );
    // `C(x + 1)` is a temporary the local is constructed from (the copy is elided).
    assert!(
        text.contains(
            "  Local f `C` align 4\n    Construct (from expression) : `C` prvalue\n      Temporary : `C` prvalue\n"
        ),
        "{text}"
    );
    same_ptx_both_ways(src, "constructed_locals");
}

#[test]
fn casts_between_class_pointers_keep_the_base_adjustment() {
    // `(B *)p` moves the pointer to the `B` subobject 4 bytes into `D`; the typed path
    // once cast it without the adjustment. It now leaves such casts to the one-walk
    // lowering, which must give the same PTX, with the `+4`.
    let src = "struct A { int a; };
         struct B { int b; };
         struct D : A, B { int d; };
         __device__ int getc(D *p) { B *q = (B *)p; return q->b; }
         __global__ void k(D *p, int *o) { o[0] = getc(p); }";
    let text = sema(src);
    assert!(
        text.contains(
            "Function getc (D *) -> `int` lowered in one walk: a cast between pointers to classes"
        ),
        "{text}"
    );
    let ptx = same_ptx_both_ways(src, "class_pointer_casts");
    assert!(ptx.contains(", 4;"), "{ptx}");
}

#[test]
fn printf_and_string_literals() {
    let src = "__global__ void k(const int *p) {
           const char *tag = \"v\";
           printf(\"%s %d %f\\n\", tag, p[0], 1.5f);
         }";
    let text = sema(src);
    assert!(
        text.contains("      StrLit \"v\" : `const char [2]` lvalue\n"),
        "{text}"
    );
    assert!(
        text.contains("    BuiltinCall printf : `int` prvalue\n"),
        "{text}"
    );
    assert!(!text.contains("lowered in one walk"), "{text}");
    same_ptx_both_ways(src, "printf");
}

#[test]
fn calls_of_qualified_names() {
    let src = "namespace ns {
           __device__ int f(int x) { return x + 1; }
           __device__ float f(float x) { return x * 2.0f; }
           __device__ int one(int x) { return x - 1; }
         }
         __device__ int g(int a) { return ns::f(a) + (int)ns::f(1.5f) + ns::one(a); }
         __global__ void k(int *p) { p[0] = g(p[1]); }";
    let text = sema(src);
    assert!(
        text.contains("        Call f (overload) : `int` prvalue\n"),
        "{text}"
    );
    assert!(
        text.contains("          Call f (overload) : `float` prvalue\n"),
        "{text}"
    );
    assert!(
        text.contains("      Call one (overload) : `int` prvalue\n"),
        "{text}"
    );
    same_ptx_both_ways(src, "qualified_calls");
}

/// Every kernel file of the suites (every folder of `tests/kernels`) compiles to the same
/// PTX through the typed tree as in one walk, and a good share of their functions take the
/// typed path.
#[test]
fn typed_lowering_matches_the_one_walk_lowering_on_the_suites() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/kernels");
    let mut files = Vec::new();
    for sub in std::fs::read_dir(&root).expect("suite folder") {
        let sub = sub.expect("entry").path();
        if !sub.is_dir() {
            continue;
        }
        for e in std::fs::read_dir(&sub).expect("suite folder") {
            let p = e.expect("entry").path();
            if p.extension().is_some_and(|x| x == "cu") {
                files.push(p);
            }
        }
    }
    files.sort();
    assert!(files.len() > 150, "suites not found: {}", files.len());
    let (mut compared, mut typed_functions) = (0, 0);
    for f in &files {
        let src = std::fs::read_to_string(f).expect("read kernel");
        let name = f.to_string_lossy();
        let base = Options {
            sm: 90,
            include_dirs: vec![f.parent().unwrap().to_path_buf()],
            ..Options::default()
        };
        let typed = compile(&name, &src, &base);
        let one_walk = compile(
            &name,
            &src,
            &Options {
                typed_bodies: false,
                ..base.clone()
            },
        );
        assert_eq!(
            typed.text, one_walk.text,
            "{name}: typed and one-walk lowering differ"
        );
        let Some(ptx) = &typed.text else {
            continue;
        };
        // Relocatable suites (`rdc/`) are assembled by their own tests with `ptxas -c`.
        if !ptx.contains(".extern") {
            assert_ptxas_accepts(ptx, 90, &name);
        }
        compared += 1;
        let dump = compile(
            &name,
            &src,
            &Options {
                emit: Emit::Sema,
                ..base
            },
        );
        typed_functions += dump
            .text
            .unwrap_or_default()
            .lines()
            .filter(|l| l.starts_with("Function ") && !l.contains(" lowered in one walk"))
            .count();
    }
    assert!(compared > 150, "only {compared} suite files compiled");
    // 710 before session 16; 689 while the unused members of class template instances
    // were not lowered at all (`irgen/lazy_bodies.rs`, off again): the count is of
    // lowered functions.
    assert!(
        typed_functions >= 689,
        "only {typed_functions} functions took the typed path"
    );
}

#[test]
fn calls_of_function_templates_instantiate_where_the_one_walk_lowering_does() {
    // Deduced and explicit arguments, a template calling a template, and a plain
    // function called between two instances: the module's functions keep their order.
    let src = "template <class T> __device__ T twice(T x) { return x + x; }
         template <int N, class T> __device__ T shifted(T x) { return twice(x) << N; }
         __device__ __noinline__ int plain(int x) { return x - 3; }
         template <class T> __device__ __noinline__ T pick(const T &a, T b) { return a < b ? a : b; }
         __global__ void k(int *p, float *q) {
           p[0] = twice(p[1]) + plain(p[2]) + shifted<2>(p[3]);
           q[0] = twice<float>(q[1]) + pick(q[2], 1.0f);
           p[4] = pick(p[5], p[6]);
         }";
    let text = sema(src);
    assert!(
        text.contains("Call twice (template) : `int` prvalue"),
        "{text}"
    );
    assert!(
        text.contains("Call shifted (template) : `int` prvalue"),
        "{text}"
    );
    assert!(
        text.contains("Call pick (template) : `float` prvalue"),
        "{text}"
    );
    same_ptx_both_ways(src, "template_calls");
}

#[test]
fn values_of_classes_with_constructors_are_passed_and_returned() {
    // A user copy constructor (which counts) makes every copy visible in the PTX: the
    // typed path must copy where the one-walk lowering copies, and elide where it elides.
    let src = "struct V {
           float x, y;
           __device__ V(float a, float b) : x(a), y(b) {}
           __device__ V(const V &o) : x(o.x + 1.0f), y(o.y) {}
         };
         __device__ __noinline__ V make(float a) { return V(a, 2.0f * a); }
         __device__ __noinline__ float by_value(V v) { return v.x + v.y; }
         __device__ float by_ref(const V &v) { return v.x; }
         template <class T> __device__ float sum(T v) { return v.x * v.y; }
         __device__ float use(float a, float b) {
           V s(a, b);
           V t = make(b);
           return by_value(s) + by_ref(t) + by_value(make(a)) + sum(s);
         }
         __global__ void k(float *p) { p[0] = use(p[1], p[2]); }";
    let text = sema(src);
    assert!(
        text.contains("Function use (float, float) -> `float`\n"),
        "{text}"
    );
    assert!(text.contains("Call make : `V` prvalue"), "{text}");
    same_ptx_both_ways(src, "constructible_class_values");
}

#[test]
fn calls_of_qualified_function_templates() {
    let src = "namespace ns {
           template <int N> __device__ int scaled(int x) { return x * N; }
           template <class T> __device__ T half(T x) { return x / 2; }
         }
         namespace alias = ns;
         __global__ void k(int *p, float *q) {
           p[0] = ns::scaled<3>(p[1]) + alias::half(p[2]);
           q[0] = ns::half(q[1]) + ns::half<float>(2);
         }";
    let text = sema(src);
    assert!(
        text.contains("Call scaled (template) : `int` prvalue"),
        "{text}"
    );
    assert!(
        text.contains("Call half (template) : `float` prvalue"),
        "{text}"
    );
    same_ptx_both_ways(src, "qualified_template_calls");
}

#[test]
fn member_templates_called_on_this() {
    // A member template of a class template and of a plain class's base, called without
    // an object inside member functions, with deduced and explicit arguments.
    let src = "template <int N> struct Acc {
           float s;
           template <class T> __device__ void add(T v) { s += (float)v * N; }
           __device__ void twice(int a, float b) { add(a); add<double>(b); }
         };
         struct Base {
           int k;
           template <class T> __device__ T scale(T v) { return v * (T)k; }
         };
         struct D : Base {
           int j;
           __device__ int go(int v) { return scale(v) + scale<int>(j); }
         };
         __global__ void g(float *p, int *q) {
           Acc<3> a;
           a.s = p[0];
           a.twice(q[0], p[1]);
           p[2] = a.s;
           D d;
           d.k = q[1];
           d.j = q[2];
           q[3] = d.go(q[4]);
         }";
    let text = sema(src);
    assert!(
        text.contains("Call add (template) : `void` prvalue"),
        "{text}"
    );
    assert!(
        text.contains("Call scale (template) : `int` prvalue"),
        "{text}"
    );
    same_ptx_both_ways(src, "member_template_calls");
}

#[test]
fn deduced_return_types_of_functions_and_lambda_operators() {
    // `auto` functions and the call operators of lambdas without `-> T`: the first
    // `return` fixes the type (decayed, unqualified); later ones convert to it; a body
    // without `return` returns `void`.
    let src = "__device__ auto half_of(int v) { if (v < 0) return 0u; return v / 2u; }
         __device__ auto first(const float *p) { return p; }
         __device__ auto nothing(int *p) { *p = 1; }
         __global__ void g(float *p, unsigned *q, int *r) {
           auto sq = [](float x) { return x * x; };
           auto neg = [](int x) { if (x > 0) return -x; return x; };
           q[0] = half_of(r[0]);
           p[1] = *first(p) + sq(p[2]);
           r[1] = neg(r[2]);
           nothing(r + 3);
         }";
    let text = sema(src);
    for want in [
        "Function half_of (int) -> `void` (return type deduced as `unsigned int`)",
        "Function first (const float *) -> `void` (return type deduced as `const float *`)",
        "(return type deduced as `float`)",
        "(return type deduced as `int`)",
    ] {
        assert!(text.contains(want), "{want}\n{text}");
    }
    assert!(!text.contains("lowered in one walk: a deduced"), "{text}");
    same_ptx_both_ways(src, "deduced_return_types");
}

#[test]
fn qualified_calls_of_static_members_of_classes_and_class_templates() {
    // `C::f(…)` and `C<N>::f(…)` of static member functions (a recursive class template
    // ending in a partial specialization) beside a namespace-qualified function.
    let src = "struct Config { static __device__ int pack(int a, int b) { return a << 8 | b; } };
         template <int I, int END> struct Horner {
           static __device__ float eval(float x, float acc) {
             return Horner<I + 1, END>::eval(x, acc * x + I);
           }
         };
         template <int END> struct Horner<END, END> {
           static __device__ float eval(float, float acc) { return acc; }
         };
         namespace ns { __device__ int twice(int v) { return 2 * v; } }
         __global__ void g(float *p, int *q) {
           q[0] = Config::pack(q[1], q[2]) + ns::twice(q[3]);
           p[0] = Horner<0, 4>::eval(p[1], 0.0f);
         }";
    let text = sema(src);
    assert!(text.contains("MemberCall pack : `int` prvalue"), "{text}");
    assert!(text.contains("MemberCall eval : `float` prvalue"), "{text}");
    assert!(!text.contains("lowered in one walk"), "{text}");
    same_ptx_both_ways(src, "static_member_calls");
}

#[test]
fn lambdas_closure_calls_and_functors() {
    // Captures by copy and by reference, explicit and implicit (`[&]`, `[=]`), a `mutable`
    // lambda with a written return type, a closure passed to a function template and
    // called there, and a functor's `operator()` called on a local and on a parameter.
    let src =
        "template <class F> __device__ void each(int n, F f) { for (int i = 0; i < n; ++i) f(i); }
         struct Add { int k; __device__ int operator()(int a, int b) const { return a + b + k; } };
         template <class Op> __device__ int fold(const int *p, int n, Op op) {
           int acc = 0;
           for (int i = 0; i < n; ++i) acc = op(acc, p[i]);
           return acc;
         }
         __global__ void g(int *p, float *q, int n) {
           int base = p[0];
           float scale = q[0];
           int hits[4];
           auto by_copy = [base, scale](int i) { return base + (int)(i * scale); };
           auto by_ref = [&](int i) { hits[i & 3] += base; };
           auto counter = [=](int i) mutable -> int { base += i; return base; };
           each(n, by_ref);
           p[1] = by_copy(p[2]) + counter(3) + counter(4);
           Add add;
           add.k = p[3];
           p[4] = add(p[5], p[6]) + fold(p, n, add);
           p[5] = hits[0] + hits[1];
         }";
    let text = sema(src);
    for want in [
        "Lambda [base, scale] : `<unnamed>` lvalue",
        "Lambda [&hits, &base] : `<unnamed>` lvalue",
        "Lambda [base] : `<unnamed>` lvalue",
        "ClosureCall : `int` prvalue",
        "ClosureCall : `void` prvalue",
        "MemberCall operator() : `int` prvalue",
    ] {
        assert!(text.contains(want), "{want}\n{text}");
    }
    assert!(!text.contains("lowered in one walk"), "{text}");
    same_ptx_both_ways(src, "lambdas_and_functors");
}

#[test]
fn locals_with_destructors_die_at_the_end_of_their_scope_and_on_jumps() {
    // Objects of a class with a destructor: destroyed at the end of their block, and by
    // `break`, `continue` and `return` out of it (the one-walk lowering's bookkeeping,
    // shared; its order is checked by the C++ suite's `dtor_order` kernel).
    let src = "__device__ int *g_log;
         struct Guard {
           int v;
           __device__ Guard(int x) : v(x) {}
           __device__ ~Guard() { g_log[v & 7] += 1; }
         };
         __device__ int walk(int n) {
           Guard outer(1);
           for (int i = 0; i < n; ++i) {
             Guard step(2);
             if (i == 3) continue;
             if (i == 5) break;
             {
               Guard inner(3);
               if (i == 4) return i;
             }
           }
           switch (n) { case 1: { Guard s(4); break; } default: break; }
           return n;
         }
         __global__ void g(int *p) { p[0] = walk(p[1]); }";
    let text = sema(src);
    assert!(text.contains("Function walk (int) -> `int`\n"), "{text}");
    assert!(!text.contains("lowered in one walk"), "{text}");
    same_ptx_both_ways(src, "locals_with_destructors");
}

#[test]
fn member_templates_called_on_explicit_objects() {
    // `x.f<A>(…)`, `p->f(…)` (deduced) on objects of a class template and a plain class,
    // beside a function template given the enclosing class template's parameter.
    let src = "template <int THREADS> __device__ int parity() {
           return (threadIdx.x * 2) - (THREADS - 1) * (threadIdx.x / (THREADS / 2));
         }
         template <int W> struct K {
           int b;
           template <bool C> __device__ void put(int *p) { p[threadIdx.x] = parity<W>() + C + b; }
         };
         struct Acc {
           float s;
           template <class T> __device__ void add(T v) { s += (float)v; }
         };
         __global__ void g(int *p, float *q) {
           K<32> k;
           k.b = p[0];
           k.put<true>(p);
           Acc a;
           a.s = q[0];
           Acc *pa = &a;
           pa->add(p[1]);
           a.add<double>(q[1]);
           q[2] = a.s;
         }";
    let text = sema(src);
    assert!(
        text.contains("Call put (template) : `void` prvalue"),
        "{text}"
    );
    assert!(
        text.contains("Call add (template) : `void` prvalue"),
        "{text}"
    );
    assert!(!text.contains("lowered in one walk"), "{text}");
    same_ptx_both_ways(src, "member_templates_on_objects");
}

#[test]
fn inline_ptx_statements_with_outputs_inputs_and_constants() {
    // Outputs (`=`, `+`, a pointer through `l`), register inputs read as values (an array
    // decays), an `n` constant substituted into the text, the `memory` clobber: one `Asm`
    // statement whose template numbers outputs first, then the register inputs.
    let src = "__global__ void k(int *p, float *f) {
           int a = p[0], b;
           unsigned short h = 3;
           float x = f[0];
           int arr[2];
           arr[0] = 1;
           arr[1] = p[4];
           asm volatile(\"add.s32 %0, %2, %3;\\n\\tadd.s32 %1, %1, %4;\"
                        : \"=r\"(b), \"+r\"(a) : \"r\"(p[1]), \"n\"(7), \"r\"(arr[1]) : \"memory\");
           asm(\"mul.f32 %0, %0, %1;\" : \"+f\"(x) : \"f\"(2.0f));
           asm(\"cvt.u32.u16 %0, %1;\" : \"=r\"(p[2]) : \"h\"(h));
           const int *q;
           asm(\"mov.b64 %0, %1;\" : \"=l\"(q) : \"l\"(arr));
           p[3] = a + b + q[0];
           f[1] = x;
         }";
    let text = sema(src);
    assert!(!text.contains("lowered in one walk"), "{text}");
    insta::assert_snapshot!(text);
    same_ptx_both_ways(src, "inline_asm");
}

#[test]
fn namespace_calls_with_fundamental_arguments_and_subscripts_of_class_members() {
    // Inside a namespace, `parity(i)` and `twice(x)` with `int`/`float` arguments: ADL has no
    // associated namespace to search, so ordinary lookup's template and overload set are
    // the whole story. `buffer[i]` on a member object calls its `operator[]`.
    let src = "namespace dwt {
           template <typename T> __device__ T parity(T i) { return i & 1; }
           __device__ int twice(int x) { return 2 * x; }
           __device__ float twice(float x) { return 2.0f * x; }
           template <typename T, int N> struct Buf {
             T data[N];
             __device__ T &operator[](int i) { return data[i]; }
           };
           template <int W> struct Window {
             Buf<float, W> buffer;
             __device__ void put(int i, float v) { buffer[parity(i) + twice(i)] = twice(v); }
             __device__ float get(int i) { return buffer[i]; }
           };
         }
         __global__ void k(float *p) {
           __shared__ dwt::Window<32> w;
           w.put(threadIdx.x, p[0]);
           p[1] = w.get(3);
         }";
    let text = sema(src);
    assert!(!text.contains("lowered in one walk"), "{text}");
    assert!(
        text.contains("Function put (int, float) -> `void`\n"),
        "{text}"
    );
    same_ptx_both_ways(src, "namespace_calls_and_subscripts");
}

#[test]
fn pointer_compound_assignments_scale_by_the_element_size() {
    // `p += i` and `p -= i` with offsets of several integer types (a `short` and a `char`
    // are scaled from their own type, not promoted), the result used as a value.
    let src = "struct S { int a, b, c; };
         __global__ void k(float *p, S *s, int n, unsigned u, short h, char c, long l) {
           p += n;
           p -= u;
           s += h;
           float *q = (p += c);
           q -= l;
           q[0] = s->b;
         }";
    let text = sema(src);
    assert!(!text.contains("lowered in one walk"), "{text}");
    assert_eq!(text.matches("PointerCompoundAssign").count(), 5, "{text}");
    same_ptx_both_ways(src, "pointer_compound_assignments");
}

#[test]
fn local_references_name_the_object_they_are_bound_to() {
    // `T &r = x;` to a shared array element, a parameter, a field and a class object
    // (a member called through it), `const T &` to a non-const lvalue; a host `const float`
    // read in device code is folded to its value.
    let src = "const float scale = 0.5f;
         struct Acc { float sum; __device__ void add(float v) { sum += v; } };
         template <typename T> __device__ void step(T *data, int i) {
           T &center = data[i];
           const T &next = data[i + 1];
           center = center * scale + next;
         }
         __global__ void k(float *p, int n) {
           __shared__ float tile[64];
           float &mine = tile[threadIdx.x];
           mine = p[threadIdx.x];
           int &count = n;
           count += 1;
           Acc acc;
           acc.sum = 0.0f;
           Acc &a = acc;
           a.add(mine);
           step(p, count);
           p[0] = a.sum + tile[0];
         }";
    let text = sema(src);
    assert!(!text.contains("lowered in one walk"), "{text}");
    assert_eq!(text.matches("Local reference to").count(), 5, "{text}");
    same_ptx_both_ways(src, "local_references");
}

#[test]
fn const_reference_parameters_bind_temporaries() {
    // `const T &` parameters given a prvalue (`a + 1`), an lvalue of another type (an
    // `int` to `const float &`), a class prvalue (`Scale(2.0f)`, a call's result) and a
    // deduced template parameter: each argument is bound to a temporary.
    let src = "struct Scale {
           float k;
           __device__ Scale(float x) : k(x) {}
           __device__ float operator()(float v) const { return k * v; }
         };
         struct Pair { float a, b; };
         __device__ Pair make(float x) { Pair p; p.a = x; p.b = -x; return p; }
         __device__ float first(const Pair &p) { return p.a - p.b; }
         __device__ float apply(const Scale &s, const float &v) { return s(v); }
         template <typename T> __device__ T larger(const T &x, const T &y) {
           return x < y ? y : x;
         }
         __global__ void k(float *p, int n) {
           int i = threadIdx.x;
           p[i] = apply(Scale(2.0f), n) + apply(Scale(0.5f), p[i] + 1.0f);
           p[i + 1] = first(make(p[0])) + larger(n + 1, 3) + larger(p[1], 2.0f);
         }";
    let text = sema(src);
    assert!(!text.contains("lowered in one walk"), "{text}");
    assert!(text.matches("Convert Materialize").count() >= 6, "{text}");
    same_ptx_both_ways(src, "const_reference_temporaries");
}

#[test]
fn value_initialized_temporaries_of_member_classes_passed_to_member_templates() {
    // `Predict()` names a plain class nested in the class template whose member is
    // analyzed: a value-initialized temporary, bound to the member template's `const F &`.
    let src = "template <int W> struct Lifting {
           int d[W];
           struct Predict {
             __device__ void operator()(const int p, int &c, const int n) const { c -= (p + n) / 2; }
           };
           template <typename F> __device__ void each(const F &f) {
             for (int i = 1; i + 1 < W; i += 2) f(d[i - 1], d[i], d[i + 1]);
           }
           __device__ void run() { each(Predict()); }
         };
         __global__ void k(int *p) {
           Lifting<8> l;
           for (int i = 0; i < 8; ++i) l.d[i] = p[i];
           l.run();
           p[threadIdx.x] = l.d[threadIdx.x & 7];
         }";
    let text = sema(src);
    assert!(!text.contains("lowered in one walk"), "{text}");
    assert!(text.contains("Temporary"), "{text}");
    same_ptx_both_ways(src, "member_class_temporaries");
}
