// tex1Dfetch<T> on a linear 1D texture: float and int elements, indices past both ends
// read zero; also the pointer form.
__global__ void tex1d_fetch(cudaTextureObject_t tf, cudaTextureObject_t ti, float *of, int *oi) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    of[i] = tex1Dfetch<float>(tf, i - 8);
    int v;
    tex1Dfetch(&v, ti, i - 8);
    oi[i] = v;
}
