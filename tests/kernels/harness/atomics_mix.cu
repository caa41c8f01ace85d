// Every integer atomic: add (32/64), sub, min, max, and, or, xor, exch, inc, dec, CAS.
__global__ void atomics_mix(const int *in, int *r, unsigned *u, unsigned long long *w, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    atomicAdd(&r[0], v);
    atomicSub(&r[1], v);
    atomicMin(&r[2], v);
    atomicMax(&r[3], v);
    atomicAnd(&u[0], ~(1u << (i & 31)));
    atomicOr(&u[1], 1u << (i & 31));
    atomicXor(&u[2], (unsigned)v);
    atomicInc(&u[3], 37u);
    atomicDec(&u[4], 41u);
    atomicCAS(&u[5], (unsigned)i, (unsigned)i + 1u);
    atomicExch(&u[6], 7u);
    atomicAdd(&w[0], (unsigned long long)(unsigned)v << 20);
    atomicMin(&u[7], (unsigned)v);
}
