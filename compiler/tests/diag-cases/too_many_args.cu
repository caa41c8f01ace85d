// expect: 4: too many arguments
__device__ int neg(int a) { return -a; }
__global__ void k(int* p) {
    p[0] = neg(1, 2);
}
