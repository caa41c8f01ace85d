// expect: 4: explicit specialization of function "f(T) [with T=int]" must precede its first use (at line 3)
template <class T> __device__ T f(T x) { return x + 1; }
__device__ int use(int x) { return f(x); }
template <> __device__ int f<int>(int x) { return x * 2; }
