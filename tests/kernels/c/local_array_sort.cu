// Per-thread local arrays indexed dynamically (they live in local memory): insertion sort
// and a median of a small window.
#define WINDOW 9

__global__ void sort8_per_thread(const int *in, int *out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t * 8 + 7 >= n)
        return;
    int v[8];
    for (int i = 0; i < 8; i++)
        v[i] = in[t * 8 + i];
    for (int i = 1; i < 8; i++) {
        int key = v[i];
        int j = i - 1;
        while (j >= 0 && v[j] > key) {
            v[j + 1] = v[j];
            j--;
        }
        v[j + 1] = key;
    }
    for (int i = 0; i < 8; i++)
        out[t * 8 + i] = v[i];
}

__global__ void median_filter_1d(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float w[WINDOW];
    for (int k = 0; k < WINDOW; k++) {
        int src = i + k - WINDOW / 2;
        src = src < 0 ? 0 : (src >= n ? n - 1 : src);
        w[k] = in[src];
    }
    for (int a = 0; a <= WINDOW / 2; a++) {
        int m = a;
        for (int b = a + 1; b < WINDOW; b++)
            if (w[b] < w[m])
                m = b;
        float tmp = w[a];
        w[a] = w[m];
        w[m] = tmp;
    }
    out[i] = w[WINDOW / 2];
}
