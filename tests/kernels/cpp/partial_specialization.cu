// Class template partial specialization: a Packer<T, N> with a general case, a
// specialization for N == 1, and one for pointer types, selected at compile time.
template <typename T, int N>
struct Packer {
    __device__ static long long pack(const T* v) {
        long long r = 0;
        for (int k = 0; k < N; ++k) r = r * 1000 + v[k];
        return r;
    }
};
template <typename T>
struct Packer<T, 1> {
    __device__ static long long pack(const T* v) { return -static_cast<long long>(v[0]); }
};
template <typename T, int N>
struct Packer<T*, N> {
    __device__ static long long pack(T* const* v) { return N * 7; }
};
template <typename T> struct IsPtr { static constexpr bool value = false; };
template <typename T> struct IsPtr<T*> { static constexpr bool value = true; };

__global__ void pack_groups(const int* in, long long* out3, long long* out1, int* flags, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v[3] = {in[3 * i] & 511, in[3 * i + 1] & 511, in[3 * i + 2] & 511};
    out3[i] = Packer<int, 3>::pack(v);
    int* ptrs[2] = {v, v};
    out1[i] = Packer<int, 1>::pack(v) + Packer<int*, 2>::pack(ptrs);
    flags[i] = IsPtr<int*>::value * 2 + IsPtr<int>::value;
}
