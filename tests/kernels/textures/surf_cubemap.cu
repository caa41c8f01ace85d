// Cubemap surfaces: a surface with two cubemap layers (twelve 4×4 f32 faces, layer-major).
// Each thread owns texel (x, y) of face f: it reads it from layer 0 (surfCubemapread, both
// forms), writes 2v + 1 to the same texel of layer 1 (surfCubemapLayeredwrite, layerFace
// 6 + f) and 3v to layer 0 (surfCubemapwrite), and reads layer 1 back
// (surfCubemapLayeredread). x is in bytes, as for every surface function.
__global__ void surf_cubemap(cudaSurfaceObject_t s, float *o1, float *o2) {
    int x = threadIdx.x, y = threadIdx.y, f = threadIdx.z;
    int i = (f * 4 + y) * 4 + x;
    float v = surfCubemapread<float>(s, x * 4, y, f);
    float w;
    surfCubemapread(&w, s, x * 4, y, f);
    o1[i] = v + w;
    surfCubemapLayeredwrite(v * 2.0f + 1.0f, s, x * 4, y, 6 + f);
    surfCubemapwrite(v * 3.0f, s, x * 4, y, f);
    o2[i] = surfCubemapLayeredread<float>(s, x * 4, y, 6 + f);
}
