// tex3D<float> with trilinear filtering (clamp), and tex2DLayered / tex1DLayered with point
// filtering: the layer index selects the slice, clamped to the layers there are.
__global__ void tex3d_layered(cudaTextureObject_t vol, cudaTextureObject_t lay2,
                              cudaTextureObject_t lay1, float *o3, float *o2, int *o1) {
    int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    int i = (tz * blockDim.y + ty) * blockDim.x + tx;
    o3[i] = tex3D<float>(vol, tx * 0.7f - 0.3f, ty * 0.45f, tz * 0.9f + 0.1f);
    o2[i] = tex2DLayered<float>(lay2, tx + 0.25f, ty + 0.75f, tz);
    o1[i] = tex1DLayered<int>(lay1, tx * 1.5f, tz - 1);
}
