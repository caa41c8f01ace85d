// Shuffles of 64-bit types (long long, unsigned long long, double) with every mode and with
// sub-warp widths: each lane writes what it received.

__global__ void shuffles64(long long *o, double *od, unsigned long long *ou, const long long *x,
                           const double *d)
{
    int t = threadIdx.x;
    int lane = t & 31;
    long long v = x[t];
    double dv = d[t];
    o[t * 4] = __shfl_sync(0xffffffffu, v, (lane * 7) & 31);
    o[t * 4 + 1] = __shfl_up_sync(0xffffffffu, v, 3);
    o[t * 4 + 2] = __shfl_down_sync(0xffffffffu, v, 5);
    o[t * 4 + 3] = __shfl_xor_sync(0xffffffffu, v, 9);
    od[t * 2] = __shfl_sync(0xffffffffu, dv, 31 - lane);
    od[t * 2 + 1] = __shfl_xor_sync(0xffffffffu, dv, 1, 16);
    ou[t] = __shfl_down_sync(0xffffffffu, (unsigned long long)v, 2, 8);
}
