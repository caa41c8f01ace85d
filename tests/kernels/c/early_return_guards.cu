// Early returns from kernels and device functions, and long if/else-if chains.
__device__ int classify(int v)
{
    if (v < 0)
        return -1;
    if (v == 0)
        return 0;
    if (v < 10)
        return 1;
    else if (v < 100)
        return 2;
    else if (v < 1000)
        return 3;
    return 4;
}

__global__ void classify_all(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    if (in[i] == -12345) {
        out[i] = 99;
        return;
    }
    out[i] = classify(in[i]);
}

__global__ void nested_guards(const float *a, float *b, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w) {
        if (y < h) {
            float v = a[y * w + x];
            if (v != v) { // NaN
                b[y * w + x] = 0.0f;
                return;
            }
            if (v > 1.0f)
                v = 1.0f;
            else if (v < -1.0f)
                v = -1.0f;
            else {
                b[y * w + x] = v * v;
                return;
            }
            b[y * w + x] = v;
        }
    }
}
