// Variadic templates: a recursive sum, a fold expression, sizeof... for the mean, and a
// pack forwarded through a helper.
template <typename T>
__device__ T vsum(T x) { return x; }
template <typename T, typename... Rest>
__device__ T vsum(T x, Rest... rest) { return x + vsum(rest...); }
template <typename... Ts>
__device__ int count_args(Ts...) { return static_cast<int>(sizeof...(Ts)); }
template <typename... Ts>
__device__ long long xor_fold(Ts... xs) { return (0LL ^ ... ^ static_cast<long long>(xs)); }
template <typename... Ts>
__device__ int mean(Ts... xs) { return (xs + ...) / static_cast<int>(sizeof...(xs)); }

__global__ void packs(const int* a, int* sums, int* means, long long* xors, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = a[i], y = a[(i + 1) % n], z = a[(i + 2) % n];
    sums[i] = vsum(x, y, z, 7) * count_args(x, y, z, 1, 2);
    means[i] = mean(x, y, z, i);
    xors[i] = xor_fold(x, y, 123456789012LL, z);
}
