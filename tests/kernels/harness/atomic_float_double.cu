// Float and double atomicAdd, and a double add through a 64-bit atomicCAS loop.
__device__ double cas_add(double *addr, double v) {
    unsigned long long *p = (unsigned long long *)addr;
    unsigned long long old = *p, assumed;
    do {
        assumed = old;
        old = atomicCAS(p, assumed, __double_as_longlong(__longlong_as_double(assumed) + v));
    } while (old != assumed);
    return __longlong_as_double(old);
}
__global__ void atomic_float_double(const int *in, float *fsum, double *dsum, double *csum, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    atomicAdd(fsum, (float)in[i]);
    atomicAdd(dsum, (double)in[i] * 0.5);
    cas_add(csum, (double)in[i] * 0.25);
}
