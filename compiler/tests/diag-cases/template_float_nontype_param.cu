// expect: 3: floating-point template parameter is nonstandard
// (nvcc, C++17: a float non-type template parameter; the call is an error too.)
template <float F> __device__ float scale(float x) { return x * F; }
__global__ void k(float* o) { o[0] = scale<2.0f>(o[1]); }
