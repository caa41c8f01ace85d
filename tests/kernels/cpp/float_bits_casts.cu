// C++ casts on float bit patterns: reinterpret_cast and __float_as_uint/__uint_as_float to
// split and rebuild floats, const_cast on a read-only view, static_cast between widths.
__device__ unsigned exponent_of(const float& f) {
    return (*reinterpret_cast<const unsigned*>(&f) >> 23) & 0xFF;
}
__global__ void float_bits(const float* in, unsigned* exps, float* rebuilt, long long* widened, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float* view = in;
    float* writable = const_cast<float*>(view);
    (void)writable;
    float f = view[i];
    unsigned bits = __float_as_uint(f);
    exps[i] = exponent_of(f);
    rebuilt[i] = __uint_as_float((bits & 0x807FFFFFu) | (127u << 23));
    widened[i] = static_cast<long long>(static_cast<int>(bits)) << 3;
}
