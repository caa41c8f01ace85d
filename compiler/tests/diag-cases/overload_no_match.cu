// expect: 7: no instance of overloaded function "g" matches the argument list
// expect-note: 5: function "g(float *)" does not match because argument #1 does not match parameter
// expect-note: 4: function "g(int *)" does not match because argument #1 does not match parameter
__device__ int g(int* p) { return 3; }
__device__ int g(float* p) { return 4; }
__global__ void k(int* out, double d) {
    out[1] = g(d);
}
