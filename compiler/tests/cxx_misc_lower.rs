//! Lowering of the C++ features that are neither classes nor templates (`enum class`,
//! `auto`, `decltype`, aliases, casts, braced lists, bit-fields, default arguments,
//! range-`for`, `if`/`switch` initializers, structured bindings), and their diagnostics in
//! nvcc's wording (each message checked by running `nvcc -ptx` on the same snippet).
//!
//! Values are checked through constant expressions that size a local array: the array's
//! stack slot then has a size computed independently in the test (element size × count).

use crate::sema_common;
use sema_common::*;

/// The sizes of the stack slots of function `name`, in creation order.
fn slot_sizes(m: &oxicc_ir::Module, name: &str) -> Vec<u32> {
    let id = m
        .function_by_name(name)
        .unwrap_or_else(|| panic!("no function {name}"));
    m.functions[id]
        .stack_slots
        .values()
        .map(|s| s.size)
        .collect()
}

/// Asserts that lowering `src` fails with a diagnostic at `line:col` containing `msg`.
fn expect(src: &str, line_col: &str, msg: &str) {
    let d = lower_err(src);
    assert!(
        d.iter()
            .any(|x| x.starts_with(&format!("{line_col}:")) && x.contains(msg)),
        "wanted `{line_col}: …{msg}…`, got {d:#?}"
    );
}

#[test]
fn scoped_enumerators_are_constants_of_their_enum() {
    let m = lower_ok(
        "enum class Op : unsigned char { Add = 0, Sub, Mul = 5, Max };
         __device__ int f(Op o) {
             char a[static_cast<int>(Op::Max)];
             char b[sizeof(Op)];
             switch (o) { case Op::Add: return 1; case Op::Mul: return 2; default: break; }
             return o == Op::Sub ? a[0] + b[0] : 0;
         }",
    );
    // Max = Mul + 1 = 6; the underlying type is one byte.
    assert!(slot_sizes(&m, "_Z1f2Op").starts_with(&[4, 1, 6, 1]));
}

#[test]
fn auto_and_decltype_take_the_initializers_type() {
    let m = lower_ok(
        "__device__ int f(double d, const int *p) {
             auto x = 1.0f;
             const auto y = d;
             auto q = p;
             auto *r = p;
             decltype(d) z = 0;
             char a[sizeof(x) + 10 * sizeof(y) + 100 * sizeof(z)];
             return *q + *r + a[0];
         }",
    );
    // Slots: the return value, d, p, x (4), y (8), q (8), r (8), z (8), a.
    assert_eq!(
        slot_sizes(&m, "_Z1fdPKi"),
        vec![4, 8, 8, 4, 8, 8, 8, 8, 4 + 80 + 800]
    );
}

#[test]
fn auto_return_types_are_deduced_from_the_first_return() {
    let m = lower_ok(
        "struct P { int a, b; };
         __device__ auto half(float x) { return x * 0.5f; }
         __device__ auto pair(int a) { return P{a, a + 1}; }
         __global__ void k(float *o, int *p) { o[0] = half(o[1]); P q = pair(3); p[0] = q.b; }",
    );
    let half = &m.functions[m.function_by_name("_Z4halff").unwrap()];
    assert_eq!(half.sig.ret, Some(oxicc_ir::Type::F32));
    // A struct comes back through a hidden first pointer parameter.
    let pair = &m.functions[m.function_by_name("_Z4pairi").unwrap()];
    assert_eq!(pair.sig.ret, None);
    assert_eq!(pair.sig.params.len(), 2);
}

#[test]
fn using_aliases_name_types() {
    let m = lower_ok(
        "using u8 = unsigned char;
         __device__ int f() { using Pair = int[2]; Pair p = {1, 2}; u8 c[3]; return p[1] + c[0]; }",
    );
    assert!(slot_sizes(&m, "_Z1fv").ends_with(&[8, 3]));
}

#[test]
fn bit_fields_have_nvccs_layout() {
    // Sizes from nvcc (see `sema::types` tests): 4, 8, 4.
    let m = lower_ok(
        "struct A { unsigned a : 6, b : 5, c : 5; int d : 16; };
         struct B { char c; int x : 28; };
         struct C { char c; int x : 20; };
         __device__ int f(A *p) {
             char s[sizeof(A) + 10 * sizeof(B) + 100 * sizeof(C)];
             p->b = p->c + 1;
             p->d += 3;
             return p->a + s[0];
         }",
    );
    assert!(slot_sizes(&m, "_Z1fP1A").ends_with(&[4 + 80 + 400]));
}

