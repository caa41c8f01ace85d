// texCubemap<float>: directions whose major axis picks each of the six faces; the faces are
// 4x4 layers of the image, sampled at the normalized (s/|m| + 1)/2, (t/|m| + 1)/2.
__global__ void tex_cubemap(cudaTextureObject_t cube, float *o) {
    int i = threadIdx.x;
    float x = (i % 7) - 3.1f;
    float y = (i % 5) - 2.2f;
    float z = (i % 3) - 1.3f;
    o[i] = texCubemap<float>(cube, x, y, z);
}
