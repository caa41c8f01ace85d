// constexpr functions for array bounds, template arguments and local lookup tables
// (binomial coefficients and a compile-time power of two).
__host__ __device__ constexpr int ipow(int b, int e) { return e == 0 ? 1 : b * ipow(b, e - 1); }
__host__ __device__ constexpr int choose(int n, int k) { return k == 0 ? 1 : choose(n - 1, k - 1) * n / k; }
constexpr int ROWS = 10;
static_assert(choose(9, 4) == 126, "binomial");

template <int N>
struct Pow2 { static constexpr int value = ipow(2, N); };

__global__ void binomials(const int* k_in, int* out, int n) {
    constexpr int row[ROWS] = {choose(9, 0), choose(9, 1), choose(9, 2), choose(9, 3), choose(9, 4),
                               choose(9, 5), choose(9, 6), choose(9, 7), choose(9, 8), choose(9, 9)};
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int k = k_in[i] % ROWS;
    if (k < 0) k += ROWS;
    out[i] = row[k] * Pow2<5>::value + ipow(3, 4);
}
