//! Two small forms found with the host's headers (issue 12, session 15), each compiled by
//! oxicc and by nvcc, run in the PTX interpreter and compared with values computed in
//! plain Rust:
//! - a non-static data member named by its qualified name in `sizeof`
//!   (`sizeof(th::inv<long>::elem)`: C++11 allows it in an unevaluated operand; it was "a
//!   nonstatic member reference must be relative to a specific object");
//! - a literal `0` for a `T *` constructor parameter (`sp<int> s(0, i)`, `sq(0, i)`): a
//!   null pointer constant, as for a plain function's (it was "argument of type int is
//!   incompatible with parameter of type int *": the typed tree's staged arguments lost
//!   the literal's null-pointer-constant mark).

use oxicc_emu::Outcome;
use oxicc_tests::small_kernels::{nvcc_ptx_of_source, oxicc_ptx, run_checked};

const SRC: &str = r#"
namespace th { template <class T> struct inv { T elem; char pad[3]; }; }
struct base { double d; };
struct derived : base { short s; };
template <class T> struct sp { T *ptr; int n; __device__ sp(T *p, int k) : ptr(p), n(k) {} };
struct sq { int *ptr; int n; __device__ sq(int *p, int k) : ptr(p), n(k) {} };
__global__ void k(long long *out, int i) {
    out[0] = sizeof(th::inv<long>::elem);
    out[1] = sizeof(th::inv<char>::elem);
    out[2] = sizeof(derived::d) + sizeof(derived::s);
    sp<int> s(0, i);
    out[3] = s.n;
    out[4] = s.ptr == 0;
    sq q = sq(0, i + 1);
    out[5] = q.n;
    out[6] = q.ptr == 0;
}
"#;

const LAUNCH: &str = r#"{
  "grid": [1], "block": [1],
  "args": [ {"buffer": "out", "type": "i64", "len": 7, "fill": {"value": -1}},
            {"scalar": "i32", "value": 41} ]
}"#;

fn run(ptx: &str) -> Outcome {
    run_checked(ptx, LAUNCH, 75)
}

#[test]
fn qualified_data_members_in_sizeof_and_null_literal_constructor_arguments() {
    let i = 41i64;
    let want = vec![
        std::mem::size_of::<i64>() as i64, // `long` on the LP64 device ABI
        std::mem::size_of::<u8>() as i64,
        (std::mem::size_of::<f64>() + std::mem::size_of::<i16>()) as i64,
        i,
        1,
        i + 1,
        1,
    ];
    let ptx = oxicc_ptx("small_forms.cu", SRC, &oxicc::Options::default());
    assert_eq!(run(&ptx).buffer("out").expect("out").to_i64(), want);

    let nvcc = nvcc_ptx_of_source(SRC, 75);
    assert_eq!(run(&nvcc).buffer("out").expect("out").to_i64(), want);
}
