// Range-based for over a local array, over a braced initializer list, and over a small
// container class with begin()/end().
#include <initializer_list>
template <typename T, int N>
struct SmallArray {
    T data[N];
    __device__ T* begin() { return data; }
    __device__ T* end() { return data + N; }
    __device__ const T* begin() const { return data; }
    __device__ const T* end() const { return data + N; }
};

__global__ void range_sums(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    SmallArray<int, 5> arr;
    int k = 0;
    for (int& v : arr) v = in[(5 * i + k++) % n];
    int local[3] = {1, 2, 3};
    int acc = 0;
    for (int v : arr) acc += v;
    for (const int w : local) acc = acc * 2 + w;
    for (int m : {7, 11, 13}) acc ^= m * i;
    out[i] = acc;
}
