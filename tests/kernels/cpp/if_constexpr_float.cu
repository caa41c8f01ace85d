// The same if-constexpr encoder, launched on its float instantiation (exact halving), plus
// a sizeof-based branch for 64-bit types.
#include <type_traits>
template <typename T>
__device__ T encode(T x) {
    if constexpr (std::is_integral_v<T>) {
        return x ^ (x >> 1);
    } else if constexpr (sizeof(T) == 8) {
        return x * T(0.25);
    } else {
        return x * T(0.5);
    }
}
template <typename T>
__global__ void encode_all(const T* in, T* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = encode(in[i]);
}
template __global__ void encode_all<float>(const float*, float*, int);
template __global__ void encode_all<double>(const double*, double*, int);
