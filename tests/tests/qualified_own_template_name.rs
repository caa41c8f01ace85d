//! A class template named by its qualified name inside its own body (libstdc++'s
//! `random.h`: `const std::linear_congruential_engine<_UIntType1, __a1, __c1, __m1>&` in a
//! friend declared in `linear_congruential_engine`). The parser declares a class
//! template's name before its body, but in the scope only: the namespace's table, which
//! `ns::` looks in, missed it while the template parameter scope was open, so `ns::eng<…>`
//! was "expected a type specifier" and the whole class was skipped as host code. Compiled
//! by oxicc and by nvcc, run in the PTX interpreter and compared with values computed in
//! plain Rust.

use oxicc_emu::Outcome;
use oxicc_tests::small_kernels::{nvcc_ptx_of_source, oxicc_ptx, run_checked};

const SRC: &str = r#"
namespace ns {
template <class T, T a> struct eng {
    T x;
    template <class T1, T1 a1> friend __device__ T1 peek(const ns::eng<T1, a1> &e);
    __device__ T next() const { return x * 3 + a; }
    __device__ T sum(const ns::eng<T, a> &o) const { return x + o.x; }
};
template <class T1, T1 a1> __device__ T1 peek(const ns::eng<T1, a1> &e) { return e.x - a1; }
}
__global__ void k(long long *out, int i) {
    ns::eng<int, 7> e{i};
    ns::eng<int, 7> f{i + 2};
    ns::eng<long long, 11> g{i};
    out[0] = e.next();
    out[1] = e.sum(f);
    out[2] = peek(g);
    out[3] = g.next();
}
"#;

const LAUNCH: &str = r#"{
  "grid": [1], "block": [1],
  "args": [ {"buffer": "out", "type": "i64", "len": 4, "fill": {"value": -1}},
            {"scalar": "i32", "value": 41} ]
}"#;

fn run(ptx: &str) -> Outcome {
    run_checked(ptx, LAUNCH, 75)
}

#[test]
fn a_class_template_is_found_by_its_qualified_name_inside_its_own_body() {
    let i = 41i64;
    let want = vec![i * 3 + 7, i + (i + 2), i - 11, i * 3 + 11];
    let ptx = oxicc_ptx("own_name.cu", SRC, &oxicc::Options::default());
    assert_eq!(run(&ptx).buffer("out").expect("out").to_i64(), want);

    let nvcc = nvcc_ptx_of_source(SRC, 75);
    assert_eq!(run(&nvcc).buffer("out").expect("out").to_i64(), want);
}
