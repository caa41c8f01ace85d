// __device__ variables with initializers (scalars and arrays), static device data, and
// volatile accesses that must not be merged or removed.
__device__ int g_offset = 17;
__device__ float g_table[6] = {1.0f, 0.5f, 0.25f, 0.125f, 0.0625f, 0.03125f};
__device__ unsigned long long g_seed = 0x0123456789abcdefULL;
__device__ double g_grid[2][3] = {{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}};
static __device__ int s_hidden[4] = {4, 3, 2, 1};
__device__ int g_results[64];

__global__ void use_globals(float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = g_table[i % 6] * (float)(g_offset + s_hidden[i & 3]) +
                 (float)g_grid[i & 1][i % 3];
}

__global__ void write_globals(int value)
{
    if (threadIdx.x < 64)
        g_results[threadIdx.x] = value + (int)(g_seed & 0xFF) + threadIdx.x;
    if (threadIdx.x == 0 && blockIdx.x == 0)
        g_offset = value;
}

__global__ void volatile_poll(volatile int *flag, int *out, int spins)
{
    int seen = 0;
    for (int k = 0; k < spins; k++)
        seen += *flag; // every iteration reloads
    *flag = seen;
    *flag = seen + 1; // both stores stay
    out[threadIdx.x] = seen;
}
