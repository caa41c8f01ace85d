// A Q16.16 fixed-point class with arithmetic and comparison operators (64-bit intermediate
// for multiply and divide), evaluating a small expression per element.
class Fixed {
public:
    static constexpr int kFrac = 16;
    __device__ static Fixed from_raw(int r) { Fixed f; f.raw_ = r; return f; }
    __device__ static Fixed from_int(int v) { return from_raw(v * (1 << kFrac)); }
    __device__ Fixed operator+(Fixed o) const { return from_raw(raw_ + o.raw_); }
    __device__ Fixed operator-(Fixed o) const { return from_raw(raw_ - o.raw_); }
    __device__ Fixed operator*(Fixed o) const {
        return from_raw(static_cast<int>((static_cast<long long>(raw_) * o.raw_) >> kFrac));
    }
    __device__ Fixed operator/(Fixed o) const {
        return from_raw(static_cast<int>((static_cast<long long>(raw_) << kFrac) / o.raw_));
    }
    __device__ bool operator<(Fixed o) const { return raw_ < o.raw_; }
    __device__ int raw() const { return raw_; }
private:
    int raw_ = 0;
};

__global__ void fixed_eval(const int* a, const int* b, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Fixed x = Fixed::from_raw(a[i]), y = Fixed::from_raw(b[i]);
    Fixed one = Fixed::from_int(1);
    Fixed d = y < one ? one : y;
    out[i] = ((x * y + one) / d - x).raw();
}
