//! Member functions of class template instances are instantiated where they are used, as
//! C++ specifies ([temp.inst]) and nvcc does (`irgen/lazy_bodies.rs`): a member whose
//! body would not compile for the instance's arguments is no error while nothing calls
//! it, in the class or out of it, and a member that would instantiate its class again
//! without end is harmless until called. Compiled by oxicc (the command's pipeline, an
//! explicit `--passes` list and `-rdc=true`) and by nvcc, run in the PTX interpreter and
//! compared with the values computed in plain Rust.

use oxicc_emu::Outcome;
use oxicc_tests::small_kernels::{nvcc_ptx_of_source, oxicc_ptx, run_checked};

const SRC: &str = r#"
struct S { int x; };
template <class T> struct Box {
    T a, b;
    __device__ T sum() const { return a + b; }   // no operator+ for S
    __device__ T first() const { return a; }
    __device__ T twice() const;
    __device__ T broken() const;
};
template <class T> __device__ T Box<T>::twice() const { return a + a; }
template <class T> __device__ T Box<T>::broken() const { return a.nope(); }
template <int N> struct Chain {
    __device__ int depth() const { return Chain<N - 1>().depth() + 1; }
    // Would instantiate Chain<N + 1000>, whose own would instantiate Chain<N + 2000>, …
    __device__ int unused() const { return Chain<N + 1000>().unused(); }
};
template <> struct Chain<0> { __device__ int depth() const { return 0; } };
__global__ void k(long long *out, int i) {
    Box<S> s{{i}, {2}};
    out[0] = s.first().x;
    Box<int> b{i, 3};
    out[1] = b.sum();
    out[2] = b.twice();
    out[3] = Chain<5>().depth();
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
fn unused_members_of_class_template_instances_are_not_instantiated() {
    let i = 41i64;
    let want = vec![i, i + 3, 2 * i, 5];
    let plain = oxicc::Options::default();
    let listed = oxicc::Options {
        passes: Some(vec!["mem2reg".to_string(), "simplify-cfg".to_string()]),
        ..Default::default()
    };
    let rdc = oxicc::Options {
        rdc: true,
        ..Default::default()
    };
    for options in [&plain, &listed, &rdc] {
        let ptx = oxicc_ptx("lazy_members.cu", SRC, options);
        // The members nothing calls are not in the module, even without the pipeline's
        // removal of unused functions.
        for unused in ["3BoxI1SE3sum", "3BoxIiE6broken", "3BoxIiE5first", "6unused"] {
            assert!(!ptx.contains(unused), "{unused} in\n{ptx}");
        }
        assert_eq!(run(&ptx).buffer("out").expect("out").to_i64(), want);
    }

    let nvcc = nvcc_ptx_of_source(SRC, 75);
    assert_eq!(run(&nvcc).buffer("out").expect("out").to_i64(), want);
}
