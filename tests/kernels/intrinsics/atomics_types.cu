// Atomics of every type CUDA defines and at each scope (_block, _system): 64 threads update
// shared counters; the final values do not depend on the order (integer operations, and
// float additions of small integers, which are exact), and compare-and-swap and exchange
// go to each thread's own slot.

__global__ void atomics_types(int *ci, unsigned int *cu, unsigned long long *cull,
                              long long *cll, float *cf, double *cd, int *slot_i,
                              unsigned long long *slot_u, float *slot_f,
                              const int *in)
{
    int t = threadIdx.x;
    int v = in[t];
    atomicAdd(&ci[0], v);
    atomicSub(&ci[1], v);
    atomicMin(&ci[2], v);
    atomicMax(&ci[3], v);
    atomicAnd(&ci[4], ~(1 << (t & 31)));
    atomicOr(&ci[5], 1 << (t & 31));
    atomicXor(&ci[6], v);
    atomicAdd_block(&ci[7], 2 * v);
    atomicAdd_system(&ci[8], 3 * v);
    atomicMax_block(&ci[9], v);
    atomicAdd(&cu[0], (unsigned int)v);
    atomicMin(&cu[1], (unsigned int)v);
    atomicMax(&cu[2], (unsigned int)v);
    atomicInc(&cu[3], 1000u);
    atomicDec(&cu[4], 1000u);
    atomicAdd(&cull[0], (unsigned long long)(long long)v);
    atomicMin(&cull[1], (unsigned long long)(long long)v);
    atomicMax(&cull[2], (unsigned long long)(long long)v);
    atomicAnd(&cull[3], ~(1ull << t));
    atomicOr(&cull[4], 1ull << t);
    atomicXor(&cull[5], (unsigned long long)v << 20);
    atomicMin(&cll[0], (long long)v * 1000000);
    atomicMax(&cll[1], (long long)v * 1000000);
    atomicAdd(&cf[0], (float)v);
    atomicAdd_block(&cf[1], (float)(2 * v));
    atomicAdd(&cd[0], (double)v);
    atomicAdd_system(&cd[1], (double)v * 0.5);
    slot_i[t] = atomicCAS(&slot_i[t], t, v) + atomicExch(&slot_i[t + 64], v);
    slot_u[t] = atomicCAS(&slot_u[t], 0ull, (unsigned long long)t << 40);
    slot_f[t] = atomicExch(&slot_f[t], (float)v) + 1.0f;
}
