// expect: 5: more than one instance of overloaded function "f" matches the argument list
__device__ int f(int, float) { return 1; }
__device__ int f(float, int) { return 2; }
__global__ void k(int* out) {
    out[0] = f(1, 2);
}
