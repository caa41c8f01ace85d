// expect: 8: object of abstract class type "B" is not allowed:
struct A {
    __device__ virtual int f(int x) const = 0;
    __device__ virtual int g() { return 1; }
};
struct B : A { __device__ int g() override { return 2; } };
__global__ void k(int* o) {
    B b;
    o[0] = b.g();
}
