// A lambda capturing locals by value ([=]) applied to every element of a grid-stride loop.
__global__ void scale_offset(const int* in, int* out, int n, int scale, int offset) {
    int bias = static_cast<int>(blockIdx.x);
    auto f = [=](int x) { return x * scale + offset + bias; };
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        out[i] = f(in[i]);
}
