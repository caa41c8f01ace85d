//! Host code in a `.cu` file: host-only function bodies are skipped unparsed, host C++ at
//! file scope that the parser does not handle becomes `Decl::Unsupported` without a
//! diagnostic, and device code next to it still parses (and still reports its errors).

use crate::parse_common;
use parse_common::{parse, parse_ok};

#[test]
fn typical_cuda_file_with_main() {
    insta::assert_snapshot!(parse_ok(
        r#"
typedef unsigned long size_t;
int printf(const char *fmt, ...);
struct HostOnly { HostOnly() {} void m(); int x; };
template <typename T> T maxT(T a, T b) { return a > b ? a : b; }
namespace util { int helper(); }
using namespace std;
static void check(cudaError_t e, const char *msg) { if (e) printf("%s\n", msg); }
std::vector<float> v;
void host_ref(float &x) { x = 1; }
__global__ void k(float *d) { d[threadIdx.x] = 1.0f; }
class Timer { public: Timer(); ~Timer(); double elapsed() const; };
int main(int argc, char **argv) {
    float *d;
    cudaMalloc(&d, 4 * sizeof(float));
    k<<<1, 32>>>(d);
    dim3 grid(2, 2), block(16, 16);
    cudaDeviceSynchronize();
    auto lambda = [&](int i) { return i + 1; };
    printf("%f\n", 1.0);
    return 0;
}
static int host_table[4] = {1, 2, 3, 4};
"#
    ));
}

#[test]
fn device_code_in_unsupported_cxx_is_an_error() {
    let p = parse("template <template <typename> class C = Box> __global__ void kt() {}");
    assert_eq!(
        p.diags,
        ["1:39: Error: a default template template argument is not supported yet"]
    );
}

#[test]
fn syntax_errors_in_device_code_next_to_host_code_are_reported() {
    let p = parse(
        "int main() { k<<<1,1>>>(); }\n__global__ void k(int *p) { p[0] = 1 }\nvoid h(std::string s) {}",
    );
    assert_eq!(p.diags, ["2:38: Error: expected `;` after expression"]);
    assert!(p.dump.contains("(fn k [global]"), "{}", p.dump);
}

#[test]
fn host_bodies_may_hold_anything_balanced() {
    let p = parse(
        "__host__ void h() { std::map<int, std::vector<int>> m; for (auto &[a, b] : m) {} @ }
         __device__ int after;",
    );
    // `@` is a lexical error wherever it is; nothing in the host body is parsed.
    assert_eq!(p.diags, ["1:82: Error: unknown token `@`"]);
    assert!(
        p.dump
            .contains("(fn h [host] (ret void) (params) host-body-skipped)"),
        "{}",
        p.dump
    );
    assert!(p.dump.contains("(var after [device] int)"), "{}", p.dump);
}

#[test]
fn cxx_in_device_code_says_what_is_not_supported() {
    let cases = [
        (
            "__device__ void f() { int *p = new (int); }",
            "a parenthesized type after `new` is not supported yet",
        ),
        (
            "__device__ int f() { return asm(\"trap;\"); }",
            "`asm` outside a statement is not supported yet",
        ),
        (
            "__device__ int a[2] = {[1] = 2};",
            "a designated initializer is not supported yet",
        ),
        (
            "__device__ void f() { x = (int[]){1, 2}[0]; }",
            "a compound literal is not supported yet",
        ),
        (
            "__device__ const char *s = L\"wide\";",
            "wide string literals are not supported yet",
        ),
    ];
    for (src, msg) in cases {
        let p = parse(src);
        assert!(
            p.diags.len() == 1 && p.diags[0].ends_with(msg),
            "{src}: {:?}",
            p.diags
        );
    }
}

#[test]
fn host_classes_and_scoped_enums_are_usable_in_device_code() {
    // Both are parsed now (they were skipped host C++ before): no diagnostics.
    let p = parse(
        "class Timer { public: Timer(); double t; };\nenum class E { A };\n\
         Timer global_timer;\nvoid host(Timer *t, E e);\n\
         __global__ void k(Timer *t) {}\n__device__ E e;",
    );
    assert!(p.diags.is_empty(), "{:?}", p.diags);
}

#[test]
fn host_aliases_of_unsupported_types_are_host_code_too() {
    let p = parse(
        "typedef std::vector<int> IntVec;\nusing Map = std::map<int, int>;\n\
         IntVec global_vec;\nMap global_map;\nstatic IntVec make();\n\
         __device__ IntVec bad;",
    );
    assert_eq!(
        p.diags,
        [
            "6:12: Error: `IntVec` is declared by a declaration with a qualified name, which is not supported yet",
            "1:1: Note: `IntVec` is declared here",
        ]
    );
}
