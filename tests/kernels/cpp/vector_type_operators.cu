// User-defined operators on CUDA's built-in vector types (int2, int4): free operator+ and
// operator* overloads and a dot product, with int4 loads.
__device__ int2 operator+(int2 a, int2 b) { return make_int2(a.x + b.x, a.y + b.y); }
__device__ int2 operator*(int s, int2 a) { return make_int2(s * a.x, s * a.y); }
__device__ int dot(int4 a, int4 b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }

__global__ void vec_ops(const int4* a, const int4* b, int2* out2, int* dots, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int4 x = a[i], y = b[i];
    int2 lo = make_int2(x.x, x.y), hi = make_int2(y.z, y.w);
    out2[i] = 3 * lo + hi;
    dots[i] = dot(x, y);
}
