// Default arguments on device functions and on a constructor.
struct Range {
    int lo, hi;
    __device__ Range(int lo_ = 0, int hi_ = 255) : lo(lo_), hi(hi_) {}
    __device__ int clamp(int v) const { return v < lo ? lo : (v > hi ? hi : v); }
};
__device__ int quantize(int v, int step = 16, int bias = 0) { return (v / step) * step + bias; }

__global__ void quantize_all(const int* in, int* a, int* b, int* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Range full;
    Range narrow(10);
    Range custom(-50, 50);
    a[i] = quantize(full.clamp(in[i]));
    b[i] = quantize(narrow.clamp(in[i]), 10);
    c[i] = quantize(custom.clamp(in[i]), 7, 3);
}
