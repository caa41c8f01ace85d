// Templated tree reduction of doubles (256 threads): the add order is fixed by the tree, so
// the CPU can reproduce every rounding.
template <typename T, unsigned BLOCK>
struct BlockSum {
    __device__ static T run(T v) {
        __shared__ T s[BLOCK];
        s[threadIdx.x] = v;
        __syncthreads();
#pragma unroll
        for (unsigned stride = BLOCK / 2; stride > 0; stride /= 2) {
            if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
            __syncthreads();
        }
        return s[0];
    }
};

template <typename T, unsigned BLOCK>
__global__ void sum_blocks(const T* in, T* out) {
    T total = BlockSum<T, BLOCK>::run(in[blockIdx.x * BLOCK + threadIdx.x]);
    if (threadIdx.x == 0) out[blockIdx.x] = total;
}

template __global__ void sum_blocks<double, 256>(const double*, double*);
