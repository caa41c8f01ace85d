//! Which functions reach the PTX: whole-program `-ptx` compilation emits every kernel
//! (`.visible .entry`, or a plain `.entry` for a `static` one or one in an anonymous
//! namespace) and only the device functions that are called and not inlined — no unused
//! `inline`, in-class, template, `static` or `constexpr` function, and none that is only
//! evaluated at compile time. The set of `(linkage, kind, name)` oxicc emits must equal
//! nvcc's, at -O3 and -O0.

use std::collections::BTreeSet;

use oxicc_tests::nvidia::ScratchFile;

/// `linkage kind name` of each function definition in `ptx`, with the file hash in
/// internal names (`_INTERNAL_3f9cfe35_`, `_GLOBAL__N__f557c3cb_`) blanked: it depends on
/// how the compiler was invoked.
fn functions(ptx: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in ptx.lines() {
        let t = line.trim_end();
        let (linkage, rest) = match t.strip_prefix(".visible ") {
            Some(r) => ("visible", r),
            None => ("internal", t),
        };
        let (kind, rest) = if let Some(r) = rest.strip_prefix(".entry ") {
            ("entry", r)
        } else if let Some(r) = rest.strip_prefix(".func ") {
            ("func", r)
        } else {
            continue;
        };
        // `.func  (.param .b32 func_retval0) name(`: skip the return parameter.
        let rest = rest.trim_start();
        let rest = match rest.strip_prefix('(') {
            Some(r) => r.split_once(')').map(|(_, n)| n.trim_start()).unwrap_or(r),
            None => rest,
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '$')
            .collect();
        if t.ends_with(';') {
            continue; // a declaration (prototype), not a definition
        }
        out.insert(format!("{linkage} {kind} {}", blank_hash(&name)));
    }
    out
}

fn blank_hash(name: &str) -> String {
    let mut s = name.to_string();
    for marker in ["_INTERNAL_", "_GLOBAL__N__"] {
        if let Some(at) = s.find(marker) {
            let start = at + marker.len();
            if s.len() >= start + 8 && s[start..start + 8].chars().all(|c| c.is_ascii_hexdigit()) {
                s.replace_range(start..start + 8, "HASH0000");
            }
        }
    }
    s
}

