// Every dimension × address mode × filter mode in one sweep: tex1D, tex2D and tex3D<float>
// with normalized coordinates on clamp, border, wrap and mirror images, each with point and
// linear filtering (24 texture objects, in that order: dimension, mode, filter). Thread i
// samples at u = (i - 16 + 0.3) / 8, v = (i % 12 - 4 + 0.6) / 4, w = (i % 7 - 2 + 0.45) / 2
// (the additions in f32; the divisions are exact), which reaches each mode's
// out-of-range mapping on both sides.
#define N 48

__device__ float coord(int k, float frac, float scale) { return ((float)k + frac) * scale; }

__global__ void tex_modes_sweep(cudaTextureObject_t t0,
                                cudaTextureObject_t t1,
                                cudaTextureObject_t t2,
                                cudaTextureObject_t t3,
                                cudaTextureObject_t t4,
                                cudaTextureObject_t t5,
                                cudaTextureObject_t t6,
                                cudaTextureObject_t t7,
                                cudaTextureObject_t t8,
                                cudaTextureObject_t t9,
                                cudaTextureObject_t t10,
                                cudaTextureObject_t t11,
                                cudaTextureObject_t t12,
                                cudaTextureObject_t t13,
                                cudaTextureObject_t t14,
                                cudaTextureObject_t t15,
                                cudaTextureObject_t t16,
                                cudaTextureObject_t t17,
                                cudaTextureObject_t t18,
                                cudaTextureObject_t t19,
                                cudaTextureObject_t t20,
                                cudaTextureObject_t t21,
                                cudaTextureObject_t t22,
                                cudaTextureObject_t t23,
                                float *out) {
    const cudaTextureObject_t tex[24] = {t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15, t16, t17, t18, t19, t20, t21, t22, t23};
    int i = threadIdx.x;
    float u = coord(i - 16, 0.3f, 0.125f);
    float v = coord(i % 12 - 4, 0.6f, 0.25f);
    float w = coord(i % 7 - 2, 0.45f, 0.5f);
    for (int k = 0; k < 8; k++) {
        out[k * N + i] = tex1D<float>(tex[k], u);
        out[(8 + k) * N + i] = tex2D<float>(tex[8 + k], u, v);
        out[(16 + k) * N + i] = tex3D<float>(tex[16 + k], u, v, w);
    }
}
