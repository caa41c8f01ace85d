// expect: 4: no instance of function template "k" matches the specified type
template <typename T, int N>
__global__ void k(T* p) { p[0] = N; }
template __global__ void k<float, float>(float*);
