// Templated warp reductions with __shfl_xor_sync (butterfly) over two functors: every lane
// ends with the warp's sum and bitwise-or.
template <typename T> struct Plus { __device__ T operator()(T a, T b) const { return a + b; } };
template <typename T> struct BitOr { __device__ T operator()(T a, T b) const { return a | b; } };

template <typename T, typename Op, int WIDTH = 32>
__device__ T warp_allreduce(T v, Op op = Op()) {
#pragma unroll
    for (int mask = WIDTH / 2; mask > 0; mask >>= 1) v = op(v, __shfl_xor_sync(0xffffffffu, v, mask, WIDTH));
    return v;
}

__global__ void warp_sums(const unsigned* in, unsigned* sums, unsigned* ors, unsigned* seg) {
    unsigned v = in[blockIdx.x * blockDim.x + threadIdx.x];
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    sums[i] = warp_allreduce<unsigned, Plus<unsigned>>(v);
    ors[i] = warp_allreduce<unsigned, BitOr<unsigned>>(v);
    seg[i] = warp_allreduce<unsigned, Plus<unsigned>, 8>(v);
}
