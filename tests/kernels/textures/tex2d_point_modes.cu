// tex2D<float4> with point filtering and normalized coordinates under each address mode
// (clamp, border, wrap, mirror): each thread samples one texel centre of a 3x-wide window
// around a 8x4 image, so every mode's out-of-range mapping is exercised.
__global__ void tex2d_point_modes(cudaTextureObject_t clamp, cudaTextureObject_t border,
                                  cudaTextureObject_t wrap, cudaTextureObject_t mirror,
                                  float4 *out) {
    int tx = threadIdx.x, ty = threadIdx.y;
    int i = ty * blockDim.x + tx;
    float x = (tx - 8 + 0.5f) / 8.0f;
    float y = (ty - 4 + 0.5f) / 4.0f;
    int n = blockDim.x * blockDim.y;
    out[i] = tex2D<float4>(clamp, x, y);
    out[n + i] = tex2D<float4>(border, x, y);
    out[2 * n + i] = tex2D<float4>(wrap, x, y);
    out[3 * n + i] = tex2D<float4>(mirror, x, y);
}
