// Bilinear filtering: a uchar4 image read as normalized floats (clamp), and a float image
// with wrap addressing and normalized coordinates, sampled between texel centres.
__global__ void tex2d_linear(cudaTextureObject_t rgba, cudaTextureObject_t f, float4 *o4,
                             float *o1) {
    int tx = threadIdx.x, ty = threadIdx.y;
    int i = ty * blockDim.x + tx;
    float x = tx * 0.37f - 1.0f;
    float y = ty * 0.61f - 0.5f;
    o4[i] = tex2D<float4>(rgba, x, y);
    o1[i] = tex2D<float>(f, x / 5.0f, y / 3.0f);
}
