// clock() and clock64() read the SM's cycle counter (nvcc: `mov.u64 %rd, %clock64;` for
// both). Each thread times a loop of data-dependent length: the counter never goes
// backwards, clock_t is 64 bits, and the loop's sum is unaffected by the reads around it.
#include <time.h>

__global__ void clock_counters(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    long long t0 = clock64();
    clock_t c0 = clock();
    int s = 0;
    for (int k = 0; k <= i % 7; ++k)
        s += in[(i + k) % n];
    clock_t c1 = clock();
    long long t1 = clock64();
    out[3 * i] = s;
    out[3 * i + 1] = (c1 >= c0) + 2 * (t1 >= t0) + 4 * (c0 >= t0);
    out[3 * i + 2] = (int)sizeof(clock_t) * 10 + (int)sizeof(clock64());
}
