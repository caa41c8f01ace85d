// expect: 3: member function declared with "override" does not override a base class member
struct A { __device__ virtual int g() { return 1; } };
struct B : A { __device__ int h() override { return 2; } };
__global__ void k(int* o) {
    B b;
    o[0] = b.h();
}
