// Block 0 spins until block 1 publishes a value (CTAs must make progress concurrently).
__global__ void inter_block_flag(int *flag, int *data, int *out) {
    if (blockIdx.x == 1) {
        if (threadIdx.x == 0) {
            data[0] = 42;
            __threadfence();
            atomicExch(flag, 1);
        }
    } else if (threadIdx.x == 0) {
        while (atomicAdd(flag, 0) == 0) {
        }
        __threadfence();
        out[0] = data[0] + 1;
    }
}
