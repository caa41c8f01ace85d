// Inclusive prefix sum of one block (Hillis-Steele, double-buffered in shared memory).
#define SCAN_N 512

__global__ void scan_inclusive(const int *in, int *out, int n)
{
    __shared__ int buf[2][SCAN_N];
    int tid = threadIdx.x;
    int base = blockIdx.x * SCAN_N;
    int cur = 0;
    buf[cur][tid] = base + tid < n ? in[base + tid] : 0;
    __syncthreads();
    for (int offset = 1; offset < SCAN_N; offset <<= 1) {
        int next = 1 - cur;
        int v = buf[cur][tid];
        if (tid >= offset)
            v += buf[cur][tid - offset];
        buf[next][tid] = v;
        cur = next;
        __syncthreads();
    }
    if (base + tid < n)
        out[base + tid] = buf[cur][tid];
}

__global__ void scan_exclusive_serial(const float *in, float *out, int n)
{
    if (blockIdx.x != 0 || threadIdx.x != 0)
        return;
    float running = 0.0f;
    for (int i = 0; i < n; ++i) {
        float v = in[i];
        out[i] = running;
        running += v;
    }
}
