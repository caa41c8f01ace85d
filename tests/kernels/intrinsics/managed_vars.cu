// __managed__ variables (a scalar set by the host through the launch, an initialized array,
// `__device__ __managed__` with an initializer): atomics on one, reads of all, a device
// function taking a managed variable's address, and the values copied out at the end.

__managed__ int counter;
__managed__ float table[4] = {1.5f, 2.0f, -3.25f, 4.0f};
__device__ __managed__ unsigned long long big = 7;

__device__ void bump(int *p, int v) { atomicAdd(p, v); }

__global__ void managed_vars(int *out, float *tab, unsigned long long *o64) {
    int t = threadIdx.x;
    bump(&counter, t + 1);
    __syncthreads();
    out[t] = counter * 2 + (int)(table[t % 4] * 4.0f);
    __syncthreads();
    if (t == 0) {
        big += (unsigned long long)counter << 32;
        table[1] = (float)counter;
        o64[0] = big;
    }
    __syncthreads();
    if (t < 4) tab[t] = table[t];
}
