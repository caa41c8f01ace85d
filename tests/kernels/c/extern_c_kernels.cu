// extern "C" kernels (unmangled names), single and in a linkage block, next to a mangled one.
extern "C" __global__ void c_fill(float *out, float value, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = value;
}

extern "C" {
__device__ int c_helper(int x)
{
    return x * 7 + 3;
}

__global__ void c_transform(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = c_helper(in[i]);
}

__global__ void c_iota(unsigned *out, unsigned start)
{
    out[blockIdx.x * blockDim.x + threadIdx.x] = start + blockIdx.x * blockDim.x + threadIdx.x;
}
}

__global__ void cpp_fill(int *out, int value, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = value;
}
