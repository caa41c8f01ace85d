// Templated shared-memory block reduction over element type, block size and a functor
// (int, 128 threads, Sum); one partial result per block.
template <typename T>
struct Sum {
    __device__ T operator()(T a, T b) const { return a + b; }
    static __device__ T identity() { return T(0); }
};

template <typename T, int BLOCK, typename Op>
__device__ T block_reduce(T v, Op op) {
    __shared__ T scratch[BLOCK];
    scratch[threadIdx.x] = v;
    __syncthreads();
    for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride)
            scratch[threadIdx.x] = op(scratch[threadIdx.x], scratch[threadIdx.x + stride]);
        __syncthreads();
    }
    return scratch[0];
}

template <typename T, int BLOCK, typename Op>
__global__ void reduce_blocks(const T* in, T* partial, int n) {
    Op op;
    int i = blockIdx.x * BLOCK + threadIdx.x;
    T v = i < n ? in[i] : Op::identity();
    T total = block_reduce<T, BLOCK, Op>(v, op);
    if (threadIdx.x == 0) partial[blockIdx.x] = total;
}

template __global__ void reduce_blocks<int, 128, Sum<int>>(const int*, int*, int);
template __global__ void reduce_blocks<unsigned, 256, Sum<unsigned>>(const unsigned*, unsigned*, int);
