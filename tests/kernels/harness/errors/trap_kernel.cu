// harness-error: trap
// __trap() from one thread.
__global__ void trap_kernel(int *out) {
    if (threadIdx.x == 3) __trap();
    out[threadIdx.x] = 1;
}
