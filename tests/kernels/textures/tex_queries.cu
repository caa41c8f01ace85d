// txq and suq (no CUDA function reaches them, so code writes them as inline PTX): the
// width, height and depth in elements and the number of layers of 1D, 2D, 3D and layered
// texture objects, and of 2D, 3D and layered surface objects.
__device__ unsigned txq_width(cudaTextureObject_t t) {
    unsigned r;
    asm("txq.width.b32 %0, [%1];" : "=r"(r) : "l"(t));
    return r;
}

__device__ unsigned txq_height(cudaTextureObject_t t) {
    unsigned r;
    asm("txq.height.b32 %0, [%1];" : "=r"(r) : "l"(t));
    return r;
}

__device__ unsigned txq_depth(cudaTextureObject_t t) {
    unsigned r;
    asm("txq.depth.b32 %0, [%1];" : "=r"(r) : "l"(t));
    return r;
}

__device__ unsigned txq_layers(cudaTextureObject_t t) {
    unsigned r;
    asm("txq.array_size.b32 %0, [%1];" : "=r"(r) : "l"(t));
    return r;
}

__global__ void tex_queries(cudaTextureObject_t t1, cudaTextureObject_t t2,
                            cudaTextureObject_t t3, cudaTextureObject_t tl,
                            cudaSurfaceObject_t s2, cudaSurfaceObject_t s3,
                            cudaSurfaceObject_t sl, unsigned *out) {
    out[0] = txq_width(t1);
    out[1] = txq_width(t2);
    out[2] = txq_height(t2);
    out[3] = txq_width(t3);
    out[4] = txq_height(t3);
    out[5] = txq_depth(t3);
    out[6] = txq_width(tl);
    out[7] = txq_height(tl);
    out[8] = txq_layers(tl);
    unsigned w, h, d, n;
    asm("suq.width.b32 %0, [%1];" : "=r"(w) : "l"(s2));
    asm("suq.height.b32 %0, [%1];" : "=r"(h) : "l"(s2));
    out[9] = w;
    out[10] = h;
    asm("suq.width.b32 %0, [%1];" : "=r"(w) : "l"(s3));
    asm("suq.height.b32 %0, [%1];" : "=r"(h) : "l"(s3));
    asm("suq.depth.b32 %0, [%1];" : "=r"(d) : "l"(s3));
    out[11] = w;
    out[12] = h;
    out[13] = d;
    asm("suq.width.b32 %0, [%1];" : "=r"(w) : "l"(sl));
    asm("suq.array_size.b32 %0, [%1];" : "=r"(n) : "l"(sl));
    out[14] = w;
    out[15] = n;
}
