// expect: 4: no suitable conversion
struct S { int a; };
__device__ int f(struct S s) {
    return s;
}
__global__ void k(int* p) { struct S s; s.a = 1; p[0] = f(s); }
