// tex2Dgather<float4> of components 0 and 2 (PTX tld4.r / tld4.b), integer element reads
// (tex2D<int>, tex2D<short2>) and a signed-char image read as normalized floats.
__global__ void tex_gather_int(cudaTextureObject_t f4, cudaTextureObject_t s2,
                               cudaTextureObject_t c1, float4 *g, int *oi, float *on) {
    int tx = threadIdx.x, ty = threadIdx.y;
    int i = ty * blockDim.x + tx;
    int n = blockDim.x * blockDim.y;
    float x = tx * 0.8f, y = ty * 0.6f;
    g[i] = tex2Dgather<float4>(f4, x, y, 0);
    g[n + i] = tex2Dgather<float4>(f4, x, y, 2);
    short2 s = tex2D<short2>(s2, x, y);
    oi[i] = s.x;
    oi[n + i] = s.y;
    oi[2 * n + i] = tex2D<int>(s2, x, y);
    on[i] = tex2D<float>(c1, x, y);
}
