// A block reduction that takes its combining operation as a lambda (xor and min), 128 threads.
template <int BLOCK, typename T, typename Op>
__device__ T reduce(T* s, T v, Op op) {
    s[threadIdx.x] = v;
    __syncthreads();
    for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) s[threadIdx.x] = op(s[threadIdx.x], s[threadIdx.x + stride]);
        __syncthreads();
    }
    T r = s[0];
    __syncthreads();
    return r;
}
__global__ void xor_min(const int* in, int* out) {
    __shared__ int s[128];
    int v = in[blockIdx.x * 128 + threadIdx.x];
    int x = reduce<128>(s, v, [](int a, int b) { return a ^ b; });
    int m = reduce<128>(s, v, [](int a, int b) { return a < b ? a : b; });
    if (threadIdx.x == 0) { out[2 * blockIdx.x] = x; out[2 * blockIdx.x + 1] = m; }
}
