// harness-error: deadlock
// Half a warp waits in a full-mask shuffle while the other half waits at __syncthreads.
__global__ void shuffle_barrier_deadlock(int *out) {
    int v = threadIdx.x;
    if (threadIdx.x < 16) v = __shfl_down_sync(0xffffffffu, v, 1);
    else __syncthreads();
    out[threadIdx.x] = v;
}
