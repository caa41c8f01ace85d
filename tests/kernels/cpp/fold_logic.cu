// Fold expressions over `&&`, `||` and `,` (short-circuiting, with the empty-pack values
// true and false), non-type template parameters whose type is a template parameter
// (`template <class T, T v>`) and `template <auto V>`.
template <class T, T v> struct Constant { static constexpr T value = v; };

template <auto V> __device__ int times3() { return static_cast<int>(V) * 3; }

template <class... B> __device__ bool all_of(B... b) { return (... && b); }
template <class... B> __device__ bool any_of(B... b) { return (b || ...); }

template <class... B> __device__ int count_true(B... b) {
    int c = 0;
    ((c += b ? 1 : 0), ...);
    return c;
}

// Counts how many operands the `&&` fold evaluates before it stops.
template <class... B> __device__ bool all_counted(int& calls, B... b) {
    return ((++calls, b != 0) && ...);
}

__global__ void folds(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int a = in[i], b = in[(i + 1) % n], c = in[(i + 2) % n];
    int r = all_of(a > 0, b > 0, c > 0) * 1 + any_of(a < -50, b < -50, c < -50) * 2 +
            count_true(a & 1, b & 1, c & 1) * 4 + all_of() * 16 + any_of() * 32;
    int calls = 0;
    bool ac = all_counted(calls, a > 0 ? 1 : 0, b > 0 ? 1 : 0, c > 0 ? 1 : 0);
    r += ac * 64 + calls * 128;
    r += Constant<int, 5>::value * 1024 + times3<2>() * 4096 + times3<'\x01'>() * 65536;
    out[i] = r;
}
