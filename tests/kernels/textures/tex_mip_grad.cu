// tex2DGrad on a mipmapped texture: the 8×4 f32 image with four levels of tex_mipmap.cu
// (normalized coordinates, point sampling, nearest-level mipmap filter), read with
// axis-aligned gradients whose footprint is 2^k texels: k = -1 … 4 with the x and y
// gradients equal, k = 2 and 3 with one of them 2^k texels and the other smaller. The level
// of detail (log2 of the longer gradient in texels) is then exact, and the level read does
// not depend on how a GPU rounds it.
__global__ void tex_mip_grad(cudaTextureObject_t mp, float *og) {
    int i = threadIdx.x;
    float u = ((i % 8) + 0.3f) / 8.0f;
    float v = (((i / 8) % 4) + 0.6f) / 4.0f;
    int k = i < 192 ? i / 32 - 1 : i < 224 ? 2 : 3;
    float texels = k < 0 ? 0.5f : (float)(1 << k);
    float gx = texels / 8.0f, gy = texels / 4.0f;
    float2 dx, dy;
    if (i < 192) {
        dx = make_float2(gx, 0.0f);
        dy = make_float2(0.0f, gy);
    } else if (i < 224) {
        dx = make_float2(gx, 0.0f);
        dy = make_float2(0.0f, gy / 4.0f);
    } else {
        dx = make_float2(gx / 2.0f, 0.0f);
        dy = make_float2(0.0f, gy);
    }
    og[i] = tex2DGrad<float>(mp, u, v, dx, dy);
}
