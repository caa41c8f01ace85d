// The level-of-detail and gradient fetches (tex1DLod, tex2DLod, tex3DLod, tex2DGrad,
// tex2DLayeredLod) on textures without mipmaps, where level 0 is the only level, so each
// equals the plain fetch at the same coordinates; and 3D and layered 2D surfaces: each
// thread reads its float texel (x in bytes), writes back 3v - 1, and the layered surface's
// texel of layer z gets v + z.
__global__ void tex_lod_surf3d(cudaTextureObject_t t1, cudaTextureObject_t t2,
                               cudaTextureObject_t tg, cudaTextureObject_t t3,
                               cudaTextureObject_t tl,
                               cudaSurfaceObject_t s3, cudaSurfaceObject_t sl, float *o1,
                               float4 *o2, float *og, float *o3, float *ol, float *os) {
    int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    int i = (tz * blockDim.y + ty) * blockDim.x + tx;
    float x = tx * 0.8f - 0.5f, y = ty * 0.7f + 0.2f, z = tz * 0.6f + 0.1f;
    o1[i] = tex1DLod<float>(t1, x * 2.0f, 0.0f);
    o2[i] = tex2DLod<float4>(t2, x, y, 1.5f);
    og[i] = tex2DGrad<float>(tg, x, y, make_float2(0.5f, 0.0f), make_float2(0.0f, 0.5f));
    o3[i] = tex3DLod<float>(t3, x, y, z, 0.0f);
    ol[i] = tex2DLayeredLod<float>(tl, x, y, tz, 0.0f);
    float v = surf3Dread<float>(s3, tx * 4, ty, tz);
    surf3Dwrite(3.0f * v - 1.0f, s3, tx * 4, ty, tz);
    surf2DLayeredwrite(v + tz, sl, tx * 4, ty, tz);
    os[i] = surf2DLayeredread<float>(sl, tx * 4, ty, tz);
}
