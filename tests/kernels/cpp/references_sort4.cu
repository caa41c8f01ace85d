// References: a templated swap and compare-exchange on T&, a const-reference accessor, and
// a reference out-parameter; each thread sorts 4 values with a sorting network.
template <typename T>
__device__ void swap_values(T& a, T& b) { T t = a; a = b; b = t; }
template <typename T>
__device__ void cmpx(T& a, T& b) { if (b < a) swap_values(a, b); }
__device__ const int& pick(const int& a, const int& b, bool first) { return first ? a : b; }
__device__ void minmax(const int (&v)[4], int& lo, int& hi) { lo = v[0]; hi = v[3]; }

__global__ void sort4(const int* in, int* out, int* range, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v[4] = {in[4 * i], in[4 * i + 1], in[4 * i + 2], in[4 * i + 3]};
    cmpx(v[0], v[1]); cmpx(v[2], v[3]);
    cmpx(v[0], v[2]); cmpx(v[1], v[3]);
    cmpx(v[1], v[2]);
    for (int k = 0; k < 4; ++k) out[4 * i + k] = v[k];
    int lo, hi;
    minmax(v, lo, hi);
    int& spread = range[i];
    spread = hi - lo + pick(lo, hi, (i & 1) != 0);
}