#[test]
fn default_arguments_fill_missing_trailing_arguments() {
    lower_ok(
        "__device__ int q(int v, int step = 16, int bias = -1) { return v / step * step + bias; }
         __global__ void k(int *o) { o[0] = q(o[1]); o[1] = q(o[2], 4); o[2] = q(1, 2, 3); }",
    );
}

#[test]
fn value_initialized_default_arguments() {
    // `Op op = Op()`: the functor argument of a template, left out at the call.
    lower_ok(
        "struct Zero { int z; };
         __device__ int f(int a, Zero s = Zero{}) { return a + s.z; }
         template <typename Op> __device__ int g(int a, Op o = Op()) { return a + o.z; }
         __global__ void k(int *o) { o[0] = f(1); o[1] = g<Zero>(2); }",
    );
}

#[test]
fn braced_lists_as_values() {
    lower_ok(
        "struct DivMod { int q; int r; };
         __device__ DivMod divmod(int a, int b) { return {a / b, a % b}; }
         __device__ int sum(DivMod d) { return d.q + d.r; }
         __global__ void k(int *o) {
             int a[]{1, 2, 3};
             DivMod d{7, 2};
             o[0] = sum({a[0], a[1]}) + sum(DivMod{1, 2}) + int{4} + float{} + divmod(o[1], 3).r + d.q;
         }",
    );
}

#[test]
fn statements_with_initializers_range_for_and_bindings() {
    lower_ok(
        "struct P { int x; int y; };
         __device__ P mk(int a) { return {a, a + 1}; }
         __global__ void k(int *o) {
             int arr[4] = {1, 2, 3, 4};
             int acc = 0;
             for (int v : arr) acc += v;
             for (int &v : arr) v *= 2;
             for (const auto w : {7, 11, 13}) acc ^= w;
             auto [a, b] = mk(o[0]);
             auto &[first, second, third, fourth] = arr;
             first += a + b;
             if (int s = acc + second; s > 10) o[1] = s; else o[1] = -s;
             switch (auto m = acc & 3; m) { case 0: o[2] = m; break; default: o[2] = 1; }
             if (int t = o[3]) o[4] = t;
             int budget = 3;
             while (int left = budget--) { if (left == 2) continue; o[6] += left; }
             [[maybe_unused]] int unused = third + fourth;
         }",
    );
}

#[test]
fn enum_class_does_not_convert_to_int() {
    expect(
        "enum class E { A, B };\n__device__ int f(E e) { int x = e; return x; }",
        "2:33",
        "a value of type \"E\" cannot be used to initialize an entity of type \"int\"",
    );
    expect(
        "enum class E { A, B };\n__device__ int f(E e) { return e + 1; }",
        "2:32",
        "no operator \"+\" matches these operands",
    );
    expect(
        "enum class E { A, B };\n__device__ int f(E e) { if (e) return 1; return 0; }",
        "2:29",
        "expression must have bool type (or be convertible to bool)",
    );
    expect(
        "enum class E { A, B };\n__device__ E f(int i) { return i; }",
        "2:32",
        "return value type does not match the function type",
    );
}

#[test]
fn auto_needs_an_initializer() {
    expect(
        "__device__ int f() { auto x; return 0; }",
        "1:27",
        "cannot deduce \"auto\" type (initializer required)",
    );
}

#[test]
fn invalid_casts() {
    expect(
        "__device__ int f() { return reinterpret_cast<int>(1.5f); }",
        "1:29",
        "invalid type conversion",
    );
    expect(
        "__device__ int f(const int *p) { int *q = static_cast<int*>(p); return *q; }",
        "1:43",
        "static_cast cannot cast away const or other type qualifiers",
    );
    expect(
        "__device__ int f(float x) { return const_cast<int>(x); }",
        "1:36",
        "the type in a const_cast must be a pointer, reference, or pointer to member to an object type",
    );
}

#[test]
fn too_many_initializers_and_identifiers() {
    expect(
        "__device__ int f() { int a[2] = {1, 2, 3}; return a[0]; }",
        "1:33",
        "too many initializer values",
    );
    expect(
        "struct S { int a, b; };\n__device__ int f() { S s{1, 2, 3}; return s.a; }",
        "2:25",
        "too many initializer values",
    );
    expect(
        "struct S { int a, b; };\n__device__ int f() { auto [a, b, c] = S{1, 2}; return a; }",
        "2:34",
        "too many identifiers",
    );
}

