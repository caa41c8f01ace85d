// Block reduction with a Max functor: shared-memory tree down to one warp, then a templated
// warp-shuffle stage; unsigned, 64 threads per block.
#include <climits>
template <typename T> struct Max {
    __device__ T operator()(const T& a, const T& b) const { return a > b ? a : b; }
    static constexpr T identity = 0;
};

template <typename T, typename Op>
__device__ T warp_reduce(T v, Op op) {
    for (int offset = 16; offset > 0; offset >>= 1)
        v = op(v, __shfl_down_sync(0xffffffffu, v, offset));
    return v;
}

template <typename T, int BLOCK, typename Op>
__global__ void reduce_max(const T* __restrict__ in, T* __restrict__ out, int n) {
    static_assert(BLOCK % 32 == 0 && BLOCK >= 64, "block must be whole warps");
    __shared__ T s[BLOCK];
    Op op;
    unsigned i = blockIdx.x * BLOCK + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : Op::identity;
    __syncthreads();
    for (int stride = BLOCK / 2; stride >= 32; stride >>= 1) {
        if (threadIdx.x < stride) s[threadIdx.x] = op(s[threadIdx.x], s[threadIdx.x + stride]);
        __syncthreads();
    }
    if (threadIdx.x < 32) {
        T v = warp_reduce(s[threadIdx.x], op);
        if (threadIdx.x == 0) out[blockIdx.x] = v;
    }
}

template __global__ void reduce_max<unsigned, 64, Max<unsigned>>(const unsigned*, unsigned*, int);
