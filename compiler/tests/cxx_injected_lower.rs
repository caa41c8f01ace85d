//! Lowering of class-scope names: the injected class name of class templates, out-of-class
//! definitions of class template members. The expected symbols were taken from `nvcc -ptx`
//! on the same sources (with `__noinline__`, so that nvcc keeps the functions).

mod sema_common;
use sema_common::*;

/// Asserts that the module has a function named `name`.
fn has_function(m: &oxicc_ir::Module, name: &str) {
    assert!(
        m.function_by_name(name).is_some(),
        "no function {name}; have {:?}",
        m.functions
            .iter()
            .map(|(_, f)| f.name.clone())
            .collect::<Vec<_>>()
    );
}

const CPLX: &str = r#"
#define NI __device__ __noinline__
template <typename T>
struct Cplx {
    T re, im;
    NI Cplx(T r, T i) : re(r), im(i) {}
    NI Cplx twice() const;
    NI Cplx& operator+=(const Cplx& o) { re += o.re; im += o.im; return *this; }
    NI Cplx add(Cplx o) const;
    NI static Cplx unit() { return Cplx(T(1), T(0)); }
};
template <typename T>
NI Cplx<T> Cplx<T>::twice() const { Cplx c = *this; c += *this; return c; }
template <typename U>
NI Cplx<U> Cplx<U>::add(Cplx o) const { return Cplx(re + o.re, im + o.im); }
__global__ void k(float* o) {
    Cplx<float> c(o[0], o[1]);
    Cplx<float> d = c.twice().add(Cplx<float>::unit());
    o[0] = d.re; o[1] = d.im;
}
__global__ void k2(double* o) { Cplx<double> c(o[0], o[1]); Cplx<double> d = c.add(c); o[0] = d.re; }
"#;

#[test]
fn injected_class_name_and_out_of_class_members_have_nvccs_names() {
    let m = lower_ok(CPLX);
    for name in [
        "_ZN4CplxIfE4unitEv",
        "_ZNK4CplxIfE3addES0_",
        "_ZNK4CplxIfE5twiceEv",
        "_ZN4CplxIfEpLERKS0_",
        "_ZNK4CplxIdE3addES0_",
        "_ZN4CplxIdEC1Edd",
        "_ZN4CplxIfEC1Eff",
    ] {
        has_function(&m, name);
    }
}

#[test]
fn out_of_class_member_defined_after_the_instance_is_used() {
    // The kernel instantiates `Box<int>` before `Box<T>::get` is defined: the definition
    // is lowered for the existing instance when it is seen.
    let m = lower_ok(
        "template <class T> struct Box { T v; __device__ __noinline__ Box get() const; };
         __global__ void k(int* o) { Box<int> b{o[0]}; o[1] = b.get().v; }
         template <class T> __device__ __noinline__ Box<T> Box<T>::get() const { return Box{v + 1}; }",
    );
    has_function(&m, "_ZNK3BoxIiE3getEv");
}

#[test]
fn out_of_class_member_must_match_a_declaration() {
    let d = lower_err(
        "template <class T> struct Box { T v; __device__ Box get() const; };
         template <class T> __device__ Box<T> Box<T>::get(int k) const { return Box{v + k}; }
         __global__ void k(int* o) { Box<int> b{o[0]}; o[1] = b.get().v; }",
    );
    assert!(
        d.iter().any(|x| x.contains("declaration is incompatible")),
        "{d:?}"
    );
}
