// A per-thread histogram in a local array with data-dependent indices, and a local
// lookup table filled at run time.
#define BINS 16

__global__ void thread_histogram(const unsigned char *data, int *hist, int per_thread, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int local[BINS];
    for (int b = 0; b < BINS; b++)
        local[b] = 0;
    for (int k = 0; k < per_thread; k++) {
        int i = t * per_thread + k;
        if (i < n)
            local[data[i] >> 4]++;
    }
    for (int b = 0; b < BINS; b++)
        hist[t * BINS + b] = local[b];
}

__global__ void table_lookup(const int *keys, long long *out, int n, int base)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    long long table[12];
    table[0] = base;
    for (int k = 1; k < 12; k++)
        table[k] = table[k - 1] * 3 + k;
    if (i < n)
        out[i] = table[keys[i] % 12u];
}
