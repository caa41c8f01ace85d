// A span class with a nested iterator type (operator*, operator++, operator!=) used in
// range-for loops, plus decltype and a using alias for the element type.
template <typename T>
class Span {
public:
    using value_type = T;
    class iterator {
    public:
        __device__ explicit iterator(T* p, int stride) : p_(p), stride_(stride) {}
        __device__ T& operator*() const { return *p_; }
        __device__ iterator& operator++() { p_ += stride_; return *this; }
        __device__ bool operator!=(const iterator& o) const { return p_ != o.p_; }
    private:
        T* p_;
        int stride_;
    };
    __device__ Span(T* p, int count, int stride) : p_(p), count_(count), stride_(stride) {}
    __device__ iterator begin() const { return iterator(p_, stride_); }
    __device__ iterator end() const { return iterator(p_ + count_ * stride_, stride_); }
private:
    T* p_;
    int count_, stride_;
};

__global__ void column_sums(int* m, int* out, int rows, int cols) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= cols) return;
    Span<int> column(m + c, rows, cols);
    using Elem = decltype(column)::value_type;
    Elem sum = 0, weighted = 0, r = 0;
    for (auto& v : column) { sum += v; weighted += v * ++r; }
    for (auto& v : column) v -= 1;
    out[c] = sum * 7 + weighted;
}
