// SFINAE with std::enable_if: absolute difference chosen for signed, unsigned and floating
// types by overloads that drop out of the candidate set.
#include <type_traits>
template <typename T, typename std::enable_if<std::is_integral<T>::value && std::is_signed<T>::value, int>::type = 0>
__device__ T absdiff(T a, T b) { return a > b ? a - b : b - a; }
template <typename T, typename std::enable_if<std::is_unsigned<T>::value, int>::type = 0>
__device__ T absdiff(T a, T b) { return (a > b ? a - b : b - a) | 1u; }
template <typename T>
__device__ typename std::enable_if<std::is_floating_point<T>::value, T>::type absdiff(T a, T b) {
    return fabs(a - b);
}

__global__ void diffs(const int* a, const int* b, int* di, unsigned* du, float* df, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    di[i] = absdiff(a[i], b[i]);
    du[i] = absdiff(static_cast<unsigned>(a[i]), static_cast<unsigned>(b[i]));
    df[i] = absdiff(static_cast<float>(a[i]) * 0.5f, static_cast<float>(b[i]));
}
