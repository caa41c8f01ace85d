// `std::initializer_list` objects and `decltype(auto)`: a 3-tap stencil whose weights are
// `auto w = {…}` (an initializer_list<float>), helpers taking initializer_list parameters
// called with braced lists, range-for over them; a view class whose accessor returns
// `decltype(auto)` of a parenthesized element (a reference, so `v.at(i) += …` writes) and a
// forwarding function template returning `decltype(auto)`.
#include <initializer_list>

__device__ float max_of(std::initializer_list<float> xs) {
    float m = *xs.begin();
    for (float x : xs)
        m = x > m ? x : m;
    return m;
}

__device__ int count_positive(std::initializer_list<int> xs) {
    int n = 0;
    for (auto x : xs)
        n += x > 0;
    return n;
}

template <class T>
struct View {
    T *data;
    int n;
    __device__ decltype(auto) at(int i) { return (data[i < 0 ? 0 : (i >= n ? n - 1 : i)]); }
    __device__ decltype(auto) size() const { return n; }
};

template <class T>
__device__ __noinline__ decltype(auto) pass(T &&t) {
    return static_cast<T &&>(t);
}

__global__ void init_list_decltype(const float *in, float *out, int *flags, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    View<const float> src{in, n};
    auto w = {0.25f, 0.5f, 0.25f};
    float acc = 0.0f;
    int k = -1;
    for (float wk : w)
        acc += wk * src.at(i + k++);
    decltype(auto) len = w.size();
    View<float> dst{out, n};
    dst.at(i) = acc;
    dst.at(i) += max_of({src.at(i - 1), src.at(i), src.at(i + 1)}) * static_cast<float>(len - 1);
    decltype(auto) self = pass(dst.at(i));
    self *= 0.5f;
    flags[i] = count_positive({static_cast<int>(src.at(i - 1)), static_cast<int>(src.at(i)),
                               static_cast<int>(src.at(i + 1))}) +
               10 * src.size();
}
