// __syncthreads_count/_and/_or: barrier reductions over a predicate.
__global__ void syncthreads_count(const int *in, int *out) {
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    int c = __syncthreads_count(v > 0);
    int a = __syncthreads_and(v > -50);
    int o = __syncthreads_or(v > 90);
    if (threadIdx.x == 0) {
        out[3 * blockIdx.x] = c;
        out[3 * blockIdx.x + 1] = a;
        out[3 * blockIdx.x + 2] = o;
    }
}
