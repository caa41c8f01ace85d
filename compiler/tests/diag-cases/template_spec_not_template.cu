// expect: 2: nf is not a template
template <> __device__ float nf<float>(float x) { return x * 2; }
