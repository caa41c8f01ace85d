// expect: 4: identifier "x" is undefined
// A function template instantiated from a member function does not see the caller's
// members or `this` (nvcc reports the same).
template <class T> __device__ T f() { return x; }
struct S { int x; __device__ int get(); };
__device__ int S::get() { return f<int>(); }
__global__ void g(S *s, int *o) { o[0] = s->get(); }
