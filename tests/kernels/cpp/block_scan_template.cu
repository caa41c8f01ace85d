// Templated inclusive block scan (Hillis-Steele, double-buffered in shared memory) over a
// block size and an associative functor; 128 threads, integer sums.
template <typename T> struct Add { __device__ T operator()(T a, T b) const { return a + b; } };

template <int BLOCK, typename T, typename Op>
__device__ T block_inclusive_scan(T v, Op op) {
    __shared__ T buf[2][BLOCK];
    int cur = 0;
    buf[cur][threadIdx.x] = v;
    __syncthreads();
    for (int offset = 1; offset < BLOCK; offset <<= 1) {
        T x = buf[cur][threadIdx.x];
        if (threadIdx.x >= offset) x = op(buf[cur][threadIdx.x - offset], x);
        buf[1 - cur][threadIdx.x] = x;
        cur = 1 - cur;
        __syncthreads();
    }
    return buf[cur][threadIdx.x];
}

template <int BLOCK>
__global__ void scan(const int* in, int* out) {
    int i = blockIdx.x * BLOCK + threadIdx.x;
    out[i] = block_inclusive_scan<BLOCK>(in[i], Add<int>());
}
template __global__ void scan<128>(const int*, int*);
