// expect: 5: no suitable constructor exists to convert from "int" to "B"
// Copy-initialization from an int when no constructor of B takes one argument.
struct B { __device__ B() {} __device__ B(float, float) {} };
__global__ void k(int *p) {
    B b = 1;
    p[0] = 1;
}
