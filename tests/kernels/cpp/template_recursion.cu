// Compile-time recursion: a template-recursive static_for that unrolls a polynomial
// evaluation (Horner) with coefficients from a constexpr array, and a recursive Factorial.
template <int N> struct Factorial { static constexpr long long value = N * Factorial<N - 1>::value; };
template <> struct Factorial<0> { static constexpr long long value = 1; };

__device__ constexpr int kCoeffs[6] = {3, -1, 4, 1, -5, 9};

template <int I, int END>
struct Horner {
    __device__ static long long eval(long long x, long long acc) {
        return Horner<I + 1, END>::eval(x, acc * x + kCoeffs[I]);
    }
};
template <int END>
struct Horner<END, END> {
    __device__ static long long eval(long long, long long acc) { return acc; }
};

__global__ void poly(const int* x, long long* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = Horner<0, 6>::eval(x[i], 0) + Factorial<12>::value;
}
