// IR-level linking, file 1 of 2 (tests/tests/ir_link.rs): the kernel uses a function and a
// table that b.cu defines, and a static helper whose name b.cu also uses.
extern __device__ float weight(int i);
extern __device__ int bias[4];
static __device__ int helper(int x) { return x + 1; }
__global__ void apply(float *out, const float *in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * weight(i) + bias[i & 3] + helper(i);
}
