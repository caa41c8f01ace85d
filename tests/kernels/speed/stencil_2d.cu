// Speed suite: a 9-point star stencil of radius 2 on a w x h grid (zero outside), swept
// `reps` times with the stencil's rows shifted down by r (wrapping) in sweep r; out
// accumulates acc = acc * 0.5 + stencil. Halo loads at +-1 and +-2 in both directions are
// the addressing the issue's stencil outliers were about.
__device__ float at(const float* __restrict__ in, int x, int y, int w, int h) {
    return (x >= 0 && x < w && y >= 0 && y < h) ? in[y * w + x] : 0.0f;
}

__global__ void stencil_2d(const float* __restrict__ in, float* __restrict__ out, int w, int h,
                           int reps) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float acc = 0.0f;
    int yy = y;
    for (int r = 0; r < reps; r++) {
        float c = at(in, x, yy, w, h);
        float n1 = at(in, x, yy - 1, w, h) + at(in, x, yy + 1, w, h);
        float e1 = at(in, x - 1, yy, w, h) + at(in, x + 1, yy, w, h);
        float n2 = at(in, x, yy - 2, w, h) + at(in, x, yy + 2, w, h);
        float e2 = at(in, x - 2, yy, w, h) + at(in, x + 2, yy, w, h);
        float s = 0.5f * c + 0.25f * (n1 + e1) - 0.125f * (n2 + e2);
        acc = acc * 0.5f + s;
        yy = yy + 1 == h ? 0 : yy + 1;
    }
    out[y * w + x] = acc;
}
