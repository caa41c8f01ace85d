// expect: 5: calling a __host__ function("S::get() const") from a __global__ function("k") is not allowed
struct S { int v; int get() const { return v; } };
__global__ void k(int* p) {
    S s; s.v = p[0];
    p[1] = s.get();
}
