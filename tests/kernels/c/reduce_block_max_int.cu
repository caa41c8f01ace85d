// Block reductions of ints: maximum and argmax over a fixed-size shared array.
#define THREADS 128

__global__ void block_max(const int *in, int *out, int n)
{
    __shared__ int smax[THREADS];
    int tid = threadIdx.x;
    int best = -2147483647 - 1;
    for (int i = blockIdx.x * THREADS + tid; i < n; i += THREADS * gridDim.x)
        best = in[i] > best ? in[i] : best;
    smax[tid] = best;
    __syncthreads();
    for (int s = THREADS / 2; s > 0; s /= 2) {
        if (tid < s && smax[tid + s] > smax[tid])
            smax[tid] = smax[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = smax[0];
}

__global__ void block_argmax(const float *in, int *out_index, int n)
{
    __shared__ float sval[THREADS];
    __shared__ int sidx[THREADS];
    int tid = threadIdx.x;
    int i = blockIdx.x * THREADS + tid;
    sval[tid] = i < n ? in[i] : -3.0e38f;
    sidx[tid] = i;
    __syncthreads();
    for (int s = THREADS >> 1; s >= 1; s >>= 1) {
        if (tid < s) {
            float other = sval[tid + s];
            if (other > sval[tid] || (other == sval[tid] && sidx[tid + s] < sidx[tid])) {
                sval[tid] = other;
                sidx[tid] = sidx[tid + s];
            }
        }
        __syncthreads();
    }
    if (tid == 0)
        out_index[blockIdx.x] = sidx[0];
}
