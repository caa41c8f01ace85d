// Mipmapped textures: an 8×4 f32 image with four levels (8×4, 4×2, 2×1, 1×1; normalized
// coordinates, point sampling, clamp), read by tex2DLod<float> at levels of detail from -0.4
// to 2.75, once with the nearest-level mipmap filter (`mp`) and once with the linear one
// (`ml`, blending the two levels around the level of detail); `txq.num_mipmap_levels`
// through inline PTX (CUDA has no function for it).
__global__ void tex_mipmap(cudaTextureObject_t mp, cudaTextureObject_t ml, float *op,
                           float *ol, int *levels) {
    int i = threadIdx.x;
    float u = ((i % 8) + 0.3f) / 8.0f;
    float v = (((i / 8) % 4) + 0.6f) / 4.0f;
    float lod = (i / 32) * 0.45f - 0.4f;
    op[i] = tex2DLod<float>(mp, u, v, lod);
    ol[i] = tex2DLod<float>(ml, u, v, lod);
    if (i == 0) {
        int n;
        asm("txq.num_mipmap_levels.b32 %0, [%1];" : "=r"(n) : "l"(mp));
        levels[0] = n;
    }
}