#[test]
fn default_arguments_must_come_last() {
    expect(
        "__device__ int f(int x = 1, int y) { return x + y; }",
        "1:26",
        "default argument not at end of parameter list",
    );
    expect(
        "__device__ int g(int x, int y = 2) { return x + y; }\n__device__ int h() { return g(); }",
        "2:29",
        "too few arguments in function call",
    );
}

/// The symbols of the functions of a module.
fn symbols(m: &oxicc_ir::Module) -> Vec<String> {
    m.functions.values().map(|f| f.name.clone()).collect()
}

#[test]
fn lambda_call_operators_are_named_as_nvcc_names_them() {
    // Names from `nvcc -G -ptx` on the same source (where nvcc keeps the operators).
    let m = lower_ok(
        "__global__ void k(int *o, int a) {
             auto f = [=](int x) { return x + a; };
             auto h = [&](int x) { o[1] = x; };
             auto m = [=](int x) mutable { a += x; return a; };
             o[0] = f(1); h(3); o[2] = m(4);
         }",
    );
    let s = symbols(&m);
    for want in [
        "_ZZ1kPiiENKUliE_clEi",
        "_ZZ1kPiiENKUliE0_clEi",
        "_ZZ1kPiiENUliE1_clEi",
    ] {
        assert!(s.iter().any(|n| n == want), "no {want} in {s:?}");
    }
}

#[test]
fn generic_lambdas_are_instantiated_per_argument_types() {
    let m = lower_ok(
        "__global__ void mix(const unsigned* a, const int* b, long long* out_l, int n) {
             int i = blockIdx.x * blockDim.x + threadIdx.x;
             auto sq = [](auto x) { return x * x; };
             int k = 3;
             auto add = [&](auto p, auto q) { return p + q + k; };
             out_l[i] = sq(static_cast<long long>(b[i])) + sq(static_cast<int>(a[i] & 0xff))
                 + add(1, 2u) + sq(2LL);
         }",
    );
    let s = symbols(&m);
    // nvcc's names for the same instances (`nvcc -G -ptx`); `sq(2LL)` reuses the first.
    for want in [
        "_ZZ3mixPKjPKiPxiENKUlT_E_clIxEEDaS4_",
        "_ZZ3mixPKjPKiPxiENKUlT_E_clIiEEDaS4_",
        "_ZZ3mixPKjPKiPxiENKUlT_T0_E_clIijEEDaS4_S5_",
    ] {
        assert!(s.iter().any(|n| n == want), "no {want} in {s:?}");
    }
    let sq_instances = s.iter().filter(|n| n.contains("UlT_E_cl")).count();
    assert_eq!(sq_instances, 2, "{s:?}");
}

#[test]
fn lambda_captures_by_reference_take_addresses() {
    // The by-reference capture is a pointer member: the closure of `[&]` over two ints is
    // 16 bytes, the by-value one 8.
    let m = lower_ok(
        "__device__ int f(int a, int b) {
             auto r = [&]() { a += b; };
             auto v = [=]() { return a * b; };
             r();
             char s[sizeof(r) + 100 * sizeof(v)];
             return v() + s[0];
         }",
    );
    assert!(slot_sizes(&m, "_Z1fii").ends_with(&[16 + 800]));
}

#[test]
fn lambda_diagnostics() {
    expect(
        "__device__ int f(int a) {\n    auto g = [](int x) { return x + a; };\n    return g(1);\n}",
        "2:37",
        "an enclosing-function local variable cannot be referenced in a lambda body unless it is in the capture list",
    );
    expect(
        "__device__ int h(int a) {\n    auto g = [a](int x) { a = x; return a; };\n    return g(1);\n}",
        "2:27",
        "expression must be a modifiable lvalue",
    );
}

#[test]
fn bit_field_and_binding_diagnostics() {
    // nvcc points at the type; oxicc at the member's name.
    expect(
        "struct B { float f : 3; };",
        "1:18",
        "invalid type for a bit field",
    );
    expect(
        "struct C { int y : -1; };",
        "1:20",
        "invalid size for bit field",
    );
    expect(
        "struct D { int z : 0; };",
        "1:16",
        "zero-length bit field must be unnamed",
    );
    expect(
        "struct A { int x : 3; };\n__device__ long g(A *a) { return (long)&a->x; }",
        "2:40",
        "taking the address of a bit field is not allowed",
    );
    expect(
        "__device__ void h(int *p) { for (int v : p) {} }",
        "1:42",
        "this range-based \"for\" statement requires a suitable \"begin\" function and none was found",
    );
    expect(
        "__device__ void h2() { auto [a, b] = 5; }",
        "1:30",
        "type \"int\" has no components to bind to",
    );
}

