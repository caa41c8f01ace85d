// expect: 4: too few arguments
__device__ int add(int a, int b) { return a + b; }
__global__ void k(int* p) {
    p[0] = add(1);
}
