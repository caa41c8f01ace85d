// Half-float texture channels and layered cubemaps. `h` is a two-channel f16 image
// (cudaChannelFormatKindFloat, 16 bits): tex2D<float2> reads each channel as the f32 of the
// half, point-sampled (`hp`) and bilinearly filtered (`hl`); `cl` is a cubemap with two
// layers (twelve faces, layer-major): texCubemapLayered<float> picks layer L's face by the
// direction's major axis, as texCubemap does for one.
__global__ void tex_half_cube_layered(cudaTextureObject_t hp, cudaTextureObject_t hl,
                                      cudaTextureObject_t cl, float2 *op, float2 *ol,
                                      float *oc) {
    int i = threadIdx.x;
    float x = (i % 16) * 0.37f - 1.0f;
    float y = (i / 16) * 0.61f - 0.5f;
    op[i] = tex2D<float2>(hp, x, y);
    ol[i] = tex2D<float2>(hl, x, y);
    float cx = (i % 7) - 3.1f, cy = (i % 5) - 2.2f, cz = (i % 3) - 1.3f;
    oc[i] = texCubemapLayered<float>(cl, cx, cy, cz, i & 1);
}
