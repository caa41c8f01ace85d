//! Mangled names compared with nvcc's. Every expected string below was produced by NVIDIA's
//! `nvcc -ptx -arch=sm_75` (CUDA 13.5) on the same declarations — an independent oracle —
//! and copied from its `.entry`/`.func`/`.global`/`.shared` lines.

use crate::sema_common;
use sema_common::*;

/// Lowers `src` and returns every function and global name in the module.
fn names(src: &str) -> Vec<String> {
    let m = lower_ok(src);
    let mut v: Vec<String> = m.functions.iter().map(|(_, f)| f.name.clone()).collect();
    v.extend(m.globals.iter().map(|(_, g)| g.name.clone()));
    v
}

fn assert_has(src: &str, expected: &[&str]) {
    let got = names(src);
    for e in expected {
        assert!(got.iter().any(|g| g == e), "missing {e}; got {got:?}");
    }
}

const TYPES: &str = "struct Vec { float x, y, z; };
typedef struct { int a; } Anon;
enum Color { RED, GREEN };
typedef unsigned int uint;
";

#[test]
fn builtin_types_and_pointers() {
    assert_has(
        "__global__ void saxpy(int n, float a, const float* x, float* y) {}
         __global__ void k_types(bool b, char c, signed char sc, unsigned char uc, short s,
             unsigned short us, int i, unsigned u, long l, unsigned long ul, long long ll,
             unsigned long long ull, float f, double d) {}
         __global__ void k_void() {}",
        &["_Z5saxpyifPKfPf", "_Z7k_typesbcahstijlmxyfd", "_Z6k_voidv"],
    );
}

#[test]
fn restrict_and_top_level_const_are_not_mangled() {
    assert_has(
        "__global__ void k_restrict(float* __restrict__ a, const float* __restrict__ b) {}
         __global__ void k_constparam(const int n, float* const p) {}",
        &["_Z10k_restrictPfPKf", "_Z12k_constparamiPf"],
    );
}

#[test]
fn substitutions_of_pointers_and_qualified_types() {
    assert_has(
        "__global__ void k_subst(float* a, float* b, const float* c, const float* d, int** e, int** f) {}
         __global__ void k_pp(int*** a, const int* const* b) {}
         __global__ void k_vol(volatile int* a, const volatile int* b, int arr[10], int m[][4]) {}",
        &[
            "_Z7k_substPfS_PKfS1_PPiS3_",
            "_Z4k_ppPPPiPKPKi",
            "_Z5k_volPViPVKiPiPA4_i",
        ],
    );
}

#[test]
fn records_enums_and_typedef_names() {
    let src = format!(
        "{TYPES}
         __global__ void k_struct(Vec v, Vec* pv, const Vec* cpv, Color c, Color* pc) {{}}
         __global__ void k_anon(Anon a, Anon* p, uint u) {{}}
         __global__ void k_many(Vec* a, Color* b, Vec* c, Color* d, const Vec* e, const Color* f, Vec** g) {{}}"
    );
    assert_has(
        &src,
        &[
            "_Z8k_struct3VecPS_PKS_5ColorPS3_",
            "_Z6k_anon4AnonPS_j",
            "_Z6k_manyP3VecP5ColorS0_S2_PKS_PKS1_PS0_",
        ],
    );
}

#[test]
fn pointer_to_array_parameters() {
    assert_has(
        "__global__ void k_ptrarr(float (*a)[8], float (*b)[8]) {}",
        &["_Z8k_ptrarrPA8_fS0_"],
    );
}

#[test]
fn extern_c_device_functions_and_local_statics() {
    assert_has(
        "extern \"C\" __global__ void cfun(int* a) {}
         __device__ __noinline__ float dev(float* p, int i) { return p[i]; }
         __device__ __noinline__ int dev2(const char* s, unsigned char* t) { return s[0] + t[0]; }
         __global__ void k_locals(int* o) {
             static __device__ int cnt; __shared__ int tile[4];
             tile[o[0]] = 1; cnt++;
             o[1] = tile[o[2]] + cnt + dev((float*)o, 1) + dev2((const char*)o, (unsigned char*)o);
         }
         extern \"C\" __global__ void k_cloc(int* o) { __shared__ int sh[4]; sh[o[0]] = 1; o[1] = sh[o[2]]; }",
        &[
            "cfun",
            "_Z3devPfi",
            "_Z4dev2PKcPh",
            "_Z8k_localsPi",
            "_ZZ8k_localsPiE3cnt",
            "_ZZ8k_localsPiE4tile",
            "k_cloc",
            "_ZZ6k_clocE2sh",
        ],
    );
}

#[test]
fn function_pointer_parameters() {
    assert_has(
        "__global__ void k_fp(void (*fp)(int), int (*g)(float, double)) {}",
        &["_Z4k_fpPFviEPFifdE"],
    );
}

#[test]
fn long_double_is_its_own_type_computed_as_double() {
    assert_has(
        "__device__ __noinline__ double ldd(long double x, double y) { return x * y; }
         __global__ void k_ld(long double x, long double* p, double* q) {
             p[0] = x * 2 + p[1]; q[0] = ldd(p[2], q[1]) + (double)x;
         }",
        &["_Z3ldded", "_Z4k_ldePePd"],
    );
}

#[test]
fn same_named_local_statics_get_discriminators() {
    assert_has(
        "__device__ __noinline__ int twice(int* o) {
           { static __device__ int x; x++; o[0] = x; }
           { static __device__ int x; x += 2; o[1] = x; }
           { __shared__ int x[32]; x[o[5]] = 3; __syncthreads(); o[2] = x[o[6]]; }
           return 0;
         }
         extern \"C\" __global__ void k_c(int* o) {
           { __shared__ int s[8]; s[o[0]] = 1; __syncthreads(); o[1] = s[o[2]]; }
           { __shared__ int s[8]; s[o[3]] = 1; __syncthreads(); o[4] = s[o[5]]; }
           o[3] = twice(o);
         }",
        &[
            "_ZZ5twicePiE1x",
            "_ZZ5twicePiE1x_0",
            "_ZZ5twicePiE1x_1",
            "_ZZ3k_cE1s",
            "_ZZ3k_cE1s_0",
        ],
    );
}

#[test]
fn members_operators_and_namespaces() {
    // nvcc's names for these declarations (compiler/tests/mangle_cases/classes.cu).
    assert_has(
        "namespace ns { namespace inner {
         struct V {
           float x;
           __device__ __noinline__ V operator+(const V& o) const { V r; r.x = x + o.x; return r; }
           __device__ __noinline__ V& operator+=(const V& o) { x += o.x; return *this; }
           __device__ __noinline__ float get() const volatile { return x; }
           __device__ __noinline__ static float sget(int i) { return i; }
         };
         __device__ __noinline__ float f(V v, V& r, const V& c) { return v.x + r.x + c.x; }
         }}
         __global__ void k_members(float* o) {
           ns::inner::V v, w; v.x = o[0]; w.x = o[1];
           v += w; v = v + w;
           o[2] = v.get() + ns::inner::V::sget((int)o[3]) + ns::inner::f(v, w, w);
         }",
        &[
            "_Z9k_membersPf",
            "_ZNK2ns5inner1VplERKS1_",
            "_ZN2ns5inner1VpLERKS1_",
            "_ZNVK2ns5inner1V3getEv",
            "_ZN2ns5inner1V4sgetEi",
            "_ZN2ns5inner1fENS0_1VERS1_RKS1_",
        ],
    );
}
