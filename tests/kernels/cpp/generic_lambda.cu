// A generic lambda (auto parameters) used at two types, and a lambda returned from a device
// function template.
template <typename T>
__device__ auto make_mixer(T k) {
    return [k](auto a, auto b) { return (a ^ b) * k + (a & b); };
}
__global__ void mix(const unsigned* a, const int* b, unsigned* out_u, long long* out_l, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    auto m = make_mixer(3u);
    auto sq = [](auto x) { return x * x; };
    out_u[i] = m(a[i], static_cast<unsigned>(b[i]));
    out_l[i] = sq(static_cast<long long>(b[i])) + sq(static_cast<int>(a[i] & 0xff));
}
