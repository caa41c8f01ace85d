// A saturating conversion template built on a limits trait (explicit specializations with
// static constexpr members; std::numeric_limits is host-only without relaxed constexpr) and
// std type traits, used to narrow int to signed char, unsigned char and short.
#include <type_traits>
template <typename T> struct Limits;
template <> struct Limits<signed char> { static constexpr int lo = -128, hi = 127; };
template <> struct Limits<unsigned char> { static constexpr int lo = 0, hi = 255; };
template <> struct Limits<short> { static constexpr int lo = -32768, hi = 32767; };
template <typename To, typename From>
__device__ To saturate_cast(From v) {
    static_assert(std::is_integral<To>::value && std::is_integral<From>::value, "integers only");
    using Wide = long long;
    constexpr Wide lo = static_cast<Wide>(Limits<To>::lo);
    constexpr Wide hi = static_cast<Wide>(Limits<To>::hi);
    Wide w = static_cast<Wide>(v);
    return static_cast<To>(w < lo ? lo : (w > hi ? hi : w));
}

__global__ void narrow(const int* in, signed char* s8, unsigned char* u8, short* s16, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    s8[i] = saturate_cast<signed char>(in[i]);
    u8[i] = saturate_cast<unsigned char>(in[i]);
    s16[i] = saturate_cast<short>(in[i] * 3);
}