fn oxicc_functions(file: &str, src: &str, opt: u8, relaxed: bool) -> BTreeSet<String> {
    let options = oxicc::Options {
        opt_level: opt,
        relaxed_constexpr: relaxed,
        ..oxicc::Options::default()
    };
    let out = oxicc::compile(file, src, &options);
    let text = out.text.unwrap_or_else(|| {
        panic!(
            "oxicc failed: {}",
            out.diagnostics
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    });
    if let Err(e) = oxicc_tests::ptxas_check(&text, options.sm) {
        panic!("ptxas rejects oxicc's PTX for {file}: {e}");
    }
    functions(&text)
}

fn nvcc_functions(cu: &ScratchFile, opt: u8, relaxed: bool) -> BTreeSet<String> {
    let flags: &[&str] = if relaxed {
        &["--expt-relaxed-constexpr"]
    } else {
        &[]
    };
    let ptx = oxicc_tests::nvidia::try_nvcc_ptx_with(cu.path(), 75, opt, flags)
        .unwrap_or_else(|e| panic!("{e}"));
    functions(&ptx)
}

/// Both compilers see the same file (internal names contain the file's name).
fn same_as_nvcc(src: &str, relaxed: bool) {
    let cu = ScratchFile::new("cu");
    std::fs::write(cu.path(), src).expect("write the source");
    let file = cu.path().to_string_lossy().into_owned();
    for opt in [3, 0] {
        let want = nvcc_functions(&cu, opt, relaxed);
        assert!(!want.is_empty(), "nvcc emitted no function");
        let got = oxicc_functions(&file, src, opt, relaxed);
        assert_eq!(
            got, want,
            "-O{opt}: oxicc's functions (left) vs nvcc's (right)"
        );
    }
}

#[test]
fn kinds_of_device_functions() {
    same_as_nvcc(
        r#"
__device__ int plain_unused(int x) { return x + 1; }
__device__ int plain_used(int x) { return x * 3; }
static __device__ int static_used(int x) { return x + 5; }
inline __device__ int inline_unused(int x) { return x - 1; }
inline __device__ int inline_used(int x) { return x - 7; }
__noinline__ __device__ int noinline_used(int x) { return x ^ 3; }
__noinline__ __device__ int noinline_unused(int x) { return x ^ 4; }
inline __noinline__ __device__ int inline_noinline_used(int x) { return x ^ 5; }
static __noinline__ __device__ int static_noinline_used(int x) { return x ^ 9; }
template <class T> __device__ T tmpl_unused(T x) { return x; }
template <class T> __device__ T tmpl_used(T x) { return x + 1; }
struct S {
    __device__ int inclass_unused() const { return 1; }
    __device__ int inclass_used() const { return 2; }
    __device__ int outclass_unused() const;
    __device__ int outclass_used() const;
    __device__ __noinline__ int inclass_noinline_used() const { return v * 2; }
    int v;
};
__device__ int S::outclass_unused() const { return 3; }
__device__ int S::outclass_used() const { return 4; }
__global__ void k(int* o, int i) {
    S s{i};
    o[0] = plain_used(i) + static_used(i) + inline_used(i) + noinline_used(i)
         + inline_noinline_used(i) + static_noinline_used(i) + tmpl_used(i)
         + s.inclass_used() + s.outclass_used() + s.inclass_noinline_used();
}
template <class T> __global__ void never_instantiated(T* o) { o[0] = 1; }
"#,
        false,
    );
}

#[test]
fn internal_kernels_are_entries_without_visible() {
    same_as_nvcc(
        r#"
namespace { __global__ void anon_k(int* o) { o[0] = 2; } }
static __global__ void static_k(int* o) { o[0] = 1; }
template <class T> static __global__ void stk(T* o) { o[0] = 1; }
template __global__ void stk<int>(int*);
__global__ void visible_k(int* o) { o[0] = 3; }
"#,
        false,
    );
}

#[test]
fn constexpr_functions_only_evaluated_are_not_emitted() {
    let src = r#"
struct Table { unsigned v[16]; };
constexpr Table make() { Table t{}; for (unsigned i = 0; i < 16; ++i) t.v[i] = i * i; return t; }
__constant__ Table table = make();
__host__ __device__ constexpr int cx_const_only(int x) { return x * x; }
__host__ __device__ constexpr int cx_runtime(int x) { return x * x + 1; }
__host__ __device__ constexpr int cx_unused(int x) { return x - 1; }
struct P {
    int a;
    __host__ __device__ constexpr P(int x) : a(x) {}
    __host__ __device__ constexpr int twice() const { return 2 * a; }
};
constexpr int host_cx(int x) { return x + 40; }
__global__ void k(int* o, int i) {
    constexpr int c = cx_const_only(6);
    constexpr P p(5);
    static_assert(p.twice() == 10, "p");
    o[0] = c + cx_runtime(i) + table.v[i & 15] + P(i).twice() + host_cx(i);
}
"#;
    same_as_nvcc(src, true);
}

#[test]
fn templates_found_by_argument_dependent_lookup() {
    // `la::dot` (more specialized than `::dot`), the non-template `la::norm1` over the
    // template for `Vec<int>`, a hidden friend template.
    same_as_nvcc(
        r#"
namespace la {
template <class T> struct Vec { T x, y; };
template <class T> __noinline__ __device__ T dot(Vec<T> a, Vec<T> b) { return a.x * b.x + a.y * b.y; }
__noinline__ __device__ int norm1(Vec<int> a) { return a.x + a.y; }
template <class T> __noinline__ __device__ T norm1(Vec<T> a) { return a.x - a.y; }
template <class T> struct Box {
  T v;
  template <class U> friend __noinline__ __device__ T mix(Box a, U u) { return a.v + (T)u; }
};
}
template <class T> __noinline__ __device__ T dot(T a, T b) { return a * b; }
__global__ void k(float* out, int* o, int i) {
  la::Vec<float> a{out[2], 2};
  la::Vec<int> b{i, 4};
  la::Box<int> bx{i};
  out[0] = dot(a, a) + dot(2.f, out[1]);
  o[0] = norm1(b) + norm1(la::Vec<long>{i, 6}) + mix(bx, 2.5);
}
"#,
        false,
    );
}

#[test]
fn sfinae_forward_suite_kernel() {
    // enable_if dispatch, std::forward/std::move, dependent member types, a deduced array
    // bound and a trailing decltype: every non-inlined instance, named as nvcc names it.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/kernels/cpp/sfinae_forward.cu");
    let src = std::fs::read_to_string(path).expect("the suite kernel");
    same_as_nvcc(&src, false);
}

#[test]
fn kernels_launched_by_host_templates_members_and_lambdas() {
    // nvcc instantiates the kernel templates launched in instances of host function
    // templates (made by host calls, nested too), in host member functions (and member
    // templates called on an object) and in host lambdas; `unused_run` is never made.
    same_as_nvcc(
        r#"
template <class T, int B> __global__ void k1(T* d, int n) { if (threadIdx.x < n) d[threadIdx.x] *= B; }
template <class T> __global__ void k2(T* d, T v) { d[threadIdx.x] = v; }
template <class T> __global__ void k3(T* d) { d[0] = 1; }
template <class T> __global__ void k4(T* d) { d[0] = 2; }
template <class T> __global__ void k5(T* d) { d[0] = 3; }
template <class T> __global__ void k6(T* d) { d[0] = 4; }
template <class T> __global__ void k7(T* d, int n) { d[n] = 5; }

template <class T> void fill(T* d, int n) { k7<<<1, 1>>>(d, n); }
template <class T> void run(T* d, int n) {
  k1<T, 128><<<1, 128>>>(d, n);
  k2<<<1, 32>>>(d, T(3));
  fill(d + 1, n);
}
template <class T> void unused_run(T* d) { k6<<<1, 1>>>(d); }
struct Runner {
  double* d;
  void go() { k3<<<1, 1>>>(d); }
  template <class U> void go2(U* p) { k5<<<1, 1>>>(p); }
};
int main() {
  float* df = nullptr; int* di = nullptr; long* dl = nullptr;
  unsigned char* db = nullptr;
  run(df, 4);
  run<int>(di, 4);
  Runner r{nullptr};
  r.go();
  r.go2(dl);
  int n = 3;
  auto launch = [&]() { k4<<<1, n>>>(di); fill(db, n); };
  launch();
  return 0;
}
"#,
        false,
    );
}

#[test]
fn host_templates_called_before_their_definition_or_explicitly_instantiated_launch_kernels() {
    // cuda-samples' simpleTemplates: `runTest<float>` is declared, called in `main`, and
    // defined afterwards; C++ makes the instance at the end of the file, so nvcc emits the
    // kernels its body launches (and those of the host templates it calls in turn). And
    // explicit instantiations of host templates.
    same_as_nvcc(
        r#"
template <class T> __global__ void k(T* d) { d[threadIdx.x] += (T)1; }
template <class T> __global__ void k2(T* d, int n) { d[n] = (T)2; }
template <class T> void run(T* d, int n);
template <class T> void inner(T* d);
int main() {
  float* df = nullptr; int* di = nullptr;
  run<float>(df, 3);
  run(di, 4);
  return 0;
}
template <class T> void run(T* d, int n) { k<T><<<1, 32>>>(d); inner(d); }
template <class T> void inner(T* d) { k2<<<1, 1>>>(d, 5); }
// shoc's RunTestLaunchKernel: an explicit instantiation of a host template makes its
// launches too.
template <class T> __global__ void k3(T* d) { d[0] = (T)3; }
template <class T> void launch3(T* d, int n) { k3<<<1, n>>>(d); }
template void launch3<double>(double*, int);
template void launch3(short*, int);
"#,
        false,
    );
}

/// The callees of `call` instructions in order of appearance.
fn call_targets(ptx: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut after_call = false;
    for line in ptx.lines() {
        if line.trim_start().starts_with("call") {
            after_call = true;
        }
        if after_call {
            if let Some(at) = line.find("_Z") {
                let name: String = line[at..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                out.push(name);
                after_call = false;
            }
        }
    }
    out
}

#[test]
fn ref_qualified_member_functions_follow_the_objects_value_category() {
    // `f() &` on lvalues, `f() &&` on prvalues and xvalues (`std::move(v)`), `f() const &`
    // on both: names `_ZNR…`, `_ZNO…`, `_ZNKR…`, and the same overload chosen at each call.
    let src = r#"
#include <utility>
struct V {
  float x;
  __device__ __noinline__ float get() & { return x; }
  __device__ __noinline__ float get() && { return x * 2; }
  __device__ __noinline__ float peek() const & { return x + 1; }
  __device__ __noinline__ float take() && { return x * 3; }
};
__device__ __noinline__ V make(float f) { V v; v.x = f; return v; }
__global__ void k(float* o) {
  V v; v.x = o[0];
  o[3] = std::move(v).take() + std::move(v).get();
  o[1] = v.get() + make(o[2]).get() + v.peek() + make(1.0f).peek() + make(2.0f).take();
}
"#;
    same_as_nvcc(src, false);
    let cu = ScratchFile::new("cu");
    std::fs::write(cu.path(), src).expect("write the source");
    let nvcc = oxicc_tests::nvidia::try_nvcc_ptx_with(cu.path(), 75, 0, &[])
        .unwrap_or_else(|e| panic!("{e}"));
    let options = oxicc::Options {
        opt_level: 0,
        ..oxicc::Options::default()
    };
    let ours = oxicc::compile(&cu.path().to_string_lossy(), src, &options)
        .text
        .expect("oxicc compiles it");
    assert!(
        call_targets(&nvcc).len() >= 10,
        "nvcc's calls: {:?}",
        call_targets(&nvcc)
    );
    assert_eq!(call_targets(&ours), call_targets(&nvcc));
}

#[test]
fn same_named_local_classes_have_discriminators() {
    // The second and third local `L` of one function: `_ZZ1kPiENK1L3getE_0v`, `…E_1v`
    // (nvcc writes the discriminator after the whole nested name), `_Z3appIZ1kPiE1L_0EiT_`.
    same_as_nvcc(
        r#"
template <class T> __device__ __noinline__ int app(T t) { return t.get(); }
__global__ void k(int* o) {
  { struct L { int v; __device__ __noinline__ int get() const { return v; } }; L l{o[0]}; o[1] = l.get() + app(l); }
  { struct L { int v; __device__ __noinline__ int get() const { return v * 2; } }; L l{o[0]}; o[2] = l.get() + app(l); }
  { struct L { int v; __device__ __noinline__ int get() const { return v * 3; } }; L l{o[0]}; o[3] = l.get(); }
  struct M { int v; __device__ __noinline__ int get() const { return v * 4; } }; M m{o[0]}; o[4] = m.get();
}
"#,
        false,
    );
}
