// Lambdas passed as functors to a device function template (a strided for_each), one of
// them capturing a pointer by value and mutating through it.
template <typename F>
__device__ void for_each_strided(int n, F f) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) f(i);
}
__global__ void fill_and_square(int* out, int n, int base) {
    for_each_strided(n, [=](int i) { out[i] = base + i; });
    for_each_strided(n, [out](int i) { out[i] = out[i] * out[i] - i; });
}
