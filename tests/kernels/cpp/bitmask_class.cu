// A 64-bit bitmask value class with overloaded bitwise, shift, comparison and unary
// operators, and a popcount member (maps to popc.b64).
class Mask64 {
public:
    __device__ constexpr Mask64(unsigned long long b = 0) : bits_(b) {}
    __device__ Mask64 operator|(Mask64 o) const { return Mask64(bits_ | o.bits_); }
    __device__ Mask64 operator&(Mask64 o) const { return Mask64(bits_ & o.bits_); }
    __device__ Mask64 operator~() const { return Mask64(~bits_); }
    __device__ Mask64 operator<<(int s) const { return Mask64(bits_ << s); }
    __device__ Mask64& operator^=(Mask64 o) { bits_ ^= o.bits_; return *this; }
    __device__ bool operator==(Mask64 o) const { return bits_ == o.bits_; }
    __device__ explicit operator bool() const { return bits_ != 0; }
    __device__ int count() const { return __popcll(bits_); }
    __device__ unsigned long long raw() const { return bits_; }
private:
    unsigned long long bits_;
};

__global__ void masks(const unsigned long long* a, const unsigned long long* b,
                      unsigned long long* out, int* counts, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Mask64 x(a[i]), y(b[i]);
    Mask64 m = (x & ~y) | (y << (i & 63));
    m ^= Mask64(0xF0F0F0F0F0F0F0F0ull);
    out[i] = m.raw();
    counts[i] = m.count() + (m == x ? 100 : 0) + (static_cast<bool>(x & y) ? 1000 : 0);
}