#[test]
fn oversized_bit_fields_are_truncated_with_a_warning() {
    // nvcc: warning #959-D, the field is 32 bits wide.
    let m = lower_ok(
        "struct A { int x : 33; };\n__device__ int f() { char s[sizeof(A)]; return s[0]; }",
    );
    assert!(slot_sizes(&m, "_Z1fv").ends_with(&[4]));
}

/// The alignments of the stack slots of function `name`, in creation order.
fn slot_aligns(m: &oxicc_ir::Module, name: &str) -> Vec<u32> {
    let id = m.function_by_name(name).unwrap();
    m.functions[id]
        .stack_slots
        .values()
        .map(|s| s.align)
        .collect()
}

#[test]
fn alignas_on_structs_members_and_variables() {
    // Layouts as nvcc computes them (static_asserts accepted by `nvcc -ptx`):
    // `struct alignas(16) A { int x; }` is 16 bytes aligned 16; `struct B { char c;
    // alignas(8) int y; }` is 16 bytes (y at 8).
    let m = lower_ok(
        "struct alignas(16) A { int x; };
         struct B { char c; alignas(8) int y; };
         __device__ int f() {
             alignas(32) int v[2] = {1, 2};
             char s[sizeof(A) + 100 * sizeof(B) + 10000 * alignof(A)];
             return v[1] + s[0];
         }",
    );
    assert!(slot_sizes(&m, "_Z1fv").ends_with(&[8, 16 + 1600 + 160000]));
    assert!(slot_aligns(&m, "_Z1fv").ends_with(&[32, 1]));
}

#[test]
fn a_generic_lambda_calling_itself_terminates() {
    // With an explicit return type the recursion is an ordinary recursive call; without one
    // the call comes before the return type is deduced (an error, as in C++).
    lower_ok(
        "__global__ void k(int *o) {
             auto fact = [](auto self, int n) -> int { return n < 2 ? 1 : n * self(self, n - 1); };
             o[0] = fact(fact, 5);
         }",
    );
    let d = lower_err(
        "__global__ void k(int *o) {
             auto f = [](auto self, int n) { return n < 2 ? 1 : n * self(self, n - 1); };
             o[0] = f(f, 5);
         }",
    );
    assert!(d.iter().any(|m| m.contains("deduced return type")), "{d:?}");
}

#[test]
fn member_aliases_and_decltype_member_types() {
    let m = lower_ok(
        "struct Box { using value_type = double; double v; };
         __device__ int f(Box b) {
             using E = decltype(b)::value_type;
             E e = b.v;
             char s[sizeof(e)];
             return s[0];
         }",
    );
    assert!(slot_sizes(&m, "_Z1f3Box").ends_with(&[8, 8]));
}

#[test]
fn lambdas_in_member_functions_capture_this() {
    // `[this]` and a default capture both give the body the enclosing object's members.
    let m = lower_ok(
        "struct Acc {
             int base;
             int scale;
             __device__ int apply(int x) const {
                 auto f = [this](int v) { return v * scale + base; };
                 auto g = [=](int v) { return f(v) + this->base + x; };
                 return g(x);
             }
         };
         __global__ void k(const int *in, int *out) {
             Acc a{in[0], in[1]};
             out[threadIdx.x] = a.apply(in[threadIdx.x]);
         }",
    );
    let s = symbols(&m);
    assert!(
        s.iter().any(|n| n.contains("clEi")),
        "no call operator in {s:?}"
    );
}

#[test]
fn closures_returned_by_calls_are_callable() {
    lower_ok(
        "template <typename T>
         __device__ auto make_adder(T k) { return [k](T x) { return x + k; }; }
         __global__ void k(int *o) { o[threadIdx.x] = make_adder(3)(o[threadIdx.x]) + make_adder(2)(1); }",
    );
}

#[test]
fn const_local_with_a_non_constant_initializer_is_just_not_a_constant() {
    // nvcc accepts it (checked with nvcc 13): a `const` variable needs no constant
    // initializer; only a `constexpr` one does. (oxicc evaluates `__int_as_float` at
    // compile time, so it also accepts the `constexpr` form nvcc rejects: left alone.)
    lower_ok(
        "__global__ void k(float *o) {
             const float v = __int_as_float(0x7f800000);
             o[0] = v;
         }",
    );
}
