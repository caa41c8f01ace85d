// Separate compilation, module 1 of 2 (tests/tests/separate_compilation.rs): uses a
// variable and a function that lib.cu defines.
extern __device__ int counter;
extern __device__ float scale(float x);
__device__ int total = 3;
static __device__ int hidden = 4;
__constant__ float coef[2] = {1.0f, 2.0f};
__device__ float twice(float x) { return 2.0f * x; }
static __device__ float thrice(float x) { return 3.0f * x; }
__device__ __noinline__ float unused_fn(float x) { return x + 1.0f; }
template <typename T> __device__ T tmax(T a, T b) { return a > b ? a : b; }
inline __device__ float half(float x) { return 0.5f * x; }
__global__ void k(float *p) {
    int i = threadIdx.x;
    p[i] = scale(p[i]) + twice(p[i]) + thrice(1.0f) + coef[1] + total + hidden
         + tmax(p[i], 0.0f) + half(p[i]);
    atomicAdd(&counter, 1);
}
