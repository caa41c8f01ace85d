// Pseudo-random generators: xorshift32, xorshift64*, an LCG, and integer-to-float mapping.
__device__ unsigned int xorshift32(unsigned int x)
{
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return x;
}

__device__ unsigned long long xorshift64star(unsigned long long *state)
{
    unsigned long long x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 2685821657736338717ULL;
}

__global__ void uniform_floats(float *out, unsigned int seed, int count_per_thread)
{
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int s = seed ^ (tid * 747796405u + 2891336453u);
    if (s == 0)
        s = 1;
    for (int k = 0; k < count_per_thread; k++) {
        s = xorshift32(s);
        // 24 high bits -> [0, 1)
        out[tid * count_per_thread + k] = (float)(s >> 8) * (1.0f / 16777216.0f);
    }
}

__global__ void uniform_doubles(double *out, unsigned long long seed, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= n)
        return;
    unsigned long long state = seed + (unsigned long long)tid * 0x9E3779B97F4A7C15ULL;
    state |= 1;
    unsigned long long r = xorshift64star(&state);
    out[tid] = (double)(r >> 11) * (1.0 / 9007199254740992.0);
}

__global__ void lcg_ints(int *out, int n, int modulus)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        unsigned int x = (unsigned int)tid;
        for (int k = 0; k < 4; k++)
            x = 1664525u * x + 1013904223u;
        out[tid] = (int)(x % (unsigned int)modulus);
    }
}
