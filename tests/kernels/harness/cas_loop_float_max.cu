// Float maximum through an atomicCAS retry loop on the bit pattern.
__global__ void cas_loop_float_max(const float *in, float *result, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = in[i];
    unsigned *addr = (unsigned *)result;
    unsigned old = *addr, assumed;
    do {
        assumed = old;
        if (__uint_as_float(assumed) >= v) break;
        old = atomicCAS(addr, assumed, __float_as_uint(v));
    } while (old != assumed);
}
