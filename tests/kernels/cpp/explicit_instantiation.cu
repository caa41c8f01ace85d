// A kernel template over element type and block size, explicitly instantiated for several
// combinations (the float/128 form from the CUDA docs); each block scales a tile by BLOCK.
template <typename T, int BLOCK>
__global__ void k(const T* in, T* out, int n) {
    __shared__ T tile[BLOCK];
    int i = blockIdx.x * BLOCK + threadIdx.x;
    tile[threadIdx.x] = i < n ? in[i] : T(0);
    __syncthreads();
    // Reverse within the tile, scaled by the block size (exact for these inputs).
    T v = tile[BLOCK - 1 - threadIdx.x] * T(BLOCK);
    if (i < n) out[i] = v;
}
template __global__ void k<float, 128>(const float*, float*, int);
template __global__ void k<int, 64>(const int*, int*, int);
template __global__ void k<double, 32>(const double*, double*, int);
