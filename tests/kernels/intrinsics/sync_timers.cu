// Block-wide votes (__syncthreads_count/_and/_or), fences at every scope, the timers
// (clock, clock64, and %globaltimer, which CUDA code reads with inline PTX) and
// __nanosleep: each thread writes its block's three votes over its input and whether each
// timer did not run backwards across a sleep.

__device__ unsigned long long global_timer()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

__global__ void sync_timers(int *out, const int *in)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[t];
    long long c0 = clock64();
    clock_t k0 = clock();
    unsigned long long g0 = global_timer();
    int count = __syncthreads_count(v > 0);
    int all = __syncthreads_and(v > -90);
    int any = __syncthreads_or(v > 95);
    __threadfence_block();
    __threadfence();
    __threadfence_system();
    __nanosleep(100);
    long long c1 = clock64();
    clock_t k1 = clock();
    unsigned long long g1 = global_timer();
    out[t * 6] = count;
    out[t * 6 + 1] = all;
    out[t * 6 + 2] = any;
    out[t * 6 + 3] = c1 >= c0;
    out[t * 6 + 4] = (int)(k1 - k0) >= 0;
    out[t * 6 + 5] = g1 >= g0;
}
