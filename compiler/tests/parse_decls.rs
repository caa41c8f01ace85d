//! Declaration parsing: specifiers in any order, declarators, initializers, typedefs,
//! structs/unions/enums, `extern "C"`, CUDA specifiers. Snapshots of the compact AST print.

use crate::parse_common;
use parse_common::parse_ok;

#[test]
fn builtin_specifier_combinations() {
    insta::assert_snapshot!(parse_ok(
        "long unsigned int long a; const volatile short b; signed char c; unsigned d;
         long double e; char f; unsigned char g; __int128 h; bool i; _Bool j;
         short unsigned k; int long l; signed m; long n; double o; float const p;
         unsigned __int128 q; static const int r = 1;"
    ));
}

#[test]
fn pointers_arrays_and_qualifiers() {
    insta::assert_snapshot!(parse_ok(
        "const float * const __restrict__ p; int **pp; int * volatile * q;
         int a[3][4]; extern int b[]; float c[2 * 8]; char *argv[]; float * restrict r;
         int *__restrict s;"
    ));
}

#[test]
fn parenthesized_declarators() {
    insta::assert_snapshot!(parse_ok(
        "int (*p)[4]; int *(*fp)(int, float); void (*handlers[8])(void);
         int (*(*x)(int))[3]; int ((y)); int (*(z))[2];"
    ));
}

#[test]
fn prototypes() {
    insta::assert_snapshot!(parse_ok(
        "__device__ int f(int, float *); int g(void); int h(); int printf(const char *fmt, ...);
         __device__ float dot(const float a[], const float *b, int n);
         int (*get_handler(int which))(float);
         void takes_fp(void (*cb)(int), int n);
         extern __device__ void ext(int x) noexcept;"
    ));
}

#[test]
fn several_declarators_and_initializers() {
    insta::assert_snapshot!(parse_ok(
        "__device__ int a = 1, *b, c[2] = {1, 2}, d[2][2] = {{1, 2}, {3, 4}};
         __constant__ float w[3] = {0.25f, 0.5f, 0.25f,};
         __device__ int e[] = {1, 2, 3}, f = a + 1;
         __device__ void g() { int x(5); int y{6}; int z = {7}; int q[2] = {}; }"
    ));
}

#[test]
fn typedefs_and_their_use() {
    insta::assert_snapshot!(parse_ok(
        "typedef unsigned int uint; typedef float vec3[3]; typedef struct { float x, y; } P2;
         typedef uint *uintp, uarr[4]; typedef void (*callback)(int);
         uint a; vec3 v; P2 p; uintp up; callback cb; const uint ca = 2;
         __device__ uint f(uint x, P2 *p) { uint y = (uint)x; vec3 w; return y; }"
    ));
}

#[test]
fn structs_and_unions() {
    insta::assert_snapshot!(parse_ok(
        "struct S { int a; unsigned b : 3, : 2; struct S *next; union { int i; float f; }; };
         struct S s; S t; union U { int i; float f; } u, *pu;
         struct __align__(16) A { float v[4]; };
         struct Fwd; struct Fwd *fp;
         struct { int x; } anon;
         struct B { public: int x; private: float y; } __attribute__((aligned(8)));
         class C { int z; };
         struct Outer { struct Inner { int q; } in; Inner j; enum { K1, K2 }; struct Deep { int d; }; };"
    ));
}

#[test]
fn enums() {
    insta::assert_snapshot!(parse_ok(
        "enum Color { RED, GREEN = 5, BLUE }; enum Color c = RED; enum { X = 1 << 2, Y, };
         enum E : unsigned char { A, B = A + 2 }; Color d; E e;
         typedef enum { P, Q } PQ; PQ pq = Q;"
    ));
}

#[test]
fn extern_c() {
    insta::assert_snapshot!(parse_ok(
        "extern \"C\" { __global__ void k(int *p) {} __device__ int g; }
         extern \"C\" __global__ void k2() {}
         extern \"C\" int puts(const char *);
         extern \"C++\" { __device__ int cpp; }
         extern int plain;"
    ));
}

#[test]
fn cuda_specifiers() {
    insta::assert_snapshot!(parse_ok(
        "__global__ void k() {}
         __device__ __forceinline__ float sq(float x) { return x * x; }
         __host__ __device__ int both(int a) { return a; }
         __device__ __noinline__ int ni();
         static __device__ int s; __shared__ float sh[32]; __constant__ int c = 3;
         __managed__ int m; __device__ __align__(8) int al; extern __shared__ float dyn[];
         static inline __device__ int si() { return 1; }
         __global__ void __launch_bounds__(128) lb1(float *p) {}
         __launch_bounds__(256, 4) __global__ void lb2(void) {}
         void __global__ trailing() {}
         __global__ void gc(__grid_constant__ const int p) {}
         __device__ int __inline__ gi() { return 0; }
         __host__ int host_only() { return 0; }"
    ));
}

#[test]
fn attributes_are_skipped_or_kept_as_alignment() {
    insta::assert_snapshot!(parse_ok(
        "__device__ int x __attribute__((aligned(16)));
         __attribute__((unused)) static __device__ int y;
         struct __attribute__((packed)) P { char c; int i; };
         __device__ __attribute__((noinline)) void f(int *__attribute__((unused)) p) {}
         int z asm(\"zz\");
         [[nodiscard]] __device__ int g(); __device__ alignas(double) char buf[8]; __device__ void h() { [[maybe_unused]] int u = 1; }"
    ));
}

#[test]
fn tags_usable_without_keyword() {
    insta::assert_snapshot!(parse_ok(
        "struct V { float x, y; };
         __device__ V add(V a, V b) { V r; r.x = a.x + b.x; return r; }
         __device__ void g(V *p) { V *q = (V *)p; int n = sizeof(V); }
         __device__ void h(struct Later *p); __device__ Later *later;"
    ));
}
