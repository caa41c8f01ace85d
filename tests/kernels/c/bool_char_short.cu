// bool, char and short values and parameters; && and || short-circuit (guarding loads).
__device__ bool in_range(int v, int lo, int hi)
{
    return v >= lo && v <= hi;
}

__global__ void flags_from_values(const int *v, bool *flags, int n, bool invert)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        bool f = in_range(v[i], -10, 10) || v[i] == 1000;
        flags[i] = invert ? !f : f;
    }
}

__global__ void guarded_load(const int *maybe, const int *index, int *out, int n, int limit)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    // The loads on the right of && must only happen when the left side holds.
    if (i < n && maybe != 0 && index[i] >= 0 && index[i] < limit && maybe[index[i]] > 0)
        out[i] = 1;
    else if (i < n)
        out[i] = 0;
}

__global__ void small_types(const char *c, const short *s, const unsigned short *us,
                           short *out_s, char *out_c, unsigned char bias, short scale, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        short t = (short)(s[i] * scale + us[i]);
        out_s[i] = t;
        out_c[i] = (char)(c[i] + bias);
    }
}

__global__ void count_true(const bool *flags, int *count, int n)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        int k = 0;
        for (int i = 0; i < n; i++)
            k += flags[i];
        *count = k;
    }
}
