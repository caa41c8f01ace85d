// 5-point Jacobi step on a w x h float grid; the border is copied.
__global__ void stencil_2d(const float *in, float *out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int i = y * w + x;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) { out[i] = in[i]; return; }
    out[i] = 0.25f * (in[i - 1] + in[i + 1] + in[i - w] + in[i + w]);
}
