// Surfaces: each thread reads its float and uchar4 texel (x in bytes), writes back a
// function of it, and writes one past the right edge with the clamp and zero boundary modes
// (clamp lands on the last texel of the row, zero is dropped); surf1Dread with the pointer form.
__global__ void surf_rw(cudaSurfaceObject_t f, cudaSurfaceObject_t c, cudaSurfaceObject_t e,
                        float *out) {
    int x = threadIdx.x, y = threadIdx.y;
    float v = surf2Dread<float>(f, x * 4, y);
    surf2Dwrite(v * 2.0f + 1.0f, f, x * 4, y);
    uchar4 p = surf2Dread<uchar4>(c, x * 4, y);
    surf2Dwrite(make_uchar4(p.w, p.z, p.y, p.x), c, x * 4, y);
    int w = blockDim.x;
    out[y * w + x] = v;
    if (x == 0) {
        surf1Dwrite(y + 100, e, (8 + y) * 4, cudaBoundaryModeZero);
        surf1Dwrite(y + 200, e, (y + 1) * 4, cudaBoundaryModeZero);
    }
    __syncthreads();
    if (x == 0 && y == 0) {
        surf1Dwrite(77, e, 100 * 4, cudaBoundaryModeClamp);
        int r;
        surf1Dread(&r, e, 4);
        out[w * blockDim.y] = r;
    }
}
